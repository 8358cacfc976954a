//! The hash-to-curve steps of the C ABI (`bls12_381_g?_hash_to_curve_vartime`,
//! `_map_to_curve`, `_clear_cofactor`, `_clear_cofactor_vartime`) through
//! the exported symbols, against references reached by other paths:
//!
//! - RFC 9380's vectors: `map_to_curve(u)` is the vector's Q0 / Q1 (or Q),
//!   `clear_cofactor` of their sum (or of Q) is P, and
//!   `hash_to_curve_vartime(msg)` is P, compared as ZCash encodings;
//! - go-ethereum's EIP-2537 MAP vectors: `clear_cofactor(map_to_curve(u))`
//!   for the unpadded u is the expected output, and on random u equals
//!   `bls12_381_eip2537_run` of the padded u (the precompile's own path
//!   through rust/eip2537);
//! - on random u: the map equals the core's `map_to_curve`, both cofactor
//!   clearings equal `[h_eff] P` by double-and-add over the exported
//!   `add` and `double` (h_eff written out here from RFC 9380, 8.8), and
//!   the result is in the subgroup;
//! - `hash_to_curve_vartime` equals `hash_to_curve` on random messages and
//!   DSTs;
//! - the errors: lengths, non-canonical coefficients, points off the curve.

mod common;

use bls12_381_core::curve::{G1Projective, G2Projective};
use bls12_381_core::{Fp, Fp2};
use bls12_381_ffi::*;
use common::Rng;
use core::ffi::c_int;
use serde_json::Value;

const NOT_CANONICAL: c_int = 2;
const NOT_ON_CURVE: c_int = 6;

/// h_eff of G1: 1 - z (RFC 9380, 8.8.1).
const H_EFF_G1: &str = "d201000000010001";
/// h_eff of G2 (RFC 9380, 8.8.2).
const H_EFF_G2: &str = "0bc69f08f2ee75b3584c6a0ea91b352888e2a8e9145ad7689986ff031508ffe1329c2f178731db956d82bf015d1212b02ec0ec69d7477c1ae954cbc06689f6a359894c0adebbf6b4e8020005aaa95551";

/// p, big-endian.
const P_HEX: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";

fn unhex(s: &str) -> Vec<u8> {
    let s = s.trim().trim_start_matches("0x");
    let s = if s.len() % 2 == 1 { format!("0{s}") } else { s.to_string() };
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
}

/// A "0x..." integer as 48 big-endian bytes.
fn fp48(s: &str) -> Vec<u8> {
    let b = unhex(s);
    assert!(b.len() <= 48);
    let mut out = vec![0u8; 48 - b.len()];
    out.extend(b);
    out
}

fn read_json(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("vector file")).expect("JSON")
}

fn vectors(rel: &str) -> Value {
    read_json(&format!("{}/../../vectors/{rel}", env!("CARGO_MANIFEST_DIR")))
}

/// A random field element's 48 big-endian bytes, below p (the top byte
/// below p's).
fn rand_fp(rng: &mut Rng) -> Vec<u8> {
    let mut b: Vec<u8> = (0..48).map(|_| rng.next() as u8).collect();
    b[0] %= 0x1a;
    b
}

/// What the tests call of one group: its symbols and its encodings.
struct Group {
    size: usize,
    /// Bytes of a field element (48 / 96).
    field: usize,
    uncompressed: usize,
    map: unsafe extern "C" fn(*mut u8, *const u8, usize) -> c_int,
    clear: unsafe extern "C" fn(*mut u8, *const u8) -> c_int,
    clear_vartime: unsafe extern "C" fn(*mut u8, *const u8) -> c_int,
    hash: unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize),
    hash_vartime: unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize),
    add: unsafe extern "C" fn(*mut u8, *const u8, *const u8),
    double: unsafe extern "C" fn(*mut u8, *const u8),
    zero: unsafe extern "C" fn(*mut u8),
    eq: unsafe extern "C" fn(*const u8, *const u8) -> c_int,
    in_subgroup: unsafe extern "C" fn(*const u8) -> c_int,
    to_uncompressed: unsafe extern "C" fn(*mut u8, *const u8),
    of_uncompressed_unchecked: unsafe extern "C" fn(*mut u8, *const u8, usize) -> c_int,
    h_eff: &'static str,
    /// The core's map_to_curve of a field element's bytes, uncompressed.
    core_map: fn(&[u8]) -> Vec<u8>,
    /// The core's clear_cofactor of the point with that uncompressed encoding.
    core_clear: fn(&[u8]) -> Vec<u8>,
    /// EIP-2537's MAP precompile.
    eip_address: u64,
}

