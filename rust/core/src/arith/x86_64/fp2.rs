//! Fp2 = Fp[u]/(u^2 + 1) products with one shared reduction per coefficient.
//!
//! One `asm!` block each: operands and temporaries in a private stack
//! frame, results stored straight to the output. (Composed of several
//! value-returning blocks, the compiler moved the 6-limb operands and
//! results through registers and the stack between blocks: about 50 extra
//! moves per Fp2 square.)

/// Montgomery reduction of the sum of the double-width values at `$u`,
/// `$v` (`u + v < p 2^384`; the low halves are added before the reduction rounds, the high halves and the carry between after, on the two carry chains at once), `inv` at `$inv`, the
/// qword `$c` as scratch; the unreduced result (below `2p`)
/// ends in `t6, t0..t4`, `t5` free.
#[rustfmt::skip]
macro_rules! gredc2 {
    ($u:expr, $v:expr, $inv:expr, $c:expr) => {
        gredc2!(@hi $u, $v, $inv, $c; (t6, 48), (t0, 56), (t1, 64), (t2, 72), (t3, 80), (t4, 88))
    };
    (@hi $u:expr, $v:expr, $inv:expr, $c:expr; $(($t:ident, $off:literal)),+) => {
        concat!(
            movop6!($u, "add", "adc", $v),
            "sbb {hi}, {hi}\n",
            "mov ", $c, ", {hi}\n",
            red6_rounds!($inv),
            // CF = the carry out of the low halves, OF = 0 (NEG of 0 or -1).
            "mov {lo}, ", $c, "\n",
            "neg {lo}\n",
            $(concat!("adcx ", r!($t), ", ", q!($u, $off), "\n", "adox ", r!($t), ", ", q!($v, $off), "\n"),)+
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

/// The `asm_window!` block of the Fp2 Montgomery kernels: a private frame
/// of `$frame` bytes below the stack pointer (no `nostack`) around the
/// templates, `inv` and `out` passed in `lo`, `hi` and saved to the frame
/// at `$inv_at`, `$out_at` first, after the kernel's operands.
#[rustfmt::skip]
macro_rules! fp2_asm {
    ($frame:literal; $inv:expr => $inv_at:literal, $out:expr => $out_at:literal; $($tmpl:expr),+; $($op:tt)*) => {
        asm_window!(own lo hi;
            concat!("lea rsp, [rsp - ", $frame, "]"),
            concat!("mov ", $inv_at, ", {lo}"),
            concat!("mov ", $out_at, ", {hi}"),
            $($tmpl,)+
            concat!("lea rsp, [rsp + ", $frame, "]");
            $($op)*
            lo = inout(reg) $inv => _,
            hi = inout(reg) $out => _,
        )
    };
}

/// Fp2 Montgomery square `(a0 + a1 u)^2 / 2^384`, coefficients below `p`,
/// outputs below `p`, written to `out` (which must not overlap `a`):
/// `c0 = (a0 + a1)(a0 - a1 + p)`, `c1 = (2 a0) a1`, two Montgomery products
/// on unreduced operands below `2p` (fine since `4 p < 2^384`: the result
/// still ends below `2p` before the final subtraction, see [`mul_mont_384`](super::mul_mont_384)).
///
/// Frame: `[rsp]` a0 + a1, `[rsp + 48]` a0 + p - a1, `[rsp + 96]` 2 a0,
/// `[rsp + 144]` inv, `[rsp + 152]` out.
#[inline(always)]
pub unsafe fn sqr_mont_384x(out: *mut [[u64; 6]; 2], a: &[[u64; 6]; 2], p: &[u64; 6], inv: u64) {
    // SAFETY: reads 12 limbs behind `a`, 6 behind `p`, writes 12 at `out`
    // (provided by the caller); uses 160 bytes of
    // stack below the stack pointer, restored before the end (no `nostack`).
    unsafe {
        fp2_asm!(160; inv => "qword ptr [rsp + 144]", out => "qword ptr [rsp + 152]";
            sum6!("rsp"; "{a}", "add", "adc", "{a} + 48"),
            sum6!("rsp + 48"; "{a}", "{p}", "{a} + 48"),
            sum6!("rsp + 96"; "{a}", "add", "adc", "{a}"),
            // c1 first, the last read of `a`: c0 uses the frame only.
            gmont6!("rsp + 96", "{a} + 48", "qword ptr [rsp + 144]"),
            gcsub_store!(a, x; "qword ptr [rsp + 152]", "{t0} + 48"),
            gmont6!("rsp", "rsp + 48", "qword ptr [rsp + 144]"),
            gcsub_store!(a, x; "qword ptr [rsp + 152]", "{t0}");
            a = inout(reg) a.as_ptr() => _,
            p = in(reg) p.as_ptr(),
            x = out(reg) _,
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
pub unsafe fn mul_mont_384x(out: *mut [[u64; 6]; 2], a: &[[u64; 6]; 2], b: &[[u64; 6]; 2], p: &[u64; 6], inv: u64) {
    // SAFETY: reads 12 limbs behind `a` and `b`, 6 behind `p`, writes 12 at
    // `out` (provided by the caller); uses 504 bytes of stack
    // below the stack pointer, restored before the end (no `nostack`).
    unsafe {
        fp2_asm!(504; inv => "qword ptr [rsp + 480]", out => "qword ptr [rsp + 488]";
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
            gcsub_store!(a, b; "qword ptr [rsp + 488]", "{t0} + 48");
            a = inout(reg) a.as_ptr() => _,
            b = inout(reg) b.as_ptr() => _,
            p = in(reg) p.as_ptr(),
        );
    }
}

/// One carry chain over the 12 qwords at `$x` and the register window
/// `t0..t6, lo, hi, rdx, a, b` of [`mul_382x`]'s subtraction passes:
/// `"mov", "mov"` loads it, `"sub", "sbb"` subtracts (leaving the final
/// borrow in CF).
#[rustfmt::skip]
macro_rules! chain12 {
    ($op0:literal, $op:literal, $x:expr) => {
        concat!(
            chain6!($op0, $op, $x; t0, t1, t2, t3, t4, t5),
            chain6!($op, $op, concat!($x, " + 48"); t6, lo, hi, rdx, a, b),
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
        asm_window!(own lo hi;
            "lea rsp, [rsp - 200]",
            "mov qword ptr [rsp + 192], {lo}",
            sum6!("rsp"; "{a}", "add", "adc", "{a} + 48"),
            sum6!("rsp + 48"; "{b}", "add", "adc", "{b} + 48"),
            gmul384!("{a} + 48", "{b} + 48", "rsp + 96"),
            gmul384!("{a}", "{b}", "{o}"),
            gmul384!("rsp", "rsp + 48", "{o} + 96"),
            // out[1] -= a0 b0, out[1] -= a1 b1 (exact, see the bounds).
            chain12!("mov", "mov", "{o} + 96"),
            chain12!("sub", "sbb", "{o}"),
            chain12!("sub", "sbb", "rsp + 96"),
            store6w!(lo; "{o} + 96"),
            store6w!(hi; "{o} + 144"),
            // out[0] = a0 b0 - a1 b1, plus p 2^384 when that borrowed.
            chain12!("mov", "mov", "{o}"),
            chain12!("sub", "sbb", "rsp + 96"),
            store6w!(lo; "{o}"),
            "sbb {t0}, {t0}",
            "mov {t1}, qword ptr [rsp + 192]",
            // ZF = no borrow; OF = 0 for the ADOX chain (cmovz keeps ZF).
            addmask6!(@at "{t1}", t0, t2; t6, lo, hi, rdx, a, b),
            store6w!(hi; "{o} + 48"),
            "lea rsp, [rsp + 200]";
            a = inout(reg) a.as_ptr() => _,
            b = inout(reg) b.as_ptr() => _,
            o = in(reg) out,
            lo = inout(reg) p.as_ptr() => _,
            hi = out(reg) _,
        );
    }
}
