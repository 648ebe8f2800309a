//! `nqueens complete`: finish a board with pre-placed queens, blocked
//! squares or excluded diagonals, prove that it cannot be done, or count and
//! list the completions.

use std::io::{self, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use nqueens::Square;
use nqueens::{
    parse_instance, Answer, Clash, CountProgress, InputFormat, Instance, InstanceFormat as Format,
    ReadOptions,
};

use nqueens::{grouped, plural};

use crate::exit::{usage, Outcome};
use crate::flags::{CompleteArgs, CompleteFormat, VerifyArgs, VerifyFormat};
use crate::limits::{flag_bytes, show_bytes, COMPLETE_MEMORY, DRAW_MAX, PROGRAM_MEMORY};
use crate::output::{interrupt_flag, Out};
use crate::progress::Progress;

/// The most bytes an instance (or a placement checked against one) may
/// have: 16 MiB, a drawn board of about 4,000 × 4,000 squares; the CSPLib
/// and JSON forms describe larger boards in less.
const INSTANCE_BYTES_MAX: u64 = 16 << 20;

/// Reads all of a file, or of standard input for `-`, up to
/// [`INSTANCE_BYTES_MAX`]: its name for messages, and its text. Binary
/// input (a NUL byte) is refused before it is read whole.
fn read_text(path: &Path, what: &str) -> anyhow::Result<(String, String)> {
    let (name, reader): (String, Box<dyn Read>) = if path.as_os_str() == "-" {
        crate::exit::readable_stdin(what)?;
        let stdin = io::stdin();
        if stdin.is_terminal() {
            crate::exit::note!("reading {what} from the terminal; end it with Ctrl-D");
        }
        ("standard input".to_string(), Box::new(stdin.lock()))
    } else {
        let file = std::fs::File::open(path)
            .with_context(|| format!("cannot read '{}'", path.display()))?;
        (format!("'{}'", path.display()), Box::new(file))
    };
    let mut bytes = Vec::new();
    let mut limited = reader.take(INSTANCE_BYTES_MAX + 1);
    let mut chunk = [0u8; 64 * 1024];
    loop {
        let got = match limited.read(&mut chunk) {
            Ok(0) => break,
            Ok(got) => got,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot read {name}")),
        };
        // A picture, as plain verify says it (an SVG was 'token 1 ("<svg")
        // is not a column', a PNG, whose NUL bytes come first, "binary").
        if bytes.is_empty() && crate::files::is_picture(&chunk[..got]) {
            usage!(
                "{name} is a picture (SVG or PNG), not {what}: give it in a text form the \
                 program writes (--format ascii, for example)"
            );
        }
        if chunk[..got].contains(&0) {
            usage!(
                "{name} is binary (it holds a NUL byte at offset {}), not {what}",
                bytes.len() + chunk[..got].iter().position(|&b| b == 0).unwrap_or(0)
            );
        }
        bytes.extend_from_slice(&chunk[..got]);
        if bytes.len() as u64 > INSTANCE_BYTES_MAX {
            // The advice is for a drawn board (JSON starts with `{`, a
            // CSPLib file with a name such as `letting` or `n`): it was given
            // to CSPLib files too.
            let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
            let drawn =
                !matches!(first, Some(b'{') | Some(b'a'..=b'p' | b'r'..=b'w' | b'y' | b'z'));
            usage!(
                "{name} is over {} MiB, more than {what} can take here{}",
                INSTANCE_BYTES_MAX >> 20,
                if drawn {
                    "; describe a large board in the CSPLib or JSON form, which lists only the \
                     queens and blocked squares"
                } else {
                    ""
                }
            );
        }
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok((name, text)),
        Err(_) => usage!("{name} is not UTF-8 text; it should hold {what}"),
    }
}

/// Reads an instance file (`-` for standard input).
fn read_instance(path: &Path, diagonals: Option<usize>) -> anyhow::Result<Instance> {
    let what = "a drawn board, a CSPLib parameter file or JSON";
    let (name, text) = read_text(path, what)?;
    let (instance, format) = match parse_instance(&text, ReadOptions { diagonals }) {
        Ok(read) => read,
        Err(e) => usage!("cannot read an instance from {name}: {e}"),
    };
    if diagonals.is_some() && format != Format::Diagonals {
        usage!(
            "--diagonals D takes the first D diagonals of an excluded-diagonals file \
             (`n = ...`, `numdiags = ...`, `diags = [...]`), and {name} is not one"
        );
    }
    Ok(instance)
}

/// What `complete` does once it has its instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CompleteMode {
    /// The first completion, on this many threads.
    First { threads: usize },
    /// Every completion, up to a limit.
    All { limit: Option<u64> },
    /// Count them on this many threads.
    Count { threads: usize },
}

