//! The exact solver for N-Queens Completion, Blocked N-Queens and Excluded
//! Diagonals: the first completion, every completion, or their number, and
//! "no completion" as a proof (the search is exhaustive).
//!
//! Gent, Jefferson and Nightingale ("Complexity of n-Queens Completion",
//! JAIR 59, 2017) show that completion is NP-complete, and that what decides
//! the published instances quickly is not raw speed on a fixed row order but
//! *choosing well*: their bespoke backtracker and the CP and SAT solvers they
//! compare all pick the most constrained line and propagate. This solver does
//! the same, bitwise:
//!
//! - **Most constrained line first.** Among the rows *and* columns that hold
//!   no queen yet, the search branches on the one with the fewest free squares
//!   (a column is filled by choosing the row of its queen). Pre-placed queens
//!   and blocked squares make some lines far tighter than others, and a line
//!   with two free squares splits the search two ways where a fixed row order
//!   might split it forty ways; ties go to the line seen first.
//! - **Propagation.** Every placement updates, incrementally, the number of
//!   free squares of each open row and column. A line that drops to one free
//!   square gets its queen at once (*forced*, no branching), and a line that
//!   drops to none ends the branch at once. These are the "naked single" and
//!   "wipe-out" rules of CP, and on the blocked 56×56 instances they decide
//!   most of the search.
//! - **Wide bit rows.** Boards of any width up to [`MAX_N`](super::MAX_N): the free squares are kept twice,
//!   as rows of `⌈n/64⌉` words and as columns of as many, so that finding the
//!   free squares of the chosen line is a word scan either way, and the
//!   published completion instances (n ≈ 2,500, thousands of pre-placed
//!   queens) fit in a few megabytes.
//! - **No recursion, no allocation per node.** An explicit stack of frames,
//!   and a trail of the squares each placement took away, so that undoing a
//!   choice is popping the trail; every buffer is sized once.
//!
//! Counting splits the top of the search into independent subproblems (the
//! choices of the first few branching lines) and counts them on threads with
//! the crate's [`executor`](crate::count::executor), in `run.rs`. A stop flag is polled
//! every few thousand nodes.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use super::instance::Instance;

/// What a search did.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{complete, Answer, Instance, Square};
///
/// let go = AtomicBool::new(false);
/// let (_, stats) = complete(&Instance::new(8)?, &go)?;
/// assert!(stats.nodes > 0);
///
/// // A queen at (0, 1) of a 4×4 board leaves one square in each other row:
/// // the rest is placed without a single branch.
/// let mut instance = Instance::new(4)?;
/// instance.place(Square::new(0, 1))?;
/// let (answer, stats) = complete(&instance, &go)?;
/// assert_eq!(answer, Answer::Found(vec![1, 3, 0, 2]));
/// assert_eq!(stats.nodes, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Stats {
    /// Branching placements tried (each choice of a square for a chosen line).
    pub nodes: u64,
    /// Forced placements (a line with one free square left).
    pub forced: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The answer of [`complete`](crate::complete()).
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{complete, Answer, Instance, Square};
///
/// let go = AtomicBool::new(false);
/// let (answer, _) = complete(&Instance::new(6)?, &go)?;
/// assert!(matches!(answer, Answer::Found(columns) if nqueens::verify(&columns).is_ok()));
///
/// // No 4-queens solution has a queen in a corner.
/// let mut corner = Instance::new(4)?;
/// corner.place(Square::new(0, 0))?;
/// assert_eq!(complete(&corner, &go)?.0, Answer::NoCompletion);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Answer {
    /// A completion: the column of the queen in each row.
    Found(Vec<usize>),
    /// The search was exhausted: no completion exists.
    NoCompletion,
    /// The stop flag was set before the search finished.
    Stopped,
}

/// How often (in nodes, a power of two) the stop flag is polled.
pub(super) const POLL: u64 = 4096;

/// How often the search of an `n`×`n` board polls the stop flag: a node
/// costs time that grows with n (at n = 30,000, 4,096 nodes took 17 s, and
/// a `--timeout` of 20 s answered after 37), so the wider the board, the
/// fewer nodes between polls: [`POLL`] up to n = 64, 8 at n = 30,000.
fn poll_every(n: usize) -> u64 {
    ((1u64 << 18) / n.max(1) as u64)
        .clamp(1, POLL)
        .next_power_of_two()
}

