//! Counting a plan on several threads.
//!
//! Each worker owns a contiguous range of the pending tasks and takes them
//! from its front; one whose range runs out steals the back half of the
//! largest range left (dynamic scheduling: a long task does not hold up the
//! others). Neighbouring tasks of a plan often share work that a worker
//! keeps from task to task (the join engine's placed frame on odd boards),
//! so a worker that moves through a range does that work once per run of
//! alike tasks: with one shared counter the workers took alternate tasks
//! and each did it for every run (`count 17 -j2` placed each frame twice,
//! 5.5% of its time against 3% on one thread). Each finished task's result
//! goes to the calling thread. The calling thread sums the results and
//! passes each one to a [`Sink`] (its [`Sink::task_done`]), which is where checkpoints and
//! progress bars live, and which can stop the run. Sums are exact (`u128`) and
//! do not depend on the number of threads or the order tasks finish in.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::plan::Plan;
use crate::error::Error;
use crate::sink::tally::Tally;
use crate::sink::{Quiet, Sink};

/// How often [`Sink::tick`] is called.
pub const TICK: Duration = Duration::from_millis(200);

/// How far apart a worker sends its finished tasks, at least; those it holds
/// in between the calling thread takes itself when no message has come
/// for [`POLL`], so that a task finished just after a send does not wait
/// for the worker's next task (which may take minutes).
const BATCH: Duration = Duration::from_millis(5);

/// How often the calling thread looks at `stop` (to cut long tasks short)
/// and takes the tasks the workers hold.
const POLL: Duration = Duration::from_millis(20);

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
/// `stop` can be set from anywhere (a signal handler) to end the run early:
/// no task starts after it, and a task under way either finishes and is
/// reported or, where the engine cuts long tasks short (the join engine,
/// [`Plan::count_or_stop`]), is given up and not reported, to be counted
/// again by a resumed run.
///
/// Each finished task is passed to `observer` ([`Sink::task_done`]) on the
/// calling thread as the tasks finish (within 20 ms: the workers send them
/// in batches), which is where a front end records checkpoints. The sink
/// can stop the run too: after it says [`Break`](std::ops::ControlFlow::Break)
/// no task starts, long tasks under way are cut short as by `stop`, no other
/// is passed to it or summed (the result is what it saw), and `stop` is
/// left as it was.
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
///
/// Where the system will not start the threads (a limit on threads or on
/// memory), the tasks are counted on the calling thread instead;
/// [`try_run_plan`](crate::try_run_plan) returns an error then.
///
/// # Panics
/// If a task of `pending` is not below the plan's [`len`](Plan::len), before
/// any is counted.
pub fn run(
    plan: &dyn Plan,
    pending: &[usize],
    threads: usize,
    stop: &AtomicBool,
    observer: &mut dyn Sink,
) -> RunResult {
    match try_run(plan, pending, threads, stop, observer) {
        Ok(result) => result,
        Err(_) => on_this_thread(plan, pending, stop, observer),
    }
}

/// Counts `pending` on the calling thread, for [`run`] where no thread
/// could be started.
fn on_this_thread(
    plan: &dyn Plan,
    pending: &[usize],
    stop: &AtomicBool,
    observer: &mut dyn Sink,
) -> RunResult {
    let mut tally = Tally::default();
    let mut tasks_done = 0;
    for &index in pending {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let t = plan.count(index);
        tally.add(t);
        tasks_done += 1;
        if observer.task_done(index, t).is_break() {
            break;
        }
    }
    RunResult {
        tally,
        tasks_done,
        complete: tasks_done == pending.len(),
    }
}

