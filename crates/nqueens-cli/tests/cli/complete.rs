//! `complete`: instances from drawn boards, files and flags; first, all,
//! count; clashes, bad input and the timeout.

use super::*;

/// The columns of a drawn completion (`♛`/`■` or `Q`/`q` are queens).
fn columns_of(board: &str) -> Vec<usize> {
    board
        .lines()
        .take_while(|l| !l.is_empty())
        .map(|l| {
            l.split(' ')
                .position(|c| matches!(c, "♛" | "■" | "Q" | "q"))
                .unwrap()
        })
        .collect()
}

#[test]
fn a_drawn_board_is_finished_with_the_given_queens_marked() {
    let board = ". . . .\n. . . .\nQ . . .\n. . . x\n";
    let out = run_in(&["complete", "-"], board).ok();
    assert_eq!(out, "□ ■ □ □\n□ □ □ ■\n♛ □ □ □\n□ □ ■ ×\n");
    let ascii = run_in(&["complete", "-", "-f", "ascii"], board).ok();
    assert_eq!(ascii, ". q . .\n. . . q\nQ . . .\n. . q x\n");
    nqueens::verify(&columns_of(&ascii)).unwrap();
}

#[test]
fn flags_build_an_instance() {
    let out = run(&["complete", "--n", "8", "--queen", "0,0", "-f", "list"]).ok();
    let columns = parse_list(out.trim_end());
    nqueens::verify(&columns).unwrap();
    assert_eq!(columns[0], 0);
    let one = run(&[
        "complete",
        "--n",
        "8",
        "--queen",
        "1,1",
        "--one-based",
        "-f",
        "list",
    ])
    .ok();
    assert_eq!(parse_list(one.trim_end())[0], 1);
    let blocked = run(&["complete", "--n", "4", "--block", "0,1", "-f", "list"]).ok();
    assert_eq!(blocked, "[2, 0, 3, 1]\n");
}

#[test]
fn counts_and_lists_match_the_plain_counts() {
    assert_eq!(
        run(&["complete", "--n", "8", "--count"]).ok(),
        "92 completions\n"
    );
    assert_eq!(
        run(&["complete", "--n", "8", "--queen", "0,0", "--count", "-j", "1"]).ok(),
        "4 completions\n"
    );
    let all = run(&[
        "complete", "--n", "8", "--queen", "0,0", "--all", "-f", "list",
    ])
    .ok();
    assert_eq!(all.lines().count(), 4);
    for line in all.lines() {
        assert!(line.starts_with("[0, "), "{line}");
    }
    let two = run(&[
        "complete", "--n", "6", "--all", "--limit", "2", "-f", "list",
    ])
    .code(0)
    .stdout;
    assert_eq!(two.lines().count(), 2);
    // A drawn list cut by --limit says so; one that ends on its own does
    // not (n = 8 with a queen on (0, 0) has 4).
    let drawn = |limit: &str| {
        let args = [
            "complete", "--n", "8", "--queen", "0,0", "--all", "--limit", limit, "-f", "ascii",
        ];
        run(&args).ok().lines().last().unwrap_or("").to_string()
    };
    // Drawn boards, each after a blank line from the one before, and the
    // count after a blank line too.
    assert_eq!(
        run(&["complete", "--n", "4", "--all"]).ok(),
        "□ ■ □ □\n□ □ □ ■\n■ □ □ □\n□ □ ■ □\n\n\
         □ □ ■ □\n■ □ □ □\n□ □ □ ■\n□ ■ □ □\n\n\
         2 completions\n"
    );
    assert_eq!(drawn("3"), "3 completions (stopped at --limit 3)");
    assert_eq!(drawn("4"), "4 completions");
    assert_eq!(drawn("5"), "4 completions");
    let json = run(&["complete", "--n", "6", "--count", "-f", "json"]).ok();
    assert!(json.starts_with("{\"n\":6,\"completions\":4,"), "{json}");
}

