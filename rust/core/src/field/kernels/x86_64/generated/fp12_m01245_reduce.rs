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
