import { describe, expect, it, vi } from 'vitest';

// The real main.jsx, with React's root mocked and web-vitals counted.
const probe = vi.hoisted(() => ({ webVitalsLoads: 0, render: null }));
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
}));

describe('main.jsx start-up', () => {
  it('mounts the app into #root, loads no web-vitals and no tag manager', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await import('../src/main.jsx');
    await new Promise((r) => setTimeout(r, 50));
    expect(probe.render.container).toBe(document.getElementById('root'));
    expect(probe.webVitalsLoads).toBe(0);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
