//! The lines a queen stands on, and the set of lines taken so far.
//!
//! The queen of row `r` in column `c` stands on column `c`, diagonal `r - c`
//! and anti-diagonal `r + c`; each line is known by a number, its *key*.
//! [`Lines`] keeps one bit per key: in [`PagedBitSet`]s while the board size
//! is unknown, or in three flat bit vectors once it is known, which is faster
//! (no directory look-up) for the same bits.

use super::bits::PagedBitSet;
use crate::board::Attack;

/// The kinds of line a queen of a column list can share, in report order;
/// `kind` numbers elsewhere index this.
pub(super) const KINDS: [Attack; 3] = [Attack::Column, Attack::Diagonal, Attack::AntiDiagonal];

/// The index of a diagonal (`row - col` constant), folded to a small number
/// whatever its sign: 0, −1, 1, −2, 2 … become 0, 1, 2, 3, 4 …
#[inline]
fn diagonal(row: u64, col: u64) -> u64 {
    let d = row.wrapping_sub(col) as i64;
    ((d << 1) ^ (d >> 63)) as u64
}

/// The key of the line of kind `KINDS[kind]` through (row, col).
#[inline]
pub(super) fn line_key(kind: usize, row: u64, col: u64) -> u64 {
    match kind {
        0 => col,
        1 => diagonal(row, col),
        _ => row + col,
    }
}

/// The index in [`KINDS`] of a line kind (rows count as columns).
pub(super) fn kind_index(attack: Attack) -> usize {
    match attack {
        Attack::Diagonal => 1,
        Attack::AntiDiagonal => 2,
        _ => 0,
    }
}

/// The column, diagonal and anti-diagonal bits.
#[derive(Debug, Clone)]
pub(super) enum Lines {
    /// Paged, for any column below [`MAX_QUEENS`](super::MAX_QUEENS).
    Paged([PagedBitSet; 3]),
    /// Flat bit vectors of n, 2n − 1 and 2n − 1 bits, for a board of known
    /// size n (zeroed lazily by the allocator, so untouched parts cost nothing).
    Flat { n: u64, bits: [Vec<u64>; 3] },
}

impl Lines {
    /// Paged sets, for a board of unknown size.
    pub(super) fn paged() -> Self {
        Lines::Paged(Default::default())
    }

    /// Flat bit vectors for an `n`×`n` board.
    pub(super) fn flat(n: u64) -> Self {
        let words = |bits: u64| vec![0u64; (bits / 64 + 1) as usize];
        Lines::Flat {
            n,
            bits: [words(n), words(2 * n), words(2 * n)],
        }
    }

    /// Takes the three lines through (row, col), both on the board; says
    /// which were already taken.
    #[inline]
    pub(super) fn take(&mut self, row: u64, col: u64) -> [bool; 3] {
        match self {
            Lines::Paged([cols, diags, antis]) => [
                !cols.insert(col),
                !diags.insert(diagonal(row, col)),
                !antis.insert(row + col),
            ],
            // The diagonal is shifted by n − 1 rather than folded: it stays
            // below 2n − 1 on the board.
            Lines::Flat {
                n,
                bits: [cols, diags, antis],
            } => [
                test_and_set(cols, col),
                test_and_set(diags, row + *n - 1 - col),
                test_and_set(antis, row + col),
            ],
        }
    }

    /// Bytes held by the bits.
    pub(super) fn memory_bytes(&self) -> usize {
        match self {
            Lines::Paged(sets) => sets.iter().map(PagedBitSet::memory_bytes).sum(),
            Lines::Flat { bits, .. } => bits.iter().map(|b| b.capacity() * 8).sum(),
        }
    }
}

/// Sets bit `i`; whether it was set.
#[inline]
fn test_and_set(bits: &mut [u64], i: u64) -> bool {
    let word = &mut bits[(i >> 6) as usize];
    let mask = 1u64 << (i & 63);
    let was = *word & mask != 0;
    *word |= mask;
    was
}
