//! The optimal ate Miller loop of BLS12-381: one loop over the bits of
//! |z| = 0xd201000000010000 shared by any number of pairs (the Fp12
//! squarings are done once), with the G2 lines computed on the fly or read
//! from a [`G2Prepared`].
//!
//! # Lines
//!
//! G2 lives on the M-type twist E': y^2 = x^3 + b' (b' = 4 xi, xi = 1 + u),
//! mapped into E(Fp12) by (x', y') -> (x' / w^2, y' / w^3). A line through
//! points T, T' of E' with slope lambda' (on E'), evaluated at P = (xp, yp)
//! of G1 and multiplied by w^3, is
//!
//! ```text
//! (lambda' x_T - y_T) + (-lambda' xp) v + yp v w,
//! ```
//!
//! nonzero at the Fp12 positions 0, 1 and 4 (`Fp12::mul_by_014`). Factors
//! in proper subfields (w^3, anything in Fp2) are sent to one by the final
//! exponentiation, so each line is kept scaled by its denominator and a
//! line is stored as (c0, c1, c4) with the evaluation (c0, c1 xp, c4 yp).
//!
//! T runs in homogeneous projective coordinates (X : Y : Z), x = X / Z,
//! y = Y / Z (Costello, Lange, Naehrig, eprint 2010/526):
//! - doubling: with B = Y^2, C = Z^2, E = 3 b' C, F = 3E, H = 2 Y Z:
//!   2T = (XY (B - F) / 2, ((B + F) / 2)^2 - 3 E^2, B H) (the textbook
//!   formulas scaled by 1/4: fewer doublings, two constant-time halvings),
//!   and the tangent at T is (B - E, -3 X^2, H) (scaled by 2YZ/Z). One
//!   fused kernel (`field::kernels::miller_double`) computes the step and
//!   evaluates its line at P with the constants -3 xp and 2 yp;
//! - addition of an affine Q = (x2, y2): with theta = Y - y2 Z and
//!   lambda = X - x2 Z, C = theta^2, D = lambda^2, E = lambda D, F = Z C,
//!   G = X D, H = E + F - 2G:
//!   T + Q = (lambda H, theta (G - H) - Y E, Z E), and the chord is
//!   (theta x2 - lambda y2, -theta, lambda) (scaled by lambda).
//!
//! The loop never meets an exceptional case: T is [m]Q for 1 <= m <= |z|,
//! far below r, so T is never the identity, nor equal or opposite to Q in
//! the additions.
//!
//! Since z < 0 the loop computes f_{|z|,Q} and returns its conjugate, which
//! equals f_{|z|,Q}^(-1) after the final exponentiation (f_{z,Q} up to
//! factors the final exponentiation removes).
//!
//! # The value before the final exponentiation: blst's
//!
//! Scaling a line by an element of Fp2^* changes the loop's value but not
//! its final exponentiation (x^(p^6 - 1) = 1 on Fp2), so libraries differ
//! there. The raw value is part of the API ([`miller_loop`],
//! [`miller_loop_prepared`], [`miller_loop_mixed`]): users of
//! ocaml-bls12-381, which wraps blst, store it and compare it. So those
//! functions return exactly blst's: `blst_miller_loop` for one pair (one
//! for a pair with the identity on either side), the product of those for
//! several pairs (as ocaml-bls12-381's `Pairing.miller_loop` computes it).
//!
//! blst keeps T in Jacobian coordinates (X : Y : Z), x = X / Z^2,
//! y = Y / Z^3, from Z = 1, with the doubling Z' = 2 Y Z and the mixed
//! addition Z' = 2 Z H, H = x2 Z^2 - X (madd-2007-bl), and its lines are,
//! in the notation above,
//! - the tangent at T: (2 (Y^2 - 3 b' Z^6), -6 X^2 Z^2, 4 Y Z^3), i.e.
//!   4 y Z^6 times the line whose w^3 coefficient is yp (blst writes c0 as
//!   6 X^3 - 4 Y^2, the same value on the curve);
//! - the chord through T and Q: (2 (r x2 - y2 Z'), -2 r, 2 Z'),
//!   r = 2 (y2 Z^3 - Y), i.e. 4 Z^3 (x2 - x) times that line.
//!
//! Those factors depend on blst's Z, hence on Q and on the steps so far,
//! and the homogeneous loop's factors on its own Z: blst's value is the
//! homogeneous loop's times an element of Fp2 that depends on every Q. No
//! constant corrects that; matching blst means following its Z. Two facts
//! make it cheap:
//! - with V = Z^3, (X Z, Y, V) are homogeneous coordinates of T whose Z is
//!   V; the unscaled homogeneous doubling keeps that (8 Y^3 V =
//!   (2 Y Z)^3), and its tangent in these coordinates is half of blst's.
//!   So a doubling follows blst's T either carrying the Jacobian X and Z
//!   as well ([`JacobianDoubler`], one Fp2 product more than the
//!   homogeneous step), or homogeneously up to constant factors (powers
//!   of 2: the homogeneous kernel is scaled by 1/4), corrected once;
//! - an addition needs blst's Jacobian X and Z, which the homogeneous
//!   coordinates give only through 1 / V.
//!
//! So [`BlstSteps`] runs the 15 doublings of bits 62 to 48 of |z| and their
//! additions on [`JacobianDoubler`], the 32 doublings of bits 47 to 16
//! homogeneously, with one inversion (batched over the pairs) for the
//! addition after them, and the last 16 doublings homogeneously. The
//! values equal blst's on every point of the curve, off the subgroups
//! included (the doubling formulas use the curve's equation).
//!
//! The pairing functions ([`super::pairing`], [`super::pairing_check`],
//! ...) only need the value up to such factors and run the homogeneous
//! loop (`miller_loop_up_to_fp2`): one Fp2 product cheaper in 15 steps,
//! and no inversion. [`G2Prepared`] stores blst's lines
//! ([`JacobianDoubler`] throughout), which serve both.

