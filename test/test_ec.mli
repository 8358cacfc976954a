(** Tests of G1 and G2: against a Zarith model of the curves, group laws,
    scalar multiplication, encodings, rejections, known answers. *)

module G1_tests : Qc.TESTS
module G2_tests : Qc.TESTS

(** of_z_opt edge cases, hash-to-curve vectors. *)
val vectors : unit Alcotest.test_case list

(** The Zarith model of a group's curve (affine arithmetic mod p), for the
    other test modules. *)
module type MODEL = sig
  type coord

  (** [None]: the identity. *)
  type point = (coord * coord) option

  val on_curve : coord * coord -> bool
  val add : point -> point -> point

  (** [mul p k]: [k p] by double-and-add for any integer [k] (not reduced
      mod r: the curve's arithmetic, right outside the subgroup too). *)
  val mul : point -> Z.t -> point

  (** The ZCash uncompressed encoding, and back. *)
  val encode : point -> Bytes.t

  val decode : Bytes.t -> point
end

module G1_model : MODEL with type coord = Z.t
module G2_model : MODEL with type coord = Z.t * Z.t
