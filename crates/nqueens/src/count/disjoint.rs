//! Counting disjoint pairs of bit patterns: the hot loop of the
//! [`join`](super::join) engine.
//!
//! Given two lists of 64-bit patterns `a` and `b`, [`count_disjoint`] counts
//! the pairs `(x, y)` with `x & y == 0`. The join engine calls it with the
//! diagonals that east and west half boards leave open, once per row split,
//! and at n = 20 the two lists hold tens of thousands of patterns each, so the
//! pairs number in the billions. Two ideas make that fast:
//!
//! - **Split on bits.** Partition both lists by one bit: the pairs where both
//!   patterns have it can be dropped whole, and the three other quarters are
//!   counted recursively on the remaining bits. Splitting on the bit that
//!   both sides use most drops the most pairs; each call chooses its own,
//!   from a sample of its lists. The lists are partitioned
//!   in place (the order of a list does not matter, so a sub-list can be
//!   reordered by one branch and reused by the next), and the depth is at
//!   most 64, one level per bit.
//! - **Bit-sliced leaves.** Once one side has at most `leaf` patterns, it is
//!   stored bit-sliced: for each bit, a block of 512 bits saying which of 512
//!   patterns have it. A query pattern ORs together the slices of its own
//!   bits; the patterns it is disjoint from are the zeros of the result. One
//!   512-bit OR per query bit tests 512 pairs at once, with AVX-512 in one
//!   instruction, with AVX2 in two, and portably in eight 64-bit ORs.
//!
//! The [`Kernel`] (portable, AVX2, AVX-512 with its popcount instruction) is
//! picked at run time with `is_x86_feature_detected!`; every kernel gives the
//! same counts, which a property test checks.

/// Patterns per bit-sliced block: 8 words of 64 bits.
const BLOCK: usize = 512;
const WORDS: usize = BLOCK / 64;
/// The slice that marks a block's unused positions (past the end of the list).
const PAD: usize = 64;

/// One 512-bit block of a slice, aligned to a cache line, so that no
/// 512-bit load of a block straddles two lines. (As a plain `[u64; 8]` its
/// tables were aligned as the allocator happened to place them, and the
/// leaf loop took half again as long when they were not: n = 20 went from
/// 77 s to 92 s after an unrelated change that moved them.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
struct Block([u64; WORDS]);

impl Block {
    const ZERO: Block = Block([0; WORDS]);
}

impl std::ops::Index<usize> for Block {
    type Output = u64;

    fn index(&self, w: usize) -> &u64 {
        &self.0[w]
    }
}

impl std::ops::IndexMut<usize> for Block {
    fn index_mut(&mut self, w: usize) -> &mut u64 {
        &mut self.0[w]
    }
}

/// An implementation of the leaf loop.
///
/// # Examples
///
/// ```
/// use nqueens::{count_disjoint, DisjointKernel as Kernel, DisjointScratch as Scratch};
///
/// let best = Kernel::best();
/// assert!(best.is_available() && Kernel::Portable.is_available());
/// assert_eq!(Kernel::by_name(best.name()), Some(best));
/// assert_eq!(Kernel::by_name("sse2"), None);
///
/// // Every kernel gives the same count; one this machine lacks runs the
/// // portable loop instead.
/// let a: Vec<u64> = (0..300u64).map(|i| (i * 2_654_435_761) % 4096).collect();
/// let b: Vec<u64> = (0..200u64).map(|i| (i * 40_503 + 7) % 4096).collect();
/// let pairs = a.iter().map(|x| b.iter().filter(|&&y| x & y == 0).count() as u64).sum::<u64>();
/// for kernel in Kernel::ALL {
///     let (mut a, mut b) = (a.clone(), b.clone());
///     let n = count_disjoint(&mut a, &mut b, kernel, 64, &mut Scratch::default());
///     assert_eq!(n, pairs, "{}", kernel.name());
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// Plain 64-bit operations; runs everywhere.
    Portable,
    /// x86-64 AVX2: two 256-bit ORs per block, and the ones counted a
    /// nibble at a time by `vpshufb`; where the CPU also has a fast `pext`
    /// (BMI2, and not AMD before Zen 3), the same grouped tables as
    /// AVX-512's for large leaves. Partitions by a bit take four patterns
    /// at a time, packed by a permutation (AVX2 has no compress).
    Avx2,
    /// x86-64 AVX-512 (F and VPOPCNTDQ) with BMI2: one 512-bit OR per block
    /// and a vector popcount; for large leaves, the slices of every group
    /// of four to nine bits are ORed together ahead in all their 2^g ways,
    /// and a query picks its groups with `pext`. Where the CPU also has
    /// VBMI and GFNI, a leaf's bit transposes use them.
    Avx512,
}

impl Kernel {
    /// Every kernel, fastest first.
    pub const ALL: [Kernel; 3] = [Kernel::Avx512, Kernel::Avx2, Kernel::Portable];

    /// The kernel's name.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }

    /// Whether this machine can run the kernel.
    pub fn is_available(self) -> bool {
        // Asked before every list of half boards (14 million at n = 17)
        // and every join: the CPU is asked once.
        static AVAILABLE: std::sync::OnceLock<[bool; Kernel::ALL.len()]> =
            std::sync::OnceLock::new();
        let available = AVAILABLE.get_or_init(|| {
            let mut by_kernel = [false; Kernel::ALL.len()];
            for k in Kernel::ALL {
                by_kernel[k as usize] = k.detect();
            }
            by_kernel
        });
        available[self as usize]
    }

