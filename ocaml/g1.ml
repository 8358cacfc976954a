include
  Curve.Make
    (Stubs.G1)
    (Stubs.Unlocked.G1)
    (struct
      let name = "G1"
      let size = 144
      let affine_size = 96
      let compressed_bytes = 48
      let uncompressed_bytes = 96

      type coord = Z.t

      let coord_bytes = Curve.z_bytes 48
    end)

type t = Uncompressed.t
