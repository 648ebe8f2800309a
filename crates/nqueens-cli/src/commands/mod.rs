//! One module per subcommand; each takes checked settings and returns an
//! [`Outcome`](crate::exit::Outcome).

pub mod all;
pub mod count;
pub mod solve;
pub mod verify;
