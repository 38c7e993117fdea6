/**
 * The site's language: `language` in site.main (webapp/src/data/site.js), a
 * BCP 47 tag, 'en' when it is not set. The pages' `lang` and `dir`, the
 * dates, the plural rules, og:locale and the feeds' language follow it.
 */
import { site } from './data/site.js';

/**
 * A tag in its canonical form ('EN-gb' → 'en-GB'), or null when it is not a
 * BCP 47 tag whose language is an ISO 639 code of two or three letters
 * (BCP 47 also allows 'english', which names nothing).
 */
function canonicalTag(tag) {
  try {
    const canonical = Intl.getCanonicalLocales(tag)[0];
    return /^[a-z]{2,3}(?:-|$)/.test(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

/**
 * Why `language` in site.js cannot be used, as the line the build shows
 * (checked before anything is built: webapp/build/pages.mjs), or null when
 * it can. It must be written in its canonical form, so that the browser
 * takes it as it is.
 */
export function languageMistake(language) {
  if (language === undefined) return null;
  const canonical = typeof language === 'string' ? canonicalTag(language) : null;
  if (canonical === language) return null;
  if (canonical) return `language ${JSON.stringify(language)} is written '${canonical}' as a language tag: write that`;
  return `language ${JSON.stringify(language)} is not a language tag: write one such as 'en', 'de', 'pt-BR', 'ja' or 'ar'`;
}

/** The site's language; 'en' when site.js sets none. */
export const siteLanguage = site.main.language ?? 'en';

/**
 * Where this build's pages are: '' for the site's language, '/ja' for a
 * language beside it (a build of its own, webapp/build/languages.mjs; Parcel
 * writes the value into the scripts). The router's links add it; a URL made
 * outside the router (a fetch, a canonical link) gets it from inLanguage().
 */
export const languagePrefix = languagePrefixOf(process.env.PORTFOLIO_LANGUAGE);

/** The path prefix of a language's pages: 'ja' → '/ja', 'pt-BR' → '/pt-br'; '' for none (the site's language). */
export function languagePrefixOf(tag) {
  return tag ? `/${tag.toLowerCase()}` : '';
}

/** A path of the router in the part of the site at `prefix`: ('/ja', '/about') → '/ja/about', ('/ja', '/') → '/ja'. */
export function pathIn(prefix, path) {
  return prefix && path === '/' ? prefix : prefix + path;
}

/** A path of the router as this language's: '/about' → '/ja/about' in the /ja build. */
export function inLanguage(path) {
  return pathIn(languagePrefix, path);
}

/** The scripts written from right to left (ISO 15924 codes), as Unicode's script data has them. */
const rightToLeftScripts = new Set([
  'Adlm',
  'Arab',
  'Hebr',
  'Mand',
  'Mend',
  'Nkoo',
  'Rohg',
  'Samr',
  'Syrc',
  'Thaa',
  'Yezi',
]);

/** 'rtl' for a language written right to left ('ar', 'he', 'fa', 'ur'), else 'ltr'; by its likely script. */
export function textDirection(language) {
  return rightToLeftScripts.has(new Intl.Locale(language).maximize().script) ? 'rtl' : 'ltr';
}

/** A page's <html> tag in `language`: `<html lang="ar" dir="rtl">`; `dir` only for right to left. */
export function htmlStartTag(language) {
  return `<html lang="${language}"${textDirection(language) === 'rtl' ? ' dir="rtl"' : ''}>`;
}

/** The Open Graph locale (language_TERRITORY): 'de' → 'de_DE', 'pt-BR' → 'pt_BR', 'ar' → 'ar_EG'. */
export function openGraphLocale(language) {
  const { language: code, region } = new Intl.Locale(language).maximize();
  return region ? `${code}_${region}` : code;
}
