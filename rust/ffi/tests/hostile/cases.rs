//! The cases of each kind of export, run in a child process.

use super::*;

/// Runs every case of one function (in the child).
#[allow(clippy::cognitive_complexity)]
pub(crate) fn run(name: &str, kind: Kind) {
    let f = name;
    match kind {
        Kind::Writer(w, o) => {
            if case(f, "out NULL") {
                unsafe { w(null_mut()) };
            }
            case(f, "out misaligned");
            let mut out = Buf::out(o);
            unsafe { w(out.m()) };
            out.check(f);
        }
        Kind::Pred1(p, i, form) => {
            if case(f, "a NULL") {
                check_eq!(unsafe { p(null()) }, 0, "{f}(NULL) must be 0");
            }
            for (what, a) in forms(i, form, 1) {
                case(f, &what);
                let a = Buf::new(&a);
                let r = unsafe { p(a.p()) };
                check!((-1..=1).contains(&r), "{f}: {what}: {r} is no predicate value");
            }
        }
        Kind::Pred2(p, i, form) => {
            let a = Buf::new(&vec![0x11; i]);
            if case(f, "a NULL") {
                check_eq!(unsafe { p(null(), a.p()) }, 0);
            }
            if case(f, "b NULL") {
                check_eq!(unsafe { p(a.p(), null()) }, 0);
            }
            if case(f, "both NULL") {
                check_eq!(unsafe { p(null(), null()) }, 0);
            }
            for (wa, x) in forms(i, form, 2) {
                for (wb, y) in forms(i, form, 3) {
                    case(f, &format!("{wa} / {wb}"));
                    let (x, y) = (Buf::new(&x), Buf::new(&y));
                    let r = unsafe { p(x.p(), y.p()) };
                    check!(r == 0 || r == 1, "{f}: {r}");
                }
            }
        }
        Kind::Unary(u, o, i, form) => {
            let a = Buf::new(&vec![0x11; i]);
            let mut out = Buf::out(o);
            if case(f, "out NULL") {
                unsafe { u(null_mut(), a.p()) };
            }
            if case(f, "a NULL") {
                unsafe { u(out.m(), null()) };
            }
            if case(f, "both NULL") {
                unsafe { u(null_mut(), null()) };
            }
            out.check(f);
            for (what, x) in forms(i, form, 4) {
                case(f, &what);
                let x = Buf::new(&x);
                let mut out = Buf::out(o);
                unsafe { u(out.m(), x.p()) };
                out.check(f);
            }
        }
        Kind::UnaryI(u, o, i, form) => {
            let a = Buf::new(&vec![0x11; i]);
            let mut out = Buf::out(o);
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe { u(null_mut(), a.p()) });
            }
            if case(f, "a NULL") {
                expect_null(f, "a NULL", unsafe { u(out.m(), null()) });
            }
            if case(f, "both NULL") {
                expect_null(f, "both NULL", unsafe { u(null_mut(), null()) });
            }
            out.check(f);
            for (what, x) in forms(i, form, 5) {
                case(f, &what);
                let x = Buf::new(&x);
                let mut out = Buf::out(o);
                let c = unsafe { u(out.m(), x.p()) };
                check!((0..=NULL_POINTER).contains(&c), "{f}: {what}: code {c}");
                out.check(f);
            }
        }
        Kind::Binary(b, o, form) => {
            let a = Buf::new(&vec![0x11; o]);
            let mut out = Buf::out(o);
            for (what, (r, x, y)) in [
                ("out NULL", (true, false, false)),
                ("a NULL", (false, true, false)),
                ("b NULL", (false, false, true)),
                ("all NULL", (true, true, true)),
            ] {
                if !case(f, what) {
                    continue;
                }
                let op = if r { null_mut() } else { out.m() };
                let xp = if x { null() } else { a.p() };
                let yp = if y { null() } else { a.p() };
                unsafe { b(op, xp, yp) };
            }
            out.check(f);
            for (wa, x) in forms(o, form, 6) {
                for (wb, y) in forms(o, form, 7) {
                    case(f, &format!("{wa} / {wb}"));
                    let (x, y) = (Buf::new(&x), Buf::new(&y));
                    let mut out = Buf::out(o);
                    unsafe { b(out.m(), x.p(), y.p()) };
                    out.check(f);
                }
            }
        }
        Kind::Pairing(pf) => {
            let (p, q) = (Buf::new(&g1_generator()), Buf::new(&g2_generator()));
            let mut out = Buf::out(576);
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe { pf(null_mut(), p.p(), q.p()) });
            }
            if case(f, "p NULL") {
                expect_null(f, "p NULL", unsafe { pf(out.m(), null(), q.p()) });
            }
            if case(f, "q NULL") {
                expect_null(f, "q NULL", unsafe { pf(out.m(), p.p(), null()) });
            }
            out.check(f);
            case(f, "generators");
            check_eq!(unsafe { pf(out.m(), p.p(), q.p()) }, 0);
            out.check(f);
            let mut g1s = small_order_g1();
            g1s.push(g1_generator());
            let mut g2s = small_order_g2();
            g2s.push(g2_generator());
            for (i, x) in g1s.iter().enumerate() {
                for (j, y) in g2s.iter().enumerate() {
                    case(f, &format!("small order / generator pair {i} {j}"));
                    let (x, y) = (Buf::new(x), Buf::new(y));
                    let mut out = Buf::out(576);
                    let c = unsafe { pf(out.m(), x.p(), y.p()) };
                    check!(c == 0 || c == NOT_IN_SUBGROUP, "{f}: code {c}");
                    out.check(f);
                }
            }
            // The G2 point of order 13 with the G1 generator: the loop
            // vanishes: NOT_IN_SUBGROUP, out untouched.
            case(f, "G1 generator, G2 order 13");
            let (x, y) = (Buf::new(&g1_generator()), Buf::new(&small_order_g2()[0]));
            let mut out = Buf::out(576);
            let c = unsafe { pf(out.m(), x.p(), y.p()) };
            check_eq!(c, NOT_IN_SUBGROUP, "{f}: the vanishing Miller loop");
            check!(out.store[1..577].iter().all(|&b| b == 0x5a), "{f}: out written on error");
            for (wa, x) in forms(G1_SIZE, Form::Fp, 8) {
                for (wb, y) in forms(G2_SIZE, Form::Fp, 9) {
                    case(f, &format!("{wa} / {wb}"));
                    let (x, y) = (Buf::new(&x), Buf::new(&y));
                    let mut out = Buf::out(576);
                    let c = unsafe { pf(out.m(), x.p(), y.p()) };
                    check!(c == 0 || c == NOT_IN_SUBGROUP, "{f}: {wa} / {wb}: code {c}");
                    out.check(f);
                }
            }
        }
        Kind::Decode(d, o, n) => {
            let good = Buf::new(&vec![0u8; n + 1]);
            let mut out = Buf::out(o);
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe { d(null_mut(), good.p(), n) });
            }
            if case(f, "in NULL, right length") {
                expect_null(f, "in NULL", unsafe { d(out.m(), null(), n) });
            }
            if case(f, "in NULL, length 0") {
                check_eq!(unsafe { d(out.m(), null(), 0) }, INVALID_LENGTH);
            }
            for &len in &HUGE {
                if case(f, &format!("in NULL, length {len}")) {
                    expect_null(f, "in NULL, huge", unsafe { d(out.m(), null(), len) });
                }
                // A real buffer with a length that is not the encoding's:
                // rejected before any byte is read.
                case(f, &format!("real buffer, length {len}"));
                check_eq!(unsafe { d(out.m(), good.p(), len) }, INVALID_LENGTH);
            }
            for len in [0, n - 1, n + 1] {
                case(f, &format!("length {len}"));
                check_eq!(unsafe { d(out.m(), good.p(), len) }, INVALID_LENGTH, "{f}: length {len}");
            }
            out.check(f);
            let mut all = forms(n, Form::Raw, 10);
            // Every combination of the three flag bits on random and
            // all-0xff bodies, and the order-13 point's encoding.
            let mut rng = Rng(11);
            for flags in 0..8u8 {
                let mut e = rng.bytes(n);
                e[0] = (e[0] & 0x1f) | (flags << 5);
                all.push((format!("flags {flags:03b}, random"), e));
                let mut e = vec![0u8; n];
                e[0] = flags << 5;
                all.push((format!("flags {flags:03b}, zeros"), e));
            }
            for (what, x) in all {
                case(f, &what);
                let x = Buf::new(&x);
                let mut out = Buf::out(o);
                let c = unsafe { d(out.m(), x.p(), n) };
                check!((0..=NULL_POINTER).contains(&c), "{f}: {what}: code {c}");
                out.check(f);
            }
        }
        Kind::Batch(bf, s, a) => {
            let inp = Buf::new(&vec![0x11; 3 * s]);
            let mut out = Buf::out(3 * a);
            if case(f, "out NULL, 1 point") {
                expect_null(f, "out NULL", unsafe { bf(null_mut(), inp.p(), s) });
            }
            if case(f, "out NULL, 0 points") {
                check_eq!(unsafe { bf(null_mut(), inp.p(), 0) }, 0);
            }
            if case(f, "in NULL, 0 points") {
                check_eq!(unsafe { bf(out.m(), null(), 0) }, 0);
            }
            for len in [s, 2 * s, 1, s - 1, s + 1] {
                if case(f, &format!("in NULL, length {len}")) {
                    expect_null(f, "in NULL", unsafe { bf(out.m(), null(), len) });
                }
            }
            array_length_cases(
                f,
                ("in NULL", "real buffer"),
                inp.p(),
                &[1, s - 1, s + 1, 3 * s - 1],
                |p, len| unsafe { bf(out.m(), p, len) },
            );
            out.check(f);
            // Three foreign points at a time, the forms of `forms`.
            let fs: Vec<Vec<u8>> = forms(s, Form::Fp, 12).into_iter().map(|x| x.1).collect();
            for w in fs.windows(3) {
                case(f, "three foreign points");
                let x = Buf::new(&w.concat());
                let mut out = Buf::out(3 * a);
                check_eq!(unsafe { bf(out.m(), x.p(), 3 * s) }, 0);
                out.check(f);
            }
        }
        Kind::Scal(sf, o, form) => {
            let a = Buf::new(&vec![0x11; o]);
            let s = Buf::new(&[7u8; 80]);
            let mut out = Buf::out(o);
            if case(f, "out NULL") {
                unsafe { sf(null_mut(), a.p(), s.p(), 32) };
            }
            if case(f, "a NULL") {
                unsafe { sf(out.m(), null(), s.p(), 32) };
            }
            if case(f, "s NULL, length 0") {
                unsafe { sf(out.m(), a.p(), null(), 0) };
            }
            for len in [1usize, 32, 1 << 40, isize::MAX as usize, usize::MAX] {
                if case(f, &format!("s NULL, length {len}")) {
                    unsafe { sf(out.m(), a.p(), null(), len) };
                }
            }
            for len in [usize::MAX, (isize::MAX as usize) + 1] {
                case(f, &format!("real s, impossible length {len}"));
                unsafe { sf(out.m(), a.p(), s.p(), len) };
            }
            out.check(f);
            let mut rng = Rng(13);
            let scalars: Vec<Vec<u8>> = vec![
                vec![],
                vec![0xff; 1],
                vec![0xff; 31],
                vec![0xff; 32],
                vec![0xff; 33],
                rng.bytes(64),
                rng.bytes(200),
            ];
            for (what, x) in forms(o, form, 14) {
                for sc in &scalars {
                    case(f, &format!("{what}, scalar of {} bytes", sc.len()));
                    let (x, sb) = (Buf::new(&x), Buf::new(sc));
                    let mut out = Buf::out(o);
                    unsafe { sf(out.m(), x.p(), sb.p(), sc.len()) };
                    out.check(f);
                }
            }
        }
        Kind::Hash(h, o) => {
            let m = Buf::new(b"message");
            let d = Buf::new(b"DST");
            let mut out = Buf::out(o);
            if case(f, "out NULL") {
                unsafe { h(null_mut(), m.p(), 7, d.p(), 3) };
            }
            if case(f, "msg NULL, length 0") {
                unsafe { h(out.m(), null(), 0, d.p(), 3) };
            }
            if case(f, "dst NULL, length 0") {
                unsafe { h(out.m(), m.p(), 7, null(), 0) };
            }
            for &len in HUGE.iter().chain(&[1usize]) {
                if case(f, &format!("msg NULL, length {len}")) {
                    unsafe { h(out.m(), null(), len, d.p(), 3) };
                }
                if case(f, &format!("dst NULL, length {len}")) {
                    unsafe { h(out.m(), m.p(), 7, null(), len) };
                }
            }
            for len in [usize::MAX, (isize::MAX as usize) + 1] {
                case(f, &format!("real msg, impossible length {len}"));
                unsafe { h(out.m(), m.p(), len, d.p(), 3) };
                case(f, &format!("real dst, impossible length {len}"));
                unsafe { h(out.m(), m.p(), 7, d.p(), len) };
            }
            out.check(f);
            let mut rng = Rng(15);
            for dl in [0usize, 1, 255, 256, 3000] {
                case(f, &format!("dst of {dl} bytes"));
                let d = Buf::new(&rng.bytes(dl));
                let msg = Buf::new(&rng.bytes(dl / 2));
                let mut out = Buf::out(o);
                unsafe { h(out.m(), msg.p(), dl / 2, d.p(), dl) };
                out.check(f);
            }
        }
        Kind::Pairs(pf, o) => {
            let (p, q) = (Buf::new(&g1_generator()), Buf::new(&g2_generator()));
            let mut out = Buf::out(o);
            if case(f, "out NULL, one pair") {
                expect_null(f, "out NULL", unsafe { pf(null_mut(), p.p(), G1_SIZE, q.p(), G2_SIZE) });
            }
            if case(f, "out NULL, no pair") {
                expect_null(f, "out NULL", unsafe { pf(null_mut(), null(), 0, null(), 0) });
            }
            if case(f, "no pair, NULL arrays") {
                check_eq!(unsafe { pf(out.m(), null(), 0, null(), 0) }, 0);
            }
            if case(f, "g1s NULL") {
                expect_null(f, "g1s NULL", unsafe { pf(out.m(), null(), G1_SIZE, q.p(), G2_SIZE) });
            }
            if case(f, "g2s NULL") {
                expect_null(f, "g2s NULL", unsafe { pf(out.m(), p.p(), G1_SIZE, null(), G2_SIZE) });
            }
            for &len in &HUGE {
                if case(f, &format!("NULL arrays, length {len}")) {
                    let c = unsafe { pf(out.m(), null(), len, null(), len) };
                    check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {len}: {c}");
                }
                if case(f, &format!("NULL g1s of length {len} with one real G2 point")) {
                    let c = unsafe { pf(out.m(), null(), len, q.p(), G2_SIZE) };
                    check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {len}: {c}");
                }
                // Counts that differ: rejected before reading.
                case(f, &format!("real g1s, length {len}; one G2 point"));
                let c = unsafe { pf(out.m(), p.p(), len, q.p(), G2_SIZE) };
                check_eq!(c, INVALID_LENGTH, "{f}: {len}");
                // The count n = len / 144 times 288 overflows for the
                // largest of these: the check must not.
                case(f, &format!("one G1 point; real g2s, length {len}"));
                let c = unsafe { pf(out.m(), p.p(), G1_SIZE, q.p(), len) };
                check_eq!(c, INVALID_LENGTH, "{f}: {len}");
            }
            for (l1, l2) in [(G1_SIZE - 1, G2_SIZE), (G1_SIZE, G2_SIZE + 1), (G1_SIZE, 0), (0, G2_SIZE)] {
                case(f, &format!("lengths {l1}, {l2}"));
                check_eq!(unsafe { pf(out.m(), p.p(), l1, q.p(), l2) }, INVALID_LENGTH);
            }
            out.check(f);
            // Foreign forms and small-order points, one pair and three.
            let g1s = pairing_points(G1_SIZE, 16, small_order_g1(), g1_generator());
            let g2s = pairing_points(G2_SIZE, 17, small_order_g2(), g2_generator());
            for (i, x) in g1s.iter().enumerate() {
                for (j, y) in g2s.iter().enumerate() {
                    case(f, &format!("pair {i} {j}"));
                    let (x, y) = (Buf::new(x), Buf::new(y));
                    let mut out = Buf::out(o);
                    let c = unsafe { pf(out.m(), x.p(), G1_SIZE, y.p(), G2_SIZE) };
                    check_eq!(c, 0, "{f}: pair {i} {j}");
                    out.check(f);
                }
            }
            case(f, "all pairs at once");
            let n = g1s.len().min(g2s.len());
            let (x, y) = (Buf::new(&g1s[..n].concat()), Buf::new(&g2s[..n].concat()));
            let mut out = Buf::out(o);
            let c = unsafe { pf(out.m(), x.p(), n * G1_SIZE, y.p(), n * G2_SIZE) };
            check_eq!(c, 0, "{f}: all pairs");
            out.check(f);
        }
        Kind::Msm(mf, s, a) => {
            // SAFETY (of the calls): the pointers are NULL or name the
            // lengths given, as the cases intend.
            msm_argument_cases(f, ("points", "point"), a, s, |o, x, xl, y, yl, t| unsafe { mf(o, x, xl, y, yl, t) });
            // Foreign affine forms, enough of them (above the core's
            // small-input cutoff) to reach the pool and Pippenger, with
            // every thread count.
            let mut rng = Rng(18);
            let n = 24;
            let mut all = Vec::new();
            for i in 0..n {
                let fs = forms(a, Form::Fp, 19 + i as u64);
                all.extend_from_slice(&fs[i % fs.len()].1);
            }
            let scal = rng.bytes(32 * n);
            for threads in [0usize, 1, 3, 1000, usize::MAX] {
                for k in [1usize, n] {
                    case(f, &format!("{k} foreign points, threads {threads}"));
                    let (x, y) = (Buf::new(&all[..k * a]), Buf::new(&scal[..32 * k]));
                    let mut out = Buf::out(s);
                    let c = unsafe { mf(out.m(), x.p(), k * a, y.p(), 32 * k, threads) };
                    check_eq!(c, 0, "{f}: code {c}");
                    out.check(f);
                }
            }
        }
        Kind::MsmC(mf, s, comp) => {
            // SAFETY (of the calls): as for `Msm`; subgroup checks on.
            msm_argument_cases(f, ("encs", "enc"), comp, s, |o, x, xl, y, yl, t| unsafe { mf(o, x, xl, y, yl, 1, t) });
            // Random encodings (mostly invalid), and the identity's
            // encoding (valid) n times, with every thread count and both
            // subgroup settings.
            let mut rng = Rng(20);
            let n = 24;
            let random = rng.bytes(n * comp);
            let mut ident = vec![0u8; n * comp];
            for e in ident.chunks_mut(comp) {
                e[0] = 0xc0;
            }
            let scal = rng.bytes(32 * n);
            for (what, e) in [("random encodings", &random), ("identity encodings", &ident)] {
                for threads in [0usize, 1, 3, 1000, usize::MAX] {
                    for check in [0, 1, -1] {
                        case(f, &format!("{n} {what}, check {check}, threads {threads}"));
                        let (x, y) = (Buf::new(e), Buf::new(&scal));
                        let mut out = Buf::out(s);
                        let c = unsafe { mf(out.m(), x.p(), n * comp, y.p(), 32 * n, check, threads) };
                        check!((0..=NULL_POINTER).contains(&c), "{f}: code {c}");
                        out.check(f);
                    }
                }
            }
        }
        Kind::Mexp(mf, o) => {
            // SAFETY (of the calls): the pointers are NULL or name `n`
            // terms, or `n` is rejected before reading, as the cases intend.
            multiexp_cases(f, o, &[0], |out, b, e, n, _| unsafe { mf(out, b, e, n) });
        }
        Kind::MexpT(mf, o) => {
            // SAFETY (of the calls): as for `Mexp`.
            multiexp_cases(f, o, &[0, 1, 3, 1000, usize::MAX], |out, b, e, n, t| unsafe { mf(out, b, e, n, t) });
        }
        Kind::EipRun(rf) => run_eip(f, rf),
        Kind::EipGas(gf) => run_eip_gas(f, gf),
        Kind::Fold(ff, o, s) => run_fold(f, ff, o, s),
        Kind::Inner(pf) => run_inner(f, pf),
        Kind::InPlace(pf) => run_inplace(f, pf),
        Kind::Fft(ff, s) => run_fft(f, ff, s),
        Kind::Sig(sf) => run_sig(f, sf),
        Kind::Map(d, o, n) => run_map(f, d, o, n),
        Kind::Clear(u, o) => run_clear(f, u, o),
        Kind::Domain(df) => run_domain(f, df),
        Kind::Counted(cf) => run_counted(f, cf),
        Kind::Report(r) => run_report(f, r),
    }
}

