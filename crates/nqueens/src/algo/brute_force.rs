//! `brute-force`: generate every candidate board, keep the valid ones.
//!
//! The first program most write-ups show, and the one the others are measured
//! against. Since two queens in one row always attack each other, a candidate
//! is one queen per row, written as the column of each row's queen. There are
//! two ways to list them:
//!
//! - **n^n column vectors** (the default, [`BruteForce { permutations: false }`](BruteForce)):
//!   every row takes any column. The candidates are counted like an odometer,
//!   the last row turning fastest: `[0, 0, 0, 0]`, `[0, 0, 0, 1]`, … `[3, 3, 3, 3]`,
//!   which is lexicographic order.
//! - **n! permutations** (`permutations: true`): every row takes a different
//!   column, so no two queens share a column either and only the diagonals are
//!   left to test. The permutations of `0..n` are stepped in lexicographic
//!   order by the classic *next permutation* algorithm (find the longest
//!   decreasing suffix, swap the element before it with the smallest larger one
//!   in the suffix, reverse the suffix), without recursion.
//!
//! Each complete candidate is then tested pair by pair: for each row `j` from
//! the second down, against each earlier row `i` from the top, are the columns
//! equal or is `|Δrow| = |Δcol|`? The first attacking pair found rejects the
//! candidate; a candidate with none is a solution. Both orders list candidates
//! lexicographically, so the solutions come out in lexicographic order.
//!
//! ## Why it is taught
//!
//! It states the problem as directly as code can: the search space, and a test
//! of a finished answer. Its cost is what makes backtracking worth learning:
//! a backtracker abandons `[0, 0, …]` after two queens, where brute force
//! generates and tests all n^(n-2) boards that start that way.
//!
//! ## Cost
//!
//! n^n (or n!) candidates, each tested in up to n(n-1)/2 comparisons (the test
//! stops at the first attacking pair, so most candidates cost only a few).
//! n = 8 is 16.8 million candidates (40 320 permutations); n = 9 is 387 million
//! (362 880), so [`Algorithm::max_n`] is 9 for column vectors (n = 10 would be
//! 10^10 candidates). Permutations grow more slowly and are allowed up to
//! n = 11 (39.9 million candidates). Memory is O(n).
//!
//! ## Stats
//!
//! - `nodes`: candidates generated, n^n or n!. There are no partial boards and
//!   no empty board: every candidate is complete.
//! - `placements`: n per candidate (`nodes × n`): each candidate is a board of
//!   n queens, put down as a whole ([`Event::Candidate`]).
//! - `conflict_tests`: pairwise comparisons of two queens, up to and including
//!   the first attacking pair of a candidate.
//! - `backtracks`: 0; no queen is taken back, the next candidate replaces the
//!   board.
//! - `solutions`: valid candidates.
//! - `peak_frontier`: 1, the one candidate held at a time.
//! - `reads`: entries read by the test, one per comparison (the later queen's
//!   column is held while the earlier ones are read).
//! - `writes`: entries of the candidate changed to step to the next one (the
//!   odometer's digits that turn, or the swap and reversal of a permutation).
//!
//! ## Events
//!
//! For every candidate, [`Event::Candidate`] with its number and columns
//! ("test the complete board"), then [`Event::Check`] with the pairs compared
//! and the first attacking pair found (`row`, `col`: the later queen, `by`: the
//! earlier one), then either [`Event::Reject`] of that pair or
//! [`Event::Solution`].

use std::ops::ControlFlow;

use super::truth::record;
use super::{attack_of, check_size, emit_solution, Algorithm, Event, Sink, Stats, Structure};
use crate::board::Square;
use crate::error::Error;

/// The brute-force search; see the docs of `src/algo/brute_force.rs`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BruteForce {
    /// Generate only the n! permutations of `0..n` (one queen per column too)
    /// instead of all n^n column vectors.
    pub permutations: bool,
}

impl Algorithm for BruteForce {
    fn name(&self) -> &'static str {
        "brute-force"
    }

    fn summary(&self) -> &'static str {
        if self.permutations {
            "every permutation of the columns in lexicographic order, each tested pair by pair"
        } else {
            "every one of the n^n boards with a queen per row (odometer order), each tested pair by pair"
        }
    }

    fn max_n(&self) -> usize {
        if self.permutations {
            11
        } else {
            9
        }
    }

    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        check_size(self, n)?;
        let mut stats = Stats {
            peak_frontier: 1,
            ..Stats::default()
        };
        let mut columns: Vec<usize> = if self.permutations {
            (0..n).collect()
        } else {
            vec![0; n]
        };
        // Two copies of the loop: the one that does not trace has no trace
        // code in it at all.
        let _ = if sink.tracing() {
            run::<true>(self.permutations, &mut columns, sink, &mut stats)
        } else {
            run::<false>(self.permutations, &mut columns, sink, &mut stats)
        };
        Ok(stats)
    }
}

