(** The runtime lock is released during the long calls: a ticker thread
    advances while the main thread runs a 2{^16}-point G1 pippenger (result
    checked against an independent computation), a 4096-term GT pippenger
    (likewise), a pairing check of 1024 pairs and hash_to_curve of a 128 MiB
    message. *)

val tests : unit Alcotest.test_case list
