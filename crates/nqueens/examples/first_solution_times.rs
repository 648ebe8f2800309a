//! Times the lexicographically first solution for n = 4..=MAX (default 40): where
//! plain backtracking stops being quick. `cargo run --release --example first_solution_times 36`
#![allow(clippy::print_stdout, clippy::unwrap_used)]
fn main() {
    let max: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    for n in 4..=max {
        let t = std::time::Instant::now();
        let s = nqueens::first(n).unwrap();
        println!(
            "{n:3} {:10.4} s {:?}",
            t.elapsed().as_secs_f64(),
            s.map(|s| s.columns()[0])
        );
    }
}
