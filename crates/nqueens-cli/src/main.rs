//! `nqueens`: solve, list, count and verify N-Queens boards.
//!
//! `main` only runs [`app::run`] and turns its result into an exit status;
//! see `exit.rs` for what each status means.

mod app;
mod cli;
mod commands;
mod config;
mod exit;
mod output;
mod progress;

fn main() -> std::process::ExitCode {
    exit::report(app::run())
}
