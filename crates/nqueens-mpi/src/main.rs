//! `nqueens-mpi`: `nqueens count` for a cluster. The tasks of one count are
//! spread over the ranks of an MPI job; rank 0 prints exactly the line that
//! `nqueens count` prints.
//!
//! ```sh
//! mpirun -np 4 nqueens-mpi count 16 --unique [--format text|json] [--chunk K]
//! srun nqueens-mpi count 20 --unique          # in a Slurm job
//! ```
//!
//! # What is counted
//!
//! The library splits a count into a deterministic [`Plan`] of independent
//! tasks (by default the engine `nqueens count -j 1` would pick: the join engine
//! from n = 14 to 28 where it fits in `--memory`, the constellation engine
//! elsewhere; `--engine NAME`
//! chooses). Every rank builds the
//! same plan from n, so a task travels as its index alone, and the result of
//! a task is a [`Tally`] of two `u128`s (solutions and eight times the symmetry
//! classes).
//!
//! # The protocol
//!
//! Rank 0 is the dealer: it owns the counter of the next undealt task index.
//!
//! * A worker (rank ≥ 1) sends a message tagged `TAG_REQUEST` (1) to rank 0
//!   and blocks until the answer: either `TAG_CHUNK` (2) carrying the indices
//!   of the tasks to count (as `u64`s), or `TAG_STOP` (3), meaning that no
//!   task is left. It counts the chunk, sending each task's result (its index
//!   and its tally, tagged `TAG_RESULT`, 4) as soon as it is counted, and
//!   asks again; after a stop it goes to the final gather.
//! * Rank 0 counts tasks too, one at a time, taken from the same dealer.
//!   Before each of its own tasks it drains the pending messages with a
//!   non-blocking matched probe (`MPI_Improbe`) of any tag, adding (and
//!   logging) each result and answering each request with the next chunk.
//!   Messages from one worker are received in the order it sent them, so its
//!   results all come before its last request. A worker therefore waits at
//!   most about one task's time for its answer, and rank 0's core is not idle
//!   while the workers count: with P ranks on P cores all P count. A dealer
//!   that only dealt would either leave a core idle or, sharing a core with a
//!   worker, be slow to answer.
//! * When every task has been dealt, rank 0 answers every further request
//!   with a stop (blocking matched probes now, as it has nothing else to do),
//!   until each worker has had exactly one stop. Every request gets exactly
//!   one answer, so no message is left unreceived at the end.
//! * Chunks are at most `max(1, tasks / (ranks × 16))` tasks by default, and
//!   at most the tasks left over 4 × ranks ("guided" dealing), so they shrink
//!   to single tasks at the end: tasks of very different sizes, the large ones
//!   last, still end within about one task of an even share (a unit test
//!   simulates this). `--chunk K` fixes the size instead. The chunk size does
//!   not change the result, only the balance.
//! * Finally every rank contributes its own sum to one `MPI_Gather` on rank
//!   0, which checks that the sums add up to the results it was sent. MPI has
//!   no 128-bit integers, so each `u128` travels as two `u64` words (high,
//!   low), and rank 0 sums them exactly in `u128`. The sum does not depend on
//!   how the tasks were dealt.
//!
//! # A rank that dies
//!
//! With `--task-log FILE` rank 0 appends each task's count to FILE as soon
//! as it arrives (between its own tasks), in the format of `nqueens count
//! --task-log` (a chained check value per line). If any rank dies the whole
//! job ends (see below); run it again with the same FILE and rank 0 deals out
//! only the tasks the log lacks, and adds the logged ones. Only the tasks
//! under way are counted twice, and those whose results reached rank 0
//! while it counted its own last task: at most about two tasks' time of work
//! a rank, not the rest of each worker's chunk. The log can be finished by
//! `nqueens count --task-log FILE` on one machine, or compared with another
//! run's by `nqueens merge --compare`.
//!
//! With one rank there are no messages at all: rank 0 counts every task.
//!
//! # Arguments, errors, exit status
//!
//! The arguments are those of `nqueens count` (N, `--unique`, `--format`,
//! `--engine`, `--memory`, `--task-log`, `--dry-run` with `--cores` and
//! `--dry-run-seconds`) plus `--chunk` and `--output FILE`. A dry run
//! prints the library's [`Projection`] on rank 0, the lines or JSON of
//! `nqueens count --dry-run`. Every rank parses and checks them, so every
//! rank reaches the same verdict (the ranks compare a hash of their arguments, their build's
//! version and their plan's fingerprint first, and all refuse to run when
//! one differs, which an MPMD launch or a node with another build could
//! do: they would otherwise wait for one another forever, or add up tasks
//! of other plans); only rank 0 prints (the count, or `error: ...` on stderr)
//! and all ranks exit with the same status, after `MPI_Finalize`: as
//! `nqueens count`, 0, 1 where there is no solution (n = 2, 3), or 2 for
//! bad arguments, a task log of another count, or a total that is wrong (it
//! is checked against OEIS where known, and the classes must add up). If the
//! task log cannot be written mid-run, rank 0 still prints the count, says
//! so, and all exit 2. Resuming from a task log, rank 0 says on stderr what
//! the log held, as `nqueens count` does.
//!
//! Rank 0 prints the count on its standard output, which under mpirun is a
//! terminal or pipe that mpirun reads and writes on to its own: a write
//! that fails there (a full disk) is dropped, and mpirun still exits 0, so
//! rank 0 cannot report it. With `--output FILE` rank 0 writes the count
//! to FILE itself (created or emptied before the count starts, and synced
//! to the disk after the line), and a write that fails is an error, status
//! 2, as `nqueens count` reports a standard output it cannot write.
//!
//! Ctrl-C (mpirun ends the ranks with SIGTERM), SIGTERM or SIGHUP on rank
//! 0 makes it say, as `nqueens count` does, how many tasks had been counted
//! and whether the task log keeps them ("run the same command to go on"),
//! and exit with status 130; mpirun reports its own status.
//!
//! A panic on any rank must not leave the others waiting forever for a message
//! that will never come, so a panic hook prints the panic and calls
//! `MPI_Abort` on `MPI_COMM_WORLD`, which ends every rank of the job (exit
//! status 101 from `mpirun`).
//!
//! # Environment
//!
//! * `NQUEENS_MPI_PANIC_RANK=R`: rank R panics on purpose when it is about to
//!   count its first task, or with `NQUEENS_MPI_PANIC_AFTER=K` after K tasks
//!   (tests that the job then ends instead of hanging, and that a rerun with
//!   the task log finishes it).
//! * `NQUEENS_MPI_STATS=1`: rank 0 also prints, on stderr, the plan's size,
//!   how many tasks the task log already held, the chunk size, and for each rank the tasks counted, the chunks received
//!   (or requests answered), the time spent counting and, for workers, the
//!   time spent waiting for answers.
//!
//! [`Plan`]: nqueens::Plan
//! [`Projection`]: nqueens::Projection
//! [`Tally`]: nqueens::Tally

