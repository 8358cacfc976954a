(* The pairing over the C ABI (bls12_381_miller_loop etc. of rust/ffi). *)

exception FailToComputeFinalExponentiation of Fq12.t

(* The calls of this module release the runtime lock (Stubs.Unlocked):
   their buffers are C memory (Cmem), the inputs copied there first, the
   outputs copied back after. *)
module R = Stubs.Unlocked.Pairing

let g1_size = 144
let g2_size = 288
let fq12_size = 576
let[@inline] size_t n = Unsigned.Size_t.of_int n

(* Fresh values holding the [fq12_size] bytes of [m]: Fq12.t and GT.t are
   private, so a fresh value is a copy of one, which is then overwritten. *)
let fq12_of_c m =
  let r = Fq12.copy Fq12.one in
  Cmem.blit_out m 0 (r :> Stubs.buf) fq12_size;
  r

let gt_of_c m =
  let r = Gt.copy Gt.zero in
  Cmem.blit_out m 0 (Gt.to_fq12 r :> Stubs.buf) fq12_size;
  r

(* The in-memory forms of the points, [size] bytes each, end to end. *)
let to_c size (points : Stubs.buf list) =
  let m = Cmem.create (size * List.length points) in
  List.iteri (fun i p -> Cmem.blit_in p m (i * size) size) points;
  m

(* Runs [f] (miller_loop or pairing_check) on the two arrays of [pairs],
   with an output of [out_size] bytes: the code and the output. *)
let over_pairs f out_size pairs =
  let g1s = to_c g1_size (List.map (fun (p, _) -> (p : G1.t :> Stubs.buf)) pairs) in
  let g2s = to_c g2_size (List.map (fun (_, q) -> (q : G2.t :> Stubs.buf)) pairs) in
  let out = Cmem.create out_size in
  let code =
    f (Cmem.ptr out) (Cmem.ptr g1s)
      (size_t (Bigarray.Array1.dim g1s))
      (Cmem.ptr g2s)
      (size_t (Bigarray.Array1.dim g2s))
  in
  Cmem.keep g1s;
  Cmem.keep g2s;
  (code, out)

(* The arrays hold whole, equally many points: the code is always OK. *)
let miller_loop pairs =
  let code, out = over_pairs R.miller_loop fq12_size pairs in
  assert (code = Stubs.Error_code.ok);
  fq12_of_c out

let miller_loop_simple p q = miller_loop [ (p, q) ]

let final_exponentiation_opt (f : Fq12.t) =
  let f_c = Cmem.create fq12_size in
  Cmem.blit_in (f :> Stubs.buf) f_c 0 fq12_size;
  let out = Cmem.create fq12_size in
  let code = R.final_exponentiation (Cmem.ptr out) (Cmem.ptr f_c) in
  Cmem.keep f_c;
  if code = Stubs.Error_code.ok then Some (gt_of_c out) else None

let final_exponentiation_exn f =
  match final_exponentiation_opt f with
  | Some r -> r
  | None -> raise (FailToComputeFinalExponentiation f)

let pairing (p : G1.t) (q : G2.t) =
  let p_c = Cmem.create g1_size and q_c = Cmem.create g2_size in
  Cmem.blit_in (p :> Stubs.buf) p_c 0 g1_size;
  Cmem.blit_in (q :> Stubs.buf) q_c 0 g2_size;
  let out = Cmem.create fq12_size in
  let code = R.pairing (Cmem.ptr out) (Cmem.ptr p_c) (Cmem.ptr q_c) in
  Cmem.keep p_c;
  Cmem.keep q_c;
  (* The only failure: the Miller loop vanished (a point outside the
     subgroups, from an unchecked decoder); zero has no final
     exponentiation, as in final_exponentiation_exn. *)
  if code = Stubs.Error_code.ok then gt_of_c out
  else raise (FailToComputeFinalExponentiation Fq12.zero)

let pairing_check pairs =
  let code, out = over_pairs R.pairing_check 1 pairs in
  assert (code = Stubs.Error_code.ok);
  Bigarray.Array1.get out 0 = '\001'
