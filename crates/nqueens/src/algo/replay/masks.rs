//! Bitwise's masks: for each row on the path its `cols`, `ld`, `rd`,
//! `mask`, `free` and the bit `p` taken, as numbers and as bit strings
//! (column 0 on the left by default), with the tutorial's never-masked
//! `ld` beside ours.

use serde::Serialize;

use super::{lines, Replay, Structure};

/// One row of the bitwise search on the current path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct MaskRow {
    pub(super) row: usize,
    pub(super) cols: u64,
    pub(super) ld: u64,
    pub(super) rd: u64,
    pub(super) mask: u64,
    pub(super) free: u64,
    pub(super) p: u64,
    /// `ld` as seed 004's tutorial keeps it: never masked, so the bits of
    /// diagonals that left the board keep moving out (`u128`: 2n - 1 bits
    /// at most).
    pub(super) wide: u128,
}

/// One row of [`Structure::Masks`]: numbers (bit i = column i) and the same
/// as binary strings, column 0 first.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{find_algorithm, Event, Replay, Sink, Structure};
///
/// /// Replays the search until it enters row 1.
/// struct UntilRow1(Replay);
///
/// impl Sink for UntilRow1 {
///     fn tracing(&self) -> bool {
///         true
///     }
///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
///         self.0.apply(event);
///         match event {
///             Event::Masks { row: 1, .. } => ControlFlow::Break(()),
///             _ => ControlFlow::Continue(()),
///         }
///     }
/// }
///
/// let mut replay = UntilRow1(Replay::new("bitwise", 4));
/// find_algorithm("bitwise")?.search(4, &mut replay)?;
/// let Structure::Masks { rows, .. } = replay.0.structure() else { unreachable!() };
/// // Row 0 took column 0; the queen attacks columns 0 and 1 of row 1.
/// assert_eq!((rows[0].p, rows[0].p_bits.as_str()), (0b0001, "1000"));
/// assert_eq!((rows[1].cols, rows[1].ld), (0b0001, 0b0010));
/// assert_eq!((rows[1].free, rows[1].free_bits.as_str()), (0b1100, "0011"));
/// assert_eq!(rows[1].ld_bits, "01000"); // n + 1 digits: a shift may pass the edge
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MasksRow {
    /// The row.
    pub row: usize,
    /// Columns taken.
    pub cols: u64,
    /// Diagonals as shifted, unmasked.
    pub ld: u64,
    /// Anti-diagonals.
    pub rd: u64,
    /// The board's columns.
    pub mask: u64,
    /// Free squares left.
    pub free: u64,
    /// The bit taken last in this row, or 0.
    pub p: u64,
    /// `cols` in binary.
    pub cols_bits: String,
    /// `ld` in binary, n + 1 digits.
    pub ld_bits: String,
    /// `rd` in binary.
    pub rd_bits: String,
    /// `mask` in binary.
    pub mask_bits: String,
    /// `free` in binary.
    pub free_bits: String,
    /// `p` in binary.
    pub p_bits: String,
    /// `ld` as the tutorial (seed 004) keeps it, in binary: never masked,
    /// so a queen's diagonal goes on moving one bit per row after it left
    /// the board. At least n digits, more while such bits are set: the
    /// digits past the first n (past column n - 1) are off the board.
    pub ld_tutorial_bits: String,
}

impl Replay {
    /// `mask`'s first `width` bits as 0s and 1s, column 0 first unless
    /// [`Replay::with_lsb_right`].
    pub(super) fn bits(&self, mask: u64, width: usize) -> String {
        let s: String = (0..width)
            .map(|c| {
                if c < 64 && mask >> c & 1 == 1 {
                    '1'
                } else {
                    '0'
                }
            })
            .collect();
        if self.lsb_right {
            s.chars().rev().collect()
        } else {
            s
        }
    }

