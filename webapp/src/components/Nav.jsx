/** The nav bar: one link per page, the current page marked with aria-current="page", and the theme switch. */
import { NavLink, useLocation } from 'react-router-dom';
import { ui } from '../data/index.js';
import { articleIndexFromSlug, navPages, pagePaths } from '../routes.js';
import ThemeSwitch from './ThemeSwitch.jsx';
import './Nav.css';

export default function Nav() {
  const { pathname } = useLocation();
  // An article page belongs to the Articles section: highlighted, but not "the current page".
  // Only a real article: /article/99 is the 404 page, which highlights nothing
  // (and so matches the prerendered 404.html, whatever the requested path).
  const inArticles = articleIndexFromSlug(pathname.match(/^\/article\/([^/]*)$/)?.[1]) !== null;
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {ui.skipToContent}
      </a>
      <nav className="site-nav" aria-label={ui.nav.label}>
        <ul>
          {navPages.map((page) => (
            <li key={page}>
              <NavLink
                to={pagePaths[page]}
                end
                className={({ isActive }) =>
                  isActive || (page === 'articles' && inArticles) ? 'site-nav__link is-active' : 'site-nav__link'
                }
              >
                {ui.nav[page]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ThemeSwitch />
    </header>
  );
}
