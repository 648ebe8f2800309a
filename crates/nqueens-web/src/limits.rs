//! What one request may ask of the server.
//!
//! Every endpoint has a largest board, and every search a deadline, so that no
//! request, and no number of them, can take the machine: searches poll a stop
//! flag that the server's watchdog sets when a request's time is up, and count
//! jobs are capped in number and stop when cancelled or no longer watched.

use serde::Serialize;

/// The limits of one server. [`Limits::default`] suits a laptop.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Limits {
    /// Origins (`http://host:port`) besides the server's own whose pages may
    /// send requests that start work (`nqueens serve --allow-origin`).
    #[serde(skip)]
    pub allowed_origins: Vec<String>,
    /// Host names besides `localhost` and the server's own IP addresses that
    /// requests may name in their `Host` header (`nqueens serve
    /// --allow-host`). Any other is refused before any work, so that a page
    /// of another site cannot reach the server through a DNS name of its own
    /// that it points at this machine (DNS rebinding).
    #[serde(skip)]
    pub allowed_hosts: Vec<String>,
    /// The largest board the page plays on, and the largest for searches
    /// that list or count (`trace`, `complete` with `count` or `page`,
    /// `solve` with an algorithm).
    pub play_max: usize,
    /// The largest board for `solve` without an algorithm (the
    /// lexicographically first solution up to n = 32, the explicit
    /// construction above) and for `verify`.
    pub solve_max: usize,
    /// The largest board for `complete` in `first` mode.
    pub complete_max: usize,
    /// The largest board for `render`.
    pub render_max: usize,
    /// The largest board a count job takes.
    pub count_max: usize,
    /// The most events one `trace` request returns.
    pub trace_events: usize,
    /// The furthest step a `trace` reaches: `offset + limit` is at most
    /// this ([`nqueens::TRACE_STEPS`] by default, as far as `nqueens trace`
    /// goes). Each request replays the search from its start up to
    /// `offset`, keeping no tree on the way (only the search's path), so
    /// this bounds a request's time (about 0.5 µs a step passed over), and
    /// its memory does not grow with it, except bfs's: its queue grows as
    /// the search runs, and the replay holds it, with the queued boards'
    /// tree nodes (about 360 MB at step 4,000,000 of n = 14; one such deep
    /// bfs trace is made at a time, see [`DEEP_BFS_STEPS`]).
    pub trace_steps: usize,
    /// The largest reply body, in bytes ([`REPLY_BYTES`] by default). A
    /// reply is bounded before it is built: a `trace` stops writing at this
    /// size, and a request whose reply would be larger is refused (422,
    /// `reply_too_large`) with how to ask for less (`limit`, `offset`).
    pub reply_bytes: usize,
    /// Bytes of large reply bodies (`trace`, `render`) being built or sent
    /// at once, [`REPLY_BUDGET`] by default. Such a request reserves
    /// [`Limits::reply_bytes`] before it computes and keeps what its reply
    /// takes until the client has read it; more wait, within their deadline.
    /// So clients that ask and never read cannot run the server out of
    /// memory.
    pub reply_budget: usize,
    /// The most completions one `complete` page returns.
    pub page_size: usize,
    /// The most count jobs running at once.
    pub jobs: usize,
    /// Threads per count job.
    pub job_threads: usize,
    /// Bytes that the running count jobs may hold together
    /// ([`JOB_MEMORY`] by default): each job's engine memory for its board
    /// and threads, as the engine states it, plus [`THREAD_STACK`] a thread.
    /// A job that does not fit in what is left is refused before its plan
    /// is made (429 while other jobs hold the rest, 422 if it alone is too
    /// large), so that no count can run the server out of memory or
    /// threads.
    pub job_memory: u64,
    /// Whether [`Limits::job_memory`] is what a limit on address space
    /// (`ulimit -v`) leaves beside the server, lowered to it, so that a
    /// refusal says to raise that limit rather than `--job-memory`.
    pub job_memory_by_ulimit: bool,
    /// Seconds a count job runs on without anyone asking for its progress
    /// before it is taken as abandoned and stopped.
    pub abandon_seconds: f64,
    /// Seconds one request may compute.
    pub request_seconds: f64,
    /// The largest request body, in bytes.
    pub body_bytes: usize,
    /// Seconds a client has to send a request's headers, and again its body.
    pub read_seconds: f64,
    /// Seconds a reply may wait for the client to read any of it; a client
    /// that reads nothing for this long is cut off, and what its reply held
    /// is freed.
    pub write_seconds: f64,
    /// Requests computed at once (each on its own thread); more wait.
    pub workers: usize,
    /// Connections open at once; more wait to be accepted.
    pub connections: usize,
}

