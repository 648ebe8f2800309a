//! `POST /api/trace`: the steps of one of the classic algorithms, as JSON
//! events, bounded in number, in bytes and in time, a page at a time. The
//! page replays them to animate the search; `nqueens trace --format json`
//! prints the same records ([`Event`]), one per line.
//!
//! `"bits": "lsb-right"` writes the bit masks with column 0 on the right, as
//! `nqueens trace --bits lsb-right` does (default `"lsb-left"`).
//!
//! Paging: `"offset"` is the number of steps to pass over (the first step
//! returned is step `offset + 1`) and `"limit"` the most steps to return;
//! the reply says whether more follow (`"more"`, and `"next_offset"`, the
//! `offset` of the next page). Each request replays the search from its
//! start, so no page goes past step [`Limits::trace_steps`] (by default
//! the CLI's [`TRACE_STEPS`], so that any step `nqueens trace` prints can be
//! watched on the page): `offset + limit` past it is refused when the
//! search has steps there, and the refusal of an `offset` past it says how
//! many steps the search has when it ends sooner. The steps passed over
//! keep no tree, only what the search can come back to (its path, bfs's
//! queue): the memory of a request
//! grows with its page, not its offset ([`Replay::keep_new_nodes`]), except
//! for bfs, whose queue grows as the search runs (see
//! [`Limits::trace_steps`]). The reply
//! is written step by step into a buffer that stops at
//! [`Limits::reply_bytes`]: without a `"limit"`, the page ends where the
//! next step would not fit; with one, a page that would not fit is refused
//! (422, `reply_too_large`) with the number of steps that do. The tree of a
//! page holds the nodes its steps stand on, make or leave, and their
//! ancestors, with their marks as its last step left them (a board made on
//! one page and found a dead end on the next is sent again there); the
//! first page's is the whole tree so far.
//!
//! Every step carries `"counters"`: the nodes, conflict tests, reads and
//! writes the algorithm has counted when it takes that step ([`LiveTally`]
//! rebuilds them from the events, as the algorithm's own [`Stats`] count
//! them), four numbers a step, so that the page can show two searches'
//! costs grow side by side; after the last step of a finished search they
//! are the `"stats"` of the reply.
//!
//! A page that starts past step 0 also says, in `"before"` (ahead of the
//! events), what the steps passed over did, counted as the page counts the
//! steps it holds: `"steps"` (the offset), `"boards"` (the boards the search
//! stood on: the tree's nodes less its rejected squares, the empty board
//! included; brute-force counts only its complete candidates, the leaves of
//! its tree of prefixes), `"backtracks"`, `"dequeues"` (bfs's way back up)
//! and `"solutions"` (the events of those names). The Recorder counts them
//! as it replays the steps it passes over, so that a page that shows a
//! window far into a search (the Watch panel's "go to step") shows the true
//! counts of the whole search up to each of its steps without holding the
//! steps before it. At offset 0 they are the counts of the empty board.
//!
//! [`Limits::trace_steps`]: crate::Limits::trace_steps
//! [`Limits::reply_bytes`]: crate::Limits::reply_bytes
//! [`TRACE_STEPS`]: nqueens::TRACE_STEPS

use std::collections::BTreeSet;
use std::io::Write;
use std::ops::ControlFlow;

use nqueens::{
    about, pseudocode, Counters, Event, LiveTally, Mark, Replay, Sink, Stats, Structure, LEGEND,
};
use serde::{Deserialize, Serialize};

use super::input::parse;
use super::{algorithm_named, Context, StatsOut};
use crate::deadline::Deadline;
use crate::http::{ApiError, ApiResult, Capped, Reply};
use crate::limits::DEEP_BFS_STEPS;

/// Events returned when the request does not say (fewer where they would
/// not fit in one reply).
pub const DEFAULT_EVENTS: usize = 2000;

/// Bytes kept free for the end of the reply (the flags and the counters).
const TAIL_BYTES: usize = 1024;

/// The most a tree node's JSON grows when its mark changes (`"root"` to
/// `"dead_end"`), and its comma.
const NODE_SLACK: usize = 5;

#[derive(Deserialize)]
struct TraceIn {
    n: Option<usize>,
    algorithm: Option<String>,
    limit: Option<usize>,
    offset: Option<usize>,
    bits: Option<String>,
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
    /// The algorithm's counters after this step.
    counters: Counters,
    view: View,
}

