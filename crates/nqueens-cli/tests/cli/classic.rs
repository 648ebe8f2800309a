//! `--algorithm`, `--stats`, `algorithms`, `compare` and `trace`.

use super::*;

/// The names `nqueens algorithms` lists, with their largest n for solve
/// (all, trace), count and compare.
fn algorithms() -> Vec<(String, [usize; 3])> {
    let out = run(&["algorithms"]).ok();
    out.lines()
        .skip(2)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            let name = words.next().unwrap().to_string();
            let max = [(); 3].map(|()| words.next().unwrap().parse().unwrap());
            (name, max)
        })
        .collect()
}

#[test]
fn every_classic_algorithm_is_listed() {
    let names: Vec<String> = algorithms().into_iter().map(|(n, _)| n).collect();
    for expected in [
        "brute-force",
        "recursive-board",
        "recursive",
        "stack",
        "tagged-stack",
        "generator",
        "occupancy",
        "bfs",
        "heuristic",
        "bitwise",
        "dancing-links",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} missing from {names:?}"
        );
    }
    assert!(algorithms().contains(&("brute-force".to_string(), [9; 3])));
}

/// Each largest n the table gives is the one its command keeps: one more
/// is refused, with that number in the message where the message gives one
/// (the table once gave each algorithm's own 64, where solve, all and
/// trace stop at 32, count at 18 and compare at 14).
#[test]
fn the_algorithms_table_gives_each_commands_own_limit() {
    for (name, [solve, count, compare]) in algorithms() {
        for command in ["solve", "all", "trace"] {
            let over = (solve + 1).to_string();
            let mut args = vec![command, over.as_str(), "-a", name.as_str()];
            if command == "all" {
                args.extend(["--limit", "1"]);
            }
            let e = run(&args).error();
            assert!(e.contains(&format!("from 1 to {solve}")), "{args:?}: {e}");
        }
        let over = (count + 1).to_string();
        run(&["count", &over, "-a", &name]).code(2);
        let over = (compare + 1).to_string();
        let out = nq()
            .args(["compare", &over, "--algorithms", &name])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.code() == Some(2) || text.contains(&format!("{name:<16} refused")),
            "compare {over} --algorithms {name}: {out:?}"
        );
    }
    // brute-force --permutations has its own line, and its limit holds too.
    let table = run(&["algorithms"]).ok();
    assert!(
        table.contains("brute-force --permutations (the n! permutations, not the n^n boards) takes n up to 11 with solve, all, trace and count."),
        "{table}"
    );
    run(&["solve", "11", "-a", "brute-force", "--permutations"]).ok();
    for command in ["solve", "all", "trace", "count"] {
        let mut args = vec![command, "11", "-a", "brute-force", "--permutations"];
        if command == "all" {
            args.extend(["--limit", "1"]);
        }
        args[1] = "12";
        let e = run(&args).error();
        assert!(e.contains("from 1 to 11"), "{args:?}: {e}");
    }
    // Without --algorithm, trace's own limit speaks, not its default
    // algorithm's (it once said "--algorithm bitwise accepts n from 1 to
    // 64" for `trace 65`, and "from 1 to 32" for `trace 40`).
    for n in ["40", "65"] {
        let e = run(&["trace", n]).error();
        assert!(
            e.contains("from 1 to 32") && !e.contains("--algorithm"),
            "{e}"
        );
    }
}

#[test]
fn every_algorithm_solves_lists_and_counts() {
    let reference: BTreeSet<Vec<usize>> = all_lists(6, false).into_iter().collect();
    for (name, _) in algorithms() {
        let out = untimed(run(&["count", "8", "--algorithm", &name, "--unique"]).ok());
        assert_eq!(
            out, "n = 8: 92 solutions, 12 unique up to rotation and reflection\n",
            "{name}"
        );
        let listed: BTreeSet<Vec<usize>> = run(&["all", "6", "-a", &name, "--format", "list"])
            .ok()
            .lines()
            .map(parse_list)
            .collect();
        assert_eq!(listed, reference, "{name}");
        let first = run(&["solve", "8", "-a", &name, "--format", "list"]).ok();
        assert!(is_solution(&parse_list(first.trim())), "{name}: {first}");
        run(&["solve", "3", "-a", &name]).code(1);
    }
}

