//! The public report of the kernels (`bls12_381_core::backend()`) against
//! what the environment and the CPU allow, the lane choice of the MSM and
//! the limb kernel, and its text. The suite runs under every
//! `BLS12_381_BACKEND` of the Makefile; the test also re-runs itself with
//! `BLS12_381_BACKEND=portable`, so every run checks that case.

use bls12_381_core::msm::LaneKernel;
use bls12_381_core::{backend, Backend, LimbKernel};

/// Whether the CPU has the limb kernel's instructions, and AVX-512 IFMA.
fn cpu() -> (bool, bool) {
    #[cfg(target_arch = "x86_64")]
    {
        (
            std::is_x86_feature_detected!("adx")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("bmi2"),
            std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512ifma"),
        )
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        (false, false)
    }
}

#[test]
fn backend_report_follows_the_environment() {
    let forced = std::env::var("BLS12_381_BACKEND").unwrap_or_default().to_ascii_lowercase();
    let (adx, ifma) = cpu();
    let b: Backend = backend();
    let want_limbs = if adx && forced != "portable" { LimbKernel::Adx } else { LimbKernel::Portable };
    assert_eq!(b.limbs, want_limbs, "BLS12_381_BACKEND={forced:?}: {b}");
    assert_eq!(b.limbs, bls12_381_core::arith::backend());
    let lanes = bls12_381_core::msm::lane_kernels();
    assert_eq!((b.g1_lanes, b.g2_lanes), (lanes.g1, lanes.g2), "{b}");
    let lanes_on = want_limbs == LimbKernel::Adx && forced != "adx";
    if !lanes_on {
        assert_eq!((b.g1_lanes, b.g2_lanes), (LaneKernel::Off, LaneKernel::Off), "{b}");
    }
    // The IFMA paths: the CPU has IFMA, the lanes are on, and no other lane
    // kernel is forced (`avx2`, `avx512f` and its old spelling `avx512`).
    let other_forced = ["avx2", "avx512f", "avx512"].contains(&forced.as_str());
    assert_eq!(b.ifma_paths, ifma && lanes_on && !other_forced, "BLS12_381_BACKEND={forced:?}: {b}");
    // The text: the fields as key=value, in order, one space apart.
    let text = b.to_string();
    let parts: Vec<String> = b.fields().iter().map(|(k, v)| format!("{k}={v}")).collect();
    assert_eq!(text, parts.join(" "));
    assert!(text.starts_with(&format!("limbs={} g1_lanes={} g2_lanes={} ifma_paths=", b.limbs, b.g1_lanes, b.g2_lanes)));
    if forced == "portable" {
        assert_eq!(text, "limbs=portable g1_lanes=off g2_lanes=off ifma_paths=off");
    }
    // The choice is made once: a second call answers the same.
    assert_eq!(backend(), b);
    eprintln!("backend: {b}");
}

/// The previous test again in a child process under
/// `BLS12_381_BACKEND=portable` (the variable is read once per process).
#[test]
fn backend_report_under_portable() {
    if std::env::var("BLS12_381_BACKEND").is_ok_and(|v| v.eq_ignore_ascii_case("portable")) {
        return;
    }
    let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .args(["backend::backend_report_follows_the_environment", "--exact", "--nocapture"])
        .env("BLS12_381_BACKEND", "portable")
        .output()
        .expect("spawn the test binary");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "child failed:\n{}\n{err}", String::from_utf8_lossy(&out.stdout));
    assert!(err.contains("backend: limbs=portable g1_lanes=off g2_lanes=off ifma_paths=off"), "{err}");
}