/// `nqueens complete`, checked.
struct CompleteRun {
    /// The instance file (`None` with `--n`); `Some("-")` is standard input.
    input: Option<std::path::PathBuf>,
    /// `--n`, when there is no file.
    n: Option<usize>,
    /// `--queen` and `--block`, 0-based.
    queens: Vec<Square>,
    blocks: Vec<Square>,
    diagonals: Option<usize>,
    mode: CompleteMode,
    timeout: Option<std::time::Duration>,
    stats: bool,
    /// `--memory`, or [`COMPLETE_MEMORY`].
    memory: u64,
    /// Draw a progress bar for `--count`.
    progress: bool,
    format: Option<CompleteFormat>,
    one_based: bool,
}

/// `--queen` or `--block` squares as typed, made 0-based.
fn squares(flag: &str, values: &[(usize, usize)], one_based: bool) -> anyhow::Result<Vec<Square>> {
    let base = usize::from(one_based);
    let mut out = Vec::with_capacity(values.len());
    for &(row, col) in values {
        match (row.checked_sub(base), col.checked_sub(base)) {
            (Some(r), Some(c)) => out.push(Square::new(r, c)),
            _ => usage!(
                "invalid {flag} {row},{col}: with --one-based, rows and columns count from 1"
            ),
        }
    }
    Ok(out)
}

impl CompleteRun {
    fn from_args(a: CompleteArgs) -> anyhow::Result<CompleteRun> {
        if a.input.is_none() && a.size.is_none() {
            usage!(
                "complete needs a board: a file (`-` for standard input), or --n N with --queen \
                 ROW,COL and --block ROW,COL"
            );
        }
        if let Some(n) = a.size.filter(|&n| n > nqueens::COMPLETE_MAX_N) {
            usage!(
                "complete --n {}: completion takes n up to {}: the solver keeps a trail of the \
                 squares it takes away, 4 bytes a square (17 GiB at that size)",
                grouped(n as u128),
                grouped(nqueens::COMPLETE_MAX_N as u128)
            );
        }
        if let Some(format) = a.format.filter(|&f| a.count && f != CompleteFormat::Json) {
            usage!(
                "--count prints a number, and --format {} writes completions: leave --format \
                 out, or give --format json",
                clap::ValueEnum::to_possible_value(&format)
                    .map_or_else(String::new, |v| v.get_name().to_string())
            );
        }
        let mode = if a.count {
            CompleteMode::Count {
                threads: a.threads.unwrap_or_else(nqueens::default_threads),
            }
        } else if a.all {
            CompleteMode::All { limit: a.limit }
        } else {
            CompleteMode::First {
                threads: a.threads.unwrap_or_else(nqueens::default_threads),
            }
        };
        Ok(CompleteRun {
            queens: squares("--queen", &a.queen, a.one_based)?,
            blocks: squares("--block", &a.block, a.one_based)?,
            input: a.input,
            n: a.size,
            diagonals: a.diagonals,
            mode,
            timeout: a.timeout,
            stats: a.stats,
            memory: a.memory.unwrap_or(COMPLETE_MEMORY),
            progress: a.progress.is_on(),
            format: a.format,
            one_based: a.one_based,
        })
    }
}

