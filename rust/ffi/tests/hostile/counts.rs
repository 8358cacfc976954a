//! The cases of the exports that take arrays as item counts (the MSM,
//! `g?_batch_normalize`, the Fr and point batch sums, products, inner
//! product and inversion, the Miller loop and pairing check of n pairs; in
//! the child): NULL for `out` and for each array, with one item and with
//! none; no item with NULL arrays; counts up to `HUGE` on NULL arrays, and
//! counts whose items span more than `isize::MAX` bytes on real arrays
//! (rejected before anything is read); then foreign in-memory forms and
//! encodings, small-order points, and the thread counts 0, 1, 3, 1000,
//! usize::MAX. Outputs are untouched on error and canaries intact.

use super::*;
use crate::cases::pairing_points;

pub(crate) type MsmCN = unsafe extern "C" fn(*mut u8, *const u8, *const u8, usize, c_int, usize) -> c_int;

/// The shapes of the item-count exports.
#[derive(Clone, Copy)]
pub(crate) enum CountFn {
    /// `f(out[o], points, scalars, n, threads)` (Jacobian size, affine size).
    Msm(MexpT, usize, usize),
    /// `f(out[o], encs, scalars, n, check, threads)` (Jacobian size,
    /// compressed size).
    MsmC(MsmCN, usize, usize),
    /// `f(out, in, n)`: Jacobian points to affine (Jacobian size, affine size).
    Normalize(Decode, usize, usize),
    /// `f(out[o], items, n)`: a fold over items of `s` bytes (output size,
    /// item size).
    Fold(Decode, usize, usize),
    /// `f(out[32], a, b, n)`: the inner product.
    Inner(Mexp),
    /// `f(items, n)`: in place over Fr elements.
    InPlace(InPlace),
    /// `f(out[o], g1s, g2s, n)`: over n pairs.
    Pairs(Mexp, usize),
}

/// The table rows of the item-count exports.
pub(crate) fn count_rows() -> Vec<(&'static str, Kind)> {
    use CountFn::*;
    macro_rules! c {
        ($shape:ident($f:ident $(, $arg:expr)*)) => {
            (stringify!($f), Kind::Counted($shape($f $(, $arg)*)))
        };
    }
    vec![
        c!(Msm(bls12_381_g1_msm_vartime, G1_SIZE, G1_AFFINE_SIZE)),
        c!(Msm(bls12_381_g2_msm_vartime, G2_SIZE, G2_AFFINE_SIZE)),
        c!(MsmC(bls12_381_g1_msm_compressed_vartime, G1_SIZE, G1_COMPRESSED_BYTES)),
        c!(MsmC(bls12_381_g2_msm_compressed_vartime, G2_SIZE, G2_COMPRESSED_BYTES)),
        c!(Normalize(bls12_381_g1_batch_normalize, G1_SIZE, G1_AFFINE_SIZE)),
        c!(Normalize(bls12_381_g2_batch_normalize, G2_SIZE, G2_AFFINE_SIZE)),
        c!(Fold(bls12_381_fr_batch_sum, 32, 32)),
        c!(Fold(bls12_381_fr_batch_product, 32, 32)),
        c!(Fold(bls12_381_g1_batch_sum_vartime, G1_SIZE, G1_SIZE)),
        c!(Fold(bls12_381_g2_batch_sum_vartime, G2_SIZE, G2_SIZE)),
        c!(Fold(bls12_381_g1_affine_batch_sum_vartime, G1_SIZE, G1_AFFINE_SIZE)),
        c!(Fold(bls12_381_g2_affine_batch_sum_vartime, G2_SIZE, G2_AFFINE_SIZE)),
        c!(Inner(bls12_381_fr_batch_inner_product)),
        c!(InPlace(bls12_381_fr_batch_invert)),
        c!(Pairs(bls12_381_multi_miller_loop, 576)),
        c!(Pairs(bls12_381_pairing_check_vartime, 1)),
    ]
}

