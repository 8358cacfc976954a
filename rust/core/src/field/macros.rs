//! Macros shared by the field types: operator traits, and the operations of
//! the two prime fields (Fp and Fr differ only in size, modulus and kernel).

/// `core::ops` operators forwarding to the inherent `add`, `sub`, `mul`,
/// `neg` methods (which take `&self, &Self`).
macro_rules! impl_ops {
    // `a op b` on values and on references, and `a op= b`, for one operator.
    (@binary $t:ty, $tr:ident $f:ident, $tra:ident $fa:ident) => {
        impl core::ops::$tr for $t {
            type Output = $t;
            #[inline]
            fn $f(self, rhs: $t) -> $t {
                <$t>::$f(&self, &rhs)
            }
        }
        impl<'a> core::ops::$tr<&'a $t> for &'a $t {
            type Output = $t;
            #[inline]
            fn $f(self, rhs: &'a $t) -> $t {
                <$t>::$f(self, rhs)
            }
        }
        impl core::ops::$tra for $t {
            #[inline]
            fn $fa(&mut self, rhs: $t) {
                *self = <$t>::$f(self, &rhs);
            }
        }
    };
    ($t:ty) => {
        impl_ops!(@binary $t, Add add, AddAssign add_assign);
        impl_ops!(@binary $t, Sub sub, SubAssign sub_assign);
        impl_ops!(@binary $t, Mul mul, MulAssign mul_assign);
        impl core::ops::Neg for $t {
            type Output = $t;
            #[inline]
            fn neg(self) -> $t {
                <$t>::neg(&self)
            }
        }
        impl PartialEq for $t {
            #[inline]
            fn eq(&self, other: &$t) -> bool {
                bool::from(subtle::ConstantTimeEq::ct_eq(self, other))
            }
        }
        impl Eq for $t {}
        impl Default for $t {
            fn default() -> $t {
                <$t>::ZERO
            }
        }
        impl crate::field::Field for $t {
            const ONE: $t = <$t>::ONE;
            #[inline(always)]
            fn mul(&self, rhs: &$t) -> $t {
                <$t>::mul(self, rhs)
            }
            #[inline(always)]
            fn square(&self) -> $t {
                <$t>::square(self)
            }
        }
    };
}

/// The coefficient-wise part of an extension field `$t` with coefficients
/// `$c0, $c, ...` in `$base`: `ZERO`, `ONE` (`$c0` one, the rest zero),
/// `add`, `sub`, `neg`, `double`, constant-time equality and selection, and
/// the operators (`impl_ops!`).
macro_rules! extension_field {
    ($t:ident over $base:ident: $c0:ident $(, $c:ident)+) => {
        extension_field!(@ops $t over $base: $c0 $(, $c)+);

        impl $t {
            /// Zero.
            pub const ZERO: $t = $t { $c0: $base::ZERO, $($c: $base::ZERO),+ };
            /// One.
            pub const ONE: $t = $t { $c0: $base::ONE, $($c: $base::ZERO),+ };
        }
    };
    (@ops $t:ident over $base:ident: $($c:ident),+) => {
        impl $t {
            /// `self + rhs`.
            #[inline]
            pub fn add(&self, rhs: &$t) -> $t {
                $t { $($c: self.$c.add(&rhs.$c)),+ }
            }

            /// `self - rhs`.
            #[inline]
            pub fn sub(&self, rhs: &$t) -> $t {
                $t { $($c: self.$c.sub(&rhs.$c)),+ }
            }

            /// `-self`.
            #[inline]
            pub fn neg(&self) -> $t {
                $t { $($c: self.$c.neg()),+ }
            }

            /// `2 * self`.
            #[inline]
            pub fn double(&self) -> $t {
                $t { $($c: self.$c.double()),+ }
            }
        }

        impl ConstantTimeEq for $t {
            fn ct_eq(&self, other: &$t) -> Choice {
                $(self.$c.ct_eq(&other.$c))&+
            }
        }

        impl ConditionallySelectable for $t {
            fn conditional_select(a: &$t, b: &$t, choice: Choice) -> $t {
                $t { $($c: $base::conditional_select(&a.$c, &b.$c, choice)),+ }
            }
        }

        impl_ops!($t);
    };
}

