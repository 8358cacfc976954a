//! Every exported function of the C ABI under hostile arguments: NULL for
//! each pointer, zero / off-by-one / huge lengths (2^40, isize::MAX,
//! usize::MAX), misaligned buffers (offset 1), in-memory forms the library
//! never wrote (random bytes, all 0xff, every limb group set to the modulus),
//! points of small order from the unchecked decoders, and the MSM thread
//! counts 0, 1, 3, 1000 and usize::MAX.
//!
//! Each function's cases run in a child process (this test binary re-run
//! with `HOSTILE_CASE=<symbol>`), because the failures looked for are
//! aborts (a panic cannot unwind out of an `extern "C"` function: the
//! process aborts) and faults, which would take the whole test binary down.
//! The parent fails on any signal, non-zero exit or timeout of a child,
//! naming the function and the last case the child announced.
//!
//! Coverage is checked, not assumed: the parent parses
//! `include/bls12_381.h` (expanding its g1/g2 macros) and the crate's
//! sources, and fails unless the header's functions, the sources'
//! `bls12_381_*` symbols and this file's table are the same set.
//!
//! Huge lengths go with NULL, or with a real buffer only where the function
//! must reject the length before reading (fixed-size decoders, lengths above
//! isize::MAX, arrays whose item counts differ): any other real buffer with a
//! length longer than itself would break the caller's side of the contract.
//!
//! Besides "no crash", the children check the NULL policy of the header:
//! an int-returning function given NULL where it needs memory returns
//! BLS12_381_ERR_NULL_POINTER (10), a predicate returns 0, and every output
//! buffer's neighbouring bytes are left as they were (canaries).

mod common;
use bls12_381_ffi::*;
use common::Rng;
use core::ffi::c_int;
use core::ptr::{null, null_mut};
use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const INVALID_LENGTH: c_int = 1;
const NOT_IN_SUBGROUP: c_int = 7;
const LENGTH_MISMATCH: c_int = 9;
const NULL_POINTER: c_int = 10;

/// Per-child limit: generous for a debug-assertions build on a loaded
/// 2-core machine; a child that needs it is stalled, not slow.
const CHILD_TIMEOUT: Duration = Duration::from_secs(60);

const HUGE: [usize; 4] = [
    1 << 40,
    isize::MAX as usize,
    usize::MAX,
    (isize::MAX as usize) + 1,
];

/// p, the base-field modulus, as little-endian 64-bit limbs.
const P_LIMBS: [u64; 6] = limbs_of_hex(
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
);
/// r, the group order, as little-endian 64-bit limbs.
const R_LIMBS: [u64; 4] =
    limbs_of_hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");

/// The `N` little-endian 64-bit limbs of a number written in big-endian hex
/// (lower case, exactly 16 N digits), at compile time.
const fn limbs_of_hex<const N: usize>(hex: &str) -> [u64; N] {
    let h = hex.as_bytes();
    assert!(h.len() == 16 * N);
    let mut limbs = [0u64; N];
    let mut i = 0;
    while i < h.len() {
        let d = match h[i] {
            b'0'..=b'9' => h[i] - b'0',
            b'a'..=b'f' => h[i] - b'a' + 10,
            _ => panic!("not a lower-case hex digit"),
        };
        let limb = N - 1 - i / 16;
        limbs[limb] = (limbs[limb] << 4) | d as u64;
        i += 1;
    }
    limbs
}

/// The G2 point of order 13 of issue 15 (ZCash compressed): on the curve,
/// outside the order-r subgroup; after 13 steps of |z| the Miller loop's
/// running point is the identity and every later line is zero.
const G2_ORDER_13: &str = "a39bfcf7739ddda85050abad47896d69f0edb0b26e55bfd7d1be52cdd9633114806491ce571e31a94fb5138b0e89e5d30adf181d822ba0f0912dfb1b62c1eaacdd4b14d62bc7e8fcdb5b0b5da2ac77f281db59553f3068f957c0374531edc1e4";

/// Draws of the shared splitmix64 generator ([`common::Rng`]).
impl Rng {
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

/// A byte buffer placed at offset 1 of its allocation (misaligned for
/// every limb type), with canary bytes on both sides.
struct Buf {
    store: Vec<u8>,
    len: usize,
}

const CANARY: u8 = 0xa5;
const GUARD: usize = 16;

impl Buf {
    fn new(content: &[u8]) -> Buf {
        let mut store = vec![CANARY; 1 + content.len() + GUARD];
        store[1..1 + content.len()].copy_from_slice(content);
        Buf {
            store,
            len: content.len(),
        }
    }

