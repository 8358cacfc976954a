//! T and its steps, each with its line: homogeneous ([`Doubler`]: the
//! pairing functions' loop), Jacobian as blst keeps it
//! ([`JacobianDoubler`]: blst's lines, as [`super::G2Prepared`] stores
//! them), and blst's lines at less cost on the fly ([`BlstSteps`]). The
//! formulas and the reasons are in the module doc of [`super`].

use super::Line;
use crate::curve::{G2Affine, Z_ABS};
use crate::field::{Fp, Fp2};
use subtle::ConditionallySelectable;

/// A point of E' in homogeneous projective coordinates (the T of the loop).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(super) struct Homogeneous {
    pub(super) x: Fp2,
    pub(super) y: Fp2,
    pub(super) z: Fp2,
}

/// T with the constants of P its doubling steps need: the state of the
/// fused doubling kernel, `(X, Y, Z, -3 xp, 2 yp)` (with xp = yp = 1 the
/// lines come out unevaluated, as a [`super::G2Prepared`] stores them).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(super) struct Doubler {
    pub(super) t: Homogeneous,
    xn3: Fp,
    yp2: Fp,
}

impl Doubler {
    pub(super) fn new(q: &G2Affine, xp: &Fp, yp: &Fp) -> Doubler {
        let xp3 = xp.double().add(xp);
        Doubler { t: start(q), xn3: xp3.neg(), yp2: yp.double() }
    }

