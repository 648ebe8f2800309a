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

/// `nqueens count 8 --stats 2>&1 | head -3`: standard error is a pipe whose
/// reader has gone. Notes and errors that cannot be written are let go;
/// `eprintln!` panicked there (exit status 101, in a race with the reader).
/// Here the reader is gone before the command starts, so every write fails.
#[test]
fn a_closed_stderr_loses_the_notes_only() {
    let run = |args: &[&str]| {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(args)
            .stdin(std::process::Stdio::null())
            .stderr(writer)
            .output()
            .unwrap()
    };
    // The statistics go to stderr, the count to stdout.
    let out = run(&["count", "8", "--stats"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "n = 8: 92 solutions\n"
    );
    // An error keeps its exit status, unsaid.
    assert_eq!(run(&["count", "0"]).status.code(), Some(2));
    assert_eq!(run(&["solve", "3"]).status.code(), Some(1));
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

/// `nqueens all 10 >&-`: a closed standard output is an error (status 2,
/// said on stderr), not a silent success; `> /dev/full` too, help and
/// version included.
#[cfg(unix)]
#[test]
fn closed_or_full_stdout_is_an_error() {
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    for (args, redirect) in [
        ("all 10", ">&-"),
        ("count 8", ">&-"),
        ("all 8", ">/dev/full"),
        ("solve 8", ">/dev/full"),
        ("--help", ">/dev/full"),
        ("--version", ">/dev/full"),
        ("solve -h", ">/dev/full"),
        ("help count", ">/dev/full"),
    ] {
        let script = format!("exec \"$0\" {args} {redirect}");
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(&script)
            .arg(&bin)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{script}: {stderr}");
        assert!(stderr.starts_with("error: "), "{script}: {stderr}");
    }
}

/// Runs `nqueens ARGS REDIRECT` through `sh`: status, stdout, stderr.
#[cfg(unix)]
fn redirected(args: &str, redirect: &str) -> (Option<i32>, String, String) {
    let script = format!("exec \"$0\" {args} {redirect}");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(&script)
        .arg(assert_cmd::cargo::cargo_bin("nqueens"))
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// Standard output open for reading only took every write and lost it
/// (`count 8 1<file` said nothing and exited 0); standard input closed or
/// open for writing only read as empty ("the input is empty"); a command
/// that writes nothing to standard output was refused when it was closed,
/// ahead of its own usage errors; `/dev/full` did not say which stream.
#[cfg(unix)]
#[test]
fn each_standard_stream_is_looked_at_for_what_the_command_does() {
    let file = super::TempFile::new("streams", b"x\n");
    let path = file.path().display().to_string();
    let (code, _, stderr) = redirected("count 8", &format!("1<'{path}'"));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: standard output is open for reading only"),
        "{stderr}"
    );
    for (args, redirect, says) in [
        (
            "verify",
            "<&-",
            "standard input is closed, so the placements",
        ),
        (
            "verify",
            &format!("0>>'{path}'"),
            "standard input is open for writing only",
        ),
        ("complete -", "<&-", "standard input is closed"),
        (
            "merge -",
            "<&-",
            "standard input is closed, so the partial results",
        ),
    ] {
        let (code, _, stderr) = redirected(args, redirect);
        assert_eq!(code, Some(2), "{args} {redirect}: {stderr}");
        assert!(
            stderr.starts_with(&format!("error: {says}")),
            "{args} {redirect}: {stderr}"
        );
    }
    let (code, _, stderr) = redirected("solve 8 -f none --verify", ">&-");
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.starts_with("verified: 8 queens"), "{stderr}");
    let (code, _, stderr) = redirected("solve --bogus", ">&-");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("unexpected argument '--bogus'"), "{stderr}");
    let (code, _, stderr) = redirected("all 8 -f list", ">/dev/full");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: cannot write to standard output: "),
        "{stderr}"
    );
}

/// A closed pipe ends a command quietly, but does not turn its no into a
/// yes: `nqueens count 2 | true` exited 0 (and `verify` of a placement that
/// is not a solution, 0 or 1 by a race with the reader). Here the reader is
/// gone before the command starts, so its output fails.
#[test]
fn a_closed_pipe_keeps_a_no() {
    use std::io::Write;
    let run = |args: &[&str], input: &str| {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        child.wait_with_output().unwrap()
    };
    let cases: [(&[&str], &str, i32); 9] = [
        (&["count", "2"], "", 1),
        (&["count", "3", "-f", "json"], "", 1),
        (&["count", "2", "-a", "bitwise"], "", 1),
        (&["all", "3"], "", 1),
        (&["complete", "--n", "3", "--count"], "", 1),
        (&["verify", "-f", "json"], "0 0 0 0", 1),
        (&["verify", "-f", "svg"], "0 0 0 0", 1),
        (&["count", "8"], "", 0),
        (&["verify", "-f", "json"], "1 3 0 2", 0),
    ];
    for (args, input, code) in cases {
        let out = run(args, input);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("error"),
            "{args:?}: {out:?}"
        );
    }
}
