//! Ignored measurements behind the constants and the docs of the join
//! engine (sizes, chunk timing, projections, slice balance, the diagonal
//! gain); run with `cargo test --release -- --ignored join::sizes::NAME`.

use super::*;
use crate::count::plan::count_plan;

/// The board sizes in `NQ_SIZES` (spaces between), or `default`.
fn sizes_from_env(default: &str) -> Vec<usize> {
    std::env::var("NQ_SIZES")
        .unwrap_or_else(|_| default.into())
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect()
}

/// The number in `NQ_SAMPLES`, or `default`.
fn samples_from_env(default: usize) -> usize {
    env_or("NQ_SAMPLES", default)
}

/// Prints row-table and half-list sizes on sampled tasks (a measurement
/// for the memory bound): `cargo test --release -p nqueens --lib
/// join::sizes -- --ignored --nocapture`, NQ_SIZES="24 25".
#[test]
#[ignore]
fn sizes() {
    let ns = sizes_from_env("20 22");
    for n in ns {
        let t0 = std::time::Instant::now();
        let plan = JoinPlan::build(n, Kernel::best(), 0);
        let h = plan.h;
        eprintln!("n = {n}: {} tasks, plan {:.2?}", plan.len(), t0.elapsed());
        let mut rng = crate::rng::Xoshiro256::new(7);
        let mut max_e = 0;
        let mut max_w = 0;
        let mut max_table = 0;
        let mut buf = Buffers::default();
        for _ in 0..samples_from_env(12) {
            let task = 1 + (rng.next_u64() as usize) % (plan.len() - 1);
            let units = &plan.units_of(task)[..];
            let u = units[0];
            let f = plan.frame(u.c1, u.r1);
            let t = std::time::Instant::now();
            let [east_north, west_north] = &mut buf.north;
            plan.north_pieces(&f, u.en, f.east, 0, east_north);
            plan.north_pieces(&f, f.north & !u.en, f.west, plan.off, west_north);
            let (e, _) = plan.halves(
                &f,
                &buf.north[0],
                (At::START, usize::MAX),
                u.es,
                f.east,
                0,
                None,
                &mut buf.east,
                &mut buf.south,
            );
            let (w, _) = plan.halves(
                &f,
                &buf.north[1],
                (At::START, usize::MAX),
                f.south & !u.es,
                f.west,
                plan.off,
                None,
                &mut buf.west,
                &mut buf.south,
            );
            let lists = t.elapsed();
            let t = std::time::Instant::now();
            let pairs = if std::env::var("NQ_NOJOIN").is_ok() {
                0
            } else {
                count_disjoint(
                    &mut buf.east[..e],
                    &mut buf.west[..w],
                    plan.kernel,
                    plan.leaf,
                    &mut buf.scratch,
                )
            };
            max_e = max_e.max(e);
            max_w = max_w.max(w);
            for tb in &plan.rows.lock().tables {
                max_table = max_table.max(tb.pieces.len());
            }
            eprintln!("  task {task} ({} units): e {e} w {w} pairs {pairs}, lists {lists:.2?}, join {:.2?}; tables {} MB", units.len(), t.elapsed(), plan.rows.bytes() >> 20);
        }
        eprintln!("n = {n}: h = {h}, max e {max_e}, max w {max_w}, max row table {max_table}");
    }
}