// (The unit tests keep the test harness's own `main`.)
#![cfg_attr(all(unix, not(test)), no_main)]

mod cli;
mod protocol;
mod run;

use std::io::{self, Write};
use std::time::Instant;

use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use nqueens::{count_json_line, count_text_line, Plan, Projection, Tally, TaskLog, TaskLogWriter};

use crate::protocol::{Chunking, Dealer};
use crate::run::PanicHook;
use nqueens_cli::files::{interrupted_note, Kept};
use nqueens_cli::flags::ReportFormat as Format;

/// An allocation refused ends the rank with a message and status 2, as in
/// `nqueens`, not an abort.
#[global_allocator]
static ALLOCATOR: nqueens_cli::exit::ExitOnOom = nqueens_cli::exit::ExitOnOom;

/// The exit status of a job ended by a panic (Rust's own status for a panic).
const PANIC_STATUS: i32 = 101;

// On Unix, `main` is our own C entry point, as `nqueens`'s is: Rust's
// start-up code quietly reopens a closed standard output on /dev/null, so
// that `nqueens-mpi count 14 >&-` would "succeed" having written nothing
// (`nqueens_cli::exit::start_up`).
#[cfg(all(unix, not(test)))]
#[no_mangle]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    nqueens_cli::exit::start_up();
    // With --output FILE the count goes there, and standard output is not
    // needed. (Looked for before the arguments are parsed, the same way on
    // every rank.)
    let to_a_file = std::env::args_os()
        .any(|a| a == "--output" || a.to_string_lossy().starts_with("--output="));
    if let Some(message) = nqueens_cli::exit::stdout_refusal().filter(|_| !to_a_file) {
        let _ = writeln!(io::stderr(), "error: {message}");
        return 2;
    }
    // A panic must not unwind out of an `extern "C"` function.
    std::panic::catch_unwind(start).map_or(PANIC_STATUS, std::ffi::c_int::from)
}

