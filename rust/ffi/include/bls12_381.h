/* bls12_381.h: C ABI of bls12-381-rust (crate bls12-381-ffi).
 *
 * Values cross the boundary as fixed-size byte buffers holding the library's
 * in-memory form (Montgomery limbs, native endianness). That form is opaque:
 * create values only through this API. Buffers need no alignment.
 * Functions returning int return BLS12_381_OK (0) or a bls12_381_error code.
 * Outputs may alias inputs.
 *
 * Safety contract and failure policy:
 * - NULL. A function returning int and given NULL where it needs memory (a
 *   fixed-size buffer, input or output, or a (pointer, length) pair with a
 *   nonzero length) returns BLS12_381_ERR_NULL_POINTER and writes nothing.
 *   A void function given such a NULL does nothing. A predicate ("1 or 0",
 *   and bls12_381_fr_legendre) answers 0. A pointer paired with length 0
 *   may be NULL.
 * - Lengths. A length above PTRDIFF_MAX describes no buffer: INVALID_LENGTH
 *   (void functions: nothing done); fixed-size decoders check the length
 *   before reading, so a wrong length reads nothing. Otherwise every
 *   non-NULL pointer must be valid for its stated length: a length longer
 *   than the buffer is undefined behaviour that no library can detect.
 * - Bytes never written by the library (an in-memory form with limbs >= the
 *   modulus, random Jacobian coordinates, points off the curve) do not make
 *   any function crash, abort or hang; their results are unspecified.
 * - Points outside the order-r subgroups (from the _unchecked decoders) are
 *   valid inputs everywhere; operations give the curve's arithmetic, and
 *   bls12_381_pairing answers BLS12_381_ERR_NOT_IN_SUBGROUP when such a
 *   point makes the Miller loop vanish.
 * - Arrays. A function over an array of fixed-size items takes a pointer to
 *   the first item and the number of items, n (size_t), never the array's
 *   length in bytes; the item's size is in the function's documentation
 *   (the sizes below: BLS12_381_FR_SIZE bytes an Fr element,
 *   BLS12_381_G1_SIZE a Jacobian G1 point, BLS12_381_G1_AFFINE_SIZE an
 *   affine one, BLS12_381_G1_COMPRESSED_BYTES an encoding, 32 bytes a
 *   scalar or exponent, ...). Items lie end to end, with no alignment
 *   needed. Arrays that go together (points and their scalars, the two
 *   sides of the pairs, bases and exponents, keys and messages) share one
 *   n, so their counts cannot differ. n = 0 is the empty array, whose
 *   pointer may be NULL; NULL with n > 0: BLS12_381_ERR_NULL_POINTER; n
 *   items spanning more than PTRDIFF_MAX bytes: BLS12_381_ERR_INVALID_LENGTH,
 *   nothing read. Byte strings keep lengths in bytes (named *_len):
 *   messages, DSTs, key material and seeds, scalars and exponents of any
 *   width, encodings being decoded, EIP-2537 call data, output buffers.
 * - Empty input. A function for which an empty input has no meaning (an
 *   aggregate of no signature or key, an aggregate or batch verification of
 *   nothing, an EIP-2537 MSM or PAIRING_CHECK of no pair) answers
 *   BLS12_381_ERR_EMPTY_INPUT, its one code; the other functions over
 *   arrays take n = 0 and give the empty sum (the identity, 0), product
 *   (one) or pairing check (1). (An FFT's n is its domain's size, at
 *   least 1.)
 * - Deprecated. The entry points that took arrays as byte lengths are kept
 *   for one release with their former behaviour, declared at the end of
 *   this file with BLS12_381_DEPRECATED (a compiler warning that names the
 *   replacement), and so is the error name BLS12_381_ERR_EIP2537_EMPTY_INPUT
 *   (see the codes); they will be removed in the next release.
 * - No function panics or aborts on any input satisfying the above; the one
 *   exception is memory exhaustion while allocating working memory, which
 *   is proportional to the caller's own input buffers (MSM, pairing arrays,
 *   exponents) and aborts as Rust's allocator does.
 */
#ifndef BLS12_381_H
#define BLS12_381_H

#include <stddef.h>
#include <stdint.h>

/* BLS12_381_DEPRECATED(msg) marks a function kept for one release: GCC (4.5
 * and later) and Clang warn where it is used, with msg naming its
 * replacement; MSVC likewise; other compilers ignore it. Define the macro
 * before including this header to change it (as nothing: no warnings). */
#ifndef BLS12_381_DEPRECATED
#if defined(__clang__) || \
    (defined(__GNUC__) && (__GNUC__ > 4 || (__GNUC__ == 4 && __GNUC_MINOR__ >= 5)))
#define BLS12_381_DEPRECATED(msg) __attribute__((deprecated(msg)))
#elif defined(_MSC_VER)
#define BLS12_381_DEPRECATED(msg) __declspec(deprecated(msg))
#else
#define BLS12_381_DEPRECATED(msg)
#endif
#endif
/* The same for an enumerator (GCC 6 and later, Clang). */
#ifndef BLS12_381_DEPRECATED_ENUMERATOR
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 6)
#define BLS12_381_DEPRECATED_ENUMERATOR(msg) __attribute__((deprecated(msg)))
#else
#define BLS12_381_DEPRECATED_ENUMERATOR(msg)
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Sizes of the in-memory forms. */
#define BLS12_381_FR_SIZE 32     /* 4 x 64-bit limbs */
#define BLS12_381_FQ12_SIZE 576  /* 72 x 64-bit limbs */
#define BLS12_381_G1_SIZE 144        /* Jacobian X, Y, Z over Fp */
#define BLS12_381_G1_AFFINE_SIZE 96  /* x, y; the identity is all zeros */
#define BLS12_381_G2_SIZE 288        /* Jacobian X, Y, Z over Fp2 */
#define BLS12_381_G2_AFFINE_SIZE 192 /* x, y; the identity is all zeros */
#define BLS12_381_GT_SIZE 576        /* that of its Fq12 value */

/* Sizes of the encodings. */
#define BLS12_381_FR_BYTES 32    /* little-endian integer < r */
#define BLS12_381_FQ12_BYTES 576 /* 12 x 48-byte little-endian integers < p, tower order */
#define BLS12_381_G1_COMPRESSED_BYTES 48   /* ZCash format */
#define BLS12_381_G1_UNCOMPRESSED_BYTES 96
#define BLS12_381_G2_COMPRESSED_BYTES 96
#define BLS12_381_G2_UNCOMPRESSED_BYTES 192
#define BLS12_381_GT_BYTES 576   /* that of its Fq12 value */

