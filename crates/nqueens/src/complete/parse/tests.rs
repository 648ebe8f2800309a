//! Every form and its errors, and every benchmark file of the collection.

use super::*;
use crate::board::Square;

fn read(text: &str) -> Result<(Instance, Format), ParseError> {
    parse_instance(text, ReadOptions::default())
}

fn ok(text: &str) -> (Instance, Format) {
    match read(text) {
        Ok(x) => x,
        Err(e) => panic!("{text:?}: {e}"),
    }
}

/// The error, with the line and a piece of the message checked.
fn err(text: &str, line: Option<usize>, piece: &str) -> ParseError {
    err_with(text, ReadOptions::default(), line, piece)
}

fn err_with(text: &str, options: ReadOptions, line: Option<usize>, piece: &str) -> ParseError {
    let e = match parse_instance(text, options) {
        Ok((i, f)) => panic!("{text:?} was read as {f}: {i:?}"),
        Err(e) => e,
    };
    assert_eq!(e.line, line, "{e}");
    assert!(e.message.contains(piece), "{piece:?} not in {e}");
    e
}

fn sq(row: usize, col: usize) -> Square {
    Square::new(row, col)
}

#[test]
fn blocked_files_are_one_based() {
    let (i, f) = ok("letting n = 4\nletting blocks = [[1,1],\n[4,3],\n]\n");
    assert_eq!(f, Format::Blocked);
    assert_eq!(i.n(), 4);
    assert_eq!(i.blocked(), [sq(0, 0), sq(3, 2)]);
    assert!(i.queens().is_empty());
    assert!(!i.is_allowed(sq(0, 0)));
    assert!(i.is_allowed(sq(1, 1)));
    // Comments, `be`, a `language` line, no spaces, one line.
    let (i, _) =
        ok("language ESSENCE' 1.0\n$ a comment\nletting n be 3 $ the size\nletting blocks=[[2,2]]");
    assert_eq!((i.n(), i.blocked()), (3, vec![sq(1, 1)]));
    let (i, _) = ok("letting n = 5\nletting blocks = []\n");
    assert!(i.is_empty());
}

#[test]
fn completion_files_are_zero_based() {
    let (i, f) = ok("letting n =  5\nletting init =  [[0, 4], [2, 0],\n [4, 1]]\n");
    assert_eq!(f, Format::Completion);
    assert_eq!(i.queens(), [sq(0, 4), sq(2, 0), sq(4, 1)]);
    assert!(i.blocked().is_empty());
    err(
        "letting n = 5\nletting init = [[0, 4],\n[5, 0]]",
        Some(3),
        "entry 2 of init ([5, 0]): row 5 is off the 5×5 board (rows run 0..=4 in a completion file, which is 0-based)",
    );
}

#[test]
fn diagonal_values_and_types() {
    // [2, 1]: the sum diagonal row + col = 2; [5, 0]: the difference
    // diagonal row − col + 3 = 5, so row − col = 2.
    let (i, f) = ok("n =  4\nnumdiags =  2\ndiags =  [[2, 1], [5, 0]]\n");
    assert_eq!(f, Format::Diagonals);
    assert_eq!(i.excluded_sums(), [2]);
    assert_eq!(i.excluded_differences(), [5]);
    for (square, allowed) in [
        (sq(0, 2), false),
        (sq(1, 1), false),
        (sq(2, 0), false),
        (sq(2, 2), true),
        (sq(3, 1), false),
        (sq(2, 0), false),
        (sq(1, 3), true),
        (sq(3, 0), true),
        (sq(0, 0), true),
    ] {
        assert_eq!(i.is_allowed(square), allowed, "{square}");
    }
    // numdiags may be left out.
    let (i, _) = ok("n = 4\ndiags = [[0, 0]]");
    assert_eq!(i.excluded_differences(), [0]);
    assert!(!i.is_allowed(sq(0, 3)));
}

