/**
 * The parts of a site in several languages (webapp/build/languages.mjs):
 * the site's language at the root, each other one under its prefix ('/ja'),
 * each a build of the app of its own. Which part a path is in.
 */
import { languages } from './generated/languages.js';
import { languagePrefix } from './language.js';

const under = (path, prefix) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * A path of the site as this build's router has it ('/ja/about' → '/about'
 * in the /ja build), or null when it is in another language's part.
 */
export function routerPath(path) {
  if (languagePrefix) return under(path, languagePrefix) ? path.slice(languagePrefix.length) || '/' : null;
  return languages.some(({ prefix }) => prefix && under(path, prefix)) ? null : path;
}
