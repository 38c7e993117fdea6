// Icons: Font Awesome's icons, drawn from a chunk of their own (Icon.jsx,
// FontAwesome.jsx) as Font Awesome's FontAwesomeIcon draws them, styled by
// the one rule of its stylesheet the site keeps.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import Icon from '../src/components/Icon.jsx';
import { icons } from '../src/components/FontAwesome.jsx';

const srcDir = path.resolve(import.meta.dirname, '../src');
const require = createRequire(import.meta.url);

afterEach(() => {
  vi.restoreAllMocks();
  vi.doUnmock('../src/components/FontAwesome.jsx');
  vi.resetModules();
});

/** Every file under `dir`, recursively. */
function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The declarations of the first `selector { … }` block in `css`, whitespace normalised. */
function rule(css, selector) {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  const match = css.match(new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`));
  return match?.[1]
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
}

describe('icons', () => {
  it('only FontAwesome.jsx imports Font Awesome, so its code stays in that chunk', () => {
    const importers = filesUnder(srcDir)
      .filter((file) => /\.(jsx?|css)$/.test(file))
      .filter((file) => /['"]@fortawesome\//.test(fs.readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '')))
      .map((file) => path.relative(srcDir, file));
    expect(importers).toEqual(['components/FontAwesome.jsx']);
  });

  it("styles/icons.css holds Font Awesome's own .svg-inline--fa rule, as the installed package has it", () => {
    const ours = fs.readFileSync(path.join(srcDir, 'styles/icons.css'), 'utf8');
    const theirs = fs.readFileSync(require.resolve('@fortawesome/fontawesome-svg-core/styles.css'), 'utf8');
    expect(rule(theirs, '.svg-inline--fa')).toBeTruthy();
    expect(rule(ours, '.svg-inline--fa')).toEqual(rule(theirs, '.svg-inline--fa'));
  });

  it('draws the same <svg> as FontAwesomeIcon once the chunk has loaded', async () => {
    const { container, findByRole } = render(<Icon name="github" className="socials__icon" />);
    const svg = await findByRole('img', { hidden: true });
    const direct = renderToString(<FontAwesomeIcon icon={icons.github} className="socials__icon" />);
    expect(svg.outerHTML).toBe(direct);
    expect(container.querySelector('span')).toBeNull();
  });

  it('draws every icon as FontAwesomeIcon does, with and without a class', async () => {
    const { default: FontAwesome } = await import('../src/components/FontAwesome.jsx');
    for (const [name, definition] of Object.entries(icons)) {
      for (const className of [undefined, 'a b']) {
        expect(renderToString(<FontAwesome name={name} className={className} />), name).toBe(
          renderToString(<FontAwesomeIcon icon={definition} className={className} />),
        );
      }
    }
  });

  it('says in the console which icon it could not find, and draws nothing for it', async () => {
    const { default: FontAwesome } = await import('../src/components/FontAwesome.jsx');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(renderToString(<FontAwesome name="mastodon" className="x" />)).toBe('');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0].join(' ')).toMatch(/Could not find icon "mastodon".*github.*FontAwesome\.jsx/);
  });

  it('every icon name has a Font Awesome definition', () => {
    for (const [name, definition] of Object.entries(icons)) {
      expect(definition?.icon, name).toBeTruthy();
    }
  });

  it('hydrates a prerendered icon without a warning and without replacing its <svg>', async () => {
    const { prerender } = await import('react-dom/static');
    const { prelude } = await prerender(<Icon name="link" className="x" />);
    const html = await new Response(prelude).text();
    expect(html).toContain('data-icon="link"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const svg = container.querySelector('svg');
    const errors = vi.spyOn(console, 'error');
    let root;
    await act(async () => {
      root = hydrateRoot(container, <Icon name="link" className="x" />);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.querySelector('svg')).toBe(svg);
    expect(Object.keys(svg).some((key) => key.startsWith('__reactFiber$'))).toBe(true);
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it("keeps an empty box of the icon's size when the chunk cannot be loaded", async () => {
    vi.resetModules();
    vi.doMock('../src/components/FontAwesome.jsx', () => {
      throw new Error('network down');
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { default: FailingIcon } = await import('../src/components/Icon.jsx');
    const { container } = render(<FailingIcon name="github" className="socials__icon" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // The failure reached the boundary (React reports errors a boundary caught) …
    expect(errors.mock.calls.flat().join(' ')).toMatch(/error boundary you provided, IconBoundary/);
    // … which keeps the placeholder.
    const box = container.firstChild;
    expect(box.tagName).toBe('SPAN');
    expect(box).toHaveClass('svg-inline--fa', 'socials__icon');
    expect(box).toHaveAttribute('aria-hidden', 'true');
  });
});