/// The cases of the GT multi-exponentiation, `call(out, bases, exps, n,
/// threads)` with `size`-byte bases and output, each case of real data
/// once per count of `threads`: NULL pointers, counts up to `HUGE` on NULL
/// arrays and, where the count's bases exceed `isize::MAX` bytes, on real
/// ones (rejected unread, `out` untouched); then bases of foreign forms
/// (not in GT: zero, all 0xff, the modulus, random limbs), few and enough
/// to pass the core's cutoff for individual powers.
fn multiexp_cases(
    f: &str,
    size: usize,
    threads: &[usize],
    call: impl Fn(*mut u8, *const u8, *const u8, usize, usize) -> c_int,
) {
    let bases = Buf::new(&vec![0u8; 2 * size]);
    let exps = Buf::new(&[1u8; 64]);
    let mut out = Buf::out(size);
    if case(f, "out NULL") {
        expect_null(f, "out NULL", call(null_mut(), bases.p(), exps.p(), 1, 1));
    }
    if case(f, "out NULL, no term") {
        expect_null(f, "out NULL", call(null_mut(), null(), null(), 0, 1));
    }
    if case(f, "bases NULL") {
        expect_null(f, "bases NULL", call(out.m(), null(), exps.p(), 1, 1));
    }
    if case(f, "exps NULL") {
        expect_null(f, "exps NULL", call(out.m(), bases.p(), null(), 1, 1));
    }
    let too_many = isize::MAX as usize / size + 1;
    for &n in HUGE.iter().chain(&[too_many]) {
        if case(f, &format!("NULL arrays, {n} terms")) {
            let c = call(out.m(), null(), null(), n, 0);
            check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {n}: {c}");
        }
        if n >= too_many {
            case(f, &format!("real arrays, {n} terms"));
            check_eq!(call(out.m(), bases.p(), exps.p(), n, 0), INVALID_LENGTH, "{f}: {n}");
        }
    }
    check!(out.store[1..1 + size].iter().all(|&b| b == 0x5a), "{f}: out written on error");
    out.check(f);
    for &t in threads {
        case(f, &format!("no term, NULL arrays, threads {t}"));
        let mut out = Buf::out(size);
        check_eq!(call(out.m(), null(), null(), 0, t), 0);
        out.check(f);
    }
    let mut rng = Rng(21);
    let n = 24;
    let fs = forms(size, Form::Fp, 22);
    let all: Vec<u8> = (0..n).flat_map(|i| fs[i % fs.len()].1.clone()).collect();
    let mut es = rng.bytes(32 * n);
    es[..32].fill(0xff);
    for &t in threads {
        for k in [1usize, 2, n] {
            case(f, &format!("{k} foreign bases, threads {t}"));
            let (x, y) = (Buf::new(&all[..k * size]), Buf::new(&es[..32 * k]));
            let mut out = Buf::out(size);
            check_eq!(call(out.m(), x.p(), y.p(), k, t), 0, "{f}: {k} terms");
            out.check(f);
        }
    }
}

