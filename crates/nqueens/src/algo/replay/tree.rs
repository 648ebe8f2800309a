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

/// A node past the tree's limit, kept while the search may come back to it
/// or to one of its descendants.
#[derive(Debug, Clone)]
pub(super) struct Kept {
    pub(super) node: TreeNode,
    /// Whether a board grew from it.
    pub(super) grew: bool,
    /// Its children that are kept.
    children: usize,
    /// The search is done with it: it goes when its last kept child does.
    done: bool,
}

impl Replay {
    /// Node `id` of the search tree: one of [`Replay::tree`], or one past
    /// the tree's limit that is still kept (on the search's path, in bfs's
    /// queue, or made since [`Replay::keep_new_nodes`]); `None` once the
    /// search is done with it.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use nqueens::{find_algorithm, Event, Replay, Sink, TreeMark};
    ///
    /// /// Replays the first 30 steps, keeping where the last one stands.
    /// struct Replayer(Replay, usize);
    ///
    /// impl Sink for Replayer {
    ///     fn tracing(&self) -> bool {
    ///         true
    ///     }
    ///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
    ///         self.1 = self.0.apply(event).node;
    ///         if self.0.steps() == 30 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    ///     }
    /// }
    ///
    /// // A tree of one node, the root: the rest is kept only while needed.
    /// let mut replayer = Replayer(Replay::new("recursive", 6).with_tree_limit(1), 0);
    /// find_algorithm("recursive")?.search(6, &mut replayer)?;
    /// let replay = &replayer.0;
    /// assert_eq!(replay.tree().len(), 1);
    /// // The node the search stands on, and its path up to the root.
    /// let mut node = replay.node(replayer.1).unwrap();
    /// while let Some(parent) = node.parent {
    ///     node = replay.node(parent).unwrap();
    /// }
    /// assert_eq!(node.mark, TreeMark::Root);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node(&self, id: usize) -> Option<&TreeNode> {
        self.tree
            .get(id)
            .or_else(|| self.beyond.get(&id).map(|kept| &kept.node))
    }

    pub(super) fn node_mut(&mut self, id: usize) -> Option<&mut TreeNode> {
        match self.tree.get_mut(id) {
            Some(node) => Some(node),
            None => self.beyond.get_mut(&id).map(|kept| &mut kept.node),
        }
    }

    /// Whether a board grew from node `id`.
    fn grew_mut(&mut self, id: usize) -> Option<&mut bool> {
        match self.grew.get_mut(id) {
            Some(grew) => Some(grew),
            None => self.beyond.get_mut(&id).map(|kept| &mut kept.grew),
        }
    }

    /// From this step on, every node made is kept, past the tree's limit
    /// too, and none is forgotten: the nodes of a window of steps, with their
    /// ancestors (the path and bfs's queue, kept anyway), while the steps
    /// before it kept only what the search could come back to. The page's
    /// trace pages through a long search this way (`/api/trace` with an
    /// `offset`): its memory grows with the window's steps, not the search's.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use nqueens::{find_algorithm, Event, Replay, Sink, TreeMark};
    ///
    /// /// Replays the events, keeping every node from step `from` on.
    /// struct Window {
    ///     replay: Replay,
    ///     from: u64,
    /// }
    ///
    /// impl Sink for Window {
    ///     fn tracing(&self) -> bool {
    ///         true
    ///     }
    ///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
    ///         if self.replay.steps() == self.from {
    ///             self.replay.keep_new_nodes();
    ///         }
    ///         self.replay.apply(event);
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// let mut window = Window { replay: Replay::new("stack", 6).with_tree_limit(1), from: 500 };
    /// find_algorithm("stack")?.search(6, &mut window)?;
    /// let replay = &window.replay;
    /// // Every node made from step 500 on is there, rejected squares too.
    /// let kept: Vec<_> = (1..replay.nodes_made()).filter_map(|id| replay.node(id)).collect();
    /// assert!(kept.iter().filter(|node| node.step > 500).count() > 100);
    /// assert!(kept.iter().any(|node| node.mark == TreeMark::Rejected));
    /// assert!(kept.iter().all(|node| node.step >= 500 || node.mark != TreeMark::Rejected));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn keep_new_nodes(&mut self) {
        self.keep_new = true;
    }

    /// The search is done with node `id`: if it is past the tree's limit
    /// it is forgotten, once no descendant of it is kept (bfs's queued
    /// boards keep their ancestors), and so are its ancestors that the
    /// search was done with only waiting for it. Nothing is forgotten while
    /// [`Replay::keep_new_nodes`] keeps every node.
    pub(super) fn forget(&mut self, id: usize) {
        if self.keep_new {
            return;
        }
        let mut at = id;
        if let Some(kept) = self.beyond.get_mut(&at) {
            kept.done = true;
        }
        while let Some(kept) = self.beyond.get(&at) {
            if !kept.done || kept.children > 0 {
                break;
            }
            let parent = kept.node.parent;
            self.beyond.remove(&at);
            match parent.and_then(|p| Some((p, self.beyond.get_mut(&p)?))) {
                Some((p, above)) => {
                    above.children -= 1;
                    at = p;
                }
                None => break,
            }
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
        } else if mark != TreeMark::Rejected || self.keep_new {
            // Only a partial board is ever come back to (a rejected square
            // never is), unless every new node is kept; a bfs solution is
            // stood on for its step, and forgotten at the next one
            // (`Replay::apply`), so that the step after it finds the node
            // it leaves.
            if let Some(above) = self.beyond.get_mut(&parent) {
                above.children += 1;
            }
            self.beyond.insert(
                id,
                Kept {
                    node,
                    grew: false,
                    children: 0,
                    done: false,
                },
            );
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
    use crate::sink::event::Event;
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
                // What is kept past the limit is the path (or bfs's queue,
                // and the ancestors of the boards in it).
                assert!(
                    both.most_beyond <= n + 1 + both.most_queue * n,
                    "{} limit {limit}: {} nodes past it",
                    a.name(),
                    both.most_beyond
                );
                // Left at the end: the last node, or the path of brute
                // force's last candidate or of bfs's last board expanded.
                let left = if matches!(a.name(), "brute-force" | "bfs") {
                    n
                } else {
                    1
                };
                assert!(bounded.beyond.len() <= left, "{}", a.name());
                assert!(a.name() != "bfs" || bounded.queue.is_empty());
            }
        }
    }

    /// Replays a search whole, and with the root alone kept until step
    /// `from`, every node from there on.
    struct Window {
        whole: Replay,
        window: Replay,
        from: u64,
        /// The node the last step stood on.
        last: usize,
    }

    impl Sink for Window {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
            if self.window.steps() == self.from {
                self.window.keep_new_nodes();
            }
            let a = self.whole.apply(event);
            let b = self.window.apply(event);
            assert_eq!(a, b);
            if self.window.steps() == self.from.saturating_add(1) {
                // The node the window's first step leaves is there too,
                // made before the window (a bfs solution: it was not).
                let left = self.window.node(self.last);
                assert_eq!(left, self.whole.node(self.last), "node {} left", self.last);
            }
            self.last = b.node;
            if self.window.steps() > self.from {
                // The step's node and every ancestor are there, as the
                // whole tree has them at this step.
                let mut at = Some(b.node);
                while let Some(id) = at {
                    let node = self.window.node(id);
                    assert_eq!(node, self.whole.node(id), "node {id} at step {}", a.node);
                    at = node.and_then(|t| t.parent);
                }
            }
            ControlFlow::Continue(())
        }
    }

    #[test]
    fn a_window_keeps_its_nodes_and_their_ancestors_as_the_whole_tree_has_them() {
        for a in algorithms() {
            let n = a.max_n().min(6);
            for from in [0, 1, 40, 333] {
                let mut w = Window {
                    whole: Replay::new(a.name(), n),
                    window: Replay::new(a.name(), n).with_tree_limit(1),
                    from,
                    last: 0,
                };
                a.search(n, &mut w).unwrap();
                // Every node made in the window is kept, marked alike.
                let whole = w.whole.tree();
                let made: Vec<&TreeNode> = whole.iter().filter(|t| t.step > from).collect();
                assert!(!made.is_empty(), "{} from {from}", a.name());
                for t in made {
                    assert_eq!(w.window.node(t.id), Some(t), "{} from {from}", a.name());
                }
            }
        }
    }

    /// A window may start at any step, a bfs solution's among them (the
    /// node it stands on for that step was once forgotten, and the page
    /// after it lacked the node its first step leaves).
    #[test]
    fn a_window_may_start_at_any_step() {
        for a in algorithms().iter().filter(|a| a.name() != "brute-force") {
            let steps = {
                let mut whole = Window {
                    whole: Replay::new(a.name(), 4),
                    window: Replay::new(a.name(), 4),
                    from: u64::MAX,
                    last: 0,
                };
                a.search(4, &mut whole).unwrap();
                whole.whole.steps()
            };
            for from in 0..steps {
                let mut w = Window {
                    whole: Replay::new(a.name(), 4),
                    window: Replay::new(a.name(), 4).with_tree_limit(1),
                    from,
                    last: 0,
                };
                a.search(4, &mut w).unwrap();
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
