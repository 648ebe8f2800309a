//! `nqueens trace N`: a search, step by step.
//!
//! Every step is worded by the library's [`Replay`], which also rebuilds the
//! algorithm's own machinery (its stack, flags, queue, counters, masks,
//! scores or exact-cover lists); text prints the words, that structure and
//! the board; JSON prints one object per step for programs (the library's
//! record, numbered, with the same words); `tree` prints the search tree at
//! the end.
//!
//! Memory stays the same however long the trace: text and JSON are written
//! as the steps come and the replay keeps no tree; `tree` keeps its first
//! [`TRACE_TREE_NODES`] nodes and says how many more there were; SVG counts
//! the steps (up to one more than [`TRACE_FRAMES`]) before it records a
//! frame, and refuses a trace with more. A text or JSON trace that may print
//! more than [`TRACE_NOTE_BYTES`] says so on standard error before it starts.

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;

use std::path::Path;

use anyhow::Context;
use nqueens::{write_animated_svg, write_svg, FrameRecorder, Picture};
use nqueens::{Algorithm, Event, MarkKind, Replay, Sink, TreeMark};

use nqueens::grouped;

use crate::exit::{usage, Outcome};
use crate::flags::{BitOrder, TraceArgs, TraceFormat};
use crate::limits::{show_bytes, TRACE_FRAMES, TRACE_NOTE_BYTES, TRACE_NOTE_TERMINAL};
use crate::limits::{TRACE_COUNT_STEPS, TRACE_SAMPLE_STEPS, TRACE_TREE_NODES};
use crate::output::Out;

/// How far and how to trace.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Stop after this many steps.
    pub max_steps: u64,
    /// Stop at this solution.
    pub until: Option<u64>,
    /// Masks with column 0 on the right.
    pub lsb_right: bool,
    /// JSON lines carry the structure after each step.
    pub structure: bool,
    /// How to print.
    pub format: TraceFormat,
}

/// Where a trace writes: standard output, or nothing but a count of bytes.
trait Record: Write {
    /// The end of one step.
    fn end_record(&mut self) -> io::Result<()>;
}

impl Record for Out {
    fn end_record(&mut self) -> io::Result<()> {
        Out::end_record(self)
    }
}

/// Counts the bytes written to it, and keeps none.
#[derive(Default)]
struct Counted(u64);

impl Write for Counted {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Record for Counted {
    fn end_record(&mut self) -> io::Result<()> {
        Ok(())
    }
}

struct Tracer<'a, W: Record> {
    out: &'a mut W,
    options: Options,
    replay: Replay,
    stopped: bool,
    error: Option<io::Error>,
}

/// The line under the title: how squares are named, and the marks the
/// board drawn under the steps of `algorithm` shows, only those (the test
/// `trace_legend_names_the_marks_drawn` holds each to what full traces
/// draw). Algorithms that draw their own grid (recursive-board's 0/1 board,
/// occupancy's counters) explain its marks on the step itself; those whose
/// array shows rows off the current path say what `_` there means.
fn legend(algorithm: &str) -> String {
    // The board's marks: none where the algorithm draws its own grid.
    let marks: &[&str] = match algorithm {
        "recursive-board" | "occupancy" => &[],
        "recursive" | "generator" | "tagged-stack" => &[
            "■ a queen",
            "□ empty",
            "× a rejected square",
            "? the square being checked",
        ],
        "stack" | "bfs" | "heuristic" => &["■ a queen", "□ empty", "× a rejected square"],
        _ => &["■ a queen", "□ empty"],
    };
    let mut line = String::from("squares are (row, column) from 0");
    if !marks.is_empty() {
        line = format!("{line}; {}", marks.join(", "));
    }
    if matches!(algorithm, "recursive" | "stack") {
        line.push_str(
            "; in s, _ is a row not on the current path (the array keeps an old value there, \
             never read)",
        );
    }
    line
}

/// Whether a step changes or marks the board, so that it is drawn.
fn draws_board(event: &Event<'_>) -> bool {
    matches!(
        event,
        Event::Place { .. }
            | Event::Reject { .. }
            | Event::Backtrack { .. }
            | Event::Candidate { .. }
            | Event::Dequeue { .. }
            | Event::Enqueue { .. }
            | Event::Solution { .. }
            | Event::Check { .. }
    )
}

