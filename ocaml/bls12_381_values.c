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
 * allocates its result either allocates first when the minor heap has room
 * (then no collection runs and nothing moves) or computes into a stack
 * buffer first and allocates last, so no argument is used after an
 * allocation that may have moved it.
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

/* [call] (a C ABI call writing its result to [OUT]) made into a fresh
 * value of kind [kind], returned. When the minor heap has room for the
 * block, the block is allocated first and [call] writes into it: no
 * collection can run, so the arguments have not moved, and the result
 * skips a copy through the stack (a store and a reload on the dependency
 * chain of a short call). Otherwise (and on OCaml 5, whose allocation
 * macros are not used here) the result goes to a stack buffer first and
 * the block is allocated last, as in [fresh]. The room test is
 * Alloc_small's own, so Alloc_small then takes its fast path. */
#ifdef BLS12_381_INLINE_ALLOC
#define YOUNG_ROOM(wosize)                                                                 \
  (Caml_state->young_ptr - Whsize_wosize(wosize) >= Caml_state->young_limit)
#else
#define YOUNG_ROOM(wosize) 0
#endif
#define RETURN_FRESH(kind, call)                                                           \
  do {                                                                                     \
    if (YOUNG_ROOM(1 + kind##_SIZE / sizeof(value))) {                                     \
      value r_ = alloc_block(1 + kind##_SIZE / sizeof(value));                             \
      Custom_ops_val(r_) = (struct custom_operations *)&kind##_kind.ops;                   \
      uint8_t *OUT = DATA(r_);                                                             \
      call;                                                                                \
      return r_;                                                                           \
    } else {                                                                               \
      uint8_t OUT[kind##_SIZE];                                                            \
      call;                                                                                \
      return FRESH(kind, OUT);                                                             \
    }                                                                                      \
  } while (0)

static const uint8_t zeros[MAX_SIZE];

/* The kinds by index: the order of value.ml's [kind]. */
static struct kind *const kinds[] = {&fr_kind, &fq12_kind, &g1_kind, &g2_kind, &g1_affine_kind, &g2_affine_kind};

/* A fresh value of kind [k] (all-zero bytes) for a writer to fill. */
CAMLprim value caml_bls12_381_alloc(value k) { return fresh(kinds[Long_val(k)], zeros); }

/* The value of kind [k] whose in-memory form is at [off] in the bigarray
 * [ba] (the caller checks the range). */
CAMLprim value caml_bls12_381_of_bigarray(value k, value ba, value off) {
  uint8_t t[MAX_SIZE];
  const struct kind *kd = kinds[Long_val(k)];
  memcpy(t, (uint8_t *)Caml_ba_data_val(ba) + Long_val(off), kd->size);
  return fresh(kd, t);
}

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

/* The in-memory form of [a] to the bigarray [ba] at [off] (the caller
 * checks the range). */
CAMLprim value caml_bls12_381_to_bigarray(value a, value ba, value off) {
  memcpy((uint8_t *)Caml_ba_data_val(ba) + Long_val(off), DATA(a), KIND(a)->size);
  return Val_unit;
}

/* The order of the custom operations (ocaml-bls12-381's Fr.compare for Fr). */
CAMLprim value caml_bls12_381_compare(value a, value b) { return Val_int(kind_compare(a, b)); }

/* ---- The operations of two kinds: Fr and Fq12 ("field"), G1 and G2
 * ("point") ----
 * One stub serves both kinds of a pair: it calls the C ABI's function of
 * the kind of its first value argument (the operand, or the value an _into
 * stub writes to), bls12_381_<A>_<fn> or bls12_381_<B>_<fn>, so that
 * Field.Make and Curve.Make name each stub once. A stub that allocates
 * its result writes it into the fresh block (RETURN_FRESH) or computes it
 * into a stack buffer first and allocates last. */

#define IS(v, A) (KIND(v) == &A##_kind)

/* r = fn(a), r = fn(a, b): fresh values, of the kind of [a] (RA or RB). */
#define UNARY_TO(stub, fn, A, B, RA, RB)                                                    \
  CAMLprim value caml_bls12_381_##stub(value a) {                                          \
    if (IS(a, A)) RETURN_FRESH(RA, bls12_381_##A##_##fn(OUT, DATA(a)));                     \
    RETURN_FRESH(RB, bls12_381_##B##_##fn(OUT, DATA(a)));                                  \
  }
/* UNARY, BINARY: the fresh form and the _into form (below). */
#define UNARY(stub, fn, A, B) UNARY_TO(stub, fn, A, B, A, B) UNARY_INTO(stub, fn, A, B)
#define BINARY_FRESH(stub, fn, A, B)                                                       \
  CAMLprim value caml_bls12_381_##stub(value a, value b) {                                 \
    if (IS(a, A)) RETURN_FRESH(A, bls12_381_##A##_##fn(OUT, DATA(a), DATA(b)));            \
    RETURN_FRESH(B, bls12_381_##B##_##fn(OUT, DATA(a), DATA(b)));                          \
  }
/* fn(r, a), fn(r, a, b): into an existing value (noalloc). */
#define UNARY_INTO(stub, fn, A, B)                                                         \
  CAMLprim value caml_bls12_381_##stub##_into(value r, value a) {                          \
    if (IS(r, A)) bls12_381_##A##_##fn(DATA(r), DATA(a));                                  \
    else bls12_381_##B##_##fn(DATA(r), DATA(a));                                           \
    return Val_unit;                                                                       \
  }
#define BINARY_INTO(stub, fn, A, B)                                                        \
  CAMLprim value caml_bls12_381_##stub##_into(value r, value a, value b) {                 \
    if (IS(r, A)) bls12_381_##A##_##fn(DATA(r), DATA(a), DATA(b));                         \
    else bls12_381_##B##_##fn(DATA(r), DATA(a), DATA(b));                                  \
    return Val_unit;                                                                       \
  }
#define BINARY(stub, fn, A, B) BINARY_FRESH(stub, fn, A, B) BINARY_INTO(stub, fn, A, B)

/* fn(r): a constant written to [r] (noalloc). */
#define WRITER_INTO(stub, fn, A, B)                                                        \
  CAMLprim value caml_bls12_381_##stub##_into(value r) {                                   \
    if (IS(r, A)) bls12_381_##A##_##fn(DATA(r));                                           \
    else bls12_381_##B##_##fn(DATA(r));                                                    \
    return Val_unit;                                                                       \
  }
/* Predicates (noalloc). */
#define PRED1(stub, fn, A, B)                                                              \
  CAMLprim value caml_bls12_381_##stub(value a) {                                          \
    return Val_bool(IS(a, A) ? bls12_381_##A##_##fn(DATA(a)) : bls12_381_##B##_##fn(DATA(a))); \
  }
#define PRED2(stub, fn, A, B)                                                              \
  CAMLprim value caml_bls12_381_##stub(value a, value b) {                                 \
    return Val_bool(IS(a, A) ? bls12_381_##A##_##fn(DATA(a), DATA(b))                     \
                             : bls12_381_##B##_##fn(DATA(a), DATA(b)));                    \
  }
/* An encoding of [a] (NA or NB bytes): fresh bytes. */
#define ENCODE(stub, fn, A, B, NA, NB)                                                     \
  CAMLprim value caml_bls12_381_##stub(value a) {                                          \
    uint8_t t[MAX_SIZE];                                                                   \
    size_t n = IS(a, A) ? (NA) : (NB);                                                     \
    if (IS(a, A)) bls12_381_##A##_##fn(t, DATA(a));                                        \
    else bls12_381_##B##_##fn(t, DATA(a));                                                 \
    value s = caml_alloc_string(n);                                                        \
    memcpy(Bytes_val(s), t, n);                                                            \
    return s;                                                                              \
  }
/* A decoder of the bytes [b] writing to [r] (noalloc): the C code, [r]
 * untouched on error. */
#define DECODE_INTO(stub, fn, A, B)                                                        \
  CAMLprim value caml_bls12_381_##stub##_into(value r, value b) {                          \
    return Val_int(IS(r, A) ? bls12_381_##A##_##fn(DATA(r), Bytes_val(b), caml_string_length(b)) \
                            : bls12_381_##B##_##fn(DATA(r), Bytes_val(b), caml_string_length(b))); \
  }
/* fn(r, a) answering a code (noalloc). */
#define CODE1_INTO(stub, fn, A, B)                                                         \
  CAMLprim value caml_bls12_381_##stub##_into(value r, value a) {                          \
    return Val_int(IS(r, A) ? bls12_381_##A##_##fn(DATA(r), DATA(a))                      \
                            : bls12_381_##B##_##fn(DATA(r), DATA(a)));                     \
  }
/* r = fn(a, s[0..len]) for bytes [s]: a fresh value. */
#define WITH_BYTES(stub, fn, A, B)                                                         \
  CAMLprim value caml_bls12_381_##stub(value a, value s) {                                 \
    uint8_t t[MAX_SIZE];                                                                   \
    if (IS(a, A)) {                                                                        \
      bls12_381_##A##_##fn(t, DATA(a), Bytes_val(s), caml_string_length(s));               \
      return FRESH(A, t);                                                                  \
    }                                                                                      \
    bls12_381_##B##_##fn(t, DATA(a), Bytes_val(s), caml_string_length(s));                 \
    return FRESH(B, t);                                                                    \
  }
