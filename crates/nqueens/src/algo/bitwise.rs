//! `bitwise`: three bit masks, the lowest free bit taken by `x & -x`.
//!
//! The search of Wirth's *Algorithms + Data Structures = Programs* recast on
//! machine words, as popularised by Martin Richards' BCPL program and Jeff
//! Somers' C counter. Going down one row, the attacked squares of the new row
//! are three masks: the columns taken (unchanged), the diagonals `\` (shifted
//! one square right, `<< 1` with bit i = column i) and the anti-diagonals `/`
//! (shifted one square left, `>> 1`). The free squares are
//! `!(cols | diag | anti)` on the board; `free & free.wrapping_neg()` isolates
//! the lowest set bit, the left-most free column, so the search is
//! lexicographic. One mask computation tests a whole row at once.
//!
//! ## Why it is taught
//!
//! It is how the fastest counters work: a row's free squares are one word,
//! the next row's masks are three shifts, and the lowest free square is one
//! subtraction and one AND, so no square is ever tested on its own. It also
//! teaches the two's complement trick `x & -x` and why the diagonals move by
//! one bit per row.
//!
//! ## Cost
//!
//! The backtracking tree (n = 8: 2 056 queens placed), but O(1) word
//! operations per queen instead of O(n) square tests: three mask reads per
//! row entered and a handful of writes per queen. Memory is four words per
//! row. [`Algorithm::max_n`] is 64, one bit per column in a `u64`.
//!
//! ## In the tutorials' notation
//!
//! In the notation of the tutorials, with `ld` the diagonals and `rd` the
//! anti-diagonals, a row is
//!
//! ```text
//! free = mask & ~(cols | ld | rd)      the squares no queen attacks
//! while free != 0:
//!     p = free & -free                 the lowest set bit: the left-most free column
//!     free -= p                        it is taken
//!     go down with cols | p, (ld | p) << 1, (rd | p) >> 1
//! ```
//!
//! `(ld | p) << 1` can push a bit past column n - 1, off the board; `mask`
//! removes it when `free` is computed (and here, before the masks are stored,
//! so that no bit leaves the word for n ≤ 63). `(rd | p) >> 1` drops its bit
//! past column 0 by itself.
//!
//! The tutorial (seed 004) never masks `ld`: a diagonal's bit that left the
//! board goes on moving out one bit per row, so its `ld` in row 3 of the
//! second 4×4 walk-through reads `110010` where ours reads `10010` (only
//! this row's shift past the edge). Those bits can never come back (`<<`
//! only moves them further out), so dropping them changes nothing; a trace
//! keeps the tutorial's unmasked `ld` too, in a `u128` (2n - 1 bits at
//! most), so that the two can be shown side by side.
//!
//! Counted: a node per queen placed (plus the empty board), one conflict test
//! per mask computation (one per row entered), a backtrack per queen taken off,
//! and the depth as the frontier; `reads` are the three mask words read per
//! row entered, `writes` the four words stored going down a row (three masks
//! and `free`) and two per queen (`free -= p` and its column).
//!
//! # Events
//!
//! [`Event::Masks`] on entering a row, with `ld` as shifted (a bit past the
//! board's edge included) and the mask; [`Event::Place`] for each `p` taken;
//! [`Event::Backtrack`] when a row's `free` is used up.

use std::ops::ControlFlow;

use super::truth::record;
use super::{check_size, emit_solution, Algorithm, Event, Replay, Sink, Stats};
use crate::error::Error;

/// The bitwise search; see the docs of `src/algo/bitwise.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Bitwise;

impl Algorithm for Bitwise {
    fn name(&self) -> &'static str {
        "bitwise"
    }

    fn summary(&self) -> &'static str {
        "three bit masks (columns, two diagonals shifted per row); lowest free bit by x & -x"
    }

    fn max_n(&self) -> usize {
        64
    }

    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        check_size(self, n)?;
        // Two copies of the loop: the one that does not trace has no trace
        // code in it at all, so tracing costs an untraced search nothing.
        Ok(if sink.tracing() {
            run::<true>(n, sink)
        } else {
            run::<false>(n, sink)
        })
    }
}

