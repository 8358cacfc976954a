/* The library's OCaml values: Fr, Fq12 (and GT), G1 and G2 points (Jacobian
 * and affine) are custom blocks holding the in-memory form of the Rust core
 * (rust/ffi/include/bls12_381.h), and the short calls on them are direct
 * stubs into the C ABI.
 *
 * Why custom blocks: OCaml's polymorphic equality, compare and hash, and
 * Marshal, see a custom block through the operations below, which work on
 * the value's canonical encoding. So equal values compare and hash equal
 * whatever their in-memory form (a Jacobian point has many), Fr values
 * order as ocaml-bls12-381's Fr.compare (the little-endian encodings
 * compared byte by byte, least significant first), and Marshal writes the
 * encoding and checks it when reading it back.
 *
 * The blocks have no finaliser and hold no other resource: they are
 * allocated in the minor heap like any small OCaml value. A stub that
 * allocates its result computes it into a stack buffer first and allocates
 * last, so no argument is used after an allocation (which may move it).
 * Stubs that release the runtime lock copy their inputs to the stack
 * first. */

#define CAML_NAME_SPACE
#include <caml/version.h>
/* OCaml 4.x: the runtime's inline minor-heap allocation (Alloc_small, an
 * internal macro whose form changed in 5.0) instead of a call to
 * caml_alloc_small; see alloc_block below. */
#if OCAML_VERSION_MAJOR == 4 && OCAML_VERSION_MINOR >= 10
#define CAML_INTERNALS
#define BLS12_381_INLINE_ALLOC 1
#endif
#include <caml/alloc.h>
#include <caml/bigarray.h>
#include <caml/custom.h>
#include <caml/fail.h>
#include <caml/hash.h>
#include <caml/intext.h>
#include <caml/memory.h>
#include <caml/mlvalues.h>
#include <caml/signals.h>
#include <stdint.h>
#include <string.h>

#include "bls12_381.h"

/* ---- Kinds: the custom operations of each type ---- */

struct kind {
  struct custom_operations ops; /* first: a block's ops pointer is its kind */
  size_t size;                  /* bytes of the in-memory form */
  size_t enc_size;              /* bytes of the canonical encoding */
  void (*encode)(uint8_t *out, const uint8_t *a);
  int (*decode)(uint8_t *out, const uint8_t *in, size_t len);
  struct custom_fixed_length fixed;
};

#define DATA(v) ((uint8_t *)Data_custom_val(v))
#define KIND(v) ((const struct kind *)Custom_ops_val(v))

static int kind_compare(value a, value b);
static intnat kind_hash(value a);
static void kind_serialize(value a, uintnat *bsize_32, uintnat *bsize_64);
static uintnat kind_deserialize(void *dst);

/* The Fq12 and GT decoders differ; the deserializer of an Fq12 value must
 * accept every Fq12 element, a GT value is an Fq12 value (GT.t is a private
 * Fq12.t), so both use the Fq12 kind. Points are encoded uncompressed and
 * decoded with the curve check but not the subgroup check, so that every
 * point the library can hold (the _unchecked decoders' too) reads back. */
#define KIND_DEF(name, id, SIZE, ENC, enc_fn, dec_fn)                                          \
  static struct kind name = {{id, NULL, kind_compare, kind_hash, kind_serialize,            \
                              kind_deserialize, NULL, &name.fixed},                          \
                             SIZE,                                                           \
                             ENC,                                                            \
                             enc_fn,                                                         \
                             dec_fn,                                                         \
                             {SIZE, SIZE}};

KIND_DEF(fr_kind, "bls12_381_rust.fr", BLS12_381_FR_SIZE, BLS12_381_FR_BYTES, bls12_381_fr_to_bytes,
         bls12_381_fr_of_bytes)
KIND_DEF(fq12_kind, "bls12_381_rust.fq12", BLS12_381_FQ12_SIZE, BLS12_381_FQ12_BYTES,
         bls12_381_fq12_to_bytes, bls12_381_fq12_of_bytes)
KIND_DEF(g1_kind, "bls12_381_rust.g1", BLS12_381_G1_SIZE, BLS12_381_G1_UNCOMPRESSED_BYTES,
         bls12_381_g1_to_uncompressed, bls12_381_g1_of_uncompressed_unchecked)