#[cfg(not(all(unix, not(test))))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(start())
}

/// Initializes MPI, runs, finalizes; returns this rank's exit status.
fn start() -> u8 {
    nqueens_cli::limits::give_back_large_blocks();
    let launched = cli::under_a_launcher();
    let Some(universe) = mpi::initialize() else {
        let _ = writeln!(io::stderr(), "error: MPI was already initialized");
        return 2;
    };
    let world = universe.world();
    abort_job_on_panic(world.rank(), world.size());
    let status = run(&world, launched);
    // MPI_Finalize on every rank, before the process exits.
    drop(universe);
    status
}

/// Makes a panic on this rank end the whole job: the default hook prints the
/// panic, then `MPI_Abort` takes every rank down.
fn abort_job_on_panic(rank: i32, size: i32) {
    let print_panic = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        print_panic(info);
        if mpi::environment::is_initialized() && !mpi::environment::is_finalized() {
            let _ = writeln!(
                io::stderr(),
                "nqueens-mpi: rank {rank} of {size} panicked; aborting the whole job"
            );
            SimpleCommunicator::world().abort(PANIC_STATUS);
        }
    }));
}

/// Parses, counts, and prints on rank 0; returns this rank's exit status.
/// `launched`: whether a launcher started this rank ([`cli::parse`]).
fn run(world: &SimpleCommunicator, launched: bool) -> u8 {
    let rank = world.rank();
    let started = Instant::now();
    let checked = cli::parse(launched).map(|opts| {
        cli::check(opts).and_then(|job| {
            let engine = nqueens::engine_by_name(job.engine)
                .ok_or_else(|| format!("no engine called {}", job.engine))?;
            let plan = engine
                .plan_within(job.n, 1, job.memory)
                .map_err(|e| e.to_string())?;
            Ok((job, plan))
        })
    });
    // Every rank must be counting the same thing: else the ranks wait for
    // one another forever, or add up tasks of different plans. (An MPMD
    // launch can give ranks different arguments; nodes can run different
    // builds.) So before anything else, they compare what they parsed.
    let fingerprint = match &checked {
        Ok(Ok((_, plan))) => nqueens::plan_fingerprint(plan.as_ref()),
        _ => String::new(),
    };
    if let Some(other) = differing_rank(world, &fingerprint) {
        if rank == 0 {
            let _ = writeln!(
                io::stderr(),
                "error: rank {other} was not given the same command as rank 0 (other \
                 arguments, or another build of nqueens-mpi): every rank must run the same \
                 nqueens-mpi count with the same arguments"
            );
        }
        return 2;
    }
    let (job, plan) = match checked {
        Ok(Ok(ok)) => ok,
        Ok(Err(message)) => {
            if rank == 0 {
                let _ = writeln!(io::stderr(), "error: {message}");
            }
            return 2;
        }
        Err(e) => {
            if rank == 0 {
                // clap formats its message (or --help, --version) itself.
                let _ = e.print();
            }
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let ranks = world.size() as usize;
    if let Some(dry) = job.dry_run {
        return if rank == 0 {
            dry_run(&job, dry, plan.as_ref(), ranks)
        } else {
            0
        };
    }
    let chunking = match job.chunk {
        Some(k) => Chunking::Fixed(k),
        None => Chunking::Guided {
            max: protocol::default_chunk(plan.len(), ranks),
            ranks,
        },
    };
    let panic = PanicHook {
        armed: env_number("NQUEENS_MPI_PANIC_RANK") == Some(i64::from(rank)),
        after: env_number("NQUEENS_MPI_PANIC_AFTER").map_or(0, |k| k.max(0) as u64),
    };

    // Rank 0 opens the task log and the output; every rank learns whether
    // that worked, so that all of them exit together when it did not.
    let opened = if rank == 0 {
        open_task_log(&job, plan.as_ref()).and_then(|log| Ok((log, Output::open(&job)?)))
    } else {
        Ok((None, Output::Stdout))
    };
    let mut refused = u8::from(opened.is_err());
    world.process_at_rank(0).broadcast_into(&mut refused);
    if refused != 0 {
        if let Err(message) = opened {
            let _ = writeln!(io::stderr(), "error: {message}");
        }
        return 2;
    }

    let (own, work, coordinated) = if rank == 0 {
        let Ok((log, output)) = opened else {
            unreachable!("refused above");
        };
        // The tasks the log already holds are summed, not dealt again.
        let mut logged = Tally::default();
        let mut pending = Vec::new();
        for task in 0..plan.len() {
            match log.as_ref().and_then(|l| l.log().get(task)) {
                Some(tally) => logged.add(tally),
                None => pending.push(task),
            }
        }
        if let (Some(log), Some(path)) = (&log, &job.task_log) {
            say_what_the_log_holds(log, path, plan.len(), pending.len());
        }
        let held = plan.len() - pending.len();
        run::REPORTED.store(held, std::sync::atomic::Ordering::SeqCst);
        run::LOGGED.store(held, std::sync::atomic::Ordering::SeqCst);
        note_an_interruption(job.task_log.clone(), plan.len());
        let done = run::coordinate(
            world,
            plan.as_ref(),
            Dealer::new(pending, chunking),
            log,
            panic,
        );
        (done.own, done.work, Some((done, logged, output)))
    } else {
        // Rank 0 says how far the count got (`note_an_interruption`); the
        // others end a moment after it, since mpirun tears the job down as
        // soon as one rank ends, and rank 0's note was lost in about one
        // interruption in ten beside a busy loop.
        let _ = ctrlc::set_handler(|| {
            std::thread::sleep(std::time::Duration::from_millis(500));
            std::process::exit(130);
        });
        let (own, work) = run::work(world, plan.as_ref(), panic);
        (own, work, None)
    };
    // Rank 0 reports; then every rank exits with its status, so that the
    // job's status is the count's (mpirun reports the first non-zero one).
    let mut status = match run::combine(world, own, work) {
        Some((gathered, works)) => {
            let Some((done, logged, mut output)) = coordinated else {
                unreachable!("rank 0 coordinated");
            };
            // Each rank's own sum and the results it reported must agree.
            assert_eq!(
                gathered, done.reported,
                "the ranks' own sums differ from the results they reported"
            );
            if std::env::var_os("NQUEENS_MPI_STATS").is_some_and(|v| v == "1") {
                print_stats(plan.len(), plan.len() - dealt(&works), chunking, &works);
            }
            let counted = dealt(&works);
            let resumed = (plan.len() > counted).then_some(counted);
            report(
                &job,
                logged + done.reported,
                started,
                resumed,
                done.log_error,
                &mut output,
            )
        }
        None => 0,
    };
    if world.rank() == 0 {
        // Reported: a signal from here on is mpirun ending the job (a rank
        // exited with an error status), not an interruption to note.
        REPORTED_STATUS.store(i32::from(status), std::sync::atomic::Ordering::SeqCst);
    }
    world.process_at_rank(0).broadcast_into(&mut status);
    status
}

/// The first rank, if any, whose command differs from rank 0's: its
/// arguments, the version of its build, or the fingerprint of the plan it
/// made (empty when it made none), hashed and gathered on every rank, so
/// that all of them reach the same verdict.
fn differing_rank(world: &SimpleCommunicator, fingerprint: &str) -> Option<usize> {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    env!("CARGO_PKG_VERSION").hash(&mut hasher);
    std::env::args_os()
        .skip(1)
        .collect::<Vec<_>>()
        .hash(&mut hasher);
    fingerprint.hash(&mut hasher);
    let own = hasher.finish();
    let mut all = vec![0u64; world.size() as usize];
    world.all_gather_into(&own, &mut all[..]);
    all.iter().position(|&key| key != all[0])
}

/// Rank 0: checks the total as `nqueens count` does (the classes must add
/// up, and a total OEIS publishes must be it), prints it, and returns the
/// exit status: 0, 1 for no solution, 2 for an error (a wrong total, a
/// task log not kept up, the count not written). `resumed`: the tasks this
/// job counted, where the task log held the others; then, as `nqueens
/// count` does, the count's time is not known (this job's is a note).
fn report(
    job: &cli::Job,
    total: Tally,
    started: Instant,
    resumed: Option<usize>,
    log_error: Option<nqueens::TaskLogError>,
    output: &mut Output,
) -> u8 {
    let mut seconds = started.elapsed().as_secs_f64();
    if let Some(counted) = resumed {
        if counted > 0 {
            let _ = writeln!(
                io::stderr(),
                "{}",
                nqueens_cli::files::this_run_note(counted, seconds)
            );
        }
        seconds = f64::NAN;
    }
    let fail = |message: String| {
        let _ = writeln!(io::stderr(), "error: {message}");
        2
    };
    let unique = match (job.unique, total.unique()) {
        (true, Some(u)) => Some(u),
        (true, None) => {
            return fail(format!(
                "the classes do not add up (8 U = {}): a task log resumed from is damaged, or \
                 else this is a bug (please report it)",
                total.classes_x8
            ))
        }
        (false, _) => None,
    };
    if let Err(e) = nqueens::check_known(job.n, total.solutions, total.unique()) {
        return fail(format!(
            "{e}; the count is wrong (a bug, failing hardware, or a damaged task log): please \
             report it"
        ));
    }
    let line = match job.format {
        Format::Text => count_text_line(job.n, total.solutions, unique, seconds),
        Format::Json => count_json_line(job.n, total.solutions, unique, seconds),
    };
    let written = output.write_line(&line, "the count");
    let errors = end_errors(written, log_error);
    for message in &errors {
        let _ = writeln!(io::stderr(), "error: {message}");
    }
    match errors.is_empty() {
        false => 2,
        true if total.solutions == 0 => 1,
        true => 0,
    }
}

/// What went wrong at the end of a count: the count's own write and the
/// task log, each when it failed. Both are said: a full disk often takes
/// the task log and `--output FILE` together, and the count is then
/// nowhere (only the task log's error was said).
fn end_errors(
    written: Result<(), String>,
    log_error: Option<nqueens::TaskLogError>,
) -> Vec<String> {
    let mut errors: Vec<String> = written.err().into_iter().collect();
    errors.extend(
        log_error
            .map(|e| format!("the task log was not kept up from the task that failed on: {e}")),
    );
    errors
}

/// Where rank 0 writes the count: standard output, or `--output FILE`.
/// Under mpirun, standard output is a terminal or pipe that mpirun reads
/// and writes on: a write of mpirun's that fails (a full disk) is dropped,
/// and the job still exits 0, so only FILE's failures can be reported.
enum Output {
    Stdout,
    File(std::fs::File, std::path::PathBuf),
}

impl Output {
    /// Standard output, or `--output FILE` created (or emptied) now, so
    /// that a FILE that cannot be written is refused before the count,
    /// not after it. FILE may not be the task log, which it would empty.
    fn open(job: &cli::Job) -> Result<Output, String> {
        let Some(path) = &job.output else {
            return Ok(Output::Stdout);
        };
        // The same file by any name: a link, or a hard link (whose path
        // differs even once canonical: `--output` emptied the log).
        let same = |other: &std::path::Path| {
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                let id = |p: &std::path::Path| std::fs::metadata(p).map(|m| (m.dev(), m.ino()));
                if let (Ok(a), Ok(b)) = (id(path), id(other)) {
                    return a == b;
                }
            }
            matches!(
                (std::fs::canonicalize(path), std::fs::canonicalize(other)),
                (Ok(a), Ok(b)) if a == b
            )
        };
        if job.task_log.as_deref().is_some_and(same) {
            return Err(format!(
                "--output '{}' is the task log: give the count a file of its own",
                path.display()
            ));
        }
        std::fs::File::create(path)
            .map(|file| Output::File(file, path.clone()))
            .map_err(|e| format!("cannot write the output '{}': {e}", path.display()))
    }

    /// Writes `text` and a newline in one write (so that mpirun forwards
    /// it whole), and for a file makes sure it is on the disk (a network
    /// file system, or a full disk, may say only then that it is not). A
    /// closed pipe is no error; another failure says what `what` was.
    fn write_line(&mut self, text: &str, what: &str) -> Result<(), String> {
        let bytes = format!("{text}\n");
        match self {
            Output::Stdout => {
                let mut out = io::stdout().lock();
                match out.write_all(bytes.as_bytes()).and_then(|()| out.flush()) {
                    Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                        Err(format!("cannot write {what}: {e}"))
                    }
                    _ => Ok(()),
                }
            }
            Output::File(file, path) => file
                .write_all(bytes.as_bytes())
                .and_then(|()| match file.metadata() {
                    Ok(m) if m.is_file() => file.sync_all(),
                    _ => Ok(()),
                })
                .map_err(|e| format!("cannot write {what} to '{}': {e}", path.display())),
        }
    }
}

