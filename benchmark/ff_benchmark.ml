module FFBenchmark (F : Bls12_381.Ff_sig.BASE) = struct
  let state = Random.State.make [| 0x381 |]
  let e1 = F.random ~state ()
  let e2 = F.random ~state ()
  let zero = F.zero
  let one = F.one

  let get_benches field_name =
    let b name run = Bench_spec.create ~name:(Printf.sprintf "%s %s" field_name name) run in
    [
      b "compute addition pregenerated random element" (fun () -> F.add e1 e2);
      b "random generation" (fun () -> F.random ());
      (* zero and one are values, not functions, here: "generation" makes a
         fresh copy, as the original functions did. *)
      b "zero generation" (fun () -> F.copy zero);
      b "one generation" (fun () -> F.copy one);
      b "check if zero on pregenerated random" (fun () -> F.is_zero e1);
      b "check if zero on pregenerated one" (fun () -> F.is_zero one);
      b "check if zero on pregenerated zero" (fun () -> F.is_zero zero);
      b "check if one on pregenerated random" (fun () -> F.is_one e1);
      b "check if one on pregenerated one" (fun () -> F.is_one one);
      b "check if one on pregenerated zero" (fun () -> F.is_one zero);
      b "compute addition on pregenerate random" (fun () -> F.add e1 e2);
      b "compute multiplication on pregenerate random" (fun () -> F.mul e1 e2);
      b "compute square on pregenerate random" (fun () -> F.square e1);
      b "compute double on pregenerate random" (fun () -> F.double e1);
      b "compute equality on random" (fun () -> F.eq e1 e2);
      b "compute equality on same element" (fun () -> F.eq e1 e1);
      b "compute opposite of pregenerated random element" (fun () -> F.negate e1);
      b "compute opposite of pregenerated one element" (fun () -> F.negate one);
      b "compute opposite of pregenerated zero element" (fun () -> F.negate zero);
      b "compute inverse of pregenerated random element" (fun () -> F.inverse_exn e1);
      b "compute inverse of pregenerated one element" (fun () -> F.inverse_exn one);
      b "compute inverse opt of pregenerated random element" (fun () -> F.inverse_opt e1);
      b "compute inverse opt of pregenerated one element" (fun () -> F.inverse_opt one);
      b "compute inverse opt of pregenerated zero element" (fun () -> F.inverse_opt zero);
    ]
end