/// Times a row split of sampled tasks with other chunks, split by bits
/// or not: `NQ_SIZES=24 NQ_CHUNK=262144 NQ_DEPTH=0 cargo test --release
/// -p nqueens --lib join::sizes::chunk_timing -- --ignored --nocapture`
/// (the west chunk as large as the east one unless `NQ_WEST` says).
#[test]
#[ignore]
fn chunk_timing() {
    for n in sizes_from_env("22") {
        let plan = plan_from_env(n);
        let mut rng = crate::rng::Xoshiro256::new(7);
        let (mut total, mut sum) = (0.0, 0u128);
        for _ in 0..samples_from_env(6) {
            let task = 1 + (rng.next_u64() as usize) % (plan.len() - 1);
            let units = &plan.units_of(task)[..1];
            let f = plan.frame(units[0].c1, units[0].r1);
            for rows in [
                units[0].en,
                f.north & !units[0].en,
                units[0].es,
                f.south & !units[0].es,
            ] {
                std::hint::black_box(plan.rows.get(rows));
            }
            let t = std::time::Instant::now();
            // (One row split of each task: odd boards have hundreds.)
            let mut buf = Buffers::default();
            let c = plan.count_units(units, &mut buf);
            let secs = t.elapsed().as_secs_f64();
            // What splitting the sides by bits held at most.
            let held = buf.split.each_ref().map(|s| {
                let entries: usize = s.levels.iter().map(Vec::capacity).sum();
                (s.south.meets.capacity(), entries, s.levels.len())
            });
            eprintln!(
                "  task {task}: {c} in {secs:.3} s; split (south pieces, entries, levels) {held:?}"
            );
            total += secs;
            sum += c;
        }
        eprintln!("n = {n}: {total:.3} s, sum {sum}");
    }
}

/// How well one sampled row split projects the time of its task, as a
/// dry run of an odd board from n = 25 on projects it: sampled tasks
/// counted whole, against the mean of `NQ_SEEDS` projections of each,
/// every phase with a fresh row cache of the size a count on one
/// thread keeps: `NQ_SIZES=25 NQ_SAMPLES=4 cargo test --release -p
/// nqueens --lib join::sizes::task_projection -- --ignored --nocapture`.
#[test]
#[ignore]
fn task_projection() {
    for n in sizes_from_env("17") {
        let mut plan = plan_from_env(n);
        let budget = JoinEngine::row_cache(n, 1, None) as usize;
        let mut rng = crate::rng::Xoshiro256::new(11);
        let (mut counted, mut projected) = (0.0, 0.0);
        for _ in 0..samples_from_env(3) {
            let task = 1 + rng.below(plan.len() as u64 - 1) as usize;
            let units = plan.units_of(task);
            plan.rows = RowCache::new(plan.h, budget);
            let seeds = env_or("NQ_SEEDS", 8);
            let by_a_split = (0..seeds)
                .map(|seed| plan.task_by_a_split(&units, seed as u64).cpu_seconds)
                .sum::<f64>()
                / seeds as f64;
            plan.rows = RowCache::new(plan.h, budget);
            let t = std::time::Instant::now();
            std::hint::black_box(plan.count(task));
            let whole = t.elapsed().as_secs_f64();
            eprintln!(
                "  task {task}, {} row splits: counted in {whole:.2} s, projected {by_a_split:.2} s ({:.2})",
                units.len(),
                by_a_split / whole
            );
            counted += whole;
            projected += by_a_split;
        }
        eprintln!(
            "n = {n}: projected {projected:.2} s for tasks counted in {counted:.2} s ({:.3})",
            projected / counted
        );
    }
}

