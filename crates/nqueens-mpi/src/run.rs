//! The two roles: rank 0 deals, counts and keeps the task log
//! ([`coordinate`]), the other ranks ask, count and report ([`work`]); then
//! [`combine`] gathers every rank's own sum on rank 0.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use mpi::point_to_point::{MatchedReceiveVec, Message, Status};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use nqueens::{Plan, Tally, TaskLogError, TaskLogWriter};

use crate::protocol::{
    chunk_from_wire, chunk_to_wire, encode, result_from_wire, result_to_wire, sum_encoded, Dealer,
    TAG_CHUNK, TAG_REQUEST, TAG_RESULT, TAG_STOP, TALLY_WORDS,
};

/// What one rank did, for `NQUEENS_MPI_STATS=1`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    /// Tasks this rank counted.
    pub tasks: u64,
    /// Chunks it received (workers) or requests it answered (rank 0).
    pub messages: u64,
    /// Time spent counting.
    pub busy: Duration,
    /// Workers: time from sending a request to receiving the answer.
    pub waiting: Duration,
}

/// `u64` words per rank in the final gather: the tally, then [`Work`].
const REPORT_WORDS: usize = TALLY_WORDS + 4;

/// The `NQUEENS_MPI_PANIC_RANK` and `NQUEENS_MPI_PANIC_AFTER` test hook: the
/// rank that panics on purpose, after counting how many tasks.
#[derive(Debug, Clone, Copy, Default)]
pub struct PanicHook {
    /// Whether this rank is the one.
    pub armed: bool,
    /// Tasks it counts first.
    pub after: u64,
}

impl PanicHook {
    /// Panics if this rank is armed and has counted its share (`done` tasks).
    fn check(self, rank: i32, done: u64, task: usize) {
        if self.armed && done >= self.after {
            panic!(
                "rank {rank} panics on purpose before task {task}, after {done} tasks \
                 (NQUEENS_MPI_PANIC_RANK={rank}), to test that the whole job ends"
            );
        }
    }
}

/// What rank 0 knows at the end of the dealing.
#[derive(Debug)]
pub struct Coordinated {
    /// The sum of every task counted in this job, as reported to rank 0 (its
    /// own included).
    pub reported: Tally,
    /// Rank 0's own sum, for the final gather.
    pub own: Tally,
    /// What rank 0 did.
    pub work: Work,
    /// The first error writing the task log, after which it was not written.
    pub log_error: Option<TaskLogError>,
}

/// Rank 0: the tasks whose counts have reached it, and of them those its
/// task log holds (a resumed log's included); what an interruption says.
pub static REPORTED: AtomicUsize = AtomicUsize::new(0);
/// See [`REPORTED`].
pub static LOGGED: AtomicUsize = AtomicUsize::new(0);

/// The task log, if any, that rank 0 appends each reported task to.
struct Log {
    writer: Option<TaskLogWriter>,
    error: Option<TaskLogError>,
}

impl Log {
    fn record(&mut self, task: usize, tally: Tally) {
        // Counted once written: an interruption never claims a task that
        // the log lacks.
        if let Some(writer) = &mut self.writer {
            match writer.record(task, tally) {
                Ok(()) => {
                    LOGGED.fetch_add(1, Ordering::SeqCst);
                }
                Err(e) => {
                    self.error = Some(e);
                    self.writer = None;
                }
            }
        }
        REPORTED.fetch_add(1, Ordering::SeqCst);
    }
}

/// Rank 0's side of the messages: the tasks still to deal, the workers still
/// asking, the results reported so far and the log they go to.
struct Desk {
    dealer: Dealer,
    asking: i32,
    log: Log,
    reported: Tally,
    answered: u64,
}

impl Desk {
    /// Receives one message from a worker: a result, which it adds and
    /// logs, or a request, which it answers with the next chunk or a stop.
    fn receive(&mut self, world: &SimpleCommunicator, message: Message, status: Status) {
        let (from, tag) = (status.source_rank(), status.tag());
        let (words, _) = (message, status).matched_receive_vec::<u64>();
        match tag {
            TAG_RESULT => {
                let Some((task, tally)) = result_from_wire(&words) else {
                    panic!(
                        "rank 0: a result of {} words from rank {from} is not one result",
                        words.len()
                    );
                };
                self.reported.add(tally);
                self.log.record(task, tally);
                return;
            }
            TAG_REQUEST if words.is_empty() => {}
            _ => panic!(
                "rank 0: unexpected message from rank {from} (tag {tag}, {} words)",
                words.len()
            ),
        }
        let worker = world.process_at_rank(from);
        match self.dealer.next_chunk() {
            Some(chunk) => worker.send_with_tag(&chunk_to_wire(chunk)[..], TAG_CHUNK),
            None => {
                worker.send_with_tag(&[0u64; 0][..], TAG_STOP);
                self.asking -= 1;
            }
        }
        self.answered += 1;
    }
}

