//! What the solver offers, on top of the two searches: the first
//! completion, every completion, their number, and the memory a search
//! needs. Boards up to 64 wide go to the word-per-row search
//! ([`narrow`]), wider ones to the general
//! [`search`](super::solver); this module picks between them, so that
//! neither search needs the other.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::instance::{Clash, Instance};
use super::narrow::{self, Narrow};
use super::solver::{search, Answer, Board, End, Event, Mark, Order, Stats};
use crate::count::executor;
use crate::count::plan::Plan;
use crate::sink::tally::Tally;

fn to_usize(columns: &[u32], out: &mut Vec<usize>) {
    out.clear();
    out.extend(columns.iter().map(|&c| c as usize));
}

/// The first completion (in the solver's order), or a proof that none exists.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{complete, Answer, Instance};
/// use nqueens::Square;
///
/// let mut instance = Instance::new(8)?;
/// instance.place(Square::new(0, 0))?;
/// let (answer, _stats) = complete(&instance, &AtomicBool::new(false)).unwrap();
/// let Answer::Found(columns) = answer else { panic!() };
/// assert!(instance.accepts(&columns));
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// The [`Clash`] of the pre-placed queens, if any.
pub fn complete(instance: &Instance, stop: &AtomicBool) -> Result<(Answer, Stats), Clash> {
    complete_on(instance, crate::count::executor::default_threads(), stop)
}

/// [`complete`] on `threads` threads (at least one). Boards up to 64 wide
/// split a search that runs long between the threads; the answer is the same
/// on any number of them: the first completion in the search's order.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{complete_on, Answer, Instance, Square};
///
/// let mut instance = Instance::new(10)?;
/// instance.place(Square::new(0, 1))?;
/// let go = AtomicBool::new(false);
/// let (one, _) = complete_on(&instance, 1, &go).unwrap();
/// let (two, _) = complete_on(&instance, 2, &go).unwrap();
/// assert_eq!(one, two);
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// The [`Clash`] of the pre-placed queens, if any.
pub fn complete_on(
    instance: &Instance,
    threads: usize,
    stop: &AtomicBool,
) -> Result<(Answer, Stats), Clash> {
    let threads = threads.max(1);
    instance.check()?;
    let start = Instant::now();
    let mut board = Board::new(instance);
    let root = board.mark();
    let mut stats = Stats::default();
    let mut found = None;
    // Restarts: each run is a whole search that gives up after `limit` nodes;
    // the next starts the lines' trials elsewhere and may go `GROWTH` times as far.
    // A run that ends before its limit has searched everything.
    let mut order = Order {
        seed: 0,
        limit: FIRST_LIMIT,
    };
    if board.n <= narrow::WIDTH {
        let answer = match Narrow::new(&board).first(threads, narrow::ALONE, stop, &mut stats) {
            Ok(Some(columns)) => Answer::Found(columns.into_iter().map(|c| c as usize).collect()),
            Ok(None) => Answer::NoCompletion,
            Err(()) => Answer::Stopped,
        };
        stats.seconds = start.elapsed().as_secs_f64();
        return Ok((answer, stats));
    }
    let end = loop {
        let end = search(&mut board, usize::MAX, order, stop, &mut stats, &mut |e| {
            if let Event::Solution(q) = e {
                found = Some(q.iter().map(|&c| c as usize).collect());
            }
            ControlFlow::Break(())
        });
        if end != End::Limit {
            break end;
        }
        board.undo(root);
        order.seed = order.seed.wrapping_add(0x9E37_79B9_7F4A_7C15).max(1);
        order.limit = order.limit.saturating_mul(GROWTH);
    };
    let answer = match (found, end) {
        (Some(columns), _) => Answer::Found(columns),
        (None, End::Stopped) => Answer::Stopped,
        (None, _) => Answer::NoCompletion,
    };
    stats.seconds = start.elapsed().as_secs_f64();
    Ok((answer, stats))
}

/// The node limit of the first run of [`complete`].
const FIRST_LIMIT: u64 = 1 << 12;

/// How much further each run of [`complete`] may go than the one before.
const GROWTH: u64 = 4;

