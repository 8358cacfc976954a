(* G1 over the direct stubs of bls12_381_values.c (see curve.ml). *)
include Curve.Make (Stubs.Unlocked.G1) (Curve.G1_params)
