//! Fuzz target: multi-scalar multiplication through the C ABI (random lengths, thread counts 0-4, length faults) against blst's naive sum.
//! The checks are in `bls12_381_fuzz::msm::check_msm` (rust/fuzz/src).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bls12_381_fuzz::msm::check_msm(data);
});
