# bls12-381-rust: `make bench` runs the benchmark suite, `make test` every test.
# Both set up what is missing first (scripts/setup.sh). `make help` lists the
# entry points (the targets with a `##` line).

CARGO ?= cargo
RUST_DIR := rust
QUOTA ?= 0.25
ROUNDS ?= 31
# compare msm in `make bench`: sizes up to 2^MSM_MAX_LOG points (the full
# table, G1 up to 2^20, takes about 8 minutes on the shared 2-core machine;
# `make bench-msm-plot` runs it and redraws docs/msm_g1.png, docs/msm_g2.png).
MSM_MAX_LOG ?= 16

.DEFAULT_GOAL := all

help: ## this list
	@awk 'BEGIN {FS = ":.*## "} /^[a-zA-Z0-9_-]+:.*## / {printf "  make %-18s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

.PHONY: all help lint setup build test test-rust test-eip2537-full test-ocaml test-ct ct test-panics bench bench-rust bench-msm-plot bench-ocaml clean

all: build

setup:
	@./scripts/setup.sh

build: setup ## the OCaml library (dune calls cargo for the Rust part)
	dune build

# The Rust suites run with the kernels the CPU selects (ADX on x86_64 with
# ADX/BMI2, plus the AVX2 lanes for G1 MSM) and again with the portable
# kernel forced; the MSM suite once more on ADX without the lanes and on
# each lane kernel forced (avx2; avx512f and avx512_ifma where the CPU
# has them, else the measured choice again); the
# operation counters (feature metering, docs/METERING.md: one small suite).
# The workspace run includes rust/eip2537 (go-ethereum's vectors, 300
# differential inputs per precompile against revm-precompile, the CLI;
# vectors and differential again on the portable kernels);
# `make test-eip2537-full` runs its 100,000-input differential suites.
test-rust: setup ## the Rust suites, on each kernel
	cd $(RUST_DIR) && $(CARGO) test --workspace
	cd $(RUST_DIR) && BLS12_381_BACKEND=portable $(CARGO) test -p bls12-381-core
	cd $(RUST_DIR) && BLS12_381_BACKEND=portable $(CARGO) test -p bls12-381-eip2537 --test vectors --test differential
	cd $(RUST_DIR) && BLS12_381_BACKEND=adx $(CARGO) test -p bls12-381-core --test msm
	cd $(RUST_DIR) && BLS12_381_BACKEND=adx $(CARGO) test -p bls12-381-core --test pairing multiexp
	cd $(RUST_DIR) && BLS12_381_BACKEND=avx2 $(CARGO) test -p bls12-381-core --test msm
	cd $(RUST_DIR) && BLS12_381_BACKEND=avx512f $(CARGO) test -p bls12-381-core --test msm
	cd $(RUST_DIR) && BLS12_381_BACKEND=avx512_ifma $(CARGO) test -p bls12-381-core --test msm
	cd $(RUST_DIR) && $(CARGO) test -p bls12-381-core --features metering --test meter

test-eip2537-full: setup ## EIP-2537's 100,000-input differential suites (long)
	cd $(RUST_DIR) && $(CARGO) test -p bls12-381-eip2537 --test differential -- --ignored

test-ocaml: setup ## the OCaml tests
	dune build @runtest

# The library in the toplevel (`ocaml`, #require): types print under their
# public paths (Bls12_381.G1.t, no Bls12_381__), the pp printers install
# (scripts/test-toplevel.sh).
.PHONY: test-toplevel
test-toplevel: setup ## types and printers in the OCaml toplevel
	./scripts/test-toplevel.sh

# The tree as a subdirectory of another dune workspace (duniverse/, a git
# submodule): a temporary workspace builds and runs an executable that uses
# the library, and in the same build a project written for ocaml-bls12-381,
# (libraries bls12-381) with (implicit_transitive_deps false), through
# compat/ (scripts/test-subdir.sh; about 30 s with _build/cargo to seed
# cargo's state, a minute without).
.PHONY: test-subdir
test-subdir: setup ## the tree as a subdirectory of another dune workspace, and as bls12-381
	./scripts/test-subdir.sh

# The release archive _dist/bls12-381-rust-VERSION.tar.gz: the tracked tree
# plus rust/vendor (`cargo vendor`, every crate of rust/Cargo.lock) and a
# rust/.cargo/config.toml that builds from it offline, both in the archive
# only (scripts/dist.sh; VERSION defaults to `git describe --tags`).
# `test-dist` builds such an archive with an empty CARGO_HOME and no network
# (scripts/test-dist.sh); in `make test` (the crates fetched first if missing).
.PHONY: dist test-dist
dist: ## the release archive in _dist/
	./scripts/dist.sh

test-dist: setup ## the release archive built offline
	./scripts/test-dist.sh

# The documentation (odoc, installed by `scripts/setup.sh --doc` if missing):
# _build/default/_doc/_html/index.html. `test-doc` fails on any odoc warning
# on the project's doc comments (scripts/doc-check.sh); part of `make test`
# when odoc is installed.
.PHONY: doc test-doc
doc: ## the odoc documentation
	@./scripts/setup.sh --doc
	dune build @doc

test-doc: setup ## odoc warnings on the doc comments
	./scripts/doc-check.sh

# Constant time checked by valgrind memcheck (scripts/ct-check.sh: secrets
# marked undefined, allowlist ct/memcheck.supp); part of `make test` when
# valgrind is installed.
ct: setup ## the constant-time check (valgrind memcheck)
	./scripts/ct-check.sh

test-ct: setup
	@if command -v valgrind >/dev/null 2>&1; then ./scripts/ct-check.sh; \
	else echo "test-ct: valgrind is not installed: constant-time check skipped"; fi

