//! [`Structure`]: the algorithm's structure as data, read from the replay
//! after a step, and drawn in text by the file of its kind.

use serde::Serialize;

use super::{queue, MarkKind, MasksRow, Replay};
use crate::algo::generator::GeneratorFrame;
use crate::sink::event::Item;

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
        /// How many candidates there are in all (n^n, or n!).
        of: u64,
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
        /// The deepest call's `state` tuple: the `pos` of every frame above
        /// it (n - 1 at most: the last row's queen is its frame's `pos`).
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

impl Replay {
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
                of: self.candidates,
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
                let queens = self.queens();
                let tuple = self.suspended.then_some(&queens[..]);
                // The deepest call's `state`: the last row's queen is its
                // `pos`, yielded as `(pos,)`, so a state holds n - 1 at most.
                let state = queens[..queens.len().min(n.saturating_sub(1))].to_vec();
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
                front: self
                    .queue
                    .iter()
                    .take(32)
                    .map(queue::Queued::columns)
                    .collect(),
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
    pub fn describe(&self, structure: Structure) -> Vec<String> {
        match structure {
            Structure::Candidate {
                number,
                of,
                columns,
                compared,
            } => self.describe_candidate(number, of, columns, compared),
            Structure::Board01 {
                cells,
                read,
                square,
            } => self.describe_board01(cells, read, square),
            Structure::Array {
                s,
                compared,
                square,
            } => self.describe_array(s, compared, square),
            Structure::Stack { entries } => self.describe_stack(entries),
            Structure::TaggedStack {
                entries,
                col,
                md,
                sd,
            } => self.describe_tagged_stack(entries, col, md, sd),
            Structure::Generator {
                state,
                suspended,
                compared,
                square,
                frames,
            } => self.describe_generator(state, suspended, compared, square, frames),
            Structure::Counters { grid } => self.describe_counters(grid),
            Structure::Queue {
                length,
                front,
                level,
            } => self.describe_queue(length, front, level),
            Structure::Scores {
                row,
                candidates,
                next,
            } => self.describe_scores(row, candidates, next),
            Structure::Masks { rows, lsb_right } => self.describe_masks(rows, lsb_right),
            Structure::Items { sizes, chosen } => self.describe_items(sizes, chosen),
            Structure::None => Vec::new(),
        }
    }
}
