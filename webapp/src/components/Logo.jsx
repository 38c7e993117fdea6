/** The site logo, optionally a link to the home page. */
import { Link } from 'react-router-dom';
import { pagePaths, site, ui } from '../data/index.js';
import './Logo.css';

export const logoAlt = ui.logoAlt.replace('{name}', site.main.name);

export default function Logo({ size = 48, link = true }) {
  const img = <img className="logo" src={site.main.logo} alt={logoAlt} width={size} height={size} />;
  if (!link) return img;
  return (
    <Link to={pagePaths.home} className="logo-link" aria-label={ui.homeLogoLabel}>
      {img}
    </Link>
  );
}
