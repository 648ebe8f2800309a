//! Lowering parsed options into a validated configuration.
//!
//! Every check that can be made before work starts is made here: the board
//! size is a positive number, the command can handle it in reasonable time,
//! and the limit is a number. Errors are [`UsageError`](crate::exit::UsageError)s (exit status 2) that
//! say what was wrong and what to do instead.

use std::path::PathBuf;

use nqueens::algo::{self, Algorithm};
use nqueens::render::{Options, Style};

use crate::cli::{
    self, Command, Opts, ReportFormat, SolutionFormat, TableFormat, TraceFormat, VerifyFormat,
};
use crate::exit::usage;

/// Above this, the lexicographically first solution takes more than about a
/// second to find by backtracking (n = 33 takes 1 s here, n = 34 takes 17 s).
pub const SOLVE_MAX: usize = 32;
/// Above this, `all` without `--limit` would print billions of boards.
pub const ALL_MAX: usize = 18;
/// Above this, `count` would run for hours on one core (n = 16 takes 4 s
/// here, n = 18 about 3 minutes).
pub const COUNT_MAX: usize = 18;

/// Above this, `compare` would keep too many solutions of too many algorithms.
pub const COMPARE_MAX: usize = 14;
/// `trace` stops after this many steps unless `--max-steps` says otherwise.
pub const TRACE_STEPS: u64 = 500;

/// How a single board is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardOutput {
    /// One of the text styles.
    Text(Style),
    /// An SVG picture.
    Svg,
    /// A PNG picture.
    Png,
}

/// Which search runs, and whether to report its statistics.
#[derive(Clone, Copy)]
pub struct Search {
    /// `None`: the library's fastest path for the command.
    pub algorithm: Option<&'static dyn Algorithm>,
    /// Print statistics to stderr.
    pub stats: bool,
}

/// What to do, checked.
pub enum Config {
    /// Print the first solution.
    Solve {
        n: usize,
        search: Search,
        output: BoardOutput,
        options: Options,
    },
    /// Stream solutions.
    All {
        n: usize,
        search: Search,
        limit: Option<u64>,
        unique: bool,
        style: Style,
        options: Options,
    },
    /// Count solutions.
    Count {
        n: usize,
        search: Search,
        unique: bool,
        format: ReportFormat,
    },
    /// Check placements.
    Verify {
        /// `None` reads standard input.
        input: Option<PathBuf>,
        one_based: bool,
        format: VerifyFormat,
    },
    /// List the algorithms.
    Algorithms,
    /// Compare algorithms on one board.
    Compare {
        n: usize,
        algorithms: Vec<&'static dyn Algorithm>,
        format: TableFormat,
    },
    /// Trace one algorithm.
    Trace {
        n: usize,
        algorithm: &'static dyn Algorithm,
        max_steps: u64,
        format: TraceFormat,
        frames: Option<PathBuf>,
        delay: f64,
    },
}

