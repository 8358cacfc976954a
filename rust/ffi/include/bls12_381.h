/* bls12_381.h: C ABI of bls12-381-rust (crate bls12-381-ffi).
 *
 * Values cross the boundary as fixed-size byte buffers holding the library's
 * in-memory form (Montgomery limbs, native endianness). That form is opaque:
 * create values only through this API. Buffers need no alignment.
 * Functions returning int return BLS12_381_OK (0) or a bls12_381_error code.
 * No function panics or aborts on any input. Outputs may alias inputs.
 */
#ifndef BLS12_381_H
#define BLS12_381_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Sizes of the in-memory forms. */
#define BLS12_381_FR_SIZE 32     /* 4 x 64-bit limbs */
#define BLS12_381_FQ12_SIZE 576  /* 72 x 64-bit limbs */

/* Sizes of the encodings. */
#define BLS12_381_FR_BYTES 32    /* little-endian integer < r */
#define BLS12_381_FQ12_BYTES 576 /* 12 x 48-byte little-endian integers < p, tower order */

typedef enum {
  BLS12_381_OK = 0,
  BLS12_381_ERR_INVALID_LENGTH = 1, /* input of the wrong length */
  BLS12_381_ERR_NOT_CANONICAL = 2,  /* an integer >= the modulus */
  BLS12_381_ERR_NOT_INVERTIBLE = 3, /* inverse of zero */
  BLS12_381_ERR_NOT_SQUARE = 4      /* square root of a non-residue */
} bls12_381_error;

/* ---- Fr: integers mod r, r = 0x73eda753...00000001 (255 bits) ---- */
void bls12_381_fr_zero(uint8_t out[32]);
void bls12_381_fr_one(uint8_t out[32]);
int bls12_381_fr_is_zero(const uint8_t a[32]);          /* 1 or 0 */
int bls12_381_fr_is_one(const uint8_t a[32]);           /* 1 or 0 */
int bls12_381_fr_eq(const uint8_t a[32], const uint8_t b[32]); /* 1 or 0 */
void bls12_381_fr_add(uint8_t out[32], const uint8_t a[32], const uint8_t b[32]);
void bls12_381_fr_sub(uint8_t out[32], const uint8_t a[32], const uint8_t b[32]);
void bls12_381_fr_mul(uint8_t out[32], const uint8_t a[32], const uint8_t b[32]);
void bls12_381_fr_neg(uint8_t out[32], const uint8_t a[32]);
void bls12_381_fr_double(uint8_t out[32], const uint8_t a[32]);
void bls12_381_fr_square(uint8_t out[32], const uint8_t a[32]);
/* Constant time. BLS12_381_ERR_NOT_INVERTIBLE on zero (out untouched). */
int bls12_381_fr_inverse(uint8_t out[32], const uint8_t a[32]);
/* a^e, e a little-endian unsigned integer of exp_len bytes (any length);
 * constant time in the bits of e for a given exp_len. 0^0 = 1. */
void bls12_381_fr_pow(uint8_t out[32], const uint8_t a[32], const uint8_t *exp, size_t exp_len);
/* A square root; BLS12_381_ERR_NOT_SQUARE if there is none. */
int bls12_381_fr_sqrt(uint8_t out[32], const uint8_t a[32]);
/* Legendre symbol: 1 (non-zero square), -1 (non-square), 0 (zero). */
int bls12_381_fr_legendre(const uint8_t a[32]);
/* Decodes 32 little-endian bytes < r. */
int bls12_381_fr_of_bytes(uint8_t out[32], const uint8_t *in, size_t len);
void bls12_381_fr_to_bytes(uint8_t out[32], const uint8_t a[32]);
/* Reduces a 64-byte little-endian integer mod r (for uniform random elements). */
void bls12_381_fr_of_bytes_wide(uint8_t out[32], const uint8_t in[64]);

/* ---- Fq12 = Fp6[w]/(w^2 - v), Fp6 = Fp2[v]/(v^3 - (u + 1)), Fp2 = Fp[u]/(u^2 + 1) ---- */
void bls12_381_fq12_zero(uint8_t out[576]);
void bls12_381_fq12_one(uint8_t out[576]);
int bls12_381_fq12_is_zero(const uint8_t a[576]);
int bls12_381_fq12_is_one(const uint8_t a[576]);
int bls12_381_fq12_eq(const uint8_t a[576], const uint8_t b[576]);
void bls12_381_fq12_add(uint8_t out[576], const uint8_t a[576], const uint8_t b[576]);
void bls12_381_fq12_sub(uint8_t out[576], const uint8_t a[576], const uint8_t b[576]);
void bls12_381_fq12_mul(uint8_t out[576], const uint8_t a[576], const uint8_t b[576]);
void bls12_381_fq12_neg(uint8_t out[576], const uint8_t a[576]);
void bls12_381_fq12_double(uint8_t out[576], const uint8_t a[576]);
void bls12_381_fq12_square(uint8_t out[576], const uint8_t a[576]);
int bls12_381_fq12_inverse(uint8_t out[576], const uint8_t a[576]);
void bls12_381_fq12_pow(uint8_t out[576], const uint8_t a[576], const uint8_t *exp, size_t exp_len);
/* Decodes 12 x 48-byte little-endian coefficients, each < p, in tower order
 * c0.c0.c0, c0.c0.c1, c0.c1.c0, c0.c1.c1, c0.c2.c0, ..., c1.c2.c1. */
int bls12_381_fq12_of_bytes(uint8_t out[576], const uint8_t *in, size_t len);
void bls12_381_fq12_to_bytes(uint8_t out[576], const uint8_t a[576]);
/* Reduces 12 x 64-byte little-endian integers mod p (for random elements). */
void bls12_381_fq12_of_bytes_wide(uint8_t out[576], const uint8_t in[768]);

#ifdef __cplusplus
}
#endif
#endif /* BLS12_381_H */
