//! Lowering parsed options into a validated configuration.
//!
//! Every check that can be made before work starts is made here: the board
//! size is a positive number, the command can handle it in reasonable time,
//! and the limit is a number. Errors are [`UsageError`](crate::exit::UsageError)s (exit status 2) that
//! say what was wrong and what to do instead.

use std::path::PathBuf;

use nqueens::algo::{self, Algorithm};
use nqueens::huge::min_conflicts::{self, MinConflicts};
use nqueens::render::{Options, Style};

use crate::cli::{
    self, Command, Opts, ReportFormat, SolutionFormat, TableFormat, TraceFormat, VerifyFormat,
};
use crate::exit::usage;

/// Above this, the lexicographically first solution takes more than about a
/// second to find by backtracking (n = 33 takes 1 s here, n = 34 takes 17 s);
/// `solve` prints the explicit construction instead.
pub const SOLVE_MAX: usize = 32;
/// Above this, `solve` and `random` refuse drawn boards and pictures, which
/// would flood a terminal or be unreadable; lists have no limit.
pub const DRAW_MAX: usize = 100;
/// The largest board `solve --algorithm construct` takes: 2^32 queens, the
/// limit of the streaming check (`--verify`, `nqueens verify`).
pub const HUGE_MAX: usize = 1 << 32;

/// Above this, `all` without `--limit` would print billions of boards.
pub const ALL_MAX: usize = 18;
/// Above this, `count --algorithm` (a classic algorithm, one core, no
/// symmetry) would run for hours: n = 16 takes seconds, 18 minutes.
pub const COUNT_MAX: usize = 18;
/// Above this, the counting engine would need years on a machine like ours.
pub const ENGINE_MAX: usize = 23;
/// From here on, `count` says how long it expects to take.
pub const ENGINE_WARN: usize = 19;

/// Above this, `compare` would keep too many solutions of too many algorithms.
pub const COMPARE_MAX: usize = 14;
/// `trace` stops after this many steps unless `--max-steps` says otherwise.
/// 4,000,000: every algorithm reaches its first solution within it for every
/// n up to 8 (brute force over the 8^8 boards needs 3,899,556 steps).
pub const TRACE_STEPS: u64 = 4_000_000;

/// What `complete` does once it has its instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompleteMode {
    /// The first completion.
    First,
    /// Every completion, up to a limit.
    All { limit: Option<u64> },
    /// Count them on this many threads.
    Count { threads: usize },
}

/// `nqueens complete`, checked.
pub struct CompleteRun {
    /// The instance file (`None` with `--n`); `Some("-")` is standard input.
    pub input: Option<PathBuf>,
    /// `--n`, when there is no file.
    pub n: Option<usize>,
    /// `--queen` and `--block`, 0-based.
    pub queens: Vec<nqueens::Square>,
    pub blocks: Vec<nqueens::Square>,
    pub diagonals: Option<usize>,
    pub mode: CompleteMode,
    pub timeout: Option<std::time::Duration>,
    pub stats: bool,
    /// Draw a progress bar for `--count`.
    pub progress: bool,
    pub format: Option<cli::CompleteFormat>,
    pub one_based: bool,
}

/// How the counting engine runs.
pub struct EngineRun {
    pub engine: &'static dyn nqueens::count::plan::Engine,
    pub threads: usize,
    pub progress: bool,
    pub checkpoint: Option<PathBuf>,
    pub checkpoint_every: std::time::Duration,
    pub slice: Option<nqueens::count::slice::Slice>,
    pub dry_run: bool,
}

/// How a single board is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardOutput {
    /// One of the text styles.
    Text(Style),
    /// An SVG picture.
    Svg,
    /// A PNG picture.
    Png,
    /// Nothing (`--format none`).
    Nothing,
}

/// One board's output, and whether it is checked on the way out.
#[derive(Debug, Clone, Copy)]
pub struct BoardOut {
    pub output: BoardOutput,
    pub options: Options,
    pub verify: bool,
}

