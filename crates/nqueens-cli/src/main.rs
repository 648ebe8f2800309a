//! `nqueens`: solve, list, count and verify N-Queens boards.
//!
//! This binary is glue: [`flags`] parses the command line into one typed
//! struct per command, [`commands`] holds one module per command that takes
//! its struct and runs, and [`exit`] turns the result into an exit status.
//! Every limit lives in [`limits`]; the work itself is the `nqueens` library's.

#![cfg_attr(unix, no_main)]

mod commands;
mod output;

use nqueens_cli::{exit, files, flags, limits, progress};

use crate::flags::Command;

/// An allocation refused ends the run with a message and status 2, not an
/// abort ([`exit::ExitOnOom`]).
#[global_allocator]
static ALLOCATOR: exit::ExitOnOom = exit::ExitOnOom;

/// Parses the command line and runs the command.
fn run() -> anyhow::Result<exit::Outcome> {
    let command = flags::parse_from(std::env::args_os())?.command;
    if command.writes_stdout() {
        if let Some(refusal) = exit::stdout_refusal() {
            exit::usage!("{refusal}");
        }
    }
    match command {
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

// On Unix, `main` is our own C entry point rather than Rust's: Rust's start-up
// code quietly reopens a closed standard output on /dev/null, so that
// `nqueens all 10 >&-` would "succeed" having written nothing. Starting here,
// the descriptors are looked at as the shell left them (`exit::start_up`),
// and a command that would write to a closed standard output is refused once
// its flags are read (`-f none` writes nothing there).
#[cfg(unix)]
#[no_mangle]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    exit::start_up();
    limits::give_back_large_blocks();
    // A panic must not unwind out of an `extern "C"` function.
    match std::panic::catch_unwind(run) {
        Ok(result) => std::ffi::c_int::from(exit::status(result)),
        Err(_) => 101,
    }
}

#[cfg(not(unix))]
fn main() -> std::process::ExitCode {
    limits::give_back_large_blocks();
    exit::report(run())
}
