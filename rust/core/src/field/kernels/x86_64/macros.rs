//! The `asm!` templates of the fused kernels shared by several of them,
//! over the register window `t6, t0..t4` that `gredc_sum!` leaves (on top
//! of the row and reduction templates of `arith::x86_64::macros`): modular
//! additions between frame slots, the reduction of a signed sum of
//! double-width values, conditional subtractions through memory, window
//! loads, stores and additions, and the compound ones: `fused_asm!` (a
//! kernel's frame and operands), `gcoef!` (one output coefficient: signed
//! sum, reduction, offset, conditional subtractions, store), `gfp6_pre!`
//! and `gfp12_final!` (the pre-sums and the outputs of the Karatsuba
//! products of the generated kernels). In textual scope in the kernel
//! files (`#[macro_use]`).

/// The `asm_window!` block of a fused kernel: `fused_asm!(frame; x = ptr,
/// ..; c; templates)` runs the templates in a private frame of `frame`
/// bytes below the stack pointer (no `nostack`), with the kernel's
/// pointers as the `in(reg)` operands `{x}`, .. and the constants `c` (a
/// `FusedConsts`) at `{p}`.
#[rustfmt::skip]
macro_rules! fused_asm {
    ($frame:literal; $($name:ident = $val:expr),+; $c:expr; $($tmpl:expr),+ $(,)?) => {
        asm_window!(
            concat!("lea rsp, [rsp - ", $frame, "]"),
            $($tmpl,)+
            concat!("lea rsp, [rsp + ", $frame, "]");
            $($name = in(reg) $val,)+
            p = in(reg) $c as *const super::FusedConsts,
        )
    };
}

/// `$o = $x + $y mod p` for `x, y < p`: the sum (below `2p`) is stored, `p`
/// subtracted in registers, and the stored sum taken back (`cmov` from
/// memory) where that borrowed. `$o` may be `$y` (all loads come first).
#[rustfmt::skip]
macro_rules! gaddmod6 {
    ($o:expr; $x:expr, $y:expr) => {
        concat!(
            sum6!($o; $x, "add", "adc", $y),
            chain6!("sub", "sbb", "{p}"; t0, t1, t2, t3, t4, t5),
            chain6!("cmovc", "cmovc", $o; t0, t1, t2, t3, t4, t5),
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
            movop6!($x, "sub", "sbb", $y),
            "sbb {t6}, {t6}\n",
            addmask6!(t6, lo; t0, t1, t2, t3, t4, t5),
            store6w!(lo; $o),
        )
    };
}

/// The factors of the square of the Fp2 value `(x0, x1)` (coefficients
/// below p at `$x0`, `$x1`), `(x0 + x1)(x0 - x1) + (2 x0) x1 u`: stored to
/// `$o` (x0 + x1), `$o + 48` (x0 - x1 mod p) and `$o + 96` (2 x0), each
/// below `2p`.
#[rustfmt::skip]
macro_rules! gsq_factors {
    ($o:expr; $x0:expr, $x1:expr) => {
        concat!(
            sum6!($o; $x0, "add", "adc", $x1),
            gsubmod6!(concat!($o, " + 48"); $x0, $x1),
            sum6!(concat!($o, " + 96"); $x0, "add", "adc", $x0),
        )
    };
}

/// The carry slot `[rsp + cs + k]` of a signed sum's term.
#[rustfmt::skip]
macro_rules! gslot {
    ($cs:literal, $k:literal) => {
        concat!("qword ptr [rsp + ", $cs, " + ", $k, "]")
    };
}

