// The comments under an article (components/Comments.jsx), as policy.js's
// `comments` turns them on: a button that asks nothing of giscus until it
// is pressed, then giscus's element in the page's language and the theme
// shown, following a switch; without JavaScript, a link to the discussions.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import Comments, { giscusLanguage } from '../src/components/Comments.jsx';
import { articlesUi } from '../src/data/articlesUi.js';
import { setTheme } from '../src/theme.js';

const config = { provider: 'giscus', repo: 'me/site', repoId: 'R_1', category: 'Comments', categoryId: 'DIC_1' };

afterEach(() => {
  delete document.documentElement.dataset.theme;
  document.documentElement.lang = '';
});

describe('comments', () => {
  it('load nothing until asked, then show the discussion in the theme shown and follow a switch', async () => {
    const user = userEvent.setup();
    document.documentElement.lang = 'pt-BR';
    const { container } = render(<Comments config={config} path="/article/my-post" title="My post" />);
    expect(screen.getByRole('heading', { name: articlesUi.comments.heading })).toBeInTheDocument();
    expect(container.querySelector('giscus-widget')).toBeNull();
    await user.click(screen.getByRole('button', { name: articlesUi.comments.show }));
    const widget = await waitFor(() => {
      const element = container.querySelector('giscus-widget');
      expect(element).not.toBeNull();
      return element;
    });
    expect(screen.queryByRole('button', { name: articlesUi.comments.show })).toBeNull();
    for (const [name, value] of Object.entries({ ...config, mapping: 'pathname', theme: 'light', lang: 'pt' })) {
      if (name !== 'provider') expect(widget.getAttribute(name), name).toBe(value);
    }
    // React sets a custom element's own properties as properties.
    expect(widget.theme).toBe('light');
    act(() => setTheme('dark'));
    expect(widget.theme).toBe('dark');
  });

  it('link the discussions on GitHub for a browser without JavaScript, by path or by title', () => {
    const byPath = renderToString(<Comments config={config} path="/ja/article/my-post" title="My post" />);
    expect(byPath).toContain('href="https://github.com/me/site/discussions?discussions_q=ja%2Farticle%2Fmy-post"');
    expect(byPath).toMatch(/<button type="button" class="button" disabled="">/);
    const byTitle = renderToString(
      <Comments config={{ ...config, mapping: 'title' }} path="/article/x" title="A & B" />,
    );
    expect(byTitle).toContain('discussions_q=A%20%26%20B"');
  });

  it("name the page's language as giscus does", () => {
    expect(['en-GB', 'pt-BR', 'de', 'ja', 'zh', 'zh-TW', 'zh-Hant', 'zh-HK'].map(giscusLanguage)).toEqual([
      'en',
      'pt',
      'de',
      'ja',
      'zh-CN',
      'zh-TW',
      'zh-TW',
      'zh-HK',
    ]);
  });
});
