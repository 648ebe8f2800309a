//! [`Replay`]: the board and each algorithm's own machinery, rebuilt from its
//! events, every step put in words, and the search tree.
//!
//! The algorithms send deltas ([`Event`]s); a learner wants to see the whole
//! structure at each step: the stack with its tags, the flag arrays, the
//! queue, the grid of counters, the masks, the look-ahead scores, the
//! exact-cover lists. `Replay` keeps them, so that the command line's
//! `nqueens trace`, its pictures and the web page all draw the same thing and
//! word each step the same way (one vocabulary: "place a queen on", "reject",
//! "take back the queen on", "back up").
//!
//! # How a trace step flows
//!
//! A tracing [`Sink`](crate::Sink) hands each [`Event`] to
//! [`Replay::apply`], which sends it to the file of the structure it
//! changes. Each of those updates the state it owns, grows or trims the
//! search tree (`tree.rs`) and words the step, with its line of
//! pseudocode (`lines.rs`):
//!
//! - `board.rs`: the steps every algorithm takes on the board (place,
//!   check, reject, take back, solution);
//! - `arrays.rs`: brute force's candidate, the 0/1 board, the column array;
//! - `stacks.rs`: the stack and the tagged stack with its flag arrays;
//! - `generator.rs`: the generator's state, its yields and its frames;
//! - `counters.rs`: occupancy's grid of attack counters;
//! - `queue.rs`: bfs's queue of boards;
//! - `scores.rs`: the heuristic's scored candidates;
//! - `masks.rs`: bitwise's masks, as numbers and bit strings;
//! - `items.rs`: dancing links' items, covered and chosen.
//!
//! After the step, [`Replay::structure`] reads that state as a
//! [`Structure`] and [`Replay::describe`] draws it in text, each kind in
//! its own file again. [`Trace`] (`trace.rs`) is the sink that does all
//! this and keeps the steps.

mod arrays;
mod board;
mod counters;
mod generator;
mod items;
mod lines;
mod masks;
mod queue;
mod scores;
mod stacks;
mod structure;
mod trace;
mod tree;

use std::collections::{HashMap, VecDeque};

use serde::Serialize;

use crate::sink::event::{Event, Item, StackEntry};
use masks::MaskRow;
pub use masks::MasksRow;
pub use structure::Structure;
pub use trace::Trace;
pub use trace::TRACE_STEPS;
pub use tree::{TreeMark, TreeNode};

/// One step, as [`Replay::apply`] words it.
///
/// # Examples
///
/// ```
/// use nqueens::{pseudocode, Event, Replay, StackEntry};
///
/// let mut replay = Replay::new("stack", 4);
/// let corner = StackEntry { row: 0, col: 0, tag: None };
/// let step = replay.apply(&Event::Push { entries: &[corner] });
/// assert_eq!(step.says, "push (0, 0): the first square to try");
/// assert_eq!(step.line.map(|l| pseudocode("stack")[l]), Some("push (0, 0)"));
/// assert_eq!(step.node, 0); // still at the root of the search tree
///
/// replay.apply(&Event::Pop { entry: corner });
/// let step = replay.apply(&Event::Place { row: 0, col: 0 });
/// assert_eq!(step.says, "place a queen on (0, 0): s[0] = 0");
/// assert_eq!(step.line.map(|l| pseudocode("stack")[l]), Some("    s[row] = col"));
/// assert_eq!(replay.tree()[step.node].col, Some(0)); // the new queen's node
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The step in words.
    pub says: String,
    /// The line of the algorithm's pseudocode ([`super::pseudocode`]) the
    /// step executes, if it maps to one.
    pub line: Option<usize>,
    /// The tree node the search stands on after the step (past the end of
    /// [`Replay::tree`] when the tree is full, see
    /// [`Replay::with_tree_limit`]).
    pub node: usize,
}

/// What the square marked on the board is.
///
/// # Examples
///
/// Over a whole search, the queens marked placed and removed are the
/// placements and backtracks its [`Stats`](crate::Stats) count:
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{find_algorithm, Event, MarkKind, Replay, Sink};
///
/// /// The kind of the square marked after each step.
/// struct Marks(Replay, Vec<MarkKind>);
///
/// impl Sink for Marks {
///     fn tracing(&self) -> bool {
///         true
///     }
///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
///         self.0.apply(event);
///         self.1.extend(self.0.mark().map(|mark| mark.kind));
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut marks = Marks(Replay::new("recursive", 5), Vec::new());
/// let stats = find_algorithm("recursive")?.search(5, &mut marks)?;
/// let count = |kind| marks.1.iter().filter(|&&k| k == kind).count() as u64;
/// assert_eq!(count(MarkKind::Placed), stats.placements);
/// assert_eq!(count(MarkKind::Removed), stats.backtracks);
/// assert!(count(MarkKind::Checked) > 0 && count(MarkKind::Rejected) > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    /// Tested and refused.
    Rejected,
    /// Being tested.
    Checked,
    /// A queen just put down.
    Placed,
    /// A queen just taken back.
    Removed,
}

