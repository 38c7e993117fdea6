/**
 * The site's icons: Font Awesome's free solid and brands icons, each
 * imported by name so only these are bundled, drawn as the <svg> that
 * Font Awesome's own FontAwesomeIcon renders for them (webapp/test/icons.test.jsx
 * compares the two). Drawn here rather than by FontAwesomeIcon because its
 * SVG core (90 kB of script: layers, masks, animations, a DOM watcher) would
 * be the largest file most pages load, for ten single-path icons.
 *
 * This module is its own script chunk: Icon.jsx loads it on demand. Use
 * <Icon name="…"> rather than this module.
 */
import {
  faFacebook,
  faGithub,
  faInstagram,
  faLinkedin,
  faStackOverflow,
  faXTwitter,
} from '@fortawesome/free-brands-svg-icons';
import { faArrowRight, faBriefcase, faEnvelope, faLink } from '@fortawesome/free-solid-svg-icons';

/** Icon name → Font Awesome icon definition. */
export const icons = {
  arrowRight: faArrowRight,
  briefcase: faBriefcase,
  email: faEnvelope,
  facebook: faFacebook,
  github: faGithub,
  instagram: faInstagram,
  link: faLink,
  linkedin: faLinkedin,
  stackoverflow: faStackOverflow,
  twitter: faXTwitter,
};

export default function FontAwesome({ name, className }) {
  const definition = icons[name];
  if (!definition) {
    // The spec's missing icon: said in the console, and nothing drawn.
    console.error(
      `Could not find icon "${name}": name one of ${Object.keys(icons).join(', ')}, or import it in webapp/src/components/FontAwesome.jsx`,
    );
    return null;
  }
  const {
    prefix,
    iconName,
    icon: [width, height, , , path],
  } = definition;
  return (
    <svg
      data-prefix={prefix}
      data-icon={iconName}
      className={['svg-inline--fa', `fa-${iconName}`, className].filter(Boolean).join(' ')}
      role="img"
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
    >
      <path fill="currentColor" d={path} />
    </svg>
  );
}
