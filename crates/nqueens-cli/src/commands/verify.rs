//! `nqueens verify [FILE|-]`: is this placement a solution, and if not, why not.

use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;

use anyhow::Context;
use nqueens::{parse_placements, Placement};

use nqueens::render::{write_png, write_svg, Picture};

use crate::cli::VerifyFormat;
use crate::exit::{usage, Outcome};
use crate::output::{check_binary_ok, Out};

/// At most this many attacking pairs are listed per placement; the total is
/// always given.
const LIST_MAX: usize = 1000;

#[allow(clippy::print_stderr)]
fn read_input(input: Option<&Path>) -> anyhow::Result<(String, String)> {
    let (name, bytes) = match input {
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read '{}'", path.display()))?;
            (format!("'{}'", path.display()), bytes)
        }
        None => {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                eprintln!("reading a placement from the terminal; end it with Ctrl-D");
            }
            let mut bytes = Vec::new();
            stdin
                .lock()
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            ("standard input".to_string(), bytes)
        }
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok((name, text)),
        Err(e) => usage!(
            "{name} is not UTF-8 text (invalid byte at offset {}); verify reads a column list or a drawn board",
            e.utf8_error().valid_up_to()
        ),
    }
}

pub fn run(input: Option<&Path>, one_based: bool, format: VerifyFormat) -> anyhow::Result<Outcome> {
    if format == VerifyFormat::Png {
        check_binary_ok("nqueens verify board.txt --format png")?;
    }
    let (name, text) = read_input(input)?;
    let placements = match parse_placements(&text, one_based) {
        Ok(p) => p,
        Err(e) => usage!("cannot read a placement from {name}: {e}"),
    };
    if matches!(format, VerifyFormat::Svg | VerifyFormat::Png) {
        return picture(&placements, format == VerifyFormat::Svg);
    }
    let base = usize::from(one_based);
    let mut out = Out::stdout();
    let mut failures = 0usize;
    let several = placements.len() > 1;
    for (k, placement) in placements.iter().enumerate() {
        let ok = placement.is_solution();
        if !ok {
            failures += 1;
        }
        match format {
            VerifyFormat::Text => {
                let label = if several {
                    format!("placement {}: ", k + 1)
                } else {
                    String::new()
                };
                // Several solutions make a short report: only failures get details.
                if !(several && ok) {
                    text_report(&mut out, &label, placement, base)?;
                }
            }
            VerifyFormat::Json => json_report(&mut out, placement, base)?,
            VerifyFormat::Svg | VerifyFormat::Png => {}
        }
        out.end_record()?;
    }
    if several && format == VerifyFormat::Text {
        let n = placements.len();
        if failures == 0 {
            writeln!(out, "OK: all {n} placements are solutions")?;
        } else {
            writeln!(out, "{failures} of {n} placements are not solutions")?;
        }
    }
    out.flush()?;
    Ok(if failures == 0 {
        Outcome::Yes
    } else {
        Outcome::No
    })
}

/// Draws the one placement, attacking pairs in red.
fn picture(placements: &[Placement], svg: bool) -> anyhow::Result<Outcome> {
    let [placement] = placements else {
        usage!(
            "--format svg and png draw one board, but the input holds {} placements",
            placements.len()
        );
    };
    let pairs = placement.conflict_count();
    let caption = if placement.is_solution() {
        format!("a solution for n = {}", placement.n())
    } else if pairs == 0 {
        format!(
            "not a solution: {} queens on a {n}×{n} board",
            placement.queens().len(),
            n = placement.n()
        )
    } else {
        format!(
            "not a solution: {pairs} attacking {}",
            if pairs == 1 { "pair" } else { "pairs" }
        )
    };
    let picture = Picture::from_placement(placement)
        .with_coordinates(true)
        .with_caption(caption);
    let mut out = Out::stdout();
    if svg {
        write_svg(&mut out, &picture)?;
    } else {
        write_png(&mut out, &picture)?;
    }
    out.flush()?;
    Ok(if placement.is_solution() {
        Outcome::Yes
    } else {
        Outcome::No
    })
}

fn text_report(out: &mut Out, label: &str, p: &Placement, base: usize) -> io::Result<()> {
    let n = p.n();
    if p.is_solution() {
        return writeln!(out, "{label}OK: a solution for n = {n}");
    }
    let pairs = p.conflict_count();
    let empty = p.empty_rows();
    let pair_word = if pairs == 1 { "pair" } else { "pairs" };
    writeln!(
        out,
        "{label}not a solution: {} queens on a {n}×{n} board, {pairs} attacking {pair_word}",
        p.queens().len()
    )?;
    for c in p.conflicts().take(LIST_MAX) {
        writeln!(
            out,
            "  queens at ({}, {}) and ({}, {}) share {}",
            c.first.row + base,
            c.first.col + base,
            c.second.row + base,
            c.second.col + base,
            article(c.attack)
        )?;
    }
    if pairs > LIST_MAX as u128 {
        writeln!(
            out,
            "  … and {} more attacking pairs",
            pairs - LIST_MAX as u128
        )?;
    }
    match empty.len() {
        0 => {}
        1 => writeln!(out, "  row {} has no queen", empty[0] + base)?,
        _ => {
            let shown: Vec<String> = empty
                .iter()
                .take(20)
                .map(|r| (r + base).to_string())
                .collect();
            let more = if empty.len() > 20 { ", …" } else { "" };
            writeln!(out, "  rows {}{more} have no queen", shown.join(", "))?;
        }
    }
    let from = if base == 1 { 1 } else { 0 };
    writeln!(out, "  (squares are (row, column), counted from {from})")
}

fn json_report(out: &mut Out, p: &Placement, base: usize) -> io::Result<()> {
    write!(
        out,
        "{{\"n\":{},\"queens\":{},\"solution\":{},\"empty_rows\":[",
        p.n(),
        p.queens().len(),
        p.is_solution()
    )?;
    for (i, r) in p.empty_rows().iter().enumerate() {
        write!(out, "{}{}", if i > 0 { "," } else { "" }, r + base)?;
    }
    write!(
        out,
        "],\"conflict_count\":{},\"conflicts\":[",
        p.conflict_count()
    )?;
    for (i, c) in p.conflicts().take(LIST_MAX).enumerate() {
        write!(
            out,
            "{}{{\"first\":[{},{}],\"second\":[{},{}],\"attack\":\"{}\"}}",
            if i > 0 { "," } else { "" },
            c.first.row + base,
            c.first.col + base,
            c.second.row + base,
            c.second.col + base,
            c.attack
        )?;
    }
    writeln!(out, "]}}")
}

/// "a diagonal", "an anti-diagonal".
fn article(attack: nqueens::Attack) -> String {
    let name = attack.name();
    if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}
