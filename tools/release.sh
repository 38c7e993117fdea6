#!/usr/bin/env bash
# The shell steps of the GitHub workflows (.github/workflows/), so that they
# can be tried on any machine (tests/e2e/release.test.mjs does):
#
#   tools/release.sh build TARGET DIR   the fully static binary for TARGET
#                                       (x86_64-unknown-linux-gnu or aarch64-unknown-linux-gnu,
#                                       built on a machine of that architecture) as
#                                       DIR/portfolio-VERSION-TARGET
#   tools/release.sh previous TARGET DIR  the newest release's binary for TARGET exported
#                                       into DIR (empty when there is none), for the next
#                                       build's deltas (PORTFOLIO_PREVIOUS_SITE); needs gh
#   tools/release.sh checksums DIR      DIR/SHA256SUMS for every other file in DIR
#   tools/release.sh export DIR         the site as files for a static host (GitHub Pages)
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  sed -n '2,14p' "$0" >&2
  exit 2
}

case "${1:-}" in
  build)
    [ $# -eq 3 ] || usage
    target=$2 dir=$3
    # As `cargo static` (.cargo/config.toml), for either architecture.
    cargo build --locked --profile dist --target "$target" \
      --config "target.$target.rustflags=['-C','target-feature=+crt-static']"
    binary="target/$target/dist/portfolio"
    version=$("$binary" --version | cut -d' ' -f2)
    mkdir -p "$dir"
    cp "$binary" "$dir/portfolio-$version-$target"
    echo "$dir/portfolio-$version-$target"
    ;;
  previous)
    [ $# -eq 3 ] || usage
    target=$2 dir=$3
    mkdir -p "$dir"
    download=$(mktemp -d)
    # The latest release is the one visitors have now: the tag being built
    # is published only after its build.
    if gh release download --pattern "portfolio-*-$target" --dir "$download"; then
      chmod +x "$download"/portfolio-*
      "$download"/portfolio-* export "$dir" --force
    else
      echo "no earlier release for $target: this one embeds no deltas against it"
    fi
    rm -rf "$download"
    ;;
  checksums)
    [ $# -eq 2 ] || usage
    cd "$2"
    find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | sort | xargs -r sha256sum -- > SHA256SUMS
    cat SHA256SUMS
    ;;
  export)
    [ $# -eq 2 ] || usage
    cargo build --locked --release
    target/release/portfolio export "$2" --force
    # GitHub Pages sends its own headers, has no redirects, and would publish these as pages.
    rm "$2/_headers" "$2/_redirects" "$2/_nginx.conf"
    ;;
  *)
    usage
    ;;
esac
