//! The steps of a search, as a learner sees them.
//!
//! Every algorithm sends the same few common steps (place, reject, backtrack,
//! solution) and beside them the steps of its own machinery; this file is the
//! one vocabulary for all of them, so that [`Replay`](crate::algo::Replay), the
//! command line, the JSON trace and the web page read one form. It lives
//! beside the [`Sink`](super::Sink) that receives it, below the algorithms
//! that send it.

use crate::board::{Attack, Square};

/// One entry of an explicit stack: a square, and for `tagged-stack` its tag
/// (0: still to test, 1: its queen stands and is to be taken back).
///
/// # Examples
///
/// The `tagged-stack` search starts by pushing every square of row 0, tagged
/// 0, with column 0 on top:
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{find_algorithm, Event, Sink, StackEntry};
///
/// /// Keeps the entries of the first push and stops the search.
/// struct FirstPush(Vec<StackEntry>);
///
/// impl Sink for FirstPush {
///     fn tracing(&self) -> bool {
///         true
///     }
///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
///         if let Event::Push { entries } = *event {
///             self.0 = entries.to_vec();
///             return ControlFlow::Break(());
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut first = FirstPush(Vec::new());
/// find_algorithm("tagged-stack")?.search(4, &mut first)?;
/// assert_eq!(first.0.len(), 4);
/// assert_eq!(first.0.last(), Some(&StackEntry { row: 0, col: 0, tag: Some(0) }));
/// assert!(first.0.iter().all(|e| e.row == 0 && e.tag == Some(0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StackEntry {
    /// The row.
    pub row: usize,
    /// The column.
    pub col: usize,
    /// The tag, for stacks whose entries carry one.
    pub tag: Option<u8>,
}

/// What a dancing-links item stands for.
///
/// # Examples
///
/// The `dancing-links` search chooses only primary items (rows and
/// columns); the diagonals are covered along with them:
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{find_algorithm, Event, ItemKind, Sink};
///
/// /// The kinds of the items chosen and of the items covered.
/// #[derive(Default)]
/// struct Kinds {
///     chosen: Vec<ItemKind>,
///     covered: Vec<ItemKind>,
/// }
///
/// impl Sink for Kinds {
///     fn tracing(&self) -> bool {
///         true
///     }
///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
///         match *event {
///             Event::Choose { item, .. } => self.chosen.push(item.kind),
///             Event::Cover { items, .. } => self.covered.extend(items.iter().map(|i| i.kind)),
///             _ => {}
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut kinds = Kinds::default();
/// find_algorithm("dancing-links")?.search(4, &mut kinds)?;
/// assert!(kinds.chosen.iter().all(|k| matches!(k, ItemKind::Row | ItemKind::Column)));
/// assert!(kinds.covered.contains(&ItemKind::Diagonal));
/// assert!(kinds.covered.contains(&ItemKind::AntiDiagonal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// A row, which must hold exactly one queen (primary).
    Row,
    /// A column, which must hold exactly one queen (primary).
    Column,
    /// A diagonal `\` (`row - col + n - 1`), at most one queen (secondary).
    Diagonal,
    /// An anti-diagonal `/` (`row + col`), at most one queen (secondary).
    AntiDiagonal,
}

/// One item of the exact cover problem, written `R2`, `C0`, `D5` or `A3`.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{find_algorithm, Event, Item, ItemKind, Sink};
///
/// assert_eq!(Item { kind: ItemKind::Row, index: 2 }.to_string(), "R2");
/// assert_eq!(Item { kind: ItemKind::AntiDiagonal, index: 3 }.to_string(), "A3");
///
/// /// Keeps the first item the search chooses, with its number of options.
/// struct FirstChoice(Option<(Item, usize)>);
///
/// impl Sink for FirstChoice {
///     fn tracing(&self) -> bool {
///         true
///     }
///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
///         if let Event::Choose { item, options, .. } = *event {
///             self.0 = Some((item, options));
///             return ControlFlow::Break(());
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// // Every row and column has n options at first; ties go to row 0.
/// let mut first = FirstChoice(None);
/// find_algorithm("dancing-links")?.search(6, &mut first)?;
/// assert_eq!(first.0, Some((Item { kind: ItemKind::Row, index: 0 }, 6)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Item {
    /// What it stands for.
    pub kind: ItemKind,
    /// Which row, column or diagonal.
    pub index: usize,
}

