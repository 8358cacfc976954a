(* G1 and G2 over the C ABI: one functor, applied in g1.ml and g2.ml. Points
   are custom blocks (Value.g1, Value.g2, and their affine forms); the short
   calls are direct stubs of bls12_381_values.c, the long ones go through
   the generated stubs that release the runtime lock (Stubs.Unlocked). *)

(* p, the characteristic of the base field. *)
let p =
  Z.of_string
    "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787"

(* [z] as [n] big-endian bytes, if 0 <= z < 2^(8n). *)
let z_bytes n z =
  if Z.sign z < 0 || Z.numbits z > 8 * n then None
  else
    let le = Z.to_bits z in
    let b = Bytes.make n '\000' in
    String.iteri (fun i c -> if i < n then Bytes.set b (n - 1 - i) c) le;
    Some b

let fp_bytes z = Option.get (z_bytes 48 z)

(* ---- ocaml-bls12-381's random points ----

   Its [random] draws x (an Fq element: 48 bytes from [Random.int 256], a
   little-endian integer reduced mod p; for G2 two of them, c0 then c1),
   takes blst's square root of x^3 + b (drawing again if there is none),
   negates it unless [Random.bool] says true, and multiplies the point by
   the cofactor (G1: h = 0x396c8c005555e1568c00aaab0000aaab; G2: the
   effective cofactor h_eff of RFC 9380). The same draws and the same root
   give the same point for the same seed. *)

let random_fq int = Z.erem (Z.of_bits (String.init 48 (fun _ -> Char.unsafe_chr (int 256)))) p
let fq_mul a b = Z.erem (Z.mul a b) p
let fq_add a b = Z.erem (Z.add a b) p
let fq_sub a b = Z.erem (Z.sub a b) p

