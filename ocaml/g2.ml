(* G2 over the direct stubs of bls12_381_values.c (see curve.ml). *)
include Curve.Make (Stubs.Unlocked.G2) (Curve.G2_params)
