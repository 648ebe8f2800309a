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

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;

use serde::Serialize;

use super::generator::GeneratorFrame;
use super::{Event, Item, ItemKind, StackEntry};
use crate::board::Square;
use crate::count::report::plural;

/// How a tree node came to be.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{find_algorithm, Event, Replay, Sink, TreeMark};
///
/// /// Replays every event of a search.
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
/// let mut replayer = Replayer(Replay::new("recursive", 4));
/// find_algorithm("recursive")?.search(4, &mut replayer)?;
/// let tree = replayer.0.tree();
/// let count = |mark| tree.iter().filter(|node| node.mark == mark).count();
/// assert_eq!(count(TreeMark::Root), 1);
/// assert_eq!(count(TreeMark::Solution), 2); // the two solutions of 4 queens
/// assert!(count(TreeMark::Rejected) > 0 && count(TreeMark::DeadEnd) > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TreeMark {
    /// The empty board.
    Root,
    /// A queen placed: a partial board.
    Queen,
    /// A square tested and refused: a pruned branch.
    Rejected,
    /// A partial board none of whose next squares was free.
    DeadEnd,
    /// A complete board.
    Solution,
}

/// One node of the search tree that a trace walks.
///
/// # Examples
///
/// Walking up from a solution's node to the root reads its queens:
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{find_algorithm, Event, Replay, Sink, TreeMark};
///
/// /// Replays every event of a search.
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
/// let mut replayer = Replayer(Replay::new("recursive", 4));
/// find_algorithm("recursive")?.search(4, &mut replayer)?;
/// let tree = replayer.0.tree();
/// let solution = tree.iter().find(|node| node.mark == TreeMark::Solution).unwrap();
/// assert_eq!(solution.depth, 4);
///
/// let mut columns = Vec::new();
/// let mut node = solution;
/// while let Some(parent) = node.parent {
///     columns.push(node.col.unwrap());
///     node = &tree[parent];
/// }
/// columns.reverse();
/// assert_eq!(columns, [1, 3, 0, 2]);
/// assert_eq!((node.id, node.mark, node.step), (0, TreeMark::Root, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TreeNode {
    /// Its index in [`Replay::tree`].
    pub id: usize,
    /// Its parent; `None` for the root.
    pub parent: Option<usize>,
    /// The row of its square (`None` for the root).
    pub row: Option<usize>,
    /// The column of its square.
    pub col: Option<usize>,
    /// Queens on its board.
    pub depth: usize,
    /// What it is.
    pub mark: TreeMark,
    /// The step (from 1) at which it appeared; 0 for the root.
    pub step: u64,
}

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

/// One row of the bitwise search on the current path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct MaskRow {
    row: usize,
    cols: u64,
    ld: u64,
    rd: u64,
    mask: u64,
    free: u64,
    p: u64,
    /// `ld` as seed 004's tutorial keeps it: never masked, so the bits of
    /// diagonals that left the board keep moving out (`u128`: 2n - 1 bits
    /// at most).
    wide: u128,
}

/// The algorithm's structure as data, for programs and the web page.
///
/// # Examples
///
/// ```
/// use nqueens::{Event, Replay, StackEntry, Structure};
///
/// // The stack search's structure is its stack of squares to try.
/// let mut replay = Replay::new("stack", 4);
/// let corner = StackEntry { row: 0, col: 0, tag: None };
/// replay.apply(&Event::Push { entries: &[corner] });
/// assert_eq!(replay.structure(), Structure::Stack { entries: vec![[0, 0]] });
/// replay.apply(&Event::Pop { entry: corner });
/// assert_eq!(replay.structure(), Structure::Stack { entries: vec![] });
///
/// // The recursive search's is its column array.
/// let mut replay = Replay::new("recursive", 4);
/// replay.apply(&Event::Place { row: 0, col: 1 });
/// assert_eq!(
///     replay.structure(),
///     Structure::Array { s: vec![Some(1), None, None, None], compared: 0, square: None }
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Structure {
    /// `brute-force`: the candidate under test.
    Candidate {
        /// Its number, from 1.
        number: u64,
        /// Its columns.
        columns: Vec<usize>,
        /// Pairs compared by its test (0 before the test).
        compared: usize,
    },
    /// `recursive-board`: the 0/1 grid.
    Board01 {
        /// `cells[row][col]`, 1 for a queen.
        cells: Vec<Vec<u8>>,
        /// The check of this step read the first `read` cells in row order.
        read: usize,
        /// The square being checked.
        square: Option<[usize; 2]>,
    },
    /// `recursive`: the column array.
    Array {
        /// `s[row]`, `None` for rows not filled.
        s: Vec<Option<usize>>,
        /// The check of this step compared `s[0..compared]`.
        compared: usize,
        /// The square being checked.
        square: Option<[usize; 2]>,
    },
    /// `stack`: the squares still to try, bottom first.
    Stack {
        /// `[row, col]`, top last.
        entries: Vec<[usize; 2]>,
    },
    /// `tagged-stack`: the nodes and the flag arrays.
    TaggedStack {
        /// `[row, col, tag]`, top last.
        entries: Vec<[usize; 3]>,
        /// Column flags.
        col: Vec<u8>,
        /// Diagonal flags, index `row - col + n - 1`.
        md: Vec<u8>,
        /// Anti-diagonal flags, index `row + col`.
        sd: Vec<u8>,
    },
    /// `generator`: its state.
    Generator {
        /// The columns of the rows filled.
        state: Vec<usize>,
        /// Whether it is suspended after a yield.
        suspended: bool,
        /// The check of this step compared `state[0..compared]`.
        compared: usize,
        /// The square being checked.
        square: Option<[usize; 2]>,
        /// The suspended `queens()` calls, one per row, the outermost first.
        frames: Vec<GeneratorFrame>,
    },
    /// `occupancy`: the attack counters.
    Counters {
        /// `grid[row][col]`: queens attacking the square from rows above.
        grid: Vec<Vec<u8>>,
    },
    /// `bfs`: the queue.
    Queue {
        /// Boards in the queue.
        length: usize,
        /// Up to 32 boards from the front.
        front: Vec<Vec<usize>>,
        /// Queens on the board being expanded.
        level: usize,
    },
    /// `heuristic`: the scored candidates of the current row.
    Scores {
        /// The row.
        row: usize,
        /// `[col, f]`, best first.
        candidates: Vec<[usize; 2]>,
        /// How many have been tried.
        next: usize,
    },
    /// `bitwise`: the masks of each row on the current path.
    Masks {
        /// Top row first.
        rows: Vec<MasksRow>,
        /// Whether the bit strings put column 0 on the right.
        lsb_right: bool,
    },
    /// `dancing-links`: the item lists.
    Items {
        /// Uncovered primary items and their sizes.
        sizes: Vec<(String, usize)>,
        /// Items chosen on the current path.
        chosen: Vec<String>,
    },
    /// Nothing to show beyond the board.
    None,
}

