//! What a count will cost before it is made: a [`Projection`] of its tasks,
//! CPU time with its interval, wall time on a few core counts, memory and,
//! from the same sample, the number of solutions.
//!
//! Every front end (the command line's `count --dry-run`, `nqueens-mpi
//! count --dry-run`, the page's count panel) shows this one value, made
//! here for any [`Engine`], so that they cannot disagree and none of them
//! keeps its own tables of times. There are two kinds:
//!
//! - [`Projection::sampled`] times a sample of the plan's tasks (the dry run
//!   of [`dry_run_on`], whose module docs say why the projection is
//!   unbiased and what its interval means), and projects Q(n) from the same
//!   sample as a check where Q(n) is known;
//! - [`Projection::rough`] times nothing: the CPU time is the engine's own
//!   cost model ([`Engine::rough_cpu_seconds`], from times measured on a
//!   machine like CI's), instant, within a factor of a few.
//!
//! The wall time on K cores is the CPU time over K (the tasks are
//! independent, and thousands of them), for 1 and 2 cores and a number
//! the caller adds (a cluster); no more cores than tasks are busy, and
//! with fewer than ten tasks a core it is only a lower bound, said so
//! ([`WallTime`]). [`Projection::lines`] says it in words,
//! the same lines wherever it is printed; serde gives the JSON.

use serde::Serialize;

use super::estimate::{dry_run_on, DryRun, MIN_SAMPLES};
use super::executor::default_threads;
use super::plan::{Engine, Plan};
use crate::words::{
    grouped, plural, show_bytes, show_duration, show_duration_as, show_duration_interval,
};

/// The most tasks [`Projection::sampled`] times, unless the plan asks for
/// more ([`Plan::dry_run_samples`]).
///
/// Task times and counts are skewed (a few tasks hold much of the work),
/// and a sample of 200 gave intervals a little short of 95%: 4,000 dry
/// runs drawn from the 57,345 logged tasks of a count of Q(23), each
/// counted as logged, held the total in 94.2% of them with 200 tasks,
/// 94.3% with 300, 94.9% with 400, 95.1% with 600 and 94.9% with 2,000.
/// 400 whole tasks of n = 23 take about 70 s on two cores.
///
/// ```
/// use nqueens::{Engine, JoinEngine, Projection, PROJECTION_SAMPLES};
///
/// let plan = JoinEngine.plan(16)?;
/// let p = Projection::sampled(&JoinEngine, plan.as_ref(), 1, None, None, 60.0);
/// // Each kind of task has its share of the sample, so a few more at most.
/// assert!(p.sampled >= PROJECTION_SAMPLES && p.sampled < PROJECTION_SAMPLES + 20, "{}", p.sampled);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub const PROJECTION_SAMPLES: usize = 400;

/// The wall time of a count on some cores, part of a [`Projection`].
///
/// ```
/// use nqueens::{Engine, JoinEngine, Projection};
///
/// let plan = JoinEngine.plan(16)?;
/// let p = Projection::rough(&JoinEngine, plan.as_ref(), 4, None, Some(8));
/// let on_8 = p.wall_seconds.iter().find(|w| w.cores == 8).expect("8 cores asked for");
/// assert_eq!(on_8.seconds, p.projected_cpu_seconds / 8.0);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[non_exhaustive]
pub struct WallTime {
    /// The cores counting at once.
    pub cores: u64,
    /// The projected wall time on them, in seconds: the CPU time over the
    /// cores that have a task (no more than the tasks).
    pub seconds: f64,
    /// Whether `seconds` is only a lower bound: with fewer than ten tasks
    /// a core, the tasks' unequal times decide
    /// the wall time (the longest task at least), which the projection
    /// does not know.
    pub lower_bound: bool,
}

/// Tasks a core from which the CPU time over the cores is the wall time,
/// near enough: the longest tasks are then a small part of a core's share.
const TASKS_PER_CORE: usize = 10;

