(* G1 and G2 (Uncompressed, Compressed, Affine) against a Zarith model of
   the curves (affine arithmetic mod p, written here from the textbook
   formulas), group laws, scalar multiplication, encodings and every class of
   rejected encoding. *)

open Bls12_381

let p =
  Z.of_string
    "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"

let r = Fr.order
let ( %: ) a m = Z.erem a m

(* ---- The model: a field (Fp or Fp2) and affine points over it. ---- *)

module type FIELD = sig
  type t

  val zero : t
  val one : t
  val of_int : int -> t
  val add : t -> t -> t
  val sub : t -> t -> t
  val mul : t -> t -> t
  val inv : t -> t
  val eq : t -> t -> bool

  (* Big-endian bytes as in the ZCash format (Fp2: c1 then c0). *)
  val to_be : t -> string
  val of_be : string -> t
  val random : Random.State.t -> t

  (* A square root, if there is one. *)
  val sqrt : t -> t option
end

let be48 z =
  let s = Z.to_bits z in
  String.init 48 (fun i -> let j = 47 - i in if j < String.length s then s.[j] else '\000')

let of_be48 s = Z.of_bits (String.init (String.length s) (fun i -> s.[String.length s - 1 - i]))
let random_fp st = Z.of_bits (String.init 56 (fun _ -> Char.chr (Random.State.int st 256))) %: p

module Fp : FIELD with type t = Z.t = struct
  type t = Z.t

  let zero = Z.zero
  let one = Z.one
  let of_int = Z.of_int
  let add a b = Z.add a b %: p
  let sub a b = Z.sub a b %: p
  let mul a b = Z.mul a b %: p
  let inv a = Z.invert a p
  let eq = Z.equal
  let to_be = be48
  let of_be = of_be48
  let random = random_fp

  (* p = 3 mod 4: a^((p+1)/4) is a root of a square a. *)
  let sqrt a =
    let y = Z.powm a (Z.shift_right (Z.succ p) 2) p in
    if Z.equal (mul y y) (a %: p) then Some y else None
end

module Fp2 : FIELD with type t = Z.t * Z.t = struct
  type t = Z.t * Z.t

  let zero = (Z.zero, Z.zero)
  let one = (Z.one, Z.zero)
  let of_int n = (Z.of_int n, Z.zero)
  let add (a, b) (c, d) = (Fp.add a c, Fp.add b d)
  let sub (a, b) (c, d) = (Fp.sub a c, Fp.sub b d)
  let mul (a, b) (c, d) = (Fp.sub (Fp.mul a c) (Fp.mul b d), Fp.add (Fp.mul a d) (Fp.mul b c))

  let inv (a, b) =
    let n = Fp.inv (Fp.add (Fp.mul a a) (Fp.mul b b)) in
    (Fp.mul a n, Fp.sub Z.zero (Fp.mul b n))

  let eq (a, b) (c, d) = Z.equal a c && Z.equal b d
  let to_be (a, b) = be48 b ^ be48 a
  let of_be s = (of_be48 (String.sub s 48 48), of_be48 (String.sub s 0 48))
  let random st = (random_fp st, random_fp st)

  (* (x0 + x1 u)^2 = a0 + a1 u: with n = sqrt(a0^2 + a1^2) in Fp,
     x0^2 = (a0 + n) / 2 (or (a0 - n) / 2), x1 = a1 / (2 x0). *)
  let sqrt (a0, a1) =
    let half = Fp.inv (Z.of_int 2) in
    match Fp.sqrt (Fp.add (Fp.mul a0 a0) (Fp.mul a1 a1)) with
    | None -> None
    | Some n ->
        let try_ t =
          match Fp.sqrt (Fp.mul (Fp.add a0 t) half) with
          | None -> None
          | Some x0 when Z.equal x0 Z.zero -> (
              (* a1 = 0 and a0 = -n: a0 is a non-square of Fp, root x1 u. *)
              match Fp.sqrt (Fp.sub Z.zero a0) with
              | Some x1 -> Some (Z.zero, x1)
              | None -> None)
          | Some x0 -> Some (x0, Fp.mul a1 (Fp.inv (Fp.add x0 x0)))
        in
        let check = function Some x when eq (mul x x) (a0, a1) -> Some x | _ -> None in
        (match check (try_ n) with Some x -> Some x | None -> check (try_ (Fp.sub Z.zero n)))
