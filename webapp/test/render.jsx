// Test helper: render the whole app in a MemoryRouter at a path.
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import App from '../src/App.jsx';

export function renderApp(entries = ['/'], initialIndex) {
  const list = Array.isArray(entries) ? entries : [entries];
  return render(
    <MemoryRouter initialEntries={list} initialIndex={initialIndex ?? list.length - 1}>
      <App />
    </MemoryRouter>,
  );
}

export function metaContent(name) {
  return document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}
