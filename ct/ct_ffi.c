/* ct_ffi.c: the constant-time check through the C ABI, against the release
 * static library libbls12_381_ffi.a (the code the OCaml library links).
 * Secret buffers are marked undefined with memcheck's client request before
 * each call and the outputs marked defined after it; memcheck reports any
 * branch or address that depended on them (see scripts/ct-check.sh).
 *
 * Covered: Fr arithmetic, pow with a secret exponent, encoding; Fq12
 * product, square, pow; G1/G2 mul with a secret scalar (and a secret
 * point), add, double, neg, to_affine and encodings of secret points;
 * hash_to_curve / encode_to_curve of a secret message; GT pow, product,
 * square; the FFT domain's Fr transforms of secret values; the Fr array
 * sums, products, inner product and batch inversion, and the G1/G2 batch
 * conversion to affine. Not here (covered by the Rust leg, rust/ct): functions whose
 * return code is a verdict on the secret (inverse, sqrt: NOT_INVERTIBLE,
 * NOT_SQUARE; map_to_curve, clear_cofactor: NOT_CANONICAL, NOT_ON_CURVE;
 * bls12_381_sig_sk_from_le / _to_le: ZERO_SECRET_KEY, NOT_CANONICAL),
 * and the pairing, whose allowlisted branches the static
 * library's stack traces (no debug info) cannot name precisely.
 *
 *   ct-ffi              every case; exit 1 if any was reported
 *   ct-ffi --selftest   deliberate leaks only; exit 0 iff all were reported
 *   ct-ffi NAME...      the cases whose name contains one of the NAMEs
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "bls12_381.h"

#define FR 32
#define G1 144
#define G1A 96
#define G2 288
#define G2A 192
#define GT 576
#define NV 6 /* values per kind: edge values first, then random */

static void secret(void *p, size_t n) { VALGRIND_MAKE_MEM_UNDEFINED(p, n); }
static void reveal(void *p, size_t n) {
  VALGRIND_MAKE_MEM_DEFINED(p, n);
  __asm__ volatile("" : : "r"(p) : "memory"); /* keep the result alive */
}

/* splitmix64: varied, reproducible secrets. */
static uint64_t rng_state = 0x5eedc0de01234567ULL;
static uint64_t next_u64(void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static void random_bytes(uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)next_u64();
}

/* Public inputs, made before the cases. */
static uint8_t fr[NV][FR];        /* 0, 1, r - 1, random */
static uint8_t sc[NV][FR];        /* scalars as encodings: 0, 1, r - 1, random */
static uint8_t g1[NV][G1];        /* identity, generator, random multiples */
static uint8_t g2[NV][G2];
static uint8_t gt[NV][GT];        /* identity, generator, random powers */
static uint8_t fq12[NV][GT];      /* random Fq12 elements */

static void make_inputs(void) {
  uint8_t wide[768];
  bls12_381_fr_zero(fr[0]);
  bls12_381_fr_one(fr[1]);
  bls12_381_fr_neg(fr[2], fr[1]);
  for (int i = 3; i < NV; i++) {
    random_bytes(wide, 64);
    bls12_381_fr_of_bytes_wide(fr[i], wide);
  }
  for (int i = 0; i < NV; i++) bls12_381_fr_to_bytes(sc[i], fr[i]);
  bls12_381_g1_zero(g1[0]);
  bls12_381_g1_one(g1[1]);
  bls12_381_g2_zero(g2[0]);
  bls12_381_g2_one(g2[1]);
  bls12_381_gt_identity(gt[0]);
  bls12_381_gt_generator(gt[1]);
  for (int i = 2; i < NV; i++) {
    bls12_381_g1_mul(g1[i], g1[1], sc[i], FR);
    bls12_381_g2_mul(g2[i], g2[1], sc[i], FR);
    bls12_381_gt_pow_vartime(gt[i], gt[1], sc[i], FR);
  }
  for (int i = 0; i < NV; i++) {
    random_bytes(wide, 768);
    bls12_381_fq12_of_bytes_wide(fq12[i], wide);
  }
}

static const uint8_t DST[] = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_";

