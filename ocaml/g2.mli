(** G2: the points of order r of the twist y{^2} = x{^3} + 4(u + 1) over
    Fp2 = Fp\[u\]/(u{^2} + 1). Coordinates are pairs [(c0, c1)] for
    [c0 + c1 u]. *)

include
  Ec_sig.GROUP
    with type coord = Z.t * Z.t
