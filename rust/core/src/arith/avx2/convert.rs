//! Conversions: a transpose between the lanes' six 64-bit words each and
//! six vectors of words (`words_of` / `store_words`, of each width), and
//! the re-cut of those words into 30-bit limbs with variable shifts
//! (`vpsllvq`/`vpsrlvq` give zero for counts of 64 or more, which drops
//! the words a limb does not overlap).
//!
//! The words are either an element's Montgomery form in the field layer
//! (`x 2^384 mod p`, below p: [`from_fp`], [`to_fp`]) or a lane value
//! itself (the raw form: [`from_raw_refs`], [`to_raw_ptrs`]).
//!
//! Shared by both widths (see `arith/lane30.rs`); `N` is the lane count.

use super::add::reduce_v;
use super::{
    carry, load, splat, store, store_words, vadd, vand, vblendv, vmul32, vor, vshr30, vsllv, vsrlv, vsub, vzero,
    words_of, Lanes, BITS, LIMBS, MASK, N, P30, PINV6,
};
use crate::arith::lane_radix::{borrow_offsets, limb_cuts, word_cuts, LimbCut, WordCut};

/// The cuts of [`from_fp`]: limbs of `x 2^6`.
const FROM_CUTS: [LimbCut; LIMBS] = limb_cuts(BITS as usize, 6);

fns! {
    /// Lane form of `N` elements, reduced (below `p (1 + 2^-12)`,
    /// normalised), from their Montgomery forms `x 2^384 mod p` (six
    /// little-endian words each, below p, as the field layer's `Fp` holds
    /// them): the limbs shifted up by 6 bits (`x 2^390`, below `2^6 p`),
    /// then [`reduce`](super::reduce)d.
    #[cfg(any(test, feature = "internals"))]
    #[inline]
    pub unsafe fn from_fp(x: &[[u64; 6]; N]) -> Lanes {
        // SAFETY: the features are enabled here.
        unsafe { from_fp_refs(core::array::from_fn(|k| &x[k])) }
    }

    /// [`from_fp`] of `N` elements anywhere in memory (a gather).
    #[inline]
    pub unsafe fn from_fp_refs(x: [&[u64; 6]; N]) -> Lanes {
        let w = words_of(x);
        let word = |j: usize| if j < 6 { w[j] } else { vzero() };
        let mut v = [vzero(); LIMBS];
        each_limb!(i => {
            let (j, r, l) = FROM_CUTS[i];
            let (lo, hi) = if j == usize::MAX { (vzero(), word(0)) } else { (word(j), word(j + 1)) };
            let lo = vsrlv(lo, splat(r));
            let hi = vsllv(hi, splat(l));
            v[i] = vand(vor(lo, hi), splat(MASK));
        });
        store(&reduce_v(&v))
    }

    /// The `N` elements of `v` in Montgomery form (`x 2^384 mod p`, below
    /// p, six little-endian words each: an `Fp`'s), for lane values below
    /// `2^386` (limbs below 2^34): `v / 2^6 mod p` by one Montgomery step of
    /// 6 bits, `(v + m p) / 2^6` with `m = v (-p^-1) mod 2^6`, which is
    /// below `2^380 + p < 2p`, then one conditional subtraction.
    #[inline]
    pub unsafe fn to_fp(v: &Lanes) -> [[u64; 6]; N] {
        let mut out = [[0; 6]; N];
        let ptrs: [*mut [u64; 6]; N] = core::array::from_fn(|k| &mut out[k] as *mut [u64; 6]);
        // SAFETY: `N` distinct elements of `out`.
        unsafe { to_fp_ptrs(v, ptrs) };
        out
    }
}

/// The six 64-bit words of limbs `v` by `cuts` (see
/// [`word_cuts`](crate::arith::lane_radix::word_cuts)): word
/// `j` ORs the three limb pieces `cuts[j]` (limb, left shift, right shift).
macro_rules! gather_words {
    ($v:expr, $cuts:expr) => {{
        let mut w = [vzero(); 6];
        each_limb!(j in [0, 1, 2, 3, 4, 5] => {
            each_limb!(t in [0, 1, 2] => {
                let (i, l, r) = $cuts[j][t];
                let x = vor(vsllv($v[i], splat(l)), vsrlv($v[i], splat(r)));
                w[j] = vor(w[j], x);
            });
        });
        w
    }};
}

