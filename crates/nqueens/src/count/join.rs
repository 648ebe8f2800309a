//! The `join` engine: meet in the middle over quarter boards.
//!
//! Backtracking visits every partial board on the way to a solution. This
//! engine instead builds half boards out of quarter boards and counts the
//! compatible pairs of halves, which visits far fewer things (the idea of the
//! "quadrant" counters, such as E. Kluev's N-Queens-Count-Sol; this is an
//! independent implementation).
//!
//! # Even n = 2h
//!
//! Call columns `0..h` the east half and `h..n` the west half. Each half has
//! h columns, so exactly h rows have their queen in the east: the *east rows*
//! E. For a fixed E the board falls into four h×h quadrants (north-east,
//! south-east, north-west, south-west), and
//!
//! 1. an **east half board** is a north-east piece (one queen in each north
//!    row of E, in some set C of east columns) joined with a south-east piece
//!    (the south rows of E, the other east columns) when no diagonal meets;
//! 2. a **west half board** is built the same way from the rows outside E;
//! 3. an east and a west half make a solution exactly when their diagonals
//!    are disjoint: rows and columns are disjoint by construction. Only the
//!    diagonals that reach into both halves matter, 2h − 1 of each kind, so a
//!    half board is summed up by a **signature** of 4h − 2 bits, and the
//!    solutions with east rows E are the disjoint pairs of signatures, which
//!    [`disjoint`](super::disjoint) counts.
//!
//! Every quadrant is a translate of one h×h board, so one **quadrant table**
//! serves all four: every non-attacking placement on the h×h board with one
//! queen per row of a row set R, filed under (R, C) with its diagonals. It is
//! built once per plan (66.8 million placements for h = 11, 535 MB; 60 MB for
//! h = 10).
//!
//! The mirror images top-bottom and left-right map row splits to row splits
//! (E to its reverse, and E to its complement), so only one E of each class
//! under those two mirrors is counted, weighted by the size of its class.
//!
//! # Odd n = 2h + 1
//!
//! The middle row and the middle column hold one queen each (the same queen
//! if it stands in the centre). Each way of placing those two is a frame: the
//! rest of the board is four h×h quadrants again, with one row and one
//! column fewer, and two queens' diagonals closed. The same join counts each
//! frame; the four mirrors act on frames and row splits together.
//!
//! # Tasks and unique counts
//!
//! A task is one row split (even n) or one frame and north split (odd n):
//! thousands of independent tasks, so threads, checkpoints, slices and MPI
//! work as for every engine. The first task counts P(n) and R(n), the
//! solutions fixed by a half and a quarter turn ([`fixed_by_turns`](super::fixed_by_turns)),
//! which Burnside's lemma turns, with Q(n), into the number of classes.

use super::disjoint::{count_disjoint, Kernel, Scratch, MAX_LEAF};
use super::fixed_by_turns::{fixed_by, Turn};
use super::plan::{Engine, Plan, Tally};
use crate::error::Error;
use crate::search::check_n;
use crate::symmetry::Symmetry;

/// The engine; see the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub struct JoinEngine;

/// The largest board: the quadrant table for n = 24 would need 5 GB.
pub const JOIN_MAX_N: usize = 23;

/// Below this the plan is the backtrack engine's (too few rows to split).
const SMALL: usize = 6;

/// Placements on the h×h board with one queen per row of some row set and no
/// two attacking (the empty one included), h = 0..=12: the quadrant table's
/// size.
const PIECES: [u64; 13] = [
    1, 2, 5, 18, 87, 462, 2635, 16870, 118969, 915442, 7535369, 66807234, 633443407,
];

impl Engine for JoinEngine {
    /// The quadrant table (8 bytes a placement and 4 bytes a (rows, columns)
    /// key) and, per thread, the half boards of the largest row split, which
    /// stay under half the table's size, and the placed south quadrants
    /// (up to n = 19), plus a margin.
    fn memory(&self, n: usize, threads: usize) -> u64 {
        let h = n / 2;
        let Some(&pieces) = PIECES.get(h) else {
            return u64::MAX;
        };
        let table = pieces * 8 + (4u64 << (2 * h));
        let placed = if n % 2 == 1 && h <= CACHE_MAX_H {
            2 * (pieces * 24 + (4u64 << (2 * h)))
        } else {
            0
        };
        (16 << 20) + table + (table / 2 + placed).saturating_mul(threads as u64)
    }

