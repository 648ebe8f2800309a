//! `verify` reads back every text format that `solve`, `all` and `random`
//! write: told apart without a flag (except a one-square matrix), and with
//! `--input FORMAT`. For every format and n = 1..40, what the program writes
//! is a solution; the same text changed in one square (a queen moved in its
//! row, or a square of a drawing toggled) is not.

use crate::common::*;

const FORMATS: [&str; 8] = [
    "board", "ascii", "list", "lines", "json", "leetcode", "matrix", "pairs",
];

/// `verify` with `args` on `input`: its exit status and output.
fn verify(args: &[&str], input: &str) -> Run {
    let mut all = vec!["verify"];
    all.extend_from_slice(args);
    run_in(&all, input)
}

/// One word or square of `text` changed so that row `r`'s queen stands in
/// column `c` instead of `was` (or, for drawings, one square toggled).
fn move_queen(format: &str, text: &str, n: usize, r: usize, was: usize, c: usize) -> String {
    match format {
        "board" | "ascii" | "matrix" => {
            // Toggle the square (r, c): a queen added (or the queen removed).
            let (queen, empty) = match format {
                "board" => ("■", "□"),
                "ascii" => ("Q", "."),
                _ => ("1", "0"),
            };
            let mut lines: Vec<String> = text.lines().map(String::from).collect();
            let mut cells: Vec<&str> = lines[r].split(' ').collect();
            assert_eq!(cells.len(), n, "{text}");
            cells[c] = if cells[c] == queen { empty } else { queen };
            lines[r] = cells.join(" ");
            lines.join("\n") + "\n"
        }
        "leetcode" => {
            let mut rows: Vec<String> = serde_json::from_str(text).unwrap();
            let mut row: Vec<char> = rows[r].chars().collect();
            row[was] = '.';
            row[c] = 'Q';
            rows[r] = row.into_iter().collect();
            serde_json::to_string(&rows).unwrap() + "\n"
        }
        "json" => {
            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            v["columns"][r] = c.into();
            serde_json::to_string(&v).unwrap() + "\n"
        }
        "pairs" => {
            let pairs: Vec<String> = text
                .trim()
                .split(';')
                .filter(|p| !p.trim().is_empty())
                .enumerate()
                .map(|(i, p)| {
                    if i == r {
                        format!("{r}, {c}")
                    } else {
                        p.trim().to_string()
                    }
                })
                .collect();
            pairs.join("; ") + ";\n"
        }
        "list" => {
            let mut cols: Vec<usize> = serde_json::from_str(text).unwrap();
            cols[r] = c;
            format!("{cols:?}\n")
        }
        "lines" => {
            let mut cols: Vec<String> = text.lines().map(String::from).collect();
            cols[r] = c.to_string();
            cols.join("\n") + "\n"
        }
        _ => unreachable!(),
    }
}

/// The columns of the solution `solve n` finds, from its list output.
fn columns(n: usize) -> Vec<usize> {
    let out = run(&["solve", &n.to_string(), "-f", "list"]);
    assert_eq!(out.code, 0, "{out:?}");
    serde_json::from_str(out.stdout.trim()).unwrap()
}

#[test]
fn every_format_round_trips_through_verify() {
    for n in (1..=40).filter(|&n| n != 2 && n != 3) {
        let cols = columns(n);
        let size = n.to_string();
        for (k, format) in FORMATS.iter().enumerate() {
            let written = run(&["solve", &size, "-f", format]);
            assert_eq!(written.code, 0, "solve {n} -f {format}: {written:?}");
            let text = written.stdout;
            // Told apart without a flag, but for the matrix of one square.
            if !(n == 1 && *format == "matrix") {
                let out = verify(&[], &text);
                assert_eq!(out.code, 0, "solve {n} -f {format} | verify: {out:?}");
                assert_eq!(out.stdout, format!("OK: a solution for n = {n}\n"));
            }
            let out = verify(&["--input", format], &text);
            assert_eq!(out.code, 0, "verify --input {format}, n = {n}: {out:?}");
            // One queen moved (or a square toggled): rejected.
            if n >= 2 {
                let r = (n * 7 + k * 3) % n;
                let c = (cols[r] + 1 + (n + k) % (n - 1)) % n;
                let changed = move_queen(format, &text, n, r, cols[r], c);
                for args in [&[][..], &["--input", format][..]] {
                    let out = verify(args, &changed);
                    assert_eq!(out.code, 1, "{format} n = {n}, {changed:?}: {out:?}");
                    assert!(out.stdout.starts_with("not a solution"), "{out:?}");
                }
            }
        }
    }
}