fn algorithm_names() -> String {
    algo::algorithms()
        .iter()
        .map(|a| a.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Looks up an algorithm by name, with the permutation variant of brute force.
fn find_algorithm(name: &str, permutations: bool) -> anyhow::Result<&'static dyn Algorithm> {
    let name = name.trim();
    let Some(found) = algo::by_name(name) else {
        usage!(
            "unknown algorithm '{name}'; choose one of {} (`nqueens algorithms` describes them)",
            algorithm_names()
        );
    };
    if permutations {
        match algo::brute_force_permutations() {
            Some(perm) if found.name() == perm.name() => return Ok(perm),
            _ => usage!("--permutations goes with `--algorithm brute-force`, not with '{name}'"),
        }
    }
    Ok(found)
}

/// Checks that `algorithm` takes boards of size `n`.
fn check_algorithm_size(algorithm: &dyn Algorithm, n: usize) -> anyhow::Result<()> {
    if n > algorithm.max_n() {
        usage!(
            "--algorithm {} accepts n from 1 to {}, not {n}; `nqueens algorithms` lists each \
             algorithm's limit, and the default search takes larger boards",
            algorithm.name(),
            algorithm.max_n()
        );
    }
    Ok(())
}

/// Lowers `--algorithm`, `--permutations` and `--stats`.
fn search(a: &cli::AlgoArgs, n: usize) -> anyhow::Result<Search> {
    let algorithm = match (&a.algorithm, a.permutations, a.stats) {
        (Some(name), permutations, _) => Some(find_algorithm(name, permutations)?),
        (None, true, _) => usage!("--permutations goes with `--algorithm brute-force`"),
        // Statistics come from an algorithm; the default one is bitwise.
        (None, false, true) => Some(find_algorithm("bitwise", false)?),
        (None, false, false) => None,
    };
    if let Some(a) = algorithm {
        check_algorithm_size(a, n)?;
    }
    Ok(Search {
        algorithm,
        stats: a.stats,
    })
}

/// Reads `--max-steps`.
fn steps(text: Option<&str>) -> anyhow::Result<u64> {
    match text.map(str::trim) {
        None => Ok(TRACE_STEPS),
        Some(t) => match t.parse::<u64>() {
            Ok(k) if k > 0 => Ok(k),
            _ => usage!("invalid --max-steps '{t}': it must be a whole number of steps from 1 up, such as 100"),
        },
    }
}

fn board_output(format: SolutionFormat) -> BoardOutput {
    match format {
        SolutionFormat::Board => BoardOutput::Text(Style::Board),
        SolutionFormat::Ascii => BoardOutput::Text(Style::Ascii),
        SolutionFormat::List => BoardOutput::Text(Style::List),
        SolutionFormat::Json => BoardOutput::Text(Style::Json),
        SolutionFormat::Leetcode => BoardOutput::Text(Style::LeetCode),
        SolutionFormat::Svg => BoardOutput::Svg,
        SolutionFormat::Png => BoardOutput::Png,
    }
}

/// Reads the board size, with a message that says what a valid one looks like.
pub fn board_size(text: &str) -> anyhow::Result<usize> {
    let t = text.trim();
    if let Some(rest) = t.strip_prefix('-') {
        if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
            usage!("invalid board size '{t}': n must be a positive whole number, such as 8");
        }
    }
    if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit()) {
        usage!("invalid board size '{t}': n must be a positive whole number, such as 8");
    }
    match t.parse::<usize>() {
        Ok(0) => usage!("invalid board size 0: there is no 0×0 board; n must be at least 1"),
        Ok(n) => Ok(n),
        Err(_) => usage!("invalid board size '{t}': that number is far too large for any board"),
    }
}

