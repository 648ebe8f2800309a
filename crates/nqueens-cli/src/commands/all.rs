//! `nqueens all N`: every solution (or one per symmetry class), streamed.

use std::io::Write;
use std::sync::atomic::Ordering;

use nqueens::Canonical;
use nqueens::{write_solution, RenderOptions, Style};
use nqueens::{Solutions, UniqueSolutions};

use nqueens::grouped;

use super::board::BoardOutput;
use super::run_algo::{self, Search, Stream};
use crate::exit::{usage, Outcome};
use crate::flags::{AllArgs, SolutionFormat};
use crate::limits::{known_total, ALL_MAX, SOLVE_MAX};
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

/// How the stream ended.
struct Streamed {
    printed: u64,
    /// Stopped by `--limit` with solutions left.
    cut_by_limit: bool,
    interrupted: bool,
}

/// Checks `format` for a stream of boards.
fn style(a: &AllArgs, format: SolutionFormat) -> anyhow::Result<Style> {
    let n = a.size.n;
    let style = match BoardOutput::from(format) {
        BoardOutput::Text(Style::Lines) => usage!(
            "--format lines writes one board, a column per line; for many boards use --format \
             list (one solution per line)"
        ),
        BoardOutput::Text(style) => style,
        BoardOutput::Svg | BoardOutput::Png => usage!(
            "all prints many boards, and --format svg and png draw one: use \
             `nqueens solve {n} --format svg`, or `nqueens trace {n} --format svg` for an animation"
        ),
        BoardOutput::Nothing => usage!(
            "all --format none would print nothing; `nqueens count {n}` counts the solutions"
        ),
    };
    Ok(style)
}

/// Runs `nqueens all`.
pub fn run(a: AllArgs) -> anyhow::Result<Outcome> {
    let n = a.size.n;
    if a.limit.is_none() && n > ALL_MAX {
        // Only what this version can do for n: the first few up to
        // SOLVE_MAX, a count up to the counting engines' largest board.
        // (The count's cost from n = 20 on is hours to centuries: its
        // dry run says which before anything starts.)
        let instead = if n <= SOLVE_MAX {
            format!(
                "Print the first few with `--limit K`, or count them with `nqueens count {n}` \
                 (`--dry-run` first says how long that takes)"
            )
        } else if n <= nqueens::CONSTELLATION_MAX_N {
            format!(
                "Count them with `nqueens count {n}` (`--dry-run` first says how long that \
                 takes), or print one with `nqueens solve {n}`"
            )
        } else if n <= crate::limits::HUGE_MAX {
            format!("`nqueens solve {n}` prints one")
        } else {
            format!(
                "No command of this version takes n above {} (2^32)",
                nqueens::grouped(crate::limits::HUGE_MAX as u128)
            )
        };
        usage!(
            "all {n}: too many solutions to list; {}. {instead}",
            known_total(n)
        );
    }
    crate::limits::solvable_size("all", n)?;
    let format = a.format.unwrap_or(SolutionFormat::Board);
    format.check_one_based(a.one_based, a.format.is_some())?;
    let style = style(&a, format)?;
    let search = Search::from_args(&a.algo, n)?;
    let (limit, unique) = (a.limit, a.unique);
    let options = RenderOptions {
        one_based: a.one_based,
    };
    let interrupted = crate::output::interrupt_flag();
    let mut out = Out::stdout();
    let limit = limit.unwrap_or(u64::MAX);
    let write = |out: &mut Out, columns: &[usize], first: bool| -> std::io::Result<()> {
        if style.is_drawing() && !first {
            out.write_all(b"\n")?;
        }
        write_solution(out, columns, style, options)?;
        out.end_record()
    };

    let streamed = match search.algorithm {
        None => {
            let mut source = if unique {
                Source::Unique(nqueens::unique_solutions(n)?)
            } else {
                Source::All(nqueens::solutions(n)?)
            };
            let mut printed: u64 = 0;
            let mut stopped = false;
            while printed < limit {
                if interrupted.load(Ordering::Relaxed) {
                    stopped = true;
                    break;
                }
                let Some(columns) = source.next_columns() else {
                    break;
                };
                write(&mut out, columns, printed == 0)?;
                printed += 1;
            }
            Streamed {
                printed,
                cut_by_limit: printed == limit && !stopped && source.next_columns().is_some(),
                interrupted: stopped,
            }
        }
        Some(algorithm) => {
            let mut first = true;
            let mut write_one = |out: &mut Out, columns: &[usize]| {
                let r = write(out, columns, first);
                first = false;
                r
            };
            let stop = || interrupted.load(Ordering::Relaxed);
            let stream = Stream {
                out: &mut out,
                write: &mut write_one,
                limit,
                printed: 0,
                more: false,
                error: None,
                stop: &stop,
                stopped: false,
            };
            let (stream, stats, seconds) = if unique {
                let mut sink = Canonical::new(stream);
                let (stats, seconds) = run_algo::run(algorithm, n, &mut sink)?;
                (sink.inner, stats, seconds)
            } else {
                let mut sink = stream;
                let (stats, seconds) = run_algo::run(algorithm, n, &mut sink)?;
                (sink, stats, seconds)
            };
            if let Some(e) = stream.error {
                return Err(e.into());
            }
            if search.stats {
                run_algo::print_stats(algorithm, n, &stats, seconds);
                if unique {
                    // The search's solutions are of every class; say how
                    // many of them were printed (its 92 beside 12 shown).
                    crate::exit::note!(
                        "{:<15} {} (the least of each class up to rotation and reflection)",
                        "printed",
                        grouped(u128::from(stream.printed))
                    );
                }
            }
            // Stopped on the limit's solution: were there more? The known
            // counts say, where they are known (all of `all`'s range).
            let known = if unique {
                nqueens::known_unique(n)
            } else {
                nqueens::known_total(n)
            };
            Streamed {
                printed: stream.printed,
                cut_by_limit: stream.more && known.is_none_or(|k| k > u128::from(stream.printed)),
                interrupted: stream.stopped,
            }
        }
    };

    let Streamed {
        printed,
        cut_by_limit,
        interrupted: interrupted_now,
    } = streamed;
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
        } else if printed > 0 || limit == 0 {
            writeln!(out, "{count} {noun}")?;
        }
    } else if cut_by_limit {
        // A line form holds the boards only: the cut goes to stderr, so
        // that a list cut short is not taken for all there are.
        out.flush()?;
        crate::exit::note!(
            "stopped at --limit {limit}; there are more {}",
            if unique { "classes" } else { "solutions" }
        );
    }
    // The answer no is said on stderr in every form: the lines on standard
    // output are boards (and a drawn list's closing count), which `verify`
    // reads back.
    if printed == 0 && limit > 0 && !interrupted_now {
        crate::exit::answer(Outcome::No);
        out.flush()?;
        crate::exit::note!("no solution exists for n = {n}");
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
