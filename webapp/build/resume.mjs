/**
 * /resume.json: the CV as JSON Resume 1.0 (jsonresume.org/schema), for job
 * boards and JSON Resume's themes: who (site.js, cv.js), the work history
 * (work.js), the projects cv.js names (projects.js) and cv.js's sections.
 * Talks, which JSON Resume has no section for, are publications whose
 * publisher is the event. Checked against the schema of npm's
 * @jsonresume/schema as it is built: a mistake is one line naming the
 * file and the field.
 */
import path from 'node:path';
import resumeSchema from '@jsonresume/schema';
import { ContentError } from './frontMatter.mjs';
import { srcDir } from './paths.mjs';

/** How JSON Resume names the networks of site.js. */
const networkNames = {
  twitter: 'X',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  stackoverflow: 'Stack Overflow',
  facebook: 'Facebook',
};

/** The JSON Resume of the site at `home` (its address, with the language's prefix), from the data module's parts. */
export function jsonResume({ site, cv, work, projects, home }) {
  const byTitle = new Map(projects.map((project) => [project.title, project]));
  for (const title of cv.projects ?? [])
    if (!byTitle.has(title))
      throw new ContentError(
        dataFile('cv.js'),
        null,
        `projects names "${title}", which projects.js does not have: use one of ${[...byTitle.keys()].map((t) => `"${t}"`).join(', ')}`,
      );
  const talks = (cv.talks ?? []).map(({ name, event, date, url, summary }) => ({
    name,
    publisher: event,
    releaseDate: date,
    url,
    summary,
  }));
  return {
    $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
    basics: {
      name: site.main.name,
      label: cv.label,
      email: site.main.email,
      url: home,
      summary: cv.summary,
      location: cv.location,
      profiles: Object.entries(site.socials ?? {}).map(([network, url]) => ({
        network: networkNames[network] ?? network,
        url,
      })),
    },
    work: work.map(({ employer, role, url, location, startDate, endDate, summary, highlights }) => ({
      name: employer,
      position: role,
      url,
      location,
      startDate,
      endDate,
      summary,
      highlights,
    })),
    projects: (cv.projects ?? []).map((title) => {
      const { description, link } = byTitle.get(title);
      return { name: title, description, url: link };
    }),
    education: cv.education ?? [],
    skills: cv.skills ?? [],
    languages: cv.languages ?? [],
    publications: [...(cv.publications ?? []), ...talks],
    meta: { canonical: new URL('resume.json', `${home}/`).href, version: 'v1.0.0' },
  };
}

/** `resume` checked against JSON Resume's schema: the first mistake as one line naming the data file to fix. */
export function checkResume(resume) {
  let error = null;
  // Its validator calls back at once, with the schema's errors or none.
  resumeSchema.validate(resume, (errors) => (error = errors?.[0] ?? null));
  if (!error) return;
  const [section, field] = error.path.filter((step) => typeof step === 'string');
  const fromSite = section === 'basics' && ['name', 'email', 'url', 'profiles'].includes(field);
  const file = fromSite ? 'site.js' : ({ work: 'work.js', projects: 'projects.js' }[section] ?? 'cv.js');
  const where = error.path
    .map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`))
    .join('')
    .slice(1);
  const value = JSON.stringify(error.instance);
  const fix =
    error.name === 'pattern' && /date/i.test(field)
      ? "write a date as 'YYYY-MM' (or 'YYYY', 'YYYY-MM-DD')"
      : `which JSON Resume's schema refuses (it ${error.message})`;
  throw new ContentError(dataFile(file), null, `${where} is ${value}: ${fix}`);
}

const dataFile = (name) => path.join(srcDir, 'data', name);
