#!/bin/sh
# The cargo rule of ocaml/dune: builds the static and shared libraries of
# rust/ffi (release profile) and copies them into the OCaml library's
# directory. Run by dune from its copy of rust/ in the build context, with
#   $1: the context's root (%{workspace_root}), relative to this directory;
#   $2: where the libraries go (the _build copy of ocaml/).
#
# cargo's target directory is _build/cargo (the parent of the context's
# root: outside every context, so dune leaves it alone), or CARGO_TARGET_DIR
# when set. A release archive (`make dist`) holds rust/vendor and
# rust/.cargo/config.toml, which dune does not copy (a hidden directory, and
# crates whose hidden and underscore-prefixed directories dune would skip):
# the configuration is read where it is in the source tree (DUNE_SOURCEROOT
# plus this project's path in the workspace), and its relative vendor path
# then names the source tree's rust/vendor.
# cargo's output goes to build.log in the target directory, shown only if
# cargo fails.
set -e

ctx=$(cd "$1" && pwd)
out=$2
target=${CARGO_TARGET_DIR:-$(cd "$ctx/.." && pwd)/cargo}

set --
if [ -n "${DUNE_SOURCEROOT:-}" ]; then
  here=$(pwd)
  src=$DUNE_SOURCEROOT${here#"$ctx"}
  if [ -f "$src/.cargo/config.toml" ]; then
    set -- --config "$src/.cargo/config.toml"
  fi
fi

mkdir -p "$target"
if ! CARGO_TARGET_DIR=$target cargo build --release "$@" -p bls12-381-ffi >"$target/build.log" 2>&1; then
  cat "$target/build.log"
  exit 1
fi
cp "$target/release/libbls12_381_ffi.a" "$out/libbls12_381_ffi.a"
cp "$target/release/libbls12_381_ffi.so" "$out/dllbls12_381_ffi.so"
