//! `nqueens algorithms`: what each search does and how large a board it takes.

use std::io::Write;

use crate::exit::Outcome;
use crate::output::Out;

pub fn run() -> anyhow::Result<Outcome> {
    use crate::limits::{COMPARE_MAX, COUNT_MAX, SOLVE_MAX};
    let mut out = Out::stdout();
    // Each command's largest n for the algorithm: its own limit or the
    // command's, whichever is smaller (`limits`).
    writeln!(out, "{:<16} largest n with", "")?;
    writeln!(
        out,
        "{:<16} {:>17} {:>5} {:>7}  {:<13}  how it searches",
        "name", "solve, all, trace", "count", "compare", "order"
    )?;
    for a in nqueens::algorithms() {
        let order = if a.lexicographic() {
            "lexicographic"
        } else {
            "its own"
        };
        let max = |command: usize| a.max_n().min(command);
        writeln!(
            out,
            "{:<16} {:>17} {:>5} {:>7}  {:<13}  {}",
            a.name(),
            max(SOLVE_MAX),
            max(COUNT_MAX),
            max(COMPARE_MAX),
            order,
            a.summary()
        )?;
    }
    if let Some(p) = nqueens::brute_force_permutations() {
        // A second search under the same name, with its own limit.
        let (all, count) = (p.max_n().min(SOLVE_MAX), p.max_n().min(COUNT_MAX));
        let both = if all == count {
            format!("n up to {all} with solve, all, trace and count")
        } else {
            format!("n up to {all} with solve, all and trace, {count} with count")
        };
        writeln!(
            out,
            "\n{} --permutations (the n! permutations, not the n^n boards) takes {both}.",
            p.name()
        )?;
    }
    writeln!(
        out,
        "Choose one with --algorithm NAME on solve, all, count and trace; `nqueens compare N` runs them side by side."
    )?;
    writeln!(
        out,
        "\nFor one solution of a huge board (solve only):\n{:<16} {:>13}  how it works",
        "name", "max n"
    )?;
    let huge = [
        (
            "construct",
            crate::limits::HUGE_MAX,
            "the explicit construction (Hoffman, Loessi and Moore, 1969): O(1) per row, streamed",
        ),
        (
            "min-conflicts",
            nqueens::MIN_CONFLICTS_MAX_N,
            "local search (Sosic and Gu; Minton et al.): swaps that reduce conflicts; --seed",
        ),
    ];
    for (name, max, summary) in huge {
        let max = nqueens::grouped(max as u128);
        writeln!(out, "{name:<16} {max:>13}  {summary}")?;
    }
    out.flush()?;
    Ok(Outcome::Yes)
}
