(** The library's values as OCaml custom blocks ([bls12_381_values.c]):
    each holds the Rust core's in-memory form of an element (Montgomery
    limbs) or point (Jacobian or affine), so an operation is one direct C
    call with no conversion. Their custom operations give OCaml's
    polymorphic [compare], [=] and [Hashtbl.hash] the meaning of the
    canonical encodings (equal elements compare and hash equal; [Fr]
    values order as ocaml-bls12-381's [Fr.compare]), and [Marshal] writes
    the encodings and checks them when reading back. Internal. *)

type fr
type fq12
type g1
type g2
type g1_affine
type g2_affine

(** [copy x]: a fresh value equal to [x] (any of the types above). *)
external copy : 'a -> 'a = "caml_bls12_381_copy"

(** [blit src dst]: [dst] takes [src]'s value (two values of one type). *)
external blit : 'a -> 'a -> unit = "caml_bls12_381_blit" [@@noalloc]

(** Bytes of the in-memory form. *)
external size : 'a -> int = "caml_bls12_381_size" [@@noalloc]

(** The order of the custom operations: the canonical encodings compared
    byte by byte. *)
external compare : 'a -> 'a -> int = "caml_bls12_381_compare" [@@noalloc]

(** [to_cmem x m off]: the in-memory form of [x] to [m] at [off]. *)
val to_cmem : 'a -> Cmem.t -> int -> unit

(** [to_raw x b off]: the in-memory form of [x] to [b] at [off]. *)
val to_raw : 'a -> Bytes.t -> int -> unit

(** Per type: a fresh value (all-zero bytes, not an element: for a writer to
    fill), and the value whose in-memory form is in C memory or in bytes at
    an offset. *)
module type KIND = sig
  type t

  val alloc : unit -> t
  val of_cmem : Cmem.t -> int -> t
  val of_raw : Bytes.t -> int -> t
end

module Fr : KIND with type t = fr
module Fq12 : KIND with type t = fq12
module G1 : KIND with type t = g1
module G2 : KIND with type t = g2
module G1_affine : KIND with type t = g1_affine
module G2_affine : KIND with type t = g2_affine