/* r = fn(a, s) for an Fr value [s] as its 32-byte encoding: fresh / into. */
#define WITH_FR(stub, fn, A, B)                                                            \
  CAMLprim value caml_bls12_381_##stub(value a, value s) {                                 \
    uint8_t t[MAX_SIZE], e[BLS12_381_FR_BYTES];                                            \
    bls12_381_fr_to_bytes(e, DATA(s));                                                     \
    if (IS(a, A)) {                                                                        \
      bls12_381_##A##_##fn(t, DATA(a), e, sizeof e);                                       \
      return FRESH(A, t);                                                                  \
    }                                                                                      \
    bls12_381_##B##_##fn(t, DATA(a), e, sizeof e);                                         \
    return FRESH(B, t);                                                                    \
  }                                                                                        \
  CAMLprim value caml_bls12_381_##stub##_into(value r, value a, value s) {                 \
    uint8_t e[BLS12_381_FR_BYTES];                                                         \
    bls12_381_fr_to_bytes(e, DATA(s));                                                     \
    if (IS(r, A)) bls12_381_##A##_##fn(DATA(r), DATA(a), e, sizeof e);                     \
    else bls12_381_##B##_##fn(DATA(r), DATA(a), e, sizeof e);                              \
    return Val_unit;                                                                       \
  }