use crate::curve::{G1Affine, G2Affine, G2Projective, Z_ABS};
use crate::field::kernels::LineProduct;
use crate::field::{Fp, Fp12, Fp2, Fp6};

mod steps;

use steps::{BlstSteps, Doubler, JacobianDoubler, Steps};

/// Lines per Miller loop: 63 doublings and 5 additions (popcount(|z|) - 1).
const LINES: usize = 63 + 5;

/// A line of the Miller loop, as its Fp12 coefficients at positions 0, 1,
/// 4. Before evaluation at P (as a [`G2Prepared`] stores it) the line at P
/// is (c0, c1 xp, c4 yp); the loop multiplies evaluated lines into f.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(crate) struct Line {
    c0: Fp2,
    c1: Fp2,
    c4: Fp2,
}

impl Line {
    /// The line evaluated at P: (c0, c1 xp, c4 yp).
    #[inline]
    fn evaluate(&self, xp: &Fp, yp: &Fp) -> Line {
        Line { c0: self.c0, c1: self.c1.mul_by_fp(xp), c4: self.c4.mul_by_fp(yp) }
    }

    /// This line times `k` in Fp.
    #[inline]
    fn scale(&self, k: &Fp) -> Line {
        Line { c0: self.c0.mul_by_fp(k), c1: self.c1.mul_by_fp(k), c4: self.c4.mul_by_fp(k) }
    }

    /// `f` times this (evaluated) line.
    #[cfg(any(test, feature = "internals"))]
    #[inline]
    fn multiply(&self, f: &Fp12) -> Fp12 {
        f.mul_by_014(&self.c0, &self.c1, &self.c4)
    }

    /// `f` times this (evaluated) line, into `out`.
    #[inline]
    fn multiply_to(&self, f: &Fp12, out: &mut core::mem::MaybeUninit<Fp12>) {
        f.mul_by_014_to(&self.c0, &self.c1, &self.c4, out)
    }

    /// This (evaluated) line as an Fp12 element (the product with f = 1).
    #[allow(clippy::wrong_self_convention)] // 288 bytes: read in place, not copied
    fn to_fp12(&self) -> Fp12 {
        Fp12::new(Fp6::new(self.c0, self.c1, Fp2::ZERO), Fp6::new(Fp2::ZERO, self.c4, Fp2::ZERO))
    }
}

/// Where a Miller loop takes the lines of one pair from, evaluated at its
/// P: computed from Q as the loop goes ([`OnTheFly`]) or read from a
/// [`G2Prepared`].
trait LineSource: Sized {
    /// The line of the next doubling step.
    fn double(&mut self) -> Line;
    /// The line of the next addition step.
    fn add(&mut self) -> Line;
    /// Before the additions of a step, for all the pairs at once.
    fn before_adds(_all: &mut [Self]) {}
}