/// A square to mark on the board at this step.
///
/// # Examples
///
/// ```
/// use nqueens::{Attack, Event, Mark, MarkKind, Replay, Square};
///
/// let mut replay = Replay::new("recursive", 4);
/// replay.apply(&Event::Place { row: 0, col: 0 });
/// assert_eq!(replay.mark(), Some(Mark { row: 0, col: 0, kind: MarkKind::Placed }));
///
/// let by = Square::new(0, 0);
/// replay.apply(&Event::Check { row: 1, col: 1, reads: 1, by: Some(by) });
/// assert_eq!(replay.mark(), Some(Mark { row: 1, col: 1, kind: MarkKind::Checked }));
/// replay.apply(&Event::Reject { row: 1, col: 1, by, attack: Attack::Diagonal });
/// assert_eq!(replay.mark(), Some(Mark { row: 1, col: 1, kind: MarkKind::Rejected }));
/// replay.apply(&Event::Backtrack { row: 0, col: 0 });
/// assert_eq!(replay.mark(), Some(Mark { row: 0, col: 0, kind: MarkKind::Removed }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// The row.
    pub row: usize,
    /// The column.
    pub col: usize,
    /// Why it is marked.
    pub kind: MarkKind,
}

/// Rebuilds a search from its events: the board, the algorithm's own
/// structure at each step (the stack with its tags, the flag arrays, the
/// queue, the grid of counters, the masks, the look-ahead scores, the
/// exact-cover lists: [`Replay::structure`]), each step in words with its
/// line of pseudocode ([`Replay::apply`] returns a [`Step`]), and the search
/// tree ([`Replay::tree`]). `nqueens trace`, its pictures and the web page
/// all draw from it. Feed it the [`Event`]s of a tracing
/// [`Sink`](crate::Sink), or use [`Trace`], which does that and keeps the
/// steps.
///
/// ```
/// use nqueens::{find_algorithm, Replay, Sink, Event};
/// use std::ops::ControlFlow;
///
/// struct Words(Replay, Vec<String>);
/// impl Sink for Words {
///     fn tracing(&self) -> bool { true }
///     fn event(&mut self, e: &Event<'_>) -> ControlFlow<()> {
///         let step = self.0.apply(e);
///         self.1.push(step.says);
///         ControlFlow::Continue(())
///     }
///     fn solution(&mut self, _: &[usize]) -> ControlFlow<()> { ControlFlow::Continue(()) }
/// }
///
/// let stack = find_algorithm("stack").unwrap();
/// let mut words = Words(Replay::new(stack.name(), 4), Vec::new());
/// stack.search(4, &mut words)?;
/// assert_eq!(words.1[0], "push (0, 0): the first square to try");
/// assert_eq!(words.0.solutions(), 2);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Replay {
    algorithm: &'static str,
    n: usize,
    lsb_right: bool,
    steps: u64,
    solutions: u64,
    board: Vec<Option<usize>>,
    /// A board shown for this step only (a queued child, a bfs solution).
    shown: Option<Vec<usize>>,
    mark: Option<Mark>,
    // brute-force
    candidate: u64,
    /// brute-force: how many candidates there are in all.
    candidates: u64,
    compared: usize,
    /// The tree nodes of the candidate's rows, row 0 first.
    bf_path: Vec<usize>,
    // stacks
    stack: Vec<StackEntry>,
    // generator
    suspended: bool,
    started: bool,
    /// The `pos` of each live `queens()` call, the outermost first.
    frames: Vec<Option<usize>>,
    // bfs
    /// The queued boards, front first, each with its tree node: the
    /// search comes back to that node when it dequeues the board, and
    /// boards leave in the order they came.
    queue: VecDeque<queue::Queued>,
    level: usize,
    /// Squares of the row being expanded tested so far.
    tested: usize,
    // heuristic: for each row on the path, its scored candidates and how
    // many have been tried
    scores: Vec<(Vec<(usize, usize)>, usize)>,
    /// heuristic: the row the search stands in (entering, trying or backing
    /// up into it).
    hrow: usize,
    // bitwise
    masks: Vec<MaskRow>,
    // dancing-links
    chosen: Vec<Item>,
    /// Which items are covered, by [`Replay::item_index`].
    covered: Vec<bool>,
    /// An item chosen at the last step, covered from the next one on.
    to_cover: Option<Item>,
    /// The item chosen at the step before, covered at this one.
    covered_now: Option<Item>,
    /// The chosen item last uncovered, its options all tried: why the
    /// queen above it is taken back next.
    done_item: Option<Item>,
    // the tree, and for each node whether a board grew from it
    tree: Vec<TreeNode>,
    grew: Vec<bool>,
    /// The most nodes `tree` keeps ([`Replay::with_tree_limit`]).
    tree_limit: usize,
    /// The partial boards made once `tree` was full, kept only while the
    /// search can come back to them (the path to the current node, bfs's
    /// queue) or one of their descendants is kept, so that a long replay
    /// holds no more than the search itself.
    beyond: HashMap<usize, tree::Kept>,
    /// Nodes made in all, kept or not: the next node's id.
    made: usize,
    /// Every node made is kept ([`Replay::keep_new_nodes`]).
    keep_new: bool,
    at: usize,
    /// The node of this step where it is not the board the search stands
    /// on (`at`): a bfs solution, a child of the board dequeued.
    step_node: Option<usize>,
}

