//! Each kernel against the portable ones (`arith::montgomery`), on edge
//! values and random inputs; skipped without ADX/BMI1/BMI2.

use super::super::montgomery;
use super::*;
use core::mem::MaybeUninit;

// p and r, the base-field and scalar-field moduli.
use super::super::params::{fp::MODULUS as P, fr::MODULUS as R};

const N_RANDOM: usize = 200_000;

/// `-m^-1 mod 2^64` by Newton iteration.
fn neg_inv(m0: u64) -> u64 {
    let mut x: u64 = 1;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(x)));
    }
    x.wrapping_neg()
}

/// True (and says so) when the CPU lacks ADX/BMI1/BMI2: the test is skipped.
fn adx_missing() -> bool {
    let have = std::is_x86_feature_detected!("adx")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2");
    if !have {
        eprintln!("skipped: no ADX/BMI1/BMI2");
    }
    !have
}

/// `-m^-1 mod 2^64` for the kernels modulo `m`, or `None` (the test is
/// skipped) without ADX/BMI1/BMI2.
fn adx_inv<const N: usize>(m: &[u64; N]) -> Option<u64> {
    (!adx_missing()).then(|| neg_inv(m[0]))
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn limbs<const N: usize>(&mut self) -> [u64; N] {
        let mut x = [0u64; N];
        for l in x.iter_mut() {
            *l = self.next();
        }
        x
    }
    /// Uniform-ish below m: random limbs with the top limb cut to m's
    /// bit length, reduced once. Sometimes sparse/dense limbs.
    fn below<const N: usize>(&mut self, m: &[u64; N]) -> [u64; N] {
        let mut x = self.limbs::<N>();
        match self.next() % 8 {
            0 => x[self.next() as usize % N] = !0,
            1 => x[self.next() as usize % N] = 0,
            _ => {}
        }
        let bits = 64 - m[N - 1].leading_zeros();
        x[N - 1] &= (1u64 << bits) - 1;
        montgomery::reduce_once(&x, m)
    }
}

/// 0, 1, 2, m-1, m-2, all-ones limbs below m, small/large mixes.
fn edges<const N: usize>(m: &[u64; N]) -> Vec<[u64; N]> {
    let mut v = Vec::new();
    let mut one = [0u64; N];
    one[0] = 1;
    let mut two = [0u64; N];
    two[0] = 2;
    v.push([0u64; N]);
    v.push(one);
    v.push(two);
    v.push(montgomery::sub_n(m, &one).0);
    v.push(montgomery::sub_n(m, &two).0);
    let mut ones = [!0u64; N];
    ones[N - 1] = m[N - 1] - 1;
    v.push(ones);
    let mut hi = [0u64; N];
    hi[N - 1] = m[N - 1] - 1;
    v.push(hi);
    let mut lo = [!0u64; N];
    lo[N - 1] = 0;
    v.push(lo);
    let mut top = [0u64; N];
    top[N - 1] = m[N - 1];
    v.push(top); // below m since the lower limbs of m are not all zero
    v
}

/// The 768-bit value `hi * 2^384 + lo`.
fn join(lo: &[u64; 6], hi: &[u64; 6]) -> [u64; 12] {
    let mut t = [0u64; 12];
    t[..6].copy_from_slice(lo);
    t[6..].copy_from_slice(hi);
    t
}

/// The largest input the Montgomery reductions admit:
/// `(p - 1) * 2^384 + 2^384 - 1`.
fn redc_max() -> [u64; 12] {
    join(&[!0u64; 6], &montgomery::sub_n(&P, &[1, 0, 0, 0, 0, 0]).0)
}

fn wide(t: &[u64; 12]) -> ([u64; 6], [u64; 6]) {
    let mut lo = [0u64; 6];
    let mut hi = [0u64; 6];
    lo.copy_from_slice(&t[..6]);
    hi.copy_from_slice(&t[6..]);
    (lo, hi)
}