/// What comes before the events.
#[derive(Serialize)]
struct Head {
    n: usize,
    algorithm: &'static str,
    about: Option<nqueens::About>,
    pseudocode: &'static [&'static str],
    legend: &'static [(&'static str, &'static str)],
    /// Steps passed over before the first one returned.
    offset: usize,
}

/// What the steps before the page did, counted as the page counts the steps
/// it holds (the module docs).
#[derive(Serialize, Default)]
struct Before {
    steps: u64,
    boards: u64,
    backtracks: u64,
    dequeues: u64,
    solutions: u64,
}

/// What comes after the events and the tree.
#[derive(Serialize)]
struct Tail {
    /// Whether the search went on past the last event returned.
    truncated: bool,
    /// The same: more steps follow.
    more: bool,
    /// The `offset` that asks for the next page, when more steps follow
    /// within this server's reach.
    #[serde(skip_serializing_if = "Option::is_none")]
    next_offset: Option<usize>,
    /// The counters of the whole search, when it finished within the page.
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsOut>,
}

/// Replays the search up to `offset`, then writes each step into `out` as
/// it comes, while it fits.
struct Recorder<'a> {
    offset: u64,
    limit: usize,
    replay: Replay,
    /// The counters, step by step.
    tally: LiveTally,
    /// The counts of the steps passed over.
    before: Before,
    /// `"before"` and the opening of the events are written.
    opened: bool,
    out: Capped,
    /// One step's JSON, before it goes into `out`.
    scratch: Vec<u8>,
    written: usize,
    /// The tree nodes of the page, and a bound on their bytes.
    nodes: BTreeSet<usize>,
    node_bytes: usize,
    /// Tree nodes already looked at.
    seen: usize,
    /// The node the search stands on, before the next step.
    at: usize,
    /// brute-force counts only its complete candidates as boards.
    brute_force: bool,
    n: usize,
    /// The search went on past the last step written.
    truncated: bool,
    /// The next step did not fit under the cap.
    full: bool,
    /// The deadline passed.
    late: bool,
    deadline: &'a Deadline,
}

impl Recorder<'_> {
    /// The nodes that `ids` and their ancestors add to the page's tree, and
    /// a bound on their bytes.
    fn new_nodes(&self, ids: impl Iterator<Item = usize>) -> (Vec<usize>, usize) {
        let mut added = Vec::new();
        let mut bytes = 0;
        for id in ids {
            let mut at = Some(id);
            while let Some((i, node)) = at.and_then(|i| Some((i, self.replay.node(i)?))) {
                if self.nodes.contains(&i) || added.contains(&i) {
                    break;
                }
                added.push(i);
                bytes += serde_json::to_vec(node).map_or(256, |v| v.len()) + NODE_SLACK;
                at = node.parent;
            }
        }
        (added, bytes)
    }
}

impl Recorder<'_> {
    /// Counts a step passed over (just replayed) into `before`.
    fn count_before(&mut self, event: &Event<'_>) {
        let b = &mut self.before;
        b.steps = self.replay.steps();
        match event {
            Event::Backtrack { .. } => b.backtracks += 1,
            Event::Dequeue { .. } => b.dequeues += 1,
            Event::Solution { .. } => b.solutions += 1,
            _ => {}
        }
        // A reject makes a rejected square; any other new node is a board.
        if matches!(event, Event::Reject { .. }) {
            return;
        }
        // (The root, node 0, is counted from the start.)
        let made = self.seen.max(1)..self.replay.nodes_made();
        if self.brute_force {
            // Only its complete candidates (the new nodes are all kept:
            // they are the candidate's path).
            let n = self.n;
            let leaves = made
                .filter(|&id| self.replay.node(id).is_some_and(|t| t.depth == n))
                .count();
            b.boards += leaves as u64;
        } else {
            b.boards += made.len() as u64;
        }
    }

    /// Writes `"before"` and opens the events.
    fn open(&mut self) -> std::io::Result<()> {
        self.opened = true;
        field(&mut self.out, "before", &self.before)?;
        self.out.write_all(b",\"events\":[")
    }
}

