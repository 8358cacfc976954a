//! Fp arithmetic on four elements at once with AVX2: lane-sliced
//! Montgomery products over 13 limbs of 30 bits.
//!
//! For batches of independent products (the affine additions of the MSM);
//! the single-element kernels are in [`super::x86_64`].
//!
//! # Representation
//!
//! An [`Fp4`] holds four elements side by side: `limbs[i][k]` is limb `i`
//! of lane `k`, so that `limbs[i]` is one `ymm` register. A lane holds an
//! integer `v = sum_i v_i 2^(30 i)` (13 limbs, each in a 64-bit word) and
//! stands for the element `v / 2^390 mod p`: Montgomery form with
//! `R = 2^390`. An [`Fp`] holds `x 2^384 mod p`, so the conversion into
//! lane form is a shift by 6 bits and a [`reduce`] ([`from_fp`]), and the
//! way back one 6-bit Montgomery reduction step ([`to_fp`]).
//!
//! `v` is *normalised* when every limb is below 2^30. Values are not kept
//! below p: each operation states the bound of its output and what it
//! accepts; [`sub`] adds `4p` and [`reduce`] a zero written with large
//! limbs, so that no limb goes negative. [`reduce`] brings any value below `2^389` back under
//! `p (1 + 2^-12)` (call it "reduced" below).
//!
//! # The product
//!
//! `vpmuludq` multiplies the low 32 bits of each 64-bit lane into a 64-bit
//! product: two per cycle on the test machine (AMD Zen 3), four lanes each,
//! against one 64 x 64-bit MULX per cycle. With 30-bit limbs a product of
//! limbs is below 2^60 and a 64-bit word holds 15 of them, so the columns
//! of the schoolbook product accumulate without carries between limbs.
//! (Radix 2^28, 14 limbs, needs no carry pass but 406 multiplications per
//! product against 351: 23 ns per element here against 21.)
//!
//! [`mul`] is word-by-word Montgomery (CIOS) in radix 2^30: for `i` in
//! `0..13`, add the row `a * b_i`, then `m p` with
//! `m = t_0 (-p^-1) mod 2^30` (which makes `t_0 = 0 mod 2^30`), and carry
//! `t_0 >> 30` into `t_1`. After 13 steps `t = (a b + M p) / 2^390` with
//! `M < 2^390`, so `t < a b / 2^390 + p`. Each step adds two products to
//! each of the 13 live columns; a column lives 13 steps, which would be 26
//! products, so one pass before step 6 carries every live column into its
//! successor (each column keeps its low 30 bits), after which no column
//! collects more than 14 products between carries: with the limbs and `m`
//! at their largest and p's actual limbs, every column stays below
//! `2^63.43` (computed in the tests, `column_bounds`).
//!
//! The 13 live columns stay in registers `ymm0..ymm12` (column `c` in
//! `ymm(c mod 13)`, so no data moves between steps), `ymm13` holds `b_i`
//! then `m`, `ymm14` the product being added, `ymm15` the limb mask; `a`,
//! `p` and `-p^-1` are read from memory by `vpmuludq`. That is why the
//! kernels are `asm!`: written with intrinsics, LLVM regrouped the sums by
//! column, kept ~30 vectors live and spilled (~330 extra loads and stores
//! per product of four, 41 ns per element against 23 ns for the same
//! algorithm in radix 2^28 here). The serial part of a step (`m`, the
//! carry into the next column, the next `m`: about 11 cycles) is shorter
//! than its 27 multiplications, so out-of-order execution overlaps the
//! steps and the kernel runs at the rate of the vector ports.
//!
//! [`sqr`] computes each cross product once, doubled (91 products instead
//! of 169), with one carry pass before step 4; its bound uses the input's
//! top limb (below 2^25 for inputs below 2^385): columns below `2^63.68`.
//!
//! Measured (rust/bench/examples/avx2_probe.rs, min over rounds): see
//! [`mul`]; conversions about 3.7 ns ([`from_fp`]) and 6.6 ns ([`to_fp`])
//! per element, [`sub`] about 4.5 ns.
//!
//! # Safety and timing
//!
//! The vector functions are `unsafe` for one reason only: the caller must
//! have checked that the CPU has AVX2 (`is_x86_feature_detected!("avx2")`).
//! Everything here is straight-line code: no branch and no memory access
//! depends on the data (what a caller does with the mask of [`is_zero`]
//! is its business).
#![allow(clippy::missing_safety_doc)]

use crate::Fp;
use core::arch::asm;
use core::arch::x86_64::*;

/// Limbs per element.
pub const LIMBS: usize = 13;

/// Bits per limb.
const BITS: u32 = 30;

/// The limb mask, 2^30 - 1.
const MASK: u64 = (1 << BITS) - 1;

/// p in radix 2^30, little-endian (checked against `MODULUS` in the tests).
const P30: [u64; LIMBS] = [
    0x3fff_aaab, 0x27fb_ffff, 0x153f_fffb, 0x2aff_ffac, 0x30f6_241e, 0x034a_83da, 0x112b_f673,
    0x12e1_3ce1, 0x2cd7_6477, 0x1ed9_0d2e, 0x29a4_b1ba, 0x3a8e_5ff9, 0x001a_0111,
];

/// -p^-1 mod 2^30.
const PINV30: u64 = 0x3ffc_fffd;

/// -p^-1 mod 2^6, for the last step of [`to_fp`].
const PINV6: u64 = 0x3d;

/// Four elements of Fp in lane form (see the module comment): `limbs[i][k]`
/// is limb `i` of lane `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct Fp4 {
    /// The limbs, lane-sliced. Any contents are memory-safe; results are
    /// only meaningful within the bounds each operation states.
    pub limbs: [[u64; 4]; LIMBS],
}

impl Fp4 {
    /// Zero in every lane.
    pub const ZERO: Fp4 = Fp4 { limbs: [[0; 4]; LIMBS] };

    /// One in every lane (`2^390 mod p`, normalised).
    pub const ONE: Fp4 = {
        // 2^390 mod p in radix 2^30.
        const L: [u64; LIMBS] = [
            0x00d1_ff2e, 0x19d8_0000, 0x3480_0ac4, 0x2e00_cde6, 0x0243_1c84, 0x269f_83a2, 0x3dcf_80dd,
            0x09b4_2da0, 0x25ee_c26c, 0x15d9_8f12, 0x04b2_9f14, 0x259f_cfa0, 0x0001_5de9,
        ];
        let mut limbs = [[0; 4]; LIMBS];
        let mut i = 0;
        while i < LIMBS {
            limbs[i] = [L[i]; 4];
            i += 1;
        }
        Fp4 { limbs }
    };

    /// The same element in the four lanes (reduced).
    #[target_feature(enable = "avx2")]
    pub unsafe fn splat(x: &Fp) -> Fp4 {
        // SAFETY: AVX2 is enabled here.
        unsafe { from_fp(&[*x; 4]) }
    }
}

type V = [__m256i; LIMBS];

/// `body` once for each `i` in `0..13` (or in the list given), unrolled:
/// LLVM leaves the table-driven limb loops rolled otherwise, with a table
/// load and a variable shift count per limb.
#[rustfmt::skip]
macro_rules! each_limb {
    ($i:ident => $body:block) => { each_limb!($i in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] => $body) };
    ($i:ident in [$($n:literal),*] => $body:block) => { $( { let $i: usize = $n; $body } )* };
}

// ---------------------------------------------------------------------------
// Conversions: a 4 x 6 transpose between four `Fp` and six vectors of
// 64-bit words, and the re-cut of those words into 30-bit limbs with
// variable shifts (`vpsllvq`/`vpsrlvq` give zero for counts of 64 or more,
// which drops the words a limb does not overlap).

/// The six words of four elements, word `w` of lane `k` in `w[w][k]`.
#[inline]
#[target_feature(enable = "avx2")]
fn words_of(x: [&[u64; 6]; 4]) -> [__m256i; 6] {
    let p = |k: usize| x[k].as_ptr();
    // SAFETY: each `Fp` is six consecutive u64: 32 bytes at offset 0 and
    // 16 at offset 32 are in bounds (unaligned loads).
    unsafe {
        let r: [__m256i; 4] = core::array::from_fn(|k| _mm256_loadu_si256(p(k) as *const __m256i));
        let s: [__m128i; 4] = core::array::from_fn(|k| _mm_loadu_si128(p(k).add(4) as *const __m128i));
        let t0 = _mm256_unpacklo_epi64(r[0], r[1]);
        let t1 = _mm256_unpackhi_epi64(r[0], r[1]);
        let t2 = _mm256_unpacklo_epi64(r[2], r[3]);
        let t3 = _mm256_unpackhi_epi64(r[2], r[3]);
        [
            _mm256_permute2x128_si256(t0, t2, 0x20),
            _mm256_permute2x128_si256(t1, t3, 0x20),
            _mm256_permute2x128_si256(t0, t2, 0x31),
            _mm256_permute2x128_si256(t1, t3, 0x31),
            _mm256_set_m128i(_mm_unpacklo_epi64(s[2], s[3]), _mm_unpacklo_epi64(s[0], s[1])),
            _mm256_set_m128i(_mm_unpackhi_epi64(s[2], s[3]), _mm_unpackhi_epi64(s[0], s[1])),
        ]
    }
}