/// Reads the terms of a signed sum, `+ x` or `- x` (a double-width value
/// at the address expression `x`; `x^` for a 13-limb `gwide_sum!` result,
/// whose top limb is at `x + 96`), assigns each its carry slot from the
/// list, and hands `$mac!(@emit [head] [; op0, op, x, top, slot ...] rest)`
/// the terms as `("add", "adc")` or `("sub", "sbb")` with their top limb
/// (`"0"` for 12-limb values) and slot.
#[rustfmt::skip]
macro_rules! gterms {
    ($mac:ident [$($h:tt)*] [$($d:tt)*] [$c:expr $(, $cs:expr)*] + $x:literal ^ $($t:tt)*) => {
        gterms!($mac [$($h)*] [$($d)* ; "add", "adc", $x, q!($x, 96), $c] [$($cs),*] $($t)*)
    };
    ($mac:ident [$($h:tt)*] [$($d:tt)*] [$c:expr $(, $cs:expr)*] - $x:literal ^ $($t:tt)*) => {
        gterms!($mac [$($h)*] [$($d)* ; "sub", "sbb", $x, q!($x, 96), $c] [$($cs),*] $($t)*)
    };
    ($mac:ident [$($h:tt)*] [$($d:tt)*] [$c:expr $(, $cs:expr)*] + $x:literal $($t:tt)*) => {
        gterms!($mac [$($h)*] [$($d)* ; "add", "adc", $x, "0", $c] [$($cs),*] $($t)*)
    };
    ($mac:ident [$($h:tt)*] [$($d:tt)*] [$c:expr $(, $cs:expr)*] - $x:literal $($t:tt)*) => {
        gterms!($mac [$($h)*] [$($d)* ; "sub", "sbb", $x, "0", $c] [$($cs),*] $($t)*)
    };
    ($mac:ident [$($h:tt)*] [$($d:tt)*] [$($cs:expr),*] $($t:tt)*) => {
        $mac!(@emit [$($h)*] [$($d)*] $($t)*)
    };
}

/// The terms of `gterms!` with the carry slots from `[rsp + cs]` on.
#[rustfmt::skip]
macro_rules! gsum_terms {
    ($mac:ident [$($h:tt)*] $cs:literal; $($t:tt)*) => {
        gterms!($mac [$($h)*] []
            [gslot!($cs, 0), gslot!($cs, 8), gslot!($cs, 16), gslot!($cs, 24),
             gslot!($cs, 32), gslot!($cs, 40), gslot!($cs, 48), gslot!($cs, 56)]
            $($t)*)
    };
}

/// The low halves of a signed sum into `t0..t5`: the first term loaded,
/// each further one added or subtracted on its own carry chain, whose
/// carry (or borrow, as 0 or -1) is saved to the term's slot.
#[rustfmt::skip]
macro_rules! gsum_lo {
    ($first:expr $(; $op0:literal, $op:literal, $x:expr, $top:expr, $c:expr)*) => {
        concat!(
            chain6!("mov", "mov", $first; t0, t1, t2, t3, t4, t5),
            $(
                chain6!($op0, $op, $x; t0, t1, t2, t3, t4, t5),
                "sbb {hi}, {hi}\n",
                "mov ", $c, ", {hi}\n",
            )*
        )
    };
}

/// Montgomery reduction of a signed sum of double-width values,
/// `gredc_sum!(cs; first +- x1 +- x2 ...)` (carry slots from `[rsp + cs]`,
/// `inv` from the constants at `{p} + 432`), whose value `T` the caller
/// knows to lie in `[0, p 2^384)`; the unreduced result `T / 2^384 mod p`,
/// below `2p`, ends in `t6, t0..t4` (`t5` free).
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
    (@emit [$first:expr] [$(; $op0:literal, $op:literal, $x:expr, $top:expr, $c:expr)*]) => {
        concat!(
            gsum_lo!($first $(; $op0, $op, $x, $top, $c)*),
            red6_rounds!("qword ptr [{p} + 432]"),
            gwindow_op!("add", "adc", concat!($first, " + 48")),
            $(
                // CF = the saved carry (NEG of 0 or -1).
                "mov {lo}, ", $c, "\n",
                "neg {lo}\n",
                gwindow_op!($op, $op, concat!($x, " + 48")),
            )*
        )
    };
    ($cs:literal; $first:literal $($t:tt)*) => {
        gsum_terms!(gredc_sum [$first] $cs; $($t)*)
    };
}

