//! Every classic N-Queens search, one module each, behind one trait.
//!
//! The write-ups that teach backtracking each search the board a different
//! way. Each module here implements one of them faithfully, so that a learner
//! can run it, watch it ([`Event`]s), measure it ([`Stats`]) and compare it with
//! the others; the test suite proves that they find the same solutions.
//!
//! | name | module | idea |
//! |---|---|---|
//! | `brute-force` | [`brute_force`] | generate every candidate, keep the valid ones |
//! | `recursive-board` | [`recursive_board`] | recursion over rows on an n×n 0/1 board |
//! | `recursive` | [`recursive`] | recursion over rows on a 1-D column array |
//! | `stack` | [`stack`] | no recursion: an explicit stack of squares to try |
//! | `tagged-stack` | [`tagged_stack`] | a stack of (row, col, tag) nodes and flag arrays |
//! | `generator` | [`generator`] | a lazy iterator that does only the work asked for |
//! | `occupancy` | [`occupancy`] | an n×n grid of attacked squares, marked and restored |
//! | `bfs` | [`bfs`] | breadth-first branch and bound, one row at a time |
//! | `heuristic` | [`heuristic`] | look-ahead: most remaining freedom first |
//! | `bitwise` | [`bitwise`] | three bit masks, lowest free bit by `x & -x` |
//! | `dancing-links` | [`dancing_links`] | Knuth's Algorithm X on an exact cover |
//!
//! An algorithm pushes what it does to a [`Sink`]: every solution (the sink can
//! stop the search), and, when the sink asks for them, the steps of the search
//! as [`Event`]s. It returns [`Stats`] counted as it goes, so they are the
//! same from run to run.

use std::ops::ControlFlow;

use crate::board::{Attack, Square};
use crate::error::Error;

pub mod bfs;
pub mod bitwise;
pub mod brute_force;
pub mod dancing_links;
pub mod generator;
pub mod heuristic;
pub mod occupancy;
pub mod recursive;
pub mod recursive_board;
pub mod stack;
pub mod tagged_stack;

/// Counters of one run. What a node or a conflict test is depends a little
/// on the algorithm; each module's docs say what it counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Partial boards visited, the empty board included.
    pub nodes: u64,
    /// Queens put on the board.
    pub placements: u64,
    /// Candidate squares tested against the queens already placed.
    pub conflict_tests: u64,
    /// Queens taken back off the board.
    pub backtracks: u64,
    /// Complete boards found and passed to the sink.
    pub solutions: u64,
    /// The largest number of entries held at once on the algorithm's stack,
    /// queue or frontier (the recursion depth for recursive algorithms).
    pub peak_frontier: u64,
}

