(* The pairing over the C ABI (bls12_381_multi_miller_loop etc. of rust/ffi). The
   calls release the runtime lock: the single-pair ones through the stubs of
   bls12_381_values.c (their inputs copied to the C stack), the ones over
   lists through the generated Stubs.Unlocked, whose buffers are C memory
   (Cmem): the inputs copied there first, the outputs copied back after. *)

module type S = Pairing_intf.S

exception FailToComputeFinalExponentiation of Fq12.t

module R = Stubs.Unlocked.Pairing

let g1_size = 144
let g2_size = 288
let fq12_size = 576
let[@inline] size_t n = Unsigned.Size_t.of_int n

external pairing_into : Gt.t -> G1.t -> G2.t -> int = "caml_bls12_381_pairing_into"

external final_exponentiation_into : Gt.t -> Fq12.t -> int
  = "caml_bls12_381_final_exponentiation_into"


(* The in-memory forms of the points, [size] bytes each, end to end. *)
let to_c size points =
  let m = Cmem.create (size * List.length points) in
  List.iteri (fun i p -> Value.to_cmem p m (i * size)) points;
  m

(* Runs [f] (multi_miller_loop or pairing_check_vartime) on the two arrays
   of [pairs], with an output of [out_size] bytes: the code and the
   output. *)
let over_pairs f out_size pairs =
  let g1s = to_c g1_size (List.map fst pairs) in
  let g2s = to_c g2_size (List.map snd pairs) in
  let out = Cmem.create out_size in
  let code = f (Cmem.ptr out) (Cmem.ptr g1s) (Cmem.ptr g2s) (size_t (List.length pairs)) in
  Cmem.keep g1s;
  Cmem.keep g2s;
  (code, out)

(* The arrays hold as many points as there are pairs: the code is always
   OK. *)
let miller_loop pairs =
  let code, out = over_pairs R.multi_miller_loop fq12_size pairs in
  assert (code = Stubs.Error_code.ok);
  Gt.fq12_of_cmem out 0

let miller_loop_simple p q = miller_loop [ (p, q) ]

let final_exponentiation_opt (f : Fq12.t) =
  let r = Gt.copy Gt.zero in
  if final_exponentiation_into r f = Stubs.Error_code.ok then Some r else None

let final_exponentiation_exn f =
  match final_exponentiation_opt f with
  | Some r -> r
  | None -> raise (FailToComputeFinalExponentiation f)

(* The only failure: the Miller loop vanished (a point outside the
   subgroups, from an unchecked decoder); zero has no final
   exponentiation, as in final_exponentiation_exn. *)
let pairing (p : G1.t) (q : G2.t) =
  let r = Gt.copy Gt.zero in
  if pairing_into r p q = Stubs.Error_code.ok then r
  else raise (FailToComputeFinalExponentiation Fq12.zero)

let pairing_check pairs =
  let code, out = over_pairs R.pairing_check_vartime 1 pairs in
  assert (code = Stubs.Error_code.ok);
  Bigarray.Array1.get out 0 = '\001'
