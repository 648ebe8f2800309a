//! `nqueens compare N`: every chosen algorithm on the same board, side by side.
//!
//! The costs are measured, not estimated: each algorithm counts, as it runs,
//! the nodes it visits and the entries of its own structure it reads to test
//! squares (cells of the 0/1 board, entries of the array, flags, counters,
//! mask words, list sizes; the heuristic's look-ahead included) and writes to
//! keep that structure up to date, and the peak of its stack, queue or
//! recursion.

use std::io::Write;
use std::time::Instant;

use nqueens::{Algorithm, Collect, Stats};

use nqueens::grouped;

use crate::exit::{usage, Outcome};
use crate::flags::{CompareArgs, TableFormat};
use crate::limits::{COMPARE_FIRST_MAX, COMPARE_MAX};
use crate::output::Out;

/// One algorithm's run.
enum Row {
    Ran {
        stats: Stats,
        seconds: f64,
        solutions: Vec<Vec<usize>>,
    },
    /// Why it did not run (the table prints "refused: " before it).
    Refused(String),
}

fn run_one(algorithm: &dyn Algorithm, n: usize, first: bool) -> Row {
    if n > algorithm.max_n() {
        return Row::Refused(format!("takes n up to {}", algorithm.max_n()));
    }
    let mut sink = Collect {
        limit: first.then_some(1),
        ..Collect::default()
    };
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
        Err(e) => Row::Refused(e.to_string()),
    }
}

/// From this n on, `compare` says first how long it will take: n = 13
/// takes 4.7 s, n = 14 about 30 s.
const ANNOUNCE_FROM: usize = 13;
/// Seconds of `compare 13` with every algorithm on this machine (4.65 s
/// measured, release build), and the growth per n (0.72 s at 12, 4.65 s at
/// 13: 6.5 times).
const SECONDS_13: f64 = 4.65;
const GROWTH: f64 = 6.5;

/// Says on stderr, before the work, how long a large comparison takes and
/// how much memory its solutions hold (each algorithm keeps all of them, to
/// be compared: a vector of n columns each, 8 bytes a column and about 40
/// of overhead).
fn announce(n: usize, first: bool, algorithms: &[&dyn Algorithm]) {
    if first || n < ANNOUNCE_FROM {
        return;
    }
    let running = algorithms.iter().filter(|a| n <= a.max_n()).count();
    let solutions = nqueens::known_total(n).unwrap_or(0);
    let bytes = solutions * running as u128 * (8 * n as u128 + 40);
    let seconds = SECONDS_13 * GROWTH.powi(n as i32 - ANNOUNCE_FROM as i32);
    crate::exit::note!(
        "note: compare {n} lists all {} solutions with {}: up to roughly {} here{}, \
         and about {} of memory for the solutions kept; --first compares the work to the first \
         solution only",
        grouped(solutions),
        if running == 1 {
            "one algorithm".to_string()
        } else {
            format!("each of {running} algorithms")
        },
        nqueens::show_duration(seconds),
        // The time is measured with every algorithm, the slowest included.
        // (It read as the time one algorithm takes: 30 s for bitwise's 0.4.)
        if algorithms.len() < nqueens::algorithms().len() {
            format!(
                " (what all {} algorithms take together; {} less)",
                nqueens::algorithms().len(),
                if algorithms.len() == 1 {
                    "it takes"
                } else {
                    "these take"
                }
            )
        } else {
            String::new()
        },
        crate::limits::show_bytes(u64::try_from(bytes).unwrap_or(u64::MAX)),
    );
}

/// One line of `--format json`.
#[derive(serde::Serialize)]
struct JsonRow<'a> {
    algorithm: &'a str,
    n: usize,
    first: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    refused: Option<&'a str>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    stats: Option<Stats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    same: Option<bool>,
}

impl<'a> JsonRow<'a> {
    /// The row of `algorithm`, with nothing measured yet.
    fn new(algorithm: &'a str, n: usize, first: bool) -> Self {
        JsonRow {
            algorithm,
            n,
            first,
            refused: None,
            stats: None,
            seconds: None,
            same: None,
        }
    }
}

/// One JSON object on a line.
fn write_json(out: &mut Out, row: &JsonRow<'_>) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, row)?;
    writeln!(out)
}

/// The algorithms `--algorithms` names, or all of them.
fn chosen(a: &CompareArgs) -> anyhow::Result<Vec<&'static dyn Algorithm>> {
    if a.algorithms.is_empty() {
        return Ok(nqueens::algorithms().to_vec());
    }
    a.algorithms
        .iter()
        .map(|choice| Ok(choice.classic().map_err(crate::exit::UsageError)?))
        .collect()
}