/// One row of [`Structure::Masks`]: numbers (bit i = column i) and the same
/// as binary strings, column 0 first.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{find_algorithm, Event, Replay, Sink, Structure};
///
/// /// Replays the search until it enters row 1.
/// struct UntilRow1(Replay);
///
/// impl Sink for UntilRow1 {
///     fn tracing(&self) -> bool {
///         true
///     }
///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
///         self.0.apply(event);
///         match event {
///             Event::Masks { row: 1, .. } => ControlFlow::Break(()),
///             _ => ControlFlow::Continue(()),
///         }
///     }
/// }
///
/// let mut replay = UntilRow1(Replay::new("bitwise", 4));
/// find_algorithm("bitwise")?.search(4, &mut replay)?;
/// let Structure::Masks { rows, .. } = replay.0.structure() else { unreachable!() };
/// // Row 0 took column 0; the queen attacks columns 0 and 1 of row 1.
/// assert_eq!((rows[0].p, rows[0].p_bits.as_str()), (0b0001, "1000"));
/// assert_eq!((rows[1].cols, rows[1].ld), (0b0001, 0b0010));
/// assert_eq!((rows[1].free, rows[1].free_bits.as_str()), (0b1100, "0011"));
/// assert_eq!(rows[1].ld_bits, "01000"); // n + 1 digits: a shift may pass the edge
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MasksRow {
    /// The row.
    pub row: usize,
    /// Columns taken.
    pub cols: u64,
    /// Diagonals as shifted, unmasked.
    pub ld: u64,
    /// Anti-diagonals.
    pub rd: u64,
    /// The board's columns.
    pub mask: u64,
    /// Free squares left.
    pub free: u64,
    /// The bit taken last in this row, or 0.
    pub p: u64,
    /// `cols` in binary.
    pub cols_bits: String,
    /// `ld` in binary, n + 1 digits.
    pub ld_bits: String,
    /// `rd` in binary.
    pub rd_bits: String,
    /// `mask` in binary.
    pub mask_bits: String,
    /// `free` in binary.
    pub free_bits: String,
    /// `p` in binary.
    pub p_bits: String,
    /// `ld` as the tutorial (seed 004) keeps it, in binary: never masked,
    /// so a queen's diagonal goes on moving one bit per row after it left
    /// the board. At least n digits, more while such bits are set: the
    /// digits past the first n (past column n - 1) are off the board.
    pub ld_tutorial_bits: String,
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
    queue: VecDeque<Vec<usize>>,
    level: usize,
    /// Squares of the row being expanded tested so far.
    tested: usize,
    by_board: HashMap<Vec<usize>, usize>,
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
    // the tree, and for each node whether a board grew from it
    tree: Vec<TreeNode>,
    grew: Vec<bool>,
    /// The most nodes `tree` keeps ([`Replay::with_tree_limit`]).
    tree_limit: usize,
    /// The partial boards made once `tree` was full, each with whether a
    /// board grew from it, kept only while the search can come back to them
    /// (the path to the current node, bfs's queue), so that a long replay
    /// holds no more than the search itself.
    beyond: HashMap<usize, (TreeNode, bool)>,
    /// Nodes made in all, kept or not: the next node's id.
    made: usize,
    at: usize,
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
        let mut by_board = HashMap::new();
        by_board.insert(Vec::new(), 0);
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
            compared: 0,
            bf_path: Vec::new(),
            stack: Vec::new(),
            suspended: false,
            started: false,
            frames: vec![None],
            queue: VecDeque::new(),
            level: 0,
            tested: 0,
            by_board,
            scores: Vec::new(),
            hrow: 0,
            masks: Vec::new(),
            chosen: Vec::new(),
            covered: vec![false; 6 * n.max(1) - 2],
            to_cover: None,
            tree: vec![root],
            grew: vec![false],
            tree_limit: usize::MAX,
            beyond: HashMap::new(),
            made: 1,
            at: 0,
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

    /// Node `id`, kept in the tree or past its limit; `None` once forgotten.
    fn node(&self, id: usize) -> Option<&TreeNode> {
        self.tree
            .get(id)
            .or_else(|| self.beyond.get(&id).map(|(node, _)| node))
    }

    fn node_mut(&mut self, id: usize) -> Option<&mut TreeNode> {
        match self.tree.get_mut(id) {
            Some(node) => Some(node),
            None => self.beyond.get_mut(&id).map(|(node, _)| node),
        }
    }

    /// Whether a board grew from node `id`.
    fn grew_mut(&mut self, id: usize) -> Option<&mut bool> {
        match self.grew.get_mut(id) {
            Some(grew) => Some(grew),
            None => self.beyond.get_mut(&id).map(|(_, grew)| grew),
        }
    }

    /// Forgets node `id` if it is past the tree's limit: the search is done
    /// with it.
    fn forget(&mut self, id: usize) {
        if id >= self.tree.len() {
            self.beyond.remove(&id);
        }
    }

    fn add_node(&mut self, parent: usize, square: Square, mark: TreeMark) -> usize {
        let id = self.made;
        self.made += 1;
        let board = mark != TreeMark::Rejected;
        let node = TreeNode {
            id,
            parent: Some(parent),
            row: Some(square.row),
            col: Some(square.col),
            depth: self.node(parent).map_or(0, |p| p.depth) + usize::from(board),
            mark,
            step: self.steps,
        };
        if let Some(grew) = self.grew_mut(parent) {
            *grew |= board;
        }
        if self.tree.len() < self.tree_limit {
            // Every node so far is kept, so `id` is the next index.
            self.tree.push(node);
            self.grew.push(false);
        } else if mark == TreeMark::Queen {
            // Only a partial board is ever come back to (a rejected
            // square or a bfs solution never is).
            self.beyond.insert(id, (node, false));
        }
        id
    }

    /// Marks `node` a dead end if it is a partial board from which no board
    /// grew; returns whether it was one.
    fn mark_dead_end(&mut self, node: usize) -> bool {
        let n = self.n;
        let grew = self.grew_mut(node).is_some_and(|g| *g);
        match self.node_mut(node) {
            Some(t) if t.mark == TreeMark::Queen && t.depth < n && !grew => {
                t.mark = TreeMark::DeadEnd;
                true
            }
            _ => false,
        }
    }

    /// Leaves the current node upwards; marks it a dead end when no board
    /// grew from it. Returns whether it was one.
    fn leave(&mut self) -> bool {
        let here = self.at;
        let dead = self.mark_dead_end(here);
        self.at = self.node(here).and_then(|t| t.parent).unwrap_or(0);
        self.forget(here);
        dead
    }

    fn bits(&self, mask: u64, width: usize) -> String {
        let s: String = (0..width)
            .map(|c| {
                if c < 64 && mask >> c & 1 == 1 {
                    '1'
                } else {
                    '0'
                }
            })
            .collect();
        if self.lsb_right {
            s.chars().rev().collect()
        } else {
            s
        }
    }

    /// Item `item`'s place in `covered`: rows, columns, diagonals, anti-diagonals.
    fn item_index(&self, item: Item) -> usize {
        let n = self.n;
        item.index
            + match item.kind {
                ItemKind::Row => 0,
                ItemKind::Column => n,
                ItemKind::Diagonal => 2 * n,
                ItemKind::AntiDiagonal => 4 * n - 1,
            }
    }

    fn set_covered(&mut self, items: &[Item], covered: bool) {
        for &item in items {
            let i = self.item_index(item);
            if let Some(slot) = self.covered.get_mut(i) {
                *slot = covered;
            }
        }
    }

    /// The primary items not covered, rows then columns (the item list's
    /// order), each with its options: the squares none of whose four items
    /// is covered.
    fn item_sizes(&self) -> Vec<(Item, usize)> {
        let n = self.n;
        let free = |r: usize, c: usize| {
            ![r, n + c, 2 * n + (r + n - 1 - c), 4 * n - 1 + (r + c)]
                .iter()
                .any(|&i| self.covered[i])
        };
        let rows = (0..n).map(|r| Item {
            kind: ItemKind::Row,
            index: r,
        });
        let cols = (0..n).map(|c| Item {
            kind: ItemKind::Column,
            index: c,
        });
        rows.chain(cols)
            .filter(|&item| !self.covered[self.item_index(item)])
            .map(|item| {
                let options = (0..n)
                    .filter(|&k| match item.kind {
                        ItemKind::Row => free(item.index, k),
                        _ => free(k, item.index),
                    })
                    .count();
                (item, options)
            })
            .collect()
    }

    /// Applies one event and says what it did.
    pub fn apply(&mut self, event: &Event<'_>) -> Step {
        self.steps += 1;
        if let Some(item) = self.to_cover.take() {
            self.set_covered(&[item], true);
        }
        self.shown = None;
        self.mark = None;
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
            node: self.at,
        }
    }

    /// The generator's frames after `event`: a test moves the loop of row
    /// `row`'s frame to `col`, a queen below the last row calls the next
    /// frame, a queen taken off ends the frames below its row.
    fn follow_frames(&mut self, event: &Event<'_>) {
        let (row, col, call) = match *event {
            Event::Check { row, col, .. } | Event::Backtrack { row, col } => (row, col, false),
            Event::Place { row, col } => (row, col, row + 1 < self.n),
            _ => return,
        };
        self.frames.resize(row + 1, None);
        self.frames[row] = Some(col);
        if call {
            self.frames.push(None);
        }
    }

    /// The algorithm-specific words for a queen put down.
    fn place_words(&mut self, row: usize, col: usize) -> String {
        let n = self.n;
        let base = format!("place a queen on ({row}, {col})");
        match self.algorithm {
            "tagged-stack" => format!(
                "{base}: set col[{col}], md[{}], sd[{}]",
                row + n - 1 - col,
                row + col
            ),
            "occupancy" => {
                let below = n - 1 - row;
                let marked: usize = (1..=below)
                    .map(|d| 1 + usize::from(col >= d) + usize::from(col + d < n))
                    .sum();
                format!(
                    "{base}: add 1 to the {} it attacks below",
                    plural(marked as u128, "square", "squares")
                )
            }
            "recursive-board" => format!("{base}: write 1 into board[{row}][{col}]"),
            "recursive" | "stack" => format!("{base}: s[{row}] = {col}"),
            "generator" => format!("{base}: the state grows to {}", {
                let mut s = self.queens();
                s.truncate(row);
                s.push(col);
                tuple(&s)
            }),
            "heuristic" => {
                let (list, k) = self.scores.get(row).cloned().unwrap_or_default();
                let f = list.get(k.saturating_sub(1)).map_or(0, |x| x.1);
                let of = list.len();
                if k <= 1 {
                    format!("{base}: the best candidate, f = {f} (1st of {of})")
                } else {
                    format!(
                        "{base}: fall back to the next best, f = {f} ({} of {of})",
                        ordinal(k)
                    )
                }
            }
            "bitwise" => {
                let width = n;
                let (p, free) = self.masks.last().map_or((0, 0), |m| (m.p, m.free));
                format!(
                    "p = free & -free = {}: column {col}; free -= p leaves {}; {base}",
                    self.bits(p, width),
                    self.bits(free, width)
                )
            }
            _ => base,
        }
    }

    #[allow(clippy::too_many_lines)]
    fn say(&mut self, event: &Event<'_>) -> (String, Option<usize>) {
        let n = self.n;
        let alg = self.algorithm;
        match *event {
            Event::Place { row, col } => {
                if let Some(slot) = self.scores.get_mut(row) {
                    slot.1 += 1;
                }
                self.hrow = row;
                if alg == "bitwise" {
                    if let Some(m) = self.masks.iter_mut().rev().find(|m| m.row == row) {
                        m.p = 1u64 << col;
                        m.free &= !(1u64 << col);
                    }
                    self.masks.truncate(row + 1);
                }
                self.board[row] = Some(col);
                let parent = self.at;
                self.at = self.add_node(parent, Square::new(row, col), TreeMark::Queen);
                self.mark = Some(Mark {
                    row,
                    col,
                    kind: MarkKind::Placed,
                });
                let words = self.place_words(row, col);
                let line = match alg {
                    // `yield (pos,)` in the last row, a call below in the others.
                    "generator" if row + 1 == n => 4,
                    "generator" => 5,
                    _ => lines::place(alg),
                };
                (words, Some(line))
            }
            Event::Reject {
                row,
                col,
                by,
                attack,
            } => {
                if alg == "heuristic" {
                    // Entering the row: its candidates are not scored yet.
                    self.scores.truncate(row);
                    self.hrow = row;
                }
                let parent = self.at;
                self.add_node(parent, Square::new(row, col), TreeMark::Rejected);
                self.mark = Some(Mark {
                    row,
                    col,
                    kind: MarkKind::Rejected,
                });
                let who = format!(
                    "the queen on ({}, {}) attacks it along the {attack}",
                    by.row, by.col
                );
                let says = match alg {
                    "brute-force" => format!(
                        "reject the board: the queens on ({}, {}) and ({row}, {col}) attack each other along the {attack}",
                        by.row, by.col
                    ),
                    "occupancy" => {
                        let count = self.counters()[row][col];
                        format!("reject ({row}, {col}): its counter is {count}, so it is attacked ({who})")
                    }
                    _ => format!("reject ({row}, {col}): {who}"),
                };
                (says, Some(lines::reject(alg)))
            }
            Event::Backtrack { row, col } => {
                self.hrow = row;
                let dead = self.leave();
                let below = row + 1;
                self.board[row] = None;
                if alg == "bitwise" {
                    self.masks.truncate(row + 1);
                }
                self.mark = Some(Mark {
                    row,
                    col,
                    kind: MarkKind::Removed,
                });
                // One wording for taking a queen back, whatever the reason:
                // why, then what it undoes in the algorithm's structure.
                let take = match alg {
                    "tagged-stack" => format!(
                        "take back the queen on ({row}, {col}): clear col[{col}], md[{}], sd[{}]",
                        row + n - 1 - col,
                        row + col
                    ),
                    "occupancy" => format!(
                        "take back the queen on ({row}, {col}): subtract 1 from the squares it attacked"
                    ),
                    "recursive-board" => format!(
                        "take back the queen on ({row}, {col}): write 0 into board[{row}][{col}]"
                    ),
                    _ => format!("take back the queen on ({row}, {col})"),
                };
                let says = if dead {
                    match alg {
                        "dancing-links" => format!("no queen fits any more: back up; {take}"),
                        _ => format!("row {below} has no free square: back up; {take}"),
                    }
                } else if below == n && alg == "generator" {
                    format!("resumed after the solution: {take}")
                } else if below == n {
                    format!("solution reported: {take}")
                } else {
                    format!("row {below} is done: back up; {take}")
                };
                let line = if alg == "generator" && below == n && !dead {
                    // The deepest frame's loop goes on after its yield.
                    2
                } else {
                    lines::backtrack(alg)
                };
                (says, Some(line))
            }
            Event::Check {
                row,
                col,
                reads,
                by,
            } => {
                self.compared = reads;
                self.mark = Some(Mark {
                    row,
                    col,
                    kind: MarkKind::Checked,
                });
                let says = self.check_words(row, col, reads, by);
                (says, Some(lines::check(alg)))
            }
            Event::Candidate { number, columns } => {
                self.candidate = number;
                self.compared = 0;
                for (r, slot) in self.board.iter_mut().enumerate() {
                    *slot = columns.get(r).copied();
                }
                // The tree of the prefixes it enumerates: the candidate's
                // path shares its first rows with the one before (the
                // candidates come in odometer order), the rest is new.
                let keep = self
                    .bf_path
                    .iter()
                    .zip(columns)
                    .take_while(|&(&id, &c)| self.node(id).and_then(|t| t.col) == Some(c))
                    .count();
                for id in self.bf_path.split_off(keep) {
                    // A prefix done with.
                    self.forget(id);
                }
                let mut parent = self.bf_path.last().copied().unwrap_or(0);
                for (r, &c) in columns.iter().enumerate().skip(keep) {
                    parent = self.add_node(parent, Square::new(r, c), TreeMark::Queen);
                    self.bf_path.push(parent);
                }
                self.at = parent;
                (
                    format!(
                        "candidate {number}: test the complete board {}",
                        list(columns)
                    ),
                    Some(0),
                )
            }
            Event::Push { entries } => {
                self.stack.extend_from_slice(entries);
                let words: Vec<String> = entries.iter().copied().map(entry).collect();
                let says = match (alg, entries) {
                    ("tagged-stack", [first, ..]) if first.row == 0 && self.queens().is_empty() => {
                        format!(
                            "push row 0: {} … {}, column 0 on top",
                            words[0],
                            words[words.len() - 1]
                        )
                    }
                    ("tagged-stack", [first, ..]) => format!(
                        "push the {} children of the new queen: {} … {}, column 0 on top",
                        entries.len(),
                        entry(*first),
                        words[words.len() - 1]
                    ),
                    (_, [one]) if one.row == 0 && one.col == 0 && self.steps == 1 => {
                        "push (0, 0): the first square to try".to_string()
                    }
                    (_, [one]) if one.col == 0 => {
                        format!("push {}: the next row's first square", entry(*one))
                    }
                    (_, [one]) => format!("push {}: the square to its right", entry(*one)),
                    (_, [right, down]) => format!(
                        "push {}, where to resume, then {}, the next row's first square (on top)",
                        entry(*right),
                        entry(*down)
                    ),
                    _ => format!("push {}", words.join(" ")),
                };
                let first = self.steps == 1;
                (says, Some(if first { 0 } else { lines::push(alg) }))
            }
            Event::Pop { entry: e } => {
                if let Some(i) = self.stack.iter().rposition(|x| *x == e) {
                    self.stack.remove(i);
                }
                let (says, line) = match e.tag {
                    Some(1) => (format!("pop {}", entry(e)), lines::pop(alg)),
                    Some(_) => (format!("pop {}: attacked", entry(e)), 4),
                    None => (format!("pop {}: try it next", entry(e)), lines::pop(alg)),
                };
                (says, Some(line))
            }
            Event::Tag { row, col } => {
                if let Some(top) = self
                    .stack
                    .iter_mut()
                    .rev()
                    .find(|x| x.row == row && x.col == col)
                {
                    top.tag = Some(1);
                }
                (
                    format!("({row}, {col}) is free: set its tag from 0 to 1, it is now part of the layout"),
                    Some(lines::tag()),
                )
            }
            Event::Resume { row } => {
                self.suspended = false;
                let says = if self.started && row >= n {
                    format!(
                        "next(): the caller asks for another solution; resume just after the yield of {}: its last queen comes off",
                        tuple(&self.queens())
                    )
                } else if self.started {
                    format!(
                        "next(): the caller asks for another solution; resume in row {row} with state {}",
                        tuple(&self.queens())
                    )
                } else {
                    "next(): the caller asks for the first solution; the generator starts with state ()".to_string()
                };
                self.started = true;
                (says, Some(0))
            }
            Event::Yield { columns } => {
                self.suspended = true;
                (
                    format!(
                        "yield {}: hand the board to the caller and suspend, keeping the state",
                        tuple(columns)
                    ),
                    Some(lines::solution(alg)),
                )
            }
            Event::Enqueue { columns } => {
                self.queue.push_back(columns.to_vec());
                self.shown = Some(columns.to_vec());
                let (row, col) = (columns.len() - 1, columns[columns.len() - 1]);
                let parent = self.at;
                let id = self.add_node(parent, Square::new(row, col), TreeMark::Queen);
                self.by_board.insert(columns.to_vec(), id);
                self.mark = Some(Mark {
                    row,
                    col,
                    kind: MarkKind::Placed,
                });
                (
                    format!(
                        "({row}, {col}) is free: enqueue {} at the back; {} in the queue",
                        list(columns),
                        plural(self.queue.len() as u128, "board", "boards")
                    ),
                    Some(lines::push(alg)),
                )
            }
            Event::Dequeue { columns, queued } => {
                // The board before it, if it grew nothing, was a dead end.
                self.mark_dead_end(self.at);
                let before = self.at;
                self.queue.pop_front();
                debug_assert_eq!(self.queue.len(), queued);
                self.level = columns.len();
                for (r, slot) in self.board.iter_mut().enumerate() {
                    *slot = columns.get(r).copied();
                }
                // A board is dequeued once: neither it nor the board
                // expanded before it is come back to.
                self.at = self.by_board.remove(columns).unwrap_or(0);
                self.forget(before);
                (
                    format!(
                        "dequeue {} from the front (level {}): expand row {}; {} left",
                        list(columns),
                        columns.len(),
                        columns.len(),
                        plural(queued as u128, "board", "boards")
                    ),
                    Some(lines::pop(alg)),
                )
            }
            Event::Masks {
                row,
                cols,
                diag,
                anti,
                mask,
                free,
            } => {
                self.masks.truncate(row);
                // The tutorial's ld, from the row above as this replay saw
                // it: `(ld | p) << 1`, never masked.
                let wide = self
                    .masks
                    .last()
                    .filter(|_| row > 0)
                    .map_or(0, |m| (m.wide | u128::from(m.p)) << 1);
                self.masks.push(MaskRow {
                    wide,
                    row,
                    cols,
                    ld: diag,
                    rd: anti,
                    mask,
                    free,
                    p: 0,
                });
                let w = n;
                let says = if row == 0 {
                    format!(
                        "row 0: cols = ld = rd = 0, free = mask = {}",
                        self.bits(mask, w)
                    )
                } else {
                    format!(
                        "row {row}: cols | p = {}, (ld | p) << 1 = {}, (rd | p) >> 1 = {}; free = mask & ~(cols | ld | rd) = {}{}",
                        self.bits(cols, w),
                        self.bits(diag, w + 1),
                        self.bits(anti, w),
                        self.bits(free, w),
                        if free == 0 { ": nothing free" } else { "" }
                    )
                };
                (says, Some(lines::check(alg)))
            }
            Event::Scores { row, scores } => {
                self.scores.truncate(row);
                self.scores.push((scores.to_vec(), 0));
                self.hrow = row;
                let says = if scores.is_empty() {
                    format!("row {row}: no free square to score")
                } else {
                    let list: Vec<String> = scores
                        .iter()
                        .map(|(c, f)| format!("column {c} (f = {f})"))
                        .collect();
                    format!("row {row}: look ahead, best first: {}", list.join(", "))
                };
                (says, Some(lines::check(alg)))
            }
            Event::Choose {
                item,
                options,
                sizes,
            } => {
                self.to_cover = Some(item);
                let depth = self.node(self.at).map_or(0, |t| t.depth);
                self.chosen.truncate(depth);
                self.chosen.push(item);
                let says = if options == 0 {
                    format!("{item} has no options left: a dead end (cover it, then back up)")
                } else {
                    let others = sizes.len().saturating_sub(1);
                    format!(
                        "choose {item}: the fewest options ({options}) of the {} primary items left; cover it",
                        others + 1
                    )
                };
                (says, Some(lines::check(alg)))
            }
            Event::Cover { items, hidden } => {
                self.set_covered(items, true);
                let names: Vec<String> = items.iter().map(Item::to_string).collect();
                (
                    format!(
                        "cover {}: {} hidden",
                        names.join(", "),
                        plural(u128::from(hidden), "option", "options")
                    ),
                    Some(lines::place(alg)),
                )
            }
            Event::Uncover { items, restored } => {
                let names: Vec<String> = items.iter().map(Item::to_string).collect();
                let item_done = items.len() == 1 && self.chosen.last() == items.first();
                if item_done {
                    self.chosen.pop();
                }
                self.set_covered(items, false);
                (
                    format!(
                        "uncover {}: {} back",
                        names.join(", "),
                        plural(u128::from(restored), "option", "options")
                    ),
                    Some(if item_done { 6 } else { 5 }),
                )
            }
            Event::Solution { columns } => {
                self.solutions += 1;
                if alg == "bfs" {
                    self.shown = Some(columns.to_vec());
                    let row = columns.len() - 1;
                    let parent = self.at;
                    self.add_node(parent, Square::new(row, columns[row]), TreeMark::Solution);
                } else {
                    if let Some(t) = self.node_mut(self.at) {
                        t.mark = TreeMark::Solution;
                    }
                }
                (
                    format!("solution {}: {}", self.solutions, list(columns)),
                    Some(lines::solution(alg)),
                )
            }
        }
    }

    fn check_words(&self, row: usize, col: usize, reads: usize, by: Option<Square>) -> String {
        let n = self.n;
        match (self.algorithm, by) {
            ("brute-force", Some(b)) => format!(
                "{} compared: the first conflict is rows {} and {row}",
                plural(reads as u128, "pair", "pairs"),
                b.row
            ),
            ("brute-force", None) => format!(
                "{} compared: no two queens attack each other",
                plural(reads as u128, "pair", "pairs")
            ),
            ("recursive-board", Some(b)) => format!(
                "check(board, ({row}, {col})) reads {}: the 1 at ({}, {}) attacks it",
                plural(reads as u128, "cell", "cells"),
                b.row,
                b.col
            ),
            ("recursive-board", None) => format!(
                "check(board, ({row}, {col})) reads {} (every cell of the {} above): free",
                plural(reads as u128, "cell", "cells"),
                plural(row as u128, "row", "rows")
            ),
            ("recursive", Some(b)) => format!(
                "check ({row}, {col}) against s[0..{row}]: s[{}] = {} {}",
                b.row,
                b.col,
                if b.col == col {
                    format!("== {col}, the same column")
                } else {
                    format!("and |{} - {col}| == {row} - {}, a diagonal", b.col, b.row)
                }
            ),
            ("recursive", None) => format!(
                "check ({row}, {col}) against s[0..{row}]: {} compared, none attacks it",
                plural(reads as u128, "entry", "entries")
            ),
            ("generator", Some(b)) => format!(
                "conflict(state, {col}) in row {row}: |state[{}] - {col}| = {} is in (0, {row} - {}): a conflict",
                b.row,
                b.col.abs_diff(col),
                b.row
            ),
            ("generator", None) if reads == 0 => format!(
                "conflict((), {col}) in row {row}: the state is empty, nothing to compare"
            ),
            ("generator", None) => format!(
                "conflict(state, {col}) in row {row}: no |state[i] - {col}| is in (0, {row} - i) for the {}",
                plural(reads as u128, "entry", "entries")
            ),
            ("tagged-stack", _) => {
                let (m, s) = (row + n - 1 - col, row + col);
                let flags = self.flags();
                let mut parts = vec![format!("col[{col}] = {}", flags.0[col])];
                if reads >= 2 {
                    parts.push(format!("md[{m}] = {}", flags.1[m]));
                }
                if reads >= 3 {
                    parts.push(format!("sd[{s}] = {}", flags.2[s]));
                }
                format!(
                    "top node ({row}, {col}, 0): {}: {}",
                    parts.join(", "),
                    if by.is_some() { "attacked" } else { "free" }
                )
            }
            (_, Some(b)) => format!(
                "check ({row}, {col}): {} read, the queen on ({}, {}) attacks it",
                plural(reads as u128, "entry", "entries"),
                b.row,
                b.col
            ),
            (_, None) => format!(
                "check ({row}, {col}): {} read, free",
                plural(reads as u128, "entry", "entries")
            ),
        }
    }

    /// The flag arrays col, md and sd of the board held.
    fn flags(&self) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        let n = self.n;
        let mut col = vec![0; n];
        let mut md = vec![0; 2 * n - 1];
        let mut sd = vec![0; 2 * n - 1];
        for (r, c) in self.board.iter().enumerate() {
            if let Some(c) = *c {
                col[c] = 1;
                md[r + n - 1 - c] = 1;
                sd[r + c] = 1;
            }
        }
        (col, md, sd)
    }

    /// The attack counters of the board held: queens above attacking each square.
    fn counters(&self) -> Vec<Vec<u8>> {
        let n = self.n;
        let mut grid = vec![vec![0u8; n]; n];
        for (r, c) in self.board.iter().enumerate() {
            let Some(c) = *c else { continue };
            for (below, line) in grid.iter_mut().enumerate().skip(r + 1) {
                let d = below - r;
                line[c] += 1;
                if c >= d {
                    line[c - d] += 1;
                }
                if c + d < n {
                    line[c + d] += 1;
                }
            }
        }
        grid
    }

    fn masks_row(&self, m: &MaskRow) -> MasksRow {
        let w = self.n;
        MasksRow {
            row: m.row,
            cols: m.cols,
            ld: m.ld,
            rd: m.rd,
            mask: m.mask,
            free: m.free,
            p: m.p,
            cols_bits: self.bits(m.cols, w),
            ld_bits: self.bits(m.ld, w + 1),
            rd_bits: self.bits(m.rd, w),
            mask_bits: self.bits(m.mask, w),
            free_bits: self.bits(m.free, w),
            p_bits: self.bits(m.p, w),
            ld_tutorial_bits: self.wide_bits(m.wide),
        }
    }

    /// `bitwise`'s structure for the rows `rows` (row, cols, ld, rd, mask,
    /// free, p, and the tutorial's unmasked ld), written as a replay of `n`
    /// writes it: for the algorithm's own snapshot of its state.
    pub(crate) fn masks_of(n: usize, rows: impl Iterator<Item = ([u64; 7], u128)>) -> Structure {
        let replay = Replay::new("bitwise", n);
        Structure::Masks {
            rows: rows
                .map(|([row, cols, ld, rd, mask, free, p], wide)| {
                    replay.masks_row(&MaskRow {
                        row: row as usize,
                        cols,
                        ld,
                        rd,
                        mask,
                        free,
                        p,
                        wide,
                    })
                })
                .collect(),
            lsb_right: replay.lsb_right,
        }
    }

    /// The tutorial's unmasked `ld` in binary: n digits, more while bits
    /// past the edge are set.
    fn wide_bits(&self, wide: u128) -> String {
        let width = self.n.max(128 - wide.leading_zeros() as usize);
        let s: String = (0..width)
            .map(|c| if wide >> c & 1 == 1 { '1' } else { '0' })
            .collect();
        if self.lsb_right {
            s.chars().rev().collect()
        } else {
            s
        }
    }

    /// The algorithm's structure after the last step, as data.
    pub fn structure(&self) -> Structure {
        let n = self.n;
        // The square the last step checked, if it was a check.
        let checked = self
            .mark
            .filter(|m| m.kind == MarkKind::Checked)
            .map(|m| [m.row, m.col]);
        let square = checked;
        match self.algorithm {
            "brute-force" => Structure::Candidate {
                number: self.candidate,
                columns: self.board.iter().flatten().copied().collect(),
                compared: self.compared,
            },
            "recursive-board" => Structure::Board01 {
                cells: (0..n)
                    .map(|r| (0..n).map(|c| u8::from(self.board[r] == Some(c))).collect())
                    .collect(),
                read: if checked.is_some() { self.compared } else { 0 },
                square,
            },
            "recursive" => Structure::Array {
                s: self.board.clone(),
                compared: if checked.is_some() { self.compared } else { 0 },
                square,
            },
            "stack" => Structure::Stack {
                entries: self.stack.iter().map(|e| [e.row, e.col]).collect(),
            },
            "tagged-stack" => {
                let (col, md, sd) = self.flags();
                Structure::TaggedStack {
                    entries: self
                        .stack
                        .iter()
                        .map(|e| [e.row, e.col, usize::from(e.tag.unwrap_or(0))])
                        .collect(),
                    col,
                    md,
                    sd,
                }
            }
            "generator" => {
                let state = self.queens();
                let tuple = self.suspended.then_some(&state[..]);
                Structure::Generator {
                    frames: GeneratorFrame::chain(n, self.frames.iter().copied(), tuple),
                    state,
                    suspended: self.suspended,
                    compared: if checked.is_some() { self.compared } else { 0 },
                    square,
                }
            }
            "occupancy" => Structure::Counters {
                grid: self.counters(),
            },
            "bfs" => Structure::Queue {
                length: self.queue.len(),
                front: self.queue.iter().take(32).cloned().collect(),
                level: self.level,
            },
            "heuristic" => {
                // The row the search stands in; none scored yet while it is
                // being entered.
                let at = self.hrow;
                let (list, next) = self.scores.get(at).cloned().unwrap_or_default();
                Structure::Scores {
                    row: at,
                    candidates: list.iter().map(|&(c, f)| [c, f]).collect(),
                    next,
                }
            }
            "bitwise" => Structure::Masks {
                rows: self.masks.iter().map(|m| self.masks_row(m)).collect(),
                lsb_right: self.lsb_right,
            },
            "dancing-links" => Structure::Items {
                sizes: self
                    .item_sizes()
                    .iter()
                    .map(|(i, s)| (i.to_string(), *s))
                    .collect(),
                chosen: self.chosen.iter().map(Item::to_string).collect(),
            },
            _ => Structure::None,
        }
    }

    /// The algorithm's structure after the last step, drawn in text the way
    /// a teacher would write it on the board (several lines, no board).
    pub fn structure_text(&self) -> Vec<String> {
        self.describe(self.structure())
    }

    /// `structure` (this replay's [`Replay::structure`]) drawn as
    /// [`Replay::structure_text`] draws it, for a caller that wants both.
    #[allow(clippy::too_many_lines)]
    pub fn describe(&self, structure: Structure) -> Vec<String> {
        let n = self.n;
        let mut out = Vec::new();
        match structure {
            Structure::Candidate {
                number,
                columns,
                compared,
            } => {
                out.push(format!(
                    "candidate {number} of {}: s = {}, {} compared",
                    if n <= 9 {
                        (n as u64).pow(u32::try_from(n).unwrap_or(0)).to_string()
                    } else {
                        "n^n".into()
                    },
                    list(&columns),
                    plural(compared as u128, "pair", "pairs")
                ));
            }
            Structure::Board01 {
                cells,
                read,
                square,
            } => {
                out.push(match square {
                    Some([r, c]) if read > 0 => {
                        format!("the 0/1 board as check(board, ({r}, {c})) reads it: [ ] = a cell read, ? = the square")
                    }
                    Some([r, c]) => format!("the 0/1 board; ? = ({r}, {c}), nothing above it to read"),
                    None => "the 0/1 board".to_string(),
                });
                for (r, line) in cells.iter().enumerate() {
                    let mut s = String::from(" ");
                    for (c, &v) in line.iter().enumerate() {
                        let k = r * n + c;
                        if square == Some([r, c]) {
                            s.push_str(" ? ");
                        } else if k < read && square.is_some() {
                            let _ = write!(s, "[{v}]");
                        } else {
                            let _ = write!(s, " {v} ");
                        }
                    }
                    out.push(s.trim_end().to_string());
                }
            }
            Structure::Array {
                s,
                compared,
                square,
            } => {
                out.push(format!("s = [{}]", blanks(&s)));
                if let Some([row, col]) = square {
                    for (i, c) in s.iter().enumerate().take(compared) {
                        let c = c.unwrap_or(0);
                        let hit = c == col || row - i == c.abs_diff(col);
                        out.push(format!(
                            "  i = {i}: s[{i}] == {col}? {}   |s[{i}] - {col}| = {} == {row} - {i}? {}{}",
                            if c == col { "yes" } else { "no" },
                            c.abs_diff(col),
                            if row - i == c.abs_diff(col) { "yes" } else { "no" },
                            if hit { "  → attacked" } else { "" }
                        ));
                    }
                }
            }
            Structure::Stack { entries } => {
                let e: Vec<String> = entries
                    .iter()
                    .map(|&[r, c]| format!("({r}, {c})"))
                    .collect();
                out.push(format!(
                    "stack (bottom → top, {}): {}",
                    entries.len(),
                    joined(&e, " ", "empty")
                ));
                out.push(format!("s = [{}]", blanks(&self.board)));
            }
            Structure::TaggedStack {
                entries,
                col,
                md,
                sd,
            } => {
                let e: Vec<String> = entries
                    .iter()
                    .map(|&[r, c, t]| format!("({r}, {c}, {t})"))
                    .collect();
                out.push(format!(
                    "stack (bottom → top, {}): {}",
                    entries.len(),
                    joined(&e, " ", "empty")
                ));
                let flags = |f: &[u8]| f.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
                out.push(format!("col = {}", flags(&col)));
                out.push(format!(
                    "md  = {}   (index row - col + {})",
                    flags(&md),
                    n - 1
                ));
                out.push(format!("sd  = {}   (index row + col)", flags(&sd)));
            }
            Structure::Generator {
                state,
                suspended,
                compared,
                square,
                frames,
            } => {
                out.push(format!(
                    "state = {}{}",
                    tuple(&state),
                    if suspended {
                        "   (suspended at yield)"
                    } else {
                        ""
                    }
                ));
                if let Some([row, col]) = square {
                    for (i, s) in state.iter().enumerate().take(compared) {
                        let d = s.abs_diff(col);
                        out.push(format!(
                            "  abs(state[{i}] - {col}) = {d} in (0, {row} - {i})? {}",
                            if d == 0 || d == row - i { "yes" } else { "no" }
                        ));
                    }
                }
                out.extend(super::generator::frame_lines(n, &frames, state.len()));
            }
            Structure::Counters { grid } => {
                out.push(
                    "attack counters (queens above attacking each square; Q = a queen):".into(),
                );
                for (r, line) in grid.iter().enumerate() {
                    let cells: Vec<String> = line
                        .iter()
                        .enumerate()
                        .map(|(c, v)| {
                            if self.board[r] == Some(c) {
                                "Q".to_string()
                            } else {
                                v.to_string()
                            }
                        })
                        .collect();
                    out.push(format!("  {}", cells.join(" ")));
                }
            }
            Structure::Queue {
                length,
                front,
                level,
            } => {
                let shown: Vec<String> = front.iter().take(8).map(|b| list(b)).collect();
                out.push(format!(
                    "queue (front → back, {}): {}{}",
                    plural(length as u128, "board", "boards"),
                    joined(&shown, " ", "empty"),
                    if length > 8 { " …" } else { "" }
                ));
                out.push(format!("expanding a board of level {level}"));
            }
            Structure::Scores {
                row,
                candidates,
                next,
            } => {
                let c: Vec<String> = candidates
                    .iter()
                    .enumerate()
                    .map(|(k, &[c, f])| {
                        let mark = if k + 1 == next {
                            "*"
                        } else if k < next {
                            "✗"
                        } else {
                            ""
                        };
                        format!("{c}:{f}{mark}")
                    })
                    .collect();
                let entering = candidates.is_empty()
                    && self
                        .mark
                        .is_some_and(|m| m.kind == MarkKind::Rejected && m.row == row);
                out.push(if entering {
                    format!("row {row}: testing its squares; the free ones are scored next")
                } else {
                    format!(
                        "row {row} candidates column:f, best first (* trying, ✗ tried): {}",
                        joined(&c, "  ", "none")
                    )
                });
            }
            Structure::Masks { rows, lsb_right } => {
                out.push(format!(
                    "bits are columns, {}; the tutorial's names: cols = k, free = pos, mask = max",
                    if lsb_right {
                        "column 0 (the least significant bit) on the right"
                    } else {
                        "column 0 (the least significant bit) on the left, like the board"
                    }
                ));
                // The tutorial's ld with `|` at the board's edge.
                let edge = |bits: &str| {
                    let past = bits.len().saturating_sub(n);
                    match (past, lsb_right) {
                        (0, _) => bits.to_string(),
                        (_, true) => format!("{}|{}", &bits[..past], &bits[past..]),
                        (_, false) => format!("{}|{}", &bits[..n], &bits[n..]),
                    }
                };
                for m in &rows {
                    out.push(format!(
                        "  row {}: cols/k {}  ld {}  tutorial's ld {}  rd {}  free/pos {}  p {}",
                        m.row,
                        m.cols_bits,
                        m.ld_bits,
                        edge(&m.ld_tutorial_bits),
                        m.rd_bits,
                        m.free_bits,
                        m.p_bits
                    ));
                }
                if rows.iter().any(|m| m.ld_tutorial_bits.len() > n) {
                    out.push(
                        "  the tutorial never masks ld, so a diagonal's bit goes on moving past the board's edge (|); \
                         ours is masked when stored, so only the bit shifted out this row shows (n + 1 digits)"
                            .into(),
                    );
                }
            }
            Structure::Items { sizes, chosen } => {
                let s: Vec<String> = sizes.iter().map(|(i, k)| format!("{i}:{k}")).collect();
                out.push(format!(
                    "primary items uncovered, with their options: {}",
                    joined(&s, " ", "none")
                ));
                out.push(format!(
                    "chosen on this path: {}",
                    joined(&chosen, " → ", "none")
                ));
            }
            Structure::None => {}
        }
        out
    }
}

