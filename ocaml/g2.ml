include
  Curve.Make
    (Stubs.G2)
    (Stubs.Unlocked.G2)
    (struct
      let name = "G2"
      let size = 288
      let affine_size = 192
      let compressed_bytes = 96
      let uncompressed_bytes = 192

      type coord = Z.t * Z.t

      let coord_bytes (c0, c1) =
        match (Curve.z_bytes 48 c0, Curve.z_bytes 48 c1) with
        | Some b0, Some b1 -> Some (Bytes.cat b0 b1)
        | _ -> None
    end)

type t = Uncompressed.t
