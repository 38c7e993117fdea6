// Every prerendered page, as the binary sends it, passes the Nu HTML Checker
// (the W3C validator's engine, npm's vnu-jar on the machine's Java): no
// error and no obsolete markup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import vnu from 'vnu-jar';
import { startServer } from './harness.mjs';
import { everyPage, report, sourceOf } from '../check/site.mjs';

test('every page passes the Nu HTML Checker with no error and no obsolete markup', async () => {
  const server = await startServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'portfolio-vnu-'));
  try {
    const files = new Map();
    for (const route of await everyPage(server.baseURL)) {
      const html = await (await fetch(server.baseURL + route)).text();
      const file = path.join(dir, `${files.size}.html`);
      writeFileSync(file, html);
      files.set(`file:${file}`, route);
    }
    // vnu exits 1 when it reports anything (information included): its JSON says what.
    const { stdout, stderr } = await promisify(execFile)(
      'java',
      ['-jar', vnu, '--format', 'json', '--exit-zero-always', ...[...files.keys()].map((f) => f.slice(5))],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr || stdout);
    const problems = messages
      .filter((m) => m.type === 'error' || /obsolete/i.test(m.message))
      .map(
        (m) =>
          `${sourceOf(files.get(m.url) ?? '')}: ${files.get(m.url) ?? m.url}, line ${m.lastLine} of its HTML: ${m.message}`,
      );
    report(problems);
    assert.ok(files.size >= 3, `${files.size} pages checked`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
});
