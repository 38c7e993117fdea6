// The article pipeline (webapp/build/articles.mjs, webapp/build/feed.mjs): what each
// Markdown feature becomes, and the one-line message each content mistake
// gets. Files are written to a temporary folder, as an owner would write them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentsOf, WORKERS_FROM } from '../build/articleBodies.mjs';
import { writeArticleFiles } from '../build/articleFiles.mjs';
import { openSiteFolder } from '../build/siteFolder.mjs';
import { tagsOf } from '../build/articleLists.mjs';
import { loadArticles } from '../build/articles.mjs';
import { ContentError, slugFromFileName } from '../build/frontMatter.mjs';
import { lastChangedDays } from '../build/gitDates.mjs';
import { absoluteHtml, renderMarkdown, srcsetCandidates } from '../build/markdown.mjs';
import { constants } from '../src/data/constants.js';
import { siteLanguage } from '../src/language.js';
import { articlesUi } from '../src/data/articlesUi.js';
import { ui } from '../src/data/ui.js';

let dir;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'articles-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const frontMatter = (fields = {}) =>
  Object.entries({ title: 'A title', date: '2024-02-01', description: 'A description.', ...fields })
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

/** Writes one article (and optional side files) into a fresh folder and loads it. */
async function load(markdown, { fields, files = {}, raw } = {}) {
  const folder = await fs.mkdtemp(path.join(dir, 'case-'));
  await fs.writeFile(path.join(folder, 'post.md'), raw ?? `---\n${frontMatter(fields)}\n---\n\n${markdown}\n`);
  for (const [name, content] of Object.entries(files)) await fs.writeFile(path.join(folder, name), content);
  return loadArticles(folder);
}

/** The message loading fails with: one line naming the file. */
async function failure(...args) {
  const error = await load(...args).then(
    () => null,
    (e) => e,
  );
  expect(error).toBeInstanceOf(ContentError);
  expect(error.message).not.toContain('\n');
  expect(error.message).toMatch(/post\.md(:\d+)?: /);
  return error.message;
}

/** Runs git in `cwd` as a user of its own, whatever the machine's configuration. */
const git = (cwd, args, env = {}) =>
  execFileSync('git', ['-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', ...args], {
    cwd,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', ...env },
  });

/** Commits every file of `repo`, written by its author at `when` (ISO 8601, with a time zone). */
const commit = (repo, when) => {
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'Edit'], { GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when });
};

const html = async (markdown) => (await renderMarkdown(markdown, { file: 'inline.md' })).html;

