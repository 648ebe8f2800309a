//! `dancing-links`: Knuth's Algorithm X with dancing links, on an exact cover.
//!
//! # N-Queens as an exact cover problem
//!
//! An *exact cover* problem gives a set of *items* and a family of
//! *options*, each option a subset of the items; a solution is a selection of
//! options that contains every item exactly once. N-Queens fits this mould
//! with four kinds of item:
//!
//! - the `n` rows `R0 … R(n-1)` and the `n` columns `C0 … C(n-1)`, which are
//!   **primary** items: each must be covered *exactly once*, since a solution
//!   has one queen in every row and in every column;
//! - the `2n-1` diagonals `D0 … D(2n-2)` (`D(r - c + n - 1)`, running down to
//!   the right, `\`) and the `2n-1` anti-diagonals `A0 … A(2n-2)` (`A(r + c)`,
//!   `/`), which are **secondary** items: each may be covered *at most once*,
//!   because most diagonals of a solution hold no queen at all.
//!
//! Every square `(r, c)` is one option, `{R_r, C_c, D_(r-c+n-1), A_(r+c)}`.
//! Choosing `n` options that hit every row and column once and no diagonal
//! twice is exactly placing `n` non-attacking queens. Secondary items are the
//! generalisation of exact cover that Knuth describes in *The Art of Computer
//! Programming*, Volume 4B, §7.2.2.1 (and as "primary and secondary columns"
//! in the original paper): they are covered when an option that contains
//! them is chosen, but they are never *chosen* to be covered, so the search
//! does not insist that they are.
//!
//! # Dancing links
//!
//! The search is Algorithm X of Donald E. Knuth, "Dancing Links",
//! *Millennial Perspectives in Computer Science* (2000), arXiv `cs/0011047`,
//! in the array-based form of TAOCP §7.2.2.1 (Algorithm X, steps X1–X8).
//! Items live in a doubly linked list (`LLINK`/`RLINK`), the primary ones in
//! the list headed by node 0 and the secondary ones in a list of their own.
//! Every option is a run of four nodes in one big array, each node linked
//! vertically (`ULINK`/`DLINK`) into the list of options that contain its
//! item (`TOP` says which item, `LEN` counts an item's list); a *spacer* node
//! separates consecutive options and links to the first and last node of its
//! neighbours. To *cover* an item is to take it out of the item list and
//! *hide* every option that contains it, that is, unlink the option's other
//! nodes from their items' lists; *uncover* and *unhide* undo this in
//! exactly the reverse order. The trick that gives the method its name is
//! that a node taken out with `DLINK(ULINK(x)) ← DLINK(x)`,
//! `ULINK(DLINK(x)) ← ULINK(x)` still remembers its neighbours, so
//! `DLINK(ULINK(x)) ← x`, `ULINK(DLINK(x)) ← x` puts it back without any
//! search and without any allocation.
//!
//! The search itself does no recursion: `x[l]` holds the option chosen at
//! level `l`, and the steps X2 (enter a level), X3 (choose an item), X4
//! (cover it), X5 (try `x[l]`), X6 (try the next option), X7 (backtrack) and
//! X8 (leave a level) run as a loop over that array. Options are tried in
//! the order of the item's list, which is board order (top row first, then
//! left to right) for the squares still available.
//!
//! # Why the MRV heuristic makes it fast
//!
//! Step X3 chooses the primary item with the fewest remaining options, the
//! "minimum remaining values" (MRV) heuristic. An item of length 0 is a row
//! or a column that no queen can reach any more: the branch dies at once,
//! however many rows are still empty, where a row-by-row search would go on
//! filling rows above it. An item of length 1 is a forced move, made without
//! branching. Branching on the smallest list keeps the search tree narrow
//! near the root, where every saved branch saves a whole subtree; and
//! because covering keeps the lengths up to date, the choice costs only one
//! pass over the at most `2n` primary items still in the list. The price is
//! that rows are filled in no fixed order. Ties go to the first item of the
//! list, and the items are listed rows first, `R0 … R(n-1)`, then columns
//! `C0 … C(n-1)`, so the search is deterministic; it begins with row 0, where
//! every item has `n` options.
//!
//! # Cost
//!
//! Far fewer partial boards than a row-by-row search (n = 8, all solutions:
//! 1 199 against 2 057), because MRV kills dead branches early; but each
//! choice moves many links. Choosing a square covers its row, column and two
//! diagonals and hides every option that shares one of them, and undoing it
//! puts every link back: n = 8 writes 118 848 links and sizes, against 6 527
//! sizes read. Memory is `5n² + 6n` nodes of three `u32` links.
//!
//! # Events, order and what is counted
//!
//! When the sink traces, step X3 sends [`Event::Choose`] with the item
//! chosen, its number of options, and the size of every primary item still
//! uncovered (the reason for the choice); choosing an option sends
//! [`Event::Cover`] with the items it covers and the options that hides,
//! then [`Event::Place`] for its square; undoing it (also after a solution)
//! sends [`Event::Uncover`] and [`Event::Backtrack`]; an item whose options
//! are used up is uncovered ([`Event::Uncover`]); a complete cover sends
//! [`Event::Solution`]. No [`Event::Reject`] is sent:
//! a square that conflicts with a queen is hidden when the queen's items are
//! covered, so the search never looks at it, and no square is ever tested
//! and refused. Rows are filled in MRV order rather than top to bottom, and
//! solutions do not come out in lexicographic order; each is reported as
//! `columns[row]`, the square of the option chosen for each row.
//!
//! [`Stats`] count:
//!
//! - `nodes`: partial solutions visited, that is entries into step X2, the
//!   empty one included (one more than `placements`), each counted at the
//!   [`Event::Place`] that makes it;
//! - `placements`: options chosen (step X5 going down a level), counted at
//!   their [`Event::Place`], after the [`Event::Cover`] of their items, so
//!   that a trace's counters and its board agree;
//! - `conflict_tests`: primary items whose `LEN` was compared in step X3 when
//!   choosing the MRV item (the scan stops early at an item of length 0);
//!   the conflicts themselves are resolved by covering, without tests;
//! - `backtracks`: options undone (step X6), so after a complete search it
//!   equals `placements`;
//! - `solutions`: complete covers reported;
//! - `peak_frontier`: the most entries of the choice array `x` in use at
//!   once, i.e. the deepest level at which an item was chosen, plus one
//!   (`n` whenever the board has a solution);
//! - `reads`: the item sizes compared, as `conflict_tests`;
//! - `writes`: links and sizes written by covering and uncovering: three
//!   for each node hidden or put back, two for each item taken out of or put
//!   back into the item list. This is the dance, and where the time goes.
//!
//! The largest board is n = 64, the limit of the other searches: the
//! structure has `6n - 2` items and `5n² + 6n` nodes with `u32` links (about
//! 250 KiB at n = 64). Counting is hopeless long before that, but thanks to
//! MRV a first solution usually comes after a few hundred nodes (every n
//! from 20 to 56 needs fewer than 40 000, most fewer than 3000); the cost is
//! heavy-tailed, though, and a few sizes (n = 57, n = 64) need around 10⁸
//! nodes, tens of seconds, for their first solution.
//! When the sink says stop the search returns at once, leaving its private
//! structure half covered; it is rebuilt for every search.

