/**
 * What the pages may load from other sites, the analytics provider and the
 * comments.
 * The build writes the site's Content-Security-Policy from this file
 * (webapp/build/policy.mjs): whatever is not named here, every browser
 * refuses to load. Origins are `https://host` (a port may follow), nothing
 * after the host.
 */
export const externalOrigins = {
  /** Pictures: the sample article shows one from an image service, which redirects to its CDN. */
  images: ['https://picsum.photos', 'https://fastly.picsum.photos'],
  /** Scripts (the analytics provider's is added by itself). */
  scripts: [],
  /** Pages shown in an <iframe>: a video, a map, slides. */
  frames: [],
  /** Where scripts may send or fetch data (the analytics provider's is added by itself). */
  connections: [],
};

/**
 * Analytics: null for none, or one of
 * - { provider: 'plausible', domain: 'example.com' } (and `host` for a self-hosted Plausible),
 * - { provider: 'goatcounter', code: 'mysite' } (counts at https://mysite.goatcounter.com),
 * - { provider: 'umami', websiteId: '…' } (and `host` for a self-hosted Umami),
 * - { provider: 'tagManager', tagId: 'GTM-XXXXXXX' } (Google Tag Manager; the origins its tags use go above).
 * The first three set no cookie and need no consent banner in most places.
 */
export const analytics = null;

/**
 * Comments under each article: null for none, or giscus (https://giscus.app:
 * the comments are GitHub Discussions of a public repository with the giscus
 * app installed; that page gives these four values):
 *   { provider: 'giscus', repo: 'you/your-site', repoId: 'R_…', category: 'Comments', categoryId: 'DIC_…' }
 * and optionally `mapping`, how an article finds its discussion: 'pathname'
 * (the default), 'url', 'title' or 'og:title'. Nothing is loaded from
 * giscus until a reader presses the button under the article; the build
 * then allows giscus's frame, and nothing else of it.
 */
export const comments = null;
