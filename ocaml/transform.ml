(* Transforms over domains of roots of unity and sums over arrays, shared
   by Fr and the groups. See transform.mli. *)

let size_t = Unsigned.Size_t.of_int

(* [xs] end to end in fresh C memory, [size] bytes each. *)
let pack size xs =
  let m = Cmem.create (size * Array.length xs) in
  Array.iteri (fun i x -> Value.to_cmem x m (size * i)) xs;
  m

(* The [n] values of [size] bytes of [m], as fresh values. *)
let unpack of_cmem size m n = Array.init n (fun i -> of_cmem m (size * i))

let fail fn n c =
  let open Stubs.Error_code in
  if c = invalid_domain_size then
    invalid_arg
      (Printf.sprintf "%s: a domain of %d elements: the size must be a power of two in [1, 2^32]"
         fn n)
  else if c = not_primitive_root then
    invalid_arg
      (Printf.sprintf
         "%s: the domain is not [|1; w; w^2; ...; w^(n-1)|] for a w of order exactly n = %d" fn
         n)
  else invalid_arg (Printf.sprintf "%s: error code %d" fn c)

(* The transforms of bls12_381_fft.c's [ops] by the index of their forward
   transform; the inverse is the next index. *)
let op_fr = 0
and op_g1 = 6
and op_g2 = 10

(* The C ABI's FFT domain handle (bls12_381_fft.c), as Fft_domain.t, for
   one call: made from the domain's points, freed when the call returns. *)
type handle

external handle_of_points : 'd array -> bool -> (handle, int) result
  = "caml_bls12_381_fft_domain_of_points"

external release : handle -> unit = "caml_bls12_381_fft_domain_release" [@@noalloc]

external transform : handle -> int -> 'a array -> bool -> 'd -> int -> string -> 'a array
  = "caml_bls12_381_fft_domain_transform_bc" "caml_bls12_381_fft_domain_transform"

(* The transform over [domain] (forward, or with [inverse] the inverse
   domain's scaled transform) of [points], exactly as many: a fresh array,
   or with [inplace] the results stored in [points]' slots. The handle's
   generator is domain.(1) (inverted with [inverse]), checked there. *)
let run fn ~op ~inverse ~inplace domain points =
  match handle_of_points domain inverse with
  | Error c -> fail fn (Array.length domain) c
  | Ok h ->
      (* The shift argument is read by the coset transforms only; any Fr
         value will do for these: the domain's first point. *)
      Fun.protect
        ~finally:(fun () -> release h)
        (fun () ->
          transform h (if inverse then op + 1 else op) points inplace domain.(0) 0 fn)

let fft fn ~op ~zero ~domain ~points =
  let n = Array.length domain and m = Array.length points in
  if m > n then
    invalid_arg (Printf.sprintf "%s: %d points for a domain of %d elements" fn m n);
  let points = if m = n then points else Array.append points (Array.make (n - m) zero) in
  run fn ~op ~inverse:false ~inplace:false domain points

let same_size fn ~domain ~points =
  let n = Array.length domain and m = Array.length points in
  if m <> n then
    invalid_arg (Printf.sprintf "%s: %d points for a domain of %d elements" fn m n)

let ifft fn ~op ~domain ~points =
  same_size fn ~domain ~points;
  run fn ~op ~inverse:true ~inplace:false domain points

let inplace fn ~op ~inverse ~domain ~points =
  same_size fn ~domain ~points;
  ignore (run fn ~op ~inverse ~inplace:true domain points : _ array)

let sum fn stub ~size ~of_cmem points =
  let m = pack size points in
  let out = Cmem.create size in
  let c = stub (Cmem.ptr out) (Cmem.ptr m) (size_t (Array.length points)) in
  Cmem.keep m;
  Cmem.keep out;
  if c <> Stubs.Error_code.ok then invalid_arg (Printf.sprintf "%s: error code %d" fn c);
  of_cmem out 0
