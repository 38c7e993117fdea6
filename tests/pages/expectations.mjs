// What each page of the site must contain, printed as JSON, from the data
// module and the articles (tests/pages/mod.rs runs it with `node -e` in the
// repository under test, so its imports are that repository's; with
// PORTFOLIO_LANGUAGE and the language hooks, as that language's build reads them).
import { constants, documentTitle, pageOf, pagePaths, pages as table, projects, site, siteOrigin, ui, work } from './webapp/src/data/index.js';
import { seriesOf, tagsOf } from './webapp/build/articleLists.mjs';
import { loadArticles } from './webapp/build/articles.mjs';
import { tagPath } from './webapp/src/urls.js';
import { htmlStartTag, inLanguage, languagePrefixOf, openGraphLocale, siteLanguage } from './webapp/src/language.js';
import { listLanguages } from './webapp/build/languages.mjs';
const T = site.main.title;
// A page's address: in another language than the site's (PORTFOLIO_LANGUAGE), below its prefix.
const at = (path) => new URL(inLanguage(path), siteOrigin).href;
const loaded = await loadArticles();
const articles = loaded.map(({ data, html }) => ({ ...data, html }));
const tagPage = table.find(({ path }) => path === '/tags/:tag');
const seriesPage = table.find(({ path }) => path === '/series/:series');
const series = seriesPage ? seriesOf(loaded) : [];
const named = (text, { name }) => text.replaceAll('{series}', name);
const tags = tagPage ? tagsOf(loaded) : [];
const fill = (text, tag) => text.replaceAll('{tag}', tag.name);
const tagged = (tag) => articles.filter((a) => a.tags.some((name) => tagPath(name) === tag.path));
// What a page shows beyond its heading and intro, when the site has that page.
const extra = {
  home: [projects[0]?.description, work[0]?.role],
  projects: projects.map((p) => p.title),
  articles: articles.slice(0, constants.articlesPerPage).map((a) => a.title),
  contact: (pagePaths.contact ? pageOf('contact').paragraphs : []).filter((p) => !p.includes('{')).slice(0, 1),
};
const pages = [
  ...table.filter(({ key }) => key in pagePaths).map((page) => ({
    path: page.path, title: documentTitle(page), description: page.description, keywords: (page.keywords ?? []).join(', '),
    type: 'website', texts: [page.heading, page.intro, ...(extra[page.key] ?? [])].filter(Boolean),
  })),
  ...articles.map((a) => ({
    path: a.path, title: `${a.title} | ${T}`, description: a.description, keywords: a.keywords.join(', '),
    type: 'article', texts: [a.title, a.date, a.updatedDate].filter(Boolean), html: a.html, tags: a.tags, published: a.isoDate, modified: a.updated,
  })),
  ...tags.map((tag) => ({
    path: tag.path, title: documentTitle({ ...tagPage, title: fill(tagPage.title, tag) }), description: fill(tagPage.description, tag),
    keywords: (tagPage.keywords ?? []).map((k) => fill(k, tag)).join(', '), type: 'website',
    texts: [fill(tagPage.heading, tag), ...tagged(tag).map((a) => a.title)],
  })),
  ...series.map((one) => ({
    path: one.path, title: documentTitle({ ...seriesPage, title: named(seriesPage.title, one) }), description: named(seriesPage.description, one),
    keywords: (seriesPage.keywords ?? []).map((k) => named(k, one)).join(', '), type: 'website',
    texts: [named(seriesPage.heading, one), ...one.parts.map((part) => part.summary.title)],
  })),
].map((page) => ({ ...page, url: at(page.path) }));
const notFoundPage = table.find(({ path }) => path === '*');
const notFound = { title: documentTitle(notFoundPage), description: notFoundPage.description, heading: notFoundPage.heading, texts: [notFoundPage.intro] };
// The languages beside the site's (data/languages/): their tags and their parts' prefixes.
// (The build of a language beside the site's reads no other language's files.)
const languages = process.env.PORTFOLIO_LANGUAGE ? [] : (await listLanguages()).map(({ tag }) => ({ tag, prefix: languagePrefixOf(tag) }));
// A feed: the most recently changed articles (a stable sort keeps the list's order on one day).
const newest = (list) => [...list].sort((a, b) => b.updated.localeCompare(a.updated)).slice(0, constants.feedEntries);
const feed = { path: inLanguage('/feed.xml'), title: ui.feedTitle.replace('{name}', T), entries: constants.feedEntries, articles: newest(articles).map((a) => ({ url: at(a.path), title: a.title, published: a.isoDate, updated: a.updated })) };
const tagFeeds = tags.map((tag) => ({ path: inLanguage(`${tag.path}/feed.xml`), page: at(tag.path), urls: newest(tagged(tag)).map((a) => at(a.path)) }));
// Each article's earlier addresses (aliases:), which redirect to it.
const aliases = loaded.flatMap((a) => a.aliases.paths.map((from) => ({ from: inLanguage(from), to: inLanguage(a.data.path) })));
console.log(JSON.stringify({ languages, aliases, origin: siteOrigin, siteTitle: T, language: siteLanguage, htmlTag: htmlStartTag(siteLanguage), locale: openGraphLocale(siteLanguage), pages, notFound, feed, tagFeeds, articlesPerPage: constants.articlesPerPage, pagedLists: table.filter(({ path }) => path.endsWith('/page/:page')).map(({ path }) => path) }));
