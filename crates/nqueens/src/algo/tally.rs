//! The counters of a search rebuilt step by step from its events.
//!
//! A search returns its [`Stats`] only when it ends, but a learner watching
//! two algorithms side by side wants to see the work pile up as they go: the
//! squares tested, the entries read, the entries written. [`LiveTally`] follows
//! the events of one search and keeps the nodes, placements, conflict tests,
//! reads and writes exactly as that algorithm's own `Stats` count them (each module's
//! docs say what a read or a write is for it), so that after any event the
//! tally equals what the algorithm had counted when it sent that event, and
//! after the last event of a complete search it equals the totals returned.
//!
//! Everything is derived from what the events say, never estimated: a check
//! carries how many entries it read, a reject names the attacker (the row
//! scan of `stack` stops there), a cover says how many options it hid, and
//! so on. Where an algorithm does work that no event reports at once (the
//! cover of the item `dancing-links` just chose, or the free squares the
//! `heuristic` scores between two rejects) the tally adds it at the next
//! event, when the algorithm's own counters hold it too. The test in
//! `truth.rs` holds the tally to the algorithm's real counters at every step.

use super::{Event, ItemKind, Stats};

/// The counters a comparison shows live: nodes, placements, conflict tests,
/// reads and writes, with the meaning of [`Stats`].
///
/// # Examples
///
/// ```
/// use nqueens::{find_algorithm, Counters, SolutionCounter};
///
/// let stats = find_algorithm("recursive")?.search(4, &mut SolutionCounter::default())?;
/// let counters = Counters::from(&stats);
/// assert_eq!((counters.nodes, counters.conflict_tests), (17, 60));
/// // Every node but the empty board is a queen placed.
/// assert_eq!(counters.placements, 16);
/// assert_eq!((counters.reads, counters.writes), (stats.reads, stats.writes));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Counters {
    /// As [`Stats::nodes`].
    pub nodes: u64,
    /// As [`Stats::placements`].
    pub placements: u64,
    /// As [`Stats::conflict_tests`].
    pub conflict_tests: u64,
    /// As [`Stats::reads`].
    pub reads: u64,
    /// As [`Stats::writes`].
    pub writes: u64,
}

impl From<&Stats> for Counters {
    fn from(stats: &Stats) -> Self {
        Counters {
            nodes: stats.nodes,
            placements: stats.placements,
            conflict_tests: stats.conflict_tests,
            reads: stats.reads,
            writes: stats.writes,
        }
    }
}

/// Follows the events of one search and keeps its [`Counters`].
///
/// # Examples
///
/// Fed every event of a search, the tally ends on the search's own totals:
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{algorithms, Counters, Event, Sink, LiveTally};
///
/// /// Tallies every event of a search.
/// struct Follow(LiveTally);
///
/// impl Sink for Follow {
///     fn tracing(&self) -> bool {
///         true
///     }
///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
///         self.0.apply(event);
///         ControlFlow::Continue(())
///     }
/// }
///
/// for algorithm in algorithms() {
///     let mut follow = Follow(LiveTally::new(algorithm.name(), 6));
///     let stats = algorithm.search(6, &mut follow)?;
///     assert_eq!(follow.0.counters(), Counters::from(&stats), "{}", algorithm.name());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct LiveTally {
    /// How the algorithm counts.
    rules: Rules,
    n: usize,
    counters: Counters,
    /// `brute-force`: the candidate before the current one.
    candidate: Vec<usize>,
    /// `brute-force`: whether the candidates are permutations.
    permutations: bool,
    /// `heuristic`: the columns of the row being entered tested so far.
    tested: usize,
    /// `dancing-links`: writes of the cover that follows a choice, counted
    /// by the algorithm after the choice is sent.
    pending: u64,
}

/// Which algorithm's way of counting a tally follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rules {
    BruteForce,
    RecursiveBoard,
    Recursive,
    Stack,
    TaggedStack,
    Generator,
    Occupancy,
    Bfs,
    Heuristic,
    Bitwise,
    DancingLinks,
    /// A name no algorithm has: nothing is counted.
    Unknown,
}

/// Links and sizes written per option hidden or put back in
/// `dancing-links`: two links and a size for each of its other three nodes.
const WRITES_PER_OPTION: u64 = 9;

