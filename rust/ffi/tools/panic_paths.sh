#!/bin/sh
# Panic paths of the C ABI, from the release cdylib's machine code: builds
# it, disassembles it, and runs panic_paths.py against panic_allowlist.tsv
# (see the comments there and in panic_paths.py, limits included).
# Exit status 1 on any path from an exported bls12_381_* function to a panic
# that the allowlist does not name. Usage: rust/ffi/tools/panic_paths.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ws=$(cd "$here/../.." && pwd)
cd "$ws"
cargo build --release -p bls12-381-ffi >&2
so="${CARGO_TARGET_DIR:-$ws/target}/release/libbls12_381_ffi.so"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
objdump -d --no-show-raw-insn -C "$so" > "$tmp/dis.txt"
objdump -R "$so" > "$tmp/rel.txt"
objdump -T "$so" > "$tmp/dyn.txt"
# The GOT's address range: the slots read by position-independent calls.
got=$(objdump -h "$so" | awk '$2 == ".got" { print $4, $3 }' | {
  read -r vma size && printf '%x-%x' "$((0x$vma))" "$((0x$vma + 0x$size))"; } || true)
[ -n "$got" ] || { echo "no .got section in $so" >&2; exit 2; }
python3 "$here/panic_paths.py" "$tmp/dis.txt" "$tmp/rel.txt" "$tmp/dyn.txt" "$got" "$here/panic_allowlist.tsv"
