//! One source for limits and engine ranges: what `--help`, the errors and
//! the user guide's tables say is what the library's and `limits.rs`'s
//! constants are, and what the program does at those edges.

use super::*;

use nqueens::{AUTO_JOIN_FROM, CONSTELLATION_MAX_N, JOIN_MAX_N, RANDOM_START_MAX, UNIFORM_MAX};
use nqueens_cli::flags::values::{CORES_MAX, SERVE_COUNT_MAX, THREADS_MAX};
use nqueens_cli::limits::{
    ALL_MAX, BFS_TRACE_STEPS, COMPARE_FIRST_MAX, COMPARE_MAX, COUNT_MAX, DRAW_MAX, ESTIMATE_MAX,
    HUGE_MAX, SOLVE_MAX,
};

/// `nqueens ARGS --help`, its spaces and line breaks made one space.
fn help(args: &[&str]) -> String {
    let mut args = args.to_vec();
    args.push("--help");
    one_line(&run(&args).ok())
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn grouped(n: usize) -> String {
    nqueens::grouped(n as u128)
}

/// Asserts that `text` (named `what`) says each of `phrases`.
fn says(what: &str, text: &str, phrases: &[String]) {
    for phrase in phrases {
        assert!(
            text.contains(phrase.as_str()),
            "{what} does not say `{phrase}`:\n{text}"
        );
    }
}

#[test]
fn count_help_states_the_engines_ranges_and_the_program_keeps_them() {
    says(
        "count --help",
        &help(&["count"]),
        &[
            format!(
                "auto (the default: join from n = {AUTO_JOIN_FROM} to {JOIN_MAX_N} when it fits \
                 in --memory, constellation otherwise)"
            ),
            format!("join (meet in the middle, n up to {JOIN_MAX_N})"),
            format!("constellation (backtracking from the border queens, n up to {CONSTELLATION_MAX_N})"),
            format!("instead of the counting engine, n up to {COUNT_MAX}"),
            format!("Worker threads, 1 to {THREADS_MAX}"),
        ],
    );
    // `auto` does what the help says at each end of the join engine's range.
    for n in [AUTO_JOIN_FROM, JOIN_MAX_N] {
        assert_eq!(nqueens::auto_engine(n, 1, None).name(), "join", "{n}");
    }
    for n in [AUTO_JOIN_FROM - 1, JOIN_MAX_N + 1] {
        let engine = nqueens::auto_engine(n, 1, None);
        assert_eq!(engine.name(), "constellation", "{n}");
    }
    // The largest board: the constellation engine's, and the error says so.
    assert_eq!(
        nqueens::engines()
            .iter()
            .map(|e| e.name())
            .collect::<Vec<_>>(),
        ["constellation", "join", "backtrack"]
    );
    let e = run(&["count", &(CONSTELLATION_MAX_N + 1).to_string()]).error();
    says(
        "count above the limit",
        &one_line(&e),
        &[
            format!("the counting engines take n up to {CONSTELLATION_MAX_N}"),
            format!("the join engine, the fastest, up to {JOIN_MAX_N}"),
        ],
    );
    let e = run(&["count", &(JOIN_MAX_N + 1).to_string(), "--engine", "join"]).error();
    assert!(e.contains(&format!("takes n up to {JOIN_MAX_N}")), "{e}");
    let e = run(&["count", &(COUNT_MAX + 1).to_string(), "-a", "bitwise"]).error();
    assert!(e.contains(&format!("minutes at n = {COUNT_MAX}")), "{e}");
}

#[test]
fn other_commands_help_states_their_limits() {
    says(
        "solve --help",
        &help(&["solve"]),
        &[
            format!("the lexicographically first up to n = {SOLVE_MAX}"),
            format!("any n up to {}", grouped(HUGE_MAX)),
            format!("(default: board up to n = {DRAW_MAX}, list above)"),
        ],
    );
    says(
        "random --help",
        &help(&["random"]),
        &[
            format!("Up to n = {UNIFORM_MAX} it is drawn uniformly"),
            format!("Above n = {UNIFORM_MAX} it comes from min-conflicts"),
            format!(
                "above {} queens, one drawn greedily",
                grouped(RANDOM_START_MAX)
            ),
        ],
    );
    says(
        "compare --help",
        &help(&["compare"]),
        &[format!(
            "(n up to {COMPARE_FIRST_MAX}; without it, n up to {COMPARE_MAX})"
        )],
    );
    says(
        "estimate --help",
        &help(&["estimate"]),
        &[format!("(n up to {ESTIMATE_MAX})")],
    );
    says(
        "serve --help",
        &help(&["serve"]),
        &[format!(
            "The largest board the Count panel (POST /api/count) takes, 1 to {SERVE_COUNT_MAX}"
        )],
    );
    // The limits the help states are the ones the program keeps.
    let refused = [
        vec!["estimate".to_string(), (ESTIMATE_MAX + 1).to_string()],
        vec!["compare".to_string(), (COMPARE_MAX + 1).to_string()],
        vec![
            "compare".to_string(),
            (COMPARE_FIRST_MAX + 1).to_string(),
            "--first".to_string(),
        ],
        vec!["all".to_string(), (ALL_MAX + 1).to_string()],
        vec![
            "serve".to_string(),
            "--count-max".to_string(),
            (SERVE_COUNT_MAX + 1).to_string(),
        ],
    ];
    for args in refused {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
    }
    // A bfs trace holds the search's queue, which grows step by step: its
    // --max-steps is bounded, refused before anything is traced.
    let bfs = ["trace", "14", "-a", "bfs", "-f", "json", "--max-steps"];
    let past = (BFS_TRACE_STEPS + 1).to_string();
    let err = run(&[&bfs[..], &[past.as_str()]].concat()).error();
    assert!(
        err.contains(&format!(
            "bfs is traced up to {} steps",
            grouped(BFS_TRACE_STEPS as usize)
        )),
        "{err}"
    );
    let edge = BFS_TRACE_STEPS.to_string();
    let r = run(&[
        "trace",
        "6",
        "-a",
        "bfs",
        "-f",
        "json",
        "--max-steps",
        &edge,
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    let r = run(&["solve", &SOLVE_MAX.to_string(), "--format", "list"]);
    assert!(r.stderr.is_empty(), "{r:?}");
    // The dry run's --cores: its range in words, as the help says it.
    let cores = format!("1 to {}", grouped(CORES_MAX as usize));
    says(
        "count --help",
        &help(&["count"]),
        std::slice::from_ref(&cores),
    );
    for k in ["0".to_string(), (CORES_MAX + 1).to_string()] {
        let err = run(&["count", "12", "--dry-run", "--cores", &k]).error();
        assert!(
            err.contains(&format!("a whole number from {cores}")),
            "{err}"
        );
    }
}

/// The largest n the library's algorithm `name` takes.
fn algorithm_max(name: &str) -> usize {
    nqueens::find_algorithm(name).expect(name).max_n()
}

/// docs/limits.md's table states each limit as the constants have it.
#[test]
fn the_limits_table_is_the_constants() {
    let (_, page) = super::docs::user_guide()
        .into_iter()
        .find(|(name, _)| name == "docs/limits.md")
        .expect("docs/limits.md");
    // Row by the text of its first cell: its second cell.
    let row = |command: &str| -> String {
        let start = format!("| {command} | ");
        let line = page
            .lines()
            .find(|line| line.starts_with(&start))
            .unwrap_or_else(|| panic!("docs/limits.md has no row `{start}`"));
        line[start.len()..].split(" | ").next().unwrap().to_string()
    };
    let rows = [
        ("`solve` (a search)", SOLVE_MAX.to_string()),
        (
            "`solve --algorithm construct`, `verify`",
            format!("{} (2^32)", grouped(HUGE_MAX)),
        ),
        (
            "`solve`/`random` drawn, as a matrix or LeetCode rows, or as a picture",
            DRAW_MAX.to_string(),
        ),
        ("`random` (uniform)", UNIFORM_MAX.to_string()),
        ("`all` without `--limit`", ALL_MAX.to_string()),
        (
            "`count --algorithm`",
            format!(
                "{COUNT_MAX} (bfs {}, brute force {}: `nqueens algorithms`)",
                algorithm_max("bfs").min(COUNT_MAX),
                algorithm_max("brute-force").min(COUNT_MAX)
            ),
        ),
        (
            "`count` (the engines)",
            format!("{CONSTELLATION_MAX_N}; the join engine {JOIN_MAX_N}"),
        ),
        ("`compare`", COMPARE_MAX.to_string()),
        ("`compare --first`", COMPARE_FIRST_MAX.to_string()),
        ("`estimate`", ESTIMATE_MAX.to_string()),
    ];
    for (command, limit) in rows {
        assert_eq!(row(command), limit, "docs/limits.md, {command}");
    }
    assert!(
        row("`complete`").starts_with(&grouped(nqueens::COMPLETE_MAX_N)),
        "docs/limits.md, complete"
    );
    assert!(
        row("`--threads`").starts_with(&grouped(THREADS_MAX)),
        "docs/limits.md, --threads"
    );
}

/// Where README and the guide state `auto`'s range, it is the library's.
#[test]
fn the_guide_states_autos_range() {
    let guide: String = super::docs::user_guide()
        .into_iter()
        .map(|(_, text)| text)
        .collect();
    let guide = one_line(&guide);
    says(
        "README and docs/",
        &guide,
        &[format!(
            "takes `join` from n = {AUTO_JOIN_FROM} to {JOIN_MAX_N}"
        )],
    );
    // And nowhere another range for it.
    for (start, range) in [
        (
            "`join` from n = ",
            format!("{AUTO_JOIN_FROM} to {JOIN_MAX_N}"),
        ),
        (
            "join engine from ",
            format!("{AUTO_JOIN_FROM} up to {JOIN_MAX_N}"),
        ),
    ] {
        for (at, _) in guide.match_indices(start) {
            let rest = &guide[at + start.len()..];
            assert!(
                rest.starts_with(&range),
                "README or docs/ say `{start}{}`",
                &rest[..40.min(rest.len())]
            );
        }
    }
}
