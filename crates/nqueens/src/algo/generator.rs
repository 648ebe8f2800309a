//! `generator`: a lazy iterator that does only the work asked for.
//!
//! Python courses teach N-Queens with a generator (`yield` inside the
//! recursion): the caller pulls solutions one at a time, and the search runs
//! only far enough to produce the next one. The tutorial's version nests one
//! generator per row (its code is below, and in the pseudocode): each call
//! loops `for pos in range(n)`, and for a free `pos` either yields `(pos,)`
//! (the last row) or runs `for result in queens(n, state + (pos,))` and
//! yields `(pos,) + result`, so a partial board is a chain of suspended
//! calls, one per row, each stopped inside its `for pos` loop, and a
//! solution is built on the way out: the deepest call yields `(pos,)`, each
//! call above puts its own `pos` in front, and the outermost hands the whole
//! tuple to the caller. Rust has no `yield`, so [`Generator`] keeps those
//! calls as an explicit stack of frames instead of a call stack (no
//! recursion, whatever `n`):
//!
//! - one frame per live `queens()` call, the frame of row `r` at index `r`;
//! - a frame's only local is `pos`, its loop variable: the column it tries
//!   or holds, `None` before its loop begins; the candidates it has left are
//!   the columns after `pos`;
//! - the `state` a frame was called with is the `pos` of the frames above
//!   it. A square is tested as the tutorials write `conflict(state, nextX)`:
//!   does any `state[i]` differ from `nextX` by 0 (the same column) or by
//!   `nextY - i` (a diagonal)?
//!
//! [`Generator::frames`] shows them.
//!
//! [`Iterator::next`] resumes from that state, tries columns from left to
//! right (so solutions come out in lexicographic order), and returns as soon
//! as the board is complete. The following call first takes the last queen
//! off again and carries on. Nothing is collected: the first solution of the
//! 20×20 board costs 199,636 boards, while all 39,029,188,884 of them would
//! take the whole tree, hours of work. State is O(n) words whatever is
//! taken.
//!
//! Why it is taught: it separates *producing* solutions from *consuming* them
//! (first solution, first k, count, stop on a condition) without callbacks,
//! and it shows that recursion is only one way to hold a search's state.
//!
//! # In the tutorial's notation
//!
//! ```text
//! queens(n, state):                  # state: the columns of the rows above
//!     for pos in range(n):
//!         if conflict(state, pos): continue
//!         if len(state) == n - 1: yield (pos,)
//!         else:
//!             for result in queens(n, state + (pos,)):
//!                 yield (pos,) + result
//! ```
//!
//! # Events
//!
//! The iterator itself emits nothing. [`Generator::next_traced`] is the same
//! step with a callback: it receives [`Event::Resume`] when the caller asks
//! for a solution, [`Event::Check`] (the entries of the state compared) and
//! [`Event::Reject`] or [`Event::Place`] for every square tried,
//! [`Event::Backtrack`] as queens come off (the last queen of a complete
//! board at the start of the *next* call, since that is when the work is
//! done), and [`Event::Yield`] when it hands a board over and suspends. A
//! `Break` from the callback pauses the search at once; the state is
//! consistent, so it can be resumed later.
//! [`GeneratorAlgorithm`] drives it for the [`Algorithm`] trait, adding the
//! [`Event::Solution`] of each board it yields.
//!
//! # Stats
//!
//! Counted inside the generator, so [`Generator::stats`] says how much work
//! the solutions taken so far have cost:
//!
//! - `nodes`: boards reached, the empty board included (1 + placements);
//! - `placements`: queens put on the board;
//! - `conflict_tests`: squares tested, one per column tried in a row;
//! - `reads`: entries of the state compared by `conflict`, up to the first
//!   attacker;
//! - `writes`: entries written, one per queen: into the state passed down
//!   (`state + (pos,)`), or, for the last row's queen, which no state
//!   holds, into the tuple yielded (`(pos,)`; the tuples built on the way
//!   up, `(pos,) + result`, are not counted);
//! - `backtracks`: queens taken off, the last queen of each yielded solution
//!   included once the generator is resumed past it;
//! - `solutions`: boards yielded;
//! - `peak_frontier`: the most frames live at once (the deepest row
//!   entered plus one).
//!
//! # Cost
//!
//! Time is that of plain backtracking: every valid partial board is reached
//! once when all solutions are taken, n squares tested in each. Memory is
//! O(n). `max_n` is 64, like `bitwise`; nothing in the state would stop a
//! larger board, but every algorithm here keeps to that range.

