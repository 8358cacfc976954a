(* p, the characteristic of the base field Fq. *)
let p =
  Z.of_string
    "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787"

(* ocaml-bls12-381's Fq.random: 48 bytes drawn with [int 256], as a
   little-endian integer reduced mod p; its Fq12.random: twelve of them. *)
let random_fq_encoding int =
  let z = Z.of_bits (String.init 48 (fun _ -> Char.unsafe_chr (int 256))) in
  let bits = Z.to_bits (Z.erem z p) in
  let b = Bytes.make 48 '\000' in
  Bytes.blit_string bits 0 b 0 (min 48 (String.length bits));
  b

include Field.Make (struct
  type t = Value.fq12

  let alloc = Value.Fq12.alloc
  let encoding_size = 576
  let order = Z.pow p 12
  let fixed_exponent_bytes = None
  let random_encoding int = Bytes.concat Bytes.empty (List.init 12 (fun _ -> random_fq_encoding int))
end)

include Field.Ops

(* The 12 coefficients, each reduced mod p, in the encoding's order. *)
let of_z x0 x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x11 =
  let b = Bytes.make size_in_bytes '\000' in
  List.iteri
    (fun i z ->
      let bits = Z.to_bits (Z.erem z p) in
      Bytes.blit_string bits 0 b (Stdlib.( * ) 48 i) (min 48 (String.length bits)))
    [ x0; x1; x2; x3; x4; x5; x6; x7; x8; x9; x10; x11 ];
  of_bytes_exn b

let of_string s0 s1 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11 =
  let z = Z.of_string in
  of_z (z s0) (z s1) (z s2) (z s3) (z s4) (z s5) (z s6) (z s7) (z s8) (z s9) (z s10) (z s11)

let size_in_memory = Stdlib.(Obj.reachable_words (Obj.repr one) * (Sys.word_size / 8))

let pp fmt x =
  let b = Bytes.unsafe_to_string (to_bytes x) in
  let coeff i = Z.format "%#x" (Z.of_bits (String.sub b (Stdlib.( * ) 48 i) 48)) in
  Format.fprintf fmt "[%s]" (String.concat "; " (List.init 12 coeff))
