//! The plan of the join engine ([`JoinPlan`]) and what it is made of:
//! frames (odd n: the middle queens), units (one row split of a frame,
//! weighted by its class under the mirrors), tasks (a unit, or a frame and
//! north split), and the mirror images that choose them.
//!
//! Also the join of two half lists ([`JoinPlan::join`]) and the placing of
//! quadrant pieces at their place on the board.

use super::*;

/// What is left of the board around the fixed queens (none for even n):
/// free rows and columns of each quadrant (local, h bits) and the closed
/// diagonals (global sum `r + c` and difference `r - c + n - 1` masks).
#[derive(Debug, Clone, Copy)]
pub(super) struct Frame {
    pub(super) north: u32,
    pub(super) south: u32,
    pub(super) east: u32,
    pub(super) west: u32,
    pub(super) sums: u64,
    pub(super) diffs: u64,
}

/// One row split of one frame, counted with a weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Unit {
    /// Odd n: the column of the middle row's queen and the row of the middle
    /// column's queen (both h for the centre); 0, 0 for even n.
    pub(super) c1: u8,
    pub(super) r1: u8,
    /// East rows among the north and south quadrant rows (local).
    pub(super) en: u32,
    pub(super) es: u32,
    /// How many row splits this one stands for (1, 2 or 4; 2 or 4 for even
    /// n, where no row split is its own left-right mirror image).
    pub(super) weight: u8,
}

/// A task: for even n one row split (its one unit); for odd n a frame and a
/// north split, whose units (one for each canonical south split, hundreds
/// at n = 25) are listed when it is counted, so that the plan holds one
/// entry per task (at n = 27 the units would take gigabytes).
#[derive(Debug, Clone, Copy)]
pub(super) struct Task {
    /// The first unit of the task.
    pub(super) first: Unit,
    /// Odd n: the weight of the frame's class.
    frame_weight: u8,
}

/// The plan of the join engine.
pub(super) struct JoinPlan {
    pub(super) n: usize,
    pub(super) h: usize,
    /// Row offset of the south quadrants, column offset of the west ones.
    pub(super) off: usize,
    /// The whole quadrant table, for small boards (h ≤ WHOLE_MAX_H); larger
    /// ones build per task the row tables it reads.
    pub(super) whole: Option<Table>,
    /// Task 0 counts P and R (first, so that it runs beside the others rather
    /// than alone at the end); task i ≥ 1 counts the units of `tasks[i - 1]`.
    pub(super) tasks: Vec<Task>,
    pub(super) kernel: Kernel,
    pub(super) leaf: usize,
    /// How many half boards of each side are joined at a time, at least
    /// (see [`JoinPlan::halves`]).
    pub(super) chunk: Chunks,
    /// How many signature bits a join may split its sides by before it
    /// cuts one into chunks ([`SPLIT_DEPTH`]; less in tests).
    pub(super) split_depth: usize,
    /// About how many pairs of pieces a long side's sample tests
    /// ([`sample_pairs`]; other values in measurements).
    pub(super) sample_pairs: usize,
    /// Even n from [`TRANSPOSE_FROM`] on: each row split counts only the
    /// column splits of its class and above (see `transpose`).
    pub(super) transpose: bool,
    /// The row tables kept (boards without a whole table).
    pub(super) rows: RowCache,
    /// From this h on a dry run samples a task by one random path through
    /// one of its row splits ([`ONE_SPLIT_H`]; less in tests).
    pub(super) path_from_h: usize,
}

/// The frame `(c1, r1)` becomes under `g`: the middle queens `(h, c1)` and
/// `(r1, h)` are mapped to the middle row and column again.
fn frame_image(n: usize, g: Symmetry, c1: usize, r1: usize) -> (usize, usize) {
    let h = n / 2;
    let (mut c, mut r) = (h, h);
    for (row, col) in [(h, c1), (r1, h)] {
        let (a, b) = g.map_square(n, row, col);
        if a == h && b != h {
            c = b;
        } else if b == h && a != h {
            r = a;
        }
    }
    (c, r)
}

/// `x`'s h low bits in reverse order: a set of h rows or columns mirrored.
pub(super) fn reverse(x: u32, h: usize) -> u32 {
    x.reverse_bits() >> (32 - h)
}

impl JoinPlan {
    #[cfg(test)]
    pub(super) fn new(n: usize, kernel: Kernel) -> JoinPlan {
        JoinPlan::build(n, kernel, WHOLE_TABLE_MAX_H)
    }

    /// The plan, with the whole quadrant table if h ≤ `whole_max_h`.
    pub(super) fn build(n: usize, kernel: Kernel, whole_max_h: usize) -> JoinPlan {
        JoinPlan::build_with(n, kernel, whole_max_h, n >= TRANSPOSE_FROM)
    }