/// Which line of [`super::pseudocode`] each kind of step executes.
mod lines {
    /// Testing a square (or computing what is free).
    pub fn check(alg: &str) -> usize {
        match alg {
            "brute-force" => 1,
            "heuristic" | "dancing-links" => 2,
            "bitwise" => 1,
            _ => 3,
        }
    }
    pub fn reject(alg: &str) -> usize {
        match alg {
            "brute-force" => 2,
            "tagged-stack" => 4,
            "heuristic" => 1,
            _ => check(alg),
        }
    }
    pub fn place(alg: &str) -> usize {
        match alg {
            "brute-force" => 3,
            "stack" => 5,
            "tagged-stack" => 6,
            "bitwise" => 3,
            _ => 4,
        }
    }
    pub fn backtrack(alg: &str) -> usize {
        match alg {
            "stack" => 2,
            "tagged-stack" => 9,
            "bitwise" => 6,
            "dancing-links" => 5,
            "bfs" | "brute-force" => 0,
            _ => 7,
        }
    }
    pub fn push(alg: &str) -> usize {
        match alg {
            "stack" => 6,
            "tagged-stack" => 7,
            "bfs" => 5,
            _ => 0,
        }
    }
    pub fn pop(alg: &str) -> usize {
        match alg {
            "stack" | "bfs" => 1,
            "tagged-stack" => 9,
            _ => 0,
        }
    }
    pub fn tag() -> usize {
        5
    }
    pub fn solution(alg: &str) -> usize {
        match alg {
            "brute-force" => 4,
            "stack" => 7,
            "tagged-stack" => 8,
            "bfs" => 6,
            "bitwise" => 4,
            "dancing-links" => 1,
            "generator" => 6,
            _ => 5,
        }
    }
}

