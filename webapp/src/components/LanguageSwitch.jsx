/**
 * The language switch of a site in several languages (webapp/build/languages.mjs):
 * beside the nav, a link to each other language's version of this page. A
 * page of the page table is in every language; an article in those its data
 * names (`versions`); any other page (a tag's, a series') leads to that
 * language's home. Each language is another build of the app, so these are
 * plain links, not the router's.
 */
import { Suspense } from 'react';
import { preload } from 'react-dom';
import { matchPath, useLocation } from 'react-router-dom';
import { pagePaths, ui } from '../data/index.js';
import { languages } from '../generated/languages.js';
import { inLanguage, languagePrefix, pathIn } from '../language.js';
import { loadData, useSettled } from '../pageData.js';
import { articleDataPath, articleSlugsPath } from '../urls.js';

/**
 * What `pick` reads of the content at `url`, or reads of null when it cannot
 * be loaded (the switch then leads to each language's home): the same
 * promise for every render, settled at once for content already here (the
 * prerender, the tests).
 */
const picked = new Map();
function pickFrom(url, pick) {
  if (!picked.has(url)) {
    const content = loadData(url);
    const value = content.then(pick, () => pick(null));
    if (content.status === 'fulfilled')
      Object.assign(value, { status: 'fulfilled', value: pick(content.value), here: content.here });
    picked.set(url, value);
  }
  return picked.get(url);
}

/** In a component: pickFrom, with the content preloaded as the page's own load of it is (one request for both). */
function usePicked(url, pick) {
  preload(inLanguage(url), { as: 'fetch', crossOrigin: 'anonymous' });
  return useSettled(pickFrom(url, pick));
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

/**
 * An address of an article's form: its versions if it is one, else none.
 * The prerender renders only articles that are there; the browser asks the
 * list of slugs, as the article page does.
 */
function ArticleLinks({ path, slug }) {
  return globalThis.document ? <CheckedLinks path={path} slug={slug} /> : <VersionLinks path={path} slug={slug} />;
}

function CheckedLinks({ path, slug }) {
  const slugs = usePicked(articleSlugsPath, (list) => list?.slugs ?? []);
  return slugs.includes(slug) ? <VersionLinks path={path} slug={slug} /> : <Links path={path} versions={[]} />;
}

function VersionLinks({ path, slug }) {
  return <Links path={path} versions={usePicked(articleDataPath(slug), (article) => article?.versions ?? [])} />;
}

function LanguageSwitch() {
  const { pathname } = useLocation();
  const slug = matchPath('/article/:slug', pathname)?.params.slug;
  // The boundary is there on every page, so that a missing article's
  // address, served the 404 page (rendered without it), hydrates the same
  // markup. A page of the page table is in every language.
  return (
    <Suspense fallback={<Links path={pathname} versions={[]} />}>
      {slug ? (
        <ArticleLinks path={pathname} slug={slug} />
      ) : (
        <Links path={pathname} versions={Object.values(pagePaths).includes(pathname) ? null : []} />
      )}
    </Suspense>
  );
}

// Null on a site in one language (webapp/build/languages.mjs sets
// PORTFOLIO_LANGUAGES, and Parcel writes it here): the minifier then leaves
// the switch's code out of the main script.
export default process.env.PORTFOLIO_LANGUAGES ? LanguageSwitch : null;
