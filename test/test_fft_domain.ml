(* Fft_domain (arrays and Fr_vector) and Fr.root_of_unity against Zarith (naive O(n^2) evaluation
   and interpolation modulo r), against the array API's transforms
   (Fr.fft, G1.fft) and against sums of scalar multiplications. *)

open Bls12_381

let check_bool = Alcotest.(check bool)
let check_int = Alcotest.(check int)
let case name f = Alcotest.test_case name `Quick f
let r = Fr.order
let zr x = Z.erem x r
let pow_z x e = Z.powm x e r
let inv_z x = Z.invert x r

(* 7^((r-1)/2^k) mod r: the standard root of order 2^k, by Zarith. *)
let root_z k = pow_z (Z.of_int 7) (Z.shift_right (Z.pred r) k)

(* sum_j c_j x^j by Horner, modulo r. *)
let horner cs x = Array.fold_right (fun c acc -> zr (Z.add c (Z.mul acc x))) cs Z.zero

(* The values at shift w^i, i < n. *)
let eval_at ~w ~shift cs =
  Array.init (Array.length cs) (fun i -> horner cs (zr (Z.mul shift (pow_z w (Z.of_int i)))))

(* The coefficients whose values at shift w^i are vs: a_j = (1/n)
   shift^-j sum_i v_i w^(-ij). *)
let interp_at ~w ~shift vs =
  let n = Array.length vs in
  let n_inv = inv_z (Z.of_int n) and w_inv = inv_z w and s_inv = inv_z shift in
  Array.init n (fun j ->
      let acc = ref Z.zero in
      Array.iteri (fun i v -> acc := zr (Z.add !acc (Z.mul v (pow_z w_inv (Z.of_int (i * j)))))) vs;
      zr (Z.mul (Z.mul !acc n_inv) (pow_z s_inv (Z.of_int j))))

let brv k i =
  let rec go b i acc = if b = 0 then acc else go (b - 1) (i lsr 1) ((acc lsl 1) lor (i land 1)) in
  go k i 0

let to_z = Array.map Fr.to_z
let of_z = Array.map Fr.of_z
let same_z a b = Array.length a = Array.length b && Array.for_all2 Z.equal a b
let random_z st n = Array.init n (fun _ -> Fr.to_z (Fr.random ~state:st ()))

let root_of_unity () =
  for k = 0 to 32 do
    let w = Fr.root_of_unity ~log:k in
    check_bool (Printf.sprintf "k = %d: 7^((r-1)/2^k)" k) true (Z.equal (Fr.to_z w) (root_z k));
    check_bool "get_nth_root_of_unity" true
      (Fr.eq w (Fr.get_nth_root_of_unity (Z.shift_left Z.one k)));
    (* Order exactly 2^k. *)
    check_bool "order" true
      (Fr.is_one (Fr.pow w (Z.shift_left Z.one k))
      && (k = 0 || not (Fr.is_one (Fr.pow w (Z.shift_left Z.one (k - 1))))));
    let d = Fft_domain.of_log k in
    check_bool "of_log's generator" true (Fr.eq (Fft_domain.generator d) w);
    check_int "size" (1 lsl k) (Fft_domain.size d);
    check_int "log_size" k (Fft_domain.log_size d)
  done;
  List.iter
    (fun k ->
      Qc.invalid ~prefix:"Fr.root_of_unity: log2 order" (Printf.sprintf "k = %d" k) (fun () ->
          Fr.root_of_unity ~log:k))
    [ -1; 33; 64; max_int ]

(* Every Fr transform of the domain of generator w (n = 2^k) on random
   values against Zarith, fresh and in place. *)
let check_fr st ~k d w =
  let n = 1 lsl k in
  let name s = Printf.sprintf "%s n=%d" s n in
  let shift = Z.of_int 5 in
  let cs = random_z st n in
  let a = of_z cs in
  let ev = eval_at ~w ~shift:Z.one cs in
  check_bool (name "fft") true (same_z (to_z (Fft_domain.fft d a)) ev);
  check_bool (name "argument intact") true (same_z (to_z a) cs);
  check_bool (name "ifft") true (same_z (to_z (Fft_domain.ifft d (of_z ev))) cs);
  check_bool (name "ifft formula") true
    (same_z (to_z (Fft_domain.ifft d a)) (interp_at ~w ~shift:Z.one cs));
  let cev = eval_at ~w ~shift cs in
  let fshift = Fr.of_z shift in
  check_bool (name "coset_fft") true (same_z (to_z (Fft_domain.coset_fft d ~shift:fshift a)) cev);
  check_bool (name "coset_ifft") true
    (same_z (to_z (Fft_domain.coset_ifft d ~shift:fshift (of_z cev))) cs);
  check_bool (name "coset_ifft formula") true
    (same_z (to_z (Fft_domain.coset_ifft d ~shift:fshift a)) (interp_at ~w ~shift cs));
  let dif = to_z (Fft_domain.fft_dif d a) in
  check_bool (name "fft_dif") true (Array.for_all Fun.id (Array.init n (fun i -> Z.equal dif.(brv k i) ev.(i))));
  check_bool (name "ifft_dit") true (same_z (to_z (Fft_domain.ifft_dit d (of_z dif))) cs);
  (* In place: the same results; a value shared by every slot (and by the
     caller) is not modified. *)
  let x = Fr.of_int 3 in
  let shared = Array.make n x in
  Fft_domain.fft_inplace d shared;
  check_bool (name "shared value intact") true (Z.equal (Fr.to_z x) (Z.of_int 3));
  check_bool (name "fft_inplace of a constant") true
    (same_z (to_z shared) (eval_at ~w ~shift:Z.one (Array.make n (Z.of_int 3))));
  let inplace f want =
    let b = of_z cs in
    f b;
    same_z (to_z b) want
  in
  check_bool (name "fft_inplace") true (inplace (Fft_domain.fft_inplace d) ev);
  check_bool (name "ifft_inplace") true (inplace (Fft_domain.ifft_inplace d) (interp_at ~w ~shift:Z.one cs));
  check_bool (name "coset_fft_inplace") true (inplace (Fft_domain.coset_fft_inplace d ~shift:fshift) cev);
  check_bool (name "coset_ifft_inplace") true
    (inplace (Fft_domain.coset_ifft_inplace d ~shift:fshift) (interp_at ~w ~shift cs));
  check_bool (name "fft_dif_inplace") true (inplace (Fft_domain.fft_dif_inplace d) dif);
  let b = of_z dif in
  Fft_domain.ifft_dit_inplace d b;
  check_bool (name "ifft_dit_inplace") true (same_z (to_z b) cs);
  (* Vectors: the same results, in place. *)
  let vec f want =
    let v = Fft_domain.Fr_vector.of_array (of_z cs) in
    f v;
    same_z (to_z (Fft_domain.Fr_vector.to_array v)) want
  in
  check_bool (name "fft_vector") true (vec (Fft_domain.fft_vector d) ev);
  check_bool (name "ifft_vector") true (vec (Fft_domain.ifft_vector ~threads:2 d) (interp_at ~w ~shift:Z.one cs));
  check_bool (name "coset_fft_vector") true (vec (Fft_domain.coset_fft_vector d ~shift:fshift) cev);
  check_bool (name "coset_ifft_vector") true
    (vec (Fft_domain.coset_ifft_vector d ~shift:fshift) (interp_at ~w ~shift cs));
  check_bool (name "fft_dif_vector") true (vec (Fft_domain.fft_dif_vector ~threads:1 d) dif);
  let v = Fft_domain.Fr_vector.of_array (of_z dif) in
  Fft_domain.ifft_dit_vector d v;
  check_bool (name "ifft_dit_vector") true (same_z (to_z (Fft_domain.Fr_vector.to_array v)) cs);
  (* The array API over the domain's elements: the same transforms. *)
  let e = Fft_domain.elements d in
  check_bool (name "elements") true (same_z (to_z e) (Array.init n (fun i -> pow_z w (Z.of_int i))));
  check_bool (name "Fr.fft") true (same_z (to_z (Fr.fft ~domain:e ~points:a)) ev);
  check_bool (name "threads 1") true (same_z (to_z (Fft_domain.fft ~threads:1 d a)) ev);
  check_bool (name "threads 3") true (same_z (to_z (Fft_domain.ifft ~threads:3 d (of_z ev))) cs)

let fr_standard () =
  let st = Random.State.make [| 32; 1 |] in
  for k = 0 to 6 do
    check_fr st ~k (Fft_domain.create (1 lsl k)) (root_z k)
  done

let fr_generator () =
  (* w^3 and w^-1 also have order exactly n = 2^k. *)
  let st = Random.State.make [| 32; 2 |] in
  for k = 0 to 5 do
    List.iter
      (fun e ->
        let w = pow_z (root_z k) (Z.of_int e) in
        let d = Fft_domain.of_log ~generator:(Fr.of_z w) k in
        check_bool "generator" true (Z.equal (Fr.to_z (Fft_domain.generator d)) w);
        check_fr st ~k d w)
      [ 3; -1 ]
  done

let fr_larger () =
  (* Sizes where the transforms run on threads: the thread counts agree,
     and ifft (fft a) = a; the coset forms round-trip. *)
  let st = Random.State.make [| 32; 3 |] in
  List.iter
    (fun k ->
      let d = Fft_domain.of_log k in
      let a = Array.init (1 lsl k) (fun _ -> Fr.random ~state:st ()) in
      let f0 = Fft_domain.fft d a in
      List.iter
        (fun t -> check_bool (Printf.sprintf "threads %d" t) true (Fft_domain.fft ~threads:t d a = f0))
        [ 1; 2; 3; 1000 ];
      check_bool "round trip" true (Fft_domain.ifft d f0 = a);
      let shift = Fr.random ~state:st () in
      check_bool "coset round trip" true
        (Fft_domain.coset_ifft d ~shift (Fft_domain.coset_fft d ~shift a) = a);
      check_bool "Fr.fft" true (Fr.fft ~domain:(Fft_domain.elements d) ~points:a = f0))
    [ 12; 13 ]

(* The point transforms of one group against sums of scalar
   multiplications at shift w^i, and against the array API. *)
module Points (G : sig
  type t

  val name : string
  val random : ?state:Random.State.t -> unit -> t
  val zero : t
  val add : t -> t -> t
  val mul : t -> Fr.t -> t
  val eq : t -> t -> bool
  val fft : domain:Fr.t array -> points:t array -> t array
  val fft_v : ?threads:int -> Fft_domain.t -> t array -> t array
  val ifft_v : ?threads:int -> Fft_domain.t -> t array -> t array
  val coset_fft_v : ?threads:int -> Fft_domain.t -> shift:Fr.t -> t array -> t array
  val coset_ifft_v : ?threads:int -> Fft_domain.t -> shift:Fr.t -> t array -> t array
  val fft_i : ?threads:int -> Fft_domain.t -> t array -> unit
  val ifft_i : ?threads:int -> Fft_domain.t -> t array -> unit
  val coset_fft_i : ?threads:int -> Fft_domain.t -> shift:Fr.t -> t array -> unit
  val coset_ifft_i : ?threads:int -> Fft_domain.t -> shift:Fr.t -> t array -> unit
end) =
struct
  let same a b = Array.length a = Array.length b && Array.for_all2 G.eq a b

  (* sum_j [x_i^j] p_j for x_i = shift w^i. *)
  let naive ~w ~shift ps =
    Array.init (Array.length ps) (fun i ->
        let x = zr (Z.mul shift (pow_z w (Z.of_int i))) in
        let acc = ref G.zero in
        Array.iteri (fun j p -> acc := G.add !acc (G.mul p (Fr.of_z (pow_z x (Z.of_int j))))) ps;
        !acc)

  let test kmax () =
    let st = Random.State.make [| 32; 4 |] in
    for k = 0 to kmax do
      let n = 1 lsl k in
      let name s = Printf.sprintf "%s %s n=%d" G.name s n in
      let w = root_z k and shift = Z.of_int 7 in
      let fshift = Fr.of_z shift in
      let d = Fft_domain.of_log k in
      let ps = Array.init n (fun _ -> G.random ~state:st ()) in
      let ev = naive ~w ~shift:Z.one ps and cev = naive ~w ~shift ps in
      let f = G.fft_v d ps in
      check_bool (name "fft") true (same f ev);
      check_bool (name "array API") true (same f (G.fft ~domain:(Fft_domain.elements d) ~points:ps));
      check_bool (name "ifft") true (same (G.ifft_v ~threads:2 d f) ps);
      let cf = G.coset_fft_v ~threads:1 d ~shift:fshift ps in
      check_bool (name "coset_fft") true (same cf cev);
      check_bool (name "coset_ifft") true (same (G.coset_ifft_v d ~shift:fshift cf) ps);
      let b = Array.copy ps in
      G.fft_i d b;
      check_bool (name "fft_inplace") true (same b ev);
      G.ifft_i ~threads:3 d b;
      check_bool (name "ifft_inplace") true (same b ps);
      G.coset_fft_i d ~shift:fshift b;
      check_bool (name "coset_fft_inplace") true (same b cev);
      G.coset_ifft_i d ~shift:fshift b;
      check_bool (name "coset_ifft_inplace") true (same b ps);
      Qc.invalid ~prefix:(Printf.sprintf "Fft_domain.fft_%s_vartime: %d values" G.name (n + 1))
        (name "too many") (fun () -> G.fft_v d (Array.make (n + 1) G.zero));
      Qc.invalid ~prefix:(Printf.sprintf "Fft_domain.coset_ifft_%s_vartime_inplace: the coset's shift is zero" G.name)
        (name "zero shift") (fun () -> G.coset_ifft_i d ~shift:Fr.zero b)
    done
end

module P1 = Points (struct
  include G1

  let name = "g1"
  let fft_v = Fft_domain.fft_g1_vartime
  let ifft_v = Fft_domain.ifft_g1_vartime
  let coset_fft_v = Fft_domain.coset_fft_g1_vartime
  let coset_ifft_v = Fft_domain.coset_ifft_g1_vartime
  let fft_i = Fft_domain.fft_g1_vartime_inplace
  let ifft_i = Fft_domain.ifft_g1_vartime_inplace
  let coset_fft_i = Fft_domain.coset_fft_g1_vartime_inplace
  let coset_ifft_i = Fft_domain.coset_ifft_g1_vartime_inplace
end)

module P2 = Points (struct
  include G2

  let name = "g2"
  let fft_v = Fft_domain.fft_g2_vartime
  let ifft_v = Fft_domain.ifft_g2_vartime
  let coset_fft_v = Fft_domain.coset_fft_g2_vartime
  let coset_ifft_v = Fft_domain.coset_ifft_g2_vartime
  let fft_i = Fft_domain.fft_g2_vartime_inplace
  let ifft_i = Fft_domain.ifft_g2_vartime_inplace
  let coset_fft_i = Fft_domain.coset_fft_g2_vartime_inplace
  let coset_ifft_i = Fft_domain.coset_ifft_g2_vartime_inplace
end)

let errors () =
  List.iter
    (fun n ->
      Qc.invalid ~prefix:(Printf.sprintf "Fft_domain.create: a domain of %d points" n)
        (Printf.sprintf "size %d" n) (fun () -> Fft_domain.create n))
    [ 0; -1; -8; 3; 6; 1000; (1 lsl 32) + 1; 1 lsl 33; max_int; min_int ];
  List.iter
    (fun k ->
      Qc.invalid ~prefix:"Fft_domain.of_log: log2 size" (Printf.sprintf "log %d" k) (fun () ->
          Fft_domain.of_log k))
    [ -1; 33; 62; 63; max_int ];
  (* Domains of 2^32 points are made (their tables are built only by a
     transform). *)
  check_int "2^32" (1 lsl 32) (Fft_domain.size (Fft_domain.create (1 lsl 32)));
  let w8 = Fr.of_z (root_z 3) in
  List.iter
    (fun (what, g, n) ->
      Qc.invalid ~prefix:"Fft_domain.create: the generator does not have order exactly" what (fun () ->
          Fft_domain.create ~generator:g n))
    [
      ("w^2", Fr.square w8, 8);
      ("order 8 for 4 points", w8, 4);
      ("one", Fr.one, 8);
      ("zero", Fr.zero, 8);
      ("zero, 1 point", Fr.zero, 1);
      ("-1, 1 point", Fr.negate Fr.one, 1);
      ("random", Fr.of_int 12345, 16);
    ];
  Qc.invalid ~prefix:"Fft_domain.of_log: the generator" "of_log" (fun () ->
      Fft_domain.of_log ~generator:Fr.one 2);
  let d = Fft_domain.of_log 3 in
  let v n = Array.init n Fr.of_int in
  List.iter
    (fun n ->
      Qc.invalid ~prefix:(Printf.sprintf "Fft_domain.fft: %d values for a domain of 8 points" n)
        (Printf.sprintf "fft of %d" n) (fun () -> Fft_domain.fft d (v n));
      Qc.invalid ~prefix:(Printf.sprintf "Fft_domain.ifft_inplace: %d values" n)
        (Printf.sprintf "ifft_inplace of %d" n) (fun () -> Fft_domain.ifft_inplace d (v n)))
    [ 0; 1; 7; 9; 16 ];
  let a = v 8 in
  Qc.invalid ~prefix:"Fft_domain.coset_fft: the coset's shift is zero" "zero shift" (fun () ->
      Fft_domain.coset_fft d ~shift:Fr.zero a);
  Qc.invalid ~prefix:"Fft_domain.coset_ifft_inplace: the coset's shift is zero" "zero shift"
    (fun () -> Fft_domain.coset_ifft_inplace d ~shift:Fr.zero a);
  Qc.invalid ~prefix:"Fft_domain.fft: threads = -1" "negative threads" (fun () ->
      Fft_domain.fft ~threads:(-1) d a);
  check_bool "untouched on error" true (same_z (to_z a) (Array.init 8 Z.of_int));
  (* A domain is a resource: not comparable, not marshallable. *)
  check_bool "compare raises" true
    (match compare d (Fft_domain.of_log 3) with _ -> false | exception Invalid_argument _ -> true);
  check_bool "Marshal refuses" true
    (match Marshal.to_string d [] with _ -> false | exception Invalid_argument _ -> true)

let vectors () =
  let module V = Fft_domain.Fr_vector in
  let st = Random.State.make [| 32; 5 |] in
  let zs = random_z st 8 in
  let v = V.of_array (of_z zs) in
  check_int "length" 8 (V.length v);
  check_bool "to_array" true (same_z (to_z (V.to_array v)) zs);
  check_bool "get" true (Array.for_all Fun.id (Array.init 8 (fun i -> Z.equal (Fr.to_z (V.get v i)) zs.(i))));
  let c = V.copy v in
  V.set v 3 (Fr.of_int 42);
  check_bool "set" true (Z.equal (Fr.to_z (V.get v 3)) (Z.of_int 42));
  check_bool "copy is separate" true (Z.equal (Fr.to_z (V.get c 3)) zs.(3));
  check_bool "equal" true (V.equal c (V.of_array (of_z zs)) && not (V.equal c v));
  check_bool "init" true
    (same_z (to_z (V.to_array (V.init 5 Fr.of_int))) (Array.init 5 Z.of_int));
  check_int "empty" 0 (V.length (V.of_array [||]));
  List.iter
    (fun i ->
      Qc.invalid ~prefix:"Fft_domain.Fr_vector.get: index" (Printf.sprintf "get %d" i) (fun () -> V.get v i);
      Qc.invalid ~prefix:"Fft_domain.Fr_vector.set: index" (Printf.sprintf "set %d" i) (fun () ->
          V.set v i Fr.one))
    [ -1; 8; max_int; min_int ];
  Qc.invalid ~prefix:"Fft_domain.Fr_vector.init: length -1" "init" (fun () -> V.init (-1) Fr.of_int);
  let d = Fft_domain.of_log 3 and d4 = Fft_domain.of_log 2 in
  let before = to_z (V.to_array v) in
  Qc.invalid ~prefix:"Fft_domain.fft_vector: 8 values for a domain of 4 points" "length" (fun () ->
      Fft_domain.fft_vector d4 v);
  Qc.invalid ~prefix:"Fft_domain.coset_ifft_vector: the coset's shift is zero" "zero shift"
    (fun () -> Fft_domain.coset_ifft_vector d ~shift:Fr.zero v);
  Qc.invalid ~prefix:"Fft_domain.ifft_vector: threads = -2" "threads" (fun () ->
      Fft_domain.ifft_vector ~threads:(-2) d v);
  check_bool "untouched on error" true (same_z (to_z (V.to_array v)) before);
  (* A vector kept only by the transform's argument survives collections
     made by another thread meanwhile. *)
  let big = Fft_domain.of_log 14 in
  let a = Array.init (1 lsl 14) (fun _ -> Fr.random ~state:st ()) in
  let t = Thread.create (fun () -> for _ = 1 to 20 do Gc.compact () done) () in
  let w = V.of_array a in
  Fft_domain.fft_vector big w;
  Fft_domain.ifft_vector big w;
  Thread.join t;
  check_bool "round trip 2^14" true (V.to_array w = a)

let finaliser () =
  (* Domains dropped with and without tables are freed by the GC; one kept
     alive across collections still works. *)
  let kept = Fft_domain.of_log 4 in
  let a = Array.init 16 Fr.of_int in
  for i = 1 to 2000 do
    let d = Fft_domain.of_log (i mod 11) in
    if i mod 3 = 0 then ignore (Fft_domain.fft d (Array.make (Fft_domain.size d) Fr.one))
  done;
  Gc.full_major ();
  Gc.compact ();
  check_bool "kept" true (Fft_domain.ifft kept (Fft_domain.fft kept a) = a)

let tests =
  [
    case "Fr.root_of_unity: 7^((r-1)/2^k), order 2^k, of_log's generator" root_of_unity;
    case "Fr transforms of the standard domains against Zarith" fr_standard;
    case "Fr transforms of domains with a given generator" fr_generator;
    case "Fr transforms on threads, 2^12 and 2^13" fr_larger;
    case "G1 transforms against sums of multiplications" (P1.test 3);
    case "G2 transforms against sums of multiplications" (P2.test 2);
    case "errors: sizes, generators, lengths, shifts, threads" errors;
    case "Fr_vector: conversions, accessors, errors" vectors;
    case "domains freed by the GC" finaliser;
  ]
