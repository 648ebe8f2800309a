//! The command line: the arguments of `nqueens count` that an MPI job can
//! honour (the very struct `nqueens count` parses, [`CountTarget`], and its
//! dry run), plus `--chunk`.
//!
//! Every rank parses and checks the same arguments, so every rank reaches the
//! same verdict and they all exit with the same status; only rank 0 prints it.

use std::time::Duration;

use clap::{Parser, Subcommand};
use nqueens_cli::flags::values::EngineChoice;
use nqueens_cli::flags::{CountTarget, ReportFormat};
use nqueens_cli::limits::show_bytes;

/// What `--dry-run` (and the options that require it) cannot go with: it
/// projects the whole count on rank 0, dealing no chunks and reading or
/// writing no task log.
const NOT_IN_A_DRY_RUN: [&str; 2] = ["chunk", "task_log"];

const AFTER_HELP: &str = "\
Run it under MPI, for example:
  mpirun -np 4 nqueens-mpi count 16 --unique
  srun nqueens-mpi count 20 --unique        (inside a Slurm allocation)
OpenMPI refuses more ranks than cores unless given --oversubscribe, and runs
as root only with --allow-run-as-root (or OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1).

With --dry-run, rank 0 times a sample of the tasks and prints the projection
`nqueens count --dry-run` prints (the wall time on 1, 2 and as many cores as
ranks, or --cores), and nothing is counted.

The output is the line `nqueens count` prints, on rank 0's standard output
or, with --output FILE, in FILE: mpirun writes rank 0's standard output
itself (as srun does) and drops a write that fails (a full disk), still
exiting 0, while rank 0 reports a failed write of FILE. Rank 0 deals out chunks of
tasks and counts tasks itself between requests; the totals are summed exactly.
With --task-log FILE, rank 0 appends every finished task to FILE (the format
of `nqueens count --task-log`); if the job dies, run it again with the same
FILE and only the missing tasks are counted.
Exit status: 0 success, 1 no solution (n = 2, 3), 2 bad arguments, ranks given
different commands, a task log of another count, one that could not be
written, output that could not be written, or a wrong total; 130 after Ctrl-C,
SIGTERM or SIGHUP (a task log keeps what was counted; mpirun may report its
own status); 101 after a panic on any rank, which aborts the whole job.";

/// Count N-Queens solutions with MPI: the work of one board spread over the
/// ranks of an MPI job.
#[derive(Debug, Parser)]
#[command(name = "nqueens-mpi", version, after_help = AFTER_HELP, propagate_version = true)]
pub struct Opts {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the solutions, and with --unique the classes up to symmetry.
    Count(CountArgs),
}

