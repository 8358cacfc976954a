(* G1 over the direct stubs of bls12_381_values.c (see curve.ml). *)

include
  Curve.Make
    (struct
      type t = Value.g1
      type affine = Value.g1_affine

      let alloc = Value.G1.alloc
      let affine_alloc = Value.G1_affine.alloc
      let of_cmem = Value.G1.of_cmem
      let affine_of_cmem = Value.G1_affine.of_cmem

      external zero : unit -> t = "caml_bls12_381_g1_zero"
      external one : unit -> t = "caml_bls12_381_g1_one"
      external is_zero : t -> bool = "caml_bls12_381_g1_is_zero" [@@noalloc]
      external eq : t -> t -> bool = "caml_bls12_381_g1_eq" [@@noalloc]
      external add : t -> t -> t = "caml_bls12_381_g1_add"
      external double : t -> t = "caml_bls12_381_g1_double"
      external neg : t -> t = "caml_bls12_381_g1_neg"
      external add_into : t -> t -> t -> unit = "caml_bls12_381_g1_add_into" [@@noalloc]
      external mul : t -> Fr.t -> t = "caml_bls12_381_g1_mul"
      external mul_into : t -> t -> Fr.t -> unit = "caml_bls12_381_g1_mul_into" [@@noalloc]
      external mul_bytes : t -> Bytes.t -> t = "caml_bls12_381_g1_mul_bytes"

      external of_compressed_into : t -> Bytes.t -> int = "caml_bls12_381_g1_of_compressed_into"
        [@@noalloc]

      external of_compressed_unchecked_into : t -> Bytes.t -> int
        = "caml_bls12_381_g1_of_compressed_unchecked_into"
        [@@noalloc]

      external of_uncompressed_into : t -> Bytes.t -> int
        = "caml_bls12_381_g1_of_uncompressed_into"
        [@@noalloc]

      external affine_of_uncompressed_into : affine -> Bytes.t -> int
        = "caml_bls12_381_g1_affine_of_uncompressed_into"
        [@@noalloc]

      external affine_of_uncompressed_unchecked_into : affine -> Bytes.t -> int
        = "caml_bls12_381_g1_affine_of_uncompressed_unchecked_into"
        [@@noalloc]

      external of_xy_into : t -> Bytes.t -> int = "caml_bls12_381_g1_of_xy_into" [@@noalloc]
      external to_compressed : t -> Bytes.t = "caml_bls12_381_g1_to_compressed"
      external to_uncompressed : t -> Bytes.t = "caml_bls12_381_g1_to_uncompressed"

      external affine_to_uncompressed : affine -> Bytes.t
        = "caml_bls12_381_g1_affine_to_uncompressed"

      external to_affine : t -> affine = "caml_bls12_381_g1_to_affine"
      external of_affine : affine -> t = "caml_bls12_381_g1_of_affine"
    end)
    (Stubs.Unlocked.G1)
    (Curve.G1_params)
