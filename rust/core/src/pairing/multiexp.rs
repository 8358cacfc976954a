//! Multi-exponentiation in GT: `prod_i bases[i]^exps[i]`, variable time
//! (public exponents only).
//!
//! The bucket method (Pippenger) on 4n bases with 64-bit exponents:
//! - every exponent is split as e = c0 + c1 |z| + c2 |z|^2 + c3 |z|^3
//!   with 64-bit digits (`glv::split_g2`, as `Gt::pow_vartime`), and in GT
//!   f^|z| = conj(f^p), so base f contributes f, conj(f^p), f^(p^2) and
//!   conj(f^(p^3)), each by a Frobenius map and a conjugation;
//! - the digits are cut into signed windows of w bits (digits in
//!   [-2^(w-1), 2^(w-1)]): an inverse in GT is a conjugation, so a
//!   negative digit costs nothing;
//! - per window, each base is multiplied into the bucket of its digit, the
//!   buckets are combined by running products (bucket k raised to k), and
//!   the windows by w cyclotomic squarings each.
//!
//! This is the plain path over Fp12; the torus-compressed bucket
//! accumulation of issue 17 will sit beside it.

use super::gt::{cyclotomic_square, z_power_images, Gt};
use crate::field::{Fp12, Fr};
use crate::Error;
use rayon::prelude::*;

/// Bits of the 64-bit digits, plus one for the carry of the signed
/// recoding.
const DIGIT_BITS: usize = 65;

/// Up to this many bases, the product of individual `pow_vartime`s (each
/// with its own four-way NAF) costs less than the buckets' fixed part.
const SMALL: usize = 6;

impl Gt {
    /// `prod_i bases[i]^exps[i]` in variable time (public data only: the
    /// running time depends on the exponents), on rayon's current pool.
    /// Identity bases, zero exponents, repeated and inverse bases are
    /// fine; the empty product is one; different lengths are
    /// [`Error::LengthMismatch`].
    pub fn multiexp_vartime(bases: &[Gt], exps: &[Fr]) -> Result<Gt, Error> {
        Gt::multiexp_vartime_with_threads(bases, exps, 0)
    }

    /// [`Gt::multiexp_vartime`] with each exponent given as little-endian
    /// bytes of any length, reduced mod r (so r gives one and 2^256 - 1
    /// its residue).
    pub fn multiexp_vartime_le_bytes(bases: &[Gt], exps: &[&[u8]]) -> Result<Gt, Error> {
        let exps: Vec<Fr> = exps.iter().map(|e| Fr::from_le_bytes_reduced(e)).collect();
        Gt::multiexp_vartime(bases, &exps)
    }

    /// [`Gt::multiexp_vartime`] on `threads` parts: 1 runs on the calling
    /// thread, 0 splits the bases over rayon's current pool, any other
    /// count into that many parts on the current pool. The result does not
    /// depend on the thread count.
    pub fn multiexp_vartime_with_threads(bases: &[Gt], exps: &[Fr], threads: usize) -> Result<Gt, Error> {
        Gt::multiexp_no_torus_vartime(bases, exps, threads)
    }

    /// [`Gt::multiexp_vartime_with_threads`] on the plain path: buckets
    /// over Fp12 with full products, no torus compression (kept for
    /// comparison; same result).
    pub fn multiexp_no_torus_vartime(bases: &[Gt], exps: &[Fr], threads: usize) -> Result<Gt, Error> {
        if bases.len() != exps.len() {
            return Err(Error::LengthMismatch { points: bases.len(), scalars: exps.len() });
        }
        let parts = match threads {
            0 => rayon::current_num_threads(),
            t => t,
        }
        .clamp(1, bases.len().max(1));
        if parts == 1 {
            return Ok(Gt(bucket_product(bases, exps)));
        }
        let chunk = bases.len().div_ceil(parts);
        let partial: Vec<Fp12> =
            bases.par_chunks(chunk).zip(exps.par_chunks(chunk)).map(|(b, e)| bucket_product(b, e)).collect();
        Ok(Gt(partial.iter().fold(Fp12::ONE, |acc, p| acc.mul(p))))
    }
}

