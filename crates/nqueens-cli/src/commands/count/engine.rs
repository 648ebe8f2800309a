//! `nqueens count N` with the counting engine: a plan of tasks counted on all
//! cores, with a progress bar, checkpoints, slices and dry runs.

use std::io::Write;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use anyhow::Context;
use nqueens::PartialResult;
use nqueens::Sink;
use nqueens::{count_json_line, count_text_line, grouped};
use nqueens::{Checkpoint, CheckpointFile};
use nqueens::{Plan, Tally, TaskLog, TaskLogWriter};

use crate::exit::Outcome;
use crate::flags::{CountArgs, ReportFormat};
use crate::limits::ENGINE_WARN;
use crate::output::Out;
use crate::progress::Progress;
use nqueens::{show_duration, show_duration_as, show_duration_interval};

/// Roughly how many seconds the whole count of `n` takes on one core of a
/// machine like CI's with `engine`: measured values extended by the growth
/// per row. The basis of the warning for long counts.
fn one_core_seconds(engine: &str, n: usize) -> f64 {
    let rows = |from: usize| n as i32 - from as i32;
    match engine {
        // Measured on the night of 2026-11-26 (Kluev's Q(20) took 245 s, as on
        // the fastest days measured): whole counts on one core up to n = 20
        // (the side-by-side), dry runs for n = 21 to 28 (docs/counting.md, "Counting
        // the frontier"; n = 28 from 23 sampled splits). Odd and even
        // boards grow differently, so a value for each n; below n = 16
        // about ×7 a row.
        "join" => {
            const FROM_16: [f64; 13] = [
                0.04, 0.54, 0.81, 9.8, 35.8, 530.0, 2.0e3, 2.0e4, 1.3e5, 1.4e6, 1.0e7, 8.8e7, 7.0e8,
            ];
            match n.checked_sub(16) {
                Some(k) => FROM_16[k.min(12)],
                None => FROM_16[0] / 7.0f64.powi(16 - n as i32),
            }
        }
        // Measured: n = 17, 8.3 s (backtrack about 3.4 times that); ×7 a row.
        "backtrack" => 3.4 * 8.3 * 7.0f64.powi(rows(17)),
        // ×7 a row up to n = 20, then about ×10.8 to the dry run of n = 32
        // (7·10^15 s).
        _ if n <= 20 => 8.3 * 7.0f64.powi(rows(17)),
        _ => 2850.0 * 10.8f64.powi(rows(20)),
    }
}

/// How the counting engine runs: what `count` worked out from its options
/// (the engine, the threads), and the options themselves, which the engine's
/// run reads directly (a new option of `count` is a field of [`CountArgs`]
/// and the code here that uses it).
pub struct EngineRun<'a> {
    pub engine: &'static dyn nqueens::Engine,
    pub threads: usize,
    pub args: &'a CountArgs,
}

/// Sees each finished task: records it in the checkpoint, saving every few
/// seconds, and moves the progress bar.
struct Watch {
    checkpoint: Option<(CheckpointFile, Checkpoint)>,
    task_log: Option<TaskLogWriter>,
    every: Duration,
    last_save: Instant,
    save_error: Option<anyhow::Error>,
    /// A checkpoint save failed: no more are tried.
    checkpoint_failed: bool,
    progress: Progress,
}

impl Watch {
    /// Saves the checkpoint, unless a save failed already (a full disk
    /// stops the count, and the last save is what the error says the file
    /// holds); the first error is the one reported.
    fn save(&mut self) {
        if self.checkpoint_failed {
            return;
        }
        if let Some((file, cp)) = &mut self.checkpoint {
            if let Err(e) = file.save(cp) {
                self.checkpoint_failed = true;
                let log = match &self.task_log {
                    Some(log) => format!(
                        "; the task log '{}' holds every task finished before",
                        log.path().display()
                    ),
                    None => String::new(),
                };
                self.save_error.get_or_insert(anyhow::anyhow!(
                    "{e}{log}: once it can be written again (room on the disk), run the same \
                     command to go on"
                ));
            }
            self.last_save = Instant::now();
        }
    }

