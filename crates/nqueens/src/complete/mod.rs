//! N-Queens Completion: finish a board that already has queens on it (and
//! squares or diagonals that may not be used), say that it cannot be done,
//! or count the ways.

mod instance;

/// The largest board completion takes: 65,536. The solver keeps every row
/// and every column as a bit set (two bits per square, n²/4 bytes: 1 GiB
/// at this size) and a trail of the squares it takes away (4 bytes a
/// square), about 17 GiB a board in all at this size
/// ([`completion_memory`](crate::completion_memory) says how much for any
/// n), so the limit is checked before anything is allocated.
///
/// # Examples
///
/// ```
/// use nqueens::{parse_instance, Error, Instance, ReadOptions, COMPLETE_MAX_N};
///
/// assert_eq!(Instance::new(COMPLETE_MAX_N)?.n(), COMPLETE_MAX_N);
/// assert!(matches!(
///     Instance::new(COMPLETE_MAX_N + 1),
///     Err(Error::TooLarge { max: COMPLETE_MAX_N, .. })
/// ));
///
/// // Files that describe a larger board are refused as they are read.
/// let text = format!("letting n = {}\nletting init = [[0, 0]]\n", COMPLETE_MAX_N + 1);
/// assert!(parse_instance(&text, ReadOptions::default()).is_err());
/// # Ok::<(), nqueens::Error>(())
/// ```
pub const MAX_N: usize = 1 << 16;

mod narrow;
mod parse;
mod run;
mod solver;

pub use self::instance::{Clash, Instance};
pub use self::parse::{parse_instance, Format, ReadOptions};
pub use self::run::{
    complete, complete_on, count, count_with_progress, for_each, memory, CountProgress,
};
pub use self::solver::{Answer, Stats};