    /// Whether the CPU has what the kernel needs.
    fn detect(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("popcnt")
            }
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => {
                std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("popcnt")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The fastest kernel this machine can run.
    pub fn best() -> Kernel {
        Kernel::ALL
            .into_iter()
            .find(|k| k.is_available())
            .unwrap_or(Kernel::Portable)
    }

    /// The kernel called `name`, if there is one.
    pub fn by_name(name: &str) -> Option<Kernel> {
        Kernel::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// Reusable buffers, so that a thread allocates once.
///
/// # Examples
///
/// One scratch serves any number of calls, of any sizes:
///
/// ```
/// use nqueens::{count_disjoint, DisjointKernel as Kernel, DisjointScratch as Scratch};
///
/// let mut scratch = Scratch::default();
/// for size in [10u64, 1_000, 100] {
///     let mut a: Vec<u64> = (0..size).map(|i| 1 << (i % 8)).collect();
///     let mut b: Vec<u64> = (0..size).map(|i| 1 << (i % 4)).collect();
///     // Each pattern has one bit: two are disjoint unless it is the same.
///     let expected: u64 = a
///         .iter()
///         .map(|x| b.iter().filter(|&&y| x & y == 0).count() as u64)
///         .sum();
///     let n = count_disjoint(&mut a, &mut b, Kernel::best(), 256, &mut scratch);
///     assert_eq!(n, expected);
/// }
/// ```
#[derive(Debug, Default)]
pub struct Scratch {
    slices: Vec<Block>,
    groups: Vec<Block>,
    /// Room for the patterns a partition moves to the back.
    back: Vec<u64>,
}

/// The number of pairs `(x, y)`, `x` from `a` and `y` from `b`, with
/// `x & y == 0`.
///
/// Both lists are reordered (the count does not depend on the order). `leaf`
/// is the size at which the smaller side is bit-sliced (a few hundred is
/// good; at least 1). An unavailable `kernel` falls back to the portable one.
///
/// ```
/// use nqueens::{count_disjoint, DisjointKernel as Kernel, DisjointScratch as Scratch};
/// let mut a = vec![0b001, 0b010, 0b100, 0b011];
/// let mut b = vec![0b100, 0b001];
/// // 0b100 is disjoint from 0b001, 0b010, 0b011; 0b001 from 0b010, 0b100.
/// let n = count_disjoint(&mut a, &mut b, Kernel::best(), 256, &mut Scratch::default());
/// assert_eq!(n, 5);
/// ```
pub fn count_disjoint(
    a: &mut [u64],
    b: &mut [u64],
    kernel: Kernel,
    leaf: usize,
    scratch: &mut Scratch,
) -> u64 {
    let kernel = if kernel.is_available() {
        kernel
    } else {
        Kernel::Portable
    };
    // A bit that one side never uses cannot make a pair meet: leave it out.
    let live = a.iter().fold(0, |o, x| o | x) & b.iter().fold(0, |o, y| o | y);
    let ctx = Ctx {
        kernel,
        leaf: leaf.clamp(1, MAX_LEAF),
    };
    split(a, b, live, &ctx, scratch, [None; 2]).0
}

/// Patterns sampled from each list to choose a split's bit: one 64×64
/// transpose counts them all.
const SAMPLE: usize = 64;

/// A bit already partitioned by is kept when it drops at least this share
/// (in tenths) of the pairs that the best bit would: its partition is then
/// a binary search.
const KEEP_PARTED: u64 = 9;

/// The bit to split `a` and `b` on: the live bit that drops the most pairs,
/// the one used most on both sides, judged from [`SAMPLE`] patterns of
/// each. A bit that `parted` says a list is partitioned by already is
/// taken instead when it is nearly as good.
fn best_bit(a: &[u64], b: &[u64], live: u64, parted: [Option<u32>; 2], kernel: Kernel) -> u32 {
    let (fa, fb) = (bit_counts(a, kernel), bit_counts(b, kernel));
    let score = |j: u32| u64::from(fa[j as usize]) * u64::from(fb[j as usize]);
    let mut best = live.trailing_zeros();
    let mut m = live;
    while m != 0 {
        let j = m.trailing_zeros();
        if score(j) > score(best) {
            best = j;
        }
        m &= m - 1;
    }
    parted
        .into_iter()
        .flatten()
        .find(|&p| live >> p & 1 == 1 && 10 * score(p) >= KEEP_PARTED * score(best))
        .unwrap_or(best)
}

/// How many of [`SAMPLE`] patterns spread over `xs` have each bit: one
/// transpose and a popcount per bit.
fn bit_counts(xs: &[u64], kernel: Kernel) -> [u32; 64] {
    let mut rows = [0u64; 64];
    for (r, &x) in rows
        .iter_mut()
        .zip(xs.iter().step_by(xs.len() / SAMPLE + 1))
    {
        *r = x;
    }
    transpose_with(kernel, &mut rows);
    rows.map(u64::count_ones)
}

/// How many of the patterns `xs.iter().step_by(step)` have each bit:
/// 64 patterns at a time transposed ([`transpose_with`]), then one
/// popcount per bit, instead of a loop over each pattern's bits.
pub(super) fn bit_counts_stepped(xs: &[u64], step: usize, kernel: Kernel) -> [u64; 64] {
    let mut counts = [0u64; 64];
    let mut rows = [0u64; 64];
    let mut used = 0;
    for &x in xs.iter().step_by(step.max(1)) {
        rows[used] = x;
        used += 1;
        if used == 64 {
            add_bit_counts(&mut counts, &mut rows, kernel);
            used = 0;
        }
    }
    if used > 0 {
        rows[used..].fill(0);
        add_bit_counts(&mut counts, &mut rows, kernel);
    }
    counts
}

/// Adds to `counts` how many of the 64 `rows` have each bit (the rows are
/// transposed in place).
fn add_bit_counts(counts: &mut [u64; 64], rows: &mut [u64; 64], kernel: Kernel) {
    transpose_with(kernel, rows);
    for (c, r) in counts.iter_mut().zip(rows.iter()) {
        *c += u64::from(r.count_ones());
    }
}

struct Ctx {
    kernel: Kernel,
    leaf: usize,
}

/// Moves the patterns without `bit` to the front; returns how many there are.
/// Branch-free (Lomuto's scheme with an unconditional swap): which side a
/// pattern falls on is unpredictable, and a mispredicted branch per pattern
/// would cost more than the swap.
fn partition(xs: &mut [u64], bit: u64) -> usize {
    let mut j = 0;
    for i in 0..xs.len() {
        let x = xs[i];
        xs.swap(i, j);
        j += usize::from(x & bit == 0);
    }
    j
}

/// [`partition`] with the kernel's instructions: with AVX-512, eight
/// patterns at a time, those without `bit` compressed to the front in
/// place and the others into `back`, copied after them at the end (`count
/// 24`'s joins spent a sixth of their time partitioning one at a time).
pub(super) fn partition_with(
    kernel: Kernel,
    xs: &mut [u64],
    bit: u64,
    back: &mut Vec<u64>,
) -> usize {
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx512 {
        if back.len() < xs.len() + 8 {
            back.resize(xs.len() + 8, 0);
        }
        // SAFETY: `count_disjoint` only passes kernels that `is_available`
        // says this CPU supports; `back` has room for the list and 8 more.
        return unsafe { x86::partition(xs, bit, back) };
    }
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx2 && kernel.is_available() {
        if back.len() < xs.len() + 8 {
            back.resize(xs.len() + 8, 0);
        }
        // SAFETY: as above, for AVX2 and POPCNT.
        return unsafe { x86::partition_avx2(xs, bit, back) };
    }
    let _ = (kernel, back);
    partition(xs, bit)
}

/// The recursion on bits; each level leaves one live bit out, so its depth
/// is at most 64.
///
/// Each call chooses its own bit ([`best_bit`]): below a split the lists
/// are no longer a sample of the whole, and the bit that drops the most
/// pairs of a branch is often not the one that did above it (six sampled
/// joins of n = 24 took 8% less time than with one order chosen at the
/// top). `parted` says which bit a list is partitioned by already, if any;
/// returns the count and the bit both lists are left partitioned by. A
/// call that partitions its lists leaves them so, as the calls below it
/// only reorder within the parts: so the first branch's `a0` can serve the
/// second branch and its `b0` the third, and when those branches choose the
/// same bit the part boundary is found by binary search instead of a pass.
/// When a0 (or b0) is small enough to be sliced by both of its branches,
/// they are one leaf instead.
fn split(
    a: &mut [u64],
    b: &mut [u64],
    live: u64,
    ctx: &Ctx,
    scratch: &mut Scratch,
    parted: [Option<u32>; 2],
) -> (u64, Option<u32>) {
    if a.is_empty() || b.is_empty() {
        return (0, None);
    }
    let (small, large) = if a.len() <= b.len() {
        (&*a, &*b)
    } else {
        (&*b, &*a)
    };
    if live == 0 || small.len() <= ctx.leaf {
        return (leaf(small, large, live, ctx.kernel, scratch), None);
    }
    let first = best_bit(a, b, live, parted, ctx.kernel);
    let bit = 1u64 << first;
    let live = live & !bit;
    let mut part = |xs: &mut [u64], by: Option<u32>| {
        if by == Some(first) {
            xs.partition_point(|&x| x & bit == 0)
        } else {
            partition_with(ctx.kernel, xs, bit, &mut scratch.back)
        }
    };
    let pa = part(a, parted[0]);
    let pb = part(b, parted[1]);
    // When both branches of a0 would be leaves that slice a0, one leaf
    // slices it once and takes all of b as queries: a0 lacks the bit, so
    // its pairs with b0 and with b1 are counted alike (8% less time on six
    // sampled n = 24 joins). The same for b0.
    if pa <= ctx.leaf && pa <= pb && pa <= b.len() - pb {
        let a0_all = leaf(&a[..pa], b, live, ctx.kernel, scratch);
        let (a1_only, _) = split(&mut a[pa..], &mut b[..pb], live, ctx, scratch, [None; 2]);
        return (a0_all + a1_only, Some(first));
    }
    if pb <= ctx.leaf && pb <= pa && pb <= a.len() - pa {
        let b0_all = leaf(&b[..pb], a, live, ctx.kernel, scratch);
        let (b1_only, _) = split(&mut a[..pa], &mut b[pb..], live, ctx, scratch, [None; 2]);
        return (b0_all + b1_only, Some(first));
    }
    let (a0, a1) = a.split_at_mut(pa);
    let (b0, b1) = b.split_at_mut(pb);
    let (both, by) = split(a0, b0, live, ctx, scratch, [None; 2]);
    let (b1_only, _) = split(a0, b1, live, ctx, scratch, [by, None]);
    let (a1_only, _) = split(a1, b0, live, ctx, scratch, [None, by]);
    (both + b1_only + a1_only, Some(first))
}

/// Transposes a 64×64 bit matrix: bit `b` of row `r` goes to bit `r` of row
/// `b`. Six rounds of block swaps, no branches (Hacker's Delight, 7-3).
fn transpose64(a: &mut [u64; 64]) {
    let mut j = 32;
    let mut m: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        m ^= m << j;
    }
}

/// [`transpose64`] with AVX-512 VBMI and GFNI when the kernel is AVX-512
/// and the CPU has them (a leaf's 64×64 transposes took 6% of six sampled
/// n = 24 joins one bit swap at a time).
fn transpose_with(kernel: Kernel, a: &mut [u64; 64]) {
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx512 && x86::has_gfni() {
        // SAFETY: `has_gfni` says the CPU has AVX-512 F, VBMI and GFNI.
        return unsafe { x86::transpose64(a) };
    }
    let _ = kernel;
    transpose64(a);
}

/// Most blocks a leaf slices: a query ORs each of its slices into this many
/// accumulators at once, so that the loop over its bits (whose length the
/// branch predictor cannot guess) is paid once per query, not once per block.
const MAX_BLOCKS: usize = 4;

/// The largest side a leaf can slice.
pub const MAX_LEAF: usize = MAX_BLOCKS * BLOCK;

/// Below this many pairs a leaf tests them one by one.
const DIRECT_PAIRS: usize = 4096;

/// Bit-slices `sliced` (at most [`MAX_LEAF`] patterns) and counts, for each
/// query, the patterns it is disjoint from. Only the `live` bits are looked at.
fn leaf(sliced: &[u64], queries: &[u64], live: u64, kernel: Kernel, scratch: &mut Scratch) -> u64 {
    if sliced.is_empty() || queries.is_empty() {
        return 0;
    }
    if sliced.len() > MAX_LEAF {
        // Only when every bit is split already; cut the sliced side.
        let (x, y) = sliced.split_at(MAX_LEAF);
        return leaf(x, queries, live, kernel, scratch) + leaf(y, queries, live, kernel, scratch);
    }
    if sliced.len() * queries.len() <= DIRECT_PAIRS {
        // Too few pairs to pay for slicing: test them one by one (a loop
        // the compiler vectorises).
        return queries
            .iter()
            .map(|&q| sliced.iter().filter(|&&x| x & q & live == 0).count() as u64)
            .sum();
    }
    let blocks = sliced.len().div_ceil(BLOCK);
    // Layout: slice of bit j, block b at j * blocks + b; PAD after bit 63.
    // Only the live bits' slices are read, so only they (and PAD) are
    // written: every word of them, zeros past the end.
    let slices = &mut scratch.slices;
    if slices.len() < (PAD + 1) * blocks {
        slices.resize((PAD + 1) * blocks, Block::ZERO);
    }
    let mut rows = [0u64; 64];
    for g in 0..blocks * WORDS {
        let group = sliced
            .get(g * 64..)
            .map_or(&[][..], |rest| &rest[..rest.len().min(64)]);
        // (Whole groups are copied at a fixed size, and the empty ones past
        // the end zero the rows once: clearing the rows for every group
        // took 3% of count 17.)
        match group.len() {
            64 => rows.copy_from_slice(group),
            0 if g > sliced.len().div_ceil(64) => {}
            used => {
                rows[..used].copy_from_slice(group);
                rows[used..].fill(0);
            }
        }
        if !group.is_empty() {
            transpose_with(kernel, &mut rows);
        }
        let (b, w) = (g / WORDS, g % WORDS);
        let mut m = live;
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            slices[j * blocks + b][w] = rows[j];
            m &= m - 1;
        }
        // Positions past the end never count.
        let used = group.len();
        slices[PAD * blocks + b][w] = if used == 64 { 0 } else { !0u64 << used };
    }
    let slices = &slices[..];
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx512 && queries.len() >= GROUPED_FROM {
        let groups = &mut scratch.groups;
        // A last block with no pattern in its upper half is read half
        // (`x86::ones_grouped`).
        let half = (sliced.len() - 1) % BLOCK < BLOCK / 2;
        // SAFETY (all four): `count_disjoint` only passes kernels that
        // `is_available` says this CPU supports.
        let conflicting = match group_bits(live.count_ones() as usize, queries.len()) {
            9 => unsafe { grouped::<9>(slices, blocks, queries, live, groups, half) },
            8 => unsafe { grouped::<8>(slices, blocks, queries, live, groups, half) },
            6 => unsafe { grouped::<6>(slices, blocks, queries, live, groups, half) },
            _ => unsafe { grouped::<GROUP_BITS>(slices, blocks, queries, live, groups, half) },
        };
        let read = blocks * BLOCK - if half { BLOCK / 2 } else { 0 };
        return (queries.len() * read) as u64 - conflicting;
    }
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx2 && queries.len() >= GROUPED_FROM && x86::has_fast_pext() {
        let groups = &mut scratch.groups;
        let half = (sliced.len() - 1) % BLOCK < BLOCK / 2;
        // SAFETY (all four): `count_disjoint` only passes kernels that
        // `is_available` says this CPU supports, and `has_fast_pext` says
        // it has BMI2.
        let conflicting = match group_bits(live.count_ones() as usize, queries.len()) {
            9 => unsafe { grouped_avx2::<9>(slices, blocks, queries, live, groups, half) },
            8 => unsafe { grouped_avx2::<8>(slices, blocks, queries, live, groups, half) },
            6 => unsafe { grouped_avx2::<6>(slices, blocks, queries, live, groups, half) },
            _ => unsafe { grouped_avx2::<GROUP_BITS>(slices, blocks, queries, live, groups, half) },
        };
        let read = blocks * BLOCK - if half { BLOCK / 2 } else { 0 };
        return (queries.len() * read) as u64 - conflicting;
    }
    let conflicting = match (kernel, blocks) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY (all four): `count_disjoint` only passes kernels that
        // `is_available` says this CPU supports.
        (Kernel::Avx512, 1) => unsafe { x86::ones_avx512::<1>(slices, queries, live) },
        #[cfg(target_arch = "x86_64")]
        (Kernel::Avx512, 2) => unsafe { x86::ones_avx512::<2>(slices, queries, live) },
        #[cfg(target_arch = "x86_64")]
        (Kernel::Avx512, 3) => unsafe { x86::ones_avx512::<3>(slices, queries, live) },
        #[cfg(target_arch = "x86_64")]
        (Kernel::Avx512, _) => unsafe { x86::ones_avx512::<4>(slices, queries, live) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        (Kernel::Avx2, _) => unsafe { x86::ones_avx2(slices, blocks, queries, live) },
        _ => ones_portable(slices, blocks, queries, live),
    };
    (queries.len() * blocks * BLOCK) as u64 - conflicting
}

/// Bits per group of the grouped kernel with fewer than [`WIDE_FROM`]
/// queries.
const GROUP_BITS: usize = 4;
/// Queries from which building the group tables pays: 16 ORs per group and
/// block, against one load per group saved on each query.
const GROUPED_FROM: usize = 48;
/// Queries from which wider groups pay: a group of g bits takes 2^g ORs
/// per block to build and one load per query and block, so wide groups pay
/// from many queries on; the tables of six bits (up to 180 KB) no longer
/// fit the first-level cache, which the loads saved make up for from a few
/// hundred queries on. Measured on one build, one run each: `count 20 -j2`
/// took 56.2 s with groups of four only, 45.4 s with six from 512 queries,
/// 42.9 s with eight from 4,096 too; `count 18 -j1` 2.13 s, 1.71 s.
const WIDE_FROM: usize = 512;

/// An OR of a block into a group table costs about this many loads of a
/// query (it is a load and a store, into the second-level cache, and the
/// tables push the slices out of the first). Six sampled joins of n = 24
/// took about the same time from 4 to 8, 2% longer with 2, 5% with 16.
/// Since the tables are built by doubling ([`build_groups`]), 3 took 5%
/// less time than 6 on sampled splits of n = 24 and 3% to 4% more at n = 25
/// and 27 (medians of 7 runs, alternating), so 6 stays.
const BUILD_COST: usize = 6;

/// The bits per group for a leaf of `live` bits and `queries` queries:
/// from [`WIDE_FROM`] queries on, of six, eight or nine bits, whichever
/// costs the fewest loads and table ORs. The number of groups counts, not
/// the width alone: 33 live bits make four groups of nine (the last of
/// six), not five of eight with one bit left for the fifth.
fn group_bits(live: usize, queries: usize) -> usize {
    if queries < WIDE_FROM {
        return GROUP_BITS;
    }
    let cost = |g: usize| {
        let groups = live.div_ceil(g).max(1);
        groups * queries + BUILD_COST * groups * (1 << g)
    };
    [6, 8, 9]
        .into_iter()
        .min_by_key(|&g| cost(g))
        .unwrap_or(GROUP_BITS)
}

/// The pairs that meet: the grouped tables of `G` bits built from
/// `slices` into `tables`, then every query looked up. With `half`, the
/// last block holds no pattern in its upper 256 bits, which are left
/// unread (and uncounted).
///
/// # Safety
/// The CPU must support AVX-512 F, VPOPCNTDQ and BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn grouped<const G: usize>(
    slices: &[Block],
    blocks: usize,
    queries: &[u64],
    live: u64,
    tables: &mut Vec<Block>,
    half: bool,
) -> u64 {
    let groups = build_groups::<G>(slices, blocks, live, tables);
    let t = &tables[..];
    // SAFETY: the caller's.
    unsafe {
        match (blocks, half) {
            (1, true) => x86::ones_grouped::<0, true, G>(t, groups, queries, live),
            (1, false) => x86::ones_grouped::<1, false, G>(t, groups, queries, live),
            (2, true) => x86::ones_grouped::<1, true, G>(t, groups, queries, live),
            (2, false) => x86::ones_grouped::<2, false, G>(t, groups, queries, live),
            (3, true) => x86::ones_grouped::<2, true, G>(t, groups, queries, live),
            (3, false) => x86::ones_grouped::<3, false, G>(t, groups, queries, live),
            (_, true) => x86::ones_grouped::<3, true, G>(t, groups, queries, live),
            (_, false) => x86::ones_grouped::<4, false, G>(t, groups, queries, live),
        }
    }
}

