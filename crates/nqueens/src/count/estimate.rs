//! Estimates: how many solutions a board has, and how long an exact count
//! would take, without doing the count.
//!
//! # Knuth's estimator
//!
//! [`estimate`] applies the method of D. E. Knuth, "Estimating the efficiency
//! of backtrack programs", *Mathematics of Computation* 29 (1975), 121–136, to
//! the row-by-row search tree of the n-queens problem: a node at depth i is a
//! placement of non-attacking queens in rows 0..i, and its children are the
//! d_i free squares of row i.
//!
//! One *sample* walks a single random path from the root: in each row it picks
//! one of the d_i free squares uniformly at random. If it reaches the bottom
//! (all n rows filled), the sample's value is the product D = d_0·d_1·…·d_{n-1};
//! if it gets stuck in a row with no free square, the value is 0.
//!
//! **Why it is unbiased.** A given solution is reached by exactly one path, and
//! that path is taken with probability 1/(d_0·d_1·…·d_{n-1}), the product of
//! the branching along it. The expected value of the sample is therefore
//! Σ over solutions of (1/D)·D = Q(n). The same argument, stopped at depth k,
//! shows that the partial product d_0·…·d_{k-1} (0 once the path has died) is
//! an unbiased estimate of the number of nodes at depth k; summed over the
//! depths it estimates the size of the whole tree, which is what the running
//! time of an exact count is proportional to ([`Estimate::nodes`]).
//!
//! **Why the variance grows with n.** The estimator is exact for a perfectly
//! balanced tree. The n-queens tree is not: paths that keep their early queens
//! near the edges leave more room below, and a random path dies with a
//! probability that grows with n. So the sample values are mostly 0, with rare
//! successes that carry large products, and the products along different
//! successful paths differ by factors that grow exponentially with n. The
//! relative standard deviation of one sample therefore grows quickly with n,
//! and more samples are needed for the same relative precision (the error
//! falls only as 1/√K). For n ≤ 17 a million samples give a standard error
//! under one per cent, for n = 50 about four per cent, and for n = 100 about
//! twelve per cent, with runs of different seeds disagreeing by more than that.
//!
//! **Reading the interval.** The mean ± 1.96 standard errors (the sample
//! standard deviation over √K) is, by the central limit theorem, an
//! approximate 95% confidence interval for Q(n). The approximation is good when
//! many samples succeed; when the distribution is very skewed (large n, few
//! successes) the sample standard deviation tends to *underestimate* the truth,
//! because the rare very large values that dominate the mean have not been
//! seen yet, and the interval falls short of Q(n) more often than 1 time in
//! 20: at n = 20, from 1,000 paths, it held Q(20) for 175 of 200 seeds. A
//! completed path's value is a product of n branchings, so its logarithm is
//! a sum, and nearly normal: a log-normal model of the values that are not 0
//! (Aitchison's delta-log-normal) sees the weight of the large values from
//! the spread of the logarithms, even before any is drawn. [`Estimate::low`]
//! and [`Estimate::high`] are the wider ends of the two intervals, which
//! held Q(20) for 196 of 200 seeds from 1,000 paths (the test
//! `the_interval_holds_across_seeds` checks such a share there).
//! When no path reached a solution at all, the
//! interval has no upper end ([`Estimate::high`] is infinite): zeros say
//! that completing paths are rare, not how much one would weigh.
//!
//! The random numbers come from xoshiro256** seeded by SplitMix64 (both by
//! Blackman and Vigna), written here, so an estimate is reproducible from its
//! seed on every platform.
//!
//! # The dry run
//!
//! [`dry_run`] predicts the CPU time of an exact count by a counting engine
//! ([`Plan`]): it times a uniform random sample of distinct tasks and
//! multiplies the mean task time by the number of tasks. That is the classic
//! estimate of a population total from a simple random sample; its relative
//! standard error ([`DryRun::relative_error`]) comes from the spread of the
//! sampled times, with the finite-population correction, so it is 0 when every
//! task was timed. Task times vary by orders of magnitude, so sample at least a
//! few hundred tasks for a useful projection. A spread of a few tasks is
//! itself uncertain: below ten degrees of freedom the error is widened by
//! Student's t (three whole tasks: 4.30 where the normal's is 1.96; the
//! interval held Q(14) for 87 of 100 seeds without it, 95 with it).
//!
//! Where a plan sorts its tasks by kind ([`Plan::stratum`]: the join engine
//! by the balance of a task's quadrants), the sample is stratified: each
//! kind gets its share of the sample, drawn uniformly within it, and the
//! projection is the sum over the kinds of each one's mean times its
//! tasks, whose variance has only the spread within each kind. A task that
//! takes minutes may be sampled by a part of it, scaled so that the
//! sample is still right on average (the join engine from n = 24 on: one
//! random path through the parts of one row split, seconds where the task
//! takes minutes); the spread of those samples is in the interval too.
//! [`dry_run_on`] times on several threads at once.
//!
//! The times are read on each sampled task's thread CPU clock
//! ([`Plan::sample`]), not a wall clock, so that a machine busy with other
//! work gives the same projection (a wall clock beside two busy programs on
//! two cores says about twice as long).
//!
//! A CPU clock still runs slower or faster as the machine does: on a shared
//! host the same tasks take several percent more or less from one minute to
//! the next, and all the tasks of one dry run share that drift, which their
//! spread does not show. So the time's error is also judged by *random
//! groups*: the tasks cut, in the order they were timed, into up to ten
//! runs of 20 tasks or more, each projected on its own; where those
//! projections spread more than the strata say, their spread is the error
//! (a dry run of fewer than 100 tasks has the strata's alone). That sees
//! the drift during the dry run, not a slower one: the projection is the
//! machine's speed while it ran.
//!
//! **A check against truth.** The tasks sampled for their time are counted,
//! so the same sample estimates Q(n) the same way
//! ([`DryRun::projected_solutions`], with its own relative standard error):
//! where Q(n) is known, an interval that misses it says the sample is too
//! small or the sampling is biased, and then so is the time's.
//!
//! ```
//! use nqueens::estimate;
//!
//! let e = estimate(8, 100_000, 1)?;
//! assert!(e.low <= 92.0 && 92.0 <= e.high);
//! # Ok::<(), nqueens::Error>(())
//! ```

use std::collections::BTreeSet;
use std::time::Instant;

use super::plan::{Plan, TaskSample};
use crate::error::Error;
use crate::rng::Xoshiro256;

/// The largest n [`estimate`] takes (one bit per column in a `u128`).
pub const MAX_ESTIMATE_N: usize = 128;

/// The z-value of a two-sided 95% normal interval.
const Z95: f64 = 1.96;

