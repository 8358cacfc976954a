(** Tests of [Fft_domain] and [Fr.root_of_unity], with Zarith as the model
    of Fr: the standard roots of every order 2{^k}, every Fr transform
    (fresh and in place, plain, coset, DIF/DIT) of standard domains and of
    domains with a given generator, on arrays and on [Fr_vector]s, against
    naive evaluation and interpolation, thread counts, the point transforms
    against sums of scalar multiplications and against [G1.fft] /
    [G2.fft], the vectors' accessors, the errors, and the finaliser. *)

val tests : unit Alcotest.test_case list
