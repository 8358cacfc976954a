(* G1 and G2 over the C ABI: one functor, applied in g1.ml and g2.ml. *)

module type PARAMS = sig
  (** "G1" or "G2", for messages. *)
  val name : string

  (** Bytes of a coordinate (an Fp or Fp2 element, 48 or 96), in memory
      (Montgomery limbs) as in the encodings (big-endian): the header's
      sizes follow from it. *)
  val coord_size : int

  (** An affine coordinate as OCaml users give it (Z.t, or a pair for Fp2). *)
  type coord

  (** Its big-endian bytes (G2: real part first), or [None] if it is
      negative or too wide; Rust checks that it is below p. *)
  val coord_bytes : coord -> Bytes.t option
end

(* [z] as [n] big-endian bytes, if 0 <= z < 2^(8n). *)
let z_bytes n z =
  if Z.sign z < 0 || Z.numbits z > 8 * n then None
  else
    let le = Z.to_bits z in
    let b = Bytes.make n '\000' in
    String.iteri (fun i c -> if i < n then Bytes.set b (n - 1 - i) c) le;
    Some b

(* The parameters of the two groups, for g1.ml and g2.ml. *)
module G1_params = struct
  let name = "G1"
  let coord_size = 48

  type coord = Z.t

  let coord_bytes = z_bytes coord_size
end

module G2_params = struct
  let name = "G2"
  let coord_size = 96

  type coord = Z.t * Z.t

  let coord_bytes (c0, c1) =
    match (z_bytes 48 c0, z_bytes 48 c1) with
    | Some b0, Some b1 -> Some (Bytes.cat b0 b1)
    | _ -> None
end

