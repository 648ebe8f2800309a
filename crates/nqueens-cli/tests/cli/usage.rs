use super::*;

#[test]
fn bad_sizes() {
    for cmd in ["solve", "all", "count"] {
        for bad in ["0", "-3", "abc", "99999999999999999999999", "8.5", ""] {
            let err = run(&[cmd, bad]).error();
            assert!(
                err.starts_with("error: invalid value") && err.contains("'[N]'"),
                "{cmd} {bad:?}: {err}"
            );
        }
    }
    let err = run(&["count", "0"]).error();
    assert!(err.contains("n must be at least 1"), "{err}");
    let err = run(&["solve", "99999999999999999999999"]).error();
    assert!(err.contains("far too large"), "{err}");
    let err = run(&["all", "-3"]).error();
    assert!(err.contains("positive whole number"), "{err}");
    insta::assert_snapshot!("bad_size_abc", run(&["solve", "abc"]).error());
}

#[test]
fn unknown_format() {
    for cmd in ["solve", "all"] {
        let err = run(&[cmd, "--format", "xml"]).error();
        assert!(err.contains("invalid value 'xml'"), "{err}");
        assert!(err.contains("board, ascii, list, json, leetcode"), "{err}");
    }
    for cmd in ["count", "verify"] {
        let err = run(&[cmd, "--format", "board"]).error();
        assert!(err.contains("text, json"), "{err}");
    }
    insta::assert_snapshot!("unknown_format", run(&["solve", "--format", "xml"]).error());
}

#[test]
fn unknown_subcommand_and_arguments() {
    insta::assert_snapshot!("unknown_subcommand", run(&["frobnicate"]).error());
    run(&[]).error();
    run(&["solve", "8", "9"]).error();
    run(&["solve", "--frobnicate"]).error();
    run(&["verify", "a", "b"]).error();
    run(&["count", "--limit", "3"]).error();
}

/// A flag that is another command's name points to that command; clap's
/// own tip ("to pass '--all' as a value, use '-- --all'") would only make
/// it the board's size.
#[test]
fn a_command_given_as_a_flag_points_to_the_command() {
    for (args, command) in [
        (&["solve", "10", "--all"][..], "all"),
        (&["solve", "10", "--count"], "count"),
        (&["random", "--solve", "8"], "solve"),
    ] {
        let e = run(args).error();
        let tip = format!("tip: `{command}` is a command of its own: nqueens {command} --help");
        assert!(e.contains(&tip), "{args:?}: {e}");
        assert!(!e.contains("as a value"), "{args:?}: {e}");
    }
    // A misspelt flag still gets clap's suggestion.
    let e = run(&["count", "10", "--uniq"]).error();
    assert!(e.contains("'--unique'"), "{e}");
}