#[test]
fn only_a_prefix_of_the_diagonals() {
    let text = "n = 5\nnumdiags = 3\ndiags = [[4, 1], [0, 0], [8, 1]]\n";
    let (i, _) = parse_instance(text, ReadOptions { diagonals: Some(2) }).unwrap();
    assert_eq!(i.excluded_sums(), [4]);
    assert_eq!(i.excluded_differences(), [0]);
    let (i, _) = parse_instance(text, ReadOptions { diagonals: Some(0) }).unwrap();
    assert!(i.is_empty());
    let (i, _) = parse_instance(text, ReadOptions { diagonals: Some(3) }).unwrap();
    assert_eq!(i.excluded_sums(), [4, 8]);
    err_with(
        text,
        ReadOptions { diagonals: Some(4) },
        None,
        "the first 4 diagonals were asked for, but the file has only numdiags = 3",
    );
    err_with(
        "letting n = 4\nletting blocks = []",
        ReadOptions { diagonals: Some(1) },
        None,
        "not an excluded-diagonals file",
    );
}

#[test]
fn diagonal_errors() {
    err(
        "n = 5\nnumdiags = 3\ndiags = [[4, 1], [0, 0]]\n",
        Some(2),
        "numdiags = 3 but diags (line 3) has 2 pairs",
    );
    err(
        "n = 5\ndiags = [[4, 1],\n[0, 2]]\n",
        Some(3),
        "entry 2 of diags ([0, 2]): type 2 is neither 1",
    );
    err(
        "n = 5\ndiags = [[9, 1]]\n",
        Some(2),
        "entry 1 of diags ([9, 1]): sum diagonal 9 is off the 5×5 board (diagonals run 0..=8",
    );
    err(
        "n = 5\ndiags = [[-1, 0]]\n",
        Some(2),
        "difference diagonal -1 is off",
    );
    err("n = 5\nnumdiags = 0\n", None, "`diags`");
    err(
        "n = 5\ndiags = [4, 1]\n",
        Some(2),
        "entry 1 of diags (4) is a number",
    );
    err(
        "n = 5\ndiags = 4\n",
        Some(2),
        "must be a list of [value, type] pairs",
    );
    err(
        "n = 5\ndiags = [[1, 1, 1]]\n",
        Some(2),
        "([1, 1, 1]) is not a [value, type] pair",
    );
    err(
        "n = 5\nnumdiags = -2\ndiags = []\n",
        Some(2),
        "`numdiags` is -2",
    );
}

#[test]
fn parameter_file_errors() {
    err(
        "letting n = 28\nletting blocks = [[1,1],\n[29, 3]]",
        Some(3),
        "entry 2 of blocks ([29, 3]): row 29 is off the 28×28 board (rows run 1..=28 in a blocked file, which is 1-based)",
    );
    err(
        "letting n = 4\nletting blocks = [[0,1]]",
        Some(2),
        "row 0 is off the 4×4 board",
    );
    err(
        "letting n = 4\nletting blocks = [[1,5]]",
        Some(2),
        "column 5 is off the 4×4 board (columns run 1..=4",
    );
    err(
        "letting n = 4\nletting n = 5\nletting blocks = []",
        Some(2),
        "`n` is given twice (first on line 1)",
    );
    err("letting blocks = [[1,1]]", None, "no `n`");
    err("letting n = 4", None, "only `n` is given");
    err(
        "letting n = 4\nletting blocks = [[1,1],\n[2,2]\n",
        Some(2),
        "the list in `blocks` opened on line 2 is not closed: the end of the text",
    );
    err(
        "letting n = 4\nletting blocks = [[1,1],\n[2,2]\nletting init = []",
        Some(2),
        "`letting` on line 4",
    );
    err(
        "letting n = 4\nletting blocks = [[1,1] [2,2]]",
        Some(2),
        "expected ',' or ']' after entry 1",
    );
    err(
        "letting n = 4\nletting blocks = [[1,1],,]",
        Some(2),
        "expected a number or a '[' list in `blocks`, found ','",
    );
    err(
        "letting n = 4\nletting blox = []",
        Some(2),
        "unknown name `blox`",
    );
    err(
        "letting n = 4\nletting blocks = []\nletting init = []",
        Some(3),
        "`init` cannot be mixed with `blocks` (line 2)",
    );
    err("letting n = 0\nletting blocks = []", Some(1), "n = 0");
    err(
        "letting n = 2000000\nletting init = []",
        Some(1),
        "larger than",
    );
    err(
        "letting n = [4]\nletting init = []",
        Some(1),
        "`n` must be a number",
    );
    err(
        "letting n 4",
        Some(1),
        "expected '=' after `n`, found the number 4",
    );
    err("letting n =", Some(1), "found the end of the text");
    // Not decimal: said of its own line (`0x4` was 0 and a name `x4`,
    // blamed on line 2).
    err(
        "letting n = 0x4\nletting init = []",
        Some(1),
        "`0x4` is not a whole number",
    );
    err(
        "letting n = 8\nletting init = [[1, 2e1]]",
        Some(2),
        "`2e1` is not",
    );
    // A decimal point: `4.0` was read as 4 and a stray '.'.
    err(
        "letting n = 4.0\nletting init = []",
        Some(1),
        "`4.0` in `n` is not a whole number",
    );
    err(
        "language ESSENCE' 1.0\nletting n = 8\nletting init = [[1, 2.5]]",
        Some(3),
        "`2.5` in `init` is not a whole number",
    );
    err(
        "letting n = 4\nletting init = [[1, 99999999999999999999]]",
        Some(2),
        "far too large",
    );
    err(
        "letting n = 4\nletting init = [[1; 2]]",
        Some(2),
        "found ';'",
    );
    err("letting n = 4\n= 5", Some(2), "expected a name");
    err(
        "letting n = 4\nletting init = [[1, 2], [3]]",
        Some(2),
        "entry 2 of init ([3]) is not a [row, column] pair",
    );
}

