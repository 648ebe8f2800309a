//! One module per subcommand: each takes its typed arguments
//! ([`crate::flags`]) and returns an [`Outcome`](crate::exit::Outcome).

pub mod algorithms;
pub mod all;
mod board;
pub mod compare;
pub mod complete;
pub mod count;
pub mod docs;
pub mod estimate;
pub mod merge;
pub mod random;
mod run_algo;
pub mod serve;
pub mod solve;
pub mod trace;
pub mod verify;
