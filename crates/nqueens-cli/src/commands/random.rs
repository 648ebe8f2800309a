//! `nqueens random N`: a random solution, uniform over all of them up to
//! n = 15, from min-conflicts above.

use std::time::Instant;

use nqueens::huge::min_conflicts::Start;
use nqueens::huge::random::{random_solution, Method, RANDOM_START_MAX, UNIFORM_MAX};

use super::board::emit;
use super::solve::{no_solution, note_long_search, print_stats};
use crate::config::{grouped, BoardOut, BoardOutput};
use crate::exit::Outcome;
use crate::output::check_binary_ok;

#[allow(clippy::print_stderr)]
pub fn run(n: usize, seed: u64, stats: bool, out: BoardOut) -> anyhow::Result<Outcome> {
    if out.output == BoardOutput::Png {
        check_binary_ok(&format!("nqueens random {n} --format png"))?;
    }
    let started = Instant::now();
    if n > UNIFORM_MAX {
        let start = if n <= RANDOM_START_MAX {
            Start::Random
        } else {
            Start::Greedy
        };
        note_long_search(n, start);
    }
    let Some((columns, method)) = random_solution(n, seed)? else {
        return Ok(no_solution(n));
    };
    if stats {
        match method {
            Method::Uniform { index, of } => eprintln!(
                "uniform over all {} solutions: number {} in lexicographic order (from 0), \
                 seed {seed}, {:.3} s",
                grouped(of),
                grouped(index),
                started.elapsed().as_secs_f64()
            ),
            Method::MinConflicts { start, stats } => {
                let from = match start {
                    Start::Random => "a random permutation",
                    _ => "a greedy random permutation (above 1,000,000 queens)",
                };
                eprintln!(
                    "not uniform: n = {} is above {}, so this comes from min-conflicts started \
                     from {from}",
                    grouped(n as u128),
                    UNIFORM_MAX
                );
                print_stats(n, seed, &stats);
            }
            _ => eprintln!("seed {seed}"),
        }
    }
    emit(n, columns.into_iter(), out, started)
}
