include Curve.Make (Stubs.G2) (Stubs.Unlocked.G2) (Curve.G2_params)