/// A count's plan and what it will cost; see the docs of `src/count/projection.rs`. The field
/// names are those of the JSON (`nqueens count --dry-run --format json`).
///
/// # Examples
///
/// ```
/// use nqueens::{Engine, JoinEngine, Projection};
///
/// let plan = JoinEngine.plan(14)?;
/// let p = Projection::sampled(&JoinEngine, plan.as_ref(), 1, None, None, 60.0);
/// assert_eq!((p.n, p.engine, p.tasks), (14, "join", plan.len()));
/// assert!(p.sampled >= 3 && p.projected_cpu_seconds > 0.0);
/// // The sample projects Q(14) = 365,596 too, with an interval.
/// assert_eq!(p.known_solutions, Some(365_596));
/// let (low, high) = (p.solutions_low.unwrap(), p.solutions_high.unwrap());
/// assert!(low <= 365_596.0 && 365_596.0 <= high, "{low} to {high}");
///
/// // In words, as `nqueens count 14 --dry-run` prints it:
/// let lines = p.lines();
/// assert!(lines[0].starts_with(&format!("n = 14: {} tasks (join engine); timed", plan.len())));
/// assert!(lines[1].starts_with("  CPU time: about "));
/// assert!(lines[2].starts_with("  wall time: about ") && lines[2].ends_with(" on 2 cores"));
/// assert!(lines[3].contains("the known Q(14) = 365,596 is inside it"));
/// assert!(lines[4].starts_with("  memory: up to about "));
///
/// // And as JSON.
/// let json = serde_json::to_value(&p)?;
/// assert_eq!(json["engine"], "join");
/// assert_eq!(json["wall_seconds"][1]["cores"], 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Projection {
    /// The board size.
    pub n: usize,
    /// The engine that would count ([`Engine::name`]).
    pub engine: &'static str,
    /// The tasks of its plan.
    pub tasks: usize,
    /// How many tasks were timed; 0 for a [rough](Projection::rough)
    /// projection.
    pub sampled: usize,
    /// The fewest tasks the dry run times whatever its budget
    /// ([`DryRun::least`]); 0 for a rough projection.
    pub least_sampled: usize,
    /// The CPU time of the sampled tasks, in seconds on one thread.
    pub sample_seconds: f64,
    /// The wall time the sampling took, in seconds.
    pub timing_seconds: f64,
    /// The CPU time of the whole count on one core, in seconds.
    pub projected_cpu_seconds: f64,
    /// The relative standard error of `projected_cpu_seconds`: 0 when every
    /// task was timed, infinite (null in JSON) when one task of several was,
    /// or for a rough projection.
    pub relative_error: f64,
    /// The low end of the 95% interval of the CPU time; `None` where there
    /// is no interval (one task timed, or a rough projection).
    pub cpu_seconds_low: Option<f64>,
    /// The high end of the 95% interval of the CPU time (`None`: unbounded).
    pub cpu_seconds_high: Option<f64>,
    /// The threads the count would run on.
    pub threads: usize,
    /// The wall time of the count on `threads` threads, in seconds.
    pub projected_seconds: f64,
    /// The wall time on 1, 2 and the cores asked for.
    pub wall_seconds: Vec<WallTime>,
    /// The bytes a process needs ([`Engine::memory_plan`]).
    pub memory_bytes: u64,
    /// How the engine keeps within its memory, in a few words.
    pub memory_plan: String,
    /// Q(n) as the sample projects it (`None` for a rough projection, or
    /// where the engine's samples do not count).
    pub projected_solutions: Option<f64>,
    /// The low end of the 95% interval of `projected_solutions`.
    pub solutions_low: Option<f64>,
    /// The high end of the 95% interval of `projected_solutions`.
    pub solutions_high: Option<f64>,
    /// The published Q(n), where known (n ≤ 27).
    pub known_solutions: Option<u128>,
    /// The seed the sample was drawn with (`None` for a rough projection).
    pub seed: Option<u64>,
    /// Where nothing was timed because the plan's tasks are timed whole and
    /// three of them, the fewest a dry run times, would take more than four
    /// times its budget by the engine's model: one task's CPU seconds by
    /// that model (the backtrack engine's at n = 30, centuries). The
    /// projection is then the [rough](Projection::rough) one.
    pub task_seconds_untimed: Option<f64>,
}

