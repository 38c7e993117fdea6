// The theme switch (components/ThemeSwitch.jsx, theme.js): what the
// prerender renders, what the button says, and what a click changes.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import ThemeSwitch from '../src/components/ThemeSwitch.jsx';
import { THEME_KEY, themeBootScript } from '../src/theme.js';
import { ui } from '../src/data/index.js';
import { renderApp } from './render.jsx';

describe('theme switch', () => {
  it('is disabled, with no state, in the prerendered page: the theme is only known in the browser', () => {
    const html = renderToString(<ThemeSwitch />);
    expect(html).toMatch(/^<button type="button" class="theme-switch" disabled="" aria-label="[^"]+" title="[^"]+">/);
    expect(html).not.toContain('aria-pressed');
  });

  it('is a toggle button in the nav, pressed while the dark theme is shown, and remembers the choice', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const button = screen.getByRole('button', { name: ui.darkTheme });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
  });

  it('follows the system setting until the visitor chooses', () => {
    const system = window.matchMedia;
    window.matchMedia = (media) => ({ media, matches: true, addEventListener() {}, removeEventListener() {} });
    try {
      renderApp('/');
      expect(screen.getByRole('button', { name: ui.darkTheme })).toHaveAttribute('aria-pressed', 'true');
    } finally {
      window.matchMedia = system;
    }
  });

  it('the inline script applies a remembered choice, and only a valid one', () => {
    for (const [stored, applied] of [
      ['dark', 'dark'],
      ['light', 'light'],
      ['purple', undefined],
      [null, undefined],
    ]) {
      delete document.documentElement.dataset.theme;
      if (stored === null) localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, stored);
      new Function(themeBootScript)();
      expect(document.documentElement.dataset.theme).toBe(applied);
    }
  });
});