/// A ready-made tracing [`Sink`](crate::Sink): it asks for events, replays
/// each one ([`Replay::apply`]) and keeps every [`Step`], up to a limit (a
/// search of n = 8 takes thousands of steps; the steps are kept in memory).
///
/// ```
/// use nqueens::{find_algorithm, Trace};
///
/// let mut trace = Trace::new("stack", 4);
/// find_algorithm("stack")?.search(4, &mut trace)?;
/// assert_eq!(trace.steps[0].says, "push (0, 0): the first square to try");
/// assert_eq!(trace.replay.solutions(), 2);
/// assert_eq!(trace.steps.len() as u64, trace.replay.steps());
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Trace {
    /// The search rebuilt so far: board, structure, tree.
    pub replay: Replay,
    /// Every step so far, in words, with its line of pseudocode.
    pub steps: Vec<Step>,
    limit: Option<usize>,
}

impl Trace {
    /// A trace of `algorithm` (its [`super::Algorithm::name`]) on the
    /// `n`×`n` board, keeping every step.
    ///
    /// ```
    /// let trace = nqueens::Trace::new("bitwise", 6);
    /// assert!(trace.steps.is_empty());
    /// assert_eq!(trace.replay.n(), 6);
    /// ```
    pub fn new(algorithm: &'static str, n: usize) -> Self {
        Trace {
            replay: Replay::new(algorithm, n),
            steps: Vec::new(),
            limit: None,
        }
    }

