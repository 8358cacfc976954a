//! Hashing to G1 and G2 (RFC 9380), suites
//! `BLS12381G1_XMD:SHA-256_SSWU_RO_` / `_NU_` and
//! `BLS12381G2_XMD:SHA-256_SSWU_RO_` / `_NU_`:
//!
//! - [`expand_message_xmd`] (SHA-256) and [`hash_to_field`] (L = 64 bytes
//!   per Fp coefficient);
//! - `map_to_curve`: the simplified SWU map onto an isogenous curve E'
//!   followed by the isogeny to E (11-isogeny for G1, 3-isogeny for G2);
//! - cofactor clearing ([`G1Projective::clear_cofactor`],
//!   [`G2Projective::clear_cofactor`]);
//! - [`G1Projective::hash_to_curve`] (random oracle: two field elements,
//!   two maps, one cofactor clearing), its twin for public messages
//!   [`G1Projective::hash_to_curve_vartime`] (the same point, the cofactor
//!   cleared in variable time), and
//!   [`G1Projective::encode_to_curve`] (non-uniform: one of each), and the
//!   same for G2.
//!
//! Everything is constant time in the message (hashing may be applied to
//! secrets) except the `_vartime` functions, which are for public messages;
//! the DST's length and the message's length are public.
//!
//! DST: any length is accepted. A DST longer than 255 bytes is hashed
//! first (RFC 9380, 5.3.3). The RFC requires protocols to use a non-empty
//! DST; an empty one is nonetheless accepted (as blst does).
//!
//! [`G1Projective::hash_to_curve`]: crate::curve::G1Projective::hash_to_curve
//! [`G1Projective::hash_to_curve_vartime`]: crate::curve::G1Projective::hash_to_curve_vartime
//! [`G1Projective::encode_to_curve`]: crate::curve::G1Projective::encode_to_curve
//! [`G1Projective::clear_cofactor`]: crate::curve::G1Projective::clear_cofactor
//! [`G2Projective::clear_cofactor`]: crate::curve::G2Projective::clear_cofactor

mod expand_message;
mod isogeny;
mod sswu;

pub use expand_message::expand_message_xmd;

use crate::curve::{G1Projective, G2Projective};
use crate::field::{Fp, Fp2};
use crate::Error;
use expand_message::{expand_into, MAX_LEN};
use isogeny::{iso_map_g1, iso_map_g1_frac, iso_map_g2};
use sswu::{map_to_iso, map_to_iso_frac, map_to_iso_n};

/// Bytes of uniform output per Fp coefficient: L = ceil((381 + 128) / 8).
const L: usize = 64;

/// A field that [`hash_to_field`] produces: [`Fp`] or [`Fp2`] (sealed).
pub trait HashToField: Sized + Copy + sealed::Sealed {
    /// Number of Fp coefficients (the extension degree m).
    const M: usize;
    /// The element of `M * 64` bytes of `expand_message` output: each
    /// coefficient is a 64-byte big-endian integer reduced mod p.
    fn from_okm(okm: &[u8]) -> Self;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Fp {}
    impl Sealed for super::Fp2 {}
}

/// A 64-byte big-endian integer reduced mod p (OS2IP then mod p).
fn fp_from_okm(okm: &[u8]) -> Fp {
    let mut le = [0u8; L];
    for (d, s) in le.iter_mut().zip(okm[..L].iter().rev()) {
        *d = *s;
    }
    Fp::from_bytes_wide(&le)
}

impl HashToField for Fp {
    const M: usize = 1;
    fn from_okm(okm: &[u8]) -> Fp {
        fp_from_okm(okm)
    }
}

impl HashToField for Fp2 {
    const M: usize = 2;
    fn from_okm(okm: &[u8]) -> Fp2 {
        Fp2::new(fp_from_okm(&okm[..L]), fp_from_okm(&okm[L..2 * L]))
    }
}

