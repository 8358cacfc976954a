//! Temporary home of the fused tower kernels.

use core::arch::asm;

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