/// Every completion, to `visit` until it returns `Break`; returns whether the
/// search was stopped (flag) before finishing.
///
/// # Errors
/// The [`Clash`] of the pre-placed queens, if any.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{for_each_completion, Instance, Square};
///
/// let go = AtomicBool::new(false);
/// let mut instance = Instance::new(6)?;
/// instance.place(Square::new(0, 1))?;
/// let mut all = Vec::new();
/// let (_stats, stopped) = for_each_completion(&instance, &go, &mut |columns| {
///     all.push(columns.to_vec());
///     ControlFlow::Continue(())
/// })?;
/// assert!(!stopped);
/// assert_eq!(all, [[1, 3, 5, 0, 2, 4]]);
///
/// // The visitor can stop early: the first three of 92.
/// let mut seen = 0;
/// for_each_completion(&Instance::new(8)?, &go, &mut |_| {
///     seen += 1;
///     if seen == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// })?;
/// assert_eq!(seen, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn for_each(
    instance: &Instance,
    stop: &AtomicBool,
    visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> Result<(Stats, bool), Clash> {
    instance.check()?;
    let start = Instant::now();
    let mut board = Board::new(instance);
    let mut stats = Stats::default();
    let mut columns = Vec::with_capacity(instance.n());
    if board.n <= narrow::WIDTH {
        let end = Narrow::new(&board).search(
            &[],
            usize::MAX,
            Order::PLAIN,
            &|| stop.load(Ordering::Relaxed),
            &mut stats,
            &mut |event| match event {
                narrow::Event::Solution(q) => {
                    to_usize(q, &mut columns);
                    visit(&columns)
                }
                narrow::Event::Cut(_) => ControlFlow::Continue(()),
            },
        );
        stats.seconds = start.elapsed().as_secs_f64();
        return Ok((stats, end == End::Stopped));
    }
    let end = search(
        &mut board,
        usize::MAX,
        Order {
            seed: ALL_SEED,
            limit: u64::MAX,
        },
        stop,
        &mut stats,
        &mut |event| match event {
            Event::Solution(q) => {
                to_usize(q, &mut columns);
                visit(&columns)
            }
            Event::Cut(_) => ControlFlow::Continue(()),
        },
    );
    stats.seconds = start.elapsed().as_secs_f64();
    Ok((stats, end == End::Stopped))
}

/// Where each line's trials start in [`for_each`] on a wide board: from
/// its first square, the trials of an empty board of 101 went 258 million
/// nodes (168 s) to a completion (the first ones lead into a barren subtree, as the
/// lexicographic search does from n = 40 or so); started elsewhere along
/// each line (every square is still tried, so every completion is found
/// once), the first completion comes as quickly as [`complete`]'s.
const ALL_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// The subproblems of a count: the squares chosen from the root to each.
struct Split<'a> {
    root: Board,
    tasks: Vec<Vec<(u32, u32)>>,
    stop: &'a AtomicBool,
    stopped: AtomicBool,
    nodes: AtomicU64,
    forced: AtomicU64,
    /// Boards to reuse (one per worker, in practice).
    spare: Mutex<Vec<Board>>,
}

impl Split<'_> {
    fn count_task(&self, index: usize) -> u128 {
        let spare = self.spare.lock().map(|mut s| s.pop()).ok().flatten();
        let mut board = spare.unwrap_or_else(|| self.root.clone());
        let root = Mark {
            trail: 0,
            placed: 0,
            open_len: self.root.open_len,
        };
        let mut stats = Stats::default();
        for &(r, c) in &self.tasks[index] {
            board.place(r as usize, c as usize);
            board.propagate(&mut stats.forced);
        }
        let mut count = 0u128;
        let end = search(
            &mut board,
            usize::MAX,
            Order::PLAIN,
            self.stop,
            &mut stats,
            &mut |e| {
                if let Event::Solution(_) = e {
                    count += 1;
                }
                ControlFlow::Continue(())
            },
        );
        if end == End::Stopped {
            self.stopped.store(true, Ordering::Relaxed);
        }
        board.undo(root);
        if let Ok(mut s) = self.spare.lock() {
            s.push(board);
        }
        self.nodes.fetch_add(stats.nodes, Ordering::Relaxed);
        self.forced.fetch_add(stats.forced, Ordering::Relaxed);
        count
    }
}

impl Plan for Split<'_> {
    fn n(&self) -> usize {
        self.root.n
    }
    fn len(&self) -> usize {
        self.tasks.len()
    }
    fn count(&self, index: usize) -> Tally {
        Tally {
            solutions: self.count_task(index),
            classes_x8: 0,
        }
    }
    fn describe(&self, index: usize) -> String {
        format!("completion subproblem {index}: {:?}", self.tasks[index])
    }
}

