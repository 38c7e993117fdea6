/**
 * The CV: name, what the owner does and how to reach them, then the work
 * history (work.js), the projects cv.js names and cv.js's sections, each
 * left out when empty. It prints on one or two sheets (CV.css), which is
 * how the build draws /cv.pdf (build/cvPdf.mjs); /resume.json has the same.
 */
import { pageOf, site, work } from '../data/index.js';
import { cv } from '../data/cv.js';
import { cvPdfPath, cvProjects } from '../cvData.js';
import { resumeJsonPath } from '../urls.js';
import { inLanguage, siteLanguage } from '../language.js';
import { monthOf, period } from '../period.js';
import PageTop from '../components/PageTop.jsx';
import CVSection from '../components/CVSection.jsx';
import './CV.css';

/** 'https://github.com/jordan' → 'github.com/jordan': an address as paper shows it. */
const shown = (url) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

function place(location) {
  if (!location) return null;
  const country =
    location.countryCode && new Intl.DisplayNames([siteLanguage], { type: 'region' }).of(location.countryCode);
  return [location.city, location.region, country].filter(Boolean).join(', ');
}

export default function CV() {
  const page = pageOf('cv');
  const { headings } = page;
  const links = (page.socials ?? []).map((network) => site.socials[network]).filter(Boolean);
  const where = place(cv.location);
  return (
    <div className="container cv">
      <PageTop page="cv" />
      <header className="cv__header">
        <h1 className="page-title cv__name">{page.heading}</h1>
        {cv.label && <p className="cv__label">{cv.label}</p>}
        <ul className="cv__contact">
          {where && <li>{where}</li>}
          <li>
            <a href={`mailto:${site.main.email}`}>{site.main.email}</a>
          </li>
          {[site.main.origin, ...links].map((url) => (
            <li key={url}>
              <a href={url}>{shown(url)}</a>
            </li>
          ))}
        </ul>
        <p className="cv__files">
          <a href={inLanguage(cvPdfPath)} type="application/pdf">
            {page.pdfLink}
          </a>
          <a href={inLanguage(resumeJsonPath)} type="application/json">
            {page.jsonLink}
          </a>
        </p>
      </header>
      {cv.summary && <p className="cv__summary">{cv.summary}</p>}
      <CVSection id="work" heading={headings.work} items={work}>
        {(job) => (
          <>
            <h3 className="cv__title">
              {job.role}, {job.url ? <a href={job.url}>{job.employer}</a> : job.employer}
            </h3>
            <p className="cv__when">{period(job)}</p>
            {job.summary && <p>{job.summary}</p>}
            {job.highlights?.length > 0 && (
              <ul className="cv__highlights">
                {job.highlights.map((highlight) => (
                  <li key={highlight}>{highlight}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </CVSection>
      <CVSection id="projects" heading={headings.projects} items={cvProjects()}>
        {(project) => (
          <>
            <h3 className="cv__title">
              <a href={project.link}>{project.title}</a>
            </h3>
            <p>{project.description}</p>
          </>
        )}
      </CVSection>
      <CVSection id="education" heading={headings.education} items={cv.education}>
        {(study) => (
          <>
            <h3 className="cv__title">
              {[study.studyType, study.area].filter(Boolean).join(', ')}, {study.institution}
            </h3>
            {study.startDate && <p className="cv__when">{period(study)}</p>}
          </>
        )}
      </CVSection>
      <CVSection id="skills" heading={headings.skills} items={cv.skills} compact>
        {(skill) => (
          <>
            <strong>{skill.name}</strong>: {skill.keywords.join(', ')}
          </>
        )}
      </CVSection>
      <CVSection id="languages" heading={headings.languages} items={cv.languages} compact>
        {(language) => (
          <>
            <strong>{language.language}</strong>: {language.fluency}
          </>
        )}
      </CVSection>
      <CVSection id="publications" heading={headings.publications} items={cv.publications}>
        {(publication) => (
          <>
            <h3 className="cv__title">
              {publication.url ? <a href={publication.url}>{publication.name}</a> : publication.name}
            </h3>
            <p className="cv__when">
              {[publication.publisher, publication.releaseDate && monthOf(publication.releaseDate)]
                .filter(Boolean)
                .join(', ')}
            </p>
          </>
        )}
      </CVSection>
      <CVSection id="talks" heading={headings.talks} items={cv.talks}>
        {(talk) => (
          <>
            <h3 className="cv__title">{talk.url ? <a href={talk.url}>{talk.name}</a> : talk.name}</h3>
            <p className="cv__when">{[talk.event, talk.date && monthOf(talk.date)].filter(Boolean).join(', ')}</p>
          </>
        )}
      </CVSection>
    </div>
  );
}