/// Lines computed from Q during the loop, by the steps `S` (homogeneous
/// [`Doubler`] or blst's [`JacobianDoubler`]).
struct OnTheFly<S> {
    d: S,
    q: G2Affine,
    xp: Fp,
    yp: Fp,
}

impl<S: Steps> OnTheFly<S> {
    fn new(p: &G1Affine, q: &G2Affine) -> OnTheFly<S> {
        let (xp, yp) = (p.x(), p.y());
        OnTheFly { d: S::new(q, &xp, &yp), q: *q, xp, yp }
    }
}

impl<S: Steps> LineSource for OnTheFly<S> {
    #[inline]
    fn double(&mut self) -> Line {
        self.d.double()
    }
    #[inline]
    fn add(&mut self) -> Line {
        self.d.add(&self.q).evaluate(&self.xp, &self.yp)
    }
    fn before_adds(all: &mut [Self]) {
        S::before_adds(all.iter_mut().map(|f| &mut f.d))
    }
}

/// The work list of a loop over `pairs`, its pairs with the identity on
/// either side left out (they contribute one).
fn on_the_fly<S: Steps>(pairs: &[(G1Affine, G2Affine)]) -> Vec<OnTheFly<S>> {
    pairs
        .iter()
        .filter(|(p, q)| !bool::from(p.is_identity() | q.is_identity()))
        .map(|(p, q)| OnTheFly::new(p, q))
        .collect()
}

/// Lines read from a precomputed list.
struct Stored<'a> {
    lines: core::slice::Iter<'a, Line>,
    xp: Fp,
    yp: Fp,
}

impl Stored<'_> {
    #[inline]
    fn next(&mut self) -> Line {
        self.lines.next().expect("a G2Prepared holds every line of the loop").evaluate(&self.xp, &self.yp)
    }
}

impl LineSource for Stored<'_> {
    #[inline]
    fn double(&mut self) -> Line {
        self.next()
    }
    #[inline]
    fn add(&mut self) -> Line {
        self.next()
    }
}

/// The lines of the Miller loop for a fixed point Q of G2, computed once:
/// pairings with the same Q (a public key, a verification key) skip the G2
/// arithmetic. 68 lines of three Fp2 each (about 20 KB), blst's (module
/// doc): [`miller_loop_prepared`] equals [`miller_loop`].
#[derive(Clone, Debug)]
pub struct G2Prepared {
    /// Empty for the identity (which contributes one to every product).
    lines: Vec<Line>,
}

impl G2Prepared {
    /// The lines of `q`'s Miller loop. Constant time in `q`, except that
    /// whether `q` is the identity is visible (it has no lines).
    pub fn new(q: &G2Affine) -> G2Prepared {
        if bool::from(q.is_identity()) {
            return G2Prepared { lines: Vec::new() };
        }
        // With xp = yp = 1 the lines come out unevaluated.
        let mut d = JacobianDoubler::new(q, &Fp::ONE, &Fp::ONE);
        let mut lines = Vec::with_capacity(LINES);
        for i in (0..63).rev() {
            lines.push(d.double());
            if (Z_ABS >> i) & 1 == 1 {
                lines.push(d.add(q));
            }
        }
        G2Prepared { lines }
    }

    /// Whether this was prepared from the identity.
    pub fn is_identity(&self) -> bool {
        self.lines.is_empty()
    }
}

impl From<G2Affine> for G2Prepared {
    fn from(q: G2Affine) -> G2Prepared {
        G2Prepared::new(&q)
    }
}

impl From<&G2Projective> for G2Prepared {
    fn from(q: &G2Projective) -> G2Prepared {
        G2Prepared::new(&q.to_affine())
    }
}

/// The loop over the bits of |z| below the top one, for the pairs' line
/// sources. The first step starts from f = 1: no squaring, and the first
/// line (or product of two lines) is f.
///
/// The lines of one step are multiplied into f two at a time: first with
/// each other ([`Fp12::line_product`], 6 Fp2 products), then f by their
/// product ([`Fp12::mul_by_line_product_to`], 17), 23 products and 22
/// reductions per two lines instead of 26 and 24 for two sparse products
/// (`mul_by_014`); an odd last line takes the sparse product. The lines
/// of a step with an addition (doublings, then additions) pair up
/// together: one pair's two lines make one product (its first step is
/// one line product). On the portable backend every line takes the sparse
/// product (see [`multiply_lines`]).
fn run<L: LineSource>(pairs: &mut [L]) -> Fp12 {
    meter!(MillerLoop);
    // f lives in one of two buffers and each product writes the other
    // one: the out-of-line products returning by value went through a
    // 576-byte temporary and a copy each.
    let mut buf = [Fp12::ONE; 2];
    let mut cur = 0;
    for i in (0..63).rev() {
        if i != 62 {
            step(&mut buf, &mut cur, |f, out| f.square_to(out));
        }
        multiply_lines(&mut buf, &mut cur, pairs, i == 62, (Z_ABS >> i) & 1 == 1);
    }
    buf[cur].conjugate()
}

