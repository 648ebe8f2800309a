//! The search for boards up to 64 wide, where every row's free squares are
//! one machine word.
//!
//! The general [`search`](super::solver) keeps free squares twice (by row
//! and by column), counts each line's free squares incrementally and undoes
//! placements from a trail: right for boards of thousands of columns, but
//! about 370 ns a node on the hard 21×21 excluded-diagonals instances, where
//! a plain row-by-row bitmask backtracker pays 40. Here the whole state of
//! a node is `n + 2` words, so a node costs tens of nanoseconds:
//!
//! - **State.** Word `r < n` holds the free squares of row `r` while the row
//!   is open, and the queen's bit once it is filled; word `n` is the set of
//!   open rows and word `n + 1` the set of open columns. A child is a copy of
//!   its parent's words (no trail, nothing to undo), on a stack of states
//!   sized once.
//! - **Placing** a queen at (r, c) clears, in every other row, the column and
//!   the two diagonal squares, with masks shifted one place per row away from
//!   r: a few instructions a row. A filled row keeps its queen's bit, as no
//!   queen that can still be placed attacks it.
//! - **Propagating and choosing** is one pass over the open rows: a row with
//!   no free square ends the branch; one with a single free square gets its
//!   queen (forced); otherwise its population count competes for the most
//!   constrained row. The same pass adds the rows into a saturating bit-sliced
//!   counter (bits set in at least 1, 2, 3 and 4 rows), which tells, for every
//!   column at once, whether it has no free square (dead), one (forced), two
//!   or three; a column with four or more is never chosen.
//! - **Diagonal sums.** Before it branches, a node checks a counting
//!   argument that the line rules cannot see. The queens still to place fill
//!   the open rows R and the open columns C, one each, so whatever squares
//!   they take, their sum diagonals (r + c) add up to ΣR + ΣC and their
//!   difference diagonals (c − r + n − 1) to ΣC − ΣR + |R|(n − 1); and they
//!   take |R| distinct diagonals of each kind among those that still hold a
//!   free square. So each total must lie between the sum of the |R| lowest
//!   and that of the |R| highest such diagonals, or the node is dead. On the
//!   excluded-diagonals instances, where whole diagonals are missing, this
//!   decides some at the root and more than halves the nodes of others
//!   (`docs/completion.md`). It costs one more pass over the rows (four at
//!   a time with AVX2) and a few population counts (with BMI2's `pdep` to
//!   pick the lowest bits), and where it seldom cuts it runs on fewer nodes
//!   ([`SumCheck`]).
//! - **The branching line** is the open line with the fewest free squares,
//!   rows before columns on a tie and the lower index first (columns are
//!   considered only with two or three free squares). Its squares are tried
//!   in increasing order, or, for [`complete`](super::complete)'s restarts,
//!   from a seeded offset around the line, as the general search does.
//!
//! Otherwise this is the same search as the general one (most constrained
//! line, forced lines placed at once, dead lines cut): the same completions
//! and the same counts, though the tie-breaking, and so the first completion
//! found, may differ, and the diagonal sums cut branches (never a
//! completion) that the general search explores.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::solver::{Board, End, Order, Stats, POLL};
use crate::count::plan::Plan;
use crate::sink::tally::Tally;

/// The widest board this search takes.
pub(super) const WIDTH: usize = 64;

/// The root of a search on a board of at most [`WIDTH`] columns: the words
/// of the state after the pre-placed queens and everything they force.
#[derive(Debug, Clone)]
pub(super) struct Narrow {
    n: usize,
    /// `n + 2` words: rows, open rows, open columns.
    root: Vec<u64>,
    /// The root was found dead while it was set up.
    dead: bool,
}

/// What propagation leaves: a dead branch, a full board, or the line to
/// branch on with its free squares (positions along the line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    Dead,
    Solved,
    /// `line < n`: row `line`; otherwise column `line − n`.
    Branch {
        line: usize,
        squares: u64,
    },
}

