/**
 * Core Web Vitals reporting. The web-vitals library is a separate chunk
 * that is only fetched when a reporting callback is given; main.jsx calls
 * this without one, so a normal visit never downloads it.
 *
 * Returns a promise that settles once the metric listeners are attached,
 * or null when nothing was loaded.
 */
export default function reportWebVitals(onReport) {
  if (typeof onReport !== 'function') return null;
  return import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    onCLS(onReport);
    onFCP(onReport);
    onINP(onReport);
    onLCP(onReport);
    onTTFB(onReport);
  });
}
