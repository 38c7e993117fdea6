/**
 * Diagrams in articles: a ```mermaid block becomes an inline SVG at build
 * time, so the page loads no diagram script. Mermaid itself draws it, with
 * its own parser (a mistake is found as GitHub would find it), in the
 * headless Chromium the end-to-end tests use (playwright-core; Mermaid
 * measures text in a browser). Chromium starts only when an article has a
 * diagram not drawn by an earlier build: each drawing is kept in the cache
 * folder (paths.mjs) under the hash of its source and of the site's colours.
 *
 * Drawn twice, in the light and the dark theme's colours (global.css), and
 * merged into one SVG whose colours are `light-dark(light, dark)`, so it
 * follows the theme switch as the page does. Named for screen readers by
 * its `accTitle:`, else its title (front matter `title:`, or a `title` line),
 * else by the paragraph before it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { toString as textOf } from 'hast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';
import { launchChromium } from './chromium.mjs';
import { writeWhole } from './keptFiles.mjs';
import { sitePalette } from './palette.mjs';
import { cacheDir, rootDir } from './paths.mjs';

const mermaidScript = path.join(rootDir, 'node_modules/mermaid/dist/mermaid.min.js');
const diagramCacheDir = path.join(cacheDir, 'portfolio-diagrams');
const TOOLS = [
  readFileSync(import.meta.filename, 'utf8'),
  JSON.parse(readFileSync(path.join(rootDir, 'node_modules/mermaid/package.json'), 'utf8')).version,
];

/** The colours of global.css a diagram is drawn in. */
export const DIAGRAM_COLOURS = ['bg', 'surface', 'ink', 'muted', 'border-strong', 'accent', 'accent-soft'];

/** Mermaid's theme variables ('base' theme) in one theme's colours. */
const themeVariables = (colours, darkMode) => ({
  darkMode,
  background: colours.bg,
  primaryColor: colours['accent-soft'],
  primaryTextColor: colours.ink,
  primaryBorderColor: colours.accent,
  secondaryColor: colours.surface,
  tertiaryColor: colours.surface,
  lineColor: colours.muted,
  textColor: colours.ink,
  noteBkgColor: colours.surface,
  noteTextColor: colours.ink,
  noteBorderColor: colours['border-strong'],
  fontFamily: MEASURED_FONT,
});

/**
 * The font Mermaid sizes the boxes with. Each reader's browser sets the
 * text in the page's own font (the SVG inherits it); DejaVu Sans is wider
 * than the usual system fonts, so the text fits its boxes in all of them.
 */
const MEASURED_FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

let shared = null;
let users = 0;
let queue = Promise.resolve();
/**
 * Runs `draw(page)` on the shared page with Mermaid loaded, one drawing at a
 * time (Mermaid's settings are global to the page). Chromium starts on first
 * use and stops once no one draws.
 */
async function onMermaidPage(draw) {
  users += 1;
  try {
    shared ??= openMermaidPage();
    const { page } = await shared;
    const turn = queue.then(() => draw(page));
    queue = turn.catch(() => {});
    return await turn;
  } finally {
    users -= 1;
    if (users === 0) {
      const closing = shared;
      shared = null;
      await (await closing.catch(() => null))?.browser.close();
    }
  }
}

async function openMermaidPage() {
  const browser = await launch();
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ path: mermaidScript });
  return { browser, page };
}

async function launch() {
  try {
    return await launchChromium('drawing a diagram');
  } catch (error) {
    throw new DiagramError(error.message);
  }
}

/** Why this machine could not draw a diagram (no browser), told at the diagram's line. */
class DiagramError extends Error {}

/**
 * Draws `source` as the SVG `id`, in both themes: `{ light, dark }`, or
 * `{ error }`, Mermaid's message when it does not parse.
 */