/// A branching line on the stack: the squares still to try, those from the
/// starting offset on first (`high`), then the ones before it (`low`).
#[derive(Debug, Clone, Copy)]
struct Frame {
    line: usize,
    high: u64,
    low: u64,
    tried: (u32, u32),
}

/// What a search tells its caller.
pub(super) enum Event<'a> {
    /// A completion: the column of the queen in each row.
    Solution(&'a [u32]),
    /// The depth limit was reached: the squares chosen on the way.
    Cut(&'a [(u32, u32)]),
}

/// Places a queen at (r, c) in `s` (the words of a state): row r and
/// column c close, and every other row loses column c and both diagonals.
#[inline(always)]
fn place(n: usize, s: &mut [u64], r: usize, c: usize) {
    let q = 1u64 << c;
    let kill = !q;
    // Row r2 loses the squares d = |r2 − r| columns either side of c. One
    // shift amount per row: with AVX2 this loop runs four rows at a time.
    for (r2, word) in s[..n].iter_mut().enumerate() {
        // d < n ≤ 64, so the shifts never wrap.
        let d = r2.abs_diff(r) as u32;
        *word &= kill & !(q.wrapping_shl(d) | q.wrapping_shr(d));
    }
    s[r] = q;
    s[n] &= !(1u64 << r);
    s[n + 1] &= kill;
}

/// Places forced queens until none is left, and says what remains.
#[inline(always)]
fn settle<S: Select>(n: usize, s: &mut [u64], forced: &mut u64, sums: &mut SumCheck<S>) -> Next {
    loop {
        let open_rows = s[n];
        if open_rows == 0 {
            return Next::Solved;
        }
        let (mut ge1, mut ge2, mut ge3, mut ge4) = (0u64, 0u64, 0u64, 0u64);
        let mut best = (u32::MAX, 0usize);
        // Rows left with one free square: all of them are placed before the
        // next pass (one that loses its square to another is dead).
        let mut singles = 0u64;
        let mut bits = open_rows;
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let x = s[r];
            if x == 0 {
                return Next::Dead;
            }
            if x & (x - 1) == 0 {
                singles |= 1u64 << r;
                continue;
            }
            let k = x.count_ones();
            if k < best.0 {
                best = (k, r);
            }
            ge4 |= ge3 & x;
            ge3 |= ge2 & x;
            ge2 |= ge1 & x;
            ge1 |= x;
        }
        if singles != 0 {
            while singles != 0 {
                let r = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let x = s[r];
                if x == 0 {
                    return Next::Dead;
                }
                *forced += 1;
                place(n, s, r, x.trailing_zeros() as usize);
            }
            continue;
        }
        let open_cols = s[n + 1];
        if open_cols & !ge1 != 0 {
            return Next::Dead;
        }
        let one = open_cols & !ge2;
        if one != 0 {
            let c = one.trailing_zeros() as usize;
            let r = rows_of(n, s, c).trailing_zeros() as usize;
            *forced += 1;
            place(n, s, r, c);
            continue;
        }
        let select = sums.select;
        if sums.cuts(|| select.fits(n, s)) {
            return Next::Dead;
        }
        let (k, r) = best;
        let two = open_cols & !ge3;
        let three = open_cols & !ge4;
        let column = if k <= 2 {
            None
        } else if two != 0 {
            Some(two)
        } else if k <= 3 {
            None
        } else if three != 0 {
            Some(three)
        } else {
            None
        };
        return match column {
            None => Next::Branch {
                line: r,
                squares: s[r],
            },
            Some(cols) => {
                let c = cols.trailing_zeros() as usize;
                Next::Branch {
                    line: n + c,
                    squares: rows_of(n, s, c),
                }
            }
        };
    }
}

