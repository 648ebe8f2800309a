//! The messages between rank 0 and the workers, and the pure parts of the
//! protocol (dealing out task indices, putting tallies on the wire), kept
//! apart from MPI so that they can be unit-tested without `mpirun`.
//!
//! | tag | from → to | payload (`u64` words) | meaning |
//! |---|---|---|---|
//! | [`TAG_REQUEST`] | worker → 0 | nothing | "give me work" |
//! | [`TAG_CHUNK`] | 0 → worker | task indices, at least one | count these tasks |
//! | [`TAG_STOP`] | 0 → worker | nothing | no tasks left: stop asking |
//! | [`TAG_RESULT`] | worker → 0 | one task's index and its [`TALLY_WORDS`] words | "this task is counted" |
//!
//! Every worker request is answered with exactly one reply, and every worker
//! gets exactly one stop, so rank 0 knows when the last worker is done asking.
//! A worker sends each task's result as soon as it has counted it, before
//! it counts the next one, and rank 0 appends it to a task log between its
//! own tasks: a job that dies loses only the tasks under way (and those
//! that reached rank 0 while it counted its own last one), not whole
//! chunks. Rank 0 receives messages of any tag in the order each worker
//! sent them (MPI does not let one overtake another from the same sender),
//! so a worker's last request comes after all its results: once every
//! worker has had its stop, rank 0 holds every result.
//! At the end each rank's own sum and work travel in one `MPI_Gather`
//! ([`encode`]) and rank 0 checks that they add up to what it was told.

use mpi::Tag;
use nqueens::Tally;

/// A worker asks rank 0 for a chunk.
pub const TAG_REQUEST: Tag = 1;
/// Rank 0 answers a request with a chunk: the indices of the tasks to count.
pub const TAG_CHUNK: Tag = 2;
/// Rank 0 answers a request with "no tasks left".
pub const TAG_STOP: Tag = 3;
/// A worker reports the count of one task of its chunk.
pub const TAG_RESULT: Tag = 4;

/// How many chunks each rank gets, on average, while plenty of tasks are left
/// (the default chunk size): enough that a rank that drew slow tasks is evened
/// out by the others taking more chunks, few enough that messages cost nothing
/// next to the counting.
pub const CHUNKS_PER_RANK: usize = 16;

/// Near the end, a chunk is at most the tasks left over this many times the
/// ranks ("guided" dealing): chunks shrink to single tasks, so that no rank
/// is still counting a long chunk while the others are idle.
pub const GUIDED: usize = 4;

/// The default largest chunk: `max(1, tasks / (ranks × 16))`.
pub fn default_chunk(tasks: usize, ranks: usize) -> usize {
    (tasks / (ranks.max(1) * CHUNKS_PER_RANK)).max(1)
}

/// How chunks are sized.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chunking {
    /// `--chunk K`: always K tasks (fewer at the very end).
    Fixed(usize),
    /// The default: at most `max` tasks, and at most the tasks left over
    /// [`GUIDED`] × `ranks`, but at least one.
    Guided { max: usize, ranks: usize },
}

/// Hands out the tasks still to count, in the order given (each exactly once):
/// chunks to the workers, single tasks to rank 0 itself.
#[derive(Debug, Clone)]
pub struct Dealer {
    tasks: Vec<usize>,
    next: usize,
    chunking: Chunking,
}

impl Dealer {
    /// Deals `tasks` (the task indices not yet counted) in this order.
    pub fn new(tasks: Vec<usize>, chunking: Chunking) -> Self {
        Dealer {
            tasks,
            next: 0,
            chunking,
        }
    }

    /// The size of the next worker's chunk.
    fn chunk_len(&self) -> usize {
        let left = self.remaining();
        let len = match self.chunking {
            Chunking::Fixed(k) => k,
            Chunking::Guided { max, ranks } => max.min(left / (GUIDED * ranks.max(1))),
        };
        len.clamp(1, left.max(1))
    }

    /// The next chunk for a worker, or `None` when every task has been dealt.
    pub fn next_chunk(&mut self) -> Option<&[usize]> {
        if self.remaining() == 0 {
            return None;
        }
        let start = self.next;
        self.next += self.chunk_len();
        Some(&self.tasks[start..self.next])
    }

    /// The next single task, for rank 0, which counts one task at a time so
    /// that it looks at pending requests often.
    pub fn next_task(&mut self) -> Option<usize> {
        let task = *self.tasks.get(self.next)?;
        self.next += 1;
        Some(task)
    }

    /// How many tasks are still to be dealt.
    pub fn remaining(&self) -> usize {
        self.tasks.len() - self.next
    }
}

/// A chunk as it travels: its task indices.
pub fn chunk_to_wire(tasks: &[usize]) -> Vec<u64> {
    tasks.iter().map(|&t| t as u64).collect()
}

