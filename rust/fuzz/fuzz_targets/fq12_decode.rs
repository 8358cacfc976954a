//! Fuzz target: Fq12 decoder (each coefficient < p), core and C ABI, against big integers.
//! The checks are in `bls12_381_fuzz::fields::check_fq12` (rust/fuzz/src).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bls12_381_fuzz::fields::check_fq12(data);
});