    /// [`build`](Self::build), choosing whether an even board uses the
    /// transpose (odd boards never do).
    pub(super) fn build_with(
        n: usize,
        kernel: Kernel,
        whole_max_h: usize,
        transpose: bool,
    ) -> JoinPlan {
        let h = n / 2;
        let transpose = transpose && n.is_multiple_of(2);
        let off = n - h;
        let full = (1u32 << h) - 1;
        // On one thread no other is started, so the table is always built
        // (without it the plan would use row tables, as counts do).
        let whole = (h <= whole_max_h).then(|| Table::new(h, 1).ok()).flatten();
        let mut plan = JoinPlan {
            n,
            h,
            off,
            whole,
            tasks: Vec::new(),
            kernel,
            leaf: MAX_LEAF,
            chunk: Chunks::of(h),
            split_depth: SPLIT_DEPTH,
            sample_pairs: sample_pairs(h),
            transpose,
            rows: RowCache::new(h, ROW_CACHE_BYTES),
            path_from_h: ONE_SPLIT_H,
        };
        // Odd n: the cross of the middle row and column is mapped onto itself
        // by all 8 symmetries, so one frame of each class is counted, with
        // the size of its class as weight. Even n: one frame, weight 1.
        let frames: Vec<(u8, u8, u8)> = if n.is_multiple_of(2) {
            vec![(0, 0, 1)]
        } else {
            let mut v = Vec::new();
            for c1 in 0..n {
                for r1 in 0..n {
                    let centre = c1 == h;
                    let ok = if centre {
                        r1 == h
                    } else {
                        r1 != h && r1.abs_diff(h) != c1.abs_diff(h)
                    };
                    if !ok {
                        continue;
                    }
                    let images = Symmetry::ALL.map(|g| frame_image(n, g, c1, r1));
                    if images.iter().any(|&im| im < (c1, r1)) {
                        continue;
                    }
                    let mut distinct = images.to_vec();
                    distinct.sort_unstable();
                    distinct.dedup();
                    v.push((c1 as u8, r1 as u8, distinct.len() as u8));
                }
            }
            v
        };
        for (c1, r1, frame_weight) in frames {
            let f = plan.frame(c1, r1);
            let east = f.east.count_ones();
            for en in 0..=full {
                if en & !f.north != 0 || en.count_ones() > east {
                    continue;
                }
                for es in 0..=full {
                    let Some(unit) = plan.unit(&f, (c1, r1, frame_weight), en, es) else {
                        continue;
                    };
                    plan.tasks.push(Task {
                        first: unit,
                        frame_weight,
                    });
                    // Odd n: one task per frame and north split.
                    if n % 2 == 1 {
                        break;
                    }
                }
            }
        }
        plan.shuffle_runs();
        plan
    }

    /// Deals the tasks in a fixed pseudo-random order, so that any
    /// contiguous range of them (a slice, a chunk of MPI tasks) holds as
    /// much work as any other of its length. Built in order, the tasks of
    /// nearby north rows cost alike: 16 slices of n = 20 took from 0.68 to
    /// 1.26 times their mean, 64 from 0.45 to 1.59; dealt this way, 0.95 to
    /// 1.12 and 0.89 to 1.27 (the ignored test `join::sizes::slice_balance`).
    ///
    /// Runs of up to 8 tasks with the same frame and north rows stay
    /// together: they read the same part of the quadrant table, which at
    /// n = 18 is about the size of the cache (dealt one by one, the count
    /// took 5% longer; in runs of 8, as long as in order). Odd boards up to
    /// n = 19 keep their order: each worker keeps its frame's south
    /// quadrants placed, and dealt tasks would place them again for nearly
    /// every task (1,000 tasks of n = 19: 1.9 s in order, 9.7 s dealt).
    fn shuffle_runs(&mut self) {
        // By n alone, not by whether this plan has the whole table (which
        // `--memory` decides): slices counted on machines with different
        // memory must hold the same tasks.
        if self.n % 2 == 1 && self.h <= CACHE_MAX_H {
            return;
        }
        let mut runs: Vec<Vec<Task>> = Vec::new();
        for t in self.tasks.drain(..) {
            let key = |t: &Task| (t.first.c1, t.first.r1, t.first.en);
            match runs.last_mut() {
                Some(run) if run.len() < 8 && key(&run[0]) == key(&t) => run.push(t),
                _ => runs.push(vec![t]),
            }
        }
        let mut rng = crate::rng::Xoshiro256::new(0x006e_7175_6565_6e73);
        for i in (1..runs.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            runs.swap(i, j);
        }
        self.tasks = runs.into_iter().flatten().collect();
    }

