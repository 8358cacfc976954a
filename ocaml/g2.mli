(** G2: the points of order r of the twist y{^2} = x{^3} + 4(u + 1) over
    Fp2 = Fp\[u\]/(u{^2} + 1). Coordinates are pairs [(c0, c1)] for
    [c0 + c1 u]. *)

(* [Uncompressed.t] (= [t]) is a custom block ([private]: the library's
   other modules see it); values can only be made by this module. *)
include
  Ec_sig.GROUP
    with type coord = Z.t * Z.t
     and type Uncompressed.t = private Value.g2
     and type Affine.t = private Value.g2_affine