typedef enum {
  BLS12_381_OK = 0,
  BLS12_381_ERR_INVALID_LENGTH = 1, /* input of the wrong length */
  BLS12_381_ERR_NOT_CANONICAL = 2,  /* an integer >= the modulus */
  BLS12_381_ERR_NOT_INVERTIBLE = 3, /* inverse of zero; final exponentiation of zero */
  BLS12_381_ERR_NOT_SQUARE = 4,     /* square root of a non-residue */
  BLS12_381_ERR_INVALID_FLAGS = 5,  /* point encoding: flag bits inconsistent */
  BLS12_381_ERR_NOT_ON_CURVE = 6,   /* point not on the curve */
  BLS12_381_ERR_NOT_IN_SUBGROUP = 7,/* point outside the order-r subgroup; Fq12 element outside GT */
  BLS12_381_ERR_INVALID_OUTPUT_LENGTH = 8, /* expand_message_xmd length out of range */
  BLS12_381_ERR_LENGTH_MISMATCH = 9, /* arrays of different lengths: MSM points and scalars, inner-product vectors */
  BLS12_381_ERR_NULL_POINTER = 10, /* a required pointer is NULL */
  /* The EIP-2537 precompiles (bls12_381_eip2537_*): one code per error case
   * of the EIP, in the order the crate bls12-381-eip2537 lists them, except
   * the empty input (MSM or PAIRING_CHECK with k = 0), which is
   * BLS12_381_ERR_EMPTY_INPUT as everywhere else. 11, its former code, is
   * no longer returned and will not be given to another error. */
  BLS12_381_ERR_EIP2537_INVALID_INPUT_LENGTH = 12, /* not the precompile's length / not a multiple of its pair size */
  BLS12_381_ERR_EIP2537_FP_TOP_BYTES_NOT_ZERO = 13, /* an Fp element's 16 padding bytes are not zero */
  BLS12_381_ERR_EIP2537_FP_NOT_CANONICAL = 14, /* an Fp element is not below p */
  BLS12_381_ERR_EIP2537_POINT_NOT_ON_CURVE = 15, /* a point is neither on its curve nor all zeros */
  BLS12_381_ERR_EIP2537_POINT_NOT_IN_SUBGROUP = 16, /* MSM / PAIRING_CHECK point outside the order-r subgroup */
  BLS12_381_ERR_EIP2537_UNKNOWN_ADDRESS = 17, /* no precompile at the address (0x0b..0x11 exist) */
  BLS12_381_ERR_BUFFER_TOO_SMALL = 18, /* the output buffer cannot hold the output (its size is reported) */
  BLS12_381_ERR_INVALID_DOMAIN_SIZE = 19, /* FFT domain size not a power of two in [1, 2^32] */
  BLS12_381_ERR_NOT_PRIMITIVE_ROOT = 20, /* FFT domain not the powers 1, w, ..., w^(n-1) of a w of order n */
  BLS12_381_ERR_DOMAIN_LENGTH_MISMATCH = 21, /* FFT: not as many values as domain elements */
  /* BLS signatures (bls12_381_sig_*). */
  BLS12_381_ERR_ZERO_SECRET_KEY = 22, /* a secret key of zero */
  BLS12_381_ERR_KEY_MATERIAL_TOO_SHORT = 23, /* KeyGen with fewer than 32 bytes of key material */
  BLS12_381_ERR_IDENTITY_PUBLIC_KEY = 24, /* a public key (or a sum of keys) that is the identity */
  BLS12_381_ERR_EMPTY_INPUT = 25, /* an input that must not be empty is: an aggregate, aggregate
                                   * verification or batch of nothing; an EIP-2537 MSM or
                                   * PAIRING_CHECK with k = 0 */
  /* Deprecated: the former name, and code (11), of EIP-2537's empty input.
   * One code answers an empty input everywhere: 25, that of the core's
   * Error::EmptyInput, which the Rust API states (Error::code) and the
   * signature functions return; keeping 11 instead would have changed
   * those. A program that names this constant gets 25 when compiled again. */
  BLS12_381_ERR_EIP2537_EMPTY_INPUT BLS12_381_DEPRECATED_ENUMERATOR(
      "use BLS12_381_ERR_EMPTY_INPUT") = BLS12_381_ERR_EMPTY_INPUT,
  BLS12_381_ERR_DUPLICATE_MESSAGE = 26, /* Basic scheme: two equal messages in an aggregate */
  BLS12_381_ERR_COUNT_MISMATCH = 27, /* not as many public keys as messages */
  BLS12_381_ERR_INVALID_SIGNATURE = 28, /* the signature does not verify */
  BLS12_381_ERR_UNKNOWN_SCHEME = 29 /* a variant or scheme number not defined below */
} bls12_381_error;

/* ---- Fr: integers mod r, r = 0x73eda753...00000001 (255 bits) ----
 * ---- Fq12 = Fp6[w]/(w^2 - v), Fp6 = Fp2[v]/(v^3 - (u + 1)), Fp2 = Fp[u]/(u^2 + 1) ----
 * Every function below exists for Fr (prefix bls12_381_fr_, SIZE 32) and
 * Fq12 (prefix bls12_381_fq12_, SIZE 576); shown for Fr. */
#define BLS12_381_FIELD_FUNCTIONS(f, SIZE)                                                \
  void bls12_381_##f##_zero(uint8_t out[SIZE]);                                           \
  void bls12_381_##f##_one(uint8_t out[SIZE]);                                            \
  int bls12_381_##f##_is_zero(const uint8_t a[SIZE]);          /* 1 or 0 */               \
  int bls12_381_##f##_is_one(const uint8_t a[SIZE]);           /* 1 or 0 */               \
  int bls12_381_##f##_eq(const uint8_t a[SIZE], const uint8_t b[SIZE]); /* 1 or 0 */      \
  void bls12_381_##f##_add(uint8_t out[SIZE], const uint8_t a[SIZE], const uint8_t b[SIZE]); \
  void bls12_381_##f##_sub(uint8_t out[SIZE], const uint8_t a[SIZE], const uint8_t b[SIZE]); \
  void bls12_381_##f##_mul(uint8_t out[SIZE], const uint8_t a[SIZE], const uint8_t b[SIZE]); \
  void bls12_381_##f##_neg(uint8_t out[SIZE], const uint8_t a[SIZE]);                     \
  void bls12_381_##f##_double(uint8_t out[SIZE], const uint8_t a[SIZE]);                  \
  void bls12_381_##f##_square(uint8_t out[SIZE], const uint8_t a[SIZE]);                  \
  /* Constant time. BLS12_381_ERR_NOT_INVERTIBLE on zero (out untouched). */             \
  int bls12_381_##f##_inverse(uint8_t out[SIZE], const uint8_t a[SIZE]);                  \
  /* a^e, e a little-endian unsigned integer of exp_len bytes (any length);               \
   * constant time in the bits of e for a given exp_len. 0^0 = 1. */                      \
  void bls12_381_##f##_pow(uint8_t out[SIZE], const uint8_t a[SIZE], const uint8_t *exp, size_t exp_len); \
  void bls12_381_##f##_to_bytes(uint8_t out[SIZE], const uint8_t a[SIZE]);