/// No queen in this row yet.
const NONE: u32 = u32::MAX;

/// The board state: free squares by row and by column, the number of free
/// squares per line, the open lines, and the trail to undo placements.
#[derive(Debug, Clone)]
pub(super) struct Board {
    pub(super) n: usize,
    /// Words per row (and per column).
    w: usize,
    /// Free squares, row-major: bit `c` of row `r`.
    rows: Vec<u64>,
    /// Free squares, column-major: bit `r` of column `c`.
    cols: Vec<u64>,
    /// Free squares of each line: rows `0..n`, then columns `n..2n`.
    free: Vec<u32>,
    /// Whether each line holds a queen.
    filled: Vec<bool>,
    /// The open lines in `open[..open_len]`; removed ones are kept beyond it
    /// in removal order, so that undoing is `open_len += 1`.
    open: Vec<u32>,
    /// The position of each line in `open`.
    pos: Vec<u32>,
    pub(super) open_len: usize,
    /// The column of the queen in each row, or [`NONE`].
    queen: Vec<u32>,
    /// Squares taken away, as (row, col), in order: 4 bytes a square, as
    /// rows and columns are below [`MAX_N`](super::MAX_N) = 2^16. Nearly
    /// every square of the board is taken away by the time a completion is
    /// found, so this is most of the memory of a search on a large board.
    trail: Vec<(u16, u16)>,
    /// Rows given a queen, in order.
    placed: Vec<u32>,
    /// Lines that dropped to one free square, to be forced.
    forced: Vec<u32>,
    /// Some open line has no free square.
    dead: bool,
    /// For boards of one word per line (n ≤ 64): bit `r` is set while row
    /// `r` is open. Unused (0) on wider boards.
    open_rows: u64,
}

/// Where to undo to.
#[derive(Debug, Clone, Copy)]
pub(super) struct Mark {
    pub(super) trail: usize,
    pub(super) placed: usize,
    pub(super) open_len: usize,
}

impl Board {
    /// The board of `instance` (already checked), with the pre-placed queens
    /// placed and everything they force propagated. The trail is cleared: this
    /// is the root.
    pub(super) fn new(instance: &Instance) -> Board {
        let n = instance.n();
        let w = n.div_ceil(64);
        let mut full = vec![0u64; w];
        for (k, word) in full.iter_mut().enumerate() {
            let bits = (n - 64 * k).min(64);
            *word = if bits == 64 { !0 } else { (1u64 << bits) - 1 };
        }
        let rows: Vec<u64> = (0..n).flat_map(|_| full.iter().copied()).collect();
        let mut b = Board {
            n,
            w,
            cols: rows.clone(),
            rows,
            free: vec![n as u32; 2 * n],
            filled: vec![false; 2 * n],
            open: (0..2 * n as u32).collect(),
            pos: (0..2 * n as u32).collect(),
            open_len: 2 * n,
            queen: vec![NONE; n],
            trail: Vec::with_capacity((16 * n).min(n * n)),
            placed: Vec::with_capacity(n),
            forced: Vec::with_capacity(2 * n),
            dead: false,
            open_rows: if w == 1 { full[0] } else { 0 },
        };
        for s in instance.blocked() {
            b.kill(s.row, s.col);
        }
        for s in instance.excluded_sums() {
            for r in s.saturating_sub(n - 1)..=s.min(n - 1) {
                b.kill(r, s - r);
            }
        }
        for v in instance.excluded_differences() {
            // c = r + n − 1 − v, for 0 ≤ c < n.
            for r in v.saturating_sub(n - 1)..n.min(v + 1) {
                b.kill(r, r + n - 1 - v);
            }
        }
        for q in instance.queens() {
            b.place(q.row, q.col);
        }
        // A line may have been emptied or brought to one square by blocks
        // alone, before it could be seen as open: look at all of them.
        b.dead = false;
        b.forced.clear();
        for k in 0..b.open_len {
            let line = b.open[k] as usize;
            match b.free[line] {
                0 => b.dead = true,
                1 => b.forced.push(line as u32),
                _ => {}
            }
        }
        let mut forced = 0;
        b.propagate(&mut forced);
        b.trail.clear();
        b.placed.clear();
        b
    }

