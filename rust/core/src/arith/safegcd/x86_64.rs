//! The constant-time divsteps of [`super::inv_mod_scaled`] on x86_64: units
//! of 14 hddivsteps, each value and its matrix row packed in one register.
//!
//! # Packing
//!
//! A unit starts from the low 14 bits f0 (odd) and g0 of f and g. Divsteps
//! are run without halving ("unshifted"): after j steps the registers hold
//! `F = 2^j f_j` and `G = 2^j g_j`, so that a step is `G <- G + F`,
//! `G <- G - F` or nothing, and `F <- 2F` or `F <- 2G` (the swap), and
//! step j reads bit j of G. These are linear maps, and `(F, G)` is the
//! transition matrix `(u v; q r)` (scaled by 2^j) times `(f0, g0)`. Applied
//! to the words
//!
//! ```text
//! Wf = F + 2^29 u + 2^45 v        Wg = G + 2^29 q + 2^45 r
//! ```
//!
//! (starting from `Wf = f0 + 2^29`, `Wg = g0 + 2^45`) the same operations
//! keep all three fields of each word exact, as integers, as long as no
//! word overflows; so one register per row carries the value and the matrix
//! entries, and a step costs a handful of instructions (see `step!`).
//!
//! Why the fields neither overlap nor overflow, for j <= 14:
//! * a divstep never increases max(|f|, |g|) (the new f is f or g, the new
//!   g is (g +- f)/2 or g/2), so |F|, |G| < 2^j 2^14 <= 2^28: the low
//!   29 bits of a word are the value in two's complement, and the bit a
//!   step reads (bit j < 14) is the value's;
//! * each step makes the g-row the sum or difference of the rows and the
//!   f-row twice a row, so the L1 norm of a row at most doubles: every
//!   matrix entry is at most 2^14 in absolute value, inside the signed
//!   16-bit field at bit 29 and far from overflowing the top field at
//!   bit 45 (|word| < 2^28 + 2^43 + 2^59 < 2^63).
//!
//! After 14 steps [`decode`] reads the entries back, the 62-bit words of f
//! and g advance by the matrix (`(u f + v g) / 2^14`, exact division, correct
//! in their low 50 bits, of which the next unit reads 14), and up to four
//! units compose into the matrix of one round (entries at most 2^56).
//!
//! # Constant time
//!
//! Every decision is a conditional move on flags computed from secret
//! data, never a branch or a memory index: the step's bit is moved into
//! the sign of a scratch register (`shl`), whose sign after `and` with
//! zeta is the swap condition (bit set and zeta < 0, i.e. delta > 0).

use super::Trans;

/// Steps per unit.
pub(super) const UNIT: u32 = 14;
/// Position of the first matrix field (the value takes bits 0..29).
const A: u32 = 29;
/// Position of the second matrix field (the first takes bits 29..45).
const B: u32 = 45;
/// The low 14 bits of a value.
const LOW: i64 = (1 << UNIT) - 1;

/// One hddivstep on the packed rows `{f}` and `{g}` (the latter read from
/// the register named `$g`, the new one written to `$a`: the caller
/// alternates the two names instead of moving), zeta in `{w}`; `$i` is the
/// step's index in the unit, the bit of G it reads.
///
/// ```text
/// a  = G + F; b = G - F                   candidates for the new G
/// y  = G << (63 - i)                      sign = bit i of G (g odd)
/// a  = y >= 0 ? G : a                     g even: G unchanged
/// y &= zeta                               sign = g odd and zeta < 0: swap
/// a  = swap ? b : a;  F = swap ? G : F    the new G; the f-row
/// zeta = (swap ? !zeta : zeta) - 1        delta -> 1 - delta or 1 + delta
/// F  = 2 F
/// ```
macro_rules! step {
    ($i:literal, $g:literal, $a:literal) => {
        concat!(
            "lea {",
            $a,
            "}, [{",
            $g,
            "} + {f}]\n",
            "mov {b}, {",
            $g,
            "}\n",
            "sub {b}, {f}\n",
            "mov {y}, {",
            $g,
            "}\n",
            "shl {y}, 63 - ",
            $i,
            "\n",
            "cmovns {",
            $a,
            "}, {",
            $g,
            "}\n",
            "and {y}, {w}\n",
            "cmovs {",
            $a,
            "}, {b}\n",
            "cmovs {f}, {",
            $g,
            "}\n",
            "mov {nw}, {w}\n",
            "not {nw}\n",
            "cmovs {w}, {nw}\n",
            "lea {w}, [{w} - 1]\n",
            "add {f}, {f}\n",
        )
    };
}