/// [`grouped`] with 256-bit registers: the same tables, built with AVX2,
/// and [`x86::ones_grouped_avx2`].
///
/// # Safety
/// The CPU must support AVX2, POPCNT and BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn grouped_avx2<const G: usize>(
    slices: &[Block],
    blocks: usize,
    queries: &[u64],
    live: u64,
    tables: &mut Vec<Block>,
    half: bool,
) -> u64 {
    let groups = build_groups_avx2::<G>(slices, blocks, live, tables);
    let t = &tables[..];
    // SAFETY: the caller's.
    unsafe {
        match (blocks, half) {
            (1, true) => x86::ones_grouped_avx2::<0, true, G>(t, groups, queries, live),
            (1, false) => x86::ones_grouped_avx2::<1, false, G>(t, groups, queries, live),
            (2, true) => x86::ones_grouped_avx2::<1, true, G>(t, groups, queries, live),
            (2, false) => x86::ones_grouped_avx2::<2, false, G>(t, groups, queries, live),
            (3, true) => x86::ones_grouped_avx2::<2, true, G>(t, groups, queries, live),
            (3, false) => x86::ones_grouped_avx2::<3, false, G>(t, groups, queries, live),
            (_, true) => x86::ones_grouped_avx2::<3, true, G>(t, groups, queries, live),
            (_, false) => x86::ones_grouped_avx2::<4, false, G>(t, groups, queries, live),
        }
    }
}