    fn name(&self) -> &'static str {
        "join"
    }

    fn max_n(&self) -> usize {
        JOIN_MAX_N
    }

    fn plan(&self, n: usize) -> Result<Box<dyn Plan>, Error> {
        check_n(n)?;
        if n > JOIN_MAX_N {
            return Err(Error::TooLarge {
                n,
                max: JOIN_MAX_N,
                what: "the join engine",
            });
        }
        if n < SMALL {
            return super::backtrack::BacktrackEngine.plan(n);
        }
        Ok(Box::new(JoinPlan::new(n, Kernel::best())))
    }
}

/// The quadrant table: every placement on the h×h board, filed by (rows,
/// columns). A placement is its sum diagonals (`r + c`, low 32 bits) and
/// difference diagonals (`r - c + h - 1`, high 32 bits).
struct Table {
    h: usize,
    /// `start[rows << h | cols]..start[(rows << h | cols) + 1]` indexes `pieces`.
    start: Vec<u32>,
    pieces: Vec<u64>,
}

impl Table {
    fn new(h: usize) -> Table {
        let keys = 1usize << (2 * h);
        let mut start = vec![0u32; keys + 1];
        // Count, then fill: a counting sort by key, without storing keys.
        place(h, 0, 0, 0, 0, &mut |key, _| start[key + 1] += 1);
        for i in 0..keys {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut pieces = vec![0u64; start[keys] as usize];
        place(h, 0, 0, 0, 0, &mut |key, piece| {
            pieces[next[key] as usize] = piece;
            next[key] += 1;
        });
        Table { h, start, pieces }
    }

    fn get(&self, rows: u32, cols: u32) -> &[u64] {
        let key = ((rows as usize) << self.h) | cols as usize;
        &self.pieces[self.start[key] as usize..self.start[key + 1] as usize]
    }
}

/// Every placement from row `r` on; the recursion is at most h ≤ 12 deep.
fn place(h: usize, r: usize, rows: u32, cols: u32, diags: u64, out: &mut impl FnMut(usize, u64)) {
    if r == h {
        out(((rows as usize) << h) | cols as usize, diags);
        return;
    }
    place(h, r + 1, rows, cols, diags, out);
    for c in 0..h {
        let d = 1u64 << (r + c) | 1u64 << (32 + r + h - 1 - c);
        if cols >> c & 1 == 0 && diags & d == 0 {
            place(h, r + 1, rows | 1 << r, cols | 1 << c, diags | d, out);
        }
    }
}

/// What is left of the board around the fixed queens (none for even n):
/// free rows and columns of each quadrant (local, h bits) and the closed
/// diagonals (global sum `r + c` and difference `r - c + n - 1` masks).
#[derive(Debug, Clone, Copy)]
struct Frame {
    north: u32,
    south: u32,
    east: u32,
    west: u32,
    sums: u64,
    diffs: u64,
}

/// One row split of one frame, counted with a weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Unit {
    /// Odd n: the column of the middle row's queen and the row of the middle
    /// column's queen (both h for the centre); 0, 0 for even n.
    c1: u8,
    r1: u8,
    /// East rows among the north and south quadrant rows (local).
    en: u32,
    es: u32,
    /// How many row splits this one stands for (1, 2 or 4).
    weight: u8,
}

