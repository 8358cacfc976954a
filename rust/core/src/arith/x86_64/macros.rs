//! The `asm!` template builders of the x86_64 kernels. They only paste
//! strings: `r!(x)` is the operand `{x}` (`r!(rdx)` the register itself),
//! `r32!(x)` its 32-bit name, `m!(base, off)` the qword at `base + off`,
//! `q!(base, off)` the qword at an address expression. Built on them: the
//! product rows (`mulx_chain!`, one carry chain; `mac_row!`, the two
//! chains of `mac_step!`; `first4!`, `row4!` for the 4-limb kernels), the
//! Montgomery reduction steps (`red6!`, `red4!`, `red6_rounds!`), the
//! conditional subtractions (`csub_n!`, `csub6!`, `csub4!`), six-limb
//! carry chains, loads and stores over address expressions (`chain6!`,
//! `movop6!`, `store6!`), the forms for the kernels that keep their
//! operands in a stack frame (`gfirst6!`, `grow6!`, `gmont6!`, `gmul384!`,
//! `sum6!`, `addmask6!`, `store6w!`), and `asm_window!`, the `asm!` that
//! declares the registers these templates use.
//!
//! In textual scope in every kernel family of `arith::x86_64`
//! (`#[macro_use]`); the ones the fused kernels of `field::kernels` build
//! on are re-exported (`pub(crate) use`, at the end). Their layout is kept
//! from rustfmt by `#[cfg_attr(rustfmt, rustfmt::skip)]`: a plain
//! `#[rustfmt::skip]` on a macro imported by `use` leaves rustc unable to
//! resolve the import ("import resolution is stuck"). A template names the registers it uses
//! (`{t0}`, `{lo}`, `rdx`, ...): each kernel declares them as its operands.

// `cfg_attr(rustfmt, rustfmt::skip)` on purpose (see the module doc of
// macros.rs): a plain `rustfmt::skip` breaks the `use` of these macros.
#![allow(clippy::deprecated_cfg_attr)]

#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! r {
    (rdx) => {
        "rdx"
    };
    ($x:ident) => {
        concat!("{", stringify!($x), "}")
    };
}

#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! r32 {
    ($x:ident) => {
        concat!("{", stringify!($x), ":e}")
    };
}

#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! m {
    ($base:ident, $off:literal) => {
        concat!("qword ptr [{", stringify!($base), "} + ", $off, "]")
    };
}

/// One limb step of a two-chain multiply-accumulate: `(hi, lo) = rdx * src`,
/// `cur += lo` on CF, `next += hi` on OF.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! mac_step {
    ($src:expr, $cur:ident, $next:ident) => {
        concat!(
            "mulx {hi}, {lo}, ", $src, "\n",
            "adcx ", r!($cur), ", {lo}\n",
            "adox ", r!($next), ", {hi}\n",
        )
    };
}

/// A multiply-accumulate row: `rdx = [$x]`, `$z = 0`, then the steps
/// `(src, cur, next)` of `mac_step!` (`[cur..] += rdx * src` on the two
/// carry chains, CF = OF = 0 after the XOR) and the last carry into `$z`
/// (or `$tail`, which absorbs the carries). The sum must fit the
/// registers given (it does for every caller).
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! mac_row {
    ($x:expr, $z:ident; $(($s:expr, $c:ident, $n:ident)),+ $(; $tail:expr)?) => {
        concat!(
            "mov rdx, ", $x, "\n",
            "xor ", r32!($z), ", ", r32!($z), "\n",
            $(mac_step!($s, $c, $n),)+
            mac_row!(@tail $z $(, $tail)?),
        )
    };
    (@tail $z:ident) => {
        concat!("adc ", r!($z), ", 0\n")
    };
    (@tail $z:ident, $tail:expr) => {
        $tail
    };
}