/// `nqueens-mpi count`: what `nqueens count` takes, plus `--chunk`.
#[derive(Debug, clap::Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub target: CountTarget,
    /// Tasks per chunk handed to a worker, from 1 up; by default at most
    /// max(1, tasks / (ranks × 16)) and at most the tasks left over
    /// 4 × ranks, so that chunks shrink to one task at the end.
    #[arg(long, allow_negative_numbers = true, value_name = "K", value_parser = nqueens_cli::flags::values::chunk)]
    pub chunk: Option<u32>,
    /// Rank 0 writes the count (or the dry run) to FILE instead of standard
    /// output, and a write that fails is an error (status 2): under mpirun,
    /// standard output is the launcher's to write, and a write that fails
    /// there (a full disk) is dropped, the job still exiting 0.
    #[arg(long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Plan the count and time a sample of its tasks on rank 0 instead of
    /// counting (as `nqueens count --dry-run`, one thread a rank); it takes
    /// no --chunk or --task-log.
    #[arg(long, conflicts_with_all = NOT_IN_A_DRY_RUN)]
    pub dry_run: bool,
    // Both conflict with what --dry-run conflicts with: else clap lets
    // `requires` go there and ignores them.
    /// With --dry-run: project the wall time on this many cores, 1 to
    /// 10,000,000 [default: the ranks].
    #[arg(long, value_name = "K", requires = "dry_run", conflicts_with_all = NOT_IN_A_DRY_RUN, value_parser = nqueens_cli::flags::values::cores)]
    pub cores: Option<u64>,
    /// With --dry-run: time tasks for up to this many seconds (after the
    /// third, and two of each kind; about 400 tasks, each kind's share rounded
    /// up, or 20,000 where the join engine times a random path through each
    /// from n = 24 on).
    #[arg(long, value_name = "SECONDS", default_value = nqueens_cli::flags::values::DRY_RUN_SECONDS, requires = "dry_run", conflicts_with_all = NOT_IN_A_DRY_RUN, allow_hyphen_values = true, value_parser = nqueens_cli::flags::values::dry_run_seconds)]
    pub dry_run_seconds: Duration,
    /// With --dry-run: draw the sample with this seed instead of the one
    /// every dry run draws: a 95% interval misses one time in twenty, and
    /// another sample shows whether it was chance.
    #[arg(long, value_name = "S", requires = "dry_run", conflicts_with_all = NOT_IN_A_DRY_RUN, allow_negative_numbers = true, value_parser = nqueens_cli::flags::values::seed)]
    pub dry_run_seed: Option<u64>,
    // Options of `nqueens count` that an MPI job does not take, hidden and
    // refused with what to do instead (clap's own message suggested
    // `-- --threads`, which cannot work, or a look-alike option).
    #[arg(long, short = 'j', value_name = "K", hide = true)]
    threads: Option<String>,
    #[arg(long, short = 'a', value_name = "NAME", hide = true)]
    algorithm: Option<String>,
    #[arg(long, hide = true)]
    permutations: bool,
    #[arg(long, hide = true)]
    stats: bool,
    #[arg(long, value_name = "WHEN", hide = true, num_args = 0..=1, default_missing_value = "")]
    progress: Option<String>,
    #[arg(long, value_name = "I/K", hide = true)]
    slice: Option<String>,
    #[arg(long, value_name = "DIR", hide = true)]
    checkpoint: Option<String>,
}

impl CountArgs {
    /// Why an option of `nqueens count` that is not one of ours was given.
    fn not_ours(&self) -> Option<&'static str> {
        if self.threads.is_some() {
            Some(
                "nqueens-mpi counts on one thread a rank, so it takes no --threads: for more \
                 threads, start more ranks (mpirun -n K, one a core)",
            )
        } else if self.progress.is_some() {
            Some(
                "nqueens-mpi shows no progress bar: with --task-log FILE, rank 0 adds a line to \
                 FILE for each task as its count comes in",
            )
        } else if self.slice.is_some() {
            Some(
                "nqueens-mpi counts the whole plan over its ranks, so it takes no --slice: for a \
                 part of the count, run nqueens count N --slice I/K",
            )
        } else if self.algorithm.is_some() || self.permutations || self.stats {
            Some(
                "nqueens-mpi counts with the counting engines (--engine), so it takes no \
                 --algorithm, --permutations or --stats: a classic algorithm counts on one core, \
                 with nqueens count N --algorithm NAME --stats",
            )
        } else if self.checkpoint.is_some() {
            Some(
                "nqueens-mpi keeps no checkpoint: give it --task-log FILE, and a rerun with the \
                 same FILE counts only the tasks the log lacks",
            )
        } else {
            None
        }
    }
}

/// `--dry-run`: what to project instead of counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DryRun {
    /// `--cores`, if given (else the ranks).
    pub cores: Option<u64>,
    /// `--dry-run-seconds`.
    pub seconds: Duration,
    /// `--dry-run-seed`, if given.
    pub seed: Option<u64>,
}

/// A checked `count` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    /// The board size, within the engine's range.
    pub n: usize,
    /// Whether to report U(n) as well.
    pub unique: bool,
    /// The output format.
    pub format: ReportFormat,
    /// `--chunk`, at least 1, if given.
    pub chunk: Option<usize>,
    /// The engine that counts (its name; `auto` already resolved).
    pub engine: &'static str,
    /// `--memory`, the most a rank may use, if given.
    pub memory: Option<u64>,
    /// `--task-log FILE`: rank 0 appends each finished task to it, and a
    /// rerun deals out only the tasks it lacks.
    pub task_log: Option<std::path::PathBuf>,
    /// `--dry-run`: rank 0 projects the count instead.
    pub dry_run: Option<DryRun>,
    /// `--output FILE`: rank 0 writes the count there, not on standard output.
    pub output: Option<std::path::PathBuf>,
}