end

module Model (F : FIELD) (C : sig
  (* The group's name in the tests' names; the QCheck count. *)
  val name : string
  val count : int

  (* The curve y^2 = x^3 + b and its generator. *)
  val b : F.t
  val gen : F.t * F.t
end) =
struct
  let name = C.name
  let count = C.count

  type coord = F.t
  type point = (F.t * F.t) option (* None: the identity *)

  let rhs x = F.add (F.mul x (F.mul x x)) C.b
  let on_curve (x, y) = F.eq (F.mul y y) (rhs x)
  let sqrt = F.sqrt

  let double = function
    | None -> None
    | Some (_, y) when F.eq y F.zero -> None
    | Some (x, y) ->
        let l = F.mul (F.mul (F.of_int 3) (F.mul x x)) (F.inv (F.add y y)) in
        let x3 = F.sub (F.mul l l) (F.add x x) in
        Some (x3, F.sub (F.mul l (F.sub x x3)) y)

  let add p q =
    match (p, q) with
    | None, q -> q
    | p, None -> p
    | Some (x1, y1), Some (x2, y2) ->
        if F.eq x1 x2 then if F.eq y1 y2 then double p else None
        else
          let l = F.mul (F.sub y2 y1) (F.inv (F.sub x2 x1)) in
          let x3 = F.sub (F.sub (F.mul l l) x1) x2 in
          Some (x3, F.sub (F.mul l (F.sub x1 x3)) y1)

  let neg = function None -> None | Some (x, y) -> Some (x, F.sub F.zero y)

  let rec mul pt k =
    if Z.sign k < 0 then mul (neg pt) (Z.neg k)
    else if Z.equal k Z.zero then None
    else
      let h = mul (double pt) (Z.shift_right k 1) in
      if Z.is_odd k then add h pt else h

  (* The ZCash uncompressed encoding of a model point. *)
  let encode = function
    | None ->
        let b = Bytes.make (2 * String.length (F.to_be F.zero)) '\000' in
        Bytes.set b 0 '\x40';
        b
    | Some (x, y) -> Bytes.of_string (F.to_be x ^ F.to_be y)

  let decode b : point =
    if Char.code (Bytes.get b 0) land 0x40 <> 0 then None
    else
      let n = Bytes.length b / 2 in
      Some (F.of_be (Bytes.sub_string b 0 n), F.of_be (Bytes.sub_string b n n))

  let gen = Some C.gen
end

(* ---- The tests, for one group. ---- *)

module Make
    (G : Ec_sig.GROUP)
    (F : FIELD with type t = G.coord)
    (M : sig
      val name : string
      val count : int

      type point = (F.t * F.t) option

      val on_curve : F.t * F.t -> bool
      val rhs : F.t -> F.t
      val sqrt : F.t -> F.t option
      val add : point -> point -> point
      val double : point -> point
      val neg : point -> point
      val mul : point -> Z.t -> point
      val encode : point -> Bytes.t
      val decode : Bytes.t -> point
      val gen : point
    end) =
