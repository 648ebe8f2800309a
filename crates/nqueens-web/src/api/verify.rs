//! `POST /api/verify`: the conflicts of any queens, what they attack, and a
//! status line for people ("5 queens, no conflicts").

use nqueens::{Placement, Square};
use serde::{Deserialize, Serialize};

use super::input::{pair, BoardIn};
use nqueens::plural;

use super::input::parse;
use super::Context;
use crate::http::{ApiError, ApiResult, Reply};

/// The most conflicts listed (the count is always exact).
pub const CONFLICTS_LISTED: usize = 1000;

/// Up to this size the reply lists the attacked squares.
pub const ATTACKED_MAX: usize = 100;

#[derive(Deserialize)]
struct VerifyIn {
    #[serde(flatten)]
    board: BoardIn,
}

#[derive(Serialize)]
pub(super) struct ConflictOut {
    pub first: [usize; 2],
    pub second: [usize; 2],
    pub attack: &'static str,
}

impl From<nqueens::Conflict> for ConflictOut {
    fn from(c: nqueens::Conflict) -> Self {
        ConflictOut {
            first: pair(c.first),
            second: pair(c.second),
            attack: c.attack.name(),
        }
    }
}

#[derive(Serialize)]
struct VerifyOut {
    n: usize,
    queens: usize,
    /// n queens and no conflicts.
    solution: bool,
    /// Attacking pairs, in all.
    conflict_count: u128,
    /// The first [`CONFLICTS_LISTED`] of them.
    conflicts: Vec<ConflictOut>,
    /// Queens on blocked squares.
    on_blocked: Vec<[usize; 2]>,
    /// Empty squares that a queen attacks (up to n = [`ATTACKED_MAX`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    attacked: Option<Vec<[usize; 2]>>,
    status: String,
}

pub(super) fn handle(cx: &Context<'_>, body: &[u8]) -> ApiResult {
    let input: VerifyIn = parse(
        body,
        &["n", "queens", "columns", "blocked"],
        r#"{"n": 4, "queens": [[0, 1], [1, 3]]}"#,
    )?;
    let board = input.board.check(cx.limits.solve_max, "verify")?;
    let n = board.n;
    let placement =
        Placement::new(n, board.queens.clone()).map_err(|e| ApiError::invalid(e.to_string()))?;
    let conflict_count = placement.conflict_count();
    let conflicts: Vec<ConflictOut> = placement
        .conflicts()
        .take(CONFLICTS_LISTED)
        .map(ConflictOut::from)
        .collect();
    let on_blocked: Vec<[usize; 2]> = board
        .queens
        .iter()
        .filter(|q| board.blocked.binary_search(q).is_ok())
        .map(|&q| pair(q))
        .collect();
    // (Up to ATTACKED_MAX, far below the library's bound on n².)
    let attacked = (n <= ATTACKED_MAX)
        .then(|| placement.attacked().ok())
        .flatten()
        .map(|a| {
            a.iter()
                .enumerate()
                .filter(|(_, &a)| a)
                .map(|(i, _)| pair(Square::new(i / n, i % n)))
                .collect()
        });
    let k = board.queens.len();
    // A solution of this board: n queens, no conflict, none on a blocked
    // square (the status once said "a solution" beside one).
    let solution = k == n && conflict_count == 0 && on_blocked.is_empty();
    let mut status = if solution {
        format!("{}: a solution", plural(k as u128, "queen", "queens"))
    } else if conflict_count == 0 {
        format!("{}, no conflicts", plural(k as u128, "queen", "queens"))
    } else {
        format!(
            "{}, {}",
            plural(k as u128, "queen", "queens"),
            plural(conflict_count, "conflict", "conflicts")
        )
    };
    if !on_blocked.is_empty() {
        status.push_str(&format!(
            ", {} on a blocked square",
            plural(on_blocked.len() as u128, "queen", "queens")
        ));
    }
    Ok(Reply::ok(&VerifyOut {
        n,
        queens: k,
        solution,
        conflict_count,
        conflicts,
        on_blocked,
        attacked,
        status,
    }))
}
