(* BLS signatures over the C ABI's bls12_381_sig_* (encodings in and out).
   Keys and signatures are their compressed encodings; a secret key is held
   as the ABI's 32 big-endian bytes. Every call releases the runtime lock, so
   its buffers are C memory (Cmem). *)

module type S = Signature_intf.S

module Sig = Stubs.Unlocked.Sig
module E = Stubs.Error_code

let[@inline] size_t n = Unsigned.Size_t.of_int n

(* [len] bytes of the C buffer [m], as OCaml bytes. *)
let bytes_of m len =
  let b = Bytes.create len in
  Cmem.blit_out m 0 (Ctypes.ocaml_bytes_start b) len;
  b

let rev b =
  let n = Bytes.length b in
  Bytes.init n (fun i -> Bytes.get b (n - 1 - i))

(* The messages end to end in C memory, and their lengths as a C array of
   size_t (malloc'd by ctypes: it does not move). *)
let messages msgs =
  let all = Cmem.of_bytes (Bytes.concat Bytes.empty msgs) in
  let lens = Ctypes.CArray.of_list Ctypes.size_t (List.map (fun m -> size_t (Bytes.length m)) msgs) in
  (all, lens)

type sk = Bytes.t (* 32 bytes, big-endian (the C ABI's order), in [1, r) *)

let sk_size_in_bytes = 32

let sk_of_bytes_opt bs =
  let n = Bytes.length bs in
  if n > 32 then None
  else
    let le = Bytes.make 32 '\000' in
    Bytes.blit bs 0 le 0 n;
    match Fr.of_bytes_opt le with
    | Some x when not (Fr.is_zero x) -> Some (rev le)
    | _ -> None

let sk_of_bytes_exn bs =
  match sk_of_bytes_opt bs with
  | Some sk -> sk
  | None ->
      invalid_arg
        "Input should be maximum 32 bytes, encoded the secret key in little endian and must be \
         smaller than the order of Bls12_381.Fr"

let sk_to_bytes sk = rev sk

let sk_of_bytes_be_opt bs =
  if Bytes.length bs <> 32 then None
  else
    match Fr.of_bytes_opt (rev bs) with
    | Some x when not (Fr.is_zero x) -> Some (Bytes.copy bs)
    | _ -> None

let sk_of_bytes_be_exn bs =
  match sk_of_bytes_be_opt bs with
  | Some sk -> sk
  | None ->
      invalid_arg
        "sk_of_bytes_be_exn: 32 bytes expected, the big-endian encoding of an integer in [1, r)"

let sk_to_bytes_be sk = Bytes.copy sk

let generate_sk ?(key_info = Bytes.empty) ikm =
  if Bytes.length ikm < 32 then
    invalid_arg "generate_sk: ikm argument must be at least 32 bytes long";
  let out = Cmem.create 32 in
  let i = Cmem.of_bytes ikm and k = Cmem.of_bytes key_info in
  let code =
    Sig.keygen (Cmem.ptr out) (Cmem.ptr i) (size_t (Bytes.length ikm)) (Cmem.ptr k)
      (size_t (Bytes.length key_info))
  in
  Cmem.keep (i, k);
  assert (code = E.ok);
  bytes_of out 32

module type VARIANT = Signature_intf.VARIANT_OF_SK with type sk := sk

(* The variant's number in the C ABI (0 min-pk, 1 min-sig). *)
module type PARAMS = sig
  val variant : int
end

module Make (P : PARAMS) = struct
  module V = struct
    include P

    (* Compressed G1 and G2 points: 48 and 96 bytes. *)
    let pk_size, sig_size = if P.variant = 0 then (48, 96) else (96, 48)
  end

  type pk = Bytes.t
  type signature = Bytes.t

  let pk_size_in_bytes = V.pk_size
  let signature_size_in_bytes = V.sig_size

  (* [f ptr len] on a copy of [b] in C memory. *)
  let with_c b f =
    let m = Cmem.of_bytes b in
    let r = f (Cmem.ptr m) (size_t (Bytes.length b)) in
    Cmem.keep m;
    r

  (* A fresh [len]-byte output written by [f ptr len], which must succeed. *)
  let output len f =
    let out = Cmem.create len in
    let code = f (Cmem.ptr out) (size_t len) in
    (* Secret keys are valid when made, and the sizes are the variant's. *)
    assert (code = E.ok);
    bytes_of out len

  (* A copy of [b] if [validate] (a C check) accepts it. *)
  let checked validate b = if with_c b (validate V.variant) = E.ok then Some (Bytes.copy b) else None

  (* [Some x -> x], [None -> Invalid_argument "<hex of b> <what>"]: the
     messages of ocaml-bls12-381. *)
  let or_invalid b what = function
    | Some x -> x
    | None ->
        let hex = String.concat "" (List.init (Bytes.length b) (fun i -> Printf.sprintf "%02x" (Bytes.get_uint8 b i))) in
        invalid_arg (Printf.sprintf "%s %s" hex what)
  let unsafe_pk_of_bytes b = Bytes.copy b
  let pk_of_bytes_opt b = checked Sig.pk_validate b
  let pk_of_bytes_exn b = or_invalid b "is not a valid public key" (pk_of_bytes_opt b)
  let pk_to_bytes pk = Bytes.copy pk
  let derive_pk sk = with_c sk (fun skp _ -> output V.pk_size (fun o n -> Sig.sk_to_pk o n V.variant skp))
  let unsafe_signature_of_bytes b = Bytes.copy b
  let signature_of_bytes_opt b = checked Sig.signature_validate b

  let signature_of_bytes_exn b =
    or_invalid b "is not a valid signature" (signature_of_bytes_opt b)

  let signature_to_bytes s = Bytes.copy s

  (* Byte strings of one fixed size, end to end; None if one has another
     size (it is then no valid key or signature). *)
  let concat size l =
    if List.for_all (fun b -> Bytes.length b = size) l then Some (Bytes.concat Bytes.empty l)
    else None

  let aggregate_signature_opt sigs =
    match concat V.sig_size sigs with
    | None -> None
    | Some all ->
        let out = Cmem.create V.sig_size in
        let code =
          with_c all (fun p _ ->
              Sig.aggregate (Cmem.ptr out) (size_t V.sig_size) V.variant p (size_t (List.length sigs)))
        in
        if code = E.ok then Some (bytes_of out V.sig_size) else None

  (* The operations of the scheme numbered [scheme] (0 Basic, 1 Aug, 2 Pop). *)
  module Scheme (S : sig
    val scheme : int
  end) =
  struct
    let sign sk msg =
      with_c sk (fun skp _ ->
          with_c msg (fun mp ml ->
              output V.sig_size (fun o n -> Sig.sign o n V.variant S.scheme skp mp ml)))

    let verify pk msg signature =
      with_c pk (fun pp pl ->
          with_c msg (fun mp ml ->
              with_c signature (fun sp sl -> Sig.verify V.variant S.scheme pp pl mp ml sp sl)))
      = E.ok

    (* The code of aggregate_verify on the pairs; None if a key does not
       have the variant's size. *)
    let aggregate_verify_code pairs signature =
      match concat V.pk_size (List.map fst pairs) with
      | None -> None
      | Some pks ->
          let all, lens = messages (List.map snd pairs) in
          let code =
            with_c pks (fun pp _ ->
                with_c signature (fun sp sl ->
                    Sig.aggregate_verify V.variant S.scheme pp (Cmem.ptr all) (Ctypes.CArray.start lens)
                      (size_t (List.length pairs)) sp sl))
          in
          Cmem.keep (all, lens);
          Some code

    (* ocaml-bls12-381's form: Basic raises on repeated messages. *)
    let aggregate_verify pairs signature =
      match aggregate_verify_code pairs signature with
      | Some code when code = E.duplicate_message ->
          invalid_arg "Messages must be distinct"
      | Some code -> code = E.ok
      | None -> false

    let aggregate_verify_multi pairs signature =
      aggregate_verify_code pairs signature = Some E.ok

    let batch_verify ?(seed = Bytes.empty) sets =
      let pks = concat V.pk_size (List.map (fun (pk, _, _) -> pk) sets) in
      let sigs = concat V.sig_size (List.map (fun (_, _, s) -> s) sets) in
      match (pks, sigs) with
      | Some pks, Some sigs ->
          let all, lens = messages (List.map (fun (_, m, _) -> m) sets) in
          let code =
            with_c pks (fun pp _ ->
                with_c sigs (fun sp _ ->
                    with_c seed (fun seedp seedl ->
                        Sig.batch_verify V.variant S.scheme pp (Cmem.ptr all) (Ctypes.CArray.start lens) sp
                          (size_t (List.length sets)) seedp seedl)))
          in
          Cmem.keep (all, lens);
          code = E.ok
      | _ -> false
  end

  module Basic = Scheme (struct let scheme = 0 end)
  module Aug = Scheme (struct let scheme = 1 end)

  module Pop = struct
    type proof = Bytes.t

    include Scheme (struct let scheme = 2 end)

    let pop_prove sk =
      with_c sk (fun skp _ -> output V.sig_size (fun o n -> Sig.pop_prove o n V.variant skp))

    let pop_verify pk proof =
      with_c pk (fun pp pl -> with_c proof (fun qp ql -> Sig.pop_verify V.variant pp pl qp ql)) = E.ok

    let fast_aggregate_verify pks msg signature =
      match concat V.pk_size pks with
      | None -> false
      | Some all ->
          with_c all (fun pp _ ->
              with_c msg (fun mp ml ->
                  with_c signature (fun sp sl ->
                      Sig.fast_aggregate_verify V.variant pp (size_t (List.length pks)) mp ml sp sl)))
          = E.ok

    (* ocaml-bls12-381's form: one message, the proofs checked here. The
       many-message AggregateVerify of the scheme is [aggregate_verify_multi]
       (from [Scheme]), which this definition shadows under the original's
       name only. *)
    let aggregate_verify pairs msg signature =
      pairs <> []
      && List.for_all (fun (pk, proof) -> pop_verify pk proof) pairs
      && fast_aggregate_verify (List.map fst pairs) msg signature
  end
end

module MinPk = Make (struct let variant = 0 end)
module MinSig = Make (struct let variant = 1 end)