const G1: Group = Group {
    size: G1_SIZE,
    field: 48,
    uncompressed: G1_UNCOMPRESSED_BYTES,
    map: bls12_381_g1_map_to_curve,
    clear: bls12_381_g1_clear_cofactor,
    clear_vartime: bls12_381_g1_clear_cofactor_vartime,
    hash: bls12_381_g1_hash_to_curve,
    hash_vartime: bls12_381_g1_hash_to_curve_vartime,
    add: bls12_381_g1_add,
    double: bls12_381_g1_double,
    zero: bls12_381_g1_zero,
    eq: bls12_381_g1_eq,
    in_subgroup: bls12_381_g1_is_in_subgroup,
    to_uncompressed: bls12_381_g1_to_uncompressed,
    of_uncompressed_unchecked: bls12_381_g1_of_uncompressed_unchecked,
    h_eff: H_EFF_G1,
    core_map: |u| G1Projective::map_to_curve(&Fp::from_slice(u).unwrap()).to_affine().to_uncompressed().to_vec(),
    core_clear: |e| {
        let p = bls12_381_core::curve::G1Affine::from_uncompressed_unchecked(e).unwrap();
        G1Projective::from(p).clear_cofactor().to_affine().to_uncompressed().to_vec()
    },
    eip_address: 0x10,
};

const G2: Group = Group {
    size: G2_SIZE,
    field: 96,
    uncompressed: G2_UNCOMPRESSED_BYTES,
    map: bls12_381_g2_map_to_curve,
    clear: bls12_381_g2_clear_cofactor,
    clear_vartime: bls12_381_g2_clear_cofactor_vartime,
    hash: bls12_381_g2_hash_to_curve,
    hash_vartime: bls12_381_g2_hash_to_curve_vartime,
    add: bls12_381_g2_add,
    double: bls12_381_g2_double,
    zero: bls12_381_g2_zero,
    eq: bls12_381_g2_eq,
    in_subgroup: bls12_381_g2_is_in_subgroup,
    to_uncompressed: bls12_381_g2_to_uncompressed,
    of_uncompressed_unchecked: bls12_381_g2_of_uncompressed_unchecked,
    h_eff: H_EFF_G2,
    core_map: |u| {
        let u = Fp2::new(Fp::from_slice(&u[..48]).unwrap(), Fp::from_slice(&u[48..]).unwrap());
        G2Projective::map_to_curve(&u).to_affine().to_uncompressed().to_vec()
    },
    core_clear: |e| {
        let p = bls12_381_core::curve::G2Affine::from_uncompressed_unchecked(e).unwrap();
        G2Projective::from(p).clear_cofactor().to_affine().to_uncompressed().to_vec()
    },
    eip_address: 0x11,
};

impl Group {
    fn map(&self, u: &[u8]) -> Result<Vec<u8>, c_int> {
        let mut out = vec![0u8; self.size];
        match unsafe { (self.map)(out.as_mut_ptr(), u.as_ptr(), u.len()) } {
            0 => Ok(out),
            c => Err(c),
        }
    }

    fn clear_with(&self, f: unsafe extern "C" fn(*mut u8, *const u8) -> c_int, p: &[u8]) -> Result<Vec<u8>, c_int> {
        let mut out = vec![0x5au8; self.size];
        match unsafe { f(out.as_mut_ptr(), p.as_ptr()) } {
            0 => Ok(out),
            c => {
                assert!(out.iter().all(|&b| b == 0x5a), "out written on error");
                Err(c)
            }
        }
    }

