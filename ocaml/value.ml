(* The library's values as OCaml custom blocks (bls12_381_values.c): each
   holds the Rust core's in-memory form of an element (Montgomery limbs) or
   point (Jacobian or affine), so an operation is one direct C call with no
   conversion. Their custom operations give OCaml's polymorphic [compare],
   [=] and [Hashtbl.hash] the meaning of the canonical encodings (equal
   elements compare and hash equal; [Fr] values order as ocaml-bls12-381's
   [Fr.compare]), and [Marshal] writes the encodings and checks them when
   reading back. Internal: the public modules make these values abstract. *)

type fr
type fq12
type g1
type g2
type g1_affine
type g2_affine

external register : unit -> unit = "caml_bls12_381_register"

(* Marshal finds the deserializers of the custom blocks by their
   identifiers: registered once, when the library is initialised. *)
let () = register ()

(* [copy x]: a fresh value equal to [x]; [blit src dst]: [dst] takes [src]'s
   value (two values of one type); [size x]: bytes of the in-memory form;
   [compare]: the custom blocks' order (the canonical encodings compared
   byte by byte). Polymorphic over the types above, and only for them. *)
external copy : 'a -> 'a = "caml_bls12_381_copy"
external blit : 'a -> 'a -> unit = "caml_bls12_381_blit" [@@noalloc]
external size : 'a -> int = "caml_bls12_381_size" [@@noalloc]
external compare : 'a -> 'a -> int = "caml_bls12_381_compare" [@@noalloc]
external to_bigarray : 'a -> Cmem.t -> int -> unit = "caml_bls12_381_to_bigarray" [@@noalloc]
external alloc_kind : int -> 'a = "caml_bls12_381_alloc"
external of_bigarray_kind : int -> Cmem.t -> int -> 'a = "caml_bls12_381_of_bigarray"

let check what len off n =
  if off < 0 || off > len - n then invalid_arg ("Value." ^ what ^ ": range outside the buffer")

(* [to_cmem x m off]: the in-memory form of [x] to the C memory [m] at [off]. *)
let to_cmem x m off =
  check "to_cmem" (Bigarray.Array1.dim m) off (size x);
  to_bigarray x m off

(* Per type: a fresh value (all-zero bytes, not an element: for a writer to
   fill), and the value whose in-memory form is in C memory at an offset.
   [index] is the type's place in bls12_381_values.c's [kinds]. *)
module Kind (K : sig
  type t

  val index : int
  val size : int
end) =
struct
  let index = K.index
  let alloc () : K.t = alloc_kind K.index

  let of_cmem m off : K.t =
    check "of_cmem" (Bigarray.Array1.dim m) off K.size;
    of_bigarray_kind K.index m off
end

module Fr = Kind (struct type t = fr let index, size = (0, 32) end)
module Fq12 = Kind (struct type t = fq12 let index, size = (1, 576) end)
module G1 = Kind (struct type t = g1 let index, size = (2, 144) end)
module G2 = Kind (struct type t = g2 let index, size = (3, 288) end)
module G1_affine = Kind (struct type t = g1_affine let index, size = (4, 96) end)
module G2_affine = Kind (struct type t = g2_affine let index, size = (5, 192) end)

(* [decode alloc f bs]: [f r bs] on a fresh [r = alloc ()] (a C decoder
   writing to [r]): [Ok r], or the C code. *)
let decode alloc f bs =
  let r = alloc () in
  let c = f r bs in
  if c = Stubs.Error_code.ok then Ok r else Error c