use super::truth::record;
use super::{check_size, emit_solution, Algorithm, Event, Item, ItemKind, Sink, Stats, Structure};
use crate::error::Error;

/// Knuth's Algorithm X with dancing links; see the docs of `src/algo/dancing_links.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct DancingLinks;

impl Algorithm for DancingLinks {
    fn name(&self) -> &'static str {
        "dancing-links"
    }

    fn summary(&self) -> &'static str {
        "Knuth's Algorithm X with dancing links: rows and columns exactly once, \
         diagonals at most once, the item with fewest options first"
    }

    fn max_n(&self) -> usize {
        64
    }

    fn lexicographic(&self) -> bool {
        false
    }

    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        check_size(self, n)?;
        let mut links = Links::new(n);
        Ok(links.solve(sink))
    }
}

/// The exact cover structure of TAOCP §7.2.2.1 for the `n`×`n` board.
///
/// Items are numbered from 1: `R_r` is `1 + r`, `C_c` is `1 + n + c`,
/// `D_d` is `1 + 2n + d` and `A_a` is `1 + 2n + (2n - 1) + a`, `6n - 2` in
/// all. Item 0 heads the list of primary items and item `6n - 1` the list of
/// secondary ones. Nodes `1 ..= 6n - 2` are the item headers; node `6n - 1`
/// is the first spacer, and option `k = r·n + c` (square `(r, c)`) has its
/// four nodes `R, C, D, A` at `6n + 5k ..` followed by a spacer.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Links {
    n: usize,
    /// The number of items, `6n - 2`.
    items: u32,
    /// Item list: left neighbour.
    llink: Vec<u32>,
    /// Item list: right neighbour.
    rlink: Vec<u32>,
    /// Options still in each item's list.
    len: Vec<u32>,
    /// The item of each node; 0 for spacers (and unused for headers).
    top: Vec<u32>,
    /// The node above; for a spacer, the first node of the option before it.
    ulink: Vec<u32>,
    /// The node below; for a spacer, the last node of the option after it.
    dlink: Vec<u32>,
    /// Items taken out of or put back into the item list so far.
    items_moved: u64,
    /// Options hidden and unhidden so far.
    hidden: u64,
    restored: u64,
    /// `items_moved`, `hidden` and `restored` when the search under way
    /// began: its own work is counted from there.
    start: (u64, u64, u64),
}