impl Sink for Recorder<'_> {
    fn tracing(&self) -> bool {
        true
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        if self.deadline.passed() {
            self.late = true;
            self.truncated = true;
            return ControlFlow::Break(());
        }
        if self.replay.steps() < self.offset {
            self.at = self.replay.apply(event).node;
            self.tally.apply(event);
            self.count_before(event);
            // Nodes made before the page are in it only as ancestors.
            self.seen = self.replay.nodes_made();
            return ControlFlow::Continue(());
        }
        if self.written == 0 {
            // The page starts: from here on every node is kept.
            self.replay.keep_new_nodes();
            if !self.opened && self.open().is_err() {
                self.full = true;
                self.truncated = true;
                return ControlFlow::Break(());
            }
        }
        if self.written >= self.limit {
            self.truncated = true;
            return ControlFlow::Break(());
        }
        let step = self.replay.apply(event);
        let counters = self.tally.apply(event);
        let structure = self.replay.structure();
        let out = StepOut {
            record: serde_json::to_value(event).unwrap_or_default(),
            step: self.replay.steps(),
            says: step.says,
            line: step.line,
            node: step.node,
            counters,
            view: View {
                board: self.replay.board(),
                mark: self.replay.mark(),
                text: self.replay.describe(structure.clone()),
                structure,
            },
        };
        self.scratch.clear();
        if serde_json::to_writer(&mut self.scratch, &out).is_err() {
            self.full = true;
            self.truncated = true;
            return ControlFlow::Break(());
        }
        // The nodes made, the node stood on, and the node left: a board
        // made on an earlier page and found a dead end on this one is sent
        // again with its new mark (the page showed it as a queen).
        let made = self.seen..self.replay.nodes_made();
        let (added, bytes) = self.new_nodes(made.chain([step.node, self.at]));
        let needed = self.scratch.len() + 1 + self.node_bytes + bytes + TAIL_BYTES;
        if needed > self.out.room() {
            self.full = true;
            self.truncated = true;
            return ControlFlow::Break(());
        }
        let comma: &[u8] = if self.written > 0 { b"," } else { b"" };
        if self.out.write_all(comma).is_err() || self.out.write_all(&self.scratch).is_err() {
            self.full = true;
            self.truncated = true;
            return ControlFlow::Break(());
        }
        self.nodes.extend(added);
        self.node_bytes += bytes;
        self.seen = self.replay.nodes_made();
        self.at = step.node;
        self.written += 1;
        ControlFlow::Continue(())
    }

    fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// `,"name":value`.
fn field<T: Serialize + ?Sized>(out: &mut Capped, name: &str, value: &T) -> std::io::Result<()> {
    write!(out, ",\"{name}\":")?;
    serde_json::to_writer(&mut *out, value).map_err(std::io::Error::other)
}

/// Waits, within the request's deadline, for the deep bfs trace being
/// made to end ([`DEEP_BFS_STEPS`]); 503 `busy` if it does not.
fn one_deep_bfs<'a>(cx: &Context<'a>) -> ApiResult<std::sync::MutexGuard<'a, ()>> {
    loop {
        match cx.deep_bfs.try_lock() {
            Ok(guard) => return Ok(guard),
            Err(std::sync::TryLockError::Poisoned(p)) => return Ok(p.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) if !cx.deadline().passed() => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(std::sync::TryLockError::WouldBlock) => {
                return Err(ApiError::deep_bfs_busy(cx.limits.request_seconds))
            }
        }
    }
}