/* Copies of inputs into scratch buffers marked secret. */
static uint8_t A[GT], B[GT], S[64], OUT[GT], MSG[128];
#define SECRET(dst, src, n) (memcpy(dst, src, n), secret(dst, n))

static void case_fr_arith(void) {
  for (int i = 0; i < NV; i++)
    for (int j = 0; j < NV; j++) {
      SECRET(A, fr[i], FR);
      SECRET(B, fr[j], FR);
      bls12_381_fr_add(OUT, A, B); reveal(OUT, FR);
      bls12_381_fr_sub(OUT, A, B); reveal(OUT, FR);
      bls12_381_fr_mul(OUT, A, B); reveal(OUT, FR);
      bls12_381_fr_square(OUT, A); reveal(OUT, FR);
      bls12_381_fr_neg(OUT, A); reveal(OUT, FR);
      bls12_381_fr_double(OUT, A); reveal(OUT, FR);
    }
}

static void case_fr_pow(void) {
  for (int i = 0; i < NV; i++) {
    SECRET(A, fr[(i + 3) % NV], FR);
    SECRET(S, sc[i], FR);
    bls12_381_fr_pow(OUT, A, S, FR); reveal(OUT, FR);
  }
}

static void case_fr_bytes(void) {
  for (int i = 0; i < NV; i++) {
    SECRET(A, fr[i], FR);
    bls12_381_fr_to_bytes(OUT, A); reveal(OUT, FR);
    random_bytes(S, 64);
    secret(S, 64);
    bls12_381_fr_of_bytes_wide(OUT, S); reveal(OUT, FR);
  }
}

static void case_fq12(void) {
  for (int i = 0; i < NV; i++) {
    SECRET(A, fq12[i], GT);
    SECRET(B, fq12[(i + 1) % NV], GT);
    bls12_381_fq12_mul(OUT, A, B); reveal(OUT, GT);
    bls12_381_fq12_square(OUT, A); reveal(OUT, GT);
    bls12_381_fq12_add(OUT, A, B); reveal(OUT, GT);
    SECRET(S, sc[i], FR);
    bls12_381_fq12_pow(OUT, A, S, FR); reveal(OUT, GT);
  }
}

#define CURVE_CASES(g, SIZE, ASIZE, COMP, UNCOMP)                                  \
  static void case_##g##_mul(void) {                                               \
    for (int i = 0; i < NV; i++) {                                                 \
      memcpy(A, g[1], SIZE); /* public generator, secret scalar */                 \
      SECRET(S, sc[i], FR);                                                        \
      bls12_381_##g##_mul(OUT, A, S, FR); reveal(OUT, SIZE);                       \
      SECRET(A, g[i], SIZE); /* secret point, secret scalar */                     \
      SECRET(S, sc[(i + 3) % NV], FR);                                             \
      bls12_381_##g##_mul(OUT, A, S, FR); reveal(OUT, SIZE);                       \
      random_bytes(S, 64); /* a 64-byte secret, reduced mod r */                   \
      secret(S, 64);                                                               \
      bls12_381_##g##_mul(OUT, g[1], S, 64); reveal(OUT, SIZE);                    \
    }                                                                              \
  }                                                                                \
  static void case_##g##_group(void) {                                             \
    for (int i = 0; i < NV; i++)                                                   \
      for (int j = 0; j < NV; j++) {                                               \
        SECRET(A, g[i], SIZE);                                                     \
        SECRET(B, g[j], SIZE);                                                     \
        bls12_381_##g##_add(OUT, A, B); reveal(OUT, SIZE);                         \
        bls12_381_##g##_double(OUT, A); reveal(OUT, SIZE);                         \
        bls12_381_##g##_neg(OUT, A); reveal(OUT, SIZE);                            \
      }                                                                            \
  }                                                                                \
  static void case_##g##_encode(void) {                                            \
    for (int i = 0; i < NV; i++) {                                                 \
      SECRET(A, g[i], SIZE);                                                       \
      bls12_381_##g##_to_affine(OUT, A); reveal(OUT, ASIZE);                       \
      bls12_381_##g##_to_compressed(OUT, A); reveal(OUT, COMP);                    \
      bls12_381_##g##_to_uncompressed(OUT, A); reveal(OUT, UNCOMP);                \
    }                                                                              \
  }                                                                                \
  static void case_##g##_hash(void) {                                              \
    static const size_t lens[] = {1, 32, 100};                                     \
    for (int i = 0; i < 3; i++) {                                                  \
      random_bytes(MSG, lens[i]);                                                  \
      secret(MSG, lens[i]);                                                        \
      bls12_381_##g##_hash_to_curve(OUT, MSG, lens[i], DST, sizeof DST - 1);       \
      reveal(OUT, SIZE);                                                           \
      bls12_381_##g##_encode_to_curve(OUT, MSG, lens[i], DST, sizeof DST - 1);     \
      reveal(OUT, SIZE);                                                           \
    }                                                                              \
  }

