//! [`Tally`]: what a counted task hands the [`Sink`](super::Sink).
//!
//! The counting engines make tallies and the sink receives them
//! ([`Sink::task_done`](super::Sink::task_done)); the type lives here, with
//! the visitor, so that the bottom of the library names no engine.

/// What one task (or a sum of tasks) contributes.
///
/// `classes_x8` is eight times the contribution to the number of symmetry
/// classes: by Burnside's lemma the classes are (1/8) Σ |stabilizer(s)| over
/// all solutions, and an engine that visits only some members of each class
/// weighs what it finds so that the sum stays an integer. Divide the total by 8
/// at the end ([`Tally::unique`]).
///
/// # Examples
///
/// ```
/// use nqueens::{BacktrackEngine, Counts, Engine, Tally};
///
/// let plan = BacktrackEngine.plan(8)?;
/// let whole: Tally = (0..plan.len()).map(|i| plan.count(i)).sum();
/// assert_eq!(whole, Tally { solutions: 92, classes_x8: 96 });
/// assert_eq!(whole.unique(), Some(12));
/// assert_eq!(whole.counts(8), Some(Counts { n: 8, total: 92, unique: 12 }));
///
/// // A partial sum need not be a whole number of classes.
/// let mut part = Tally::default();
/// part.add(Tally { solutions: 2, classes_x8: 2 });
/// assert_eq!(part.unique(), None);
/// assert_eq!(part + part, Tally { solutions: 4, classes_x8: 4 });
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Solutions, Q(n) when summed over the plan.
    pub solutions: u128,
    /// Eight times the symmetry classes, 8 U(n) when summed over the plan.
    pub classes_x8: u128,
}

impl Tally {
    /// Adds another tally.
    pub fn add(&mut self, other: Tally) {
        self.solutions += other.solutions;
        self.classes_x8 += other.classes_x8;
    }

    /// The sum, or `None` past what 128 bits hold (a file edited by hand
    /// can say anything; a count never comes near it).
    pub(crate) fn checked_add(self, other: Tally) -> Option<Tally> {
        Some(Tally {
            solutions: self.solutions.checked_add(other.solutions)?,
            classes_x8: self.classes_x8.checked_add(other.classes_x8)?,
        })
    }

    /// U(n), once the whole plan is summed; `None` if the sum is not a
    /// multiple of 8 (a partial sum, or a bug).
    pub fn unique(&self) -> Option<u128> {
        self.classes_x8
            .is_multiple_of(8)
            .then_some(self.classes_x8 / 8)
    }
}

impl std::ops::Add for Tally {
    type Output = Tally;
    fn add(mut self, other: Tally) -> Tally {
        Tally::add(&mut self, other);
        self
    }
}

impl std::iter::Sum for Tally {
    fn sum<I: Iterator<Item = Tally>>(iter: I) -> Tally {
        iter.fold(Tally::default(), |a, b| a + b)
    }
}
