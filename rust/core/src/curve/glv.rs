//! Scalar multiplication with the endomorphisms: GLV on G1 (sigma, two
//! 128-bit halves) and GLS on G2 (psi, four 64-bit digits), constant time
//! and variable time.
//!
//! # Scalar splitting
//!
//! - G1: sigma(x, y) = (BETA_L x, y) acts on G1 as [L], L = z^2 - 1, a cube
//!   root of unity mod r = L^2 + L + 1. A scalar k < r splits as
//!   k = a + b L with a = k mod L < 2^128 and b = floor(k / L) <= L + 1 < 2^128.
//! - G2: psi acts on G2 as [z], z = -|z| the curve seed, so -psi acts as
//!   [|z|]. Since r < |z|^4, k has four base-|z| digits
//!   k = c0 + c1 |z| + c2 |z|^2 + c3 |z|^3, each below 2^64, and
//!   [k]P = sum of [c_i] (-psi)^i (P).
//!
//! Both divisions are Barrett reductions by a public constant with a fixed
//! number of corrections (constant time, [`div_rem`]).
//!
//! # Tables without inversions
//!
//! A Jacobian point (X, Y, Z) of y^2 = x^3 + b is the affine point (X, Y) of
//! the isomorphic curve y^2 = x^3 + b Z^6, and the group formulas used here
//! do not involve b. So the multiples of P are computed from the affine
//! (X, Y) with co-Z additions (Meloni; Goundar, Joye, Miyaji), which leave
//! every multiple with one common Z' ([`coz_multiples`]). Those multiples are
//! affine points of the curve scaled by W = Z Z': the main loop works there
//! with mixed additions, and the result (X3, Y3, Z3) is (X3, Y3, Z3 W) on the
//! original curve. The endomorphisms commute with the scaling (sigma) or are
//! brought to it (psi, after scaling to the norm of W, which lies in Fp).
//!
//! # Constant-time loop and the incomplete additions
//!
//! Each part scalar is recoded in signed 5-bit windows (Booth: digits in
//! [-16, 16]); every window doubles five times and adds one entry of each
//! table, read by a scan over all 16 entries and negated by selection. The
//! additions of all windows but the last use the incomplete mixed addition,
//! which is wrong only when the two points are equal (the doubling case);
//! the identity on either side is handled by selection. That case cannot
//! occur there: write the accumulator as sum X_i m^i P (m^i the eigenvalue
//! of table i: 1, L for G1; |z|^i for G2) and the entry as d m^t P. Booth
//! partial values are roundings of the part scalars, so before the last
//! window every X_i is >= 0 and at most 2^123 + 32 (G1; parts < 2^128, at
//! least five bits shifted out) or 2^59 + 32 (G2; parts < 2^64). Equality
//! means S = sum X_i m^i - d m^t = 0 mod r; but |S| < r (G1: 2^124 (1 + L)
//! < 2^252; G2: 2^60 (1 + |z| + |z|^2 + |z|^3) < 2^252) so S = 0, and since
//! the largest nonzero term dominates the rest (m > 2^124 + 16, resp.
//! |z| > 2^61), every coefficient is 0: the accumulator and the entry are
//! both the identity, which the selections handle. The last window, where
//! the partial values reach the full scalars, uses the complete mixed
//! addition. The co-Z table chain adds P to [k]P for 2 <= k < 16 (or 2P
//! to odd multiples below 16), never equal points since P has order r.
//!
//! For points outside the prime-order subgroup the endomorphisms do not act
//! as these scalars, and the result is not [k]P (as for other GLV
//! implementations); nothing panics.

use super::{Affine, BaseField, Curve, G1Affine, G1Projective, G2Affine, G2Projective, Jacobian};
use crate::field::{Fp, Fp2, Fr};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

// ---------------------------------------------------------------------------
// Constants (tools/endo_constants.py).

/// L = z^2 - 1 = 0xac45a4010001a40200000000ffffffff, the eigenvalue of
/// sigma(x, y) = (BETA_L x, y) on G1.
const L: [u64; 4] = [0x0000_0000_ffff_ffff, 0xac45_a401_0001_a402, 0, 0];

