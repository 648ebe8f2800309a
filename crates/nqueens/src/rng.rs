//! Reproducible random numbers: xoshiro256** seeded by SplitMix64 (both by
//! Blackman and Vigna), written here so that a seed gives the same estimate,
//! board or sample on every platform and with every version of every
//! dependency.

/// SplitMix64 (Steele, Lea and Flood; Vigna's constants), used to seed
/// xoshiro256**.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// xoshiro256** 1.0 (Blackman and Vigna, 2018).
pub(crate) struct Xoshiro256 {
    s: [u64; 4],
}

impl Xoshiro256 {
    pub(crate) fn new(seed: u64) -> Self {
        let mut sm = seed;
        // SplitMix64 never yields four zeros in a row, so the state is valid.
        Self {
            s: [
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
            ],
        }
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..bound` (`bound > 0`), by Lemire's
    /// multiply-and-reject method: no modulo bias.
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        debug_assert!(bound > 0);
        let mut m = u128::from(self.next_u64()) * u128::from(bound);
        if (m as u64) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(bound);
            }
        }
        (m >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_uniform() {
        let mut rng = Xoshiro256::new(9);
        let mut hits = [0u32; 7];
        for _ in 0..70_000 {
            hits[rng.below(7) as usize] += 1;
        }
        // Each expected 10_000, standard deviation about 93.
        assert!(hits.iter().all(|&h| h.abs_diff(10_000) < 500), "{hits:?}");
    }

    #[test]
    fn xoshiro_reference_output() {
        // The reference implementation, state {1, 2, 3, 4}: 11520, 0, 1509978240.
        let mut rng = Xoshiro256 { s: [1, 2, 3, 4] };
        assert_eq!(rng.next_u64(), 11520);
        assert_eq!(rng.next_u64(), 0);
        assert_eq!(rng.next_u64(), 1_509_978_240);
    }
}
