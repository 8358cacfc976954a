#!/usr/bin/env python3
"""Prints the Frobenius coefficients of the BLS12-381 tower as Rust constants
(Montgomery form, 6 x 64-bit limbs). Used to write field/frobenius.rs (the
part below its hand-written FrobeniusCoeff); kept so the numbers can be
re-derived: python3 tools/frobenius_constants.py

Tower: Fp2 = Fp[u]/(u^2+1), Fp6 = Fp2[v]/(v^3 - xi), Fp12 = Fp6[w]/(w^2 - v),
xi = 1 + u. Coefficients:
  FP6_C1[k] = xi^((p^k - 1)/3), FP6_C2[k] = xi^(2(p^k - 1)/3)   (k = 0..5)
  FP12_FROBENIUS[k] (k = 0..11): with g = xi^((p^k - 1)/6), the factors of
  the conjugated (odd k) Fp2 coefficients c0.c1, c0.c2, c1.c0, c1.c1, c1.c2
  in the Fp12 map: FP6_C1[k], FP6_C2[k], g, g FP6_C1[k], g FP6_C2[k] (k mod 6
  for the FP6 tables), each by its shape: Real (u-part zero), Imag (real
  part zero) or Full.
"""
p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
R = 2**384

def mul(a, b):
    return ((a[0]*b[0] - a[1]*b[1]) % p, (a[0]*b[1] + a[1]*b[0]) % p)

def pw(a, e):
    r = (1, 0)
    while e:
        if e & 1: r = mul(r, a)
        a = mul(a, a); e >>= 1
    return r

def limbs(x):
    x = x * R % p
    return '[' + ', '.join('0x%016x' % ((x >> (64*i)) & (2**64-1)) for i in range(6)) + ']'

def fp2(c):
    return 'Fp2::new(Fp::from_montgomery(%s), Fp::from_montgomery(%s))' % (limbs(c[0]), limbs(c[1]))

xi = (1, 1)
def table(name, count, num, den):
    print('/// %s[k] = xi^(%d(p^k - 1)/%d), k = 0..%d.' % (name, num, den, count - 1))
    print('pub(crate) const %s: [Fp2; %d] = [' % (name, count))
    for k in range(count):
        e = num * (p**k - 1)
        assert e % den == 0
        print('    %s,' % fp2(pw(xi, e // den)))
    print('];\n')

table('FP6_C1', 6, 1, 3)
table('FP6_C2', 6, 2, 3)

def coeff(c):
    if c[1] == 0:
        return 'FrobeniusCoeff::Real(Fp::from_montgomery(%s))' % limbs(c[0])
    if c[0] == 0:
        return 'FrobeniusCoeff::Imag(Fp::from_montgomery(%s))' % limbs(c[1])
    return 'FrobeniusCoeff::Full(%s)' % fp2(c)

print('/// FP12_FROBENIUS[k]: the factors of c0.c1, c0.c2, c1.c0, c1.c1, c1.c2 in')
print('/// the map x -> x^(p^k) of Fp12, k = 0..11 (module doc of the tool).')
print('pub(crate) const FP12_FROBENIUS: [[FrobeniusCoeff; 5]; 12] = [')
for k in range(12):
    a = pw(xi, (p**(k % 6) - 1) // 3)
    b = pw(xi, 2 * (p**(k % 6) - 1) // 3)
    g = pw(xi, (p**k - 1) // 6)
    print('    [')
    for c in (a, b, g, mul(a, g), mul(b, g)):
        print('        %s,' % coeff(c))
    print('    ],')
print('];')
