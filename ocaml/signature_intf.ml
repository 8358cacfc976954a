(* The signature of Bls12_381.Signature, as a module type: the top-level
   interface declares the module with it, so that its variants are not
   strengthened: [module type of Bls12_381.Signature.MinPk] is matched by
   [MinSig] too, as in ocaml-bls12-381 4.x. *)

(** The operations of one variant, over the type of the secret keys. *)
module type VARIANT_OF_SK = sig
  (** The secret keys ({!Bls12_381.Signature.sk}). *)
  type sk

  (** Type of the public keys: a compressed point, 48 bytes in {!Bls12_381.Signature.MinPk}, 96
      in {!Bls12_381.Signature.MinSig}. *)
  type pk

  (** The size of a serialized public key. *)
  val pk_size_in_bytes : int

  (** The size of a serialized signature. *)
  val signature_size_in_bytes : int

  (** [unsafe_pk_of_bytes bs]: [bs] as a public key, without any check
      (verifications check it). *)
  val unsafe_pk_of_bytes : Bytes.t -> pk

  (** [pk_of_bytes_exn bs]: the compressed public key [bs] after KeyValidate
      (a point of the right group, in the subgroup, not the identity).

      @raise Invalid_argument otherwise. *)
  val pk_of_bytes_exn : Bytes.t -> pk

  (** {!pk_of_bytes_exn} with [None] instead of the exception. *)
  val pk_of_bytes_opt : Bytes.t -> pk option

  (** The compressed encoding. *)
  val pk_to_bytes : pk -> Bytes.t

  (** [derive_pk sk]: the public key of [sk] (SkToPk). Constant time. *)
  val derive_pk : sk -> pk

  (** Type of the signatures: a compressed point, 96 bytes in {!Bls12_381.Signature.MinPk}, 48
      in {!Bls12_381.Signature.MinSig}. *)
  type signature

  (** [signature_of_bytes_opt bs]: [Some] of the compressed signature [bs]
      when it decodes to a point of the subgroup (the identity included),
      [None] otherwise. *)
  val signature_of_bytes_opt : Bytes.t -> signature option

  (** {!signature_of_bytes_opt}, raising [Invalid_argument] instead of
      answering [None]. *)
  val signature_of_bytes_exn : Bytes.t -> signature

  (** No check at all: verifications check what they are given. *)
  val unsafe_signature_of_bytes : Bytes.t -> signature

  (** The compressed encoding. *)
  val signature_to_bytes : signature -> Bytes.t

  (** [aggregate_signature_opt signatures]: the draft's Aggregate, the sum of
      the signatures; [None] for the empty list or when a signature is not a
      valid point of the subgroup. The same for every scheme. *)
  val aggregate_signature_opt : signature list -> signature option

  (** The Basic scheme (draft section 3.1, DST tag [NUL]): rogue-key attacks
      are stopped by requiring the messages of an aggregate to be distinct. *)
  module Basic : sig
    (** [sign sk msg]: CoreSign. Constant time in [sk] and [msg]. *)
    val sign : sk -> Bytes.t -> signature

    (** [verify pk msg signature]: CoreVerify. *)
    val verify : pk -> Bytes.t -> signature -> bool

    (** [aggregate_verify [(pk_1, m_1); ...] signature]: AggregateVerify of
        the scheme, [false] for the empty list.

        @raise Invalid_argument if two messages are equal. *)
    val aggregate_verify : (pk * Bytes.t) list -> signature -> bool

    (** [batch_verify [(pk_i, m_i, signature_i); ...]]: whether every
        signature verifies, checked at once with 128-bit scalars derived by
        SHA-256 from [seed] (default empty) and all the inputs (no
        randomness needed; pass fresh random bytes as [seed] to add some).
        [false] for the empty list. Not in ocaml-bls12-381. *)
    val batch_verify : ?seed:Bytes.t -> (pk * Bytes.t * signature) list -> bool
  end

  (** The message Augmentation scheme (section 3.2, tag [AUG]): each signer
      signs [pk || msg]. *)
  module Aug : sig
    (** [sign sk msg]: CoreSign of [derive_pk sk || msg]. *)
    val sign : sk -> Bytes.t -> signature

    (** [verify pk msg signature]: CoreVerify of [pk || msg]. *)
    val verify : pk -> Bytes.t -> signature -> bool

    (** [aggregate_verify [(pk_1, m_1); ...] signature]: AggregateVerify of
        the scheme ([false] for the empty list). *)
    val aggregate_verify : (pk * Bytes.t) list -> signature -> bool

    (** As [Basic.batch_verify], in this scheme. *)
    val batch_verify : ?seed:Bytes.t -> (pk * Bytes.t * signature) list -> bool
  end

  (** The Proof of Possession scheme (section 3.3, tag [POP]): every public
      key comes with a proof that its owner holds the secret key, which
      allows the fast aggregate verification of many signatures of one
      message. *)
  module Pop : sig
    (** A proof of possession (a signature of the public key, compressed). *)
    type proof = Bytes.t

    (** [sign sk msg]: CoreSign with the scheme's DST. *)
    val sign : sk -> Bytes.t -> signature

    (** [verify pk msg signature]: CoreVerify with the scheme's DST. *)
    val verify : pk -> Bytes.t -> signature -> bool

    (** [pop_prove sk]: PopProve (the DST [BLS_POP_..._POP_]). *)
    val pop_prove : sk -> proof

    (** [pop_verify pk proof]: PopVerify. *)
    val pop_verify : pk -> proof -> bool

    (** [aggregate_verify [(pk_1, proof_1); ...] msg signature]: every proof
        checked with [pop_verify], then FastAggregateVerify of [msg] under
        the keys ([false] for the empty list). *)
    val aggregate_verify : (pk * proof) list -> Bytes.t -> signature -> bool

    (** [fast_aggregate_verify pks msg signature]: FastAggregateVerify, for
        keys whose proofs were already checked ([false] for the empty list).
        Not in ocaml-bls12-381. *)
    val fast_aggregate_verify : pk list -> Bytes.t -> signature -> bool

    (** As [Basic.batch_verify], in this scheme. *)
    val batch_verify : ?seed:Bytes.t -> (pk * Bytes.t * signature) list -> bool
  end
end

(** BLS signatures, following
    {{:https://datatracker.ietf.org/doc/html/draft-irtf-cfrg-bls-signature-05}
    draft-irtf-cfrg-bls-signature-05}, with the API of ocaml-bls12-381's
    [Signature] module (5.x / 6.x).

    A secret key [sk] is a scalar in [\[1, r)]; its public key is [sk g] for
    the generator [g] of one group and the signature of a message [m] is
    [sk H(m)] in the other, [H] being the hash to curve of RFC 9380 with the
    ciphersuite's domain separation tag. Two variants: {!MinPk} (public keys
    in G1, 48 bytes; signatures in G2, 96 bytes; Ethereum's choice) and
    {!MinSig} (the reverse). Each has the three schemes of the draft,
    [Basic], [Aug] and [Pop], with their ciphersuites'
    DSTs, e.g. [BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_] for
    [MinPk.Pop].

    Keys and signatures are held as their compressed encodings (ZCash
    format). Verification functions decode and check everything they are
    given: public keys pass the draft's KeyValidate (in the subgroup, not the
    identity) and signatures the subgroup check, so a value made by
    [unsafe_pk_of_bytes] or [unsafe_signature_of_bytes] is safe to verify
    with (it is rejected there if invalid). They answer [false] for an
    invalid signature or invalid input.

    Signing is constant time in the secret key (the Rust core's
    constant-time scalar multiplication); the secret key is wiped from the
    Rust side's memory after each call, but an OCaml [sk] is an ordinary
    value the GC may copy. Verification, aggregation and batch verification
    work on public data (variable time). The calls release the runtime lock. *)
module type S = sig
  (** Type of the secret keys. *)
  type sk

  (** The size of a serialized secret key: 32. *)
  val sk_size_in_bytes : int

  (** [sk_of_bytes_exn bs]: the secret key whose little-endian encoding is
      [bs] (as an element of {!Fr}); [bs] may be shorter than 32 bytes, and is
      then padded with zeros on the right (the most significant end).

      @raise Invalid_argument if [bs] is longer than 32 bytes, is not below
      r, or is zero (BLS secret keys are in [\[1, r)]). *)
  val sk_of_bytes_exn : Bytes.t -> sk

  (** [sk_of_bytes_opt bs] is {!sk_of_bytes_exn} with [None] instead of the
      exception. *)
  val sk_of_bytes_opt : Bytes.t -> sk option

  (** [sk_to_bytes sk]: the 32-byte little-endian encoding. *)
  val sk_to_bytes : sk -> Bytes.t

  (** [generate_sk ?key_info ikm]: the draft's KeyGen (HKDF-SHA256,
      section 2.3) on the secret key material [ikm] and the optional context
      [key_info] (default empty). The same [ikm] and [key_info] always give the
      same key.

      @raise Invalid_argument if [ikm] is shorter than 32 bytes. *)
  val generate_sk : ?key_info:Bytes.t -> Bytes.t -> sk

  (** The operations of one variant. *)
  module type VARIANT = VARIANT_OF_SK with type sk := sk

  (** Public keys in G1 (48 bytes), signatures in G2 (96 bytes): the
      ciphersuites [BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_{NUL,AUG,POP}_]. *)
  module MinPk : VARIANT

  (** Public keys in G2 (96 bytes), signatures in G1 (48 bytes): the
      ciphersuites [BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_{NUL,AUG,POP}_]. *)
  module MinSig : VARIANT
end