CURVE_CASES(g1, G1, G1A, 48, 96)
CURVE_CASES(g2, G2, G2A, 96, 192)

static void case_gt(void) {
  for (int i = 0; i < NV; i++) {
    memcpy(A, gt[1], GT); /* public base, secret exponent */
    SECRET(S, sc[i], FR);
    bls12_381_gt_pow(OUT, A, S, FR); reveal(OUT, GT);
    SECRET(A, gt[i], GT); /* secret base and exponent */
    SECRET(S, sc[(i + 2) % NV], FR);
    bls12_381_gt_pow(OUT, A, S, FR); reveal(OUT, GT);
    SECRET(B, gt[(i + 1) % NV], GT);
    bls12_381_gt_mul(OUT, A, B); reveal(OUT, GT);
    bls12_381_gt_square(OUT, A); reveal(OUT, GT);
    bls12_381_gt_inverse(OUT, A); reveal(OUT, GT);
  }
}

/* Self-test: leaks memcheck must report. A call cannot become a cmov. */
__attribute__((noinline)) static void taken(void) { __asm__ volatile(""); }

static void selftest_branch(void) {
  for (int i = 0; i < NV; i++) {
    SECRET(S, sc[i], FR);
    if (S[0] & 1) taken();
  }
}

static void selftest_index(void) {
  static volatile uint64_t table[256];
  SECRET(S, sc[4], FR);
  uint64_t v = table[S[0]];
  reveal(&v, sizeof v);
}

/* The FFT domain's Fr transforms of 64 secret values, out of place and in
 * place (the domain and the coset's shift are public). */
static void case_fft_domain(void) {
  enum { N = 64 };
  static uint8_t in[N * FR], out[N * FR];
  bls12_381_fft_domain *d = NULL;
  if (bls12_381_fft_domain_new(&d, N) != BLS12_381_OK) {
    fprintf(stderr, "ct-ffi: no FFT domain\n");
    return;
  }
  for (int op = 0; op < 6; op++) {
    for (int i = 0; i < N; i++) memcpy(in + i * FR, fr[(i + op) % NV], FR);
    secret(in, sizeof in);
    uint8_t *o = op % 2 ? in : out; /* in place for the odd ones */
    switch (op) {
    case 0: (void)bls12_381_fft_domain_fr_fft(d, o, in, N, 1); break;
    case 1: (void)bls12_381_fft_domain_fr_ifft(d, o, in, N, 1); break;
    case 2: (void)bls12_381_fft_domain_fr_coset_fft(d, o, in, N, fr[4], 1); break;
    case 3: (void)bls12_381_fft_domain_fr_coset_ifft(d, o, in, N, fr[4], 1); break;
    case 4: (void)bls12_381_fft_domain_fr_fft_dif(d, o, in, N, 1); break;
    default: (void)bls12_381_fft_domain_fr_ifft_dit(d, o, in, N, 1); break;
    }
    reveal(o, sizeof out);
    reveal(in, sizeof in);
  }
  bls12_381_fft_domain_free(d);
}

/* The array functions documented constant time, through their item-count
 * entry points, on 40 secret values (past the cutoffs of the lazy
 * reductions of the sum and the inner product): Fr sum, product, inner
 * product and batch inversion (zeros among the values), and the batch
 * conversion of G1 / G2 points to affine (identities among them). */
