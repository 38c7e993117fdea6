/**
 * Formulas in articles: `$…$` inside a sentence and `$$…$$` on lines of
 * their own (remark-math) become MathML at build time (Temml), which
 * browsers draw natively: the page loads no script, stylesheet or font for
 * them.
 */
import temml from 'temml';
import { visit, SKIP } from 'unist-util-visit';

/**
 * remark plugin, after remark-math: an inline formula by Pandoc's rule,
 * its opening `$` followed by a non-space, its closing one preceded by a
 * non-space and not followed by a digit. Anything else between two dollar
 * signs (`$5 and $10`) was prose, and goes back to being text.
 */
export function dollarsInProse() {
  return (tree, vfile) => {
    const source = String(vfile.value);
    visit(tree, 'inlineMath', (node, index, parent) => {
      const { start, end } = node.position ?? {};
      const written = start ? source.slice(start.offset, end.offset) : `$${node.value}$`;
      const isFormula =
        /^\$+[^\s$]/.test(written) && /[^\s$]\$+$/.test(written) && !/\d/.test(source[end?.offset] ?? '');
      if (isFormula || !parent) return;
      parent.children[index] = { type: 'text', value: written, position: node.position };
      return SKIP;
    });
  };
}

/**
 * rehype plugin, right after remark-rehype: each formula (remark-math's
 * `<code class="math-inline">`, and `<pre><code class="language-math">` of
 * `$$` and of a ```math block) as Temml's MathML, for rehype-raw to parse.
 * `fail(node, what)` stops the build at a formula that does not parse.
 */
export function mathML({ fail }) {
  return (tree) => {
    visit(tree, 'element', (node, index, parent) => {
      const display = node.tagName === 'pre';
      const code = display ? node.children.find((child) => child.tagName === 'code') : node;
      if (code?.tagName !== 'code') return;
      // A fenced ```math block is a display formula too, as on GitHub.
      const classes = [code.properties.className ?? []].flat();
      if (!classes.includes(display ? 'language-math' : 'math-inline')) return;
      const tex = code.children.map((child) => child.value ?? '').join('');
      let markup;
      try {
        markup = temml.renderToString(tex, { displayMode: display, throwOnError: true });
      } catch (error) {
        const [reason] = error.message
          .replace(/^\s*Temml parse error:/, '')
          .trim()
          .split('\n');
        const cause = reason.trim().replace(/:$/, '');
        const fence = display ? '$$' : '$';
        fail(node, `the formula ${fence}${tex.trim()}${fence} does not parse: ${cause}`);
      }
      parent.children[index] = { type: 'raw', value: markup, position: node.position };
      return SKIP;
    });
  };
}