/// floor(2^256 / L) = 0x17c6becf1e01faadd63f6e522f6cfee30.
const M_L: [u64; 4] = [0x63f6_e522_f6cf_ee30, 0x7c6b_ecf1_e01f_aadd, 1, 0];

/// |z| as a 256-bit divisor.
const Z_ABS: [u64; 4] = [super::Z_ABS, 0, 0, 0];

/// floor(2^256 / |z|) = 0x1381204ca56cd56b533cfcc0d3e76ec2892078a5e8573b29c.
const M_Z: [u64; 4] = [0x9207_8a5e_8573_b29c, 0x33cf_cc0d_3e76_ec28, 0x3812_04ca_56cd_56b5, 1];

/// BETA_L = 0x1a0111ea...00000000aaac, a primitive cube root of unity in Fp
/// such that (x, y) -> (BETA_L x, y) is [L] on G1 (Montgomery form).
pub(crate) const BETA_L: Fp = Fp::from_montgomery([
    0xcd03_c9e4_8671_f071,
    0x5dab_2246_1fcd_a5d2,
    0x5870_42af_d385_1b95,
    0x8eb6_0ebe_01ba_cb9e,
    0x03f9_7d6e_83d0_50d2,
    0x18f0_2065_5463_8741,
]);

/// OMEGA = N(PSI_X): psi^2(x, y) = (OMEGA x, -y) on E2. The same cube
/// root of unity as BETA_L (0x1a0111ea...00000000aaac).
const OMEGA: Fp = BETA_L;

/// Window width of the constant-time recoding.
const W: usize = 5;
/// Entries per constant-time table: [1]P .. [16]P.
const CT_TABLE: usize = 1 << (W - 1);
/// Windows covering a 128-bit part (Booth needs one bit more: 26 * 5 >= 129).
const G1_WINDOWS: usize = 26;
/// Windows covering a 64-bit part (13 * 5 >= 65).
const G2_WINDOWS: usize = 13;
/// Width of the variable-time wNAF recoding: odd digits in [-15, 15].
const WNAF: u32 = 5;
/// Entries of a variable-time table: [1]P, [3]P, .., [15]P.
const VT_TABLE: usize = 1 << (WNAF - 2);

// ---------------------------------------------------------------------------
// Constant-time integer helpers on 4 x 64-bit limbs.

/// The full product of two 256-bit integers.
#[inline]
fn mul_wide(a: &[u64; 4], b: &[u64; 4]) -> [u64; 8] {
    let mut t = [0u64; 8];
    for i in 0..4 {
        let mut carry = 0u64;
        for j in 0..4 {
            let v = (a[i] as u128) * (b[j] as u128) + t[i + j] as u128 + carry as u128;
            t[i + j] = v as u64;
            carry = (v >> 64) as u64;
        }
        t[i + 4] = carry;
    }
    t
}

/// The low 256 bits of `x >> s` for a public shift `s` < 512.
#[inline]
fn shr<const N: usize>(x: &[u64; N], s: usize) -> [u64; 4] {
    let (limbs, bits) = (s / 64, s % 64);
    let mut out = [0u64; 4];
    for (i, o) in out.iter_mut().enumerate() {
        let lo = x.get(i + limbs).copied().unwrap_or(0);
        let hi = x.get(i + limbs + 1).copied().unwrap_or(0);
        *o = if bits == 0 { lo } else { (lo >> bits) | (hi << (64 - bits)) };
    }
    out
}

/// `a - b mod 2^256` and the borrow (0 or 1).
#[inline]
fn sub4(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], u64) {
    let mut out = [0u64; 4];
    let mut borrow = 0u64;
    for i in 0..4 {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow);
        out[i] = d;
        borrow = (b1 | b2) as u64;
    }
    (out, borrow)
}

