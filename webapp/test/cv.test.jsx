// The CV (pages/CV.jsx, data/cv.js): the page from the data module, the
// about page's links to it, the dates in the site's language, and
// /resume.json (build/resume.mjs) valid against JSON Resume's own schema.
// Expected values come from the data module, so they follow the owner's CV.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import resumeSchema from '@jsonresume/schema';
import { renderApp } from './render.jsx';
import { pageOf, pages, projects, site, work } from '../src/data/index.js';
import { cv } from '../src/data/cv.js';
import { cvPage, cvPdfPath, cvProjects } from '../src/cvData.js';
import { monthOf, period } from '../src/period.js';
import { resumeJsonPath } from '../src/urls.js';
import { checkResume, jsonResume } from '../build/resume.mjs';
import { paperFormat } from '../build/cvFiles.mjs';

const home = site.main.origin;
const resume = () => jsonResume({ site, cv, work, projects, home });

describe.runIf(cvPage)('the CV page', () => {
  it('shows the name, how to reach the owner, every job and each section with items, and links its PDF and JSON', async () => {
    renderApp(cvPage.path);
    await screen.findByRole('heading', { level: 1, name: pageOf('cv').heading });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: site.main.email })).toHaveAttribute(
      'href',
      `mailto:${site.main.email}`,
    );
    const { headings, pdfLink, jsonLink, socials = [] } = pageOf('cv');
    for (const network of socials)
      expect(main.querySelector(`a[href="${site.socials[network]}"]`), network).not.toBeNull();
    expect(within(main).getByRole('link', { name: pdfLink })).toHaveAttribute('href', cvPdfPath);
    expect(within(main).getByRole('link', { name: jsonLink })).toHaveAttribute('href', resumeJsonPath);

    const sections = {
      work,
      projects: cvProjects(),
      education: cv.education ?? [],
      skills: cv.skills ?? [],
      languages: cv.languages ?? [],
      publications: cv.publications ?? [],
      talks: cv.talks ?? [],
    };
    for (const [key, items] of Object.entries(sections)) {
      const section = within(main).queryByRole('region', { name: headings[key] });
      if (items.length === 0) {
        expect(section, `${key} has no items, so no section`).toBeNull();
        continue;
      }
      expect(
        within(section)
          .getAllByRole('listitem')
          .filter((li) => li.parentElement.parentElement === section),
      ).toHaveLength(items.length);
    }
    const jobs = within(main).getByRole('region', { name: headings.work });
    for (const job of work) {
      expect(jobs).toHaveTextContent(job.role);
      expect(jobs).toHaveTextContent(period(job));
      for (const highlight of job.highlights ?? []) expect(jobs).toHaveTextContent(highlight);
    }
    if (cvProjects().length > 0) {
      const listed = within(main).getByRole('region', { name: headings.projects });
      const links = within(listed)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
      expect(links).toEqual(cvProjects().map(({ link }) => link));
    }
  });

  it('is linked from the about page, with its PDF', async () => {
    const about = pageOf('about');
    renderApp(about.path);
    await screen.findByRole('heading', { level: 1, name: about.heading });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: about.cvLink })).toHaveAttribute('href', cvPage.path);
    expect(within(main).getByRole('link', { name: about.cvPdfLink })).toHaveAttribute('href', cvPdfPath);
  });
});

describe('the dates of the work history and the CV', () => {
  it("are months in the site's language, and a job without an end lasts until now", () => {
    expect(monthOf('2020')).toBe('2020');
    expect(monthOf('2024-05')).toBe(
      new Intl.DateTimeFormat(site.main.language, { year: 'numeric', month: 'long' }).format(new Date(2024, 4, 1)),
    );
    expect(monthOf('2024-05-17')).toBe(monthOf('2024-05'));
    expect(period({ startDate: '2023-06', endDate: '2024-04' })).toBe(`${monthOf('2023-06')} – ${monthOf('2024-04')}`);
    expect(period({ startDate: '2023-06' })).toMatch(new RegExp(`^${monthOf('2023-06')} – \\S`));
  });
});

describe('/resume.json', () => {
  it("is valid JSON Resume, by the schema of npm's @jsonresume/schema", () => {
    const errors = [];
    resumeSchema.validate(resume(), (error) => errors.push(...(error ?? [])));
    expect(errors).toEqual([]);
  });

  it('holds the same CV as the page', () => {
    const json = resume();
    expect(json.basics).toMatchObject({ name: site.main.name, email: site.main.email, url: home });
    expect(json.basics.profiles.map(({ url }) => url)).toEqual(Object.values(site.socials));
    expect(json.work.map(({ name, position, startDate }) => [name, position, startDate])).toEqual(
      work.map(({ employer, role, startDate }) => [employer, role, startDate]),
    );
    expect(json.projects.map(({ url }) => url)).toEqual(cvProjects().map(({ link }) => link));
    expect(json.publications).toHaveLength((cv.publications ?? []).length + (cv.talks ?? []).length);
    expect(json.meta.canonical).toBe(`${home}${resumeJsonPath}`);
  });

  it('stops the build with one line naming the file and the field to fix', () => {
    const badDate = { ...resume(), work: [{ name: 'X', startDate: 'May 2024' }] };
    expect(() => checkResume(badDate)).toThrow(
      /^webapp\/src\/data\/work\.js: work\[0\]\.startDate is "May 2024": write a date as 'YYYY-MM'/,
    );
    const badEmail = { ...resume(), basics: { name: 'X', email: 'not an address' } };
    expect(() => checkResume(badEmail)).toThrow(/^webapp\/src\/data\/site\.js: basics\.email is "not an address": /);
    expect(() => jsonResume({ site, cv: { projects: ['No such project'] }, work, projects, home })).toThrow(
      /^webapp\/src\/data\/cv\.js: projects names "No such project", which projects\.js does not have/,
    );
  });
});

describe('the PDF', () => {
  it('is on Letter where the language is that of the United States or Canada, else on A4', () => {
    expect(['en', 'en-US', 'en-CA', 'fr-CA', 'en-GB', 'de', 'ja', 'pt-BR'].map(paperFormat)).toEqual([
      'Letter',
      'Letter',
      'Letter',
      'Letter',
      'A4',
      'A4',
      'A4',
      'A4',
    ]);
  });
});

it('the page table has the CV, or the site has none of its files', () => {
  expect(cvPage === null).toBe(!pages.some(({ component }) => component === 'CV'));
});