/// One step of a search, for tracing.
///
/// Replaying the events on an empty board reproduces every reported
/// solution: [`Event::Place`] puts a queen, [`Event::Backtrack`] takes one
/// off, [`Event::Visit`] replaces the whole board (algorithms that do not move
/// one queen at a time, such as `bfs` and `brute-force`, use it).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event<'a> {
    /// A queen is put on `row`, `col`.
    Place {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// `row`, `col` was tested and refused: the queen on `by` attacks it along `attack`.
    Reject {
        /// The row of the refused square.
        row: usize,
        /// The column of the refused square.
        col: usize,
        /// The queen that attacks it.
        by: Square,
        /// How it attacks.
        attack: Attack,
    },
    /// The queen on `row`, `col` is taken off.
    Backtrack {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// The board is now exactly these queens, `columns[row]` for the first
    /// `columns.len()` rows and nothing below.
    Visit {
        /// The columns of the rows filled so far.
        columns: &'a [usize],
    },
    /// The bitwise search's masks on entering `row` (bit i = column i): the
    /// columns and the two diagonals attacked, and the squares still free.
    Masks {
        /// The row about to be filled.
        row: usize,
        /// Columns taken.
        cols: u64,
        /// Squares of this row attacked along a diagonal (`\`).
        diag: u64,
        /// Squares of this row attacked along an anti-diagonal (`/`).
        anti: u64,
        /// `!(cols | diag | anti)` on the board.
        free: u64,
    },
    /// The heuristic's look-ahead for `row`: each free column with its score f
    /// (squares still free in all later rows if a queen went there), in the
    /// order they will be tried.
    Scores {
        /// The row about to be filled.
        row: usize,
        /// `(column, f)` pairs, best first.
        scores: &'a [(usize, usize)],
    },
    /// A complete board.
    Solution {
        /// The column of each row's queen.
        columns: &'a [usize],
    },
}

/// An [`Event`] that owns its data: for keeping a trace, and for writing it
/// out. As JSON (the format of `nqueens trace --format json` and of the web
/// API) it is one object tagged by `"event"`, squares as `[row, col]` and
/// masks as numbers (bit i = column i):
///
/// ```
/// use nqueens::algo::{Event, EventRecord};
///
/// let record = EventRecord::from(&Event::Place { row: 2, col: 4 });
/// assert_eq!(
///     serde_json::to_string(&record)?,
///     r#"{"event":"place","row":2,"col":4}"#
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
#[non_exhaustive]
pub enum EventRecord {
    /// [`Event::Place`].
    Place {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// [`Event::Reject`].
    Reject {
        /// The row of the refused square.
        row: usize,
        /// The column of the refused square.
        col: usize,
        /// The attacking queen, `[row, col]`.
        by: [usize; 2],
        /// How it attacks: `row`, `column`, `diagonal` or `anti-diagonal`.
        attack: &'static str,
    },
    /// [`Event::Backtrack`].
    Backtrack {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// [`Event::Visit`].
    Visit {
        /// The columns of the rows filled so far.
        columns: Vec<usize>,
    },
    /// [`Event::Masks`].
    Masks {
        /// The row about to be filled.
        row: usize,
        /// Columns taken.
        cols: u64,
        /// Squares attacked along a diagonal.
        diag: u64,
        /// Squares attacked along an anti-diagonal.
        anti: u64,
        /// Free squares.
        free: u64,
    },
    /// [`Event::Scores`].
    Scores {
        /// The row about to be filled.
        row: usize,
        /// `[column, f]` pairs, best first.
        scores: Vec<(usize, usize)>,
    },
    /// [`Event::Solution`].
    Solution {
        /// The column of each row's queen.
        columns: Vec<usize>,
    },
}

impl From<&Event<'_>> for EventRecord {
    fn from(event: &Event<'_>) -> Self {
        match *event {
            Event::Place { row, col } => EventRecord::Place { row, col },
            Event::Reject {
                row,
                col,
                by,
                attack,
            } => EventRecord::Reject {
                row,
                col,
                by: [by.row, by.col],
                attack: attack.name(),
            },
            Event::Backtrack { row, col } => EventRecord::Backtrack { row, col },
            Event::Visit { columns } => EventRecord::Visit {
                columns: columns.to_vec(),
            },
            Event::Masks {
                row,
                cols,
                diag,
                anti,
                free,
            } => EventRecord::Masks {
                row,
                cols,
                diag,
                anti,
                free,
            },
            Event::Scores { row, scores } => EventRecord::Scores {
                row,
                scores: scores.to_vec(),
            },
            Event::Solution { columns } => EventRecord::Solution {
                columns: columns.to_vec(),
            },
        }
    }
}

/// Receives solutions and, when it wants them, the events of a search.
pub trait Sink {
    /// Whether to build and send [`Event`]s at all; when false, algorithms
    /// skip that work.
    fn tracing(&self) -> bool {
        false
    }

    /// One step of the search; `Break` stops the search.
    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        let _ = event;
        ControlFlow::Continue(())
    }

    /// A solution; `Break` stops the search.
    fn solution(&mut self, columns: &[usize]) -> ControlFlow<()>;
}

/// An N-Queens search.
pub trait Algorithm: Send + Sync {
    /// The name used on the command line, such as `bitwise`.
    fn name(&self) -> &'static str;

    /// One line saying how it searches.
    fn summary(&self) -> &'static str;

    /// The largest n it accepts.
    fn max_n(&self) -> usize;

    /// Whether solutions come out in lexicographic order.
    fn lexicographic(&self) -> bool {
        true
    }

    /// Searches the `n`×`n` board, passing every solution (and, if asked,
    /// every event) to `sink` until it says stop.
    ///
    /// # Errors
    /// [`Error::ZeroSize`], [`Error::TooLarge`] above [`Algorithm::max_n`],
    /// or [`Error::Refused`] when the algorithm sees before starting (or before
    /// its memory would pass its bound) that it cannot finish.
    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error>;
}

/// Checks `n` against an algorithm's range; every implementation calls it first.
pub fn check_size(algorithm: &dyn Algorithm, n: usize) -> Result<(), Error> {
    if n == 0 {
        Err(Error::ZeroSize)
    } else if n > algorithm.max_n() {
        Err(Error::TooLarge {
            n,
            max: algorithm.max_n(),
            what: algorithm.name(),
        })
    } else {
        Ok(())
    }
}

/// Reports a solution: the event (when tracing) and then the solution itself.
pub fn emit_solution(sink: &mut dyn Sink, stats: &mut Stats, columns: &[usize]) -> ControlFlow<()> {
    stats.solutions += 1;
    if sink.tracing() {
        sink.event(&Event::Solution { columns })?;
    }
    sink.solution(columns)
}

/// How `by` attacks `here`, for an algorithm that has already seen that it does.
pub(crate) fn attack_of(by: Square, here: Square) -> Attack {
    match by.attack(here) {
        Some(attack) => attack,
        None => unreachable!("{by:?} does not attack {here:?}"),
    }
}

/// The top-most queen of `columns` (`columns[r]` the queen of row `r`) that
/// attacks `here`, and how; for naming the attacker in a `Reject` event.
pub(crate) fn first_attacker(columns: &[usize], here: Square) -> Option<(Square, Attack)> {
    columns.iter().enumerate().find_map(|(r, &c)| {
        let by = Square::new(r, c);
        by.attack(here).map(|attack| (by, attack))
    })
}

/// Every algorithm, in the order of the table above.
pub fn algorithms() -> &'static [&'static dyn Algorithm] {
    &[
        &brute_force::BruteForce {
            permutations: false,
        },
        &recursive_board::RecursiveBoard,
        &recursive::Recursive,
        &stack::Stack,
        &tagged_stack::TaggedStack,
        &generator::GeneratorAlgorithm,
        &occupancy::Occupancy,
        &bfs::Bfs::DEFAULT,
        &heuristic::Heuristic,
        &bitwise::Bitwise,
        &dancing_links::DancingLinks,
    ]
}