impl<W: Record> Tracer<'_, W> {
    /// The board: ■ a queen, □ empty, × the rejected square, ? the one
    /// being checked.
    fn draw(&mut self) -> io::Result<()> {
        let n = self.replay.n();
        let board = self.replay.board();
        let mark = self.replay.mark();
        let mut line = String::new();
        for (r, queen) in board.iter().enumerate() {
            line.clear();
            for c in 0..n {
                if c > 0 {
                    line.push(' ');
                }
                let marked = mark.filter(|m| m.row == r && m.col == c).map(|m| m.kind);
                line.push(match marked {
                    _ if *queen == Some(c) => '■',
                    Some(MarkKind::Rejected) => '×',
                    Some(MarkKind::Checked) => '?',
                    _ => '□',
                });
            }
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    fn text(&mut self, event: &Event<'_>) -> io::Result<()> {
        let step = self.replay.apply(event);
        writeln!(self.out, "step {}: {}", self.replay.steps(), step.says)?;
        let structure = self.replay.structure_text();
        for line in &structure {
            writeln!(self.out, "  {line}")?;
        }
        // The 0/1 grid and the counter grid are boards already.
        let own_board = matches!(self.replay.algorithm(), "recursive-board" | "occupancy");
        if draws_board(event) && (!own_board || structure.is_empty()) {
            self.draw()?;
        }
        writeln!(self.out)
    }

    fn json(&mut self, event: &Event<'_>) -> io::Result<()> {
        /// `{"step": k, "event": ..., ..., "says": "..."}`: the event as
        /// the library writes it, numbered and in words; with
        /// `--structure`, `"structure": {...}` too, the algorithm's
        /// structure after it (the page's `view.structure`: the generator's
        /// frames, the masks, ...).
        #[derive(serde::Serialize)]
        struct Line<'e> {
            step: u64,
            #[serde(flatten)]
            record: &'e Event<'e>,
            says: String,
            #[serde(skip_serializing_if = "Option::is_none")]
            structure: Option<nqueens::Structure>,
        }
        let step = self.replay.apply(event);
        let line = Line {
            step: self.replay.steps(),
            record: event,
            says: step.says,
            structure: self.options.structure.then(|| self.replay.structure()),
        };
        serde_json::to_writer(&mut *self.out, &line)?;
        writeln!(self.out)
    }
}

impl<W: Record> Sink for Tracer<'_, W> {
    fn tracing(&self) -> bool {
        true
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        if self.replay.steps() >= self.options.max_steps {
            self.stopped = true;
            return ControlFlow::Break(());
        }
        let written = match self.options.format {
            TraceFormat::Text => self.text(event),
            TraceFormat::Json => self.json(event),
            TraceFormat::Svg | TraceFormat::Tree => {
                self.replay.apply(event);
                Ok(())
            }
        };
        if let Err(e) = written.and_then(|()| self.out.end_record()) {
            self.error = Some(e);
            return ControlFlow::Break(());
        }
        match (event, self.options.until) {
            (Event::Solution { .. }, Some(k)) if self.replay.solutions() >= k => {
                ControlFlow::Break(())
            }
            _ => ControlFlow::Continue(()),
        }
    }

    fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// The squares from the root to `node`, as `(row, col)`.
fn path(replay: &Replay, mut node: usize) -> Vec<(usize, usize)> {
    let tree = replay.tree();
    let mut squares = Vec::new();
    while let Some(parent) = tree[node].parent {
        if let (Some(r), Some(c)) = (tree[node].row, tree[node].col) {
            squares.push((r, c));
        }
        node = parent;
    }
    squares.reverse();
    squares
}