/// `--dry-run`, on rank 0: the library's projection of the count, timed on
/// a sample of its tasks on this rank, as `nqueens count --dry-run` prints
/// it (one thread a rank; the wall time on 1, 2 and `--cores` or as many
/// cores as ranks). The other ranks count nothing.
fn dry_run(job: &cli::Job, dry: cli::DryRun, plan: &dyn Plan, ranks: usize) -> u8 {
    let Some(engine) = nqueens::engine_by_name(job.engine) else {
        let _ = writeln!(io::stderr(), "error: no engine called {}", job.engine);
        return 2;
    };
    let mut output = match Output::open(job) {
        Ok(output) => output,
        Err(message) => {
            let _ = writeln!(io::stderr(), "error: {message}");
            return 2;
        }
    };
    let projection = Projection::sampled_with_seed(
        engine,
        plan,
        (1, job.memory, Some(dry.cores.unwrap_or(ranks as u64))),
        dry.seconds.as_secs_f64(),
        dry.seed.unwrap_or(Projection::DEFAULT_SEED),
    );
    let text = match job.format {
        Format::Text => projection.lines().join("\n"),
        Format::Json => match serde_json::to_string(&projection) {
            Ok(json) => json,
            Err(e) => {
                let _ = writeln!(io::stderr(), "error: cannot write the projection: {e}");
                return 2;
            }
        },
    };
    match output.write_line(&text, "the projection") {
        Ok(()) => 0,
        Err(message) => {
            let _ = writeln!(io::stderr(), "error: {message}");
            2
        }
    }
}

