//! The fields: Fp (base), Fr (scalars) and the tower Fp2 / Fp6 / Fp12.
//!
//! Every element type offers the same core set of operations as inherent
//! methods (`add`, `sub`, `neg`, `double`, `mul`, `square`, `invert`,
//! `invert_vartime`, `pow`, `pow_vartime`, `is_zero`, ...), the `core::ops`
//! operators, and the `subtle` traits for constant-time comparison and
//! selection.

#[macro_use]
mod macros;
mod batch;
pub(crate) mod direct;
pub mod fp;
pub mod fp12;
pub mod fp2;
pub mod fp6;
pub mod fr;
mod fr_sqrt;
mod frobenius;
pub(crate) mod kernels;

pub use fp::Fp;
pub use fp12::Fp12;
pub use fp2::Fp2;
pub use fp6::Fp6;
pub use fr::Fr;

use crate::Error;
use subtle::ConditionallySelectable;

/// `bytes` as an array of the encoding's size `N`, or `InvalidLength`:
/// the `from_slice` of every field.
pub(crate) fn exact<const N: usize>(bytes: &[u8]) -> Result<&[u8; N], Error> {
    bytes.try_into().map_err(|_| Error::InvalidLength { expected: N, got: bytes.len() })
}

/// The little-endian limbs of the integer written in `bytes` (8 bytes a
/// limb), big-endian when `be`, else little-endian.
pub(crate) fn limbs_of_bytes<const N: usize>(bytes: &[u8], be: bool) -> [u64; N] {
    let mut l = [0u64; N];
    for (i, limb) in l.iter_mut().enumerate() {
        let at = if be { bytes.len() - 8 * (i + 1) } else { 8 * i };
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[at..at + 8]);
        *limb = if be { u64::from_be_bytes(w) } else { u64::from_le_bytes(w) };
    }
    l
}

/// The inverse of [`limbs_of_bytes`]: the `8 N` bytes of `l`.
pub(crate) fn bytes_of_limbs<const N: usize>(l: &[u64; N], out: &mut [u8], be: bool) {
    for (i, limb) in l.iter().enumerate() {
        let at = if be { out.len() - 8 * (i + 1) } else { 8 * i };
        out[at..at + 8].copy_from_slice(&if be { limb.to_be_bytes() } else { limb.to_le_bytes() });
    }
}

/// What exponentiation needs of a field (implemented by every field here).
pub(crate) trait Field: Copy + ConditionallySelectable {
    const ONE: Self;
    fn mul(&self, rhs: &Self) -> Self;
    fn square(&self) -> Self;
}

/// `base^exp`, `exp` as little-endian limbs. Constant time in the bits of
/// `exp` for a given number of limbs: a fixed 4-bit window and table reads
/// that touch every entry.
pub(crate) fn pow<F: Field>(base: &F, exp: &[u64]) -> F {
    let mut table = [F::ONE; 16];
    for i in 1..16 {
        table[i] = table[i - 1].mul(base);
    }
    let mut acc = F::ONE;
    for limb in exp.iter().rev() {
        for nibble in (0..16).rev() {
            acc = acc.square().square().square().square();
            let digit = ((limb >> (4 * nibble)) & 0xf) as u8;
            let mut entry = F::ONE;
            for (j, t) in table.iter().enumerate() {
                entry.conditional_assign(t, subtle::ConstantTimeEq::ct_eq(&(j as u8), &digit));
            }
            acc = acc.mul(&entry);
        }
    }
    acc
}

/// `base^exp`, `exp` as little-endian limbs; variable time in `exp`
/// (sliding window of 5 bits, 4 for short exponents). For public exponents
/// only; with a fixed exponent (square roots, Euler's criterion) the time
/// does not depend on `base`.
pub(crate) fn pow_vartime<F: Field>(base: &F, exp: &[u64]) -> F {
    let bits = exp.len() * 64 - exp.iter().rev().take_while(|&&l| l == 0).count() * 64;
    let w = if bits > 192 { 5 } else { 4 };
    // Odd powers base^1, base^3, ..., base^(2^w - 1).
    let sq = base.square();
    let mut odd = [*base; 16];
    for i in 1..(1 << (w - 1)) {
        odd[i] = odd[i - 1].mul(&sq);
    }
    let bit = |i: usize| (exp[i / 64] >> (i % 64)) & 1;
    let mut acc: Option<F> = None;
    let mut i = bits;
    while i > 0 {
        if bit(i - 1) == 0 {
            acc = acc.map(|a| a.square());
            i -= 1;
            continue;
        }
        // The longest window of at most w bits that ends in a set bit.
        let mut j = i.saturating_sub(w);
        while bit(j) == 0 {
            j += 1;
        }
        let mut digit = 0;
        for k in (j..i).rev() {
            digit = (digit << 1) | bit(k) as usize;
        }
        acc = Some(match acc {
            None => odd[digit >> 1],
            Some(mut a) => {
                for _ in j..i {
                    a = a.square();
                }
                a.mul(&odd[digit >> 1])
            }
        });
        i = j;
    }
    acc.unwrap_or(F::ONE)
}
