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
use nqueens::{Plan, Projection, Tally, TaskLog, TaskLogWriter};

use crate::exit::Outcome;
use crate::files::{interrupted_note, Kept};
use crate::flags::{CountArgs, ReportFormat};
use crate::limits::ENGINE_WARN;
use crate::output::Out;
use crate::progress::Progress;
use nqueens::show_duration;

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
    /// How long the last save took: the next waits at least ten times as
    /// long, so that saving takes a tenth of the time at most.
    save_took: Duration,
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
            let start = Instant::now();
            let saved = file.save(cp);
            self.save_took = start.elapsed();
            if let Err(e) = saved {
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
            && crate::limits::save_due(self.last_save.elapsed(), self.every, self.save_took)
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

/// `count N --dry-run`: the library's [`Projection`] of the count, timed
/// on a sample of its tasks, in words or as JSON.
fn dry_run(
    n: usize,
    plan: &dyn Plan,
    run: &EngineRun<'_>,
    format: ReportFormat,
) -> anyhow::Result<Outcome> {
    let budget = run.args.dry_run_seconds.as_secs_f64();
    // (Where tasks are too long to time, nothing is: the projection says so.)
    if n >= ENGINE_WARN && Projection::too_long_to_time(run.engine, plan, budget).is_none() {
        crate::exit::note!(
            "note: timing a sample of the tasks for up to {budget} s on {}, and at least 3 \
             of them, two of each kind; {}",
            nqueens::plural(
                Projection::timing_threads(run.threads) as u128,
                "thread",
                "threads"
            ),
            match run.engine.name() {
                "constellation" => "a long task by random parts of it".to_string(),
                "join" if n >= 24 => "each task by a random path through the parts of one of \
                                      its row splits"
                    .to_string(),
                _ => format!("at n = {n} one task alone can take a while"),
            }
        );
    }
    let projection = Projection::sampled_with_seed(
        run.engine,
        plan,
        (run.threads, run.args.target.memory, run.args.cores),
        budget,
        run.args.dry_run_seed.unwrap_or(Projection::DEFAULT_SEED),
    );
    let mut out = Out::stdout();
    match format {
        ReportFormat::Text => {
            for line in projection.lines() {
                writeln!(out, "{line}")?;
            }
        }
        ReportFormat::Json => {
            serde_json::to_writer(&mut out, &projection)?;
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(Outcome::Yes)
}

/// The files that keep the finished tasks, in words ("the checkpoint 'c'
/// and the task log 'l'"), and whether they are both; `None` when neither
/// is given. Only the checkpoint where `checkpoint`, the task log where
/// `log` (the files a resumed count's tasks came from).
fn kept_in(run: &EngineRun<'_>, checkpoint: bool, log: bool) -> Option<(String, bool)> {
    let checkpoint = run.args.checkpoint.as_ref().filter(|_| checkpoint);
    let log = run.args.target.task_log.as_ref().filter(|_| log);
    match (checkpoint, log) {
        (Some(cp), Some(log)) => Some((
            format!(
                "the checkpoint '{}' and the task log '{}'",
                cp.display(),
                log.display()
            ),
            true,
        )),
        (Some(cp), None) => Some((format!("the checkpoint '{}'", cp.display()), false)),
        (None, Some(log)) => Some((format!("the task log '{}'", log.display()), false)),
        (None, None) => None,
    }
}

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
                crate::exit::note!(
                    "note: the checkpoint '{}' was empty (a run created it and stopped before \
                     its first save){}",
                    path.display(),
                    if run.args.target.task_log.is_some() {
                        ": it holds no task"
                    } else {
                        ": the count starts anew"
                    }
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
                        crate::exit::note!("note: the task log '{}': {note}", path.display());
                    }
                    Some(log)
                }
                Err(e) => crate::exit::usage!("cannot use the task log: {e}"),
            }
        }
    };
    // A task is done if the checkpoint or the task log holds it; each is
    // added once. Held by both, the two must agree (each file checks
    // itself, but not against the other); held by one alone, it goes into
    // the other too, so that each file a count leaves holds every task
    // finished (a new task log beside a checkpoint held none of them, and
    // the notes said it had them all).
    let mut checkpoint = checkpoint;
    let mut task_log = task_log;
    let mut pending = Vec::new();
    let mut done_before = Tally::default();
    let (mut in_checkpoints, mut in_logs, mut into_log) = (0usize, 0usize, 0usize);
    for index in range.clone() {
        let in_checkpoint = checkpoint.as_ref().and_then(|(_, cp)| cp.get(index));
        let in_log = task_log.as_ref().and_then(|log| log.log().get(index));
        if let (Some(a), Some(b), Some(cp), Some(log)) = (
            in_checkpoint,
            in_log,
            &run.args.checkpoint,
            &run.args.target.task_log,
        ) {
            if a != b {
                crate::exit::usage!(
                    "task {index} is {} in the checkpoint '{}' and {} in the task log '{}': \
                     one of them is damaged; count again without the one you trust less",
                    tally_words(a),
                    cp.display(),
                    tally_words(b),
                    log.display()
                );
            }
        }
        if let (None, Some(tally), Some((_, cp))) = (in_checkpoint, in_log, checkpoint.as_mut()) {
            cp.record(index, tally);
        }
        if let (Some(tally), None, Some(log)) = (in_checkpoint, in_log, task_log.as_mut()) {
            if let Err(e) = log.record(index, tally) {
                anyhow::bail!(
                    "cannot append the checkpoint's tasks to {e}; once it can be written again \
                     (room on the disk), run the same command to go on"
                );
            }
            into_log += 1;
        }
        in_checkpoints += usize::from(in_checkpoint.is_some());
        in_logs += usize::from(in_log.is_some());
        match in_checkpoint.or(in_log) {
            Some(tally) => done_before.add(tally),
            None => pending.push(index),
        }
    }
    let already = range.len() - pending.len();
    if already > 0 {
        // A rerun says what it found, so that a resumed count is not
        // mistaken for a fresh one (or a fresh one for a resumed one).
        // Named only the files that held some.
        let from = kept_in(run, in_checkpoints > 0, in_logs > 0)
            .map_or_else(|| "earlier runs".to_string(), |(files, _)| files);
        if let Some(note) = crate::files::resume_note(&from, already, range.len()) {
            crate::exit::note!("{note}");
        }
        if let (Some(cp), Some(log), 1..) =
            (&run.args.checkpoint, &run.args.target.task_log, into_log)
        {
            crate::exit::note!(
                "note: the task log '{}' lacked {} of them: copied from the checkpoint '{}'",
                log.display(),
                nqueens::grouped(into_log as u128),
                cp.display()
            );
        }
    }
    if n >= ENGINE_WARN && !pending.is_empty() {
        // The engine's own cost model, for the tasks left: measured on one
        // machine on a quiet day, not here (on a busy day the same machine
        // took twice as long for n = 19 and 20), so it says whose it is.
        let rough = run.engine.rough_cpu_seconds(n) * pending.len() as f64 / plan.len() as f64;
        // Of what this run counts: a slice's or the tasks left's time is not
        // the count's (it said "counting n = 20 takes roughly 165ms" of
        // slice 1/100).
        let what = match (run.args.slice, already) {
            (_, 1..) => format!(
                "the {} left of counting n = {n} take",
                nqueens::plural(pending.len() as u128, "task", "tasks")
            ),
            (Some(slice), 0) => format!("slice {slice} of counting n = {n} takes"),
            (None, 0) => format!("counting n = {n} takes"),
        };
        crate::exit::note!(
            "note: {what} roughly {} on {} by the engine's model (`count {n} --dry-run` times \
             the whole count on this machine){}",
            // (More threads than cores share them.)
            show_duration(rough / run.threads.min(nqueens::default_threads()) as f64),
            nqueens::plural(run.threads as u128, "thread", "threads"),
            // A task log keeps every finished task as a checkpoint does,
            // and a slice's job (one of many, often on a batch system)
            // usually keeps one of its own: the one to ask for there.
            match (
                run.args.checkpoint.is_none() && run.args.target.task_log.is_none(),
                run.args.slice.is_some(),
            ) {
                (false, _) => "",
                (true, false) => "; add --checkpoint FILE so that an interruption loses little",
                (true, true) => {
                    "; add --task-log FILE so that an interruption loses little (resume with the \
                     same slice and log)"
                }
            }
        );
    }

    // A task of a large board takes minutes (the join engine, n = 26 to 28)
    // or hours (the constellation engine, n = 33): both give it up within a
    // second of the flag, and a resumed run counts it again. The tasks
    // finished are kept only in a checkpoint or a task log.
    let kept = run.args.checkpoint.is_some() || run.args.target.task_log.is_some();
    let stop = crate::output::interrupt_flag_saying(Some(if kept {
        "stopping: the tasks finished are kept, and long tasks under way are given up (a \
         resumed run counts them again); a second Ctrl-C or SIGTERM stops at once"
    } else {
        "stopping: long tasks under way are given up, and with no --checkpoint or --task-log \
         nothing is kept; a second Ctrl-C or SIGTERM stops at once"
    }));
    let mut watch = Watch {
        checkpoint,
        task_log,
        every: run.args.checkpoint_every,
        last_save: Instant::now(),
        save_took: Duration::ZERO,
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
    // A file that could not be written stops the count; if every task was
    // counted all the same, the total is given before the error is.
    let unsaved = match watch.save_error.take() {
        Some(e) if !result.complete => return Err(e),
        unsaved => unsaved,
    };
    let finish = |outcome: Outcome| match unsaved {
        Some(e) => {
            Err(e.context("every task was counted (the total is on standard output), but not kept"))
        }
        None => Ok(outcome),
    };
    if !result.complete {
        let done = already + result.tasks_done;
        let kept = kept_in(run, true, true);
        let kept = match &kept {
            Some((files, both)) => Kept::All { files, both: *both },
            None => Kept::Nothing {
                flags: "--checkpoint FILE or --task-log FILE",
            },
        };
        crate::exit::note!("{}", interrupted_note(done, range.len(), kept));
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
                None if already > 0 => anyhow::bail!(
                    "the classes do not add up (8 U = {}): a checkpoint or task log resumed \
                     from is damaged, or else this is a bug (please report it)",
                    tally.classes_x8
                ),
                None => anyhow::bail!(
                    "internal error: the classes do not add up (8 U = {}); please report it",
                    tally.classes_x8
                ),
            }
        } else {
            None
        };
        // Checked against the published values, as the page does: a wrong
        // total means a bug, failing hardware or a damaged file resumed from.
        if let Err(e) = nqueens::check_known(n, tally.solutions, tally.unique()) {
            anyhow::bail!(
                "{e}; the count is wrong (a bug, failing hardware{}): please report it",
                if already > 0 {
                    ", or a damaged checkpoint or task log resumed from"
                } else {
                    ""
                }
            );
        }
        // A resumed count's time is not this run's: not known, as for
        // `merge` (null in JSON, none in text); this run's is a note.
        let seconds = if already > 0 {
            if !pending.is_empty() {
                crate::exit::note!("{}", crate::files::this_run_note(pending.len(), seconds));
            }
            f64::NAN
        } else {
            seconds
        };
        let line = match format {
            ReportFormat::Text => count_text_line(n, tally.solutions, classes, seconds),
            ReportFormat::Json => count_json_line(n, tally.solutions, classes, seconds),
        };
        let answer = crate::exit::answer(Outcome::of_count(tally.solutions));
        writeln!(out, "{line}")?;
        out.flush()?;
        return finish(answer);
    }
    // A slice's part is not an answer.
    out.flush()?;
    finish(Outcome::Yes)
}

/// A task's tally in words, for messages.
fn tally_words(t: Tally) -> String {
    format!(
        "{} (classes × 8: {})",
        nqueens::plural(t.solutions, "solution", "solutions"),
        grouped(t.classes_x8)
    )
}