/// Builds the grouped tables: the live bits, in order, fall into groups of
/// `G`; entry `s` of group `k`, block `b` (at `((k << G) + s) * blocks +
/// b`) is the OR of the slices of the bits that `s` picks, and group 0 also
/// carries the padding. Returns the number of groups. (Compiled for
/// AVX-512, a block is ORed in one instruction: the tables of six and eight
/// bits take four and sixteen times the ORs of four.)
///
/// A group's table is built by doubling: entries `2^i..2^(i + 1)` are
/// entries `0..2^i` with the slice of member i ORed in, a sequential pass
/// that reads what was written a while before. Built entry by entry from
/// `s & (s - 1)`, each odd entry read back the one stored just before it:
/// the build took 2.3% of a profile of 60 sampled n = 27 splits that way,
/// 0.95% this way, and the splits took 5% to 7% less time at n = 24 and 27
/// (medians of 7 runs, alternating; n = 25 within noise). Two members at
/// a time, each entry below read once for the three above it, was slower:
/// one split of n = 28 took 87 s against 80 s (two runs each), n = 27's
/// sampled splits as long as before.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn build_groups<const G: usize>(
    slices: &[Block],
    blocks: usize,
    live: u64,
    out: &mut Vec<Block>,
) -> usize {
    build_groups_inline::<G>(slices, blocks, live, out)
}

/// [`build_groups`] compiled for AVX2 (a block in two 256-bit ORs).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn build_groups_avx2<const G: usize>(
    slices: &[Block],
    blocks: usize,
    live: u64,
    out: &mut Vec<Block>,
) -> usize {
    build_groups_inline::<G>(slices, blocks, live, out)
}

/// The body of [`build_groups`], inlined into each function that compiles
/// it for a kernel's instructions.
#[inline(always)]
fn build_groups_inline<const G: usize>(
    slices: &[Block],
    blocks: usize,
    live: u64,
    out: &mut Vec<Block>,
) -> usize {
    let combos = 1 << G;
    let bits: Vec<usize> = (0..64).filter(|&j| live >> j & 1 == 1).collect();
    let groups = bits.len().div_ceil(G).max(1);
    // Every entry below is written before it is read: no need to clear.
    if out.len() < groups * combos * blocks {
        out.resize(groups * combos * blocks, Block::ZERO);
    }
    for k in 0..groups {
        let members = &bits[(k * G).min(bits.len())..((k + 1) * G).min(bits.len())];
        let table = &mut out[k * combos * blocks..(k + 1) * combos * blocks];
        for (b, entry) in table[..blocks].iter_mut().enumerate() {
            *entry = if k == 0 {
                slices[PAD * blocks + b]
            } else {
                Block::ZERO
            };
        }
        // Doubling: entries 2^i..2^(i + 1) are those below with member i.
        // (A short last group's entries past 2^members are never read: a
        // query's packed bits stop at its last member.)
        for (i, &j) in members.iter().enumerate() {
            let (low, high) = table.split_at_mut(blocks << i);
            let slice = &slices[j * blocks..(j + 1) * blocks];
            for (h, l) in high[..blocks << i]
                .chunks_exact_mut(blocks)
                .zip(low.chunks_exact(blocks))
            {
                for ((h, l), s) in h.iter_mut().zip(l).zip(slice) {
                    for w in 0..WORDS {
                        h[w] = l[w] | s[w];
                    }
                }
            }
        }
    }
    groups
}

