/**
 * Work history, newest first: the Work card on the home page and the CV
 * (/cv, its PDF and /resume.json, with cv.js). `startDate` and `endDate`
 * are 'YYYY-MM' (or 'YYYY-MM-DD'); an entry without `endDate` is the job
 * you have now. `summary` and `highlights` are shown on the CV only;
 * `url` links the employer there.
 */
export const work = [
  {
    employer: 'Harbourline Labs',
    role: 'Junior Fullstack Developer',
    startDate: '2024-05',
    url: 'https://harbourline.example',
    summary: 'Building the customer-facing web app and the API behind it for a small logistics start-up.',
    highlights: [
      'Cut the dashboard’s first load from 4.1 s to 1.3 s on a mid-range phone by splitting its bundle and caching API answers.',
      'Wrote the end-to-end tests that now run on every pull request.',
    ],
  },
  {
    employer: 'Freelance',
    role: 'Software Development',
    startDate: '2023-06',
    endDate: '2024-04',
    summary: 'Websites and small web apps for local businesses, from the first sketch to hosting.',
    highlights: ['Delivered six projects on time, four of them with accessibility audits passed at WCAG 2.1 AA.'],
  },
];
