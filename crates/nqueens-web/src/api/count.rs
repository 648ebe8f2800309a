//! `/api/count`: counting jobs, Q(n) and the unique count, with the library's
//! counting engines on all cores.
//!
//! A count can take minutes, longer than a request may, so it runs as a job:
//! `POST /api/count` starts it and answers at once with its id; `GET
//! /api/count/ID` says how far it is (tasks done of the plan's tasks) and, at
//! the end, the counts, the engine and the time; `DELETE /api/count/ID`
//! cancels it. A job that nobody has asked about for
//! [`Limits::abandon_seconds`](crate::Limits::abandon_seconds) (the page was
//! closed) stops by itself. Either way the executor starts no new task, and
//! a long task under way (seconds to minutes from n = 26) gives up within
//! milliseconds ([`nqueens::Plan::count_or_stop`]); the job's state says
//! `cancelled` or `abandoned` once the threads have ended.
//!
//! Every reply about a job carries what the count was projected to cost
//! when it started: the library's rough [`Projection`] (the engine's own
//! cost model, as `nqueens count` uses it for its note on long counts) as
//! JSON in `projection`, and in the library's words, the lines of `nqueens
//! count --dry-run`, in `projection_text`, which the page shows.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use nqueens::Sink;
use nqueens::Tally;
use nqueens::{grouped, Projection};
use serde::{Deserialize, Serialize};

use super::input::parse;
use super::Context;
use crate::http::{ApiError, ApiResult, Reply};
use crate::limits::THREAD_STACK;
use crate::Limits;
use nqueens::show_bytes;

/// Jobs kept for their results: a new job removes the oldest finished ones
/// so that it and this many less one are kept; the jobs running beside it
/// (a few, by the server's limits) may then add theirs.
const KEEP_FINISHED: usize = 32;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum State {
    Running,
    Done,
    Cancelled,
    Abandoned,
}

#[derive(Debug, Clone, Serialize)]
struct Progress {
    state: State,
    tasks_done: usize,
    /// Solutions in the tasks done so far.
    solutions_so_far: u128,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u128>,
    /// Whether the result equals the published value (OEIS A000170 and
    /// A002562), where one is published.
    #[serde(skip_serializing_if = "Option::is_none")]
    matches_oeis: Option<bool>,
}

/// One count.
#[derive(Debug)]
struct Job {
    id: u64,
    n: usize,
    unique: bool,
    engine: &'static str,
    tasks: usize,
    threads: usize,
    /// What the job is charged of [`Limits::job_memory`].
    memory: u64,
    /// What the count was projected to cost when it started.
    projection: Projection,
    stop: AtomicBool,
    progress: Mutex<Progress>,
    last_seen: Mutex<Instant>,
}

#[derive(Serialize)]
struct JobOut {
    id: u64,
    n: usize,
    engine: &'static str,
    threads: usize,
    /// Bytes charged to the job: its engine's memory and its threads' stacks.
    memory_bytes: u64,
    tasks: usize,
    fraction: f64,
    #[serde(flatten)]
    progress: Progress,
    message: String,
    /// The library's rough projection of the count: its engine's cost
    /// model on the job's threads.
    projection: Projection,
    /// The same in the library's words, one line a `\n`.
    projection_text: String,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Job {
    fn out(&self) -> JobOut {
        let progress = lock(&self.progress).clone();
        let fraction = if self.tasks == 0 {
            1.0
        } else {
            progress.tasks_done as f64 / self.tasks as f64
        };
        let message = match progress.state {
            State::Running => format!(
                "counting n = {}: {} of {} tasks",
                self.n,
                grouped(progress.tasks_done as u128),
                grouped(self.tasks as u128)
            ),
            State::Done => {
                let total = progress.total.unwrap_or(0);
                let mut m = format!("Q({}) = {}", self.n, grouped(total));
                if let Some(u) = progress.unique {
                    m.push_str(&format!(", {} unique", grouped(u)));
                }
                m.push_str(&format!(
                    " ({} engine, {}, {:.3} s)",
                    self.engine,
                    nqueens::plural(self.threads as u128, "thread", "threads"),
                    progress.seconds
                ));
                m
            }
            State::Cancelled => format!(
                "cancelled after {} of {} tasks",
                grouped(progress.tasks_done as u128),
                grouped(self.tasks as u128)
            ),
            State::Abandoned => format!(
                "stopped after {} of {} tasks: nobody asked for its progress",
                grouped(progress.tasks_done as u128),
                grouped(self.tasks as u128)
            ),
        };
        JobOut {
            id: self.id,
            n: self.n,
            engine: self.engine,
            threads: self.threads,
            memory_bytes: self.memory,
            tasks: self.tasks,
            fraction,
            progress,
            message,
            projection: self.projection.clone(),
            projection_text: self.projection.lines().join("\n"),
        }
    }
}

/// Moves the job's progress on each finished task, and stops it when it is
/// abandoned.
struct Watch<'a> {
    job: &'a Job,
    abandon: Duration,
    start: Instant,
    abandoned: bool,
}

