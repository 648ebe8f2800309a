//! The command line of `nqueens`: its flags ([`flags`], parsed by clap into
//! typed values), its limits ([`limits`]), its exit statuses ([`exit`]), the
//! files a run writes and merge reads ([`files`]) and its progress bar
//! ([`progress`]).
//!
//! A library only so that the MPI runner (`nqueens-mpi count`) reads the
//! options it shares with `nqueens count` ([`flags::CountTarget`]) exactly as
//! `nqueens count` does; the commands themselves live in the binary. Not a
//! stable API: use the `nqueens` crate.

pub mod exit;
pub mod files;
pub mod flags;
pub mod limits;
pub mod progress;
