//! What the radix-2^30 lane kernels share across vector widths: one
//! algorithm (lane-sliced Montgomery products over 13 limbs of 30 bits,
//! `R = 2^390`; documented in [`super::avx2`]) at two widths,
//! [`super::avx2`] (four lanes, `ymm`, AVX2) and [`super::avx512f`] (eight
//! lanes, `zmm`, AVX-512F).
//!
//! The kernels are written once, in `avx2/{add,convert,mul,tests}.rs`;
//! each width's module compiles those files as its own submodules
//! (`#[path]`), against its own vector type, intrinsics and register
//! names, which it declares through the macros here:
//! - a width token (`ymm` or `zmm`) selects the register names and
//!   mnemonics of the `asm!` products (`lane30_x!`, `lane30_asm!`) and
//!   the target features of every function (`lane30_fns!`): each
//!   width's `mod.rs` defines, by `lane30_width!`, the macros `x!`,
//!   `fns!` and `vasm!` of the shared files, which pass its token on;
//! - `lane30_vector!` declares the lane type (`limbs[i][k]` is limb `i`
//!   of lane `k`), `ZERO`/`ONE`, and the loads, stores, carries and limb
//!   operations of the intrinsics code on that width's vector type.
//!
//! The width-specific rest (mask operations, the transposes of the
//! conversions) is in each width's `mod.rs`. Same limbs, same bounds, same
//! carry schedule: every bound stated in the shared files holds lane by
//! lane at both widths.

/// `body` once for each `i` in `0..13` (or in the list given), unrolled:
/// LLVM leaves the table-driven limb loops rolled otherwise, with a table
/// load and a variable shift count per limb.
#[rustfmt::skip]
macro_rules! each_limb {
    ($i:ident => $body:block) => { each_limb!($i in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] => $body) };
    ($i:ident in [$($n:literal),*] => $body:block) => { $( { let $i: usize = $n; $body } )* };
}

/// The `asm!` spelling, per width, of vector register `n` (`reg n`), of a
/// memory operand's size (`mem`), of the bitwise AND (`and`: AVX-512 has
/// only the element-typed `vpandq` on `zmm`), of the aligned move (`mova`)
/// and the bytes of one row of limbs (`row`: one vector).
#[rustfmt::skip]
macro_rules! lane30_x {
    (ymm reg $n:literal) => { concat!("ymm", $n) };
    (zmm reg $n:literal) => { concat!("zmm", $n) };
    (ymm mem) => { "ymmword ptr" };
    (zmm mem) => { "zmmword ptr" };
    (ymm and) => { "vpand" };
    (zmm and) => { "vpandq" };
    (ymm mova) => { "vmovdqa" };
    (zmm mova) => { "vmovdqa64" };
    (ymm row) => { "32" };
    (zmm row) => { "64" };
}

/// An `asm!` block of the products with every vector register it uses
/// (the 16 of that width) declared clobbered.
#[rustfmt::skip]
macro_rules! lane30_asm {
    (ymm; $($t:tt)*) => {
        lane30_asm!(@clobber [
            "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7",
            "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm14", "ymm15"
        ]; $($t)*)
    };
    (zmm; $($t:tt)*) => {
        lane30_asm!(@clobber [
            "zmm0", "zmm1", "zmm2", "zmm3", "zmm4", "zmm5", "zmm6", "zmm7",
            "zmm8", "zmm9", "zmm10", "zmm11", "zmm12", "zmm13", "zmm14", "zmm15"
        ]; $($t)*)
    };
    (@clobber [$($r:tt),*]; $($t:tt)*) => {
        core::arch::asm!($($t)*, $(out($r) _,)* options(nostack, preserves_flags))
    };
}