    /// The unit of row split (`en`, `es`) of frame `(c1, r1)` (whose class
    /// has `frame_weight` frames), if that split is the canonical one of its
    /// class under the mirrors that keep the frame; weighted by the class.
    fn unit(
        &self,
        f: &Frame,
        (c1, r1, frame_weight): (u8, u8, u8),
        en: u32,
        es: u32,
    ) -> Option<Unit> {
        let east = f.east.count_ones();
        if es & !f.south != 0 || en.count_ones() + es.count_ones() != east {
            return None;
        }
        let u = Unit {
            c1,
            r1,
            en,
            es,
            weight: 0,
        };
        // The mirrors that keep this frame act on its row splits. (On the
        // stack: a plan asks this of every row split, before any count
        // starts.)
        let mut images = [u; 4];
        let mut kept = 0;
        for im in self.images(&u, f) {
            if (im.c1, im.r1) == (c1, r1) {
                if im < u {
                    return None;
                }
                images[kept] = im;
                kept += 1;
            }
        }
        let images = &mut images[..kept];
        images.sort_unstable();
        let distinct = 1 + images.windows(2).filter(|w| w[0] != w[1]).count();
        Some(Unit {
            weight: frame_weight * distinct as u8,
            ..u
        })
    }

    /// The units of task `index` ≥ 1.
    pub(super) fn units_of(&self, index: usize) -> Vec<Unit> {
        let task = self.tasks[index - 1];
        let u = task.first;
        if self.n.is_multiple_of(2) {
            return vec![u];
        }
        let f = self.frame(u.c1, u.r1);
        let full = (1u32 << self.h) - 1;
        (u.es..=full)
            .filter_map(|es| self.unit(&f, (u.c1, u.r1, task.frame_weight), u.en, es))
            .collect()
    }

    /// The frame around the middle queens `(h, c1)` and `(r1, h)` (odd n).
    pub(super) fn frame(&self, c1: u8, r1: u8) -> Frame {
        let (n, h, off) = (self.n, self.h, self.off);
        let full = (1u32 << h) - 1;
        let mut f = Frame {
            north: full,
            south: full,
            east: full,
            west: full,
            sums: 0,
            diffs: 0,
        };
        if n.is_multiple_of(2) {
            return f;
        }
        let (c1, r1) = (usize::from(c1), usize::from(r1));
        for (r, c) in [(h, c1), (r1, h)] {
            f.sums |= 1 << (r + c);
            f.diffs |= 1 << (r + n - 1 - c);
        }
        if c1 < h {
            f.east &= !(1 << c1);
        } else if c1 > h {
            f.west &= !(1 << (c1 - off));
        }
        if r1 < h {
            f.north &= !(1 << r1);
        } else if r1 > h {
            f.south &= !(1 << (r1 - off));
        }
        f
    }

    /// The unit's images under the top-bottom mirror, the left-right mirror
    /// and both (the identity first).
    fn images(&self, u: &Unit, f: &Frame) -> [Unit; 4] {
        let h = self.h;
        let last = (self.n - 1) as u8;
        let odd = self.n % 2 == 1;
        let flip_tb = |u: Unit| Unit {
            r1: if odd { last - u.r1 } else { 0 },
            en: reverse(u.es, h),
            es: reverse(u.en, h),
            ..u
        };
        // The left-right mirror keeps the free rows: E becomes its complement.
        let (north, south) = (f.north, f.south);
        let flip_lr = move |u: Unit, north: u32, south: u32| Unit {
            c1: if odd { last - u.c1 } else { 0 },
            en: north & !u.en,
            es: south & !u.es,
            ..u
        };
        let tb = flip_tb(*u);
        let lr = flip_lr(*u, north, south);
        // After the top-bottom mirror the free rows are mirrored too.
        let both = flip_lr(tb, reverse(south, h), reverse(north, h));
        [*u, tb, lr, both]
    }

    /// The solutions of unit `u` made of the east half boards `east` and the
    /// west ones `west`: their disjoint pairs, weighted by the row splits the
    /// unit stands for (and by the transpose's 2 for the column splits above
    /// the row split's class, which it gives as a unit of twice the weight:
    /// [`count_transposed`](Self::count_transposed); its tags are signature
    /// bits to the join).
    pub(super) fn join(
        &self,
        east: &mut [u64],
        west: &mut [u64],
        u: &Unit,
        scratch: &mut Scratch,
    ) -> u128 {
        if east.is_empty() || west.is_empty() {
            return 0;
        }
        u128::from(count_disjoint(east, west, self.kernel, self.leaf, scratch))
            * u128::from(u.weight)
    }

