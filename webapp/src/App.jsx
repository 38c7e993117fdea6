/**
 * The app: layout and routes. Free of browser globals at render time, so
 * it can be rendered inside BrowserRouter (main.jsx), MemoryRouter (tests)
 * or a static router (prerendering, prerenderEntry.jsx). The pages are those of
 * the page table (data/pages.js); all but the one at '/' are separate
 * script chunks loaded on demand with a time-out (chunks.js, through the
 * generated module that names them).
 */
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { contentError, pages } from './data/index.js';
import { pageComponents } from './generated/pages.js';
import Nav from './components/Nav.jsx';
import Footer from './components/Footer.jsx';
import ScrollToTop from './components/ScrollToTop.jsx';
import ChunkErrorBoundary from './components/ChunkErrorBoundary.jsx';
import PageLoading from './components/PageLoading.jsx';

const routes = pages.map(({ key, path, component }) => ({ key, path, Page: pageComponents[component] }));

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
                {routes.map(({ key, path, Page }) => (
                  <Route key={key} path={path} element={<Page />} />
                ))}
              </Routes>
            </Suspense>
          </ChunkErrorBoundary>
        )}
      </main>
      <Footer />
    </div>
  );
}