/// The outcome of [`estimate`].
///
/// # Examples
///
/// ```
/// use nqueens::estimate;
///
/// // The 4×4 search tree has 17 nodes: the root, then 4, 6, 4 and 2 by row,
/// // the last 2 being the solutions.
/// let e = estimate(4, 20_000, 4)?;
/// assert_eq!((e.n, e.samples), (4, 20_000));
/// assert!((e.solutions - 2.0).abs() < 0.2 && e.contains(2.0));
/// assert!((e.nodes - 17.0).abs() < 1.0);
/// assert!(e.low <= e.solutions && e.solutions <= e.high);
/// assert!(e.std_error > 0.0);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The board size.
    pub n: usize,
    /// K, the number of random paths walked.
    pub samples: u64,
    /// The estimate of Q(n): the mean of the K sample values.
    pub solutions: f64,
    /// The standard error of [`Estimate::solutions`]: the sample standard
    /// deviation over √K. 0 up to n = 3, where every path has the same
    /// value (n = 1's one solution; n = 2 and 3 have none). From n = 4 on,
    /// infinite when K = 1 (one value says nothing about the spread), when
    /// no path reached a solution: K zeros say the paths that complete are
    /// rare, not how much each would weigh, so they bound nothing from
    /// above; and when the K values are all equal, where the values do
    /// spread (some paths end short): the sample has not seen it yet.
    pub std_error: f64,
    /// The lower end of the approximate 95% interval (see the module
    /// docs: the lower of `solutions - 1.96 · std_error` and the log-normal
    /// interval's end), clamped at 0, or at 1 once a path has reached a
    /// solution: that solution exists, so no fewer than one is possible
    /// (`estimate 8 --samples 20` once said "95% interval 0 to 255" after
    /// finding some).
    pub low: f64,
    /// The upper end of the approximate 95% interval: the higher of
    /// `solutions + 1.96 · std_error` and the log-normal interval's end;
    /// infinite where the standard error is.
    pub high: f64,
    /// The estimated number of nodes of the search tree: the root, every
    /// partial placement of non-attacking queens in the first rows, and the
    /// complete solutions. An exact row-by-row count visits this many nodes
    /// (without the mirror halving or other symmetry tricks).
    pub nodes: f64,
    /// How many of the paths reached a solution: the only values not 0,
    /// on which the estimate and its interval rest. Few of them (at large
    /// n a path rarely completes) leave the interval short of 95%.
    pub solved: u64,
}

impl Estimate {
    /// Whether `value` lies in the interval `[low, high]`.
    pub fn contains(&self, value: f64) -> bool {
        self.low <= value && value <= self.high
    }
}

/// Estimates Q(n) by Knuth's method with `samples` random paths; see the
/// module docs. The result depends only on `n`, `samples` and `seed`.
///
/// Each sample costs O(n) operations: a million samples take about a second
/// for n = 30 and four for n = 100 (optimised build).
///
/// # Errors
/// [`Error::ZeroSize`], [`Error::TooLarge`] (`n > 128`), or
/// [`Error::Refused`] when `samples` is 0.
///
/// # Examples
///
/// ```
/// use nqueens::{estimate, Error};
///
/// let e = estimate(8, 20_000, 1)?;
/// assert!(e.contains(92.0), "{e:?}");
/// assert!((e.solutions - 92.0).abs() < 0.2 * 92.0);
/// // The same seed gives the same estimate; another seed another one.
/// assert_eq!(estimate(8, 20_000, 1)?, e);
/// assert_ne!(estimate(8, 20_000, 2)?.solutions, e.solutions);
///
/// assert!(matches!(estimate(8, 0, 1), Err(Error::Refused { .. })));
/// assert!(matches!(estimate(129, 10, 1), Err(Error::TooLarge { max: 128, .. })));
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn estimate(n: usize, samples: u64, seed: u64) -> Result<Estimate, Error> {
    if n == 0 {
        return Err(Error::ZeroSize);
    }
    if n > MAX_ESTIMATE_N {
        return Err(Error::TooLarge {
            n,
            max: MAX_ESTIMATE_N,
            what: "the estimator",
        });
    }
    if samples == 0 {
        return Err(Error::Refused {
            algorithm: "the estimator",
            n,
            reason: "0 samples were asked for, and it needs at least one".to_string(),
        });
    }
    let full = if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    };
    // A sample's value is at most n!, so values are kept as fractions of
    // 2^e >= n! (an exact rescaling) and their squares cannot overflow.
    let log2_factorial: f64 = (2..=n).map(|i| (i as f64).log2()).sum();
    let exponent = log2_factorial.ceil() as i32 + 1;
    let down = 2f64.powi(-exponent);
    let up = 2f64.powi(exponent);

    let mut rng = Xoshiro256::new(seed);
    // The running mean and spread of the scaled values, and of the
    // logarithms of those that are not 0.
    let mut values = Welford::default();
    let mut logs = Welford::default();
    let mut node_sum = 0.0f64;
    for _ in 0..samples {
        let (value, nodes) = walk(n, full, &mut rng);
        node_sum += nodes;
        values.add(value * down);
        if value > 0.0 {
            logs.add(value.ln());
        }
    }
    let Welford { mean, m2, .. } = values;
    let solutions = mean * up;
    // Up to n = 3 every path has the same value, exact from one path or
    // many: n = 1's one path finds its solution, and n = 2 and 3 have none,
    // so every path ends short (one path was called "too few to estimate
    // Q(2)").
    let exact = n <= 3;
    // From n = 4 on some paths complete and some do not, so the values
    // spread: K equal values (K = 2 on n = 4, a quarter of the time) say
    // the sample is too small to see it, not that the mean is exact.
    let no_spread_seen = m2 == 0.0;
    let std_error = if exact {
        0.0
    } else if samples == 1 || mean == 0.0 || no_spread_seen {
        f64::INFINITY
    } else {
        let variance = m2.max(0.0) / (samples - 1) as f64;
        (variance / samples as f64).sqrt() * up
    };
    let (mut low, mut high) = (solutions - Z95 * std_error, solutions + Z95 * std_error);
    if std_error.is_finite() && std_error > 0.0 {
        if let Some((ln_low, ln_high)) = logs.lognormal_interval(samples) {
            low = low.min(ln_low);
            high = high.max(ln_high);
        }
    }
    Ok(Estimate {
        n,
        samples,
        solutions,
        std_error,
        low: low.max(if mean > 0.0 { 1.0 } else { 0.0 }),
        high,
        nodes: node_sum / samples as f64,
        solved: logs.count,
    })
}

/// Welford's running mean and sum of squared deviations.
#[derive(Debug, Default)]
struct Welford {
    count: u64,
    mean: f64,
    m2: f64,
}

impl Welford {
    fn add(&mut self, y: f64) {
        self.count += 1;
        let delta = y - self.mean;
        self.mean += delta / self.count as f64;
        self.m2 += delta * (y - self.mean);
    }

    /// The 95% interval of the mean of `samples` values, `count` of which
    /// are not 0 and had these logarithms, if the values that are not 0
    /// were log-normal (Aitchison's delta-log-normal model: the mean is
    /// p·exp(μ + σ²/2), p the share not 0; its logarithm's variance by the
    /// delta method, (1 − p)/(p·K) + σ²/k + σ⁴/(2(k − 1))). `None` from
    /// fewer than two values that are not 0.
    fn lognormal_interval(&self, samples: u64) -> Option<(f64, f64)> {
        let k = self.count;
        if k < 2 {
            return None;
        }
        let (k, samples) = (k as f64, samples as f64);
        let p = k / samples;
        let s2 = self.m2.max(0.0) / (k - 1.0);
        let log_mean = p.ln() + self.mean + s2 / 2.0;
        let var = (1.0 - p) / (p * samples) + s2 / k + s2 * s2 / (2.0 * (k - 1.0));
        let half = Z95 * var.sqrt();
        Some(((log_mean - half).exp(), (log_mean + half).exp()))
    }
}

/// One random path down the tree: the sample value (the product of the
/// branchings if the path completes, else 0) and the sum over depths of the
/// partial products (the node-count sample, root included).
fn walk(n: usize, full: u128, rng: &mut Xoshiro256) -> (f64, f64) {
    let (mut cols, mut diag, mut anti) = (0u128, 0u128, 0u128);
    let mut product = 1.0f64;
    let mut nodes = 1.0f64;
    for _ in 0..n {
        let free = full & !(cols | diag | anti);
        let d = free.count_ones();
        if d == 0 {
            return (0.0, nodes);
        }
        product *= f64::from(d);
        nodes += product;
        let k = rng.below(u64::from(d)) as u32;
        let bit = 1u128 << nth_set_bit(free, k);
        cols |= bit;
        diag = (diag | bit) << 1;
        anti = (anti | bit) >> 1;
    }
    (product, nodes)
}