fns! {
    /// [`to_fp`] into `N` elements anywhere in memory (a scatter).
    ///
    /// # Safety
    /// The CPU must have the kernel's features, and each `out[k]` must be
    /// valid for writes of six u64, none overlapping.
    #[inline]
    pub unsafe fn to_fp_ptrs(v: &Lanes, out: [*mut [u64; 6]; N]) {
        let mut v = load(v);
        let m = vand(vmul32(v[0], splat(PINV6)), splat(63));
        each_limb!(i => {
            v[i] = vadd(v[i], vmul32(m, splat(P30[i])));
        });
        carry(&mut v);
        // v = 0 mod 2^6 and v < 2^6 2p. Subtract 2^6 p unless it borrows:
        // limb by limb e = v_i + 2^30 - (2^6 p)_i - borrow, in [0, 2^31), keeps
        // its low 30 bits and borrows when bit 30 is clear.
        let mut d = v;
        let mut keep = splat(1); // 1 - borrow
        each_limb!(i => {
            let e = vadd(vadd(v[i], splat(TO_FP_OFFSET[i])), keep);
            d[i] = vand(e, splat(MASK));
            keep = vshr30(e);
        });
        // keep = 1: v >= 2^6 p, take d (all-ones select mask).
        let sel = vsub(vzero(), keep);
        each_limb!(i => {
            v[i] = vblendv(v[i], d[i], sel);
        });
        // Word j of the result is bits 64 j + 6 .. 64 j + 70 of v.
        let w = gather_words!(v, WORD_CUTS);
        // SAFETY: the caller's promise on `out`.
        unsafe { store_words(&w, out) };
    }

    /// `N` lanes from their *raw* form: the lane value itself (Montgomery
    /// with R = 2^390, below 2^384) as six little-endian 64-bit words, as
    /// [`to_raw_ptrs`] writes it. No arithmetic, only the cut into limbs: a
    /// way to keep lane values in memory at the size of an element and reload
    /// them without the conversions of [`from_fp`] / [`to_fp`]. A raw value is
    /// not a Montgomery form of the field layer (different R, and not always
    /// below p): only these two functions read and write it.
    #[inline]
    pub unsafe fn from_raw_refs(x: [&[u64; 6]; N]) -> Lanes {
        let w = words_of(x);
        let mut v = [vzero(); LIMBS];
        each_limb!(i => {
            let (j, r, l) = RAW_CUTS[i];
            let hi = if j + 1 < 6 { w[j + 1] } else { vzero() };
            let lo = vsrlv(w[j], splat(r));
            let hi = vsllv(hi, splat(l));
            v[i] = vand(vor(lo, hi), splat(MASK));
        });
        store(&v)
    }

    /// The raw form of `N` lanes (see [`from_raw_refs`]), for lanes that
    /// are normalised and below 2^384 (every reduced value is: below
    /// `p (1 + 2^-12) < 2^382`).
    ///
    /// # Safety
    /// The CPU must have the kernel's features, and each `out[k]` must be
    /// valid for writes of six u64, none overlapping.
    #[inline]
    pub unsafe fn to_raw_ptrs(v: &Lanes, out: [*mut [u64; 6]; N]) {
        let v = load(v);
        let w = gather_words!(v, RAW_WORD_CUTS);
        // SAFETY: the caller's promise on `out`.
        unsafe { store_words(&w, out) };
    }
}

/// The cuts of [`from_raw_refs`]: the limbs of the value itself.
const RAW_CUTS: [LimbCut; LIMBS] = limb_cuts(BITS as usize, 0);
/// The limbs in each word of the value itself ([`to_raw_ptrs`]).
const RAW_WORD_CUTS: [WordCut; 6] = word_cuts::<LIMBS>(BITS as i64, 0);

/// The limbs in each word of `v >> 6` ([`to_fp`]).
const WORD_CUTS: [WordCut; 6] = word_cuts::<LIMBS>(BITS as i64, 6);

/// `2^30 - 1 - (2^6 p)_i` (limb 0: `2^30 - (2^6 p)_0`, the missing 1
/// coming in as the first "no borrow"), for the subtraction in [`to_fp`].
const TO_FP_OFFSET: [u64; LIMBS] = borrow_offsets(&P30, BITS, 6);
