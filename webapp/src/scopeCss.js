/**
 * Prefix every selector of a small style sheet with a scope selector:
 * scopeCss('h2, p { color: red }', '.article-1') → '.article-1 h2, .article-1 p {color: red}'.
 * Rules inside @media blocks are scoped too; the @media line itself is kept.
 * Meant for the short per-article `style` strings of the data module.
 */
export function scopeCss(css, scope) {
  return css.replace(/([^{}]+)\{([^{}]*)\}/g, (_, selectors, body) => {
    const scoped = selectors
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => `${scope} ${s}`)
      .join(', ');
    return `${scoped} {${body.trim()}}`;
  });
}
