//! The fields: Fp (base), Fr (scalars) and the tower Fp2 / Fp6 / Fp12.
//!
//! Every element type offers the same core set of operations as inherent
//! methods (`add`, `sub`, `neg`, `double`, `mul`, `square`, `invert`,
//! `invert_vartime`, `pow`, `pow_vartime`, `is_zero`, ...), the `core::ops`
//! operators, and the `subtle` traits for constant-time comparison and
//! selection.

#[macro_use]
mod macros;
pub mod fp;
pub mod fp12;
pub mod fp2;
pub mod fp6;
pub mod fr;
mod frobenius;

pub use fp::Fp;
pub use fp12::Fp12;
pub use fp2::Fp2;
pub use fp6::Fp6;
pub use fr::Fr;

use subtle::ConditionallySelectable;

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
/// (sliding 4-bit window). For public exponents only.
pub(crate) fn pow_vartime<F: Field>(base: &F, exp: &[u64]) -> F {
    // Odd powers base^1, base^3, ..., base^15.
    let sq = base.square();
    let mut odd = [*base; 8];
    for i in 1..8 {
        odd[i] = odd[i - 1].mul(&sq);
    }
    let bit = |i: usize| (exp[i / 64] >> (i % 64)) & 1;
    let mut acc = F::ONE;
    let mut started = false;
    let mut i = exp.len() * 64;
    while i > 0 {
        if bit(i - 1) == 0 {
            if started {
                acc = acc.square();
            }
            i -= 1;
            continue;
        }
        // Longest window of at most 4 bits ending in a set bit.
        let lo = i.saturating_sub(4);
        let mut j = lo;
        while bit(j) == 0 {
            j += 1;
        }
        let mut digit = 0u64;
        for k in (j..i).rev() {
            digit = (digit << 1) | bit(k);
            if started {
                acc = acc.square();
            }
        }
        acc = if started { acc.mul(&odd[(digit >> 1) as usize]) } else { odd[(digit >> 1) as usize] };
        started = true;
        i = j;
    }
    acc
}
