//! The `asm!` templates of the fused kernels shared by several of them,
//! over the register window `t6, t0..t4` that `gredc_sum!` leaves (on top
//! of the row and reduction templates of `arith::x86_64::macros`): modular
//! additions between frame slots, the reduction of a signed sum of
//! double-width values, conditional subtractions through memory, window
//! loads, stores and additions. In textual scope in the kernel files
//! (`#[macro_use]`).

/// `$o = $x + $y mod p` for `x, y < p`: the sum (below `2p`) is stored, `p`
/// subtracted in registers, and the stored sum taken back (`cmov` from
/// memory) where that borrowed. `$o` may be `$y` (all loads come first).
#[rustfmt::skip]
macro_rules! gaddmod6 {
    ($o:expr; $x:expr, $y:expr) => {
        concat!(
            sum6!($o; $x, "add", "adc", $y),
            "sub {t0}, ", q!("{p}", 0), "\n",
            "sbb {t1}, ", q!("{p}", 8), "\n",
            "sbb {t2}, ", q!("{p}", 16), "\n",
            "sbb {t3}, ", q!("{p}", 24), "\n",
            "sbb {t4}, ", q!("{p}", 32), "\n",
            "sbb {t5}, ", q!("{p}", 40), "\n",
            "cmovc {t0}, ", q!($o, 0), "\n",
            "cmovc {t1}, ", q!($o, 8), "\n",
            "cmovc {t2}, ", q!($o, 16), "\n",
            "cmovc {t3}, ", q!($o, 24), "\n",
            "cmovc {t4}, ", q!($o, 32), "\n",
            "cmovc {t5}, ", q!($o, 40), "\n",
            store6w!(lo; $o),
        )
    };
}

/// `$o = $x - $y mod p` for `x, y < p`: the difference, plus `p` masked by
/// the borrow (`t6` the mask, `lo` scratch).
#[rustfmt::skip]
macro_rules! gsubmod6 {
    ($o:expr; $x:expr, $y:expr) => {
        concat!(
            "mov {t0}, ", q!($x, 0), "\n", "sub {t0}, ", q!($y, 0), "\n",
            "mov {t1}, ", q!($x, 8), "\n", "sbb {t1}, ", q!($y, 8), "\n",
            "mov {t2}, ", q!($x, 16), "\n", "sbb {t2}, ", q!($y, 16), "\n",
            "mov {t3}, ", q!($x, 24), "\n", "sbb {t3}, ", q!($y, 24), "\n",
            "mov {t4}, ", q!($x, 32), "\n", "sbb {t4}, ", q!($y, 32), "\n",
            "mov {t5}, ", q!($x, 40), "\n", "sbb {t5}, ", q!($y, 40), "\n",
            "sbb {t6}, {t6}\n",
            addmask6!(t6, lo; t0, t1, t2, t3, t4, t5),
            store6w!(lo; $o),
        )
    };
}

/// Montgomery reduction of a signed sum of double-width values,
/// `first +- x1 +- x2 ...`, whose value `T` the caller knows to lie in
/// `[0, p 2^384)`; the unreduced result `T / 2^384 mod p`, below `2p`, ends
/// in `t6, t0..t4` (`t5` free). Each further term is `(op0, op, address,
/// slot)` with `(op0, op)` = `("add", "adc")` or `("sub", "sbb")`.
///
/// The low halves are combined first, each term on its own carry chain
/// whose carry (or borrow) is saved to its qword `slot`; the six reduction
/// rounds take the low 384 bits `L` to `r = (L + Q p) / 2^384 <= p`; then
/// each high half is added or subtracted with its low chain's carry as the
/// carry in. So the window receives `r + (T - L) / 2^384` modulo `2^384`:
/// exactly `(T + Q p) / 2^384 < 2p`, since `T - L` is the rest of `T`,
/// whatever the intermediate wraps.
#[rustfmt::skip]
macro_rules! gredc_sum {
    ($inv:expr; $first:expr $(; $op0:literal, $op:literal, $x:expr, $c:expr)*) => {
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
            "add {t6}, ", q!($first, 48), "\n",
            "adc {t0}, ", q!($first, 56), "\n",
            "adc {t1}, ", q!($first, 64), "\n",
            "adc {t2}, ", q!($first, 72), "\n",
            "adc {t3}, ", q!($first, 80), "\n",
            "adc {t4}, ", q!($first, 88), "\n",
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
            )*
        )
    };
}

/// `window -= [$k]` where that does not borrow, the window `t6, t0..t4`
/// staged at `$s` for the `cmov` back: `v mod 2^j p` from `v < 2^(j+1) p`
/// for `$k = 2^j p`.
#[rustfmt::skip]
macro_rules! gcsub_mem {
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
            "cmovc {t6}, ", q!($s, 0), "\n",
            "cmovc {t0}, ", q!($s, 8), "\n",
            "cmovc {t1}, ", q!($s, 16), "\n",
            "cmovc {t2}, ", q!($s, 24), "\n",
            "cmovc {t3}, ", q!($s, 32), "\n",
            "cmovc {t4}, ", q!($s, 40), "\n",
        )
    };
}

/// Stores the window `t6, t0..t4` to the 6 qwords at `$o`.
#[rustfmt::skip]
macro_rules! gstore_window {
    ($o:expr) => {
        concat!(
            "mov ", q!($o, 0), ", {t6}\n",
            "mov ", q!($o, 8), ", {t0}\n",
            "mov ", q!($o, 16), ", {t1}\n",
            "mov ", q!($o, 24), ", {t2}\n",
            "mov ", q!($o, 32), ", {t3}\n",
            "mov ", q!($o, 40), ", {t4}\n",
        )
    };
}

/// `window op= [$x]` over the window `t6, t0..t4` (`(op0, op)` =
/// `("add", "adc")` or `("sub", "sbb")`), modulo `2^384`.
#[rustfmt::skip]
macro_rules! gwindow_op {
    ($op0:literal, $op:literal, $x:expr) => {
        concat!(
            $op0, " {t6}, ", q!($x, 0), "\n",
            $op, " {t0}, ", q!($x, 8), "\n",
            $op, " {t1}, ", q!($x, 16), "\n",
            $op, " {t2}, ", q!($x, 24), "\n",
            $op, " {t3}, ", q!($x, 32), "\n",
            $op, " {t4}, ", q!($x, 40), "\n",
        )
    };
}

/// `window += window` (the caller keeps the result below `2^384`).
#[rustfmt::skip]
macro_rules! gdbl_window {
    () => {
        concat!(
            "add {t6}, {t6}\n",
            "adc {t0}, {t0}\n",
            "adc {t1}, {t1}\n",
            "adc {t2}, {t2}\n",
            "adc {t3}, {t3}\n",
            "adc {t4}, {t4}\n",
        )
    };
}
