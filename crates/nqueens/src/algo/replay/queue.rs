//! Breadth-first search's queue of partial boards, and the board being
//! expanded. Each queued board is a tree node the search comes back to
//! when it is dequeued (`by_board`).

use super::{joined, lines, list, Mark, MarkKind, Replay, TreeMark};
use crate::board::Square;
use crate::words::plural;

impl Replay {
    /// A child board put at the back of the queue.
    pub(super) fn say_enqueue(&mut self, columns: &[usize]) -> (String, Option<usize>) {
        let alg = self.algorithm;
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

    /// The board at the front taken out to be expanded.
    pub(super) fn say_dequeue(
        &mut self,
        columns: &[usize],
        queued: usize,
    ) -> (String, Option<usize>) {
        let alg = self.algorithm;
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

    /// [`Structure::Queue`](super::Structure::Queue) in text: the front eight boards.
    pub(super) fn describe_queue(
        &self,
        length: usize,
        front: Vec<Vec<usize>>,
        level: usize,
    ) -> Vec<String> {
        let mut out = Vec::new();
        let shown: Vec<String> = front.iter().take(8).map(|b| list(b)).collect();
        out.push(format!(
            "queue (front → back, {}): {}{}",
            plural(length as u128, "board", "boards"),
            joined(&shown, " ", "empty"),
            if length > 8 { " …" } else { "" }
        ));
        out.push(format!("expanding a board of level {level}"));
        out
    }
}