/// The diagonal-sum check of one search: how it picks bits, and how often
/// it runs. Where it keeps failing to cut (the blocked boards, whose
/// diagonals are nearly all there) it costs a tenth of a node for nothing,
/// so it adapts: after each [`SumCheck::WINDOW`] checks, if fewer than one
/// in [`SumCheck::RARE`] cut, only one node in [`SumCheck::SPARSE`] is
/// checked until a window's rate is back above it. A check it skips can
/// only leave a dead branch to be found later, never lose a completion; the
/// nodes searched are the same on every run.
#[derive(Debug, Clone, Copy)]
pub(super) struct SumCheck<S> {
    select: S,
    /// Check one node in `every`.
    every: u32,
    /// Nodes to skip before the next check.
    wait: u32,
    /// Checks in this window, and how many of them cut.
    checks: u32,
    cut: u32,
}

impl<S: Select> SumCheck<S> {
    const WINDOW: u32 = 256;
    const RARE: u32 = 64;
    const SPARSE: u32 = 16;

    fn new(select: S) -> SumCheck<S> {
        SumCheck {
            select,
            every: 1,
            wait: 0,
            checks: 0,
            cut: 0,
        }
    }

    /// Whether this node is cut: `fit` says whether the sums allow it, when
    /// this node is one to check.
    #[inline(always)]
    fn cuts(&mut self, fit: impl FnOnce() -> bool) -> bool {
        if self.wait > 0 {
            self.wait -= 1;
            return false;
        }
        self.wait = self.every - 1;
        let dead = !fit();
        self.checks += 1;
        self.cut += u32::from(dead);
        if self.checks == Self::WINDOW {
            self.every = if self.cut * Self::RARE < Self::WINDOW {
                Self::SPARSE
            } else {
                1
            };
            self.checks = 0;
            self.cut = 0;
        }
        dead
    }
}

/// Whether the queens still to place can take distinct diagonals with the
/// totals that the open rows and columns fix (the module docs' "diagonal
/// sums"): false means no completion.
#[inline(always)]
fn diagonals_fit(n: usize, s: &[u64], select: impl Select) -> bool {
    let (rows, cols) = (s[n], s[n + 1]);
    // The diagonals with a free square: bit r + c of `sums`, bit
    // c − r + n − 1 of `differences` (both below 2n − 1 ≤ 127).
    // Every row, a filled one masked to nothing, in 64-bit halves: with
    // AVX2 the loop runs four rows at a time.
    let (mut sums_low, mut sums_high) = (0u64, 0u64);
    let (mut differences_low, mut differences_high) = (0u64, 0u64);
    for (r, &word) in s[..n].iter().enumerate() {
        let x = word & 0u64.wrapping_sub((rows >> r) & 1);
        let d = n - 1 - r;
        // r, d < 64; the high halves take the bits shifted past 64.
        sums_low |= x << r;
        sums_high |= (x >> 1) >> (63 - r);
        differences_low |= x << d;
        differences_high |= (x >> 1) >> (63 - d);
    }
    let sums = u128::from(sums_low) | u128::from(sums_high) << 64;
    let differences = u128::from(differences_low) | u128::from(differences_high) << 64;
    let k = rows.count_ones();
    let (sum_rows, sum_cols) = (index_sum(rows), index_sum(cols));
    let k_wide = u64::from(k);
    within(sums, k, sum_rows + sum_cols, select)
        // ΣC + k(n − 1) − ΣR ≥ 0: every open row is at most n − 1.
        && within(differences, k, sum_cols + k_wide * (n as u64 - 1) - sum_rows, select)
}

/// Whether `k` distinct positions of the set bits of `set` can add up to
/// `total`: there are `k` of them, and `total` lies between the sums of the
/// `k` lowest and of the `k` highest (a necessary condition only).
#[inline(always)]
fn within(set: u128, k: u32, total: u64, select: impl Select) -> bool {
    let have = set.count_ones();
    if have < k {
        return false;
    }
    let low = index_sum_wide(lowest_wide(set, k, select));
    // The k highest: all of them but the have − k lowest.
    let high = index_sum_wide(set) - index_sum_wide(lowest_wide(set, have - k, select));
    low <= total && total <= high
}

