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
//! - tag 0: test its square, up to three flag look-ups. If it is attacked,
//!   pop it. If it is free, place the queen (set the three flags), set the
//!   node's tag to 1 where it stands, then push its n children
//!   `(row + 1, c, 0)` right to left (on the last row there are none: the
//!   board is a solution, and the tag-1 nodes on the stack, read from the
//!   bottom, are its squares).
//! - tag 1: every node above it, its whole subtree, has been explored; clear
//!   its three flags and pop it. That is the backtrack.
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
//! - `reads`: flags read by the checks (col, then md, then sd, stopping at
//!   the first one set: 1 to 3 a square).
//! - `writes`: flags set and cleared (3 each), tags set, and nodes pushed.
//!
//! ## Events
//!
//! [`Event::Push`] of the n children (and of row 0 at the start), then for
//! the node on top: [`Event::Check`] with the flags read, and either
//! [`Event::Reject`] and [`Event::Pop`], or [`Event::Tag`] (0 to 1) and
//! [`Event::Place`]; a tag-1 node on top gives [`Event::Backtrack`] (its flags
//! cleared, the node still on the stack) and then [`Event::Pop`].
//!
//! When tracing, a refused square's [`Event::Reject`] names the queen on the
//! first set flag (column, then diagonal, then anti-diagonal); the flags do not
//! say which queen set them, so it is looked up in the column array.

use std::ops::ControlFlow;

use super::truth::record;
use super::{check_size, emit_solution, Algorithm, Event, Sink, StackEntry, Stats, Structure};
use crate::board::{Attack, Square};
use crate::error::Error;

/// The tagged-stack search; see the docs of `src/algo/tagged_stack.rs`.
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
        // Two copies of the loop: the one that does not trace has no trace
        // code in it at all.
        let _ = if sink.tracing() {
            run::<true>(n, sink, &mut stats)
        } else {
            run::<false>(n, sink, &mut stats)
        };
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

impl Node {
    fn entry(self) -> StackEntry {
        StackEntry {
            row: self.row,
            col: self.col,
            tag: Some(self.tag),
        }
    }
}

/// The n nodes `(row, c, 0)` for c from n - 1 down to 0, so that column 0
/// ends on top; appended to `stack` and, when tracing, sent as one push.
#[allow(clippy::too_many_arguments)]
fn push_row(
    stack: &mut Vec<Node>,
    n: usize,
    row: usize,
    tracing: bool,
    sink: &mut dyn Sink,
    stats: &mut Stats,
    scratch: &mut Vec<StackEntry>,
    flags: [&[bool]; 3],
) -> ControlFlow<()> {
    let from = stack.len();
    stack.extend((0..n).rev().map(|col| Node { row, col, tag: TRY }));
    stats.writes += n as u64;
    stats.peak_frontier = stats.peak_frontier.max(stack.len() as u64);
    if tracing {
        scratch.clear();
        scratch.extend(stack[from..].iter().map(|node| node.entry()));
        record(*stats, || state(stack, flags));
        sink.event(&Event::Push { entries: scratch })?;
    }
    ControlFlow::Continue(())
}

