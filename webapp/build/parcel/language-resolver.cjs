/**
 * Parcel resolver: in a build for another language than the site's
 * (PORTFOLIO_LANGUAGE in Parcel's env, see webapp/build/languages.mjs), an
 * import of a translated data module or of a generated one reads that
 * language's (languageRedirect.cjs). Every other import resolves as usual.
 */
const path = require('node:path');
const { Resolver } = require('@parcel/plugin');
const { languageFile } = require('../languageRedirect.cjs');

module.exports = new Resolver({
  resolve({ specifier, dependency, options }) {
    const from = dependency.resolveFrom ?? dependency.sourcePath;
    if (!from || !specifier.startsWith('.')) return null;
    const target = languageFile(path.resolve(path.dirname(from), specifier), options.env.PORTFOLIO_LANGUAGE);
    return target ? { filePath: target } : null;
  },
});
