//! Integration tests of multi-scalar multiplication, in one test binary:
//! `cargo test -p bls12-381-core --test msm`.
//!
//! - Differential tests against blst's Pippenger (`blst_p1s_mult_pippenger`,
//!   `blst_p2s_mult_pippenger`, raw FFI) and against the naive sum of
//!   scalar multiplications, for n from 0 to 4096, on 1, 2 and all threads
//!   (differential.rs).
//! - Every forced window width 1 to 16, so that both bucket accumulations
//!   (Jacobian and batch-affine) and the batch queue and its Jacobian
//!   overflow run (windows.rs).
//! - Edge cases: zero scalars, identity points, one bucket receiving
//!   thousands of additions, P and -P, scalars summing to r, r - 1,
//!   single-part endomorphism splits, length mismatches, the empty sum,
//!   points outside the subgroup (edge_cases.rs).
//! - Compressed inputs with and without the subgroup check (compressed.rs).
//! - The public report of the kernels, `backend()`, against the
//!   environment and the lane choice (backend.rs).
//!
//! Every test runs on G1 and G2 (the generic tests of each module are
//! instantiated by [`both_curves!`]). The suite runs once per limb kernel
//! (`BLS12_381_BACKEND=portable` forces the portable one, `adx` the ADX
//! one without the AVX2 lanes of the batched additions; see the Makefile):
//! [`lane_path_follows_the_backend`] checks which path ran.
//! Inputs come from ChaCha20 with fixed seeds (`common::rng`).

#[macro_use]
#[path = "../fields/common.rs"]
mod common;
#[path = "../curves/points.rs"]
mod points;

/// `both_curves!(f, g, ...)`: for each generic test function `f::<C>()`,
/// a module `f` with the tests `f::g1` and `f::g2`.
macro_rules! both_curves {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[test]
                fn g1() {
                    super::$name::<bls12_381_core::curve::G1>()
                }
                #[test]
                fn g2() {
                    super::$name::<bls12_381_core::curve::G2>()
                }
            }
        )*
    };
}

mod reference;

mod backend;
mod compressed;
mod differential;
mod edge_cases;
mod subgroup_batch;
mod windows;

/// The lane path (G1 and G2) may run exactly when the CPU has AVX2 and
/// ADX (and BMI2) and `BLS12_381_BACKEND` asks for neither `portable`
/// nor `adx`; `avx2` / `avx512f` / `avx512_ifma` force that kernel
/// (and the deprecated `avx512` / `ifma` likewise)
/// where the CPU has it;
/// otherwise the kernel is the measured choice, and the MSMs take the
/// lane path exactly when it is not `Off`: the suite's runs really cover
/// the path they are meant to.
#[test]
fn lane_path_follows_the_backend() {
    use bls12_381_core::arith::LaneKernel;
    use bls12_381_core::curve::{Affine, G1, G2};
    let forced = std::env::var("BLS12_381_BACKEND").unwrap_or_default().to_ascii_lowercase();
    // The lane kernel the value names, old spellings included (the parser
    // has its own unit test).
    let forced_kernel = LaneKernel::from_backend_name(&forced).map(|(k, _)| k);
    #[cfg(target_arch = "x86_64")]
    let (cpu, f, ifma) = (
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("adx")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("bmi1"),
        std::is_x86_feature_detected!("avx512f"),
        std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512ifma"),
    );
    #[cfg(not(target_arch = "x86_64"))]
    let (cpu, f, ifma) = (false, false, false);
    let expected = cpu && forced != "portable" && forced != "adx";
    assert_eq!(bls12_381_core::arith::lanes_enabled(), expected, "BLS12_381_BACKEND={forced:?}");
    let choice = bls12_381_core::msm::lane_kernels();
    eprintln!("lane kernels: {choice}");
    if !expected {
        assert_eq!((choice.g1, choice.g2), (LaneKernel::Off, LaneKernel::Off));
    } else if let Some(k) = forced_kernel.filter(|&k| match k {
        LaneKernel::Avx512f => f,
        LaneKernel::Avx512Ifma => ifma,
        _ => true,
    }) {
        assert_eq!((choice.g1, choice.g2), (k, k));
    } else {
        for k in [choice.g1, choice.g2] {
            assert!(k != LaneKernel::Avx512Ifma || ifma, "{choice}");
            assert!(k != LaneKernel::Avx512f || f, "{choice}");
        }
    }
    // The MSMs take the lane path exactly when a lane kernel is chosen.
    assert_eq!(G1::lane_points(&[Affine::generator()], false).is_some(), choice.g1 != LaneKernel::Off, "G1");
    assert_eq!(G2::lane_points(&[Affine::generator()], false).is_some(), choice.g2 != LaneKernel::Off, "G2");
}