    fn maybe_save(&mut self) -> ControlFlow<()> {
        if self.checkpoint.is_some()
            && self.save_error.is_none()
            && self.last_save.elapsed() >= self.every
        {
            self.save();
        }
        if self.save_error.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Sink for Watch {
    fn task_done(&mut self, index: usize, tally: Tally) -> ControlFlow<()> {
        if let Some((_, cp)) = &mut self.checkpoint {
            cp.record(index, tally);
        }
        if let Some(log) = &mut self.task_log {
            if let Err(e) = log.record(index, tally) {
                self.save_error.get_or_insert(anyhow::anyhow!(
                    "cannot append to {e}; it holds every task finished before (a last line cut \
                     short is removed when the count resumes): once it can be written again \
                     (room on the disk), run the same command to go on"
                ));
            }
        }
        self.progress.task(tally.solutions);
        self.progress.draw();
        self.maybe_save()
    }

    fn tick(&mut self) -> ControlFlow<()> {
        self.progress.draw();
        self.maybe_save()
    }
}

/// A library error as the command reports it: threads that the system
/// would not start are a usage error (fewer threads, `-j`, do).
fn threads_error(e: nqueens::Error) -> anyhow::Error {
    match e {
        nqueens::Error::Threads { .. } => {
            anyhow::Error::new(crate::exit::UsageError(format!("{e} (-j T)")))
        }
        other => other.into(),
    }
}

#[allow(clippy::print_stderr)]
fn dry_run(
    n: usize,
    plan: &dyn Plan,
    run: &EngineRun<'_>,
    format: ReportFormat,
) -> anyhow::Result<Outcome> {
    let samples = 200.min(plan.len());
    let budget = run.args.dry_run_seconds.as_secs_f64();
    // Tasks are timed on the threads of the count, up to one a core: each
    // reads its own CPU clock, so more threads than cores would only
    // slow each other down.
    let threads = run.threads.min(nqueens::default_threads()).max(1);
    if n >= ENGINE_WARN {
        eprintln!(
            "note: timing a sample of the tasks for up to {budget} s on {}, and at least 3 \
             of them; {}",
            nqueens::plural(threads as u128, "thread", "threads"),
            match run.engine.name() {
                "constellation" => "a long task by random parts of it".to_string(),
                "join" if n >= 24 => "each task by a random path through the parts of one of \
                                      its row splits"
                    .to_string(),
                _ => format!("at n = {n} one task alone can take a while"),
            }
        );
    }
    let d = nqueens::dry_run_on(plan, samples, 0x006e_7175_6565_6e73, budget, threads);
    // A 95% interval from the relative standard error (unbounded with one
    // sample of many).
    let margin = 1.96 * d.relative_error;
    let (low, high) = d
        .cpu_interval()
        .unwrap_or((d.projected_cpu_seconds, f64::INFINITY));
    let solutions = d.solutions_interval();
    let known = nqueens::known_total(n);
    let memory = run.args.target.memory;
    let (bytes, memory_plan) = run.engine.memory_plan(n, run.threads, memory);
    let mut cores = vec![1, 2];
    cores.extend(run.args.cores.filter(|&k| k > 2));
    let on = |k: u64| d.projected_cpu_seconds / k as f64;
    let mut out = Out::stdout();
    match format {
        ReportFormat::Text => {
            writeln!(
                out,
                "n = {n}: {} tasks ({} engine); timed {} of them in {}",
                grouped(d.tasks as u128),
                run.engine.name(),
                grouped(d.sampled as u128),
                show_duration(d.timing_seconds),
            )?;
            let interval = if margin.is_finite() && low > 0.0 {
                format!(
                    "± {:.0}%, 95% interval {}",
                    100.0 * d.relative_error,
                    show_duration_interval(low, high)
                )
            } else if margin.is_finite() {
                format!(
                    "± {:.0}%, 95% interval up to {}; a longer dry run narrows it \
                     (--dry-run-seconds)",
                    100.0 * d.relative_error,
                    show_duration(high)
                )
            } else {
                "one task timed: no interval; a longer dry run times more (--dry-run-seconds)"
                    .to_string()
            };
            writeln!(
                out,
                "  CPU time: about {} ({interval})",
                // In the unit of the interval's upper end, as its ends are.
                show_duration_as(d.projected_cpu_seconds, high)
            )?;
            let walls: Vec<String> = cores
                .iter()
                .map(|&k| {
                    format!(
                        "{} on {}",
                        show_duration(on(k)),
                        nqueens::plural(u128::from(k), "core", "cores")
                    )
                })
                .collect();
            writeln!(out, "  wall time: about {}", walls.join(", "))?;
            if let (Some(q), Some((q_low, q_high))) = (d.projected_solutions, solutions) {
                // Whole numbers: the sample's count scaled, rounded.
                let whole = |x: f64| grouped(x.round() as u128);
                let check = match known {
                    Some(k) if (q_low..=q_high).contains(&(k as f64)) => {
                        format!("; the known Q({n}) = {} is inside it", grouped(k))
                    }
                    Some(k) => format!(
                        "; the known Q({n}) = {} is OUTSIDE it: the sample is too small or \
                         biased, and the time's interval is as doubtful",
                        grouped(k)
                    ),
                    None => String::new(),
                };
                writeln!(
                    out,
                    "  solutions, from the same sample: about {} (95% interval {} to {}{check})",
                    whole(q),
                    whole(q_low),
                    whole(q_high),
                )?;
            }
            writeln!(
                out,
                "  memory: about {} a process on {} ({memory_plan})",
                crate::limits::show_bytes(bytes),
                nqueens::plural(run.threads as u128, "thread", "threads"),
            )?;
        }
        ReportFormat::Json => {
            /// A dry run's plan and projection, as JSON.
            #[derive(serde::Serialize)]
            struct Plan<'a> {
                n: usize,
                engine: &'a str,
                tasks: usize,
                sampled: usize,
                sample_seconds: f64,
                timing_seconds: f64,
                projected_cpu_seconds: f64,
                relative_error: f64,
                /// The 95% interval of the CPU time (null bounds: unbounded).
                cpu_seconds_low: Option<f64>,
                cpu_seconds_high: Option<f64>,
                threads: usize,
                projected_seconds: f64,
                /// Wall time on 1, 2 and --cores cores.
                wall_seconds: Vec<Wall>,
                memory_bytes: u64,
                memory_plan: String,
                /// Q(n) as the same sample projects it, with its 95%
                /// interval (null where the engine's samples do not count).
                projected_solutions: Option<f64>,
                solutions_low: Option<f64>,
                solutions_high: Option<f64>,
                /// The published Q(n), where known (n ≤ 27).
                known_solutions: Option<u128>,
            }
            #[derive(serde::Serialize)]
            struct Wall {
                cores: u64,
                seconds: f64,
            }
            let plan = Plan {
                n,
                engine: run.engine.name(),
                tasks: d.tasks,
                sampled: d.sampled,
                sample_seconds: d.sample_seconds,
                timing_seconds: d.timing_seconds,
                projected_cpu_seconds: d.projected_cpu_seconds,
                relative_error: d.relative_error,
                cpu_seconds_low: margin.is_finite().then_some(low),
                cpu_seconds_high: margin.is_finite().then_some(high),
                threads: run.threads,
                projected_seconds: d.projected_cpu_seconds / run.threads as f64,
                wall_seconds: cores
                    .iter()
                    .map(|&k| Wall {
                        cores: k,
                        seconds: on(k),
                    })
                    .collect(),
                memory_bytes: bytes,
                memory_plan,
                projected_solutions: d.projected_solutions,
                solutions_low: solutions.map(|(l, _)| l),
                solutions_high: solutions.map(|(_, h)| h),
                known_solutions: known,
            };
            serde_json::to_writer(&mut out, &plan)?;
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(Outcome::Yes)
}

#[allow(clippy::print_stderr)]
pub fn run(
    n: usize,
    unique: bool,
    format: ReportFormat,
    run: &EngineRun<'_>,
) -> anyhow::Result<Outcome> {
    // The files first, so that a second run on them is refused before the
    // plan is built (seconds at n = 22); a dry run writes none.
    let mut checkpoint_file = None;
    let mut task_log_lock = None;
    if !run.args.dry_run {
        if let Some(path) = &run.args.checkpoint {
            // A checkpoint that could never be saved fails now, not at the
            // first save, minutes or hours into the count.
            if let Err(e) = Checkpoint::check_writable(path) {
                crate::exit::usage!(
                    "cannot write the checkpoint '{}': {e}; give a file in a directory that \
                     exists and can be written",
                    path.display()
                );
            }
            let (file, loaded) = match CheckpointFile::open(path) {
                Err(e @ nqueens::CheckpointError::Locked { .. }) => crate::exit::usage!("{e}"),
                opened => opened
                    .with_context(|| format!("cannot use the checkpoint '{}'", path.display()))?,
            };
            if file.was_empty() {
                eprintln!(
                    "note: the checkpoint '{}' was empty (a run created it and stopped before \
                     its first save): the count starts anew",
                    path.display()
                );
            }
            checkpoint_file = Some((path, file, loaded));
        }
        if let Some(path) = &run.args.target.task_log {
            match TaskLogWriter::lock(path) {
                Ok(lock) => task_log_lock = Some((path, lock)),
                Err(e @ nqueens::TaskLogError::Locked { .. }) => crate::exit::usage!("{e}"),
                Err(e) => crate::exit::usage!("cannot use the task log: {e}"),
            }
        }
    }
    let plan = run
        .engine
        .plan_within(n, run.threads, run.args.target.memory)
        .map_err(threads_error)?;
    if run.args.dry_run {
        return dry_run(n, plan.as_ref(), run, format);
    }
    let range = match run.args.slice {
        Some(slice) => slice.range(plan.len()),
        None => 0..plan.len(),
    };
    let fingerprint = nqueens::plan_fingerprint(plan.as_ref());
    let checkpoint = match checkpoint_file {
        None => None,
        Some((path, file, loaded)) => {
            let cp = match loaded {
                Some(cp) => {
                    let matches = cp
                        .check_matches(n, run.engine.name(), plan.len())
                        .and_then(|()| cp.check_fingerprint(&fingerprint));
                    if let Err(e) = matches {
                        crate::exit::usage!(
                            "the checkpoint '{}' is for another count: {e}",
                            path.display()
                        );
                    }
                    cp
                }
                None => {
                    Checkpoint::new(n, run.engine.name(), plan.len()).with_fingerprint(&fingerprint)
                }
            };
            Some((file, cp))
        }
    };
    let task_log = match task_log_lock {
        None => None,
        Some((path, lock)) => {
            let fresh = TaskLog::new(n, run.engine.name(), plan.len(), &fingerprint);
            match lock.open(fresh) {
                Ok(log) => {
                    if let Some(note) = log.note() {
                        eprintln!("note: the task log '{}': {note}", path.display());
                    }
                    Some(log)
                }
                Err(e) => crate::exit::usage!("cannot use the task log: {e}"),
            }
        }
    };
    // A task is done if the checkpoint or the task log holds it; each is
    // added once, the checkpoint's value first.
    let mut pending = Vec::new();
    let mut done_before = Tally::default();
    for index in range.clone() {
        let recorded = checkpoint
            .as_ref()
            .and_then(|(_, cp)| cp.get(index))
            .or_else(|| task_log.as_ref().and_then(|log| log.log().get(index)));
        match recorded {
            Some(tally) => done_before.add(tally),
            None => pending.push(index),
        }
    }
    let already = range.len() - pending.len();
    if already > 0 {
        // A rerun says what it found, so that a resumed count is not
        // mistaken for a fresh one (or a fresh one for a resumed one).
        let from = match (&run.args.checkpoint, &run.args.target.task_log) {
            (Some(cp), Some(log)) => format!(
                "the checkpoint '{}' and the task log '{}'",
                cp.display(),
                log.display()
            ),
            (Some(cp), None) => format!("the checkpoint '{}'", cp.display()),
            (None, Some(log)) => format!("the task log '{}'", log.display()),
            (None, None) => "earlier runs".to_string(),
        };
        if pending.is_empty() {
            eprintln!(
                "note: {from} already {} all {} tasks: nothing is left to count",
                if from.contains(" and ") {
                    "hold"
                } else {
                    "holds"
                },
                grouped(range.len() as u128)
            );
        } else {
            eprintln!(
                "note: resuming from {from}: {} of {} tasks already counted",
                grouped(already as u128),
                grouped(range.len() as u128)
            );
        }
    }
    if n >= ENGINE_WARN && !pending.is_empty() {
        let rough =
            one_core_seconds(run.engine.name(), n) * pending.len() as f64 / plan.len() as f64;
        eprintln!(
            "note: counting n = {n} takes roughly {} on {} here{}",
            show_duration(rough / run.threads as f64),
            nqueens::plural(run.threads as u128, "thread", "threads"),
            if run.args.checkpoint.is_none() {
                "; add --checkpoint FILE so that an interruption loses nothing"
            } else {
                ""
            }
        );
    }

    // A task of a large board takes seconds to minutes (n = 26, 27): the
    // join engine gives it up within milliseconds of the flag, and it is
    // counted again on resume; the tasks finished are kept.
    let stop = crate::output::interrupt_flag_saying(Some(
        "stopping: the tasks finished are kept, and long tasks under way are given up (a \
         resumed run counts them again); a second Ctrl-C or SIGTERM stops at once",
    ));
    let mut watch = Watch {
        checkpoint,
        task_log,
        every: run.args.checkpoint_every,
        last_save: Instant::now(),
        save_error: None,
        checkpoint_failed: false,
        progress: Progress::new(
            run.args.progress.is_on(),
            range.len(),
            already,
            done_before.solutions,
        ),
    };
    let start = Instant::now();
    let result =
        match nqueens::try_run_plan(plan.as_ref(), &pending, run.threads, &stop, &mut watch) {
            Ok(result) => result,
            Err(e) => {
                watch.progress.finish();
                return Err(threads_error(e));
            }
        };
    let seconds = start.elapsed().as_secs_f64();
    watch.progress.finish();
    watch.save();
    if let Some(e) = watch.save_error.take() {
        return Err(e);
    }
    if !result.complete {
        let done = already + result.tasks_done;
        match (&run.args.checkpoint, &run.args.target.task_log) {
            (Some(path), _) | (None, Some(path)) => eprintln!(
                "interrupted after {} of {} tasks; the {} '{}' has them: run the same command to go on",
                grouped(done as u128),
                grouped(range.len() as u128),
                if run.args.checkpoint.is_some() {
                    "checkpoint"
                } else {
                    "task log"
                },
                path.display()
            ),
            (None, None) => eprintln!(
                "interrupted after {} of {} tasks; nothing was kept (use --checkpoint FILE or --task-log FILE to be able to resume)",
                grouped(done as u128),
                grouped(range.len() as u128)
            ),
        }
        return Ok(Outcome::Interrupted);
    }
    let tally = done_before + result.tally;
    let mut out = Out::stdout();
    if let Some(slice) = run.args.slice {
        let part = PartialResult::new(n, run.engine.name(), slice, plan.len(), tally)
            .with_fingerprint(&fingerprint);
        writeln!(out, "{}", part.to_json())?;
    } else {
        let classes = if unique {
            match tally.unique() {
                Some(u) => Some(u),
                None => anyhow::bail!(
                    "internal error: the classes do not add up (8 U = {})",
                    tally.classes_x8
                ),
            }
        } else {
            None
        };
        // Checked against the published values, as the page does: a wrong
        // total means a bug, failing hardware or a damaged checkpoint.
        if let Err(e) = nqueens::check_known(n, tally.solutions, tally.unique()) {
            anyhow::bail!(
                "{e}; the count is wrong (a bug, failing hardware, or a damaged checkpoint): \
                 please report it"
            );
        }
        let line = match format {
            ReportFormat::Text => count_text_line(n, tally.solutions, classes, seconds),
            ReportFormat::Json => count_json_line(n, tally.solutions, classes, seconds),
        };
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(Outcome::Yes)
}
