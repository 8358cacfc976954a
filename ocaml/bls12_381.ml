module Ff_sig = Ff_sig
module Fr = Fr
module Fq12 = Fq12