#[test]
fn no_completion_is_an_answer_not_an_error() {
    let r = run(&["complete", "--n", "8", "--queen", "0,0", "--queen", "1,1"]).code(1);
    assert_eq!(r.stdout, "");
    assert!(
        r.stderr.contains("(0, 0)") || r.stderr.contains("row 0, column 0"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("attack each other along a diagonal"),
        "{}",
        r.stderr
    );
    let r = run(&["complete", "--n", "3"]).code(1);
    assert!(r.stderr.starts_with("no completion exists"), "{}", r.stderr);
    let r = run(&["complete", "--n", "4", "--queen", "0,0"]).code(1);
    assert!(r.stderr.starts_with("no completion exists"), "{}", r.stderr);
}

#[test]
fn a_queen_the_instance_forbids_is_an_error() {
    let err = run(&["complete", "--n", "6", "--queen", "2,3", "--block", "2,3"]).error();
    assert!(
        err.contains("(2, 3)") || err.contains("row 2, column 3"),
        "{err}"
    );
    assert!(err.contains("blocked square"), "{err}");
    let json = TempFile::new(
        "excluded.json",
        br#"{"n": 6, "queens": [[1, 1]], "excluded": {"sum": [2]}}"#,
    );
    let err = run(&["complete", json.arg()]).error();
    assert!(err.contains("excluded sum diagonal 2"), "{err}");
}

/// `-j` sets the threads that decide, and the answer does not depend on it:
/// the first completion in the search's order.
#[test]
fn threads_decide_the_same_completion() {
    let args = |j: &'static str| {
        let mut a = vec!["complete", "--n", "14", "--queen", "0,5", "--queen", "3,0"];
        a.extend(["--format", "list", "-j", j]);
        a
    };
    let one = run(&args("1")).ok();
    assert_eq!(run(&args("2")).ok(), one);
    assert_eq!(run(&args("3")).ok(), one);
}

#[test]
fn bad_requests_are_usage_errors() {
    let cases: [&[&str]; 7] = [
        &["complete"],
        &["complete", "--n", "6", "--queen", "6,0"],
        &["complete", "--n", "6", "--queen", "1;2"],
        &["complete", "--n", "6", "--limit", "3"],
        &["complete", "--n", "6", "--all", "--threads", "2"],
        &["complete", "--n", "6", "--timeout", "-1"],
        &["complete", "--n", "6", "--one-based", "--block", "0,1"],
    ];
    for args in cases {
        run(args).error();
    }
    let file = TempFile::new("instance", b". Q\n. .\n");
    let err = run(&["complete", file.arg(), "--n", "4"]).error();
    assert!(err.contains("cannot be used with '--n <N>'"), "{err}");
    let err = run(&["complete", "-f", "board", "--n", "101"]).error();
    assert!(err.contains("--format list"), "{err}");
    // --diagonals with no excluded-diagonals file is refused, not ignored.
    let err = run(&["complete", "--n", "8", "--diagonals", "3"]).error();
    assert!(err.contains("there is no file here"), "{err}");
}

/// A JSON instance file holds one object: text after it (`garbage`, a second
/// object) is refused, as the API refuses it, never cut off unread.
#[test]
fn text_after_a_json_instance_is_refused() {
    for text in [
        "{\"n\":8} garbage",
        "{\"n\":8}\n{\"n\":8, \"queens\": [[0, 0]]}\n",
        "{\"n\":8}]",
    ] {
        let file = TempFile::new("instance", text.as_bytes());
        let err = run(&["complete", file.arg(), "--count"]).error();
        assert!(err.contains("trailing characters"), "{text}: {err}");
        let err = run_in(&["complete", "-", "--count"], text).error();
        assert!(err.contains("trailing characters"), "{text}: {err}");
    }
    let file = TempFile::new("instance", b"{\"n\":8}\n\n");
    assert_eq!(
        run(&["complete", file.arg(), "--count"]).ok(),
        "92 completions\n"
    );
}

