//! `nqueens`: solve, list, count and verify N-Queens boards.
//!
//! This binary is glue: [`flags`] parses the command line into one typed
//! struct per command, [`commands`] holds one module per command that takes
//! its struct and runs, and [`exit`] turns the result into an exit status.
//! Every limit lives in [`limits`]; the work itself is the `nqueens` library's.

mod commands;
mod output;
mod progress;

use clap::Parser;
use nqueens_cli::{exit, flags, limits};

use crate::flags::{Command, Opts};

/// Parses the command line and runs the command.
fn run() -> anyhow::Result<exit::Outcome> {
    match Opts::try_parse()?.command {
        Command::Solve(a) => commands::solve::run(a),
        Command::Random(a) => commands::random::run(a),
        Command::All(a) => commands::all::run(a),
        Command::Count(a) => commands::count::run(a),
        Command::Verify(a) => commands::verify::run(a),
        Command::Algorithms => commands::algorithms::run(),
        Command::Compare(a) => commands::compare::run(a),
        Command::Trace(a) => commands::trace::run(a),
        Command::Merge(a) => commands::merge::run(a),
        Command::Estimate(a) => commands::estimate::run(a),
        Command::Complete(a) => commands::complete::run(a),
        Command::Serve(a) => commands::serve::run(a),
        Command::Completions { shell } => commands::docs::completions(shell),
        Command::Man => commands::docs::man(),
    }
}

fn main() -> std::process::ExitCode {
    exit::report(run())
}