/// The most memory, in bytes, that a search of an n×n board takes: the free
/// squares by row and by column (`2n⌈n/64⌉` words), the trail of squares
/// taken away (at most all n², 4 bytes each: nearly all of them by the time
/// a completion is found) and O(n) more, for each board; a count on
/// `threads` threads keeps one board per thread besides the root. Check it
/// before searching a large board: at n = 2^16 one board is 17 GiB.
///
/// # Examples
///
/// ```
/// use nqueens::{completion_memory, COMPLETE_MAX_N};
///
/// // The published completion instances (n = 2,542) need about 26 MB.
/// assert!(completion_memory(2542, 1) < 30_000_000);
/// // Four bytes a square, and more for each thread that counts.
/// assert!(completion_memory(10_000, 1) > 4 * 10_000 * 10_000);
/// assert!(completion_memory(10_000, 2) > completion_memory(10_000, 1));
/// assert!(completion_memory(COMPLETE_MAX_N, 1) > 16 << 30);
/// ```
pub fn memory(n: usize, threads: usize) -> u64 {
    let n = n as u64;
    let words = n.div_ceil(64);
    // Saturating: past the boards it takes, more than any machine has.
    let board = n
        .saturating_mul(n)
        .saturating_mul(4)
        .saturating_add(n.saturating_mul(words).saturating_mul(16))
        .saturating_add(n.saturating_mul(64))
        .saturating_add(4096);
    let boards = if threads <= 1 { 1 } else { threads as u64 + 1 };
    board.saturating_mul(boards)
}

/// The number of completions, on `threads` threads; `None` when stopped.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{count_completions as count, Instance};
///
/// let (total, _stats) = count(&Instance::new(8)?, 2, &AtomicBool::new(false)).unwrap();
/// assert_eq!(total, Some(92));
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// The [`Clash`] of the pre-placed queens, if any.
pub fn count(
    instance: &Instance,
    threads: usize,
    stop: &AtomicBool,
) -> Result<(Option<u128>, Stats), Clash> {
    count_with_progress(instance, threads, stop, &mut |_| {})
}

/// How a count by [`count_with_progress`] goes.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{count_completions_with_progress, CountProgress, Instance};
///
/// let (mut tasks, mut done) = (0, 0);
/// let (total, _) = count_completions_with_progress(
///     &Instance::new(8)?,
///     2,
///     &AtomicBool::new(false),
///     &mut |progress| match progress {
///         CountProgress::Split { tasks: t } => tasks = t,
///         CountProgress::TaskDone { .. } => done += 1,
///         _ => {}
///     },
/// )?;
/// assert_eq!(total, Some(92));
/// assert!(tasks > 0);
/// assert_eq!(done, tasks);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountProgress {
    /// The search was split into this many tasks (none if the split itself
    /// searched everything).
    Split {
        /// The number of tasks.
        tasks: usize,
    },
    /// One task finished.
    TaskDone {
        /// The completions it found.
        completions: u128,
    },
}

/// Passes each finished task of a split count to a callback.
struct Report<'a> {
    progress: &'a mut dyn FnMut(CountProgress),
}

impl crate::sink::Sink for Report<'_> {
    fn task_done(&mut self, _: usize, tally: Tally) -> ControlFlow<()> {
        (self.progress)(CountProgress::TaskDone {
            completions: tally.solutions,
        });
        ControlFlow::Continue(())
    }
}

