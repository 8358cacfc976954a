type decode_error =
  | Invalid_length
  | Invalid_flags
  | Not_canonical
  | Not_on_curve
  | Not_in_subgroup

(* The decoders' codes of rust/ffi/include/bls12_381.h and their errors:
   the one place that maps codes to decode_error. *)
let decode_errors =
  Stubs.Error_code.
    [
      (invalid_length, Invalid_length);
      (not_canonical, Not_canonical);
      (invalid_flags, Invalid_flags);
      (not_on_curve, Not_on_curve);
      (not_in_subgroup, Not_in_subgroup);
    ]

let decode_error_of_code c =
  match List.assoc_opt c decode_errors with
  | Some e -> e
  | None -> invalid_arg (Printf.sprintf "Ec_sig.decode_error_of_code: %d" c)

let string_of_decode_error = function
  | Invalid_length -> "invalid length"
  | Invalid_flags -> "invalid flag bits"
  | Not_canonical -> "coordinate not below p"
  | Not_on_curve -> "point not on the curve"
  | Not_in_subgroup -> "point not in the prime-order subgroup"

exception Invalid_point of decode_error * Bytes.t

module type T = sig
  type t

  module Scalar : Ff_sig.PRIME

  val size_in_bytes : int
  val check_bytes : Bytes.t -> bool
  val of_bytes_opt : Bytes.t -> t option
  val of_bytes_exn : Bytes.t -> t
  val to_bytes : t -> Bytes.t
  val zero : t
  val one : t
  val random : ?state:Random.State.t -> unit -> t
  val is_zero : t -> bool
  val add : t -> t -> t
  val double : t -> t
  val negate : t -> t
  val eq : t -> t -> bool
  val mul : t -> Scalar.t -> t
  val copy : t -> t
end

module type GROUP = sig
  type coord

  module Uncompressed : sig
    include T with module Scalar = Fr

    val of_compressed_bytes_opt : Bytes.t -> t option
    val of_compressed_bytes_exn : Bytes.t -> t
    val to_compressed_bytes : t -> Bytes.t
    val mul_bytes : t -> Bytes.t -> t
    val of_z_opt : x:coord -> y:coord -> t option
    val hash_to_curve : Bytes.t -> Bytes.t -> t
    val encode_to_curve : Bytes.t -> Bytes.t -> t
  end

  module Compressed : sig
    include T with module Scalar = Fr

    val of_uncompressed : Uncompressed.t -> t
    val to_uncompressed : t -> Uncompressed.t
    val of_z_opt : x:coord -> y:coord -> t option
    val hash_to_curve : Bytes.t -> Bytes.t -> t
    val encode_to_curve : Bytes.t -> Bytes.t -> t
  end

  module Affine : sig
    type t

    val of_bytes_opt : Bytes.t -> t option
    val of_bytes_exn : Bytes.t -> t
    val of_bytes_unchecked_opt : Bytes.t -> t option
    val of_bytes_unchecked_exn : Bytes.t -> t
    val to_bytes : t -> Bytes.t
    val of_projective : Uncompressed.t -> t
    val to_projective : t -> Uncompressed.t
  end

  type t = Uncompressed.t

  val pippenger : ?start:int -> ?len:int -> t array -> Fr.t array -> t
  val pippenger_threads : threads:int -> ?start:int -> ?len:int -> t array -> Fr.t array -> t

  type affine_array

  val to_affine_array : t array -> affine_array
  val of_affine_array : affine_array -> t array
  val size_of_affine_array : affine_array -> int

  val pippenger_with_affine_array : ?start:int -> ?len:int -> affine_array -> Fr.t array -> t
  val pippenger_with_affine_array_threads :
    threads:int -> ?start:int -> ?len:int -> affine_array -> Fr.t array -> t

  val pippenger_with_compressed_bytes :
    ?subgroup_check:bool -> ?threads:int -> Bytes.t -> Fr.t array -> (t, decode_error) result

  val add_bulk : t list -> t
  val add_inplace : t -> t -> t -> unit
  val mul_inplace : t -> t -> Fr.t -> unit
  val size_in_memory : int
  exception Not_on_curve of Bytes.t
  module Scalar : Ff_sig.PRIME with type t = Fr.t
  val size_in_bytes : int
  val compressed_size_in_bytes : int
  val check_bytes : Bytes.t -> bool
  val of_bytes_opt : Bytes.t -> t option
  val of_bytes_exn : Bytes.t -> t
  val of_compressed_bytes_opt : Bytes.t -> t option
  val of_compressed_bytes_exn : Bytes.t -> t
  val to_bytes : t -> Bytes.t
  val to_compressed_bytes : t -> Bytes.t
  val zero : t
  val one : t
  val is_zero : t -> bool
  val random : ?state:Random.State.t -> unit -> t
  val add : t -> t -> t
  val double : t -> t
  val negate : t -> t
  val eq : t -> t -> bool
  val mul : t -> Scalar.t -> t
  val mul_bytes : t -> Bytes.t -> t
  val copy : t -> t
  val of_z_opt : x:coord -> y:coord -> t option
  val hash_to_curve : Bytes.t -> Bytes.t -> t
  val encode_to_curve : Bytes.t -> Bytes.t -> t
  type affine = Affine.t
  val affine_of_jacobian : t -> affine
  val jacobian_of_affine : affine -> t
  val affine_array_of_compressed_bytes_opt : subgroup_check:bool -> Bytes.t array -> affine_array option
  val affine_add_bulk : affine_array -> t
  val pippenger_with_compressed_bytes_array_opt :
    subgroup_check:bool -> Bytes.t array -> Scalar.t array -> Bytes.t option
  val add_bulk_with_compressed_bytes_array_opt : subgroup_check:bool -> Bytes.t array -> Bytes.t option
  val fft : domain:Fr.t array -> points:t array -> t array
  val ifft : domain:Fr.t array -> points:t array -> t array
  val fft_inplace : domain:Fr.t array -> points:t array -> unit
  val ifft_inplace : domain:Fr.t array -> points:t array -> unit
end