/// The position of the `k`-th (from 0, lowest first) set bit of `mask`;
/// `k` must be below `mask.count_ones()`.
fn nth_set_bit(mask: u128, k: u32) -> u32 {
    let low = mask as u64;
    let in_low = low.count_ones();
    if k < in_low {
        nth_set_bit_64(low, k)
    } else {
        64 + nth_set_bit_64((mask >> 64) as u64, k - in_low)
    }
}

/// The position of the `k`-th set bit of a `u64`, by halving with popcounts
/// down to a byte and then clearing the lowest bits.
fn nth_set_bit_64(mut x: u64, mut k: u32) -> u32 {
    let mut position = 0;
    for width in [32u32, 16, 8] {
        let low = x & ((1u64 << width) - 1);
        let count = low.count_ones();
        if k >= count {
            k -= count;
            x >>= width;
            position += width;
        } else {
            x = low;
        }
    }
    for _ in 0..k {
        x &= x - 1;
    }
    position + x.trailing_zeros()
}

/// The outcome of [`dry_run`].
///
/// # Examples
///
/// ```
/// use nqueens::{dry_run, ConstellationEngine, Engine};
///
/// let plan = ConstellationEngine.plan(10)?;
/// let d = dry_run(plan.as_ref(), 100, 1);
/// assert_eq!((d.tasks, d.sampled), (plan.len(), 100));
/// // The projection is the mean time of a sampled task times the tasks.
/// let mean = d.sample_seconds / d.sampled as f64;
/// assert!((d.projected_cpu_seconds - mean * d.tasks as f64).abs() <= 1e-9);
/// assert!(d.relative_error.is_finite() && d.timing_seconds >= 0.0);
/// // On 4 threads, a count would take about this long:
/// let wall_seconds = d.projected_cpu_seconds / 4.0;
/// assert!(wall_seconds >= 0.0);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DryRun {
    /// The number of tasks in the plan.
    pub tasks: usize,
    /// How many distinct tasks were timed.
    pub sampled: usize,
    /// The fewest tasks this dry run times whatever its budget: three, and
    /// two of each stratum where the plan has several ([`Plan::stratum`]),
    /// or every task of a smaller sample. Where `sampled` is this many, the
    /// dry run may have taken longer than its budget.
    pub least: usize,
    /// The CPU time the sampled tasks take, in seconds on one thread, as
    /// [`Plan::sample`] measures it on the thread's own clock (the time
    /// spent counting them, or for very long tasks a part of each, scaled).
    pub sample_seconds: f64,
    /// The time the dry run itself took, in seconds of wall time (less
    /// than `sample_seconds` where tasks were timed by a part, more on a
    /// busy machine).
    pub timing_seconds: f64,
    /// The projected CPU time of counting the whole plan on one thread:
    /// the mean sampled task time × the number of tasks (by strata, the sum
    /// of each stratum's). Divide by the number of threads for a wall-clock
    /// estimate.
    pub projected_cpu_seconds: f64,
    /// The relative standard error of the projection: the standard deviation
    /// of the sampled task times over √(sampled), with the finite-population
    /// correction √(1 − sampled/tasks), divided by the mean (for a sample by
    /// strata, that of each stratum, summed as variances; see the module
    /// docs); or, where wider, the spread of the projections of groups of
    /// tasks timed one after another, which the machine's drift during the
    /// dry run moves (see the docs of `src/count/estimate.rs`). Under ten
    /// degrees of freedom (the tasks timed less their strata) it is widened
    /// by Student's t over 1.96, so that ± 1.96 of it is a 95% interval
    /// still. 0 when every task was timed, infinite when only one of
    /// several was.
    pub relative_error: f64,
    /// The number of solutions the same sample projects: the mean of the
    /// sampled tasks' solutions ([`TaskSample::solutions`]) × the number of
    /// tasks; `None` where the plan's samples do not count them.
    pub projected_solutions: Option<f64>,
    /// The relative standard error of `projected_solutions`, as
    /// `relative_error` is of the time.
    pub solutions_relative_error: f64,
}

impl DryRun {
    /// The approximate 95% interval of the CPU time: the projection ± 1.96
    /// relative standard errors, the low end clamped at 0; `None` when
    /// there is no interval (one task timed of several).
    ///
    /// ```
    /// use nqueens::{dry_run, Engine, JoinEngine};
    ///
    /// let plan = JoinEngine.plan(12)?;
    /// let d = dry_run(plan.as_ref(), 50, 3);
    /// let (low, high) = d.cpu_interval().expect("50 tasks give an interval");
    /// assert!(low <= d.projected_cpu_seconds && d.projected_cpu_seconds <= high);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn cpu_interval(&self) -> Option<(f64, f64)> {
        interval(self.projected_cpu_seconds, self.relative_error)
    }

    /// The approximate 95% interval of the number of solutions, as
    /// [`DryRun::cpu_interval`] is of the time; `None` without an estimate
    /// or an interval.
    ///
    /// ```
    /// use nqueens::{dry_run, Engine, JoinEngine};
    ///
    /// let plan = JoinEngine.plan(14)?;
    /// let d = dry_run(plan.as_ref(), 200, 1);
    /// let (low, high) = d.solutions_interval().expect("the join engine counts its samples");
    /// // Q(14) = 365,596.
    /// assert!(low <= 365_596.0 && 365_596.0 <= high, "{low} to {high}");
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn solutions_interval(&self) -> Option<(f64, f64)> {
        interval(self.projected_solutions?, self.solutions_relative_error)
    }
}

/// `value` ± 1.96 × `relative_error` of it, the low end at least 0.
fn interval(value: f64, relative_error: f64) -> Option<(f64, f64)> {
    let margin = Z95 * relative_error;
    margin
        .is_finite()
        .then(|| (value * (1.0 - margin).max(0.0), value * (1.0 + margin)))
}

/// The projected total of a population of `tasks` from a simple random
/// sample of `values`, and its relative standard error: with the
/// finite-population correction where each value is its task's exact
/// figure (`exact`; 0 when every task was sampled), without it where each
/// is an estimate from a part of its task ([`Plan::samples_parts`]: two
/// samples of one task differ, so the spread does not shrink as a larger
/// share of the tasks is sampled). Infinite when one of several was.
fn project(values: &[f64], tasks: usize, exact: bool) -> (f64, f64) {
    let sampled = values.len();
    let sum: f64 = values.iter().sum();
    if sampled == 0 {
        return (0.0, 0.0);
    }
    if sampled == tasks && exact {
        return (sum, 0.0);
    }
    let mean = sum / sampled as f64;
    let relative_error = if sampled == 1 {
        f64::INFINITY
    } else if mean > 0.0 {
        let variance =
            values.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (sampled - 1) as f64;
        (variance * correction(sampled, tasks, exact) / sampled as f64).sqrt() / mean
    } else {
        0.0
    };
    (mean * tasks as f64, relative_error)
}

/// The finite-population correction of a sample of `sampled` of `tasks`
/// tasks: the share not sampled where each sample is its task's exact
/// figure (`exact`), none (1) where each is an estimate from a part.
fn correction(sampled: usize, tasks: usize, exact: bool) -> f64 {
    if exact {
        1.0 - sampled as f64 / tasks as f64
    } else {
        1.0
    }
}

