//! The 384-bit kernels of the base field p: Montgomery product, square
//! (reduced or lazy), full product, reductions (one value or a batch) and
//! the additions mod p.

// `cfg_attr(rustfmt, rustfmt::skip)` on purpose (see the module doc of
// macros.rs): a plain `rustfmt::skip` breaks the `use` of these macros.
#![allow(clippy::deprecated_cfg_attr)]

use core::arch::asm;
use core::mem::MaybeUninit;

/// Montgomery product `a * b / 2^384 mod p`, inputs below `p`, output below
/// `p`. `inv = -p^-1 mod 2^64`.
///
/// Bounds: with `t < 3p` before a step, `t + a b_i + m p < 3p + 2^65 p`
/// fits 7 limbs as `p < 2^382`; the result `(a b + M p) / 2^384` is below
/// `2p` whenever `a b < 2^384 p`, so inputs up to `2p` are also fine (used by
/// [`sqr_mont_384x`](super::sqr_mont_384x)) and one conditional subtraction finishes.
#[inline(always)]
pub unsafe fn mul_mont_384(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6], inv: u64) -> [u64; 6] {
    let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: reads 6 limbs behind each pointer; pushes one qword (no `nostack`)
    // and pops it before the end.
    unsafe {
        asm_window!(regs [hi o2, rdx o5, t0 _, t1 _, t2 _, t3 _, t4 _, t5 o0, t6 _]
            options(pure, readonly);
            "push {lo}",
            gmont6!("{a}", "{b}", "qword ptr [rsp]"),
            csub6!(t6, t0, t1, t2, t3, t4; t5, lo, hi, a, b, rdx),
            "pop {t0}";
            a = inout(reg) a.as_ptr() => o3,
            b = inout(reg) b.as_ptr() => o4,
            p = in(reg) p.as_ptr(),
            lo = inout(reg) inv => o1,
        );
    }
    [o0, o1, o2, o3, o4, o5]
}

/// The rows of the 384-bit squares ([`sqr_mont_384`], [`sqr_384`]) as one
/// template: the doubled limbs on 72 bytes of stack (`[rsp]` E1,
/// `[rsp+8..40]` D2..D5, `[rsp+40..72]` E2..E5; the caller restores rsp),
/// then row `i` (`a_i^2` and `a_i * 2 a_j`, j > i) followed by
/// `$step!(8 i; window)`, which consumes the window's low limb: a
/// Montgomery reduction step, or a store of that limb (final: later rows
/// add at higher limbs only). The window ends in `t6, t0..t4` (`t5` free).
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! sqr_384_rows {
    ($step:ident) => {
        concat!(
            "lea rsp, [rsp - 72]\n",
            dbl_limbs!(t0; (16, t1, t5), (24, t2, t6), (32, t3, lo), (40, t4, hi)),
            store6!("rsp"; t0, t1, t2, t3, t4, t5),
            "mov qword ptr [rsp + 48], {t6}\n",
            "mov qword ptr [rsp + 56], {lo}\n",
            "mov qword ptr [rsp + 64], {hi}\n",
            // Row 0: a0 * (a0, E1, D2, D3, D4, D5), one carry chain.
            "mov rdx, qword ptr [{a}]\n",
            mulx_chain!(t0; ("rdx", t1), ("qword ptr [rsp]", t2), ("qword ptr [rsp + 8]", t3),
                ("qword ptr [rsp + 16]", t4), ("qword ptr [rsp + 24]", t5), ("qword ptr [rsp + 32]", t6)),
            $step!(0; t0, t1, t2, t3, t4, t5, t6),
            // Row 1: a1 * (a1, E2, D3, D4, D5) at offsets 1..5 of (t1..t6, t0).
            mac_row!("qword ptr [{a} + 8]", t0; ("rdx", t2, t3), ("qword ptr [rsp + 40]", t3, t4),
                ("qword ptr [rsp + 16]", t4, t5), ("qword ptr [rsp + 24]", t5, t6), ("qword ptr [rsp + 32]", t6, t0)),
            $step!(8; t1, t2, t3, t4, t5, t6, t0),
            // Row 2: a2 * (a2, E3, D4, D5) at offsets 2..5 of (t2..t6, t0, t1).
            mac_row!("qword ptr [{a} + 16]", t1; ("rdx", t4, t5), ("qword ptr [rsp + 48]", t5, t6),
                ("qword ptr [rsp + 24]", t6, t0), ("qword ptr [rsp + 32]", t0, t1)),
            $step!(16; t2, t3, t4, t5, t6, t0, t1),
            // Row 3: a3 * (a3, E4, D5) at offsets 3..5 of (t3..t6, t0, t1, t2).
            mac_row!("qword ptr [{a} + 24]", t2; ("rdx", t6, t0), ("qword ptr [rsp + 56]", t0, t1),
                ("qword ptr [rsp + 32]", t1, t2)),
            $step!(24; t3, t4, t5, t6, t0, t1, t2),
            // Row 4: a4 * (a4, E5) at offsets 4..5 of (t4..t6, t0..t3).
            mac_row!("qword ptr [{a} + 32]", t3; ("rdx", t1, t2), ("qword ptr [rsp + 64]", t2, t3)),
            $step!(32; t4, t5, t6, t0, t1, t2, t3),
            // Row 5: a5^2 at offset 5 of (t5, t6, t0..t4).
            "mov rdx, qword ptr [{a} + 40]\n",
            "mulx {t4}, {lo}, rdx\n",
            "add {t3}, {lo}\n",
            "adc {t4}, 0\n",
            $step!(40; t5, t6, t0, t1, t2, t3, t4),
        )
    };
}

