//! `nqueens count N`: Q(n), and with `--unique` the classes under symmetry.

use std::io::Write;
use std::time::Instant;

use nqueens::algo::{Canonical, Count};

use super::run_algo::{self, CountBoth};
use crate::cli::ReportFormat;
use crate::config::{grouped, Search};
use crate::exit::Outcome;
use crate::output::{json_seconds, Out};

/// Runs shorter than this print no time in text output, so that it stays the
/// same from run to run.
const SHOW_TIME_FROM: f64 = 0.5;

pub fn run(
    n: usize,
    unique: bool,
    format: ReportFormat,
    search: Search,
) -> anyhow::Result<Outcome> {
    let start = Instant::now();
    let (total, classes) = match search.algorithm {
        None if unique => {
            let c = nqueens::count_all(n)?;
            (c.total, Some(c.unique))
        }
        None => (nqueens::count(n)?, None),
        Some(algorithm) => {
            let mut sink = CountBoth {
                total: 0,
                unique: unique.then(|| Canonical::new(Count::default())),
            };
            let (stats, seconds) = run_algo::run(algorithm, n, &mut sink)?;
            if search.stats {
                run_algo::print_stats(algorithm, n, &stats, seconds);
            }
            (sink.total, sink.unique.map(|u| u.inner.total))
        }
    };
    let seconds = start.elapsed().as_secs_f64();

    let mut out = Out::stdout();
    match format {
        ReportFormat::Text => {
            let noun = if total == 1 { "solution" } else { "solutions" };
            write!(out, "n = {n}: {} {noun}", grouped(total))?;
            if let Some(u) = classes {
                write!(out, ", {} unique up to rotation and reflection", grouped(u))?;
            }
            if seconds >= SHOW_TIME_FROM {
                write!(out, " ({seconds:.2} s)")?;
            }
            writeln!(out)?;
        }
        ReportFormat::Json => {
            write!(out, "{{\"n\":{n},\"solutions\":{total}")?;
            if let Some(u) = classes {
                write!(out, ",\"unique\":{u}")?;
            }
            writeln!(out, ",\"seconds\":{}}}", json_seconds(seconds))?;
        }
    }
    out.flush()?;
    Ok(Outcome::Yes)
}
