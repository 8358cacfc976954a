(* G2 over the direct stubs of bls12_381_values.c (see curve.ml). *)

include
  Curve.Make
    (struct
      type t = Value.g2
      type affine = Value.g2_affine

      let alloc = Value.G2.alloc
      let affine_alloc = Value.G2_affine.alloc
      let of_cmem = Value.G2.of_cmem
      let affine_of_cmem = Value.G2_affine.of_cmem

      external zero : unit -> t = "caml_bls12_381_g2_zero"
      external one : unit -> t = "caml_bls12_381_g2_one"
      external is_zero : t -> bool = "caml_bls12_381_g2_is_zero" [@@noalloc]
      external eq : t -> t -> bool = "caml_bls12_381_g2_eq" [@@noalloc]
      external add : t -> t -> t = "caml_bls12_381_g2_add"
      external double : t -> t = "caml_bls12_381_g2_double"
      external neg : t -> t = "caml_bls12_381_g2_neg"
      external add_into : t -> t -> t -> unit = "caml_bls12_381_g2_add_into" [@@noalloc]
      external mul : t -> Fr.t -> t = "caml_bls12_381_g2_mul"
      external mul_into : t -> t -> Fr.t -> unit = "caml_bls12_381_g2_mul_into" [@@noalloc]
      external mul_bytes : t -> Bytes.t -> t = "caml_bls12_381_g2_mul_bytes"

      external of_compressed_into : t -> Bytes.t -> int = "caml_bls12_381_g2_of_compressed_into"
        [@@noalloc]

      external of_compressed_unchecked_into : t -> Bytes.t -> int
        = "caml_bls12_381_g2_of_compressed_unchecked_into"
        [@@noalloc]

      external of_uncompressed_into : t -> Bytes.t -> int
        = "caml_bls12_381_g2_of_uncompressed_into"
        [@@noalloc]

      external affine_of_uncompressed_into : affine -> Bytes.t -> int
        = "caml_bls12_381_g2_affine_of_uncompressed_into"
        [@@noalloc]

      external affine_of_uncompressed_unchecked_into : affine -> Bytes.t -> int
        = "caml_bls12_381_g2_affine_of_uncompressed_unchecked_into"
        [@@noalloc]

      external of_xy_into : t -> Bytes.t -> int = "caml_bls12_381_g2_of_xy_into" [@@noalloc]
      external to_compressed : t -> Bytes.t = "caml_bls12_381_g2_to_compressed"
      external to_uncompressed : t -> Bytes.t = "caml_bls12_381_g2_to_uncompressed"

      external affine_to_uncompressed : affine -> Bytes.t
        = "caml_bls12_381_g2_affine_to_uncompressed"

      external to_affine : t -> affine = "caml_bls12_381_g2_to_affine"
      external of_affine : affine -> t = "caml_bls12_381_g2_of_affine"
    end)
    (Stubs.Unlocked.G2)
    (Curve.G2_params)
