//! The algorithms' real state at each step, for the test that holds
//! [`Replay`](super::Replay) to it.
//!
//! Just before it sends an [`Event`](super::Event), an algorithm hands
//! [`record`] its counters as they stand and a closure that builds its real
//! internal state (stack, flags, queue, candidate lists, masks, item sizes)
//! as a [`Structure`]. In test builds the closure is called and both are
//! kept for the test to compare with what `Replay` rebuilt and what
//! [`LiveTally`](super::LiveTally) counted from the events alone; in every other
//! build `record` is an empty inline function and the closure is never
//! called, so the search pays nothing for it.

use super::{Stats, Structure};

#[cfg(test)]
thread_local! {
    /// The snapshot and counters recorded for the event about to be sent.
    static LAST: std::cell::RefCell<Option<(Structure, Stats)>> = const { std::cell::RefCell::new(None) };
}

/// Keeps `stats` and the state `snapshot` builds, in test builds only.
#[inline(always)]
#[allow(clippy::inline_always)]
pub(crate) fn record<F: FnOnce() -> Structure>(stats: Stats, snapshot: F) {
    #[cfg(test)]
    LAST.with(|last| *last.borrow_mut() = Some((snapshot(), stats)));
    #[cfg(not(test))]
    let _ = (stats, snapshot);
}