/// f times the next doubling line of every pair and, with `add`, then its
/// addition line, two lines at a time (each line on its own on the
/// portable backend); with `first`, f is one and becomes the first line
/// (product) instead.
///
/// In groups of up to eight pairs, one kind of step at a time: the lines
/// (up to sixteen), then their products, then f times each product (the
/// kernels are large, and running each several times in a row keeps the
/// code of one kind in the instruction cache).
#[inline(always)]
fn multiply_lines<L: LineSource>(buf: &mut [Fp12; 2], cur: &mut usize, pairs: &mut [L], first: bool, add: bool) {
    const GROUP: usize = 8;
    // Lines in pairs on the x86_64 kernels (faster than two sparse
    // products); the portable twins of the pair products run more
    // instructions than two sparse products, so there every line takes
    // the sparse product.
    let pair_lines = crate::field::kernels::fused_asm();
    let mut first = first;
    for group in pairs.chunks_mut(GROUP) {
        let mut lines = [core::mem::MaybeUninit::<Line>::uninit(); 2 * GROUP];
        let mut count = 0;
        for src in group.iter_mut() {
            lines[count].write(src.double());
            count += 1;
        }
        if add {
            // Each pair's addition after its doubling (T = 2T, then T + Q).
            L::before_adds(group);
            for src in group.iter_mut() {
                lines[count].write(src.add());
                count += 1;
            }
        }
        // SAFETY: the first `count` slots were written above; Line is Copy
        // (nothing to drop) and MaybeUninit<Line> has its layout.
        let lines: &[Line] = unsafe { core::slice::from_raw_parts(lines.as_ptr() as *const Line, count) };
        let paired = if pair_lines { count / 2 } else { 0 };
        let mut products = [core::mem::MaybeUninit::<LineProduct>::uninit(); GROUP];
        for (slot, two) in products.iter_mut().zip(lines.chunks_exact(2)).take(paired) {
            Fp12::line_product([&two[0].c0, &two[0].c1, &two[0].c4], [&two[1].c0, &two[1].c1, &two[1].c4], slot);
        }
        // SAFETY: `line_product` initialised the first `paired` slots
        // (LineProduct is Copy, same layout as its MaybeUninit).
        let products: &[LineProduct] =
            unsafe { core::slice::from_raw_parts(products.as_ptr() as *const LineProduct, paired) };
        for lp in products {
            if first {
                buf[*cur] = lp.to_fp12();
                first = false;
            } else {
                step(buf, cur, |f, out| f.mul_by_line_product_to(lp, out));
            }
        }
        for line in &lines[2 * paired..] {
            if first {
                buf[*cur] = line.to_fp12();
                first = false;
            } else {
                step(buf, cur, |f, out| line.multiply_to(f, out));
            }
        }
    }
}

/// `op(buf[cur])` written into the other buffer, which becomes current.
#[inline(always)]
fn step(buf: &mut [Fp12; 2], cur: &mut usize, op: impl FnOnce(&Fp12, &mut core::mem::MaybeUninit<Fp12>)) {
    let (a, b) = buf.split_at_mut(1);
    let (src, dst) = if *cur == 0 { (&a[0], &mut b[0]) } else { (&b[0], &mut a[0]) };
    // SAFETY: Fp12 is Copy (nothing to drop) and every bit pattern of its
    // limbs is a valid value, so an initialised Fp12 may be overwritten
    // through a MaybeUninit view; `op` writes all of it.
    op(src, unsafe { &mut *(dst as *mut Fp12 as *mut core::mem::MaybeUninit<Fp12>) });
    *cur ^= 1;
}

