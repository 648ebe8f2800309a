//! Counting a plan on several threads.
//!
//! Workers take the next pending task from a shared counter (dynamic
//! scheduling: a long task does not hold up the others), count it, and send
//! the result to the calling thread. The calling thread sums the results and
//! passes each one to a [`Sink`] (its [`Sink::task_done`]), which is where checkpoints and
//! progress bars live, and which can stop the run. Sums are exact (`u128`) and
//! do not depend on the number of threads or the order tasks finish in.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::plan::{Plan, Tally};
use crate::sink::{Quiet, Sink};

/// How often [`Sink::tick`] is called.
pub const TICK: Duration = Duration::from_millis(200);

/// The longest a finished task waits before a worker reports it.
const BATCH: Duration = Duration::from_millis(5);

/// The result of [`run`].
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{count_plan, run_plan, BacktrackEngine, Engine, Quiet};
///
/// let plan = BacktrackEngine.plan(8)?;
/// let all: Vec<usize> = (0..plan.len()).collect();
/// let (first, rest) = all.split_at(10);
///
/// // Two runs over two halves of the tasks add up to the whole count.
/// let a = run_plan(plan.as_ref(), first, 2, &AtomicBool::new(false), &mut Quiet);
/// let b = run_plan(plan.as_ref(), rest, 2, &AtomicBool::new(false), &mut Quiet);
/// assert!(a.complete && b.complete);
/// assert_eq!((a.tasks_done, b.tasks_done), (10, plan.len() - 10));
/// assert_eq!(a.tally + b.tally, count_plan(plan.as_ref()));
///
/// // A run stopped before it starts counts nothing, and says it is not complete.
/// let stopped = run_plan(plan.as_ref(), &all, 2, &AtomicBool::new(true), &mut Quiet);
/// assert!(!stopped.complete);
/// assert_eq!(stopped.tasks_done, 0);
/// assert_eq!(stopped.tally.solutions, 0);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunResult {
    /// The sum over the tasks counted in this run.
    pub tally: Tally,
    /// How many tasks were counted in this run.
    pub tasks_done: usize,
    /// Whether every pending task was counted (false when stopped).
    pub complete: bool,
}

