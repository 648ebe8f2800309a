//! A random solution: uniform over all of them where they can be counted
//! quickly, from min-conflicts above that.
//!
//! # Uniform, without listing the solutions
//!
//! For n ≤ [`UNIFORM_MAX`], [`uniform`] draws an index k uniformly from
//! 0..Q(n) (Q(n) from the OEIS table in [`crate::known`], no modulo bias) and
//! returns the k-th solution in lexicographic order, [`nth_solution`]. That
//! one is found by *unranking*, the standard way of turning an index into a
//! leaf of a search tree: in each row, from left to right, count the completions of
//! the board with the queen on each free square; the first square whose
//! completions reach past k takes the queen, and the completions of the
//! squares skipped are subtracted from k. Only the subtrees left of the path
//! are counted, so one draw costs at most about half a full count in the top
//! row (the left-right mirror gives the counts of the right half of the top
//! row from the left half) and less in every row below.
//!
//! # Above the limit
//!
//! Counting Q(n) takes about seven times as long a row, so above [`UNIFORM_MAX`] a
//! random solution comes from [`min_conflicts`] started
//! from a random board: a uniformly random permutation up to
//! [`RANDOM_START_MAX`] queens, and above that the greedy start, a random
//! permutation drawn row by row among the columns whose diagonals are still
//! free (a random permutation costs 3 to 4 s per million queens to repair,
//! the greedy one 0.03 s). Every solution can come out, but not with equal
//! probability: local search finds some solutions more easily than others.
//! [`random_solution`] says which method it used.

use crate::error::Error;
use crate::huge::min_conflicts::{self, MinConflicts, Start};
use crate::rng::Xoshiro256;

/// The largest n for which [`uniform`] draws uniformly. One draw there
/// counts at most about half of the search tree (under a second for n = 15;
/// n = 16 would take several seconds, as the tree grows about sevenfold per
/// row).
///
/// # Examples
///
/// ```
/// use nqueens::{random_solution, uniform_solution, Error, RandomMethod, UNIFORM_MAX};
///
/// let (_, method) = random_solution(8, 1)?.unwrap();
/// assert!(8 <= UNIFORM_MAX);
/// assert!(matches!(method, RandomMethod::Uniform { of: 92, .. }));
///
/// // Above the limit: min-conflicts instead, and no uniform draw.
/// let (_, method) = random_solution(UNIFORM_MAX + 1, 1)?.unwrap();
/// assert!(matches!(method, RandomMethod::MinConflicts { .. }));
/// assert!(matches!(
///     uniform_solution(UNIFORM_MAX + 1, 1),
///     Err(Error::TooLarge { max: UNIFORM_MAX, .. })
/// ));
/// # Ok::<(), nqueens::Error>(())
/// ```
pub const UNIFORM_MAX: usize = 15;

/// Up to this many queens, [`random_solution`] repairs a uniformly random
/// permutation (3 to 4 s at this size); above, a greedy random start.
///
/// # Examples
///
/// ```
/// use nqueens::{random_solution, MinConflictsStart, RandomMethod, RANDOM_START_MAX};
///
/// let n = 40;
/// assert!(n <= RANDOM_START_MAX);
/// let (board, method) = random_solution(n, 3)?.unwrap();
/// assert!(nqueens::verify(&board).is_ok());
/// assert!(matches!(
///     method,
///     RandomMethod::MinConflicts { start: MinConflictsStart::Random, .. }
/// ));
/// // `random_solution(RANDOM_START_MAX + 1, 3)` would start greedily instead.
/// # Ok::<(), nqueens::Error>(())
/// ```
pub const RANDOM_START_MAX: usize = 1_000_000;

/// How [`random_solution`] found its board.
///
/// # Examples
///
/// ```
/// use nqueens::{random_solution, RandomMethod};
///
/// let (board, method) = random_solution(8, 5)?.expect("8 queens have solutions");
/// let RandomMethod::Uniform { index, of } = method else { panic!("8 is small") };
/// assert_eq!(of, 92);
/// assert_eq!(nqueens::nth_solution(8, index)?, Some(board));
///
/// let (_, method) = random_solution(20, 5)?.unwrap();
/// assert!(matches!(method, RandomMethod::MinConflicts { stats, .. } if stats.moves > 0));
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Method {
    /// Uniform over all Q(n) solutions: the one with this index in
    /// lexicographic order.
    Uniform {
        /// The index drawn, in 0..Q(n).
        index: u128,
        /// Q(n).
        of: u128,
    },
    /// Min-conflicts from a random start: any solution can come out, not all
    /// equally often.
    MinConflicts {
        /// The start: [`Start::Random`] up to [`RANDOM_START_MAX`] queens,
        /// [`Start::Greedy`] above.
        start: Start,
        /// The search's statistics.
        stats: min_conflicts::Stats,
    },
}

