(** GT: see {!Gt_intf.S}. *)

module type S = Gt_intf.S

include S with type fr := Fr.t and type fq12 := Fq12.t

(**/**)

(* Internal (the top-level interface hides it): the Fq12 value at an offset
   of C memory, for Pairing. *)
val fq12_of_cmem : Cmem.t -> int -> Fq12.t
