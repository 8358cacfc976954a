//! The array functions through the C ABI (`bls12_381_fr_batch_sum`,
//! `_batch_product`, `_batch_inner_product`, `_batch_invert`,
//! `_sqrt_vartime`, `bls12_381_g?_batch_sum_vartime`,
//! `_affine_batch_sum_vartime`, which take item counts) against naive
//! computations made of the ABI's single-element operations (products,
//! sums, powers, scalar multiplications), and their error codes; the
//! deprecated byte-length forms (`bls12_381_fr_sum`, `_product`,
//! `_inner_product`, `_batch_inverse`, `bls12_381_g?_sum`, `_affine_sum`)
//! on the same inputs, which must agree byte for byte, with their own
//! error cases; the deprecated transforms over a domain array
//! (`bls12_381_{fr,g1,g2}_fft`) against the naive sums; and the header's
//! deprecation marks, through the C compiler.

// The deprecated forms are called here, against their replacements, until
// they are removed.
#![allow(deprecated)]

mod common;
use bls12_381_ffi::*;
use common::Rng;

const INVALID_LENGTH: i32 = 1;
const NOT_SQUARE: i32 = 4;
const LENGTH_MISMATCH: i32 = 9;
const NULL_POINTER: i32 = 10;
const INVALID_DOMAIN_SIZE: i32 = 19;
const NOT_PRIMITIVE_ROOT: i32 = 20;
const DOMAIN_LENGTH_MISMATCH: i32 = 21;

type F = [u8; 32];

impl Rng {
    /// A uniform Fr element (a 64-byte integer reduced mod r).
    fn fr(&mut self) -> F {
        let mut w = [0u8; 64];
        for c in w.chunks_mut(8) {
            c.copy_from_slice(&self.next().to_le_bytes());
        }
        let mut o = [0u8; 32];
        unsafe { bls12_381_fr_of_bytes_wide(o.as_mut_ptr(), w.as_ptr()) };
        o
    }
}

fn small(x: u64) -> F {
    let mut b = [0u8; 32];
    b[..8].copy_from_slice(&x.to_le_bytes());
    let mut o = [0u8; 32];
    assert_eq!(unsafe { bls12_381_fr_of_bytes(o.as_mut_ptr(), b.as_ptr(), 32) }, 0);
    o
}

fn add(a: &F, b: &F) -> F {
    let mut o = [0u8; 32];
    unsafe { bls12_381_fr_add(o.as_mut_ptr(), a.as_ptr(), b.as_ptr()) };
    o
}

fn mul(a: &F, b: &F) -> F {
    let mut o = [0u8; 32];
    unsafe { bls12_381_fr_mul(o.as_mut_ptr(), a.as_ptr(), b.as_ptr()) };
    o
}

fn inv(a: &F) -> F {
    let mut o = [0u8; 32];
    assert_eq!(unsafe { bls12_381_fr_inverse(o.as_mut_ptr(), a.as_ptr()) }, 0);
    o
}

fn eq(a: &F, b: &F) -> bool {
    unsafe { bls12_381_fr_eq(a.as_ptr(), b.as_ptr()) == 1 }
}

fn enc(a: &F) -> F {
    let mut o = [0u8; 32];
    unsafe { bls12_381_fr_to_bytes(o.as_mut_ptr(), a.as_ptr()) };
    o
}

/// An element of order exactly n = 2^k: 7^((r - 1) / n) (7 generates
/// Fr*), the exponent as (r - 1) >> k.
fn root(k: u32) -> F {
    // r - 1, little-endian.
    let mut e: [u8; 32] = [
        0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0x02, 0xa4, 0xbd, 0x53, 0x05, 0xd8,
        0xa1, 0x09, 0x08, 0xd8, 0x39, 0x33, 0x48, 0x7d, 0x9d, 0x29, 0x53, 0xa7, 0xed, 0x73,
    ];
    for _ in 0..k {
        let mut carry = 0u8;
        for b in e.iter_mut().rev() {
            let next = *b & 1;
            *b = (*b >> 1) | (carry << 7);
            carry = next;
        }
    }
    let mut o = [0u8; 32];
    unsafe { bls12_381_fr_pow(o.as_mut_ptr(), small(7).as_ptr(), e.as_ptr(), 32) };
    o
}