/// The plan of the join engine.
struct JoinPlan {
    n: usize,
    h: usize,
    /// Row offset of the south quadrants, column offset of the west ones.
    off: usize,
    table: Table,
    units: Vec<Unit>,
    /// Task 0 counts P and R (first, so that it runs beside the others rather
    /// than alone at the end); task i ≥ 1 counts `units[tasks[i - 1]..tasks[i]]`.
    tasks: Vec<usize>,
    kernel: Kernel,
    leaf: usize,
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

fn reverse(x: u32, h: usize) -> u32 {
    x.reverse_bits() >> (32 - h)
}

impl JoinPlan {
    fn new(n: usize, kernel: Kernel) -> JoinPlan {
        let h = n / 2;
        let off = n - h;
        let full = (1u32 << h) - 1;
        let table = Table::new(h);
        let mut plan = JoinPlan {
            n,
            h,
            off,
            table,
            units: Vec::new(),
            tasks: vec![0],
            kernel,
            leaf: MAX_LEAF,
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
                    if es & !f.south != 0 || en.count_ones() + es.count_ones() != east {
                        continue;
                    }
                    let u = Unit {
                        c1,
                        r1,
                        en,
                        es,
                        weight: 0,
                    };
                    // The mirrors that keep this frame act on its row splits.
                    let mut images: Vec<Unit> = plan
                        .images(&u, &f)
                        .into_iter()
                        .filter(|im| (im.c1, im.r1) == (c1, r1))
                        .collect();
                    if images.iter().any(|im| im < &u) {
                        continue;
                    }
                    images.sort();
                    images.dedup();
                    plan.units.push(Unit {
                        weight: frame_weight * images.len() as u8,
                        ..u
                    });
                }
                // Odd n: one task per frame and north split.
                if n % 2 == 1 && *plan.tasks.last().unwrap_or(&0) != plan.units.len() {
                    plan.tasks.push(plan.units.len());
                }
            }
        }
        if n.is_multiple_of(2) {
            plan.tasks = (0..=plan.units.len()).collect();
        }
        plan
    }

    /// The frame around the middle queens `(h, c1)` and `(r1, h)` (odd n).
    fn frame(&self, c1: u8, r1: u8) -> Frame {
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

    /// A piece of the quadrant table placed at row offset `ro` and column
    /// offset `co`: its global sum and difference masks and its signature
    /// (the diagonals that cross into the other half).
    fn place_piece(&self, p: u64, ro: usize, co: usize) -> [u64; 3] {
        let (n, h, off) = (self.n, self.h, self.off);
        let width = 2 * h - 1;
        let m = (1u64 << width) - 1;
        let s = (p & 0xFFFF_FFFF) << (ro + co);
        let d = (p >> 32) << (ro + n - h - co);
        [s, d, (s >> off & m) | (d >> (n - h) & m) << width]
    }

    /// The pieces at row offset `ro`, column offset `co` with rows `rows`
    /// and columns `cols`, clear of the frame's closed diagonals, into `out`.
    /// Written unconditionally and kept conditionally: no branch to mispredict.
    #[allow(clippy::too_many_arguments)]
    fn pieces_into(
        &self,
        f: &Frame,
        rows: u32,
        cols: u32,
        ro: usize,
        co: usize,
        out: &mut Vec<[u64; 3]>,
    ) {
        let list = self.table.get(rows, cols);
        out.clear();
        out.resize(list.len(), [0; 3]);
        let mut kept = 0;
        for &q in list {
            let piece = self.place_piece(q, ro, co);
            out[kept] = piece;
            kept += usize::from(piece[0] & f.sums | piece[1] & f.diffs == 0);
        }
        out.truncate(kept);
    }

    /// Places the whole south quadrant at column offset `co` for frame `f`.
    fn place_quadrant(&self, f: &Frame, co: usize, q: &mut Quadrant) {
        let keys = 1usize << (2 * self.h);
        q.start.clear();
        q.start.push(0);
        q.pieces.clear();
        for key in 0..keys {
            let lo = self.table.start[key] as usize;
            let hi = self.table.start[key + 1] as usize;
            for &p in &self.table.pieces[lo..hi] {
                let piece = self.place_piece(p, self.off, co);
                if piece[0] & f.sums | piece[1] & f.diffs == 0 {
                    q.pieces.push(piece);
                }
            }
            q.start.push(q.pieces.len() as u32);
        }
    }

    /// For every column set C of `cols` with as many columns as `rows` has
    /// rows, the north pieces (rows `rows`, columns C) of a half at column
    /// offset `co`: shared by all the row splits of a task, which differ only
    /// in their south rows.
    fn north_pieces(&self, f: &Frame, rows: u32, cols: u32, co: usize, out: &mut NorthPieces) {
        out.lists.resize_with(1 << self.h, Vec::new);
        out.nonempty.clear();
        let k = rows.count_ones();
        let mut c = cols;
        loop {
            if c.count_ones() == k {
                let mut list = std::mem::take(&mut out.lists[c as usize]);
                self.pieces_into(f, rows, c, 0, co, &mut list);
                if !list.is_empty() {
                    out.nonempty.push(c);
                }
                out.lists[c as usize] = list;
            }
            if c == 0 {
                break;
            }
            c = (c - 1) & cols;
        }
    }

    /// The signatures of the half boards whose north pieces are `north` (by
    /// column set) and whose south rows are `rs`, in the free columns `cols`
    /// of the half at column offset `co`, into `out`; returns how many.
    /// `out` only grows, so that no call clears memory it then overwrites.
    #[allow(clippy::too_many_arguments)]
    fn halves(
        &self,
        f: &Frame,
        north: &NorthPieces,
        rs: u32,
        cols: u32,
        co: usize,
        placed: Option<&Quadrant>,
        out: &mut Vec<u64>,
        scratch: &mut Vec<[u64; 3]>,
    ) -> usize {
        let mut used = 0;
        for &c in &north.nonempty {
            let south: &[[u64; 3]] = match placed {
                Some(q) => q.get(rs, cols & !c, self.h),
                None => {
                    self.pieces_into(f, rs, cols & !c, self.off, co, scratch);
                    scratch
                }
            };
            for &[ps, pd, sig] in &north.lists[c as usize] {
                if out.len() < used + south.len() {
                    out.resize((used + south.len()).max(2 * out.len()), 0);
                }
                // Write every pair, keep those that fit: no branch.
                for &[qs, qd, qsig] in south.iter() {
                    out[used] = sig | qsig;
                    used += usize::from(ps & qs | pd & qd == 0);
                }
            }
        }
        used
    }

    /// Counts the units of one task (the same frame and north east rows).
    fn count_units(&self, units: &[Unit], buf: &mut Buffers) -> u128 {
        let Some(first) = units.first() else {
            return 0;
        };
        let f = self.frame(first.c1, first.r1);
        // Even n: placing a piece is a few shifts, cheaper than reading it
        // from a placed quadrant three times the table's size.
        let cache = self.n % 2 == 1 && self.h <= CACHE_MAX_H;
        if cache && buf.placed_for != Some((first.c1, first.r1)) {
            for (q, co) in buf.south_placed.iter_mut().zip([0, self.off]) {
                self.place_quadrant(&f, co, q);
            }
            buf.placed_for = Some((first.c1, first.r1));
        }
        let (en, wn) = (first.en, f.north & !first.en);
        self.north_pieces(&f, en, f.east, 0, &mut buf.east_north);
        self.north_pieces(&f, wn, f.west, self.off, &mut buf.west_north);
        let mut total = 0u128;
        for u in units {
            debug_assert_eq!((u.c1, u.r1, u.en), (first.c1, first.r1, en));
            let [se, sw] = &buf.south_placed;
            let (se, sw) = if cache {
                (Some(se), Some(sw))
            } else {
                (None, None)
            };
            let e = self.halves(
                &f,
                &buf.east_north,
                u.es,
                f.east,
                0,
                se,
                &mut buf.east,
                &mut buf.south,
            );
            if e == 0 {
                continue;
            }
            let w = self.halves(
                &f,
                &buf.west_north,
                f.south & !u.es,
                f.west,
                self.off,
                sw,
                &mut buf.west,
                &mut buf.south,
            );
            let pairs = count_disjoint(
                &mut buf.east[..e],
                &mut buf.west[..w],
                self.kernel,
                self.leaf,
                &mut buf.scratch,
            );
            total += u128::from(pairs) * u128::from(u.weight);
        }
        total
    }
}