BLS12_381_FIELD_FUNCTIONS(fr, 32)
BLS12_381_FIELD_FUNCTIONS(fq12, 576)
#undef BLS12_381_FIELD_FUNCTIONS

/* Fr only. */
/* A square root; BLS12_381_ERR_NOT_SQUARE if there is none. */
int bls12_381_fr_sqrt(uint8_t out[32], const uint8_t a[32]);
/* Legendre symbol: 1 (non-zero square), -1 (non-square), 0 (zero; NULL). */
int bls12_381_fr_legendre(const uint8_t a[32]);
/* Decodes 32 little-endian bytes < r. */
int bls12_381_fr_of_bytes(uint8_t out[32], const uint8_t *in, size_t len);
/* Reduces a 64-byte little-endian integer mod r (for uniform random elements). */
void bls12_381_fr_of_bytes_wide(uint8_t out[32], const uint8_t in[64]);

/* Fq12 only. */
/* Decodes 12 x 48-byte little-endian coefficients, each < p, in tower order
 * c0.c0.c0, c0.c0.c1, c0.c1.c0, c0.c1.c1, c0.c2.c0, ..., c1.c2.c1. */
int bls12_381_fq12_of_bytes(uint8_t out[576], const uint8_t *in, size_t len);
/* Reduces 12 x 64-byte little-endian integers mod p (for random elements). */
void bls12_381_fq12_of_bytes_wide(uint8_t out[576], const uint8_t in[768]);

/* ---- G1 (y^2 = x^3 + 4 over Fp) and G2 (y^2 = x^3 + 4(u + 1) over Fp2) ----
 * Every function below exists for G1 (prefix bls12_381_g1_, sizes G1_*) and
 * G2 (prefix bls12_381_g2_, sizes G2_*); shown for G1. A point is passed in
 * its Jacobian form (SIZE bytes) unless the name says affine (AFFINE_SIZE).
 * Encodings are the ZCash format. Decoders return OK or NULL_POINTER,
 * INVALID_LENGTH, INVALID_FLAGS, NOT_CANONICAL, NOT_ON_CURVE, NOT_IN_SUBGROUP
 * (out untouched on error); _unchecked decoders skip only the subgroup
 * check, so their points may have small order (see the preamble). */
#define BLS12_381_CURVE_FUNCTIONS(g, SIZE, AFFINE_SIZE, COMPRESSED, UNCOMPRESSED) \
  void bls12_381_##g##_zero(uint8_t out[SIZE]);                                          \
  void bls12_381_##g##_one(uint8_t out[SIZE]); /* the standard generator */               \
  int bls12_381_##g##_is_zero(const uint8_t a[SIZE]); /* 1 or 0 */                       \
  int bls12_381_##g##_eq(const uint8_t a[SIZE], const uint8_t b[SIZE]); /* 1 or 0 */     \
  void bls12_381_##g##_add(uint8_t out[SIZE], const uint8_t a[SIZE], const uint8_t b[SIZE]); \
  void bls12_381_##g##_double(uint8_t out[SIZE], const uint8_t a[SIZE]);                  \
  void bls12_381_##g##_neg(uint8_t out[SIZE], const uint8_t a[SIZE]);                     \
  /* s a, s a little-endian integer of s_len bytes (any length, reduced mod  \
   * r); constant time for a given s_len. */                                              \
  void bls12_381_##g##_mul(uint8_t out[SIZE], const uint8_t a[SIZE], const uint8_t *s, size_t s_len); \
  int bls12_381_##g##_of_compressed(uint8_t out[SIZE], const uint8_t *in, size_t len);    \
  int bls12_381_##g##_of_compressed_unchecked(uint8_t out[SIZE], const uint8_t *in, size_t len); \
  int bls12_381_##g##_of_uncompressed(uint8_t out[SIZE], const uint8_t *in, size_t len);  \
  int bls12_381_##g##_of_uncompressed_unchecked(uint8_t out[SIZE], const uint8_t *in, size_t len); \
  void bls12_381_##g##_to_compressed(uint8_t out[COMPRESSED], const uint8_t a[SIZE]);     \
  void bls12_381_##g##_to_uncompressed(uint8_t out[UNCOMPRESSED], const uint8_t a[SIZE]); \
  int bls12_381_##g##_affine_of_uncompressed(uint8_t out[AFFINE_SIZE], const uint8_t *in, size_t len); \
  void bls12_381_##g##_affine_to_uncompressed(uint8_t out[UNCOMPRESSED], const uint8_t a[AFFINE_SIZE]); \
  int bls12_381_##g##_affine_of_uncompressed_unchecked(uint8_t out[AFFINE_SIZE], const uint8_t *in, size_t len); \
  void bls12_381_##g##_to_affine(uint8_t out[AFFINE_SIZE], const uint8_t a[SIZE]);       \
  void bls12_381_##g##_of_affine(uint8_t out[SIZE], const uint8_t a[AFFINE_SIZE]);       \
  /* x || y, big-endian coordinates (G2: real part first); (0, 0) is the     \
   * identity; checks canonical, on curve, subgroup. */                                   \
  int bls12_381_##g##_of_xy(uint8_t out[SIZE], const uint8_t *xy, size_t len);            \
  /* RFC 9380 hash_to_curve (suite BLS12381G?_XMD:SHA-256_SSWU_RO_) and      \
   * encode_to_curve (..._NU_); any message and DST length. */                            \
  void bls12_381_##g##_hash_to_curve(uint8_t out[SIZE], const uint8_t *msg, size_t msg_len, \
                                     const uint8_t *dst, size_t dst_len);                 \
  void bls12_381_##g##_encode_to_curve(uint8_t out[SIZE], const uint8_t *msg, size_t msg_len, \
                                       const uint8_t *dst, size_t dst_len);               \
  int bls12_381_##g##_is_in_subgroup(const uint8_t a[SIZE]); /* 1 or 0 */

BLS12_381_CURVE_FUNCTIONS(g1, 144, 96, 48, 96)
BLS12_381_CURVE_FUNCTIONS(g2, 288, 192, 96, 192)
#undef BLS12_381_CURVE_FUNCTIONS

/* ---- Hash to curve, step by step (RFC 9380) ----
 * For G1 (prefix bls12_381_g1_, SIZE 144, FIELD 48) and G2 (bls12_381_g2_,
 * SIZE 288, FIELD 96); shown for G1. hash_to_curve is
 * clear_cofactor(map_to_curve(u0) + map_to_curve(u1)) for the two field
 * elements of hash_to_field(msg); EIP-2537's MAP_FP_TO_G1 / MAP_FP2_TO_G2
 * is clear_cofactor(map_to_curve(u)). */
