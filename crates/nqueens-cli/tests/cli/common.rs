//! What every command's tests share: running the binary, reading its
//! output, temporary files, and the small tables the checks use.

#![allow(dead_code)]
pub use std::collections::BTreeSet;
pub use std::path::{Path, PathBuf};
pub use std::sync::atomic::{AtomicUsize, Ordering};
pub use std::time::Duration;

pub use assert_cmd::Command;
pub use predicates::prelude::*;

/// Q(n), OEIS A000170, for n = 1..=10.
pub const TOTAL: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
/// Classes under rotation and reflection, OEIS A002562, for n = 1..=10.
pub const UNIQUE: [u64; 10] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92];

/// The lexicographically first solution for n = 8.
pub const FIRST_8: [usize; 8] = [0, 4, 7, 5, 2, 6, 1, 3];

/// The `nqueens` binary, with a time limit so that a hang fails the test.
pub fn nq() -> Command {
    let mut cmd = Command::cargo_bin("nqueens").unwrap();
    cmd.timeout(Duration::from_secs(20));
    cmd
}

/// What one run of the binary produced.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

pub fn finish(cmd: &mut Command) -> Run {
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
pub fn run(args: &[&str]) -> Run {
    finish(nq().args(args))
}

/// Runs `nqueens ARGS` with `input` on standard input.
pub fn run_in(args: &[&str], input: impl Into<Vec<u8>>) -> Run {
    finish(nq().args(args).write_stdin(input))
}

/// Starts `nqueens ARGS` with no input and its output piped, for the tests
/// that signal it, kill it or close its pipe while it runs.
pub fn spawn(args: &[&str]) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// The peak memory of `nqueens ARGS`, which must succeed, as GNU time
/// measures it (`.ci/run` installs it). Not by `wait4` here: a child
/// spawned from this process starts with its high-water mark, the test
/// harness's peak carried across `exec`, whereas time forks from a small
/// process of its own.
pub fn peak_of(args: &[&str]) -> u64 {
    let report = std::env::temp_dir().join(format!(
        "nqueens-peak-{}-{}",
        std::process::id(),
        PEAKS.fetch_add(1, Ordering::Relaxed)
    ));
    let out = std::process::Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%M")
        .arg("-o")
        .arg(&report)
        .arg(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("GNU time (/usr/bin/time, Debian's package time) measures peak memory");
    assert!(
        out.status.success(),
        "nqueens {}: {}{}",
        args.join(" "),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&report).unwrap();
    let _ = std::fs::remove_file(&report);
    let kib: u64 = text.trim().parse().unwrap_or_else(|_| panic!("{text}"));
    kib * 1024
}

/// Numbers the reports of [`peak_of`] apart.
static PEAKS: AtomicUsize = AtomicUsize::new(0);

/// Sends `signal` (such as `-INT`) to the process `pid` with kill(1).
pub fn send_signal(pid: &str, signal: &str) {
    let sent = std::process::Command::new("kill")
        .args([signal, pid])
        .status()
        .unwrap();
    assert!(sent.success(), "kill {signal} {pid}");
}

/// Waits for `child` to exit, at most 10 s (else fails, saying `what`).
pub fn exits_within_10s(child: &mut std::process::Child, what: &str) -> std::process::ExitStatus {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `nqueens ARGS`, reads the first line of its output and closes the
/// pipe, as `nqueens ARGS | head -1` does: the line and how the run ended.
pub fn first_line_then_close(args: &[&str]) -> (String, std::process::Output) {
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
    pub fn code(self, code: i32) -> Self {
        assert_eq!(self.code, code, "unexpected exit status: {self:#?}");
        self
    }

    /// Asserts success with nothing on stderr, and returns stdout.
    #[track_caller]
    pub fn ok(self) -> String {
        let this = self.code(0);
        assert_eq!(this.stderr, "", "unexpected stderr: {this:#?}");
        this.stdout
    }

    /// A list cut short by `--limit` in a line form: status 0, the cut
    /// said on stderr (`stopped at --limit K; there are more ...`); returns
    /// stdout.
    #[track_caller]
    pub fn cut(self) -> String {
        let this = self.code(0);
        assert!(
            this.stderr.starts_with("stopped at --limit ")
                && this.stderr.contains("; there are more "),
            "unexpected stderr: {this:#?}"
        );
        this.stdout
    }

    /// A count's answer: nothing on stderr, status 0, or 1 when `total`
    /// is 0 (no solution exists); returns stdout.
    #[track_caller]
    pub fn counted(self, total: u128) -> String {
        let this = self.code(if total == 0 { 1 } else { 0 });
        assert_eq!(this.stderr, "", "unexpected stderr: {this:#?}");
        this.stdout
    }

    /// Asserts exit status 2 (an error) with nothing on stdout, and returns stderr.
    #[track_caller]
    pub fn error(self) -> String {
        let this = self.code(2);
        assert_eq!(this.stdout, "", "unexpected stdout: {this:#?}");
        assert!(!this.stderr.is_empty(), "no message: {this:#?}");
        this.stderr
    }
}

/// `count`'s text without the time it adds to runs of half a second or more
/// (`n = 8: 92 solutions (0.61 s)`): on a busy machine any count can take
/// that long, and the tests compare the counts.
pub fn untimed(out: String) -> String {
    out.lines()
        .map(|line| match line.rsplit_once(" (") {
            Some((head, tail))
                if tail
                    .strip_suffix(" s)")
                    .is_some_and(|t| t.parse::<f64>().is_ok()) =>
            {
                head
            }
            _ => line,
        })
        .map(|line| format!("{line}\n"))
        .collect()
}

#[test]
fn untimed_drops_only_a_time() {
    assert_eq!(
        untimed("n = 8: 92 solutions (0.61 s)\n".into()),
        "n = 8: 92 solutions\n"
    );
    assert_eq!(
        untimed("3 solutions (stopped at --limit 3)\n".into()),
        "3 solutions (stopped at --limit 3)\n"
    );
}

/// Reads `[0, 4, 7]` (as `all --format list` prints it) into numbers.
pub fn parse_list(line: &str) -> Vec<usize> {
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
pub fn all_lists(n: usize, unique: bool) -> Vec<Vec<usize>> {
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
pub fn is_solution(c: &[usize]) -> bool {
    let n = c.len();
    c.iter().all(|&x| x < n)
        && (0..n).all(|i| (i + 1..n).all(|j| c[i] != c[j] && c[i].abs_diff(c[j]) != j - i))
}

/// The eight images of a solution under rotation and reflection.
pub fn images(c: &[usize]) -> Vec<Vec<usize>> {
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
pub fn flat_json(line: &str) -> Vec<(String, String)> {
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
pub struct TempFile(PathBuf);

impl TempFile {
    pub fn new(tag: &str, contents: &[u8]) -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let k = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "nqueens-cli-test-{}-{k}-{tag}.txt",
            std::process::id()
        ));
        std::fs::write(&path, contents).unwrap();
        TempFile(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    pub fn arg(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