/// How well a dry run's path times a row split ([`Path`], from n = 24
/// on): sampled row splits counted whole, and the mean of `NQ_SEEDS`
/// paths through each, both on the thread's CPU clock with the split's
/// row tables built beforehand and the north pieces left out (a dry run
/// times them apart); prints per split and in sum the ratios path /
/// whole of the time and of the solutions (the solutions' should be 1
/// within their spread: the paths are unbiased), with about two standard
/// errors of the paths' sums: `NQ_SIZES="24 27" NQ_SAMPLES=20
/// NQ_SEEDS=16 cargo test --release -p nqueens --lib
/// join::sizes::path_against_split -- --ignored --nocapture`.
///
/// Before the count and before each path the caches are flushed (64 MiB
/// written; `NQ_WARM` set: not), since a dry run counts one path of a
/// split, not several in a row. Left warm, 16 paths took 0.98 of the
/// split's time at n = 25, where most splits are never cut by bits and a
/// path does what the count does, and 0.94 at n = 24.
#[test]
#[ignore]
fn path_against_split() {
    let cold = std::env::var("NQ_WARM").is_err();
    let mut junk = vec![0u64; 8 << 20];
    let mut flush = || {
        if cold {
            junk.iter_mut().for_each(|x| *x = x.wrapping_add(1));
            std::hint::black_box(&junk);
        }
    };
    for n in sizes_from_env("24") {
        let mut plan = plan_from_env(n);
        plan.rows = RowCache::new(plan.h, JoinEngine::row_cache(n, 2, None) as usize);
        let seeds = env_or("NQ_SEEDS", 16);
        let mut rng = crate::rng::Xoshiro256::new(0x7061_7468);
        // Sums over the splits: the whole's time and solutions, the paths'
        // means of each, the variances of those means, the paths' own CPU.
        let (mut whole_t, mut whole_s) = (0.0, 0.0);
        let (mut path_t, mut path_s, mut var_t, mut var_s, mut spent) = (0.0, 0.0, 0.0, 0.0, 0.0);
        let mut ratios = Vec::new();
        for i in 0..samples_from_env(10) {
            let task = 1 + rng.below(plan.len() as u64 - 1) as usize;
            let units = plan.units_of(task);
            let u = units[rng.below(units.len() as u64) as usize];
            let f = plan.frame(u.c1, u.r1);
            for rows in [u.en, f.north & !u.en, u.es, f.south & !u.es] {
                std::hint::black_box(plan.rows.get(rows));
            }
            let whole = |flush: &mut dyn FnMut()| {
                flush();
                let mut north = 0.0;
                let (solutions, all) = thread_cpu_seconds(|| {
                    with_buffers(|buf| {
                        plan.count_units_timed(&[u], buf, Some(&mut north), None, &Whole)
                    })
                });
                (all - north, solutions as f64)
            };
            let paths = |flush: &mut dyn FnMut()| {
                let (mut ts, mut ss, mut depth, mut cpu) = (Vec::new(), Vec::new(), 0, 0.0);
                for k in 0..seeds {
                    flush();
                    let seed = (task as u64) << 20 | (i as u64) << 8 | k as u64;
                    let path =
                        std::cell::RefCell::new(Path::new(crate::rng::Xoshiro256::new(seed)));
                    let mut north = 0.0;
                    let ((), took) = thread_cpu_seconds(|| {
                        with_buffers(|buf| {
                            plan.count_units_timed(&[u], buf, Some(&mut north), None, &path);
                        });
                    });
                    let (all, solutions) = path.borrow_mut().finish();
                    ts.push(all - north);
                    ss.push(solutions);
                    depth += path.borrow().depth;
                    cpu += took;
                }
                (ts, ss, depth, cpu)
            };
            // Alternately first, so that neither always finds the buffers
            // as the other left them.
            let ((wt, ws), (ts, ss, depth, cpu)) = if i % 2 == 0 {
                let w = whole(&mut flush);
                (w, paths(&mut flush))
            } else {
                let p = paths(&mut flush);
                (whole(&mut flush), p)
            };
            let mean = |xs: &[f64]| xs.iter().sum::<f64>() / xs.len() as f64;
            let var_of_mean = |xs: &[f64]| {
                let m = mean(xs);
                xs.iter().map(|x| (x - m).powi(2)).sum::<f64>()
                    / ((xs.len() - 1).max(1) * xs.len()) as f64
            };
            let (pt, ps) = (mean(&ts), mean(&ss));
            eprintln!(
                "  task {task} ({} splits): whole {wt:.3} s, {ws:.0}; paths {pt:.3} s ({:.2}), \
                 {ps:.0} ({:.3}); depth {:.1}, a path took {:.3} s",
                units.len(),
                pt / wt,
                if ws > 0.0 { ps / ws } else { f64::NAN },
                depth as f64 / seeds as f64,
                cpu / seeds as f64
            );
            ratios.push(pt / wt);
            (whole_t, whole_s) = (whole_t + wt, whole_s + ws);
            (path_t, path_s) = (path_t + pt, path_s + ps);
            (var_t, var_s) = (var_t + var_of_mean(&ts), var_s + var_of_mean(&ss));
            spent += cpu;
        }
        ratios.sort_by(f64::total_cmp);
        eprintln!(
            "n = {n}, {} splits, {seeds} paths each: time path/whole {:.3} (± {:.3}; per split \
             {:.2} to {:.2}, median {:.2}), solutions {:.3} (± {:.3}); whole {whole_t:.2} s, \
             paths {spent:.2} s",
            ratios.len(),
            path_t / whole_t,
            2.0 * var_t.sqrt() / whole_t,
            ratios[0],
            ratios[ratios.len() - 1],
            ratios[ratios.len() / 2],
            path_s / whole_s,
            2.0 * var_s.sqrt() / whole_s,
        );
    }
}

