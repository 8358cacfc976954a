(** Known-answer tests from [vectors/] (see its README): e(G1, G2) in
    ocaml-bls12-381's Fq12 layout, and Fr square-root vectors. *)

val tests : unit Alcotest.test_case list

(** The contents of a file. *)
val read : string -> string

(** [string_after ?from text key]: the string value of the first JSON key
    starting with [key] at or after [from]; [Str.match_end ()] is then the
    position after it. Raises [Not_found]. *)
val string_after : ?from:int -> string -> string -> string

(** Bytes of a hex string, with or without a [0x] prefix. *)
val bytes_of_hex : string -> Bytes.t