#[test]
fn limit_and_unique_with_an_algorithm() {
    let out = run(&[
        "all",
        "8",
        "-a",
        "dancing-links",
        "--limit",
        "3",
        "--format",
        "ascii",
    ])
    .ok();
    assert!(
        out.ends_with("3 solutions (stopped at --limit 3)\n"),
        "{out}"
    );
    let out = run(&[
        "all",
        "8",
        "-a",
        "recursive",
        "--unique",
        "--format",
        "list",
    ])
    .ok();
    assert_eq!(out.lines().count(), 12);
    assert_eq!(
        out.lines().map(parse_list).collect::<Vec<_>>(),
        all_lists(8, true)
    );
}

#[test]
fn stats_go_to_stderr() {
    let r = run(&["count", "8", "--algorithm", "recursive", "--stats"]).code(0);
    assert_eq!(untimed(r.stdout), "n = 8: 92 solutions\n");
    for field in [
        "algorithm       recursive",
        "nodes           2,057",
        "placements      2,056",
        "conflict tests",
        "backtracks      2,056",
        "solutions       92",
        "peak frontier   8",
        "time",
    ] {
        assert!(r.stderr.contains(field), "{field} missing: {}", r.stderr);
    }
    assert!(r.stderr.contains("reads           46,752"), "{}", r.stderr);
    // Without --algorithm, statistics come from bitwise.
    let r = run(&["solve", "--stats"]).code(0);
    assert!(r.stderr.contains("algorithm       bitwise"), "{}", r.stderr);
    // --limit K stops on the K-th solution: its work, and K solutions.
    for (a, k) in [("bitwise", "1"), ("tagged-stack", "3"), ("bfs", "2")] {
        let r = run(&["all", "8", "-a", a, "--limit", k, "--stats", "-f", "list"]).code(0);
        assert_eq!(r.stdout.lines().count().to_string(), k, "{a}");
        let want = format!("solutions       {k}\n");
        assert!(r.stderr.contains(&want), "{a}: {}", r.stderr);
    }
    let r = run(&["all", "8", "--limit", "1", "--stats", "-f", "list"]).code(0);
    assert!(r.stderr.contains("nodes           114"), "{}", r.stderr);
    // With --unique the search finds every solution and 12 are printed:
    // both said (it said 92 solutions beside 12 boards).
    let r = run(&["all", "8", "-u", "--stats", "-f", "list"]).code(0);
    assert_eq!(r.stdout.lines().count(), 12);
    assert!(r.stderr.contains("solutions       92\n"), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("printed         12 (the least of each class up to rotation"),
        "{}",
        r.stderr
    );
    let r = run(&["all", "8", "-u", "--stats", "-f", "list", "--limit", "2"]).code(0);
    assert!(r.stderr.contains("printed         2 ("), "{}", r.stderr);
}

#[test]
fn bad_algorithm_choices() {
    let e = run(&["solve", "--algorithm", "nope"]).error();
    assert!(
        e.contains("no algorithm called 'nope'") && e.contains("bitwise"),
        "{e}"
    );
    let e = run(&["count", "10", "-a", "brute-force"]).error();
    assert!(e.contains("accepts n from 1 to 9"), "{e}");
    let e = run(&["count", "8", "-a", "bitwise", "--permutations"]).error();
    assert!(e.contains("--permutations"), "{e}");
    let out = untimed(run(&["count", "9", "-a", "brute-force", "--permutations"]).ok());
    assert_eq!(out, "n = 9: 352 solutions\n");
}

#[test]
fn compare_agrees() {
    let out = run(&["compare", "8"]).ok();
    let rows: Vec<&str> = out.lines().skip(1).take_while(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), algorithms().len(), "{out}");
    assert!(rows.iter().all(|r| r.ends_with("yes")), "{out}");
    assert!(out.contains("found the same 92 solutions"), "{out}");
    let json = run(&["compare", "7", "--format", "json"]).ok();
    for line in json.lines() {
        let fields = flat_json(line);
        assert!(
            fields.contains(&("solutions".into(), "40".into())),
            "{line}"
        );
        assert!(fields.contains(&("same".into(), "true".into())), "{line}");
    }
}

