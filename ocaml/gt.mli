(** GT: see {!Gt_intf.S}. *)

module type S = Gt_intf.S

include S with type fr := Fr.t and type fq12 := Fq12.t
