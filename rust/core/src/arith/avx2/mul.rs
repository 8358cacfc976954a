//! The products: Montgomery multiplication and squaring in radix 2^30
//! (`asm!`; the method and the register plan are in the module doc of
//! [`super`]). Shared by both widths (see `arith/lane30.rs`): the
//! templates name vector register `n` as `r!(n)` and rows of limbs by
//! index, which each width spells (`x!`: `ymm`/`zmm`, 32/64-byte rows).

use super::{Lanes, LIMBS, MASK, N, P30, PINV30};

/// The constants the products read, one row (vector) each: p's limbs
/// (rows `0..13`), `-p^-1 mod 2^30` (row 13) and the limb mask (row 14),
/// each repeated in the lanes.
#[repr(C, align(64))]
struct Consts {
    p: [[u64; N]; LIMBS],
    pinv: [u64; N],
    mask: [u64; N],
}

static CONSTS: Consts = Consts { p: crate::arith::lane30::rows(&P30), pinv: [PINV30; N], mask: [MASK; N] };

// Template builders; they only paste strings. The multiplier (b_i, a_i or
// m) is in r13, r14 takes the product, r15 holds the mask.

/// Vector register `n` of this width.
#[rustfmt::skip]
macro_rules! r { ($n:literal) => { x!(reg $n) }; }

/// Row `j` (one vector) of `a`, of `b`, of the constants.
#[rustfmt::skip]
macro_rules! a { ($j:literal) => { concat!(x!(mem), " [{a} + ", x!(row), "*", $j, "]") }; }
#[rustfmt::skip]
macro_rules! b { ($j:literal) => { concat!(x!(mem), " [{b} + ", x!(row), "*", $j, "]") }; }
#[rustfmt::skip]
macro_rules! k { ($j:literal) => { concat!(x!(mem), " [{k} + ", x!(row), "*", $j, "]") }; }

/// `acc += r13 * src` (low 32 bits of each lane).
#[rustfmt::skip]
macro_rules! mac {
    ($src:expr, $acc:literal) => {
        concat!("vpmuludq ", r!(14), ", ", r!(13), ", ", $src, "\n", "vpaddq ", r!($acc), ", ", r!($acc), ", ", r!(14), "\n")
    };
}

/// `acc = r13 * src`: the first term of a column.
#[rustfmt::skip]
macro_rules! mov {
    ($src:expr, $acc:literal) => { concat!("vpmuludq ", r!($acc), ", ", r!(13), ", ", $src, "\n") };
}

/// `mac!` or `mov!` by name.
#[rustfmt::skip]
macro_rules! op {
    (mac, $src:expr, $acc:literal) => { mac!($src, $acc) };
    (mov, $src:expr, $acc:literal) => { mov!($src, $acc) };
}

/// One limb of the carry-out of columns 13..24 (in `r$r`): its top bits
/// carried into `r$next`, its 30 low bits stored at row `$j` of `{o}`.
#[rustfmt::skip]
macro_rules! carry_limb {
    ($r:literal, $next:literal, $j:literal) => {
        concat!(
            "vpsrlq ", r!(14), ", ", r!($r), ", 30\n",
            x!(and), " ", r!($r), ", ", r!($r), ", ", r!(15), "\n",
            x!(mova), " ", x!(mem), " [{o} + ", x!(row), "*", $j, "], ", r!($r), "\n",
            "vpaddq ", r!($next), ", ", r!($next), ", ", r!(14), "\n",
        )
    };
}