/// The inverse of [`words_of`].
#[inline]
#[target_feature(enable = "avx2")]
///
/// # Safety
/// Each `out[k]` must be valid for writes of an `Fp` (they may not
/// overlap).
unsafe fn store_words(w: &[__m256i; 6], out: [*mut [u64; 6]; 4]) {
    let t0 = _mm256_unpacklo_epi64(w[0], w[1]); // w0k0 w1k0 w0k2 w1k2
    let t1 = _mm256_unpackhi_epi64(w[0], w[1]); // w0k1 w1k1 w0k3 w1k3
    let t2 = _mm256_unpacklo_epi64(w[2], w[3]);
    let t3 = _mm256_unpackhi_epi64(w[2], w[3]);
    let r = [
        _mm256_permute2x128_si256(t0, t2, 0x20),
        _mm256_permute2x128_si256(t1, t3, 0x20),
        _mm256_permute2x128_si256(t0, t2, 0x31),
        _mm256_permute2x128_si256(t1, t3, 0x31),
    ];
    let u0 = _mm256_unpacklo_epi64(w[4], w[5]); // w4k0 w5k0 w4k2 w5k2
    let u1 = _mm256_unpackhi_epi64(w[4], w[5]);
    let s = [
        _mm256_castsi256_si128(u0),
        _mm256_castsi256_si128(u1),
        _mm256_extracti128_si256(u0, 1),
        _mm256_extracti128_si256(u1, 1),
    ];
    for k in 0..4 {
        let p = out[k] as *mut u64;
        // SAFETY: 32 + 16 bytes inside the six words of `out[k]` (an `Fp`
        // is six u64, `repr(transparent)`), valid for writes (caller).
        unsafe {
            _mm256_storeu_si256(p as *mut __m256i, r[k]);
            _mm_storeu_si128(p.add(4) as *mut __m128i, s[k]);
        }
    }
}

/// Shift counts cutting 64-bit words into 30-bit limbs with an offset:
/// limb `i` is bits `30 i - off ..` of the words, i.e.
/// `(w[j] >> r) | (w[j + 1] << (64 - r))` for `30 i - off = 64 j + r`
/// (`j = -1` for the first limb when `off > 0`: `w[0] << off`).
/// Entries: (word, right shift, left shift of the next word); a count of
/// 64 reads as zero.
const fn limb_cuts(off: usize) -> [(usize, u64, u64); LIMBS] {
    let mut t = [(0, 0, 0); LIMBS];
    let mut i = 0;
    while i < LIMBS {
        let b = BITS as usize * i;
        t[i] = if b < off {
            // Only the next word (word 0), shifted up.
            (usize::MAX, 64, (off - b) as u64)
        } else {
            let (j, r) = ((b - off) / 64, ((b - off) % 64) as u64);
            (j, r, 64 - r)
        };
        i += 1;
    }
    t
}

/// The cuts of [`from_fp`]: limbs of `x 2^6`.
const FROM_CUTS: [(usize, u64, u64); LIMBS] = limb_cuts(6);

/// Lane form of four elements, reduced (below `p (1 + 2^-12)`,
/// normalised): the limbs of `x 2^384 mod p` shifted up by 6 bits (`x
/// 2^390`, below `2^6 p`), then [`reduce`]d.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn from_fp(x: &[Fp; 4]) -> Fp4 {
    // SAFETY: AVX2 is enabled here.
    unsafe { from_fp_refs([&x[0], &x[1], &x[2], &x[3]]) }
}

/// [`from_fp`] of four elements anywhere in memory (a gather).
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn from_fp_refs(x: [&Fp; 4]) -> Fp4 {
    let w = words_of([&x[0].0, &x[1].0, &x[2].0, &x[3].0]);
    let word = |j: usize| if j < 6 { w[j] } else { _mm256_setzero_si256() };
    let mut v = [_mm256_setzero_si256(); LIMBS];
    each_limb!(i => {
        let (j, r, l) = FROM_CUTS[i];
        let (lo, hi) = if j == usize::MAX { (_mm256_setzero_si256(), word(0)) } else { (word(j), word(j + 1)) };
        let lo = _mm256_srlv_epi64(lo, splat(r));
        let hi = _mm256_sllv_epi64(hi, splat(l));
        v[i] = _mm256_and_si256(_mm256_or_si256(lo, hi), splat(MASK));
    });
    store(&reduce_v(&v))
}

/// The four elements of `v` as [`Fp`], for lane values below `2^386`
/// (limbs below 2^34): `v / 2^6 mod p` by one Montgomery step of 6 bits,
/// `(v + m p) / 2^6` with `m = v (-p^-1) mod 2^6`, which is below
/// `2^380 + p < 2p`, then one conditional subtraction (scalar).
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn to_fp(v: &Fp4) -> [Fp; 4] {
    let mut out = [Fp::ZERO; 4];
    let [a, b, c, d] = &mut out;
    // SAFETY: four distinct elements of `out`.
    unsafe { to_fp_ptrs(v, [a, b, c, d]) };
    out
}

/// [`to_fp`] into four elements anywhere in memory (a scatter).
///
/// # Safety
/// The CPU must have AVX2, and each `out[k]` must be valid for writes of
/// an `Fp`, the four not overlapping.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn to_fp_ptrs(v: &Fp4, out: [*mut Fp; 4]) {
    let mut v = load(v);
    let m = _mm256_and_si256(_mm256_mul_epu32(v[0], splat(PINV6)), splat(63));
    each_limb!(i => {
        v[i] = _mm256_add_epi64(v[i], _mm256_mul_epu32(m, splat(P30[i])));
    });
    carry(&mut v);
    // v = 0 mod 2^6 and v < 2^6 2p. Subtract 2^6 p unless it borrows:
    // limb by limb e = v_i + 2^30 - (2^6 p)_i - borrow, in [0, 2^31), keeps
    // its low 30 bits and borrows when bit 30 is clear.
    let mut d = v;
    let mut keep = splat(1); // 1 - borrow
    each_limb!(i => {
        let e = _mm256_add_epi64(_mm256_add_epi64(v[i], splat(TO_FP_OFFSET[i])), keep);
        d[i] = _mm256_and_si256(e, splat(MASK));
        keep = _mm256_srli_epi64(e, BITS as i32);
    });
    // keep = 1: v >= 2^6 p, take d (all-ones select mask).
    let sel = _mm256_sub_epi64(_mm256_setzero_si256(), keep);
    each_limb!(i => {
        v[i] = _mm256_blendv_epi8(v[i], d[i], sel);
    });
    // Word j of the result is bits 64 j + 6 .. 64 j + 70 of v.
    let mut w = [_mm256_setzero_si256(); 6];
    each_limb!(j in [0, 1, 2, 3, 4, 5] => {
        each_limb!(t in [0, 1, 2] => {
            let (i, l, r) = WORD_CUTS[j][t];
            let x = _mm256_or_si256(_mm256_sllv_epi64(v[i], splat(l)), _mm256_srlv_epi64(v[i], splat(r)));
            w[j] = _mm256_or_si256(w[j], x);
        });
    });
    // SAFETY: the caller's promise on `out` (an `Fp` is its six words,
    // `repr(transparent)`).
    unsafe { store_words(&w, out.map(|p| p as *mut [u64; 6])) };
}

/// The cuts of [`from_raw_refs`]: the limbs of the value itself.
const RAW_CUTS: [(usize, u64, u64); LIMBS] = limb_cuts(0);
/// The limbs in each word of the value itself ([`to_raw_ptrs`]).
const RAW_WORD_CUTS: [[(usize, u64, u64); 3]; 6] = word_cuts(0);

