//! Counting one task: task 0 counts P(n) and R(n), every other task lists
//! its units and counts each with the worker's buffers
//! ([`JoinPlan::count_units_timed`]); the [`Plan`] trait for [`JoinPlan`].

use super::*;

impl JoinPlan {
    /// Whether a worker keeps the south quadrants of the frame it counts
    /// placed, from task to task: odd n up to 2 [`CACHE_MAX_H`] + 1, with
    /// the whole table.
    pub(super) fn keeps_frames(&self) -> bool {
        self.n % 2 == 1 && self.h <= CACHE_MAX_H && self.whole.is_some()
    }

    /// Places the south quadrants of frame `f` (middle queens `at`) in `buf`.
    pub(super) fn place_frame(&self, f: &Frame, at: (u8, u8), buf: &mut Buffers) {
        for (q, co) in buf.south_placed.iter_mut().zip([0, self.off]) {
            self.place_quadrant(f, co, q);
        }
        buf.placed_for = Some(at);
    }

    /// How many times a count on one core places a frame: once for each run
    /// of tasks with the same middle queens, in the plan's order.
    pub(super) fn frame_runs(&self) -> usize {
        let frame = |t: &Task| (t.first.c1, t.first.r1);
        let changes = self
            .tasks
            .windows(2)
            .filter(|w| frame(&w[0]) != frame(&w[1]));
        usize::from(!self.tasks.is_empty()) + changes.count()
    }

    /// Counts the units of one task (the same frame and north east rows).
    pub(super) fn count_units(&self, units: &[Unit], buf: &mut Buffers) -> u128 {
        self.count_units_timed(units, buf, None, None, &Whole)
    }

    /// [`count_units`](Self::count_units), adding the seconds it spends on
    /// the north pieces (built once for all the units) to `north`; with
    /// [`Whole`] every part of each split is counted, with a [`Path`] only
    /// one random part, and the path says what the whole would have been.
    pub(super) fn count_units_timed<W: Walk>(
        &self,
        units: &[Unit],
        buf: &mut Buffers,
        north: Option<&mut f64>,
        stop: Option<&AtomicBool>,
        walk: &W,
    ) -> u128 {
        // Clocks only when timed: reading one costs 2% of n = 17.
        let north_start = north.is_some().then(CpuClock::start);
        let Some(first) = units.first() else {
            return 0;
        };
        let f = self.frame(first.c1, first.r1);
        // Even n: placing a piece is a few shifts, cheaper than reading it
        // from a placed quadrant twice the table's size.
        let cache = self.keeps_frames();
        if cache && buf.placed_for != Some((first.c1, first.r1)) {
            self.place_frame(&f, (first.c1, first.r1), buf);
        }
        let (en, wn) = (first.en, f.north & !first.en);
        let [east_north, west_north] = &mut buf.north;
        self.north_pieces(&f, en, f.east, 0, east_north);
        self.north_pieces(&f, wn, f.west, self.off, west_north);
        if let (Some(t), Some(start)) = (north, north_start) {
            *t += start.seconds();
        }
        let mut total = 0u128;
        for u in units {
            debug_assert_eq!((u.c1, u.r1, u.en), (first.c1, first.r1, en));
            let sides = Sides {
                f: &f,
                u,
                cache,
                stop,
                walk,
            };
            if sides.stopped() {
                break;
            }
            total += if self.transpose {
                self.count_transposed(&sides, buf)
            } else {
                self.count_parts(&sides, buf, [None; 2], [None; 2], 0, 0)
            };
        }
        total
    }
}

/// How many tasks a dry run times at most where each is timed by a path
/// ([`Plan::dry_run_samples`]): more than a budget of minutes reaches, so
/// that the budget, not this, says when a dry run ends and a longer one
/// narrows its interval. (It was 2,000, which n = 24 reached in 17 s of a
/// 90 s budget: a longer `--dry-run-seconds` changed nothing there, and
/// the random groups of its time's error saw 17 s of the machine's drift.)
pub(super) const DRY_RUN_PATHS: usize = 20_000;

impl Plan for JoinPlan {
    fn n(&self) -> usize {
        self.n
    }

    fn len(&self) -> usize {
        1 + self.tasks.len()
    }

    fn count(&self, index: usize) -> Tally {
        // Never stopped, so always the whole task.
        self.count_or_stop(index, &AtomicBool::new(false))
            .unwrap_or_default()
    }

