//! x86_64 Montgomery kernels with MULX/ADCX/ADOX (`asm!`).
//!
//! Every function here is `unsafe` for one reason only: the caller must have
//! checked that the CPU has ADX, BMI1 and BMI2 (`arith::mod` does it once per
//! process; BMI1 is only used for one BLSI per reduction step and ships with
//! BMI2 on every known CPU). The kernels are straight-line code: no branch
//! and no memory access depends on the data; the final conditional
//! subtraction uses `cmov`.
//!
//! Shape of the Montgomery products (CIOS; both moduli leave the top bits of
//! their top limb free, so the running value fits `N + 1` limbs, see the
//! bounds at each kernel): for each limb `b[i]`, a *row* adds `a * b[i]` to
//! the accumulator, then a *reduction* adds `m * p` with
//! `m = t[0] * inv mod 2^64` and drops the (now zero) low limb. Each
//! row/reduction is one MULX per limb with the low halves summed on the CF
//! chain (ADCX) and the high halves on the OF chain (ADOX), so the two carry
//! chains run side by side. The accumulator lives in `N + 1` registers whose
//! roles rotate by one per step, so no data moves between steps. Operands
//! are read straight from memory by MULX.
//!
//! The register budget is tight: `asm!` may use 13 general registers on
//! x86_64 (rbx, rbp and rsp are reserved). The 6-limb product needs 7
//! accumulators, 2 MULX outputs, rdx and 3 pointers, so `inv` goes on the
//! stack for its duration; the blocks that push or use stack space do not
//! declare `nostack`, which also keeps the compiler out of the red zone.
//! Such private stack space is invisible to Rust, so those blocks still
//! declare `pure, readonly`.
//!
//! Contents: [`mul_mont_384`], [`sqr_mont_384`] (dedicated squaring, 21
//! products instead of 36), [`mul_384`], [`redc_mont_384`] and its batched
//! twin [`redc_mont_384_n`], the Fp2 kernels
//! [`mul_mont_384x`] and [`sqr_mont_384x`], the additions [`add_mod_384`],
//! [`sub_mod_384`] (mod p) and [`add_mod_768_assign`],
//! [`sub_mod_768_assign`] (mod p 2^384, in place, for lazy reduction) with
//! their exact twins [`add_768_exact_assign`], [`sub_768_exact_assign`],
//! the unreduced Fp2 product [`mul_382x`], and [`mul_mont_256`],
//! [`sqr_mont_256`] for the scalar field.
//!
//! Fused tower kernels (one `asm!` block each, constants in
//! [`super::FusedConsts`], built from the same row/reduction macros plus
//! `gredc_sum!`, the reduction of a signed sum of double-width values):
//! [`cyclotomic_sqr_compressed`] and [`cyclotomic_sqr`] (final
//! exponentiation, GT), [`miller_double`] (the Miller loop's doubling step
//! with its line), [`fp12_sqr_reduce`] and [`fp12_m014_reduce`] (the sums
//! and reductions of the Fp12 square and of the sparse line product, from
//! their double-width Fp2 products).
#![allow(clippy::missing_safety_doc)]

use core::arch::asm;
use core::mem::MaybeUninit;

// ---------------------------------------------------------------------------
// Template builders. They only paste strings: `r!(x)` is the operand `{x}`
// (`r!(rdx)` the register itself), `r32!(x)` its 32-bit name, `m!(base, off)`
// the qword at `base + off`.

#[rustfmt::skip]
macro_rules! r {
    (rdx) => {
        "rdx"
    };
    ($x:ident) => {
        concat!("{", stringify!($x), "}")
    };
}
#[rustfmt::skip]
macro_rules! r32 {
    ($x:ident) => {
        concat!("{", stringify!($x), ":e}")
    };
}
#[rustfmt::skip]
macro_rules! m {
    ($base:ident, $off:literal) => {
        concat!("qword ptr [{", stringify!($base), "} + ", $off, "]")
    };
}

/// One limb step of a two-chain multiply-accumulate: `(hi, lo) = rdx * src`,
/// `cur += lo` on CF, `next += hi` on OF.
#[rustfmt::skip]
macro_rules! mac_step {
    ($src:expr, $cur:ident, $next:ident) => {
        concat!(
            "mulx {hi}, {lo}, ", $src, "\n",
            "adcx ", r!($cur), ", {lo}\n",
            "adox ", r!($next), ", {hi}\n",
        )
    };
}

/// `[t0..t6] += rdx * s[0..6]` with `t6` zero and CF = OF = 0 on entry.
/// The sum must fit 7 limbs (it does for every caller).
#[rustfmt::skip]
macro_rules! mac6 {
    ($s:ident; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident, $t6:ident) => {
        concat!(
            mac_step!(m!($s, 0), $t0, $t1),
            mac_step!(m!($s, 8), $t1, $t2),
            mac_step!(m!($s, 16), $t2, $t3),
            mac_step!(m!($s, 24), $t3, $t4),
            mac_step!(m!($s, 32), $t4, $t5),
            mac_step!(m!($s, 40), $t5, $t6),
            "adc ", r!($t6), ", 0\n",
        )
    };
}

/// `[t0..t4] += rdx * s[0..4]`, as `mac6`.
#[rustfmt::skip]
macro_rules! mac4 {
    ($s:ident; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident) => {
        concat!(
            mac_step!(m!($s, 0), $t0, $t1),
            mac_step!(m!($s, 8), $t1, $t2),
            mac_step!(m!($s, 16), $t2, $t3),
            mac_step!(m!($s, 24), $t3, $t4),
            "adc ", r!($t4), ", 0\n",
        )
    };
}

/// First row: `[t0..t6] = a[0..6] * b[0]` (single carry chain).
#[rustfmt::skip]
macro_rules! first6 {
    ($t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident, $t6:ident) => {
        concat!(
            "mov rdx, ", m!(b, 0), "\n",
            "mulx ", r!($t1), ", ", r!($t0), ", ", m!(a, 0), "\n",
            "mulx ", r!($t2), ", {lo}, ", m!(a, 8), "\n",
            "add ", r!($t1), ", {lo}\n",
            "mulx ", r!($t3), ", {lo}, ", m!(a, 16), "\n",
            "adc ", r!($t2), ", {lo}\n",
            "mulx ", r!($t4), ", {lo}, ", m!(a, 24), "\n",
            "adc ", r!($t3), ", {lo}\n",
            "mulx ", r!($t5), ", {lo}, ", m!(a, 32), "\n",
            "adc ", r!($t4), ", {lo}\n",
            "mulx ", r!($t6), ", {lo}, ", m!(a, 40), "\n",
            "adc ", r!($t5), ", {lo}\n",
            "adc ", r!($t6), ", 0\n",
        )
    };
}

/// First row, 4 limbs.
#[rustfmt::skip]
macro_rules! first4 {
    ($t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident) => {
        concat!(
            "mov rdx, ", m!(b, 0), "\n",
            "mulx ", r!($t1), ", ", r!($t0), ", ", m!(a, 0), "\n",
            "mulx ", r!($t2), ", {lo}, ", m!(a, 8), "\n",
            "add ", r!($t1), ", {lo}\n",
            "mulx ", r!($t3), ", {lo}, ", m!(a, 16), "\n",
            "adc ", r!($t2), ", {lo}\n",
            "mulx ", r!($t4), ", {lo}, ", m!(a, 24), "\n",
            "adc ", r!($t3), ", {lo}\n",
            "adc ", r!($t4), ", 0\n",
        )
    };
}

/// Row `i`: `[t0..t6] += a * b[i]` (`off = 8 i`); `t6` is free on entry.
#[rustfmt::skip]
macro_rules! row6 {
    ($off:literal; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident, $t6:ident) => {
        concat!(
            "mov rdx, ", m!(b, $off), "\n",
            "xor ", r32!($t6), ", ", r32!($t6), "\n",
            mac6!(a; $t0, $t1, $t2, $t3, $t4, $t5, $t6),
        )
    };
}

#[rustfmt::skip]
macro_rules! row4 {
    ($off:literal; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident) => {
        concat!(
            "mov rdx, ", m!(b, $off), "\n",
            "xor ", r32!($t4), ", ", r32!($t4), "\n",
            mac4!(a; $t0, $t1, $t2, $t3, $t4),
        )
    };
}

/// Reduction step: `[t0..t6] += m * p` with `m = t0 * inv`, which clears
/// the low limb; the value continues in `t1..t6` and `t0` is free.
/// `$inv` is the operand holding inv. The low limb is not computed: its
/// carry is `t0 != 0` (`t0 + lo(m p0)` is 0 mod 2^64), which BLSI puts in CF
/// while clearing OF, and only `hi(m p0)` enters the sum.
#[rustfmt::skip]
macro_rules! red6 {
    ($inv:expr; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident, $t6:ident) => {
        concat!(
            "mov rdx, ", r!($t0), "\n",
            "imul rdx, ", $inv, "\n",
            "blsi {lo}, ", r!($t0), "\n",
            "mulx {hi}, {lo}, ", m!(p, 0), "\n",
            "adox ", r!($t1), ", {hi}\n",
            mac_step!(m!(p, 8), $t1, $t2),
            mac_step!(m!(p, 16), $t2, $t3),
            mac_step!(m!(p, 24), $t3, $t4),
            mac_step!(m!(p, 32), $t4, $t5),
            mac_step!(m!(p, 40), $t5, $t6),
            "adc ", r!($t6), ", 0\n",
        )
    };
}

/// Reduction step for 4 limbs, as `red6` but shorter on the serial path:
/// `lo(m p1) = t0 * (inv p1 mod 2^64)` comes from one IMUL by the constant
/// `$j` without waiting for `m`, so `t1 + lo(m p1)` is ready by the time
/// `hi(m p0)` arrives. (Worth it here, where the products are short and the
/// latency dominates; the 6-limb kernels are bound by the multiplier port.)
/// `$tail` absorbs the last carries ("adc t4, 0" when the sum fits 5 limbs).
#[rustfmt::skip]
macro_rules! red4 {
    ($j:expr; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident; $tail:expr) => {
        concat!(
            "mov rdx, ", r!($t0), "\n",
            "imul rdx, {inv}\n",
            "mov {y}, ", r!($t0), "\n",
            "imul {y}, ", $j, "\n",
            "blsi {lo}, ", r!($t0), "\n",
            "adcx ", r!($t1), ", {y}\n",
            "mulx {hi}, {lo}, ", m!(p, 0), "\n",
            "adox ", r!($t1), ", {hi}\n",
            "mulx {hi}, {lo}, ", m!(p, 8), "\n",
            "adox ", r!($t2), ", {hi}\n",
            mac_step!(m!(p, 16), $t2, $t3),
            mac_step!(m!(p, 24), $t3, $t4),
            $tail,
        )
    };
}

/// `d = t - p`, then `d = t` where that borrowed (t < p): `d = t mod p` for
/// `t < 2p`, in constant time.
#[rustfmt::skip]
macro_rules! csub6 {
    ($t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident;
     $d0:ident, $d1:ident, $d2:ident, $d3:ident, $d4:ident, $d5:ident) => {
        concat!(
            "mov ", r!($d0), ", ", r!($t0), "\n",
            "sub ", r!($d0), ", ", m!(p, 0), "\n",
            "mov ", r!($d1), ", ", r!($t1), "\n",
            "sbb ", r!($d1), ", ", m!(p, 8), "\n",
            "mov ", r!($d2), ", ", r!($t2), "\n",
            "sbb ", r!($d2), ", ", m!(p, 16), "\n",
            "mov ", r!($d3), ", ", r!($t3), "\n",
            "sbb ", r!($d3), ", ", m!(p, 24), "\n",
            "mov ", r!($d4), ", ", r!($t4), "\n",
            "sbb ", r!($d4), ", ", m!(p, 32), "\n",
            "mov ", r!($d5), ", ", r!($t5), "\n",
            "sbb ", r!($d5), ", ", m!(p, 40), "\n",
            "cmovc ", r!($d0), ", ", r!($t0), "\n",
            "cmovc ", r!($d1), ", ", r!($t1), "\n",
            "cmovc ", r!($d2), ", ", r!($t2), "\n",
            "cmovc ", r!($d3), ", ", r!($t3), "\n",
            "cmovc ", r!($d4), ", ", r!($t4), "\n",
            "cmovc ", r!($d5), ", ", r!($t5), "\n",
        )
    };
}

#[rustfmt::skip]
macro_rules! csub4 {
    ($t0:ident, $t1:ident, $t2:ident, $t3:ident; $d0:ident, $d1:ident, $d2:ident, $d3:ident) => {
        concat!(
            "mov ", r!($d0), ", ", r!($t0), "\n",
            "sub ", r!($d0), ", ", m!(p, 0), "\n",
            "mov ", r!($d1), ", ", r!($t1), "\n",
            "sbb ", r!($d1), ", ", m!(p, 8), "\n",
            "mov ", r!($d2), ", ", r!($t2), "\n",
            "sbb ", r!($d2), ", ", m!(p, 16), "\n",
            "mov ", r!($d3), ", ", r!($t3), "\n",
            "sbb ", r!($d3), ", ", m!(p, 24), "\n",
            "cmovc ", r!($d0), ", ", r!($t0), "\n",
            "cmovc ", r!($d1), ", ", r!($t1), "\n",
            "cmovc ", r!($d2), ", ", r!($t2), "\n",
            "cmovc ", r!($d3), ", ", r!($t3), "\n",
        )
    };
}

// ---------------------------------------------------------------------------
// 384-bit kernels (base field p).

/// Montgomery product `a * b / 2^384 mod p`, inputs below `p`, output below
/// `p`. `inv = -p^-1 mod 2^64`.
///
/// Bounds: with `t < 3p` before a step, `t + a b_i + m p < 3p + 2^65 p`
/// fits 7 limbs as `p < 2^382`; the result `(a b + M p) / 2^384` is below
/// `2p` whenever `a b < 2^384 p`, so inputs up to `2p` are also fine (used by
/// [`sqr_mont_384x`]) and one conditional subtraction finishes.
#[inline(always)]
pub unsafe fn mul_mont_384(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6], inv: u64) -> [u64; 6] {
    let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: reads 6 limbs behind each pointer; pushes one qword (no `nostack`)
    // and pops it before the end.
    unsafe {
        asm!(
            "push {lo}",
            first6!(t0, t1, t2, t3, t4, t5, t6),
            red6!("qword ptr [rsp]"; t0, t1, t2, t3, t4, t5, t6),
            row6!(8; t1, t2, t3, t4, t5, t6, t0),
            red6!("qword ptr [rsp]"; t1, t2, t3, t4, t5, t6, t0),
            row6!(16; t2, t3, t4, t5, t6, t0, t1),
            red6!("qword ptr [rsp]"; t2, t3, t4, t5, t6, t0, t1),
            row6!(24; t3, t4, t5, t6, t0, t1, t2),
            red6!("qword ptr [rsp]"; t3, t4, t5, t6, t0, t1, t2),
            row6!(32; t4, t5, t6, t0, t1, t2, t3),
            red6!("qword ptr [rsp]"; t4, t5, t6, t0, t1, t2, t3),
            row6!(40; t5, t6, t0, t1, t2, t3, t4),
            red6!("qword ptr [rsp]"; t5, t6, t0, t1, t2, t3, t4),
            csub6!(t6, t0, t1, t2, t3, t4; t5, lo, hi, a, b, rdx),
            "pop {t0}",
            a = inout(reg) a.as_ptr() => o3,
            b = inout(reg) b.as_ptr() => o4,
            p = in(reg) p.as_ptr(),
            lo = inout(reg) inv => o1,
            hi = out(reg) o2,
            out("rdx") o5,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) o0,
            t6 = out(reg) _,
            options(pure, readonly),
        );
    }
    [o0, o1, o2, o3, o4, o5]
}

/// The body of [`sqr_mont_384`] and [`sqr_mont_384_lazy`]: `$tail` moves
/// the window `t6, t0..t4` into the outputs `t5, lo, hi, a, inv, rdx`
/// (reduced below `p` or not).
macro_rules! sqr_mont_384_asm {
    ($a:expr, $p:expr, $inv:expr, $tail:expr) => {{
        let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
        // Stack: [rsp] E1, [rsp+8..40] D2..D5, [rsp+40..72] E2..E5.
        // SAFETY: reads 6 limbs behind `a` and `p`; uses 72 bytes of stack below
        // the stack pointer, restored before the end (no `nostack`).
        unsafe {
            asm!(
                "lea rsp, [rsp - 72]",
                "mov {t0}, qword ptr [{a} + 8]",
                "add {t0}, {t0}",
                "mov {t1}, qword ptr [{a} + 16]",
                "lea {t5}, [{t1} + {t1}]",
                "adc {t1}, {t1}",
                "mov {t2}, qword ptr [{a} + 24]",
                "lea {t6}, [{t2} + {t2}]",
                "adc {t2}, {t2}",
                "mov {t3}, qword ptr [{a} + 32]",
                "lea {lo}, [{t3} + {t3}]",
                "adc {t3}, {t3}",
                "mov {t4}, qword ptr [{a} + 40]",
                "lea {hi}, [{t4} + {t4}]",
                "adc {t4}, {t4}",
                "mov qword ptr [rsp], {t0}",
                "mov qword ptr [rsp + 8], {t1}",
                "mov qword ptr [rsp + 16], {t2}",
                "mov qword ptr [rsp + 24], {t3}",
                "mov qword ptr [rsp + 32], {t4}",
                "mov qword ptr [rsp + 40], {t5}",
                "mov qword ptr [rsp + 48], {t6}",
                "mov qword ptr [rsp + 56], {lo}",
                "mov qword ptr [rsp + 64], {hi}",
                // Row 0: a0 * (a0, E1, D2, D3, D4, D5), one carry chain.
                "mov rdx, qword ptr [{a}]",
                "mulx {t1}, {t0}, rdx",
                "mulx {t2}, {lo}, qword ptr [rsp]",
                "add {t1}, {lo}",
                "mulx {t3}, {lo}, qword ptr [rsp + 8]",
                "adc {t2}, {lo}",
                "mulx {t4}, {lo}, qword ptr [rsp + 16]",
                "adc {t3}, {lo}",
                "mulx {t5}, {lo}, qword ptr [rsp + 24]",
                "adc {t4}, {lo}",
                "mulx {t6}, {lo}, qword ptr [rsp + 32]",
                "adc {t5}, {lo}",
                "adc {t6}, 0",
                red6!(r!(inv); t0, t1, t2, t3, t4, t5, t6),
                // Row 1: a1 * (a1, E2, D3, D4, D5) at offsets 1..5 of (t1..t6, t0).
                "mov rdx, qword ptr [{a} + 8]",
                "xor {t0:e}, {t0:e}",
                mac_step!("rdx", t2, t3),
                mac_step!("qword ptr [rsp + 40]", t3, t4),
                mac_step!("qword ptr [rsp + 16]", t4, t5),
                mac_step!("qword ptr [rsp + 24]", t5, t6),
                mac_step!("qword ptr [rsp + 32]", t6, t0),
                "adc {t0}, 0",
                red6!(r!(inv); t1, t2, t3, t4, t5, t6, t0),
                // Row 2: a2 * (a2, E3, D4, D5) at offsets 2..5 of (t2..t6, t0, t1).
                "mov rdx, qword ptr [{a} + 16]",
                "xor {t1:e}, {t1:e}",
                mac_step!("rdx", t4, t5),
                mac_step!("qword ptr [rsp + 48]", t5, t6),
                mac_step!("qword ptr [rsp + 24]", t6, t0),
                mac_step!("qword ptr [rsp + 32]", t0, t1),
                "adc {t1}, 0",
                red6!(r!(inv); t2, t3, t4, t5, t6, t0, t1),
                // Row 3: a3 * (a3, E4, D5) at offsets 3..5 of (t3..t6, t0, t1, t2).
                "mov rdx, qword ptr [{a} + 24]",
                "xor {t2:e}, {t2:e}",
                mac_step!("rdx", t6, t0),
                mac_step!("qword ptr [rsp + 56]", t0, t1),
                mac_step!("qword ptr [rsp + 32]", t1, t2),
                "adc {t2}, 0",
                red6!(r!(inv); t3, t4, t5, t6, t0, t1, t2),
                // Row 4: a4 * (a4, E5) at offsets 4..5 of (t4..t6, t0..t3).
                "mov rdx, qword ptr [{a} + 32]",
                "xor {t3:e}, {t3:e}",
                mac_step!("rdx", t1, t2),
                mac_step!("qword ptr [rsp + 64]", t2, t3),
                "adc {t3}, 0",
                red6!(r!(inv); t4, t5, t6, t0, t1, t2, t3),
                // Row 5: a5^2 at offset 5 of (t5, t6, t0..t4).
                "mov rdx, qword ptr [{a} + 40]",
                "mulx {t4}, {lo}, rdx",
                "add {t3}, {lo}",
                "adc {t4}, 0",
                red6!(r!(inv); t5, t6, t0, t1, t2, t3, t4),
                $tail,
                "lea rsp, [rsp + 72]",
                a = inout(reg) $a.as_ptr() => o3,
                p = in(reg) $p.as_ptr(),
                inv = inout(reg) $inv => o4,
                lo = out(reg) o1,
                hi = out(reg) o2,
                out("rdx") o5,
                t0 = out(reg) _,
                t1 = out(reg) _,
                t2 = out(reg) _,
                t3 = out(reg) _,
                t4 = out(reg) _,
                t5 = out(reg) o0,
                t6 = out(reg) _,
                options(pure, readonly),
            );
        }
        [o0, o1, o2, o3, o4, o5]
    }};
}

/// Montgomery square `a^2 / 2^384 mod p`, `a < 2p`, output below `p`.
///
/// CIOS where row `i` only adds the products with smallest index `i`:
/// `a_i^2` at window offset `i` and `a_i * 2 a_j` (j > i) at offset `j`,
/// the doubled limbs being precomputed on the stack (`E_j = 2 a_j mod 2^64`
/// for the first of them, the limbs `D_j` of `2a` for the rest, which carry
/// the top bit of `a_{j-1}`). 21 products instead of 36, and rows after the
/// first leave the low limb alone, so each reduction starts one step sooner.
///
/// Bounds: after row `i` the window holds
/// `(A_lo (a + A_hi) + M p) / 2^(64 i)` with `A_lo < 2^(64 (i+1))` the limbs
/// `0..=i` of `a`, `A_hi` the others and `M < 2^(64 i)`, so with the next
/// `m p` it stays below `2^64 (2a + p) + p < 2^448` (as `3p < 2^384`).
#[inline(always)]
pub unsafe fn sqr_mont_384(a: &[u64; 6], p: &[u64; 6], inv: u64) -> [u64; 6] {
    // SAFETY (inside the macro): the caller's contract (ADX and BMI2).
    sqr_mont_384_asm!(a, p, inv, csub6!(t6, t0, t1, t2, t3, t4; t5, lo, hi, a, inv, rdx))
}

/// Montgomery square without the final subtraction: `a < 2p`, output below
/// `2p` (`(a^2 + M p) / 2^384 < (4 p^2 + 2^384 p) / 2^384 < 2p` as
/// `4p < 2^384`). For chains of squarings (exponentiations), which reduce
/// once at the end.
#[inline(always)]
pub unsafe fn sqr_mont_384_lazy(a: &[u64; 6], p: &[u64; 6], inv: u64) -> [u64; 6] {
    // SAFETY (inside the macro): the caller's contract (ADX and BMI2).
    sqr_mont_384_asm!(
        a,
        p,
        inv,
        concat!(
            "mov {t5}, {t6}\n",
            "mov {lo}, {t0}\n",
            "mov {hi}, {t1}\n",
            "mov {a}, {t2}\n",
            "mov {inv}, {t3}\n",
            "mov rdx, {t4}\n"
        )
    )
}

/// Full product `a * b` (768 bits) of any two 384-bit values.
#[inline(always)]
pub unsafe fn mul_384(a: &[u64; 6], b: &[u64; 6]) -> [u64; 12] {
    let mut out = MaybeUninit::<[u64; 12]>::uninit();
    // SAFETY: `out` has room for the 12 limbs written.
    unsafe { mul_384_to(out.as_mut_ptr() as *mut u64, a, b) };
    // SAFETY: `mul_384_to` wrote all 12 limbs.
    unsafe { out.assume_init() }
}

