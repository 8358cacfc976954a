//! The Fp12 products' sums and reductions, from their double-width Fp2
//! products, one `asm!` block each: the sparse product by a line
//! ([`fp12_m014_reduce`]), the square ([`fp12_sqr_reduce`]), and, written
//! by `tools/line_pairs` (files in `generated/`, pulled in by `include!`),
//! the product of two lines (`fp12_l2_reduce`), f times such a product
//! (`fp12_m01245_reduce`) and the full product (`fp12_mul_reduce`).

use crate::arith::x86_64::macros::{asm_window, m, mac_step, q, r, red6};

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
        asm_window!(
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
            "lea rsp, [rsp + 112]";
            q = in(reg) q,
            o = in(reg) out,
            p = in(reg) c as *const super::FusedConsts,
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
        asm_window!(
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
            "lea rsp, [rsp + 384]";
            q = in(reg) q,
            o = in(reg) out,
            p = in(reg) c as *const super::FusedConsts,
        );
    }
}

// ---------------------------------------------------------------------------
// Signed sums whose window needs a seventh limb (for the generated kernels
// below, which name them: they must be in textual scope here).

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
// Generated by `tools/line_pairs` (see its README); do not edit by hand.

// The product of two Miller-loop lines, sums and reductions in one block.
include!("generated/fp12_l2_reduce.rs");

// f times a product of two lines, sums and reductions in one block.
include!("generated/fp12_m01245_reduce.rs");

// The full Fp12 product, sums and reductions in one block.
include!("generated/fp12_mul_reduce.rs");