/// Where the loop of Algorithm X goes next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// X2, then X3 and X4: enter level `l`, choose and cover an item.
    Enter,
    /// X5 (and X7 when the item's options are exhausted).
    Try,
    /// X6: undo `x[l]` and go on to the next option.
    Again,
    /// X8: leave level `l`.
    Leave,
}

/// Nodes per option: one per item it covers.
const PER_OPTION: usize = 4;

impl Links {
    /// Builds the structure: every item, every option, all linked.
    fn new(n: usize) -> Self {
        let items = 6 * n - 2;
        let primary = 2 * n;
        let first_option = items + 2;
        let nodes = first_option + (PER_OPTION + 1) * n * n;
        let to = |x: usize| u32::try_from(x).expect("the node count fits in u32 for n ≤ 64");
        let mut links = Links {
            n,
            items: to(items),
            llink: vec![0; items + 2],
            rlink: vec![0; items + 2],
            len: vec![0; items + 1],
            top: vec![0; nodes],
            ulink: vec![0; nodes],
            dlink: vec![0; nodes],
            items_moved: 0,
            hidden: 0,
            restored: 0,
            start: (0, 0, 0),
        };
        // Two circular item lists: 0, R…, C… and items + 1, D…, A….
        for (head, range) in [(0, 1..=primary), (items + 1, primary + 1..=items)] {
            let mut prev = head;
            for i in range {
                links.llink[i] = to(prev);
                links.rlink[prev] = to(i);
                prev = i;
            }
            links.rlink[prev] = to(head);
            links.llink[head] = to(prev);
        }
        // Every header starts as an empty circular list.
        for i in 1..=items {
            links.ulink[i] = to(i);
            links.dlink[i] = to(i);
        }
        // The options in board order, each after a spacer.
        let mut x = items + 1;
        let mut prev_first = 0;
        for r in 0..n {
            for c in 0..n {
                let spacer = x;
                let its = [
                    1 + r,
                    1 + n + c,
                    1 + 2 * n + (r + n - 1 - c),
                    1 + 2 * n + (2 * n - 1) + (r + c),
                ];
                for (k, &item) in its.iter().enumerate() {
                    let node = spacer + 1 + k;
                    let last = links.ulink[item] as usize;
                    links.top[node] = to(item);
                    links.ulink[node] = to(last);
                    links.dlink[node] = to(item);
                    links.dlink[last] = to(node);
                    links.ulink[item] = to(node);
                    links.len[item] += 1;
                }
                links.ulink[spacer] = to(prev_first);
                links.dlink[spacer] = to(spacer + PER_OPTION);
                prev_first = spacer + 1;
                x = spacer + PER_OPTION + 1;
            }
        }
        // The final spacer: its option before, nothing after.
        links.ulink[x] = to(prev_first);
        links.dlink[x] = 0;
        debug_assert_eq!(x + 1, nodes);
        links
    }