/// An option that needs another (`requires`) is refused beside an option
/// that the one it needs conflicts with: clap lets `requires` go there, so
/// each also conflicts with what the one it needs conflicts with. These
/// were ignored, and the command ran without them.
#[test]
fn an_option_that_needs_another_is_refused_beside_a_conflict() {
    for (args, says) in [
        (
            &["count", "8", "-a", "bitwise", "--cores", "4"][..],
            "'--algorithm <NAME>' cannot be used with '--cores <K>'",
        ),
        (
            &["count", "8", "--stats", "--dry-run-seconds", "5"][..],
            "'--stats' cannot be used with '--dry-run-seconds <SECONDS>'",
        ),
        (
            &["complete", "--n", "8", "--count", "--limit", "3"][..],
            "'--count' cannot be used with '--limit <K>'",
        ),
        (
            &["complete", "--n", "8", "--all", "--progress", "never"][..],
            "'--all' cannot be used with '--progress <PROGRESS>'",
        ),
        // A dry run projects the whole count: a slice of it, or what a
        // task log has left, was silently projected as the whole.
        (
            &["count", "10", "--slice", "1/2", "--dry-run"][..],
            "'--slice <I/K>' cannot be used with '--dry-run'",
        ),
        (
            &["count", "10", "--slice", "1/2", "--cores", "4"][..],
            "'--slice <I/K>' cannot be used with '--cores <K>'",
        ),
        (
            &["count", "10", "--dry-run", "--task-log", "t.log"][..],
            "'--dry-run' cannot be used with '--task-log <FILE>'",
        ),
        (
            &["count", "10", "--checkpoint", "c.json", "--dry-run"][..],
            "'--checkpoint <FILE>' cannot be used with '--dry-run'",
        ),
        // Saving more or less often means nothing without a checkpoint.
        (
            &["count", "10", "--checkpoint-every", "60"][..],
            "the following required arguments were not provided:\n  --checkpoint <FILE>",
        ),
        (
            &["complete", "--n", "8", "-j", "2", "--limit", "3"][..],
            "'--threads <T>' cannot be used with '--limit <K>'",
        ),
        (
            &["merge", "--compare", "a.log", "b.log", "--format", "json"][..],
            "cannot be used with '--format <FORMAT>'",
        ),
        // Not `requires`, but dropped as quietly: the counting engines and
        // the construction (solve above n = 32) take no --permutations.
        (
            &["count", "8", "--permutations"][..],
            "--permutations goes with `--algorithm brute-force`",
        ),
        (
            &["solve", "40", "--permutations"][..],
            "--permutations goes with `--algorithm brute-force`",
        ),
        (
            &["merge", "a.json", "--common"][..],
            "--common compares task logs: it needs --compare LOG LOG",
        ),
        // A classic count draws no progress bar: it was taken, and did
        // nothing.
        (
            &["count", "8", "-a", "recursive", "--progress", "always"][..],
            "'--algorithm <NAME>' cannot be used with '--progress <PROGRESS>'",
        ),
        (
            &["count", "8", "--stats", "--progress", "never"][..],
            "'--stats' cannot be used with '--progress <PROGRESS>'",
        ),
        (
            &["count", "17", "--dry-run", "--progress", "always"][..],
            "'--dry-run' cannot be used with '--progress <PROGRESS>'",
        ),
    ] {
        let err = run(args).error();
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // Without the conflicting option, each says what it needs.
    let err = run(&["count", "8", "--cores", "4"]).error();
    assert!(err.contains("--dry-run"), "{err}");
    let err = run(&["complete", "--n", "8", "--limit", "3"]).error();
    assert!(err.contains("--all"), "{err}");
}

#[test]
fn help_and_version() {
    let help = run(&["--help"]).ok();
    for cmd in ["solve", "all", "count", "verify"] {
        assert!(help.contains(cmd), "{help}");
        let sub = run(&[cmd, "--help"]).ok();
        assert!(sub.contains("Usage: nqueens"), "{sub}");
        run(&["help", cmd]).ok();
    }
    assert!(help.contains("Exit status: 0 yes, 1 no"), "{help}");
    let version = format!("nqueens {}\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(run(&["--version"]).ok(), version);
    assert_eq!(run(&["-V"]).ok(), version);
    // A command's own --version names the program (it said "nqueens-count").
    for cmd in ["count", "solve", "serve"] {
        assert_eq!(run(&[cmd, "--version"]).ok(), version);
    }
    nq().arg("-h")
        .assert()
        .success()
        .stdout(predicate::str::contains("Usage: nqueens"));
}

/// Small words that were wrong: "1 tasks", "stopped after 1 steps", "all 1
/// solutions", "a 8×8 board", "refused: refused: ...", and a reason for
/// --max-steps that was --seed's.
#[test]
fn the_small_words_agree_with_the_numbers() {
    let out = run(&["count", "1", "--dry-run"]).ok();
    assert!(
        out.starts_with("n = 1: 1 task (constellation engine)"),
        "{out}"
    );
    let out = run(&["trace", "4", "--max-steps", "1"]).code(3).stdout;
    assert!(
        out.contains("stopped after 1 step (--max-steps 1)"),
        "{out}"
    );
    let r = run(&["random", "1", "--stats"]).code(0);
    assert!(r.stderr.contains("uniform over the only solution"), "{r:?}");
    let e = run(&["complete", "--n", "8", "--memory", "1K"]).error();
    assert!(e.contains("completing an 8×8 board"), "{e}");
    let json = run(&[
        "compare",
        "10",
        "--algorithms",
        "brute-force,bitwise",
        "-f",
        "json",
    ])
    .ok();
    assert!(json.contains("\"refused\":\"takes n up to 9\""), "{json}");
    let e = run(&["solve", "8", "--max-steps", "5"]).error();
    assert!(
        e.contains("--max-steps belongs to") && !e.contains("random numbers"),
        "{e}"
    );
    let e = run(&["count", "65", "-a", "bitwise"]).error();
    assert!(
        !e.contains("drop --algorithm") && e.contains("nqueens estimate 65"),
        "{e}"
    );
    let e = run(&["count", "19", "-a", "bitwise"]).error();
    assert!(e.contains("drop --algorithm"), "{e}");
}

/// A negative number after the board size is the option's value, which its
/// own check refuses, and not an "unexpected argument" whose tip (`-- -1`)
/// fails again.
#[test]
fn a_negative_value_after_n_is_refused_by_its_option() {
    for args in [
        "estimate 8 --seed -1",
        "estimate 8 --samples -5",
        "complete --n 8 --timeout -1",
        "complete --n 8 -j -2",
        "complete --n 8 --block -1,2",
        "trace 4 -f svg --delay -1",
        "count 8 --slice -1/4",
        "serve --port -1",
    ] {
        let args: Vec<&str> = args.split(' ').collect();
        let err = run(&args).error();
        assert!(
            err.starts_with("error: invalid value '-"),
            "{args:?}: {err}"
        );
    }
}

/// `--one-based` numbers columns; beside a format that prints none (a
/// drawing, a PNG, nothing) it is refused, not taken and ignored. (The SVG
/// picture numbers its rows and columns: see `pictures.rs`.)
#[test]
fn one_based_needs_a_format_with_numbers() {
    for args in [
        "solve 4 --one-based",
        "solve 4 -f ascii --one-based",
        "solve 4 -f matrix --one-based",
        "solve 4 -f leetcode --one-based",
        "solve 4 -f png --one-based",
        "random 6 -f none --one-based",
        "all 4 --one-based",
        "all 4 -f board --one-based",
    ] {
        let args: Vec<&str> = args.split(' ').collect();
        let err = run(&args).error();
        assert!(err.contains("prints no column numbers"), "{args:?}: {err}");
        // A format not given is named as the default, with what to add.
        let given = args.contains(&"-f");
        assert_eq!(
            err.contains(
                "the default format here, board, prints no column numbers: add --format \
                          list"
            ),
            !given,
            "{args:?}: {err}"
        );
    }
    assert_eq!(
        run(&["solve", "4", "-f", "list", "--one-based"]).ok(),
        "[2, 4, 1, 3]\n"
    );
    assert_eq!(
        run(&["all", "4", "-f", "list", "--one-based"]).ok(),
        "[2, 4, 1, 3]\n[3, 1, 4, 2]\n"
    );
}

/// The two methods for huge boards are `solve`'s: the commands that search
/// refuse them when parsing (and do not offer them to complete), and an
/// unknown name says that only `solve` takes them (`random` has no
/// `--algorithm`).
#[test]
fn huge_board_methods_belong_to_solve() {
    for (args, flag) in [
        ("count 8 -a construct", "'--algorithm <NAME>'"),
        ("trace 4 -a min-conflicts", "'--algorithm <NAME>'"),
        (
            "compare 6 --algorithms bitwise,construct",
            "'--algorithms <A,B,...>'",
        ),
        ("all 8 -a construct", "'--algorithm <NAME>'"),
    ] {
        let args: Vec<&str> = args.split(' ').collect();
        let err = run(&args).error();
        assert!(err.contains(flag), "{args:?}: {err}");
        assert!(
            err.contains("finds one solution of a huge board, so it goes with `nqueens solve N"),
            "{args:?}: {err}"
        );
    }
    let err = run(&["solve", "8", "-a", "foo"]).error();
    assert!(
        err.ends_with("dancing-links (solve also takes construct and min-conflicts)\n"),
        "{err}"
    );
    for command in ["count", "all"] {
        let err = run(&[command, "8", "-a", "foo"]).error();
        assert!(!err.contains("construct"), "{err}");
    }
    assert!(run(&["solve", "8", "-a", "construct", "-f", "list"])
        .ok()
        .starts_with('['));
}

/// `all` offers (in its help, its completions and its errors) only the
/// formats of many boards; one board's formats, given anyway, are refused
/// with where they belong.
#[test]
fn all_offers_the_formats_of_many_boards() {
    let help = run(&["all", "--help"]).ok();
    assert!(help.contains("- pairs:"), "{help}");
    for one in ["lines", "svg", "png", "none"] {
        assert!(!help.contains(&format!("- {one}:")), "{one}: {help}");
    }
    let err = run(&["all", "8", "-f", "foo"]).error();
    assert!(
        err.contains("the formats are board, ascii, list, json, leetcode, matrix, pairs\n"),
        "{err}"
    );
    let err = run(&["all", "8", "-f", "svg"]).error();
    assert!(err.contains("`nqueens solve 8 --format svg`"), "{err}");
    // solve offers them all.
    let help = run(&["solve", "--help"]).ok();
    assert!(
        help.contains("- svg:") && help.contains("- lines:"),
        "{help}"
    );
}