/// A whole number from the environment variable `name`, if set.
fn env_number(name: &str) -> Option<i64> {
    std::env::var(name).ok()?.trim().parse().ok()
}

/// Rank 0: opens `--task-log FILE` for this count (refusing a log of another
/// count), as `nqueens count --task-log` does.
fn open_task_log(job: &cli::Job, plan: &dyn Plan) -> Result<Option<TaskLogWriter>, String> {
    let Some(path) = &job.task_log else {
        return Ok(None);
    };
    let fresh = TaskLog::new(
        job.n,
        job.engine,
        plan.len(),
        &nqueens::plan_fingerprint(plan),
    );
    TaskLogWriter::open(path, fresh)
        .map(Some)
        .map_err(|e| format!("cannot use the task log: {e}"))
}

/// Rank 0, as `nqueens count --task-log` says it: what opening the log
/// found (a cut last line removed), and how much of the count it holds.
fn say_what_the_log_holds(log: &TaskLogWriter, path: &std::path::Path, tasks: usize, left: usize) {
    let mut err = io::stderr().lock();
    if let Some(note) = log.note() {
        let _ = writeln!(err, "note: the task log '{}': {note}", path.display());
    }
    let from = format!("the task log '{}'", path.display());
    if let Some(note) = nqueens_cli::files::resume_note(&from, tasks - left, tasks) {
        let _ = writeln!(err, "{note}");
    }
}

