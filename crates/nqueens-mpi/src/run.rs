//! The two roles: rank 0 deals and counts ([`coordinate`]), the other ranks
//! ask and count ([`work`]); then [`combine`] sums everything on rank 0.

use std::time::{Duration, Instant};

use mpi::point_to_point::{Message, Status};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use nqueens::{Plan, Tally};

use crate::protocol::{
    chunk_from_wire, chunk_to_wire, encode, sum_encoded, Dealer, TAG_CHUNK, TAG_REQUEST, TAG_STOP,
    TALLY_WORDS,
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

/// Panics on purpose when `armed` (the `NQUEENS_MPI_PANIC_RANK` test hook).
fn maybe_panic(armed: bool, rank: i32, task: usize) {
    if armed {
        panic!(
            "rank {rank} panics on purpose before task {task} \
             (NQUEENS_MPI_PANIC_RANK={rank}), to test that the whole job ends"
        );
    }
}

/// Rank 0: counts tasks one at a time from the same dealer as the workers,
/// answering every pending request before each of its own tasks, then answers
/// the last requests with stops until every worker has had one.
pub fn coordinate(
    world: &SimpleCommunicator,
    plan: &dyn Plan,
    chunk: usize,
    panic_armed: bool,
) -> (Tally, Work) {
    let mut dealer = Dealer::new(plan.len(), chunk);
    let mut work = Work::default();
    let mut tally = Tally::default();
    // Workers that have not been told to stop yet.
    let mut asking = world.size() - 1;
    let anyone = world.any_process();
    loop {
        while let Some((message, status)) = anyone.immediate_matched_probe_with_tag(TAG_REQUEST) {
            answer(world, message, status, &mut dealer, &mut asking);
            work.messages += 1;
        }
        let Some(task) = dealer.next_task() else {
            break;
        };
        maybe_panic(panic_armed, world.rank(), task);
        let started = Instant::now();
        tally.add(plan.count(task));
        work.busy += started.elapsed();
        work.tasks += 1;
    }
    while asking > 0 {
        let (message, status) = anyone.matched_probe_with_tag(TAG_REQUEST);
        answer(world, message, status, &mut dealer, &mut asking);
        work.messages += 1;
    }
    (tally, work)
}

/// Receives one request and sends its answer: the next chunk, or a stop.
fn answer(
    world: &SimpleCommunicator,
    message: Message,
    status: Status,
    dealer: &mut Dealer,
    asking: &mut i32,
) {
    let mut empty: [u8; 0] = [];
    message.matched_receive_into(&mut empty[..]);
    let worker = world.process_at_rank(status.source_rank());
    match dealer.next_chunk() {
        Some(range) => worker.send_with_tag(&chunk_to_wire(&range), TAG_CHUNK),
        None => {
            worker.send_with_tag(&[0u64; 2], TAG_STOP);
            *asking -= 1;
        }
    }
}

/// A worker: asks rank 0 for a chunk, counts it, asks again, until told to stop.
pub fn work(world: &SimpleCommunicator, plan: &dyn Plan, panic_armed: bool) -> (Tally, Work) {
    let root = world.process_at_rank(0);
    let mut work = Work::default();
    let mut tally = Tally::default();
    loop {
        let asked = Instant::now();
        root.send_with_tag(&[0u8; 0][..], TAG_REQUEST);
        let mut words = [0u64; 2];
        let status = root.receive_into(&mut words);
        work.waiting += asked.elapsed();
        match status.tag() {
            TAG_CHUNK => {
                work.messages += 1;
                let started = Instant::now();
                for task in chunk_from_wire(words) {
                    maybe_panic(panic_armed, world.rank(), task);
                    tally.add(plan.count(task));
                    work.tasks += 1;
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