/// Four lanes from their *raw* form: the lane value itself (Montgomery
/// with R = 2^390, below 2^384) as six little-endian 64-bit words, as
/// [`to_raw_ptrs`] writes it. No arithmetic, only the cut into limbs: a
/// way to keep lane values in memory at the size of an `Fp` and reload
/// them without the conversions of [`from_fp`] / [`to_fp`]. A raw value is
/// not an `Fp` (different R, and not always below p): only these two
/// functions read and write it.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn from_raw_refs(x: [&[u64; 6]; 4]) -> Fp4 {
    let w = words_of(x);
    let mut v = [_mm256_setzero_si256(); LIMBS];
    each_limb!(i => {
        let (j, r, l) = RAW_CUTS[i];
        let hi = if j + 1 < 6 { w[j + 1] } else { _mm256_setzero_si256() };
        let lo = _mm256_srlv_epi64(w[j], splat(r));
        let hi = _mm256_sllv_epi64(hi, splat(l));
        v[i] = _mm256_and_si256(_mm256_or_si256(lo, hi), splat(MASK));
    });
    store(&v)
}

/// The raw form of four lanes (see [`from_raw_refs`]), for lanes that are
/// normalised and below 2^384 (every reduced value is: below
/// `p (1 + 2^-12) < 2^382`).
///
/// # Safety
/// The CPU must have AVX2, and each `out[k]` must be valid for writes of
/// six u64, the four not overlapping.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn to_raw_ptrs(v: &Fp4, out: [*mut [u64; 6]; 4]) {
    let v = load(v);
    let mut w = [_mm256_setzero_si256(); 6];
    each_limb!(j in [0, 1, 2, 3, 4, 5] => {
        each_limb!(t in [0, 1, 2] => {
            let (i, l, r) = RAW_WORD_CUTS[j][t];
            let x = _mm256_or_si256(_mm256_sllv_epi64(v[i], splat(l)), _mm256_srlv_epi64(v[i], splat(r)));
            w[j] = _mm256_or_si256(w[j], x);
        });
    });
    // SAFETY: the caller's promise on `out`.
    unsafe { store_words(&w, out) };
}

/// The limbs in each 64-bit word of `v >> shift` (6 for [`to_fp`], 0 for
/// [`to_raw_ptrs`]): word `j` is bits `64 j + shift ..` of `v`, and limb
/// `i` enters it shifted by `d = 30 i - 64 j - shift`: (limb, left shift
/// `d`, right shift `-d`), the unused count 64 (which reads as zero);
/// limbs that do not reach the word are repeated with both counts 64.
const fn word_cuts(shift: i64) -> [[(usize, u64, u64); 3]; 6] {
    let mut t = [[(0, 64, 64); 3]; 6];
    let mut j = 0;
    while j < 6 {
        let start = 64 * j as i64 + shift;
        let mut n = 0;
        let mut i = 0;
        while i < LIMBS {
            let d = BITS as i64 * i as i64 - start;
            if d > -(BITS as i64) && d < 64 {
                t[j][n] = if d >= 0 { (i, d as u64, 64) } else { (i, 64, (-d) as u64) };
                n += 1;
            }
            i += 1;
        }
        j += 1;
    }
    t
}

const WORD_CUTS: [[(usize, u64, u64); 3]; 6] = word_cuts(6);

/// `2^30 - 1 - (2^6 p)_i` (limb 0: `2^30 - (2^6 p)_0`, the missing 1
/// coming in as the first "no borrow"), for the subtraction in [`to_fp`].
const TO_FP_OFFSET: [u64; LIMBS] = {
    let mut l = [0u64; LIMBS];
    let mut carry = 0;
    let mut i = 0;
    while i < LIMBS {
        let v = (P30[i] << 6) + carry;
        l[i] = MASK - (v & MASK);
        carry = v >> BITS;
        i += 1;
    }
    assert!(carry == 0);
    l
};

// ---------------------------------------------------------------------------
// The products (asm).

/// The constants the products read, one 32-byte row each: p's limbs (at
/// `32 j`), `-p^-1 mod 2^30` (at 416) and the limb mask (at 448), each
/// repeated in the four lanes.
#[repr(C, align(32))]
struct Consts {
    p: [[u64; 4]; LIMBS],
    pinv: [u64; 4],
    mask: [u64; 4],
}

static CONSTS: Consts = {
    let mut p = [[0; 4]; LIMBS];
    let mut i = 0;
    while i < LIMBS {
        p[i] = [P30[i]; 4];
        i += 1;
    }
    Consts { p, pinv: [PINV30; 4], mask: [MASK; 4] }
};

// Template builders; they only paste strings. The multiplier (b_i, a_i or
// m) is in ymm13, ymm14 takes the product, ymm15 holds the mask.

/// The 32-byte row `off` of `a`, of the constants.
#[rustfmt::skip]
macro_rules! a { ($off:literal) => { concat!("ymmword ptr [{a} + ", $off, "]") }; }
#[rustfmt::skip]
macro_rules! k { ($off:literal) => { concat!("ymmword ptr [{k} + ", $off, "]") }; }

/// `acc += ymm13 * src` (low 32 bits of each lane).
#[rustfmt::skip]
macro_rules! mac {
    ($src:expr, $acc:literal) => {
        concat!("vpmuludq ymm14, ymm13, ", $src, "\n", "vpaddq ", $acc, ", ", $acc, ", ymm14\n")
    };
}

/// `acc = ymm13 * src`: the first term of a column.
#[rustfmt::skip]
macro_rules! mov {
    ($src:expr, $acc:literal) => { concat!("vpmuludq ", $acc, ", ymm13, ", $src, "\n") };
}

/// `mac!` or `mov!` by name.
#[rustfmt::skip]
macro_rules! op {
    (mac, $src:expr, $acc:literal) => { mac!($src, $acc) };
    (mov, $src:expr, $acc:literal) => { mov!($src, $acc) };
}

/// Row `i` of the product (`boff = 32 i`): `t += a * b_i`, the 13 live
/// columns in `r0..r12` (column `i + j` in `rj`). `first`: step 0, every
/// column starts here; `next`: column `i + 12` starts here; `mid`: after a
/// carry pass, which started column `i + 12` with a carry.
#[rustfmt::skip]
macro_rules! row {
    (first, $boff:literal; $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            "vmovdqa ymm13, ymmword ptr [{b} + ", $boff, "]\n",
            mov!(a!(0), $r0), mov!(a!(32), $r1), mov!(a!(64), $r2), mov!(a!(96), $r3),
            mov!(a!(128), $r4), mov!(a!(160), $r5), mov!(a!(192), $r6), mov!(a!(224), $r7),
            mov!(a!(256), $r8), mov!(a!(288), $r9), mov!(a!(320), $r10), mov!(a!(352), $r11),
            mov!(a!(384), $r12),
        )
    };
    ($last:ident, $boff:literal; $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            "vmovdqa ymm13, ymmword ptr [{b} + ", $boff, "]\n",
            mac!(a!(0), $r0), mac!(a!(32), $r1), mac!(a!(64), $r2), mac!(a!(96), $r3),
            mac!(a!(128), $r4), mac!(a!(160), $r5), mac!(a!(192), $r6), mac!(a!(224), $r7),
            mac!(a!(256), $r8), mac!(a!(288), $r9), mac!(a!(320), $r10), mac!(a!(352), $r11),
            row!(@last $last, $r12),
        )
    };
    (@last next, $r12:literal) => { mov!(a!(384), $r12) };
    (@last mid, $r12:literal) => { mac!(a!(384), $r12) };
}

/// Row `i` of the square (`off = 32 i`): `a_i^2` into column `2 i` (`dk
/// dr`: `mov` when the column starts here, else `add`), then `2 a_i a_j`
/// for `j > i` into column `i + j` (`mov` or `mac`, offset `32 j`,
/// register). `2 a_i < 2^31` still fits the 32 bits `vpmuludq` reads.
#[rustfmt::skip]
macro_rules! sq_row {
    ($off:literal; $dk:ident $dr:literal; $($k:ident $o:literal $r:literal);* $(;)?) => {
        concat!(
            "vmovdqa ymm13, ymmword ptr [{a} + ", $off, "]\n",
            sq_row!(@diag $dk, $dr),
            "vpaddq ymm13, ymm13, ymm13\n",
            $( op!($k, a!($o), $r), )*
        )
    };
    (@diag mov, $acc:literal) => { concat!("vpmuludq ", $acc, ", ymm13, ymm13\n") };
    (@diag add, $acc:literal) => {
        concat!("vpmuludq ymm14, ymm13, ymm13\n", "vpaddq ", $acc, ", ", $acc, ", ymm14\n")
    };
}