/// Parses the command line: the options shared with `nqueens count`, two
/// of them said for a job of ranks. `launched`: [`under_a_launcher`], asked
/// before MPI starts (which sets the same variables in a process run alone).
pub fn parse(launched: bool) -> Result<Opts, clap::Error> {
    parse_from(std::env::args_os(), launched)
}

/// [`parse`] of `args` (the program's name first).
pub fn parse_from<T: Into<std::ffi::OsString> + Clone>(
    args: impl IntoIterator<Item = T>,
    launched: bool,
) -> Result<Opts, clap::Error> {
    use clap::{ColorChoice, CommandFactory, FromArgMatches};
    // `count --version` says the program's name, not nqueens-mpi-count.
    let mut command = Opts::command().mut_subcommands(|c| c.display_name("nqueens-mpi"));
    if launched {
        // mpirun gives each rank a terminal of its own for its standard
        // output, even when mpirun's own output goes to a file: clap would
        // write its colours into that file.
        command = command.color(ColorChoice::Never);
    }
    let command = command.mut_subcommand("count", |count| {
        count
            .mut_arg("format", |a| {
                a.help("How to print the counts [default: text]")
            })
            .mut_arg("memory", |a| {
                a.help(
                    "The most memory the engine may use on each rank, such as 4G or 512M; an \
                     engine that needs more is refused before it starts (auto picks one that \
                     fits)",
                )
            })
    });
    Opts::from_arg_matches(&command.try_get_matches_from(args)?)
}

/// Whether a launcher started this process as a rank (OpenMPI's mpirun,
/// PMIx or PMI launchers such as srun and MPICH's Hydra): its standard output
/// may then be a terminal that is not the user's.
pub fn under_a_launcher() -> bool {
    ["OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"]
        .iter()
        .any(|v| std::env::var_os(v).is_some())
}

