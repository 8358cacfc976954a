(** QCheck properties as Alcotest test cases (qcheck-alcotest is not needed). *)

(** The seed of this run: [QCHECK_SEED] if set, else drawn and printed. *)
val seed : int

(** [test ?count name arb prop]: [prop] holds on [count] (default 1000)
    values of [arb], drawn from a state derived from {!seed} and [name]. *)
val test :
  ?count:int -> string -> 'a QCheck.arbitrary -> ('a -> bool) -> unit Alcotest.test_case

(** [raises exn f] is [true] iff [f ()] raises exactly [exn]. *)
val raises : exn -> (unit -> 'a) -> bool

(** What a suite of tests for one group or field gives {!Test_bls12_381}. *)
module type TESTS = sig
  val tests : unit Alcotest.test_case list
end
