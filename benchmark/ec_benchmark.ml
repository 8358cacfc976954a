module ECBenchmark (G : Bls12_381.Ec_sig.T) = struct
  let state = Random.State.make [| 0x382 |]
  let e1 = G.random ~state ()
  let e2 = G.random ~state ()
  let s = G.Scalar.random ~state ()
  let zero = G.zero
  let one = G.one

  let get_benches name =
    let b op run = Bench_spec.prefixed name op run in
    List.concat
      [
        [
          b "compute addition pregenerated random element" (fun () -> G.add e1 e2);
          b "random generation" (fun () -> G.random ());
          b "zero generation" (fun () -> G.copy zero);
          b "one generation" (fun () -> G.copy one);
        ];
        Bench_spec.on_operands b "check if zero on pregenerated %s"
          [ ("random", e1); ("one", one); ("zero", zero) ]
          G.is_zero;
        [
          b "check equality on random" (fun () -> G.eq e1 e2);
          b "check equality on one and random" (fun () -> G.eq one e1);
          b "check equality on zero and random" (fun () -> G.eq zero e1);
          b "check equality on same element" (fun () -> G.eq e1 e1);
          b "compute scalar multiplication on pregenerated random element and scalar"
            (fun () -> G.mul e1 s);
        ];
        Bench_spec.on_operands b "opposite of %s"
          [ ("pregenerated random element", e1); ("zero", zero); ("one", one) ]
          G.negate;
      ]
end

module Conversions (G : Bls12_381.Ec_sig.GROUP) = struct
  let p = G.Uncompressed.random ~state:(Random.State.make [| 0x383 |]) ()
  let bytes = G.Uncompressed.to_bytes p
  let affine = G.Affine.of_projective p

  let get_benches name =
    let b op run = Bench_spec.prefixed name op run in
    [
      b "from uncompressed to projective" (fun () -> G.Uncompressed.of_bytes_exn bytes);
      b "from uncompressed to affine" (fun () -> G.Affine.of_bytes_exn bytes);
      b "from uncompressed to unchecked affine" (fun () ->
          G.Affine.of_bytes_unchecked_exn bytes);
      b "from affine to projective" (fun () -> G.Affine.to_projective affine);
      b "from projective to affine" (fun () -> G.Affine.of_projective p);
    ]
end

module Pippenger (G : Bls12_381.Ec_sig.GROUP) = struct
  let log_sizes = [ 10; 14 ]
  let state = Random.State.make [| 0x384 |]

  (* 2^14 distinct points: a random point plus successive multiples of
     another (additions, not a multiplication per point, so that the suite
     starts quickly); the cost of the sum does not depend on how the points
     were made. *)
  let points =
    let n = 1 lsl List.fold_left max 0 log_sizes in
    let step = G.Uncompressed.random ~state () in
    let a = Array.make n (G.Uncompressed.random ~state ()) in
    for i = 1 to n - 1 do
      a.(i) <- G.Uncompressed.add a.(i - 1) step
    done;
    a

  let scalars = Array.init (Array.length points) (fun _ -> Bls12_381.Fr.random ~state ())
  let affine = G.to_affine_array points

  let get_benches name =
    let b op run = Bench_spec.prefixed name op run in
    List.concat_map
      (fun k ->
        let len = 1 lsl k in
        [
          b (Printf.sprintf "pippenger 2^%d points" k) (fun () ->
              G.pippenger ~len points scalars);
          b (Printf.sprintf "pippenger with affine array 2^%d points" k) (fun () ->
              G.pippenger_with_affine_array ~len affine scalars);
          b (Printf.sprintf "pippenger with affine array 2^%d points 1 thread" k) (fun () ->
              G.pippenger_with_affine_array_threads ~threads:1 ~len affine scalars);
        ])
      log_sizes
end

(* Domains of 2^k elements [|1; w; ...|] for the FFT rows, w of order 2^k
   (7 generates the multiplicative group of Fr), and their inverse
   domains. *)
let fft_log_sizes = [ 10; 14 ]

let domains k =
  let open Bls12_381 in
  let n = 1 lsl k in
  let w = Fr.pow (Fr.of_int 7) (Z.div (Z.pred Fr.order) (Z.of_int n)) in
  let powers w =
    let d = Array.make n Fr.one in
    for i = 1 to n - 1 do
      d.(i) <- Fr.mul d.(i - 1) w
    done;
    d
  in
  (powers w, powers (Fr.inverse_exn w))

module Fr_fft = struct
  let get_benches name =
    let open Bls12_381 in
    let state = Random.State.make [| 0x666674 |] in
    List.concat_map
      (fun k ->
        let d, dinv = domains k in
        let pts = Array.init (1 lsl k) (fun _ -> Fr.random ~state ()) in
        let b op run = Bench_spec.prefixed name (Printf.sprintf "%s 2^%d" op k) run in
        [
          b "fft" (fun () -> Fr.fft ~domain:d ~points:pts);
          b "ifft" (fun () -> Fr.ifft ~domain:dinv ~points:pts);
          b "fft_inplace" (fun () -> Fr.fft_inplace ~domain:d ~points:pts);
        ])
      fft_log_sizes
end

module Fft (G : Bls12_381.Ec_sig.GROUP) = struct
  let get_benches name =
    let state = Random.State.make [| 0x656366 |] in
    List.concat_map
      (fun k ->
        let d, dinv = domains k in
        let step = G.Uncompressed.random ~state () in
        let pts = Array.make (1 lsl k) step in
        for i = 1 to Array.length pts - 1 do
          pts.(i) <- G.Uncompressed.add pts.(i - 1) step
        done;
        let b op run = Bench_spec.prefixed name (Printf.sprintf "%s 2^%d points" op k) run in
        [
          b "fft" (fun () -> G.fft ~domain:d ~points:pts);
          b "ifft" (fun () -> G.ifft ~domain:dinv ~points:pts);
        ])
      fft_log_sizes
end
