import { afterEach, describe, expect, it } from 'vitest';
import { loadAnalytics, providers } from '../src/analytics.js';

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  delete window.dataLayer;
});

describe('analytics wrapper', () => {
  it('adds no script when analytics is off', () => {
    expect(loadAnalytics(null)).toBeNull();
    expect(loadAnalytics(undefined)).toBeNull();
    expect(loadAnalytics({ provider: 'nobody' })).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it("adds Plausible's script with the site's domain, once", () => {
    const script = loadAnalytics({ provider: 'plausible', domain: 'example.com' });
    expect(script.src).toBe('https://plausible.io/js/script.js');
    expect(script.dataset.domain).toBe('example.com');
    expect(script.async).toBe(true);
    expect(script.parentNode).toBe(document.head);
    expect(loadAnalytics({ provider: 'plausible', domain: 'example.com' })).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });

  it("adds GoatCounter's and Umami's scripts with their settings", () => {
    const goat = loadAnalytics({ provider: 'goatcounter', code: 'mysite' });
    expect(goat.src).toBe('https://gc.zgo.at/count.js');
    expect(goat.dataset.goatcounter).toBe('https://mysite.goatcounter.com/count');
    const umami = loadAnalytics({ provider: 'umami', websiteId: 'abc', host: 'https://stats.example.com' });
    expect(umami.src).toBe('https://stats.example.com/script.js');
    expect(umami.dataset.websiteId).toBe('abc');
  });

  it('adds one async tag-manager script with a tag id', () => {
    const script = loadAnalytics({ provider: 'tagManager', tagId: 'GTM-TEST123' });
    expect(script.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST123');
    expect(window.dataLayer[0]).toMatchObject({ event: 'gtm.js' });
    expect(loadAnalytics({ provider: 'tagManager', tagId: 'GTM-TEST123' })).toBeNull();
  });

  it('knows at least Plausible, GoatCounter, Umami and the tag manager', () => {
    expect(Object.keys(providers)).toEqual(expect.arrayContaining(['plausible', 'goatcounter', 'umami', 'tagManager']));
  });
});