/// The `asm!` block of a lane product or square: its rows and reductions
/// (`$t`), then the carry-out of columns 13..24 (in r0..r11) into 30-bit
/// limbs at `{o}`, with the operands `$op` (in this order), `{k}` (the
/// constants) and `{o}`, every vector register declared (`vasm!`).
macro_rules! lane_asm {
    ($($op:ident = $v:expr),*; o = $o:expr; $($t:expr,)*) => {
        vasm!(
            $($t,)*
            carry_limb!(0, 1, 0),
            carry_limb!(1, 2, 1),
            carry_limb!(2, 3, 2),
            carry_limb!(3, 4, 3),
            carry_limb!(4, 5, 4),
            carry_limb!(5, 6, 5),
            carry_limb!(6, 7, 6),
            carry_limb!(7, 8, 7),
            carry_limb!(8, 9, 8),
            carry_limb!(9, 10, 9),
            carry_limb!(10, 11, 10),
            concat!("vpsrlq ", r!(14), ", ", r!(11), ", 30"),
            concat!(x!(and), " ", r!(11), ", ", r!(11), ", ", r!(15)),
            concat!(x!(mova), " ", x!(mem), " [{o} + ", x!(row), "*11], ", r!(11)),
            concat!(x!(mova), " ", x!(mem), " [{o} + ", x!(row), "*12], ", r!(14)),
            $($op = in(reg) $v,)*
            k = in(reg) &CONSTS,
            o = in(reg) $o
        )
    };
}

/// The steps of a product from row `i` on, the live columns in the
/// registers listed (column `i + j` in the `j`-th): each row (`$m!`, its
/// arguments in parentheses) and its reduction (`red!`), then the next
/// steps with the registers rotated by one; `pass` marks a carry pass (at
/// the current registers).
#[rustfmt::skip]
macro_rules! steps {
    ($m:ident; []; $($r:literal),*) => { "" };
    ($m:ident; [pass $($rest:tt)*]; $($r:literal),*) => { concat!(pass!($($r),*), steps!($m; [$($rest)*]; $($r),*)) };
    ($m:ident; [($($row:tt)*) $($rest:tt)*]; $r0:literal $(, $r:literal)*) => {
        concat!($m!(($($row)*) $r0 $(, $r)*), red!($r0 $(, $r)*), steps!($m; [$($rest)*]; $($r,)* $r0))
    };
}

/// Row `i` of the product: `t += a * b_i`, the 13 live columns in
/// `r0..r12` (column `i + j` in `rj`). `first`: step 0, every column starts
/// here (`mov` into all 13); `next`: column `i + 12` starts here (`mac`
/// into the first 12, `mov` into the last); `mid`: after a carry pass,
/// which started column `i + 12` with a carry (`mac` into all 13).
#[rustfmt::skip]
macro_rules! row {
    (($k:ident, $i:literal) $($r:literal),*) => { row!($k, $i; $($r),*) };
    (first, $($t:tt)*) => { row!(@ops mov, mov, $($t)*) };
    (next, $($t:tt)*) => { row!(@ops mac, mov, $($t)*) };
    (mid, $($t:tt)*) => { row!(@ops mac, mac, $($t)*) };
    (@ops $op:ident, $last:ident, $i:literal;
     $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            x!(mova), " ", r!(13), ", ", b!($i), "\n",
            op!($op, a!(0), $r0), op!($op, a!(1), $r1), op!($op, a!(2), $r2), op!($op, a!(3), $r3),
            op!($op, a!(4), $r4), op!($op, a!(5), $r5), op!($op, a!(6), $r6), op!($op, a!(7), $r7),
            op!($op, a!(8), $r8), op!($op, a!(9), $r9), op!($op, a!(10), $r10), op!($op, a!(11), $r11),
            op!($last, a!(12), $r12),
        )
    };
}

/// Row `i` of the square: `a_i^2` into column `2 i` (`dk dr`: `mov` when
/// the column starts here, else `add`), then `2 a_i a_j` for `j > i` into
/// column `i + j` (`mov` or `mac`, row `j`, register). `2 a_i < 2^31`
/// still fits the 32 bits `vpmuludq` reads.
#[rustfmt::skip]
macro_rules! sq_row {
    (($($row:tt)*) $($r:literal),*) => { sq_row!($($row)*) };
    ($i:literal; $dk:ident $dr:literal; $($k:ident $j:literal $r:literal);* $(;)?) => {
        concat!(
            x!(mova), " ", r!(13), ", ", a!($i), "\n",
            sq_row!(@diag $dk, $dr),
            "vpaddq ", r!(13), ", ", r!(13), ", ", r!(13), "\n",
            $( op!($k, a!($j), $r), )*
        )
    };
    (@diag mov, $acc:literal) => { concat!("vpmuludq ", r!($acc), ", ", r!(13), ", ", r!(13), "\n") };
    (@diag add, $acc:literal) => {
        concat!("vpmuludq ", r!(14), ", ", r!(13), ", ", r!(13), "\n", "vpaddq ", r!($acc), ", ", r!($acc), ", ", r!(14), "\n")
    };
}

