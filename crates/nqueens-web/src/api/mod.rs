//! The JSON API: a router from method and path to one handler per endpoint,
//! one file each.
//!
//! | method and path | file | what |
//! |---|---|---|
//! | `GET /api/info` | here | version, limits, algorithms |
//! | `POST /api/solve` | `solve.rs` | one solution |
//! | `POST /api/verify` | `verify.rs` | conflicts, attacked squares, a status line |
//! | `POST /api/complete` | `complete.rs` | finish a board: first, count, page |
//! | `POST /api/trace` | `trace.rs` | an algorithm's steps as events |
//! | `POST /api/count`, `GET`/`DELETE /api/count/ID` | `count.rs` | count jobs |
//! | `POST /api/render` | `render.rs` | SVG or PNG |

use nqueens::{Algorithm, Stats};
use serde_json::{json, Value};

use crate::assets;
use crate::deadline::{Deadline, Watchdog};
use crate::http::{ApiError, ApiResult, Reply, Request};
use crate::Limits;

mod complete;
pub mod count;
pub mod input;
mod render;
mod solve;
mod trace;
mod verify;

/// What a handler may use: the limits, the deadline clock and the jobs.
pub struct Context<'a> {
    /// The server's limits.
    pub limits: &'a Limits,
    /// Sets deadlines' flags.
    pub watchdog: &'a Watchdog,
    /// The count jobs.
    pub jobs: &'a count::Jobs,
    /// Held by the one deep bfs trace made at a time (see
    /// [`DEEP_BFS_STEPS`](crate::limits::DEEP_BFS_STEPS)).
    pub deep_bfs: &'a std::sync::Mutex<()>,
    /// This request's deadline, set when the server took the request (so
    /// that a wait for room to reply counts too).
    pub deadline: Deadline,
}

impl Context<'_> {
    /// The deadline of this request: its search and the writing of its
    /// reply stop when it passes.
    pub fn deadline(&self) -> Deadline {
        self.deadline.clone()
    }
}

/// The algorithm called `name`, or a 400 that lists them (the library's
/// message, the same as the command line's).
pub(crate) fn algorithm_named(name: &str) -> ApiResult<&'static dyn Algorithm> {
    nqueens::find_algorithm(name).map_err(|e| ApiError::invalid(e.to_string()))
}

/// An algorithm's counters, as the API writes them.
#[derive(serde::Serialize)]
pub(crate) struct StatsOut {
    nodes: u64,
    placements: u64,
    conflict_tests: u64,
    backtracks: u64,
    solutions: u64,
    peak_frontier: u64,
    reads: u64,
    writes: u64,
}

impl From<&Stats> for StatsOut {
    fn from(s: &Stats) -> Self {
        StatsOut {
            nodes: s.nodes,
            placements: s.placements,
            conflict_tests: s.conflict_tests,
            backtracks: s.backtracks,
            solutions: s.solutions,
            peak_frontier: s.peak_frontier,
            reads: s.reads,
            writes: s.writes,
        }
    }
}

fn info(cx: &Context<'_>) -> Reply {
    let algorithms: Vec<Value> = nqueens::algorithms()
        .iter()
        .map(|a| {
            json!({
                "name": a.name(),
                "summary": a.summary(),
                "max_n": a.max_n().min(cx.limits.play_max),
            })
        })
        .collect();
    Reply::ok(&json!({
        "name": "nqueens",
        "version": env!("CARGO_PKG_VERSION"),
        "limits": cx.limits,
        "algorithms": algorithms,
        "jobs_running": cx.jobs.running(),
    }))
}

/// Whether `path` is a route that takes POST (and so reads a JSON body):
/// only those ask for `Content-Type: application/json`, so that a POST to
/// any other path is answered 405 or 404, as with the type given.
pub(crate) fn takes_post(path: &str) -> bool {
    matches!(
        path,
        "/api/solve"
            | "/api/verify"
            | "/api/complete"
            | "/api/trace"
            | "/api/render"
            | "/api/count"
    )
}

/// Answers one request.
pub fn route(cx: &Context<'_>, request: &Request) -> Reply {
    match dispatch(cx, request) {
        Ok(reply) => reply,
        Err(e) => e.into(),
    }
}

fn dispatch(cx: &Context<'_>, req: &Request) -> ApiResult {
    let method = req.method.as_str();
    let path = req.path.as_str();
    let get = matches!(method, "GET" | "HEAD");
    let only = |allow: &'static str| Err(ApiError::method(method, path, allow));
    if let Some(asset) = assets::find(path) {
        return if get {
            Ok(Reply::bytes(asset.content_type, asset.body.to_vec())
                .with_header("Cache-Control", "no-cache".to_string()))
        } else {
            only("GET")
        };
    }
    let post = |handler: fn(&Context<'_>, &[u8]) -> ApiResult| {
        if method == "POST" {
            handler(cx, &req.body)
        } else {
            only("POST")
        }
    };
    match path {
        "/api/info" | "/api" => {
            if get {
                Ok(info(cx))
            } else {
                only("GET")
            }
        }
        "/api/solve" => post(solve::handle),
        "/api/verify" => post(verify::handle),
        "/api/complete" => post(complete::handle),
        "/api/trace" => post(trace::handle),
        "/api/render" => post(render::handle),
        "/api/count" => match method {
            "POST" => count::start(cx, &req.body),
            "GET" | "HEAD" => count::list(cx),
            _ => only("GET, POST"),
        },
        _ => match path.strip_prefix("/api/count/") {
            Some(id) if !id.is_empty() && !id.contains('/') => match method {
                "GET" | "HEAD" => count::status(cx, id),
                "DELETE" => count::stop(cx, id),
                _ => only("GET, DELETE"),
            },
            _ => Err(ApiError::not_found(format!(
                "nothing is at {path}; the page is at / and GET /api/info lists the API"
            ))),
        },
    }
}
