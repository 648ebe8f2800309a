//! `tagged-stack`: a stack of `(row, col, tag)` nodes and three flag arrays.
//!
//! The iterative depth-first search of the search tree, written the way one
//! turns any recursion into a loop: the stack holds nodes, and each node
//! carries a tag saying whether its work is still to do (tag 0, *not yet
//! placed*) or done and waiting to be undone (tag 1, *placed*). Which squares
//! are attacked is kept in three arrays of flags: the columns, the diagonals
//! `\` (index `row - col + n - 1`) and the anti-diagonals `/` (index
//! `row + col`). The search starts with the n squares of row 0 on the stack,
//! pushed right to left so that column 0 is on top. Popping a node:
//!
//! - tag 0: test its square, three flag look-ups. If it is attacked, drop it.
//!   If it is free, place the queen (set the three flags), push the node back
//!   with tag 1, then push its n children `(row + 1, c, 0)` right to left (on
//!   the last row there are none: the board is a solution and is reported).
//! - tag 1: every node above it, its whole subtree, has been explored; clear
//!   its three flags. That is the backtrack.
//!
//! Since children are pushed right to left and the subtree of a node is
//! finished before its tag-1 entry comes off, squares are tried in the order
//! of the recursive search and the solutions are lexicographic.
//!
//! ## Why it is taught
//!
//! Two classic ideas in one program: the O(1) conflict test by flag arrays
//! (Wirth's `a`, `b`, `c` arrays), and the general way to remove recursion,
//! where a "post-order" entry on the stack stands for the code that runs
//! after the recursive call returns (here, lifting the queen).
//!
//! ## Cost
//!
//! The backtracking tree (n = 8: 2 056 queens placed, 15 720 squares tested),
//! each test O(1). Every placement pushes n + 1 entries, so the stack holds up
//! to about n entries per row of depth, O(n²); memory is that stack plus
//! 5n - 2 flags and the n-entry column array. [`Algorithm::max_n`] is 64, as
//! for the other plain backtrackers: listing all solutions stops being
//! feasible near n = 20, and 64 matches the bitwise search's limit.
//!
//! ## Stats
//!
//! - `nodes`: the empty board plus one per queen placed.
//! - `placements`: queens put on the board (tag-0 nodes found free).
//! - `conflict_tests`: squares tested, one per tag-0 node popped (each a look-up
//!   of up to three flags).
//! - `backtracks`: queens taken off, one per tag-1 node popped; a completed
//!   search takes off every queen it placed.
//! - `peak_frontier`: the largest number of nodes on the stack at once.
//!
//! When tracing, a refused square's [`Event::Reject`] names the queen on the
//! first set flag (column, then diagonal, then anti-diagonal); the flags do not
//! say which queen set them, so it is looked up in the column array.

use std::ops::ControlFlow;

use super::{check_size, emit_solution, Algorithm, Event, Sink, Stats};
use crate::board::{Attack, Square};
use crate::error::Error;

/// The tagged-stack search; see the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub struct TaggedStack;

impl Algorithm for TaggedStack {
    fn name(&self) -> &'static str {
        "tagged-stack"
    }

    fn summary(&self) -> &'static str {
        "a stack of (row, col, tag) nodes, tag 1 undoing a placement; column and diagonal flags"
    }

    fn max_n(&self) -> usize {
        64
    }

    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        check_size(self, n)?;
        let mut stats = Stats {
            nodes: 1,
            ..Stats::default()
        };
        let _ = run(n, sink, &mut stats);
        Ok(stats)
    }
}

/// Tag of a node whose square is still to be tested.
const TRY: u8 = 0;
/// Tag of a node whose queen stands and is to be taken off.
const PLACED: u8 = 1;

/// One entry of the stack.
#[derive(Debug, Clone, Copy)]
struct Node {
    row: usize,
    col: usize,
    tag: u8,
}

