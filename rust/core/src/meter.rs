//! Operation metering (cargo feature `metering`, off by default): per
//! procedure of a fixed list ([`Op`]), the number of calls and the time
//! spent in them, for reports such as `rust/bench`'s `meter` binary and
//! docs/METERING.md.
//!
//! The instrumented procedures wrap their bodies in `meter!`. Without the
//! feature the macro expands to the wrapped expression alone, so the
//! compiled code is the code without metering (docs/METERING.md shows it
//! instruction for instruction). With the feature, a call adds to its
//! procedure's call count and, when it ends, the time since it started to
//! its total: a procedure's time includes that of the procedures it calls
//! (an Fp12 product through the tower includes its Fp2 products). Timing
//! costs tens of nanoseconds a call, far more than an Fp addition: the
//! counts are exact, the times only tell which procedures are heavy.
//!
//! The counters are process-wide atomics (relaxed: the counts are totals,
//! nothing is ordered by them), so work spread over rayon threads is
//! counted whole, and the times then add the threads' times. [`reset`]
//! clears them, [`snapshot`] reads them.
//!
//! This module sits below every layer: it imports nothing from the crate,
//! and any module may meter itself.

/// `meter!(Op, expr)` is `expr`, counted as one call of [`Op`]`::Op` (the
/// variant's name alone) and timed; `meter!(Op * n, expr)` counts `n`
/// calls (a batch of `n` operations timed as a whole; `n` is evaluated
/// first). As a statement, `meter!(Op);` (or `meter!(Op * n);`) counts and
/// times the rest of the enclosing block (a whole function body when it
/// comes first). Without the feature `metering`: `expr` alone, or nothing
/// for the statement; `n` is not evaluated.
#[cfg(feature = "metering")]
macro_rules! meter {
    ($op:ident * $n:expr, $e:expr) => {{
        let _meter = $crate::meter::Guard::start($crate::meter::Op::$op, ($n) as u64);
        $e
    }};
    ($op:ident, $e:expr) => {
        meter!($op * 1u64, $e)
    };
    ($op:ident * $n:expr) => {
        let _meter = $crate::meter::Guard::start($crate::meter::Op::$op, ($n) as u64);
    };
    ($op:ident) => {
        let _meter = $crate::meter::Guard::start($crate::meter::Op::$op, 1);
    };
}

/// Without the feature `metering`: the wrapped expression, or nothing.
#[cfg(not(feature = "metering"))]
macro_rules! meter {
    ($op:ident $(* $n:expr)?, $e:expr) => {
        $e
    };
    ($op:ident $(* $n:expr)?) => {};
}

/// [`meter!`] when a procedure name is given in the brackets, the plain
/// expression when they are empty: for macros shared by a metered type and
/// an unmetered one (the prime fields: Fp is metered, Fr is not).
macro_rules! meter_if {
    ([], $e:expr) => {
        $e
    };
    ([$op:ident], $e:expr) => {
        meter!($op, $e)
    };
}

#[cfg(feature = "metering")]
pub use imp::*;

#[cfg(feature = "metering")]
mod imp {
    use core::sync::atomic::{AtomicU64, Ordering};
    use std::time::Instant;