/// Runs `nqueens compare`.
pub fn run(a: CompareArgs) -> anyhow::Result<Outcome> {
    let (n, first, format) = (a.size.n, a.first, a.format);
    if first && n > COMPARE_FIRST_MAX {
        usage!(
            "compare {n} --first: n is too large; the slowest algorithms take minutes to a first \
             solution above n = {COMPARE_FIRST_MAX}, so compare --first takes n from 1 to \
             {COMPARE_FIRST_MAX} (`nqueens solve {n} --algorithm NAME --stats` runs one)"
        );
    } else if !first && n > COMPARE_MAX {
        usage!(
            "compare {n}: n is too large; compare keeps every solution of every algorithm, so it \
             takes n from 1 to {COMPARE_MAX} (with --first, which compares the work to a first \
             solution, up to {COMPARE_FIRST_MAX})"
        );
    }
    let algorithms = &chosen(&a)?;
    // Nothing to compare when every algorithm given refuses n: an error,
    // not a table of refusals that "found the same 0 solutions".
    if algorithms.iter().all(|a| n > a.max_n()) {
        let limits: Vec<String> = algorithms
            .iter()
            .map(|a| format!("{} takes n up to {}", a.name(), a.max_n()))
            .collect();
        usage!(
            "compare {n}: none of the algorithms given takes n = {n} ({}); give a smaller n or \
             other --algorithms",
            limits.join(", ")
        );
    }
    announce(n, first, algorithms);
    let rows: Vec<(&dyn Algorithm, Row)> = algorithms
        .iter()
        .map(|&a| (a, run_one(a, n, first)))
        .collect();
    // The reference set: bitwise's if it ran, else the first that ran. With
    // --first, algorithms that do not search in lexicographic order may find
    // another first solution, so each one is only checked to be a solution.
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
    // The table's lines, written once every column's width is known: the
    // header, then a row of cells or a refusal for each algorithm. (JSON
    // writes a line for each algorithm as it goes.)
    let mut table: Vec<Result<[String; 9], String>> = match format {
        TableFormat::Table => vec![Ok(header(first))],
        TableFormat::Json => Vec::new(),
    };
    for (algorithm, row) in &rows {
        let name = algorithm.name();
        match row {
            Row::Refused(why) => match format {
                TableFormat::Table => table.push(Err(format!("{name} refused: {why}"))),
                TableFormat::Json => write_json(
                    &mut out,
                    &JsonRow {
                        refused: Some(why),
                        ..JsonRow::new(name, n, first)
                    },
                )?,
            },
            Row::Ran {
                stats,
                seconds,
                solutions,
            } => {
                let same = if first {
                    solutions.len() == usize::from(n > 3 || n == 1)
                        && solutions.iter().all(|s| nqueens::verify(s).is_ok())
                } else {
                    reference.is_some_and(|r| r == solutions)
                };
                all_same &= same;
                if !same {
                    crate::exit::answer(Outcome::No);
                }
                match format {
                    TableFormat::Table => table.push(Ok([
                        name.to_string(),
                        grouped(solutions.len() as u128),
                        grouped(stats.nodes.into()),
                        grouped(stats.conflict_tests.into()),
                        grouped(stats.reads.into()),
                        grouped(stats.writes.into()),
                        grouped(stats.peak_frontier.into()),
                        format!("{:.3}", seconds * 1000.0),
                        match (same, solutions.is_empty()) {
                            (false, _) => "NO",
                            // With --first: none found, and none exists.
                            (true, true) if first => "none",
                            (true, _) => "yes",
                        }
                        .to_string(),
                    ])),
                    TableFormat::Json => write_json(
                        &mut out,
                        &JsonRow {
                            stats: Some(*stats),
                            seconds: Some(*seconds),
                            same: Some(same),
                            ..JsonRow::new(name, n, first)
                        },
                    )?,
                }
            }
        }
    }
    if format == TableFormat::Table {
        write_table(&mut out, &table)?;
        if all_same && first && reference.is_some_and(|r| r.is_empty()) {
            writeln!(
                out,
                "\nevery algorithm that ran searched its whole tree and found no solution, as none \
                 exists for n = {n}"
            )?;
        } else if all_same && first {
            writeln!(
                out,
                "\nevery algorithm that ran stopped at a valid first solution"
            )?;
        } else if all_same {
            writeln!(
                out,
                "\nevery algorithm that ran found the same {}",
                nqueens::plural(
                    reference.map_or(0, Vec::len) as u128,
                    "solution",
                    "solutions"
                )
            )?;
        } else {
            writeln!(out, "\nthe sets of solutions DIFFER (reference: bitwise, or the first algorithm that ran)")?;
        }
        writeln!(
            out,
            "nodes: partial boards visited (bfs: queued, some not yet taken out with --first; brute-force: complete\n\
             candidates); tests: squares tested (brute-force: pairs of queens compared; bitwise: rows, one mask each;\n\
             dancing-links: item sizes compared); reads: entries of the algorithm's own structure read to test squares\n\
             (cells of the 0/1 board, array entries, flags, counters, mask words; the heuristic's look-ahead included);\n\
             writes: entries written to keep it up to date; peak: the most entries on its stack or queue at once (the\n\
             recursion depth for recursive searches)"
        )?;
    }
    out.flush()?;
    Ok(if all_same { Outcome::Yes } else { Outcome::No })
}

/// The table's header cells; the last column says what it checks.
fn header(first: bool) -> [String; 9] {
    [
        "algorithm",
        "solutions",
        "nodes",
        "tests",
        "reads",
        "writes",
        "peak",
        "time (ms)",
        if first { "a solution" } else { "same set" },
    ]
    .map(String::from)
}

/// The table: each column as wide as its widest cell (the name and the
/// last column to the left, the numbers to the right; fixed widths let
/// the reads of `compare 14` run into the next column), and a refusal as
/// its line.
fn write_table(out: &mut Out, table: &[Result<[String; 9], String>]) -> anyhow::Result<()> {
    let mut widths = [0usize; 9];
    for cells in table.iter().flatten() {
        for (w, cell) in widths.iter_mut().zip(cells) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for line in table {
        match line {
            Err(refusal) => writeln!(out, "{refusal}")?,
            Ok(cells) => {
                let mut text = format!("{:<w$}", cells[0], w = widths[0]);
                for (cell, &w) in cells[1..8].iter().zip(&widths[1..8]) {
                    text += &format!(" {:>w$}", cell, w = w);
                }
                text += &format!("  {}", cells[8]);
                writeln!(out, "{text}")?;
            }
        }
    }
    Ok(())
}