    fn out(len: usize) -> Buf {
        Buf::new(&vec![0x5a; len])
    }

    fn p(&self) -> *const u8 {
        self.store[1..].as_ptr()
    }

    fn m(&mut self) -> *mut u8 {
        self.store[1..].as_mut_ptr()
    }

    /// Panics (failing the child) if a write went past either end.
    fn check(&self, what: &str) {
        assert_eq!(
            self.store[0], CANARY,
            "{what}: byte before the buffer written"
        );
        assert!(
            self.store[1 + self.len..].iter().all(|&b| b == CANARY),
            "{what}: bytes after the buffer written"
        );
    }
}

/// The kinds of in-memory form, for the "modulus in every limb group" case.
#[derive(Clone, Copy)]
enum Form {
    /// Fr (32 bytes).
    Fr,
    /// Anything over Fp: a whole number of 48-byte Fp elements.
    Fp,
    /// Bytes, no limb structure (encodings, scalars).
    Raw,
}

/// Hostile contents for a `size`-byte input: zeros, all 0xff, the modulus
/// in every limb group, three random fillings.
fn forms(size: usize, form: Form, seed: u64) -> Vec<(String, Vec<u8>)> {
    let mut rng = Rng(seed ^ size as u64);
    let mut v = vec![
        ("zeros".to_string(), vec![0u8; size]),
        ("all 0xff".to_string(), vec![0xffu8; size]),
    ];
    let limbs: &[u64] = match form {
        Form::Fr => &R_LIMBS,
        Form::Fp => &P_LIMBS,
        Form::Raw => &[],
    };
    if !limbs.is_empty() {
        let group: Vec<u8> = limbs.iter().flat_map(|l| l.to_le_bytes()).collect();
        let m: Vec<u8> = group.iter().copied().cycle().take(size).collect();
        v.push(("modulus limbs".to_string(), m));
    }
    for i in 0..3 {
        v.push((format!("random {i}"), rng.bytes(size)));
    }
    v
}

/// Announces a case on stderr, so that the parent can name the last case
/// a dying child started.
fn case(f: &str, what: &str) -> bool {
    if crash_only() && what.contains("NULL") {
        return false;
    }
    let mut e = std::io::stderr().lock();
    let _ = writeln!(e, "CASE {f}: {what}");
    true
}

/// `HOSTILE_CRASH_ONLY=1`: skip the NULL cases and the checks of return
/// codes, counting only crashes, hangs and out-of-bounds writes (to measure
/// code written before the NULL policy, where every NULL case faults).
fn crash_only() -> bool {
    std::env::var_os("HOSTILE_CRASH_ONLY").is_some()
}

/// `assert!` / `assert_eq!` on return codes, skipped in crash-only mode.
macro_rules! check {
    ($($t:tt)*) => {
        if !crash_only() {
            assert!($($t)*);
        }
    };
}
macro_rules! check_eq {
    ($($t:tt)*) => {
        if !crash_only() {
            assert_eq!($($t)*);
        }
    };
}

type Writer = unsafe extern "C" fn(*mut u8);
type Pred1 = unsafe extern "C" fn(*const u8) -> c_int;
type Pred2 = unsafe extern "C" fn(*const u8, *const u8) -> c_int;
type Unary = unsafe extern "C" fn(*mut u8, *const u8);
type UnaryI = unsafe extern "C" fn(*mut u8, *const u8) -> c_int;
type Binary = unsafe extern "C" fn(*mut u8, *const u8, *const u8);
type BinaryI = unsafe extern "C" fn(*mut u8, *const u8, *const u8) -> c_int;
type Decode = unsafe extern "C" fn(*mut u8, *const u8, usize) -> c_int;
type Scal = unsafe extern "C" fn(*mut u8, *const u8, *const u8, usize);
type Hash = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize);
type Pairs = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize) -> c_int;
type Msm = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize, usize) -> c_int;
type MsmC =
    unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize, c_int, usize) -> c_int;

