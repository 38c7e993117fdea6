/** The nav bar: one link per page, the current page marked with aria-current="page", and the theme switch. */
import { NavLink, useLocation } from 'react-router-dom';
import { articleCount, navPages, ui } from '../data/index.js';
import { articleIndexFromSlug } from '../urls.js';
import ThemeSwitch from './ThemeSwitch.jsx';
import './Nav.css';

export default function Nav() {
  const { pathname } = useLocation();
  // An article page belongs to the Articles section: highlighted, but not "the current page".
  // Only a real article: /article/99 is the 404 page, which highlights nothing
  // (and so matches the prerendered 404.html, whatever the requested path).
  const inArticles = articleIndexFromSlug(pathname.match(/^\/article\/([^/]*)$/)?.[1], articleCount) !== null;
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {ui.skipToContent}
      </a>
      <nav className="site-nav" aria-label={ui.nav.label}>
        <ul>
          {navPages.map(({ key, path, nav }) => (
            <li key={key}>
              <NavLink
                to={path}
                end
                className={({ isActive }) =>
                  isActive || (key === 'articles' && inArticles) ? 'site-nav__link is-active' : 'site-nav__link'
                }
              >
                {nav}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ThemeSwitch />
    </header>
  );
}