    /// T = 2T; returns the tangent at the old T evaluated at P (formulas in
    /// the module doc of [`super`]).
    #[inline]
    pub(super) fn double(&mut self) -> Line {
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
    pub(super) fn add(&mut self, q: &G2Affine) -> Line {
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

/// T in Jacobian coordinates (X : Y : Z), x = X / Z^2, y = Y / Z^3, with
/// V = Z^3, and the constants of P its doubling steps need: the state of
/// the kernel `field::kernels::miller_double_jacobian`, `(X, Y, V, Z,
/// -6 xp, 4 yp)` (with xp = yp = 1 the lines come out unevaluated, as a
/// [`super::G2Prepared`] stores them). Its lines are blst's (module doc of [`super`]).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(super) struct JacobianDoubler {
    pub(super) x: Fp2,
    pub(super) y: Fp2,
    pub(super) v: Fp2,
    pub(super) z: Fp2,
    xn6: Fp,
    yp4: Fp,
}

impl JacobianDoubler {
    pub(super) fn new(q: &G2Affine, xp: &Fp, yp: &Fp) -> JacobianDoubler {
        let xp2 = xp.double();
        let xp6 = xp2.double().add(&xp2);
        JacobianDoubler { x: q.x(), y: q.y(), v: Fp2::ONE, z: Fp2::ONE, xn6: xp6.neg(), yp4: yp.double().double() }
    }

    /// T = 2T (Z' = 2 Y Z, V' = Z'^3); returns the tangent at the old T
    /// evaluated at P, blst's (formulas at the kernel).
    #[inline]
    pub(super) fn double(&mut self) -> Line {
        meter!(MillerDoubleStep);
        let mut line = core::mem::MaybeUninit::<Line>::uninit();
        // SAFETY: JacobianDoubler is repr(C) over four Fp2 and two Fp, i.e.
        // ten Fp (Fp2 is repr(C) over two Fp); Line is repr(C) over three
        // Fp2. The kernel writes all of `line`.
        unsafe {
            let s = &mut *(self as *mut JacobianDoubler as *mut [Fp; 10]);
            let l = &mut *(&mut line as *mut core::mem::MaybeUninit<Line> as *mut core::mem::MaybeUninit<[Fp2; 3]>);
            crate::field::kernels::miller_double_jacobian(s, l);
            line.assume_init()
        }
    }

    /// T = T + Q for an affine Q by blst's mixed addition (madd-2007-bl;
    /// its formulas for every T, so T = +-Q and T = O give what blst's
    /// give): Z1Z1 = Z^2, U2 = x2 Z1Z1, S2 = y2 Z^3, H = U2 - X,
    /// I = 4 H^2, J = H I, r = 2 (S2 - Y), W = X I; X' = r^2 - J - 2W,
    /// Y' = r (W - X') - 2 Y J, Z' = 2 Z H. Returns the chord, unevaluated:
    /// (2 (r x2 - y2 Z'), -2 r, 2 Z').
    #[inline]
    pub(super) fn add(&mut self, q: &G2Affine) -> Line {
        meter!(MillerAddStep);
        let (x2, y2) = (q.x(), q.y());
        let zz = self.z.square();
        let h = x2.mul(&zz).sub(&self.x);
        let i = h.square().double().double();
        let j = h.mul(&i);
        let r = y2.mul(&self.v).sub(&self.y).double();
        let w = self.x.mul(&i);
        let x3 = r.square().sub(&j).sub(&w.double());
        let y3 = r.mul_sub_mul(&w.sub(&x3), &self.y.double(), &j);
        let z3 = self.z.mul(&h).double();
        let line = Line { c0: r.mul_sub_mul(&x2, &y2, &z3).double(), c1: r.double().neg(), c4: z3.double() };
        self.x = x3;
        self.y = y3;
        self.v = z3.square().mul(&z3);
        self.z = z3;
        line
    }
}

/// The G2 side of one pair's loop: T with its steps, each returning its
/// line (the doubling's evaluated at P, the addition's not).
pub(super) trait Steps: Sized {
    fn new(q: &G2Affine, xp: &Fp, yp: &Fp) -> Self;
    fn double(&mut self) -> Line;
    fn add(&mut self, q: &G2Affine) -> Line;
    /// Before the additions of a step, for all the pairs at once.
    fn before_adds<'a>(_all: impl Iterator<Item = &'a mut Self>)
    where
        Self: 'a,
    {
    }
}

/// Homogeneous T: lines up to factors in Fp2 (the pairing functions).
impl Steps for Doubler {
    fn new(q: &G2Affine, xp: &Fp, yp: &Fp) -> Doubler {
        Doubler::new(q, xp, yp)
    }
    #[inline]
    fn double(&mut self) -> Line {
        Doubler::double(self)
    }
    #[inline]
    fn add(&mut self, q: &G2Affine) -> Line {
        self.t.add(q)
    }
}

/// Jacobian T: blst's lines (the raw-value functions, [`super::G2Prepared`]).
impl Steps for JacobianDoubler {
    fn new(q: &G2Affine, xp: &Fp, yp: &Fp) -> JacobianDoubler {
        JacobianDoubler::new(q, xp, yp)
    }
    #[inline]
    fn double(&mut self) -> Line {
        JacobianDoubler::double(self)
    }
    #[inline]
    fn add(&mut self, q: &G2Affine) -> Line {
        JacobianDoubler::add(self, q)
    }
}

/// Doubling steps after the last addition of the loop: the trailing zero
/// bits of |z|, 16.
pub(super) const TAIL: u32 = Z_ABS.trailing_zeros();

/// Doubling steps between the last two additions (bits 47 to 16 of |z|),
/// 32.
pub(super) const RUN: u32 = (Z_ABS >> (TAIL + 1)).trailing_zeros() + 1;

/// The doublings before the run: 15.
pub(super) const HEAD: u32 = 63 - RUN - TAIL;

/// blst's lines on the fly, at one Fp2 product a doubling step less than
/// [`JacobianDoubler`] in 48 of the 63 steps (module doc of [`super`]).
///
/// From blst's (X Z, Y, V), the homogeneous [`Doubler`] (scaled by 1/4
/// against the unscaled doubling, which keeps V = Z^3; homogeneous of
/// degree 4 in the point) goes to states c_k times blst's, c_0 = 1,
/// c_{k+1} = c_k^4 / 4, and to lines c_k^2 / 2 times blst's (degree 2;
/// its constants -3 xp, 2 yp and its c0 = B - E are half of blst's). So:
/// - the first [`HEAD`] doublings and their additions are Jacobian;
/// - the [`RUN`] doublings after the addition that follows them are
///   homogeneous, and the addition at their end is blst's written with
///   1 / V ([`BlstSteps::add_with_inverse`]; the inversions of all the
///   pairs in one, by Montgomery's trick, [`Steps::before_adds`]);
/// - the last [`TAIL`] doublings are homogeneous, with no addition after
///   them.
///
/// A line at bit i of |z| is raised to 2^i by the squarings after it, so
/// f is blst's times K, the product of the (c_k^2 / 2)^(2^i) of the
/// homogeneous lines: a power of 2 ([`correction`]). The last line is
/// multiplied by 1 / K (six Fp products).
pub(super) struct BlstSteps {
    jac: JacobianDoubler,
    hom: Doubler,
    /// Doublings done so far.
    doublings: u32,
    /// 1 / V at the end of the run (zero for V = 0), set by
    /// [`Steps::before_adds`].
    v_inv: Fp2,
}

/// a_k with c_k = 2^(-a_k) ([`BlstSteps`]): a_0 = 0, a_{k+1} = 4 a_k + 2.
const fn scale_exponent(k: u32) -> u128 {
    let (mut a, mut j) = (0u128, 0);
    while j < k {
        a = 4 * a + 2;
        j += 1;
    }
    a
}

/// The exponent e of 1 / K = 2^e ([`BlstSteps`]): homogeneous step k of a
/// stretch carries 2^(-(2 a_k + 1)), raised to 2^(bit of its line).
const fn correction_exponent() -> u128 {
    let (mut e, mut k) = (0u128, 0);
    while k < RUN {
        e += (2 * scale_exponent(k) + 1) << (TAIL + RUN - 1 - k);
        k += 1;
    }
    k = 0;
    while k < TAIL {
        e += (2 * scale_exponent(k) + 1) << (TAIL - 1 - k);
        k += 1;
    }
    e
}

/// 1 / K ([`BlstSteps`]) and 1 / c_RUN = 2^(a_RUN), the scale of the
/// states at the end of the run (computed once).
fn correction() -> &'static (Fp, Fp) {
    static C: std::sync::OnceLock<(Fp, Fp)> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let pow2 = |e: u128| Fp::from_u64(2).pow_vartime(&[e as u64, (e >> 64) as u64]);
        (pow2(correction_exponent()), pow2(scale_exponent(RUN)))
    })
}

