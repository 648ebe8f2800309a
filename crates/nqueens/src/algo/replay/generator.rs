//! The generator: its state tuple, whether it is suspended at a yield,
//! and its chain of suspended `queens()` calls (frames), followed from the
//! board events since the generator sends no event of its own per frame.

use super::{lines, tuple, Replay};
use crate::algo::generator::{frame_lines, GeneratorFrame};
use crate::sink::event::Event;

impl Replay {
    /// The generator's frames after `event`: a test moves the loop of row
    /// `row`'s frame to `col`, a queen below the last row calls the next
    /// frame, a queen taken off ends the frames below its row.
    pub(super) fn follow_frames(&mut self, event: &Event<'_>) {
        let (row, col, call) = match *event {
            Event::Check { row, col, .. } | Event::Backtrack { row, col } => (row, col, false),
            Event::Place { row, col } => (row, col, row + 1 < self.n),
            _ => return,
        };
        self.frames.resize(row + 1, None);
        self.frames[row] = Some(col);
        if call {
            self.frames.push(None);
        }
    }

    /// The caller's `next()`: the generator resumes in `row`.
    pub(super) fn say_resume(&mut self, row: usize) -> (String, Option<usize>) {
        // Suspended at a yield: the resume is just after it.
        let after_yield = self.suspended;
        self.suspended = false;
        let says = if self.started && after_yield {
            format!(
                "next(): the caller asks for another solution; resume just after the yield of {}: its last queen comes off",
                tuple(&self.queens())
            )
        } else if self.started {
            format!(
                "next(): the caller asks for another solution; resume in row {row} with state {}",
                tuple(&self.queens())
            )
        } else {
            "next(): the caller asks for the first solution; the generator starts with state ()"
                .to_string()
        };
        self.started = true;
        (says, Some(0))
    }

    /// A solution handed to the caller; the generator suspends.
    pub(super) fn say_yield(&mut self, columns: &[usize]) -> (String, Option<usize>) {
        let alg = self.algorithm;
        self.suspended = true;
        (
            format!(
                "yield {}: hand the board to the caller and suspend, keeping the state",
                tuple(columns)
            ),
            Some(lines::solution(alg)),
        )
    }

    /// [`Structure::Generator`](super::Structure::Generator) in text, with its frames.
    pub(super) fn describe_generator(
        &self,
        state: Vec<usize>,
        suspended: bool,
        compared: usize,
        square: Option<[usize; 2]>,
        frames: Vec<GeneratorFrame>,
    ) -> Vec<String> {
        let n = self.n;
        let mut out = Vec::new();
        out.push(format!(
            "state = {}{}",
            tuple(&state),
            if suspended {
                "   (suspended at yield)"
            } else {
                ""
            }
        ));
        if let Some([row, col]) = square {
            for (i, s) in state.iter().enumerate().take(compared) {
                let d = s.abs_diff(col);
                out.push(format!(
                    "  abs(state[{i}] - {col}) = {d} in (0, {row} - {i})? {}",
                    if d == 0 || d == row - i { "yes" } else { "no" }
                ));
            }
        }
        out.extend(frame_lines(n, &frames, self.queens().len()));
        out
    }
}
