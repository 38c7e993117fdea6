/**
 * The CV: the page /cv (its entry in pages.js holds its headings), its
 * PDF /cv.pdf and /resume.json (JSON Resume, jsonresume.org/schema). It is
 * made of your name, e-mail and links (site.js), your work history
 * (work.js), the projects named below (projects.js), and the sections
 * here. Field names follow JSON Resume; a section left empty ([]) is left
 * out. Dates are 'YYYY-MM' (or 'YYYY', 'YYYY-MM-DD').
 */
export const cv = {
  /** One line under your name: what you do. */
  label: 'Fullstack developer',
  /** The paragraph at the top. */
  summary:
    'Fullstack developer who builds fast, accessible web applications with React, Rust and Node.js, and cares about first loads, clear error states and careful tests.',
  location: { city: 'Lisbon', countryCode: 'PT' },
  /** The projects of projects.js the CV lists, by title, in this order. */
  projects: ['Pitchcraft', 'GitScout', 'Reelbase'],
  education: [
    {
      institution: 'University of Lisbon',
      area: 'Computer Science',
      studyType: 'BSc',
      startDate: '2020-09',
      endDate: '2023-07',
    },
  ],
  skills: [
    { name: 'Front end', keywords: ['React', 'TypeScript', 'CSS', 'Accessibility (WCAG)'] },
    { name: 'Back end', keywords: ['Rust', 'Node.js', 'Python', 'PostgreSQL'] },
    { name: 'Practice', keywords: ['Testing', 'Web performance', 'CI/CD', 'Linux servers'] },
  ],
  languages: [
    { language: 'Portuguese', fluency: 'Native speaker' },
    { language: 'English', fluency: 'Fluent (C1)' },
  ],
  publications: [],
  /** Talks you gave: `name`, `event`, `date`, `url` (JSON Resume has no such section: resume.json lists them as publications). */
  talks: [
    {
      name: 'Small pull requests, fast reviews',
      event: 'Lisbon JavaScript Meetup',
      date: '2024-03',
    },
  ],
};
