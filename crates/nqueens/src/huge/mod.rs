//! One solution of a huge board: the explicit construction, min-conflicts
//! local search and random solutions. (The streaming check of boards with up
//! to billions of queens is a reader, at the bottom: `read`.)
//!
//! Counting stops near n = 27, but *finding* a solution does not. Everything
//! here works on plain column numbers (`columns[row]`), produced or consumed
//! one row at a time, so that no board of a billion queens is ever held as a
//! `Vec<usize>` or a string.

pub mod construct;
pub mod min_conflicts;
pub mod random_solution;