function drawBoth(source, id, palette) {
  return onMermaidPage((page) =>
    page.evaluate(
      async ({ source, id, themes }) => {
        const draw = async (variables) => {
          globalThis.mermaid.initialize({
            startOnLoad: false,
            securityLevel: 'strict',
            theme: 'base',
            themeVariables: variables,
            fontFamily: variables.fontFamily,
            // Labels as SVG text, not HTML in a <foreignObject>: valid in an HTML page, drawn by every reader.
            htmlLabels: false,
            // Its shapes' curves are drawn with random points unless seeded: the same each time, in each theme.
            handDrawnSeed: 1,
            flowchart: { htmlLabels: false },
          });
          return (await globalThis.mermaid.render(id, source)).svg;
        };
        try {
          await globalThis.mermaid.parse(source);
          return { light: await draw(themes.light), dark: await draw(themes.dark) };
        } catch (error) {
          return { error: String(error?.message ?? error) };
        }
      },
      {
        source,
        id,
        themes: { light: themeVariables(palette.light, false), dark: themeVariables(palette.dark, true) },
      },
    ),
  );
}

/**
 * Every id of `svg` as `${id}-…`, numbered in order of appearance (Mermaid
 * names some elements from counters that run across drawings: `actor0`),
 * so that two diagrams on a page have no id in common and the two themes'
 * drawings are alike.
 */
export function ownIds(svg, id) {
  const names = new Map();
  for (const [, name] of svg.matchAll(/\sid="([^"]+)"/g)) {
    if (name !== id && !names.has(name)) names.set(name, `${id}-${names.size + 1}`);
  }
  const escaped = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let renamed = svg;
  for (const [name, own] of names) {
    renamed = renamed.replace(
      new RegExp(`(\\sid="|#|\\s(?:aria-labelledby|aria-describedby)="(?:[^"]* )?)${escaped(name)}(?=["\\s)])`, 'g'),
      `$1${own}`,
    );
  }
  return renamed;
}

const COLOUR = /#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)/g;

/**
 * One SVG for both themes from two drawings alike but for their colours:
 * each colour that differs as `light-dark(light, dark)`. Null when they
 * differ otherwise.
 */
export function bothThemes(light, dark) {
  const lightParts = light.split(COLOUR);
  const darkParts = dark.split(COLOUR);
  if (lightParts.length !== darkParts.length || lightParts.some((part, index) => part !== darkParts[index])) {
    return null;
  }
  const lightColours = light.match(COLOUR) ?? [];
  const darkColours = dark.match(COLOUR) ?? [];
  return lightParts
    .map((part, index) => {
      if (index === lightParts.length - 1) return part;
      const [a, b] = [lightColours[index], darkColours[index]];
      return part + (a === b ? a : `light-dark(${a}, ${b})`);
    })
    .join('');
}

/** Mermaid's error as one line: where it stopped, what it expected (the first few), what it met. */
function reasonOf(message) {
  const lines = message.split('\n').map((line) => line.trim());
  const expecting = lines.find((line) => line.startsWith('Expecting '));
  if (!expecting) return lines[0];
  const [, wanted, got] = /^Expecting (.*), got (.*)$/.exec(expecting) ?? [null, expecting, null];
  const tokens = wanted.split(', ');
  const shown = tokens.length > 4 ? `${tokens.slice(0, 4).join(', ')}, …` : wanted;
  // Jison names the end of the text by its number, 1.
  const met = got === "'1'" ? 'the end of the diagram' : got;
  return `expecting ${shown}${met ? `, got ${met}` : ''}`;
}

