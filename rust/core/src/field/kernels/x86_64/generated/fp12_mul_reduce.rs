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
