// The app's modules import each other without a cycle, lazy import()s
// included: a page can be read (and loaded) without the registry that
// lists it, and URL helpers import nothing of the app.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const srcDir = path.resolve(import.meta.dirname, '../src');

function modules(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(file);
    return /\.(js|jsx|mjs)$/.test(entry.name) ? [file] : [];
  });
}

/** The modules of webapp/src that `file` imports, statically or with import(). */
function importsOf(file) {
  // Without comments, which show imports as examples.
  const code = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]+)['"]/g)].map((match) => match[1]);
  return specifiers
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .filter((target) => /\.(js|jsx|mjs)$/.test(target) && fs.existsSync(target));
}

describe('imports', () => {
  it('form no cycle in webapp/src', () => {
    const graph = new Map(modules(srcDir).map((file) => [file, importsOf(file)]));
    const cycles = [];
    const state = new Map(); // file → 'visiting' | 'done'
    const visit = (file, trail) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        const cycle = trail.slice(trail.indexOf(file));
        cycles.push([...cycle, file].map((f) => path.relative(srcDir, f)).join(' → '));
        return;
      }
      state.set(file, 'visiting');
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(graph.size).toBeGreaterThan(20);
    expect(cycles).toEqual([]);
  });

  it('leave the URL helpers free of the app', () => {
    expect(importsOf(path.join(srcDir, 'urls.js'))).toEqual([]);
  });
});
