/* The reference side of bench_overhead.exe: the same chains as its OCaml
 * rows, run in C on the C ABI (rust/ffi/include/bls12_381.h) with no OCaml
 * in the loop, so that the two are timed in the same process, round by
 * round. Values are the library's custom blocks: their data is the
 * in-memory form the C ABI takes. */

#define CAML_NAME_SPACE
#include <caml/custom.h>
#include <caml/mlvalues.h>
#include <stdint.h>
#include <string.h>

#include "bls12_381.h"

#define DATA(v) ((const uint8_t *)Data_custom_val(v))

/* [n] calls x <- op(x, y) from x = [a], y = [b] (pairing: e(a, b) [n]
 * times). [op]: 0 Fr add, 1 Fr mul, 2 Fq12 mul, 3 G1 add, 4 G1 mul by the
 * Fr value [b], 5 pairing. */
CAMLprim value bls12_381_bench_c_chain(value op, value a, value b, value n) {
  uint8_t x[BLS12_381_FQ12_SIZE], y[BLS12_381_FQ12_SIZE], e[BLS12_381_FR_BYTES];
  long k = Long_val(n);
  switch (Int_val(op)) {
  case 0:
    memcpy(x, DATA(a), 32), memcpy(y, DATA(b), 32);
    for (long i = 0; i < k; i++) bls12_381_fr_add(x, x, y);
    break;
  case 1:
    memcpy(x, DATA(a), 32), memcpy(y, DATA(b), 32);
    for (long i = 0; i < k; i++) bls12_381_fr_mul(x, x, y);
    break;
  case 2:
    memcpy(x, DATA(a), 576), memcpy(y, DATA(b), 576);
    for (long i = 0; i < k; i++) bls12_381_fq12_mul(x, x, y);
    break;
  case 3:
    memcpy(x, DATA(a), 144), memcpy(y, DATA(b), 144);
    for (long i = 0; i < k; i++) bls12_381_g1_add(x, x, y);
    break;
  case 4:
    memcpy(x, DATA(a), 144);
    bls12_381_fr_to_bytes(e, DATA(b));
    for (long i = 0; i < k; i++) bls12_381_g1_mul(x, x, e, sizeof e);
    break;
  default:
    for (long i = 0; i < k; i++) (void)bls12_381_pairing(x, DATA(a), DATA(b));
    break;
  }
  __asm__ volatile("" : : "r"(x) : "memory");
  return Val_unit;
}