/// Tests every candidate from `columns` on; `Break` when the sink says stop.
fn run<const TRACING: bool>(
    permutations: bool,
    columns: &mut [usize],
    sink: &mut dyn Sink,
    stats: &mut Stats,
) -> ControlFlow<()> {
    let n = columns.len();
    let tracing = TRACING;
    // How many candidates there are in all: n! or n^n (n is at most 11).
    let of: u64 = if permutations {
        (1..=n as u64).product()
    } else {
        (n as u64).pow(n as u32)
    };
    // The real state, for the replay test: the candidate, its number and
    // the pairs its test compared.
    macro_rules! snap {
        ($compared:expr) => {
            record(*stats, || Structure::Candidate {
                number: stats.nodes,
                of,
                columns: columns.to_vec(),
                compared: $compared,
            })
        };
    }
    loop {
        stats.nodes += 1;
        stats.placements += n as u64;
        if tracing {
            snap!(0);
            sink.event(&Event::Candidate {
                number: stats.nodes,
                of,
                columns,
            })?;
        }
        let before = stats.conflict_tests;
        let conflict = first_conflict(columns, &mut stats.conflict_tests);
        stats.reads += stats.conflict_tests - before;
        let compared = (stats.conflict_tests - before) as usize;
        if tracing {
            let (row, by) = match conflict {
                Some((i, j)) => (j, Some(Square::new(i, columns[i]))),
                None => (n - 1, None),
            };
            snap!(compared);
            sink.event(&Event::Check {
                row,
                col: columns[row],
                reads: compared,
                by,
            })?;
        }
        match conflict {
            None => {
                snap!(compared);
                emit_solution(sink, stats, columns)?;
            }
            Some((i, j)) if tracing => {
                snap!(compared);
                let by = Square::new(i, columns[i]);
                let here = Square::new(j, columns[j]);
                sink.event(&Event::Reject {
                    row: j,
                    col: columns[j],
                    by,
                    attack: attack_of(by, here),
                })?;
            }
            Some(_) => {}
        }
        let more = if permutations {
            next_permutation(columns, &mut stats.writes)
        } else {
            next_vector(columns, &mut stats.writes)
        };
        if !more {
            return ControlFlow::Continue(());
        }
    }
}

/// The first attacking pair `(earlier row, later row)`, scanning each row
/// against the rows above it; counts every comparison in `tests`.
fn first_conflict(columns: &[usize], tests: &mut u64) -> Option<(usize, usize)> {
    for (j, &cj) in columns.iter().enumerate().skip(1) {
        for (i, &ci) in columns[..j].iter().enumerate() {
            *tests += 1;
            if ci == cj || j - i == ci.abs_diff(cj) {
                return Some((i, j));
            }
        }
    }
    None
}

/// Steps the odometer: the next column vector in lexicographic order, or
/// `false` (the vector left as it is) after the last.
///
/// The right-most digit below `n - 1` turns up and the digits after it roll
/// over to 0; after the last vector no digit turns, so nothing is written
/// and every write counted steps to a candidate that is then tested.
fn next_vector(columns: &mut [usize], writes: &mut u64) -> bool {
    let n = columns.len();
    let Some(turn) = columns.iter().rposition(|&digit| digit + 1 < n) else {
        return false;
    };
    columns[turn] += 1;
    for digit in &mut columns[turn + 1..] {
        *digit = 0;
    }
    *writes += (n - turn) as u64;
    true
}

