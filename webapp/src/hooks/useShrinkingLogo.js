/**
 * The home logo's states (spec §4), as a pure function and a hook.
 *
 * size = 80 − 0.4 × scrollY on every scroll event. While the size is above
 * 40 the logo is inline and follows it; at 40 or below it becomes a fixed,
 * round badge (drawn at 40 px). If the computed size exceeds the last
 * recorded size, the badge is turned off and the size updated.
 */
import { useEffect, useState } from 'react';
import { constants } from '../data/index.js';

export const initialLogoState = Object.freeze({ size: constants.logoInitialSize, badge: false });

/** Logo size for a scroll offset (negative offsets, e.g. iOS overscroll, count as 0). */
export function logoSizeAt(scrollY) {
  return constants.logoInitialSize - constants.logoScrollFactor * Math.max(0, scrollY);
}

/** Next logo state after a scroll event at `scrollY`, given the previous state. */
export function nextLogoState(prev, scrollY) {
  const computed = logoSizeAt(scrollY);
  if (computed > prev.size) {
    // Growing past the last recorded size: the badge is turned off.
    return sameOr(prev, { size: computed, badge: false });
  }
  if (computed > constants.logoBadgeThreshold) {
    return sameOr(prev, { size: computed, badge: false });
  }
  return sameOr(prev, { size: constants.logoBadgeThreshold, badge: true });
}

function sameOr(prev, next) {
  return prev.size === next.size && prev.badge === next.badge ? prev : next;
}

/**
 * Current logo state; follows window scroll events (passive listener) while
 * mounted. The first render is always the initial state (as in the
 * prerendered HTML, so hydration matches); the effect then catches up with
 * a page that was already scrolled, e.g. by the browser restoring the
 * position on reload.
 */
export function useShrinkingLogo() {
  const [state, setState] = useState(initialLogoState);
  useEffect(() => {
    const onScroll = () => setState((prev) => nextLogoState(prev, window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    if (window.scrollY > 0) onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return state;
}
