//! The `constellation` engine: border queens pre-placed, one canonical form per
//! symmetry class, Burnside's lemma for the classes.
//!
//! Every solution has exactly one queen on each of the four border lines (top
//! row, bottom row, left column, right column); a queen in a corner sits on two
//! of them. This is the idea of the Q27 project (TU Dresden) and of
//! NQueensFAF's "constellations": fix the border queens first, keep one
//! arrangement per symmetry class, and count the interior.
//!
//! **No corner queen.** The four border queens form a *constellation* `(t, b, l,
//! r)`: the columns of the top and bottom queens and the rows of the left and
//! right ones. The eight symmetries of the square act on constellations; the
//! plan keeps one canonical constellation C per class (the smallest of its
//! images) and counts its completions N(C) by bitboard backtracking over the
//! interior rows, with the border queens' lines blocked in every row. If G(C)
//! is the set of symmetries that fix C, the solutions whose constellation lies
//! in the class of C number `(8 / |G(C)|) · N(C)`, and (Burnside, applied to
//! G(C) acting on the completions) their symmetry classes number
//! `(N(C) + P(C) + 2 R(C)) / |G(C)|`, where P and R count the completions fixed
//! by the half turn and by the quarter turn when those are in G(C); reflections
//! never fix a solution. Only the rare symmetric constellations need P and R,
//! so almost every task runs the plain counting loop.
//!
//! **A corner queen.** No solution has two (any two corners share a row, a
//! column or a diagonal), so such a solution's class has 8 members, exactly
//! two of which have the queen in the top-left corner: s and its transpose.
//! Exactly one of them has its row-1 queen left of its column-1 queen
//! (`s[1] < s⁻¹[1]`; equality would put two queens on one anti-diagonal), so
//! the plan counts those, weight 8, and forbids column 1 above row `s[1]`
//! while searching. This is the first half of Takaken's algorithm.
//!
//! **Grouping.** Searching each constellation alone re-explores the upper rows
//! once per bottom queen. So the rotation-free canonical constellations that
//! share their top, left and right queens are searched together, and the
//! bottom row is counted last, against a mask of the bottom columns that
//! complete a canonical constellation of weight 8 (no symmetry) or 4 (fixed
//! by a reflection). This cut the time of Q(17) by about a fifth. Each
//! constellation is filed under the orientation whose side queens stand
//! lowest, which measured about a fifth faster again. The rare
//! constellations fixed by a rotation are searched alone, keeping the board,
//! to count P(C) and R(C). (Finding the side queens lazily as well, as
//! Takaken's algorithm does, measured slower: it loses their pruning.)
//!
//! **Tasks** are the groups split by the column of their first free row's
//! queen, the rotation-symmetric constellations, and, for corner solutions,
//! the choices of the queens of rows 1 and 2: thousands from n = 14 on.

use super::plan::{thread_cpu_seconds, Engine, Plan, TaskSample};
use crate::board::Square;
use crate::error::Error;
use crate::rng::Xoshiro256;
use crate::search::check_n;
use crate::sink::tally::Tally;
use crate::symmetry::Symmetry;
use std::sync::atomic::{AtomicBool, Ordering};

/// Rows below a point of the search from which it looks at the stop flag:
/// a search of 11 rows takes well under a second at n = 33, and the flag is
/// read once per such search, too seldom to cost anything.
const STOP_ROWS: usize = 11;

/// The engine; see the docs of `src/count/constellation.rs`.
///
/// The first that [`engines`](crate::engines) lists, and the one
/// [`auto_engine`](crate::auto_engine) picks below n = 14, above n = 28 and
/// where the join engine does not fit in the memory given.
///
/// # Examples
///
/// ```
/// use nqueens::{count_plan, ConstellationEngine, Engine};
///
/// assert_eq!(ConstellationEngine.name(), "constellation");
/// let plan = ConstellationEngine.plan(10)?;
/// assert_eq!(plan.len(), 293);
/// let tally = count_plan(plan.as_ref());
/// assert_eq!((tally.solutions, tally.unique()), (724, Some(92)));
///
/// // Boards below 6×6 are one task.
/// let small = ConstellationEngine.plan(5)?;
/// assert_eq!(small.len(), 1);
/// assert_eq!(small.describe(0), "the whole 5×5 board");
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct ConstellationEngine;

/// Below this the plan is a single task that enumerates every solution.
const SMALL: usize = 6;

