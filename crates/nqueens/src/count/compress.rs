//! AVX-512's compress (`vpcompressq`) for AVX2: the 64-bit lanes of a
//! 256-bit register that a 4-bit mask picks, packed to its low end by one
//! `vpermd` through a table of the 16 masks.
//!
//! The join engine's branch-free loops (a partition by a bit, the half
//! boards that fit) store each register whole and move their end past
//! the lanes kept; AVX-512 packs eight lanes in one instruction, and this
//! is the same for four on CPUs without it (AMD before Zen 4, most Intel
//! desktops).

use std::arch::x86_64::*;

/// For each mask, the 32-bit lanes that `vpermd` gathers: the two halves
/// of each 64-bit lane the mask picks, in order, then zeros (lanes past
/// those kept hold whatever, and are overwritten or never read).
const TABLE: [[i32; 8]; 16] = {
    let mut t = [[0i32; 8]; 16];
    let mut m = 0;
    while m < 16 {
        let mut k = 0;
        let mut lane = 0;
        while lane < 4 {
            if m >> lane & 1 == 1 {
                t[m][2 * k] = 2 * lane;
                t[m][2 * k + 1] = 2 * lane + 1;
                k += 1;
            }
            lane += 1;
        }
        m += 1;
    }
    t
};

/// The lanes of `v` that `mask` (bits 0 to 3) picks, packed to the low end.
///
/// # Safety
/// The CPU must support AVX2 (callers are AVX2 `target_feature` functions,
/// into which this is inlined).
#[inline(always)]
pub(super) unsafe fn compress(v: __m256i, mask: usize) -> __m256i {
    // SAFETY: mask & 15 indexes the table; each row is 32 bytes.
    unsafe {
        let index = _mm256_loadu_si256(TABLE[mask & 15].as_ptr().cast());
        _mm256_permutevar8x32_epi32(v, index)
    }
}

/// Which 64-bit lanes of `v` are zero, as 4 bits.
///
/// # Safety
/// As for [`compress`].
#[inline(always)]
pub(super) unsafe fn zero_lanes(v: __m256i) -> usize {
    // SAFETY: the caller's.
    unsafe {
        let zero = _mm256_cmpeq_epi64(v, _mm256_setzero_si256());
        _mm256_movemask_pd(_mm256_castsi256_pd(zero)) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mask_packs_its_lanes() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let lanes = [11u64, 22, 33, 44];
        for mask in 0..16usize {
            let mut out = [0u64; 4];
            // SAFETY: AVX2 is there (checked above); both arrays are 32 bytes.
            unsafe {
                let v = _mm256_loadu_si256(lanes.as_ptr().cast());
                _mm256_storeu_si256(out.as_mut_ptr().cast(), compress(v, mask));
                let zeros = [0u64, 5, 0, 7];
                let z = zero_lanes(_mm256_loadu_si256(zeros.as_ptr().cast()));
                assert_eq!(z, 0b0101);
            }
            let kept: Vec<u64> = (0..4)
                .filter(|l| mask >> l & 1 == 1)
                .map(|l| lanes[l])
                .collect();
            assert_eq!(&out[..kept.len()], &kept[..], "mask {mask:04b}");
        }
    }
}
