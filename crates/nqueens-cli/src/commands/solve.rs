//! `nqueens solve N`: one solution. The lexicographically first up to
//! n = 32, the explicit construction above (or as asked), min-conflicts on
//! request.

use std::time::Instant;

use nqueens::construct;
use nqueens::Collect;
use nqueens::{MinConflicts, MinConflictsOutcome, MinConflictsStart};

use nqueens::grouped;

use super::board::{check_only, emit, BoardOut, BoardOutput};
use super::run_algo::{self, Search};
use crate::exit::{usage, Outcome};
use crate::flags::values::AlgorithmChoice;
use crate::flags::SolveArgs;
use crate::limits::{show_bytes, HUGE_MAX, SOLVE_MAX};
use crate::output::check_binary_ok;

/// How `solve` finds its board.
#[derive(Clone, Copy)]
enum Method {
    /// The lexicographically first solution, or the first that a classic
    /// algorithm finds.
    Search(Search),
    /// The explicit construction, streamed.
    Construct,
    /// Min-conflicts local search.
    MinConflicts(MinConflicts),
}

/// Picks the method from `--algorithm`, `--seed` and `--max-steps`, and
/// checks it against `n`; `true` when the construction stands in for a
/// search that would take too long.
fn method(a: &SolveArgs, n: usize) -> anyhow::Result<(Method, bool)> {
    let choice = a.algo.algorithm;
    let huge = matches!(
        choice,
        Some(AlgorithmChoice::Construct | AlgorithmChoice::MinConflicts)
    );
    if let (true, Some(choice)) = (huge && a.algo.permutations, choice) {
        usage!(
            "--permutations goes with `--algorithm brute-force`, not with '{}'",
            choice.name()
        );
    }
    // Else dropped where the construction stands in for a search (n > 32).
    Search::permutations_need_an_algorithm(&a.algo)?;
    if !matches!(choice, Some(AlgorithmChoice::MinConflicts)) {
        for (given, flag) in [
            (a.seed.is_some(), "--seed"),
            (a.max_steps.is_some(), "--max-steps"),
        ] {
            if given {
                let why = if flag == "--seed" {
                    "a local search that starts from random numbers; the other algorithms always \
                     give the same board"
                } else {
                    "a local search that may need a bound on its steps; the other algorithms \
                     always finish"
                };
                usage!("{flag} belongs to `--algorithm min-conflicts` ({why})");
            }
        }
    }
    let picked = match choice {
        Some(AlgorithmChoice::Construct) => (Method::Construct, false),
        Some(AlgorithmChoice::MinConflicts) => (
            Method::MinConflicts(MinConflicts {
                seed: a.seed.unwrap_or(1),
                max_steps: a.max_steps,
                ..MinConflicts::default()
            }),
            false,
        ),
        None if n > SOLVE_MAX => (Method::Construct, true),
        _ => {
            crate::limits::solvable_size("solve", n)?;
            (Method::Search(Search::from_args(&a.algo, n)?), false)
        }
    };
    match picked.0 {
        Method::Construct if n > HUGE_MAX => usage!(
            "solve {n}: the construction takes n up to {} (2^32), the largest board that \
             --verify and `nqueens verify` check",
            grouped(HUGE_MAX as u128)
        ),
        Method::MinConflicts(_) if n > nqueens::MIN_CONFLICTS_MAX_N => usage!(
            "solve {n} --algorithm min-conflicts: n is too large: the search allocates about {} \
             for a board of this size and takes n up to {}; use --algorithm construct, which \
             takes n up to {} in constant memory",
            show_bytes(nqueens::min_conflicts_memory(n)),
            grouped(nqueens::MIN_CONFLICTS_MAX_N as u128),
            grouped(HUGE_MAX as u128)
        ),
        Method::MinConflicts(_) => {
            min_conflicts_fits(
                n,
                &format!("solve {n} --algorithm min-conflicts"),
                "use --algorithm construct, which takes constant memory",
            )?;
            Ok(picked)
        }
        _ => Ok(picked),
    }
}

/// Refuses a min-conflicts search that cannot have its memory under
/// `ulimit -v`: it would end at its first allocation that fails (an abort,
/// exit status 134), as `count` refuses a count that cannot fit.
pub fn min_conflicts_fits(n: usize, what: &str, instead: &str) -> anyhow::Result<()> {
    // With room for the process itself and what the search allocates
    // beside its arrays: just under the limit, n = 20.5 million aborted
    // under `ulimit -v 500000` (its arrays alone fit).
    let arrays = nqueens::min_conflicts_memory(n);
    let needed = arrays + arrays / 16 + (64 << 20);
    if let Some(limit) = crate::limits::address_space_limit().filter(|&limit| needed > limit) {
        usage!(
            "{what} allocates about {} (about {} with the rest of the process), more than this \
             process may take (ulimit -v: {}); raise the limit, or {instead}",
            show_bytes(arrays),
            show_bytes(needed),
            show_bytes(limit)
        );
    }
    Ok(())
}

