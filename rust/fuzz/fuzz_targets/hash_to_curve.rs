//! Fuzz target: hash / encode to G1 and G2 and expand_message_xmd, DST 0-3000 bytes, core and C ABI, against blst.
//! The checks are in `bls12_381_fuzz::hash::check_hash` (rust/fuzz/src).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bls12_381_fuzz::hash::check_hash(data);
});
