/**
 * Checks that the tests' build compiles every crate the binary uses with
 * the features the binary's build gave it. A crate that a dev-dependency
 * gives one more feature is compiled again for the tests, and so is every
 * crate that depends on it: about 40 crates, 100 s of `npm test` on two
 * cores, for the binary `cargo build --release` had just compiled
 * (docs/testing.md). Cargo.toml turns such features on for the binary too;
 * this names any crate that still differs, and what to add.
 */
import { execFileSync } from 'node:child_process';

/** Each package of the dependency tree, with the feature sets it is compiled with (a host and a target one may differ). */
function featureSets(edges) {
  let tree;
  try {
    tree = execFileSync(
      'cargo',
      ['tree', '--locked', '--workspace', '--edges', edges, '--prefix', 'none', '--format', '{p}|{f}'],
      { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'inherit'] },
    );
  } catch {
    process.exit(1); // cargo said why, on stderr
  }
  const sets = new Map();
  for (const line of tree.split('\n')) {
    const [unit, features = ''] = line.replace(/ \(\*\)$/, '').split('|');
    if (!unit) continue;
    const pkg = unit.replace(/ \(.*\)$/, '');
    if (!sets.has(pkg)) sets.set(pkg, new Set());
    sets.get(pkg).add(features.split(',').filter(Boolean).sort().join(','));
  }
  return sets;
}

const built = featureSets('normal,build');
const tested = featureSets('normal,build,dev');
const differing = [...built].filter(
  ([pkg, sets]) => [...tested.get(pkg)].sort().join(' ') !== [...sets].sort().join(' '),
);
for (const [pkg, sets] of differing) {
  const list = (featureSet) => [...featureSet].map((features) => `[${features}]`).join(' ');
  console.error(
    `Cargo.toml: ${pkg} is compiled with ${list(sets)} for the binary and ${list(tested.get(pkg))} for the tests: ` +
      'name it in [dependencies] (or [build-dependencies], for a build script or macro crate) with the features the tests add',
  );
}
if (differing.length) process.exit(1);
console.log(`the tests reuse every one of the binary's ${built.size} crates`);