static void case_arrays(void) {
  enum { N = 40 };
  static uint8_t xs[N * FR], ys[N * FR], pts[N * G2], aff[N * G2A];
  for (int i = 0; i < N; i++) {
    memcpy(xs + i * FR, fr[i % NV], FR);
    memcpy(ys + i * FR, fr[(i + 1) % NV], FR);
  }
  secret(xs, sizeof xs);
  secret(ys, sizeof ys);
  (void)bls12_381_fr_batch_sum(OUT, xs, N); reveal(OUT, FR);
  (void)bls12_381_fr_batch_product(OUT, xs, N); reveal(OUT, FR);
  (void)bls12_381_fr_batch_inner_product(OUT, xs, ys, N); reveal(OUT, FR);
  (void)bls12_381_fr_batch_invert(xs, N); reveal(xs, sizeof xs);
  for (int i = 0; i < N; i++) memcpy(pts + i * G1, g1[i % NV], G1);
  secret(pts, N * G1);
  (void)bls12_381_g1_batch_normalize(aff, pts, N); reveal(aff, N * G1A);
  for (int i = 0; i < N; i++) memcpy(pts + i * G2, g2[i % NV], G2);
  secret(pts, N * G2);
  (void)bls12_381_g2_batch_normalize(aff, pts, N); reveal(aff, N * G2A);
}

struct test { const char *name; void (*run)(void); };

static const struct test cases[] = {
  {"fr/add-sub-mul-square-neg-double", case_fr_arith},
  {"fr/pow-secret-exponent", case_fr_pow},
  {"fr/to_bytes-of_bytes_wide", case_fr_bytes},
  {"fq12/mul-square-add-pow", case_fq12},
  {"g1/mul", case_g1_mul},
  {"g1/add-double-neg", case_g1_group},
  {"g1/to_affine-encode", case_g1_encode},
  {"g1/hash-encode_to_curve", case_g1_hash},
  {"g2/mul", case_g2_mul},
  {"g2/add-double-neg", case_g2_group},
  {"g2/to_affine-encode", case_g2_encode},
  {"g2/hash-encode_to_curve", case_g2_hash},
  {"gt/pow-mul-square-inverse", case_gt},
  {"fft/fr-transforms-secret-values", case_fft_domain},
  {"arrays/fr-sum-product-inner-invert-g-normalize", case_arrays},
};

static const struct test selftests[] = {
  {"selftest/branch-on-secret-bit", selftest_branch},
  {"selftest/secret-table-index", selftest_index},
};

int main(int argc, char **argv) {
  if (!RUNNING_ON_VALGRIND) {
    fprintf(stderr, "ct-ffi: not running under valgrind (run scripts/ct-check.sh)\n");
    return 2;
  }
  int self = 0, nfilters = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--selftest") == 0) self = 1;
    else if (strncmp(argv[i], "--", 2) != 0) nfilters++;
  }
  const struct test *list = self ? selftests : cases;
  size_t n = self ? sizeof selftests / sizeof *selftests : sizeof cases / sizeof *cases;

  make_inputs();
  printf("ct-ffi: %zu cases\n", n);
  int bad = 0, ran = 0;
  for (size_t c = 0; c < n; c++) {
    int match = nfilters == 0;
    for (int i = 1; i < argc && !match; i++)
      if (strncmp(argv[i], "--", 2) != 0 && strstr(list[c].name, argv[i])) match = 1;
    if (!match) continue;
    unsigned before = VALGRIND_COUNT_ERRORS;
    list[c].run();
    unsigned reports = VALGRIND_COUNT_ERRORS - before;
    ran++;
    printf("  %-44s %s%u\n", list[c].name, reports ? "reports: " : "ok ", reports);
    /* In a self-test every case must be reported; otherwise none may be. */
    if ((reports == 0) == self) bad++;
  }
  if (bad) {
    printf("ct-ffi: FAILED: %d of %d cases %s\n", bad, ran, self ? "not reported" : "reported");
    return 1;
  }
  printf("ct-ffi: %s\n", self ? "all deliberate leaks reported" : "no secret-dependent branch or address");
  return 0;
}
