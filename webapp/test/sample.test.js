// The sample content checked against the spec (§3, §9): the one test that
// knows what the sample says. Once the site is personalised (another site
// title), the spec's counts no longer apply and this test checks nothing
// more; every other test follows whatever the content is.
import { describe, expect, it } from 'vitest';
import { articleCount, constants, projects, site, work } from '../src/data/index.js';
import { articles } from './articles.js';

const SAMPLE_TITLE = 'Jordan Lee';
const isSample = site.main.title === SAMPLE_TITLE;

describe(`the sample content (site title "${SAMPLE_TITLE}")`, () => {
  it('has 5 projects, 2 articles dated 7 May 2023 and the 2 work entries of the spec', () => {
    if (!isSample) return;
    expect(projects).toHaveLength(5);
    expect(projects.every((p) => p.linkText === 'View Project')).toBe(true);
    expect(articleCount).toBe(2);
    for (const { data } of articles) {
      expect(data.date).toBe('7 May 2023');
      expect(data.keywords.length).toBeGreaterThan(0);
      expect(data.style).not.toBe('');
    }
    // §7: an article sample loads a random placeholder image from an external image service.
    expect(articles.some(({ data }) => /<img src="https:\/\/picsum\.photos\//.test(data.html))).toBe(true);
    expect(constants).toMatchObject({ replyWithinHours: 24, copyrightYear: 2024 });
    expect(work).toEqual([
      expect.objectContaining({ role: 'Junior Fullstack Developer', duration: 'May 2024 – Present' }),
      expect.objectContaining({ employer: 'Freelance', duration: 'June 2023 – April 2024' }),
    ]);
  });
});
