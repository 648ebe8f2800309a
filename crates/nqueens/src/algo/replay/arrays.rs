//! The plain structures: brute force's candidate (`s`, one column per
//! row, tested whole), recursive-board's 0/1 grid and recursive's column
//! array, with the entries the last check read.

use std::fmt::Write as _;

use super::{blanks, list, Replay, TreeMark};
use crate::board::Square;
use crate::words::plural;

impl Replay {
    /// Brute force's next complete board, in odometer order.
    pub(super) fn say_candidate(
        &mut self,
        number: u64,
        of: u64,
        columns: &[usize],
    ) -> (String, Option<usize>) {
        self.candidate = number;
        self.candidates = of;
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

    /// [`Structure::Candidate`](super::Structure::Candidate) in text.
    pub(super) fn describe_candidate(
        &self,
        number: u64,
        of: u64,
        columns: Vec<usize>,
        compared: usize,
    ) -> Vec<String> {
        let mut out = Vec::new();
        out.push(format!(
            "candidate {number} of {of}: s = {}, {} compared",
            list(&columns),
            plural(compared as u128, "pair", "pairs")
        ));
        out
    }

    /// [`Structure::Board01`](super::Structure::Board01) in text: the cells read in brackets.
    pub(super) fn describe_board01(
        &self,
        cells: Vec<Vec<u8>>,
        read: usize,
        square: Option<[usize; 2]>,
    ) -> Vec<String> {
        let n = self.n;
        let mut out = Vec::new();
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
        out
    }

    /// [`Structure::Array`](super::Structure::Array) in text: each comparison of the check.
    pub(super) fn describe_array(
        &self,
        s: Vec<Option<usize>>,
        compared: usize,
        square: Option<[usize; 2]>,
    ) -> Vec<String> {
        let mut out = Vec::new();
        out.push(format!("s = [{}]", blanks(&s)));
        if let Some([row, col]) = square {
            for (i, c) in s.iter().enumerate().take(compared) {
                let c = c.unwrap_or(0);
                let hit = c == col || row - i == c.abs_diff(col);
                out.push(format!(
                    "  i = {i}: s[{i}] == {col}? {}   |s[{i}] - {col}| = {} == {row} - {i}? {}{}",
                    if c == col { "yes" } else { "no" },
                    c.abs_diff(col),
                    if row - i == c.abs_diff(col) {
                        "yes"
                    } else {
                        "no"
                    },
                    if hit { "  → attacked" } else { "" }
                ));
            }
        }
        out
    }
}