impl std::fmt::Display for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let letter = match self.kind {
            ItemKind::Row => 'R',
            ItemKind::Column => 'C',
            ItemKind::Diagonal => 'D',
            ItemKind::AntiDiagonal => 'A',
        };
        write!(f, "{letter}{}", self.index)
    }
}

/// One step of a search, for tracing.
///
/// Every algorithm sends the common steps, [`Event::Place`],
/// [`Event::Reject`], [`Event::Backtrack`] and [`Event::Solution`], where it
/// does them, and beside them the steps of its own machinery: the cells a
/// check reads, the stack, the queue, the masks, the look-ahead scores, the
/// exact-cover lists. [`Replay`](crate::Replay) rebuilds the board and that machinery from
/// the events and words each step; replaying them on an empty board
/// reproduces every reported solution.
///
/// As JSON (the format of `nqueens trace --format json` and of the web API)
/// an event is one object tagged by `"event"`, squares as `[row, col]`, stack
/// entries as `[row, col]` or `[row, col, tag]`, attacks by name, items as
/// `"R2"` and masks as numbers (bit i = column i):
///
/// ```
/// use nqueens::{Attack, Event, Square};
///
/// let place = Event::Place { row: 2, col: 4 };
/// assert_eq!(serde_json::to_string(&place)?, r#"{"event":"place","row":2,"col":4}"#);
/// let reject = Event::Reject { row: 1, col: 1, by: Square::new(0, 0), attack: Attack::Diagonal };
/// assert_eq!(
///     serde_json::to_string(&reject)?,
///     r#"{"event":"reject","row":1,"col":1,"by":[0,0],"attack":"diagonal"}"#
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
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
        #[serde(serialize_with = "json::square")]
        by: Square,
        /// How it attacks.
        #[serde(serialize_with = "json::attack")]
        attack: Attack,
    },
    /// The queen on `row`, `col` is taken back off the board.
    Backtrack {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// The conflict check of `row`, `col` read `reads` entries of the
    /// algorithm's structure and found the attacker `by`, or none. What an
    /// entry is depends on the algorithm: cells of the 0/1 board scanned row
    /// by row (`recursive-board`), entries `s[0], s[1], …` of the column
    /// array (`recursive`, `generator`), flags col, md, sd in that order
    /// (`tagged-stack`), pairs of queens compared (`brute-force`, where
    /// `row`, `col` is the later queen of the first attacking pair, or the
    /// last queen when there is none).
    Check {
        /// The row of the square tested.
        row: usize,
        /// The column of the square tested.
        col: usize,
        /// Entries read.
        reads: usize,
        /// The queen found attacking, if any.
        #[serde(serialize_with = "json::maybe_square")]
        by: Option<Square>,
    },
    /// `brute-force`: the `number`th candidate (from 1), a complete board,
    /// replaces the board and is about to be tested.
    Candidate {
        /// Its number in generation order, from 1.
        number: u64,
        /// How many candidates there are in all: n^n column vectors, or n!
        /// permutations.
        of: u64,
        /// The column of each row's queen.
        columns: &'a [usize],
    },
    /// `stack`, `tagged-stack`: entries pushed, the last one on top.
    Push {
        /// The entries, in the order pushed.
        #[serde(serialize_with = "json::entries")]
        entries: &'a [StackEntry],
    },
    /// `stack`, `tagged-stack`: the top entry is popped.
    Pop {
        /// The entry.
        #[serde(serialize_with = "json::entry")]
        entry: StackEntry,
    },
    /// `tagged-stack`: the top node's tag goes from 0 to 1: its square is
    /// free and its queen becomes part of the layout.
    Tag {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// `generator`: the caller asks for the next solution and the suspended
    /// search resumes in `row` (0 on the first call).
    Resume {
        /// The row it resumes in.
        row: usize,
    },
    /// `generator`: a complete board is handed to the caller and the search
    /// suspends, its state kept.
    Yield {
        /// The board yielded.
        columns: &'a [usize],
    },
    /// `bfs`: a child board (its parent plus one queen) joins the back of
    /// the queue.
    Enqueue {
        /// The child's columns.
        columns: &'a [usize],
    },
    /// `bfs`: the board at the front of the queue is taken out to be
    /// expanded; it replaces the board.
    Dequeue {
        /// Its columns.
        columns: &'a [usize],
        /// Boards left in the queue.
        queued: usize,
    },
    /// `bitwise`: the masks on entering `row` (bit i = column i). `diag`
    /// and `anti` are the shifted diagonals as computed, `diag` possibly with
    /// a bit past the board's edge, which `mask` removes.
    Masks {
        /// The row about to be filled.
        row: usize,
        /// Columns taken.
        cols: u64,
        /// Diagonals `\` shifted into this row, `(diag | p) << 1`, unmasked.
        diag: u64,
        /// Anti-diagonals `/` shifted into this row, `(anti | p) >> 1`.
        anti: u64,
        /// The board's n columns, `(1 << n) - 1`.
        mask: u64,
        /// `mask & !(cols | diag | anti)`: the squares still free.
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
    /// `dancing-links`: the primary item with the fewest options is chosen
    /// and covered; `sizes` lists every primary item still uncovered with
    /// its number of options, the chosen one first.
    Choose {
        /// The item chosen.
        #[serde(serialize_with = "json::item")]
        item: Item,
        /// Its options (0: a dead end).
        options: usize,
        /// The uncovered primary items and their sizes, the chosen one first.
        #[serde(serialize_with = "json::sizes")]
        sizes: &'a [(Item, usize)],
    },
    /// `dancing-links`: choosing an option covers its other items, hiding
    /// `hidden` options that shared one of them.
    Cover {
        /// The items covered.
        #[serde(serialize_with = "json::items")]
        items: &'a [Item],
        /// Options taken out of other items' lists.
        hidden: u64,
    },
    /// `dancing-links`: the items are uncovered again, `restored` options
    /// back in their lists.
    Uncover {
        /// The items uncovered.
        #[serde(serialize_with = "json::items")]
        items: &'a [Item],
        /// Options put back.
        restored: u64,
    },
    /// A complete board.
    Solution {
        /// The column of each row's queen.
        columns: &'a [usize],
    },
}

/// How events are written as JSON: squares and stack entries as arrays
/// (`[row, col]`, `[row, col, tag]`), attacks by name, items as `"R2"`.
mod json {
    use super::{Attack, Item, Square, StackEntry};
    use serde::ser::{SerializeSeq, Serializer};

    pub(super) fn square<S: Serializer>(s: &Square, out: S) -> Result<S::Ok, S::Error> {
        out.collect_seq([s.row, s.col])
    }

    pub(super) fn maybe_square<S: Serializer>(
        s: &Option<Square>,
        out: S,
    ) -> Result<S::Ok, S::Error> {
        match s {
            Some(s) => square(s, out),
            None => out.serialize_none(),
        }
    }

    pub(super) fn attack<S: Serializer>(a: &Attack, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(a.name())
    }

    pub(super) fn entry<S: Serializer>(e: &StackEntry, out: S) -> Result<S::Ok, S::Error> {
        let tag = e.tag.map(usize::from);
        let mut seq = out.serialize_seq(Some(2 + usize::from(tag.is_some())))?;
        seq.serialize_element(&e.row)?;
        seq.serialize_element(&e.col)?;
        if let Some(tag) = tag {
            seq.serialize_element(&tag)?;
        }
        seq.end()
    }

    pub(super) fn entries<S: Serializer>(
        entries: &&[StackEntry],
        out: S,
    ) -> Result<S::Ok, S::Error> {
        /// One entry, as [`entry`] writes it.
        struct One(StackEntry);
        impl serde::Serialize for One {
            fn serialize<S: Serializer>(&self, out: S) -> Result<S::Ok, S::Error> {
                entry(&self.0, out)
            }
        }
        out.collect_seq(entries.iter().map(|&e| One(e)))
    }

    pub(super) fn item<S: Serializer>(i: &Item, out: S) -> Result<S::Ok, S::Error> {
        out.collect_str(i)
    }

    pub(super) fn items<S: Serializer>(items: &&[Item], out: S) -> Result<S::Ok, S::Error> {
        out.collect_seq(items.iter().map(ToString::to_string))
    }

    pub(super) fn sizes<S: Serializer>(
        sizes: &&[(Item, usize)],
        out: S,
    ) -> Result<S::Ok, S::Error> {
        out.collect_seq(sizes.iter().map(|(i, k)| (i.to_string(), *k)))
    }
}
