//! `nqueens trace N`: a search, step by step.
//!
//! Text draws the board after every step that changes it; bitwise's masks are
//! printed in binary with column 0 on the left, like the board, and the
//! heuristic's look-ahead scores are listed per candidate. JSON prints one
//! object per step for programs.

use std::io::{self, Write};
use std::ops::ControlFlow;

use std::path::Path;

use anyhow::Context;
use nqueens::algo::{Algorithm, Event, EventRecord, Sink};
use nqueens::render::{write_animated_svg, write_svg, FrameRecorder, Picture};

use crate::cli::TraceFormat;
use crate::config::grouped;
use crate::exit::Outcome;
use crate::output::Out;

struct Tracer<'a> {
    out: &'a mut Out,
    format: TraceFormat,
    n: usize,
    board: Vec<Option<usize>>,
    steps: u64,
    max_steps: u64,
    stopped: bool,
    solutions: u64,
    error: Option<io::Error>,
}

impl Tracer<'_> {
    /// `0110` with column 0 first.
    fn bits(&self, mask: u64) -> String {
        (0..self.n)
            .map(|c| if mask >> c & 1 == 1 { '1' } else { '0' })
            .collect()
    }

    /// The board, with `mark` drawn as × (a rejected square).
    fn draw(&mut self, mark: Option<(usize, usize)>) -> io::Result<()> {
        let mut line = String::new();
        for r in 0..self.n {
            line.clear();
            for c in 0..self.n {
                if c > 0 {
                    line.push(' ');
                }
                line.push(if mark == Some((r, c)) {
                    '×'
                } else if self.board[r] == Some(c) {
                    '■'
                } else {
                    '□'
                });
            }
            writeln!(self.out, "{line}")?;
        }
        writeln!(self.out)
    }

    fn text(&mut self, event: &Event<'_>) -> io::Result<()> {
        let k = self.steps;
        match *event {
            Event::Place { row, col } => {
                writeln!(self.out, "step {k}: place a queen on ({row}, {col})")?;
                self.draw(None)
            }
            Event::Reject {
                row,
                col,
                by,
                attack,
            } => {
                writeln!(
                    self.out,
                    "step {k}: reject ({row}, {col}): the queen on ({}, {}) attacks it along the {attack}",
                    by.row, by.col
                )?;
                self.draw(Some((row, col)))
            }
            Event::Backtrack { row, col } => {
                writeln!(
                    self.out,
                    "step {k}: backtrack: take the queen off ({row}, {col})"
                )?;
                self.draw(None)
            }
            Event::Visit { columns } => {
                writeln!(self.out, "step {k}: visit the partial board {columns:?}")?;
                self.draw(None)
            }
            Event::Masks {
                row,
                cols,
                diag,
                anti,
                free,
            } => writeln!(
                self.out,
                "step {k}: row {row}: cols {}  diag {}  anti {}  free {}",
                self.bits(cols),
                self.bits(diag),
                self.bits(anti),
                self.bits(free)
            ),
            Event::Scores { row, scores } => {
                let list: Vec<String> = scores
                    .iter()
                    .map(|(c, f)| format!("column {c} (f = {f})"))
                    .collect();
                let list = if list.is_empty() {
                    "none free".to_string()
                } else {
                    list.join(", ")
                };
                writeln!(
                    self.out,
                    "step {k}: row {row} candidates, best first: {list}"
                )
            }
            Event::Solution { columns } => {
                writeln!(
                    self.out,
                    "step {k}: solution {}: {columns:?}",
                    self.solutions
                )?;
                self.draw(None)
            }
            _ => writeln!(self.out, "step {k}: {event:?}"),
        }
    }

    fn json(&mut self, event: &Event<'_>) -> io::Result<()> {
        /// `{"step": k, "event": ..., ...}`: the library's record of the event, numbered.
        #[derive(serde::Serialize)]
        struct Line {
            step: u64,
            #[serde(flatten)]
            record: EventRecord,
        }
        let line = Line {
            step: self.steps,
            record: EventRecord::from(event),
        };
        serde_json::to_writer(&mut *self.out, &line)?;
        writeln!(self.out)
    }
}