/// `brute-force` over the n! permutations instead of the n^n column vectors.
pub fn brute_force_permutations() -> Option<&'static dyn Algorithm> {
    Some(&brute_force::BruteForce { permutations: true })
}

/// The algorithm called `name`, if there is one.
pub fn by_name(name: &str) -> Option<&'static dyn Algorithm> {
    algorithms().iter().copied().find(|a| a.name() == name)
}

/// A [`Sink`] that collects solutions, up to a limit.
#[derive(Debug, Clone, Default)]
pub struct Collect {
    /// The solutions so far.
    pub solutions: Vec<Vec<usize>>,
    /// Stop once this many are collected (`None`: all).
    pub limit: Option<usize>,
}

impl Sink for Collect {
    fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
        self.solutions.push(columns.to_vec());
        if self.limit.is_some_and(|l| self.solutions.len() >= l) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// A [`Sink`] that counts solutions.
#[derive(Debug, Clone, Copy, Default)]
pub struct Count {
    /// Solutions seen.
    pub total: u128,
}

impl Sink for Count {
    fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
        self.total += 1;
        ControlFlow::Continue(())
    }
}

/// A [`Sink`] that passes on only canonical solutions (the lexicographically
/// smallest of their symmetry class), for `--unique` with any algorithm.
#[derive(Debug)]
pub struct Canonical<S> {
    /// Where canonical solutions go.
    pub inner: S,
    scratch: Vec<usize>,
}

impl<S: Sink> Canonical<S> {
    /// Wraps `inner`.
    pub fn new(inner: S) -> Self {
        Canonical {
            inner,
            scratch: Vec::new(),
        }
    }
}

impl<S: Sink> Sink for Canonical<S> {
    fn tracing(&self) -> bool {
        self.inner.tracing()
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        self.inner.event(event)
    }

    fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
        if crate::symmetry::is_canonical(columns, &mut self.scratch) {
            self.inner.solution(columns)
        } else {
            ControlFlow::Continue(())
        }
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Checks every algorithm module runs on itself.
    use super::*;
    use crate::known;

