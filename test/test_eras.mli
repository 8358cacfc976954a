(** The APIs of ocaml-bls12-381's older releases, checked at compile time
    and run: modules ascribed to the signatures of ocaml-bls12-381 6.x /
    Octez's [lib_bls12_381] ([Fr], [G1], [G2], [GT], [Pairing]), written in
    octez_sigs.ml from their published .mli (names and types); an
    Octez-style program (flat [G1.mul], [G1.add], [G2.one],
    [Pairing.pairing_check], [G1.pippenger] with [?len] over a longer SRS,
    [Fr.of_bytes_exn]) and a 0.4-era one ([G1.Uncompressed],
    [G1.Compressed]) run. *)

val tests : unit Alcotest.test_case list