/// The next permutation in lexicographic order, or `false` after the last.
fn next_permutation(a: &mut [usize], writes: &mut u64) -> bool {
    // The longest non-increasing suffix starts at `i`.
    let mut i = a.len();
    while i > 1 && a[i - 2] >= a[i - 1] {
        i -= 1;
    }
    if i <= 1 {
        return false;
    }
    let pivot = i - 2;
    // The right-most (so the smallest) suffix element larger than the pivot.
    let mut j = a.len() - 1;
    while a[j] <= a[pivot] {
        j -= 1;
    }
    a.swap(pivot, j);
    a[pivot + 1..].reverse();
    // The swap writes two entries, the reversal every pair it exchanges.
    *writes += 2 + 2 * ((a.len() - pivot - 1) / 2) as u64;
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::testing::{check_algorithm, Recorder};
    use crate::board::Attack;
    use crate::sink::Count;

    #[test]
    fn finds_every_solution_in_order() {
        check_algorithm(
            &BruteForce {
                permutations: false,
            },
            7,
        );
    }

    #[test]
    fn permutations_find_every_solution_in_order() {
        check_algorithm(&BruteForce { permutations: true }, 9);
    }

    #[test]
    fn refuses_ten() {
        assert_eq!(
            BruteForce {
                permutations: false
            }
            .search(10, &mut Count::default()),
            Err(Error::TooLarge {
                n: 10,
                max: 9,
                what: "brute-force"
            })
        );
    }

    #[test]
    fn counts_by_hand() {
        // n = 2: four vectors, each rejected by its one comparison.
        let stats = BruteForce::default()
            .search(2, &mut Count::default())
            .unwrap();
        // The odometer writes 1, 2, 1 digits; after the last vector no digit
        // turns and nothing is written.
        let expected = Stats {
            nodes: 4,
            placements: 8,
            conflict_tests: 4,
            peak_frontier: 1,
            reads: 4,
            writes: 4,
            ..Stats::default()
        };
        assert_eq!(stats, expected);

        // n = 3 permutations: [0,1,2] 1 comparison, [0,2,1] 3, [1,0,2] 1,
        // [1,2,0] 1, [2,0,1] 3, [2,1,0] 1.
        let stats = BruteForce { permutations: true }
            .search(3, &mut Count::default())
            .unwrap();
        // Steps write 2, 4, 2, 4, 2 entries (a swap, plus a pair reversed
        // when the pivot is row 0).
        let expected = Stats {
            nodes: 6,
            placements: 18,
            conflict_tests: 10,
            peak_frontier: 1,
            reads: 10,
            writes: 14,
            ..Stats::default()
        };
        assert_eq!(stats, expected);

        let stats = BruteForce::default()
            .search(4, &mut Count::default())
            .unwrap();
        assert_eq!((stats.nodes, stats.solutions), (256, 2));
        // 4 + 16 + 64 digits turn: 4^k - 1 steps turn k or more digits.
        assert_eq!(stats.writes, 255 + 63 + 15 + 3);
    }

    /// Each candidate says how many there are, and the last is that one:
    /// n^n column vectors, n! permutations (the trace once said "candidate
    /// 24 of 256" of the permutations of 4).
    #[test]
    fn candidates_say_how_many_there_are() {
        for (permutations, n, all) in [
            (false, 4, 256),
            (true, 4, 24),
            (true, 5, 120),
            (false, 1, 1),
        ] {
            let mut rec = Recorder::default();
            BruteForce { permutations }.search(n, &mut rec).unwrap();
            let candidates: Vec<&String> = rec
                .events
                .iter()
                .filter(|e| e.starts_with("Candidate"))
                .collect();
            assert_eq!(candidates.len(), all, "{permutations} {n}");
            let last = format!("Candidate {{ number: {all}, of: {all}, ");
            assert!(
                candidates[all - 1].starts_with(&last),
                "{}",
                candidates[all - 1]
            );
            assert!(candidates
                .iter()
                .all(|e| e.contains(&format!(" of: {all}, "))));
        }
    }

    #[test]
    fn rejects_name_the_first_pair() {
        let mut rec = Recorder::default();
        BruteForce::default().search(4, &mut rec).unwrap();
        assert_eq!(
            rec.events[0],
            "Candidate { number: 1, of: 256, columns: [0, 0, 0, 0] }"
        );
        assert_eq!(
            rec.events[1],
            "Check { row: 1, col: 0, reads: 1, by: Some(Square { row: 0, col: 0 }) }"
        );
        assert_eq!(
            rec.events[2],
            format!(
                "{:?}",
                Event::Reject {
                    row: 1,
                    col: 0,
                    by: Square::new(0, 0),
                    attack: Attack::Column
                }
            )
        );
        // [0, 2, 1, 3]: rows 0 and 1 are fine, row 2 is attacked by row 1.
        let at = rec
            .events
            .iter()
            .position(|e| e.ends_with("columns: [0, 2, 1, 3] }"))
            .unwrap();
        assert_eq!(
            rec.events[at + 2],
            format!(
                "{:?}",
                Event::Reject {
                    row: 2,
                    col: 1,
                    by: Square::new(1, 2),
                    attack: Attack::AntiDiagonal
                }
            )
        );
    }

    #[test]
    fn next_permutation_walks_in_order() {
        let mut a = [0, 1, 2];
        let mut seen = vec![a.to_vec()];
        let mut writes = 0;
        while next_permutation(&mut a, &mut writes) {
            seen.push(a.to_vec());
        }
        assert_eq!(
            seen,
            vec![
                vec![0, 1, 2],
                vec![0, 2, 1],
                vec![1, 0, 2],
                vec![1, 2, 0],
                vec![2, 0, 1],
                vec![2, 1, 0]
            ]
        );
        assert_eq!(writes, 14);
        assert!(!next_permutation(&mut [0], &mut writes));
    }
}