fn powers(w: &F, n: usize) -> Vec<F> {
    let mut d = vec![small(1); n];
    for i in 1..n {
        d[i] = mul(&d[i - 1], w);
    }
    d
}

fn flat<const N: usize>(xs: &[[u8; N]]) -> Vec<u8> {
    xs.concat()
}

fn unflat<const N: usize>(b: &[u8]) -> Vec<[u8; N]> {
    b.chunks_exact(N).map(|c| c.try_into().unwrap()).collect()
}

/// sum_j v[j] w^(i j) for every i, by single products.
fn naive_fr(d: &[F], v: &[F]) -> Vec<F> {
    let n = d.len();
    (0..n).map(|i| v.iter().enumerate().fold(small(0), |acc, (j, x)| add(&acc, &mul(x, &d[(i * j) % n])))).collect()
}

fn fr_fft(v: &mut [u8], d: &[u8], inverse: i32, threads: usize) -> i32 {
    unsafe { bls12_381_fr_fft(v.as_mut_ptr(), v.len(), d.as_ptr(), d.len(), inverse, threads) }
}

#[test]
fn fr_fft_against_the_naive_sums() {
    let mut rng = Rng(19);
    for k in 0..=6 {
        let n = 1usize << k;
        let w = root(k);
        let d = powers(&w, n);
        let dinv = powers(&inv(&w), n);
        let v: Vec<F> = (0..n).map(|_| rng.fr()).collect();
        let want = naive_fr(&d, &v);
        for threads in [1, 0, 2] {
            let mut buf = flat(&v);
            assert_eq!(fr_fft(&mut buf, &flat(&d), 0, threads), 0);
            let got: Vec<F> = unflat(&buf);
            assert!(got.iter().zip(&want).all(|(a, b)| eq(a, b)), "fft n = {n}");
            // Inverse flag over the inverse domain: back to v.
            assert_eq!(fr_fft(&mut buf, &flat(&dinv), 1, threads), 0);
            let back: Vec<F> = unflat(&buf);
            assert!(back.iter().zip(&v).all(|(a, b)| eq(a, b)), "inverse n = {n}");
        }
        // Inverse flag over the forward domain: (1/n) sum_j v_j w^(ij).
        let mut buf = flat(&v);
        assert_eq!(fr_fft(&mut buf, &flat(&d), 1, 1), 0);
        let ninv = inv(&small(n as u64));
        let got: Vec<F> = unflat(&buf);
        assert!(got.iter().zip(&want).all(|(a, b)| eq(a, &mul(b, &ninv))), "scaled n = {n}");
    }
    // A large transform on several threads, against one thread.
    let n = 1 << 14;
    let d = powers(&root(14), n);
    let v: Vec<F> = (0..n).map(|_| rng.fr()).collect();
    let mut one = flat(&v);
    assert_eq!(fr_fft(&mut one, &flat(&d), 0, 1), 0);
    for threads in [0, 2, 3] {
        let mut many = flat(&v);
        assert_eq!(fr_fft(&mut many, &flat(&d), 0, threads), 0);
        assert_eq!(one, many, "threads = {threads}");
    }
    // Unaligned buffers.
    let n = 8;
    let d = flat(&powers(&root(3), n));
    let v = flat(&(0..n).map(|_| rng.fr()).collect::<Vec<F>>());
    let mut aligned = v.clone();
    assert_eq!(fr_fft(&mut aligned, &d, 0, 1), 0);
    let mut vb = vec![0u8; v.len() + 1];
    vb[1..].copy_from_slice(&v);
    let mut db = vec![0u8; d.len() + 3];
    db[3..].copy_from_slice(&d);
    let c = unsafe { bls12_381_fr_fft(vb[1..].as_mut_ptr(), v.len(), db[3..].as_ptr(), d.len(), 0, 1) };
    assert_eq!(c, 0);
    assert_eq!(&vb[1..], &aligned[..]);
}