/// How `solve` finds its board.
#[derive(Clone, Copy)]
pub enum Method {
    /// The lexicographically first solution, or the first that a classic
    /// algorithm finds.
    Search(Search),
    /// The explicit construction, streamed.
    Construct,
    /// Min-conflicts local search.
    MinConflicts(MinConflicts),
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
    /// Print one solution.
    Solve {
        n: usize,
        method: Method,
        /// The method was picked because n is above [`SOLVE_MAX`]: say so.
        fallback: bool,
        stats: bool,
        out: BoardOut,
    },
    /// Print a random solution.
    Random {
        n: usize,
        seed: u64,
        stats: bool,
        out: BoardOut,
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
        /// `None` when a classic algorithm counts (`--algorithm`).
        engine: Option<EngineRun>,
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
    /// Check placements against a completion instance.
    VerifyInstance {
        instance: PathBuf,
        diagonals: Option<usize>,
        /// `None` reads standard input.
        input: Option<PathBuf>,
        one_based: bool,
        json: bool,
    },
    /// List the algorithms.
    Algorithms,
    /// Compare algorithms on one board.
    Compare {
        n: usize,
        algorithms: Vec<&'static dyn Algorithm>,
        first: bool,
        format: TableFormat,
    },
    /// Add up slices.
    Merge {
        files: Vec<PathBuf>,
        unique: bool,
        format: ReportFormat,
    },
    /// Knuth's estimate.
    Estimate {
        n: usize,
        samples: u64,
        seed: u64,
        format: ReportFormat,
    },
    /// Complete a board.
    Complete(CompleteRun),
    /// Serve the page and the API.
    Serve(ServeRun),
    /// Trace one algorithm.
    Trace {
        n: usize,
        algorithm: &'static dyn Algorithm,
        max_steps: u64,
        until: Option<u64>,
        lsb_right: bool,
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
    if matches!(name, "construct" | "min-conflicts") {
        usage!(
            "--algorithm {name} finds one solution of a huge board, so it goes with `nqueens \
             solve N --algorithm {name}`; here choose one of {}",
            algorithm_names()
        );
    }
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
        SolutionFormat::Matrix => BoardOutput::Text(Style::Matrix),
        SolutionFormat::Pairs => BoardOutput::Text(Style::Pairs),
        SolutionFormat::Lines => BoardOutput::Text(Style::Lines),
        SolutionFormat::Svg => BoardOutput::Svg,
        SolutionFormat::Png => BoardOutput::Png,
        SolutionFormat::None => BoardOutput::Nothing,
    }
}

/// The name of a format as the user types it.
fn format_name(format: SolutionFormat) -> String {
    clap::ValueEnum::to_possible_value(&format)
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// Lowers `--format`, `--one-based` and `--verify` for one board of size `n`.
fn board_out(a: &cli::BoardArgs, n: usize, command: &str) -> anyhow::Result<BoardOut> {
    let format = a.format.unwrap_or(if n <= DRAW_MAX {
        SolutionFormat::Board
    } else {
        SolutionFormat::List
    });
    let output = board_output(format);
    let drawn = match output {
        BoardOutput::Text(style) => style.is_drawing() || style == Style::LeetCode,
        BoardOutput::Svg | BoardOutput::Png => true,
        BoardOutput::Nothing => false,
    };
    if drawn && n > DRAW_MAX {
        usage!(
            "{command} {n} --format {}: a board of more than {DRAW_MAX}×{DRAW_MAX} squares is \
             unreadable as a drawing or picture (and would flood a terminal); use --format list \
             (one line) or lines (a column per line), or --format none --verify to check the \
             board without printing it",
            format_name(format)
        );
    }
    Ok(BoardOut {
        output,
        options: Options {
            one_based: a.one_based,
        },
        verify: a.verify,
    })
}

/// Reads `--seed`.
fn seed(text: &str) -> anyhow::Result<u64> {
    match text.trim().parse::<u64>() {
        Ok(s) => Ok(s),
        Err(_) => usage!(
            "invalid --seed '{}': give a whole number from 0 to {}, such as 7",
            text.trim(),
            u64::MAX
        ),
    }
}

/// A seed for when the user gave none: the clock and the process id. The
/// library spreads any seed through SplitMix64, so nearby seeds give
/// unrelated boards.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

fn solve(a: cli::SolveArgs) -> anyhow::Result<Config> {
    let n = board_size(&a.size.n)?;
    let name = a.algo.algorithm.as_deref().map(str::trim);
    let huge = matches!(name, Some("construct" | "min-conflicts"));
    if huge && a.algo.permutations {
        usage!(
            "--permutations goes with `--algorithm brute-force`, not with '{}'",
            name.unwrap_or_default()
        );
    }
    if name != Some("min-conflicts") {
        for (given, flag) in [
            (a.seed.is_some(), "--seed"),
            (a.max_steps.is_some(), "--max-steps"),
        ] {
            if given {
                usage!(
                    "{flag} belongs to `--algorithm min-conflicts` (a local search that starts \
                     from random numbers); the other algorithms always give the same board"
                );
            }
        }
    }
    let (method, fallback) = match name {
        Some("construct") => (Method::Construct, false),
        Some("min-conflicts") => {
            let max_steps = match a.max_steps.as_deref().map(str::trim) {
                None => None,
                Some(t) => match t.parse::<u64>() {
                    Ok(k) if k > 0 => Some(k),
                    _ => usage!(
                        "invalid --max-steps '{t}': give the most swaps to try, a whole number \
                         from 1 up, such as 1000000"
                    ),
                },
            };
            let search = MinConflicts {
                seed: a.seed.as_deref().map(seed).transpose()?.unwrap_or(1),
                max_steps,
                ..MinConflicts::default()
            };
            (Method::MinConflicts(search), false)
        }
        None if n > SOLVE_MAX => (Method::Construct, true),
        _ => {
            check_solvable_size("solve", n)?;
            (Method::Search(search(&a.algo, n)?), false)
        }
    };
    match method {
        Method::Construct if n > HUGE_MAX => usage!(
            "solve {n}: the construction takes n up to {} (2^32), the largest board that \
             --verify and `nqueens verify` check",
            grouped(HUGE_MAX as u128)
        ),
        Method::MinConflicts(_) if n > min_conflicts::MAX_N => usage!(
            "solve {n} --algorithm min-conflicts: n is too large: the search keeps about {} \
             for a board of this size and takes n up to {}; use --algorithm construct, which \
             takes n up to {} in constant memory",
            show_bytes(min_conflicts::memory(n)),
            grouped(min_conflicts::MAX_N as u128),
            grouped(HUGE_MAX as u128)
        ),
        _ => {}
    }
    Ok(Config::Solve {
        n,
        method,
        fallback,
        stats: a.algo.stats,
        out: board_out(&a.output, n, "solve")?,
    })
}

/// Whether to draw a progress bar: `auto` draws it on a terminal.
fn progress_on(mode: cli::ProgressMode) -> bool {
    match mode {
        cli::ProgressMode::Always => true,
        cli::ProgressMode::Never => false,
        cli::ProgressMode::Auto => std::io::IsTerminal::is_terminal(&std::io::stderr()),
    }
}

/// Reads `--diagonals D`.
fn diagonals(text: Option<&str>) -> anyhow::Result<Option<usize>> {
    match text.map(str::trim) {
        None => Ok(None),
        Some(t) => match t.parse::<usize>() {
            Ok(d) => Ok(Some(d)),
            Err(_) => usage!(
                "invalid --diagonals '{t}': give how many of the file's diagonals to use, such as 5"
            ),
        },
    }
}

/// Reads `--threads` (default: every core).
fn threads(text: Option<&str>) -> anyhow::Result<usize> {
    match text.map(str::trim) {
        None => Ok(nqueens::count::executor::default_threads()),
        Some(t) => match t.parse::<usize>() {
            Ok(k) if (1..=4096).contains(&k) => Ok(k),
            _ => usage!("invalid --threads '{t}': give a number of threads from 1 up, such as 2"),
        },
    }
}

/// Reads `--queen` or `--block` values `ROW,COL` into 0-based squares.
fn squares(flag: &str, values: &[String], one_based: bool) -> anyhow::Result<Vec<nqueens::Square>> {
    let base = usize::from(one_based);
    let mut out = Vec::with_capacity(values.len());
    for value in values {
        let parsed = value.split_once(',').and_then(|(r, c)| {
            let r = r.trim().parse::<usize>().ok()?;
            let c = c.trim().parse::<usize>().ok()?;
            Some((r.checked_sub(base)?, c.checked_sub(base)?))
        });
        let Some((row, col)) = parsed else {
            usage!(
                "invalid {flag} '{value}': give ROW,COL such as 3,4 (counted from {base}{})",
                if one_based {
                    ""
                } else {
                    "; from 1 with --one-based"
                }
            );
        };
        out.push(nqueens::Square::new(row, col));
    }
    Ok(out)
}

fn complete(a: cli::CompleteArgs) -> anyhow::Result<Config> {
    let n = match (&a.input, a.size.as_deref()) {
        (Some(_), Some(_)) => usage!(
            "--n gives the size of a board made only of --queen and --block; the file already \
             says its size (drop --n)"
        ),
        (None, None) => usage!(
            "complete needs a board: a file (`-` for standard input), or --n N with --queen \
             ROW,COL and --block ROW,COL"
        ),
        (None, Some(text)) => Some(board_size(text)?),
        (Some(_), None) => None,
    };
    let diagonals = diagonals(a.diagonals.as_deref())?;
    if a.limit.is_some() && !a.all {
        usage!("--limit goes with --all (print at most K completions)");
    }
    let limit = match a.limit.as_deref().map(str::trim) {
        None => None,
        Some(t) => match t.parse::<u64>() {
            Ok(k) => Some(k),
            Err(_) => {
                usage!("invalid --limit '{t}': give a whole number of completions, such as 10")
            }
        },
    };
    if a.threads.is_some() && !a.count {
        usage!("--threads goes with --count (the first completion and --all search on one core)");
    }
    let mode = if a.count {
        CompleteMode::Count {
            threads: threads(a.threads.as_deref())?,
        }
    } else if a.all {
        CompleteMode::All { limit }
    } else {
        CompleteMode::First
    };
    let timeout = match a.timeout.as_deref().map(str::trim) {
        None => None,
        Some(t) => match t.parse::<f64>() {
            Ok(s) if s.is_finite() && s > 0.0 && s < 1e9 => Some(std::time::Duration::from_secs_f64(s)),
            _ => usage!("invalid --timeout '{t}': give the seconds to search before answering \"unknown\", such as 30"),
        },
    };
    Ok(Config::Complete(CompleteRun {
        input: a.input,
        n,
        queens: squares("--queen", &a.queen, a.one_based)?,
        blocks: squares("--block", &a.block, a.one_based)?,
        diagonals,
        mode,
        timeout,
        stats: a.stats,
        progress: progress_on(a.progress),
        format: a.format,
        one_based: a.one_based,
    }))
}

fn random(a: cli::RandomArgs) -> anyhow::Result<Config> {
    let n = board_size(&a.size.n)?;
    if n > min_conflicts::MAX_N {
        usage!(
            "random {n}: n is too large: above n = {} a random solution comes from \
             min-conflicts, which takes n up to {} (it keeps about {} for this board); \
             `nqueens solve {n}` prints the explicit construction",
            nqueens::huge::random::UNIFORM_MAX,
            grouped(min_conflicts::MAX_N as u128),
            show_bytes(min_conflicts::memory(n))
        );
    }
    Ok(Config::Random {
        n,
        seed: match a.seed.as_deref() {
            Some(text) => seed(text)?,
            None => fresh_seed(),
        },
        stats: a.stats,
        out: board_out(&a.output, n, "random")?,
    })
}

/// Reads the board size, with a message that says what a valid one looks
/// like. Besides plain digits it takes `1_000_000` and powers of ten written
/// as `1e9` or `25e6`, since huge boards are what `solve` and `random` are for.
pub fn board_size(text: &str) -> anyhow::Result<usize> {
    let t = text.trim();
    let invalid = || -> anyhow::Result<usize> {
        usage!("invalid board size '{t}': n must be a positive whole number, such as 8, 1_000_000 or 1e9")
    };
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let plain: String = t.chars().filter(|&c| c != '_').collect();
    let (mantissa, exponent) = match plain.split_once(['e', 'E']) {
        Some((m, e)) if digits(m) && digits(e) => (m, e),
        Some(_) => return invalid(),
        None if digits(&plain) && !t.starts_with('_') && !t.ends_with('_') => (plain.as_str(), "0"),
        None => return invalid(),
    };
    let value = mantissa.parse::<usize>().ok().and_then(|m| {
        let e = exponent.parse::<u32>().ok()?;
        m.checked_mul(10usize.checked_pow(e)?)
    });
    match value {
        Some(0) => usage!("invalid board size 0: there is no 0×0 board; n must be at least 1"),
        Some(n) => Ok(n),
        None => usage!("invalid board size '{t}': that number is far too large for any board"),
    }
}

pub use nqueens::count::report::grouped;

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
        let instead = if command == "solve" {
            "; without --algorithm (or with --algorithm construct or min-conflicts) solve finds \
             one solution of any size"
        } else {
            ""
        };
        usage!(
            "{command} {n}: n is too large; finding the first solutions by backtracking can take \
             minutes or more above n = {SOLVE_MAX} (n = 34 already takes 17 s), so this version \
             accepts n from 1 to {SOLVE_MAX}{instead}"
        );
    }
    Ok(())
}