/// `trace --format tree`: the tree indented by depth, depth first (no
/// recursion: an explicit stack); for bfs, level by level.
fn write_tree(out: &mut Out, replay: &Replay, bfs: bool) -> io::Result<()> {
    let tree = replay.tree();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); tree.len()];
    for node in tree.iter().skip(1) {
        if let Some(p) = node.parent {
            children[p].push(node.id);
        }
    }
    let describe = |id: usize| -> String {
        let node = &tree[id];
        let square = format!("({}, {})", node.row.unwrap_or(0), node.col.unwrap_or(0));
        match node.mark {
            TreeMark::Root => "the empty board".to_string(),
            TreeMark::Queen => square,
            // (Dancing links fills rows in any order: the item it found
            // empty may be a row or a column.)
            TreeMark::DeadEnd if replay.algorithm() == "dancing-links" => {
                format!("{square}  dead end: a row or column left has no free square, back up")
            }
            TreeMark::DeadEnd => {
                format!("{square}  dead end: no free square in the next row, back up")
            }
            TreeMark::Solution => {
                // Each row's column, whatever order the rows were filled
                // in (dancing links fills them out of order: the columns in
                // the order placed were no solution).
                let mut placed = path(replay, id);
                placed.sort_unstable();
                let cols: Vec<usize> = placed.iter().map(|&(_, c)| c).collect();
                format!("{square}  solution {cols:?}")
            }
            TreeMark::Rejected => format!("× {square}"),
        }
    };
    let brute = replay.algorithm() == "brute-force";
    // Rejected squares under a node, on one line.
    let rejected_line = |id: usize| -> Option<String> {
        let r: Vec<String> = children[id]
            .iter()
            .filter(|&&c| tree[c].mark == TreeMark::Rejected)
            .map(|&c| {
                format!(
                    "({}, {})",
                    tree[c].row.unwrap_or(0),
                    tree[c].col.unwrap_or(0)
                )
            })
            .collect();
        if brute && !r.is_empty() {
            // A candidate's test: the later queen of the first attacking pair.
            return Some(format!(
                "× rejected: the queen on {} is attacked by one above",
                r.join(" ")
            ));
        }
        (!r.is_empty()).then(|| format!("× {}", r.join(" ")))
    };
    if bfs {
        let max_depth = tree.iter().map(|t| t.depth).max().unwrap_or(0);
        for depth in 0..=max_depth {
            let boards: Vec<String> = tree
                .iter()
                .filter(|t| t.depth == depth && t.mark != TreeMark::Rejected)
                .map(|t| {
                    let cols: Vec<usize> = path(replay, t.id).iter().map(|&(_, c)| c).collect();
                    let tag = match t.mark {
                        TreeMark::Solution => " solution",
                        TreeMark::DeadEnd => " dead end",
                        _ => "",
                    };
                    format!("{cols:?}{tag}")
                })
                .collect();
            writeln!(
                out,
                "level {depth} ({}): {}",
                nqueens::plural(boards.len() as u128, "board", "boards"),
                boards.join("  ")
            )?;
        }
        return Ok(());
    }
    let mut stack = vec![(0usize, 0usize)];
    while let Some((id, indent)) = stack.pop() {
        if tree[id].mark == TreeMark::Rejected {
            continue;
        }
        writeln!(out, "{:indent$}{}", "", describe(id), indent = indent * 2)?;
        if let Some(line) = rejected_line(id) {
            writeln!(out, "{:indent$}{line}", "", indent = (indent + 1) * 2)?;
        }
        for &c in children[id].iter().rev() {
            stack.push((c, indent + 1));
        }
    }
    Ok(())
}

/// Counts the steps of a search, as a trace with `until` would take them,
/// up to `most`.
struct Steps {
    steps: u64,
    solutions: u64,
    until: Option<u64>,
    most: u64,
}

