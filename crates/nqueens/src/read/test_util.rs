//! Helpers shared by the tests of the stream module: reference checks,
//! solutions to test on, and readers run to the end.

use std::io::{self, BufRead};

use super::lines::{line_key, KINDS};
use super::oracle;
use super::{
    is_column_list, ColumnReader, InputFormat, LineConflict, LineVerifier, Streamed, Verdict,
};
use crate::board::{Placement, Square};

/// Line-by-line reference: for each row, the kinds of line it finds taken
/// and the first row on each.
pub(super) fn naive(cols: &[usize]) -> (Vec<LineConflict>, u64, [u64; 3]) {
    let mut out = Vec::new();
    let mut on_taken = 0;
    let mut taken = [0u64; 3];
    for (row, &col) in cols.iter().enumerate() {
        let mut hit = false;
        for (kind, attack) in KINDS.iter().enumerate() {
            let key = line_key(kind, row as u64, col as u64);
            let first = (0..row).find(|&r| line_key(kind, r as u64, cols[r] as u64) == key);
            if let Some(first) = first {
                hit = true;
                taken[kind] += 1;
                out.push(LineConflict {
                    queen: Square::new(row, col),
                    attack: *attack,
                    earlier_row: Some(first),
                });
            }
        }
        on_taken += u64::from(hit);
    }
    (out, on_taken, taken)
}

/// The conflicts as the verifier lists them: without their earlier rows.
pub(super) fn blank(mut conflicts: Vec<LineConflict>) -> Vec<LineConflict> {
    for c in &mut conflicts {
        c.earlier_row = None;
    }
    conflicts
}

/// The verdict of `v` on `cols`.
pub(super) fn run(cols: &[usize], mut v: LineVerifier) -> Verdict {
    for &c in cols {
        v.push(c);
    }
    v.finish()
}

/// The explicit construction; for n even and n % 6 != 2, rows r < n/2
/// stand in column 2r + 1 and the others in 2(r − n/2), which the tests that
/// plant conflicts rely on.
pub(super) fn solution(n: usize) -> Vec<usize> {
    assert!(n.is_multiple_of(2) && n % 6 != 2);
    match crate::huge::construct::construct(n) {
        Ok(Some(columns)) => columns.collect(),
        _ => unreachable!("n = {n} ≥ 4 has a construction"),
    }
}

/// Every placement of `text`, or the first error as text.
pub(super) fn read_all(text: &str, one_based: bool) -> Result<Vec<Streamed>, String> {
    read_with(ColumnReader::new(text.as_bytes(), one_based))
}

/// Every placement `reader` reads, or the first error as text.
pub(super) fn read_with<R: BufRead>(mut reader: ColumnReader<R>) -> Result<Vec<Streamed>, String> {
    let mut out = Vec::new();
    loop {
        match reader.next_placement() {
            Ok(Some(p)) => out.push(p),
            Ok(None) => return Ok(out),
            Err(e) => return Err(e.to_string()),
        }
    }
}

/// The placements, all of which must be small.
pub(super) fn small(items: Vec<Streamed>) -> Vec<Placement> {
    items
        .into_iter()
        .map(|s| match s {
            Streamed::Small(p) => p,
            Streamed::Large(v) => panic!("large: {v:?}"),
        })
        .collect()
}

/// The reader agrees with the whole-text oracle on text in the column-list
/// forms, and `parse_placements` with both.
pub(super) fn agrees(text: &str, one_based: bool) {
    if is_column_list(text.as_bytes(), true) != Some(true) {
        return;
    }
    let want = oracle::parse(text, one_based).map_err(|e| e.to_string());
    // (A text that `sniff_format` tells is a matrix, JSON or pairs,
    // `parse_placements` reads in that form.)
    let other_form = matches!(
        crate::read::sniff_format(text.as_bytes(), true),
        Some(InputFormat::Matrix | InputFormat::Json | InputFormat::Pairs)
    );
    if !other_form {
        let library = crate::parse_placements(text, one_based).map_err(|e| e.to_string());
        assert_eq!(
            library, want,
            "parse_placements: {text:?} one_based={one_based}"
        );
    }
    let got = read_all(text, one_based).map(small);
    assert_eq!(got, want, "{text:?} one_based={one_based}");
    // The same through a one-byte buffer: words cut at every byte.
    let got = read_with(ColumnReader::new(
        io::BufReader::with_capacity(1, text.as_bytes()),
        one_based,
    ))
    .map(small);
    assert_eq!(got, want, "{text:?} one_based={one_based}, 1-byte buffer");
}

/// `[c0, c1, …]` of a board, or `[` and one column per line.
pub(super) fn list(cols: &[usize], one_per_line: bool, base: usize) -> String {
    let words: Vec<String> = cols.iter().map(|c| (c + base).to_string()).collect();
    if one_per_line {
        format!("[\n{}\n]\n", words.join("\n"))
    } else {
        format!("[{}]\n", words.join(", "))
    }
}
