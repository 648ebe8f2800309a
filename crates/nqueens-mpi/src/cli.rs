//! The command line: the arguments of `nqueens count`, plus `--chunk`.
//!
//! Every rank parses and checks the same arguments, so every rank reaches the
//! same verdict and they all exit with the same status; only rank 0 prints it.

use clap::{Parser, Subcommand, ValueEnum};
use nqueens::count::constellation::ConstellationEngine;
use nqueens::count::plan::Engine;

const AFTER_HELP: &str = "\
Run it under MPI, for example:
  mpirun -np 4 nqueens-mpi count 16 --unique
  srun nqueens-mpi count 20 --unique        (inside a Slurm allocation)

The output is the line `nqueens count` prints. Rank 0 deals out chunks of
tasks and counts tasks itself between requests; the totals are summed exactly.
Exit status: 0 success, 2 bad arguments; a panic on any rank aborts the job.";

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

/// `nqueens-mpi count`.
#[derive(Debug, clap::Args)]
pub struct CountArgs {
    /// The board size n (n queens on an n×n board).
    #[arg(value_name = "N", default_value = "8", allow_negative_numbers = true)]
    pub n: String,
    /// Also count the classes under rotation and reflection (OEIS A002562).
    #[arg(long, short)]
    pub unique: bool,
    /// How to print the counts.
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Tasks per chunk handed to a worker; by default max(1, tasks / (ranks × 16)).
    #[arg(long, value_name = "K")]
    pub chunk: Option<String>,
    /// The counting engine, as for `nqueens count`: auto (the default), join,
    /// constellation or backtrack.
    #[arg(long, value_name = "NAME")]
    pub engine: Option<String>,
}

/// How the counts are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Sentences for people.
    Text,
    /// One JSON object per line, for programs.
    Json,
}

/// A checked `count` command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    /// The board size, within the engine's range.
    pub n: usize,
    /// Whether to report U(n) as well.
    pub unique: bool,
    /// The output format.
    pub format: Format,
    /// `--chunk`, at least 1, if given.
    pub chunk: Option<usize>,
    /// The engine that counts (its name; `auto` already resolved).
    pub engine: &'static str,
}

/// Checks the arguments and picks the engine that will count. The message
/// says what is wrong and how to fix it.
pub fn check(opts: Opts) -> Result<Job, String> {
    let Command::Count(a) = opts.command;
    let named = match a.engine.as_deref().map(str::trim) {
        None | Some("auto") => None,
        Some(name) => Some(nqueens::count::engine_by_name(name).ok_or_else(|| {
            let names: Vec<&str> = nqueens::count::engines().iter().map(|e| e.name()).collect();
            format!(
                "unknown engine '{name}'; choose auto (the default) or one of {}",
                names.join(", ")
            )
        })?),
    };
    let n = board_size(&a.n, named.unwrap_or(&ConstellationEngine))?;
    let engine = named.unwrap_or_else(|| nqueens::count::auto_engine(n, 1, None));
    let chunk = a.chunk.as_deref().map(chunk_size).transpose()?;
    Ok(Job {
        n,
        unique: a.unique,
        format: a.format,
        chunk,
        engine: engine.name(),
    })
}

/// Reads N: a whole number from 1 to the engine's largest board.
fn board_size(text: &str, engine: &dyn Engine) -> Result<usize, String> {
    let t = text.trim();
    let max = engine.max_n();
    if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "invalid board size '{t}': n must be a positive whole number, such as 8"
        ));
    }
    match t.parse::<usize>() {
        Ok(0) => Err("invalid board size 0: there is no 0×0 board; n must be at least 1".into()),
        Ok(n) if n > max => Err(format!(
            "invalid board size {n}: the {} counter takes n from 1 to {max}",
            engine.name()
        )),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "invalid board size '{t}': that number is far too large for any board"
        )),
    }
}

/// Reads `--chunk K`: a whole number of tasks from 1 up.
fn chunk_size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(k) if k >= 1 => Ok(k),
        _ => Err(format!(
            "invalid --chunk '{}': it must be a whole number of tasks from 1 up, such as 64",
            text.trim()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Job, String> {
        let opts = Opts::try_parse_from(args).map_err(|e| e.to_string())?;
        check(opts)
    }

    #[test]
    fn the_arguments_of_nqueens_count() {
        assert_eq!(
            parse(&["nqueens-mpi", "count", "12", "--unique", "--format", "json"]),
            Ok(Job {
                n: 12,
                unique: true,
                format: Format::Json,
                chunk: None,
                engine: "constellation",
            })
        );
        // auto is the engine `nqueens count` would pick.
        assert_eq!(
            parse(&["nqueens-mpi", "count", "16"]).map(|j| j.engine),
            Ok("join")
        );
        assert_eq!(
            parse(&["nqueens-mpi", "count", "16", "--engine", "backtrack"]).map(|j| j.engine),
            Ok("backtrack")
        );
        assert_eq!(parse(&["nqueens-mpi", "count"]).map(|j| j.n), Ok(8));
        assert_eq!(
            parse(&["nqueens-mpi", "count", "10", "--chunk", "7"]).map(|j| j.chunk),
            Ok(Some(7))
        );
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
            (&["nqueens-mpi", "count", "65"][..], "takes n from 1 to 64"),
            (
                &["nqueens-mpi", "count", "9".repeat(30).as_str()][..],
                "far too large",
            ),
            (
                &["nqueens-mpi", "count", "8", "--chunk", "0"][..],
                "--chunk '0'",
            ),
            (
                &["nqueens-mpi", "count", "8", "--chunk", "x"][..],
                "--chunk 'x'",
            ),
            (
                &["nqueens-mpi", "count", "8", "--engine", "nope"][..],
                "unknown engine 'nope'",
            ),
            (
                &["nqueens-mpi", "count", "24", "--engine", "join"][..],
                "takes n from 1 to 23",
            ),
        ] {
            let err = parse(args).unwrap_err();
            assert!(err.contains(expected), "{args:?}: {err}");
        }
    }
}
