/**
 * The CV's parts for the CV's page (pages/CV.jsx), the about page and the
 * build (build/cvFiles.mjs): the page, where its PDF is, and the projects
 * cv.js names.
 */
import { pages, projects } from './data/index.js';
import { cv } from './data/cv.js';
import { cvPdfPathOf } from './urls.js';

/** The CV's page of the page table, or null when the owner dropped it. */
export const cvPage = pages.find(({ key }) => key === 'cv') ?? null;

/** The PDF beside the CV's page: '/cv.pdf'. */
export const cvPdfPath = cvPage && cvPdfPathOf(cvPage.path);

/** The projects cv.js names, as projects.js has them, in cv.js's order. */
export function cvProjects() {
  return (cv.projects ?? []).map((title) => projects.find((project) => project.title === title)).filter(Boolean);
}
