//! Min-conflicts local search: one solution of a board with millions of
//! queens, in time about linear in `n`.
//!
//! # What min-conflicts is
//!
//! Backtracking builds a solution one queen at a time and never puts a queen
//! on an attacked square; for large `n` it gets lost in dead ends long before
//! the board is full. Local search turns this around: it starts from a
//! *complete* board on which some queens attack each other and repairs it, one
//! queen at a time, always choosing a change that lowers the number of
//! conflicts. Minton, Johnston, Philips and Laird called this the
//! *min-conflicts heuristic* and showed that on the n-queens problem it needs a
//! number of repairs that hardly grows with `n`, so that a million queens are
//! placed quickly. Sosic and Gu had found the same a little earlier with a
//! search over permutations, and placed three million queens in under a minute
//! on the machines of 1991.
//!
//! # The board is a permutation; a move swaps two rows
//!
//! A board is `columns[row]`, one `u32` per row, and it is always a
//! *permutation* of `0..n`: every column holds exactly one queen, from the
//! start on. A move exchanges the columns of two rows `i` and `j`. Exchanging
//! two entries of a permutation gives a permutation again, so no move can ever
//! put two queens in one column, and every row keeps its one queen. Rows and
//! columns are therefore never in conflict, and the only conflicts left to
//! repair are on the diagonals. This is why there are no column counters here:
//! the count of every column is 1, implicitly.
//!
//! # Diagonal counters
//!
//! A queen at `(r, c)` stands on the sum diagonal `r + c` and on the difference
//! diagonal `r + (n − 1) − c`; each family has `2n − 1` lines. For each line the
//! search knows how many queens stand on it, as two parts: an occupancy *bit*
//! (at least one queen) and a `u32` count of the queens *beyond the first*.
//! A line with `k` queens holds `k(k − 1)/2` attacking pairs, and the change a
//! swap would make to the total is computed from the eight lines it touches
//! (old and new, two queens, two families), in O(1) time.
//!
//! The split pays off on huge boards: the bits, about `n/2` bytes in all
//! (2n − 1 lines of each family, a bit each), stay in the
//! processor's caches where a `u32` per line (`16n` bytes) would not, and after
//! the greedy start almost every line holds at most one queen, so the `u32`
//! parts stay zero. They are allocated zeroed (the operating system hands out
//! untouched pages that cost nothing until written) and only the few lines with
//! two or more queens ever touch them. A `u32` can hold any count, since a line
//! holds at most `n ≤` [`MAX_N`] queens.
//!
//! # The greedy start leaves few conflicts
//!
//! [`Start::Greedy`] (the default) fills the permutation row by row, after the
//! QS4 algorithm of Sosic and Gu: for row `i` it tries up to 128 columns drawn
//! at random from those not used yet, and takes the first whose two diagonals
//! are still empty. Until the board is nearly full, a good share of the unused
//! columns have both diagonals free, so a free one turns up after a few tries
//! (about three per row on average) and row `i` starts without any conflict.
//! Only in the last rows, where few columns remain, can all tries fail; such a
//! row takes the try with the fewest occupied diagonals (and each of the last
//! 128 rows looks at every remaining column). The result is a permutation
//! whose conflicts all involve a handful of rows near the bottom: about ten
//! attacking pairs, whether `n` is a thousand or ten million. The repair then
//! removes them in a few hundred or thousand steps.
//!
//! [`Start::Random`] starts instead from a uniformly random permutation, which
//! has about as many attacking pairs as queens. The search still finds a
//! solution, as Minton et al. found, but it needs many more steps; it is there
//! for tests and comparisons.
//!
//! # The repair
//!
//! The search keeps a list of rows whose queen may be under attack. Every
//! attacking pair has at least one member in the list: the row that came last
//! onto their shared line was listed when it arrived (the start lists each row
//! placed on an occupied line, and a move lists the two rows it moved when
//! they land on occupied lines). A *step* picks a random row `i` of the list
//! (one no longer attacked is dropped from the list and costs no step), draws
//! a random other row `j`, and computes how many attacking pairs the swap of
//! `i` and `j` would remove or add. If the swap lowers the total it is made:
//! a *move*. When the list is empty no pair attacks, and the board is a
//! solution.
//!
//! Each move lowers the number of attacking pairs by at least one, so an
//! attempt makes finitely many moves; it can still get stuck in a local
//! minimum, where no swap with the chosen rows helps (common on small boards).
//! After `100 + 2n` steps in a row without a move, the search gives up on the
//! board and builds a fresh one: a *restart*. Restarts make every `n ≥ 4`
//! succeed; `n = 2` and `n = 3` have no solution and are answered without any
//! search, and `n = 1` is the board `[0]`.
//!
//! # Time and memory
//!
//! The greedy start does O(1) expected work per row, and the repair that
//! follows takes a number of steps that does not grow with `n`, each O(1); so
//! a run takes linear time. On huge boards the time goes to memory: each try
//! of the greedy start reads the column of a random unused row, a cache miss,
//! and that is most of the time. So the greedy start draws its random rows
//! dozens of tries ahead and asks the processor to fetch what they need early,
//! and many misses overlap (on x86-64; elsewhere the hint is left out). On one
//! core of an AMD EPYC server, n = 10^6 takes about 0.03 s, n = 10^7 about
//! 0.35 s and n = 10^8 about 5 s (see `examples/min_conflicts_times.rs`).
//! [`memory`] says how many bytes a run allocates (about 25 per queen, of
//! which only about 4.3 are ever written when the start is greedy).
//!
//! A run is deterministic: the same [`MinConflicts::seed`] gives the same board
//! on every platform. The work is counted in [`Stats`]. There is no recursion,
//! and the search allocates nothing once it has started.
//!
//! # References
//!
//! - R. Sosic and J. Gu, "A polynomial time algorithm for the n-queens
//!   problem", SIGART Bulletin 1(3), 1990.
//! - R. Sosic and J. Gu, "3,000,000 queens in less than one minute", SIGART
//!   Bulletin 2(2), 1991.
//! - S. Minton, M. D. Johnston, A. B. Philips and P. Laird, "Minimizing
//!   conflicts: a heuristic repair method for constraint satisfaction and
//!   scheduling problems", Artificial Intelligence 58, 1992.
//!
//! # Example
//!
//! ```
//! use nqueens::{MinConflicts, MinConflictsOutcome as Outcome};
//!
//! let (outcome, stats) = MinConflicts::default().solve(100_000)?;
//! let Outcome::Found(columns) = outcome else { panic!("no board") };
//! let columns: Vec<usize> = columns.iter().map(|&c| c as usize).collect();
//! nqueens::verify(&columns)?;
//! assert!(stats.moves <= stats.steps);
//! # Ok::<(), nqueens::Error>(())
//! ```