/// `a + c mod 2^256` for a small `c`.
#[inline]
fn add_small(a: &[u64; 4], c: u64) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut carry = c;
    for i in 0..4 {
        let (s, o) = a[i].overflowing_add(carry);
        out[i] = s;
        carry = o as u64;
    }
    out
}

/// `q = floor(k / d)` and `k mod d`, in constant time, for a public divisor
/// with 2^t <= d < 2^(t+1) (t >= 1) and `m = floor(2^256 / d)`.
///
/// Barrett: with k1 = floor(k / 2^t), q' = floor(k1 m / 2^(256-t)) satisfies
/// q' <= k1 2^t / d <= k / d, and k / d - q' < k0 / d + k1 (2^256/d - m) /
/// 2^(256-t) + 1 < 3 (k0 = k mod 2^t < d, k1 < 2^(256-t)), so q - q' <= 2:
/// two conditional corrections.
fn div_rem(k: &[u64; 4], d: &[u64; 4], m: &[u64; 4], t: usize) -> ([u64; 4], [u64; 4]) {
    let k1 = shr(k, t);
    let mut q = shr(&mul_wide(&k1, m), 256 - t);
    let qd = mul_wide(&q, d);
    let (mut rem, _) = sub4(k, &[qd[0], qd[1], qd[2], qd[3]]);
    for _ in 0..2 {
        let (r2, borrow) = sub4(&rem, d);
        // borrow = 0 (rem >= d): take r2 and count one more. The choice goes
        // through subtle's optimisation barrier: written as plain masks
        // ((r2 & take) | (rem & !take)), LLVM turned the selection into a
        // compare and a jump on the secret borrow.
        let take = Choice::from((borrow ^ 1) as u8);
        for i in 0..4 {
            rem[i] = u64::conditional_select(&rem[i], &r2[i], take);
        }
        q = add_small(&q, u64::from(take.unwrap_u8()));
    }
    (q, rem)
}

/// k = a + b L (a < L, b <= L + 1), constant time; k < r as canonical limbs.
pub(crate) fn split_g1(k: &[u64; 4]) -> ([u64; 2], [u64; 2]) {
    let (b, a) = div_rem(k, &L, &M_L, 127);
    ([a[0], a[1]], [b[0], b[1]])
}

/// k = c0 + c1 |z| + c2 |z|^2 + c3 |z|^3 (each c_i < |z|), constant time;
/// k < r as canonical limbs.
pub(crate) fn split_g2(k: &[u64; 4]) -> [u64; 4] {
    let (q1, c0) = div_rem(k, &Z_ABS, &M_Z, 63);
    let (q2, c1) = div_rem(&q1, &Z_ABS, &M_Z, 63);
    let (c3, c2) = div_rem(&q2, &Z_ABS, &M_Z, 63);
    [c0[0], c1[0], c2[0], c3[0]]
}

// ---------------------------------------------------------------------------
// Recodings.

