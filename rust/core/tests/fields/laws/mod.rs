//! One suite of field tests, written once and instantiated per field (the
//! Rust counterpart of `test/field_axioms.ml`).
//!
//! A field enters the suite by implementing [`TestField`] (the operations
//! every field has, its edge values and sampler, its coefficients as
//! integers, and the reference for `pow`), usually through [`test_field!`],
//! and the narrower traits for what only some fields have: [`Blst`] (blst's
//! counterpart of each operation), [`Encoded`] (a canonical byte encoding),
//! [`Prime`] (limbs, `from_u64`, wide reduction), [`Sqrt`], [`Signed`] and
//! [`Frobenius`].
//! [`field_suite!`] then writes one `#[test]` per law into a module per part:
//!
//! - `ring`: the field axioms (commutativity, associativity, identities,
//!   inverses, distributivity), `square` = `mul` by itself, `double` = `add`
//!   to itself, inversion (zero has none), the additive group against a
//!   coefficient-wise num-bigint model, powers (repeated products, sums of
//!   exponents, the reference, Fermat), the operators and the constant-time
//!   traits, the constants, `random`.
//! - `against_blst`: every operation blst also has, against blst.
//! - `encoding`: round trips, rejection of every non-canonical coefficient
//!   and of every wrong length.
//! - `prime`: the product against num-bigint, `from_u64`, limbs, wide
//!   reduction, `Debug`.
//! - `sqrt`: Legendre symbol (Euler's criterion) and square roots.
//! - `sign`: `sgn0` (RFC 9380) and the ZCash "lexicographically largest".
//! - `frobenius`: the Frobenius powers of the extensions, against blst, as
//!   powers of the first, and as `a^(p^k)`.
//!
//! Values are the field's edge values, then random ones (at least
//! [`N`](crate::common::N) per law where the law is cheap); each test draws
//! from its own seeded stream, so a failure names its field, law and input.
//! What is not common to the fields (Frobenius maps, sparse products, known
//! vectors, blst's operations that only one field has) stays in the
//! per-field files.

pub mod against_blst;
pub mod encoding;
pub mod frobenius;
pub mod prime;
pub mod ring;
pub mod sqrt;
/// The sign conventions live with the square roots they serve.
pub mod sign {
    pub use super::sqrt::sign_and_largest;
}

use crate::common::*;
use bls12_381_core::Error;
use num_bigint::BigUint;
use rand_chacha::ChaCha20Rng;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// A field under test: the operations every field type of the core has
/// (forwarded to its inherent methods), and what the generic laws need to
/// know about it.
pub trait TestField: Copy + PartialEq + core::fmt::Debug + Default + ConditionallySelectable + ConstantTimeEq {
    /// The prefix of test tags ("fp", "fp12", ...).
    const NAME: &'static str;
    const ZERO: Self;
    const ONE: Self;
    /// The degree over the prime field of the coefficients: the field has
    /// `modulus()^DEGREE` elements.
    const DEGREE: u32;
    /// Exponents for the `pow` law: random ones of up to `.0` limbs, then
    /// `.1` of up to 7 limbs (the blst references are slow on long ones).
    const POW_EXPONENTS: (usize, usize);
    /// The prime of the coefficients (p, or r for Fr).
    fn modulus() -> &'static BigUint;
    /// A test value (mostly uniform, with carry-heavy shapes).
    fn sample(rng: &mut ChaCha20Rng) -> Self;
    /// The edge values (0, 1, -1, p - 1, ... in every coefficient).
    fn edges() -> Vec<Self>;
    /// A smaller set of edges, for the laws that take every pair.
    fn op_edges() -> Vec<Self>;
    /// The canonical integers of the coefficients, in tower order: a
    /// representation independent of the type's own `==`.
    fn coeffs(&self) -> Vec<BigUint>;
    /// `self^e` by a reference (num-bigint, or blst's products).
    fn pow_reference(&self, e: &[u64]) -> Self;

    // The inherent operations: binary, then unary, then the rest.
    fn add(&self, b: &Self) -> Self;
    fn sub(&self, b: &Self) -> Self;
    fn mul(&self, b: &Self) -> Self;
    fn neg(&self) -> Self;
    fn double(&self) -> Self;
    fn square(&self) -> Self;
    fn is_zero(&self) -> Choice;
    fn invert(&self) -> CtOption<Self>;
    fn invert_vartime(&self) -> Option<Self>;
    fn pow(&self, e: &[u64]) -> Self;
    fn pow_vartime(&self, e: &[u64]) -> Self;
    fn random(rng: &mut ChaCha20Rng) -> Self;
    /// The `core::ops` operators, in the order of [`ring::OPERATORS`].
    fn operators(a: Self, b: Self) -> [Self; 10];
}