impl Sink for Steps {
    fn tracing(&self) -> bool {
        true
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        self.steps += 1;
        if let Event::Solution { .. } = event {
            self.solutions += 1;
            if self.until.is_some_and(|k| self.solutions >= k) {
                return ControlFlow::Break(());
            }
        }
        if self.steps >= self.most {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Refuses, before any frame is recorded or file written, an SVG trace of
/// more than [`TRACE_FRAMES`] steps: with `--max-steps` above the limit, the
/// search is run once without drawing, up to one step more than the limit.
fn check_frames(
    n: usize,
    algorithm: &dyn Algorithm,
    options: &Options,
    frames_dir: Option<&Path>,
) -> anyhow::Result<()> {
    let limit = TRACE_FRAMES as u64;
    if options.max_steps <= limit {
        return Ok(());
    }
    let mut steps = Steps {
        steps: 0,
        solutions: 0,
        until: options.until,
        most: limit + 1,
    };
    algorithm.search(n, &mut steps)?;
    if steps.steps > limit {
        let what = match frames_dir {
            Some(_) => "--frames writes at most",
            None => "one animation holds at most",
        };
        // --until only where a solution comes within the limit (brute
        // force's first at n = 8 is step 3,899,556: it was offered there).
        let until = match (steps.solutions, options.until) {
            (0, _) => "",
            (_, None) => ", --until first",
            (_, Some(k)) if k > 1 => ", a smaller --until",
            (_, Some(_)) => "",
        };
        usage!(
            "trace {n} --format svg: the search of {} takes more than {} steps, one picture each, \
             and {what} {} pictures; add --max-steps {limit} to draw its first steps{until}, or \
             trace a smaller n",
            algorithm.name(),
            grouped(limit.into()),
            grouped(limit.into())
        );
    }
    Ok(())
}

/// Refuses a `--frames` folder that already holds pictures of steps
/// (`step-*.svg`): a shorter trace would overwrite only the first of them,
/// and the folder would hold two searches under one numbering. Nothing is
/// deleted; the folder is read only until the first such name.
fn check_no_old_frames(dir: &Path) -> anyhow::Result<()> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        // Not there yet (it is made), or not a folder (making it says so).
        return Ok(());
    };
    let old = entries.filter_map(Result::ok).find(|e| {
        e.file_name()
            .to_str()
            .is_some_and(|name| name.starts_with("step-") && name.ends_with(".svg"))
    });
    if let Some(old) = old {
        usage!(
            "--frames {}: the folder already holds pictures of steps ({}, ...), which this trace \
             would mix with its own; give an empty or new folder, or remove them first",
            dir.display(),
            old.file_name().to_string_lossy()
        );
    }
    Ok(())
}

/// The seconds each step of an animation is shown without `--delay`.
const DEFAULT_DELAY: f64 = 0.8;

/// `trace --format svg`: an animation on stdout, or one picture per step.
fn pictures(
    n: usize,
    algorithm: &dyn Algorithm,
    options: &Options,
    frames_dir: Option<&Path>,
    delay: f64,
) -> anyhow::Result<Outcome> {
    check_frames(n, algorithm, options, frames_dir)?;
    if let Some(dir) = frames_dir {
        check_no_old_frames(dir)?;
    }
    let max_frames = usize::try_from(options.max_steps).unwrap_or(usize::MAX);
    let mut recorder = FrameRecorder::new(n)
        .with_algorithm(algorithm.name())
        .with_lsb_right(options.lsb_right)
        .with_max_frames(max_frames);
    if let Some(k) = options.until {
        recorder = recorder.stop_after_solutions(usize::try_from(k).unwrap_or(usize::MAX));
    }
    let stats = algorithm.search(n, &mut recorder)?;
    let cut = recorder.cut();
    let frames = recorder.into_frames();
    // The pictures carry no words of their own on where they end. (A stop
    // at --until is what was asked: the last picture is that solution.)
    if cut {
        crate::exit::note!(
            "the pictures show the first {} of the search; raise --max-steps to see more",
            nqueens::plural(frames.len() as u128, "step", "steps")
        );
    }
    match frames_dir {
        None => {
            let mut out = Out::stdout();
            write_animated_svg(&mut out, n, &frames, delay)?;
            out.flush()?;
        }
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the folder '{}'", dir.display()))?;
            // Four digits at least, more where there are more pictures, so
            // that the names sort in the order of the steps.
            let digits = frames.len().to_string().len().max(4);
            for (k, frame) in frames.iter().enumerate() {
                let path = dir.join(format!("step-{:0digits$}.svg", k + 1));
                let file = std::fs::File::create(&path)
                    .with_context(|| format!("cannot write '{}'", path.display()))?;
                let mut file = std::io::BufWriter::new(file);
                write_svg(
                    &mut file,
                    &Picture::from_frame(n, frame).with_coordinates(true),
                )?;
                file.flush()
                    .with_context(|| format!("cannot write '{}'", path.display()))?;
            }
            crate::exit::note!("wrote {} pictures to {}", frames.len(), dir.display());
        }
    }
    Ok(cut_outcome(cut, stats.solutions.into()))
}