/// The signed Booth digit of window `i` (bits 5i - 1 .. 5i + 4) of `s`, as
/// (|digit|, digit < 0); digits lie in [-16, 16] and sum_i digit_i 2^(5i) = s
/// when the top window's top bit is clear. Constant time in `s`.
#[inline]
fn booth(s: &[u64; 3], i: usize) -> (u32, Choice) {
    let wv = if i == 0 {
        (s[0] << 1) & 0x3f
    } else {
        let pos = W * i - 1;
        let (limb, off) = (pos / 64, pos % 64);
        let lo = s[limb] as u128;
        let hi = s.get(limb + 1).copied().unwrap_or(0) as u128;
        (((lo | (hi << 64)) >> off) as u64) & 0x3f
    };
    let d = ((wv >> 1) + (wv & 1)) as i64 - 32 * ((wv >> 5) as i64);
    let neg = ((d as u64) >> 63) as u32;
    let abs = ((d ^ -(neg as i64)) + neg as i64) as u32;
    (abs, Choice::from(neg as u8))
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

// ---------------------------------------------------------------------------
// Tables.

/// Multiples of the affine point (x, y) of some curve y^2 = x^3 + b' (b' is
/// never used), all with one common Z, by co-Z additions: for `odd = false`
/// [1]P, [2]P, .., [N]P, for `odd = true` [1]P, [3]P, .., [2N - 1]P. Returns
/// their (X, Y) and the common Z. Needs P of order greater than 2N (no two
/// multiples added are equal or opposite). Constant time.
///
/// `scale`, when given, maps the common Z to a factor s by which every
/// entry is rescaled as well (X s^2, Y s^3: common Z becomes Z s), folded
/// into the rescaling the co-Z chain needs anyway.
fn coz_multiples<F: BaseField, const N: usize>(
    x: &F,
    y: &F,
    odd: bool,
    scale: Option<impl FnOnce(&F) -> F>,
) -> ([(F, F); N], F) {
    // DBLU: 2P and P, both with Z = 2y.
    let b = x.square();
    let e = y.square();
    let l = e.square();
    let s = x.add(&e).square().sub(&b).sub(&l).double();
    let m = b.double().add(&b);
    let x2 = m.square().sub(&s.double());
    let l8 = l.double().double().double();
    let y2 = m.mul(&s.sub(&x2)).sub(&l8);
    let z = y.double();
    let p1 = (s, l8);
    let two = (x2, y2);

    let mut out = [(F::ZERO, F::ZERO); N];
    // stamp[i]: how many co-Z steps had been done when out[i] was last written.
    let mut stamp = [0usize; N];
    let mut lam = [F::ONE; N];
    let (mut fixed, mut run, first) = if odd { (two, p1, 1) } else { (p1, two, 2) };
    out[0] = p1;
    if !odd && N > 1 {
        out[1] = two;
    }
    let mut steps = 0;
    for k in first..N {
        // ZADDU(fixed, run) -> (fixed + run, fixed), both with Z * (X1 - X2).
        let dx = fixed.0.sub(&run.0);
        let c = dx.square();
        let w1 = fixed.0.mul(&c);
        let w2 = run.0.mul(&c);
        let dy = fixed.1.sub(&run.1);
        let a1 = fixed.1.mul(&w1.sub(&w2));
        let x3 = dy.square().sub(&w1).sub(&w2);
        let y3 = dy.mul(&w1.sub(&x3)).sub(&a1);
        lam[steps] = dx;
        steps += 1;
        fixed = (w1, a1);
        run = (x3, y3);
        out[k] = run;
        stamp[k] = steps;
    }
    if !odd {
        // out[0] is the fixed point P, kept current by every step.
        out[0] = fixed;
        stamp[0] = steps;
    }
    // Bring every entry to the final Z: multiply by the product of the
    // factors of the steps after it (suffix products, walked backwards).
    // The common Z after the chain, for `scale` (when it asks for it).
    let extra = scale.map(|f| f(&lam[..steps].iter().fold(z, |a, l| a.mul(l))));
    // suffix[t] = s' lam[t] .. lam[steps-1] (s' the extra factor, else 1),
    // for t <= steps < N: exactly the factor an entry stamped t needs.
    let mut suffix = [F::ONE; N];
    suffix[steps] = extra.unwrap_or(F::ONE);
    for s in (0..steps).rev() {
        suffix[s] = suffix[s + 1].mul(&lam[s]);
    }
    for i in 0..N {
        let t = stamp[i];
        if t == steps && extra.is_none() {
            continue;
        }
        let mu = suffix[t];
        let mu2 = mu.square();
        out[i] = (out[i].0.mul(&mu2), out[i].1.mul(&mu2.mul(&mu)));
    }
    // suffix[0] = s' lam[0] .. lam[steps-1]: the final Z (times s') is 2y suffix[0].
    (out, z.mul(&suffix[0]))
}

/// Reads entry `idx` (1-based; 0 gives the identity (0, 0)) of `table` by
/// scanning every entry: constant time in `idx`. At most one entry
/// matches, so the scan ORs the masked entries into the all-zero identity.
#[inline]
fn lookup<C: Curve, const N: usize>(table: &[Affine<C>; N], idx: u32) -> Affine<C> {
    let mut r = Affine::identity();
    for (i, e) in table.iter().enumerate() {
        r.or_assign_if(e, (i as u32 + 1).ct_eq(&idx));
    }
    r
}

// ---------------------------------------------------------------------------
// Additions.

/// `acc + p` (`Jacobian::add_affine_incomplete`), constant time, for
/// acc != p; the identity on either side (acc with Z = 0, p = (0, 0)) is
/// handled by selection, and acc = -p gives Z = 0.
#[inline(always)]
fn madd_incomplete<C: Curve>(acc: &Jacobian<C>, p: &Affine<C>, p_is_id: Choice) -> Jacobian<C> {
    let (sum, _, _) = acc.add_affine_incomplete(&p.x, &p.y);
    let sum = Jacobian::conditional_select(&sum, &Jacobian::from_raw(p.x, p.y, C::Base::ONE), acc.is_identity());
    Jacobian::conditional_select(&sum, acc, p_is_id)
}

// ---------------------------------------------------------------------------
// Main loops.

/// sum_t [s_t] T_t, where `tables[t]` holds [1]Q_t .. [16]Q_t (affine, one
/// curve) and each s_t < 2^(5 windows - 1). Constant time (see the module
/// comment for why the incomplete additions are safe).
fn booth_mul_ct<C: Curve, const D: usize>(
    tables: &[[Affine<C>; CT_TABLE]; D],
    scalars: &[[u64; 3]; D],
    windows: usize,
) -> Jacobian<C> {
    let mut acc = Jacobian::identity();
    for w in (0..windows).rev() {
        if w != windows - 1 {
            for _ in 0..W {
                acc = acc.double();
            }
        }
        for t in (0..D).rev() {
            let (abs, neg) = booth(&scalars[t], w);
            let mut e = lookup(&tables[t], abs);
            e.y = C::Base::conditional_select(&e.y, &e.y.neg(), neg);
            if w == windows - 1 && t == D - 1 {
                acc = Jacobian::from(e);
            } else if w == 0 {
                acc = acc.add_affine(&e);
            } else {
                acc = madd_incomplete(&acc, &e, abs.ct_eq(&0));
            }
        }
    }
    acc
}

/// sum_t [s_t] T_t with wNAF digits, `tables[t]` = [1]Q_t, [3]Q_t, ..,
/// [15]Q_t. Variable time.
fn wnaf_mul_vartime<C: Curve, const D: usize>(tables: &[[Affine<C>; VT_TABLE]; D], scalars: &[u128; D]) -> Jacobian<C> {
    let mut digits = [[0i8; 130]; D];
    let mut len = 0;
    for t in 0..D {
        len = len.max(wnaf_vartime(scalars[t], &mut digits[t]));
    }
    let mut acc = Jacobian::identity();
    for i in (0..len).rev() {
        if !bool::from(acc.is_identity()) {
            acc = acc.double();
        }
        for t in 0..D {
            let d = digits[t][i];
            if d != 0 {
                // Entries are never the identity: -e is (x, -y).
                let e = &tables[t][(d.unsigned_abs() as usize) >> 1];
                let y = if d < 0 { e.y.neg() } else { e.y };
                acc = acc.add_xy_vartime(&e.x, &y);
            }
        }
    }
    acc
}

// ---------------------------------------------------------------------------
// G1.

/// (BETA_L x, y): sigma, i.e. [L] on G1 (on any curve y^2 = x^3 + b').
#[inline]
fn sigma(p: &G1Affine) -> G1Affine {
    Affine::from_raw(p.x.mul(&BETA_L), p.y)
}

/// The tables of `p` for the G1 loops, written to `t` (the caller's slots:
/// returned by value, they were copied): multiples of p and their sigma
/// images, affine on the curve scaled by the returned W.
fn g1_tables<const N: usize>(p: &G1Projective, odd: bool, t: &mut [[G1Affine; N]; 2]) -> Fp {
    let (m, zc) = coz_multiples::<Fp, N>(&p.x, &p.y, odd, None::<fn(&Fp) -> Fp>);
    for (i, (x, y)) in m.iter().enumerate() {
        t[0][i] = Affine::from_raw(*x, *y);
        t[1][i] = sigma(&t[0][i]);
    }
    p.z.mul(&zc)
}

/// `k * p` on G1, constant time (GLV, signed 5-bit windows).
pub(crate) fn g1_mul(p: &G1Projective, k: &Fr) -> G1Projective {
    let (a, b) = split_g1(&k.to_limbs());
    let mut tables = [[Affine::identity(); CT_TABLE]; 2];
    let w = g1_tables(p, false, &mut tables);
    let acc = booth_mul_ct(&tables, &[[a[0], a[1], 0], [b[0], b[1], 0]], G1_WINDOWS);
    // A point with Z = 0 (the identity) gives W = 0, hence the identity.
    Jacobian::from_raw(acc.x, acc.y, acc.z.mul(&w))
}

/// `k * p` on G1 in variable time (GLV, width-5 NAF).
pub(crate) fn g1_mul_vartime(p: &G1Projective, k: &Fr) -> G1Projective {
    if bool::from(p.is_identity()) {
        return *p;
    }
    let (a, b) = split_g1(&k.to_limbs());
    let mut tables = [[Affine::identity(); VT_TABLE]; 2];
    let w = g1_tables(p, true, &mut tables);
    let s = [a[0] as u128 | (a[1] as u128) << 64, b[0] as u128 | (b[1] as u128) << 64];
    let acc = wnaf_mul_vartime(&tables, &s);
    Jacobian::from_raw(acc.x, acc.y, acc.z.mul(&w))
}

/// The GLV parts (a, b) of `k = a + b L` for multi-scalar multiplication.
pub(crate) fn g1_endo_split(k: &Fr) -> [u128; 4] {
    let (a, b) = split_g1(&k.to_limbs());
    [a[0] as u128 | (a[1] as u128) << 64, b[0] as u128 | (b[1] as u128) << 64, 0, 0]
}

/// (P, sigma(P)): the points the parts of [`g1_endo_split`] multiply.
pub(crate) fn g1_endo_images(p: &G1Affine) -> [G1Affine; 4] {
    [*p, sigma(p), Affine::identity(), Affine::identity()]
}

// ---------------------------------------------------------------------------
// G2.

/// -psi: [|z|] on G2. On a curve scaled by N in Fp, psi keeps the form
/// (conj(x) PSI_X, conj(y) PSI_Y) since conj(N) = N.
#[inline]
fn minus_psi(p: &G2Affine) -> G2Affine {
    let q = p.psi();
    Affine::from_raw(q.x, q.y.neg())
}

/// psi^2 = (OMEGA x, -y): [z^2] on G2.
#[inline]
fn psi2(p: &G2Affine) -> G2Affine {
    Affine::from_raw(p.x.mul_by_fp(&OMEGA), p.y.neg())
}

/// The tables of `p` for the G2 loops, written to `t` (as `g1_tables`):
/// multiples of p and their images by (-psi)^i, i = 1, 2, 3, affine on the
/// curve scaled by the returned W (in Fp).
fn g2_tables<const N: usize>(p: &G2Projective, odd: bool, t: &mut [[G2Affine; N]; 4]) -> Fp {
    // The multiples are affine on the curve scaled by W = Z zc in Fp2; the
    // extra factor conj(W) moves them to the curve scaled by N(W) = W conj(W),
    // in Fp, where psi keeps its form.
    let (m, n) = coz_multiples::<Fp2, N>(&p.x, &p.y, odd, Some(|zc: &Fp2| p.z.mul(zc).conjugate()));
    let n = n.mul(&p.z);
    for (i, (x, y)) in m.iter().enumerate() {
        t[0][i] = Affine::from_raw(*x, *y);
        t[1][i] = minus_psi(&t[0][i]);
        t[2][i] = psi2(&t[0][i]);
        // (-psi)^3 = psi^2 o (-psi): from t1 by two Fp products per entry.
        t[3][i] = psi2(&t[1][i]);
    }
    // n = Z zc conj(Z zc) lies in Fp.
    n.c0
}

/// `k * p` on G2, constant time (4-dimensional GLS, signed 5-bit windows).
pub(crate) fn g2_mul(p: &G2Projective, k: &Fr) -> G2Projective {
    let c = split_g2(&k.to_limbs());
    let mut tables = [[Affine::identity(); CT_TABLE]; 4];
    let n = g2_tables(p, false, &mut tables);
    let s = [[c[0], 0, 0], [c[1], 0, 0], [c[2], 0, 0], [c[3], 0, 0]];
    let acc = booth_mul_ct(&tables, &s, G2_WINDOWS);
    Jacobian::from_raw(acc.x, acc.y, acc.z.mul_by_fp(&n))
}

/// `k * p` on G2 in variable time (4-dimensional GLS, width-5 NAF).
pub(crate) fn g2_mul_vartime(p: &G2Projective, k: &Fr) -> G2Projective {
    if bool::from(p.is_identity()) {
        return *p;
    }
    let c = split_g2(&k.to_limbs());
    let mut tables = [[Affine::identity(); VT_TABLE]; 4];
    let n = g2_tables(p, true, &mut tables);
    let s = [c[0] as u128, c[1] as u128, c[2] as u128, c[3] as u128];
    let acc = wnaf_mul_vartime(&tables, &s);
    Jacobian::from_raw(acc.x, acc.y, acc.z.mul_by_fp(&n))
}

/// The GLS parts (c0, c1, c2, c3) of `k = sum c_i |z|^i` for
/// multi-scalar multiplication.
pub(crate) fn g2_endo_split(k: &Fr) -> [u128; 4] {
    split_g2(&k.to_limbs()).map(u128::from)
}

/// (P, -psi(P), psi^2(P), (-psi)^3(P)): the points the parts of
/// [`g2_endo_split`] multiply.
pub(crate) fn g2_endo_images(p: &G2Affine) -> [G2Affine; 4] {
    let q = minus_psi(p);
    [*p, q, psi2(p), psi2(&q)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Schoolbook a * b + c on limbs, for checking the splits.
    fn mul_add(a: &[u64], b: &[u64], c: &[u64]) -> [u64; 8] {
        let mut t = [0u64; 8];
        for (i, &x) in c.iter().enumerate() {
            t[i] = x;
        }
        for (i, &x) in a.iter().enumerate() {
            let mut carry = 0u128;
            for (j, &y) in b.iter().enumerate() {
                let v = (x as u128) * (y as u128) + t[i + j] as u128 + carry;
                t[i + j] = v as u64;
                carry = v >> 64;
            }
            let mut k = i + b.len();
            while carry != 0 {
                let v = t[k] as u128 + carry;
                t[k] = v as u64;
                carry = v >> 64;
                k += 1;
            }
        }
        t
    }

    fn lt(a: &[u64], b: &[u64]) -> bool {
        for i in (0..a.len().max(b.len())).rev() {
            let (x, y) = (a.get(i).copied().unwrap_or(0), b.get(i).copied().unwrap_or(0));
            if x != y {
                return x < y;
            }
        }
        false
    }

    fn scalars() -> Vec<[u64; 4]> {
        let r = Fr::MODULUS;
        let mut v = vec![
            [0, 0, 0, 0],
            [1, 0, 0, 0],
            [r[0] - 1, r[1], r[2], r[3]],
            [r[0] - 2, r[1], r[2], r[3]],
            L,
            [L[0] - 1, L[1], 0, 0],
            [L[0] + 1, L[1], 0, 0],
            Z_ABS,
            [u64::MAX, 0, 0, 0],
            [0, 0, 1, 0],
        ];
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..20000 {
            let mut k = [0u64; 4];
            for l in k.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *l = x;
            }
            k[3] &= 0x7fff_ffff_ffff_ffff;
            if lt(&k, &r) {
                v.push(k);
            }
            // Multiples of L (and of |z|) near the boundaries.
            let q = [k[2], k[3] >> 2, 0, 0];
            let t = mul_add(&q, &L[..2], &[]);
            v.push([t[0], t[1], t[2], t[3]]);
            let t = mul_add(&q, &L[..2], &[u64::MAX, L[1] - 1]);
            if lt(&t[..4], &r) {
                v.push([t[0], t[1], t[2], t[3]]);
            }
        }
        v
    }

    /// The exceptional cases of the mixed additions: equal points (the
    /// vartime one doubles), opposite points, the identity on either side.
    fn mixed_additions_exceptional_cases<C: Curve>() {
        let g = Jacobian::<C>::generator();
        let q = g.double().add(&g); // Z != 1
        let (qa, ga) = (q.to_affine(), g.to_affine());
        let id = Jacobian::<C>::identity();
        let no = Choice::from(0);
        assert_eq!(q.add_xy_vartime(&qa.x, &qa.y), q.double());
        assert!(bool::from(q.add_xy_vartime(&qa.x, &qa.y.neg()).is_identity()));
        assert_eq!(id.add_xy_vartime(&qa.x, &qa.y), q);
        assert_eq!(q.add_xy_vartime(&ga.x, &ga.y), q.add(&g));
        assert!(bool::from(madd_incomplete(&q, &qa.neg(), no).is_identity()));
        assert_eq!(madd_incomplete(&id, &qa, no), q);
        assert_eq!(madd_incomplete(&q, &Affine::identity(), Choice::from(1)), q);
        assert_eq!(madd_incomplete(&q, &ga, no), q.add(&g));
        // Equal points: flagged by H = R = 0 (the sum itself is wrong).
        let (_, h, r) = q.add_affine_incomplete(&qa.x, &qa.y);
        assert!(bool::from(h.is_zero() & r.is_zero()));
    }

    #[test]
    fn mixed_additions_exceptional_cases_g1_g2() {
        mixed_additions_exceptional_cases::<super::super::G1>();
        mixed_additions_exceptional_cases::<super::super::G2>();
    }

    #[test]
    fn split_g1_is_exact() {
        for k in scalars() {
            let (a, b) = split_g1(&k);
            assert!(lt(&a, &L), "a >= L for {k:x?}");
            assert!(!lt(&[L[0] + 1, L[1]], &b), "b > L + 1 for {k:x?}");
            let t = mul_add(&b, &L[..2], &a);
            assert_eq!(&t[..4], &k[..], "a + b L != k");
            assert_eq!(&t[4..], &[0; 4]);
        }
    }

    #[test]
    fn split_g2_is_exact() {
        for k in scalars() {
            let c = split_g2(&k);
            let z = Z_ABS[0];
            // Horner: ((c3 z + c2) z + c1) z + c0.
            let mut acc_v: Vec<u64> = vec![c[3]];
            for i in (0..3).rev() {
                assert!(c[i] < z);
                let t = mul_add(&acc_v, &[z], &[c[i]]);
                acc_v = t[..7].to_vec();
            }
            assert!(c[3] < z);
            assert_eq!(&acc_v[..4], &k[..]);
            assert!(acc_v[4..].iter().all(|&x| x == 0));
        }
    }

    /// Marsaglia's xorshift64: varied test scalars without an RNG crate.
    fn xorshift(x: &mut u64) {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
    }

    #[test]
    fn booth_digits_recompose() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            xorshift(&mut x);
            let y = x.rotate_left(23) ^ 0x5555;
            let s = [x, y >> 1, 0]; // < 2^127
            let mut v: i128 = 0;
            for i in (0..G1_WINDOWS).rev() {
                let (a, n) = booth(&s, i);
                assert!(a <= 16);
                let d = if bool::from(n) { -(a as i128) } else { a as i128 };
                v = v.wrapping_mul(32).wrapping_add(d);
            }
            assert_eq!(v as u128, s[0] as u128 | (s[1] as u128) << 64);
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