#[test]
fn fft_errors_leave_the_values() {
    let mut rng = Rng(20);
    let d8 = powers(&root(3), 8);
    let v: Vec<u8> = flat(&(0..8).map(|_| rng.fr()).collect::<Vec<F>>());
    let check = |d: &[u8], vals: &[u8], want: i32, what: &str| {
        let mut buf = vals.to_vec();
        assert_eq!(fr_fft(&mut buf, d, 0, 1), want, "{what}");
        assert_eq!(buf, vals, "{what}: values touched");
    };
    check(&flat(&d8[..3]), &v[..96], INVALID_DOMAIN_SIZE, "size 3");
    check(&[], &[], INVALID_DOMAIN_SIZE, "size 0");
    check(&flat(&d8), &v[..4 * 32], DOMAIN_LENGTH_MISMATCH, "4 values, 8 elements");
    let mut swapped = d8.clone();
    swapped.swap(2, 3);
    check(&flat(&swapped), &v, NOT_PRIMITIVE_ROOT, "not the powers");
    check(&flat(&powers(&root(2), 8)), &v, NOT_PRIMITIVE_ROOT, "order 4, 8 elements");
    check(&flat(&powers(&small(1), 1)), &v[..32], 0, "size 1");
    check(&flat(&[small(2)]), &v[..32], NOT_PRIMITIVE_ROOT, "size 1, not 1");
    check(&flat(&d8)[..255], &v, INVALID_LENGTH, "domain not whole");
    check(&flat(&d8), &v[..255], INVALID_LENGTH, "values not whole");
    let mut buf = v.clone();
    let c = unsafe { bls12_381_fr_fft(buf.as_mut_ptr(), 256, core::ptr::null(), 256, 0, 1) };
    assert_eq!(c, NULL_POINTER);
    let c = unsafe { bls12_381_fr_fft(core::ptr::null_mut(), 256, flat(&d8).as_ptr(), 256, 0, 1) };
    assert_eq!(c, NULL_POINTER);
}