KIND_DEF(g2_kind, "bls12_381_rust.g2", BLS12_381_G2_SIZE, BLS12_381_G2_UNCOMPRESSED_BYTES,
         bls12_381_g2_to_uncompressed, bls12_381_g2_of_uncompressed_unchecked)
KIND_DEF(g1_affine_kind, "bls12_381_rust.g1_affine", BLS12_381_G1_AFFINE_SIZE,
         BLS12_381_G1_UNCOMPRESSED_BYTES, bls12_381_g1_affine_to_uncompressed,
         bls12_381_g1_affine_of_uncompressed_unchecked)
KIND_DEF(g2_affine_kind, "bls12_381_rust.g2_affine", BLS12_381_G2_AFFINE_SIZE,
         BLS12_381_G2_UNCOMPRESSED_BYTES, bls12_381_g2_affine_to_uncompressed,
         bls12_381_g2_affine_of_uncompressed_unchecked)

/* The largest in-memory form and encoding (Fq12). */
#define MAX_SIZE BLS12_381_FQ12_SIZE

/* Two values of different kinds never meet here: OCaml's compare orders
 * custom blocks of different operations by their identifiers before
 * calling a compare function. */
static int kind_compare(value a, value b) {
  const struct kind *k = KIND(a);
  uint8_t ea[MAX_SIZE], eb[MAX_SIZE];
  k->encode(ea, DATA(a));
  k->encode(eb, DATA(b));
  int c = memcmp(ea, eb, k->enc_size);
  return (c > 0) - (c < 0);
}

static intnat kind_hash(value a) {
  const struct kind *k = KIND(a);
  uint8_t e[MAX_SIZE];
  k->encode(e, DATA(a));
  uint32_t h = 0;
  for (size_t i = 0; i + 4 <= k->enc_size; i += 4) {
    uint32_t w;
    memcpy(&w, e + i, 4);
    h = caml_hash_mix_uint32(h, w);
  }
  return (intnat)h;
}

static void kind_serialize(value a, uintnat *bsize_32, uintnat *bsize_64) {
  const struct kind *k = KIND(a);
  uint8_t e[MAX_SIZE];
  k->encode(e, DATA(a));
  caml_serialize_block_1(e, k->enc_size);
  *bsize_32 = k->size;
  *bsize_64 = k->size;
}

/* The deserializer is told only where to write; the kind is found from the
 * identifier through the registered operations, one deserializer per kind. */
static uintnat deserialize_kind(const struct kind *k, void *dst) {
  uint8_t e[MAX_SIZE];
  caml_deserialize_block_1(e, k->enc_size);
  if (k->decode(dst, e, k->enc_size) != BLS12_381_OK)
    caml_deserialize_error("Bls12_381: an invalid encoding in marshalled data");
  return k->size;
}

#define DESERIALIZER(kind)                                                                 \
  static uintnat kind##_deserialize(void *dst) { return deserialize_kind(&kind, dst); }
DESERIALIZER(fr_kind)
DESERIALIZER(fq12_kind)
DESERIALIZER(g1_kind)
DESERIALIZER(g2_kind)
DESERIALIZER(g1_affine_kind)
DESERIALIZER(g2_affine_kind)

/* Never called: each kind's operations are given their own deserializer
 * when they are registered. */
static uintnat kind_deserialize(void *dst) {
  (void)dst;
  caml_deserialize_error("Bls12_381: deserializer not registered");
  return 0;
}

CAMLprim value caml_bls12_381_register(value unit) {
  (void)unit;
  fr_kind.ops.deserialize = fr_kind_deserialize;
  fq12_kind.ops.deserialize = fq12_kind_deserialize;
  g1_kind.ops.deserialize = g1_kind_deserialize;
  g2_kind.ops.deserialize = g2_kind_deserialize;
  g1_affine_kind.ops.deserialize = g1_affine_kind_deserialize;
  g2_affine_kind.ops.deserialize = g2_affine_kind_deserialize;
  caml_register_custom_operations(&fr_kind.ops);
  caml_register_custom_operations(&fq12_kind.ops);
  caml_register_custom_operations(&g1_kind.ops);
  caml_register_custom_operations(&g2_kind.ops);
  caml_register_custom_operations(&g1_affine_kind.ops);
  caml_register_custom_operations(&g2_affine_kind.ops);
  return Val_unit;
}

