//! Each worker's working memory, kept from task to task
//! ([`with_buffers`]): half lists, north pieces, the sides' splits, the
//! placed south quadrants of a frame, and where a part of a half list
//! starts ([`At`]).

use super::*;

/// The pieces of one quadrant placed for one frame: globalized, without
/// those on a closed diagonal, filed by (rows, columns) like the table.
#[derive(Default)]
pub(super) struct Quadrant {
    pub(super) start: Vec<u32>,
    pub(super) pieces: Placed,
}

impl Quadrant {
    pub(super) fn get(&self, rows: u32, cols: u32, h: usize) -> PlacedRef<'_> {
        let key = ((rows as usize) << h) | cols as usize;
        self.pieces
            .get(self.start[key] as usize..self.start[key + 1] as usize)
    }
}

/// Runs `f` with the calling thread's buffers. Each worker thread keeps its
/// buffers from task to task: a task is short, and allocating them anew
/// costs as much as a tenth of it.
pub(super) fn with_buffers<T>(f: impl FnOnce(&mut Buffers) -> T) -> T {
    thread_local! {
        static BUFFERS: std::cell::RefCell<Buffers> = std::cell::RefCell::default();
    }
    BUFFERS.with(|b| match b.try_borrow_mut() {
        Ok(mut buf) => f(&mut buf),
        // Only if a plan were counted from inside another's count.
        Err(_) => f(&mut Buffers::default()),
    })
}

/// For odd n up to 2h + 1 = 19 the south quadrants of the frame being
/// counted are kept placed, so that the pieces on the frame's closed
/// diagonals are dropped once per frame (twice 16 bytes a piece: 29 MB a
/// thread for h = 9); otherwise each list is placed when it is used.
pub(super) const CACHE_MAX_H: usize = 9;

/// Where a part of a half list starts: a column set of [`NorthPieces`]
/// (or an entry of a [`SideSplit`] level) and a piece in its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct At {
    pub(super) set: usize,
    pub(super) piece: usize,
}

impl At {
    pub(super) const START: At = At { set: 0, piece: 0 };

    /// Where a part goes on after piece `next` of the `set`-th list, which
    /// has `len` pieces.
    pub(super) fn after(set: usize, next: usize, len: usize) -> At {
        if next < len {
            At { set, piece: next }
        } else {
            At {
                set: set + 1,
                piece: 0,
            }
        }
    }

    /// Past the last of `sets` lists.
    pub(super) fn end(sets: usize) -> At {
        At {
            set: sets,
            piece: 0,
        }
    }
}

/// A task's north pieces: the column sets whose list is not empty, and
/// their lists one after the other (one buffer, so that its size is the
/// largest task's, not the sum of each column set's largest list).
///
/// The sides are made from the column sets in `nonempty`: every one, or
/// those that the transpose keeps for a join ([`keep`](Self::keep)).
#[derive(Default)]
pub(super) struct NorthPieces {
    pub(super) nonempty: Vec<u32>,
    /// The pieces of `nonempty[i]` are `pieces[start[i]..end[i]]`.
    pub(super) start: Vec<usize>,
    pub(super) end: Vec<usize>,
    pub(super) pieces: Placed,
    /// Every column set with pieces, where its pieces start and end.
    every: Vec<(u32, usize, usize)>,
}

impl NorthPieces {
    /// The pieces of the `i`-th column set of `nonempty`.
    pub(super) fn of(&self, i: usize) -> PlacedRef<'_> {
        self.pieces.get(self.start[i]..self.end[i])
    }

    /// Starts again with no pieces.
    pub(super) fn clear(&mut self) {
        self.every.clear();
        self.pieces.clear();
        self.keep(|_| true);
    }

    /// Adds column set `c`, whose pieces are `pieces[from..to]`, if that is
    /// not empty.
    pub(super) fn push(&mut self, c: u32, from: usize, to: usize) {
        if to > from {
            self.every.push((c, from, to));
            self.nonempty.push(c);
            self.start.push(from);
            self.end.push(to);
        }
    }

    /// Makes the sides from the column sets that `keep` keeps (of all the
    /// column sets with pieces, whatever was kept before).
    pub(super) fn keep(&mut self, mut keep: impl FnMut(u32) -> bool) {
        self.nonempty.clear();
        self.start.clear();
        self.end.clear();
        for &(c, from, to) in &self.every {
            if keep(c) {
                self.nonempty.push(c);
                self.start.push(from);
                self.end.push(to);
            }
        }
    }
}

#[derive(Default)]
pub(super) struct Buffers {
    /// The frame `south` was placed for, and the south-east and south-west
    /// quadrants placed.
    pub(super) placed_for: Option<(u8, u8)>,
    pub(super) south_placed: [Quadrant; 2],
    pub(super) east: Vec<u64>,
    pub(super) west: Vec<u64>,
    /// Each side's north pieces, east then west.
    pub(super) north: [NorthPieces; 2],
    pub(super) south: Placed,
    /// Each side's split by signature bits, east then west.
    pub(super) split: [SideSplit; 2],
    /// Each side's sampled half boards ([`JoinPlan::sample_if_large`]).
    pub(super) sample: [Vec<u64>; 2],
    pub(super) scratch: Scratch,
    /// Room for partitioning half boards by a bit.
    pub(super) back: Vec<u64>,
}

impl Buffers {
    /// Level `level + 1` of `side`'s split from level `level`: each entry's
    /// runs partitioned by `bit` in place, and of the half boards, those
    /// with the bit (`with`) or those without.
    ///
    /// With `parted`, the runs are partitioned by the bit already (the
    /// other kind of the same split, made after the first, which reorders
    /// only within the runs without the bit): the boundaries are found by
    /// binary search.
    pub(super) fn derive(
        &mut self,
        kernel: Kernel,
        side: Side,
        level: usize,
        bit: u64,
        with: bool,
        parted: bool,
    ) {
        let north = &mut self.north[side as usize].pieces;
        let split = &mut self.split[side as usize];
        let back = &mut split.back;
        let mut part = |pieces: &mut Placed, run: [usize; 2]| {
            if parted {
                run[0] + pieces.sigs[run[0]..run[1]].partition_point(|&s| s & bit == 0)
            } else {
                pieces.partition(kernel, run, bit, back)
            }
        };
        if split.levels.len() < level + 2 {
            split.levels.resize_with(level + 2, Vec::new);
        }
        let (above, below) = split.levels.split_at_mut(level + 1);
        let out = &mut below[0];
        out.clear();
        for e in &above[level] {
            let nm = part(north, e.north);
            let sm = part(&mut split.south, e.south);
            let mut push = |north: [usize; 2], south: [usize; 2]| {
                if north[0] < north[1] && south[0] < south[1] {
                    out.push(Entry { north, south });
                }
            };
            if with {
                push([nm, e.north[1]], [e.south[0], sm]);
                push([e.north[0], nm], [sm, e.south[1]]);
            } else {
                push([e.north[0], nm], [e.south[0], sm]);
            }
        }
    }
}