/// The group transforms and sums of one group, over its ABI functions.
macro_rules! group_tests {
    (
        $name:ident, $size:expr, $aff:expr, $one:ident, $zero:ident, $add:ident, $mul:ident, $eq:ident, $fft:ident,
        $sum:ident, $asum:ident, $bsum:ident, $basum:ident, $normalize:ident $(,)?
    ) => {
        #[test]
        fn $name() {
            type P = [u8; $size];
            let mut rng = Rng(21);
            let point = |rng: &mut Rng| {
                let mut g = [0u8; $size];
                let mut o = [0u8; $size];
                unsafe {
                    $one(g.as_mut_ptr());
                    $mul(o.as_mut_ptr(), g.as_ptr(), enc(&rng.fr()).as_ptr(), 32);
                }
                o
            };
            let padd = |a: &P, b: &P| {
                let mut o = [0u8; $size];
                unsafe { $add(o.as_mut_ptr(), a.as_ptr(), b.as_ptr()) };
                o
            };
            let pmul = |a: &P, s: &F| {
                let mut o = [0u8; $size];
                unsafe { $mul(o.as_mut_ptr(), a.as_ptr(), enc(s).as_ptr(), 32) };
                o
            };
            let peq = |a: &P, b: &P| unsafe { $eq(a.as_ptr(), b.as_ptr()) == 1 };
            let mut id = [0u8; $size];
            unsafe { $zero(id.as_mut_ptr()) };
            for k in 0..=3 {
                let n = 1usize << k;
                let w = root(k);
                let d = powers(&w, n);
                let mut v: Vec<P> = (0..n).map(|_| point(&mut rng)).collect();
                if n > 2 {
                    v[1] = id;
                }
                let want: Vec<P> = (0..n)
                    .map(|i| v.iter().enumerate().fold(id, |acc, (j, p)| padd(&acc, &pmul(p, &d[(i * j) % n]))))
                    .collect();
                let mut buf = flat(&v);
                let c = unsafe { $fft(buf.as_mut_ptr(), buf.len(), flat(&d).as_ptr(), 32 * n, 0, 1) };
                assert_eq!(c, 0);
                let got: Vec<P> = unflat(&buf);
                assert!(got.iter().zip(&want).all(|(a, b)| peq(a, b)), "fft n = {n}");
                let dinv = flat(&powers(&inv(&w), n));
                let c = unsafe { $fft(buf.as_mut_ptr(), buf.len(), dinv.as_ptr(), 32 * n, 1, 0) };
                assert_eq!(c, 0);
                let back: Vec<P> = unflat(&buf);
                assert!(back.iter().zip(&v).all(|(a, b)| peq(a, b)), "inverse n = {n}");
            }
            let mut buf = flat(&[id; 3]);
            let d = flat(&powers(&root(2), 4));
            let c = unsafe { $fft(buf.as_mut_ptr(), buf.len(), d.as_ptr(), d.len(), 0, 1) };
            assert_eq!(c, DOMAIN_LENGTH_MISMATCH);
            // Sums, with the identity, a repeated point and a cancelling pair.
            for n in [0usize, 1, 2, 5, 20, 40] {
                let mut v: Vec<P> = (0..n).map(|_| point(&mut rng)).collect();
                if n > 5 {
                    v[1] = id;
                    v[3] = v[2];
                    let mut neg = [0u8; 32];
                    unsafe { bls12_381_fr_neg(neg.as_mut_ptr(), small(1).as_ptr()) };
                    v[5] = pmul(&v[4], &neg);
                }
                let want = v.iter().fold(id, |a, p| padd(&a, p));
                let mut out = [0u8; $size];
                let c = unsafe { $bsum(out.as_mut_ptr(), flat(&v).as_ptr(), n) };
                assert_eq!(c, 0);
                assert!(peq(&out, &want), "sum of {n}");
                let mut old = [0u8; $size];
                let c = unsafe { $sum(old.as_mut_ptr(), flat(&v).as_ptr(), $size * n) };
                assert_eq!(c, 0);
                assert_eq!(out, old, "batch_sum_vartime and sum differ, {n} points");
                // The same points in affine form.
                let mut aff = vec![0u8; $aff * n];
                assert_eq!(unsafe { $normalize(aff.as_mut_ptr(), flat(&v).as_ptr(), n) }, 0);
                let c = unsafe { $basum(out.as_mut_ptr(), aff.as_ptr(), n) };
                assert_eq!(c, 0);
                assert!(peq(&out, &want), "affine sum of {n}");
                let c = unsafe { $asum(old.as_mut_ptr(), aff.as_ptr(), aff.len()) };
                assert_eq!(c, 0);
                assert_eq!(out, old, "affine_batch_sum_vartime and affine_sum differ, {n} points");
            }
            // The deprecated forms' lengths that are not whole.
            let mut out = [0x5au8; $size];
            assert_eq!(unsafe { $sum(out.as_mut_ptr(), flat(&[id; 2]).as_ptr(), $size + 1) }, INVALID_LENGTH);
            assert_eq!(unsafe { $asum(out.as_mut_ptr(), flat(&[id; 2]).as_ptr(), $aff + 1) }, INVALID_LENGTH);
            assert_eq!(unsafe { $sum(core::ptr::null_mut(), core::ptr::null(), 0) }, NULL_POINTER);
            assert_eq!(unsafe { $sum(out.as_mut_ptr(), core::ptr::null(), $size) }, NULL_POINTER);
            // The item-count forms: NULL, counts no buffer holds (refused
            // unread), no item with NULL arrays (the identity).
            let ids = flat(&[id; 2]);
            for f in [$bsum, $basum] {
                let mut out = [0x5au8; $size];
                assert_eq!(unsafe { f(core::ptr::null_mut(), ids.as_ptr(), 1) }, NULL_POINTER);
                assert_eq!(unsafe { f(core::ptr::null_mut(), core::ptr::null(), 0) }, NULL_POINTER);
                assert_eq!(unsafe { f(out.as_mut_ptr(), core::ptr::null(), 1) }, NULL_POINTER);
                for n in [isize::MAX as usize / $aff + 1, usize::MAX] {
                    assert_eq!(unsafe { f(out.as_mut_ptr(), ids.as_ptr(), n) }, INVALID_LENGTH);
                }
                assert!(out.iter().all(|&b| b == 0x5a), "out written on error");
                assert_eq!(unsafe { f(out.as_mut_ptr(), core::ptr::null(), 0) }, 0);
                assert!(peq(&out, &id));
            }
        }
    };
}

