(* The custom blocks of bls12_381_values.c: see value.mli. *)

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

external copy : 'a -> 'a = "caml_bls12_381_copy"
external blit : 'a -> 'a -> unit = "caml_bls12_381_blit" [@@noalloc]
external size : 'a -> int = "caml_bls12_381_size" [@@noalloc]
external compare : 'a -> 'a -> int = "caml_bls12_381_compare" [@@noalloc]
external to_bigarray : 'a -> Cmem.t -> int -> unit = "caml_bls12_381_to_bigarray" [@@noalloc]
external to_raw_unsafe : 'a -> Bytes.t -> int -> unit = "caml_bls12_381_to_raw" [@@noalloc]

let check what len off n =
  if off < 0 || off > len - n then invalid_arg ("Value." ^ what ^ ": range outside the buffer")

let to_cmem x m off =
  check "to_cmem" (Bigarray.Array1.dim m) off (size x);
  to_bigarray x m off

let to_raw x b off =
  check "to_raw" (Bytes.length b) off (size x);
  to_raw_unsafe x b off

module type KIND = sig
  type t

  val alloc : unit -> t
  val of_cmem : Cmem.t -> int -> t
  val of_raw : Bytes.t -> int -> t
end

module type PRIMS = sig
  type t

  val size : int
  val alloc : unit -> t
  val of_bigarray : Cmem.t -> int -> t
  val of_raw_unsafe : Bytes.t -> int -> t
end

module Kind (P : PRIMS) = struct
  type t = P.t

  let alloc = P.alloc

  let of_cmem m off =
    check "of_cmem" (Bigarray.Array1.dim m) off P.size;
    P.of_bigarray m off

  let of_raw b off =
    check "of_raw" (Bytes.length b) off P.size;
    P.of_raw_unsafe b off
end

module Fr = Kind (struct
  type t = fr

  let size = 32

  external alloc : unit -> t = "caml_bls12_381_fr_alloc"
  external of_bigarray : Cmem.t -> int -> t = "caml_bls12_381_fr_of_bigarray"
  external of_raw_unsafe : Bytes.t -> int -> t = "caml_bls12_381_fr_of_raw"
end)

module Fq12 = Kind (struct
  type t = fq12

  let size = 576

  external alloc : unit -> t = "caml_bls12_381_fq12_alloc"
  external of_bigarray : Cmem.t -> int -> t = "caml_bls12_381_fq12_of_bigarray"
  external of_raw_unsafe : Bytes.t -> int -> t = "caml_bls12_381_fq12_of_raw"
end)

module G1 = Kind (struct
  type t = g1

  let size = 144

  external alloc : unit -> t = "caml_bls12_381_g1_alloc"
  external of_bigarray : Cmem.t -> int -> t = "caml_bls12_381_g1_of_bigarray"
  external of_raw_unsafe : Bytes.t -> int -> t = "caml_bls12_381_g1_of_raw"
end)

module G2 = Kind (struct
  type t = g2

  let size = 288

  external alloc : unit -> t = "caml_bls12_381_g2_alloc"
  external of_bigarray : Cmem.t -> int -> t = "caml_bls12_381_g2_of_bigarray"
  external of_raw_unsafe : Bytes.t -> int -> t = "caml_bls12_381_g2_of_raw"
end)

module G1_affine = Kind (struct
  type t = g1_affine

  let size = 96

  external alloc : unit -> t = "caml_bls12_381_g1_affine_alloc"
  external of_bigarray : Cmem.t -> int -> t = "caml_bls12_381_g1_affine_of_bigarray"
  external of_raw_unsafe : Bytes.t -> int -> t = "caml_bls12_381_g1_affine_of_raw"
end)

module G2_affine = Kind (struct
  type t = g2_affine

  let size = 192

  external alloc : unit -> t = "caml_bls12_381_g2_affine_alloc"
  external of_bigarray : Cmem.t -> int -> t = "caml_bls12_381_g2_affine_of_bigarray"
  external of_raw_unsafe : Bytes.t -> int -> t = "caml_bls12_381_g2_affine_of_raw"
end)
