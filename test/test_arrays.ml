(* The array functions against Zarith (Fr) and against sums of
   scalar multiplications (G1, G2). *)

open Bls12_381

let check_bool = Alcotest.(check bool)
let case name f = Alcotest.test_case name `Quick f
let r = Fr.order
let zr x = Z.erem x r

(* An element of order exactly n (n a power of two up to 2^32) as an
   integer: 7 generates Fr*, so 7^((r - 1) / n) has order n. *)
let root n = Z.powm (Z.of_int 7) (Z.div (Z.pred r) (Z.of_int n)) r

let domain_z w n = Array.init n (fun i -> Z.powm w (Z.of_int i) r)
let domain w n = Array.map Fr.of_z (domain_z w n)

(* sum_j w^(i j) c_j for i < n, the powers of w by Zarith, over any
   values with [zero], [add] and [scale c k] (k an integer mod r). *)
let eval ~zero ~add ~scale w cs n =
  Array.init n (fun i ->
      let wi = Z.powm w (Z.of_int i) r in
      let acc = ref zero and pw = ref Z.one in
      Array.iter
        (fun c ->
          acc := add !acc (scale c !pw);
          pw := zr (Z.mul !pw wi))
        cs;
      !acc)

let eval_z = eval ~zero:Z.zero ~add:(fun a b -> zr (Z.add a b)) ~scale:Z.mul

let random_z st = Fr.to_z (Fr.random ~state:st ())
let same_z a b = Array.length a = Array.length b && Array.for_all2 Z.equal a b
let to_z_array = Array.map Fr.to_z
let sizes = [ 1; 2; 4; 8; 16; 32; 64 ]

let fr_fft () =
  let st = Random.State.make [| 19; 1 |] in
  List.iter
    (fun n ->
      let w = root n in
      let winv = Z.invert w r in
      let d = domain w n and dinv = domain winv n in
      (* Fewer coefficients than points too. *)
      List.iter
        (fun m ->
          let cs = Array.init m (fun _ -> random_z st) in
          let pts = Array.map Fr.of_z cs in
          let got = Fr.fft ~domain:d ~points:pts in
          check_bool (Printf.sprintf "fft n=%d m=%d" n m) true
            (same_z (to_z_array got) (eval_z w cs n));
          check_bool "arguments unchanged" true (same_z (to_z_array pts) cs);
          if m = n then begin
            let back = Fr.ifft ~domain:dinv ~points:got in
            check_bool (Printf.sprintf "ifft (fft) n=%d" n) true (same_z (to_z_array back) cs);
            (* ifft against its formula: (1/n) sum_j v_j w^(-ij). *)
            let vs = to_z_array got in
            let ninv = Z.invert (Z.of_int n) r in
            let want = Array.map (fun x -> zr (Z.mul ninv x)) (eval_z winv vs n) in
            check_bool "ifft formula" true (same_z (to_z_array back) want);
            let a = Array.copy pts in
            Fr.fft_inplace ~domain:d ~points:a;
            check_bool "fft_inplace" true (same_z (to_z_array a) (to_z_array got));
            check_bool "fft_inplace leaves the old elements" true (same_z (to_z_array pts) cs);
            Fr.ifft_inplace ~domain:dinv ~points:a;
            check_bool "ifft_inplace" true (same_z (to_z_array a) cs)
          end)
        (List.sort_uniq compare [ 0; 1; n / 2; n ]))
    sizes;
  (* Array.make shares one element: the constant must survive. *)
  let a = Array.make 4 Fr.zero in
  Fr.fft_inplace ~domain:(domain (root 4) 4) ~points:a;
  check_bool "zero intact" true (Fr.is_zero Fr.zero && Array.for_all Fr.is_zero a)

(* The convolution theorem: ifft (fft a . fft b) is the product mod x^n - 1
   of the polynomials a and b (cyclic convolution), by Zarith. *)
let convolution () =
  let st = Random.State.make [| 19; 2 |] in
  let n = 16 in
  let w = root n in
  let d = domain w n and dinv = domain (Z.invert w r) n in
  let a = Array.init n (fun _ -> random_z st) and b = Array.init n (fun _ -> random_z st) in
  let fa = Fr.fft ~domain:d ~points:(Array.map Fr.of_z a) in
  let fb = Fr.fft ~domain:d ~points:(Array.map Fr.of_z b) in
  let prod = Fr.ifft ~domain:dinv ~points:(Array.map2 Fr.mul fa fb) in
  let want = Array.make n Z.zero in
  Array.iteri
    (fun i x ->
      Array.iteri (fun j y -> want.((i + j) mod n) <- zr (Z.add want.((i + j) mod n) (Z.mul x y))) b)
    a;
  check_bool "cyclic convolution" true (same_z (to_z_array prod) want)

let fft_errors () =
  let d8 = domain (root 8) 8 in
  let pts n = Array.init n Fr.of_int in
  Qc.invalid ~prefix:"Fr.fft: a domain of 3" "size 3" (fun () ->
      Fr.fft ~domain:(Array.sub d8 0 3) ~points:(pts 3));
  Qc.invalid ~prefix:"Fr.fft: a domain of 0" "size 0" (fun () -> Fr.fft ~domain:[||] ~points:[||]);
  Qc.invalid ~prefix:"Fr.fft: 9 points" "too many points" (fun () -> Fr.fft ~domain:d8 ~points:(pts 9));
  Qc.invalid ~prefix:"Fr.ifft: 4 points" "ifft: too few points" (fun () ->
      Fr.ifft ~domain:d8 ~points:(pts 4));
  Qc.invalid ~prefix:"Fr.fft_inplace: 4 points" "inplace: too few points" (fun () ->
      Fr.fft_inplace ~domain:d8 ~points:(pts 4));
  let swapped = Array.copy d8 in
  swapped.(2) <- d8.(3);
  swapped.(3) <- d8.(2);
  Qc.invalid ~prefix:"Fr.fft: the domain is not" "not the powers" (fun () ->
      Fr.fft ~domain:swapped ~points:(pts 8));
  (* Powers of an element of order 4 (w^2): not of order 8. *)
  Qc.invalid ~prefix:"Fr.ifft: the domain is not" "wrong order" (fun () ->
      Fr.ifft ~domain:(domain (root 4) 8) ~points:(pts 8));
  Qc.invalid ~prefix:"Fr.fft: the domain is not" "first element not 1" (fun () ->
      Fr.fft ~domain:(Array.map (Fr.mul (Fr.of_int 2)) d8) ~points:(pts 8));
  (* The powers of zero (1, 0, 0, 0): zero has no order, and no inverse for
     the inverse transform. *)
  let zeros = Array.init 4 (fun i -> if i = 0 then Fr.one else Fr.zero) in
  Qc.invalid ~prefix:"Fr.fft: the domain is not" "powers of zero" (fun () ->
      Fr.fft ~domain:zeros ~points:(pts 4));
  Qc.invalid ~prefix:"Fr.ifft_inplace: the domain is not" "powers of zero, inverse" (fun () ->
      Fr.ifft_inplace ~domain:zeros ~points:(pts 4));
  (* A failed call leaves the points, and a domain of one point works. *)
  let a = pts 4 in
  (try Fr.fft_inplace ~domain:zeros ~points:a with Invalid_argument _ -> ());
  check_bool "points untouched on error" true (Array.for_all2 Fr.eq a (pts 4));
  check_bool "a domain of one point" true
    (Fr.eq (Fr.ifft ~domain:[| Fr.one |] ~points:[| Fr.of_int 5 |]).(0) (Fr.of_int 5))

let bulk () =
  let st = Random.State.make [| 19; 3 |] in
  List.iter
    (fun n ->
      let zs = List.init n (fun _ -> random_z st) in
      let xs = List.map Fr.of_z zs in
      check_bool "add_bulk" true
        (Z.equal (Fr.to_z (Fr.add_bulk xs)) (zr (List.fold_left Z.add Z.zero zs)));
      check_bool "mul_bulk" true
        (Z.equal (Fr.to_z (Fr.mul_bulk xs)) (List.fold_left (fun a b -> zr (Z.mul a b)) Z.one zs));
      let a = Array.of_list xs and b = Array.init n (fun _ -> Fr.random ~state:st ()) in
      let want =
        Array.fold_left Z.add Z.zero (Array.map2 (fun x y -> Z.mul (Fr.to_z x) (Fr.to_z y)) a b)
      in
      check_bool "inner_product_exn" true (Z.equal (Fr.to_z (Fr.inner_product_exn a b)) (zr want));
      check_bool "inner_product_opt" true
        (match Fr.inner_product_opt a b with Some x -> Z.equal (Fr.to_z x) (zr want) | None -> false))
    [ 0; 1; 2; 7; 100 ];
  check_bool "inner_product_opt: lengths" true
    (Option.is_none (Fr.inner_product_opt [| Fr.one |] [||]));
  Qc.invalid ~prefix:"Fr.inner_product_exn: arrays of 1 and 2" "inner_product_exn: lengths"
    (fun () -> Fr.inner_product_exn [| Fr.one |] [| Fr.one; Fr.one |])

let batch_inverse () =
  let st = Random.State.make [| 19; 4 |] in
  List.iter
    (fun n ->
      let a =
        Array.init n (fun i -> if i mod 5 = 0 || i = n - 1 then Fr.zero else Fr.random ~state:st ())
      in
      let got = Fr.batch_inverse a in
      check_bool (Printf.sprintf "batch_inverse %d" n) true
        (Array.for_all2
           (fun x y ->
             if Fr.is_zero x then Fr.is_zero y
             else Z.equal (Fr.to_z y) (Z.invert (Fr.to_z x) r))
           a got))
    [ 0; 1; 2; 13; 64 ]

let legendre_z x = Z.powm x (Z.div (Z.pred r) (Z.of_int 2)) r

let sqrt_and_compare () =
  let st = Random.State.make [| 19; 5 |] in
  for _ = 1 to 500 do
    let x = random_z st in
    let sq = zr (Z.mul x x) in
    (match Fr.sqrt_opt (Fr.of_z sq) with
    | Some y -> check_bool "root of a square" true (Z.equal (zr (Z.mul (Fr.to_z y) (Fr.to_z y))) sq)
    | None -> Alcotest.fail "a square without a root");
    (* x is a non-square when its Legendre symbol is -1. *)
    if Z.equal (legendre_z x) (Z.pred r) then
      check_bool "non-square" true (Option.is_none (Fr.sqrt_opt (Fr.of_z x)));
    let y = random_z st in
    (* ocaml-bls12-381's order: Stdlib.compare of the 32-byte little-endian
       encodings, here built from Zarith. *)
    let le z = Bytes.init 32 (fun i -> Char.chr (Z.to_int (Z.logand (Z.shift_right z (8 * i)) (Z.of_int 255)))) in
    let want = Stdlib.compare (le x) (le y) in
    let sign c = Stdlib.compare c 0 in
    check_bool "compare" true (sign (Fr.compare (Fr.of_z x) (Fr.of_z y)) = sign want);
    check_bool "polymorphic compare" true (sign (Stdlib.compare (Fr.of_z x) (Fr.of_z y)) = sign want);
    check_bool "compare equal" true (Fr.compare (Fr.of_z x) (Fr.of_z x) = 0)
  done;
  check_bool "compare (of_int 256) (of_int 1) < 0" true (Fr.compare (Fr.of_int 256) (Fr.of_int 1) < 0);
  check_bool "sqrt 0" true (match Fr.sqrt_opt Fr.zero with Some z -> Fr.is_zero z | None -> false);
  (* An element of order 2^32 is a non-square (a root would have order
     2^33, which does not divide r - 1); one of order 2^31 is a square. *)
  check_bool "order 2^32: non-square" true (Option.is_none (Fr.sqrt_opt (Fr.of_z (root (1 lsl 32)))));
  check_bool "order 2^31: square" true (Option.is_some (Fr.sqrt_opt (Fr.of_z (root (1 lsl 31)))))

let inplace () =
  let st = Random.State.make [| 19; 6 |] in
  for _ = 1 to 100 do
    let a = Fr.random ~state:st () and b = Fr.random ~state:st () in
    let res = Fr.copy Fr.one in
    let chk name f want =
      f ();
      check_bool name true (Fr.eq res want)
    in
    chk "add_inplace" (fun () -> Fr.add_inplace res a b) (Fr.add a b);
    chk "sub_inplace" (fun () -> Fr.sub_inplace res a b) (Fr.sub a b);
    chk "mul_inplace" (fun () -> Fr.mul_inplace res a b) (Fr.mul a b);
    chk "double_inplace" (fun () -> Fr.double_inplace res a) (Fr.double a);
    chk "square_inplace" (fun () -> Fr.square_inplace res a) (Fr.square a);
    chk "negate_inplace" (fun () -> Fr.negate_inplace res a) (Fr.negate a);
    chk "inverse_exn_inplace" (fun () -> Fr.inverse_exn_inplace res a) (Fr.inverse_exn a);
    chk "memcpy" (fun () -> Fr.memcpy res b) b;
    (* res as an argument too. *)
    let want = Fr.mul b b in
    chk "aliased" (fun () -> Fr.mul_inplace res res res) want
  done;
  let res = Fr.copy Fr.one in
  check_bool "inverse of zero" true
    (Qc.raises Division_by_zero (fun () -> Fr.inverse_exn_inplace res Fr.zero) && Fr.is_one res);
  check_bool "constants intact" true (Fr.is_one Fr.one && Fr.is_zero Fr.zero);
  check_bool "size_in_memory" true (Fr.size_in_memory >= 32)

module Group (G : sig
  include Ec_sig.GROUP

  val name : string
end) =
struct
  module U = G.Uncompressed

  let naive_fft = eval ~zero:U.zero ~add:U.add ~scale:(fun p k -> U.mul p (Fr.of_z k))

  let same a b = Array.length a = Array.length b && Array.for_all2 U.eq a b

  let fft () =
    let st = Random.State.make [| 19; 7 |] in
    List.iter
      (fun n ->
        let w = root n in
        let d = domain w n and dinv = domain (Z.invert w r) n in
        let pts = Array.init n (fun i -> if i = 1 then U.zero else U.random ~state:st ()) in
        let got = G.fft ~domain:d ~points:pts in
        check_bool (Printf.sprintf "%s fft n=%d" G.name n) true (same got (naive_fft w pts n));
        let short = Array.sub pts 0 (n / 2) in
        check_bool "fft, fewer points" true (same (G.fft ~domain:d ~points:short) (naive_fft w short n));
        check_bool "ifft (fft)" true (same (G.ifft ~domain:dinv ~points:got) pts);
        let a = Array.copy pts in
        G.fft_inplace ~domain:d ~points:a;
        check_bool "fft_inplace" true (same a got);
        G.ifft_inplace ~domain:dinv ~points:a;
        check_bool "ifft_inplace" true (same a pts))
      [ 1; 2; 4; 8; 16 ];
    Qc.invalid ~prefix:(G.name ^ ".fft: a domain of 3") "size 3" (fun () ->
        G.fft ~domain:(Array.sub (domain (root 4) 4) 0 3) ~points:[||]);
    Qc.invalid ~prefix:(G.name ^ ".ifft: 1 points") "ifft: lengths" (fun () ->
        G.ifft ~domain:(domain (root 4) 4) ~points:[| U.one |])

  let sums () =
    let st = Random.State.make [| 19; 8 |] in
    List.iter
      (fun n ->
        let pts = Array.init n (fun _ -> U.random ~state:st ()) in
        if n > 5 then begin
          pts.(1) <- U.zero;
          pts.(3) <- pts.(2);
          pts.(5) <- U.negate pts.(4)
        end;
        let l = Array.to_list pts in
        check_bool (Printf.sprintf "%s add_bulk %d" G.name n) true
          (U.eq (G.add_bulk l) (List.fold_left U.add U.zero l)))
      [ 0; 1; 2; 17; 40 ];
    let a = U.random ~state:st () and b = U.random ~state:st () in
    let s = Fr.random ~state:st () in
    let x = U.copy a in
    G.add_inplace x x b;
    check_bool "add_inplace" true (U.eq x (U.add a b));
    G.mul_inplace x x s;
    check_bool "mul_inplace" true (U.eq x (U.mul (U.add a b) s));
    let one_bytes = U.to_bytes U.one in
    let y = U.copy U.one in
    G.add_inplace y a b;
    check_bool "add_inplace into another" true (U.eq y (U.add a b));
    G.mul_inplace y a s;
    check_bool "mul_inplace into another" true (U.eq y (U.mul a s));
    check_bool "one intact" true (Bytes.equal one_bytes (U.to_bytes U.one));
    check_bool "a intact" true (U.eq a (U.add (U.add a b) (U.negate b)));
    check_bool "size_in_memory" true (G.size_in_memory >= 3 * 48)

  let tests = [ case (G.name ^ ": fft, ifft") fft; case (G.name ^ ": add_bulk, inplace") sums ]
end

module G1_t = Group (struct
  include G1

  let name = "G1"
end)

module G2_t = Group (struct
  include G2

  let name = "G2"
end)

let fq12 () =
  let st = Random.State.make [| 19; 9 |] in
  let p = Z.of_string
      "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787"
  in
  for _ = 1 to 20 do
    let zs = List.init 12 (fun _ -> Z.of_bits (String.init 47 (fun _ -> Char.chr (Random.State.int st 256)))) in
    let enc = Bytes.make 576 '\000' in
    List.iteri (fun i z -> let b = Z.to_bits z in Bytes.blit_string b 0 enc (48 * i) (min 48 (String.length b))) zs;
    let want = Fq12.of_bytes_exn enc in
    let get i = List.nth zs i in
    let of_z = Fq12.of_z (get 0) (get 1) (get 2) (get 3) (get 4) (get 5) (get 6) (get 7) (get 8) (get 9) (get 10) (get 11) in
    check_bool "of_z" true (Fq12.eq of_z want);
    let s i = Z.to_string (get i) in
    check_bool "of_string" true
      (Fq12.eq (Fq12.of_string (s 0) (s 1) (s 2) (s 3) (s 4) (s 5) (s 6) (s 7) (s 8) (s 9) (s 10) (s 11)) want);
    (* x - p and x + p name the same coefficient. *)
    let shifted i = if i mod 2 = 0 then Z.sub (get i) p else Z.add (get i) p in
    check_bool "of_z reduces" true
      (Fq12.eq
         (Fq12.of_z (shifted 0) (shifted 1) (shifted 2) (shifted 3) (shifted 4) (shifted 5) (shifted 6)
            (shifted 7) (shifted 8) (shifted 9) (shifted 10) (shifted 11))
         want)
  done;
  let s = List.init 12 (fun i -> if i = 0 then "1" else "0") in
  let g i = List.nth s i in
  check_bool "of_string one" true
    (Fq12.is_one (Fq12.of_string (g 0) (g 1) (g 2) (g 3) (g 4) (g 5) (g 6) (g 7) (g 8) (g 9) (g 10) (g 11)))

let tests =
  [
    case "Fr.fft, ifft, inplace vs Zarith" fr_fft;
    case "Fr: convolution theorem" convolution;
    case "Fr.fft: errors" fft_errors;
    case "Fr: add_bulk, mul_bulk, inner_product" bulk;
    case "Fr.batch_inverse" batch_inverse;
    case "Fr.sqrt_opt, compare" sqrt_and_compare;
    case "Fr: in-place arithmetic" inplace;
    case "Fq12.of_z, of_string" fq12;
  ]
  @ G1_t.tests @ G2_t.tests
