//! The Miller-loop doubling step with its line, one `asm!` block.

use crate::arith::x86_64::macros::{
    addmask6, asm_window, chain6, gfirst6, gmont6, gmul384, grow6, m, mac_row, mac_step, movop6, mulx_chain, q, r, r32,
    red6, red6_rounds, store6, store6w, sum6,
};

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

/// `$o = A B / 2^384 mod p` for `A`, `B` below p at `$a`, `$b` (`gmont6!`,
/// then one conditional subtraction through the scratch at `[rsp + 2192]`).
#[rustfmt::skip]
macro_rules! gmont_store {
    ($o:literal; $a:literal, $b:literal) => {
        concat!(
            gmont6!($a, $b, "qword ptr [{p} + 432]"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!($o),
        )
    };
}

/// The parts of the Karatsuba Fp2 product `(a0 + a1 u)(b0 + b1 u)` (the
/// coefficients at `$a0`, ..): the sums `a0 + a1`, `b0 + b1` stored to
/// `$sa`, `$sb`, then `P0 = a0 b0` at `[rsp + 1776]`, `P1 = a1 b1` at
/// `[rsp + 1872]`, `P2 = (a0 + a1)(b0 + b1)` at `[rsp + 1968]` for
/// `gkaratsuba_reduce!`.
#[rustfmt::skip]
macro_rules! gkaratsuba_products {
    ($a0:literal, $a1:literal, $b0:literal, $b1:literal; $sa:literal, $sb:literal) => {
        concat!(
            sum6!($sa; $a0, "add", "adc", $a1),
            sum6!($sb; $b0, "add", "adc", $b1),
            gmul384!($a0, $b0, "rsp + 1776"),
            gmul384!($a1, $b1, "rsp + 1872"),
            gmul384!($sa, $sb, "rsp + 1968"),
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
    ($o0:literal, $o1:literal) => {
        concat!(
            gcoef!(2160, 2192; $o0 = "rsp + 1776" - "rsp + 1872" + "{p} + 144"; 0),
            gcoef!(2160, 2192; $o1 = "rsp + 1968" - "rsp + 1776" - "rsp + 1872"; 0),
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
        fused_asm!(2288; s = s, l = line; c;
            // Factors: X at 0, 48, 96; Y at 144, 192, 240; Z at 288, 336, 384.
            gsq_factors!("rsp"; "{s}", "{s} + 48"),
            gsq_factors!("rsp + 144"; "{s} + 96", "{s} + 144"),
            gsq_factors!("rsp + 288"; "{s} + 192", "{s} + 240"),
            // B = Y^2 at 432, 480.
            gmul384!("rsp + 144", "rsp + 192", "rsp + 1776"),
            gmul384!("rsp + 240", "{s} + 144", "rsp + 1872"),
            gcoef!(2160, 2192; "rsp + 432" = "rsp + 1776"; 0),
            gcoef!(2160, 2192; "rsp + 480" = "rsp + 1872"; 0),
            // xi C = (C0 - C1, C0 + C1), C = Z^2; E = 12 xi C at 528, 576;
            // F = 3E at 624, 672.
            gmul384!("rsp + 288", "rsp + 336", "rsp + 1776"),
            gmul384!("rsp + 384", "{s} + 240", "rsp + 1872"),
            gredc_sum!(2160; "rsp + 1776" - "rsp + 1872" + "{p} + 144"),
            gmiller_e_f!("rsp + 528", "rsp + 624"),
            gredc_sum!(2160; "rsp + 1776" + "rsp + 1872"),
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
            gredc_sum!(2160; "rsp + 1776" - "rsp + 1872" + "{p} + 144"),
            ghalve_window!(),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("rsp + 720"),
            gredc_sum!(2160; "rsp + 1968" - "rsp + 1776" - "rsp + 1872"),
            ghalve_window!(),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!("rsp + 768"),
            // J = X^2 at 912, 960.
            gmul384!("rsp", "rsp + 48", "rsp + 1776"),
            gmul384!("rsp + 96", "{s} + 48", "rsp + 1872"),
            gcoef!(2160, 2192; "rsp + 912" = "rsp + 1776"; 0),
            gcoef!(2160, 2192; "rsp + 960" = "rsp + 1872"; 0),
            // The line: c0 = B - E, c1 = -3 xp J, c4 = 2 yp Y Z.
            gsubmod6!("{l}"; "rsp + 432", "rsp + 528"),
            gsubmod6!("{l} + 48"; "rsp + 480", "rsp + 576"),
            gmont_store!("{l} + 96"; "rsp + 912", "{s} + 288"),
            gmont_store!("{l} + 144"; "rsp + 960", "{s} + 288"),
            gmont_store!("{l} + 192"; "rsp + 816", "{s} + 336"),
            gmont_store!("{l} + 240"; "rsp + 864", "{s} + 336"),
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
            gkaratsuba_products!("rsp + 720", "rsp + 768", "rsp + 1008", "rsp + 1056"; "rsp + 1200", "rsp + 1248"),
            gkaratsuba_reduce!("{s}", "{s} + 48"),
            // Y' = G^2 - E F: (G0 + G1)(G0 - G1) - (E0 + E1)(F0 - F1) and
            // (2 G0) G1 - (2 E0) F1.
            gsq_factors!("rsp + 1296"; "rsp + 1104", "rsp + 1152"),
            sum6!("rsp + 1440"; "rsp + 528", "add", "adc", "rsp + 576"),
            gsubmod6!("rsp + 1488"; "rsp + 624", "rsp + 672"),
            sum6!("rsp + 1536"; "rsp + 528", "add", "adc", "rsp + 528"),
            gmul384!("rsp + 1296", "rsp + 1344", "rsp + 1776"),
            gmul384!("rsp + 1392", "rsp + 1152", "rsp + 1872"),
            gmul384!("rsp + 1440", "rsp + 1488", "rsp + 1968"),
            gmul384!("rsp + 1536", "rsp + 672", "rsp + 2064"),
            gcoef!(2160, 2192; "{s} + 96" = "rsp + 1776" - "rsp + 1968" + "{p} + 144"; 0),
            gcoef!(2160, 2192; "{s} + 144" = "rsp + 1872" - "rsp + 2064" + "{p} + 144"; 0),
            // Z' = (Y Z)(2 B): the second factor below 2p.
            sum6!("rsp + 1584"; "rsp + 432", "add", "adc", "rsp + 432"),
            sum6!("rsp + 1632"; "rsp + 480", "add", "adc", "rsp + 480"),
            gkaratsuba_products!("rsp + 816", "rsp + 864", "rsp + 1584", "rsp + 1632"; "rsp + 1680", "rsp + 1728"),
            gkaratsuba_reduce!("{s} + 192", "{s} + 240"),
        );
    }
}

/// The window (below `2p`, as `gredc_sum!` leaves it) times 4, reduced
/// below p and stored to `$o`: two doublings (below `8p < 2^384`), then
/// conditional subtractions of `4p`, `2p`, `p` (staging at `[rsp + 2192]`).
#[rustfmt::skip]
macro_rules! gstore_times4 {
    ($o:expr) => {
        concat!(
            gdbl_window!(),
            gdbl_window!(),
            gcsub_mem!("{p} + 96", "rsp + 2192"),
            gcsub_mem!("{p} + 48", "rsp + 2192"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!($o),
        )
    };
}

/// The window (below `2p`) times 2, reduced below p and stored to `$o`:
/// one doubling (below `4p`), then conditional subtractions of `2p`, `p`.
#[rustfmt::skip]
macro_rules! gstore_times2 {
    ($o:expr) => {
        concat!(
            gdbl_window!(),
            gcsub_mem!("{p} + 48", "rsp + 2192"),
            gcsub_mem!("{p}", "rsp + 2192"),
            gstore_window!($o),
        )
    };
}

/// The Miller-loop doubling step on T in Jacobian coordinates, with its
/// tangent evaluated at P, as blst scales both (see `pairing::miller`).
/// `s` points to the state `(X, Y, Z^3, Z, -6 xp, 4 yp)`: T = (X : Y : Z),
/// x = X / Z^2, y = Y / Z^3, with its Z^3 (eight Fp2 coefficients
/// `X.c0, X.c1, Y.c0, ...`, then the two Fp constants of P). With
/// `V = Z^3`, `(X Z, Y, V)` are homogeneous coordinates of T, and the
/// step is the homogeneous one of [`miller_double`] (unscaled) with X
/// carried as the Jacobian `X = (X Z) / Z`: with B = Y^2, E = 3 b' V^2
/// = 12 xi V^2, F = 3E, G = (B + F) / 2:
/// `X' = X (B - F)`, `Y' = 4 (G^2 - E F)`, `V' = 8 B Y V`, `Z' = 2 Y Z`
/// (so `V' = Z'^3` and `X' Z' = 2 (X Z) Y (B - F)`), and the line
/// `(c0, c1, c4)` = `(2 (B - E), -6 xp (X Z)^2, 4 yp Y V)` is written to
/// `line` (six coefficients, not overlapping `s`). Every input and output
/// coefficient below p.
///
/// The products as in [`miller_double`] (same bounds): `X Z` takes the
/// place of `X Y / 2`, `(X Z)^2` of `X^2`, `X (B - F)` of `(X Y / 2)(B -
/// F)`, and `Y Z` is one more Karatsuba product: 25 double-width
/// products, 18 reductions and 4 Montgomery products. The factors 2, 4 of
/// `c0`, `Y'`, `V'`, `Z'` are doublings of a reduced window (`gstore_times2!`,
/// `gstore_times4!`).
///
/// Frame (48-byte Fp slots): `[rsp]` the factors of the square of `X Z`,
/// `[rsp + 144]` those of Y and Z^3 (sum, difference mod p, double; 9
/// slots in all), `[rsp + 432]` B, E, F, `X Z`, Y V, J = (X Z)^2, M = B -
/// F, G (2 slots each), `[rsp + 1200]` the factors of the second products,
/// `[rsp + 1776]` four double-width slots, `[rsp + 2160]` carry slots,
/// `[rsp + 2192]` and `[rsp + 2240]` scratch.
#[inline(always)]
pub unsafe fn miller_double_jacobian(line: *mut [[u64; 6]; 6], s: *mut [[u64; 6]; 10], c: &super::FusedConsts) {
    // SAFETY: reads and writes the 60 limbs at `s`, writes 36 at `line`
    // (provided by the caller, not overlapping), reads the constants
    // behind `c`; uses 2288 bytes of stack below the stack pointer,
    // restored before the end (no `nostack`).
    unsafe {
        fused_asm!(2288; s = s, l = line; c;
            // Factors: Y at 144, 192, 240; V = Z^3 at 288, 336, 384.
            gsq_factors!("rsp + 144"; "{s} + 96", "{s} + 144"),
            gsq_factors!("rsp + 288"; "{s} + 192", "{s} + 240"),
            // B = Y^2 at 432, 480.
            gmul384!("rsp + 144", "rsp + 192", "rsp + 1776"),
            gmul384!("rsp + 240", "{s} + 144", "rsp + 1872"),
            gcoef!(2160, 2192; "rsp + 432" = "rsp + 1776"; 0),
            gcoef!(2160, 2192; "rsp + 480" = "rsp + 1872"; 0),
            // xi C = (C0 - C1, C0 + C1), C = V^2; E = 12 xi C at 528, 576;
            // F = 3E at 624, 672.
            gmul384!("rsp + 288", "rsp + 336", "rsp + 1776"),
            gmul384!("rsp + 384", "{s} + 240", "rsp + 1872"),
            gredc_sum!(2160; "rsp + 1776" - "rsp + 1872" + "{p} + 144"),
            gmiller_e_f!("rsp + 528", "rsp + 624"),
            gredc_sum!(2160; "rsp + 1776" + "rsp + 1872"),
            gmiller_e_f!("rsp + 576", "rsp + 672"),
            // Y V at 816, 864.
            gmul384!("{s} + 96", "{s} + 192", "rsp + 1776"),
            gmul384!("{s} + 144", "{s} + 240", "rsp + 1872"),
            gmul384!("rsp + 144", "rsp + 288", "rsp + 1968"),
            gkaratsuba_reduce!("rsp + 816", "rsp + 864"),
            // X Z at 720, 768.
            gkaratsuba_products!("{s}", "{s} + 48", "{s} + 288", "{s} + 336"; "rsp + 1200", "rsp + 1248"),
            gkaratsuba_reduce!("rsp + 720", "rsp + 768"),
            // J = (X Z)^2 at 912, 960, from the factors at 0, 48, 96.
            gsq_factors!("rsp"; "rsp + 720", "rsp + 768"),
            gmul384!("rsp", "rsp + 48", "rsp + 1776"),
            gmul384!("rsp + 96", "rsp + 768", "rsp + 1872"),
            gcoef!(2160, 2192; "rsp + 912" = "rsp + 1776"; 0),
            gcoef!(2160, 2192; "rsp + 960" = "rsp + 1872"; 0),
            // The line: c0 = 2 (B - E), c1 = -6 xp J, c4 = 4 yp Y V.
            gsubmod6!("{l}"; "rsp + 432", "rsp + 528"),
            gsubmod6!("{l} + 48"; "rsp + 480", "rsp + 576"),
            gaddmod6!("{l}"; "{l}", "{l}"),
            gaddmod6!("{l} + 48"; "{l} + 48", "{l} + 48"),
            gmont_store!("{l} + 96"; "rsp + 912", "{s} + 384"),
            gmont_store!("{l} + 144"; "rsp + 960", "{s} + 384"),
            gmont_store!("{l} + 192"; "rsp + 816", "{s} + 432"),
            gmont_store!("{l} + 240"; "rsp + 864", "{s} + 432"),
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
            // X' = X M (X is not read after this).
            gkaratsuba_products!("{s}", "{s} + 48", "rsp + 1008", "rsp + 1056"; "rsp + 1200", "rsp + 1248"),
            gkaratsuba_reduce!("{s}", "{s} + 48"),
            // Z' = 2 Y Z, before Y and Z are overwritten.
            gkaratsuba_products!("{s} + 96", "{s} + 144", "{s} + 288", "{s} + 336"; "rsp + 1680", "rsp + 1728"),
            gredc_sum!(2160; "rsp + 1776" - "rsp + 1872" + "{p} + 144"),
            gstore_times2!("{s} + 288"),
            gredc_sum!(2160; "rsp + 1968" - "rsp + 1776" - "rsp + 1872"),
            gstore_times2!("{s} + 336"),
            // Y' = 4 (G^2 - E F): (G0 + G1)(G0 - G1) - (E0 + E1)(F0 - F1)
            // and (2 G0) G1 - (2 E0) F1, each reduced, then times 4.
            gsq_factors!("rsp + 1296"; "rsp + 1104", "rsp + 1152"),
            sum6!("rsp + 1440"; "rsp + 528", "add", "adc", "rsp + 576"),
            gsubmod6!("rsp + 1488"; "rsp + 624", "rsp + 672"),
            sum6!("rsp + 1536"; "rsp + 528", "add", "adc", "rsp + 528"),
            gmul384!("rsp + 1296", "rsp + 1344", "rsp + 1776"),
            gmul384!("rsp + 1392", "rsp + 1152", "rsp + 1872"),
            gmul384!("rsp + 1440", "rsp + 1488", "rsp + 1968"),
            gmul384!("rsp + 1536", "rsp + 672", "rsp + 2064"),
            gredc_sum!(2160; "rsp + 1776" - "rsp + 1968" + "{p} + 144"),
            gstore_times4!("{s} + 96"),
            gredc_sum!(2160; "rsp + 1872" - "rsp + 2064" + "{p} + 144"),
            gstore_times4!("{s} + 144"),
            // V' = 4 (Y V)(2 B): the second factor below 2p.
            sum6!("rsp + 1584"; "rsp + 432", "add", "adc", "rsp + 432"),
            sum6!("rsp + 1632"; "rsp + 480", "add", "adc", "rsp + 480"),
            gkaratsuba_products!("rsp + 816", "rsp + 864", "rsp + 1584", "rsp + 1632"; "rsp + 1680", "rsp + 1728"),
            gredc_sum!(2160; "rsp + 1776" - "rsp + 1872" + "{p} + 144"),
            gstore_times4!("{s} + 192"),
            gredc_sum!(2160; "rsp + 1968" - "rsp + 1776" - "rsp + 1872"),
            gstore_times4!("{s} + 240"),
        );
    }
}