/// Implements [`TestField`] for a field type of the core: the forwarding to
/// the inherent methods is written here once.
macro_rules! test_field {
    ($t:ident, $name:literal, degree $d:literal over $m:ident, pow_exponents $pe:expr,
     sample $sample:ident, edges $edges:expr, op_edges $op_edges:expr,
     coeffs |$c:ident| $coeffs:expr, pow_reference |$a:ident, $e:ident| $pow_ref:expr $(,)?) => {
        impl $crate::laws::TestField for $t {
            const NAME: &'static str = $name;
            const ZERO: $t = $t::ZERO;
            const ONE: $t = $t::ONE;
            const DEGREE: u32 = $d;
            const POW_EXPONENTS: (usize, usize) = $pe;
            fn modulus() -> &'static num_bigint::BigUint {
                $m()
            }
            fn sample(rng: &mut rand_chacha::ChaCha20Rng) -> $t {
                $sample(rng)
            }
            fn edges() -> Vec<$t> {
                $edges
            }
            fn op_edges() -> Vec<$t> {
                $op_edges
            }
            fn coeffs(&self) -> Vec<num_bigint::BigUint> {
                let $c = self;
                $coeffs
            }
            fn pow_reference(&self, $e: &[u64]) -> $t {
                let $a = self;
                $pow_ref
            }
            fn add(&self, b: &$t) -> $t {
                $t::add(self, b)
            }
            fn sub(&self, b: &$t) -> $t {
                $t::sub(self, b)
            }
            fn neg(&self) -> $t {
                $t::neg(self)
            }
            fn double(&self) -> $t {
                $t::double(self)
            }
            fn mul(&self, b: &$t) -> $t {
                $t::mul(self, b)
            }
            fn square(&self) -> $t {
                $t::square(self)
            }
            fn is_zero(&self) -> subtle::Choice {
                $t::is_zero(self)
            }
            fn invert(&self) -> subtle::CtOption<$t> {
                $t::invert(self)
            }
            fn invert_vartime(&self) -> Option<$t> {
                $t::invert_vartime(self)
            }
            fn pow(&self, e: &[u64]) -> $t {
                $t::pow(self, e)
            }
            fn pow_vartime(&self, e: &[u64]) -> $t {
                $t::pow_vartime(self, e)
            }
            fn random(rng: &mut rand_chacha::ChaCha20Rng) -> $t {
                $t::random(rng)
            }
            fn operators(a: $t, b: $t) -> [$t; 10] {
                let (mut c, mut d, mut e) = (a, a, a);
                c += b;
                d -= b;
                e *= b;
                [a + b, a - b, a * b, &a + &b, &a - &b, &a * &b, -a, c, d, e]
            }
        }
    };
}

/// blst's counterpart of a field's operations (through canonical bytes, see
/// `common`), for the differential part of the suite.
pub trait Blst: TestField {
    fn blst_add(a: &Self, b: &Self) -> Self;
    fn blst_sub(a: &Self, b: &Self) -> Self;
    fn blst_mul(a: &Self, b: &Self) -> Self;
    fn blst_square(a: &Self) -> Self;
    fn blst_neg(a: &Self) -> Self;
    fn blst_double(a: &Self) -> Self;
    /// The inverses of a nonzero element by each of blst's algorithms.
    fn blst_inverses(a: &Self) -> Vec<Self>;
}

/// [`Blst`] for a field blst has as a type of its own: the raw type, the
/// two conversions, then blst's add, sub, mul, sqr, cneg, lshift and its
/// inversions.
macro_rules! blst_field {
    ($t:ty, $raw:ident, $to:ident, $from:ident; $add:ident, $sub:ident, $mul:ident, $sqr:ident, $cneg:ident, $lshift:ident, $($inv:ident),+) => {
        impl $crate::laws::Blst for $t {
            fn blst_add(a: &$t, b: &$t) -> $t {
                $from(&bcall!($add, $raw, &$to(a), &$to(b)))
            }
            fn blst_sub(a: &$t, b: &$t) -> $t {
                $from(&bcall!($sub, $raw, &$to(a), &$to(b)))
            }
            fn blst_mul(a: &$t, b: &$t) -> $t {
                $from(&bcall!($mul, $raw, &$to(a), &$to(b)))
            }
            fn blst_square(a: &$t) -> $t {
                $from(&bcall!($sqr, $raw, &$to(a)))
            }
            fn blst_neg(a: &$t) -> $t {
                $from(&bcall!($cneg, $raw, &$to(a), true))
            }
            fn blst_double(a: &$t) -> $t {
                $from(&bcall!($lshift, $raw, &$to(a), 1))
            }
            fn blst_inverses(a: &$t) -> Vec<$t> {
                vec![$($from(&bcall!($inv, $raw, &$to(a)))),+]
            }
        }
    };
}