/// Rank 0: counts tasks one at a time from the same dealer as the workers,
/// logging every result that has come in and answering every pending
/// request before each of its own tasks, then answers the last requests
/// with stops until every worker has had one. Messages of any tag are
/// received, in the order each worker sent them, so that a worker's
/// results all come in before its last request.
pub fn coordinate(
    world: &SimpleCommunicator,
    plan: &dyn Plan,
    dealer: Dealer,
    task_log: Option<TaskLogWriter>,
    panic: PanicHook,
) -> Coordinated {
    let mut desk = Desk {
        dealer,
        // Workers that have not been told to stop yet.
        asking: world.size() - 1,
        log: Log {
            writer: task_log,
            error: None,
        },
        reported: Tally::default(),
        answered: 0,
    };
    let mut work = Work::default();
    let mut own = Tally::default();
    let anyone = world.any_process();
    loop {
        while let Some((message, status)) = anyone.immediate_matched_probe() {
            desk.receive(world, message, status);
        }
        let Some(task) = desk.dealer.next_task() else {
            break;
        };
        panic.check(world.rank(), work.tasks, task);
        let started = Instant::now();
        let tally = plan.count(task);
        work.busy += started.elapsed();
        work.tasks += 1;
        own.add(tally);
        desk.reported.add(tally);
        desk.log.record(task, tally);
    }
    while desk.asking > 0 {
        let (message, status) = anyone.matched_probe();
        desk.receive(world, message, status);
    }
    work.messages = desk.answered;
    Coordinated {
        reported: desk.reported,
        own,
        work,
        log_error: desk.log.error,
    }
}

/// A worker: asks rank 0 for a chunk, counts it, sending each task's
/// result as soon as it is counted, and asks again, until told to stop.
/// Returns its own sum and work.
pub fn work(world: &SimpleCommunicator, plan: &dyn Plan, panic: PanicHook) -> (Tally, Work) {
    let root = world.process_at_rank(0);
    let mut work = Work::default();
    let mut tally = Tally::default();
    loop {
        let asked = Instant::now();
        root.send_with_tag(&[0u64; 0][..], TAG_REQUEST);
        let (words, status) = root.receive_vec::<u64>();
        work.waiting += asked.elapsed();
        match status.tag() {
            TAG_CHUNK => {
                work.messages += 1;
                let started = Instant::now();
                for task in chunk_from_wire(&words) {
                    panic.check(world.rank(), work.tasks, task);
                    let counted = plan.count(task);
                    tally.add(counted);
                    work.tasks += 1;
                    // Reported now, not with the next request, so that a
                    // job killed mid-chunk keeps what the chunk counted. A
                    // message this small is sent eagerly, but only while
                    // the transport has buffers for it: a worker that
                    // finishes many short tasks during one of rank 0's own
                    // (about 80 with OpenMPI 4.1's shared memory) waits
                    // until rank 0 probes again, after that task. No
                    // deadlock: rank 0 always gets back to probing.
                    root.send_with_tag(&result_to_wire(task, counted)[..], TAG_RESULT);
                }
                work.busy += started.elapsed();
            }
            TAG_STOP => return (tally, work),
            tag => panic!(
                "rank {}: unexpected message tag {tag} from rank 0",
                world.rank()
            ),
        }
    }
}

/// Gathers every rank's tally and work on rank 0. Every rank calls it; rank 0
/// gets the exact total and each rank's [`Work`] (in rank order), the others
/// `None`.
pub fn combine(world: &SimpleCommunicator, tally: Tally, work: Work) -> Option<(Tally, Vec<Work>)> {
    let mut mine = [0u64; REPORT_WORDS];
    mine[..TALLY_WORDS].copy_from_slice(&encode(tally));
    mine[TALLY_WORDS..].copy_from_slice(&[
        work.tasks,
        work.messages,
        work.busy.as_nanos() as u64,
        work.waiting.as_nanos() as u64,
    ]);
    let root = world.process_at_rank(0);
    if world.rank() != 0 {
        root.gather_into(&mine[..]);
        return None;
    }
    let mut all = vec![0u64; REPORT_WORDS * world.size() as usize];
    root.gather_into_root(&mine[..], &mut all[..]);
    let tallies: Vec<u64> = all
        .chunks_exact(REPORT_WORDS)
        .flat_map(|r| r[..TALLY_WORDS].iter().copied())
        .collect();
    let works = all
        .chunks_exact(REPORT_WORDS)
        .map(|r| Work {
            tasks: r[TALLY_WORDS],
            messages: r[TALLY_WORDS + 1],
            busy: Duration::from_nanos(r[TALLY_WORDS + 2]),
            waiting: Duration::from_nanos(r[TALLY_WORDS + 3]),
        })
        .collect();
    Some((sum_encoded(&tallies), works))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every task that reaches rank 0 counts as reported, with or without a
    /// task log: Ctrl-C on `nqueens-mpi count 19` without --task-log said
    /// "interrupted after 0 of 9,473 tasks" when only logged tasks counted.
    #[test]
    fn a_task_counts_as_reported_without_a_task_log() {
        let (reported, logged) = (
            REPORTED.load(Ordering::SeqCst),
            LOGGED.load(Ordering::SeqCst),
        );
        let mut log = Log {
            writer: None,
            error: None,
        };
        log.record(
            3,
            Tally {
                solutions: 4,
                classes_x8: 8,
            },
        );
        assert_eq!(REPORTED.load(Ordering::SeqCst), reported + 1);
        assert_eq!(LOGGED.load(Ordering::SeqCst), logged);
        assert!(log.error.is_none());
    }
}