/// Full product `a * b` (768 bits), written to the 12 limbs at `out`
/// (which must not overlap `a` or `b`).
#[inline(always)]
pub unsafe fn mul_384_to(out: *mut u64, a: &[u64; 6], b: &[u64; 6]) {
    // SAFETY: reads 6 limbs behind `a` and `b`, writes 12 limbs at `out`
    // (the caller provides them).
    unsafe {
        asm!(
            "mov rdx, qword ptr [{b}]",
            "mulx {t1}, {lo}, qword ptr [{a}]",
            "mov qword ptr [{out}], {lo}",
            "mulx {t2}, {lo}, qword ptr [{a} + 8]",
            "add {t1}, {lo}",
            "mulx {t3}, {lo}, qword ptr [{a} + 16]",
            "adc {t2}, {lo}",
            "mulx {t4}, {lo}, qword ptr [{a} + 24]",
            "adc {t3}, {lo}",
            "mulx {t5}, {lo}, qword ptr [{a} + 32]",
            "adc {t4}, {lo}",
            "mulx {t6}, {lo}, qword ptr [{a} + 40]",
            "adc {t5}, {lo}",
            "adc {t6}, 0",
            row6!(8; t1, t2, t3, t4, t5, t6, t0),
            "mov qword ptr [{out} + 8], {t1}",
            row6!(16; t2, t3, t4, t5, t6, t0, t1),
            "mov qword ptr [{out} + 16], {t2}",
            row6!(24; t3, t4, t5, t6, t0, t1, t2),
            "mov qword ptr [{out} + 24], {t3}",
            row6!(32; t4, t5, t6, t0, t1, t2, t3),
            "mov qword ptr [{out} + 32], {t4}",
            row6!(40; t5, t6, t0, t1, t2, t3, t4),
            "mov qword ptr [{out} + 40], {t5}",
            "mov qword ptr [{out} + 48], {t6}",
            "mov qword ptr [{out} + 56], {t0}",
            "mov qword ptr [{out} + 64], {t1}",
            "mov qword ptr [{out} + 72], {t2}",
            "mov qword ptr [{out} + 80], {t3}",
            "mov qword ptr [{out} + 88], {t4}",
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            out = in(reg) out,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
            options(nostack),
        );
    }
}

