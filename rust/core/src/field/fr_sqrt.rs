//! Square roots in Fr in variable time: Tonelli-Shanks whose 2-part is
//! solved by a discrete logarithm read from precomputed tables.
//!
//! r - 1 = 2^32 T, T odd, and c = 7^T generates the 2^32-th roots of unity.
//! For a non-zero `a`, let `w = a^((T-1)/2)`, `x = a w = a^((T+1)/2)` and
//! `g = x w = a^T`. Then `g` is a 2^32-th root of unity, `g = c^j` for one
//! `j` in `[0, 2^32)`, and `a` is a square exactly when `j` is even. If it is,
//! `(x c^m)^2 = a g c^(2m) = a` whenever `2m = -j mod 2^32`: the root is `x c^m`
//! with `m = -j/2 mod 2^31`, the root [`Fr::sqrt`] returns too (see there).
//!
//! The logarithm `j`, in `N = 32 / W` digits of `W` bits (`j = sum j_i
//! 2^(iW)`), lowest digit first: `g^(2^(32-(i+1)W)) = c^(2^(32-(i+1)W) j)`
//! depends only on the digits `j_0 .. j_i`; dividing out the known ones
//! (`j_k`, `k < i`, one table product each) leaves `omega^(j_i)` with
//! `omega = c^(2^(32-W))` of order `2^W`, and a hash table maps each power
//! of `omega` back to its exponent. The powers `g^(2^(kW))` take `(N-1) W`
//! squarings, the digits `N(N-1)/2` products, and `c^m`, written as
//! `c^-(2^32 - m)` in base `2^W`, at most `N` products more. The tables:
//! `c^(-d 2^(kW))` for every `k < N` and digit `d < 2^W` (`N 2^W`
//! elements), and the hash table over the last of them (whose entries are
//! the powers of `omega^-1`).
//!
//! Cost, in multiplications and squarings of Fr: both methods start with
//! `a^((T-1)/2)` (`pow_vartime`, 5-bit sliding window over 222 bits: 220
//! squarings and 52 products) and the 2 products giving `x` and `g`. Then
//! the table method does `(N-1) W` squarings and at most `N(N-1)/2 + N`
//! products, and a non-square stops after the first digit; the fixed
//! Tonelli-Shanks schedule of [`Fr::sqrt`] does 497 squarings and 62
//! products. With `W = 8`, `N = 4`: 24 squarings and at most 10 products,
//! 308 in all against 833.
//!
//! Why `W = 8`: its tables are 1024 elements (32 KiB, which stay in the
//! level-1 or level-2 cache) and a 512-slot hash table, built at first use
//! from about 1000 products. `W = 16` saves 15 more multiplications but
//! needs 2 tables of 2^16 elements (4 MiB), so that every lookup misses
//! the cache, at a cost above the products saved; `W = 4` needs 28
//! squarings and 36 products. Widths that do not divide 32 would leave an
//! uneven top digit and need tables at more shifts.
//!
//! Variable time: the digits select table entries and the branches; for
//! public inputs only (point decompression of public points, proofs).

use super::fr::{Fr, ROOT_OF_UNITY, S, T_MINUS_1_OVER_2};
use std::sync::OnceLock;

/// The digit width in bits.
const W: usize = 8;
/// The number of digits of a logarithm: `S = N W`.
const N: usize = S as usize / W;
/// The digits: `0 .. 2^W`.
const DIGITS: usize = 1 << W;
/// log2 of the hash table's slots (load factor 1/2).
const SLOT_BITS: u32 = W as u32 + 1;
const SLOTS: usize = 1 << SLOT_BITS;

const _: () = assert!(N * W == S as usize && W < 16);

/// The precomputed tables of the module documentation. Fixed-size arrays
/// indexed by masked digits: no index can be out of bounds.
struct Tables {
    /// `neg[k][d] = c^(-d 2^(kW))`, `k < N`, `d < 2^W`.
    neg: [[Fr; DIGITS]; N],
    /// Open addressing (linear probing) from the powers of `omega^-1` to
    /// their exponent: a slot holds `d + 1` for the entry
    /// `neg[N-1][d] = omega^-d`, or 0 when empty.
    slots: [u16; SLOTS],
}