/// [`Blst`] for an extension blst only has inside Fp12 (Fp6 through the
/// embedding `a + 0 w`): products and inverses by blst's Fp12 arithmetic,
/// the additive operations by `$each`, coefficient-wise over `$sub`'s.
macro_rules! blst_tower {
    ($t:ident by $each:ident over $sub:ident, $to:ident, $from:ident) => {
        impl $crate::laws::Blst for $t {
            fn blst_add(a: &$t, b: &$t) -> $t {
                $each(a, b, <$sub as $crate::laws::Blst>::blst_add)
            }
            fn blst_sub(a: &$t, b: &$t) -> $t {
                $each(a, b, <$sub as $crate::laws::Blst>::blst_sub)
            }
            fn blst_mul(a: &$t, b: &$t) -> $t {
                $from(&bcall!(blst_fp12_mul, blst::blst_fp12, &$to(a), &$to(b)))
            }
            fn blst_square(a: &$t) -> $t {
                $from(&bcall!(blst_fp12_sqr, blst::blst_fp12, &$to(a)))
            }
            fn blst_neg(a: &$t) -> $t {
                $each(&$t::ZERO, a, <$sub as $crate::laws::Blst>::blst_sub)
            }
            fn blst_double(a: &$t) -> $t {
                $each(a, a, <$sub as $crate::laws::Blst>::blst_add)
            }
            fn blst_inverses(a: &$t) -> Vec<$t> {
                vec![$from(&bcall!(blst_fp12_inverse, blst::blst_fp12, &$to(a)))]
            }
        }
    };
}

/// A field with a canonical byte encoding (Fp, Fr, Fp12).
pub trait Encoded: TestField {
    /// The encoding's length, as the test states it.
    const BYTES: usize;
    /// The length the core announces (`Fp::BYTES`, ...).
    const CORE_BYTES: usize;
    fn to_vec(&self) -> Vec<u8>;
    /// `from_bytes` on an array of exactly `BYTES` bytes.
    fn from_array(b: &[u8]) -> Result<Self, Error>;
    fn from_slice(b: &[u8]) -> Result<Self, Error>;
    /// The encoding of one coefficient (the encoding is their concatenation
    /// in tower order).
    fn coeff_bytes(x: &BigUint) -> Vec<u8>;
}

macro_rules! encoded {
    ($t:ident, $bytes:literal, |$x:ident| $coeff_bytes:expr) => {
        impl $crate::laws::Encoded for $t {
            const BYTES: usize = $bytes;
            const CORE_BYTES: usize = $t::BYTES;
            fn to_vec(&self) -> Vec<u8> {
                self.to_bytes().to_vec()
            }
            fn from_array(b: &[u8]) -> Result<$t, bls12_381_core::Error> {
                $t::from_bytes(b.try_into().expect("an array of BYTES bytes"))
            }
            fn from_slice(b: &[u8]) -> Result<$t, bls12_381_core::Error> {
                $t::from_slice(b)
            }
            fn coeff_bytes($x: &num_bigint::BigUint) -> Vec<u8> {
                $coeff_bytes.to_vec()
            }
        }
    };
}

/// A prime field (Fp, Fr): limbs, small integers, wide reduction, and
/// blst's versions of them.
pub trait Prime: Encoded {
    const LIMBS: usize;
    fn from_u64(x: u64) -> Self;
    fn to_limbs(&self) -> Vec<u64>;
    fn from_limbs(l: &[u64]) -> Result<Self, Error>;
    fn modulus_limbs() -> Vec<u64>;
    fn from_bytes_wide(b: &[u8; 64]) -> Self;
    fn blst_from_limbs(l: &[u64]) -> Self;
    fn blst_to_limbs(&self) -> Vec<u64>;
    fn blst_from_bytes_wide(b: &[u8; 64]) -> Self;
}