/// The largest board: n = 40. A row is a `u64` mask, but the counts are
/// `u128`s, and eight times Q(n) must fit: Q(n)^(1/n) / n is 0.169 at
/// n = 20 and 0.163 at n = 27 and falls towards 0.143 (Simkin, 2021), so
/// 8 · Q(40) < 8 · (0.163 · 40)^40 ≈ 3 · 10^33, far below 2^128 ≈ 3.4 · 10^38,
/// which about n = 44 would reach. (No count of n = 40 will finish; a dry
/// run projects it.) Also its [`max_n`](Engine::max_n), and the largest
/// board `count` takes.
///
/// ```
/// use nqueens::{ConstellationEngine, Engine, Error, CONSTELLATION_MAX_N};
///
/// assert_eq!(ConstellationEngine.max_n(), CONSTELLATION_MAX_N);
/// // Past it, also past 64 where the bitboards stop, it names its own limit.
/// for n in [CONSTELLATION_MAX_N + 1, 65] {
///     assert!(matches!(
///         ConstellationEngine.plan(n),
///         Err(Error::TooLarge { max: CONSTELLATION_MAX_N, .. })
///     ));
/// }
/// ```
pub const CONSTELLATION_MAX_N: usize = 40;

/// From this n on, a dry run times random parts of a task rather than the
/// whole ([`Search::descend`]): a task of n = 20 takes a quarter of a
/// second, of n = 32 months.
const PART_TIMING_N: usize = 20;

/// A part timed by a dry run: the rows below random queens are searched
/// for about this long on average (seconds).
const PART_SECONDS: f64 = 2e-4;

/// And as many parts are timed as take about this long in all (4 to 256).
const PARTS_SECONDS: f64 = 0.02;

impl Engine for ConstellationEngine {
    fn name(&self) -> &'static str {
        "constellation"
    }

    fn max_n(&self) -> usize {
        CONSTELLATION_MAX_N
    }

    fn plan(&self, n: usize) -> Result<Box<dyn Plan>, Error> {
        // Its own limit first: past 64 the bitboards' would name another
        // bound than the one that refuses n from 41 on.
        if n > CONSTELLATION_MAX_N {
            return Err(Error::TooLarge {
                n,
                max: CONSTELLATION_MAX_N,
                what: "the constellation engine",
            });
        }
        check_n(n)?;
        if n < SMALL {
            return Ok(Box::new(SmallPlan { n }));
        }
        Ok(Box::new(ConstellationPlan::new(n)))
    }

    /// Measured: n = 17 took 8.3 s on one core, growing about sevenfold a
    /// row to n = 20, then as Q(n) does (`search_seconds` in the source).
    fn rough_cpu_seconds(&self, n: usize) -> f64 {
        super::plan::with_small_board_floor(n, search_seconds(n))
    }
}

/// The constellation engine's search of n on one core, roughly. Measured:
/// n = 17 took 8.3 s, and the time grows about sevenfold a row up to n = 20
/// (2,850 s); past it, as Q(n) does, by a factor that grows with the row
/// (about 0.43 k from row k to k + 1), which meets the dry run of n = 32
/// (7·10^15 s) and comes within a third of the dry run of n = 40
/// (4.5·10^17 years; a constant 10.8, the mean from 20 to 32, said a
/// tenth of it).
pub(super) fn search_seconds(n: usize) -> f64 {
    if n <= 20 {
        8.3 * 7.0f64.powi(i32::try_from(n).unwrap_or(i32::MAX) - 17)
    } else {
        // Past n = 190 or so the product is infinite: stop there (n may be
        // as large as a caller likes).
        let mut t = 2850.0;
        for k in 20..n {
            t *= 0.426 * k as f64;
            if t.is_infinite() {
                break;
            }
        }
        t
    }
}

/// One task that counts a small board by plain enumeration.
struct SmallPlan {
    n: usize,
}

impl Plan for SmallPlan {
    fn n(&self) -> usize {
        self.n
    }

    fn len(&self) -> usize {
        1
    }

    fn count(&self, _: usize) -> Tally {
        let c = super::count_all(self.n).unwrap_or(super::Counts {
            n: self.n,
            total: 0,
            unique: 0,
        });
        Tally {
            solutions: c.total,
            classes_x8: 8 * c.unique,
        }
    }

    fn describe(&self, _: usize) -> String {
        format!("the whole {0}×{0} board", self.n)
    }
}

