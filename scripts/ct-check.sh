#!/usr/bin/env bash
# Constant time checked by machine: the operations documented constant time
# run under valgrind memcheck with their secret inputs marked undefined
# (client request VALGRIND_MAKE_MEM_UNDEFINED); memcheck then reports every
# conditional jump and every memory address that depends on a secret.
#
#   scripts/ct-check.sh [NAME...]   (NAME: run only the cases containing it)
#
# Legs, each preceded by the harness's self-test (deliberate leaks that
# must be reported, so the check cannot pass because the marking stopped
# working):
#  1. rust/ct (ct-check) on the portable kernel: the release profile (fat
#     LTO, one codegen unit: the code the static library gets) plus debug
#     info for the stack traces and the allowlist's frame names;
#  2. the same harness on the ADX kernel. Valgrind 3.19 hides ADX in the
#     CPUID it synthesises (it executes ADCX/ADOX all the same), so the
#     run-time detection picks the portable kernel under valgrind; this leg
#     is built with -C target-feature=+adx,+bmi1,+bmi2, which makes the
#     detection true at compile time (on a CPU with ADX only);
#  3. ct/ct_ffi.c against the release static library libbls12_381_ffi.a
#     (what the OCaml library links), through the C ABI.
# The allowlist is ct/memcheck.supp (public branches, each with its reason).
# Any other report fails: valgrind --error-exitcode, the harness's own
# per-case error count, and the ERROR SUMMARY line must all agree.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
rust="$root/rust"
supp="$root/ct/memcheck.supp"
out="$rust/target/ct"
cargo="${CARGO:-cargo}"

if ! command -v valgrind >/dev/null 2>&1; then
  echo "ct-check: valgrind is not installed (Debian: apt-get install valgrind)" >&2
  exit 1
fi
if [ "$(uname -m)" != x86_64 ] || [ "$(uname -s)" != Linux ]; then
  echo "ct-check: x86_64 Linux only (the client requests are issued in x86_64 assembly)" >&2
  exit 1
fi

vg=(valgrind --tool=memcheck --error-limit=no --read-inline-info=yes --num-callers=40
    --suppressions="$supp")

# Builds. Debug info does not change the generated code (LLVM keeps codegen
# independent of -g); it gives memcheck the inlined frames.
mkdir -p "$out"
echo "ct-check: building the harness (release profile)"
(cd "$rust" && CARGO_PROFILE_RELEASE_DEBUG=limited \
  "$cargo" build --release -q -p bls12-381-ct --target-dir target/ct)
has_adx=0
if grep -qw adx /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then
  has_adx=1
  (cd "$rust" && CARGO_PROFILE_RELEASE_DEBUG=limited RUSTFLAGS="-C target-feature=+adx,+bmi1,+bmi2" \
    "$cargo" build --release -q -p bls12-381-ct --target-dir target/ct-adx)
fi
echo "ct-check: building the release static library and ct/ct_ffi.c"
(cd "$rust" && "$cargo" build --release -q -p bls12-381-ffi)
${CC:-cc} -O2 -g -Wall -Wextra -I"$rust/ffi/include" "$root/ct/ct_ffi.c" \
  "$rust/target/release/libbls12_381_ffi.a" -lpthread -ldl -lm -o "$out/ct-ffi"

failed=0

# The number in memcheck's "ERROR SUMMARY: N errors" line of a log.
summary_errors() {
  sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$1" | tail -1
}

# selftest LABEL BIN [ENV...]: the deliberate leaks must all be reported.
selftest() {
  local label="$1" bin="$2"; shift 2
  local log="$out/$label-selftest.log" rc=0
  env "$@" "${vg[@]}" --log-file="$log" "$bin" --selftest || rc=$?
  local n; n="$(summary_errors "$log")"
  if [ "$rc" != 0 ] || [ -z "$n" ] || [ "$n" = 0 ]; then
    echo "ct-check: $label: SELF-TEST FAILED (exit $rc, ${n:-no} reports): memcheck does not see the secrets; log $log" >&2
    failed=1
  else
    echo "ct-check: $label: self-test ok ($n deliberate reports)"
  fi
}

# check LABEL BIN [ENV...] -- [ARGS...]: no report may remain.
check() {
  local label="$1" bin="$2"; shift 2
  local envs=()
  while [ "$#" -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
  [ "$#" -gt 0 ] && shift
  local log="$out/$label.log" rc=0
  env "${envs[@]}" "${vg[@]}" --error-exitcode=1 --log-file="$log" "$bin" "$@" || rc=$?
  local n; n="$(summary_errors "$log")"
  if [ "$rc" != 0 ] || [ "$n" != 0 ]; then
    echo "ct-check: $label: FAILED (exit $rc, ${n:-no} reports); memcheck log:" >&2
    grep -v '^==[0-9]*== *$' "$log" | sed -n '1,400p' >&2
    failed=1
  else
    echo "ct-check: $label: ok (0 reports; log $log)"
  fi
}

selftest rust-portable "$out/release/ct-check" BLS12_381_BACKEND=portable
check rust-portable "$out/release/ct-check" BLS12_381_BACKEND=portable -- --expect-backend=portable "$@"
if [ "$has_adx" = 1 ]; then
  selftest rust-adx "$rust/target/ct-adx/release/ct-check"
  check rust-adx "$rust/target/ct-adx/release/ct-check" -- --expect-backend=adx "$@"
else
  echo "ct-check: the CPU has no ADX/BMI2: the ADX kernel is not checked"
fi
selftest c-ffi "$out/ct-ffi" BLS12_381_BACKEND=portable
check c-ffi "$out/ct-ffi" BLS12_381_BACKEND=portable -- "$@"

if [ "$failed" != 0 ]; then
  echo "ct-check: FAILED" >&2
  exit 1
fi
echo "ct-check: passed (no secret-dependent branch or address outside ct/memcheck.supp)"