/// The pieces of one quadrant placed for one frame: globalized, without
/// those on a closed diagonal, filed by (rows, columns) like the table.
#[derive(Default)]
struct Quadrant {
    start: Vec<u32>,
    pieces: Vec<[u64; 3]>,
}

impl Quadrant {
    fn get(&self, rows: u32, cols: u32, h: usize) -> &[[u64; 3]] {
        let key = ((rows as usize) << h) | cols as usize;
        &self.pieces[self.start[key] as usize..self.start[key + 1] as usize]
    }
}

/// For odd n up to 2h + 1 = 19 the south quadrants of the frame being
/// counted are kept placed, so that the pieces on the frame's closed
/// diagonals are dropped once per frame (twice 24 bytes a piece: 44 MB a
/// thread for h = 9); otherwise each list is placed when it is used.
const CACHE_MAX_H: usize = 9;

/// A task's north pieces: the list for each column set (indexed by the set),
/// and the sets whose list is not empty.
#[derive(Default)]
struct NorthPieces {
    lists: Vec<Vec<[u64; 3]>>,
    nonempty: Vec<u32>,
}

#[derive(Default)]
struct Buffers {
    /// The frame `south` was placed for, and the south-east and south-west
    /// quadrants placed.
    placed_for: Option<(u8, u8)>,
    south_placed: [Quadrant; 2],
    east: Vec<u64>,
    west: Vec<u64>,
    east_north: NorthPieces,
    west_north: NorthPieces,
    south: Vec<[u64; 3]>,
    scratch: Scratch,
}

