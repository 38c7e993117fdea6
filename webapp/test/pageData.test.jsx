// Content a page waits for (src/pageData.js): content that arrives after
// the render that asked for it is shown, with nothing for React to report.
import { Suspense, startTransition, useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { loadData, setDataSource, useSettled } from '../src/pageData.js';
import { readPageData } from './articles.js';

afterEach(() => {
  setDataSource(readPageData);
  vi.restoreAllMocks();
});

function Shows({ url }) {
  return <p>{useSettled(loadData(url)).text}</p>;
}

/** What a move to another page does: a transition to a page that reads content. */
function Gate() {
  const [shown, setShown] = useState(false);
  if (shown) return <Shows url="/later.json" />;
  return (
    <button type="button" onClick={() => startTransition(() => setShown(true))}>
      show
    </button>
  );
}

it('shows content that arrives after the render that asked for it, and React reports nothing', async () => {
  const errors = vi.spyOn(console, 'error');
  // As a fetch does: the content arrives while React waits on it, as it does on a move to another page.
  setDataSource(() => new Promise((resolve) => setTimeout(() => resolve({ text: 'arrived' }), 10)));
  render(
    <Suspense fallback={<p>waiting</p>}>
      <Gate />
    </Suspense>,
  );
  // A click as the browser sends it, outside act(), which would hold the transition's retry back.
  screen.getByRole('button', { name: 'show' }).click();
  expect(await screen.findByText('arrived')).toBeInTheDocument();
  expect(errors).not.toHaveBeenCalled();
});
