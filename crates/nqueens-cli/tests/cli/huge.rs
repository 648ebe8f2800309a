//! `solve` above the backtracking limit, `--algorithm construct` and
//! `min-conflicts`, `random`, the formats for big boards and `--verify`.

use super::*;

/// Runs `nqueens ARGS`, expects success, and returns (stdout, stderr).
#[track_caller]
fn both(args: &[&str]) -> (String, String) {
    let r = run(args).code(0);
    (r.stdout, r.stderr)
}

#[track_caller]
fn assert_solution(columns: &[usize]) {
    if let Err(e) = nqueens::verify(columns) {
        panic!("n = {}: {e}", columns.len());
    }
}

#[test]
fn above_32_solve_prints_the_construction_and_says_why() {
    let (out, err) = both(&["solve", "33", "-f", "list"]);
    let columns = parse_list(out.trim_end());
    assert_eq!(columns.len(), 33);
    assert_solution(&columns);
    assert!(err.starts_with("note: n = 33 is above 32"), "{err}");
    assert!(err.contains("--algorithm construct"), "{err}");
    assert!(err.contains("min-conflicts"), "{err}");
    // The construction named explicitly: the same board, no note.
    assert_eq!(
        run(&["solve", "33", "-a", "construct", "-f", "list"]).ok(),
        out
    );
    let (out, err) = both(&["solve", "40", "-a", "construct", "--stats", "-f", "none"]);
    assert_eq!(out, "");
    assert!(err.starts_with("construct: n = 40, O(1) per row"), "{err}");
    // A time of microseconds is said in them, not as "0.000 s"; nothing
    // was written or checked, and the note says neither (it said "writing
    // (and checking) included" whatever the flags).
    assert!(
        err.trim_end().ends_with("µs") || err.trim_end().ends_with("ms"),
        "{err}"
    );
    for (flags, included) in [
        (&["-f", "list"][..], "s, writing included\n"),
        (
            &["-f", "list", "--verify"][..],
            "s, writing and checking included\n",
        ),
        (&["-f", "none", "--verify"][..], "s, checking included\n"),
    ] {
        let (_, err) = both(&[&["solve", "40", "-a", "construct", "--stats"][..], flags].concat());
        assert!(err.ends_with(included), "{flags:?}: {err}");
    }
    // Up to 32 the default is still the lexicographically first solution.
    assert_eq!(
        run(&["solve", "8", "-f", "list"]).ok(),
        "[0, 4, 7, 5, 2, 6, 1, 3]\n"
    );
}

#[test]
fn construct_through_the_command_line_at_every_residue() {
    for n in (1..=60).filter(|&n| n != 2 && n != 3) {
        let (out, err) = both(&[
            "solve",
            &n.to_string(),
            "-a",
            "construct",
            "-f",
            "list",
            "--verify",
        ]);
        assert_solution(&parse_list(out.trim_end()));
        let queens = if n == 1 { "queen" } else { "queens" };
        assert!(err.starts_with(&format!("verified: {n} {queens}")), "{err}");
    }
    for n in ["2", "3"] {
        let r = run(&["solve", n, "-a", "construct"]).code(1);
        assert_eq!(r.stderr, format!("no solution exists for n = {n}\n"));
    }
}

#[test]
fn formats_for_big_boards() {
    let list = run(&["solve", "1000", "-a", "construct", "-f", "list"]).ok();
    let columns = parse_list(list.trim_end());
    assert_solution(&columns);
    let lines = run(&["solve", "1000", "-a", "construct", "-f", "lines"]).ok();
    let from_lines: Vec<usize> = lines.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(from_lines, columns);
    let one_based = run(&[
        "solve",
        "1000",
        "-a",
        "construct",
        "-f",
        "lines",
        "--one-based",
    ])
    .ok();
    let shifted: Vec<usize> = one_based
        .lines()
        .map(|l| l.parse::<usize>().unwrap() - 1)
        .collect();
    assert_eq!(shifted, columns);
    let json = run(&["solve", "1000", "-a", "construct", "-f", "json"]).ok();
    assert!(json.starts_with("{\"n\":1000,\"columns\":["), "{json}");
    assert_eq!(json.matches(',').count(), 1000);
    // Above 100 the default format is a list; the note explains the construction.
    let (default, _) = both(&["solve", "1000"]);
    assert_eq!(default, list);
    // What `verify` reads back.
    run_in(&["verify"], lines).ok();
    run_in(&["verify", "--one-based"], one_based).ok();
}