/// `check` on every pair of edge values below `m`, then on `N_RANDOM`
/// random pairs and random values against a random edge value.
fn sweep<const N: usize>(m: &[u64; N], seed: u64, check: impl Fn(&[u64; N], &[u64; N])) {
    let e = edges(m);
    for a in &e {
        for b in &e {
            check(a, b);
        }
    }
    let mut rng = Rng(seed);
    for _ in 0..N_RANDOM {
        let a = rng.below(m);
        let b = rng.below(m);
        check(&a, &b);
        let c = e[rng.next() as usize % e.len()];
        check(&a, &c);
    }
}

type MulKernel<const N: usize> = unsafe fn(&[u64; N], &[u64; N], &[u64; N], u64) -> [u64; N];
type SqrKernel<const N: usize> = unsafe fn(&[u64; N], &[u64; N], u64) -> [u64; N];

/// The Montgomery product and square kernels for `N` limbs against the
/// portable ones, modulo `m`.
fn check_mul_sqr<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    (m, inv): (&[u64; N], u64),
    mul: MulKernel<N>,
    sqr: SqrKernel<N>,
) {
    let bits = 64 * N;
    // SAFETY: the callers checked ADX/BMI1/BMI2.
    unsafe {
        assert_eq!(mul(a, b, m, inv), montgomery::mul_mont(a, b, m, inv), "mul_mont_{bits} {a:x?} {b:x?}");
        assert_eq!(sqr(a, m, inv), montgomery::sqr_mont(a, m, inv), "sqr_mont_{bits} {a:x?}");
    }
}

fn check_384(a: &[u64; 6], b: &[u64; 6], inv: u64) {
    check_mul_sqr(a, b, (&P, inv), mul_mont_384, sqr_mont_384);
    unsafe {
        // Inputs below 2p: a and a + p. The lazy square stays below 2p
        // and is congruent to the reduced one; the reduced kernels give
        // the reduced value.
        let want = montgomery::sqr_mont(a, &P, inv);
        let (a_plus_p, _) = montgomery::add_n(a, &P);
        let two_p = montgomery::add_n(&P, &P).0;
        for x in [*a, a_plus_p] {
            let lazy = sqr_mont_384_lazy(&x, &P, inv);
            assert!(montgomery::sub_n(&lazy, &two_p).1 == 1, "lazy square >= 2p");
            assert_eq!(montgomery::reduce_once(&lazy, &P), want, "sqr_mont_384_lazy {x:x?}");
            assert_eq!(sqr_mont_384(&x, &P, inv), want, "sqr_mont_384 {x:x?}");
            assert_eq!(
                mul_mont_384(&x, b, &P, inv),
                montgomery::mul_mont(a, b, &P, inv),
                "mul_mont_384 (first input below 2p) {x:x?}"
            );
        }
        let w = mul_384(a, b);
        let (lo, hi) = montgomery::mul_wide(a, b);
        assert_eq!(wide(&w), (lo, hi), "mul_384 {a:x?} {b:x?}");
        assert_eq!(redc_mont_384(&w, &P, inv), montgomery::redc(&lo, &hi, &P, inv), "redc_mont_384 {w:x?}");
    }
}

#[test]
fn kernels_384_match_portable() {
    let Some(inv) = adx_inv(&P) else {
        return;
    };
    assert_eq!(inv, 0x89f3_fffc_fffc_fffd);
    sweep(&P, 0x9e37_79b9_7f4a_7c15, |a, b| check_384(a, b, inv));
}