/** The drawing of `source` as the SVG `id`: from the cache, or drawn (see drawBoth) and kept. */
async function drawing(source, id, palette) {
  const name = createHash('sha256')
    .update(JSON.stringify([TOOLS, source, id, palette]))
    .digest('hex');
  const file = path.join(diagramCacheDir, `${name}.svg`);
  const kept = await fs.readFile(file, 'utf8').catch(() => null);
  if (kept?.startsWith('<svg') && kept.endsWith('</svg>')) return { svg: kept };
  const drawn = await drawBoth(source, id, palette);
  if (drawn.error) return drawn;
  const light = ownIds(drawn.light, id);
  // A drawing whose two themes differ in more than colours is shown in the light one, on its own background.
  const merged =
    bothThemes(light, ownIds(drawn.dark, id)) ??
    light.replace(/^(<svg[^>]*\sstyle=")/, `$1background-color: ${palette.light.bg}; color-scheme: light; `);
  const svg = merged.replace(/(&quot;|")?DejaVu Sans\1?, Liberation Sans, Arial, sans-serif/g, 'inherit');
  await writeWhole(file, svg);
  return { svg };
}

/**
 * The title the diagram's source gives it: its front matter's `title:`, or
 * a `title …` line (Gantt, pie, journey, timeline, XY and quadrant charts).
 */
export function writtenTitle(source) {
  const front = /^\s*---\s*\n([\s\S]*?)\n\s*---\s*\n/.exec(source);
  const fromFront = front && /^\s*title:\s*(.+?)\s*$/m.exec(front[1]);
  if (fromFront) return fromFront[1].replace(/^(['"])(.*)\1$/, '$2');
  const body = front ? source.slice(front[0].length) : source;
  return /^\s*(?:pie\s+)?title\s+(.+?)\s*$/m.exec(body)?.[1] ?? '';
}

/** The text of the element before `index` in `parent`, the diagram's name when Mermaid gives it none. */
function textBefore(parent, index) {
  const before = parent.children.slice(0, index).findLast((node) => node.type === 'element');
  return before ? textOf(before).replace(/\s+/g, ' ').trim() : '';
}

/** The text of the SVG's <title> (its accTitle), unescaped. */
const titleOf = (svg) =>
  (/<title[^>]*>([^<]*)<\/title>/.exec(svg)?.[1] ?? '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * rehype plugin, before rehype-raw: each `<pre><code class="language-mermaid">`
 * as the drawn SVG in a `<figure class="diagram">`. `fail(node, what)` stops
 * the build at a diagram that does not parse or has no name.
 */
export function mermaidDiagrams({ fail }) {
  return async (tree) => {
    const found = [];
    visit(tree, 'element', (node, index, parent) => {
      const code = node.tagName === 'pre' && node.children.find((child) => child.tagName === 'code');
      if (!code || ![code.properties.className ?? []].flat().includes('language-mermaid')) return;
      found.push({ node, index, parent, source: textOf(code) });
      return SKIP;
    });
    if (found.length === 0) return;
    const palette = await sitePalette(DIAGRAM_COLOURS);
    const drawn = await Promise.all(
      found.map(({ node, source }, number) =>
        drawing(source, `mermaid-diagram-${number + 1}`, palette).catch((error) => {
          if (error instanceof DiagramError) fail(node, error.message);
          throw error;
        }),
      ),
    );
    for (const [number, { node, index, parent, source }] of found.entries()) {
      const { svg, error } = drawn[number];
      const fence = node.position?.start.line;
      if (error) {
        const lines = source.trimEnd().split('\n').length;
        const line = Math.min(Number(/on line (\d+)/.exec(error)?.[1] ?? 1), lines);
        fail(
          fence ? { position: { start: { line: fence + line } } } : node,
          `the diagram does not parse: ${reasonOf(error)}`,
        );
      }
      const labelled = /^<svg[^>]*\saria-labelledby="/.test(svg);
      const name = labelled ? '' : writtenTitle(source) || textBefore(parent, index);
      if (!labelled && !name) {
        fail(
          node,
          'the diagram has no name for screen readers: give it one (accTitle: …) or write a sentence before it',
        );
      }
      const named = svg
        .replace(
          /^<svg([^>]*?)\srole="[^"]*"/,
          `<svg$1 role="img"${labelled ? '' : ` aria-label="${name.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`}`,
        )
        // Shrunk to fit a narrow column down to 36rem at most, so its text stays readable; then scrolled.
        .replace(/^(<svg[^>]*\sstyle="max-width: )([\d.]+px);/, '$1$2; min-width: min($2, 36rem);');
      parent.children[index] = {
        type: 'element',
        tagName: 'figure',
        // Scrolled when wider than the column (ArticleBody.css): reached with Tab, as a code block is.
        properties: { className: ['diagram'], role: 'region', tabIndex: 0, ariaLabel: name || titleOf(svg) },
        children: [{ type: 'raw', value: named }],
        position: node.position,
      };
    }
  };
}
