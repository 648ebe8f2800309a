//! Writing one board, of any size, and checking it on the way out.
//!
//! `solve` and `random` hand their columns over one at a time: the
//! construction never exists as a whole, and the check (`--verify`) runs in
//! the same pass, in O(n) bits, so `solve 1000000000 --format none --verify`
//! holds nothing but the verifier's bit sets. With nothing to write, a board
//! that can start at any row (the construction, a board in memory) is checked
//! in blocks of rows on every core instead ([`check_only`]).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use nqueens::grouped;
use nqueens::{write_columns, write_png, write_svg, Picture, RenderOptions, Style};
use nqueens::{LineVerifier, ParallelVerifier, Verdict};

use crate::exit::{usage, Outcome};
use crate::flags::{BoardArgs, SolutionFormat};
use crate::limits::DRAW_MAX;
use crate::output::{interrupt_flag, Out};

/// How a single board is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardOutput {
    /// One of the text styles.
    Text(Style),
    /// An SVG picture.
    Svg,
    /// A PNG picture.
    Png,
    /// Nothing (`--format none`).
    Nothing,
}

impl From<SolutionFormat> for BoardOutput {
    fn from(format: SolutionFormat) -> BoardOutput {
        match format {
            SolutionFormat::Board => BoardOutput::Text(Style::Board),
            SolutionFormat::Ascii => BoardOutput::Text(Style::Ascii),
            SolutionFormat::List => BoardOutput::Text(Style::List),
            SolutionFormat::Json => BoardOutput::Text(Style::Json),
            SolutionFormat::Leetcode => BoardOutput::Text(Style::LeetCode),
            SolutionFormat::Matrix => BoardOutput::Text(Style::Matrix),
            SolutionFormat::Pairs => BoardOutput::Text(Style::Pairs),
            SolutionFormat::Lines => BoardOutput::Text(Style::Lines),
            SolutionFormat::Svg => BoardOutput::Svg,
            SolutionFormat::Png => BoardOutput::Png,
            SolutionFormat::None => BoardOutput::Nothing,
        }
    }
}

/// One board's output, and whether it is checked on the way out.
#[derive(Debug, Clone, Copy)]
pub struct BoardOut {
    pub output: BoardOutput,
    pub options: RenderOptions,
    pub verify: bool,
}

impl BoardOut {
    /// `--format`, `--one-based` and `--verify` for one board of size `n`,
    /// checked (`command` names the command in the message).
    pub fn from_args(a: &BoardArgs, n: usize, command: &str) -> anyhow::Result<BoardOut> {
        let format = a.format.unwrap_or(if n <= DRAW_MAX {
            SolutionFormat::Board
        } else {
            SolutionFormat::List
        });
        format.check_one_based(a.one_based, a.format.is_some())?;
        let output = BoardOutput::from(format);
        let drawn = match output {
            BoardOutput::Text(style) => style.is_drawing() || style == Style::LeetCode,
            BoardOutput::Svg | BoardOutput::Png => true,
            BoardOutput::Nothing => false,
        };
        if drawn && n > DRAW_MAX {
            usage!(
                "{command} {n} --format {}: a board of more than {DRAW_MAX}×{DRAW_MAX} squares is \
                 unreadable as a drawing or picture (and would flood a terminal); use --format \
                 list (one line) or lines (a column per line), or --format none --verify to check \
                 the board without printing it",
                format.name()
            );
        }
        if a.verify {
            verify_fits(n, command)?;
        }
        Ok(BoardOut {
            output,
            options: RenderOptions {
                one_based: a.one_based,
            },
            verify: a.verify,
        })
    }
}

/// Refuses `--verify` where its check cannot have its memory under
/// `ulimit -v`: it would end at its first allocation that fails (an abort,
/// exit status 134; `solve 1e9 --verify` under `ulimit -v 400000`), as
/// min-conflicts and `count` refuse.
fn verify_fits(n: usize, command: &str) -> anyhow::Result<()> {
    // Five bits a line of the board (columns and both diagonals) and up to
    // two a row of records, with the checking threads beside them.
    let lines = (n as u64).saturating_mul(7) / 8;
    let threads = nqueens::default_threads();
    if let Some(limit) = crate::limits::over_address_space(lines, threads) {
        let needed = lines.saturating_add(crate::limits::address_space_beside(threads));
        usage!(
            "{command} {n} --verify checks the board in about {} (about {} with the rest of the \
             process), more than this process may take (ulimit -v: {}); raise the limit, or drop \
             --verify",
            crate::limits::show_bytes(lines),
            crate::limits::show_bytes(needed),
            crate::limits::show_bytes(limit)
        );
    }
    Ok(())
}

/// From this size on, a note on stderr says how much text is coming.
const WRITE_NOTE: usize = 100_000_000;
/// Rows between looks at the Ctrl-C flag.
const POLL_ROWS: usize = 1 << 20;