/// The doubled limbs of the squares, `a` at `{a}`: the limbs `D_1, ..` of
/// `2a` from `a_1` on (one carry chain) in `$d1` and the `d` given, with
/// `E_j = 2 a_j mod 2^64` (`e`, for `j >= 2`) taken on the way (LEA leaves
/// the flags alone).
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! dbl_limbs {
    ($d1:ident; $(($off:literal, $d:ident, $e:ident)),+) => {
        concat!(
            "mov ", r!($d1), ", ", m!(a, 8), "\n",
            "add ", r!($d1), ", ", r!($d1), "\n",
            $(
                "mov ", r!($d), ", ", m!(a, $off), "\n",
                "lea ", r!($e), ", [", r!($d), " + ", r!($d), "]\n",
                "adc ", r!($d), ", ", r!($d), "\n",
            )+
        )
    };
}

/// A product row on a single carry chain, `[t0..tn] = rdx * (s0, s1, ..)`:
/// `mulx_chain!(t0; (s0, t1), (s1, t2), ..)` (each source with the
/// register that takes the high half of its product; the low halves go to
/// `t0` and then, through `lo`, into the previous high half).
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! mulx_chain {
    ($t0:ident; ($s0:expr, $t1:ident), ($s1:expr, $t2:ident) $(, ($s:expr, $t:ident))*) => {
        concat!(
            "mulx ", r!($t1), ", ", r!($t0), ", ", $s0, "\n",
            "mulx ", r!($t2), ", {lo}, ", $s1, "\n",
            "add ", r!($t1), ", {lo}\n",
            mulx_chain!(@adc $t2; $(($s, $t)),*),
        )
    };
    (@adc $c:ident; ) => {
        concat!("adc ", r!($c), ", 0\n")
    };
    (@adc $c:ident; ($s:expr, $h:ident) $(, ($ss:expr, $hs:ident))*) => {
        concat!(
            "mulx ", r!($h), ", {lo}, ", $s, "\n",
            "adc ", r!($c), ", {lo}\n",
            mulx_chain!(@adc $h; $(($ss, $hs)),*),
        )
    };
}

/// First row: `[t0..t6] = A * B[0]` (single carry chain), `A`, `B` at the
/// address expressions `$a`, `$b`.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! gfirst6 {
    ($a:expr, $b:expr; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident, $t6:ident) => {
        concat!(
            "mov rdx, ", q!($b, 0), "\n",
            mulx_chain!($t0; (q!($a, 0), $t1), (q!($a, 8), $t2), (q!($a, 16), $t3),
                (q!($a, 24), $t4), (q!($a, 32), $t5), (q!($a, 40), $t6)),
        )
    };
    ($a:expr, $b:expr) => {
        gfirst6!($a, $b; t0, t1, t2, t3, t4, t5, t6)
    };
}

/// First row, 4 limbs.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! first4 {
    ($t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident) => {
        concat!(
            "mov rdx, ", m!(b, 0), "\n",
            mulx_chain!($t0; (m!(a, 0), $t1), (m!(a, 8), $t2), (m!(a, 16), $t3), (m!(a, 24), $t4)),
        )
    };
}

/// Row `off / 8` of a product whose operands sit at the address
/// expressions `$a` and `$b`: `[t0..t6] += A * B[off / 8]`, `t6` free on
/// entry.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! grow6 {
    ($a:expr, $b:expr, $off:literal; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident, $t6:ident) => {
        mac_row!(q!($b, $off), $t6; (q!($a, 0), $t0, $t1), (q!($a, 8), $t1, $t2), (q!($a, 16), $t2, $t3),
            (q!($a, 24), $t3, $t4), (q!($a, 32), $t4, $t5), (q!($a, 40), $t5, $t6))
    };
}

#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! row4 {
    ($off:literal; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident) => {
        mac_row!(m!(b, $off), $t4; (m!(a, 0), $t0, $t1), (m!(a, 8), $t1, $t2), (m!(a, 16), $t2, $t3), (m!(a, 24), $t3, $t4))
    };
}