group_tests!(
    g1_fft_and_sum,
    144,
    96,
    bls12_381_g1_one,
    bls12_381_g1_zero,
    bls12_381_g1_add,
    bls12_381_g1_mul,
    bls12_381_g1_eq,
    bls12_381_g1_fft,
    bls12_381_g1_sum,
    bls12_381_g1_affine_sum,
    bls12_381_g1_batch_sum_vartime,
    bls12_381_g1_affine_batch_sum_vartime,
    bls12_381_g1_batch_normalize,
);
group_tests!(
    g2_fft_and_sum,
    288,
    192,
    bls12_381_g2_one,
    bls12_381_g2_zero,
    bls12_381_g2_add,
    bls12_381_g2_mul,
    bls12_381_g2_eq,
    bls12_381_g2_fft,
    bls12_381_g2_sum,
    bls12_381_g2_affine_sum,
    bls12_381_g2_batch_sum_vartime,
    bls12_381_g2_affine_batch_sum_vartime,
    bls12_381_g2_batch_normalize,
);

/// The Fr array functions against the naive folds of the ABI's single
/// operations, and the deprecated byte-length forms on the same arrays.
#[test]
fn fr_sums_products_inverses() {
    let mut rng = Rng(22);
    for n in [0usize, 1, 2, 9, 100] {
        let v: Vec<F> = (0..n).map(|i| if i % 7 == 3 { small(0) } else { rng.fr() }).collect();
        let w: Vec<F> = (0..n).map(|_| rng.fr()).collect();
        let (vb, wb) = (flat(&v), flat(&w));
        let (mut out, mut old) = ([0u8; 32], [0u8; 32]);
        assert_eq!(unsafe { bls12_381_fr_batch_sum(out.as_mut_ptr(), vb.as_ptr(), n) }, 0);
        assert!(eq(&out, &v.iter().fold(small(0), |a, x| add(&a, x))), "sum {n}");
        assert_eq!(unsafe { bls12_381_fr_sum(old.as_mut_ptr(), vb.as_ptr(), vb.len()) }, 0);
        assert_eq!(out, old, "batch_sum and sum differ, {n} elements");
        assert_eq!(unsafe { bls12_381_fr_batch_product(out.as_mut_ptr(), vb.as_ptr(), n) }, 0);
        assert!(eq(&out, &v.iter().fold(small(1), |a, x| mul(&a, x))), "product {n}");
        assert_eq!(unsafe { bls12_381_fr_product(old.as_mut_ptr(), vb.as_ptr(), vb.len()) }, 0);
        assert_eq!(out, old, "batch_product and product differ, {n} elements");
        let c = unsafe { bls12_381_fr_batch_inner_product(out.as_mut_ptr(), vb.as_ptr(), wb.as_ptr(), n) };
        assert_eq!(c, 0);
        let want = v.iter().zip(&w).fold(small(0), |a, (x, y)| add(&a, &mul(x, y)));
        assert!(eq(&out, &want), "inner product {n}");
        let c = unsafe { bls12_381_fr_inner_product(old.as_mut_ptr(), vb.as_ptr(), vb.len(), wb.as_ptr(), wb.len()) };
        assert_eq!(c, 0);
        assert_eq!(out, old, "batch_inner_product and inner_product differ, {n} elements");
        let mut inv_b = vb.clone();
        assert_eq!(unsafe { bls12_381_fr_batch_invert(inv_b.as_mut_ptr(), n) }, 0);
        let got: Vec<F> = unflat(&inv_b);
        for (x, y) in v.iter().zip(&got) {
            if eq(x, &small(0)) {
                assert!(eq(y, &small(0)), "zero stays zero");
            } else {
                assert!(eq(y, &inv(x)), "inverse");
            }
        }
        let mut old_b = vb.clone();
        assert_eq!(unsafe { bls12_381_fr_batch_inverse(old_b.as_mut_ptr(), old_b.len()) }, 0);
        assert_eq!(inv_b, old_b, "batch_invert and batch_inverse differ, {n} elements");
        // Unaligned arrays: the same answers.
        let mut store = vec![0u8; 1 + vb.len()];
        store[1..].copy_from_slice(&vb);
        assert_eq!(unsafe { bls12_381_fr_batch_sum(old.as_mut_ptr(), store[1..].as_ptr(), n) }, 0);
        assert!(eq(&old, &v.iter().fold(small(0), |a, x| add(&a, x))), "unaligned sum {n}");
        assert_eq!(unsafe { bls12_381_fr_batch_invert(store[1..].as_mut_ptr(), n) }, 0);
        assert_eq!(&store[1..], &inv_b[..], "unaligned inverses {n}");
    }
    // The deprecated forms: two arrays of different numbers of elements,
    // lengths that are not whole.
    let mut out = [7u8; 32];
    let a = flat(&[small(1), small(2)]);
    let c = unsafe { bls12_381_fr_inner_product(out.as_mut_ptr(), a.as_ptr(), 64, a.as_ptr(), 32) };
    assert_eq!(c, LENGTH_MISMATCH);
    assert_eq!(out, [7u8; 32], "out untouched");
    assert_eq!(unsafe { bls12_381_fr_sum(out.as_mut_ptr(), a.as_ptr(), 63) }, INVALID_LENGTH);
    assert_eq!(unsafe { bls12_381_fr_product(core::ptr::null_mut(), a.as_ptr(), 64) }, NULL_POINTER);
    assert_eq!(unsafe { bls12_381_fr_batch_inverse(core::ptr::null_mut(), 32) }, NULL_POINTER);
    assert_eq!(unsafe { bls12_381_fr_batch_inverse(core::ptr::null_mut(), 0) }, 0);
}

