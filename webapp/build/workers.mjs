/**
 * Worker threads for the build's steps that keep a core busy (drawing share
 * cards, rendering Markdown): a pool a module, a thread a core (piscina). A
 * task and its answer are plain data (structured clone: a Buffer arrives as
 * a Uint8Array). Idle threads stop, so a finished build exits.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';

const pools = new Map();

/** Runs the default export of `module` (a file of this folder) on `task`, in a worker thread. */
export function inWorker(module, task) {
  if (!pools.has(module)) {
    const filename = path.join(import.meta.dirname, module);
    pools.set(module, new Piscina({ filename, maxThreads: availableParallelism(), idleTimeout: 100 }));
  }
  return pools.get(module).run(task);
}

/** `bytes` (a Uint8Array from a worker) as a Buffer, without a copy. */
export const asBuffer = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Promise.all, except that when several fail it throws the error of the
 * first in `promises`' order, not of the first to fail: a build with two
 * mistakes names the same one every time, however the threads ran.
 */
export async function allInOrder(promises) {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find(({ status }) => status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map(({ value }) => value);
}