/// The window width minimising the modelled cost of `m` bases with
/// 64-bit exponents: per window, one product a base and two a bucket.
fn window(m: usize) -> usize {
    (1..=16).min_by_key(|&w| DIGIT_BITS.div_ceil(w) * (m + (2 << (w - 1)))).unwrap_or(4)
}

/// The signed digits of `c` in windows of `w` bits, low window first:
/// `c = sum_j d_j 2^(w j)` with `|d_j| <= 2^(w-1)`.
fn signed_digits(c: u64, w: usize, out: &mut [i32]) {
    let half = 1i64 << (w - 1);
    let mut carry = 0i64;
    for (j, d) in out.iter_mut().enumerate() {
        let shift = w * j;
        let bits = if shift < 64 { ((c >> shift) & ((1u64 << w) - 1)) as i64 } else { 0 };
        let v = bits + carry;
        carry = i64::from(v > half);
        *d = (v - (carry << w)) as i32;
    }
}

/// `prod bases[i]^exps[i]` over Fp12 by the bucket method (module doc).
fn bucket_product(bases: &[Gt], exps: &[Fr]) -> Fp12 {
    if bases.len() <= SMALL {
        return bases.iter().zip(exps).fold(Fp12::ONE, |acc, (b, e)| acc.mul(&b.pow_vartime(e).0));
    }
    let m = 4 * bases.len();
    let w = window(m);
    let windows = DIGIT_BITS.div_ceil(w);
    // The 4n bases and their digits, window by window.
    let mut points = Vec::with_capacity(m);
    let mut digits = vec![0i32; m * windows];
    for (i, (b, e)) in bases.iter().zip(exps).enumerate() {
        let c = crate::curve::glv::split_g2(&e.to_limbs());
        points.extend(z_power_images(&b.0));
        for (t, &ct) in c.iter().enumerate() {
            signed_digits(ct, w, &mut digits[(4 * i + t) * windows..(4 * i + t + 1) * windows]);
        }
    }
    let mut buckets: Vec<Option<Fp12>> = vec![None; 1 << (w - 1)];
    let mut acc: Option<Fp12> = None;
    for j in (0..windows).rev() {
        if let Some(a) = acc.as_mut() {
            for _ in 0..w {
                *a = cyclotomic_square(a);
            }
        }
        buckets.iter_mut().for_each(|b| *b = None);
        for (k, p) in points.iter().enumerate() {
            let d = digits[k * windows + j];
            if d == 0 {
                continue;
            }
            let e = if d < 0 { p.conjugate() } else { *p };
            let b = &mut buckets[d.unsigned_abs() as usize - 1];
            *b = Some(times(*b, &e));
        }
        // prod_k bucket[k]^(k+1) by running products from the top.
        let mut running: Option<Fp12> = None;
        let mut total: Option<Fp12> = None;
        for b in buckets.iter().rev() {
            if let Some(x) = b {
                running = Some(times(running, x));
            }
            if let Some(r) = &running {
                total = Some(times(total, r));
            }
        }
        if let Some(t) = &total {
            acc = Some(times(acc, t));
        }
    }
    acc.unwrap_or(Fp12::ONE)
}

/// `acc x`, with no `acc` standing for one (saves the product by one).
fn times(acc: Option<Fp12>, x: &Fp12) -> Fp12 {
    match acc {
        None => *x,
        Some(a) => a.mul(x),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_digits_recompose() {
        for w in 1..=16 {
            let windows = DIGIT_BITS.div_ceil(w);
            for c in [0u64, 1, 2, u64::MAX, 1 << 63, 0x9e37_79b9_7f4a_7c15, (1 << 63) - 1] {
                let mut d = vec![0i32; windows];
                signed_digits(c, w, &mut d);
                let half = 1i128 << (w - 1);
                assert!(d.iter().all(|&x| (x as i128).abs() <= half), "w {w}");
                let v = d.iter().rev().fold(0i128, |v, &x| (v << w) + x as i128);
                assert_eq!(v, c as i128, "w {w} c {c:#x}");
            }
        }
    }
}