/// One exported function and the shape of its arguments.
#[derive(Clone, Copy)]
enum Kind {
    /// `void f(out[o])`.
    Writer(Writer, usize),
    /// `int f(a[i])`: a predicate (1 or 0; legendre: 1, -1 or 0).
    Pred1(Pred1, usize, Form),
    /// `int f(a[i], b[i])`: a predicate.
    Pred2(Pred2, usize, Form),
    /// `void f(out[o], a[i])`.
    Unary(Unary, usize, usize, Form),
    /// `int f(out[o], a[i])`.
    UnaryI(UnaryI, usize, usize, Form),
    /// `void f(out[o], a[o], b[o])`.
    Binary(Binary, usize, Form),
    /// `int f(out[o], a[i], b[j])`: the pairing of a G1 and a G2 point.
    Pairing(BinaryI),
    /// `int f(out[o], in, len)`: a decoder taking exactly `len` bytes.
    Decode(Decode, usize, usize),
    /// `int f(out, in, len)`: batch_to_affine (Jacobian size, affine size).
    Batch(Decode, usize, usize),
    /// `void f(out[o], a[o], s, s_len)`: power or scalar multiplication.
    Scal(Scal, usize, Form),
    /// `void f(out[o], msg, msg_len, dst, dst_len)`.
    Hash(Hash, usize),
    /// `int f(out[o], g1s, g1s_len, g2s, g2s_len)`.
    Pairs(Pairs, usize),
    /// `int f(out[o], points, len, scalars, len, threads)` (Jacobian size,
    /// affine size).
    Msm(Msm, usize, usize),
    /// `int f(out[o], encs, len, scalars, len, check, threads)` (Jacobian
    /// size, compressed size).
    MsmC(MsmC, usize, usize),
}

/// A table entry: the symbol's name is the function's own identifier, so
/// the name checked against the header is the function called.
macro_rules! e {
    ($kind:ident($f:ident $(, $arg:expr)*)) => {
        (stringify!($f), Kind::$kind($f $(, $arg)*))
    };
}