use std::time::Instant;

use crate::error::Error;
use crate::rng::Xoshiro256;

/// The largest `n` accepted: 2^28 = 268,435,456 queens, which take about
/// 6.6 GB (see [`memory`]). Above it [`MinConflicts::solve`] returns
/// [`Error::TooLarge`].
///
/// # Examples
///
/// ```
/// use nqueens::{min_conflicts_memory, Error, MinConflicts, MIN_CONFLICTS_MAX_N};
///
/// // Refused before anything is allocated.
/// let err = MinConflicts::default().solve(MIN_CONFLICTS_MAX_N + 1).unwrap_err();
/// assert!(matches!(err, Error::TooLarge { max: MIN_CONFLICTS_MAX_N, .. }));
///
/// // The largest board accepted needs about 6.6 GB.
/// assert_eq!(min_conflicts_memory(MIN_CONFLICTS_MAX_N), 6_610_223_096);
/// ```
pub const MAX_N: usize = 1 << 28;

/// Random columns the greedy start tries for one row before it settles for an
/// occupied diagonal. Rows with at most this many unused columns left look at
/// all of them instead.
const TRIES: usize = 128;

/// Candidates the greedy start draws ahead of use, so that the memory they
/// need is already being fetched when they are tried.
const AHEAD: usize = 64;

/// Asks the processor to start loading `v[i]` into the cache (on x86-64;
/// elsewhere it does nothing). `i` may lie outside `v`: nothing is read.
#[inline]
fn prefetch<T>(v: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch is only a hint: it reads nothing into the
        // program, cannot fault, and any address is allowed. SSE, which the
        // intrinsic needs, is part of every x86-64 processor.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(v.as_ptr().wrapping_add(i).cast::<i8>()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (v, i);
}