/// Says on standard error, before a text or JSON trace starts, how much it
/// may print, when that is a lot: its first [`TRACE_SAMPLE_STEPS`] steps are
/// traced into nothing to measure the bytes a step takes (they grow with n
/// and differ by algorithm), times `--max-steps`. A search that ends within
/// the sample is small, and says nothing.
fn note_size(n: usize, algorithm: &dyn Algorithm, options: &Options) -> anyhow::Result<()> {
    if options.max_steps <= TRACE_SAMPLE_STEPS {
        return Ok(());
    }
    let mut counted = Counted::default();
    let mut sample = Tracer {
        out: &mut counted,
        options: Options {
            max_steps: TRACE_SAMPLE_STEPS,
            ..*options
        },
        replay: Replay::new(algorithm.name(), n)
            .with_lsb_right(options.lsb_right)
            .with_tree_limit(1),
        stopped: false,
        error: None,
    };
    algorithm.search(n, &mut sample)?;
    if !sample.stopped {
        return Ok(());
    }
    let per_step = counted.0 as f64 / TRACE_SAMPLE_STEPS as f64;
    let size = |steps: u64| (per_step * steps as f64).min(u64::MAX as f64) as u64;
    let terminal = io::stdout().is_terminal();
    let large = |bytes: u64| bytes > TRACE_NOTE_BYTES || (terminal && bytes > TRACE_NOTE_TERMINAL);
    if !large(size(options.max_steps)) {
        return Ok(());
    }
    // The search may end long before --max-steps: count its steps, without
    // words, up to a bound.
    let mut steps = Steps {
        steps: 0,
        solutions: 0,
        until: options.until,
        most: options.max_steps.min(TRACE_COUNT_STEPS),
    };
    algorithm.search(n, &mut steps)?;
    let ended = steps.steps < steps.most || options.max_steps <= TRACE_COUNT_STEPS;
    let (up_to, steps) = if ended {
        ("", steps.steps)
    } else {
        ("up to ", options.max_steps)
    };
    let bytes = size(steps);
    if large(bytes) {
        let what = match options.format {
            TraceFormat::Json => "JSON",
            _ => "text",
        };
        crate::exit::note!(
            "note: trace {n} prints {up_to}{} steps, about {} of {what} ({} bytes a step); \
             limit it with --max-steps K{}",
            grouped(steps.into()),
            show_bytes(bytes),
            per_step.round(),
            if options.until.is_none() {
                ", --until first or a smaller n"
            } else {
                " or a smaller n"
            }
        );
    }
    Ok(())
}

