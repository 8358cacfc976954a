//! The cases of the array exports (in the child): folds over
//! one array (`fr_sum`, `fr_product`, `g?_sum`), the inner product, the
//! in-place batch inversion and the transforms (`fr_fft`, `g?_fft`): NULL
//! for each pointer, lengths no buffer has, lengths that are not whole,
//! domains of every wrong kind, foreign in-memory forms as values and as
//! domain elements, and the thread counts 0, 1, 3, 1000, usize::MAX.

use super::*;

pub(crate) type Fold = unsafe extern "C" fn(*mut u8, *const u8, usize) -> c_int;
pub(crate) type InPlace = unsafe extern "C" fn(*mut u8, usize) -> c_int;
pub(crate) type Fft = unsafe extern "C" fn(*mut u8, usize, *const u8, usize, c_int, usize) -> c_int;

const INVALID_DOMAIN_SIZE: c_int = 19;
const NOT_PRIMITIVE_ROOT: c_int = 20;
const DOMAIN_LENGTH_MISMATCH: c_int = 21;

/// `f(out[o], items, len)` over items of `s` bytes.
pub(crate) fn run_fold(f: &str, ff: Fold, o: usize, s: usize) {
    let items = Buf::new(&vec![0u8; 3 * s]);
    let mut out = Buf::out(o);
    if case(f, "out NULL") {
        expect_null(f, "out NULL", unsafe { ff(null_mut(), items.p(), s) });
    }
    if case(f, "out NULL, no item") {
        expect_null(f, "out NULL", unsafe { ff(null_mut(), null(), 0) });
    }
    if case(f, "items NULL") {
        expect_null(f, "items NULL", unsafe { ff(out.m(), null(), s) });
    }
    array_length_cases(f, ("items NULL", "real items"), items.p(), &[1, s - 1, s + 1, 3 * s - 1], |p, len| unsafe {
        ff(out.m(), p, len)
    });
    check!(out.store[1..1 + o].iter().all(|&b| b == 0x5a), "{f}: out written on error");
    out.check(f);
    case(f, "no item");
    check_eq!(unsafe { ff(out.m(), null(), 0) }, 0);
    out.check(f);
    let form = if s == 32 { Form::Fr } else { Form::Fp };
    let fs: Vec<u8> = forms(s, form, 30).into_iter().flat_map(|x| x.1).collect();
    for k in [1, 2, fs.len() / s] {
        case(f, &format!("{k} foreign items"));
        let x = Buf::new(&fs[..k * s]);
        let mut out = Buf::out(o);
        check_eq!(unsafe { ff(out.m(), x.p(), k * s) }, 0);
        out.check(f);
    }
    // Enough points to reach the batched-affine tree of the point sums.
    case(f, "40 foreign items");
    let many: Vec<u8> = fs.iter().copied().cycle().take(40 * s).collect();
    let x = Buf::new(&many);
    check_eq!(unsafe { ff(out.m(), x.p(), 40 * s) }, 0);
    out.check(f);
}

/// `f(out[32], a, a_len, b, b_len)`: the inner product.
pub(crate) fn run_inner(f: &str, pf: Pairs) {
    let a = Buf::new(&[1u8; 64]);
    let mut out = Buf::out(32);
    if case(f, "out NULL") {
        expect_null(f, "out NULL", unsafe { pf(null_mut(), a.p(), 32, a.p(), 32) });
    }
    if case(f, "a NULL") {
        expect_null(f, "a NULL", unsafe { pf(out.m(), null(), 32, a.p(), 32) });
    }
    if case(f, "b NULL") {
        expect_null(f, "b NULL", unsafe { pf(out.m(), a.p(), 32, null(), 32) });
    }
    for &len in &HUGE {
        if case(f, &format!("NULL arrays, length {len}")) {
            let c = unsafe { pf(out.m(), null(), len, null(), len) };
            check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {len}: {c}");
        }
        if len > isize::MAX as usize {
            case(f, &format!("real arrays, length {len}"));
            check_eq!(unsafe { pf(out.m(), a.p(), len, a.p(), 32) }, INVALID_LENGTH);
        }
    }
    for (l1, l2) in [(32, 64), (64, 32), (31, 32), (32, 33), (0, 32)] {
        case(f, &format!("lengths {l1}, {l2}"));
        let c = unsafe { pf(out.m(), a.p(), l1, a.p(), l2) };
        check!(c == LENGTH_MISMATCH || c == INVALID_LENGTH, "{f}: {c}");
    }
    check!(out.store[1..33].iter().all(|&b| b == 0x5a), "{f}: out written on error");
    out.check(f);
    let fs: Vec<u8> = forms(32, Form::Fr, 31).into_iter().flat_map(|x| x.1).collect();
    let n = fs.len() / 32;
    case(f, "foreign elements");
    let x = Buf::new(&fs);
    check_eq!(unsafe { pf(out.m(), x.p(), 32 * n, x.p(), 32 * n) }, 0);
    out.check(f);
}

/// `f(items, len)`: in place over Fr elements.
pub(crate) fn run_inplace(f: &str, pf: InPlace) {
    if case(f, "NULL") {
        expect_null(f, "NULL", unsafe { pf(null_mut(), 32) });
    }
    if case(f, "NULL, no item") {
        check_eq!(unsafe { pf(null_mut(), 0) }, 0);
    }
    let mut x = Buf::new(&[3u8; 64]);
    array_length_cases(f, ("NULL", "real items"), x.m(), &[1, 31, 33, 63], |p, len| unsafe { pf(p.cast_mut(), len) });
    check!(x.store[1..65].iter().all(|&b| b == 3), "{f}: items written on error");
    x.check(f);
    let fs: Vec<u8> = forms(32, Form::Fr, 32).into_iter().flat_map(|x| x.1).collect();
    case(f, "foreign elements");
    let mut x = Buf::new(&fs);
    check_eq!(unsafe { pf(x.m(), fs.len()) }, 0);
    x.check(f);
}