#[test]
fn the_published_file_forms_are_read() {
    // Blocked, 1-based: [1,2] blocks (0, 1), leaving [2, 0, 3, 1] for n = 4.
    let blocked = TempFile::new(
        "blocked.param",
        b"letting n = 4\nletting blocks = [[1,2],\n]\n",
    );
    assert_eq!(
        run(&["complete", blocked.arg(), "-f", "list"]).ok(),
        "[2, 0, 3, 1]\n"
    );
    // Completion, 0-based.
    let init = TempFile::new("init.param", b"letting n = 4\nletting init = [[0, 2]]\n");
    assert_eq!(
        run(&["complete", init.arg(), "-f", "list"]).ok(),
        "[2, 0, 3, 1]\n"
    );
    // Excluded diagonals: the sum diagonal 0 (type 1) is the corner (0, 0),
    // which neither solution of n = 4 uses; the difference diagonal 1
    // (type 0: row − col + 3 = 1) holds (0, 2) and (1, 3), one in each.
    // Only a prefix of the list is an instance.
    let diags = TempFile::new(
        "diags.param",
        b"n = 4\nnumdiags = 2\ndiags = [[0, 1], [1, 0]]\n",
    );
    let count = |d: &str| run(&["complete", diags.arg(), "--diagonals", d, "--count"]);
    assert_eq!(count("0").ok(), "2 completions\n");
    assert_eq!(count("1").ok(), "2 completions\n");
    // A count of 0 proves that none exists: exit status 1, as without
    // --count (it once exited 0).
    let none = count("2").code(1);
    assert_eq!(
        (none.stdout.as_str(), none.stderr.as_str()),
        ("0 completions\n", "")
    );
    let r = run(&["complete", diags.arg()]).code(1);
    assert!(r.stderr.starts_with("no completion exists"), "{r:?}");
    let err = run(&["complete", diags.arg(), "--diagonals", "3"]).error();
    assert!(err.contains("numdiags = 2"), "{err}");
    let err = run(&["complete", blocked.arg(), "--diagonals", "1"]).error();
    assert!(err.contains("not an excluded-diagonals file"), "{err}");
    // JSON.
    let json = TempFile::new(
        "instance.json",
        br#"{"n": 4, "queens": [[1, 3]], "blocked": [], "excluded": {"sum": [], "difference": []}}"#,
    );
    assert_eq!(
        run(&["complete", json.arg(), "-f", "list"]).ok(),
        "[1, 3, 0, 2]\n"
    );
    // A malformed file names the line and entry.
    let bad = TempFile::new("bad.param", b"letting n = 4\nletting blocks = [[5,1]]\n");
    let err = run(&["complete", bad.arg()]).error();
    assert!(
        err.contains("line 2") && err.contains("row 5 is off"),
        "{err}"
    );
}