/// As `gredc_sum!` on 13-limb terms (`gwide_sum!` results), with the
/// window widened to seven limbs `t6, t0..t4, hi` (two's complement): each
/// term's thirteenth limb, at `$top` (`$ftop` for the first), enters `hi`
/// with the carries out of the twelfth, so the window holds
/// `(T + Q p) / 2^384` exactly for the signed sum `T` (for the sums whose
/// range spans more than `2^384`, about `9.8 p`). Used by `gcoef!(wide ..)`.
#[rustfmt::skip]
macro_rules! gredc_sum_w {
    (@emit [$first:expr, $ftop:expr] [$(; $op0:literal, $op:literal, $x:expr, $top:expr, $c:expr)*]) => {
        concat!(
            gsum_lo!($first $(; $op0, $op, $x, $top, $c)*),
            red6_rounds!("qword ptr [{p} + 432]"),
            "mov {hi}, ", $ftop, "\n",
            gwindow_op!("add", "adc", concat!($first, " + 48")),
            "adc {hi}, 0\n",
            $(
                // CF = the saved carry (NEG of 0 or -1).
                "mov {lo}, ", $c, "\n",
                "neg {lo}\n",
                gwindow_op!($op, $op, concat!($x, " + 48")),
                $op, " {hi}, ", $top, "\n",
            )*
        )
    };
}

/// A signed sum of double-width values stored exactly, as a 13-limb two's
/// complement integer at `$d` (limbs 0..11, then the top limb at `$d + 96`):
/// `gwide_sum!(d, cs; first +- x1 ...)` over 12-limb products (`x`) and
/// earlier sums (`x^`, their thirteenth limb at `x + 96`), carry slots from
/// `[rsp + cs]`. The low halves are summed first, each term's carry saved
/// to its slot, then the high halves and the top limb with those carries
/// (no reduction: the caller keeps the values far inside 13 limbs).
#[rustfmt::skip]
macro_rules! gwide_sum {
    (@emit [$d:expr, $first:expr, $ftop:expr] [$(; $op0:literal, $op:literal, $x:expr, $top:expr, $c:expr)*]) => {
        concat!(
            gsum_lo!($first $(; $op0, $op, $x, $top, $c)*),
            store6!($d; t0, t1, t2, t3, t4, t5),
            chain6!("mov", "mov", concat!($first, " + 48"); t0, t1, t2, t3, t4, t5),
            "mov {t6}, ", $ftop, "\n",
            $(
                "mov {lo}, ", $c, "\n",
                "neg {lo}\n",
                chain6!($op, $op, concat!($x, " + 48"); t0, t1, t2, t3, t4, t5),
                $op, " {t6}, ", $top, "\n",
            )*
            store6!(concat!($d, " + 48"); t0, t1, t2, t3, t4, t5),
            "mov ", q!($d, 96), ", {t6}\n",
        )
    };
    ($d:literal, $cs:literal; $first:literal ^ $($t:tt)*) => {
        gsum_terms!(gwide_sum [$d, $first, q!($first, 96)] $cs; $($t)*)
    };
    ($d:literal, $cs:literal; $first:literal $($t:tt)*) => {
        gsum_terms!(gwide_sum [$d, $first, "0"] $cs; $($t)*)
    };
}

