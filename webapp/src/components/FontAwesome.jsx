/**
 * The site's icons, drawn by Font Awesome: FontAwesomeIcon
 * (@fortawesome/react-fontawesome, which renders through
 * @fortawesome/fontawesome-svg-core) with icons from the free solid and brands
 * packs, each imported by name so only these are bundled.
 *
 * This module is its own script chunk: Icon.jsx loads it on demand, so Font
 * Awesome's code stays out of the script every page needs first. Use
 * <Icon name="…"> rather than this module. An unknown name reaches
 * FontAwesomeIcon as an undefined icon, which the library logs.
 */
import { config } from '@fortawesome/fontawesome-svg-core';
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import {
  faFacebook,
  faGithub,
  faInstagram,
  faLinkedin,
  faStackOverflow,
  faXTwitter,
} from '@fortawesome/free-brands-svg-icons';
import { faArrowRight, faBriefcase, faEnvelope, faLink } from '@fortawesome/free-solid-svg-icons';

// The one rule of Font Awesome's CSS the icons need is in styles/icons.css,
// loaded with the page; no <style> element is injected at run time.
config.autoAddCss = false;

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

export default function FontAwesome({ name, ...props }) {
  return <FontAwesomeIcon icon={icons[name]} {...props} />;
}
