//! The steps of RFC 9380's hashing to G1 and G2 as C functions, beside the
//! whole hashes of `curve.rs`:
//!
//! - `hash_to_curve_vartime`: `hash_to_curve` for public messages, the
//!   same point with the cofactor cleared in variable time;
//! - `map_to_curve`: the simplified SWU map onto the isogenous curve E'
//!   followed by the isogeny (11-isogeny on G1, 3-isogeny on G2). Its input
//!   is a field element in the big-endian encoding of the coordinates of
//!   `of_xy` (G1: 48 bytes; G2: 96 bytes, the real part c0 first, as
//!   EIP-2537 orders Fp2 but without its zero padding), canonical (below
//!   p: NOT_CANONICAL otherwise). Its output is on the curve but in general
//!   not in the order-r subgroup;
//! - `clear_cofactor` (constant time) and `_vartime`: `[h_eff] P` for a
//!   point P of the curve, in the subgroup (G1: h_eff = 1 - z; G2: the
//!   RFC's h_eff, by psi as in its appendix G.3). The input is checked to
//!   be on the curve first (NOT_ON_CURVE, `out` untouched), because the
//!   chains of doublings and additions compute a meaningless point on any
//!   other bytes.
//!
//! `map_to_curve(u0)` + `map_to_curve(u1)` then `clear_cofactor` is
//! `hash_to_curve` for `(u0, u1) = hash_to_field(msg)`; `clear_cofactor`
//! of `map_to_curve(u)` is EIP-2537's MAP_FP_TO_G1 / MAP_FP2_TO_G2.

use crate::curve::{decode_into, hasher, Coordinate};
use crate::{code, get, null_guard, put, slice, ERR_NULL_POINTER, OK};
use bls12_381_core::curve::{G1Projective, G2Projective};
use bls12_381_core::{Error, Fp, Fp2};
use core::ffi::c_int;

/// One cofactor-clearing export: `$name(out, a)` writes
/// `a.$clear()` to `out` if the Jacobian point at `a` is on the curve
/// (the identity is), else answers NOT_ON_CURVE with `out` untouched.
macro_rules! clearer {
    ($name:ident, $proj:ty, $clear:ident, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $name(out: *mut u8, a: *const u8) -> c_int {
            null_guard!(ERR_NULL_POINTER; out, a);
            // SAFETY: crate contract.
            let a = unsafe { get::<$proj>(a) };
            if !bool::from(a.is_on_curve()) {
                return code(Error::NotOnCurve);
            }
            // SAFETY: crate contract; `a` was read before `out` is written.
            unsafe { put(out, a.$clear()) };
            OK
        }
    };
}

/// Defines the hash-to-curve steps of one group (see the module
/// documentation). Each `$name` is the full exported symbol, so that the
/// symbols can be grepped for.
macro_rules! h2c_abi {
    (
        $proj:ty, $base:ty,
        hash_to_curve_vartime: $h2cv:ident, map_to_curve: $map:ident,
        clear_cofactor: $clear:ident, clear_cofactor_vartime: $clearv:ident $(,)?
    ) => {
        hasher!(
            $h2cv,
            $proj,
            hash_to_curve_vartime,
            "Hash to the group, RFC 9380 random oracle, for public messages: the point of \
             `hash_to_curve`, its cofactor cleared in variable time."
        );

        /// `map_to_curve(u)` of RFC 9380 (SSWU then the isogeny; not in the
        /// subgroup in general) for the canonical big-endian field element
        /// `u[0..len]` (see the module documentation): `OK`, or
        /// `NULL_POINTER`, `INVALID_LENGTH`, `NOT_CANONICAL` with `out`
        /// untouched. Constant time in `u`.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $map(out: *mut u8, u: *const u8, len: usize) -> c_int {
            let map = |b: &[u8]| <$base>::from_be(b).map(|u| <$proj>::map_to_curve(&u));
            // SAFETY: crate contract.
            unsafe { decode_into(out, u, len, <$base as Coordinate>::BYTES, map, |p| p) }
        }

        clearer!(
            $clear,
            $proj,
            clear_cofactor,
            "`out = [h_eff] a` for a point `a` of the curve, in the subgroup; `NOT_ON_CURVE` \
             otherwise. Constant time in `a` (the on-curve check aside)."
        );
        clearer!(
            $clearv,
            $proj,
            clear_cofactor_vartime,
            "The result of the constant-time `clear_cofactor` of the group, in variable time: for \
             public points (EIP-2537's maps, hashes of public messages)."
        );
    };
}

h2c_abi! {
    G1Projective, Fp,
    hash_to_curve_vartime: bls12_381_g1_hash_to_curve_vartime,
    map_to_curve: bls12_381_g1_map_to_curve,
    clear_cofactor: bls12_381_g1_clear_cofactor,
    clear_cofactor_vartime: bls12_381_g1_clear_cofactor_vartime,
}

h2c_abi! {
    G2Projective, Fp2,
    hash_to_curve_vartime: bls12_381_g2_hash_to_curve_vartime,
    map_to_curve: bls12_381_g2_map_to_curve,
    clear_cofactor: bls12_381_g2_clear_cofactor,
    clear_cofactor_vartime: bls12_381_g2_clear_cofactor_vartime,
}
