(* Transforms over domains of roots of unity and sums over arrays, shared
   by Fr and the groups: the values are copied to C memory end to end, the
   call runs with the runtime lock released, the results come back as fresh
   values. See transform.mli. *)

let size_t = Unsigned.Size_t.of_int

(* [xs] end to end in fresh C memory, [size] bytes each, [pad] more slots
   filled with [zero]. *)
let pack ?(pad = 0) ?zero size xs =
  let n = Array.length xs in
  let m = Cmem.create (size * (n + pad)) in
  Array.iteri (fun i x -> Value.to_cmem x m (size * i)) xs;
  (match zero with
  | Some z ->
      for i = n to n + pad - 1 do
        Value.to_cmem z m (size * i)
      done
  | None -> if pad > 0 then invalid_arg "Transform.pack: padding without a zero");
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

type stub =
  unit Ctypes.ptr -> Unsigned.size_t -> unit Ctypes.ptr -> Unsigned.size_t -> int ->
  Unsigned.size_t -> int

let run fn (stub : stub) ~size ~zero ~inverse ~pad domain points =
  let n = Array.length domain in
  let d = pack 32 domain in
  let v = pack ~pad ~zero size points in
  let c =
    stub (Cmem.ptr v) (size_t (size * n)) (Cmem.ptr d) (size_t (32 * n))
      (if inverse then 1 else 0)
      (size_t 0)
  in
  Cmem.keep d;
  Cmem.keep v;
  if c <> Stubs.Error_code.ok then fail fn n c;
  v

let fft fn stub ~size ~of_cmem ~zero ~domain ~points =
  let n = Array.length domain and m = Array.length points in
  if m > n then
    invalid_arg (Printf.sprintf "%s: %d points for a domain of %d elements" fn m n);
  unpack of_cmem size (run fn stub ~size ~zero ~inverse:false ~pad:(n - m) domain points) n

let same_size fn ~domain ~points =
  let n = Array.length domain and m = Array.length points in
  if m <> n then
    invalid_arg (Printf.sprintf "%s: %d points for a domain of %d elements" fn m n)

let ifft fn stub ~size ~of_cmem ~zero ~domain ~points =
  same_size fn ~domain ~points;
  let n = Array.length domain in
  unpack of_cmem size (run fn stub ~size ~zero ~inverse:true ~pad:0 domain points) n

let inplace fn stub ~size ~of_cmem ~zero ~inverse ~domain ~points =
  same_size fn ~domain ~points;
  let v = run fn stub ~size ~zero ~inverse ~pad:0 domain points in
  Array.blit (unpack of_cmem size v (Array.length points)) 0 points 0 (Array.length points)

let sum fn stub ~size ~of_cmem points =
  let m = pack size points in
  let out = Cmem.create size in
  let c = stub (Cmem.ptr out) (Cmem.ptr m) (size_t (size * Array.length points)) in
  Cmem.keep m;
  Cmem.keep out;
  if c <> Stubs.Error_code.ok then invalid_arg (Printf.sprintf "%s: error code %d" fn c);
  of_cmem out 0