describe('Markdown', () => {
  it('renders links, emphasis, inline code, strikethrough and task lists', async () => {
    const out = await html('A [link](/about), **bold**, _italic_, `code` and ~~gone~~.\n\n- [x] done\n- [ ] to do');
    expect(out).toContain('<a href="/about">link</a>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>italic</em>');
    expect(out).toContain('<code>code</code>');
    expect(out).toContain('<del>gone</del>');
    expect(out).toContain(
      '<li class="task-list-item"><label><input type="checkbox" checked disabled> done</label></li>',
    );
  });

  it('renders GitHub tables with their alignment', async () => {
    const out = await html('| a | b |\n| :- | -: |\n| 1 | 2 |');
    // As CSS: the align attribute is obsolete HTML.
    expect(out).toMatch(
      /<table>\s*<thead>\s*<tr>\s*<th style="text-align: left">a<\/th>\s*<th style="text-align: right">b<\/th>/,
    );
    expect(out).toMatch(/<td style="text-align: left">1<\/td>\s*<td style="text-align: right">2<\/td>/);
    expect(out).not.toContain(' align=');
  });

  it('highlights code at build time, and names the block for keyboard users', async () => {
    const out = await html('```js\nconst answer = 42; // why\n```\n\n```\nplain\n```');
    expect(out).toContain('<span class="hljs-keyword">const</span>');
    expect(out).toContain('<span class="hljs-number">42</span>');
    expect(out).toContain('<span class="hljs-comment">// why</span>');
    expect(out).toContain(
      `<pre class="code-block" role="region" tabindex="0" data-language="js" aria-label="${ui.codeBlockLabel.replace('{language}', 'js')}">`,
    );
    expect(out).toMatch(
      /<pre class="code-block" role="region" tabindex="0" aria-label="[^"]+"><code>plain\n<\/code><\/pre>/,
    );
  });

  it('gives headings an id and makes them link to themselves', async () => {
    expect(await html('## Why small wins')).toBe(
      '<h2 id="why-small-wins"><a class="heading-anchor" href="#why-small-wins">Why small wins</a></h2>',
    );
  });

  it('opens external links in a new tab, safely, and says so', async () => {
    expect(await html('[axe](https://github.com/dequelabs/axe-core)')).toBe(
      '<p><a href="https://github.com/dequelabs/axe-core" class="external-link" rel="noopener noreferrer" target="_blank">' +
        `axe<span class="visually-hidden"> ${ui.opensInNewTab}</span></a></p>`,
    );
  });

  it('draws formulas as MathML at build time: $…$ in a sentence, $$…$$ and ```math on lines of their own', async () => {
    const rendered = await html('Euler: $e^{i\\pi}+1=0$.\n\n$$\nP = 1 - (1 - p)^{n}\n$$\n\n```math\na^2\n```');
    expect(rendered).toMatch(/^<p>Euler: <math><mrow><msup><mi>e<\/mi>.*<mn>0<\/mn><\/mrow><\/math>\.<\/p>/);
    const display = rendered.match(/<math display="block"[^>]*>/g);
    expect(display).toHaveLength(2);
    expect(rendered).toContain('<mi>P</mi><mo>=</mo><mn>1</mn>');
    expect(rendered).toContain('<msup><mi>a</mi><mn>2</mn></msup>');
    // Nothing of the source is left: no dollar signs, no code block.
    expect(rendered).not.toMatch(/\$|<pre|<code/);
  });

  it('draws a ```mermaid diagram as an inline SVG at build time, in both themes, named for screen readers', async () => {
    const rendered = await html(
      'The request’s way:\n\n```mermaid\nflowchart LR\n  A[Browser] --> B[Server]\n```\n\n' +
        '```mermaid\nsequenceDiagram\n  accTitle: A page load\n  Browser->>Server: GET /\n```',
    );
    const figures = rendered.match(/<figure class="diagram"[^>]*>/g);
    expect(figures).toHaveLength(2);
    const svgs = rendered.match(/<svg[^>]*>/g);
    expect(svgs).toHaveLength(2);
    // Named by the sentence before it, or by its accTitle.
    expect(svgs[0]).toMatch(/ role="img"/);
    expect(svgs[0]).toContain('aria-label="The request’s way:"');
    const [, titleId] = / aria-labelledby="([^"]+)"/.exec(svgs[1]);
    expect(rendered).toMatch(new RegExp(`<title id="${titleId}">A page load</title>`));
    expect(figures[1]).toContain('aria-label="A page load"');
    // Or by its own title, before the sentence.
    const titled = await html('Two steps:\n\n```mermaid\n---\ntitle: Review loop\n---\nflowchart LR\n  A --> B\n```');
    expect(titled.match(/<svg[^>]*>/)[0]).toContain('aria-label="Review loop"');
    // The theme's colours, light and dark, and no id twice on the page.
    expect(rendered).toMatch(/light-dark\(#[0-9a-f]+, #[0-9a-f]+\)/i);
    const ids = [...rendered.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    // Nothing of the source, and nothing fetched from elsewhere (Mermaid's own font included).
    expect(rendered).not.toMatch(/<pre|<code|flowchart LR|Browser->>/);
    expect(rendered).not.toMatch(/@import|url\((?!#)|https?:\/\/(?!www\.w3\.org\/)/);
  });

  it('leaves dollar signs in prose as they are written', async () => {
    expect(await html('It costs $5 and $10, or $ 20 $, and `$x$` is code.')).toBe(
      '<p>It costs $5 and $10, or $ 20 $, and <code>$x$</code> is code.</p>',
    );
  });

  describe('footnotes', () => {
    // Footnote 1 referred to twice, footnote 2 once.
    const markdown = 'One[^a], two[^b] and one again[^a].\n\n[^a]: The first.\n[^b]: The second.';
    const heading = (out) => /<h2 class="sr-only" id="footnote-label">(?:<a [^>]*>)?([^<]*)</.exec(out)?.[1];
    const backLabels = (out) =>
      [...out.matchAll(/<a [^>]*data-footnote-backref=""[^>]*aria-label="([^"]*)"/g)].map(([, label]) => label);
    const back = (words, reference) => words.backLabel.replace('{reference}', reference);

    it("are named in the site's wording (articlesUi.footnotes), each link back by its reference's number", async () => {
      const out = await html(markdown);
      const words = articlesUi.footnotes;
      expect(heading(out)).toBe(words.label);
      expect(backLabels(out)).toEqual([back(words, '1'), back(words, '1-2'), back(words, '2')]);
    });

    it('follow other wording, as a build for another language has it, with no English left', async () => {
      const words = { label: '脚注', backLabel: '参照 {reference} に戻る' };
      const out = (await renderMarkdown(markdown, { file: 'inline.md', footnotes: words })).html;
      expect(heading(out)).toBe('脚注');
      expect(backLabels(out)).toEqual(['参照 1 に戻る', '参照 1-2 に戻る', '参照 2 に戻る']);
      // Neither the site's own wording nor remark-rehype's English defaults.
      expect(out).not.toContain(articlesUi.footnotes.label);
      expect(out).not.toContain(articlesUi.footnotes.backLabel.replace('{reference}', ''));
      expect(out).not.toMatch(/Footnotes|Back to reference/);
    });
  });

  it('keeps raw HTML the owner writes', async () => {
    expect(
      await html('Press <kbd>Tab</kbd>.\n\n<details><summary>More</summary>\n\nHidden *text*.\n\n</details>'),
    ).toMatch(/<kbd>Tab<\/kbd>[\s\S]*<details><summary>More<\/summary>[\s\S]*<em>text<\/em>/);
  });
});

describe('articles folder', () => {
  it('reads front matter and lists the articles newest first, each at its permalink', async () => {
    const folder = await fs.mkdtemp(path.join(dir, 'order-'));
    const write = (name, date, title, more = {}) =>
      fs.writeFile(path.join(folder, name), `---\n${frontMatter({ date, title, ...more })}\n---\nBody of ${title}.\n`);
    await write('2024-03-01-b.md', '2024-03-01', 'Second');
    await write('2024-01-01-a.md', '2024-01-01', 'First');
    await write('2024-05-01-c.md', '2024-05-01', 'Third', { slug: 'my-third' });
    // Back-dated: listed by its date, not its file name, and its URL stays.
    await write('2024-06-01-late.md', '2023-12-01', 'Back-dated');
    // Two on one day: the later file name first.
    await write('2024-03-01-z-same-day.md', '2024-03-01', 'Same day');
    const articles = await loadArticles(folder);
    expect(articles.map((a) => [a.summary.path, a.summary.title])).toEqual([
      ['/article/my-third', 'Third'],
      ['/article/z-same-day', 'Same day'],
      ['/article/b', 'Second'],
      ['/article/a', 'First'],
      ['/article/late', 'Back-dated'],
    ]);
    expect(articles[3].slug).toBe('a');
    expect(articles[3].summary).toEqual({
      path: '/article/a',
      // In the site's language: '1 January 2024' in the sample's en-GB.
      date: new Intl.DateTimeFormat(siteLanguage, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date('2024-01-01'),
      ),
      isoDate: '2024-01-01',
      title: 'First',
      description: 'A description.',
      readingMinutes: 1,
      tags: [],
    });
    expect(articles[3].data.updated).toBe('2024-01-01');
    expect(articles[3].data).not.toHaveProperty('updatedDate');
  });

  it('know the day an article last changed: the feed, the sitemap and its page say it', async () => {
    const folder = await fs.mkdtemp(path.join(dir, 'updated-'));
    await fs.writeFile(
      path.join(folder, 'fixed.md'),
      `---\n${frontMatter({ date: '2024-01-01', title: 'Fixed', updated: '2026-11-01' })}\n---\nBody.\n`,
    );
    const [article] = await loadArticles(folder);
    expect(article.data.updated).toBe('2026-11-01');
    expect(article.data.updatedDate).toBe(
      new Intl.DateTimeFormat(siteLanguage, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-11-01')),
    );
  });

  it("take the day of the last commit that changed a file without updated:, in its author's time zone", async () => {
    const repo = await fs.mkdtemp(path.join(dir, 'git-'));
    const folder = path.join(repo, 'articles');
    await fs.mkdir(folder);
    const write = (name, fields) =>
      fs.writeFile(path.join(folder, name), `---\n${frontMatter({ date: '2024-01-01', ...fields })}\n---\nBody.\n`);
    await write('edited.md', { title: 'Edited' });
    await write('pinned.md', { title: 'Pinned', updated: '2024-02-01' });
    // Committed before the day it is dated: its date stays its last change.
    await write('scheduled.md', { title: 'Scheduled', date: '2030-01-01' });
    git(repo, ['init', '-q']);
    commit(repo, '2024-03-02T01:00:00+09:00');
    await write('edited.md', { title: 'Edited again' });
    commit(repo, '2024-04-05T10:00:00+00:00');
    await write('edited.md', { title: 'Not committed' });
    const bySlug = Object.fromEntries((await loadArticles(folder)).map((a) => [a.slug, a.data]));
    expect(bySlug.edited.updated).toBe('2024-04-05');
    expect(bySlug.edited.updatedDate).toBe(
      new Intl.DateTimeFormat(siteLanguage, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2024-04-05')),
    );
    expect(bySlug.pinned.updated).toBe('2024-02-01');
    expect(bySlug.scheduled.updated).toBe('2030-01-01');
    expect(bySlug.scheduled).not.toHaveProperty('updatedDate');
    expect((await lastChangedDays(folder)).days).toEqual(
      new Map([
        ['edited.md', '2024-04-05'],
        ['pinned.md', '2024-03-02'],
        ['scheduled.md', '2024-03-02'],
      ]),
    );

    // A shallow clone has no history to tell: the front matter's dates, and why.
    const shallow = path.join(dir, `shallow-${path.basename(repo)}`);
    git(dir, ['clone', '-q', '--depth', '1', `file://${repo}`, shallow]);
    const clone = path.join(shallow, 'articles');
    expect((await lastChangedDays(clone)).unavailable).toMatch(/shallow clone/);
    expect((await loadArticles(clone)).find((a) => a.slug === 'edited').data.updated).toBe('2024-01-01');
    // Nor has a folder outside git (a tarball).
    expect((await lastChangedDays(dir)).unavailable).toBe('the build is not in a git checkout');
  });

  it('make a permalink of the file name without its date', () => {
    expect(slugFromFileName('2025-03-01-my-post.md')).toBe('my-post');
    expect(slugFromFileName('my-post.md')).toBe('my-post');
    expect(slugFromFileName('2025-03-01-Café & Crème, Part 2!.md')).toBe('cafe-creme-part-2');
    expect(slugFromFileName('2025-03-01.md')).toBe('');
  });

  it('refuse two articles at one URL, naming both files in one line', async () => {
    const folder = await fs.mkdtemp(path.join(dir, 'clash-'));
    await fs.writeFile(path.join(folder, '2024-01-01-post.md'), `---\n${frontMatter()}\n---\nOne.\n`);
    await fs.writeFile(path.join(folder, '2024-02-01-other.md'), `---\n${frontMatter({ slug: 'post' })}\n---\nTwo.\n`);
    const error = await loadArticles(folder).catch((e) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(
      /2024-02-01-other\.md:5: its URL \/article\/post is also the URL of .*2024-01-01-post\.md/,
    );
  });

  it('refuse a slug that is no URL segment, or digits that /article/N would read as a number', async () => {
    for (const slug of ['My Post', '2024', 'a/b', "''", 'post-']) {
      expect(await failure('Body.', { fields: { slug } })).toMatch(
        /post\.md:5: "slug" is not valid; write it as slug: /,
      );
    }
    const folder = await fs.mkdtemp(path.join(dir, 'date-only-'));
    await fs.writeFile(path.join(folder, '2024-01-01.md'), `---\n${frontMatter()}\n---\nOne.\n`);
    expect((await loadArticles(folder).catch((e) => e)).message).toMatch(
      /2024-01-01\.md: the file name gives no usable URL \(""\); name it like 2024-02-01-my-post\.md, or add slug: /,
    );
  });

  it('copies an image beside the file under a content-hashed name, with its size, and captions it', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"></svg>';
    const [article] = await load('![A chart](chart.svg "Review time")', { files: { 'chart.svg': svg } });
    const [[url, source]] = [...article.images];
    expect(url).toMatch(/^\/static\/media\/chart\.[0-9a-f]{8}\.svg$/);
    expect(source.toString()).toBe(svg);
    expect(article.html).toBe(
      `<figure><img src="${url}" alt="A chart" loading="lazy" decoding="async" width="320" height="180"><figcaption>Review time</figcaption></figure>`,
    );
  });
});

describe('a large blog', () => {
  // Bodies no earlier run rendered, so that none comes from the render cache.
  const run = `${Date.now()}-${Math.random()}`;
  const body = (i) => `## Part ${i}\n\nRun ${run}.\n\n![A chart](chart.svg)\n\n\`\`\`js\nconst n = ${i};\n\`\`\`\n`;
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="18"></svg>';

  async function folderOf(count, bodyOf) {
    const folder = await fs.mkdtemp(path.join(dir, 'many-'));
    await fs.writeFile(path.join(folder, 'chart.svg'), svg);
    for (let i = 0; i < count; i += 1)
      await fs.writeFile(
        path.join(folder, `post-${i}.md`),
        `---\n${frontMatter({ title: `Post ${i}` })}\n---\n\n${bodyOf(i)}`,
      );
    return folder;
  }

  it('is rendered in worker threads as it is one article at a time', async () => {
    const articles = await loadArticles(await folderOf(WORKERS_FROM, body));
    expect(articles).toHaveLength(WORKERS_FROM);
    for (const article of articles) {
      const i = Number(/post-(\d+)/.exec(article.file)[1]);
      const alone = await renderMarkdown(body(i), { file: article.file, images: new Map(), renamed: new Map() });
      expect(article.html).toBe(alone.html);
      const [[url, bytes]] = [...article.images];
      expect(url).toMatch(/^\/static\/media\/chart\.[0-9a-f]{8}\.svg$/);
      expect(Buffer.isBuffer(bytes) && bytes.toString()).toBe(svg);
    }
  });

  it('names a mistake in one of its articles in one line, as for one article', async () => {
    const folder = await folderOf(WORKERS_FROM, (i) => (i === 7 ? `${body(i)}\n<script>alert(1)</script>\n` : body(i)));
    const error = await loadArticles(folder).catch((e) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect(error.message).toMatch(/post-7\.md:\d+: a <script> element is not allowed/);
  });
});

describe('the live preview', () => {
  it('gets a new revision (and so reloads the page) when an article is added or edited, the same when nothing changed', async () => {
    const folder = await fs.mkdtemp(path.join(dir, 'preview-'));
    const write = (name, text) => fs.writeFile(path.join(folder, name), `---\n${frontMatter()}\n---\n\n${text}\n`);
    // As the preview does: the articles' files written into its folder, whose revision articles.js carries.
    const site = await openSiteFolder(await fs.mkdtemp(path.join(dir, 'preview-site-')), { sweep: false });
    const previewRevision = async () => {
      await writeArticleFiles(await loadArticles(folder), site.dir);
      return site.revision();
    };
    await write('first.md', 'The first.');
    const one = await previewRevision();
    expect(await previewRevision()).toBe(one);
    await write('second.md', 'The second.');
    const two = await previewRevision();
    expect(two).not.toBe(one);
    await write('first.md', 'The first, edited.');
    expect(await previewRevision()).not.toBe(two);
  });
});

describe('content mistakes: one line naming the file, the line and the fix', () => {
  it('a <script>', async () => {
    expect(await failure('Fine.\n\n<script>alert(1)</script>')).toMatch(
      /post\.md:9: a <script> element is not allowed/,
    );
  });

  it('a formula that does not parse', async () => {
    expect(await failure('Fine.\n\nSee $\\frac{1}{$ here.')).toMatch(
      /post\.md:9: the formula \$\\frac\{1\}\{\$ does not parse: Unexpected end of input/,
    );
    expect(await failure('Fine.\n\n$$\n\\begin{nothing}\n$$')).toMatch(
      /post\.md:9: the formula \$\$\\begin\{nothing\}\$\$ does not parse: No such environment: nothing/,
    );
  });

  it('a diagram that does not parse, and one without a name', async () => {
    expect(await failure('Fine.\n\n```mermaid\nflowchart LR\n  A[Start --> B\n```')).toMatch(
      /post\.md:11: the diagram does not parse: expecting 'SQE', .*, got the end of the diagram$/,
    );
    expect(await failure('Fine.\n\n```mermaid\ngrph TD\n  A --> B\n```')).toMatch(
      /post\.md:10: the diagram does not parse: No diagram type detected/,
    );
    expect(await failure('```mermaid\nflowchart LR\n  A --> B\n```')).toMatch(
      /post\.md:7: the diagram has no name for screen readers: give it one \(accTitle: …\) or write a sentence before it$/,
    );
  });

  it('an inline event handler', async () => {
    expect(await failure('<img src="https://example.com/a.png" alt="" onerror="alert(1)">')).toMatch(
      /post\.md:7: the inline event handler onerror="…" on <img> is not allowed/,
    );
  });

  it('an image or a frame from a site the policy does not name', async () => {
    expect(await failure('![a chart](https://charts.example/a.png)')).toMatch(
      /post\.md:7: the image https:\/\/charts\.example\/a\.png comes from https:\/\/charts\.example, which the site's policy does not allow: add 'https:\/\/charts\.example' to externalOrigins\.images in webapp\/src\/data\/policy\.js/,
    );
    expect(await failure('<img src="//charts.example/a.png" alt="">')).toMatch(/comes from https:\/\/charts\.example/);
    expect(await failure('<img src="http://charts.example/a.png" alt="">')).toMatch(/over plain HTTP/);
    expect(await failure('<iframe src="https://video.example/embed/1" title="A talk"></iframe>')).toMatch(
      /post\.md:7: the embedded page https:\/\/video\.example\/embed\/1 comes from https:\/\/video\.example/,
    );
  });

  it('a javascript: URL, however it is spelled', async () => {
    expect(await failure('[click](javascript:alert(1))')).toMatch(
      /post\.md:7: a javascript: URL in <a> is not allowed/,
    );
    expect(await failure('<a href=" JaVa\tScRiPt:alert(1)">x</a>')).toMatch(/a javascript: URL in <a> is not allowed/);
  });

  it('a missing image', async () => {
    expect(await failure('Text.\n\n![A chart](missing.png)')).toMatch(
      /post\.md:9: the image missing\.png is not there; put the file at .*missing\.png/,
    );
  });

  it('an alias that is not a plain path', async () => {
    for (const alias of ['old/path', '/old?p=1', '/old#top', '/../etc', '/old path', '/']) {
      expect(await failure('x', { fields: { aliases: `['${alias}']` } })).toMatch(
        /post\.md:\d+: "aliases" is not valid; write it as aliases: \[\/old\/path, \/article\/old-slug\]/,
      );
    }
  });

  it('an update before the date', async () => {
    expect(await failure('x', { fields: { date: '2024-05-01', updated: '2024-04-30' } })).toMatch(
      /post\.md:\d+: updated: 2024-04-30 is before its date 2024-05-01; give the day of the last change, or remove the line/,
    );
  });

  it('a missing, unknown or malformed front-matter field', async () => {
    expect(await failure('x', { fields: { description: undefined } })).toMatch(
      /post\.md: the front matter has no "description"; add description: /,
    );
    expect(await failure('x', { fields: { categories: '[a]' } })).toMatch(
      /post\.md:5: unknown front-matter field "categories"; the fields are title, date, updated, description, keywords, tags, style, slug, image, series, aliases, draft/,
    );
    expect(await failure('x', { fields: { keywords: 'Git' } })).toMatch(
      /post\.md:5: "keywords" is not valid; write it as keywords: \[Git, Code Review\]/,
    );
    expect(await failure('x', { raw: 'no front matter\n' })).toMatch(
      /post\.md:1: the file must start with front matter/,
    );
    expect(await failure('x', { raw: '---\ntitle: [unclosed\n---\n' })).toMatch(
      /post\.md:\d+: the front matter is not valid YAML/,
    );
  });

  it('a date that is not a day', async () => {
    expect(await failure('x', { fields: { date: '7 May 2023' } })).toMatch(
      /post\.md:3: "date" is not valid; write it as date: 2024-02-01 \(year-month-day/,
    );
    expect(await failure('x', { fields: { date: '2023-02-30' } })).toMatch(/post\.md:3: "date" is not a real day/);
  });
});

describe("the feed's copy of an article", () => {
  it('makes every link, image and picture candidate absolute', async () => {
    const { tree } = await renderMarkdown(
      '[home](/)\n\n<picture><source type="image/avif" srcset="/static/media/a-360.avif 360w, /static/media/a-720.avif 720w"><img src="/static/media/a.jpg" alt="a"></picture>',
      { file: 'inline.md' },
    );
    const html = absoluteHtml(tree, 'https://owner.example/article/1');
    expect(html).toContain(
      'srcset="https://owner.example/static/media/a-360.avif 360w, https://owner.example/static/media/a-720.avif 720w"',
    );
    for (const [, url] of html.matchAll(/ (?:href|src)="([^"]*)"/g)) expect(url).toMatch(/^https:\/\/owner\.example\//);
  });
});

describe('the table of contents', () => {
  const sections = (count) =>
    Array.from({ length: count }, (_, i) => `## Part ${i + 1}: the *why*\n\nText.\n\n### A detail\n`).join('\n');

  it(`lists the ## headings of an article with ${constants.contentsMinHeadings} or more, with their ids`, async () => {
    const { tree, html } = await renderMarkdown(sections(constants.contentsMinHeadings), { file: 'inline.md' });
    const contents = contentsOf(tree);
    expect(contents.map(({ text }) => text)).toEqual(
      Array.from({ length: constants.contentsMinHeadings }, (_, i) => `Part ${i + 1}: the why`),
    );
    for (const { id } of contents) expect(html).toContain(`<h2 id="${id}">`);
  });

  it('is empty for an article with fewer', async () => {
    const { tree } = await renderMarkdown(sections(constants.contentsMinHeadings - 1), { file: 'inline.md' });
    expect(contentsOf(tree)).toEqual([]);
  });
});

describe('srcset', () => {
  it('is read as the HTML standard reads it, commas inside a URL included', () => {
    expect(srcsetCandidates('/a-360.avif 360w, /a-720.avif 720w')).toEqual([
      { url: '/a-360.avif', descriptor: '360w' },
      { url: '/a-720.avif', descriptor: '720w' },
    ]);
    expect(srcsetCandidates('https://img.example/w_300,h_200/a.jpg 300w,/b.jpg 2x, /c.jpg, /d.jpg')).toEqual([
      { url: 'https://img.example/w_300,h_200/a.jpg', descriptor: '300w' },
      { url: '/b.jpg', descriptor: '2x' },
      { url: '/c.jpg', descriptor: '' },
      { url: '/d.jpg', descriptor: '' },
    ]);
  });
});

describe('tags', () => {
  it('are a list, each tag once however it is spelt, and join the meta keywords', async () => {
    const [article] = await load('Body.', {
      fields: { keywords: '[Git, Teamwork]', tags: "[Code Review, ' git', C++, C#, code review]" },
    });
    expect(article.summary.tags).toEqual(['Code Review', 'git', 'C++', 'C#']);
    expect(article.data.keywords).toEqual(['Git', 'Teamwork', 'Code Review', 'C++', 'C#']);
  });

  it('are listed most used first, named as the newest article writes them, each at its page', async () => {
    const folder = await fs.mkdtemp(path.join(dir, 'tags-'));
    const write = (name, date, tags) =>
      fs.writeFile(path.join(folder, name), `---\n${frontMatter({ date, tags })}\n---\nBody.\n`);
    await write('2024-01-01-a.md', '2024-01-01', '[rust, Testing]');
    await write('2024-02-01-b.md', '2024-02-01', '[Rust]');
    await write('2024-03-01-c.md', '2024-03-01', '[Accessibility]');
    expect(tagsOf(await loadArticles(folder))).toEqual([
      { name: 'Rust', path: '/tags/rust', count: 2 },
      { name: 'Accessibility', path: '/tags/accessibility', count: 1 },
      { name: 'Testing', path: '/tags/testing', count: 1 },
    ]);
  });

  it('link each article to the older and newer one and to those sharing most tags', async () => {
    const folder = await fs.mkdtemp(path.join(dir, 'neighbours-'));
    const write = (date, tags) =>
      fs.writeFile(
        path.join(folder, `${date}-post-${date.slice(5, 7)}.md`),
        `---\n${frontMatter({ date, tags })}\n---\nBody.\n`,
      );
    await write('2024-01-01', '[Rust, Testing]');
    await write('2024-02-01', '[Rust]');
    await write('2024-03-01', '[Accessibility]');
    await write('2024-04-01', '[Rust, Testing, CI]');
    await write('2024-05-01', '[Testing]');
    await write('2024-06-01', '[Rust]');
    const linked = Object.fromEntries((await loadArticles(folder)).map((a) => [a.summary.isoDate, a.data]));
    const paths = (links) => links.map((link) => link?.path ?? null);
    expect(paths([linked['2024-01-01'].previous, linked['2024-01-01'].next])).toEqual([null, '/article/post-02']);
    expect(paths([linked['2024-06-01'].previous, linked['2024-06-01'].next])).toEqual(['/article/post-05', null]);
    expect(linked['2024-03-01'].next).toEqual({ path: '/article/post-04', title: 'A title' });
    // Two shared tags before one; then the newest; at most three; never itself.
    expect(paths(linked['2024-01-01'].related)).toEqual(['/article/post-04', '/article/post-06', '/article/post-05']);
    expect(paths(linked['2024-03-01'].related)).toEqual([]);
  });

  it('must be a list of words, in one line naming the file', async () => {
    for (const tags of ['Git', "['']", '[Git, 3]', "['!!']"]) {
      expect(await failure('Body.', { fields: { tags } })).toMatch(
        /post\.md:5: "tags" is not valid; write it as tags: \[Git, Code Review\]/,
      );
    }
  });
});

describe('drafts', () => {
  it('are left out of the build and shown marked where drafts are asked for', async () => {
    const folder = await fs.mkdtemp(path.join(dir, 'drafts-'));
    const write = (name, fields) => fs.writeFile(path.join(folder, name), `---\n${frontMatter(fields)}\n---\nBody.\n`);
    await write('2024-01-01-a.md', { title: 'Published', draft: 'false' });
    await write('2024-02-01-b.md', { title: 'Unfinished', draft: 'true' });
    await write('2024-03-01-c.md', { title: 'Also published' });
    const built = await loadArticles(folder);
    expect(built.map((a) => [a.summary.title, a.summary.draft])).toEqual([
      ['Also published', undefined],
      ['Published', undefined],
    ]);
    const preview = await loadArticles(folder, { drafts: true });
    expect(preview.map((a) => [a.summary.title, a.summary.draft, a.data.draft])).toEqual([
      ['Also published', undefined, undefined],
      ['Unfinished', true, true],
      ['Published', undefined, undefined],
    ]);
  });

  it('need draft: true or false, in the build too', async () => {
    for (const value of ['yes', '"true"', '1']) {
      expect(await failure('Body.', { fields: { draft: value } })).toMatch(
        /post\.md:5: "draft" is not valid; write it as draft: true/,
      );
    }
  });
});