/// The argument cases of an item-count export, `call(out, arrays, n)` with
/// one pointer per array of `arrays` (its name and item size) and an
/// output of `o` bytes (`None`: the function works in place on its one
/// array). `out_optional`: a NULL `out` is accepted when there is nothing
/// to write (n = 0). Every case that must fail leaves the output as it was.
fn argument_cases(
    f: &str,
    o: Option<usize>,
    arrays: &[(&str, usize)],
    out_optional: bool,
    call: impl Fn(*mut u8, &[*const u8], usize) -> c_int,
) {
    let bufs: Vec<Buf> = arrays.iter().map(|(_, s)| Buf::new(&vec![0u8; 2 * s])).collect();
    let real: Vec<*const u8> = bufs.iter().map(Buf::p).collect();
    let nulls = vec![null::<u8>(); arrays.len()];
    let mut out = Buf::out(o.unwrap_or(0));
    let outp = if o.is_some() { out.m() } else { null_mut() };
    if o.is_some() {
        if case(f, "out NULL, 1 item") {
            expect_null(f, "out NULL", call(null_mut(), &real, 1));
        }
        if case(f, "out NULL, no item") {
            let c = call(null_mut(), &nulls, 0);
            if out_optional {
                check_eq!(c, 0, "{f}: out NULL, no item");
            } else {
                expect_null(f, "out NULL, no item", c);
            }
        }
    }
    for (i, (name, _)) in arrays.iter().enumerate() {
        let what = format!("{name} NULL, 1 item");
        if case(f, &what) {
            let mut ptrs = real.clone();
            ptrs[i] = null();
            expect_null(f, &what, call(outp, &ptrs, 1));
        }
    }
    let largest = arrays.iter().map(|(_, s)| *s).max().unwrap_or(1);
    let too_many = isize::MAX as usize / largest + 1;
    for &n in HUGE.iter().chain(&[too_many]) {
        if case(f, &format!("NULL arrays, {n} items")) {
            let c = call(outp, &nulls, n);
            check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {n}: {c}");
        }
        if n >= too_many {
            // Real (short) arrays: the count is rejected before anything is read.
            case(f, &format!("real arrays, {n} items"));
            check_eq!(call(outp, &real, n), INVALID_LENGTH, "{f}: {n}");
        }
    }
    if let Some(o) = o {
        check!(out.store[1..1 + o].iter().all(|&b| b == 0x5a), "{f}: out written on error");
    }
    out.check(f);
    for b in &bufs {
        check!(b.store[1..b.store.len() - GUARD].iter().all(|&x| x == 0), "{f}: an input written on error");
        b.check(f);
    }
    case(f, "no item, NULL arrays");
    let mut out = Buf::out(o.unwrap_or(0));
    let outp = if o.is_some() { out.m() } else { null_mut() };
    check_eq!(call(outp, &nulls, 0), 0, "{f}: no item");
    out.check(f);
}

/// `k` foreign in-memory forms of `s` bytes (of the kind `form`), end to
/// end, cycling through those of `forms`.
fn foreign(s: usize, form: Form, seed: u64, k: usize) -> Vec<u8> {
    let fs: Vec<u8> = forms(s, form, seed).into_iter().flat_map(|x| x.1).collect();
    fs.iter().copied().cycle().take(k * s).collect()
}

