//! End-to-end tests of the `nqueens` command: every subcommand, format, exit
//! status and error message, run as a separate process.
//!
//! Exit statuses: 0 yes, 1 a negative answer (no solution exists / not a
//! solution), 2 any error; a reader closing the pipe early gives a quiet 0.
//!
//! Human-facing output is pinned with `insta` snapshots under
//! `tests/snapshots/`; update them with
//! `INSTA_UPDATE=always cargo test -p nqueens-cli --test cli` and review the
//! diff.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use assert_cmd::Command;
use predicates::prelude::*;

/// Q(n), OEIS A000170, for n = 1..=10.
const TOTAL: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
/// Classes under rotation and reflection, OEIS A002562, for n = 1..=10.
const UNIQUE: [u64; 10] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92];

/// The lexicographically first solution for n = 8.
const FIRST_8: [usize; 8] = [0, 4, 7, 5, 2, 6, 1, 3];

/// The `nqueens` binary, with a time limit so that a hang fails the test.
fn nq() -> Command {
    let mut cmd = Command::cargo_bin("nqueens").unwrap();
    cmd.timeout(Duration::from_secs(20));
    cmd
}

/// What one run of the binary produced.
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn finish(cmd: &mut Command) -> Run {
    let out = cmd.output().unwrap();
    Run {
        code: out
            .status
            .code()
            .unwrap_or_else(|| panic!("killed by a signal: {out:?}")),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Runs `nqueens ARGS` with empty standard input.
fn run(args: &[&str]) -> Run {
    finish(nq().args(args))
}

/// Runs `nqueens ARGS` with `input` on standard input.
fn run_in(args: &[&str], input: impl Into<Vec<u8>>) -> Run {
    finish(nq().args(args).write_stdin(input))
}

/// Starts `nqueens ARGS` with no input and its output piped, for the tests
/// that signal it, kill it or close its pipe while it runs.
fn spawn(args: &[&str]) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// Sends `signal` (such as `-INT`) to the process `pid` with kill(1).
fn send_signal(pid: &str, signal: &str) {
    let sent = std::process::Command::new("kill")
        .args([signal, pid])
        .status()
        .unwrap();
    assert!(sent.success(), "kill {signal} {pid}");
}

/// Runs `nqueens ARGS`, reads the first line of its output and closes the
/// pipe, as `nqueens ARGS | head -1` does: the line and how the run ended.
fn first_line_then_close(args: &[&str]) -> (String, std::process::Output) {
    use std::io::BufRead;
    let mut child = spawn(args);
    let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    drop(reader);
    (line, child.wait_with_output().unwrap())
}

impl Run {
    /// Asserts the exit status, showing everything the run printed if it differs.
    #[track_caller]
    fn code(self, code: i32) -> Self {
        assert_eq!(self.code, code, "unexpected exit status: {self:#?}");
        self
    }

    /// Asserts success with nothing on stderr, and returns stdout.
    #[track_caller]
    fn ok(self) -> String {
        let this = self.code(0);
        assert_eq!(this.stderr, "", "unexpected stderr: {this:#?}");
        this.stdout
    }

    /// Asserts exit status 2 (an error) with nothing on stdout, and returns stderr.
    #[track_caller]
    fn error(self) -> String {
        let this = self.code(2);
        assert_eq!(this.stdout, "", "unexpected stdout: {this:#?}");
        assert!(!this.stderr.is_empty(), "no message: {this:#?}");
        this.stderr
    }
}

/// Reads `[0, 4, 7]` (as `all --format list` prints it) into numbers.
fn parse_list(line: &str) -> Vec<usize> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .unwrap_or_else(|| panic!("not a bracketed list: {line:?}"));
    inner
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse()
                .unwrap_or_else(|_| panic!("bad number {t:?} in {line:?}"))
        })
        .collect()
}

/// Every solution of `all N --format list`, parsed.
fn all_lists(n: usize, unique: bool) -> Vec<Vec<usize>> {
    let n = n.to_string();
    let mut args = vec!["all", n.as_str(), "--format", "list"];
    if unique {
        args.push("--unique");
    }
    let r = run(&args);
    if r.code == 1 {
        assert_eq!(r.stdout, "");
        return Vec::new();
    }
    r.ok().lines().map(parse_list).collect()
}

/// Whether the columns are a solution: one queen per row and column, none
/// sharing a diagonal.
fn is_solution(c: &[usize]) -> bool {
    let n = c.len();
    c.iter().all(|&x| x < n)
        && (0..n).all(|i| (i + 1..n).all(|j| c[i] != c[j] && c[i].abs_diff(c[j]) != j - i))
}

/// The eight images of a solution under rotation and reflection.
fn images(c: &[usize]) -> Vec<Vec<usize>> {
    let n = c.len();
    // A quarter turn clockwise: the queen at (row, col) moves to (col, n-1-row).
    let rotate = |c: &[usize]| {
        let mut r = vec![0; n];
        for (row, &col) in c.iter().enumerate() {
            r[col] = n - 1 - row;
        }
        r
    };
    let mirror = |c: &[usize]| c.iter().map(|&col| n - 1 - col).collect::<Vec<_>>();
    let mut out = Vec::new();
    let mut cur = c.to_vec();
    for _ in 0..4 {
        out.push(mirror(&cur));
        let next = rotate(&cur);
        out.push(cur);
        cur = next;
    }
    out
}

