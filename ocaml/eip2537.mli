(** The EIP-2537 precompiles: BLS12-381 as the Ethereum execution layer
    calls it (Prague), byte for byte.

    Inputs and outputs are the EIP's encodings, not this library's values:
    an Fp element is 64 big-endian bytes whose top 16 are zero, below p; an
    Fp2 element is [c0 || c1]; a point is [x || y], all zeros for the point
    at infinity (G1 128 bytes, G2 256); a scalar is 32 big-endian bytes of
    any value. The outputs are a G1 point (128 bytes), a G2 point (256), or
    for {!Pairing_check} 32 bytes, 31 zeros then 1 if the product of the
    pairings is one, else 0.

    The work is done by the Rust crate [bls12-381-eip2537] through the C
    ABI's [bls12_381_eip2537_run], which releases the OCaml runtime lock:
    other threads run during a long MSM or pairing check. *)

(** The seven precompiles, in address order. *)
type precompile =
  | G1_add  (** BLS12_G1ADD (0x0b): two G1 points, 256 bytes. *)
  | G1_msm  (** BLS12_G1MSM (0x0c): k (G1 point, scalar) pairs, k x 160 bytes. *)
  | G2_add  (** BLS12_G2ADD (0x0d): two G2 points, 512 bytes. *)
  | G2_msm  (** BLS12_G2MSM (0x0e): k (G2 point, scalar) pairs, k x 288 bytes. *)
  | Pairing_check  (** BLS12_PAIRING_CHECK (0x0f): k (G1, G2) pairs, k x 384 bytes. *)
  | Map_fp_to_g1  (** BLS12_MAP_FP_TO_G1 (0x10): an Fp element, 64 bytes. *)
  | Map_fp2_to_g2  (** BLS12_MAP_FP2_TO_G2 (0x11): an Fp2 element, 128 bytes. *)

(** Why a call failed: one constructor per error of the Rust crate, hence
    per error case of the EIP. ADD checks that its points are on the curve;
    MSM and PAIRING_CHECK also that they are in the order-r subgroup. The
    first faulty field element or point in input order decides the error. *)
type error =
  | Empty_input  (** MSM or PAIRING_CHECK with no pair (k = 0). *)
  | Invalid_input_length of { expected : int; got : int; multiple : bool }
      (** The input is not [expected] bytes long (ADD, MAP, the empty
          input included), or, when [multiple], not a positive multiple of
          the pair size [expected] (MSM, PAIRING_CHECK). *)
  | Fp_top_bytes_not_zero  (** An Fp element's 16 padding bytes are not zero. *)
  | Fp_not_canonical  (** An Fp element is not below p. *)
  | Point_not_on_curve  (** A point is neither on its curve nor all zeros. *)
  | Point_not_in_subgroup
      (** An MSM or PAIRING_CHECK point is on its curve but outside the
          order-r subgroup. *)
  | Unknown_address of int  (** {!run_address}: no precompile there. *)

(** Every precompile, in address order. *)
val all : precompile list

(** The mainnet address, [0x0b] to [0x11]. *)
val address : precompile -> int

(** The precompile at an address, if any. *)
val of_address : int -> precompile option

(** The EIP's name without the [BLS12_] prefix: ["G1ADD"], ["G1MSM"],
    ["G2ADD"], ["G2MSM"], ["PAIRING_CHECK"], ["MAP_FP_TO_G1"],
    ["MAP_FP2_TO_G2"]. *)
val name : precompile -> string

(** [gas p len]: the gas a call of [p] with [len] bytes of input costs,
    what a client charges before running: G1ADD 375, G2ADD 600,
    MAP_FP_TO_G1 5500, MAP_FP2_TO_G2 23800; an MSM of k pairs
    [k * m * d(k) / 1000] with m = 12000 (G1) or 22500 (G2) and d the EIP's
    discount table (constant beyond k = 128); PAIRING_CHECK
    [32600 k + 37700]. For a length the precompile rejects, k is the number
    of whole pairs the input holds. Saturates at [max_int].
    @raise Invalid_argument if [len] is negative. *)
val gas : precompile -> int -> int

(** [run p input]: the output and the gas of the call ([gas p (Bytes.length
    input)]), or the error. *)
val run : precompile -> bytes -> (bytes * int, error) result

(** [run_address a input]: {!run} of the precompile at address [a], or
    [Error (Unknown_address a)]. *)
val run_address : int -> bytes -> (bytes * int, error) result

(** One line describing the error, as the Rust crate's [Display]. *)
val string_of_error : error -> string

(** Prints {!string_of_error}. *)
val pp_error : Format.formatter -> error -> unit