/// A random solution for `n` queens from `seed` (the same seed gives the
/// same board), with the method used; `None` for n = 2 and 3, which have no
/// solution.
///
/// # Errors
/// [`Error::ZeroSize`]; above [`UNIFORM_MAX`], the errors of
/// [`MinConflicts::solve`] (such as [`Error::TooLarge`]) and
/// [`Error::Refused`] if the search gives up (it restarts until it
/// succeeds, so this does not happen in practice).
///
/// # Examples
///
/// ```
/// use nqueens::random_solution;
///
/// let (board, _method) = random_solution(10, 7)?.expect("10 queens have solutions");
/// assert!(nqueens::verify(&board).is_ok());
/// assert_eq!(random_solution(10, 7)?.unwrap().0, board); // the same seed, the same board
///
/// let (board, _) = random_solution(50, 7)?.unwrap();
/// assert_eq!(board.len(), 50);
/// assert!(nqueens::verify(&board).is_ok());
///
/// assert!(random_solution(3, 7)?.is_none());
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn random_solution(n: usize, seed: u64) -> Result<Option<(Vec<usize>, Method)>, Error> {
    if n <= UNIFORM_MAX {
        return uniform(n, seed);
    }
    let start = if n <= RANDOM_START_MAX {
        Start::Random
    } else {
        Start::Greedy
    };
    let search = MinConflicts {
        seed,
        start,
        ..MinConflicts::default()
    };
    match search.solve(n)? {
        (min_conflicts::Outcome::Found(columns), stats) => Ok(Some((
            columns.into_iter().map(|c| c as usize).collect(),
            Method::MinConflicts { start, stats },
        ))),
        (min_conflicts::Outcome::NoSolution, _) => Ok(None),
        (_, stats) => Err(Error::Refused {
            algorithm: "min-conflicts",
            n,
            reason: format!(
                "it gave up after {}",
                crate::words::plural(u128::from(stats.steps), "step", "steps")
            ),
        }),
    }
}

/// A solution drawn uniformly from all Q(n) solutions, for n ≤
/// [`UNIFORM_MAX`]; `None` for n = 2 and 3.
///
/// ```
/// use nqueens::uniform_solution;
///
/// let (board, _) = uniform_solution(8, 42)?.expect("8 queens have 92 solutions");
/// assert!(nqueens::verify(&board).is_ok());
/// assert_eq!(uniform_solution(8, 42)?.unwrap().0, board); // the same seed, the same board
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// [`Error::ZeroSize`], or [`Error::TooLarge`] above [`UNIFORM_MAX`].
pub fn uniform(n: usize, seed: u64) -> Result<Option<(Vec<usize>, Method)>, Error> {
    check(n)?;
    let Some(total) = crate::known::total(n).filter(|&q| q > 0) else {
        return Ok(None);
    };
    let of = u64::try_from(total).map_err(|_| Error::TooLarge {
        n,
        max: UNIFORM_MAX,
        what: "the uniform sampler",
    })?;
    let index = Xoshiro256::new(seed).below(of);
    let board = nth_solution(n, u128::from(index))?.ok_or(Error::Refused {
        algorithm: "the uniform sampler",
        n,
        reason: format!("it found fewer than the {total} solutions of the OEIS table"),
    })?;
    Ok(Some((
        board,
        Method::Uniform {
            index: u128::from(index),
            of: total,
        },
    )))
}

fn check(n: usize) -> Result<(), Error> {
    match n {
        0 => Err(Error::ZeroSize),
        n if n > UNIFORM_MAX => Err(Error::TooLarge {
            n,
            max: UNIFORM_MAX,
            what: "the uniform sampler",
        }),
        _ => Ok(()),
    }
}

/// The solution with index `k` (from 0) in lexicographic order, found by
/// counting subtrees instead of listing the solutions before it; `None` if
/// there are at most `k` solutions. For n ≤ [`UNIFORM_MAX`].
///
/// ```
/// use nqueens::nth_solution;
///
/// assert_eq!(nth_solution(8, 0)?, Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
/// assert_eq!(nth_solution(8, 91)?, Some(vec![7, 3, 0, 2, 5, 1, 6, 4]));
/// assert_eq!(nth_solution(8, 92)?, None);
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// [`Error::ZeroSize`], or [`Error::TooLarge`] above [`UNIFORM_MAX`].
pub fn nth_solution(n: usize, k: u128) -> Result<Option<Vec<usize>>, Error> {
    check(n)?;
    let full = (1u32 << n) - 1;
    let mut k = k;
    let mut board = Vec::with_capacity(n);
    let (mut cols, mut left, mut right) = (0u32, 0u32, 0u32);
    // The top row's counts, by the left-right mirror: column c and n − 1 − c
    // have equally many completions.
    let mut top = vec![None; n];
    for row in 0..n {
        let free = full & !(cols | left | right);
        let mut chosen = None;
        for col in (0..n).filter(|&c| free >> c & 1 == 1) {
            let bit = 1u32 << col;
            let below = match (row, top[col]) {
                (0, Some(count)) => count,
                _ => {
                    let count = completions(
                        n,
                        row + 1,
                        cols | bit,
                        (left | bit) << 1 & full,
                        (right | bit) >> 1,
                    );
                    if row == 0 {
                        top[col] = Some(count);
                        top[n - 1 - col] = Some(count);
                    }
                    count
                }
            };
            if k < below {
                chosen = Some(col);
                break;
            }
            k -= below;
        }
        let Some(col) = chosen else {
            return Ok(None);
        };
        board.push(col);
        let bit = 1u32 << col;
        cols |= bit;
        left = (left | bit) << 1 & full;
        right = (right | bit) >> 1;
    }
    Ok(Some(board))
}

