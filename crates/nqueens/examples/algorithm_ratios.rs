//! The bench script: for n = 8..=12, each algorithm's time to list every
//! solution, as a ratio to `bitwise`, all measured in this one run.
//!
//! `cargo run --release -p nqueens --example algorithm_ratios [REPEATS] [MAX_N]`
//!
//! Each cell is the median of REPEATS runs (default 5); the machines are noisy,
//! so medians, and ratios rather than absolute times, are what to compare. The
//! output is a Markdown table, as in docs/algorithms.md.
#![allow(clippy::print_stdout, clippy::unwrap_used)]

use std::time::Instant;

use nqueens::{algorithms, Algorithm, SolutionCounter};

fn median_seconds(a: &dyn Algorithm, n: usize, repeats: usize) -> Option<f64> {
    let mut times = Vec::with_capacity(repeats);
    for _ in 0..repeats {
        let mut sink = SolutionCounter::default();
        let start = Instant::now();
        a.search(n, &mut sink).ok()?;
        times.push(start.elapsed().as_secs_f64());
        assert_eq!(
            Some(sink.total),
            nqueens::known_total(n),
            "{} n = {n}",
            a.name()
        );
    }
    times.sort_by(f64::total_cmp);
    Some(times[times.len() / 2])
}

fn main() {
    let mut args = std::env::args().skip(1);
    let repeats: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let max_n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(12);
    let sizes: Vec<usize> = (8..=max_n).collect();
    let bitwise = nqueens::find_algorithm("bitwise").unwrap();
    let base: Vec<f64> = sizes
        .iter()
        .map(|&n| median_seconds(bitwise, n, repeats).unwrap())
        .collect();

    print!("| algorithm |");
    for n in &sizes {
        print!(" n = {n} |");
    }
    println!();
    print!("|---|");
    for _ in &sizes {
        print!("---:|");
    }
    println!();
    print!("| bitwise (ms) |");
    for t in &base {
        print!(" {:.3} |", t * 1e3);
    }
    println!();
    for a in algorithms() {
        print!("| {} |", a.name());
        for (i, &n) in sizes.iter().enumerate() {
            match median_seconds(*a, n, repeats) {
                Some(t) => print!(" {:.1}× |", t / base[i]),
                None => print!(" – |"),
            }
        }
        println!();
    }
    println!("\nmedian of {repeats} runs each; ratios are time / bitwise's time for the same n");
}
