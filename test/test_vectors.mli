(** Known-answer tests from [test/vectors/] (see its README): e(G1, G2) in
    ocaml-bls12-381's Fq12 layout, and Fr square-root vectors. *)

val tests : unit Alcotest.test_case list
