//! Criterion benchmarks of the huge-board paths: the construction checked by
//! the streaming verifier, min-conflicts, and the uniform sampler.
//!
//! `cargo bench -p nqueens --bench huge`. The targets of the command line
//! (a billion queens, min-conflicts at 10^6 and 10^7, verify of 10^7) are
//! timed by `scripts/bench-huge`, one process per run.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use nqueens::construct;
use nqueens::uniform_solution;
use nqueens::LineVerifier;
use nqueens::MinConflicts;
use std::hint::black_box;

fn construct_and_verify(c: &mut Criterion) {
    let mut group = c.benchmark_group("construct");
    group.sample_size(10);
    for n in [1_000_000usize, 10_000_000] {
        group.bench_with_input(BenchmarkId::new("columns", n), &n, |b, &n| {
            b.iter(|| {
                construct(black_box(n)).map(|c| c.map(|c| c.fold(0usize, usize::wrapping_add)))
            });
        });
        group.bench_with_input(BenchmarkId::new("columns + verify", n), &n, |b, &n| {
            b.iter(|| {
                let mut check = LineVerifier::with_size(n);
                if let Ok(Some(columns)) = construct(black_box(n)) {
                    columns.for_each(|col| check.push(col));
                }
                check.finish().is_solution()
            });
        });
    }
    group.finish();
}

fn min_conflicts(c: &mut Criterion) {
    let mut group = c.benchmark_group("min-conflicts");
    group.sample_size(10);
    for n in [10_000usize, 100_000, 1_000_000] {
        group.bench_with_input(BenchmarkId::new("seed 1", n), &n, |b, &n| {
            b.iter(|| {
                MinConflicts::default()
                    .solve(black_box(n))
                    .map(|(_, s)| s.steps)
            });
        });
    }
    group.finish();
}

fn uniform_sampler(c: &mut Criterion) {
    let mut group = c.benchmark_group("uniform");
    group.sample_size(10);
    for n in [8usize, 12, 14] {
        group.bench_with_input(BenchmarkId::new("draw", n), &n, |b, &n| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                uniform_solution(black_box(n), seed).map(|s| s.map(|(board, _)| board[0]))
            });
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    construct_and_verify,
    min_conflicts,
    uniform_sampler
);
criterion_main!(benches);
