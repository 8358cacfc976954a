(** G1: the points of order r of the curve y{^2} = x{^3} + 4 over Fp (the
    group of public keys in the "minimal signature" scheme, of signatures in
    the "minimal public key" one). *)

include
  Ec_sig.GROUP
    with type coord = Z.t