/// The items given, each with the target features of the width.
macro_rules! lane30_fns {
    (ymm; $($f:item)*) => { $( #[target_feature(enable = "avx2")] $f )* };
    (zmm; $($f:item)*) => { $( #[target_feature(enable = "avx2,avx512f")] $f )* };
}

/// The macros through which the shared files name the width `$x`:
/// `x!` (`lane30_x!`), `fns!` (`lane30_fns!`), `vasm!` (`lane30_asm!`).
/// `$d` is a `$` token (for the macros' own metavariables).
macro_rules! lane30_width {
    ($d:tt $x:ident) => {
        macro_rules! x { ($d($d t:tt)*) => { lane30_x!($x $d($d t)*) }; }
        macro_rules! fns {
            ($d($d t:tt)*) => {
                lane30_fns! { $x; $d($d t)* }
            };
        }
        macro_rules! vasm { ($d($d t:tt)*) => { lane30_asm!($x; $d($d t)*) }; }
    };
}

/// The public functions of a width's kernel module, from its submodules
/// (the shared files).
macro_rules! lane30_exports {
    () => {
        pub use add::{add, is_zero, reduce, select, sub};
        #[cfg(any(test, feature = "internals"))]
        pub use convert::{from_fp, to_fp_ptrs};
        pub use convert::{from_fp_refs, from_raw_refs, to_fp, to_raw_ptrs};
        #[cfg(any(test, feature = "internals"))]
        pub use mul::sqr_assign;
        pub use mul::{mul, mul_assign, sqr};
    };
}

/// The lane type `$t` of `$n` lanes (alignment `$align`, one row per
/// vector of type `$w`), `V` (the limbs in registers), and the limb
/// operations of the intrinsics code, from that width's intrinsics: the
/// binary ones (`vadd`, `vsub`: 64-bit; `vand`, `vor`; `vmul32`: products
/// of the low 32 bits of each word; `vsllv`, `vsrlv`: each word shifted by
/// the count in the same word of the second operand, zero for counts of
/// 64 or more), the immediate right shift, zero and the broadcast.
macro_rules! lane30_vector {
    ($x:ident, $t:ident, $n:literal, $align:literal, $w:ty,
     [$($op:ident = $intr:ident),*], $srli:ident, $zero:ident, $set1:ident) => {
        /// Elements of Fp in lane form (see the module comment):
        /// `limbs[i][k]` is limb `i` of lane `k`, row `i` one vector.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(C, align($align))]
        pub struct $t {
            /// The limbs, lane-sliced. Any contents are memory-safe; results
            /// are only meaningful within the bounds each operation states.
            pub limbs: [[u64; $n]; LIMBS],
        }

        impl $t {
            /// Zero in every lane.
            pub const ZERO: $t = $t { limbs: [[0; $n]; LIMBS] };

            /// One in every lane (`2^390 mod p`, normalised).
            pub const ONE: $t = $t { limbs: crate::arith::lane30::rows(&ONE30) };

            /// The same element in every lane (reduced), from the six words
            /// of its Montgomery form (as [`from_fp`]).
            #[cfg(any(test, feature = "internals"))]
            pub unsafe fn splat(x: &[u64; 6]) -> $t {
                // SAFETY: the caller checked the CPU.
                unsafe { from_fp(&[*x; $n]) }
            }
        }

        /// Lanes per vector.
        const N: usize = $n;

        /// The lane type, under the name the shared files use.
        type Lanes = $t;

        /// One vector of `N` 64-bit words.
        type W = $w;

        /// The limbs of an element vector in registers.
        type V = [W; LIMBS];

        lane30_fns! { $x;
            /// `x` in every lane of a vector.
            #[inline]
            fn splat(x: u64) -> W { $set1(x as i64) }
            /// The zero vector.
            #[inline]
            fn vzero() -> W { $zero() }
            $(
                #[inline]
                fn $op(a: W, b: W) -> W { $intr(a, b) }
            )*
            /// Each word shifted right by 30 bits (a limb's carry).
            #[inline]
            fn vshr30(a: W) -> W { $srli::<30>(a) }
            /// Each word shifted right by 52 bits.
            #[inline]
            fn vshr52(a: W) -> W { $srli::<52>(a) }

            /// The limbs of `x` into registers (same size and alignment).
            #[inline]
            fn load(x: &Lanes) -> V {
                // SAFETY: `Lanes` is `LIMBS` rows of one vector each, aligned
                // as a vector; any bits are valid.
                unsafe { core::mem::transmute::<Lanes, V>(*x) }
            }

            /// Registers back into lanes (as [`load`]).
            #[inline]
            fn store(v: &V) -> Lanes {
                // SAFETY: as in `load`.
                unsafe { core::mem::transmute::<V, Lanes>(*v) }
            }

            /// Carries limbs below 2^63 into normalised limbs (serial
            /// chain); the top limb keeps what reaches it, wrapping mod
            /// 2^64, which is exact whenever the value is below `2^390`
            /// (callers' bounds).
            #[inline]
            fn carry(v: &mut V) {
                let mask = splat(MASK);
                each_limb!(i in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] => {
                    let c = vshr30(v[i]);
                    v[i] = vand(v[i], mask);
                    v[i + 1] = vadd(v[i + 1], c);
                });
            }
        }
    };
}

/// Each limb repeated across the `K` lanes of its row.
pub(crate) const fn rows<const K: usize>(l: &[u64; 13]) -> [[u64; K]; 13] {
    let mut rows = [[0; K]; 13];
    let mut i = 0;
    while i < 13 {
        rows[i] = [l[i]; K];
        i += 1;
    }
    rows
}
