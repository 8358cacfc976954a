(** Behaviours of ocaml-bls12-381 beyond the mathematics. *)

val tests : unit Alcotest.test_case list