/// Whether a dry run's 95% interval is as wide as its projections spread
/// from seed to seed: `NQ_SEEDS` dry runs (seeds 0, 1, ...) of
/// `NQ_SAMPLES` tasks of each n, on one thread, of the plan `count N
/// --dry-run` makes for two threads; prints each projection with its
/// interval, then the projections' spread (standard deviation over mean)
/// against the relative standard error the dry runs claim (their mean),
/// for the time and for the solutions, and how many solution intervals
/// hold the published Q(n): `NQ_SIZES=27 NQ_SEEDS=8 NQ_SAMPLES=200 cargo
/// test --release -p nqueens --lib join::sizes::dry_run_spread --
/// --ignored --nocapture`; `NQ_SEED=S` gives every run seed S, so that
/// they time the same tasks and differ only by the machine. By default
/// n = 24 (a few seconds), as CI runs it with the other ignored tests.
#[test]
#[ignore]
fn dry_run_spread() {
    let year = 365.25 * 86400.0;
    for n in sizes_from_env("24") {
        let plan = JoinEngine.plan_within(n, 2, None).unwrap();
        let samples = samples_from_env(200).min(plan.len());
        let seeds = env_or("NQ_SEEDS", 8);
        let known = crate::known::total(n).map(|q| q as f64);
        let (mut times, mut counts) = (Vec::new(), Vec::new());
        let (mut time_error, mut count_error, mut held) = (0.0, 0.0, 0);
        let same = std::env::var("NQ_SEED")
            .ok()
            .and_then(|s| s.parse::<u64>().ok());
        for seed in 0..seeds as u64 {
            let seed = same.unwrap_or(seed);
            let d = crate::count::estimate::dry_run(plan.as_ref(), samples, seed);
            let (low, high) = d.cpu_interval().unwrap_or((f64::NAN, f64::NAN));
            let q = d.projected_solutions.unwrap_or(f64::NAN);
            let (q_low, q_high) = d.solutions_interval().unwrap_or((f64::NAN, f64::NAN));
            held += usize::from(known.is_some_and(|k| q_low <= k && k <= q_high));
            eprintln!(
                "  seed {seed}: {} tasks in {:.1} s: {:.4} core-years ({:.4} to {:.4}), \
                 Q {q:.4e} ({q_low:.4e} to {q_high:.4e})",
                d.sampled,
                d.timing_seconds,
                d.projected_cpu_seconds / year,
                low / year,
                high / year
            );
            times.push(d.projected_cpu_seconds);
            counts.push(q);
            time_error += d.relative_error / seeds as f64;
            count_error += d.solutions_relative_error / seeds as f64;
        }
        let spread = |xs: &[f64]| {
            let m = xs.iter().sum::<f64>() / xs.len() as f64;
            let var = xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (xs.len() - 1) as f64;
            (m, var.sqrt() / m)
        };
        let ((t, t_spread), (q, q_spread)) = (spread(&times), spread(&counts));
        let holds = if known.is_some() {
            format!("; {held} of {seeds} solution intervals hold Q({n})")
        } else {
            String::new()
        };
        eprintln!(
            "n = {n}, {seeds} dry runs of {samples} tasks: time {:.3} core-years, spread {:.3} \
             against a claimed {time_error:.3}; solutions {q:.4e}, spread {q_spread:.3} against \
             a claimed {count_error:.3}{holds}",
            t / year,
            t_spread
        );
    }
}

