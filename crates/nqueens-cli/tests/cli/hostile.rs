//! The hostile-input suite: for every command, inputs that people and
//! scripts really send (empty, binary, endless, one enormous line, huge and
//! negative numbers, duplicated and contradictory options, files of the
//! wrong kind), each run under a 256 MiB address-space limit. Each must end
//! within seconds with a clear message and a non-zero status, never a panic
//! and never the allocator giving up. The messages are pinned in one insta
//! snapshot, so that a change of wording is reviewed.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

use super::*;

/// Where the input comes from.
enum Input {
    None,
    Bytes(Vec<u8>),
}

/// Runs `nqueens ARGS` with at most 256 MiB of address space.
fn limited(args: &[&str], input: &Input) -> (Option<i32>, String) {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("nqueens"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: setrlimit is async-signal-safe; it runs in the child
        // between fork and exec and touches nothing else.
        unsafe {
            cmd.pre_exec(|| {
                let limit = libc::rlimit {
                    rlim_cur: 256 << 20,
                    rlim_max: 256 << 20,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let bytes = match input {
        Input::None => Vec::new(),
        Input::Bytes(b) => b.clone(),
    };
    // The command may stop reading early: a closed pipe is fine here.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_command_refuses_hostile_input_clearly() {
    let zero = "/dev/zero";
    let endless = Input::Bytes("y\n".repeat(9 << 20).into_bytes());
    let one_line = Input::Bytes("1 ".repeat(10 << 20).into_bytes());
    let binary = Input::Bytes(vec![0u8; 1 << 20]);
    let cases: Vec<(Vec<&str>, Input)> = vec![
        // verify
        (vec!["verify"], Input::None),
        (vec!["verify", zero], Input::None),
        (vec!["verify", "-"], endless),
        (vec!["verify"], one_line),
        (vec!["verify"], binary),
        (
            vec!["verify"],
            Input::Bytes(b"99999999999999999999999 1\n".to_vec()),
        ),
        (vec!["verify"], Input::Bytes(b"-1 0 2\n".to_vec())),
        (vec!["verify", "/tmp"], Input::None),
        (vec!["verify", "--instance", zero], Input::None),
        // solve, random, all
        (vec!["solve", "1e30"], Input::None),
        (vec!["solve", "-1"], Input::None),
        (vec!["solve", "18446744073709551616"], Input::None),
        (
            vec!["solve", "--format", "list", "--format", "json"],
            Input::None,
        ),
        (vec!["solve", "-a", "construct", "--seed", "1"], Input::None),
        (vec!["solve", "5000000000", "-a", "construct"], Input::None),
        (vec!["random", "1e9"], Input::None),
        (vec!["random", "8", "--seed", "-1"], Input::None),
        (vec!["all", "30"], Input::None),
        (vec!["all", "4294967297"], Input::None),
        (vec!["all", "8", "--limit", "-1"], Input::None),
        // count, merge, estimate
        (vec!["count", "99999999999"], Input::None),
        (vec!["count", "8", "--threads", "0"], Input::None),
        (vec!["count", "8", "--threads", "99999"], Input::None),
        (vec!["count", "8", "--memory", "-1"], Input::None),
        (vec!["count", "8", "--memory", "1"], Input::None),
        (vec!["count", "8", "--slice", "5/4"], Input::None),
        (vec!["count", "8", "--checkpoint", zero], Input::None),
        (
            vec!["count", "8", "-a", "bitwise", "--engine", "join"],
            Input::None,
        ),
        (vec!["merge", zero], Input::None),
        (vec!["merge", "-"], Input::Bytes(vec![0u8; 1 << 20])),
        (vec!["merge", "/tmp"], Input::None),
        (vec!["estimate", "8", "--samples", "1e30"], Input::None),
        // complete
        (vec!["complete", zero], Input::None),
        (
            vec!["complete", "-"],
            Input::Bytes("y\n".repeat(9 << 20).into_bytes()),
        ),
        (
            vec!["complete", "--n", "1000000000", "--queen", "0,0"],
            Input::None,
        ),
        (
            vec!["complete", "--n", "4", "--queen", "1,2", "--queen", "1,2"],
            Input::None,
        ),
        (vec!["complete", "--n", "4", "--queen", "9,9"], Input::None),
        (vec!["complete", "--n", "4", "--limit", "3"], Input::None),
        // trace, compare, serve
        (vec!["trace", "40"], Input::None),
        (vec!["trace", "4", "--max-steps", "0"], Input::None),
        (
            vec!["trace", "4", "--max-steps", "18446744073709551616"],
            Input::None,
        ),
        (vec!["compare", "100"], Input::None),
        (vec!["serve", "--port", "99999"], Input::None),
        (vec!["serve", "--allow-origin", "*"], Input::None),
    ];
    let mut transcript = String::new();
    for (args, input) in &cases {
        let started = Instant::now();
        let (code, stderr) = limited(args, input);
        let took = started.elapsed();
        let shown = args.join(" ");
        assert!(took < Duration::from_secs(10), "{shown}: {took:?}");
        assert!(
            matches!(code, Some(1 | 2)),
            "{shown}: exit {code:?}\n{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{shown}: {stderr}");
        assert!(
            !stderr.contains("memory allocation") && !stderr.contains("out of memory"),
            "{shown}: {stderr}"
        );
        let first = stderr.lines().next().unwrap_or("");
        assert!(
            first.starts_with("error: ") || code == Some(1),
            "{shown}: {stderr}"
        );
        transcript.push_str(&format!("$ nqueens {shown}\n{first}\n\n"));
    }
    insta::assert_snapshot!("hostile_input_messages", transcript);
}