impl Plan for JoinPlan {
    fn n(&self) -> usize {
        self.n
    }

    fn len(&self) -> usize {
        self.tasks.len()
    }

    fn count(&self, index: usize) -> Tally {
        if index == 0 {
            // Burnside: 8 U = Q + P + 2 R; Q comes from the other tasks.
            let p = fixed_by(self.n, Turn::Half).unwrap_or(0);
            let r = fixed_by(self.n, Turn::Quarter).unwrap_or(0);
            return Tally {
                solutions: 0,
                classes_x8: p + 2 * r,
            };
        }
        thread_local! {
            // Each worker thread keeps its buffers from task to task: a task
            // is short, and allocating them anew costs as much as a tenth of it.
            static BUFFERS: std::cell::RefCell<Buffers> = std::cell::RefCell::default();
        }
        let units = &self.units[self.tasks[index - 1]..self.tasks[index]];
        let solutions = BUFFERS.with(|b| match b.try_borrow_mut() {
            Ok(mut buf) => self.count_units(units, &mut buf),
            // Only if a plan were counted from inside another's count.
            Err(_) => self.count_units(units, &mut Buffers::default()),
        });
        Tally {
            solutions,
            classes_x8: solutions,
        }
    }

    fn describe(&self, index: usize) -> String {
        if index == 0 {
            return "the solutions fixed by a half or quarter turn (Burnside's P and R)".into();
        }
        let units = &self.units[self.tasks[index - 1]..self.tasks[index]];
        let h = self.h;
        let u = units[0];
        let middle = if self.n % 2 == 1 {
            format!(
                "middle queens (row {h}, col {}) and (row {}, col {h}), ",
                u.c1, u.r1
            )
        } else {
            String::new()
        };
        format!(
            "{middle}east rows north {:0h$b}{} ({})",
            u.en.reverse_bits() >> (32 - h),
            if units.len() == 1 {
                format!(" south {:0h$b}", u.es.reverse_bits() >> (32 - h))
            } else {
                String::new()
            },
            crate::count::report::plural(units.len() as u128, "row split", "row splits"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::plan::count_plan;
    use crate::known;

    #[test]
    fn table_sizes() {
        for (h, &pieces) in PIECES.iter().enumerate().take(9).skip(1) {
            assert_eq!(Table::new(h).pieces.len() as u64, pieces, "h = {h}");
        }
    }

    #[test]
    fn counts_match_oeis() {
        for n in 1..=13 {
            let t = count_plan(JoinEngine.plan(n).unwrap().as_ref());
            assert_eq!(Some(t.solutions), known::total(n), "Q({n})");
            assert_eq!(t.unique(), known::unique(n), "U({n})");
        }
    }

    #[test]
    fn every_kernel_counts_the_same() {
        for n in [10, 11] {
            for k in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
                let plan = JoinPlan::new(n, k);
                assert_eq!(
                    Some(count_plan(&plan).solutions),
                    known::total(n),
                    "n = {n}, {k:?}"
                );
            }
        }
    }

    #[test]
    fn weights_cover_every_row_split() {
        // The weights of the canonical splits add up to all splits.
        for n in [8, 9, 10, 11] {
            let plan = JoinPlan::new(n, Kernel::Portable);
            let h = plan.h;
            let weighted: u64 = plan.units.iter().map(|u| u64::from(u.weight)).sum();
            let mut all = 0u64;
            let full = (1u32 << h) - 1;
            let frames = if n.is_multiple_of(2) { 1 } else { 0 };
            if frames == 1 {
                for en in 0..=full {
                    for es in 0..=full {
                        all += u64::from((en.count_ones() + es.count_ones()) as usize == h);
                    }
                }
            } else {
                for c1 in 0..n as u8 {
                    for r1 in 0..n as u8 {
                        let (c, r) = (usize::from(c1), usize::from(r1));
                        let ok = if c == h {
                            r == h
                        } else {
                            r != h && r.abs_diff(h) != c.abs_diff(h)
                        };
                        if !ok {
                            continue;
                        }
                        let f = plan.frame(c1, r1);
                        for en in 0..=full {
                            for es in 0..=full {
                                all += u64::from(
                                    en & !f.north == 0
                                        && es & !f.south == 0
                                        && en.count_ones() + es.count_ones() == f.east.count_ones(),
                                );
                            }
                        }
                    }
                }
            }
            assert_eq!(weighted, all, "n = {n}");
        }
    }
}
