(* FFT domains over the C ABI's handle (bls12_381_fft.c): see
   fft_domain_intf.ml. *)

module type S = Fft_domain_intf.S

type t

external create_stub : int -> Fr.t option -> (t, int) result = "caml_bls12_381_fft_domain_create"
external size : t -> int = "caml_bls12_381_fft_domain_size" [@@noalloc]

external generator_into : Fr.t -> t -> int = "caml_bls12_381_fft_domain_generator_into"
  [@@noalloc]

(* [transform d op src inplace shift threads fn]: the transform [op] (an
   index of bls12_381_fft.c's [ops]) of [src]: a fresh array of the
   results, or with [inplace] the results stored in [src]'s slots. *)
external transform : t -> int -> 'a array -> bool -> Fr.t -> int -> string -> 'a array
  = "caml_bls12_381_fft_domain_transform_bc" "caml_bls12_381_fft_domain_transform"

let max_log = 32

let fail fn fmt = Printf.ksprintf (fun s -> invalid_arg (fn ^ ": " ^ s)) fmt

let make fn ?generator n =
  let open Stubs.Error_code in
  if n < 1 || n land (n - 1) <> 0 || n > 1 lsl max_log then
    fail fn "a domain of %d points: the size must be a power of two from 1 to 2^32" n;
  match create_stub n generator with
  | Ok d -> d
  | Error c when c = not_primitive_root ->
      fail fn "the generator does not have order exactly %d" n
  | Error c -> fail fn "error code %d" c

let create ?generator n = make "Fft_domain.create" ?generator n

let of_log ?generator k =
  if k < 0 || k > max_log then fail "Fft_domain.of_log" "log2 size %d outside [0, 32]" k;
  make "Fft_domain.of_log" ?generator (1 lsl k)

let log_size d =
  let rec go k = if 1 lsl k >= size d then k else go (k + 1) in
  go 0

let generator d =
  let r = Fr.copy Fr.zero in
  ignore (generator_into r d : int);
  r

let elements d =
  let w = generator d in
  let n = size d in
  let a = Array.make n Fr.one in
  for i = 1 to n - 1 do
    a.(i) <- Fr.mul a.(i - 1) w
  done;
  a

(* The transforms by index, as in bls12_381_fft.c's [ops]. *)
let fr_fft = 0
and fr_ifft = 1
and fr_coset_fft = 2
and fr_coset_ifft = 3
and fr_fft_dif = 4
and fr_ifft_dit = 5
and g1_fft = 6
and g2_fft = 10

(* Offsets from a group's [fft] to its other transforms. *)
let off_ifft = 1
and off_coset_fft = 2
and off_coset_ifft = 3

let run fn op d ~shift ~threads a ~inplace =
  let n = size d in
  if Array.length a <> n then fail fn "%d values for a domain of %d points" (Array.length a) n;
  if threads < 0 then fail fn "threads = %d" threads;
  if Fr.is_zero shift then fail fn "the coset's shift is zero";
  transform d op a inplace shift threads fn

(* A fresh array of the results / the results in the slots of [a]. *)
let fresh fn op ?(threads = 0) ?(shift = Fr.one) d a = run fn op d ~shift ~threads a ~inplace:false

let inplace fn op ?(threads = 0) ?(shift = Fr.one) d a =
  ignore (run fn op d ~shift ~threads a ~inplace:true : _ array)

let fft ?threads d a = fresh "Fft_domain.fft" fr_fft ?threads d a
let ifft ?threads d a = fresh "Fft_domain.ifft" fr_ifft ?threads d a
let coset_fft ?threads d ~shift a = fresh "Fft_domain.coset_fft" fr_coset_fft ?threads ~shift d a
let coset_ifft ?threads d ~shift a = fresh "Fft_domain.coset_ifft" fr_coset_ifft ?threads ~shift d a
let fft_dif ?threads d a = fresh "Fft_domain.fft_dif" fr_fft_dif ?threads d a
let ifft_dit ?threads d a = fresh "Fft_domain.ifft_dit" fr_ifft_dit ?threads d a
let fft_inplace ?threads d a = inplace "Fft_domain.fft_inplace" fr_fft ?threads d a
let ifft_inplace ?threads d a = inplace "Fft_domain.ifft_inplace" fr_ifft ?threads d a

let coset_fft_inplace ?threads d ~shift a =
  inplace "Fft_domain.coset_fft_inplace" fr_coset_fft ?threads ~shift d a

let coset_ifft_inplace ?threads d ~shift a =
  inplace "Fft_domain.coset_ifft_inplace" fr_coset_ifft ?threads ~shift d a

let fft_dif_inplace ?threads d a = inplace "Fft_domain.fft_dif_inplace" fr_fft_dif ?threads d a
let ifft_dit_inplace ?threads d a = inplace "Fft_domain.ifft_dit_inplace" fr_ifft_dit ?threads d a

(* The eight transforms of one group, whose [fft] has index [base]. *)
module Points (P : sig
  type t

  val name : string
  val base : int
end) =
struct
  let fn op suffix = Printf.sprintf "Fft_domain.%s_%s_vartime%s" op P.name suffix
  let n_fft = fn "fft" "" and n_ifft = fn "ifft" ""
  let n_coset_fft = fn "coset_fft" "" and n_coset_ifft = fn "coset_ifft" ""
  let i_fft = fn "fft" "_inplace" and i_ifft = fn "ifft" "_inplace"
  let i_coset_fft = fn "coset_fft" "_inplace" and i_coset_ifft = fn "coset_ifft" "_inplace"
  let fft ?threads d (a : P.t array) = fresh n_fft P.base ?threads d a
  let ifft ?threads d (a : P.t array) = fresh n_ifft (P.base + off_ifft) ?threads d a

  let coset_fft ?threads d ~shift (a : P.t array) =
    fresh n_coset_fft (P.base + off_coset_fft) ?threads ~shift d a

  let coset_ifft ?threads d ~shift (a : P.t array) =
    fresh n_coset_ifft (P.base + off_coset_ifft) ?threads ~shift d a

  let fft_inplace ?threads d (a : P.t array) = inplace i_fft P.base ?threads d a
  let ifft_inplace ?threads d (a : P.t array) = inplace i_ifft (P.base + off_ifft) ?threads d a

  let coset_fft_inplace ?threads d ~shift (a : P.t array) =
    inplace i_coset_fft (P.base + off_coset_fft) ?threads ~shift d a

  let coset_ifft_inplace ?threads d ~shift (a : P.t array) =
    inplace i_coset_ifft (P.base + off_coset_ifft) ?threads ~shift d a
end

module P1 = Points (struct
  type t = G1.t

  let name = "g1"
  let base = g1_fft
end)

module P2 = Points (struct
  type t = G2.t

  let name = "g2"
  let base = g2_fft
end)

let fft_g1_vartime = P1.fft
let ifft_g1_vartime = P1.ifft
let coset_fft_g1_vartime = P1.coset_fft
let coset_ifft_g1_vartime = P1.coset_ifft
let fft_g1_vartime_inplace = P1.fft_inplace
let ifft_g1_vartime_inplace = P1.ifft_inplace
let coset_fft_g1_vartime_inplace = P1.coset_fft_inplace
let coset_ifft_g1_vartime_inplace = P1.coset_ifft_inplace
let fft_g2_vartime = P2.fft
let ifft_g2_vartime = P2.ifft
let coset_fft_g2_vartime = P2.coset_fft
let coset_ifft_g2_vartime = P2.coset_ifft
let fft_g2_vartime_inplace = P2.fft_inplace
let ifft_g2_vartime_inplace = P2.ifft_inplace
let coset_fft_g2_vartime_inplace = P2.coset_fft_inplace
let coset_ifft_g2_vartime_inplace = P2.coset_ifft_inplace

(* Vectors: the in-memory forms end to end in C memory (Cmem), transformed
   where they are. *)
module Fr_vector = struct
  type t = Cmem.t

  let length v = Bigarray.Array1.dim v / 32

  (* The Fr value at [off] ([Value]'s externals are polymorphic: kind
     [Value.Fr.index] is Fr's). *)
  let at v off : Fr.t = Value.of_bigarray_kind Value.Fr.index v off
  let of_array (a : Fr.t array) = Transform.pack 32 a
  let to_array v = Array.init (length v) (fun i -> at v (32 * i))

  let check fn v i =
    if i < 0 || i >= length v then
      fail fn "index %d outside a vector of %d elements" i (length v)

  let get v i =
    check "Fft_domain.Fr_vector.get" v i;
    at v (32 * i)

  let set v i (x : Fr.t) =
    check "Fft_domain.Fr_vector.set" v i;
    Value.to_cmem x v (32 * i)

  let init n (f : int -> Fr.t) =
    if n < 0 then fail "Fft_domain.Fr_vector.init" "length %d" n;
    let v = Cmem.create (32 * n) in
    for i = 0 to n - 1 do
      Value.to_cmem (f i) v (32 * i)
    done;
    v

  let copy v =
    let c = Cmem.create (Bigarray.Array1.dim v) in
    Bigarray.Array1.blit v c;
    c

  let equal a b = a = b
end

external transform_vector : t -> int -> Fr_vector.t -> Fr.t -> int -> int
  = "caml_bls12_381_fft_domain_transform_vector"

let vector fn op ?(threads = 0) ?(shift = Fr.one) d v =
  let n = size d in
  if Fr_vector.length v <> n then
    fail fn "%d values for a domain of %d points" (Fr_vector.length v) n;
  if threads < 0 then fail fn "threads = %d" threads;
  if Fr.is_zero shift then fail fn "the coset's shift is zero";
  let c = transform_vector d op v shift threads in
  if c <> Stubs.Error_code.ok then fail fn "error code %d" c

let fft_vector ?threads d v = vector "Fft_domain.fft_vector" fr_fft ?threads d v
let ifft_vector ?threads d v = vector "Fft_domain.ifft_vector" fr_ifft ?threads d v

let coset_fft_vector ?threads d ~shift v =
  vector "Fft_domain.coset_fft_vector" fr_coset_fft ?threads ~shift d v

let coset_ifft_vector ?threads d ~shift v =
  vector "Fft_domain.coset_ifft_vector" fr_coset_ifft ?threads ~shift d v

let fft_dif_vector ?threads d v = vector "Fft_domain.fft_dif_vector" fr_fft_dif ?threads d v
let ifft_dit_vector ?threads d v = vector "Fft_domain.ifft_dit_vector" fr_ifft_dit ?threads d v