impl BlstSteps {
    /// T = T + Q, blst's addition and chord (as [`JacobianDoubler::add`])
    /// from the homogeneous state (X Z, Y, V) of blst's T, which lacks the
    /// Jacobian X and Z, and `v_inv` = 1 / V: with lambda = X Z - x2 V =
    /// -H Z, Z' = 2 Z H = -2 lambda, and with mu = lambda^2 / V, J = H I =
    /// -4 lambda mu and W = X I = 4 (X Z) mu, so X' = r^2 + 4 lambda mu -
    /// 2W and Y' = r (W - X') + 8 Y lambda mu (r = 2 (y2 V - Y)). T becomes
    /// (X' Z', Y', Z'^3). If V = 0 (T = O: only off the subgroups, and then
    /// `v_inv` = 0), blst's T + Q is (0 : 0 : 0) (its X' = 4 (Y^2 - X^3) and
    /// Y' vanish on the curve), and so is ours; the chord needs no 1 / V.
    /// Constant time.
    fn add_with_inverse(t: &mut Homogeneous, v_inv: &Fp2, q: &G2Affine) -> Line {
        meter!(MillerAddStep);
        let (x2, y2) = (q.x(), q.y());
        let (xz, y, v) = (t.x, t.y, t.z);
        let v_zero = v.is_zero();
        let lambda = xz.sub(&x2.mul(&v));
        let mu = lambda.square().mul(v_inv);
        let lmu4 = lambda.mul(&mu).double().double();
        let w = xz.mul(&mu).double().double();
        let r = y2.mul(&v).sub(&y).double();
        let x3 = r.square().add(&lmu4).sub(&w.double());
        let y3 = r.mul(&w.sub(&x3)).add(&y.mul(&lmu4).double());
        let z3 = lambda.double().neg();
        let line = Line { c0: r.mul_sub_mul(&x2, &y2, &z3).double(), c1: r.double().neg(), c4: z3.double() };
        t.x = Fp2::conditional_select(&x3.mul(&z3), &Fp2::ZERO, v_zero);
        t.y = Fp2::conditional_select(&y3, &Fp2::ZERO, v_zero);
        t.z = z3.square().mul(&z3);
        line
    }
}

impl Steps for BlstSteps {
    fn new(q: &G2Affine, xp: &Fp, yp: &Fp) -> BlstSteps {
        BlstSteps { jac: JacobianDoubler::new(q, xp, yp), hom: Doubler::new(q, xp, yp), doublings: 0, v_inv: Fp2::ZERO }
    }

    /// At the end of the run: the states, c_RUN = 2^(-a_RUN) times blst's,
    /// made blst's, and their 1 / V by one batch inversion (Montgomery's
    /// trick: one inversion and 3 (n - 1) Fp2 products for n pairs;
    /// constant time, zeros left zero).
    fn before_adds<'a>(all: impl Iterator<Item = &'a mut BlstSteps>) {
        let mut run_end: Vec<&'a mut BlstSteps> = all.filter(|s| s.doublings == HEAD + RUN).collect();
        if run_end.is_empty() {
            return;
        }
        let c = &correction().1;
        let mut vs: Vec<Fp2> = run_end
            .iter_mut()
            .map(|s| {
                let t = &mut s.hom.t;
                (t.x, t.y, t.z) = (t.x.mul_by_fp(c), t.y.mul_by_fp(c), t.z.mul_by_fp(c));
                t.z
            })
            .collect();
        Fp2::batch_invert(&mut vs);
        for (s, v) in run_end.iter_mut().zip(vs) {
            s.v_inv = v;
        }
    }

    #[inline]
    fn double(&mut self) -> Line {
        self.doublings += 1;
        if self.doublings <= HEAD {
            return self.jac.double();
        }
        let line = self.hom.double();
        if self.doublings == 63 {
            line.scale(&correction().0)
        } else {
            line
        }
    }

    #[inline]
    fn add(&mut self, q: &G2Affine) -> Line {
        if self.doublings <= HEAD {
            let line = self.jac.add(q);
            if self.doublings == HEAD {
                // On to the homogeneous run, from blst's (X Z, Y, V).
                let j = &self.jac;
                self.hom.t = Homogeneous { x: j.x.mul(&j.z), y: j.y, z: j.v };
            }
            return line;
        }
        // The end of the run (state and 1 / V from `before_adds`).
        BlstSteps::add_with_inverse(&mut self.hom.t, &self.v_inv, q)
    }
}

/// T = Q at the start of the loop.
fn start(q: &G2Affine) -> Homogeneous {
    Homogeneous { x: q.x(), y: q.y(), z: Fp2::ONE }
}