/// Reduction step: `m = r0 (-p^-1) mod 2^30`, `t += m p` (which makes
/// `r0 = 0 mod 2^30`), then `r0 >> 30` is carried into `r1` and `r0` is
/// free: it takes the column that starts at the next row.
#[rustfmt::skip]
macro_rules! red {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            "vpmuludq ", r!(13), ", ", r!($r0), ", ", k!(13), "\n",
            x!(and), " ", r!(13), ", ", r!(13), ", ", r!(15), "\n",
            mac!(k!(0), $r0),
            mac!(k!(1), $r1), mac!(k!(2), $r2), mac!(k!(3), $r3), mac!(k!(4), $r4),
            mac!(k!(5), $r5), mac!(k!(6), $r6), mac!(k!(7), $r7), mac!(k!(8), $r8),
            mac!(k!(9), $r9), mac!(k!(10), $r10), mac!(k!(11), $r11), mac!(k!(12), $r12),
            "vpsrlq ", r!($r0), ", ", r!($r0), ", 30\n",
            "vpaddq ", r!($r1), ", ", r!($r1), ", ", r!($r0), "\n",
        )
    };
}

/// Carry pass over the live columns `r0..r11` before a row: each keeps its
/// low 30 bits and adds the bits above to the next one; `r11`'s go to the
/// free register `r12`, which starts the next column. The passes are
/// independent of each other (each column is masked before its carry-in
/// arrives): no serial chain. Columns end below `2^30 + 2^34`.
#[rustfmt::skip]
macro_rules! pass {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            "vpsrlq ", r!($r12), ", ", r!($r11), ", 30\n", x!(and), " ", r!($r11), ", ", r!($r11), ", ", r!(15), "\n",
            pass!(@one $r10, $r11), pass!(@one $r9, $r10), pass!(@one $r8, $r9), pass!(@one $r7, $r8),
            pass!(@one $r6, $r7), pass!(@one $r5, $r6), pass!(@one $r4, $r5), pass!(@one $r3, $r4),
            pass!(@one $r2, $r3), pass!(@one $r1, $r2), pass!(@one $r0, $r1),
        )
    };
    (@one $lo:literal, $hi:literal) => {
        concat!(
            "vpsrlq ", r!(14), ", ", r!($lo), ", 30\n", x!(and), " ", r!($lo), ", ", r!($lo), ", ", r!(15), "\n",
            "vpaddq ", r!($hi), ", ", r!($hi), ", ", r!(14), "\n",
        )
    };
}

