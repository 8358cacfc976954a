(** FFT domains: see {!Fft_domain_intf.S}. *)

module type S = Fft_domain_intf.S

include S with type fr := Fr.t and type g1 := G1.t and type g2 := G2.t
