import { describe, expect, it } from 'vitest';
import { analytics, externalOrigins } from '../src/data/index.js';
import { providers } from '../src/analytics.js';
import { allowedOrigins, contentSecurityPolicy, GISCUS, PolicyError } from '../build/policy.mjs';

/** The sources of each directive of a policy. */
const directives = (policy) =>
  Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

const nothingElsewhere = { externalOrigins: {}, analytics: null };
const sampleConfig = {
  plausible: { provider: 'plausible', domain: 'example.com' },
  goatcounter: { provider: 'goatcounter', code: 'mysite' },
  umami: { provider: 'umami', websiteId: '2f5c0d1e-9b7a-4c3d-8e6f-1a2b3c4d5e6f' },
  tagManager: { provider: 'tagManager', tagId: 'GTM-TEST123' },
};

describe('the Content-Security-Policy the build writes', () => {
  it('allows no other site when the data names none and analytics is off', () => {
    const policy = directives(contentSecurityPolicy(nothingElsewhere, ['sha256-abc=']));
    expect(policy['script-src']).toEqual(["'self'", "'sha256-abc='"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:']);
    expect(policy['frame-src']).toBeUndefined();
    expect(policy['default-src']).toEqual(["'self'"]);
    for (const directive of ['object-src', 'base-uri', 'frame-ancestors', 'form-action'])
      expect(policy[directive]).toEqual(["'none'"]);
  });

  it("has no wildcard source and no 'unsafe-eval' with the site's own policy", () => {
    const sources = Object.values(directives(contentSecurityPolicy({ externalOrigins, analytics }, []))).flat();
    for (const source of sources) expect(source).not.toMatch(/^(https?:|\*)$|\*|unsafe-eval/);
  });

  it('adds each named origin to its own directive only', () => {
    const policy = directives(
      contentSecurityPolicy(
        {
          externalOrigins: {
            images: ['https://img.example'],
            frames: ['https://www.youtube-nocookie.com'],
            connections: ['https://api.example:8443'],
          },
          analytics: null,
        },
        [],
      ),
    );
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://img.example']);
    expect(policy['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.example:8443']);
    expect(policy['script-src']).toEqual(["'self'"]);
  });

  for (const [name, config] of Object.entries(sampleConfig)) {
    it(`with ${name}, allows the script the wrapper loads and where it sends counts`, () => {
      const origins = allowedOrigins({ externalOrigins: {}, analytics: config });
      const { src } = providers[name].script(config);
      expect(origins.scripts).toContain(new URL(src).origin);
      expect(origins.connections.length).toBeGreaterThan(0);
      const policy = directives(contentSecurityPolicy({ externalOrigins: {}, analytics: config }, []));
      for (const origin of origins.scripts) expect(policy['script-src']).toContain(origin);
      for (const origin of origins.connections) expect(policy['connect-src']).toContain(origin);
    });
  }

  it("allows giscus's frame, and nothing else of it, when comments are on", () => {
    const comments = { provider: 'giscus', repo: 'me/site', repoId: 'R_1', category: 'Comments', categoryId: 'DIC_1' };
    const off = directives(contentSecurityPolicy(nothingElsewhere, []));
    const on = directives(contentSecurityPolicy({ ...nothingElsewhere, comments }, []));
    expect(on['frame-src']).toEqual(["'self'", GISCUS]);
    expect({ ...on, 'frame-src': undefined }).toEqual({ ...off, 'frame-src': undefined });
  });

  it('refuses what is not an origin, or an unknown provider, in one line naming policy.js', () => {
    const mistakes = [
      [{ externalOrigins: { images: ['https:'] } }, `externalOrigins.images has "https:"`],
      [{ externalOrigins: { images: ['*'] } }, 'externalOrigins.images has "*"'],
      [{ externalOrigins: { scripts: ['https://cdn.example/lib.js'] } }, 'externalOrigins.scripts has'],
      [{ externalOrigins: { images: ['http://plain.example'] } }, 'externalOrigins.images has'],
      [{ externalOrigins: { fonts: [] } }, 'externalOrigins.fonts is not a kind of resource'],
      [{ analytics: { provider: 'matomo' } }, 'analytics.provider "matomo" is none of'],
      [{ analytics: { provider: 'plausible' } }, 'analytics.domain is needed for plausible'],
      [{ analytics: { provider: 'goatcounter', code: 'My_Site' } }, 'analytics.code is needed for goatcounter'],
      [{ analytics: { provider: 'umami', websiteId: 'x', host: 'https://a.example/x' } }, 'analytics.host'],
      [{ comments: { provider: 'disqus' } }, `comments.provider "disqus" is not 'giscus'`],
      [
        { comments: { provider: 'giscus', repo: 'me/site', category: 'C', categoryId: 'D' } },
        'comments.repoId is needed',
      ],
      [
        { comments: { provider: 'giscus', repo: 'site', repoId: 'R', category: 'C', categoryId: 'D' } },
        'comments.repo is',
      ],
      [
        {
          comments: {
            provider: 'giscus',
            repo: 'me/site',
            repoId: 'R',
            category: 'C',
            categoryId: 'D',
            mapping: 'number',
          },
        },
        'comments.mapping "number" is none of pathname, url, title, og:title',
      ],
    ];
    for (const [policy, message] of mistakes) {
      expect(() => allowedOrigins(policy)).toThrow(PolicyError);
      expect(() => allowedOrigins(policy)).toThrow(message);
      expect(() => allowedOrigins(policy)).toThrow(/^webapp\/src\/data\/policy\.js: /);
    }
  });
});
