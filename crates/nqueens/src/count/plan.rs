//! Counting as a plan of independent tasks.
//!
//! A count is split into tasks that are counted separately and summed. The
//! plan is deterministic (the same n and engine give the same tasks in the same
//! order), so a task is named by its index alone: that is what checkpoints
//! record, what `--slice i/k` selects, and what the MPI runner hands out.
//! Nothing above this module cares how an engine counts one task.

use crate::error::Error;
use crate::sink::tally::Tally;

/// What a dry run learns from one task ([`Plan::sample`]).
///
/// # Examples
///
/// ```
/// use nqueens::{Engine, JoinEngine, Plan, TaskSample};
///
/// let plan = JoinEngine.plan(12)?;
/// let TaskSample { cpu_seconds, solutions } = plan.sample(1, 7);
/// assert!(cpu_seconds >= 0.0);
/// // Small boards count the task whole.
/// assert_eq!(solutions, Some(plan.count(1).solutions as f64));
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TaskSample {
    /// Seconds of CPU the task takes on one thread, measured on the
    /// thread's own CPU clock (scaled up from a part for very long tasks).
    pub cpu_seconds: f64,
    /// The task's solutions ([`Tally::solutions`]), or for a task sampled
    /// by a part the part's solutions scaled as its time is; `None` where
    /// the plan's parts do not say.
    pub solutions: Option<f64>,
}

/// A clock of the calling thread's own CPU time, which other processes
/// and threads do not move (on a machine running two other busy programs
/// a wall clock says up to twice as long); wall time where the thread's
/// clock cannot be read. Read it on the thread that started it.
pub(crate) enum CpuClock {
    Thread(cpu_time::ThreadTime),
    Wall(std::time::Instant),
}

impl CpuClock {
    pub(crate) fn start() -> CpuClock {
        cpu_time::ThreadTime::try_now().map_or_else(
            |_| CpuClock::Wall(std::time::Instant::now()),
            CpuClock::Thread,
        )
    }

    /// Seconds since [`CpuClock::start`].
    pub(crate) fn seconds(&self) -> f64 {
        match self {
            // Read once already: a second read fails only if the clock went
            // away, and then nothing was measured.
            CpuClock::Thread(t) => t.try_elapsed().map_or(0.0, |d| d.as_secs_f64()),
            CpuClock::Wall(t) => t.elapsed().as_secs_f64(),
        }
    }
}

/// Runs `f` and returns its value with the CPU seconds the calling thread
/// spent on it ([`CpuClock`]).
pub(crate) fn thread_cpu_seconds<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let clock = CpuClock::start();
    let value = std::hint::black_box(f());
    (value, clock.seconds())
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
/// let sample = plan.sample(0, 1);
/// assert!(sample.cpu_seconds >= 0.0);
/// assert_eq!(sample.solutions, Some(plan.count(0).solutions as f64));
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
    ///
    /// # Panics
    /// If `index` is not below [`Plan::len`], as a slice's index does.
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
    ///
    /// # Panics
    /// If `index` is not below [`Plan::len`].
    fn describe(&self, index: usize) -> String;
    /// A key of task `index`'s kind, for a dry run to sample by strata:
    /// tasks of one key should be alike in size, and a dry run draws from
    /// each key its share of the sample, so that the spread between keys
    /// does not widen the interval ([`dry_run`](crate::dry_run)). By
    /// default every task has key 0: one stratum, a plain random sample.
    ///
    /// ```
    /// use nqueens::{BacktrackEngine, Engine, JoinEngine, Plan};
    ///
    /// assert_eq!(BacktrackEngine.plan(8)?.stratum(3), 0);
    /// // The join engine's tasks by their east rows in the north.
    /// let plan = JoinEngine.plan(12)?;
    /// assert!((1..plan.len()).any(|i| plan.stratum(i) != plan.stratum(1)));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    fn stratum(&self, index: usize) -> u32 {
        let _ = index;
        0
    }
    /// How many tasks a dry run of this plan times at most, within its
    /// budget ([`Projection::sampled`](crate::Projection::sampled)): `None`
    /// for [`PROJECTION_SAMPLES`](crate::PROJECTION_SAMPLES). A plan whose
    /// [`sample`](Plan::sample) times a random part of a task, in a fraction
    /// of the task's time, asks for more: the parts' times spread more
    /// than whole tasks' do, and they cost little.
    ///
    /// ```
    /// use nqueens::{BacktrackEngine, Engine, JoinEngine, Plan};
    ///
    /// assert_eq!(BacktrackEngine.plan(8)?.dry_run_samples(), None);
    /// // The join engine times whole tasks up to n = 23, paths from 24 on.
    /// assert_eq!(JoinEngine.plan(12)?.dry_run_samples(), None);
    /// assert_eq!(JoinEngine.plan(24)?.dry_run_samples(), Some(20_000));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    fn dry_run_samples(&self) -> Option<usize> {
        None
    }
    /// Whether [`sample`](Plan::sample) estimates a task from a random
    /// part of it, rather than counting it whole: `false` by default. A dry
    /// run of such a plan leaves the finite-population correction out of
    /// its intervals. The correction narrows an interval as a larger share
    /// of the tasks is sampled, which is right only where each sample is
    /// its task's exact figure: in dry runs of 2,000 random paths at
    /// n = 19, where they are a large share of the tasks, 89% of 200
    /// intervals held Q(19) with the correction, 93% without it.
    ///
    /// ```
    /// use nqueens::{BacktrackEngine, Engine, JoinEngine, Plan};
    ///
    /// assert!(!BacktrackEngine.plan(8)?.samples_parts());
    /// // The join engine counts whole tasks up to n = 23, paths from 24 on.
    /// assert!(!JoinEngine.plan(12)?.samples_parts());
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    fn samples_parts(&self) -> bool {
        false
    }
    /// What a dry run learns from task `index`: about how many seconds of
    /// CPU counting it takes on one thread, on the thread's own CPU clock
    /// (so that other work on the machine does not move it), and its
    /// solutions. By default the task is counted and both are exact. A
    /// plan whose tasks take minutes may count a random part of the task
    /// (chosen from `seed`) and scale both the part's time and its
    /// solutions by the same factor, saying in its docs how that errs;
    /// `solutions` is `None` where a part does not say.
    fn sample(&self, index: usize, seed: u64) -> TaskSample {
        let _ = seed;
        let (tally, cpu_seconds) = thread_cpu_seconds(|| self.count(index));
        TaskSample {
            cpu_seconds,
            solutions: Some(tally.solutions as f64),
        }
    }
}

