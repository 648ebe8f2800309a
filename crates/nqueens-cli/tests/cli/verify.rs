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
            .ends_with("\n1 of 3 placements is not a solution\n"),
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
    // One row is one row.
    let err = run_in(&["verify"], "[\"\"]").error();
    assert!(
        err.contains("has 0 squares, but the board has 1 row;"),
        "{err}"
    );
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

/// The library suggests another reading in the names of its options; the
/// command says it in its flags, and never in the library's words.
#[test]
fn hints_name_the_flags() {
    for (args, input, hint) in [
        (
            &["verify", "--input", "list"][..],
            "1\n",
            "(1-based input? use --one-based; a 0/1 matrix of one square? use --input matrix)",
        ),
        (
            &["verify"],
            "2 4 1 3\n",
            "(1-based input? use --one-based; or is a row missing?)",
        ),
        (
            &["verify"],
            "1, 2; 2, 4; 3, 1; 4, 3;\n",
            "(1-based input? use --one-based)",
        ),
        (
            &["verify", "--one-based"],
            "0 1 2\n",
            "(columns are 1-based with --one-based)",
        ),
        (
            &["verify", "--input", "list"],
            "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n",
            "(or use --input leetcode)",
        ),
    ] {
        let err = run_in(args, input).error();
        assert!(
            err.ends_with(&format!("{hint}\n")),
            "{args:?} {input:?}: {err}"
        );
        assert!(
            !err.contains("one_based") && !err.contains("InputFormat"),
            "{err}"
        );
    }
    // A candidate for an instance is read the same way.
    let instance = TempFile::new("hint.param", b"letting n = 4\nletting blocks = [[1, 1]]\n");
    let err = run_in(&["verify", "--instance", instance.arg()], "2 4 1 3\n").error();
    assert!(
        err.ends_with("(1-based input? use --one-based; or is a row missing?)\n"),
        "{err}"
    );
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
        err.contains("standard input is not a column list, and 16 MiB of it from byte 0 on hold no whole board"),
        "{err}"
    );
}

/// A 0/1 matrix with a typo is read as a matrix, whose reader names the
/// word (exit 2); it was read as a column list of 16 queens and judged
/// "not a solution" on a 16×16 board (exit 1), which hid the typo.
#[test]
fn a_matrix_with_a_typo_is_named() {
    let r = run_in(&["verify"], "0 1 0 0\n0 0 0 2\n1 0 0 0\n0 0 1 0\n").code(2);
    assert!(r.stderr.contains("line 2: word 4 (\"2\")"), "{}", r.stderr);
    // Lines of other numbers stay a column list (one, of 8 queens).
    let r = run_in(&["verify"], "1 3 0 2\n2 0 3 1\n").code(1);
    assert!(
        r.stdout.starts_with("not a solution: 8 queens"),
        "{}",
        r.stdout
    );
}

/// Blanks alone, more than a board's worth of them, are no board: said so,
/// not that they hold no whole board (which they were told once past 16
/// MiB; fewer are "the input is empty").
#[test]
fn a_sea_of_blanks_is_no_board() {
    for blanks in [" ".repeat(20 << 20), " \n\t".repeat(3)] {
        let out = nq()
            .args(["verify"])
            .write_stdin(blanks.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        let said = if blanks.len() > 100 {
            "standard input holds only blanks, 16 MiB of them from byte 0 on: no board"
        } else {
            "the input is empty"
        };
        assert!(err.contains(said), "{err}");
    }
}

/// What `all` writes in the drawn forms, many megabytes of small boards
/// (25 MB for n = 13), is read back a part at a time: every board, the
/// closing line's count checked against them all, and an error named by
/// its line in the whole input. (Read whole, anything past 16 MiB was
/// refused as too large a board.)
#[test]
fn many_drawn_boards_are_read_back_in_parts() {
    for form in ["ascii", "matrix", "board"] {
        let all = nq().args(["all", "13", "-f", form]).output().unwrap();
        assert!(all.status.success());
        assert!(all.stdout.len() > 16 << 20, "{form}: {}", all.stdout.len());
        let out = nq()
            .args(["verify", "-"])
            .write_stdin(all.stdout.clone())
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "OK: all 73,712 placements are solutions\n",
            "{form}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success() && out.stderr.is_empty(), "{form}");
    }
    let all = nq().args(["all", "13", "-f", "ascii"]).output().unwrap();
    let text = String::from_utf8(all.stdout).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    // A bad square near the end, in the last part.
    let at = lines.len() - 10;
    let bad = lines[at].replacen('.', "z", 1);
    lines[at] = &bad;
    let err = run_in(&["verify", "-"], lines.join("\n")).error();
    assert!(
        err.contains(&format!("line {}: character", at + 1)),
        "{err}"
    );
    // A NUL byte in the last part is named by its offset in the whole input.
    let mut binary = text.clone().into_bytes();
    let nul = binary.len() - 100;
    binary[nul] = 0;
    let err = run_in(&["verify", "-"], binary).error();
    assert!(
        err.contains(&format!("a NUL byte at offset {nul}")),
        "{err}"
    );
    // The closing line counts the boards of every part.
    lines[at] = text.lines().nth(at).unwrap();
    let closing = lines.len() - 1;
    lines[closing] = "73,711 solutions";
    let err = run_in(&["verify", "-"], lines.join("\n")).error();
    assert!(
        err.contains("the closing line says 73,711, but 73,712 boards are above it"),
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
