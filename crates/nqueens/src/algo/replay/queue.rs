//! Breadth-first search's queue of partial boards, and the board being
//! expanded. Each queued board is a tree node the search comes back to
//! when it is dequeued.
//!
//! A replay holds bfs's whole queue, as the search does: at step 1,000,000
//! of n = 14 about 245,000 boards, at step 4,000,000 about 740,000. Each is
//! kept as compactly as bfs keeps it, its columns packed four bits each
//! into a word, with its tree node's number beside it (a board leaves the
//! queue in the order it came, so it needs no map from boards to nodes).
//! With the boards as vectors, in the queue and again as keys of such a
//! map, `nqueens trace 14 -a bfs -f json` took 474 MB at step 4,000,000
//! (peak RSS), 363 MB so; most of the rest is the queued boards' tree
//! nodes (see `tree`), which the page shows when a board is dequeued.

use super::{joined, lines, list, Mark, MarkKind, Replay, TreeMark};
use crate::board::Square;
use crate::words::plural;

/// A board in the queue and its tree node.
#[derive(Debug, Clone)]
pub(super) struct Queued {
    columns: Columns,
    node: usize,
}

/// A board's columns: four bits each up to 16 queens (all bfs goes to),
/// else as they are.
#[derive(Debug, Clone)]
enum Columns {
    Packed { bits: u64, len: u8 },
    Wide(Box<[usize]>),
}

impl Queued {
    fn new(columns: &[usize], node: usize) -> Self {
        let columns = if columns.len() <= 16 && columns.iter().all(|&c| c < 16) {
            let bits = columns
                .iter()
                .enumerate()
                .fold(0u64, |bits, (r, &c)| bits | (c as u64) << (4 * r));
            Columns::Packed {
                bits,
                len: columns.len() as u8,
            }
        } else {
            Columns::Wide(columns.into())
        };
        Queued { columns, node }
    }

    /// The board's columns, row 0 first.
    pub(super) fn columns(&self) -> Vec<usize> {
        match &self.columns {
            Columns::Packed { bits, len } => (0..usize::from(*len))
                .map(|r| (bits >> (4 * r) & 15) as usize)
                .collect(),
            Columns::Wide(columns) => columns.to_vec(),
        }
    }
}

impl Replay {
    /// A child board put at the back of the queue.
    pub(super) fn say_enqueue(&mut self, columns: &[usize]) -> (String, Option<usize>) {
        let alg = self.algorithm;
        self.shown = Some(columns.to_vec());
        let (row, col) = (columns.len() - 1, columns[columns.len() - 1]);
        let parent = self.at;
        let id = self.add_node(parent, Square::new(row, col), TreeMark::Queen);
        self.queue.push_back(Queued::new(columns, id));
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
        // The empty board, dequeued first, was never queued by an event:
        // its node is the root.
        let front = self.queue.pop_front();
        debug_assert_eq!(self.queue.len(), queued);
        debug_assert!(front
            .as_ref()
            .is_none_or(|q| q.columns().as_slice() == columns));
        self.level = columns.len();
        for (r, slot) in self.board.iter_mut().enumerate() {
            *slot = columns.get(r).copied();
        }
        // A board is dequeued once: neither it nor the board
        // expanded before it is come back to.
        self.at = front.map_or(0, |q| q.node);
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

#[cfg(test)]
mod tests {
    use super::Queued;

    #[test]
    fn a_queued_board_gives_back_its_columns_packed_or_not() {
        let wide: Vec<usize> = (0..17).rev().collect();
        for columns in [
            vec![],
            vec![0],
            vec![3, 15, 0, 9],
            (0..16).collect(),
            vec![16, 2],
            wide,
        ] {
            let q = Queued::new(&columns, 7);
            assert_eq!((q.columns(), q.node), (columns.clone(), 7), "{columns:?}");
        }
    }
}
