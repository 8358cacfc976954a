//! The cases of the EIP-2537 exports (in the child): NULL for each pointer,
//! lengths no buffer has, unknown addresses, output buffers too small or
//! misaligned, and for each precompile inputs of hostile lengths and
//! contents (zeros, all 0xff, the modulus, random bytes, and the
//! precompile's valid all-zero input with one byte changed).

use super::*;

pub(crate) type EipRun = unsafe extern "C" fn(u64, *const u8, usize, *mut u8, usize, *mut usize, *mut u64) -> c_int;
pub(crate) type EipGas = unsafe extern "C" fn(u64, usize, *mut u64) -> c_int;

/// Addresses of no precompile: around the seven (0x0b..=0x11), far from
/// them, and 0x0b plus 2^32 (which a cast to 32 bits would confuse).
const UNKNOWN: [u64; 5] = [0, 0x0a, 0x12, (1 << 32) + 0x0b, u64::MAX];

/// The seven addresses, then the unknown ones.
fn addresses() -> impl Iterator<Item = u64> {
    (0x0b..=0x11).chain(UNKNOWN)
}
/// The codes a run may answer for a real input: OK or an EIP error.
const EIP_CODES: [c_int; 7] = [0, 12, 13, 14, 15, 16, 25];
const UNKNOWN_ADDRESS: c_int = 17;
const BUFFER_TOO_SMALL: c_int = 18;

/// The pair size (or fixed size) of the precompile at `a`.
fn unit(a: u64) -> usize {
    match a {
        0x0b => 256,
        0x0c => 160,
        0x0d => 512,
        0x0e => 288,
        0x0f => 384,
        0x10 => 64,
        _ => 128,
    }
}

/// A `size_t` or `uint64_t` out-parameter: 8 misaligned bytes between
/// canaries, pre-filled so that "nothing written" can be checked.
fn word() -> Buf {
    Buf::new(&[0x77; 8])
}

/// Checks that `b` (made by `word` or `Buf::out`) still holds its fill.
fn untouched(f: &str, what: &str, b: &Buf, fill: u8) {
    b.check(f);
    let end = b.store.len() - GUARD;
    assert!(b.store[1..end].iter().all(|&x| x == fill), "{f}: {what}: written");
}

/// Runs `rf` on `input` with an `out_cap`-byte misaligned output buffer;
/// checks the canaries and that `*out_len` and `*gas` were written
/// consistently with the code. Returns the code.
fn run_one(f: &str, what: &str, rf: EipRun, a: u64, input: &[u8], out_cap: usize) -> c_int {
    case(f, what);
    let inp = Buf::new(input);
    let mut out = Buf::out(out_cap);
    let (mut len, mut gas) = (word(), word());
    let c = unsafe { rf(a, inp.p(), input.len(), out.m(), out_cap, len.m().cast(), gas.m().cast()) };
    out.check(f);
    len.check(f);
    gas.check(f);
    let n = usize::from_ne_bytes(len.store[1..9].try_into().unwrap());
    check!(c == BUFFER_TOO_SMALL || n <= out_cap, "{f}: {what}: out_len {n} > cap {out_cap}");
    check!(c == 0 || c == BUFFER_TOO_SMALL || n == 0, "{f}: {what}: code {c}, out_len {n}");
    c
}