    /// The column of the queen in row `r`, if it has one.
    pub(super) fn queen_of(&self, r: usize) -> Option<usize> {
        (self.queen[r] != NONE).then_some(self.queen[r] as usize)
    }

    /// The free squares of row `r` on a board of one word per line.
    pub(super) fn row_word(&self, r: usize) -> u64 {
        self.rows[r]
    }

    /// Whether some open line has no free square.
    pub(super) fn is_dead(&self) -> bool {
        self.dead
    }

    #[inline]
    pub(super) fn mark(&self) -> Mark {
        Mark {
            trail: self.trail.len(),
            placed: self.placed.len(),
            open_len: self.open_len,
        }
    }

    /// Takes square (r, c) away if it is free, noting what that does to its
    /// row and column.
    #[inline]
    fn kill(&mut self, r: usize, c: usize) {
        let w = self.w;
        let rw = &mut self.rows[r * w + (c >> 6)];
        let bit = 1u64 << (c & 63);
        if *rw & bit == 0 {
            return;
        }
        *rw &= !bit;
        self.cols[c * w + (r >> 6)] &= !(1u64 << (r & 63));
        self.taken(r, c);
    }

    /// Takes square (r, c), free, away on a board of one word per line.
    #[inline]
    fn kill_narrow(&mut self, r: usize, c: usize) {
        self.rows[r] &= !(1u64 << c);
        self.cols[c] &= !(1u64 << r);
        self.taken(r, c);
    }

    /// Notes that square (r, c) was taken away: the trail, and what that does
    /// to its row and column.
    #[inline]
    fn taken(&mut self, r: usize, c: usize) {
        if self.trail.len() == self.trail.capacity() {
            // Grow as a Vec would, but never past the n² squares of the
            // board, which bounds the trail (a square is taken away once).
            let room = self.n * self.n - self.trail.len();
            self.trail.reserve_exact(self.trail.len().min(room).max(1));
        }
        // r, c < n ≤ MAX_N = 2^16 (checked by `Instance::new`).
        self.trail.push((r as u16, c as u16));
        for line in [r, self.n + c] {
            self.free[line] -= 1;
            if !self.filled[line] {
                match self.free[line] {
                    0 => self.dead = true,
                    1 => self.forced.push(line as u32),
                    _ => {}
                }
            }
        }
    }

    #[inline]
    fn close(&mut self, line: usize) {
        self.filled[line] = true;
        if self.w == 1 && line < self.n {
            self.open_rows &= !(1u64 << line);
        }
        let p = self.pos[line] as usize;
        let last_pos = self.open_len - 1;
        let last = self.open[last_pos];
        self.open[p] = last;
        self.pos[last as usize] = p as u32;
        self.open[last_pos] = line as u32;
        self.pos[line] = last_pos as u32;
        self.open_len = last_pos;
    }

    /// Puts a queen on (r, c), a free square of an open row and column, and
    /// takes away every square it attacks.
    pub(super) fn place(&mut self, r: usize, c: usize) {
        let (n, w) = (self.n, self.w);
        self.queen[r] = c as u32;
        self.placed.push(r as u32);
        self.close(r);
        self.close(n + c);
        if w == 1 {
            self.place_narrow(r, c);
            return;
        }
        // The rest of row r (and the square itself).
        for k in 0..w {
            let mut bits = self.rows[r * w + k];
            while bits != 0 {
                let x = 64 * k + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.kill(r, x);
            }
        }
        // Column c and both diagonals, in every open row.
        let mut k = 0;
        while k < self.open_len {
            let line = self.open[k] as usize;
            k += 1;
            if line >= n {
                continue;
            }
            let r2 = line;
            let d = r2.abs_diff(r);
            self.kill(r2, c);
            if c >= d {
                self.kill(r2, c - d);
            }
            if c + d < n {
                self.kill(r2, c + d);
            }
        }
    }

