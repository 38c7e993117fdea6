import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChunkLoadTimeoutError, withTimeout } from '../src/chunks.js';
import { constants, ui } from '../src/data/index.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('withTimeout', () => {
  it('uses the 120000 ms constant', () => {
    expect(constants.chunkLoadTimeoutMs).toBe(120000);
  });

  it('rejects after 120000 ms, not before', async () => {
    vi.useFakeTimers();
    const never = new Promise(() => {});
    const result = withTimeout(never);
    let settled = null;
    result.then(
      () => (settled = 'resolved'),
      (e) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(119999);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadTimeoutError);
    expect(settled.message).toContain('120000');
  });

  it('resolves with the chunk when it arrives in time and clears its timer', async () => {
    vi.useFakeTimers();
    const result = withTimeout(Promise.resolve('chunk'));
    await expect(result).resolves.toBe('chunk');
    expect(vi.getTimerCount()).toBe(0);
  });
});

function Loaded() {
  return <p>Page loaded</p>;
}

// Fresh copies of chunks.js and the boundary for each test: chunks.js keeps
// module-level state (the pages whose chunk failed).
async function renderLazy(importer, onReload = vi.fn()) {
  vi.resetModules();
  const { lazyPage: freshLazyPage } = await import('../src/chunks.js');
  const { default: Boundary } = await import('../src/components/ChunkErrorBoundary.jsx');
  const Page = freshLazyPage('test', importer);
  return render(
    <Boundary onReload={onReload}>
      <Suspense fallback={<p role="status">{ui.loading}</p>}>
        <Page />
      </Suspense>
    </Boundary>,
  );
}

describe('lazy pages with ChunkErrorBoundary', () => {
  it('a chunk that never arrives shows Retry after 120000 ms; Retry loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    const importer = vi
      .fn()
      .mockReturnValueOnce(new Promise(() => {})) // first attempt hangs
      .mockResolvedValueOnce({ default: Loaded });
    await renderLazy(importer);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('status')).toHaveTextContent(ui.loading);
    expect(importer).toHaveBeenCalledTimes(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(119000);
    });
    expect(screen.queryByRole('button', { name: ui.chunkError.retry })).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(ui.chunkError.message);
    const retry = screen.getByRole('button', { name: ui.chunkError.retry });

    vi.useRealTimers();
    await userEvent.click(retry);
    expect(await screen.findByText('Page loaded')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a chunk that fails to load shows the message, and Retry re-attempts until it loads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Loaded });
    await renderLazy(importer);
    await userEvent.click(await screen.findByRole('button', { name: ui.chunkError.retry }));
    await userEvent.click(await screen.findByRole('button', { name: ui.chunkError.retry }));
    expect(await screen.findByText('Page loaded')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(3);
  });

  it('reloads the page when the loader hands back its cached failure (as Parcel does)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const cachedFailure = Promise.reject(new Error('Failed to fetch dynamically imported module'));
    cachedFailure.catch(() => {});
    const importer = vi.fn(() => cachedFailure);
    const reload = vi.fn();
    await renderLazy(importer, reload);
    await userEvent.click(await screen.findByRole('button', { name: ui.chunkError.retry }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('a timed-out import that arrives later is picked up by Retry without a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    let arrive;
    const slow = new Promise((resolve) => {
      arrive = () => resolve({ default: Loaded });
    });
    const importer = vi.fn(() => slow); // a caching loader: same promise every time
    const reload = vi.fn();
    await renderLazy(importer, reload);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(constants.chunkLoadTimeoutMs);
    });
    expect(screen.getByRole('button', { name: ui.chunkError.retry })).toBeInTheDocument();
    vi.useRealTimers();
    arrive();
    await userEvent.click(screen.getByRole('button', { name: ui.chunkError.retry }));
    expect(await screen.findByText('Page loaded')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
