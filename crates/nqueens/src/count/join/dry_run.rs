//! How a dry run times one task of the join engine without counting the
//! whole plan ([`JoinPlan::sample_task_seconds`], behind
//! `Plan::sample_seconds`): whole tasks for small boards, one row split
//! scaled by the task's number of splits from n = 24 on.

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
    pub(super) fn sample_task_seconds(&self, index: usize, seed: u64) -> f64 {
        if index > 0 && self.keeps_frames() {
            let first = self.tasks[index - 1].first;
            let (place, task) = with_buffers(|buf| {
                let start = std::time::Instant::now();
                self.place_frame(&self.frame(first.c1, first.r1), (first.c1, first.r1), buf);
                let place = start.elapsed().as_secs_f64();
                let start = std::time::Instant::now();
                std::hint::black_box(self.count_units(&self.units_of(index), buf));
                (place, start.elapsed().as_secs_f64())
            });
            return task + place * self.frame_runs() as f64 / self.tasks.len() as f64;
        }
        if index == 0 || self.h < ONE_SPLIT_H {
            let start = std::time::Instant::now();
            std::hint::black_box(self.count(index));
            return start.elapsed().as_secs_f64();
        }
        self.task_seconds_by_a_split(&self.units_of(index), seed)
    }

    /// The time a task of `units` (its row splits) takes, projected from
    /// one of them drawn with `seed` (see [`Plan::sample_seconds`]).
    pub(super) fn task_seconds_by_a_split(&self, units: &[Unit], seed: u64) -> f64 {
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
            let build = |rows: u32| {
                let start = std::time::Instant::now();
                std::hint::black_box(self.rows.get(rows));
                start.elapsed().as_secs_f64()
            };
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
        let start = std::time::Instant::now();
        std::hint::black_box(with_buffers(|buf| {
            self.count_units_timed(unit, buf, Some(&mut north), None)
        }));
        let rest = start.elapsed().as_secs_f64() - north;
        north + build_north + (rest + build_south) * units.len() as f64
    }
}