impl Watch<'_> {
    fn check(&mut self) -> ControlFlow<()> {
        let seen = *lock(&self.job.last_seen);
        let mut p = lock(&self.job.progress);
        p.seconds = self.start.elapsed().as_secs_f64();
        if seen.elapsed() > self.abandon {
            self.abandoned = true;
            self.job.stop.store(true, Ordering::Relaxed);
        }
        if self.job.stop.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Sink for Watch<'_> {
    fn task_done(&mut self, _: usize, tally: Tally) -> ControlFlow<()> {
        {
            let mut p = lock(&self.job.progress);
            p.tasks_done += 1;
            p.solutions_so_far += tally.solutions;
        }
        self.check()
    }

    fn tick(&mut self) -> ControlFlow<()> {
        self.check()
    }
}

/// How many of `jobs` are counting now.
fn running(jobs: &BTreeMap<u64, Arc<Job>>) -> usize {
    jobs.values()
        .filter(|j| lock(&j.progress).state == State::Running)
        .count()
}

/// Every job of one server.
#[derive(Debug, Default)]
pub struct Jobs {
    /// Set by [`Jobs::shutdown`]: no new job starts.
    closed: AtomicBool,
    next: AtomicU64,
    jobs: Mutex<BTreeMap<u64, Arc<Job>>>,
    /// Jobs whose plan is being made, outside the lock of `jobs` (a plan of
    /// n = 23 takes seconds, and held the lock so long that polls of the
    /// running jobs waited, and those jobs were taken for abandoned): how
    /// many, and the bytes they are charged. Locked after `jobs`.
    starting: Mutex<(usize, u64)>,
    threads: Mutex<Vec<JoinHandle<()>>>,
}

/// A job's place and memory among those [`Jobs::starting`], given back
/// when dropped (its plan made, or failed).
struct Starting<'a> {
    jobs: &'a Jobs,
    memory: u64,
}

impl Drop for Starting<'_> {
    fn drop(&mut self) {
        let mut starting = lock(&self.jobs.starting);
        starting.0 -= 1;
        starting.1 -= self.memory;
    }
}

impl Jobs {
    /// How many jobs are counting now.
    pub fn running(&self) -> usize {
        running(&lock(&self.jobs))
    }

    /// Stops every job and waits for their threads; no job starts after.
    pub fn shutdown(&self) {
        self.closed.store(true, Ordering::Relaxed);
        for job in lock(&self.jobs).values() {
            job.stop.store(true, Ordering::Relaxed);
        }
        let handles = std::mem::take(&mut *lock(&self.threads));
        for h in handles {
            let _ = h.join();
        }
    }

    /// Job `id`, told to stop.
    fn stop(&self, id: &str) -> ApiResult<Arc<Job>> {
        let job = self.get(id)?;
        job.stop.store(true, Ordering::Relaxed);
        Ok(job)
    }

    fn get(&self, id: &str) -> ApiResult<Arc<Job>> {
        let job = id
            .parse::<u64>()
            .ok()
            .and_then(|id| lock(&self.jobs).get(&id).cloned());
        match job {
            Some(job) => {
                *lock(&job.last_seen) = Instant::now();
                Ok(job)
            }
            None => Err(ApiError::not_found(format!(
                "there is no count job {id} (finished jobs are kept for a while, then forgotten); start one with POST /api/count"
            ))),
        }
    }