    /// Stops the search after `steps` steps (at least 1).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use nqueens::{find_algorithm, Trace};
    ///
    /// let mut trace = Trace::new("recursive", 8).with_limit(10);
    /// find_algorithm("recursive")?.search(8, &mut trace)?;
    /// assert_eq!(trace.steps.len(), 10);
    /// for step in &trace.steps {
    ///     println!("{}", step.says);
    /// }
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    #[must_use]
    pub fn with_limit(mut self, steps: usize) -> Self {
        self.limit = Some(steps.max(1));
        self
    }
}

impl crate::sink::Sink for Trace {
    fn tracing(&self) -> bool {
        true
    }

    fn event(&mut self, event: &Event<'_>) -> std::ops::ControlFlow<()> {
        self.steps.push(self.replay.apply(event));
        if self.limit.is_some_and(|limit| self.steps.len() >= limit) {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::algorithms;
    use crate::sink::Sink;
    use std::ops::ControlFlow;

    /// Replays a search twice, the tree whole and bounded, step by step.
    struct Both {
        whole: Replay,
        bounded: Replay,
        most_beyond: usize,
        most_queue: usize,
    }

    impl Sink for Both {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
            let a = self.whole.apply(event);
            let b = self.bounded.apply(event);
            assert_eq!(a, b);
            self.most_beyond = self.most_beyond.max(self.bounded.beyond.len());
            self.most_queue = self.most_queue.max(self.bounded.queue.len());
            ControlFlow::Continue(())
        }
    }

    #[test]
    fn a_bounded_tree_words_every_step_alike_and_holds_only_the_path() {
        for a in algorithms() {
            let n = a.max_n().min(6);
            for limit in [1, 7, 50] {
                let mut both = Both {
                    whole: Replay::new(a.name(), n),
                    bounded: Replay::new(a.name(), n).with_tree_limit(limit),
                    most_beyond: 0,
                    most_queue: 0,
                };
                a.search(n, &mut both).unwrap();
                let (whole, bounded) = (&both.whole, &both.bounded);
                assert_eq!(whole.solutions(), bounded.solutions(), "{}", a.name());
                assert_eq!(whole.tree().len(), bounded.nodes_made(), "{}", a.name());
                assert_eq!(bounded.tree().len(), limit.min(whole.tree().len()));
                // The nodes kept are the first ones, marked alike.
                assert_eq!(&whole.tree()[..bounded.tree().len()], bounded.tree());
                // What is kept past the limit is the path (or bfs's queue).
                assert!(
                    both.most_beyond <= n + 1 + both.most_queue,
                    "{} limit {limit}: {} nodes past it",
                    a.name(),
                    both.most_beyond
                );
                // Left at the end: the last node, or brute force's last
                // candidate's path.
                let left = if a.name() == "brute-force" { n } else { 1 };
                assert!(bounded.beyond.len() <= left, "{}", a.name());
                assert!(a.name() != "bfs" || bounded.by_board.is_empty());
            }
        }
    }

    #[test]
    fn the_least_limit_keeps_the_root() {
        let replay = Replay::new("stack", 4).with_tree_limit(0);
        assert_eq!(replay.tree().len(), 1);
        assert_eq!(replay.nodes_made(), 1);
    }
}