    /// The square of option node `x`.
    fn square(&self, x: u32) -> (usize, usize) {
        let k = (x as usize - (self.items as usize + 2)) / (PER_OPTION + 1);
        (k / self.n, k % self.n)
    }

    /// The item numbered `i`, by what it stands for.
    fn item(&self, i: u32) -> Item {
        let n = self.n;
        let i = i as usize - 1;
        let (kind, index) = if i < n {
            (ItemKind::Row, i)
        } else if i < 2 * n {
            (ItemKind::Column, i - n)
        } else if i < 4 * n - 1 {
            (ItemKind::Diagonal, i - 2 * n)
        } else {
            (ItemKind::AntiDiagonal, i - (4 * n - 1))
        };
        Item { kind, index }
    }

    /// The items of the option containing node `xl`, other than `xl`'s own,
    /// in the order [`Links::commit`] covers them.
    fn others(&self, xl: u32, into: &mut Vec<Item>) {
        into.clear();
        let mut p = xl + 1;
        while p != xl {
            let j = self.top[p as usize];
            if j == 0 {
                p = self.ulink[p as usize];
            } else {
                into.push(self.item(j));
                p += 1;
            }
        }
    }

    /// The primary items still uncovered with their sizes, `first` first.
    fn sizes(&self, first: u32, into: &mut Vec<(Item, usize)>) {
        into.clear();
        into.push((self.item(first), self.len[first as usize] as usize));
        let mut p = self.rlink[0];
        while p != 0 {
            if p != first {
                into.push((self.item(p), self.len[p as usize] as usize));
            }
            p = self.rlink[p as usize];
        }
    }

    /// The real state, for the replay test: every primary item still in the
    /// list with its `LEN`, in list order, and the items chosen at the first
    /// `levels` levels (then `extra`, an item chosen and not yet covered).
    fn state(&self, x: &[u32], levels: usize, extra: Option<u32>) -> Structure {
        let mut sizes = Vec::new();
        let mut p = self.rlink[0];
        while p != 0 {
            sizes.push((self.item(p).to_string(), self.len[p as usize] as usize));
            p = self.rlink[p as usize];
        }
        let chosen = x[..levels]
            .iter()
            .map(|&xl| self.top[xl as usize])
            .chain(extra)
            .map(|i| self.item(i).to_string())
            .collect();
        Structure::Items { sizes, chosen }
    }

    /// Unlinks the other nodes of the option containing `p` from their items.
    fn hide(&mut self, p: u32) {
        self.hidden += 1;
        let mut q = p + 1;
        while q != p {
            let (x, u, d) = self.node(q);
            if x == 0 {
                q = u; // a spacer: back to the first node of this option
            } else {
                self.dlink[u as usize] = d;
                self.ulink[d as usize] = u;
                self.len[x as usize] -= 1;
                q += 1;
            }
        }
    }

    /// Undoes [`Links::hide`], in the reverse order.
    fn unhide(&mut self, p: u32) {
        self.restored += 1;
        let mut q = p - 1;
        while q != p {
            let (x, u, d) = self.node(q);
            if x == 0 {
                q = d; // a spacer: on to the last node of this option
            } else {
                self.dlink[u as usize] = q;
                self.ulink[d as usize] = q;
                self.len[x as usize] += 1;
                q -= 1;
            }
        }
    }

    /// `TOP`, `ULINK` and `DLINK` of node `q`.
    #[inline]
    fn node(&self, q: u32) -> (u32, u32, u32) {
        let q = q as usize;
        (self.top[q], self.ulink[q], self.dlink[q])
    }

