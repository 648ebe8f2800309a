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
        Config::Solve {
            n,
            method,
            fallback,
            stats,
            out,
        } => commands::solve::run(n, method, fallback, stats, out),
        Config::Random {
            n,
            seed,
            stats,
            out,
        } => commands::random::run(n, seed, stats, out),
        Config::All {
            n,
            search,
            limit,
            unique,
            style,
            options,
        } => commands::all::run(n, limit, unique, style, options, search),
        Config::Count {
            n,
            search,
            engine: None,
            unique,
            format,
        } => commands::count::run(n, unique, format, search),
        Config::Count {
            n,
            engine: Some(engine),
            unique,
            format,
            ..
        } => commands::engine::run(n, unique, format, &engine),
        Config::Verify {
            input,
            one_based,
            format,
        } => commands::verify::run(input.as_deref(), one_based, format),
        Config::VerifyInstance {
            instance,
            diagonals,
            input,
            one_based,
            json,
        } => commands::complete::verify(&instance, diagonals, input.as_deref(), one_based, json),
        Config::Algorithms => commands::algorithms::run(),
        Config::Complete(run) => commands::complete::run(run),
        Config::Serve(run) => commands::serve::run(run),
        Config::Merge {
            files,
            unique,
            format,
        } => commands::merge::run(&files, unique, format),
        Config::Estimate {
            n,
            samples,
            seed,
            format,
        } => commands::estimate::run(n, samples, seed, format),
        Config::Compare {
            n,
            algorithms,
            first,
            format,
        } => commands::compare::run(n, &algorithms, first, format),
        Config::Trace {
            n,
            algorithm,
            max_steps,
            until,
            lsb_right,
            format,
            frames,
            delay,
        } => commands::trace::run(
            n,
            algorithm,
            &commands::trace::Options {
                max_steps,
                until,
                lsb_right,
                format,
            },
            frames.as_deref(),
            delay,
        ),
    }
}