#define BLS12_381_H2C_FUNCTIONS(g, SIZE, FIELD)                                           \
  /* hash_to_curve for public messages: the same point, its cofactor      \
   * cleared in variable time (signature verification). */                               \
  void bls12_381_##g##_hash_to_curve_vartime(uint8_t out[SIZE], const uint8_t *msg,       \
                                             size_t msg_len, const uint8_t *dst,          \
                                             size_t dst_len);                             \
  /* map_to_curve(u): the simplified SWU map then the isogeny; a point of  \
   * the curve, in general NOT in the order-r subgroup (clear_cofactor     \
   * brings it there). u is a field element as the coordinates of _of_xy:  \
   * big-endian, below p (G2: c0 || c1, real part first, 48 bytes each; as  \
   * EIP-2537's Fp2 without its 16 zero bytes per coefficient). OK, or      \
   * NULL_POINTER, INVALID_LENGTH (len != FIELD), NOT_CANONICAL (a          \
   * coefficient >= p), out untouched on error. Constant time in u. */     \
  int bls12_381_##g##_map_to_curve(uint8_t out[SIZE], const uint8_t *u, size_t len);      \
  /* out = [h_eff] a, in the order-r subgroup, for a point a of the curve   \
   * (in the subgroup or not; G1: h_eff = 1 - z = 0xd201000000010001; G2:   \
   * the h_eff of RFC 9380 8.8.2, computed with psi). a is checked to be on \
   * the curve first: NOT_ON_CURVE (out untouched) for bytes that are not a \
   * curve point, NULL_POINTER on NULL. Constant time in a (apart from that \
   * check); _vartime: the same result in variable time, for public a. */   \
  int bls12_381_##g##_clear_cofactor(uint8_t out[SIZE], const uint8_t a[SIZE]);          \
  int bls12_381_##g##_clear_cofactor_vartime(uint8_t out[SIZE], const uint8_t a[SIZE]);

BLS12_381_H2C_FUNCTIONS(g1, 144, 48)
BLS12_381_H2C_FUNCTIONS(g2, 288, 96)
#undef BLS12_381_H2C_FUNCTIONS

/* ---- Multi-scalar multiplication: out = sum_i s_i P_i ----
 * For G1 (prefix bls12_381_g1_, sizes G1_*) and G2 (bls12_381_g2_, G2_*);
 * shown for G1. Variable time in the points and the scalars: for public data
 * only (commitments, batch verification), never for secrets.
 * n terms (the preamble's arrays):
 * - points: n affine in-memory forms (AFFINE_SIZE bytes each; made by
 *   bls12_381_g1_batch_normalize, _to_affine or _affine_of_uncompressed*),
 *   or for _msm_compressed_vartime n ZCash compressed encodings
 *   (COMPRESSED bytes each);
 * - scalars: n 32-byte little-endian unsigned integers of any value: each
 *   is reduced mod r (r + 5 acts as 5), none is rejected or truncated.
 * A NULL out, or a NULL array with n > 0: BLS12_381_ERR_NULL_POINTER; n
 * items spanning more than PTRDIFF_MAX bytes: BLS12_381_ERR_INVALID_LENGTH
 * (out untouched on error). n = 0 gives the identity; identity points and
 * zero scalars add nothing.
 * threads: 0 = all the threads of the library's pool (rayon's global pool:
 * one per core, or RAYON_NUM_THREADS), 1 = the calling thread only,
 * k > 1 = min(k, CPUs) threads, on a pool built on first use for that count
 * and reused by later calls (so any k, SIZE_MAX included, is cheap). The
 * result does not depend on it. */
#define BLS12_381_MSM_FUNCTIONS(g, SIZE)                                                   \
  int bls12_381_##g##_msm_vartime(uint8_t out[SIZE], const uint8_t *points,               \
                                  const uint8_t *scalars, size_t n, size_t threads);      \
  /* Points decoded with all checks, or without the subgroup check when        \
   * subgroup_check is 0 (for points known to be in the group); any invalid    \
   * encoding fails the call with its decoding error (INVALID_FLAGS,           \
   * NOT_CANONICAL, NOT_ON_CURVE, NOT_IN_SUBGROUP). */                          \
  int bls12_381_##g##_msm_compressed_vartime(uint8_t out[SIZE], const uint8_t *encs,      \
                                             const uint8_t *scalars, size_t n,            \
                                             int subgroup_check, size_t threads);         \
  /* The affine forms of the n Jacobian points at in (SIZE bytes each), end   \
   * to end in out (n * AFFINE_SIZE bytes), with a single inversion; constant  \
   * time in the points. out may be in. NULL_POINTER if in or out is NULL    \
   * with n > 0; INVALID_LENGTH as above. */                                   \
  int bls12_381_##g##_batch_normalize(uint8_t *out, const uint8_t *in, size_t n);

BLS12_381_MSM_FUNCTIONS(g1, 144)
BLS12_381_MSM_FUNCTIONS(g2, 288)
#undef BLS12_381_MSM_FUNCTIONS

/* ---- The optimal ate pairing e: G1 x G2 -> GT ----
 * n pairs are two arrays of n points each (the preamble's arrays): g1s
 * holds n G1 points (Jacobian form, 144 bytes each), g2s n G2 points (288
 * bytes each); pair i is (g1s[i], g2s[i]). A NULL out, or a NULL array with
 * n > 0: BLS12_381_ERR_NULL_POINTER; n G2 points spanning more than
 * PTRDIFF_MAX bytes: BLS12_381_ERR_INVALID_LENGTH (out untouched on error).
 * No pair (n = 0) is the empty product: one. A pair with the identity on
 * either side contributes one. */
/* The product of the Miller loops of the pairs: an Fq12 element, not yet a
 * pairing value. It equals blst's value before the final exponentiation:
 * blst_miller_loop for one pair (one for a pair with the identity), the
 * product of those for several pairs (as ocaml-bls12-381's
 * Pairing.miller_loop). Constant time in the points, except that a pair
 * with the identity is skipped. */
int bls12_381_multi_miller_loop(uint8_t out[576], const uint8_t *g1s, const uint8_t *g2s, size_t n);
/* f^(3 (p^12 - 1) / r), an element of GT; BLS12_381_ERR_NOT_INVERTIBLE if f
 * is zero (out untouched). Constant time. */
int bls12_381_final_exponentiation(uint8_t out[576], const uint8_t f[576]);
/* out = e(p, q): BLS12_381_OK, or BLS12_381_ERR_NOT_IN_SUBGROUP (out
 * untouched) when the Miller loop vanishes, which only a point outside its
 * subgroup can cause (from the _unchecked decoders; e.g. a G2 point of
 * order 13: after 13 steps of |z| the loop's running point is the identity
 * and every later line is zero). NULL_POINTER on a NULL argument. Constant
 * time in the points apart from that outcome. */
