//! Modular inversion by the Bernstein–Yang "safegcd" algorithm.
//!
//! [`inv_mod`] is constant time; [`inv_mod_vartime`] is not. Both take and
//! return canonical little-endian `u64` limbs (value < m) for an odd modulus
//! `1 < m < 2^(64N-1)`, `1 <= N <= 30`; the inverse of 0 is 0. Montgomery
//! conversions are the caller's business. For an `a` not coprime to `m`
//! (impossible for a prime modulus and `a != 0`) the result is unspecified.
//!
//! # Scheme
//!
//! Divsteps act on (delta, f, g), starting from (delta0, m, a); every step
//! halves g after possibly adding or subtracting f (and swapping f and g);
//! once g = 0, f = +-gcd(a, m). The first k steps depend only on the low k
//! bits of f and g, so steps run in batches on one machine word each,
//! producing a 2x2 transition matrix scaled by 2^62 that is then applied to
//! the full f, g (exact division by 2^62) and to the cofactors d, e with
//! d a = f, e a = g (mod m) (division by 2^62 modulo m: add the multiple of m
//! that clears the low 62 bits, using m^-1 mod 2^62). At the end d = +-a^-1.
//! Multi-limb values use signed 62-bit limbs, so that every limb product is a
//! single signed 64x64->128 multiplication.
//!
//! * Constant time: the "hddivsteps" variant (delta0 = 1/2 instead of 1),
//!   a fixed number of steps in rounds of 56 (four units of 14); all
//!   decisions are masks or conditional moves, no secret-dependent branch or
//!   memory index. On x86_64 a unit runs on one register per matrix row,
//!   holding the row and the low bits of its value (`x86_64.rs`); elsewhere
//!   a round runs as two half-rounds whose matrix rows are packed two
//!   entries per word (`divsteps_ct`).
//! * Variable time: the original divsteps (delta0 = 1) in batches of 62,
//!   skipping runs of zero bits and clearing up to 6 bits of g per addition,
//!   stopping as soon as g = 0.
//!
//! # Iteration bound (constant-time version)
//!
//! For 0 <= g <= f <= M with M >= 4257874, hddivsteps reach g = 0 within
//! floor((3787 log2(M) + 2166) / 1644) steps. This is the convex-hull bound of
//! Wuille's "safegcd-bounds" analysis of hddivsteps (the analysis behind the
//! 590 steps for 256-bit inputs in libsecp256k1's safegcd_implementation.md,
//! whose 590 is also machine-checked in Coq), computationally verified for
//! every M <= 2^3805. We take M = 2^bits(m) (at least 2^23), which depends
//! only on the public modulus: 878 steps for the 381-bit BLS12-381 base
//! field p, 588 for the 255-bit scalar field r. Once g = 0, further steps
//! leave f unchanged and d unchanged mod m, so running at least that many
//! steps is correct: the schedule rounds the count up to a multiple of the
//! 14-step unit (882 steps for p, 588 for r).

/// Hides a value's range from the optimiser (no instructions emitted). Limbs
/// are known to lie in [0, 2^62) after masking; without this barrier LLVM
/// lowers each signed 64x64->128 product of such a limb as an unsigned
/// multiply plus a second multiply for the sign correction.
#[inline(always)]
fn opaque(x: i64) -> i64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut y = x;
        // SAFETY: an empty asm block that only claims to modify a register.
        unsafe { core::arch::asm!("/* {0} */", inout(reg) y, options(pure, nomem, nostack, preserves_flags)) };
        y
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        x
    }
}

/// 2^62 - 1: mask of one signed-62 limb.
const M62: u64 = u64::MAX >> 2;

/// A signed integer in N+1 limbs of 62 bits: `l[0] + l[1] 2^62 + ... + t 2^(62N)`.
/// Normalised form: `0 <= l[i] < 2^62`, the sign lives in `t`. N+1 limbs
/// hold 62N+61 magnitude bits, more than the 64N+1 bits ever needed.
#[derive(Clone, Copy)]
struct S62<const N: usize> {
    l: [i64; N],
    t: i64,
}

