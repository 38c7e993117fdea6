import { beforeEach, describe, expect, it, vi } from 'vitest';

// The real main.jsx, with React's roots mocked and web-vitals counted.
const probe = vi.hoisted(() => ({ webVitalsLoads: 0, render: null, hydrate: null }));
vi.mock('web-vitals', () => {
  probe.webVitalsLoads += 1;
  return { onCLS() {}, onFCP() {}, onINP() {}, onLCP() {}, onTTFB() {} };
});
vi.mock('react-dom/client', () => ({
  createRoot: vi.fn((container) => ({
    render: (element) => {
      probe.render = { container, element };
    },
  })),
  hydrateRoot: vi.fn((container, element) => {
    probe.hydrate = { container, element };
  }),
}));

beforeEach(() => {
  vi.resetModules();
  probe.render = null;
  probe.hydrate = null;
});

describe('main.jsx start-up', () => {
  it('hydrates a prerendered page, loads no web-vitals and no tag manager', async () => {
    document.body.innerHTML = '<div id="root"><div class="app">prerendered</div></div>';
    await import('../src/main.jsx');
    await new Promise((r) => setTimeout(r, 50));
    expect(probe.hydrate.container).toBe(document.getElementById('root'));
    expect(probe.render).toBeNull();
    expect(probe.webVitalsLoads).toBe(0);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('renders from scratch into an empty #root (the Parcel dev server)', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await import('../src/main.jsx');
    expect(probe.render.container).toBe(document.getElementById('root'));
    expect(probe.hydrate).toBeNull();
  });
});
