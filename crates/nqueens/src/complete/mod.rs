//! N-Queens Completion: finish a board that already has queens on it (and
//! squares or diagonals that may not be used), say that it cannot be done,
//! or count the ways.

mod instance;
mod parse;
mod solver;

pub use self::instance::{Clash, Instance};
pub use self::parse::{parse_instance, Format, ReadOptions};
pub use self::solver::{
    complete, count, count_with_progress, for_each, Answer, CountProgress, Stats,
};
