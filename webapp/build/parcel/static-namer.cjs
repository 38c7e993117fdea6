/**
 * Parcel namer: puts built files in folders by kind, keeping Parcel's
 * default names (and so its content hash, e.g. `About.1a2b3c4d.js`):
 *   *.js          → static/js/     (every script chunk is served from /static/js/)
 *   *.css         → static/css/
 *   other assets  → static/media/
 *   *.html        → unchanged (index.html at the site root)
 * It delegates to @parcel/namer-default for the name itself.
 */
const path = require('path');
const { Namer } = require('@parcel/plugin');
const defaultNamer = require('@parcel/namer-default').default;

const PLUGIN_CONFIG = Symbol.for('parcel-plugin-config');
const FOLDERS = { js: 'static/js', css: 'static/css' };

module.exports = new Namer({
  async name(opts) {
    const { bundle } = opts;
    if (bundle.type === 'html') return null;
    const name = await defaultNamer[PLUGIN_CONFIG].name(opts);
    if (name == null) return null;
    const folder = FOLDERS[bundle.type] ?? 'static/media';
    return path.posix.join(folder, path.posix.basename(name));
  },
});
