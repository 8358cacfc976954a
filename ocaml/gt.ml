(* GT over the C ABI (bls12_381_gt_* of rust/ffi), written additively as in
   ocaml-bls12-381. An element is its Fq12 value: the same buffer. *)

exception Not_in_group of Bytes.t

module R = Stubs.Gt

type t = Fq12.t

let[@inline] buf (x : t) = (x :> Stubs.buf)
let[@inline] handle b = Ctypes.ocaml_bytes_start b
let[@inline] size_t n = Unsigned.Size_t.of_int n

(* [f out] writes a fresh element. Fq12.t is private: a fresh value is a
   copy of one, which C then overwrites. *)
let make f =
  let r = Fq12.copy Fq12.one in
  f (buf r);
  r

let order = Fr.order
let size_in_bytes = 576
let zero = make R.identity
let one = make R.generator
let is_zero x = R.is_identity (buf x)
let eq a b = R.eq (buf a) (buf b)
let is_one x = eq x one
let add a b = make (fun r -> R.mul r (buf a) (buf b))
let double a = make (fun r -> R.square r (buf a))
let negate a = make (fun r -> R.inverse r (buf a))

let pow f a s =
  let s = Fr.to_bytes s in
  make (fun r -> f r (buf a) (handle s) (size_t (Bytes.length s)))

let mul a s = pow R.pow a s
let mul_vartime a s = pow R.pow_vartime a s
let random ?state () = mul one (Fr.random ?state ())
let copy = Fq12.copy

let of_bytes_opt bs =
  let r = Fq12.copy Fq12.one in
  if R.of_bytes (buf r) (handle bs) (size_t (Bytes.length bs)) = Stubs.Error_code.ok then Some r
  else None

let of_bytes_exn bs =
  match of_bytes_opt bs with Some r -> r | None -> raise (Not_in_group bs)

let check_bytes bs = Option.is_some (of_bytes_opt bs)

let to_bytes x =
  let b = Bytes.create size_in_bytes in
  R.to_bytes (handle b) (buf x);
  b

let to_fq12 (x : t) : Fq12.t = x

let of_fq12_opt (f : Fq12.t) : t option =
  let r = Fq12.copy Fq12.one in
  if R.of_fq12 (buf r) (buf f) = Stubs.Error_code.ok then Some r else None

let of_fq12_exn f =
  match of_fq12_opt f with Some r -> r | None -> raise (Not_in_group (Fq12.to_bytes f))

(* ---- Multi-exponentiation ---- *)

let terms fn ?start ?len n m = Slice.terms fn ~what:("bases", "exponents") ?start ?len n m

(* The bases and exponents go to C memory, the call releases the runtime
   lock (Stubs.Unlocked), the result comes back. *)
let pippenger ?start ?len ?(threads = 0) (bases : t array) (exps : Fr.t array) =
  let fn = "GT.pippenger" in
  let start, len = terms fn ?start ?len (Array.length bases) (Array.length exps) in
  if threads < 0 then invalid_arg (Printf.sprintf "%s: threads %d < 0" fn threads);
  let b = Cmem.create (len * size_in_bytes) and e = Cmem.create (32 * len) in
  for i = 0 to len - 1 do
    Cmem.blit_in (buf bases.(start + i)) b (i * size_in_bytes) size_in_bytes;
    Cmem.blit_in (handle (Fr.to_bytes exps.(start + i))) e (32 * i) 32
  done;
  let out = Cmem.create size_in_bytes in
  let c =
    Stubs.Unlocked.Gt.multiexp_vartime_with_threads (Cmem.ptr out) (Cmem.ptr b) (Cmem.ptr e)
      (size_t len) (size_t threads)
  in
  Cmem.keep b;
  Cmem.keep e;
  (* The arrays are whole and their length far below PTRDIFF_MAX / 576:
     every other code is unreachable. *)
  if c <> Stubs.Error_code.ok then invalid_arg (Printf.sprintf "%s: error code %d" fn c);
  make (fun r -> Cmem.blit_out out 0 r size_in_bytes)

let size_in_memory = Obj.reachable_words (Obj.repr (copy one)) * (Sys.word_size / 8)