/// Montgomery reduction `t / 2^384 mod p` of a double-width `t < p * 2^384`
/// (little-endian limbs), output below `p`.
#[inline(always)]
pub unsafe fn redc_mont_384(t: &[u64; 12], p: &[u64; 6], inv: u64) -> [u64; 6] {
    let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: reads 12 limbs behind `t` and 6 behind `p`.
    unsafe {
        asm!(
            "mov {t0}, qword ptr [{t}]",
            "mov {t1}, qword ptr [{t} + 8]",
            "mov {t2}, qword ptr [{t} + 16]",
            "mov {t3}, qword ptr [{t} + 24]",
            "mov {t4}, qword ptr [{t} + 32]",
            "mov {t5}, qword ptr [{t} + 40]",
            "xor {t6:e}, {t6:e}",
            red6!(r!(inv); t0, t1, t2, t3, t4, t5, t6),
            "xor {t0:e}, {t0:e}",
            red6!(r!(inv); t1, t2, t3, t4, t5, t6, t0),
            "xor {t1:e}, {t1:e}",
            red6!(r!(inv); t2, t3, t4, t5, t6, t0, t1),
            "xor {t2:e}, {t2:e}",
            red6!(r!(inv); t3, t4, t5, t6, t0, t1, t2),
            "xor {t3:e}, {t3:e}",
            red6!(r!(inv); t4, t5, t6, t0, t1, t2, t3),
            "xor {t4:e}, {t4:e}",
            red6!(r!(inv); t5, t6, t0, t1, t2, t3, t4),
            // (t + K p) / 2^384 <= p sits in t6, t0..t4; add the high half (< p).
            "add {t6}, qword ptr [{t} + 48]",
            "adc {t0}, qword ptr [{t} + 56]",
            "adc {t1}, qword ptr [{t} + 64]",
            "adc {t2}, qword ptr [{t} + 72]",
            "adc {t3}, qword ptr [{t} + 80]",
            "adc {t4}, qword ptr [{t} + 88]",
            csub6!(t6, t0, t1, t2, t3, t4; t5, lo, hi, rdx, inv, t),
            t = inout(reg) t.as_ptr() => o5,
            p = in(reg) p.as_ptr(),
            inv = inout(reg) inv => o4,
            lo = out(reg) o1,
            hi = out(reg) o2,
            out("rdx") o3,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) o0,
            t6 = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [o0, o1, o2, o3, o4, o5]
}

/// Montgomery reductions of `n >= 1` consecutive double-width values at `t`
/// (12 limbs each, every one below `p * 2^384`), written as `n`
/// consecutive 6-limb results below `p` at `out` (the tower's
/// `Fp2Wide`/`Fp6Wide` -> `Fp2`/`Fp6`). One compact loop (the count is
/// public): each result is stored straight to its slot, and the final
/// conditional subtraction works in place on the stored value (`cmov`
/// from memory), which keeps the loop within the register budget.
/// Each iteration is [`redc_mont_384`]: same bounds.
///
/// `out` must be valid for `6 n` limb writes and must not overlap `t`
/// (results are stored before later inputs are read).
#[inline(always)]
pub unsafe fn redc_mont_384_n(out: *mut u64, t: *const u64, n: usize, p: &[u64; 6], inv: u64) {
    // SAFETY: reads `12 n` limbs at `t` and 6 behind `p`, writes `6 n` at
    // `out` (the caller provides them); uses 24 bytes of stack below the
    // stack pointer, restored before the end (no `nostack`). The loop
    // count `n` is public.
    unsafe {
        asm!(
            "lea rsp, [rsp - 24]",
            // Frame: [rsp] inv, [rsp + 8] the next output, [rsp + 16] the
            // remaining count.
            "mov qword ptr [rsp], {t0}",
            "mov qword ptr [rsp + 8], {t1}",
            "mov qword ptr [rsp + 16], {t2}",
            "2:",
            "mov {t0}, qword ptr [{t}]",
            "mov {t1}, qword ptr [{t} + 8]",
            "mov {t2}, qword ptr [{t} + 16]",
            "mov {t3}, qword ptr [{t} + 24]",
            "mov {t4}, qword ptr [{t} + 32]",
            "mov {t5}, qword ptr [{t} + 40]",
            "xor {t6:e}, {t6:e}",
            red6!("qword ptr [rsp]"; t0, t1, t2, t3, t4, t5, t6),
            "xor {t0:e}, {t0:e}",
            red6!("qword ptr [rsp]"; t1, t2, t3, t4, t5, t6, t0),
            "xor {t1:e}, {t1:e}",
            red6!("qword ptr [rsp]"; t2, t3, t4, t5, t6, t0, t1),
            "xor {t2:e}, {t2:e}",
            red6!("qword ptr [rsp]"; t3, t4, t5, t6, t0, t1, t2),
            "xor {t3:e}, {t3:e}",
            red6!("qword ptr [rsp]"; t4, t5, t6, t0, t1, t2, t3),
            "xor {t4:e}, {t4:e}",
            red6!("qword ptr [rsp]"; t5, t6, t0, t1, t2, t3, t4),
            // (t + K p) / 2^384 <= p sits in t6, t0..t4; add the high half
            // (< p): the sum is below 2p.
            "add {t6}, qword ptr [{t} + 48]",
            "adc {t0}, qword ptr [{t} + 56]",
            "adc {t1}, qword ptr [{t} + 64]",
            "adc {t2}, qword ptr [{t} + 72]",
            "adc {t3}, qword ptr [{t} + 80]",
            "adc {t4}, qword ptr [{t} + 88]",
            // Store it, subtract p in registers, and where that borrowed
            // (the sum was below p) take the stored value back.
            "mov {t5}, qword ptr [rsp + 8]",
            "mov qword ptr [{t5}], {t6}",
            "mov qword ptr [{t5} + 8], {t0}",
            "mov qword ptr [{t5} + 16], {t1}",
            "mov qword ptr [{t5} + 24], {t2}",
            "mov qword ptr [{t5} + 32], {t3}",
            "mov qword ptr [{t5} + 40], {t4}",
            "sub {t6}, qword ptr [{p}]",
            "sbb {t0}, qword ptr [{p} + 8]",
            "sbb {t1}, qword ptr [{p} + 16]",
            "sbb {t2}, qword ptr [{p} + 24]",
            "sbb {t3}, qword ptr [{p} + 32]",
            "sbb {t4}, qword ptr [{p} + 40]",
            "cmovc {t6}, qword ptr [{t5}]",
            "cmovc {t0}, qword ptr [{t5} + 8]",
            "cmovc {t1}, qword ptr [{t5} + 16]",
            "cmovc {t2}, qword ptr [{t5} + 24]",
            "cmovc {t3}, qword ptr [{t5} + 32]",
            "cmovc {t4}, qword ptr [{t5} + 40]",
            "mov qword ptr [{t5}], {t6}",
            "mov qword ptr [{t5} + 8], {t0}",
            "mov qword ptr [{t5} + 16], {t1}",
            "mov qword ptr [{t5} + 24], {t2}",
            "mov qword ptr [{t5} + 32], {t3}",
            "mov qword ptr [{t5} + 40], {t4}",
            "lea {t5}, [{t5} + 48]",
            "mov qword ptr [rsp + 8], {t5}",
            "lea {t}, [{t} + 96]",
            "dec qword ptr [rsp + 16]",
            "jnz 2b",
            "lea rsp, [rsp + 24]",
            t = inout(reg) t => _,
            p = in(reg) p.as_ptr(),
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = inout(reg) inv => _,
            t1 = inout(reg) out => _,
            t2 = inout(reg) n => _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

// ---------------------------------------------------------------------------
// Fp2 = Fp[u]/(u^2 + 1) products with one shared reduction per coefficient.

// ---------------------------------------------------------------------------
// Fp2 Montgomery products, one `asm!` block each: operands and temporaries
// in a private stack frame, results stored straight to the output. (Composed
// of several value-returning blocks, the compiler moved the 6-limb operands
// and results through registers and the stack between blocks: ~50 extra
// moves per Fp2 square, which measured ~1.1x blst_fp2_sqr against ~1.0x.)

/// The qword at `base + off`, `base` an address expression such as
/// `"rsp + 96"` or `r!(a)`.
#[rustfmt::skip]
macro_rules! q {
    ($base:expr, $off:literal) => {
        concat!("qword ptr [", $base, " + ", $off, "]")
    };
}

/// Row `off / 8` of a product whose operands sit at the address
/// expressions `$a` and `$b`: `[t0..t6] += A * B[off / 8]`, `t6` free on entry.
#[rustfmt::skip]
macro_rules! grow6 {
    ($a:expr, $b:expr, $off:literal; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident, $t6:ident) => {
        concat!(
            "mov rdx, ", q!($b, $off), "\n",
            "xor ", r32!($t6), ", ", r32!($t6), "\n",
            mac_step!(q!($a, 0), $t0, $t1),
            mac_step!(q!($a, 8), $t1, $t2),
            mac_step!(q!($a, 16), $t2, $t3),
            mac_step!(q!($a, 24), $t3, $t4),
            mac_step!(q!($a, 32), $t4, $t5),
            mac_step!(q!($a, 40), $t5, $t6),
            "adc ", r!($t6), ", 0\n",
        )
    };
}

/// First row: `[t0..t6] = A * B[0]` (single carry chain).
#[rustfmt::skip]
macro_rules! gfirst6 {
    ($a:expr, $b:expr) => {
        concat!(
            "mov rdx, ", q!($b, 0), "\n",
            "mulx {t1}, {t0}, ", q!($a, 0), "\n",
            "mulx {t2}, {lo}, ", q!($a, 8), "\n",
            "add {t1}, {lo}\n",
            "mulx {t3}, {lo}, ", q!($a, 16), "\n",
            "adc {t2}, {lo}\n",
            "mulx {t4}, {lo}, ", q!($a, 24), "\n",
            "adc {t3}, {lo}\n",
            "mulx {t5}, {lo}, ", q!($a, 32), "\n",
            "adc {t4}, {lo}\n",
            "mulx {t6}, {lo}, ", q!($a, 40), "\n",
            "adc {t5}, {lo}\n",
            "adc {t6}, 0\n",
        )
    };
}

/// Montgomery product of the operands at `$a`, `$b` (as [`mul_mont_384`],
/// same bounds), `inv` read from `$inv`; the unreduced result (below `2p`)
/// ends in `t6, t0..t4`, `t5` free.
#[rustfmt::skip]
macro_rules! gmont6 {
    ($a:expr, $b:expr, $inv:expr) => {
        concat!(
            gfirst6!($a, $b),
            red6!($inv; t0, t1, t2, t3, t4, t5, t6),
            grow6!($a, $b, 8; t1, t2, t3, t4, t5, t6, t0),
            red6!($inv; t1, t2, t3, t4, t5, t6, t0),
            grow6!($a, $b, 16; t2, t3, t4, t5, t6, t0, t1),
            red6!($inv; t2, t3, t4, t5, t6, t0, t1),
            grow6!($a, $b, 24; t3, t4, t5, t6, t0, t1, t2),
            red6!($inv; t3, t4, t5, t6, t0, t1, t2),
            grow6!($a, $b, 32; t4, t5, t6, t0, t1, t2, t3),
            red6!($inv; t4, t5, t6, t0, t1, t2, t3),
            grow6!($a, $b, 40; t5, t6, t0, t1, t2, t3, t4),
            red6!($inv; t5, t6, t0, t1, t2, t3, t4),
        )
    };
}

/// Full product of the operands at `$a`, `$b` (any values below 2^384)
/// stored to the 12 qwords at `$o`.
#[rustfmt::skip]
macro_rules! gmul384 {
    ($a:expr, $b:expr, $o:expr) => {
        concat!(
            gfirst6!($a, $b),
            "mov ", q!($o, 0), ", {t0}\n",
            grow6!($a, $b, 8; t1, t2, t3, t4, t5, t6, t0),
            "mov ", q!($o, 8), ", {t1}\n",
            grow6!($a, $b, 16; t2, t3, t4, t5, t6, t0, t1),
            "mov ", q!($o, 16), ", {t2}\n",
            grow6!($a, $b, 24; t3, t4, t5, t6, t0, t1, t2),
            "mov ", q!($o, 24), ", {t3}\n",
            grow6!($a, $b, 32; t4, t5, t6, t0, t1, t2, t3),
            "mov ", q!($o, 32), ", {t4}\n",
            grow6!($a, $b, 40; t5, t6, t0, t1, t2, t3, t4),
            "mov ", q!($o, 40), ", {t5}\n",
            "mov ", q!($o, 48), ", {t6}\n",
            "mov ", q!($o, 56), ", {t0}\n",
            "mov ", q!($o, 64), ", {t1}\n",
            "mov ", q!($o, 72), ", {t2}\n",
            "mov ", q!($o, 80), ", {t3}\n",
            "mov ", q!($o, 88), ", {t4}\n",
        )
    };
}

/// Montgomery reduction of the sum of the double-width values at `$u`,
/// `$v` (`u + v < p 2^384`; the low halves are added before the reduction rounds, the high halves and the carry between after, on the two carry chains at once), `inv` at `$inv`, the
/// qword `$c` as scratch; the unreduced result (below `2p`)
/// ends in `t6, t0..t4`, `t5` free.
#[rustfmt::skip]
macro_rules! gredc2 {
    ($u:expr, $v:expr, $inv:expr, $c:expr) => {
        concat!(
            "mov {t0}, ", q!($u, 0), "\n",
            "add {t0}, ", q!($v, 0), "\n",
            "mov {t1}, ", q!($u, 8), "\n",
            "adc {t1}, ", q!($v, 8), "\n",
            "mov {t2}, ", q!($u, 16), "\n",
            "adc {t2}, ", q!($v, 16), "\n",
            "mov {t3}, ", q!($u, 24), "\n",
            "adc {t3}, ", q!($v, 24), "\n",
            "mov {t4}, ", q!($u, 32), "\n",
            "adc {t4}, ", q!($v, 32), "\n",
            "mov {t5}, ", q!($u, 40), "\n",
            "adc {t5}, ", q!($v, 40), "\n",
            "sbb {hi}, {hi}\n",
            "mov ", $c, ", {hi}\n",
            "xor {t6:e}, {t6:e}\n",
            red6!($inv; t0, t1, t2, t3, t4, t5, t6),
            "xor {t0:e}, {t0:e}\n",
            red6!($inv; t1, t2, t3, t4, t5, t6, t0),
            "xor {t1:e}, {t1:e}\n",
            red6!($inv; t2, t3, t4, t5, t6, t0, t1),
            "xor {t2:e}, {t2:e}\n",
            red6!($inv; t3, t4, t5, t6, t0, t1, t2),
            "xor {t3:e}, {t3:e}\n",
            red6!($inv; t4, t5, t6, t0, t1, t2, t3),
            "xor {t4:e}, {t4:e}\n",
            red6!($inv; t5, t6, t0, t1, t2, t3, t4),
            // CF = the carry out of the low halves, OF = 0 (NEG of 0 or -1).
            "mov {lo}, ", $c, "\n",
            "neg {lo}\n",
            "adcx {t6}, ", q!($u, 48), "\n",
            "adox {t6}, ", q!($v, 48), "\n",
            "adcx {t0}, ", q!($u, 56), "\n",
            "adox {t0}, ", q!($v, 56), "\n",
            "adcx {t1}, ", q!($u, 64), "\n",
            "adox {t1}, ", q!($v, 64), "\n",
            "adcx {t2}, ", q!($u, 72), "\n",
            "adox {t2}, ", q!($v, 72), "\n",
            "adcx {t3}, ", q!($u, 80), "\n",
            "adox {t3}, ", q!($v, 80), "\n",
            "adcx {t4}, ", q!($u, 88), "\n",
            "adox {t4}, ", q!($v, 88), "\n",
        )
    };
}

/// Final subtraction of the window `t6, t0..t4` (below `2p`) into the
/// registers `t5, lo, hi, rdx, $x, $y`, stored to the 6 qwords at
/// `$o` (an address expression over `t0`, which is loaded from `$optr`).
#[rustfmt::skip]
macro_rules! gcsub_store {
    ($x:ident, $y:ident; $optr:expr, $o:expr) => {
        concat!(
            csub6!(t6, t0, t1, t2, t3, t4; t5, lo, hi, rdx, $x, $y),
            "mov {t0}, ", $optr, "\n",
            "mov ", q!($o, 0), ", {t5}\n",
            "mov ", q!($o, 8), ", {lo}\n",
            "mov ", q!($o, 16), ", {hi}\n",
            "mov ", q!($o, 24), ", rdx\n",
            "mov ", q!($o, 32), ", ", r!($x), "\n",
            "mov ", q!($o, 40), ", ", r!($y), "\n",
        )
    };
}

/// Unreduced 6-limb sums between address expressions, through `t0..t5`,
/// for the fused kernels' prologues (the callers give the bounds).
#[rustfmt::skip]
macro_rules! sum6 {
    // `$o = $x op $y` (`$op0`/`$op`: add/adc or sub/sbb).
    ($o:expr; $x:expr, $op0:literal, $op:literal, $y:expr) => {
        concat!(
            "mov {t0}, ", q!($x, 0), "\n", $op0, " {t0}, ", q!($y, 0), "\n",
            "mov {t1}, ", q!($x, 8), "\n", $op, " {t1}, ", q!($y, 8), "\n",
            "mov {t2}, ", q!($x, 16), "\n", $op, " {t2}, ", q!($y, 16), "\n",
            "mov {t3}, ", q!($x, 24), "\n", $op, " {t3}, ", q!($y, 24), "\n",
            "mov {t4}, ", q!($x, 32), "\n", $op, " {t4}, ", q!($y, 32), "\n",
            "mov {t5}, ", q!($x, 40), "\n", $op, " {t5}, ", q!($y, 40), "\n",
            "mov ", q!($o, 0), ", {t0}\n",
            "mov ", q!($o, 8), ", {t1}\n",
            "mov ", q!($o, 16), ", {t2}\n",
            "mov ", q!($o, 24), ", {t3}\n",
            "mov ", q!($o, 32), ", {t4}\n",
            "mov ", q!($o, 40), ", {t5}\n",
        )
    };
    // `$o = $x + $y - $z` (the caller knows `z <= x + y < 2^384`).
    ($o:expr; $x:expr, $y:expr, $z:expr) => {
        concat!(
            "mov {t0}, ", q!($x, 0), "\n", "add {t0}, ", q!($y, 0), "\n",
            "mov {t1}, ", q!($x, 8), "\n", "adc {t1}, ", q!($y, 8), "\n",
            "mov {t2}, ", q!($x, 16), "\n", "adc {t2}, ", q!($y, 16), "\n",
            "mov {t3}, ", q!($x, 24), "\n", "adc {t3}, ", q!($y, 24), "\n",
            "mov {t4}, ", q!($x, 32), "\n", "adc {t4}, ", q!($y, 32), "\n",
            "mov {t5}, ", q!($x, 40), "\n", "adc {t5}, ", q!($y, 40), "\n",
            "sub {t0}, ", q!($z, 0), "\n",
            "sbb {t1}, ", q!($z, 8), "\n",
            "sbb {t2}, ", q!($z, 16), "\n",
            "sbb {t3}, ", q!($z, 24), "\n",
            "sbb {t4}, ", q!($z, 32), "\n",
            "sbb {t5}, ", q!($z, 40), "\n",
            "mov ", q!($o, 0), ", {t0}\n",
            "mov ", q!($o, 8), ", {t1}\n",
            "mov ", q!($o, 16), ", {t2}\n",
            "mov ", q!($o, 24), ", {t3}\n",
            "mov ", q!($o, 32), ", {t4}\n",
            "mov ", q!($o, 40), ", {t5}\n",
        )
    };
}

/// Fp2 Montgomery square `(a0 + a1 u)^2 / 2^384`, coefficients below `p`,
/// outputs below `p`, written to `out` (which must not overlap `a`):
/// `c0 = (a0 + a1)(a0 - a1 + p)`, `c1 = (2 a0) a1`, two Montgomery products
/// on unreduced operands below `2p` (fine since `4 p < 2^384`: the result
/// still ends below `2p` before the final subtraction, see [`mul_mont_384`]).
///
/// Frame: `[rsp]` a0 + a1, `[rsp + 48]` a0 + p - a1, `[rsp + 96]` 2 a0,
/// `[rsp + 144]` inv, `[rsp + 152]` out.
#[inline(always)]
pub unsafe fn sqr_mont_384x(out: *mut [[u64; 6]; 2], a: &[[u64; 6]; 2], p: &[u64; 6], inv: u64) {
    // SAFETY: reads 12 limbs behind `a`, 6 behind `p`, writes 12 at `out`
    // (provided by the caller); uses 160 bytes of
    // stack below the stack pointer, restored before the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 160]",
            "mov qword ptr [rsp + 144], {lo}",
            "mov qword ptr [rsp + 152], {hi}",
            sum6!("rsp"; "{a}", "add", "adc", "{a} + 48"),
            sum6!("rsp + 48"; "{a}", "{p}", "{a} + 48"),
            sum6!("rsp + 96"; "{a}", "add", "adc", "{a}"),
            // c1 first, the last read of `a`: c0 uses the frame only.
            gmont6!("rsp + 96", "{a} + 48", "qword ptr [rsp + 144]"),
            gcsub_store!(a, x; "qword ptr [rsp + 152]", "{t0} + 48"),
            gmont6!("rsp", "rsp + 48", "qword ptr [rsp + 144]"),
            gcsub_store!(a, x; "qword ptr [rsp + 152]", "{t0}"),
            "lea rsp, [rsp + 160]",
            a = inout(reg) a.as_ptr() => _,
            p = in(reg) p.as_ptr(),
            x = out(reg) _,
            lo = inout(reg) inv => _,
            hi = inout(reg) out => _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

/// Fp2 Montgomery product `(a0 + a1 u)(b0 + b1 u) / 2^384` with `u^2 = -1`,
/// coefficients below `p`, outputs below `p`, written to `out` (which must
/// not overlap `a` or `b`).
///
/// Three 384x384 products and one reduction per coefficient, arranged so
/// that nothing is subtracted at double width:
/// `k1 = b0 (a0 + a1)`, `k2 = a0 (b1 + p - b0)`, `k3 = (p - a1)(b0 + b1)`,
/// `c0 = redc(k1 + k3)` (= a0 b0 - a1 b1 mod p),
/// `c1 = redc(k1 + k2)` (= a0 b1 + a1 b0 mod p).
/// Every factor is below `2p`, so both sums stay below `4 p^2 < p 2^384`.
///
/// Frame: `[rsp]` a0 + a1, `[rsp + 48]` b0 + b1, `[rsp + 96]` b1 + p - b0,
/// `[rsp + 144]` p - a1, `[rsp + 192]` k1, `[rsp + 288]` k2,
/// `[rsp + 384]` k3, `[rsp + 480]` inv, `[rsp + 488]` out,
/// `[rsp + 496]` scratch.
#[inline(always)]
pub unsafe fn mul_mont_384x(
    out: *mut [[u64; 6]; 2],
    a: &[[u64; 6]; 2],
    b: &[[u64; 6]; 2],
    p: &[u64; 6],
    inv: u64,
) {
    // SAFETY: reads 12 limbs behind `a` and `b`, 6 behind `p`, writes 12 at
    // `out` (provided by the caller); uses 504 bytes of stack
    // below the stack pointer, restored before the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 504]",
            "mov qword ptr [rsp + 480], {lo}",
            "mov qword ptr [rsp + 488], {hi}",
            sum6!("rsp"; "{a}", "add", "adc", "{a} + 48"),
            sum6!("rsp + 48"; "{b}", "add", "adc", "{b} + 48"),
            sum6!("rsp + 96"; "{b} + 48", "{p}", "{b}"),
            sum6!("rsp + 144"; "{p}", "sub", "sbb", "{a} + 48"),
            gmul384!("rsp", "{b}", "rsp + 192"),
            gmul384!("{a}", "rsp + 96", "rsp + 288"),
            gmul384!("rsp + 144", "rsp + 48", "rsp + 384"),
            gredc2!("rsp + 192", "rsp + 384", "qword ptr [rsp + 480]", "qword ptr [rsp + 496]"),
            gcsub_store!(a, b; "qword ptr [rsp + 488]", "{t0}"),
            gredc2!("rsp + 192", "rsp + 288", "qword ptr [rsp + 480]", "qword ptr [rsp + 496]"),
            gcsub_store!(a, b; "qword ptr [rsp + 488]", "{t0} + 48"),
            "lea rsp, [rsp + 504]",
            a = inout(reg) a.as_ptr() => _,
            b = inout(reg) b.as_ptr() => _,
            p = in(reg) p.as_ptr(),
            lo = inout(reg) inv => _,
            hi = inout(reg) out => _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

// ---------------------------------------------------------------------------
// Additions: mod p (6 limbs) and mod p * 2^384 (12 limbs, for lazy reduction).

/// `[t0..t5] += p & mask` for `mask` in {0, -1}, `s` a scratch register.
/// Logic ops would clear the carry flag mid-chain, so the masking is a
/// `cmovz` from the (zero) mask on ZF, and the sum runs on the OF chain
/// (ADOX leaves ZF alone); `test` sets ZF and clears OF first.
#[rustfmt::skip]
macro_rules! addmask6 {
    ($mask:ident, $s:ident; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident) => {
        concat!(
            "test ", r!($mask), ", ", r!($mask), "\n",
            "mov ", r!($s), ", ", m!(p, 0), "\n",
            "cmovz ", r!($s), ", ", r!($mask), "\n",
            "adox ", r!($t0), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(p, 8), "\n",
            "cmovz ", r!($s), ", ", r!($mask), "\n",
            "adox ", r!($t1), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(p, 16), "\n",
            "cmovz ", r!($s), ", ", r!($mask), "\n",
            "adox ", r!($t2), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(p, 24), "\n",
            "cmovz ", r!($s), ", ", r!($mask), "\n",
            "adox ", r!($t3), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(p, 32), "\n",
            "cmovz ", r!($s), ", ", r!($mask), "\n",
            "adox ", r!($t4), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(p, 40), "\n",
            "cmovz ", r!($s), ", ", r!($mask), "\n",
            "adox ", r!($t5), ", ", r!($s), "\n",
        )
    };
}

/// `a + b mod p` for `a, b < p` (`p < 2^383`, so the sum fits 6 limbs),
/// output below `p`. Constant time (`cmov`).
#[inline(always)]
pub unsafe fn add_mod_384(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: reads 6 limbs behind `a`, `b` and `p`.
    unsafe {
        asm!(
            "mov {t0}, qword ptr [{a}]",
            "add {t0}, qword ptr [{b}]",
            "mov {t1}, qword ptr [{a} + 8]",
            "adc {t1}, qword ptr [{b} + 8]",
            "mov {t2}, qword ptr [{a} + 16]",
            "adc {t2}, qword ptr [{b} + 16]",
            "mov {t3}, qword ptr [{a} + 24]",
            "adc {t3}, qword ptr [{b} + 24]",
            "mov {t4}, qword ptr [{a} + 32]",
            "adc {t4}, qword ptr [{b} + 32]",
            "mov {t5}, qword ptr [{a} + 40]",
            "adc {t5}, qword ptr [{b} + 40]",
            // The pointers are dead: `a`, `b` become two of the results.
            csub6!(t0, t1, t2, t3, t4, t5; a, b, d2, d3, d4, d5),
            a = inout(reg) a.as_ptr() => o0,
            b = inout(reg) b.as_ptr() => o1,
            p = in(reg) p.as_ptr(),
            d2 = out(reg) o2,
            d3 = out(reg) o3,
            d4 = out(reg) o4,
            d5 = out(reg) o5,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [o0, o1, o2, o3, o4, o5]
}

/// `a - b mod p` for `a, b < p`, output below `p`: the difference, plus `p`
/// masked by the borrow. Constant time.
#[inline(always)]
pub unsafe fn sub_mod_384(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: reads 6 limbs behind `a`, `b` and `p`.
    unsafe {
        asm!(
            "mov {t0}, qword ptr [{a}]",
            "sub {t0}, qword ptr [{b}]",
            "mov {t1}, qword ptr [{a} + 8]",
            "sbb {t1}, qword ptr [{b} + 8]",
            "mov {t2}, qword ptr [{a} + 16]",
            "sbb {t2}, qword ptr [{b} + 16]",
            "mov {t3}, qword ptr [{a} + 24]",
            "sbb {t3}, qword ptr [{b} + 24]",
            "mov {t4}, qword ptr [{a} + 32]",
            "sbb {t4}, qword ptr [{b} + 32]",
            "mov {t5}, qword ptr [{a} + 40]",
            "sbb {t5}, qword ptr [{b} + 40]",
            "sbb {b}, {b}",
            addmask6!(b, a; t0, t1, t2, t3, t4, t5),
            a = inout(reg) a.as_ptr() => _,
            b = inout(reg) b.as_ptr() => _,
            p = in(reg) p.as_ptr(),
            t0 = out(reg) o0,
            t1 = out(reg) o1,
            t2 = out(reg) o2,
            t3 = out(reg) o3,
            t4 = out(reg) o4,
            t5 = out(reg) o5,
            options(pure, readonly, nostack),
        );
    }
    [o0, o1, o2, o3, o4, o5]
}


/// `lo += b` on the low 6 limbs, in memory, `s` scratch; leaves the carry in CF.
#[rustfmt::skip]
macro_rules! wide_lo {
    ($op0:literal, $op:literal, $s:ident) => {
        concat!(
            "mov ", r!($s), ", ", m!(a, 0), "\n",
            $op0, " ", r!($s), ", ", m!(b, 0), "\n",
            "mov ", m!(a, 0), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(a, 8), "\n",
            $op, " ", r!($s), ", ", m!(b, 8), "\n",
            "mov ", m!(a, 8), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(a, 16), "\n",
            $op, " ", r!($s), ", ", m!(b, 16), "\n",
            "mov ", m!(a, 16), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(a, 24), "\n",
            $op, " ", r!($s), ", ", m!(b, 24), "\n",
            "mov ", m!(a, 24), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(a, 32), "\n",
            $op, " ", r!($s), ", ", m!(b, 32), "\n",
            "mov ", m!(a, 32), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(a, 40), "\n",
            $op, " ", r!($s), ", ", m!(b, 40), "\n",
            "mov ", m!(a, 40), ", ", r!($s), "\n",
            // The high limbs, into registers (carry chain continues).
            "mov {h0}, ", m!(a, 48), "\n",
            $op, " {h0}, ", m!(b, 48), "\n",
            "mov {h1}, ", m!(a, 56), "\n",
            $op, " {h1}, ", m!(b, 56), "\n",
            "mov {h2}, ", m!(a, 64), "\n",
            $op, " {h2}, ", m!(b, 64), "\n",
            "mov {h3}, ", m!(a, 72), "\n",
            $op, " {h3}, ", m!(b, 72), "\n",
            "mov {h4}, ", m!(a, 80), "\n",
            $op, " {h4}, ", m!(b, 80), "\n",
            "mov {h5}, ", m!(a, 88), "\n",
            $op, " {h5}, ", m!(b, 88), "\n",
        )
    };
}

/// Stores `h0..h5` to the high half of `a`.
#[rustfmt::skip]
macro_rules! store_hi {
    () => {
        concat!(
            "mov ", m!(a, 48), ", {h0}\n",
            "mov ", m!(a, 56), ", {h1}\n",
            "mov ", m!(a, 64), ", {h2}\n",
            "mov ", m!(a, 72), ", {h3}\n",
            "mov ", m!(a, 80), ", {h4}\n",
            "mov ", m!(a, 88), ", {h5}\n",
        )
    };
}

/// `a = a + b mod p * 2^384` in place, for `a, b < p * 2^384` (the sum is
/// below `2^768` as `p < 2^383`): subtracts `p` from the high half when the
/// sum reaches `p * 2^384`. Constant time (`cmov` from the stored sum).
#[inline(always)]
pub unsafe fn add_mod_768_assign(a: &mut [u64; 12], b: &[u64; 12], p: &[u64; 6]) {
    // SAFETY: reads and writes the 12 limbs of `a`, reads 12 behind `b` and
    // 6 behind `p`.
    unsafe {
        asm!(
            wide_lo!("add", "adc", s),
            store_hi!(),
            concat!("sub {h0}, ", m!(p, 0)),
            concat!("sbb {h1}, ", m!(p, 8)),
            concat!("sbb {h2}, ", m!(p, 16)),
            concat!("sbb {h3}, ", m!(p, 24)),
            concat!("sbb {h4}, ", m!(p, 32)),
            concat!("sbb {h5}, ", m!(p, 40)),
            // Borrow: the sum was below p * 2^384, keep it.
            concat!("cmovc {h0}, ", m!(a, 48)),
            concat!("cmovc {h1}, ", m!(a, 56)),
            concat!("cmovc {h2}, ", m!(a, 64)),
            concat!("cmovc {h3}, ", m!(a, 72)),
            concat!("cmovc {h4}, ", m!(a, 80)),
            concat!("cmovc {h5}, ", m!(a, 88)),
            store_hi!(),
            a = in(reg) a.as_mut_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p.as_ptr(),
            s = out(reg) _,
            h0 = out(reg) _,
            h1 = out(reg) _,
            h2 = out(reg) _,
            h3 = out(reg) _,
            h4 = out(reg) _,
            h5 = out(reg) _,
            options(nostack),
        );
    }
}

/// `a = a - b mod p * 2^384` in place, for `a, b < p * 2^384`: the
/// difference, plus `p` on the high half when it borrowed. Constant time.
#[inline(always)]
pub unsafe fn sub_mod_768_assign(a: &mut [u64; 12], b: &[u64; 12], p: &[u64; 6]) {
    // SAFETY: reads and writes the 12 limbs of `a`, reads 12 behind `b` and
    // 6 behind `p`.
    unsafe {
        asm!(
            wide_lo!("sub", "sbb", s),
            "sbb {m}, {m}",
            addmask6!(m, s; h0, h1, h2, h3, h4, h5),
            store_hi!(),
            a = in(reg) a.as_mut_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p.as_ptr(),
            s = out(reg) _,
            m = out(reg) _,
            h0 = out(reg) _,
            h1 = out(reg) _,
            h2 = out(reg) _,
            h3 = out(reg) _,
            h4 = out(reg) _,
            h5 = out(reg) _,
            options(nostack),
        );
    }
}


/// `a = a - b` in place over 12 limbs, for `a >= b` as integers (no
/// modular correction; the caller knows the bound).
#[inline(always)]
pub unsafe fn sub_768_exact_assign(a: *mut u64, b: &[u64; 12]) {
    // SAFETY: reads and writes 12 limbs at `a` (the caller provides them),
    // reads 12 behind `b`.
    unsafe {
        asm!(
            wide_lo!("sub", "sbb", s),
            store_hi!(),
            a = in(reg) a,
            b = in(reg) b.as_ptr(),
            s = out(reg) _,
            h0 = out(reg) _,
            h1 = out(reg) _,
            h2 = out(reg) _,
            h3 = out(reg) _,
            h4 = out(reg) _,
            h5 = out(reg) _,
            options(nostack),
        );
    }
}

/// `a = a + b` in place over 12 limbs, for `a + b < 2^768` (no modular
/// correction; the caller knows the bound).
#[inline(always)]
pub unsafe fn add_768_exact_assign(a: *mut u64, b: &[u64; 12]) {
    // SAFETY: reads and writes 12 limbs at `a` (the caller provides them),
    // reads 12 behind `b`.
    unsafe {
        asm!(
            wide_lo!("add", "adc", s),
            store_hi!(),
            a = in(reg) a,
            b = in(reg) b.as_ptr(),
            s = out(reg) _,
            h0 = out(reg) _,
            h1 = out(reg) _,
            h2 = out(reg) _,
            h3 = out(reg) _,
            h4 = out(reg) _,
            h5 = out(reg) _,
            options(nostack),
        );
    }
}

/// Loads the 12 qwords at `$x` into `t0..t6, lo, hi, rdx, a, b` (the
/// register window of [`mul_382x`]'s subtraction passes).
#[rustfmt::skip]
macro_rules! load12 {
    ($x:expr) => {
        concat!(
            "mov {t0}, ", q!($x, 0), "\n",
            "mov {t1}, ", q!($x, 8), "\n",
            "mov {t2}, ", q!($x, 16), "\n",
            "mov {t3}, ", q!($x, 24), "\n",
            "mov {t4}, ", q!($x, 32), "\n",
            "mov {t5}, ", q!($x, 40), "\n",
            "mov {t6}, ", q!($x, 48), "\n",
            "mov {lo}, ", q!($x, 56), "\n",
            "mov {hi}, ", q!($x, 64), "\n",
            "mov rdx, ", q!($x, 72), "\n",
            "mov {a}, ", q!($x, 80), "\n",
            "mov {b}, ", q!($x, 88), "\n",
        )
    };
}

/// `window -= [$y]` over 12 limbs (one borrow chain), the window as in
/// [`load12!`]; leaves the final borrow in CF.
#[rustfmt::skip]
macro_rules! sub12 {
    ($y:expr) => {
        concat!(
            "sub {t0}, ", q!($y, 0), "\n",
            "sbb {t1}, ", q!($y, 8), "\n",
            "sbb {t2}, ", q!($y, 16), "\n",
            "sbb {t3}, ", q!($y, 24), "\n",
            "sbb {t4}, ", q!($y, 32), "\n",
            "sbb {t5}, ", q!($y, 40), "\n",
            "sbb {t6}, ", q!($y, 48), "\n",
            "sbb {lo}, ", q!($y, 56), "\n",
            "sbb {hi}, ", q!($y, 64), "\n",
            "sbb rdx, ", q!($y, 72), "\n",
            "sbb {a}, ", q!($y, 80), "\n",
            "sbb {b}, ", q!($y, 88), "\n",
        )
    };
}

/// Stores the low (`t0..t5`) or high (`t6, lo, hi, rdx, a, b`) half of
/// the window to the 6 qwords at `$o`.
#[rustfmt::skip]
macro_rules! store6w {
    (lo; $o:expr) => {
        concat!(
            "mov ", q!($o, 0), ", {t0}\n",
            "mov ", q!($o, 8), ", {t1}\n",
            "mov ", q!($o, 16), ", {t2}\n",
            "mov ", q!($o, 24), ", {t3}\n",
            "mov ", q!($o, 32), ", {t4}\n",
            "mov ", q!($o, 40), ", {t5}\n",
        )
    };
    (hi; $o:expr) => {
        concat!(
            "mov ", q!($o, 0), ", {t6}\n",
            "mov ", q!($o, 8), ", {lo}\n",
            "mov ", q!($o, 16), ", {hi}\n",
            "mov ", q!($o, 24), ", rdx\n",
            "mov ", q!($o, 32), ", {a}\n",
            "mov ", q!($o, 40), ", {b}\n",
        )
    };
}

/// The unreduced Fp2 product (Karatsuba), coefficients of `a`, `b` below
/// `2p`, written to `out` (24 limbs, which must not overlap `a` or `b`):
/// `out[0] = a0 b0 - a1 b1 mod p 2^384`,
/// `out[1] = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 = a0 b1 + a1 b0` (exact).
/// Bounds (`p < 2^381`): the sums are below `4p < 2^384`, so they fit 6
/// limbs; `out[1] < 8 p^2 < p 2^384` and both of its subtractions are exact
/// (`(a0 + a1)(b0 + b1) >= a0 b0 + a1 b1`); `a0 b0, a1 b1 < 4 p^2 < p 2^384`,
/// so `a0 b0 - a1 b1` is above `-p 2^384` and one conditional addition of
/// `p 2^384` brings it into `[0, p 2^384)`. Both outputs below `p 2^384`.
///
/// One `asm!` block: the pre-sums and `a1 b1` in a private stack frame,
/// `a0 b0` and `(a0 + a1)(b0 + b1)` stored straight into `out`, then two
/// subtraction passes over registers (no compiler moves between kernels,
/// no temporary copied into the caller's value).
///
/// Frame: `[rsp]` a0 + a1, `[rsp + 48]` b0 + b1, `[rsp + 96]` a1 b1,
/// `[rsp + 192]` the address of p.
#[inline(always)]
pub unsafe fn mul_382x(out: *mut [[u64; 12]; 2], a: &[[u64; 6]; 2], b: &[[u64; 6]; 2], p: &[u64; 6]) {
    // SAFETY: reads 12 limbs behind `a` and `b`, 6 behind `p`, writes 24 at
    // `out` (provided by the caller); uses 200 bytes of stack below the
    // stack pointer, restored before the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 200]",
            "mov qword ptr [rsp + 192], {lo}",
            sum6!("rsp"; "{a}", "add", "adc", "{a} + 48"),
            sum6!("rsp + 48"; "{b}", "add", "adc", "{b} + 48"),
            gmul384!("{a} + 48", "{b} + 48", "rsp + 96"),
            gmul384!("{a}", "{b}", "{o}"),
            gmul384!("rsp", "rsp + 48", "{o} + 96"),
            // out[1] -= a0 b0, out[1] -= a1 b1 (exact, see the bounds).
            load12!("{o} + 96"),
            sub12!("{o}"),
            sub12!("rsp + 96"),
            store6w!(lo; "{o} + 96"),
            store6w!(hi; "{o} + 144"),
            // out[0] = a0 b0 - a1 b1, plus p 2^384 when that borrowed.
            load12!("{o}"),
            sub12!("rsp + 96"),
            store6w!(lo; "{o}"),
            "sbb {t0}, {t0}",
            "mov {t1}, qword ptr [rsp + 192]",
            // ZF = no borrow; OF = 0 for the ADOX chain (cmovz keeps ZF).
            "test {t0}, {t0}",
            "mov {t2}, qword ptr [{t1}]",
            "cmovz {t2}, {t0}",
            "adox {t6}, {t2}",
            "mov {t2}, qword ptr [{t1} + 8]",
            "cmovz {t2}, {t0}",
            "adox {lo}, {t2}",
            "mov {t2}, qword ptr [{t1} + 16]",
            "cmovz {t2}, {t0}",
            "adox {hi}, {t2}",
            "mov {t2}, qword ptr [{t1} + 24]",
            "cmovz {t2}, {t0}",
            "adox rdx, {t2}",
            "mov {t2}, qword ptr [{t1} + 32]",
            "cmovz {t2}, {t0}",
            "adox {a}, {t2}",
            "mov {t2}, qword ptr [{t1} + 40]",
            "cmovz {t2}, {t0}",
            "adox {b}, {t2}",
            store6w!(hi; "{o} + 48"),
            "lea rsp, [rsp + 200]",
            a = inout(reg) a.as_ptr() => _,
            b = inout(reg) b.as_ptr() => _,
            o = in(reg) out,
            lo = inout(reg) p.as_ptr() => _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

// ---------------------------------------------------------------------------
// The compressed cyclotomic square (Karabina), one `asm!` block.

/// `$o = $x + $y mod p` for `x, y < p`: the sum (below `2p`) is stored, `p`
/// subtracted in registers, and the stored sum taken back (`cmov` from
/// memory) where that borrowed. `$o` may be `$y` (all loads come first).
#[rustfmt::skip]
macro_rules! gaddmod6 {
    ($o:expr; $x:expr, $y:expr) => {
        concat!(
            sum6!($o; $x, "add", "adc", $y),
            "sub {t0}, ", q!("{p}", 0), "\n",
            "sbb {t1}, ", q!("{p}", 8), "\n",
            "sbb {t2}, ", q!("{p}", 16), "\n",
            "sbb {t3}, ", q!("{p}", 24), "\n",
            "sbb {t4}, ", q!("{p}", 32), "\n",
            "sbb {t5}, ", q!("{p}", 40), "\n",
            "cmovc {t0}, ", q!($o, 0), "\n",
            "cmovc {t1}, ", q!($o, 8), "\n",
            "cmovc {t2}, ", q!($o, 16), "\n",
            "cmovc {t3}, ", q!($o, 24), "\n",
            "cmovc {t4}, ", q!($o, 32), "\n",
            "cmovc {t5}, ", q!($o, 40), "\n",
            store6w!(lo; $o),
        )
    };
}

/// `$o = $x - $y mod p` for `x, y < p`: the difference, plus `p` masked by
/// the borrow (`t6` the mask, `lo` scratch).
#[rustfmt::skip]
macro_rules! gsubmod6 {
    ($o:expr; $x:expr, $y:expr) => {
        concat!(
            "mov {t0}, ", q!($x, 0), "\n", "sub {t0}, ", q!($y, 0), "\n",
            "mov {t1}, ", q!($x, 8), "\n", "sbb {t1}, ", q!($y, 8), "\n",
            "mov {t2}, ", q!($x, 16), "\n", "sbb {t2}, ", q!($y, 16), "\n",
            "mov {t3}, ", q!($x, 24), "\n", "sbb {t3}, ", q!($y, 24), "\n",
            "mov {t4}, ", q!($x, 32), "\n", "sbb {t4}, ", q!($y, 32), "\n",
            "mov {t5}, ", q!($x, 40), "\n", "sbb {t5}, ", q!($y, 40), "\n",
            "sbb {t6}, {t6}\n",
            addmask6!(t6, lo; t0, t1, t2, t3, t4, t5),
            store6w!(lo; $o),
        )
    };
}

/// Montgomery reduction of a signed sum of double-width values,
/// `first +- x1 +- x2 ...`, whose value `T` the caller knows to lie in
/// `[0, p 2^384)`; the unreduced result `T / 2^384 mod p`, below `2p`, ends
/// in `t6, t0..t4` (`t5` free). Each further term is `(op0, op, address,
/// slot)` with `(op0, op)` = `("add", "adc")` or `("sub", "sbb")`.
///
/// The low halves are combined first, each term on its own carry chain
/// whose carry (or borrow) is saved to its qword `slot`; the six reduction
/// rounds take the low 384 bits `L` to `r = (L + Q p) / 2^384 <= p`; then
/// each high half is added or subtracted with its low chain's carry as the
/// carry in. So the window receives `r + (T - L) / 2^384` modulo `2^384`:
/// exactly `(T + Q p) / 2^384 < 2p`, since `T - L` is the rest of `T`,
/// whatever the intermediate wraps.
#[rustfmt::skip]
macro_rules! gredc_sum {
    ($inv:expr; $first:expr $(; $op0:literal, $op:literal, $x:expr, $c:expr)*) => {
        concat!(
            "mov {t0}, ", q!($first, 0), "\n",
            "mov {t1}, ", q!($first, 8), "\n",
            "mov {t2}, ", q!($first, 16), "\n",
            "mov {t3}, ", q!($first, 24), "\n",
            "mov {t4}, ", q!($first, 32), "\n",
            "mov {t5}, ", q!($first, 40), "\n",
            $(
                $op0, " {t0}, ", q!($x, 0), "\n",
                $op, " {t1}, ", q!($x, 8), "\n",
                $op, " {t2}, ", q!($x, 16), "\n",
                $op, " {t3}, ", q!($x, 24), "\n",
                $op, " {t4}, ", q!($x, 32), "\n",
                $op, " {t5}, ", q!($x, 40), "\n",
                "sbb {hi}, {hi}\n",
                "mov ", $c, ", {hi}\n",
            )*
            "xor {t6:e}, {t6:e}\n",
            red6!($inv; t0, t1, t2, t3, t4, t5, t6),
            "xor {t0:e}, {t0:e}\n",
            red6!($inv; t1, t2, t3, t4, t5, t6, t0),
            "xor {t1:e}, {t1:e}\n",
            red6!($inv; t2, t3, t4, t5, t6, t0, t1),
            "xor {t2:e}, {t2:e}\n",
            red6!($inv; t3, t4, t5, t6, t0, t1, t2),
            "xor {t3:e}, {t3:e}\n",
            red6!($inv; t4, t5, t6, t0, t1, t2, t3),
            "xor {t4:e}, {t4:e}\n",
            red6!($inv; t5, t6, t0, t1, t2, t3, t4),
            "add {t6}, ", q!($first, 48), "\n",
            "adc {t0}, ", q!($first, 56), "\n",
            "adc {t1}, ", q!($first, 64), "\n",
            "adc {t2}, ", q!($first, 72), "\n",
            "adc {t3}, ", q!($first, 80), "\n",
            "adc {t4}, ", q!($first, 88), "\n",
            $(
                // CF = the saved carry (NEG of 0 or -1).
                "mov {lo}, ", $c, "\n",
                "neg {lo}\n",
                $op, " {t6}, ", q!($x, 48), "\n",
                $op, " {t0}, ", q!($x, 56), "\n",
                $op, " {t1}, ", q!($x, 64), "\n",
                $op, " {t2}, ", q!($x, 72), "\n",
                $op, " {t3}, ", q!($x, 80), "\n",
                $op, " {t4}, ", q!($x, 88), "\n",
            )*
        )
    };
}

/// `window -= [$k]` where that does not borrow, the window `t6, t0..t4`
/// staged at `$s` for the `cmov` back: `v mod 2^j p` from `v < 2^(j+1) p`
/// for `$k = 2^j p`.
#[rustfmt::skip]
macro_rules! gcsub_mem {
    ($k:expr, $s:expr) => {
        concat!(
            "mov ", q!($s, 0), ", {t6}\n",
            "mov ", q!($s, 8), ", {t0}\n",
            "mov ", q!($s, 16), ", {t1}\n",
            "mov ", q!($s, 24), ", {t2}\n",
            "mov ", q!($s, 32), ", {t3}\n",
            "mov ", q!($s, 40), ", {t4}\n",
            "sub {t6}, ", q!($k, 0), "\n",
            "sbb {t0}, ", q!($k, 8), "\n",
            "sbb {t1}, ", q!($k, 16), "\n",
            "sbb {t2}, ", q!($k, 24), "\n",
            "sbb {t3}, ", q!($k, 32), "\n",
            "sbb {t4}, ", q!($k, 40), "\n",
            "cmovc {t6}, ", q!($s, 0), "\n",
            "cmovc {t0}, ", q!($s, 8), "\n",
            "cmovc {t1}, ", q!($s, 16), "\n",
            "cmovc {t2}, ", q!($s, 24), "\n",
            "cmovc {t3}, ", q!($s, 32), "\n",
            "cmovc {t4}, ", q!($s, 40), "\n",
        )
    };
}

/// From `r < 2p` in the window `t6, t0..t4` (a `gredc_sum!` result),
/// `3 r + 2 g` (`plus`) or `3 r - 2 g` (`minus`, as `3 r + 2p - g - g`)
/// mod p stored to `$o`, `g < p` at `$g`. The value before reduction is
/// below `6p + 2p = 8p < 2^384`; three conditional subtractions of `4p`,
/// `2p`, `p` bring it below `p`. `[rsp + 1136]` and `[rsp + 1184]` are
/// scratch.
#[rustfmt::skip]
macro_rules! gcombine {
    (@three) => {
        concat!(
            "mov qword ptr [rsp + 1136], {t6}\n",
            "mov qword ptr [rsp + 1144], {t0}\n",
            "mov qword ptr [rsp + 1152], {t1}\n",
            "mov qword ptr [rsp + 1160], {t2}\n",
            "mov qword ptr [rsp + 1168], {t3}\n",
            "mov qword ptr [rsp + 1176], {t4}\n",
            "add {t6}, {t6}\n",
            "adc {t0}, {t0}\n",
            "adc {t1}, {t1}\n",
            "adc {t2}, {t2}\n",
            "adc {t3}, {t3}\n",
            "adc {t4}, {t4}\n",
            "add {t6}, qword ptr [rsp + 1136]\n",
            "adc {t0}, qword ptr [rsp + 1144]\n",
            "adc {t1}, qword ptr [rsp + 1152]\n",
            "adc {t2}, qword ptr [rsp + 1160]\n",
            "adc {t3}, qword ptr [rsp + 1168]\n",
            "adc {t4}, qword ptr [rsp + 1176]\n",
        )
    };
    (@term $op0:literal, $op:literal, $x:expr) => {
        concat!(
            $op0, " {t6}, ", q!($x, 0), "\n",
            $op, " {t0}, ", q!($x, 8), "\n",
            $op, " {t1}, ", q!($x, 16), "\n",
            $op, " {t2}, ", q!($x, 24), "\n",
            $op, " {t3}, ", q!($x, 32), "\n",
            $op, " {t4}, ", q!($x, 40), "\n",
        )
    };
    (@reduce $o:expr) => {
        concat!(
            gcsub_mem!("{p} + 96", "rsp + 1184"),
            gcsub_mem!("{p} + 48", "rsp + 1184"),
            gcsub_mem!("{p}", "rsp + 1184"),
            "mov ", q!($o, 0), ", {t6}\n",
            "mov ", q!($o, 8), ", {t0}\n",
            "mov ", q!($o, 16), ", {t1}\n",
            "mov ", q!($o, 24), ", {t2}\n",
            "mov ", q!($o, 32), ", {t3}\n",
            "mov ", q!($o, 40), ", {t4}\n",
        )
    };
    (plus; $g:expr, $o:expr) => {
        concat!(
            gcombine!(@three),
            gcombine!(@term "add", "adc", $g),
            gcombine!(@term "add", "adc", $g),
            gcombine!(@reduce $o),
        )
    };
    (minus; $g:expr, $o:expr) => {
        concat!(
            gcombine!(@three),
            gcombine!(@term "add", "adc", "{p} + 48"),
            gcombine!(@term "sub", "sbb", $g),
            gcombine!(@term "sub", "sbb", $g),
            gcombine!(@reduce $o),
        )
    };
}

/// The factors of one Fp4 square `(x + y s)^2` (`x = x0 + x1 u`,
/// `y = y0 + y1 u`, coefficients below p at the given addresses), stored
/// to the frame, once `s0`, `s1` (the coefficients of `x + y` or
/// `x + xi y`, below p) are at `[rsp + 288]`, `[rsp + 336]`:
/// `[rsp]` x0 + x1, `[rsp + 48]` x0 - x1 mod p, `[rsp + 96]` 2 x0 (and
/// the same for y at 144, 192, 240; s at 384, 432, 480: every factor below
/// 2p). Split in two so that `s` may use the factors of `y`.
#[rustfmt::skip]
macro_rules! gfp4_factors {
    (xy; $x0:expr, $x1:expr, $y0:expr, $y1:expr) => {
        concat!(
            sum6!("rsp"; $x0, "add", "adc", $x1),
            gsubmod6!("rsp + 48"; $x0, $x1),
            sum6!("rsp + 96"; $x0, "add", "adc", $x0),
            sum6!("rsp + 144"; $y0, "add", "adc", $y1),
            gsubmod6!("rsp + 192"; $y0, $y1),
            sum6!("rsp + 240"; $y0, "add", "adc", $y0),
        )
    };
    (s) => {
        concat!(
            sum6!("rsp + 384"; "rsp + 288", "add", "adc", "rsp + 336"),
            gsubmod6!("rsp + 432"; "rsp + 288", "rsp + 336"),
            sum6!("rsp + 480"; "rsp + 288", "add", "adc", "rsp + 288"),
        )
    };
}

/// The six double-width products of one Fp4 square from the factors of
/// `gfp4_factors!` (`$x1`, `$y1` the addresses of x1, y1), each below
/// `2 p^2` (a factor below `2p` times one below `p`; for
/// `(a0 + a1)(a0 - a1 mod p)` also when `a0 < a1`, as then the second
/// factor is `a0 - a1 + p < p`):
/// `X0 = (x0 + x1)(x0 - x1)` at `[rsp + 528]`, `X1 = 2 x0 x1` at 624,
/// likewise `Y0`, `Y1` at 720, 816 and `S0`, `S1` at 912, 1008:
/// `x^2 = X0 + X1 u`, `y^2 = Y0 + Y1 u`, `s^2 = S0 + S1 u` mod p.
#[rustfmt::skip]
macro_rules! gfp4_products {
    ($x1:expr, $y1:expr) => {
        concat!(
            gmul384!("rsp", "rsp + 48", "rsp + 528"),
            gmul384!("rsp + 96", $x1, "rsp + 624"),
            gmul384!("rsp + 144", "rsp + 192", "rsp + 720"),
            gmul384!("rsp + 240", $y1, "rsp + 816"),
            gmul384!("rsp + 384", "rsp + 432", "rsp + 912"),
            gmul384!("rsp + 480", "rsp + 336", "rsp + 1008"),
        )
    };
}

/// One Fp4 square `(x + y s)^2 = sq0 + sq1 s` of a cyclotomic square,
/// `x = x0 + x1 u`, `y = y0 + y1 u` at the given addresses (below p),
/// combined with the g at `$ga`..`$gd`: `3 sq0 - 2 g` to `$oa` (c0), `$ob`
/// (c1), and `3 sq1 + 2 g` to `$oc`, `$od`, where `sq1 = 2 x y` (`plain`)
/// or `xi 2 x y` (`twisted`). Bounds at [`cyclotomic_sqr_compressed`].
#[rustfmt::skip]
macro_rules! gfp4_sqr {
    (@sq0; $ga:expr, $oa:expr, $gb:expr, $ob:expr) => {
        concat!(
            // x^2 + xi y^2 = (X0 + Y0 - Y1, X1 + Y0 + Y1).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 528";
                "add", "adc", "rsp + 720", "qword ptr [rsp + 1104]";
                "sub", "sbb", "rsp + 816", "qword ptr [rsp + 1112]";
                "add", "adc", "{p} + 144", "qword ptr [rsp + 1120]"),
            gcombine!(minus; $ga, $oa),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 624";
                "add", "adc", "rsp + 720", "qword ptr [rsp + 1104]";
                "add", "adc", "rsp + 816", "qword ptr [rsp + 1112]"),
            gcombine!(minus; $gb, $ob),
        )
    };
    (plain; $x0:expr, $x1:expr, $y0:expr, $y1:expr;
     $ga:expr, $oa:expr, $gb:expr, $ob:expr, $gc:expr, $oc:expr, $gd:expr, $od:expr) => {
        concat!(
            gfp4_factors!(xy; $x0, $x1, $y0, $y1),
            // s = x + y.
            gaddmod6!("rsp + 288"; $x0, $y0),
            gaddmod6!("rsp + 336"; $x1, $y1),
            gfp4_factors!(s),
            gfp4_products!($x1, $y1),
            gfp4_sqr!(@sq0; $ga, $oa, $gb, $ob),
            // 2 x y = (S0 - X0 - Y0, S1 - X1 - Y1).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 912";
                "sub", "sbb", "rsp + 528", "qword ptr [rsp + 1104]";
                "sub", "sbb", "rsp + 720", "qword ptr [rsp + 1112]";
                "add", "adc", "{p} + 240", "qword ptr [rsp + 1120]"),
            gcombine!(plus; $gc, $oc),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1008";
                "sub", "sbb", "rsp + 624", "qword ptr [rsp + 1104]";
                "sub", "sbb", "rsp + 816", "qword ptr [rsp + 1112]";
                "add", "adc", "{p} + 240", "qword ptr [rsp + 1120]"),
            gcombine!(plus; $gd, $od),
        )
    };
    (twisted; $x0:expr, $x1:expr, $y0:expr, $y1:expr;
     $ga:expr, $oa:expr, $gb:expr, $ob:expr, $gc:expr, $oc:expr, $gd:expr, $od:expr) => {
        concat!(
            gfp4_factors!(xy; $x0, $x1, $y0, $y1),
            // s = x + xi y: s0 = x0 + (y0 - y1), s1 = x1 + (y0 + y1), mod p.
            gaddmod6!("rsp + 288"; $x0, "rsp + 192"),
            gaddmod6!("rsp + 336"; $y0, $y1),
            gaddmod6!("rsp + 336"; $x1, "rsp + 336"),
            gfp4_factors!(s),
            gfp4_products!($x1, $y1),
            gfp4_sqr!(@sq0; $ga, $oa, $gb, $ob),
            // xi 2 x y = (S0 - X0 + 2 Y1, S1 - X1 - 2 Y0).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 912";
                "add", "adc", "rsp + 816", "qword ptr [rsp + 1104]";
                "add", "adc", "rsp + 816", "qword ptr [rsp + 1112]";
                "sub", "sbb", "rsp + 528", "qword ptr [rsp + 1120]";
                "add", "adc", "{p} + 144", "qword ptr [rsp + 1128]"),
            gcombine!(plus; $gc, $oc),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1008";
                "sub", "sbb", "rsp + 624", "qword ptr [rsp + 1104]";
                "sub", "sbb", "rsp + 720", "qword ptr [rsp + 1112]";
                "sub", "sbb", "rsp + 720", "qword ptr [rsp + 1120]";
                "add", "adc", "{p} + 336", "qword ptr [rsp + 1128]"),
            gcombine!(plus; $gd, $od),
        )
    };
}

/// The compressed cyclotomic square (Karabina, eprint 2010/542; the
/// formulas at `pairing::gt::Compressed`): from `g = (g2, g3, g4, g5)`
/// (eight Fp coefficients in the order `g2.c0, g2.c1, g3.c0, ...`, each
/// below p) writes to `out` (which must not overlap `g`), with
/// `B = g4 + g5 s`, `C = g2 + g3 s` in Fp4 = Fp2\[s\] / (s^2 - xi),
/// `B^2 = b0 + b1 s`, `C^2 = c0 + c1 s`:
/// `g2' = 3 xi b1 + 2 g2`, `g3' = 3 b0 - 2 g3`, `g4' = 3 c0 - 2 g4`,
/// `g5' = 3 c1 + 2 g5`, every output below p. `c` holds p and the
/// offsets (see [`super::FusedConsts`]).
///
/// Each Fp4 square `(x + y s)^2 = (x^2 + xi y^2) + 2 x y s` takes six
/// double-width products (`gfp4_products!`, each below `2 p^2`), with
/// `2 x y = (x + y)^2 - x^2 - y^2` for C, and for B directly the twisted
/// `xi 2 x y = (x + xi y)^2 - x^2 - xi^2 y^2`, `xi^2 = 2u`, so that
/// `xi b1` needs no step of its own. With `x^2 = X0 + X1 u` etc.
/// (`xi Y = (Y0 - Y1) + (Y0 + Y1) u`, `xi^2 Y = -2 Y1 + 2 Y0 u`), the
/// coefficients to reduce, each made non-negative by an offset that is a
/// multiple of p (values in units of p^2; the ceiling is `p 2^384 ~ 9.84`):
/// - `x^2 + xi y^2`: `X0 + Y0 - Y1 + p 2^382` in `(0.46, 6.46)`,
///   `X1 + Y0 + Y1` below 6;
/// - C: `S0 - X0 - Y0 + p 2^383` and `S1 - X1 - Y1 + p 2^383` in
///   `(0.92, 6.92)`;
/// - B: `S0 - X0 + 2 Y1 + p 2^382` in `(0.46, 8.46)`,
///   `S1 - X1 - 2 Y0 + 5p 2^381` in `(0.15, 8.15)`.
///
/// Each is reduced by `gredc_sum!` (below `2p`) and combined with its g
/// by `gcombine!`: 12 products and 8 reductions in one block, no wide
/// value leaves the frame.
///
/// Frame: `[rsp]` .. `[rsp + 528]` the factors, `[rsp + 528]` ..
/// `[rsp + 1104]` the products, `[rsp + 1104]` .. the four carry slots,
/// `[rsp + 1136]` and `[rsp + 1184]` scratch.
#[inline(always)]
pub unsafe fn cyclotomic_sqr_compressed(
    out: *mut [[u64; 6]; 8],
    g: &[[u64; 6]; 8],
    c: &super::FusedConsts,
) {
    // SAFETY: reads 48 limbs behind `g` and the constants behind `c`,
    // writes 48 at `out` (provided by the caller, not overlapping `g`);
    // uses 1232 bytes of stack below the stack pointer, restored before
    // the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 1232]",
            // B = g4 + g5 s: g3' = 3 b0 - 2 g3, g2' = 3 xi b1 + 2 g2.
            gfp4_sqr!(twisted; "{g} + 192", "{g} + 240", "{g} + 288", "{g} + 336";
                "{g} + 96", "{o} + 96", "{g} + 144", "{o} + 144",
                "{g}", "{o}", "{g} + 48", "{o} + 48"),
            // C = g2 + g3 s: g4' = 3 c0 - 2 g4, g5' = 3 c1 + 2 g5.
            gfp4_sqr!(plain; "{g}", "{g} + 48", "{g} + 96", "{g} + 144";
                "{g} + 192", "{o} + 192", "{g} + 240", "{o} + 240",
                "{g} + 288", "{o} + 288", "{g} + 336", "{o} + 336"),
            "lea rsp, [rsp + 1232]",
            g = in(reg) g.as_ptr(),
            o = in(reg) out,
            p = in(reg) c as *const super::FusedConsts,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

/// The cyclotomic square of an Fp12 element `f` (twelve coefficients in
/// tower order `c0.c0.c0, c0.c0.c1, c0.c1.c0, ...`, each below p) written
/// to `out` (not overlapping `f`): with `A = c0.c0 + c1.c1 s`,
/// `B = c0.c1 + c1.c2 s`, `C = c1.c0 + c0.c2 s` in Fp4 (see
/// `pairing::gt`), `f^2 = (3 A^2 - 2 conj(A)) + (3 s B^2 + 2 conj(C)) t +
/// (3 C^2 - 2 conj(B)) t^2`: the three Fp4 squares and combinations of
/// [`cyclotomic_sqr_compressed`] (same frame and bounds), one more square
/// for A. 18 double-width products and 12 reductions.
#[inline(always)]
pub unsafe fn cyclotomic_sqr(out: *mut [[u64; 6]; 12], f: &[[u64; 6]; 12], c: &super::FusedConsts) {
    // SAFETY: reads 72 limbs behind `f` and the constants behind `c`,
    // writes 72 at `out` (provided by the caller, not overlapping `f`);
    // uses 1232 bytes of stack below the stack pointer, restored before
    // the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 1232]",
            // A = c0.c0 + c1.c1 s: c0.c0' = 3 a0 - 2 c0.c0, c1.c1' = 3 a1 + 2 c1.c1.
            gfp4_sqr!(plain; "{g}", "{g} + 48", "{g} + 384", "{g} + 432";
                "{g}", "{o}", "{g} + 48", "{o} + 48",
                "{g} + 384", "{o} + 384", "{g} + 432", "{o} + 432"),
            // B = c0.c1 + c1.c2 s: c0.c2' = 3 b0 - 2 c0.c2, c1.c0' = 3 xi b1 + 2 c1.c0.
            gfp4_sqr!(twisted; "{g} + 96", "{g} + 144", "{g} + 480", "{g} + 528";
                "{g} + 192", "{o} + 192", "{g} + 240", "{o} + 240",
                "{g} + 288", "{o} + 288", "{g} + 336", "{o} + 336"),
            // C = c1.c0 + c0.c2 s: c0.c1' = 3 c0 - 2 c0.c1, c1.c2' = 3 c1 + 2 c1.c2.
            gfp4_sqr!(plain; "{g} + 288", "{g} + 336", "{g} + 192", "{g} + 240";
                "{g} + 96", "{o} + 96", "{g} + 144", "{o} + 144",
                "{g} + 480", "{o} + 480", "{g} + 528", "{o} + 528"),
            "lea rsp, [rsp + 1232]",
            g = in(reg) f.as_ptr(),
            o = in(reg) out,
            p = in(reg) c as *const super::FusedConsts,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

// ---------------------------------------------------------------------------
// The Miller-loop doubling step, one `asm!` block.

/// Loads the 6 qwords at `$x` into the window `t6, t0..t4`.
#[rustfmt::skip]
macro_rules! gload_window {
    ($x:expr) => {
        concat!(
            "mov {t6}, ", q!($x, 0), "\n",
            "mov {t0}, ", q!($x, 8), "\n",
            "mov {t1}, ", q!($x, 16), "\n",
            "mov {t2}, ", q!($x, 24), "\n",
            "mov {t3}, ", q!($x, 32), "\n",
            "mov {t4}, ", q!($x, 40), "\n",
        )
    };
}

/// Stores the window `t6, t0..t4` to the 6 qwords at `$o`.
#[rustfmt::skip]
macro_rules! gstore_window {
    ($o:expr) => {
        concat!(
            "mov ", q!($o, 0), ", {t6}\n",
            "mov ", q!($o, 8), ", {t0}\n",
            "mov ", q!($o, 16), ", {t1}\n",
            "mov ", q!($o, 24), ", {t2}\n",
            "mov ", q!($o, 32), ", {t3}\n",
            "mov ", q!($o, 40), ", {t4}\n",
        )
    };
}

/// `window op= [$x]` over the window `t6, t0..t4` (`(op0, op)` =
/// `("add", "adc")` or `("sub", "sbb")`), modulo `2^384`.
#[rustfmt::skip]
macro_rules! gwindow_op {
    ($op0:literal, $op:literal, $x:expr) => {
        concat!(
            $op0, " {t6}, ", q!($x, 0), "\n",
            $op, " {t0}, ", q!($x, 8), "\n",
            $op, " {t1}, ", q!($x, 16), "\n",
            $op, " {t2}, ", q!($x, 24), "\n",
            $op, " {t3}, ", q!($x, 32), "\n",
            $op, " {t4}, ", q!($x, 40), "\n",
        )
    };
}

/// `window += window` (the caller keeps the result below `2^384`).
#[rustfmt::skip]
macro_rules! gdbl_window {
    () => {
        concat!(
            "add {t6}, {t6}\n",
            "adc {t0}, {t0}\n",
            "adc {t1}, {t1}\n",
            "adc {t2}, {t2}\n",
            "adc {t3}, {t3}\n",
            "adc {t4}, {t4}\n",
        )
    };
}

/// `window = 3 window` through the staging qwords at `$s` (the caller
/// keeps the result below `2^384`).
#[rustfmt::skip]
macro_rules! gtriple_window {
    ($s:expr) => {
        concat!(
            gstore_window!($s),
            gdbl_window!(),
            "add {t6}, ", q!($s, 0), "\n",
            "adc {t0}, ", q!($s, 8), "\n",
            "adc {t1}, ", q!($s, 16), "\n",
            "adc {t2}, ", q!($s, 24), "\n",
            "adc {t3}, ", q!($s, 32), "\n",
            "adc {t4}, ", q!($s, 40), "\n",
        )
    };
}

/// `window = window / 2 mod p` for a window below `2p`: `p` is added when
/// the window is odd (the sum stays below `3p < 2^384`), then the even
/// sum is shifted right; the result is below `1.5 p`. `lo`, `hi` scratch.
#[rustfmt::skip]
macro_rules! ghalve_window {
    () => {
        concat!(
            "mov {lo}, {t6}\n",
            "and {lo}, 1\n",
            "neg {lo}\n",
            addmask6!(lo, hi; t6, t0, t1, t2, t3, t4),
            "shrd {t6}, {t0}, 1\n",
            "shrd {t0}, {t1}, 1\n",
            "shrd {t1}, {t2}, 1\n",
            "shrd {t2}, {t3}, 1\n",
            "shrd {t3}, {t4}, 1\n",
            "shr {t4}, 1\n",
        )
    };
}

/// From `r < 2p` in the window (a reduction of `xi C`), `E = 12 r mod p`
/// stored to `$e` and `F = 3E mod p` to `$f`: `r mod p` (one conditional
/// subtraction), `4 r < 4p` reduced by `2p` and `p`, then two triplings
/// (below `3p`), each reduced by `2p` and `p`. Scratch at
/// `[rsp + 2192]`, `[rsp + 2240]`.
#[rustfmt::skip]
macro_rules! gmiller_e_f {
    ($e:expr, $f:expr) => {
        concat!(
            gcsub_mem!("{p}", "rsp + 2192"),
            gdbl_window!(),
            gdbl_window!(),
            gcsub_mem!("{p} + 48", "rsp + 2192"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gtriple_window!("rsp + 2240"),
            gcsub_mem!("{p} + 48", "rsp + 2192"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!($e),
            gtriple_window!("rsp + 2240"),
            gcsub_mem!("{p} + 48", "rsp + 2192"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!($f),
        )
    };
}

/// The two coefficients of a Karatsuba Fp2 product from its double-width
/// parts `P0 = a0 b0` at `[rsp + 1776]`, `P1 = a1 b1` at `[rsp + 1872]`,
/// `P2 = (a0 + a1)(b0 + b1)` at `[rsp + 1968]`: `P0 - P1 + p 2^382` and
/// the exact `P2 - P0 - P1`, each reduced below p, stored to `$o0`,
/// `$o1` (the caller gives the bounds).
#[rustfmt::skip]
macro_rules! gkaratsuba_reduce {
    ($o0:expr, $o1:expr) => {
        concat!(
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1776";
                "sub", "sbb", "rsp + 1872", "qword ptr [rsp + 2160]";
                "add", "adc", "{p} + 144", "qword ptr [rsp + 2168]"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!($o0),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1968";
                "sub", "sbb", "rsp + 1776", "qword ptr [rsp + 2160]";
                "sub", "sbb", "rsp + 1872", "qword ptr [rsp + 2168]"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!($o1),
        )
    };
}

/// The Miller-loop doubling step on the M-type twist, with its tangent
/// evaluated at P (see `pairing::miller`). `s` points to the state
/// `(X, Y, Z, -3 xp, 2 yp)`: the point T in homogeneous coordinates
/// (six Fp coefficients `X.c0, X.c1, Y.c0, ...`) and the two Fp constants
/// of P; T is replaced by 2T (scaled by 1/4 against the textbook
/// formulas: any Fp multiple is the same point) and the line
/// `(c0, c1, c4)` = `(B - E, -3 xp X^2, 2 yp Y Z)` is written to `line`
/// (six coefficients, not overlapping `s`). With B = Y^2, E = 3 b' Z^2
/// = 12 xi Z^2, F = 3E, G = (B + F) / 2:
/// `X' = (X Y / 2)(B - F)`, `Y' = G^2 - E F` (`E F = 3 E^2`),
/// `Z' = 2 B Y Z`. Every input and output coefficient below p.
///
/// Fp2 products at double width, each coefficient reduced once
/// (`gredc_sum!`, below `2p`, then one conditional subtraction):
/// squares as `(a0 + a1)(a0 - a1 mod p) + (2 a0) a1 u` (each part below
/// `2 p^2`), other products by Karatsuba, `(a0 b0 - a1 b1 + p 2^382)` and
/// the exact `(a0 + a1)(b0 + b1) - a0 b0 - a1 b1` (for factors below p,
/// resp. `p` and `2p` for `Z'`: both below `4.5 p^2`, where the ceiling is
/// `p 2^384 ~ 9.84 p^2`). `xi C` is reduced straight from the two parts
/// of `C = Z^2` (`C0 - C1 + p 2^382`, `C0 + C1`); then `E = 12 xi C` and
/// `F = 3E` by doublings and conditional subtractions. `Y'` is one
/// reduction per coefficient of `G^2 - E F` with `E F` as the square-like
/// `((E0 + E1)(F0 - F1) + (2 E0) F1 u)` (since `F = 3E`). 22 double-width
/// products, 16 reductions and 4 Montgomery products (the line's `xp`,
/// `yp`).
///
/// Frame (48-byte Fp slots): `[rsp]` the factors of X, Y, Z (sum,
/// difference mod p, double; 9 slots), `[rsp + 432]` B, E, F, A = XY/2,
/// YZ, J = X^2, M = B - F, G (2 slots each), `[rsp + 1200]` the factors
/// of the second products, `[rsp + 1776]` four double-width slots,
/// `[rsp + 2160]` carry slots, `[rsp + 2192]` and `[rsp + 2240]` scratch.
#[inline(always)]
pub unsafe fn miller_double(line: *mut [[u64; 6]; 6], s: *mut [[u64; 6]; 8], c: &super::FusedConsts) {
    // SAFETY: reads and writes the 48 limbs at `s`, writes 36 at `line`
    // (provided by the caller, not overlapping), reads the constants
    // behind `c`; uses 2288 bytes of stack below the stack pointer,
    // restored before the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 2288]",
            // Factors: X at 0, 48, 96; Y at 144, 192, 240; Z at 288, 336, 384.
            sum6!("rsp"; "{s}", "add", "adc", "{s} + 48"),
            gsubmod6!("rsp + 48"; "{s}", "{s} + 48"),
            sum6!("rsp + 96"; "{s}", "add", "adc", "{s}"),
            sum6!("rsp + 144"; "{s} + 96", "add", "adc", "{s} + 144"),
            gsubmod6!("rsp + 192"; "{s} + 96", "{s} + 144"),
            sum6!("rsp + 240"; "{s} + 96", "add", "adc", "{s} + 96"),
            sum6!("rsp + 288"; "{s} + 192", "add", "adc", "{s} + 240"),
            gsubmod6!("rsp + 336"; "{s} + 192", "{s} + 240"),
            sum6!("rsp + 384"; "{s} + 192", "add", "adc", "{s} + 192"),
            // B = Y^2 at 432, 480.
            gmul384!("rsp + 144", "rsp + 192", "rsp + 1776"),
            gmul384!("rsp + 240", "{s} + 144", "rsp + 1872"),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1776"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("rsp + 432"),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1872"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("rsp + 480"),
            // xi C = (C0 - C1, C0 + C1), C = Z^2; E = 12 xi C at 528, 576;
            // F = 3E at 624, 672.
            gmul384!("rsp + 288", "rsp + 336", "rsp + 1776"),
            gmul384!("rsp + 384", "{s} + 240", "rsp + 1872"),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1776";
                "sub", "sbb", "rsp + 1872", "qword ptr [rsp + 2160]";
                "add", "adc", "{p} + 144", "qword ptr [rsp + 2168]"),
            gmiller_e_f!("rsp + 528", "rsp + 624"),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1776";
                "add", "adc", "rsp + 1872", "qword ptr [rsp + 2160]"),
            gmiller_e_f!("rsp + 576", "rsp + 672"),
            // Y Z at 816, 864.
            gmul384!("{s} + 96", "{s} + 192", "rsp + 1776"),
            gmul384!("{s} + 144", "{s} + 240", "rsp + 1872"),
            gmul384!("rsp + 144", "rsp + 288", "rsp + 1968"),
            gkaratsuba_reduce!("rsp + 816", "rsp + 864"),
            // A = X Y / 2 at 720, 768.
            gmul384!("{s}", "{s} + 96", "rsp + 1776"),
            gmul384!("{s} + 48", "{s} + 144", "rsp + 1872"),
            gmul384!("rsp", "rsp + 144", "rsp + 1968"),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1776";
                "sub", "sbb", "rsp + 1872", "qword ptr [rsp + 2160]";
                "add", "adc", "{p} + 144", "qword ptr [rsp + 2168]"),
            ghalve_window!(),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("rsp + 720"),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1968";
                "sub", "sbb", "rsp + 1776", "qword ptr [rsp + 2160]";
                "sub", "sbb", "rsp + 1872", "qword ptr [rsp + 2168]"),
            ghalve_window!(),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("rsp + 768"),
            // J = X^2 at 912, 960.
            gmul384!("rsp", "rsp + 48", "rsp + 1776"),
            gmul384!("rsp + 96", "{s} + 48", "rsp + 1872"),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1776"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("rsp + 912"),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1872"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("rsp + 960"),
            // The line: c0 = B - E, c1 = -3 xp J, c4 = 2 yp Y Z.
            gsubmod6!("{l}"; "rsp + 432", "rsp + 528"),
            gsubmod6!("{l} + 48"; "rsp + 480", "rsp + 576"),
            gmont6!("rsp + 912", "{s} + 288", "qword ptr [{p} + 432]"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("{l} + 96"),
            gmont6!("rsp + 960", "{s} + 288", "qword ptr [{p} + 432]"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("{l} + 144"),
            gmont6!("rsp + 816", "{s} + 336", "qword ptr [{p} + 432]"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("{l} + 192"),
            gmont6!("rsp + 864", "{s} + 336", "qword ptr [{p} + 432]"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("{l} + 240"),
            // M = B - F at 1008, 1056; G = (B + F) / 2 at 1104, 1152.
            gsubmod6!("rsp + 1008"; "rsp + 432", "rsp + 624"),
            gsubmod6!("rsp + 1056"; "rsp + 480", "rsp + 672"),
            gaddmod6!("rsp + 1104"; "rsp + 432", "rsp + 624"),
            gload_window!("rsp + 1104"),
            ghalve_window!(),
            gstore_window!("rsp + 1104"),
            gaddmod6!("rsp + 1152"; "rsp + 480", "rsp + 672"),
            gload_window!("rsp + 1152"),
            ghalve_window!(),
            gstore_window!("rsp + 1152"),
            // X' = A M.
            sum6!("rsp + 1200"; "rsp + 720", "add", "adc", "rsp + 768"),
            sum6!("rsp + 1248"; "rsp + 1008", "add", "adc", "rsp + 1056"),
            gmul384!("rsp + 720", "rsp + 1008", "rsp + 1776"),
            gmul384!("rsp + 768", "rsp + 1056", "rsp + 1872"),
            gmul384!("rsp + 1200", "rsp + 1248", "rsp + 1968"),
            gkaratsuba_reduce!("{s}", "{s} + 48"),
            // Y' = G^2 - E F: (G0 + G1)(G0 - G1) - (E0 + E1)(F0 - F1) and
            // (2 G0) G1 - (2 E0) F1.
            sum6!("rsp + 1296"; "rsp + 1104", "add", "adc", "rsp + 1152"),
            gsubmod6!("rsp + 1344"; "rsp + 1104", "rsp + 1152"),
            sum6!("rsp + 1392"; "rsp + 1104", "add", "adc", "rsp + 1104"),
            sum6!("rsp + 1440"; "rsp + 528", "add", "adc", "rsp + 576"),
            gsubmod6!("rsp + 1488"; "rsp + 624", "rsp + 672"),
            sum6!("rsp + 1536"; "rsp + 528", "add", "adc", "rsp + 528"),
            gmul384!("rsp + 1296", "rsp + 1344", "rsp + 1776"),
            gmul384!("rsp + 1392", "rsp + 1152", "rsp + 1872"),
            gmul384!("rsp + 1440", "rsp + 1488", "rsp + 1968"),
            gmul384!("rsp + 1536", "rsp + 672", "rsp + 2064"),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1776";
                "sub", "sbb", "rsp + 1968", "qword ptr [rsp + 2160]";
                "add", "adc", "{p} + 144", "qword ptr [rsp + 2168]"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("{s} + 96"),
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 1872";
                "sub", "sbb", "rsp + 2064", "qword ptr [rsp + 2160]";
                "add", "adc", "{p} + 144", "qword ptr [rsp + 2168]"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("{s} + 144"),
            // Z' = (Y Z)(2 B): the second factor below 2p.
            sum6!("rsp + 1584"; "rsp + 432", "add", "adc", "rsp + 432"),
            sum6!("rsp + 1632"; "rsp + 480", "add", "adc", "rsp + 480"),
            sum6!("rsp + 1680"; "rsp + 816", "add", "adc", "rsp + 864"),
            sum6!("rsp + 1728"; "rsp + 1584", "add", "adc", "rsp + 1632"),
            gmul384!("rsp + 816", "rsp + 1584", "rsp + 1776"),
            gmul384!("rsp + 864", "rsp + 1632", "rsp + 1872"),
            gmul384!("rsp + 1680", "rsp + 1728", "rsp + 1968"),
            gkaratsuba_reduce!("{s} + 192", "{s} + 240"),
            "lea rsp, [rsp + 2288]",
            s = in(reg) s,
            l = in(reg) line,
            p = in(reg) c as *const super::FusedConsts,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

// ---------------------------------------------------------------------------
// The sparse Miller-loop product's combination and reductions, one block.

/// The twelve coefficients of `f (c0 + c1 v + c4 v w)` (`Fp12::mul_by_014`)
/// from its 13 double-width Fp2 products at `q` (each as `Qr`, `Qi`, 12
/// limbs each, the order `v0 = a00 c0`, `v1 = a01 c1`, `m1 = a02 c1`,
/// `m2 = (a00 + a01)(c0 + c1)`, `m3 = a02 c0`, `n0 = a12 c4`,
/// `n1 = a10 c4`, `n2 = a11 c4`, `w0 = s0 c0`, `w1 = s1 d1`, `w2 = s2 d1`,
/// `w3 = (s0 + s1)(c0 + d1)`, `w4 = s2 c0` with `s = a0 + a1`,
/// `d1 = c1 + c4`), written to `out` (tower order, below p; not
/// overlapping `q`):
/// `R0 = aa + v bb = (v0 + xi (m1 + n2), m2 - v0 - v1 + xi n0, v1 + m3 + n1)`,
/// `R1 = t - aa - bb = (w0 + xi w2 - v0 - xi (m1 + n0),
/// w3 - w0 - w1 - m2 + v0 + v1 - n1, w1 + w4 - v1 - m3 - n2)`
/// (Karatsuba over Fp12 and Fp6; `xi Q = (Qr - Qi, Qr + Qi)`).
///
/// Each coefficient is one `gredc_sum!` of its signed terms, every term
/// in `[0, p 2^384)` (the products of `Fp2::mul_wide_to`: `Qr` reduced mod
/// `p 2^384`, `Qi` exact and below `8 p^2`): with `m` terms added and `n`
/// subtracted the window holds `r` in `[-n p, (m + 1) p)`, made
/// non-negative by `+ n p` and brought below p by conditional subtractions
/// of `2^j p` down to `p` (`m + n + 1 <= 9`: the window stays below
/// `9p < 2^384`).
///
/// Frame: `[rsp]` seven carry slots, `[rsp + 64]` scratch.
#[inline(always)]
pub unsafe fn fp12_m014_reduce(out: *mut [[u64; 6]; 12], q: *const [[u64; 12]; 26], c: &super::FusedConsts) {
    // SAFETY: reads the 312 limbs at `q` and the constants behind `c`,
    // writes 72 at `out` (provided by the caller, not overlapping `q`);
    // uses 112 bytes of stack below the stack pointer, restored before
    // the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 112]",
            // R00.re = +v0r +m1r -m1i +n2r -n2i (range 6 p after + 2 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 0";
                "add", "adc", "{q} + 384", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 480", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 1344", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 1440", "qword ptr [rsp + 24]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 0"),
            // R00.im = +v0i +m1r +m1i +n2r +n2i (range 6 p after + 0 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 96";
                "add", "adc", "{q} + 384", "qword ptr [rsp + 0]";
                "add", "adc", "{q} + 480", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 1344", "qword ptr [rsp + 16]";
                "add", "adc", "{q} + 1440", "qword ptr [rsp + 24]"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 48"),
            // R01.re = +m2r -v0r -v1r +n0r -n0i (range 6 p after + 3 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 576";
                "sub", "sbb", "{q} + 0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 192", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 960", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 1056", "qword ptr [rsp + 24]"),
            gwindow_op!("add", "adc", "{p} + 584"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 96"),
            // R01.im = +m2i -v0i -v1i +n0r +n0i (range 6 p after + 2 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 672";
                "sub", "sbb", "{q} + 96", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 288", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 960", "qword ptr [rsp + 16]";
                "add", "adc", "{q} + 1056", "qword ptr [rsp + 24]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 144"),
            // R02.re = +v1r +m3r +n1r (range 4 p after + 0 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 192";
                "add", "adc", "{q} + 768", "qword ptr [rsp + 0]";
                "add", "adc", "{q} + 1152", "qword ptr [rsp + 8]"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 192"),
            // R02.im = +v1i +m3i +n1i (range 4 p after + 0 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 288";
                "add", "adc", "{q} + 864", "qword ptr [rsp + 0]";
                "add", "adc", "{q} + 1248", "qword ptr [rsp + 8]"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 240"),
            // R10.re = +w0r +w2r -w2i -v0r -m1r +m1i -n0r +n0i (range 9 p after + 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 1536";
                "add", "adc", "{q} + 1920", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2016", "qword ptr [rsp + 8]";
                "sub", "sbb", "{q} + 0", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 384", "qword ptr [rsp + 24]";
                "add", "adc", "{q} + 480", "qword ptr [rsp + 32]";
                "sub", "sbb", "{q} + 960", "qword ptr [rsp + 40]";
                "add", "adc", "{q} + 1056", "qword ptr [rsp + 48]"),
            gwindow_op!("add", "adc", "{p} + 632"),
            gcsub_mem!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 288"),
            // R10.im = +w0i +w2r +w2i -v0i -m1r -m1i -n0r -n0i (range 9 p after + 5 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 1632";
                "add", "adc", "{q} + 1920", "qword ptr [rsp + 0]";
                "add", "adc", "{q} + 2016", "qword ptr [rsp + 8]";
                "sub", "sbb", "{q} + 96", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 384", "qword ptr [rsp + 24]";
                "sub", "sbb", "{q} + 480", "qword ptr [rsp + 32]";
                "sub", "sbb", "{q} + 960", "qword ptr [rsp + 40]";
                "sub", "sbb", "{q} + 1056", "qword ptr [rsp + 48]"),
            gwindow_op!("add", "adc", "{p} + 680"),
            gcsub_mem!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 336"),
            // R11.re = +w3r -w0r -w1r -m2r +v0r +v1r -n1r (range 8 p after + 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 2112";
                "sub", "sbb", "{q} + 1536", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1728", "qword ptr [rsp + 8]";
                "sub", "sbb", "{q} + 576", "qword ptr [rsp + 16]";
                "add", "adc", "{q} + 0", "qword ptr [rsp + 24]";
                "add", "adc", "{q} + 192", "qword ptr [rsp + 32]";
                "sub", "sbb", "{q} + 1152", "qword ptr [rsp + 40]"),
            gwindow_op!("add", "adc", "{p} + 632"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 384"),
            // R11.im = +w3i -w0i -w1i -m2i +v0i +v1i -n1i (range 8 p after + 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 2208";
                "sub", "sbb", "{q} + 1632", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1824", "qword ptr [rsp + 8]";
                "sub", "sbb", "{q} + 672", "qword ptr [rsp + 16]";
                "add", "adc", "{q} + 96", "qword ptr [rsp + 24]";
                "add", "adc", "{q} + 288", "qword ptr [rsp + 32]";
                "sub", "sbb", "{q} + 1248", "qword ptr [rsp + 40]"),
            gwindow_op!("add", "adc", "{p} + 632"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 432"),
            // R12.re = +w1r +w4r -v1r -m3r -n2r (range 6 p after + 3 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 1728";
                "add", "adc", "{q} + 2304", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 192", "qword ptr [rsp + 8]";
                "sub", "sbb", "{q} + 768", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 1344", "qword ptr [rsp + 24]"),
            gwindow_op!("add", "adc", "{p} + 584"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 480"),
            // R12.im = +w1i +w4i -v1i -m3i -n2i (range 6 p after + 3 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 1824";
                "add", "adc", "{q} + 2400", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 288", "qword ptr [rsp + 8]";
                "sub", "sbb", "{q} + 864", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 1440", "qword ptr [rsp + 24]"),
            gwindow_op!("add", "adc", "{p} + 584"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 528"),
            "lea rsp, [rsp + 112]",
            q = in(reg) q,
            o = in(reg) out,
            p = in(reg) c as *const super::FusedConsts,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

// ---------------------------------------------------------------------------
// Signed sums whose window needs a seventh limb.

/// As `gredc_sum!` on 13-limb terms (`gwide_sum!` results), with the
/// window widened to seven limbs `t6, t0..t4, hi` (two's complement): each
/// term's thirteenth limb, at `$top` (`$ftop` for the first), enters `hi`
/// with the carries out of the twelfth, so the window holds
/// `(T + Q p) / 2^384` exactly for the signed sum `T` (for the sums whose
/// range spans more than `2^384`, about `9.8 p`).
#[rustfmt::skip]
macro_rules! gredc_sum_w {
    ($inv:expr; $first:expr, $ftop:expr $(; $op0:literal, $op:literal, $x:expr, $top:expr, $c:expr)*) => {
        concat!(
            "mov {t0}, ", q!($first, 0), "\n",
            "mov {t1}, ", q!($first, 8), "\n",
            "mov {t2}, ", q!($first, 16), "\n",
            "mov {t3}, ", q!($first, 24), "\n",
            "mov {t4}, ", q!($first, 32), "\n",
            "mov {t5}, ", q!($first, 40), "\n",
            $(
                $op0, " {t0}, ", q!($x, 0), "\n",
                $op, " {t1}, ", q!($x, 8), "\n",
                $op, " {t2}, ", q!($x, 16), "\n",
                $op, " {t3}, ", q!($x, 24), "\n",
                $op, " {t4}, ", q!($x, 32), "\n",
                $op, " {t5}, ", q!($x, 40), "\n",
                "sbb {hi}, {hi}\n",
                "mov ", $c, ", {hi}\n",
            )*
            "xor {t6:e}, {t6:e}\n",
            red6!($inv; t0, t1, t2, t3, t4, t5, t6),
            "xor {t0:e}, {t0:e}\n",
            red6!($inv; t1, t2, t3, t4, t5, t6, t0),
            "xor {t1:e}, {t1:e}\n",
            red6!($inv; t2, t3, t4, t5, t6, t0, t1),
            "xor {t2:e}, {t2:e}\n",
            red6!($inv; t3, t4, t5, t6, t0, t1, t2),
            "xor {t3:e}, {t3:e}\n",
            red6!($inv; t4, t5, t6, t0, t1, t2, t3),
            "xor {t4:e}, {t4:e}\n",
            red6!($inv; t5, t6, t0, t1, t2, t3, t4),
            "mov {hi}, ", $ftop, "\n",
            "add {t6}, ", q!($first, 48), "\n",
            "adc {t0}, ", q!($first, 56), "\n",
            "adc {t1}, ", q!($first, 64), "\n",
            "adc {t2}, ", q!($first, 72), "\n",
            "adc {t3}, ", q!($first, 80), "\n",
            "adc {t4}, ", q!($first, 88), "\n",
            "adc {hi}, 0\n",
            $(
                // CF = the saved carry (NEG of 0 or -1).
                "mov {lo}, ", $c, "\n",
                "neg {lo}\n",
                $op, " {t6}, ", q!($x, 48), "\n",
                $op, " {t0}, ", q!($x, 56), "\n",
                $op, " {t1}, ", q!($x, 64), "\n",
                $op, " {t2}, ", q!($x, 72), "\n",
                $op, " {t3}, ", q!($x, 80), "\n",
                $op, " {t4}, ", q!($x, 88), "\n",
                $op, " {hi}, ", $top, "\n",
            )*
        )
    };
}

/// A signed sum of double-width values stored exactly, as a 13-limb two's
/// complement integer at `$d` (limbs 0..11, then the top limb at `$d + 96`):
/// the 12-limb products (`$top` = `"0"`) and earlier sums (`$top` their
/// thirteenth limb; `$ftop` for the first term). The low halves are summed
/// first, each term's carry saved to its qword `$c`, then the high halves
/// and the top limb with those carries (no reduction: the caller keeps
/// the values far inside 13 limbs).
#[rustfmt::skip]
macro_rules! gwide_sum {
    ($d:expr; $first:expr, $ftop:expr $(; $op0:literal, $op:literal, $x:expr, $top:expr, $c:expr)*) => {
        concat!(
            "mov {t0}, ", q!($first, 0), "\n",
            "mov {t1}, ", q!($first, 8), "\n",
            "mov {t2}, ", q!($first, 16), "\n",
            "mov {t3}, ", q!($first, 24), "\n",
            "mov {t4}, ", q!($first, 32), "\n",
            "mov {t5}, ", q!($first, 40), "\n",
            $(
                $op0, " {t0}, ", q!($x, 0), "\n",
                $op, " {t1}, ", q!($x, 8), "\n",
                $op, " {t2}, ", q!($x, 16), "\n",
                $op, " {t3}, ", q!($x, 24), "\n",
                $op, " {t4}, ", q!($x, 32), "\n",
                $op, " {t5}, ", q!($x, 40), "\n",
                "sbb {hi}, {hi}\n",
                "mov ", $c, ", {hi}\n",
            )*
            "mov ", q!($d, 0), ", {t0}\n",
            "mov ", q!($d, 8), ", {t1}\n",
            "mov ", q!($d, 16), ", {t2}\n",
            "mov ", q!($d, 24), ", {t3}\n",
            "mov ", q!($d, 32), ", {t4}\n",
            "mov ", q!($d, 40), ", {t5}\n",
            "mov {t0}, ", q!($first, 48), "\n",
            "mov {t1}, ", q!($first, 56), "\n",
            "mov {t2}, ", q!($first, 64), "\n",
            "mov {t3}, ", q!($first, 72), "\n",
            "mov {t4}, ", q!($first, 80), "\n",
            "mov {t5}, ", q!($first, 88), "\n",
            "mov {t6}, ", $ftop, "\n",
            $(
                "mov {lo}, ", $c, "\n",
                "neg {lo}\n",
                $op, " {t0}, ", q!($x, 48), "\n",
                $op, " {t1}, ", q!($x, 56), "\n",
                $op, " {t2}, ", q!($x, 64), "\n",
                $op, " {t3}, ", q!($x, 72), "\n",
                $op, " {t4}, ", q!($x, 80), "\n",
                $op, " {t5}, ", q!($x, 88), "\n",
                $op, " {t6}, ", $top, "\n",
            )*
            "mov ", q!($d, 48), ", {t0}\n",
            "mov ", q!($d, 56), ", {t1}\n",
            "mov ", q!($d, 64), ", {t2}\n",
            "mov ", q!($d, 72), ", {t3}\n",
            "mov ", q!($d, 80), ", {t4}\n",
            "mov ", q!($d, 88), ", {t5}\n",
            "mov ", q!($d, 96), ", {t6}\n",
        )
    };
}

/// `window op= [$x]` over the seven-limb window of `gredc_sum_w!`.
#[rustfmt::skip]
macro_rules! gwindow_op_x {
    ($op0:literal, $op:literal, $x:expr) => {
        concat!(gwindow_op!($op0, $op, $x), $op, " {hi}, 0\n")
    };
}

/// As `gcsub_mem!` on the seven-limb window (`$k` below `2^384`): the
/// borrow runs through `hi`; the result, below `$k`, fits the six limbs
/// `t6, t0..t4` (`hi` is left meaningless).
#[rustfmt::skip]
macro_rules! gcsub_mem_x {
    ($k:expr, $s:expr) => {
        concat!(
            "mov ", q!($s, 0), ", {t6}\n",
            "mov ", q!($s, 8), ", {t0}\n",
            "mov ", q!($s, 16), ", {t1}\n",
            "mov ", q!($s, 24), ", {t2}\n",
            "mov ", q!($s, 32), ", {t3}\n",
            "mov ", q!($s, 40), ", {t4}\n",
            "sub {t6}, ", q!($k, 0), "\n",
            "sbb {t0}, ", q!($k, 8), "\n",
            "sbb {t1}, ", q!($k, 16), "\n",
            "sbb {t2}, ", q!($k, 24), "\n",
            "sbb {t3}, ", q!($k, 32), "\n",
            "sbb {t4}, ", q!($k, 40), "\n",
            "sbb {hi}, 0\n",
            "cmovc {t6}, ", q!($s, 0), "\n",
            "cmovc {t0}, ", q!($s, 8), "\n",
            "cmovc {t1}, ", q!($s, 16), "\n",
            "cmovc {t2}, ", q!($s, 24), "\n",
            "cmovc {t3}, ", q!($s, 32), "\n",
            "cmovc {t4}, ", q!($s, 40), "\n",
        )
    };
}

// ---------------------------------------------------------------------------
// The product of two Miller-loop lines, sums and reductions in one block.

/// The five nonzero Fp2 coefficients `(b0, b1, b2, b4, b5)` (Fp12
/// positions 0, 1, 2, 4, 5) of the product of two lines
/// `(c0 + c1 v + c4 v w)(d0 + d1 v + d4 v w)` (`Fp12::line_product`),
/// from its six double-width Fp2 products at `q` (each as `Qr`, `Qi`, in
/// the order `x00 = c0 d0`, `x11 = c1 d1`, `x44 = c4 d4`,
/// `y01 = (c0 + c1)(d0 + d1)`, `y04 = (c0 + c4)(d0 + d4)`,
/// `y14 = (c1 + c4)(d1 + d4)`), written to `out` (below p; not
/// overlapping `q`): `b0 = x00 + xi x44`, `b1 = y01 - x00 - x11`,
/// `b2 = x11`, `b4 = y04 - x00 - x44`, `b5 = y14 - x11 - x44`
/// (`xi Q = (Qr - Qi, Qr + Qi)`). Each coefficient is one `gredc_sum!`
/// of at most three terms in `[0, p 2^384)`: with `m` added and `n`
/// subtracted the window holds `[-n p, (m + 1) p)`, `+ n p`, then
/// conditional subtractions of `2p` and `p` (all below `4p`).
///
/// Frame: `[rsp]` two carry slots, `[rsp + 16]` scratch.
#[inline(always)]
pub unsafe fn fp12_l2_reduce(out: *mut [[u64; 6]; 10], q: *const [[u64; 12]; 12], c: &super::FusedConsts) {
    // SAFETY: reads the 144 limbs at `q` and the constants behind `c`,
    // writes 60 at `out` (provided by the caller, not overlapping `q`);
    // uses 64 bytes of stack below the stack pointer, restored before
    // the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 64]",
            // b0.re = +x00r +x44r -x44i (T in (-1, 2) p 2^384; + 1 p, window below 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 0";
                "add", "adc", "{q} + 384", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 480", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 488"),
            gcsub_mem!("{p} + 536", "rsp + 16"),
            gcsub_mem!("{p} + 488", "rsp + 16"),
            gstore_window!("{o} + 0"),
            // b0.im = +x00i +x44r +x44i (T in (0, 3) p 2^384; + 0 p, window below 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 96";
                "add", "adc", "{q} + 384", "qword ptr [rsp + 0]";
                "add", "adc", "{q} + 480", "qword ptr [rsp + 8]"),
            gcsub_mem!("{p} + 536", "rsp + 16"),
            gcsub_mem!("{p} + 488", "rsp + 16"),
            gstore_window!("{o} + 48"),
            // b1.re = +y01r -x00r -x11r (T in (-2, 1) p 2^384; + 2 p, window below 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 576";
                "sub", "sbb", "{q} + 0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 192", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 536", "rsp + 16"),
            gcsub_mem!("{p} + 488", "rsp + 16"),
            gstore_window!("{o} + 96"),
            // b1.im = +y01i -x00i -x11i (T in (-2, 1) p 2^384; + 2 p, window below 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 672";
                "sub", "sbb", "{q} + 96", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 288", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 536", "rsp + 16"),
            gcsub_mem!("{p} + 488", "rsp + 16"),
            gstore_window!("{o} + 144"),
            // b2.re = +x11r (T in (0, 1) p 2^384; + 0 p, window below 2 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 192"),
            gcsub_mem!("{p} + 488", "rsp + 16"),
            gstore_window!("{o} + 192"),
            // b2.im = +x11i (T in (0, 1) p 2^384; + 0 p, window below 2 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 288"),
            gcsub_mem!("{p} + 488", "rsp + 16"),
            gstore_window!("{o} + 240"),
            // b4.re = +y04r -x00r -x44r (T in (-2, 1) p 2^384; + 2 p, window below 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 768";
                "sub", "sbb", "{q} + 0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 384", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 536", "rsp + 16"),
            gcsub_mem!("{p} + 488", "rsp + 16"),
            gstore_window!("{o} + 288"),
            // b4.im = +y04i -x00i -x44i (T in (-2, 1) p 2^384; + 2 p, window below 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 864";
                "sub", "sbb", "{q} + 96", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 480", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 536", "rsp + 16"),
            gcsub_mem!("{p} + 488", "rsp + 16"),
            gstore_window!("{o} + 336"),
            // b5.re = +y14r -x11r -x44r (T in (-2, 1) p 2^384; + 2 p, window below 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 960";
                "sub", "sbb", "{q} + 192", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 384", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 536", "rsp + 16"),
            gcsub_mem!("{p} + 488", "rsp + 16"),
            gstore_window!("{o} + 384"),
            // b5.im = +y14i -x11i -x44i (T in (-2, 1) p 2^384; + 2 p, window below 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 1056";
                "sub", "sbb", "{q} + 288", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 480", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 536", "rsp + 16"),
            gcsub_mem!("{p} + 488", "rsp + 16"),
            gstore_window!("{o} + 432"),
            "lea rsp, [rsp + 64]",
            q = in(reg) q,
            o = in(reg) out,
            p = in(reg) c as *const super::FusedConsts,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

// ---------------------------------------------------------------------------
// f times a product of two lines, sums and reductions in one block.

/// The twelve coefficients of `f B` for `B = B0 + B1 w`, `B0 = (b0, b1,
/// b2)`, `B1 = (0, b4, b5)` (a product of two lines,
/// `Fp12::mul_by_line_product`), by Karatsuba over Fp6:
/// `R0 = A + v C`, `R1 = T - A - C` with `A = f0 B0`, `C = f1 B1`,
/// `T = (f0 + f1)(B0 + B1)`, from the 17 double-width Fp2 products at `q`
/// (each `Qr`, `Qi`): `A` by Karatsuba (`v0 = f00 b0`, `v1 = f01 b1`,
/// `v2 = f02 b2`, `m01`, `m12`, `m02` the products of the pairwise sums),
/// `C = (xi (u12 - u1 - u2), h1 + xi u2, h2 + u1)` from `u1 = f11 b4`,
/// `u2 = f12 b5`, `u12 = (f11 + f12)(b4 + b5)`, `h1 = f10 b4`,
/// `h2 = f10 b5`, and `T` by Karatsuba as `A` (`z0, z1, z2, z01, z12,
/// z02`, from `s = f0 + f1` and `t = B0 + B1`, both reduced). Written to
/// `out` (tower order, below p; not overlapping `q`):
/// `R00 = v0 + xi (m12 - v1 - v2 + h2 + u1)`,
/// `R01 = m01 - v0 - v1 + xi (v2 + u12 - u1 - u2)`,
/// `R02 = m02 - v0 - v2 + v1 + h1 + xi u2`,
/// `R10 = z0 - v0 + xi (z12 - z1 - z2 - m12 + v1 + v2 - u12 + u1 + u2)`,
/// `R11 = z01 - z0 - z1 - m01 + v0 + v1 - h1 + xi (z2 - v2 - u2)`,
/// `R12 = z02 - z0 - z2 + z1 - m02 + v0 + v2 - v1 - h2 - u1`.
///
/// Bounds. Each coefficient is one signed sum `T` reduced by `gredc_sum!`
/// to a window `(T + Q p) / 2^384` in `(T / 2^384, T / 2^384 + p)`. A
/// real part `Qr` is any value in `[0, p 2^384)` (`Fp2::mul_wide_to`
/// reduces it mod `p 2^384`), so each one counts fully: `+1` or `-1` in
/// units of `p 2^384`. An imaginary part is the exact integer
/// `x0 y1 + x1 y0`: below `2 p^2 < 0.21 p 2^384` for reduced factors,
/// and the Karatsuba combinations such as `m12i - v1i - v2i` (the cross
/// terms `f01 b2' + ...`, four products of reduced values) lie in
/// `[0, 4 p^2) < [0, 0.41 p 2^384)`; the sums above only take the
/// imaginary parts in such combinations, so the range of `T` is the count
/// of the real parts plus these small exact ranges (each listed at its
/// coefficient below, in units of `p 2^384`). `+ n p` makes the window
/// non-negative; conditional subtractions of `2^j p` bring it below p. A
/// window below `9p < 2^384` fits six limbs; the four wider ones (up to
/// `13.82 p`) use the seven-limb `gredc_sum_w!` and a seven-limb first
/// subtraction of `8p`, after which six limbs suffice. (The bounds were
/// also checked on simulated products, extremes included.)
///
/// Order: first the Fp2 coefficients of `A`, `C`, `T` (through
/// `K = m12 - v1 - v2`, `L = u12 - u1 - u2`, `Kz = z12 - z1 - z2`) as
/// exact 13-limb sums (`gwide_sum!`, no reduction), then each output
/// coefficient from two or three of them: the sums above regrouped, so
/// the same `T` and the same bounds (about 80 double-width additions
/// instead of 144 with every output summed from the products).
///
/// Frame: `[rsp]` four carry slots, `[rsp + 64]` scratch, `[rsp + 112]`
/// the 24 sums of 104 bytes (`K`, `A0`, `A1`, `A2`, `L`, `C0`, `C1`, `C2`,
/// `Kz`, `T0`, `T1`, `T2`, each real then imaginary part).
#[inline(always)]
pub unsafe fn fp12_m01245_reduce(out: *mut [[u64; 6]; 12], q: *const [[u64; 12]; 34], c: &super::FusedConsts) {
    // SAFETY: reads the 408 limbs at `q` and the constants behind `c`,
    // writes 72 at `out` (provided by the caller, not overlapping `q`);
    // uses 2608 bytes of stack below the stack pointer, restored before
    // the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 2608]",
            // Kr = +m12r -v1r -v2r.
            gwide_sum!("rsp + 112"; "{q} + 768", "0";
                "sub", "sbb", "{q} + 192", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 384", "0", "qword ptr [rsp + 8]"),
            // Ki = +m12i -v1i -v2i.
            gwide_sum!("rsp + 216"; "{q} + 864", "0";
                "sub", "sbb", "{q} + 288", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 480", "0", "qword ptr [rsp + 8]"),
            // A0r = +v0r +Kr -Ki.
            gwide_sum!("rsp + 320"; "{q} + 0", "0";
                "add", "adc", "rsp + 112", "qword ptr [rsp + 208]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 216", "qword ptr [rsp + 312]", "qword ptr [rsp + 8]"),
            // A0i = +v0i +Kr +Ki.
            gwide_sum!("rsp + 424"; "{q} + 96", "0";
                "add", "adc", "rsp + 112", "qword ptr [rsp + 208]", "qword ptr [rsp + 0]";
                "add", "adc", "rsp + 216", "qword ptr [rsp + 312]", "qword ptr [rsp + 8]"),
            // A1r = +m01r -v0r -v1r +v2r -v2i.
            gwide_sum!("rsp + 528"; "{q} + 576", "0";
                "sub", "sbb", "{q} + 0", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 192", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 384", "0", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 480", "0", "qword ptr [rsp + 24]"),
            // A1i = +m01i -v0i -v1i +v2r +v2i.
            gwide_sum!("rsp + 632"; "{q} + 672", "0";
                "sub", "sbb", "{q} + 96", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 288", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 384", "0", "qword ptr [rsp + 16]";
                "add", "adc", "{q} + 480", "0", "qword ptr [rsp + 24]"),
            // A2r = +m02r -v0r -v2r +v1r.
            gwide_sum!("rsp + 736"; "{q} + 960", "0";
                "sub", "sbb", "{q} + 0", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 384", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 192", "0", "qword ptr [rsp + 16]"),
            // A2i = +m02i -v0i -v2i +v1i.
            gwide_sum!("rsp + 840"; "{q} + 1056", "0";
                "sub", "sbb", "{q} + 96", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 480", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 288", "0", "qword ptr [rsp + 16]"),
            // Lr = +u12r -u1r -u2r.
            gwide_sum!("rsp + 944"; "{q} + 1536", "0";
                "sub", "sbb", "{q} + 1152", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1344", "0", "qword ptr [rsp + 8]"),
            // Li = +u12i -u1i -u2i.
            gwide_sum!("rsp + 1048"; "{q} + 1632", "0";
                "sub", "sbb", "{q} + 1248", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1440", "0", "qword ptr [rsp + 8]"),
            // C0r = +Lr -Li.
            gwide_sum!("rsp + 1152"; "rsp + 944", "qword ptr [rsp + 1040]";
                "sub", "sbb", "rsp + 1048", "qword ptr [rsp + 1144]", "qword ptr [rsp + 0]"),
            // C0i = +Lr +Li.
            gwide_sum!("rsp + 1256"; "rsp + 944", "qword ptr [rsp + 1040]";
                "add", "adc", "rsp + 1048", "qword ptr [rsp + 1144]", "qword ptr [rsp + 0]"),
            // C1r = +h1r +u2r -u2i.
            gwide_sum!("rsp + 1360"; "{q} + 1728", "0";
                "add", "adc", "{q} + 1344", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1440", "0", "qword ptr [rsp + 8]"),
            // C1i = +h1i +u2r +u2i.
            gwide_sum!("rsp + 1464"; "{q} + 1824", "0";
                "add", "adc", "{q} + 1344", "0", "qword ptr [rsp + 0]";
                "add", "adc", "{q} + 1440", "0", "qword ptr [rsp + 8]"),
            // C2r = +h2r +u1r.
            gwide_sum!("rsp + 1568"; "{q} + 1920", "0";
                "add", "adc", "{q} + 1152", "0", "qword ptr [rsp + 0]"),
            // C2i = +h2i +u1i.
            gwide_sum!("rsp + 1672"; "{q} + 2016", "0";
                "add", "adc", "{q} + 1248", "0", "qword ptr [rsp + 0]"),
            // Kzr = +z12r -z1r -z2r.
            gwide_sum!("rsp + 1776"; "{q} + 2880", "0";
                "sub", "sbb", "{q} + 2304", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2496", "0", "qword ptr [rsp + 8]"),
            // Kzi = +z12i -z1i -z2i.
            gwide_sum!("rsp + 1880"; "{q} + 2976", "0";
                "sub", "sbb", "{q} + 2400", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2592", "0", "qword ptr [rsp + 8]"),
            // T0r = +z0r +Kzr -Kzi.
            gwide_sum!("rsp + 1984"; "{q} + 2112", "0";
                "add", "adc", "rsp + 1776", "qword ptr [rsp + 1872]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1880", "qword ptr [rsp + 1976]", "qword ptr [rsp + 8]"),
            // T0i = +z0i +Kzr +Kzi.
            gwide_sum!("rsp + 2088"; "{q} + 2208", "0";
                "add", "adc", "rsp + 1776", "qword ptr [rsp + 1872]", "qword ptr [rsp + 0]";
                "add", "adc", "rsp + 1880", "qword ptr [rsp + 1976]", "qword ptr [rsp + 8]"),
            // T1r = +z01r -z0r -z1r +z2r -z2i.
            gwide_sum!("rsp + 2192"; "{q} + 2688", "0";
                "sub", "sbb", "{q} + 2112", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2304", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 2496", "0", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 2592", "0", "qword ptr [rsp + 24]"),
            // T1i = +z01i -z0i -z1i +z2r +z2i.
            gwide_sum!("rsp + 2296"; "{q} + 2784", "0";
                "sub", "sbb", "{q} + 2208", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2400", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 2496", "0", "qword ptr [rsp + 16]";
                "add", "adc", "{q} + 2592", "0", "qword ptr [rsp + 24]"),
            // T2r = +z02r -z0r -z2r +z1r.
            gwide_sum!("rsp + 2400"; "{q} + 3072", "0";
                "sub", "sbb", "{q} + 2112", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2496", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 2304", "0", "qword ptr [rsp + 16]"),
            // T2i = +z02i -z0i -z2i +z1i.
            gwide_sum!("rsp + 2504"; "{q} + 3168", "0";
                "sub", "sbb", "{q} + 2208", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2592", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 2400", "0", "qword ptr [rsp + 16]"),
            // R00.re = +A0r +C2r -C2i (T in (-2.82, 4) p 2^384; + 3 p, window below 8 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 320";
                "add", "adc", "rsp + 1568", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1672", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 584"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 0"),
            // R00.im = +A0i +C2r +C2i (T in (-2, 4.02) p 2^384; + 2 p, window below 7.02 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 424";
                "add", "adc", "rsp + 1568", "qword ptr [rsp + 0]";
                "add", "adc", "rsp + 1672", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 48"),
            // R01.re = +A1r +C0r (T in (-4.61, 3) p 2^384; + 5 p, window below 9 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 528";
                "add", "adc", "rsp + 1152", "qword ptr [rsp + 0]"),
            gwindow_op!("add", "adc", "{p} + 680"),
            gcsub_mem!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 96"),
            // R01.im = +A1i +C0i (T in (-2, 3.02) p 2^384; + 2 p, window below 6.02 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 632";
                "add", "adc", "rsp + 1256", "qword ptr [rsp + 0]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 144"),
            // R02.re = +A2r +C1r (T in (-2.21, 4) p 2^384; + 3 p, window below 8 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 736";
                "add", "adc", "rsp + 1360", "qword ptr [rsp + 0]"),
            gwindow_op!("add", "adc", "{p} + 584"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 192"),
            // R02.im = +A2i +C1i (T in (0, 2.02) p 2^384; + 0 p, window below 3.02 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 840";
                "add", "adc", "rsp + 1464", "qword ptr [rsp + 0]"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 240"),
            // R10.re = +T0r -A0r -C0r (T in (-5.41, 6.82) p 2^384; + 6 p, window below 13.82 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 1984", "qword ptr [rsp + 2080]";
                "sub", "sbb", "rsp + 320", "qword ptr [rsp + 416]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1152", "qword ptr [rsp + 1248]", "qword ptr [rsp + 8]"),
            gwindow_op_x!("add", "adc", "{p} + 728"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 288"),
            // R10.im = +T0i -A0i -C0i (T in (-5.02, 5.61) p 2^384; + 6 p, window below 12.61 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 2088", "qword ptr [rsp + 2184]";
                "sub", "sbb", "rsp + 424", "qword ptr [rsp + 520]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1256", "qword ptr [rsp + 1352]", "qword ptr [rsp + 8]"),
            gwindow_op_x!("add", "adc", "{p} + 728"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 336"),
            // R11.re = +T1r -A1r -C1r (T in (-6.21, 4.41) p 2^384; + 7 p, window below 12.41 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 2192", "qword ptr [rsp + 2288]";
                "sub", "sbb", "rsp + 528", "qword ptr [rsp + 624]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1360", "qword ptr [rsp + 1456]", "qword ptr [rsp + 8]"),
            gwindow_op_x!("add", "adc", "{p} + 776"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 384"),
            // R11.im = +T1i -A1i -C1i (T in (-3.02, 1.61) p 2^384; + 4 p, window below 6.61 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 2296";
                "sub", "sbb", "rsp + 632", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1464", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 632"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 432"),
            // R12.re = +T2r -A2r -C2r (T in (-6, 4) p 2^384; + 6 p, window below 11 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 2400", "qword ptr [rsp + 2496]";
                "sub", "sbb", "rsp + 736", "qword ptr [rsp + 832]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1568", "qword ptr [rsp + 1664]", "qword ptr [rsp + 8]"),
            gwindow_op_x!("add", "adc", "{p} + 728"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 480"),
            // R12.im = +T2i -A2i -C2i (T in (-1.02, 0.61) p 2^384; + 2 p, window below 3.61 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 2504";
                "sub", "sbb", "rsp + 840", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1672", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 528"),
            "lea rsp, [rsp + 2608]",
            q = in(reg) q,
            o = in(reg) out,
            p = in(reg) c as *const super::FusedConsts,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

// ---------------------------------------------------------------------------
// The full Fp12 product, sums and reductions in one block.

/// The twelve coefficients of `f g` for dense `f = f0 + f1 w`,
/// `g = g0 + g1 w` (`Fp12::mul`), by Karatsuba over Fp6:
/// `R0 = A + v C`, `R1 = T - A - C` with `A = f0 g0`, `C = f1 g1`,
/// `T = (f0 + f1)(g0 + g1)`, from the 18 double-width Fp2 products at `q`
/// (each `Qr`, `Qi`; six per Fp6 product in the order of
/// `Fp6::products_to`): `A` from `v0 = f00 g00`, `v1 = f01 g01`,
/// `v2 = f02 g02`, `m01`, `m12`, `m02` (the products of the pairwise
/// sums, e.g. `m01 = (f00 + f01)(g00 + g01)`), `C` likewise from `u0`,
/// `u1`, `u2`, `u01`, `u12`, `u02` (of `f1`, `g1`), `T` from `z0`, `z1`,
/// `z2`, `z01`, `z12`, `z02` (of `s = f0 + f1` and `t = g0 + g1`, both
/// reduced). Each Fp6 product is `(w0 + xi (w12 - w1 - w2),
/// w01 - w0 - w1 + xi w2, w02 - w0 - w2 + w1)`. Written to `out` (tower
/// order, below p; not overlapping `q`):
/// `R00 = v0 + xi (m12 - v1 - v2 + u02 - u0 - u2 + u1)`,
/// `R01 = m01 - v0 - v1 + u0 + xi (v2 + u12 - u1 - u2)`,
/// `R02 = m02 - v0 - v2 + v1 + u01 - u0 - u1 + xi u2`,
/// `R10 = z0 - v0 - u0 + xi (z12 - z1 - z2 - m12 + v1 + v2 - u12 + u1 + u2)`,
/// `R11 = z01 - z0 - z1 - m01 + v0 + v1 - u01 + u0 + u1 + xi (z2 - v2 - u2)`,
/// `R12 = z02 - z0 - z2 + z1 - m02 + v0 + v2 - v1 - u02 + u0 + u2 - u1`.
///
/// Bounds, as in [`fp12_m01245_reduce`]: each coefficient is one signed
/// sum `T` reduced to a window `(T + Q p) / 2^384` in
/// `(T / 2^384, T / 2^384 + p)`. A real part counts `+1` or `-1` in units
/// of `p 2^384` (any value in `[0, p 2^384)`). An imaginary part is exact:
/// for a product of factor sums `x = sum x_k`, `y = sum y_l` (reduced
/// Fp2 factors) it is `sum (x_k.r y_l.i + x_k.i y_l.r)`, monomials each
/// in `[0, p^2)`, `p^2 < 0.1016 p 2^384`; a signed sum's imaginary terms
/// expand to monomials with integer coefficients (the Karatsuba
/// combinations cancel most), whose positive and negative totals bound
/// them. So (`tools/line_pairs/mul12.py`, rounded outward to 0.01, in
/// units of `p 2^384`): `R00` re `(-5.02, 4)`, im `(-4, 4.22)`; `R01`
/// `(-4.61, 4)`, `(-2, 3.22)`; `R02` `(-4.21, 4)`, `[0, 2.22)`; `R10`
/// `(-6.41, 6.82)`, `(-5.22, 5.61)`; `R11` `(-6.21, 6.41)`,
/// `(-3.22, 1.61)`; `R12` `(-6, 6)`, `(-1.22, 0.61)`. `+ n p` (`n` the
/// lower bound rounded up) makes the window non-negative; conditional
/// subtractions of `2^j p` bring it below p. A window below `9p < 2^384`
/// fits six limbs; the eight wider ones (up to `14.82 p`) use the
/// seven-limb `gredc_sum_w!` and a seven-limb first subtraction of `8p`,
/// after which six limbs suffice. (The bounds were also checked on
/// simulated products, extremes included, and the sums against the
/// schoolbook product mod p.)
///
/// Order: first the Fp2 coefficients of `A`, `C`, `T` (through
/// `K = m12 - v1 - v2`, `L = u12 - u1 - u2`, `Kz = z12 - z1 - z2`) as
/// exact 13-limb sums (`gwide_sum!`, no reduction), then each output
/// coefficient from two or three of them (the same `T` as the sums
/// above, regrouped).
///
/// Frame: `[rsp]` four carry slots, `[rsp + 64]` scratch, `[rsp + 112]`
/// the 24 sums of 104 bytes (`K`, `A0`, `A1`, `A2`, `L`, `C0`, `C1`, `C2`,
/// `Kz`, `T0`, `T1`, `T2`, each real then imaginary part).
#[inline(always)]
pub unsafe fn fp12_mul_reduce(out: *mut [[u64; 6]; 12], q: *const [[u64; 12]; 36], c: &super::FusedConsts) {
    // SAFETY: reads the 432 limbs at `q` and the constants behind `c`,
    // writes 72 at `out` (provided by the caller, not overlapping `q`);
    // uses 2608 bytes of stack below the stack pointer, restored before
    // the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 2608]",
            // Kr = +m12r -v1r -v2r.
            gwide_sum!("rsp + 112"; "{q} + 768", "0";
                "sub", "sbb", "{q} + 192", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 384", "0", "qword ptr [rsp + 8]"),
            // Ki = +m12i -v1i -v2i.
            gwide_sum!("rsp + 216"; "{q} + 864", "0";
                "sub", "sbb", "{q} + 288", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 480", "0", "qword ptr [rsp + 8]"),
            // A0r = +v0r +Kr -Ki.
            gwide_sum!("rsp + 320"; "{q} + 0", "0";
                "add", "adc", "rsp + 112", "qword ptr [rsp + 208]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 216", "qword ptr [rsp + 312]", "qword ptr [rsp + 8]"),
            // A0i = +v0i +Kr +Ki.
            gwide_sum!("rsp + 424"; "{q} + 96", "0";
                "add", "adc", "rsp + 112", "qword ptr [rsp + 208]", "qword ptr [rsp + 0]";
                "add", "adc", "rsp + 216", "qword ptr [rsp + 312]", "qword ptr [rsp + 8]"),
            // A1r = +m01r -v0r -v1r +v2r -v2i.
            gwide_sum!("rsp + 528"; "{q} + 576", "0";
                "sub", "sbb", "{q} + 0", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 192", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 384", "0", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 480", "0", "qword ptr [rsp + 24]"),
            // A1i = +m01i -v0i -v1i +v2r +v2i.
            gwide_sum!("rsp + 632"; "{q} + 672", "0";
                "sub", "sbb", "{q} + 96", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 288", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 384", "0", "qword ptr [rsp + 16]";
                "add", "adc", "{q} + 480", "0", "qword ptr [rsp + 24]"),
            // A2r = +m02r -v0r -v2r +v1r.
            gwide_sum!("rsp + 736"; "{q} + 960", "0";
                "sub", "sbb", "{q} + 0", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 384", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 192", "0", "qword ptr [rsp + 16]"),
            // A2i = +m02i -v0i -v2i +v1i.
            gwide_sum!("rsp + 840"; "{q} + 1056", "0";
                "sub", "sbb", "{q} + 96", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 480", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 288", "0", "qword ptr [rsp + 16]"),
            // Lr = +u12r -u1r -u2r.
            gwide_sum!("rsp + 944"; "{q} + 1920", "0";
                "sub", "sbb", "{q} + 1344", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1536", "0", "qword ptr [rsp + 8]"),
            // Li = +u12i -u1i -u2i.
            gwide_sum!("rsp + 1048"; "{q} + 2016", "0";
                "sub", "sbb", "{q} + 1440", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1632", "0", "qword ptr [rsp + 8]"),
            // C0r = +u0r +Lr -Li.
            gwide_sum!("rsp + 1152"; "{q} + 1152", "0";
                "add", "adc", "rsp + 944", "qword ptr [rsp + 1040]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1048", "qword ptr [rsp + 1144]", "qword ptr [rsp + 8]"),
            // C0i = +u0i +Lr +Li.
            gwide_sum!("rsp + 1256"; "{q} + 1248", "0";
                "add", "adc", "rsp + 944", "qword ptr [rsp + 1040]", "qword ptr [rsp + 0]";
                "add", "adc", "rsp + 1048", "qword ptr [rsp + 1144]", "qword ptr [rsp + 8]"),
            // C1r = +u01r -u0r -u1r +u2r -u2i.
            gwide_sum!("rsp + 1360"; "{q} + 1728", "0";
                "sub", "sbb", "{q} + 1152", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1344", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 1536", "0", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 1632", "0", "qword ptr [rsp + 24]"),
            // C1i = +u01i -u0i -u1i +u2r +u2i.
            gwide_sum!("rsp + 1464"; "{q} + 1824", "0";
                "sub", "sbb", "{q} + 1248", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1440", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 1536", "0", "qword ptr [rsp + 16]";
                "add", "adc", "{q} + 1632", "0", "qword ptr [rsp + 24]"),
            // C2r = +u02r -u0r -u2r +u1r.
            gwide_sum!("rsp + 1568"; "{q} + 2112", "0";
                "sub", "sbb", "{q} + 1152", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1536", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 1344", "0", "qword ptr [rsp + 16]"),
            // C2i = +u02i -u0i -u2i +u1i.
            gwide_sum!("rsp + 1672"; "{q} + 2208", "0";
                "sub", "sbb", "{q} + 1248", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 1632", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 1440", "0", "qword ptr [rsp + 16]"),
            // Kzr = +z12r -z1r -z2r.
            gwide_sum!("rsp + 1776"; "{q} + 3072", "0";
                "sub", "sbb", "{q} + 2496", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2688", "0", "qword ptr [rsp + 8]"),
            // Kzi = +z12i -z1i -z2i.
            gwide_sum!("rsp + 1880"; "{q} + 3168", "0";
                "sub", "sbb", "{q} + 2592", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2784", "0", "qword ptr [rsp + 8]"),
            // T0r = +z0r +Kzr -Kzi.
            gwide_sum!("rsp + 1984"; "{q} + 2304", "0";
                "add", "adc", "rsp + 1776", "qword ptr [rsp + 1872]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1880", "qword ptr [rsp + 1976]", "qword ptr [rsp + 8]"),
            // T0i = +z0i +Kzr +Kzi.
            gwide_sum!("rsp + 2088"; "{q} + 2400", "0";
                "add", "adc", "rsp + 1776", "qword ptr [rsp + 1872]", "qword ptr [rsp + 0]";
                "add", "adc", "rsp + 1880", "qword ptr [rsp + 1976]", "qword ptr [rsp + 8]"),
            // T1r = +z01r -z0r -z1r +z2r -z2i.
            gwide_sum!("rsp + 2192"; "{q} + 2880", "0";
                "sub", "sbb", "{q} + 2304", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2496", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 2688", "0", "qword ptr [rsp + 16]";
                "sub", "sbb", "{q} + 2784", "0", "qword ptr [rsp + 24]"),
            // T1i = +z01i -z0i -z1i +z2r +z2i.
            gwide_sum!("rsp + 2296"; "{q} + 2976", "0";
                "sub", "sbb", "{q} + 2400", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2592", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 2688", "0", "qword ptr [rsp + 16]";
                "add", "adc", "{q} + 2784", "0", "qword ptr [rsp + 24]"),
            // T2r = +z02r -z0r -z2r +z1r.
            gwide_sum!("rsp + 2400"; "{q} + 3264", "0";
                "sub", "sbb", "{q} + 2304", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2688", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 2496", "0", "qword ptr [rsp + 16]"),
            // T2i = +z02i -z0i -z2i +z1i.
            gwide_sum!("rsp + 2504"; "{q} + 3360", "0";
                "sub", "sbb", "{q} + 2400", "0", "qword ptr [rsp + 0]";
                "sub", "sbb", "{q} + 2784", "0", "qword ptr [rsp + 8]";
                "add", "adc", "{q} + 2592", "0", "qword ptr [rsp + 16]"),
            // R00.re = +A0r +C2r -C2i (T in (-5.02, 4) p 2^384; + 6 p, window below 11 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 320", "qword ptr [rsp + 416]";
                "add", "adc", "rsp + 1568", "qword ptr [rsp + 1664]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1672", "qword ptr [rsp + 1768]", "qword ptr [rsp + 8]"),
            gwindow_op_x!("add", "adc", "{p} + 728"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 0"),
            // R00.im = +A0i +C2r +C2i (T in (-4, 4.22) p 2^384; + 4 p, window below 9.22 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 424", "qword ptr [rsp + 520]";
                "add", "adc", "rsp + 1568", "qword ptr [rsp + 1664]", "qword ptr [rsp + 0]";
                "add", "adc", "rsp + 1672", "qword ptr [rsp + 1768]", "qword ptr [rsp + 8]"),
            gwindow_op_x!("add", "adc", "{p} + 632"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 48"),
            // R01.re = +A1r +C0r (T in (-4.61, 4) p 2^384; + 5 p, window below 10 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 528", "qword ptr [rsp + 624]";
                "add", "adc", "rsp + 1152", "qword ptr [rsp + 1248]", "qword ptr [rsp + 0]"),
            gwindow_op_x!("add", "adc", "{p} + 680"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 96"),
            // R01.im = +A1i +C0i (T in (-2, 3.22) p 2^384; + 2 p, window below 6.22 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 632";
                "add", "adc", "rsp + 1256", "qword ptr [rsp + 0]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 144"),
            // R02.re = +A2r +C1r (T in (-4.21, 4) p 2^384; + 5 p, window below 10 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 736", "qword ptr [rsp + 832]";
                "add", "adc", "rsp + 1360", "qword ptr [rsp + 1456]", "qword ptr [rsp + 0]"),
            gwindow_op_x!("add", "adc", "{p} + 680"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 192"),
            // R02.im = +A2i +C1i (T in (0, 2.22) p 2^384; + 0 p, window below 3.22 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 840";
                "add", "adc", "rsp + 1464", "qword ptr [rsp + 0]"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 240"),
            // R10.re = +T0r -A0r -C0r (T in (-6.41, 6.82) p 2^384; + 7 p, window below 14.82 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 1984", "qword ptr [rsp + 2080]";
                "sub", "sbb", "rsp + 320", "qword ptr [rsp + 416]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1152", "qword ptr [rsp + 1248]", "qword ptr [rsp + 8]"),
            gwindow_op_x!("add", "adc", "{p} + 776"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 288"),
            // R10.im = +T0i -A0i -C0i (T in (-5.22, 5.61) p 2^384; + 6 p, window below 12.61 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 2088", "qword ptr [rsp + 2184]";
                "sub", "sbb", "rsp + 424", "qword ptr [rsp + 520]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1256", "qword ptr [rsp + 1352]", "qword ptr [rsp + 8]"),
            gwindow_op_x!("add", "adc", "{p} + 728"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 336"),
            // R11.re = +T1r -A1r -C1r (T in (-6.21, 6.41) p 2^384; + 7 p, window below 14.41 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 2192", "qword ptr [rsp + 2288]";
                "sub", "sbb", "rsp + 528", "qword ptr [rsp + 624]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1360", "qword ptr [rsp + 1456]", "qword ptr [rsp + 8]"),
            gwindow_op_x!("add", "adc", "{p} + 776"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 384"),
            // R11.im = +T1i -A1i -C1i (T in (-3.22, 1.61) p 2^384; + 4 p, window below 6.61 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 2296";
                "sub", "sbb", "rsp + 632", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1464", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 632"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 432"),
            // R12.re = +T2r -A2r -C2r (T in (-6, 6) p 2^384; + 6 p, window below 13 p, 7 limbs).
            gredc_sum_w!("qword ptr [{p} + 432]"; "rsp + 2400", "qword ptr [rsp + 2496]";
                "sub", "sbb", "rsp + 736", "qword ptr [rsp + 832]", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1568", "qword ptr [rsp + 1664]", "qword ptr [rsp + 8]"),
            gwindow_op_x!("add", "adc", "{p} + 728"),
            gcsub_mem_x!("{p} + 824", "rsp + 64"),
            gcsub_mem!("{p} + 632", "rsp + 64"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 480"),
            // R12.im = +T2i -A2i -C2i (T in (-1.22, 0.61) p 2^384; + 2 p, window below 3.61 p).
            gredc_sum!("qword ptr [{p} + 432]"; "rsp + 2504";
                "sub", "sbb", "rsp + 840", "qword ptr [rsp + 0]";
                "sub", "sbb", "rsp + 1672", "qword ptr [rsp + 8]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 536", "rsp + 64"),
            gcsub_mem!("{p} + 488", "rsp + 64"),
            gstore_window!("{o} + 528"),
            "lea rsp, [rsp + 2608]",
            q = in(reg) q,
            o = in(reg) out,
            p = in(reg) c as *const super::FusedConsts,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

// ---------------------------------------------------------------------------
// The Fp12 square's combination and reductions, one block.

/// The square of an Fp12 element `a = a0 + a1 w` by complex squaring
/// over Fp6 (`w^2 = v`): `t = a0 a1`, `c1 = 2t`,
/// `c0 = (a0 + a1)(a0 + v a1) - t - v t` with `v (x0, x1, x2) =
/// (xi x2, x0, x1)`, from the double-width Fp2 products of the two Fp6
/// products at `q` (each as `Qr`, `Qi`; six per Fp6 product, Karatsuba
/// order `v0 = x0 y0`, `v1 = x1 y1`, `v2 = x2 y2`, `m01 = (x0 + x1)(y0 + y1)`,
/// `m12`, `m02`: first those of `a0 a1`, then those of
/// `(a0 + a1)(a0 + v a1)`), written to `out` (tower order, below p; not
/// overlapping `q`). Each Fp6 coefficient is one `gredc_sum!` of its
/// signed terms: `c0 = v0 + xi (m12 - v1 - v2)`, `c1 = m01 - v0 - v1 +
/// xi v2`, `c2 = m02 - v0 - v2 + v1` with `xi Q = (Qr - Qi, Qr + Qi)`;
/// every term lies in `[0, p 2^384)` (`Fp2::mul_wide_to`), so with `m`
/// terms added and `n` subtracted the window holds `[-n p, (m + 1) p)`:
/// `+ n p`, then conditional subtractions of `2^j p` (at most `8p`, below
/// `2^384`). `t` is kept (below p) for `c1 = 2t` and for `c0`, whose
/// reduced `M` coefficient less two or three coefficients of `t` (plus
/// up to one) is brought back the same way.
///
/// Frame: `[rsp]` t (6 coefficients), `[rsp + 288]` six carry slots,
/// `[rsp + 336]` scratch.
#[inline(always)]
pub unsafe fn fp12_sqr_reduce(out: *mut [[u64; 6]; 12], q: *const [[u64; 12]; 24], c: &super::FusedConsts) {
    // SAFETY: reads the 288 limbs at `q` and the constants behind `c`,
    // writes 72 at `out` (provided by the caller, not overlapping `q`);
    // uses 384 bytes of stack below the stack pointer, restored before
    // the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 384]",
            // t = a0 a1, t0.re: +v0r +m12r -m12i -v1r +v1i -v2r +v2i (range 8 p after + 3 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 0";
                "add", "adc", "{q} + 768", "qword ptr [rsp + 288]";
                "sub", "sbb", "{q} + 864", "qword ptr [rsp + 296]";
                "sub", "sbb", "{q} + 192", "qword ptr [rsp + 304]";
                "add", "adc", "{q} + 288", "qword ptr [rsp + 312]";
                "sub", "sbb", "{q} + 384", "qword ptr [rsp + 320]";
                "add", "adc", "{q} + 480", "qword ptr [rsp + 328]"),
            gwindow_op!("add", "adc", "{p} + 584"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("rsp + 0"),
            gdbl_window!(),
            gcsub_mem!("{p}", "rsp + 336"),
            gstore_window!("{o} + 288"),
            // t = a0 a1, t0.im: +v0i +m12r +m12i -v1r -v1i -v2r -v2i (range 8 p after + 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 96";
                "add", "adc", "{q} + 768", "qword ptr [rsp + 288]";
                "add", "adc", "{q} + 864", "qword ptr [rsp + 296]";
                "sub", "sbb", "{q} + 192", "qword ptr [rsp + 304]";
                "sub", "sbb", "{q} + 288", "qword ptr [rsp + 312]";
                "sub", "sbb", "{q} + 384", "qword ptr [rsp + 320]";
                "sub", "sbb", "{q} + 480", "qword ptr [rsp + 328]"),
            gwindow_op!("add", "adc", "{p} + 632"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("rsp + 48"),
            gdbl_window!(),
            gcsub_mem!("{p}", "rsp + 336"),
            gstore_window!("{o} + 336"),
            // t = a0 a1, t1.re: +m01r -v0r -v1r +v2r -v2i (range 6 p after + 3 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 576";
                "sub", "sbb", "{q} + 0", "qword ptr [rsp + 288]";
                "sub", "sbb", "{q} + 192", "qword ptr [rsp + 296]";
                "add", "adc", "{q} + 384", "qword ptr [rsp + 304]";
                "sub", "sbb", "{q} + 480", "qword ptr [rsp + 312]"),
            gwindow_op!("add", "adc", "{p} + 584"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("rsp + 96"),
            gdbl_window!(),
            gcsub_mem!("{p}", "rsp + 336"),
            gstore_window!("{o} + 384"),
            // t = a0 a1, t1.im: +m01i -v0i -v1i +v2r +v2i (range 6 p after + 2 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 672";
                "sub", "sbb", "{q} + 96", "qword ptr [rsp + 288]";
                "sub", "sbb", "{q} + 288", "qword ptr [rsp + 296]";
                "add", "adc", "{q} + 384", "qword ptr [rsp + 304]";
                "add", "adc", "{q} + 480", "qword ptr [rsp + 312]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("rsp + 144"),
            gdbl_window!(),
            gcsub_mem!("{p}", "rsp + 336"),
            gstore_window!("{o} + 432"),
            // t = a0 a1, t2.re: +m02r -v0r -v2r +v1r (range 5 p after + 2 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 960";
                "sub", "sbb", "{q} + 0", "qword ptr [rsp + 288]";
                "sub", "sbb", "{q} + 384", "qword ptr [rsp + 296]";
                "add", "adc", "{q} + 192", "qword ptr [rsp + 304]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("rsp + 192"),
            gdbl_window!(),
            gcsub_mem!("{p}", "rsp + 336"),
            gstore_window!("{o} + 480"),
            // t = a0 a1, t2.im: +m02i -v0i -v2i +v1i (range 5 p after + 2 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 1056";
                "sub", "sbb", "{q} + 96", "qword ptr [rsp + 288]";
                "sub", "sbb", "{q} + 480", "qword ptr [rsp + 296]";
                "add", "adc", "{q} + 288", "qword ptr [rsp + 304]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("rsp + 240"),
            gdbl_window!(),
            gcsub_mem!("{p}", "rsp + 336"),
            gstore_window!("{o} + 528"),
            // M = (a0 + a1)(a0 + v a1), coefficient 0: +v0r +m12r -m12i -v1r +v1i -v2r +v2i (range 8 p after + 3 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 1152";
                "add", "adc", "{q} + 1920", "qword ptr [rsp + 288]";
                "sub", "sbb", "{q} + 2016", "qword ptr [rsp + 296]";
                "sub", "sbb", "{q} + 1344", "qword ptr [rsp + 304]";
                "add", "adc", "{q} + 1440", "qword ptr [rsp + 312]";
                "sub", "sbb", "{q} + 1536", "qword ptr [rsp + 320]";
                "add", "adc", "{q} + 1632", "qword ptr [rsp + 328]"),
            gwindow_op!("add", "adc", "{p} + 584"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            // minus t + v t: -t0r -t2r +t2i (range 4 p after + 2 p).
            gwindow_op!("add", "adc", "{p} + 536"),
            gwindow_op!("sub", "sbb", "rsp + 0"),
            gwindow_op!("sub", "sbb", "rsp + 192"),
            gwindow_op!("add", "adc", "rsp + 240"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("{o} + 0"),
            // M = (a0 + a1)(a0 + v a1), coefficient 1: +v0i +m12r +m12i -v1r -v1i -v2r -v2i (range 8 p after + 4 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 1248";
                "add", "adc", "{q} + 1920", "qword ptr [rsp + 288]";
                "add", "adc", "{q} + 2016", "qword ptr [rsp + 296]";
                "sub", "sbb", "{q} + 1344", "qword ptr [rsp + 304]";
                "sub", "sbb", "{q} + 1440", "qword ptr [rsp + 312]";
                "sub", "sbb", "{q} + 1536", "qword ptr [rsp + 320]";
                "sub", "sbb", "{q} + 1632", "qword ptr [rsp + 328]"),
            gwindow_op!("add", "adc", "{p} + 632"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            // minus t + v t: -t0i -t2r -t2i (range 4 p after + 3 p).
            gwindow_op!("add", "adc", "{p} + 584"),
            gwindow_op!("sub", "sbb", "rsp + 48"),
            gwindow_op!("sub", "sbb", "rsp + 192"),
            gwindow_op!("sub", "sbb", "rsp + 240"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("{o} + 48"),
            // M = (a0 + a1)(a0 + v a1), coefficient 2: +m01r -v0r -v1r +v2r -v2i (range 6 p after + 3 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 1728";
                "sub", "sbb", "{q} + 1152", "qword ptr [rsp + 288]";
                "sub", "sbb", "{q} + 1344", "qword ptr [rsp + 296]";
                "add", "adc", "{q} + 1536", "qword ptr [rsp + 304]";
                "sub", "sbb", "{q} + 1632", "qword ptr [rsp + 312]"),
            gwindow_op!("add", "adc", "{p} + 584"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            // minus t + v t: -t1r -t0r (range 3 p after + 2 p).
            gwindow_op!("add", "adc", "{p} + 536"),
            gwindow_op!("sub", "sbb", "rsp + 96"),
            gwindow_op!("sub", "sbb", "rsp + 0"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("{o} + 96"),
            // M = (a0 + a1)(a0 + v a1), coefficient 3: +m01i -v0i -v1i +v2r +v2i (range 6 p after + 2 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 1824";
                "sub", "sbb", "{q} + 1248", "qword ptr [rsp + 288]";
                "sub", "sbb", "{q} + 1440", "qword ptr [rsp + 296]";
                "add", "adc", "{q} + 1536", "qword ptr [rsp + 304]";
                "add", "adc", "{q} + 1632", "qword ptr [rsp + 312]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            // minus t + v t: -t1i -t0i (range 3 p after + 2 p).
            gwindow_op!("add", "adc", "{p} + 536"),
            gwindow_op!("sub", "sbb", "rsp + 144"),
            gwindow_op!("sub", "sbb", "rsp + 48"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("{o} + 144"),
            // M = (a0 + a1)(a0 + v a1), coefficient 4: +m02r -v0r -v2r +v1r (range 5 p after + 2 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 2112";
                "sub", "sbb", "{q} + 1152", "qword ptr [rsp + 288]";
                "sub", "sbb", "{q} + 1536", "qword ptr [rsp + 296]";
                "add", "adc", "{q} + 1344", "qword ptr [rsp + 304]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            // minus t + v t: -t2r -t1r (range 3 p after + 2 p).
            gwindow_op!("add", "adc", "{p} + 536"),
            gwindow_op!("sub", "sbb", "rsp + 192"),
            gwindow_op!("sub", "sbb", "rsp + 96"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("{o} + 192"),
            // M = (a0 + a1)(a0 + v a1), coefficient 5: +m02i -v0i -v2i +v1i (range 5 p after + 2 p).
            gredc_sum!("qword ptr [{p} + 432]"; "{q} + 2208";
                "sub", "sbb", "{q} + 1248", "qword ptr [rsp + 288]";
                "sub", "sbb", "{q} + 1632", "qword ptr [rsp + 296]";
                "add", "adc", "{q} + 1440", "qword ptr [rsp + 304]"),
            gwindow_op!("add", "adc", "{p} + 536"),
            gcsub_mem!("{p} + 632", "rsp + 336"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            // minus t + v t: -t2i -t1i (range 3 p after + 2 p).
            gwindow_op!("add", "adc", "{p} + 536"),
            gwindow_op!("sub", "sbb", "rsp + 240"),
            gwindow_op!("sub", "sbb", "rsp + 144"),
            gcsub_mem!("{p} + 536", "rsp + 336"),
            gcsub_mem!("{p} + 488", "rsp + 336"),
            gstore_window!("{o} + 240"),
            "lea rsp, [rsp + 384]",
            q = in(reg) q,
            o = in(reg) out,
            p = in(reg) c as *const super::FusedConsts,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
        );
    }
}

// ---------------------------------------------------------------------------
// 256-bit kernels (scalar field r).

/// Montgomery product `a * b / 2^256 mod r`, inputs below `r < 2^255`,
/// output below `r`.
#[inline(always)]
pub unsafe fn mul_mont_256(a: &[u64; 4], b: &[u64; 4], p: &[u64; 4], inv: u64) -> [u64; 4] {
    let (o0, o1, o2, o3): (u64, u64, u64, u64);
    // Stack: [rsp] = inv * p[1] mod 2^64.
    // SAFETY: reads 4 limbs behind each pointer; pushes one qword (no
    // `nostack`) and drops it before the end.
    unsafe {
        asm!(
            "mov {y}, qword ptr [{p} + 8]",
            "imul {y}, {inv}",
            "push {y}",
            first4!(t0, t1, t2, t3, t4),
            red4!("qword ptr [rsp]"; t0, t1, t2, t3, t4; "adc {t4}, 0"),
            row4!(8; t1, t2, t3, t4, t0),
            red4!("qword ptr [rsp]"; t1, t2, t3, t4, t0; "adc {t0}, 0"),
            row4!(16; t2, t3, t4, t0, t1),
            red4!("qword ptr [rsp]"; t2, t3, t4, t0, t1; "adc {t1}, 0"),
            row4!(24; t3, t4, t0, t1, t2),
            red4!("qword ptr [rsp]"; t3, t4, t0, t1, t2; "adc {t2}, 0"),
            csub4!(t4, t0, t1, t2; t3, lo, hi, rdx),
            "lea rsp, [rsp + 8]",
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p.as_ptr(),
            inv = in(reg) inv,
            y = out(reg) _,
            lo = out(reg) o1,
            hi = out(reg) o2,
            out("rdx") o3,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) o0,
            t4 = out(reg) _,
            options(pure, readonly),
        );
    }
    [o0, o1, o2, o3]
}

/// Montgomery square `a^2 / 2^256 mod r`, `a < r`: 10 products instead
/// of 16, with the doubled limbs on the stack as in [`sqr_mont_384`].
///
/// r is too close to 2^255 for the 384-bit ordering (the first row plus its
/// reduction may reach 2^320), so here the window gets a sixth limb for the
/// first reduction, and from the second on each reduction runs *before* the
/// row of the same index (rows `i >= 1` do not touch the limb it clears),
/// which keeps every intermediate below `2a + r + 2^64 r < 2^320`.
#[inline(always)]
pub unsafe fn sqr_mont_256(a: &[u64; 4], p: &[u64; 4], inv: u64) -> [u64; 4] {
    let (o0, o1, o2, o3): (u64, u64, u64, u64);
    // Stack: [rsp] E1, [rsp+8] D2, [rsp+16] D3, [rsp+24] E2, [rsp+32] E3,
    // [rsp+40] inv * p[1] mod 2^64 (for `red4`).
    // SAFETY: reads 4 limbs behind `a` and `p`; uses 48 bytes of stack below
    // the stack pointer, restored before the end (no `nostack`).
    unsafe {
        asm!(
            "lea rsp, [rsp - 48]",
            "mov {y}, qword ptr [{p} + 8]",
            "imul {y}, {inv}",
            "mov qword ptr [rsp + 40], {y}",
            "mov {t0}, qword ptr [{a} + 8]",
            "add {t0}, {t0}",
            "mov {t1}, qword ptr [{a} + 16]",
            "lea {t3}, [{t1} + {t1}]",
            "adc {t1}, {t1}",
            "mov {t2}, qword ptr [{a} + 24]",
            "lea {t4}, [{t2} + {t2}]",
            "adc {t2}, {t2}",
            "mov qword ptr [rsp], {t0}",
            "mov qword ptr [rsp + 8], {t1}",
            "mov qword ptr [rsp + 16], {t2}",
            "mov qword ptr [rsp + 24], {t3}",
            "mov qword ptr [rsp + 32], {t4}",
            // Row 0: a0 * (a0, E1, D2, D3) into t0..t4.
            "mov rdx, qword ptr [{a}]",
            "mulx {t1}, {t0}, rdx",
            "mulx {t2}, {lo}, qword ptr [rsp]",
            "add {t1}, {lo}",
            "mulx {t3}, {lo}, qword ptr [rsp + 8]",
            "adc {t2}, {lo}",
            "mulx {t4}, {lo}, qword ptr [rsp + 16]",
            "adc {t3}, {lo}",
            "adc {t4}, 0",
            // Reduction 0, whose sum may carry into a sixth limb t5.
            red4!(
                "qword ptr [rsp + 40]"; t0, t1, t2, t3, t4;
                "mov {t5:e}, 0\nadox {t5}, {t5}\nadc {t4}, 0\nadc {t5}, 0"
            ),
            // Reduction 1 on (t1..t5), then row 1: a1 * (a1, E2, D3) at offsets
            // 0..2 of (t2..t5, t0).
            red4!("qword ptr [rsp + 40]"; t1, t2, t3, t4, t5; "adc {t5}, 0"),
            "mov rdx, qword ptr [{a} + 8]",
            "xor {t0:e}, {t0:e}",
            mac_step!("rdx", t2, t3),
            mac_step!("qword ptr [rsp + 24]", t3, t4),
            mac_step!("qword ptr [rsp + 16]", t4, t5),
            "adcx {t5}, {t0}",
            "adox {t0}, {t0}",
            "adc {t0}, 0",
            // Reduction 2 on (t2..t5, t0), then row 2: a2 * (a2, E3) at
            // offsets 1..2 of (t3, t4, t5, t0, t1).
            red4!("qword ptr [rsp + 40]"; t2, t3, t4, t5, t0; "adc {t0}, 0"),
            "mov rdx, qword ptr [{a} + 16]",
            "xor {t1:e}, {t1:e}",
            mac_step!("rdx", t4, t5),
            mac_step!("qword ptr [rsp + 32]", t5, t0),
            "adcx {t0}, {t1}",
            "adox {t1}, {t1}",
            "adc {t1}, 0",
            // Reduction 3 on (t3, t4, t5, t0, t1), then a3^2 at offset 2 of
            // (t4, t5, t0, t1): the sum is below 2r, no carry out.
            red4!("qword ptr [rsp + 40]"; t3, t4, t5, t0, t1; "adc {t1}, 0"),
            "mov rdx, qword ptr [{a} + 24]",
            "mulx {hi}, {lo}, rdx",
            "add {t0}, {lo}",
            "adc {t1}, {hi}",
            csub4!(t4, t5, t0, t1; t2, t3, lo, hi),
            "lea rsp, [rsp + 48]",
            a = in(reg) a.as_ptr(),
            p = in(reg) p.as_ptr(),
            inv = in(reg) inv,
            y = out(reg) _,
            lo = out(reg) o2,
            hi = out(reg) o3,
            out("rdx") _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) o0,
            t3 = out(reg) o1,
            t4 = out(reg) _,
            t5 = out(reg) _,
            options(pure, readonly),
        );
    }
    [o0, o1, o2, o3]
}

#[cfg(test)]
mod tests {
    use super::super::montgomery;
    use super::*;

    /// p, the BLS12-381 base-field modulus.
    const P: [u64; 6] = [
        0xb9fe_ffff_ffff_aaab,
        0x1eab_fffe_b153_ffff,
        0x6730_d2a0_f6b0_f624,
        0x6477_4b84_f385_12bf,
        0x4b1b_a7b6_434b_acd7,
        0x1a01_11ea_397f_e69a,
    ];
    /// r, the scalar-field modulus.
    const R: [u64; 4] = [
        0xffff_ffff_0000_0001,
        0x53bd_a402_fffe_5bfe,
        0x3339_d808_09a1_d805,
        0x73ed_a753_299d_7d48,
    ];

    const N_RANDOM: usize = 200_000;

    /// `-m^-1 mod 2^64` by Newton iteration.
    fn neg_inv(m0: u64) -> u64 {
        let mut x: u64 = 1;
        for _ in 0..6 {
            x = x.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(x)));
        }
        x.wrapping_neg()
    }

    fn have_adx() -> bool {
        std::is_x86_feature_detected!("adx")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
    }

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            // xorshift64*
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn limbs<const N: usize>(&mut self) -> [u64; N] {
            let mut x = [0u64; N];
            for l in x.iter_mut() {
                *l = self.next();
            }
            x
        }
        /// Uniform-ish below m: random limbs with the top limb cut to m's
        /// bit length, reduced once. Sometimes sparse/dense limbs.
        fn below<const N: usize>(&mut self, m: &[u64; N]) -> [u64; N] {
            let mut x = self.limbs::<N>();
            match self.next() % 8 {
                0 => x[self.next() as usize % N] = !0,
                1 => x[self.next() as usize % N] = 0,
                _ => {}
            }
            let bits = 64 - m[N - 1].leading_zeros();
            x[N - 1] &= (1u64 << bits) - 1;
            montgomery::reduce_once(&x, m)
        }
    }

    /// 0, 1, 2, m-1, m-2, all-ones limbs below m, small/large mixes.
    fn edges<const N: usize>(m: &[u64; N]) -> Vec<[u64; N]> {
        let mut v = Vec::new();
        let mut one = [0u64; N];
        one[0] = 1;
        let mut two = [0u64; N];
        two[0] = 2;
        v.push([0u64; N]);
        v.push(one);
        v.push(two);
        v.push(montgomery::sub_n(m, &one).0);
        v.push(montgomery::sub_n(m, &two).0);
        let mut ones = [!0u64; N];
        ones[N - 1] = m[N - 1] - 1;
        v.push(ones);
        let mut hi = [0u64; N];
        hi[N - 1] = m[N - 1] - 1;
        v.push(hi);
        let mut lo = [!0u64; N];
        lo[N - 1] = 0;
        v.push(lo);
        let mut top = [0u64; N];
        top[N - 1] = m[N - 1];
        v.push(top); // below m since the lower limbs of m are not all zero
        v
    }

    fn wide(t: &[u64; 12]) -> ([u64; 6], [u64; 6]) {
        let mut lo = [0u64; 6];
        let mut hi = [0u64; 6];
        lo.copy_from_slice(&t[..6]);
        hi.copy_from_slice(&t[6..]);
        (lo, hi)
    }

    fn check_384(a: &[u64; 6], b: &[u64; 6], inv: u64) {
        unsafe {
            assert_eq!(
                mul_mont_384(a, b, &P, inv),
                montgomery::mul_mont(a, b, &P, inv),
                "mul_mont_384 {a:x?} {b:x?}"
            );
            assert_eq!(
                sqr_mont_384(a, &P, inv),
                montgomery::sqr_mont(a, &P, inv),
                "sqr_mont_384 {a:x?}"
            );
            // Inputs below 2p: a and a + p. The lazy square stays below 2p
            // and is congruent to the reduced one; the reduced kernels give
            // the reduced value.
            let want = montgomery::sqr_mont(a, &P, inv);
            let (a_plus_p, _) = montgomery::add_n(a, &P);
            let two_p = montgomery::add_n(&P, &P).0;
            for x in [*a, a_plus_p] {
                let lazy = sqr_mont_384_lazy(&x, &P, inv);
                assert!(montgomery::sub_n(&lazy, &two_p).1 == 1, "lazy square >= 2p");
                assert_eq!(montgomery::reduce_once(&lazy, &P), want, "sqr_mont_384_lazy {x:x?}");
                assert_eq!(sqr_mont_384(&x, &P, inv), want, "sqr_mont_384 {x:x?}");
                assert_eq!(
                    mul_mont_384(&x, b, &P, inv),
                    montgomery::mul_mont(a, b, &P, inv),
                    "mul_mont_384 (first input below 2p) {x:x?}"
                );
            }
            let w = mul_384(a, b);
            let (lo, hi) = montgomery::mul_wide(a, b);
            assert_eq!(wide(&w), (lo, hi), "mul_384 {a:x?} {b:x?}");
            assert_eq!(
                redc_mont_384(&w, &P, inv),
                montgomery::redc(&lo, &hi, &P, inv),
                "redc_mont_384 {w:x?}"
            );
        }
    }

    fn check_256(a: &[u64; 4], b: &[u64; 4], inv: u64) {
        unsafe {
            assert_eq!(
                mul_mont_256(a, b, &R, inv),
                montgomery::mul_mont(a, b, &R, inv),
                "mul_mont_256 {a:x?} {b:x?}"
            );
            assert_eq!(
                sqr_mont_256(a, &R, inv),
                montgomery::sqr_mont(a, &R, inv),
                "sqr_mont_256 {a:x?}"
            );
        }
    }

    #[test]
    fn kernels_384_match_portable() {
        if !have_adx() {
            eprintln!("skipped: no ADX/BMI1/BMI2");
            return;
        }
        let inv = neg_inv(P[0]);
        assert_eq!(inv, 0x89f3_fffc_fffc_fffd);
        let e = edges(&P);
        for a in &e {
            for b in &e {
                check_384(a, b, inv);
            }
        }
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..N_RANDOM {
            let a = rng.below(&P);
            let b = rng.below(&P);
            check_384(&a, &b, inv);
            let c = e[rng.next() as usize % e.len()];
            check_384(&a, &c, inv);
        }
    }

    /// `mul_mont_384` on unreduced inputs below `2p` (as `sqr_mont_384x`
    /// uses it) still returns the fully reduced product.
    #[test]
    fn mul_mont_384_inputs_below_2p() {
        if !have_adx() {
            eprintln!("skipped: no ADX/BMI1/BMI2");
            return;
        }
        let inv = neg_inv(P[0]);
        let lift = |x: &[u64; 6]| montgomery::add_n(x, &P).0;
        let e = edges(&P);
        let mut rng = Rng(0x0f0f_1e1e_2d2d_3c3c);
        let mut cases: Vec<([u64; 6], [u64; 6])> = Vec::new();
        for a in &e {
            for b in &e {
                cases.push((*a, *b));
            }
        }
        for _ in 0..N_RANDOM / 2 {
            cases.push((rng.below(&P), rng.below(&P)));
        }
        for (a, b) in cases {
            let want = montgomery::mul_mont(&a, &b, &P, inv);
            unsafe {
                assert_eq!(mul_mont_384(&lift(&a), &b, &P, inv), want, "{a:x?} {b:x?}");
                assert_eq!(mul_mont_384(&a, &lift(&b), &P, inv), want, "{a:x?} {b:x?}");
                assert_eq!(
                    mul_mont_384(&lift(&a), &lift(&b), &P, inv),
                    want,
                    "{a:x?} {b:x?}"
                );
            }
        }
    }

    #[test]
    fn mul_384_any_inputs() {
        if !have_adx() {
            eprintln!("skipped: no ADX/BMI1/BMI2");
            return;
        }
        let ones = [!0u64; 6];
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let mut vals = vec![
            ones,
            [0; 6],
            [1, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 1u64 << 63],
        ];
        for _ in 0..4 {
            vals.push(rng.limbs());
        }
        let check = |a: &[u64; 6], b: &[u64; 6]| {
            let w = unsafe { mul_384(a, b) };
            assert_eq!(
                wide(&w),
                montgomery::mul_wide(a, b),
                "mul_384 {a:x?} {b:x?}"
            );
        };
        for a in &vals {
            for b in &vals {
                check(a, b);
            }
        }
        for _ in 0..N_RANDOM {
            let a = rng.limbs();
            let b = rng.limbs();
            check(&a, &b);
        }
    }

    #[test]
    fn redc_384_full_range() {
        if !have_adx() {
            eprintln!("skipped: no ADX/BMI1/BMI2");
            return;
        }
        let inv = neg_inv(P[0]);
        let pm1 = montgomery::sub_n(&P, &[1, 0, 0, 0, 0, 0]).0;
        let check = |t: &[u64; 12]| {
            let (lo, hi) = wide(t);
            assert_eq!(
                unsafe { redc_mont_384(t, &P, inv) },
                montgomery::redc(&lo, &hi, &P, inv),
                "redc_mont_384 {t:x?}"
            );
        };
        // Largest admissible input: (p - 1) * 2^384 + 2^384 - 1.
        let mut t = [!0u64; 12];
        t[6..].copy_from_slice(&pm1);
        check(&t);
        check(&[0; 12]);
        let mut rng = Rng(0xdead_beef_cafe_f00d);
        for _ in 0..N_RANDOM {
            let lo: [u64; 6] = rng.limbs();
            let hi = rng.below(&P);
            let mut t = [0u64; 12];
            t[..6].copy_from_slice(&lo);
            t[6..].copy_from_slice(&hi);
            check(&t);
        }
    }

    #[test]
    fn redc_384_n_matches_portable() {
        if !have_adx() {
            eprintln!("skipped: no ADX/BMI1/BMI2");
            return;
        }
        let inv = neg_inv(P[0]);
        let pm1 = montgomery::sub_n(&P, &[1, 0, 0, 0, 0, 0]).0;
        let mut rng = Rng(0x0bad_cafe_1234_5678);
        // Batches of 1 to 7 values, mixing random inputs with the largest
        // admissible one ((p - 1) 2^384 + 2^384 - 1) and zero.
        let mut max = [!0u64; 12];
        max[6..].copy_from_slice(&pm1);
        for round in 0..N_RANDOM / 4 {
            let n = 1 + round % 7;
            let ts: Vec<[u64; 12]> = (0..n)
                .map(|i| match (round + i) % 11 {
                    0 => max,
                    1 => [0; 12],
                    _ => {
                        let mut t = [0u64; 12];
                        t[..6].copy_from_slice(&rng.limbs::<6>());
                        t[6..].copy_from_slice(&rng.below(&P));
                        t
                    }
                })
                .collect();
            // A sentinel after the outputs checks that nothing more is written.
            let mut out = vec![[0x5555_5555_5555_5555u64; 6]; n + 1];
            unsafe { redc_mont_384_n(out.as_mut_ptr() as *mut u64, ts.as_ptr() as *const u64, n, &P, inv) };
            for (i, t) in ts.iter().enumerate() {
                let (lo, hi) = wide(t);
                assert_eq!(out[i], montgomery::redc(&lo, &hi, &P, inv), "redc_mont_384_n {t:x?}");
            }
            assert_eq!(out[n], [0x5555_5555_5555_5555u64; 6]);
        }
    }

    /// Fp2 reference from the portable kernels.
    fn fp2_mul_ref(a: &[[u64; 6]; 2], b: &[[u64; 6]; 2], inv: u64) -> [[u64; 6]; 2] {
        let m = |x: &[u64; 6], y: &[u64; 6]| montgomery::mul_mont(x, y, &P, inv);
        [
            montgomery::sub_mod(&m(&a[0], &b[0]), &m(&a[1], &b[1]), &P),
            montgomery::add_mod(&m(&a[0], &b[1]), &m(&a[1], &b[0]), &P),
        ]
    }

    #[test]
    fn fp2_kernels_match_portable() {
        if !have_adx() {
            eprintln!("skipped: no ADX/BMI1/BMI2");
            return;
        }
        let inv = neg_inv(P[0]);
        let e = edges(&P);
        let check = |a: &[[u64; 6]; 2], b: &[[u64; 6]; 2]| unsafe {
            let mut o = [[0u64; 6]; 2];
            mul_mont_384x(&mut o, a, b, &P, inv);
            assert_eq!(o, fp2_mul_ref(a, b, inv), "mul_mont_384x {a:x?} {b:x?}");
            sqr_mont_384x(&mut o, a, &P, inv);
            assert_eq!(o, fp2_mul_ref(a, a, inv), "sqr_mont_384x {a:x?}");
        };
        for x in &e {
            for y in &e {
                for z in &e {
                    check(&[*x, *y], &[*z, *x]);
                    check(&[*x, *y], &[*y, *z]);
                }
            }
        }
        let mut rng = Rng(0x5555_aaaa_3333_cccc);
        for _ in 0..N_RANDOM / 2 {
            let a = [rng.below(&P), rng.below(&P)];
            let b = [rng.below(&P), rng.below(&P)];
            check(&a, &b);
        }
    }

    /// Values below `p * 2^384`: random and edge high halves over random and
    /// edge low halves.
    fn wide_below_p(rng: &mut Rng, e: &[[u64; 6]]) -> [u64; 12] {
        let lo = match rng.next() % 4 {
            0 => e[rng.next() as usize % e.len()],
            1 => [!0u64; 6],
            _ => rng.limbs::<6>(),
        };
        let hi = match rng.next() % 4 {
            0 => e[rng.next() as usize % e.len()],
            _ => rng.below(&P),
        };
        let mut t = [0u64; 12];
        t[..6].copy_from_slice(&lo);
        t[6..].copy_from_slice(&hi);
        t
    }

    #[test]
    fn add_sub_kernels_match_portable() {
        if !have_adx() {
            eprintln!("skipped: no ADX/BMI1/BMI2");
            return;
        }
        let e = edges(&P);
        let check = |a: &[u64; 6], b: &[u64; 6]| unsafe {
            assert_eq!(add_mod_384(a, b, &P), montgomery::add_mod(a, b, &P), "add {a:x?} {b:x?}");
            assert_eq!(sub_mod_384(a, b, &P), montgomery::sub_mod(a, b, &P), "sub {a:x?} {b:x?}");
        };
        let check_wide = |a: &[u64; 12], b: &[u64; 12]| unsafe {
            let (mut x, mut y) = (*a, *a);
            add_mod_768_assign(&mut x, b, &P);
            montgomery::add_mod_wide_assign(&mut y, b, &P);
            assert_eq!(x, y, "add_mod_768 {a:x?} {b:x?}");
            let (mut x, mut y) = (*a, *a);
            sub_mod_768_assign(&mut x, b, &P);
            montgomery::sub_mod_wide_assign(&mut y, b, &P);
            assert_eq!(x, y, "sub_mod_768 {a:x?} {b:x?}");
        };
        for a in &e {
            for b in &e {
                check(a, b);
                for lo in [[0u64; 6], [!0u64; 6]] {
                    let mut x = [0u64; 12];
                    let mut y = [0u64; 12];
                    x[..6].copy_from_slice(&lo);
                    x[6..].copy_from_slice(a);
                    y[..6].copy_from_slice(&e[1]);
                    y[6..].copy_from_slice(b);
                    check_wide(&x, &y);
                    check_wide(&y, &x);
                }
            }
        }
        let check_exact = |a: &[u64; 12], b: &[u64; 12]| unsafe {
            let mut x = *a;
            add_768_exact_assign(x.as_mut_ptr(), b);
            assert_eq!(x, montgomery::add_n(a, b).0, "add_768_exact {a:x?} {b:x?}");
            let (hi, lo) = if montgomery::sub_n(a, b).1 == 0 { (a, b) } else { (b, a) };
            let mut x = *hi;
            sub_768_exact_assign(x.as_mut_ptr(), lo);
            assert_eq!(x, montgomery::sub_n(hi, lo).0, "sub_768_exact {a:x?} {b:x?}");
        };
        let mut rng = Rng(0x7777_1111_2222_9999);
        for _ in 0..N_RANDOM {
            let a = rng.below(&P);
            let b = rng.below(&P);
            check(&a, &b);
            let x = wide_below_p(&mut rng, &e);
            let y = wide_below_p(&mut rng, &e);
            check_wide(&x, &y);
            check_exact(&x, &y);
        }
    }

    #[test]
    fn mul_382x_matches_portable() {
        if !have_adx() {
            eprintln!("skipped: no ADX/BMI1/BMI2");
            return;
        }
        let e = edges(&P);
        // Reference: c0 = a0 b0 - a1 b1 mod p 2^384, c1 = a0 b1 + a1 b0.
        let reference = |a: &[[u64; 6]; 2], b: &[[u64; 6]; 2]| {
            let w = |x: &[u64; 6], y: &[u64; 6]| {
                let (lo, hi) = montgomery::mul_wide(x, y);
                let mut t = [0u64; 12];
                t[..6].copy_from_slice(&lo);
                t[6..].copy_from_slice(&hi);
                t
            };
            let mut c0 = w(&a[0], &b[0]);
            montgomery::sub_mod_wide_assign(&mut c0, &w(&a[1], &b[1]), &P);
            let c1 = montgomery::add_n(&w(&a[0], &b[1]), &w(&a[1], &b[0])).0;
            [c0, c1]
        };
        let check = |a: &[[u64; 6]; 2], b: &[[u64; 6]; 2]| unsafe {
            let mut out = MaybeUninit::<[[u64; 12]; 2]>::uninit();
            mul_382x(out.as_mut_ptr(), a, b, &P);
            assert_eq!(out.assume_init(), reference(a, b), "mul_382x {a:x?} {b:x?}");
        };
        // Inputs below 2p (the unreduced pre-sums the tower feeds in).
        let p2 = montgomery::add_n(&P, &P).0;
        let below_2p = |x: &[u64; 6], y: &[u64; 6]| montgomery::add_n(x, y).0;
        for x in &e {
            for y in &e {
                check(&[*x, *y], &[*y, *x]);
                let big = below_2p(x, y);
                check(&[big, *x], &[*y, big]);
            }
        }
        let pm1 = montgomery::sub_n(&p2, &e[1]).0; // 2p - 1
        check(&[pm1, pm1], &[pm1, pm1]);
        let mut rng = Rng(0x1234_4321_abcd_dcba);
        for _ in 0..N_RANDOM / 2 {
            let (x, y, z, w) = (rng.below(&P), rng.below(&P), rng.below(&P), rng.below(&P));
            check(&[x, y], &[z, w]);
            check(&[below_2p(&x, &y), below_2p(&z, &w)], &[below_2p(&y, &z), below_2p(&w, &x)]);
        }
    }

    #[test]
    fn kernels_256_match_portable() {
        if !have_adx() {
            eprintln!("skipped: no ADX/BMI1/BMI2");
            return;
        }
        let inv = neg_inv(R[0]);
        assert_eq!(inv, 0xffff_fffe_ffff_ffff);
        let e = edges(&R);
        for a in &e {
            for b in &e {
                check_256(a, b, inv);
            }
        }
        let mut rng = Rng(0x0123_4567_89ab_cdef);
        for _ in 0..N_RANDOM {
            let a = rng.below(&R);
            let b = rng.below(&R);
            check_256(&a, &b, inv);
            let c = e[rng.next() as usize % e.len()];
            check_256(&a, &c, inv);
        }
    }
}
