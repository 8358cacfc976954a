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

use crate::curve::{G1Affine, G2Affine, G2Projective, Z_ABS};
use crate::field::kernels::LineProduct;
use crate::field::{Fp, Fp12, Fp2, Fp6};

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

/// A point of E' in homogeneous projective coordinates (the T of the loop).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Homogeneous {
    x: Fp2,
    y: Fp2,
    z: Fp2,
}

/// T with the constants of P its doubling steps need: the state of the
/// fused doubling kernel, `(X, Y, Z, -3 xp, 2 yp)` (with xp = yp = 1 the
/// lines come out unevaluated, as a [`G2Prepared`] stores them).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Doubler {
    t: Homogeneous,
    xn3: Fp,
    yp2: Fp,
}

impl Doubler {
    fn new(q: &G2Affine, xp: &Fp, yp: &Fp) -> Doubler {
        let xp3 = xp.double().add(xp);
        Doubler { t: start(q), xn3: xp3.neg(), yp2: yp.double() }
    }

    /// T = 2T; returns the tangent at the old T evaluated at P (formulas in
    /// the module doc).
    #[inline]
    fn double(&mut self) -> Line {
        meter!(MillerDoubleStep);
        let mut line = core::mem::MaybeUninit::<Line>::uninit();
        // SAFETY: Doubler is repr(C) over a repr(C) Homogeneous (three Fp2)
        // and two Fp, i.e. eight Fp (Fp2 is repr(C) over two Fp); Line is
        // repr(C) over three Fp2. The kernel writes all of `line`.
        unsafe {
            let s = &mut *(self as *mut Doubler as *mut [Fp; 8]);
            let l = &mut *(&mut line as *mut core::mem::MaybeUninit<Line> as *mut core::mem::MaybeUninit<[Fp2; 3]>);
            crate::field::kernels::miller_double(s, l);
            line.assume_init()
        }
    }
}

impl Homogeneous {
    /// T = T + Q for an affine Q (T != +-Q); returns the chord through T and Q.
    #[inline]
    fn add(&mut self, q: &G2Affine) -> Line {
        meter!(MillerAddStep);
        let (x2, y2) = (q.x(), q.y());
        let theta = self.y.sub(&y2.mul(&self.z));
        let lambda = self.x.sub(&x2.mul(&self.z));
        let c = theta.square();
        let d = lambda.square();
        let e = lambda.mul(&d);
        let f = self.z.mul(&c);
        let g = self.x.mul(&d);
        let h = e.add(&f).sub(&g.double());
        // The two differences of products at double width, one reduction
        // per coefficient each.
        let line = Line { c0: theta.mul_sub_mul(&x2, &lambda, &y2), c1: theta.neg(), c4: lambda };
        self.x = lambda.mul(&h);
        self.y = theta.mul_sub_mul(&g.sub(&h), &self.y, &e);
        self.z = self.z.mul(&e);
        line
    }
}

/// Where a Miller loop takes the lines of one pair from, evaluated at its
/// P: computed from Q as the loop goes ([`OnTheFly`]) or read from a
/// [`G2Prepared`].
trait LineSource {
    /// The line of the next doubling step.
    fn double(&mut self) -> Line;
    /// The line of the next addition step.
    fn add(&mut self) -> Line;
}

/// Lines computed from Q during the loop.
struct OnTheFly {
    d: Doubler,
    q: G2Affine,
    xp: Fp,
    yp: Fp,
}

impl OnTheFly {
    fn new(p: &G1Affine, q: &G2Affine) -> OnTheFly {
        let (xp, yp) = (p.x(), p.y());
        OnTheFly { d: Doubler::new(q, &xp, &yp), q: *q, xp, yp }
    }
}