/// `(1, 3, 0)`
fn tuple(items: &[usize]) -> String {
    let inner: Vec<String> = items.iter().map(usize::to_string).collect();
    if items.len() == 1 {
        format!("({},)", inner[0])
    } else {
        format!("({})", inner.join(", "))
    }
}

/// `[1, 3, 0]`
fn list(items: &[usize]) -> String {
    format!("{items:?}")
}

/// `(r, c)` or `(r, c, tag)`.
fn entry(e: StackEntry) -> String {
    match e.tag {
        Some(t) => format!("({}, {}, {t})", e.row, e.col),
        None => format!("({}, {})", e.row, e.col),
    }
}

/// `items` joined by `sep`, or `nothing` when there are none.
fn joined(items: &[String], sep: &str, nothing: &str) -> String {
    if items.is_empty() {
        nothing.to_string()
    } else {
        items.join(sep)
    }
}

/// `0, 2, _, _`: a column array with `_` for the rows not filled.
fn blanks(cells: &[Option<usize>]) -> String {
    let cells: Vec<String> = cells
        .iter()
        .map(|c| c.map_or("_".to_string(), |c| c.to_string()))
        .collect();
    cells.join(", ")
}

/// "1st", "2nd", "3rd", "4th", …
fn ordinal(k: usize) -> String {
    let suffix = match (k % 10, k % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{k}{suffix}")
}

impl Replay {
    /// A replay of `algorithm` (its [`super::Algorithm::name`]) on the
    /// `n`×`n` board, before any event.
    pub fn new(algorithm: &'static str, n: usize) -> Self {
        let root = TreeNode {
            id: 0,
            parent: None,
            row: None,
            col: None,
            depth: 0,
            mark: TreeMark::Root,
            step: 0,
        };
        Replay {
            algorithm,
            n,
            lsb_right: false,
            steps: 0,
            solutions: 0,
            board: vec![None; n],
            shown: None,
            mark: None,
            candidate: 0,
            candidates: 0,
            compared: 0,
            bf_path: Vec::new(),
            stack: Vec::new(),
            suspended: false,
            started: false,
            frames: vec![None],
            queue: VecDeque::new(),
            level: 0,
            tested: 0,
            scores: Vec::new(),
            hrow: 0,
            masks: Vec::new(),
            chosen: Vec::new(),
            covered: vec![false; 6 * n.max(1) - 2],
            to_cover: None,
            covered_now: None,
            done_item: None,
            tree: vec![root],
            grew: vec![false],
            tree_limit: usize::MAX,
            beyond: HashMap::new(),
            keep_new: false,
            made: 1,
            at: 0,
            step_node: None,
        }
    }

    /// Writes masks with the least significant bit (column 0) on the right,
    /// as C programmers and the bitwise tutorials write binary numbers; by
    /// default column 0 is on the left, like the board.
    pub fn with_lsb_right(mut self, lsb_right: bool) -> Self {
        self.lsb_right = lsb_right;
        self
    }

    /// Keeps at most `limit` nodes of the search tree (the root at least):
    /// [`Replay::tree`] holds the first `limit` nodes made, and the nodes
    /// made after them are forgotten once the search is done with them, so
    /// that a replay of any length holds no more than the search itself
    /// (its path, or bfs's queue). Without it the whole tree is kept, one
    /// node for every queen placed and every square rejected.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use nqueens::{find_algorithm, Event, Replay, Sink};
    ///
    /// struct Replayer(Replay);
    ///
    /// impl Sink for Replayer {
    ///     fn tracing(&self) -> bool {
    ///         true
    ///     }
    ///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
    ///         self.0.apply(event);
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// let mut replayer = Replayer(Replay::new("recursive", 6).with_tree_limit(10));
    /// find_algorithm("recursive")?.search(6, &mut replayer)?;
    /// assert_eq!(replayer.0.tree().len(), 10);
    /// assert!(replayer.0.nodes_made() > 100);
    /// assert_eq!(replayer.0.solutions(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_tree_limit(mut self, limit: usize) -> Self {
        self.tree_limit = limit.max(1);
        self
    }

    /// The nodes of the search tree made so far, those [`Replay::tree`]
    /// keeps and those past its limit.
    pub fn nodes_made(&self) -> usize {
        self.made
    }

    /// The name of the algorithm replayed.
    pub fn algorithm(&self) -> &'static str {
        self.algorithm
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Steps applied so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Solutions seen so far.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The search tree so far; node 0 is the empty board.
    pub fn tree(&self) -> &[TreeNode] {
        &self.tree
    }

    /// The board to draw after the last step: `board[row]` is the column of
    /// the row's queen.
    pub fn board(&self) -> Vec<Option<usize>> {
        match &self.shown {
            Some(columns) => (0..self.n).map(|r| columns.get(r).copied()).collect(),
            None => self.board.clone(),
        }
    }

    /// The square to mark after the last step, if any.
    pub fn mark(&self) -> Option<Mark> {
        self.mark
    }

    fn queens(&self) -> Vec<usize> {
        self.board.iter().map_while(|c| *c).collect()
    }

    /// Applies one event and says what it did.
    pub fn apply(&mut self, event: &Event<'_>) -> Step {
        self.steps += 1;
        // The item chosen at the step before is covered at this one (see
        // `say_cover` and `say_uncover`, which say so).
        self.covered_now = self.to_cover.take();
        if let Some(item) = self.covered_now {
            self.set_covered(&[item], true);
        }
        self.shown = None;
        self.mark = None;
        if let Some(shown) = self.step_node.take() {
            self.forget(shown);
        }
        let (says, line) = self.say(event);
        if self.algorithm == "generator" {
            self.follow_frames(event);
        }
        if self.algorithm == "bfs" {
            match event {
                Event::Dequeue { .. } => self.tested = 0,
                Event::Reject { .. } | Event::Enqueue { .. } | Event::Solution { .. } => {
                    self.tested += 1;
                    // Every square of the row tested: the board is done
                    // with, a dead end if none was free.
                    if self.tested == self.n {
                        self.mark_dead_end(self.at);
                    }
                }
                _ => {}
            }
        }
        Step {
            says,
            line,
            node: self.step_node.unwrap_or(self.at),
        }
    }

    /// Words `event`, after updating the state it changes.
    fn say(&mut self, event: &Event<'_>) -> (String, Option<usize>) {
        match *event {
            Event::Place { row, col } => self.say_place(row, col),
            Event::Reject {
                row,
                col,
                by,
                attack,
            } => self.say_reject(row, col, by, attack),
            Event::Backtrack { row, col } => self.say_backtrack(row, col),
            Event::Check {
                row,
                col,
                reads,
                by,
            } => self.say_check(row, col, reads, by),
            Event::Candidate {
                number,
                of,
                columns,
            } => self.say_candidate(number, of, columns),
            Event::Push { entries } => self.say_push(entries),
            Event::Pop { entry } => self.say_pop(entry),
            Event::Tag { row, col } => self.say_tag(row, col),
            Event::Resume { row } => self.say_resume(row),
            Event::Yield { columns } => self.say_yield(columns),
            Event::Enqueue { columns } => self.say_enqueue(columns),
            Event::Dequeue { columns, queued } => self.say_dequeue(columns, queued),
            Event::Masks {
                row,
                cols,
                diag,
                anti,
                mask,
                free,
            } => self.say_masks(row, cols, diag, anti, mask, free),
            Event::Scores { row, scores } => self.say_scores(row, scores),
            Event::Choose {
                item,
                options,
                sizes,
            } => self.say_choose(item, options, sizes),
            Event::Cover { items, hidden } => self.say_cover(items, hidden),
            Event::Uncover { items, restored } => self.say_uncover(items, restored),
            Event::Solution { columns } => self.say_solution(columns),
        }
    }
}
