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