/* ---- Allocation and copies ---- */

/* A fresh block of kind [k] holding the [size] bytes at [src]. The sizes
 * are multiples of 8 and at most 576 bytes: a minor-heap block. Inlined with
 * the size a constant (FRESH), so that the copy is a few moves. */
/* A minor-heap block of [wosize] words with the custom tag; nothing of the
 * caller's is live across it (the slow path runs a minor collection), so
 * there is nothing to set up or restore around the collection. */
#ifdef BLS12_381_INLINE_ALLOC
#define Setup_for_gc
#define Restore_after_gc
#endif
static inline value alloc_block(mlsize_t wosize) {
#ifdef BLS12_381_INLINE_ALLOC
  value r;
  Alloc_small(r, wosize, Custom_tag);
  return r;
#else
  return caml_alloc_small(wosize, Custom_tag);
#endif
}

static inline value fresh_sized(const struct kind *k, const uint8_t *src, size_t size) {
  value r = alloc_block(1 + size / sizeof(value));
  Custom_ops_val(r) = (struct custom_operations *)&k->ops;
  memcpy(DATA(r), src, size);
  return r;
}

static value fresh(const struct kind *k, const uint8_t *src) { return fresh_sized(k, src, k->size); }

/* The in-memory sizes by kind name, for FRESH and the stack buffers. */
#define fr_SIZE BLS12_381_FR_SIZE
#define fq12_SIZE BLS12_381_FQ12_SIZE
#define g1_SIZE BLS12_381_G1_SIZE
#define g2_SIZE BLS12_381_G2_SIZE
#define g1_affine_SIZE BLS12_381_G1_AFFINE_SIZE
#define g2_affine_SIZE BLS12_381_G2_AFFINE_SIZE
#define FRESH(kind, src) fresh_sized(&kind##_kind, src, kind##_SIZE)

static const uint8_t zeros[MAX_SIZE];

#define KIND_STUBS(kind)                                                                   \
  /* A fresh value (all-zero bytes) for a writer to fill. */                               \
  CAMLprim value caml_bls12_381_##kind##_alloc(value unit) {                               \
    (void)unit;                                                                            \
    return FRESH(kind, zeros);                                                             \
  }                                                                                        \
  /* The value whose in-memory form is at [off] in the bigarray [ba]. */                   \
  CAMLprim value caml_bls12_381_##kind##_of_bigarray(value ba, value off) {                \
    uint8_t t[kind##_SIZE];                                                                \
    memcpy(t, (uint8_t *)Caml_ba_data_val(ba) + Long_val(off), kind##_SIZE);               \
    return FRESH(kind, t);                                                                 \
  }                                                                                        \
  /* The value whose in-memory form is the bytes [b] from [off]. */                        \
  CAMLprim value caml_bls12_381_##kind##_of_raw(value b, value off) {                      \
    uint8_t t[kind##_SIZE];                                                                \
    memcpy(t, Bytes_val(b) + Long_val(off), kind##_SIZE);                                  \
    return FRESH(kind, t);                                                                 \
  }
KIND_STUBS(fr)
KIND_STUBS(fq12)
KIND_STUBS(g1)
KIND_STUBS(g2)
KIND_STUBS(g1_affine)
KIND_STUBS(g2_affine)

CAMLprim value caml_bls12_381_copy(value a) {
  uint8_t t[MAX_SIZE];
  const struct kind *k = KIND(a);
  memcpy(t, DATA(a), k->size);
  return fresh(k, t);
}

/* [dst] <- [src], two values of one kind. */
CAMLprim value caml_bls12_381_blit(value src, value dst) {
  memcpy(DATA(dst), DATA(src), KIND(src)->size);
  return Val_unit;
}

CAMLprim value caml_bls12_381_size(value a) { return Val_long(KIND(a)->size); }

/* The in-memory form of [a] to the bigarray [ba] at [off] / to the bytes
 * [b] at [off] (the caller checks the range). */
CAMLprim value caml_bls12_381_to_bigarray(value a, value ba, value off) {
  memcpy((uint8_t *)Caml_ba_data_val(ba) + Long_val(off), DATA(a), KIND(a)->size);
  return Val_unit;
}

CAMLprim value caml_bls12_381_to_raw(value a, value b, value off) {
  memcpy(Bytes_val(b) + Long_val(off), DATA(a), KIND(a)->size);
  return Val_unit;
}

/* The order of the custom operations (ocaml-bls12-381's Fr.compare for Fr). */
CAMLprim value caml_bls12_381_compare(value a, value b) { return Val_int(kind_compare(a, b)); }

/* ---- The operations, by the shape of their C function ---- */

/* r = f(a), r = f(a, b): fresh values. */
#define UNARY(name, fn, kind)                                                              \
  CAMLprim value caml_bls12_381_##name(value a) {                                          \
    uint8_t t[kind##_SIZE];                                                                \
    fn(t, DATA(a));                                                                        \
    return FRESH(kind, t);                                                                 \
  }
#define BINARY(name, fn, kind)                                                             \
  CAMLprim value caml_bls12_381_##name(value a, value b) {                                 \
    uint8_t t[kind##_SIZE];                                                                \
    fn(t, DATA(a), DATA(b));                                                               \
    return FRESH(kind, t);                                                                 \
  }
/* f(r, a), f(r, a, b): into an existing value (noalloc). */
#define UNARY_INTO(name, fn)                                                               \
  CAMLprim value caml_bls12_381_##name##_into(value r, value a) {                          \
    fn(DATA(r), DATA(a));                                                                  \
    return Val_unit;                                                                       \
  }
#define BINARY_INTO(name, fn)                                                              \
  CAMLprim value caml_bls12_381_##name##_into(value r, value a, value b) {                 \
    fn(DATA(r), DATA(a), DATA(b));                                                         \
    return Val_unit;                                                                       \
  }