/// A chunk as it arrives. Indices fit in `usize` on every machine that built
/// the plan, so this never truncates.
pub fn chunk_from_wire(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().map(|&w| w as usize)
}

/// Words in a result: the task's index, then its tally.
pub const RESULT_WORDS: usize = 1 + TALLY_WORDS;

/// A task's result as it travels.
pub fn result_to_wire(task: usize, tally: Tally) -> [u64; RESULT_WORDS] {
    let [sh, sl, ch, cl] = encode(tally);
    [task as u64, sh, sl, ch, cl]
}

/// A result as it arrives, or `None` if it is not [`RESULT_WORDS`] words
/// long (a worker built from other code).
pub fn result_from_wire(words: &[u64]) -> Option<(usize, Tally)> {
    match *words {
        [task, sh, sl, ch, cl] => Some((task as usize, decode([sh, sl, ch, cl]))),
        _ => None,
    }
}

/// `u64` words per tally on the wire: MPI has no 128-bit integer type, so each
/// `u128` field travels as its high and low halves.
pub const TALLY_WORDS: usize = 4;

/// `[solutions_hi, solutions_lo, classes_x8_hi, classes_x8_lo]`.
pub fn encode(t: Tally) -> [u64; TALLY_WORDS] {
    let (sh, sl) = split(t.solutions);
    let (ch, cl) = split(t.classes_x8);
    [sh, sl, ch, cl]
}

/// The inverse of [`encode`].
pub fn decode(w: [u64; TALLY_WORDS]) -> Tally {
    Tally {
        solutions: join(w[0], w[1]),
        classes_x8: join(w[2], w[3]),
    }
}

/// The exact sum of gathered tallies: `words` holds [`TALLY_WORDS`] per rank.
pub fn sum_encoded(words: &[u64]) -> Tally {
    words
        .chunks_exact(TALLY_WORDS)
        .map(|w| decode([w[0], w[1], w[2], w[3]]))
        .sum()
}

fn split(x: u128) -> (u64, u64) {
    ((x >> 64) as u64, x as u64)
}