/// The step of [`sqr_384_rows!`] for the Montgomery squares: one
/// reduction step (`red6!`, `inv` in `{inv}`, `p` at `{p}`).
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! sqr_red_step {
    ($off:literal; $($t:ident),+) => {
        red6!(r!(inv); $($t),+)
    };
}

/// The step of [`sqr_384_rows!`] for the full square: the low limb to
/// `{out} + $off`.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! sqr_store_step {
    ($off:literal; $t0:ident $(, $t:ident)+) => {
        concat!("mov qword ptr [{out} + ", $off, "], ", r!($t0), "\n")
    };
}

/// The body of [`sqr_mont_384`] and [`sqr_mont_384_lazy`]: `$tail` moves
/// the window `t6, t0..t4` into the outputs `t5, lo, hi, a, inv, rdx`
/// (reduced below `p` or not).
macro_rules! sqr_mont_384_asm {
    ($a:expr, $p:expr, $inv:expr, $tail:expr) => {{
        let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
        // SAFETY: reads 6 limbs behind `a` and `p`; uses 72 bytes of stack below
        // the stack pointer, restored before the end (no `nostack`).
        unsafe {
            asm_window!(regs [lo o1, hi o2, rdx o5, t0 _, t1 _, t2 _, t3 _, t4 _, t5 o0, t6 _]
                options(pure, readonly);
                sqr_384_rows!(sqr_red_step),
                $tail,
                "lea rsp, [rsp + 72]";
                a = inout(reg) $a.as_ptr() => o3,
                p = in(reg) $p.as_ptr(),
                inv = inout(reg) $inv => o4,
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

/// Full square `a^2` (768 bits) of `a < 2^383`: the rows of
/// [`sqr_mont_384`] (21 products instead of the 36 of [`mul_384`]), each
/// reduction step replaced by a store of the window's low limb.
///
/// Bounds: after row `i` the window holds the sum of rows `0..=i` over
/// `2^(64 (i+1))`; that sum is below `2^(64 (i+1)) 2a`, so the window stays
/// below `2a < 2^384` and each row fits it; the doubled limbs of `2a` fit
/// six limbs as `a < 2^383`.
#[inline(always)]
pub unsafe fn sqr_384(a: &[u64; 6]) -> [u64; 12] {
    let mut out = MaybeUninit::<[u64; 12]>::uninit();
    // SAFETY: reads 6 limbs behind `a`, writes the 12 limbs of `out`; uses
    // 72 bytes of stack below the stack pointer, restored before the end
    // (no `nostack`).
    unsafe {
        asm_window!(
            sqr_384_rows!(sqr_store_step),
            "mov qword ptr [{out} + 48], {t6}",
            "mov qword ptr [{out} + 56], {t0}",
            "mov qword ptr [{out} + 64], {t1}",
            "mov qword ptr [{out} + 72], {t2}",
            "mov qword ptr [{out} + 80], {t3}",
            "mov qword ptr [{out} + 88], {t4}",
            "lea rsp, [rsp + 72]";
            a = in(reg) a.as_ptr(),
            out = in(reg) out.as_mut_ptr() as *mut u64,
        );
        out.assume_init()
    }
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
        asm_window!(options(nostack);
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
            gmul384!(@rows "{a}", "{b}", "{out}"; [8 16 24 32 40]; t1, t2, t3, t4, t5, t6, t0);
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            out = in(reg) out,
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
        asm_window!(regs [lo o1, hi o2, rdx o3, t0 _, t1 _, t2 _, t3 _, t4 _, t5 o0, t6 _]
            options(pure, readonly, nostack);
            chain6!("mov", "mov", "{t}"; t0, t1, t2, t3, t4, t5),
            red6_rounds!(r!(inv)),
            // (t + K p) / 2^384 <= p sits in t6, t0..t4; add the high half (< p).
            chain6!("add", "adc", "{t} + 48"; t6, t0, t1, t2, t3, t4),
            csub6!(t6, t0, t1, t2, t3, t4; t5, lo, hi, rdx, inv, t);
            t = inout(reg) t.as_ptr() => o5,
            p = in(reg) p.as_ptr(),
            inv = inout(reg) inv => o4,
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
            chain6!("mov", "mov", "{t}"; t0, t1, t2, t3, t4, t5),
            red6_rounds!("qword ptr [rsp]"),
            // (t + K p) / 2^384 <= p sits in t6, t0..t4; add the high half
            // (< p): the sum is below 2p.
            chain6!("add", "adc", "{t} + 48"; t6, t0, t1, t2, t3, t4),
            // Store it, subtract p in registers, and where that borrowed
            // (the sum was below p) take the stored value back.
            "mov {t5}, qword ptr [rsp + 8]",
            store6!("{t5}"; t6, t0, t1, t2, t3, t4),
            chain6!("sub", "sbb", "{p}"; t6, t0, t1, t2, t3, t4),
            chain6!("cmovc", "cmovc", "{t5}"; t6, t0, t1, t2, t3, t4),
            store6!("{t5}"; t6, t0, t1, t2, t3, t4),
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

/// `a + b mod p` for `a, b < p` (`p < 2^383`, so the sum fits 6 limbs),
/// output below `p`. Constant time (`cmov`).
#[inline(always)]
pub unsafe fn add_mod_384(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: reads 6 limbs behind `a`, `b` and `p`.
    unsafe {
        asm_window!(regs [d2 o2, d3 o3, d4 o4, d5 o5, t0 _, t1 _, t2 _, t3 _, t4 _, t5 _]
            options(pure, readonly, nostack);
            movop6!("{a}", "add", "adc", "{b}"),
            // The pointers are dead: `a`, `b` become two of the results.
            csub6!(t0, t1, t2, t3, t4, t5; a, b, d2, d3, d4, d5);
            a = inout(reg) a.as_ptr() => o0,
            b = inout(reg) b.as_ptr() => o1,
            p = in(reg) p.as_ptr(),
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
        asm_window!(regs [t0 o0, t1 o1, t2 o2, t3 o3, t4 o4, t5 o5]
            options(pure, readonly, nostack);
            movop6!("{a}", "sub", "sbb", "{b}"),
            "sbb {b}, {b}",
            addmask6!(b, a; t0, t1, t2, t3, t4, t5);
            a = inout(reg) a.as_ptr() => _,
            b = inout(reg) b.as_ptr() => _,
            p = in(reg) p.as_ptr(),
        );
    }
    [o0, o1, o2, o3, o4, o5]
}
