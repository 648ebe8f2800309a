//! `trace` as the tutorials write it: the generator's suspended `queens()`
//! frames (seed 002) and the bitwise masks under the tutorial's names and
//! bit order, with its never-masked `ld` (seed 004), in text and JSON.

use super::*;
use serde_json::Value;

/// The JSON lines of `nqueens ARGS`.
fn json_lines(args: &[&str]) -> Vec<Value> {
    run(args)
        .ok()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn usizes(v: &Value) -> Vec<usize> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect()
}

#[test]
fn the_generator_shows_one_frame_per_row_and_the_tuple_growing_up() {
    let text = run(&["trace", "4", "-a", "generator"]).ok();
    for line in [
        "frames, one suspended queens(4, state) per row, most recent call last:",
        "row 0: queens(4, ()): pos = 0, left 1 2 3; waits in for result in queens(4, (0,))",
        "row 2: queens(4, (0, 2)): loop not begun, left 0 1 2 3",
        // At the first yield, read from the bottom up: the tuple grows by
        // one pos per frame.
        "row 3: queens(4, (1, 3, 0)): pos = 2: yield (2,)",
        "row 2: queens(4, (1, 3)): pos = 0: yield (0,) + (2,) = (0, 2)",
        "row 0: queens(4, ()): pos = 1: yield (1,) + (3, 0, 2) = (1, 3, 0, 2)",
    ] {
        assert!(text.contains(line), "missing {line:?}");
    }
    // The JSON carries the same frames; check them against the events:
    // the state is the deepest call's tuple (never the whole board: the
    // last row's queen is its frame's pos), one frame per entry plus the
    // one looping, each row above holding its queen, and at a yield each
    // frame handing up the end of the board from its row on.
    for n in [4usize, 5, 6] {
        let size = n.to_string();
        let lines = json_lines(&[
            "trace",
            &size,
            "-a",
            "generator",
            "--format",
            "json",
            "--structure",
        ]);
        let mut yields = 0;
        for line in &lines {
            let s = &line["structure"];
            assert_eq!(s["kind"], "generator", "{line}");
            let state = usizes(&s["state"]);
            let frames = s["frames"].as_array().unwrap();
            assert!(state.len() < n, "{line}");
            assert_eq!(frames.len(), state.len() + 1, "{line}");
            for (r, f) in frames.iter().enumerate() {
                assert_eq!(f["row"], r, "{line}");
                if r < state.len() {
                    assert_eq!(f["pos"], state[r], "{line}");
                }
                let next = f["pos"].as_u64().map_or(0, |p| p as usize + 1);
                assert_eq!(usizes(&f["left"]), (next..n).collect::<Vec<_>>(), "{line}");
            }
            match line["event"].as_str() {
                Some("check" | "place") => {
                    let (row, col) = (line["row"].as_u64().unwrap(), &line["col"]);
                    assert_eq!(&frames[row as usize]["pos"], col, "{line}");
                }
                Some("yield") => {
                    yields += 1;
                    let columns = usizes(&line["columns"]);
                    assert_eq!(state, columns[..n - 1]);
                    assert_eq!(frames[n - 1]["pos"], columns[n - 1], "{line}");
                    for (r, f) in frames.iter().enumerate() {
                        assert_eq!(usizes(&f["yields"]), columns[r..], "{line}");
                    }
                }
                _ => {}
            }
            if line["event"] != "yield" && line["event"] != "solution" {
                assert!(frames.iter().all(|f| f["yields"].is_null()), "{line}");
            }
        }
        assert_eq!(yields, [2, 10, 4][n - 4]);
    }
}

#[test]
fn bitwise_masks_in_the_tutorials_order_and_names() {
    let text = run(&["trace", "4", "-a", "bitwise", "--bits", "lsb-right"]).ok();
    assert!(text.contains("the tutorial's names: cols = k, free = pos, mask = max"));
    // Seed 004's second walk-through, row 3: its ld is 110010, ours 10010.
    assert!(
        text.contains(
            "row 3: cols/k 1011  ld 10010  tutorial's ld 11|0010  rd 0010  free/pos 0100"
        ),
        "{text}"
    );
    assert!(text.contains("the tutorial never masks ld"));
    let left = run(&["trace", "4", "-a", "bitwise"]).ok();
    assert!(
        left.contains("row 3: cols/k 1101  ld 01001  tutorial's ld 0100|11"),
        "{left}"
    );
    // JSON: the same strings, and the order they are written in.
    let lines = json_lines(&[
        "trace",
        "4",
        "-a",
        "bitwise",
        "--bits",
        "lsb-right",
        "--format",
        "json",
        "--structure",
    ]);
    let found = lines.iter().find(|l| {
        l["event"] == "masks" && l["row"] == 3 && l["structure"]["rows"][2]["p_bits"] == "0001"
    });
    let s = &found.expect("row 3 after (2, 0)")["structure"];
    assert_eq!(s["lsb_right"], true);
    assert_eq!(s["rows"][3]["ld_tutorial_bits"], "110010");
    assert_eq!(s["rows"][3]["ld_bits"], "10010");
    assert_eq!(s["rows"][2]["ld_tutorial_bits"], "11000");
    // Without --structure the lines are the events alone; with another
    // format it is a usage error.
    let plain = run(&["trace", "4", "--format", "json"]).ok();
    assert!(!plain.contains("\"structure\""));
    assert_eq!(run(&["trace", "4", "--structure"]).code, 2);
}
