//! Timing of the parts of the pairing, ours and blst's: min over rounds of
//! batches (a probe for tuning, not a benchmark of record).
use bls12_381_core::curve::{G1Projective, G2Projective};
use bls12_381_core::{final_exponentiation, miller_loop, Fp12, Fp2, Fr};
use blst::*;
use rand::SeedableRng;
use std::hint::black_box;

#[path = "common/cpu_time.rs"]
mod cpu_time;
use cpu_time::thread_ns;

fn best<F: FnMut()>(mut f: F) -> f64 {
    let mut b = f64::MAX;
    for _ in 0..300 {
        let t = thread_ns();
        for _ in 0..20 {
            f();
        }
        b = b.min((thread_ns() - t) / 20.0);
    }
    b
}

/// A/B: batches of `a` and `b` alternated; min of each and the median of
/// the per-round ratios a/b (for comparing two versions of a step).
#[allow(dead_code)]
fn ab<A: FnMut(), B: FnMut()>(name: &str, mut a: A, mut b: B) {
    let (mut ma, mut mb, mut r) = (f64::MAX, f64::MAX, Vec::new());
    for _ in 0..400 {
        let t = thread_ns();
        for _ in 0..10 {
            a();
        }
        let ta = (thread_ns() - t) / 10.0;
        let t = thread_ns();
        for _ in 0..10 {
            b();
        }
        let tb = (thread_ns() - t) / 10.0;
        ma = ma.min(ta);
        mb = mb.min(tb);
        r.push(ta / tb);
    }
    r.sort_by(|x, y| x.partial_cmp(y).unwrap());
    println!("A/B {name:20} {ma:9.0} {mb:9.0} min {:6.3} median {:6.3}", ma / mb, r[r.len() / 2]);
}

fn row(name: &str, ours: f64, theirs: f64) {
    println!("{name:24} {ours:9.0} {theirs:9.0} {:6.3}", ours / theirs);
}

fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let p = G1Projective::generator().mul(&Fr::random(&mut rng)).to_affine();
    let q = G2Projective::generator().mul(&Fr::random(&mut rng)).to_affine();
    let f = Fp12::random(&mut rng);
    let g = Fp12::random(&mut rng);
    let a = Fp2::random(&mut rng);
    let c = Fp2::random(&mut rng);
    let bf: blst_fp12 = unsafe { core::mem::transmute(f) };
    let bg: blst_fp12 = unsafe { core::mem::transmute(g) };
    let ba: blst_fp2 = unsafe { core::mem::transmute(a) };
    let bc: blst_fp2 = unsafe { core::mem::transmute(c) };
    let gt = final_exponentiation(&f).unwrap().to_fp12();
    let bgt: blst_fp12 = unsafe { core::mem::transmute(gt) };
    let bp = unsafe {
        let mut r = blst_p1_affine::default();
        blst_p1_deserialize(&mut r, p.to_uncompressed().as_ptr());
        r
    };
    let bq = unsafe {
        let mut r = blst_p2_affine::default();
        blst_p2_deserialize(&mut r, q.to_uncompressed().as_ptr());
        r
    };
    {
        use bls12_381_core::arith::x86_64 as k;
        let pm: [u64; 6] = [
            0xb9feffffffffaaab,
            0x1eabfffeb153ffff,
            0x6730d2a0f6b0f624,
            0x64774b84f38512bf,
            0x4b1ba7b6434bacd7,
            0x1a0111ea397fe69a,
        ];
        let inv = 0x89f3fffcfffcfffd;
        let x: [u64; 6] = unsafe { core::mem::transmute(a.c0) };
        let y: [u64; 6] = unsafe { core::mem::transmute(c.c0) };
        let w = unsafe { k::mul_384(&x, &y) };
        let mut acc = w;
        println!(
            "kernel mul_mont_384 {:6.1}",
            best(|| unsafe {
                black_box(k::mul_mont_384(black_box(&x), black_box(&y), &pm, inv));
            })
        );
        println!(
            "kernel sqr_mont_384 {:6.1}",
            best(|| unsafe {
                black_box(k::sqr_mont_384(black_box(&x), &pm, inv));
            })
        );
        println!(
            "kernel mul_384      {:6.1}",
            best(|| unsafe {
                black_box(k::mul_384(black_box(&x), black_box(&y)));
            })
        );
        println!(
            "kernel redc         {:6.1}",
            best(|| unsafe {
                black_box(k::redc_mont_384(black_box(&w), &pm, inv));
            })
        );
        {
            let a2: [[u64; 6]; 2] = unsafe { core::mem::transmute(a) };
            let c2: [[u64; 6]; 2] = unsafe { core::mem::transmute(c) };
            let mut o = core::mem::MaybeUninit::<[[u64; 12]; 2]>::uninit();
            println!(
                "kernel mul_382x     {:6.1}",
                best(|| unsafe {
                    k::mul_382x(o.as_mut_ptr(), black_box(&a2), black_box(&c2), &pm);
                    black_box(&o);
                })
            );
        }
        println!(
            "kernel add_mod_384  {:6.1}",
            best(|| unsafe {
                black_box(k::add_mod_384(black_box(&x), black_box(&y), &pm));
            })
        );
        println!(
            "kernel add_mod_768  {:6.1}",
            best(|| unsafe {
                k::add_mod_768_assign(black_box(&mut acc), black_box(&w), &pm);
            })
        );
        let mut bx = blst_fp::default();
        let (fx, fy): (blst_fp, blst_fp) =
            unsafe { (core::mem::transmute::<[u64; 6], blst_fp>(x), core::mem::transmute::<[u64; 6], blst_fp>(y)) };
        println!(
            "blst fp_mul         {:6.1}",
            best(|| unsafe {
                blst_fp_mul(&mut bx, black_box(&fx), black_box(&fy));
                black_box(&bx);
            })
        );
        println!(
            "blst fp_sqr         {:6.1}",
            best(|| unsafe {
                blst_fp_sqr(&mut bx, black_box(&fx));
                black_box(&bx);
            })
        );
        println!(
            "blst fp_add         {:6.1}",
            best(|| unsafe {
                blst_fp_add(&mut bx, black_box(&fx), black_box(&fy));
                black_box(&bx);
            })
        );
        // Clock estimate: a chain of 1000 dependent adds.
        let t = best(|| {
            let mut v = black_box(1u64);
            for _ in 0..1000 {
                v = unsafe {
                    core::arch::asm!("add {0}, {0}", inout(reg) v);
                    v
                };
            }
            black_box(v);
        });
        println!("1000 dependent adds {:6.1} ns -> {:.2} GHz", t, 1000.0 / t);
    }
    let mut r2 = blst_fp2::default();
    let mut r12 = blst_fp12::default();
    row(
        "Fp2 mul",
        best(|| {
            black_box(black_box(&a).mul(black_box(&c)));
        }),
        best(|| unsafe {
            blst_fp2_mul(&mut r2, black_box(&ba), black_box(&bc));
            black_box(&r2);
        }),
    );
    row(
        "Fp2 square",
        best(|| {
            black_box(black_box(&a).square());
        }),
        best(|| unsafe {
            blst_fp2_sqr(&mut r2, black_box(&ba));
            black_box(&r2);
        }),
    );
    row(
        "Fp12 mul",
        best(|| {
            black_box(black_box(&f).mul(black_box(&g)));
        }),
        best(|| unsafe {
            blst_fp12_mul(&mut r12, black_box(&bf), black_box(&bg));
            black_box(&r12);
        }),
    );
    row(
        "Fp12 square",
        best(|| {
            black_box(black_box(&f).square());
        }),
        best(|| unsafe {
            blst_fp12_sqr(&mut r12, black_box(&bf));
            black_box(&r12);
        }),
    );
    let bl = [ba, bc, ba];
    row(
        "Fp12 mul_by_014",
        best(|| {
            black_box(black_box(&f).mul_by_014(&a, &c, &a));
        }),
        best(|| unsafe {
            blst_fp12_mul_by_xy00z0(&mut r12, black_box(&bf), bl.as_ptr() as *const blst_fp6);
            black_box(&r12);
        }),
    );
    {
        let x = a.c0;
        println!(
            "{:24} {:9.0}",
            "Fp invert (ct)",
            best(|| {
                black_box(black_box(&x).invert());
            })
        );
        println!(
            "{:24} {:9.0}",
            "Fp invert vartime",
            best(|| {
                black_box(black_box(&x).invert_vartime());
            })
        );
    }
    row(
        "Fp12 invert",
        best(|| {
            black_box(black_box(&f).invert());
        }),
        best(|| unsafe {
            blst_fp12_inverse(&mut r12, black_box(&bf));
            black_box(&r12);
        }),
    );
    row(
        "cyclotomic square",
        {
            let x = bls12_381_core::Gt::from_fp12(&gt).unwrap();
            best(|| {
                black_box(black_box(&x).square());
            })
        },
        best(|| unsafe {
            blst_fp12_cyclotomic_sqr(&mut r12, black_box(&bgt));
            black_box(&r12);
        }),
    );
    {
        use bls12_381_core::pairing::probe;
        let g = [gt.c1.c0, gt.c0.c2, gt.c0.c1, gt.c1.c2];
        println!(
            "{:24} {:9.0}",
            "compressed square",
            best(|| {
                black_box(probe::compressed_square(black_box(&g)));
            })
        );
        let three: [Fp12; 3] = core::array::from_fn(|i| gt.frobenius_map(i));
        println!(
            "{:24} {:9.0}",
            "decompress 3",
            best(|| {
                black_box(probe::decompress3(black_box(&three)));
            })
        );
        println!(
            "{:24} {:9.0}",
            "pow |z| (compressed)",
            best(|| {
                black_box(probe::cyclotomic_pow_z_abs(black_box(&gt)));
            })
        );
        println!(
            "{:24} {:9.0}",
            "doubling step (+eval)",
            best(|| {
                black_box(probe::doubling_steps(black_box(&p), black_box(&q), 16));
            }) / 16.0
        );
        println!(
            "{:24} {:9.0}",
            "addition step (+eval)",
            best(|| {
                black_box(probe::addition_steps(black_box(&p), black_box(&q), 16));
            }) / 16.0
        );
        println!(
            "{:24} {:9.0}",
            "dbl step + mul_by_014",
            best(|| {
                black_box(probe::line_products(black_box(&f), black_box(&p), black_box(&q), 16));
            }) / 16.0
        );
    }
    row(
        "frobenius 1",
        best(|| {
            black_box(black_box(&f).frobenius_map(1));
        }),
        best(|| unsafe {
            blst_fp12_frobenius_map(&mut r12, black_box(&bf), 1);
            black_box(&r12);
        }),
    );
    row(
        "Miller loop",
        best(|| {
            black_box(miller_loop(black_box(&[(p, q)])));
        }),
        best(|| unsafe {
            blst_miller_loop(&mut r12, black_box(&bq), black_box(&bp));
            black_box(&r12);
        }),
    );
    {
        // Pairing check of 8 pairs (random points: the product is not one,
        // the work is the same), ours against blst_miller_loop_n +
        // blst_final_exp + blst_fp12_is_one.
        let pairs: Vec<(bls12_381_core::G1Affine, bls12_381_core::G2Affine)> = (0..8)
            .map(|_| {
                (
                    G1Projective::generator().mul(&Fr::random(&mut rng)).to_affine(),
                    G2Projective::generator().mul(&Fr::random(&mut rng)).to_affine(),
                )
            })
            .collect();
        let conv = |p: &bls12_381_core::G1Affine, q: &bls12_381_core::G2Affine| unsafe {
            let (mut a, mut b) = (blst_p1_affine::default(), blst_p2_affine::default());
            blst_p1_deserialize(&mut a, p.to_uncompressed().as_ptr());
            blst_p2_deserialize(&mut b, q.to_uncompressed().as_ptr());
            (a, b)
        };
        let bl: Vec<(blst_p1_affine, blst_p2_affine)> = pairs.iter().map(|(p, q)| conv(p, q)).collect();
        let pp: Vec<*const blst_p1_affine> = bl.iter().map(|x| &x.0 as *const _).collect();
        let qp: Vec<*const blst_p2_affine> = bl.iter().map(|x| &x.1 as *const _).collect();
        let mut ml = blst_fp12::default();
        let mut fe = blst_fp12::default();
        let ours = best(|| {
            black_box(bls12_381_core::pairing_check(black_box(&pairs)));
        });
        let theirs = best(|| unsafe {
            blst_miller_loop_n(&mut ml, qp.as_ptr(), pp.as_ptr(), pp.len());
            blst_final_exp(&mut fe, &ml);
            black_box(blst_fp12_is_one(&fe));
        });
        row("pairing check 8", ours, theirs);
        // The Miller loop with lines taken two at a time (A) against one
        // at a time (B), 8 and 2 pairs.
        use bls12_381_core::pairing::probe;
        // A tree (two line products multiplied together, then into f)
        // would replace f * (line product) by full Fp12 products.
        let g = Fp12::random(&mut rng);
        ab(
            "f*lineprod vs f*g",
            || {
                black_box(probe::mul_by_line_product(black_box(&f), black_box(&g)));
            },
            || {
                black_box(black_box(&f).mul(black_box(&g)));
            },
        );
        ab(
            "Fp12 mul fused vs wide",
            || {
                black_box(probe::fp12_mul_path(black_box(&f), black_box(&g), true));
            },
            || {
                black_box(probe::fp12_mul_path(black_box(&f), black_box(&g), false));
            },
        );
        let l: [Fp2; 6] = core::array::from_fn(|_| Fp2::random(&mut rng));
        ab(
            "2 lines: pair vs 014",
            || {
                black_box(probe::two_lines(black_box(&f), [&l[0], &l[1], &l[2]], [&l[3], &l[4], &l[5]], true));
            },
            || {
                black_box(probe::two_lines(black_box(&f), [&l[0], &l[1], &l[2]], [&l[3], &l[4], &l[5]], false));
            },
        );
        ab(
            "miller 8 pairs",
            || {
                black_box(miller_loop(black_box(&pairs)));
            },
            || {
                black_box(probe::miller_loop_single_lines(black_box(&pairs), false));
            },
        );
        ab(
            "miller 8 vs grouped014",
            || {
                black_box(miller_loop(black_box(&pairs)));
            },
            || {
                black_box(probe::miller_loop_single_lines(black_box(&pairs), true));
            },
        );
        ab(
            "miller 2 pairs",
            || {
                black_box(miller_loop(black_box(&pairs[..2])));
            },
            || {
                black_box(probe::miller_loop_single_lines(black_box(&pairs[..2]), false));
            },
        );
        ab(
            "miller 1 pair",
            || {
                black_box(miller_loop(black_box(&pairs[..1])));
            },
            || {
                black_box(probe::miller_loop_single_lines(black_box(&pairs[..1]), false));
            },
        );
    }
    row(
        "final exp",
        best(|| {
            black_box(final_exponentiation(black_box(&f)));
        }),
        best(|| unsafe {
            blst_final_exp(&mut r12, black_box(&bf));
            black_box(&r12);
        }),
    );
}