(* blst's sqrt_fp: a^((p+1)/4), a root when there is one. *)
let sqrt_exp = Z.shift_right (Z.succ p) 2
let fq_sqrt_candidate a = Z.powm a sqrt_exp p

(* blst's recip_sqrt_fp: a^((p-3)/4). *)
let recip_sqrt_exp = Z.shift_right (Z.sub p (Z.of_int 3)) 2
let fq_recip_sqrt a = Z.powm a recip_sqrt_exp p
let half = Z.invert (Z.of_int 2) p

(* Fq2 = Fq[u]/(u^2 + 1) as pairs (c0, c1). *)
let fq2_mul (a0, a1) (b0, b1) =
  (fq_sub (fq_mul a0 b0) (fq_mul a1 b1), fq_add (fq_mul a0 b1) (fq_mul a1 b0))

let fq2_sqr a = fq2_mul a a
let fq2_is_zero (a0, a1) = Z.equal a0 Z.zero && Z.equal a1 Z.zero

(* blst's constants of sqrt_align_fp2, in Montgomery form (6 limbs, least
   significant first), as integers: the value times 2^-384 mod p. *)
let of_mont limbs =
  let z = List.fold_right (fun l acc -> Z.add (Z.shift_left acc 64) (Z.of_string_base 16 l)) limbs Z.zero in
  fq_mul z (Z.invert (Z.shift_left Z.one 384) p)

let magic0 =
  of_mont
    [ "3e2f585da55c9ad1"; "4294213d86c18183"; "382844c88b623732"; "92ad2afd19103e18";
      "1d794e4fac7cf0b9"; "0bd592fc7d825ec8" ]

let magic1 =
  of_mont
    [ "7bcfa7a25aa30fda"; "dc17dec12a927e7c"; "2f088dd86b4ebef1"; "d1ca2087da74d4a7";
      "2da2596696cebc1d"; "0e2b7eedbbfd87d2" ]

(* blst's sqrt_fp2 with its final alignment: the same root blst returns,
   or None. *)
let fq2_sqrt (a, b) =
  let s = fq_sqrt_candidate (fq_add (fq_mul a a) (fq_mul b b)) in
  let plus = fq_add a s in
  let aa = if Z.equal plus Z.zero then fq_sub a s else plus in
  let aa = fq_mul aa half in
  let r0 = fq_recip_sqrt aa in
  let r1 = fq_mul (fq_mul b half) r0 in
  let ret = (fq_mul r0 aa, r1) in
  let t0, t1 = fq2_sqr ret in
  let candidates =
    [
      ((fq_sub t0 a, fq_sub t1 b), (Z.one, Z.zero));
      ((fq_add t0 a, fq_add t1 b), (Z.zero, Z.one));
      ((fq_sub t0 b, fq_add t1 a), (magic0, magic1));
      ((fq_add t0 b, fq_sub t1 a), (magic1, magic1));
    ]
  in
  (* blst selects the last matching coefficient. *)
  List.fold_left
    (fun acc (diff, coeff) -> if fq2_is_zero diff then Some (fq2_mul ret coeff) else acc)
    None candidates

(* A 48-byte big-endian integer (flag bits cleared) in hexadecimal. *)
let hex_of_be b off =
  let le = String.init 48 (fun i -> Bytes.get b (off + 47 - i)) in
  let le = Bytes.of_string le in
  Bytes.set le 47 (Char.chr (Char.code (Bytes.get le 47) land 0x1f));
  Z.format "%#x" (Z.of_bits (Bytes.to_string le))

module type PARAMS = sig
  (** "G1" or "G2", for messages. *)
  val name : string

  (** The points, Jacobian and affine, and their kinds ({!Value.Kind}). *)
  type t

  type affine

  module Point : sig
    val alloc : unit -> t
    val of_cmem : Cmem.t -> int -> t
  end

  module Affine_kind : sig
    val alloc : unit -> affine
    val of_cmem : Cmem.t -> int -> affine
  end

  (** The affine coordinates in an uncompressed encoding that is not the
      identity, for printing. *)
  val pp_coords : Format.formatter -> Bytes.t -> unit

  (** Bytes of a coordinate (an Fp or Fp2 element, 48 or 96), in memory
      (Montgomery limbs) as in the encodings (big-endian): the header's
      sizes follow from it. *)
  val coord_size : int

  (** An affine coordinate as OCaml users give it (Z.t, or a pair for Fp2). *)
  type coord

  (** Its big-endian bytes (G2: real part first), or [None] if it is
      negative or too wide; Rust checks that it is below p. *)
  val coord_bytes : coord -> Bytes.t option

  (** The uncompressed ZCash encoding of a curve point drawn as
      ocaml-bls12-381's [random] draws it (before the cofactor), given
      [int 256] and [bool] draws; [None] to draw again. *)
  val random_curve_point : (int -> int) -> (unit -> bool) -> Bytes.t option

  (** What [random] multiplies that point by. *)
  val cofactor : Z.t

  (** Its transforms' index in bls12_381_fft.c's table ({!Transform.op_g1}
      or {!Transform.op_g2}). *)
  val fft_op : int
end

(* The parameters of the two groups, for g1.ml and g2.ml. *)
module G1_params = struct
  let name, coord_size = ("G1", 48)

  type t = Value.g1 and affine = Value.g1_affine and coord = Z.t

  module Point = Value.G1
  module Affine_kind = Value.G1_affine

  let coord_bytes = z_bytes coord_size
  let pp_coords fmt b = Format.fprintf fmt "{x = %s; y = %s}" (hex_of_be b 0) (hex_of_be b 48)

  let random_curve_point int bool =
    let x = random_fq int in
    let rhs = fq_add (fq_mul x (fq_mul x x)) (Z.of_int 4) in
    let y = fq_sqrt_candidate rhs in
    if not (Z.equal (fq_mul y y) rhs) then None
    else
      let y = if bool () then y else fq_sub Z.zero y in
      Some (Bytes.cat (fp_bytes x) (fp_bytes y))

  let cofactor = Z.of_string "76329603384216526031706109802092473003"
  let fft_op = Transform.op_g1
end

module G2_params = struct
  let name, coord_size = ("G2", 96)

  type t = Value.g2 and affine = Value.g2_affine and coord = Z.t * Z.t

  module Point = Value.G2
  module Affine_kind = Value.G2_affine

  let coord_bytes (c0, c1) =
    match (z_bytes 48 c0, z_bytes 48 c1) with
    | Some b0, Some b1 -> Some (Bytes.cat b0 b1)
    | _ -> None

  (* ZCash order: the imaginary part first. *)
  let pp_coords fmt b =
    Format.fprintf fmt "{x = (%s, %s); y = (%s, %s)}" (hex_of_be b 48) (hex_of_be b 0) (hex_of_be b 144)
      (hex_of_be b 96)

  let random_curve_point int bool =
    let x0 = random_fq int in
    let x1 = random_fq int in
    let x = (x0, x1) in
    let r0, r1 = fq2_mul x (fq2_sqr x) in
    let rhs = (fq_add r0 (Z.of_int 4), fq_add r1 (Z.of_int 4)) in
    match fq2_sqrt rhs with
    | None -> None
    | Some (y0, y1) ->
        let y0, y1 = if bool () then (y0, y1) else (fq_sub Z.zero y0, fq_sub Z.zero y1) in
        (* ZCash order: the imaginary part first. *)
        Some (Bytes.concat Bytes.empty (List.map fp_bytes [ x1; x0; y1; y0 ]))

  let cofactor =
    Z.of_string_base 16
      "5d543a95414e7f1091d50792876a202cd91de4547085abaa68a205b2e5a7ddfa628f1cb4d9e82ef21537e293a6691ae1616ec6e786f0c70cf1c38e31c7238e5"

  let fft_op = Transform.op_g2
end

(* The direct stubs of the groups (bls12_381_values.c, "point" and
   "affine"): one stub serves G1 and G2, calling the C ABI's function of its
   first value's kind. Make gives them their types. *)
module Ops = struct
  external zero_into : 'p -> unit = "caml_bls12_381_point_zero_into" [@@noalloc]
  external one_into : 'p -> unit = "caml_bls12_381_point_one_into" [@@noalloc]
  external is_zero : 'p -> bool = "caml_bls12_381_point_is_zero" [@@noalloc]
  external eq : 'p -> 'p -> bool = "caml_bls12_381_point_eq" [@@noalloc]
  external add : 'p -> 'p -> 'p = "caml_bls12_381_point_add"
  external double : 'p -> 'p = "caml_bls12_381_point_double"
  external neg : 'p -> 'p = "caml_bls12_381_point_neg"
  external add_into : 'p -> 'p -> 'p -> unit = "caml_bls12_381_point_add_into" [@@noalloc]
  external mul : 'p -> Fr.t -> 'p = "caml_bls12_381_point_mul"
  external mul_into : 'p -> 'p -> Fr.t -> unit = "caml_bls12_381_point_mul_into" [@@noalloc]
  external mul_bytes : 'p -> Bytes.t -> 'p = "caml_bls12_381_point_mul_bytes"
  external of_compressed_into : 'p -> Bytes.t -> int = "caml_bls12_381_point_of_compressed_into" [@@noalloc]

  external of_compressed_unchecked_into : 'p -> Bytes.t -> int
    = "caml_bls12_381_point_of_compressed_unchecked_into"
    [@@noalloc]

  external of_uncompressed_into : 'p -> Bytes.t -> int = "caml_bls12_381_point_of_uncompressed_into" [@@noalloc]
  external of_xy_into : 'p -> Bytes.t -> int = "caml_bls12_381_point_of_xy_into" [@@noalloc]
  external to_compressed : 'p -> Bytes.t = "caml_bls12_381_point_to_compressed"
  external to_uncompressed : 'p -> Bytes.t = "caml_bls12_381_point_to_uncompressed"
  external to_affine : 'p -> 'a = "caml_bls12_381_point_to_affine"
  external of_affine : 'a -> 'p = "caml_bls12_381_affine_to_projective"
  external affine_to_uncompressed : 'a -> Bytes.t = "caml_bls12_381_affine_to_uncompressed"

  external affine_of_uncompressed_into : 'a -> Bytes.t -> int
    = "caml_bls12_381_affine_of_uncompressed_into"
    [@@noalloc]

  external affine_of_uncompressed_unchecked_into : 'a -> Bytes.t -> int
    = "caml_bls12_381_affine_of_uncompressed_unchecked_into"
    [@@noalloc]

  (* The steps of hashing to the curve: the map of a field element's
     big-endian bytes, the cofactor clearings; [r] first, the code back. *)
  external map_to_curve_into : 'p -> Bytes.t -> int = "caml_bls12_381_point_map_to_curve_into" [@@noalloc]
  external clear_cofactor_into : 'p -> 'p -> int = "caml_bls12_381_point_clear_cofactor_into" [@@noalloc]

  external clear_cofactor_vartime_into : 'p -> 'p -> int
    = "caml_bls12_381_point_clear_cofactor_vartime_into"
    [@@noalloc]
end

module Make (U : Stubs.Unlocked.CURVE) (Params : PARAMS) = struct
  (* The stubs at the group's types. *)
  module R = struct
    include Ops

    let alloc = Params.Point.alloc
    let affine_alloc = Params.Affine_kind.alloc
    let of_cmem = Params.Point.of_cmem
    let affine_of_cmem = Params.Affine_kind.of_cmem

    let constant write =
      let r = alloc () in
      write r;
      r

    let zero () = constant zero_into
    let one () = constant one_into
    let to_affine : Params.t -> Params.affine = Ops.to_affine
    let of_affine : Params.affine -> Params.t = Ops.of_affine
  end

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

  let[@inline] size_t n = Unsigned.Size_t.of_int n

  (* Runs a decoder writing to [alloc ()]; the error on failure. *)
  let decode alloc f bs = Result.map_error Ec_sig.decode_error_of_code (Value.decode alloc f bs)

  let opt = function Ok r -> Some r | Error _ -> None
  let exn bs = function
    | Ok r -> r
    | Error e -> raise (Ec_sig.Invalid_point (e, bs))

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
    R.of_cmem out 0

  (* RFC 9380's map_to_curve of the field element [u] (below p, else
     Invalid_argument naming [fn]): a point of the curve, not cleared of the
     cofactor. *)
  let map_to_curve_in fn u =
    let outside () = invalid_arg (Printf.sprintf "%s: coordinate not in [0, p)" fn) in
    match P.coord_bytes u with
    | None -> outside ()
    | Some b -> (
        match decode R.alloc R.map_to_curve_into b with
        | Ok r -> r
        | Error Ec_sig.Not_canonical -> outside ()
        | Error e -> invalid_arg (Printf.sprintf "%s: %s" fn (Ec_sig.string_of_decode_error e)))

  (* [h_eff p] by [f] (clear_cofactor_into or its _vartime twin): the C
     function checks that [p] is on the curve, which every point the
     library holds is. *)
  let clear_cofactor_by fn f p =
    let r = R.alloc () in
    let c = f r p in
    if c <> Stubs.Error_code.ok then invalid_arg (Printf.sprintf "%s: error code %d" fn c);
    r

  (* [k p] for an integer k >= 0, by doubling and adding: the curve's own
     arithmetic, right for points outside the subgroup too (random's
     cofactor multiplication). Variable time in k. *)
  let mul_z_vartime pt k =
    let rec go acc i = if i < 0 then acc else
      let acc = R.double acc in
      go (if Z.testbit k i then R.add acc pt else acc) (i - 1)
    in
    go (R.zero ()) (Z.numbits k - 1)

  module Uncompressed = struct
    type t = Params.t

    module Scalar = Fr

    let size_in_bytes = P.uncompressed_bytes
    let of_bytes_opt bs = opt (decode R.alloc R.of_uncompressed_into bs)
    let of_bytes_exn bs = exn bs (decode R.alloc R.of_uncompressed_into bs)
    let check_bytes bs = Option.is_some (of_bytes_opt bs)
    let to_bytes = R.to_uncompressed
    let of_compressed_bytes_opt bs = opt (decode R.alloc R.of_compressed_into bs)
    let of_compressed_bytes_exn bs = exn bs (decode R.alloc R.of_compressed_into bs)
    let to_compressed_bytes = R.to_compressed
    let zero = R.zero ()
    let one = R.one ()
    let is_zero = R.is_zero
    let eq = R.eq
    let add = R.add
    let double = R.double
    let negate = R.neg
    let mul_bytes = R.mul_bytes
    let mul = R.mul
    let copy : t -> t = Value.copy
    let empty () = copy zero

    let pp fmt p =
      if is_zero p then Format.pp_print_string fmt "zero" else P.pp_coords fmt (to_bytes p)

    (* ocaml-bls12-381's sampling (see random_curve_point): the same point
       for the same seed. *)
    let rec random ?state () =
      let int, bool =
        match state with
        | None -> (Random.int, Random.bool)
        | Some s -> (Random.State.int s, fun () -> Random.State.bool s)
      in
      match P.random_curve_point int bool with
      | None -> random ?state ()
      | Some enc -> (
          match decode R.affine_alloc R.affine_of_uncompressed_unchecked_into enc with
          | Ok a -> mul_z_vartime (R.of_affine a) P.cofactor
          | Error _ -> random ?state ())

    let of_z_opt ~x ~y =
      match xy_bytes x y with
      | None -> None
      | Some xy -> opt (decode R.alloc R.of_xy_into xy)

    let hash_to_curve msg dst = hash U.hash_to_curve msg dst
    let encode_to_curve msg dst = hash U.encode_to_curve msg dst
    let hash_to_curve_vartime msg dst = hash U.hash_to_curve_vartime msg dst
    let map_to_curve u = map_to_curve_in (P.name ^ ".map_to_curve") u
    let clear_cofactor p = clear_cofactor_by (P.name ^ ".clear_cofactor") R.clear_cofactor_into p

    let clear_cofactor_vartime p =
      clear_cofactor_by (P.name ^ ".clear_cofactor_vartime") R.clear_cofactor_vartime_into p
  end

  module Compressed = struct
    (* The encoding and the point it encodes, decoded once. *)
    type t = { enc : Bytes.t; pt : Uncompressed.t }

    module Scalar = Fr

    let size_in_bytes = P.compressed_bytes
    let of_uncompressed pt = { enc = Uncompressed.to_compressed_bytes pt; pt }
    let to_uncompressed c = c.pt

    let of_bytes_opt bs =
      match decode R.alloc R.of_compressed_into bs with
      | Ok pt -> Some { enc = Bytes.copy bs; pt }
      | Error _ -> None

    let of_bytes_exn bs =
      let pt = exn bs (decode R.alloc R.of_compressed_into bs) in
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
    let empty () = copy zero
    let pp fmt c = Uncompressed.pp fmt c.pt

    let of_z_opt ~x ~y =
      Option.map of_uncompressed (Uncompressed.of_z_opt ~x ~y)

    let hash_to_curve msg dst =
      of_uncompressed (Uncompressed.hash_to_curve msg dst)

    let encode_to_curve msg dst =
      of_uncompressed (Uncompressed.encode_to_curve msg dst)

    let hash_to_curve_vartime msg dst =
      of_uncompressed (Uncompressed.hash_to_curve_vartime msg dst)
  end

  module Affine = struct
    type t = Params.affine

    let of_bytes_opt bs = opt (decode R.affine_alloc R.affine_of_uncompressed_into bs)
    let of_bytes_exn bs = exn bs (decode R.affine_alloc R.affine_of_uncompressed_into bs)

    let of_bytes_unchecked_opt bs =
      opt (decode R.affine_alloc R.affine_of_uncompressed_unchecked_into bs)

    let of_bytes_unchecked_exn bs =
      exn bs (decode R.affine_alloc R.affine_of_uncompressed_unchecked_into bs)

    let of_projective = R.to_affine
    let to_projective = R.of_affine
    let to_bytes = R.affine_to_uncompressed
  end

  (* ---- Multi-scalar multiplication ---- *)

  (* The affine forms end to end, P.affine_size bytes per point, in C
     memory: the MSM reads them with the runtime lock released. *)
  type affine_array = Cmem.t

  (* A code of bls12_381_g?_msm* or _batch_normalize other than OK and the
     decoding errors: the OCaml checks make them unreachable. *)
  let unexpected fn c = invalid_arg (Printf.sprintf "%s: error code %d" fn c)

  (* The [(start, len)] of [?start ?len] over [n] points and [m] scalars
     (Slice.terms), [threads] >= 0. *)
  let slice fn ?start ?len ?(threads = 0) n m =
    if threads < 0 then invalid_arg (Printf.sprintf "%s: threads %d < 0" fn threads);
    Slice.terms ?start ?len n m

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
    Array.iteri (fun i p -> Value.to_cmem p jac (i * P.size)) points;
    let out = Cmem.create (n * P.affine_size) in
    let c = U.batch_normalize (Cmem.ptr out) (Cmem.ptr jac) (size_t n) in
    Cmem.keep jac;
    Cmem.keep out;
    if c <> Stubs.Error_code.ok then unexpected (P.name ^ ".to_affine_array") c;
    out

  let size_of_affine_array a = Bigarray.Array1.dim a / P.affine_size

  let of_affine_array a =
    Array.init (size_of_affine_array a) (fun i -> R.of_affine (R.affine_of_cmem a (i * P.affine_size)))

  (* The sum over terms start .. start + len - 1 of checked arguments. The
     scalars are copied to C memory, the points are there already; the
     result comes back from C memory. *)
  let msm fn threads (a : affine_array) ~a_start scalars start len =
    let sc = Cmem.of_bytes (scalar_bytes scalars start len) in
    let out = Cmem.create P.size in
    let c =
      U.msm_vartime (Cmem.ptr out)
        (Cmem.ptr ~off:(a_start * P.affine_size) a)
        (Cmem.ptr sc) (size_t len) (size_t threads)
    in
    Cmem.keep a;
    Cmem.keep sc;
    if c <> Stubs.Error_code.ok then unexpected fn c;
    R.of_cmem out 0

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
      U.msm_compressed_vartime (Cmem.ptr out) (Cmem.ptr encs_c) (Cmem.ptr sc) (size_t n)
        (if subgroup_check then 1 else 0)
        (size_t threads)
    in
    Cmem.keep encs_c;
    Cmem.keep sc;
    if c = Stubs.Error_code.ok then Ok (R.of_cmem out 0)
    else
      (* A decoding error of one of the encodings; the lengths were checked
         above, so INVALID_LENGTH, like any other code, is unexpected. *)
      match Ec_sig.decode_error_of_code c with
      | Ec_sig.(Not_canonical | Invalid_flags | Not_on_curve | Not_in_subgroup) as e -> Error e
      | Ec_sig.Invalid_length | (exception Invalid_argument _) -> unexpected fn c

  (* ---- Sums, in-place forms, transforms (ocaml-bls12-381 5.x, Octez) ---- *)

  let of_cmem = R.of_cmem
  let add_bulk xs =
    Transform.sum (P.name ^ ".add_bulk") U.batch_sum_vartime ~size:P.size ~of_cmem (Array.of_list xs)
  let add_inplace = R.add_into
  let mul_inplace = R.mul_into

  (* A custom block: its header, the operations pointer, the bytes. *)
  let size_in_memory = Obj.reachable_words (Obj.repr Uncompressed.one) * (Sys.word_size / 8)
  let zero = Uncompressed.zero
  let fn op = P.name ^ "." ^ op

  let op = P.fft_op
  let fft ~domain ~points = Transform.fft (fn "fft") ~op ~zero ~domain ~points
  let ifft ~domain ~points = Transform.ifft (fn "ifft") ~op ~domain ~points

  let fft_inplace ~domain ~points =
    Transform.inplace (fn "fft_inplace") ~op ~inverse:false ~domain ~points

  let ifft_inplace ~domain ~points =
    Transform.inplace (fn "ifft_inplace") ~op ~inverse:true ~domain ~points

  (* ---- The flat API of ocaml-bls12-381 1.x-6.x and Octez ---- *)

  (* Uncompressed's values at top level (G1.mul, G1.one, ...), then the
     few whose behaviour differs: the _exn decoders raise Not_on_curve, as
     in those versions. *)
  include Uncompressed

  exception Not_on_curve of Bytes.t

  let compressed_size_in_bytes = P.compressed_bytes
  let not_on_curve bs = function Ok r -> r | Error _ -> raise (Not_on_curve bs)
  let of_bytes_exn bs = not_on_curve bs (decode R.alloc R.of_uncompressed_into bs)
  let of_compressed_bytes_exn bs = not_on_curve bs (decode R.alloc R.of_compressed_into bs)

  type affine = Affine.t

  let affine_of_jacobian = Affine.of_projective
  let jacobian_of_affine = Affine.to_projective

  (* Each encoding decoded (with or without the subgroup check) to its
     Jacobian form, then all made affine with one inversion. *)
  let affine_array_of_compressed_bytes_opt ~subgroup_check encs =
    let f = if subgroup_check then R.of_compressed_into else R.of_compressed_unchecked_into in
    let rec go acc i =
      if i < 0 then Some (to_affine_array (Array.of_list acc))
      else
        match decode R.alloc f encs.(i) with
        | Ok p -> go (p :: acc) (i - 1)
        | Error _ -> None
    in
    go [] (Array.length encs - 1)

  let affine_add_bulk (a : affine_array) =
    let out = Cmem.create P.size in
    let c = U.affine_batch_sum_vartime (Cmem.ptr out) (Cmem.ptr a) (size_t (size_of_affine_array a)) in
    Cmem.keep a;
    Cmem.keep out;
    if c <> Stubs.Error_code.ok then unexpected (fn "affine_add_bulk") c;
    R.of_cmem out 0

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