/// The powers 1, w, ..., w^(n-1) of an element of order n = 2^k, as
/// in-memory forms (w = 7^((r-1) / n), through the ABI).
fn domain(k: u32) -> Vec<u8> {
    // (r - 1) >> k, little-endian bytes, from the limbs of r.
    let mut e = R_LIMBS;
    e[0] -= 1;
    for _ in 0..k {
        for i in 0..4 {
            e[i] = (e[i] >> 1) | if i < 3 { e[i + 1] << 63 } else { 0 };
        }
    }
    let eb: Vec<u8> = e.iter().flat_map(|l| l.to_le_bytes()).collect();
    let mut seven = [0u8; 32];
    seven[0] = 7;
    let (mut s, mut w, mut one) = ([0u8; 32], [0u8; 32], [0u8; 32]);
    unsafe {
        assert_eq!(bls12_381_fr_of_bytes(s.as_mut_ptr(), seven.as_ptr(), 32), 0);
        bls12_381_fr_pow(w.as_mut_ptr(), s.as_ptr(), eb.as_ptr(), 32);
        bls12_381_fr_one(one.as_mut_ptr());
    }
    let mut d = vec![one];
    for i in 1..1usize << k {
        let mut x = [0u8; 32];
        unsafe { bls12_381_fr_mul(x.as_mut_ptr(), d[i - 1].as_ptr(), w.as_ptr()) };
        d.push(x);
    }
    d.concat()
}

/// `f(values, values_len, domain, domain_len, inverse, threads)` over
/// values of `s` bytes.
pub(crate) fn run_fft(f: &str, ff: Fft, s: usize) {
    let d4 = domain(2);
    let d = Buf::new(&d4);
    let mut v = Buf::new(&vec![0u8; 4 * s]);
    if case(f, "values NULL") {
        expect_null(f, "values NULL", unsafe { ff(null_mut(), 4 * s, d.p(), 128, 0, 1) });
    }
    if case(f, "domain NULL") {
        expect_null(f, "domain NULL", unsafe { ff(v.m(), 4 * s, null(), 128, 0, 1) });
    }
    for &len in &HUGE {
        if case(f, &format!("NULL arrays, length {len}")) {
            let c = unsafe { ff(null_mut(), len, null(), len, 0, 1) };
            check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {len}: {c}");
        }
        if len > isize::MAX as usize {
            case(f, &format!("real domain, length {len}"));
            check_eq!(unsafe { ff(v.m(), 4 * s, d.p(), len, 0, 1) }, INVALID_LENGTH);
            case(f, &format!("real values, length {len}"));
            check_eq!(unsafe { ff(v.m(), len, d.p(), 128, 0, 1) }, INVALID_LENGTH);
        }
        // A whole domain of a huge size: rejected by its size before
        // anything of it is read (NULL: nothing can be read).
        let whole = len / 32 * 32;
        if case(f, &format!("NULL domain, length {whole}")) {
            let c = unsafe { ff(v.m(), 4 * s, null(), whole, 0, 1) };
            check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {whole}: {c}");
        }
    }
    let bad: [(&str, Vec<u8>, usize, c_int); 6] = [
        ("domain of 3", d4[..96].to_vec(), 3 * s, INVALID_DOMAIN_SIZE),
        ("empty domain", Vec::new(), 0, INVALID_DOMAIN_SIZE),
        ("domain not whole", d4[..127].to_vec(), 4 * s, INVALID_LENGTH),
        ("values not whole", d4.clone(), 4 * s - 1, INVALID_LENGTH),
        ("2 values, 4 elements", d4.clone(), 2 * s, DOMAIN_LENGTH_MISMATCH),
        ("reversed domain", d4.chunks(32).rev().flatten().copied().collect(), 4 * s, NOT_PRIMITIVE_ROOT),
    ];
    for (what, dom, vlen, want) in bad {
        case(f, what);
        let db = Buf::new(&dom);
        check_eq!(unsafe { ff(v.m(), vlen, db.p(), dom.len(), 0, 1) }, want, "{f}: {what}");
    }
    check!(v.store[1..1 + 4 * s].iter().all(|&b| b == 0), "{f}: values written on error");
    v.check(f);
    // Foreign domain elements: never a valid domain.
    for (name, x) in forms(128, Form::Fr, 33) {
        case(f, &format!("foreign domain: {name}"));
        let db = Buf::new(&x);
        let c = unsafe { ff(v.m(), 4 * s, db.p(), 128, 0, 1) };
        check!(c == NOT_PRIMITIVE_ROOT || c == INVALID_DOMAIN_SIZE, "{f}: {name}: {c}");
        v.check(f);
    }
    // Foreign values over a real domain of 16, every thread count, both
    // directions.
    let form = if s == 32 { Form::Fr } else { Form::Fp };
    let fs: Vec<u8> = forms(s, form, 34).into_iter().flat_map(|x| x.1).collect();
    let vals: Vec<u8> = fs.iter().copied().cycle().take(16 * s).collect();
    let d16 = Buf::new(&domain(4));
    for threads in [0usize, 1, 3, 1000, usize::MAX] {
        for inverse in [0, 1, -1] {
            case(f, &format!("foreign values, threads {threads}, inverse {inverse}"));
            let mut x = Buf::new(&vals);
            check_eq!(unsafe { ff(x.m(), 16 * s, d16.p(), 512, inverse, threads) }, 0);
            x.check(f);
        }
    }
}