/// The projected total of a population split into strata of `sizes`
/// tasks from a random sample of `values` (each with its stratum), and its
/// relative standard error: the sum over the strata of each one's size
/// times its sampled mean, with the variance of a stratified sample (each
/// stratum's spread, with its finite-population correction). One stratum
/// is [`project`]. A stratum with one task sampled of several takes the
/// spread of the whole sample; one with none (only when the budget ended
/// before every stratum had a task timed) takes the whole sample's mean
/// and spread, as if one task of it had been timed. Not `exact`: no
/// finite-population correction, as in [`project`].
fn project_strata(values: &[(usize, f64)], sizes: &[usize], exact: bool) -> (f64, f64) {
    if sizes.len() <= 1 {
        let plain: Vec<f64> = values.iter().map(|&(_, v)| v).collect();
        return project(&plain, sizes.iter().sum(), exact);
    }
    let sampled = values.len();
    if sampled == 0 {
        return (0.0, 0.0);
    }
    let mean = values.iter().map(|&(_, v)| v).sum::<f64>() / sampled as f64;
    let pooled = if sampled > 1 {
        values.iter().map(|&(_, v)| (v - mean).powi(2)).sum::<f64>() / (sampled - 1) as f64
    } else {
        f64::INFINITY
    };
    let (mut total, mut variance) = (0.0, 0.0);
    for (k, &size) in sizes.iter().enumerate() {
        let mine: Vec<f64> = values
            .iter()
            .filter(|&&(s, _)| s == k)
            .map(|&(_, v)| v)
            .collect();
        let (n_k, big) = (mine.len(), size as f64);
        if n_k == 0 {
            total += big * mean;
            variance += big * big * pooled;
            continue;
        }
        let m = mine.iter().sum::<f64>() / n_k as f64;
        total += big * m;
        if n_k >= size && exact {
            continue;
        }
        let spread = if n_k > 1 {
            mine.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n_k - 1) as f64
        } else {
            pooled
        };
        variance += big * big * correction(n_k, size, exact) * spread / n_k as f64;
    }
    let relative_error = if total > 0.0 {
        variance.sqrt() / total
    } else if variance > 0.0 {
        f64::INFINITY
    } else {
        0.0
    };
    (total, relative_error)
}

/// The most groups [`drift_error`] cuts a sample into.
const GROUPS: usize = 10;

/// The fewest values of a group, and the fewest groups worth a spread
/// ([`drift_error`]): with fewer, Student's t for their few degrees of
/// freedom makes any interval useless (two groups: 12.7 where 1.96 is
/// the normal's), so a shorter dry run has the strata's error alone.
const GROUP_MIN: usize = 20;
const GROUPS_MIN: usize = 5;

/// The two-sided 95% point of Student's t with `df` degrees of freedom
/// (1 to 9; 1.96 beyond).
fn t95(df: usize) -> f64 {
    const T: [f64; 9] = [12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26];
    T.get(df.wrapping_sub(1)).copied().unwrap_or(Z95)
}

/// The relative standard error of a stratified projection by *random
/// groups* in the order the values were measured: the sample cut into up
/// to [`GROUPS`] runs of consecutive values, each projected on its own (a
/// stratum a run lacks takes the whole sample's mean, as a run of n = 28's
/// 250 tasks lacks most of its strata), and the spread of those
/// projections, widened by Student's t for their few degrees of freedom so
/// that it reads against 1.96 as the stratified error does; 0 (no say)
/// for fewer than [`GROUPS_MIN`] groups of [`GROUP_MIN`] values.
///
/// Why: the order deals each stratum its share all along, so each run is a
/// stratified sample of its own, and where the values are the same the
/// runs spread as [`project_strata`] says. A time is not: the machine's
/// speed drifts by several percent over seconds (other tenants of a shared
/// host, its clock), and one dry run's tasks share that drift, which the
/// spread of the tasks does not show. Timing the same 2,000 paths of n = 24
/// four times, blocks of 100 consecutive tasks ran at 0.88 to 1.21 of their
/// mean speed, and the totals spread by 6.7% where the strata claimed 1.9%.
/// The runs see the drift within a dry run; not one that is slower than
/// the dry run itself.
fn drift_error(values: &[(usize, f64)], sizes: &[usize]) -> f64 {
    let strata = sizes.len().max(1);
    let groups = (values.len() / GROUP_MIN).min(GROUPS);
    if groups < GROUPS_MIN {
        return 0.0;
    }
    // Each stratum's sum and count of values.
    let tally = |run: &[(usize, f64)]| {
        let (mut sum, mut count) = (vec![0.0; strata], vec![0usize; strata]);
        for &(k, v) in run {
            sum[k.min(strata - 1)] += v;
            count[k.min(strata - 1)] += 1;
        }
        (sum, count)
    };
    let size = |k: usize| sizes.get(k).copied().unwrap_or(values.len()) as f64;
    let pooled = values.iter().map(|&(_, v)| v).sum::<f64>() / values.len() as f64;
    let (sum, count) = tally(values);
    let mean: Vec<f64> = (0..strata)
        .map(|k| match count[k] {
            0 => pooled,
            c => sum[k] / c as f64,
        })
        .collect();
    let total: f64 = (0..strata).map(|k| size(k) * mean[k]).sum();
    if total <= 0.0 {
        return 0.0;
    }
    let projections: Vec<f64> = (0..groups)
        .map(|g| {
            let (sum, count) =
                tally(&values[g * values.len() / groups..(g + 1) * values.len() / groups]);
            (0..strata)
                .map(|k| match count[k] {
                    0 => size(k) * mean[k],
                    c => size(k) * sum[k] / c as f64,
                })
                .sum()
        })
        .collect();
    let m = projections.iter().sum::<f64>() / groups as f64;
    let variance =
        projections.iter().map(|p| (p - m).powi(2)).sum::<f64>() / (groups * (groups - 1)) as f64;
    variance.sqrt() / total * t95(groups - 1) / Z95
}

