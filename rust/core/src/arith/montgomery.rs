//! Portable Montgomery kernels over `N` 64-bit limbs (little-endian), built on
//! `u128` products. Always compiled and always tested: they are the reference
//! the x86_64 kernels are checked against and the fallback on other CPUs.
//!
//! The moduli of this crate leave the top bit of their top limb clear
//! (p < 2^381, r < 2^255), so the "no-carry" CIOS variant applies: the running
//! sum never needs an extra limb.

/// `a + b * c + carry`, as (low, high).
#[inline(always)]
pub(crate) const fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = (a as u128) + (b as u128) * (c as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// `a + b + carry`, as (sum, carry out), carry in {0, 1}.
#[inline(always)]
pub(crate) const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    // Two overflowing adds: LLVM turns the chain into ADD/ADC.
    let (s, c1) = a.overflowing_add(b);
    let (s, c2) = s.overflowing_add(carry);
    (s, (c1 | c2) as u64)
}

/// `a - b - borrow`, as (difference, borrow out), borrow in {0, 1}.
#[inline(always)]
pub(crate) const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let (d, b1) = a.overflowing_sub(b);
    let (d, b2) = d.overflowing_sub(borrow);
    (d, (b1 | b2) as u64)
}

/// Hides `x` from the optimiser so that masks built from secret bits stay
/// masks (no branch is derived from them). Costs no instruction.
#[inline(always)]
pub(crate) fn ct_barrier(x: u64) -> u64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut x = x;
        // SAFETY: an empty assembly block that only claims to modify `x`.
        unsafe { core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags)) };
        x
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        core::hint::black_box(x)
    }
}

/// All ones when `bit` is 1, zero when it is 0 (constant time).
#[inline(always)]
pub(crate) fn mask(bit: u64) -> u64 {
    ct_barrier(bit.wrapping_neg())
}

/// `$name(a, b)`: `a op b` limb by limb through `$step` (adc or sbb), with
/// the carry (borrow) out.
macro_rules! carry_chain {
    ($(#[$doc:meta])* $name:ident, $step:ident) => {
        $(#[$doc])*
        #[inline(always)]
        pub(crate) fn $name<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
            let mut out = [0u64; N];
            let mut carry = 0;
            for i in 0..N {
                (out[i], carry) = $step(a[i], b[i], carry);
            }
            (out, carry)
        }
    };
}

carry_chain!(
    /// `a + b` with the carry out.
    add_n, adc
);
carry_chain!(
    /// `a - b` with the borrow out.
    sub_n, sbb
);

/// Subtracts `m` once if `a >= m` (constant time). Needs `a < 2m`.
#[inline(always)]
pub(crate) fn reduce_once<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub_n(a, m);
    let keep = mask(borrow); // all ones when a < m: keep a
    let mut out = [0u64; N];
    for i in 0..N {
        out[i] = (a[i] & keep) | (d[i] & !keep);
    }
    out
}

/// `a + b mod m` for `a, b < m` (constant time); `m` leaves the top bit free.
#[inline(always)]
pub(crate) fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (s, _) = add_n(a, b);
    reduce_once(&s, m)
}

/// `a - b mod m` for `a, b < m` (constant time).
#[inline(always)]
pub(crate) fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub_n(a, b);
    let fix = mask(borrow);
    let mut mm = [0u64; N];
    for i in 0..N {
        mm[i] = m[i] & fix;
    }
    add_n(&d, &mm).0
}

/// `-a mod m` for `a < m` (constant time; zero maps to zero).
#[inline(always)]
pub(crate) fn neg_mod<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (d, _) = sub_n(m, a);
    let nz = a.iter().fold(0, |acc, &x| acc | x);
    let nonzero = mask((nz | nz.wrapping_neg()) >> 63);
    let mut out = [0u64; N];
    for i in 0..N {
        out[i] = d[i] & nonzero;
    }
    out
}