    /// [`Board::place`]'s attacks on a board of one word per line: each open
    /// row loses the squares under three shifted copies of the queen's bit.
    #[inline]
    fn place_narrow(&mut self, r: usize, c: usize) {
        let mut bits = self.rows[r];
        while bits != 0 {
            let x = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.kill_narrow(r, x);
        }
        let q = 1u64 << c;
        let mut open = self.open_rows;
        while open != 0 {
            let r2 = open.trailing_zeros() as usize;
            open &= open - 1;
            // d < n ≤ 64; bits shifted past n are never free.
            let d = r2.abs_diff(r) as u32;
            let mask = q | (q >> d) | q.checked_shl(d).unwrap_or(0);
            let mut hit = self.rows[r2] & mask;
            while hit != 0 {
                let x = hit.trailing_zeros() as usize;
                hit &= hit - 1;
                self.kill_narrow(r2, x);
            }
        }
    }

    /// The only free square of `line`, as (row, col), or the first one at or
    /// after position `from` along the line.
    #[inline]
    fn next_free(&self, line: usize, from: usize) -> Option<(usize, usize)> {
        let (n, w) = (self.n, self.w);
        let (words, base) = if line < n {
            (&self.rows[line * w..line * w + w], line)
        } else {
            (&self.cols[(line - n) * w..(line - n) * w + w], line - n)
        };
        let mut k = from >> 6;
        if k >= w {
            return None;
        }
        let mut bits = words[k] & (!0u64 << (from & 63));
        loop {
            if bits != 0 {
                let x = 64 * k + bits.trailing_zeros() as usize;
                return Some(if line < n { (base, x) } else { (x, base) });
            }
            k += 1;
            if k == w {
                return None;
            }
            bits = words[k];
        }
    }

    /// Places the queens of lines left with one free square until none is
    /// left or some line has none.
    pub(super) fn propagate(&mut self, forced: &mut u64) {
        while let Some(line) = self.forced.pop() {
            if self.dead {
                break;
            }
            let line = line as usize;
            if self.filled[line] {
                continue;
            }
            if let Some((r, c)) = self.next_free(line, 0) {
                *forced += 1;
                self.place(r, c);
            } else {
                self.dead = true;
            }
        }
        self.forced.clear();
    }

    pub(super) fn undo(&mut self, to: Mark) {
        let (n, w) = (self.n, self.w);
        while self.trail.len() > to.trail {
            let Some((r, c)) = self.trail.pop() else {
                break;
            };
            let (r, c) = (r as usize, c as usize);
            self.rows[r * w + (c >> 6)] |= 1u64 << (c & 63);
            self.cols[c * w + (r >> 6)] |= 1u64 << (r & 63);
            self.free[r] += 1;
            self.free[n + c] += 1;
        }
        while self.placed.len() > to.placed {
            let Some(r) = self.placed.pop() else { break };
            let r = r as usize;
            let c = self.queen[r] as usize;
            self.queen[r] = NONE;
            self.filled[r] = false;
            if w == 1 {
                self.open_rows |= 1u64 << r;
            }
            self.filled[n + c] = false;
        }
        self.open_len = to.open_len;
        self.forced.clear();
        self.dead = false;
    }

    /// The open line with the fewest free squares.
    #[inline]
    fn choose(&self) -> usize {
        let mut best = self.open[0] as usize;
        let mut least = self.free[best];
        for &line in &self.open[1..self.open_len] {
            let f = self.free[line as usize];
            if f < least {
                least = f;
                best = line as usize;
                if f <= 2 {
                    break;
                }
            }
        }
        best
    }
}

/// A branching line and the next position along it to try.
#[derive(Debug, Clone, Copy)]
pub(super) struct Frame {
    line: u32,
    /// The position (column for a row, row for a column) to try next.
    next: u32,
    /// The square tried last.
    pub(super) tried: (u32, u32),
    /// Where along the line the trials began (they wrap around to it).
    start: u32,
    /// Whether the trials have wrapped around past the end of the line.
    wrapped: bool,
    mark: Mark,
}

impl Frame {
    /// The frame that branches on the most constrained open line of `board`,
    /// `depth` frames down.
    fn open(board: &Board, order: Order, depth: usize) -> Frame {
        let line = board.choose();
        let start = order.start(line, depth, board.n);
        Frame {
            line: line as u32,
            next: start,
            tried: (0, 0),
            start,
            wrapped: false,
            mark: board.mark(),
        }
    }
}

/// How a search orders the squares of a line and how far it may go.
#[derive(Debug, Clone, Copy)]
pub(super) struct Order {
    /// 0: every line from its first square; otherwise a seed for where along
    /// each line the trials start.
    pub(super) seed: u64,
    /// Give up (as [`End::Limit`]) after this many nodes.
    pub(super) limit: u64,
}

