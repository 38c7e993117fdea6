/** The footer: the nav links again and the copyright line. */
import { NavLink } from 'react-router-dom';
import { navPages, site, ui } from '../data/index.js';
import './Footer.css';

export default function Footer() {
  const copyright = ui.copyright.replace('{year}', site.main.copyrightYear).replace('{name}', site.main.name);
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={ui.nav.footerLabel}>
          <ul className="site-footer__links">
            {navPages.map(({ key, path, nav }) => (
              <li key={key}>
                <NavLink to={path} end>
                  {nav}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copyright">{copyright}</p>
      </div>
    </footer>
  );
}