/// `mul_mont_384` on unreduced inputs below `2p` (as `sqr_mont_384x`
/// uses it) still returns the fully reduced product.
#[test]
fn mul_mont_384_inputs_below_2p() {
    let Some(inv) = adx_inv(&P) else {
        return;
    };
    let lift = |x: &[u64; 6]| montgomery::add_n(x, &P).0;
    let e = edges(&P);
    let mut rng = Rng(0x0f0f_1e1e_2d2d_3c3c);
    let mut cases: Vec<([u64; 6], [u64; 6])> = Vec::new();
    for a in &e {
        for b in &e {
            cases.push((*a, *b));
        }
    }
    for _ in 0..N_RANDOM / 2 {
        cases.push((rng.below(&P), rng.below(&P)));
    }
    for (a, b) in cases {
        let want = montgomery::mul_mont(&a, &b, &P, inv);
        unsafe {
            assert_eq!(mul_mont_384(&lift(&a), &b, &P, inv), want, "{a:x?} {b:x?}");
            assert_eq!(mul_mont_384(&a, &lift(&b), &P, inv), want, "{a:x?} {b:x?}");
            assert_eq!(mul_mont_384(&lift(&a), &lift(&b), &P, inv), want, "{a:x?} {b:x?}");
        }
    }
}

#[test]
fn mul_384_any_inputs() {
    if adx_missing() {
        return;
    }
    let ones = [!0u64; 6];
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut vals = vec![ones, [0; 6], [1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1u64 << 63]];
    for _ in 0..4 {
        vals.push(rng.limbs());
    }
    let check = |a: &[u64; 6], b: &[u64; 6]| {
        let w = unsafe { mul_384(a, b) };
        assert_eq!(wide(&w), montgomery::mul_wide(a, b), "mul_384 {a:x?} {b:x?}");
    };
    for a in &vals {
        for b in &vals {
            check(a, b);
        }
    }
    for _ in 0..N_RANDOM {
        let a = rng.limbs();
        let b = rng.limbs();
        check(&a, &b);
    }
}

/// `sqr_384` against the portable full product, over its whole domain
/// `a < 2^383`: the edges (limbs all ones below the top bit, single limbs)
/// and random values.
#[test]
fn sqr_384_below_2_383() {
    if adx_missing() {
        return;
    }
    let top = (1u64 << 63) - 1;
    let mut vals =
        vec![[0; 6], [1, 0, 0, 0, 0, 0], [!0, !0, !0, !0, !0, top], [0, 0, 0, 0, 0, top], [!0, 0, 0, 0, 0, 0]];
    let mut rng = Rng(0x5eed_0384_0000_0001);
    for _ in 0..N_RANDOM {
        let mut a: [u64; 6] = rng.limbs();
        a[5] &= top;
        vals.push(a);
        vals.push(rng.below(&P));
    }
    for a in &vals {
        let w = unsafe { sqr_384(a) };
        assert_eq!(wide(&w), montgomery::mul_wide(a, a), "sqr_384 {a:x?}");
    }
}

#[test]
fn redc_384_full_range() {
    let Some(inv) = adx_inv(&P) else {
        return;
    };
    let check = |t: &[u64; 12]| {
        let (lo, hi) = wide(t);
        assert_eq!(unsafe { redc_mont_384(t, &P, inv) }, montgomery::redc(&lo, &hi, &P, inv), "redc_mont_384 {t:x?}");
    };
    check(&redc_max());
    check(&[0; 12]);
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for _ in 0..N_RANDOM {
        let lo: [u64; 6] = rng.limbs();
        check(&join(&lo, &rng.below(&P)));
    }
}

#[test]
fn redc_384_n_matches_portable() {
    let Some(inv) = adx_inv(&P) else {
        return;
    };
    let mut rng = Rng(0x0bad_cafe_1234_5678);
    // Batches of 1 to 7 values, mixing random inputs with the largest
    // admissible one ((p - 1) 2^384 + 2^384 - 1) and zero.
    let max = redc_max();
    for round in 0..N_RANDOM / 4 {
        let n = 1 + round % 7;
        let ts: Vec<[u64; 12]> = (0..n)
            .map(|i| match (round + i) % 11 {
                0 => max,
                1 => [0; 12],
                _ => {
                    let lo: [u64; 6] = rng.limbs();
                    join(&lo, &rng.below(&P))
                }
            })
            .collect();
        // A sentinel after the outputs checks that nothing more is written.
        let mut out = vec![[0x5555_5555_5555_5555u64; 6]; n + 1];
        unsafe { redc_mont_384_n(out.as_mut_ptr() as *mut u64, ts.as_ptr() as *const u64, n, &P, inv) };
        for (i, t) in ts.iter().enumerate() {
            let (lo, hi) = wide(t);
            assert_eq!(out[i], montgomery::redc(&lo, &hi, &P, inv), "redc_mont_384_n {t:x?}");
        }
        assert_eq!(out[n], [0x5555_5555_5555_5555u64; 6]);
    }
}