/// `1234567` as `1,234,567`.
pub fn grouped(x: u128) -> String {
    let digits = x.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// What the tables say about Q(n), for messages.
fn known_total(n: usize) -> String {
    match nqueens::known::total(n) {
        Some(q) => format!("Q({n}) = {} (OEIS A000170)", grouped(q)),
        None => format!(
            "Q({n}) is unknown, and more than Q(27) = {}",
            grouped(nqueens::known::A000170[26])
        ),
    }
}

fn check_solvable_size(command: &str, n: usize) -> anyhow::Result<()> {
    if n > SOLVE_MAX {
        usage!(
            "{command} {n}: n is too large; finding the first solutions by backtracking can take \
             minutes or more above n = {SOLVE_MAX} (n = 34 already takes 17 s), so this version \
             accepts n from 1 to {SOLVE_MAX}"
        );
    }
    Ok(())
}

/// Checks the options and lowers them into a [`Config`].
pub fn lower(opts: Opts) -> anyhow::Result<Config> {
    Ok(match opts.command {
        Command::Solve(a) => {
            let n = board_size(&a.size.n)?;
            check_solvable_size("solve", n)?;
            Config::Solve {
                n,
                search: search(&a.algo, n)?,
                output: board_output(a.format),
                options: Options {
                    one_based: a.one_based,
                },
            }
        }
        Command::All(a) => all(a)?,
        Command::Count(a) => {
            let n = board_size(&a.size.n)?;
            if n > COUNT_MAX {
                usage!(
                    "count {n}: n is too large for this version's counter, which runs on one core \
                     and would need hours or more (n = 16 takes seconds, n = {COUNT_MAX} minutes, \
                     and each row multiplies the time by about 7); {}",
                    match nqueens::known::total(n) {
                        Some(_) => format!("the published value is {}", known_total(n)),
                        None => known_total(n),
                    }
                );
            }
            Config::Count {
                n,
                search: search(&a.algo, n)?,
                unique: a.unique,
                format: a.format,
            }
        }
        Command::Verify(a) => Config::Verify {
            input: a.input.filter(|p| p.as_os_str() != "-"),
            one_based: a.one_based,
            format: a.format,
        },
        Command::Algorithms => Config::Algorithms,
        Command::Compare(a) => {
            let n = board_size(&a.size.n)?;
            if n > COMPARE_MAX {
                usage!(
                    "compare {n}: n is too large; compare keeps every solution of every algorithm, \
                     so it takes n from 1 to {COMPARE_MAX}"
                );
            }
            let algorithms = match a.algorithms.as_deref() {
                None => algo::algorithms().to_vec(),
                Some(list) => {
                    let mut chosen = Vec::new();
                    for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                        chosen.push(find_algorithm(name, false)?);
                    }
                    if chosen.is_empty() {
                        usage!(
                            "--algorithms is empty; name at least one, such as bitwise,recursive"
                        );
                    }
                    chosen
                }
            };
            Config::Compare {
                n,
                algorithms,
                format: a.format,
            }
        }
        Command::Trace(a) => {
            let n = board_size(&a.n)?;
            let algorithm = find_algorithm(&a.algorithm, a.permutations)?;
            check_algorithm_size(algorithm, n)?;
            check_solvable_size("trace", n)?;
            if a.frames.is_some() && a.format != TraceFormat::Svg {
                usage!("--frames DIR writes SVG pictures; add --format svg");
            }
            if !(a.delay.is_finite() && a.delay > 0.0 && a.delay <= 60.0) {
                usage!(
                    "invalid --delay {}: give the seconds per step, above 0 and at most 60",
                    a.delay
                );
            }
            Config::Trace {
                n,
                algorithm,
                max_steps: steps(a.max_steps.as_deref())?,
                format: a.format,
                frames: a.frames,
                delay: a.delay,
            }
        }
    })
}

fn all(a: cli::AllArgs) -> anyhow::Result<Config> {
    let n = board_size(&a.size.n)?;
    let limit = match a.limit.as_deref().map(str::trim) {
        None => None,
        Some(t) => match t.parse::<u64>() {
            Ok(k) => Some(k),
            Err(_) => usage!(
                "invalid --limit '{t}': the limit must be a whole number of solutions, such as 10"
            ),
        },
    };
    if limit.is_none() && n > ALL_MAX {
        usage!(
            "all {n}: too many solutions to list; {}. Print the first few with `--limit K`, \
             or count them with `nqueens count`",
            known_total(n)
        );
    }
    check_solvable_size("all", n)?;
    let style = match board_output(a.format) {
        BoardOutput::Text(style) => style,
        BoardOutput::Svg | BoardOutput::Png => usage!(
            "all prints many boards, and --format svg and png draw one: use \
             `nqueens solve {n} --format svg`, or `nqueens trace {n} --format svg` for an animation"
        ),
    };
    Ok(Config::All {
        n,
        search: search(&a.algo, n)?,
        limit,
        unique: a.unique,
        style,
        options: Options {
            one_based: a.one_based,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(board_size("8").unwrap(), 8);
        assert_eq!(board_size(" 12 ").unwrap(), 12);
        for bad in ["0", "-3", "abc", "", "8.5", "99999999999999999999999", "+"] {
            let e = board_size(bad).unwrap_err();
            assert!(
                e.downcast_ref::<crate::exit::UsageError>().is_some(),
                "{bad}"
            );
        }
    }

    #[test]
    fn grouping() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(14_772_512), "14,772,512");
    }
}