impl LineSource for OnTheFly {
    #[inline]
    fn double(&mut self) -> Line {
        self.d.double()
    }
    #[inline]
    fn add(&mut self) -> Line {
        self.d.t.add(&self.q).evaluate(&self.xp, &self.yp)
    }
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
/// arithmetic. 68 lines of three Fp2 each (about 20 KB).
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
        let mut d = Doubler::new(q, &Fp::ONE, &Fp::ONE);
        let mut lines = Vec::with_capacity(LINES);
        for i in (0..63).rev() {
            lines.push(d.double());
            if (Z_ABS >> i) & 1 == 1 {
                lines.push(d.t.add(q));
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

/// T = Q at the start of the loop.
fn start(q: &G2Affine) -> Homogeneous {
    Homogeneous { x: q.x(), y: q.y(), z: Fp2::ONE }
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
/// Not yet a pairing value: see [`super::final_exponentiation`]. Constant
/// time in the points, except that whether a point is the identity is
/// visible (such a pair is skipped).
pub fn miller_loop(pairs: &[(G1Affine, G2Affine)]) -> Fp12 {
    let mut work: Vec<OnTheFly> = pairs
        .iter()
        .filter(|(p, q)| !bool::from(p.is_identity() | q.is_identity()))
        .map(|(p, q)| OnTheFly::new(p, q))
        .collect();
    run(&mut work)
}

/// [`miller_loop`], and for each pair of the loop (neither point the
/// identity, in input order) its Q and the loop's final T = [|z|]Q as a
/// Jacobian point (T runs from Q over the bits of |z|: the doubling and
/// addition steps are the group law whenever T != +-Q, and an addition
/// with T = +-Q, or any step from T = O, leaves Z = 0 for good: see
/// `super::pairing_check_g2_checked_vartime`).
pub(crate) fn miller_loop_with_t(pairs: &[(G1Affine, G2Affine)]) -> (Fp12, Vec<(G2Affine, G2Projective)>) {
    let mut work: Vec<OnTheFly> = pairs
        .iter()
        .filter(|(p, q)| !bool::from(p.is_identity() | q.is_identity()))
        .map(|(p, q)| OnTheFly::new(p, q))
        .collect();
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

/// [`miller_loop`] with the G2 side prepared in advance (the same
/// constant-time property).
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
enum Mixed<'a> {
    Fly(OnTheFly),
    Stored(Stored<'a>),
}

impl LineSource for Mixed<'_> {
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
}

/// The product of [`miller_loop`] over `pairs` and [`miller_loop_prepared`]
/// over `prepared`, in one loop (the Fp12 squarings shared): for checks
/// where some G2 points are fixed (a generator, a verification key) and
/// others are not. The same constant-time property.
pub fn miller_loop_mixed(pairs: &[(G1Affine, G2Affine)], prepared: &[(G1Affine, &G2Prepared)]) -> Fp12 {
    let fly = pairs
        .iter()
        .filter(|(p, q)| !bool::from(p.is_identity() | q.is_identity()))
        .map(|(p, q)| Mixed::Fly(OnTheFly::new(p, q)));
    let stored = prepared
        .iter()
        .filter(|(p, q)| !bool::from(p.is_identity()) && !q.is_identity())
        .map(|(p, q)| Mixed::Stored(Stored { lines: q.lines.iter(), xp: p.x(), yp: p.y() }));
    let mut work: Vec<Mixed<'_>> = fly.chain(stored).collect();
    run(&mut work)
}

/// The loop as before the line products: every line multiplied into f on
/// its own (`mul_by_014`), for A/B probes against [`miller_loop`]; with
/// `grouped`, the doubling lines of a step all computed before they are
/// multiplied in (to tell that reordering from the line products).
#[cfg(any(test, feature = "internals"))]
pub(crate) fn probe_miller_loop_single_lines(pairs: &[(G1Affine, G2Affine)], grouped: bool) -> Fp12 {
    let mut work: Vec<OnTheFly> = pairs
        .iter()
        .filter(|(p, q)| !bool::from(p.is_identity() | q.is_identity()))
        .map(|(p, q)| OnTheFly::new(p, q))
        .collect();
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
    let mut src = OnTheFly::new(p, q);
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
    let mut src = OnTheFly::new(p, q);
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
    let mut src = OnTheFly::new(p, q);
    let mut f = *f;
    for _ in 0..n {
        f = src.double().multiply(&f);
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::Fr;
    use rand_core::SeedableRng;

    /// The doubling kernel's lines evaluated at P equal its unevaluated
    /// lines (xp = yp = 1) evaluated afterwards, and the points agree.
    #[test]
    fn evaluated_lines_match() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(8);
        for _ in 0..20 {
            let q = G2Projective::generator().mul(&Fr::random(&mut rng)).to_affine();
            let p = G1Affine::from(crate::G1Projective::generator().mul(&Fr::random(&mut rng)));
            let mut at_p = OnTheFly::new(&p, &q);
            let mut bare = Doubler::new(&q, &Fp::ONE, &Fp::ONE);
            for _ in 0..5 {
                let (a, b) = (at_p.double(), bare.double().evaluate(&p.x(), &p.y()));
                assert_eq!((a.c0, a.c1, a.c4), (b.c0, b.c1, b.c4));
            }
            assert_eq!((at_p.d.t.x, at_p.d.t.y, at_p.d.t.z), (bare.t.x, bare.t.y, bare.t.z));
        }
    }

    /// The loop with lines taken two at a time equals the loop with one
    /// line at a time, for 0 to 5 pairs (odd counts leave a single line).
    #[test]
    fn line_pairs_match_single_lines() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        let pairs: Vec<(G1Affine, G2Affine)> = (0..5)
            .map(|_| {
                (
                    G1Affine::from(crate::G1Projective::generator().mul(&Fr::random(&mut rng))),
                    G2Projective::generator().mul(&Fr::random(&mut rng)).to_affine(),
                )
            })
            .collect();
        for n in 0..=5 {
            let want = probe_miller_loop_single_lines(&pairs[..n], false);
            assert_eq!(probe_miller_loop_single_lines(&pairs[..n], true), want, "{n} pairs, grouped");
            assert_eq!(miller_loop(&pairs[..n]), want, "{n} pairs");
            let prepared: Vec<G2Prepared> = pairs[..n].iter().map(|(_, q)| G2Prepared::new(q)).collect();
            let refs: Vec<(G1Affine, &G2Prepared)> =
                pairs[..n].iter().zip(&prepared).map(|((p, _), q)| (*p, q)).collect();
            assert_eq!(miller_loop_prepared(&refs), want, "{n} prepared pairs");
        }
    }

    /// The homogeneous steps against the group law of the Jacobian code.
    #[test]
    fn steps_follow_the_group_law() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        for _ in 0..20 {
            let q = G2Projective::generator().mul(&Fr::random(&mut rng)).to_affine();
            let mut d = Doubler::new(&q, &Fp::ONE, &Fp::ONE);
            let mut m = G2Projective::from(q);
            for step in 0..6 {
                if step % 2 == 0 {
                    d.double();
                    m = m.double();
                } else {
                    d.t.add(&q);
                    m = m.add_affine(&q);
                }
                let t = &d.t;
                let zinv = t.z.invert().unwrap();
                let a = m.to_affine();
                assert_eq!(t.x.mul(&zinv), a.x());
                assert_eq!(t.y.mul(&zinv), a.y());
            }
        }
    }
}