#[test]
fn format_none_with_verify_prints_nothing_and_checks() {
    for size in ["1000000", "1e6", "1_000_000"] {
        let (out, err) = both(&["solve", size, "-a", "construct", "-f", "none", "--verify"]);
        assert_eq!(out, "");
        assert!(
            err.starts_with("verified: 1,000,000 queens, no two attack each other ("),
            "{err}"
        );
    }
    assert_eq!(
        run(&["solve", "5001", "-a", "construct", "-f", "none"]).ok(),
        ""
    );
    // Every case of the recipe, checked in blocks on every core.
    for n in ["1", "4", "5", "8", "9", "14", "2000003", "2000006"] {
        let (out, err) = both(&["solve", n, "-a", "construct", "-f", "none", "--verify"]);
        assert_eq!(out, "");
        assert!(err.starts_with("verified: "), "{n}: {err}");
    }
}

#[test]
fn drawings_refuse_boards_above_100() {
    for format in ["board", "ascii", "leetcode", "svg", "png"] {
        let err = run(&["solve", "101", "-f", format]).error();
        assert!(
            err.contains(&format!("solve 101 --format {format}")) && err.contains("--format list"),
            "{err}"
        );
        let err = run(&["random", "200", "-f", format]).error();
        assert!(err.contains("random 200"), "{err}");
    }
    let board = both(&["solve", "100", "-f", "ascii"]).0;
    assert_eq!(board.lines().count(), 100);
}

#[test]
fn min_conflicts_is_reproducible_from_its_seed() {
    let board = |seed: &str| {
        let args = [
            "solve",
            "500",
            "-a",
            "min-conflicts",
            "--seed",
            seed,
            "-f",
            "list",
        ];
        let out = run(&args).ok();
        assert_solution(&parse_list(out.trim_end()));
        out
    };
    let (a, again, other) = (board("5"), board("5"), board("6"));
    assert_eq!(a, again);
    assert_ne!(a, other, "another seed, another board");
    let (out, err) = both(&[
        "solve",
        "20000",
        "-a",
        "min-conflicts",
        "--seed",
        "1",
        "-f",
        "none",
        "--verify",
        "--stats",
    ]);
    assert_eq!(out, "");
    assert!(err.contains("min-conflicts: n = 20,000, seed 1:"), "{err}");
    assert!(err.contains("steps") && err.contains("restarts"), "{err}");
    assert!(err.contains("verified: 20,000 queens"), "{err}");
    let r = run(&["solve", "3", "-a", "min-conflicts"]).code(1);
    assert_eq!(r.stderr, "no solution exists for n = 3\n");
}

#[test]
fn min_conflicts_gives_up_when_told_to() {
    let r = run(&[
        "solve",
        "2000",
        "-a",
        "min-conflicts",
        "--max-steps",
        "1",
        "--seed",
        "3",
    ])
    .code(3);
    assert!(r.stderr.contains("gave up after 1 step ("), "{r:?}");
    assert!(r.stderr.contains("--max-steps"), "{r:?}");
    assert_eq!(r.stdout, "");
}

#[test]
fn flags_that_do_not_belong_are_refused() {
    for args in [
        &["solve", "8", "--seed", "1"][..],
        &["solve", "8", "-a", "construct", "--max-steps", "5"],
    ] {
        let err = run(args).error();
        assert!(
            err.contains("belongs to `--algorithm min-conflicts`"),
            "{err}"
        );
    }
    for bad in ["-1", "x", "1.5"] {
        let err = run(&["solve", "9", "-a", "min-conflicts", "--seed", bad]).error();
        assert!(
            err.contains("invalid value") && err.contains("--seed"),
            "{err}"
        );
    }
    for bad in ["0", "-5", "many"] {
        let err = run(&["solve", "9", "-a", "min-conflicts", "--max-steps", bad]).error();
        assert!(
            err.contains("invalid value") && err.contains("--max-steps"),
            "{err}"
        );
    }
    for cmd in ["all", "count", "trace"] {
        let err = run(&[cmd, "8", "-a", "construct"]).error();
        assert!(
            err.contains("`nqueens solve N --algorithm construct`"),
            "{err}"
        );
    }
    let err = run(&["compare", "8", "--algorithms", "min-conflicts"]).error();
    assert!(err.contains("solve N --algorithm min-conflicts"), "{err}");
    assert!(run(&["all", "8", "-f", "none"])
        .error()
        .contains("nqueens count 8"));
    assert!(run(&["all", "8", "-f", "lines"])
        .error()
        .contains("--format list"));
    let err = run(&["solve", "5e9", "-a", "construct"]).error();
    assert!(err.contains("4,294,967,296"), "{err}");
    let err = run(&["solve", "1e9", "-a", "min-conflicts"]).error();
    assert!(err.contains("--algorithm construct"), "{err}");
    let err = run(&["random", "1e9"]).error();
    assert!(err.contains("nqueens solve 1000000000"), "{err}");
}

