//! The stack and the tagged stack: the squares still to try, and for the
//! tagged stack each node's tag and the flag arrays `col`, `md` and `sd`.

use super::{blanks, entry, joined, lines, Mark, MarkKind, Replay};
use crate::sink::event::StackEntry;

impl Replay {
    /// Squares pushed, the last on top.
    pub(super) fn say_push(&mut self, entries: &[StackEntry]) -> (String, Option<usize>) {
        let alg = self.algorithm;
        self.stack.extend_from_slice(entries);
        let words: Vec<String> = entries.iter().copied().map(entry).collect();
        // The first and the last node pushed (one alone on the 1×1 board).
        let span = match &words[..] {
            [one] => one.clone(),
            [first, .., last] => format!("{first} … {last}"),
            [] => String::new(),
        };
        let says = match (alg, entries) {
            ("tagged-stack", [first, ..]) if first.row == 0 && self.queens().is_empty() => {
                format!("push row 0: {span}, column 0 on top")
            }
            ("tagged-stack", [_, ..]) => format!(
                "push the {} children of the new queen: {span}, column 0 on top",
                entries.len(),
            ),
            (_, [one]) if one.row == 0 && one.col == 0 && self.steps == 1 => {
                "push (0, 0): the first square to try".to_string()
            }
            (_, [one]) if one.col == 0 => {
                format!("push {}: the next row's first square", entry(*one))
            }
            (_, [one]) => format!("push {}: the square to its right", entry(*one)),
            (_, [right, down]) => format!(
                "push {}, where to resume, then {}, the next row's first square (on top)",
                entry(*right),
                entry(*down)
            ),
            _ => format!("push {}", words.join(" ")),
        };
        let first = self.steps == 1;
        (says, Some(if first { 0 } else { lines::push(alg) }))
    }

    /// The top of the stack popped.
    pub(super) fn say_pop(&mut self, e: StackEntry) -> (String, Option<usize>) {
        let alg = self.algorithm;
        if let Some(i) = self.stack.iter().rposition(|x| *x == e) {
            self.stack.remove(i);
        }
        let (says, line) = match e.tag {
            Some(1) => (format!("pop {}", entry(e)), lines::pop(alg)),
            Some(_) => (format!("pop {}: attacked", entry(e)), 4),
            None => {
                // The square popped is off the stack and not yet tested:
                // the board marks it, or it would be shown nowhere.
                self.mark = Some(Mark {
                    row: e.row,
                    col: e.col,
                    kind: MarkKind::Checked,
                });
                (format!("pop {}: try it next", entry(e)), lines::pop(alg))
            }
        };
        (says, Some(line))
    }

    /// The tagged stack's top node found free: its tag set to 1.
    pub(super) fn say_tag(&mut self, row: usize, col: usize) -> (String, Option<usize>) {
        if let Some(top) = self
            .stack
            .iter_mut()
            .rev()
            .find(|x| x.row == row && x.col == col)
        {
            top.tag = Some(1);
        }
        (
            format!(
                "({row}, {col}) is free: set its tag from 0 to 1, it is now part of the layout"
            ),
            Some(lines::tag()),
        )
    }

    /// The flag arrays col, md and sd of the board held.
    pub(super) fn flags(&self) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        let n = self.n;
        let mut col = vec![0; n];
        let mut md = vec![0; 2 * n - 1];
        let mut sd = vec![0; 2 * n - 1];
        for (r, c) in self.board.iter().enumerate() {
            if let Some(c) = *c {
                col[c] = 1;
                md[r + n - 1 - c] = 1;
                sd[r + c] = 1;
            }
        }
        (col, md, sd)
    }

    /// [`Structure::Stack`](super::Structure::Stack) in text, with the array `s`.
    pub(super) fn describe_stack(&self, entries: Vec<[usize; 2]>) -> Vec<String> {
        let mut out = Vec::new();
        let e: Vec<String> = entries
            .iter()
            .map(|&[r, c]| format!("({r}, {c})"))
            .collect();
        out.push(format!(
            "stack (bottom → top, {}): {}",
            entries.len(),
            joined(&e, " ", "empty")
        ));
        out.push(format!("s = [{}]", blanks(&self.board)));
        out
    }

    /// [`Structure::TaggedStack`](super::Structure::TaggedStack) in text.
    pub(super) fn describe_tagged_stack(
        &self,
        entries: Vec<[usize; 3]>,
        col: Vec<u8>,
        md: Vec<u8>,
        sd: Vec<u8>,
    ) -> Vec<String> {
        let n = self.n;
        let mut out = Vec::new();
        let e: Vec<String> = entries
            .iter()
            .map(|&[r, c, t]| format!("({r}, {c}, {t})"))
            .collect();
        out.push(format!(
            "stack (bottom → top, {}): {}",
            entries.len(),
            joined(&e, " ", "empty")
        ));
        let flags = |f: &[u8]| f.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        out.push(format!("col = {}", flags(&col)));
        out.push(format!(
            "md  = {}   (index row - col + {})",
            flags(&md),
            n - 1
        ));
        out.push(format!("sd  = {}   (index row + col)", flags(&sd)));
        out
    }
}
