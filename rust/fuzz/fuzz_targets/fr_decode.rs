//! Fuzz target: Fr decoders (canonical < r) and the reduction mod r, core and C ABI, against big integers.
//! The checks are in `bls12_381_fuzz::fields::check_fr` (rust/fuzz/src).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bls12_381_fuzz::fields::check_fr(data);
});