use std::iter::FusedIterator;
use std::ops::ControlFlow;

use super::truth::record;
use super::{check_size, emit_solution, Algorithm, Event, Sink, Stats, Structure};
use crate::board::Square;
use crate::error::Error;

/// The largest board this generator takes.
const MAX_N: usize = 64;

/// The event callback of [`Generator::next_traced`].
type OnEvent<'f> = &'f mut dyn FnMut(&Event<'_>) -> ControlFlow<()>;

/// The solutions of an `n`×`n` board, lazily, in lexicographic order.
///
/// ```
/// use nqueens::Generator;
///
/// let mut queens = Generator::new(8)?;
/// assert_eq!(queens.next(), Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
/// let first_cost = queens.stats().nodes;
/// assert_eq!(queens.by_ref().count(), 91);
/// assert!(first_cost < queens.stats().nodes);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    n: usize,
    /// One frame per live `queens()` call, the outermost (row 0) first.
    frames: Vec<Frame>,
    /// Whether the deepest frame's `pos` is on the board: the board is
    /// complete (that frame is the last row's, and it passed its test).
    complete: bool,
    /// Whether the complete board has been yielded.
    yielded: bool,
    /// Whether its [`Event::Yield`] has been sent.
    announced: bool,
    /// Whether the frames stand suspended at a yield (from the yield to
    /// the next call).
    suspended: bool,
    /// Whether a call is under way (its [`Event::Resume`] sent) and has not
    /// returned a solution yet: a call after a `Break` goes on with it.
    pending: bool,
    /// Whether every solution has been yielded.
    done: bool,
    /// A square whose [`Event::Check`] was sent but whose verdict was not
    /// acted on yet: `(row, col, attacking row)`.
    checked: Option<(usize, usize, Option<usize>)>,
    /// The tuple handed to the caller, built at a yield from the deepest
    /// frame up.
    tuple: Vec<usize>,
    stats: Stats,
}

/// One suspended call `queens(n, state)`.
#[derive(Debug, Clone, Copy)]
struct Frame {
    /// Its loop variable: the column it tries or holds, `None` before its
    /// loop begins.
    pos: Option<usize>,
}

/// One suspended `queens(n, state)` call of a [`Generator`], as
/// [`Generator::frames`] and [`Structure::Generator`] show it.
///
/// ```
/// use nqueens::Generator;
///
/// let mut queens = Generator::new(4)?;
/// assert_eq!(queens.next(), Some(vec![1, 3, 0, 2]));
/// // Suspended at the yield: one frame per row, each handing up its pos
/// // in front of the tuple of the frame below.
/// let frames = queens.frames();
/// assert_eq!(frames.len(), 4);
/// assert_eq!(frames[3].yields, Some(vec![2]));
/// assert_eq!(frames[0].yields, Some(vec![1, 3, 0, 2]));
/// assert_eq!((frames[1].row, frames[1].pos), (1, Some(3)));
/// assert!(frames[1].left.is_empty()); // column 3 was its last candidate
/// assert_eq!(frames[2].left, vec![1, 2, 3]);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct GeneratorFrame {
    /// Its row: the length of the `state` it was called with.
    pub row: usize,
    /// Its loop variable `pos`: the column it tries or holds, `None` before
    /// its loop begins.
    pub pos: Option<usize>,
    /// The candidates its loop has left, the columns after `pos`.
    pub left: Vec<usize>,
    /// While suspended at a yield, the tuple it hands up: its `pos` in front
    /// of what the frame below yielded.
    pub yields: Option<Vec<usize>>,
}