/* What the fields and the groups share: an additive group (zero, one,
 * is_zero, eq, add, double, neg, and their in-place forms). */
#define ADDITIVE_GROUP(g, A, B)                                                            \
  WRITER_INTO(g##_zero, zero, A, B)                                                        \
  WRITER_INTO(g##_one, one, A, B)                                                          \
  PRED1(g##_is_zero, is_zero, A, B)                                                        \
  PRED2(g##_eq, eq, A, B)                                                                  \
  BINARY(g##_add, add, A, B)                                                               \
  UNARY(g##_double, double, A, B)                                                          \
  UNARY(g##_neg, neg, A, B)

/* Fr and Fq12. */
ADDITIVE_GROUP(field, fr, fq12)
PRED1(field_is_one, is_one, fr, fq12)
BINARY(field_sub, sub, fr, fq12)
BINARY(field_mul, mul, fr, fq12)
UNARY(field_square, square, fr, fq12)
CODE1_INTO(field_inverse, inverse, fr, fq12)
WITH_BYTES(field_pow, pow, fr, fq12)
DECODE_INTO(field_of_bytes, of_bytes, fr, fq12)
ENCODE(field_to_bytes, to_bytes, fr, fq12, BLS12_381_FR_BYTES, BLS12_381_FQ12_BYTES)

/* Fr only. */
CAMLprim value caml_bls12_381_fr_sqrt_vartime_into(value r, value a) {
  return Val_int(bls12_381_fr_sqrt_vartime(DATA(r), DATA(a)));
}
CAMLprim value caml_bls12_381_fr_legendre(value a) { return Val_int(bls12_381_fr_legendre(DATA(a))); }

/* G1 and G2. */
ADDITIVE_GROUP(point, g1, g2)
WITH_FR(point_mul, mul, g1, g2)
WITH_BYTES(point_mul_bytes, mul, g1, g2)
DECODE_INTO(point_of_compressed, of_compressed, g1, g2)
DECODE_INTO(point_of_compressed_unchecked, of_compressed_unchecked, g1, g2)
DECODE_INTO(point_of_uncompressed, of_uncompressed, g1, g2)
DECODE_INTO(point_of_xy, of_xy, g1, g2)
ENCODE(point_to_compressed, to_compressed, g1, g2, BLS12_381_G1_COMPRESSED_BYTES, BLS12_381_G2_COMPRESSED_BYTES)
ENCODE(point_to_uncompressed, to_uncompressed, g1, g2, BLS12_381_G1_UNCOMPRESSED_BYTES,
       BLS12_381_G2_UNCOMPRESSED_BYTES)
UNARY_TO(point_to_affine, to_affine, g1, g2, g1_affine, g2_affine)
/* The steps of hashing to the curves: map_to_curve of a field element's
 * big-endian bytes into [r] (the code; NOT_CANONICAL for a coefficient not
 * below p), and the cofactor clearings into [r] (the code; NOT_ON_CURVE
 * cannot occur for a point the library made). */
DECODE_INTO(point_map_to_curve, map_to_curve, g1, g2)
CODE1_INTO(point_clear_cofactor, clear_cofactor, g1, g2)
CODE1_INTO(point_clear_cofactor_vartime, clear_cofactor_vartime, g1, g2)

/* Affine points: dispatched on the affine kinds. */
#define IS_AFFINE_G1(v) IS(v, g1_affine)
#define AFFINE_DECODE_INTO(fn)                                                             \
  CAMLprim value caml_bls12_381_##fn##_into(value r, value b) {                            \
    return Val_int(IS_AFFINE_G1(r) ? bls12_381_g1_##fn(DATA(r), Bytes_val(b), caml_string_length(b)) \
                                   : bls12_381_g2_##fn(DATA(r), Bytes_val(b), caml_string_length(b))); \
  }
AFFINE_DECODE_INTO(affine_of_uncompressed)
AFFINE_DECODE_INTO(affine_of_uncompressed_unchecked)
CAMLprim value caml_bls12_381_affine_to_uncompressed(value a) {
  uint8_t t[BLS12_381_G2_UNCOMPRESSED_BYTES];
  size_t n = IS_AFFINE_G1(a) ? BLS12_381_G1_UNCOMPRESSED_BYTES : BLS12_381_G2_UNCOMPRESSED_BYTES;
  if (IS_AFFINE_G1(a)) bls12_381_g1_affine_to_uncompressed(t, DATA(a));
  else bls12_381_g2_affine_to_uncompressed(t, DATA(a));
  value s = caml_alloc_string(n);
  memcpy(Bytes_val(s), t, n);
  return s;
}
CAMLprim value caml_bls12_381_affine_to_projective(value a) {
  uint8_t t[MAX_SIZE];
  if (IS_AFFINE_G1(a)) {
    bls12_381_g1_of_affine(t, DATA(a));
    return FRESH(g1, t);
  }
  bls12_381_g2_of_affine(t, DATA(a));
  return FRESH(g2, t);
}

/* GT: Fq12 values, the GT functions of the C ABI. */
#define GT_WRITER(stub, fn)                                                                \
  CAMLprim value caml_bls12_381_##stub(value unit) {                                       \
    uint8_t t[fq12_SIZE];                                                                  \
    (void)unit;                                                                            \
    fn(t);                                                                                 \
    return FRESH(fq12, t);                                                                 \
  }
#define GT_OP(stub, fn, ARGS_DECL, ARGS)                                                   \
  CAMLprim value caml_bls12_381_##stub ARGS_DECL {                                         \
    uint8_t t[fq12_SIZE];                                                                  \
    fn ARGS;                                                                               \
    return FRESH(fq12, t);                                                                 \
  }
GT_WRITER(gt_identity, bls12_381_gt_identity)
GT_WRITER(gt_generator, bls12_381_gt_generator)
GT_OP(gt_mul, bls12_381_gt_mul, (value a, value b), (t, DATA(a), DATA(b)))
GT_OP(gt_square, bls12_381_gt_square, (value a), (t, DATA(a)))
GT_OP(gt_inverse, bls12_381_gt_inverse, (value a), (t, DATA(a)))
CAMLprim value caml_bls12_381_gt_is_identity(value a) { return Val_bool(bls12_381_gt_is_identity(DATA(a))); }
CAMLprim value caml_bls12_381_gt_eq(value a, value b) { return Val_bool(bls12_381_gt_eq(DATA(a), DATA(b))); }
CAMLprim value caml_bls12_381_gt_of_bytes_into(value r, value b) {
  return Val_int(bls12_381_gt_of_bytes(DATA(r), Bytes_val(b), caml_string_length(b)));
}
CAMLprim value caml_bls12_381_gt_of_fq12_into(value r, value f) {
  return Val_int(bls12_381_gt_of_fq12(DATA(r), DATA(f)));
}
/* a^s for an Fr value [s]: constant time, or variable time (public s). */
#define GT_POW(stub, fn)                                                                   \
  CAMLprim value caml_bls12_381_##stub(value a, value s) {                                 \
    uint8_t t[fq12_SIZE], e[BLS12_381_FR_BYTES];                                           \
    bls12_381_fr_to_bytes(e, DATA(s));                                                     \
    fn(t, DATA(a), e, sizeof e);                                                           \
    return FRESH(fq12, t);                                                                 \
  }
GT_POW(gt_pow, bls12_381_gt_pow)
GT_POW(gt_pow_vartime, bls12_381_gt_pow_vartime)

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
