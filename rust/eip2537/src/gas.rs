//! The EIP-2537 gas schedule, as the EIP was finalised for Prague.
//!
//! Fixed prices: G1ADD 375, G2ADD 600, MAP_FP_TO_G1 5500, MAP_FP2_TO_G2
//! 23800. PAIRING_CHECK costs `32600 k + 37700` for k pairs.
//!
//! An MSM of k pairs costs `k * m * d(k) / 1000` (integer division), where
//! m is the price of one multiplication (G1 12000, G2 22500) and d(k) the
//! discount of the EIP's table for that group: d(1) = 1000, d(k) falls as k
//! grows (Pippenger's cost per point falls), and for k > 128 it stays at
//! d(128), the maximum discount. The tables are the EIP's, one number per
//! k = 1..=128; the vectors' `Gas` fields check them.
//!
//! For lengths the precompile rejects, [`crate::Precompile::gas`] gives what
//! an EVM would charge before running: the fixed price for ADD and MAP,
//! and for MSM and pairing the price of the whole pairs the input holds
//! (`k = len / pair size`, rounded down; 0 for an MSM with no whole pair).
//! A failing call burns all the gas it was given anyway, so this value only
//! decides whether the call is attempted.

/// G1ADD (0x0b).
pub const G1_ADD: u64 = 375;
/// G2ADD (0x0d).
pub const G2_ADD: u64 = 600;
/// One G1 multiplication: the base of G1MSM's formula.
pub const G1_MUL: u64 = 12000;
/// One G2 multiplication: the base of G2MSM's formula.
pub const G2_MUL: u64 = 22500;
/// PAIRING_CHECK, per pair.
pub const PAIRING_PER_PAIR: u64 = 32600;
/// PAIRING_CHECK, once per call.
pub const PAIRING_BASE: u64 = 37700;
/// MAP_FP_TO_G1 (0x10).
pub const MAP_FP_TO_G1: u64 = 5500;
/// MAP_FP2_TO_G2 (0x11).
pub const MAP_FP2_TO_G2: u64 = 23800;
/// The divisor of the MSM discounts.
pub const MSM_MULTIPLIER: u64 = 1000;

/// G1MSM discount d(k) for k = 1..=128 (index k - 1; 16 per row).
#[rustfmt::skip]
pub const G1_MSM_DISCOUNT: [u16; 128] = [
    1000, 949, 848, 797, 764, 750, 738, 728, 719, 712, 705, 698, 692, 687, 682, 677,
    673, 669, 665, 661, 658, 654, 651, 648, 645, 642, 640, 637, 635, 632, 630, 627,
    625, 623, 621, 619, 617, 615, 613, 611, 609, 608, 606, 604, 603, 601, 599, 598,
    596, 595, 593, 592, 591, 589, 588, 586, 585, 584, 582, 581, 580, 579, 577, 576,
    575, 574, 573, 572, 570, 569, 568, 567, 566, 565, 564, 563, 562, 561, 560, 559,
    558, 557, 556, 555, 554, 553, 552, 551, 550, 549, 548, 547, 547, 546, 545, 544,
    543, 542, 541, 540, 540, 539, 538, 537, 536, 536, 535, 534, 533, 532, 532, 531,
    530, 529, 528, 528, 527, 526, 525, 525, 524, 523, 522, 522, 521, 520, 520, 519,
];

/// G2MSM discount d(k) for k = 1..=128 (index k - 1; 16 per row).
#[rustfmt::skip]
pub const G2_MSM_DISCOUNT: [u16; 128] = [
    1000, 1000, 923, 884, 855, 832, 812, 796, 782, 770, 759, 749, 740, 732, 724, 717,
    711, 704, 699, 693, 688, 683, 679, 674, 670, 666, 663, 659, 655, 652, 649, 646,
    643, 640, 637, 634, 632, 629, 627, 624, 622, 620, 618, 615, 613, 611, 609, 607,
    606, 604, 602, 600, 598, 597, 595, 593, 592, 590, 589, 587, 586, 584, 583, 582,
    580, 579, 578, 576, 575, 574, 573, 571, 570, 569, 568, 567, 566, 565, 563, 562,
    561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 552, 551, 550, 549, 548, 547,
    546, 545, 545, 544, 543, 542, 541, 541, 540, 539, 538, 537, 537, 536, 535, 535,
    534, 533, 532, 532, 531, 530, 530, 529, 528, 528, 527, 526, 526, 525, 524, 524,
];

/// `k * mul * d(k) / 1000` with d from `table` (its last entry for k past
/// its end); 0 for k = 0. Computed in 128 bits and saturated, so that no
/// length, however large, can wrap it to a small price.
pub(crate) fn msm(k: usize, table: &[u16; 128], mul: u64) -> u64 {
    if k == 0 {
        return 0;
    }
    let d = table.get(k - 1).unwrap_or(&table[127]);
    let g = (k as u128) * u128::from(mul) * u128::from(*d) / u128::from(MSM_MULTIPLIER);
    u64::try_from(g).unwrap_or(u64::MAX)
}

/// `32600 k + 37700`, saturated.
pub(crate) fn pairing(k: usize) -> u64 {
    let g = (k as u128) * u128::from(PAIRING_PER_PAIR) + u128::from(PAIRING_BASE);
    u64::try_from(g).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_fall_and_start_at_one() {
        for t in [&G1_MSM_DISCOUNT, &G2_MSM_DISCOUNT] {
            assert_eq!(t[0], 1000);
            assert!(t.windows(2).all(|w| w[1] <= w[0]));
        }
        assert_eq!(G1_MSM_DISCOUNT[127], 519);
        assert_eq!(G2_MSM_DISCOUNT[127], 524);
    }

    #[test]
    fn msm_formula() {
        assert_eq!(msm(0, &G1_MSM_DISCOUNT, G1_MUL), 0);
        assert_eq!(msm(1, &G1_MSM_DISCOUNT, G1_MUL), 12000);
        assert_eq!(msm(2, &G1_MSM_DISCOUNT, G1_MUL), 22776);
        assert_eq!(msm(1, &G2_MSM_DISCOUNT, G2_MUL), 22500);
        assert_eq!(msm(3, &G2_MSM_DISCOUNT, G2_MUL), 62302);
        // Past 128 the discount stays at the maximum.
        assert_eq!(msm(4877, &G1_MSM_DISCOUNT, G1_MUL), 4877 * 12000 * 519 / 1000);
        assert_eq!(msm(usize::MAX, &G2_MSM_DISCOUNT, G2_MUL), u64::MAX);
        assert_eq!(pairing(usize::MAX), u64::MAX);
        assert_eq!(pairing(2), 102900);
    }
}
