//! The hostile inputs: error codes, huge lengths, guarded buffers with
//! canaries, in-memory forms the library never wrote, small-order points,
//! and the checks a child reports through.

use super::*;

pub(crate) const INVALID_LENGTH: c_int = 1;
pub(crate) const NOT_IN_SUBGROUP: c_int = 7;
pub(crate) const LENGTH_MISMATCH: c_int = 9;
pub(crate) const NULL_POINTER: c_int = 10;

/// Per-child limit: generous for a debug-assertions build on a loaded
/// 2-core machine; a child that needs it is stalled, not slow.
pub(crate) const CHILD_TIMEOUT: Duration = Duration::from_secs(60);

pub(crate) const HUGE: [usize; 4] = [1 << 40, isize::MAX as usize, usize::MAX, (isize::MAX as usize) + 1];

/// p, the base-field modulus, as little-endian 64-bit limbs.
pub(crate) const P_LIMBS: [u64; 6] =
    limbs_of_hex("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");
/// r, the group order, as little-endian 64-bit limbs.
pub(crate) const R_LIMBS: [u64; 4] = limbs_of_hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");

/// The `N` little-endian 64-bit limbs of a number written in big-endian hex
/// (lower case, exactly 16 N digits), at compile time.
pub(crate) const fn limbs_of_hex<const N: usize>(hex: &str) -> [u64; N] {
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

/// A G2 point of order 13 (ZCash compressed): on the curve,
/// outside the order-r subgroup; after 13 steps of |z| the Miller loop's
/// running point is the identity and every later line is zero.
pub(crate) const G2_ORDER_13: &str = "a39bfcf7739ddda85050abad47896d69f0edb0b26e55bfd7d1be52cdd9633114806491ce571e31a94fb5138b0e89e5d30adf181d822ba0f0912dfb1b62c1eaacdd4b14d62bc7e8fcdb5b0b5da2ac77f281db59553f3068f957c0374531edc1e4";

/// Draws of the shared splitmix64 generator ([`common::Rng`]).
impl Rng {
    pub(crate) fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

pub(crate) fn hex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
}

/// A byte buffer placed at offset 1 of its allocation (misaligned for
/// every limb type), with canary bytes on both sides.
pub(crate) struct Buf {
    pub(crate) store: Vec<u8>,
    len: usize,
}

pub(crate) const CANARY: u8 = 0xa5;
pub(crate) const GUARD: usize = 16;

impl Buf {
    pub(crate) fn new(content: &[u8]) -> Buf {
        let mut store = vec![CANARY; 1 + content.len() + GUARD];
        store[1..1 + content.len()].copy_from_slice(content);
        Buf { store, len: content.len() }
    }

    pub(crate) fn out(len: usize) -> Buf {
        Buf::new(&vec![0x5a; len])
    }

    pub(crate) fn p(&self) -> *const u8 {
        self.store[1..].as_ptr()
    }

    pub(crate) fn m(&mut self) -> *mut u8 {
        self.store[1..].as_mut_ptr()
    }

    /// Panics (failing the child) if a write went past either end.
    pub(crate) fn check(&self, what: &str) {
        assert_eq!(self.store[0], CANARY, "{what}: byte before the buffer written");
        assert!(self.store[1 + self.len..].iter().all(|&b| b == CANARY), "{what}: bytes after the buffer written");
    }
}

/// The kinds of in-memory form, for the "modulus in every limb group" case.
#[derive(Clone, Copy)]
pub(crate) enum Form {
    /// Fr (32 bytes).
    Fr,
    /// Anything over Fp: a whole number of 48-byte Fp elements.
    Fp,
    /// Bytes, no limb structure (encodings, scalars).
    Raw,
}

/// Hostile contents for a `size`-byte input: zeros, all 0xff, the modulus
/// in every limb group, three random fillings.
pub(crate) fn forms(size: usize, form: Form, seed: u64) -> Vec<(String, Vec<u8>)> {
    let mut rng = Rng(seed ^ size as u64);
    let mut v = vec![("zeros".to_string(), vec![0u8; size]), ("all 0xff".to_string(), vec![0xffu8; size])];
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
pub(crate) fn case(f: &str, what: &str) -> bool {
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
pub(crate) fn crash_only() -> bool {
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

/// The length cases of one array argument, `call(array, len)` with every
/// other argument valid: NULL with each length of `HUGE` (`NULL_POINTER` or
/// `INVALID_LENGTH`); the real array `real` with the lengths of `HUGE`
/// above `isize::MAX`, and with `partial` (lengths that are not a whole
/// number of items): `INVALID_LENGTH`, before anything is read. The cases
/// are named `"{null_name}, length N"` and `"{real_name}, length N"`.
pub(crate) fn array_length_cases(
    f: &str,
    (null_name, real_name): (&str, &str),
    real: *const u8,
    partial: &[usize],
    mut call: impl FnMut(*const u8, usize) -> c_int,
) {
    for &len in &HUGE {
        if case(f, &format!("{null_name}, length {len}")) {
            let c = call(null(), len);
            check!(c == NULL_POINTER || c == INVALID_LENGTH, "{f}: {len}: {c}");
        }
        if len > isize::MAX as usize {
            case(f, &format!("{real_name}, length {len}"));
            check_eq!(call(real, len), INVALID_LENGTH);
        }
    }
    for &len in partial {
        case(f, &format!("{real_name}, length {len}"));
        check_eq!(call(real, len), INVALID_LENGTH);
    }
}

/// Asserts the return code of an int function given a NULL it needs.
pub(crate) fn expect_null(f: &str, what: &str, c: c_int) {
    if crash_only() {
        return;
    }
    assert_eq!(c, NULL_POINTER, "{f}: {what}: expected BLS12_381_ERR_NULL_POINTER");
}

/// Valid points for the kinds that take them, made through the ABI.
pub(crate) fn g1_generator() -> Vec<u8> {
    let mut o = vec![0u8; G1_SIZE];
    unsafe { bls12_381_g1_one(o.as_mut_ptr()) };
    o
}

pub(crate) fn g2_generator() -> Vec<u8> {
    let mut o = vec![0u8; G2_SIZE];
    unsafe { bls12_381_g2_one(o.as_mut_ptr()) };
    o
}

/// Points outside the subgroup, decoded by the unchecked decoders: on G1,
/// (0, 2) and (0, -2) of order 3 (x = 0: y^2 = 4); on G2, the point of
/// order 13 of `G2_ORDER_13`. Jacobian forms.
pub(crate) fn small_order_g1() -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    for first in [0x80u8, 0xa0] {
        let mut enc = [0u8; G1_COMPRESSED_BYTES];
        enc[0] = first;
        let mut o = vec![0u8; G1_SIZE];
        let c = unsafe { bls12_381_g1_of_compressed_unchecked(o.as_mut_ptr(), enc.as_ptr(), enc.len()) };
        assert_eq!(c, 0, "(0, +-2) decodes unchecked");
        assert_eq!(unsafe { bls12_381_g1_is_in_subgroup(o.as_ptr()) }, 0);
        v.push(o);
    }
    v
}

pub(crate) fn small_order_g2() -> Vec<Vec<u8>> {
    let enc = hex(G2_ORDER_13);
    let mut o = vec![0u8; G2_SIZE];
    let c = unsafe { bls12_381_g2_of_compressed_unchecked(o.as_mut_ptr(), enc.as_ptr(), enc.len()) };
    assert_eq!(c, 0, "the order-13 point decodes unchecked");
    assert_eq!(unsafe { bls12_381_g2_is_in_subgroup(o.as_ptr()) }, 0);
    vec![o]
}