/// The argument cases of the two MSM exports, `call(out, elements,
/// elements_len, scalars, scalars_len, threads)` with `size`-byte
/// elements (`nouns`: plural and singular, for the case names) and a
/// `jac`-byte output: NULL pointers, lengths up to `HUGE` on NULL and on
/// real arrays, element and scalar counts that differ or do not divide;
/// then the output is checked untouched.
fn msm_argument_cases(
    f: &str,
    (many, one): (&str, &str),
    size: usize,
    jac: usize,
    call: impl Fn(*mut u8, *const u8, usize, *const u8, usize, usize) -> c_int,
) {
    let elems = Buf::new(&vec![0u8; 2 * size]);
    let sc = Buf::new(&[1u8; 64]);
    let mut out = Buf::out(jac);
    if case(f, "out NULL") {
        expect_null(f, "out NULL", call(null_mut(), elems.p(), size, sc.p(), 32, 1));
    }
    if case(f, "out NULL, no point") {
        expect_null(f, "out NULL", call(null_mut(), null(), 0, null(), 0, 1));
    }
    if case(f, "no point, NULL arrays") {
        check_eq!(call(out.m(), null(), 0, null(), 0, 1), 0);
    }
    let what = format!("{many} NULL");
    if case(f, &what) {
        expect_null(f, &what, call(out.m(), null(), size, sc.p(), 32, 1));
    }
    if case(f, "scalars NULL") {
        expect_null(f, "scalars NULL", call(out.m(), elems.p(), size, null(), 32, 1));
    }
    for &len in &HUGE {
        if case(f, &format!("NULL arrays, length {len}")) {
            let c = call(out.m(), null(), len, null(), len, 0);
            check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {len}: {c}");
        }
        // Whole arrays of different counts (real pointers): rejected
        // before reading.
        let whole = len / size * size;
        case(f, &format!("real {many}, length {whole}; one scalar"));
        let c = call(out.m(), elems.p(), whole, sc.p(), 32, 0);
        check!(c == LENGTH_MISMATCH || c == INVALID_LENGTH, "{f}: {whole}: {c}");
        let whole = len / 32 * 32;
        case(f, &format!("one {one}; real scalars, length {whole}"));
        let c = call(out.m(), elems.p(), size, sc.p(), whole, 0);
        check!(c == LENGTH_MISMATCH || c == INVALID_LENGTH, "{f}: {whole}: {c}");
    }
    for (l1, l2) in [(size - 1, 32), (size, 31), (size + 1, 32), (size, 33), (2 * size, 32)] {
        case(f, &format!("lengths {l1}, {l2}"));
        let c = call(out.m(), elems.p(), l1, sc.p(), l2, 0);
        check!(c == LENGTH_MISMATCH || c == INVALID_LENGTH, "{f}: {c}");
    }
    out.check(f);
}

/// Points of one group for the pairing cases: the foreign forms of
/// `size`-byte points (seeded with `seed`), the `small_order` points and
/// the `generator`.
pub(crate) fn pairing_points(
    size: usize,
    seed: u64,
    small_order: impl IntoIterator<Item = Vec<u8>>,
    generator: Vec<u8>,
) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = forms(size, Form::Fp, seed).into_iter().map(|x| x.1).collect();
    v.extend(small_order);
    v.push(generator);
    v
}
