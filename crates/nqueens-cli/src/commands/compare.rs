//! `nqueens compare N`: every chosen algorithm on the same board, side by side.

use std::io::Write;
use std::time::Instant;

use nqueens::algo::{Algorithm, Collect, Stats};

use crate::cli::TableFormat;
use crate::config::grouped;
use crate::exit::Outcome;
use crate::output::Out;

/// One algorithm's run.
enum Row {
    Ran {
        stats: Stats,
        seconds: f64,
        solutions: Vec<Vec<usize>>,
    },
    Refused(String),
}

fn run_one(algorithm: &dyn Algorithm, n: usize) -> Row {
    if n > algorithm.max_n() {
        return Row::Refused(format!("refused: takes n up to {}", algorithm.max_n()));
    }
    let mut sink = Collect::default();
    let start = Instant::now();
    match algorithm.search(n, &mut sink) {
        Ok(stats) => {
            let seconds = start.elapsed().as_secs_f64();
            let mut solutions = sink.solutions;
            solutions.sort_unstable();
            Row::Ran {
                stats,
                seconds,
                solutions,
            }
        }
        Err(e) => Row::Refused(format!("refused: {e}")),
    }
}

pub fn run(
    n: usize,
    algorithms: &[&'static dyn Algorithm],
    format: TableFormat,
) -> anyhow::Result<Outcome> {
    let rows: Vec<(&dyn Algorithm, Row)> = algorithms.iter().map(|&a| (a, run_one(a, n))).collect();
    // The reference set: bitwise's if it ran, else the first that ran.
    let reference = rows
        .iter()
        .filter(|(a, _)| a.name() == "bitwise")
        .chain(rows.iter())
        .find_map(|(_, r)| match r {
            Row::Ran { solutions, .. } => Some(solutions),
            Row::Refused(_) => None,
        });
    let mut all_same = true;
    let mut out = Out::stdout();
    if format == TableFormat::Table {
        writeln!(
            out,
            "{:<16} {:>10} {:>12} {:>14} {:>12} {:>6} {:>11}  same set",
            "algorithm", "solutions", "nodes", "conflict tests", "backtracks", "peak", "time (ms)"
        )?;
    }
    for (algorithm, row) in &rows {
        let name = algorithm.name();
        match row {
            Row::Refused(why) => match format {
                TableFormat::Table => writeln!(out, "{name:<16} {why}")?,
                TableFormat::Json => writeln!(
                    out,
                    "{{\"algorithm\":\"{name}\",\"n\":{n},\"refused\":\"{}\"}}",
                    why.replace('\\', "\\\\").replace('"', "\\\"")
                )?,
            },
            Row::Ran {
                stats,
                seconds,
                solutions,
            } => {
                let same = reference.is_some_and(|r| r == solutions);
                all_same &= same;
                match format {
                    TableFormat::Table => writeln!(
                        out,
                        "{name:<16} {:>10} {:>12} {:>14} {:>12} {:>6} {:>11.3}  {}",
                        grouped(solutions.len() as u128),
                        grouped(stats.nodes.into()),
                        grouped(stats.conflict_tests.into()),
                        grouped(stats.backtracks.into()),
                        grouped(stats.peak_frontier.into()),
                        seconds * 1000.0,
                        if same { "yes" } else { "NO" }
                    )?,
                    TableFormat::Json => writeln!(
                        out,
                        "{{\"algorithm\":\"{name}\",\"n\":{n},\"solutions\":{},\"nodes\":{},\"placements\":{},\
                         \"conflict_tests\":{},\"backtracks\":{},\"peak_frontier\":{},\"seconds\":{:.6},\"same\":{same}}}",
                        solutions.len(),
                        stats.nodes,
                        stats.placements,
                        stats.conflict_tests,
                        stats.backtracks,
                        stats.peak_frontier,
                        seconds
                    )?,
                }
            }
        }
    }
    if format == TableFormat::Table {
        if all_same {
            writeln!(
                out,
                "\nevery algorithm that ran found the same {} solutions",
                reference.map_or(0, Vec::len)
            )?;
        } else {
            writeln!(out, "\nthe sets of solutions DIFFER (reference: bitwise, or the first algorithm that ran)")?;
        }
        writeln!(
            out,
            "conflict tests count squares tested one at a time; bitwise tests a whole row with one mask, \
             dancing-links counts the item sizes it compares"
        )?;
    }
    out.flush()?;
    Ok(if all_same { Outcome::Yes } else { Outcome::No })
}