int bls12_381_pairing(uint8_t out[576], const uint8_t p[144], const uint8_t q[288]);
/* out[0] = 1 if the product of the e(g1s[i], g2s[i]) is the identity (no
 * pair: 1), else 0 (a vanishing Miller loop, see bls12_381_pairing: 0).
 * One Miller loop, one final exponentiation. Variable time: for public
 * points. */
int bls12_381_pairing_check_vartime(uint8_t out[1], const uint8_t *g1s, const uint8_t *g2s,
                                    size_t n);

/* ---- GT: the order-r subgroup of Fq12*, written multiplicatively ----
 * The in-memory form of an element is that of its Fq12 value: a GT buffer
 * is an Fq12 buffer; an Fq12 buffer becomes a GT one through
 * bls12_381_gt_of_fq12 (or the pairing functions). */
void bls12_381_gt_identity(uint8_t out[576]);  /* the Fq12 one */
void bls12_381_gt_generator(uint8_t out[576]); /* e(G1 generator, G2 generator) */
int bls12_381_gt_is_identity(const uint8_t a[576]);             /* 1 or 0 */
int bls12_381_gt_eq(const uint8_t a[576], const uint8_t b[576]); /* 1 or 0 */
void bls12_381_gt_mul(uint8_t out[576], const uint8_t a[576], const uint8_t b[576]);
void bls12_381_gt_square(uint8_t out[576], const uint8_t a[576]);
void bls12_381_gt_inverse(uint8_t out[576], const uint8_t a[576]); /* the conjugate */
/* a^s, s a little-endian integer of s_len bytes (any length, reduced mod r):
 * constant time for a given s_len; _vartime: variable time, for public s. */
void bls12_381_gt_pow(uint8_t out[576], const uint8_t a[576], const uint8_t *s, size_t s_len);
void bls12_381_gt_pow_vartime(uint8_t out[576], const uint8_t a[576], const uint8_t *s, size_t s_len);
/* Multi-exponentiation: out = prod_{i < n} bases[i]^exps[i]. bases holds n
 * GT buffers end to end (n * 576 bytes; made by this library: they are not
 * checked for membership, as no GT operation checks its operands), exps n
 * 32-byte little-endian unsigned integers of any value, each reduced mod r
 * (as the MSM scalars). n = 0 gives one (the arrays may then be NULL);
 * identity bases, zero exponents, repeated and inverse bases are fine.
 * Variable time: for public bases and exponents only, never for secrets.
 * A NULL out, or a NULL array with n > 0: BLS12_381_ERR_NULL_POINTER;
 * n * 576 above PTRDIFF_MAX: BLS12_381_ERR_INVALID_LENGTH (out untouched
 * on error). threads (_with_threads): 1 = the calling thread only, 0 = all
 * the threads of the library's pool (as the function without it), k > 1 =
 * the terms cut into min(k, n) parts, computed on the library's pool. The
 * result does not depend on it. */
int bls12_381_gt_multiexp_vartime(uint8_t out[576], const uint8_t *bases,
                                  const uint8_t *exps, size_t n);
int bls12_381_gt_multiexp_vartime_with_threads(uint8_t out[576], const uint8_t *bases,
                                               const uint8_t *exps, size_t n, size_t threads);
/* Decodes the Fq12 encoding and checks membership: BLS12_381_ERR_INVALID_LENGTH,
 * _NOT_CANONICAL, or _NOT_IN_SUBGROUP for every other Fq12 element, zero
 * included (out untouched on error). */
int bls12_381_gt_of_bytes(uint8_t out[576], const uint8_t *in, size_t len);
void bls12_381_gt_to_bytes(uint8_t out[576], const uint8_t a[576]);
/* f as an element of GT: BLS12_381_ERR_NOT_IN_SUBGROUP if it is not one
 * (zero included; out untouched). Constant time. */
int bls12_381_gt_of_fq12(uint8_t out[576], const uint8_t f[576]);

/* ---- EIP-2537: the BLS12-381 precompiles, byte for byte ----
 * Unlike the rest of this header these take and give the EIP's encodings
 * (call data and return data): Fp as 64 big-endian bytes whose top 16 are
 * zero, Fp2 as c0 || c1, points as x || y (all zeros: infinity), scalars as
 * 32 big-endian bytes of any value. Addresses: 0x0b G1ADD, 0x0c G1MSM,
 * 0x0d G2ADD, 0x0e G2MSM, 0x0f PAIRING_CHECK, 0x10 MAP_FP_TO_G1,
 * 0x11 MAP_FP2_TO_G2. Outputs: 128 bytes (G1 point), 256 (G2 point), or 32
 * (PAIRING_CHECK: 31 zeros then 1 or 0).
 *
 * bls12_381_eip2537_run runs the precompile at address on in[0..in_len] and
 * writes its output to out[0..out_cap]. A NULL out_len or gas, or a NULL
 * in / out with a nonzero length: BLS12_381_ERR_NULL_POINTER, nothing
 * written. Otherwise *out_len and *gas are always written: *gas is the
 * price of the call (what bls12_381_eip2537_gas gives: charged before
 * running, 0 for an unknown address), *out_len the number of bytes written
 * (0 on error), except on BLS12_381_ERR_BUFFER_TOO_SMALL, where it is the
 * size out needs. Checks in order: the address (ERR_EIP2537_UNKNOWN_ADDRESS),
 * in_len above PTRDIFF_MAX (ERR_INVALID_LENGTH, nothing read), out_cap
 * below the output's size (ERR_BUFFER_TOO_SMALL, nothing computed), then
 * the EIP's checks of the input (ERR_EIP2537_*, the first faulty field in
 * input order). out is written only on success, after in has been read, so
 * the two may overlap. Variable time: the precompiles' inputs are public. */
int bls12_381_eip2537_run(uint64_t address, const uint8_t *in, size_t in_len, uint8_t *out,
                          size_t out_cap, size_t *out_len, uint64_t *gas);
/* *gas = the gas of a call with in_len bytes of input (the EIP's tables; for
 * a length the precompile rejects, the price of the whole pairs it holds).
 * BLS12_381_OK, BLS12_381_ERR_NULL_POINTER (gas NULL), or
 * BLS12_381_ERR_EIP2537_UNKNOWN_ADDRESS (*gas = 0). Any in_len: nothing is read. */
int bls12_381_eip2537_gas(uint64_t address, size_t in_len, uint64_t *gas);

/* ---- Arrays: sums, products, batch inversion ----
 * n items (the preamble's arrays): Fr elements (32 bytes each) or points
 * (the Jacobian form, 144 / 288 bytes each; _affine_: the affine form, 96 /
 * 192 bytes each, the identity all zeros, e.g. made by
 * bls12_381_g?_batch_normalize). A NULL out, or a NULL array with n > 0:
 * BLS12_381_ERR_NULL_POINTER; n items spanning more than PTRDIFF_MAX bytes:
 * BLS12_381_ERR_INVALID_LENGTH (outputs untouched on error). The Fr
 * functions are constant time in the values. */
