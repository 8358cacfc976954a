(** G1: the points of order r of the curve y{^2} = x{^3} + 4 over Fp (the
    group of public keys in the "minimal signature" scheme, of signatures in
    the "minimal public key" one). *)

(* [Uncompressed.t] (= [t]) is a custom block ([private]: the library's
   other modules see it); values can only be made by this module. *)
include
  Ec_sig.GROUP
    with type coord = Z.t
     and type Uncompressed.t = private Value.g1
     and type Affine.t = private Value.g1_affine
