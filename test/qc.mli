(** QCheck properties as Alcotest test cases (qcheck-alcotest is not needed). *)

(** The seed of this run: [QCHECK_SEED] if set, else drawn and printed. *)
val seed : int

(** [test ?count name arb prop]: [prop] holds on [count] (default 1000)
    values of [arb], drawn from a state derived from {!seed} and [name]. *)
val test :
  ?count:int -> string -> 'a QCheck.arbitrary -> ('a -> bool) -> unit Alcotest.test_case

(** [raises exn f] is [true] iff [f ()] raises exactly [exn]. *)
val raises : exn -> (unit -> 'a) -> bool

(** [sum_terms ~zero ~add ~mul ?start ?len xs ys]: the naive sum of
    [mul xs.(i) ys.(i)] over [i] from [start] (default 0) to
    [start + len - 1] ([len] defaults to the rest of [xs]): the reference of
    the multi-scalar multiplications and multi-exponentiations. *)
val sum_terms :
  zero:'a ->
  add:('a -> 'a -> 'a) ->
  mul:('x -> 'y -> 'a) ->
  ?start:int ->
  ?len:int ->
  'x array ->
  'y array ->
  'a

(** [invalid ~prefix name f]: fails the test [name] unless [f ()] raises
    [Invalid_argument] with a message starting with [prefix]. *)
val invalid : prefix:string -> string -> (unit -> 'a) -> unit

(** [invalid_slice name f]: [f ()] raises [Invalid_argument "start S len L"]. *)
val invalid_slice : string -> (unit -> 'a) -> unit

(** [(start, len)] arguments that are out of range over 10 terms. *)
val bad_slices_of_10 : (int option * int option) list

(** ["start S len L"] for a pair of {!bad_slices_of_10} (["-"]: absent). *)
val slice_name : int option * int option -> string

(** What a suite of tests for one group or field gives {!Test_bls12_381}. *)
module type TESTS = sig
  val tests : unit Alcotest.test_case list
end