/// The default memory budget of the count jobs: 4 GiB.
pub const JOB_MEMORY: u64 = 4 << 30;

/// What each thread of a count job is charged for its stack: 2 MiB, the
/// standard library's default stack for a spawned thread.
pub const THREAD_STACK: u64 = 2 << 20;

/// The default cap on one reply body: 8 MiB.
pub const REPLY_BYTES: usize = 8 << 20;

/// The default budget of large reply bodies in flight: four at the cap.
pub const REPLY_BUDGET: usize = 4 * REPLY_BYTES;

/// The most one deep bfs trace holds while it computes: a bfs replay to
/// the furthest step ([`Limits::trace_steps`]) holds its queue and the
/// queued boards' tree nodes, 364 MB of the server's peak at step
/// 4,000,000 of n = 14 (bfs's largest board here), measured by the peak
/// resident size of a server that answered only that request; with room
/// for a buffer's doubling. One such trace is made at a time (see
/// [`DEEP_BFS_STEPS`]).
pub const TRACE_MEMORY: u64 = 512 << 20;

/// A bfs trace that replays more steps than this (its `offset` and
/// `limit`) waits for the one deep bfs trace made at a time, within its
/// deadline (then 503 `busy`): four of them at once held 1.5 GB. Below it
/// a bfs replay holds at most about 91 bytes a step ([`TRACE_MEMORY`] over
/// its 4,000,000 steps), 9 MB, within [`SHALLOW_TRACE_MEMORY`].
pub const DEEP_BFS_STEPS: usize = 100_000;

/// The most any other trace holds while it computes: a bfs replay of up
/// to [`DEEP_BFS_STEPS`] steps, or any other algorithm's page (its tree and
/// events, within the reply's cap).
pub const SHALLOW_TRACE_MEMORY: u64 = 32 << 20;

/// What the requests that are not count jobs may hold at once, at most:
/// the replies in flight ([`Limits::reply_budget`]), the one deep bfs
/// trace ([`TRACE_MEMORY`]), the other traces that many replies let
/// compute at once at [`SHALLOW_TRACE_MEMORY`] each, and a body for each
/// worker. `nqueens serve` under `ulimit -v` gives the count jobs what is
/// left beside this and the threads.
///
/// ```
/// use nqueens_web::limits::{request_memory, SHALLOW_TRACE_MEMORY, TRACE_MEMORY};
/// use nqueens_web::Limits;
///
/// let limits = Limits::default();
/// let traces = (limits.reply_budget / limits.reply_bytes) as u64;
/// assert_eq!(traces, 4);
/// assert!(request_memory(&limits) > TRACE_MEMORY + traces * SHALLOW_TRACE_MEMORY);
/// assert!(request_memory(&limits) < 1 << 30);
/// ```
pub fn request_memory(limits: &Limits) -> u64 {
    let traces = (limits.reply_budget / limits.reply_bytes.max(1)).clamp(1, limits.workers.max(1));
    (limits.reply_budget as u64)
        .saturating_add(TRACE_MEMORY)
        .saturating_add((traces as u64).saturating_mul(SHALLOW_TRACE_MEMORY))
        .saturating_add((limits.workers as u64).saturating_mul(limits.body_bytes as u64))
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            allowed_origins: Vec::new(),
            allowed_hosts: Vec::new(),
            play_max: 20,
            solve_max: 1000,
            complete_max: 200,
            render_max: 100,
            count_max: 18,
            trace_events: 20_000,
            trace_steps: nqueens::TRACE_STEPS as usize,
            reply_bytes: REPLY_BYTES,
            reply_budget: REPLY_BUDGET,
            page_size: 100,
            jobs: 2,
            job_threads: nqueens::default_threads(),
            job_memory: JOB_MEMORY,
            job_memory_by_ulimit: false,
            abandon_seconds: 15.0,
            request_seconds: 5.0,
            body_bytes: 256 * 1024,
            read_seconds: 10.0,
            write_seconds: 10.0,
            workers: 8,
            connections: 512,
        }
    }
}