pub(super) fn handle(cx: &Context<'_>, body: &[u8]) -> ApiResult {
    let input: TraceIn = parse(
        body,
        &["n", "algorithm", "limit", "offset", "bits"],
        r#"{"n": 6, "algorithm": "bitwise", "limit": 500}"#,
    )?;
    let Some(name) = input.algorithm.as_deref() else {
        return Err(ApiError::invalid(
            "trace needs an algorithm, such as \"algorithm\": \"recursive\" (GET /api/info lists them)",
        ));
    };
    let algorithm = algorithm_named(name)?;
    // The bit order of the masks, as `nqueens trace --bits` takes it.
    let lsb_right = match input.bits.as_deref() {
        None | Some("lsb-left") => false,
        Some("lsb-right") => true,
        Some(other) => {
            return Err(ApiError::invalid(format!(
                "\"bits\" is \"lsb-left\" (column 0 on the left, like the board) or \
                 \"lsb-right\" (column 0 on the right, as the tutorials write binary), not {other:?}"
            )))
        }
    };
    if lsb_right && algorithm.name() != "bitwise" {
        return Err(ApiError::invalid(format!(
            "\"bits\" orders the masks of bitwise; {} has none",
            algorithm.name()
        )));
    }
    let max = cx.limits.play_max.min(algorithm.max_n());
    let n = super::input::size(input.n, max, &format!("trace with {name}"))?;
    let reach = cx.limits.trace_steps.max(1);
    let offset = input.offset.unwrap_or(0);
    // An offset past what this server traces is refused, but only once the
    // search is known to go that far: one that ends sooner gets the error
    // of an offset past its last step, with its own number of steps. So
    // the search is replayed up to `reach` all the same, and one step past
    // it recorded to see whether there is one.
    let past_reach = offset >= reach;
    let beyond = || {
        ApiError::over_limit(format!(
            "\"offset\" must be from 0 to {} (this server traces a search up to step {reach})",
            reach - 1
        ))
        .with_steps(reach as u64)
    };
    let (limit, capped) = match input.limit {
        Some(limit) => {
            if limit == 0 || limit > cx.limits.trace_events {
                return Err(ApiError::outside_one_to_cap(
                    limit as u64,
                    format!(
                        "\"limit\" must be from 1 to {} (this server's limit on events per trace)",
                        cx.limits.trace_events
                    ),
                ));
            }
            // Steps past `reach` are refused if the search has them.
            let room = reach.saturating_sub(offset).max(1);
            (limit.min(room), limit > room)
        }
        None => (
            DEFAULT_EVENTS
                .min(cx.limits.trace_events)
                .min(reach.saturating_sub(offset))
                .max(1),
            false,
        ),
    };
    let past_page = |written: usize| {
        ApiError::over_limit(format!(
            "\"offset\" + \"limit\" must be at most {reach} (this server traces a search up to \
             step {reach}); with \"offset\": {offset}, ask for at most \"limit\": {written}"
        ))
    };
    let offset = offset.min(reach);
    let cap = cx.limits.reply_bytes;
    let too_large = |hint: String| ApiError::reply_too_large(cap, &hint);
    let mut out = Capped::new(cap);
    let head = Head {
        n,
        algorithm: algorithm.name(),
        about: about(algorithm.name()),
        pseudocode: pseudocode(algorithm.name()),
        legend: LEGEND,
        offset,
    };
    let head_written = serde_json::to_writer(&mut out, &head).is_ok();
    let mut out = {
        // Reopen the object for the events.
        let mut bytes = out.into_inner();
        bytes.pop();
        let mut again = Capped::new(cap);
        if !head_written || again.write_all(&bytes).is_err() {
            return Err(too_large(
                "even the trace's description does not fit".to_string(),
            ));
        }
        again
    };
    let deadline = cx.deadline();
    // One deep bfs replay at a time: its queue is what a trace holds most.
    let _deep = if algorithm.name() == "bfs" && offset.saturating_add(limit) > DEEP_BFS_STEPS {
        Some(one_deep_bfs(cx)?)
    } else {
        None
    };
    // Room for the closing of the events and the tree's key, and for
    // `"before"` and the events' opening.
    let close = b"],\"tree\":[";
    let open_bytes = 160;
    let brute_force = algorithm.name() == "brute-force";
    let mut recorder = Recorder {
        offset: offset as u64,
        limit,
        // The root alone: the steps passed over keep only what the search
        // can come back to, and the page keeps its own nodes.
        replay: Replay::new(algorithm.name(), n)
            .with_lsb_right(lsb_right)
            .with_tree_limit(1),
        tally: LiveTally::new(algorithm.name(), n),
        before: Before {
            // The empty board, which brute-force does not count.
            boards: u64::from(!brute_force),
            ..Before::default()
        },
        opened: false,
        brute_force,
        n,
        out: std::mem::take(&mut out),
        scratch: Vec::new(),
        written: 0,
        nodes: BTreeSet::new(),
        node_bytes: close.len() + open_bytes,
        seen: 0,
        at: 0,
        truncated: false,
        full: false,
        late: false,
        deadline: &deadline,
    };
    let stats: Stats = algorithm
        .search(n, &mut recorder)
        .map_err(|e| ApiError::invalid(e.to_string()))?;
    if !recorder.opened && recorder.open().is_err() {
        return Err(too_large(
            "even the trace's description does not fit".to_string(),
        ));
    }
    let Recorder {
        replay,
        out: mut body,
        written,
        nodes,
        truncated,
        full,
        late,
        ..
    } = recorder;
    let next = offset + written;
    if written == 0 {
        if late {
            return Err(ApiError::time_limit(
                deadline.seconds(),
                &format!(
                    "the search did not reach step {} in time; ask for a smaller \"offset\" or \
                     a smaller board",
                    offset + 1
                ),
            ));
        }
        if full {
            return Err(too_large(format!(
                "even step {} alone does not fit",
                offset + 1
            )));
        }
        if !truncated {
            return Err(ApiError::invalid(format!(
                "the {} search on the {n}×{n} board has {steps} steps: \"offset\" must be less \
                 than {steps}",
                algorithm.name(),
                steps = replay.steps()
            ))
            .with_steps(replay.steps()));
        }
    }
    // The search goes on past `reach` (the steps of the page were all
    // written and another came).
    let goes_past = truncated && !full && !late;
    if past_reach {
        return Err(beyond());
    }
    if capped && goes_past {
        return Err(past_page(written));
    }
    if full && input.limit.is_some() {
        return Err(too_large(format!(
            "the {limit} steps asked for do not fit, the first {written} do (from \"offset\": \
             {offset}): ask for at most \"limit\": {written}, and page on with \"offset\" \
             (each reply's \"next_offset\"); or leave \"limit\" out to get as many as fit"
        )));
    }
    let mut tail = || -> std::io::Result<()> {
        body.write_all(close)?;
        let mut first = true;
        for node in nodes.iter().filter_map(|&id| replay.node(id)) {
            if !first {
                body.write_all(b",")?;
            }
            first = false;
            serde_json::to_writer(&mut body, node).map_err(std::io::Error::other)?;
        }
        body.write_all(b"]")?;
        let tail = Tail {
            truncated,
            more: truncated,
            next_offset: (truncated && next < reach).then_some(next),
            stats: (!truncated).then(|| StatsOut::from(&stats)),
        };
        field(&mut body, "truncated", &tail.truncated)?;
        field(&mut body, "more", &tail.more)?;
        if let Some(next) = tail.next_offset {
            field(&mut body, "next_offset", &next)?;
        }
        if let Some(stats) = &tail.stats {
            field(&mut body, "stats", stats)?;
        }
        body.write_all(b"}")
    };
    if tail().is_err() {
        return Err(too_large(format!(
            "ask for fewer than {written} steps with \"limit\", and page on with \"offset\""
        )));
    }
    Ok(Reply::bytes("application/json", body.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::count::Jobs;
    use crate::deadline::Watchdog;
    use crate::Limits;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Mutex;

    /// While a deep bfs trace is being made, another waits for it within
    /// its deadline, then 503 `busy` (four at once held 1.5 GB); a shallow
    /// bfs trace, or another algorithm's, waits for nothing.
    #[test]
    fn one_deep_bfs_trace_at_a_time() {
        let (limits, dog, jobs) = (Limits::default(), Watchdog::default(), Jobs::default());
        let (gate, stop) = (Mutex::new(()), AtomicBool::new(false));
        let body = |n: usize, algorithm: &str, offset: usize| {
            format!(r#"{{"n": {n}, "algorithm": "{algorithm}", "offset": {offset}, "limit": 5}}"#)
        };
        let deep = body(12, "bfs", DEEP_BFS_STEPS);
        /// Stops the watchdog when the test ends, failed or not (a failed
        /// assertion would leave the scope waiting for it).
        struct Quit<'a>(&'a AtomicBool, &'a Watchdog);
        impl Drop for Quit<'_> {
            fn drop(&mut self) {
                self.0.store(true, Ordering::Relaxed);
                self.1.wake();
            }
        }
        std::thread::scope(|scope| {
            scope.spawn(|| dog.run(&stop));
            let _quit = Quit(&stop, &dog);
            let cx = |seconds| Context {
                limits: &limits,
                watchdog: &dog,
                jobs: &jobs,
                deep_bfs: &gate,
                deadline: dog.deadline(seconds),
            };
            let held = gate.lock().unwrap();
            let e = handle(&cx(0.3), deep.as_bytes()).unwrap_err();
            assert_eq!((e.status, e.code), (503, "busy"), "{}", e.message);
            assert!(
                e.message.contains("one bfs trace this deep at a time"),
                "{}",
                e.message
            );
            for shallow in [body(12, "bfs", 10), body(12, "bitwise", DEEP_BFS_STEPS)] {
                let r = handle(&cx(5.0), shallow.as_bytes());
                assert!(r.is_ok(), "{shallow}: {:?}", r.err());
            }
            drop(held);
            let r = handle(&cx(5.0), deep.as_bytes());
            assert!(r.is_ok(), "{:?}", r.err());
        });
    }
}