impl<const N: usize> S62<N> {
    const ZERO: Self = S62 { l: [0; N], t: 0 };

    /// From little-endian u64 limbs (taken as a non-negative integer < 2^(64N)).
    #[inline(always)]
    fn from_u64(a: &[u64; N]) -> Self {
        let mut r = Self::ZERO;
        // limb i covers bits [62 i, 62 i + 62)
        let mut i = 0;
        while i <= N {
            let bit = 62 * i;
            let w = bit / 64;
            let s = bit % 64;
            let mut x = if w < N { a[w] >> s } else { 0 };
            if s > 2 && w + 1 < N {
                x |= a[w + 1] << (64 - s);
            }
            let x = (x & M62) as i64;
            if i < N {
                r.l[i] = x;
            } else {
                r.t = x;
            }
            i += 1;
        }
        r
    }

    /// To little-endian u64 limbs; the value must be normalised and in [0, 2^(64N)).
    #[inline(always)]
    fn to_u64(self) -> [u64; N] {
        let mut r = [0u64; N];
        let mut i = 0;
        while i <= N {
            let x = if i < N { self.l[i] } else { self.t } as u64;
            let bit = 62 * i;
            let w = bit / 64;
            let s = bit % 64;
            if w < N {
                r[w] |= x << s;
            }
            if s > 2 && w + 1 < N {
                r[w + 1] |= x >> (64 - s);
            }
            i += 1;
        }
        r
    }
}

/// Compile-time check of the supported limb counts (N+1 limbs of 62 bits must
/// hold 64N+1 bits; the iteration bound is verified up to 3805 bits).
struct Limbs<const N: usize>;
impl<const N: usize> Limbs<N> {
    const OK: () = assert!(N >= 1 && N <= 30, "safegcd supports 1 <= N <= 30 limbs");
}

/// Per-modulus data, computed once per call (a few dozen cycles).
struct Modulus<const N: usize> {
    m: S62<N>,
    /// m^-1 mod 2^62.
    minv: u64,
    /// Bit length of m (public).
    bits: u32,
}

impl<const N: usize> Modulus<N> {
    #[inline(always)]
    fn new(m: &[u64; N]) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Limbs::<N>::OK;
        debug_assert!(m[0] & 1 == 1, "modulus must be odd");
        debug_assert!(m[N - 1] >> 63 == 0, "modulus must be below 2^(64N-1)");
        // Newton iteration for the inverse mod 2^64: x = m is correct to 3
        // bits for odd m; each step doubles the precision (3,6,12,24,48,96).
        let m0 = m[0];
        let mut x = m0;
        let mut k = 0;
        while k < 5 {
            x = x.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(x)));
            k += 1;
        }
        let mut bits = 0u32;
        let mut i = N;
        while i > 0 {
            i -= 1;
            if m[i] != 0 {
                bits = 64 * i as u32 + 64 - m[i].leading_zeros();
                break;
            }
        }
        Modulus { m: S62::from_u64(m), minv: x & M62, bits }
    }

    /// Number of hddivsteps that provably reach g = 0 for 0 <= g <= f <= m.
    #[inline(always)]
    fn steps(&self) -> u32 {
        let b = if self.bits < 23 { 23 } else { self.bits };
        (3787 * b + 2166) / 1644
    }

    /// The steps the constant-time inversion runs: `Self::steps` rounded
    /// up to a multiple of `UNIT`.
    #[inline(always)]
    fn scheduled_steps(&self) -> u32 {
        self.steps().div_ceil(UNIT) * UNIT
    }
}

/// The constant-time schedule: rounds of `ROUND` steps (the last one
/// shorter), each a multiple of `UNIT`.
const UNIT: u32 = 14;
const ROUND: u32 = 4 * UNIT;

