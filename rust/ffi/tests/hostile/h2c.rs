//! The cases of the hash-to-curve steps (in the child): `map_to_curve`
//! gets the decoder cases (NULL, every wrong length, raw bytes) and then
//! field elements at the edge of canonical (p and above rejected with
//! NOT_CANONICAL and `out` untouched, p - 1 and 0 mapped onto the curve);
//! `clear_cofactor` and `_vartime` get the unary cases (NULL, foreign
//! in-memory forms) and then points off the curve (NOT_ON_CURVE, `out`
//! untouched), the identity, small-order points and the generator (OK, a
//! point of the subgroup).

use super::*;

const NOT_CANONICAL: c_int = 2;
const NOT_ON_CURVE: c_int = 6;

/// p as 48 big-endian bytes.
fn p_be() -> Vec<u8> {
    P_LIMBS.iter().rev().flat_map(|l| l.to_be_bytes()).collect()
}

/// p - 1 as 48 big-endian bytes.
fn p_minus_1_be() -> Vec<u8> {
    let mut b = p_be();
    // p is odd: its last byte is not zero.
    b[47] -= 1;
    b
}

/// `f(out[o], u, n)`: a map from an `n`-byte field element (48 or 96
/// bytes) to an `o`-byte Jacobian point.
pub(crate) fn run_map(f: &str, d: Decode, o: usize, n: usize) {
    run(f, Kind::Decode(d, o, n));
    let coeffs = n / 48;
    let fe = |parts: &[&[u8]]| -> Vec<u8> { parts.concat() };
    let zero = vec![0u8; 48];
    let (p, pm1) = (p_be(), p_minus_1_be());
    let mut over_p = p.clone();
    over_p[47] += 1;
    let ff = vec![0xffu8; 48];
    let mut bad: Vec<(String, Vec<u8>)> = Vec::new();
    let mut good: Vec<(String, Vec<u8>)> = Vec::new();
    for k in 0..coeffs {
        // Coefficient k takes the value, the others zero (c0 || c1).
        let at = |v: &Vec<u8>| -> Vec<u8> {
            let mut parts: Vec<&[u8]> = vec![&zero; coeffs];
            parts[k] = v;
            fe(&parts)
        };
        bad.push((format!("coefficient {k} = p"), at(&p)));
        bad.push((format!("coefficient {k} = p + 1"), at(&over_p)));
        bad.push((format!("coefficient {k} = 2^384 - 1"), at(&ff)));
        good.push((format!("coefficient {k} = p - 1"), at(&pm1)));
    }
    good.push(("zero".to_string(), vec![0u8; n]));
    good.push(("every coefficient p - 1".to_string(), pm1.repeat(coeffs)));
    for (what, u) in bad {
        case(f, &what);
        let u = Buf::new(&u);
        let mut out = Buf::out(o);
        check_eq!(unsafe { d(out.m(), u.p(), n) }, NOT_CANONICAL, "{f}: {what}");
        check!(out.store[1..1 + o].iter().all(|&b| b == 0x5a), "{f}: {what}: out written on error");
        out.check(f);
    }
    for (what, u) in good {
        case(f, &what);
        let u = Buf::new(&u);
        let mut out = Buf::out(o);
        check_eq!(unsafe { d(out.m(), u.p(), n) }, 0, "{f}: {what}");
        out.check(f);
        // On the curve: the group's cofactor clearing accepts it.
        let mut cleared = Buf::out(o);
        let c = if o == G1_SIZE {
            unsafe { bls12_381_g1_clear_cofactor(cleared.m(), out.p()) }
        } else {
            unsafe { bls12_381_g2_clear_cofactor(cleared.m(), out.p()) }
        };
        check_eq!(c, 0, "{f}: {what}: the map's point is on the curve");
        cleared.check(f);
    }
}

/// `f(out[o], a[o])`: a cofactor clearing of `o`-byte Jacobian points.
pub(crate) fn run_clear(f: &str, u: UnaryI, o: usize) {
    run(f, Kind::UnaryI(u, o, o, Form::Fp));
    let (g, small, in_subgroup): (Vec<u8>, Vec<Vec<u8>>, Pred1) = if o == G1_SIZE {
        (g1_generator(), small_order_g1(), bls12_381_g1_is_in_subgroup)
    } else {
        (g2_generator(), small_order_g2(), bls12_381_g2_is_in_subgroup)
    };
    // Off the curve: the generator with the lowest bit of X's or of Y's
    // in-memory form flipped (a coordinate changed by R^-1: still below
    // p, and the equation Y^2 = X^3 + b Z^6 fails).
    let coord = o / 3;
    let mut off_x = g.clone();
    off_x[0] ^= 1;
    let mut off_y = g.clone();
    off_y[coord] ^= 1;
    for (what, x) in [("X changed", off_x), ("Y changed", off_y)] {
        case(f, &format!("off the curve: {what}"));
        let x = Buf::new(&x);
        let mut out = Buf::out(o);
        check_eq!(unsafe { u(out.m(), x.p()) }, NOT_ON_CURVE, "{f}: {what}");
        check!(out.store[1..1 + o].iter().all(|&b| b == 0x5a), "{f}: {what}: out written on error");
        out.check(f);
    }
    let mut id = vec![0u8; o];
    if o == G1_SIZE {
        unsafe { bls12_381_g1_zero(id.as_mut_ptr()) };
    } else {
        unsafe { bls12_381_g2_zero(id.as_mut_ptr()) };
    }
    let mut points = vec![("identity".to_string(), id), ("generator".to_string(), g)];
    points.extend(small.into_iter().enumerate().map(|(i, s)| (format!("small order {i}"), s)));
    for (what, x) in points {
        case(f, &what);
        let x = Buf::new(&x);
        let mut out = Buf::out(o);
        check_eq!(unsafe { u(out.m(), x.p()) }, 0, "{f}: {what}");
        out.check(f);
        check_eq!(unsafe { in_subgroup(out.p()) }, 1, "{f}: {what}: the result is in the subgroup");
    }
}