impl Sink for Tracer<'_> {
    fn tracing(&self) -> bool {
        true
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        if self.steps >= self.max_steps {
            self.stopped = true;
            return ControlFlow::Break(());
        }
        self.steps += 1;
        match *event {
            Event::Place { row, col } => self.board[row] = Some(col),
            Event::Backtrack { row, .. } => self.board[row] = None,
            Event::Visit { columns } => {
                self.board.iter_mut().for_each(|c| *c = None);
                for (r, &c) in columns.iter().enumerate() {
                    self.board[r] = Some(c);
                }
            }
            Event::Solution { .. } => self.solutions += 1,
            _ => {}
        }
        let written = match self.format {
            TraceFormat::Text => self.text(event),
            TraceFormat::Json => self.json(event),
            TraceFormat::Svg => Ok(()),
        };
        match written.and_then(|()| self.out.end_record()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }

    fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// `trace --format svg`: an animation on stdout, or one picture per step.
#[allow(clippy::print_stderr)]
fn pictures(
    n: usize,
    algorithm: &dyn Algorithm,
    max_steps: u64,
    frames_dir: Option<&Path>,
    delay: f64,
) -> anyhow::Result<Outcome> {
    let max_frames = usize::try_from(max_steps).unwrap_or(usize::MAX);
    let mut recorder = FrameRecorder::new(n).with_max_frames(max_frames);
    algorithm.search(n, &mut recorder)?;
    let frames = recorder.into_frames();
    match frames_dir {
        None => {
            let mut out = Out::stdout();
            write_animated_svg(&mut out, n, &frames, delay)?;
            out.flush()?;
        }
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the folder '{}'", dir.display()))?;
            for (k, frame) in frames.iter().enumerate() {
                let path = dir.join(format!("step-{:04}.svg", k + 1));
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
            eprintln!("wrote {} pictures to {}", frames.len(), dir.display());
        }
    }
    Ok(Outcome::Yes)
}

pub fn run(
    n: usize,
    algorithm: &dyn Algorithm,
    max_steps: u64,
    format: TraceFormat,
    frames_dir: Option<&Path>,
    delay: f64,
) -> anyhow::Result<Outcome> {
    if format == TraceFormat::Svg {
        return pictures(n, algorithm, max_steps, frames_dir, delay);
    }
    let mut out = Out::stdout();
    if format == TraceFormat::Text {
        writeln!(
            out,
            "{} on the {n}×{n} board; squares are (row, column) from 0, ■ a queen, × a rejected square\n",
            algorithm.name()
        )?;
    }
    let mut tracer = Tracer {
        out: &mut out,
        format,
        n,
        board: vec![None; n],
        steps: 0,
        max_steps,
        stopped: false,
        solutions: 0,
        error: None,
    };
    let stats = algorithm.search(n, &mut tracer)?;
    if let Some(e) = tracer.error.take() {
        return Err(e.into());
    }
    let (steps, stopped, solutions) = (tracer.steps, tracer.stopped, tracer.solutions);
    if format == TraceFormat::Text {
        let noun = if solutions == 1 {
            "solution"
        } else {
            "solutions"
        };
        if stopped {
            writeln!(
                out,
                "stopped after {steps} steps (--max-steps {max_steps}), {solutions} {noun} so far; raise --max-steps to see more"
            )?;
        } else {
            writeln!(
                out,
                "{} steps, {solutions} {noun}; nodes {}, placements {}, conflict tests {}, backtracks {}",
                grouped(steps.into()),
                grouped(stats.nodes.into()),
                grouped(stats.placements.into()),
                grouped(stats.conflict_tests.into()),
                grouped(stats.backtracks.into())
            )?;
        }
    }
    out.flush()?;
    Ok(Outcome::Yes)
}