/// Fp2 reference from the portable kernels.
fn fp2_mul_ref(a: &[[u64; 6]; 2], b: &[[u64; 6]; 2], inv: u64) -> [[u64; 6]; 2] {
    let m = |x: &[u64; 6], y: &[u64; 6]| montgomery::mul_mont(x, y, &P, inv);
    [
        montgomery::sub_mod(&m(&a[0], &b[0]), &m(&a[1], &b[1]), &P),
        montgomery::add_mod(&m(&a[0], &b[1]), &m(&a[1], &b[0]), &P),
    ]
}

#[test]
fn fp2_kernels_match_portable() {
    let Some(inv) = adx_inv(&P) else {
        return;
    };
    let e = edges(&P);
    let check = |a: &[[u64; 6]; 2], b: &[[u64; 6]; 2]| unsafe {
        let mut o = [[0u64; 6]; 2];
        mul_mont_384x(&mut o, a, b, &P, inv);
        assert_eq!(o, fp2_mul_ref(a, b, inv), "mul_mont_384x {a:x?} {b:x?}");
        sqr_mont_384x(&mut o, a, &P, inv);
        assert_eq!(o, fp2_mul_ref(a, a, inv), "sqr_mont_384x {a:x?}");
    };
    for x in &e {
        for y in &e {
            for z in &e {
                check(&[*x, *y], &[*z, *x]);
                check(&[*x, *y], &[*y, *z]);
            }
        }
    }
    let mut rng = Rng(0x5555_aaaa_3333_cccc);
    for _ in 0..N_RANDOM / 2 {
        let a = [rng.below(&P), rng.below(&P)];
        let b = [rng.below(&P), rng.below(&P)];
        check(&a, &b);
    }
}

/// Values below `p * 2^384`: random and edge high halves over random and
/// edge low halves.
fn wide_below_p(rng: &mut Rng, e: &[[u64; 6]]) -> [u64; 12] {
    let lo = match rng.next() % 4 {
        0 => e[rng.next() as usize % e.len()],
        1 => [!0u64; 6],
        _ => rng.limbs::<6>(),
    };
    let hi = match rng.next() % 4 {
        0 => e[rng.next() as usize % e.len()],
        _ => rng.below(&P),
    };
    join(&lo, &hi)
}