/// For every query and block, the number of ones in PAD | the query's slices:
/// the pairs that meet, plus the padding.
fn ones_portable(slices: &[Block], blocks: usize, queries: &[u64], live: u64) -> u64 {
    let mut ones = 0u64;
    let mut acc = [Block::ZERO; MAX_BLOCKS];
    let acc = &mut acc[..blocks];
    for &q in queries {
        acc.copy_from_slice(&slices[PAD * blocks..(PAD + 1) * blocks]);
        let mut m = q & live;
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            for (a, s) in acc.iter_mut().zip(&slices[j * blocks..(j + 1) * blocks]) {
                for w in 0..WORDS {
                    a[w] |= s[w];
                }
            }
            m &= m - 1;
        }
        ones += acc
            .iter()
            .flat_map(|b| b.0)
            .map(|w| u64::from(w.count_ones()))
            .sum::<u64>();
    }
    ones
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Block, MAX_BLOCKS, PAD};
    use crate::count::compress::{compress, zero_lanes};
    use std::arch::x86_64::*;

    /// [`super::partition`] eight patterns at a time (see
    /// [`super::partition_with`]); the patterns without `bit` keep their
    /// order, and so do the others.
    ///
    /// # Safety
    /// The CPU must support AVX-512 F and POPCNT; `back` must have room for
    /// `xs.len()` patterns and 8 more.
    #[target_feature(enable = "avx512f,popcnt")]
    pub(super) unsafe fn partition(xs: &mut [u64], bit: u64, back: &mut [u64]) -> usize {
        let len = xs.len();
        assert!(back.len() >= len + 8);
        let b = _mm512_set1_epi64(bit as i64);
        let (l, t) = (xs.as_mut_ptr(), back.as_mut_ptr());
        let (mut w0, mut w1) = (0, 0);
        let mut i = 0;
        while i + 8 <= len {
            // SAFETY: the load reads xs[i..i + 8]; the stores write 8
            // lanes from w0 <= i in `xs` (within what was read) and from
            // w1 <= i in `back` (within len + 8).
            unsafe {
                let x = _mm512_loadu_si512(l.add(i).cast());
                let without = _mm512_testn_epi64_mask(x, b);
                _mm512_storeu_si512(l.add(w0).cast(), _mm512_maskz_compress_epi64(without, x));
                _mm512_storeu_si512(t.add(w1).cast(), _mm512_maskz_compress_epi64(!without, x));
                w0 += without.count_ones() as usize;
                w1 += 8 - without.count_ones() as usize;
            }
            i += 8;
        }
        if i < len {
            let lanes: __mmask8 = (1u8 << (len - i)) - 1;
            // SAFETY: the load reads lanes below len - i only; the stores
            // write only the lanes kept, within what was read in `xs` and
            // within len of `back`.
            unsafe {
                let x = _mm512_maskz_loadu_epi64(lanes, l.add(i).cast());
                let without = _mm512_mask_testn_epi64_mask(lanes, x, b);
                let with = lanes & !without;
                let first = |m: __mmask8| ((1u16 << m.count_ones()) - 1) as u8;
                _mm512_mask_storeu_epi64(
                    l.add(w0).cast(),
                    first(without),
                    _mm512_maskz_compress_epi64(without, x),
                );
                _mm512_mask_storeu_epi64(
                    t.add(w1).cast(),
                    first(with),
                    _mm512_maskz_compress_epi64(with, x),
                );
                w0 += without.count_ones() as usize;
                w1 += with.count_ones() as usize;
            }
        }
        debug_assert_eq!(w0 + w1, len);
        xs[w0..].copy_from_slice(&back[..w1]);
        w0
    }

    /// [`partition`] four patterns at a time with AVX2, each kind packed
    /// by [`compress`]; the last few one at a time.
    ///
    /// # Safety
    /// The CPU must support AVX2 and POPCNT; `back` must have room for
    /// `xs.len()` patterns and 8 more.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn partition_avx2(xs: &mut [u64], bit: u64, back: &mut [u64]) -> usize {
        let len = xs.len();
        assert!(back.len() >= len + 8);
        let b = _mm256_set1_epi64x(bit as i64);
        let (l, t) = (xs.as_mut_ptr(), back.as_mut_ptr());
        let (mut w0, mut w1) = (0, 0);
        let mut i = 0;
        while i + 4 <= len {
            // SAFETY: the load reads xs[i..i + 4]; the stores write 4 lanes
            // from w0 <= i in `xs` (within what was read) and from w1 <= i
            // in `back` (within len + 8).
            unsafe {
                let x = _mm256_loadu_si256(l.add(i).cast());
                let without = zero_lanes(_mm256_and_si256(x, b));
                _mm256_storeu_si256(l.add(w0).cast(), compress(x, without));
                _mm256_storeu_si256(t.add(w1).cast(), compress(x, without ^ 0xF));
                let kept = without.count_ones() as usize;
                w0 += kept;
                w1 += 4 - kept;
            }
            i += 4;
        }
        while i < len {
            let x = xs[i];
            xs[w0] = x;
            back[w1] = x;
            let without = usize::from(x & bit == 0);
            w0 += without;
            w1 += 1 - without;
            i += 1;
        }
        debug_assert_eq!(w0 + w1, len);
        xs[w0..].copy_from_slice(&back[..w1]);
        w0
    }

    /// Whether the CPU has what [`transpose64`] needs (asked once).
    pub(super) fn has_gfni() -> bool {
        static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *HAS.get_or_init(|| {
            std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512vbmi")
                && std::arch::is_x86_feature_detected!("gfni")
        })
    }

    /// [`super::transpose64`] eight rows to a register, in four steps.
    /// Call the rows' bytes a cube: row `8k + i`, byte `c`, bit `j`.
    ///
    /// 1. Register k holds rows `8k..8k + 8`; one byte permutation gives
    ///    each lane c the bytes c of those rows, last row first.
    /// 2. Each lane is then an 8×8 bit matrix; `gf2p8affine` with the
    ///    unit vectors as data transposes it (the reversed row order makes
    ///    up for the instruction numbering a matrix's rows from the top):
    ///    lane c, byte j now holds bit `8c + j` of the rows `8k..8k + 8`,
    ///    which is byte k of output row `8c + j`.
    /// 3. The 8×8 matrix of lanes is transposed across the registers (three
    ///    rounds of two-register permutations): register c, lane k.
    /// 4. A byte permutation in each register moves byte j of lane k to
    ///    byte k of lane j: register c, lane j is output row `8c + j`.
    ///
    /// # Safety
    /// The CPU must support AVX-512 F, VBMI and GFNI.
    #[target_feature(enable = "avx512f,avx512vbmi,gfni")]
    pub(super) unsafe fn transpose64(a: &mut [u64; 64]) {
        // SAFETY (the loads of the tables): each is 64 bytes.
        let table = |t: &[u8; 64]| unsafe { _mm512_loadu_si512(t.as_ptr().cast()) };
        let (to_lanes, to_rows) = (table(&TO_LANES), table(&TO_ROWS));
        let units = _mm512_set1_epi64(0x8040_2010_0804_0201_u64 as i64);
        let p = a.as_mut_ptr();
        let mut r = [_mm512_setzero_si512(); 8];
        for (k, reg) in r.iter_mut().enumerate() {
            // SAFETY: rows 8k..8k + 8 of the 64.
            let x = unsafe { _mm512_loadu_si512(p.add(8 * k).cast()) };
            let x = _mm512_permutexvar_epi8(to_lanes, x);
            *reg = _mm512_gf2p8affine_epi64_epi8(units, x, 0);
        }
        for (s, [lo, hi]) in WORD_ROUNDS {
            // SAFETY: each table is 64 bytes.
            let (lo, hi) = unsafe {
                (
                    _mm512_loadu_si512(lo.as_ptr().cast()),
                    _mm512_loadu_si512(hi.as_ptr().cast()),
                )
            };
            for i in 0..8 {
                if i & s == 0 {
                    let (x, y) = (r[i], r[i + s]);
                    r[i] = _mm512_permutex2var_epi64(x, lo, y);
                    r[i + s] = _mm512_permutex2var_epi64(x, hi, y);
                }
            }
        }
        for (c, reg) in r.iter().enumerate() {
            // SAFETY: rows 8c..8c + 8 of the 64.
            unsafe {
                _mm512_storeu_si512(p.add(8 * c).cast(), _mm512_permutexvar_epi8(to_rows, *reg))
            };
        }
    }

    /// [`transpose64`]'s first byte permutation: byte `8c + 7 - i` of the
    /// result from byte `8i + c`.
    const TO_LANES: [u8; 64] = {
        let mut t = [0u8; 64];
        let mut d = 0;
        while d < 64 {
            t[d] = (8 * (7 - d % 8) + d / 8) as u8;
            d += 1;
        }
        t
    };

    /// [`transpose64`]'s last byte permutation: byte `8j + k` of the result
    /// from byte `8k + j`.
    const TO_ROWS: [u8; 64] = {
        let mut t = [0u8; 64];
        let mut d = 0;
        while d < 64 {
            t[d] = (8 * (d % 8) + d / 8) as u8;
            d += 1;
        }
        t
    };

    /// [`transpose64`]'s rounds across registers: for each block size s,
    /// the word indices (into a register and the one s after it, from 8 on)
    /// of the two results, which swap the off-diagonal s×s blocks.
    const WORD_ROUNDS: [(usize, [[i64; 8]; 2]); 3] =
        [(4, word_round(4)), (2, word_round(2)), (1, word_round(1))];

    const fn word_round(s: usize) -> [[i64; 8]; 2] {
        let mut t = [[0i64; 8]; 2];
        let mut j = 0;
        while j < 8 {
            (t[0][j], t[1][j]) = if j & s == 0 {
                (j as i64, (j + s) as i64)
            } else {
                ((8 + j - s) as i64, (8 + j) as i64)
            };
            j += 1;
        }
        t
    }

    /// [`super::ones_portable`] with 512-bit registers, for `B` blocks.
    ///
    /// # Safety
    /// The CPU must support AVX-512 F and VPOPCNTDQ.
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    pub(super) unsafe fn ones_avx512<const B: usize>(
        slices: &[Block],
        queries: &[u64],
        live: u64,
    ) -> u64 {
        assert!(slices.len() >= (PAD + 1) * B);
        let base = slices.as_ptr();
        let load = |i: usize| {
            // SAFETY: i < (PAD + 1) * B <= slices.len() (checked above, and
            // every bit index is below 64 = PAD); a Block is 64 bytes.
            unsafe { _mm512_loadu_si512(base.add(i).cast()) }
        };
        let mut pad = [_mm512_setzero_si512(); B];
        for (b, p) in pad.iter_mut().enumerate() {
            *p = load(PAD * B + b);
        }
        let mut total = _mm512_setzero_si512();
        for &q in queries {
            let mut acc = pad;
            let mut m = q & live;
            while m != 0 {
                let j = m.trailing_zeros() as usize;
                for (b, a) in acc.iter_mut().enumerate() {
                    *a = _mm512_or_si512(*a, load(j * B + b));
                }
                m &= m - 1;
            }
            for a in acc {
                total = _mm512_add_epi64(total, _mm512_popcnt_epi64(a));
            }
        }
        _mm512_reduce_add_epi64(total) as u64
    }

    /// [`ones_avx512`] with the grouped tables of [`super::build_groups`]:
    /// `pext` packs the query's live bits, and each group of `G` bits picks one
    /// table entry, so every query costs the same number of loads and the
    /// loop has a fixed length. An entry holds `F` whole blocks and, with
    /// `HALF`, one more of which only the lower 256 bits are read: the
    /// sliced side's last block when its upper half is all padding.
    ///
    /// A leaf's side fills its last block about half on average, so that a
    /// fifth of the pairs a leaf tested were padding (0.84 of them real at
    /// n = 24, 0.79 at n = 27, on the splits of `join::sizes::chunk_timing`);
    /// reading half blocks where they are enough leaves 0.91 and 0.89, and
    /// the sampled splits took 0.96 to 0.97 of the time at n = 24, 25 and 27
    /// (medians of three runs or more, alternating), `count 19 -j 1` 12.47 s
    /// against 12.83 s (three each). Moving the half blocks to a table of
    /// their own, two to a cache line, was slower (the moves cost more than
    /// the lines they save).
    ///
    /// Two groups' entries are ORed in at once, with one three-way
    /// `vpternlogq` (two instructions a block for four groups, against three
    /// ORs): the sampled splits took 0.95 of the time at n = 27 (4.28 s
    /// against 4.49 s, medians of four runs, alternating), 0.97 at n = 24
    /// and 26, and one split of n = 28 78.3 s against 80.8 s (two runs
    /// each). The loads, which stay as many, are most of the loop's time.
    ///
    /// # Safety
    /// The CPU must support AVX-512 F, VPOPCNTDQ and BMI2.
    #[target_feature(enable = "avx512f,avx512vpopcntdq,bmi2")]
    pub(super) unsafe fn ones_grouped<const F: usize, const HALF: bool, const G: usize>(
        table: &[Block],
        groups: usize,
        queries: &[u64],
        live: u64,
    ) -> u64 {
        let combos = 1 << G;
        let stride = F + usize::from(HALF);
        assert!(table.len() >= groups * combos * stride && groups * G < 64 + G);
        let base = table.as_ptr();
        let load = |i: usize| {
            // SAFETY: i < groups * combos * stride <= table.len() (checked
            // above); a Block is 64 bytes.
            unsafe { _mm512_loadu_si512(base.add(i).cast()) }
        };
        let load_half = |i: usize| {
            // SAFETY: as for `load`; the lower 32 bytes of a block.
            unsafe { _mm256_loadu_si256(base.add(i).cast()) }
        };
        let mask = (combos - 1) as u64;
        let mut total = _mm512_setzero_si512();
        let entry =
            |packed: u64, k: usize| (k * combos + (packed >> (k * G) & mask) as usize) * stride;
        for &q in queries {
            let packed = _pext_u64(q, live);
            let mut acc = [_mm512_setzero_si512(); F];
            let mut last = _mm256_setzero_si256();
            // Two groups at a time, in one three-way OR each (a lone last
            // group in a plain one). The bound is a constant, at least
            // `groups` (asserted above), so the loop is unrolled and left
            // early.
            for k in (0..64usize.div_ceil(G)).step_by(2) {
                if k >= groups {
                    break;
                }
                let at = entry(packed, k);
                if k + 1 < groups {
                    let to = entry(packed, k + 1);
                    for (b, a) in acc.iter_mut().enumerate() {
                        *a = _mm512_ternarylogic_epi64::<0xFE>(*a, load(at + b), load(to + b));
                    }
                    if HALF {
                        let pair = _mm256_or_si256(load_half(at + F), load_half(to + F));
                        last = _mm256_or_si256(last, pair);
                    }
                } else {
                    for (b, a) in acc.iter_mut().enumerate() {
                        *a = _mm512_or_si512(*a, load(at + b));
                    }
                    if HALF {
                        last = _mm256_or_si256(last, load_half(at + F));
                    }
                }
            }
            for a in acc {
                total = _mm512_add_epi64(total, _mm512_popcnt_epi64(a));
            }
            if HALF {
                let last = _mm512_zextsi256_si512(last);
                total = _mm512_add_epi64(total, _mm512_popcnt_epi64(last));
            }
        }
        _mm512_reduce_add_epi64(total) as u64
    }

    /// Whether `pext` is fast on this CPU (asked once): BMI2, and not one
    /// of AMD's families 15h to 18h (up to Zen 2), which run it in
    /// microcode, tens to hundreds of cycles by the bits of its mask,
    /// more than a query's loads.
    pub(super) fn has_fast_pext() -> bool {
        static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *FAST.get_or_init(|| {
            if !std::arch::is_x86_feature_detected!("bmi2") {
                return false;
            }
            let vendor = __cpuid(0);
            let amd = [vendor.ebx, vendor.edx, vendor.ecx] == AUTHENTIC_AMD;
            let eax = __cpuid(1).eax;
            let base = (eax >> 8) & 0xF;
            let family = if base == 0xF {
                base + ((eax >> 20) & 0xFF)
            } else {
                base
            };
            !amd || family >= 0x19
        })
    }

    /// "AuthenticAMD" as `cpuid` leaf 0 spells it in EBX, EDX and ECX.
    const AUTHENTIC_AMD: [u32; 3] = [
        u32::from_le_bytes(*b"Auth"),
        u32::from_le_bytes(*b"enti"),
        u32::from_le_bytes(*b"cAMD"),
    ];

    /// The number of ones in each byte of `v` (0 to 8): its nibbles looked
    /// up in a table of 16 by `vpshufb` (W. Mula's method; AVX2 has no
    /// vector popcount).
    #[inline(always)]
    fn byte_ones(v: __m256i) -> __m256i {
        // SAFETY: the caller is compiled with AVX2 (every caller is an
        // AVX2 `target_feature` function, into which this is inlined).
        unsafe {
            let table = _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                2, 3, 3, 4,
            );
            let low = _mm256_set1_epi8(0x0F);
            let lo = _mm256_and_si256(v, low);
            let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), low);
            _mm256_add_epi8(
                _mm256_shuffle_epi8(table, lo),
                _mm256_shuffle_epi8(table, hi),
            )
        }
    }

    /// [`ones_grouped`] with 256-bit registers: the same tables and the same
    /// `pext`, each block in two loads and ORs, and the ones counted by
    /// [`byte_ones`], their bytes summed once a query with `vpsadbw`.
    ///
    /// Until it, AVX2 machines ORed one slice a query bit (about four
    /// times the loads of four groups of eight or nine bits). On a 2-core
    /// AMD EPYC of family 25 model 1 (Zen 3, no AVX-512), with a helper's
    /// audit running beside it, the sampled splits of
    /// `join::sizes::chunk_timing` took 7.7 and 7.0 s against 17.4 and
    /// 16.2 s at n = 24 (12 splits), 14.5 s against 30.3 s at n = 27 (60
    /// splits), runs alternating; with the partitions and the half boards'
    /// pairs four at a time as well ([`partition_avx2`],
    /// `pairs::x86::partition_avx2`, `append_pairs_avx2`), 5.6 and 5.9 s
    /// against 12.9 s, and 12.1 s against 27.8 s. The ones' count takes
    /// most of the loop's instructions (seven a register), but fewer did
    /// not make it faster: the registers added in carry-save form (Harley
    /// and Seal: each block's halves into a running sum, the carries two
    /// by two into the next, one count a query of eight registers instead
    /// of eight) took 12.7 and 12.3 s against 12.5 and 12.6 s at n = 27,
    /// 6.3 and 6.1 s against 6.1 and 5.7 s at n = 24 (quiet, alternating).
    ///
    /// # Safety
    /// The CPU must support AVX2 and BMI2.
    #[target_feature(enable = "avx2,bmi2")]
    pub(super) unsafe fn ones_grouped_avx2<const F: usize, const HALF: bool, const G: usize>(
        table: &[Block],
        groups: usize,
        queries: &[u64],
        live: u64,
    ) -> u64 {
        let combos = 1 << G;
        let stride = F + usize::from(HALF);
        assert!(table.len() >= groups * combos * stride && groups * G < 64 + G);
        let base = table.as_ptr().cast::<u64>();
        let load = |i: usize, half: usize| {
            // SAFETY: i < groups * combos * stride <= table.len() (checked
            // above); each Block is two 32-byte halves.
            unsafe { _mm256_loadu_si256(base.add(8 * i + 4 * half).cast()) }
        };
        let mask = (combos - 1) as u64;
        let entry =
            |packed: u64, k: usize| (k * combos + (packed >> (k * G) & mask) as usize) * stride;
        let mut total = _mm256_setzero_si256();
        for &q in queries {
            let packed = _pext_u64(q, live);
            let mut acc = [[_mm256_setzero_si256(); 2]; F];
            let mut last = _mm256_setzero_si256();
            // The bound is a constant, at least `groups` (asserted above),
            // so the loop is unrolled and left early.
            for k in 0..64usize.div_ceil(G) {
                if k >= groups {
                    break;
                }
                let at = entry(packed, k);
                for (b, a) in acc.iter_mut().enumerate() {
                    a[0] = _mm256_or_si256(a[0], load(at + b, 0));
                    a[1] = _mm256_or_si256(a[1], load(at + b, 1));
                }
                if HALF {
                    last = _mm256_or_si256(last, load(at + F, 0));
                }
            }
            // At most 8 a byte for each of 2F + 1 registers: 72 for F = 4.
            let mut bytes = if HALF {
                byte_ones(last)
            } else {
                _mm256_setzero_si256()
            };
            for a in acc {
                bytes = _mm256_add_epi8(bytes, byte_ones(a[0]));
                bytes = _mm256_add_epi8(bytes, byte_ones(a[1]));
            }
            total = _mm256_add_epi64(total, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
        }
        let mut words = [0u64; 4];
        // SAFETY: `words` is 32 bytes.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), total) };
        words.iter().sum()
    }

    /// [`super::ones_portable`] with 256-bit registers.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn ones_avx2(
        slices: &[Block],
        blocks: usize,
        queries: &[u64],
        live: u64,
    ) -> u64 {
        assert!(blocks <= MAX_BLOCKS && slices.len() >= (PAD + 1) * blocks);
        let base = slices.as_ptr().cast::<u64>();
        let load = |i: usize, half: usize| {
            // SAFETY: as in ones_avx512; each Block is two 32-byte halves.
            unsafe { _mm256_loadu_si256(base.add(8 * i + 4 * half).cast()) }
        };
        let mut ones = 0u64;
        let mut acc = [[_mm256_setzero_si256(); 2]; MAX_BLOCKS];
        for &q in queries {
            for (b, a) in acc[..blocks].iter_mut().enumerate() {
                *a = [load(PAD * blocks + b, 0), load(PAD * blocks + b, 1)];
            }
            let mut m = q & live;
            while m != 0 {
                let j = m.trailing_zeros() as usize;
                for (b, a) in acc[..blocks].iter_mut().enumerate() {
                    a[0] = _mm256_or_si256(a[0], load(j * blocks + b, 0));
                    a[1] = _mm256_or_si256(a[1], load(j * blocks + b, 1));
                }
                m &= m - 1;
            }
            for a in &acc[..blocks] {
                let mut words = [0u64; 8];
                // SAFETY: `words` is 64 bytes.
                unsafe {
                    _mm256_storeu_si256(words.as_mut_ptr().cast(), a[0]);
                    _mm256_storeu_si256(words.as_mut_ptr().add(4).cast(), a[1]);
                }
                ones += words.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
            }
        }
        ones
    }
}