/// A transition matrix, scaled by 2^62: (f', g') = (u f + v g, q f + r g) / 2^62.
#[derive(Clone, Copy, Debug)]
struct Trans {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

/// `n <= 30` hddivsteps on the low bits of f and g, constant time, with each
/// matrix row packed in one word: `U = u + 2^32 v` (f-row), `Q = q + 2^32 r`
/// (g-row). Every operation on a row is an addition, a negation, a doubling or
/// an AND with an all-zeros/all-ones mask, so packed rows update exactly like
/// separate entries; after n <= 30 steps every entry is at most 2^30 in absolute
/// value (each step at most doubles the largest row sum), so the 32-bit fields
/// never overflow.
///
/// `gp` holds 2 g (g before its halving) so that the parity of g is read from
/// bit 1 of `gp`; `z` is zeta = -(delta + 1/2), negative exactly when delta > 0.
/// Returns the matrix (u, v, q, r) scaled by 2^n.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline(always)]
fn divsteps_packed(z: &mut i64, f: &mut i64, gp: &mut i64, n: u32) -> (i64, i64, i64, i64) {
    let (mut ff, mut g2, mut zz) = (*f, *gp, *z);
    // f-row (u, v) = (1, 0), g-row (q, r) = (0, 1)
    let mut uu: i64 = 1;
    let mut qq: i64 = 1 << 32;

    // One hddivstep on the packed state.
    macro_rules! step {
        () => {{
            let g = g2 >> 1;
            // c2: all ones when g is odd; c: all ones when g is odd and delta > 0.
            let c2 = (g2 << 62) >> 63;
            let c = (zz >> 63) & c2;
            // g-row += (f-row, negated when delta > 0) when g is odd:
            // ((x & c2) ^ c) - c is x, -x or 0.
            let gn = g.wrapping_sub(c).wrapping_add((ff & c2) ^ c);
            let qn = qq.wrapping_sub(c).wrapping_add((uu & c2) ^ c);
            // on a swap delta becomes 1 - delta, else 1 + delta
            zz = (zz ^ c).wrapping_sub(1);
            // on a swap the f-row becomes the old g-row: f + (g - f) = g
            ff = ff.wrapping_add(gn & c);
            uu = uu.wrapping_add(qn & c);
            // the f-row is doubled instead of halving the g-row
            uu = uu.wrapping_add(uu);
            qq = qn;
            g2 = gn;
        }};
    }
    // unrolled by two: saves the register shuffling of a one-step loop
    let mut i = 0;
    while i + 2 <= n {
        step!();
        step!();
        i += 2;
    }
    if i < n {
        step!();
    }
    *f = ff;
    *gp = g2;
    *z = zz;
    let u = uu as i32 as i64;
    let v = uu.wrapping_sub(u) >> 32;
    let q = qq as i32 as i64;
    let r = qq.wrapping_sub(q) >> 32;
    (u, v, q, r)
}

/// `n <= 60` hddivsteps, constant time (two packed half-batches), from the low
/// 62 bits of f and g. Returns the transition matrix scaled by 2^62. The
/// portable kernel of [`inv_mod_scaled`] (x86_64 has `x86_64::divsteps`).
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline(always)]
fn divsteps_ct(zeta: &mut i64, f0: u64, g0: u64, n: u32) -> Trans {
    debug_assert!(n <= 60);
    let mut f = f0 as i64;
    let mut gp = (g0 as i64) << 1;
    let n1 = if n > 30 { 30 } else { n };
    let (u1, v1, q1, r1) = divsteps_packed(zeta, &mut f, &mut gp, n1);
    let (u2, v2, q2, r2) = divsteps_packed(zeta, &mut f, &mut gp, n - n1);
    // product of the two half-batch matrices (scaled by 2^n), rescaled to 2^62;
    // |entries| <= 2^n so nothing overflows.
    let sh = 62 - n;
    Trans {
        u: (u2 * u1 + v2 * q1) << sh,
        v: (u2 * v1 + v2 * r1) << sh,
        q: (q2 * u1 + r2 * q1) << sh,
        r: (q2 * v1 + r2 * r1) << sh,
    }
}

