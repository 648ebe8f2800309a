//! One visitor for everything a search or a count reports: [`Sink`].
//!
//! A search finds solutions and, for a learner, takes steps ([`Event`]s); a
//! count finishes tasks and wants to be asked, now and then, whether to go
//! on. Each of these is a method of one trait with a default that ignores
//! it, so a sink implements only what it wants, and each returns
//! [`ControlFlow`]: `Break` stops the search or the count (ripgrep's `Sink`
//! is the model). Any closure over a solution's columns is a sink.
//!
//! | who calls | method | when |
//! |---|---|---|
//! | every [`Algorithm`](crate::Algorithm), [`search`](crate::search()) | [`Sink::solution`] | each solution |
//! | the algorithms, if [`Sink::tracing`] | [`Sink::event`] | each step of the search |
//! | [`run_plan`](crate::run_plan) | [`Sink::task_done`] | each counted task, with its [`Tally`] |
//! | [`run_plan`](crate::run_plan) | [`Sink::tick`] | every 200 ms while no task finishes |
//!
//! What a sink is told is defined here too, in `event` (the steps of a
//! search) and `tally` (what a counted task found): the algorithms and the
//! engines import them from here, so that the visitor at the bottom of the
//! library names neither.

use std::ops::ControlFlow;

pub(crate) mod event;
pub(crate) mod tally;

use crate::symmetry::is_canonical;
use event::Event;
use tally::Tally;

/// Receives what a search or a count reports; every method may stop it.
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{search, Sink, Tally};
///
/// /// Keeps the first solution whose queen of row 0 is in column 3.
/// struct FirstInColumn3(Option<Vec<usize>>);
///
/// impl Sink for FirstInColumn3 {
///     fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
///         if columns[0] == 3 {
///             self.0 = Some(columns.to_vec());
///             return ControlFlow::Break(());
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut sink = FirstInColumn3(None);
/// search(8, &mut sink)?;
/// assert_eq!(sink.0, Some(vec![3, 0, 4, 7, 1, 6, 2, 5]));
/// # Ok::<(), nqueens::Error>(())
/// ```
pub trait Sink {
    /// Whether to build and send [`Event`]s at all; when false, algorithms
    /// skip that work.
    fn tracing(&self) -> bool {
        false
    }

    /// One step of the search; `Break` stops the search.
    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        let _ = event;
        ControlFlow::Continue(())
    }

    /// A solution; `Break` stops the search.
    fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
        let _ = columns;
        ControlFlow::Continue(())
    }

    /// Task `index` of a count's plan counted `tally`. `Break` stops the
    /// count: no new tasks are started, the ones under way are cut short
    /// where the engine cuts long tasks short (see `Plan::count_or_stop`)
    /// or else finish, and none of them is reported or summed.
    fn task_done(&mut self, index: usize, tally: Tally) -> ControlFlow<()> {
        let _ = (index, tally);
        ControlFlow::Continue(())
    }

    /// Called while a count runs and no task has finished for 200 ms, so that
    /// progress and periodic checkpoints go on while long tasks run.
    fn tick(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Any closure over a solution's columns is a sink: the quickest way to
/// take solutions from [`search`](crate::search()) or an
/// [`Algorithm`](crate::Algorithm).
///
/// ```
/// use std::ops::ControlFlow;
/// let mut seen = 0;
/// nqueens::search(8, &mut |_: &[usize]| {
///     seen += 1;
///     if seen == 10 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// })?;
/// assert_eq!(seen, 10);
/// # Ok::<(), nqueens::Error>(())
/// ```
impl<F: FnMut(&[usize]) -> ControlFlow<()>> Sink for F {
    fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
        self(columns)
    }
}

/// A sink that ignores everything and never stops: for a count that needs no
/// progress.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{engine_by_name, run_plan, Quiet};
///
/// let plan = engine_by_name("backtrack").unwrap().plan(8)?;
/// let tasks: Vec<usize> = (0..plan.len()).collect();
/// let result = run_plan(plan.as_ref(), &tasks, 1, &AtomicBool::new(false), &mut Quiet);
/// assert_eq!(result.tally.solutions, 92);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl Sink for Quiet {}

/// A [`Sink`] that collects solutions, up to a limit.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{search, Collect};
///
/// let mut first_three = Collect { limit: Some(3), ..Collect::default() };
/// assert_eq!(search(8, &mut first_three)?, ControlFlow::Break(())); // stopped at the limit
/// assert_eq!(first_three.solutions.len(), 3);
/// assert_eq!(first_three.solutions[0], [0, 4, 7, 5, 2, 6, 1, 3]);
///
/// let mut all = Collect::default();
/// search(6, &mut all)?;
/// assert_eq!(all.solutions.len(), 4);
///
/// // A limit of 0 collects none.
/// let mut none = Collect { limit: Some(0), ..Collect::default() };
/// search(8, &mut none)?;
/// assert!(none.solutions.is_empty());
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Collect {
    /// The solutions so far.
    pub solutions: Vec<Vec<usize>>,
    /// Stop once this many are collected (`None`: all; `Some(0)`: none, the
    /// search stopped at its first solution).
    pub limit: Option<usize>,
}

impl Sink for Collect {
    fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
        if self.limit == Some(0) {
            return ControlFlow::Break(());
        }
        self.solutions.push(columns.to_vec());
        if self.limit.is_some_and(|l| self.solutions.len() >= l) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// A [`Sink`] that counts solutions.
///
/// # Examples
///
/// ```
/// use nqueens::{find_algorithm, search, SolutionCounter};
///
/// let mut counter = SolutionCounter::default();
/// search(10, &mut counter)?;
/// assert_eq!(counter.total, 724);
///
/// // Any algorithm takes it too.
/// let mut counter = SolutionCounter::default();
/// find_algorithm("dancing-links")?.search(8, &mut counter)?;
/// assert_eq!(counter.total, 92);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Count {
    /// Solutions seen.
    pub total: u128,
}

impl Sink for Count {
    fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
        self.total += 1;
        ControlFlow::Continue(())
    }
}

/// A [`Sink`] that passes on only canonical solutions (the lexicographically
/// smallest of their symmetry class), for `--unique` with any algorithm.
///
/// # Examples
///
/// ```
/// use nqueens::{find_algorithm, unique_solutions, Canonical, Collect, Solution};
///
/// let mut representatives = Canonical::new(Collect::default());
/// find_algorithm("dancing-links")?.search(8, &mut representatives)?;
/// let mut found = representatives.inner.solutions;
/// assert_eq!(found.len(), 12); // U(8)
///
/// // The same representatives as the fast search's, in another order.
/// found.sort();
/// let expected: Vec<_> = unique_solutions(8)?.map(Solution::into_columns).collect();
/// assert_eq!(found, expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Canonical<S> {
    /// Where canonical solutions go.
    pub inner: S,
    scratch: Vec<usize>,
}

impl<S: Sink> Canonical<S> {
    /// Wraps `inner`.
    pub fn new(inner: S) -> Self {
        Canonical {
            inner,
            scratch: Vec::new(),
        }
    }
}

impl<S: Sink> Sink for Canonical<S> {
    fn tracing(&self) -> bool {
        self.inner.tracing()
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        self.inner.event(event)
    }

    fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
        if is_canonical(columns, &mut self.scratch) {
            self.inner.solution(columns)
        } else {
            ControlFlow::Continue(())
        }
    }
}