/// Reduction step: `m = r0 (-p^-1) mod 2^30`, `t += m p` (which makes
/// `r0 = 0 mod 2^30`), then `r0 >> 30` is carried into `r1` and `r0` is
/// free: it takes the column that starts at the next row.
#[rustfmt::skip]
macro_rules! red {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            "vpmuludq ymm13, ", $r0, ", ", k!(416), "\n",
            "vpand ymm13, ymm13, ymm15\n",
            mac!(k!(0), $r0),
            mac!(k!(32), $r1), mac!(k!(64), $r2), mac!(k!(96), $r3), mac!(k!(128), $r4),
            mac!(k!(160), $r5), mac!(k!(192), $r6), mac!(k!(224), $r7), mac!(k!(256), $r8),
            mac!(k!(288), $r9), mac!(k!(320), $r10), mac!(k!(352), $r11), mac!(k!(384), $r12),
            "vpsrlq ", $r0, ", ", $r0, ", 30\n",
            "vpaddq ", $r1, ", ", $r1, ", ", $r0, "\n",
        )
    };
}

/// Carry pass over the live columns `r0..r11` before a row: each keeps its
/// low 30 bits and adds the bits above to the next one; `r11`'s go to the
/// free register `r12`, which starts the next column. The passes are
/// independent of each other (each column is masked before its carry-in
/// arrives): no serial chain. Columns end below `2^30 + 2^34`.
#[rustfmt::skip]
macro_rules! pass {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            "vpsrlq ", $r12, ", ", $r11, ", 30\n", "vpand ", $r11, ", ", $r11, ", ymm15\n",
            pass!(@one $r10, $r11), pass!(@one $r9, $r10), pass!(@one $r8, $r9), pass!(@one $r7, $r8),
            pass!(@one $r6, $r7), pass!(@one $r5, $r6), pass!(@one $r4, $r5), pass!(@one $r3, $r4),
            pass!(@one $r2, $r3), pass!(@one $r1, $r2), pass!(@one $r0, $r1),
        )
    };
    (@one $lo:literal, $hi:literal) => {
        concat!(
            "vpsrlq ymm14, ", $lo, ", 30\n", "vpand ", $lo, ", ", $lo, ", ymm15\n",
            "vpaddq ", $hi, ", ", $hi, ", ymm14\n",
        )
    };
}

/// `out = a b / 2^390 mod p` in the four lanes (Montgomery product).
///
/// Inputs normalised (limbs below 2^30) with `a b < p 2^390` in each lane
/// (for instance both below `2^385 ~ 19p`, or one below `2p` and the other
/// below `2^388`). Output normalised, below `a b / 2^390 + p < 2p`.
///
/// Measured on the test machine (Zen 3, ~3.2 GHz, batches of 1024
/// independent products, min over rounds; avx2_probe): 20.3-21.2 ns per
/// element against 36-39 ns for `x86_64::mul_mont_384` (1.75-1.88x over
/// runs), the same in a dependent chain (one product waiting for the
/// previous one); [`sqr`] 17.8-19.0 ns.
#[target_feature(enable = "avx2")]
pub unsafe fn mul(out: &mut Fp4, a: &Fp4, b: &Fp4) {
    // SAFETY: distinct references; the caller has checked AVX2.
    unsafe { mul_raw(out, a, b) }
}

/// `a = a b` ([`mul`] in place).
#[target_feature(enable = "avx2")]
pub unsafe fn mul_assign(a: &mut Fp4, b: &Fp4) {
    let a: *mut Fp4 = a;
    // SAFETY: the kernel reads all of its inputs before its first store,
    // so `out` may be `a`; the caller has checked AVX2.
    unsafe { mul_raw(a, a, b) }
}

/// [`mul`] through pointers, which may alias (every load of the block
/// comes before its first store).
#[target_feature(enable = "avx2")]
unsafe fn mul_raw(out: *mut Fp4, a: *const Fp4, b: *const Fp4) {
    // SAFETY: the block reads the 416 bytes at `a` and `b` and the
    // constants, then writes the 416 bytes at `out` (valid, 32-byte
    // aligned `Fp4`s, by the callers), and declares every vector register
    // it uses. The callers have checked AVX2.
    unsafe {
        asm!(
            "vmovdqa ymm15, ymmword ptr [{k} + 448]",
            row!(first, 0; "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12"),
            red!("ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12"),
            row!(next, 32; "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0"),
            red!("ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0"),
            row!(next, 64; "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1"),
            red!("ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1"),
            row!(next, 96; "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2"),
            red!("ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2"),
            row!(next, 128; "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3"),
            red!("ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3"),
            row!(next, 160; "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4"),
            red!("ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4"),
            pass!("ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5"),
            row!(mid, 192; "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5"),
            red!("ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5"),
            row!(next, 224; "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6"),
            red!("ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6"),
            row!(next, 256; "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7"),
            red!("ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7"),
            row!(next, 288; "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8"),
            red!("ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8"),
            row!(next, 320; "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9"),
            red!("ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9"),
            row!(next, 352; "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10"),
            red!("ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10"),
            row!(next, 384; "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11"),
            red!("ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11"),
            // Columns 13..24 are in ymm0..ymm11: carry them into 30-bit limbs.
            "vpsrlq ymm14, ymm0, 30",
            "vpand ymm0, ymm0, ymm15",
            "vmovdqa ymmword ptr [{o} + 0], ymm0",
            "vpaddq ymm1, ymm1, ymm14",
            "vpsrlq ymm14, ymm1, 30",
            "vpand ymm1, ymm1, ymm15",
            "vmovdqa ymmword ptr [{o} + 32], ymm1",
            "vpaddq ymm2, ymm2, ymm14",
            "vpsrlq ymm14, ymm2, 30",
            "vpand ymm2, ymm2, ymm15",
            "vmovdqa ymmword ptr [{o} + 64], ymm2",
            "vpaddq ymm3, ymm3, ymm14",
            "vpsrlq ymm14, ymm3, 30",
            "vpand ymm3, ymm3, ymm15",
            "vmovdqa ymmword ptr [{o} + 96], ymm3",
            "vpaddq ymm4, ymm4, ymm14",
            "vpsrlq ymm14, ymm4, 30",
            "vpand ymm4, ymm4, ymm15",
            "vmovdqa ymmword ptr [{o} + 128], ymm4",
            "vpaddq ymm5, ymm5, ymm14",
            "vpsrlq ymm14, ymm5, 30",
            "vpand ymm5, ymm5, ymm15",
            "vmovdqa ymmword ptr [{o} + 160], ymm5",
            "vpaddq ymm6, ymm6, ymm14",
            "vpsrlq ymm14, ymm6, 30",
            "vpand ymm6, ymm6, ymm15",
            "vmovdqa ymmword ptr [{o} + 192], ymm6",
            "vpaddq ymm7, ymm7, ymm14",
            "vpsrlq ymm14, ymm7, 30",
            "vpand ymm7, ymm7, ymm15",
            "vmovdqa ymmword ptr [{o} + 224], ymm7",
            "vpaddq ymm8, ymm8, ymm14",
            "vpsrlq ymm14, ymm8, 30",
            "vpand ymm8, ymm8, ymm15",
            "vmovdqa ymmword ptr [{o} + 256], ymm8",
            "vpaddq ymm9, ymm9, ymm14",
            "vpsrlq ymm14, ymm9, 30",
            "vpand ymm9, ymm9, ymm15",
            "vmovdqa ymmword ptr [{o} + 288], ymm9",
            "vpaddq ymm10, ymm10, ymm14",
            "vpsrlq ymm14, ymm10, 30",
            "vpand ymm10, ymm10, ymm15",
            "vmovdqa ymmword ptr [{o} + 320], ymm10",
            "vpaddq ymm11, ymm11, ymm14",
            "vpsrlq ymm14, ymm11, 30",
            "vpand ymm11, ymm11, ymm15",
            "vmovdqa ymmword ptr [{o} + 352], ymm11",
            "vmovdqa ymmword ptr [{o} + 384], ymm14",
            a = in(reg) a,
            b = in(reg) b,
            k = in(reg) &CONSTS,
            o = in(reg) out,
            out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _,
            out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _,
            out("ymm10") _, out("ymm11") _, out("ymm12") _, out("ymm13") _, out("ymm14") _,
            out("ymm15") _,
            options(nostack, preserves_flags),
        );
    }
}

/// `out = a^2 / 2^390 mod p` in the four lanes: as [`mul`]`(out, a, a)` (same bounds: normalised input below `2^385`),
/// with 91 limb products in the rows instead of 169 (the reduction is
/// the same).
#[target_feature(enable = "avx2")]
pub unsafe fn sqr(out: &mut Fp4, a: &Fp4) {
    // SAFETY: the caller has checked AVX2.
    unsafe { sqr_raw(out, a) }
}