#[test]
fn verify_checks_a_candidate_against_the_instance() {
    // (2, 1) 1-based is (1, 0): blocked, which [2, 0, 3, 1] uses.
    let instance = TempFile::new("verify.param", b"letting n = 4\nletting blocks = [[2,1]]\n");
    let args = ["verify", "--instance", instance.arg()];
    assert_eq!(
        run_in(&args, "1 3 0 2").ok(),
        "OK: a solution for n = 4 that completes the instance\n"
    );
    let r = run_in(&args, "2 0 3 1").code(1);
    assert_eq!(
        r.stdout,
        "not a completion of the instance:\n  the queen at (1, 0) stands on a blocked square\n"
    );
    // Sizes are grouped, as plain verify groups them.
    // (The construction puts row 0's queen in column 1: (0, 0) is free.)
    let big = TempFile::new(
        "verify-big.param",
        b"letting n = 1000\nletting blocks = [[1,1]]\n",
    );
    let columns = nq().args(["solve", "1000"]).output().unwrap().stdout;
    let r = run_in(
        &["verify", "--instance", big.arg()],
        std::str::from_utf8(&columns).unwrap(),
    );
    assert_eq!(
        r.ok(),
        "OK: a solution for n = 1,000 that completes the instance\n"
    );
    // Several placements are numbered and summed up, as plain verify does
    // (they were unlabelled, with no total).
    let r = run_in(&args, "[1, 3, 0, 2]\n[2, 0, 3, 1]\n").code(1);
    assert_eq!(
        r.stdout,
        "placement 1: OK: a solution for n = 4 that completes the instance\n\
         placement 2: not a completion of the instance:\n  the queen at (1, 0) stands on a blocked square\n\
         1 of 2 placements does not complete the instance\n"
    );
    let r = run_in(&args, "[1, 3, 0, 2]\n[1, 3, 0, 2]\n").ok();
    assert!(
        r.ends_with("\n2 of 2 placements complete the instance\n"),
        "{r}"
    );
    // A queen on an excluded diagonal, of either kind, is named (the
    // placement read from a list, not drawn: no mark to show it).
    for (excluded, queen) in [
        ("\"sum\": [1], \"difference\": []", "(0, 1)"),
        ("\"sum\": [], \"difference\": [1]", "(1, 3)"),
    ] {
        let text =
            format!("{{\"n\": 4, \"queens\": [], \"blocked\": [], \"excluded\": {{{excluded}}}}}");
        let excluding = TempFile::new("excluding.json", text.as_bytes());
        let r = run_in(&["verify", "--instance", excluding.arg()], "1 3 0 2").code(1);
        assert_eq!(
            r.stdout,
            format!(
                "not a completion of the instance:\n  the queen at {queen} stands on an excluded diagonal\n"
            ),
            "{excluded}"
        );
    }
    // Every form `solve` writes is read as plain `verify` reads it (the
    // 0/1 matrix was once taken for 16 columns, JSON and pairs refused),
    // guessed or told with --input.
    for form in [
        "board", "ascii", "list", "lines", "json", "leetcode", "matrix", "pairs",
    ] {
        let answer = run(&["solve", "4", "-f", form]).ok();
        let ok = "OK: a solution for n = 4 that completes the instance\n";
        assert_eq!(run_in(&args, answer.as_str()).ok(), ok, "{form}");
        let told = ["verify", "--instance", instance.arg(), "--input", form];
        assert_eq!(run_in(&told, answer.as_str()).ok(), ok, "{form}");
    }
    // complete's own drawn answers, blocked squares marked, are read too;
    // a mark the instance lacks is a problem.
    for form in ["board", "ascii"] {
        let answer = run(&["complete", instance.arg(), "-f", form]).ok();
        assert!(answer.contains('×') || answer.contains('x'), "{answer}");
        let ok = "OK: a solution for n = 4 that completes the instance\n";
        assert_eq!(run_in(&args, answer.as_str()).ok(), ok, "{form}");
    }
    let r = run_in(&args, ". q . .\n. . . q\nQ . . .\n. . q x\n").code(1);
    assert_eq!(
        r.stdout,
        "not a completion of the instance:\n  the board marks (3, 3) blocked, which the instance does not\n  the board does not mark (1, 0) blocked, which the instance does\n"
    );
    // A drawn answer that marks blocked squares marks all of them: one
    // left out is a problem (a board that marks none is a plain placement).
    let two = TempFile::new(
        "two.param",
        b"letting n = 4\nletting blocks = [[1,1],[2,1]]\n",
    );
    let with_two = ["verify", "--instance", two.arg()];
    for (form, blocked, free) in [("board", "×", "□"), ("ascii", "x", ".")] {
        let answer = run(&["complete", two.arg(), "-f", form]).ok();
        assert_eq!(answer.matches(blocked).count(), 2, "{answer}");
        let unmarked = answer.replacen(blocked, free, 1);
        let r = run_in(&with_two, unmarked.as_str()).code(1);
        assert_eq!(
            r.stdout,
            "not a completion of the instance:\n  the board does not mark (0, 0) blocked, which the instance does\n",
            "{form}"
        );
    }
    // A picture is said to be one, as plain verify says it.
    let svg = run(&["solve", "4", "-f", "svg"]).ok();
    let err = run_in(&args, svg.as_str()).error();
    assert!(
        err.contains("is a picture (SVG or PNG), not a placement"),
        "{err}"
    );
    // A PNG too, though its NUL bytes made it "binary"; and as an instance.
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    let err = run_in(&args, png.clone()).error();
    assert!(
        err.contains("is a picture (SVG or PNG), not a placement"),
        "{err}"
    );
    let err = run_in(&["complete", "-"], png).error();
    assert!(
        err.contains("is a picture (SVG or PNG), not a drawn board"),
        "{err}"
    );
    let r = run_in(&args, "1 3 0 0").code(1);
    assert!(
        r.stdout
            .contains("not a solution: 4 queens, 1 attacking pair"),
        "{r:?}"
    );
    let queen = TempFile::new("queen.param", b"letting n = 4\nletting init = [[0, 2]]\n");
    let r = run_in(&["verify", "--instance", queen.arg()], "1 3 0 2").code(1);
    assert!(
        r.stdout
            .contains("the pre-placed queen at (0, 2) is missing"),
        "{r:?}"
    );
    let json = run_in(
        &["verify", "--instance", queen.arg(), "-f", "json"],
        "2 0 3 1",
    )
    .ok();
    // Plain verify's keys first (a script reads "solution" either way),
    // then the instance's.
    assert_eq!(
        json,
        "{\"n\":4,\"queens\":4,\"solution\":true,\"conflict_count\":0,\"completes\":true,\
         \"problems\":[]}\n"
    );
    let plain = flat_json(
        run_in(&["verify", "-f", "json"], "1 1 0 2")
            .code(1)
            .stdout
            .trim(),
    );
    let with = run_in(
        &["verify", "--instance", queen.arg(), "-f", "json"],
        "1 1 0 2",
    )
    .code(1);
    let with = flat_json(with.stdout.trim());
    for key in ["n", "queens", "solution", "conflict_count"] {
        let value = |fields: &[(String, String)]| fields.iter().find(|(k, _)| k == key).cloned();
        assert_eq!(value(&with), value(&plain), "{key}");
    }
    // Every completion that `complete --all` prints verifies against its instance.
    let all = run(&["complete", instance.arg(), "--all", "-f", "list"]).ok();
    run_in(&args, all).ok();
    run_in(
        &["verify", "--instance", instance.arg(), "-f", "svg"],
        "1 3 0 2",
    )
    .error();
}