#[test]
fn random_is_uniform_below_16_and_says_so_above() {
    let (out, err) = both(&["random", "8", "--seed", "3", "--stats", "-f", "list"]);
    assert_solution(&parse_list(out.trim_end()));
    assert!(
        err.starts_with("uniform over all 92 solutions: number "),
        "{err}"
    );
    assert!(err.contains("seed 3"), "{err}");
    assert!(
        err.trim_end().ends_with("µs") || err.trim_end().ends_with("ms"),
        "{err}"
    );
    assert_eq!(run(&["random", "8", "--seed", "3", "-f", "list"]).ok(), out);
    let mut seen = BTreeSet::new();
    for seed in 0..40 {
        let out = run(&["random", "8", "--seed", &seed.to_string(), "-f", "list"]).ok();
        seen.insert(out);
    }
    assert!(
        seen.len() >= 25,
        "40 seeds gave only {} of 92 boards",
        seen.len()
    );
    let (out, err) = both(&["random", "40", "--seed", "9", "--stats", "-f", "list"]);
    assert_solution(&parse_list(out.trim_end()));
    assert!(err.contains("not uniform"), "{err}");
    assert!(err.contains("min-conflicts: n = 40, seed 9:"), "{err}");
    // Without --seed a fresh one is drawn, and --stats shows it.
    let (out, err) = both(&["random", "12", "--stats", "-f", "list"]);
    assert_solution(&parse_list(out.trim_end()));
    assert!(err.contains("seed "), "{err}");
    let r = run(&["random", "2"]).code(1);
    assert_eq!(r.stderr, "no solution exists for n = 2\n");
    assert_eq!(run(&["random", "1", "-f", "list"]).ok(), "[0]\n");
    // The drawn default, and --verify.
    let (board, err) = both(&["random", "6", "--seed", "1", "--verify"]);
    assert_eq!(board.lines().count(), 6);
    assert!(err.starts_with("verified: 6 queens"), "{err}");
}

#[test]
fn the_algorithms_list_names_the_huge_board_methods() {
    let out = run(&["algorithms"]).ok();
    assert!(
        out.contains("construct") && out.contains("min-conflicts"),
        "{out}"
    );
}

#[test]
fn ctrl_c_stops_a_huge_board_between_columns_without_closing_it() {
    let mut child = spawn(&["solve", "1e9", "-a", "construct", "-f", "list"]);
    let mut stdout = child.stdout.take().unwrap();
    let mut start = [0u8; 4096];
    std::io::Read::read_exact(&mut stdout, &mut start).unwrap();
    let pid = child.id().to_string();
    send_signal(&pid, "-INT");
    let mut rest = Vec::new();
    std::io::Read::read_to_end(&mut stdout, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("interrupted: the output above stops part way"),
        "{err}"
    );
    assert!(start.starts_with(b"[1, 3, 5, "));
    let text = String::from_utf8([&start[..], &rest].concat()).unwrap();
    assert!(text.ends_with(", "), "a cut list has no closing bracket");
    assert!(text.len() < 11_000_000_000, "it stopped");
}

#[test]
fn a_closed_pipe_stops_a_huge_board_quietly() {
    let (line, out) = first_line_then_close(&["solve", "1e9", "-a", "construct", "-f", "lines"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(line, "1\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("writing 1,000,000,000 columns"), "{err}");
}

/// The ends of the uniform range: n = 15, its largest, is drawn uniformly
/// among all 2,279,184 solutions; n = 16 comes from min-conflicts.
#[test]
fn random_is_uniform_up_to_fifteen_exactly() {
    let (out, err) = both(&["random", "15", "--seed", "3", "--stats", "-f", "list"]);
    assert_solution(&parse_list(out.trim_end()));
    assert!(
        err.starts_with("uniform over all 2,279,184 solutions: number "),
        "{err}"
    );
    let (out, err) = both(&["random", "16", "--seed", "3", "--stats", "-f", "list"]);
    assert_solution(&parse_list(out.trim_end()));
    assert!(err.starts_with("not uniform: n = 16 is above 15"), "{err}");
}