/// A plan of `n` with row tables, its east chunk from `NQ_CHUNK`, its
/// west one from `NQ_WEST` (or the same), its split depth from
/// `NQ_DEPTH` and its sample of pairs from `NQ_SAMPLE_PAIRS`.
fn plan_from_env(n: usize) -> JoinPlan {
    let mut plan = JoinPlan::build(n, Kernel::best(), 0);
    let east = env_or("NQ_CHUNK", Chunks::of(n / 2).east);
    plan.chunk = Chunks {
        east,
        west: env_or("NQ_WEST", east),
    };
    plan.split_depth = env_or("NQ_DEPTH", SPLIT_DEPTH);
    plan.sample_pairs = env_or("NQ_SAMPLE_PAIRS", sample_pairs(n / 2));
    plan
}

/// The number in the environment variable `key`, or `default`.
fn env_or(key: &str, default: usize) -> usize {
    std::env::var(key).map_or(default, |s| s.parse().unwrap())
}

/// How evenly contiguous slices of the plan share the work: every task
/// of each n timed on one thread, and the largest and smallest slice
/// against the mean for 4, 16 and 64 slices: `NQ_SIZES="19 20" cargo
/// test --release -p nqueens --lib join::sizes::slice_balance --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn slice_balance() {
    for n in sizes_from_env("20") {
        let plan = JoinPlan::build(n, Kernel::best(), WHOLE_TABLE_MAX_H);
        let times: Vec<f64> = (0..plan.len())
            .map(|i| {
                let t = std::time::Instant::now();
                std::hint::black_box(plan.count(i));
                t.elapsed().as_secs_f64()
            })
            .collect();
        let total: f64 = times.iter().sum();
        eprintln!("n = {n}: {} tasks, {total:.1} s", plan.len());
        for k in [4, 16, 64] {
            let part = |s: usize| {
                times[s * times.len() / k..(s + 1) * times.len() / k]
                    .iter()
                    .sum::<f64>()
            };
            let parts: Vec<f64> = (0..k).map(part).collect();
            let mean = total / k as f64;
            let most = parts.iter().copied().fold(0.0, f64::max);
            let least = parts.iter().copied().fold(f64::MAX, f64::min);
            eprintln!(
                "  {k} slices: {:.2} to {:.2} times the mean",
                least / mean,
                most / mean
            );
        }
    }
}

/// What the transpose gains on even boards: each plan counted on one
/// thread with it and without it, alternately, `NQ_SAMPLES` times; prints
/// the medians and their ratio: `NQ_SIZES="16 18 20" cargo test --release
/// -p nqueens --lib join::sizes::transpose_gain -- --ignored --nocapture`.
#[test]
#[ignore]
fn transpose_gain() {
    for n in sizes_from_env("16 18") {
        let plans =
            [true, false].map(|t| JoinPlan::build_with(n, Kernel::best(), WHOLE_TABLE_MAX_H, t));
        let mut times = [Vec::new(), Vec::new()];
        for _ in 0..samples_from_env(5) {
            for (plan, t) in plans.iter().zip(&mut times) {
                let start = std::time::Instant::now();
                let tally = count_plan(plan);
                t.push(start.elapsed().as_secs_f64());
                assert_eq!(Some(tally.solutions), crate::known::total(n));
            }
        }
        let [with, without] = times.map(|mut t| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2]
        });
        eprintln!(
            "n = {n}: with the transpose {with:.3} s, without {without:.3} s: {:.2}×",
            with / without
        );
    }
}