/// Each column is as wide as its widest cell: fixed widths let the reads
/// of `compare 14` (25,664,881,933) run into the next column.
#[test]
fn compare_lines_up_its_columns() {
    let out = run(&[
        "compare",
        "22",
        "--first",
        "--algorithms",
        "recursive-board,bitwise",
    ])
    .ok();
    let lines: Vec<&str> = out.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 3, "{out}");
    // Each number ends where its column's name does.
    for name in [
        "solutions",
        "nodes",
        "tests",
        "reads",
        "writes",
        "peak",
        "time (ms)",
    ] {
        let end = lines[0].find(name).unwrap() + name.len();
        for row in &lines[1..] {
            let (before, after) = row.split_at(end);
            assert!(
                before.ends_with(|c: char| c.is_ascii_digit()) && after.starts_with(' '),
                "{name} ends at {end} in the header, not in {row:?}:\n{out}"
            );
        }
    }
}

#[test]
fn compare_reports_refusals_and_limits() {
    let out = run(&["compare", "10", "--algorithms", "brute-force,bitwise"]).ok();
    assert!(out.contains("\nbrute-force refused: "), "{out}");
    assert!(out.contains("724"), "{out}");
    // Every algorithm refusing is an error, not a table that "found the
    // same 0 solutions".
    let e = run(&["compare", "10", "--algorithms", "brute-force"]).error();
    assert!(
        e.contains("none of the algorithms given takes n = 10 (brute-force takes n up to 9)"),
        "{e}"
    );
    let e = run(&["compare", "15"]).error();
    assert!(e.contains("from 1 to 14"), "{e}");
    // With --first each keeps one solution: a larger board (it was refused
    // as if every solution were kept).
    let out = run(&[
        "compare",
        "15",
        "--first",
        "--algorithms",
        "bitwise,dancing-links",
    ])
    .ok();
    assert!(out.contains("stopped at a valid first solution"), "{out}");
    // No solution to stop at: none found is right, and is not "yes".
    let out = run(&["compare", "3", "--first"]).ok();
    let rows: Vec<&str> = out.lines().skip(1).take_while(|l| !l.is_empty()).collect();
    assert!(rows.iter().all(|r| r.ends_with(" none")), "{out}");
    assert!(
        out.contains("found no solution, as none exists for n = 3"),
        "{out}"
    );
    run(&["compare", "8", "--algorithms", "bitwise,nope"]).error();
}

/// The queens of each board drawn in a text trace, by step.
fn text_boards(out: &str) -> Vec<(usize, Vec<Option<usize>>)> {
    let mut boards = Vec::new();
    let mut step = 0;
    let mut rows: Vec<Option<usize>> = Vec::new();
    for line in out.lines().chain(std::iter::once("")) {
        if let Some(rest) = line.strip_prefix("step ") {
            step = rest.split(':').next().unwrap().parse().unwrap();
        } else if !line.is_empty() && line.chars().all(|c| " ■□×?".contains(c)) {
            let cells: Vec<char> = line.chars().filter(|c| *c != ' ').collect();
            rows.push(cells.iter().position(|&c| c == '■'));
        } else if line.is_empty() && !rows.is_empty() {
            boards.push((step, std::mem::take(&mut rows)));
        }
    }
    boards
}

