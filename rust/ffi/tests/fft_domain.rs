//! The FFT domain handle of the C ABI (`bls12_381_fft_domain_*`,
//! `bls12_381_fr_root_of_unity`) against the core's `fft::Domain` called
//! directly on the same inputs, and against the deprecated array transform
//! `bls12_381_fr_fft` over the domain's elements: every transform, in place
//! and out of place, through overlapping and unaligned buffers, on several
//! thread counts and from several threads at once; the accessors; the
//! error codes, with the output untouched.

mod common;
use bls12_381_core::fft::{self, Domain};
use bls12_381_core::{Fr, G1Projective, G2Projective};
use bls12_381_ffi::*;
use common::Rng;
use core::ptr::{null, null_mut};

const NOT_INVERTIBLE: i32 = 3;
const NULL_POINTER: i32 = 10;
const INVALID_DOMAIN_SIZE: i32 = 19;
const NOT_PRIMITIVE_ROOT: i32 = 20;
const DOMAIN_LENGTH_MISMATCH: i32 = 21;

impl Rng {
    fn fr(&mut self) -> Fr {
        let mut w = [0u8; 64];
        for c in w.chunks_mut(8) {
            c.copy_from_slice(&self.next().to_le_bytes());
        }
        Fr::from_bytes_wide(&w)
    }
    fn frs(&mut self, n: usize) -> Vec<Fr> {
        (0..n).map(|_| self.fr()).collect()
    }
}

/// A handle of the standard domain of `n` points, or of the one generated
/// by `g`.
fn handle(n: usize, g: Option<Fr>) -> *mut FftDomain {
    let mut d = null_mut();
    let c = unsafe {
        match g {
            None => bls12_381_fft_domain_new(&mut d, n),
            Some(g) => bls12_381_fft_domain_with_generator(&mut d, n, (&g as *const Fr).cast()),
        }
    };
    assert_eq!(c, 0, "domain of {n}");
    assert!(!d.is_null());
    d
}

fn bytes<T>(v: &[T]) -> *const u8 {
    v.as_ptr().cast()
}

fn bytes_mut<T>(v: &mut [T]) -> *mut u8 {
    v.as_mut_ptr().cast()
}

type Plain = unsafe extern "C" fn(*const FftDomain, *mut u8, *const u8, usize, usize) -> i32;
type Coset = unsafe extern "C" fn(*const FftDomain, *mut u8, *const u8, usize, *const u8, usize) -> i32;

