#!/bin/sh
# Runs every fuzz target in turn, one at a time (the machine may be shared),
# each on its corpus (seeded from vectors/ by seed_corpus.py),
# with cargo-fuzz's defaults: libFuzzer, AddressSanitizer, release build.
#
#   FUZZ_SECONDS=N   time limit per target (0: none; default 60)
#   FUZZ_RUNS=N      executions per target (-1: none; default -1)
#   FUZZ_TARGETS="a b"  the targets to run (default: all)
#
# Stops at the first finding (libFuzzer exits non-zero and writes the input
# to artifacts/<target>/). `make fuzz` calls this script.
set -eu
cd "$(dirname "$0")"
SECS=${FUZZ_SECONDS:-60}
RUNS=${FUZZ_RUNS:--1}
TARGETS=${FUZZ_TARGETS:-"g1_decode g2_decode fr_decode fq12_decode gt_decode hash_to_curve msm_ffi"}
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz
python3 seed_corpus.py
for t in $TARGETS; do
    # Longest input: room for every wrong length around the valid ones, a
    # 3000-byte DST, 16 MSM pairs.
    case $t in
        g1_decode) len=256 ;;
        g2_decode) len=512 ;;
        fr_decode) len=128 ;;
        fq12_decode | gt_decode) len=1024 ;;
        hash_to_curve) len=4096 ;;
        msm_ffi) len=700 ;;
        *) len=4096 ;;
    esac
    echo "== $t: cargo +nightly fuzz run -O $t corpus/$t -- -max_total_time=$SECS -runs=$RUNS -max_len=$len -print_final_stats=1"
    cargo +nightly fuzz run -O "$t" "corpus/$t" -- \
        -max_total_time="$SECS" -runs="$RUNS" -max_len="$len" -print_final_stats=1
done
