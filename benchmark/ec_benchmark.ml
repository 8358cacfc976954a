module ECBenchmark (G : Bls12_381.Ec_sig.T) = struct
  let state = Random.State.make [| 0x382 |]
  let e1 = G.random ~state ()
  let e2 = G.random ~state ()
  let s = G.Scalar.random ~state ()
  let zero = G.zero
  let one = G.one

  let get_benches name =
    let b op run = Bench_spec.create ~name:(Printf.sprintf "%s %s" name op) run in
    [
      b "compute addition pregenerated random element" (fun () -> G.add e1 e2);
      b "random generation" (fun () -> G.random ());
      b "zero generation" (fun () -> G.copy zero);
      b "one generation" (fun () -> G.copy one);
      b "check if zero on pregenerated random" (fun () -> G.is_zero e1);
      b "check if zero on pregenerated one" (fun () -> G.is_zero one);
      b "check if zero on pregenerated zero" (fun () -> G.is_zero zero);
      b "check equality on random" (fun () -> G.eq e1 e2);
      b "check equality on one and random" (fun () -> G.eq one e1);
      b "check equality on zero and random" (fun () -> G.eq zero e1);
      b "check equality on same element" (fun () -> G.eq e1 e1);
      b "compute scalar multiplication on pregenerated random element and scalar"
        (fun () -> G.mul e1 s);
      b "opposite of pregenerated random element" (fun () -> G.negate e1);
      b "opposite of zero" (fun () -> G.negate zero);
      b "opposite of one" (fun () -> G.negate one);
    ]
end

module Conversions (G : Bls12_381.Ec_sig.GROUP) = struct
  let p = G.Uncompressed.random ~state:(Random.State.make [| 0x383 |]) ()
  let bytes = G.Uncompressed.to_bytes p
  let affine = G.Affine.of_projective p

  let get_benches name =
    let b op run = Bench_spec.create ~name:(Printf.sprintf "%s %s" name op) run in
    [
      b "from uncompressed to projective" (fun () -> G.Uncompressed.of_bytes_exn bytes);
      b "from uncompressed to affine" (fun () -> G.Affine.of_bytes_exn bytes);
      b "from uncompressed to unchecked affine" (fun () ->
          G.Affine.of_bytes_unchecked_exn bytes);
      b "from affine to projective" (fun () -> G.Affine.to_projective affine);
      b "from projective to affine" (fun () -> G.Affine.of_projective p);
    ]
end
