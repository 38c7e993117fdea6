/**
 * The language switch of a site in several languages (webapp/build/languages.mjs):
 * beside the nav, a link to each other language's version of this page. A
 * page of the page table is in every language; an article in those its data
 * names (`versions`); any other page (a tag's, a series') leads to that
 * language's home. Each language is another build of the app, so these are
 * plain links, not the router's.
 */
import { Suspense, use } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { pagePaths, ui } from '../data/index.js';
import { languages } from '../generated/languages.js';
import { languagePrefix, pathIn } from '../language.js';
import { loadData } from '../pageData.js';
import { articleDataPath } from '../urls.js';

/** An article's versions (path prefixes), from its data: the same promise for every render. */
const articleVersions = new Map();
function versionsOf(slug) {
  if (!articleVersions.has(slug)) {
    const data = loadData(articleDataPath(slug));
    articleVersions.set(
      slug,
      data.then(
        (article) => article?.versions ?? [],
        () => [],
      ),
    );
  }
  return articleVersions.get(slug);
}

function Links({ path, versions }) {
  const others = languages.filter(({ prefix }) => prefix !== languagePrefix);
  return (
    <nav className="site-nav site-nav--languages" aria-label={ui.nav.languages}>
      <ul>
        {others.map(({ tag, prefix, name }) => (
          <li key={tag}>
            <a
              className="site-nav__link"
              href={versions === null || versions.includes(prefix) ? pathIn(prefix, path) : pathIn(prefix, '/')}
              hrefLang={tag}
              lang={tag}
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ArticleLinks({ path, slug }) {
  return <Links path={path} versions={use(versionsOf(slug))} />;
}

function LanguageSwitch() {
  const { pathname } = useLocation();
  const slug = matchPath('/article/:slug', pathname)?.params.slug;
  // A page of the page table is in every language.
  if (!slug) return <Links path={pathname} versions={Object.values(pagePaths).includes(pathname) ? null : []} />;
  return (
    <Suspense fallback={<Links path={pathname} versions={[]} />}>
      <ArticleLinks path={pathname} slug={slug} />
    </Suspense>
  );
}

// Null on a site in one language (webapp/build/languages.mjs sets
// PORTFOLIO_LANGUAGES, and Parcel writes it here): the minifier then leaves
// the switch's code out of the main script.
export default process.env.PORTFOLIO_LANGUAGES ? LanguageSwitch : null;