/* Predicates (noalloc). */
#define PRED1(name, fn)                                                                    \
  CAMLprim value caml_bls12_381_##name(value a) { return Val_bool(fn(DATA(a))); }
#define PRED2(name, fn)                                                                    \
  CAMLprim value caml_bls12_381_##name(value a, value b) {                                 \
    return Val_bool(fn(DATA(a), DATA(b)));                                                 \
  }
/* A constant: a fresh value. */
#define WRITER(name, fn, kind)                                                             \
  CAMLprim value caml_bls12_381_##name(value unit) {                                       \
    uint8_t t[kind##_SIZE];                                                                \
    (void)unit;                                                                            \
    fn(t);                                                                                 \
    return FRESH(kind, t);                                                                 \
  }
/* An encoding of [a]: fresh bytes. */
#define ENCODE(name, fn, N)                                                                \
  CAMLprim value caml_bls12_381_##name(value a) {                                          \
    uint8_t t[N];                                                                          \
    fn(t, DATA(a));                                                                        \
    value s = caml_alloc_string(N);                                                        \
    memcpy(Bytes_val(s), t, N);                                                            \
    return s;                                                                              \
  }
/* A decoder writing to [r] (noalloc): the C code, [r] untouched on error. */
#define DECODE_INTO(name, fn)                                                              \
  CAMLprim value caml_bls12_381_##name##_into(value r, value b) {                          \
    return Val_int(fn(DATA(r), Bytes_val(b), caml_string_length(b)));                      \
  }
/* r = f(a, bytes): a fresh value. */
#define WITH_BYTES(name, fn, kind)                                                         \
  CAMLprim value caml_bls12_381_##name(value a, value s) {                                 \
    uint8_t t[kind##_SIZE];                                                                \
    fn(t, DATA(a), Bytes_val(s), caml_string_length(s));                                   \
    return FRESH(kind, t);                                                                 \
  }
/* r = f(a, s) for an Fr value s, as its 32-byte encoding: fresh / into. */
#define WITH_FR(name, fn, kind)                                                            \
  CAMLprim value caml_bls12_381_##name(value a, value s) {                                 \
    uint8_t t[kind##_SIZE], e[BLS12_381_FR_BYTES];                                         \
    bls12_381_fr_to_bytes(e, DATA(s));                                                     \
    fn(t, DATA(a), e, sizeof e);                                                           \
    return FRESH(kind, t);                                                                 \
  }                                                                                        \
  CAMLprim value caml_bls12_381_##name##_into(value r, value a, value s) {                 \
    uint8_t e[BLS12_381_FR_BYTES];                                                         \
    bls12_381_fr_to_bytes(e, DATA(s));                                                     \
    fn(DATA(r), DATA(a), e, sizeof e);                                                     \
    return Val_unit;                                                                       \
  }
