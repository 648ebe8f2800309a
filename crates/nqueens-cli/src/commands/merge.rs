//! `nqueens merge FILES...`: the slices of a count, added up.

use std::io::Write;
use std::path::PathBuf;

use nqueens::{count_json_line, count_text_line};
use nqueens::{merge_slices, TaskLog};

use crate::exit::{usage, Outcome};
use crate::files::{read_parts, PARTS_MAX};
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
    // Checked here, not by clap, whose `requires` also asked for FILE.
    if a.common && a.compare.is_none() {
        usage!("--common compares task logs: it needs --compare LOG LOG");
    }
    if let Some(logs) = &a.compare {
        return compare(&logs[0], &logs[1], a.common);
    }
    let (files, unique, format): (&[PathBuf], bool, ReportFormat) = (&a.files, a.unique, a.format);
    // Standard input is read to its end the first time: a second `-` would
    // find nothing (it was called empty).
    let stdin_times = files.iter().filter(|p| p.as_os_str() == "-").count();
    if stdin_times > 1 {
        usage!(
            "`-` (standard input) is given {stdin_times} times, but it is read once, to its end: \
             give `-` once, and it may hold every part, one a line (`cat part-*.json | nqueens \
             merge -`)"
        );
    }
    let mut parts = Vec::with_capacity(files.len());
    for path in files {
        // `-` reads standard input, as Unix tools do. A partial result is
        // one line, so a stream may hold several: `cat *.json | merge -`.
        let name = name_of(path);
        if path.as_os_str() == "-" {
            crate::exit::readable_stdin("the partial results")?;
            read_parts(std::io::stdin().lock(), &name, &mut parts, PARTS_MAX)?;
        } else {
            let file = std::fs::File::open(path)
                .map_err(|e| crate::exit::UsageError(format!("cannot read {name}: {e}")))?;
            read_parts(std::io::BufReader::new(file), &name, &mut parts, PARTS_MAX)?;
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
    // The classes of the whole count are whole whether or not they are
    // printed: where they are not, a part is damaged, which matters most
    // where no published value checks the total (n > 27).
    let Some(u) = merged.tally.unique() else {
        usage!(
            "the classes do not add up (8 U = {}): a slice is wrong (a bug, failing hardware, or \
             an edited file)",
            merged.tally.classes_x8
        );
    };
    let classes = unique.then_some(u);
    let answer = crate::exit::answer(Outcome::of_count(merged.tally.solutions));
    let mut out = Out::stdout();
    // The parts carry no times: the count's time is not known here.
    let seconds = f64::NAN;
    let line = match format {
        ReportFormat::Text => count_text_line(merged.n, merged.tally.solutions, classes, seconds),
        ReportFormat::Json => count_json_line(merged.n, merged.tally.solutions, classes, seconds),
    };
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(answer)
}

/// `nqueens merge --compare A B [--common]`: the first task on which two
/// logs differ (with `--common`, among the tasks both hold).
fn compare(
    first: &std::path::Path,
    second: &std::path::Path,
    common: bool,
) -> anyhow::Result<Outcome> {
    let load = |path: &std::path::Path| match TaskLog::load(path) {
        Ok(Some(log)) => Ok(log),
        // `-` is standard input for the parts, but a comparison reads two
        // files.
        Ok(None) if path.as_os_str() == "-" => Err(
            "--compare reads two task log files, not standard input (`-`): give the second log's \
             path"
                .to_string(),
        ),
        Ok(None) => Err(format!("the task log {} does not exist", path.display())),
        Err(e) => Err(e.to_string()),
    };
    let (a, b) = match (load(first), load(second)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => usage!("{e}"),
    };
    // The library's message is for a count resuming from a log ("give
    // another file, or delete it"); here two logs are only read.
    let other_counts = |e: nqueens::TaskLogError| match e {
        nqueens::TaskLogError::OtherCount {
            found, expected, ..
        } => format!(
            "{} and {} are logs of different counts, which have no tasks in common: {} is for \
             {expected}, and {} for {found}",
            first.display(),
            second.display(),
            first.display(),
            second.display()
        ),
        e => format!(
            "{} and {} are logs of different counts: {e}",
            first.display(),
            second.display()
        ),
    };
    let (difference, agreement) = if common {
        let o = match a.overlap(&b) {
            Ok(o) => o,
            Err(e) => usage!("{}", other_counts(e)),
        };
        if o.both == 0 {
            usage!(
                "{} and {} hold no task in common: nothing to compare",
                first.display(),
                second.display()
            );
        }
        let text = format!(
            "the task logs agree on the {} of n = {} that both hold ({} only in the first, {} only in the second)",
            nqueens::plural(o.both as u128, "task", "tasks"),
            a.n(),
            nqueens::grouped(o.only_in_first as u128),
            nqueens::grouped(o.only_in_second as u128),
        );
        (o.first_difference, text)
    } else {
        let d = match a.first_difference(&b) {
            Ok(d) => d,
            Err(e) => usage!("{}", other_counts(e)),
        };
        if a.tasks_done() == 0 && b.tasks_done() == 0 {
            usage!(
                "{} and {} hold no task yet: nothing to compare",
                first.display(),
                second.display()
            );
        }
        let text = format!(
            "the task logs agree: {} of n = {}, the same counts in both",
            nqueens::plural(a.tasks_done() as u128, "task", "tasks"),
            a.n()
        );
        (d, text)
    };
    let mut out = Out::stdout();
    let outcome = match difference {
        None => {
            writeln!(out, "{agreement}")?;
            Outcome::Yes
        }
        Some(d) => {
            crate::exit::answer(Outcome::No);
            writeln!(
                out,
                "the task logs differ; the first difference: {d} ({} is the first, {} the second)",
                first.display(),
                second.display()
            )?;
            Outcome::No
        }
    };
    out.flush()?;
    Ok(outcome)
}
