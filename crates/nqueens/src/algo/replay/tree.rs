//! The search tree a trace walks: a node for every queen placed and every
//! square rejected, marked root, queen, rejected, dead end or solution.
//! Past [`Replay::with_tree_limit`] the nodes are kept only while the
//! search can come back to them (its path, bfs's queue).

use serde::Serialize;

use super::Replay;
use crate::board::Square;

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

impl Replay {
    /// Node `id`, kept in the tree or past its limit; `None` once forgotten.
    pub(super) fn node(&self, id: usize) -> Option<&TreeNode> {
        self.tree
            .get(id)
            .or_else(|| self.beyond.get(&id).map(|(node, _)| node))
    }

    pub(super) fn node_mut(&mut self, id: usize) -> Option<&mut TreeNode> {
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
    pub(super) fn forget(&mut self, id: usize) {
        if id >= self.tree.len() {
            self.beyond.remove(&id);
        }
    }

    /// A node for `square` under `parent`; returns its id.
    pub(super) fn add_node(&mut self, parent: usize, square: Square, mark: TreeMark) -> usize {
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
    pub(super) fn mark_dead_end(&mut self, node: usize) -> bool {
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
    pub(super) fn leave(&mut self) -> bool {
        let here = self.at;
        let dead = self.mark_dead_end(here);
        self.at = self.node(here).and_then(|t| t.parent).unwrap_or(0);
        self.forget(here);
        dead
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::algorithms;
    use crate::algo::Event;
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