/// `nqueens verify --instance FILE [CANDIDATE]`: each placement must be a
/// solution and complete the instance.
pub fn verify(a: VerifyArgs, instance_path: &Path) -> anyhow::Result<Outcome> {
    if matches!(a.format, VerifyFormat::Svg | VerifyFormat::Png) {
        usage!("--instance reports in text or json; drop --format svg/png");
    }
    let (diagonals, one_based) = (a.diagonals, a.one_based);
    let json = a.format == VerifyFormat::Json;
    let input = a.input.as_deref().filter(|p| p.as_os_str() != "-");
    let instance = read_instance(instance_path, diagonals)?;
    let (name, text) = read_text(input.unwrap_or(Path::new("-")), "a placement")?;
    // The forms plain `verify` reads, told apart the same way (or as
    // --input-format says): every form the program writes.
    let sniffed = nqueens::sniff_format(text.as_bytes(), true).unwrap_or(InputFormat::Columns);
    let form = a.input_format.map_or(sniffed, |f| f.format());
    // A drawn answer may mark blocked squares, as `complete` draws them:
    // then exactly the instance's (below).
    let placements = match nqueens::parse_placements_with_blocked(&text, form, one_based) {
        Ok(p) => p,
        Err(e) => usage!(
            "cannot read a placement from {name}: {}",
            crate::flags::in_flags_of(&e, a.input_format.is_some())
        ),
    };
    let base = usize::from(one_based);
    let at = |s: Square| format!("({}, {})", s.row + base, s.col + base);
    let mut out = Out::stdout();
    let mut failures = 0;
    // Several placements are numbered, as plain `verify` numbers them,
    // and summed up after.
    let many = placements.len() > 1;
    for (k, (placement, marked)) in placements.iter().enumerate() {
        let label = if many {
            format!("placement {}: ", k + 1)
        } else {
            String::new()
        };
        let mut problems = Vec::new();
        if placement.n() != instance.n() {
            problems.push(format!(
                "the placement is {m}×{m} and the instance {n}×{n}",
                m = placement.n(),
                n = instance.n()
            ));
        } else {
            if !placement.is_solution() {
                let pairs = placement.conflict_count();
                problems.push(format!(
                    "not a solution: {}, {} (plain `nqueens verify` lists them)",
                    plural(placement.queens().len() as u128, "queen", "queens"),
                    plural(pairs, "attacking pair", "attacking pairs")
                ));
            }
            let queens = placement.queens();
            for q in instance.queens() {
                if queens.binary_search(&q).is_err() {
                    problems.push(format!("the pre-placed queen at {} is missing", at(q)));
                }
            }
            // (A square on an excluded diagonal is drawn blocked.)
            for &b in marked {
                if instance.is_allowed(b) {
                    problems.push(format!(
                        "the board marks {} blocked, which the instance does not",
                        at(b)
                    ));
                }
            }
            // A board that marks blocked squares (as `complete` draws them)
            // must mark all of the instance's; one that marks none is a
            // plain placement.
            if !marked.is_empty() {
                let mut drawn = marked.clone();
                drawn.sort_unstable();
                // (A square under a queen cannot show its mark: the queen
                // on it is reported below.)
                let unmarked_at = |s: &Square| {
                    drawn.binary_search(s).is_err() && queens.binary_search(s).is_err()
                };
                for b in instance.blocked() {
                    if unmarked_at(&b) {
                        problems.push(format!(
                            "the board does not mark {} blocked, which the instance does",
                            at(b)
                        ));
                    }
                }
                // And the squares of its excluded diagonals, one problem a
                // diagonal (a drawn board is at most a few thousand a side).
                let n = instance.n();
                let unmarked = |on: &dyn Fn(usize) -> Option<usize>| {
                    (0..n).find_map(|row| {
                        let s = Square::new(row, on(row)?);
                        unmarked_at(&s).then_some(s)
                    })
                };
                for sum in instance.excluded_sums() {
                    if let Some(s) = unmarked(&|row| sum.checked_sub(row).filter(|&c| c < n)) {
                        problems.push(format!(
                            "the board does not mark {} blocked, which the instance excludes \
                             (its sum diagonal row + col = {sum})",
                            at(s)
                        ));
                    }
                }
                for d in instance.excluded_differences() {
                    // row − col + n − 1 = d.
                    if let Some(s) =
                        unmarked(&|row| (row + n - 1).checked_sub(d).filter(|&c| c < n))
                    {
                        problems.push(format!(
                            "the board does not mark {} blocked, which the instance excludes \
                             (its difference diagonal row − col + n − 1 = {d})",
                            at(s)
                        ));
                    }
                }
            }
            for &q in queens {
                if instance.is_blocked(q) {
                    problems.push(format!("the queen at {} stands on a blocked square", at(q)));
                } else if !instance.is_allowed(q) {
                    problems.push(format!(
                        "the queen at {} stands on an excluded diagonal",
                        at(q)
                    ));
                }
            }
        }
        if !problems.is_empty() {
            failures += 1;
            crate::exit::answer(Outcome::No);
        }
        if json {
            /// One placement's verdict, as JSON: plain `verify`'s keys
            /// (but the list of conflicts, which plain `verify` gives),
            /// then the instance's.
            #[derive(serde::Serialize)]
            struct Report<'a> {
                n: usize,
                queens: usize,
                solution: bool,
                conflict_count: u128,
                completes: bool,
                problems: &'a [String],
            }
            let report = Report {
                n: placement.n(),
                queens: placement.queens().len(),
                solution: placement.is_solution(),
                conflict_count: placement.conflict_count(),
                completes: problems.is_empty(),
                problems: &problems,
            };
            serde_json::to_writer(&mut out, &report)?;
            writeln!(out)?;
        } else if problems.is_empty() {
            writeln!(
                out,
                "{label}OK: a solution for n = {} that completes the instance",
                nqueens::grouped(placement.n() as u128)
            )?;
        } else {
            writeln!(out, "{label}not a completion of the instance:")?;
            for p in &problems {
                writeln!(out, "  {p}")?;
            }
        }
    }
    if many && !json {
        writeln!(
            out,
            "{} of {} placements {} the instance",
            grouped(if failures == 0 {
                placements.len() as u128
            } else {
                failures as u128
            }),
            grouped(placements.len() as u128),
            if failures == 0 {
                "complete"
            } else if failures == 1 {
                "does not complete"
            } else {
                "do not complete"
            }
        )?;
    }
    out.flush()?;
    Ok(if failures == 0 {
        Outcome::Yes
    } else {
        Outcome::No
    })
}

