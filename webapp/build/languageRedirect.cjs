/**
 * Which module a build for another language reads in place of one of the
 * site's (webapp/build/languages.mjs): data/site.js, data/pages.js, … →
 * generated.<tag>/data/…, the parts merged with the language's own text;
 * generated/… → generated.<tag>/…, what that build generates. Shared by the
 * Parcel resolver (parcel/language-resolver.cjs) and the build's node hooks
 * (languageHooks.mjs), so both read the same modules.
 */
const path = require('node:path');

const srcDir = path.join(path.dirname(__dirname), 'src');
/** The parts of the data module a language may override: its name there → the module it comes from. */
const translatableParts = {
  site: 'site.js',
  pages: 'pages.js',
  ui: 'ui.js',
  articlesUi: 'articlesUi.js',
  projects: 'projects.js',
  work: 'work.js',
  cv: 'cv.js',
};
const translatedData = new Set(Object.values(translatableParts));

/** The file `language`'s build reads in place of `file` (an absolute path), or null for `file` itself. */
function languageFile(file, language) {
  if (!language) return null;
  const relative = path.relative(srcDir, file);
  const [first, ...rest] = relative.split(path.sep);
  const languageDir = path.join(srcDir, `generated.${language}`);
  if (first === 'data' && rest.length === 1 && translatedData.has(rest[0]))
    return path.join(languageDir, 'data', rest[0]);
  if (first === 'generated') return path.join(languageDir, ...rest);
  return null;
}

module.exports = { languageFile, translatableParts };