/// The sum of the positions of the set bits of `x`: bit j of each position
/// counted by one population count.
#[inline(always)]
fn index_sum(x: u64) -> u64 {
    const PLACES: [u64; 6] = [
        0xAAAA_AAAA_AAAA_AAAA,
        0xCCCC_CCCC_CCCC_CCCC,
        0xF0F0_F0F0_F0F0_F0F0,
        0xFF00_FF00_FF00_FF00,
        0xFFFF_0000_FFFF_0000,
        0xFFFF_FFFF_0000_0000,
    ];
    let mut sum = 0;
    for (j, mask) in PLACES.iter().enumerate() {
        sum += u64::from((x & mask).count_ones()) << j;
    }
    sum
}

/// [`index_sum`] of 128 bits.
#[inline(always)]
fn index_sum_wide(x: u128) -> u64 {
    let (low, high) = (x as u64, (x >> 64) as u64);
    index_sum(low) + index_sum(high) + 64 * u64::from(high.count_ones())
}

/// How to find the lowest set bits of a word.
pub(super) trait Select: Copy {
    /// The `k` lowest set bits of `x` (`k` at most its population count).
    fn lowest(self, x: u64, k: u32) -> u64;

    /// [`diagonals_fit`] with this way of selecting, kept out of line (it
    /// runs once a node at most, and the loops of [`settle`] stay small).
    fn fits(self, n: usize, s: &[u64]) -> bool;
}

/// On any CPU: the bits cleared one at a time from a copy.
#[derive(Debug, Clone, Copy)]
pub(super) struct Portable;

impl Select for Portable {
    #[inline(always)]
    fn lowest(self, x: u64, k: u32) -> u64 {
        let mut rest = x;
        for _ in 0..k {
            rest &= rest.wrapping_sub(1);
        }
        x ^ rest
    }

    #[inline(never)]
    fn fits(self, n: usize, s: &[u64]) -> bool {
        diagonals_fit(n, s, self)
    }
}

/// With BMI2: one `pdep` deposits `k` ones on the set bits. The private
/// field means that one exists only where [`Pdep::detect`] found the
/// instructions that [`Narrow::search_popcnt`] is compiled for.
#[cfg(target_arch = "x86_64")]
#[derive(Debug, Clone, Copy)]
struct Pdep(());

