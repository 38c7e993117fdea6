/**
 * Where things are, for every build script: the repository, the web app
 * and its sources. From this file's own path (`import.meta.dirname`, a file
 * path, so a checkout whose path has a space or a non-ASCII letter works).
 */
import path from 'node:path';

export const webappDir = path.dirname(import.meta.dirname);
export const rootDir = path.dirname(webappDir);
export const srcDir = path.join(webappDir, 'src');
/**
 * Where the build keeps what it may reuse (share cards, rendered articles):
 * node_modules/.cache, or the folder PORTFOLIO_WEB_CACHE names (a fresh one
 * gives a build that reuses nothing, as the cache tests need).
 */
export const cacheDir = process.env.PORTFOLIO_WEB_CACHE
  ? path.resolve(process.env.PORTFOLIO_WEB_CACHE)
  : path.join(rootDir, 'node_modules/.cache');

/** The language this build is for (PORTFOLIO_LANGUAGE, see languages.mjs), or null for the site's own. */
export const buildLanguage = process.env.PORTFOLIO_LANGUAGE || null;

/** Where the build writes the modules of `language` (null: the site's language). */
export function generatedDirOf(language) {
  return path.join(srcDir, language ? `generated.${language}` : 'generated');
}
