/**
 * Analytics wrapper: loads the tag-manager script only when a container id
 * is configured (data module: analytics.tagId). The default is null, so
 * nothing is loaded. Note: the server's Content-Security-Policy allows
 * scripts from 'self' only; configuring a tag id also needs that policy
 * widened to the tag manager's host.
 */
export const TAG_MANAGER_URL = 'https://www.googletagmanager.com/gtm.js';

/**
 * Append the tag-manager <script src> to <head>. Returns the script element,
 * or null when no tag id is set (or it was already loaded).
 */
export function loadAnalytics(tagId, win = globalThis.window) {
  if (!tagId || !win?.document) return null;
  const doc = win.document;
  const src = `${TAG_MANAGER_URL}?id=${encodeURIComponent(tagId)}`;
  if (doc.querySelector(`script[src="${src}"]`)) return null;
  win.dataLayer = win.dataLayer || [];
  win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.appendChild(script);
  return script;
}
