//! The 256-bit kernels of the scalar field r.

/// Montgomery product `a * b / 2^256 mod r`, inputs below `r < 2^255`,
/// output below `r`.
#[inline(always)]
pub unsafe fn mul_mont_256(a: &[u64; 4], b: &[u64; 4], p: &[u64; 4], inv: u64) -> [u64; 4] {
    let (o0, o1, o2, o3): (u64, u64, u64, u64);
    // Stack: [rsp] = inv * p[1] mod 2^64.
    // SAFETY: reads 4 limbs behind each pointer; pushes one qword (no
    // `nostack`) and drops it before the end.
    unsafe {
        asm_window!(regs [y _, lo o1, hi o2, rdx o3, t0 _, t1 _, t2 _, t3 o0, t4 _]
            options(pure, readonly);
            "mov {y}, qword ptr [{p} + 8]",
            "imul {y}, {inv}",
            "push {y}",
            first4!(t0, t1, t2, t3, t4),
            red4!("qword ptr [rsp]"; t0, t1, t2, t3, t4; "adc {t4}, 0"),
            row4!(8; t1, t2, t3, t4, t0),
            red4!("qword ptr [rsp]"; t1, t2, t3, t4, t0; "adc {t0}, 0"),
            row4!(16; t2, t3, t4, t0, t1),
            red4!("qword ptr [rsp]"; t2, t3, t4, t0, t1; "adc {t1}, 0"),
            row4!(24; t3, t4, t0, t1, t2),
            red4!("qword ptr [rsp]"; t3, t4, t0, t1, t2; "adc {t2}, 0"),
            csub4!(t4, t0, t1, t2; t3, lo, hi, rdx),
            "lea rsp, [rsp + 8]";
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p.as_ptr(),
            inv = in(reg) inv,
        );
    }
    [o0, o1, o2, o3]
}

/// Montgomery square `a^2 / 2^256 mod r`, `a < r`: 10 products instead
/// of 16, with the doubled limbs on the stack as in [`sqr_mont_384`](super::sqr_mont_384).
///
/// r is too close to 2^255 for the 384-bit ordering (the first row plus its
/// reduction may reach 2^320), so here the window gets a sixth limb for the
/// first reduction, and from the second on each reduction runs *before* the
/// row of the same index (rows `i >= 1` do not touch the limb it clears),
/// which keeps every intermediate below `2a + r + 2^64 r < 2^320`.
#[inline(always)]
pub unsafe fn sqr_mont_256(a: &[u64; 4], p: &[u64; 4], inv: u64) -> [u64; 4] {
    let (o0, o1, o2, o3): (u64, u64, u64, u64);
    // Stack: [rsp] E1, [rsp+8] D2, [rsp+16] D3, [rsp+24] E2, [rsp+32] E3,
    // [rsp+40] inv * p[1] mod 2^64 (for `red4`).
    // SAFETY: reads 4 limbs behind `a` and `p`; uses 48 bytes of stack below
    // the stack pointer, restored before the end (no `nostack`).
    unsafe {
        asm_window!(regs [y _, lo o2, hi o3, rdx _, t0 _, t1 _, t2 o0, t3 o1, t4 _, t5 _]
            options(pure, readonly);
            "lea rsp, [rsp - 48]",
            "mov {y}, qword ptr [{p} + 8]",
            "imul {y}, {inv}",
            "mov qword ptr [rsp + 40], {y}",
            dbl_limbs!(t0; (16, t1, t3), (24, t2, t4)),
            "mov qword ptr [rsp], {t0}",
            "mov qword ptr [rsp + 8], {t1}",
            "mov qword ptr [rsp + 16], {t2}",
            "mov qword ptr [rsp + 24], {t3}",
            "mov qword ptr [rsp + 32], {t4}",
            // Row 0: a0 * (a0, E1, D2, D3) into t0..t4.
            "mov rdx, qword ptr [{a}]",
            mulx_chain!(t0; ("rdx", t1), ("qword ptr [rsp]", t2), ("qword ptr [rsp + 8]", t3), ("qword ptr [rsp + 16]", t4)),
            // Reduction 0, whose sum may carry into a sixth limb t5.
            red4!(
                "qword ptr [rsp + 40]"; t0, t1, t2, t3, t4;
                "mov {t5:e}, 0\nadox {t5}, {t5}\nadc {t4}, 0\nadc {t5}, 0"
            ),
            // Reduction 1 on (t1..t5), then row 1: a1 * (a1, E2, D3) at offsets
            // 0..2 of (t2..t5, t0).
            red4!("qword ptr [rsp + 40]"; t1, t2, t3, t4, t5; "adc {t5}, 0"),
            mac_row!("qword ptr [{a} + 8]", t0; ("rdx", t2, t3), ("qword ptr [rsp + 24]", t3, t4),
                ("qword ptr [rsp + 16]", t4, t5); "adcx {t5}, {t0}\nadox {t0}, {t0}\nadc {t0}, 0\n"),
            // Reduction 2 on (t2..t5, t0), then row 2: a2 * (a2, E3) at
            // offsets 1..2 of (t3, t4, t5, t0, t1).
            red4!("qword ptr [rsp + 40]"; t2, t3, t4, t5, t0; "adc {t0}, 0"),
            mac_row!("qword ptr [{a} + 16]", t1; ("rdx", t4, t5), ("qword ptr [rsp + 32]", t5, t0);
                "adcx {t0}, {t1}\nadox {t1}, {t1}\nadc {t1}, 0\n"),
            // Reduction 3 on (t3, t4, t5, t0, t1), then a3^2 at offset 2 of
            // (t4, t5, t0, t1): the sum is below 2r, no carry out.
            red4!("qword ptr [rsp + 40]"; t3, t4, t5, t0, t1; "adc {t1}, 0"),
            "mov rdx, qword ptr [{a} + 24]",
            "mulx {hi}, {lo}, rdx",
            "add {t0}, {lo}",
            "adc {t1}, {hi}",
            csub4!(t4, t5, t0, t1; t2, t3, lo, hi),
            "lea rsp, [rsp + 48]";
            a = in(reg) a.as_ptr(),
            p = in(reg) p.as_ptr(),
            inv = in(reg) inv,
        );
    }
    [o0, o1, o2, o3]
}