/// The search; `TRACING` says whether to send events.
fn run<const TRACING: bool>(n: usize, sink: &mut dyn Sink) -> Stats {
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let tracing = TRACING;
    let mut stats = Stats {
        nodes: 1,
        conflict_tests: 1,
        peak_frontier: 1,
        ..Stats::default()
    };
    let mut columns = vec![0usize; n];
    let mut avail = vec![0u64; n];
    let mut cols = vec![0u64; n];
    let mut diag = vec![0u64; n];
    let mut anti = vec![0u64; n];
    avail[0] = full;
    // `ld` as seed 004's tutorial keeps it, never masked, for the trace
    // only: `(ld | p) << 1` row after row, bits past the edge included.
    let mut wide = vec![0u128; if TRACING { n } else { 0 }];
    // The real state, for the replay test: the masks of rows 0 to `upto`,
    // `ld` as shifted (before `& mask`), and p the bit each row took (0 in
    // row `upto` until it takes one); with the tutorial's unmasked `ld`.
    macro_rules! snap {
        ($upto:expr, $taken:expr) => {
            record(counted(stats), || {
                let upto: usize = $upto;
                let taken: bool = $taken;
                let rows = (0..=upto).map(|k: usize| {
                    let ld = if k == 0 {
                        0
                    } else {
                        (diag[k - 1] | 1u64 << columns[k - 1]) << 1
                    };
                    let p = if k < upto || taken {
                        1u64 << columns[k]
                    } else {
                        0
                    };
                    (
                        [k as u64, cols[k], ld, anti[k], full, avail[k], p],
                        wide.get(k).copied().unwrap_or(0),
                    )
                });
                Replay::masks_of(n, rows)
            })
        };
    }
    snap!(0, false);
    if tracing
        && sink
            .event(&Event::Masks {
                row: 0,
                cols: 0,
                diag: 0,
                anti: 0,
                mask: full,
                free: full,
            })
            .is_break()
    {
        return counted(stats);
    }
    let mut d = 0;
    // `flow` carries a stop request out of the loop.
    let flow = loop {
        let a = avail[d];
        if a == 0 {
            if d == 0 {
                break ControlFlow::Continue(());
            }
            d -= 1;
            stats.backtracks += 1;
            if tracing {
                let e = Event::Backtrack {
                    row: d,
                    col: columns[d],
                };
                snap!(d, true);
                if sink.event(&e).is_break() {
                    break ControlFlow::Break(());
                }
            }
            continue;
        }
        let bit = a & a.wrapping_neg();
        avail[d] = a ^ bit;
        let col = bit.trailing_zeros() as usize;
        columns[d] = col;
        stats.placements += 1;
        stats.nodes += 1;
        if tracing {
            snap!(d, true);
            if sink.event(&Event::Place { row: d, col }).is_break() {
                break ControlFlow::Break(());
            }
        }
        if d + 1 == n {
            snap!(d, true);
            if emit_solution(sink, &mut stats, &columns).is_break() {
                break ControlFlow::Break(());
            }
            stats.backtracks += 1;
            if tracing {
                snap!(d, true);
                if sink.event(&Event::Backtrack { row: d, col }).is_break() {
                    break ControlFlow::Break(());
                }
            }
            continue;
        }
        let (c, l, r) = (cols[d] | bit, (diag[d] | bit) << 1, (anti[d] | bit) >> 1);
        d += 1;
        cols[d] = c;
        diag[d] = l & full;
        anti[d] = r;
        avail[d] = full & !(c | l | r);
        if TRACING {
            wide[d] = (wide[d - 1] | u128::from(bit)) << 1;
        }
        stats.conflict_tests += 1;
        stats.peak_frontier = stats.peak_frontier.max(d as u64 + 1);
        if tracing {
            let e = Event::Masks {
                row: d,
                cols: c,
                diag: l,
                anti: r,
                mask: full,
                free: avail[d],
            };
            snap!(d, false);
            if sink.event(&e).is_break() {
                break ControlFlow::Break(());
            }
        }
    };
    let _ = flow;
    counted(stats)
}

/// `stats` with `reads` and `writes` counted from the other counters, so
/// that the loop pays nothing for them: three mask words read per mask
/// computation (one per row entered); `free` of row 0, then two words per
/// queen (`free -= p` and its column) and four per row entered below (three
/// masks and `free`).
fn counted(stats: Stats) -> Stats {
    Stats {
        reads: 3 * stats.conflict_tests,
        writes: 1 + 2 * stats.placements + 4 * (stats.conflict_tests - 1),
        ..stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::testing::check_algorithm;

    #[test]
    fn finds_every_solution_in_order() {
        check_algorithm(&Bitwise, 9);
    }

    #[test]
    fn four_queens_walkthrough() {
        // The classic walk-through: row 0 free = 1111, after (0, 1) row 1 has
        // cols 0010, diag 0100, anti 0001, free 1000 (bit i = column i).
        let mut rec = crate::algo::testing::Recorder::default();
        Bitwise.search(4, &mut rec).unwrap();
        let masks: Vec<&String> = rec
            .events
            .iter()
            .filter(|e| e.starts_with("Masks"))
            .collect();
        assert!(
            masks
                .iter()
                .any(|e| e.contains("row: 1, cols: 2, diag: 4, anti: 1, mask: 15, free: 8")),
            "{masks:?}"
        );
        assert_eq!(rec.solutions, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
    }

    #[test]
    fn the_tutorials_unmasked_ld_beside_ours() {
        // Seed 004's second walk-through: queens on columns 1, 3, 0; row 3's
        // ld reads 110010 there (column 0 on the right), 10010 here.
        let mut replay = Replay::new("bitwise", 4).with_lsb_right(true);
        let mut seen = false;
        struct Until<'a>(&'a mut Replay, &'a mut bool);
        impl Sink for Until<'_> {
            fn tracing(&self) -> bool {
                true
            }
            fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
                self.0.apply(event);
                if let (Event::Masks { row: 3, .. }, [Some(1), Some(3), Some(0), None]) =
                    (event, &self.0.board()[..])
                {
                    let crate::algo::Structure::Masks { rows, lsb_right } = self.0.structure()
                    else {
                        unreachable!()
                    };
                    assert!(lsb_right);
                    assert_eq!(rows[3].ld_tutorial_bits, "110010");
                    assert_eq!(rows[3].ld_bits, "10010");
                    assert_eq!(rows[2].ld_tutorial_bits, "11000");
                    assert_eq!(rows[1].ld_tutorial_bits, "0100");
                    *self.1 = true;
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            }
        }
        Bitwise
            .search(4, &mut Until(&mut replay, &mut seen))
            .unwrap();
        assert!(seen);
        let text = replay.structure_text().join("\n");
        assert!(text.contains("tutorial's ld 11|0010"), "{text}");
        assert!(text.contains("cols = k, free = pos, mask = max"), "{text}");
    }
}
