//! Every classic N-Queens search, one module each, behind one trait.
//!
//! The write-ups that teach backtracking each search the board a different
//! way. Each module here implements one of them faithfully, so that a learner
//! can run it, watch it ([`Event`]s), measure it ([`Stats`]) and compare it with
//! the others; the test suite proves that they find the same solutions.
//!
//! | name | module | idea | see it work |
//! |---|---|---|---|
//! | `brute-force` | [`brute_force`] | generate every candidate, keep the valid ones | `nqueens trace 4 -a brute-force` |
//! | `recursive-board` | [`recursive_board`] | recursion over rows on an n×n 0/1 board | `nqueens trace 4 -a recursive-board` |
//! | `recursive` | [`recursive`] | recursion over rows on a 1-D column array | `nqueens trace 4 -a recursive` |
//! | `stack` | [`stack`] | no recursion: an explicit stack of squares to try | `nqueens trace 4 -a stack` |
//! | `tagged-stack` | [`tagged_stack`] | a stack of (row, col, tag) nodes and flag arrays | `nqueens trace 4 -a tagged-stack` |
//! | `generator` | [`generator`] | a lazy iterator that does only the work asked for | `nqueens trace 4 -a generator` |
//! | `occupancy` | [`occupancy`] | an n×n grid of attacked squares, marked and restored | `nqueens trace 4 -a occupancy` |
//! | `bfs` | [`bfs`] | breadth-first branch and bound, one row at a time | `nqueens trace 4 -a bfs` |
//! | `heuristic` | [`heuristic`] | look-ahead: most remaining freedom first | `nqueens trace 4 -a heuristic` |
//! | `bitwise` | [`bitwise`] | three bit masks, lowest free bit by `x & -x` | `nqueens trace 4 -a bitwise` |
//! | `dancing-links` | [`dancing_links`] | Knuth's Algorithm X on an exact cover | `nqueens trace 4 -a dancing-links` |
//!
//! Each module's docs say why the algorithm is taught and what it costs; its
//! trace shows its own machinery step by step ([`Replay`] words each step and
//! rebuilds the structure; [`about`] and [`pseudocode`] give the page the same
//! text), and [`Stats::reads`] and [`Stats::writes`] measure what it costs
//! ([`LiveTally`] rebuilds those counters from the events, step by step).
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
mod lesson;
pub mod occupancy;
pub mod recursive;
pub mod recursive_board;
mod replay;
pub mod stack;
pub mod tagged_stack;
mod tally;
mod truth;

pub use crate::sink::event::{Event, Item, ItemKind, StackEntry};
pub use crate::sink::Sink;
pub use lesson::{about, pseudocode, About, LEGEND};
pub use replay::{
    Mark, MarkKind, MasksRow, Replay, Step, Structure, Trace, TreeMark, TreeNode, TRACE_STEPS,
};
pub use tally::{Counters, LiveTally};

/// Counters of one run. What a node or a conflict test is depends a little
/// on the algorithm; each one's [`about`] text and the docs of
/// its source file in `src/algo/` say what it counts.
///
/// `reads` and `writes` are the honest unit of work for comparing the
/// algorithms: how many entries of its own data structure each one touches.
/// A check on the 0/1 board reads cells, one on the column array reads
/// entries, the flag arrays read a flag, the bit masks read a word for a whole
/// row; keeping the structure up to date writes cells, flags, counters, masks,
/// stack or queue entries, or links.
///
/// # Examples
///
/// ```
/// use nqueens::{find_algorithm, SolutionCounter};
///
/// let bitwise = find_algorithm("bitwise")?.search(8, &mut SolutionCounter::default())?;
/// let recursive = find_algorithm("recursive")?.search(8, &mut SolutionCounter::default())?;
/// assert_eq!((bitwise.solutions, recursive.solutions), (92, 92));
/// // Both walk the same tree of partial boards...
/// assert_eq!(bitwise.nodes, recursive.nodes);
/// // ...but the bit masks read a word per row, not an entry per queen.
/// assert!(bitwise.reads < recursive.reads);
/// // The counts are the same from run to run.
/// assert_eq!(find_algorithm("bitwise")?.search(8, &mut SolutionCounter::default())?, bitwise);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize)]
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
    /// Entries of the algorithm's structure read to decide which squares are
    /// free (cells, array entries, flags, counters, mask words, list sizes),
    /// look-ahead included.
    pub reads: u64,
    /// Entries written to keep the structure up to date (cells, array
    /// entries, flags, counters, masks, stack or queue entries, links).
    pub writes: u64,
}

