//! `POST /api/solve`: one solution.
//!
//! Without an algorithm it answers as `nqueens solve` does: the
//! lexicographically first solution up to n = 32, the explicit construction
//! (Hoffman, Loessi and Moore) above. With an algorithm, that algorithm's
//! first solution, found under the request's deadline.

use std::ops::ControlFlow;
use std::time::Instant;

use nqueens::{Algorithm, Event, Sink};
use serde::{Deserialize, Serialize};

use super::input::parse;
use super::{algorithm_named, Context, StatsOut};
use crate::deadline::Deadline;
use crate::http::{ApiError, ApiResult, Reply};

/// Above this the default method is the construction, as in the command line.
pub const FIRST_MAX: usize = 32;

#[derive(Deserialize)]
struct SolveIn {
    n: Option<usize>,
    algorithm: Option<String>,
}

#[derive(Serialize)]
struct SolveOut {
    n: usize,
    /// `null` for n = 2 and 3.
    columns: Option<Vec<usize>>,
    method: &'static str,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsOut>,
}

/// Up to this n a search with an algorithm runs without events, and the
/// deadline is looked at when it returns: every algorithm's first solution
/// up to here (its own largest n where that is smaller) takes at most a
/// second or two (`nqueens solve N -a NAME -f none` on a 2-core Zen 3:
/// bfs at 14 1.4 s, recursive-board at 20 0.4 s, brute-force at 9 0.14 s,
/// the others under 0.1 s), while events cost bfs five times its time (at
/// n = 14 it ran past the 5 s deadline every time, where a page offered
/// it). Above it, which only a server with a larger `play_max` reaches, the
/// search sends events so that the clock is looked at between them.
pub const UNTRACED_MAX: usize = 20;

/// Stops a search at its first solution, or, when `traced`, when the
/// deadline passes (it asks for events only to look at the clock between
/// them).
struct FirstOrDeadline<'a> {
    deadline: &'a Deadline,
    found: Option<Vec<usize>>,
    events: u64,
    traced: bool,
}

impl Sink for FirstOrDeadline<'_> {
    fn tracing(&self) -> bool {
        self.traced
    }

    fn event(&mut self, _: &Event<'_>) -> ControlFlow<()> {
        self.events += 1;
        if self.events.is_multiple_of(1024) && self.deadline.passed() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
        self.found = Some(columns.to_vec());
        ControlFlow::Break(())
    }
}

pub(super) fn handle(cx: &Context<'_>, body: &[u8]) -> ApiResult {
    let input: SolveIn = parse(body, &["n", "algorithm"], r#"{"n": 8}"#)?;
    let start = Instant::now();
    let out = match input.algorithm.as_deref() {
        None => {
            let n = super::input::size(input.n, cx.limits.solve_max, "solve")?;
            let (columns, method) = if n <= FIRST_MAX {
                let first = nqueens::first(n).map_err(|e| ApiError::invalid(e.to_string()))?;
                (first.map(|s| s.into_columns()), "first")
            } else {
                let construction =
                    nqueens::construct(n).map_err(|e| ApiError::invalid(e.to_string()))?;
                (construction.map(Iterator::collect), "construct")
            };
            SolveOut {
                n,
                columns,
                method,
                seconds: start.elapsed().as_secs_f64(),
                stats: None,
            }
        }
        Some(name) => {
            let algorithm: &dyn Algorithm = algorithm_named(name)?;
            let max = cx.limits.play_max.min(algorithm.max_n());
            let n = super::input::size(input.n, max, &format!("solve with {name}"))?;
            let deadline = cx.deadline();
            let mut sink = FirstOrDeadline {
                deadline: &deadline,
                found: None,
                events: 0,
                traced: n > UNTRACED_MAX,
            };
            let stats = algorithm
                .search(n, &mut sink)
                .map_err(|e| ApiError::invalid(e.to_string()))?;
            if sink.found.is_none() && deadline.passed() {
                return Err(ApiError::time_limit(
                    deadline.seconds(),
                    "try a faster algorithm, such as bitwise, or a smaller board",
                ));
            }
            SolveOut {
                n,
                columns: sink.found,
                method: algorithm.name(),
                seconds: start.elapsed().as_secs_f64(),
                stats: Some(StatsOut::from(&stats)),
            }
        }
    };
    Ok(Reply::ok(&out))
}
