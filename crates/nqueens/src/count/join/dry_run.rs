//! How a dry run samples one task of the join engine without counting the
//! whole plan ([`JoinPlan::sample_task`], behind `Plan::sample`): whole
//! tasks for small boards, one row split scaled by the task's number of
//! splits from n = 24 on. Times are read on the worker's own CPU clock
//! ([`thread_cpu_seconds`]), and the solutions of what was counted are
//! scaled as its time is, so that a dry run also estimates Q(n), which the
//! known values check.

use super::*;

impl JoinPlan {
    /// From n = 24 on a task of an odd board holds hundreds of row splits
    /// and takes minutes, so a dry run times one of them (a random one) and
    /// scales by their number. A row split is timed whole, at n = 28 for
    /// minutes. (From n = 26 on it used to time the east side for one class
    /// of 16 and one of 8 of its north column sets and extrapolate, which
    /// came within 2% of the whole when a side was cut into chunks; with
    /// the sides split by signature bits a part no longer goes as the
    /// whole does, and the same extrapolation said 1.73 times the time of
    /// the whole on three sampled splits of n = 24 and of n = 26, measured
    /// with an ignored test since removed with the classes it timed.)
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
        if index == 0 || self.h < ONE_SPLIT_H {
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
        // the thread's own buffers, as a count uses them from task to task.
        let mut north = 0.0;
        let (solutions, all) = thread_cpu_seconds(|| {
            with_buffers(|buf| self.count_units_timed(unit, buf, Some(&mut north), None))
        });
        let rest = all - north;
        TaskSample {
            cpu_seconds: north + build_north + (rest + build_south) * units.len() as f64,
            solutions: Some(solutions as f64 * units.len() as f64),
        }
    }
}