/// The product of the Miller loops f_{z,Q}(P) of the pairs; pairs with an
/// identity on either side contribute one (and the empty product is one).
/// Not yet a pairing value: see [`super::final_exponentiation`]. The value
/// is blst's, with its scaling of the lines (module doc): for one pair it
/// equals `blst_miller_loop` (one for the identity on either side, as
/// there), for several pairs the product of those. Constant time in the
/// points, except that whether a point is the identity is visible (such a
/// pair is skipped).
pub fn miller_loop(pairs: &[(G1Affine, G2Affine)]) -> Fp12 {
    run(&mut on_the_fly::<BlstSteps>(pairs))
}

/// [`miller_loop`] up to a factor in Fp2^* (which the final
/// exponentiation sends to one): the homogeneous loop, one Fp2 product a
/// doubling step cheaper, for the functions that only use the value
/// through the final exponentiation. The same constant-time property.
pub(crate) fn miller_loop_up_to_fp2(pairs: &[(G1Affine, G2Affine)]) -> Fp12 {
    run(&mut on_the_fly::<Doubler>(pairs))
}

/// [`miller_loop_up_to_fp2`], and for each pair of the loop (neither point
/// the identity, in input order) its Q and the loop's final T = [|z|]Q as
/// a Jacobian point (T runs from Q over the bits of |z|: the doubling and
/// addition steps are the group law whenever T != +-Q, and an addition
/// with T = +-Q, or any step from T = O, leaves Z = 0 for good: see
/// `super::pairing_check_g2_checked_vartime`).
pub(crate) fn miller_loop_with_t(pairs: &[(G1Affine, G2Affine)]) -> (Fp12, Vec<(G2Affine, G2Projective)>) {
    let mut work = on_the_fly::<Doubler>(pairs);
    let f = run(&mut work);
    // Homogeneous (X : Y : Z), x = X/Z, y = Y/Z, is the Jacobian
    // (X Z, Y Z^2, Z).
    let ts = work
        .iter()
        .map(|w| {
            let t = &w.d.t;
            (w.q, G2Projective::from_raw(t.x.mul(&t.z), t.y.mul(&t.z.square()), t.z))
        })
        .collect();
    (f, ts)
}

/// [`miller_loop`] with the G2 side prepared in advance: the same value
/// (blst's), the same constant-time property.
pub fn miller_loop_prepared(pairs: &[(G1Affine, &G2Prepared)]) -> Fp12 {
    let mut work: Vec<Stored<'_>> = pairs
        .iter()
        .filter(|(p, q)| !bool::from(p.is_identity()) && !q.is_identity())
        .map(|(p, q)| Stored { lines: q.lines.iter(), xp: p.x(), yp: p.y() })
        .collect();
    run(&mut work)
}

/// Either kind of line source, for a loop over pairs of both kinds.
// One vector of these per call, each entry a pair's whole state: boxing
// the large variant would add an allocation per pair for no gain.
#[allow(clippy::large_enum_variant)]
enum Mixed<'a, S> {
    Fly(OnTheFly<S>),
    Stored(Stored<'a>),
}

impl<S: Steps> LineSource for Mixed<'_, S> {
    #[inline]
    fn double(&mut self) -> Line {
        match self {
            Mixed::Fly(f) => f.double(),
            Mixed::Stored(s) => s.double(),
        }
    }
    #[inline]
    fn add(&mut self) -> Line {
        match self {
            Mixed::Fly(f) => f.add(),
            Mixed::Stored(s) => s.add(),
        }
    }
    fn before_adds(all: &mut [Self]) {
        S::before_adds(all.iter_mut().filter_map(|m| match m {
            Mixed::Fly(f) => Some(&mut f.d),
            Mixed::Stored(_) => None,
        }))
    }
}

/// The work list of a loop over `pairs` (on the fly, by the steps `S`) and
/// `prepared`, without the pairs that have an identity.
fn mixed<'a, S: Steps>(pairs: &[(G1Affine, G2Affine)], prepared: &[(G1Affine, &'a G2Prepared)]) -> Vec<Mixed<'a, S>> {
    let fly = on_the_fly::<S>(pairs).into_iter().map(Mixed::Fly);
    let stored = prepared
        .iter()
        .filter(|(p, q)| !bool::from(p.is_identity()) && !q.is_identity())
        .map(|(p, q)| Mixed::Stored(Stored { lines: q.lines.iter(), xp: p.x(), yp: p.y() }));
    fly.chain(stored).collect()
}