macro_rules! prime {
    ($t:ident, $n:literal, $raw:ident, $to:ident, $from:ident, $from_u64:ident, $to_u64:ident, wide |$b:ident| $wide:expr) => {
        impl $crate::laws::Prime for $t {
            const LIMBS: usize = $n;
            fn from_u64(x: u64) -> $t {
                $t::from_u64(x)
            }
            fn to_limbs(&self) -> Vec<u64> {
                $t::to_limbs(self).to_vec()
            }
            fn from_limbs(l: &[u64]) -> Result<$t, bls12_381_core::Error> {
                $t::from_limbs(l.try_into().expect("LIMBS limbs"))
            }
            fn modulus_limbs() -> Vec<u64> {
                $t::MODULUS.to_vec()
            }
            fn from_bytes_wide(b: &[u8; 64]) -> $t {
                $t::from_bytes_wide(b)
            }
            fn blst_from_limbs(l: &[u64]) -> $t {
                let l: &[u64; $n] = l.try_into().expect("LIMBS limbs");
                $from(&bcall!($from_u64, $raw, l.as_ptr()))
            }
            fn blst_to_limbs(&self) -> Vec<u64> {
                let mut l = [0u64; $n];
                unsafe { blst::$to_u64(l.as_mut_ptr(), &$to(self)) };
                l.to_vec()
            }
            fn blst_from_bytes_wide($b: &[u8; 64]) -> $t {
                $wide
            }
        }
    };
}

/// Everything the suite needs of a prime field but its square roots, from
/// the helpers of `common`: `$big` and `$of` convert to and from integers,
/// `$order` writes the encoding (`be_bytes` or `le_bytes`); then blst's
/// raw type, conversions, limb functions, wide reduction and operations.
macro_rules! prime_field_under_test {
    ($t:ident, $name:literal, $m:ident, $limbs:literal limbs, $bytes:literal bytes $order:ident, pow_exponents $pe:expr,
     $big:ident, $of:ident, $sample:ident, edges $edges:expr, $op_edges:expr;
     blst $raw:ident, $to:ident, $from:ident, $from_u64:ident, $to_u64:ident, wide |$b:ident| $wide:expr; $($ops:ident),+ $(,)?) => {
        test_field! {
            $t, $name, degree 1 over $m, pow_exponents $pe, sample $sample, edges $edges, op_edges $op_edges,
            coeffs |a| vec![$big(a)], pow_reference |a, e| $of(&modpow(&$big(a), &big_of_limbs(e), $m())),
        }
        blst_field!($t, $raw, $to, $from; $($ops),+);
        encoded!($t, $bytes, |x| $order::<$bytes>(x));
        prime!($t, $limbs, $raw, $to, $from, $from_u64, $to_u64, wide |$b| $wide);
    };
}

/// A field with square roots (Fp, Fr, Fp2).
pub trait Sqrt: TestField {
    fn sqrt(&self) -> CtOption<Self>;
    fn legendre(&self) -> i8;
    fn is_square(&self) -> Choice;
    /// The norm to the prime field, as an integer (the element itself in a
    /// prime field): Euler's criterion on it is the Legendre symbol.
    fn norm_big(&self) -> BigUint;
    /// blst's square root: none where blst has none for this field, else
    /// whether one exists and which.
    fn blst_sqrt(&self) -> Option<Option<Self>>;
    /// blst's `is_square`, where it has one.
    fn blst_is_square(&self) -> Option<bool>;
}

macro_rules! sqrt {
    ($t:ident, norm |$n:ident| $norm:expr, blst $($raw:ident, $to:ident, $from:ident, $bsqrt:ident, $bsq:ident)?) => {
        impl $crate::laws::Sqrt for $t {
            fn sqrt(&self) -> subtle::CtOption<$t> {
                $t::sqrt(self)
            }
            fn legendre(&self) -> i8 {
                $t::legendre(self)
            }
            fn is_square(&self) -> subtle::Choice {
                $t::is_square(self)
            }
            fn norm_big(&self) -> num_bigint::BigUint {
                let $n = self;
                $norm
            }
            fn blst_sqrt(&self) -> Option<Option<$t>> {
                $(
                    let mut root = blst::$raw::default();
                    let exists = unsafe { blst::$bsqrt(&mut root, &$to(self)) };
                    return Some(exists.then(|| $from(&root)));
                )?
                #[allow(unreachable_code)]
                None
            }
            fn blst_is_square(&self) -> Option<bool> {
                $(
                    return Some(unsafe { blst::$bsq(&$to(self)) });
                )?
                #[allow(unreachable_code)]
                None
            }
        }
    };
}

/// A field with the two sign conventions (Fp, Fp2: the base fields of the
/// curves).
pub trait Signed: TestField {
    fn sgn0(&self) -> Choice;
    fn lexicographically_largest(&self) -> Choice;
}

