(** The runtime lock is released during the long calls: a ticker thread
    advances while the main thread runs a 2{^16}-point G1 pippenger, whose
    result is checked against an independent computation. *)

val tests : unit Alcotest.test_case list
