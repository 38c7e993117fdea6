/**
 * The durations of the tests a run of `npm test` ran, from the JUnit files
 * its three runners write (cargo-nextest, Vitest, node's test runner), for
 * the list of the slowest tests printed at its end and each step's count.
 */
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'testsuite' || name === 'testcase',
});

/** Every test case of a JUnit file, with its `suite` (Rust binary or test file), `name` and `seconds`. */
export function testCases(file) {
  const cases = [];
  const visit = (node, suite) => {
    for (const testCase of node.testcase ?? []) {
      // Node's runner names no file for a test file run in a process of its own, and "test" as the class.
      const where = testCase.file ? path.relative(process.cwd(), testCase.file) : testCase.classname || suite;
      cases.push({ suite: where, name: testCase.name, seconds: Number(testCase.time) || 0 });
    }
    for (const inner of node.testsuite ?? []) visit(inner, inner.name ?? suite);
  };
  visit(parser.parse(fs.readFileSync(file, 'utf8')).testsuites ?? {}, '');
  return cases;
}

/** The `count` slowest of `cases`, as lines of a table. */
export function slowestLines(cases, count = 10) {
  return [...cases]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ seconds, step, suite, name }) =>
      [`${seconds.toFixed(1).padStart(7)} s`, step, suite === 'test' ? '' : suite, name].filter(Boolean).join('  '),
    );
}