#[test]
fn every_algorithm_traces_its_own_machinery() {
    let mut texts: Vec<(String, String)> = Vec::new();
    for (name, _) in algorithms() {
        let out = run(&["trace", "4", "-a", &name]).ok();
        assert!(out.matches("\nstep ").count() > 10, "{name}");
        assert!(out.contains("solution 2: "), "{name}: {out}");
        insta::assert_snapshot!(format!("trace_4_{name}"), out);
        let json = run(&["trace", "4", "-a", &name, "--format", "json"]).ok();
        insta::assert_snapshot!(format!("trace_4_{name}_json"), json);
        // The steps without the header line, which names the algorithm.
        let body: String = out.lines().skip(1).collect::<Vec<_>>().join("\n");
        texts.push((name, body));
    }
    for (i, (a, ta)) in texts.iter().enumerate() {
        for (b, tb) in &texts[i + 1..] {
            assert_ne!(ta, tb, "{a} and {b} trace alike");
        }
    }
    // What each one shows, as the tutorials write it.
    let has = |name: &str, what: &[&str]| {
        let out = run(&["trace", "4", "-a", name]).ok();
        for w in what {
            assert!(out.contains(w), "{name}: no {w:?} in\n{out}");
        }
    };
    has(
        "brute-force",
        &[
            "candidate 1: test the complete board [0, 0, 0, 0]",
            "1 pair compared",
        ],
    );
    has(
        "recursive-board",
        &["check(board, (1, 1)) reads 1 cell", "[1]"],
    );
    has(
        "recursive",
        &["s = [0, _, _, _]", "|s[0] - 1| = 1 == 1 - 0? yes"],
    );
    has("stack", &["stack (bottom → top", "pop (0, 0): try it next"]);
    has(
        "tagged-stack",
        &[
            "set its tag from 0 to 1",
            "md  = ",
            "sd  = ",
            "(1, 3, 0) … (1, 0, 0)",
        ],
    );
    has(
        "generator",
        &[
            "yield (1, 3, 0, 2)",
            "resume just after the yield of (1, 3, 0, 2): its last queen comes off",
            "conflict(state, ",
        ],
    );
    has(
        "occupancy",
        &[
            "attack counters",
            "why counters and not 0/1 flags: a square can be attacked by two queens; taking one back must leave it attacked (a 0/1 reset, the tutorial's update_reset, would free it)\n",
        ],
    );
    has(
        "bfs",
        &[
            "dequeue [0] from the front",
            "enqueue [0, 2] at the back",
            "queue (front → back",
        ],
    );
    has(
        "heuristic",
        &["look ahead, best first: column", "the best candidate, f = "],
    );
    let six = run(&["trace", "6", "-a", "heuristic"]).ok();
    assert!(six.contains("fall back to the next best"), "{six}");
    has(
        "bitwise",
        &[
            "p = free & -free = ",
            "(ld | p) << 1 = ",
            "free = mask & ~(cols | ld | rd)",
        ],
    );
    has(
        "dancing-links",
        &[
            "choose R0: the fewest options",
            "cover C0, D3, A0",
            "uncover",
        ],
    );
    let bfs = run(&["trace", "4", "-a", "bfs"]).ok();
    assert!(!bfs.contains("take back"), "a queue takes nothing back");
    let right = run(&["trace", "4", "--bits", "lsb-right"]).ok();
    assert!(right.contains("column 0 (the least significant bit) on the right"));
    assert!(
        right.contains("p = free & -free = 0001: column 0"),
        "{right}"
    );
    run(&["trace", "4", "-a", "recursive", "--bits", "lsb-right"]).error();
    // The tree shows no masks, so it cannot order them.
    let err = run(&["trace", "4", "-f", "tree", "--bits", "lsb-right"]).error();
    assert!(err.contains("the tree shows none"), "{err}");
}

#[test]
fn trace_until_and_tree() {
    let out = run(&["trace", "8", "-a", "heuristic", "--until", "first"]).ok();
    assert!(out.contains("stopped at solution 1 (--until)"), "{out}");
    let out = run(&["trace", "6", "--until", "3", "--format", "json"]).ok();
    assert_eq!(out.matches("\"event\":\"solution\"").count(), 3);
    run(&["trace", "6", "--until", "0"]).error();
    run(&["trace", "6", "--until", "later"]).error();
    // The default step limit reaches the first solution of every
    // algorithm at n = 8 but brute force over the 8^8 boards.
    for (name, _) in algorithms() {
        if name == "brute-force" {
            continue;
        }
        let out = run(&[
            "trace", "8", "-a", &name, "--until", "first", "--format", "json",
        ])
        .ok();
        assert!(out.contains("\"event\":\"solution\""), "{name}");
    }
    let tree = run(&["trace", "4", "--format", "tree"]).ok();
    insta::assert_snapshot!("trace_4_tree", tree);
    assert!(tree.contains("dead end"), "{tree}");
    assert!(tree.contains("solution [1, 3, 0, 2]"), "{tree}");
    let bfs = run(&["trace", "4", "-a", "bfs", "--format", "tree"]).ok();
    assert!(bfs.contains("level 2 (6 boards)"), "{bfs}");
    // Its last board expanded is a dead end too (issue 36).
    assert!(bfs.contains("[3, 0, 2] dead end"), "{bfs}");
    // Brute force: the tree of the prefixes it enumerates, each candidate
    // under its first rows, a solution with its whole board.
    let brute = run(&["trace", "4", "-a", "brute-force", "--format", "tree"]).ok();
    assert!(
        brute.contains("\n  (0, 0)\n    (1, 0)\n      (2, 0)\n        (3, 0)\n"),
        "{brute}"
    );
    assert!(brute.contains("(3, 2)  solution [1, 3, 0, 2]"), "{brute}");
    assert!(
        brute.contains("× rejected: the queen on (1, 0) is attacked by one above"),
        "{brute}"
    );
}