    /// A task of n = 27 takes minutes: the stop flag is looked at before
    /// every join of two chunks (milliseconds apart), so that a cancelled
    /// job or Ctrl-C ends the run within a second.
    fn count_or_stop(&self, index: usize, stop: &AtomicBool) -> Option<Tally> {
        if index == 0 {
            // Burnside: 8 U = Q + P + 2 R; Q comes from the other tasks.
            // P(n) alone takes minutes at n = 26.
            let p = fixed_by_or_stop(self.n, Turn::Half, stop).unwrap_or(Some(0))?;
            let r = fixed_by_or_stop(self.n, Turn::Quarter, stop).unwrap_or(Some(0))?;
            return Some(Tally {
                solutions: 0,
                classes_x8: p + 2 * r,
            });
        }
        let units = &self.units_of(index)[..];
        let solutions =
            with_buffers(|buf| self.count_units_timed(units, buf, None, Some(stop), &Whole));
        // Stopped while counting: the sum is of part of the task only.
        (!stop.load(Ordering::Relaxed)).then_some(Tally {
            solutions,
            classes_x8: solutions,
        })
    }

    fn sample(&self, index: usize, seed: u64) -> TaskSample {
        self.sample_task(index, seed)
    }

    /// How many east rows the task has in the north: the balance of its
    /// quadrants, on which the size of its pieces and lists turns (task 0,
    /// P and R, goes with the most common balance, and the first quarter
    /// below, so that it is drawn as seldom as any task). With the
    /// transpose, also which quarter of its
    /// pairs it keeps, about ([`ColumnOrder::share_kept`]): from nearly
    /// none to nearly all, and twice, so that tasks alike in all else
    /// differ most in that (with the balance alone, 100 dry runs of
    /// n = 20 held Q(20) in 91 of 100 and by paths at n = 22 in 90).
    fn stratum(&self, index: usize) -> u32 {
        let Some(i) = index.checked_sub(1) else {
            let k = (self.h / 2) as u32;
            return if self.transpose { 4 * k } else { k };
        };
        let u = self.tasks[i].first;
        let k = u.en.count_ones();
        if !self.transpose {
            return k;
        }
        let share = ColumnOrder::of(self.h, u.en, u.es).share_kept(k);
        4 * k + ((share * 4.0) as u32).min(3)
    }

    /// From n = 24 on a task is timed by one random path through one of
    /// its row splits (`sample_task`), a second or less: 2,000 of them, or
    /// as many as the budget allows (wherever tasks are sampled by parts,
    /// [`Plan::samples_parts`]). The 200 of whole tasks then were too few:
    /// paths are skewed as Knuth's are, and at n = 28 the 214 tasks of the
    /// fixed seed said 18.8 and 19.9 core-years (95% intervals 15.8 to 21.8
    /// and 16.8 to 23.1) where three seeds of 414 tasks said 23.7 to 25.4
    /// (`join::sizes::dry_run_spread`).
    fn dry_run_samples(&self) -> Option<usize> {
        self.samples_parts().then_some(DRY_RUN_PATHS)
    }

    /// From n = 24 on (`sample_task`): one random path through one of a
    /// task's row splits, scaled by their number.
    fn samples_parts(&self) -> bool {
        self.h >= self.path_from_h && !self.keeps_frames()
    }

    fn describe(&self, index: usize) -> String {
        if index == 0 {
            return "the solutions fixed by a half or quarter turn (Burnside's P and R)".into();
        }
        let units = &self.units_of(index)[..];
        let h = self.h;
        let u = units[0];
        let middle = if self.n % 2 == 1 {
            format!(
                "middle queens (row {h}, col {}) and (row {}, col {h}), ",
                u.c1, u.r1
            )
        } else {
            String::new()
        };
        // (The transpose changes what a task counts, and so the plan's
        // fingerprint: checkpoints and slices of the plan before it are
        // refused.)
        let columns = if self.transpose {
            ", column splits of its class and above"
        } else {
            ""
        };
        format!(
            "{middle}east rows north {:0h$b}{} ({}{columns})",
            u.en.reverse_bits() >> (32 - h),
            if units.len() == 1 {
                format!(" south {:0h$b}", u.es.reverse_bits() >> (32 - h))
            } else {
                String::new()
            },
            crate::words::plural(units.len() as u128, "row split", "row splits"),
        )
    }
}
