#!/usr/bin/env bash
# The release archive builds offline: `make dist` (scripts/dist.sh) into a
# temporary directory, unpacked, then built with an empty CARGO_HOME, cargo
# offline (CARGO_NET_OFFLINE=true besides the archive's own net.offline) and,
# where `unshare -n` works, no network at all:
#  - as opam does: dune build -p bls12-381-rust @install;
#  - the archive's scripts/test-subdir.sh: the unpacked tree as a
#    subdirectory of another dune workspace, an executable using the library
#    built and run.
# The archive is made from cargo's cache (every platform's crates of
# rust/Cargo.lock, fetched first from the registry if missing); without
# them and without the registry, says so and exits 0.
#
# KEEP_TMP=1 keeps the temporary directory.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"

# The cache after `cargo test` lacks the crates of other platforms, which
# the vendoring needs: fetch them from the registry when it is reachable (a
# fresh CI machine), so that the test runs there too.
if ! (cd "$root/rust" && cargo fetch --locked --offline >/dev/null 2>&1); then
  if ! (cd "$root/rust" && cargo fetch --locked >/dev/null 2>&1); then
    echo "test-dist: SKIPPED: cargo's cache lacks crates of rust/Cargo.lock (every platform's)"
    echo "test-dist: and the registry is unreachable; 'cd rust && cargo fetch' then 'make test-dist'"
    exit 0
  fi
  echo "test-dist: fetched the crates of other platforms from the registry"
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/bls12-381-test-dist.XXXXXX")"
if [ "${KEEP_TMP:-}" = 1 ]; then
  echo "test-dist: keeping $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi

start=$(date +%s)
DIST_DIR="$tmp/dist" DIST_OFFLINE=1 VERSION=test "$root/scripts/dist.sh"
mkdir -p "$tmp/src"
tar -xzf "$tmp/dist/bls12-381-rust-test.tar.gz" -C "$tmp/src"
src="$tmp/src/bls12-381-rust-test"
for f in rust/vendor rust/.cargo/config.toml; do
  if ! [ -e "$src/$f" ]; then
    echo "test-dist: FAILED: the archive has no $f" >&2
    exit 1
  fi
done

home="$tmp/cargo-home"
mkdir -p "$home"
nonet=()
if unshare -n true >/dev/null 2>&1; then
  nonet=(unshare -n)
elif unshare -rn true >/dev/null 2>&1; then
  nonet=(unshare -rn)
else
  echo "test-dist: unshare -n is not permitted here: cargo is offline, but the network is not cut"
fi
offline() {
  env -u CARGO_TARGET_DIR CARGO_HOME="$home" CARGO_NET_OFFLINE=true "${nonet[@]}" "$@"
}

t0=$(date +%s)
(cd "$src" && offline dune build -p bls12-381-rust @install)
echo "test-dist: dune build -p bls12-381-rust @install: $(($(date +%s) - t0)) s"
for f in libbls12_381_ffi.a bls12_381.cmxa; do
  if ! [ -f "$src/_build/install/default/lib/bls12-381-rust/$f" ]; then
    echo "test-dist: FAILED: $f is not installed" >&2
    exit 1
  fi
done
if [ -e "$home/registry" ] || [ -e "$home/git" ]; then
  echo "test-dist: FAILED: cargo used CARGO_HOME's registry; the vendored crates were not used" >&2
  exit 1
fi
t0=$(date +%s)
offline "$src/scripts/test-subdir.sh"
echo "test-dist: test-subdir from the archive: $(($(date +%s) - t0)) s"

echo "test-dist: the archive ($(du -h "$tmp/dist/bls12-381-rust-test.tar.gz" | cut -f1)) builds offline with an empty CARGO_HOME ($(($(date +%s) - start)) s)"
