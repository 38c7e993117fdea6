/**
 * /llms.txt (the llms.txt convention, llmstxt.org): the site for language
 * models and their agents, in Markdown: who it is about, then each page of
 * the page table (and the CV's JSON Resume and PDF) and each article with
 * its description, an article linked by its Markdown file. A site in
 * several languages has one such file, at the root where agents look for
 * it: each language beside the site's adds
 * its own sections, headed with its tag, which its build writes
 * (llmsSections) and the site's joins.
 */
import { pathIn } from '../src/language.js';
import { articleMarkdownPath, cvPdfPathOf, resumeJsonPath } from '../src/urls.js';

export const llmsTxtPath = '/llms.txt';

/**
 * The sections of one language's part of the site, at `prefix` ('' for the
 * site's language): its pages (`pages`, its page table) and its articles
 * (from loadArticles), their headings followed by `suffix`.
 */
export function llmsSections({ origin, pages, articles, prefix = '', suffix = '' }) {
  const url = (path) => new URL(pathIn(prefix, path), origin).href;
  const home = pages.find(({ path }) => path === '/');
  const fixed = pages.filter(({ path }) => !path.includes(':') && path !== '*' && path !== '/');
  const lines = [`## Pages${suffix}`, ''];
  for (const page of [home, ...fixed].filter(Boolean))
    lines.push(`- [${page.title}](${url(page.path)}): ${page.description}`);
  // The CV's files beside its page (cvFiles.mjs): JSON Resume is what an agent reads best.
  const cv = pages.find(({ key }) => key === 'cv');
  if (cv) {
    lines.push(`- [${cv.title}, JSON Resume](${url(resumeJsonPath)}): ${cv.description}`);
    lines.push(`- [${cv.title}, PDF](${url(cvPdfPathOf(cv.path))}): ${cv.description}`);
  }
  if (articles.length > 0) {
    lines.push('', `## Articles${suffix}`, '');
    for (const { slug, summary } of articles) {
      lines.push(
        `- [${summary.title}](${url(articleMarkdownPath(slug))}): ${summary.description} (${summary.isoDate})`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The text of /llms.txt for the site on `origin`: its own sections, then `others` (each language's llmsSections). */
export function llmsTxt({ origin, site, pages, articles, others = [] }) {
  const home = pages.find(({ path }) => path === '/');
  const title = `# ${site.main.title}\n\n> ${home?.description ?? site.main.name}\n\n`;
  return [title + llmsSections({ origin, pages, articles }), ...others].join('\n');
}