/// `a = a^2` ([`sqr`] in place).
#[target_feature(enable = "avx2")]
pub unsafe fn sqr_assign(a: &mut Fp4) {
    let a: *mut Fp4 = a;
    // SAFETY: as in `mul_assign`.
    unsafe { sqr_raw(a, a) }
}

/// [`sqr`] through pointers, which may alias (as `mul_raw`).
#[target_feature(enable = "avx2")]
unsafe fn sqr_raw(out: *mut Fp4, a: *const Fp4) {
    // SAFETY: as in `mul_raw`.
    unsafe {
        asm!(
            "vmovdqa ymm15, ymmword ptr [{k} + 448]",
            sq_row!(0; mov "ymm0"; mov 32 "ymm1"; mov 64 "ymm2"; mov 96 "ymm3"; mov 128 "ymm4"; mov 160 "ymm5"; mov 192 "ymm6"; mov 224 "ymm7"; mov 256 "ymm8"; mov 288 "ymm9"; mov 320 "ymm10"; mov 352 "ymm11"; mov 384 "ymm12"),
            red!("ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12"),
            sq_row!(32; add "ymm2"; mac 64 "ymm3"; mac 96 "ymm4"; mac 128 "ymm5"; mac 160 "ymm6"; mac 192 "ymm7"; mac 224 "ymm8"; mac 256 "ymm9"; mac 288 "ymm10"; mac 320 "ymm11"; mac 352 "ymm12"; mov 384 "ymm0"),
            red!("ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0"),
            sq_row!(64; add "ymm4"; mac 96 "ymm5"; mac 128 "ymm6"; mac 160 "ymm7"; mac 192 "ymm8"; mac 224 "ymm9"; mac 256 "ymm10"; mac 288 "ymm11"; mac 320 "ymm12"; mac 352 "ymm0"; mov 384 "ymm1"),
            red!("ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1"),
            sq_row!(96; add "ymm6"; mac 128 "ymm7"; mac 160 "ymm8"; mac 192 "ymm9"; mac 224 "ymm10"; mac 256 "ymm11"; mac 288 "ymm12"; mac 320 "ymm0"; mac 352 "ymm1"; mov 384 "ymm2"),
            red!("ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2"),
            pass!("ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3"),
            sq_row!(128; add "ymm8"; mac 160 "ymm9"; mac 192 "ymm10"; mac 224 "ymm11"; mac 256 "ymm12"; mac 288 "ymm0"; mac 320 "ymm1"; mac 352 "ymm2"; mac 384 "ymm3"),
            red!("ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3"),
            sq_row!(160; add "ymm10"; mac 192 "ymm11"; mac 224 "ymm12"; mac 256 "ymm0"; mac 288 "ymm1"; mac 320 "ymm2"; mac 352 "ymm3"; mov 384 "ymm4"),
            red!("ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4"),
            sq_row!(192; add "ymm12"; mac 224 "ymm0"; mac 256 "ymm1"; mac 288 "ymm2"; mac 320 "ymm3"; mac 352 "ymm4"; mov 384 "ymm5"),
            red!("ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5"),
            sq_row!(224; add "ymm1"; mac 256 "ymm2"; mac 288 "ymm3"; mac 320 "ymm4"; mac 352 "ymm5"; mov 384 "ymm6"),
            red!("ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6"),
            sq_row!(256; add "ymm3"; mac 288 "ymm4"; mac 320 "ymm5"; mac 352 "ymm6"; mov 384 "ymm7"),
            red!("ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7"),
            sq_row!(288; add "ymm5"; mac 320 "ymm6"; mac 352 "ymm7"; mov 384 "ymm8"),
            red!("ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8"),
            sq_row!(320; add "ymm7"; mac 352 "ymm8"; mov 384 "ymm9"),
            red!("ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9"),
            sq_row!(352; add "ymm9"; mov 384 "ymm10"),
            red!("ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10"),
            sq_row!(384; mov "ymm11"; ),
            red!("ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11"),
            // Columns 13..24 are in ymm0..ymm11: carry them into 30-bit limbs.
            "vpsrlq ymm14, ymm0, 30",
            "vpand ymm0, ymm0, ymm15",
            "vmovdqa ymmword ptr [{o} + 0], ymm0",
            "vpaddq ymm1, ymm1, ymm14",
            "vpsrlq ymm14, ymm1, 30",
            "vpand ymm1, ymm1, ymm15",
            "vmovdqa ymmword ptr [{o} + 32], ymm1",
            "vpaddq ymm2, ymm2, ymm14",
            "vpsrlq ymm14, ymm2, 30",
            "vpand ymm2, ymm2, ymm15",
            "vmovdqa ymmword ptr [{o} + 64], ymm2",
            "vpaddq ymm3, ymm3, ymm14",
            "vpsrlq ymm14, ymm3, 30",
            "vpand ymm3, ymm3, ymm15",
            "vmovdqa ymmword ptr [{o} + 96], ymm3",
            "vpaddq ymm4, ymm4, ymm14",
            "vpsrlq ymm14, ymm4, 30",
            "vpand ymm4, ymm4, ymm15",
            "vmovdqa ymmword ptr [{o} + 128], ymm4",
            "vpaddq ymm5, ymm5, ymm14",
            "vpsrlq ymm14, ymm5, 30",
            "vpand ymm5, ymm5, ymm15",
            "vmovdqa ymmword ptr [{o} + 160], ymm5",
            "vpaddq ymm6, ymm6, ymm14",
            "vpsrlq ymm14, ymm6, 30",
            "vpand ymm6, ymm6, ymm15",
            "vmovdqa ymmword ptr [{o} + 192], ymm6",
            "vpaddq ymm7, ymm7, ymm14",
            "vpsrlq ymm14, ymm7, 30",
            "vpand ymm7, ymm7, ymm15",
            "vmovdqa ymmword ptr [{o} + 224], ymm7",
            "vpaddq ymm8, ymm8, ymm14",
            "vpsrlq ymm14, ymm8, 30",
            "vpand ymm8, ymm8, ymm15",
            "vmovdqa ymmword ptr [{o} + 256], ymm8",
            "vpaddq ymm9, ymm9, ymm14",
            "vpsrlq ymm14, ymm9, 30",
            "vpand ymm9, ymm9, ymm15",
            "vmovdqa ymmword ptr [{o} + 288], ymm9",
            "vpaddq ymm10, ymm10, ymm14",
            "vpsrlq ymm14, ymm10, 30",
            "vpand ymm10, ymm10, ymm15",
            "vmovdqa ymmword ptr [{o} + 320], ymm10",
            "vpaddq ymm11, ymm11, ymm14",
            "vpsrlq ymm14, ymm11, 30",
            "vpand ymm11, ymm11, ymm15",
            "vmovdqa ymmword ptr [{o} + 352], ymm11",
            "vmovdqa ymmword ptr [{o} + 384], ymm14",
            a = in(reg) a,
            k = in(reg) &CONSTS,
            o = in(reg) out,
            out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _,
            out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _,
            out("ymm10") _, out("ymm11") _, out("ymm12") _, out("ymm13") _, out("ymm14") _,
            out("ymm15") _,
            options(nostack, preserves_flags),
        );
    }
}

// ---------------------------------------------------------------------------
// Additions (intrinsics: short and register-light, LLVM does well).

#[inline(always)]
fn splat(x: u64) -> __m256i {
    // SAFETY: SSE2/AVX broadcast without memory access; only reached from
    // functions compiled with AVX2.
    unsafe { _mm256_set1_epi64x(x as i64) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn load(x: &Fp4) -> V {
    let mut v = [_mm256_setzero_si256(); LIMBS];
    for (vi, row) in v.iter_mut().zip(&x.limbs) {
        // SAFETY: `Fp4` rows are 32-byte aligned and 32 bytes long.
        *vi = unsafe { _mm256_load_si256(row.as_ptr() as *const __m256i) };
    }
    v
}

#[inline]
#[target_feature(enable = "avx2")]
fn store(v: &V) -> Fp4 {
    let mut out = Fp4::ZERO;
    for (row, vi) in out.limbs.iter_mut().zip(v) {
        // SAFETY: as in `load`.
        unsafe { _mm256_store_si256(row.as_mut_ptr() as *mut __m256i, *vi) };
    }
    out
}

/// Carries limbs below 2^63 into normalised limbs (serial chain); the top
/// limb keeps what reaches it, wrapping mod 2^64, which is exact whenever
/// the value is below `2^390` (callers' bounds).
#[inline]
#[target_feature(enable = "avx2")]
fn carry(v: &mut V) {
    let mask = splat(MASK);
    each_limb!(i in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] => {
        let c = _mm256_srli_epi64(v[i], BITS as i32);
        v[i] = _mm256_and_si256(v[i], mask);
        v[i + 1] = _mm256_add_epi64(v[i + 1], c);
    });
}

/// `c p` in radix 2^30 with 2^30 borrowed from each limb but the top one:
/// limbs `0..12` at least `2^30 - 1`, the top one `(c p >> 360) - 1`.
const fn redundant_multiple(c: u64) -> [u64; LIMBS] {
    let mut l = [0u64; LIMBS];
    let mut carry = 0;
    let mut i = 0;
    while i < LIMBS {
        let v = c * P30[i] + carry;
        l[i] = v & MASK;
        carry = v >> BITS;
        i += 1;
    }
    assert!(carry == 0);
    l[0] += 1 << BITS;
    let mut i = 1;
    while i < LIMBS - 1 {
        l[i] += (1 << BITS) - 1;
        i += 1;
    }
    l[LIMBS - 1] -= 1;
    l
}

/// `4p` for [`sub`]: each limb at least that of any normalised value
/// below `2^382` (the top one: `(4p >> 360) - 1 > 2^22`).
const SUB_OFFSET: [u64; LIMBS] = redundant_multiple(4);

/// `a + b`, normalised, for normalised inputs with `a + b < 2^390`.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn add(a: &Fp4, b: &Fp4) -> Fp4 {
    let (a, b) = (load(a), load(b));
    let mut v = a;
    each_limb!(i => {
        v[i] = _mm256_add_epi64(a[i], b[i]);
    });
    carry(&mut v);
    store(&v)
}

