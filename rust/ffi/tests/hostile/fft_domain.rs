//! The cases of the FFT domain exports (`bls12_381_fft_domain_*`,
//! `bls12_381_fr_root_of_unity`, in the child): NULL for each pointer
//! (handle, output, input, shift, the constructors' `out`), sizes and
//! orders that are not powers of two or too large, foreign generators,
//! item counts that are not the domain's (huge ones with NULL and with real
//! buffers: rejected before anything is read), foreign values and shifts
//! over a real domain through misaligned and aligned buffers, in place and
//! out of place, and the thread counts 0, 1, 3, 1000, usize::MAX. Every
//! answer is OK or the expected code, outputs are untouched on error and
//! canaries intact.

use super::*;

pub(crate) type DomNew = unsafe extern "C" fn(*mut *mut FftDomain, usize) -> c_int;
pub(crate) type DomWithGen = unsafe extern "C" fn(*mut *mut FftDomain, usize, *const u8) -> c_int;
pub(crate) type DomFree = unsafe extern "C" fn(*mut FftDomain);
pub(crate) type DomSize = unsafe extern "C" fn(*const FftDomain) -> usize;
pub(crate) type DomGen = unsafe extern "C" fn(*mut u8, *const FftDomain) -> c_int;
pub(crate) type Root = unsafe extern "C" fn(*mut u8, u32) -> c_int;
pub(crate) type DomPlain = unsafe extern "C" fn(*const FftDomain, *mut u8, *const u8, usize, usize) -> c_int;
pub(crate) type DomCoset = unsafe extern "C" fn(*const FftDomain, *mut u8, *const u8, usize, *const u8, usize) -> c_int;

/// The shapes of the FFT domain exports; the transforms with the size of
/// their items.
#[derive(Clone, Copy)]
pub(crate) enum DomFn {
    New(DomNew),
    WithGen(DomWithGen),
    Free(DomFree),
    Size(DomSize),
    Generator(DomGen),
    Root(Root),
    Plain(DomPlain, usize),
    Coset(DomCoset, usize),
}

const NOT_INVERTIBLE: c_int = 3;
const INVALID_DOMAIN_SIZE: c_int = 19;
const NOT_PRIMITIVE_ROOT: c_int = 20;
const DOMAIN_LENGTH_MISMATCH: c_int = 21;

/// The table rows of the FFT domain exports.
pub(crate) fn domain_rows() -> Vec<(&'static str, Kind)> {
    use DomFn::*;
    macro_rules! d {
        ($shape:ident($f:ident $(, $arg:expr)*)) => {
            (stringify!($f), Kind::Domain($shape($f $(, $arg)*)))
        };
    }
    vec![
        d!(New(bls12_381_fft_domain_new)),
        d!(WithGen(bls12_381_fft_domain_with_generator)),
        d!(Free(bls12_381_fft_domain_free)),
        d!(Size(bls12_381_fft_domain_size)),
        d!(Generator(bls12_381_fft_domain_generator)),
        d!(Root(bls12_381_fr_root_of_unity)),
        d!(Plain(bls12_381_fft_domain_fr_fft, 32)),
        d!(Plain(bls12_381_fft_domain_fr_ifft, 32)),
        d!(Plain(bls12_381_fft_domain_fr_fft_dif, 32)),
        d!(Plain(bls12_381_fft_domain_fr_ifft_dit, 32)),
        d!(Coset(bls12_381_fft_domain_fr_coset_fft, 32)),
        d!(Coset(bls12_381_fft_domain_fr_coset_ifft, 32)),
        d!(Plain(bls12_381_fft_domain_g1_fft_vartime, G1_SIZE)),
        d!(Plain(bls12_381_fft_domain_g1_ifft_vartime, G1_SIZE)),
        d!(Coset(bls12_381_fft_domain_g1_coset_fft_vartime, G1_SIZE)),
        d!(Coset(bls12_381_fft_domain_g1_coset_ifft_vartime, G1_SIZE)),
        d!(Plain(bls12_381_fft_domain_g2_fft_vartime, G2_SIZE)),
        d!(Plain(bls12_381_fft_domain_g2_ifft_vartime, G2_SIZE)),
        d!(Coset(bls12_381_fft_domain_g2_coset_fft_vartime, G2_SIZE)),
        d!(Coset(bls12_381_fft_domain_g2_coset_ifft_vartime, G2_SIZE)),
    ]
}

/// A handle of the standard domain of `n` points.
fn handle(n: usize) -> *mut FftDomain {
    let mut d = null_mut();
    assert_eq!(unsafe { bls12_381_fft_domain_new(&mut d, n) }, 0);
    d
}

/// A pointer slot for the constructors, at offset 1 of its buffer
/// (misaligned), holding a sentinel and guarded by canaries.
fn slot() -> Buf {
    Buf::new(&0x1234usize.to_ne_bytes())
}

