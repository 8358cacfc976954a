#!/usr/bin/env python3
"""Prints the curve constants of BLS12-381 as Rust expressions (Montgomery
form, 6 x 64-bit limbs), for curve/g1.rs and curve/g2.rs. Kept so the numbers
can be re-derived: python3 tools/curve_constants.py

G1: y^2 = x^3 + 4 over Fp.  G2: y^2 = x^3 + 4(u + 1) over Fp2 = Fp[u]/(u^2+1).
psi (untwist-Frobenius-twist on G2): psi(x, y) = (conj(x) * PSI_X, conj(y) * PSI_Y)
with PSI_X = 1 / (u+1)^((p-1)/3), PSI_Y = 1 / (u+1)^((p-1)/2).
"""
from common import p, fp, mul2, G1_X, G1_Y, PSI_X, PSI_Y

# Spelt over three lines, as in curve/g2.rs.
def fp2(c):
    return 'Fp2::new(\n    %s,\n    %s,\n)' % (fp(c[0]), fp(c[1]))

G2_X = (0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8,
        0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e)
G2_Y = (0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801,
        0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be)
assert (G1_Y**2 - G1_X**3 - 4) % p == 0
lhs = mul2(G2_Y, G2_Y); rhs = mul2(mul2(G2_X, G2_X), G2_X)
assert ((lhs[0] - rhs[0] - 4) % p, (lhs[1] - rhs[1] - 4) % p) == (0, 0)

print('// G1 generator x\n' + fp(G1_X))
print('// G1 generator y\n' + fp(G1_Y))
print('// G1 b = 4\n' + fp(4))
print('// G2 generator x\n' + fp2(G2_X))
print('// G2 generator y\n' + fp2(G2_Y))
print('// G2 b = 4(u + 1)\n' + fp2((4, 4)))
print('// PSI_X = 1 / (u+1)^((p-1)/3)\n' + fp2(PSI_X))
print('// PSI_Y = 1 / (u+1)^((p-1)/2)\n' + fp2(PSI_Y))