/// Runs `nqueens solve`.
pub fn run(a: SolveArgs) -> anyhow::Result<Outcome> {
    let n = a.size.n;
    let (method, fallback) = method(&a, n)?;
    let stats = a.algo.stats;
    let out = BoardOut::from_args(&a.output, n, "solve")?;
    if out.output == BoardOutput::Png {
        check_binary_ok(&format!("nqueens solve {n} --format png"))?;
    }
    let started = Instant::now();
    if fallback {
        crate::exit::note!(
            "note: n = {} is above {SOLVE_MAX}, where finding the lexicographically first \
             solution by backtracking can take seconds or far longer; this is the \
             explicit construction (--algorithm construct). --algorithm min-conflicts --seed S \
             gives other solutions",
            grouped(n as u128)
        );
    }
    match method {
        Method::Search(search) => {
            let first = match search.algorithm {
                None => nqueens::first(n)?.map(nqueens::Solution::into_columns),
                Some(algorithm) => {
                    let mut sink = Collect {
                        limit: Some(1),
                        ..Collect::default()
                    };
                    let (stats, seconds) = run_algo::run(algorithm, n, &mut sink)?;
                    if search.stats {
                        run_algo::print_stats(algorithm, n, &stats, seconds);
                    }
                    sink.solutions.into_iter().next()
                }
            };
            match first {
                Some(columns) => emit(n, columns.into_iter(), out, started),
                None => Ok(no_solution(n)),
            }
        }
        Method::Construct => {
            let Some(columns) = construct(n)? else {
                return Ok(no_solution(n));
            };
            let outcome = if out.output == BoardOutput::Nothing && out.verify {
                check_only(n, |rows| columns.rows(rows), started)?
            } else {
                emit(n, columns, out, started)?
            };
            if stats {
                // What the time holds: the writing unless nothing is
                // written, the check only with --verify.
                let included = match (out.output == BoardOutput::Nothing, out.verify) {
                    (false, true) => ", writing and checking included",
                    (false, false) => ", writing included",
                    (true, true) => ", checking included",
                    (true, false) => "",
                };
                crate::exit::note!(
                    "construct: n = {}, O(1) per row and nothing stored: {}{included}",
                    grouped(n as u128),
                    nqueens::show_duration(started.elapsed().as_secs_f64())
                );
            }
            Ok(outcome)
        }
        Method::MinConflicts(search) => min_conflicts(n, search, stats, out, started),
    }
}

fn min_conflicts(
    n: usize,
    search: MinConflicts,
    stats: bool,
    out: BoardOut,
    started: Instant,
) -> anyhow::Result<Outcome> {
    note_long_search(n, search.start);
    let (found, st) = search.solve(n)?;
    if stats {
        print_stats(n, search.seed, &st);
    }
    match found {
        MinConflictsOutcome::Found(columns) if out.output == BoardOutput::Nothing && out.verify => {
            check_only(n, |rows| columns[rows].iter().map(|&c| c as usize), started)
        }
        MinConflictsOutcome::Found(columns) => {
            emit(n, columns.into_iter().map(|c| c as usize), out, started)
        }
        MinConflictsOutcome::NoSolution => Ok(no_solution(n)),
        _ => {
            crate::exit::note!(
                "min-conflicts gave up after {} ({}) without a solution for n = {}; raise \
                 --max-steps, try another --seed, or use --algorithm construct",
                nqueens::plural(u128::from(st.steps), "step", "steps"),
                nqueens::plural(u128::from(st.restarts), "restart", "restarts"),
                grouped(n as u128)
            );
            // A solution exists (n ≥ 4): the search stopped, it did not
            // find that none does.
            Ok(Outcome::Unknown)
        }
    }
}

/// Says how long a search will take when that is a second or more: the
/// greedy start needs about 0.05 s per million queens here (0.09 s with
/// `--verify` or output), a random one 3 to 4 s (2.9 to 4.6 s, median
/// 3.8 s, seeds 1 to 5 of `examples/min_conflicts_times.rs`, which
/// measures both; 1.7 s on a quieter day of the same machine).
pub fn note_long_search(n: usize, start: MinConflictsStart) {
    let per_queen = match start {
        MinConflictsStart::Random => 3.5e-6,
        _ => 9e-8,
    };
    let seconds = n as f64 * per_queen;
    if seconds >= 1.0 {
        crate::exit::note!(
            "min-conflicts on n = {}: about {seconds:.0} s; it allocates about {} (and writes less \
             of it)",
            grouped(n as u128),
            show_bytes(nqueens::min_conflicts_memory(n))
        );
    }
}

/// The search's statistics, on stderr.
pub fn print_stats(n: usize, seed: u64, st: &nqueens::MinConflictsStats) {
    crate::exit::note!(
        "min-conflicts: n = {}, seed {seed}: {}, {}, {}, {}, {}",
        grouped(n as u128),
        nqueens::plural(
            u128::from(st.initial_conflicts),
            "initial conflict",
            "initial conflicts"
        ),
        nqueens::plural(u128::from(st.steps), "step", "steps"),
        nqueens::plural(u128::from(st.moves), "move", "moves"),
        nqueens::plural(u128::from(st.restarts), "restart", "restarts"),
        nqueens::show_duration(st.seconds)
    );
}

pub fn no_solution(n: usize) -> Outcome {
    crate::exit::note!("no solution exists for n = {n}");
    Outcome::No
}
