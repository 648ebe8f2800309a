//! How a dry run samples one task of the join engine without counting the
//! whole plan ([`JoinPlan::sample_task`], behind `Plan::sample`): whole
//! tasks for small boards; from n = 24 on one row split, scaled by the
//! task's number of splits, and of that split one random path through its
//! parts ([`Path`]), scaled by the inverse of its probability. Times are
//! read on the worker's own CPU clock
//! ([`thread_cpu_seconds`]), and the solutions of what was counted are
//! scaled as its time is, so that a dry run also estimates Q(n), which the
//! known values check.

use super::*;
use crate::count::fixed_by_turns::turns_seconds_sampled;

/// The rows of P(n)'s search whose columns a dry run draws when it times
/// task 0 by parts ([`turns_seconds_sampled`]): a part of P(28) takes about
/// a second (hundreds of the n² prefixes fit).
const TURN_ROWS: usize = 2;

impl JoinPlan {
    /// From n = 24 on a task of an odd board holds hundreds of row splits
    /// and takes minutes, so a dry run times one of them (a random one) and
    /// scales by their number. A row split of n = 28 alone takes minutes,
    /// so of the split one random path through its parts is counted
    /// ([`Path`]): seconds, and right on average, time and solutions
    /// alike. (From n = 26 on it used to time the east side for one class
    /// of 16 and one of 8 of its north column sets and extrapolate, which
    /// came within 2% of the whole when a side was cut into chunks; with
    /// the sides split by signature bits a part no longer goes as the
    /// whole does, and the same extrapolation said 1.73 times the time of
    /// the whole on three sampled splits of n = 24 and of n = 26, measured
    /// with an ignored test since removed with the classes it timed.)
    ///
    /// Task 0 (P and R, [`fixed_by_turns`](super::super::fixed_by_turns))
    /// is timed the same way from n = 24 on, below a random choice of the
    /// first two rows ([`turns_seconds_sampled`]): found whole, P(27) takes
    /// 113 s and P(28) over four minutes, and a dry run that drew it (about
    /// one in fifty at n = 27) took longer than the three minutes it must
    /// answer in.
    ///
    /// Where workers keep a frame's south quadrants placed (odd n ≤ 19), a
    /// worker places them once for the run of the frame's tasks it counts,
    /// so that a sampled task, which finds another frame placed, is timed
    /// with its frame placed beforehand, and the placing is timed apart and
    /// spread over the tasks as a count on one core spends it: once a
    /// frame. (Timed with the placing, n = 19 was projected at 87 s of CPU
    /// for a count that took 15.6 s.)
    pub(super) fn sample_task(&self, index: usize, seed: u64) -> TaskSample {
        if index > 0 && self.keeps_frames() {
            let first = self.tasks[index - 1].first;
            let (place, (solutions, task)) = with_buffers(|buf| {
                let ((), place) = thread_cpu_seconds(|| {
                    self.place_frame(&self.frame(first.c1, first.r1), (first.c1, first.r1), buf);
                });
                (
                    place,
                    thread_cpu_seconds(|| self.count_units(&self.units_of(index), buf)),
                )
            });
            return TaskSample {
                cpu_seconds: task + place * self.frame_runs() as f64 / self.tasks.len() as f64,
                solutions: Some(solutions as f64),
            };
        }
        if index == 0 && self.samples_parts() {
            // Task 0, P and R, is timed by parts too: below two random rows.
            let mut rng = crate::rng::Xoshiro256::new(seed);
            return TaskSample {
                cpu_seconds: turns_seconds_sampled(self.n, TURN_ROWS, &mut rng),
                solutions: Some(0.0),
            };
        }
        if index == 0 || !self.samples_parts() {
            let (tally, cpu_seconds) = thread_cpu_seconds(|| self.count(index));
            return TaskSample {
                cpu_seconds,
                solutions: Some(tally.solutions as f64),
            };
        }
        self.task_by_a_split(&self.units_of(index), seed)
    }

    /// The time a task of `units` (its row splits) takes, projected from
    /// one of them drawn with `seed` (see [`Plan::sample`]), and its
    /// solutions: the split's, times the number of splits (the split is
    /// drawn uniformly, so that is the task's on average).
    pub(super) fn task_by_a_split(&self, units: &[Unit], seed: u64) -> TaskSample {
        let mut rng = crate::rng::Xoshiro256::new(seed);
        let u = rng.below(units.len() as u64) as usize;
        let unit = &units[u..=u];
        // The unit's four row tables are built and timed apart, and their
        // build times added as a count spends them: the north tables once a
        // task, the south ones for each split (a task's splits have tables
        // of their own). A count that keeps every row table builds each once
        // in the whole count, not for each task: there they are left out.
        // (Measured on sampled tasks: 2% of the time at n = 24, 10% at
        // n = 25, under 1% from n = 26 on, where a split's join takes
        // seconds to minutes.)
        let (build_north, build_south) = if self.whole.is_some() {
            (0.0, 0.0)
        } else {
            let (u, f) = (unit[0], self.frame(unit[0].c1, unit[0].r1));
            let build = |rows: u32| thread_cpu_seconds(|| self.rows.get(rows)).1;
            let north = build(u.en) + build(f.north & !u.en);
            let south = build(u.es) + build(f.south & !u.es);
            if self.keeps_every_row_table() {
                (0.0, 0.0)
            } else {
                (north, south)
            }
        };
        // The north pieces are built once for all the units of a task: timed
        // once, not scaled by the number of units. The split is counted with
        // the thread's own buffers, as a count uses them from task to task,
        // by one random path through its parts ([`Path`]). (At n = 28 a
        // dry run spends four fifths of its time building row tables, so
        // several paths through each split drawn would seem cheap: on one
        // thread, the same 88 tasks, four paths each said 27.0 years ± 24%
        // in 4m 43s, one path 33.0 years ± 46% in 1m 33s; about what three
        // times the tasks would give in three times the time.)
        let mut north = 0.0;
        let path = std::cell::RefCell::new(Path::new(rng));
        with_buffers(|buf| self.count_units_timed(unit, buf, Some(&mut north), None, &path));
        let (all, solutions) = path.borrow_mut().finish();
        let rest = (all - north).max(0.0);
        TaskSample {
            cpu_seconds: north + build_north + (rest + build_south) * units.len() as f64,
            solutions: Some(solutions * units.len() as f64),
        }
    }
}