/// Reduction step: `[t0..t6] += m * p` with `m = t0 * inv`, which clears
/// the low limb; the value continues in `t1..t6` and `t0` is free.
/// `$inv` is the operand holding inv. The low limb is not computed: its
/// carry is `t0 != 0` (`t0 + lo(m p0)` is 0 mod 2^64), which BLSI puts in CF
/// while clearing OF, and only `hi(m p0)` enters the sum.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! red6 {
    ($inv:expr; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident, $t6:ident) => {
        concat!(
            "mov rdx, ", r!($t0), "\n",
            "imul rdx, ", $inv, "\n",
            "blsi {lo}, ", r!($t0), "\n",
            "mulx {hi}, {lo}, ", m!(p, 0), "\n",
            "adox ", r!($t1), ", {hi}\n",
            mac_step!(m!(p, 8), $t1, $t2),
            mac_step!(m!(p, 16), $t2, $t3),
            mac_step!(m!(p, 24), $t3, $t4),
            mac_step!(m!(p, 32), $t4, $t5),
            mac_step!(m!(p, 40), $t5, $t6),
            "adc ", r!($t6), ", 0\n",
        )
    };
}

/// Reduction step for 4 limbs, as `red6` but shorter on the serial path:
/// `lo(m p1) = t0 * (inv p1 mod 2^64)` comes from one IMUL by the constant
/// `$j` without waiting for `m`, so `t1 + lo(m p1)` is ready by the time
/// `hi(m p0)` arrives. (Worth it here, where the products are short and the
/// latency dominates; the 6-limb kernels are bound by the multiplier port.)
/// `$tail` absorbs the last carries ("adc t4, 0" when the sum fits 5 limbs).
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! red4 {
    ($j:expr; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident; $tail:expr) => {
        concat!(
            "mov rdx, ", r!($t0), "\n",
            "imul rdx, {inv}\n",
            "mov {y}, ", r!($t0), "\n",
            "imul {y}, ", $j, "\n",
            "blsi {lo}, ", r!($t0), "\n",
            "adcx ", r!($t1), ", {y}\n",
            "mulx {hi}, {lo}, ", m!(p, 0), "\n",
            "adox ", r!($t1), ", {hi}\n",
            "mulx {hi}, {lo}, ", m!(p, 8), "\n",
            "adox ", r!($t2), ", {hi}\n",
            mac_step!(m!(p, 16), $t2, $t3),
            mac_step!(m!(p, 24), $t3, $t4),
            $tail,
        )
    };
}

/// `d = t - p`, then `d = t` where that borrowed (t < p): `d = t mod p` for
/// `t < 2p`, in constant time. `csub_n!(t0 d0 0, t1 d1 8, ..)`: the limbs
/// `t_i`, `d_i` with the offset of `p_i`; `csub6!`, `csub4!` name them.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! csub_n {
    ($t0:ident $d0:ident $o0:literal $(, $t:ident $d:ident $o:literal)*) => {
        concat!(
            "mov ", r!($d0), ", ", r!($t0), "\n",
            "sub ", r!($d0), ", ", m!(p, $o0), "\n",
            $("mov ", r!($d), ", ", r!($t), "\n", "sbb ", r!($d), ", ", m!(p, $o), "\n",)*
            "cmovc ", r!($d0), ", ", r!($t0), "\n",
            $("cmovc ", r!($d), ", ", r!($t), "\n",)*
        )
    };
}

#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! csub6 {
    ($t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident;
     $d0:ident, $d1:ident, $d2:ident, $d3:ident, $d4:ident, $d5:ident) => {
        csub_n!($t0 $d0 0, $t1 $d1 8, $t2 $d2 16, $t3 $d3 24, $t4 $d4 32, $t5 $d5 40)
    };
}

#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! csub4 {
    ($t0:ident, $t1:ident, $t2:ident, $t3:ident; $d0:ident, $d1:ident, $d2:ident, $d3:ident) => {
        csub_n!($t0 $d0 0, $t1 $d1 8, $t2 $d2 16, $t3 $d3 24)
    };
}

/// The qword at `base + off`, `base` an address expression such as
/// `"rsp + 96"` or `r!(a)`.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! q {
    ($base:expr, $off:literal) => {
        concat!("qword ptr [", $base, " + ", $off, "]")
    };
}