/// Reads the instance from the file, standard input or `--n`, then adds
/// `--queen` and `--block`.
fn instance(run: &CompleteRun) -> anyhow::Result<Instance> {
    let mut instance = match (&run.input, run.n) {
        (Some(path), _) => read_instance(path, run.diagonals)?,
        (None, Some(_)) if run.diagonals.is_some() => usage!(
            "--diagonals D takes the first D diagonals of an excluded-diagonals file, and \
             there is no file here (the board comes from --n); give the file, or leave out \
             --diagonals"
        ),
        (None, Some(n)) => Instance::new(n)?,
        (None, None) => usage!("complete needs a board: a file, `-`, or --n N"),
    };
    let base = usize::from(run.one_based);
    for (flag, squares) in [("--queen", &run.queens), ("--block", &run.blocks)] {
        for &square in squares {
            let added = if flag == "--queen" {
                instance.place(square)
            } else {
                instance.block(square)
            };
            match added {
                Ok(()) => {}
                Err(nqueens::Error::OutOfRange { .. }) => usage!(
                    "{flag} {},{}: the square is off the {n}×{n} board (rows and columns run \
                     {base}..={})",
                    square.row + base,
                    square.col + base,
                    instance.n() - 1 + base,
                    n = instance.n()
                ),
                Err(nqueens::Error::DuplicateQueen(_)) => usage!(
                    "{flag} {},{}: a queen stands there already; a square holds one queen",
                    square.row + base,
                    square.col + base
                ),
                // The library's message, as the API gives it.
                Err(e) => usage!("{flag} {},{}: {e}", square.row + base, square.col + base),
            }
        }
    }
    Ok(instance)
}

