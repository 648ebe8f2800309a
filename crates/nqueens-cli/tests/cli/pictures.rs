//! `--format svg` and `png` on solve and verify, `trace --format svg`.

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

/// The numbers along an SVG's edges, in order.
fn coordinates(svg: &str) -> Vec<u32> {
    let g = &svg[svg.find("<g class=\"coordinates\"").expect(svg)..];
    let g = &g[..g.find("</g>").unwrap()];
    g.split("</text>")
        .filter_map(|t| t.rsplit('>').next()?.parse().ok())
        .collect()
}

/// With --one-based the SVG numbers its rows and columns from 1, as the
/// list and the verify report count them (it drew 0 to n − 1, and `solve`
/// refused the flag saying that SVG prints no numbers); PNG has none.
#[test]
fn svg_numbers_count_from_one_with_one_based() {
    let from_zero = coordinates(&run(&["solve", "4", "-f", "svg"]).ok());
    assert_eq!(from_zero, [0, 0, 1, 1, 2, 2, 3, 3]);
    let from_one = [1, 1, 2, 2, 3, 3, 4, 4];
    let svg = run(&["solve", "4", "-f", "svg", "--one-based"]).ok();
    assert_eq!(coordinates(&svg), from_one);
    let (code, svg, err) = bytes(&["verify", "--one-based", "-f", "svg"], "2 4 1 3\n");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(coordinates(&String::from_utf8(svg).unwrap()), from_one);
    let (code, _, err) = bytes(&["solve", "4", "-f", "png", "--one-based"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("--format png prints no column numbers"),
        "{err}"
    );
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
    // The largest board a picture takes (docs/limits.md): it was 6,034
    // pixels a side with the default squares, and refused.
    let (code, png, err) = bytes(&["solve", "100", "--format", "png"], "");
    assert_eq!(code, 0, "{err}");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
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
    let frames = |steps| {
        let dir = dir.to_str().unwrap();
        run(&[
            "trace",
            "4",
            "-f",
            "svg",
            "--frames",
            dir,
            "--max-steps",
            steps,
        ])
    };
    let r = frames("7").code(3);
    assert!(r.stderr.contains("wrote 7 pictures"), "{}", r.stderr);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.first().map(String::as_str), Some("step-0001.svg"));
    assert_eq!(names.len(), 7);
    // Again into the same folder: refused, as the pictures of two searches
    // would be mixed under one numbering; nothing is written or removed.
    let err = frames("3").error();
    assert!(
        err.contains("already holds pictures of steps (step-"),
        "{err}"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 7);
    std::fs::remove_dir_all(&dir).unwrap();
    run(&["trace", "4", "--frames", "x"]).error();
    run(&["trace", "4", "--format", "svg", "--delay", "0"]).error();
    // So small that it rounds to no time: refused by the flag's own check.
    let err = run(&["trace", "4", "--format", "svg", "--delay", "1e-300"]).error();
    assert!(err.contains("invalid value '1e-300' for '--delay"), "{err}");
    // --delay paces the animation only: elsewhere it is refused, not
    // ignored (text, tree and --frames once took it and did nothing).
    for args in [
        &["trace", "4", "--delay", "2"][..],
        &["trace", "4", "-f", "tree", "--delay", "2"],
        &["trace", "4", "-f", "svg", "--frames", "x", "--delay", "2"],
    ] {
        let err = run(args).error();
        assert!(err.contains("--delay paces"), "{args:?}: {err}");
    }
    let paced = run(&["trace", "4", "--format", "svg", "--delay", "2"]).ok();
    assert_ne!(paced, svg);
}

/// The pictures' captions write bitwise's masks in the order --bits asks
/// (the SVG once kept the lowest bit on the left whatever it asked).
#[test]
fn trace_svg_captions_follow_the_bit_order() {
    let picks = |bits: &str| -> Vec<String> {
        let svg = run(&[
            "trace", "4", "-f", "svg", "--bits", bits, "--until", "first",
        ])
        .ok();
        svg.split("free &amp; -free = ")
            .skip(1)
            .map(|rest| {
                rest.chars()
                    .take_while(|c| *c == '0' || *c == '1')
                    .collect()
            })
            .collect()
    };
    let (left, right) = (picks("lsb-left"), picks("lsb-right"));
    assert_eq!(left.first().map(String::as_str), Some("1000"), "{left:?}");
    assert_eq!(left.len(), right.len());
    for (l, r) in left.iter().zip(&right) {
        assert_eq!(l.chars().rev().collect::<String>(), *r);
    }
}
