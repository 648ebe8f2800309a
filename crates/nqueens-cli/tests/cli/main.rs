//! End-to-end tests of the `nqueens` command: every subcommand, format, exit
//! status and error message, run as a separate process.
//!
//! Exit statuses: 0 yes, 1 a negative answer (no solution exists / not a
//! solution), 2 any error; a reader closing the pipe early gives a quiet 0.
//!
//! Human-facing output is pinned with `insta` snapshots under
//! `tests/snapshots/`; update them with
//! `INSTA_UPDATE=always cargo test -p nqueens-cli --test cli` and review the
//! diff.
//!
//! One module per command (or theme) under `tests/cli/`; the helpers they
//! share are in `common.rs`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

mod common;
use common::*;

mod all;
mod classic;
mod complete;
mod console;
mod count;
mod docs;
mod engine;
mod files;
mod hostile;
mod huge;
mod limits;
mod pictures;
mod pipe;
mod serve;
mod slurm;
mod solve;
mod trace_bounded;
mod trace_frames;
mod usage;
mod verify;
mod verify_formats;
mod verify_streaming;
