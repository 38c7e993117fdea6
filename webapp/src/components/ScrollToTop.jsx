/**
 * Scrolls the window to the top whenever the route changes. Renders nothing.
 * Not on the first render: a freshly loaded document already starts at the
 * top, and the visitor may have scrolled the prerendered page before the
 * script hydrated it.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export default function ScrollToTop() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
