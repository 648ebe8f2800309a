//! Every text form the program writes is read back as the same board.
//!
//! For each style of [`write_solution`] and every n from 1 to 40 that has a
//! solution: the text is told apart by [`sniff_format`] (except the one
//! ambiguous case, a one-square matrix), read back by
//! [`parse_placements_as`] and by the streaming [`ColumnReader`] as the
//! same columns, and judged a solution; the same board with one queen moved
//! (one word or square of the text), and a drawn board with one square
//! changed, are read back and judged not a solution.

#![allow(clippy::unwrap_used)]

use nqueens::{
    parse_placements_as, sniff_format, write_solution, ColumnReader, InputFormat, Placement,
    RenderOptions, Streamed, Style,
};
use proptest::prelude::*;

const STYLES: [Style; 8] = [
    Style::Board,
    Style::Ascii,
    Style::List,
    Style::Lines,
    Style::Json,
    Style::LeetCode,
    Style::Matrix,
    Style::Pairs,
];

/// The form a reader is told for a style.
fn form(style: Style) -> InputFormat {
    match style {
        Style::Board | Style::Ascii => InputFormat::Drawn,
        Style::Json => InputFormat::Json,
        Style::LeetCode => InputFormat::LeetCode,
        Style::Matrix => InputFormat::Matrix,
        Style::Pairs => InputFormat::Pairs,
        _ => InputFormat::Columns,
    }
}

fn text(columns: &[usize], style: Style, one_based: bool) -> String {
    let mut out = Vec::new();
    write_solution(&mut out, columns, style, RenderOptions { one_based }).unwrap();
    String::from_utf8(out).unwrap()
}

/// The columns of a placement with one queen a row.
fn columns(p: &Placement) -> Vec<usize> {
    let mut cols = vec![usize::MAX; p.n()];
    for q in p.queens() {
        assert_eq!(cols[q.row], usize::MAX, "two queens in row {}", q.row);
        cols[q.row] = q.col;
    }
    cols
}

/// Reads `text` both ways (whole, and streamed where the form streams): the
/// placements must agree.
fn read(text: &str, format: InputFormat, one_based: bool) -> Vec<Placement> {
    let whole = parse_placements_as(text, format, one_based)
        .unwrap_or_else(|e| panic!("{format:?} {text:?}: {e}"));
    if format.streams() {
        let mut reader = ColumnReader::new(text.as_bytes(), one_based)
            .with_format(format)
            .with_detail_max(usize::MAX);
        let mut streamed = Vec::new();
        while let Some(item) = reader.next_placement().unwrap() {
            let Streamed::Small(p) = item else {
                panic!("no detail limit, yet a verdict")
            };
            streamed.push(p);
        }
        assert_eq!(streamed, whole, "{format:?} {text:?}");
    }
    whole
}

/// A solution of n queens, one of several, by a seed.
fn solution(n: usize, seed: u64) -> Option<Vec<usize>> {
    nqueens::random_solution(n, seed)
        .unwrap()
        .map(|(cols, _)| cols)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_form_reads_back(
        n in 1usize..=40,
        seed in any::<u64>(),
        style in 0usize..STYLES.len(),
        one_based in any::<bool>(),
        row in any::<prop::sample::Index>(),
        col in any::<prop::sample::Index>(),
    ) {
        let style = STYLES[style];
        let Some(cols) = solution(n, seed) else {
            prop_assert!(n == 2 || n == 3);
            return Ok(());
        };
        let written = text(&cols, style, one_based);
        let format = form(style);
        // Told apart from its first bytes. A lone `1` (the matrix of one
        // square, or one column counted from 1) is read as the matrix: the
        // same board either way.
        let sniffed = sniff_format(written.as_bytes(), true);
        if written == "1\n" {
            prop_assert_eq!(sniffed, Some(InputFormat::Matrix));
            let as_sniffed = read(&written, InputFormat::Matrix, one_based);
            prop_assert_eq!(columns(&as_sniffed[0]), cols.clone());
        } else {
            prop_assert_eq!(sniffed, Some(format), "{:?}", written);
        }
        // Told apart from a prefix too, as `verify` sniffs a pipe.
        for cut in [1, written.len() / 2, written.len()] {
            if let Some(early) = sniff_format(&written.as_bytes()[..cut], false) {
                prop_assert_eq!(Some(early), sniffed, "{:?} cut at {}", written, cut);
            }
        }
        let read = read(&written, format, one_based);
        prop_assert_eq!(read.len(), 1);
        prop_assert!(read[0].is_solution());
        prop_assert_eq!(columns(&read[0]), cols.clone());

        // One queen moved to another column of its row: one word of a list,
        // two squares of a drawing. Read back, it is no solution.
        if n >= 2 {
            let r = row.index(n);
            let mut moved = cols.clone();
            moved[r] = (cols[r] + 1 + col.index(n - 1)) % n;
            let changed = text(&moved, style, one_based);
            let back = self::read(&changed, format, one_based);
            prop_assert!(!back[0].is_solution(), "{:?}", changed);
            prop_assert_eq!(columns(&back[0]), moved);
        }

        // One square of a drawing changed: a queen taken away or added.
        if matches!(style, Style::Board | Style::Ascii | Style::Matrix) {
            let (r, c) = (row.index(n), col.index(n));
            let (queen, empty) = match style {
                Style::Board => ("■", "□"),
                Style::Ascii => ("Q", "."),
                _ => ("1", "0"),
            };
            let lines: Vec<String> = written
                .lines()
                .enumerate()
                .map(|(i, line)| {
                    if i != r {
                        return line.to_string();
                    }
                    let mut cells: Vec<&str> = line.split(' ').collect();
                    cells[c] = if cells[c] == queen { empty } else { queen };
                    cells.join(" ")
                })
                .collect();
            let changed = lines.join("\n") + "\n";
            let back = self::read(&changed, format, one_based);
            prop_assert!(!back[0].is_solution(), "{:?}", changed);
            let queens = back[0].queens().len();
            prop_assert_eq!(queens, if cols[r] == c { n - 1 } else { n + 1 });
        }
    }
}

/// What `nqueens all` writes for drawn boards (boards, blank lines, a
/// closing count) reads back, and a closing count that disagrees is refused.
#[test]
fn closing_lines_are_read_and_checked() {
    let boards = [vec![1, 3, 0, 2], vec![2, 0, 3, 1]];
    for style in [Style::Board, Style::Ascii, Style::Matrix] {
        let mut all = String::new();
        for b in &boards {
            if !all.is_empty() {
                all.push('\n');
            }
            all += &text(b, style, false);
        }
        for (closing, ok) in [
            ("2 solutions", true),
            ("2 solutions (stopped at --limit 2)", true),
            ("2 solutions up to rotation and reflection", true),
            ("2 completions", true),
            ("3 solutions", false),
            ("1 solution", false),
        ] {
            let text = format!("{all}\n{closing}\n");
            let read = parse_placements_as(&text, form(style), false);
            assert_eq!(read.is_ok(), ok, "{text}: {read:?}");
            if let Err(e) = read {
                assert!(e.message.contains("the closing line says"), "{e}");
            }
        }
        let text = format!("{all}\n2 solutions\n. Q\n");
        assert!(parse_placements_as(&text, form(style), false).is_err());
    }
}
