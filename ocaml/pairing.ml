(* The pairing over the C ABI (bls12_381_miller_loop etc. of rust/ffi). *)

exception FailToComputeFinalExponentiation of Fq12.t

let () =
  Printexc.register_printer (function
    | FailToComputeFinalExponentiation _ ->
        Some "Bls12_381.Pairing.FailToComputeFinalExponentiation (zero)"
    | _ -> None)

module R = Stubs.Pairing

let g1_size = 144
let g2_size = 288
let[@inline] handle b = Ctypes.ocaml_bytes_start b
let[@inline] size_t n = Unsigned.Size_t.of_int n

(* Fresh values for C to write: Fq12.t and GT.t are private, so a fresh
   value is a copy of one, which C then overwrites. *)
let fresh_fq12 () = Fq12.copy Fq12.one
let fresh_gt () = Gt.copy Gt.zero

(* The in-memory forms of the points, [size] bytes each, end to end. *)
let concat size (points : Stubs.buf list) =
  let out = Bytes.create (size * List.length points) in
  List.iteri
    (fun i (p : Stubs.buf) ->
      match p with
      | Cstubs_internals.OCamlRef (off, b, _) -> Bytes.blit b off out (i * size) size)
    points;
  out

(* Runs [f] (miller_loop or pairing_check) on the two arrays of [pairs].
   The arrays hold whole, equally many points: the code is always 0. *)
let over_pairs f out pairs =
  let g1s = concat g1_size (List.map (fun (p, _) -> (p : G1.t :> Stubs.buf)) pairs) in
  let g2s = concat g2_size (List.map (fun (_, q) -> (q : G2.t :> Stubs.buf)) pairs) in
  let code =
    f out (handle g1s) (size_t (Bytes.length g1s)) (handle g2s) (size_t (Bytes.length g2s))
  in
  assert (code = 0)

let miller_loop pairs =
  let r = fresh_fq12 () in
  over_pairs R.miller_loop (r :> Stubs.buf) pairs;
  r

let miller_loop_simple (p : G1.t) (q : G2.t) =
  let r = fresh_fq12 () in
  let code =
    R.miller_loop (r :> Stubs.buf)
      (p :> Stubs.buf) (size_t g1_size)
      (q :> Stubs.buf) (size_t g2_size)
  in
  assert (code = 0);
  r

let final_exponentiation_opt (f : Fq12.t) =
  let r = fresh_gt () in
  if R.final_exponentiation (r :> Stubs.buf) (f :> Stubs.buf) = 0 then Some r else None

let final_exponentiation_exn f =
  match final_exponentiation_opt f with
  | Some r -> r
  | None -> raise (FailToComputeFinalExponentiation f)

let pairing (p : G1.t) (q : G2.t) =
  let r = fresh_gt () in
  R.pairing (r :> Stubs.buf) (p :> Stubs.buf) (q :> Stubs.buf);
  r

let pairing_check pairs =
  let out = Bytes.make 1 '\000' in
  over_pairs R.pairing_check (handle out) pairs;
  Bytes.get out 0 = '\001'