/// A task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Task {
    /// Queens on (0, 0), (1, k), (2, c2).
    Corner { k: u8, c2: u8 },
    /// Every canonical constellation with these top, left and right queens
    /// and no rotation among its symmetries, searched together: the bottom
    /// row is counted last, against the bottom columns that complete a
    /// canonical constellation of weight 8 (`bottom8`) or 4 (`bottom4`).
    Sides {
        /// Column of the top queen, row of the left queen, row of the right queen.
        tlr: [u8; 3],
        /// The column of the first interior row's queen, to split the search.
        first: u8,
        /// Bottom columns of weight 8 (no symmetry).
        bottom8: u64,
        /// Bottom columns of weight 4 (a reflection fixes the constellation).
        bottom4: u64,
    },
    /// A canonical constellation fixed by a rotation, searched alone so that
    /// the completions fixed by that rotation can be counted.
    Border {
        /// Column of the top queen, column of the bottom queen, row of the
        /// left queen, row of the right queen.
        tblr: [u8; 4],
        /// 8 / |G(C)|.
        weight: u8,
        /// G(C) contains the half turn.
        half_turn: bool,
        /// G(C) contains the quarter turns.
        quarter_turn: bool,
    },
}

/// The plan of the constellation engine.
pub struct ConstellationPlan {
    n: usize,
    full: u64,
    tasks: Vec<Task>,
}

/// Whether queens on two distinct squares attack each other.
fn attack(a: (usize, usize), b: (usize, usize)) -> bool {
    Square::new(a.0, a.1)
        .attack(Square::new(b.0, b.1))
        .is_some()
}

impl ConstellationPlan {
    /// The tasks for an `n`×`n` board, `SMALL <= n <= 64`.
    fn new(n: usize) -> Self {
        let m = n - 1;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut tasks = Vec::new();
        // Corner solutions: (0, 0), (1, k) with 2 <= k <= n - 2, then row 2.
        for k in 2..m {
            for c2 in 0..n {
                let forbidden_col1 = 2 < k && c2 == 1;
                if !forbidden_col1 && !attack((0, 0), (2, c2)) && !attack((1, k), (2, c2)) {
                    tasks.push(Task::Corner {
                        k: k as u8,
                        c2: c2 as u8,
                    });
                }
            }
        }
        // Border constellations without corner queens.
        let mut sides: std::collections::BTreeMap<[u8; 3], (u64, u64)> =
            std::collections::BTreeMap::new();
        for t in 1..m {
            for b in 1..m {
                for l in 1..m {
                    for r in 1..m {
                        let q = [(0, t), (m, b), (l, 0), (r, m)];
                        let ok = (0..4).all(|i| (i + 1..4).all(|j| !attack(q[i], q[j])));
                        if !ok {
                            continue;
                        }
                        let c = [t as u8, b as u8, l as u8, r as u8];
                        let images = Symmetry::ALL.map(|g| image(n, c, g));
                        if images.iter().any(|im| *im < c) {
                            continue;
                        }
                        let fixing = images.iter().filter(|im| **im == c).count();
                        let half_turn = images[2] == c;
                        let quarter_turn = images[1] == c;
                        if half_turn || quarter_turn {
                            tasks.push(Task::Border {
                                tblr: c,
                                weight: (8 / fixing) as u8,
                                half_turn,
                                quarter_turn,
                            });
                        } else {
                            // Its completions are as many in every
                            // orientation: search the one whose side queens
                            // stand lowest, which measured fastest (n = 16:
                            // 1.27 s against 1.57 s as found, 2.6 s highest).
                            let o = images
                                .iter()
                                .copied()
                                .min_by_key(|im| {
                                    (
                                        std::cmp::Reverse(im[2].max(im[3])),
                                        std::cmp::Reverse(im[2].min(im[3])),
                                    )
                                })
                                .unwrap_or(c);
                            let entry = sides.entry([o[0], o[2], o[3]]).or_default();
                            if fixing == 1 {
                                entry.0 |= 1 << o[1];
                            } else {
                                entry.1 |= 1 << o[1];
                            }
                        }
                    }
                }
            }
        }
        // Split each group by its first interior row's queen: a partition of
        // the search, so nothing is counted twice, and thousands of tasks.
        for ([t, l, r], (bottom8, bottom4)) in sides {
            let y = (1..m)
                .find(|&y| y != usize::from(l) && y != usize::from(r))
                .unwrap_or(1);
            let fixed = [
                (0, usize::from(t)),
                (usize::from(l), 0),
                (usize::from(r), m),
            ];
            for first in 1..m {
                if fixed.iter().all(|&q| !attack(q, (y, first))) {
                    tasks.push(Task::Sides {
                        tlr: [t, l, r],
                        first: first as u8,
                        bottom8,
                        bottom4,
                    });
                }
            }
        }
        ConstellationPlan { n, full, tasks }
    }

