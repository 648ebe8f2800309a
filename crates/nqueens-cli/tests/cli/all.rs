use super::*;

#[test]
fn eight_as_lists() {
    let lines = all_lists(8, false);
    assert_eq!(lines.len(), 92);
    assert_eq!(lines[0], FIRST_8);
    assert_eq!(lines[91], [7, 3, 0, 2, 5, 1, 6, 4]);
    for pair in lines.windows(2) {
        assert!(pair[0] < pair[1], "not strictly increasing: {pair:?}");
    }
    for cols in &lines {
        assert!(is_solution(cols), "{cols:?}");
    }
}

#[test]
fn counts_match_oeis() {
    for n in 1..=10 {
        assert_eq!(all_lists(n, false).len() as u64, TOTAL[n - 1], "n = {n}");
    }
}

#[test]
fn four_as_boards() {
    let out = run(&["all", "4"]).ok();
    assert!(out.ends_with("\n\n2 solutions\n"), "{out}");
    insta::assert_snapshot!("all_4", out);
    let ascii = run(&["all", "4", "--format", "ascii"]).ok();
    assert_eq!(
        ascii,
        ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n2 solutions\n"
    );
    assert_eq!(run(&["all", "1"]).ok(), "■\n\n1 solution\n");
}

#[test]
fn json_and_leetcode_lines() {
    let json = run(&["all", "8", "--format", "json"]).ok();
    let lists = all_lists(8, false);
    assert_eq!(json.lines().count(), 92);
    for (line, cols) in json.lines().zip(&lists) {
        let inner = line
            .strip_prefix("{\"n\":8,\"columns\":[")
            .and_then(|l| l.strip_suffix("]}"))
            .unwrap_or_else(|| panic!("{line:?}"));
        let parsed: Vec<usize> = inner.split(',').map(|t| t.parse().unwrap()).collect();
        assert_eq!(&parsed, cols);
    }
    let leet = run(&["all", "4", "-f", "leetcode"]).ok();
    assert_eq!(
        leet,
        "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]\n"
    );
}

#[test]
fn one_based() {
    assert_eq!(
        run(&["all", "4", "-f", "list", "--one-based"]).ok(),
        "[2, 4, 1, 3]\n[3, 1, 4, 2]\n"
    );
    assert_eq!(
        run(&["all", "4", "-f", "json", "--one-based"]).ok(),
        "{\"n\":4,\"columns\":[2,4,1,3]}\n{\"n\":4,\"columns\":[3,1,4,2]}\n"
    );
}

#[test]
fn summary_only_for_drawings() {
    for format in ["board", "ascii"] {
        let out = run(&["all", "6", "--format", format]).ok();
        assert!(out.ends_with("\n\n4 solutions\n"), "{format}: {out}");
        let out = run(&["all", "6", "--format", format, "--unique"]).ok();
        assert!(
            out.ends_with("\n\n1 solution up to rotation and reflection\n"),
            "{format}: {out}"
        );
    }
    for format in ["list", "json", "leetcode"] {
        let cases: [(&[&str], usize); 3] = [(&[], 4), (&["--limit", "2"], 2), (&["--unique"], 1)];
        for (extra, expected) in cases {
            let mut args = vec!["all", "6", "--format", format];
            args.extend_from_slice(extra);
            let out = if extra.first() == Some(&"--limit") {
                run(&args).cut()
            } else {
                run(&args).ok()
            };
            assert!(!out.contains("solution"), "{args:?}: {out}");
            assert!(!out.contains("stopped"), "{args:?}: {out}");
            assert_eq!(out.lines().count(), expected, "{args:?}: {out}");
        }
    }
}

#[test]
fn limit() {
    let out = run(&["all", "8", "--format", "list", "--limit", "5"]).cut();
    let lines: Vec<Vec<usize>> = out.lines().map(parse_list).collect();
    assert_eq!(lines, all_lists(8, false)[..5]);

    let out = run(&["all", "8", "--limit", "3"]).ok();
    assert_eq!(out.matches('■').count(), 3 * 8);
    assert!(
        out.ends_with("\n\n3 solutions (stopped at --limit 3)\n"),
        "{out}"
    );
    let out = run(&["all", "8", "-l", "1", "-f", "ascii"]).ok();
    assert!(
        out.ends_with("\n\n1 solution (stopped at --limit 1)\n"),
        "{out}"
    );
    let out = run(&["all", "8", "--unique", "--limit", "2", "-f", "ascii"]).ok();
    assert!(
        out.ends_with("\n\n2 solutions up to rotation and reflection (stopped at --limit 2)\n"),
        "{out}"
    );
    // Q(19) is far too many to list, but the first few are fine.
    let out = run(&["all", "19", "--limit", "2", "-f", "list"]).cut();
    assert_eq!(out.lines().count(), 2);
    assert!(out
        .lines()
        .map(parse_list)
        .all(|c| c.len() == 19 && is_solution(&c)));
}