/// Steps without a move after which an attempt counts as stuck:
/// `STALL_BASE + STALL_PER_QUEEN · n`.
const STALL_BASE: u64 = 100;
/// See [`STALL_BASE`].
const STALL_PER_QUEEN: u64 = 2;

/// Bytes a run of size `n` allocates: the columns (4 per queen), the two
/// families of diagonal counters (a bit and a `u32` per line, `2n − 1` lines
/// each), and the list of rows under attack (a `u32` per row, reserved in
/// full, and a bit per row). With [`Start::Greedy`] only the columns and the
/// bits are written in full; most of the rest stays untouched.
///
/// # Examples
///
/// ```
/// use nqueens::min_conflicts_memory;
///
/// // About 25 bytes per queen.
/// assert_eq!(min_conflicts_memory(1_000_000), 24_624_992);
/// assert_eq!(min_conflicts_memory(0), 0);
///
/// // Check a board against a memory budget before starting the search.
/// let budget = 1 << 30; // 1 GiB
/// assert!(min_conflicts_memory(10_000_000) < budget);
/// assert!(min_conflicts_memory(100_000_000) > budget);
/// ```
#[must_use]
pub fn memory(n: usize) -> u64 {
    let n = n as u64;
    if n == 0 {
        return 0;
    }
    // Saturating: past the boards it takes, more than any machine has.
    let n = n.min(u64::MAX / 64);
    let lines = 2 * n - 1;
    let columns = 4 * n;
    let counters = 2 * (8 * lines.div_ceil(64) + 4 * lines);
    let list = 4 * n + 8 * n.div_ceil(64);
    columns + counters + list
}

/// Settings of a run.
///
/// # Examples
///
/// ```
/// use nqueens::{MinConflicts, MinConflictsOutcome as Outcome};
///
/// let search = MinConflicts { seed: 42, ..MinConflicts::default() };
/// let (Outcome::Found(board), _) = search.solve(1_000)? else { panic!("no board") };
/// let columns: Vec<usize> = board.iter().map(|&c| c as usize).collect();
/// assert!(nqueens::verify(&columns).is_ok());
///
/// // The same seed gives the same board; another seed, another board.
/// assert_eq!(search.solve(1_000)?.0, Outcome::Found(board.clone()));
/// let other = MinConflicts { seed: 43, ..search };
/// assert_ne!(other.solve(1_000)?.0, Outcome::Found(board));
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinConflicts {
    /// Seed of the random numbers: the same seed gives the same board.
    pub seed: u64,
    /// A budget of steps (attempted swaps), counted over all restarts; when
    /// it runs out before a solution is found, the outcome is
    /// [`Outcome::GaveUp`]. `None`: no limit. Building a start board is not
    /// counted, so a start that happens to be a solution is found even with
    /// a budget of 0.
    pub max_steps: Option<u64>,
    /// How each attempt's board is built.
    pub start: Start,
}

impl Default for MinConflicts {
    /// Seed 1, no step limit, [`Start::Greedy`].
    fn default() -> Self {
        Self {
            seed: 1,
            max_steps: None,
            start: Start::Greedy,
        }
    }
}

/// How the board that the repair starts from is built (at the start and at
/// every restart).
///
/// # Examples
///
/// ```
/// use nqueens::{MinConflicts, MinConflictsOutcome as Outcome, MinConflictsStart as Start};
///
/// let greedy = MinConflicts::default();
/// assert_eq!(greedy.start, Start::Greedy);
/// let random = MinConflicts { start: Start::Random, ..greedy };
///
/// let (Outcome::Found(_), from_greedy) = greedy.solve(1_000)? else { panic!("no board") };
/// let (Outcome::Found(_), from_random) = random.solve(1_000)? else { panic!("no board") };
/// // The greedy start leaves far fewer attacking pairs to repair.
/// assert!(from_greedy.initial_conflicts < from_random.initial_conflicts);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Start {
    /// Row by row, each queen on a random unused column whose diagonals are
    /// free when one is found in a few tries (QS4 of Sosic and Gu): few
    /// conflicts, all near the bottom. Fast; the default.
    #[default]
    Greedy,
    /// A uniformly random permutation: about as many attacking pairs as
    /// queens, and many more steps to repair them.
    Random,
}

