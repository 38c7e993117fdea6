import { afterEach, describe, expect, it } from 'vitest';
import { TAG_MANAGER_URL, loadAnalytics } from '../src/analytics.js';
import { analytics } from '../src/data/index.js';

const tagScripts = () => document.querySelectorAll(`script[src^="${TAG_MANAGER_URL}"]`);

afterEach(() => {
  for (const s of tagScripts()) s.remove();
  delete window.dataLayer;
});

describe('analytics wrapper', () => {
  it('has no tag id by default', () => {
    expect(analytics.tagId).toBeNull();
  });

  it('adds no script without a tag id', () => {
    expect(loadAnalytics(analytics.tagId)).toBeNull();
    expect(loadAnalytics(undefined)).toBeNull();
    expect(loadAnalytics('')).toBeNull();
    expect(tagScripts()).toHaveLength(0);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('adds one async tag-manager script with a tag id', () => {
    const script = loadAnalytics('GTM-TEST123');
    expect(tagScripts()).toHaveLength(1);
    expect(script.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST123');
    expect(script.async).toBe(true);
    expect(script.parentNode).toBe(document.head);
    expect(window.dataLayer[0]).toMatchObject({ event: 'gtm.js' });
    // Loading twice does not add a second script.
    expect(loadAnalytics('GTM-TEST123')).toBeNull();
    expect(tagScripts()).toHaveLength(1);
  });
});