/// `hash_to_field(msg, count)` of RFC 9380 (section 5.2) with
/// `expand_message_xmd` / SHA-256 and L = 64: `count` elements of Fp or
/// Fp2 (`hash_to_field::<Fp>(...)`).
///
/// The output length `count * m * 64` must be between 1 and 8160 bytes
/// (`count` in 1..=127 for Fp, 1..=63 for Fp2), otherwise
/// [`Error::InvalidOutputLength`]. The DST rules are those of
/// [`expand_message_xmd`].
pub fn hash_to_field<F: HashToField>(msg: &[u8], dst: &[u8], count: usize) -> Result<Vec<F>, Error> {
    let len = count.checked_mul(F::M * L).ok_or(Error::InvalidOutputLength)?;
    let okm = expand_message_xmd(msg, dst, len)?;
    Ok(okm.chunks_exact(F::M * L).map(F::from_okm).collect())
}

/// [`hash_to_field`] for a fixed small count, on the stack.
fn hash_to_field_n<F: HashToField, const N: usize>(msg: &[u8], dst: &[u8]) -> [F; N] {
    // At most 2 Fp2 elements: 256 bytes.
    let mut okm = [0u8; 4 * L];
    let len = N * F::M * L;
    debug_assert!(len <= okm.len() && len <= MAX_LEN);
    expand_into(msg, dst, &mut okm[..len]);
    core::array::from_fn(|i| F::from_okm(&okm[i * F::M * L..]))
}

impl G1Projective {
    /// `hash_to_curve` of the suite `BLS12381G1_XMD:SHA-256_SSWU_RO_` (RFC
    /// 9380, 8.8.1): a point of G1 indistinguishable from random. `dst` is
    /// the domain separation tag (any length; see the module
    /// documentation). Constant time in `msg`.
    pub fn hash_to_curve(msg: &[u8], dst: &[u8]) -> G1Projective {
        Self::hash_to_iso_g1(msg, dst).clear_cofactor()
    }

    /// [`G1Projective::hash_to_curve`] of a public message (signature
    /// verification under min-sig, EIP-2537-style public inputs): the same
    /// point, its cofactor cleared by
    /// [`G1Projective::clear_cofactor_vartime`]. Only the cofactor
    /// clearing differs; hashing to the field and the maps are the
    /// constant-time ones.
    pub fn hash_to_curve_vartime(msg: &[u8], dst: &[u8]) -> G1Projective {
        Self::hash_to_iso_g1(msg, dst).clear_cofactor_vartime()
    }

    /// `hash_to_curve` up to the cofactor clearing: the two maps computed
    /// together (their exponentiations overlap), added on E1' (the isogeny
    /// is a homomorphism: add on E1', map once), then the isogeny.
    fn hash_to_iso_g1(msg: &[u8], dst: &[u8]) -> G1Projective {
        let u = hash_to_field_n::<Fp, 2>(msg, dst);
        let [q0, q1] = map_to_iso_n(&u);
        iso_map_g1(&q0.add(&q1))
    }

    /// `encode_to_curve` of the suite `BLS12381G1_XMD:SHA-256_SSWU_NU_`
    /// (RFC 9380, 8.8.1): a point of G1, not uniformly distributed (about
    /// half of G1 is reached). Constant time in `msg`.
    pub fn encode_to_curve(msg: &[u8], dst: &[u8]) -> G1Projective {
        let [u] = hash_to_field_n::<Fp, 1>(msg, dst);
        Self::map_to_curve(&u).clear_cofactor()
    }

    /// `map_to_curve` of RFC 9380 for G1: the simplified SWU map onto E1'
    /// and the 11-isogeny onto E1. The result is on E1 but NOT cleared of
    /// the cofactor (EIP-2537's MAP_FP_TO_G1 is
    /// `map_to_curve(u).clear_cofactor()`). Constant time.
    pub fn map_to_curve(u: &Fp) -> G1Projective {
        iso_map_g1_frac(&map_to_iso_frac(u))
    }
}

impl G2Projective {
    /// `hash_to_curve` of the suite `BLS12381G2_XMD:SHA-256_SSWU_RO_` (RFC
    /// 9380, 8.8.2): a point of G2 indistinguishable from random. `dst` is
    /// the domain separation tag (any length; see the module
    /// documentation). Constant time in `msg`.
    pub fn hash_to_curve(msg: &[u8], dst: &[u8]) -> G2Projective {
        Self::hash_to_iso_g2(msg, dst).clear_cofactor()
    }

