//! The heuristic's look-ahead: the free squares of each row on the path,
//! scored and sorted best first, and how many of them have been tried.

use super::{joined, lines, MarkKind, Replay};

impl Replay {
    /// Row `row`'s free squares scored, best first.
    pub(super) fn say_scores(
        &mut self,
        row: usize,
        scores: &[(usize, usize)],
    ) -> (String, Option<usize>) {
        let alg = self.algorithm;
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

    /// [`Structure::Scores`](super::Structure::Scores) in text: * trying, ✗ tried.
    pub(super) fn describe_scores(
        &self,
        row: usize,
        candidates: Vec<[usize; 2]>,
        next: usize,
    ) -> Vec<String> {
        let mut out = Vec::new();
        // The last candidate taken is being tried, unless this step takes
        // its queen back: then it is done with, as those before it.
        let taken_back = self
            .mark
            .is_some_and(|m| m.kind == MarkKind::Removed && m.row == row);
        let c: Vec<String> = candidates
            .iter()
            .enumerate()
            .map(|(k, &[c, f])| {
                let mark = if k + 1 == next && !taken_back {
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
        out
    }
}
