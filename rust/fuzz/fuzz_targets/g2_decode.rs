//! Fuzz target: G2 point decoders (compressed, uncompressed; checked, unchecked) and encoders, core and C ABI, against blst.
//! The checks are in `bls12_381_fuzz::decode::check_g2` (rust/fuzz/src).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bls12_381_fuzz::decode::check_g2(data);
});