/// The tasks a dry run of `plan` times, in the order it times them, each
/// with the ordinal of its stratum ([`Plan::stratum`]), and the strata's
/// sizes. One stratum: `samples` distinct tasks drawn uniformly
/// ([`choose`]) in random order. Several: each stratum's share of
/// `samples` (at least two, at most all of its tasks), drawn uniformly
/// within it; two of each stratum first (the strata in random order), so
/// that every stratum has a spread early, then the rest dealt so that
/// each stratum keeps its share at every point of the order, and a sample
/// cut short by the budget is still a stratified one.
fn sample_order(plan: &dyn Plan, samples: usize, seed: u64) -> (Vec<(usize, usize)>, Vec<usize>) {
    let tasks = plan.len();
    let mut rng = Xoshiro256::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    let shuffle = |v: &mut Vec<usize>, rng: &mut Xoshiro256| {
        for i in (1..v.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    };
    let mut ordinal: std::collections::BTreeMap<u32, usize> = std::collections::BTreeMap::new();
    for i in 0..tasks {
        *ordinal.entry(plan.stratum(i)).or_default() += 1;
    }
    if ordinal.len() <= 1 {
        let mut chosen = choose(tasks, samples, seed);
        shuffle(&mut chosen, &mut rng);
        return (chosen.into_iter().map(|t| (t, 0)).collect(), vec![tasks]);
    }
    let sizes: Vec<usize> = ordinal.values().copied().collect();
    for (k, v) in ordinal.values_mut().enumerate() {
        *v = k;
    }
    let share = |size: usize| {
        let s = (samples as f64 * size as f64 / tasks as f64).ceil() as usize;
        s.max(2).min(size)
    };
    let picks: Vec<Vec<usize>> = sizes
        .iter()
        .enumerate()
        .map(|(k, &size)| choose(size, share(size), seed ^ ((k as u64 + 1) << 40)))
        .collect();
    let mut chosen: Vec<Vec<usize>> = vec![Vec::new(); sizes.len()];
    let mut seen = vec![0usize; sizes.len()];
    for i in 0..tasks {
        let k = ordinal[&plan.stratum(i)];
        if picks[k].get(chosen[k].len()) == Some(&seen[k]) {
            chosen[k].push(i);
        }
        seen[k] += 1;
    }
    for c in &mut chosen {
        shuffle(c, &mut rng);
    }
    let mut strata: Vec<usize> = (0..sizes.len()).collect();
    shuffle(&mut strata, &mut rng);
    let mut order: Vec<(usize, usize)> = Vec::new();
    for &k in &strata {
        order.extend(chosen[k].iter().take(2).map(|&t| (t, k)));
    }
    let mut rest: Vec<(f64, usize, usize)> = Vec::new();
    for (k, c) in chosen.iter().enumerate() {
        for (j, &t) in c.iter().enumerate().skip(2) {
            rest.push(((j as f64 + 0.5) / c.len() as f64, k, t));
        }
    }
    rest.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    order.extend(rest.into_iter().map(|(_, k, t)| (t, k)));
    (order, sizes)
}

/// The fewest tasks a dry run times, whatever its budget: enough for an
/// interval, if a wide one.
pub(crate) const MIN_SAMPLES: usize = 3;

/// `samples` distinct indices below `tasks`, in increasing order, each subset
/// equally likely (all of them if `samples >= tasks`), by Floyd's algorithm.
fn choose(tasks: usize, samples: usize, seed: u64) -> Vec<usize> {
    if samples >= tasks {
        return (0..tasks).collect();
    }
    let mut rng = Xoshiro256::new(seed);
    let mut set = BTreeSet::new();
    for j in tasks - samples..tasks {
        let t = rng.below(j as u64 + 1) as usize;
        if !set.insert(t) {
            set.insert(j);
        }
    }
    set.into_iter().collect()
}

/// Times a uniform random sample of `samples` distinct tasks of `plan` (all of
/// them if `samples` is at least the number of tasks; three at least, so
/// that there is an interval) and projects the CPU
/// time of the whole count; see the docs of `src/count/estimate.rs`. The tasks are chosen from
/// `seed` (deterministically); the times, of course, vary from run to run.
///
/// # Examples
///
/// ```
/// use nqueens::{dry_run, ConstellationEngine, Engine};
///
/// let plan = ConstellationEngine.plan(10)?;
/// assert_eq!(plan.len(), 293);
///
/// // Timing every task measures the count itself: no error to speak of.
/// let all = dry_run(plan.as_ref(), usize::MAX, 0);
/// assert_eq!((all.tasks, all.sampled), (293, 293));
/// assert_eq!(all.projected_cpu_seconds, all.sample_seconds);
/// assert_eq!(all.relative_error, 0.0);
///
/// // A sample of 50 projects the time of all 293, with an error.
/// let some = dry_run(plan.as_ref(), 50, 1);
/// assert_eq!(some.sampled, 50);
/// assert!(some.relative_error.is_finite());
///
/// // Asked for none, it still times three: a projection of nothing would
/// // seem exact.
/// assert_eq!(dry_run(plan.as_ref(), 0, 1).sampled, 3);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn dry_run(plan: &dyn Plan, samples: usize, seed: u64) -> DryRun {
    dry_run_within(plan, samples, seed, f64::INFINITY)
}

/// [`dry_run`], but stops sampling once `budget_seconds` have been spent
/// (after at least three tasks, so that there is an interval, and two of
/// each stratum where the plan has several, [`Plan::stratum`]), so
/// that a dry run of a huge count stays short; `sampled` says how many
/// tasks were timed.
///
/// # Examples
///
/// ```
/// use nqueens::{dry_run_within, ConstellationEngine, Engine};
///
/// let plan = ConstellationEngine.plan(10)?;
/// // No time at all to spend: the fewest tasks a dry run times, three.
/// let quick = dry_run_within(plan.as_ref(), 100, 7, 0.0);
/// assert_eq!((quick.tasks, quick.sampled, quick.least), (293, 3, 3));
/// // A budget of a minute is enough for 100 tasks of n = 10.
/// let full = dry_run_within(plan.as_ref(), 100, 7, 60.0);
/// assert_eq!(full.sampled, 100);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn dry_run_within(plan: &dyn Plan, samples: usize, seed: u64, budget_seconds: f64) -> DryRun {
    dry_run_on(plan, samples, seed, budget_seconds, 1)
}