pub(crate) fn run_eip(f: &str, rf: EipRun) {
    let inp = Buf::new(&[0u8; 64]);
    let mut out = Buf::out(128);
    let (mut len, mut gas) = (word(), word());
    // NULL where memory is needed: the code, nothing written.
    for (what, i, il, o, oc, l, g) in [
        ("out_len NULL", true, 64, true, 128, false, true),
        ("gas NULL", true, 64, true, 128, true, false),
        ("in NULL, in_len 64", false, 64, true, 128, true, true),
        ("out NULL, out_cap 128", true, 64, false, 128, true, true),
        ("all NULL", false, 64, false, 128, false, false),
    ] {
        if !case(f, what) {
            continue;
        }
        let c = unsafe {
            rf(
                0x10,
                if i { inp.p() } else { null() },
                il,
                if o { out.m() } else { null_mut() },
                oc,
                if l { len.m().cast() } else { null_mut() },
                if g { gas.m().cast() } else { null_mut() },
            )
        };
        expect_null(f, what, c);
        untouched(f, what, &len, 0x77);
        untouched(f, what, &gas, 0x77);
        untouched(f, what, &out, 0x5a);
    }
    // NULL with length 0 is no error of its own: the output is too small.
    if case(f, "in and out NULL, lengths 0") {
        let c = unsafe { rf(0x10, null(), 0, null_mut(), 0, len.m().cast(), gas.m().cast()) };
        check_eq!(c, BUFFER_TOO_SMALL, "{f}");
    }
    // Lengths no buffer has: with NULL, NULL_POINTER; above isize::MAX with
    // a real buffer, INVALID_LENGTH before any read.
    for &huge in &HUGE {
        if case(f, &format!("NULL in, length {huge}")) {
            let c = unsafe { rf(0x0c, null(), huge, out.m(), 128, len.m().cast(), gas.m().cast()) };
            expect_null(f, "NULL in", c);
        }
        if case(f, &format!("NULL out, cap {huge}")) {
            let c = unsafe { rf(0x0c, inp.p(), 64, null_mut(), huge, len.m().cast(), gas.m().cast()) };
            expect_null(f, "NULL out", c);
        }
        if huge > isize::MAX as usize {
            case(f, &format!("real in, length {huge}"));
            for a in addresses() {
                let c = unsafe { rf(a, inp.p(), huge, out.m(), 128, len.m().cast(), gas.m().cast()) };
                check!(c == INVALID_LENGTH || c == UNKNOWN_ADDRESS, "{f}: {a:#x} {huge}: {c}");
            }
        }
    }
    out.check(f);
    // Every address, every hostile content at lengths around the unit, with
    // output buffers of 0, one short, exact and roomy.
    for a in addresses() {
        let u = unit(a);
        let need = if a == 0x0f {
            32
        } else if matches!(a, 0x0d | 0x0e | 0x11) {
            256
        } else {
            128
        };
        for cap in [0, need - 1, need, need + 7] {
            let c = run_one(f, &format!("{a:#x}: zeros, cap {cap}"), rf, a, &vec![0; u], cap);
            let known = (0x0b..=0x11).contains(&a);
            check!(!known || (c == 0) == (cap >= need), "{f}: {a:#x} cap {cap}: {c}");
        }
        for l in [0, 1, u - 1, u, u + 1, 2 * u, 3 * u] {
            let mut contents = forms(l, Form::Raw, a ^ l as u64);
            // The valid all-zero input with one byte changed: the first Fp's
            // top byte, its lowest byte, the last byte.
            for (what, at, v) in [("top byte", 0, 1u8), ("low byte", 63, 5), ("last byte", l.saturating_sub(1), 0xff)] {
                let mut z = vec![0u8; l];
                if let Some(b) = z.get_mut(at) {
                    *b = v;
                }
                contents.push((format!("zeros, {what} set"), z));
            }
            for (what, x) in contents {
                let c = run_one(f, &format!("{a:#x}: {l} bytes, {what}"), rf, a, &x, 256);
                let known = (0x0b..=0x11).contains(&a);
                check!(
                    if known { EIP_CODES.contains(&c) } else { c == UNKNOWN_ADDRESS },
                    "{f}: {a:#x} {l} {what}: code {c}"
                );
            }
        }
    }
}

pub(crate) fn run_eip_gas(f: &str, gf: EipGas) {
    if case(f, "gas NULL") {
        expect_null(f, "gas NULL", unsafe { gf(0x0c, 160, null_mut()) });
    }
    for a in addresses() {
        for l in [0, 1, 159, 160, 384, 1 << 20].into_iter().chain(HUGE) {
            case(f, &format!("{a:#x}, length {l}"));
            let mut g = word();
            let c = unsafe { gf(a, l, g.m().cast()) };
            g.check(f);
            let known = (0x0b..=0x11).contains(&a);
            check_eq!(c, if known { 0 } else { UNKNOWN_ADDRESS }, "{f}: {a:#x} {l}");
        }
    }
}