/// Each form of a trace says where it ends and what its marks mean: a
/// tree or JSON stopped by --until or --max-steps, pictures cut short,
/// dancing links' dead ends (it fills rows in any order), and the legend
/// of rejected squares only where the tree draws some.
#[test]
fn traces_say_where_they_stop_and_what_they_show() {
    let dlx = run(&["trace", "6", "-a", "dancing-links", "--format", "tree"]).ok();
    assert!(
        dlx.contains("(2, 4)  dead end: a row or column left has no free square"),
        "{dlx}"
    );
    assert!(!dlx.contains("in the next row"), "{dlx}");
    let first = run(&["trace", "6", "--format", "tree", "--until", "first"]).ok();
    let header = first.lines().next().unwrap();
    assert!(
        header.contains("1 solution, stopped at solution 1 (--until))"),
        "{header}"
    );
    // bitwise's tree has no rejected squares; recursive's has.
    let bitwise = run(&["trace", "4", "--format", "tree"]).ok();
    assert!(!bitwise.contains("× "), "{bitwise}");
    let recursive = run(&["trace", "4", "-a", "recursive", "--format", "tree"]).ok();
    assert!(
        recursive
            .lines()
            .next()
            .unwrap()
            .ends_with("; × rejected squares"),
        "{recursive}"
    );
    assert!(
        recursive.lines().skip(1).any(|l| l.contains("× ")),
        "{recursive}"
    );

    // JSON lines and pictures cut by --max-steps say so on stderr; a stop
    // at --until is what was asked, its last step that solution.
    let json = run(&["trace", "4", "-f", "json", "--max-steps", "5"]).code(3);
    assert!(
        json.stderr
            .contains("stopped after 5 steps (--max-steps 5), 0 solutions so far"),
        "{}",
        json.stderr
    );
    assert!(json.stdout.lines().all(|l| l.starts_with("{\"step\":")));
    let until = run(&["trace", "4", "-f", "json", "--until", "first"]).ok();
    let last = until.lines().last().unwrap();
    assert!(last.contains("\"event\":\"solution\""), "{last}");
    run(&["trace", "4", "-f", "json"]).ok();
    let cut = run(&["trace", "4", "-f", "svg", "--max-steps", "5"]);
    assert!(
        cut.stderr.contains("the pictures show the first 5 steps"),
        "{}",
        cut.stderr
    );
    run(&["trace", "4", "-f", "svg", "--until", "first"]).ok();
    // Exactly as many frames as steps: nothing was cut.
    let steps = run(&["trace", "4", "-f", "json"])
        .ok()
        .lines()
        .count()
        .to_string();
    let all = run(&["trace", "4", "-f", "svg", "--max-steps", &steps]);
    assert!(all.stderr.is_empty(), "{}", all.stderr);

    // A whole search that finds none exits 1, as solve and all do; one
    // stopped early found none so far, which is not a "no" but no "yes"
    // either: unknown, 3 (it exited 0). One that found a solution first, 0.
    for format in ["text", "json", "tree", "svg"] {
        let none = run(&["trace", "3", "-f", format, "--until", "first"]).code(1);
        assert!(!none.stderr.contains("stop"), "{format}: {}", none.stderr);
        run(&["trace", "3", "-f", format, "--max-steps", "3"]).code(3);
        run(&["trace", "8", "-f", format, "--max-steps", "3"]).code(3);
        run(&["trace", "4", "-f", format, "--max-steps", "300"]).code(0);
    }
}