    /// The search of task `index`. A [`Task::Border`]'s is the plain count
    /// of its completions, without the symmetric ones it also counts.
    fn search(&self, index: usize) -> Search {
        let m = self.n - 1;
        match self.tasks[index] {
            Task::Corner { k, c2 } => {
                let (k, c2) = (usize::from(k), usize::from(c2));
                let (rows, blocked) = self.setup(&[(0, 0), (1, k), (2, c2)], k);
                Search {
                    rows,
                    blocked,
                    last8: self.full,
                    last4: 0,
                }
            }
            Task::Sides {
                tlr,
                first,
                bottom8,
                bottom4,
            } => {
                let [t, l, r] = tlr.map(usize::from);
                let (rows, mut blocked) = self.setup(&[(0, t), (l, 0), (r, m)], 0);
                // The first interior row's queen is the task's.
                blocked[0] |= !(1u64 << first);
                Search {
                    rows,
                    blocked,
                    last8: bottom8,
                    last4: bottom4,
                }
            }
            Task::Border { tblr, .. } => {
                let [t, b, l, r] = tblr.map(usize::from);
                let (rows, blocked) = self.setup(&[(0, t), (m, b), (l, 0), (r, m)], 0);
                Search {
                    rows,
                    blocked,
                    last8: self.full,
                    last4: 0,
                }
            }
        }
    }

    /// The interior rows and their blocked squares for fixed queens `fixed`
    /// (and, for corner tasks, column 1 above row `k`).
    fn setup(&self, fixed: &[(usize, usize)], no_col1_above: usize) -> (Vec<usize>, Vec<u64>) {
        let n = self.n;
        let rows: Vec<usize> = (0..n).filter(|y| fixed.iter().all(|q| q.0 != *y)).collect();
        let blocked = rows
            .iter()
            .map(|&y| {
                let mut mask = if y < no_col1_above { 2u64 } else { 0 };
                for &(qr, qc) in fixed {
                    mask |= 1 << qc;
                    let dy = y.abs_diff(qr);
                    if qc + dy < n {
                        mask |= 1 << (qc + dy);
                    }
                    if qc >= dy {
                        mask |= 1 << (qc - dy);
                    }
                }
                mask
            })
            .collect();
        (rows, blocked)
    }
}

/// What is left of a task to search: the free rows below its fixed queens,
/// each with the squares the fixed queens attack (`blocked`), and the columns
/// of the last row that count with weight 8 (`last8`) and 4 (`last4`): the
/// bottom columns of a [`Task::Sides`]; every column and none for a
/// [`Task::Corner`].
#[derive(Debug, Clone, PartialEq, Eq)]
struct Search {
    rows: Vec<usize>,
    blocked: Vec<u64>,
    last8: u64,
    last4: u64,
}

impl Search {
    /// The completions whose last queen stands in `last8`, and in `last4`;
    /// `None` when `stop` was set while they were counted.
    fn completions(&self, full: u64, stop: &AtomicBool) -> Option<(u128, u128)> {
        completions(
            full,
            &self.rows,
            &self.blocked,
            (self.last8, self.last4),
            stop,
        )
    }

    /// Places a queen in each of the first `depth` free rows (fewer than
    /// all), each on a square of its row chosen uniformly at random among
    /// those still free; returns the product of the numbers of choices
    /// (0 if some row had none) and the search of the rows below.
    ///
    /// Knuth's estimator ("Estimating the efficiency of backtrack
    /// programs", 1975; see [`estimate`](super::estimate)): a subtree at
    /// depth `depth` is reached with probability one over that product, so
    /// the product times the subtree's count (or its search time) is an
    /// unbiased estimate of the whole task's count (or of the time its
    /// search spends below depth `depth`, which is nearly all of it).
    fn descend(&self, full: u64, depth: usize, rng: &mut Xoshiro256) -> (f64, Search) {
        debug_assert!(depth < self.rows.len());
        let mut blocked = self.blocked.clone();
        let mut paths = 1.0;
        for i in 0..depth {
            let free = full & !blocked[i];
            if free == 0 {
                return (0.0, self.clone());
            }
            paths *= f64::from(free.count_ones());
            let mut pick = rng.below(u64::from(free.count_ones()));
            let mut left = free;
            while pick > 0 {
                left &= left - 1;
                pick -= 1;
            }
            let col = left.trailing_zeros() as usize;
            let row = self.rows[i];
            for (&below, blocked) in self.rows.iter().zip(&mut blocked).skip(i + 1) {
                let dy = below - row;
                let mut attacked = 1u64 << col;
                if col + dy < 64 {
                    attacked |= 1 << (col + dy);
                }
                if col >= dy {
                    attacked |= 1 << (col - dy);
                }
                *blocked |= attacked;
            }
        }
        let below = Search {
            rows: self.rows[depth..].to_vec(),
            blocked: blocked[depth..].to_vec(),
            last8: self.last8,
            last4: self.last4,
        };
        (paths, below)
    }
}

