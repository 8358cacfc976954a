(** BLS12-381, with the arithmetic in Rust.

    The modules follow ocaml-bls12-381 (0.x to 6.x and Octez's copy):
    {!Fr} (scalars) satisfies {!Ff_sig.PRIME_WITH_ROOT_OF_UNITY}, {!Fq12}
    (the pairing's target field) {!Ff_sig.BASE}; {!G1} and {!G2} satisfy
    {!CURVE} and have [Uncompressed] and [Compressed] modules of signature
    {!Ec_sig.T}; {!Pairing} maps a pair of them to {!GT}. A program written
    for ocaml-bls12-381 builds against this library unchanged (it is also
    installed under that library's name, [bls12-381]), and behaves the
    same where the original's documentation or tests define the behaviour.

    Values are OCaml custom blocks holding the Rust core's in-memory form,
    so an operation is one direct call into Rust with no conversion. OCaml's
    polymorphic [=], [compare] and [Hashtbl.hash] work on them (equal
    elements or points are [=], compare [0] and hash alike, whatever the
    computation that made them), and [Marshal] writes their canonical
    encodings and checks them when reading back.

    {1 Errors}

    One convention across the modules:
    - Decoders come in pairs. [_opt] answers [None]; [_exn] raises the
      original's exception with the rejected bytes: [Fr.Not_in_field],
      [Fq12.Not_in_field], [GT.Not_in_group], and [G1.Not_on_curve] /
      [G2.Not_on_curve] for the flat API; the [Uncompressed], [Compressed]
      and [Affine] decoders raise {!Ec_sig.Invalid_point} with the reason
      ({!Ec_sig.decode_error}). Where the constructor carries only the bytes,
      its printed form ([Printexc.to_string], an uncaught exception) adds the
      reason (e.g. "33 bytes, at most 32 expected", "not below r").
    - Inverting zero raises [Division_by_zero] ([inverse_exn], [div_exn],
      [pow] of zero to a negative power); [inverse_opt], [div_opt] answer
      [None]. {!Pairing.final_exponentiation_exn} raises
      [Pairing.FailToComputeFinalExponentiation] on zero.
    - An argument outside a function's domain (an array length, a slice, a
      thread count) raises [Invalid_argument] whose message names the
      function, or is the original's text where its tests fix it
      (the multi-scalar multiplications' ["start S len L"]).
    - {!Signature} raises [Invalid_argument] with ocaml-bls12-381's
      messages from its [_exn] decoders, [generate_sk] and
      [Basic.aggregate_verify] (repeated messages), as the original does and
      its tests check; every other verification answers a [bool], and
      [Basic.aggregate_verify_multi] is the one that answers [false] on
      repeated messages.
    - {!Eip2537} answers a [result]: a precompile's failure is an outcome
      of the call that the EIP specifies (its error cases, and the gas
      charged), data for the caller rather than a programming error. *)

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
    aggregation, aggregate verification on many messages in every scheme,
    and batch verification, in the API of ocaml-bls12-381's [Signature].
    Secret keys are little-endian bytes as in the original ([sk_of_bytes_exn]),
    or big-endian as in the draft, the C ABI and Rust ([sk_of_bytes_be_exn]). *)
module Signature : Signature.S

(** FFT domains made once (from a size, or a size and a generator) and
    used by any number of transforms of {!Fr}, {!G1} and {!G2} arrays:
    forward, inverse, on cosets, in place or not. *)
module Fft_domain :
  Fft_domain.S with type fr := Fr.t and type g1 := G1.t and type g2 := G2.t

(** [false]: ocaml-bls12-381 answers whether its blst was built with
    [BLST_PORTABLE] (no ADX instructions). This library has no such build
    switch: the Rust core chooses its kernels when the program starts (ADX
    and BMI2 where the CPU has them, else portable code; see the README's
    [BLS12_381_BACKEND]), so the answer is always [false]. *)
val built_with_blst_portable : bool

(** Which kernels the Rust core runs in this process, as [key=value] pairs
    one space apart:
    - [limbs]: [portable] or [adx] (x86_64 MULX/ADCX/ADOX), the kernel of
      every field operation;
    - [g1_lanes], [g2_lanes]: [off], [avx2], [avx512f] or [avx512_ifma], the
      vector kernel of each group's multi-scalar multiplications and batched
      subgroup checks;
    - [ifma_paths]: [on] or [off], the AVX-512 IFMA kernels of the GT
      multi-exponentiation ({!GT.pippenger}) and of G2's doubling runs.

    For example ["limbs=adx g1_lanes=avx2 g2_lanes=avx2 ifma_paths=off"].
    Later versions may append pairs: parse by key. The choice is made once
    per process from the CPU and the environment variable
    [BLS12_381_BACKEND] (see the README); with [BLS12_381_BACKEND=portable]
    the answer is ["limbs=portable g1_lanes=off g2_lanes=off ifma_paths=off"].
    The first call (or the first multi-scalar multiplication) may time the
    lane kernels, a few milliseconds once per process. The text is the C
    ABI's [bls12_381_backend ()] and Rust's [bls12_381_core::backend()]. *)
val backend : unit -> string