/// Checks the arguments and picks the engine that will count, as `nqueens
/// count` would on one thread per rank. The message says what is wrong and
/// how to fix it.
pub fn check(opts: Opts) -> Result<Job, String> {
    let Command::Count(a) = opts.command;
    if let Some(message) = a.not_ours() {
        return Err(message.to_string());
    }
    let t = a.target;
    let n = t.size.n;
    let engine = match t.engine.unwrap_or(EngineChoice::Auto) {
        EngineChoice::Auto => nqueens::auto_engine(n, 1, t.memory),
        EngineChoice::Named(e) => e,
    };
    let named = matches!(t.engine, Some(EngineChoice::Named(_)));
    if let Some(message) = nqueens_cli::limits::count_too_large(n, engine, named) {
        return Err(message);
    }
    let needed = engine.memory(n, 1);
    if let Some(limit) = t.memory.filter(|&m| needed > m) {
        return Err(format!(
            "count {n} with the {} engine needs about {} per rank, more than --memory {}",
            engine.name(),
            show_bytes(needed),
            show_bytes(limit)
        ));
    }
    Ok(Job {
        n,
        unique: t.unique,
        format: t.format.unwrap_or(ReportFormat::Text),
        chunk: a.chunk.map(|k| k as usize),
        engine: engine.name(),
        memory: t.memory,
        task_log: t.task_log,
        dry_run: a.dry_run.then_some(DryRun {
            cores: a.cores,
            seconds: a.dry_run_seconds,
            seed: a.dry_run_seed,
        }),
        output: a.output,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Job, String> {
        let opts = parse_from(args, false).map_err(|e| e.to_string())?;
        check(opts)
    }

    #[test]
    fn the_arguments_of_nqueens_count() {
        assert_eq!(
            parse(&["nqueens-mpi", "count", "12", "--unique", "--format", "json"]),
            Ok(Job {
                n: 12,
                unique: true,
                format: ReportFormat::Json,
                chunk: None,
                engine: "constellation",
                memory: None,
                task_log: None,
                dry_run: None,
                output: None,
            })
        );
        assert_eq!(
            parse(&["nqueens-mpi", "count", "20", "--dry-run", "--cores", "64"]).map(|j| j.dry_run),
            Ok(Some(DryRun {
                cores: Some(64),
                seconds: Duration::from_secs(90),
                seed: None,
            }))
        );
        assert_eq!(
            parse(&[
                "nqueens-mpi",
                "count",
                "20",
                "--dry-run",
                "--dry-run-seed",
                "7"
            ])
            .map(|j| j.dry_run.and_then(|d| d.seed)),
            Ok(Some(7))
        );
        // The options of `nqueens count` it lacks say what to do, not clap's
        // look-alike (`--dry-run-seconds`, `--version`) or `-- --stats`.
        for lacking in [
            &["--stats"][..],
            &["--algorithm", "bitwise"],
            &["--permutations"],
        ] {
            let args = [&["nqueens-mpi", "count", "12"][..], lacking].concat();
            let e = parse(&args).unwrap_err();
            assert!(
                e.contains("takes no --algorithm, --permutations or --stats"),
                "{e}"
            );
        }
        // auto is the engine `nqueens count` would pick.
        assert_eq!(
            parse(&["nqueens-mpi", "count", "16"]).map(|j| j.engine),
            Ok("join")
        );
        assert_eq!(
            parse(&["nqueens-mpi", "count", "16", "--memory", "17M"]).map(|j| j.engine),
            Ok("constellation")
        );
        assert_eq!(
            parse(&["nqueens-mpi", "count", "16", "--engine", "backtrack"]).map(|j| j.engine),
            Ok("backtrack")
        );
        assert_eq!(parse(&["nqueens-mpi", "count"]).map(|j| j.n), Ok(8));
        assert_eq!(parse(&["nqueens-mpi", "count", "1e1"]).map(|j| j.n), Ok(10));
        assert_eq!(
            parse(&["nqueens-mpi", "count", "10", "--chunk", "7"]).map(|j| j.chunk),
            Ok(Some(7))
        );
        assert_eq!(
            parse(&[
                "nqueens-mpi",
                "count",
                "10",
                "--dry-run",
                "--output",
                "q.txt"
            ])
            .map(|j| j.output),
            Ok(Some("q.txt".into()))
        );
    }

    #[test]
    fn help_names_the_flags_a_small_machine_and_root_need() {
        let help = parse_from(["nqueens-mpi", "--help"], false)
            .unwrap_err()
            .to_string();
        assert!(
            help.contains("--oversubscribe") && help.contains("--allow-run-as-root"),
            "{help}"
        );
        // The shared options said for ranks: no --slice here, memory per
        // rank; the options it lacks are not offered.
        let help = parse_from(["nqueens-mpi", "count", "--help"], false)
            .unwrap_err()
            .to_string();
        assert!(
            !help.contains("--slice") && !help.contains("--threads"),
            "{help}"
        );
        assert!(help.contains("may use on each rank"), "{help}");
    }

    #[test]
    fn the_version_names_the_program() {
        let version = format!("nqueens-mpi {}\n", env!("CARGO_PKG_VERSION"));
        for args in [
            &["nqueens-mpi", "--version"][..],
            &["nqueens-mpi", "count", "-V"],
        ] {
            let said = parse_from(args, false).unwrap_err().to_string();
            assert_eq!(said, version);
        }
    }

    #[test]
    fn options_of_nqueens_count_it_lacks_say_what_to_do() {
        for (args, expected) in [
            (
                &["nqueens-mpi", "count", "12", "--threads", "4"][..],
                "start more ranks",
            ),
            (
                &["nqueens-mpi", "count", "12", "-j2"][..],
                "start more ranks",
            ),
            (
                &["nqueens-mpi", "count", "12", "--progress"][..],
                "no progress bar",
            ),
            (
                &["nqueens-mpi", "count", "--progress", "always", "12"][..],
                "no progress bar",
            ),
            (
                &["nqueens-mpi", "count", "12", "--slice", "1/2"][..],
                "nqueens count N --slice",
            ),
            (
                &["nqueens-mpi", "count", "12", "--checkpoint", "d"][..],
                "--task-log FILE",
            ),
        ] {
            let e = parse(args).unwrap_err();
            assert!(
                e.contains(expected) && !e.contains("-- --"),
                "{args:?}: {e}"
            );
        }
    }

    #[test]
    fn bad_arguments_say_what_is_wrong() {
        for (args, expected) in [
            (&["nqueens-mpi", "count", "0"][..], "no 0×0 board"),
            (&["nqueens-mpi", "count", "-3"][..], "positive whole number"),
            (
                &["nqueens-mpi", "count", "eight"][..],
                "positive whole number",
            ),
            (&["nqueens-mpi", "count", "+8"][..], "positive whole number"),
            (
                &["nqueens-mpi", "count", "41"][..],
                "count 41: n is too large: the counting engines take n up to 40",
            ),
            (
                &["nqueens-mpi", "count", "9".repeat(30).as_str()][..],
                "far too large",
            ),
            (
                &["nqueens-mpi", "count", "8", "--chunk", "0"][..],
                "--chunk",
            ),
            (
                &["nqueens-mpi", "count", "8", "--chunk", "x"][..],
                "--chunk",
            ),
            // Read as a value, not as a flag with clap's tip to write `-- -1`.
            (
                &["nqueens-mpi", "count", "8", "--chunk", "-1"][..],
                "invalid value '-1' for '--chunk <K>'",
            ),
            (
                &["nqueens-mpi", "count", "8", "--engine", "nope"][..],
                "no engine called 'nope'",
            ),
            (
                &["nqueens-mpi", "count", "8", "--cores", "4"][..],
                "--dry-run",
            ),
            (
                &["nqueens-mpi", "count", "8", "--dry-run", "--cores", "0"][..],
                "--cores",
            ),
            (
                &[
                    "nqueens-mpi",
                    "count",
                    "8",
                    "--dry-run",
                    "--task-log",
                    "t.log",
                ][..],
                "'--dry-run' cannot be used with '--task-log <FILE>'",
            ),
            // Beside --chunk, which --dry-run conflicts with, clap let
            // `requires` go and --cores was ignored.
            (
                &["nqueens-mpi", "count", "8", "--chunk", "2", "--cores", "4"][..],
                "'--chunk <K>' cannot be used with '--cores <K>'",
            ),
            (
                &[
                    "nqueens-mpi",
                    "count",
                    "8",
                    "--chunk",
                    "2",
                    "--dry-run-seconds",
                    "5",
                ][..],
                "'--chunk <K>' cannot be used with '--dry-run-seconds <SECONDS>'",
            ),
            (
                &[
                    "nqueens-mpi",
                    "count",
                    "8",
                    "--dry-run",
                    "--dry-run-seconds",
                    "0",
                ][..],
                "--dry-run-seconds",
            ),
            (
                &["nqueens-mpi", "count", "29", "--engine", "join"][..],
                "count 29 --engine join: that engine takes n up to 28",
            ),
            (
                &[
                    "nqueens-mpi",
                    "count",
                    "16",
                    "--engine",
                    "join",
                    "--memory",
                    "1K",
                ][..],
                "more than --memory",
            ),
        ] {
            let err = parse(args).unwrap_err();
            assert!(err.contains(expected), "{args:?}: {err}");
        }
    }

    /// `--memory` of exactly what the engine needs is enough, as its message
    /// says ("more than --memory"); one byte less is refused.
    #[test]
    fn memory_of_exactly_the_need_is_enough() {
        let needed = nqueens::engine_by_name("join").unwrap().memory(16, 1);
        let with = |memory: u64| {
            let memory = memory.to_string();
            parse(&[
                "nqueens-mpi",
                "count",
                "16",
                "--engine",
                "join",
                "--memory",
                &memory,
            ])
        };
        assert_eq!(with(needed).map(|j| j.engine), Ok("join"));
        let e = with(needed - 1).unwrap_err();
        assert!(e.contains("more than --memory"), "{e}");
    }
}