/// The pictures are the formats verify does not read back: it says so,
/// rather than that `<svg` is not a column number.
#[test]
fn pictures_are_refused_as_pictures() {
    for format in ["svg", "png"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(["solve", "8", "-f", format])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let file = TempFile::new(format, &out.stdout);
        for input in [&[][..], &["--input", "list"][..]] {
            let mut args = vec!["verify", file.arg()];
            args.extend_from_slice(input);
            let e = run(&args).error();
            assert!(
                e.contains("is a picture (SVG or PNG), not a placement"),
                "{e}"
            );
        }
    }
}

#[test]
fn all_and_random_output_reads_back() {
    for format in FORMATS {
        if format != "lines" {
            let out = run(&["all", "6", "-f", format]);
            let back = verify(&[], &out.stdout);
            assert_eq!(back.code, 0, "all 6 -f {format}: {back:?}");
            assert_eq!(back.stdout, "OK: all 4 placements are solutions\n");
            let out = run(&["all", "8", "--limit", "5", "-f", format]);
            let back = verify(&["--input", format], &out.stdout);
            assert_eq!(
                back.stdout, "OK: all 5 placements are solutions\n",
                "{format}"
            );
        }
        for n in ["5", "12", "30"] {
            let out = run(&["random", n, "--seed", "7", "-f", format]);
            let back = verify(&[], &out.stdout);
            assert_eq!(back.code, 0, "random {n} -f {format}: {back:?}");
        }
        // One-based output, read one-based.
        if !matches!(format, "board" | "ascii" | "matrix" | "leetcode") {
            let out = run(&["solve", "9", "--one-based", "-f", format]);
            let back = verify(&["--one-based"], &out.stdout);
            assert_eq!(back.code, 0, "solve 9 --one-based -f {format}: {back:?}");
        }
    }
}

