//! `POST /api/trace`: the steps of one of the classic algorithms, as JSON
//! events, bounded in number and in time. The page replays them to animate
//! the search; `nqueens trace` prints the same events as text.

use std::ops::ControlFlow;

use nqueens::algo::{Event, Sink, Stats};
use serde::{Deserialize, Serialize};

use super::input::pair;
use super::{algorithm_named, Context, StatsOut};
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
    events: Vec<EventOut>,
    /// Whether the search went on past the last event returned.
    truncated: bool,
    /// The counters of the whole search, when it finished within the limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsOut>,
}

/// `0110`, column 0 first, as on the board.
fn bits(mask: u64, n: usize) -> String {
    (0..n)
        .map(|c| if mask >> c & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// One event, as the API writes it: `{"type": "place", "row": 2, "col": 4}`.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub(super) enum EventOut {
    Place {
        row: usize,
        col: usize,
    },
    Reject {
        row: usize,
        col: usize,
        by: [usize; 2],
        attack: &'static str,
    },
    Backtrack {
        row: usize,
        col: usize,
    },
    Visit {
        columns: Vec<usize>,
    },
    Masks {
        row: usize,
        cols: String,
        diag: String,
        anti: String,
        free: String,
    },
    Scores {
        row: usize,
        scores: Vec<(usize, usize)>,
    },
    Solution {
        columns: Vec<usize>,
    },
    /// An event this version of the API does not describe.
    Other,
}

impl EventOut {
    pub(super) fn new(event: &Event<'_>, n: usize) -> EventOut {
        match *event {
            Event::Place { row, col } => EventOut::Place { row, col },
            Event::Reject {
                row,
                col,
                by,
                attack,
            } => EventOut::Reject {
                row,
                col,
                by: pair(by),
                attack: attack.name(),
            },
            Event::Backtrack { row, col } => EventOut::Backtrack { row, col },
            Event::Visit { columns } => EventOut::Visit {
                columns: columns.to_vec(),
            },
            Event::Masks {
                row,
                cols,
                diag,
                anti,
                free,
            } => EventOut::Masks {
                row,
                cols: bits(cols, n),
                diag: bits(diag, n),
                anti: bits(anti, n),
                free: bits(free, n),
            },
            Event::Scores { row, scores } => EventOut::Scores {
                row,
                scores: scores.to_vec(),
            },
            Event::Solution { columns } => EventOut::Solution {
                columns: columns.to_vec(),
            },
            _ => EventOut::Other,
        }
    }
}

struct Recorder<'a> {
    n: usize,
    limit: usize,
    events: Vec<EventOut>,
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
        self.events.push(EventOut::new(event, self.n));
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
        stats: (!recorder.truncated).then(|| StatsOut::from(&stats)),
        events: recorder.events,
    }))
}