/// (f, g) <- (u f + v g, q f + r g) / 2^62, exact.
#[inline(always)]
fn update_fg<const N: usize>(f: &mut S62<N>, g: &mut S62<N>, t: &Trans) {
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    let (f, g) = (&mut *f, &mut *g);
    for i in 0..N {
        f.l[i] = opaque(f.l[i]);
        g.l[i] = opaque(g.l[i]);
    }
    let mut cf = u * f.l[0] as i128 + v * g.l[0] as i128;
    let mut cg = q * f.l[0] as i128 + r * g.l[0] as i128;
    debug_assert!(cf as u64 & M62 == 0 && cg as u64 & M62 == 0);
    cf >>= 62;
    cg >>= 62;
    let mut i = 1;
    while i < N {
        cf += u * f.l[i] as i128 + v * g.l[i] as i128;
        cg += q * f.l[i] as i128 + r * g.l[i] as i128;
        f.l[i - 1] = (cf as u64 & M62) as i64;
        g.l[i - 1] = (cg as u64 & M62) as i64;
        cf >>= 62;
        cg >>= 62;
        i += 1;
    }
    cf += u * f.t as i128 + v * g.t as i128;
    cg += q * f.t as i128 + r * g.t as i128;
    f.l[N - 1] = (cf as u64 & M62) as i64;
    g.l[N - 1] = (cg as u64 & M62) as i64;
    f.t = (cf >> 62) as i64;
    g.t = (cg >> 62) as i64;
}

/// (d, e) <- (u d + v e, q d + r e) / 2^62 mod m, keeping d, e in (-2m, m).
/// With `E = false` only d is updated (last batch).
///
/// Why the range holds: adding m to a negative input (through the `m`
/// coefficient `md`) makes the effective inputs lie in (-m, m), so
/// |u d + v e| < (|u| + |v|) m <= 2^62 m; subtracting k m with k in [0, 2^62)
/// to clear the low 62 bits then gives a quotient in (-2m, m).
#[inline(always)]
fn update_de<const N: usize, const E: bool>(d: &mut S62<N>, e: &mut S62<N>, t: &Trans, md_: &Modulus<N>) {
    let m = &md_.m;
    let (u, v, q, r) = (t.u, t.v, t.q, t.r);
    let sd = d.t >> 63;
    let se = e.t >> 63;
    let mut md = (u & sd).wrapping_add(v & se);
    let mut me = (q & sd).wrapping_add(r & se);
    let (ui, vi, qi, ri) = (u as i128, v as i128, q as i128, r as i128);
    let mut i = 0;
    while i < N {
        d.l[i] = opaque(d.l[i]);
        e.l[i] = opaque(e.l[i]);
        i += 1;
    }
    let mut cd = ui * d.l[0] as i128 + vi * e.l[0] as i128;
    let mut ce = if E { qi * d.l[0] as i128 + ri * e.l[0] as i128 } else { 0 };
    // k = (m^-1 (cd + md m)) mod 2^62 = (m^-1 cd + md) mod 2^62.
    md = md.wrapping_sub(((md_.minv.wrapping_mul(cd as u64)).wrapping_add(md as u64) & M62) as i64);
    me = me.wrapping_sub(((md_.minv.wrapping_mul(ce as u64)).wrapping_add(me as u64) & M62) as i64);
    let (mdi, mei) = (md as i128, me as i128);
    cd += mdi * m.l[0] as i128;
    if E {
        ce += mei * m.l[0] as i128;
    }
    debug_assert!(cd as u64 & M62 == 0 && ce as u64 & M62 == 0);
    cd >>= 62;
    ce >>= 62;
    let mut i = 1;
    while i < N {
        cd += ui * d.l[i] as i128 + vi * e.l[i] as i128 + mdi * m.l[i] as i128;
        d.l[i - 1] = (cd as u64 & M62) as i64;
        cd >>= 62;
        if E {
            ce += qi * d.l[i] as i128 + ri * e.l[i] as i128 + mei * m.l[i] as i128;
            e.l[i - 1] = (ce as u64 & M62) as i64;
            ce >>= 62;
        }
        i += 1;
    }
    cd += ui * d.t as i128 + vi * e.t as i128 + mdi * m.t as i128;
    d.l[N - 1] = (cd as u64 & M62) as i64;
    if E {
        ce += qi * d.t as i128 + ri * e.t as i128 + mei * m.t as i128;
        e.l[N - 1] = (ce as u64 & M62) as i64;
        e.t = (ce >> 62) as i64;
    }
    d.t = (cd >> 62) as i64;
}