/// Random units at the frontier, counted by the join engine with row
/// tables and by plain backtracking restricted to the unit:
/// `NQ_SIZES="22 23 24" NQ_SAMPLES=3 cargo test --release -p nqueens
/// --lib join::sizes::frontier_units -- --ignored --nocapture`. With a
/// small `NQ_CHUNK` (say 4096) the sides of each unit are split by bits
/// as deep as they go, as at n = 28 with the default chunks.
#[test]
#[ignore]
fn frontier_units() {
    let ns = sizes_from_env("20 21");
    let samples = samples_from_env(3);
    let mut rng = crate::rng::Xoshiro256::new(0x6a6f696e);
    for n in ns {
        let plan = plan_from_env(n);
        let mut buf = Buffers::default();
        for _ in 0..samples {
            let task = 1 + rng.below(plan.len() as u64 - 1) as usize;
            let units = plan.units_of(task);
            let u = units[rng.below(units.len() as u64) as usize];
            let t = std::time::Instant::now();
            let join = plan.count_units(&[u], &mut buf);
            let tj = t.elapsed();
            let t = std::time::Instant::now();
            let back = super::tests::backtrack_unit(n, &u, plan.transpose);
            eprintln!(
                "n = {n}, task {task}: join {join} ({tj:.2?}), backtracking {back} ({:.2?})",
                t.elapsed()
            );
            assert_eq!(join, back, "n = {n}, task {task}, {u:?}");
        }
    }
}

/// How far the unit timing of dry runs of odd boards (the north pieces
/// once, one unit scaled by the number of units) is from the time of the
/// whole task: `NQ_SIZES="21 23" cargo test --release -p nqueens --lib
/// join::sizes::odd_timing -- --ignored --nocapture`.
#[test]
#[ignore]
fn odd_timing() {
    let ns = sizes_from_env("21");
    for n in ns {
        let plan = JoinPlan::build(n, Kernel::best(), 0);
        let mut rng = crate::rng::Xoshiro256::new(3);
        let (mut whole_sum, mut est_sum) = (0.0, 0.0);
        for _ in 0..samples_from_env(4) {
            let task = 1 + rng.below(plan.len() as u64 - 1) as usize;
            let units = plan.units_of(task);
            let t = std::time::Instant::now();
            plan.count_units(&units, &mut Buffers::default());
            let whole = t.elapsed().as_secs_f64();
            let mut estimates = Vec::new();
            for u in 0..units.len() {
                let mut north = 0.0;
                let t = std::time::Instant::now();
                plan.count_units_timed(
                    &units[u..=u],
                    &mut Buffers::default(),
                    Some(&mut north),
                    None,
                    &Whole,
                );
                let rest = t.elapsed().as_secs_f64() - north;
                estimates.push(north + rest * units.len() as f64);
            }
            let mean = estimates.iter().sum::<f64>() / estimates.len() as f64;
            eprintln!("n = {n}, task {task} ({} units): whole {whole:.3} s, estimate {mean:.3} s, ratio {:.2}", units.len(), mean / whole);
            whole_sum += whole;
            est_sum += mean;
        }
        eprintln!("n = {n}: estimate / time = {:.2}", est_sum / whole_sum);
    }
}

/// The same sampled units of even boards counted with the transpose and
/// without it, each timed on its thread's clock (the median of three
/// times a unit, summed), with row tables as from n = 24 on: `NQ_SIZES="20
/// 22 24" NQ_SAMPLES=20 cargo test --release -p nqueens --lib
/// join::sizes::transpose_gain_by_units -- --ignored --nocapture` (by
/// default n = 18 and 5 units, as CI runs every ignored test).
#[test]
#[ignore]
fn transpose_gain_by_units() {
    for n in sizes_from_env("18") {
        let mut plans = [0, 1].map(|_| plan_from_env(n));
        plans[0].transpose = true;
        plans[1].transpose = false;
        let mut rng = crate::rng::Xoshiro256::new(0x7472616e);
        let mut sums = [0.0f64; 2];
        let mut buf = Buffers::default();
        for _ in 0..samples_from_env(5) {
            let task = 1 + rng.below(plans[0].len() as u64 - 1) as usize;
            let units = plans[0].units_of(task);
            let mut times = [Vec::new(), Vec::new()];
            for _ in 0..3 {
                for (plan, t) in plans.iter().zip(&mut times) {
                    let start = CpuClock::start();
                    std::hint::black_box(plan.count_units(&units, &mut buf));
                    t.push(start.seconds());
                }
            }
            for (s, mut t) in sums.iter_mut().zip(times) {
                t.sort_by(f64::total_cmp);
                *s += t[1];
            }
        }
        let [with, without] = sums;
        eprintln!(
            "n = {n}: with the transpose {with:.3} s, without {without:.3} s: {:.2}×",
            with / without
        );
    }
}

