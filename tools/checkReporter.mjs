/**
 * The reporter of `npm run check` (node's test runner): each problem on a
 * line of its own, as the checks word them (the file to change first), and
 * a closing count. What passes prints nothing.
 */
export default async function* checkReporter(source) {
  let passed = 0;
  let failed = 0;
  for await (const { type, data } of source) {
    if (data?.details?.type === 'suite') continue;
    if (type === 'test:pass') passed += 1;
    if (type === 'test:fail') {
      failed += 1;
      const error = data.details.error?.cause ?? data.details.error;
      const lines = String(error?.message ?? error).split('\n');
      yield lines.map((line) => `✖ ${line}\n`).join('');
    }
  }
  yield `\n${passed} passed, ${failed} failed\n`;
}
