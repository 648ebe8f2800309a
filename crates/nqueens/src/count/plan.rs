//! Counting as a plan of independent tasks.
//!
//! A count is split into tasks that are counted separately and summed. The
//! plan is deterministic (the same n and engine give the same tasks in the same
//! order), so a task is named by its index alone: that is what checkpoints
//! record, what `--slice i/k` selects, and what the MPI runner hands out.
//! Nothing above this module cares how an engine counts one task.

use crate::error::Error;

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

/// The tasks of one count.
///
/// An [`Engine`] makes one for a board size; [`count_plan`] and
/// [`run_plan`](crate::run_plan) count its tasks.
///
/// # Examples
///
/// ```
/// use nqueens::{BacktrackEngine, ConstellationEngine, Engine, Tally};
///
/// let plan = BacktrackEngine.plan(8)?;
/// assert_eq!((plan.n(), plan.len()), (8, 21));
/// assert!(!plan.is_empty());
/// assert_eq!(plan.describe(0), "first rows [0, 2] (weight 2)");
/// let sum: Tally = (0..plan.len()).map(|i| plan.count(i)).sum();
/// assert_eq!(sum.solutions, 92);
/// assert!(plan.sample_seconds(0, 1) >= 0.0);
///
/// // A board of 5×5 is one task for the constellation engine.
/// let small = ConstellationEngine.plan(5)?;
/// assert_eq!(small.count(0), Tally { solutions: 10, classes_x8: 16 });
/// # Ok::<(), nqueens::Error>(())
/// ```
pub trait Plan: Send + Sync {
    /// The board size.
    fn n(&self) -> usize;
    /// How many tasks there are.
    fn len(&self) -> usize;
    /// Whether there are none (only for tiny boards).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Counts task `index` (below [`Plan::len`]).
    fn count(&self, index: usize) -> Tally;
    /// Counts task `index`, or gives up when `stop` is set while it runs:
    /// `None`, the task not counted (a run that resumes counts it again).
    /// Engines whose tasks can take seconds look at `stop` every few
    /// milliseconds of work, so that a cancelled count ends within a
    /// second; the default counts the task whole, for engines whose tasks
    /// are short.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use nqueens::{Engine, JoinEngine, Plan};
    ///
    /// let plan = JoinEngine.plan(16)?;
    /// let whole = plan.count(1);
    /// assert_eq!(plan.count_or_stop(1, &AtomicBool::new(false)), Some(whole));
    /// assert_eq!(plan.count_or_stop(1, &AtomicBool::new(true)), None);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    fn count_or_stop(&self, index: usize, stop: &std::sync::atomic::AtomicBool) -> Option<Tally> {
        let _ = stop;
        Some(self.count(index))
    }
    /// A short description of task `index`, for logs and tests.
    fn describe(&self, index: usize) -> String;
    /// About how many seconds counting task `index` takes on one thread,
    /// for dry runs: by default the time of counting it. A plan whose tasks
    /// take minutes may time a random part of the task (chosen from `seed`)
    /// and scale it, saying in its docs how that errs.
    fn sample_seconds(&self, index: usize, seed: u64) -> f64 {
        let _ = seed;
        let start = std::time::Instant::now();
        std::hint::black_box(self.count(index));
        start.elapsed().as_secs_f64()
    }
}