    /// Records events and solutions.
    #[derive(Default)]
    pub struct Recorder {
        pub events: Vec<String>,
        pub solutions: Vec<Vec<usize>>,
        /// Boards replayed from the events at each `Solution` event.
        pub replayed: Vec<Vec<usize>>,
        board: Vec<Option<usize>>,
    }

    impl Sink for Recorder {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
            self.events.push(format!("{event:?}"));
            match *event {
                Event::Place { row, col } => {
                    if self.board.len() <= row {
                        self.board.resize(row + 1, None);
                    }
                    assert_eq!(self.board[row], None, "placing on an occupied row {row}");
                    self.board[row] = Some(col);
                }
                Event::Backtrack { row, col } => {
                    assert_eq!(
                        self.board.get(row).copied().flatten(),
                        Some(col),
                        "backtrack of an absent queen"
                    );
                    self.board[row] = None;
                }
                Event::Visit { columns } => {
                    self.board = columns.iter().map(|&c| Some(c)).collect();
                }
                Event::Solution { columns } => {
                    let board: Vec<usize> =
                        self.board.iter().map(|c| c.unwrap_or(usize::MAX)).collect();
                    assert_eq!(
                        board.len(),
                        columns.len(),
                        "solution event on a partial board"
                    );
                    self.replayed.push(board);
                }
                _ => {}
            }
            ControlFlow::Continue(())
        }

        fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
            self.solutions.push(columns.to_vec());
            ControlFlow::Continue(())
        }
    }

    /// Breaks on its `stop`th event and counts what comes after.
    pub struct StopAt {
        pub stop: usize,
        pub seen: usize,
    }

    impl Sink for StopAt {
        fn tracing(&self) -> bool {
            true
        }
        fn event(&mut self, _: &Event<'_>) -> ControlFlow<()> {
            self.seen += 1;
            if self.seen >= self.stop {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
        fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
    }

    /// A `Break` from the sink's `stop`th event ends the search at once: no
    /// event follows it.
    pub fn check_stops_at_once(algorithm: &dyn Algorithm, n: usize, stops: &[usize]) {
        for &stop in stops {
            let mut sink = StopAt { stop, seen: 0 };
            algorithm.search(n, &mut sink).unwrap();
            assert_eq!(sink.seen, stop, "{} stop at {stop}", algorithm.name());
        }
    }

    /// The standard checks for one algorithm on n = 1..=max.
    pub fn check_algorithm(algorithm: &dyn Algorithm, max: usize) {
        for n in 1..=max {
            let mut all = Collect::default();
            let stats = algorithm.search(n, &mut all).unwrap();
            let mut expected: Vec<Vec<usize>> = crate::solutions(n)
                .unwrap()
                .map(crate::Solution::into_columns)
                .collect();
            let mut got = all.solutions.clone();
            if algorithm.lexicographic() {
                assert_eq!(got, expected, "{} n = {n}: order", algorithm.name());
            }
            got.sort();
            expected.sort();
            assert_eq!(got, expected, "{} n = {n}", algorithm.name());
            assert_eq!(
                Some(u128::from(stats.solutions)),
                known::total(n),
                "{} n = {n}",
                algorithm.name()
            );
            assert_eq!(
                stats,
                algorithm.search(n, &mut Collect::default()).unwrap(),
                "deterministic stats"
            );

            // Tracing changes nothing and the events replay to the solutions.
            let mut rec = Recorder::default();
            let traced = algorithm.search(n, &mut rec).unwrap();
            assert_eq!(
                traced,
                stats,
                "{} n = {n}: tracing changed the stats",
                algorithm.name()
            );
            assert_eq!(rec.solutions, all.solutions);
            assert_eq!(
                rec.replayed,
                rec.solutions,
                "{} n = {n}: replay",
                algorithm.name()
            );

            // Stopping after the first solution.
            let mut one = Collect {
                limit: Some(1),
                ..Collect::default()
            };
            algorithm.search(n, &mut one).unwrap();
            assert_eq!(one.solutions.first(), all.solutions.first());
            assert!(one.solutions.len() <= 1);
        }
        assert_eq!(
            algorithm.search(0, &mut Count::default()),
            Err(Error::ZeroSize)
        );
        assert!(matches!(
            algorithm.search(algorithm.max_n() + 1, &mut Count::default()),
            Err(Error::TooLarge { .. })
        ));
    }
}
