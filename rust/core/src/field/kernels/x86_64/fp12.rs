//! The Fp12 products' sums and reductions, from their double-width Fp2
//! products, one `asm!` block each: the sparse product by a line
//! ([`fp12_m014_reduce`]), the square ([`fp12_sqr_reduce`]), and, written
//! by `tools/line_pairs` (files in `generated/`, pulled in by `include!`),
//! the product of two lines (`fp12_l2_reduce`), f times such a product
//! (`fp12_m01245_reduce`) and the full product (`fp12_mul_reduce`).

use crate::arith::x86_64::macros::{asm_window, chain6, m, mac_step, q, r, r32, red6, red6_rounds, store6};

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
        fused_asm!(112; q = q, o = out; c;
            // R00.re = +v0r +m1r -m1i +n2r -n2i (range 6 p after + 2 p).
            gcoef!(0, 64; "{o} + 0" = "{q} + 0" + "{q} + 384" - "{q} + 480" + "{q} + 1344" - "{q} + 1440"; +536; 632 536 488),
            // R00.im = +v0i +m1r +m1i +n2r +n2i (range 6 p after + 0 p).
            gcoef!(0, 64; "{o} + 48" = "{q} + 96" + "{q} + 384" + "{q} + 480" + "{q} + 1344" + "{q} + 1440"; 632 536 488),
            // R01.re = +m2r -v0r -v1r +n0r -n0i (range 6 p after + 3 p).
            gcoef!(0, 64; "{o} + 96" = "{q} + 576" - "{q} + 0" - "{q} + 192" + "{q} + 960" - "{q} + 1056"; +584; 632 536 488),
            // R01.im = +m2i -v0i -v1i +n0r +n0i (range 6 p after + 2 p).
            gcoef!(0, 64; "{o} + 144" = "{q} + 672" - "{q} + 96" - "{q} + 288" + "{q} + 960" + "{q} + 1056"; +536; 632 536 488),
            // R02.re = +v1r +m3r +n1r (range 4 p after + 0 p).
            gcoef!(0, 64; "{o} + 192" = "{q} + 192" + "{q} + 768" + "{q} + 1152"; 536 488),
            // R02.im = +v1i +m3i +n1i (range 4 p after + 0 p).
            gcoef!(0, 64; "{o} + 240" = "{q} + 288" + "{q} + 864" + "{q} + 1248"; 536 488),
            // R10.re = +w0r +w2r -w2i -v0r -m1r +m1i -n0r +n0i (range 9 p after + 4 p).
            gcoef!(0, 64; "{o} + 288" = "{q} + 1536" + "{q} + 1920" - "{q} + 2016" - "{q} + 0" - "{q} + 384" + "{q} + 480" - "{q} + 960" + "{q} + 1056"; +632; 824 632 536 488),
            // R10.im = +w0i +w2r +w2i -v0i -m1r -m1i -n0r -n0i (range 9 p after + 5 p).
            gcoef!(0, 64; "{o} + 336" = "{q} + 1632" + "{q} + 1920" + "{q} + 2016" - "{q} + 96" - "{q} + 384" - "{q} + 480" - "{q} + 960" - "{q} + 1056"; +680; 824 632 536 488),
            // R11.re = +w3r -w0r -w1r -m2r +v0r +v1r -n1r (range 8 p after + 4 p).
            gcoef!(0, 64; "{o} + 384" = "{q} + 2112" - "{q} + 1536" - "{q} + 1728" - "{q} + 576" + "{q} + 0" + "{q} + 192" - "{q} + 1152"; +632; 632 536 488),
            // R11.im = +w3i -w0i -w1i -m2i +v0i +v1i -n1i (range 8 p after + 4 p).
            gcoef!(0, 64; "{o} + 432" = "{q} + 2208" - "{q} + 1632" - "{q} + 1824" - "{q} + 672" + "{q} + 96" + "{q} + 288" - "{q} + 1248"; +632; 632 536 488),
            // R12.re = +w1r +w4r -v1r -m3r -n2r (range 6 p after + 3 p).
            gcoef!(0, 64; "{o} + 480" = "{q} + 1728" + "{q} + 2304" - "{q} + 192" - "{q} + 768" - "{q} + 1344"; +584; 632 536 488),
            // R12.im = +w1i +w4i -v1i -m3i -n2i (range 6 p after + 3 p).
            gcoef!(0, 64; "{o} + 528" = "{q} + 1824" + "{q} + 2400" - "{q} + 288" - "{q} + 864" - "{q} + 1440"; +584; 632 536 488),
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
        fused_asm!(384; q = q, o = out; c;
            // t = a0 a1, t0.re: +v0r +m12r -m12i -v1r +v1i -v2r +v2i (range 8 p after + 3 p).
            gcoef!(288, 336; "rsp + 0" = "{q} + 0" + "{q} + 768" - "{q} + 864" - "{q} + 192" + "{q} + 288" - "{q} + 384" + "{q} + 480"; +584; 632 536 488; * 2 => "{o} + 288"),
            // t = a0 a1, t0.im: +v0i +m12r +m12i -v1r -v1i -v2r -v2i (range 8 p after + 4 p).
            gcoef!(288, 336; "rsp + 48" = "{q} + 96" + "{q} + 768" + "{q} + 864" - "{q} + 192" - "{q} + 288" - "{q} + 384" - "{q} + 480"; +632; 632 536 488; * 2 => "{o} + 336"),
            // t = a0 a1, t1.re: +m01r -v0r -v1r +v2r -v2i (range 6 p after + 3 p).
            gcoef!(288, 336; "rsp + 96" = "{q} + 576" - "{q} + 0" - "{q} + 192" + "{q} + 384" - "{q} + 480"; +584; 632 536 488; * 2 => "{o} + 384"),
            // t = a0 a1, t1.im: +m01i -v0i -v1i +v2r +v2i (range 6 p after + 2 p).
            gcoef!(288, 336; "rsp + 144" = "{q} + 672" - "{q} + 96" - "{q} + 288" + "{q} + 384" + "{q} + 480"; +536; 632 536 488; * 2 => "{o} + 432"),
            // t = a0 a1, t2.re: +m02r -v0r -v2r +v1r (range 5 p after + 2 p).
            gcoef!(288, 336; "rsp + 192" = "{q} + 960" - "{q} + 0" - "{q} + 384" + "{q} + 192"; +536; 632 536 488; * 2 => "{o} + 480"),
            // t = a0 a1, t2.im: +m02i -v0i -v2i +v1i (range 5 p after + 2 p).
            gcoef!(288, 336; "rsp + 240" = "{q} + 1056" - "{q} + 96" - "{q} + 480" + "{q} + 288"; +536; 632 536 488; * 2 => "{o} + 528"),
            // M = (a0 + a1)(a0 + v a1), coefficient 0: +v0r +m12r -m12i -v1r +v1i -v2r +v2i (range 8 p after + 3 p).
            // minus t + v t: -t0r -t2r +t2i (range 4 p after + 2 p).
            gcoef!(288, 336; "{o} + 0" = "{q} + 1152" + "{q} + 1920" - "{q} + 2016" - "{q} + 1344" + "{q} + 1440" - "{q} + 1536" + "{q} + 1632"; +584; 632 536 488; add "{p} + 536" sub "rsp + 0" sub "rsp + 192" add "rsp + 240"; 536 488),
            // M = (a0 + a1)(a0 + v a1), coefficient 1: +v0i +m12r +m12i -v1r -v1i -v2r -v2i (range 8 p after + 4 p).
            // minus t + v t: -t0i -t2r -t2i (range 4 p after + 3 p).
            gcoef!(288, 336; "{o} + 48" = "{q} + 1248" + "{q} + 1920" + "{q} + 2016" - "{q} + 1344" - "{q} + 1440" - "{q} + 1536" - "{q} + 1632"; +632; 632 536 488; add "{p} + 584" sub "rsp + 48" sub "rsp + 192" sub "rsp + 240"; 536 488),
            // M = (a0 + a1)(a0 + v a1), coefficient 2: +m01r -v0r -v1r +v2r -v2i (range 6 p after + 3 p).
            // minus t + v t: -t1r -t0r (range 3 p after + 2 p).
            gcoef!(288, 336; "{o} + 96" = "{q} + 1728" - "{q} + 1152" - "{q} + 1344" + "{q} + 1536" - "{q} + 1632"; +584; 632 536 488; add "{p} + 536" sub "rsp + 96" sub "rsp + 0"; 536 488),
            // M = (a0 + a1)(a0 + v a1), coefficient 3: +m01i -v0i -v1i +v2r +v2i (range 6 p after + 2 p).
            // minus t + v t: -t1i -t0i (range 3 p after + 2 p).
            gcoef!(288, 336; "{o} + 144" = "{q} + 1824" - "{q} + 1248" - "{q} + 1440" + "{q} + 1536" + "{q} + 1632"; +536; 632 536 488; add "{p} + 536" sub "rsp + 144" sub "rsp + 48"; 536 488),
            // M = (a0 + a1)(a0 + v a1), coefficient 4: +m02r -v0r -v2r +v1r (range 5 p after + 2 p).
            // minus t + v t: -t2r -t1r (range 3 p after + 2 p).
            gcoef!(288, 336; "{o} + 192" = "{q} + 2112" - "{q} + 1152" - "{q} + 1536" + "{q} + 1344"; +536; 632 536 488; add "{p} + 536" sub "rsp + 192" sub "rsp + 96"; 536 488),
            // M = (a0 + a1)(a0 + v a1), coefficient 5: +m02i -v0i -v2i +v1i (range 5 p after + 2 p).
            // minus t + v t: -t2i -t1i (range 3 p after + 2 p).
            gcoef!(288, 336; "{o} + 240" = "{q} + 2208" - "{q} + 1248" - "{q} + 1632" + "{q} + 1440"; +536; 632 536 488; add "{p} + 536" sub "rsp + 240" sub "rsp + 144"; 536 488),
        );
    }
}

// ---------------------------------------------------------------------------
// Generated by `tools/line_pairs` (see its README); do not edit by hand.

// The product of two Miller-loop lines, sums and reductions in one block.
include!("generated/fp12_l2_reduce.rs");

// f times a product of two lines, sums and reductions in one block.
include!("generated/fp12_m01245_reduce.rs");

// The full Fp12 product, sums and reductions in one block.
include!("generated/fp12_mul_reduce.rs");