#[test]
fn format_names() {
    assert_eq!(Format::Blocked.name(), "blocked");
    assert_eq!(Format::Json.to_string(), "a JSON instance");
    let (_, f) = ok("letting n = 3\nletting init = []");
    assert_eq!(
        (f.name(), f.to_string()),
        ("completion", "a CSPLib completion file".to_string())
    );
}

#[test]
fn drawn_boards() {
    let spaced = "\n\n. Q . .\n. . . x\n# . . .\n. . q .\n\n";
    let packed = ".Q..\n...X\n#...\n..♛.\n";
    for text in [spaced, packed] {
        let (i, f) = ok(text);
        assert_eq!(f, Format::Drawn);
        assert_eq!(i.n(), 4);
        assert_eq!(i.queens(), [sq(0, 1), sq(3, 2)]);
        assert_eq!(i.blocked(), [sq(1, 3), sq(2, 0)]);
        assert!(i.excluded_sums().is_empty() && i.excluded_differences().is_empty());
    }
    let (i, _) = ok("□ ■\n□ □\n");
    assert_eq!(i.queens(), [sq(0, 1)]);
    let (i, _) = ok("x\n");
    assert_eq!((i.n(), i.blocked()), (1, vec![sq(0, 0)]));
    let (i, _) = ok("\u{feff}..\r\n..\r\n");
    assert!(i.is_empty());
}

#[test]
fn drawn_board_errors() {
    err(
        ". Q . .\n. . Z .\n. . . .\n. . . .\n",
        Some(2),
        "column 5: unexpected 'Z'",
    );
    err(
        ". Q . .\n. . .\n. . . .\n. . . .\n",
        Some(2),
        "row 2 has 3 squares but row 1 (line 1) has 4",
    );
    err(". Q .\n. . .\n", None, "the board has 2 rows of 3 squares");
    err(". Q\n\n. .\n", Some(2), "a blank line inside the board");
    // What `complete --all` and `all` draw: one board and its closing line
    // reads back; a second board, or a closing line of more, is named.
    let (i, f) = ok(". Q . .\n. . . q\nq . . .\n. . q .\n\n1 completion\n");
    assert_eq!((f, i.n(), i.queens().len()), (Format::Drawn, 4, 4));
    err(
        ". Q . .\n. . . q\nq . . .\n. . q .\n\n. . Q .\nq . . .\n. . . q\n. q . .\n\n2 completions\n",
        Some(11),
        "the closing line says 2; a file to complete holds one board",
    );
    err(
        ". Q . .\n. . . q\nq . . .\n. . q .\n\n. . Q .\nq . . .\n. . . q\n. q . .\n",
        Some(5),
        "a blank line after a whole board, and more after it",
    );
    err(
        ". Q\n. .\n\n. .\n",
        Some(3),
        "a blank line after a whole board",
    );
    err("", None, "the input is empty");
    err("  \n\n", None, "the input is empty");
    err("[[1, 2]]", Some(1), "unexpected '[' at the start");
}