int bls12_381_fr_batch_sum(uint8_t out[32], const uint8_t *xs, size_t n);     /* 0 for none */
int bls12_381_fr_batch_product(uint8_t out[32], const uint8_t *xs, size_t n); /* 1 for none */
/* sum_{i < n} a[i] b[i] (0 for none). */
int bls12_381_fr_batch_inner_product(uint8_t out[32], const uint8_t *a, const uint8_t *b,
                                     size_t n);
/* Every nonzero one of the n elements at xs replaced by its inverse, in
 * place; zeros stay zero. One inversion for all. */
int bls12_381_fr_batch_invert(uint8_t *xs, size_t n);
/* The same root as bls12_381_fr_sqrt, by the variable-time table method:
 * for public inputs. BLS12_381_ERR_NOT_SQUARE if there is none. */
int bls12_381_fr_sqrt_vartime(uint8_t out[32], const uint8_t a[32]);
/* The sum of the n points at in (the identity for none; out is Jacobian),
 * by batched affine additions: variable time (public data). */
int bls12_381_g1_batch_sum_vartime(uint8_t out[144], const uint8_t *in, size_t n);
int bls12_381_g2_batch_sum_vartime(uint8_t out[288], const uint8_t *in, size_t n);
int bls12_381_g1_affine_batch_sum_vartime(uint8_t out[144], const uint8_t *in, size_t n);
int bls12_381_g2_affine_batch_sum_vartime(uint8_t out[288], const uint8_t *in, size_t n);

/* ---- BLS signatures (draft-irtf-cfrg-bls-signature-05) ----
 * These take and give encodings: secret keys as 32 big-endian bytes (the
 * draft's I2OSP; 0 and values >= r are rejected: ZERO_SECRET_KEY,
 * NOT_CANONICAL; OCaml's Signature.sk_of_bytes_exn and ocaml-bls12-381 use
 * the little-endian order, which bls12_381_sig_sk_from_le / _to_le convert
 * from and to), public keys and signatures compressed (ZCash format).
 * variant: BLS12_381_SIG_MIN_PK (keys in G1, 48 bytes; signatures in G2,
 * 96 bytes) or BLS12_381_SIG_MIN_SIG (keys in G2, 96 bytes; signatures in
 * G1, 48 bytes). scheme: BLS12_381_SIG_BASIC, _AUG (messages signed as
 * pk || msg) or _POP, each with its ciphersuite's DST
 * (BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_ for min-pk Basic, ...).
 * Another number: BLS12_381_ERR_UNKNOWN_SCHEME.
 * Outputs come with their length, which must be the variant's size
 * (INVALID_LENGTH otherwise); nothing is written on error.
 * Verifications return BLS12_381_OK for a valid signature, else the reason:
 * a decoding error of a key (public keys pass KeyValidate: IDENTITY_PUBLIC_KEY
 * for the identity) or of a signature (its subgroup check included:
 * NOT_IN_SUBGROUP), EMPTY_INPUT, DUPLICATE_MESSAGE, or INVALID_SIGNATURE
 * when the pairing equation fails. Arrays of n keys or signatures are their
 * encodings end to end; n messages are one buffer holding them end to end
 * and an array of their n lengths. Signing is constant time in the key and
 * the message; everything else works on public data, in variable time. */
#define BLS12_381_SIG_MIN_PK 0
#define BLS12_381_SIG_MIN_SIG 1
#define BLS12_381_SIG_BASIC 0
#define BLS12_381_SIG_AUG 1
#define BLS12_381_SIG_POP 2
/* KeyGen(IKM, key_info) of the draft (HKDF-SHA256); ikm_len >= 32
 * (KEY_MATERIAL_TOO_SHORT otherwise). */
int bls12_381_sig_keygen(uint8_t sk[32], const uint8_t *ikm, size_t ikm_len,
                         const uint8_t *info, size_t info_len);
int bls12_381_sig_sk_to_pk(uint8_t *pk, size_t pk_len, int variant, const uint8_t sk[32]);
int bls12_381_sig_sign(uint8_t *sig, size_t sig_len, int variant, int scheme,
                       const uint8_t sk[32], const uint8_t *msg, size_t msg_len);
int bls12_381_sig_verify(int variant, int scheme, const uint8_t *pk, size_t pk_len,
                         const uint8_t *msg, size_t msg_len, const uint8_t *sig, size_t sig_len);
/* The sum of n signatures (each checked to be in the subgroup). */
int bls12_381_sig_aggregate(uint8_t *out, size_t out_len, int variant, const uint8_t *sigs, size_t n);
/* AggregateVerify of the scheme: sig aggregates signatures of message i
 * under key i, i < n. Basic requires distinct messages (DUPLICATE_MESSAGE);
 * Aug and Pop (CoreAggregateVerify, for keys whose proofs of possession the
 * caller has checked) accept repeated ones. */
int bls12_381_sig_aggregate_verify(int variant, int scheme, const uint8_t *pks, const uint8_t *msgs,
                                   const size_t *msg_lens, size_t n, const uint8_t *sig,
                                   size_t sig_len);
/* Proof of Possession scheme: sig signs msg under the sum of the n keys (whose
 * proofs of possession the caller has checked). */
int bls12_381_sig_fast_aggregate_verify(int variant, const uint8_t *pks, size_t n, const uint8_t *msg,
                                        size_t msg_len, const uint8_t *sig, size_t sig_len);
int bls12_381_sig_pop_prove(uint8_t *proof, size_t proof_len, int variant, const uint8_t sk[32]);
int bls12_381_sig_pop_verify(int variant, const uint8_t *pk, size_t pk_len, const uint8_t *proof,
                             size_t proof_len);
/* n independent (key i, message i, signature i) sets checked at once with
 * 128-bit scalars derived by SHA-256 from seed[0..seed_len] (may be empty;
 * add fresh random bytes for unpredictable scalars) and all the inputs: OK
 * if every set verifies; a failing batch names no set. */
int bls12_381_sig_batch_verify(int variant, int scheme, const uint8_t *pks, const uint8_t *msgs,
                               const size_t *msg_lens, const uint8_t *sigs, size_t n,
                               const uint8_t *seed, size_t seed_len);
/* OK if the bytes are a valid public key (KeyValidate) / a signature point in
 * the subgroup (the identity included), else the reason. */
