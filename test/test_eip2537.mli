(** Tests of {!Bls12_381.Eip2537}: every go-ethereum vector of
    [vectors/eip2537-geth] (output, gas, and the error its name
    announces), addresses and names, the gas schedule, and the error cases
    built by hand. *)

val tests : unit Alcotest.test_case list