/// What a run did.
///
/// # Examples
///
/// ```
/// use nqueens::{MinConflicts, MinConflictsOutcome as Outcome};
///
/// let (outcome, stats) = MinConflicts::default().solve(10_000)?;
/// assert!(matches!(outcome, Outcome::Found(_)));
/// assert!(stats.moves <= stats.steps);
/// if stats.restarts == 0 {
///     // Each move removes at least one attacking pair.
///     assert!(stats.moves <= stats.initial_conflicts);
/// }
///
/// // 3 queens have no solution: nothing is searched.
/// let (outcome, stats) = MinConflicts::default().solve(3)?;
/// assert_eq!(outcome, Outcome::NoSolution);
/// assert_eq!(stats.steps, 0);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Stats {
    /// Attempted swaps, over all restarts: each is one conflicted row paired
    /// with one random other row, whether or not the swap was made.
    pub steps: u64,
    /// Swaps made, over all restarts: those that lowered the number of
    /// attacking pairs.
    pub moves: u64,
    /// Boards given up as stuck and built afresh.
    pub restarts: u64,
    /// Attacking pairs of queens on the first start board (not queens: two
    /// queens on one diagonal are one pair, three are three pairs). As every
    /// start board is a permutation, all of them are on diagonals.
    pub initial_conflicts: u64,
    /// Wall-clock seconds of the whole run, start boards included.
    pub seconds: f64,
}

/// How a run ended.
///
/// # Examples
///
/// ```
/// use nqueens::{MinConflicts, MinConflictsOutcome as Outcome, MinConflictsStart as Start};
///
/// let search = MinConflicts::default();
/// assert!(matches!(search.solve(50)?.0, Outcome::Found(board) if board.len() == 50));
/// assert_eq!(search.solve(3)?.0, Outcome::NoSolution);
///
/// // A random start with no steps to repair it: the search gives up.
/// let hasty = MinConflicts { max_steps: Some(0), start: Start::Random, ..search };
/// assert_eq!(hasty.solve(1_000)?.0, Outcome::GaveUp);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// A solution: the column of each row's queen.
    Found(Vec<u32>),
    /// The board has no solution (`n` = 2 or 3); nothing was searched.
    NoSolution,
    /// The step budget ([`MinConflicts::max_steps`]) ran out first. This says
    /// nothing about whether a solution exists.
    GaveUp,
}

impl MinConflicts {
    /// Finds one solution of the `n`-queens problem by min-conflicts local
    /// search (see the docs of `src/huge/min_conflicts.rs`).
    ///
    /// # Errors
    /// [`Error::ZeroSize`] for `n = 0`; [`Error::TooLarge`] above
    /// [`MIN_CONFLICTS_MAX_N`](crate::MIN_CONFLICTS_MAX_N) (2^28).
    pub fn solve(&self, n: usize) -> Result<(Outcome, Stats), Error> {
        let clock = Instant::now();
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        if n > MAX_N {
            return Err(Error::TooLarge {
                n,
                max: MAX_N,
                what: "min-conflicts",
            });
        }
        let mut stats = Stats::default();
        if n == 2 || n == 3 {
            stats.seconds = clock.elapsed().as_secs_f64();
            return Ok((Outcome::NoSolution, stats));
        }
        let mut search = Search::new(n, self.seed);
        let outcome = loop {
            match self.start {
                Start::Greedy => search.greedy(),
                Start::Random => search.random(),
            }
            if stats.restarts == 0 {
                stats.initial_conflicts = search.pairs;
            }
            match search.repair(&mut stats, self.max_steps) {
                End::Solved => break Outcome::Found(search.cols),
                End::OutOfSteps => break Outcome::GaveUp,
                End::Stuck => {
                    stats.restarts += 1;
                    search.clear();
                }
            }
        };
        stats.seconds = clock.elapsed().as_secs_f64();
        Ok((outcome, stats))
    }
}

/// How one attempt's repair ended.
enum End {
    Solved,
    OutOfSteps,
    Stuck,
}

/// One family of diagonals (`2n − 1` lines) and the queens on each: a bit for
/// "at least one", and a count of the queens beyond the first.
struct Lines {
    bits: Vec<u64>,
    extra: Vec<u32>,
}

impl Lines {
    fn new(len: usize) -> Self {
        Self {
            bits: vec![0; len.div_ceil(64)],
            // Zeroed memory from the allocator: pages never written cost nothing.
            extra: vec![0; len],
        }
    }

