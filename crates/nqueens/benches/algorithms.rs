//! Criterion benchmarks: every classic algorithm listing all solutions of
//! n = 8..=10, and the library's fast paths (`count`, `count_all`) for n = 8..=12.
//!
//! `cargo bench -p nqueens --bench algorithms`. For one table of ratios to
//! `bitwise` measured in a single run, see `examples/algorithm_ratios.rs`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use nqueens::{algorithms, SolutionCounter};
use std::hint::black_box;

fn classic(c: &mut Criterion) {
    let mut group = c.benchmark_group("all solutions");
    group.sample_size(10);
    for n in 8..=10 {
        for a in algorithms() {
            if n > a.max_n() {
                continue;
            }
            group.bench_with_input(BenchmarkId::new(a.name(), n), &n, |b, &n| {
                b.iter(|| {
                    let mut sink = SolutionCounter::default();
                    a.search(black_box(n), &mut sink).map(|_| sink.total)
                });
            });
        }
    }
    group.finish();
}

fn fast_paths(c: &mut Criterion) {
    let mut group = c.benchmark_group("counters");
    group.sample_size(10);
    for n in 8..=12 {
        group.bench_with_input(BenchmarkId::new("count", n), &n, |b, &n| {
            b.iter(|| nqueens::count(black_box(n)));
        });
        group.bench_with_input(BenchmarkId::new("count_all", n), &n, |b, &n| {
            b.iter(|| nqueens::count_all(black_box(n)));
        });
    }
    group.finish();
}

criterion_group!(benches, classic, fast_paths);
criterion_main!(benches);