struct
  module U = G.Uncompressed
  module C = G.Compressed

  let t ?(count = M.count) name arb prop = Qc.test ~count (M.name ^ ": " ^ name) arb prop

  let point =
    QCheck.make
      ~print:(fun p -> Bytes.to_string (U.to_bytes p) |> String.escaped)
      (fun st ->
        match Random.State.int st 10 with
        | 0 -> U.zero
        | 1 -> U.one
        | _ -> U.random ~state:st ())

  let scalar_z =
    QCheck.make ~print:Z.to_string (fun st ->
        match Random.State.int st 6 with
        | 0 -> Z.of_int (Random.State.int st 40)
        | 1 -> List.nth [ Z.zero; Z.one; Z.pred r; r; Z.succ r; Z.shift_left Z.one 255 ] (Random.State.int st 6)
        | _ -> Z.of_bits (String.init 32 (fun _ -> Char.chr (Random.State.int st 256))))

  let same p q = U.eq p q && Bytes.equal (U.to_bytes p) (U.to_bytes q)
  let model p = M.decode (U.to_bytes p)

  let laws =
    [
      t "points lie on the model's curve" point (fun a ->
          match model a with None -> U.is_zero a | Some xy -> M.on_curve xy);
      t "add matches the model" (QCheck.pair point point) (fun (a, b) ->
          Bytes.equal (U.to_bytes (U.add a b)) (M.encode (M.add (model a) (model b))));
      t "double matches the model" point (fun a ->
          Bytes.equal (U.to_bytes (U.double a)) (M.encode (M.double (model a))));
      t "negate matches the model" point (fun a ->
          Bytes.equal (U.to_bytes (U.negate a)) (M.encode (M.neg (model a))));
      t "add: P + P = 2P, P - P = 0" point (fun a ->
          same (U.add a a) (U.double a) && U.is_zero (U.add a (U.negate a)));
      t "add commutes" (QCheck.pair point point) (fun (a, b) -> same (U.add a b) (U.add b a));
      t "add associates" (QCheck.triple point point point) (fun (a, b, c) ->
          same (U.add (U.add a b) c) (U.add a (U.add b c)));
      t "zero is neutral" point (fun a -> same (U.add a U.zero) a && same (U.add U.zero a) a);
      t "eq is equality of encodings" (QCheck.pair point point) (fun (a, b) ->
          Bool.equal (U.eq a b) (Bytes.equal (U.to_bytes a) (U.to_bytes b)));
    ]

  let scalars =
    [
      t "mul matches the model" ~count:(max 20 (M.count / 10)) (QCheck.pair point scalar_z)
        (fun (a, k) ->
          Bytes.equal (U.to_bytes (U.mul a (Fr.of_z k))) (M.encode (M.mul (model a) (k %: r))));
      t "mul by small n is n additions" (QCheck.pair point (QCheck.int_range 0 40)) (fun (a, n) ->
          let rec sum k acc = if k = 0 then acc else sum (k - 1) (U.add acc a) in
          same (U.mul a (Fr.of_int n)) (sum n U.zero));
      t "mul distributes over scalars" (QCheck.triple point scalar_z scalar_z) (fun (a, x, y) ->
          same (U.mul a (Fr.add (Fr.of_z x) (Fr.of_z y))) (U.add (U.mul a (Fr.of_z x)) (U.mul a (Fr.of_z y))));
      t "mul distributes over points" (QCheck.triple point point scalar_z) (fun (a, b, x) ->
          let s = Fr.of_z x in
          same (U.mul (U.add a b) s) (U.add (U.mul a s) (U.mul b s)));
      t "mul_bytes reduces mod r" (QCheck.pair point scalar_z) (fun (a, k) ->
          let wide = Z.add k (Z.mul r (Z.of_int 1000003)) in
          same (U.mul_bytes a (Bytes.of_string (Z.to_bits wide))) (U.mul a (Fr.of_z k)));
      t "mul by -1 negates, by r vanishes" point (fun a ->
          same (U.mul a (Fr.negate Fr.one)) (U.negate a)
          && U.is_zero (U.mul_bytes a (Bytes.of_string (Z.to_bits r))));
    ]

  let encodings =
    [
      t "uncompressed round trip" point (fun a ->
          let b = U.to_bytes a in
          Bytes.length b = U.size_in_bytes && same (U.of_bytes_exn b) a && U.check_bytes b);
      t "compressed round trip" point (fun a ->
          let c = C.of_uncompressed a in
          let b = C.to_bytes c in
          Bytes.length b = C.size_in_bytes
          && Bytes.equal b (U.to_compressed_bytes a)
          && same (C.to_uncompressed (C.of_bytes_exn b)) a
          && same (U.of_compressed_bytes_exn b) a);
      t "compressed operations agree with uncompressed" (QCheck.triple point point scalar_z)
        (fun (a, b, k) ->
          let ca = C.of_uncompressed a and cb = C.of_uncompressed b in
          let s = Fr.of_z k in
          C.eq (C.add ca cb) (C.of_uncompressed (U.add a b))
          && C.eq (C.double ca) (C.of_uncompressed (U.double a))
          && C.eq (C.negate ca) (C.of_uncompressed (U.negate a))
          && C.eq (C.mul ca s) (C.of_uncompressed (U.mul a s))
          && Bool.equal (C.is_zero ca) (U.is_zero a)
          && Bool.equal (C.eq ca cb) (U.eq a b));
      t "affine round trip" point (fun a ->
          let b = U.to_bytes a in
          let af = G.Affine.of_bytes_exn b in
          same (G.Affine.to_projective af) a
          && Bytes.equal (G.Affine.to_bytes (G.Affine.of_projective a)) b
          && Bytes.equal (G.Affine.to_bytes (G.Affine.of_bytes_unchecked_exn b)) b);
      t "of_z_opt of the coordinates" point (fun a ->
          match model a with
          | None -> (
              match U.of_z_opt ~x:F.zero ~y:F.zero with
              | Some z -> U.is_zero z
              | None -> false)
          | Some (x, y) -> (
              match U.of_z_opt ~x ~y with
              | Some b -> same a b
              | None -> false));
      t "copy" point (fun a -> same (U.copy a) a && C.eq (C.copy (C.of_uncompressed a)) (C.of_uncompressed a));
    ]

  (* ---- Rejections: each class of bad encoding, with its reason. ---- *)

  let reason f b =
    match f b with
    | _ -> None
    | exception Ec_sig.Invalid_point (e, b') -> if Bytes.equal b b' then Some e else None

  let expect name want f b =
    Alcotest.(check (option string))
      name
      (Some (Ec_sig.string_of_decode_error want))
      (Option.map Ec_sig.string_of_decode_error (reason f b))

  let set_flags b flags =
    let b = Bytes.copy b in
    Bytes.set b 0 (Char.chr ((Char.code (Bytes.get b 0) land 0x1f) lor flags));
    b

  let n = U.size_in_bytes / 2 (* bytes per coordinate *)

  (* A point of the curve outside the subgroup, from the model: x random
     until x^3 + b is a square (the cofactor is large: such a point is almost
     surely outside the subgroup; the test would notice otherwise). *)
  let rec non_subgroup_point st =
    let x = F.random st in
    match M.sqrt (M.rhs x) with Some y -> (x, y) | None -> non_subgroup_point st

  let non_subgroup_encoding st =
    let x, _ = non_subgroup_point st in
    let b = Bytes.of_string (F.to_be x) in
    Bytes.set b 0 (Char.chr (Char.code (Bytes.get b 0) lor 0x80));
    b

  let rejections () =
    let st = Random.State.make [| 42 |] in
    let a = U.random ~state:st () in
    let ub = U.to_bytes a and cb = U.to_compressed_bytes a in
    let uzero = U.to_bytes U.zero and czero = U.to_compressed_bytes U.zero in
    expect "uncompressed: short" Ec_sig.Invalid_length U.of_bytes_exn (Bytes.sub ub 0 (2 * n - 1));
    expect "uncompressed: long" Ec_sig.Invalid_length U.of_bytes_exn (Bytes.cat ub (Bytes.make 1 '\000'));
    expect "compressed: empty" Ec_sig.Invalid_length C.of_bytes_exn Bytes.empty;
    expect "uncompressed with the compression bit" Ec_sig.Invalid_flags U.of_bytes_exn (set_flags ub 0x80);
    expect "compressed without the compression bit" Ec_sig.Invalid_flags C.of_bytes_exn
      (set_flags cb (Char.code (Bytes.get cb 0) land 0x60));
    expect "uncompressed with a sign bit" Ec_sig.Invalid_flags U.of_bytes_exn (set_flags ub 0x20);
    expect "infinity with a sign bit" Ec_sig.Invalid_flags C.of_bytes_exn (set_flags czero 0xe0);
    let dirty = Bytes.copy uzero in
    Bytes.set dirty (2 * n - 1) '\001';
    expect "infinity with a payload" Ec_sig.Invalid_flags U.of_bytes_exn dirty;
    expect "infinity flag on a finite point" Ec_sig.Invalid_flags U.of_bytes_exn (set_flags ub 0x40);
    (* x >= p: the top coordinate replaced by p. *)
    let big = Bytes.copy ub in
    Bytes.blit_string (be48 p) 0 big 0 48;
    expect "uncompressed: x = p" Ec_sig.Not_canonical U.of_bytes_exn big;
    let bigc = Bytes.copy cb in
    Bytes.blit_string (be48 p) 0 bigc 0 48;
    expect "compressed: x = p" Ec_sig.Not_canonical C.of_bytes_exn (set_flags bigc 0x80);
    let bigy = Bytes.copy ub in
    Bytes.blit_string (be48 (Z.pred (Z.shift_left Z.one 381))) 0 bigy n 48;
    expect "uncompressed: y >= p" Ec_sig.Not_canonical U.of_bytes_exn bigy;
    (* Off the curve: y + 1. *)
    (match M.decode ub with
    | Some (x, y) ->
        let off = M.encode (Some (x, F.add y F.one)) in
        expect "uncompressed: off the curve" Ec_sig.Not_on_curve U.of_bytes_exn off;
        Alcotest.(check bool) "of_z_opt: off the curve" true
          (Option.is_none (U.of_z_opt ~x:x ~y:(F.add y F.one)))
    | None -> Alcotest.fail "random point is zero");
    (* Outside the subgroup, compressed and uncompressed. *)
    for _ = 1 to 5 do
      let c = non_subgroup_encoding st in
      expect "compressed: outside the subgroup" Ec_sig.Not_in_subgroup C.of_bytes_exn c;
      Alcotest.(check bool) "_opt gives None" true (Option.is_none (C.of_bytes_opt c));
      Alcotest.(check bool) "check_bytes false" false (C.check_bytes c)
    done;
    (* The same points, uncompressed: rejected by the checked decoders,
       accepted by the unchecked one. *)
    for _ = 1 to 5 do
      let x, y = non_subgroup_point st in
      let b = M.encode (Some (x, y)) in
      expect "uncompressed: outside the subgroup" Ec_sig.Not_in_subgroup U.of_bytes_exn b;
      expect "affine: outside the subgroup" Ec_sig.Not_in_subgroup G.Affine.of_bytes_exn b;
      Alcotest.(check bool) "of_z_opt: outside the subgroup" true
        (Option.is_none (U.of_z_opt ~x ~y));
      Alcotest.(check bool) "affine unchecked accepts it" true
        (Bytes.equal (G.Affine.to_bytes (G.Affine.of_bytes_unchecked_exn b)) b)
    done

  let tests =
    laws @ scalars @ encodings
    @ [
        Alcotest.test_case (M.name ^ ": one is the standard generator") `Quick (fun () ->
            Alcotest.(check bool) "generator" true (Bytes.equal (U.to_bytes U.one) (M.encode M.gen)));
        Alcotest.test_case (M.name ^ ": rejections, with reasons") `Quick rejections;
      ]
end

module type MODEL = sig
  type coord
  type point = (coord * coord) option

  val on_curve : coord * coord -> bool
  val add : point -> point -> point
  val mul : point -> Z.t -> point
  val encode : point -> Bytes.t
  val decode : Bytes.t -> point
end

module G1_model =
  Model
    (Fp)
    (struct
      let name = "G1"
      let count = 200
      let b = Z.of_int 4

      let gen =
        ( Z.of_string
            "0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
          Z.of_string
            "0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1" )
    end)

module G2_model =
  Model
    (Fp2)
    (struct
      let name = "G2"
      let count = 100
      let b = (Z.of_int 4, Z.of_int 4)

      let gen =
        ( ( Z.of_string
              "0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
            Z.of_string
              "0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e" ),
          ( Z.of_string
              "0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801",
            Z.of_string
              "0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be" ) )
    end)

module G1_tests = Make (G1) (Fp) (G1_model)

module G2_tests = Make (G2) (Fp2) (G2_model)

(* ---- Known answers. ---- *)

let bytes_of_hex = Test_vectors.bytes_of_hex

let hex b =
  String.concat "" (List.init (Bytes.length b) (fun i -> Printf.sprintf "%02x" (Char.code (Bytes.get b i))))

let generators () =
  Alcotest.(check bool) "G1 of_z_opt: negative x" true
    (Option.is_none (G1.Uncompressed.of_z_opt ~x:Z.minus_one ~y:Z.zero));
  Alcotest.(check bool) "G1 of_z_opt: x = p" true
    (Option.is_none (G1.Uncompressed.of_z_opt ~x:p ~y:Z.zero));
  Alcotest.(check bool) "G1 of_z_opt: x too wide" true
    (Option.is_none (G1.Uncompressed.of_z_opt ~x:(Z.shift_left Z.one 400) ~y:Z.zero))

(* ocaml-bls12-381's hash-to-curve files: "msg_hex 00 compressed_hex" per
   line, hashed with the one-byte DST 0x01 (G1) or 0x02 (G2). *)
let hash_files dir dst to_compressed hash () =
  let files = Sys.readdir dir |> Array.to_list |> List.sort compare in
  let cases = ref 0 in
  List.iter
    (fun f ->
      let ic = open_in (Filename.concat dir f) in
      (try
         while true do
           match String.split_on_char ' ' (String.trim (input_line ic)) with
           | [ msg; _; want ] ->
               incr cases;
               let got = to_compressed (hash (bytes_of_hex msg) (Bytes.make 1 dst)) in
               Alcotest.(check string) (f ^ " " ^ msg) want (hex got)
           | _ -> ()
         done
       with End_of_file -> ());
      close_in ic)
    files;
  Alcotest.(check bool) "read some cases" true (!cases > 100)

let regression () =
  let text = Test_vectors.read "../vectors/hash_to_curve/ocaml_regression_vectors.json" in
  let start = Str.search_forward (Str.regexp_string "hash_to_curve_regression") text 0 in
  let rec go from n =
    match Test_vectors.string_after ~from text "msg" with
    | exception Not_found -> n
    | msg ->
        let from = Str.match_end () in
        let dst = Test_vectors.string_after ~from text "dst" in
        let g1 = Test_vectors.string_after ~from text "g1" in
        let g2 = Test_vectors.string_after ~from text "g2" in
        let from = Str.match_end () in
        let msg = bytes_of_hex msg and dst = bytes_of_hex dst in
        Alcotest.(check string) "g1" g1 (hex (G1.Uncompressed.to_bytes (G1.Uncompressed.hash_to_curve msg dst)));
        Alcotest.(check string) "g2" g2 (hex (G2.Uncompressed.to_bytes (G2.Uncompressed.hash_to_curve msg dst)));
        go from (n + 1)
  in
  Alcotest.(check int) "4 cases" 4 (go start 0)

let vectors =
  [
    Alcotest.test_case "of_z_opt edge cases" `Quick generators;
    Alcotest.test_case "hash_to_curve G1 (ocaml-bls12-381 files, DST 0x01)" `Quick
      (hash_files "../vectors/hash_to_curve/ocaml_g1" '\001' G1.Uncompressed.to_compressed_bytes
         G1.Uncompressed.hash_to_curve);
    Alcotest.test_case "hash_to_curve G2 (ocaml-bls12-381 files, DST 0x02)" `Quick
      (hash_files "../vectors/hash_to_curve/ocaml_g2" '\002' G2.Uncompressed.to_compressed_bytes
         G2.Uncompressed.hash_to_curve);
    Alcotest.test_case "hash_to_curve regression (arbitrary DSTs)" `Quick regression;
  ]
