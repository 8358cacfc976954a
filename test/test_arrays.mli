(** Tests of the array functions, with Zarith as the model of Fr:
    [Fr.fft], [ifft] and their [_inplace] forms against the evaluation of
    the polynomial modulo r (n = 1 to 64), inverse of each other, domains
    that are not one, lengths; [Fr.add_bulk], [mul_bulk],
    [inner_product_exn]/[_opt], [batch_inverse], [compare], [sqrt_opt] and
    the [_inplace] arithmetic against Zarith; [G1]/[G2] [fft], [ifft],
    [add_bulk], [add_inplace], [mul_inplace] against sums of [mul]; and
    [Fq12.of_z]/[of_string] against the encoding. *)

val tests : unit Alcotest.test_case list