/// Montgomery product `a * b / 2^(64N) mod m` (CIOS, no-carry variant).
/// Inputs below `m`; `inv = -m^-1 mod 2^64`. Output below `m`.
#[inline(always)]
pub fn mul_mont<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let mut t = [0u64; N];
    for i in 0..N {
        let (lo, mut carry_a) = mac(t[0], a[0], b[i], 0);
        let k = lo.wrapping_mul(inv);
        let (_, mut carry_m) = mac(lo, k, m[0], 0);
        for j in 1..N {
            let (x, ca) = mac(t[j], a[j], b[i], carry_a);
            carry_a = ca;
            let (y, cm) = mac(x, k, m[j], carry_m);
            carry_m = cm;
            t[j - 1] = y;
        }
        t[N - 1] = carry_a.wrapping_add(carry_m);
    }
    reduce_once(&t, m)
}

/// Montgomery square `a^2 / 2^(64N) mod m`.
#[inline(always)]
pub fn sqr_mont<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    mul_mont(a, a, m, inv)
}

/// Schoolbook product `a * b` as `2N` limbs: `out[..N]` low, `out[N..]` high.
#[inline(always)]
pub fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    for i in 0..N {
        let mut carry = 0;
        for j in 0..N {
            let k = i + j;
            let cur = if k < N { lo[k] } else { hi[k - N] };
            let (v, c) = mac(cur, a[i], b[j], carry);
            if k < N {
                lo[k] = v
            } else {
                hi[k - N] = v
            }
            carry = c;
        }
        hi[i] = carry;
    }
    (lo, hi)
}

/// Montgomery reduction of a double-width value `t = hi * 2^(64N) + lo`,
/// `t < m * 2^(64N)`: returns `t / 2^(64N) mod m`, below `m`.
#[inline(always)]
pub fn redc<const N: usize>(lo: &[u64; N], hi: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let (s, _) = add_n(&redc_rounds(lo, m, inv), hi);
    reduce_once(&s, m)
}

/// The reduction rounds of [`redc`] on a low half alone:
/// `(lo + K m) / 2^(64N) <= m` for the `K` that clears the low limbs. Each
/// round adds `k m` (`k` chosen to clear the low limb) and shifts one limb
/// down.
#[inline]
pub(crate) fn redc_rounds<const N: usize>(lo: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let mut t = *lo;
    for _ in 0..N {
        let k = t[0].wrapping_mul(inv);
        let (_, mut c) = mac(t[0], k, m[0], 0);
        for j in 1..N {
            let (v, c2) = mac(t[j], k, m[j], c);
            t[j - 1] = v;
            c = c2;
        }
        t[N - 1] = c;
    }
    t
}

/// `a = a + b mod m * 2^(64N)` in place, for `a, b < m * 2^(64N)` (value of
/// `2N` limbs, low half first; `m` leaves the top bit free so the sum fits):
/// subtracts `m` from the high half when the sum reaches `m * 2^(64N)`.
/// Constant time. `M = 2N` (limb count of `a`).
#[inline(always)]
pub(crate) fn add_mod_wide_assign<const N: usize, const M: usize>(a: &mut [u64; M], b: &[u64; M], m: &[u64; N]) {
    debug_assert_eq!(M, 2 * N);
    let mut c = 0;
    for i in 0..M {
        (a[i], c) = adc(a[i], b[i], c);
    }
    let mut d = [0u64; N];
    let mut bw = 0;
    for i in 0..N {
        (d[i], bw) = sbb(a[N + i], m[i], bw);
    }
    let keep = mask(bw); // all ones: the sum is below m * 2^(64N), keep it
    for i in 0..N {
        a[N + i] = (a[N + i] & keep) | (d[i] & !keep);
    }
}

/// `a = a - b mod m * 2^(64N)` in place, for `a, b < m * 2^(64N)`.
/// Constant time.
#[inline(always)]
pub(crate) fn sub_mod_wide_assign<const N: usize, const M: usize>(a: &mut [u64; M], b: &[u64; M], m: &[u64; N]) {
    debug_assert_eq!(M, 2 * N);
    let mut bw = 0;
    for i in 0..M {
        (a[i], bw) = sbb(a[i], b[i], bw);
    }
    let fix = mask(bw);
    let mut c = 0;
    for i in 0..N {
        (a[N + i], c) = adc(a[N + i], m[i] & fix, c);
    }
}