    /// Declares [`Op`] with the name each variant prints under and
    /// [`Op::ALL`], in the order given (the order of the reports).
    macro_rules! ops {
        ($($(#[$doc:meta])* $v:ident = $name:literal,)*) => {
            /// The metered procedures, in report order: the base field,
            /// the double-width products and reductions, the tower, the
            /// pairing, the GT multi-exponentiation, the MSM.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            #[non_exhaustive]
            pub enum Op {
                $($(#[$doc])* $v,)*
            }

            impl Op {
                /// Every procedure, in report order.
                pub const ALL: &'static [Op] = &[$(Op::$v,)*];

                /// The name printed in reports (the Rust procedure it counts).
                pub fn name(self) -> &'static str {
                    match self {
                        $(Op::$v => $name,)*
                    }
                }
            }
        };
    }

    ops! {
        /// `Fp::add` (and `Fp::double`, which is `self + self`).
        FpAdd = "Fp::add",
        /// `Fp::sub`.
        FpSub = "Fp::sub",
        /// `Fp::neg`.
        FpNeg = "Fp::neg",
        /// `Fp::mul` (Montgomery product; also the conversions that
        /// multiply by a constant, `from_limbs`, `to_limbs`, ...).
        FpMul = "Fp::mul",
        /// `Fp::square`.
        FpSquare = "Fp::square",
        /// `Fp::invert` (constant time, safegcd).
        FpInverse = "Fp::invert",
        /// `Fp::invert_vartime`.
        FpInverseVartime = "Fp::invert_vartime",
        /// A 768-bit product of two Fp values without reduction (outside
        /// the fused kernels and the Fp2 wide products).
        FpMulWide = "Fp mul_wide (768-bit product)",
        /// A Montgomery reduction of a double-width value; the batched
        /// reductions of an Fp6 count six.
        FpReduce = "Fp reduce (Montgomery redc)",
        /// `Fp2::mul_wide_to`: an unreduced Fp2 product (Karatsuba, three
        /// 768-bit products).
        Fp2MulWide = "Fp2::mul_wide",
        /// `Fp2::square_wide`: an unreduced Fp2 square.
        Fp2SquareWide = "Fp2::square_wide",
        /// `Fp2::mul` (one fused kernel).
        Fp2Mul = "Fp2::mul",
        /// `Fp2::square` (one fused kernel).
        Fp2Square = "Fp2::square",
        /// `Fp6::mul_wide_to`: an unreduced Fp6 product (six Fp2 wide products).
        Fp6MulWide = "Fp6::mul_wide",
        /// `Fp6::mul` (wide product and six reductions).
        Fp6Mul = "Fp6::mul",
        /// `Fp6::square`.
        Fp6Square = "Fp6::square",
        /// `Fp12::mul` (fused kernel on x86_64, wide Fp6 sums on the
        /// portable backend).
        Fp12Mul = "Fp12::mul",
        /// `Fp12::square` (full, not cyclotomic).
        Fp12Square = "Fp12::square",
        /// The cyclotomic square (one fused kernel).
        Fp12CyclotomicSquare = "Fp12 cyclotomic_square",
        /// Karabina's compressed cyclotomic square (one fused kernel).
        Fp12CompressedSquare = "Fp12 compressed cyclotomic square",
        /// `Fp12::conjugate` (the inverse in GT).
        Fp12Conjugate = "Fp12::conjugate",
        /// `Fp12::invert` and `Fp12::invert_vartime`.
        Fp12Inverse = "Fp12::invert",
        /// `Fp12::frobenius_map`.
        Fp12Frobenius = "Fp12::frobenius_map",
        /// `f^|z|` on the cyclotomic subgroup (compressed squarings, one
        /// batched decompression, the last full squarings).
        CyclotomicPowZ = "cyclotomic pow z",
        /// The torus path: the mixed product of a projective torus
        /// accumulator by an affine torus element (two Fp6 products).
        TorusMixedMul = "torus mixed product",
        /// The torus path: the product of two affine torus elements into
        /// a projective one (one Fp6 product; a bucket's second base).
        TorusAffineMul = "torus affine x affine",
        /// The torus path: the product of two projective torus elements
        /// (three Fp6 wide products, twelve reductions).
        TorusMul = "torus product",
        /// The torus path on the IFMA lanes: eight mixed products side by
        /// side (one call per eight, padding lanes included).
        TorusMixedMulX8 = "torus mixed product x8 (IFMA lanes)",
        /// The torus path on the IFMA lanes: eight full products side by
        /// side.
        TorusMulX8 = "torus product x8 (IFMA lanes)",
        /// The torus path: the square of a projective torus element.
        TorusSquare = "torus square",
        /// The torus path: a torus element back to Fp12 (one Fp6
        /// inversion).
        TorusDecompress = "torus decompress",
        /// The torus path: the affine torus forms of a batch of GT
        /// elements, by one batched inversion (Montgomery's trick); counts
        /// one per element.
        BatchInversion = "batched inversion (torus compress)",
        /// The GT bucket method: one base (of the 4n images) entering its
        /// bucket in one window, counted per base and window as
        /// constantine's `accumulate` (a zero digit counts too, and costs
        /// nothing); timed per window.
        BucketAccumulate = "GT bucket accumulate",
        /// The GT bucket method: the reduction prod_k B_k^k of one
        /// window's buckets.
        BucketReduce = "GT bucket reduce",
        /// One GT multi-exponentiation (`Gt::multiexp_*`).
        MultiExp = "GT multiexp",
        /// `Fp12::mul_by_014`: f times one line (sparse product).
        LineMul = "Fp12::mul_by_014 (f x line)",
        /// `Fp12::line_product`: the product of two lines.
        LineProduct = "Fp12 line_product (line x line)",
        /// f times a product of two lines.
        LineProductMul = "Fp12 mul_by_line_product",
        /// A Miller-loop doubling step with its line (one fused kernel).
        MillerDoubleStep = "Miller doubling step",
        /// A Miller-loop addition step with its line.
        MillerAddStep = "Miller addition step",
        /// One Miller loop over any number of pairs.
        MillerLoop = "Miller loop",
        /// The final exponentiation.
        FinalExp = "final exponentiation",
        /// MSM: an affine bucket addition in a batch sharing one
        /// inversion (scalar or AVX2 lanes); the time is the batch's,
        /// spread over its additions.
        MsmAffineAdd = "MSM affine bucket add (batched)",
        /// MSM: a mixed addition into a Jacobian bucket (buckets kept
        /// Jacobian, or the overflow of the affine ones).
        MsmJacobianAdd = "MSM Jacobian bucket add",
        /// MSM: an addition of a bucket reduction (running sums and
        /// totals; batched affine steps counted per addition, timed from
        /// the shared inversion on).
        MsmReduceAdd = "MSM bucket reduce add",
        /// MSM: the reduction sum_j (j + 1) B_j of one window's buckets.
        MsmBucketReduce = "MSM bucket reduce",
        /// MSM: one window (accumulation and reduction) of one thread.
        MsmWindow = "MSM window",
    }

    const N: usize = Op::ALL.len();

    #[allow(clippy::declare_interior_mutable_const)]
    const ZERO: AtomicU64 = AtomicU64::new(0);
    static CALLS: [AtomicU64; N] = [ZERO; N];
    static NANOS: [AtomicU64; N] = [ZERO; N];

    /// Counts a call when made and its time when dropped: what `meter!`
    /// (the crate's instrumentation macro) puts around a procedure.
    pub struct Guard {
        op: Op,
        start: Instant,
    }

    impl Guard {
        /// Counts `calls` calls of `op` and starts their clock.
        #[inline(always)]
        pub fn start(op: Op, calls: u64) -> Guard {
            CALLS[op as usize].fetch_add(calls, Ordering::Relaxed);
            Guard { op, start: Instant::now() }
        }
    }

    impl Drop for Guard {
        #[inline(always)]
        fn drop(&mut self) {
            let ns = self.start.elapsed().as_nanos() as u64;
            NANOS[self.op as usize].fetch_add(ns, Ordering::Relaxed);
        }
    }

    /// One procedure's totals.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Count {
        /// The procedure.
        pub op: Op,
        /// Calls (operations, for the batched procedures).
        pub calls: u64,
        /// Time in its calls, in nanoseconds, summed over threads.
        pub nanos: u64,
    }

    /// The counters of every procedure, in [`Op::ALL`]'s order.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Snapshot(pub Vec<Count>);

    impl Snapshot {
        /// The totals of `op`.
        pub fn get(&self, op: Op) -> Count {
            self.0[op as usize]
        }

        /// The calls of `op`.
        pub fn calls(&self, op: Op) -> u64 {
            self.get(op).calls
        }
    }

    /// The counters now. Read one by one: a snapshot taken while other
    /// threads run metered code is not a single instant.
    pub fn snapshot() -> Snapshot {
        Snapshot(
            Op::ALL
                .iter()
                .map(|&op| Count {
                    op,
                    calls: CALLS[op as usize].load(Ordering::Relaxed),
                    nanos: NANOS[op as usize].load(Ordering::Relaxed),
                })
                .collect(),
        )
    }

    /// Sets every counter to zero.
    pub fn reset() {
        for c in CALLS.iter().chain(NANOS.iter()) {
            c.store(0, Ordering::Relaxed);
        }
    }
}