    fn start(&self, n: usize, unique: bool, limits: &Limits) -> ApiResult<Arc<Job>> {
        if self.closed.load(Ordering::Relaxed) {
            return Err(ApiError::stopping());
        }
        let threads = limits.job_threads.max(1);
        let jobs = lock(&self.jobs);
        let mut starting = lock(&self.starting);
        let running = running(&jobs) + starting.0;
        if running >= limits.jobs {
            return Err(ApiError::too_many_jobs(format!(
                "{running} count job{} already running (this server's limit); wait for one to finish or cancel it with DELETE /api/count/ID",
                if running == 1 { " is" } else { "s are" }
            )));
        }
        // The memory budget: what the running and starting jobs hold, and
        // this job's plan and thread stacks, before its plan (and tables)
        // are made. A plan takes what it is given where it can (the join
        // engine builds its whole quadrant table when it fits, and keeps
        // more row tables), so the job is charged what its plan takes, not
        // the leanest plan's memory (three jobs charged 85 MB each under a
        // 1 GiB budget held 1.7 GB), and is given its share of the budget
        // (`--jobs` of them fit), or the leanest plan if that is more.
        let held: u64 = jobs
            .values()
            .filter(|j| lock(&j.progress).state == State::Running)
            .map(|j| j.memory)
            .sum::<u64>()
            + starting.1;
        let left = limits.job_memory.saturating_sub(held);
        let stacks = threads as u64 * THREAD_STACK;
        let share = limits.job_memory / limits.jobs.max(1) as u64;
        let engine = nqueens::auto_engine(n, threads, Some(left.saturating_sub(stacks)));
        let leanest = engine.memory(n, threads).saturating_add(stacks);
        let within = left.min(share.max(leanest)).saturating_sub(stacks);
        let memory = engine
            .memory_plan(n, threads, Some(within))
            .0
            .saturating_add(stacks)
            .max(leanest);
        if memory > left {
            let need = format!(
                "counting n = {n} on {threads} thread{} needs about {} ({} engine, {} of thread \
                 stacks)",
                if threads == 1 { "" } else { "s" },
                show_bytes(leanest),
                engine.name(),
                show_bytes(stacks),
            );
            return Err(if leanest > limits.job_memory {
                ApiError::over_limit(format!(
                    "{need}, more than this server's count jobs may hold ({}); count a smaller \
                     board, or start the server with fewer threads (serve -j T) or more memory \
                     ({})",
                    show_bytes(limits.job_memory),
                    if limits.job_memory_by_ulimit {
                        "a higher `ulimit -v`: the jobs get what it leaves beside the server"
                    } else {
                        "serve --job-memory SIZE"
                    }
                ))
            } else {
                ApiError::too_many_jobs(format!(
                    "{need}, and the running jobs hold {} of this server's {}; wait for one to \
                     finish or cancel it with DELETE /api/count/ID",
                    show_bytes(held),
                    show_bytes(limits.job_memory)
                ))
            });
        }
        starting.0 += 1;
        starting.1 += memory;
        drop(starting);
        drop(jobs);
        let place = Starting { jobs: self, memory };
        let plan = engine
            .plan_within(n, threads, Some(memory - stacks))
            .map_err(|e| ApiError::invalid(e.to_string()))?;
        // The wall time on the job's threads too.
        let projection = Projection::rough(
            engine,
            plan.as_ref(),
            threads,
            Some(memory - stacks),
            Some(threads as u64),
        );
        let mut jobs = lock(&self.jobs);
        drop(place);
        if self.closed.load(Ordering::Relaxed) {
            return Err(ApiError::stopping());
        }
        // Forget the oldest finished jobs beyond the few kept.
        let finished: Vec<u64> = jobs
            .iter()
            .filter(|(_, j)| lock(&j.progress).state != State::Running)
            .map(|(&id, _)| id)
            .collect();
        for id in finished
            .iter()
            .take(finished.len().saturating_sub(KEEP_FINISHED - 1))
        {
            jobs.remove(id);
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let job = Arc::new(Job {
            id,
            n,
            unique,
            engine: engine.name(),
            tasks: plan.len(),
            threads,
            memory,
            projection,
            stop: AtomicBool::new(false),
            progress: Mutex::new(Progress {
                state: State::Running,
                tasks_done: 0,
                solutions_so_far: 0,
                seconds: 0.0,
                total: None,
                unique: None,
                matches_oeis: None,
            }),
            last_seen: Mutex::new(Instant::now()),
        });
        jobs.insert(id, Arc::clone(&job));
        drop(jobs);
        let abandon = Duration::from_secs_f64(limits.abandon_seconds.max(0.0));
        let worker = Arc::clone(&job);
        let handle = std::thread::Builder::new()
            .name(format!("count-job-{id}"))
            .spawn(move || {
                let job = worker;
                let start = Instant::now();
                let pending: Vec<usize> = (0..plan.len()).collect();
                let mut watch = Watch {
                    job: &job,
                    abandon,
                    start,
                    abandoned: false,
                };
                let result =
                    nqueens::run_plan(plan.as_ref(), &pending, job.threads, &job.stop, &mut watch);
                let mut p = lock(&job.progress);
                p.seconds = start.elapsed().as_secs_f64();
                if result.complete {
                    p.state = State::Done;
                    p.total = Some(result.tally.solutions);
                    p.unique = result.tally.unique().filter(|_| job.unique);
                    // Every published value there is must match.
                    let checks = [
                        nqueens::known_total(job.n).map(|t| t == result.tally.solutions),
                        p.unique
                            .zip(nqueens::known_unique(job.n))
                            .map(|(u, k)| u == k),
                    ];
                    p.matches_oeis = checks.into_iter().flatten().reduce(|a, b| a && b);
                } else if watch.abandoned {
                    p.state = State::Abandoned;
                } else {
                    p.state = State::Cancelled;
                }
            })
            .map_err(|e| {
                // No thread counts it: it holds no place and no memory.
                lock(&job.progress).state = State::Cancelled;
                ApiError::internal(format!("cannot start a thread for the count: {e}"))
            })?;
        let mut threads = lock(&self.threads);
        threads.retain(|h| !h.is_finished());
        threads.push(handle);
        Ok(job)
    }
}

#[derive(Deserialize)]
struct CountIn {
    n: Option<usize>,
    unique: Option<bool>,
}

/// `POST /api/count`.
pub(super) fn start(cx: &Context<'_>, body: &[u8]) -> ApiResult {
    let input: CountIn = parse(body, &["n", "unique"], r#"{"n": 12, "unique": true}"#)?;
    let n = super::input::size(input.n, cx.limits.count_max, "count")?;
    let job = cx.jobs.start(n, input.unique.unwrap_or(true), cx.limits)?;
    Ok(Reply::json(202, &job.out()).with_header("Location", format!("/api/count/{}", job.id)))
}

/// `GET /api/count/ID`.
pub(super) fn status(cx: &Context<'_>, id: &str) -> ApiResult {
    Ok(Reply::ok(&cx.jobs.get(id)?.out()))
}

/// `DELETE /api/count/ID`: stops the job. The server answers it itself
/// ([`cancel`]), waiting for the job's threads without holding a worker;
/// this answers at once, with the job's state as it is.
pub(super) fn stop(cx: &Context<'_>, id: &str) -> ApiResult {
    Ok(Reply::ok(&cx.jobs.stop(id)?.out()))
}

/// `DELETE /api/count/ID` as the server answers it: stops the job and
/// waits (briefly, with no worker held: a cancel must not queue behind the
/// work it is meant to make room for) for its tasks under way, which end
/// within milliseconds (a long one gives up). The state says `running`
/// until they have.
pub async fn cancel(jobs: &Jobs, id: &str) -> Reply {
    let job = match jobs.stop(id) {
        Ok(job) => job,
        Err(e) => return e.into(),
    };
    let start = Instant::now();
    while lock(&job.progress).state == State::Running && start.elapsed() < Duration::from_secs(2) {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    Reply::ok(&job.out())
}

/// `GET /api/count`: every job kept.
pub(super) fn list(cx: &Context<'_>) -> ApiResult {
    let jobs: Vec<JobOut> = lock(&cx.jobs.jobs).values().map(|j| j.out()).collect();
    Ok(Reply::ok(&serde_json::json!({ "jobs": jobs })))
}