/// The item-count Fr functions: one count for both arrays of the inner
/// product (so no mismatch exists), NULL with a count, counts no buffer
/// holds (refused unread), no element with NULL arrays.
#[test]
fn fr_item_counts() {
    let null = core::ptr::null::<u8>();
    let a = flat(&[small(3), small(4)]);
    let huge = [isize::MAX as usize / 32 + 1, isize::MAX as usize, usize::MAX];
    for (f, empty) in
        [(bls12_381_fr_batch_sum as unsafe extern "C" fn(_, _, _) -> _, 0), (bls12_381_fr_batch_product, 1)]
    {
        let mut out = [0x5au8; 32];
        assert_eq!(unsafe { f(core::ptr::null_mut(), a.as_ptr(), 2) }, NULL_POINTER);
        assert_eq!(unsafe { f(core::ptr::null_mut(), null, 0) }, NULL_POINTER);
        assert_eq!(unsafe { f(out.as_mut_ptr(), null, 1) }, NULL_POINTER);
        for n in huge {
            assert_eq!(unsafe { f(out.as_mut_ptr(), a.as_ptr(), n) }, INVALID_LENGTH, "{n}");
        }
        assert_eq!(out, [0x5au8; 32], "out untouched");
        assert_eq!(unsafe { f(out.as_mut_ptr(), null, 0) }, 0);
        assert!(eq(&out, &small(empty)));
        // A prefix: the first element only.
        assert_eq!(unsafe { f(out.as_mut_ptr(), a.as_ptr(), 1) }, 0);
        assert!(eq(&out, &small(3)));
    }
    let mut out = [0x5au8; 32];
    let ip = |o: *mut u8, x: *const u8, y: *const u8, n| unsafe { bls12_381_fr_batch_inner_product(o, x, y, n) };
    assert_eq!(ip(core::ptr::null_mut(), a.as_ptr(), a.as_ptr(), 2), NULL_POINTER);
    assert_eq!(ip(out.as_mut_ptr(), null, a.as_ptr(), 2), NULL_POINTER);
    assert_eq!(ip(out.as_mut_ptr(), a.as_ptr(), null, 2), NULL_POINTER);
    for n in huge {
        assert_eq!(ip(out.as_mut_ptr(), a.as_ptr(), a.as_ptr(), n), INVALID_LENGTH, "{n}");
    }
    assert_eq!(out, [0x5au8; 32], "out untouched");
    assert_eq!(ip(out.as_mut_ptr(), null, null, 0), 0);
    assert!(eq(&out, &small(0)));
    assert_eq!(ip(out.as_mut_ptr(), a.as_ptr(), a.as_ptr(), 2), 0);
    assert!(eq(&out, &small(25)));
    let mut x = a.clone();
    assert_eq!(unsafe { bls12_381_fr_batch_invert(core::ptr::null_mut(), 1) }, NULL_POINTER);
    assert_eq!(unsafe { bls12_381_fr_batch_invert(core::ptr::null_mut(), 0) }, 0);
    for n in huge {
        assert_eq!(unsafe { bls12_381_fr_batch_invert(x.as_mut_ptr(), n) }, INVALID_LENGTH, "{n}");
    }
    assert_eq!(x, a, "values untouched");
}