/// Counts the completions of the free `rows` below fixed queens, each row
/// with the squares the fixed queens attack in `blocked`: those whose last
/// queen stands in `last8`, and those whose last queen stands in `last4`
/// (see [`Search`]). Gives up, `None`, when `stop` is set: it is read each
/// time the search leaves a row [`STOP_ROWS`] or more above the last.
fn completions(
    full: u64,
    rows: &[usize],
    blocked: &[u64],
    (last8, last4): (u64, u64),
    stop: &AtomicBool,
) -> Option<(u128, u128)> {
    let k = rows.len();
    let mut avail = [0u64; 65];
    let mut c = [0u64; 65];
    let mut l = [0u64; 65];
    let mut r = [0u64; 65];
    avail[0] = full & !blocked[0];
    if k == 1 {
        return Some((
            u128::from((avail[0] & last8).count_ones()),
            u128::from((avail[0] & last4).count_ones()),
        ));
    }
    // From about n = 34 a task may have more than 2^64 completions, but no
    // 11 rows have (n^11 < 2^64 for n ≤ 40): the hot loop adds in 64 bits,
    // and the sums move to 128 bits whenever the search leaves one of the
    // rows 11 or more above the last (128-bit adds there cost 6%).
    let (mut c8, mut c4) = (0u64, 0u64);
    let (mut total8, mut total4) = (0u128, 0u128);
    let flush = k.saturating_sub(STOP_ROWS);
    let mut d = 0;
    loop {
        let a = avail[d];
        if a == 0 {
            if d <= flush {
                total8 += u128::from(std::mem::take(&mut c8));
                total4 += u128::from(std::mem::take(&mut c4));
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
            }
            if d == 0 {
                return Some((total8, total4));
            }
            d -= 1;
            continue;
        }
        let bit = a & a.wrapping_neg();
        avail[d] = a ^ bit;
        let gap = rows[d + 1] - rows[d];
        let nc = c[d] | bit;
        let nl = (l[d] | bit) << gap;
        let nr = (r[d] | bit) >> gap;
        let free = full & !(nc | nl | nr | blocked[d + 1]);
        if d + 2 == k {
            c8 += u64::from((free & last8).count_ones());
            c4 += u64::from((free & last4).count_ones());
            continue;
        }
        if free != 0 {
            d += 1;
            c[d] = nc;
            l[d] = nl;
            r[d] = nr;
            avail[d] = free;
        }
    }
}

/// The image of constellation `c` under `g`.
fn image(n: usize, c: [u8; 4], g: Symmetry) -> [u8; 4] {
    let m = n - 1;
    let [t, b, l, r] = c.map(usize::from);
    let mut out = [0u8; 4];
    for (row, col) in [(0, t), (m, b), (l, 0), (r, m)] {
        let (y, x) = g.map_square(n, row, col);
        // No corner queens: each image lies on exactly one border line.
        if y == 0 {
            out[0] = x as u8;
        } else if y == m {
            out[1] = x as u8;
        } else if x == 0 {
            out[2] = y as u8;
        } else {
            out[3] = y as u8;
        }
    }
    out
}

/// Completions of a symmetric constellation, with those fixed by the half turn
/// and the quarter turn. `board` holds the fixed queens' columns already.
/// Gives up, `None`, when `stop` is set, as [`completions`] does.
fn symmetric_completions(
    n: usize,
    rows: &[usize],
    blocked: &[u64],
    full: u64,
    board: &mut [usize],
    stop: &AtomicBool,
) -> Option<(u64, u64, u64)> {
    let m = n - 1;
    let k = rows.len();
    let mut avail = vec![0u64; k];
    let mut c = vec![0u64; k];
    let mut l = vec![0u64; k];
    let mut r = vec![0u64; k];
    avail[0] = full & !blocked[0];
    let (mut total, mut half, mut quarter) = (0u64, 0u64, 0u64);
    let check = k.saturating_sub(STOP_ROWS);
    let mut d = 0;
    loop {
        let a = avail[d];
        if a == 0 {
            if d <= check && stop.load(Ordering::Relaxed) {
                return None;
            }
            if d == 0 {
                return Some((total, half, quarter));
            }
            d -= 1;
            continue;
        }
        let bit = a & a.wrapping_neg();
        avail[d] = a ^ bit;
        board[rows[d]] = bit.trailing_zeros() as usize;
        if d + 1 == k {
            total += 1;
            if (0..n).all(|i| board[m - i] == m - board[i]) {
                half += 1;
                if (0..n).all(|i| board[board[i]] == m - i) {
                    quarter += 1;
                }
            }
            continue;
        }
        let gap = rows[d + 1] - rows[d];
        let nc = c[d] | bit;
        let nl = (l[d] | bit) << gap;
        let nr = (r[d] | bit) >> gap;
        d += 1;
        c[d] = nc;
        l[d] = nl;
        r[d] = nr;
        avail[d] = full & !(nc | nl | nr | blocked[d]);
    }
}

