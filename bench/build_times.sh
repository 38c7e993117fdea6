#!/usr/bin/env bash
# How long the README's build command takes as a blog grows: for each
# article count, a copy of this checkout with that many generated articles
# (tools/generate-articles.mjs), built with `cargo build --release` into a
# target folder of its own and a web cache of its own:
#   cold      the first build (dependencies compiled, nothing cached)
#   article   after one sentence added to one article
#   added     after one article added
#   site.js   after the owner's name changed in site.js (every page changes)
# with the binary's size and the build's peak memory (the largest resident
# set of any one process, from /usr/bin/time).
#
#   bash bench/build_times.sh [COUNT…]      # default: 0 100 500
#
# 0 means the sample as it is. Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(0 100 500)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Seconds and peak resident memory (MB) of one build, as "S MB".
timed_build() {
  local dir=$1
  /usr/bin/time -f '%e %M' -o "$work/time" \
    env CARGO_TARGET_DIR="$dir/target" PORTFOLIO_WEB_CACHE="$dir/web-cache" \
    cargo build --release --locked --quiet --manifest-path "$dir/Cargo.toml" >/dev/null 2>"$work/stderr" ||
    { cat "$work/stderr" >&2; exit 1; }
  awk '{ printf "%.1f s %.0f MB", $1, $2 / 1024 }' "$work/time"
}

echo "| articles | cold | one-article edit | one article added | site.js edit | binary |"
echo "|---:|---:|---:|---:|---:|---:|"
for count in "${counts[@]}"; do
  dir="$work/copy-$count"
  git worktree add --quiet --detach "$dir" HEAD
  # This checkout's packages, shared: the lockfile keeps its time, so that
  # build.rs does not take them for stale and run `npm ci` through the link
  # (which would empty this checkout's node_modules). "cold" is without npm ci.
  ln -s "$root/node_modules" "$dir/node_modules"
  touch -r "$root/package-lock.json" "$dir/package-lock.json"
  articles="$dir/webapp/src/data/articles"
  if [ "$count" -gt 0 ]; then node tools/generate-articles.mjs "$articles" "$count" >/dev/null; fi
  total=$(ls "$articles"/*.md | wc -l)
  cold=$(timed_build "$dir")
  echo "One more sentence for the benchmark." >> "$(ls "$articles"/*.md | head -n 1)"
  edit=$(timed_build "$dir")
  node tools/generate-articles.mjs "$articles" $((total + 1)) >/dev/null
  added=$(timed_build "$dir")
  sed -i "0,/name: '/s//name: 'Dr. /" "$dir/webapp/src/data/site.js"
  site=$(timed_build "$dir")
  size=$(stat -c %s "$dir/target/release/portfolio")
  echo "| $total | $cold | $edit | $added | $site | $(printf '%s' "$size" | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta') B |"
  git worktree remove --force "$dir"
done