#[test]
fn limit_equal_to_the_number_of_solutions_is_not_a_stop() {
    let out = run(&["all", "4", "--limit", "2"]).ok();
    assert!(out.ends_with("\n\n2 solutions\n"), "{out}");
    assert!(!out.contains("stopped"), "{out}");
    let out = run(&["all", "8", "--limit", "92", "-f", "ascii"]).ok();
    assert!(out.ends_with("\n\n92 solutions\n"), "{out}");
    let out = run(&["all", "8", "--unique", "--limit", "12", "-f", "ascii"]).ok();
    assert!(
        out.ends_with("\n\n12 solutions up to rotation and reflection\n"),
        "{out}"
    );
    let out = run(&["all", "4", "--limit", "100"]).ok();
    assert!(out.ends_with("\n\n2 solutions\n"), "{out}");
}

/// A limit of 0 would list nothing and prove nothing: `all`, `complete
/// --all` and the API (`"limit": 0`) all refuse it as a usage error, so that
/// it can never read as "no solution" (it once made `complete` say "no
/// completion exists" where four do).
#[test]
fn limit_zero_is_a_usage_error() {
    for args in [
        &["all", "8", "--limit", "0", "-f", "list"][..],
        &["all", "8", "--limit", "0"],
        &[
            "complete", "--n", "8", "--queen", "0,0", "--all", "--limit", "0",
        ],
        &["complete", "--n", "8", "--all", "--limit", "00"],
    ] {
        let out = run(args);
        assert_eq!(out.code, 2, "{args:?}: {out:?}");
        assert_eq!(out.stdout, "");
        assert!(out.stderr.contains("0 would list nothing"), "{out:?}");
        assert!(!out.stderr.contains("no completion"), "{out:?}");
        // It suggests a count that the command has: `all` has no --count.
        let count = if args[0] == "all" {
            "`nqueens count`"
        } else {
            "--count"
        };
        assert!(out.stderr.contains(count), "{out:?}");
        assert_eq!(out.stderr.contains("--count"), args[0] != "all", "{out:?}");
    }
    // What --limit 0 was asked for: the count, and the first completion.
    let out = run(&["complete", "--n", "8", "--queen", "0,0", "--count"]);
    assert_eq!(
        (out.code, out.stdout.trim()),
        (0, "4 completions"),
        "{out:?}"
    );
    let out = run(&[
        "complete", "--n", "8", "--queen", "0,0", "--all", "--limit", "1", "-f", "list",
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout.lines().count(), 1);
}

#[test]
fn bad_limit() {
    for bad in ["abc", "-1", "1.5", ""] {
        let err = run(&["all", "8", "--limit", bad]).error();
        assert!(err.contains("invalid value"), "{bad:?}: {err}");
        assert!(err.contains("--limit <K>"), "{bad:?}: {err}");
        assert!(err.contains("whole number"), "{bad:?}: {err}");
    }
}

#[test]
fn unique_eight() {
    let out = run(&["all", "8", "--unique", "--format", "list"]).ok();
    assert_eq!(out.lines().count(), 12);
    let all: BTreeSet<Vec<usize>> = all_lists(8, false).into_iter().collect();
    let reps = all_lists(8, true);
    assert_eq!(reps.len(), 12);
    assert!(
        reps.iter().all(|r| all.contains(r)),
        "a representative is not a solution"
    );
    let count = run(&["count", "8", "--unique", "--format", "json"]).ok();
    assert!(count.contains("\"unique\":12"), "{count}");
    let first = run(&["all", "8", "-u", "-l", "1", "-f", "list"]).cut();
    assert_eq!(first, "[0, 4, 7, 5, 2, 6, 1, 3]\n");
}

/// For every n the representatives are canonical (the smallest of their
/// images), in order, and their orbits cover every solution exactly once.
#[test]
fn unique_reps_are_canonical_and_cover_every_solution() {
    for n in 1..=10 {
        let all: BTreeSet<Vec<usize>> = all_lists(n, false).into_iter().collect();
        let reps = all_lists(n, true);
        assert_eq!(reps.len() as u64, UNIQUE[n - 1], "n = {n}");
        for pair in reps.windows(2) {
            assert!(pair[0] < pair[1], "n = {n}: not increasing: {pair:?}");
        }
        let mut covered = BTreeSet::new();
        for rep in &reps {
            let orbit: BTreeSet<Vec<usize>> = images(rep).into_iter().collect();
            assert_eq!(
                orbit.first(),
                Some(rep),
                "n = {n}: {rep:?} is not canonical"
            );
            assert!(matches!(orbit.len(), 1 | 2 | 4 | 8), "n = {n}: {rep:?}");
            for image in orbit {
                assert!(covered.insert(image), "n = {n}: orbits of {rep:?} overlap");
            }
        }
        assert_eq!(covered, all, "n = {n}: orbits do not cover the solutions");
    }
}

#[test]
fn every_listed_solution_verifies() {
    let out = run(&["all", "8", "--format", "list"]).ok();
    let report = run_in(&["verify"], out.clone()).ok();
    assert_eq!(report, "OK: all 92 placements are solutions\n");
    for line in out.lines() {
        assert_eq!(
            run_in(&["verify"], line).ok(),
            "OK: a solution for n = 8\n",
            "{line}"
        );
    }
    // The other machine-readable forms read back too.
    let out = run(&["all", "6", "--format", "leetcode"]).ok();
    assert_eq!(
        run_in(&["verify"], out).ok(),
        "OK: all 4 placements are solutions\n"
    );
    let out = run(&["all", "6", "--format", "list", "--one-based"]).ok();
    assert_eq!(
        run_in(&["verify", "--one-based"], out).ok(),
        "OK: all 4 placements are solutions\n"
    );
}

#[test]
fn too_large_without_limit_fails_at_once() {
    let start = std::time::Instant::now();
    let err = run(&["all", "40"]).error();
    assert!(
        err.starts_with("error: all 40: too many solutions to list"),
        "{err}"
    );
    let err = run(&["all", "19", "-f", "list"]).error();
    assert!(err.contains("Q(19) = 4,968,057,848"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(5));
    // With a limit, the size limit of the search still applies.
    let err = run(&["all", "33", "--limit", "1"]).error();
    assert!(err.contains("n is too large"), "{err}");
    // So the message suggests --limit only where it is taken, and a count
    // only where an engine takes n (it once sent all 40 to --limit).
    for (n, limit, count) in [
        (19, true, true),
        (33, false, true),
        (40, false, true),
        (41, false, false),
    ] {
        let err = run(&["all", &n.to_string()]).error();
        assert_eq!(err.contains("--limit K"), limit, "{err}");
        assert_eq!(err.contains("nqueens count"), count, "{err}");
        assert!(err.contains("nqueens solve") || limit, "{err}");
    }
    assert_eq!(
        run(&["all", "19", "--limit", "1", "-f", "list"])
            .cut()
            .lines()
            .count(),
        1
    );
}

#[test]
fn no_solution() {
    for format in ["list", "json", "leetcode"] {
        let r = run(&["all", "3", "--format", format]).code(1);
        assert_eq!(r.stdout, "", "{format}");
        assert_eq!(r.stderr, "no solution exists for n = 3\n", "{format}");
        run(&["all", "2", "--format", format, "--unique"]).code(1);
    }
    // The drawing formats too: their stdout holds boards and a closing
    // count, which `verify` reads back; "no solution exists" there was
    // read as a placement ("token 1 ("no") is not a column number").
    for format in ["board", "ascii", "matrix"] {
        let r = run(&["all", "3", "--format", format]).code(1);
        assert_eq!(r.stdout, "", "{format}");
        assert_eq!(r.stderr, "no solution exists for n = 3\n", "{format}");
    }
}

/// A list cut by `--limit` says so in every form: drawn ones in their
/// closing count, line forms on stderr (they said nothing, so a cut list
/// passed for all there are); a limit at or past the total says nothing.
#[test]
fn a_cut_list_says_so_in_every_form() {
    for format in ["list", "json", "leetcode", "pairs"] {
        let r = run(&["all", "6", "--limit", "3", "-f", format]).code(0);
        assert_eq!(
            r.stderr, "stopped at --limit 3; there are more solutions\n",
            "{format}"
        );
        assert_eq!(r.stdout.lines().count(), 3, "{format}");
        run(&["all", "6", "--limit", "4", "-f", format]).ok();
        let r = run(&["all", "8", "-u", "--limit", "11", "-f", format]).code(0);
        assert_eq!(
            r.stderr, "stopped at --limit 11; there are more classes\n",
            "{format}"
        );
        run(&["all", "8", "-u", "--limit", "12", "-f", format]).ok();
    }
    let r = run(&[
        "complete", "--n", "6", "--all", "--limit", "1", "-f", "list",
    ])
    .code(0);
    assert_eq!(
        r.stderr,
        "stopped at --limit 1; there are more completions\n"
    );
    run(&[
        "complete", "--n", "6", "--all", "--limit", "4", "-f", "list",
    ])
    .ok();
}

/// With an algorithm, a list that ends on the last solution is whole, not
/// cut: `--limit` of exactly Q(n) (or U(n)) prints every one and says
/// nothing of more; one fewer is cut, and said so.
#[test]
fn a_limit_of_exactly_all_is_not_a_cut_with_an_algorithm() {
    for algorithm in ["stack", "bitwise"] {
        let all =
            |more: &[&str]| run(&[&["all", "8", "--algorithm", algorithm][..], more].concat());
        let out = all(&["--limit", "92"]).ok();
        assert!(out.ends_with("\n\n92 solutions\n"), "{algorithm}: {out}");
        let list = all(&["--limit", "92", "-f", "list"]).ok();
        assert_eq!(list.lines().count(), 92, "{algorithm}");
        all(&["-u", "--limit", "12", "-f", "list"]).ok();
        let r = all(&["--limit", "91", "-f", "list"]).code(0);
        assert_eq!(
            r.stderr, "stopped at --limit 91; there are more solutions\n",
            "{algorithm}"
        );
    }
}
