/**
 * The theme switch in the nav: a toggle button ("Dark theme", pressed when
 * the dark theme is shown). The theme is only known in the browser, so the
 * prerendered page and the hydration render hold the button disabled, and
 * hidden (out of sight and of the accessibility tree, its place kept);
 * right after hydration it is enabled with its state, the same element, so
 * nothing moves. Without JavaScript the page simply follows the system setting.
 */
import { useSyncExternalStore } from 'react';
import { ui } from '../data/index.js';
import { currentTheme, setTheme, subscribeTheme } from '../theme.js';
import './ThemeSwitch.css';

const unknownOnTheServer = () => null;

export default function ThemeSwitch() {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, unknownOnTheServer);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="theme-switch"
      disabled={theme === null}
      aria-pressed={theme === null ? undefined : dark}
      aria-label={ui.darkTheme}
      title={ui.darkTheme}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      {/* A crescent moon, filled while the dark theme is on. */}
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z"
          fill={dark ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