#[cfg(target_arch = "x86_64")]
impl Pdep {
    fn detect() -> Option<Pdep> {
        let all = std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("avx2");
        all.then_some(Pdep(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl Select for Pdep {
    #[inline(always)]
    fn lowest(self, x: u64, k: u32) -> u64 {
        let ones = 1u64.checked_shl(k).map_or(u64::MAX, |b| b - 1);
        // SAFETY: a `Pdep` is made only on a CPU with BMI2.
        unsafe { std::arch::x86_64::_pdep_u64(ones, x) }
    }

    #[inline(never)]
    fn fits(self, n: usize, s: &[u64]) -> bool {
        // SAFETY: a `Pdep` is made only on a CPU with these features.
        unsafe { fits_fast(self, n, s) }
    }
}

/// [`diagonals_fit`] compiled for the instructions of
/// [`Narrow::search_popcnt`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
unsafe fn fits_fast(pdep: Pdep, n: usize, s: &[u64]) -> bool {
    diagonals_fit(n, s, pdep)
}

/// [`Select::lowest`] of 128 bits.
#[inline(always)]
fn lowest_wide(x: u128, k: u32, select: impl Select) -> u128 {
    let (low, high) = (x as u64, (x >> 64) as u64);
    let in_low = low.count_ones();
    if k <= in_low {
        u128::from(select.lowest(low, k))
    } else {
        u128::from(low) | u128::from(select.lowest(high, k - in_low)) << 64
    }
}

/// The open rows with column `c` free.
#[inline(always)]
fn rows_of(n: usize, s: &[u64], c: usize) -> u64 {
    let mut rows = 0;
    let mut bits = s[n];
    while bits != 0 {
        let r = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        rows |= ((s[r] >> c) & 1) << r;
    }
    rows
}

impl Narrow {
    /// The narrow root of a general board at its root (`board.n ≤ WIDTH`).
    pub(super) fn new(board: &Board) -> Narrow {
        let n = board.n;
        debug_assert!(n <= WIDTH);
        let mut root = vec![0u64; n + 2];
        let mut open_rows = 0u64;
        let mut open_cols = if n == 64 { !0 } else { (1u64 << n) - 1 };
        for (r, word) in root.iter_mut().enumerate().take(n) {
            match board.queen_of(r) {
                Some(c) => {
                    *word = 1u64 << c;
                    open_cols &= !(1u64 << c);
                }
                None => {
                    *word = board.row_word(r);
                    open_rows |= 1u64 << r;
                }
            }
        }
        root[n] = open_rows;
        root[n + 1] = open_cols;
        let dead = board.is_dead()
            || settle(n, &mut root, &mut 0, &mut SumCheck::new(Portable)) == Next::Dead;
        Narrow { n, root, dead }
    }

    /// Searches below the root after placing `path` (each placement
    /// propagated), as [`search`](super::solver) does: every completion, or
    /// every branch `max_depth` choices down.
    pub(super) fn search(
        &self,
        path: &[(u32, u32)],
        max_depth: usize,
        order: Order,
        stop: &dyn Fn() -> bool,
        stats: &mut Stats,
        on: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> End {
        #[cfg(target_arch = "x86_64")]
        if let Some(pdep) = Pdep::detect() {
            // SAFETY: the CPU has the features `search_popcnt` is compiled for.
            return unsafe { self.search_popcnt(pdep, path, max_depth, order, stop, stats, on) };
        }
        self.search_with(Portable, path, max_depth, order, stop, stats, on)
    }

    /// [`Narrow::search`] compiled for the population-count, bit (BMI1 and
    /// BMI2) and AVX2 instructions that x86-64's baseline lacks (a population
    /// count is one instruction instead of a dozen; a placement updates four
    /// rows at a time; `pdep` picks the lowest diagonals), picked at run time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,avx2")]
    #[allow(clippy::too_many_arguments)]
    unsafe fn search_popcnt(
        &self,
        pdep: Pdep,
        path: &[(u32, u32)],
        max_depth: usize,
        order: Order,
        stop: &dyn Fn() -> bool,
        stats: &mut Stats,
        on: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> End {
        self.search_with(pdep, path, max_depth, order, stop, stats, on)
    }

    /// [`Narrow::search`] as built for any CPU, with `select` for the
    /// diagonal sums (tests compare it, with [`Portable`], to the search
    /// picked at run time).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_with(
        &self,
        select: impl Select,
        path: &[(u32, u32)],
        max_depth: usize,
        order: Order,
        stop: &dyn Fn() -> bool,
        stats: &mut Stats,
        on: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> End {
        let n = self.n;
        let stride = n + 2;
        if self.dead {
            return End::Exhausted;
        }
        let mut sums = SumCheck::new(select);
        let mut states = vec![0u64; stride * (n + 2)];
        states[..stride].copy_from_slice(&self.root);
        let mut columns = vec![0u32; n];
        let mut prefix: Vec<(u32, u32)> = Vec::with_capacity(n + path.len());
        for &(r, c) in path {
            let s = &mut states[..stride];
            if (s[r as usize] >> c) & 1 == 0 || (s[n] >> r) & 1 == 0 {
                return End::Exhausted;
            }
            place(n, s, r as usize, c as usize);
            if settle(n, s, &mut stats.forced, &mut sums) == Next::Dead {
                return End::Exhausted;
            }
            prefix.push((r, c));
        }
        let base = prefix.len();
        let solution = |s: &[u64], columns: &mut Vec<u32>| {
            for (col, &word) in columns.iter_mut().zip(&s[..n]) {
                *col = word.trailing_zeros();
            }
        };
        let first = settle(n, &mut states[..stride], &mut stats.forced, &mut sums);
        let frame = |line: usize, squares: u64, depth: usize| {
            let start = order.start(line, depth, n);
            let high = squares & (!0u64).checked_shl(start).unwrap_or(0);
            Frame {
                line,
                high,
                low: squares & !high,
                tried: (0, 0),
            }
        };
        let mut stack: Vec<Frame> = Vec::with_capacity(n + 1);
        match first {
            Next::Dead => return End::Exhausted,
            Next::Solved => {
                solution(&states[..stride], &mut columns);
                return match on(Event::Solution(&columns)) {
                    ControlFlow::Continue(()) => End::Exhausted,
                    ControlFlow::Break(()) => End::Broken,
                };
            }
            Next::Branch { line, squares } => {
                if max_depth == 0 {
                    return match on(Event::Cut(&prefix)) {
                        ControlFlow::Continue(()) => End::Exhausted,
                        ControlFlow::Break(()) => End::Broken,
                    };
                }
                stack.push(frame(line, squares, 0));
            }
        }
        let mut nodes = 0u64;
        loop {
            let depth = stack.len();
            let Some(top) = stack.last_mut() else {
                return End::Exhausted;
            };
            let pick = if top.high != 0 {
                let x = top.high.trailing_zeros();
                top.high &= top.high - 1;
                x
            } else if top.low != 0 {
                let x = top.low.trailing_zeros();
                top.low &= top.low - 1;
                x
            } else {
                stack.pop();
                continue;
            };
            let (r, c) = if top.line < n {
                (top.line, pick as usize)
            } else {
                (pick as usize, top.line - n)
            };
            top.tried = (r as u32, c as u32);
            stats.nodes += 1;
            nodes += 1;
            // Polled at the first node, then every POLL: a flag set
            // before the call stops the search before it finds anything.
            if (nodes - 1) & (POLL - 1) == 0 && stop() {
                return End::Stopped;
            }
            if nodes > order.limit {
                return End::Limit;
            }
            let (parent, child) = states.split_at_mut(depth * stride);
            let s = &mut child[..stride];
            s.copy_from_slice(&parent[(depth - 1) * stride..]);
            place(n, s, r, c);
            match settle(n, s, &mut stats.forced, &mut sums) {
                Next::Dead => {}
                Next::Solved => {
                    solution(s, &mut columns);
                    if on(Event::Solution(&columns)).is_break() {
                        return End::Broken;
                    }
                }
                Next::Branch { line, squares } => {
                    if depth >= max_depth {
                        prefix.truncate(base);
                        prefix.extend(stack.iter().map(|f| f.tried));
                        if on(Event::Cut(&prefix)).is_break() {
                            return End::Broken;
                        }
                    } else {
                        stack.push(frame(line, squares, depth));
                    }
                }
            }
        }
    }
}

/// How many nodes [`Narrow::first`] searches on one thread before it splits
/// the search between threads: most instances are decided well within it.
pub(super) const ALONE: u64 = 1 << 16;

/// A finished task of [`Narrow::first`]: its first completion, if any, or
/// `None` while it is not finished.
type Outcome = Option<Option<Vec<u32>>>;

impl Narrow {
    /// The first completion in the search's order (rows of the tree tried in
    /// increasing order, depth first), or `None` if there is none; `Err(())`
    /// when stopped. The answer does not depend on `threads`: a search that
    /// takes more than `alone` nodes ([`ALONE`] for [`complete`](super::complete)) is split at the top into tasks, in the
    /// search's order, that `threads` threads take in turn; a task that finds
    /// a completion cancels every task after it, and the answer is that of
    /// the first task with a completion, all the tasks before it having been
    /// searched to the end.
    pub(super) fn first(
        &self,
        threads: usize,
        alone: u64,
        stop: &AtomicBool,
        stats: &mut Stats,
    ) -> Result<Option<Vec<u32>>, ()> {
        let mut found = None;
        let mut on_solution = |e: Event<'_>| {
            if let Event::Solution(q) = e {
                found = Some(q.to_vec());
            }
            ControlFlow::Break(())
        };
        let stopped = || stop.load(Ordering::Relaxed);
        let order = Order {
            limit: if threads > 1 { alone } else { u64::MAX },
            ..Order::PLAIN
        };
        match self.search(&[], usize::MAX, order, &stopped, stats, &mut on_solution) {
            End::Stopped => return Err(()),
            End::Limit => {}
            End::Exhausted | End::Broken => return Ok(found),
        }
        // Tasks: the branches `depth` choices down, in order, up to the first
        // completion met above that depth (the answer if no task has one).
        let want = 16 * threads;
        let mut depth = 1;
        let (tasks, fallback) = loop {
            let mut tasks = Vec::new();
            let mut fallback = None;
            let end = self.search(
                &[],
                depth,
                Order::PLAIN,
                &stopped,
                stats,
                &mut |e| match e {
                    Event::Cut(path) => {
                        tasks.push(path.to_vec());
                        ControlFlow::Continue(())
                    }
                    Event::Solution(q) => {
                        fallback = Some(q.to_vec());
                        ControlFlow::Break(())
                    }
                },
            );
            if end == End::Stopped {
                return Err(());
            }
            if tasks.len() >= want || depth >= 8 || end == End::Broken || tasks.is_empty() {
                break (tasks, fallback);
            }
            depth += 1;
        };
        let best = AtomicUsize::new(tasks.len());
        let next = AtomicUsize::new(0);
        let outcomes: Mutex<Vec<Outcome>> = Mutex::new(vec![None; tasks.len()]);
        let (nodes, forced) = (AtomicU64::new(0), AtomicU64::new(0));
        std::thread::scope(|scope| {
            for _ in 0..threads.min(tasks.len()) {
                scope.spawn(|| {
                    let mut local = Stats::default();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= tasks.len() || i > best.load(Ordering::Relaxed) {
                            break;
                        }
                        let cancel = || stopped() || best.load(Ordering::Relaxed) < i;
                        let mut first = None;
                        let end = self.search(
                            &tasks[i],
                            usize::MAX,
                            Order::PLAIN,
                            &cancel,
                            &mut local,
                            &mut |e| {
                                if let Event::Solution(q) = e {
                                    first = Some(q.to_vec());
                                }
                                ControlFlow::Break(())
                            },
                        );
                        if end == End::Stopped {
                            continue;
                        }
                        if first.is_some() {
                            best.fetch_min(i, Ordering::Relaxed);
                        }
                        if let Ok(mut o) = outcomes.lock() {
                            o[i] = Some(first);
                        }
                    }
                    nodes.fetch_add(local.nodes, Ordering::Relaxed);
                    forced.fetch_add(local.forced, Ordering::Relaxed);
                });
            }
        });
        stats.nodes += nodes.load(Ordering::Relaxed);
        stats.forced += forced.load(Ordering::Relaxed);
        let outcomes = outcomes.into_inner().map_err(|_| ())?;
        for outcome in outcomes {
            match outcome {
                None => return Err(()),
                Some(Some(columns)) => return Ok(Some(columns)),
                Some(None) => {}
            }
        }
        Ok(fallback)
    }
}

/// The subproblems of a count on a narrow board.
pub(super) struct Split<'a> {
    pub(super) root: &'a Narrow,
    pub(super) tasks: Vec<Vec<(u32, u32)>>,
    pub(super) stop: &'a AtomicBool,
    pub(super) stopped: AtomicBool,
    pub(super) nodes: AtomicU64,
    pub(super) forced: AtomicU64,
}

impl Plan for Split<'_> {
    fn n(&self) -> usize {
        self.root.n
    }
    fn len(&self) -> usize {
        self.tasks.len()
    }
    fn count(&self, index: usize) -> Tally {
        let mut stats = Stats::default();
        let mut count = 0u128;
        let end = self.root.search(
            &self.tasks[index],
            usize::MAX,
            Order::PLAIN,
            &|| self.stop.load(Ordering::Relaxed),
            &mut stats,
            &mut |e| {
                if let Event::Solution(_) = e {
                    count += 1;
                }
                ControlFlow::Continue(())
            },
        );
        if end == End::Stopped {
            self.stopped.store(true, Ordering::Relaxed);
        }
        self.nodes.fetch_add(stats.nodes, Ordering::Relaxed);
        self.forced.fetch_add(stats.forced, Ordering::Relaxed);
        Tally {
            solutions: count,
            classes_x8: 0,
        }
    }
    fn describe(&self, index: usize) -> String {
        format!("completion subproblem {index}: {:?}", self.tasks[index])
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::complete::{complete, count, Answer, Instance};

    /// On a 5×5 board without the sum diagonals 0, 3, 7 and 8, the five
    /// queens would need all five diagonals left (1, 2, 4, 5, 6: total 18),
    /// but five queens on distinct rows and columns always take diagonals
    /// adding up to 2 × (0 + 1 + 2 + 3 + 4) = 20: no completion, known
    /// before a single branch. The line rules alone need seven nodes.
    #[test]
    fn diagonal_sums_cut_at_the_root() {
        let mut instance = Instance::new(5).unwrap();
        for sum in [0, 3, 7, 8] {
            instance.exclude_sum(sum).unwrap();
        }
        let none = crate::solutions(5)
            .unwrap()
            .all(|s| !instance.accepts(s.columns()));
        assert!(none);
        let go = AtomicBool::new(false);
        let (answer, stats) = complete(&instance, &go).unwrap();
        assert_eq!(answer, Answer::NoCompletion);
        assert_eq!(stats.nodes, 0);
        assert_eq!(count(&instance, 2, &go).unwrap().0, Some(0));
        // The same with difference diagonals (the board mirrored).
        let mut mirrored = Instance::new(5).unwrap();
        for difference in [0, 3, 7, 8] {
            mirrored.exclude_difference(difference).unwrap();
        }
        let (answer, stats) = complete(&mirrored, &go).unwrap();
        assert_eq!((answer, stats.nodes), (Answer::NoCompletion, 0));
    }

    #[test]
    fn bit_helpers_agree_with_loops() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let word = x & x.rotate_left(17);
            let positions: Vec<u32> = (0..64).filter(|i| (word >> i) & 1 == 1).collect();
            let sum: u64 = positions.iter().map(|&i| u64::from(i)).sum();
            assert_eq!(index_sum(word), sum);
            let wide = u128::from(word) << 64 | u128::from(x);
            let wide_sum: u64 = (0..128u64).filter(|i| (wide >> i) & 1 == 1).sum();
            assert_eq!(index_sum_wide(wide), wide_sum);
            for k in 0..=positions.len() as u32 {
                let low: u64 = positions[..k as usize].iter().map(|&i| 1u64 << i).sum();
                assert_eq!(Portable.lowest(word, k), low);
                #[cfg(target_arch = "x86_64")]
                if let Some(pdep) = Pdep::detect() {
                    assert_eq!(pdep.lowest(word, k), low);
                }
            }
            // The k lowest of 128 bits, across the halves.
            let k = wide.count_ones() / 2 + 1;
            let mut rest = wide;
            for _ in 0..k {
                rest &= rest - 1;
            }
            assert_eq!(lowest_wide(wide, k, Portable), wide ^ rest);
        }
    }

    #[test]
    fn within_bounds_the_totals() {
        // {1, 2, 4}: two of them add up to 3, 5 or 6; no fewer than 3, no more than 6.
        let set = 0b10110u128;
        assert!(within(set, 2, 3, Portable));
        assert!(within(set, 2, 6, Portable));
        assert!(!within(set, 2, 2, Portable));
        assert!(!within(set, 2, 7, Portable));
        assert!(!within(set, 4, 7, Portable));
        assert!(within(set, 0, 0, Portable));
    }
}