/// The table: every exported function. The parent checks it against the
/// header and the sources.
fn table() -> Vec<(&'static str, Kind)> {
    use Form::*;
    let (g1, g1a, g1c, g1u) = (
        G1_SIZE,
        G1_AFFINE_SIZE,
        G1_COMPRESSED_BYTES,
        G1_UNCOMPRESSED_BYTES,
    );
    let (g2, g2a, g2c, g2u) = (
        G2_SIZE,
        G2_AFFINE_SIZE,
        G2_COMPRESSED_BYTES,
        G2_UNCOMPRESSED_BYTES,
    );
    let mut t: Vec<(&'static str, Kind)> = vec![
        e!(Writer(bls12_381_fr_zero, 32)),
        e!(Writer(bls12_381_fr_one, 32)),
        e!(Pred1(bls12_381_fr_is_zero, 32, Fr)),
        e!(Pred1(bls12_381_fr_is_one, 32, Fr)),
        e!(Pred2(bls12_381_fr_eq, 32, Fr)),
        e!(Binary(bls12_381_fr_add, 32, Fr)),
        e!(Binary(bls12_381_fr_sub, 32, Fr)),
        e!(Binary(bls12_381_fr_mul, 32, Fr)),
        e!(Unary(bls12_381_fr_neg, 32, 32, Fr)),
        e!(Unary(bls12_381_fr_double, 32, 32, Fr)),
        e!(Unary(bls12_381_fr_square, 32, 32, Fr)),
        e!(UnaryI(bls12_381_fr_inverse, 32, 32, Fr)),
        e!(Scal(bls12_381_fr_pow, 32, Fr)),
        e!(UnaryI(bls12_381_fr_sqrt, 32, 32, Fr)),
        e!(Pred1(bls12_381_fr_legendre, 32, Fr)),
        e!(Decode(bls12_381_fr_of_bytes, 32, 32)),
        e!(Unary(bls12_381_fr_to_bytes, 32, 32, Fr)),
        e!(Unary(bls12_381_fr_of_bytes_wide, 32, 64, Raw)),
        e!(Writer(bls12_381_fq12_zero, 576)),
        e!(Writer(bls12_381_fq12_one, 576)),
        e!(Pred1(bls12_381_fq12_is_zero, 576, Fp)),
        e!(Pred1(bls12_381_fq12_is_one, 576, Fp)),
        e!(Pred2(bls12_381_fq12_eq, 576, Fp)),
        e!(Binary(bls12_381_fq12_add, 576, Fp)),
        e!(Binary(bls12_381_fq12_sub, 576, Fp)),
        e!(Binary(bls12_381_fq12_mul, 576, Fp)),
        e!(Unary(bls12_381_fq12_neg, 576, 576, Fp)),
        e!(Unary(bls12_381_fq12_double, 576, 576, Fp)),
        e!(Unary(bls12_381_fq12_square, 576, 576, Fp)),
        e!(UnaryI(bls12_381_fq12_inverse, 576, 576, Fp)),
        e!(Scal(bls12_381_fq12_pow, 576, Fp)),
        e!(Decode(bls12_381_fq12_of_bytes, 576, 576)),
        e!(Unary(bls12_381_fq12_to_bytes, 576, 576, Fp)),
        e!(Unary(bls12_381_fq12_of_bytes_wide, 576, 768, Raw)),
        e!(Pairs(bls12_381_miller_loop, 576)),
        e!(UnaryI(bls12_381_final_exponentiation, 576, 576, Fp)),
        e!(Pairing(bls12_381_pairing)),
        e!(Pairs(bls12_381_pairing_check, 1)),
        e!(Writer(bls12_381_gt_identity, 576)),
        e!(Writer(bls12_381_gt_generator, 576)),
        e!(Pred1(bls12_381_gt_is_identity, 576, Fp)),
        e!(Pred2(bls12_381_gt_eq, 576, Fp)),
        e!(Binary(bls12_381_gt_mul, 576, Fp)),
        e!(Unary(bls12_381_gt_square, 576, 576, Fp)),
        e!(Unary(bls12_381_gt_inverse, 576, 576, Fp)),
        e!(Scal(bls12_381_gt_pow, 576, Fp)),
        e!(Scal(bls12_381_gt_pow_vartime, 576, Fp)),
        e!(Decode(bls12_381_gt_of_bytes, 576, 576)),
        e!(Unary(bls12_381_gt_to_bytes, 576, 576, Fp)),
        e!(UnaryI(bls12_381_gt_of_fq12, 576, 576, Fp)),
        e!(Msm(bls12_381_g1_msm, g1, g1a)),
        e!(MsmC(bls12_381_g1_msm_compressed, g1, g1c)),
        e!(Batch(bls12_381_g1_batch_to_affine, g1, g1a)),
        e!(Msm(bls12_381_g2_msm, g2, g2a)),
        e!(MsmC(bls12_381_g2_msm_compressed, g2, g2c)),
        e!(Batch(bls12_381_g2_batch_to_affine, g2, g2a)),
    ];
    // The per-group functions, G1 then G2.
    t.extend([
        e!(Writer(bls12_381_g1_zero, g1)),
        e!(Writer(bls12_381_g1_one, g1)),
        e!(Pred1(bls12_381_g1_is_zero, g1, Fp)),
        e!(Pred2(bls12_381_g1_eq, g1, Fp)),
        e!(Binary(bls12_381_g1_add, g1, Fp)),
        e!(Unary(bls12_381_g1_double, g1, g1, Fp)),
        e!(Unary(bls12_381_g1_neg, g1, g1, Fp)),
        e!(Scal(bls12_381_g1_mul, g1, Fp)),
        e!(Decode(bls12_381_g1_of_compressed, g1, g1c)),
        e!(Decode(bls12_381_g1_of_compressed_unchecked, g1, g1c)),
        e!(Decode(bls12_381_g1_of_uncompressed, g1, g1u)),
        e!(Decode(bls12_381_g1_of_uncompressed_unchecked, g1, g1u)),
        e!(Unary(bls12_381_g1_to_compressed, g1c, g1, Fp)),
        e!(Unary(bls12_381_g1_to_uncompressed, g1u, g1, Fp)),
        e!(Decode(bls12_381_g1_affine_of_uncompressed, g1a, g1u)),
        e!(Unary(bls12_381_g1_affine_to_uncompressed, g1u, g1a, Fp)),
        e!(Decode(
            bls12_381_g1_affine_of_uncompressed_unchecked,
            g1a,
            g1u
        )),
        e!(Unary(bls12_381_g1_to_affine, g1a, g1, Fp)),
        e!(Unary(bls12_381_g1_of_affine, g1, g1a, Fp)),
        e!(Decode(bls12_381_g1_of_xy, g1, g1u)),
        e!(Hash(bls12_381_g1_hash_to_curve, g1)),
        e!(Hash(bls12_381_g1_encode_to_curve, g1)),
        e!(Pred1(bls12_381_g1_is_in_subgroup, g1, Fp)),
        e!(Writer(bls12_381_g2_zero, g2)),
        e!(Writer(bls12_381_g2_one, g2)),
        e!(Pred1(bls12_381_g2_is_zero, g2, Fp)),
        e!(Pred2(bls12_381_g2_eq, g2, Fp)),
        e!(Binary(bls12_381_g2_add, g2, Fp)),
        e!(Unary(bls12_381_g2_double, g2, g2, Fp)),
        e!(Unary(bls12_381_g2_neg, g2, g2, Fp)),
        e!(Scal(bls12_381_g2_mul, g2, Fp)),
        e!(Decode(bls12_381_g2_of_compressed, g2, g2c)),
        e!(Decode(bls12_381_g2_of_compressed_unchecked, g2, g2c)),
        e!(Decode(bls12_381_g2_of_uncompressed, g2, g2u)),
        e!(Decode(bls12_381_g2_of_uncompressed_unchecked, g2, g2u)),
        e!(Unary(bls12_381_g2_to_compressed, g2c, g2, Fp)),
        e!(Unary(bls12_381_g2_to_uncompressed, g2u, g2, Fp)),
        e!(Decode(bls12_381_g2_affine_of_uncompressed, g2a, g2u)),
        e!(Unary(bls12_381_g2_affine_to_uncompressed, g2u, g2a, Fp)),
        e!(Decode(
            bls12_381_g2_affine_of_uncompressed_unchecked,
            g2a,
            g2u
        )),
        e!(Unary(bls12_381_g2_to_affine, g2a, g2, Fp)),
        e!(Unary(bls12_381_g2_of_affine, g2, g2a, Fp)),
        e!(Decode(bls12_381_g2_of_xy, g2, g2u)),
        e!(Hash(bls12_381_g2_hash_to_curve, g2)),
        e!(Hash(bls12_381_g2_encode_to_curve, g2)),
        e!(Pred1(bls12_381_g2_is_in_subgroup, g2, Fp)),
    ]);
    t
}