/// d in (-2m, m) -> (sign(f) d) mod m in [0, m), constant time.
#[inline(always)]
fn normalize<const N: usize>(d: &mut S62<N>, f_neg: i64, m: &S62<N>) {
    // add m if d < 0: d in (-m, m)
    let c = d.t >> 63;
    add_masked(d, m, c);
    // negate if f < 0
    let mut carry: i64 = 0;
    let mut i = 0;
    while i < N {
        carry += (d.l[i] ^ f_neg) - f_neg;
        d.l[i] = carry & M62 as i64;
        carry >>= 62;
        i += 1;
    }
    d.t = carry + ((d.t ^ f_neg) - f_neg);
    // add m if d < 0: d in [0, m)
    let c = d.t >> 63;
    add_masked(d, m, c);
}

#[inline(always)]
fn add_masked<const N: usize>(d: &mut S62<N>, m: &S62<N>, mask: i64) {
    let mut carry: i64 = 0;
    let mut i = 0;
    while i < N {
        carry += d.l[i] + (m.l[i] & mask);
        d.l[i] = carry & M62 as i64;
        carry >>= 62;
        i += 1;
    }
    d.t = d.t + (m.t & mask) + carry;
}

/// The start of both inversions: the modulus data and (f, g, d, e) =
/// (m, a, 0, c), so that d a = c f and e a = c g (mod m): at the end
/// d = +-c a^-1, the inverse scaled by `c` for free.
#[inline(always)]
fn start<const N: usize>(a: &[u64; N], m: &[u64; N], c: &[u64; N]) -> (Modulus<N>, S62<N>, S62<N>, S62<N>, S62<N>) {
    let md = Modulus::new(m);
    let f = md.m;
    (md, f, S62::from_u64(a), S62::<N>::ZERO, S62::from_u64(c))
}

/// a^-1 mod m in constant time (0 maps to 0).
///
/// `m` must be odd and below 2^(64N-1), `a` below `m`. The running time
/// depends only on N and on the bit length of m. (The field layer uses
/// [`inv_mod_scaled`]; this form serves the tests and the `internals`
/// users.)
#[cfg_attr(not(any(test, feature = "internals")), allow(dead_code))]
pub fn inv_mod<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let mut one = [0u64; N];
    one[0] = 1;
    inv_mod_scaled(a, m, &one)
}

/// `c a^-1 mod m` in constant time (0 for `a = 0`), for `c` below `m`: the
/// inverse with a factor folded in at no cost (the field layer's
/// Montgomery correction, `c = R^2`, saves a product).
///
/// `m` must be odd and below 2^(64N-1), `a` below `m`. The running time
/// depends only on N and on the bit length of m.
pub fn inv_mod_scaled<const N: usize>(a: &[u64; N], m: &[u64; N], c: &[u64; N]) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    let kernel = x86_64::divsteps;
    #[cfg(not(target_arch = "x86_64"))]
    let kernel = divsteps_ct;
    inv_ct(a, m, c, kernel)
}

/// A constant-time divsteps kernel: `(zeta, f0, g0, n)` -> the matrix of `n`
/// hddivsteps (`n` a multiple of `UNIT`, at most `ROUND`) scaled by 2^62.
type Kernel = fn(&mut i64, u64, u64, u32) -> Trans;

