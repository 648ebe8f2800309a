//! `trace` in bounded memory and output: long text and JSON traces stream
//! without keeping their steps, the tree is drawn up to a bound and says how
//! much more there was, SVG over the frame limit is refused before anything
//! is recorded or written, and a huge trace says so before it starts.

use super::*;
use std::time::Duration;

/// 400 MB of address space: the old trace kept a tree node for every
/// placement and rejection, some 75 bytes a step of `occupancy`, and ran
/// out of it within 5,000,000 steps.
const ADDRESS_SPACE_KB: u32 = 400_000;

/// Runs `nqueens ARGS` with its address space limited, standard output
/// thrown away.
fn limited(args: &[&str]) -> Run {
    let script = format!("ulimit -v {ADDRESS_SPACE_KB}; exec \"$0\" \"$@\" > /dev/null");
    let mut cmd = assert_cmd::Command::new("sh");
    cmd.arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .timeout(Duration::from_secs(60));
    finish(&mut cmd)
}

#[test]
fn a_long_json_trace_runs_in_bounded_memory() {
    let r = limited(&[
        "trace",
        "12",
        "-a",
        "occupancy",
        "--format",
        "json",
        "--max-steps",
        "5000000",
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    // Large: it said so first.
    assert!(
        r.stderr
            .starts_with("note: trace 12 prints up to 5,000,000 steps, about "),
        "{}",
        r.stderr
    );
}

#[test]
fn a_large_tree_is_drawn_up_to_a_bound_and_says_how_much_more() {
    let r = run(&["trace", "12", "--format", "tree", "--max-steps", "400000"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let last = r.stdout.lines().last().unwrap();
    assert!(
        last.starts_with("the tree is drawn for its first 100,000 nodes; ")
            && last.contains(" more nodes not shown"),
        "{last}"
    );
    // A line a node at most, and the header and the note.
    assert!(r.stdout.lines().count() <= 100_002);
    // A small tree is whole, with no note.
    let small = run(&["trace", "6", "--format", "tree"]).ok();
    assert!(!small.contains("not shown"), "{small}");
}

#[test]
fn svg_over_the_frame_limit_is_refused_before_recording() {
    // The old trace recorded frames until it had 4,000,000 (2.8 GB) and
    // only then refused; here the address space would not hold them. (Its
    // first solution is step 598,886: --until first is no way out.)
    let r = limited(&["trace", "20", "--format", "svg"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr.contains("more than 10,000 steps")
            && r.stderr.contains("--max-steps 10000")
            && !r.stderr.contains("--until first"),
        "{}",
        r.stderr
    );
    // --until past the limit is refused too (the whole search takes 33,588
    // steps); under it, drawn.
    let err = run(&[
        "trace",
        "8",
        "-a",
        "recursive",
        "--format",
        "svg",
        "--until",
        "92",
    ])
    .error();
    assert!(err.contains("a smaller --until"), "{err}");
    // Its first solution comes within the limit: --until first is offered.
    let err = run(&["trace", "8", "-a", "recursive", "--format", "svg"]).error();
    assert!(err.contains(", --until first, or"), "{err}");
    let svg = run(&[
        "trace",
        "8",
        "-a",
        "recursive",
        "--format",
        "svg",
        "--until",
        "first",
    ])
    .ok();
    assert!(svg.contains("solution 1: [0, 4, 7, 5, 2, 6, 1, 3]"));
    // Brute force's first solution of n = 8 is step 3,899,556: --until
    // first would be refused the same, and is not offered.
    let err = run(&["trace", "8", "-a", "brute-force", "--format", "svg"]).error();
    assert!(
        err.contains("--max-steps 10000") && !err.contains("--until"),
        "{err}"
    );
    // Nor is --until of a count too large for the numbers.
    let err = run(&["trace", "8", "--until", "99999999999999999999"]).error();
    assert!(err.contains("too large"), "{err}");
}

#[test]
fn frames_over_the_limit_write_nothing() {
    let dir = std::env::temp_dir().join(format!("nqueens-bounded-frames-{}", std::process::id()));
    let r = limited(&[
        "trace",
        "20",
        "--format",
        "svg",
        "--frames",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr.contains("--frames writes at most 10,000 pictures")
            && r.stderr.contains("--max-steps 10000"),
        "{}",
        r.stderr
    );
    assert!(!dir.exists(), "{} was created", dir.display());
}

#[test]
fn a_huge_trace_says_so_before_it_starts() {
    // 40,000 steps of the 20×20 board, some 3 KB each: 120 MB of text.
    let r = limited(&["trace", "20", "--max-steps", "40000"]);
    assert_eq!(r.code, 3, "{r:?}");
    let note = r.stderr.trim_end();
    assert!(
        note.starts_with("note: trace 20 prints 40,000 steps, about ")
            && note.contains(" MiB of text")
            && note.contains("limit it with --max-steps K"),
        "{note}"
    );
    assert_eq!(note.lines().count(), 1, "{note}");
    // A search that ends before --max-steps is sized by its own steps:
    // 8 queens prints a few hundred kilobytes, and says nothing.
    for format in ["text", "json"] {
        let r = run(&["trace", "8", "--format", format]);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    }
}