/// Asserts the return code of an int function given a NULL it needs.
fn expect_null(f: &str, what: &str, c: c_int) {
    if crash_only() {
        return;
    }
    assert_eq!(
        c, NULL_POINTER,
        "{f}: {what}: expected BLS12_381_ERR_NULL_POINTER"
    );
}

/// Valid points for the kinds that take them, made through the ABI.
fn g1_generator() -> Vec<u8> {
    let mut o = vec![0u8; G1_SIZE];
    unsafe { bls12_381_g1_one(o.as_mut_ptr()) };
    o
}

fn g2_generator() -> Vec<u8> {
    let mut o = vec![0u8; G2_SIZE];
    unsafe { bls12_381_g2_one(o.as_mut_ptr()) };
    o
}

/// Points outside the subgroup, decoded by the unchecked decoders: on G1,
/// (0, 2) and (0, -2) of order 3 (x = 0: y^2 = 4); on G2, the point of
/// order 13 of the issue. Jacobian forms.
fn small_order_g1() -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    for first in [0x80u8, 0xa0] {
        let mut enc = [0u8; G1_COMPRESSED_BYTES];
        enc[0] = first;
        let mut o = vec![0u8; G1_SIZE];
        let c = unsafe {
            bls12_381_g1_of_compressed_unchecked(o.as_mut_ptr(), enc.as_ptr(), enc.len())
        };
        assert_eq!(c, 0, "(0, +-2) decodes unchecked");
        assert_eq!(unsafe { bls12_381_g1_is_in_subgroup(o.as_ptr()) }, 0);
        v.push(o);
    }
    v
}

fn small_order_g2() -> Vec<Vec<u8>> {
    let enc = hex(G2_ORDER_13);
    let mut o = vec![0u8; G2_SIZE];
    let c =
        unsafe { bls12_381_g2_of_compressed_unchecked(o.as_mut_ptr(), enc.as_ptr(), enc.len()) };
    assert_eq!(c, 0, "the order-13 point decodes unchecked");
    assert_eq!(unsafe { bls12_381_g2_is_in_subgroup(o.as_ptr()) }, 0);
    vec![o]
}

