/**
 * The colour theme: the visitor's system setting (prefers-color-scheme),
 * unless they chose one with the switch in the nav, which is remembered in
 * localStorage and applied as <html data-theme="light|dark"> (the tokens in
 * styles/global.css follow it).
 *
 * A remembered choice must be in place before the first paint, or a dark
 * page would flash light: `themeBootScript` is a tiny inline script that the
 * prerender puts at the top of every page's <head>. The Content-Security-Policy
 * allows exactly that script by its hash (computed by the build, see
 * webapp/build/build.mjs); no other inline script runs.
 */

/** The localStorage key of the visitor's choice. */
export const THEME_KEY = 'theme';

/** The inline script of every page: applies a remembered choice before anything is painted. */
export const themeBootScript =
  `try{var t=localStorage.getItem(${JSON.stringify(THEME_KEY)});` +
  `if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/** The theme shown now: 'light' or 'dark'. */
export function currentTheme() {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return darkQuery().matches ? 'dark' : 'light';
}

const listeners = new Set();

/** Shows `theme` ('light' or 'dark') from now on, and remembers it. */
export function setTheme(theme) {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage may be refused (private mode, a blocked origin): the choice then lasts this page.
  }
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` whenever the theme shown may have changed: the switch,
 * the system setting, or a choice made in another tab. Returns the unsubscriber.
 */
export function subscribeTheme(listener) {
  const query = darkQuery();
  const onStorage = (event) => {
    if (event.key !== THEME_KEY) return;
    if (event.newValue === 'light' || event.newValue === 'dark')
      document.documentElement.dataset.theme = event.newValue;
    else delete document.documentElement.dataset.theme;
    listener();
  };
  listeners.add(listener);
  query.addEventListener('change', listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}
