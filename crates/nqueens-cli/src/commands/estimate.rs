//! `nqueens estimate N`: Q(n) from Knuth's random paths.

use std::io::Write;

use nqueens::grouped;

use crate::exit::{usage, Outcome};
use crate::flags::{EstimateArgs, ReportFormat};
use crate::limits::ESTIMATE_MAX;
use crate::output::Out;

/// A count for people: exact digits up to 10^15, scientific notation above.
fn number(x: f64) -> String {
    if x.abs() < 1e15 {
        grouped(x.round().max(0.0) as u128)
    } else {
        format!("{x:.3e}")
    }
}

/// An interval's end as printed, rounded away from the interval's middle
/// (`down` for its low end) to what [`number`] shows: whole numbers, or 4
/// significant digits from 10^15. The printed interval holds the computed
/// one, and whether Q(n) is inside is judged on the printed ends (rounded
/// to the nearest, "343 to 352" was said not to hold 352).
fn shown_end(x: f64, down: bool) -> f64 {
    let step = if x.abs() < 1e15 {
        1.0
    } else {
        10f64.powi(x.abs().log10().floor() as i32 - 3)
    };
    let steps = x / step;
    let steps = if down { steps.floor() } else { steps.ceil() };
    (steps * step).max(0.0)
}

/// Seconds a random path takes per row of the board, on one core here
/// (release build: 100,000 paths took 0.29 s at n = 128, 0.12 s at 64).
const SECONDS_PER_ROW: f64 = 2.3e-8;
/// Estimates longer than this are announced first.
const ANNOUNCE_SECONDS: f64 = 10.0;

/// Below this many paths the interval is less reliable, the more so the
/// larger the board: from 100 paths it held Q(n) for 194 of 200 seeds at
/// n = 8, 194 of 200 at 10, 193 of 199 at 12, 170 of 189 at 14, 172 of 190
/// at 16 and 152 of 188 at 17 (seeds 0 to 199; the others gave no
/// interval); from 1,000, 196 of 200 at n = 20. (The 83% and 84% once
/// quoted were of the normal interval alone.)
const FEW_PATHS: u64 = 1_000;

/// From [`FEW_PATHS`] paths or more, fewer than this many that reach a
/// solution get a note: the values not 0 are all the interval rests on.
/// A judgement, from the runs below: from 1,000 paths about 15 reach one
/// at n = 27 (where the interval held Q(27) for 196 of 200 seeds), 10 at
/// n = 32, and one to three from n = 64 on; at n = 128, 23 seeds of 100
/// reached none, and 44 of the other 77 gave intervals wholly below each of
/// three from a million paths. (Below 1,000 paths the note of `FEW_PATHS`
/// speaks: from 40 paths at n = 8, fewer than 10 reached one for most
/// seeds, and the interval held Q(8) 97 times in 100.)
const FEW_SOLVED: u64 = 10;

/// Says on stderr, before the work, how long many paths on a large board
/// take (`estimate 128 --samples 1e9` takes most of an hour).
fn announce(n: usize, samples: u64) {
    let seconds = samples as f64 * n as f64 * SECONDS_PER_ROW;
    if seconds >= ANNOUNCE_SECONDS {
        crate::exit::note!(
            "note: {} random paths on n = {n} take roughly {} on one core here; fewer \
             --samples give a wider interval sooner",
            grouped(u128::from(samples)),
            nqueens::show_duration(seconds)
        );
    }
}

