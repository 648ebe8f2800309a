//! Which line of [`pseudocode`](crate::algo::pseudocode) each kind of step
//! executes, per algorithm.

/// Testing a square (or computing what is free).
pub(super) fn check(alg: &str) -> usize {
    match alg {
        "brute-force" => 1,
        "heuristic" | "dancing-links" => 2,
        "bitwise" => 1,
        _ => 3,
    }
}
pub(super) fn reject(alg: &str) -> usize {
    match alg {
        "brute-force" => 2,
        "tagged-stack" => 4,
        "heuristic" => 1,
        _ => check(alg),
    }
}
pub(super) fn place(alg: &str) -> usize {
    match alg {
        "brute-force" => 3,
        "stack" => 5,
        "tagged-stack" => 6,
        "bitwise" => 3,
        _ => 4,
    }
}
pub(super) fn backtrack(alg: &str) -> usize {
    match alg {
        "stack" => 2,
        "tagged-stack" => 9,
        "bitwise" => 6,
        "dancing-links" => 5,
        "bfs" | "brute-force" => 0,
        _ => 7,
    }
}
pub(super) fn push(alg: &str) -> usize {
    match alg {
        "stack" => 6,
        "tagged-stack" => 7,
        "bfs" => 5,
        _ => 0,
    }
}
pub(super) fn pop(alg: &str) -> usize {
    match alg {
        "stack" | "bfs" => 1,
        "tagged-stack" => 9,
        _ => 0,
    }
}
pub(super) fn tag() -> usize {
    5
}
pub(super) fn solution(alg: &str) -> usize {
    match alg {
        "brute-force" => 4,
        "stack" => 7,
        "tagged-stack" => 8,
        "bfs" => 6,
        "bitwise" => 4,
        "dancing-links" => 1,
        "generator" => 6,
        _ => 5,
    }
}