# Panic paths of the C ABI: the release cdylib's call graph from every
# exported function to the panic and abort sinks, each reachable site in
# rust/ffi/tools/panic_allowlist.tsv with its reason (needs objdump).
test-panics: setup ## panic paths of the C ABI's release library
	@if command -v objdump >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then \
	  ./rust/ffi/tools/panic_paths.sh; \
	else echo "test-panics: objdump or python3 missing: panic-path check skipped"; fi

# Generated sources (the Fp12 reduction kernels, the Frobenius, isogeny and
# pow-schedule tables; the list is in scripts/generated.sh): `generated`
# rewrites them from their scripts, `check-generated` fails if any differs
# from what its script writes; part of `make test` when python3 is installed.
.PHONY: generated check-generated test-generated
generated: ## rewrite the generated sources from their scripts
	./scripts/generated.sh write

check-generated: ## fail if a generated source differs from its script's output
	./scripts/generated.sh check

test-generated:
	@if command -v python3 >/dev/null 2>&1; then ./scripts/generated.sh check; \
	else echo "test-generated: python3 is not installed: generated-file check skipped"; fi

# Lint: rustfmt's check (rust/rustfmt.toml; the workspace and rust/fuzz),
# clippy on every target of the workspace with warnings denied (lints in
# rust/Cargo.toml), with and without the feature `metering`, and the
# layering check of rust/core/src (scripts/check-layering.sh). OCaml
# formatting is not checked: .ocamlformat states the style for editors.
lint: setup ## rustfmt check, clippy with warnings denied, layering check
	cd $(RUST_DIR) && $(CARGO) fmt --check
	cd $(RUST_DIR)/fuzz && $(CARGO) fmt --check
	cd $(RUST_DIR) && $(CARGO) clippy --workspace --all-targets -- -D warnings
	cd $(RUST_DIR) && $(CARGO) clippy -p bls12-381-core -p bls12-381-bench --features metering --all-targets -- -D warnings
	./scripts/check-layering.sh
	./scripts/check-layering.sh --self-test

test: lint test-generated test-rust test-ocaml test-toplevel test-doc test-subdir test-dist test-ct test-panics ## every test (lint first)

bench-rust: setup ## compare against blst and arkworks, every area
	cd $(RUST_DIR) && $(CARGO) build --release -p bls12-381-bench --bin compare
	cd $(RUST_DIR) && ./target/release/compare fields --rounds $(ROUNDS)
	cd $(RUST_DIR) && ./target/release/compare curves --rounds $(ROUNDS)
	cd $(RUST_DIR) && ./target/release/compare pairing --rounds $(ROUNDS)
	cd $(RUST_DIR) && ./target/release/compare msm --rounds $(ROUNDS) --max-log $(MSM_MAX_LOG)
	cd $(RUST_DIR) && ./target/release/compare gt --rounds $(ROUNDS)
	cd $(RUST_DIR) && ./target/release/compare fft --rounds $(ROUNDS)
	cd $(RUST_DIR) && ./target/release/compare sig --rounds $(ROUNDS)
	cd $(RUST_DIR) && ./target/release/compare eip2537 --rounds $(ROUNDS)

# The full MSM table, with the plots and their data written to docs/.
bench-msm-plot: setup ## the full MSM table and docs/msm_g*.png
	cd $(RUST_DIR) && $(CARGO) build --release -p bls12-381-bench --bin compare
	cd $(RUST_DIR) && ./target/release/compare msm --rounds $(ROUNDS) --plot ../docs

bench-ocaml: build ## the OCaml benchmarks
	dune exec --no-print-directory benchmark/bench_ff.exe -- -quota $(QUOTA)
	dune exec --no-print-directory benchmark/bench_ec.exe -- -quota $(QUOTA)
	dune exec --no-print-directory benchmark/bench_pairing.exe -- -quota $(QUOTA)

# OCaml's cost per call against the same Rust operations (compare's rows for
# Fr add and mul, Fp12 mul, G1 add and mul, pairing): ratios and targets.
.PHONY: bench-overhead
bench-overhead: build ## OCaml/Rust ratio per call (scripts/bench-overhead.sh)
	ROUNDS=$(ROUNDS) ./scripts/bench-overhead.sh

# Fft_domain's Fr transforms (arrays and Fr_vector) against the C ABI from C
# in one process and against compare fft's one-thread rows at 2^10, 2^14.
.PHONY: bench-fft-domain
bench-fft-domain: build ## OCaml/Rust ratio of the FFT domain (scripts/bench-fft-domain.sh)
	ROUNDS=$(ROUNDS) ./scripts/bench-fft-domain.sh

bench: bench-rust bench-ocaml bench-overhead ## the benchmark suite

# Fuzzing (rust/fuzz: cargo-fuzz with libFuzzer and AddressSanitizer on the
# nightly toolchain; cargo-fuzz is installed if missing): every target in
# turn for FUZZ_SECONDS seconds, on corpora seeded from the test vectors.
FUZZ_SECONDS ?= 60
.PHONY: fuzz
fuzz: ## every fuzz target for FUZZ_SECONDS seconds (nightly)
	FUZZ_SECONDS=$(FUZZ_SECONDS) ./$(RUST_DIR)/fuzz/run.sh

clean: ## remove build output
	dune clean
	cd $(RUST_DIR) && $(CARGO) clean

# The OCaml stress suite (test/stress, not part of `make test`):
# BLS_STRESS_N iterations of its main loop (default 10^4; 10^6 takes minutes).
.PHONY: stress
stress: build ## the OCaml stress suite (BLS_STRESS_N iterations)
	dune build @stress
