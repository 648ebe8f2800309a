//! [`Trace`]: the ready-made tracing sink that replays each event and
//! keeps the steps.

use super::{Replay, Step};
use crate::sink::event::Event;

/// How far a trace goes unless told otherwise: `nqueens trace` stops after
/// this many steps (`--max-steps` says otherwise), and the page's server
/// lets `/api/trace` page up to it, so that any step the CLI prints can be
/// watched on the page. 4,000,000: every algorithm reaches its first
/// solution within it for every n up to 8 (brute force over the 8^8 boards
/// needs 3,899,556 steps).
///
/// ```
/// use nqueens::{find_algorithm, Trace, TRACE_STEPS};
///
/// let mut trace = Trace::new("brute-force", 8).with_limit(1);
/// find_algorithm("brute-force")?.search(8, &mut trace)?;
/// assert!(trace.replay.steps() <= TRACE_STEPS);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub const TRACE_STEPS: u64 = 4_000_000;

/// A ready-made tracing [`Sink`](crate::Sink): it asks for events, replays
/// each one ([`Replay::apply`]) and keeps every [`Step`], up to a limit (a
/// search of n = 8 takes thousands of steps; the steps are kept in memory).
///
/// ```
/// use nqueens::{find_algorithm, Trace};
///
/// let mut trace = Trace::new("stack", 4);
/// find_algorithm("stack")?.search(4, &mut trace)?;
/// assert_eq!(trace.steps[0].says, "push (0, 0): the first square to try");
/// assert_eq!(trace.replay.solutions(), 2);
/// assert_eq!(trace.steps.len() as u64, trace.replay.steps());
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Trace {
    /// The search rebuilt so far: board, structure, tree.
    pub replay: Replay,
    /// Every step so far, in words, with its line of pseudocode.
    pub steps: Vec<Step>,
    limit: Option<usize>,
}

impl Trace {
    /// A trace of `algorithm` (its [`Algorithm::name`](crate::algo::Algorithm::name)) on the
    /// `n`×`n` board, keeping every step; feed it that algorithm's search of
    /// that board ([`run`](Self::run) does both, so that they cannot
    /// differ).
    ///
    /// ```
    /// let trace = nqueens::Trace::new("bitwise", 6);
    /// assert!(trace.steps.is_empty());
    /// assert_eq!(trace.replay.n(), 6);
    /// ```
    ///
    /// # Panics
    /// When fed a search of a larger board: its replay holds an `n`×`n`
    /// board. (The search of another algorithm is replayed in this one's
    /// words, which then do not describe it.)
    pub fn new(algorithm: &'static str, n: usize) -> Self {
        Trace {
            replay: Replay::new(algorithm, n),
            steps: Vec::new(),
            limit: None,
        }
    }

    /// Runs `algorithm` on the `n`×`n` board into a new trace, keeping its
    /// first `limit` steps (`None`: every one): a trace whose algorithm and
    /// board are the search's.
    ///
    /// ```
    /// use nqueens::{find_algorithm, Trace};
    ///
    /// let trace = Trace::run(find_algorithm("stack")?, 4, None)?;
    /// assert_eq!(trace.replay.solutions(), 2);
    /// let first = Trace::run(find_algorithm("recursive")?, 8, Some(10))?;
    /// assert_eq!(first.steps.len(), 10);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    ///
    /// # Errors
    /// Those of the algorithm's [`search`](crate::algo::Algorithm::search):
    /// n = 0, or n above its [`max_n`](crate::algo::Algorithm::max_n).
    pub fn run(
        algorithm: &dyn crate::algo::Algorithm,
        n: usize,
        limit: Option<usize>,
    ) -> Result<Trace, crate::error::Error> {
        let mut trace = Trace::new(algorithm.name(), n);
        trace.limit = limit.map(|l| l.max(1));
        algorithm.search(n, &mut trace)?;
        Ok(trace)
    }

    /// Stops the search after `steps` steps (at least 1).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use nqueens::{find_algorithm, Trace};
    ///
    /// let mut trace = Trace::new("recursive", 8).with_limit(10);
    /// find_algorithm("recursive")?.search(8, &mut trace)?;
    /// assert_eq!(trace.steps.len(), 10);
    /// for step in &trace.steps {
    ///     println!("{}", step.says);
    /// }
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    #[must_use]
    pub fn with_limit(mut self, steps: usize) -> Self {
        self.limit = Some(steps.max(1));
        self
    }
}

impl crate::sink::Sink for Trace {
    fn tracing(&self) -> bool {
        true
    }

    fn event(&mut self, event: &Event<'_>) -> std::ops::ControlFlow<()> {
        self.steps.push(self.replay.apply(event));
        if self.limit.is_some_and(|limit| self.steps.len() >= limit) {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
}