/// The search; `Break` when the sink says stop.
fn run(n: usize, sink: &mut dyn Sink, stats: &mut Stats) -> ControlFlow<()> {
    let tracing = sink.tracing();
    let mut columns = vec![0usize; n];
    let mut col_taken = vec![false; n];
    let mut diag_taken = vec![false; 2 * n - 1];
    let mut anti_taken = vec![false; 2 * n - 1];
    // n - 1 rows of pending siblings, their tag-1 parents, and n children.
    let mut stack: Vec<Node> = Vec::with_capacity(n * (n + 1));
    stack.extend((0..n).rev().map(|col| Node {
        row: 0,
        col,
        tag: TRY,
    }));
    stats.peak_frontier = n as u64;
    while let Some(Node { row, col, tag }) = stack.pop() {
        let (diag, anti) = (row + n - 1 - col, row + col);
        if tag == PLACED {
            col_taken[col] = false;
            diag_taken[diag] = false;
            anti_taken[anti] = false;
            stats.backtracks += 1;
            if tracing {
                sink.event(&Event::Backtrack { row, col })?;
            }
            continue;
        }
        stats.conflict_tests += 1;
        let attack = if col_taken[col] {
            Some(Attack::Column)
        } else if diag_taken[diag] {
            Some(Attack::Diagonal)
        } else if anti_taken[anti] {
            Some(Attack::AntiDiagonal)
        } else {
            None
        };
        if let Some(attack) = attack {
            if tracing {
                let by = attacker(&columns[..row], row, col, attack);
                sink.event(&Event::Reject {
                    row,
                    col,
                    by,
                    attack,
                })?;
            }
            continue;
        }
        col_taken[col] = true;
        diag_taken[diag] = true;
        anti_taken[anti] = true;
        columns[row] = col;
        stats.placements += 1;
        stats.nodes += 1;
        stack.push(Node {
            row,
            col,
            tag: PLACED,
        });
        if row + 1 < n {
            stack.extend((0..n).rev().map(|c| Node {
                row: row + 1,
                col: c,
                tag: TRY,
            }));
        }
        stats.peak_frontier = stats.peak_frontier.max(stack.len() as u64);
        if tracing {
            sink.event(&Event::Place { row, col })?;
        }
        if row + 1 == n {
            emit_solution(sink, stats, &columns)?;
        }
    }
    ControlFlow::Continue(())
}

/// The queen among `columns` (rows above `row`) on the line of kind `attack`
/// through `row`, `col`; the flags said there is one.
fn attacker(columns: &[usize], row: usize, col: usize, attack: Attack) -> Square {
    let here = Square::new(row, col);
    columns
        .iter()
        .enumerate()
        .map(|(r, &c)| Square::new(r, c))
        .find(|&by| by.attack(here) == Some(attack))
        .unwrap_or_else(|| unreachable!("no queen on the {attack} through {here:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::recursive::Recursive;
    use crate::algo::testing::{check_algorithm, Recorder};
    use crate::algo::Count;

    #[test]
    fn finds_every_solution_in_order() {
        check_algorithm(&TaggedStack, 9);
    }

    #[test]
    fn four_queens_by_hand() {
        // The recursive search's tree: 60 squares tested, 16 queens. The
        // stack peaks at 12 on placing (2, 1) under (0, 0), (1, 3): row 0's
        // untried (0, 3), (0, 2), (0, 1), the tag-1 nodes of (0, 0) and
        // (1, 3), row 2's untried (2, 3), (2, 2), the tag-1 node of (2, 1) and
        // its 4 children.
        let stats = TaggedStack.search(4, &mut Count::default()).unwrap();
        let expected = Stats {
            nodes: 17,
            placements: 16,
            conflict_tests: 60,
            backtracks: 16,
            solutions: 2,
            peak_frontier: 12,
        };
        assert_eq!(stats, expected);
    }

    #[test]
    fn same_counts_as_the_recursion() {
        for n in 1..=9 {
            let a = TaggedStack.search(n, &mut Count::default()).unwrap();
            let b = Recursive.search(n, &mut Count::default()).unwrap();
            let frontier = |s: Stats| Stats {
                peak_frontier: 0,
                ..s
            };
            assert_eq!(frontier(a), frontier(b), "n = {n}");
        }
    }

    #[test]
    fn same_events_as_the_recursion() {
        // Same squares in the same order. A refusal may name another queen:
        // the recursion names the top-most attacker, the flags the queen on
        // the first set line (column, diagonal, anti-diagonal).
        let keep = |events: &[String]| -> Vec<String> {
            events
                .iter()
                .filter(|e| !e.starts_with("Reject"))
                .cloned()
                .collect()
        };
        for n in 1..=7 {
            let mut a = Recorder::default();
            let mut b = Recorder::default();
            TaggedStack.search(n, &mut a).unwrap();
            Recursive.search(n, &mut b).unwrap();
            assert_eq!(keep(&a.events), keep(&b.events), "n = {n}");
        }
    }
}