/// Splits `{"a":1,"b":2.5}` (flat, numbers only) into its keys and values.
fn flat_json(line: &str) -> Vec<(String, String)> {
    let inner = line
        .strip_prefix('{')
        .and_then(|l| l.strip_suffix('}'))
        .unwrap_or_else(|| panic!("not a JSON object: {line:?}"));
    // Split on the commas outside brackets and strings.
    let mut members = Vec::new();
    let (mut depth, mut in_string, mut start) = (0i32, false, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '[' | '{' if !in_string => depth += 1,
            ']' | '}' if !in_string => depth -= 1,
            ',' if !in_string && depth == 0 => {
                members.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    members.push(&inner[start..]);
    members
        .into_iter()
        .map(|kv| {
            let (k, v) = kv
                .split_once(':')
                .unwrap_or_else(|| panic!("bad member {kv:?}"));
            let k = k
                .strip_prefix('"')
                .and_then(|k| k.strip_suffix('"'))
                .unwrap_or_else(|| panic!("unquoted key {k:?}"));
            (k.to_string(), v.to_string())
        })
        .collect()
}

/// A file under the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(tag: &str, contents: &[u8]) -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let k = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "nqueens-cli-test-{}-{k}-{tag}.txt",
            std::process::id()
        ));
        std::fs::write(&path, contents).unwrap();
        TempFile(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn arg(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

mod solve {
    use super::*;

    #[test]
    fn default_is_the_first_board_of_8() {
        let out = run(&["solve"]).ok();
        assert_eq!(out, run(&["solve", "8", "--format", "board"]).ok());
        let rows: Vec<&str> = out.lines().collect();
        assert_eq!(rows.len(), 8);
        for (row, &col) in rows.iter().zip(&FIRST_8) {
            let cells: Vec<&str> = row.split(' ').collect();
            assert_eq!(cells.len(), 8, "{row:?}");
            for (c, cell) in cells.iter().enumerate() {
                assert_eq!(*cell, if c == col { "■" } else { "□" }, "{row:?}");
            }
        }
        insta::assert_snapshot!("solve_board", out);
    }

    #[test]
    fn ascii() {
        let out = run(&["solve", "--format", "ascii"]).ok();
        insta::assert_snapshot!("solve_ascii", out);
        assert_eq!(
            run(&["solve", "4", "-f", "ascii"]).ok(),
            ". Q . .\n. . . Q\nQ . . .\n. . Q .\n"
        );
    }

    #[test]
    fn list_json_leetcode() {
        assert_eq!(
            run(&["solve", "--format", "list"]).ok(),
            "[0, 4, 7, 5, 2, 6, 1, 3]\n"
        );
        assert_eq!(
            run(&["solve", "8", "--format", "json"]).ok(),
            "{\"n\":8,\"columns\":[0,4,7,5,2,6,1,3]}\n"
        );
        assert_eq!(
            run(&["solve", "4", "--format", "leetcode"]).ok(),
            "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n"
        );
        assert_eq!(
            run(&["solve", "8", "-f", "leetcode"]).ok(),
            "[\"Q.......\",\"....Q...\",\".......Q\",\".....Q..\",\"..Q.....\",\"......Q.\",\".Q......\",\"...Q....\"]\n"
        );
        // The tutorials' own forms: the look-ahead's 0/1 matrix and the
        // tagged stack's "row, col;" pairs.
        assert_eq!(
            run(&["solve", "4", "--format", "matrix"]).ok(),
            "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n"
        );
        assert_eq!(
            run(&["all", "4", "--format", "pairs"]).ok(),
            "0, 1; 1, 3; 2, 0; 3, 2;\n0, 2; 1, 0; 2, 3; 3, 1;\n"
        );
        assert_eq!(
            run(&["solve", "4", "--format", "pairs", "--one-based"]).ok(),
            "1, 2; 2, 4; 3, 1; 4, 3;\n"
        );
    }

    #[test]
    fn one_based() {
        assert_eq!(
            run(&["solve", "--format", "list", "--one-based"]).ok(),
            "[1, 5, 8, 6, 3, 7, 2, 4]\n"
        );
        assert_eq!(
            run(&["solve", "--one-based", "--format", "json"]).ok(),
            "{\"n\":8,\"columns\":[1,5,8,6,3,7,2,4]}\n"
        );
        // Drawings have no numbers, so they do not change.
        assert_eq!(run(&["solve", "--one-based"]).ok(), run(&["solve"]).ok());
    }

    #[test]
    fn one_queen() {
        assert_eq!(run(&["solve", "1"]).ok(), "■\n");
        assert_eq!(run(&["solve", "1", "-f", "list"]).ok(), "[0]\n");
        assert_eq!(
            run(&["solve", "1", "-f", "json"]).ok(),
            "{\"n\":1,\"columns\":[0]}\n"
        );
        assert_eq!(run(&["solve", "1", "-f", "leetcode"]).ok(), "[\"Q\"]\n");
    }

    #[test]
    fn no_solution_for_2_and_3() {
        for n in ["2", "3"] {
            for format in ["board", "ascii", "list", "json", "leetcode"] {
                let r = run(&["solve", n, "--format", format]).code(1);
                assert_eq!(r.stdout, "", "{n} {format}");
                assert_eq!(
                    r.stderr,
                    format!("no solution exists for n = {n}\n"),
                    "{n} {format}"
                );
            }
        }
    }

    #[test]
    fn every_size_up_to_the_limit_gives_a_solution() {
        for n in (4..=20).chain([32]) {
            let out = run(&["solve", &n.to_string(), "-f", "list"]).ok();
            let cols = parse_list(out.trim_end());
            assert_eq!(cols.len(), n);
            assert!(is_solution(&cols), "n = {n}: {cols:?}");
        }
        // The first solution is the lexicographically smallest one.
        for n in 4..=8 {
            let first = run(&["solve", &n.to_string(), "-f", "list"]).ok();
            let all = run(&["all", &n.to_string(), "-f", "list"]).ok();
            assert_eq!(
                Some(first.as_str().trim_end()),
                all.lines().next(),
                "n = {n}"
            );
        }
    }

    #[test]
    fn classic_algorithms_stop_at_the_limit() {
        let err = run(&["solve", "33", "--algorithm", "bitwise"]).error();
        assert!(err.starts_with("error: solve 33: n is too large"), "{err}");
        assert!(err.contains("from 1 to 32"), "{err}");
        assert!(err.contains("without --algorithm"), "{err}");
    }
}

mod all {
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
            let cases: [(&[&str], usize); 3] =
                [(&[], 4), (&["--limit", "2"], 2), (&["--unique"], 1)];
            for (extra, expected) in cases {
                let mut args = vec!["all", "6", "--format", format];
                args.extend_from_slice(extra);
                let out = run(&args).ok();
                assert!(!out.contains("solution"), "{args:?}: {out}");
                assert!(!out.contains("stopped"), "{args:?}: {out}");
                assert_eq!(out.lines().count(), expected, "{args:?}: {out}");
            }
        }
    }

    #[test]
    fn limit() {
        let out = run(&["all", "8", "--format", "list", "--limit", "5"]).ok();
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
        let out = run(&["all", "19", "--limit", "2", "-f", "list"]).ok();
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

    #[test]
    fn limit_zero_prints_nothing() {
        assert_eq!(run(&["all", "8", "--limit", "0", "-f", "list"]).ok(), "");
        assert_eq!(
            run(&["all", "8", "--limit", "0"]).ok(),
            "0 solutions (stopped at --limit 0)\n"
        );
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
        let first = run(&["all", "8", "-u", "-l", "1", "-f", "list"]).ok();
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
        assert!(err.contains("--limit"), "{err}");
        let err = run(&["all", "19", "-f", "list"]).error();
        assert!(err.contains("Q(19) = 4,968,057,848"), "{err}");
        assert!(start.elapsed() < Duration::from_secs(5));
        // With a limit, the size limit of the search still applies.
        let err = run(&["all", "33", "--limit", "1"]).error();
        assert!(err.contains("n is too large"), "{err}");
    }

    #[test]
    fn no_solution() {
        for format in ["list", "json", "leetcode"] {
            let r = run(&["all", "3", "--format", format]).code(1);
            assert_eq!(r.stdout, "", "{format}");
            assert_eq!(r.stderr, "no solution exists for n = 3\n", "{format}");
            run(&["all", "2", "--format", format, "--unique"]).code(1);
        }
        // The drawing formats end with a summary line on stdout, which says so.
        for format in ["board", "ascii"] {
            let r = run(&["all", "3", "--format", format]).code(1);
            assert_eq!(r.stdout, "no solution exists for n = 3\n", "{format}");
        }
    }
}

mod count {
    use super::*;

    #[test]
    fn text_matches_oeis() {
        for n in 1..=10 {
            let q = TOTAL[n - 1];
            let noun = if q == 1 { "solution" } else { "solutions" };
            let out = run(&["count", &n.to_string()]).ok();
            assert_eq!(out, format!("n = {n}: {q} {noun}\n"));
            let out = run(&["count", &n.to_string(), "--unique"]).ok();
            assert_eq!(
                out,
                format!(
                    "n = {n}: {q} {noun}, {} unique up to rotation and reflection\n",
                    UNIQUE[n - 1]
                )
            );
        }
        assert_eq!(run(&["count"]).ok(), "n = 8: 92 solutions\n");
        assert_eq!(
            run(&["count", "12", "-u"]).ok(),
            "n = 12: 14,200 solutions, 1,787 unique up to rotation and reflection\n"
        );
    }

    #[test]
    fn text_snapshot() {
        insta::assert_snapshot!("count_8_unique", run(&["count", "8", "--unique"]).ok());
    }

    #[test]
    fn json_matches_oeis() {
        for n in 1..=10 {
            for unique in [false, true] {
                let mut args = vec![
                    "count".to_string(),
                    n.to_string(),
                    "--format".into(),
                    "json".into(),
                ];
                if unique {
                    args.push("--unique".into());
                }
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let out = run(&args).ok();
                assert_eq!(out.lines().count(), 1, "{out}");
                let members = flat_json(out.trim_end());
                let keys: Vec<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
                let mut expected = vec![
                    ("n", n.to_string()),
                    ("solutions", TOTAL[n - 1].to_string()),
                ];
                if unique {
                    expected.push(("unique", UNIQUE[n - 1].to_string()));
                    assert_eq!(keys, ["n", "solutions", "unique", "seconds"]);
                } else {
                    assert_eq!(keys, ["n", "solutions", "seconds"]);
                }
                for ((k, v), (ek, ev)) in members.iter().zip(&expected) {
                    assert_eq!((k.as_str(), v), (*ek, ev), "{out}");
                }
                let seconds: f64 = members.last().unwrap().1.parse().unwrap();
                assert!((0.0..10.0).contains(&seconds), "{out}");
            }
        }
    }

    #[test]
    fn too_large_names_the_published_value() {
        let err = run(&["count", "24"]).error();
        assert!(err.starts_with("error: count 24: n is too large"), "{err}");
        assert!(err.contains("227,514,171,973,736"), "{err}");
        let err = run(&["count", "19", "--algorithm", "bitwise"]).error();
        assert!(err.contains("too large for a classic algorithm"), "{err}");
    }

    #[test]

    fn too_large_beyond_the_table_reads_well() {
        let err = run(&["count", "28"]).error();
        assert!(err.contains("Q(28) is unknown"), "{err}");
        assert!(
            !err.contains("the published value is Q(28) is unknown"),
            "{err}"
        );
    }
}

mod verify {
    use super::*;

    const OK8: &str = "OK: a solution for n = 8\n";
    const OK4: &str = "OK: a solution for n = 4\n";

    #[test]
    fn forms_on_stdin() {
        let cases: &[(&str, &str)] = &[
            ("0 4 7 5 2 6 1 3\n", OK8),
            ("0 4 7 5 2 6 1 3", OK8),
            ("0,4,7,5,2,6,1,3\n", OK8),
            ("0, 4, 7, 5, 2, 6, 1, 3\n", OK8),
            ("[0, 4, 7, 5, 2, 6, 1, 3]\n", OK8),
            ("[0,4,7,5,2,6,1,3]", OK8),
            ("0\n4\n7\n5\n2\n6\n1\n3\n", OK8),
            ("\u{feff}0 4 7 5 2 6 1 3\r\n", OK8),
            (".Q..\n...Q\nQ...\n..Q.\n", OK4),
            (". Q . .\n. . . Q\nQ . . .\n. . Q .\n", OK4),
            (".Q..\r\n...Q\r\nQ...\r\n..Q.\r\n", OK4),
            ("□ ■ □ □\n□ □ □ ■\n■ □ □ □\n□ □ ■ □\n", OK4),
            ("[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n", OK4),
            ("[\".Q..\", \"...Q\", \"Q...\", \"..Q.\"]", OK4),
            ("Q\n", "OK: a solution for n = 1\n"),
        ];
        for (input, expected) in cases {
            assert_eq!(run_in(&["verify"], *input).ok(), *expected, "{input:?}");
            assert_eq!(
                run_in(&["verify", "-"], *input).ok(),
                *expected,
                "{input:?}"
            );
        }
    }

    #[test]
    fn drawn_output_of_solve_reads_back() {
        for format in ["board", "ascii", "list", "leetcode"] {
            let out = run(&["solve", "--format", format]).ok();
            assert_eq!(run_in(&["verify"], out).ok(), OK8, "{format}");
        }
    }

    #[test]
    fn file_argument() {
        let file = TempFile::new("ok", b"0 4 7 5 2 6 1 3\n");
        assert_eq!(run(&["verify", file.arg()]).ok(), OK8);
        let file = TempFile::new("board", "□ ■ □ □\n□ □ □ ■\n■ □ □ □\n□ □ ■ □\n".as_bytes());
        assert_eq!(run(&["verify", file.arg()]).ok(), OK4);
        let file = TempFile::new("bad", b"0 1 2 3\n");
        let r = run(&["verify", file.arg()]).code(1);
        assert!(r
            .stdout
            .starts_with("not a solution: 4 queens on a 4×4 board, 6 attacking pairs\n"));
        // The file wins over standard input.
        let file = TempFile::new("leet", b"[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]");
        assert_eq!(run_in(&["verify", file.arg()], "0 0").ok(), OK4);
    }

    #[test]
    fn one_based_input_and_report() {
        assert_eq!(
            run_in(&["verify", "--one-based"], "1 5 8 6 3 7 2 4").ok(),
            OK8
        );
        assert_eq!(run_in(&["verify", "--one-based"], "[2, 4, 1, 3]").ok(), OK4);
        let r = run_in(&["verify", "--one-based"], "1 2").code(1);
        assert_eq!(
            r.stdout,
            "not a solution: 2 queens on a 2×2 board, 1 attacking pair\n  \
             queens at (1, 1) and (2, 2) share a diagonal\n  \
             (squares are (row, column), counted from 1)\n"
        );
        let r = run_in(&["verify", "--one-based"], "Q...\n....\n.Q..\n....\n").code(1);
        assert!(
            r.stdout.contains("  rows 2, 4 have no queen\n"),
            "{}",
            r.stdout
        );
        assert!(r.stdout.contains("counted from 1"), "{}", r.stdout);
    }

    #[test]
    fn a_bad_board_lists_every_attacking_pair() {
        let r = run_in(&["verify"], "QQ..\n....\n...Q\n...Q\n").code(1);
        assert_eq!(r.stderr, "");
        assert!(r.stdout.contains("share a row"), "{}", r.stdout);
        assert!(r.stdout.contains("share a column"), "{}", r.stdout);
        assert!(r.stdout.contains("share a diagonal"), "{}", r.stdout);
        assert!(r.stdout.contains("  row 1 has no queen\n"), "{}", r.stdout);
        insta::assert_snapshot!("verify_bad_board", r.stdout);

        let r = run_in(&["verify"], "0 1 2 3").code(1);
        assert_eq!(
            r.stdout,
            "not a solution: 4 queens on a 4×4 board, 6 attacking pairs\n  \
             queens at (0, 0) and (1, 1) share a diagonal\n  \
             queens at (0, 0) and (2, 2) share a diagonal\n  \
             queens at (0, 0) and (3, 3) share a diagonal\n  \
             queens at (1, 1) and (2, 2) share a diagonal\n  \
             queens at (1, 1) and (3, 3) share a diagonal\n  \
             queens at (2, 2) and (3, 3) share a diagonal\n  \
             (squares are (row, column), counted from 0)\n"
        );

        let r = run_in(&["verify"], "3 2 0 0").code(1);
        assert!(r
            .stdout
            .starts_with("not a solution: 4 queens on a 4×4 board, 4 attacking pairs\n"));
        assert!(
            r.stdout
                .contains("queens at (2, 0) and (3, 0) share a column"),
            "{}",
            r.stdout
        );
        for pair in [
            "(0, 3) and (1, 2)",
            "(0, 3) and (3, 0)",
            "(1, 2) and (3, 0)",
        ] {
            let line = r
                .stdout
                .lines()
                .find(|l| l.contains(pair))
                .unwrap_or_else(|| panic!("{pair} missing: {}", r.stdout));
            assert!(line.ends_with("anti-diagonal"), "{line}");
        }
    }

    #[test]

    fn anti_diagonal_reads_well() {
        let r = run_in(&["verify"], ".Q\nQ.\n").code(1);
        assert!(
            r.stdout
                .contains("  queens at (0, 1) and (1, 0) share an anti-diagonal\n"),
            "{}",
            r.stdout
        );
    }

    #[test]
    fn empty_rows_are_reported() {
        let r = run_in(&["verify"], "Q...\n....\n.Q..\n....\n").code(1);
        assert_eq!(
            r.stdout,
            "not a solution: 2 queens on a 4×4 board, 0 attacking pairs\n  \
             rows 1, 3 have no queen\n  \
             (squares are (row, column), counted from 0)\n"
        );
        let r = run_in(&["verify"], ".\n").code(1);
        assert!(r.stdout.contains("0 queens on a 1×1 board"), "{}", r.stdout);
        assert!(r.stdout.contains("  row 0 has no queen\n"), "{}", r.stdout);
    }

    #[test]
    fn several_placements() {
        let r = run_in(&["verify"], "[1, 3, 0, 2]\n[0, 1, 2, 3]\n[2, 0, 3, 1]\n").code(1);
        assert!(
            r.stdout
                .starts_with("placement 2: not a solution: 4 queens"),
            "{}",
            r.stdout
        );
        assert!(!r.stdout.contains("placement 1"), "{}", r.stdout);
        assert!(
            r.stdout
                .ends_with("\n1 of 3 placements are not solutions\n"),
            "{}",
            r.stdout
        );
        let two = ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n";
        assert_eq!(
            run_in(&["verify"], two).ok(),
            "OK: all 2 placements are solutions\n"
        );
        let many = "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]";
        assert_eq!(
            run_in(&["verify"], many).ok(),
            "OK: all 2 placements are solutions\n"
        );
    }

    #[test]
    fn json_report() {
        assert_eq!(
            run_in(&["verify", "--format", "json"], "1 3 0 2").ok(),
            "{\"n\":4,\"queens\":4,\"solution\":true,\"empty_rows\":[],\"conflict_count\":0,\"conflicts\":[]}\n"
        );
        let r = run_in(&["verify", "-f", "json"], "QQ..\n....\n...Q\n...Q\n").code(1);
        assert_eq!(
            r.stdout,
            "{\"n\":4,\"queens\":4,\"solution\":false,\"empty_rows\":[1],\"conflict_count\":4,\"conflicts\":[\
             {\"first\":[0,0],\"second\":[0,1],\"attack\":\"row\"},\
             {\"first\":[2,3],\"second\":[3,3],\"attack\":\"column\"},\
             {\"first\":[0,1],\"second\":[2,3],\"attack\":\"diagonal\"},\
             {\"first\":[0,0],\"second\":[3,3],\"attack\":\"diagonal\"}]}\n"
        );
        let r = run_in(&["verify", "-f", "json", "--one-based"], ".Q\nQ.\n").code(1);
        assert_eq!(
            r.stdout,
            "{\"n\":2,\"queens\":2,\"solution\":false,\"empty_rows\":[],\"conflict_count\":1,\"conflicts\":[\
             {\"first\":[1,2],\"second\":[2,1],\"attack\":\"anti-diagonal\"}]}\n"
        );
        // One object per placement, and no summary line.
        let r = run_in(&["verify", "-f", "json"], "[1, 3, 0, 2]\n[0, 1, 2, 3]\n").code(1);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{}", r.stdout);
        assert!(lines[0].contains("\"solution\":true"));
        assert!(lines[1].contains("\"solution\":false"));
    }

    #[test]
    fn malformed_input_names_line_and_token() {
        let err = run_in(&["verify"], "0 4 7\n5 x 6\n").error();
        assert!(
            err.starts_with("error: cannot read a placement from standard input: line 2: token 5 (\"x\") is not a column number"),
            "{err}"
        );
        let cases: &[(&str, &[&str])] = &[
            ("hello\n", &["line 1", "unexpected character 'h'"]),
            ("", &["the input is empty"]),
            ("  \n\n", &["the input is empty"]),
            ("[0, 1\n", &["line 1", "not closed"]),
            ("[\".Q\",\"Q.\n", &["line 1", "not closed"]),
            ("[]", &["the list is empty"]),
            ("[1, \".Q\"]", &["mixes numbers"]),
            (
                "Q..\n..x\n...\n",
                &["line 2", "character 3", "blocked squares"],
            ),
            ("0 -1 2", &["line 1", "token 2", "negative"]),
            ("99999999999999999999999 0", &["token 1", "far too large"]),
        ];
        for (input, needles) in cases {
            let err = run_in(&["verify"], *input).error();
            for needle in *needles {
                assert!(
                    err.contains(needle),
                    "{input:?}: {needle:?} missing in {err}"
                );
            }
        }
    }

    #[test]
    fn non_square_board() {
        let err = run_in(&["verify"], "Q..\n..\n...\n").error();
        assert!(
            err.contains("line 2: row 2 has 2 squares, but the board has 3 rows"),
            "{err}"
        );
        assert!(err.contains("a board must be square"), "{err}");
        let err = run_in(&["verify"], "[\".Q..\",\"..Q\"]").error();
        assert!(
            err.contains("has 4 squares, but the board has 2 rows"),
            "{err}"
        );
        assert!(err.contains("a board must be square"), "{err}");
    }

    #[test]

    fn non_square_board_singular() {
        let err = run_in(&["verify"], "■ □\n□\n").error();
        assert!(err.contains("row 2 has 1 square,"), "{err}");
    }

    #[test]
    fn column_out_of_range() {
        let err = run_in(&["verify"], "0 1 4").error();
        assert!(
            err.contains("line 1: token 3 (\"4\"): column 4 is off the board; 3 rows were given, so columns run 0..=2"),
            "{err}"
        );
        let err = run_in(&["verify"], "1 2 3").error();
        assert!(err.contains("off the board"), "{err}");
        assert!(err.contains("use --one-based"), "{err}");
        let err = run_in(&["verify", "--one-based"], "0 1 2").error();
        assert!(err.contains("columns run 1..=3"), "{err}");
        assert!(err.contains("1-based with --one-based"), "{err}");
    }

    #[test]
    fn endless_or_binary_input_is_refused_at_once() {
        // /dev/zero: binary, refused on its first bytes.
        let start = std::time::Instant::now();
        let out = nq().args(["verify", "/dev/zero"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("'/dev/zero' is binary (a NUL byte at offset 0)"),
            "{err}"
        );
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
        // `yes | verify -`: not a column list, so read whole, and bounded.
        let endless = "y\n".repeat(9 << 20);
        let out = nq()
            .args(["verify", "-"])
            .write_stdin(endless)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("standard input is not a column list and is over 16 MiB"),
            "{err}"
        );
    }

    #[test]
    fn missing_file() {
        let path = std::env::temp_dir().join(format!(
            "nqueens-cli-test-{}-does-not-exist.txt",
            std::process::id()
        ));
        let err = run(&["verify", path.to_str().unwrap()]).error();
        assert!(err.starts_with("error: cannot read '"), "{err}");
        assert!(err.contains(path.to_str().unwrap()), "{err}");
    }

    #[test]
    fn not_utf8() {
        let err = run_in(&["verify"], b"0 \xff 1\n".to_vec()).error();
        assert!(err.contains("standard input is not UTF-8"), "{err}");
        assert!(err.contains("offset 2"), "{err}");
        let file = TempFile::new("latin1", b"Q\xe9\n");
        let err = run(&["verify", file.arg()]).error();
        assert!(err.contains(file.path().to_str().unwrap()), "{err}");
        assert!(err.contains("is not UTF-8"), "{err}");
    }
}

mod usage {
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
        nq().arg("-h")
            .assert()
            .success()
            .stdout(predicate::str::contains("Usage: nqueens"));
    }
}