/// The search; `Break` when the sink says stop.
fn run<const TRACING: bool>(n: usize, sink: &mut dyn Sink, stats: &mut Stats) -> ControlFlow<()> {
    let tracing = TRACING;
    let mut columns = vec![0usize; n];
    let mut col_taken = vec![false; n];
    let mut diag_taken = vec![false; 2 * n - 1];
    let mut anti_taken = vec![false; 2 * n - 1];
    // n - 1 rows of pending siblings, their tag-1 parents, and n children.
    let mut stack: Vec<Node> = Vec::with_capacity(n * (n + 1));
    let mut scratch: Vec<StackEntry> = Vec::with_capacity(n);
    let flags: [&[bool]; 3] = [&col_taken, &diag_taken, &anti_taken];
    push_row(&mut stack, n, 0, tracing, sink, stats, &mut scratch, flags)?;
    // The real state, for the replay test.
    macro_rules! snap {
        () => {
            record(*stats, || {
                state(&stack, [&col_taken, &diag_taken, &anti_taken])
            })
        };
    }
    // Work on the top node, as the tutorial does: a tag-0 node is tested and
    // either popped or tagged 1 in place; a tag-1 node is undone and popped.
    while let Some(&top) = stack.last() {
        let Node { row, col, tag } = top;
        let (diag, anti) = (row + n - 1 - col, row + col);
        if tag == PLACED {
            // Take the queen back (clear its flags), then pop its node.
            col_taken[col] = false;
            diag_taken[diag] = false;
            anti_taken[anti] = false;
            stats.writes += 3;
            stats.backtracks += 1;
            if tracing {
                snap!();
                sink.event(&Event::Backtrack { row, col })?;
            }
            stack.pop();
            if tracing {
                snap!();
                sink.event(&Event::Pop {
                    entry: StackEntry {
                        row,
                        col,
                        tag: Some(PLACED),
                    },
                })?;
            }
            continue;
        }
        stats.conflict_tests += 1;
        // The flags are read in the tutorial's order, stopping at the first set.
        let (attack, reads) = if col_taken[col] {
            (Some(Attack::Column), 1)
        } else if diag_taken[diag] {
            (Some(Attack::Diagonal), 2)
        } else if anti_taken[anti] {
            (Some(Attack::AntiDiagonal), 3)
        } else {
            (None, 3)
        };
        stats.reads += reads;
        if let Some(attack) = attack {
            if tracing {
                let by = attacker(&columns[..row], row, col, attack);
                snap!();
                sink.event(&Event::Check {
                    row,
                    col,
                    reads: reads as usize,
                    by: Some(by),
                })?;
                snap!();
                sink.event(&Event::Reject {
                    row,
                    col,
                    by,
                    attack,
                })?;
            }
            stack.pop();
            if tracing {
                snap!();
                sink.event(&Event::Pop {
                    entry: StackEntry {
                        row,
                        col,
                        tag: Some(TRY),
                    },
                })?;
            }
            continue;
        }
        if tracing {
            snap!();
            sink.event(&Event::Check {
                row,
                col,
                reads: reads as usize,
                by: None,
            })?;
        }
        if let Some(top) = stack.last_mut() {
            top.tag = PLACED;
            stats.writes += 1;
        }
        if tracing {
            snap!();
            sink.event(&Event::Tag { row, col })?;
        }
        col_taken[col] = true;
        diag_taken[diag] = true;
        anti_taken[anti] = true;
        columns[row] = col;
        stats.writes += 3;
        stats.placements += 1;
        stats.nodes += 1;
        if tracing {
            snap!();
            sink.event(&Event::Place { row, col })?;
        }
        if row + 1 < n {
            let flags: [&[bool]; 3] = [&col_taken, &diag_taken, &anti_taken];
            push_row(
                &mut stack,
                n,
                row + 1,
                tracing,
                sink,
                stats,
                &mut scratch,
                flags,
            )?;
        } else {
            snap!();
            emit_solution(sink, stats, &columns)?;
        }
    }
    ControlFlow::Continue(())
}

/// The real state, for the replay test: the stack's nodes and the flags.
fn state(stack: &[Node], flags: [&[bool]; 3]) -> Structure {
    let [col, md, sd] = flags.map(|f| f.iter().map(|&b| u8::from(b)).collect::<Vec<u8>>());
    Structure::TaggedStack {
        entries: stack
            .iter()
            .map(|node| [node.row, node.col, usize::from(node.tag)])
            .collect(),
        col,
        md,
        sd,
    }
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
    use crate::sink::Count;

    #[test]
    fn finds_every_solution_in_order() {
        check_algorithm(&TaggedStack, 9);
    }

    /// Flags read by col, md, sd checks over the backtracking tree.
    fn flag_reads(n: usize, s: &mut Vec<usize>) -> u64 {
        let row = s.len();
        let mut total = 0;
        for col in 0..n {
            let same =
                |f: &dyn Fn(usize, usize) -> bool| s.iter().enumerate().any(|(r, &c)| f(r, c));
            let reads = if same(&|_, c| c == col) {
                1
            } else if same(&|r, c| r + col == row + c) {
                2
            } else {
                3
            };
            total += reads;
            let free = !s
                .iter()
                .enumerate()
                .any(|(r, &c)| c == col || row - r == c.abs_diff(col));
            if free && row + 1 < n {
                s.push(col);
                total += flag_reads(n, s);
                s.pop();
            }
        }
        total
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
            // 60 tests read 1 to 3 flags (counted by the oracle below).
            reads: flag_reads(4, &mut Vec::new()),
            // 16 placements set 3 flags and a tag, 16 backtracks clear 3
            // flags, 4 + 14 × 4 nodes pushed (row 0, and the children of the
            // 14 queens off the last row).
            writes: 16 * 4 + 16 * 3 + 4 + 14 * 4,
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
                reads: 0,
                writes: 0,
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
                .filter(|e| e.starts_with("Place") || e.starts_with("Backtrack"))
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