/// Runs every case of one function (in the child).
#[allow(clippy::cognitive_complexity)]
fn run(name: &str, kind: Kind) {
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
                check!(
                    (-1..=1).contains(&r),
                    "{f}: {what}: {r} is no predicate value"
                );
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
            // vanishes (issue 15, defect 1): NOT_IN_SUBGROUP, out untouched.
            case(f, "G1 generator, G2 order 13");
            let (x, y) = (Buf::new(&g1_generator()), Buf::new(&small_order_g2()[0]));
            let mut out = Buf::out(576);
            let c = unsafe { pf(out.m(), x.p(), y.p()) };
            check_eq!(c, NOT_IN_SUBGROUP, "{f}: the vanishing Miller loop");
            check!(
                out.store[1..577].iter().all(|&b| b == 0x5a),
                "{f}: out written on error"
            );
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
                check_eq!(
                    unsafe { d(out.m(), good.p(), len) },
                    INVALID_LENGTH,
                    "{f}: length {len}"
                );
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
            for &len in &HUGE {
                if case(f, &format!("in NULL, length {len}")) {
                    let c = unsafe { bf(out.m(), null(), len) };
                    check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {len}: {c}");
                }
                if len > isize::MAX as usize {
                    case(f, &format!("real buffer, length {len}"));
                    check_eq!(unsafe { bf(out.m(), inp.p(), len) }, INVALID_LENGTH);
                }
            }
            for len in [1, s - 1, s + 1, 3 * s - 1] {
                case(f, &format!("real buffer, length {len}"));
                check_eq!(unsafe { bf(out.m(), inp.p(), len) }, INVALID_LENGTH);
            }
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
                expect_null(f, "out NULL", unsafe {
                    pf(null_mut(), p.p(), G1_SIZE, q.p(), G2_SIZE)
                });
            }
            if case(f, "out NULL, no pair") {
                expect_null(f, "out NULL", unsafe {
                    pf(null_mut(), null(), 0, null(), 0)
                });
            }
            if case(f, "no pair, NULL arrays") {
                check_eq!(unsafe { pf(out.m(), null(), 0, null(), 0) }, 0);
            }
            if case(f, "g1s NULL") {
                expect_null(f, "g1s NULL", unsafe {
                    pf(out.m(), null(), G1_SIZE, q.p(), G2_SIZE)
                });
            }
            if case(f, "g2s NULL") {
                expect_null(f, "g2s NULL", unsafe {
                    pf(out.m(), p.p(), G1_SIZE, null(), G2_SIZE)
                });
            }
            for &len in &HUGE {
                if case(f, &format!("NULL arrays, length {len}")) {
                    let c = unsafe { pf(out.m(), null(), len, null(), len) };
                    check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {len}: {c}");
                }
                if case(
                    f,
                    &format!("NULL g1s of length {len} with one real G2 point"),
                ) {
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
            for (l1, l2) in [
                (G1_SIZE - 1, G2_SIZE),
                (G1_SIZE, G2_SIZE + 1),
                (G1_SIZE, 0),
                (0, G2_SIZE),
            ] {
                case(f, &format!("lengths {l1}, {l2}"));
                check_eq!(unsafe { pf(out.m(), p.p(), l1, q.p(), l2) }, INVALID_LENGTH);
            }
            out.check(f);
            // Foreign forms and small-order points, one pair and three.
            let mut g1s: Vec<Vec<u8>> = forms(G1_SIZE, Form::Fp, 16)
                .into_iter()
                .map(|x| x.1)
                .collect();
            g1s.extend(small_order_g1());
            g1s.push(g1_generator());
            let mut g2s: Vec<Vec<u8>> = forms(G2_SIZE, Form::Fp, 17)
                .into_iter()
                .map(|x| x.1)
                .collect();
            g2s.extend(small_order_g2());
            g2s.push(g2_generator());
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
            let pts = Buf::new(&vec![0u8; 2 * a]);
            let sc = Buf::new(&[1u8; 64]);
            let mut out = Buf::out(s);
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe {
                    mf(null_mut(), pts.p(), a, sc.p(), 32, 1)
                });
            }
            if case(f, "out NULL, no point") {
                expect_null(f, "out NULL", unsafe {
                    mf(null_mut(), null(), 0, null(), 0, 1)
                });
            }
            if case(f, "no point, NULL arrays") {
                check_eq!(unsafe { mf(out.m(), null(), 0, null(), 0, 1) }, 0);
            }
            if case(f, "points NULL") {
                expect_null(f, "points NULL", unsafe {
                    mf(out.m(), null(), a, sc.p(), 32, 1)
                });
            }
            if case(f, "scalars NULL") {
                expect_null(f, "scalars NULL", unsafe {
                    mf(out.m(), pts.p(), a, null(), 32, 1)
                });
            }
            for &len in &HUGE {
                if case(f, &format!("NULL arrays, length {len}")) {
                    let c = unsafe { mf(out.m(), null(), len, null(), len, 0) };
                    check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {len}: {c}");
                }
                // Whole arrays of different counts (real pointers):
                // rejected before reading.
                let whole = len / a * a;
                case(f, &format!("real points, length {whole}; one scalar"));
                let c = unsafe { mf(out.m(), pts.p(), whole, sc.p(), 32, 0) };
                check!(
                    c == LENGTH_MISMATCH || c == INVALID_LENGTH,
                    "{f}: {whole}: {c}"
                );
                let whole = len / 32 * 32;
                case(f, &format!("one point; real scalars, length {whole}"));
                let c = unsafe { mf(out.m(), pts.p(), a, sc.p(), whole, 0) };
                check!(
                    c == LENGTH_MISMATCH || c == INVALID_LENGTH,
                    "{f}: {whole}: {c}"
                );
            }
            for (l1, l2) in [(a - 1, 32), (a, 31), (a + 1, 32), (a, 33), (2 * a, 32)] {
                case(f, &format!("lengths {l1}, {l2}"));
                let c = unsafe { mf(out.m(), pts.p(), l1, sc.p(), l2, 0) };
                check!(c == LENGTH_MISMATCH || c == INVALID_LENGTH, "{f}: {c}");
            }
            out.check(f);
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
            let encs = Buf::new(&vec![0u8; 2 * comp]);
            let sc = Buf::new(&[1u8; 64]);
            let mut out = Buf::out(s);
            if case(f, "out NULL") {
                expect_null(f, "out NULL", unsafe {
                    mf(null_mut(), encs.p(), comp, sc.p(), 32, 1, 1)
                });
            }
            if case(f, "no point, NULL arrays") {
                check_eq!(unsafe { mf(out.m(), null(), 0, null(), 0, 1, 1) }, 0);
            }
            if case(f, "encs NULL") {
                expect_null(f, "encs NULL", unsafe {
                    mf(out.m(), null(), comp, sc.p(), 32, 1, 1)
                });
            }
            if case(f, "scalars NULL") {
                expect_null(f, "scalars NULL", unsafe {
                    mf(out.m(), encs.p(), comp, null(), 32, 1, 1)
                });
            }
            for &len in &HUGE {
                if case(f, &format!("NULL arrays, length {len}")) {
                    let c = unsafe { mf(out.m(), null(), len, null(), len, 1, 0) };
                    check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {len}: {c}");
                }
                let whole = len / comp * comp;
                case(f, &format!("real encs, length {whole}; one scalar"));
                let c = unsafe { mf(out.m(), encs.p(), whole, sc.p(), 32, 1, 0) };
                check!(
                    c == LENGTH_MISMATCH || c == INVALID_LENGTH,
                    "{f}: {whole}: {c}"
                );
                let whole = len / 32 * 32;
                case(f, &format!("one enc; real scalars, length {whole}"));
                let c = unsafe { mf(out.m(), encs.p(), comp, sc.p(), whole, 1, 0) };
                check!(
                    c == LENGTH_MISMATCH || c == INVALID_LENGTH,
                    "{f}: {whole}: {c}"
                );
            }
            out.check(f);
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
            for (what, e) in [
                ("random encodings", &random),
                ("identity encodings", &ident),
            ] {
                for threads in [0usize, 1, 3, 1000, usize::MAX] {
                    for check in [0, 1, -1] {
                        case(f, &format!("{n} {what}, check {check}, threads {threads}"));
                        let (x, y) = (Buf::new(e), Buf::new(&scal));
                        let mut out = Buf::out(s);
                        let c =
                            unsafe { mf(out.m(), x.p(), n * comp, y.p(), 32 * n, check, threads) };
                        check!((0..=NULL_POINTER).contains(&c), "{f}: code {c}");
                        out.check(f);
                    }
                }
            }
        }
    }
}

