/**
 * A Font Awesome icon by name: <Icon name="github" className="…" />, the
 * names being those of FontAwesome.jsx.
 *
 * The icon definitions and what draws them (FontAwesome.jsx) are a
 * separate script chunk under /static/js/, loaded on demand with the chunk
 * time-out (chunks.js), so they are not part of the script every page
 * needs first. A prerendered page already holds each
 * icon's <svg>: each icon is its own Suspense boundary, so the rest of the
 * page hydrates without waiting, and the icon is adopted as it is once the
 * chunk has arrived. Where an icon is rendered before that (a page opened by
 * a client-side navigation), or if the chunk cannot be loaded, an empty box
 * with the icon's classes takes its place: Font Awesome's .svg-inline--fa
 * rule gives it the icon's size, so nothing moves when the icon appears.
 */
import { Component, lazy, Suspense } from 'react';
import { withTimeout } from '../chunks.js';

const FontAwesome = lazy(() => withTimeout(import('./FontAwesome.jsx')));

function Placeholder({ className }) {
  return <span className={className ? `svg-inline--fa ${className}` : 'svg-inline--fa'} aria-hidden="true" />;
}

/** Keeps the placeholder when the icon chunk failed to load: an icon is never worth an error screen. */
class IconBoundary extends Component {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <Placeholder className={this.props.className} /> : this.props.children;
  }
}

export default function Icon({ name, className }) {
  return (
    <IconBoundary className={className}>
      <Suspense fallback={<Placeholder className={className} />}>
        <FontAwesome name={name} className={className} />
      </Suspense>
    </IconBoundary>
  );
}