impl Tables {
    fn build() -> Tables {
        // c^-1 = c^(2^32 - 1).
        let mut base = ROOT_OF_UNITY.pow_vartime(&[(1 << S) - 1]); // c^(-2^(kW))
        let mut neg = [[Fr::ONE; DIGITS]; N];
        for row in neg.iter_mut() {
            for d in 1..DIGITS {
                row[d] = row[d - 1].mul(&base);
            }
            for _ in 0..W {
                base = base.square();
            }
        }
        let mut slots = [0u16; SLOTS];
        for (d, e) in neg[N - 1].iter().enumerate() {
            let mut s = slot(e);
            while slots[s] != 0 {
                s = (s + 1) & (SLOTS - 1);
            }
            slots[s] = d as u16 + 1;
        }
        Tables { neg, slots }
    }

    /// `c^(-d 2^(kW))`, for `k < N` and `d < 2^W`.
    #[inline(always)]
    fn neg(&self, k: usize, d: usize) -> &Fr {
        &self.neg[k % N][d & (DIGITS - 1)]
    }

    /// The `d < 2^W` with `y = omega^-d`, if `y` is a power of `omega`.
    fn log(&self, y: &Fr) -> Option<usize> {
        let mut s = slot(y);
        // At most all the slots: an absent `y` meets an empty one first.
        for _ in 0..SLOTS {
            let e = self.slots[s] as usize;
            if e == 0 {
                return None;
            }
            if self.neg(N - 1, e - 1).0 == y.0 {
                return Some(e - 1);
            }
            s = (s + 1) & (SLOTS - 1);
        }
        None
    }
}

/// The hash of an element: the top bits of its lowest Montgomery limb
/// times an odd constant (the limbs of the roots of unity look random).
#[inline(always)]
fn slot(y: &Fr) -> usize {
    (y.0[0].wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - SLOT_BITS)) as usize & (SLOTS - 1)
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

impl Fr {
    /// A square root, when one exists, in variable time (public inputs
    /// only): the same root as [`Fr::sqrt`] for every input (`a^((T+1)/2)
    /// c^m`, `m` in `[0, 2^31)`, c = 7^T), by the table method of this
    /// module. Zero gives zero. The tables are built at the first call.
    pub fn sqrt_vartime(&self) -> Option<Fr> {
        if bool::from(self.is_zero()) {
            return Some(Fr::ZERO);
        }
        let t = tables();
        let w = self.pow_vartime(&T_MINUS_1_OVER_2);
        let x = self.mul(&w);
        // g^(2^(kW)), k < N, for g = a^T = c^j.
        let mut g = [x.mul(&w); N];
        for k in 1..N {
            g[k] = g[k - 1];
            for _ in 0..W {
                g[k] = g[k].square();
            }
        }
        let mut digits = [0usize; N];
        for i in 0..N {
            // g^(2^(32-(i+1)W)) = c^(2^(32-(i+1)W) (j_0 + .. + j_i 2^(iW))),
            // then divided by c^(2^(32-(i+1)W) j_k 2^(kW)) for each k < i.
            let mut y = g[N - 1 - i];
            for (k, &d) in digits[..i].iter().enumerate() {
                if d != 0 {
                    y = y.mul(t.neg(N - 1 - i + k, d));
                }
            }
            // y = omega^(j_i) = omega^-d.
            let Some(d) = t.log(&y) else {
                // Every 2^32-th root of unity has a logarithm: y has none
                // only when self is no element (limbs at or above r, which
                // the C ABI can be handed); the constant-time method gives
                // that input its (unspecified) answer.
                return Option::from(self.sqrt());
            };
            digits[i] = (DIGITS - d) & (DIGITS - 1);
            if i == 0 && digits[0] & 1 == 1 {
                // j is odd: not a square.
                return None;
            }
        }
        let j = digits.iter().enumerate().fold(0u64, |j, (i, &d)| j | (d as u64) << (i * W));
        // c^m = c^-(2^32 - m) for m = -j/2 mod 2^31: m = 0 when j = 0, else
        // m = 2^31 - j/2 and 2^32 - m = 2^31 + j/2.
        let e = if j == 0 { 0 } else { (1u64 << 31) + j / 2 };
        let mut root = x;
        for k in 0..N {
            let d = (e >> (k * W)) as usize & (DIGITS - 1);
            if d != 0 {
                root = root.mul(t.neg(k, d));
            }
        }
        Some(root)
    }
}
