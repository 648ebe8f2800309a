//! The steps every algorithm takes on the board: a queen placed, a square
//! checked or rejected, a queen taken back, a solution reported. Each
//! updates the board and the search tree and is worded with the
//! algorithm's own structure in mind (`set col[2], md[3], sd[1]` for the
//! tagged stack, "add 1 to the 9 squares it attacks below" for occupancy).

use super::{lines, list, ordinal, tuple, Mark, MarkKind, Replay, TreeMark};
use crate::board::{Attack, Square};
use crate::words::plural;

impl Replay {
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
            // The last row makes no call with a longer state: its pos is
            // yielded as (pos,), each caller putting its own in front (it
            // said "the state grows to" the whole board, which no frame holds).
            "generator" if row + 1 == n => {
                format!("{base}: the last row, so no deeper call: yield ({col},) next")
            }
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

    /// A queen put down on `(row, col)`.
    pub(super) fn say_place(&mut self, row: usize, col: usize) -> (String, Option<usize>) {
        let n = self.n;
        let alg = self.algorithm;
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

    /// `(row, col)` refused: the queen on `by` attacks it along `attack`.
    pub(super) fn say_reject(
        &mut self,
        row: usize,
        col: usize,
        by: Square,
        attack: Attack,
    ) -> (String, Option<usize>) {
        let alg = self.algorithm;
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

    /// The queen on `(row, col)` taken back.
    pub(super) fn say_backtrack(&mut self, row: usize, col: usize) -> (String, Option<usize>) {
        let n = self.n;
        let alg = self.algorithm;
        self.hrow = row;
        let dead = self.leave();
        let below = row + 1;
        // Dancing links fills the rows in any order: the board was full,
        // or the item chosen below this queen ran out of options.
        let full = self.board.iter().all(Option::is_some);
        let done_item = self.done_item.take();
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
            "recursive-board" => {
                format!("take back the queen on ({row}, {col}): write 0 into board[{row}][{col}]")
            }
            _ => format!("take back the queen on ({row}, {col})"),
        };
        let says = if alg == "dancing-links" {
            match (full, done_item) {
                (true, _) => format!("solution reported: {take}"),
                (false, Some(item)) if dead => format!("{item} has no options: back up; {take}"),
                (false, Some(item)) => {
                    format!("{item} has no options left to try: back up; {take}")
                }
                (false, None) => format!("back up; {take}"),
            }
        } else if dead {
            format!("row {below} has no free square: back up; {take}")
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

    /// `(row, col)` tested, reading `reads` entries; `by` attacks it.
    pub(super) fn say_check(
        &mut self,
        row: usize,
        col: usize,
        reads: usize,
        by: Option<Square>,
    ) -> (String, Option<usize>) {
        let alg = self.algorithm;
        self.compared = reads;
        self.mark = Some(Mark {
            row,
            col,
            kind: MarkKind::Checked,
        });
        let says = self.check_words(row, col, reads, by);
        (says, Some(lines::check(alg)))
    }

    /// A complete board.
    pub(super) fn say_solution(&mut self, columns: &[usize]) -> (String, Option<usize>) {
        let alg = self.algorithm;
        self.solutions += 1;
        if alg == "bfs" {
            self.shown = Some(columns.to_vec());
            let row = columns.len() - 1;
            let parent = self.at;
            // The step shows the solution's own node, as in the other
            // algorithms (it showed the board it was found from).
            let leaf = self.add_node(parent, Square::new(row, columns[row]), TreeMark::Solution);
            self.step_node = Some(leaf);
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
                    // The one test covers both diagonals; the step names
                    // the one that meets, as the reject after it does.
                    let which = b
                        .attack(Square::new(row, col))
                        .map_or_else(|| "a diagonal".to_string(), |a| format!("the {a}"));
                    format!("and |{} - {col}| == {row} - {}: {which}", b.col, b.row)
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
}
