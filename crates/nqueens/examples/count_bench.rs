//! The counting bench script: for each n, the time of each counting engine
//! (join and constellation, total and unique) on 1 thread and on all threads,
//! and of the project's plain bitwise count (`nqueens::count`: bitboards and
//! the mirror, total only), all measured in this one run, with the ratios.
//!
//! `cargo run --release -p nqueens --example count_bench [MIN_N] [MAX_N] [REPEATS]`
//! (defaults 14, 18, 3). Each time is the median of REPEATS runs. The plain
//! count is skipped above n = 17 (minutes).
//!
//! Other programs can be timed in the same run, for a side-by-side table:
//! `NQUEENS_BENCH_OTHERS='takaken=/path/to/nq {n};faf=/path/to/run.sh {n} 1'`
//! (name=command, separated by `;`, `{n}` replaced by the board size). Each is
//! run through `sh -c` on the same boards; its output must contain Q(n)
//! (digits, separators ignored) or the bench stops.
#![allow(clippy::print_stdout, clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use nqueens::Engine;
use nqueens::{count_plan_on, default_threads};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn time(repeats: usize, mut f: impl FnMut()) -> f64 {
    median(
        (0..repeats)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed().as_secs_f64()
            })
            .collect(),
    )
}

fn engine_seconds(engine: &dyn Engine, n: usize, threads: usize, repeats: usize) -> f64 {
    time(repeats, || {
        let t = count_plan_on(engine.plan(n).unwrap().as_ref(), threads);
        assert_eq!(Some(t.solutions), nqueens::known_total(n));
        assert_eq!(t.unique(), nqueens::known_unique(n));
    })
}

fn plain_seconds(n: usize, repeats: usize) -> f64 {
    time(repeats, || {
        assert_eq!(Some(nqueens::count(n).unwrap()), nqueens::known_total(n));
    })
}

/// Times `sh -c command` and checks that its output holds Q(n).
fn other_seconds(name: &str, command: &str, n: usize, repeats: usize) -> f64 {
    let command = command.replace("{n}", &n.to_string());
    let want = nqueens::known_total(n).unwrap().to_string();
    time(repeats, || {
        let out = std::process::Command::new("sh")
            .args(["-c", &command])
            .output()
            .expect("sh runs");
        let text: String = String::from_utf8_lossy(&out.stdout)
            .chars()
            .filter(|c| !matches!(c, ',' | '_' | '\''))
            .collect();
        assert!(
            out.status.success() && text.contains(&want),
            "{name} ({command}) did not print Q({n}) = {want}: {text}"
        );
    })
}

fn show(s: Option<f64>) -> String {
    s.map_or("–".into(), |s| format!("{s:.3} s"))
}

fn ratio(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) => format!("{:.2}×", a / b),
        _ => "–".into(),
    }
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().unwrap());
    let min_n = args.next().unwrap_or(14);
    let max_n = args.next().unwrap_or(18);
    let repeats = args.next().unwrap_or(3);
    let all = default_threads();
    let join = nqueens::engine_by_name("join").unwrap();
    let constellation = nqueens::engine_by_name("constellation").unwrap();
    let others: Vec<(String, String)> = std::env::var("NQUEENS_BENCH_OTHERS")
        .unwrap_or_default()
        .split(';')
        .filter_map(|spec| {
            let (name, cmd) = spec.split_once('=')?;
            Some((name.trim().to_string(), cmd.trim().to_string()))
        })
        .collect();

    println!(
        "| n | plain bitwise | constellation | constellation, {all} threads | join | join, {all} threads \
         | plain / constellation | plain / join | constellation / join | join speed-up on {all} threads |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut join_one = Vec::new();
    for n in min_n..=max_n {
        let plain = (n <= 17).then(|| plain_seconds(n, repeats));
        let c1 = engine_seconds(constellation, n, 1, repeats);
        let cm = engine_seconds(constellation, n, all, repeats);
        let j1 = engine_seconds(join, n, 1, repeats);
        let jm = engine_seconds(join, n, all, repeats);
        join_one.push((n, j1, jm));
        println!(
            "| {n} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            show(plain),
            show(Some(c1)),
            show(Some(cm)),
            show(Some(j1)),
            show(Some(jm)),
            ratio(plain, Some(c1)),
            ratio(plain, Some(j1)),
            ratio(Some(c1), Some(j1)),
            ratio(Some(j1), Some(jm)),
        );
    }
    println!(
        "\nmedian of {repeats} runs each, 1 thread unless said; the engines count total and \
         unique, the plain count the total only"
    );
    if others.is_empty() {
        return;
    }
    print!("\n| n | join | join, {all} threads |");
    for (name, _) in &others {
        print!(" {name} | {name} / join |");
    }
    println!();
    println!("|---:|---:|---:|{}", "---:|---:|".repeat(others.len()));
    for &(n, j1, jm) in &join_one {
        print!("| {n} | {j1:.3} s | {jm:.3} s |");
        for (name, cmd) in &others {
            let t = other_seconds(name, cmd, n, repeats);
            print!(" {t:.3} s | {:.2}× |", t / j1);
        }
        println!();
    }
    println!("\nother programs: wall time of the whole process, median of {repeats} runs");
}