    #[inline]
    fn occupied(&self, line: usize) -> bool {
        (self.bits[line >> 6] >> (line & 63)) & 1 != 0
    }

    /// Queens on `line`.
    #[inline]
    fn count(&self, line: usize) -> u64 {
        if self.occupied(line) {
            1 + u64::from(self.extra[line])
        } else {
            0
        }
    }

    /// Whether `line` holds two queens or more.
    #[inline]
    fn crowded(&self, line: usize) -> bool {
        self.extra[line] != 0
    }

    /// Puts a queen on `line`; returns the queens that were there before,
    /// which is the number of pairs it adds.
    #[inline]
    fn add(&mut self, line: usize) -> u64 {
        let word = &mut self.bits[line >> 6];
        let bit = 1u64 << (line & 63);
        if *word & bit == 0 {
            *word |= bit;
            0
        } else {
            // At most n ≤ MAX_N < 2^32 queens on a line: no overflow.
            self.extra[line] += 1;
            u64::from(self.extra[line])
        }
    }

    /// Takes a queen off `line`, which holds at least one.
    #[inline]
    fn remove(&mut self, line: usize) {
        debug_assert!(self.occupied(line));
        if self.extra[line] > 0 {
            self.extra[line] -= 1;
        } else {
            self.bits[line >> 6] &= !(1u64 << (line & 63));
        }
    }
}

/// The state of a run: the board, its diagonals, the rows that may be under
/// attack, and the random numbers.
struct Search {
    n: usize,
    /// `cols[row]`, always a permutation of `0..n`.
    cols: Vec<u32>,
    /// Sum diagonals, `row + col`.
    sums: Lines,
    /// Difference diagonals, `row + (n − 1) − col`.
    diffs: Lines,
    /// Rows that may be under attack; every attacking pair has a member here.
    list: Vec<u32>,
    /// A bit per row: whether it is in `list`.
    listed: Vec<u64>,
    /// Attacking pairs on the board.
    pairs: u64,
    rng: Xoshiro256,
}

impl Search {
    fn new(n: usize, seed: u64) -> Self {
        Self {
            n,
            cols: vec![0; n],
            sums: Lines::new(2 * n - 1),
            diffs: Lines::new(2 * n - 1),
            // The list never holds a row twice, so n entries are enough and
            // pushing never reallocates.
            list: Vec::with_capacity(n),
            listed: vec![0; n.div_ceil(64)],
            pairs: 0,
            rng: Xoshiro256::new(seed),
        }
    }

    /// A uniform random number in `0..bound` (`bound ≥ 1`).
    #[inline]
    fn below(&mut self, bound: usize) -> usize {
        // `bound ≤ MAX_N`, so both conversions are exact.
        self.rng.below(bound as u64) as usize
    }

    #[inline]
    fn diff(&self, row: usize, col: usize) -> usize {
        row + (self.n - 1) - col
    }

    /// Puts row `row`'s queen (at `cols[row]`) on its two diagonals, and lists
    /// the row if either was occupied.
    #[inline]
    fn place(&mut self, row: usize) {
        let col = self.cols[row] as usize;
        let d = self.diff(row, col);
        let added = self.sums.add(row + col) + self.diffs.add(d);
        if added > 0 {
            self.pairs += added;
            self.enlist(row);
        }
    }

    #[inline]
    fn enlist(&mut self, row: usize) {
        let word = &mut self.listed[row >> 6];
        let bit = 1u64 << (row & 63);
        if *word & bit == 0 {
            *word |= bit;
            // `row < n ≤ MAX_N < 2^32`.
            self.list.push(row as u32);
        }
    }

    /// Whether row `row`'s queen is attacked.
    #[inline]
    fn attacked(&self, row: usize) -> bool {
        let col = self.cols[row] as usize;
        self.sums.crowded(row + col) || self.diffs.crowded(self.diff(row, col))
    }

    /// How many of the two diagonals of a queen at (`row`, `col`) are occupied.
    #[inline]
    fn occupancy(&self, row: usize, col: usize) -> u32 {
        u32::from(self.sums.occupied(row + col))
            + u32::from(self.diffs.occupied(self.diff(row, col)))
    }

