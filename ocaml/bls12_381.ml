module Ff_sig = Ff_sig
module Ec_sig = Ec_sig

module type CURVE = Ec_sig.CURVE
module Fr = Fr
module Fq12 = Fq12
module G1 = G1
module G2 = G2
module GT = Gt
module Pairing = Pairing
module Eip2537 = Eip2537
module Signature = Signature
module Fft_domain = Fft_domain

let built_with_blst_portable = false

(* The C ABI's static string, copied into an OCaml string. *)
let backend () = Ctypes.(coerce (ptr char) string) (Stubs.Backend.c_text ())
