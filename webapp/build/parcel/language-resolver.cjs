/**
 * Parcel resolver: the page table (data/pages.js) is read as the main
 * script has it, each page's own texts left to its chunk (generated/pageTable.js,
 * webapp/build/pages.mjs). And in a build for another language than the
 * site's (PORTFOLIO_LANGUAGE in Parcel's env, see webapp/build/languages.mjs),
 * an import of a translated data module or of a generated one reads that
 * language's (languageRedirect.cjs). Every other import resolves as usual.
 */
const path = require('node:path');
const { Resolver } = require('@parcel/plugin');
const { languageFile } = require('../languageRedirect.cjs');

const srcDir = path.join(__dirname, '../../src');
const pageTable = path.join(srcDir, 'data/pages.js');

module.exports = new Resolver({
  resolve({ specifier, dependency, options }) {
    const from = dependency.resolveFrom ?? dependency.sourcePath;
    if (!from || !specifier.startsWith('.')) return null;
    const file = path.resolve(path.dirname(from), specifier);
    const language = options.env.PORTFOLIO_LANGUAGE;
    if (file === pageTable)
      return { filePath: path.join(srcDir, language ? `generated.${language}` : 'generated', 'pageTable.js') };
    const target = languageFile(file, language);
    return target ? { filePath: target } : null;
  },
});