    /// Row `row` entered: its masks, and what is free.
    pub(super) fn say_masks(
        &mut self,
        row: usize,
        cols: u64,
        diag: u64,
        anti: u64,
        mask: u64,
        free: u64,
    ) -> (String, Option<usize>) {
        let n = self.n;
        let alg = self.algorithm;
        self.masks.truncate(row);
        // The tutorial's ld, from the row above as this replay saw
        // it: `(ld | p) << 1`, never masked.
        let wide = self
            .masks
            .last()
            .filter(|_| row > 0)
            .map_or(0, |m| (m.wide | u128::from(m.p)) << 1);
        self.masks.push(MaskRow {
            wide,
            row,
            cols,
            ld: diag,
            rd: anti,
            mask,
            free,
            p: 0,
        });
        let w = n;
        let says = if row == 0 {
            format!(
                "row 0: cols = ld = rd = 0, free = mask = {}",
                self.bits(mask, w)
            )
        } else {
            format!(
                "row {row}: cols | p = {}, (ld | p) << 1 = {}, (rd | p) >> 1 = {}; free = mask & ~(cols | ld | rd) = {}{}",
                self.bits(cols, w),
                self.bits(diag, w + 1),
                self.bits(anti, w),
                self.bits(free, w),
                if free == 0 { ": nothing free" } else { "" }
            )
        };
        (says, Some(lines::check(alg)))
    }

    /// One row of [`Structure::Masks`] from the replay's own row.
    pub(super) fn masks_row(&self, m: &MaskRow) -> MasksRow {
        let w = self.n;
        MasksRow {
            row: m.row,
            cols: m.cols,
            ld: m.ld,
            rd: m.rd,
            mask: m.mask,
            free: m.free,
            p: m.p,
            cols_bits: self.bits(m.cols, w),
            ld_bits: self.bits(m.ld, w + 1),
            rd_bits: self.bits(m.rd, w),
            mask_bits: self.bits(m.mask, w),
            free_bits: self.bits(m.free, w),
            p_bits: self.bits(m.p, w),
            ld_tutorial_bits: self.wide_bits(m.wide),
        }
    }

    /// `bitwise`'s structure for the rows `rows` (row, cols, ld, rd, mask,
    /// free, p, and the tutorial's unmasked ld), written as a replay of `n`
    /// writes it: for the algorithm's own snapshot of its state.
    pub(crate) fn masks_of(n: usize, rows: impl Iterator<Item = ([u64; 7], u128)>) -> Structure {
        let replay = Replay::new("bitwise", n);
        Structure::Masks {
            rows: rows
                .map(|([row, cols, ld, rd, mask, free, p], wide)| {
                    replay.masks_row(&MaskRow {
                        row: row as usize,
                        cols,
                        ld,
                        rd,
                        mask,
                        free,
                        p,
                        wide,
                    })
                })
                .collect(),
            lsb_right: replay.lsb_right,
        }
    }

    /// The tutorial's unmasked `ld` in binary: n digits, more while bits
    /// past the edge are set.
    fn wide_bits(&self, wide: u128) -> String {
        let width = self.n.max(128 - wide.leading_zeros() as usize);
        let s: String = (0..width)
            .map(|c| if wide >> c & 1 == 1 { '1' } else { '0' })
            .collect();
        if self.lsb_right {
            s.chars().rev().collect()
        } else {
            s
        }
    }

    /// [`Structure::Masks`] in text, the tutorial's names beside ours.
    pub(super) fn describe_masks(&self, rows: Vec<MasksRow>, lsb_right: bool) -> Vec<String> {
        let n = self.n;
        let mut out = Vec::new();
        out.push(format!(
            "bits are columns, {}; the tutorial's names: cols = k, free = pos, mask = max",
            if lsb_right {
                "column 0 (the least significant bit) on the right"
            } else {
                "column 0 (the least significant bit) on the left, like the board"
            }
        ));
        // The tutorial's ld with `|` at the board's edge.
        let edge = |bits: &str| {
            let past = bits.len().saturating_sub(n);
            match (past, lsb_right) {
                (0, _) => bits.to_string(),
                (_, true) => format!("{}|{}", &bits[..past], &bits[past..]),
                (_, false) => format!("{}|{}", &bits[..n], &bits[n..]),
            }
        };
        for m in &rows {
            out.push(format!(
                "  row {}: cols/k {}  ld {}  tutorial's ld {}  rd {}  free/pos {}  p {}",
                m.row,
                m.cols_bits,
                m.ld_bits,
                edge(&m.ld_tutorial_bits),
                m.rd_bits,
                m.free_bits,
                m.p_bits
            ));
        }
        if rows.iter().any(|m| m.ld_tutorial_bits.len() > n) {
            out.push(
                "  the tutorial never masks ld, so a diagonal's bit goes on moving past the board's edge (|); \
                 ours is masked when stored, so only the bit shifted out this row shows (n + 1 digits)"
                    .into(),
            );
        }
        out
    }
}