/// The child: runs the cases of the function named by `HOSTILE_CASE`.
/// Without the variable (a normal test run) it does nothing.
#[test]
fn hostile_child() {
    let Ok(name) = std::env::var("HOSTILE_CASE") else {
        return;
    };
    let t = table();
    let (_, kind) = t
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no case {name}"));
    run(&name, *kind);
    case(&name, "DONE");
}

/// The functions the header declares, its g1/g2 macros expanded.
fn header_functions() -> BTreeSet<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/include/bls12_381.h");
    let text = std::fs::read_to_string(path).expect("the header");
    // Drop the comments, then take every identifier starting bls12_381_
    // that is followed by '(' (a declaration; the macro's `##g##` pasting
    // expanded for both groups).
    let mut code = String::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("/*") {
        code.push_str(&rest[..i]);
        let j = rest[i..].find("*/").expect("closed comment");
        rest = &rest[i + j + 2..];
    }
    code.push_str(rest);
    let mut out = BTreeSet::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while let Some(k) = code[i..].find("bls12_381_") {
        let start = i + k;
        let mut end = start;
        while end < bytes.len()
            && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_' || bytes[end] == b'#')
        {
            end += 1;
        }
        let mut after = end;
        while after < bytes.len() && bytes[after] == b' ' {
            after += 1;
        }
        if after < bytes.len() && bytes[after] == b'(' {
            let id = &code[start..end];
            if id.contains("##g##") {
                for g in ["g1", "g2"] {
                    out.insert(id.replace("##g##", g));
                }
            } else {
                out.insert(id.to_string());
            }
        }
        i = end.max(start + 1);
    }
    out
}

