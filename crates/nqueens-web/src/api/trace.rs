//! `POST /api/trace`: the steps of one of the classic algorithms, as JSON
//! events, bounded in number and in time. The page replays them to animate
//! the search; `nqueens trace --format json` prints the same records
//! ([`Event`]), one per line.

use std::ops::ControlFlow;

use nqueens::{
    about, pseudocode, About, Event, Mark, Replay, Sink, Stats, Structure, TreeNode, LEGEND,
};
use serde::{Deserialize, Serialize};

use super::input::parse;
use super::{algorithm_named, Context, StatsOut};
use crate::deadline::Deadline;
use crate::http::{ApiError, ApiResult, Reply};

/// Events returned when the request does not say.
pub const DEFAULT_EVENTS: usize = 2000;

#[derive(Deserialize)]
struct TraceIn {
    n: Option<usize>,
    algorithm: Option<String>,
    limit: Option<usize>,
}

/// The board and the algorithm's structure after one step.
#[derive(Serialize)]
struct View {
    board: Vec<Option<usize>>,
    mark: Option<Mark>,
    text: Vec<String>,
    structure: Structure,
}

/// One step: the library's record, numbered, in words, and what it leaves.
#[derive(Serialize)]
struct StepOut {
    /// The event as the library writes it (kept as JSON: the event
    /// borrows the search's buffers).
    #[serde(flatten)]
    record: serde_json::Value,
    step: u64,
    says: String,
    line: Option<usize>,
    node: usize,
    view: View,
}

#[derive(Serialize)]
struct TraceOut {
    n: usize,
    algorithm: &'static str,
    about: Option<About>,
    pseudocode: &'static [&'static str],
    legend: &'static [(&'static str, &'static str)],
    tree: Vec<TreeNode>,
    events: Vec<StepOut>,
    /// Whether the search went on past the last event returned.
    truncated: bool,
    /// The counters of the whole search, when it finished within the limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsOut>,
}

struct Recorder<'a> {
    limit: usize,
    replay: Replay,
    events: Vec<StepOut>,
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
        let step = self.replay.apply(event);
        let structure = self.replay.structure();
        self.events.push(StepOut {
            record: serde_json::to_value(event).unwrap_or_default(),
            step: self.replay.steps(),
            says: step.says,
            line: step.line,
            node: step.node,
            view: View {
                board: self.replay.board(),
                mark: self.replay.mark(),
                text: self.replay.describe(structure.clone()),
                structure,
            },
        });
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
        limit,
        replay: Replay::new(algorithm.name(), n),
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
        about: about(algorithm.name()),
        pseudocode: pseudocode(algorithm.name()),
        legend: LEGEND,
        tree: recorder.replay.tree().to_vec(),
        truncated: recorder.truncated,
        stats: (!recorder.truncated).then(|| StatsOut::from(&stats)),
        events: recorder.events,
    }))
}
