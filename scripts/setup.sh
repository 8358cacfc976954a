#!/usr/bin/env bash
# Installs what the build needs and is missing, and nothing else.
#  - Rust: cargo from rustup is required (we do not install a toolchain);
#    the components rustfmt and clippy are added when missing.
#  - OCaml: with opam, `opam install --deps-only --with-test .`; without opam,
#    the Debian packages through apt-get.
#  - valgrind (constant-time check), through apt-get where available.
#  - with --doc (`make doc`): odoc, for `dune build @doc` (Debian's
#    ocaml-odoc through apt-get, or opam's odoc in an opam switch).
set -euo pipefail

want_doc=0
for arg in "$@"; do
  case "$arg" in
    --doc) want_doc=1 ;;
    *) echo "setup: unknown argument $arg (known: --doc)" >&2; exit 2 ;;
  esac
done

if ! command -v cargo >/dev/null 2>&1; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then
    echo "setup: cargo is in ~/.cargo/bin but not on PATH: run 'source ~/.cargo/env' first" >&2
  else
    echo "setup: cargo not found. Install Rust with rustup (https://rustup.rs):" >&2
    echo "  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh" >&2
  fi
  exit 1
fi

# rustfmt and clippy, for `make lint`: rustup's default profile has them, its
# minimal profile not.
if ! { cargo fmt --version && cargo clippy --version; } >/dev/null 2>&1; then
  if command -v rustup >/dev/null 2>&1; then
    echo "setup: installing the rustup components rustfmt and clippy"
    rustup component add rustfmt clippy
  else
    echo "setup: cargo fmt or cargo clippy missing and no rustup: make lint will fail" >&2
  fi
fi

# valgrind, for the constant-time check (make test-ct): from apt-get when
# missing; without it the check is skipped, so a failure here is not fatal.
if ! command -v valgrind >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  echo "setup: installing Debian package: valgrind"
  if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq valgrind; }; then
    echo "setup: could not install valgrind: the constant-time check will be skipped" >&2
  fi
fi

# odoc, only when asked for (the documentation is not part of the build).
if [ "$want_doc" = 1 ] && ! command -v odoc >/dev/null 2>&1; then
  if command -v opam >/dev/null 2>&1 && opam switch show >/dev/null 2>&1; then
    echo "setup: installing odoc with opam"
    opam install -y odoc
  elif command -v apt-get >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    echo "setup: installing Debian package: ocaml-odoc"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq ocaml-odoc
  else
    echo "setup: odoc not found and neither opam nor apt-get: install odoc to build the documentation" >&2
    exit 1
  fi
fi

ocaml_ready() {
  command -v dune >/dev/null 2>&1 && command -v ocamlfind >/dev/null 2>&1 &&
    ocamlfind query ctypes ctypes.stubs zarith alcotest qcheck-core >/dev/null 2>&1
}

if ocaml_ready; then
  exit 0
fi

if command -v opam >/dev/null 2>&1 && opam switch show >/dev/null 2>&1; then
  echo "setup: installing the OCaml dependencies with opam"
  opam install -y --deps-only --with-test .
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  pkgs="ocaml-nox ocaml-dune ocaml-findlib libctypes-ocaml-dev libalcotest-ocaml-dev libzarith-ocaml-dev libqcheck-ocaml-dev"
  missing=""
  for p in $pkgs; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    echo "setup: installing Debian packages:$missing"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
  fi
  ocaml_ready && exit 0
fi

echo "setup: could not install the OCaml dependencies (need opam or apt-get):" >&2
echo "  OCaml >= 4.13, dune >= 2.9, ocamlfind, ctypes, zarith, alcotest, qcheck" >&2
exit 1