/// Montgomery product of the operands at `$a`, `$b` (as [`mul_mont_384`],
/// same bounds), `inv` read from `$inv`; the unreduced result (below `2p`)
/// ends in `t6, t0..t4`, `t5` free.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! gmont6 {
    ($a:expr, $b:expr, $inv:expr) => {
        concat!(gfirst6!($a, $b), gmont6!(@red $a, $b, $inv; [8 16 24 32 40]; t0, t1, t2, t3, t4, t5, t6))
    };
    // A reduction step on the window, then the next row (the window one
    // limb on) while rows remain.
    (@red $a:expr, $b:expr, $inv:expr; []; $($t:ident),+) => {
        red6!($inv; $($t),+)
    };
    (@red $a:expr, $b:expr, $inv:expr; [$off:literal $($offs:literal)*];
     $r0:ident, $r1:ident, $r2:ident, $r3:ident, $r4:ident, $r5:ident, $r6:ident) => {
        concat!(
            red6!($inv; $r0, $r1, $r2, $r3, $r4, $r5, $r6),
            grow6!($a, $b, $off; $r1, $r2, $r3, $r4, $r5, $r6, $r0),
            gmont6!(@red $a, $b, $inv; [$($offs)*]; $r1, $r2, $r3, $r4, $r5, $r6, $r0),
        )
    };
}

/// Full product of the operands at `$a`, `$b` (any values below 2^384)
/// stored to the 12 qwords at `$o`.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! gmul384 {
    ($a:expr, $b:expr, $o:expr) => {
        concat!(
            gfirst6!($a, $b),
            "mov ", q!($o, 0), ", {t0}\n",
            gmul384!(@rows $a, $b, $o; [8 16 24 32 40]; t1, t2, t3, t4, t5, t6, t0),
        )
    };
    // Rows 1..5, each storing its low limb, then the six high limbs.
    (@rows $a:expr, $b:expr, $o:expr; []; $r0:ident, $r1:ident, $r2:ident, $r3:ident, $r4:ident, $r5:ident, $r6:ident) => {
        store6!(concat!($o, " + 48"); $r0, $r1, $r2, $r3, $r4, $r5)
    };
    (@rows $a:expr, $b:expr, $o:expr; [$off:literal $($offs:literal)*];
     $r0:ident, $r1:ident, $r2:ident, $r3:ident, $r4:ident, $r5:ident, $r6:ident) => {
        concat!(
            grow6!($a, $b, $off; $r0, $r1, $r2, $r3, $r4, $r5, $r6),
            "mov ", q!($o, $off), ", ", r!($r0), "\n",
            gmul384!(@rows $a, $b, $o; [$($offs)*]; $r1, $r2, $r3, $r4, $r5, $r6, $r0),
        )
    };
}

/// Unreduced 6-limb sums between address expressions, through `t0..t5`,
/// for the fused kernels' prologues (the callers give the bounds).
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! sum6 {
    // `$o = $x op $y` (`$op0`/`$op`: add/adc or sub/sbb).
    ($o:expr; $x:expr, $op0:literal, $op:literal, $y:expr) => {
        concat!(movop6!($x, $op0, $op, $y), store6w!(lo; $o))
    };
    // `$o = $x + $y - $z` (the caller knows `z <= x + y < 2^384`).
    ($o:expr; $x:expr, $y:expr, $z:expr) => {
        concat!(
            movop6!($x, "add", "adc", $y),
            chain6!("sub", "sbb", $z; t0, t1, t2, t3, t4, t5),
            store6w!(lo; $o),
        )
    };
}

/// `[t0..t5] += p & mask` for `mask` in {0, -1}, `s` a scratch register.
/// Logic ops would clear the carry flag mid-chain, so the masking is a
/// `cmovz` from the (zero) mask on ZF, and the sum runs on the OF chain
/// (ADOX leaves ZF alone); `test` sets ZF and clears OF first.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! addmask6 {
    ($mask:ident, $s:ident; $($t:ident),+) => {
        addmask6!(@at "{p}", $mask, $s; $($t),+)
    };
    // `p` at the address expression `$base`.
    (@at $base:expr, $mask:ident, $s:ident; $t0:ident, $t1:ident, $t2:ident, $t3:ident, $t4:ident, $t5:ident) => {
        concat!(
            "test ", r!($mask), ", ", r!($mask), "\n",
            addmask6!(@limb $base, 0, $mask, $s, $t0),
            addmask6!(@limb $base, 8, $mask, $s, $t1),
            addmask6!(@limb $base, 16, $mask, $s, $t2),
            addmask6!(@limb $base, 24, $mask, $s, $t3),
            addmask6!(@limb $base, 32, $mask, $s, $t4),
            addmask6!(@limb $base, 40, $mask, $s, $t5),
        )
    };
    (@limb $base:expr, $off:literal, $mask:ident, $s:ident, $t:ident) => {
        concat!(
            "mov ", r!($s), ", ", q!($base, $off), "\n",
            "cmovz ", r!($s), ", ", r!($mask), "\n",
            "adox ", r!($t), ", ", r!($s), "\n",
        )
    };
}

