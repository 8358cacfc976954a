#!/usr/bin/env bash
# `make dist`: the release archive $DIST_DIR/bls12-381-rust-$VERSION.tar.gz
# (default DIST_DIR=_dist, VERSION from `git describe --tags`, else the
# commit): the git-tracked tree (with uncommitted changes to tracked files,
# through `git stash create`; untracked files are left out) plus, in the
# archive only,
#  - rust/vendor: every crate of rust/Cargo.lock (`cargo vendor --locked`),
#  - rust/.cargo/config.toml: cargo takes crates.io's crates from rust/vendor
#    and never uses the network,
# so that the archive builds (dune build -p bls12-381-rust, as opam does)
# with no network and an empty CARGO_HOME. rust/vendor is never committed.
#
# cargo vendor takes the crates from cargo's cache when it holds them all,
# else downloads them (DIST_OFFLINE=1 forbids that). It vendors every crate
# of the lock file, those of the benchmark and test crates and of other
# platforms included: cargo resolves the whole workspace even to build one
# package, so a directory source that lacked them would not resolve.
#
# The archive is reproducible: entries sorted, owner 0, dates the commit's.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "dist: $root is not a git work tree" >&2
  exit 1
fi

version="${VERSION:-}"
if [ -z "$version" ]; then
  version="$(git describe --tags --always --dirty)"
  version="${version#v}"
fi
name="bls12-381-rust-$version"
out="${DIST_DIR:-$root/_dist}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

stage="$(mktemp -d "${TMPDIR:-/tmp}/bls12-381-dist.XXXXXX")"
trap 'rm -rf "$stage"' EXIT

# The tracked files as they are in the work tree.
ref="$(git stash create)"
ref="${ref:-HEAD}"
epoch="$(git log -1 --format=%ct HEAD)"
git archive --format=tar --prefix="$name/" "$ref" | tar -xf - -C "$stage"

rust="$stage/$name/rust"
if [ -e "$rust/vendor" ] || [ -e "$rust/.cargo" ]; then
  echo "dist: rust/vendor or rust/.cargo is tracked: they belong to the archive only" >&2
  exit 1
fi

echo "dist: vendoring the crates of rust/Cargo.lock"
if ! (cd "$rust" && cargo vendor --locked --offline vendor >/dev/null 2>"$stage/vendor.log"); then
  if [ "${DIST_OFFLINE:-}" = 1 ]; then
    cat "$stage/vendor.log" >&2
    echo "dist: cargo's cache lacks crates and DIST_OFFLINE=1: 'cd rust && cargo fetch' fetches them" >&2
    exit 1
  fi
  rm -rf "$rust/vendor"
  (cd "$rust" && cargo vendor --locked vendor >/dev/null)
fi

mkdir -p "$rust/.cargo"
cat >"$rust/.cargo/config.toml" <<'EOF'
# Written by `make dist` into the release archive (not in the repository):
# the crates of Cargo.lock come from vendor/ (`cargo vendor`), and cargo
# never uses the network.
[source.crates-io]
replace-with = "vendored-sources"

[source.vendored-sources]
directory = "vendor"

[net]
offline = true
EOF

archive="$out/$name.tar.gz"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
  -cf - "$name" | gzip -n -6 >"$archive.tmp"
mv "$archive.tmp" "$archive"
echo "dist: wrote $archive ($(du -h "$archive" | cut -f1), $(ls "$rust/vendor" | wc -l) vendored crates)"