/// The pre-sums of a Karatsuba Fp6 product from its six double-width Fp2
/// products at `$w0`, `$w1`, `$w2`, `$w01`, `$w12`, `$w02` (each `Qr`,
/// then `Qi` 96 bytes on): `K = w12 - w1 - w2`, `a0 = w0 + xi K`,
/// `a1 = w01 - w0 - w1 + xi w2`, `a2 = w02 - w0 - w2 + w1` (with
/// `xi Q = (Qr - Qi, Qr + Qi)`), each exactly, as the 13-limb sums
/// (`gwide_sum!`, carry slots at `[rsp]`) `K.r`, `K.i`, `a0.r`, ... at
/// `$d + 104 k`.
#[rustfmt::skip]
macro_rules! gfp6_pre {
    ($d:literal; $w0:literal, $w1:literal, $w2:literal, $w01:literal, $w12:literal, $w02:literal) => {
        gfp6_pre!(@sums $d, concat!($d, " + 104");
            [$w0, concat!($w0, " + 96")], [$w1, concat!($w1, " + 96")], [$w2, concat!($w2, " + 96")],
            [$w01, concat!($w01, " + 96")], [$w12, concat!($w12, " + 96")], [$w02, concat!($w02, " + 96")])
    };
    (@sums $kr:expr, $ki:expr; [$w0r:expr, $w0i:expr], [$w1r:expr, $w1i:expr], [$w2r:expr, $w2i:expr],
     [$w01r:expr, $w01i:expr], [$w12r:expr, $w12i:expr], [$w02r:expr, $w02i:expr]) => {
        concat!(
            // K = w12 - w1 - w2.
            gwide_sum!(@emit [$kr, $w12r, "0"]
                [; "sub", "sbb", $w1r, "0", gslot!(0, 0); "sub", "sbb", $w2r, "0", gslot!(0, 8)]),
            gwide_sum!(@emit [$ki, $w12i, "0"]
                [; "sub", "sbb", $w1i, "0", gslot!(0, 0); "sub", "sbb", $w2i, "0", gslot!(0, 8)]),
            // a0 = w0 + xi K.
            gwide_sum!(@emit [concat!($kr, " + 208"), $w0r, "0"]
                [; "add", "adc", $kr, q!($kr, 96), gslot!(0, 0); "sub", "sbb", $ki, q!($ki, 96), gslot!(0, 8)]),
            gwide_sum!(@emit [concat!($kr, " + 312"), $w0i, "0"]
                [; "add", "adc", $kr, q!($kr, 96), gslot!(0, 0); "add", "adc", $ki, q!($ki, 96), gslot!(0, 8)]),
            // a1 = w01 - w0 - w1 + xi w2.
            gwide_sum!(@emit [concat!($kr, " + 416"), $w01r, "0"]
                [; "sub", "sbb", $w0r, "0", gslot!(0, 0); "sub", "sbb", $w1r, "0", gslot!(0, 8);
                 "add", "adc", $w2r, "0", gslot!(0, 16); "sub", "sbb", $w2i, "0", gslot!(0, 24)]),
            gwide_sum!(@emit [concat!($kr, " + 520"), $w01i, "0"]
                [; "sub", "sbb", $w0i, "0", gslot!(0, 0); "sub", "sbb", $w1i, "0", gslot!(0, 8);
                 "add", "adc", $w2r, "0", gslot!(0, 16); "add", "adc", $w2i, "0", gslot!(0, 24)]),
            // a2 = w02 - w0 - w2 + w1.
            gwide_sum!(@emit [concat!($kr, " + 624"), $w02r, "0"]
                [; "sub", "sbb", $w0r, "0", gslot!(0, 0); "sub", "sbb", $w2r, "0", gslot!(0, 8);
                 "add", "adc", $w1r, "0", gslot!(0, 16)]),
            gwide_sum!(@emit [concat!($kr, " + 728"), $w02i, "0"]
                [; "sub", "sbb", $w0i, "0", gslot!(0, 0); "sub", "sbb", $w2i, "0", gslot!(0, 8);
                 "add", "adc", $w1i, "0", gslot!(0, 16)]),
        )
    };
}

/// One coefficient of `gfp12_final!`: `gcoef!` (carry slots at `[rsp]`,
/// scratch at `[rsp + 64]`) of the signed sum of 13-limb pre-sums, with
/// the tail `[wide? +n; k ..]`.
#[rustfmt::skip]
macro_rules! gfin {
    ([wide $($t:tt)*] $o:literal = $first:literal $($sign:tt $x:literal)*) => {
        gcoef!(wide 0, 64; $o = $first ^ $($sign $x ^)*; $($t)*)
    };
    ([$($t:tt)*] $o:literal = $first:literal $($sign:tt $x:literal)*) => {
        gcoef!(0, 64; $o = $first $($sign $x)*; $($t)*)
    };
}