/// Stores the low (`t0..t5`) or high (`t6, lo, hi, rdx, a, b`) half of
/// the window to the 6 qwords at `$o`.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! store6w {
    (lo; $o:expr) => {
        store6!($o; t0, t1, t2, t3, t4, t5)
    };
    (hi; $o:expr) => {
        store6!($o; t6, lo, hi, rdx, a, b)
    };
}

/// One carry chain over the six qwords at the address expression `$x`:
/// `$op0 r0, [x]`, then `$op r_i, [x + 8 i]` for the other registers
/// (`"mov", "mov"` is a load, `"cmovc", "cmovc"` a conditional move).
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! chain6 {
    ($op0:literal, $op:literal, $x:expr; $r0:ident, $r1:ident, $r2:ident, $r3:ident, $r4:ident, $r5:ident) => {
        concat!(
            $op0, " ", r!($r0), ", ", q!($x, 0), "\n",
            $op, " ", r!($r1), ", ", q!($x, 8), "\n",
            $op, " ", r!($r2), ", ", q!($x, 16), "\n",
            $op, " ", r!($r3), ", ", q!($x, 24), "\n",
            $op, " ", r!($r4), ", ", q!($x, 32), "\n",
            $op, " ", r!($r5), ", ", q!($x, 40), "\n",
        )
    };
}

/// Stores the six registers to the qwords at the address expression `$o`.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! store6 {
    ($o:expr; $r0:ident, $r1:ident, $r2:ident, $r3:ident, $r4:ident, $r5:ident) => {
        concat!(
            "mov ", q!($o, 0), ", ", r!($r0), "\n",
            "mov ", q!($o, 8), ", ", r!($r1), "\n",
            "mov ", q!($o, 16), ", ", r!($r2), "\n",
            "mov ", q!($o, 24), ", ", r!($r3), "\n",
            "mov ", q!($o, 32), ", ", r!($r4), "\n",
            "mov ", q!($o, 40), ", ", r!($r5), "\n",
        )
    };
}

/// `[t0..t5] = X op Y` limb by limb (load, then `$op0`/`$op` on one
/// carry chain), `X`, `Y` at the address expressions `$x`, `$y`; into the
/// six registers given after `;` instead of `t0..t5`.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! movop6 {
    ($x:expr, $op0:literal, $op:literal, $y:expr) => {
        movop6!($x, $op0, $op, $y; t0, t1, t2, t3, t4, t5)
    };
    ($x:expr, $op0:literal, $op:literal, $y:expr; $r0:ident, $r1:ident, $r2:ident, $r3:ident, $r4:ident, $r5:ident) => {
        concat!(
            "mov ", r!($r0), ", ", q!($x, 0), "\n", $op0, " ", r!($r0), ", ", q!($y, 0), "\n",
            "mov ", r!($r1), ", ", q!($x, 8), "\n", $op, " ", r!($r1), ", ", q!($y, 8), "\n",
            "mov ", r!($r2), ", ", q!($x, 16), "\n", $op, " ", r!($r2), ", ", q!($y, 16), "\n",
            "mov ", r!($r3), ", ", q!($x, 24), "\n", $op, " ", r!($r3), ", ", q!($y, 24), "\n",
            "mov ", r!($r4), ", ", q!($x, 32), "\n", $op, " ", r!($r4), ", ", q!($y, 32), "\n",
            "mov ", r!($r5), ", ", q!($x, 40), "\n", $op, " ", r!($r5), ", ", q!($y, 40), "\n",
        )
    };
}

