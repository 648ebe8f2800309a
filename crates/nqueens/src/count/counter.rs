//! [`Counter`]: a whole count in one call, configured by a builder.
//!
//! The pieces of a count (an [`Engine`] that makes a [`Plan`](super::plan::Plan), the
//! [executor](super::executor) that runs its tasks on threads, a [`Sink`] told
//! of each task, a flag that stops it) are public for the front ends that
//! checkpoint, slice or distribute a count. Most callers want the sum: the
//! builder picks the engine for the board and the memory given
//! ([`auto_engine`]), runs every task on the threads
//! given, and checks that the classes add up to a whole number.

use std::sync::atomic::AtomicBool;

use super::executor::{default_threads, try_run};
use super::plan::Engine;
use super::{auto_engine, Counts};
use crate::error::Error;
use crate::sink::tally::Tally;
use crate::sink::{Quiet, Sink};

/// Counts Q(n) and U(n) with the fastest engine that fits, on every core by
/// default.
///
/// ```
/// use nqueens::{engine_by_name, Counter};
///
/// let counts = Counter::new(12).threads(2).count()?;
/// assert_eq!((counts.total, counts.unique), (14_200, 1_787));
///
/// // A chosen engine, and a memory budget for the automatic choice.
/// let constellation = engine_by_name("constellation").unwrap();
/// assert_eq!(Counter::new(10).engine(constellation).count()?.total, 724);
/// let small = Counter::new(16).memory(1 << 20);
/// assert_eq!(small.chosen_engine().name(), "constellation");
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Counter {
    n: usize,
    engine: Option<&'static dyn Engine>,
    threads: usize,
    memory: Option<u64>,
}

impl std::fmt::Debug for Counter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counter")
            .field("n", &self.n)
            .field("engine", &self.engine.map(|e| e.name()))
            .field("threads", &self.threads)
            .field("memory", &self.memory)
            .finish()
    }
}

impl Counter {
    /// A count of the `n`×`n` board: the engine picked for it, every core
    /// ([`default_threads`]), no memory budget.
    pub fn new(n: usize) -> Counter {
        Counter {
            n,
            engine: None,
            threads: default_threads(),
            memory: None,
        }
    }

    /// Counts with this engine instead of the automatic choice.
    pub fn engine(mut self, engine: &'static dyn Engine) -> Counter {
        self.engine = Some(engine);
        self
    }

    /// Counts on this many threads (at least one).
    pub fn threads(mut self, threads: usize) -> Counter {
        self.threads = threads.max(1);
        self
    }

    /// The automatic choice takes only an engine whose tables fit in `bytes`.
    pub fn memory(mut self, bytes: u64) -> Counter {
        self.memory = Some(bytes);
        self
    }

    /// The engine this counter runs.
    pub fn chosen_engine(&self) -> &'static dyn Engine {
        self.engine
            .unwrap_or_else(|| auto_engine(self.n, self.threads, self.memory))
    }

    /// Counts every task and returns Q(n) and U(n).
    ///
    /// # Errors
    /// What the engine's [`Engine::plan`] refuses (a size out of its range),
    /// [`Error::Threads`] when the system will not start the threads, and
    /// [`Error::Inconsistent`] should the run end before its last task.
    pub fn count(&self) -> Result<Counts, Error> {
        // Nothing sets the flag and Quiet never stops, so every task runs.
        self.count_with(&AtomicBool::new(false), &mut Quiet)?
            .ok_or_else(|| self.broken("it stopped before the last task"))
    }

    /// Counts every task, telling `sink` of each one ([`Sink::task_done`],
    /// [`Sink::tick`]); `None` if `stop` was set or the sink said stop before
    /// the last task.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use std::sync::atomic::AtomicBool;
    /// use nqueens::{Counter, Sink, Tally};
    ///
    /// struct Tasks(usize);
    /// impl Sink for Tasks {
    ///     fn task_done(&mut self, _: usize, _: Tally) -> ControlFlow<()> {
    ///         self.0 += 1;
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    /// let mut tasks = Tasks(0);
    /// let counts = Counter::new(11).threads(1).count_with(&AtomicBool::new(false), &mut tasks)?;
    /// assert_eq!(counts.map(|c| c.total), Some(2_680));
    /// assert!(tasks.0 > 1);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    ///
    /// # Errors
    /// What the engine's [`Engine::plan`] refuses, [`Error::Threads`]
    /// when the system will not start the threads, and
    /// [`Error::Inconsistent`] when the symmetry classes the tasks counted
    /// do not add up (a broken engine, not a property of the board).
    pub fn count_with(
        &self,
        stop: &AtomicBool,
        sink: &mut dyn Sink,
    ) -> Result<Option<Counts>, Error> {
        let plan = self
            .chosen_engine()
            .plan_within(self.n, self.threads, self.memory)?;
        let tasks: Vec<usize> = (0..plan.len()).collect();
        let result = try_run(plan.as_ref(), &tasks, self.threads, stop, sink)?;
        if !result.complete {
            return Ok(None);
        }
        let counts = result
            .tally
            .counts(plan.n())
            .ok_or_else(|| self.broken("its symmetry classes do not add up to a whole number"))?;
        Ok(Some(counts))
    }

    fn broken(&self, what: &str) -> Error {
        Error::Inconsistent {
            engine: self.chosen_engine().name(),
            n: self.n,
            what: what.to_string(),
        }
    }
}