impl Projection {
    /// Times a sample of `plan`'s tasks (up to [`PROJECTION_SAMPLES`], or
    /// what [`Plan::dry_run_samples`] asks for, for
    /// up to `budget_seconds` after the first few, on
    /// [`Projection::timing_threads`] threads) and projects the count of
    /// `plan` by `engine` on `threads` threads within `memory` bytes (the
    /// plan should be `engine.plan_within(n, threads, memory)`), with the
    /// wall time on 1, 2 and `cores` cores. The sample is always the same
    /// for the same plan.
    ///
    /// ```
    /// use nqueens::{ConstellationEngine, Engine, Projection};
    ///
    /// let plan = ConstellationEngine.plan(12)?;
    /// let p = Projection::sampled(&ConstellationEngine, plan.as_ref(), 2, None, Some(64), 0.0);
    /// // No time to spend: the least a dry run times, three tasks.
    /// assert_eq!(p.sampled, 3);
    /// let cores: Vec<u64> = p.wall_seconds.iter().map(|w| w.cores).collect();
    /// assert_eq!(cores, [1, 2, 64]);
    /// assert_eq!(p.projected_seconds, p.projected_cpu_seconds / 2.0);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn sampled(
        engine: &dyn Engine,
        plan: &dyn Plan,
        threads: usize,
        memory: Option<u64>,
        cores: Option<u64>,
        budget_seconds: f64,
    ) -> Projection {
        Self::sampled_with_seed(
            engine,
            plan,
            (threads, memory, cores),
            budget_seconds,
            Self::DEFAULT_SEED,
        )
    }

    /// The seed of [`Projection::sampled`]'s random sample: the same tasks
    /// on every run and in every front end ("nqueens" in ASCII).
    pub const DEFAULT_SEED: u64 = 0x006e_7175_6565_6e73;

    /// [`Projection::sampled`] with another sample, drawn with `seed`: a
    /// 95% interval misses the truth one time in twenty, the same way for
    /// the same sample, and another seed shows whether it was chance.
    ///
    /// ```
    /// use nqueens::{ConstellationEngine, Engine, Projection};
    ///
    /// let plan = ConstellationEngine.plan(12)?;
    /// let p = Projection::sampled_with_seed(&ConstellationEngine, plan.as_ref(), (1, None, None), 0.0, 7);
    /// assert_eq!(p.seed, Some(7));
    /// assert!(p.lines()[0].ends_with("(seed 7)"), "{}", p.lines()[0]);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn sampled_with_seed(
        engine: &dyn Engine,
        plan: &dyn Plan,
        (threads, memory, cores): (usize, Option<u64>, Option<u64>),
        budget_seconds: f64,
        seed: u64,
    ) -> Projection {
        if let Some(task) = Self::too_long_to_time(engine, plan, budget_seconds) {
            return Projection {
                task_seconds_untimed: Some(task),
                ..Self::rough(engine, plan, threads, memory, cores)
            };
        }
        let samples = plan
            .dry_run_samples()
            .unwrap_or(PROJECTION_SAMPLES)
            .min(plan.len());
        let d = dry_run_on(
            plan,
            samples,
            seed,
            budget_seconds,
            Self::timing_threads(threads),
        );
        Projection {
            seed: Some(seed),
            ..Self::from_dry_run(engine, plan.n(), &d, threads, memory, cores)
        }
    }

    /// Whether a dry run of `plan` within `budget_seconds` times nothing
    /// and gives the engine's model instead: where the plan's tasks are
    /// timed whole and three of them, the fewest a dry run times, would take
    /// more than four times the budget (at least a second) by the model.
    /// Returns one task's CPU seconds by the model, if so.
    ///
    /// ```
    /// use nqueens::{BacktrackEngine, ConstellationEngine, Engine, Projection};
    ///
    /// // Plain backtracking of n = 30: centuries a task.
    /// let plan = BacktrackEngine.plan(30)?;
    /// let task = Projection::too_long_to_time(&BacktrackEngine, plan.as_ref(), 90.0);
    /// assert!(task.unwrap() > 100.0 * 365.0 * 86_400.0);
    /// let p = Projection::sampled(&BacktrackEngine, plan.as_ref(), 1, None, None, 90.0);
    /// assert_eq!((p.sampled, p.task_seconds_untimed), (0, task));
    /// assert!(p.lines()[0].ends_with("nothing timed: one takes roughly 10,820 years by the engine's model, and a dry run times at least three whole, so this is that model"), "{}", p.lines()[0]);
    /// // n = 12 is timed; so is n = 30 by the constellation engine, by parts of tasks.
    /// assert_eq!(Projection::too_long_to_time(&BacktrackEngine, BacktrackEngine.plan(12)?.as_ref(), 0.0), None);
    /// assert_eq!(Projection::too_long_to_time(&ConstellationEngine, ConstellationEngine.plan(30)?.as_ref(), 0.0), None);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn too_long_to_time(
        engine: &dyn Engine,
        plan: &dyn Plan,
        budget_seconds: f64,
    ) -> Option<f64> {
        let task = engine.rough_cpu_seconds(plan.n()) / plan.len().max(1) as f64;
        (!plan.samples_parts() && MIN_SAMPLES as f64 * task > 4.0 * budget_seconds.max(1.0))
            .then_some(task)
    }

    /// The threads [`Projection::sampled`] times tasks on for a count on
    /// `threads`: as many, up to one a core (each task reads its own CPU
    /// clock, so more threads than cores would only slow each other down).
    ///
    /// ```
    /// use nqueens::{default_threads, Projection};
    ///
    /// assert_eq!(Projection::timing_threads(1), 1);
    /// assert_eq!(Projection::timing_threads(0), 1);
    /// assert_eq!(Projection::timing_threads(100_000), default_threads());
    /// ```
    pub fn timing_threads(threads: usize) -> usize {
        threads.min(default_threads()).max(1)
    }

    /// The projection of a dry run `d` of the plan of `n` by `engine`
    /// (what [`Projection::sampled`] makes of the sample it times).
    ///
    /// ```
    /// use nqueens::{DryRun, JoinEngine, Projection};
    ///
    /// let d = DryRun {
    ///     tasks: 1000,
    ///     sampled: 10,
    ///     least: 3,
    ///     sample_seconds: 2.0,
    ///     timing_seconds: 1.5,
    ///     projected_cpu_seconds: 200.0,
    ///     relative_error: 0.1,
    ///     projected_solutions: None,
    ///     solutions_relative_error: f64::INFINITY,
    /// };
    /// let p = Projection::from_dry_run(&JoinEngine, 16, &d, 4, None, None);
    /// assert_eq!(p.lines()[..3], [
    ///     "n = 16: 1,000 tasks (join engine); timed 10 of them in 1.5s",
    ///     "  CPU time: about 3m 20s at this machine's speed during the dry run (standard error 10%, 95% interval 2m 40s to 3m 59s)",
    ///     "  wall time: about 3m 20s on 1 core, 1m 40s on 2 cores",
    /// ]);
    /// ```
    pub fn from_dry_run(
        engine: &dyn Engine,
        n: usize,
        d: &DryRun,
        threads: usize,
        memory: Option<u64>,
        cores: Option<u64>,
    ) -> Projection {
        let cpu = d.cpu_interval();
        let solutions = d.solutions_interval();
        let (memory_bytes, memory_plan) = engine.memory_plan(n, threads, memory);
        Projection {
            n,
            engine: engine.name(),
            tasks: d.tasks,
            sampled: d.sampled,
            least_sampled: d.least,
            sample_seconds: d.sample_seconds,
            timing_seconds: d.timing_seconds,
            projected_cpu_seconds: d.projected_cpu_seconds,
            relative_error: d.relative_error,
            cpu_seconds_low: cpu.map(|(low, _)| low),
            cpu_seconds_high: cpu.map(|(_, high)| high),
            threads,
            projected_seconds: d.projected_cpu_seconds / threads.max(1) as f64,
            wall_seconds: walls(d.projected_cpu_seconds, d.tasks, cores),
            memory_bytes,
            memory_plan,
            projected_solutions: d.projected_solutions,
            solutions_low: solutions.map(|(low, _)| low),
            solutions_high: solutions.map(|(_, high)| high),
            known_solutions: crate::known::total(n),
            seed: None,
            task_seconds_untimed: None,
        }
    }

    /// A projection that times nothing: the CPU time of `engine`'s cost
    /// model ([`Engine::rough_cpu_seconds`]), instant; otherwise as
    /// [`Projection::sampled`] (`sampled` is 0, and there is no interval
    /// and no projected Q(n)).
    ///
    /// ```
    /// use nqueens::{grouped, Engine, JoinEngine, Projection};
    ///
    /// let plan = JoinEngine.plan(18)?;
    /// let p = Projection::rough(&JoinEngine, plan.as_ref(), 2, None, None);
    /// assert_eq!((p.sampled, p.cpu_seconds_low), (0, None));
    /// assert_eq!(p.projected_cpu_seconds, JoinEngine.rough_cpu_seconds(18));
    /// assert_eq!(p.lines()[..3], [
    ///     format!(
    ///         "n = 18: {} tasks (join engine); nothing timed: the engine's own model",
    ///         grouped(plan.len() as u128)
    ///     ),
    ///     "  CPU time: roughly 580ms".to_string(),
    ///     "  wall time: about 580ms on 1 core, 290ms on 2 cores".to_string(),
    /// ]);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn rough(
        engine: &dyn Engine,
        plan: &dyn Plan,
        threads: usize,
        memory: Option<u64>,
        cores: Option<u64>,
    ) -> Projection {
        let n = plan.n();
        let cpu = engine.rough_cpu_seconds(n);
        let d = DryRun {
            tasks: plan.len(),
            sampled: 0,
            least: 0,
            sample_seconds: 0.0,
            timing_seconds: 0.0,
            projected_cpu_seconds: cpu,
            relative_error: f64::INFINITY,
            projected_solutions: None,
            solutions_relative_error: f64::INFINITY,
        };
        Self::from_dry_run(engine, n, &d, threads, memory, cores)
    }

    /// The projection in words: the lines `nqueens count N --dry-run`
    /// prints (the tasks, the CPU time, the wall times, Q(n) from the
    /// sample where there is one, and the memory), without line ends.
    /// See [`Projection`] and [`Projection::from_dry_run`] for examples.
    ///
    /// ```
    /// use nqueens::{BacktrackEngine, Engine, Projection};
    ///
    /// let plan = BacktrackEngine.plan(8)?;
    /// let p = Projection::sampled(&BacktrackEngine, plan.as_ref(), 1, None, None, 60.0);
    /// // Every one of the 21 tasks timed: an interval of width 0.
    /// assert_eq!(p.sampled, 21);
    /// assert_eq!(p.lines().last().unwrap(), "  memory: up to about 16.0 MiB a process on 1 thread (a search stack per thread)");
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::with_capacity(5);
        let tasks = format!(
            "n = {}: {} ({} engine)",
            self.n,
            plural(self.tasks as u128, "task", "tasks"),
            self.engine
        );
        if self.sampled == 0 {
            lines.push(match self.task_seconds_untimed {
                Some(task) => format!(
                    "{tasks}; nothing timed: one takes roughly {} by the engine's model, and a \
                     dry run times at least three whole, so this is that model",
                    show_duration(task)
                ),
                None => format!("{tasks}; nothing timed: the engine's own model"),
            });
            lines.push(format!(
                "  CPU time: roughly {}",
                show_duration(self.projected_cpu_seconds)
            ));
        } else {
            // Where the strata asked for more than the budget allowed,
            // the dry run took longer than it was given: say why.
            // (It stops at the fewest only when its time has run out: it
            // asks for more, unless there are no more.)
            let fewest = if self.sampled >= self.tasks || self.sampled > self.least_sampled {
                ""
            } else if self.least_sampled > MIN_SAMPLES {
                ", the fewest it times: two of each kind of task, however long they take"
            } else {
                ", the fewest it times: three tasks, however long they take"
            };
            // The seed, where it is not the one every dry run draws.
            let seed = match self.seed {
                Some(seed) if seed != Self::DEFAULT_SEED => format!(" (seed {seed})"),
                _ => String::new(),
            };
            lines.push(format!(
                "{tasks}; timed {} of them in {}{fewest}{seed}",
                grouped(self.sampled as u128),
                show_duration(self.timing_seconds),
            ));
            lines.push(self.cpu_line());
        }
        let walls: Vec<String> = self
            .wall_seconds
            .iter()
            .map(|w| {
                let on = format!(
                    "{} on {}",
                    show_duration(w.seconds),
                    plural(u128::from(w.cores), "core", "cores")
                );
                if w.lower_bound {
                    format!(
                        "at least {on} ({})",
                        plural(self.tasks as u128, "task", "tasks")
                    )
                } else {
                    on
                }
            })
            .collect();
        lines.push(format!("  wall time: about {}", walls.join(", ")));
        if let (Some(q), Some(q_low), Some(q_high)) = (
            self.projected_solutions,
            self.solutions_low,
            self.solutions_high,
        ) {
            // Whole numbers: the sample's count scaled, rounded.
            let whole = |x: f64| grouped(x.round() as u128);
            let n = self.n;
            let check = match self.known_solutions {
                Some(k) if (q_low..=q_high).contains(&(k as f64)) => {
                    format!("; the known Q({n}) = {} is inside it", grouped(k))
                }
                Some(k) => format!(
                    "; the known Q({n}) = {} is OUTSIDE it: a 95% interval misses one time \
                     in twenty, so draw another sample (another seed); if it misses again, the \
                     sample is too small or biased, and the time's interval is as doubtful",
                    grouped(k)
                ),
                None => String::new(),
            };
            lines.push(format!(
                "  solutions, from the same sample: about {} (95% interval {} to {}{check})",
                whole(q),
                whole(q_low),
                whole(q_high),
            ));
        }
        lines.push(format!(
            "  memory: up to about {} a process on {} ({})",
            show_bytes(self.memory_bytes),
            plural(self.threads as u128, "thread", "threads"),
            self.memory_plan
        ));
        lines
    }

    /// The CPU time of a sampled projection with its interval, in words.
    fn cpu_line(&self) -> String {
        let high = self.cpu_seconds_high.unwrap_or(f64::INFINITY);
        let interval = match self.cpu_seconds_low {
            Some(low) if low > 0.0 => format!(
                "standard error {:.0}%, 95% interval {}",
                100.0 * self.relative_error,
                show_duration_interval(low, high)
            ),
            Some(_) => format!(
                "standard error {:.0}%, 95% interval up to {}; a longer dry run narrows it",
                100.0 * self.relative_error,
                show_duration(high)
            ),
            None => "one task timed: no interval; a longer dry run times more".to_string(),
        };
        format!(
            "  CPU time: about {} at this machine's speed during the dry run ({interval})",
            // In the unit of the interval's upper end, as its ends are.
            show_duration_as(self.projected_cpu_seconds, high)
        )
    }
}

