//! Parse the command line, lower it into a checked configuration, run it.

use clap::Parser;

use crate::cli::Opts;
use crate::commands;
use crate::config::{self, Config};
use crate::exit::Outcome;

/// Runs `nqueens` with the process's arguments.
pub fn run() -> anyhow::Result<Outcome> {
    let opts = Opts::try_parse()?;
    match config::lower(opts)? {
        Config::Solve { n, style, options } => commands::solve::run(n, style, options),
        Config::All {
            n,
            limit,
            unique,
            style,
            options,
        } => commands::all::run(n, limit, unique, style, options),
        Config::Count { n, unique, format } => commands::count::run(n, unique, format),
        Config::Verify {
            input,
            one_based,
            format,
        } => commands::verify::run(input.as_deref(), one_based, format),
    }
}
