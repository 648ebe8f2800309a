//! N-Queens Completion: finish a board that already has queens on it (and
//! squares or diagonals that may not be used), say that it cannot be done,
//! or count the ways.

mod instance;
mod solver;

pub use self::instance::{Clash, Instance};
pub use self::solver::{complete, count, for_each, Answer, Stats};
