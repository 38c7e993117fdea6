/**
 * make-someone-elses.mjs starts from whatever content a copy has: an owner
 * whose site it already made someone else's (as `node
 * tests/copies/make-someone-elses.mjs .` does) runs tests/someone_elses.rs,
 * which applies it again. The content module alone is enough to run it on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const script = path.join(root, 'tests/copies/make-someone-elses.mjs');

/** The projects of the copy's projects.js, read anew. */
async function projectsOf(copy, round) {
  const file = path.join(copy, 'webapp/src/data/projects.js');
  return (await import(`${pathToFileURL(file).href}?${round}`)).projects;
}

test('applied to a site it already made someone else’s, it renames the same two projects, each title once', async () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'portfolio-someone-elses-'));
  try {
    for (const dir of ['webapp/src/data', 'webapp/src/images']) {
      fs.cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
    }
    const sample = await projectsOf(copy, 'sample');
    execFileSync('node', [script, copy], { stdio: 'pipe' });
    const once = await projectsOf(copy, 'once');
    execFileSync('node', [script, copy], { stdio: 'pipe' });
    const twice = await projectsOf(copy, 'twice');

    const renamed = ['Ferreira Tool 1', 'Ferreira Tool 2'];
    const expected = [...renamed, ...sample.slice(2).map(({ title }) => title)];
    assert.deepEqual(
      once.map(({ title }) => title),
      expected,
    );
    assert.deepEqual(
      twice.map(({ title }) => title),
      expected,
    );
    assert.deepEqual(
      twice.slice(0, 2).map(({ logo }) => logo),
      ['projects/ferreira-1.png', 'projects/ferreira-2.png'],
    );
    assert.deepEqual(
      twice.slice(2).map(({ logo }) => logo),
      sample.slice(2).map(({ logo }) => logo),
    );
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
