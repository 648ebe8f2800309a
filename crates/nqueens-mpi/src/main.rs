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
//! tasks (by default the engine `nqueens count` would pick: the join engine
//! from n = 14 to 23, the constellation engine elsewhere; `--engine NAME`
//! chooses). Every rank builds the
//! same plan from n, so a task travels as its index alone, and the result of
//! a task is a [`Tally`] of two `u128`s (solutions and eight times the symmetry
//! classes).
//!
//! # The protocol
//!
//! Rank 0 is the dealer: it owns the counter of the next undealt task index.
//!
//! * A worker (rank ≥ 1) sends an empty message tagged `TAG_REQUEST` (1) to
//!   rank 0 and blocks until the answer: either `TAG_CHUNK` (2) carrying
//!   `[start, end]` as two `u64`, the task indices `start..end` to count, or
//!   `TAG_STOP` (3), meaning that no task is left. It counts the chunk and asks
//!   again; after a stop it goes to the final gather.
//! * Rank 0 counts tasks too, one at a time, taken from the same counter.
//!   Before each of its own tasks it drains the pending requests with a
//!   non-blocking matched probe (`MPI_Improbe`), answering each with the next
//!   chunk. A worker therefore waits at most about one task's time for its
//!   answer, and rank 0's core is not idle while the workers count: with P
//!   ranks on P cores all P count. A dealer that only dealt would either leave
//!   a core idle or, sharing a core with a worker, be slow to answer.
//! * When the counter is exhausted, rank 0 answers every further request with a
//!   stop (blocking matched probes now, as it has nothing else to do), until
//!   each worker has had exactly one stop. Every request gets exactly one
//!   answer, so no message is left unreceived at the end.
//! * Chunks are `max(1, tasks / (ranks × 16))` tasks by default (`--chunk K`
//!   sets them): about sixteen requests per rank, so slow chunks even out,
//!   with a message cost that is nothing next to the counting. The chunk
//!   size does not change the result, only the balance.
//! * Finally every rank contributes its tally to one `MPI_Gather` on rank 0.
//!   MPI has no 128-bit integers, so each `u128` travels as two `u64` words
//!   (high, low), and rank 0 sums them exactly in `u128`. The sum does not
//!   depend on how the tasks were dealt.
//!
//! With one rank there are no messages at all: rank 0 counts every task.
//!
//! # Arguments, errors, exit status
//!
//! The arguments are those of `nqueens count` (N, `--unique`, `--format`) plus
//! `--chunk`. Every rank parses and checks them, so every rank reaches the
//! same verdict; only rank 0 prints (the count, or `error: ...` on stderr)
//! and all ranks exit with the same status (0, or 2 for bad arguments), after
//! `MPI_Finalize`.
//!
//! A panic on any rank must not leave the others waiting forever for a message
//! that will never come, so a panic hook prints the panic and calls
//! `MPI_Abort` on `MPI_COMM_WORLD`, which ends every rank of the job (exit
//! status 101 from `mpirun`).
//!
//! # Environment
//!
//! * `NQUEENS_MPI_PANIC_RANK=R`: rank R panics on purpose when it is about to
//!   count its first task (a test that the job then ends instead of hanging).
//! * `NQUEENS_MPI_STATS=1`: rank 0 also prints, on stderr, the plan's size,
//!   the chunk size, and for each rank the tasks counted, the chunks received
//!   (or requests answered), the time spent counting and, for workers, the
//!   time spent waiting for answers.
//!
//! [`Plan`]: nqueens::Plan
//! [`Tally`]: nqueens::Tally

mod cli;
mod protocol;
mod run;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use nqueens::{count_json_line, count_text_line};

use crate::cli::Opts;
use nqueens_cli::flags::ReportFormat as Format;

/// The exit status of a job ended by a panic (Rust's own status for a panic).
const PANIC_STATUS: i32 = 101;

fn main() -> ExitCode {
    let Some(universe) = mpi::initialize() else {
        let _ = writeln!(io::stderr(), "error: MPI was already initialized");
        return ExitCode::from(2);
    };
    let world = universe.world();
    abort_job_on_panic(world.rank(), world.size());
    let status = run(&world);
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
fn run(world: &SimpleCommunicator) -> ExitCode {
    let rank = world.rank();
    let opts = match Opts::try_parse() {
        Ok(opts) => opts,
        Err(e) => {
            if rank == 0 {
                // clap formats its message (or --help, --version) itself.
                let _ = e.print();
            }
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let started = Instant::now();
    let checked = cli::check(opts).and_then(|job| {
        let engine = nqueens::engine_by_name(job.engine)
            .ok_or_else(|| format!("no engine called {}", job.engine))?;
        let plan = engine
            .plan_within(job.n, 1, job.memory)
            .map_err(|e| e.to_string())?;
        Ok((job, plan))
    });
    let (job, plan) = match checked {
        Ok(ok) => ok,
        Err(message) => {
            if rank == 0 {
                let _ = writeln!(io::stderr(), "error: {message}");
            }
            return ExitCode::from(2);
        }
    };
    let ranks = world.size() as usize;
    let chunk = job
        .chunk
        .unwrap_or_else(|| protocol::default_chunk(plan.len(), ranks));
    let panic_armed = panic_rank() == Some(rank);

    let (tally, work) = if rank == 0 {
        run::coordinate(world, plan.as_ref(), chunk, panic_armed)
    } else {
        run::work(world, plan.as_ref(), panic_armed)
    };
    let Some((total, works)) = run::combine(world, tally, work) else {
        return ExitCode::SUCCESS;
    };
    let seconds = started.elapsed().as_secs_f64();

    let unique = if job.unique {
        match total.unique() {
            Some(u) => Some(u),
            None => panic!(
                "the classes do not add up: 8 U({}) = {} is not a multiple of 8",
                job.n, total.classes_x8
            ),
        }
    } else {
        None
    };
    let line = match job.format {
        Format::Text => count_text_line(job.n, total.solutions, unique, seconds),
        Format::Json => count_json_line(job.n, total.solutions, unique, seconds),
    };
    if std::env::var_os("NQUEENS_MPI_STATS").is_some_and(|v| v == "1") {
        print_stats(plan.len(), chunk, &works);
    }
    // One write, so that mpirun forwards the line whole.
    let mut out = io::stdout().lock();
    match out
        .write_all(format!("{line}\n").as_bytes())
        .and_then(|()| out.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: cannot write the count: {e}");
            ExitCode::from(2)
        }
    }
}

/// The rank named by `NQUEENS_MPI_PANIC_RANK`, if any.
fn panic_rank() -> Option<i32> {
    std::env::var("NQUEENS_MPI_PANIC_RANK")
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// `NQUEENS_MPI_STATS=1`: how the work was shared, on stderr.
fn print_stats(tasks: usize, chunk: usize, works: &[run::Work]) {
    let mut err = io::stderr().lock();
    let _ = writeln!(
        err,
        "{tasks} tasks, chunks of {chunk}, {} ranks",
        works.len()
    );
    for (rank, w) in works.iter().enumerate() {
        let what = if rank == 0 {
            "requests answered"
        } else {
            "chunks"
        };
        let _ = writeln!(
            err,
            "rank {rank}: {} tasks, {} {what}, counting {:.3} s, waiting {:.3} s",
            w.tasks,
            w.messages,
            w.busy.as_secs_f64(),
            w.waiting.as_secs_f64()
        );
    }
}