int bls12_381_sig_pk_validate(int variant, const uint8_t *pk, size_t pk_len);
int bls12_381_sig_signature_validate(int variant, const uint8_t *sig, size_t sig_len);
/* Secret keys in the other byte order: sk = the 32 bytes of sk_le reversed,
 * after the checks of a secret key (ZERO_SECRET_KEY, NOT_CANONICAL; nothing
 * written on error), and the reverse. The output may be the input. */
int bls12_381_sig_sk_from_le(uint8_t sk[32], const uint8_t sk_le[32]);
int bls12_381_sig_sk_to_le(uint8_t sk_le[32], const uint8_t sk[32]);

/* ---- FFT domains: transforms over the roots of unity of order 2^k ----
 * A bls12_381_fft_domain is an opaque handle on the subgroup
 * {1, w, w^2, ..., w^(n-1)} of Fr* of order n = 2^k (k <= 32) and the
 * twiddle tables of its transforms (32 n bytes, built by the first transform
 * and kept): made once, used by any number of transforms, freed with
 * bls12_381_fft_domain_free. A handle may be used by several threads at
 * once; freeing it while a call uses it, or twice, is undefined behaviour
 * (as free). The constructors write *out only on success; a NULL out,
 * generator or handle: BLS12_381_ERR_NULL_POINTER.
 *
 * Transforms take a handle d, an output and an input array and their item
 * count n, which must be the domain's size (BLS12_381_ERR_DOMAIN_LENGTH_MISMATCH
 * otherwise). Items: Fr elements (32 bytes each, the in-memory form) for
 * bls12_381_fft_domain_fr_*, Jacobian points (G1: 144 bytes each, G2: 288)
 * for _g1_* and _g2_*; no alignment needed (aligned 8-byte buffers are
 * transformed in place, others through a copy). out may alias in, wholly
 * (out == in: in place) or in part: in is read before out is written. A
 * NULL d, out, in (n > 0) or shift: BLS12_381_ERR_NULL_POINTER; a zero
 * shift: BLS12_381_ERR_NOT_INVERTIBLE; out is untouched on every error.
 * threads: 0 = the library's choice (all the threads of its pool from 2^12
 * Fr values or 16 points, the calling thread below), 1 = the calling
 * thread, k > 1 = at most k parts on the pool; the result does not depend
 * on it. The Fr transforms are constant time in the values (the coset
 * shift is public); the point transforms are variable time (public data),
 * named _vartime, for points of the order-r subgroups.
 *
 *   fft:        out[i] = sum_j w^(i j) in[j]               (values at w^i)
 *   ifft:       out[j] = (1/n) sum_i w^(-i j) in[i]        (its inverse)
 *   coset_fft:  out[i] = sum_j (shift w^i)^j in[j]         (values at shift w^i)
 *   coset_ifft: out[j] = (1/n) shift^(-j) sum_i w^(-i j) in[i]
 *   fft_dif:    fft without its final permutation: out[brv(i)] = fft's out[i],
 *               brv the reversal of the k bits of i
 *   ifft_dit:   the inverse of fft_dif (bit-reversed in, natural out, 1/n) */
typedef struct bls12_381_fft_domain bls12_381_fft_domain;
/* The domain of size points generated by the standard root of unity of that
 * order (bls12_381_fr_root_of_unity of log2(size)). size is the number of
 * points, not its log2: BLS12_381_ERR_INVALID_DOMAIN_SIZE unless it is a
 * power of two in [1, 2^32]. */
int bls12_381_fft_domain_new(bls12_381_fft_domain **out, size_t size);
/* The domain of size points generated by generator (an Fr element), which
 * must have order exactly size: BLS12_381_ERR_NOT_PRIMITIVE_ROOT otherwise;
 * BLS12_381_ERR_INVALID_DOMAIN_SIZE as above. */
int bls12_381_fft_domain_with_generator(bls12_381_fft_domain **out, size_t size,
                                        const uint8_t generator[32]);
void bls12_381_fft_domain_free(bls12_381_fft_domain *d); /* NULL: nothing done */
size_t bls12_381_fft_domain_size(const bls12_381_fft_domain *d); /* n; 0 for NULL */
int bls12_381_fft_domain_generator(uint8_t out[32], const bls12_381_fft_domain *d); /* w */
/* The standard primitive root of unity of order 2^log2_order: g^(2^(32 - k))
 * with g = 7^((r - 1) / 2^32) (7 generates Fr*), the generator of the domain
 * of 2^k points; BLS12_381_ERR_INVALID_DOMAIN_SIZE for log2_order > 32. */
int bls12_381_fr_root_of_unity(uint8_t out[32], uint32_t log2_order);
int bls12_381_fft_domain_fr_fft(const bls12_381_fft_domain *d, uint8_t *out, const uint8_t *in,
                                size_t n, size_t threads);
int bls12_381_fft_domain_fr_ifft(const bls12_381_fft_domain *d, uint8_t *out, const uint8_t *in,
                                 size_t n, size_t threads);
int bls12_381_fft_domain_fr_coset_fft(const bls12_381_fft_domain *d, uint8_t *out,
                                      const uint8_t *in, size_t n, const uint8_t shift[32],
                                      size_t threads);
int bls12_381_fft_domain_fr_coset_ifft(const bls12_381_fft_domain *d, uint8_t *out,
                                       const uint8_t *in, size_t n, const uint8_t shift[32],
                                       size_t threads);
int bls12_381_fft_domain_fr_fft_dif(const bls12_381_fft_domain *d, uint8_t *out,
                                    const uint8_t *in, size_t n, size_t threads);
int bls12_381_fft_domain_fr_ifft_dit(const bls12_381_fft_domain *d, uint8_t *out,
                                     const uint8_t *in, size_t n, size_t threads);
int bls12_381_fft_domain_g1_fft_vartime(const bls12_381_fft_domain *d, uint8_t *out,
                                        const uint8_t *in, size_t n, size_t threads);
int bls12_381_fft_domain_g1_ifft_vartime(const bls12_381_fft_domain *d, uint8_t *out,
                                         const uint8_t *in, size_t n, size_t threads);
int bls12_381_fft_domain_g1_coset_fft_vartime(const bls12_381_fft_domain *d, uint8_t *out,
                                              const uint8_t *in, size_t n,
                                              const uint8_t shift[32], size_t threads);
int bls12_381_fft_domain_g1_coset_ifft_vartime(const bls12_381_fft_domain *d, uint8_t *out,
                                               const uint8_t *in, size_t n,
                                               const uint8_t shift[32], size_t threads);
int bls12_381_fft_domain_g2_fft_vartime(const bls12_381_fft_domain *d, uint8_t *out,
                                        const uint8_t *in, size_t n, size_t threads);
int bls12_381_fft_domain_g2_ifft_vartime(const bls12_381_fft_domain *d, uint8_t *out,
                                         const uint8_t *in, size_t n, size_t threads);
int bls12_381_fft_domain_g2_coset_fft_vartime(const bls12_381_fft_domain *d, uint8_t *out,
                                              const uint8_t *in, size_t n,
                                              const uint8_t shift[32], size_t threads);