pub(crate) fn run_counted(f: &str, cf: CountFn) {
    const THREADS: [usize; 5] = [0, 1, 3, 1000, usize::MAX];
    match cf {
        CountFn::Msm(mf, s, a) => {
            // SAFETY (of the calls): the pointers are NULL or name `n`
            // items, or `n` is rejected before reading, as the cases intend.
            argument_cases(f, Some(s), &[("points", a), ("scalars", 32)], false, |o, p, n| unsafe {
                mf(o, p[0], p[1], n, 1)
            });
            // Foreign affine forms, enough of them (above the core's
            // small-input cutoff) to reach the pool and Pippenger.
            let n = 24;
            let pts = foreign(a, Form::Fp, 40, n);
            let sc = Rng(41).bytes(32 * n);
            for threads in THREADS {
                for k in [1usize, n] {
                    case(f, &format!("{k} foreign points, threads {threads}"));
                    let (x, y) = (Buf::new(&pts[..k * a]), Buf::new(&sc[..32 * k]));
                    let mut out = Buf::out(s);
                    check_eq!(unsafe { mf(out.m(), x.p(), y.p(), k, threads) }, 0, "{f}");
                    out.check(f);
                }
            }
        }
        CountFn::MsmC(mf, s, comp) => {
            // SAFETY (of the calls): as for `Msm`; subgroup checks on.
            argument_cases(f, Some(s), &[("encs", comp), ("scalars", 32)], false, |o, p, n| unsafe {
                mf(o, p[0], p[1], n, 1, 1)
            });
            // Random encodings (mostly invalid), and the identity's
            // encoding (valid) n times, both subgroup settings.
            let mut rng = Rng(42);
            let n = 24;
            let random = rng.bytes(n * comp);
            let mut ident = vec![0u8; n * comp];
            for e in ident.chunks_mut(comp) {
                e[0] = 0xc0;
            }
            let sc = rng.bytes(32 * n);
            for (what, e) in [("random encodings", &random), ("identity encodings", &ident)] {
                for threads in THREADS {
                    for check in [0, 1, -1] {
                        case(f, &format!("{n} {what}, check {check}, threads {threads}"));
                        let (x, y) = (Buf::new(e), Buf::new(&sc));
                        let mut out = Buf::out(s);
                        let c = unsafe { mf(out.m(), x.p(), y.p(), n, check, threads) };
                        check!((0..=NULL_POINTER).contains(&c), "{f}: code {c}");
                        out.check(f);
                    }
                }
            }
        }
        CountFn::Normalize(bf, s, a) => {
            // SAFETY (of the calls): as for `Msm`; `out` holds n affine forms.
            argument_cases(f, Some(3 * a), &[("in", s)], true, |o, p, n| unsafe { bf(o, p[0], n) });
            for k in [1usize, 3, 7] {
                case(f, &format!("{k} foreign points"));
                let x = Buf::new(&foreign(s, Form::Fp, 43, k));
                let mut out = Buf::out(k * a);
                check_eq!(unsafe { bf(out.m(), x.p(), k) }, 0);
                out.check(f);
                case(f, &format!("{k} foreign points, in place"));
                let mut x = Buf::new(&foreign(s, Form::Fp, 44, k));
                let p = x.m();
                check_eq!(unsafe { bf(p, p, k) }, 0);
                x.check(f);
            }
        }
        CountFn::Fold(ff, o, s) => {
            // SAFETY (of the calls): as for `Msm`.
            argument_cases(f, Some(o), &[("items", s)], false, |out, p, n| unsafe { ff(out, p[0], n) });
            let form = if s == 32 { Form::Fr } else { Form::Fp };
            // 40: enough points to reach the batched-affine tree of the sums.
            for k in [1usize, 2, 6, 40] {
                case(f, &format!("{k} foreign items"));
                let x = Buf::new(&foreign(s, form, 45, k));
                let mut out = Buf::out(o);
                check_eq!(unsafe { ff(out.m(), x.p(), k) }, 0);
                out.check(f);
            }
        }
        CountFn::Inner(pf) => {
            // SAFETY (of the calls): as for `Msm`.
            argument_cases(f, Some(32), &[("a", 32), ("b", 32)], false, |o, p, n| unsafe { pf(o, p[0], p[1], n) });
            for k in [1usize, 6, 20] {
                case(f, &format!("{k} foreign elements"));
                let (x, y) = (Buf::new(&foreign(32, Form::Fr, 46, k)), Buf::new(&foreign(32, Form::Fr, 47, k)));
                let mut out = Buf::out(32);
                check_eq!(unsafe { pf(out.m(), x.p(), y.p(), k) }, 0);
                out.check(f);
            }
        }
        CountFn::InPlace(pf) => {
            // SAFETY (of the calls): as for `Msm`; the one array is written
            // only on success.
            argument_cases(f, None, &[("xs", 32)], false, |_, p, n| unsafe { pf(p[0].cast_mut(), n) });
            for k in [1usize, 6, 20] {
                case(f, &format!("{k} foreign elements"));
                let mut x = Buf::new(&foreign(32, Form::Fr, 48, k));
                check_eq!(unsafe { pf(x.m(), k) }, 0);
                x.check(f);
            }
        }
        CountFn::Pairs(pf, o) => {
            // SAFETY (of the calls): as for `Msm`.
            argument_cases(f, Some(o), &[("g1s", G1_SIZE), ("g2s", G2_SIZE)], false, |out, p, n| unsafe {
                pf(out, p[0], p[1], n)
            });
            // Foreign forms and small-order points, one pair and all.
            let g1s = pairing_points(G1_SIZE, 49, small_order_g1(), g1_generator());
            let g2s = pairing_points(G2_SIZE, 50, small_order_g2(), g2_generator());
            for (i, x) in g1s.iter().enumerate() {
                for (j, y) in g2s.iter().enumerate() {
                    case(f, &format!("pair {i} {j}"));
                    let (x, y) = (Buf::new(x), Buf::new(y));
                    let mut out = Buf::out(o);
                    check_eq!(unsafe { pf(out.m(), x.p(), y.p(), 1) }, 0, "{f}: pair {i} {j}");
                    out.check(f);
                }
            }
            case(f, "all pairs at once");
            let n = g1s.len().min(g2s.len());
            let (x, y) = (Buf::new(&g1s[..n].concat()), Buf::new(&g2s[..n].concat()));
            let mut out = Buf::out(o);
            check_eq!(unsafe { pf(out.m(), x.p(), y.p(), n) }, 0, "{f}: all pairs");
            out.check(f);
        }
    }
}
