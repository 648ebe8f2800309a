//! `nqueens count N --algorithm NAME`: Q(n), and with `--unique` the classes
//! under symmetry, counted by one of the classic algorithms on one core
//! (`count/engine.rs` counts without `--algorithm`).

use std::io::Write;
use std::time::Instant;

use nqueens::{count_json_line, count_text_line};
use nqueens::{Canonical, SolutionCounter};

use crate::commands::run_algo::{self, CountBoth, Search};
use crate::exit::Outcome;
use crate::flags::ReportFormat;
use crate::output::Out;

/// Counts with `search` (a classic algorithm, or the plain bitboard count).
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
                unique: unique.then(|| Canonical::new(SolutionCounter::default())),
            };
            let (stats, seconds) = run_algo::run(algorithm, n, &mut sink)?;
            if search.stats {
                run_algo::print_stats(algorithm, n, &stats, seconds);
            }
            (sink.total, sink.unique.map(|u| u.inner.total))
        }
    };
    let seconds = start.elapsed().as_secs_f64();

    let line = match format {
        ReportFormat::Text => count_text_line(n, total, classes, seconds),
        ReportFormat::Json => count_json_line(n, total, classes, seconds),
    };
    let answer = crate::exit::answer(Outcome::of_count(total));
    let mut out = Out::stdout();
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(answer)
}
