/**
 * Social links from the data module. `keys` picks and orders them (a key
 * of site.socials, or 'email' for the mailto link).
 * variant 'icons': round icon-only links, each with an aria-label.
 * variant 'list': icon plus a "Follow on …" label (the e-mail shows the address).
 */
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import {
  faFacebook,
  faGithub,
  faInstagram,
  faLinkedin,
  faStackOverflow,
  faXTwitter,
} from '@fortawesome/free-brands-svg-icons';
import { faEnvelope } from '@fortawesome/free-solid-svg-icons';
import { site, ui } from '../data/index.js';
import './SocialLinks.css';

const ICONS = {
  twitter: faXTwitter,
  github: faGithub,
  linkedin: faLinkedin,
  instagram: faInstagram,
  stackoverflow: faStackOverflow,
  facebook: faFacebook,
  email: faEnvelope,
};

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
              <FontAwesomeIcon icon={ICONS[key]} className="socials__icon" />
              <span>{key === 'email' ? site.main.email : ui.socialLabels[key]}</span>
            </a>
          ) : (
            <a className="socials__link" href={hrefOf(key)} aria-label={ui.socialLabels[key]} data-social={key}>
              <FontAwesomeIcon icon={ICONS[key]} className="socials__icon" />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
