// Runs the MDN HTTP Observatory's tests against a local server and prints
// the grade, the score and each test's result.
//
//   npm install --no-save --ignore-scripts @mdn/mdn-http-observatory@1
//   node tools/observatory.mjs HOST HTTP_PORT [HTTPS_PORT]
//
// The package's own CLI scans the default ports of a public host only; this
// is its `scan()` with the ports passed through to its retriever. Its install
// script downloads the HSTS preload list; offline, an empty list stands in
// (a local host is on no preload list anyway).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const packageDir = path.dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));
const preloadList = path.join(packageDir, 'conf', 'hsts-preload.json');
if (!fs.existsSync(preloadList)) fs.writeFileSync(preloadList, '{}');

// Imported after the preload list exists: the analyzers read it on first use.
const { retrieve } = await import('@mdn/mdn-http-observatory/src/retriever/retriever.js');
const { ALL_TESTS, NUM_TESTS } = await import('@mdn/mdn-http-observatory/src/constants.js');
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import('@mdn/mdn-http-observatory/src/grader/charts.js');
const { getGradeForScore, getScoreModifier } = await import('@mdn/mdn-http-observatory/src/grader/grader.js');

const [host = 'localhost', httpPort = '8080', httpsPort = '1'] = process.argv.slice(2);
const retrieved = await retrieve(host, { httpPort: Number(httpPort), httpsPort: Number(httpsPort) });
if (!retrieved.responses.auto) throw new Error(`nothing answers on ${host}:${httpPort}`);

let withExtraCredit = 100;
let uncurved = 100;
let passed = 0;
const rows = [];
for (const test of ALL_TESTS) {
  const result = test(retrieved);
  const modifier = result.result ? getScoreModifier(result.result) : 0;
  withExtraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
  if (result.pass) passed += 1;
  rows.push(
    `${result.pass ? 'pass' : 'FAIL'}  ${String(modifier).padStart(4)}  ${result.constructor.name}: ${result.result}`,
  );
}
const grade = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
console.log(
  `MDN HTTP Observatory against http://${host}:${httpPort}/: grade ${grade.grade}, score ${grade.score}, ${passed}/${NUM_TESTS} tests passed`,
);
console.log(rows.join('\n'));