impl Tally {
    /// The finished count: Q(n) and U(n) from the sum over a whole plan.
    ///
    /// A `Tally` is what tasks add up (classes weighted by 8 so that every
    /// task's share is whole); [`Counts`] is what a finished count reports.
    ///
    /// `None` if the classes do not add up to a multiple of 8, which only a
    /// partial sum or a broken engine gives.
    pub fn counts(&self, n: usize) -> Option<Counts> {
        Some(Counts {
            n,
            total: self.solutions,
            unique: self.unique()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::plan::Plan;

    /// An engine whose one task reports a class count that is not a whole
    /// multiple of 8, as only a bug could.
    struct Broken;
    struct BrokenPlan;

    impl Plan for BrokenPlan {
        fn n(&self) -> usize {
            4
        }
        fn len(&self) -> usize {
            1
        }
        fn count(&self, _: usize) -> Tally {
            Tally {
                solutions: 2,
                classes_x8: 7,
            }
        }
        fn describe(&self, _: usize) -> String {
            "the broken task".to_string()
        }
    }

    impl Engine for Broken {
        fn name(&self) -> &'static str {
            "broken"
        }
        fn max_n(&self) -> usize {
            4
        }
        fn plan(&self, _: usize) -> Result<Box<dyn Plan>, Error> {
            Ok(Box::new(BrokenPlan))
        }
        fn rough_cpu_seconds(&self, _: usize) -> f64 {
            0.0
        }
    }

    /// A count stopped before its last task gives nothing, not the sum of
    /// the tasks it did (`None`, as the docs of `count_with` say): asked to
    /// stop before it starts, or stopped by its sink after one task.
    #[test]
    fn a_stopped_count_gives_no_counts() {
        use std::ops::ControlFlow;
        let stopped = Counter::new(10)
            .threads(1)
            .count_with(&AtomicBool::new(true), &mut Quiet);
        assert!(matches!(stopped, Ok(None)), "{stopped:?}");
        struct FirstOnly;
        impl Sink for FirstOnly {
            fn task_done(&mut self, _: usize, _: Tally) -> ControlFlow<()> {
                ControlFlow::Break(())
            }
        }
        let stopped = Counter::new(10)
            .threads(1)
            .count_with(&AtomicBool::new(false), &mut FirstOnly);
        assert!(matches!(stopped, Ok(None)), "{stopped:?}");
        let whole = Counter::new(10)
            .threads(1)
            .count_with(&AtomicBool::new(false), &mut Quiet);
        assert!(
            matches!(whole, Ok(Some(c)) if c.total == 724 && c.unique == 92),
            "{whole:?}"
        );
    }

    #[test]
    fn classes_that_do_not_add_up_are_a_bug_not_a_refusal() {
        let e = Counter::new(4)
            .engine(&Broken)
            .threads(1)
            .count()
            .unwrap_err();
        assert!(
            matches!(
                e,
                Error::Inconsistent {
                    engine: "broken",
                    n: 4,
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.to_string().contains("do not add up"), "{e}");
        assert!(e.to_string().contains("a bug"), "{e}");
    }
}