#[test]
fn count_draws_the_progress_bar_on_request() {
    let r = run(&["complete", "--n", "10", "--count", "--progress", "always"]).code(0);
    assert_eq!(r.stdout, "724 completions\n");
    assert!(r.stderr.contains(" tasks · "), "{r:?}");
    assert_eq!(
        run(&["complete", "--n", "10", "--count", "--progress", "never"]).ok(),
        "724 completions\n"
    );
}

#[test]
fn the_timeout_answers_unknown() {
    let r = run(&["complete", "--n", "40", "--count", "--timeout", "0.3"]).code(3);
    assert_eq!(r.stdout, "");
    assert!(
        r.stderr
            .starts_with("unknown: no answer within the --timeout of 0.3 s"),
        "{}",
        r.stderr
    );
}

/// A list cut short by the timeout has answered: a completion exists (it
/// once printed thousands and then said "unknown: no answer", exit 3, and
/// gave a timeout of 0.001 s as "0.0 s").
#[test]
fn a_list_cut_short_by_the_timeout_answers_yes() {
    let r = run(&[
        "complete",
        "--n",
        "20",
        "--all",
        "--timeout",
        "0.25",
        "-f",
        "list",
    ])
    .code(0);
    let listed = r.stdout.lines().count();
    assert!(listed > 0, "{r:?}");
    assert_eq!(
        r.stderr,
        format!(
            "stopped at the --timeout of 0.25 s after {} completions; there may be more\n",
            nqueens::grouped(listed as u128)
        )
    );
}

/// Options that only --count reads are refused without it, and --count
/// refuses the formats that draw boards: it prints a number.
#[test]
fn count_only_options_and_formats() {
    let e = run(&["complete", "--n", "8", "--progress", "never"]).error();
    assert!(e.contains("--count"), "{e}");
    for format in ["board", "ascii", "list"] {
        let e = run(&["complete", "--n", "8", "--count", "-f", format]).error();
        assert!(
            e.contains(&format!("--format {format} writes completions")),
            "{e}"
        );
    }
    let json = run(&["complete", "--n", "6", "--count", "-f", "json"]).ok();
    assert!(json.starts_with("{\"n\":6,\"completions\":4,"), "{json}");
}

/// The timeout covers reading the instance: a FIFO that nobody writes (or
/// standard input that never ends) once blocked for ever.
#[cfg(unix)]
#[test]
fn the_timeout_covers_reading_the_instance() {
    let fifo = std::env::temp_dir().join(format!("nqueens-fifo-{}", std::process::id()));
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let start = std::time::Instant::now();
    let r = run(&["complete", fifo.to_str().unwrap(), "--timeout", "0.5"]).code(3);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert!(
        r.stderr.contains("the instance was still being read"),
        "{r:?}"
    );
    std::fs::remove_file(&fifo).unwrap();
    // Standard input that stays open.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["complete", "-", "--timeout", "0.5"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let _stdin = child.stdin.take();
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert_eq!(status.code(), Some(3));
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "still reading");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_board_too_large_to_complete_is_refused_before_any_work() {
    let started = std::time::Instant::now();
    let e = run(&["complete", "--n", "1e9", "--queen", "0,0"]).error();
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(e.contains("completion takes n up to 65,536"), "{e}");
    let e = run(&["complete", "--n", "65537", "--count"]).error();
    assert!(e.contains("65,536"), "{e}");
}