#[test]
fn the_wrong_input_format_is_an_error_not_a_verdict() {
    let json = run(&["solve", "8", "-f", "json"]).stdout;
    let out = verify(&["--input", "pairs"], &json);
    assert_eq!(out.code, 2, "{out:?}");
    let out = verify(&["--input", "matrix"], "[1, 3, 0, 2]\n");
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("a matrix row holds 1"), "{out:?}");
    // Told a form, the message says what one is, not every form; told
    // column lists, a LeetCode board (which a guess would read) is refused.
    let board = ". Q . .\n. . . Q\nQ . . .\n. . Q .\n";
    let leetcode = "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n";
    let drawn = ("expected a drawn board, the form asked for", "column list");
    let lists = ("expected a column list, the form asked for", "drawn board");
    // Pairs name their words pairs, not tokens.
    let pairs = ("expected pairs of row and column such as", "token");
    for (flag, text, (said, unsaid)) in [
        ("board", "1 3 0 2\n", drawn),
        ("list", board, lists),
        ("lines", board, lists),
        ("list", "", lists),
        ("pairs", "0, 1; 1, 3; 2, x;\n", pairs),
        ("pairs", "", pairs),
    ] {
        let out = verify(&["--input", flag], text);
        assert_eq!(out.code, 2, "{out:?}");
        assert!(
            out.stderr.contains(said) && !out.stderr.contains(unsaid),
            "{out:?}"
        );
    }
    // Not told, the form was guessed from the first line: the message
    // says so, not that it was asked for.
    for text in ["Z . . .\n", "１ ３ ０ ２\n"] {
        let out = verify(&[], text);
        assert_eq!(out.code, 2, "{out:?}");
        assert!(
            out.stderr
                .contains("expected a drawn board, the form its first line looks like")
                && !out.stderr.contains("asked for"),
            "{out:?}"
        );
    }
    let out = verify(&["--input", "list"], leetcode);
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr
            .contains("a LeetCode board (a list of quoted rows) where a column list was asked for"),
        "{out:?}"
    );
    assert_eq!(verify(&[], leetcode).code, 0);
    assert_eq!(verify(&["--input", "leetcode"], leetcode).code, 0);
    // A lone 1 is the one-square matrix, as `solve 1` and `all 1` write it
    // (as a column list it would be off the board); read as a column list
    // it says what to do.
    for command in [
        &["solve", "1", "-f", "matrix"][..],
        &["all", "1", "-f", "matrix"],
    ] {
        let written = run(command).stdout;
        assert_eq!(verify(&[], &written).code, 0, "{command:?}");
    }
    assert_eq!(
        verify(&[], "1\n0\n").code,
        1,
        "two rows: a column list, no solution"
    );
    let out = verify(&["--input", "list"], "1\n");
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("--input matrix"), "{out:?}");
    // A closing count that disagrees with the boards above it.
    let mut all = run(&["all", "4", "-f", "ascii"]).stdout;
    all = all.replace("2 solutions", "3 solutions");
    let out = verify(&[], &all);
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("the closing line says 3"), "{out:?}");
    // JSON lines: one object a line, nothing after it.
    let out = verify(&[], "{\"n\":4,\"columns\":[1,3,0,2]} {\"n\":4}\n");
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("trailing characters"), "{out:?}");
    let out = verify(&[], "{\"n\":5,\"columns\":[1,3,0,2]}\n");
    assert!(
        out.stderr.contains("\"n\" is 5, but \"columns\" holds 4"),
        "{out:?}"
    );
}

#[test]
fn large_json_and_pairs_stream() {
    // Past the detailed report's 10,000 queens: the streaming verdict, a
    // conflict named with the earlier queen from a file read twice.
    for format in ["json", "pairs"] {
        let out = run(&["solve", "20004", "-f", format]);
        assert_eq!(out.code, 0);
        let ok = TempFile::new(format, out.stdout.as_bytes());
        let back = run(&["verify", ok.arg()]);
        assert_eq!(back.stdout, "OK: a solution for n = 20,004\n", "{back:?}");
        let cols = serde_json::from_str::<Vec<usize>>(
            run(&["solve", "20004", "-f", "list"]).stdout.trim(),
        )
        .unwrap();
        let changed = move_queen(format, &out.stdout, 20004, 15000, cols[15000], cols[1234]);
        let bad = TempFile::new(format, changed.as_bytes());
        let back = run(&["verify", bad.arg()]);
        assert_eq!(back.code, 1, "{back:?}");
        assert!(back.stdout.contains("(15000, "), "{back:?}");
        assert!(back.stdout.contains("(1234, "), "{back:?}");
    }
}

/// `verify --instance` reads the placement as plain `verify` does, and says
/// so when it guessed the form, as plain `verify` does.
#[test]
fn a_guessed_form_is_not_said_to_be_asked_for_with_an_instance() {
    let instance = std::env::temp_dir().join(format!("nqueens-guessed-{}.txt", std::process::id()));
    std::fs::write(&instance, "....\n....\n....\n....\n").unwrap();
    let path = instance.to_str().unwrap();
    let out = verify(&["--instance", path], "Z . . .\n");
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.contains("the form its first line looks like")
            && !out.stderr.contains("asked for"),
        "{out:?}"
    );
    let out = verify(&["--instance", path, "--input", "board"], "Z . . .\n");
    assert!(out.stderr.contains("the form asked for"), "{out:?}");
    std::fs::remove_file(&instance).unwrap();
}