/// `pub fn mul` or `pub fn square`: the result returned by value through
/// the out-of-line `mul_to` or `square_to`, which writes it into the
/// caller's slot (see there why). `mul_wide -> W via mul_wide_to`: the
/// unreduced product the same way, through an unsafe `mul_wide_to(a, b,
/// out: *mut W)` that initialises `*out` (valid for writes, not
/// overlapping `a` or `b`).
macro_rules! by_value {
    ($(#[$doc:meta])* $t:ident: mul via $to:ident) => {
        $(#[$doc])*
        #[inline]
        pub fn mul(&self, rhs: &$t) -> $t {
            let mut out = core::mem::MaybeUninit::<$t>::uninit();
            self.$to(rhs, &mut out);
            // SAFETY: the `_to` method initialises `out`.
            unsafe { out.assume_init() }
        }
    };
    ($(#[$doc:meta])* $t:ident: mul_wide -> $w:ident via $to:ident) => {
        $(#[$doc])*
        #[inline(always)]
        pub(crate) fn mul_wide(&self, rhs: &$t) -> $w {
            let mut out = core::mem::MaybeUninit::<$w>::uninit();
            // SAFETY: `out` is a fresh local, writable and distinct from
            // `self` and `rhs`; the `_to` function initialises it.
            unsafe {
                $t::$to(self, rhs, out.as_mut_ptr());
                out.assume_init()
            }
        }
    };
    ($(#[$doc:meta])* $t:ident: square via $to:ident) => {
        $(#[$doc])*
        #[inline]
        pub fn square(&self) -> $t {
            let mut out = core::mem::MaybeUninit::<$t>::uninit();
            self.$to(&mut out);
            // SAFETY: the `_to` method initialises `out`.
            unsafe { out.assume_init() }
        }
    };
}

/// The operations common to the prime fields. The invoking module defines
/// `MODULUS`, `R`, `R2`, `R3` and `MODULUS_MINUS_1_OVER_2` (from `arith::params`), and `$kernel` is the matching `arith` module.
/// The canonical encoding of a prime field: `$bytes` bytes, big-endian
/// when `$be` (Fp), little-endian otherwise (Fr), below the modulus.
macro_rules! prime_field_encoding {
    ($t:ident, $bytes:literal, $be:literal, $order:literal) => {
        impl $t {
            /// Encoded size in bytes.
            pub const BYTES: usize = $bytes;

            #[doc = concat!("Decodes a ", stringify!($bytes), "-byte ", $order, " integer; `NotCanonical` if it is")]
            /// not below the modulus.
            pub fn from_bytes(bytes: &[u8; $bytes]) -> Result<$t, Error> {
                $t::from_limbs(&super::limbs_of_bytes(bytes, $be))
            }

            #[doc = concat!("Like [`", stringify!($t), "::from_bytes`] on a slice; `InvalidLength` unless it has ")]
            #[doc = concat!(stringify!($bytes), " bytes.")]
            pub fn from_slice(bytes: &[u8]) -> Result<$t, Error> {
                $t::from_bytes(super::exact(bytes)?)
            }

            #[doc = concat!("The ", stringify!($bytes), "-byte ", $order, " canonical encoding.")]
            pub fn to_bytes(&self) -> [u8; $bytes] {
                let mut out = [0u8; $bytes];
                super::bytes_of_limbs(&self.to_limbs(), &mut out, $be);
                out
            }
        }
    };
}

/// The operations of a prime field over `$n` limbs with the kernel module
/// `$kernel` (the constants as said above `prime_field_encoding!`).
/// `meter [..]` names the `meter::Op` procedures of `add`, `sub`, `neg`,
/// `mul`, `square`, `invert`, `invert_vartime` (empty: not metered).
macro_rules! prime_field {
    (
        $t:ident, $n:literal, $kernel:path,
        meter [$($add:ident, $sub:ident, $neg:ident, $mul:ident, $sqr:ident, $inv:ident, $invv:ident)?]
    ) => {
        impl $t {
            /// Zero.
            pub const ZERO: $t = $t([0; $n]);
            /// One.
            pub const ONE: $t = $t(R);
            /// The modulus as little-endian 64-bit limbs.
            pub const MODULUS: [u64; $n] = MODULUS;

            /// The element whose Montgomery form is `limbs` (no check).
            #[inline(always)]
            #[allow(dead_code)]
            pub(crate) const fn from_montgomery(limbs: [u64; $n]) -> $t {
                $t(limbs)
            }

            /// The element `x`.
            pub fn from_u64(x: u64) -> $t {
                let mut l = [0u64; $n];
                l[0] = x;
                $t(l).mul(&$t(R2))
            }

            /// The element of the canonical integer `limbs` (little-endian).
            /// `NotCanonical` if `limbs >= MODULUS`.
            pub fn from_limbs(limbs: &[u64; $n]) -> Result<$t, crate::Error> {
                let (_, borrow) = crate::arith::montgomery::sub_n(limbs, &MODULUS);
                if borrow == 0 {
                    return Err(crate::Error::NotCanonical);
                }
                Ok($t(*limbs).mul(&$t(R2)))
            }

            /// The canonical integer (little-endian limbs, below the modulus).
            pub fn to_limbs(&self) -> [u64; $n] {
                let mut one = [0u64; $n];
                one[0] = 1;
                self.mul(&$t(one)).0
            }

            /// `self + rhs`.
            #[inline(always)]
            pub fn add(&self, rhs: &$t) -> $t {
                use $kernel as k;
                meter_if!([$($add)?], $t(k::add(&self.0, &rhs.0)))
            }

            /// `self - rhs`.
            #[inline(always)]
            pub fn sub(&self, rhs: &$t) -> $t {
                use $kernel as k;
                meter_if!([$($sub)?], $t(k::sub(&self.0, &rhs.0)))
            }

            /// `-self`.
            #[inline(always)]
            pub fn neg(&self) -> $t {
                meter_if!([$($neg)?], $t(crate::arith::montgomery::neg_mod(&self.0, &MODULUS)))
            }

            /// `2 * self`.
            #[inline(always)]
            pub fn double(&self) -> $t {
                self.add(self)
            }

            /// `self * rhs`.
            #[inline(always)]
            pub fn mul(&self, rhs: &$t) -> $t {
                use $kernel as k;
                meter_if!([$($mul)?], $t(k::mul(&self.0, &rhs.0)))
            }

            /// `self^2`.
            #[inline(always)]
            pub fn square(&self) -> $t {
                use $kernel as k;
                meter_if!([$($sqr)?], $t(k::sqr(&self.0)))
            }

            /// Whether `self` is zero.
            #[inline]
            pub fn is_zero(&self) -> subtle::Choice {
                subtle::ConstantTimeEq::ct_eq(self, &$t::ZERO)
            }

            /// `self^exp`, `exp` as little-endian limbs; constant time in the
            /// bits of `exp` for a given number of limbs. `x^0 = 1`.
            pub fn pow(&self, exp: &[u64]) -> $t {
                crate::field::pow(self, exp)
            }

            /// `self^exp` in time that depends on `exp`: public exponents only.
            pub fn pow_vartime(&self, exp: &[u64]) -> $t {
                crate::field::pow_vartime(self, exp)
            }

            /// `1 / self` in constant time (Bernstein-Yang safegcd); none for zero.
            pub fn invert(&self) -> subtle::CtOption<$t> {
                meter_if!([$($inv)?], {
                    // The limbs hold aR; their inverse scaled by R^2 is
                    // a^-1 R, the Montgomery form of the inverse.
                    let inv = crate::arith::safegcd::inv_mod_scaled(&self.0, &MODULUS, &R2);
                    subtle::CtOption::new($t(inv), !self.is_zero())
                })
            }

            /// `1 / self` in variable time; `None` for zero. Public inputs only.
            pub fn invert_vartime(&self) -> Option<$t> {
                meter_if!([$($invv)?], {
                    if bool::from(self.is_zero()) {
                        return None;
                    }
                    let inv = crate::arith::safegcd::inv_mod_vartime(&self.0, &MODULUS);
                    Some($t(inv).mul(&$t(R3)))
                })
            }

            /// The Legendre symbol: 1 for a non-zero square, -1 for a
            /// non-square, 0 for zero (constant time).
            pub fn legendre(&self) -> i8 {
                let e = self.pow_vartime(&MODULUS_MINUS_1_OVER_2);
                let is_one = subtle::ConstantTimeEq::ct_eq(&e, &$t::ONE);
                let is_zero = self.is_zero();
                let v = <i8 as subtle::ConditionallySelectable>::conditional_select(&-1, &1, is_one);
                <i8 as subtle::ConditionallySelectable>::conditional_select(&v, &0, is_zero)
            }

            /// Whether `self` is a square (zero included).
            pub fn is_square(&self) -> subtle::Choice {
                !subtle::ConstantTimeEq::ct_eq(&self.legendre(), &-1)
            }

            /// A uniformly random element (rejection sampling).
            pub fn random(rng: &mut impl rand_core::RngCore) -> $t {
                let top_bits = 64 - MODULUS[$n - 1].leading_zeros();
                loop {
                    let mut l = [0u64; $n];
                    for x in l.iter_mut() {
                        *x = rng.next_u64();
                    }
                    l[$n - 1] &= (1u64 << top_bits) - 1;
                    if let Ok(x) = $t::from_limbs(&l) {
                        return x;
                    }
                }
            }
        }

        impl subtle::ConstantTimeEq for $t {
            #[inline]
            fn ct_eq(&self, other: &$t) -> subtle::Choice {
                // Montgomery forms are canonical (below the modulus): equal
                // elements have equal limbs. One Choice for all limbs.
                let mut diff = 0u64;
                for i in 0..$n {
                    diff |= self.0[i] ^ other.0[i];
                }
                diff.ct_eq(&0)
            }
        }

        impl subtle::ConditionallySelectable for $t {
            #[inline]
            fn conditional_select(a: &$t, b: &$t, choice: subtle::Choice) -> $t {
                let mut l = [0u64; $n];
                for i in 0..$n {
                    l[i] = u64::conditional_select(&a.0[i], &b.0[i], choice);
                }
                $t(l)
            }
        }

        impl core::fmt::Debug for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "0x")?;
                for l in self.to_limbs().iter().rev() {
                    write!(f, "{:016x}", l)?;
                }
                Ok(())
            }
        }

        impl_ops!($t);
    };
}