/// A search keeps a trail of up to every square: a board whose search could
/// outgrow --memory (4G by default) is refused before anything is allocated
/// (n = 65,536 once took 24 GB and six minutes), and the message says what
/// to type instead.
#[test]
fn a_search_that_could_outgrow_memory_is_refused_before_it_starts() {
    let started = std::time::Instant::now();
    let e = run(&["complete", "--n", "65536"]).error();
    assert!(
        e.contains("may need 17.0 GiB") && e.contains("--memory 4.0 GiB (the default)"),
        "{e}"
    );
    assert!(e.contains("give --memory 18G"), "{e}");
    // With --count, each thread has a board.
    let e = run(&["complete", "--n", "30000", "--count", "-j", "2"]).error();
    assert!(
        e.contains("each of 2 threads") && e.contains("fewer threads"),
        "{e}"
    );
    let e = run(&["complete", "--n", "8", "--memory", "1K"]).error();
    assert!(e.contains("more than --memory 1.0 KiB;"), "{e}");
    assert!(started.elapsed() < Duration::from_secs(5));
    // Within the bound, the search runs.
    let e = run(&["complete", "--n", "8", "--memory", "8M"]).error();
    assert!(e.contains("and 8.0 MiB for the program"), "{e}");
    let out = run(&["complete", "--n", "8", "--memory", "9M", "--format", "list"]).ok();
    assert_eq!(out.trim().split(' ').count(), 8, "{out}");
}

