//! Fuzz target: GT decoder (membership), core and C ABI, against blst_fp12_in_group.
//! The checks are in `bls12_381_fuzz::fields::check_gt` (rust/fuzz/src).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bls12_381_fuzz::fields::check_gt(data);
});