    /// [`G2Projective::hash_to_curve`] of a public message (signature
    /// verification): the same point, its cofactor cleared by
    /// [`G2Projective::clear_cofactor_vartime`].
    pub fn hash_to_curve_vartime(msg: &[u8], dst: &[u8]) -> G2Projective {
        Self::hash_to_iso_g2(msg, dst).clear_cofactor_vartime()
    }

    /// `hash_to_curve` up to the cofactor clearing: the two maps added on
    /// E2', then the isogeny.
    fn hash_to_iso_g2(msg: &[u8], dst: &[u8]) -> G2Projective {
        let u = hash_to_field_n::<Fp2, 2>(msg, dst);
        let [q0, q1] = map_to_iso_n(&u);
        iso_map_g2(&q0.add(&q1))
    }

    /// `encode_to_curve` of the suite `BLS12381G2_XMD:SHA-256_SSWU_NU_`
    /// (RFC 9380, 8.8.2). Constant time in `msg`.
    pub fn encode_to_curve(msg: &[u8], dst: &[u8]) -> G2Projective {
        let [u] = hash_to_field_n::<Fp2, 1>(msg, dst);
        Self::map_to_curve(&u).clear_cofactor()
    }

    /// `map_to_curve` of RFC 9380 for G2: the simplified SWU map onto E2'
    /// and the 3-isogeny onto E2, without cofactor clearing (EIP-2537's
    /// MAP_FP2_TO_G2 is `map_to_curve(u).clear_cofactor()`). Constant time.
    pub fn map_to_curve(u: &Fp2) -> G2Projective {
        iso_map_g2(&map_to_iso(u))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_to_field_lengths() {
        assert_eq!(hash_to_field::<Fp>(b"", b"D", 0), Err(Error::InvalidOutputLength));
        assert_eq!(hash_to_field::<Fp>(b"", b"D", 127).unwrap().len(), 127);
        assert_eq!(hash_to_field::<Fp>(b"", b"D", 128), Err(Error::InvalidOutputLength));
        assert_eq!(hash_to_field::<Fp2>(b"", b"D", 63).unwrap().len(), 63);
        assert_eq!(hash_to_field::<Fp2>(b"", b"D", 64), Err(Error::InvalidOutputLength));
        assert_eq!(hash_to_field::<Fp2>(b"", b"D", usize::MAX), Err(Error::InvalidOutputLength));
        let v = hash_to_field::<Fp>(b"abc", b"D", 2).unwrap();
        assert_eq!(v, hash_to_field_n::<Fp, 2>(b"abc", b"D").to_vec());
    }

    /// The addition on E' (with its doubling and cancelling cases) agrees
    /// with the addition on E through the isogeny, a homomorphism.
    #[test]
    fn iso_add_is_compatible() {
        let us: Vec<Fp> = hash_to_field(b"iso add", b"T", 40).unwrap();
        let vs: Vec<Fp2> = hash_to_field(b"iso add", b"T", 40).unwrap();
        // The images of the i-th and next inputs of `$us` on E' under
        // `$iso`: the sum, the double and the sum with the negation.
        macro_rules! check {
            ($us:ident, $iso:ident, $i:expr) => {
                let (u, w) = ($us[$i], $us[($i + 1) % $us.len()]);
                let (p, q) = (map_to_iso(&u), map_to_iso(&w));
                let (ip, iq) = ($iso(&p), $iso(&q));
                assert_eq!($iso(&p.add(&q)), ip.add(&iq));
                assert_eq!($iso(&p.add(&p)), ip.double());
                assert!(bool::from($iso(&p.add(&map_to_iso(&u.neg()))).is_identity()));
            };
        }
        for i in 0..us.len() {
            check!(us, iso_map_g1, i);
            check!(vs, iso_map_g2, i);
        }
    }

    #[test]
    fn outputs_in_group() {
        for dst in [&b""[..], b"DST", &[1u8; 300]] {
            let p = G1Projective::hash_to_curve(b"msg", dst);
            assert!(bool::from(p.is_on_curve() & p.is_torsion_free()));
            let q = G2Projective::hash_to_curve(b"msg", dst);
            assert!(bool::from(q.is_on_curve() & q.is_torsion_free()));
        }
    }
}