    /// Takes item `i` out of its list and hides every option containing it.
    fn cover(&mut self, i: u32) {
        let mut p = self.dlink[i as usize];
        while p != i {
            self.hide(p);
            p = self.dlink[p as usize];
        }
        let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
        self.items_moved += 1;
    }

    /// Undoes [`Links::cover`], in the reverse order.
    fn uncover(&mut self, i: u32) {
        let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
        self.rlink[l as usize] = i;
        self.llink[r as usize] = i;
        self.items_moved += 1;
        let mut p = self.ulink[i as usize];
        while p != i {
            self.unhide(p);
            p = self.ulink[p as usize];
        }
    }

    /// Covers the items of option `xl` other than the one `xl` is in (X5).
    fn commit(&mut self, xl: u32) {
        let mut p = xl + 1;
        while p != xl {
            let j = self.top[p as usize];
            if j == 0 {
                p = self.ulink[p as usize];
            } else {
                self.cover(j);
                p += 1;
            }
        }
    }

    /// Undoes [`Links::commit`], in the reverse order (X6).
    fn uncommit(&mut self, xl: u32) {
        let mut p = xl - 1;
        while p != xl {
            let j = self.top[p as usize];
            if j == 0 {
                p = self.dlink[p as usize];
            } else {
                self.uncover(j);
                p -= 1;
            }
        }
    }

    /// Algorithm X, steps X1–X8, as a loop; returns the counters.
    ///
    /// After a complete search every link is back where [`Links::new`] put
    /// it; after a `Break` from the sink the structure is left as it was.
    fn solve(&mut self, sink: &mut dyn Sink) -> Stats {
        self.start = (self.items_moved, self.hidden, self.restored);
        let stats = self.dance(sink);
        self.counted(stats)
    }

    /// `stats` with `reads` and `writes` filled in from the structure's own
    /// counts since the search began. Items
    /// taken out of and put back into the item list cost two links each;
    /// every option hidden or put back rewrites two links and a size for
    /// each of its other three nodes.
    fn counted(&self, stats: Stats) -> Stats {
        let (items, hidden, restored) = self.start;
        let items = self.items_moved - items;
        let options = (self.hidden - hidden) + (self.restored - restored);
        Stats {
            reads: stats.conflict_tests,
            writes: 2 * items + 3 * (PER_OPTION as u64 - 1) * options,
            ..stats
        }
    }