#[test]
fn sqrt_vartime_is_the_sqrt() {
    let mut rng = Rng(23);
    for i in 0..2000 {
        let x = if i < 40 { small(i) } else { rng.fr() };
        let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
        let ca = unsafe { bls12_381_fr_sqrt(a.as_mut_ptr(), x.as_ptr()) };
        let cb = unsafe { bls12_381_fr_sqrt_vartime(b.as_mut_ptr(), x.as_ptr()) };
        assert_eq!(ca, cb);
        assert!(ca == 0 || ca == NOT_SQUARE);
        assert_eq!(a, b, "the same root");
    }
    let mut out = [0u8; 32];
    assert_eq!(unsafe { bls12_381_fr_sqrt_vartime(out.as_mut_ptr(), core::ptr::null()) }, NULL_POINTER);
}

/// The deprecated functions of the header (after `bls12_381_`) and their
/// replacements.
const DEPRECATED: [(&str, &str); 19] = [
    ("g1_msm", "g1_msm_vartime"),
    ("g2_msm", "g2_msm_vartime"),
    ("g1_msm_compressed", "g1_msm_compressed_vartime"),
    ("g2_msm_compressed", "g2_msm_compressed_vartime"),
    ("g1_batch_to_affine", "g1_batch_normalize"),
    ("g2_batch_to_affine", "g2_batch_normalize"),
    ("g1_sum", "g1_batch_sum_vartime"),
    ("g2_sum", "g2_batch_sum_vartime"),
    ("g1_affine_sum", "g1_affine_batch_sum_vartime"),
    ("g2_affine_sum", "g2_affine_batch_sum_vartime"),
    ("g1_fft", "fft_domain_g1_fft_vartime"),
    ("g2_fft", "fft_domain_g2_fft_vartime"),
    ("fr_fft", "fft_domain_fr_fft"),
    ("fr_sum", "fr_batch_sum"),
    ("fr_product", "fr_batch_product"),
    ("fr_inner_product", "fr_batch_inner_product"),
    ("fr_batch_inverse", "fr_batch_invert"),
    ("miller_loop", "multi_miller_loop"),
    ("pairing_check", "pairing_check_vartime"),
];