/// The twelve output coefficients of a Karatsuba Fp12 product
/// `(f0 + f1 w)(g0 + g1 w)`: `R0 = A + v C`, `R1 = T - A - C` (`v (x0, x1,
/// x2) = (xi x2, x0, x1)`) from the 13-limb pre-sums of `A = f0 g0`,
/// `C = f1 g1`, `T = (f0 + f1)(g0 + g1)` in the layout of `gfp6_pre!`
/// (`A0` at `[rsp + 320]`, `C0` at 1152, `T0` at 1984, each coefficient
/// `r` then `i`, 104 bytes apart), each output reduced below p by
/// `gfin!` with its own tail (given in the order `R00.re`, `R00.im`, ..,
/// `R12.im`; the bounds are the caller's) and stored to `{o}`.
#[rustfmt::skip]
macro_rules! gfp12_final {
    ($r00r:tt, $r00i:tt, $r01r:tt, $r01i:tt, $r02r:tt, $r02i:tt,
     $r10r:tt, $r10i:tt, $r11r:tt, $r11i:tt, $r12r:tt, $r12i:tt $(,)?) => {
        concat!(
            // R00 = A0 + xi C2.
            gfin!($r00r "{o} + 0" = "rsp + 320" + "rsp + 1568" - "rsp + 1672"),
            gfin!($r00i "{o} + 48" = "rsp + 424" + "rsp + 1568" + "rsp + 1672"),
            // R01 = A1 + C0, R02 = A2 + C1.
            gfin!($r01r "{o} + 96" = "rsp + 528" + "rsp + 1152"),
            gfin!($r01i "{o} + 144" = "rsp + 632" + "rsp + 1256"),
            gfin!($r02r "{o} + 192" = "rsp + 736" + "rsp + 1360"),
            gfin!($r02i "{o} + 240" = "rsp + 840" + "rsp + 1464"),
            // R1k = Tk - Ak - Ck.
            gfin!($r10r "{o} + 288" = "rsp + 1984" - "rsp + 320" - "rsp + 1152"),
            gfin!($r10i "{o} + 336" = "rsp + 2088" - "rsp + 424" - "rsp + 1256"),
            gfin!($r11r "{o} + 384" = "rsp + 2192" - "rsp + 528" - "rsp + 1360"),
            gfin!($r11i "{o} + 432" = "rsp + 2296" - "rsp + 632" - "rsp + 1464"),
            gfin!($r12r "{o} + 480" = "rsp + 2400" - "rsp + 736" - "rsp + 1568"),
            gfin!($r12i "{o} + 528" = "rsp + 2504" - "rsp + 840" - "rsp + 1672"),
        )
    };
}

/// `window op= [$a]` for `add` / `sub` (`gwindow_op!`).
#[rustfmt::skip]
macro_rules! gwin {
    (add $a:expr) => { gwindow_op!("add", "adc", $a) };
    (sub $a:expr) => { gwindow_op!("sub", "sbb", $a) };
}

