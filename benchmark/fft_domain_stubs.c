/* The reference side of bench_fft_domain.exe: the C ABI's FFT domain
 * transform (rust/ffi/include/bls12_381.h) called from C on a contiguous,
 * aligned buffer, in place, so that the time is the Rust transform's plus
 * one C call, with no OCaml value in the loop. Its handle and buffer are
 * made once per size (the first call, from the OCaml values given), as a C
 * caller would keep them; each call transforms the previous call's output,
 * as compare fft does. */

#define CAML_NAME_SPACE
#include <caml/custom.h>
#include <caml/fail.h>
#include <caml/mlvalues.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bls12_381.h"

#define MAX_LOG 24

static bls12_381_fft_domain *handles[MAX_LOG + 1];
static uint8_t *buffers[MAX_LOG + 1];

/* [reps] forward (op 0) or inverse (op 1) transforms on one thread of the
 * 2^k elements, the first time taken from the Fr array [xs]. */
CAMLprim value bls12_381_bench_c_fft(value vk, value vop, value xs, value vreps) {
  long k = Long_val(vk), reps = Long_val(vreps);
  size_t n = (size_t)1 << k;
  if (k < 0 || k > MAX_LOG || Wosize_val(xs) != n) caml_invalid_argument("bench_c_fft");
  if (handles[k] == NULL) {
    if (bls12_381_fft_domain_new(&handles[k], n) != BLS12_381_OK) caml_failwith("bench_c_fft");
    buffers[k] = malloc(n * BLS12_381_FR_SIZE);
    if (buffers[k] == NULL) caml_raise_out_of_memory();
    for (size_t i = 0; i < n; i++)
      memcpy(buffers[k] + i * BLS12_381_FR_SIZE, Data_custom_val(Field(xs, i)), BLS12_381_FR_SIZE);
  }
  uint8_t *b = buffers[k];
  int (*f)(const bls12_381_fft_domain *, uint8_t *, const uint8_t *, size_t, size_t) =
      Long_val(vop) == 0 ? bls12_381_fft_domain_fr_fft : bls12_381_fft_domain_fr_ifft;
  for (long i = 0; i < reps; i++) (void)f(handles[k], b, b, n, 1);
  __asm__ volatile("" : : "r"(b) : "memory");
  return Val_unit;
}
