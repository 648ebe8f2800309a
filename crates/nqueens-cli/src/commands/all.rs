//! `nqueens all N`: every solution (or one per symmetry class), streamed.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use nqueens::render::{write_solution, Options, Style};
use nqueens::{Solutions, UniqueSolutions};

use crate::config::grouped;
use crate::exit::Outcome;
use crate::output::Out;

/// Where the solutions come from; both lend each one without allocating.
enum Source {
    All(Solutions),
    Unique(UniqueSolutions),
}

impl Source {
    fn next_columns(&mut self) -> Option<&[usize]> {
        match self {
            Source::All(it) => it.next_columns(),
            Source::Unique(it) => it.next_columns(),
        }
    }
}

#[allow(clippy::print_stderr)]
pub fn run(
    n: usize,
    limit: Option<u64>,
    unique: bool,
    style: Style,
    options: Options,
) -> anyhow::Result<Outcome> {
    // Ctrl-C or SIGTERM stops the stream cleanly: what was found is flushed.
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let flag = Arc::clone(&interrupted);
        // Failing to install the handler only loses the clean stop.
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    }

    let mut source = if unique {
        Source::Unique(nqueens::unique_solutions(n)?)
    } else {
        Source::All(nqueens::solutions(n)?)
    };
    let mut out = Out::stdout();
    let limit = limit.unwrap_or(u64::MAX);
    let mut printed: u64 = 0;
    let mut interrupted_now = false;
    while printed < limit {
        if interrupted.load(Ordering::Relaxed) {
            interrupted_now = true;
            break;
        }
        let Some(columns) = source.next_columns() else {
            break;
        };
        if style.is_drawing() && printed > 0 {
            out.write_all(b"\n")?;
        }
        write_solution(&mut out, columns, style, options)?;
        printed += 1;
        out.end_record()?;
    }
    // Stopped by the limit only if a solution was left unprinted.
    let cut_by_limit = printed == limit && !interrupted_now && source.next_columns().is_some();

    if style.is_drawing() {
        let noun = match (unique, printed == 1) {
            (false, false) => "solutions",
            (false, true) => "solution",
            (true, false) => "solutions up to rotation and reflection",
            (true, true) => "solution up to rotation and reflection",
        };
        if printed > 0 {
            out.write_all(b"\n")?;
        }
        let count = grouped(u128::from(printed));
        if interrupted_now {
            writeln!(out, "{count} {noun} (interrupted)")?;
        } else if cut_by_limit {
            writeln!(out, "{count} {noun} (stopped at --limit {limit})")?;
        } else if printed == 0 && limit > 0 {
            writeln!(out, "no solution exists for n = {n}")?;
        } else {
            writeln!(out, "{count} {noun}")?;
        }
    } else if printed == 0 && limit > 0 && !interrupted_now {
        eprintln!("no solution exists for n = {n}");
    }
    out.flush()?;
    Ok(if interrupted_now {
        Outcome::Interrupted
    } else if printed == 0 && limit > 0 {
        Outcome::No
    } else {
        Outcome::Yes
    })
}