/// One output coefficient of a fused kernel, reduced below p and stored:
/// `gcoef!(cs, s; o = first +- x1 ...; +n; k1 k2 ..)` reduces the signed
/// sum (`gredc_sum!`, carry slots from `[rsp + cs]`), adds `n p` (`+n`:
/// the constant at `{p} + n`, when the sum may be negative), subtracts
/// each `k` (the multiple `2^j p` at `{p} + k`, largest first) where that
/// does not borrow (`gcsub_mem!`, staging at `[rsp + s]`) and stores the
/// window to `o`. Optional after that:
/// `; add a sub b ..; k ..` combines the window with more values at
/// addresses (`gwin!`) and reduces again before the store, and
/// `; * 2 => o2` also stores twice the value, reduced by `p`, to `o2`.
/// `gcoef!(wide ..)` is the same over the seven-limb window of
/// `gredc_sum_w!` (terms `x^`), whose first subtraction is `gcsub_mem_x!`.
#[rustfmt::skip]
macro_rules! gcoef {
    (@tail [$o:literal, $s:literal] ; $(+ $n:literal ;)? $($k:literal)+
     $(; $($op2:ident $a2:literal)* ; $($k2:literal)+)? $(; * 2 => $o2:literal)?) => {
        concat!(
            $(gwindow_op!("add", "adc", concat!("{p} + ", $n)),)?
            $(gcsub_mem!(concat!("{p} + ", $k), concat!("rsp + ", $s)),)+
            $(
                $(gwin!($op2 $a2),)*
                $(gcsub_mem!(concat!("{p} + ", $k2), concat!("rsp + ", $s)),)+
            )?
            gstore_window!($o),
            $(
                gdbl_window!(),
                gcsub_mem!("{p}", concat!("rsp + ", $s)),
                gstore_window!($o2),
            )?
        )
    };
    (@emit [n, $o:literal, $s:literal, $first:literal, $ftop:expr] [$($d:tt)*] $($t:tt)*) => {
        concat!(gredc_sum!(@emit [$first] [$($d)*]), gcoef!(@tail [$o, $s] $($t)*))
    };
    (@emit [w, $o:literal, $s:literal, $first:literal, $ftop:expr] [$($d:tt)*] ; $(+ $n:literal ;)? $k0:literal $($k:literal)+) => {
        concat!(
            gredc_sum_w!(@emit [$first, $ftop] [$($d)*]),
            $(gwindow_op_x!("add", "adc", concat!("{p} + ", $n)),)?
            gcsub_mem_x!(concat!("{p} + ", $k0), concat!("rsp + ", $s)),
            gcoef!(@tail [$o, $s] ; $($k)+),
        )
    };
    (wide $cs:literal, $s:literal; $o:literal = $first:literal ^ $($t:tt)*) => {
        gsum_terms!(gcoef [w, $o, $s, $first, q!($first, 96)] $cs; $($t)*)
    };
    ($cs:literal, $s:literal; $o:literal = $first:literal $($t:tt)*) => {
        gsum_terms!(gcoef [n, $o, $s, $first, "0"] $cs; $($t)*)
    };
}

/// `window -= [$k]` where that does not borrow, the window `t6, t0..t4`
/// staged at `$s` for the `cmov` back: `v mod 2^j p` from `v < 2^(j+1) p`
/// for `$k = 2^j p`. (`$extra` continues the borrow chain.)
#[rustfmt::skip]
macro_rules! gcsub_mem {
    ($k:expr, $s:expr $(, $extra:literal)?) => {
        concat!(
            gstore_window!($s),
            gwindow_op!("sub", "sbb", $k),
            $($extra,)?
            chain6!("cmovc", "cmovc", $s; t6, t0, t1, t2, t3, t4),
        )
    };
}

/// As `gcsub_mem!` on the seven-limb window (`$k` below `2^384`): the
/// borrow runs through `hi`; the result, below `$k`, fits the six limbs
/// `t6, t0..t4` (`hi` is left meaningless).
#[rustfmt::skip]
macro_rules! gcsub_mem_x {
    ($k:expr, $s:expr) => {
        gcsub_mem!($k, $s, "sbb {hi}, 0\n")
    };
}

/// Stores the window `t6, t0..t4` to the 6 qwords at `$o`.
#[rustfmt::skip]
macro_rules! gstore_window {
    ($o:expr) => {
        store6!($o; t6, t0, t1, t2, t3, t4)
    };
}

/// Loads the 6 qwords at `$x` into the window `t6, t0..t4`.
#[rustfmt::skip]
macro_rules! gload_window {
    ($x:expr) => {
        chain6!("mov", "mov", $x; t6, t0, t1, t2, t3, t4)
    };
}

/// `window op= [$x]` over the window `t6, t0..t4` (`(op0, op)` =
/// `("add", "adc")` or `("sub", "sbb")`), modulo `2^384`.
#[rustfmt::skip]
macro_rules! gwindow_op {
    ($op0:literal, $op:literal, $x:expr) => {
        chain6!($op0, $op, $x; t6, t0, t1, t2, t3, t4)
    };
}

/// `window op= [$x]` over the seven-limb window of `gredc_sum_w!`.
#[rustfmt::skip]
macro_rules! gwindow_op_x {
    ($op0:literal, $op:literal, $x:expr) => {
        concat!(gwindow_op!($op0, $op, $x), $op, " {hi}, 0\n")
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
        concat!(gstore_window!($s), gdbl_window!(), gwindow_op!("add", "adc", $s))
    };
}