/// The `bls12_381_*` symbols the sources name (function names and the
/// symbol arguments of the defining macros), comments excluded.
fn source_symbols() -> BTreeSet<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut out = BTreeSet::new();
    for e in std::fs::read_dir(dir).expect("src") {
        let p = e.expect("entry").path();
        if p.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&p).expect("source");
        for line in text.lines() {
            let l = line.trim_start();
            if l.starts_with("//") {
                continue;
            }
            let b = l.as_bytes();
            let mut i = 0;
            while let Some(k) = l[i..].find("bls12_381_") {
                let start = i + k;
                let mut end = start;
                while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_') {
                    end += 1;
                }
                let id = &l[start..end];
                let preceded =
                    start > 0 && (b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'_');
                if !preceded && id != "bls12_381_core" && id != "bls12_381_ffi" {
                    out.insert(id.to_string());
                }
                i = end;
            }
        }
    }
    out
}

/// The parent: checks coverage, then runs each function's cases in a child
/// process, two at a time, and fails naming every child that died.
#[test]
fn hostile_every_export() {
    if std::env::var("HOSTILE_CASE").is_ok() {
        return;
    }
    let t = table();
    let tabled: BTreeSet<String> = t.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(
        tabled.len(),
        t.len(),
        "a function appears twice in the table"
    );
    let header = header_functions();
    let sources = source_symbols();
    let missing: Vec<_> = header.difference(&tabled).collect();
    let extra: Vec<_> = tabled.difference(&header).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "header vs table: no case for {missing:?}; not in the header: {extra:?}"
    );
    let missing: Vec<_> = sources.difference(&tabled).collect();
    let extra: Vec<_> = tabled.difference(&sources).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "sources vs table: no case for {missing:?}; not in the sources: {extra:?}"
    );
    eprintln!(
        "hostile: {} exported functions, header and sources agree",
        t.len()
    );

    let exe = std::env::current_exe().expect("test binary");
    let names: Vec<&'static str> = t.iter().map(|(n, _)| *n).collect();
    let queue = std::sync::Mutex::new(names.into_iter());
    let failures = std::sync::Mutex::new(Vec::<String>::new());
    let workers = std::env::var("HOSTILE_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2usize);
    std::thread::scope(|sc| {
        for _ in 0..workers {
            sc.spawn(|| loop {
                let Some(name) = queue.lock().unwrap().next() else {
                    break;
                };
                if let Some(msg) = run_child(&exe, name) {
                    failures.lock().unwrap().push(msg);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} functions failed:\n{}",
        failures.len(),
        t.len(),
        failures.join("\n")
    );
}

/// Runs one child; `Some(description)` if it failed.
fn run_child(exe: &std::path::Path, name: &str) -> Option<String> {
    let start = Instant::now();
    let mut child = Command::new(exe)
        .args([
            "hostile_child",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("HOSTILE_CASE", name)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn child");
    // Drain stderr on a thread so that a chatty child cannot block.
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break Some(st);
        }
        if start.elapsed() > CHILD_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let log = reader.join().unwrap_or_default();
    let last = log
        .lines()
        .rfind(|l| l.starts_with("CASE "))
        .unwrap_or("CASE (none)")
        .to_string();
    let why = match status {
        None => format!("timeout after {:?}", CHILD_TIMEOUT),
        Some(st) if st.success() && last.ends_with(": DONE") => return None,
        Some(st) => {
            use std::os::unix::process::ExitStatusExt;
            match st.signal() {
                Some(sig) => format!("killed by signal {sig}"),
                None => format!("exit status {:?}", st.code()),
            }
        }
    };
    let detail: Vec<&str> = log
        .lines()
        .filter(|l| {
            l.contains("panicked")
                || l.contains("assert")
                || l.contains("precondition")
                || l.contains("expected")
                || l.contains("must")
        })
        .take(4)
        .collect();
    Some(format!(
        "  {name}: {why}; last case: {last}; {}",
        detail.join(" | ")
    ))
}
