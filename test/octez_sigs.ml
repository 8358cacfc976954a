(* The signatures of ocaml-bls12-381 6.x / Octez's lib_bls12_381 (Fr, G1,
   G2, GT, Pairing), written from their published .mli (names and types),
   and this library's modules ascribed to them: if a name or a type
   differs, this file does not build. Used by test/test_eras.ml, and copied
   into the external workspace of scripts/test-subdir.sh, which builds it
   against the library as a dependency. No dependency but Bls12_381 and
   Zarith. *)

(* The ascribed modules exist to be checked, not used. *)
[@@@warning "-32-60"]

open Bls12_381

(* ---- ocaml-bls12-381 6.x / Octez lib_bls12_381 ---- *)

module type OCTEZ_FR = sig
  include Ff_sig.PRIME

  val size_in_memory : int
  val check_bytes : Bytes.t -> bool
  val add_inplace : t -> t -> t -> unit
  val sub_inplace : t -> t -> t -> unit
  val mul_inplace : t -> t -> t -> unit
  val inverse_exn_inplace : t -> t -> unit
  val double_inplace : t -> t -> unit
  val square_inplace : t -> t -> unit
  val negate_inplace : t -> t -> unit
  val copy : t -> t
  val memcpy : t -> t -> unit
  val add_bulk : t list -> t
  val mul_bulk : t list -> t
  val compare : t -> t -> int
  val inner_product_exn : t array -> t array -> t
  val inner_product_opt : t array -> t array -> t option
  val of_int : int -> t
end

module type OCTEZ_CURVE = sig
  exception Not_on_curve of Bytes.t

  type t
  type affine

  val affine_of_jacobian : t -> affine
  val jacobian_of_affine : affine -> t

  type affine_array

  val to_affine_array : t array -> affine_array
  val of_affine_array : affine_array -> t array

  val affine_array_of_compressed_bytes_opt :
    subgroup_check:bool -> Bytes.t array -> affine_array option

  val size_of_affine_array : affine_array -> int
  val size_in_memory : int
  val compressed_size_in_bytes : int
  val size_in_bytes : int

  module Scalar : Ff_sig.PRIME with type t = Fr.t

  val check_bytes : Bytes.t -> bool
  val of_bytes_opt : Bytes.t -> t option
  val of_bytes_exn : Bytes.t -> t
  val of_compressed_bytes_opt : Bytes.t -> t option
  val of_compressed_bytes_exn : Bytes.t -> t
  val to_bytes : t -> Bytes.t
  val to_compressed_bytes : t -> Bytes.t
  val zero : t
  val one : t
  val is_zero : t -> bool
  val copy : t -> t
  val random : ?state:Random.State.t -> unit -> t
  val add : t -> t -> t
  val add_inplace : t -> t -> t -> unit
  val add_bulk : t list -> t
  val affine_add_bulk : affine_array -> t
  val double : t -> t
  val negate : t -> t
  val eq : t -> t -> bool
  val mul : t -> Scalar.t -> t
  val mul_inplace : t -> t -> Scalar.t -> unit
  val hash_to_curve : Bytes.t -> Bytes.t -> t
  val pippenger : ?start:int -> ?len:int -> t array -> Scalar.t array -> t

  val pippenger_with_affine_array :
    ?start:int -> ?len:int -> affine_array -> Scalar.t array -> t

  val pippenger_with_compressed_bytes_array_opt :
    subgroup_check:bool -> Bytes.t array -> Scalar.t array -> Bytes.t option

  val add_bulk_with_compressed_bytes_array_opt :
    subgroup_check:bool -> Bytes.t array -> Bytes.t option
end

module type OCTEZ_G1 = sig
  include OCTEZ_CURVE

  val of_z_opt : x:Z.t -> y:Z.t -> t option
end

module type OCTEZ_G2 = sig
  include OCTEZ_CURVE

  val of_z_opt : x:Z.t * Z.t -> y:Z.t * Z.t -> t option
end

module type OCTEZ_GT = sig
  exception Not_in_group of Bytes.t

  type t

  val order : Z.t
  val size_in_bytes : int
  val size_in_memory : int
  val check_bytes : Bytes.t -> bool
  val of_bytes_exn : Bytes.t -> t
  val of_bytes_opt : Bytes.t -> t option
  val to_bytes : t -> Bytes.t
  val eq : t -> t -> bool
  val zero : t
  val is_zero : t -> bool
  val one : t
  val is_one : t -> bool
  val random : ?state:Random.State.t -> unit -> t
  val add : t -> t -> t
  val negate : t -> t
  val mul : t -> Fr.t -> t
end

module type OCTEZ_PAIRING = sig
  exception FailToComputeFinalExponentiation of Fq12.t

  val miller_loop : (G1.t * G2.t) list -> Fq12.t
  val miller_loop_simple : G1.t -> G2.t -> Fq12.t
  val pairing : G1.t -> G2.t -> GT.t
  val pairing_check : (G1.t * G2.t) list -> bool
  val final_exponentiation_opt : Fq12.t -> GT.t option
  val final_exponentiation_exn : Fq12.t -> GT.t
end

module Fr_octez : OCTEZ_FR = Fr
module G1_octez : OCTEZ_G1 = G1
module G2_octez : OCTEZ_G2 = G2
module Gt_octez : OCTEZ_GT = GT
module Pairing_octez : OCTEZ_PAIRING = Pairing