/// A plan shows as its board and its number of tasks.
impl std::fmt::Debug for dyn Plan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plan")
            .field("n", &self.n())
            .field("tasks", &self.len())
            .finish()
    }
}

/// More tasks than any engine's plan has at its largest n (the join
/// engine's at n = 28 has 10,034,105): a checkpoint or task log whose
/// header says more is damaged, and is refused before its size, which the
/// header bounds, is read.
pub(crate) const PLAN_TASKS_MAX: usize = 1 << 24;

/// Why a header that says `tasks` tasks is refused, if it is: more than
/// [`PLAN_TASKS_MAX`]. `what` names the file's kind.
pub(crate) fn beyond_any_plan(tasks: usize, what: &str) -> Option<String> {
    (tasks > PLAN_TASKS_MAX).then(|| {
        format!(
            "the header says {} tasks, more than any plan has (at most {}): the {what} is damaged",
            crate::words::grouped(tasks as u128),
            crate::words::grouped(PLAN_TASKS_MAX as u128)
        )
    })
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
    /// [`Error::ZeroSize`] or [`Error::TooLarge`]; [`Error::Threads`] when
    /// the system will not start the threads that build an engine's table
    /// (the join engine's, up to n = 23).
    fn plan(&self, n: usize) -> Result<Box<dyn Plan>, Error>;
    /// Roughly how many seconds the whole count of `n` takes on one core
    /// of a machine like CI's: the engine's own cost model, from times
    /// measured on it, for a note before a long count and for
    /// [`Projection::rough`](crate::Projection::rough). Within a factor of
    /// a few; a dry run ([`Projection::sampled`](crate::Projection::sampled))
    /// measures the count at hand instead.
    ///
    /// ```
    /// use nqueens::{engines, Engine, JoinEngine};
    ///
    /// for engine in engines() {
    ///     // Every row costs more than the one before.
    ///     assert!(engine.rough_cpu_seconds(21) > engine.rough_cpu_seconds(20));
    /// }
    /// // The join engine's n = 20 took about 33 s on one core.
    /// assert_eq!(JoinEngine.rough_cpu_seconds(20), 33.0);
    /// // Small boards cost what their tasks and tables cost, not nothing.
    /// for engine in engines() {
    ///     let n8 = engine.rough_cpu_seconds(8);
    ///     assert!(n8 > 2e-5 && n8 < 2e-4, "{}: {n8}", engine.name());
    /// }
    /// ```
    fn rough_cpu_seconds(&self, n: usize) -> f64;
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
    /// checkpoints and slices do not depend on it. Below what the leanest
    /// plan takes ([`memory`](Self::memory)) this is that plan, which takes
    /// more: a front end compares the two first and refuses.
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

/// An engine shows as its name, so that `Result`s that hold one can be
/// printed and unwrapped.
impl std::fmt::Debug for dyn Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("name", &self.name())
            .finish()
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

/// What a count of a small board costs beyond its search, whichever the
/// engine: planning its tasks, running them, building its tables. The
/// engines' models grow about sevenfold a row and say next to nothing
/// below n = 14 (0.2 µs for n = 8, where a count takes 40 to 50 µs); this
/// floor, doubling a row, is added to them there. Measured with `count N
/// --dry-run --engine E` on 2026-11-30: n = 8 40 to 53 µs, n = 10 150 to
/// 220 µs, n = 12 0.75 to 3.3 ms for the three engines.
pub(crate) fn small_board_seconds(n: usize) -> f64 {
    1e-6 * 2.0f64.powi(i32::try_from(n).unwrap_or(i32::MAX).saturating_sub(2))
}

/// Below this n the engines' models add [`small_board_seconds`].
pub(crate) const SMALL_BOARD_BELOW: usize = 14;

/// An engine's model of its search, `search` seconds for `n`, with what a
/// small board costs beyond it added below [`SMALL_BOARD_BELOW`].
pub(crate) fn with_small_board_floor(n: usize, search: f64) -> f64 {
    if n < SMALL_BOARD_BELOW {
        search + small_board_seconds(n)
    } else {
        search
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bound on a header's tasks holds its end: a header of exactly
    /// `PLAN_TASKS_MAX` tasks is read, one more is damaged.
    #[test]
    fn a_header_of_the_most_tasks_is_read() {
        assert_eq!(beyond_any_plan(PLAN_TASKS_MAX, "checkpoint"), None);
        let e = beyond_any_plan(PLAN_TASKS_MAX + 1, "checkpoint").expect("refused");
        assert!(
            e.contains("16,777,217 tasks") && e.contains("at most 16,777,216"),
            "{e}"
        );
    }
}
