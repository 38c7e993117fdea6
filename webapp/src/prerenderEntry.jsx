/**
 * Prerender entry: the app rendered to HTML at build time, from the same
 * components the browser runs. Parcel builds this file for node
 * (webapp/build/parcel.mjs); webapp/build/prerender.mjs imports the result and writes
 * one HTML file per route.
 *
 * The tree is the one main.jsx hydrates, with a static router in place of
 * the browser router, so the markup (and every useId) matches exactly.
 * react-dom/static waits for every lazy page and Suspense boundary, so the
 * HTML holds the route's whole content.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import App from './App.jsx';
import data from './data/index.js';
import { recordLazyPages } from './chunks.js';
import { inLanguage, languagePrefix } from './language.js';

/** The prerender hands over the content it made (articles' and lists' JSON) instead of the pages fetching it. */
export { setDataSource } from './pageData.js';

/**
 * Renders the app at `url` (a path of the router's, in this build's language). Returns the HTML (the <title>, <meta> and <link>
 * tags React hoists come first, then the app's markup) and the key of each
 * lazy page the route rendered. Any render error is thrown.
 */
export async function renderRoute(url) {
  const errors = [];
  const { result: html, keys } = await recordLazyPages(async () => {
    const { prelude } = await prerender(
      <StrictMode>
        <StaticRouter basename={languagePrefix || '/'} location={inLanguage(url)}>
          <App />
        </StaticRouter>
      </StrictMode>,
      {
        // Never split a Suspense boundary out of place (React does that above
        // 12.8 kB when streaming, with an inline script to move it back):
        // the HTML must be complete and in order without any script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => void errors.push(error),
      },
    );
    return new Response(prelude).text();
  });
  if (errors.length > 0) throw errors[0];
  return { html, lazyPages: keys };
}

/**
 * Replaces, in the data module, every asset URL of this node build (e.g.
 * the path of its own copy of logo.svg) by the browser build's public URL
 * for the same source file, so the HTML names the files the site serves.
 * `urls` maps one to the other. Returns how many values were replaced.
 */
export function adoptSiteAssetUrls(urls) {
  let replaced = 0;
  const seen = new Set();
  const visit = (value) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && Object.hasOwn(urls, item)) {
        value[key] = urls[item];
        replaced += 1;
      } else {
        visit(item);
      }
    }
  };
  visit(data);
  return replaced;
}
