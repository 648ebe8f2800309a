//! The counting bench script: for each n, the time of `nqueens count N
//! --unique` (the constellation engine) on 1 thread and on all threads, and
//! the project's plain bitwise count (`nqueens::count`: bitboards and the
//! mirror, total only), all measured in this one run, with the ratios.
//!
//! `cargo run --release -p nqueens --example count_bench [MIN_N] [MAX_N] [REPEATS]`
//! (defaults 14, 17, 3). Each time is the median of REPEATS runs.
#![allow(clippy::print_stdout, clippy::unwrap_used)]

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use nqueens::count::constellation::ConstellationEngine;
use nqueens::count::executor::{default_threads, run, Quiet};
use nqueens::count::plan::Engine;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn engine_seconds(n: usize, threads: usize, repeats: usize) -> f64 {
    median(
        (0..repeats)
            .map(|_| {
                let start = Instant::now();
                let plan = ConstellationEngine.plan(n).unwrap();
                let all: Vec<usize> = (0..plan.len()).collect();
                let r = run(
                    plan.as_ref(),
                    &all,
                    threads,
                    &AtomicBool::new(false),
                    &mut Quiet,
                );
                assert_eq!(Some(r.tally.solutions), nqueens::known::total(n));
                assert_eq!(r.tally.unique(), nqueens::known::unique(n));
                start.elapsed().as_secs_f64()
            })
            .collect(),
    )
}

fn plain_seconds(n: usize, repeats: usize) -> f64 {
    median(
        (0..repeats)
            .map(|_| {
                let start = Instant::now();
                assert_eq!(Some(nqueens::count(n).unwrap()), nqueens::known::total(n));
                start.elapsed().as_secs_f64()
            })
            .collect(),
    )
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().unwrap());
    let min_n = args.next().unwrap_or(14);
    let max_n = args.next().unwrap_or(17);
    let repeats = args.next().unwrap_or(3);
    let all = default_threads();
    println!("| n | plain bitwise, 1 thread | engine, 1 thread | engine, {all} threads | plain / engine (1 thread) | speed-up of {all} threads |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for n in min_n..=max_n {
        let plain = plain_seconds(n, repeats);
        let one = engine_seconds(n, 1, repeats);
        let many = engine_seconds(n, all, repeats);
        println!(
            "| {n} | {plain:.3} s | {one:.3} s | {many:.3} s | {:.2}× | {:.2}× |",
            plain / one,
            one / many
        );
    }
    println!("\nmedian of {repeats} runs each; the engine counts total and unique, the plain count the total only");
}