impl Plan for ConstellationPlan {
    fn n(&self) -> usize {
        self.n
    }

    fn len(&self) -> usize {
        self.tasks.len()
    }

    fn count(&self, index: usize) -> Tally {
        self.count_or_stop(index, &AtomicBool::new(false))
            .expect("counted whole: nothing sets the flag")
    }

    /// A task of n = 33 takes hours: it looks at `stop` once per search of
    /// its last [`STOP_ROWS`] rows, so that a count stops within a second.
    fn count_or_stop(&self, index: usize, stop: &AtomicBool) -> Option<Tally> {
        let n = self.n;
        let m = n - 1;
        Some(match self.tasks[index] {
            Task::Corner { .. } => {
                // Every last-row square counts, with weight 8.
                let (found, _) = self.search(index).completions(self.full, stop)?;
                Tally {
                    solutions: 8 * found,
                    classes_x8: 8 * found,
                }
            }
            Task::Sides { .. } => {
                let (c8, c4) = self.search(index).completions(self.full, stop)?;
                let found = 8 * c8 + 4 * c4;
                Tally {
                    solutions: found,
                    classes_x8: found,
                }
            }
            Task::Border {
                tblr,
                weight,
                half_turn,
                quarter_turn,
            } => {
                // Only constellations fixed by a rotation are Border tasks.
                let [t, b, l, r] = tblr.map(usize::from);
                let fixed = [(0, t), (m, b), (l, 0), (r, m)];
                let (rows, blocked) = self.setup(&fixed, 0);
                let mut board = vec![0usize; n];
                for &(y, x) in &fixed {
                    board[y] = x;
                }
                let (found, half, quarter) =
                    symmetric_completions(n, &rows, &blocked, self.full, &mut board, stop)?;
                let w = u128::from(weight);
                let fixed_sum = u128::from(found)
                    + if half_turn { u128::from(half) } else { 0 }
                    + if quarter_turn {
                        2 * u128::from(quarter)
                    } else {
                        0
                    };
                Tally {
                    solutions: w * u128::from(found),
                    classes_x8: w * fixed_sum,
                }
            }
        })
    }

    /// Up to n = 19 the time of counting the task. From [`PART_TIMING_N`]
    /// on, Knuth's estimator ([`Search::descend`]): queens go on random
    /// squares of the task's first free rows, leaving as many rows as
    /// take about [`PART_SECONDS`] to search, and that search's time times
    /// the number of paths like it estimates the task's. The estimate is
    /// unbiased but for the time spent above those rows, which it leaves
    /// out (a few per cent at most: nodes are far more numerous below);
    /// it is noisy, so the mean over many paths is taken, and the dry run's
    /// interval includes that noise. The rows to leave are chosen on paths
    /// that are then thrown away, so that the choice does not bias the
    /// paths timed.
    ///
    /// Times are read on the thread's own CPU clock. Parts give no count of
    /// the task's solutions (their weights are the task's, not the part's),
    /// so from [`PART_TIMING_N`] on `solutions` is `None`.
    fn sample(&self, index: usize, seed: u64) -> TaskSample {
        if !self.samples_parts() {
            let (tally, cpu_seconds) = thread_cpu_seconds(|| self.count(index));
            return TaskSample {
                cpu_seconds,
                solutions: Some(tally.solutions as f64),
            };
        }
        TaskSample {
            cpu_seconds: self.sample_parts(index, seed),
            solutions: None,
        }
    }

    /// From [`PART_TIMING_N`] on a task's time comes from random parts.
    fn samples_parts(&self) -> bool {
        self.n >= PART_TIMING_N
    }

    fn describe(&self, index: usize) -> String {
        match self.tasks[index] {
            Task::Corner { k, c2 } => format!("corner queen; row 1 in column {k}, row 2 in column {c2}"),
            Task::Sides { tlr: [t, l, r], first, bottom8, bottom4 } => format!(
                "border queens: top in column {t}, left in row {l}, right in row {r}; first free row in column {first}; bottom columns {:?} (weight 8) and {:?} (weight 4)",
                (0..64).filter(|b| bottom8 >> b & 1 == 1).collect::<Vec<_>>(),
                (0..64).filter(|b| bottom4 >> b & 1 == 1).collect::<Vec<_>>()
            ),
            Task::Border { tblr: [t, b, l, r], weight, .. } => format!(
                "border queens: top in column {t}, bottom in column {b}, left in row {l}, right in row {r} (weight {weight})"
            ),
        }
    }
}

