//! [`Checker`]: the [`LineVerifier`] of a large placement, on a thread of its
//! own while the text is read.
//!
//! A pipe can only be read in order, so its rows cannot be split over threads
//! the way [`ParallelVerifier`](super::ParallelVerifier) splits a source that
//! starts anywhere. What can be split is the work per row: reading the digits
//! and checking the lines cost about the same, so the reading thread hands
//! the columns over in chunks of [`CHUNK`] (4 bytes each) and a second thread
//! pushes them through the verifier. A few chunks are in flight at most, so
//! memory stays bounded, and chunks go back to the reader to be filled again.

use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::thread::JoinHandle;

use super::verifier::LineVerifier;

/// Columns per chunk handed to the checking thread.
const CHUNK: usize = 1 << 16;
/// Chunks waiting for the checking thread, at most.
const IN_FLIGHT: usize = 4;

/// The verifier of a large placement: here, or on its own thread when there
/// is more than one core.
#[derive(Debug)]
pub(super) enum Checker {
    Here(Box<LineVerifier>),
    Apart(Apart),
}

impl Checker {
    /// Checks with `verifier`, on a second thread if the machine has one.
    pub(super) fn new(verifier: LineVerifier) -> Self {
        if super::cores() > 1 {
            Checker::Apart(Apart::start(verifier))
        } else {
            Checker::Here(Box::new(verifier))
        }
    }

    /// The queen of the next row stands in column `col` (below
    /// [`MAX_QUEENS`](super::MAX_QUEENS), so it fits 32 bits).
    #[inline]
    pub(super) fn push(&mut self, col: u32) {
        match self {
            Checker::Here(v) => v.push(col as usize),
            Checker::Apart(a) => a.push(col),
        }
    }

    /// The verifier, every column pushed.
    pub(super) fn finish(self) -> LineVerifier {
        match self {
            Checker::Here(v) => *v,
            Checker::Apart(a) => a.finish(),
        }
    }
}

/// The reading side of a verifier on another thread.
#[derive(Debug)]
pub(super) struct Apart {
    chunk: Vec<u32>,
    /// Full chunks out; `None` once finished.
    full: Option<SyncSender<Vec<u32>>>,
    /// Chunks back, emptied.
    empty: Receiver<Vec<u32>>,
    worker: Option<JoinHandle<LineVerifier>>,
}

impl Apart {
    fn start(mut verifier: LineVerifier) -> Self {
        let (full, chunks) = sync_channel::<Vec<u32>>(IN_FLIGHT);
        let (back, empty): (Sender<Vec<u32>>, _) = channel();
        let worker = std::thread::spawn(move || {
            for mut chunk in chunks {
                for &col in &chunk {
                    verifier.push(col as usize);
                }
                chunk.clear();
                // The reader may be gone (it finished or failed): fine.
                let _ = back.send(chunk);
            }
            verifier
        });
        Apart {
            chunk: Vec::with_capacity(CHUNK),
            full: Some(full),
            empty,
            worker: Some(worker),
        }
    }

    #[inline]
    fn push(&mut self, col: u32) {
        self.chunk.push(col);
        if self.chunk.len() == CHUNK {
            self.send();
        }
    }

    #[cold]
    fn send(&mut self) {
        let next = self
            .empty
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(CHUNK));
        let chunk = std::mem::replace(&mut self.chunk, next);
        if let Some(full) = &self.full {
            // Only a panic on the checking thread closes it; `finish` says so.
            let _ = full.send(chunk);
        }
    }

    fn finish(mut self) -> LineVerifier {
        if !self.chunk.is_empty() {
            self.send();
        }
        self.full = None;
        let worker = self.worker.take();
        match worker.map(JoinHandle::join) {
            Some(Ok(verifier)) => verifier,
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            None => unreachable!("the worker is joined once, here"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::test_util::run;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Across chunk boundaries, the verdict is the verifier's own.
        #[test]
        fn same_verdict_as_the_verifier_alone(
            cols in (1usize..300).prop_flat_map(|n| proptest::collection::vec(0..n + 2, n)),
            copies in 1usize..4,
        ) {
            // Repeat the columns to cross a chunk boundary or two.
            let cols: Vec<usize> = cols.iter().copied().cycle().take(cols.len() * copies + CHUNK).collect();
            let want = run(&cols, LineVerifier::new().keeping_columns(50));
            let mut apart = Checker::Apart(Apart::start(LineVerifier::new().keeping_columns(50)));
            for &c in &cols {
                apart.push(c as u32);
            }
            prop_assert_eq!(apart.finish().finish(), want);
        }
    }

    #[test]
    fn dropped_unfinished_it_lets_the_thread_go() {
        let mut apart = Apart::start(LineVerifier::new());
        for c in 0..3 * CHUNK as u32 {
            apart.push(c);
        }
        drop(apart);
    }
}