    /// The constant-time clearing, checked equal to the variable-time one.
    fn clear(&self, p: &[u8]) -> Result<Vec<u8>, c_int> {
        let ct = self.clear_with(self.clear, p);
        let vt = self.clear_with(self.clear_vartime, p);
        match (&ct, &vt) {
            (Ok(a), Ok(b)) => assert!(self.eq(a, b), "clear_cofactor != clear_cofactor_vartime"),
            _ => assert_eq!(ct, vt),
        }
        ct
    }

    fn hash_with(
        &self,
        f: unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize),
        m: &[u8],
        d: &[u8],
    ) -> Vec<u8> {
        let mut out = vec![0u8; self.size];
        unsafe { f(out.as_mut_ptr(), m.as_ptr(), m.len(), d.as_ptr(), d.len()) };
        out
    }

    fn add(&self, a: &[u8], b: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; self.size];
        unsafe { (self.add)(out.as_mut_ptr(), a.as_ptr(), b.as_ptr()) };
        out
    }

    fn eq(&self, a: &[u8], b: &[u8]) -> bool {
        unsafe { (self.eq)(a.as_ptr(), b.as_ptr()) == 1 }
    }

    fn uncompressed(&self, p: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; self.uncompressed];
        unsafe { (self.to_uncompressed)(out.as_mut_ptr(), p.as_ptr()) };
        out
    }

    fn of_uncompressed_unchecked(&self, e: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; self.size];
        assert_eq!(unsafe { (self.of_uncompressed_unchecked)(out.as_mut_ptr(), e.as_ptr(), e.len()) }, 0);
        out
    }

    /// `[h_eff] p` by double-and-add over the exported add and double,
    /// from the top bit of h_eff.
    fn mul_h_eff(&self, p: &[u8]) -> Vec<u8> {
        let h = unhex(self.h_eff);
        let mut acc = vec![0u8; self.size];
        unsafe { (self.zero)(acc.as_mut_ptr()) };
        for byte in h {
            for bit in (0..8).rev() {
                let mut d = vec![0u8; self.size];
                unsafe { (self.double)(d.as_mut_ptr(), acc.as_ptr()) };
                acc = if (byte >> bit) & 1 == 1 { self.add(&d, p) } else { d };
            }
        }
        acc
    }

    /// A vector's point ({"x", "y"}: G1 "0x..", G2 "0x<c0>,0x<c1>") as its
    /// uncompressed ZCash encoding (G2: c1 before c0).
    fn vector_point(&self, v: &Value) -> Vec<u8> {
        let coord = |s: &str| -> Vec<u8> {
            match s.split_once(',') {
                Some((c0, c1)) => [fp48(c1), fp48(c0)].concat(),
                None => fp48(s),
            }
        };
        [coord(v["x"].as_str().unwrap()), coord(v["y"].as_str().unwrap())].concat()
    }

    /// A vector's u ("0x.." or "0x<c0>,0x<c1>") as the map's input.
    fn vector_u(&self, s: &str) -> Vec<u8> {
        match s.split_once(',') {
            Some((c0, c1)) => [fp48(c0), fp48(c1)].concat(),
            None => fp48(s),
        }
    }

    /// An uncompressed ZCash encoding as EIP-2537's x || y (each Fp padded
    /// to 64 bytes; G2: c0 before c1).
    fn eip_point(&self, e: &[u8]) -> Vec<u8> {
        let pad = |c: &[u8]| [vec![0u8; 16], c.to_vec()].concat();
        let fps: Vec<&[u8]> = e.chunks(48).collect();
        let order: Vec<usize> = if self.field == 48 { vec![0, 1] } else { vec![1, 0, 3, 2] };
        order.into_iter().flat_map(|i| pad(fps[i])).collect()
    }

    /// u padded as EIP-2537's field element(s).
    fn eip_u(&self, u: &[u8]) -> Vec<u8> {
        u.chunks(48).flat_map(|c| [vec![0u8; 16], c.to_vec()].concat()).collect()
    }

    fn rand_u(&self, rng: &mut Rng) -> Vec<u8> {
        (0..self.field / 48).flat_map(|_| rand_fp(rng)).collect()
    }
}

