/**
 * Node module hooks for a build for another language than the site's
 * (PORTFOLIO_LANGUAGE, see languages.mjs): the build's own scripts import
 * that language's data and generated modules, as its Parcel builds do
 * (languageRedirect.cjs). Registered by `node --import` (build.mjs starts
 * such a build so).
 */
import { register } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import redirect from './languageRedirect.cjs';

// This file is both what `--import` loads and, registered with '?hooks', the hooks themselves.
if (process.env.PORTFOLIO_LANGUAGE && !import.meta.url.endsWith('?hooks'))
  register(`${import.meta.url}?hooks`, { data: process.env.PORTFOLIO_LANGUAGE });

let language = null;

export function initialize(data) {
  language = data;
}

export async function resolve(specifier, context, nextResolve) {
  // A relative import is redirected by the path it names, as the Parcel
  // resolver does: the site's own generated module it stands for may not
  // be written yet (this build runs beside the site's, which writes it).
  if (specifier.startsWith('.') && context.parentURL?.startsWith('file:')) {
    const target = redirect.languageFile(fileURLToPath(new URL(specifier, context.parentURL)), language);
    if (target) return nextResolve(pathToFileURL(target).href, context);
  }
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.startsWith('file:')) return resolved;
  const target = redirect.languageFile(fileURLToPath(resolved.url), language);
  return target ? { ...resolved, url: pathToFileURL(target).href } : resolved;
}