/// A flag that Ctrl-C, SIGTERM or the timeout sets; the second says which.
fn stop_flags(
    run: &CompleteRun,
    reading: &Arc<AtomicBool>,
) -> anyhow::Result<(Arc<AtomicBool>, Arc<AtomicBool>)> {
    let stop = interrupt_flag();
    let timed_out = Arc::new(AtomicBool::new(false));
    if let Some(limit) = run.timeout {
        let (stop, timed_out) = (Arc::clone(&stop), Arc::clone(&timed_out));
        let reading = Arc::clone(reading);
        let timer = std::thread::Builder::new().spawn(move || {
            std::thread::sleep(limit);
            // Still reading the instance (a FIFO nobody writes, a slow
            // pipe): the read cannot be interrupted, so the answer is given
            // here, and the process ends.
            if reading.load(Ordering::SeqCst) {
                crate::exit::note!(
                    "unknown: no answer within the --timeout of {} s (the instance was \
                     still being read)",
                    limit.as_secs_f64()
                );
                std::process::exit(3);
            }
            timed_out.store(true, Ordering::Relaxed);
            stop.store(true, Ordering::Relaxed);
        });
        if let Err(e) = timer {
            usage!("cannot start the thread that keeps --timeout: {e}");
        }
    }
    Ok((stop, timed_out))
}