/// Rank 0's exit status once it has reported the count; -1 before.
static REPORTED_STATUS: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(-1);

/// Rank 0: on Ctrl-C, SIGTERM or SIGHUP (mpirun passes an interruption on
/// to the ranks as SIGTERM), says what `nqueens count` says, how far the
/// count got and whether the task log keeps it, and exits with status 130.
/// The other ranks end half a second after the signal, so that its note
/// comes through mpirun first.
fn note_an_interruption(task_log: Option<std::path::PathBuf>, tasks: usize) {
    use std::sync::atomic::Ordering::SeqCst;
    let _ = ctrlc::set_handler(move || {
        // Once the count is reported there is nothing to resume: "run the
        // same command to go on" after a finished count that exits 1 or 2
        // (no solution, a task log not kept up) was untrue.
        let status = REPORTED_STATUS.load(SeqCst);
        if status >= 0 {
            std::process::exit(status);
        }
        // Logged first: a task is logged before it counts as reported, so
        // the log never seems to hold more than was reported.
        let logged = run::LOGGED.load(SeqCst);
        let reported = run::REPORTED.load(SeqCst);
        let files = task_log
            .as_ref()
            .map(|path| format!("the task log '{}'", path.display()));
        let kept = match &files {
            Some(files) if logged >= reported => Kept::All { files, both: false },
            Some(files) => Kept::Some {
                files,
                both: false,
                held: logged,
            },
            None => Kept::Nothing {
                flags: "--task-log FILE",
            },
        };
        let _ = writeln!(io::stderr(), "{}", interrupted_note(reported, tasks, kept));
        std::process::exit(130);
    });
}

