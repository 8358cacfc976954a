(* GT over the C ABI (bls12_381_gt_* of rust/ffi), written additively as in
   ocaml-bls12-381. An element is its Fq12 value: the same buffer. *)

module type S = Gt_intf.S

exception Not_in_group of Bytes.t

type t = Fq12.t

external identity : unit -> t = "caml_bls12_381_gt_identity"
external generator : unit -> t = "caml_bls12_381_gt_generator"
external is_zero : t -> bool = "caml_bls12_381_gt_is_identity" [@@noalloc]
external eq : t -> t -> bool = "caml_bls12_381_gt_eq" [@@noalloc]
external add : t -> t -> t = "caml_bls12_381_gt_mul"
external double : t -> t = "caml_bls12_381_gt_square"
external negate : t -> t = "caml_bls12_381_gt_inverse"
external mul : t -> Fr.t -> t = "caml_bls12_381_gt_pow"
external mul_vartime : t -> Fr.t -> t = "caml_bls12_381_gt_pow_vartime"
external of_bytes_into : t -> Bytes.t -> int = "caml_bls12_381_gt_of_bytes_into" [@@noalloc]
external of_fq12_into : t -> Fq12.t -> int = "caml_bls12_381_gt_of_fq12_into" [@@noalloc]

external of_bigarray_kind : int -> Cmem.t -> int -> Fq12.t = "caml_bls12_381_of_bigarray"

(* The Fq12 value whose in-memory form is at [off] of C memory (Fq12.t is
   abstract: made here for GT and Pairing). *)
let fq12_of_cmem m off =
  Value.check "Gt.fq12_of_cmem" (Bigarray.Array1.dim m) off 576;
  of_bigarray_kind Value.Fq12.index m off

let alloc () : t = Fq12.copy Fq12.zero
let order = Fr.order
let size_in_bytes = 576
let zero = identity ()
let one = generator ()
let is_one x = eq x one
let random ?state () = mul one (Fr.random ?state ())
let copy = Fq12.copy

let of_bytes_opt bs =
  let r = alloc () in
  if of_bytes_into r bs = Stubs.Error_code.ok then Some r else None

let of_bytes_exn bs =
  match of_bytes_opt bs with Some r -> r | None -> raise (Not_in_group bs)

let check_bytes bs = Option.is_some (of_bytes_opt bs)
let to_bytes x = Fq12.to_bytes x
let to_fq12 (x : t) : Fq12.t = x

let of_fq12_opt (f : Fq12.t) : t option =
  let r = alloc () in
  if of_fq12_into r f = Stubs.Error_code.ok then Some r else None

let of_fq12_exn f =
  match of_fq12_opt f with Some r -> r | None -> raise (Not_in_group (Fq12.to_bytes f))

(* ---- Multi-exponentiation ---- *)


(* The bases and exponents go to C memory, the call releases the runtime
   lock (Stubs.Unlocked), the result comes back. [put e i off] writes the
   exponent of term [i] at [off] of [e], as 32 little-endian bytes. *)
let multiexp fn ?start ?len ~threads (bases : t array) n_exps put =
  let start, len = Slice.terms ?start ?len (Array.length bases) n_exps in
  if threads < 0 then invalid_arg (Printf.sprintf "%s: threads %d < 0" fn threads);
  let b = Cmem.create (len * size_in_bytes) and e = Cmem.create (32 * len) in
  for i = 0 to len - 1 do
    Value.to_cmem bases.(start + i) b (i * size_in_bytes);
    put e (start + i) (32 * i)
  done;
  let out = Cmem.create size_in_bytes in
  let c =
    Stubs.Unlocked.Gt.multiexp_vartime_with_threads (Cmem.ptr out) (Cmem.ptr b) (Cmem.ptr e)
      (Unsigned.Size_t.of_int len) (Unsigned.Size_t.of_int threads)
  in
  Cmem.keep b;
  Cmem.keep e;
  (* The arrays are whole and their length far below PTRDIFF_MAX / 576:
     every other code is unreachable. *)
  if c <> Stubs.Error_code.ok then invalid_arg (Printf.sprintf "%s: error code %d" fn c);
  fq12_of_cmem out 0

let pippenger ?start ?len ?(threads = 0) bases (exps : Fr.t array) =
  multiexp "GT.pippenger" ?start ?len ~threads bases (Array.length exps) (fun e i off ->
      Cmem.blit_in (Ctypes.ocaml_bytes_start (Fr.to_bytes exps.(i))) e off 32)

(* The C ABI reduces any 32-byte exponent mod r: a shorter one is
   zero-extended, a longer one reduced here first (Zarith). *)
let pippenger_bytes ?start ?len ?(threads = 0) bases (exps : Bytes.t array) =
  multiexp "GT.pippenger_bytes" ?start ?len ~threads bases (Array.length exps) (fun e i off ->
      let x = exps.(i) in
      let x =
        if Bytes.length x <= 32 then x
        else Bytes.unsafe_of_string (Z.to_bits (Z.erem (Z.of_bits (Bytes.to_string x)) Fr.order))
      in
      let n = min 32 (Bytes.length x) in
      Cmem.blit_in (Ctypes.ocaml_bytes_start x) e off n;
      Bigarray.Array1.fill (Bigarray.Array1.sub e (off + n) (32 - n)) '\000')

let size_in_memory = Obj.reachable_words (Obj.repr (copy one)) * (Sys.word_size / 8)

let pp fmt x = Fq12.pp fmt x
