/** The nav bar: one link per page, the current page marked with aria-current="page", the theme switch and, on a site in several languages, the language switch. */
import { NavLink } from 'react-router-dom';
import { navPages, ui } from '../data/index.js';
import ThemeSwitch from './ThemeSwitch.jsx';
import LanguageSwitch from './LanguageSwitch.jsx';
import './Nav.css';

export default function Nav() {
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
                // A page in a section (an article: data-section="articles")
                // highlights its link too, by CSS (Nav.css): only the page
                // knows it is one, and the 404 page at /article/nope is not.
                data-page={key}
                className={({ isActive }) => (isActive ? 'site-nav__link is-active' : 'site-nav__link')}
              >
                {nav}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ThemeSwitch />
      {LanguageSwitch && <LanguageSwitch />}
    </header>
  );
}
