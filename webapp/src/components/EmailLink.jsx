/** The site's e-mail address as a mailto link. */
import { site } from '../data/index.js';

export default function EmailLink({ className }) {
  return (
    <a className={className} href={`mailto:${site.main.email}`}>
      {site.main.email}
    </a>
  );
}
