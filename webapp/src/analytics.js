/**
 * The analytics providers the data module can name (data/policy.js), and
 * the wrapper that loads the chosen one's script after the page has come
 * to life. Each provider says which script it loads with which attributes,
 * and which origins it needs; the build adds those to the
 * Content-Security-Policy (webapp/build/policy.mjs), so turning analytics
 * on never needs an edit of the server.
 */

/** `https://host` of a URL: the form CSP sources and the policy take. */
const originOf = (url) => new URL(url).origin;

export const providers = {
  plausible: {
    fields: { domain: /^[a-z0-9.-]+$/ },
    script: ({ domain, host = 'https://plausible.io' }) => ({
      src: `${host}/js/script.js`,
      attributes: { 'data-domain': domain },
    }),
    origins: ({ host = 'https://plausible.io' }) => ({ scripts: [originOf(host)], connections: [originOf(host)] }),
  },
  goatcounter: {
    // Part of a host name: https://CODE.goatcounter.com.
    fields: { code: /^[a-z0-9-]+$/ },
    script: ({ code }) => ({
      src: 'https://gc.zgo.at/count.js',
      attributes: { 'data-goatcounter': `https://${code}.goatcounter.com/count` },
    }),
    // Counts are sent with navigator.sendBeacon, or as an image where it is missing.
    origins: ({ code }) => ({
      scripts: ['https://gc.zgo.at'],
      connections: [`https://${code}.goatcounter.com`],
      images: [`https://${code}.goatcounter.com`],
    }),
  },
  umami: {
    fields: { websiteId: /^[a-zA-Z0-9-]+$/ },
    script: ({ websiteId, host = 'https://cloud.umami.is' }) => ({
      src: `${host}/script.js`,
      attributes: { 'data-website-id': websiteId },
    }),
    // Umami Cloud's script sends its counts to a gateway of its own; a
    // self-hosted Umami receives them itself.
    origins: ({ host }) => ({
      scripts: [originOf(host ?? 'https://cloud.umami.is')],
      connections: host ? [originOf(host)] : ['https://cloud.umami.is', 'https://gateway.umami.is'],
    }),
  },
  tagManager: {
    fields: { tagId: /^GTM-[A-Z0-9]+$/ },
    script: ({ tagId }) => ({ src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tagId)}` }),
    // Google's CSP guide for the tag manager with Google Analytics 4 (its
    // wildcard hosts named one by one); other tags need their own origins
    // in externalOrigins.
    origins: () => ({
      scripts: ['https://www.googletagmanager.com'],
      connections: [
        'https://www.googletagmanager.com',
        'https://www.google.com',
        'https://www.google-analytics.com',
        'https://region1.google-analytics.com',
        'https://analytics.google.com',
        'https://region1.analytics.google.com',
      ],
      images: ['https://www.googletagmanager.com', 'https://www.google-analytics.com'],
    }),
  },
};

/**
 * Appends the provider's <script async> to <head>. Returns it, or null when
 * `config` is null (no analytics) or the script is already there.
 */
export function loadAnalytics(config, win = globalThis.window) {
  const provider = config && providers[config.provider];
  if (!provider || !win?.document) return null;
  const doc = win.document;
  const { src, attributes = {} } = provider.script(config);
  if ([...doc.scripts].some((script) => script.src === src)) return null;
  if (config.provider === 'tagManager') {
    win.dataLayer = win.dataLayer || [];
    win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  }
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  doc.head.appendChild(script);
  return script;
}
