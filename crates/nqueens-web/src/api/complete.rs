//! `POST /api/complete`: finish a board that has queens and blocked squares
//! on it, with the library's completion solver.
//!
//! Three modes: `first` (one completion, or a proof that none exists),
//! `count` (how many completions) and `page` (the completions from `offset`,
//! `limit` at a time, for stepping through them). On an empty board, `page`
//! lists the solutions in lexicographic order, and with `"unique": true` one
//! per class under the 8 symmetries (the library's `solutions` and
//! `unique_solutions`).

use std::ops::ControlFlow;

use nqueens::{Answer, Clash, Instance};
use serde::{Deserialize, Serialize};

use super::input::{pair, Board, BoardIn};
use nqueens::plural;

use super::input::parse;
use super::Context;
use crate::http::{ApiError, ApiResult, Reply};

/// The largest `offset` of `page`: 2^53 - 1.
const MAX_OFFSET: usize = (1 << 53) - 1;

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum Mode {
    First,
    Count,
    Page,
}

#[derive(Deserialize)]
struct CompleteIn {
    #[serde(flatten)]
    board: BoardIn,
    mode: Option<Mode>,
    offset: Option<usize>,
    limit: Option<usize>,
    unique: Option<bool>,
}

/// Why the pre-placed queens have no completion, or `None`.
#[derive(Serialize)]
struct ClashOut {
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    first: Option<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    second: Option<[usize; 2]>,
}

#[derive(Serialize, Default)]
struct CompleteOut {
    n: usize,
    /// `found`, `none` (no completion exists) or `page`/`count`.
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    columns: Option<Vec<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<Vec<usize>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    more: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clash: Option<ClashOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    seconds: f64,
    message: String,
}

fn instance(board: &Board) -> ApiResult<Instance> {
    let invalid = |e: nqueens::Error| ApiError::invalid(e.to_string());
    let mut instance = Instance::new(board.n).map_err(invalid)?;
    for &q in &board.queens {
        instance.place(q).map_err(invalid)?;
    }
    for &b in &board.blocked {
        instance.block(b).map_err(invalid)?;
    }
    Ok(instance)
}

/// Two placed queens that attack each other: no completion, and why, in the
/// reply's shape for `mode` (`count` says 0 with no search, `page` an empty
/// last page), so that a client reads it as it reads any other. A queen on
/// a blocked square is the request's mistake.
fn clash_reply(n: usize, mode: &Mode, offset: Option<usize>, clash: Clash) -> ApiResult {
    match clash {
        Clash::Attack { first, second, .. } => {
            let mut out = CompleteOut {
                n,
                status: "none",
                message: format!("no completion exists from here: {clash}"),
                clash: Some(ClashOut {
                    message: clash.to_string(),
                    first: Some(pair(first)),
                    second: Some(pair(second)),
                }),
                ..CompleteOut::default()
            };
            match mode {
                Mode::First => {}
                Mode::Count => {
                    out.status = "count";
                    out.count = Some(0);
                    out.nodes = Some(0);
                }
                Mode::Page => {
                    out.status = "page";
                    out.solutions = Some(Vec::new());
                    out.offset = Some(offset.unwrap_or(0));
                    out.more = Some(false);
                }
            }
            Ok(Reply::ok(&out))
        }
        _ => Err(ApiError::invalid(format!(
            "{clash}; unblock the square or take the queen off"
        ))),
    }
}

