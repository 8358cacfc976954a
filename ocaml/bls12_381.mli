(** BLS12-381, with the arithmetic in Rust.

    The modules follow ocaml-bls12-381: {!Fr} (scalars) satisfies
    {!Ff_sig.PRIME}, {!Fq12} (the pairing's target field) {!Ff_sig.BASE};
    {!G1} and {!G2} each have [Uncompressed] and [Compressed] modules of
    signature {!Ec_sig.T}; {!Pairing} maps a pair of them to {!GT}.
    Elements are opaque values holding the Rust core's in-memory form, so an
    operation is one call into Rust with no conversion; the calls go through C
    stubs generated at build time by ctypes' Cstubs (no libffi at run time). *)

(** Signatures of finite fields (ocaml-ff's [Ff_sig]). *)
module Ff_sig = Ff_sig

(** The scalar field: integers modulo the group order r. *)
module Fr = Fr

(** The degree-12 extension of the base field, target of the pairing. *)
module Fq12 = Fq12

(** Signatures of the groups G1 and G2, and their decoding errors. *)
module Ec_sig = Ec_sig

(** The flat API of G1 and G2 (ocaml-bls12-381 6.x and Octez's
    [Bls12_381.CURVE]): [module F (C : Bls12_381.CURVE) = ...] applies to
    {!G1} and {!G2}. *)
module type CURVE = Ec_sig.CURVE

(** The group G1 (over Fp). *)
module G1 = G1

(** The group G2 (over Fp2). *)
module G2 = G2

(** The target group of the pairing: the order-r subgroup of Fq12{^*},
    written additively. *)
module GT : Gt.S with type fr := Fr.t and type fq12 := Fq12.t

(** The optimal ate pairing: Miller loop, final exponentiation, checks. *)
module Pairing :
  Pairing.S with type g1 := G1.t and type g2 := G2.t and type fq12 := Fq12.t and type gt := GT.t

(** The EIP-2537 precompiles (G1ADD, G1MSM, ..., MAP_FP2_TO_G2) on the
    EIP's byte encodings, with their errors and gas. *)
module Eip2537 = Eip2537

(** BLS signatures (draft-irtf-cfrg-bls-signature-05): min-pk and min-sig
    variants, Basic, message Augmentation and Proof of Possession schemes,
    aggregation and batch verification, in the API of ocaml-bls12-381's
    [Signature]. *)
module Signature : Signature.S

(** [false]: ocaml-bls12-381 answers whether its blst was built with
    [BLST_PORTABLE] (no ADX instructions). This library has no such build
    switch: the Rust core chooses its kernels when the program starts (ADX
    and BMI2 where the CPU has them, else portable code; see the README's
    [BLS12_381_BACKEND]), so the answer is always [false]. *)
val built_with_blst_portable : bool