mod pipe {
    use super::{first_line_then_close, spawn};
    use std::io::{BufRead, BufReader};

    /// `nqueens all 12 ... | head -1`: a closed pipe ends the run quietly with 0.
    fn closed_after_one_line(format: &str) -> String {
        let (line, out) = first_line_then_close(&["all", "12", "--format", format]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "");
        line
    }

    #[test]
    fn closed_pipe_exits_quietly() {
        assert_eq!(
            closed_after_one_line("list"),
            "[0, 2, 4, 7, 9, 11, 5, 10, 1, 6, 8, 3]\n"
        );
        assert_eq!(closed_after_one_line("board"), "■ □ □ □ □ □ □ □ □ □ □ □\n");
    }

    /// SIGTERM stops `all` cleanly: what was found is flushed, whole lines
    /// only, and the exit status is 130.
    #[cfg(unix)]
    #[test]
    fn sigterm_flushes_and_exits_130() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        use std::time::Duration;

        let mut child = spawn(&["all", "17", "--format", "list"]);
        let pid = child.id().to_string();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        // The first line arrives only after the handler is installed.
        reader.read_line(&mut line).unwrap();
        assert_eq!(
            line,
            "[0, 2, 4, 1, 7, 10, 14, 6, 15, 13, 16, 3, 5, 8, 11, 9, 12]\n"
        );
        let status = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap();
        assert!(status.success());
        // Listing every solution of 17 would take minutes: kill it if the
        // signal is ignored, so that the test fails instead of hanging.
        let done = Arc::new(AtomicBool::new(false));
        let watchdog = {
            let done = Arc::clone(&done);
            let pid = pid.clone();
            std::thread::spawn(move || {
                for _ in 0..100 {
                    std::thread::sleep(Duration::from_millis(100));
                    if done.load(Ordering::Relaxed) {
                        return;
                    }
                }
                let _ = std::process::Command::new("kill")
                    .args(["-KILL", &pid])
                    .status();
            })
        };
        let mut lines = 1usize;
        let mut last = line;
        for l in reader.lines() {
            last = l.unwrap();
            lines += 1;
            assert!(
                last.starts_with('[') && last.ends_with(']'),
                "torn line {last:?}"
            );
        }
        let out = child.wait_with_output().unwrap();
        done.store(true, Ordering::Relaxed);
        watchdog.join().unwrap();
        assert_eq!(out.status.code(), Some(130), "{out:?} after {lines} lines");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "");
        assert!(lines < 95_815_104, "{lines}");
        assert_eq!(super::parse_list(last.trim_end()).len(), 17);
    }
}