/// `a - b + 4p`, normalised: `a - b mod p`, below `a + 4p`, for normalised
/// `a < 2^389` and `b < 2^382` (`~2.4p`).
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn sub(a: &Fp4, b: &Fp4) -> Fp4 {
    let (a, b) = (load(a), load(b));
    // Limb by limb a + 4p - b >= 0 (the offset's limbs dominate b's).
    let mut v = a;
    each_limb!(i => {
        v[i] = _mm256_sub_epi64(_mm256_add_epi64(a[i], splat(SUB_OFFSET[i])), b[i]);
    });
    carry(&mut v);
    store(&v)
}

/// The lanes of a reduced `a` (below `2p`, normalised) that are zero mod
/// p, as bits of a 4-bit mask (bit `k` for lane `k`): those equal to 0 or
/// to p limb by limb.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn is_zero(a: &Fp4) -> u8 {
    let a = load(a);
    let (mut zero, mut is_p) = (_mm256_set1_epi64x(-1), _mm256_set1_epi64x(-1));
    each_limb!(i => {
        zero = _mm256_and_si256(zero, _mm256_cmpeq_epi64(a[i], _mm256_setzero_si256()));
        is_p = _mm256_and_si256(is_p, _mm256_cmpeq_epi64(a[i], splat(P30[i])));
    });
    _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_or_si256(zero, is_p))) as u8
}

/// Lane `k` of `b` where bit `k` of `mask` is set, of `a` elsewhere.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn select(mask: u8, a: &Fp4, b: &Fp4) -> Fp4 {
    let bit = |k: u8| -(((mask >> k) & 1) as i64);
    let m = _mm256_set_epi64x(bit(3), bit(2), bit(1), bit(0));
    let (mut a, b) = (load(a), load(b));
    each_limb!(i => {
        a[i] = _mm256_blendv_epi8(a[i], b[i], m);
    });
    store(&a)
}

/// `floor(2^52 / (floor(p / 2^360) + 1))`: the quotient estimate of [`reduce`].
const REDUCE_MU: u64 = (1 << 52) / ((P30[LIMBS - 1]) + 1);

// `vpmuludq` reads 32 bits of each operand.
const _: () = assert!(REDUCE_MU < 1 << 32);

/// Zero in radix 2^30 with limbs `0..12` at least `2^40 - 2^10` (the top
/// one is `-2^10`, wrapping): keeps `t - q p` non-negative limb by limb.
const REDUCE_ZERO: [u64; LIMBS] = {
    let mut l = [(1u64 << 40) - (1 << 10); LIMBS];
    l[0] = 1 << 40;
    l[LIMBS - 1] = (1u64 << 10).wrapping_neg();
    l
};

/// `t mod p` up to a small excess: `t - q p` with `q = floor(t_12 mu /
/// 2^52)` estimated from the top limb, normalised, below `p (1 + 2^-12)`.
/// For `t < 2^389` with limbs below 2^31.
///
/// Bounds: with `P = floor(p / 2^360)`, `q <= t_12 / (P + 1) < t / p`, so
/// the result is non-negative; and `t / p - q < 1 + (t_12 + 3 (P + 1)) /
/// (P (P + 1)) + t_12 / 2^52 < 1 + 2^-12` for `t_12 < 2^29`.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn reduce(t: &Fp4) -> Fp4 {
    store(&reduce_v(&load(t)))
}