/// The number of ways to fill rows `row..n` given the attacked columns and
/// diagonals (bitwise, an explicit stack: no recursion; the last row is
/// counted with a population count instead of being visited).
fn completions(n: usize, row: usize, cols: u32, left: u32, right: u32) -> u128 {
    let full = (1u32 << n) - 1;
    let depth = n - row;
    let free = full & !(cols | left | right);
    match depth {
        0 => return 1,
        1 => return u128::from(free.count_ones()),
        _ => {}
    }
    // Per level: the squares still to try, and the masks they were taken from.
    let mut todo = [0u32; 32];
    let mut masks = [(0u32, 0u32, 0u32); 32];
    let mut count = 0u64;
    let mut level = 0;
    masks[0] = (cols, left, right);
    todo[0] = free;
    loop {
        let free = todo[level];
        if free == 0 {
            if level == 0 {
                return u128::from(count);
            }
            level -= 1;
            continue;
        }
        let bit = free & free.wrapping_neg();
        todo[level] = free ^ bit;
        let (c, l, r) = masks[level];
        let next = (c | bit, (l | bit) << 1 & full, (r | bit) >> 1);
        let below = full & !(next.0 | next.1 | next.2);
        if level + 2 == depth {
            count += u64::from(below.count_ones());
        } else {
            level += 1;
            masks[level] = next;
            todo[level] = below;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_solution_is_the_kth_of_the_lexicographic_list() {
        for n in 1..=10 {
            let all: Vec<Vec<usize>> = crate::solutions(n)
                .unwrap()
                .map(crate::Solution::into_columns)
                .collect();
            for (k, expected) in all.iter().enumerate() {
                assert_eq!(
                    nth_solution(n, k as u128).unwrap().as_ref(),
                    Some(expected),
                    "n = {n}, k = {k}"
                );
            }
            assert_eq!(nth_solution(n, all.len() as u128).unwrap(), None);
        }
    }

    #[test]
    fn completions_match_the_oeis_table() {
        for n in 1..=12 {
            assert_eq!(
                Some(completions(n, 0, 0, 0, 0)),
                crate::known::total(n),
                "n = {n}"
            );
        }
    }

    #[test]
    fn sizes_outside_the_range_are_errors() {
        assert_eq!(uniform(0, 1), Err(Error::ZeroSize));
        assert!(matches!(
            uniform(UNIFORM_MAX + 1, 1),
            Err(Error::TooLarge { .. })
        ));
        assert_eq!(uniform(3, 1), Ok(None));
        assert_eq!(uniform(1, 7).unwrap().unwrap().0, vec![0]);
    }

    /// Many seeds over n = 8 hit all 92 solutions about equally often: a
    /// chi-square test of goodness of fit to the uniform distribution. The
    /// seeds are fixed, so the outcome is too; 91 degrees of freedom have
    /// a 99.9% point of about 134, and a sampler that favoured some
    /// solutions by as little as a third would exceed it.
    #[test]
    fn uniform_over_n_8_hits_every_solution_evenly() {
        const DRAWS: u64 = 92 * 100;
        let mut hits = std::collections::HashMap::new();
        for seed in 0..DRAWS {
            let (board, method) = uniform(8, seed).unwrap().unwrap();
            assert!(crate::verify(&board).is_ok());
            assert!(matches!(method, Method::Uniform { of: 92, .. }));
            *hits.entry(board).or_insert(0u64) += 1;
        }
        assert_eq!(hits.len(), 92, "every solution is drawn");
        let expected = DRAWS as f64 / 92.0;
        let chi2: f64 = hits
            .values()
            .map(|&h| (h as f64 - expected).powi(2) / expected)
            .sum();
        assert!(
            chi2 < 134.0,
            "chi-square {chi2:.1} with 91 degrees of freedom"
        );
    }

    #[test]
    fn above_the_uniform_range_min_conflicts_gives_a_solution() {
        let (board, method) = random_solution(40, 3).unwrap().unwrap();
        assert!(crate::verify(&board).is_ok());
        assert!(matches!(
            method,
            Method::MinConflicts {
                start: Start::Random,
                ..
            }
        ));
        assert_eq!(random_solution(40, 3).unwrap().unwrap().0, board);
    }
}
