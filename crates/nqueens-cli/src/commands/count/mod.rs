//! `nqueens count N`: Q(n), and with `--unique` the classes under symmetry.
//!
//! Without `--algorithm` the counting engine runs ([`engine`]: a plan of
//! tasks on every core, with checkpoints, slices and dry runs); with it, one
//! of the classic algorithms counts on one core ([`classic`]).

mod classic;
mod engine;

use nqueens::plural;

use crate::commands::run_algo::Search;
use crate::exit::{usage, Outcome};
use crate::flags::values::EngineChoice;
use crate::flags::{CountArgs, ReportFormat};
use crate::limits::{flag_bytes, show_bytes, COUNT_MAX};

/// Runs `nqueens count`.
pub fn run(mut a: CountArgs) -> anyhow::Result<Outcome> {
    let n = a.target.size.n;
    Search::permutations_need_an_algorithm(&a.algo())?;
    if a.algorithm.is_some() || a.stats {
        if n > COUNT_MAX {
            // Name the option given (--stats alone runs a classic
            // algorithm, whose search it reports), and suggest the engines
            // only where they count n.
            let (flag, what) = if a.algorithm.is_some() {
                ("--algorithm", "")
            } else {
                ("--stats", " (--stats reports the search of one)")
            };
            let instead = if n <= nqueens::CONSTELLATION_MAX_N {
                format!("drop {flag} to use the counting engine")
            } else {
                format!(
                    "the counting engines take n up to {}, and `nqueens estimate {n}` estimates it",
                    nqueens::CONSTELLATION_MAX_N
                )
            };
            usage!(
                "count {n} {flag}: n is too large for a classic algorithm on one core{what}, which \
                 would need hours or more (bitwise takes seconds at n = 16 and minutes at n = {COUNT_MAX}, the slowest algorithms minutes and hours); {instead}"
            );
        }
        let search = Search::from_args(&a.algo(), n)?;
        let format = a.target.format.unwrap_or(ReportFormat::Text);
        return classic::run(n, a.target.unique, format, search);
    }
    // Before any work: one file, one role.
    let roles: Vec<(&str, &std::path::Path)> = [
        ("--checkpoint", a.checkpoint.as_deref()),
        ("--task-log", a.target.task_log.as_deref()),
    ]
    .into_iter()
    .filter_map(|(role, path)| Some((role, path?)))
    .collect();
    crate::files::refuse_shared(&roles)?;
    let threads = a.threads.unwrap_or_else(nqueens::default_threads);
    // Under `ulimit -v` a count that cannot fit would die at its first
    // allocation that fails (an abort, not an error). Besides its memory,
    // each thread takes a stack and its allocator's arena of address space,
    // and a dry run makes the count's plan and times it on one thread a
    // core at most (it was let through, and aborted).
    let beside = |t: usize| crate::limits::address_space_beside(t);
    let working = if a.dry_run {
        nqueens::Projection::timing_threads(threads)
    } else {
        threads
    };
    // What the limit leaves for the engine's memory.
    let room =
        crate::limits::address_space_limit().map(|limit| limit.saturating_sub(beside(working)));
    let choice = a.target.engine.unwrap_or(EngineChoice::Auto);
    let engine = match choice {
        // What the limit leaves is memory given, as --memory is.
        EngineChoice::Auto => {
            let within = match (a.target.memory, room) {
                (Some(m), Some(r)) => Some(m.min(r)),
                (m, r) => m.or(r),
            };
            nqueens::auto_engine(n, threads, within)
        }
        EngineChoice::Named(e) => e,
    };
    let named = matches!(choice, EngineChoice::Named(_));
    if let Some(message) = crate::limits::count_too_large(n, engine, named) {
        usage!("{message}");
    }
    let needed = engine.memory(n, threads);
    if let Some(limit) = a.target.memory.filter(|&m| needed > m) {
        let (needed_shown, limit_shown) = crate::limits::show_bytes_apart(needed, limit);
        if matches!(choice, EngineChoice::Auto) {
            usage!(
                "count {n} needs about {needed_shown} (--memory {} or more) even with the leanest \
                 engine ({}, on {}), more than --memory {limit_shown}; raise --memory to at least \
                 that",
                flag_bytes(needed),
                engine.name(),
                plural(threads as u128, "thread", "threads"),
            );
        }
        let instead = ways_within(n, engine, threads, "raise --memory", |e, t| {
            e.memory(n, t) <= limit
        });
        usage!(
            "count {n} --engine {} needs about {needed_shown} (--memory {} or more) with {}, more \
             than --memory {limit_shown}; {instead}",
            engine.name(),
            flag_bytes(needed),
            plural(threads as u128, "thread", "threads"),
        );
    }
    let needed_working = engine.memory(n, working);
    if let Some(limit) = crate::limits::over_address_space(needed_working, working) {
        let what = if a.dry_run {
            format!(
                "a dry run of count {n}, timing on {},",
                plural(working as u128, "thread", "threads")
            )
        } else {
            format!(
                "count {n} on {}",
                plural(working as u128, "thread", "threads")
            )
        };
        usage!(
            "{what} with the {} engine needs about {} (and {} of address space beside: thread \
             stacks, allocator arenas and the program), more than this process may take (ulimit \
             -v: {}); {}",
            engine.name(),
            show_bytes(needed_working),
            show_bytes(beside(working)),
            show_bytes(limit),
            ways_within(n, engine, threads, "raise the limit", |e, t| {
                e.memory(n, t).saturating_add(beside(t)) <= limit
            })
        );
    }
    // (After the refusal above: a note that another engine counts
    // instead, and then an error that nothing counts, said both.)
    if matches!(choice, EngineChoice::Auto) {
        if let Some(limit) = a.target.memory.filter(|&m| room.is_none_or(|r| m <= r)) {
            note_engine_within_memory(
                n,
                threads,
                &format!("--memory {}", show_bytes(limit)),
                engine,
            );
        } else if let Some(r) = room {
            let what = format!("what ulimit -v leaves it ({})", show_bytes(r));
            note_engine_within_memory(n, threads, &what, engine);
        }
    }
    if a.dry_run && threads > working {
        // The count it projects runs on every thread asked for.
        let memory = engine.memory(n, threads);
        if let Some(limit) = crate::limits::over_address_space(memory, threads) {
            crate::exit::note!(
                "note: the count itself, on {}, would need about {} with its thread stacks and \
                 arenas, more than this process may take (ulimit -v: {}); count on fewer threads",
                plural(threads as u128, "thread", "threads"),
                show_bytes(memory.saturating_add(beside(threads))),
                show_bytes(limit)
            );
        }
    }
    // The limit is memory given: the engine's plan keeps within what it
    // leaves (the join engine keeps fewer row tables) instead of taking
    // what it takes unlimited (`count 24` kept 512 MiB of them under
    // `ulimit -v 500000`, and aborted), or what a larger --memory allows.
    // (The check above leaves at least the leanest plan's room.)
    if let Some(r) = room {
        let r = r.max(needed_working);
        if let Some(m) = a.target.memory.filter(|&m| m > r) {
            crate::exit::note!(
                "note: --memory {} is more than ulimit -v leaves the count ({}); its plan keeps \
                 within that",
                show_bytes(m),
                show_bytes(r)
            );
        }
        a.target.memory = Some(a.target.memory.map_or(r, |m| m.min(r)));
    }
    if a.slice.is_some() && a.target.unique {
        // A slice prints a partial result; the classes come out of `merge`.
        usage!(
            "--unique goes with `nqueens merge`, which adds the slices up; a slice prints its \
             partial result as JSON"
        );
    }
    let format = match (a.slice, a.target.format) {
        (Some(_), Some(ReportFormat::Text)) => usage!(
            "--slice writes its partial result as JSON, for `nqueens merge`; drop --format text"
        ),
        (_, format) => format.unwrap_or(ReportFormat::Text),
    };
    let run = engine::EngineRun {
        engine,
        threads,
        args: &a,
    };
    engine::run(n, a.target.unique, format, &run)
}

