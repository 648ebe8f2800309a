//! N-Queens Completion: finish a board that already has queens on it (and
//! squares or diagonals that may not be used), say that it cannot be done,
//! or count the ways.

mod instance;

/// The largest board completion takes: 65,536. The solver keeps every row
/// and every column as a bit set (two bits per square, n²/4 bytes: 1 GiB
/// at this size), so the limit is checked before anything is allocated.
pub const MAX_N: usize = 1 << 16;

mod parse;
mod solver;

pub use self::instance::{Clash, Instance};
pub use self::parse::{parse_instance, Format, ReadOptions};
pub use self::solver::{
    complete, count, count_with_progress, for_each, Answer, CountProgress, Stats,
};
