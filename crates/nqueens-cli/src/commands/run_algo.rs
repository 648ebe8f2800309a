//! Running a chosen algorithm for `solve`, `all` and `count`, and printing
//! its statistics.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use nqueens::grouped;
use nqueens::{Algorithm, Canonical, Sink, SolutionCounter, Stats};

use crate::exit::usage;
use crate::flags::AlgoArgs;

/// Which search runs, and whether to report its statistics.
#[derive(Clone, Copy)]
pub struct Search {
    /// `None`: the library's fastest path for the command.
    pub algorithm: Option<&'static dyn Algorithm>,
    /// Print statistics to stderr.
    pub stats: bool,
}

impl Search {
    /// Refuses `--permutations` without `--algorithm`, which only
    /// `--algorithm brute-force` reads: the counting engines and the
    /// construction would drop it.
    pub fn permutations_need_an_algorithm(a: &AlgoArgs) -> anyhow::Result<()> {
        if a.permutations && a.algorithm.is_none() {
            usage!("--permutations goes with `--algorithm brute-force`");
        }
        Ok(())
    }

    /// `--algorithm`, `--permutations` and `--stats`, checked against `n`.
    pub fn from_args(a: &AlgoArgs, n: usize) -> anyhow::Result<Search> {
        Search::permutations_need_an_algorithm(a)?;
        let algorithm = match (a.algorithm, a.permutations, a.stats) {
            (Some(choice), permutations, _) => Some(with_permutations(
                choice.classic().map_err(crate::exit::UsageError)?,
                permutations,
            )?),
            // Statistics come from an algorithm; the default one is bitwise.
            (None, _, true) => nqueens::find_algorithm("bitwise").ok(),
            (None, _, false) => None,
        };
        if let Some(a) = algorithm {
            crate::limits::algorithm_size(a, n)?;
        }
        Ok(Search {
            algorithm,
            stats: a.stats,
        })
    }
}

/// The algorithm, or with `--permutations` brute force's permutation variant.
pub fn with_permutations(
    algorithm: &'static dyn Algorithm,
    permutations: bool,
) -> anyhow::Result<&'static dyn Algorithm> {
    if !permutations {
        return Ok(algorithm);
    }
    match nqueens::brute_force_permutations() {
        Some(perm) if algorithm.name() == perm.name() => Ok(perm),
        _ => usage!(
            "--permutations goes with `--algorithm brute-force`, not with '{}'",
            algorithm.name()
        ),
    }
}

/// From this size on, a classic algorithm other than bitwise may take long
/// enough that the user should hear why.
const SLOW_FROM: usize = 24;

/// Runs `algorithm` into `sink`, timing it.
pub fn run(
    algorithm: &dyn Algorithm,
    n: usize,
    sink: &mut dyn Sink,
) -> anyhow::Result<(Stats, f64)> {
    if n >= SLOW_FROM && algorithm.name() != "bitwise" {
        crate::exit::note!(
            "note: {} is a classic algorithm kept for teaching, not for speed; at n = {n} it may take \
             minutes (without --algorithm the fast search runs)",
            algorithm.name()
        );
    }
    let start = Instant::now();
    let stats = algorithm.search(n, sink)?;
    Ok((stats, start.elapsed().as_secs_f64()))
}

/// Prints statistics to stderr, one figure a line.
pub fn print_stats(algorithm: &dyn Algorithm, n: usize, stats: &Stats, seconds: f64) {
    let rows = [
        ("algorithm", algorithm.name().to_string()),
        ("n", n.to_string()),
        ("nodes", grouped(stats.nodes.into())),
        ("placements", grouped(stats.placements.into())),
        ("conflict tests", grouped(stats.conflict_tests.into())),
        ("backtracks", grouped(stats.backtracks.into())),
        ("solutions", grouped(stats.solutions.into())),
        ("peak frontier", grouped(stats.peak_frontier.into())),
        ("reads", grouped(stats.reads.into())),
        ("writes", grouped(stats.writes.into())),
        ("time", format!("{seconds:.6} s")),
    ];
    for (name, value) in rows {
        crate::exit::note!("{name:<15} {value}");
    }
}

/// Counts every solution and, optionally, the canonical ones.
pub struct CountBoth {
    pub total: u128,
    pub unique: Option<Canonical<SolutionCounter>>,
}

impl Sink for CountBoth {
    fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
        self.total += 1;
        if let Some(u) = &mut self.unique {
            let _ = u.solution(columns);
        }
        ControlFlow::Continue(())
    }
}

/// Writes each solution as it comes, and stops the search at once on the
/// limit's solution, so that the stats count exactly the work for it.
pub struct Stream<'a, W: Write> {
    pub out: &'a mut W,
    pub write: &'a mut dyn FnMut(&mut W, &[usize]) -> io::Result<()>,
    pub limit: u64,
    pub printed: u64,
    /// The search was stopped on reaching the limit.
    pub more: bool,
    /// The first write error; the search stops on it.
    pub error: Option<io::Error>,
    /// Polled between solutions; true stops the search.
    pub stop: &'a dyn Fn() -> bool,
    pub stopped: bool,
}

impl<W: Write> Sink for Stream<'_, W> {
    fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
        if self.printed >= self.limit {
            self.more = true;
            return ControlFlow::Break(());
        }
        if (self.stop)() {
            self.stopped = true;
            return ControlFlow::Break(());
        }
        if let Err(e) = (self.write)(self.out, columns) {
            self.error = Some(e);
            return ControlFlow::Break(());
        }
        self.printed += 1;
        if self.printed >= self.limit {
            self.more = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}