    /// The QS4-style start: row by row, a random unused column with both
    /// diagonals free if one turns up in [`TRIES`] tries, else the try with
    /// the fewest occupied diagonals.
    ///
    /// The random candidates are drawn [`AHEAD`] tries before they are used:
    /// their entries of `cols` are prefetched when they are drawn, and the
    /// words holding their diagonals' bits halfway through the queue. On a
    /// huge board each of these is a cache miss, and so many misses are under
    /// way at once instead of one after another (three times as fast at
    /// n = 10^7, where the bits still fit in the cache, and more above). A
    /// candidate drawn uniformly from `k..n` at row `k` and used at row
    /// `i ≥ k` is uniform on `i..n` if it is at least `i`, and is replaced by
    /// a fresh draw if not; so every try is still uniform over the unused
    /// columns.
    fn greedy(&mut self) {
        let n = self.n;
        for (row, col) in self.cols.iter_mut().enumerate() {
            // `row < n ≤ MAX_N < 2^32`.
            *col = row as u32;
        }
        // Candidates drawn ahead (see above), used oldest first from `next`.
        let mut ahead = [0usize; AHEAD];
        for a in &mut ahead {
            *a = self.below(n);
            prefetch(&self.cols, *a);
        }
        let mut next = 0;
        // Rows `0..i` are placed; `cols[i..]` are the unused columns.
        for i in 0..n {
            let rest = n - i;
            let mut pick = i;
            let mut best = u32::MAX;
            if rest <= TRIES {
                // All of them, from a random one on (cyclically), so that
                // small boards too get a different start every time.
                let first = self.below(rest);
                for k in 0..rest {
                    let j = i + (first + k) % rest;
                    let occupied = self.occupancy(i, self.cols[j] as usize);
                    if occupied < best {
                        (pick, best) = (j, occupied);
                        if occupied == 0 {
                            break;
                        }
                    }
                }
            } else {
                for _ in 0..TRIES {
                    // The oldest candidate in the queue; a fresh one takes
                    // its place and is fetched while the others are tried.
                    let mut j = ahead[next];
                    if j < i {
                        j = i + self.below(rest);
                    }
                    ahead[next] = i + self.below(rest);
                    prefetch(&self.cols, ahead[next]);
                    next = (next + 1) % AHEAD;
                    // Halfway through the queue, a candidate's column has
                    // arrived: fetch the bits of its diagonals as seen from
                    // row i (it will be tried a few rows further down, most
                    // likely within the same 64-bit words).
                    let half = ahead[(next + AHEAD / 2) % AHEAD];
                    if let Some(&c) = self.cols.get(half) {
                        let c = c as usize;
                        prefetch(&self.sums.bits, (i + c) >> 6);
                        prefetch(&self.diffs.bits, self.diff(i, c) >> 6);
                    }
                    let occupied = self.occupancy(i, self.cols[j] as usize);
                    if occupied < best {
                        (pick, best) = (j, occupied);
                        if occupied == 0 {
                            break;
                        }
                    }
                }
            }
            self.cols.swap(i, pick);
            self.place(i);
        }
    }

    /// A uniformly random permutation (Fisher and Yates).
    fn random(&mut self) {
        let n = self.n;
        for (row, col) in self.cols.iter_mut().enumerate() {
            *col = row as u32;
        }
        for i in (1..n).rev() {
            let j = self.below(i + 1);
            self.cols.swap(i, j);
        }
        for row in 0..n {
            self.place(row);
        }
    }

    /// Empties the board after an attempt got stuck, in O(list + n/64): every
    /// line with two queens or more has a listed row on it, so zeroing the
    /// counts on the listed rows' lines zeroes them all.
    fn clear(&mut self) {
        for k in 0..self.list.len() {
            let row = self.list[k] as usize;
            let col = self.cols[row] as usize;
            let d = self.diff(row, col);
            self.sums.extra[row + col] = 0;
            self.diffs.extra[d] = 0;
            self.listed[row >> 6] = 0;
        }
        self.list.clear();
        self.sums.bits.fill(0);
        self.diffs.bits.fill(0);
        self.pairs = 0;
        debug_assert!(self.sums.extra.iter().all(|&x| x == 0));
        debug_assert!(self.diffs.extra.iter().all(|&x| x == 0));
        debug_assert!(self.listed.iter().all(|&x| x == 0));
    }

