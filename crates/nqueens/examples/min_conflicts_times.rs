//! Times min-conflicts local search on huge boards, checks every board it
//! finds, and prints the work done and the median time per size.
//!
//! ```text
//! cargo run --release -p nqueens --example min_conflicts_times -- 1000000 10000000 --seeds 1..=5
//! ```
//!
//! Arguments: sizes (`1000000`, `1e6`, `10^7` and `2^20` all work), and
//! `--seeds A..=B`, `--seeds A..B` or `--seeds 1,5,9` (default `1..=5`),
//! `--random` for a random start instead of the greedy one, and
//! `--max-steps K` for a step budget.
#![allow(clippy::print_stdout, clippy::print_stderr, clippy::unwrap_used)]

use std::process::ExitCode;

use nqueens::{
    min_conflicts_memory as memory, MinConflicts, MinConflictsOutcome as Outcome,
    MinConflictsStart as Start,
};

fn parse_size(text: &str) -> Option<usize> {
    let text = text.replace('_', "");
    if let Some((m, e)) = text.split_once('e') {
        let m: usize = m.parse().ok()?;
        return m.checked_mul(10usize.checked_pow(e.parse().ok()?)?);
    }
    if let Some((b, e)) = text.split_once('^') {
        return b.parse::<usize>().ok()?.checked_pow(e.parse().ok()?);
    }
    text.parse().ok()
}

fn parse_seeds(text: &str) -> Option<Vec<u64>> {
    if let Some((a, b)) = text.split_once("..=") {
        return Some((a.parse().ok()?..=b.parse().ok()?).collect());
    }
    if let Some((a, b)) = text.split_once("..") {
        return Some((a.parse().ok()?..b.parse().ok()?).collect());
    }
    text.split(',').map(|s| s.trim().parse().ok()).collect()
}

/// Checks in O(n) time, on the `u32` columns themselves, that no two queens
/// share a column or a diagonal; returns the first row found in conflict.
fn check(columns: &[u32]) -> Result<(), String> {
    let n = columns.len();
    let mut cols = vec![0u64; n.div_ceil(64)];
    let mut sums = vec![0u64; (2 * n).div_ceil(64)];
    let mut diffs = vec![0u64; (2 * n).div_ceil(64)];
    for (row, &col) in columns.iter().enumerate() {
        let col = col as usize;
        if col >= n {
            return Err(format!("row {row}: column {col} is off the board"));
        }
        for (set, line, what) in [
            (&mut cols, col, "column"),
            (&mut sums, row + col, "diagonal"),
            (&mut diffs, row + n - 1 - col, "anti-diagonal"),
        ] {
            let bit = 1u64 << (line % 64);
            if set[line / 64] & bit != 0 {
                return Err(format!("row {row}: its {what} is taken"));
            }
            set[line / 64] |= bit;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let mut sizes = Vec::new();
    let mut seeds: Vec<u64> = (1..=5).collect();
    let mut start = Start::Greedy;
    let mut max_steps = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seeds" => seeds = parse_seeds(&args.next().unwrap()).expect("--seeds A..=B"),
            "--random" => start = Start::Random,
            "--max-steps" => max_steps = Some(args.next().unwrap().parse().unwrap()),
            _ => sizes.push(parse_size(&arg).expect("a size, e.g. 1000000 or 1e6")),
        }
    }
    if sizes.is_empty() {
        sizes = vec![1_000_000];
    }
    let mut failed = false;
    for &n in &sizes {
        println!(
            "n = {n} ({:.0} MB allocated), {start:?} start",
            memory(n) as f64 / 1e6
        );
        let mut times = Vec::new();
        for &seed in &seeds {
            let mc = MinConflicts {
                seed,
                max_steps,
                start,
            };
            let (outcome, stats) = match mc.solve(n) {
                Ok(result) => result,
                Err(e) => {
                    eprintln!("n = {n}: {e}");
                    failed = true;
                    break;
                }
            };
            let verdict = match &outcome {
                Outcome::Found(columns) => match check(columns) {
                    Ok(()) => "verified".to_string(),
                    Err(e) => {
                        failed = true;
                        format!("WRONG: {e}")
                    }
                },
                other => {
                    failed = true;
                    format!("{other:?}")
                }
            };
            println!(
                "  seed {seed:>3}: {:8.3} s  steps {:>9}  moves {:>6}  restarts {}  initial conflicts {:>4}  {verdict}",
                stats.seconds, stats.steps, stats.moves, stats.restarts, stats.initial_conflicts
            );
            times.push(stats.seconds);
        }
        if !times.is_empty() {
            times.sort_by(f64::total_cmp);
            println!("  median {:.3} s", times[times.len() / 2]);
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