/// How the machine's speed drifts under a dry run: the same `NQ_SAMPLES`
/// tasks of n = `NQ_N` (random ones, each by its random path, as a dry run
/// of two threads plans them) timed `NQ_RUNS` times over, one after
/// another; prints each run's total and, in blocks of 100 tasks, its time
/// against the runs' mean for the same tasks. The work is the same each
/// time, so what moves is the machine: `NQ_SAMPLES=2000 NQ_RUNS=4 cargo test
/// --release -p nqueens --lib join::sizes::timing_drift -- --ignored
/// --nocapture` (n = 24: blocks ran at 0.88 to 1.21, several in a row
/// alike; see `drift_error` in `count/estimate.rs`). By default 200 tasks
/// twice, as CI runs it with the other ignored tests.
#[test]
#[ignore]
fn timing_drift() {
    let n = env_or("NQ_N", 24);
    let plan = JoinEngine.plan_within(n, 2, None).unwrap();
    let k = env_or("NQ_SAMPLES", 200);
    let runs = env_or("NQ_RUNS", 2);
    let mut rng = crate::rng::Xoshiro256::new(7);
    let tasks: Vec<usize> = (0..k)
        .map(|_| rng.below(plan.len() as u64) as usize)
        .collect();
    let times: Vec<Vec<f64>> = (0..runs)
        .map(|_| {
            let t: Vec<f64> = tasks
                .iter()
                .map(|&i| plan.sample(i, i as u64).cpu_seconds)
                .collect();
            assert!(t.iter().all(|&x| x > 0.0));
            t
        })
        .collect();
    let mean: Vec<f64> = (0..k)
        .map(|j| times.iter().map(|t| t[j]).sum::<f64>() / runs as f64)
        .collect();
    for (r, t) in times.iter().enumerate() {
        let blocks: Vec<String> = (0..k)
            .step_by(100)
            .map(|b| {
                let e = (b + 100).min(k);
                let ratio = t[b..e].iter().sum::<f64>() / mean[b..e].iter().sum::<f64>();
                format!("{ratio:.3}")
            })
            .collect();
        eprintln!(
            "n = {n}, run {r}: {:.2} s of tasks; by blocks of 100 against the mean: {}",
            t.iter().sum::<f64>(),
            blocks.join(" ")
        );
    }
}

/// The time to build row tables of `NQ_K` random rows of the h×h board
/// (`NQ_H`; by default 12, a few seconds unoptimised, as CI runs it), each
/// of `NQ_SAMPLES`: `NQ_H=14 NQ_K=12 NQ_SAMPLES=4 cargo test --release -p
/// nqueens --lib join::sizes::row_table_build -- --ignored --nocapture`
/// (n = 28's tables).
#[test]
#[ignore]
fn row_table_build() {
    let h = env_or("NQ_H", 12);
    let k = env_or("NQ_K", h / 2).min(h);
    let mut rng = crate::rng::Xoshiro256::new(3);
    let mut t = RowTable::default();
    let (mut seconds, mut placed) = (0.0, 0usize);
    for _ in 0..samples_from_env(8) {
        let mut rows = 0u32;
        while (rows.count_ones() as usize) < k {
            rows |= 1 << rng.below(h as u64);
        }
        let s = std::time::Instant::now();
        t.build(h, rows);
        seconds += s.elapsed().as_secs_f64();
        placed += t.pieces.len();
    }
    eprintln!("h = {h}, {k} rows: {placed} placements in {seconds:.3} s");
}