/// An N-Queens search.
///
/// [`algorithms`] lists every implementation and
/// [`find_algorithm`](crate::find_algorithm) finds one by name.
///
/// # Examples
///
/// ```
/// use nqueens::{find_algorithm, Algorithm, Collect, Error, Solution};
///
/// let heuristic: &dyn Algorithm = find_algorithm("heuristic")?;
/// assert_eq!(heuristic.name(), "heuristic");
/// assert!(!heuristic.lexicographic()); // best square first, not leftmost
///
/// let mut found = Collect::default();
/// let stats = heuristic.search(6, &mut found)?;
/// assert_eq!(stats.solutions, 4);
/// found.solutions.sort();
/// let expected: Vec<_> = nqueens::solutions(6)?.map(Solution::into_columns).collect();
/// assert_eq!(found.solutions, expected);
///
/// let too_large = heuristic.search(heuristic.max_n() + 1, &mut Collect::default());
/// assert!(matches!(too_large, Err(Error::TooLarge { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

    /// Searches the `n`×`n` board, passing every solution to `sink` until it
    /// says stop. A sink whose [`Sink::tracing`] returns `true` also gets
    /// every step of the search as an [`Event`], through [`Sink::event`]
    /// ([`Trace`] is such a sink, ready-made).
    ///
    /// # Errors
    /// [`Error::ZeroSize`], [`Error::TooLarge`] above [`Algorithm::max_n`],
    /// or [`Error::Refused`] when the algorithm sees before starting (or before
    /// its memory would pass its bound) that it cannot finish.
    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error>;
}

/// An algorithm shows as its name, so that `Result`s that hold one (as
/// [`find_algorithm`](crate::find_algorithm)'s) can be printed and
/// unwrapped.
///
/// ```
/// let e = nqueens::find_algorithm("quantum").unwrap_err();
/// assert_eq!(format!("{:?}", nqueens::find_algorithm("bitwise")), r#"Ok(Algorithm { name: "bitwise" })"#);
/// assert!(e.to_string().contains("quantum"));
/// ```
impl std::fmt::Debug for dyn Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Algorithm")
            .field("name", &self.name())
            .finish()
    }
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

/// Every algorithm, from the plainest to the most elaborate: from
/// `brute-force` to `dancing-links` (the order of the table in the docs of
/// `src/algo/mod.rs` and of `nqueens algorithms`).
///
/// # Examples
///
/// ```
/// use nqueens::{algorithms, SolutionCounter};
///
/// assert_eq!(algorithms().len(), 11);
/// assert_eq!(algorithms()[0].name(), "brute-force");
/// // They all find the same solutions.
/// for algorithm in algorithms() {
///     let mut counter = SolutionCounter::default();
///     let stats = algorithm.search(6, &mut counter)?;
///     assert_eq!((counter.total, stats.solutions), (4, 4), "{}", algorithm.name());
/// }
/// # Ok::<(), nqueens::Error>(())
/// ```
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
///
/// # Examples
///
/// ```
/// use nqueens::{brute_force_permutations, find_algorithm, SolutionCounter};
///
/// let permutations = brute_force_permutations().expect("always there");
/// let column_vectors = find_algorithm("brute-force")?;
/// assert_eq!(permutations.name(), column_vectors.name());
///
/// let by_permutation = permutations.search(5, &mut SolutionCounter::default())?;
/// let by_column_vector = column_vectors.search(5, &mut SolutionCounter::default())?;
/// assert_eq!((by_permutation.solutions, by_column_vector.solutions), (10, 10));
/// // Candidates tested: 5! against 5^5.
/// assert_eq!((by_permutation.nodes, by_column_vector.nodes), (120, 3125));
/// assert_eq!((permutations.max_n(), column_vectors.max_n()), (11, 9));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn brute_force_permutations() -> Option<&'static dyn Algorithm> {
    Some(&brute_force::BruteForce { permutations: true })
}