macro_rules! signed {
    ($t:ident) => {
        impl $crate::laws::Signed for $t {
            fn sgn0(&self) -> subtle::Choice {
                $t::sgn0(self)
            }
            fn lexicographically_largest(&self) -> subtle::Choice {
                $t::lexicographically_largest(self)
            }
        }
    };
}

/// An extension of Fp (Fp2, Fp6, Fp12) with its Frobenius map a -> a^p.
pub trait Frobenius: TestField {
    /// The order of the map (the degree over Fp).
    const ORDER: usize;
    fn frobenius_map(&self, k: usize) -> Self;
    /// blst's `a^(p^k)`.
    fn blst_frobenius(&self, k: usize) -> Self;
}

macro_rules! frobenius {
    ($t:ident, order $order:literal, blst |$a:ident, $k:ident| $blst:expr) => {
        impl $crate::laws::Frobenius for $t {
            const ORDER: usize = $order;
            fn frobenius_map(&self, k: usize) -> $t {
                $t::frobenius_map(self, k)
            }
            fn blst_frobenius(&self, $k: usize) -> $t {
                let $a = self;
                $blst
            }
        }
    };
}

/// One `#[test]` per named law of `laws::$part`, in a module `$part`.
macro_rules! instantiate {
    ($t:ident, $part:ident: $($law:ident),+ $(,)?) => {
        mod $part {
            use super::*;
            $(
                #[test]
                fn $law() {
                    $crate::laws::$part::$law::<$t>();
                }
            )+
        }
    };
}

/// The suite for one field: `field_suite!(Fp: ring, against_blst, ...)` writes the
/// parts named, each a module of tests.
macro_rules! field_suite {
    ($t:ident: $($part:ident),+ $(,)?) => {
        $(field_suite!(@ $t, $part);)+
    };
    (@ $t:ident, ring) => {
        instantiate!($t, ring: add_commutative, add_associative, zero_is_additive_identity,
            neg_is_additive_inverse, sub_is_add_neg, double_is_add_self, additive_model,
            mul_commutative, mul_associative, one_is_multiplicative_identity, zero_absorbs,
            distributive, square_is_mul_self, invert, pow, pow_small_exponents, pow_exponent_sum,
            fermat, operators_and_ct, constants, random);
    };
    (@ $t:ident, against_blst) => {
        instantiate!($t, against_blst: add, sub, mul, square, neg, double, invert);
    };
    (@ $t:ident, encoding) => {
        instantiate!($t, encoding: round_trip, rejects_non_canonical, rejects_wrong_lengths);
    };
    (@ $t:ident, prime) => {
        instantiate!($t, prime: mul_against_bigint, from_u64, limbs, from_bytes_wide, debug_format);
    };
    (@ $t:ident, sqrt) => {
        instantiate!($t, sqrt: legendre, sqrt);
    };
    (@ $t:ident, sign) => {
        instantiate!($t, sign: sign_and_largest);
    };
    (@ $t:ident, frobenius) => {
        instantiate!($t, frobenius: frobenius_map);
    };
}

// ---------------------------------------------------------------- shared draws

/// `"fp2 mul"` for `F = Fp2`: the tag names the test and seeds its stream.
pub fn tag<F: TestField>(what: &str) -> String {
    format!("{} {what}", F::NAME)
}

/// The edges, then `N` random values, from the stream of `what`.
pub fn singles_of<F: TestField>(what: &str) -> Vec<F> {
    singles(&F::edges(), N, &mut rng(&tag::<F>(what)), F::sample)
}

/// Every pair of edges, edges against random values, then `N` random pairs.
pub fn pairs_of<F: TestField>(what: &str) -> Vec<(F, F)> {
    pairs(&F::edges(), N, &mut rng(&tag::<F>(what)), F::sample)
}

/// Every pair of edges with a random third, each edge in each place among
/// random values, then `N` random triples.
pub fn triples_of<F: TestField>(what: &str) -> Vec<(F, F, F)> {
    let mut rng = rng(&tag::<F>(what));
    let edges = F::edges();
    let mut v = Vec::with_capacity(edges.len() * (edges.len() + 3) + N);
    for a in &edges {
        for b in &edges {
            v.push((*a, *b, F::sample(&mut rng)));
        }
    }
    for e in &edges {
        let (x, y) = (F::sample(&mut rng), F::sample(&mut rng));
        v.push((*e, x, y));
        v.push((x, *e, y));
        v.push((x, y, *e));
    }
    for _ in 0..N {
        v.push((F::sample(&mut rng), F::sample(&mut rng), F::sample(&mut rng)));
    }
    v
}
