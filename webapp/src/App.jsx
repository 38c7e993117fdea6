/**
 * The app: layout and routes. Free of browser globals at render time, so
 * it can be rendered inside BrowserRouter (main.jsx), MemoryRouter (tests)
 * or a static router (prerendering, server.jsx). Pages other than Home (the
 * 404 page too) are separate script chunks loaded on demand with a time-out
 * (chunks.js); each names its module so the prerender can link that chunk's
 * files.
 */
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { contentError } from './data/index.js';
import { articleRoutePattern, pagePaths } from './routes.js';
import { lazyPage } from './chunks.js';
import Nav from './components/Nav.jsx';
import Footer from './components/Footer.jsx';
import ScrollToTop from './components/ScrollToTop.jsx';
import ChunkErrorBoundary from './components/ChunkErrorBoundary.jsx';
import PageLoading from './components/PageLoading.jsx';
import Home from './pages/Home.jsx';

const pages = {
  home: Home,
  about: lazyPage(() => import('./pages/About.jsx'), { source: 'pages/About.jsx' }),
  projects: lazyPage(() => import('./pages/Projects.jsx'), { source: 'pages/Projects.jsx' }),
  articles: lazyPage(() => import('./pages/Articles.jsx'), { source: 'pages/Articles.jsx' }),
  contact: lazyPage(() => import('./pages/Contact.jsx'), { source: 'pages/Contact.jsx' }),
};
const Article = lazyPage(() => import('./pages/Article.jsx'), { source: 'pages/Article.jsx' });
const NotFound = lazyPage(() => import('./pages/NotFound.jsx'), { source: 'pages/NotFound.jsx' });

export default function App() {
  const { pathname } = useLocation();
  return (
    <div className="app">
      <ScrollToTop />
      <Nav />
      <main id="main" className="site-main" tabIndex={-1}>
        {contentError ? (
          // Only in the live preview (npm run dev:web): a build stops at the mistake instead.
          <pre className="container content-error" role="alert">
            {contentError}
          </pre>
        ) : (
          <ChunkErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Routes>
                {Object.entries(pagePaths).map(([name, path]) => {
                  const Page = pages[name];
                  return <Route key={name} path={path} element={<Page />} />;
                })}
                <Route path={articleRoutePattern} element={<Article />} />
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </ChunkErrorBoundary>
        )}
      </main>
      <Footer />
    </div>
  );
}