/// The algorithm called `name`, if there is one.
pub fn by_name(name: &str) -> Option<&'static dyn Algorithm> {
    algorithms().iter().copied().find(|a| a.name() == name)
}

/// The names of every algorithm, in the order of [`algorithms`], joined by
/// commas: for messages.
///
/// # Examples
///
/// ```
/// let names = nqueens::algorithm_names();
/// assert!(names.starts_with("brute-force, recursive-board, recursive, stack"));
/// assert!(names.ends_with("bitwise, dancing-links"));
/// assert_eq!(names.split(", ").count(), nqueens::algorithms().len());
/// ```
pub fn algorithm_names() -> String {
    algorithms()
        .iter()
        .map(|a| a.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// No algorithm has the name asked for; the message lists those that exist.
///
/// # Examples
///
/// ```
/// let Err(err) = nqueens::find_algorithm("quicksort") else { unreachable!() };
/// assert_eq!(err.name, "quicksort");
/// assert_eq!(
///     err.to_string(),
///     format!(
///         "there is no algorithm called 'quicksort'; the algorithms are {}",
///         nqueens::algorithm_names()
///     )
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownAlgorithm {
    /// The name asked for.
    pub name: String,
}

impl std::fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "there is no algorithm called '{}'; the algorithms are {}",
            self.name,
            algorithm_names()
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

/// `?` in a function that returns [`Error`] turns an unknown
/// algorithm into [`Error::UnknownName`], with
/// the same message.
///
/// ```
/// use nqueens::{find_algorithm, Error};
///
/// fn first_steps(name: &str) -> Result<u64, Error> {
///     let algorithm = find_algorithm(name)?;
///     Ok(algorithm.search(6, &mut nqueens::SolutionCounter::default())?.solutions)
/// }
/// assert_eq!(first_steps("bitwise"), Ok(4));
/// let err = first_steps("quicksort").unwrap_err();
/// let Err(unknown) = find_algorithm("quicksort") else { unreachable!() };
/// assert_eq!(err.to_string(), unknown.to_string());
/// ```
impl From<UnknownAlgorithm> for crate::error::Error {
    fn from(e: UnknownAlgorithm) -> Self {
        crate::error::Error::UnknownName {
            kind: "algorithm",
            name: e.name,
            choices: algorithm_names(),
        }
    }
}

/// The algorithm called `name`, or an error that names every algorithm: the
/// one message for an unknown name, on the command line and in the API.
///
/// ```
/// assert_eq!(nqueens::find_algorithm("stack").unwrap().name(), "stack");
/// let Err(e) = nqueens::find_algorithm("quick") else { unreachable!() };
/// assert!(e.to_string().contains("bitwise"));
/// ```
pub fn find(name: &str) -> Result<&'static dyn Algorithm, UnknownAlgorithm> {
    by_name(name).ok_or_else(|| UnknownAlgorithm {
        name: name.to_string(),
    })
}

#[cfg(test)]
pub(crate) mod testing {
    //! Checks every algorithm module runs on itself.
    use super::*;
    use crate::known;
    use crate::sink::{Collect, Count};

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
                Event::Candidate { columns, .. } | Event::Dequeue { columns, .. } => {
                    self.board = columns.iter().map(|&c| Some(c)).collect();
                }
                Event::Solution { columns } => {
                    // The board held has the solution's queens on every row
                    // it fills: all of them, or (bfs, which reports a child
                    // without holding it) all but the last.
                    let mut held: Vec<usize> = self.board.iter().map_while(|c| *c).collect();
                    assert!(
                        held.len() + 1 >= columns.len() && columns.starts_with(&held),
                        "solution {columns:?} on the board {:?}",
                        self.board
                    );
                    for (r, c) in self.board.iter().enumerate() {
                        if let Some(c) = c {
                            assert_eq!(columns[r], *c, "solution event on another board");
                        }
                    }
                    if held.len() + 1 == columns.len() {
                        held.push(columns[held.len()]);
                    }
                    self.replayed.push(held);
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