/// The obviously correct count, for tests.
#[cfg(test)]
fn naive(a: &[u64], b: &[u64]) -> u64 {
    a.iter()
        .map(|x| b.iter().filter(|y| x & *y == 0).count() as u64)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(a: &[u64], b: &[u64], leaf: usize) {
        let want = naive(a, b);
        for k in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            let (mut x, mut y) = (a.to_vec(), b.to_vec());
            let got = count_disjoint(&mut x, &mut y, k, leaf, &mut Scratch::default());
            assert_eq!(got, want, "kernel {}, leaf {leaf}", k.name());
        }
    }

    #[test]
    fn empty_and_tiny() {
        check(&[], &[1, 2], 4);
        check(&[0], &[0], 4);
        check(&[u64::MAX], &[0, 1, u64::MAX], 1);
    }

    #[test]
    fn several_blocks() {
        // 1500 patterns: three blocks, the last one padded.
        let a: Vec<u64> = (0..1500u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) & 0xFFFF)
            .collect();
        let b: Vec<u64> = (0..700u64).map(|i| (i * 2654435761) & 0xFFFF).collect();
        check(&a, &b, 4096);
        check(&a, &b, 100);
        // Every one of the 64 bits live: groups of six bits (the last holds
        // four) from 512 queries, of eight from 4,096.
        let sparse = |i: u64, k: u64| {
            let x = (i + k).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            x & x.rotate_left(13) & x.rotate_left(31)
        };
        for queries in [1100, 5000] {
            let a: Vec<u64> = (0..queries).map(|i| sparse(i, 1)).collect();
            let b: Vec<u64> = (0..600).map(|i| sparse(i, 9000)).collect();
            let or = |l: &[u64]| l.iter().fold(0, |o, x| o | x);
            assert_eq!(or(&a) & or(&b), u64::MAX);
            check(&a, &b, 4096);
        }
        // 33 live bits and 6,000 queries: four groups of nine bits.
        assert_eq!(group_bits(33, 6000), 9);
        let a: Vec<u64> = (0..6000).map(|i| sparse(i, 3) & 0x1_FFFF_FFFF).collect();
        let b: Vec<u64> = (0..1500).map(|i| sparse(i, 7000) & 0x1_FFFF_FFFF).collect();
        check(&a, &b, 4096);
        // More than MAX_LEAF with every bit used up: the leaf cuts the side.
        let same = vec![0u64; 5000];
        check(&same, &[0, 0, 0], 1);
    }

    #[test]
    fn every_number_of_groups_is_counted() {
        // Patterns of 1 to 48 live bits, a side sliced against a few
        // hundred queries (groups of four bits) and against thousands (six
        // to nine): the grouped loop takes its groups two at a time, so an
        // even and an odd number of groups, and a lone one, must all count.
        for width in 1..=48 {
            let pattern = |i: u64| {
                let x = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                x & x.rotate_left(23) & ((1u64 << width) - 1)
            };
            for (sliced, queries) in [(300, 400), (1100, 3000)] {
                let a: Vec<u64> = (0..sliced).map(pattern).collect();
                let b: Vec<u64> = (0..queries).map(|i| pattern(i + 7000)).collect();
                check(&a, &b, MAX_LEAF);
            }
        }
    }

    #[test]
    fn a_last_block_is_read_whole_or_half_as_it_is_filled() {
        // Sliced sides ending in the lower and the upper half of their last
        // block, one to four blocks, each against enough queries for the
        // grouped tables: a half read where the upper half holds patterns
        // would miss their pairs.
        let pattern = |i: u64| {
            let x = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            x & x.rotate_left(19) & 0xFF_FFFF_FFFF
        };
        for sliced in [
            1, 255, 256, 257, 511, 512, 600, 800, 1024, 1100, 1300, 1700, 1800, 2048,
        ] {
            let a: Vec<u64> = (0..sliced).map(pattern).collect();
            let b: Vec<u64> = (0..3000).map(|i| pattern(i + 5000)).collect();
            check(&a, &b, MAX_LEAF);
        }
    }

    #[test]
    fn group_widths_follow_the_queries() {
        assert_eq!(group_bits(33, WIDE_FROM - 1), GROUP_BITS);
        assert_eq!(group_bits(33, 600), 6);
        // Eight bits make four groups of 32 live bits, nine no fewer.
        assert_eq!(group_bits(32, 20_000), 8);
        assert_eq!(group_bits(33, 20_000), 9);
    }

    #[test]
    fn transpose_moves_every_bit() {
        let mut a = [0u64; 64];
        for (i, r) in a.iter_mut().enumerate() {
            *r = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        let before = a;
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            let mut a = before;
            transpose_with(kernel, &mut a);
            for (r, row) in before.iter().enumerate() {
                for (b, col) in a.iter().enumerate() {
                    assert_eq!(
                        row >> b & 1,
                        col >> r & 1,
                        "{}: row {r}, bit {b}",
                        kernel.name()
                    );
                }
            }
        }
    }

    #[test]
    fn stepped_bit_counts_count_each_bit() {
        let xs: Vec<u64> = (0..1000u64)
            .map(|i| (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) & (i << 20 | 0xF0F0))
            .collect();
        for step in [1, 3, 64, 999, 5000] {
            let mut want = [0u64; 64];
            for &x in xs.iter().step_by(step) {
                for (j, w) in want.iter_mut().enumerate() {
                    *w += x >> j & 1;
                }
            }
            for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
                assert_eq!(bit_counts_stepped(&xs, step, kernel), want, "step {step}");
            }
        }
        assert_eq!(bit_counts_stepped(&[], 1, Kernel::Portable), [0; 64]);
    }

    #[test]
    fn partition_splits_on_the_bit() {
        let mut xs: Vec<u64> = (0..100u64).map(|i| i * 7919 % 97).collect();
        let mut sorted = xs.clone();
        let k = partition(&mut xs, 4);
        assert!(xs[..k].iter().all(|x| x & 4 == 0));
        assert!(xs[k..].iter().all(|x| x & 4 != 0));
        xs.sort_unstable();
        sorted.sort_unstable();
        assert_eq!(xs, sorted);
    }

    #[test]
    fn names_round_trip() {
        for k in Kernel::ALL {
            assert_eq!(Kernel::by_name(k.name()), Some(k));
        }
        assert!(Kernel::Portable.is_available());
        assert!(Kernel::best().is_available());
    }

    proptest! {
        #[test]
        fn kernels_agree_with_the_naive_count(
            a in proptest::collection::vec(any::<u64>().prop_map(|x| x & x.rotate_left(17) & 0x3FF_FFFF_FFFF), 0..900),
            b in proptest::collection::vec(any::<u64>().prop_map(|x| x & x.rotate_left(29) & 0x3FF_FFFF_FFFF), 0..900),
            leaf in 1usize..700,
        ) {
            check(&a, &b, leaf);
        }
    }
}