impl LiveTally {
    /// A tally for `algorithm` (its [`Algorithm::name`](super::Algorithm::name))
    /// on the `n`×`n` board, before any event: the counters the search starts
    /// with. For a name no algorithm has, the counters stay at zero.
    ///
    /// ```
    /// use nqueens::LiveTally;
    ///
    /// // The row-by-row searches count the empty board as a node.
    /// assert_eq!(LiveTally::new("recursive", 8).counters().nodes, 1);
    /// assert_eq!(LiveTally::new("brute-force", 8).counters().nodes, 0);
    /// ```
    pub fn new(algorithm: &str, n: usize) -> Self {
        let rules = match algorithm {
            "brute-force" => Rules::BruteForce,
            "recursive-board" => Rules::RecursiveBoard,
            "recursive" => Rules::Recursive,
            "stack" => Rules::Stack,
            "tagged-stack" => Rules::TaggedStack,
            "generator" => Rules::Generator,
            "occupancy" => Rules::Occupancy,
            "bfs" => Rules::Bfs,
            "heuristic" => Rules::Heuristic,
            "bitwise" => Rules::Bitwise,
            "dancing-links" => Rules::DancingLinks,
            _ => Rules::Unknown,
        };
        let starts_empty = matches!(rules, Rules::BruteForce | Rules::Unknown);
        LiveTally {
            rules,
            n,
            counters: Counters {
                nodes: u64::from(!starts_empty),
                ..Counters::default()
            },
            candidate: Vec::new(),
            permutations: false,
            tested: 0,
            pending: 0,
        }
    }

    /// The counters after the events applied so far.
    ///
    /// ```
    /// use nqueens::{Event, LiveTally};
    ///
    /// let mut tally = LiveTally::new("recursive", 4);
    /// tally.apply(&Event::Check { row: 0, col: 0, reads: 0, by: None });
    /// tally.apply(&Event::Place { row: 0, col: 0 });
    /// let counters = tally.counters();
    /// assert_eq!((counters.nodes, counters.conflict_tests, counters.writes), (2, 1, 1));
    /// ```
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Counts the work `event` reports and returns the counters after it.
    ///
    /// ```
    /// use nqueens::{Event, Square, LiveTally};
    ///
    /// // `stack` reads the column array up to the attacker: rows 0 and 1.
    /// let mut tally = LiveTally::new("stack", 4);
    /// let by = Square::new(1, 2);
    /// let after = tally.apply(&Event::Reject { row: 2, col: 3, by, attack: by.attack(Square::new(2, 3)).unwrap() });
    /// assert_eq!((after.conflict_tests, after.reads), (1, 2));
    /// ```
    pub fn apply(&mut self, event: &Event<'_>) -> Counters {
        let n = self.n as u64;
        let c = &mut self.counters;
        c.writes += std::mem::take(&mut self.pending);
        // Queens put on the board: one a place for the searches that place
        // queens one by one, n a candidate for brute force (each is a whole
        // board), one a child for bfs (dancing links places the queen of
        // the option it tries after covering its items).
        c.placements += match (self.rules, event) {
            (Rules::Unknown, _) => 0,
            (Rules::BruteForce, Event::Candidate { .. }) => n,
            (Rules::Bfs, Event::Enqueue { .. } | Event::Solution { .. }) => 1,
            (Rules::Bfs | Rules::BruteForce, _) => 0,
            (_, Event::Place { .. }) => 1,
            _ => 0,
        };
        match (self.rules, event) {
            (Rules::Unknown, _) => {}
            (
                Rules::RecursiveBoard | Rules::Recursive | Rules::Generator | Rules::TaggedStack,
                Event::Check { reads, .. },
            ) => {
                c.conflict_tests += 1;
                c.reads += *reads as u64;
            }
            (Rules::Recursive | Rules::RecursiveBoard | Rules::Generator, Event::Place { .. }) => {
                // One entry (or cell) written for the queen.
                c.nodes += 1;
                c.writes += 1;
            }
            // The 1 goes back to 0.
            (Rules::RecursiveBoard, Event::Backtrack { .. }) => c.writes += 1,
            (Rules::BruteForce, Event::Candidate { columns, .. }) => {
                c.nodes += 1;
                if self.candidate.is_empty() {
                    // The first candidate is written as the search starts;
                    // the permutations start from 0, 1, …, n - 1.
                    self.permutations =
                        columns.len() > 1 && columns.iter().enumerate().all(|(i, &col)| i == col);
                } else {
                    c.writes += candidate_writes(&self.candidate, columns, self.permutations);
                }
                self.candidate.clear();
                self.candidate.extend_from_slice(columns);
            }
            (Rules::BruteForce, Event::Check { reads, .. }) => {
                // One pair compared, one entry read.
                c.conflict_tests += *reads as u64;
                c.reads += *reads as u64;
            }
            (Rules::Stack, Event::Reject { by, .. }) => {
                // The array scanned from row 0 down to the attacker.
                c.conflict_tests += 1;
                c.reads += by.row as u64 + 1;
            }
            (Rules::Stack, Event::Place { row, .. }) => {
                // Every row above read, the queen's column written.
                c.conflict_tests += 1;
                c.reads += *row as u64;
                c.nodes += 1;
                c.writes += 1;
            }
            (Rules::Stack | Rules::TaggedStack, Event::Push { entries }) => {
                c.writes += entries.len() as u64;
            }
            // The tag goes from 0 to 1.
            (Rules::TaggedStack, Event::Tag { .. }) => c.writes += 1,
            // Three flags set, or cleared.
            (Rules::TaggedStack, Event::Place { .. }) => {
                c.nodes += 1;
                c.writes += 3;
            }
            (Rules::TaggedStack, Event::Backtrack { .. }) => c.writes += 3,
            (Rules::Occupancy, Event::Reject { .. }) => {
                // One counter read per square tested.
                c.conflict_tests += 1;
                c.reads += 1;
            }
            (Rules::Occupancy, Event::Place { row, col }) => {
                c.conflict_tests += 1;
                c.reads += 1;
                c.nodes += 1;
                c.writes += marked(self.n, *row, *col);
            }
            (Rules::Occupancy, Event::Backtrack { row, col }) => {
                c.writes += marked(self.n, *row, *col);
            }
            // The queens of the board taken out, unpacked.
            (Rules::Bfs, Event::Dequeue { columns, .. }) => c.reads += columns.len() as u64,
            (Rules::Bfs, Event::Reject { .. }) => {
                // One mask test.
                c.conflict_tests += 1;
                c.reads += 1;
            }
            (Rules::Bfs, Event::Enqueue { .. }) => {
                // A mask test, and the child written into the queue.
                c.conflict_tests += 1;
                c.reads += 1;
                c.nodes += 1;
                c.writes += 1;
            }
            (Rules::Bfs, Event::Solution { .. }) => {
                c.conflict_tests += 1;
                c.reads += 1;
                c.nodes += 1;
            }
            (Rules::Heuristic, Event::Reject { row, col, .. }) => {
                // The free squares before it were tested and scored.
                let free = (*col - self.tested) as u64;
                let ahead = n - 1 - *row as u64;
                c.conflict_tests += free + 1;
                c.reads += free * (1 + ahead) + 1;
                self.tested = *col + 1;
            }
            (Rules::Heuristic, Event::Scores { row, scores }) => {
                // The squares after the last reject are all free.
                let free = (self.n - self.tested) as u64;
                let ahead = n - 1 - *row as u64;
                c.conflict_tests += free;
                c.reads += free * (1 + ahead);
                // The candidates written into the row's sorted list.
                c.writes += scores.len() as u64;
                self.tested = 0;
            }
            (Rules::Heuristic, Event::Place { row, .. }) => {
                c.nodes += 1;
                // The column, and the three masks of the next row.
                if *row + 1 < self.n {
                    c.writes += 4;
                }
            }
            (Rules::Bitwise, Event::Masks { row, .. }) => {
                // Three mask words read; `free` of row 0 written, or the
                // three masks and `free` of a row below.
                c.conflict_tests += 1;
                c.reads += 3;
                c.writes += if *row == 0 { 1 } else { 4 };
            }
            (Rules::Bitwise, Event::Place { .. }) => {
                // `free -= p` and the column.
                c.nodes += 1;
                c.writes += 2;
            }
            (
                Rules::DancingLinks,
                Event::Choose {
                    item,
                    options,
                    sizes,
                },
            ) => {
                // Every size compared, or those up to the first empty item.
                let compared = if *options == 0 {
                    1 + sizes[1..]
                        .iter()
                        .filter(|(other, _)| order(*other) < order(*item))
                        .count() as u64
                } else {
                    sizes.len() as u64
                };
                c.conflict_tests += compared;
                c.reads += compared;
                // Covering it takes it out of the list and hides its options.
                self.pending = 2 + WRITES_PER_OPTION * *options as u64;
            }
            (Rules::DancingLinks, Event::Cover { items, hidden }) => {
                c.writes += 2 * items.len() as u64 + WRITES_PER_OPTION * hidden;
            }
            (Rules::DancingLinks, Event::Uncover { items, restored }) => {
                c.writes += 2 * items.len() as u64 + WRITES_PER_OPTION * restored;
            }
            // The node its queen makes.
            (Rules::DancingLinks, Event::Place { .. }) => c.nodes += 1,
            _ => {}
        }
        self.counters
    }
}