impl GeneratorFrame {
    /// The frames of a search on the `n`×`n` board whose calls loop on
    /// `pos` (outermost first); `tuple`, when suspended at a yield, is the
    /// board handed up.
    pub(crate) fn chain(
        n: usize,
        pos: impl Iterator<Item = Option<usize>>,
        tuple: Option<&[usize]>,
    ) -> Vec<GeneratorFrame> {
        pos.enumerate()
            .map(|(row, pos)| GeneratorFrame {
                row,
                pos,
                left: (pos.map_or(0, |p| p + 1)..n).collect(),
                yields: tuple.map(|t| t.get(row..).unwrap_or_default().to_vec()),
            })
            .collect()
    }
}

impl Generator {
    /// A generator for the `n`×`n` board, before any work.
    ///
    /// # Errors
    /// [`Error::ZeroSize`] for `n = 0`, [`Error::TooLarge`] above 64.
    pub fn new(n: usize) -> Result<Self, Error> {
        check_size(&GeneratorAlgorithm, n)?;
        let mut frames = Vec::with_capacity(n);
        // The outermost call, `queens(n, ())`.
        frames.push(Frame { pos: None });
        Ok(Generator {
            n,
            frames,
            complete: false,
            yielded: false,
            announced: false,
            suspended: false,
            pending: false,
            done: false,
            checked: None,
            tuple: vec![0; n],
            stats: Stats {
                nodes: 1,
                peak_frontier: 1,
                ..Stats::default()
            },
        })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The work done so far (see the docs of `src/algo/generator.rs` for what each field counts).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The suspended `queens()` calls, the outermost first: each one's row,
    /// its `pos`, the candidates it has left and, while suspended at a
    /// yield, the tuple it hands up (see [`GeneratorFrame`]).
    pub fn frames(&self) -> Vec<GeneratorFrame> {
        let tuple = self.suspended.then_some(&self.tuple[..]);
        GeneratorFrame::chain(self.n, self.frames.iter().map(|f| f.pos), tuple)
    }

    /// The next solution, lent without allocating; `None` once all are taken.
    pub fn next_columns(&mut self) -> Option<&[usize]> {
        match self.advance(None) {
            ControlFlow::Continue(true) => Some(&self.tuple),
            _ => None,
        }
    }

    /// The next solution, passing every step to `on_event` on the way.
    ///
    /// Returns `Continue(Some(columns))` for a solution, `Continue(None)`
    /// once all are taken, and `Break(())` as soon as `on_event` returns
    /// `Break`; the generator then stands just after that event and a later
    /// call resumes from there.
    pub fn next_traced(&mut self, on_event: OnEvent<'_>) -> ControlFlow<(), Option<&[usize]>> {
        match self.advance(Some(on_event)) {
            ControlFlow::Break(()) => ControlFlow::Break(()),
            ControlFlow::Continue(true) => ControlFlow::Continue(Some(&self.tuple)),
            ControlFlow::Continue(false) => ControlFlow::Continue(None),
        }
    }

    /// The rows filled: the length of the state.
    fn filled(&self) -> usize {
        if self.complete {
            self.n
        } else {
            self.frames.len() - 1
        }
    }

    /// The column of row `r`'s queen, for a row above the deepest frame's
    /// (or any row of a complete board).
    fn column(&self, r: usize) -> usize {
        self.frames[r].pos.unwrap_or(0)
    }

    /// Runs the search until the board is complete (`Continue(true)`), the
    /// tree is exhausted (`Continue(false)`) or `on_event` says stop.
    ///
    /// Every change of state is made before its event is sent, so a `Break`
    /// leaves the generator ready to resume.
    fn advance(&mut self, mut on_event: Option<OnEvent<'_>>) -> ControlFlow<(), bool> {
        let n = self.n;
        if self.done {
            return ControlFlow::Continue(false);
        }
        if !self.pending {
            self.pending = true;
            self.suspended = false;
            if let Some(f) = on_event.as_mut() {
                record(self.stats, || self.snapshot());
                // After a yield, the deepest frame's, at its yield (it said
                // row n, a row the board does not have).
                let row = self.filled().min(n.saturating_sub(1));
                f(&Event::Resume { row })?;
            }
        }
        loop {
            if self.complete {
                if !self.yielded {
                    if !self.announced {
                        // `yield (pos,)` in the deepest frame, `yield (pos,)
                        // + result` in each one above: the tuple grows from
                        // the last row up to the first, and every frame is
                        // suspended at its yield.
                        for r in (0..n).rev() {
                            self.tuple[r] = self.column(r);
                        }
                        self.announced = true;
                        self.suspended = true;
                        if let Some(f) = on_event.as_mut() {
                            record(self.stats, || self.snapshot());
                            f(&Event::Yield {
                                columns: &self.tuple,
                            })?;
                        }
                    }
                    self.yielded = true;
                    self.pending = false;
                    self.stats.solutions += 1;
                    return ControlFlow::Continue(true);
                }
                // Resumed after a solution: the deepest frame's loop goes
                // on, its queen comes off.
                self.complete = false;
                let col = self.lift(n - 1);
                if let Some(f) = on_event.as_mut() {
                    record(self.stats, || self.snapshot());
                    f(&Event::Backtrack { row: n - 1, col })?;
                }
                continue;
            }
            let (row, col, attacker) = match self.checked.take() {
                Some(checked) => checked,
                None => {
                    let row = self.frames.len() - 1;
                    let col = self.frames[row].pos.map_or(0, |p| p + 1);
                    if col == n {
                        // Its loop is over: the call returns and its frame
                        // goes; the frame above takes its queen off and moves
                        // on, or the outermost call ends the iteration.
                        if row == 0 {
                            self.done = true;
                            self.pending = false;
                            return ControlFlow::Continue(false);
                        }
                        self.frames.pop();
                        let col = self.lift(row - 1);
                        if let Some(f) = on_event.as_mut() {
                            record(self.stats, || self.snapshot());
                            f(&Event::Backtrack { row: row - 1, col })?;
                        }
                        continue;
                    }
                    self.frames[row].pos = Some(col);
                    self.stats.conflict_tests += 1;
                    let (attacker, reads) = self.conflict(row, col);
                    self.stats.reads += reads as u64;
                    // Sent before the verdict is acted on: a `Break` here
                    // resumes with the verdict.
                    self.checked = Some((row, col, attacker));
                    if let Some(f) = on_event.as_mut() {
                        let by = attacker.map(|r| Square::new(r, self.column(r)));
                        record(self.stats, || self.snapshot());
                        f(&Event::Check {
                            row,
                            col,
                            reads,
                            by,
                        })?;
                    }
                    self.checked = None;
                    (row, col, attacker)
                }
            };
            if let Some(a) = attacker {
                if let Some(f) = on_event.as_mut() {
                    let by = Square::new(a, self.column(a));
                    if let Some(attack) = by.attack(Square::new(row, col)) {
                        record(self.stats, || self.snapshot());
                        f(&Event::Reject {
                            row,
                            col,
                            by,
                            attack,
                        })?;
                    }
                }
            }
            if attacker.is_some() {
                continue;
            }
            self.put();
            if row + 1 < n {
                // `for result in queens(n, state + (pos,))`: a new frame.
                self.frames.push(Frame { pos: None });
                self.stats.peak_frontier = self.stats.peak_frontier.max(self.frames.len() as u64);
            } else {
                self.complete = true;
                self.yielded = false;
                self.announced = false;
            }
            if let Some(f) = on_event.as_mut() {
                record(self.stats, || self.snapshot());
                f(&Event::Place { row, col })?;
            }
        }
    }

    /// The real state, for the replay test: the deepest call's `state`
    /// tuple (the `pos` of each frame above it: at the last row, its queen
    /// is that frame's `pos`, yielded as `(pos,)`, never in a `state`),
    /// whether it suspends (at a yield), and the frames.
    fn snapshot(&self) -> Structure {
        Structure::Generator {
            state: (0..self.frames.len() - 1).map(|r| self.column(r)).collect(),
            suspended: self.suspended,
            compared: 0,
            square: None,
            frames: self.frames(),
        }
    }

    /// `conflict(state, nextX)` as the Python tutorials write it: does any
    /// queen `i` of the state (the `pos` of the frames above) have
    /// `|state[i] - col|` equal to 0 (the same column) or to `row - i` (a
    /// diagonal)? The first such row, and the entries of the state read.
    fn conflict(&self, row: usize, col: usize) -> (Option<usize>, usize) {
        let found = self.frames[..row].iter().enumerate().position(|(i, f)| {
            let c = f.pos.unwrap_or(0);
            c.abs_diff(col) == 0 || c.abs_diff(col) == row - i
        });
        (found, found.map_or(row, |i| i + 1))
    }

    /// The deepest frame's `pos` passed its test: the state grows by it.
    fn put(&mut self) {
        self.stats.writes += 1;
        self.stats.placements += 1;
        self.stats.nodes += 1;
    }

    /// Takes the queen of `row` (the deepest frame's) off, returning its
    /// column: the state shrinks, and that frame's loop moves on.
    fn lift(&mut self, row: usize) -> usize {
        self.stats.backtracks += 1;
        self.column(row)
    }
}

/// `(1, 3, 0)`, `(2,)`, `()`: a tuple as Python writes it.
fn py_tuple(items: &[usize]) -> String {
    match items {
        [one] => format!("({one},)"),
        _ => {
            let inner: Vec<String> = items.iter().map(usize::to_string).collect();
            format!("({})", inner.join(", "))
        }
    }
}

/// The frames in text, one line each, the outermost first (the most recent
/// call last, as Python prints a traceback); `filled` is the length of the
/// state. At a yield each line shows the tuple its frame hands up, so that
/// read from the bottom up the tuple grows one `pos` per frame.
pub(crate) fn frame_lines(n: usize, frames: &[GeneratorFrame], filled: usize) -> Vec<String> {
    let mut out = vec![format!(
        "frames, one suspended queens({n}, state) per row, most recent call last:"
    )];
    let deepest = frames.len().saturating_sub(1);
    let mut state: Vec<usize> = Vec::with_capacity(frames.len());
    for f in frames {
        let call = format!("  row {}: queens({n}, {})", f.row, py_tuple(&state));
        let left = if f.left.is_empty() {
            "none".to_string()
        } else {
            let l: Vec<String> = f.left.iter().map(usize::to_string).collect();
            l.join(" ")
        };
        let what = match (f.pos, &f.yields) {
            (None, _) => format!("loop not begun, left {left}"),
            (Some(p), Some(y)) if y.len() > 1 => format!(
                "pos = {p}: yield ({p},) + {} = {}",
                py_tuple(&y[1..]),
                py_tuple(y)
            ),
            (Some(p), Some(_)) => format!("pos = {p}: yield ({p},)"),
            (Some(p), None) if f.row < deepest => {
                let mut below = state.clone();
                below.push(p);
                format!(
                    "pos = {p}, left {left}; waits in for result in queens({n}, {})",
                    py_tuple(&below)
                )
            }
            (Some(p), None) if f.row < filled => {
                format!("pos = {p}, left {left}; the last row: at yield ({p},)")
            }
            (Some(p), None) => format!("pos = {p}, left {left}"),
        };
        out.push(format!("{call}: {what}"));
        state.push(f.pos.unwrap_or(0));
    }
    out
}

impl Iterator for Generator {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_columns().map(<[usize]>::to_vec)
    }
}