/// The number of threads to use by default: all the machine offers.
///
/// At least 1, also where the system cannot say how many cores there are.
///
/// # Examples
///
/// ```
/// use nqueens::{count_plan_on, default_threads, engine_by_name};
///
/// let threads = default_threads();
/// assert!(threads >= 1);
/// let plan = engine_by_name("constellation").unwrap().plan(10)?;
/// assert_eq!(count_plan_on(plan.as_ref(), threads).solutions, 724);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Counts the tasks in `pending` (indices into `plan`) on `threads` threads.
///
/// `stop` can be set from anywhere (a signal handler) to end the run early;
/// tasks already started still finish and are reported.
///
/// Each finished task is passed to `observer` ([`Sink::task_done`]) on the
/// calling thread, in the order the tasks finish, which is where a front end
/// records checkpoints; the sink can stop the run too.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{run_plan, BacktrackEngine, Engine, Sink, Tally};
///
/// /// Remembers which tasks finished.
/// struct Finished(Vec<usize>);
///
/// impl Sink for Finished {
///     fn task_done(&mut self, index: usize, _: Tally) -> ControlFlow<()> {
///         self.0.push(index);
///         ControlFlow::Continue(())
///     }
/// }
///
/// let plan = BacktrackEngine.plan(8)?;
/// let pending: Vec<usize> = (0..plan.len()).collect();
/// let mut finished = Finished(Vec::new());
/// let result = run_plan(plan.as_ref(), &pending, 2, &AtomicBool::new(false), &mut finished);
///
/// assert!(result.complete);
/// assert_eq!((result.tally.solutions, result.tally.unique()), (92, Some(12)));
/// finished.0.sort();
/// assert_eq!(finished.0, pending); // each task reported once
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn run(
    plan: &dyn Plan,
    pending: &[usize],
    threads: usize,
    stop: &AtomicBool,
    observer: &mut dyn Sink,
) -> RunResult {
    let threads = threads.clamp(1, pending.len().max(1));
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Vec<(usize, Tally)>>();
    let mut tally = Tally::default();
    let mut tasks_done = 0;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                // Results go out in batches, at most BATCH apart: a message
                // per task would wake the receiving thread thousands of times
                // a second when tasks take microseconds.
                let mut batch = Vec::new();
                let mut sent = Instant::now();
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = pending.get(k) else { break };
                    batch.push((index, plan.count(index)));
                    if sent.elapsed() >= BATCH {
                        if tx.send(std::mem::take(&mut batch)).is_err() {
                            return;
                        }
                        sent = Instant::now();
                    }
                }
                let _ = tx.send(batch);
            });
        }
        drop(tx);
        loop {
            match rx.recv_timeout(TICK) {
                Ok(batch) => {
                    for (index, t) in batch {
                        tally.add(t);
                        tasks_done += 1;
                        if observer.task_done(index, t).is_break() {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if observer.tick().is_break() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
    RunResult {
        tally,
        tasks_done,
        complete: tasks_done == pending.len(),
    }
}

/// Counts every task of `plan` on `threads` threads, with no observer and no
/// way to stop: the plan's whole sum.
///
/// ```
/// use nqueens::{engine_by_name, count_plan_on as run_all};
/// let plan = engine_by_name("join").unwrap().plan(10)?;
/// let t = run_all(plan.as_ref(), 2);
/// assert_eq!((t.solutions, t.unique()), (724, Some(92)));
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn run_all(plan: &dyn Plan, threads: usize) -> Tally {
    let all: Vec<usize> = (0..plan.len()).collect();
    run(plan, &all, threads, &AtomicBool::new(false), &mut Quiet).tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::constellation::ConstellationEngine;
    use crate::count::plan::{count_plan, Engine};
    use std::ops::ControlFlow;

    #[test]
    fn threads_give_the_same_sum() {
        let plan = ConstellationEngine.plan(11).unwrap();
        let all: Vec<usize> = (0..plan.len()).collect();
        let one = count_plan(plan.as_ref());
        for threads in [1, 2, 3, 8] {
            let r = run(
                plan.as_ref(),
                &all,
                threads,
                &AtomicBool::new(false),
                &mut Quiet,
            );
            assert!(r.complete);
            assert_eq!(r.tally, one, "{threads} threads");
            assert_eq!(r.tasks_done, plan.len());
        }
    }

    /// A plan whose tasks take a millisecond each, so that stopping has
    /// something to stop even on a busy machine.
    struct Slow(usize);

    impl Plan for Slow {
        fn n(&self) -> usize {
            8
        }
        fn len(&self) -> usize {
            self.0
        }
        fn count(&self, _: usize) -> Tally {
            std::thread::sleep(std::time::Duration::from_millis(1));
            Tally {
                solutions: 1,
                classes_x8: 8,
            }
        }
        fn describe(&self, index: usize) -> String {
            format!("slow task {index}")
        }
    }

    #[test]
    fn an_observer_can_stop_the_run() {
        struct StopAfter(usize);
        impl Sink for StopAfter {
            fn task_done(&mut self, _: usize, _: Tally) -> ControlFlow<()> {
                self.0 = self.0.saturating_sub(1);
                if self.0 == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
        }
        let plan = Slow(2000);
        let all: Vec<usize> = (0..plan.len()).collect();
        let r = run(&plan, &all, 2, &AtomicBool::new(false), &mut StopAfter(5));
        assert!(!r.complete);
        assert!(
            r.tasks_done >= 5 && r.tasks_done < plan.len(),
            "{}",
            r.tasks_done
        );
        assert_eq!(r.tally.solutions, r.tasks_done as u128);
    }
}
