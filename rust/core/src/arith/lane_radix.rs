//! The compile-time tables of the lane kernels ([`super::avx2`], radix
//! 2^30, and [`super::avx512_ifma`], radix 2^52): how to cut 64-bit words into
//! limbs and gather limbs back into words with shifts, and the multiples
//! of p written with large limbs that keep limb-wise subtractions
//! non-negative. `L` is the number of limbs, `bits` the bits per limb.

/// A limb cut: (word `j`, right shift of word `j`, left shift of word
/// `j + 1`); `j = usize::MAX` stands for "no word below" (only word 0,
/// shifted up). A count of 64 reads as zero (`vpsrlvq`/`vpsllvq`).
pub(crate) type LimbCut = (usize, u64, u64);

/// A word cut: up to three (limb, left shift, right shift) pieces ORed
/// into one 64-bit word; unused pieces have both counts 64.
pub(crate) type WordCut = [(usize, u64, u64); 3];

/// Shift counts cutting 64-bit words into limbs of the value times
/// `2^off`: limb `i` is bits `bits i - off ..` of the words, i.e.
/// `(w[j] >> r) | (w[j + 1] << (64 - r))` for `bits i - off = 64 j + r`
/// (`j = -1`, [`LimbCut`]'s `usize::MAX`, for a first limb below the
/// words when `off > 0`: `w[0] << off`).
pub(crate) const fn limb_cuts<const L: usize>(bits: usize, off: usize) -> [LimbCut; L] {
    let mut t = [(0, 0, 0); L];
    let mut i = 0;
    while i < L {
        let b = bits * i;
        t[i] = if b < off {
            (usize::MAX, 64, (off - b) as u64)
        } else {
            let (j, r) = ((b - off) / 64, ((b - off) % 64) as u64);
            (j, r, 64 - r)
        };
        i += 1;
    }
    t
}

/// The limbs in each of the six 64-bit words of `v >> shift`: word `j` is
/// bits `64 j + shift ..` of `v`, and limb `i` enters it shifted by
/// `d = bits i - 64 j - shift`: (limb, left shift `d`, right shift `-d`),
/// the unused count 64; limbs that do not reach the word are repeated
/// with both counts 64. (Compile-time error if a word meets more than
/// three limbs.)
pub(crate) const fn word_cuts<const L: usize>(bits: i64, shift: i64) -> [WordCut; 6] {
    let mut t = [[(0, 64, 64); 3]; 6];
    let mut j = 0;
    while j < 6 {
        let start = 64 * j as i64 + shift;
        let mut n = 0;
        let mut i = 0;
        while i < L {
            let d = bits * i as i64 - start;
            if d > -bits && d < 64 {
                t[j][n] = if d >= 0 { (i, d as u64, 64) } else { (i, 64, (-d) as u64) };
                n += 1;
            }
            i += 1;
        }
        j += 1;
    }
    t
}

/// The limbs of `p 2^shift` (below `2^(bits L)`) in radix `2^bits`.
pub(crate) const fn shifted_limbs<const L: usize>(p: &[u64; L], bits: u32, shift: u32) -> [u64; L] {
    let mask = (1u64 << bits) - 1;
    let mut l = [0u64; L];
    let mut carry = 0u128;
    let mut i = 0;
    while i < L {
        let v = ((p[i] as u128) << shift) + carry;
        l[i] = v as u64 & mask;
        carry = v >> bits;
        i += 1;
    }
    assert!(carry == 0);
    l
}

/// `c p` in radix `2^bits` (`p` given by its limbs, `c` a power of two)
/// with `2^bits` borrowed from each limb but the top one: limbs `0..L-1`
/// at least `2^bits - 1`, the top one `(c p >> (bits (L - 1))) - 1`. A
/// multiple of p whose limbs dominate those of any normalised value with
/// a smaller top limb.
pub(crate) const fn redundant_multiple<const L: usize>(p: &[u64; L], bits: u32, c: u64) -> [u64; L] {
    assert!(c.is_power_of_two());
    let mut l = shifted_limbs(p, bits, c.trailing_zeros());
    l[0] += 1 << bits;
    let mut i = 1;
    while i < L - 1 {
        l[i] += (1 << bits) - 1;
        i += 1;
    }
    l[L - 1] -= 1;
    l
}

/// `2^bits - 1 - (2^shift p)_i` for each limb: the offsets of a limb-wise
/// subtraction of `2^shift p` with borrows (`e = v_i + offset_i + (1 -
/// borrow)`, whose bit `bits` is the next `1 - borrow`; the first "no
/// borrow" supplies limb 0's missing 1).
pub(crate) const fn borrow_offsets<const L: usize>(p: &[u64; L], bits: u32, shift: u32) -> [u64; L] {
    let mask = (1u64 << bits) - 1;
    let mut l = shifted_limbs(p, bits, shift);
    let mut i = 0;
    while i < L {
        l[i] = mask - l[i];
        i += 1;
    }
    l
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::lane_test_support::{big_of_limbs, p};

    /// p in radix `2^bits`.
    fn p_limbs<const L: usize>(bits: u32) -> [u64; L] {
        let p = p();
        core::array::from_fn(|i| {
            ((&p >> (bits as usize * i)).to_u64_digits().first().copied().unwrap_or(0)) & ((1 << bits) - 1)
        })
    }

    /// `redundant_multiple` is `c p`, its limbs below the top one at least
    /// `2^bits - 1`, and `borrow_offsets` the complements of `2^shift p`'s
    /// limbs, in the radixes of both lane kernels.
    fn check<const L: usize>(bits: u32, c: u64, shift: u32) {
        let pl: [u64; L] = p_limbs(bits);
        assert_eq!(big_of_limbs(&pl, bits), p());
        let r = redundant_multiple(&pl, bits, c);
        assert_eq!(big_of_limbs(&r, bits), p() * c, "{c} p");
        assert!(r[..L - 1].iter().all(|&l| l >= (1 << bits) - 1), "limbs of {c} p");
        assert_eq!(r[L - 1], ((p() * c) >> (bits as usize * (L - 1))).to_u64_digits()[0] - 1);
        let o = borrow_offsets(&pl, bits, shift);
        let s: [u64; L] = core::array::from_fn(|i| (1 << bits) - 1 - o[i]);
        assert_eq!(big_of_limbs(&s, bits), p() << shift);
    }

    #[test]
    fn multiples_of_p() {
        check::<13>(30, 4, 6);
        check::<8>(52, 16, 32);
    }
}