impl FusedIterator for Generator {}

/// The generator as an [`Algorithm`]: pulls solutions from a [`Generator`]
/// until the sink says stop, and reports the generator's [`Stats`].
#[derive(Debug, Clone, Copy, Default)]
pub struct GeneratorAlgorithm;

impl Algorithm for GeneratorAlgorithm {
    fn name(&self) -> &'static str {
        "generator"
    }

    fn summary(&self) -> &'static str {
        "a lazy iterator: next() resumes the search, yield hands over each board; the state is the partial tuple"
    }

    fn max_n(&self) -> usize {
        MAX_N
    }

    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        check_size(self, n)?;
        let mut generator = Generator::new(n)?;
        // `emit_solution` counts solutions too; the generator's count is the
        // one returned, and the two agree.
        let mut reported = Stats::default();
        if sink.tracing() {
            loop {
                let step = generator.next_traced(&mut |e| sink.event(e));
                let ControlFlow::Continue(Some(_)) = step else {
                    break;
                };
                record(generator.stats(), || generator.snapshot());
                if emit_solution(sink, &mut reported, &generator.tuple).is_break() {
                    break;
                }
            }
        } else {
            while let Some(columns) = generator.next_columns() {
                if emit_solution(sink, &mut reported, columns).is_break() {
                    break;
                }
            }
        }
        debug_assert_eq!(reported.solutions, generator.stats().solutions);
        Ok(generator.stats())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::testing::{check_algorithm, Recorder};

    #[test]
    fn finds_every_solution_in_order() {
        check_algorithm(&GeneratorAlgorithm, 9);
    }

    #[test]
    fn the_iterator_matches_the_library() {
        for n in 1..=9 {
            let got: Vec<Vec<usize>> = Generator::new(n).unwrap().collect();
            let expected: Vec<Vec<usize>> = crate::solutions(n)
                .unwrap()
                .map(crate::Solution::into_columns)
                .collect();
            assert_eq!(got, expected, "n = {n}");
        }
        assert!(matches!(Generator::new(0), Err(Error::ZeroSize)));
        assert!(matches!(Generator::new(65), Err(Error::TooLarge { .. })));
    }

    #[test]
    fn one_solution_costs_less_than_all() {
        for n in [4, 6, 8, 10] {
            let mut g = Generator::new(n).unwrap();
            assert!(g.next().is_some());
            let one = g.stats();
            assert_eq!(one.solutions, 1);
            let rest = g.by_ref().count();
            let all = g.stats();
            assert_eq!(rest as u64 + 1, all.solutions);
            assert!(one.nodes < all.nodes, "n = {n}: {one:?} vs {all:?}");
            assert!(one.conflict_tests < all.conflict_tests);
            // Exhausted: nothing more, no more work.
            assert_eq!(g.next(), None);
            assert_eq!(g.stats(), all);
        }
        // The stats of a full run are those of the algorithm.
        let mut g = Generator::new(8).unwrap();
        g.by_ref().for_each(drop);
        let mut sink = crate::sink::Count::default();
        assert_eq!(GeneratorAlgorithm.search(8, &mut sink).unwrap(), g.stats());
    }

    #[test]
    fn a_large_board_yields_its_first_solution_without_the_rest() {
        // 20×20 has 39,029,188,884 solutions; the first costs what the first
        // costs any lexicographic backtracking (the same tree as `bitwise`).
        let mut g = Generator::new(20).unwrap();
        let first = g.next().unwrap();
        assert_eq!(
            Some(first),
            crate::first(20).unwrap().map(crate::Solution::into_columns)
        );
        let mut one = crate::sink::Collect {
            limit: Some(1),
            ..crate::sink::Collect::default()
        };
        let bitwise = crate::algo::bitwise::Bitwise.search(20, &mut one).unwrap();
        assert_eq!(g.stats().nodes, bitwise.nodes);
        assert_eq!(g.stats().nodes, 199_636);
    }

    #[test]
    fn a_break_pauses_and_resumes() {
        // Stop after every single event, then resume: the same solutions and
        // the same events come out as from an uninterrupted run.
        let mut whole = Recorder::default();
        GeneratorAlgorithm.search(6, &mut whole).unwrap();
        let mut g = Generator::new(6).unwrap();
        let mut events = Vec::new();
        let mut solutions = Vec::new();
        loop {
            let mut stop = |e: &Event<'_>| {
                events.push(format!("{e:?}"));
                ControlFlow::Break(())
            };
            match g.next_traced(&mut stop) {
                ControlFlow::Break(()) => {}
                ControlFlow::Continue(Some(columns)) => {
                    events.push(format!("{:?}", Event::Solution { columns }));
                    solutions.push(columns.to_vec());
                }
                ControlFlow::Continue(None) => break,
            }
        }
        assert_eq!(solutions, whole.solutions);
        assert_eq!(events, whole.events);
    }

    #[test]
    fn rejects_name_the_attacker() {
        let mut rec = Recorder::default();
        GeneratorAlgorithm.search(4, &mut rec).unwrap();
        // After (0, 0), (1, 0) is attacked along the column and (1, 1) along
        // the diagonal by the queen on (0, 0).
        let moves: Vec<&String> = rec
            .events
            .iter()
            .filter(|e| e.starts_with("Place") || e.starts_with("Reject"))
            .collect();
        assert_eq!(moves[0], "Place { row: 0, col: 0 }");
        assert_eq!(
            moves[1],
            "Reject { row: 1, col: 0, by: Square { row: 0, col: 0 }, attack: Column }"
        );
        assert_eq!(
            moves[2],
            "Reject { row: 1, col: 1, by: Square { row: 0, col: 0 }, attack: Diagonal }"
        );
        assert_eq!(moves[3], "Place { row: 1, col: 2 }");
        // The caller's first request starts it; each solution is yielded.
        assert_eq!(rec.events[0], "Resume { row: 0 }");
        assert_eq!(
            rec.events[1],
            "Check { row: 0, col: 0, reads: 0, by: None }"
        );
        let yields = rec.events.iter().filter(|e| e.starts_with("Yield")).count();
        let resumes = rec
            .events
            .iter()
            .filter(|e| e.starts_with("Resume"))
            .count();
        assert_eq!((yields, resumes), (2, 3));
    }

    #[test]
    fn stops_at_once_when_the_sink_breaks() {
        crate::algo::testing::check_stops_at_once(&GeneratorAlgorithm, 6, &[1, 2, 7, 50, 300]);
    }

    #[test]
    fn the_pseudocode_is_the_tutorials_nesting() {
        let code = crate::pseudocode("generator").join("\n");
        assert!(
            code.contains("for result in queens(n, state + (pos,))"),
            "{code}"
        );
        assert!(code.contains("yield (pos,) + result"), "{code}");
        assert!(!code.contains("if len(state) == n: yield state"), "{code}");
    }

    #[test]
    fn the_frames_are_the_suspended_calls() {
        let mut g = Generator::new(5).unwrap();
        // Before any call: the outermost frame, its loop not begun.
        let f = g.frames();
        assert_eq!((f.len(), f[0].pos, f[0].left.len()), (1, None, 5));
        assert_eq!(g.next(), Some(vec![0, 2, 4, 1, 3]));
        let f = g.frames();
        assert_eq!(f.len(), 5);
        for (r, frame) in f.iter().enumerate() {
            assert_eq!(frame.yields.as_deref(), Some(&[0, 2, 4, 1, 3][r..]));
        }
        // Suspended no more once resumed: the next solution's frames.
        assert_eq!(g.next(), Some(vec![0, 3, 1, 4, 2]));
        assert_eq!(g.frames()[1].pos, Some(3));
        assert_eq!(g.frames()[1].left, vec![4]);
    }
}