/// One transform of the ABI with the core's method that it must match.
enum Op<T> {
    Plain(&'static str, Plain, fn(&Domain, &mut [T], usize) -> Result<(), bls12_381_core::Error>),
    Coset(&'static str, Coset, fn(&Domain, &mut [T], &Fr, usize) -> Result<(), bls12_381_core::Error>),
}

impl<T: Copy + PartialEq + core::fmt::Debug> Op<T> {
    /// The ABI's transform of `input` into a fresh output (`threads`), as
    /// the core computes it; also in place, and through an output that
    /// overlaps the input by one item either way.
    fn check(&self, h: *const FftDomain, dom: &Domain, input: &[T], shift: &Fr, threads: usize) {
        let n = input.len();
        let mut want = input.to_vec();
        let name = match self {
            Op::Plain(name, _, core) => {
                core(dom, &mut want, threads).unwrap();
                name
            }
            Op::Coset(name, _, core) => {
                core(dom, &mut want, shift, threads).unwrap();
                name
            }
        };
        let call = |out: *mut u8, inp: *const u8| unsafe {
            match self {
                Op::Plain(_, f, _) => f(h, out, inp, n, threads),
                Op::Coset(_, f, _) => f(h, out, inp, n, (shift as *const Fr).cast(), threads),
            }
        };
        // Out of place.
        let mut out = vec![input[0]; n];
        assert_eq!(call(bytes_mut(&mut out), bytes(input)), 0, "{name}");
        assert_eq!(out, want, "{name} n = {n} threads {threads}");
        // In place.
        let mut v = input.to_vec();
        let p = bytes_mut(&mut v);
        assert_eq!(call(p, p), 0);
        assert_eq!(v, want, "{name} in place");
        // Overlapping by all but one item: out one item after in, then before.
        let mut buf = vec![input[0]; n + 1];
        buf[..n].copy_from_slice(input);
        let base = bytes_mut(&mut buf);
        let size = core::mem::size_of::<T>();
        assert_eq!(call(unsafe { base.add(size) }, base), 0);
        assert_eq!(buf[1..], want[..], "{name} out after in");
        buf[1..].copy_from_slice(input);
        let base = bytes_mut(&mut buf);
        assert_eq!(call(base, unsafe { base.add(size) }), 0);
        assert_eq!(buf[..n], want[..], "{name} out before in");
        // Unaligned output and input (one byte in).
        let total = core::mem::size_of_val(input);
        let mut raw = vec![0u8; total + 1];
        let mut raw_in = vec![0u8; total + 1];
        unsafe { core::ptr::copy_nonoverlapping(bytes(input), raw_in.as_mut_ptr().add(1), total) };
        assert_eq!(call(unsafe { raw.as_mut_ptr().add(1) }, unsafe { raw_in.as_ptr().add(1) }), 0);
        let got: Vec<T> =
            (0..n).map(|i| unsafe { core::ptr::read_unaligned(raw.as_ptr().add(1 + i * size).cast::<T>()) }).collect();
        assert_eq!(got, want, "{name} unaligned");
        // Unaligned in place.
        let p = unsafe { raw_in.as_mut_ptr().add(1) };
        assert_eq!(call(p, p), 0);
        assert_eq!(raw_in[1..], raw[1..], "{name} unaligned in place");
    }
}

fn fr_ops() -> Vec<Op<Fr>> {
    vec![
        Op::Plain("fr_fft", bls12_381_fft_domain_fr_fft, |d, v, t| d.fft_with_threads(v, t)),
        Op::Plain("fr_ifft", bls12_381_fft_domain_fr_ifft, |d, v, t| d.ifft_with_threads(v, t)),
        Op::Plain("fr_fft_dif", bls12_381_fft_domain_fr_fft_dif, |d, v, t| d.fft_dif_with_threads(v, t)),
        Op::Plain("fr_ifft_dit", bls12_381_fft_domain_fr_ifft_dit, |d, v, t| d.ifft_dit_with_threads(v, t)),
        Op::Coset("fr_coset_fft", bls12_381_fft_domain_fr_coset_fft, |d, v, s, t| d.coset_fft_with_threads(v, s, t)),
        Op::Coset("fr_coset_ifft", bls12_381_fft_domain_fr_coset_ifft, |d, v, s, t| d.coset_ifft_with_threads(v, s, t)),
    ]
}

#[test]
fn fr_transforms_match_the_core() {
    let mut rng = Rng(1);
    for k in 0..=7u32 {
        let n = 1usize << k;
        // The standard domain, and the one of w^3 (also of order n).
        let w3 = fft::root_of_unity(k).unwrap().pow_vartime(&[3]);
        for g in [None, Some(w3)] {
            let h = handle(n, g);
            let dom = match g {
                None => Domain::new(n).unwrap(),
                Some(g) => Domain::with_generator(n, g).unwrap(),
            };
            let input = rng.frs(n);
            let shift = rng.fr();
            for op in fr_ops() {
                for threads in [0, 1, 2, 3] {
                    op.check(h, &dom, &input, &shift, threads);
                }
            }
            unsafe { bls12_381_fft_domain_free(h) };
        }
    }
}

#[test]
fn fr_transforms_on_threads() {
    // Sizes whose default runs on the pool (2^12 and up).
    let mut rng = Rng(2);
    for k in [12u32, 13] {
        let n = 1usize << k;
        let h = handle(n, None);
        let dom = Domain::new(n).unwrap();
        let input = rng.frs(n);
        let shift = rng.fr();
        for op in fr_ops() {
            for threads in [0, 1, 2, 1000, usize::MAX] {
                op.check(h, &dom, &input, &shift, threads);
            }
        }
        unsafe { bls12_381_fft_domain_free(h) };
    }
}

/// The deprecated array transform, which the handle replaces: the same
/// values.
#[test]
#[allow(deprecated)]
fn fr_fft_matches_the_array_transform() {
    // bls12_381_fr_fft over the domain's elements (and over the inverse
    // domain with `inverse` set): the same values.
    let mut rng = Rng(3);
    for k in [0u32, 1, 5, 9] {
        let n = 1usize << k;
        let h = handle(n, None);
        let dom = Domain::new(n).unwrap();
        let input = rng.frs(n);
        let mut a = input.clone();
        let mut b = vec![Fr::ZERO; n];
        unsafe {
            assert_eq!(bls12_381_fr_fft(bytes_mut(&mut a), 32 * n, bytes(&dom.elements()), 32 * n, 0, 0), 0);
            assert_eq!(bls12_381_fft_domain_fr_fft(h, bytes_mut(&mut b), bytes(&input), n, 0), 0);
        }
        assert_eq!(a, b, "fft n = {n}");
        let inv: Vec<Fr> = dom.elements().iter().map(|x| x.invert_vartime().unwrap()).collect();
        unsafe {
            assert_eq!(bls12_381_fr_fft(bytes_mut(&mut a), 32 * n, bytes(&inv), 32 * n, 1, 1), 0);
            assert_eq!(bls12_381_fft_domain_fr_ifft(h, bytes_mut(&mut b), bytes(&b.clone()), n, 1), 0);
        }
        assert_eq!(a, input);
        assert_eq!(b, input);
        unsafe { bls12_381_fft_domain_free(h) };
    }
}

#[test]
fn point_transforms_match_the_core() {
    let mut rng = Rng(4);
    let g1 = G1Projective::generator();
    let g2 = G2Projective::generator();
    for k in 0..=3u32 {
        let n = 1usize << k;
        let h = handle(n, None);
        let dom = Domain::new(n).unwrap();
        let shift = rng.fr();
        let p1: Vec<G1Projective> = (0..n).map(|_| g1.mul(&rng.fr())).collect();
        let p2: Vec<G2Projective> = (0..n).map(|_| g2.mul(&rng.fr())).collect();
        let ops1: [Op<G1Projective>; 4] = [
            Op::Plain("g1_fft", bls12_381_fft_domain_g1_fft_vartime, |d, v, t| d.fft_g1_vartime_with_threads(v, t)),
            Op::Plain("g1_ifft", bls12_381_fft_domain_g1_ifft_vartime, |d, v, t| d.ifft_g1_vartime_with_threads(v, t)),
            Op::Coset("g1_coset_fft", bls12_381_fft_domain_g1_coset_fft_vartime, |d, v, s, t| {
                d.coset_fft_g1_vartime_with_threads(v, s, t)
            }),
            Op::Coset("g1_coset_ifft", bls12_381_fft_domain_g1_coset_ifft_vartime, |d, v, s, t| {
                d.coset_ifft_g1_vartime_with_threads(v, s, t)
            }),
        ];
        let ops2: [Op<G2Projective>; 4] = [
            Op::Plain("g2_fft", bls12_381_fft_domain_g2_fft_vartime, |d, v, t| d.fft_g2_vartime_with_threads(v, t)),
            Op::Plain("g2_ifft", bls12_381_fft_domain_g2_ifft_vartime, |d, v, t| d.ifft_g2_vartime_with_threads(v, t)),
            Op::Coset("g2_coset_fft", bls12_381_fft_domain_g2_coset_fft_vartime, |d, v, s, t| {
                d.coset_fft_g2_vartime_with_threads(v, s, t)
            }),
            Op::Coset("g2_coset_ifft", bls12_381_fft_domain_g2_coset_ifft_vartime, |d, v, s, t| {
                d.coset_ifft_g2_vartime_with_threads(v, s, t)
            }),
        ];
        for threads in [0, 1, 2] {
            for op in &ops1 {
                op.check(h, &dom, &p1, &shift, threads);
            }
            for op in &ops2 {
                op.check(h, &dom, &p2, &shift, threads);
            }
        }
        unsafe { bls12_381_fft_domain_free(h) };
    }
}

#[test]
fn accessors_and_roots_of_unity() {
    for k in 0..=32u32 {
        let n = 1usize << k;
        let h = handle(n, None);
        let mut w = Fr::ZERO;
        let mut root = Fr::ZERO;
        unsafe {
            assert_eq!(bls12_381_fft_domain_size(h), n);
            assert_eq!(bls12_381_fft_domain_generator(bytes_mut(core::slice::from_mut(&mut w)), h), 0);
            assert_eq!(bls12_381_fr_root_of_unity(bytes_mut(core::slice::from_mut(&mut root)), k), 0);
            bls12_381_fft_domain_free(h);
        }
        assert_eq!(w, Domain::new(n).unwrap().generator(), "k = {k}");
        assert_eq!(root, fft::root_of_unity(k).unwrap());
        assert_eq!(root, w);
        // A domain of the same size with a generator given: that generator.
        let g = root.pow_vartime(&[5]);
        let h = handle(n, Some(g));
        unsafe {
            assert_eq!(bls12_381_fft_domain_generator(bytes_mut(core::slice::from_mut(&mut w)), h), 0);
            bls12_381_fft_domain_free(h);
        }
        assert_eq!(w, g);
    }
    let mut out = [0x5au8; 32];
    for k in [33u32, 64, u32::MAX] {
        assert_eq!(unsafe { bls12_381_fr_root_of_unity(out.as_mut_ptr(), k) }, INVALID_DOMAIN_SIZE);
    }
    assert_eq!(out, [0x5a; 32]);
    unsafe {
        assert_eq!(bls12_381_fr_root_of_unity(null_mut(), 3), NULL_POINTER);
        assert_eq!(bls12_381_fft_domain_size(null()), 0);
        assert_eq!(bls12_381_fft_domain_generator(out.as_mut_ptr(), null()), NULL_POINTER);
        bls12_381_fft_domain_free(null_mut());
    }
}

#[test]
fn errors() {
    let sentinel = 0x1234usize as *mut FftDomain;
    let mut d = sentinel;
    for size in [0usize, 3, 6, 1000, (1 << 32) + 1, 1 << 33, usize::MAX] {
        assert_eq!(unsafe { bls12_381_fft_domain_new(&mut d, size) }, INVALID_DOMAIN_SIZE, "{size}");
        let one = Fr::ONE;
        let c = unsafe { bls12_381_fft_domain_with_generator(&mut d, size, (&one as *const Fr).cast()) };
        assert_eq!(c, INVALID_DOMAIN_SIZE, "{size}");
    }
    let w8 = fft::root_of_unity(3).unwrap();
    for (g, n) in [(w8.square(), 8), (w8, 4), (Fr::ONE, 8), (Fr::ZERO, 8), (Fr::ZERO, 1), (-Fr::ONE, 1)] {
        let c = unsafe { bls12_381_fft_domain_with_generator(&mut d, n, (&g as *const Fr).cast()) };
        assert_eq!(c, NOT_PRIMITIVE_ROOT, "{g:?} {n}");
    }
    assert_eq!(d, sentinel, "*out untouched on error");
    unsafe {
        assert_eq!(bls12_381_fft_domain_new(null_mut(), 8), NULL_POINTER);
        assert_eq!(bls12_381_fft_domain_with_generator(null_mut(), 8, (&w8 as *const Fr).cast()), NULL_POINTER);
        assert_eq!(bls12_381_fft_domain_with_generator(&mut d, 8, null()), NULL_POINTER);
    }
    assert_eq!(d, sentinel);

    let h = handle(8, None);
    let input = vec![Fr::ONE; 16];
    let mut out = vec![Fr::from_u64(9); 16];
    let (o, i) = (bytes_mut(&mut out), bytes(&input));
    let zero = Fr::ZERO;
    let z: *const u8 = (&zero as *const Fr).cast();
    let one = Fr::ONE;
    let s: *const u8 = (&one as *const Fr).cast();
    unsafe {
        for f in [bls12_381_fft_domain_fr_fft as Plain, bls12_381_fft_domain_fr_ifft_dit] {
            assert_eq!(f(null(), o, i, 8, 0), NULL_POINTER);
            assert_eq!(f(h, null_mut(), i, 8, 0), NULL_POINTER);
            assert_eq!(f(h, o, null(), 8, 0), NULL_POINTER);
            for n in [0usize, 1, 4, 7, 9, 16, usize::MAX] {
                assert_eq!(f(h, o, i, n, 0), DOMAIN_LENGTH_MISMATCH, "{n}");
            }
            assert_eq!(f(h, null_mut(), null(), 0, 1), DOMAIN_LENGTH_MISMATCH);
        }
        for f in [bls12_381_fft_domain_fr_coset_fft as Coset, bls12_381_fft_domain_g1_coset_ifft_vartime] {
            assert_eq!(f(h, o, i, 8, null(), 0), NULL_POINTER);
            assert_eq!(f(h, o, i, 8, z, 0), NOT_INVERTIBLE);
            assert_eq!(f(h, o, i, 7, s, 0), DOMAIN_LENGTH_MISMATCH);
            assert_eq!(f(null(), o, i, 8, s, 0), NULL_POINTER);
        }
        bls12_381_fft_domain_free(h);
    }
    assert!(out.iter().all(|x| *x == Fr::from_u64(9)), "out untouched on error");
}

#[test]
fn one_handle_on_several_threads() {
    // The first transforms of a handle, from four threads at once (the
    // tables are built by whichever comes first), then more: every result
    // is the core's.
    let mut rng = Rng(5);
    let n = 1 << 10;
    let h = handle(n, None) as usize;
    let inputs: Vec<Vec<Fr>> = (0..4).map(|_| rng.frs(n)).collect();
    let dom = Domain::new(n).unwrap();
    std::thread::scope(|s| {
        for input in &inputs {
            let dom = &dom;
            s.spawn(move || {
                let mut want = input.clone();
                dom.fft(&mut want).unwrap();
                for _ in 0..20 {
                    let mut out = vec![Fr::ZERO; n];
                    let c = unsafe {
                        bls12_381_fft_domain_fr_fft(h as *const FftDomain, bytes_mut(&mut out), bytes(input), n, 1)
                    };
                    assert_eq!(c, 0);
                    assert_eq!(out, want);
                }
            });
        }
    });
    unsafe { bls12_381_fft_domain_free(h as *mut FftDomain) };
}