/// One RFC 9380 suite of `g` (random oracle `ro` or not).
fn rfc_suite(g: &Group, file: &str, ro: bool) {
    let j = vectors(&format!("hash_to_curve/{file}"));
    let dst = j["dst"].as_str().unwrap().as_bytes();
    let vs = j["vectors"].as_array().unwrap();
    assert_eq!(vs.len(), 5);
    for v in vs {
        let msg = v["msg"].as_str().unwrap().as_bytes();
        let qs: Vec<&Value> = if ro { vec![&v["Q0"], &v["Q1"]] } else { vec![&v["Q"]] };
        let us = v["u"].as_array().unwrap();
        assert_eq!(us.len(), qs.len());
        let mut sum = vec![0u8; g.size];
        unsafe { (g.zero)(sum.as_mut_ptr()) };
        for (u, q) in us.iter().zip(qs) {
            let mapped = g.map(&g.vector_u(u.as_str().unwrap())).unwrap();
            assert_eq!(g.uncompressed(&mapped), g.vector_point(q), "{file}: Q of {v}");
            // The sum of the vector's own Q points (decoded, not ours).
            sum = g.add(&sum, &g.of_uncompressed_unchecked(&g.vector_point(q)));
        }
        let p = g.vector_point(&v["P"]);
        assert_eq!(g.uncompressed(&g.clear(&sum).unwrap()), p, "{file}: P from the Qs of {v}");
        if ro {
            assert_eq!(g.uncompressed(&g.hash_with(g.hash_vartime, msg, dst)), p, "{file}: vartime P of {v}");
            assert_eq!(g.uncompressed(&g.hash_with(g.hash, msg, dst)), p, "{file}: P of {v}");
        }
    }
}

#[test]
fn rfc9380_vectors() {
    rfc_suite(&G1, "BLS12381G1_XMD_SHA-256_SSWU_RO_.json", true);
    rfc_suite(&G1, "BLS12381G1_XMD_SHA-256_SSWU_NU_.json", false);
    rfc_suite(&G2, "BLS12381G2_XMD_SHA-256_SSWU_RO_.json", true);
    rfc_suite(&G2, "BLS12381G2_XMD_SHA-256_SSWU_NU_.json", false);
}

/// go-ethereum's MAP vectors through map_to_curve and clear_cofactor.
fn eip2537_vectors(g: &Group, file: &str) {
    let j = vectors(&format!("eip2537-geth/{file}"));
    let cases = j.as_array().unwrap();
    assert!(cases.len() >= 100);
    for c in cases {
        let input = unhex(c["Input"].as_str().unwrap());
        let want = unhex(c["Expected"].as_str().unwrap());
        // The EIP's padding removed: 16 zero bytes before each 48.
        let u: Vec<u8> = input.chunks(64).flat_map(|c| c[16..].to_vec()).collect();
        let p = g.clear(&g.map(&u).unwrap()).unwrap();
        assert_eq!(g.eip_point(&g.uncompressed(&p)), want, "{}", c["Name"]);
    }
}

#[test]
fn eip2537_map_vectors() {
    eip2537_vectors(&G1, "blsMapG1.json");
    eip2537_vectors(&G2, "blsMapG2.json");
}

/// Random u: the map against the core, both clearings against
/// double-and-add by h_eff and against the core, the subgroup, and the
/// EIP-2537 precompile.
fn random_u(g: &Group, n: usize, seed: u64) {
    let mut rng = Rng(seed);
    for i in 0..n {
        let u = g.rand_u(&mut rng);
        let q = g.map(&u).unwrap();
        let q_enc = g.uncompressed(&q);
        assert_eq!(q_enc, (g.core_map)(&u), "map of {u:02x?}");
        let c = g.clear(&q).unwrap();
        assert_eq!(unsafe { (g.in_subgroup)(c.as_ptr()) }, 1);
        assert_eq!(g.uncompressed(&c), (g.core_clear)(&q_enc));
        // Double-and-add is slow over G2's 636-bit h_eff: a few inputs.
        if i % 8 == 0 {
            assert!(g.eq(&c, &g.mul_h_eff(&q)), "[h_eff] of map({u:02x?})");
        }
        let input = g.eip_u(&u);
        let mut out = vec![0u8; 256];
        let (mut out_len, mut gas) = (0usize, 0u64);
        let code = unsafe {
            bls12_381_eip2537_run(
                g.eip_address,
                input.as_ptr(),
                input.len(),
                out.as_mut_ptr(),
                out.len(),
                &mut out_len,
                &mut gas,
            )
        };
        assert_eq!(code, 0);
        assert_eq!(out[..out_len], g.eip_point(&g.uncompressed(&c))[..]);
    }
}