    /// The shifts that place a piece of the quadrant table at row offset
    /// `ro` and column offset `co` ([`Shifts::place`]: its global sum and
    /// difference masks, its meet mask and its signature).
    ///
    /// The north quadrant of a half (rows `0..h`, columns `co..co + h`)
    /// and its south quadrant (rows from `off`) both reach the sums from
    /// `off + co` to `co + 2h − 2` and the differences (r − c + n − 1) from
    /// `off + n − h − co` on, 2h − 1 − off of each kind: only there can a
    /// north piece and a south piece meet.
    pub(super) fn shifts(&self, ro: usize, co: usize) -> Shifts {
        let (n, h, off) = (self.n, self.h, self.off);
        Shifts {
            sums: (ro + co) as u32,
            diffs: (ro + n - h - co) as u32,
            off: off as u32,
            half: (n - h) as u32,
            width: (2 * h - 1) as u32,
            meet_sums: (off + co) as u32,
            meet_diffs: (off + n - h - co) as u32,
            meet_width: (2 * h - 1).saturating_sub(off) as u32,
        }
    }

    /// Whether the row tables kept can be all of them: an odd board given
    /// the memory (see [`JoinEngine::row_cache`]).
    pub(super) fn keeps_every_row_table(&self) -> bool {
        self.whole.is_none() && self.rows.budget as u64 >= JoinEngine::every_row_table(self.n)
    }

    /// The quadrant placements with rows `rows`: from the whole table, or
    /// its row table.
    pub(super) fn row_set(&self, rows: u32) -> RowSet<'_> {
        match &self.whole {
            Some(table) => RowSet::Whole(table, rows),
            None => RowSet::Built(self.rows.get(rows)),
        }
    }

    /// The pieces of `list` placed at row offset `ro`, column offset `co`,
    /// clear of the frame's closed diagonals, into `out`.
    /// Written unconditionally and kept conditionally: no branch to mispredict.
    pub(super) fn pieces_into(
        &self,
        list: &[u64],
        f: &Frame,
        ro: usize,
        co: usize,
        out: &mut Placed,
    ) {
        out.clear();
        self.pieces_append(list, f, ro, co, out);
    }

    /// [`pieces_into`](Self::pieces_into), after what `out` holds.
    pub(super) fn pieces_append(
        &self,
        list: &[u64],
        f: &Frame,
        ro: usize,
        co: usize,
        out: &mut Placed,
    ) {
        if f.sums | f.diffs == 0 {
            // No closed diagonals (even n): every piece is kept, placed
            // eight at a time with AVX-512.
            out.extend_placed(self.kernel, list, self.shifts(ro, co));
            return;
        }
        out.extend_placed_open(self.kernel, list, self.shifts(ro, co), [f.sums, f.diffs]);
    }

    /// Places the whole south quadrant at column offset `co` for frame `f`.
    pub(super) fn place_quadrant(&self, f: &Frame, co: usize, q: &mut Quadrant) {
        let Some(table) = &self.whole else {
            return;
        };
        // One pass over the table (a call per key, 2^16 keys a frame, took
        // twice as long: 6% of count 17).
        q.start.clear();
        q.start.push(0);
        let keys = 0..1usize << (2 * self.h);
        let at = self.shifts(self.off, co);
        place_kept(
            (&table.pieces, &table.start),
            keys,
            at,
            f,
            &mut q.pieces,
            |_, len| q.start.push(len as u32),
        );
    }

    /// For every column set C of `cols` with as many columns as `rows` has
    /// rows, the north pieces (rows `rows`, columns C) of a half at column
    /// offset `co`: shared by all the row splits of a task, which differ only
    /// in their south rows.
    pub(super) fn north_pieces(
        &self,
        f: &Frame,
        rows: u32,
        cols: u32,
        co: usize,
        out: &mut NorthPieces,
    ) {
        out.clear();
        let table = self.row_set(rows);
        if f.sums | f.diffs == 0 && cols == (1 << self.h) - 1 {
            // Nothing closed and every column free (even n): the whole row
            // set placed at once, in the order of its column sets.
            let (pieces, start) = table.all();
            out.pieces
                .extend_placed(self.kernel, pieces, self.shifts(0, co));
            for (c, ends) in start.windows(2).enumerate() {
                let [from, to] = [ends[0], ends[1]].map(|e| (e - start[0]) as usize);
                out.push(c as u32, from, to);
            }
            return;
        }
        let (pieces, start) = table.all();
        let sets = (0..1usize << self.h).filter(|&c| c as u32 & !cols == 0);
        let mut ends = Vec::new();
        place_kept(
            (pieces, start),
            sets,
            self.shifts(0, co),
            f,
            &mut out.pieces,
            |c, len| ends.push((c as u32, len)),
        );
        let mut from = 0;
        for (c, to) in ends {
            out.push(c, from, to);
            from = to;
        }
    }
}
