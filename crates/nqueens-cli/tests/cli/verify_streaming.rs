//! `verify` of column lists too large for the detailed report: streamed in
//! O(n) bits, with the first conflicts named by both queens.

use super::*;

/// The explicit construction: for these sizes (n even, n % 6 != 2)
/// rows r < n/2 stand in column 2r + 1, the others in 2(r − n/2).
fn construction(n: usize) -> Vec<usize> {
    assert!(n.is_multiple_of(2) && n % 6 != 2, "{n}");
    nqueens::construct(n).unwrap().unwrap().collect()
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
        format!("placement 2: {PLANTED_REPORT}1 of 4 placements is not a solution\n")
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
            "line 8: token 8 (\"200004\"): column 200004 is off the board; 200004 rows were \
             given, so columns run 0..=200003 (1-based input? use --one-based; or is a row \
             missing?)"
        ),
        "{err}"
    );
    // Known only at the end, as the line of any word: one line of all of
    // them, and one a line with a blank line before the last.
    cols[7] = construction(N)[7];
    cols[N - 1] += N;
    let err = run_in(&["verify"], text(&cols, true, 0)).error();
    assert!(err.contains("line 1: token 200004 ("), "{err}");
    let mut input = text(&cols, false, 0);
    input.insert(input.len() - 1 - cols[N - 1].to_string().len(), '\n');
    let err = run_in(&["verify"], input).error();
    assert!(err.contains("line 200005: token 200004 ("), "{err}");
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
fn pictures_refuse_boards_above_100_squares_a_side_and_crowds() {
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
                "--format {format} draws boards of up to 100 squares a side"
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
        assert!(err.contains("up to 100 squares a side"), "{err}");
        // A 100×100 board full of queens: 1,646,700 attacking pairs, each a
        // line (it drew them all, for minutes), refused at once; 100 queens
        // on one row (4,950 pairs) are drawn.
        let full = format!("{}\n", vec!["Q"; 100].join(" ")).repeat(100);
        let err = run_in(&["verify", "--format", format], full).error();
        assert!(
            err.contains("1,646,700 pairs of these queens attack each other")
                && err.contains("at most 5,000"),
            "{err}"
        );
        let row = format!("{}\n", vec!["Q"; 100].join(" "))
            + &format!("{}\n", vec!["."; 100].join(" ")).repeat(99);
        let out = nq()
            .args(["verify", "--format", format])
            .write_stdin(row)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        if format == "svg" {
            let svg = String::from_utf8(out.stdout).unwrap();
            assert!(
                svg.contains("not a solution: 4,950 attacking pairs"),
                "{svg:.300}"
            );
        }
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
        "not a solution: 10,000 queens on a 10,000×10,000 board, 1 attacking pair\n  \
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
        format!("placement 2: {detailed}1 of 2 placements is not a solution\n")
    );
}
