/**
 * The app: layout and routes. Free of browser globals at render time, so
 * it can be rendered inside BrowserRouter (main.jsx), MemoryRouter (tests)
 * or a static router (prerendering, server.jsx). The pages are those of
 * routes.js; all but Home are separate script chunks loaded on demand with a
 * time-out (chunks.js).
 */
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { contentError } from './data/index.js';
import { pages } from './routes.js';
import { lazyPage } from './chunks.js';
import Nav from './components/Nav.jsx';
import Footer from './components/Footer.jsx';
import ScrollToTop from './components/ScrollToTop.jsx';
import ChunkErrorBoundary from './components/ChunkErrorBoundary.jsx';
import PageLoading from './components/PageLoading.jsx';
import Home from './pages/Home.jsx';

const routes = pages.map(({ key, path, load }) => ({ key, path, Page: load ? lazyPage(key, load) : Home }));

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
