/**
 * Browser entry: take over the page, then the optional extras (analytics,
 * web vitals).
 *
 * Built pages arrive prerendered (prerenderEntry.jsx): #root already holds the
 * route's markup, which React hydrates, adopting the DOM and the <head>
 * tags as they are. The route's own chunk (a lazy page) suspends during
 * hydration; React keeps the server markup on screen meanwhile and hydrates
 * it once the chunk (preloaded by the page's <head>) has arrived, so nothing
 * flashes. An empty #root (the Parcel dev server) is rendered from scratch.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
// The global styles, the icons' rule first. Imported here, by the browser
// entry; the pages' own styles come with their components.
import './styles/icons.css';
import './styles/global.css';
import App from './App.jsx';
import { analytics } from './data/index.js';
import reportWebVitals from './reportWebVitals.js';
import { languagePrefix, siteLanguage, textDirection } from './language.js';

if (process.env.NODE_ENV !== 'production') {
  // The dev server serves index.html as it is; a built page has the site's
  // language and direction from the prerender.
  document.documentElement.lang = siteLanguage;
  document.documentElement.dir = textDirection(siteLanguage);
}

const container = document.getElementById('root');
const app = (
  <StrictMode>
    <BrowserRouter basename={languagePrefix || '/'}>
      <App />
    </BrowserRouter>
  </StrictMode>
);
if (container.hasChildNodes()) {
  // As a transition, hydration works in small slices and yields to the
  // visitor's input instead of blocking the main thread until it is done.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}

// The provider table is a chunk of its own, fetched only when the data names one.
if (analytics) import('./analytics.js').then(({ loadAnalytics }) => loadAnalytics(analytics));

// Pass a function (e.g. console.log) to measure Core Web Vitals; without one
// the web-vitals chunk is never fetched.
reportWebVitals();