/// One random path down the splits of a unit by signature bits
/// ([`JoinPlan::count_parts`]), as Knuth's estimator walks one path down a
/// search tree ([`estimate`](crate::estimate)): at each split one of the
/// two parts is counted, drawn with probability `p`, and what is counted
/// below it stands for `1 / p` times as much. A path reaches one leaf (one
/// join); its solutions times the inverse of the path's probability is,
/// averaged over the paths, the unit's solutions exactly, and the same
/// holds for the time, each node's own work (making or sampling its
/// sides, partitioning for the part drawn) weighted by the inverse of the
/// probability of reaching it. At n = 28 a row split takes a minute or
/// more and a path through it about a tenth of a second (its row tables
/// apart), so a dry run samples hundreds of row splits, not three.
///
/// The part with the bit is drawn with a probability that follows the
/// share of the pairs it holds, judged from the sides' samples, between
/// [`PATH_LEAST`] and 1 − [`PATH_LEAST`], so that a part that holds most
/// of the work is counted most often (less spread) and no part is left
/// out (no bias).
///
/// Checked against whole row splits on one thread (the ignored test
/// `join::sizes::path_against_split`, 16 paths a split, 200 splits of
/// n = 24, 25 and 27, 30 of n = 26, 24 of n = 28): the paths' mean time
/// was 1.002, 0.987, 0.927, 1.002 and 1.001 of the splits' (two standard
/// errors of the paths: 0.020, 0.011, 0.068, 0.026, 0.330), their
/// solutions 1.011, 0.994, 0.953, 0.990 and 0.899 (0.029, 0.012, 0.092,
/// 0.025, 0.144). Before the paths timed
/// the binary searches a count makes for a split's second part
/// ([`JoinPlan::split_path`]) they were 0.978, 0.989, 0.892 and 0.955.
pub(super) struct Path {
    rng: crate::rng::Xoshiro256,
    clock: CpuClock,
    /// The clock's reading when the time since was last charged.
    last: f64,
    /// The inverse of the probability of the path so far.
    weight: f64,
    /// The time charged so far: each stretch times the weight it ran at.
    seconds: f64,
    /// The solutions of the leaf reached, times its weight.
    solutions: f64,
    /// How many splits the path went down.
    pub(super) depth: usize,
}

/// The least probability with which a path takes either part of a split.
pub(super) const PATH_LEAST: f64 = 0.1;

impl Path {
    /// A path drawn with `rng`, its clock started.
    pub(super) fn new(rng: crate::rng::Xoshiro256) -> Path {
        Path {
            rng,
            clock: CpuClock::start(),
            last: 0.0,
            weight: 1.0,
            seconds: 0.0,
            solutions: 0.0,
            depth: 0,
        }
    }

    /// Charges the time since the last charge at the path's weight.
    fn lap(&mut self) {
        let now = self.clock.seconds();
        self.seconds += (now - self.last) * self.weight;
        self.last = now;
    }

    /// Leaves the time since the last charge out: work a count does not do
    /// (see [`JoinPlan::split_parts`]).
    pub(super) fn skip(&mut self) {
        self.last = self.clock.seconds();
    }

    /// Draws the part with the bit with probability `with` (clamped to
    /// [`PATH_LEAST`], 1 − [`PATH_LEAST`]) or the other: whether it was the
    /// part with the bit, and the probability of the part drawn, which
    /// [`Path::back`] takes when the part is counted.
    pub(super) fn choose(&mut self, with: f64) -> (bool, f64) {
        self.lap();
        let p = if with.is_finite() {
            with.clamp(PATH_LEAST, 1.0 - PATH_LEAST)
        } else {
            0.5
        };
        let u = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let (drawn, p) = if u < p { (true, p) } else { (false, 1.0 - p) };
        self.weight /= p;
        self.depth += 1;
        (drawn, p)
    }

    /// Back from a part drawn with probability `p`.
    pub(super) fn back(&mut self, p: f64) {
        self.lap();
        self.weight *= p;
    }

    /// A leaf's count of solutions, at the path's weight.
    pub(super) fn leaf(&mut self, solutions: u128) {
        self.solutions += solutions as f64 * self.weight;
    }

    /// The unit's time (CPU seconds since the path began) and solutions, as
    /// this path estimates them.
    pub(super) fn finish(&mut self) -> (f64, f64) {
        self.lap();
        (self.seconds, self.solutions)
    }
}

/// The share of `xs` (up to 4,096 of them, evenly spread) that hold `bit`;
/// a half for none.
pub(super) fn share_with(xs: &[u64], bit: u64) -> f64 {
    let step = xs.len() / 4096 + 1;
    let (mut with, mut all) = (0usize, 0usize);
    for &x in xs.iter().step_by(step) {
        with += usize::from(x & bit != 0);
        all += 1;
    }
    if all == 0 {
        0.5
    } else {
        with as f64 / all as f64
    }
}