/// Where `item` stands in the list of primary items: rows, then columns.
fn order(item: super::Item) -> (u8, usize) {
    let kind = match item.kind {
        ItemKind::Row => 0,
        ItemKind::Column => 1,
        ItemKind::Diagonal => 2,
        ItemKind::AntiDiagonal => 3,
    };
    (kind, item.index)
}

/// `brute-force`: the entries written to step from candidate `before` to
/// `after`: the odometer's digits that turn (all of them change), or the
/// swap at the pivot (the first entry that changes) and the exchanges of the
/// reversal of the suffix after it.
fn candidate_writes(before: &[usize], after: &[usize], permutations: bool) -> u64 {
    let first = before
        .iter()
        .zip(after)
        .position(|(a, b)| a != b)
        .unwrap_or(before.len());
    let suffix = (before.len() - first) as u64;
    if permutations {
        2 + 2 * ((suffix - 1) / 2)
    } else {
        suffix
    }
}

/// `occupancy`: the counters a queen on `row`, `col` marks (or unmarks) in
/// the rows below: its column and the diagonals that stay on the board.
fn marked(n: usize, row: usize, col: usize) -> u64 {
    (row + 1..n)
        .map(|r| {
            let d = r - row;
            1 + u64::from(col >= d) + u64::from(col + d < n)
        })
        .sum()
}