impl Order {
    pub(super) const PLAIN: Order = Order {
        seed: 0,
        limit: u64::MAX,
    };

    #[inline]
    pub(super) fn start(&self, line: usize, depth: usize, n: usize) -> u32 {
        if self.seed == 0 {
            return 0;
        }
        let mut x = self.seed
            ^ (line as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (depth as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        x ^= x >> 31;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 29;
        (x % n as u64) as u32
    }
}

/// What the search tells its caller.
pub(super) enum Event<'a> {
    /// Every line holds a queen: the columns, row by row.
    Solution(&'a [u32]),
    /// The depth limit was reached with lines still open: the squares chosen
    /// on the way here.
    Cut(&'a [Frame]),
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum End {
    Exhausted,
    Broken,
    Stopped,
    /// The node limit of the [`Order`] was reached.
    Limit,
}

/// Searches from the board's current (propagated) state: every solution,
/// or, with `max_depth`, every branch at that many choices.
pub(super) fn search(
    board: &mut Board,
    max_depth: usize,
    order: Order,
    stop: &AtomicBool,
    stats: &mut Stats,
    on: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
) -> End {
    if board.dead {
        return End::Exhausted;
    }
    if board.open_len == 0 {
        return match on(Event::Solution(&board.queen)) {
            ControlFlow::Continue(()) => End::Exhausted,
            ControlFlow::Break(()) => End::Broken,
        };
    }
    if max_depth == 0 {
        return match on(Event::Cut(&[])) {
            ControlFlow::Continue(()) => End::Exhausted,
            ControlFlow::Break(()) => End::Broken,
        };
    }
    let n = board.n;
    let mut stack: Vec<Frame> = Vec::with_capacity(n + 1);
    stack.push(Frame::open(board, order, 0));
    let mut nodes = 0u64;
    let poll = poll_every(n);
    loop {
        let Some(top) = stack.last_mut() else {
            return End::Exhausted;
        };
        board.undo(top.mark);
        let line = top.line as usize;
        let along = |(r, c): (usize, usize)| if line < n { c } else { r };
        let mut square = None;
        if !top.wrapped {
            square = board.next_free(line, top.next as usize);
            if square.is_none() {
                top.wrapped = true;
                top.next = 0;
            }
        }
        if top.wrapped {
            square = board
                .next_free(line, top.next as usize)
                .filter(|&s| along(s) < top.start as usize);
        }
        let Some((r, c)) = square else {
            stack.pop();
            continue;
        };
        top.next = along((r, c)) as u32 + 1;
        top.tried = (r as u32, c as u32);
        stats.nodes += 1;
        nodes += 1;
        // Polled at the first node, then every `poll`: a flag set before
        // the call stops the search before it finds anything.
        if (nodes - 1) & (poll - 1) == 0 && stop.load(Ordering::Relaxed) {
            return End::Stopped;
        }
        if nodes > order.limit {
            return End::Limit;
        }
        board.place(r, c);
        board.propagate(&mut stats.forced);
        if board.dead {
            continue;
        }
        if board.open_len == 0 {
            if on(Event::Solution(&board.queen)).is_break() {
                return End::Broken;
            }
            continue;
        }
        if stack.len() >= max_depth {
            if on(Event::Cut(&stack)).is_break() {
                return End::Broken;
            }
            continue;
        }
        let frame = Frame::open(board, order, stack.len());
        stack.push(frame);
    }
}

#[cfg(test)]
mod tests {
    use super::super::instance::Clash;
    use super::super::narrow::{self, Narrow};
    use super::super::run::*;
    use super::*;
    use crate::Square;
    use proptest::prelude::*;

    fn go() -> AtomicBool {
        AtomicBool::new(false)
    }

    fn brute(instance: &Instance) -> Vec<Vec<usize>> {
        crate::solutions(instance.n())
            .unwrap()
            .map(|s| s.columns().to_vec())
            .filter(|c| instance.accepts(c))
            .collect()
    }

    fn all(instance: &Instance) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let (_, stopped) = for_each(instance, &go(), &mut |c| {
            out.push(c.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(!stopped);
        out.sort();
        out
    }

    fn instance() -> impl Strategy<Value = Instance> {
        (1usize..=10).prop_flat_map(|n| {
            let sq = (0..n, 0..n);
            (
                Just(n),
                prop::collection::vec(sq.clone(), 0..4),
                prop::collection::vec(sq, 0..(n * n / 3 + 1)),
                prop::collection::vec(0..2 * n - 1, 0..4),
                prop::collection::vec(0..2 * n - 1, 0..4),
            )
                .prop_map(|(n, queens, blocked, sums, diffs)| {
                    let mut i = Instance::new(n).unwrap();
                    for (r, c) in queens {
                        // A square drawn twice holds one queen.
                        let _ = i.place(Square::new(r, c));
                    }
                    for (r, c) in blocked {
                        i.block(Square::new(r, c)).unwrap();
                    }
                    for s in sums {
                        i.exclude_sum(s).unwrap();
                    }
                    for d in diffs {
                        i.exclude_difference(d).unwrap();
                    }
                    i
                })
        })
    }

    /// Pre-placed queens from a solution, so that clashes are rarer.
    fn consistent() -> impl Strategy<Value = Instance> {
        (
            4usize..=10,
            any::<u64>(),
            prop::collection::vec(any::<bool>(), 10),
            0usize..12,
        )
            .prop_map(|(n, pick, keep, blocks)| {
                let sols: Vec<_> = crate::solutions(n).unwrap().collect();
                let sol = sols[(pick % sols.len() as u64) as usize].columns().to_vec();
                let mut i = Instance::new(n).unwrap();
                for (r, &c) in sol.iter().enumerate() {
                    if keep[r] && r % 3 == 0 {
                        i.place(Square::new(r, c)).unwrap();
                    }
                }
                let mut x = pick;
                for _ in 0..blocks {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let s = Square::new((x >> 33) as usize % n, (x >> 13) as usize % n);
                    if !i.queens().contains(&s) {
                        i.block(s).unwrap();
                    }
                }
                i
            })
    }

    fn agrees(i: &Instance) {
        let expected = brute(i);
        if i.check().is_err() {
            assert!(expected.is_empty());
            assert!(complete(i, &go()).is_err());
            assert!(count(i, 2, &go()).is_err());
            return;
        }
        let (one, _) = count(i, 1, &go()).unwrap();
        let (two, _) = count(i, 2, &go()).unwrap();
        assert_eq!(one, Some(expected.len() as u128), "{i:?}");
        assert_eq!(two, one, "{i:?}");
        let (answer, _) = complete(i, &go()).unwrap();
        match answer {
            Answer::Found(c) => {
                assert!(!expected.is_empty());
                assert!(i.accepts(&c));
            }
            Answer::NoCompletion => assert!(expected.is_empty()),
            Answer::Stopped => panic!("stopped"),
        }
        assert_eq!(all(i), expected);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn agrees_with_brute_force(i in instance()) {
            agrees(&i);
        }

        #[test]
        fn agrees_with_brute_force_on_consistent_queens(i in consistent()) {
            agrees(&i);
        }
    }

    /// Random instances up to 12×12 for the word-per-row search: a few
    /// queens (kept when they do not clash), blocked squares and excluded
    /// diagonals of both kinds.
    fn narrow_instance() -> impl Strategy<Value = Instance> {
        (1usize..=12).prop_flat_map(|n| {
            let sq = (0..n, 0..n);
            (
                Just(n),
                prop::collection::vec(sq.clone(), 0..4),
                prop::collection::vec(sq, 0..(n * n / 4 + 1)),
                prop::collection::vec(0..2 * n - 1, 0..5),
                prop::collection::vec(0..2 * n - 1, 0..5),
            )
                .prop_map(|(n, queens, blocked, sums, diffs)| {
                    let mut i = Instance::new(n).unwrap();
                    for (r, c) in queens {
                        let mut with = i.clone();
                        if with.place(Square::new(r, c)).is_ok() && with.check().is_ok() {
                            i = with;
                        }
                    }
                    for (r, c) in blocked {
                        if !i.queens().contains(&Square::new(r, c)) {
                            i.block(Square::new(r, c)).unwrap();
                        }
                    }
                    for s in sums {
                        i.exclude_sum(s).unwrap();
                    }
                    for d in diffs {
                        i.exclude_difference(d).unwrap();
                    }
                    i
                })
        })
    }

    /// The completions of the general (any width) search, in its order.
    fn general_all(i: &Instance) -> Vec<Vec<u32>> {
        let mut board = Board::new(i);
        let mut out = Vec::new();
        let end = search(
            &mut board,
            usize::MAX,
            Order::PLAIN,
            &go(),
            &mut Stats::default(),
            &mut |e| {
                if let Event::Solution(q) = e {
                    out.push(q.to_vec());
                }
                ControlFlow::Continue(())
            },
        );
        assert_eq!(end, End::Exhausted);
        out
    }

    /// The completions of the word-per-row search, in its order, as built
    /// for this CPU and as built for any.
    fn narrow_all(i: &Instance) -> Vec<Vec<u32>> {
        let root = Narrow::new(&Board::new(i));
        let mut out = [Vec::new(), Vec::new()];
        for (k, out) in out.iter_mut().enumerate() {
            let mut on = |e: narrow::Event<'_>| {
                if let narrow::Event::Solution(q) = e {
                    out.push(q.to_vec());
                }
                ControlFlow::Continue(())
            };
            let (order, stats) = (Order::PLAIN, &mut Stats::default());
            let end = if k == 0 {
                root.search(&[], usize::MAX, order, &|| false, stats, &mut on)
            } else {
                root.search_with(
                    narrow::Portable,
                    &[],
                    usize::MAX,
                    order,
                    &|| false,
                    stats,
                    &mut on,
                )
            };
            assert_eq!(end, End::Exhausted);
        }
        let [this_cpu, any_cpu] = out;
        assert_eq!(this_cpu, any_cpu, "{i:?}");
        this_cpu
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// The word-per-row search against the general one: the same
        /// completions (so the same count and the same SAT/UNSAT), and a
        /// first completion that does not depend on the threads.
        #[test]
        fn narrow_search_agrees_with_the_general_one(i in narrow_instance()) {
            prop_assume!(i.check().is_ok());
            let general = general_all(&i);
            let narrow = narrow_all(&i);
            let (mut g, mut w) = (general.clone(), narrow.clone());
            g.sort();
            w.sort();
            prop_assert_eq!(&g, &w, "{:?}", i);
            let root = Narrow::new(&Board::new(&i));
            let alone = root.first(1, narrow::ALONE, &go(), &mut Stats::default()).unwrap();
            prop_assert_eq!(alone.as_ref(), narrow.first(), "{:?}", i);
            for threads in [2, 3] {
                let split = root.first(threads, 0, &go(), &mut Stats::default()).unwrap();
                prop_assert_eq!(&split, &alone, "{} threads, {:?}", threads, i);
            }
            let counted = count(&i, 2, &go()).unwrap().0;
            prop_assert_eq!(counted, Some(general.len() as u128));
            match complete(&i, &go()).unwrap().0 {
                Answer::Found(c) => {
                    prop_assert!(i.accepts(&c));
                    prop_assert!(!general.is_empty());
                }
                Answer::NoCompletion => prop_assert!(general.is_empty()),
                Answer::Stopped => prop_assert!(false, "stopped"),
            }
        }
    }

    #[test]
    fn empty_boards_count_q_n() {
        for n in 1..=12 {
            let i = Instance::new(n).unwrap();
            for threads in [1, 2] {
                let (total, _) = count(&i, threads, &go()).unwrap();
                assert_eq!(total, crate::known::total(n), "n = {n}, {threads} threads");
            }
        }
    }

    fn from_construction(n: usize, rows: &[usize]) -> Instance {
        let sol = crate::huge::construct::construct(n).unwrap().unwrap();
        let mut i = Instance::new(n).unwrap();
        for &r in rows {
            i.place(Square::new(r, sol.column(r))).unwrap();
        }
        i
    }

    #[test]
    fn large_boards_are_completed() {
        for n in [100, 1000] {
            let i = from_construction(n, &[0, 3, n / 2, n - 7, n - 1]);
            let (answer, stats) = complete(&i, &go()).unwrap();
            let Answer::Found(c) = answer else {
                panic!("n = {n}: {answer:?}")
            };
            assert!(i.accepts(&c), "n = {n}");
            assert!(stats.nodes + stats.forced > 0);
        }
    }

    #[test]
    fn wide_rows_count_exactly() {
        // n = 70 spans two words; every row but a few fixed leaves little.
        let rows: Vec<usize> = (0..70).filter(|r| r % 10 != 4).collect();
        let i = from_construction(70, &rows);
        let expected = {
            let (c, _) = count(&i, 1, &go()).unwrap();
            c
        };
        assert!(expected >= Some(1));
        assert_eq!(count(&i, 2, &go()).unwrap().0, expected);
    }

    /// On a wide board, `for_each` starts each line's trials away from its
    /// first square: it still lists every completion once, and the first
    /// of an empty board of 101 comes in 90 nodes (from the
    /// first squares, after 258 million).
    #[test]
    fn wide_boards_list_every_completion_and_the_first_soon() {
        for (n, keep) in [(70, 5), (76, 5), (82, 5)] {
            let rows: Vec<usize> = (0..n).filter(|r| r % keep != 4).collect();
            let i = from_construction(n, &rows);
            let listed = all(&i);
            assert!(listed.iter().all(|c| i.accepts(c)));
            assert!(
                listed.windows(2).all(|w| w[0] != w[1]),
                "n = {n}: listed twice"
            );
            let (counted, _) = count(&i, 1, &go()).unwrap();
            assert_eq!(Some(listed.len() as u128), counted, "n = {n}");
        }
        for n in [65, 101, 128, 500] {
            let i = Instance::new(n).unwrap();
            let mut first = None;
            let (stats, _) = for_each(&i, &go(), &mut |c| {
                first = Some(c.to_vec());
                ControlFlow::Break(())
            })
            .unwrap();
            assert!(first.is_some_and(|c| i.accepts(&c)), "n = {n}");
            assert!(stats.nodes < 100_000, "n = {n}: {} nodes", stats.nodes);
        }
    }

    #[test]
    fn clashes_are_errors() {
        let mut i = Instance::new(8).unwrap();
        i.place(Square::new(0, 0)).unwrap();
        i.place(Square::new(3, 3)).unwrap();
        assert!(matches!(complete(&i, &go()), Err(Clash::Attack { .. })));
        assert!(count(&i, 2, &go()).is_err());
        assert!(for_each(&i, &go(), &mut |_| ControlFlow::Continue(())).is_err());
    }

    #[test]
    fn no_completion_is_proved() {
        let mut i = Instance::new(3).unwrap();
        assert_eq!(complete(&i, &go()).unwrap().0, Answer::NoCompletion);
        i = Instance::new(8).unwrap();
        for c in 0..8 {
            i.block(Square::new(4, c)).unwrap();
        }
        assert_eq!(complete(&i, &go()).unwrap().0, Answer::NoCompletion);
        assert_eq!(count(&i, 2, &go()).unwrap().0, Some(0));
    }

    #[test]
    fn a_set_flag_stops() {
        let i = Instance::new(14).unwrap();
        let stop = AtomicBool::new(true);
        assert_eq!(count(&i, 2, &stop).unwrap().0, None);
        let (stats, stopped) = for_each(&i, &stop, &mut |_| ControlFlow::Continue(())).unwrap();
        assert!(stopped);
        assert!(stats.nodes <= POLL);
    }

    #[test]
    fn wide_boards_poll_the_stop_flag_often() {
        assert_eq!(poll_every(8), POLL);
        assert_eq!(poll_every(64), POLL);
        assert_eq!(poll_every(30_000), 8);
        assert_eq!(poll_every(65_536), 4);
        assert!((1..70_000).all(|n| poll_every(n).is_power_of_two()));
        // A stopped search of a wide board ends within its polls.
        let i = Instance::new(3000).unwrap();
        let stop = AtomicBool::new(true);
        let (stats, stopped) = for_each(&i, &stop, &mut |_| ControlFlow::Continue(())).unwrap();
        assert!(stopped);
        assert!(stats.nodes <= poll_every(3000), "{}", stats.nodes);
    }

    #[test]
    fn the_visitor_can_stop() {
        let i = Instance::new(8).unwrap();
        let mut seen = 0;
        let (_, stopped) = for_each(&i, &go(), &mut |_| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert!(!stopped);
        assert_eq!(seen, 3);
    }
}
