//! `POST /api/trace`: the steps of one of the classic algorithms, as JSON
//! events, bounded in number and in time. The page replays them to animate
//! the search; `nqueens trace` prints the same events as text.

use std::ops::ControlFlow;

use nqueens::algo::{Event, Sink, Stats};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::input::pair;
use super::{algorithm_named, stats_json, Context};
use crate::deadline::Deadline;
use crate::http::{parse, ApiError, ApiResult, Reply};

/// Events returned when the request does not say.
pub const DEFAULT_EVENTS: usize = 2000;

#[derive(Deserialize)]
struct TraceIn {
    n: Option<usize>,
    algorithm: Option<String>,
    limit: Option<usize>,
}

#[derive(Serialize)]
struct TraceOut {
    n: usize,
    algorithm: &'static str,
    events: Vec<Value>,
    /// Whether the search went on past the last event returned.
    truncated: bool,
    /// The counters of the whole search, when it finished within the limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<Value>,
}

/// `0110`, column 0 first, as on the board.
fn bits(mask: u64, n: usize) -> String {
    (0..n)
        .map(|c| if mask >> c & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// One event as JSON.
pub(super) fn event_json(event: &Event<'_>, n: usize) -> Value {
    match *event {
        Event::Place { row, col } => json!({"type": "place", "row": row, "col": col}),
        Event::Reject {
            row,
            col,
            by,
            attack,
        } => json!({
            "type": "reject", "row": row, "col": col,
            "by": pair(by), "attack": attack.name()
        }),
        Event::Backtrack { row, col } => json!({"type": "backtrack", "row": row, "col": col}),
        Event::Visit { columns } => json!({"type": "visit", "columns": columns}),
        Event::Masks {
            row,
            cols,
            diag,
            anti,
            free,
        } => json!({
            "type": "masks", "row": row,
            "cols": bits(cols, n), "diag": bits(diag, n),
            "anti": bits(anti, n), "free": bits(free, n)
        }),
        Event::Scores { row, scores } => json!({"type": "scores", "row": row, "scores": scores}),
        Event::Solution { columns } => json!({"type": "solution", "columns": columns}),
        _ => json!({"type": "other"}),
    }
}

struct Recorder<'a> {
    n: usize,
    limit: usize,
    events: Vec<Value>,
    truncated: bool,
    deadline: &'a Deadline,
}

impl Sink for Recorder<'_> {
    fn tracing(&self) -> bool {
        true
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        if self.events.len() >= self.limit || self.deadline.passed() {
            self.truncated = true;
            return ControlFlow::Break(());
        }
        self.events.push(event_json(event, self.n));
        ControlFlow::Continue(())
    }

    fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

pub(super) fn handle(cx: &Context<'_>, body: &[u8]) -> ApiResult {
    let input: TraceIn = parse(
        body,
        &["n", "algorithm", "limit"],
        r#"{"n": 6, "algorithm": "bitwise", "limit": 500}"#,
    )?;
    let Some(name) = input.algorithm.as_deref() else {
        return Err(ApiError::invalid(
            "trace needs an algorithm, such as \"algorithm\": \"recursive\" (GET /api/info lists them)",
        ));
    };
    let algorithm = algorithm_named(name)?;
    let max = cx.limits.play_max.min(algorithm.max_n());
    let n = super::input::size(input.n, max, &format!("trace with {name}"))?;
    let limit = input
        .limit
        .unwrap_or(DEFAULT_EVENTS.min(cx.limits.trace_events));
    if limit == 0 || limit > cx.limits.trace_events {
        return Err(ApiError::over_limit(format!(
            "\"limit\" must be from 1 to {} (this server's limit on events per trace)",
            cx.limits.trace_events
        )));
    }
    let deadline = cx.deadline();
    let mut recorder = Recorder {
        n,
        limit,
        events: Vec::new(),
        truncated: false,
        deadline: &deadline,
    };
    let stats: Stats = algorithm
        .search(n, &mut recorder)
        .map_err(|e| ApiError::invalid(e.to_string()))?;
    Ok(Reply::ok(&TraceOut {
        n,
        algorithm: algorithm.name(),
        truncated: recorder.truncated,
        stats: (!recorder.truncated).then(|| stats_json(&stats)),
        events: recorder.events,
    }))
}
