//! `nqueens merge FILES...`: the slices of a count, added up.

use std::io::Write;
use std::path::PathBuf;

use nqueens::{count_json_line, count_text_line};
use nqueens::{merge_slices, PartialResult};

use crate::exit::{usage, Outcome};
use crate::flags::{MergeArgs, ReportFormat};
use crate::output::Out;

/// How messages name a part.
fn name_of(path: &std::path::Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// Runs `nqueens merge`.
pub fn run(a: MergeArgs) -> anyhow::Result<Outcome> {
    let (files, unique, format): (&[PathBuf], bool, ReportFormat) = (&a.files, a.unique, a.format);
    let mut parts = Vec::with_capacity(files.len());
    for path in files {
        // `-` reads one partial result from standard input, as Unix tools do.
        let read = if path.as_os_str() == "-" {
            PartialResult::read(std::io::stdin().lock(), "standard input")
        } else {
            PartialResult::load(path)
        };
        match read {
            Ok(part) => parts.push((name_of(path), part)),
            Err(e) => usage!("{e}"),
        }
    }
    let merged = match merge_slices(&parts) {
        Ok(m) => m,
        Err(e) => usage!("cannot merge: {e}"),
    };
    // Checked against the published values, where they are known.
    if let Err(e) = nqueens::check_known(merged.n, merged.tally.solutions, merged.tally.unique()) {
        usage!("{e}: a slice is wrong (a bug, failing hardware, or an edited file)");
    }
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
