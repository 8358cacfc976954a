//! Additions of double-width values: mod p 2^384 (12 limbs, in place, for
//! lazy reduction) and their exact twins (no modular correction).

use core::arch::asm;

/// `lo += b` on the low 6 limbs, in memory, `s` scratch; leaves the carry in CF.
#[rustfmt::skip]
macro_rules! wide_lo {
    ($op0:literal, $op:literal, $s:ident) => {
        concat!(
            "mov ", r!($s), ", ", m!(a, 0), "\n",
            $op0, " ", r!($s), ", ", m!(b, 0), "\n",
            "mov ", m!(a, 0), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(a, 8), "\n",
            $op, " ", r!($s), ", ", m!(b, 8), "\n",
            "mov ", m!(a, 8), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(a, 16), "\n",
            $op, " ", r!($s), ", ", m!(b, 16), "\n",
            "mov ", m!(a, 16), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(a, 24), "\n",
            $op, " ", r!($s), ", ", m!(b, 24), "\n",
            "mov ", m!(a, 24), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(a, 32), "\n",
            $op, " ", r!($s), ", ", m!(b, 32), "\n",
            "mov ", m!(a, 32), ", ", r!($s), "\n",
            "mov ", r!($s), ", ", m!(a, 40), "\n",
            $op, " ", r!($s), ", ", m!(b, 40), "\n",
            "mov ", m!(a, 40), ", ", r!($s), "\n",
            // The high limbs, into registers (carry chain continues).
            "mov {h0}, ", m!(a, 48), "\n",
            $op, " {h0}, ", m!(b, 48), "\n",
            "mov {h1}, ", m!(a, 56), "\n",
            $op, " {h1}, ", m!(b, 56), "\n",
            "mov {h2}, ", m!(a, 64), "\n",
            $op, " {h2}, ", m!(b, 64), "\n",
            "mov {h3}, ", m!(a, 72), "\n",
            $op, " {h3}, ", m!(b, 72), "\n",
            "mov {h4}, ", m!(a, 80), "\n",
            $op, " {h4}, ", m!(b, 80), "\n",
            "mov {h5}, ", m!(a, 88), "\n",
            $op, " {h5}, ", m!(b, 88), "\n",
        )
    };
}

/// Stores `h0..h5` to the high half of `a`.
#[rustfmt::skip]
macro_rules! store_hi {
    () => {
        concat!(
            "mov ", m!(a, 48), ", {h0}\n",
            "mov ", m!(a, 56), ", {h1}\n",
            "mov ", m!(a, 64), ", {h2}\n",
            "mov ", m!(a, 72), ", {h3}\n",
            "mov ", m!(a, 80), ", {h4}\n",
            "mov ", m!(a, 88), ", {h5}\n",
        )
    };
}

/// `asm!` with the scratch `s` (and the mask `m` after `mask;`) and the
/// high limbs `h0..h5` of the templates above appended to the kernel's
/// operands `a`, `b` (, `p`).
#[rustfmt::skip]
macro_rules! wide_asm {
    (@emit [$($tmpl:expr),+] [$($op:tt)*]) => {
        asm!(
            $($tmpl),+,
            $($op)*
            h0 = out(reg) _, h1 = out(reg) _, h2 = out(reg) _,
            h3 = out(reg) _, h4 = out(reg) _, h5 = out(reg) _,
            options(nostack),
        )
    };
    (mask; $($tmpl:expr),+; $($op:tt)*) => {
        wide_asm!(@emit [$($tmpl),+] [$($op)* s = out(reg) _, m = out(reg) _,])
    };
    ($($tmpl:expr),+; $($op:tt)*) => {
        wide_asm!(@emit [$($tmpl),+] [$($op)* s = out(reg) _,])
    };
}

/// `a = a + b mod p * 2^384` in place, for `a, b < p * 2^384` (the sum is
/// below `2^768` as `p < 2^383`): subtracts `p` from the high half when the
/// sum reaches `p * 2^384`. Constant time (`cmov` from the stored sum).
#[inline(always)]
pub unsafe fn add_mod_768_assign(a: &mut [u64; 12], b: &[u64; 12], p: &[u64; 6]) {
    // SAFETY: reads and writes the 12 limbs of `a`, reads 12 behind `b` and
    // 6 behind `p`.
    unsafe {
        wide_asm!(
            wide_lo!("add", "adc", s),
            store_hi!(),
            concat!("sub {h0}, ", m!(p, 0)),
            concat!("sbb {h1}, ", m!(p, 8)),
            concat!("sbb {h2}, ", m!(p, 16)),
            concat!("sbb {h3}, ", m!(p, 24)),
            concat!("sbb {h4}, ", m!(p, 32)),
            concat!("sbb {h5}, ", m!(p, 40)),
            // Borrow: the sum was below p * 2^384, keep it.
            concat!("cmovc {h0}, ", m!(a, 48)),
            concat!("cmovc {h1}, ", m!(a, 56)),
            concat!("cmovc {h2}, ", m!(a, 64)),
            concat!("cmovc {h3}, ", m!(a, 72)),
            concat!("cmovc {h4}, ", m!(a, 80)),
            concat!("cmovc {h5}, ", m!(a, 88)),
            store_hi!();
            a = in(reg) a.as_mut_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p.as_ptr(),
        );
    }
}

/// `a = a - b mod p * 2^384` in place, for `a, b < p * 2^384`: the
/// difference, plus `p` on the high half when it borrowed. Constant time.
#[inline(always)]
pub unsafe fn sub_mod_768_assign(a: &mut [u64; 12], b: &[u64; 12], p: &[u64; 6]) {
    // SAFETY: reads and writes the 12 limbs of `a`, reads 12 behind `b` and
    // 6 behind `p`.
    unsafe {
        wide_asm!(mask;
            wide_lo!("sub", "sbb", s),
            "sbb {m}, {m}",
            addmask6!(m, s; h0, h1, h2, h3, h4, h5),
            store_hi!();
            a = in(reg) a.as_mut_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p.as_ptr(),
        );
    }
}

/// `a = a - b` in place over 12 limbs, for `a >= b` as integers (no
/// modular correction; the caller knows the bound).
#[inline(always)]
pub unsafe fn sub_768_exact_assign(a: *mut u64, b: &[u64; 12]) {
    // SAFETY: reads and writes 12 limbs at `a` (the caller provides them),
    // reads 12 behind `b`.
    unsafe {
        wide_asm!(
            wide_lo!("sub", "sbb", s),
            store_hi!();
            a = in(reg) a,
            b = in(reg) b.as_ptr(),
        );
    }
}

/// `a = a + b` in place over 12 limbs, for `a + b < 2^768` (no modular
/// correction; the caller knows the bound).
#[inline(always)]
pub unsafe fn add_768_exact_assign(a: *mut u64, b: &[u64; 12]) {
    // SAFETY: reads and writes 12 limbs at `a` (the caller provides them),
    // reads 12 behind `b`.
    unsafe {
        wide_asm!(
            wide_lo!("add", "adc", s),
            store_hi!();
            a = in(reg) a,
            b = in(reg) b.as_ptr(),
        );
    }
}