/// The wall time of `cpu_seconds` of `tasks` independent tasks on 1, 2 and
/// `cores` cores (when more than 2): no more cores than tasks are busy, and
/// with few tasks a core the figure is a lower bound ([`WallTime`]).
fn walls(cpu_seconds: f64, tasks: usize, cores: Option<u64>) -> Vec<WallTime> {
    let mut list = vec![1, 2];
    list.extend(cores.filter(|&k| k > 2));
    let tasks = tasks.max(1) as u64;
    list.into_iter()
        .map(|cores| WallTime {
            cores,
            seconds: cpu_seconds / cores.min(tasks) as f64,
            // (One core's wall time is the CPU time, however many tasks.)
            lower_bound: cores > 1 && tasks < cores.saturating_mul(TASKS_PER_CORE as u64),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::backtrack::BacktrackEngine;
    use crate::count::constellation::ConstellationEngine;
    use crate::count::join::JoinEngine;

    /// A dry run takes the engine's model instead of timing only where the
    /// tasks it must time whole would take over four times its budget: the
    /// backtracking engine's model gives n = 18 about 1.45 s a task, 4.35 s
    /// for the three, which a budget of 1.5 s times (it once said "nothing
    /// timed" from one budget on) and one of 1 s does not.
    #[test]
    fn the_model_stands_in_past_four_budgets() {
        let plan = BacktrackEngine.plan(18).unwrap();
        let task = BacktrackEngine.rough_cpu_seconds(18) / plan.len() as f64;
        assert!((4.0..4.8).contains(&(MIN_SAMPLES as f64 * task)), "{task}");
        let model = |budget| Projection::too_long_to_time(&BacktrackEngine, plan.as_ref(), budget);
        assert_eq!(model(1.5), None);
        assert_eq!(model(1.0), Some(task));
    }

    /// The CLI's table of rough times before each engine kept its own
    /// (`one_core_seconds` in `commands/count/engine.rs`), word for word
    /// but for the join engine's even boards from n = 18 on, which the
    /// transpose made cheaper, and past n = 20 the constellation engine's
    /// growth, which rises with n (a constant 10.8 a row said a tenth of
    /// its dry run of n = 40), and the backtrack engine's, which follows it
    /// (sevenfold a row said 19 times less than the constellation engine's
    /// dry run at n = 30, though it is the slower): the models must give
    /// the same values.
    fn old_one_core_seconds(engine: &str, n: usize) -> f64 {
        let rows = |from: usize| n as i32 - from as i32;
        match engine {
            "join" => {
                const FROM_16: [f64; 13] = [
                    0.04, 0.54, 0.58, 9.8, 33.0, 530.0, 1.4e3, 2.0e4, 9.1e4, 1.4e6, 6.2e6, 8.8e7,
                    4.9e8,
                ];
                match n.checked_sub(16) {
                    Some(k) => FROM_16[k.min(12)],
                    None => FROM_16[0] / 7.0f64.powi(16 - n as i32),
                }
            }
            "backtrack" => 3.4 * old_one_core_seconds("constellation", n),
            _ if n <= 20 => 8.3 * 7.0f64.powi(rows(17)),
            _ => (20..n).fold(2850.0, |t, k| t * 0.426 * k as f64),
        }
    }

    /// No more cores than tasks are busy, and with few tasks a core the
    /// wall time is only a lower bound (`count 18 --engine backtrack
    /// --dry-run --cores 200` said 1.1 s on 200 cores for 136 tasks of a
    /// second or more each).
    #[test]
    fn wall_times_count_only_the_cores_with_a_task() {
        let w = walls(1360.0, 136, Some(200));
        assert_eq!(w.len(), 3);
        assert_eq!((w[0].seconds, w[0].lower_bound), (1360.0, false));
        assert_eq!((w[1].seconds, w[1].lower_bound), (680.0, false));
        assert_eq!(
            (w[2].cores, w[2].seconds, w[2].lower_bound),
            (200, 10.0, true)
        );
        // Ten tasks a core or more: the CPU time over the cores.
        let w = walls(1000.0, 1000, Some(100));
        assert_eq!((w[2].seconds, w[2].lower_bound), (10.0, false));
        let w = walls(1000.0, 999, Some(100));
        assert_eq!((w[2].seconds, w[2].lower_bound), (10.0, true));
        // Fewer tasks than two cores; one core's time is the CPU time.
        let w = walls(6.0, 1, None);
        assert_eq!((w[1].seconds, w[1].lower_bound), (6.0, true));
        assert_eq!((w[0].seconds, w[0].lower_bound), (6.0, false));
        let p = Projection {
            wall_seconds: walls(33_000.0, 3300, Some(1000)),
            ..Projection::rough(
                &JoinEngine,
                JoinEngine.plan(16).expect("n ok").as_ref(),
                1,
                None,
                None,
            )
        };
        let line = p
            .lines()
            .into_iter()
            .find(|l| l.starts_with("  wall time"))
            .expect("a wall line");
        assert!(
            line.ends_with(", at least 33.0s on 1,000 cores (3,300 tasks)"),
            "{line}"
        );
    }

    #[test]
    fn each_engine_keeps_the_old_table_and_grows_with_n() {
        let engines: [&dyn Engine; 3] = [&JoinEngine, &BacktrackEngine, &ConstellationEngine];
        for engine in engines {
            // Below n = 14 (16 for the join engine) the models are newer:
            // the old table said next to nothing of small boards (0.2 µs
            // for n = 8, which takes 40 to 50 µs).
            let from = if engine.name() == "join" { 16 } else { 14 };
            for n in 1..=engine.max_n().min(40) {
                let rough = engine.rough_cpu_seconds(n);
                if n >= from {
                    let old = old_one_core_seconds(engine.name(), n);
                    assert!(
                        (rough - old).abs() <= 1e-12 * old,
                        "{} n = {n}: {rough} against {old}",
                        engine.name()
                    );
                } else if n < super::super::plan::SMALL_BOARD_BELOW {
                    // At least what planning and running the tasks costs.
                    let floor = super::super::plan::small_board_seconds(n);
                    assert!(rough >= floor, "{} n = {n}: {rough}", engine.name());
                }
                // Growing every two rows: an odd board can cost more than
                // the even one above it (the join's n = 15 against 16).
                if n > 2 {
                    let below = engine.rough_cpu_seconds(n - 2);
                    assert!(rough > below, "{} n = {n}: {rough}", engine.name());
                }
            }
        }
    }

    /// A dry run of made-up numbers, to check the words of each case.
    fn dry(relative_error: f64, solutions: Option<f64>) -> DryRun {
        DryRun {
            tasks: 12_345,
            sampled: 200,
            least: 3,
            sample_seconds: 10.0,
            timing_seconds: 5.0,
            projected_cpu_seconds: 7200.0,
            relative_error,
            projected_solutions: solutions,
            solutions_relative_error: 0.01,
        }
    }

    #[test]
    fn the_words_of_each_interval() {
        let p = Projection::from_dry_run(&JoinEngine, 18, &dry(0.1, None), 4, None, Some(64));
        assert_eq!(
            p.lines()[..3],
            [
                "n = 18: 12,345 tasks (join engine); timed 200 of them in 5.0s",
                "  CPU time: about 2h 00m at this machine's speed during the dry run (standard error 10%, 95% interval 1h 36m to 2h 23m)",
                "  wall time: about 2h 00m on 1 core, 1h 00m on 2 cores, 1m 52s on 64 cores",
            ]
        );
        assert_eq!(p.lines().len(), 4, "no solutions line without a projection");
        // An interval from 0: only its upper end.
        let p = Projection::from_dry_run(&JoinEngine, 18, &dry(0.6, None), 4, None, None);
        assert_eq!(p.cpu_seconds_low, Some(0.0));
        assert!(
            p.lines()[1]
                .starts_with("  CPU time: about 2h 00m at this machine's speed during the dry run (standard error 60%, 95% interval up to "),
            "{:?}",
            p.lines()
        );
        // One task of several: no interval, null bounds.
        let p = Projection::from_dry_run(&JoinEngine, 18, &dry(f64::INFINITY, None), 4, None, None);
        assert_eq!((p.cpu_seconds_low, p.cpu_seconds_high), (None, None));
        assert!(p.lines()[1].contains("one task timed: no interval"));
        let json = serde_json::to_value(&p).unwrap();
        assert!(json["relative_error"].is_null() && json["cpu_seconds_high"].is_null());
    }

    /// The fewest tasks a dry run times (two of each stratum, three at
    /// least) are said to be that, where it timed no more: it may have run
    /// past its budget.
    #[test]
    fn the_fewest_tasks_are_named_when_they_are_all_that_was_timed() {
        let fewest = "timed 200 of them in 5.0s, the fewest it times: two of each kind of task";
        for (least, named) in [(200, true), (150, false), (3, false)] {
            let d = DryRun {
                least,
                ..dry(0.1, None)
            };
            let p = Projection::from_dry_run(&JoinEngine, 18, &d, 4, None, None);
            assert_eq!(p.least_sampled, least);
            assert_eq!(
                p.lines()[0].contains(fewest),
                named,
                "{least}: {:?}",
                p.lines()
            );
        }
        // Three, the fewest of any dry run (the backtrack engine's three
        // whole tasks can take minutes past a budget of one second).
        let three = DryRun {
            sampled: 3,
            least: 3,
            ..dry(0.1, None)
        };
        let p = Projection::from_dry_run(&JoinEngine, 18, &three, 4, None, None);
        assert!(
            p.lines()[0].contains(
                "timed 3 of them in 5.0s, the fewest it times: three tasks, however long they take"
            ),
            "{:?}",
            p.lines()
        );
        // Every task timed: nothing was left out, whatever the strata.
        let all = DryRun {
            tasks: 200,
            least: 200,
            ..dry(0.0, None)
        };
        let p = Projection::from_dry_run(&JoinEngine, 18, &all, 4, None, None);
        assert!(!p.lines()[0].contains("fewest"), "{:?}", p.lines());
    }

    #[test]
    fn solutions_are_checked_against_the_known_count() {
        // Q(18) = 666,090,624.
        let inside = Projection::from_dry_run(
            &JoinEngine,
            18,
            &dry(0.1, Some(666_000_000.0)),
            1,
            None,
            None,
        );
        assert!(
            inside.lines()[3].ends_with("the known Q(18) = 666,090,624 is inside it)"),
            "{:?}",
            inside.lines()
        );
        let outside =
            Projection::from_dry_run(&JoinEngine, 18, &dry(0.1, Some(5.0e8)), 1, None, None);
        assert!(outside.lines()[3].contains("is OUTSIDE it"));
        // No known value past n = 27: the interval alone.
        let beyond =
            Projection::from_dry_run(&JoinEngine, 28, &dry(0.1, Some(5.0e8)), 1, None, None);
        assert!(
            beyond.lines()[3].ends_with("to 509,800,000)"),
            "{:?}",
            beyond.lines()
        );
    }

    #[test]
    fn the_json_has_the_dry_runs_fields_in_order() {
        let p = Projection::from_dry_run(&JoinEngine, 18, &dry(0.1, None), 4, None, None);
        let json = serde_json::to_string(&p).unwrap();
        let keys: Vec<&str> = json
            .split('"')
            .collect::<Vec<_>>()
            .windows(3)
            .filter(|w| w[2].starts_with(':'))
            .map(|w| w[1])
            .collect();
        assert_eq!(
            keys,
            [
                "n",
                "engine",
                "tasks",
                "sampled",
                "least_sampled",
                "sample_seconds",
                "timing_seconds",
                "projected_cpu_seconds",
                "relative_error",
                "cpu_seconds_low",
                "cpu_seconds_high",
                "threads",
                "projected_seconds",
                "wall_seconds",
                "cores",
                "seconds",
                "lower_bound",
                "cores",
                "seconds",
                "lower_bound",
                "memory_bytes",
                "memory_plan",
                "projected_solutions",
                "solutions_low",
                "solutions_high",
                "known_solutions",
                "seed",
                "task_seconds_untimed",
            ]
        );
    }
}