#[test]
fn json_with_every_key() {
    let text = r#"{"n": 8, "queens": [[0, 0], [1, 2]], "blocked": [[3, 4]],
            "excluded": {"sum": [7, 9], "difference": [0]}}"#;
    let (i, f) = ok(text);
    assert_eq!(f, Format::Json);
    assert_eq!(i.n(), 8);
    assert_eq!(i.queens(), [sq(0, 0), sq(1, 2)]);
    assert_eq!(i.blocked(), [sq(3, 4)]);
    assert_eq!(i.excluded_sums(), [7, 9]);
    assert_eq!(i.excluded_differences(), [0]);
    assert!(!i.is_allowed(sq(0, 7)));
    let (i, _) = ok(r#"{"n": 3}"#);
    assert!(i.is_empty() && i.n() == 3);
    let (i, _) = ok(r#"{"n": 3, "excluded": {}}"#);
    assert!(i.is_empty());
}

#[test]
fn json_errors() {
    err(r#"{"n": 8, "queens": [[0, 0]"#, Some(1), "not valid JSON");
    // Text after the object is refused, not cut off unread.
    err(r#"{"n":8} garbage"#, Some(1), "trailing characters");
    // A pair with a third number is no JSON error (serde_json calls it
    // "trailing characters"): the pair is named.
    err(
        r#"{"n": 8, "queens": [[0, 0, 3]]}"#,
        Some(1),
        "not a valid instance (at queens[0]): too many numbers, expected an array of length 2",
    );
    err("{\"n\":8}\n{\"n\":9}\n", Some(2), "trailing characters");
    assert!(parse_instance("{\"n\":8}\n\n  \n", ReadOptions::default()).is_ok());
    let e = err("{\"n\": 8,\n \"n\": 9}", Some(2), "duplicate field `n`");
    assert_eq!(
        e.to_string(),
        "line 2: column 4: not a valid instance: duplicate field `n`"
    );
    err(
        "{\"n\": 8, \"excluded\": {\"sum\": [],\n\"sum\": []}}",
        Some(2),
        "(at excluded): duplicate field `sum`",
    );
    err(
        r#"{"n": 8, "queen": [], "walls": []}"#,
        Some(1),
        "(at queen): unknown field `queen`, expected one of `n`, `queens`, `blocked`, `excluded`",
    );
    err(
        r#"{"queens": []}"#,
        Some(1),
        "missing field `n`, the board size",
    );
    err(r#"{"n": 0}"#, None, "n = 0");
    err(
        r#"{"n": 8.5}"#,
        Some(1),
        "(at n): invalid type: floating point `8.5`, expected a whole number, 0 or more",
    );
    // Past u64, serde_json reads a whole number as a float.
    err(
        r#"{"n": 1000000000000000000000000000000}"#,
        Some(1),
        "(at n): the number 1e30 is far too large, expected a whole number, 0 or more",
    );
    err(
        r#"{"n": 8, "queens": [[0, 99999999999999999999]]}"#,
        Some(1),
        "(at queens[0][1]): the number 1e20 is far too large",
    );
    err(
        r#"{"n": -3}"#,
        Some(1),
        "(at n): invalid value: integer `-3`",
    );
    err(
        r#"{"n": 8, "queens": [[0, 0], [8, 1]]}"#,
        None,
        "entry 2 of \"queens\" ([8, 1]): row 8 is off the 8×8 board (rows run 0..=7; JSON is 0-based)",
    );
    err(
        r#"{"n": 8, "blocked": [[0, -1]]}"#,
        Some(1),
        "(at blocked[0][1]): invalid value: integer `-1`",
    );
    err(
        r#"{"n": 8, "blocked": [[0]]}"#,
        Some(1),
        "(at blocked[0]): invalid length 1, expected an array of length 2",
    );
    err(
        r#"{"n": 8, "blocked": 3}"#,
        Some(1),
        "(at blocked): invalid type: integer `3`, expected an array",
    );
    err(
        r#"{"n": 4, "excluded": {"sum": [7]}}"#,
        None,
        "entry 1 of \"excluded\".\"sum\" (7) is not one of the sum diagonals",
    );
    err(
        r#"{"n": 4, "excluded": []}"#,
        Some(1),
        "(at excluded): invalid type: sequence, expected an object",
    );
    err(
        r#"{"n": 4, "excluded": {"anti": []}}"#,
        Some(1),
        "(at excluded.anti): unknown field `anti`, expected `sum` or `difference`",
    );
    err("[4]", Some(1), "unexpected '[' at the start");
    err(r#"{"n": 99999999999999999999999}"#, Some(1), "(at n)");
}

/// The numbers of a `name = [...]` list in raw text, in pairs.
fn raw_pairs(text: &str, name: &str) -> Vec<(i64, i64)> {
    let start = text.find(&format!("{name} =")).unwrap_or(0);
    let rest = &text[start..];
    let rest = &rest[rest.find('[').unwrap()..];
    let numbers: Vec<i64> = rest
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    numbers.chunks(2).map(|p| (p[0], p[1])).collect()
}

fn raw_number(text: &str, name: &str) -> usize {
    let line = text
        .lines()
        .find(|l| {
            l.trim_start_matches("letting ")
                .starts_with(&format!("{name} "))
        })
        .unwrap();
    line.split('=').nth(1).unwrap().trim().parse().unwrap()
}

#[test]
fn every_benchmark_file() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/benchmarks/completion");
    let Ok(dirs) = std::fs::read_dir(&root) else {
        return;
    };
    let mut read = 0;
    for dir in dirs {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("param") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let (i, format) = parse_instance(&text, ReadOptions::default())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let n = raw_number(&text, "n");
            assert_eq!(i.n(), n, "{}", path.display());
            let distinct = |name| {
                raw_pairs(&text, name)
                    .into_iter()
                    .collect::<std::collections::BTreeSet<_>>()
            };
            match format {
                Format::Blocked => {
                    let blocks = distinct("blocks");
                    assert_eq!(i.blocked().len(), blocks.len(), "{}", path.display());
                    assert!(i.queens().is_empty());
                    let first = *blocks.iter().next().unwrap();
                    let square = sq(first.0 as usize - 1, first.1 as usize - 1);
                    assert!(i.is_blocked(square), "{}", path.display());
                }
                Format::Completion => {
                    let init = distinct("init");
                    assert_eq!(i.queens().len(), init.len(), "{}", path.display());
                    assert!(i.blocked().is_empty());
                    let first = *init.iter().next().unwrap();
                    assert_eq!(i.queens()[0], sq(first.0 as usize, first.1 as usize));
                }
                Format::Diagonals => {
                    let diags = raw_pairs(&text, "diags");
                    assert_eq!(diags.len(), raw_number(&text, "numdiags"));
                    let count = |t| {
                        diags
                            .iter()
                            .filter(|d| d.1 == t)
                            .map(|d| d.0)
                            .collect::<std::collections::BTreeSet<_>>()
                            .len()
                    };
                    assert_eq!(i.excluded_sums().len(), count(1), "{}", path.display());
                    assert_eq!(i.excluded_differences().len(), count(0));
                    let (first, _) =
                        parse_instance(&text, ReadOptions { diagonals: Some(1) }).unwrap();
                    let d = diags[0];
                    let expected = if d.1 == 1 {
                        (vec![d.0 as usize], vec![])
                    } else {
                        (vec![], vec![d.0 as usize])
                    };
                    assert_eq!(
                        (first.excluded_sums(), first.excluded_differences()),
                        expected
                    );
                    let too_many = ReadOptions {
                        diagonals: Some(diags.len() + 1),
                    };
                    assert!(parse_instance(&text, too_many).is_err());
                }
                other => panic!("{}: read as {other}", path.display()),
            }
            read += 1;
        }
    }
    assert!(read > 0, "no .param files under {}", root.display());
}