/// The solutions a tree names are solutions, each row's column in its
/// place: dancing links fills the rows out of order, and its tree listed
/// the columns in the order they were placed ([1, 3, 5, 0, 4, 2] for
/// [1, 3, 5, 0, 2, 4] at n = 6).
#[test]
fn a_trees_solutions_are_the_searchs() {
    for (name, _) in algorithms() {
        // (bfs's tree is drawn level by level, its solutions as lists.)
        if name == "brute-force" || name == "bfs" {
            continue;
        }
        for n in ["6", "7"] {
            let tree = run(&["trace", n, "-a", &name, "-f", "tree"]).ok();
            let json = run(&["trace", n, "-a", &name, "-f", "json"]).ok();
            let named: Vec<Vec<usize>> = tree
                .lines()
                .filter_map(|l| l.split_once("solution ["))
                .map(|(_, rest)| parse_list(&format!("[{rest}")))
                .collect();
            let found: Vec<Vec<usize>> = json
                .lines()
                .filter(|l| l.contains("\"event\":\"solution\""))
                .map(|l| {
                    let f = flat_json(l);
                    let cols = f.iter().find(|(k, _)| k == "columns").unwrap();
                    parse_list(&cols.1)
                })
                .collect();
            assert_eq!(named, found, "{name} n = {n}");
            assert!(named.iter().all(|c| is_solution(c)), "{name} n = {n}");
        }
    }
}

/// Replays `trace --format json` on a board and checks each solution
/// event; the boards it replays are the boards the text draws.
#[test]
fn json_traces_replay_for_every_algorithm() {
    for (name, _) in algorithms() {
        for n in [4, 5] {
            let size = n.to_string();
            let out = run(&["trace", &size, "-a", &name, "--format", "json"]).ok();
            let text = run(&["trace", &size, "-a", &name]).ok();
            let drawn = text_boards(&text);
            let mut board: Vec<Option<usize>> = vec![None; n];
            let mut shown: Vec<(usize, Vec<Option<usize>>)> = Vec::new();
            let mut solutions = 0;
            for (i, line) in out.lines().enumerate() {
                let f = flat_json(line);
                let get = |k: &str| f.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
                assert_eq!(get("step"), Some((i + 1).to_string()), "{name}: {line}");
                assert!(get("says").is_some(), "{name}: {line}");
                let num = |k: &str| get(k).unwrap().parse::<usize>().unwrap();
                // Every row named is on the board (the generator's resume
                // after a yield said row n).
                if get("row").is_some() {
                    assert!(num("row") < n, "{name}: {line}");
                }
                let mut now = None;
                match get("event").unwrap().as_str() {
                    "\"place\"" => board[num("row")] = Some(num("col")),
                    "\"backtrack\"" => board[num("row")] = None,
                    "\"candidate\"" | "\"dequeue\"" => {
                        let cols = parse_list(&get("columns").unwrap());
                        board = (0..n).map(|r| cols.get(r).copied()).collect();
                    }
                    "\"enqueue\"" => {
                        let cols = parse_list(&get("columns").unwrap());
                        now = Some((0..n).map(|r| cols.get(r).copied()).collect());
                    }
                    "\"solution\"" => {
                        let cols = parse_list(&get("columns").unwrap());
                        let held: Vec<usize> = board.iter().map_while(|c| *c).collect();
                        assert!(cols.starts_with(&held) && held.len() + 1 >= n, "{name}");
                        assert!(is_solution(&cols));
                        now = Some(cols.iter().map(|&c| Some(c)).collect());
                        solutions += 1;
                    }
                    _ => {}
                }
                shown.push((i + 1, now.unwrap_or_else(|| board.clone())));
            }
            assert_eq!(solutions, if n == 4 { 2 } else { 10 }, "{name}");
            for (step, queens) in &drawn {
                assert_eq!(&shown[step - 1].1, queens, "{name} n = {n}: step {step}");
            }
        }
    }
}

#[test]
fn trace_limits() {
    let out = run(&["trace", "8", "--max-steps", "3"]).code(3).stdout;
    assert!(
        out.contains("stopped after 3 steps (--max-steps 3)"),
        "{out}"
    );
    run(&["trace", "8", "--max-steps", "0"]).error();
    run(&["trace", "8", "--max-steps", "x"]).error();
    run(&["trace", "10", "-a", "brute-force"]).error();
    run(&["trace", "0"]).error();
}

/// The first line a command writes on stderr; the command is then killed
/// (the work it announces is not waited for).
fn first_note(args: &[&str]) -> String {
    use std::io::BufRead;
    let mut child = spawn(args);
    let mut line = String::new();
    let stderr = child.stderr.take().unwrap();
    std::io::BufReader::new(stderr)
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    line
}