module Make (R : Stubs.CURVE) (U : Stubs.Unlocked.CURVE) (Params : PARAMS) = struct
  module P = struct
    include Params

    (* The header's sizes: Jacobian X, Y, Z and affine x, y in memory; the
       encodings, x with the flags in its top bits, or x || y. *)
    let size = 3 * coord_size
    let affine_size = 2 * coord_size
    let compressed_bytes = coord_size
    let uncompressed_bytes = 2 * coord_size
  end

  type coord = P.coord

  let[@inline] handle b = Ctypes.ocaml_bytes_start b
  let[@inline] alloc () = handle (Bytes.create P.size)
  let[@inline] size_t n = Unsigned.Size_t.of_int n

  (* Runs a decoder; the code on failure. *)
  let decode ~size f bs =
    let r = handle (Bytes.create size) in
    let c = f r (handle bs) (size_t (Bytes.length bs)) in
    if c = Stubs.Error_code.ok then Ok r else Error (Ec_sig.decode_error_of_code c)

  let opt = function Ok r -> Some r | Error _ -> None
  let exn bs = function
    | Ok r -> r
    | Error e -> raise (Ec_sig.Invalid_point (e, bs))

  let copy_buf (x : Stubs.buf) =
    let b, off = Transform.bytes_of x in
    handle (Bytes.sub b off P.size)

  let xy_bytes x y =
    match (P.coord_bytes x, P.coord_bytes y) with
    | Some x, Some y -> Some (Bytes.cat x y)
    | _ -> None

  (* Hashing is linear in the lengths of [msg] and [dst], which are the
     caller's: the call releases the runtime lock, so both are copied to C
     memory first. *)
  let hash f msg dst =
    let msg_c = Cmem.of_bytes msg and dst_c = Cmem.of_bytes dst in
    let out = Cmem.create P.size in
    f (Cmem.ptr out) (Cmem.ptr msg_c)
      (size_t (Bytes.length msg))
      (Cmem.ptr dst_c)
      (size_t (Bytes.length dst));
    Cmem.keep msg_c;
    Cmem.keep dst_c;
    Cmem.to_buf out 0 P.size

  module Uncompressed = struct
    type t = Stubs.buf

    module Scalar = Fr

    let size_in_bytes = P.uncompressed_bytes
    let of_bytes_opt bs = opt (decode ~size:P.size R.of_uncompressed bs)
    let of_bytes_exn bs = exn bs (decode ~size:P.size R.of_uncompressed bs)
    let check_bytes bs = Option.is_some (of_bytes_opt bs)

    let to_bytes p =
      let b = Bytes.create P.uncompressed_bytes in
      R.to_uncompressed (handle b) p;
      b

    let of_compressed_bytes_opt bs = opt (decode ~size:P.size R.of_compressed bs)
    let of_compressed_bytes_exn bs = exn bs (decode ~size:P.size R.of_compressed bs)

    let to_compressed_bytes p =
      let b = Bytes.create P.compressed_bytes in
      R.to_compressed (handle b) p;
      b

    let zero = Stubs.fresh0 alloc R.zero
    let one = Stubs.fresh0 alloc R.one
    let is_zero p = R.is_zero p
    let eq a b = R.eq a b
    let add a b = Stubs.fresh2 alloc R.add a b
    let double a = Stubs.fresh1 alloc R.double a
    let negate a = Stubs.fresh1 alloc R.neg a

    let mul_bytes p s =
      let r = alloc () in
      R.mul r p (handle s) (size_t (Bytes.length s));
      r

    let mul p s = mul_bytes p (Fr.to_bytes s)
    let random ?state () = mul one (Fr.random ?state ())
    let copy = copy_buf

    let of_z_opt ~x ~y =
      match xy_bytes x y with
      | None -> None
      | Some xy -> opt (decode ~size:P.size R.of_xy xy)

    let hash_to_curve msg dst = hash U.hash_to_curve msg dst
    let encode_to_curve msg dst = hash U.encode_to_curve msg dst
  end

  module Compressed = struct
    (* The encoding and the point it encodes, decoded once. *)
    type t = { enc : Bytes.t; pt : Uncompressed.t }

    module Scalar = Fr

    let size_in_bytes = P.compressed_bytes
    let of_uncompressed pt = { enc = Uncompressed.to_compressed_bytes pt; pt }
    let to_uncompressed c = c.pt

    let of_bytes_opt bs =
      match decode ~size:P.size R.of_compressed bs with
      | Ok pt -> Some { enc = Bytes.copy bs; pt }
      | Error _ -> None

    let of_bytes_exn bs =
      let pt = exn bs (decode ~size:P.size R.of_compressed bs) in
      { enc = Bytes.copy bs; pt }

    let check_bytes bs = Option.is_some (of_bytes_opt bs)
    let to_bytes c = Bytes.copy c.enc
    let zero = of_uncompressed Uncompressed.zero
    let one = of_uncompressed Uncompressed.one
    let random ?state () = of_uncompressed (Uncompressed.random ?state ())
    let is_zero c = Uncompressed.is_zero c.pt
    let eq a b = Bytes.equal a.enc b.enc
    let add a b = of_uncompressed (Uncompressed.add a.pt b.pt)
    let double a = of_uncompressed (Uncompressed.double a.pt)
    let negate a = of_uncompressed (Uncompressed.negate a.pt)
    let mul a s = of_uncompressed (Uncompressed.mul a.pt s)
    let copy c = { enc = Bytes.copy c.enc; pt = Uncompressed.copy c.pt }

    let of_z_opt ~x ~y =
      Option.map of_uncompressed (Uncompressed.of_z_opt ~x ~y)

    let hash_to_curve msg dst =
      of_uncompressed (Uncompressed.hash_to_curve msg dst)

    let encode_to_curve msg dst =
      of_uncompressed (Uncompressed.encode_to_curve msg dst)
  end

  module Affine = struct
    type t = Stubs.buf

    let size = P.affine_size
    let of_bytes_opt bs = opt (decode ~size R.affine_of_uncompressed bs)
    let of_bytes_exn bs = exn bs (decode ~size R.affine_of_uncompressed bs)

    let of_bytes_unchecked_opt bs =
      opt (decode ~size R.affine_of_uncompressed_unchecked bs)

    let of_bytes_unchecked_exn bs =
      exn bs (decode ~size R.affine_of_uncompressed_unchecked bs)

    let of_projective p =
      let r = handle (Bytes.create size) in
      R.to_affine r p;
      r

    let to_projective a = Stubs.fresh1 alloc R.of_affine a

    let to_bytes a =
      let b = Bytes.create P.uncompressed_bytes in
      R.affine_to_uncompressed (handle b) a;
      b
  end

  (* ---- Multi-scalar multiplication ---- *)

  (* The affine forms end to end, P.affine_size bytes per point, in C
     memory: the MSM reads them with the runtime lock released. *)
  type affine_array = Cmem.t

  (* A code of bls12_381_g?_msm* or _batch_to_affine other than OK and the
     decoding errors: the OCaml checks make them unreachable. *)
  let unexpected fn c = invalid_arg (Printf.sprintf "%s: error code %d" fn c)

  (* The [(start, len)] of [?start ?len] over [n] points and [m] scalars
     (Slice.terms), [threads] >= 0. *)
  let slice fn ?start ?len ?(threads = 0) n m =
    if threads < 0 then invalid_arg (Printf.sprintf "%s: threads %d < 0" fn threads);
    Slice.terms fn ~what:("points", "scalars") ?start ?len n m

  let same_lengths fn ~points ~scalars =
    if points <> scalars then
      invalid_arg
        (Printf.sprintf "%s: %d points but %d scalars" fn points scalars)

  (* scalars.(start), ..., scalars.(start + len - 1) as 32-byte
     little-endian integers, end to end. *)
  let scalar_bytes scalars start len =
    let b = Bytes.create (32 * len) in
    for i = 0 to len - 1 do
      Bytes.blit (Fr.to_bytes scalars.(start + i)) 0 b (32 * i) 32
    done;
    b

  (* The Jacobian forms are copied to C memory and converted there, with
     the lock released (one inversion, but a linear number of
     multiplications: long for many points). *)
  let to_affine_array (points : Uncompressed.t array) =
    let n = Array.length points in
    let jac = Cmem.create (n * P.size) in
    Array.iteri (fun i p -> Cmem.blit_in p jac (i * P.size) P.size) points;
    let out = Cmem.create (n * P.affine_size) in
    let c = U.batch_to_affine (Cmem.ptr out) (Cmem.ptr jac) (size_t (n * P.size)) in
    Cmem.keep jac;
    Cmem.keep out;
    if c <> Stubs.Error_code.ok then unexpected (P.name ^ ".to_affine_array") c;
    out

  let size_of_affine_array a = Bigarray.Array1.dim a / P.affine_size

  let of_affine_array a =
    let aff = Bytes.create P.affine_size in
    Array.init (size_of_affine_array a) (fun i ->
        Cmem.blit_out a (i * P.affine_size) (handle aff) P.affine_size;
        let r = alloc () in
        R.of_affine r (handle aff);
        r)

  (* The sum over terms start .. start + len - 1 of checked arguments. The
     scalars are copied to C memory, the points are there already; the
     result comes back from C memory. *)
  let msm fn threads (a : affine_array) ~a_start scalars start len =
    let sc = Cmem.of_bytes (scalar_bytes scalars start len) in
    let out = Cmem.create P.size in
    let c =
      U.msm (Cmem.ptr out)
        (Cmem.ptr ~off:(a_start * P.affine_size) a)
        (size_t (len * P.affine_size))
        (Cmem.ptr sc) (size_t (32 * len)) (size_t threads)
    in
    Cmem.keep a;
    Cmem.keep sc;
    if c <> Stubs.Error_code.ok then unexpected fn c;
    Cmem.to_buf out 0 P.size

  let pippenger_with_affine_array_threads ~threads ?start ?len a scalars =
    let fn = P.name ^ ".pippenger_with_affine_array" in
    let n = size_of_affine_array a in
    let start, len = slice fn ?start ?len ~threads n (Array.length scalars) in
    msm fn threads a ~a_start:start scalars start len

  let pippenger_threads ~threads ?start ?len points scalars =
    let fn = P.name ^ ".pippenger" in
    let start, len = slice fn ?start ?len ~threads (Array.length points) (Array.length scalars) in
    let a = to_affine_array (Array.sub points start len) in
    msm fn threads a ~a_start:0 scalars start len

  let pippenger_with_affine_array ?start ?len a scalars =
    pippenger_with_affine_array_threads ~threads:0 ?start ?len a scalars

  let pippenger ?start ?len points scalars = pippenger_threads ~threads:0 ?start ?len points scalars

  let pippenger_with_compressed_bytes ?(subgroup_check = true) ?(threads = 0) encs scalars =
    let fn = P.name ^ ".pippenger_with_compressed_bytes" in
    let bytes = Bytes.length encs in
    if bytes mod P.compressed_bytes <> 0 then
      invalid_arg
        (Printf.sprintf "%s: %d bytes, not a whole number of %d-byte encodings" fn bytes
           P.compressed_bytes);
    let n = Array.length scalars in
    same_lengths fn ~points:(bytes / P.compressed_bytes) ~scalars:n;
    if threads < 0 then invalid_arg (Printf.sprintf "%s: threads %d < 0" fn threads);
    let encs_c = Cmem.of_bytes encs in
    let sc = Cmem.of_bytes (scalar_bytes scalars 0 n) in
    let out = Cmem.create P.size in
    let c =
      U.msm_compressed (Cmem.ptr out) (Cmem.ptr encs_c) (size_t bytes) (Cmem.ptr sc)
        (size_t (32 * n))
        (if subgroup_check then 1 else 0)
        (size_t threads)
    in
    Cmem.keep encs_c;
    Cmem.keep sc;
    if c = Stubs.Error_code.ok then Ok (Cmem.to_buf out 0 P.size)
    else
      (* A decoding error of one of the encodings; the lengths were checked
         above, so INVALID_LENGTH, like any other code, is unexpected. *)
      match Ec_sig.decode_error_of_code c with
      | Ec_sig.(Not_canonical | Invalid_flags | Not_on_curve | Not_in_subgroup) as e -> Error e
      | Ec_sig.Invalid_length | (exception Invalid_argument _) -> unexpected fn c

  (* ---- Sums, in-place forms, transforms (ocaml-bls12-381 5.x, Octez) ---- *)

  let add_bulk xs = Transform.sum (P.name ^ ".add_bulk") U.sum ~size:P.size (Array.of_list xs)
  let add_inplace res a b = R.add res a b

  let mul_inplace res p s =
    let b = Fr.to_bytes s in
    R.mul res p (handle b) (size_t (Bytes.length b))

  let size_in_memory =
    Obj.reachable_words (Obj.repr (alloc ())) * (Sys.word_size / 8)

  let zero = Uncompressed.zero
  let fn op = P.name ^ "." ^ op

  (* The domain's in-memory forms (Fr.t is a private buf). *)
  let bufs (domain : Fr.t array) = Array.map (fun x -> (x : Fr.t :> Stubs.buf)) domain

  let fft ~domain ~points =
    Transform.fft (fn "fft") U.fft ~size:P.size ~zero ~domain:(bufs domain) ~points

  let ifft ~domain ~points =
    Transform.ifft (fn "ifft") U.fft ~size:P.size ~zero ~domain:(bufs domain) ~points

  let fft_inplace ~domain ~points =
    Transform.inplace (fn "fft_inplace") U.fft ~size:P.size ~zero ~inverse:false
      ~domain:(bufs domain) ~points

  let ifft_inplace ~domain ~points =
    Transform.inplace (fn "ifft_inplace") U.fft ~size:P.size ~zero ~inverse:true
      ~domain:(bufs domain) ~points

  (* ---- The flat API of ocaml-bls12-381 1.x-6.x and Octez ---- *)

  (* Uncompressed's values at top level (G1.mul, G1.one, ...), then the
     few whose behaviour differs: the _exn decoders raise Not_on_curve, as
     in those versions. *)
  include Uncompressed

  exception Not_on_curve of Bytes.t

  let compressed_size_in_bytes = P.compressed_bytes
  let not_on_curve bs = function Ok r -> r | Error _ -> raise (Not_on_curve bs)
  let of_bytes_exn bs = not_on_curve bs (decode ~size:P.size R.of_uncompressed bs)
  let of_compressed_bytes_exn bs = not_on_curve bs (decode ~size:P.size R.of_compressed bs)

  type affine = Affine.t

  let affine_of_jacobian = Affine.of_projective
  let jacobian_of_affine = Affine.to_projective

  (* Each encoding decoded (with or without the subgroup check) to its
     Jacobian form, then all made affine with one inversion. *)
  let affine_array_of_compressed_bytes_opt ~subgroup_check encs =
    let f = if subgroup_check then R.of_compressed else R.of_compressed_unchecked in
    let rec go acc i =
      if i < 0 then Some (to_affine_array (Array.of_list acc))
      else
        match decode ~size:P.size f encs.(i) with
        | Ok p -> go (p :: acc) (i - 1)
        | Error _ -> None
    in
    go [] (Array.length encs - 1)

  let affine_add_bulk (a : affine_array) =
    let out = Cmem.create P.size in
    let c = U.affine_sum (Cmem.ptr out) (Cmem.ptr a) (size_t (Bigarray.Array1.dim a)) in
    Cmem.keep a;
    Cmem.keep out;
    if c <> Stubs.Error_code.ok then unexpected (fn "affine_add_bulk") c;
    Cmem.to_buf out 0 P.size

  let pippenger_with_compressed_bytes_array_opt ~subgroup_check encs scalars =
    if Array.exists (fun e -> Bytes.length e <> P.compressed_bytes) encs then None
    else
      match pippenger_with_compressed_bytes ~subgroup_check (Bytes.concat Bytes.empty (Array.to_list encs)) scalars with
      | Ok p -> Some (to_compressed_bytes p)
      | Error _ -> None

  let add_bulk_with_compressed_bytes_array_opt ~subgroup_check encs =
    Option.map
      (fun a -> to_compressed_bytes (affine_add_bulk a))
      (affine_array_of_compressed_bytes_opt ~subgroup_check encs)
end