fn slot_value(s: &Buf) -> usize {
    usize::from_ne_bytes(s.store[1..9].try_into().unwrap())
}

/// Frees the handle a constructor wrote to `s`.
fn free_slot(s: &Buf) {
    unsafe { bls12_381_fft_domain_free(slot_value(s) as *mut FftDomain) };
}

const BAD_SIZES: [usize; 9] = [0, 3, 6, 12, 1000, (1 << 32) + 1, 1 << 33, 1 << 40, usize::MAX];

pub(crate) fn run_domain(f: &str, df: DomFn) {
    match df {
        DomFn::New(nf) => {
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe { nf(null_mut(), 8) });
            }
            let mut s = slot();
            for size in BAD_SIZES {
                case(f, &format!("size {size}"));
                check_eq!(unsafe { nf(s.m().cast(), size) }, INVALID_DOMAIN_SIZE);
                check_eq!(slot_value(&s), 0x1234, "{f}: out written on error");
            }
            for size in [1usize, 2, 1 << 20, 1 << 32] {
                case(f, &format!("size {size}"));
                check_eq!(unsafe { nf(s.m().cast(), size) }, 0);
                free_slot(&s);
            }
            s.check(f);
        }
        DomFn::WithGen(gf) => {
            let w = Buf::new(&[0u8; 32]);
            let mut s = slot();
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe { gf(null_mut(), 1, w.p()) });
            }
            if case(f, "generator NULL") {
                expect_null(f, "generator NULL", unsafe { gf(s.m().cast(), 1, null()) });
            }
            for size in BAD_SIZES {
                case(f, &format!("size {size}"));
                check_eq!(unsafe { gf(s.m().cast(), size, w.p()) }, INVALID_DOMAIN_SIZE);
            }
            check_eq!(slot_value(&s), 0x1234, "{f}: out written on error");
            for (name, x) in forms(32, Form::Fr, 70) {
                for size in [1usize, 2, 4, 1 << 32] {
                    case(f, &format!("generator {name}, size {size}"));
                    let g = Buf::new(&x);
                    let c = unsafe { gf(s.m().cast(), size, g.p()) };
                    check!(c == 0 || c == NOT_PRIMITIVE_ROOT, "{f}: {name}: {c}");
                    if c == 0 {
                        free_slot(&s);
                    }
                }
            }
            case(f, "the standard root of order 16");
            let mut root = Buf::out(32);
            assert_eq!(unsafe { bls12_381_fr_root_of_unity(root.m(), 4) }, 0);
            check_eq!(unsafe { gf(s.m().cast(), 16, root.p()) }, 0);
            free_slot(&s);
            s.check(f);
        }
        DomFn::Free(ff) => {
            if case(f, "NULL") {
                unsafe { ff(null_mut()) };
            }
            for n in [1usize, 16, 1 << 32] {
                case(f, &format!("a domain of {n}"));
                unsafe { ff(handle(n)) };
            }
            case(f, "a domain after transforms");
            let d = handle(16);
            let mut v = vec![0u8; 16 * 32];
            assert_eq!(unsafe { bls12_381_fft_domain_fr_fft(d, v.as_mut_ptr(), v.as_ptr(), 16, 0) }, 0);
            unsafe { ff(d) };
        }
        DomFn::Size(sf) => {
            if case(f, "NULL") {
                check_eq!(unsafe { sf(null()) }, 0);
            }
            case(f, "a domain of 2^32");
            let d = handle(1 << 32);
            check_eq!(unsafe { sf(d) }, 1 << 32);
            unsafe { bls12_381_fft_domain_free(d) };
        }
        DomFn::Generator(gf) => {
            let d = handle(8);
            let mut out = Buf::out(32);
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe { gf(null_mut(), d) });
            }
            if case(f, "domain NULL") {
                expect_null(f, "domain NULL", unsafe { gf(out.m(), null()) });
            }
            check!(out.store[1..33].iter().all(|&b| b == 0x5a), "{f}: out written on error");
            case(f, "a domain of 8");
            check_eq!(unsafe { gf(out.m(), d) }, 0);
            out.check(f);
            unsafe { bls12_381_fft_domain_free(d) };
        }
        DomFn::Root(rf) => {
            let mut out = Buf::out(32);
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe { rf(null_mut(), 3) });
            }
            for k in [33u32, 34, 64, u32::MAX] {
                case(f, &format!("log2 order {k}"));
                check_eq!(unsafe { rf(out.m(), k) }, INVALID_DOMAIN_SIZE);
            }
            check!(out.store[1..33].iter().all(|&b| b == 0x5a), "{f}: out written on error");
            for k in 0..=32u32 {
                case(f, &format!("log2 order {k}"));
                check_eq!(unsafe { rf(out.m(), k) }, 0);
            }
            out.check(f);
        }
        DomFn::Plain(pf, s) => {
            transform_cases(f, s, false, |d, out, inp, n, _shift, t| unsafe { pf(d, out, inp, n, t) })
        }
        DomFn::Coset(cf, s) => {
            transform_cases(f, s, true, |d, out, inp, n, shift, t| unsafe { cf(d, out, inp, n, shift, t) })
        }
    }
}