/// The product of [`miller_loop`] over `pairs` and [`miller_loop_prepared`]
/// over `prepared`, in one loop (the Fp12 squarings shared): for checks
/// where some G2 points are fixed (a generator, a verification key) and
/// others are not. The same value (blst's product), the same
/// constant-time property.
pub fn miller_loop_mixed(pairs: &[(G1Affine, G2Affine)], prepared: &[(G1Affine, &G2Prepared)]) -> Fp12 {
    run(&mut mixed::<BlstSteps>(pairs, prepared))
}

/// [`miller_loop_mixed`] up to a factor in Fp2^*, with the homogeneous
/// steps for `pairs` (as [`miller_loop_up_to_fp2`]).
pub(crate) fn miller_loop_mixed_up_to_fp2(
    pairs: &[(G1Affine, G2Affine)],
    prepared: &[(G1Affine, &G2Prepared)],
) -> Fp12 {
    run(&mut mixed::<Doubler>(pairs, prepared))
}

/// The loop as before the line products: every line multiplied into f on
/// its own (`mul_by_014`), for A/B probes against [`miller_loop`]; with
/// `grouped`, the doubling lines of a step all computed before they are
/// multiplied in (to tell that reordering from the line products).
#[cfg(any(test, feature = "internals"))]
pub(crate) fn probe_miller_loop_single_lines(pairs: &[(G1Affine, G2Affine)], grouped: bool) -> Fp12 {
    single_lines::<BlstSteps>(pairs, grouped)
}

/// [`probe_miller_loop_single_lines`] with the steps `S`.
#[cfg(any(test, feature = "internals"))]
fn single_lines<S: Steps>(pairs: &[(G1Affine, G2Affine)], grouped: bool) -> Fp12 {
    let mut work = on_the_fly::<S>(pairs);
    let mut buf = [Fp12::ONE; 2];
    let mut cur = 0;
    let mut lines: Vec<Line> = Vec::with_capacity(work.len());
    for i in (0..63).rev() {
        if i != 62 {
            step(&mut buf, &mut cur, |f, out| f.square_to(out));
        }
        if grouped {
            // All the lines of the step, then all the sparse products.
            lines.clear();
            lines.extend(work.iter_mut().map(|src| src.double()));
            for (k, line) in lines.iter().enumerate() {
                if i == 62 && k == 0 {
                    buf[cur] = line.to_fp12();
                } else {
                    step(&mut buf, &mut cur, |f, out| line.multiply_to(f, out));
                }
            }
        } else {
            for (k, src) in work.iter_mut().enumerate() {
                let line = src.double();
                if i == 62 && k == 0 {
                    buf[cur] = line.to_fp12();
                } else {
                    step(&mut buf, &mut cur, |f, out| line.multiply_to(f, out));
                }
            }
        }
        if (Z_ABS >> i) & 1 == 1 {
            LineSource::before_adds(&mut work[..]);
            for src in work.iter_mut() {
                let line = src.add();
                step(&mut buf, &mut cur, |f, out| line.multiply_to(f, out));
            }
        }
    }
    buf[cur].conjugate()
}

/// `n` doubling steps from `q`, their lines evaluated at `p` and summed
/// (so that nothing is optimised away), for the probes.
#[cfg(any(test, feature = "internals"))]
pub(crate) fn probe_doubling_steps(p: &G1Affine, q: &G2Affine, n: usize) -> Fp12 {
    let mut src = OnTheFly::<Doubler>::new(p, q);
    let mut acc = Fp12::ZERO;
    for _ in 0..n {
        acc = acc.add(&src.double().to_fp12());
    }
    acc
}

/// `n` addition steps T += Q from T = 2Q, their lines evaluated at `p`
/// and summed, for the probes.
#[cfg(any(test, feature = "internals"))]
pub(crate) fn probe_addition_steps(p: &G1Affine, q: &G2Affine, n: usize) -> Fp12 {
    let mut src = OnTheFly::<Doubler>::new(p, q);
    src.double();
    let mut acc = Fp12::ZERO;
    for _ in 0..n {
        acc = acc.add(&src.add().to_fp12());
    }
    acc
}

/// `f` times the `n` lines of doubling steps from `q` at `p`, for the probes.
#[cfg(any(test, feature = "internals"))]
pub(crate) fn probe_line_products(f: &Fp12, p: &G1Affine, q: &G2Affine, n: usize) -> Fp12 {
    let mut src = OnTheFly::<Doubler>::new(p, q);
    let mut f = *f;
    for _ in 0..n {
        f = src.double().multiply(&f);
    }
    f
}

#[cfg(test)]
mod tests;
