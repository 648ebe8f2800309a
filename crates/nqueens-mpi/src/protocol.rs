//! The messages between rank 0 and the workers, and the pure parts of the
//! protocol (dealing out task indices, putting a [`Tally`] on the wire), kept
//! apart from MPI so that they can be unit-tested without `mpirun`.
//!
//! | tag | from → to | payload | meaning |
//! |---|---|---|---|
//! | [`TAG_REQUEST`] | worker → 0 | nothing (0 bytes) | "I am idle: give me work" |
//! | [`TAG_CHUNK`] | 0 → worker | `[start, end]`, two `u64` | count tasks `start..end` |
//! | [`TAG_STOP`] | 0 → worker | `[0, 0]`, two `u64` | no tasks left: stop asking |
//!
//! Every worker request is answered with exactly one reply, and every worker
//! gets exactly one stop, so rank 0 knows when the last worker is done asking.
//! The totals then travel in one `MPI_Gather` of [`TALLY_WORDS`] `u64`s per
//! rank ([`encode`]), summed on rank 0 in `u128` ([`sum_encoded`]).

use std::ops::Range;

use mpi::Tag;
use nqueens::Tally;

/// A worker asks rank 0 for a chunk of tasks (empty message).
pub const TAG_REQUEST: Tag = 1;
/// Rank 0 answers a request with a chunk `[start, end)` of task indices.
pub const TAG_CHUNK: Tag = 2;
/// Rank 0 answers a request with "no tasks left".
pub const TAG_STOP: Tag = 3;

/// How many chunks each rank gets, on average, with the default chunk size:
/// enough that a rank that drew slow tasks is evened out by the others taking
/// more chunks, few enough that messages cost nothing next to the counting.
pub const CHUNKS_PER_RANK: usize = 16;

/// The default chunk size: `max(1, tasks / (ranks × 16))`.
pub fn default_chunk(tasks: usize, ranks: usize) -> usize {
    (tasks / (ranks.max(1) * CHUNKS_PER_RANK)).max(1)
}

/// Hands out the task indices `0..len` in increasing order, each exactly once:
/// whole chunks to the workers, single tasks to rank 0 itself.
#[derive(Debug, Clone)]
pub struct Dealer {
    next: usize,
    len: usize,
    chunk: usize,
}

impl Dealer {
    /// Deals `0..len` in chunks of `chunk` (at least 1).
    pub fn new(len: usize, chunk: usize) -> Self {
        Dealer {
            next: 0,
            len,
            chunk: chunk.max(1),
        }
    }

    /// The next chunk for a worker (shorter at the end), or `None` when every
    /// task has been dealt.
    pub fn next_chunk(&mut self) -> Option<Range<usize>> {
        (self.next < self.len).then(|| {
            let start = self.next;
            self.next = start + self.chunk.min(self.len - start);
            start..self.next
        })
    }

    /// The next single task, for rank 0, which counts one task at a time so
    /// that it looks at pending requests often.
    pub fn next_task(&mut self) -> Option<usize> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.next - 1
        })
    }

    /// How many tasks are still to be dealt.
    #[cfg(test)]
    pub fn remaining(&self) -> usize {
        self.len - self.next
    }
}

/// A chunk as it travels: `[start, end]`.
pub fn chunk_to_wire(range: &Range<usize>) -> [u64; 2] {
    [range.start as u64, range.end as u64]
}

/// A chunk as it arrives. Indices fit in `usize` on every machine that built
/// the plan, so this never truncates.
pub fn chunk_from_wire(words: [u64; 2]) -> Range<usize> {
    words[0] as usize..words[1] as usize
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

    #[test]
    fn chunks_and_tasks_cover_every_index_once() {
        for len in [0, 1, 2, 7, 100, 1001] {
            for chunk in [1, 3, 64, 5000] {
                let mut dealer = Dealer::new(len, chunk);
                let mut seen = vec![0u32; len];
                // Interleave the workers' chunks with rank 0's single tasks.
                let mut turn = 0;
                while dealer.remaining() > 0 {
                    if turn % 3 == 0 {
                        let i = dealer.next_task().unwrap();
                        seen[i] += 1;
                    } else {
                        let r = dealer.next_chunk().unwrap();
                        assert!(!r.is_empty() && r.len() <= chunk);
                        for i in chunk_from_wire(chunk_to_wire(&r)) {
                            seen[i] += 1;
                        }
                    }
                    turn += 1;
                }
                assert!(seen.iter().all(|&k| k == 1), "len {len}, chunk {chunk}");
                assert_eq!(dealer.next_chunk(), None);
                assert_eq!(dealer.next_task(), None);
            }
        }
    }

    #[test]
    fn chunk_zero_means_one() {
        let mut dealer = Dealer::new(3, 0);
        assert_eq!(dealer.next_chunk(), Some(0..1));
    }

    #[test]
    fn default_chunk_size() {
        assert_eq!(default_chunk(0, 4), 1);
        assert_eq!(default_chunk(10, 4), 1);
        assert_eq!(default_chunk(6400, 4), 100);
        assert_eq!(default_chunk(6400, 0), 400);
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