fns! {
    /// `out = a b / 2^390 mod p` in each lane (Montgomery product).
    ///
    /// Inputs normalised (limbs below 2^30) with `a b < p 2^390` in each lane
    /// (for instance both below `2^385 ~ 19p`, or one below `2p` and the other
    /// below `2^388`). Output normalised, below `a b / 2^390 + p < 2p`.
    ///
    /// Per element it beats the scalar Montgomery product of `x86_64`
    /// (`mul_mont_384`) where the CPU has two vector multiply ports, in
    /// independent batches and in dependent chains alike: the reason the MSM's
    /// batched affine additions run on it.
    pub unsafe fn mul(out: &mut Lanes, a: &Lanes, b: &Lanes) {
        // SAFETY: distinct references; the caller has checked the CPU.
        unsafe { mul_raw(out, a, b) }
    }

    /// `a = a b` ([`mul`] in place).
    pub unsafe fn mul_assign(a: &mut Lanes, b: &Lanes) {
        let a: *mut Lanes = a;
        // SAFETY: the kernel reads all of its inputs before its first store,
        // so `out` may be `a`; the caller has checked the CPU.
        unsafe { mul_raw(a, a, b) }
    }

    /// [`mul`] through pointers, which may alias (every load of the block
    /// comes before its first store).
    unsafe fn mul_raw(out: *mut Lanes, a: *const Lanes, b: *const Lanes) {
        // SAFETY: the block reads the `LIMBS` rows at `a` and `b` and the
        // constants, then writes the `LIMBS` rows at `out` (valid, aligned
        // `Lanes`, by the callers), and declares every vector register it
        // uses. The callers have checked the CPU.
        unsafe {
            lane_asm!(
                a = a, b = b; o = out;
                concat!(x!(mova), " ", r!(15), ", ", k!(14)),
                steps!(row; [
                    (first, 0) (next, 1) (next, 2) (next, 3) (next, 4) (next, 5) pass
                    (mid, 6) (next, 7) (next, 8) (next, 9) (next, 10) (next, 11) (next, 12)
                ]; 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
            );
        }
    }

    /// `out = a^2 / 2^390 mod p` in each lane: as [`mul`]`(out, a, a)` (same bounds: normalised input below `2^385`),
    /// with 91 limb products in the rows instead of 169 (the reduction is
    /// the same).
    pub unsafe fn sqr(out: &mut Lanes, a: &Lanes) {
        // SAFETY: the caller has checked the CPU.
        unsafe { sqr_raw(out, a) }
    }

    /// `a = a^2` ([`sqr`] in place).
    #[cfg(any(test, feature = "internals"))]
    pub unsafe fn sqr_assign(a: &mut Lanes) {
        let a: *mut Lanes = a;
        // SAFETY: as in `mul_assign`.
        unsafe { sqr_raw(a, a) }
    }

    /// [`sqr`] through pointers, which may alias (as `mul_raw`).
    unsafe fn sqr_raw(out: *mut Lanes, a: *const Lanes) {
        // SAFETY: as in `mul_raw`.
        unsafe {
            lane_asm!(
                a = a; o = out;
                concat!(x!(mova), " ", r!(15), ", ", k!(14)),
                steps!(sq_row; [
                    (0; mov 0; mov 1 1; mov 2 2; mov 3 3; mov 4 4; mov 5 5; mov 6 6; mov 7 7; mov 8 8; mov 9 9; mov 10 10; mov 11 11; mov 12 12)
                    (1; add 2; mac 2 3; mac 3 4; mac 4 5; mac 5 6; mac 6 7; mac 7 8; mac 8 9; mac 9 10; mac 10 11; mac 11 12; mov 12 0)
                    (2; add 4; mac 3 5; mac 4 6; mac 5 7; mac 6 8; mac 7 9; mac 8 10; mac 9 11; mac 10 12; mac 11 0; mov 12 1)
                    (3; add 6; mac 4 7; mac 5 8; mac 6 9; mac 7 10; mac 8 11; mac 9 12; mac 10 0; mac 11 1; mov 12 2)
                    pass
                    (4; add 8; mac 5 9; mac 6 10; mac 7 11; mac 8 12; mac 9 0; mac 10 1; mac 11 2; mac 12 3)
                    (5; add 10; mac 6 11; mac 7 12; mac 8 0; mac 9 1; mac 10 2; mac 11 3; mov 12 4)
                    (6; add 12; mac 7 0; mac 8 1; mac 9 2; mac 10 3; mac 11 4; mov 12 5)
                    (7; add 1; mac 8 2; mac 9 3; mac 10 4; mac 11 5; mov 12 6)
                    (8; add 3; mac 9 4; mac 10 5; mac 11 6; mov 12 7)
                    (9; add 5; mac 10 6; mac 11 7; mov 12 8)
                    (10; add 7; mac 11 8; mov 12 9)
                    (11; add 9; mov 12 10)
                    (12; mov 11;)
                ]; 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
            );
        }
    }
}
