/**
 * The site's Content-Security-Policy, written by the build into the route
 * manifest for the server to send as it is: scripts from the site itself
 * and the inline ones named by hash, and from other sites only what the
 * data module names (data/policy.js), the analytics provider's and the
 * comments' frame included.
 * No `https:` or `*` source: a page can load nothing the owner did not name.
 */
import { providers } from '../src/analytics.js';

export const policyFile = 'webapp/src/data/policy.js';

/** A mistake in policy.js, as the one line to show. */
export class PolicyError extends Error {}

const KINDS = ['images', 'scripts', 'frames', 'connections'];
const ORIGIN = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:[0-9]{1,5})?$/;

/** Where giscus's frame comes from: all a page needs of it once comments are shown. */
export const GISCUS = 'https://giscus.app';

/** How an article finds its discussion: giscus's mappings that need nothing more of the owner. */
const MAPPINGS = ['pathname', 'url', 'title', 'og:title'];

/** The origins each kind of resource may come from, named, the analytics provider's and the comments', checked. */
export function allowedOrigins({ externalOrigins, analytics, comments }) {
  const fail = (message) => {
    throw new PolicyError(`${policyFile}: ${message}`);
  };
  const origins = Object.fromEntries(KINDS.map((kind) => [kind, []]));
  for (const [kind, list] of Object.entries(externalOrigins ?? {})) {
    if (!KINDS.includes(kind)) fail(`externalOrigins.${kind} is not a kind of resource (${KINDS.join(', ')})`);
    if (!Array.isArray(list)) fail(`externalOrigins.${kind} must be a list of origins`);
    for (const origin of list) {
      if (typeof origin !== 'string' || !ORIGIN.test(origin))
        fail(`externalOrigins.${kind} has ${JSON.stringify(origin)}: write an origin such as 'https://example.com'`);
      origins[kind].push(origin);
    }
  }
  if (analytics) {
    const provider = providers[analytics.provider];
    if (!provider)
      fail(`analytics.provider ${JSON.stringify(analytics.provider)} is none of ${Object.keys(providers).join(', ')}`);
    for (const [field, pattern] of Object.entries(provider.fields)) {
      if (typeof analytics[field] !== 'string' || !pattern.test(analytics[field]))
        fail(`analytics.${field} is needed for ${analytics.provider}, of the form ${pattern.source}`);
    }
    if (analytics.host !== undefined && !ORIGIN.test(analytics.host))
      fail(`analytics.host ${JSON.stringify(analytics.host)} is not an origin such as 'https://stats.example.com'`);
    for (const [kind, list] of Object.entries(provider.origins(analytics))) origins[kind].push(...list);
  }
  if (comments) {
    if (comments.provider !== 'giscus')
      fail(`comments.provider ${JSON.stringify(comments.provider)} is not 'giscus', the one provider there is`);
    const fields = { repo: /^[\w.-]+\/[\w.-]+$/, repoId: /^\S+$/, category: /\S/, categoryId: /^\S+$/ };
    for (const [field, pattern] of Object.entries(fields)) {
      if (typeof comments[field] !== 'string' || !pattern.test(comments[field]))
        fail(`comments.${field} is needed for giscus, as https://giscus.app gives it for your repository`);
    }
    if (comments.mapping !== undefined && !MAPPINGS.includes(comments.mapping))
      fail(`comments.mapping ${JSON.stringify(comments.mapping)} is none of ${MAPPINGS.join(', ')}`);
    origins.frames.push(GISCUS);
  }
  for (const kind of KINDS) origins[kind] = [...new Set(origins[kind])];
  return origins;
}

/** The policy's header value, with `scriptHashes` ('sha256-…') for the inline scripts. */
export function contentSecurityPolicy(policy, scriptHashes) {
  const { images, scripts, frames, connections } = allowedOrigins(policy);
  const sources = (...list) => list.join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources("'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...scripts)}`,
    // An article carries style rules of its own.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources("'self'", 'data:', ...images)}`,
    "font-src 'self'",
    `connect-src ${sources("'self'", ...connections)}`,
    ...(frames.length ? [`frame-src ${sources("'self'", ...frames)}`] : []),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}