/// A writer that fails with `ErrorKind::Interrupted` once Ctrl-C or SIGTERM
/// has set the flag (looked at every few thousand writes, and at every large
/// one), so that a huge board stops at once, between two columns, and what
/// was written is flushed.
struct StopOnInterrupt<'a> {
    inner: &'a mut Out,
    flag: &'a AtomicBool,
    writes: u32,
}

impl Write for StopOnInterrupt<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writes = self.writes.wrapping_add(1);
        // Every few thousand small writes, and at every large one (the
        // column lists come in pieces of kilobytes).
        if (buf.len() >= 1024 || self.writes.is_multiple_of(4096))
            && self.flag.load(Ordering::Relaxed)
        {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        self.inner.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        // `write_all` retries `Interrupted`: answer it here instead.
        let n = self.write(buf)?;
        self.inner.write_all(&buf[n..])
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes the board of size `n` whose columns `columns` yields (and checks
/// it with `--verify`); `started` is when the work began, for the timing
/// the check reports.
pub fn emit(
    n: usize,
    columns: impl Iterator<Item = usize>,
    out: BoardOut,
    started: Instant,
) -> anyhow::Result<Outcome> {
    let mut verifier = out.verify.then(|| LineVerifier::with_size(n));
    let mut stdout = Out::stdout();
    match out.output {
        BoardOutput::Svg | BoardOutput::Png => {
            // At most DRAW_MAX × DRAW_MAX: collect the columns.
            let columns: Vec<usize> = columns.collect();
            if let Some(v) = verifier.as_mut() {
                columns.iter().for_each(|&c| v.push(c));
            }
            let picture = Picture::from_columns(&columns)
                .with_coordinates(true)
                .with_coordinates_from(usize::from(out.options.one_based));
            if out.output == BoardOutput::Svg {
                write_svg(&mut stdout, &picture)?;
            } else {
                write_png(&mut stdout, &picture)?;
            }
        }
        BoardOutput::Text(style) => {
            if n >= WRITE_NOTE {
                let bytes = crate::limits::text_bytes(style, n, usize::from(out.options.one_based));
                crate::exit::note!(
                    "writing {} columns, about {:.1} GB of text; --format none --verify checks \
                     the board without printing it",
                    grouped(n as u128),
                    bytes / 1e9
                );
            }
            let columns = columns.inspect(|&c| {
                if let Some(v) = verifier.as_mut() {
                    v.push(c);
                }
            });
            let flag = interrupt_flag();
            let mut guarded = StopOnInterrupt {
                inner: &mut stdout,
                flag: &flag,
                writes: 0,
            };
            match write_columns(&mut guarded, n, columns, style, out.options) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {
                    // No closing bracket: a cut list must not look like a whole board.
                    stdout.flush()?;
                    crate::exit::note!(
                        "interrupted: the output above stops part way through the board"
                    );
                    return Ok(Outcome::Interrupted);
                }
                result => result?,
            }
        }
        BoardOutput::Nothing => {
            if let Some(v) = verifier.as_mut() {
                let interrupted = interrupt_flag();
                for (row, c) in columns.enumerate() {
                    if row % POLL_ROWS == 0 && interrupted.load(Ordering::Relaxed) {
                        crate::exit::note!("interrupted before the check finished");
                        return Ok(Outcome::Interrupted);
                    }
                    v.push(c);
                }
            } else {
                // Nothing to print and nothing to check: still build the board.
                let checksum = columns.fold(0usize, |acc, c| acc.wrapping_add(c));
                std::hint::black_box(checksum);
            }
        }
    }
    stdout.flush()?;
    let Some(verifier) = verifier else {
        return Ok(Outcome::Yes);
    };
    Ok(report(n, &verifier.finish(), started))
}

/// `--format none --verify` for a board whose rows `rows(range)` yields from
/// any row: checked in blocks of rows on every core, nothing written.
pub fn check_only<I, F>(n: usize, rows: F, started: Instant) -> anyhow::Result<Outcome>
where
    F: Fn(std::ops::Range<usize>) -> I + Sync,
    I: Iterator<Item = usize>,
{
    let interrupted = interrupt_flag();
    match ParallelVerifier::new(n).verify_until(&interrupted, rows) {
        Some(verdict) => Ok(report(n, &verdict, started)),
        None => {
            crate::exit::note!("interrupted before the check finished");
            Ok(Outcome::Interrupted)
        }
    }
}

/// Says whether the board written (or not) passed the check.
fn report(n: usize, verdict: &Verdict, started: Instant) -> Outcome {
    let seconds = started.elapsed().as_secs_f64();
    if verdict.is_solution() {
        crate::exit::note!(
            "verified: {}, no two attack each other ({} in all)",
            nqueens::plural(n as u128, "queen", "queens"),
            nqueens::show_duration(seconds)
        );
        Outcome::Yes
    } else {
        crate::exit::note!(
            "check FAILED: the board above is not a solution for n = {}; this is a bug, please \
             report it with the command line",
            grouped(n as u128)
        );
        Outcome::No
    }
}