int bls12_381_fft_domain_g2_coset_ifft_vartime(const bls12_381_fft_domain *d, uint8_t *out,
                                               const uint8_t *in, size_t n,
                                               const uint8_t shift[32], size_t threads);

/* ---- Which kernels run ----
 * A static NUL-terminated string, never to be freed, the same for the life
 * of the process: key=value pairs one space apart, in this order:
 *   limbs=portable|adx        the limb kernel of every field operation;
 *   g1_lanes=off|avx2|avx512f|avx512_ifma, g2_lanes=...
 *                             the vector kernel of each curve's MSM and
 *                             batched subgroup checks (off: none);
 *   ifma_paths=on|off         the AVX-512 IFMA kernels of the GT
 *                             multi-exponentiation and of G2's doubling runs.
 * Later versions may append pairs: parse by key. The environment variable
 * BLS12_381_BACKEND, read at the first operation, decides as in the README:
 * with =portable the string is
 * "limbs=portable g1_lanes=off g2_lanes=off ifma_paths=off". The first call
 * may time the lane kernels (a few thousand additions, once per process), as
 * the first MSM does. The text is that of Rust's bls12_381_core::backend(). */
const char *bls12_381_backend(void);

/* ---- Deprecated: removed in the next release ----
 * The former entry points over arrays, which take the arrays' lengths in
 * bytes, not item counts. They keep their behaviour: a NULL out, or a NULL
 * array with a nonzero length: BLS12_381_ERR_NULL_POINTER; a length that is
 * not a whole number of items, or above PTRDIFF_MAX:
 * BLS12_381_ERR_INVALID_LENGTH; two arrays of different numbers of items:
 * BLS12_381_ERR_LENGTH_MISMATCH (MSM, inner product) or
 * BLS12_381_ERR_INVALID_LENGTH (pairs). Each is its replacement (named in
 * its deprecation message) with n = len / item size, except:
 * bls12_381_g?_msm, _msm_compressed, _sum, _affine_sum and
 * bls12_381_pairing_check are variable time, which their replacements' names
 * now say (_vartime); and bls12_381_fr_fft, _g1_fft, _g2_fft take the
 * domain as the array of its n elements 1, w, ..., w^(n-1), validated and
 * rebuilt at every call, where a bls12_381_fft_domain handle (made by
 * bls12_381_fft_domain_with_generator from w) holds it once. Those three
 * transform values[0..values_len] in place over domain[0..domain_len]:
 *   values[i] <- s * sum_j w^(i j) values[j],  s = 1, or 1/n if inverse != 0
 * (so with inverse set over the domain of w^-1, ocaml-bls12-381's "inverse
 * domain", they are the handle's ifft over the domain of w), with the
 * errors BLS12_381_ERR_INVALID_DOMAIN_SIZE (n not a power of two in
 * [1, 2^32]), BLS12_381_ERR_NOT_PRIMITIVE_ROOT (the elements are not the
 * powers of a w of order exactly n) and BLS12_381_ERR_DOMAIN_LENGTH_MISMATCH
 * (values does not hold n items); threads as for the handle's transforms. */
#define BLS12_381_DEPRECATED_GROUP_FUNCTIONS(g, SIZE)                                       \
  BLS12_381_DEPRECATED("byte lengths: use bls12_381_" #g "_msm_vartime")                  \
  int bls12_381_##g##_msm(uint8_t out[SIZE], const uint8_t *points, size_t points_len,    \
                          const uint8_t *scalars, size_t scalars_len, size_t threads);    \
  BLS12_381_DEPRECATED("byte lengths: use bls12_381_" #g "_msm_compressed_vartime")       \
  int bls12_381_##g##_msm_compressed(uint8_t out[SIZE], const uint8_t *encs, size_t encs_len, \
                                     const uint8_t *scalars, size_t scalars_len,          \
                                     int subgroup_check, size_t threads);                 \
  BLS12_381_DEPRECATED("byte length: use bls12_381_" #g "_batch_normalize")               \
  int bls12_381_##g##_batch_to_affine(uint8_t *out, const uint8_t *in, size_t len);       \
  BLS12_381_DEPRECATED("byte length: use bls12_381_" #g "_batch_sum_vartime")             \
  int bls12_381_##g##_sum(uint8_t out[SIZE], const uint8_t *in, size_t len);              \
  BLS12_381_DEPRECATED("byte length: use bls12_381_" #g "_affine_batch_sum_vartime")      \
  int bls12_381_##g##_affine_sum(uint8_t out[SIZE], const uint8_t *in, size_t len);       \
  BLS12_381_DEPRECATED("a domain array: use bls12_381_fft_domain_" #g "_fft_vartime")     \
  int bls12_381_##g##_fft(uint8_t *values, size_t values_len, const uint8_t *domain,      \
                          size_t domain_len, int inverse, size_t threads);

BLS12_381_DEPRECATED_GROUP_FUNCTIONS(g1, 144)
BLS12_381_DEPRECATED_GROUP_FUNCTIONS(g2, 288)
#undef BLS12_381_DEPRECATED_GROUP_FUNCTIONS

BLS12_381_DEPRECATED("byte length: use bls12_381_fr_batch_sum")
int bls12_381_fr_sum(uint8_t out[32], const uint8_t *xs, size_t len);
BLS12_381_DEPRECATED("byte length: use bls12_381_fr_batch_product")
int bls12_381_fr_product(uint8_t out[32], const uint8_t *xs, size_t len);
BLS12_381_DEPRECATED("byte lengths: use bls12_381_fr_batch_inner_product")
int bls12_381_fr_inner_product(uint8_t out[32], const uint8_t *a, size_t a_len, const uint8_t *b,
                               size_t b_len);
BLS12_381_DEPRECATED("byte length: use bls12_381_fr_batch_invert")
int bls12_381_fr_batch_inverse(uint8_t *xs, size_t len);
BLS12_381_DEPRECATED("a domain array: use bls12_381_fft_domain_fr_fft")
int bls12_381_fr_fft(uint8_t *values, size_t values_len, const uint8_t *domain, size_t domain_len,
                     int inverse, size_t threads);
BLS12_381_DEPRECATED("byte lengths: use bls12_381_multi_miller_loop")
int bls12_381_miller_loop(uint8_t out[576], const uint8_t *g1s, size_t g1s_len,
                          const uint8_t *g2s, size_t g2s_len);
BLS12_381_DEPRECATED("byte lengths: use bls12_381_pairing_check_vartime")
int bls12_381_pairing_check(uint8_t out[1], const uint8_t *g1s, size_t g1s_len,
                            const uint8_t *g2s, size_t g2s_len);

#ifdef __cplusplus
}
#endif
#endif /* BLS12_381_H */
