/** The nav bar: one link per page, the current page marked with aria-current="page". */
import { NavLink, useLocation } from 'react-router-dom';
import { ui } from '../data/index.js';
import { navPages, pagePaths } from '../routes.js';
import './Nav.css';

export default function Nav() {
  const { pathname } = useLocation();
  // An article page belongs to the Articles section: highlighted, but not "the current page".
  const inArticles = pathname.startsWith('/article/');
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
    </header>
  );
}
