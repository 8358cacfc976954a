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

        Two equal messages raise rather than answer: ocaml-bls12-381
        documents and tests [Invalid_argument "Messages must be distinct"]
        here, and code written for it may rely on it. The check comes after
        the decoding of the keys and the signature, as in the C ABI: an
        invalid key or signature answers [false] whatever the messages.
        {!aggregate_verify_multi} answers [false] instead of raising.

        @raise Invalid_argument if two messages are equal. *)
    val aggregate_verify : (pk * Bytes.t) list -> signature -> bool

    (** [aggregate_verify_multi [(pk_1, m_1); ...] signature]: the draft's
        AggregateVerify of the scheme (section 3.1.1), answering [false] on
        any invalid input: two equal messages, an invalid key (KeyValidate)
        or signature, the empty list. Never raises. Not in
        ocaml-bls12-381. *)
    val aggregate_verify_multi : (pk * Bytes.t) list -> signature -> bool

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
        the scheme (section 3.2.3: messages may repeat, as each is signed
        with its key in front); [false] for the empty list. *)
    val aggregate_verify : (pk * Bytes.t) list -> signature -> bool

    (** The same as {!aggregate_verify}, under the name every scheme has
        ({!Basic.aggregate_verify_multi}, {!Pop.aggregate_verify_multi}).
        Not in ocaml-bls12-381. *)
    val aggregate_verify_multi : (pk * Bytes.t) list -> signature -> bool

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
        the keys ([false] for the empty list). One message, as in
        ocaml-bls12-381; many messages: {!aggregate_verify_multi}. *)
    val aggregate_verify : (pk * proof) list -> Bytes.t -> signature -> bool

    (** [aggregate_verify_multi [(pk_1, m_1); ...] signature]: the draft's
        AggregateVerify of this scheme (section 3.3, CoreAggregateVerify):
        whether [signature] aggregates signatures of [m_i] under [pk_i], the
        messages equal or not. For keys whose proofs of possession were
        checked ([pop_verify]), as the proofs, not distinct messages, are
        what stops rogue keys here. [false] on any invalid input (a key
        failing KeyValidate, an invalid signature, the empty list); never
        raises. Not in ocaml-bls12-381. *)
    val aggregate_verify_multi : (pk * Bytes.t) list -> signature -> bool

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
    invalid signature or invalid input; the one exception is
    [Basic.aggregate_verify], which raises on two equal messages as
    ocaml-bls12-381 does ([Basic.aggregate_verify_multi] answers [false]).

    Every scheme has the draft's AggregateVerify on many messages as
    [aggregate_verify_multi] (for [Basic] and [Aug] also under the
    original's name [aggregate_verify]; [Pop.aggregate_verify] keeps the
    original's form, one message with proofs of possession).

    Secret keys: [sk_of_bytes_exn] and [sk_to_bytes] use little-endian bytes
    (ocaml-bls12-381's order), [sk_of_bytes_be_exn] and [sk_to_bytes_be]
    big-endian ones (the draft's, the C ABI's and Rust's).

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

      Little-endian, as ocaml-bls12-381: the draft, the C ABI
      ([bls12_381_sig_*]), the Rust API ([SecretKey::from_bytes]) and the
      ethereum/bls12-381-tests vectors write secret keys big-endian (I2OSP),
      which {!sk_of_bytes_be_exn} reads. The two encodings of a key are each
      other's bytes reversed.

      @raise Invalid_argument if [bs] is longer than 32 bytes, is not below
      r, or is zero (BLS secret keys are in [\[1, r)]). *)
  val sk_of_bytes_exn : Bytes.t -> sk

  (** [sk_of_bytes_opt bs] is {!sk_of_bytes_exn} with [None] instead of the
      exception. *)
  val sk_of_bytes_opt : Bytes.t -> sk option

  (** [sk_to_bytes sk]: the 32-byte little-endian encoding. *)
  val sk_to_bytes : sk -> Bytes.t

  (** [sk_of_bytes_be_exn bs]: the secret key whose big-endian encoding is
      [bs], exactly 32 bytes: the draft's I2OSP(SK, 32), the order of the C
      ABI, the Rust API and the ethereum/bls12-381-tests vectors. Not in
      ocaml-bls12-381.

      @raise Invalid_argument unless [bs] has 32 bytes and encodes an
      integer in [\[1, r)]. *)
  val sk_of_bytes_be_exn : Bytes.t -> sk

  (** {!sk_of_bytes_be_exn} with [None] instead of the exception. *)
  val sk_of_bytes_be_opt : Bytes.t -> sk option

  (** [sk_to_bytes_be sk]: the 32-byte big-endian encoding (I2OSP), the
      bytes of [sk_to_bytes sk] reversed. Not in ocaml-bls12-381. *)
  val sk_to_bytes_be : sk -> Bytes.t

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