/// Runs `nqueens complete`.
pub fn run(a: CompleteArgs) -> anyhow::Result<Outcome> {
    let run = CompleteRun::from_args(a)?;
    // The timeout covers reading the instance too.
    let reading = Arc::new(AtomicBool::new(true));
    let (stop, timed_out) = stop_flags(&run, &reading)?;
    let instance = instance(&run)?;
    reading.store(false, Ordering::SeqCst);
    let n = instance.n();
    let threads = match run.mode {
        CompleteMode::Count { threads } => threads,
        // Deciding keeps one board whatever the threads: the split search of
        // boards up to 64 wide holds a few words a node.
        CompleteMode::First { .. } | CompleteMode::All { .. } => 1,
    };
    let needed = nqueens::completion_memory(n, threads).saturating_add(PROGRAM_MEMORY);
    let (needed_shown, memory_shown) = crate::limits::show_bytes_apart(needed, run.memory);
    if needed > run.memory {
        usage!(
            "completing {} {n}×{n} board may need {} (4 bytes a square, 2 bits a square of bit rows \
             and 4 KiB for {}, and {} for the program), more than \
             --memory {}{}; give --memory {} if the machine has it{}",
            nqueens::article(n as u128),
            needed_shown,
            if threads > 1 {
                format!("each of {threads} threads' boards and the root's")
            } else {
                "its one board".to_string()
            },
            show_bytes(PROGRAM_MEMORY),
            memory_shown,
            if run.memory == COMPLETE_MEMORY {
                " (the default)"
            } else {
                ""
            },
            flag_bytes(needed),
            if threads > 1 {
                ", or fewer threads with -j"
            } else {
                ""
            }
        );
    }
    // Under `ulimit -v` a search that cannot fit would end at its first
    // allocation that fails (an abort: `complete --n 10000` under `ulimit -v
    // 300000`): refused now, as --memory is. Its threads' stacks and arenas
    // count there, the first completion's too (one board, many threads).
    let working = match run.mode {
        CompleteMode::Count { threads } | CompleteMode::First { threads } => threads,
        CompleteMode::All { .. } => 1,
    };
    let search = needed - PROGRAM_MEMORY;
    if let Some(limit) = crate::limits::over_address_space(search, working) {
        let beside = crate::limits::address_space_beside(working);
        usage!(
            "completing {} {n}×{n} board may need {} (and {} of address space beside: thread \
             stacks, allocator arenas and the program), more than this process may take \
             (ulimit -v: {}); raise the limit{}",
            nqueens::article(n as u128),
            show_bytes(search),
            show_bytes(beside),
            show_bytes(limit),
            if working > 1 {
                ", or use fewer threads with -j"
            } else {
                ""
            }
        );
    }
    let format = run.format.unwrap_or(if n <= DRAW_MAX {
        CompleteFormat::Board
    } else {
        CompleteFormat::List
    });
    if matches!(format, CompleteFormat::Board | CompleteFormat::Ascii) && n > DRAW_MAX {
        usage!(
            "a drawn board of more than {DRAW_MAX}×{DRAW_MAX} squares is unreadable; use \
             --format list or json for this {n}×{n} board"
        );
    }
    match instance.check() {
        Ok(()) => {}
        // Two queens attacking each other: a board that cannot be finished.
        Err(clash @ Clash::Attack { .. }) => {
            let clash = clash.numbered_from(usize::from(run.one_based));
            crate::exit::note!("no completion exists: {clash}");
            // A count is asked for: it is 0, printed as any count is (it
            // printed nothing, where other boards with none print 0).
            if let CompleteMode::Count { .. } = run.mode {
                let mut out = Out::stdout();
                write_count(&mut out, format, n, 0, 0.0)?;
                out.flush()?;
            }
            return Ok(Outcome::No);
        }
        // A queen where the instance forbids one: the instance contradicts itself.
        Err(clash) => usage!(
            "the instance contradicts itself: {}; remove the queen or the block or exclusion \
             under it",
            clash.numbered_from(usize::from(run.one_based))
        ),
    }
    let started = Instant::now();
    let stopped = |outcome_if_done: Outcome| {
        if timed_out.load(Ordering::Relaxed) {
            crate::exit::note!(
                "unknown: no answer within the --timeout of {} s",
                run.timeout.map_or(0.0, |t| t.as_secs_f64())
            );
            Outcome::Unknown
        } else if stop.load(Ordering::Relaxed) {
            crate::exit::note!("interrupted before the search finished");
            Outcome::Interrupted
        } else {
            outcome_if_done
        }
    };
    let mut out = Out::stdout();
    let draw = Draw {
        instance: &instance,
        format,
        base: usize::from(run.one_based),
    };
    let outcome = match run.mode {
        CompleteMode::First { threads } => {
            let (answer, stats) = nqueens::complete_on(&instance, threads, &stop)?;
            print_stats(run.stats, stats.nodes, stats.forced, started);
            match answer {
                Answer::Found(columns) => {
                    draw.write(&mut out, &columns)?;
                    Outcome::Yes
                }
                Answer::NoCompletion => {
                    crate::exit::note!(
                        "no completion exists (the search tried every possibility: {} nodes)",
                        grouped(u128::from(stats.nodes))
                    );
                    Outcome::No
                }
                _ => stopped(Outcome::Interrupted),
            }
        }
        CompleteMode::All { limit } => {
            let limit = limit.unwrap_or(u64::MAX);
            let mut printed = 0u64;
            let mut more = false;
            let mut error = None;
            let mut visit = |columns: &[usize]| {
                if printed >= limit {
                    // One past the limit: the list is cut short.
                    more = true;
                    return ControlFlow::Break(());
                }
                let written = (|| -> io::Result<()> {
                    if printed > 0 && draw.is_drawing() {
                        out.write_all(b"\n")?;
                    }
                    draw.write(&mut out, columns)?;
                    out.end_record()
                })();
                printed += 1;
                match written {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        error = Some(e);
                        ControlFlow::Break(())
                    }
                }
            };
            let (stats, was_stopped) = nqueens::for_each_completion(&instance, &stop, &mut visit)?;
            if let Some(e) = error {
                return Err(e.into());
            }
            print_stats(run.stats, stats.nodes, stats.forced, started);
            if was_stopped && printed > 0 && timed_out.load(Ordering::Relaxed) {
                // The completions printed answer "does one exist?": yes.
                // Only the list is cut short.
                out.flush()?;
                crate::exit::note!(
                    "stopped at the --timeout of {} s after {}; there may be more",
                    run.timeout.map_or(0.0, |t| t.as_secs_f64()),
                    plural(u128::from(printed), "completion", "completions")
                );
                Outcome::Yes
            } else if was_stopped {
                out.flush()?;
                stopped(Outcome::Interrupted)
            } else if printed == 0 {
                crate::exit::note!("no completion exists");
                Outcome::No
            } else {
                if draw.is_drawing() {
                    let count = plural(u128::from(printed), "completion", "completions");
                    if more {
                        writeln!(out, "\n{count} (stopped at --limit {limit})")?;
                    } else {
                        writeln!(out, "\n{count}")?;
                    }
                } else if more {
                    // A line form holds the completions only: the cut goes
                    // to stderr.
                    out.flush()?;
                    crate::exit::note!("stopped at --limit {limit}; there are more completions");
                }
                Outcome::Yes
            }
        }
        CompleteMode::Count { threads } => {
            let mut bar: Option<Progress> = None;
            let (count, stats) = nqueens::count_completions_with_progress(
                &instance,
                threads,
                &stop,
                &mut |event| match event {
                    CountProgress::Split { tasks } => {
                        bar = Some(
                            Progress::new(run.progress, tasks, 0, 0)
                                .counting("completion", "completions"),
                        );
                    }
                    CountProgress::TaskDone { completions } => {
                        if let Some(bar) = bar.as_mut() {
                            bar.task(completions);
                            bar.draw();
                        }
                    }
                    _ => {}
                },
            )?;
            if let Some(bar) = bar.as_mut() {
                bar.finish();
            }
            print_stats(run.stats, stats.nodes, stats.forced, started);
            match count {
                Some(count) => {
                    // The count proves whether one exists (exit 1 if none).
                    let answer = crate::exit::answer(Outcome::of_count(count));
                    write_count(&mut out, format, n, count, started.elapsed().as_secs_f64())?;
                    answer
                }
                None => stopped(Outcome::Interrupted),
            }
        }
    };
    out.flush()?;
    Ok(outcome)
}