/// The six Montgomery reduction rounds (`red6!`, `inv` read from `$inv`)
/// of the low limbs `t0..t5`, each round's free top limb cleared first:
/// `(L + Q p) / 2^384 <= p` for the value `L` in `t0..t5` ends in
/// `t6, t0..t4`, `t5` free.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! red6_rounds {
    ($inv:expr) => {
        red6_rounds!(@r $inv; [x x x x x x]; t0, t1, t2, t3, t4, t5, t6)
    };
    (@r $inv:expr; []; $($t:ident),+) => {
        ""
    };
    (@r $inv:expr; [x $($n:tt)*]; $a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident) => {
        concat!(
            "xor ", r32!($g), ", ", r32!($g), "\n",
            red6!($inv; $a, $b, $c, $d, $e, $f, $g),
            red6_rounds!(@r $inv; [$($n)*]; $b, $c, $d, $e, $f, $g, $a),
        )
    };
}

/// `asm!` over the register window of these templates: the kernel's own
/// operands, then `lo`, `hi` (unless the kernel names them itself: `own lo
/// hi;` first), `rdx` and `t0..t6` as scratch (written, values dropped),
/// then the options (`options(..);` first). With `regs [r v, ..]` first,
/// the registers listed instead, each with the result it ends with (or
/// `_`). The order of the operands is the one the kernels always had.
#[cfg_attr(rustfmt, rustfmt::skip)]
macro_rules! asm_window {
    (@emit [$($tmpl:expr),+] [$($op:tt)*] [$($opt:tt)*]) => {
        ::core::arch::asm!(
            $($tmpl),+,
            $($op)*
            out("rdx") _,
            t0 = out(reg) _, t1 = out(reg) _, t2 = out(reg) _, t3 = out(reg) _,
            t4 = out(reg) _, t5 = out(reg) _, t6 = out(reg) _,
            $($opt)*
        )
    };
    // `regs [r v, ..]`: the registers `r` as `out(reg) v` (`rdx` as
    // `out("rdx") v`), in that order after the kernel's operands; `v` is a
    // result or `_`.
    (@regs [$($tmpl:expr),+] [$($op:tt)*] [$($opt:tt)*] []) => {
        ::core::arch::asm!($($tmpl),+, $($op)* $($opt)*)
    };
    (@regs [$($tmpl:expr),+] [$($op:tt)*] [$($opt:tt)*] [rdx $v:tt $(, $($r:tt)*)?]) => {
        asm_window!(@regs [$($tmpl),+] [$($op)* out("rdx") $v,] [$($opt)*] [$($($r)*)?])
    };
    (@regs [$($tmpl:expr),+] [$($op:tt)*] [$($opt:tt)*] [$n:ident $v:tt $(, $($r:tt)*)?]) => {
        asm_window!(@regs [$($tmpl),+] [$($op)* $n = out(reg) $v,] [$($opt)*] [$($($r)*)?])
    };
    (regs [$($r:tt)*] $(options($($o:ident),*))?; $($tmpl:expr),+; $($op:tt)*) => {
        asm_window!(@regs [$($tmpl),+] [$($op)*] [$(options($($o),*))?] [$($r)*])
    };
    (own lo hi; $($tmpl:expr),+; $($op:tt)*) => {
        asm_window!(@emit [$($tmpl),+] [$($op)*] [])
    };
    (options($($o:ident),*); $($tmpl:expr),+; $($op:tt)*) => {
        asm_window!(@emit [$($tmpl),+] [$($op)* lo = out(reg) _, hi = out(reg) _,] [options($($o),*)])
    };
    ($($tmpl:expr),+; $($op:tt)*) => {
        asm_window!(@emit [$($tmpl),+] [$($op)* lo = out(reg) _, hi = out(reg) _,] [])
    };
}

pub(crate) use {
    addmask6, asm_window, chain6, gfirst6, gmont6, gmul384, grow6, m, mac_row, mac_step, movop6, mulx_chain, q, r, r32,
    red6, red6_rounds, store6, store6w, sum6,
};