    /// Repairs the board until no queen is attacked, the step budget runs
    /// out, or no move has been found for too long.
    fn repair(&mut self, stats: &mut Stats, max_steps: Option<u64>) -> End {
        let n = self.n;
        let stall_limit = STALL_BASE + STALL_PER_QUEEN * n as u64;
        let mut stall = 0u64;
        loop {
            if self.list.is_empty() {
                debug_assert_eq!(self.pairs, 0);
                return End::Solved;
            }
            let k = self.below(self.list.len());
            let i = self.list[k] as usize;
            if !self.attacked(i) {
                self.list.swap_remove(k);
                self.listed[i >> 6] &= !(1u64 << (i & 63));
                continue;
            }
            if max_steps.is_some_and(|budget| stats.steps >= budget) {
                return End::OutOfSteps;
            }
            if stall >= stall_limit {
                return End::Stuck;
            }
            stats.steps += 1;
            stall += 1;
            // A random row other than i (n ≥ 4 here).
            let mut j = self.below(n - 1);
            if j >= i {
                j += 1;
            }
            if self.try_swap(i, j) {
                stats.moves += 1;
                stall = 0;
            }
        }
    }

    /// Swaps the columns of rows `i` (listed) and `j` if that lowers the
    /// number of attacking pairs; returns whether it did.
    #[inline]
    fn try_swap(&mut self, i: usize, j: usize) -> bool {
        let (ci, cj) = (self.cols[i] as usize, self.cols[j] as usize);
        // Lines now, and after the swap. A new sum line can equal neither old
        // one (that would need ci = cj or i = j), and likewise for
        // differences; but the two old (or the two new) lines of one family
        // can coincide.
        let (s_i, s_j, t_i, t_j) = (i + ci, j + cj, i + cj, j + ci);
        let (d_i, d_j, e_i, e_j) = (
            self.diff(i, ci),
            self.diff(j, cj),
            self.diff(i, cj),
            self.diff(j, ci),
        );
        let (sums, diffs) = (&self.sums, &self.diffs);
        // Pairs lost by lifting both queens: a queen leaving a line of k
        // queens breaks k − 1 pairs, and the second of two leaving the same
        // line one fewer.
        let lost = sums.count(s_i) + sums.count(s_j) + diffs.count(d_i) + diffs.count(d_j)
            - 4
            - u64::from(s_i == s_j)
            - u64::from(d_i == d_j);
        // Pairs made by putting them down: a queen joining k queens makes k
        // pairs, and the second of two joining the same line one more.
        let made = sums.count(t_i)
            + sums.count(t_j)
            + diffs.count(e_i)
            + diffs.count(e_j)
            + u64::from(t_i == t_j)
            + u64::from(e_i == e_j);
        if made >= lost {
            return false;
        }
        self.sums.remove(s_i);
        self.sums.remove(s_j);
        self.diffs.remove(d_i);
        self.diffs.remove(d_j);
        self.sums.add(t_i);
        self.sums.add(t_j);
        self.diffs.add(e_i);
        self.diffs.add(e_j);
        self.cols.swap(i, j);
        self.pairs -= lost - made;
        // New pairs all involve i or j; i is listed already.
        if self.attacked(j) {
            self.enlist(j);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run(n: usize, seed: u64, start: Start) -> (Outcome, Stats) {
        MinConflicts {
            seed,
            max_steps: None,
            start,
        }
        .solve(n)
        .unwrap()
    }

    fn check(n: usize, seed: u64, start: Start) -> Stats {
        let (outcome, stats) = run(n, seed, start);
        match outcome {
            Outcome::Found(cols) => {
                assert_eq!(cols.len(), n);
                let cols: Vec<usize> = cols.iter().map(|&c| c as usize).collect();
                crate::verify(&cols).unwrap_or_else(|e| panic!("n = {n}, seed {seed}: {e}"));
            }
            other => panic!("n = {n}, seed {seed}, {start:?}: {other:?}"),
        }
        assert!(stats.moves <= stats.steps);
        stats
    }

    #[test]
    fn small_boards_all_succeed() {
        for n in 1..=200 {
            for seed in [1, 2, 3, 0xDEAD_BEEF, u64::MAX] {
                for start in [Start::Greedy, Start::Random] {
                    if n == 2 || n == 3 {
                        let (outcome, stats) = run(n, seed, start);
                        assert_eq!(outcome, Outcome::NoSolution);
                        assert_eq!(stats.steps, 0);
                    } else {
                        check(n, seed, start);
                    }
                }
            }
        }
    }

    #[test]
    fn one_queen() {
        assert_eq!(run(1, 7, Start::Greedy).0, Outcome::Found(vec![0]));
        assert_eq!(run(1, 7, Start::Random).0, Outcome::Found(vec![0]));
    }

    #[test]
    fn errors() {
        let mc = MinConflicts::default();
        assert_eq!(mc.solve(0), Err(Error::ZeroSize));
        assert_eq!(
            mc.solve(MAX_N + 1),
            Err(Error::TooLarge {
                n: MAX_N + 1,
                max: MAX_N,
                what: "min-conflicts"
            })
        );
    }

    #[test]
    fn defaults() {
        let mc = MinConflicts::default();
        assert_eq!((mc.seed, mc.max_steps, mc.start), (1, None, Start::Greedy));
        assert_eq!(Start::default(), Start::Greedy);
    }

    #[test]
    fn memory_is_about_25_bytes_a_queen() {
        assert_eq!(memory(0), 0);
        let m = memory(1_000_000);
        assert!((24_000_000..26_000_000).contains(&m), "{m}");
    }

    #[test]
    fn restarts_happen_on_small_boards() {
        // Local minima are common on small boards: over many seeds some run
        // must restart, and all still succeed.
        let restarts: u64 = (0..200).map(|s| check(8, s, Start::Random).restarts).sum();
        assert!(restarts > 0);
    }

    /// The initial conflicts are the first start's, restarts or not: what a
    /// run given no step at all reports (they were once the last restart's).
    #[test]
    fn initial_conflicts_are_the_first_starts() {
        let mut restarted = 0;
        for seed in 0..200 {
            let mc = MinConflicts {
                seed,
                max_steps: None,
                start: Start::Random,
            };
            let stats = mc.solve(8).unwrap().1;
            let first = MinConflicts {
                max_steps: Some(0),
                ..mc
            };
            let (outcome, at_start) = first.solve(8).unwrap();
            if at_start.initial_conflicts > 0 {
                assert_eq!(outcome, Outcome::GaveUp);
            }
            assert_eq!(
                stats.initial_conflicts, at_start.initial_conflicts,
                "seed {seed}"
            );
            restarted += usize::from(stats.restarts > 0);
        }
        assert!(restarted > 0);
    }

    #[test]
    fn greedy_start_leaves_few_conflicts() {
        for seed in 1..=3 {
            let stats = check(100_000, seed, Start::Greedy);
            assert!(stats.initial_conflicts < 100, "{stats:?}");
            assert_eq!(stats.restarts, 0);
        }
    }

    #[test]
    fn random_start_on_a_larger_board() {
        let stats = check(20_000, 5, Start::Random);
        // A random permutation has about n attacking pairs.
        assert!(stats.initial_conflicts > 5_000, "{stats:?}");
        assert!(stats.moves > 1_000, "{stats:?}");
    }

    #[test]
    fn step_budget() {
        let mc = MinConflicts {
            seed: 3,
            max_steps: Some(10),
            start: Start::Random,
        };
        let (outcome, stats) = mc.solve(1000).unwrap();
        assert_eq!(outcome, Outcome::GaveUp);
        assert!(stats.steps <= 10);
        assert!(stats.initial_conflicts > 0);
        // The same budget, larger: found.
        let mc = MinConflicts {
            max_steps: Some(10_000_000),
            ..mc
        };
        assert!(matches!(mc.solve(1000).unwrap().0, Outcome::Found(_)));
    }

    #[test]
    fn budget_zero_with_a_perfect_start() {
        // n = 1 needs no step.
        let mc = MinConflicts {
            max_steps: Some(0),
            ..MinConflicts::default()
        };
        assert_eq!(mc.solve(1).unwrap().0, Outcome::Found(vec![0]));
    }

    proptest! {
        #[test]
        fn found_boards_verify_and_repeat(
            n in 4usize..2000,
            seed in any::<u64>(),
            random in any::<bool>(),
        ) {
            let start = if random { Start::Random } else { Start::Greedy };
            check(n, seed, start);
            prop_assert_eq!(run(n, seed, start).0, run(n, seed, start).0);
        }
    }
}