/// [`reduce`] on registers.
#[inline]
#[target_feature(enable = "avx2")]
fn reduce_v(t: &V) -> V {
    let q = _mm256_srli_epi64(_mm256_mul_epu32(t[LIMBS - 1], splat(REDUCE_MU)), 52);
    let mut v = *t;
    each_limb!(i => {
        let qp = _mm256_mul_epu32(q, splat(P30[i]));
        v[i] = _mm256_sub_epi64(_mm256_add_epi64(t[i], splat(REDUCE_ZERO[i])), qp);
    });
    carry(&mut v);
    v
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::field::fp::MODULUS;
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Whether the CPU runs these kernels (the tests of the lane code
    /// return early, saying so, where it does not).
    pub(crate) fn have_avx2() -> bool {
        let yes = std::is_x86_feature_detected!("avx2");
        if !yes {
            eprintln!("no AVX2 on this CPU: test skipped");
        }
        yes
    }

    fn p() -> BigUint {
        BigUint::from_slice(&MODULUS.map(|l| [l as u32, (l >> 32) as u32]).concat())
    }

    fn big(limbs: &[u64]) -> BigUint {
        BigUint::from_slice(&limbs.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect::<Vec<_>>())
    }

    /// The integer in lane `k`.
    fn lane(v: &Fp4, k: usize) -> BigUint {
        let mut x = BigUint::default();
        for i in (0..LIMBS).rev() {
            x = (x << BITS) + BigUint::from(v.limbs[i][k]);
        }
        x
    }

    /// Puts the integer `x < 2^390` in lane `k`, normalised.
    fn set_lane(v: &mut Fp4, k: usize, x: &BigUint) {
        assert!(x.bits() <= 390, "value too large for a lane");
        for i in 0..LIMBS {
            let limb = (x >> (BITS as usize * i)) & BigUint::from(MASK);
            v.limbs[i][k] = limb.to_u64_digits().first().copied().unwrap_or(0);
        }
        assert_eq!(&lane(v, k), x);
    }

    /// `mul` into a fresh value, checked against `mul_assign`.
    fn mul_v(a: &Fp4, b: &Fp4) -> Fp4 {
        let (mut out, mut c) = (Fp4::ZERO, *a);
        // SAFETY: the callers checked AVX2.
        unsafe {
            mul(&mut out, a, b);
            mul_assign(&mut c, b);
        }
        assert_eq!(c, out, "mul_assign");
        out
    }

    /// `sqr` into a fresh value, checked against `sqr_assign`.
    fn sqr_v(a: &Fp4) -> Fp4 {
        let (mut out, mut c) = (Fp4::ZERO, *a);
        // SAFETY: the callers checked AVX2.
        unsafe {
            sqr(&mut out, a);
            sqr_assign(&mut c);
        }
        assert_eq!(c, out, "sqr_assign");
        out
    }

    fn is_normalised(v: &Fp4) -> bool {
        v.limbs.iter().all(|l| l.iter().all(|&x| x <= MASK))
    }

    /// The element of a lane value: `v / 2^390 mod p`, as Fp's Montgomery integer `x 2^384 mod p`.
    fn element(v: &BigUint) -> BigUint {
        let p = p();
        let r_inv = BigUint::from(2u32).modpow(&(&p - 2u32), &p).modpow(&BigUint::from(6u32), &p);
        (v * r_inv) % p
    }

    fn fp_big(x: &Fp) -> BigUint {
        big(&x.0)
    }

    /// The `Fp` whose Montgomery integer is `x < p`.
    fn fp_of(x: &BigUint) -> Fp {
        let mut l = [0u64; 6];
        for (li, d) in l.iter_mut().zip(x.to_u64_digits()) {
            *li = d;
        }
        Fp(l)
    }

    /// Edge elements: 0, 1, -1, the Montgomery integers 1, 2, p - 1, p - 2,
    /// below p with all-ones limbs, p's top limb alone (~2^380.7).
    fn edges() -> Vec<Fp> {
        let m = MODULUS;
        let mut v = vec![Fp::ZERO, Fp::ONE, -Fp::ONE, Fp([1, 0, 0, 0, 0, 0]), Fp([2, 0, 0, 0, 0, 0])];
        v.push(Fp(super::super::montgomery::sub_n(&m, &[1, 0, 0, 0, 0, 0]).0));
        v.push(Fp(super::super::montgomery::sub_n(&m, &[2, 0, 0, 0, 0, 0]).0));
        v.push(Fp([!0, !0, !0, !0, !0, m[5] - 1]));
        v.push(Fp([0, 0, 0, 0, 0, m[5]]));
        v.push(Fp([!0, 0, !0, 0, !0, 0]));
        v
    }

    /// Four elements: random, or (one time in four per lane) an edge.
    fn quad(rng: &mut ChaCha8Rng, edges: &[Fp]) -> [Fp; 4] {
        core::array::from_fn(|_| {
            if rng.gen_range(0..4) == 0 {
                edges[rng.gen_range(0..edges.len())]
            } else {
                Fp::random(&mut *rng)
            }
        })
    }

    /// A lane value of `x` (Fp): `x 2^390 mod p + k p` with random `k`,
    /// below `2^bits`, normalised; sometimes the largest such value.
    fn lazy(rng: &mut ChaCha8Rng, x: &Fp, bits: u64) -> BigUint {
        lazy_below(rng, x, &(BigUint::from(1u32) << bits))
    }

    /// As [`lazy`], below `limit`.
    fn lazy_below(rng: &mut ChaCha8Rng, x: &Fp, limit: &BigUint) -> BigUint {
        let p = p();
        let base = (fp_big(x) << 6u32) % &p;
        let kmax = (limit - 1u32 - &base) / &p;
        let k = match rng.gen_range(0..4) {
            0 => kmax.clone(),
            1 => BigUint::default(),
            _ => BigUint::from(rng.gen::<u64>()) % (&kmax + 1u32),
        };
        base + k * p
    }

    /// A lane value below `2^bits` (`bits` in 361..=390) with every limb
    /// near its largest (in the top 2^-6 of its range): the products
    /// that fill the columns are then close to 2^60.
    fn high(rng: &mut ChaCha8Rng, bits: usize) -> BigUint {
        let mut x = BigUint::default();
        for i in (0..LIMBS).rev() {
            let top = if i == LIMBS - 1 { 1u64 << (bits - 360) } else { 1 << BITS };
            x = (x << BITS) + BigUint::from(top - 1 - rng.gen_range(0..top >> 6));
        }
        x
    }

    #[test]
    fn constants() {
        let p = p();
        let mut l = BigUint::default();
        for i in (0..LIMBS).rev() {
            l = (l << BITS) + BigUint::from(P30[i]);
        }
        assert_eq!(l, p, "P30");
        let two30 = BigUint::from(1u64 << 30);
        assert_eq!((&p * PINV30 + 1u32) % &two30, BigUint::default(), "PINV30");
        assert_eq!((&p * PINV6 + 1u32) % 64u32, BigUint::default(), "PINV6");
        assert_eq!(lane(&Fp4::ONE, 2), BigUint::from(2u32).modpow(&BigUint::from(390u32), &p), "ONE");
        assert!(is_normalised(&Fp4::ONE));
        let mut off = Fp4::ZERO;
        for i in 0..LIMBS {
            off.limbs[i] = [SUB_OFFSET[i]; 4];
            if i < LIMBS - 1 {
                assert!(SUB_OFFSET[i] >= MASK, "offset limb {i}");
            }
        }
        assert_eq!(lane(&off, 0), &p * 4u32, "SUB_OFFSET");
        assert!(SUB_OFFSET[LIMBS - 1] >= (1 << 22), "offset top limb below 2^382's");
        let mut z = 0i128;
        for i in (0..LIMBS).rev() {
            z = z * (1 << BITS) + REDUCE_ZERO[i] as i64 as i128;
            // Stays tiny: the limbs telescope.
            assert!(z.abs() < 1 << 41);
        }
        assert_eq!(z, 0, "REDUCE_ZERO");
        assert_eq!(REDUCE_MU, (1u64 << 52) / (P30[12] + 1));
        assert_eq!(big(&MODULUS) >> 360u32, BigUint::from(P30[12]));
    }

    /// The largest value a column can reach between carries in the
    /// kernels, with the inputs and every `m` at their largest: products
    /// of the limbs' maxima (p's actual limbs for `m p_j`), what a carry
    /// pass leaves (`2^30 + 2^34`) and the carry from the retiring column
    /// below (`2^34`). `mul` (one pass before step 6, any normalised
    /// inputs) and `sqr` (one pass before step 4, input below 2^385, so its
    /// top limb is below 2^25) stay below 2^64; without the passes they
    /// would not.
    #[test]
    fn column_bounds() {
        fn worst(sq: bool, passes: &[usize], a: &[u128; LIMBS], b: &[u128; LIMBS]) -> u128 {
            let mut worst = 0;
            for col in 0..2 * LIMBS - 1 {
                let first = col.saturating_sub(LIMBS - 1);
                let mut seg = 0u128;
                for step in first..=col.min(LIMBS - 1) {
                    if passes.contains(&step) && step > first {
                        seg = (1 << 30) + (1 << 34);
                    }
                    let j = col - step;
                    let row = if !sq {
                        a[j] * b[step]
                    } else if step < j {
                        2 * a[step] * a[j]
                    } else if step == j {
                        a[j] * a[j]
                    } else {
                        0
                    };
                    seg += row + MASK as u128 * P30[j] as u128;
                    worst = worst.max(seg + (1 << 34));
                }
            }
            worst
        }
        let full = [MASK as u128; LIMBS];
        let mut below_385 = full;
        below_385[LIMBS - 1] = (1 << 25) - 1;
        let log2 = |x: u128| (x as f64).log2();
        let m = worst(false, &[6], &full, &full);
        let s = worst(true, &[4], &below_385, &below_385);
        assert!(m < 1 << 64, "mul: 2^{}", log2(m));
        assert!(s < 1 << 64, "sqr: 2^{}", log2(s));
        assert!(worst(false, &[], &full, &full) >= 1 << 64);
        assert!(worst(true, &[], &below_385, &below_385) >= 1 << 64);
        eprintln!("largest column: mul 2^{:.3}, sqr 2^{:.3}", log2(m), log2(s));
    }

    /// The raw form: every normalised lane value below 2^384 (reduced ones
    /// from `from_fp`, and random ones up to 2^384 - 1 with edge limbs)
    /// comes back from `to_raw_ptrs` / `from_raw_refs` limb for limb, and
    /// the raw words are the value itself.
    #[test]
    fn raw_round_trip() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let edges = edges();
        if !have_avx2() {
            return;
        }
        for round in 0..5000 {
            let v = if round % 2 == 0 {
                // SAFETY: AVX2 checked.
                unsafe { from_fp(&quad(&mut rng, &edges)) }
            } else {
                let mut w = Fp4::ZERO;
                for k in 0..4 {
                    for i in 0..LIMBS {
                        w.limbs[i][k] = match rng.gen_range(0..4) {
                            0 => 0,
                            1 => MASK,
                            _ => rng.gen::<u64>() & MASK,
                        };
                    }
                    // Below 2^384: the top limb holds bits 360..383.
                    w.limbs[LIMBS - 1][k] &= (1 << 24) - 1;
                }
                w
            };
            let mut raw = [[0u64; 6]; 4];
            let [a, b, c, d] = &mut raw;
            // SAFETY: AVX2 checked; four distinct arrays.
            unsafe { to_raw_ptrs(&v, [a, b, c, d]) };
            for k in 0..4 {
                assert_eq!(big(&raw[k]), lane(&v, k), "raw words of lane {k}");
            }
            let back = unsafe { from_raw_refs([&raw[0], &raw[1], &raw[2], &raw[3]]) };
            assert_eq!(back, v, "raw round trip");
        }
    }

    #[test]
    fn conversions() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let edges = edges();
        let p = p();
        if !have_avx2() {
            return;
        }
        for _ in 0..5000 {
            let x = quad(&mut rng, &edges);
            // SAFETY: AVX2 checked.
            let v = unsafe { from_fp(&x) };
            assert!(is_normalised(&v));
            for k in 0..4 {
                let want = (fp_big(&x[k]) << 6u32) % &p;
                let got = lane(&v, k);
                assert!(got < &p + (&p >> 12u32), "from_fp lane {k} not reduced");
                assert_eq!(got % &p, want, "from_fp lane {k}");
            }
            assert_eq!(unsafe { to_fp(&v) }, x, "round trip");
            // Any value below 2^386 of the element, limbs up to 2^34.
            let mut w = Fp4::ZERO;
            for k in 0..4 {
                let val = lazy(&mut rng, &x[k], 386);
                set_lane(&mut w, k, &val);
                // Move some weight into a lower limb (not normalised).
                let i = rng.gen_range(1..LIMBS);
                if w.limbs[i][k] > 0 && rng.gen() {
                    let d = w.limbs[i][k].min(15);
                    w.limbs[i][k] -= d;
                    w.limbs[i - 1][k] += d << BITS;
                }
                assert_eq!(lane(&w, k), val);
                assert!(lane(&w, k) < BigUint::from(1u32) << 386u32);
                assert_eq!(element(&lane(&w, k)), fp_big(&x[k]) % &p);
            }
            assert_eq!(unsafe { to_fp(&w) }, x, "to_fp of lazy values");
        }
    }

    /// Checks `mul`/`sqr` outputs: normalised, below `a b / 2^390 + p`,
    /// and congruent to the scalar product.
    fn check_product(out: &Fp4, a: &Fp4, b: &Fp4, what: &str) {
        let p = p();
        assert!(is_normalised(out), "{what}: not normalised");
        for k in 0..4 {
            let (x, y, z) = (lane(a, k), lane(b, k), lane(out, k));
            assert!(z < ((&x * &y) >> 390u32) + &p + 1u32, "{what}: lane {k} too large");
            let (xe, ye) = (fp_of(&element(&x)), fp_of(&element(&y)));
            assert_eq!(element(&z), fp_big(&(xe * ye)), "{what}: lane {k}");
        }
    }

    #[test]
    fn mul_and_sqr_match_scalar() {
        if !have_avx2() {
            return;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let edges = edges();
        for _ in 0..20_000 {
            let x = quad(&mut rng, &edges);
            let y = quad(&mut rng, &edges);
            // SAFETY: AVX2 checked.
            let (a, b) = unsafe { (from_fp(&x), from_fp(&y)) };
            let (c, s) = (mul_v(&a, &b), sqr_v(&a));
            let (got, sq) = unsafe { (to_fp(&c), to_fp(&s)) };
            for k in 0..4 {
                assert_eq!(got[k], x[k] * y[k], "mul lane {k}: {:?} {:?}", x[k], y[k]);
                assert_eq!(sq[k], x[k].square(), "sqr lane {k}: {:?}", x[k]);
            }
            assert!(is_normalised(&c) && is_normalised(&s));
        }
        // Every pair of edges in every lane.
        for (i, e) in edges.iter().enumerate() {
            for (j, f) in edges.iter().enumerate() {
                let x = [*e, *f, edges[(i + j) % edges.len()], *e];
                let y = [*f, *e, edges[(i * j + 1) % edges.len()], *f];
                // SAFETY: AVX2 checked.
                let (a, b) = unsafe { (from_fp(&x), from_fp(&y)) };
                let (c, s) = (mul_v(&a, &b), sqr_v(&a));
                let (got, sq) = unsafe { (to_fp(&c), to_fp(&s)) };
                for k in 0..4 {
                    assert_eq!(got[k], x[k] * y[k]);
                    assert_eq!(sq[k], x[k].square());
                }
            }
        }
    }

    /// Inputs at the edges of the stated bounds: values up to 2^385 in both
    /// operands, or below 2p and up to 2^388, limbs up to 2^30 - 1 (the
    /// all-ones value 2^385 - 1 included).
    #[test]
    fn mul_and_sqr_lazy_inputs() {
        if !have_avx2() {
            return;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let edges = edges();
        let all_ones = (BigUint::from(1u32) << 385u32) - 1u32;
        for n in 0..5000 {
            let x = quad(&mut rng, &edges);
            let y = quad(&mut rng, &edges);
            let ba = if n % 2 == 0 { 385 } else { 388 };
            let (mut a, mut b) = (Fp4::ZERO, Fp4::ZERO);
            for k in 0..4 {
                let va = if n % 7 == k { all_ones.clone() } else { lazy(&mut rng, &x[k], ba) };
                set_lane(&mut a, k, &va);
                let vb = if ba == 385 { lazy(&mut rng, &y[k], 385) } else { lazy_below(&mut rng, &y[k], &(p() * 2u32)) };
                set_lane(&mut b, k, &vb);
            }
            // SAFETY: AVX2 checked.
            let c = mul_v(&a, &b);
            check_product(&c, &a, &b, "mul");
            let c = mul_v(&b, &a);
            check_product(&c, &b, &a, "mul swapped");
            // Both operands with near-largest limbs: the columns' worst case.
            for k in 0..4 {
                set_lane(&mut a, k, &high(&mut rng, 385));
                set_lane(&mut b, k, &high(&mut rng, 385));
            }
            let c = mul_v(&a, &b);
            check_product(&c, &a, &b, "mul (high limbs)");
            let s = sqr_v(&a);
            check_product(&s, &a, &a, "sqr (high limbs)");
            if ba == 385 {
                let s = sqr_v(&a);
                check_product(&s, &a, &a, "sqr");
                assert!(lane(&s, 0) < p() * 2u32);
            }
        }
    }

    #[test]
    fn add_sub_reduce() {
        if !have_avx2() {
            return;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let edges = edges();
        let p = p();
        let one = BigUint::from(1u32);
        for n in 0..10_000 {
            let x = quad(&mut rng, &edges);
            let y = quad(&mut rng, &edges);
            let (mut a, mut b) = (Fp4::ZERO, Fp4::ZERO);
            for k in 0..4 {
                // a up to 2^389 (sub's and reduce's limit), b below 2^382.
                set_lane(&mut a, k, &lazy(&mut rng, &x[k], if n % 3 == 0 { 389 } else { 383 }));
                set_lane(&mut b, k, &lazy(&mut rng, &y[k], 382));
            }
            // SAFETY: AVX2 checked.
            let (s, d, r) = unsafe { (add(&a, &b), sub(&a, &b), reduce(&a)) };
            for (v, what) in [(&s, "add"), (&d, "sub"), (&r, "reduce")] {
                assert!(is_normalised(v), "{what} not normalised");
            }
            for k in 0..4 {
                let (va, vb) = (lane(&a, k), lane(&b, k));
                assert_eq!(lane(&s, k), &va + &vb, "add lane {k}");
                assert_eq!(lane(&d, k), &va + &p * 4u32 - &vb, "sub lane {k}");
                let vr = lane(&r, k);
                assert_eq!(&vr % &p, &va % &p, "reduce lane {k}");
                assert!(vr < &p + (&p >> 12u32), "reduce lane {k} too large");
            }
            // reduce takes limbs up to 2^31: move weight down a limb.
            let mut t = a;
            for k in 0..4 {
                let i = rng.gen_range(1..LIMBS);
                let d = t.limbs[i][k].min(1);
                t.limbs[i][k] -= d;
                t.limbs[i - 1][k] += d << BITS;
            }
            let r = unsafe { reduce(&t) };
            for k in 0..4 {
                let vr = lane(&r, k);
                assert_eq!(&vr % &p, lane(&t, k) % &p);
                assert!(vr < &p + (&p >> 12u32));
            }
        }
        // is_zero and select on reduced values: 0, p, and others.
        let mut z = Fp4::ZERO;
        set_lane(&mut z, 1, &p);
        set_lane(&mut z, 2, &one);
        set_lane(&mut z, 3, &(&p + 1u32));
        assert_eq!(unsafe { is_zero(&z) }, 0b0011);
        let w = unsafe { reduce(&sub(&z, &z)) };
        assert_eq!(unsafe { is_zero(&w) }, 0b1111);
        for mask in 0..16u8 {
            let s = unsafe { select(mask, &z, &Fp4::ONE) };
            for k in 0..4 {
                let want = if mask >> k & 1 == 1 { lane(&Fp4::ONE, k) } else { lane(&z, k) };
                assert_eq!(lane(&s, k), want);
            }
        }
        // The largest input of reduce, and values just above multiples of p.
        let mut t = Fp4::ZERO;
        set_lane(&mut t, 0, &((&one << 389u32) - 1u32));
        set_lane(&mut t, 1, &(&p * 600u32));
        set_lane(&mut t, 2, &(&p * 600u32 - 1u32));
        set_lane(&mut t, 3, &(&p - 1u32));
        let r = unsafe { reduce(&t) };
        for k in 0..4 {
            assert_eq!(lane(&r, k) % &p, lane(&t, k) % &p);
            assert!(lane(&r, k) < &p + (&p >> 12u32));
        }
    }
}
