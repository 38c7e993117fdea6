import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderApp } from './render.jsx';
import { initialLogoState, logoSizeAt, nextLogoState } from '../src/hooks/useShrinkingLogo.js';

function scrollWindowTo(y) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

function logoState() {
  const el = screen.getByTestId('home-logo');
  const img = el.querySelector('img');
  return {
    size: Number(el.dataset.logoSize),
    state: el.dataset.logoState,
    badge: el.classList.contains('home-logo--badge'),
    imgWidth: Number(img.getAttribute('width')),
    imgHeight: Number(img.getAttribute('height')),
  };
}

describe('home logo (spec §4)', () => {
  it('follows real scroll events: 80, 60, 40 badge, badge, then 80 inline', () => {
    scrollWindowTo(0);
    renderApp('/');
    expect(logoState()).toEqual({ size: 80, state: 'inline', badge: false, imgWidth: 80, imgHeight: 80 });

    scrollWindowTo(0);
    expect(logoState()).toMatchObject({ size: 80, state: 'inline', badge: false });

    scrollWindowTo(50);
    expect(logoState()).toEqual({ size: 60, state: 'inline', badge: false, imgWidth: 60, imgHeight: 60 });

    scrollWindowTo(100);
    expect(logoState()).toEqual({ size: 40, state: 'badge', badge: true, imgWidth: 40, imgHeight: 40 });
    expect(screen.getByTestId('home-logo')).toHaveAttribute('data-badge', 'true');

    scrollWindowTo(400);
    expect(logoState()).toMatchObject({ state: 'badge', badge: true, size: 40 });

    scrollWindowTo(0);
    expect(logoState()).toEqual({ size: 80, state: 'inline', badge: false, imgWidth: 80, imgHeight: 80 });
    expect(screen.getByTestId('home-logo')).toHaveAttribute('data-badge', 'false');
  });

  it('stops listening after unmount', () => {
    scrollWindowTo(0);
    const { unmount } = renderApp('/');
    const el = screen.getByTestId('home-logo');
    unmount();
    scrollWindowTo(50);
    expect(el.dataset.logoSize).toBe('80');
  });

  it('computes size = 80 − 0.4 × scrollY', () => {
    expect(logoSizeAt(0)).toBe(80);
    expect(logoSizeAt(25)).toBe(70);
    expect(logoSizeAt(99)).toBeCloseTo(40.4);
    expect(logoSizeAt(250)).toBe(-20);
  });

  it('is inline just above 40 and a badge at exactly 40', () => {
    expect(nextLogoState(initialLogoState, 99)).toEqual({ size: logoSizeAt(99), badge: false });
    expect(nextLogoState(initialLogoState, 100)).toEqual({ size: 40, badge: true });
  });

  it('turns the badge off when the computed size exceeds the last recorded size', () => {
    const badge = nextLogoState(initialLogoState, 400);
    expect(badge.badge).toBe(true);
    // Still at or below the threshold: stays a badge.
    expect(nextLogoState(badge, 120).badge).toBe(true);
    // Grows past the recorded size: badge off, size updated.
    expect(nextLogoState(badge, 90)).toEqual({ size: logoSizeAt(90), badge: false });
  });
});
