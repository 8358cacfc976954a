include Curve.Make (Stubs.G1) (Stubs.Unlocked.G1) (Curve.G1_params)