/// The cases of one transform over items of `s` bytes, `call(d, out, in,
/// n, shift, threads)` (the shift is ignored unless `coset`).
fn transform_cases(
    f: &str,
    s: usize,
    coset: bool,
    call: impl Fn(*const FftDomain, *mut u8, *const u8, usize, *const u8, usize) -> c_int,
) {
    let d = handle(4);
    let one = Buf::new(&{
        let mut o = [0u8; 32];
        unsafe { bls12_381_fr_one(o.as_mut_ptr()) };
        o
    });
    let inp = Buf::new(&vec![0u8; 4 * s]);
    let mut out = Buf::out(4 * s);
    if case(f, "domain NULL") {
        expect_null(f, "domain NULL", call(null(), out.m(), inp.p(), 4, one.p(), 1));
    }
    if case(f, "out NULL") {
        expect_null(f, "out NULL", call(d, null_mut(), inp.p(), 4, one.p(), 1));
    }
    if case(f, "in NULL") {
        expect_null(f, "in NULL", call(d, out.m(), null(), 4, one.p(), 1));
    }
    if coset && case(f, "shift NULL") {
        expect_null(f, "shift NULL", call(d, out.m(), inp.p(), 4, null(), 1));
    }
    // Counts that are not the domain's: with NULL arrays (any answer of the
    // two), and with the real ones (the count is checked before reading).
    for n in HUGE.iter().copied().chain([0, 1, 2, 3, 5, 8]) {
        if case(f, &format!("NULL arrays, count {n}")) {
            let c = call(d, null_mut(), null(), n, one.p(), 1);
            check!(c == NULL_POINTER || c == DOMAIN_LENGTH_MISMATCH, "{f}: {n}: {c}");
        }
        case(f, &format!("real arrays, count {n}"));
        check_eq!(call(d, out.m(), inp.p(), n, one.p(), 1), DOMAIN_LENGTH_MISMATCH, "{f}: {n}");
    }
    if coset {
        case(f, "zero shift");
        let zero = Buf::new(&[0u8; 32]);
        check_eq!(call(d, out.m(), inp.p(), 4, zero.p(), 1), NOT_INVERTIBLE);
    }
    check!(out.store[1..1 + 4 * s].iter().all(|&b| b == 0x5a), "{f}: out written on error");
    out.check(f);
    unsafe { bls12_381_fft_domain_free(d) };

    // Foreign values (and small-order points) over a domain of 16, through
    // misaligned buffers (Buf: offset 1) and aligned ones, in place and
    // out of place, on every thread count; foreign shifts.
    let form = if s == 32 { Form::Fr } else { Form::Fp };
    let mut items: Vec<u8> = forms(s, form, 71).into_iter().flat_map(|x| x.1).collect();
    if s == G1_SIZE {
        items.extend(small_order_g1().concat());
    } else if s == G2_SIZE {
        items.extend(small_order_g2().concat());
    }
    let vals: Vec<u8> = items.iter().copied().cycle().take(16 * s).collect();
    let d = handle(16);
    let shifts: Vec<(String, Vec<u8>)> = if coset {
        forms(32, Form::Fr, 72).into_iter().skip(1).collect()
    } else {
        vec![("one".into(), one.store[1..33].to_vec())]
    };
    for threads in [0usize, 1, 3, 1000, usize::MAX] {
        for (sname, shift) in &shifts {
            let sb = Buf::new(shift);
            case(f, &format!("foreign values, shift {sname}, threads {threads}, misaligned"));
            let x = Buf::new(&vals);
            let mut o = Buf::out(16 * s);
            let c = call(d, o.m(), x.p(), 16, sb.p(), threads);
            check!(c == 0 || (coset && c == NOT_INVERTIBLE), "{f}: {c}");
            x.check(f);
            o.check(f);
            case(f, &format!("foreign values, shift {sname}, threads {threads}, misaligned in place"));
            let mut x = Buf::new(&vals);
            let p = x.m();
            let c = call(d, p, p, 16, sb.p(), threads);
            check!(c == 0 || (coset && c == NOT_INVERTIBLE), "{f}: {c}");
            x.check(f);
            case(f, &format!("foreign values, shift {sname}, threads {threads}, aligned in place"));
            let mut words = vec![0u64; 16 * s / 8];
            let p: *mut u8 = words.as_mut_ptr().cast();
            unsafe { core::ptr::copy_nonoverlapping(vals.as_ptr(), p, 16 * s) };
            let c = call(d, p, p, 16, sb.p(), threads);
            check!(c == 0 || (coset && c == NOT_INVERTIBLE), "{f}: {c}");
        }
    }
    unsafe { bls12_381_fft_domain_free(d) };
}