/// Long commands say how long they will take before they start, as `count`
/// does: `compare 14` (half a minute, half a gigabyte) and `estimate 128`
/// with a billion paths (most of an hour). Short ones say nothing.
#[test]
fn long_commands_say_how_long_first() {
    let note = first_note(&["compare", "14"]);
    assert!(
        note.starts_with("note: compare 14 lists all 365,596 solutions with each of")
            && note.contains("up to roughly")
            && note.contains("MiB of memory"),
        "{note}"
    );
    assert!(!note.contains("take less"), "{note}");
    // With one algorithm the time measured with all of them is said to be so.
    let note = first_note(&["compare", "14", "--algorithms", "bitwise"]);
    assert!(
        note.contains("with one algorithm: up to roughly")
            && note.contains("(what all 11 algorithms take together; it takes less)"),
        "{note}"
    );
    let note = first_note(&["estimate", "128", "--samples", "1000000000"]);
    assert!(
        note.starts_with("note: 1,000,000,000 random paths on n = 128 take roughly"),
        "{note}"
    );
    assert_eq!(run(&["compare", "10"]).stderr, "");
    assert_eq!(run(&["estimate", "128", "--samples", "100000"]).stderr, "");
}

/// The legend under a text trace's title names the marks its boards show,
/// and only those: the boards of every step of whole traces of n = 4 and 5
/// are read back, and `_` in the array `s` is explained where it is drawn.
/// (The legend once named × and ? for every algorithm, where bitwise,
/// dancing-links and brute-force draw neither, and never explained `_`.)
#[test]
fn trace_legend_names_the_marks_drawn() {
    const MARKS: [char; 4] = ['■', '□', '×', '?'];
    for (name, _) in algorithms() {
        let mut drawn = BTreeSet::new();
        let mut blank = false;
        let mut legend = String::new();
        for n in ["4", "5"] {
            let out = run(&["trace", n, "-a", &name]).ok();
            legend = out.lines().nth(1).unwrap().to_string();
            for line in out.lines().skip(2) {
                let cells: Vec<char> = line.chars().filter(|c| *c != ' ').collect();
                if !line.starts_with(' ')
                    && !cells.is_empty()
                    && cells.iter().all(|c| MARKS.contains(c))
                {
                    drawn.extend(cells);
                }
                blank |= line.starts_with("  s = [") && line.contains('_');
            }
        }
        assert!(
            legend.starts_with("squares are (row, column) from 0"),
            "{name}: {legend}"
        );
        let named: BTreeSet<char> = MARKS.into_iter().filter(|m| legend.contains(*m)).collect();
        assert_eq!(named, drawn, "{name}: {legend}");
        assert_eq!(
            legend.contains("_ is a row not on the current path"),
            blank,
            "{name}: {legend}"
        );
    }
}

/// `compare 1 --first`: the one square is a solution, and every algorithm
/// stops at it (the smallest board is the one n ≤ 3 with a solution).
#[test]
fn compare_first_on_the_one_square_board() {
    let out = run(&["compare", "1", "--first"]).ok();
    let rows: Vec<&str> = out.lines().skip(1).take_while(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), nqueens::algorithms().len(), "{out}");
    assert!(rows.iter().all(|r| r.ends_with(" yes")), "{out}");
    assert!(
        out.contains("every algorithm that ran stopped at a valid first solution"),
        "{out}"
    );
    let json = run(&["compare", "1", "--first", "-f", "json"]).ok();
    assert!(json.lines().all(|l| l.contains("\"same\":true")), "{json}");
}

/// The note before a long command is for its own size: `compare 13`, the
/// first size announced (4.7 s with every algorithm), says so; and the time
/// of `estimate` grows with n (a billion paths take 2.3e-8 s a row each:
/// 49 minutes at n = 128, half that at n = 64), not the same for every n.
#[test]
fn long_commands_say_their_own_time() {
    let note = first_note(&["compare", "13", "--algorithms", "bitwise"]);
    assert!(
        note.starts_with("note: compare 13 lists all 73,712 solutions with one algorithm"),
        "{note}"
    );
    let note = first_note(&["estimate", "128", "--samples", "1000000000"]);
    assert!(note.contains(" take roughly 49m 04s on one core"), "{note}");
    let note = first_note(&["estimate", "64", "--samples", "1000000000"]);
    assert!(note.contains(" take roughly 24m 32s on one core"), "{note}");
}