/// [`inv_mod_scaled`] with the given divsteps kernel (the tests run both).
#[inline(always)]
fn inv_ct<const N: usize>(a: &[u64; N], m: &[u64; N], c: &[u64; N], kernel: Kernel) -> [u64; N] {
    let (md, mut f, mut g, mut d, mut e) = start(a, m, c);
    let mut zeta = -1i64; // delta = 1/2
    let steps = md.scheduled_steps();
    // full rounds, then a last round of UNIT..=ROUND steps
    let full = (steps - 1) / ROUND;
    let last = steps - ROUND * full;
    let mut k = 0;
    while k < full {
        let t = kernel(&mut zeta, f.l[0] as u64, g.l[0] as u64, ROUND);
        // f, g first: the next round's divsteps need only their low limbs and
        // can then overlap the multiplications of update_de.
        update_fg(&mut f, &mut g, &t);
        update_de::<N, true>(&mut d, &mut e, &t, &md);
        k += 1;
    }
    let t = kernel(&mut zeta, f.l[0] as u64, g.l[0] as u64, last);
    update_de::<N, false>(&mut d, &mut e, &t, &md);
    // Now g = 0 and f = +-1 (or a = 0, f = +-m and d = 0). f is read off its
    // low bits: bits 62..63 of u f + v g (mod 2^64) are f mod 4.
    let lo = |x: &S62<N>| (x.l[0] as u64) | ((if N > 1 { x.l[1] } else { x.t } as u64) << 62);
    let f4 = (t.u as u64).wrapping_mul(lo(&f)).wrapping_add((t.v as u64).wrapping_mul(lo(&g))) >> 62;
    let f_neg = -(((f4 >> 1) & 1) as i64);
    normalize(&mut d, f_neg, &md.m);
    d.to_u64()
}

// ---------------------------------------------------------------- variable time

/// Up to 62 divsteps (original delta = 1 variant, tracked as eta = -delta),
/// variable time; returns the matrix scaled by 2^62.
#[inline(always)]
fn divsteps_var(eta: &mut i64, f0: u64, g0: u64) -> Trans {
    let mut f = f0;
    let mut g = g0;
    let (mut u, mut v, mut q, mut r) = (1u64, 0u64, 0u64, 1u64);
    let mut e = *eta;
    let mut i: u32 = 62;
    loop {
        // even g: halve (as many steps as there are trailing zeros, at most i)
        let z = (g | (1u64 << i)).trailing_zeros();
        g >>= z;
        u <<= z;
        v <<= z;
        e -= z as i64;
        i -= z;
        if i == 0 {
            break;
        }
        // g odd. delta > 0: swap (f, g) <- (g, -f)
        if e < 0 {
            e = -e;
            let (of, ou, ov) = (f, u, v);
            f = g;
            u = q;
            v = r;
            g = of.wrapping_neg();
            q = ou.wrapping_neg();
            r = ov.wrapping_neg();
        }
        // The next min(eta+1, i) steps only add f to g when g is odd: do them
        // at once by adding w f with g + w f = 0 mod 2^limit (limit <= 6).
        let mut limit = (e as u32).wrapping_add(1);
        if limit > i {
            limit = i;
        }
        if limit > 6 {
            limit = 6;
        }
        let mask = (1u64 << limit) - 1;
        // f^-1 mod 64 = f (2 - f^2); w = -g f^-1.
        let w = g.wrapping_mul(f).wrapping_mul(f.wrapping_mul(f).wrapping_sub(2)) & mask;
        g = g.wrapping_add(f.wrapping_mul(w));
        q = q.wrapping_add(u.wrapping_mul(w));
        r = r.wrapping_add(v.wrapping_mul(w));
    }
    *eta = e;
    Trans { u: u as i64, v: v as i64, q: q as i64, r: r as i64 }
}

/// a^-1 mod m in variable time (0 maps to 0). Same contract as [`inv_mod`];
/// the running time depends on `a`: use only on public data.
pub fn inv_mod_vartime<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (md, mut f, mut g, mut d, mut e) = start(a, m, &{
        let mut one = [0u64; N];
        one[0] = 1;
        one
    });
    let mut eta = -1i64; // delta = 1
    loop {
        let t = divsteps_var(&mut eta, f.l[0] as u64, g.l[0] as u64);
        update_fg(&mut f, &mut g, &t);
        update_de::<N, true>(&mut d, &mut e, &t, &md);
        let mut nz = g.t;
        let mut i = 0;
        while i < N {
            nz |= g.l[i];
            i += 1;
        }
        if nz == 0 {
            break;
        }
    }
    let f_neg = f.t >> 63;
    normalize(&mut d, f_neg, &md.m);
    d.to_u64()
}

#[cfg(target_arch = "x86_64")]
mod x86_64;

#[cfg(test)]
mod tests;