/// Compiles `body` (the statements of a C function) against the header
/// with the C compiler (`$CC`, else `cc`) and `flags`, syntax only: `None`
/// when no compiler runs, else whether it succeeded and its messages.
fn compile_c(body: &str, flags: &[&str]) -> Option<(bool, String)> {
    let dir = std::env::temp_dir().join(format!("bls12_381_header_{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let file = dir.join(format!("t{}.c", flags.join("").len() + body.len()));
    std::fs::write(&file, format!("#include \"bls12_381.h\"\nvoid f(void);\nvoid f(void) {{\n{body}}}\n")).ok()?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let out = std::process::Command::new(cc)
        .args(["-fsyntax-only", "-Wall", "-Wextra", "-I", concat!(env!("CARGO_MANIFEST_DIR"), "/include")])
        .args(flags)
        .arg(&file)
        .env("LC_ALL", "C")
        .output()
        .ok()?;
    let _ = std::fs::remove_file(&file);
    Some((out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned()))
}

/// The header through the C compiler (skipped when none runs): each
/// deprecated function is marked, with a message naming its replacement,
/// which the header declares and which compiles with warnings as errors;
/// `BLS12_381_DEPRECATED` defined empty before the header, and the fallback
/// of a compiler without the attribute, remove the marks. The error name
/// `BLS12_381_ERR_EIP2537_EMPTY_INPUT` is a marked alias of 25.
#[test]
fn header_marks_the_deprecated_forms() {
    let uses = |names: &mut dyn Iterator<Item = &str>| -> String {
        names.map(|n| format!("  (void)&bls12_381_{n};\n")).collect()
    };
    let old = uses(&mut DEPRECATED.iter().map(|(o, _)| *o));
    let new = uses(&mut DEPRECATED.iter().map(|(_, n)| *n));
    let Some((ok, log)) = compile_c(&new, &["-std=c99", "-pedantic", "-Werror"]) else {
        eprintln!("no C compiler: the header's deprecation marks are not checked");
        return;
    };
    assert!(ok, "the replacements:\n{log}");
    let (ok, log) = compile_c(&old, &["-std=c99", "-Werror=deprecated-declarations"]).unwrap();
    assert!(!ok, "the deprecated functions compile without an error");
    for (o, n) in DEPRECATED {
        let marked = log.lines().any(|l| {
            l.contains(&format!("'bls12_381_{o}' is deprecated")) && l.contains(&format!("use bls12_381_{n}"))
        });
        assert!(marked, "bls12_381_{o}: no deprecation naming bls12_381_{n}:\n{log}");
    }
    for flags in [&["-DBLS12_381_DEPRECATED(msg)="][..], &["-U__GNUC__", "-U__clang__"][..]] {
        let (ok, log) = compile_c(&old, &[&["-std=c99", "-Werror"], flags].concat()).unwrap();
        assert!(ok, "{flags:?}:\n{log}");
    }
    // The former name of EIP-2537's empty input: deprecated, and 25 (a
    // negative array size otherwise).
    let alias = "  typedef char is_25[BLS12_381_ERR_EIP2537_EMPTY_INPUT == 25 ? 1 : -1];\n  (void)sizeof(is_25);\n";
    let (ok, log) = compile_c(alias, &["-std=c99", "-Werror=deprecated-declarations"]).unwrap();
    assert!(!ok && log.contains("use BLS12_381_ERR_EMPTY_INPUT"), "the alias is not marked:\n{log}");
    let (ok, log) = compile_c(alias, &["-std=c99", "-Werror", "-Wno-deprecated-declarations"]).unwrap();
    assert!(ok, "the alias is not 25:\n{log}");
}
