#!/bin/sh
# The OCaml Fr transforms of Fft_domain against the Rust transform (make
# bench-fft-domain): rust/bench's compare fft times the one-thread Fr rows
# at 2^10 and 2^14 (--csv), then benchmark/bench_fft_domain.exe times the
# OCaml calls (arrays of Fr.t and Fr_vector) interleaved with the C ABI
# called from C in the same process, and prints both ratios. -cpu: by
# processor time, as the host is usually shared.
set -eu
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-31}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd rust && cargo build --release -q -p bls12-381-bench --bin compare)
for k in 10 14; do
  (cd rust && ./target/release/compare fft --filter "2^$k (1 thread)" --rounds "$rounds" --csv "$tmp/fft$k.csv" >/dev/null)
done
grep -m1 'model name' /proc/cpuinfo || true
dune exec --release benchmark/bench_fft_domain.exe -- -cpu -rounds "$rounds" "$tmp"/*.csv
