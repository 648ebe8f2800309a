//! `nqueens random N`: a random solution, uniform over all of them up to
//! n = 15, from min-conflicts above.

use std::time::Instant;

use nqueens::MinConflictsStart;
use nqueens::{random_solution, RandomMethod, RANDOM_START_MAX, UNIFORM_MAX};

use nqueens::grouped;

use super::board::{emit, BoardOut, BoardOutput};
use super::solve::{no_solution, note_long_search, print_stats};
use crate::exit::{usage, Outcome};
use crate::flags::RandomArgs;
use crate::limits::show_bytes;
use crate::output::check_binary_ok;

/// A seed for when the user gave none: the clock and the process id. The
/// library spreads any seed through SplitMix64, so nearby seeds give
/// unrelated boards.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

/// Runs `nqueens random`.
pub fn run(a: RandomArgs) -> anyhow::Result<Outcome> {
    let n = a.size.n;
    if n > nqueens::MIN_CONFLICTS_MAX_N {
        // Only where it works: the construction stops at HUGE_MAX.
        let instead = if n <= crate::limits::HUGE_MAX {
            format!("; `nqueens solve {n}` prints the explicit construction")
        } else {
            String::new()
        };
        usage!(
            "random {n}: n is too large: above n = {UNIFORM_MAX} a random solution comes from \
             min-conflicts, which takes n up to {} (it allocates about {} for this board){instead}",
            grouped(nqueens::MIN_CONFLICTS_MAX_N as u128),
            show_bytes(nqueens::min_conflicts_memory(n))
        );
    }
    let seed = a.seed.unwrap_or_else(fresh_seed);
    let stats = a.stats;
    let out = BoardOut::from_args(&a.output, n, "random")?;
    if out.output == BoardOutput::Png {
        check_binary_ok(&format!("nqueens random {n} --format png"))?;
    }
    let started = Instant::now();
    if n > UNIFORM_MAX {
        let start = if n <= RANDOM_START_MAX {
            MinConflictsStart::Random
        } else {
            MinConflictsStart::Greedy
        };
        super::solve::min_conflicts_fits(
            n,
            &format!("random {n}"),
            &format!("`nqueens solve {n}` prints the explicit construction in constant memory"),
        )?;
        note_long_search(n, start);
    }
    let Some((columns, method)) = random_solution(n, seed)? else {
        return Ok(no_solution(n));
    };
    if stats {
        match method {
            RandomMethod::Uniform { index, of } => crate::exit::note!(
                "uniform over {}: number {} in lexicographic order (from 0), seed {seed}, {}",
                if of == 1 {
                    "the only solution".to_string()
                } else {
                    format!("all {} solutions", grouped(of))
                },
                grouped(index),
                nqueens::show_duration(started.elapsed().as_secs_f64())
            ),
            RandomMethod::MinConflicts { start, stats } => {
                let from = match start {
                    MinConflictsStart::Random => "a random permutation",
                    _ => "a greedy random permutation (above 1,000,000 queens)",
                };
                crate::exit::note!(
                    "not uniform: n = {} is above {}, so this comes from min-conflicts started \
                     from {from}",
                    grouped(n as u128),
                    UNIFORM_MAX
                );
                print_stats(n, seed, &stats);
            }
            _ => crate::exit::note!("seed {seed}"),
        }
    }
    emit(n, columns.into_iter(), out, started)
}