fn join(hi: u64, lo: u64) -> u128 {
    (u128::from(hi) << 64) | u128::from(lo)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deals every task of `dealer`, alternating workers' chunks with rank
    /// 0's single tasks, and returns how often each index was dealt.
    fn deal_all(mut dealer: Dealer, len: usize) -> Vec<u32> {
        let mut seen = vec![0u32; len];
        let mut turn = 0;
        while dealer.remaining() > 0 {
            if turn % 3 == 0 {
                seen[dealer.next_task().unwrap()] += 1;
            } else {
                let chunk = chunk_to_wire(dealer.next_chunk().unwrap());
                assert!(!chunk.is_empty());
                for i in chunk_from_wire(&chunk) {
                    seen[i] += 1;
                }
            }
            turn += 1;
        }
        assert_eq!(dealer.next_chunk(), None);
        assert_eq!(dealer.next_task(), None);
        seen
    }

    #[test]
    fn chunks_and_tasks_cover_every_task_once() {
        for len in [0, 1, 2, 7, 100, 1001] {
            for chunking in [
                Chunking::Fixed(1),
                Chunking::Fixed(3),
                Chunking::Fixed(5000),
                Chunking::Guided { max: 64, ranks: 3 },
                Chunking::Guided { max: 1, ranks: 1 },
            ] {
                let seen = deal_all(Dealer::new((0..len).collect(), chunking), len);
                assert!(seen.iter().all(|&k| k == 1), "len {len}, {chunking:?}");
            }
        }
    }

    #[test]
    fn only_the_tasks_given_are_dealt_in_their_order() {
        // A rerun with a task log deals only what the log lacks.
        let left = vec![9, 2, 7, 3];
        let mut dealer = Dealer::new(left, Chunking::Fixed(3));
        assert_eq!(dealer.next_chunk(), Some(&[9, 2, 7][..]));
        assert_eq!(dealer.next_task(), Some(3));
        assert_eq!(dealer.next_chunk(), None);
        let seen = deal_all(Dealer::new(vec![5, 1], Chunking::Fixed(1)), 6);
        assert_eq!(seen, [0, 1, 0, 0, 0, 1]);
    }

    #[test]
    fn fixed_chunks_are_k_and_guided_ones_shrink_to_one() {
        let mut dealer = Dealer::new((0..10).collect(), Chunking::Fixed(4));
        let lens: Vec<usize> = std::iter::from_fn(|| dealer.next_chunk().map(<[_]>::len)).collect();
        assert_eq!(lens, [4, 4, 2]);
        let guided = Chunking::Guided { max: 100, ranks: 4 };
        let mut dealer = Dealer::new((0..1000).collect(), guided);
        let lens: Vec<usize> = std::iter::from_fn(|| dealer.next_chunk().map(<[_]>::len)).collect();
        assert_eq!(lens[0], 62, "1000 / (4 × 4)");
        assert!(lens.windows(2).all(|w| w[0] >= w[1]), "{lens:?}");
        assert_eq!(lens.iter().sum::<usize>(), 1000);
        // The last tasks go one at a time.
        assert!(lens.iter().rev().take(16).all(|&k| k == 1), "{lens:?}");
    }

    #[test]
    fn default_chunk_size() {
        assert_eq!(default_chunk(0, 4), 1);
        assert_eq!(default_chunk(10, 4), 1);
        assert_eq!(default_chunk(6400, 4), 100);
        assert_eq!(default_chunk(6400, 0), 400);
    }

    /// Simulates the protocol on `ranks` ranks (rank 0 counting single tasks,
    /// the workers asking for chunks whenever idle) with tasks of the given
    /// durations, and returns when the last rank finishes.
    fn makespan(durations: &[f64], ranks: usize, chunking: Chunking) -> f64 {
        let mut dealer = Dealer::new((0..durations.len()).collect(), chunking);
        // Each rank's time when it is next free; take the earliest each time.
        let mut free = vec![0.0f64; ranks];
        loop {
            let (rank, &now) = free
                .iter()
                .enumerate()
                .min_by(|a, b| a.1.total_cmp(b.1))
                .unwrap();
            let work: f64 = if rank == 0 {
                match dealer.next_task() {
                    Some(t) => durations[t],
                    None => break,
                }
            } else {
                match dealer.next_chunk() {
                    Some(chunk) => chunk.iter().map(|&t| durations[t]).sum(),
                    None => break,
                }
            };
            free[rank] = now + work;
        }
        free.into_iter().fold(0.0, f64::max)
    }

    /// Task durations whose sizes differ by four orders of magnitude, the
    /// large ones anywhere in the plan (a pseudo-random heavy tail, fixed
    /// seed), then the same with the large ones last, as in plans whose
    /// tasks grow with their index.
    fn uneven_plans() -> [Vec<f64>; 2] {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let scattered: Vec<f64> = (0..5000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let u = (x >> 11) as f64 / (1u64 << 53) as f64;
                0.01 / (1.0 - u).powf(0.8).max(1e-4)
            })
            .collect();
        let mut growing = scattered.clone();
        growing.sort_by(f64::total_cmp);
        [scattered, growing]
    }

    #[test]
    fn uneven_tasks_keep_every_rank_busy() {
        for (plan, durations) in uneven_plans().into_iter().enumerate() {
            let total: f64 = durations.iter().sum();
            let longest = durations.iter().copied().fold(0.0, f64::max);
            for ranks in [2, 3, 8, 64] {
                let max = default_chunk(durations.len(), ranks);
                let took = makespan(&durations, ranks, Chunking::Guided { max, ranks });
                // Dealing single tasks greedily ends within one task of an
                // even share (Graham's bound); the guided chunks keep that.
                let share = total / ranks as f64;
                assert!(
                    took <= share + longest,
                    "{ranks} ranks: {took:.1} against an even share of {share:.1}"
                );
                // Chunks of a fixed size do not when the large tasks come
                // last: one rank draws a chunk of them while the others idle.
                let fixed = makespan(&durations, ranks, Chunking::Fixed(max));
                if plan == 1 && ranks > 2 {
                    assert!(fixed > share + longest, "{ranks} ranks: {fixed:.1}");
                }
            }
        }
    }

    #[test]
    fn a_result_survives_the_wire_and_a_torn_one_is_refused() {
        let big = Tally {
            solutions: u128::from(u64::MAX) + 5,
            classes_x8: (1u128 << 100) + 3,
        };
        let words = result_to_wire(9472, big);
        assert_eq!(result_from_wire(&words), Some((9472, big)));
        assert_eq!(result_from_wire(&words[..4]), None);
        assert_eq!(result_from_wire(&[]), None);
    }

    #[test]
    fn tallies_survive_the_wire_and_sum_exactly() {
        let big = Tally {
            solutions: u128::from(u64::MAX) + 5,
            classes_x8: (1u128 << 100) + 3,
        };
        assert_eq!(decode(encode(big)), big);
        let small = Tally {
            solutions: 92,
            classes_x8: 96,
        };
        let words: Vec<u64> = [big, small, Tally::default(), big]
            .into_iter()
            .flat_map(encode)
            .collect();
        let total = sum_encoded(&words);
        assert_eq!(total.solutions, 2 * (u128::from(u64::MAX) + 5) + 92);
        assert_eq!(total.classes_x8, 2 * ((1u128 << 100) + 3) + 96);
    }
}