/// The snapshot and counters recorded since the last call, if any.
#[cfg(test)]
pub(crate) fn take() -> Option<(Structure, Stats)> {
    LAST.with(|last| last.borrow_mut().take())
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::take;
    use crate::algo::{
        algorithms, Counters, Event, LiveTally, Replay, Sink, Structure, TreeMark, TreeNode,
    };
    use crate::board::Square;

    /// Replays every event and holds the replay to the recorded state.
    struct Truth {
        replay: Replay,
        /// The counters rebuilt from the events.
        tally: LiveTally,
        compared: u64,
        /// The `Place` events so far.
        places: u64,
    }

    /// `snapshot` with what only the step's own check says (how far it read,
    /// which square) taken from `replayed`: those come from the event itself.
    fn with_check_of(snapshot: Structure, replayed: &Structure) -> Structure {
        match (snapshot, replayed) {
            (
                Structure::Array { s, .. },
                Structure::Array {
                    compared, square, ..
                },
            ) => Structure::Array {
                s,
                compared: *compared,
                square: *square,
            },
            (Structure::Board01 { cells, .. }, Structure::Board01 { read, square, .. }) => {
                Structure::Board01 {
                    cells,
                    read: *read,
                    square: *square,
                }
            }
            (
                Structure::Generator {
                    state,
                    suspended,
                    frames,
                    ..
                },
                Structure::Generator {
                    compared, square, ..
                },
            ) => Structure::Generator {
                state,
                suspended,
                compared: *compared,
                square: *square,
                frames,
            },
            (snapshot, _) => snapshot,
        }
    }

    impl Sink for Truth {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
            let step = self.replay.apply(event);
            let counted = self.tally.apply(event);
            let (snapshot, stats) = take().unwrap_or_else(|| {
                panic!(
                    "{} n = {} step {}: no state recorded for {event:?}",
                    self.replay.algorithm(),
                    self.replay.n(),
                    self.replay.steps()
                )
            });
            let replayed = self.replay.structure();
            let snapshot = with_check_of(snapshot, &replayed);
            assert_eq!(
                replayed,
                snapshot,
                "{} n = {} step {} ({}): what the trace shows (left) is not the algorithm's state (right)",
                self.replay.algorithm(),
                self.replay.n(),
                self.replay.steps(),
                step.says
            );
            assert_eq!(
                counted,
                Counters::from(&stats),
                "{} n = {} step {} ({}): the counters tallied from the events (left) are not the algorithm's (right)",
                self.replay.algorithm(),
                self.replay.n(),
                self.replay.steps(),
                step.says
            );
            // Where queens go on one at a time (all but brute force's whole
            // boards and bfs's children), a queen counts as placed, and its
            // board as a node, at the step that draws it, not before.
            if let Event::Place { .. } = event {
                self.places += 1;
            }
            if !matches!(self.replay.algorithm(), "brute-force" | "bfs") {
                assert_eq!(
                    (counted.placements, counted.nodes),
                    (self.places, self.places + 1),
                    "{} n = {} step {} ({}): (placements, nodes) against the queens placed so far",
                    self.replay.algorithm(),
                    self.replay.n(),
                    self.replay.steps(),
                    step.says
                );
            }
            // The generator's state is the deepest call's tuple, the pos of
            // each frame above it: never the whole board (the last row's
            // queen is its frame's pos, yielded as `(pos,)`).
            if let Structure::Generator { state, frames, .. } = &replayed {
                let above: Vec<usize> = frames[..frames.len() - 1]
                    .iter()
                    .map(|f| f.pos.unwrap())
                    .collect();
                assert!(state.len() < self.replay.n(), "{state:?}");
                assert_eq!(state, &above, "step {}", self.replay.steps());
            }
            self.compared += 1;
            ControlFlow::Continue(())
        }
    }

    #[test]
    fn every_step_shows_the_algorithms_real_state() {
        // Every algorithm, every step (brute-force over permutations too).
        let permutations = crate::algo::brute_force_permutations();
        for &algorithm in algorithms().iter().chain(permutations.as_ref()) {
            let name = algorithm.name();
            for n in 4..=6 {
                take();
                let mut truth = Truth {
                    replay: Replay::new(algorithm.name(), n),
                    tally: LiveTally::new(algorithm.name(), n),
                    compared: 0,
                    places: 0,
                };
                let stats = algorithm.search(n, &mut truth).unwrap();
                assert_eq!(truth.compared, truth.replay.steps(), "{name} n = {n}");
                // After the last step, the tally is the search's totals.
                assert_eq!(
                    truth.tally.counters(),
                    Counters::from(&stats),
                    "{name} n = {n}: the totals"
                );
                assert!(truth.compared > 0);
            }
        }
    }

    /// Replays a whole search and keeps the solutions it reports.
    struct Tree {
        replay: Replay,
        solutions: Vec<Vec<usize>>,
        /// Each solution step's node, and the solution.
        solution_steps: Vec<(usize, Vec<usize>)>,
    }

    impl Sink for Tree {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
            let step = self.replay.apply(event);
            if let Event::Solution { columns } = event {
                self.solution_steps.push((step.node, columns.to_vec()));
            }
            ControlFlow::Continue(())
        }

        fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
            self.solutions.push(columns.to_vec());
            ControlFlow::Continue(())
        }
    }

    /// The queens of node `id`: its square and its ancestors'.
    fn board_of(tree: &[TreeNode], id: usize) -> Vec<Square> {
        let mut queens = Vec::new();
        let mut at = Some(id);
        while let Some(node) = at.map(|i| &tree[i]) {
            if let (Some(row), Some(col)) = (node.row, node.col) {
                queens.push(Square::new(row, col));
            }
            at = node.parent;
        }
        queens
    }

    /// Whether `square` is free of every queen of `queens`.
    fn free(queens: &[Square], square: Square) -> bool {
        queens
            .iter()
            .all(|&q| q != square && q.attack(square).is_none())
    }

    #[test]
    fn the_tree_marks_dead_ends_and_solutions_as_the_search_found_them() {
        for algorithm in algorithms() {
            let name = algorithm.name();
            for n in 4..=6 {
                let mut tree = Tree {
                    replay: Replay::new(name, n),
                    solutions: Vec::new(),
                    solution_steps: Vec::new(),
                };
                algorithm.search(n, &mut tree).unwrap();
                let nodes = tree.replay.tree();
                // A solution step shows the solution's own node (bfs once
                // showed the board it was found from).
                for (id, columns) in &tree.solution_steps {
                    let node = &nodes[*id];
                    let mut board: Vec<Square> = board_of(nodes, *id);
                    board.sort_unstable();
                    let expected: Vec<Square> = columns
                        .iter()
                        .enumerate()
                        .map(|(r, &c)| Square::new(r, c))
                        .collect();
                    assert_eq!(node.mark, TreeMark::Solution, "{name} n = {n}: {columns:?}");
                    assert_eq!(board, expected, "{name} n = {n}: node {id}");
                }
                assert_eq!(
                    tree.solution_steps.len(),
                    tree.solutions.len(),
                    "{name} n = {n}"
                );
                let mut solutions = Vec::new();
                for node in nodes {
                    let queens = board_of(nodes, node.id);
                    let at = format!(
                        "{name} n = {n}: node {} {queens:?} {:?}",
                        node.id, node.mark
                    );
                    match node.mark {
                        TreeMark::Root | TreeMark::Rejected => continue,
                        TreeMark::Solution => {
                            let mut columns = vec![usize::MAX; n];
                            for q in &queens {
                                columns[q.row] = q.col;
                            }
                            solutions.push(columns);
                            continue;
                        }
                        TreeMark::Queen | TreeMark::DeadEnd => {}
                    }
                    if name == "brute-force" {
                        // A tree of the candidates' prefixes: every complete
                        // board that is not a solution was tested and
                        // rejected, and nothing is a dead end.
                        assert_eq!(node.mark, TreeMark::Queen, "{at}");
                        assert_eq!(queens.len(), node.depth, "{at}");
                        if node.depth == n {
                            let rejected = nodes
                                .iter()
                                .any(|t| t.parent == Some(node.id) && t.mark == TreeMark::Rejected);
                            assert!(rejected, "{at}: a candidate neither solution nor rejected");
                        }
                        continue;
                    }
                    assert_eq!(queens.len(), node.depth, "{at}");
                    assert!(
                        node.depth < n,
                        "{at}: a complete board not marked a solution"
                    );
                    // No next queen fits: for the searches that fill rows in
                    // order, the next row has no free square; for dancing
                    // links, some row or column has none (an item with no
                    // options, chosen first).
                    let row_full = |r: usize| (0..n).all(|c| !free(&queens, Square::new(r, c)));
                    let col_full = |c: usize| (0..n).all(|r| !free(&queens, Square::new(r, c)));
                    let stuck = if name == "dancing-links" {
                        let open_rows = (0..n).filter(|&r| queens.iter().all(|q| q.row != r));
                        let open_cols = (0..n).filter(|&c| queens.iter().all(|q| q.col != c));
                        open_rows.into_iter().any(row_full) || open_cols.into_iter().any(col_full)
                    } else {
                        row_full(node.depth)
                    };
                    assert_eq!(node.mark == TreeMark::DeadEnd, stuck, "{at}: dead end?");
                }
                let mut reported = tree.solutions.clone();
                reported.sort();
                solutions.sort();
                assert_eq!(solutions, reported, "{name} n = {n}: the tree's solutions");
            }
        }
    }

    /// Replays a search and checks why each queen is taken back.
    struct Reasons {
        replay: Replay,
        queens: usize,
        /// The last item uncovered alone (dancing links: an item chosen,
        /// its options all tried).
        uncovered: Option<crate::sink::event::Item>,
        reported: usize,
    }

    impl Sink for Reasons {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
            let full = self.queens == self.replay.n();
            let step = self.replay.apply(event);
            let at = format!(
                "{} n = {} step {}: {}",
                self.replay.algorithm(),
                self.replay.n(),
                self.replay.steps(),
                step.says
            );
            match *event {
                Event::Place { .. } => self.queens += 1,
                Event::Uncover { items: &[item], .. } => self.uncovered = Some(item),
                Event::Backtrack { .. } => {
                    self.queens -= 1;
                    let says_solution = step.says.starts_with("solution reported")
                        || step.says.starts_with("resumed after the solution");
                    assert_eq!(says_solution, full, "{at}: the board was full?");
                    self.reported += usize::from(says_solution);
                    if self.replay.algorithm() == "dancing-links" && !full {
                        let item = self.uncovered.expect("an item uncovered before");
                        assert!(
                            step.says.starts_with(&format!("{item} has no options")),
                            "{at}"
                        );
                    }
                }
                _ => {}
            }
            ControlFlow::Continue(())
        }
    }

    /// A queen taken back says "solution reported" exactly when the board
    /// was full, and dancing links names the item that ran out of options
    /// (it fills rows in any order: it once said "row 5 is done" after a
    /// solution, and "solution reported" with five queens of six).
    #[test]
    fn each_queen_taken_back_says_why_truly() {
        for algorithm in algorithms() {
            let name = algorithm.name();
            if matches!(name, "brute-force" | "bfs") {
                // (Whole candidates, and a queue: no queen taken back.)
                continue;
            }
            for n in 1..=8 {
                let mut reasons = Reasons {
                    replay: Replay::new(name, n),
                    queens: 0,
                    uncovered: None,
                    reported: 0,
                };
                let stats = algorithm.search(n, &mut reasons).unwrap();
                assert_eq!(reasons.queens, 0, "{name} n = {n}");
                assert_eq!(reasons.reported as u64, stats.solutions, "{name} n = {n}");
            }
        }
    }
}
