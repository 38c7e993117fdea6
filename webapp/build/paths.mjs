/**
 * Where things are, for every build script: the repository, the web app
 * and its sources. From this file's own path (`import.meta.dirname`, a file
 * path, so a checkout whose path has a space or a non-ASCII letter works).
 */
import path from 'node:path';

export const webappDir = path.dirname(import.meta.dirname);
export const rootDir = path.dirname(webappDir);
export const srcDir = path.join(webappDir, 'src');