/// Checks the options and lowers them into a [`Config`].
pub fn lower(opts: Opts) -> anyhow::Result<Config> {
    Ok(match opts.command {
        Command::Solve(a) => solve(a)?,
        Command::Complete(a) => complete(a)?,
        Command::Random(a) => random(a)?,
        Command::All(a) => all(a)?,
        Command::Count(a) => count(a)?,
        Command::Verify(a) => match a.instance {
            None => Config::Verify {
                input: a.input.filter(|p| p.as_os_str() != "-"),
                one_based: a.one_based,
                format: a.format,
            },
            Some(instance) => {
                if matches!(a.format, VerifyFormat::Svg | VerifyFormat::Png) {
                    usage!("--instance reports in text or json; drop --format svg/png");
                }
                Config::VerifyInstance {
                    instance,
                    diagonals: diagonals(a.diagonals.as_deref())?,
                    input: a.input.filter(|p| p.as_os_str() != "-"),
                    one_based: a.one_based,
                    json: a.format == VerifyFormat::Json,
                }
            }
        },
        Command::Algorithms => Config::Algorithms,
        Command::Serve(a) => Config::Serve(serve(a)?),
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
                first: a.first,
                format: a.format,
            }
        }
        Command::Merge(a) => {
            if a.files.is_empty() {
                usage!("merge needs the partial results of every slice, such as `nqueens merge part-*.json`");
            }
            Config::Merge {
                files: a.files,
                unique: a.unique,
                format: a.format,
            }
        }
        Command::Estimate(a) => {
            let n = board_size(&a.size.n)?;
            if n > 128 {
                usage!("estimate {n}: the estimator takes n from 1 to 128");
            }
            let samples = match a.samples.trim().parse::<u64>() {
                Ok(k) if (1..=1_000_000_000).contains(&k) => k,
                _ => usage!(
                    "invalid --samples '{}': give a number of random paths from 1 to 1,000,000,000, such as 100000",
                    a.samples
                ),
            };
            let Ok(seed) = a.seed.trim().parse::<u64>() else {
                usage!(
                    "invalid --seed '{}': give a whole number, such as 1",
                    a.seed
                );
            };
            Config::Estimate {
                n,
                samples,
                seed,
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
            let until = match a.until.as_deref().map(str::trim) {
                None => None,
                Some("first") => Some(1),
                Some(t) => match t.parse::<u64>() {
                    Ok(k) if k > 0 => Some(k),
                    _ => usage!(
                        "invalid --until '{t}': give `first` or the number of solutions to stop at, from 1 up"
                    ),
                },
            };
            if a.bits == cli::BitOrder::LsbRight && algorithm.name() != "bitwise" {
                usage!(
                    "--bits orders the masks of `--algorithm bitwise`; {} has none",
                    algorithm.name()
                );
            }
            Config::Trace {
                n,
                algorithm,
                max_steps: steps(a.max_steps.as_deref())?,
                until,
                lsb_right: a.bits == cli::BitOrder::LsbRight,
                format: a.format,
                frames: a.frames,
                delay: a.delay,
            }
        }
    })
}

