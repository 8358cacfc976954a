(* C memory for the unlocked calls: see cmem.mli for why. *)

type t = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t

let create n = Bigarray.Array1.create Bigarray.char Bigarray.c_layout n
let[@inline] size_t n = Unsigned.Size_t.of_int n

let ptr ?(off = 0) (m : t) =
  Ctypes.(to_voidp (bigarray_start array1 m +@ off))

(* The offsets are the library's own, always within the buffers; a check
   costs nothing next to the copies and turns a slip into an exception
   instead of a write out of bounds. *)
let check m off len =
  if off < 0 || len < 0 || off > Bigarray.Array1.dim m - len then
    invalid_arg "Cmem: range outside the buffer"

let blit_in src m off len =
  check m off len;
  Stubs.Mem.to_c (ptr ~off m) src (size_t len)

let blit_out m off dst len =
  check m off len;
  Stubs.Mem.of_c dst (ptr ~off m) (size_t len)

let of_bytes b =
  let len = Bytes.length b in
  let m = create len in
  blit_in (Ctypes.ocaml_bytes_start b) m 0 len;
  m

let to_buf m off len =
  let b = Ctypes.ocaml_bytes_start (Bytes.create len) in
  blit_out m off b len;
  b

let keep x = ignore (Sys.opaque_identity x)
