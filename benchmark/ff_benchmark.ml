module FFBenchmark (F : Bls12_381.Ff_sig.BASE) = struct
  let state = Random.State.make [| 0x381 |]
  let e1 = F.random ~state ()
  let e2 = F.random ~state ()
  let zero = F.zero
  let one = F.one

  let get_benches field_name =
    let b op run = Bench_spec.prefixed field_name op run in
    let on fmt operands f = Bench_spec.on_operands b fmt operands f in
    let random_one = [ ("random", e1); ("one", one) ] in
    let random_one_zero = random_one @ [ ("zero", zero) ] in
    List.concat
      [
        [
          b "compute addition pregenerated random element" (fun () -> F.add e1 e2);
          b "random generation" (fun () -> F.random ());
          (* zero and one are values, not functions, here: "generation" makes a
             fresh copy, as the original functions did. *)
          b "zero generation" (fun () -> F.copy zero);
          b "one generation" (fun () -> F.copy one);
        ];
        on "check if zero on pregenerated %s" random_one_zero F.is_zero;
        on "check if one on pregenerated %s" random_one_zero F.is_one;
        [
          b "compute addition on pregenerate random" (fun () -> F.add e1 e2);
          b "compute multiplication on pregenerate random" (fun () -> F.mul e1 e2);
          b "compute square on pregenerate random" (fun () -> F.square e1);
          b "compute double on pregenerate random" (fun () -> F.double e1);
          b "compute equality on random" (fun () -> F.eq e1 e2);
          b "compute equality on same element" (fun () -> F.eq e1 e1);
        ];
        on "compute opposite of pregenerated %s element" random_one_zero F.negate;
        on "compute inverse of pregenerated %s element" random_one F.inverse_exn;
        on "compute inverse opt of pregenerated %s element" random_one_zero F.inverse_opt;
      ]
end