fn count(a: cli::CountArgs) -> anyhow::Result<Config> {
    let n = board_size(&a.size.n)?;
    let classic = a.algo.algorithm.is_some() || a.algo.stats;
    if classic {
        let engine_flags = [
            (a.engine.is_some(), "--engine"),
            (a.threads.is_some(), "--threads"),
            (a.checkpoint.is_some(), "--checkpoint"),
            (a.slice.is_some(), "--slice"),
            (a.dry_run, "--dry-run"),
            (a.memory.is_some(), "--memory"),
        ];
        if let Some((_, flag)) = engine_flags.iter().find(|(set, _)| *set) {
            usage!(
                "{flag} belongs to the counting engine, and --algorithm/--stats run a classic \
                 algorithm instead; drop one of them"
            );
        }
        if n > COUNT_MAX {
            usage!(
                "count {n} --algorithm: n is too large for a classic algorithm on one core, which \
                 would need hours or more (n = 16 takes seconds, n = {COUNT_MAX} minutes); drop \
                 --algorithm to use the counting engine"
            );
        }
        return Ok(Config::Count {
            n,
            search: search(&a.algo, n)?,
            engine: None,
            unique: a.unique,
            format: a.format,
        });
    }
    if n > ENGINE_MAX {
        usage!(
            "count {n}: n is too large: even on many cores the count would take years (each row \
             multiplies the time by about 8, and n = 19 takes about half a minute on one core); {}",
            match nqueens::known::total(n) {
                Some(_) => format!("the published value is {}", known_total(n)),
                None => known_total(n),
            }
        );
    }
    let threads = threads(a.threads.as_deref())?;
    let memory = match a.memory.as_deref().map(str::trim) {
        None => None,
        Some(text) => match parse_bytes(text) {
            Some(m) => Some(m),
            None => usage!(
                "invalid --memory '{text}': give a size in bytes with an optional unit K, M, G \
                 or T (powers of 1024), such as 4G or 512M"
            ),
        },
    };
    let engine = match a.engine.as_deref().map(str::trim) {
        None | Some("auto") => nqueens::count::auto_engine(n, threads, memory),
        Some(name) => match nqueens::count::engine_by_name(name) {
            Some(e) => e,
            None => {
                let names: Vec<&str> = nqueens::count::engines().iter().map(|e| e.name()).collect();
                usage!(
                    "unknown engine '{name}'; choose auto (the default) or one of {}",
                    names.join(", ")
                )
            }
        },
    };
    if n > engine.max_n() {
        usage!(
            "count {n} --engine {}: that engine takes n up to {}; use --engine auto or \
             constellation",
            engine.name(),
            engine.max_n()
        );
    }
    let needed = engine.memory(n, threads);
    if let Some(limit) = memory.filter(|&m| needed > m) {
        usage!(
            "count {n} --engine {} needs about {} with {threads} thread{}, more than --memory \
             {}; raise --memory, use fewer threads, or use --engine constellation, which needs \
             almost none",
            engine.name(),
            show_bytes(needed),
            if threads == 1 { "" } else { "s" },
            show_bytes(limit)
        );
    }
    let slice = match a.slice.as_deref() {
        None => None,
        Some(text) => match text.parse::<nqueens::count::slice::Slice>() {
            Ok(s) => Some(s),
            Err(e) => usage!("invalid --slice '{text}': {e}"),
        },
    };
    if !(a.checkpoint_every.is_finite() && a.checkpoint_every > 0.0) {
        usage!(
            "invalid --checkpoint-every {}: give seconds above 0",
            a.checkpoint_every
        );
    }
    if slice.is_some() && a.format == ReportFormat::Text && a.unique {
        // A slice prints a partial result; the classes come out of `merge`.
        usage!("--unique goes with `nqueens merge`, which adds the slices up; a slice prints its partial result as JSON");
    }
    let progress = progress_on(a.progress);
    Ok(Config::Count {
        n,
        search: Search {
            algorithm: None,
            stats: false,
        },
        engine: Some(EngineRun {
            engine,
            threads,
            progress,
            checkpoint: a.checkpoint,
            checkpoint_every: std::time::Duration::from_secs_f64(a.checkpoint_every),
            slice,
            dry_run: a.dry_run,
        }),
        unique: a.unique,
        format: a.format,
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
        BoardOutput::Nothing => usage!(
            "all --format none would print nothing; `nqueens count {n}` counts the solutions"
        ),
    };
    if style == Style::Lines {
        usage!(
            "--format lines writes one board, a column per line; for many boards use --format \
             list (one solution per line)"
        );
    }
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

/// Reads a size such as `4G`, `512M`, `1.5G` or `1000000` (bytes; units are
/// powers of 1024, an optional `B` or `iB` after them).
fn parse_bytes(text: &str) -> Option<u64> {
    let t = text.trim().to_ascii_uppercase();
    let t = t
        .strip_suffix("IB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(&t);
    let (number, shift) = match t.chars().last()? {
        'K' => (&t[..t.len() - 1], 10),
        'M' => (&t[..t.len() - 1], 20),
        'G' => (&t[..t.len() - 1], 30),
        'T' => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let value: f64 = number.trim().parse().ok()?;
    let bytes = value * (1u64 << shift) as f64;
    (value.is_finite() && value > 0.0 && bytes < 1.8e19).then_some(bytes as u64)
}

/// A byte count for people: `535 MB`, `1.2 GB`.
pub fn show_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = b as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{b} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the steps of a search up to its first solution.
    struct StepsToFirst {
        steps: u64,
        solved: bool,
    }

    impl algo::Sink for StepsToFirst {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, event: &algo::Event<'_>) -> std::ops::ControlFlow<()> {
            self.steps += 1;
            if let algo::Event::Solution { .. } = event {
                self.solved = true;
                return std::ops::ControlFlow::Break(());
            }
            std::ops::ControlFlow::Continue(())
        }

        fn solution(&mut self, _: &[usize]) -> std::ops::ControlFlow<()> {
            std::ops::ControlFlow::Continue(())
        }
    }

    #[test]
    fn the_default_step_limit_reaches_every_first_solution_up_to_8() {
        let permutations = algo::brute_force_permutations().into_iter();
        for a in algo::algorithms().iter().copied().chain(permutations) {
            for n in (1..=8).filter(|&n| n != 2 && n != 3) {
                let mut sink = StepsToFirst {
                    steps: 0,
                    solved: false,
                };
                a.search(n, &mut sink).unwrap();
                assert!(sink.solved, "{} n = {n}", a.name());
                assert!(
                    sink.steps <= TRACE_STEPS,
                    "{} n = {n}: {} steps",
                    a.name(),
                    sink.steps
                );
            }
        }
    }

    #[test]
    fn memory_sizes() {
        assert_eq!(parse_bytes("4G"), Some(4 << 30));
        assert_eq!(parse_bytes("512m"), Some(512 << 20));
        assert_eq!(parse_bytes("1.5GiB"), Some(3 << 29));
        assert_eq!(parse_bytes("1000"), Some(1000));
        assert_eq!(parse_bytes("2KB"), Some(2048));
        for bad in ["", "G", "-1G", "0", "x", "1e30T", "NaN"] {
            assert_eq!(parse_bytes(bad), None, "{bad}");
        }
        assert_eq!(show_bytes(500), "500 bytes");
        assert_eq!(show_bytes(3 << 29), "1.5 GiB");
    }

    #[test]
    fn sizes() {
        assert_eq!(board_size("8").unwrap(), 8);
        assert_eq!(board_size(" 12 ").unwrap(), 12);
        assert_eq!(board_size("1e9").unwrap(), 1_000_000_000);
        assert_eq!(board_size("25E6").unwrap(), 25_000_000);
        assert_eq!(board_size("1_000_000").unwrap(), 1_000_000);
        assert_eq!(board_size("8e0").unwrap(), 8);
        for bad in [
            "0",
            "-3",
            "abc",
            "",
            "8.5",
            "99999999999999999999999",
            "+",
            "1e",
            "e9",
            "1e99",
            "1.5e3",
            "_8",
            "8_",
            "0e5",
            "1e-3",
        ] {
            let e = board_size(bad).unwrap_err();
            assert!(
                e.downcast_ref::<crate::exit::UsageError>().is_some(),
                "{bad}"
            );
        }
    }
}

/// `nqueens serve`, checked.
#[derive(Debug)]
pub struct ServeRun {
    pub addr: std::net::SocketAddr,
    pub open: bool,
    pub limits: nqueens_web::Limits,
    pub log: bool,
}

/// The largest `--count-max`: Q(27) is the largest value known.
const SERVE_COUNT_MAX: usize = 27;

fn serve(a: crate::cli::ServeArgs) -> anyhow::Result<ServeRun> {
    let port = match a.port.trim().parse::<u16>() {
        Ok(p) => p,
        Err(_) => usage!(
            "invalid --port '{}': give a port from 1 to 65535, or 0 for a free one",
            a.port
        ),
    };
    let bind = a.bind.trim();
    let ip: std::net::IpAddr = match bind {
        "localhost" => std::net::Ipv4Addr::LOCALHOST.into(),
        _ => match bind.trim_matches(['[', ']']).parse() {
            Ok(ip) => ip,
            Err(_) => usage!(
                "invalid --bind '{bind}': give an IP address such as 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)"
            ),
        },
    };
    let count_max = match a.count_max.trim().parse::<usize>() {
        Ok(n) if (1..=SERVE_COUNT_MAX).contains(&n) => n,
        _ => usage!(
            "invalid --count-max '{}': give the largest board to count, from 1 to {SERVE_COUNT_MAX} (n = 18 takes seconds, each row more about seven times as long)",
            a.count_max
        ),
    };
    let jobs = match a.jobs.trim().parse::<usize>() {
        Ok(k) if (1..=64).contains(&k) => k,
        _ => usage!(
            "invalid --jobs '{}': give how many count jobs may run at once, from 1 to 64",
            a.jobs
        ),
    };
    let request_seconds = match a.request_timeout.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && (0.1..=3600.0).contains(&s) => s,
        _ => usage!(
            "invalid --request-timeout '{}': give seconds from 0.1 to 3600, such as 5",
            a.request_timeout
        ),
    };
    let limits = nqueens_web::Limits {
        count_max,
        jobs,
        job_threads: threads(a.threads.as_deref())?,
        request_seconds,
        ..nqueens_web::Limits::default()
    };
    Ok(ServeRun {
        addr: std::net::SocketAddr::new(ip, port),
        open: a.open,
        limits,
        log: a.log,
    })
}