/// Says when `--memory` made `auto` pass over the engine it takes without a
/// limit (the join engine, whose memory is a bound with a margin): the
/// engine that counts instead takes hundreds of times as long, which should
/// not go unremarked. (No ratio is given: the engines' rough models are
/// off by a factor of two or three at the frontier.)
fn note_engine_within_memory(
    n: usize,
    threads: usize,
    limit: &str,
    engine: &'static dyn nqueens::Engine,
) {
    let fastest = nqueens::auto_engine(n, threads, None);
    if fastest.name() == engine.name() {
        return;
    }
    crate::exit::note!(
        "note: the {} engine, the fastest here, needs up to about {} on {}, more than {limit}; \
         the {} engine counts instead, which takes far longer (a dry run with more memory \
         projects the {} engine)",
        fastest.name(),
        show_bytes(fastest.memory(n, threads)),
        plural(threads as u128, "thread", "threads"),
        engine.name(),
        fastest.name()
    );
}

/// What to do when `engine` on `threads` does not fit (`fits` says what
/// does): `first`, then fewer threads and the constellation engine (which
/// needs the least), each only where it would fit (they were offered where
/// they did not: backtrack and constellation need 16 MiB on one thread).
fn ways_within(
    n: usize,
    engine: &dyn nqueens::Engine,
    threads: usize,
    first: &str,
    fits: impl Fn(&dyn nqueens::Engine, usize) -> bool,
) -> String {
    let mut ways = vec![first.to_string()];
    // The most threads under `threads` that fit: the memory grows with them.
    let fewer = |e: &dyn nqueens::Engine| (1..threads).rev().find(|&t| fits(e, t));
    let on = |t: usize| match t {
        1 => "one thread".to_string(),
        _ => format!("{t} threads or fewer"),
    };
    if let Some(t) = fewer(engine) {
        ways.push(format!("use {} (-j {t})", on(t)));
    }
    use nqueens::Engine as _;
    let lean = nqueens::ConstellationEngine;
    if engine.name() != lean.name() && lean.max_n() >= n {
        let least = "use --engine constellation, which needs the least";
        if fits(&lean, threads) {
            ways.push(least.to_string());
        } else if let Some(t) = fewer(&lean) {
            ways.push(format!("{least}, on {}", on(t)));
        }
    }
    match ways.len() {
        1 => format!("{first} to at least that"),
        2 => format!("{}, or {}", ways[0], ways[1]),
        _ => format!("{}, {}, or {}", ways[0], ways[1], ways[2]),
    }
}
