/**
 * Social links from the data module. `keys` picks and orders them (a key
 * of site.socials, or 'email' for the mailto link; each key is also the name
 * of its icon).
 * variant 'icons': round icon-only links, each with an aria-label.
 * variant 'list': icon plus a "Follow on …" label (the e-mail shows the address).
 */
import { site, ui } from '../data/index.js';
import Icon from './Icon.jsx';
import './SocialLinks.css';

function hrefOf(key) {
  return key === 'email' ? `mailto:${site.main.email}` : site.socials[key];
}

export default function SocialLinks({ keys, variant = 'icons', className = '', label = ui.socialsHeading }) {
  const list = variant === 'list';
  return (
    <ul className={`socials socials--${variant} ${className}`.trim()} aria-label={label}>
      {keys.map((key) => (
        <li key={key}>
          {list ? (
            <a className="socials__link" href={hrefOf(key)} data-social={key}>
              <Icon name={key} className="socials__icon" />
              <span>{key === 'email' ? site.main.email : ui.socialLabels[key]}</span>
            </a>
          ) : (
            <a className="socials__link" href={hrefOf(key)} aria-label={ui.socialLabels[key]} data-social={key}>
              <Icon name={key} className="socials__icon" />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