#[test]
fn random_field_elements() {
    random_u(&G1, 200, 1);
    random_u(&G2, 64, 2);
}

/// The map's point outside the subgroup, the identity and the generator
/// of the group: [h_eff] P by double-and-add.
#[test]
fn clear_cofactor_edges() {
    for g in [&G1, &G2] {
        let mut id = vec![0u8; g.size];
        unsafe { (g.zero)(id.as_mut_ptr()) };
        let c = g.clear(&id).unwrap();
        assert!(g.eq(&c, &id));
        let gen = g.hash_with(g.hash, b"a point of the group", b"DST");
        let c = g.clear(&gen).unwrap();
        assert!(g.eq(&c, &g.mul_h_eff(&gen)));
        assert_eq!(unsafe { (g.in_subgroup)(c.as_ptr()) }, 1);
    }
}

#[test]
fn vartime_hash_equals_hash() {
    let mut rng = Rng(3);
    for (g, n) in [(&G1, 300), (&G2, 100)] {
        for i in 0..n {
            let ml = (rng.next() % 300) as usize;
            let dl = [0, 1, 255, 256, 300][i % 5];
            let m: Vec<u8> = (0..ml).map(|_| rng.next() as u8).collect();
            let d: Vec<u8> = (0..dl).map(|_| rng.next() as u8).collect();
            let a = g.hash_with(g.hash, &m, &d);
            let b = g.hash_with(g.hash_vartime, &m, &d);
            assert!(g.eq(&a, &b), "msg {ml} bytes, dst {dl} bytes");
        }
    }
}

#[test]
fn map_rejects_bad_input() {
    let p = unhex(P_HEX);
    let mut p_minus_1 = p.clone();
    p_minus_1[47] -= 1;
    for g in [&G1, &G2] {
        let k = g.field / 48;
        for i in 0..k {
            for (bad, code) in [(&p, NOT_CANONICAL), (&vec![0xffu8; 48], NOT_CANONICAL), (&p_minus_1, 0)] {
                let mut u = vec![0u8; g.field];
                u[48 * i..48 * (i + 1)].copy_from_slice(bad);
                assert_eq!(g.map(&u).err().unwrap_or(0), code, "coefficient {i}");
            }
        }
        for len in [0, 47, g.field - 1, g.field + 1, 128] {
            let u = [0u8; 128];
            let mut out = vec![0u8; g.size];
            assert_eq!(unsafe { (g.map)(out.as_mut_ptr(), u.as_ptr(), len) }, 1, "length {len}");
        }
        let u = vec![0u8; g.field];
        assert_eq!(unsafe { (g.map)(core::ptr::null_mut(), u.as_ptr(), g.field) }, 10);
        assert_eq!(unsafe { (g.map)(vec![0u8; g.size].as_mut_ptr(), core::ptr::null(), g.field) }, 10);
    }
}

#[test]
fn clear_cofactor_rejects_points_off_the_curve() {
    let mut rng = Rng(4);
    for g in [&G1, &G2] {
        let q = g.map(&g.rand_u(&mut rng)).unwrap();
        // Flip a bit of X, of Y: off the curve.
        for at in [0, g.size / 3] {
            let mut bad = q.clone();
            bad[at + 5] ^= 0x10;
            assert_eq!(g.clear(&bad), Err(NOT_ON_CURVE));
        }
        assert_eq!(unsafe { (g.clear)(core::ptr::null_mut(), q.as_ptr()) }, 10);
        assert_eq!(unsafe { (g.clear_vartime)(vec![0u8; g.size].as_mut_ptr(), core::ptr::null()) }, 10);
    }
}
