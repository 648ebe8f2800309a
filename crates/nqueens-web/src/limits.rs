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
    /// The most completions one `complete` page returns.
    pub page_size: usize,
    /// The most count jobs running at once.
    pub jobs: usize,
    /// Threads per count job.
    pub job_threads: usize,
    /// Seconds a count job runs on without anyone asking for its progress
    /// before it is taken as abandoned and stopped.
    pub abandon_seconds: f64,
    /// Seconds one request may compute.
    pub request_seconds: f64,
    /// The largest request body, in bytes.
    pub body_bytes: usize,
    /// Seconds a client has to send a request's headers, and again its body.
    pub read_seconds: f64,
    /// Requests computed at once (each on its own thread); more wait.
    pub workers: usize,
    /// Connections open at once; more wait to be accepted.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            allowed_origins: Vec::new(),
            play_max: 20,
            solve_max: 1000,
            complete_max: 200,
            render_max: 100,
            count_max: 18,
            trace_events: 20_000,
            page_size: 100,
            jobs: 2,
            job_threads: nqueens::default_threads(),
            abandon_seconds: 15.0,
            request_seconds: 5.0,
            body_bytes: 256 * 1024,
            read_seconds: 10.0,
            workers: 8,
            connections: 512,
        }
    }
}