/// The memory a refusal asks for is enough: given back, the whole process
/// stays within it (the search's own bytes alone were 4.6 MiB short).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
#[ignore = "needs GNU time (/usr/bin/time), which .ci/run installs"]
fn the_memory_a_refusal_asks_for_is_enough() {
    for n in ["1000", "3000"] {
        let e = run(&["complete", "--n", n, "--memory", "1K"]).error();
        let asked = e
            .split("give --memory ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .unwrap_or_else(|| panic!("{e}"));
        let bytes: u64 = asked.trim_end_matches('M').parse::<u64>().unwrap() << 20;
        let args = ["complete", "--n", n, "--memory", asked, "--format", "list"];
        let peak = peak_of(&args);
        assert!(
            peak <= bytes,
            "nqueens {} peaked at {peak} bytes, over the {bytes} it asked for",
            args.join(" ")
        );
    }
}

/// Endless, binary and enormous inputs end at once with a clear message.
#[test]
fn hostile_instances_are_refused_at_once() {
    let started = std::time::Instant::now();
    let e = run(&["complete", "/dev/zero"]).error();
    assert!(e.contains("is binary"), "{e}");
    let e = run(&["verify", "--instance", "/dev/zero"]).error();
    assert!(e.contains("is binary"), "{e}");
    let endless = "y\n".repeat(9 << 20);
    let e = run_in(&["complete", "-"], endless).error();
    assert!(e.contains("standard input is over 16 MiB"), "{e}");
    // The way out is for a drawn board; a CSPLib file is told the limit
    // only (it was told to use the CSPLib or JSON form).
    let drawn = ". ".repeat(9 << 20);
    let e = run_in(&["complete", "-"], drawn).error();
    assert!(
        e.contains("over 16 MiB") && e.contains("describe a large board"),
        "{e}"
    );
    let csplib = format!(
        "letting n = 4\nletting blocks = [{}]\n",
        "[1,1],".repeat(3 << 20)
    );
    let e = run_in(&["complete", "-"], csplib).error();
    assert!(e.contains("over 16 MiB") && !e.contains("describe"), "{e}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

/// With `--one-based`, a message names squares as they were typed: they
/// were named from 0 ("--queen 1,1 --queen 2,2": "the queens at row 0,
/// column 0 and row 1, column 1"; "--queen 3,5: two queens stand on row 2,
/// column 4").
#[test]
fn one_based_messages_name_squares_as_typed() {
    let out = run(&[
        "complete",
        "--n",
        "8",
        "--one-based",
        "--queen",
        "1,1",
        "--queen",
        "2,2",
    ])
    .code(1);
    assert_eq!(
        out.stderr,
        "no completion exists: the pre-placed queens at row 1, column 1 and row 2, column 2 \
         attack each other along a diagonal\n"
    );
    let err = run(&[
        "complete",
        "--n",
        "8",
        "--one-based",
        "--queen",
        "3,5",
        "--block",
        "3,5",
    ])
    .error();
    assert!(
        err.contains("the pre-placed queen at row 3, column 5 stands on a blocked square"),
        "{err}"
    );
    for base in ["--one-based", "-f=list"] {
        let err = run(&[
            "complete", "--n", "8", base, "--queen", "3,5", "--queen", "3,5",
        ])
        .error();
        assert!(
            err.contains("--queen 3,5: a queen stands there already"),
            "{err}"
        );
    }
    let err = run_in(
        &["complete", "-", "--one-based", "--queen", "1,4"],
        "{\"n\":8,\"excluded\":{\"sum\":[3]}}",
    )
    .error();
    assert!(
        err.contains(
            "the pre-placed queen at row 1, column 4 stands on the excluded sum diagonal 3 \
             (row + column, rows and columns from 0)"
        ),
        "{err}"
    );
    // Counted from 0 without it.
    let err = run(&["complete", "--n", "8", "--queen", "3,5", "--block", "3,5"]).error();
    assert!(err.contains("at row 3, column 5 stands"), "{err}");
}

/// A square on an excluded diagonal is drawn blocked, not free: no queen
/// may stand there, and the drawing read back (ascii "reads back") has the
/// instance's completions (drawn free, it read back with none of the
/// exclusions: 92 completions for 28).
#[test]
fn excluded_diagonals_are_drawn_blocked_and_read_back() {
    let instance = "{\"n\":8,\"excluded\":{\"sum\":[7]}}";
    let count = run_in(&["complete", "-", "--count"], instance).code(0);
    assert_eq!(count.stdout, "28 completions\n");
    let drawn = run_in(&["complete", "-", "-f", "ascii"], instance).code(0);
    for (row, line) in drawn.stdout.lines().enumerate() {
        let marks: Vec<&str> = line.split(' ').collect();
        assert_eq!(marks[7 - row], "x", "row {row} of\n{}", drawn.stdout);
        assert_eq!(
            marks.iter().filter(|m| **m == "x").count(),
            1,
            "{}",
            drawn.stdout
        );
    }
    let board = run_in(&["complete", "-", "-f", "board"], instance).code(0);
    assert_eq!(board.stdout.matches('×').count(), 8, "{}", board.stdout);
    // The drawing, its added queens taken off, is the same instance.
    let empty = drawn.stdout.replace('q', ".");
    let again = run_in(&["complete", "-", "--count"], empty).code(0);
    assert_eq!(again.stdout, "28 completions\n");
    // And the drawing is a completion of the instance, as verify reads it.
    let dir = std::env::temp_dir().join(format!("nqueens-excluded-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("instance.json");
    std::fs::write(&file, instance).unwrap();
    let ok = run_in(
        &["verify", "--instance", file.to_str().unwrap()],
        drawn.stdout.as_str(),
    )
    .code(0);
    assert!(ok.stdout.starts_with("OK"), "{}", ok.stdout);
    // A drawing that marks squares marks the excluded diagonals' too, as
    // it must the blocked squares (one left unmarked was taken as OK).
    let unmarked = drawn.stdout.replacen('x', ".", 1);
    let r = run_in(&["verify", "--instance", file.to_str().unwrap()], unmarked).code(1);
    assert_eq!(
        r.stdout,
        "not a completion of the instance:\n  the board does not mark (0, 7) blocked, which the \
         instance excludes (its sum diagonal row + col = 7)\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--count` of queens that attack each other prints its 0 as any count
/// does, besides saying why (it printed nothing on standard output).
#[test]
fn a_count_of_clashing_queens_is_zero() {
    let args = [
        "complete", "--n", "8", "--queen", "0,0", "--queen", "1,1", "--count",
    ];
    let r = run(&args).code(1);
    assert_eq!(r.stdout, "0 completions\n");
    assert!(
        r.stderr.contains("attack each other along a diagonal"),
        "{}",
        r.stderr
    );
    let r = run(&[&args[..], &["-f", "json"]].concat()).code(1);
    assert_eq!(r.stdout, "{\"n\":8,\"completions\":0,\"seconds\":0.0}\n");
}