/// Runs `nqueens trace`.
pub fn run(a: TraceArgs) -> anyhow::Result<Outcome> {
    let n = a.n;
    let algorithm = a.algorithm.classic().map_err(crate::exit::UsageError)?;
    let algorithm = super::run_algo::with_permutations(algorithm, a.permutations)?;
    // The smaller of the two limits speaks: the algorithm's own below
    // SOLVE_MAX (brute-force), else trace's, whichever algorithm it is.
    if algorithm.max_n() < crate::limits::SOLVE_MAX {
        crate::limits::algorithm_size(algorithm, n)?;
    }
    crate::limits::solvable_size("trace", n)?;
    if a.frames.is_some() && a.format != TraceFormat::Svg {
        usage!("--frames DIR writes SVG pictures; add --format svg");
    }
    if a.bits == BitOrder::LsbRight && algorithm.name() != "bitwise" {
        usage!(
            "--bits orders the masks of `--algorithm bitwise`; {} has none",
            algorithm.name()
        );
    }
    if a.bits == BitOrder::LsbRight && a.format == TraceFormat::Tree {
        usage!("--bits orders the masks the text, JSON and SVG forms show; the tree shows none");
    }
    if algorithm.name() == "bfs" && a.max_steps > crate::limits::BFS_TRACE_STEPS {
        usage!(
            "--max-steps {}: bfs is traced up to {} steps, since its trace holds the search's queue \
             of boards, which grows as it runs (about 720 MB at step 16,000,000 of n = 14); \
             `nqueens count N --algorithm bfs` runs the whole search in far less",
            a.max_steps,
            nqueens::grouped(u128::from(crate::limits::BFS_TRACE_STEPS))
        );
    }
    if a.structure && a.format != TraceFormat::Json {
        usage!("--structure adds the structure to JSON lines; add --format json");
    }
    if a.delay.is_some() && a.format != TraceFormat::Svg {
        usage!("--delay paces the SVG animation; add --format svg");
    }
    if a.delay.is_some() && a.frames.is_some() {
        usage!("--delay paces the animation, and --frames DIR writes still pictures: drop one");
    }
    let options = &Options {
        max_steps: a.max_steps,
        until: a.until,
        lsb_right: a.bits == BitOrder::LsbRight,
        structure: a.structure,
        format: a.format,
    };
    let (frames_dir, delay) = (
        a.frames.as_deref(),
        a.delay.map_or(DEFAULT_DELAY, |d| d.as_secs_f64()),
    );
    let format = options.format;
    if format == TraceFormat::Svg {
        return pictures(n, algorithm, options, frames_dir, delay);
    }
    if matches!(format, TraceFormat::Text | TraceFormat::Json) {
        note_size(n, algorithm, options)?;
    }
    let mut out = Out::stdout();
    if format == TraceFormat::Text {
        writeln!(
            out,
            "{} on the {n}×{n} board: {}\n{}\n",
            algorithm.name(),
            algorithm.summary(),
            legend(algorithm.name()),
        )?;
        if algorithm.name() == "occupancy" {
            writeln!(
                out,
                "why counters and not 0/1 flags: a square can be attacked by two queens; \
                 taking one back must leave it attacked (a 0/1 reset, the tutorial's \
                 update_reset, would free it)\n"
            )?;
        }
    }
    // Text and JSON need no tree; `tree` draws the first nodes.
    let tree_nodes = match format {
        TraceFormat::Tree => TRACE_TREE_NODES,
        _ => 1,
    };
    let mut tracer = Tracer {
        out: &mut out,
        options: *options,
        replay: Replay::new(algorithm.name(), n)
            .with_lsb_right(options.lsb_right)
            .with_tree_limit(tree_nodes),
        stopped: false,
        error: None,
    };
    let stats = algorithm.search(n, &mut tracer)?;
    if let Some(e) = tracer.error.take() {
        return Err(e.into());
    }
    let stopped = tracer.stopped;
    let replay = tracer.replay;
    let (steps, solutions) = (replay.steps(), replay.solutions());
    let solved = nqueens::plural(u128::from(solutions), "solution", "solutions");
    let until_reached = options.until.is_some_and(|k| solutions >= k);
    match format {
        TraceFormat::Text => {
            if stopped {
                writeln!(
                    out,
                    "stopped after {} (--max-steps {}), {solved} so far; raise --max-steps to see more",
                    nqueens::plural(u128::from(steps), "step", "steps"),
                    options.max_steps
                )?;
            } else if until_reached {
                writeln!(
                    out,
                    "stopped at solution {solutions} (--until) after {} steps; nodes {}, reads {}, writes {}",
                    grouped(steps.into()),
                    grouped(stats.nodes.into()),
                    grouped(stats.reads.into()),
                    grouped(stats.writes.into())
                )?;
            } else {
                writeln!(
                    out,
                    "{} steps, {solved}; nodes {}, placements {}, conflict tests {}, backtracks {}, reads {}, writes {}, peak {}",
                    grouped(steps.into()),
                    grouped(stats.nodes.into()),
                    grouped(stats.placements.into()),
                    grouped(stats.conflict_tests.into()),
                    grouped(stats.backtracks.into()),
                    grouped(stats.reads.into()),
                    grouped(stats.writes.into()),
                    grouped(stats.peak_frontier.into())
                )?;
            }
        }
        TraceFormat::Tree => {
            // (bfs draws its levels, without the squares it rejected.)
            let rejected = algorithm.name() != "bfs"
                && replay.tree().iter().any(|t| t.mark == TreeMark::Rejected);
            writeln!(
                out,
                "the search tree of {} on the {n}×{n} board ({} steps, {solved}{}){}",
                algorithm.name(),
                grouped(steps.into()),
                if stopped {
                    ", stopped by --max-steps".to_string()
                } else if until_reached {
                    format!(", stopped at solution {solutions} (--until)")
                } else {
                    String::new()
                },
                if rejected { "; × rejected squares" } else { "" }
            )?;
            write_tree(&mut out, &replay, algorithm.name() == "bfs")?;
            let (drawn, made) = (replay.tree().len(), replay.nodes_made());
            if made > drawn {
                writeln!(
                    out,
                    "the tree is drawn for its first {} nodes; {} more nodes not shown \
                     (limit the trace with --max-steps K or --until first to see it whole)",
                    grouped(drawn as u128),
                    grouped((made - drawn) as u128)
                )?;
            }
        }
        // JSON lines hold only steps: a cut goes to stderr. (A stop at
        // --until is what was asked: the last line is that solution.)
        TraceFormat::Json if stopped => crate::exit::note!(
            "the trace stopped after {} (--max-steps {}), {solved} so far; raise --max-steps to see more",
            nqueens::plural(u128::from(steps), "step", "steps"),
            options.max_steps
        ),
        TraceFormat::Json | TraceFormat::Svg => {}
    }
    out.flush()?;
    Ok(cut_outcome(stopped, solutions.into()))
}

/// The exit status of a trace: 1, as solve and all give, when the whole
/// search found no solution; 3 (unknown) when it was cut short before any
/// (it exited 0, as if one had been found).
fn cut_outcome(cut: bool, solutions: u128) -> Outcome {
    if cut && solutions == 0 {
        Outcome::Unknown
    } else {
        Outcome::of_count(solutions)
    }
}
