import { beforeEach, describe, expect, it, vi } from 'vitest';

// Counts how often the web-vitals module is actually loaded.
const wv = vi.hoisted(() => ({ loads: 0, fns: {} }));
vi.mock('web-vitals', () => {
  wv.loads += 1;
  for (const name of ['onCLS', 'onFCP', 'onINP', 'onLCP', 'onTTFB']) wv.fns[name] = vi.fn();
  return wv.fns;
});

import reportWebVitals from '../src/reportWebVitals.js';

describe('reportWebVitals', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('does not import web-vitals without a callback (as main.jsx calls it)', async () => {
    expect(reportWebVitals()).toBeNull();
    expect(reportWebVitals('not a function')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(wv.loads).toBe(0);
  });

  it('imports web-vitals and wires the callback to every metric when one is given', async () => {
    const onReport = vi.fn();
    const done = reportWebVitals(onReport);
    expect(done).toBeInstanceOf(Promise);
    await done;
    expect(wv.loads).toBe(1);
    for (const name of ['onCLS', 'onFCP', 'onINP', 'onLCP', 'onTTFB']) {
      expect(wv.fns[name]).toHaveBeenCalledTimes(1);
      expect(wv.fns[name]).toHaveBeenCalledWith(onReport);
    }
  });
});
