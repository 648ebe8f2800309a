//! `nqueens merge FILES...`: the slices of a count, added up.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use nqueens::{count_json_line, count_text_line};
use nqueens::{merge_slices, PartialResult};

use crate::exit::{usage, Outcome};
use crate::flags::{MergeArgs, ReportFormat};
use crate::output::Out;

/// Runs `nqueens merge`.
pub fn run(a: MergeArgs) -> anyhow::Result<Outcome> {
    let (files, unique, format): (&[PathBuf], bool, ReportFormat) = (&a.files, a.unique, a.format);
    let mut parts = Vec::with_capacity(files.len());
    for path in files {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read '{}'", path.display()))?;
        match PartialResult::from_json(text.trim()) {
            Ok(part) => parts.push((path.display().to_string(), part)),
            Err(e) => usage!(
                "'{}' is not a partial result of `nqueens count --slice`: {e}",
                path.display()
            ),
        }
    }
    let merged = match merge_slices(&parts) {
        Ok(m) => m,
        Err(e) => usage!("cannot merge_slices: {e}"),
    };
    let classes = if unique {
        match merged.tally.unique() {
            Some(u) => Some(u),
            None => anyhow::bail!(
                "the classes do not add up (8 U = {}); the slices are damaged",
                merged.tally.classes_x8
            ),
        }
    } else {
        None
    };
    let mut out = Out::stdout();
    let line = match format {
        ReportFormat::Text => count_text_line(merged.n, merged.tally.solutions, classes, 0.0),
        ReportFormat::Json => count_json_line(merged.n, merged.tally.solutions, classes, 0.0),
    };
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(Outcome::Yes)
}
