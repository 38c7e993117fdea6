// The one test that knows the sample content. While the site is the sample
// (its site title), the content must be what the spec says (§3, §9). Once
// an owner makes it theirs, none of the sample's identity may be left: a
// site published with the sample's domain, e-mail or accounts, or with its
// name in a page's text, is someone else's site. Every other test follows
// whatever the content is.
import { describe, expect, it } from 'vitest';
import { constants, pages, projects, site, work } from '../src/data/index.js';
import { articles } from './articles.js';
import { period } from '../src/period.js';

const SAMPLE = {
  title: 'Jordan Lee',
  origin: 'https://jordanlee.example',
  email: 'jordan.lee@example.com',
  account: /jordanlee|jordan-lee/i,
};
const isSample = site.main.title === SAMPLE.title;

// Only the test that applies is defined, so neither is reported as skipped.
if (isSample)
  describe(`the sample content (site title "${SAMPLE.title}")`, () => {
    it('has 5 projects, 2 articles dated 7 May 2023 and the 2 work entries of the spec', () => {
      expect(projects).toHaveLength(5);
      expect(projects.every((p) => p.linkText === 'View Project')).toBe(true);
      expect(articles).toHaveLength(2);
      for (const { data } of articles) {
        expect(data.date).toBe('7 May 2023');
        expect(data.keywords.length).toBeGreaterThan(0);
        expect(data.style).not.toBe('');
      }
      // §7: an article sample loads a random placeholder image from an external image service.
      expect(articles.some(({ html }) => /<img src="https:\/\/picsum\.photos\//.test(html))).toBe(true);
      expect(constants.replyWithinHours).toBe(24);
      expect(site.main.copyrightYear).toBe(2024);
      expect(work.map((entry) => [entry.employer, entry.role, period(entry)])).toEqual([
        ['Harbourline Labs', 'Junior Fullstack Developer', 'May 2024 – Present'],
        ['Freelance', 'Software Development', 'June 2023 – April 2024'],
      ]);
    });
  });
else
  describe(`an owner's site (site title "${site.main.title}")`, () => {
    it('keeps none of the sample’s identity: its domain, e-mail, accounts or name', () => {
      expect(site.main.origin).not.toBe(SAMPLE.origin);
      expect(site.main.email).not.toBe(SAMPLE.email);
      for (const [network, url] of Object.entries(site.socials)) expect(url, network).not.toMatch(SAMPLE.account);
      for (const page of pages) {
        for (const [field, text] of Object.entries(page)) {
          if (typeof text === 'string') expect(text, `pages.js, ${page.key}.${field}`).not.toContain(SAMPLE.title);
        }
      }
    });
  });