#[test]
fn add_sub_kernels_match_portable() {
    if adx_missing() {
        return;
    }
    let e = edges(&P);
    let check = |a: &[u64; 6], b: &[u64; 6]| unsafe {
        assert_eq!(add_mod_384(a, b, &P), montgomery::add_mod(a, b, &P), "add {a:x?} {b:x?}");
        assert_eq!(sub_mod_384(a, b, &P), montgomery::sub_mod(a, b, &P), "sub {a:x?} {b:x?}");
    };
    let check_wide = |a: &[u64; 12], b: &[u64; 12]| unsafe {
        let (mut x, mut y) = (*a, *a);
        add_mod_768_assign(&mut x, b, &P);
        montgomery::add_mod_wide_assign(&mut y, b, &P);
        assert_eq!(x, y, "add_mod_768 {a:x?} {b:x?}");
        let (mut x, mut y) = (*a, *a);
        sub_mod_768_assign(&mut x, b, &P);
        montgomery::sub_mod_wide_assign(&mut y, b, &P);
        assert_eq!(x, y, "sub_mod_768 {a:x?} {b:x?}");
    };
    for a in &e {
        for b in &e {
            check(a, b);
            for lo in [[0u64; 6], [!0u64; 6]] {
                let (x, y) = (join(&lo, a), join(&e[1], b));
                check_wide(&x, &y);
                check_wide(&y, &x);
            }
        }
    }
    let check_exact = |a: &[u64; 12], b: &[u64; 12]| unsafe {
        let mut x = *a;
        add_768_exact_assign(x.as_mut_ptr(), b);
        assert_eq!(x, montgomery::add_n(a, b).0, "add_768_exact {a:x?} {b:x?}");
        let (hi, lo) = if montgomery::sub_n(a, b).1 == 0 { (a, b) } else { (b, a) };
        let mut x = *hi;
        sub_768_exact_assign(x.as_mut_ptr(), lo);
        assert_eq!(x, montgomery::sub_n(hi, lo).0, "sub_768_exact {a:x?} {b:x?}");
    };
    let mut rng = Rng(0x7777_1111_2222_9999);
    for _ in 0..N_RANDOM {
        let a = rng.below(&P);
        let b = rng.below(&P);
        check(&a, &b);
        let x = wide_below_p(&mut rng, &e);
        let y = wide_below_p(&mut rng, &e);
        check_wide(&x, &y);
        check_exact(&x, &y);
    }
}

#[test]
fn mul_382x_matches_portable() {
    if adx_missing() {
        return;
    }
    let e = edges(&P);
    // Reference: c0 = a0 b0 - a1 b1 mod p 2^384, c1 = a0 b1 + a1 b0.
    let reference = |a: &[[u64; 6]; 2], b: &[[u64; 6]; 2]| {
        let w = |x: &[u64; 6], y: &[u64; 6]| {
            let (lo, hi) = montgomery::mul_wide(x, y);
            join(&lo, &hi)
        };
        let mut c0 = w(&a[0], &b[0]);
        montgomery::sub_mod_wide_assign(&mut c0, &w(&a[1], &b[1]), &P);
        let c1 = montgomery::add_n(&w(&a[0], &b[1]), &w(&a[1], &b[0])).0;
        [c0, c1]
    };
    let check = |a: &[[u64; 6]; 2], b: &[[u64; 6]; 2]| unsafe {
        let mut out = MaybeUninit::<[[u64; 12]; 2]>::uninit();
        mul_382x(out.as_mut_ptr(), a, b, &P);
        assert_eq!(out.assume_init(), reference(a, b), "mul_382x {a:x?} {b:x?}");
    };
    // Inputs below 2p (the unreduced pre-sums the tower feeds in).
    let p2 = montgomery::add_n(&P, &P).0;
    let below_2p = |x: &[u64; 6], y: &[u64; 6]| montgomery::add_n(x, y).0;
    for x in &e {
        for y in &e {
            check(&[*x, *y], &[*y, *x]);
            let big = below_2p(x, y);
            check(&[big, *x], &[*y, big]);
        }
    }
    let pm1 = montgomery::sub_n(&p2, &e[1]).0; // 2p - 1
    check(&[pm1, pm1], &[pm1, pm1]);
    let mut rng = Rng(0x1234_4321_abcd_dcba);
    for _ in 0..N_RANDOM / 2 {
        let (x, y, z, w) = (rng.below(&P), rng.below(&P), rng.below(&P), rng.below(&P));
        check(&[x, y], &[z, w]);
        check(&[below_2p(&x, &y), below_2p(&z, &w)], &[below_2p(&y, &z), below_2p(&w, &x)]);
    }
}

#[test]
fn kernels_256_match_portable() {
    let Some(inv) = adx_inv(&R) else {
        return;
    };
    assert_eq!(inv, 0xffff_fffe_ffff_ffff);
    sweep(&R, 0x0123_4567_89ab_cdef, |a, b| check_mul_sqr(a, b, (&R, inv), mul_mont_256, sqr_mont_256));
}
