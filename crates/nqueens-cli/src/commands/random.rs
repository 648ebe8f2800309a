//! `nqueens random N`: a random solution, uniform over all of them up to
//! n = 15, from min-conflicts above.

use std::time::Instant;

use nqueens::huge::random::{random_solution, Method};

use super::board::emit;
use super::solve::{no_solution, print_stats};
use crate::config::{grouped, BoardOut, BoardOutput};
use crate::exit::Outcome;
use crate::output::check_binary_ok;

#[allow(clippy::print_stderr)]
pub fn run(n: usize, seed: u64, stats: bool, out: BoardOut) -> anyhow::Result<Outcome> {
    if out.output == BoardOutput::Png {
        check_binary_ok(&format!("nqueens random {n} --format png"))?;
    }
    let started = Instant::now();
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
            Method::MinConflicts(st) => {
                eprintln!(
                    "not uniform: n = {n} is above {}, so this comes from min-conflicts started \
                     from a random permutation",
                    nqueens::huge::random::UNIFORM_MAX
                );
                print_stats(n, seed, &st);
            }
            _ => eprintln!("seed {seed}"),
        }
    }
    emit(n, columns.into_iter(), out, started)
}