impl ConstellationPlan {
    /// The time of task `index` from the times of random parts (see
    /// [`Plan::sample`]).
    fn sample_parts(&self, index: usize, seed: u64) -> f64 {
        let search = self.search(index);
        let rows = search.rows.len();
        let mut rng = Xoshiro256::new(seed);
        // (Seconds of one part, and those seconds times its paths.)
        let mut part = |left: usize| -> (f64, f64) {
            let (paths, below) = search.descend(self.full, rows - left.min(rows), &mut rng);
            if paths == 0.0 {
                return (0.0, 0.0);
            }
            let seconds =
                thread_cpu_seconds(|| below.completions(self.full, &AtomicBool::new(false))).1;
            (seconds, paths * seconds)
        };
        let mut left = rows.min(10);
        let mut mean = 0.0;
        while left <= rows {
            mean = (0..8).map(|_| part(left).0).sum::<f64>() / 8.0;
            if mean >= PART_SECONDS || left == rows {
                break;
            }
            left += 1;
        }
        let parts = (PARTS_SECONDS / mean.max(1e-7)).clamp(4.0, 256.0) as usize;
        (0..parts).map(|_| part(left).1).sum::<f64>() / parts as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::plan::count_plan;
    use crate::known;

    #[test]
    fn totals_and_classes_match_oeis() {
        for n in 1..=12 {
            let plan = ConstellationEngine.plan(n).unwrap();
            let t = count_plan(plan.as_ref());
            assert_eq!(Some(t.solutions), known::total(n), "Q({n})");
            assert_eq!(t.unique(), known::unique(n), "U({n})");
        }
    }

    #[test]
    fn every_task_agrees_with_a_plain_count_of_its_queens() {
        // Each task's weighted count equals the weight times the number of
        // solutions that extend its fixed queens (found by plain search).
        for n in SMALL..=12 {
            let plan = ConstellationPlan::new(n);
            let all: Vec<Vec<usize>> = crate::solutions(n)
                .unwrap()
                .map(crate::Solution::into_columns)
                .collect();
            for (i, task) in plan.tasks.iter().enumerate() {
                let m = n - 1;
                let (weight, matches): (u128, usize) = match *task {
                    Task::Corner { k, c2 } => {
                        let (k, c2) = (usize::from(k), usize::from(c2));
                        let count = all
                            .iter()
                            .filter(|s| s[0] == 0 && s[1] == k && s[2] == c2)
                            .filter(|s| s.iter().position(|&c| c == 1) > Some(k))
                            .count();
                        (8, count)
                    }
                    Task::Sides {
                        tlr: [t, l, r],
                        first,
                        bottom8,
                        bottom4,
                    } => {
                        let (t, l, r) = (usize::from(t), usize::from(l), usize::from(r));
                        let y = (1..m).find(|&y| y != l && y != r).unwrap_or(1);
                        let fits = |s: &&Vec<usize>| {
                            s[0] == t && s[l] == 0 && s[r] == m && s[y] == usize::from(first)
                        };
                        let c8 = all
                            .iter()
                            .filter(fits)
                            .filter(|s| bottom8 >> s[m] & 1 == 1)
                            .count();
                        let c4 = all
                            .iter()
                            .filter(fits)
                            .filter(|s| bottom4 >> s[m] & 1 == 1)
                            .count();
                        (1, 8 * c8 + 4 * c4)
                    }
                    Task::Border {
                        tblr: [t, b, l, r],
                        weight,
                        ..
                    } => {
                        let count = all
                            .iter()
                            .filter(|s| {
                                s[0] == usize::from(t)
                                    && s[m] == usize::from(b)
                                    && s[usize::from(l)] == 0
                                    && s[usize::from(r)] == m
                            })
                            .count();
                        (u128::from(weight), count)
                    }
                };
                assert_eq!(
                    plan.count(i).solutions,
                    weight * matches as u128,
                    "n = {n}: {}",
                    plan.describe(i)
                );
            }
        }
    }

    /// A task gives up when the stop flag is set, before or while it runs
    /// (`count 33` once went on for minutes after Ctrl-C, its tasks hours
    /// long), and counts as `count` does when it is not.
    #[test]
    fn tasks_give_up_when_told_to_stop() {
        let plan = ConstellationPlan::new(14);
        let (never, stopped) = (AtomicBool::new(false), AtomicBool::new(true));
        for index in 0..plan.len() {
            assert_eq!(plan.count_or_stop(index, &never), Some(plan.count(index)));
            assert_eq!(
                plan.count_or_stop(index, &stopped),
                None,
                "{}",
                plan.describe(index)
            );
        }
        // A long task (seconds at n = 24), told to stop 20 ms after it starts.
        let plan = ConstellationPlan::new(24);
        let stop = AtomicBool::new(false);
        let index = (0..plan.len())
            .find(|&i| matches!(plan.tasks[i], Task::Sides { .. }))
            .unwrap();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(20));
                stop.store(true, Ordering::Relaxed);
            });
            assert_eq!(plan.count_or_stop(index, &stop), None);
        });
    }

    #[test]
    fn random_descents_estimate_a_task_without_bias() {
        // Knuth's estimator, as a dry run uses it from n = 20 on: the paths
        // to a subtree times the subtree's count is an unbiased estimate of
        // the task's count. The mean of many must be near the exact count,
        // and a descent of no rows is the whole search.
        let plan = ConstellationPlan::new(12);
        let mut rng = Xoshiro256::new(12);
        let never = AtomicBool::new(false);
        let mut checked = 0;
        for index in (0..plan.len()).step_by(plan.len() / 12) {
            let search = plan.search(index);
            let weighted = |(c8, c4): (u128, u128)| (8 * c8 + 4 * c4) as f64;
            let exact = weighted(search.completions(plan.full, &never).unwrap());
            let (paths, whole) = search.descend(plan.full, 0, &mut rng);
            assert_eq!((paths, &whole), (1.0, &search));
            if exact == 0.0 {
                continue;
            }
            let depth = search.rows.len() / 2;
            let k = 4000;
            let values: Vec<f64> = (0..k)
                .map(|_| {
                    let (paths, below) = search.descend(plan.full, depth, &mut rng);
                    paths * weighted(below.completions(plan.full, &never).unwrap())
                })
                .collect();
            let mean = values.iter().sum::<f64>() / k as f64;
            let sd =
                (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (k - 1) as f64).sqrt();
            let error = sd / (k as f64).sqrt();
            assert!(
                (mean - exact).abs() <= 5.0 * error.max(1e-9),
                "{}: {mean} ± {error} against {exact}",
                plan.describe(index)
            );
            checked += 1;
        }
        assert!(checked >= 6, "{checked} tasks with solutions");
    }

    #[test]
    fn a_dry_run_at_n_32_times_parts_of_tasks() {
        // A task of n = 32 would take months; its parts take milliseconds.
        let plan = ConstellationEngine.plan(32).unwrap();
        assert!(plan.len() > 100_000, "{} tasks", plan.len());
        let d = crate::dry_run_within(plan.as_ref(), 3, 32, 0.0);
        assert_eq!(d.sampled, 3);
        // A task of n = 17 takes about a millisecond; at n = 32 it is
        // more than ten thousand times that.
        assert!(
            d.projected_cpu_seconds / d.tasks as f64 > 10.0,
            "{} s a task",
            d.projected_cpu_seconds / d.tasks as f64
        );
        assert!(matches!(
            ConstellationEngine.plan(41),
            Err(Error::TooLarge { max: 40, .. })
        ));
    }

    /// How a dry run's partial timing errs: the parts' estimate of random
    /// tasks against the time of counting them whole, summed.
    /// `NQ_N=20 NQ_SAMPLES=40 cargo test --release -p nqueens --lib
    /// parts_against_whole -- --ignored --nocapture`
    #[test]
    #[ignore = "minutes; prints how partial timing compares"]
    fn parts_against_whole_tasks() {
        let var = |k: &str, d: usize| {
            std::env::var(k)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(d)
        };
        let (n, samples) = (var("NQ_N", 20), var("NQ_SAMPLES", 40));
        let plan = ConstellationPlan::new(n);
        let mut rng = Xoshiro256::new(n as u64);
        let (mut whole, mut parts) = (0.0, 0.0);
        for s in 0..samples {
            let index = rng.below(plan.len() as u64) as usize;
            let start = std::time::Instant::now();
            std::hint::black_box(plan.count(index));
            whole += start.elapsed().as_secs_f64();
            parts += plan.sample_parts(index, s as u64);
        }
        println!(
            "n = {n}, {samples} tasks: whole {whole:.2} s, parts {parts:.2} s, ratio {:.3}",
            parts / whole
        );
    }

    #[test]
    fn plans_are_deterministic_and_large_enough() {
        let a = ConstellationPlan::new(14);
        let b = ConstellationPlan::new(14);
        assert_eq!(a.tasks, b.tasks);
        assert!(a.len() > 1000, "{} tasks", a.len());
    }
}