/// [`run`], or an error if the system will not start the threads.
///
/// # Errors
/// [`Error::Threads`] when a thread cannot be started (too many threads
/// for the system's limits, or no memory for their stacks, as under
/// `ulimit -v`); the threads already started stop, and nothing was passed
/// to `observer`.
///
/// # Panics
/// As [`run`] does, for a task past the plan's last.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{try_run_plan, BacktrackEngine, Engine, Quiet};
///
/// let plan = BacktrackEngine.plan(8)?;
/// let all: Vec<usize> = (0..plan.len()).collect();
/// let result = try_run_plan(plan.as_ref(), &all, 2, &AtomicBool::new(false), &mut Quiet)?;
/// assert_eq!(result.tally.solutions, 92);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn try_run(
    plan: &dyn Plan,
    pending: &[usize],
    threads: usize,
    stop: &AtomicBool,
    observer: &mut dyn Sink,
) -> Result<RunResult, Error> {
    if let Some(&past) = pending.iter().find(|&&i| i >= plan.len()) {
        panic!(
            "there is no task {past}: the plan of n = {} has {} tasks",
            plan.n(),
            plan.len()
        );
    }
    let asked = threads;
    let threads = threads.clamp(1, pending.len().max(1));
    let ranges = Ranges::new(pending.len(), threads);
    let (tx, rx) = mpsc::channel::<Vec<(usize, Tally)>>();
    let mut tally = Tally::default();
    let mut tasks_done = 0;
    // Set when a thread cannot be started: the others stop.
    let abandon = AtomicBool::new(false);
    // Set when the sink says stop: no task starts after it, and none is
    // reported. (Not `stop`, which is the caller's: a flag reused for the
    // next run would stop that one before it began.)
    let halt = AtomicBool::new(false);
    // What long tasks look at as they run: set once `stop` is seen (within
    // POLL) or the sink says stop, so that either cuts them short.
    let cut = AtomicBool::new(stop.load(Ordering::Relaxed));
    // Each worker's finished tasks not yet sent.
    let held: Vec<Mutex<Vec<(usize, Tally)>>> = (0..threads).map(|_| Mutex::default()).collect();
    let mine = |worker: usize| held[worker].lock().unwrap_or_else(PoisonError::into_inner);
    let take = |worker: usize| std::mem::take(&mut *mine(worker));
    std::thread::scope(|scope| {
        for worker in 0..threads {
            let tx = tx.clone();
            let (ranges, abandon, halt, cut, mine, take) =
                (&ranges, &abandon, &halt, &cut, &mine, &take);
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                // Results go out in batches, at least BATCH apart: a message
                // per task would wake the receiving thread thousands of times
                // a second when tasks take microseconds.
                let mut sent = Instant::now();
                loop {
                    if stop.load(Ordering::Relaxed)
                        || abandon.load(Ordering::Relaxed)
                        || halt.load(Ordering::Relaxed)
                    {
                        break;
                    }
                    let Some(k) = ranges.take(worker) else { break };
                    let index = pending[k];
                    // A long task looks at `cut` as it runs; cut short, it
                    // is not counted (a resumed run counts it again).
                    let Some(tally) = plan.count_or_stop(index, cut) else {
                        break;
                    };
                    let mut held = mine(worker);
                    held.push((index, tally));
                    if sent.elapsed() >= BATCH {
                        let batch = std::mem::take(&mut *held);
                        drop(held);
                        if tx.send(batch).is_err() {
                            return;
                        }
                        sent = Instant::now();
                    }
                }
                let _ = tx.send(take(worker));
            });
            if let Err(e) = spawned {
                abandon.store(true, Ordering::Relaxed);
                return Err(Error::Threads {
                    wanted: asked,
                    started: worker,
                    reason: e.to_string(),
                });
            }
        }
        drop(tx);
        let mut report = |batch: Vec<(usize, Tally)>, observer: &mut dyn Sink| {
            for (index, t) in batch {
                if halt.load(Ordering::Relaxed) {
                    // Finished after the sink said stop: not reported.
                    break;
                }
                tally.add(t);
                tasks_done += 1;
                if observer.task_done(index, t).is_break() {
                    halt.store(true, Ordering::Relaxed);
                    cut.store(true, Ordering::Relaxed);
                }
            }
        };
        // When a task was last reported or the sink last ticked.
        let mut heard = Instant::now();
        loop {
            if stop.load(Ordering::Relaxed) {
                cut.store(true, Ordering::Relaxed);
            }
            match rx.recv_timeout(POLL) {
                Ok(batch) => {
                    heard = Instant::now();
                    report(batch, &mut *observer);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let mut any = false;
                    for worker in 0..threads {
                        let batch = take(worker);
                        any |= !batch.is_empty();
                        report(batch, &mut *observer);
                    }
                    if any {
                        heard = Instant::now();
                    } else if heard.elapsed() >= TICK {
                        heard = Instant::now();
                        if !halt.load(Ordering::Relaxed) && observer.tick().is_break() {
                            halt.store(true, Ordering::Relaxed);
                            cut.store(true, Ordering::Relaxed);
                        }
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        Ok(())
    })?;
    Ok(RunResult {
        tally,
        tasks_done,
        complete: tasks_done == pending.len(),
    })
}

/// The workers' ranges of pending tasks, each packed in one word (its
/// first index in the high half, its end in the low half) so that the
/// owner taking from the front and a thief cutting off the back agree by
/// one compare-and-swap. Lists of 2^32 tasks or more (no plan has them)
/// fall back to one shared counter.
enum Ranges {
    Owned(Vec<AtomicU64>),
    Shared(AtomicUsize, usize),
}

fn pack(start: usize, end: usize) -> u64 {
    (start as u64) << 32 | end as u64
}

fn unpack(range: u64) -> (usize, usize) {
    ((range >> 32) as usize, (range & 0xFFFF_FFFF) as usize)
}

impl Ranges {
    /// `len` tasks in `workers` contiguous ranges of nearly equal length.
    fn new(len: usize, workers: usize) -> Ranges {
        if u32::try_from(len).is_err() {
            return Ranges::Shared(AtomicUsize::new(0), len);
        }
        let bound = |w: usize| (w as u64 * len as u64 / workers as u64) as usize;
        Ranges::Owned(
            (0..workers)
                .map(|w| AtomicU64::new(pack(bound(w), bound(w + 1))))
                .collect(),
        )
    }

    /// The next task for `worker`: the front of its range, or of the half
    /// it steals; `None` when no range has any left.
    fn take(&self, worker: usize) -> Option<usize> {
        let ranges = match self {
            Ranges::Shared(next, len) => {
                let k = next.fetch_add(1, Ordering::Relaxed);
                return (k < *len).then_some(k);
            }
            Ranges::Owned(ranges) => ranges,
        };
        let mine = &ranges[worker];
        loop {
            let range = mine.load(Ordering::Acquire);
            let (start, end) = unpack(range);
            if start < end {
                let taken = pack(start + 1, end);
                if mine
                    .compare_exchange(range, taken, Ordering::AcqRel, Ordering::Acquire)
                    .is_ok()
                {
                    return Some(start);
                }
                // A thief cut the back off: look again.
                continue;
            }
            // Steal the back half of the largest range (all of a last task).
            let (victim, range) = ranges
                .iter()
                .map(|r| r.load(Ordering::Acquire))
                .enumerate()
                .max_by_key(|&(_, r)| {
                    let (s, e) = unpack(r);
                    e.saturating_sub(s)
                })?;
            let (start, end) = unpack(range);
            if start >= end {
                return None;
            }
            let middle = start + (end - start) / 2;
            if ranges[victim]
                .compare_exchange(
                    range,
                    pack(start, middle),
                    Ordering::AcqRel,
                    Ordering::Acquire,
                )
                .is_ok()
            {
                // Only this worker writes its own range while it is empty
                // (thieves leave empty ranges alone); the first stolen task
                // is taken at once.
                mine.store(pack(middle + 1, end), Ordering::Release);
                return Some(middle);
            }
        }
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

    /// Task 0 is done at once; the others take 2 s unless told to stop,
    /// which they look at every 5 ms (as the join engine's long tasks do).
    struct Long;

    impl Plan for Long {
        fn n(&self) -> usize {
            8
        }
        fn len(&self) -> usize {
            4
        }
        fn count(&self, index: usize) -> Tally {
            self.count_or_stop(index, &AtomicBool::new(false)).unwrap()
        }
        fn count_or_stop(&self, index: usize, stop: &AtomicBool) -> Option<Tally> {
            let start = Instant::now();
            while index > 0 && start.elapsed() < Duration::from_secs(2) {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Some(Tally {
                solutions: 1,
                classes_x8: 0,
            })
        }
        fn describe(&self, index: usize) -> String {
            format!("task {index}")
        }
    }

    /// When each task was reported, and whether to stop at the first.
    struct When(Instant, Vec<(usize, Duration)>, bool);

    impl Sink for When {
        fn task_done(&mut self, index: usize, _: Tally) -> ControlFlow<()> {
            self.1.push((index, self.0.elapsed()));
            if self.2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }

    /// A task done just after its worker's last report is reported within
    /// moments, not after the worker's next task (2 s here: it waited).
    #[test]
    fn a_finished_task_does_not_wait_for_the_next() {
        let mut when = When(Instant::now(), Vec::new(), false);
        let r = run(&Long, &[0, 1], 1, &AtomicBool::new(false), &mut when);
        assert!(r.complete);
        let (index, at) = when.1[0];
        assert_eq!(index, 0);
        assert!(at < Duration::from_secs(1), "task 0 reported after {at:?}");
    }

    /// A sink that says stop cuts the long tasks under way short, as a
    /// stop flag does (they ran to their end, and were dropped: 4 s here).
    #[test]
    fn a_sink_that_says_stop_cuts_long_tasks_short() {
        let mut when = When(Instant::now(), Vec::new(), true);
        let start = Instant::now();
        let r = run(&Long, &[0, 1, 2, 3], 2, &AtomicBool::new(false), &mut when);
        assert!(!r.complete);
        assert_eq!((r.tasks_done, when.1.len()), (1, 1));
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "{:?}",
            start.elapsed()
        );
    }

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

    /// A task past the plan's last is named before any is counted (it
    /// panicked in a worker, as "a scoped thread panicked").
    #[test]
    #[should_panic(expected = "there is no task 9999: the plan of n = 8 has")]
    fn a_task_past_the_plan_is_named() {
        let plan = ConstellationEngine.plan(8).unwrap();
        let stop = AtomicBool::new(false);
        let _ = try_run(plan.as_ref(), &[0, 9999], 2, &stop, &mut Quiet);
    }

    #[test]
    fn ranges_hand_out_every_task_once() {
        for (len, workers) in [(0, 1), (1, 3), (5, 8), (1000, 2), (10_007, 7)] {
            let ranges = Ranges::new(len, workers);
            let taken: Vec<Vec<usize>> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..workers)
                    .map(|w| {
                        let ranges = &ranges;
                        scope.spawn(move || {
                            let mut mine = Vec::new();
                            while let Some(k) = ranges.take(w) {
                                mine.push(k);
                            }
                            mine
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let mut all: Vec<usize> = taken.concat();
            all.sort_unstable();
            assert_eq!(
                all,
                (0..len).collect::<Vec<_>>(),
                "{len} tasks, {workers} workers"
            );
        }
    }

    #[test]
    fn a_worker_moves_through_its_range_in_order() {
        // Alone, worker 0 takes its half in order, then steals from the back
        // half of worker 1's range, and takes that in order too.
        let ranges = Ranges::new(8, 2);
        let order: Vec<usize> = std::iter::from_fn(|| ranges.take(0)).collect();
        assert_eq!(order, [0, 1, 2, 3, 6, 7, 5, 4]);
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

    /// Once the sink says stop it hears of no other task, and the result is
    /// what it heard, even where tasks take microseconds and arrive in
    /// batches (the sink was called 293 times at n = 10, and the count came
    /// back whole); the caller's flag is left as it was, so that it can
    /// serve the next run (it was set, and the next run counted nothing).
    #[test]
    fn a_sink_that_says_stop_hears_no_more() {
        struct Heard(usize, usize);
        impl Sink for Heard {
            fn task_done(&mut self, _: usize, _: Tally) -> ControlFlow<()> {
                self.1 += 1;
                if self.1 == self.0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
        }
        let plan = ConstellationEngine.plan(10).unwrap();
        let all: Vec<usize> = (0..plan.len()).collect();
        let flag = AtomicBool::new(false);
        for threads in [1, 2] {
            for stop_at in [1, 3] {
                let mut sink = Heard(stop_at, 0);
                let r = run(plan.as_ref(), &all, threads, &flag, &mut sink);
                assert_eq!(
                    (sink.1, r.tasks_done),
                    (stop_at, stop_at),
                    "{threads} threads"
                );
                assert!(!r.complete);
                assert!(!flag.load(Ordering::Relaxed));
            }
            let whole = run(plan.as_ref(), &all, threads, &flag, &mut Quiet);
            assert!(whole.complete);
            assert_eq!(whole.tally.solutions, 724);
        }
        let mut sink = Heard(1, 0);
        let r = on_this_thread(plan.as_ref(), &all, &flag, &mut sink);
        assert_eq!((sink.1, r.tasks_done, r.complete), (1, 1, false));
    }
}