/// `--algorithm`, `--stats`, `algorithms`, `compare` and `trace`.
mod classic {
    use super::*;

    /// The names `nqueens algorithms` lists, with their largest n.
    fn algorithms() -> Vec<(String, usize)> {
        let out = run(&["algorithms"]).ok();
        out.lines()
            .skip(1)
            .take_while(|l| !l.trim().is_empty())
            .map(|l| {
                let mut words = l.split_whitespace();
                let name = words.next().unwrap().to_string();
                let max = words.next().unwrap().parse().unwrap();
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
        assert!(algorithms().contains(&("brute-force".to_string(), 9)));
    }

    #[test]
    fn every_algorithm_solves_lists_and_counts() {
        let reference: BTreeSet<Vec<usize>> = all_lists(6, false).into_iter().collect();
        for (name, _) in algorithms() {
            let out = run(&["count", "8", "--algorithm", &name, "--unique"]).ok();
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
        assert_eq!(r.stdout, "n = 8: 92 solutions\n");
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
        let out = run(&["count", "9", "-a", "brute-force", "--permutations"]).ok();
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

    #[test]
    fn compare_reports_refusals_and_limits() {
        let out = run(&["compare", "10", "--algorithms", "brute-force,bitwise"]).ok();
        assert!(out.contains("brute-force      refused"), "{out}");
        assert!(out.contains("724"), "{out}");
        let e = run(&["compare", "15"]).error();
        assert!(e.contains("from 1 to 14"), "{e}");
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
            &["yield (1, 3, 0, 2)", "resume in row", "conflict(state, "],
        );
        has(
            "occupancy",
            &["attack counters", "why counters and not 0/1 flags"],
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
        let out = run(&["trace", "8", "--max-steps", "3"]).ok();
        assert!(
            out.contains("stopped after 3 steps (--max-steps 3)"),
            "{out}"
        );
        run(&["trace", "8", "--max-steps", "0"]).error();
        run(&["trace", "8", "--max-steps", "x"]).error();
        run(&["trace", "10", "-a", "brute-force"]).error();
        run(&["trace", "0"]).error();
    }
}

/// `--format svg` and `png` on solve and verify, `trace --format svg`.
mod pictures {
    use super::*;

    fn bytes(args: &[&str], input: &str) -> (i32, Vec<u8>, String) {
        let out = nq().args(args).write_stdin(input).output().unwrap();
        (
            out.status.code().unwrap(),
            out.stdout,
            String::from_utf8(out.stderr).unwrap(),
        )
    }

    #[test]
    fn solve_svg_draws_every_queen() {
        let svg = run(&["solve", "8", "--format", "svg"]).ok();
        assert!(
            svg.contains("<svg") && svg.trim_end().ends_with("</svg>"),
            "{svg}"
        );
        assert_eq!(svg.matches("<use").count(), 8, "one queen each: {svg}");
        // Deterministic.
        assert_eq!(svg, run(&["solve", "8", "--format", "svg"]).ok());
    }

    #[test]
    fn solve_png_is_a_png() {
        let (code, png, err) = bytes(&["solve", "6", "--format", "png"], "");
        assert_eq!((code, err.as_str()), (0, ""));
        assert!(
            png.starts_with(b"\x89PNG\r\n\x1a\n"),
            "{:?}",
            &png[..16.min(png.len())]
        );
        assert!(png.windows(4).any(|w| w == b"IEND"));
    }

    #[test]
    fn verify_svg_marks_the_conflict() {
        let (code, svg, _) = bytes(&["verify", "--format", "svg"], "0 2 4 1 3 5\n");
        let svg = String::from_utf8(svg).unwrap();
        assert_eq!(code, 1);
        assert!(svg.contains("<line"), "{svg}");
        assert!(svg.contains("1 attacking pair"), "{svg}");
        let (code, svg, _) = bytes(&["verify", "--format", "svg"], "1 3 0 2\n");
        assert_eq!(code, 0);
        assert!(String::from_utf8(svg)
            .unwrap()
            .contains("a solution for n = 4"));
        let (code, _, err) = bytes(
            &["verify", "--format", "svg"],
            "[1, 3, 0, 2]\n[2, 0, 3, 1]\n",
        );
        assert_eq!(code, 2);
        assert!(err.contains("draw one board"), "{err}");
    }

    #[test]
    fn all_refuses_pictures() {
        let e = run(&["all", "8", "--format", "svg"]).error();
        assert!(e.contains("solve 8 --format svg"), "{e}");
    }

    #[test]
    fn trace_svg_animates_and_writes_frames() {
        let svg = run(&["trace", "4", "--format", "svg"]).ok();
        assert!(
            svg.contains("<animate") || svg.contains("<set"),
            "not animated"
        );
        let dir = std::env::temp_dir().join(format!("nqueens-frames-{}", std::process::id()));
        let r = run(&[
            "trace",
            "4",
            "--format",
            "svg",
            "--frames",
            dir.to_str().unwrap(),
            "--max-steps",
            "7",
        ])
        .code(0);
        assert!(r.stderr.contains("wrote 7 pictures"), "{}", r.stderr);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names.first().map(String::as_str), Some("step-0001.svg"));
        assert_eq!(names.len(), 7);
        std::fs::remove_dir_all(&dir).unwrap();
        run(&["trace", "4", "--frames", "x"]).error();
        run(&["trace", "4", "--format", "svg", "--delay", "0"]).error();
    }
}

/// The counting engine: threads, engines, checkpoints, slices, merge, dry runs.
mod engine {
    use super::*;
    use std::process::Stdio;

    fn temp_path(tag: &str) -> PathBuf {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        std::env::temp_dir().join(format!(
            "nqueens-test-{}-{}-{tag}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ))
    }

    #[test]
    fn engines_and_threads_agree_with_oeis() {
        for n in 1..=12 {
            let expected = format!(
                "{}\n",
                nqueens::count::report::text_line(
                    n,
                    nqueens_total(n),
                    Some(nqueens_unique(n)),
                    0.0
                )
            );
            for args in [
                vec![],
                vec!["--engine", "backtrack"],
                vec!["--engine", "join"],
                vec!["--engine", "constellation"],
                vec!["--engine", "join", "--memory", "1G"],
                vec!["--threads", "1"],
                vec!["-j", "3"],
            ] {
                let mut all = vec!["count".to_string(), n.to_string(), "--unique".into()];
                all.extend(args.iter().map(|s| s.to_string()));
                let refs: Vec<&str> = all.iter().map(String::as_str).collect();
                assert_eq!(run(&refs).ok(), expected, "{refs:?}");
            }
        }
    }

    fn nqueens_total(n: usize) -> u128 {
        [
            1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
        ][n - 1]
    }

    fn nqueens_unique(n: usize) -> u128 {
        [
            1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
        ][n - 1]
    }

    #[test]
    fn memory_limits_refuse_or_steer() {
        // An explicit engine over the limit is refused, saying what it needs.
        let e = run(&["count", "20", "--engine", "join", "--memory", "10M"]).error();
        assert!(
            e.contains("needs about")
                && e.contains("--memory 10.0 MiB")
                && e.contains("constellation"),
            "{e}"
        );
        // auto falls back to an engine that fits: join needs about 18 MiB here.
        let plan = run(&["count", "16", "--memory", "17M", "--dry-run"]).ok();
        assert!(plan.contains("(constellation engine)"), "{plan}");
        let plan = run(&["count", "16", "--memory", "1G", "--dry-run"]).ok();
        assert!(plan.contains("(join engine)"), "{plan}");
        for bad in ["", "x", "-1G", "0", "12Q", "1e30G"] {
            let e = run(&["count", "8", "--memory", bad]).error();
            assert!(
                e.contains("invalid value") && e.contains("--memory"),
                "{bad}: {e}"
            );
        }
        let e = run(&["count", "8", "-a", "bitwise", "--memory", "1G"]).error();
        assert!(
            e.contains("cannot be used with")
                && e.contains("--memory")
                && e.contains("--algorithm"),
            "{e}"
        );
    }

    #[test]
    fn bad_engine_options() {
        let e = run(&["count", "8", "--engine", "nope"]).error();
        assert!(
            e.contains("no engine called 'nope'") && e.contains("constellation"),
            "{e}"
        );
        for t in ["0", "-1", "x"] {
            let e = run(&["count", "8", "--threads", t]).error();
            assert!(e.contains("--threads"), "{e}");
        }
        let e = run(&["count", "8", "-a", "bitwise", "--threads", "2"]).error();
        assert!(e.contains("--threads"), "{e}");
        for s in ["0/4", "5/4", "x/4", "3", "1/0"] {
            let e = run(&["count", "8", "--slice", s]).error();
            assert!(e.contains("--slice"), "{s}: {e}");
        }
        let e = run(&["count", "24"]).error();
        assert!(e.contains("counts n up to 23"), "{e}");
    }

    /// Counts every slice i/k of `count N --engine ENGINE` into a file;
    /// returns the files and the `merge --unique` command over them.
    fn slice_files(n: &str, engine: &str, k: usize) -> (Vec<PathBuf>, Vec<String>) {
        let mut files = Vec::new();
        for i in 1..=k {
            let slice = format!("{i}/{k}");
            let out = run(&["count", n, "--engine", engine, "--slice", &slice]).ok();
            let path = temp_path(&format!("slice-{n}-{engine}-{i}-of-{k}.json"));
            std::fs::write(&path, out).unwrap();
            files.push(path);
        }
        let mut args = vec!["merge".to_string(), "--unique".to_string()];
        args.extend(files.iter().map(|p| p.to_str().unwrap().to_string()));
        (files, args)
    }

    #[test]
    fn join_slices_merge_to_the_whole() {
        // The first task of the join plan carries Burnside's P and R: the
        // classes only come out right when every slice is merged.
        let (files, args) = slice_files("15", "join", 4);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_eq!(
            run(&refs).ok(),
            "n = 15: 2,279,184 solutions, 285,053 unique up to rotation and reflection\n"
        );
        for f in files {
            std::fs::remove_file(f).unwrap();
        }
    }

    #[test]
    fn slices_merge_to_the_whole() {
        for k in [1usize, 3, 7] {
            let (files, args) = slice_files("11", "constellation", k);
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            assert_eq!(
                run(&refs).ok(),
                "n = 11: 2,680 solutions, 341 unique up to rotation and reflection\n",
                "k = {k}"
            );
            if k > 1 {
                // A missing slice and a duplicated one are refused.
                let e = run(&refs[..refs.len() - 1]).error();
                assert!(e.contains("missing"), "{e}");
                let mut dup = refs.clone();
                dup.push(refs[2]);
                let e = run(&dup).error();
                assert!(e.contains("twice") || e.contains("duplicate"), "{e}");
            }
            for f in files {
                std::fs::remove_file(f).unwrap();
            }
        }
    }

    #[test]
    fn merge_refuses_mismatched_slices() {
        let a = temp_path("a.json");
        let b = temp_path("b.json");
        std::fs::write(&a, run(&["count", "9", "--slice", "1/2"]).ok()).unwrap();
        std::fs::write(&b, run(&["count", "10", "--slice", "2/2"]).ok()).unwrap();
        let e = run(&["merge", a.to_str().unwrap(), b.to_str().unwrap()]).error();
        assert!(e.contains('9') && e.contains("10"), "{e}");
        std::fs::remove_file(a).unwrap();
        std::fs::remove_file(b).unwrap();
        run(&["merge"]).error();
        run(&["merge", "/nonexistent/part.json"]).error();
    }

    #[test]
    fn progress_bar_on_request_and_not_when_piped() {
        let r = run(&["count", "13", "--progress", "always"]).code(0);
        assert!(
            r.stderr.contains("tasks ·") && r.stderr.contains("ETA"),
            "{}",
            r.stderr
        );
        assert!(
            r.stderr.ends_with("\r\x1b[2K"),
            "the bar is erased: {:?}",
            r.stderr
        );
        assert_eq!(r.stdout, "n = 13: 73,712 solutions\n");
        // auto: stderr is a pipe here, so no bar.
        assert_eq!(run(&["count", "13"]).ok(), "n = 13: 73,712 solutions\n");
    }

    #[test]
    fn dry_run_projects_without_counting() {
        let out = run(&["count", "14", "--dry-run"]).ok();
        assert!(out.contains("tasks") && out.contains("CPU time"), "{out}");
        let json = run(&["count", "14", "--dry-run", "--format", "json"]).ok();
        let f = flat_json(json.trim());
        assert!(
            f.iter().any(|(k, _)| k == "projected_cpu_seconds"),
            "{json}"
        );
    }

    #[test]
    fn a_checkpoint_for_another_count_is_refused() {
        let cp = temp_path("other.ckpt");
        let cps = cp.to_str().unwrap();
        run(&["count", "9", "--checkpoint", cps]).ok();
        let e = run(&["count", "10", "--checkpoint", cps]).error();
        assert!(e.contains("another count"), "{e}");
        let e = run(&["count", "9", "--engine", "backtrack", "--checkpoint", cps]).error();
        assert!(e.contains("another count"), "{e}");
        // The same count again reads the finished checkpoint.
        assert_eq!(
            run(&["count", "9", "--checkpoint", cps]).ok(),
            "n = 9: 352 solutions\n"
        );
        std::fs::remove_file(cp).unwrap();
    }

    /// Kills counts with SIGKILL at pseudo-random moments and resumes them from
    /// the checkpoint until one finishes: the total must be exact.
    fn resumes_exactly_after_sigkill(engine: &str, n: &str, expected: &str) {
        let cp = temp_path("kill.ckpt");
        let cps = cp.to_str().unwrap().to_string();
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut kills = 0;
        let output = loop {
            let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
                .args([
                    "count",
                    n,
                    "--engine",
                    engine,
                    "--unique",
                    "--threads",
                    "2",
                    "--checkpoint",
                    &cps,
                    "--checkpoint-every",
                    "0.02",
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let wait = Duration::from_millis(40 + seed % 400);
            std::thread::sleep(wait);
            if kills < 12 && child.try_wait().unwrap().is_none() {
                child.kill().unwrap(); // SIGKILL
                child.wait().unwrap();
                kills += 1;
                continue;
            }
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success(), "{out:?}");
            // A slow last leg adds its time, " (0.95 s)": not part of the count.
            let text = String::from_utf8(out.stdout).unwrap();
            break match text.rsplit_once(" (") {
                Some((count, time)) if time.ends_with(" s)\n") => format!("{count}\n"),
                _ => text,
            };
        };
        assert!(kills >= 1, "the run finished before it could be killed");
        assert_eq!(output, expected, "{engine}");
        std::fs::remove_file(cp).unwrap();
    }

    #[test]
    fn constellation_resumes_exactly_after_sigkill() {
        resumes_exactly_after_sigkill(
            "constellation",
            "16",
            "n = 16: 14,772,512 solutions, 1,846,955 unique up to rotation and reflection\n",
        );
    }

    #[test]
    fn join_resumes_exactly_after_sigkill() {
        resumes_exactly_after_sigkill(
            "join",
            "17",
            "n = 17: 95,815,104 solutions, 11,977,939 unique up to rotation and reflection\n",
        );
    }

    #[cfg(unix)]
    #[test]
    fn sigterm_saves_the_checkpoint() {
        let cp = temp_path("term.ckpt");
        let cps = cp.to_str().unwrap().to_string();
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args([
                "count",
                "16",
                "--engine",
                "constellation",
                "--threads",
                "1",
                "--checkpoint",
                &cps,
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(300));
        let pid = child.id().to_string();
        send_signal(&pid, "-TERM");
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(130), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("interrupted after") && err.contains("checkpoint"),
            "{err}"
        );
        assert!(cp.exists());
        let resumed = run(&[
            "count",
            "16",
            "--engine",
            "constellation",
            "--checkpoint",
            &cps,
        ])
        .ok();
        assert!(
            resumed.starts_with("n = 16: 14,772,512 solutions"),
            "{resumed}"
        );
        std::fs::remove_file(cp).unwrap();
    }
}

// ---- solve and random on huge boards (issue 6) ----

/// `solve` above the backtracking limit, `--algorithm construct` and
/// `min-conflicts`, `random`, the formats for big boards and `--verify`.
mod huge {
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
            assert!(err.starts_with(&format!("verified: {n} queens")), "{err}");
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
    }

    #[test]
    fn drawings_refuse_boards_above_100() {
        for format in ["board", "ascii", "leetcode", "svg", "png"] {
            let err = run(&["solve", "101", "-f", format]).error();
            assert!(
                err.contains(&format!("solve 101 --format {format}"))
                    && err.contains("--format list"),
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
        .code(1);
        assert!(r.stderr.contains("gave up after 1 steps"), "{r:?}");
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
        let (line, out) =
            first_line_then_close(&["solve", "1e9", "-a", "construct", "-f", "lines"]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        assert_eq!(line, "1\n");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("writing 1,000,000,000 columns"), "{err}");
    }
}

// ---- verify: huge boards, streaming (issue 6) ----

/// `verify` of column lists too large for the detailed report: streamed in
/// O(n) bits, with the first conflicts named by both queens.
mod verify_streaming {
    use super::*;

    /// The explicit construction: for these sizes (n even, n % 6 != 2)
    /// rows r < n/2 stand in column 2r + 1, the others in 2(r − n/2).
    fn construction(n: usize) -> Vec<usize> {
        assert!(n.is_multiple_of(2) && n % 6 != 2, "{n}");
        nqueens::huge::construct::construct(n)
            .unwrap()
            .unwrap()
            .collect()
    }

    /// `[c, c, …]` on one line, or one column per line, counted from `base`.
    fn text(cols: &[usize], bracketed: bool, base: usize) -> String {
        let words: Vec<String> = cols.iter().map(|c| (c + base).to_string()).collect();
        if bracketed {
            format!("[{}]\n", words.join(", "))
        } else {
            words.join("\n") + "\n"
        }
    }

    const N: usize = 200_004;

    /// The construction with row 150,000 moved to column 2469, the column of row 1234.
    fn planted() -> Vec<usize> {
        let mut cols = construction(N);
        cols[150_000] = cols[1234];
        assert_eq!(cols[1234], 2469);
        cols
    }

    const PLANTED_REPORT: &str =
        "not a solution: 200,004 queens on a 200,004×200,004 board; 1 queen stands on a line already taken\n  \
         queens at (1234, 2469) and (150000, 2469) share a column\n  \
         queens at (117491, 34978) and (150000, 2469) share an anti-diagonal\n  \
         (squares are (row, column), counted from 0)\n";

    #[test]
    fn a_planted_conflict_names_both_rows_from_a_file() {
        let file = TempFile::new("planted", text(&planted(), true, 0).as_bytes());
        let r = run(&["verify", file.arg()]).code(1);
        assert_eq!(r.stdout, PLANTED_REPORT);
        assert_eq!(r.stderr, "");
        // Standard input redirected from the file: read twice too.
        let r = finish(nq().arg("verify").pipe_stdin(file.path()).unwrap()).code(1);
        assert_eq!(r.stdout, PLANTED_REPORT);
    }

    #[test]
    fn a_planted_conflict_names_both_rows_from_a_pipe() {
        for bracketed in [true, false] {
            let r = run_in(&["verify"], text(&planted(), bracketed, 0)).code(1);
            assert_eq!(r.stdout, PLANTED_REPORT, "bracketed: {bracketed}");
        }
    }

    #[test]
    fn a_valid_board_is_ok() {
        let cols = construction(N);
        assert_eq!(
            run_in(&["verify"], text(&cols, false, 0)).ok(),
            "OK: a solution for n = 200,004\n"
        );
        let file = TempFile::new("valid", text(&cols, true, 0).as_bytes());
        assert_eq!(
            run(&["verify", file.arg()]).ok(),
            "OK: a solution for n = 200,004\n"
        );
        let json = run(&["verify", "-f", "json", file.arg()]).ok();
        assert_eq!(
            json,
            "{\"n\":200004,\"queens\":200004,\"solution\":true,\"empty_rows\":[],\
             \"queens_on_taken_lines\":0,\"conflicts\":[]}\n"
        );
    }

    #[test]
    fn json_names_the_conflicts_and_says_the_count_is_of_queens() {
        let r = run_in(&["verify", "-f", "json"], text(&planted(), true, 0)).code(1);
        let fields = flat_json(r.stdout.trim_end());
        let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            [
                "n",
                "queens",
                "solution",
                "empty_rows",
                "queens_on_taken_lines",
                "conflicts"
            ]
        );
        assert!(
            r.stdout.contains("\"queens_on_taken_lines\":1,"),
            "{}",
            r.stdout
        );
        assert!(
            r.stdout
                .contains("{\"first\":[1234,2469],\"second\":[150000,2469],\"attack\":\"column\"}"),
            "{}",
            r.stdout
        );
    }

    #[test]
    fn one_based() {
        let r = run_in(&["verify", "--one-based"], text(&planted(), false, 1)).code(1);
        assert!(
            r.stdout
                .contains("  queens at (1235, 2470) and (150001, 2470) share a column\n"),
            "{}",
            r.stdout
        );
        assert!(r.stdout.ends_with("counted from 1)\n"), "{}", r.stdout);
        // 0-based columns read as 1-based: column 0 is off the board.
        let err = run_in(&["verify", "--one-based"], text(&planted(), false, 0)).error();
        assert!(
            err.contains("column 0 is off the board; columns run from 1"),
            "{err}"
        );
    }

    #[test]
    fn several_bracketed_lists() {
        let input = format!(
            "[1, 3, 0, 2]\n{}[2, 0, 3, 1]\n{}",
            text(&planted(), true, 0),
            text(&construction(N), true, 0)
        );
        let r = run_in(&["verify"], input).code(1);
        assert_eq!(
            r.stdout,
            format!("placement 2: {PLANTED_REPORT}1 of 4 placements are not solutions\n")
        );
        let r = run_in(
            &["verify", "-f", "json"],
            "[1, 3, 0, 2]\n".to_string() + &text(&construction(N), true, 0),
        )
        .ok();
        assert_eq!(r.lines().count(), 2, "{r}");
        assert!(
            r.lines()
                .nth(1)
                .unwrap()
                .contains("\"queens_on_taken_lines\":0"),
            "{r}"
        );
    }

    #[test]
    fn off_the_board_and_malformed() {
        let mut cols = construction(N);
        cols[7] = N; // one past the last column
        let err = run_in(&["verify"], text(&cols, false, 0)).error();
        assert!(
            err.contains(
                "token 8 (\"200004\"): column 200004 is off the board; 200004 rows were given, \
                 so columns run 0..=200003 (1-based input? use --one-based)"
            ),
            "{err}"
        );
        let mut input = text(&construction(N), false, 0);
        input.push_str("x\n");
        let err = run_in(&["verify"], input).error();
        assert!(
            err.contains("line 200005: token 200005 (\"x\") is not a column number"),
            "{err}"
        );
        let input = format!("[{}", text(&construction(N), false, 0));
        let err = run_in(&["verify"], input).error();
        assert!(err.contains("the list is not closed"), "{err}");
    }

    #[test]
    fn pictures_refuse_more_than_100_queens() {
        let hundred: Vec<String> = construction(100).iter().map(|c| c.to_string()).collect();
        let (code, svg, _) = {
            let out = nq()
                .args(["verify", "--format", "svg"])
                .write_stdin(hundred.join(" "))
                .output()
                .unwrap();
            (out.status.code().unwrap(), out.stdout, out.stderr)
        };
        assert_eq!(code, 0);
        assert!(String::from_utf8(svg)
            .unwrap()
            .contains("a solution for n = 100"));
        for format in ["svg", "png"] {
            // A column list, read no further than the 101st queen.
            let err = run_in(&["verify", "--format", format], text(&planted(), false, 0)).error();
            assert!(
                err.contains(&format!(
                    "--format {format} draws boards of up to 100 queens"
                )),
                "{err}"
            );
            assert!(
                err.contains("unreadable") && err.contains("--format text"),
                "{err}"
            );
            // A drawn board of 102 rows.
            let board: String = construction(102)
                .iter()
                .map(|&c| {
                    (0..102)
                        .map(|k| if k == c { 'Q' } else { '.' })
                        .collect::<String>()
                        + "\n"
                })
                .collect();
            let err = run_in(&["verify", "--format", format], board).error();
            assert!(err.contains("up to 100 queens"), "{err}");
        }
    }

    #[test]
    fn the_detailed_report_up_to_ten_thousand_queens() {
        // 10,000 queens: every attacking pair, counted exactly.
        let mut cols = construction(10_000);
        cols[9_000] = cols[10];
        let r = run_in(&["verify"], text(&cols, true, 0)).code(1);
        assert_eq!(
            r.stdout,
            "not a solution: 10000 queens on a 10000×10000 board, 1 attacking pair\n  \
             queens at (10, 21) and (9000, 21) share a column\n  \
             (squares are (row, column), counted from 0)\n"
        );
        // 10,002 queens: the streaming report.
        let mut cols = construction(10_002);
        cols[9_000] = cols[10];
        let r = run_in(&["verify"], text(&cols, true, 0)).code(1);
        assert!(
            r.stdout.starts_with(
                "not a solution: 10,002 queens on a 10,002×10,002 board; 1 queen stands on a line already taken\n  \
                 queens at (10, 21) and (9000, 21) share a column\n"
            ),
            "{}",
            r.stdout
        );
    }

    #[test]
    fn small_boards_are_unchanged() {
        // The detailed report of a small placement, whether or not it follows
        // a large one.
        let detailed = "not a solution: 4 queens on a 4×4 board, 6 attacking pairs\n  \
             queens at (0, 0) and (1, 1) share a diagonal\n  \
             queens at (0, 0) and (2, 2) share a diagonal\n  \
             queens at (0, 0) and (3, 3) share a diagonal\n  \
             queens at (1, 1) and (2, 2) share a diagonal\n  \
             queens at (1, 1) and (3, 3) share a diagonal\n  \
             queens at (2, 2) and (3, 3) share a diagonal\n  \
             (squares are (row, column), counted from 0)\n";
        assert_eq!(run_in(&["verify"], "[0, 1, 2, 3]").code(1).stdout, detailed);
        let input = text(&construction(N), true, 0) + "[0, 1, 2, 3]\n";
        let r = run_in(&["verify"], input).code(1);
        assert_eq!(
            r.stdout,
            format!("placement 2: {detailed}1 of 2 placements are not solutions\n")
        );
    }
}

// ---- complete (issue 7) ----

/// `complete`: instances from drawn boards, files and flags; first, all,
/// count; clashes, bad input and the timeout.
mod complete {
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
        .ok();
        assert_eq!(two.lines().count(), 2);
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

    #[test]
    fn bad_requests_are_usage_errors() {
        let cases: [&[&str]; 7] = [
            &["complete"],
            &["complete", "--n", "6", "--queen", "6,0"],
            &["complete", "--n", "6", "--queen", "1;2"],
            &["complete", "--n", "6", "--limit", "3"],
            &["complete", "--n", "6", "--threads", "2"],
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
        let count = |d: &str| run(&["complete", diags.arg(), "--diagonals", d, "--count"]).ok();
        assert_eq!(count("0"), "2 completions\n");
        assert_eq!(count("1"), "2 completions\n");
        assert_eq!(count("2"), "0 completions\n");
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
        assert_eq!(json, "{\"n\":4,\"completes\":true,\"problems\":[]}\n");
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
            r.stderr.starts_with("unknown: no answer within"),
            "{}",
            r.stderr
        );
    }
}

mod serve {
    use super::*;
    use std::io::{BufRead, Read, Write};

    /// GET `path` from the server at `addr`: the status line and the body.
    fn get(addr: &str, path: &str) -> (String, String) {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut raw = String::new();
        stream.read_to_string(&mut raw).unwrap();
        let (head, body) = raw.split_once("\r\n\r\n").unwrap();
        (head.lines().next().unwrap().to_string(), body.to_string())
    }

    /// The address a started server prints on its first line (`host:port`).
    fn address(child: &mut std::process::Child) -> String {
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        line.trim()
            .strip_prefix("nqueens serve: http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string()
    }

    /// Starts `nqueens serve ARGS` and reads the address it prints.
    fn serve(args: &[&str]) -> (std::process::Child, String) {
        let mut all = vec!["serve"];
        all.extend_from_slice(args);
        let mut child = spawn(&all);
        let addr = address(&mut child);
        (child, addr)
    }

    fn stop(mut child: std::process::Child) -> (i32, String) {
        send_signal(&child.id().to_string(), "-INT");
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the server did not stop on SIGINT"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        (status.code().unwrap(), stderr)
    }

    #[test]
    fn prints_its_address_answers_and_stops_on_ctrl_c() {
        let (child, addr) = serve(&["--port", "0"]);
        let (status, body) = get(&addr, "/api/info");
        assert!(status.contains(" 200 "), "{status}");
        assert!(body.contains("\"algorithms\""), "{body}");
        let (status, page) = get(&addr, "/");
        assert!(status.contains(" 200 "), "{status}");
        assert!(page.to_lowercase().contains("<html"), "{page}");
        let (code, stderr) = stop(child);
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.contains("press Ctrl-C to stop"), "{stderr}");
        assert!(stderr.ends_with("stopped\n"), "{stderr}");
    }

    #[test]
    fn ctrl_c_stops_a_running_count_job_too() {
        let (child, addr) = serve(&["--count-max", "20", "--log"]);
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        let body = r#"{"n": 20}"#;
        write!(
            stream,
            "POST /api/count HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        assert!(reply.starts_with("HTTP/1.1 202"), "{reply}");
        let (code, stderr) = stop(child);
        assert_eq!(code, 0, "{stderr}");
        assert!(
            stderr.contains("POST /api/count 202"),
            "the log line: {stderr}"
        );
    }

    #[test]
    fn survives_running_out_of_file_descriptors() {
        // 48 descriptors in all, then 120 connections: some wait unaccepted
        // while the server has none to spare, and once they close it answers.
        let mut child = std::process::Command::new("sh")
            .args([
                "-c",
                "ulimit -n 48 && exec \"$0\" serve",
                env!("CARGO_BIN_EXE_nqueens"),
            ])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let addr = address(&mut child);
        let held: Vec<std::net::TcpStream> = (0..120)
            .filter_map(|_| std::net::TcpStream::connect(&addr).ok())
            .collect();
        assert!(held.len() > 48, "only {} connections", held.len());
        std::thread::sleep(Duration::from_millis(300));
        drop(held);
        let (status, body) = get(&addr, "/api/info");
        assert!(status.contains(" 200 "), "{status}");
        assert!(body.contains("\"algorithms\""));
        let (code, stderr) = stop(child);
        assert_eq!(code, 0, "{stderr}");
    }

    #[test]
    fn open_says_when_no_browser_can_be_started() {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"));
        cmd.args(["serve", "--open"])
            .env("BROWSER", "/nonexistent/browser")
            .env("PATH", "/nonexistent")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut child = cmd.spawn().unwrap();
        assert!(address(&mut child).starts_with("127.0.0.1:"));
        let (code, stderr) = stop(child);
        assert_eq!(code, 0);
        assert!(
            stderr.contains("no browser could be started (tried /nonexistent/browser, xdg-open)"),
            "{stderr}"
        );
    }

    #[test]
    fn a_port_in_use_is_a_usage_error() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = taken.local_addr().unwrap().port().to_string();
        let r = run(&["serve", "--port", &port]).code(2);
        assert!(
            r.stderr
                .contains(&format!("cannot listen on 127.0.0.1:{port}")),
            "{}",
            r.stderr
        );
        assert!(r.stderr.contains("choose another --port"), "{}", r.stderr);
    }

    #[test]
    fn bad_flags_are_usage_errors() {
        for (args, words) in [
            (
                &["--port", "http"][..],
                "invalid value 'http' for '--port <P>'",
            ),
            (&["--port", "70000"], "from 0 to 65,535"),
            (
                &["--bind", "my-laptop"],
                "invalid value 'my-laptop' for '--bind <ADDR>'",
            ),
            (&["--count-max", "0"], "from 1 to 27"),
            (&["--count-max", "28"], "from 1 to 27"),
            (&["--jobs", "0"], "for '--jobs <K>'"),
            (&["--request-timeout", "0"], "seconds from 0.1"),
            (&["--request-timeout", "nan"], "seconds from 0.1"),
            (&["-j", "0"], "for '--threads <T>'"),
        ] {
            let mut all = vec!["serve"];
            all.extend_from_slice(args);
            let r = run(&all).code(2);
            assert!(r.stderr.contains(words), "{args:?}: {}", r.stderr);
            assert_eq!(r.stdout, "");
        }
    }
}