/// `--count`'s line: `4 completions`, or as JSON.
fn write_count(
    out: &mut impl Write,
    format: CompleteFormat,
    n: usize,
    count: u128,
    seconds: f64,
) -> anyhow::Result<()> {
    match format {
        CompleteFormat::Json => {
            /// The count, as JSON.
            #[derive(serde::Serialize)]
            struct Counted {
                n: usize,
                completions: u128,
                seconds: f64,
            }
            serde_json::to_writer(
                &mut *out,
                &Counted {
                    n,
                    completions: count,
                    seconds,
                },
            )?;
            writeln!(out)?;
        }
        _ => writeln!(out, "{}", plural(count, "completion", "completions"))?,
    }
    Ok(())
}

fn print_stats(on: bool, nodes: u64, forced: u64, started: Instant) {
    if on {
        crate::exit::note!(
            "search: {} nodes, {} forced placements, {}",
            grouped(u128::from(nodes)),
            grouped(u128::from(forced)),
            nqueens::show_duration(started.elapsed().as_secs_f64())
        );
    }
}

/// Writes a completion, the pre-placed queens told apart from the added ones.
struct Draw<'a> {
    instance: &'a Instance,
    format: CompleteFormat,
    base: usize,
}

impl Draw<'_> {
    fn is_drawing(&self) -> bool {
        matches!(self.format, CompleteFormat::Board | CompleteFormat::Ascii)
    }

    fn write(&self, out: &mut impl Write, columns: &[usize]) -> io::Result<()> {
        let n = columns.len();
        let (given, added, blocked, free) = match self.format {
            CompleteFormat::Board => ("♛", "■", "×", "□"),
            CompleteFormat::Ascii => ("Q", "q", "x", "."),
            CompleteFormat::List | CompleteFormat::Json => {
                let style = if self.format == CompleteFormat::List {
                    nqueens::Style::List
                } else {
                    nqueens::Style::Json
                };
                let options = nqueens::RenderOptions {
                    one_based: self.base == 1,
                };
                return nqueens::write_solution(out, columns, style, options);
            }
        };
        let mut line = String::with_capacity(4 * n);
        for (row, &col) in columns.iter().enumerate() {
            line.clear();
            for c in 0..n {
                if c > 0 {
                    line.push(' ');
                }
                let square = Square::new(row, c);
                line.push_str(if c == col && self.instance.has_queen(square) {
                    given
                } else if c == col {
                    added
                } else if !self.instance.is_allowed(square) {
                    // Blocked, or on an excluded diagonal: no queen may
                    // stand there either way, and read back as blocked the
                    // board keeps its completions (drawn free, the
                    // exclusions were lost).
                    blocked
                } else {
                    free
                });
            }
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    }
}
