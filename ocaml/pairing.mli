(** The pairing: see {!Pairing_intf.S}. *)

module type S = Pairing_intf.S

include S with type g1 := G1.t and type g2 := G2.t and type fq12 := Fq12.t and type gt := Gt.t