pub(super) fn handle(cx: &Context<'_>, body: &[u8]) -> ApiResult {
    let input: CompleteIn = parse(
        body,
        &[
            "n", "queens", "columns", "blocked", "mode", "offset", "limit", "unique",
        ],
        r#"{"n": 8, "queens": [[0, 0]], "mode": "first"}"#,
    )?;
    let mode = input.mode.unwrap_or(Mode::First);
    let max = match mode {
        Mode::First => cx.limits.complete_max,
        Mode::Count | Mode::Page => cx.limits.play_max,
    };
    let what = match mode {
        Mode::First => "complete",
        Mode::Count => "complete with \"mode\": \"count\"",
        Mode::Page => "complete with \"mode\": \"page\"",
    };
    let board = input.board.check(max, what)?;
    let n = board.n;
    let unique = input.unique.unwrap_or(false);
    if unique && !matches!(mode, Mode::Page) {
        return Err(ApiError::invalid(
            "\"unique\" applies to \"mode\": \"page\" only",
        ));
    }
    if unique && !board.is_empty() {
        return Err(ApiError::invalid(
            "\"unique\" lists one solution per symmetry class, which only an empty board has; take the queens and blocks off, or leave \"unique\" out",
        ));
    }
    if !matches!(mode, Mode::Page) && (input.offset.is_some() || input.limit.is_some()) {
        return Err(ApiError::invalid(
            "\"offset\" and \"limit\" apply to \"mode\": \"page\" only",
        ));
    }
    let instance = instance(&board)?;
    let deadline = cx.deadline();
    let hint = "there may be too many completions to go through in time; place more queens or use a smaller board";
    match mode {
        Mode::First => {
            let (answer, stats) = match nqueens::complete(&instance, deadline.flag()) {
                Ok(x) => x,
                Err(clash) => return clash_reply(n, &mode, input.offset, clash),
            };
            let (status, columns, message) = match answer {
                Answer::Found(columns) => ("found", Some(columns), "a completion".to_string()),
                Answer::NoCompletion => (
                    "none",
                    None,
                    "no completion exists from here".to_string(),
                ),
                _ => {
                    return Err(ApiError::time_limit(
                        deadline.seconds(),
                        "the search for a completion did not finish; place more queens, or fewer blocks",
                    ))
                }
            };
            Ok(Reply::ok(&CompleteOut {
                n,
                status,
                columns,
                nodes: Some(stats.nodes),
                seconds: stats.seconds,
                message,
                ..CompleteOut::default()
            }))
        }
        Mode::Count => {
            let (count, stats) = match nqueens::count_completions(&instance, 1, deadline.flag()) {
                Ok(x) => x,
                Err(clash) => return clash_reply(n, &mode, input.offset, clash),
            };
            let Some(count) = count else {
                return Err(ApiError::time_limit(deadline.seconds(), hint));
            };
            Ok(Reply::ok(&CompleteOut {
                n,
                status: "count",
                count: Some(count),
                nodes: Some(stats.nodes),
                seconds: stats.seconds,
                message: if board.is_empty() {
                    format!(
                        "{} on the empty {n}×{n} board",
                        plural(count, "solution", "solutions")
                    )
                } else {
                    format!("{} from here", plural(count, "completion", "completions"))
                },
                ..CompleteOut::default()
            }))
        }
        Mode::Page => {
            let offset = input.offset.unwrap_or(0);
            let limit = input.limit.unwrap_or(10);
            if limit == 0 || limit > cx.limits.page_size {
                return Err(ApiError::outside_one_to_cap(
                    limit as u64,
                    format!(
                        "\"limit\" must be from 1 to {} (this server's page size)",
                        cx.limits.page_size
                    ),
                ));
            }
            // The largest integer a JSON number carries exactly in every
            // client; far past any board's completions (Q(20) < 2^36).
            if offset > MAX_OFFSET {
                return Err(ApiError::invalid(format!(
                    "\"offset\" must be from 0 to {MAX_OFFSET}, not {offset}"
                )));
            }
            let start = std::time::Instant::now();
            let mut page = Vec::new();
            let mut seen = 0usize;
            let mut more = false;
            // One past the page tells whether there is more.
            let mut take = |columns: &[usize]| {
                if deadline.passed() {
                    return ControlFlow::Break(());
                }
                seen += 1;
                if seen > offset.saturating_add(limit) {
                    more = true;
                    return ControlFlow::Break(());
                }
                if seen > offset {
                    page.push(columns.to_vec());
                }
                ControlFlow::Continue(())
            };
            if board.is_empty() {
                // Lexicographic order, like `nqueens all`.
                let invalid = |e: nqueens::Error| ApiError::invalid(e.to_string());
                if unique {
                    let mut it = nqueens::unique_solutions(n).map_err(invalid)?;
                    while let Some(columns) = it.next_columns() {
                        if take(columns).is_break() {
                            break;
                        }
                    }
                } else {
                    let mut it = nqueens::solutions(n).map_err(invalid)?;
                    while let Some(columns) = it.next_columns() {
                        if take(columns).is_break() {
                            break;
                        }
                    }
                }
            } else if let Err(clash) =
                nqueens::for_each_completion(&instance, deadline.flag(), &mut take)
            {
                return clash_reply(n, &mode, input.offset, clash);
            }
            if deadline.passed() {
                return Err(ApiError::time_limit(deadline.seconds(), hint));
            }
            let shown = page.len();
            let kind = if board.is_empty() {
                if unique {
                    "unique solution"
                } else {
                    "solution"
                }
            } else {
                "completion"
            };
            let message = if seen == 0 && board.is_empty() {
                format!("no {kind} exists for n = {n}")
            } else if seen == 0 {
                format!("no {kind} exists from here")
            } else if shown == 0 {
                // The search went to its end: `seen` is all there are (the
                // message once said "after the first 1000" of 92).
                format!(
                    "{} in all, none from number {}",
                    plural(seen as u128, kind, &format!("{kind}s")),
                    offset + 1
                )
            } else {
                let last = if more { "" } else { ", the last" };
                if shown == 1 {
                    format!("{kind} {}{last}", offset + 1)
                } else {
                    format!("{kind}s {} to {}{last}", offset + 1, offset + shown)
                }
            };
            Ok(Reply::ok(&CompleteOut {
                n,
                status: "page",
                solutions: Some(page),
                offset: Some(offset),
                more: Some(more),
                seconds: start.elapsed().as_secs_f64(),
                message,
                ..CompleteOut::default()
            }))
        }
    }
}