/// Runs `nqueens estimate`.
pub fn run(a: EstimateArgs) -> anyhow::Result<Outcome> {
    let (n, samples, seed, format) = (a.size.n, a.samples, a.seed, a.format);
    if n > ESTIMATE_MAX {
        usage!("estimate {n}: the estimator takes n from 1 to {ESTIMATE_MAX}");
    }
    announce(n, samples);
    let e = nqueens::estimate(n, samples, seed)?;
    if samples < FEW_PATHS && e.high.is_finite() && e.high > e.low && format == ReportFormat::Text {
        crate::exit::note!(
            "note: from fewer than {} random paths the 95% interval is less reliable, the more \
             so the larger the board (from 100 paths it held Q(n) for 97% of the seeds whose \
             paths reached a solution at n = 8 to 12, 90% at 14 and 16, 81% at 17; at 14 to 17 \
             one seed in 20 reached none, and gave no interval)",
            grouped(u128::from(FEW_PATHS))
        );
    }
    if samples >= FEW_PATHS
        && e.solved < FEW_SOLVED
        && e.high.is_finite()
        && e.high > e.low
        && format == ReportFormat::Text
    {
        crate::exit::note!(
            "note: only {} of the {} paths reached a solution, and the interval rests on {}: it \
             may miss Q(n) far more often than one time in twenty (at n = 128 from 1,000 paths, \
             44 of 77 such intervals lay wholly below each of three from a million paths); use \
             more --samples",
            grouped(u128::from(e.solved)),
            grouped(u128::from(samples)),
            if e.solved == 1 { "it" } else { "them" }
        );
    }
    let known = nqueens::known_total(n);
    let mut out = Out::stdout();
    match format {
        ReportFormat::Text => {
            // The ends as printed, which the verdict below is on.
            let (low, high) = (shown_end(e.low, true), shown_end(e.high, false));
            let paths = match samples {
                1 => "one random path".to_string(),
                k => format!("{} random paths", grouped(u128::from(k))),
            };
            let solutions = if number(e.solutions) == "1" {
                "solution"
            } else {
                "solutions"
            };
            if e.high.is_finite() {
                writeln!(
                    out,
                    "n = {n}: about {} {solutions} (95% interval {} to {}; {paths}, seed {seed})",
                    number(e.solutions),
                    number(low),
                    number(high),
                )?;
            } else if e.solutions == 0.0 {
                // Zeros bound nothing from above (`Estimate::std_error`).
                writeln!(
                    out,
                    "n = {n}: no solution on {paths} (seed {seed}), too few to estimate Q({n}); \
                     use more --samples"
                )?;
            } else {
                writeln!(
                    out,
                    "n = {n}: about {} {solutions} from {paths} (seed {seed}), which gives no \
                     interval; use more --samples",
                    number(e.solutions)
                )?;
            }
            writeln!(out, "the search tree has about {} nodes", number(e.nodes))?;
            if let Some(q) = known {
                // Whether the interval holds the truth: a 95% interval
                // misses it about one run in twenty, more often from few
                // paths (FEW_PATHS).
                let verdict = if !e.high.is_finite() {
                    ""
                } else if (low..=high).contains(&(q as f64)) {
                    ", inside the interval"
                } else {
                    ", OUTSIDE the interval"
                };
                writeln!(
                    out,
                    "the published value is Q({n}) = {} (OEIS A000170){verdict}",
                    grouped(q)
                )?;
            }
        }
        ReportFormat::Json => {
            /// The estimate, as JSON.
            #[derive(serde::Serialize)]
            struct Estimated {
                n: usize,
                samples: u64,
                seed: u64,
                /// `null` when no path reached a solution and the paths
                /// give no interval (from n = 4 on): no estimate, as the
                /// text says. Up to n = 3 every path is exact, and n = 2
                /// and 3 give 0.
                solutions: Option<f64>,
                std_error: f64,
                low: f64,
                high: f64,
                nodes: f64,
                /// The paths that reached a solution.
                solved: u64,
                #[serde(skip_serializing_if = "Option::is_none")]
                published: Option<u128>,
            }
            let estimated = Estimated {
                n,
                samples,
                seed,
                // As the text: "no solution on K random paths" where
                // it gives no number (`estimate 3` is exactly 0).
                solutions: (e.solved > 0 || e.high.is_finite()).then_some(e.solutions),
                std_error: e.std_error,
                low: e.low,
                high: e.high,
                nodes: e.nodes,
                solved: e.solved,
                published: known,
            };
            serde_json::to_writer(&mut out, &estimated)?;
            writeln!(out)?;
        }
    }
    out.flush()?;
    // Without an interval there is no estimate to stand by (the text says
    // to use more paths): "unknown", so that a script does not take it.
    Ok(if e.high.is_finite() {
        Outcome::Yes
    } else {
        Outcome::Unknown
    })
}