/// A way of counting that splits into tasks.
///
/// [`engines`](crate::engines) lists every engine, and
/// [`engine_by_name`](crate::engine_by_name) finds one by its name.
///
/// # Examples
///
/// ```
/// use nqueens::{count_plan, engines, plan_fingerprint, Engine, Error, JoinEngine};
///
/// for engine in engines() {
///     let plan = engine.plan(8)?;
///     assert_eq!(plan.n(), 8);
///     assert_eq!(count_plan(plan.as_ref()).solutions, 92, "{}", engine.name());
///     assert!(engine.max_n() >= 28);
///     assert!(matches!(engine.plan(0), Err(Error::ZeroSize)));
/// }
///
/// // What memory a count needs is known before any of it is spent, and
/// // less memory gives a slower plan with the same tasks.
/// let least = JoinEngine.memory(20, 4);
/// let (bytes, _how) = JoinEngine.memory_plan(20, 4, Some(least));
/// assert!(bytes <= least);
/// let fast = JoinEngine.plan(10)?;
/// let lean = JoinEngine.plan_within(10, 1, Some(0))?;
/// assert_eq!(plan_fingerprint(lean.as_ref()), plan_fingerprint(fast.as_ref()));
/// assert_eq!(count_plan(lean.as_ref()), count_plan(fast.as_ref()));
/// # Ok::<(), nqueens::Error>(())
/// ```
pub trait Engine: Send + Sync {
    /// The name used on the command line and in checkpoints.
    fn name(&self) -> &'static str;
    /// The largest n it takes.
    fn max_n(&self) -> usize;
    /// The plan for an `n`×`n` board.
    ///
    /// # Errors
    /// [`Error::ZeroSize`] or [`Error::TooLarge`].
    fn plan(&self, n: usize) -> Result<Box<dyn Plan>, Error>;
    /// About how many bytes counting `n` takes with `threads` threads at
    /// least (see [`plan_within`](Self::plan_within)), so that a front end
    /// can refuse before the work (and the memory) is spent. The default
    /// suits engines that keep only a search stack per thread.
    fn memory(&self, n: usize, threads: usize) -> u64 {
        let _ = (n, threads);
        16 << 20
    }
    /// The plan for counting `n` on `threads` threads within `memory` bytes
    /// (`None`: no limit), for engines that can trade speed for memory. The
    /// tasks are those of [`plan`](Self::plan) whatever the memory, so
    /// checkpoints and slices do not depend on it.
    ///
    /// # Errors
    /// Those of [`plan`](Self::plan).
    fn plan_within(
        &self,
        n: usize,
        threads: usize,
        memory: Option<u64>,
    ) -> Result<Box<dyn Plan>, Error> {
        let _ = (threads, memory);
        self.plan(n)
    }
    /// The bytes the plan of [`plan_within`](Self::plan_within) takes and
    /// how it keeps within `memory`, in a few words, for dry runs.
    fn memory_plan(&self, n: usize, threads: usize, memory: Option<u64>) -> (u64, String) {
        let _ = memory;
        (
            self.memory(n, threads),
            "a search stack per thread".to_string(),
        )
    }
}

/// A fingerprint of a plan: 16 hexadecimal digits that change when its tasks
/// do (a new version of an engine, another n). Checkpoints and slice results
/// carry it, so that one written for another plan is refused instead of
/// being added to the wrong tasks. It hashes (FNV-1a) the number of tasks and
/// the descriptions of up to 1,024 tasks spread over the plan: cheap for any
/// plan, and a changed split shows in them.
///
/// ```
/// use nqueens::{plan_fingerprint, Engine, ConstellationEngine};
/// let a = plan_fingerprint(ConstellationEngine.plan(10)?.as_ref());
/// let b = plan_fingerprint(ConstellationEngine.plan(11)?.as_ref());
/// assert_eq!(a.len(), 16);
/// assert_ne!(a, b);
/// assert_eq!(a, plan_fingerprint(ConstellationEngine.plan(10)?.as_ref()));
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn plan_fingerprint(plan: &dyn Plan) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    let len = plan.len();
    eat(&(len as u64).to_le_bytes());
    let samples = len.min(1024);
    for k in 0..samples {
        eat(plan.describe(k * len / samples).as_bytes());
        eat(b"\n");
    }
    format!("{hash:016x}")
}

/// Counts a whole plan on this thread, in task order.
///
/// [`count_plan_on`](crate::count_plan_on) counts it on several threads.
///
/// # Examples
///
/// ```
/// use nqueens::{count_plan, ConstellationEngine, Engine};
///
/// let tally = count_plan(ConstellationEngine.plan(10)?.as_ref());
/// assert_eq!((tally.solutions, tally.unique()), (724, Some(92)));
/// assert_eq!(count_plan(ConstellationEngine.plan(3)?.as_ref()).solutions, 0);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn count_plan(plan: &dyn Plan) -> Tally {
    (0..plan.len()).map(|i| plan.count(i)).sum()
}
