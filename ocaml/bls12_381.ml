module Ff_sig = Ff_sig
module Ec_sig = Ec_sig
module Fr = Fr
module Fq12 = Fq12
module G1 = G1
module G2 = G2
module GT = Gt
module Pairing = Pairing
