/**
 * The day each article file was last changed, from git, as Hugo's
 * `enableGitInfo` gives it: an article without `updated:` in its front
 * matter is updated on the day of the last commit that changed its file
 * (its author's day, in the author's time zone). Only a checkout with its
 * history has those days: in a shallow clone (CI's usual checkout) or a
 * folder that is not a git checkout (a tarball, a copy), every article
 * keeps the dates its front matter gives, and the build says so in one
 * line, rather than show a wrong day.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

const git = async (dir, ...args) => (await run('git', args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 })).stdout;

/** Why git cannot tell the days of `dir`'s files, in words; null when it can. */
export async function noHistory(dir) {
  try {
    await git(dir, 'rev-parse', '--show-toplevel');
  } catch {
    return 'the build is not in a git checkout';
  }
  if ((await git(dir, 'rev-parse', '--is-shallow-repository')).trim() === 'true')
    return 'the checkout is a shallow clone (git fetch --unshallow gives it its history)';
  return null;
}

/**
 * `{ days, unavailable }`: `days` maps each file of `dir` that a commit
 * changed (its name in `dir`) to that commit's day, 'YYYY-MM-DD'; when git
 * cannot tell, `days` is empty and `unavailable` says why (noHistory).
 */
export async function lastChangedDays(dir) {
  const unavailable = await noHistory(dir);
  if (unavailable) return { days: new Map(), unavailable };
  // Newest first: each commit's day after a NUL, then the files it changed,
  // named from `dir` (--relative), unquoted.
  const log = await git(
    dir,
    '-c',
    'core.quotePath=false',
    'log',
    '--format=%x00%as',
    '--name-only',
    '--relative',
    '--',
    '.',
  );
  const days = new Map();
  for (const commit of log.split('\0').slice(1)) {
    const [day, ...files] = commit.split('\n').filter(Boolean);
    for (const file of files) if (!days.has(file)) days.set(file, day);
  }
  return { days, unavailable: null };
}
