//! `bls12_381_backend`: the core's report of the kernels, in the same
//! text, as a static string; under `BLS12_381_BACKEND=portable` (a child
//! process of this test, the variable being read once per process) it says
//! portable.

use bls12_381_ffi::bls12_381_backend;
use core::ffi::CStr;

fn c_text() -> String {
    let p = bls12_381_backend();
    assert!(!p.is_null());
    // SAFETY: the header's contract: a NUL-terminated static string.
    unsafe { CStr::from_ptr(p) }.to_str().expect("ASCII").to_string()
}

#[test]
fn the_c_report_is_the_cores() {
    let text = c_text();
    assert_eq!(text, bls12_381_core::backend().to_string());
    assert_eq!(bls12_381_backend(), bls12_381_backend(), "one static string");
    let keys: Vec<&str> = text.split(' ').map(|kv| kv.split_once('=').expect("key=value").0).collect();
    assert_eq!(keys, ["limbs", "g1_lanes", "g2_lanes", "ifma_paths"]);
    if std::env::var("BLS12_381_BACKEND").is_ok_and(|v| v.eq_ignore_ascii_case("portable")) {
        assert_eq!(text, "limbs=portable g1_lanes=off g2_lanes=off ifma_paths=off");
    }
    eprintln!("backend: {text}");
}

#[test]
fn portable_when_forced() {
    if std::env::var("BLS12_381_BACKEND").is_ok_and(|v| v.eq_ignore_ascii_case("portable")) {
        return;
    }
    let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .args(["the_c_report_is_the_cores", "--exact", "--nocapture"])
        .env("BLS12_381_BACKEND", "portable")
        .output()
        .expect("spawn the test binary");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "child failed:\n{err}");
    assert!(err.contains("backend: limbs=portable g1_lanes=off g2_lanes=off ifma_paths=off"), "{err}");
}