/// [`dry_run_within`] on `threads` threads at once (at least one): each
/// takes the next task of the sample's random order until the budget is
/// spent, and every task started is timed to its end and kept, so that the
/// tasks timed are the first of that order, a uniform (or stratified)
/// sample, whichever threads were quick. Each task's time is read on its own thread's CPU
/// clock, so the projection is the same on any number of threads; more of
/// them time more tasks in the same wall time, and narrow the interval.
/// The tasks a seed picks, and their order, do not depend on `threads`.
///
/// # Examples
///
/// ```
/// use nqueens::{dry_run_on, Engine, JoinEngine};
///
/// let plan = JoinEngine.plan(12)?;
/// let two = dry_run_on(plan.as_ref(), 40, 5, 60.0, 2);
/// // At least 40: each stratum of tasks has its share, and two at least.
/// assert!(two.tasks == plan.len() && two.sampled >= 40);
/// // The same tasks, whatever the threads: the same solutions.
/// let one = dry_run_on(plan.as_ref(), 40, 5, 60.0, 1);
/// assert_eq!(one.projected_solutions, two.projected_solutions);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn dry_run_on(
    plan: &dyn Plan,
    samples: usize,
    seed: u64,
    budget_seconds: f64,
    threads: usize,
) -> DryRun {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    let tasks = plan.len();
    // No sample would project nothing, and say it exactly: three at least.
    let (chosen, strata) = sample_order(plan, samples.max(MIN_SAMPLES), seed);
    // Two of each stratum at least, so that each has a spread.
    let least = MIN_SAMPLES.max(2 * strata.len()).min(chosen.len());
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<TaskSample>>> = Mutex::new(vec![None; chosen.len()]);
    let work = || loop {
        // The budget is looked at before a task is taken, never during one.
        let taken = next.load(Ordering::Relaxed);
        if taken >= least && start.elapsed().as_secs_f64() >= budget_seconds {
            break;
        }
        let k = next.fetch_add(1, Ordering::Relaxed);
        let Some(&(i, _)) = chosen.get(k) else {
            break;
        };
        let sample = plan.sample(i, seed ^ i as u64);
        done.lock().unwrap_or_else(|e| e.into_inner())[k] = Some(sample);
    };
    std::thread::scope(|scope| {
        // A thread the system will not start leaves the work to the others.
        for _ in 1..threads.clamp(1, chosen.len().max(1)) {
            if std::thread::Builder::new()
                .spawn_scoped(scope, work)
                .is_err()
            {
                break;
            }
        }
        work();
    });
    let done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    // Every task taken was timed: they are the first of the order.
    let timed: Vec<(usize, TaskSample)> = done
        .into_iter()
        .map_while(|s| s)
        .zip(&chosen)
        .map(|(s, &(_, k))| (k, s))
        .collect();
    let times: Vec<(usize, f64)> = timed.iter().map(|&(k, s)| (k, s.cpu_seconds)).collect();
    let counted: Option<Vec<(usize, f64)>> = timed
        .iter()
        .map(|&(k, s)| s.solutions.map(|q| (k, q)))
        .collect();
    let exact = !plan.samples_parts();
    let (projected_cpu_seconds, sampling_error) = project_strata(&times, &strata, exact);
    // Every task timed (and each exactly): the projection is the count's
    // own time, measured, with no error to speak of; else the machine's
    // drift may be wider than the sample's spread.
    let relative_error = if sampling_error > 0.0 {
        sampling_error.max(drift_error(&times, &strata))
    } else {
        sampling_error
    };
    let (projected_solutions, solutions_relative_error) = match counted {
        Some(solutions) => {
            let (q, e) = project_strata(&solutions, &strata, exact);
            (Some(q), e)
        }
        None => (None, 0.0),
    };
    // A few tasks' spread is itself uncertain: read against 1.96, each
    // error is widened by Student's t for the degrees of freedom the sample
    // has (its tasks less its strata; no change from ten on). Three whole
    // tasks of the backtrack engine at n = 20 said Q(20) was 40.7 to 70.3
    // billion (it is 39.0) with 1.96 for t's 4.30.
    let widen = {
        let mut seen: Vec<usize> = times.iter().map(|&(k, _)| k).collect();
        seen.sort_unstable();
        seen.dedup();
        t95(times.len().saturating_sub(seen.len()).max(1)) / Z95
    };
    let relative_error = relative_error * widen;
    let solutions_relative_error = solutions_relative_error * widen;
    DryRun {
        tasks,
        sampled: times.len(),
        least,
        sample_seconds: times.iter().map(|&(_, t)| t).sum(),
        timing_seconds: start.elapsed().as_secs_f64(),
        projected_cpu_seconds,
        relative_error,
        projected_solutions,
        solutions_relative_error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::constellation::ConstellationEngine;
    use crate::count::plan::Engine;
    use crate::known;
    use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};

    fn exact(n: usize) -> f64 {
        known::total(n).unwrap() as f64
    }

    fn assert_within(e: &Estimate, q: f64, sigmas: f64) {
        let gap = (e.solutions - q).abs();
        assert!(
            gap <= sigmas * e.std_error,
            "n = {}: estimate {} ± {} is {:.2} standard errors from {q}",
            e.n,
            e.solutions,
            e.std_error,
            gap / e.std_error
        );
    }

    #[test]
    fn small_boards_within_four_standard_errors() {
        for n in 4..=12 {
            let e = estimate(n, 200_000, 1000 + n as u64).unwrap();
            assert_within(&e, exact(n), 4.0);
            assert!(e.low >= 0.0 && e.low <= e.solutions && e.solutions <= e.high);
            assert!(e.nodes >= e.solutions);
        }
    }

    /// The interval holds Q(n) about as often as it says across seeds,
    /// where the normal interval alone falls short (from 1,000 paths of
    /// n = 20 it held Q(20) for 175 of 200 seeds; with the log-normal one,
    /// 196).
    #[test]
    fn the_interval_holds_across_seeds() {
        let q = exact(20);
        let (mut held, mut normal) = (0, 0);
        for seed in 0..200 {
            let e = estimate(20, 1_000, seed).unwrap();
            held += usize::from(e.contains(q));
            let gap = (e.solutions - q).abs();
            normal += usize::from(gap <= Z95 * e.std_error);
        }
        assert!(held >= 188, "{held} of 200 seeds");
        assert!(normal < held, "normal {normal}, held {held}");
    }

    /// A stratum with no task timed is projected with the whole sample's
    /// mean and spread, as if one task of it had been timed: its size
    /// squared times the pooled variance (by hand: 4 + 100 + 100 × 5/3 over
    /// a total of 2 × 2 + 10 × 3 + 10 × 2.5). With its size alone, the
    /// error came out two thirds of this.
    #[test]
    fn an_untimed_stratum_counts_its_size_squared() {
        let (total, error) = project_strata(
            &[(0, 1.0), (0, 3.0), (1, 2.0), (1, 4.0)],
            &[2, 10, 10],
            false,
        );
        assert!((total - 59.0).abs() < 1e-12, "{total}");
        let want = (4.0 + 100.0 + 100.0 * 5.0 / 3.0f64).sqrt() / 59.0;
        assert!((error - want).abs() < 1e-12, "{error} against {want}");
    }

    /// The random groups' error, by hand: five groups of 20 values, group
    /// g all 1 + g, project 1,000 to 5,000 tasks' worth; their mean's
    /// variance is 10^7 / (5 × 4), read against Student's t for 4 degrees
    /// of freedom (it was divided by 5 × 5: an interval 5% too narrow).
    #[test]
    fn the_groups_error_by_hand() {
        let values: Vec<(usize, f64)> = (0..100).map(|i| (0, 1.0 + (i / 20) as f64)).collect();
        let error = drift_error(&values, &[1000]);
        let want = (1e7f64 / 20.0).sqrt() / 3000.0 * 2.78 / Z95;
        assert!((error - want).abs() < 1e-12, "{error} against {want}");
    }

    /// A time or a count is never below 0: an error wider than the value
    /// leaves the interval's low end at 0 (it said −17.6 for 100 ± 60%);
    /// an infinite error gives no interval.
    #[test]
    fn an_interval_starts_at_zero_at_least() {
        let (low, high) = interval(100.0, 0.6).expect("an interval");
        assert_eq!(low, 0.0);
        assert!((high - 217.6).abs() < 1e-9, "{high}");
        let (low, high) = interval(100.0, 0.1).expect("an interval");
        assert!((low - 80.4).abs() < 1e-9 && (high - 119.6).abs() < 1e-9);
        assert_eq!(interval(100.0, f64::INFINITY), None);
    }

    /// The standard error is the sample's (the n − 1 divisor), computed here
    /// in two passes over the same paths' values: with n it was 50.98
    /// instead of 51.85 for 30 paths of n = 8.
    #[test]
    fn the_standard_error_is_the_unbiased_samples() {
        for (n, samples, seed) in [(8, 30, 1), (10, 40, 7), (12, 500, 3)] {
            let full = (1u128 << n) - 1;
            let mut rng = Xoshiro256::new(seed);
            let values: Vec<f64> = (0..samples).map(|_| walk(n, full, &mut rng).0).collect();
            let k = samples as f64;
            let mean = values.iter().sum::<f64>() / k;
            let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (k - 1.0);
            let e = estimate(n, samples, seed).unwrap();
            let want = (variance / k).sqrt();
            assert!((e.solutions - mean).abs() <= 1e-9 * mean, "{e:?}");
            assert!((e.std_error - want).abs() <= 1e-9 * want, "{e:?}: {want}");
        }
    }

    #[test]
    fn eight_queens_within_five_percent() {
        let e = estimate(8, 1_000_000, 8).unwrap();
        assert!((e.solutions - 92.0).abs() <= 0.05 * 92.0, "{e:?}");
        assert!(e.contains(92.0), "{e:?}");
    }

    #[test]
    fn tiny_boards_are_exact() {
        // n = 1: one path, value 1. n = 2, 3: no path completes.
        let e = estimate(1, 10, 0).unwrap();
        assert_eq!((e.solutions, e.std_error, e.nodes), (1.0, 0.0, 2.0));
        for n in [2, 3] {
            let e = estimate(n, 1000, 0).unwrap();
            assert_eq!((e.solutions, e.low, e.high), (0.0, 0.0, 0.0));
        }
    }

    /// Once a path has reached a solution the interval starts at 1, not at
    /// 0 (`estimate 8 --samples 20` said "95% interval 0 to 255"): that
    /// solution exists.
    #[test]
    fn a_solution_found_bounds_the_interval_below() {
        let e = estimate(8, 20, 1).unwrap();
        assert!(
            e.solutions > 0.0 && e.solutions - Z95 * e.std_error < 1.0,
            "{e:?}"
        );
        assert_eq!(e.low, 1.0, "{e:?}");
        assert!(e.contains(92.0), "{e:?}");
    }

    /// Paths that all weigh the same bound nothing from n = 4 on: `estimate
    /// 4 --samples 2` said "about 4 solutions (95% interval 4 to 4)", Q(4)
    /// being 2. (n = 1, 2 and 3 are exact: every path weighs the same.)
    #[test]
    fn equal_values_bound_nothing_where_values_spread() {
        let equal = (0..64)
            .map(|seed| estimate(4, 2, seed).unwrap())
            .find(|e| e.solutions > 0.0 && e.solutions != 2.0)
            .expect("two paths that both complete, in 64 seeds");
        assert!(equal.std_error.is_infinite(), "{equal:?}");
        assert!(equal.contains(2.0) && equal.low == 1.0, "{equal:?}");
        for n in 1..=3 {
            let e = estimate(n, 5, 1).unwrap();
            assert_eq!(
                (e.std_error, e.low, e.high),
                (0.0, e.solutions, e.solutions),
                "{e:?}"
            );
        }
    }

    /// Too few paths to reach a solution: the interval is unbounded above,
    /// not "0 to 0" (which `estimate 12 --samples 2` once said, Q(12) being
    /// 14,200).
    #[test]
    fn no_path_to_a_solution_bounds_nothing() {
        let e = estimate(12, 2, 1).unwrap();
        assert_eq!((e.solutions, e.low), (0.0, 0.0), "{e:?}");
        assert!(e.std_error.is_infinite() && e.high.is_infinite(), "{e:?}");
        assert!(e.contains(14_200.0), "{e:?}");
        let e = estimate(128, 10, 1).unwrap();
        assert!(e.solutions == 0.0 && e.high.is_infinite(), "{e:?}");
    }

    #[test]
    fn node_count_is_exact_in_expectation() {
        // The 4×4 tree: root, 4, 6 (= 2 + 1 + 1 + 2), 4, 2 nodes by depth = 17.
        let e = estimate(4, 200_000, 4).unwrap();
        assert!((e.nodes - 17.0).abs() < 0.3, "{e:?}");
    }

    /// log of the asymptotic Q(n) ≈ (n e^{-α})^n, α ≈ 1.942 (Simkin 2021).
    fn log_simkin(n: usize) -> f64 {
        let n = n as f64;
        n * (n * (-1.942f64).exp()).ln()
    }

    #[test]
    fn large_boards_are_sane() {
        for (n, samples) in [(30, 100_000), (60, 50_000), (100, 30_000)] {
            let e = estimate(n, samples, 7).unwrap();
            assert!(e.solutions.is_finite() && e.solutions > 0.0, "{e:?}");
            assert!(e.std_error.is_finite() && e.high.is_finite(), "{e:?}");
            assert!(e.nodes.is_finite() && e.nodes > e.solutions, "{e:?}");
            // The o(1) in the base makes the ratio grow slowly with n: it is
            // about 30 for n = 20..27. Allow a factor 100 for n = 30 and
            // e^8 ≈ 3000 beyond.
            let log_ratio = e.solutions.ln() - log_simkin(n);
            let allowed = if n == 30 { 100f64.ln() } else { 8.0 };
            assert!(
                log_ratio.abs() < allowed,
                "n = {n}: ln ratio {log_ratio}, {e:?}"
            );
        }
    }

    #[test]
    fn largest_board() {
        let e = estimate(128, 2_000, 3).unwrap();
        assert!(e.solutions.is_finite() && e.nodes.is_finite(), "{e:?}");
    }

    #[test]
    fn deterministic_for_a_seed() {
        let a = estimate(20, 10_000, 42).unwrap();
        let b = estimate(20, 10_000, 42).unwrap();
        let c = estimate(20, 10_000, 43).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.solutions, c.solutions);
    }

    #[test]
    fn bad_arguments() {
        assert_eq!(estimate(0, 10, 0), Err(Error::ZeroSize));
        assert_eq!(
            estimate(129, 10, 0),
            Err(Error::TooLarge {
                n: 129,
                max: 128,
                what: "the estimator"
            })
        );
        assert!(matches!(estimate(8, 0, 0), Err(Error::Refused { .. })));
        let one = estimate(8, 1, 0).unwrap();
        assert!(one.std_error.is_infinite() && one.low == 0.0);
    }

    #[test]
    fn nth_set_bit_agrees_with_a_scan() {
        let mut rng = Xoshiro256::new(5);
        for _ in 0..2000 {
            let mask = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
            let mask = mask & u128::from(rng.next_u64()).rotate_left(rng.below(128) as u32);
            let bits: Vec<u32> = (0..128).filter(|&b| mask >> b & 1 == 1).collect();
            for (k, &b) in bits.iter().enumerate() {
                assert_eq!(nth_set_bit(mask, k as u32), b);
            }
        }
    }

    #[test]
    #[ignore = "slow: about 4 s at the test profile"]
    fn medium_boards_match_oeis() {
        for n in 13..=17 {
            let e = estimate(n, 2_000_000, 2000 + n as u64).unwrap();
            assert_within(&e, exact(n), 4.0);
        }
    }

    /// Three whole tasks, the fewest a dry run times: the interval is
    /// widened by Student's t for their two degrees of freedom, and holds
    /// Q(14) for 95 of 100 seeds (87 with 1.96 alone).
    #[test]
    fn the_fewest_tasks_give_an_interval_that_holds() {
        use crate::count::backtrack::BacktrackEngine;
        let plan = BacktrackEngine.plan(14).unwrap();
        let q = exact(14);
        let mut held = 0;
        for seed in 1..=100 {
            let d = dry_run_on(plan.as_ref(), 3, seed, 0.0, 1);
            assert_eq!(d.sampled, 3);
            let (low, high) = d.solutions_interval().unwrap();
            held += usize::from(low <= q && q <= high);
        }
        assert!(held >= 93, "{held} of 100");
    }

    #[test]
    fn dry_run_samples_distinct_tasks() {
        let plan = ConstellationEngine.plan(12).unwrap();
        let all = dry_run(plan.as_ref(), usize::MAX, 0);
        assert_eq!((all.tasks, all.sampled), (plan.len(), plan.len()));
        assert_eq!(all.projected_cpu_seconds, all.sample_seconds);
        assert_eq!(all.relative_error, 0.0);
        let some = dry_run(plan.as_ref(), 100, 1);
        assert_eq!((some.tasks, some.sampled), (plan.len(), 100));
        assert!(some.relative_error.is_finite() && some.relative_error > 0.0);
    }

    #[test]
    fn dry_run_projects_the_full_time() {
        // Timings are noisy (shared machine, preemption), so compare medians
        // of several runs, with a factor of 3 either way.
        let plan = ConstellationEngine.plan(12).unwrap();
        let median = |mut v: Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let full = median(
            (0..3)
                .map(|_| dry_run(plan.as_ref(), usize::MAX, 0).sample_seconds)
                .collect(),
        );
        let projected = median(
            (0..5)
                .map(|seed| dry_run(plan.as_ref(), 100, seed).projected_cpu_seconds)
                .collect(),
        );
        assert!(
            projected <= 3.0 * full && full <= 3.0 * projected,
            "projected {projected} s, measured {full} s"
        );
    }

    /// 1,000 tasks of two kinds: 900 with one solution, 100 with 100.
    struct TwoKinds;

    impl Plan for TwoKinds {
        fn n(&self) -> usize {
            8
        }
        fn len(&self) -> usize {
            1000
        }
        fn count(&self, index: usize) -> crate::sink::tally::Tally {
            let solutions = if self.stratum(index) == 0 { 1 } else { 100 };
            crate::sink::tally::Tally {
                solutions,
                classes_x8: solutions,
            }
        }
        fn describe(&self, index: usize) -> String {
            format!("task {index}")
        }
        fn stratum(&self, index: usize) -> u32 {
            u32::from(index % 10 == 9)
        }
    }

    /// Each kind gets its share of the sample, two of each come first, and
    /// tasks alike within their kind give the total without error, which
    /// a plain random sample could not.
    #[test]
    fn a_sample_by_strata_takes_each_its_share() {
        let (order, sizes) = sample_order(&TwoKinds, 100, 3);
        assert_eq!(sizes, [900, 100]);
        assert_eq!(order.len(), 100);
        let of = |k: usize| order.iter().filter(|&&(_, s)| s == k).count();
        assert_eq!((of(0), of(1)), (90, 10));
        let mut first: Vec<usize> = order[..4].iter().map(|&(_, k)| k).collect();
        first.sort_unstable();
        assert_eq!(first, [0, 0, 1, 1]);
        let mut tasks: Vec<usize> = order.iter().map(|&(t, _)| t).collect();
        tasks.sort_unstable();
        tasks.dedup();
        assert_eq!(tasks.len(), 100);
        assert!(order
            .iter()
            .all(|&(t, k)| TwoKinds.stratum(t) as usize == k));
        // Cut short anywhere after the first four, each kind keeps its share
        // within a task or two.
        for cut in [10, 30, 50] {
            let ones = order[..cut].iter().filter(|&&(_, k)| k == 1).count();
            assert!(ones.abs_diff(cut / 10) <= 2, "{cut}: {ones}");
        }
        let d = dry_run_on(&TwoKinds, 40, 1, 60.0, 2);
        assert_eq!(d.projected_solutions, Some(10_900.0));
        assert_eq!(d.solutions_relative_error, 0.0);
        // Unstratified, the same values would spread.
        let plain: Vec<f64> = order
            .iter()
            .map(|&(t, _)| TwoKinds.count(t).solutions as f64)
            .collect();
        assert!(project(&plain[..40], 1000, true).1 > 0.1);
    }

    /// Where every sample is its task's exact figure, sampling every task
    /// leaves no doubt, and sampling a share of them shrinks the spread by
    /// the finite-population correction. Where each is an estimate from a
    /// part of its task, neither: the interval is as wide as the sample's
    /// spread says, however many tasks were sampled.
    #[test]
    fn estimates_from_parts_keep_their_spread() {
        let values = [1.0, 2.0, 3.0, 6.0];
        assert_eq!(project(&values, 4, true), (12.0, 0.0));
        let (total, error) = project(&values, 4, false);
        assert_eq!(total, 12.0);
        assert!(error > 0.2, "{error}");
        // Half the tasks: the correction takes half the variance away.
        let (exact, parts) = (project(&values, 8, true).1, project(&values, 8, false).1);
        assert!(
            (exact / parts - 0.5f64.sqrt()).abs() < 1e-12,
            "{exact} {parts}"
        );
        // Two strata, each sampled whole.
        let strata = [(0, 1.0), (0, 2.0), (1, 3.0), (1, 6.0)];
        assert_eq!(project_strata(&strata, &[2, 2], true), (12.0, 0.0));
        let (total, error) = project_strata(&strata, &[2, 2], false);
        assert_eq!(total, 12.0);
        assert!(error > 0.1, "{error}");
    }

    /// 100,000 tasks of two kinds (one in ten of the second, ten times as
    /// long), each task's time its own between 0.5 and 1.5 of its kind's,
    /// measured on a machine whose speed moves from 0.7 to 1.3 over the
    /// dry run (`drift`), or stays.
    struct Drifting {
        drift: bool,
        timed: AtomicUsize,
    }

    impl Plan for Drifting {
        fn n(&self) -> usize {
            8
        }
        fn len(&self) -> usize {
            100_000
        }
        fn count(&self, _: usize) -> crate::sink::tally::Tally {
            crate::sink::tally::Tally::default()
        }
        fn describe(&self, index: usize) -> String {
            format!("task {index}")
        }
        fn stratum(&self, index: usize) -> u32 {
            u32::from(index % 10 == 9)
        }
        fn sample(&self, index: usize, _: u64) -> TaskSample {
            let kind = if self.stratum(index) == 0 { 1.0 } else { 10.0 };
            let own = 0.5 + Xoshiro256::new(index as u64).below(1001) as f64 / 1000.0;
            let k = self.timed.fetch_add(1, AtomicOrdering::Relaxed);
            let speed = if self.drift {
                0.7 + 0.6 * k as f64 / 400.0
            } else {
                1.0
            };
            TaskSample {
                cpu_seconds: kind * own * speed,
                solutions: None,
            }
        }
    }

    /// A machine that slows or speeds up during a dry run moves its
    /// projection by more than the tasks' spread says: the groups of tasks
    /// timed one after another see it, and widen the interval; where the
    /// speed stays, they agree with the strata's error.
    #[test]
    fn a_drifting_machine_widens_the_time_interval() {
        let run = |drift: bool| {
            let plan = Drifting {
                drift,
                timed: AtomicUsize::new(0),
            };
            dry_run_on(&plan, 400, 5, f64::INFINITY, 1)
        };
        let (steady, drifting) = (run(false), run(true));
        assert_eq!(steady.sampled, 400);
        // The whole's time at the mean speed: 90,000 tasks of 1 s and
        // 10,000 of 10 s on average.
        let truth = 190_000.0;
        for d in [&steady, &drifting] {
            let (low, high) = d.cpu_interval().unwrap();
            assert!(low <= truth && truth <= high, "{d:?}");
        }
        // The steady one's groups say what its strata say, give or take the
        // spread of ten groups.
        let (order, sizes) = sample_order(
            &Drifting {
                drift: false,
                timed: AtomicUsize::new(0),
            },
            400,
            5,
        );
        let plan = Drifting {
            drift: false,
            timed: AtomicUsize::new(0),
        };
        let values: Vec<(usize, f64)> = order
            .iter()
            .map(|&(t, k)| (k, plan.sample(t, 0).cpu_seconds))
            .collect();
        let (_, strata) = project_strata(&values, &sizes, true);
        let groups = drift_error(&values, &sizes);
        assert!(
            (0.5 * strata..=2.0 * strata).contains(&groups),
            "{groups} against {strata}"
        );
        assert_eq!(steady.relative_error, strata.max(groups));
        // Fewer than five groups of 20 say nothing: Student's t for one or
        // two degrees of freedom would make any interval useless.
        assert_eq!(drift_error(&values[..99], &sizes), 0.0);
        assert!(drift_error(&values[..100], &sizes) > 0.0);
        // A speed from 0.7 to 1.3 moves ten groups' projections by about
        // ±17%, the mean's by 5.5%: three times the strata's error or more.
        assert!(
            drifting.relative_error > 3.0 * strata,
            "{} against {strata}",
            drifting.relative_error
        );
    }

    #[test]
    fn floyd_sample_is_uniform() {
        // 3 of 10, 30_000 times: each index is picked 9_000 times on average
        // (standard deviation about 80), and each draw has 3 distinct indices.
        let mut hits = [0u32; 10];
        for seed in 0..30_000 {
            let c = choose(10, 3, seed);
            assert!(c.len() == 3 && c[0] < c[1] && c[1] < c[2], "{c:?}");
            for i in c {
                hits[i] += 1;
            }
        }
        assert!(hits.iter().all(|&h| h.abs_diff(9_000) < 400), "{hits:?}");
        assert_eq!(choose(5, 9, 0), [0, 1, 2, 3, 4]);
        assert!(choose(0, 3, 0).is_empty());
    }
}
