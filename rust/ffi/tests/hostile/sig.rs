//! The cases of the BLS signature exports (`bls12_381_sig_*`, in the
//! child): NULL for each pointer, variant and scheme numbers the header
//! does not define, output lengths off by one and huge, input lengths no
//! buffer has (with NULL, or with a real buffer where the function must
//! reject the length unread), counts whose byte sizes overflow, message
//! length arrays that overflow, and foreign contents (zeros, all 0xff,
//! random) as keys, secret keys and signatures; every answer must be OK
//! or one of the header's codes, and outputs untouched on error.

use super::*;

pub(crate) type SigKeygen = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize) -> c_int;
pub(crate) type SigFromSk = unsafe extern "C" fn(*mut u8, usize, c_int, *const u8) -> c_int;
pub(crate) type SigSign = unsafe extern "C" fn(*mut u8, usize, c_int, c_int, *const u8, *const u8, usize) -> c_int;
pub(crate) type SigVerify =
    unsafe extern "C" fn(c_int, c_int, *const u8, usize, *const u8, usize, *const u8, usize) -> c_int;
pub(crate) type SigAggregate = unsafe extern "C" fn(*mut u8, usize, c_int, *const u8, usize) -> c_int;
pub(crate) type SigAggVerify =
    unsafe extern "C" fn(c_int, c_int, *const u8, *const u8, *const usize, usize, *const u8, usize) -> c_int;
pub(crate) type SigFav = unsafe extern "C" fn(c_int, *const u8, usize, *const u8, usize, *const u8, usize) -> c_int;
pub(crate) type SigTwo = unsafe extern "C" fn(c_int, *const u8, usize, *const u8, usize) -> c_int;
pub(crate) type SigBatch =
    unsafe extern "C" fn(c_int, c_int, *const u8, *const u8, *const usize, *const u8, usize, *const u8, usize) -> c_int;
pub(crate) type SigOne = unsafe extern "C" fn(c_int, *const u8, usize) -> c_int;
pub(crate) type SigSkOrder = unsafe extern "C" fn(*mut u8, *const u8) -> c_int;

/// The shapes of the signature exports.
#[derive(Clone, Copy)]
pub(crate) enum SigFn {
    Keygen(SigKeygen),
    FromSk(SigFromSk, Part),
    Sign(SigSign),
    Verify(SigVerify),
    Aggregate(SigAggregate),
    AggVerify(SigAggVerify),
    Fav(SigFav),
    PopVerify(SigTwo),
    Batch(SigBatch),
    Validate(SigOne, Part),
    /// A secret key from one byte order to the other; whether the input
    /// is little-endian (`sk_from_le`).
    SkOrder(SigSkOrder, bool),
}

/// Which encoding a buffer holds: a public key or a signature.
#[derive(Clone, Copy)]
pub(crate) enum Part {
    Pk,
    Sig,
}

const UNKNOWN_SCHEME: c_int = 29;
/// Every code a signature export may answer.
fn known(c: c_int) -> bool {
    (0..=10).contains(&c) || (22..=29).contains(&c)
}

/// The variant numbers: the two defined, then undefined ones.
const VARIANTS: [c_int; 5] = [0, 1, -1, 2, c_int::MAX];
const SCHEMES: [c_int; 5] = [0, 1, 2, 3, c_int::MIN];

/// The encoding size of `part` in `variant` (0 or 1).
fn size(variant: c_int, part: Part) -> usize {
    match (variant, part) {
        (0, Part::Pk) | (1, Part::Sig) => 48,
        _ => 96,
    }
}