    /// The loop of [`Links::solve`]; `reads` and `writes` are filled in by it.
    fn dance(&mut self, sink: &mut dyn Sink) -> Stats {
        let n = self.n;
        let tracing = sink.tracing();
        // The empty board is the first node; each later one is counted when
        // its option is placed, so that the counters a trace shows agree
        // with the board it draws (the queen comes at the `Place` step).
        let mut stats = Stats {
            nodes: 1,
            ..Stats::default()
        };
        // X1: x[l] is the node chosen at level l; each level fills one row.
        let mut x = vec![0u32; n];
        let mut columns = vec![0usize; n];
        let mut l = 0usize;
        let mut i = 0u32;
        let mut step = Step::Enter;
        // For the events: the items of an option, and the sizes of the list.
        let mut items: Vec<Item> = Vec::with_capacity(3);
        let mut sizes: Vec<(Item, usize)> = Vec::new();
        loop {
            match step {
                Step::Enter => {
                    // X2: every primary item covered is a solution.
                    if self.rlink[0] == 0 {
                        record(self.counted(stats), || self.state(&x, l, None));
                        if emit_solution(sink, &mut stats, &columns).is_break() {
                            return stats;
                        }
                        step = Step::Leave;
                        continue;
                    }
                    // X3: the primary item with the fewest options, the first
                    // such in the list (rows before columns).
                    let mut best = u32::MAX;
                    let mut p = self.rlink[0];
                    while p != 0 {
                        stats.conflict_tests += 1;
                        let len = self.len[p as usize];
                        if len < best {
                            best = len;
                            i = p;
                            if len == 0 {
                                break;
                            }
                        }
                        p = self.rlink[p as usize];
                    }
                    if tracing {
                        record(self.counted(stats), || self.state(&x, l, Some(i)));
                        self.sizes(i, &mut sizes);
                        let e = Event::Choose {
                            item: self.item(i),
                            options: best as usize,
                            sizes: &sizes,
                        };
                        if sink.event(&e).is_break() {
                            return stats;
                        }
                    }
                    // X4: cover it and start with its first option.
                    self.cover(i);
                    x[l] = self.dlink[i as usize];
                    stats.peak_frontier = stats.peak_frontier.max(l as u64 + 1);
                    step = Step::Try;
                }
                Step::Try => {
                    // X5: try x[l], or X7 when i's options are exhausted.
                    let xl = x[l];
                    if xl == i {
                        let before = self.restored;
                        self.uncover(i);
                        if tracing {
                            record(self.counted(stats), || self.state(&x, l, None));
                            let e = Event::Uncover {
                                items: &[self.item(i)],
                                restored: self.restored - before,
                            };
                            if sink.event(&e).is_break() {
                                return stats;
                            }
                        }
                        step = Step::Leave;
                        continue;
                    }
                    let before = self.hidden;
                    self.commit(xl);
                    let (row, col) = self.square(xl);
                    columns[row] = col;
                    if tracing {
                        record(self.counted(stats), || self.state(&x[..=l], l + 1, None));
                        self.others(xl, &mut items);
                        let e = Event::Cover {
                            items: &items,
                            hidden: self.hidden - before,
                        };
                        if sink.event(&e).is_break() {
                            return stats;
                        }
                    }
                    // The queen and the node it makes count from its `Place`.
                    stats.placements += 1;
                    stats.nodes += 1;
                    if tracing {
                        record(self.counted(stats), || self.state(&x[..=l], l + 1, None));
                        if sink.event(&Event::Place { row, col }).is_break() {
                            return stats;
                        }
                    }
                    l += 1;
                    step = Step::Enter;
                }
                Step::Again => {
                    // X6: undo x[l], then try the next option of its item.
                    let xl = x[l];
                    let before = self.restored;
                    self.uncommit(xl);
                    stats.backtracks += 1;
                    if tracing {
                        record(self.counted(stats), || self.state(&x, l + 1, None));
                        self.others(xl, &mut items);
                        let e = Event::Uncover {
                            items: &items,
                            restored: self.restored - before,
                        };
                        let (row, col) = self.square(xl);
                        if sink.event(&e).is_break() {
                            return stats;
                        }
                        record(self.counted(stats), || self.state(&x, l + 1, None));
                        if sink.event(&Event::Backtrack { row, col }).is_break() {
                            return stats;
                        }
                    }
                    i = self.top[xl as usize];
                    x[l] = self.dlink[xl as usize];
                    step = Step::Try;
                }
                Step::Leave => {
                    // X8.
                    if l == 0 {
                        return stats;
                    }
                    l -= 1;
                    step = Step::Again;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;
    use crate::algo::bitwise::Bitwise;
    use crate::algo::testing::{check_algorithm, Recorder};
    use crate::sink::{Collect, Count};

    #[test]
    fn finds_every_solution() {
        check_algorithm(&DancingLinks, 9);
    }

    #[test]
    fn counts_match_the_known_totals() {
        for n in 10..=11 {
            let mut count = Count::default();
            let stats = DancingLinks.search(n, &mut count).unwrap();
            assert_eq!(Some(count.total), crate::known::total(n), "n = {n}");
            assert_eq!(u128::from(stats.solutions), count.total);
            assert_eq!(stats.placements, stats.backtracks);
            assert_eq!(stats.nodes, stats.placements + 1);
        }
    }

    #[test]
    fn the_structure_is_laid_out_as_documented() {
        let links = Links::new(4);
        assert_eq!(links.items, 22);
        // Every row and column has n options, the diagonals 1..n..1.
        let len = &links.len[1..];
        assert_eq!(&len[..8], &[4; 8]);
        assert_eq!(&len[8..15], &[1, 2, 3, 4, 3, 2, 1]);
        assert_eq!(&len[15..], &[1, 2, 3, 4, 3, 2, 1]);
        // The primary list is R0..R3, C0..C3 and nothing else.
        let mut order = Vec::new();
        let mut p = links.rlink[0];
        while p != 0 {
            order.push(p);
            p = links.rlink[p as usize];
        }
        assert_eq!(order, (1..=8).collect::<Vec<u32>>());
        // Option (2, 1): its four nodes and their items.
        let first = links.items + 2 + 5 * (2 * 4 + 1);
        assert_eq!(links.square(first), (2, 1));
        assert_eq!(links.square(first + 3), (2, 1));
        let tops: Vec<u32> = (first..first + 4).map(|x| links.top[x as usize]).collect();
        assert_eq!(tops, vec![1 + 2, 1 + 4 + 1, 1 + 8 + 4, 1 + 8 + 7 + 3]);
        assert_eq!(links.top[first as usize + 4], 0, "spacer");
    }

    #[test]
    fn the_structure_is_restored_after_a_search() {
        for n in 1..=8 {
            let fresh = Links::new(n);
            let mut links = fresh.clone();
            // The links, without the work counters.
            let links_of = |l: &Links| Links {
                items_moved: 0,
                hidden: 0,
                restored: 0,
                start: (0, 0, 0),
                ..l.clone()
            };
            let first = links.solve(&mut Count::default());
            assert_eq!(links_of(&links), fresh, "n = {n}: links restored");
            let second = links.solve(&mut Count::default());
            assert_eq!(first, second, "n = {n}: same stats on the reused structure");
            assert_eq!(links_of(&links), fresh);
            // Every option hidden was put back.
            assert_eq!(links.hidden, links.restored);
        }
    }

    #[test]
    fn eight_queens_stats_and_mrv_against_bitwise() {
        // These numbers were checked against an independent, naive model of
        // Algorithm X (sets instead of links, the same MRV rule and order).
        let stats = DancingLinks.search(8, &mut Count::default()).unwrap();
        assert_eq!(
            stats,
            Stats {
                nodes: 1_199,
                placements: 1_198,
                conflict_tests: 6_527,
                backtracks: 1_198,
                solutions: 92,
                peak_frontier: 8,
                reads: 6_527,
                writes: 118_848,
            }
        );
        // MRV visits far fewer partial boards than row-by-row search
        // (bitwise: 2057 nodes, 2056 placements).
        let bitwise = Bitwise.search(8, &mut Count::default()).unwrap();
        assert_eq!(bitwise.solutions, 92);
        assert_eq!(bitwise.nodes, 2_057);
        assert!(
            stats.nodes < bitwise.nodes,
            "{} vs {}",
            stats.nodes,
            bitwise.nodes
        );
    }

    #[test]
    fn four_queens_walkthrough() {
        // Row 0 first (all items tie at 4 options); (0, 0) leaves every row
        // and column with 2 options and the search goes on in row 1.
        let mut rec = Recorder::default();
        DancingLinks.search(4, &mut rec).unwrap();
        let places: Vec<&String> = rec
            .events
            .iter()
            .filter(|e| e.starts_with("Place"))
            .collect();
        assert_eq!(places[0], "Place { row: 0, col: 0 }");
        assert_eq!(places[1], "Place { row: 1, col: 2 }");
        // R0 is chosen first, with 4 options, before its first option is
        // taken; choosing (0, 0) covers C0, D3 and A0.
        assert!(
            rec.events[0].starts_with("Choose { item: Item { kind: Row, index: 0 }, options: 4")
        );
        assert!(rec.events[1].starts_with("Cover { items: [Item { kind: Column, index: 0 }, Item { kind: Diagonal, index: 3 }, Item { kind: AntiDiagonal, index: 0 }]"), "{}", rec.events[1]);
        assert_eq!(rec.events[2], "Place { row: 0, col: 0 }");
        assert_eq!(rec.solutions, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        assert!(rec.events.iter().all(|e| !e.starts_with("Reject")));
    }

    #[test]
    fn twenty_queens_first_solution_is_quick() {
        let mut one = Collect {
            limit: Some(1),
            ..Collect::default()
        };
        let stats = DancingLinks.search(20, &mut one).unwrap();
        assert_eq!(one.solutions.len(), 1);
        assert_eq!(crate::verify(&one.solutions[0]), Ok(()));
        assert_eq!(stats.solutions, 1);
        assert!(stats.nodes < 1_000, "{stats:?}");
    }

    #[test]
    fn stops_on_break_from_an_event() {
        struct StopAfter(usize);
        impl Sink for StopAfter {
            fn tracing(&self) -> bool {
                true
            }
            fn event(&mut self, _: &Event<'_>) -> ControlFlow<()> {
                self.0 -= 1;
                if self.0 == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
            fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
                ControlFlow::Continue(())
            }
        }
        // Choose, Cover, Place, three times.
        let stats = DancingLinks.search(8, &mut StopAfter(9)).unwrap();
        assert_eq!(stats.placements, 3);
        assert_eq!(stats.backtracks, 0);
        assert_eq!(stats.solutions, 0);
    }

    /// The item chosen is covered at the step after its choice, with no
    /// event of its own, and that step says so (the choice said "cover it",
    /// read as done, while its counters and the items shown had it still
    /// uncovered): "cover R1; try the option ..." or, at a dead end, "cover
    /// R2 and uncover it".
    #[test]
    fn the_step_after_a_choice_says_it_covers_the_item() {
        use crate::algo::Replay;
        struct Says(Replay, Option<(String, bool)>, usize);
        impl Sink for Says {
            fn tracing(&self) -> bool {
                true
            }
            fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
                let says = self.0.apply(event).says;
                if let Some((item, dead)) = self.1.take() {
                    let want = if dead {
                        format!("cover {item} and uncover it: ")
                    } else {
                        format!("cover {item}; try the option (")
                    };
                    assert!(says.starts_with(&want), "{says}");
                    self.2 += 1;
                }
                if let Event::Choose { item, options, .. } = event {
                    assert!(says.contains("at the next step"), "{says}");
                    self.1 = Some((item.to_string(), *options == 0));
                }
                ControlFlow::Continue(())
            }
        }
        for n in 4..=6 {
            let mut says = Says(Replay::new("dancing-links", n), None, 0);
            DancingLinks.search(n, &mut says).unwrap();
            assert!(says.2 > 0, "n = {n}");
        }
    }

    /// A cover step names the option it tries, the square whose queen the
    /// next step places (the page showed "cover C3, D1, A4" with no word
    /// of the square (1, 3) until the step after).
    #[test]
    fn a_cover_names_the_square_the_next_step_places() {
        use crate::algo::Replay;
        struct Says(Replay, Option<String>, usize);
        impl Sink for Says {
            fn tracing(&self) -> bool {
                true
            }
            fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
                let says = self.0.apply(event).says;
                if let Some(tried) = self.1.take() {
                    let Event::Place { row, col } = *event else {
                        panic!("after {tried:?}: {event:?}");
                    };
                    // (After the item chosen is covered, if it was chosen
                    // at the step before: "cover R1; try the option ...".)
                    let option = format!("try the option ({row}, {col}): cover its other items ");
                    let after = tried.split_once("; ").map_or(&tried[..], |(_, rest)| rest);
                    assert!(after.starts_with(&option), "{tried}");
                    self.2 += 1;
                }
                if matches!(event, Event::Cover { .. }) {
                    self.1 = Some(says);
                }
                ControlFlow::Continue(())
            }
        }
        for n in 4..=7 {
            let mut says = Says(Replay::new("dancing-links", n), None, 0);
            let stats = DancingLinks.search(n, &mut says).unwrap();
            assert_eq!(says.2 as u64, stats.placements, "n = {n}");
        }
    }
}
