//! [`LineCursor`]: a [`BufRead`] read by forms with one placement a line
//! (JSON lines, `row, col;` pairs): where it is, and where the current
//! placement began, for messages and for a second pass.

use std::io::{self, BufRead};

use super::error::ReadError;

/// Where a reader of one-placement-a-line text is.
#[derive(Debug)]
pub(super) struct LineCursor<R> {
    pub(super) src: R,
    /// The line of the next byte, from 1.
    pub(super) line: u64,
    /// Bytes consumed so far.
    pub(super) offset: u64,
    /// Where the current placement (its line) began.
    pub(super) start_offset: u64,
    pub(super) start_line: u64,
}

impl<R: BufRead> LineCursor<R> {
    pub(super) fn new(src: R) -> Self {
        LineCursor {
            src,
            line: 1,
            offset: 0,
            start_offset: 0,
            start_line: 1,
        }
    }

    /// The buffer, refilled if empty; empty at the end of the input.
    pub(super) fn fill(&mut self) -> Result<&[u8], ReadError> {
        fill(&mut self.src)
    }

    /// Moves past `k` bytes of the buffer.
    pub(super) fn consume(&mut self, k: usize) {
        self.src.consume(k);
        self.offset += k as u64;
    }

    /// Skips blanks and empty lines; whether anything else follows.
    pub(super) fn has_more(&mut self) -> Result<bool, ReadError> {
        loop {
            let Some(&b) = self.fill()?.first() else {
                return Ok(false);
            };
            match b {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {}
                _ => return Ok(true),
            }
            self.consume(1);
        }
    }

    /// Skips to the next placement (past blanks, and a byte-order mark at
    /// the start) and marks where it begins; false at the end of the input.
    pub(super) fn start(&mut self) -> Result<bool, ReadError> {
        if !self.has_more()? {
            return Ok(false);
        }
        // The blanks after the mark too ("\u{feff}\n" and a board).
        if self.offset == 0 && self.fill()?.starts_with(super::BOM) {
            self.consume(super::BOM.len());
            if !self.has_more()? {
                return Ok(false);
            }
        }
        self.start_offset = self.offset;
        self.start_line = self.line;
        Ok(true)
    }
}

/// The buffer of `src`, refilled if empty (a read that was interrupted is
/// tried again); empty at the end of the input. Every reader of placements
/// fills its buffer through this.
pub(super) fn fill<R: BufRead>(src: &mut R) -> Result<&[u8], ReadError> {
    loop {
        match src.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(src.fill_buf()?)
}
