/**
 * /llms.txt (the llms.txt convention, llmstxt.org): the site for language
 * models and their agents, in Markdown: who it is about, then each page of
 * the page table and each article with its description, an article linked
 * by its Markdown file.
 */
import { articleMarkdownPath } from '../src/urls.js';

export const llmsTxtPath = '/llms.txt';

/** The text of /llms.txt for the site on `origin`: `pages` (the page table's), `articles` (from loadArticles). */
export function llmsTxt({ origin, site, pages, articles }) {
  const url = (path) => new URL(path, origin).href;
  const home = pages.find(({ path }) => path === '/');
  const fixed = pages.filter(({ path }) => !path.includes(':') && path !== '*' && path !== '/');
  const lines = [`# ${site.main.title}`, '', `> ${home?.description ?? site.main.name}`, '', '## Pages', ''];
  for (const page of [home, ...fixed].filter(Boolean))
    lines.push(`- [${page.title}](${url(page.path)}): ${page.description}`);
  if (articles.length > 0) {
    lines.push('', '## Articles', '');
    for (const { slug, summary } of articles) {
      lines.push(
        `- [${summary.title}](${url(articleMarkdownPath(slug))}): ${summary.description} (${summary.isoDate})`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