/// Tasks counted in this job, by every rank.
fn dealt(works: &[run::Work]) -> usize {
    works.iter().map(|w| w.tasks as usize).sum()
}

/// `NQUEENS_MPI_STATS=1`: how the work was shared, on stderr.
fn print_stats(tasks: usize, logged: usize, chunking: Chunking, works: &[run::Work]) {
    let mut err = io::stderr().lock();
    let chunks = match chunking {
        _ if works.len() == 1 => "nothing dealt".to_string(),
        Chunking::Fixed(k) => format!("chunks of {k}"),
        Chunking::Guided { max, .. } => format!("chunks of at most {max}, then fewer"),
    };
    let plural =
        |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    let _ = writeln!(
        err,
        "{} ({logged} from the task log), {chunks}, {}",
        plural(tasks, "task", "tasks"),
        plural(works.len(), "rank", "ranks")
    );
    for (rank, w) in works.iter().enumerate() {
        // Plain numbers (scripts sum them), the nouns singular for one.
        let (tasks, messages) = (w.tasks, w.messages);
        let what = match (rank, messages) {
            (0, 1) => "request answered",
            (0, _) => "requests answered",
            (_, 1) => "chunk",
            _ => "chunks",
        };
        let _ = writeln!(
            err,
            "rank {rank}: {tasks} {}, {messages} {what}, counting {:.3} s, waiting {:.3} s",
            if tasks == 1 { "task" } else { "tasks" },
            w.busy.as_secs_f64(),
            w.waiting.as_secs_f64()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(args: &[&str]) -> cli::Job {
        let mut argv = vec!["nqueens-mpi", "count"];
        argv.extend_from_slice(args);
        cli::check(cli::parse_from(argv, false).unwrap()).unwrap()
    }

    /// The total is checked as `nqueens count` checks it before it is
    /// printed: a wrong one (a rank on failing hardware, a damaged task
    /// log) is an error, not a count, and so are classes that do not add
    /// up (they panicked); no solution is status 1 (it was 0).
    #[test]
    fn a_total_is_checked_before_it_is_reported() {
        let started = Instant::now();
        let right = Tally {
            solutions: 14_200,
            classes_x8: 8 * 1_787,
        };
        assert_eq!(
            report(
                &job(&["12", "--unique"]),
                right,
                started,
                None,
                None,
                &mut Output::Stdout
            ),
            0
        );
        let wrong = Tally {
            solutions: 14_208,
            classes_x8: 8 * 1_788,
        };
        assert_eq!(
            report(
                &job(&["12"]),
                wrong,
                started,
                None,
                None,
                &mut Output::Stdout
            ),
            2
        );
        let torn = Tally {
            solutions: 14_200,
            classes_x8: 8 * 1_787 + 1,
        };
        assert_eq!(
            report(
                &job(&["12", "--unique"]),
                torn,
                started,
                None,
                None,
                &mut Output::Stdout
            ),
            2
        );
        assert_eq!(
            report(
                &job(&["2"]),
                Tally::default(),
                started,
                None,
                None,
                &mut Output::Stdout
            ),
            1
        );
    }

    /// A task log that could not be written mid-run (a full disk): the count
    /// is still printed, but the job fails with status 2, as `nqueens count`
    /// does, since a rerun cannot resume from the log.
    #[test]
    fn a_task_log_not_kept_up_is_an_error() {
        let right = Tally {
            solutions: 14_200,
            classes_x8: 8 * 1_787,
        };
        let lost = nqueens::TaskLogError::Io {
            path: "t.log".into(),
            source: io::Error::other("No space left on device"),
        };
        assert_eq!(
            report(
                &job(&["12", "--unique"]),
                right,
                Instant::now(),
                None,
                Some(lost),
                &mut Output::Stdout
            ),
            2
        );
    }

    /// A count that could not be written and a task log not kept up are
    /// both said, not the task log's alone.
    #[test]
    fn both_failures_at_the_end_are_said() {
        let lost = || nqueens::TaskLogError::Io {
            path: "t.log".into(),
            source: io::Error::other("No space left on device"),
        };
        let unwritten = || Err("cannot write the count to 'q.txt': No space left".to_string());
        let both = end_errors(unwritten(), Some(lost()));
        assert_eq!(both.len(), 2, "{both:?}");
        assert!(both[0].starts_with("cannot write the count"), "{both:?}");
        assert!(
            both[1].starts_with("the task log was not kept up"),
            "{both:?}"
        );
        assert_eq!(end_errors(unwritten(), None).len(), 1);
        assert_eq!(end_errors(Ok(()), Some(lost())).len(), 1);
        assert!(end_errors(Ok(()), None).is_empty());
    }

    /// `--output FILE` holds the line `nqueens count` prints; a FILE that
    /// cannot take it (a full disk) is an error, status 2, where mpirun's
    /// standard output let it go with status 0; and FILE may not be the
    /// task log, which it would empty.
    #[test]
    fn the_output_file_holds_the_count_or_fails() {
        let right = Tally {
            solutions: 14_200,
            classes_x8: 8 * 1_787,
        };
        let dir = std::env::temp_dir().join(format!("nqueens-mpi-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("q12.txt");
        let path_arg = path.to_str().unwrap();
        let job12 = job(&["12", "--unique", "--output", path_arg]);
        let mut output = Output::open(&job12).unwrap();
        assert_eq!(
            report(&job12, right, Instant::now(), None, None, &mut output),
            0
        );
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(
            written.starts_with("n = 12: 14,200 solutions, 1,787 unique")
                && written.ends_with('\n'),
            "{written}"
        );
        let log = job(&["12", "--task-log", path_arg, "--output", path_arg]);
        let refused = Output::open(&log).err().unwrap();
        assert!(refused.contains("is the task log"), "{refused}");
        // By another name, a hard link, too (it emptied the log).
        #[cfg(unix)]
        {
            let linked = dir.join("linked.txt");
            std::fs::hard_link(&path, &linked).unwrap();
            let log = job(&[
                "12",
                "--task-log",
                path_arg,
                "--output",
                linked.to_str().unwrap(),
            ]);
            let refused = Output::open(&log).err().unwrap();
            assert!(refused.contains("is the task log"), "{refused}");
        }
        let missing = dir.join("no such directory").join("q.txt");
        let refused = Output::open(&job(&["12", "--output", missing.to_str().unwrap()]))
            .err()
            .unwrap();
        assert!(refused.starts_with("cannot write the output"), "{refused}");
        std::fs::remove_dir_all(&dir).unwrap();
        #[cfg(target_os = "linux")]
        {
            let full = job(&["12", "--output", "/dev/full"]);
            let mut output = Output::open(&full).unwrap();
            assert_eq!(
                report(&full, right, Instant::now(), None, None, &mut output),
                2
            );
        }
    }
}
