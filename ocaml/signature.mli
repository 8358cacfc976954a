(** BLS signatures: see {!Signature_intf.S}. *)

module type S = Signature_intf.S

include S
