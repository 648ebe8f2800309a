//! `nqueens estimate N`: Q(n) from Knuth's random paths.

use std::io::Write;

use nqueens::count::report::grouped;

use crate::cli::ReportFormat;
use crate::exit::Outcome;
use crate::output::Out;

/// A count for people: exact digits up to 10^15, scientific notation above.
fn number(x: f64) -> String {
    if x.abs() < 1e15 {
        grouped(x.round().max(0.0) as u128)
    } else {
        format!("{x:.3e}")
    }
}

pub fn run(n: usize, samples: u64, seed: u64, format: ReportFormat) -> anyhow::Result<Outcome> {
    let e = nqueens::count::estimate::estimate(n, samples, seed)?;
    let known = nqueens::known::total(n);
    let mut out = Out::stdout();
    match format {
        ReportFormat::Text => {
            writeln!(
                out,
                "n = {n}: about {} solutions (95% interval {} to {}; {} random paths, seed {seed})",
                number(e.solutions),
                number(e.low),
                number(e.high),
                grouped(u128::from(samples))
            )?;
            writeln!(out, "the search tree has about {} nodes", number(e.nodes))?;
            if let Some(q) = known {
                writeln!(
                    out,
                    "the published value is Q({n}) = {} (OEIS A000170)",
                    grouped(q)
                )?;
            }
        }
        ReportFormat::Json => {
            write!(
                out,
                "{{\"n\":{n},\"samples\":{samples},\"seed\":{seed},\"solutions\":{:e},\"std_error\":{:e},\"low\":{:e},\"high\":{:e},\"nodes\":{:e}",
                e.solutions, e.std_error, e.low, e.high, e.nodes
            )?;
            if let Some(q) = known {
                write!(out, ",\"published\":{q}")?;
            }
            writeln!(out, "}}")?;
        }
    }
    out.flush()?;
    Ok(Outcome::Yes)
}
