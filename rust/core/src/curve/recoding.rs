//! The signed-digit recodings of scalars, for every multiplication and
//! bucket method of the crate:
//!
//! - signed windows (Booth): the window of width c at `offset` gives the
//!   digit d = v + b - 2^c t in [-2^(c-1), 2^(c-1)], where v holds bits
//!   offset .. offset + c - 1 of s, b is bit offset - 1 (the carry of the
//!   window below; 0 for the lowest window) and t the top bit of v. Each
//!   digit reads only its own bits and the one below, so windows are
//!   recoded in any order and of any widths: over windows that tile bits
//!   0 .. m - 1, sum d 2^offset = s when s < 2^(m - 1) (the top window's
//!   top bit clear, which takes the last carry). Negation being free in
//!   the groups, a window of width c needs 2^(c-1) table entries or
//!   buckets. Used in constant time by the scalar multiplications
//!   (`mul_ct.rs`, [`booth_ct`]) and in variable time by Pippenger's
//!   method (`msm/pippenger.rs`, [`booth_vartime`]) and the GT
//!   multi-exponentiation (`msm/gt.rs`, [`booth_digits`]);
//! - the width-5 NAF ([`wnaf_vartime`]): odd digits in [-15, 15], at most
//!   one nonzero in any five consecutive digits, variable time (the
//!   variable-time multiplications, Straus' method, `Gt::pow_vartime`).

use subtle::Choice;

/// Width of the NAF of [`wnaf_vartime`]: odd digits in [-15, 15], so a
/// table of 2^(WNAF - 2) odd multiples [1]P, [3]P, .., [15]P.
pub(crate) const WNAF: u32 = 5;

/// The signed digit of `s` in the window of width `c` (1 <= c <= 63) at
/// `offset` (module doc): d = v + b - 2^c t. Constant time in `s` (the
/// window's place is public).
#[inline(always)]
pub(crate) fn booth(s: u128, offset: u32, c: u32) -> i64 {
    let v = (s.checked_shr(offset).unwrap_or(0) as u64) & ((1u64 << c) - 1);
    let carry = if offset == 0 { 0 } else { (s >> (offset - 1)) as u64 & 1 };
    (v + carry) as i64 - (((v >> (c - 1)) as i64) << c)
}

/// [`booth`] as (|d|, d < 0), constant time in `s`: the sign is taken
/// from the sign bit and the absolute value by a masked negation, with
/// no comparison that the compiler could turn into a branch.
#[inline(always)]
pub(crate) fn booth_ct(s: u128, offset: u32, c: u32) -> (u32, Choice) {
    let d = booth(s, offset, c);
    let neg = ((d as u64) >> 63) as u32;
    let abs = ((d ^ -(neg as i64)) + neg as i64) as u32;
    (abs, Choice::from(neg as u8))
}

/// [`booth`] as (|d|, d < 0), `None` for zero. Variable time.
#[inline(always)]
pub(crate) fn booth_vartime(s: u128, offset: u32, c: u32) -> Option<(u32, bool)> {
    match booth(s, offset, c) {
        0 => None,
        d => Some((d.unsigned_abs() as u32, d < 0)),
    }
}

/// The [`booth`] digits of `s` in windows of `w` bits, low window first:
/// `s = sum_j out[j] 2^(w j)` with `|out[j]| <= 2^(w-1)` when the
/// windows cover at least 65 bits.
pub(crate) fn booth_digits(s: u64, w: usize, out: &mut [i32]) {
    for (j, d) in out.iter_mut().enumerate() {
        *d = booth(u128::from(s), (w * j) as u32, w as u32) as i32;
    }
}