/* A function answering a code, writing to [r] (noalloc). */
#define CODE1_INTO(name, fn)                                                               \
  CAMLprim value caml_bls12_381_##name##_into(value r, value a) {                          \
    return Val_int(fn(DATA(r), DATA(a)));                                                  \
  }

/* Fr and Fq12. */
#define FIELD_STUBS(f)                                                                     \
  WRITER(f##_zero, bls12_381_##f##_zero, f)                                                \
  WRITER(f##_one, bls12_381_##f##_one, f)                                                  \
  PRED1(f##_is_zero, bls12_381_##f##_is_zero)                                              \
  PRED1(f##_is_one, bls12_381_##f##_is_one)                                                \
  PRED2(f##_eq, bls12_381_##f##_eq)                                                        \
  BINARY(f##_add, bls12_381_##f##_add, f)                                                  \
  BINARY(f##_sub, bls12_381_##f##_sub, f)                                                  \
  BINARY(f##_mul, bls12_381_##f##_mul, f)                                                  \
  UNARY(f##_neg, bls12_381_##f##_neg, f)                                                   \
  UNARY(f##_double, bls12_381_##f##_double, f)                                             \
  UNARY(f##_square, bls12_381_##f##_square, f)                                             \
  BINARY_INTO(f##_add, bls12_381_##f##_add)                                                \
  BINARY_INTO(f##_sub, bls12_381_##f##_sub)                                                \
  BINARY_INTO(f##_mul, bls12_381_##f##_mul)                                                \
  UNARY_INTO(f##_neg, bls12_381_##f##_neg)                                                 \
  UNARY_INTO(f##_double, bls12_381_##f##_double)                                           \
  UNARY_INTO(f##_square, bls12_381_##f##_square)                                           \
  CODE1_INTO(f##_inverse, bls12_381_##f##_inverse)                                         \
  WITH_BYTES(f##_pow, bls12_381_##f##_pow, f)                                              \
  DECODE_INTO(f##_of_bytes, bls12_381_##f##_of_bytes)

FIELD_STUBS(fr)
FIELD_STUBS(fq12)
ENCODE(fr_to_bytes, bls12_381_fr_to_bytes, BLS12_381_FR_BYTES)
ENCODE(fq12_to_bytes, bls12_381_fq12_to_bytes, BLS12_381_FQ12_BYTES)
CODE1_INTO(fr_sqrt, bls12_381_fr_sqrt)
CODE1_INTO(fr_sqrt_vartime, bls12_381_fr_sqrt_vartime)
CAMLprim value caml_bls12_381_fr_legendre(value a) { return Val_int(bls12_381_fr_legendre(DATA(a))); }

/* [r] from the 64 / 768 bytes of [b] reduced (noalloc). */
CAMLprim value caml_bls12_381_fr_of_bytes_wide_into(value r, value b) {
  bls12_381_fr_of_bytes_wide(DATA(r), Bytes_val(b));
  return Val_unit;
}
CAMLprim value caml_bls12_381_fq12_of_bytes_wide_into(value r, value b) {
  bls12_381_fq12_of_bytes_wide(DATA(r), Bytes_val(b));
  return Val_unit;
}

/* G1 and G2. */
#define CURVE_STUBS(g, UNCOMPRESSED, COMPRESSED)                                           \
  WRITER(g##_zero, bls12_381_##g##_zero, g)                                                \
  WRITER(g##_one, bls12_381_##g##_one, g)                                                  \
  PRED1(g##_is_zero, bls12_381_##g##_is_zero)                                              \
  PRED1(g##_is_in_subgroup, bls12_381_##g##_is_in_subgroup)                                \
  PRED2(g##_eq, bls12_381_##g##_eq)                                                        \
  BINARY(g##_add, bls12_381_##g##_add, g)                                                  \
  UNARY(g##_double, bls12_381_##g##_double, g)                                             \
  UNARY(g##_neg, bls12_381_##g##_neg, g)                                                   \
  BINARY_INTO(g##_add, bls12_381_##g##_add)                                                \
  UNARY_INTO(g##_double, bls12_381_##g##_double)                                           \
  UNARY_INTO(g##_neg, bls12_381_##g##_neg)                                                 \
  WITH_FR(g##_mul, bls12_381_##g##_mul, g)                                                 \
  WITH_BYTES(g##_mul_bytes, bls12_381_##g##_mul, g)                                        \
  DECODE_INTO(g##_of_compressed, bls12_381_##g##_of_compressed)                            \
  DECODE_INTO(g##_of_compressed_unchecked, bls12_381_##g##_of_compressed_unchecked)        \
  DECODE_INTO(g##_of_uncompressed, bls12_381_##g##_of_uncompressed)                        \
  DECODE_INTO(g##_of_uncompressed_unchecked, bls12_381_##g##_of_uncompressed_unchecked)    \
  DECODE_INTO(g##_affine_of_uncompressed, bls12_381_##g##_affine_of_uncompressed)          \
  DECODE_INTO(g##_affine_of_uncompressed_unchecked,                                        \
              bls12_381_##g##_affine_of_uncompressed_unchecked)                            \
  DECODE_INTO(g##_of_xy, bls12_381_##g##_of_xy)                                            \
  ENCODE(g##_to_compressed, bls12_381_##g##_to_compressed, COMPRESSED)                     \
  ENCODE(g##_to_uncompressed, bls12_381_##g##_to_uncompressed, UNCOMPRESSED)               \
  ENCODE(g##_affine_to_uncompressed, bls12_381_##g##_affine_to_uncompressed, UNCOMPRESSED) \
  UNARY(g##_to_affine, bls12_381_##g##_to_affine, g##_affine)                              \
  UNARY(g##_of_affine, bls12_381_##g##_of_affine, g)

CURVE_STUBS(g1, BLS12_381_G1_UNCOMPRESSED_BYTES, BLS12_381_G1_COMPRESSED_BYTES)
CURVE_STUBS(g2, BLS12_381_G2_UNCOMPRESSED_BYTES, BLS12_381_G2_COMPRESSED_BYTES)

/* GT: Fq12 values. */
WRITER(gt_identity, bls12_381_gt_identity, fq12)
WRITER(gt_generator, bls12_381_gt_generator, fq12)
PRED1(gt_is_identity, bls12_381_gt_is_identity)
PRED2(gt_eq, bls12_381_gt_eq)
BINARY(gt_mul, bls12_381_gt_mul, fq12)
UNARY(gt_square, bls12_381_gt_square, fq12)
UNARY(gt_inverse, bls12_381_gt_inverse, fq12)
WITH_FR(gt_pow, bls12_381_gt_pow, fq12)
WITH_FR(gt_pow_vartime, bls12_381_gt_pow_vartime, fq12)
DECODE_INTO(gt_of_bytes, bls12_381_gt_of_bytes)
CODE1_INTO(gt_of_fq12, bls12_381_gt_of_fq12)

/* ---- Long calls: the runtime lock released ---- */

/* [r] <- e(p, q) / the final exponentiation of [f]: the C code ([r]
 * untouched on error). The inputs are copied to the stack, the lock is
 * released for the computation, the result is written to [r] (where the GC
 * may have moved it meanwhile) once the lock is back. */
CAMLprim value caml_bls12_381_pairing_into(value r, value p, value q) {
  CAMLparam3(r, p, q);
  uint8_t pp[BLS12_381_G1_SIZE], qq[BLS12_381_G2_SIZE], out[BLS12_381_FQ12_SIZE];
  memcpy(pp, DATA(p), sizeof pp);
  memcpy(qq, DATA(q), sizeof qq);
  caml_enter_blocking_section();
  int c = bls12_381_pairing(out, pp, qq);
  caml_leave_blocking_section();
  if (c == BLS12_381_OK) memcpy(DATA(r), out, sizeof out);
  CAMLreturn(Val_int(c));
}

CAMLprim value caml_bls12_381_final_exponentiation_into(value r, value f) {
  CAMLparam2(r, f);
  uint8_t ff[BLS12_381_FQ12_SIZE], out[BLS12_381_FQ12_SIZE];
  memcpy(ff, DATA(f), sizeof ff);
  caml_enter_blocking_section();
  int c = bls12_381_final_exponentiation(out, ff);
  caml_leave_blocking_section();
  if (c == BLS12_381_OK) memcpy(DATA(r), out, sizeof out);
  CAMLreturn(Val_int(c));
}
