//! The cyclotomic squares, one `asm!` block each: Karabina's compressed
//! square and the square of a full Fp12 element (Granger, Scott), built
//! from the Fp4 square `gfp4_sqr!`.

use crate::arith::x86_64::macros::{
    addmask6, asm_window, chain6, gfirst6, gmul384, grow6, m, mac_row, mac_step, movop6, mulx_chain, q, r, r32, red6,
    red6_rounds, store6, store6w, sum6,
};

/// From `r < 2p` in the window `t6, t0..t4` (a `gredc_sum!` result),
/// `3 r + 2 g` (`plus`) or `3 r - 2 g` (`minus`, as `3 r + 2p - g - g`)
/// mod p stored to `$o`, `g < p` at `$g`. The value before reduction is
/// below `6p + 2p = 8p < 2^384`; three conditional subtractions of `4p`,
/// `2p`, `p` bring it below `p`. `[rsp + 1136]` and `[rsp + 1184]` are
/// scratch.
#[rustfmt::skip]
macro_rules! gcombine {
    (@reduce $o:expr) => {
        concat!(
            gcsub_mem!("{p} + 96", "rsp + 1184"),
            gcsub_mem!("{p} + 48", "rsp + 1184"),
            gcsub_mem!("{p}", "rsp + 1184"),
            gstore_window!($o),
        )
    };
    (plus; $g:expr, $o:expr) => {
        concat!(
            gtriple_window!("rsp + 1136"),
            gwindow_op!("add", "adc", $g),
            gwindow_op!("add", "adc", $g),
            gcombine!(@reduce $o),
        )
    };
    (minus; $g:expr, $o:expr) => {
        concat!(
            gtriple_window!("rsp + 1136"),
            gwindow_op!("add", "adc", "{p} + 48"),
            gwindow_op!("sub", "sbb", $g),
            gwindow_op!("sub", "sbb", $g),
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
            gsq_factors!("rsp"; $x0, $x1),
            gsq_factors!("rsp + 144"; $y0, $y1),
        )
    };
    (s) => {
        concat!(
            gsq_factors!("rsp + 384"; "rsp + 288", "rsp + 336"),
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
/// `x = x0 + x1 u`, `y = y0 + y1 u` at `{g}` plus the first four offsets
/// (below p), combined with the g at `{g}` plus the last four, `a`..`d`:
/// `3 sq0 - 2 g` to `{o} + a` (c0), `{o} + b` (c1), and `3 sq1 + 2 g` to
/// `{o} + c`, `{o} + d`, where `sq1 = 2 x y` (`plain`) or `xi 2 x y`
/// (`twisted`). Bounds at [`cyclotomic_sqr_compressed`].
#[rustfmt::skip]
macro_rules! gfp4_sqr {
    (@sq0; $ga:expr, $oa:expr, $gb:expr, $ob:expr) => {
        concat!(
            // x^2 + xi y^2 = (X0 + Y0 - Y1, X1 + Y0 + Y1).
            gredc_sum!(1104; "rsp + 528" + "rsp + 720" - "rsp + 816" + "{p} + 144"),
            gcombine!(minus; $ga, $oa),
            gredc_sum!(1104; "rsp + 624" + "rsp + 720" + "rsp + 816"),
            gcombine!(minus; $gb, $ob),
        )
    };
    ($kind:ident; $x0:literal, $x1:literal, $y0:literal, $y1:literal; $a:literal, $b:literal, $c:literal, $d:literal) => {
        gfp4_sqr!(@$kind; concat!("{g} + ", $x0), concat!("{g} + ", $x1), concat!("{g} + ", $y0), concat!("{g} + ", $y1);
            concat!("{g} + ", $a), concat!("{o} + ", $a), concat!("{g} + ", $b), concat!("{o} + ", $b),
            concat!("{g} + ", $c), concat!("{o} + ", $c), concat!("{g} + ", $d), concat!("{o} + ", $d))
    };
    (@plain; $x0:expr, $x1:expr, $y0:expr, $y1:expr;
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
            gredc_sum!(1104; "rsp + 912" - "rsp + 528" - "rsp + 720" + "{p} + 240"),
            gcombine!(plus; $gc, $oc),
            gredc_sum!(1104; "rsp + 1008" - "rsp + 624" - "rsp + 816" + "{p} + 240"),
            gcombine!(plus; $gd, $od),
        )
    };
    (@twisted; $x0:expr, $x1:expr, $y0:expr, $y1:expr;
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
            gredc_sum!(1104; "rsp + 912" + "rsp + 816" + "rsp + 816" - "rsp + 528" + "{p} + 144"),
            gcombine!(plus; $gc, $oc),
            gredc_sum!(1104; "rsp + 1008" - "rsp + 624" - "rsp + 720" - "rsp + 720" + "{p} + 336"),
            gcombine!(plus; $gd, $od),
        )
    };
}

/// A cyclotomic square kernel: `$name(out, $g, c)` runs the Fp4 squares
/// listed (`gfp4_sqr!` templates, offsets into `$g` and `out`) over the
/// `$n` coefficients at `$g` (each below p) in one `asm!` block, and
/// writes `$n` coefficients to `out` (which must not overlap `$g`). The
/// frame is `gfp4_sqr!`'s: 1232 bytes below the stack pointer.
macro_rules! cyclotomic_kernel {
    ($(#[$doc:meta])* $name:ident($g:ident: $n:literal); $($sq:expr),+ $(,)?) => {
        $(#[$doc])*
        #[inline(always)]
        pub unsafe fn $name(out: *mut [[u64; 6]; $n], $g: &[[u64; 6]; $n], c: &super::FusedConsts) {
            // SAFETY: reads the `$n` coefficients (six limbs each) behind
            // `$g` and the constants behind `c`, writes `$n` at `out`
            // (provided by the caller, not overlapping `$g`); uses 1232
            // bytes of stack below the stack pointer, restored before the
            // end (no `nostack`).
            unsafe {
                fused_asm!(1232; g = $g.as_ptr(), o = out; c; $($sq),+);
            }
        }
    };
}

cyclotomic_kernel! {
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
    cyclotomic_sqr_compressed(g: 8);
    // B = g4 + g5 s: g3' = 3 b0 - 2 g3, g2' = 3 xi b1 + 2 g2.
    gfp4_sqr!(twisted; 192, 240, 288, 336; 96, 144, 0, 48),
    // C = g2 + g3 s: g4' = 3 c0 - 2 g4, g5' = 3 c1 + 2 g5.
    gfp4_sqr!(plain; 0, 48, 96, 144; 192, 240, 288, 336),
}

cyclotomic_kernel! {
    /// The cyclotomic square of an Fp12 element `f` (twelve coefficients in
    /// tower order `c0.c0.c0, c0.c0.c1, c0.c1.c0, ...`, each below p) written
    /// to `out` (not overlapping `f`): with `A = c0.c0 + c1.c1 s`,
    /// `B = c0.c1 + c1.c2 s`, `C = c1.c0 + c0.c2 s` in Fp4 (see
    /// `pairing::gt`), `f^2 = (3 A^2 - 2 conj(A)) + (3 s B^2 + 2 conj(C)) t +
    /// (3 C^2 - 2 conj(B)) t^2`: the three Fp4 squares and combinations of
    /// [`cyclotomic_sqr_compressed`] (same frame and bounds), one more square
    /// for A. 18 double-width products and 12 reductions.
    cyclotomic_sqr(f: 12);
    // A = c0.c0 + c1.c1 s: c0.c0' = 3 a0 - 2 c0.c0, c1.c1' = 3 a1 + 2 c1.c1.
    gfp4_sqr!(plain; 0, 48, 384, 432; 0, 48, 384, 432),
    // B = c0.c1 + c1.c2 s: c0.c2' = 3 b0 - 2 c0.c2, c1.c0' = 3 xi b1 + 2 c1.c0.
    gfp4_sqr!(twisted; 96, 144, 480, 528; 192, 240, 288, 336),
    // C = c1.c0 + c0.c2 s: c0.c1' = 3 c0 - 2 c0.c1, c1.c2' = 3 c1 + 2 c1.c2.
    gfp4_sqr!(plain; 288, 336, 192, 240; 96, 144, 480, 528),
}