/// The width-5 NAF of `s` (least significant digit first), odd digits in
/// [-15, 15]; returns the number of digits. Variable time.
pub(crate) fn wnaf_vartime(mut s: u128, out: &mut [i8; 130]) -> usize {
    let mut len = 0;
    while s != 0 {
        let mut d = 0i8;
        if s & 1 == 1 {
            let m = (s & ((1 << WNAF) - 1)) as i8;
            d = if m >= 1 << (WNAF - 1) { m - (1 << WNAF) } else { m };
            s = if d < 0 { s + (-d) as u128 } else { s - d as u128 };
        }
        out[len] = d;
        len += 1;
        s >>= 1;
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Marsaglia's xorshift64: varied test scalars without an RNG crate.
    fn xorshift(x: &mut u64) {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
    }

    /// The constant-time digits of the scalar multiplications: 5-bit
    /// windows over a 127-bit part (26 windows, as G1's loop).
    #[test]
    fn booth_ct_digits_recompose() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            xorshift(&mut x);
            let y = x.rotate_left(23) ^ 0x5555;
            let s = x as u128 | ((y >> 1) as u128) << 64; // < 2^127
            let mut v: i128 = 0;
            for i in (0..26).rev() {
                let (a, n) = booth_ct(s, 5 * i, 5);
                assert!(a <= 16);
                let d = if bool::from(n) { -(a as i128) } else { a as i128 };
                v = v.wrapping_mul(32).wrapping_add(d);
            }
            assert_eq!(v as u128, s);
        }
    }

    /// The variable-time digits over the tilings of Pippenger's plans:
    /// 129 bits (a 128-bit part and the last carry) in ceil(129 / c)
    /// windows of as equal widths as possible, the widest at the top.
    #[test]
    fn booth_vartime_digits_recompose() {
        let samples = [0u128, 1, 2, 3, 0x7f, 0x80, u64::MAX as u128, (1 << 127) + 12345, u128::MAX >> 1, u128::MAX];
        for &s in &samples {
            for c in 1..=20u32 {
                let bits = 129u32;
                let count = bits.div_ceil(c);
                let (base, wide) = (bits / count, bits % count);
                // The sum of d_w 2^offset as a signed 256-bit value, in two u128 halves.
                let mut lo: u128 = 0;
                let mut hi: i128 = 0;
                let mut shift = 0;
                for i in 0..count {
                    let c = base + u32::from(i >= count - wide);
                    if let Some((abs, neg)) = booth_vartime(s, shift, c) {
                        assert!(abs <= 1 << (c - 1), "digit too large");
                        let (dlo, dhi) = if shift >= 128 {
                            (0u128, (abs as i128) << (shift - 128))
                        } else {
                            let v = (abs as u128) << shift;
                            let h = if shift == 0 { 0 } else { (abs as u128 >> (128 - shift)) as i128 };
                            (v, h)
                        };
                        if neg {
                            let (l, borrow) = lo.overflowing_sub(dlo);
                            lo = l;
                            hi = hi - dhi - borrow as i128;
                        } else {
                            let (l, carry) = lo.overflowing_add(dlo);
                            lo = l;
                            hi = hi + dhi + carry as i128;
                        }
                    }
                    shift += c;
                }
                assert_eq!((lo, hi), (s, 0), "s = {s:#x}, c = {c}");
            }
        }
    }

    /// The digit rows of the GT multi-exponentiation: 64-bit parts in
    /// windows covering 65 bits.
    #[test]
    fn booth_digit_rows_recompose() {
        for w in 1..=16 {
            let windows = 65usize.div_ceil(w);
            for c in [0u64, 1, 2, u64::MAX, 1 << 63, 0x9e37_79b9_7f4a_7c15, (1 << 63) - 1] {
                let mut d = vec![0i32; windows];
                booth_digits(c, w, &mut d);
                let half = 1i128 << (w - 1);
                assert!(d.iter().all(|&x| (x as i128).abs() <= half), "w {w}");
                let v = d.iter().rev().fold(0i128, |v, &x| (v << w) + x as i128);
                assert_eq!(v, c as i128, "w {w} c {c:#x}");
            }
        }
    }

    #[test]
    fn wnaf_recomposes() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            xorshift(&mut x);
            let s = (x as u128) << 64 | x.rotate_left(7) as u128;
            let s = s >> (x % 3);
            let mut d = [0i8; 130];
            let n = wnaf_vartime(s, &mut d);
            let mut v: i128 = 0;
            for i in (0..n).rev() {
                assert!(d[i] == 0 || (d[i] % 2 != 0 && d[i].abs() <= 15));
                v = v.wrapping_mul(2).wrapping_add(d[i] as i128);
            }
            assert_eq!(v as u128, s);
        }
    }
}
