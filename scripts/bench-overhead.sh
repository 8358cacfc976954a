#!/bin/sh
# The OCaml library's cost per call against the Rust core (make
# bench-overhead): rust/bench's compare times the Rust operations (fields,
# curves, pairing; --csv), then benchmark/bench_overhead.exe times the same
# chains through OCaml and prints the ratios and their targets. Run it on a
# quiet machine: the two sides are timed one after the other.
set -eu
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-101}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd rust && cargo build --release -q -p bls12-381-bench --bin compare)
(cd rust && ./target/release/compare fields --filter "Fr " --rounds "$rounds" --csv "$tmp/fr.csv" >"$tmp/fr.out")
(cd rust && ./target/release/compare fields --filter "Fp12 mul" --rounds "$rounds" --csv "$tmp/fp12.csv" >/dev/null)
(cd rust && ./target/release/compare curves --filter "G1 " --rounds "$rounds" --csv "$tmp/g1.csv" >/dev/null)
(cd rust && ./target/release/compare pairing --filter "pairing" --rounds "$rounds" --csv "$tmp/pairing.csv" >/dev/null)
grep -m1 'model name' /proc/cpuinfo || true
# The kernels of each side, in the core's words: from compare's header
# line here, then bench_overhead's own line (Bls12_381.backend ()).
echo "backend (Rust compare): $(sed -n '1s/^.*: backend \([^(|]*\) .*$/\1/p' "$tmp/fr.out")"
dune exec --release benchmark/bench_overhead.exe -- -rounds "$rounds" "$tmp"/*.csv
