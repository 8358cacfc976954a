(** The steps of hashing to G1 and G2 ([hash_to_curve_vartime],
    [map_to_curve], [clear_cofactor] and [_vartime]): RFC 9380 vectors,
    EIP-2537 MAP vectors and precompile, a Zarith model of [h_eff]
    multiplication. *)

val tests : unit Alcotest.test_case list
