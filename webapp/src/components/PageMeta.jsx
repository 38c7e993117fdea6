/**
 * Per-page document metadata. React 19 hoists <title> and <meta> rendered
 * anywhere in the tree into <head>, on the client and in server rendering.
 */
import { site } from '../data/index.js';

/** 'About' → 'About | Jordan Lee'. */
export function pageTitle(name) {
  return `${name} | ${site.main.title}`;
}

export default function PageMeta({ title, description, keywords = [], noIndex = false }) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {keywords.length > 0 && <meta name="keywords" content={keywords.join(', ')} />}
      {noIndex && <meta name="robots" content="noindex" />}
    </>
  );
}
