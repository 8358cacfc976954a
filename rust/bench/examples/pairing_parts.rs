//! Timing of the parts of the pairing, ours and blst's: min over rounds of
//! batches (a probe for tuning, not a benchmark of record).
use bls12_381_core::curve::{G1Projective, G2Projective};
use bls12_381_core::{final_exponentiation, miller_loop, Fp12, Fp2, Fr};
use blst::*;
use rand::SeedableRng;
use std::hint::black_box;

#[path = "common/cpu_time.rs"]
mod cpu_time;
use cpu_time::batch_ns;

fn best<T>(f: impl FnMut() -> T) -> f64 {
    cpu_time::best_ns(300, 20, f)
}

/// A/B: batches of `a` and `b` alternated; min of each and the median of
/// the per-round ratios a/b (for comparing two versions of a step).
fn ab<A, B>(name: &str, mut a: impl FnMut() -> A, mut b: impl FnMut() -> B) {
    let (mut ma, mut mb, mut r) = (f64::MAX, f64::MAX, Vec::new());
    for _ in 0..400 {
        let ta = batch_ns(10, &mut a);
        let tb = batch_ns(10, &mut b);
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

/// A row of ours alone.
fn ours(name: &str, ns: f64) {
    println!("{name:24} {ns:9.0}");
}

/// A row of one kernel or field call (to a tenth of a ns).
fn fine(name: &str, ns: f64) {
    println!("{name:19} {ns:6.1}");
}

/// The least time of blst's `$f(&mut $out, ...)` (its output kept).
macro_rules! blst {
    ($f:ident(&mut $out:ident $(, $arg:expr)*)) => {
        best(|| unsafe {
            $f(&mut $out $(, $arg)*);
            black_box(&$out);
        })
    };
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
        fine("kernel mul_mont_384", best(|| unsafe { k::mul_mont_384(black_box(&x), black_box(&y), &pm, inv) }));
        fine("kernel sqr_mont_384", best(|| unsafe { k::sqr_mont_384(black_box(&x), &pm, inv) }));
        fine("kernel mul_384", best(|| unsafe { k::mul_384(black_box(&x), black_box(&y)) }));
        fine("kernel redc", best(|| unsafe { k::redc_mont_384(black_box(&w), &pm, inv) }));
        {
            let a2: [[u64; 6]; 2] = unsafe { core::mem::transmute(a) };
            let c2: [[u64; 6]; 2] = unsafe { core::mem::transmute(c) };
            let mut o = core::mem::MaybeUninit::<[[u64; 12]; 2]>::uninit();
            let t = best(|| unsafe {
                k::mul_382x(o.as_mut_ptr(), black_box(&a2), black_box(&c2), &pm);
                black_box(&o);
            });
            fine("kernel mul_382x", t);
        }
        fine("kernel add_mod_384", best(|| unsafe { k::add_mod_384(black_box(&x), black_box(&y), &pm) }));
        fine("kernel add_mod_768", best(|| unsafe { k::add_mod_768_assign(black_box(&mut acc), black_box(&w), &pm) }));
        let mut bx = blst_fp::default();
        let (fx, fy): (blst_fp, blst_fp) =
            unsafe { (core::mem::transmute::<[u64; 6], blst_fp>(x), core::mem::transmute::<[u64; 6], blst_fp>(y)) };
        fine("blst fp_mul", blst!(blst_fp_mul(&mut bx, black_box(&fx), black_box(&fy))));
        fine("blst fp_sqr", blst!(blst_fp_sqr(&mut bx, black_box(&fx))));
        fine("blst fp_add", blst!(blst_fp_add(&mut bx, black_box(&fx), black_box(&fy))));
        // Clock estimate: a chain of 1000 dependent adds.
        let t = best(|| {
            let mut v = black_box(1u64);
            for _ in 0..1000 {
                v = unsafe {
                    core::arch::asm!("add {0}, {0}", inout(reg) v);
                    v
                };
            }
            v
        });
        println!("1000 dependent adds {:6.1} ns -> {:.2} GHz", t, 1000.0 / t);
    }
    let mut r2 = blst_fp2::default();
    let mut r12 = blst_fp12::default();
    row(
        "Fp2 mul",
        best(|| black_box(&a).mul(black_box(&c))),
        blst!(blst_fp2_mul(&mut r2, black_box(&ba), black_box(&bc))),
    );
    row("Fp2 square", best(|| black_box(&a).square()), blst!(blst_fp2_sqr(&mut r2, black_box(&ba))));
    row(
        "Fp12 mul",
        best(|| black_box(&f).mul(black_box(&g))),
        blst!(blst_fp12_mul(&mut r12, black_box(&bf), black_box(&bg))),
    );
    row("Fp12 square", best(|| black_box(&f).square()), blst!(blst_fp12_sqr(&mut r12, black_box(&bf))));
    let bl = [ba, bc, ba];
    row(
        "Fp12 mul_by_014",
        best(|| black_box(&f).mul_by_014(&a, &c, &a)),
        blst!(blst_fp12_mul_by_xy00z0(&mut r12, black_box(&bf), bl.as_ptr() as *const blst_fp6)),
    );
    {
        let x = a.c0;
        ours("Fp invert (ct)", best(|| black_box(&x).invert()));
        ours("Fp invert vartime", best(|| black_box(&x).invert_vartime()));
    }
    row("Fp12 invert", best(|| black_box(&f).invert()), blst!(blst_fp12_inverse(&mut r12, black_box(&bf))));
    let x = bls12_381_core::Gt::from_fp12(&gt).unwrap();
    row(
        "cyclotomic square",
        best(|| black_box(&x).square()),
        blst!(blst_fp12_cyclotomic_sqr(&mut r12, black_box(&bgt))),
    );
    {
        use bls12_381_core::pairing::probe;
        let g = [gt.c1.c0, gt.c0.c2, gt.c0.c1, gt.c1.c2];
        ours("compressed square", best(|| probe::compressed_square(black_box(&g))));
        let three: [Fp12; 3] = core::array::from_fn(|i| gt.frobenius_map(i));
        ours("decompress 3", best(|| probe::decompress3(black_box(&three))));
        ours("pow |z| (compressed)", best(|| probe::cyclotomic_pow_z_abs(black_box(&gt))));
        // Sixteen steps a call: the time of one.
        ours("doubling step (+eval)", best(|| probe::doubling_steps(black_box(&p), black_box(&q), 16)) / 16.0);
        ours("addition step (+eval)", best(|| probe::addition_steps(black_box(&p), black_box(&q), 16)) / 16.0);
        ours(
            "dbl step + mul_by_014",
            best(|| probe::line_products(black_box(&f), black_box(&p), black_box(&q), 16)) / 16.0,
        );
    }
    row(
        "frobenius 1",
        best(|| black_box(&f).frobenius_map(1)),
        blst!(blst_fp12_frobenius_map(&mut r12, black_box(&bf), 1)),
    );
    row(
        "Miller loop",
        best(|| miller_loop(black_box(&[(p, q)]))),
        blst!(blst_miller_loop(&mut r12, black_box(&bq), black_box(&bp))),
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
        let ours = best(|| bls12_381_core::pairing_check(black_box(&pairs)));
        let theirs = best(|| unsafe {
            blst_miller_loop_n(&mut ml, qp.as_ptr(), pp.as_ptr(), pp.len());
            blst_final_exp(&mut fe, &ml);
            blst_fp12_is_one(&fe)
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
            || probe::mul_by_line_product(black_box(&f), black_box(&g)),
            || black_box(&f).mul(black_box(&g)),
        );
        ab(
            "Fp12 mul fused vs wide",
            || probe::fp12_mul_path(black_box(&f), black_box(&g), true),
            || probe::fp12_mul_path(black_box(&f), black_box(&g), false),
        );
        let l: [Fp2; 6] = core::array::from_fn(|_| Fp2::random(&mut rng));
        let two_lines = |pair| probe::two_lines(black_box(&f), [&l[0], &l[1], &l[2]], [&l[3], &l[4], &l[5]], pair);
        ab("2 lines: pair vs 014", || two_lines(true), || two_lines(false));
        // Our Miller loop of `n` pairs against one at a time (`grouped`:
        // with the mul_by_014s grouped).
        let miller = |name: &str, n: usize, grouped: bool| {
            let pairs = &pairs[..n];
            ab(name, || miller_loop(black_box(pairs)), || probe::miller_loop_single_lines(black_box(pairs), grouped));
        };
        miller("miller 8 pairs", 8, false);
        miller("miller 8 vs grouped014", 8, true);
        miller("miller 2 pairs", 2, false);
        miller("miller 1 pair", 1, false);
    }
    row("final exp", best(|| final_exponentiation(black_box(&f))), blst!(blst_final_exp(&mut r12, black_box(&bf))));
}