/// 14 hddivsteps on the packed rows (the module doc), constant time.
#[inline(always)]
fn unit(zeta: &mut i64, wf: &mut i64, wg: &mut i64) {
    // SAFETY: register-only arithmetic (no memory, no stack); every
    // register written is declared.
    unsafe {
        core::arch::asm!(
            step!(0, "g", "a"), step!(1, "a", "g"), step!(2, "g", "a"), step!(3, "a", "g"),
            step!(4, "g", "a"), step!(5, "a", "g"), step!(6, "g", "a"), step!(7, "a", "g"),
            step!(8, "g", "a"), step!(9, "a", "g"), step!(10, "g", "a"), step!(11, "a", "g"),
            step!(12, "g", "a"), step!(13, "a", "g"),
            f = inout(reg) *wf,
            g = inout(reg) *wg,
            w = inout(reg) *zeta,
            a = out(reg) _,
            b = out(reg) _,
            y = out(reg) _,
            nw = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
}

/// The two matrix entries of a packed row: rounding the value field away
/// (`+ 2^28`, the value being in [-2^28, 2^28)) leaves `first + 2^16 second`
/// from bit 29 on; the second field likewise with `2^44` more (the first
/// field plus 2^15 lies in [0, 2^16)).
#[inline(always)]
fn decode(w: i64) -> (i64, i64) {
    let first = (w.wrapping_add(1 << (A - 1)) >> A) as i16 as i64;
    let second = w.wrapping_add((1 << (A - 1)) + (1 << (B - 1))) >> B;
    (first, second)
}

/// `n` hddivsteps (`n` a multiple of 14, at most 56) from the low 62 bits
/// of f (odd) and g, constant time; returns the transition matrix scaled
/// by 2^62. Same contract as the portable `divsteps_ct`.
#[inline(always)]
pub(super) fn divsteps(zeta: &mut i64, f0: u64, g0: u64, n: u32) -> Trans {
    debug_assert!(n / UNIT * UNIT == n && n <= 4 * UNIT);
    let (mut f, mut g) = (f0 as i64, g0 as i64);
    // the matrix so far, scaled by 2^(14 units)
    let (mut mu, mut mv, mut mq, mut mr) = (1i64, 0i64, 0i64, 1i64);
    let mut k = 0;
    while k < n {
        let mut wf = (f & LOW) | (1 << A);
        let mut wg = (g & LOW) | (1 << B);
        unit(zeta, &mut wf, &mut wg);
        let (u, v) = decode(wf);
        let (q, r) = decode(wg);
        // (u f + v g) is divisible by 2^14; wrapping keeps its low 64 bits.
        let nf = u.wrapping_mul(f).wrapping_add(v.wrapping_mul(g)) >> UNIT;
        let ng = q.wrapping_mul(f).wrapping_add(r.wrapping_mul(g)) >> UNIT;
        f = nf;
        g = ng;
        let (a, b) = (u * mu + v * mq, u * mv + v * mr);
        let (c, d) = (q * mu + r * mq, q * mv + r * mr);
        (mu, mv, mq, mr) = (a, b, c, d);
        k += UNIT;
    }
    let sh = 62 - n;
    Trans { u: mu << sh, v: mv << sh, q: mq << sh, r: mr << sh }
}
