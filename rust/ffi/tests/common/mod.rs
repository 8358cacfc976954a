//! Helpers shared by the FFI test binaries (`mod common;` in each; not
//! every binary uses every helper).

#![allow(dead_code, unused_macros, unused_imports)]

/// splitmix64: reproducible test data without a dependency. Each test
/// binary adds the draws it needs in an `impl` of its own.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The G1 and G2 symbols a test binary calls, under short names: modules
/// `g1f` and `g2f`, where `g1f::add` is `bls12_381_g1_add` and `g2f::add`
/// is `bls12_381_g2_add`, and so on (one row per function, its G1 and its
/// G2 symbol).
macro_rules! symbols {
    ($($short:ident: $g1:ident, $g2:ident;)*) => {
        mod g1f {
            pub use bls12_381_ffi::{$($g1 as $short),*};
        }
        mod g2f {
            pub use bls12_381_ffi::{$($g2 as $short),*};
        }
    };
}
pub(crate) use symbols;