/// A valid secret key (sk = 1, big-endian), a valid key and signature of
/// `variant` made through the ABI (Pop scheme, message "m").
fn valid(variant: c_int) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let mut sk = vec![0u8; 32];
    sk[31] = 7;
    let mut pk = vec![0u8; size(variant, Part::Pk)];
    let mut sig = vec![0u8; size(variant, Part::Sig)];
    unsafe {
        assert_eq!(bls12_381_sig_sk_to_pk(pk.as_mut_ptr(), pk.len(), variant, sk.as_ptr()), 0);
        assert_eq!(bls12_381_sig_sign(sig.as_mut_ptr(), sig.len(), variant, 2, sk.as_ptr(), b"m".as_ptr(), 1), 0);
    }
    (sk, pk, sig)
}

/// Checks a code: known, and (unless crash-only) the expected one.
fn code_is(f: &str, what: &str, c: c_int, expected: Option<c_int>) {
    check!(known(c), "{f}: {what}: unknown code {c}");
    if let Some(e) = expected {
        check_eq!(c, e, "{f}: {what}");
    }
}

pub(crate) fn run_sig(f: &str, sf: SigFn) {
    match sf {
        SigFn::Keygen(k) => {
            let ikm = Buf::new(&[3u8; 40]);
            let mut out = Buf::out(32);
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe { k(null_mut(), ikm.p(), 40, null(), 0) });
            }
            if case(f, "ikm NULL") {
                expect_null(f, "ikm NULL", unsafe { k(out.m(), null(), 40, null(), 0) });
            }
            if case(f, "info NULL") {
                expect_null(f, "info NULL", unsafe { k(out.m(), ikm.p(), 40, null(), 3) });
            }
            for &len in &HUGE {
                case(f, &format!("NULL, length {len}"));
                let c = unsafe { k(out.m(), null(), len, null(), 0) };
                code_is(f, "huge", c, None);
                if len > isize::MAX as usize {
                    case(f, &format!("real ikm, length {len}"));
                    code_is(f, "huge", unsafe { k(out.m(), ikm.p(), len, null(), 0) }, Some(INVALID_LENGTH));
                    code_is(f, "huge", unsafe { k(out.m(), ikm.p(), 32, ikm.p(), len) }, Some(INVALID_LENGTH));
                }
            }
            case(f, "31 bytes");
            code_is(f, "short", unsafe { k(out.m(), ikm.p(), 31, null(), 0) }, Some(23));
            check!(out.store[1..33].iter().all(|&b| b == 0x5a), "{f}: out written on error");
            case(f, "valid");
            code_is(f, "valid", unsafe { k(out.m(), ikm.p(), 40, ikm.p(), 5) }, Some(0));
            out.check(f);
        }
        SigFn::FromSk(g, part) => {
            for v in VARIANTS {
                let n = size(v, part);
                let sk = Buf::new(&valid(0).0);
                let mut out = Buf::out(n + 1);
                if case(f, &format!("variant {v}: out NULL")) {
                    let c = unsafe { g(null_mut(), n, v, sk.p()) };
                    code_is(f, "out NULL", c, Some(if v == 0 || v == 1 { NULL_POINTER } else { UNKNOWN_SCHEME }));
                }
                if case(f, &format!("variant {v}: sk NULL")) {
                    let c = unsafe { g(out.m(), n, v, null()) };
                    code_is(f, "sk NULL", c, Some(if v == 0 || v == 1 { NULL_POINTER } else { UNKNOWN_SCHEME }));
                }
                for len in [0, n - 1, n + 1, usize::MAX] {
                    case(f, &format!("variant {v}: out length {len}"));
                    let c = unsafe { g(out.m(), len, v, sk.p()) };
                    code_is(f, "out length", c, Some(if v == 0 || v == 1 { INVALID_LENGTH } else { UNKNOWN_SCHEME }));
                }
                check!(out.store[1..n + 2].iter().all(|&b| b == 0x5a), "{f}: out written on error");
                for (what, key) in forms(32, Form::Raw, 60) {
                    case(f, &format!("variant {v}: sk {what}"));
                    let key = Buf::new(&key);
                    code_is(f, &what, unsafe { g(out.m(), n, v, key.p()) }, None);
                }
                out.check(f);
            }
        }
        SigFn::Sign(g) => {
            for v in VARIANTS {
                for s in SCHEMES {
                    let defined = (v == 0 || v == 1) && (0..=2).contains(&s);
                    let n = size(v, Part::Sig);
                    let sk = Buf::new(&valid(0).0);
                    let msg = Buf::new(b"message");
                    let mut out = Buf::out(n);
                    let e = |c: c_int| Some(if defined { c } else { UNKNOWN_SCHEME });
                    if case(f, &format!("{v}/{s}: out NULL")) {
                        code_is(f, "out NULL", unsafe { g(null_mut(), n, v, s, sk.p(), msg.p(), 7) }, e(NULL_POINTER));
                    }
                    if case(f, &format!("{v}/{s}: sk NULL")) {
                        code_is(f, "sk NULL", unsafe { g(out.m(), n, v, s, null(), msg.p(), 7) }, e(NULL_POINTER));
                    }
                    if case(f, &format!("{v}/{s}: msg NULL")) {
                        code_is(f, "msg NULL", unsafe { g(out.m(), n, v, s, sk.p(), null(), 7) }, e(NULL_POINTER));
                    }
                    for &len in &HUGE {
                        case(f, &format!("{v}/{s}: msg NULL, length {len}"));
                        code_is(f, "huge", unsafe { g(out.m(), n, v, s, sk.p(), null(), len) }, None);
                        if len > isize::MAX as usize {
                            case(f, &format!("{v}/{s}: real msg, length {len}"));
                            code_is(f, "huge", unsafe { g(out.m(), n, v, s, sk.p(), msg.p(), len) }, e(INVALID_LENGTH));
                        }
                    }
                    for len in [0, n - 1, usize::MAX] {
                        case(f, &format!("{v}/{s}: out length {len}"));
                        code_is(f, "out", unsafe { g(out.m(), len, v, s, sk.p(), msg.p(), 7) }, e(INVALID_LENGTH));
                    }
                    check!(out.store[1..n + 1].iter().all(|&b| b == 0x5a), "{f}: out written on error");
                    for (what, key) in forms(32, Form::Raw, 61) {
                        case(f, &format!("{v}/{s}: sk {what}"));
                        let key = Buf::new(&key);
                        code_is(f, &what, unsafe { g(out.m(), n, v, s, key.p(), null(), 0) }, None);
                    }
                    out.check(f);
                }
            }
        }
        SigFn::Verify(g) => {
            for v in VARIANTS {
                for s in SCHEMES {
                    let (np, ns) = (size(v, Part::Pk), size(v, Part::Sig));
                    let (_, pk, sig) = if v == 1 { valid(1) } else { valid(0) };
                    let (pk, sig, msg) = (Buf::new(&pk), Buf::new(&sig), Buf::new(b"m"));
                    if case(f, &format!("{v}/{s}: pk NULL")) {
                        code_is(f, "pk NULL", unsafe { g(v, s, null(), np, msg.p(), 1, sig.p(), ns) }, None);
                    }
                    if case(f, &format!("{v}/{s}: sig NULL")) {
                        code_is(f, "sig NULL", unsafe { g(v, s, pk.p(), np, msg.p(), 1, null(), ns) }, None);
                    }
                    if case(f, &format!("{v}/{s}: msg NULL")) {
                        code_is(f, "msg NULL", unsafe { g(v, s, pk.p(), np, null(), 1, sig.p(), ns) }, None);
                    }
                    for &len in HUGE.iter().chain(&[0, 1, 47, 49, 95, 97]) {
                        case(f, &format!("{v}/{s}: lengths {len}"));
                        code_is(f, "pk len", unsafe { g(v, s, pk.p(), len, msg.p(), 1, sig.p(), ns) }, None);
                        code_is(f, "sig len", unsafe { g(v, s, pk.p(), np, msg.p(), 1, sig.p(), len) }, None);
                        code_is(f, "msg len", unsafe { g(v, s, pk.p(), np, null(), len, sig.p(), ns) }, None);
                    }
                    case(f, &format!("{v}/{s}: valid"));
                    let c = unsafe { g(v, s, pk.p(), np, msg.p(), 1, sig.p(), ns) };
                    code_is(f, "valid", c, None);
                    check!(!((v == 0 || v == 1) && s == 2) || c == 0, "{f}: a valid Pop signature: {c}");
                    for (what, x) in forms(96, Form::Raw, 62) {
                        case(f, &format!("{v}/{s}: foreign {what}"));
                        let x = Buf::new(&x);
                        code_is(f, &what, unsafe { g(v, s, x.p(), np, msg.p(), 1, sig.p(), ns) }, None);
                        code_is(f, &what, unsafe { g(v, s, pk.p(), np, msg.p(), 1, x.p(), ns) }, None);
                    }
                }
            }
        }
        SigFn::Aggregate(g) => {
            for v in VARIANTS {
                let n = size(v, Part::Sig);
                let sig = if v == 1 { valid(1).2 } else { valid(0).2 };
                let sigs = Buf::new(&[sig.clone(), sig].concat());
                let mut out = Buf::out(n);
                if case(f, &format!("{v}: out NULL")) {
                    code_is(f, "out NULL", unsafe { g(null_mut(), n, v, sigs.p(), 2) }, None);
                }
                if case(f, &format!("{v}: sigs NULL")) {
                    code_is(f, "sigs NULL", unsafe { g(out.m(), n, v, null(), 2) }, None);
                }
                for &k in &HUGE {
                    case(f, &format!("{v}: sigs NULL, {k} signatures"));
                    code_is(f, "huge", unsafe { g(out.m(), n, v, null(), k) }, None);
                    if k.checked_mul(n).is_none_or(|b| b > isize::MAX as usize) {
                        case(f, &format!("{v}: real sigs, {k} signatures"));
                        let c = unsafe { g(out.m(), n, v, sigs.p(), k) };
                        code_is(f, "huge", c, None);
                        check!(c == INVALID_LENGTH || c == UNKNOWN_SCHEME, "{f}: {k}: {c}");
                    }
                }
                case(f, &format!("{v}: none"));
                code_is(f, "none", unsafe { g(out.m(), n, v, null(), 0) }, None);
                for len in [0, n - 1, usize::MAX] {
                    case(f, &format!("{v}: out length {len}"));
                    code_is(f, "out", unsafe { g(out.m(), len, v, sigs.p(), 2) }, None);
                }
                check!(out.store[1..n + 1].iter().all(|&b| b == 0x5a), "{f}: out written on error");
                for (what, x) in forms(2 * n.max(48), Form::Raw, 63) {
                    case(f, &format!("{v}: foreign {what}"));
                    let x = Buf::new(&x);
                    code_is(f, &what, unsafe { g(out.m(), n, v, x.p(), 2) }, None);
                }
                case(f, &format!("{v}: valid"));
                code_is(f, "valid", unsafe { g(out.m(), n, v, sigs.p(), 2) }, None);
                out.check(f);
            }
        }
        SigFn::AggVerify(g) => {
            for v in VARIANTS {
                for s in SCHEMES {
                    let ns = size(v, Part::Sig);
                    let (_, pk, sig) = if v == 1 { valid(1) } else { valid(0) };
                    let (pks, sig, msgs) = (Buf::new(&pk), Buf::new(&sig), Buf::new(b"m"));
                    let lens = [1usize];
                    let l = lens.as_ptr();
                    if case(f, &format!("{v}/{s}: NULLs")) {
                        code_is(f, "pks", unsafe { g(v, s, null(), msgs.p(), l, 1, sig.p(), ns) }, None);
                        code_is(f, "msgs", unsafe { g(v, s, pks.p(), null(), l, 1, sig.p(), ns) }, None);
                        code_is(f, "lens", unsafe { g(v, s, pks.p(), msgs.p(), null(), 1, sig.p(), ns) }, None);
                        code_is(f, "sig", unsafe { g(v, s, pks.p(), msgs.p(), l, 1, null(), ns) }, None);
                    }
                    for &k in &HUGE {
                        case(f, &format!("{v}/{s}: NULL arrays, n = {k}"));
                        code_is(f, "huge", unsafe { g(v, s, null(), null(), null(), k, sig.p(), ns) }, None);
                    }
                    for bad in [[usize::MAX, 2], [isize::MAX as usize, 1], [1 << 40, 0]] {
                        case(f, &format!("{v}/{s}: lengths {bad:?}, msgs NULL"));
                        let two = Buf::new(&[pk.clone(), pk.clone()].concat());
                        code_is(f, "lens", unsafe { g(v, s, two.p(), null(), bad.as_ptr(), 2, sig.p(), ns) }, None);
                    }
                    case(f, &format!("{v}/{s}: n = 0"));
                    code_is(f, "empty", unsafe { g(v, s, null(), null(), null(), 0, sig.p(), ns) }, None);
                    case(f, &format!("{v}/{s}: valid"));
                    let c = unsafe { g(v, s, pks.p(), msgs.p(), l, 1, sig.p(), ns) };
                    code_is(f, "valid", c, None);
                    check!(!((v == 0 || v == 1) && s == 2) || c == 0, "{f}: valid: {c}");
                    for (what, x) in forms(96, Form::Raw, 64) {
                        case(f, &format!("{v}/{s}: foreign {what}"));
                        let x = Buf::new(&x);
                        code_is(f, &what, unsafe { g(v, s, x.p(), msgs.p(), l, 1, sig.p(), ns) }, None);
                        code_is(f, &what, unsafe { g(v, s, pks.p(), msgs.p(), l, 1, x.p(), ns) }, None);
                    }
                }
            }
        }
        SigFn::Fav(g) => {
            for v in VARIANTS {
                let ns = size(v, Part::Sig);
                let (_, pk, sig) = if v == 1 { valid(1) } else { valid(0) };
                let (pks, sig, msg) = (Buf::new(&pk), Buf::new(&sig), Buf::new(b"m"));
                if case(f, &format!("{v}: NULLs")) {
                    code_is(f, "pks", unsafe { g(v, null(), 1, msg.p(), 1, sig.p(), ns) }, None);
                    code_is(f, "msg", unsafe { g(v, pks.p(), 1, null(), 1, sig.p(), ns) }, None);
                    code_is(f, "sig", unsafe { g(v, pks.p(), 1, msg.p(), 1, null(), ns) }, None);
                }
                for &k in &HUGE {
                    case(f, &format!("{v}: huge {k}"));
                    code_is(f, "n", unsafe { g(v, null(), k, msg.p(), 1, sig.p(), ns) }, None);
                    code_is(f, "msg", unsafe { g(v, pks.p(), 1, null(), k, sig.p(), ns) }, None);
                    code_is(f, "sig", unsafe { g(v, pks.p(), 1, msg.p(), 1, sig.p(), k) }, None);
                }
                case(f, &format!("{v}: none"));
                code_is(f, "none", unsafe { g(v, null(), 0, msg.p(), 1, sig.p(), ns) }, None);
                case(f, &format!("{v}: valid"));
                let c = unsafe { g(v, pks.p(), 1, msg.p(), 1, sig.p(), ns) };
                check!(!(v == 0 || v == 1) || c == 0, "{f}: valid: {c}");
                for (what, x) in forms(96, Form::Raw, 65) {
                    case(f, &format!("{v}: foreign {what}"));
                    let x = Buf::new(&x);
                    code_is(f, &what, unsafe { g(v, x.p(), 1, msg.p(), 1, sig.p(), ns) }, None);
                    code_is(f, &what, unsafe { g(v, pks.p(), 1, msg.p(), 1, x.p(), ns) }, None);
                }
            }
        }
        SigFn::PopVerify(g) => {
            for v in VARIANTS {
                let (np, ns) = (size(v, Part::Pk), size(v, Part::Sig));
                let (sk, pk, _) = if v == 1 { valid(1) } else { valid(0) };
                let mut proof = vec![0u8; ns];
                if v == 0 || v == 1 {
                    assert_eq!(unsafe { bls12_381_sig_pop_prove(proof.as_mut_ptr(), ns, v, sk.as_ptr()) }, 0);
                }
                let (pk, proof) = (Buf::new(&pk), Buf::new(&proof));
                if case(f, &format!("{v}: NULLs")) {
                    code_is(f, "pk", unsafe { g(v, null(), np, proof.p(), ns) }, None);
                    code_is(f, "proof", unsafe { g(v, pk.p(), np, null(), ns) }, None);
                }
                for &len in HUGE.iter().chain(&[0, 47, 97]) {
                    case(f, &format!("{v}: length {len}"));
                    code_is(f, "pk", unsafe { g(v, pk.p(), len, proof.p(), ns) }, None);
                    code_is(f, "proof", unsafe { g(v, pk.p(), np, proof.p(), len) }, None);
                }
                case(f, &format!("{v}: valid"));
                let c = unsafe { g(v, pk.p(), np, proof.p(), ns) };
                check!(!(v == 0 || v == 1) || c == 0, "{f}: valid: {c}");
                for (what, x) in forms(96, Form::Raw, 66) {
                    case(f, &format!("{v}: foreign {what}"));
                    let x = Buf::new(&x);
                    code_is(f, &what, unsafe { g(v, x.p(), np, proof.p(), ns) }, None);
                    code_is(f, &what, unsafe { g(v, pk.p(), np, x.p(), ns) }, None);
                }
            }
        }
        SigFn::Batch(g) => {
            for v in VARIANTS {
                for s in SCHEMES {
                    let (_, pk, sig) = if v == 1 { valid(1) } else { valid(0) };
                    let (pks, sigs, msgs) = (Buf::new(&pk), Buf::new(&sig), Buf::new(b"m"));
                    let lens = [1usize];
                    let l = lens.as_ptr();
                    if case(f, &format!("{v}/{s}: NULLs")) {
                        code_is(f, "pks", unsafe { g(v, s, null(), msgs.p(), l, sigs.p(), 1, null(), 0) }, None);
                        code_is(f, "msgs", unsafe { g(v, s, pks.p(), null(), l, sigs.p(), 1, null(), 0) }, None);
                        code_is(f, "lens", unsafe { g(v, s, pks.p(), msgs.p(), null(), sigs.p(), 1, null(), 0) }, None);
                        code_is(f, "sigs", unsafe { g(v, s, pks.p(), msgs.p(), l, null(), 1, null(), 0) }, None);
                        code_is(f, "seed", unsafe { g(v, s, pks.p(), msgs.p(), l, sigs.p(), 1, null(), 3) }, None);
                    }
                    for &k in &HUGE {
                        case(f, &format!("{v}/{s}: huge {k}"));
                        code_is(f, "n", unsafe { g(v, s, null(), null(), null(), null(), k, null(), 0) }, None);
                        code_is(f, "seed", unsafe { g(v, s, pks.p(), msgs.p(), l, sigs.p(), 1, null(), k) }, None);
                        if k > isize::MAX as usize {
                            code_is(
                                f,
                                "seed",
                                unsafe { g(v, s, pks.p(), msgs.p(), l, sigs.p(), 1, msgs.p(), k) },
                                None,
                            );
                        }
                    }
                    case(f, &format!("{v}/{s}: n = 0"));
                    code_is(f, "empty", unsafe { g(v, s, null(), null(), null(), null(), 0, null(), 0) }, None);
                    case(f, &format!("{v}/{s}: valid"));
                    let c = unsafe { g(v, s, pks.p(), msgs.p(), l, sigs.p(), 1, msgs.p(), 1) };
                    code_is(f, "valid", c, None);
                    check!(!((v == 0 || v == 1) && s == 2) || c == 0, "{f}: valid: {c}");
                    for (what, x) in forms(96, Form::Raw, 67) {
                        case(f, &format!("{v}/{s}: foreign {what}"));
                        let x = Buf::new(&x);
                        code_is(f, &what, unsafe { g(v, s, x.p(), msgs.p(), l, sigs.p(), 1, null(), 0) }, None);
                        code_is(f, &what, unsafe { g(v, s, pks.p(), msgs.p(), l, x.p(), 1, null(), 0) }, None);
                    }
                }
            }
        }
        SigFn::Validate(g, part) => {
            for v in VARIANTS {
                let n = size(v, part);
                if case(f, &format!("{v}: NULL")) {
                    let c = unsafe { g(v, null(), n) };
                    code_is(f, "NULL", c, Some(if v == 0 || v == 1 { NULL_POINTER } else { UNKNOWN_SCHEME }));
                }
                let x = Buf::new(&vec![0u8; n]);
                for &len in HUGE.iter().chain(&[0, n - 1, n + 1]) {
                    case(f, &format!("{v}: length {len}"));
                    code_is(f, "len", unsafe { g(v, x.p(), len) }, None);
                }
                for (what, x) in forms(n, Form::Raw, 68) {
                    case(f, &format!("{v}: {what}"));
                    let x = Buf::new(&x);
                    code_is(f, &what, unsafe { g(v, x.p(), n) }, None);
                }
            }
        }
        SigFn::SkOrder(g, from_le) => {
            // r, r - 1 and 1 in the input's byte order.
            let order = |be: Vec<u8>| if from_le { be.into_iter().rev().collect() } else { be };
            let r = hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
            let mut r_minus_1 = r.clone();
            r_minus_1[31] = 0;
            let mut one = vec![0u8; 32];
            one[31] = 1;
            let (r, r_minus_1, one) = (order(r), order(r_minus_1), order(one));
            let input = Buf::new(&one);
            let mut out = Buf::out(32);
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe { g(null_mut(), input.p()) });
            }
            if case(f, "in NULL") {
                expect_null(f, "in NULL", unsafe { g(out.m(), null()) });
            }
            if case(f, "both NULL") {
                expect_null(f, "both NULL", unsafe { g(null_mut(), null()) });
            }
            check!(out.store[1..33].iter().all(|&b| b == 0x5a), "{f}: out written on NULL");
            let mut named = forms(32, Form::Raw, 69);
            named.push(("r".to_string(), r));
            named.push(("r - 1".to_string(), r_minus_1));
            named.push(("one".to_string(), one));
            for (what, key) in named {
                case(f, &format!("sk {what}"));
                let key = Buf::new(&key);
                let mut out = Buf::out(32);
                let c = unsafe { g(out.m(), key.p()) };
                code_is(f, &what, c, None);
                check!(c == 0 || c == 2 || c == 22, "{f}: {what}: {c}");
                let reversed: Vec<u8> = key.store[1..33].iter().rev().copied().collect();
                if c == 0 {
                    check!(out.store[1..33] == reversed[..], "{f}: {what}: not the reversed bytes");
                } else {
                    check!(out.store[1..33].iter().all(|&b| b == 0x5a), "{f}: {what}: out written on error");
                }
                out.check(f);
                // In place: the same answer, the same bytes (or untouched).
                case(f, &format!("sk {what}, in place"));
                let mut inplace = Buf::new(&key.store[1..33]);
                let c2 = unsafe { g(inplace.m(), inplace.p()) };
                check_eq!(c2, c, "{f}: {what}: in place");
                let want: &[u8] = if c == 0 { &reversed } else { &key.store[1..33] };
                check!(inplace.store[1..33] == *want, "{f}: {what}: in place bytes");
                inplace.check(f);
            }
        }
    }
}