/// [`count`], telling `progress` how the count goes, for a progress bar.
///
/// # Errors
/// The [`Clash`] of the pre-placed queens, if any.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{count_completions_with_progress, CountProgress, Instance, Square};
///
/// // The 8-queens solutions with a queen in the top-left corner.
/// let mut instance = Instance::new(8)?;
/// instance.place(Square::new(0, 0))?;
/// let mut counted = 0;
/// let (total, _stats) =
///     count_completions_with_progress(&instance, 2, &AtomicBool::new(false), &mut |progress| {
///         if let CountProgress::TaskDone { completions } = progress {
///             counted += completions;
///         }
///     })?;
/// assert_eq!(total, Some(4));
/// assert!(counted <= 4); // the rest were found while splitting
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_with_progress(
    instance: &Instance,
    threads: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(CountProgress),
) -> Result<(Option<u128>, Stats), Clash> {
    instance.check()?;
    let start = Instant::now();
    let board = Board::new(instance);
    let mut stats = Stats::default();
    let threads = threads.max(1);
    let total = if board.n <= narrow::WIDTH {
        let narrow = Narrow::new(&board);
        let cut = |root: &mut &Narrow, depth, stats: &mut Stats, pieces: &mut Pieces| {
            root.search(
                &[],
                depth,
                Order::PLAIN,
                &|| stop.load(Ordering::Relaxed),
                stats,
                &mut |e| {
                    match e {
                        narrow::Event::Solution(_) => pieces.found += 1,
                        narrow::Event::Cut(path) => pieces.tasks.push(path.to_vec()),
                    }
                    ControlFlow::Continue(())
                },
            )
        };
        let plan = |root, tasks| narrow::Split {
            root,
            tasks,
            stop,
            stopped: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            forced: AtomicU64::new(0),
        };
        count_split(&narrow, threads, stop, progress, &mut stats, cut, plan)
    } else {
        let mark = board.mark();
        let cut = |board: &mut Board, depth, stats: &mut Stats, pieces: &mut Pieces| {
            let end = search(board, depth, Order::PLAIN, stop, stats, &mut |e| {
                match e {
                    Event::Solution(_) => pieces.found += 1,
                    Event::Cut(stack) => pieces.tasks.push(stack.iter().map(|f| f.tried).collect()),
                }
                ControlFlow::Continue(())
            });
            board.undo(mark);
            end
        };
        let plan = |root, tasks| Split {
            root,
            tasks,
            stop,
            stopped: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            forced: AtomicU64::new(0),
            spare: Mutex::new(Vec::new()),
        };
        count_split(board, threads, stop, progress, &mut stats, cut, plan)
    };
    stats.seconds = start.elapsed().as_secs_f64();
    Ok((total, stats))
}

/// What a split search found above its cut: the completions there, and the
/// subproblems below it (the squares chosen from the root to each).
#[derive(Default)]
struct Pieces {
    found: u128,
    tasks: Vec<Vec<(u32, u32)>>,
}

/// A plan of subproblems that tallies the search's work as it counts.
trait Counted: Plan {
    /// Nodes, forced placements, and whether a task was stopped.
    fn totals(&self) -> (u64, u64, bool);
}

impl Counted for Split<'_> {
    fn totals(&self) -> (u64, u64, bool) {
        totals(&self.nodes, &self.forced, &self.stopped)
    }
}

impl Counted for narrow::Split<'_> {
    fn totals(&self) -> (u64, u64, bool) {
        totals(&self.nodes, &self.forced, &self.stopped)
    }
}

fn totals(nodes: &AtomicU64, forced: &AtomicU64, stopped: &AtomicBool) -> (u64, u64, bool) {
    (
        nodes.load(Ordering::Relaxed),
        forced.load(Ordering::Relaxed),
        stopped.load(Ordering::Relaxed),
    )
}

/// A count by either search, `None` when stopped: `cut(root, depth, ..)`
/// searches `root` down to `depth` choices (every completion above the cut
/// counted, every branch at it kept as a subproblem), deeper each time until
/// there are enough subproblems to balance the threads (or the whole tree
/// was searched while splitting; on one thread the first search goes all
/// the way); `plan(root, tasks)` then makes the subproblems that the
/// executor counts on `threads` threads.
fn count_split<B, P: Counted>(
    mut root: B,
    threads: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(CountProgress),
    stats: &mut Stats,
    mut cut: impl FnMut(&mut B, usize, &mut Stats, &mut Pieces) -> End,
    plan: impl FnOnce(B, Vec<Vec<(u32, u32)>>) -> P,
) -> Option<u128> {
    let want = if threads == 1 {
        1
    } else {
        threads.saturating_mul(24)
    };
    let mut depth = if threads == 1 { usize::MAX } else { 1 };
    let Pieces { found, tasks } = loop {
        let mut pieces = Pieces::default();
        if cut(&mut root, depth, stats, &mut pieces) == End::Stopped {
            return None;
        }
        let len = pieces.tasks.len();
        if len >= want || len == 0 || depth >= 8 {
            break pieces;
        }
        depth += 1;
    };
    if tasks.is_empty() {
        return Some(found);
    }
    let split = plan(root, tasks);
    let all: Vec<usize> = (0..split.len()).collect();
    progress(CountProgress::Split { tasks: all.len() });
    let result = executor::run(&split, &all, threads, stop, &mut Report { progress });
    let (nodes, forced, stopped) = split.totals();
    stats.nodes += nodes;
    stats.forced += forced;
    if !result.complete || stopped {
        return None;
    }
    Some(found + result.tally.solutions)
}
