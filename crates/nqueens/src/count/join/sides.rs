//! The two sides of a unit, east and west, made into half boards and
//! joined: whole when they fit in their chunks, else split by signature
//! bits through their pieces ([`SideSplit`]) and each part made again
//! ([`JoinPlan::count_parts`], [`JoinPlan::split_parts`]), so that memory
//! stays within the chunks at every n up to 28.

use super::*;

impl JoinPlan {
    /// The signatures of the half boards whose north pieces are `north` (by
    /// column set) and whose south rows are `rs`, in the free columns `cols`
    /// of the half at column offset `co`, into `out`; returns how many.
    /// `out` only grows, so that no call clears memory it then overwrites.
    ///
    /// A part of them: those from north piece `from` on (in the order of
    /// column sets, then of pieces), stopping after the piece that brings
    /// them to `chunk` or more, so that `out` holds at most `chunk` and one
    /// south list; also returns where the next part starts ([`At::end`] at
    /// the end). The count of disjoint pairs adds up over any split of
    /// either side, so a half list never needs to be held whole: on the
    /// largest boards one would take gigabytes.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn halves(
        &self,
        f: &Frame,
        north: &NorthPieces,
        (from, chunk): (At, usize),
        rs: u32,
        cols: u32,
        co: usize,
        placed: Option<&Quadrant>,
        out: &mut Vec<u64>,
        scratch: &mut Placed,
    ) -> (usize, At) {
        let mut used = 0;
        // (A placed quadrant is only kept with the whole table, whose row
        // sets cost nothing to name.)
        let table = self.row_set(rs);
        // Nothing closed and every column free (even n): the south row set
        // is placed whole, in one run (each of its column sets is used
        // once), unless it is large enough to be cut into chunks, when each
        // part would place it again (`count 16 -j1`: 0.074 s to 0.067 s
        // against placing each column set's list apart).
        let (all, start) = table.all();
        let whole = placed.is_none()
            && f.sums | f.diffs == 0
            && cols == (1 << self.h) - 1
            && all.len() <= WHOLE_SOUTH_MAX;
        if whole {
            scratch.clear();
            scratch.extend_placed(self.kernel, all, self.shifts(self.off, co));
        }
        for (i, &c) in north.nonempty.iter().enumerate().skip(from.set) {
            let pieces = north.of(i);
            let south = match placed {
                Some(q) => q.get(rs, cols & !c, self.h),
                None if whole => {
                    let d = (cols & !c) as usize;
                    scratch.get((start[d] - start[0]) as usize..(start[d + 1] - start[0]) as usize)
                }
                None => {
                    self.pieces_into(table.get(cols & !c), f, self.off, co, scratch);
                    scratch.all()
                }
            };
            if south.len() == 0 {
                // (6% of the column sets at n = 17: the frame's diagonals.)
                continue;
            }
            let skip = if i == from.set { from.piece } else { 0 };
            let (end, next) = append_pairs(self.kernel, (pieces, skip), south, out, used, chunk);
            used = end;
            if used >= chunk {
                return (used, At::after(i, next, pieces.len()));
            }
        }
        (used, At::end(north.nonempty.len()))
    }

    /// The first split of a unit's side (see [`JoinPlan::count_parts`]):
    /// one [`Entry`] for each north column set, its north pieces and the
    /// south pieces of the other columns, placed once into `split.south`
    /// and kept as level 0 of `split.levels`.
    #[allow(clippy::too_many_arguments)]
    fn first_split(
        &self,
        f: &Frame,
        north: &NorthPieces,
        rs: u32,
        cols: u32,
        co: usize,
        placed: Option<&Quadrant>,
        split: &mut SideSplit,
    ) {
        let table = self.row_set(rs);
        split.south.clear();
        if split.levels.is_empty() {
            split.levels.push(Vec::new());
        }
        let entries = &mut split.levels[0];
        entries.clear();
        for (i, &c) in north.nonempty.iter().enumerate() {
            let from = split.south.len();
            match placed {
                Some(q) => split.south.extend_from(q.get(rs, cols & !c, self.h)),
                None => self.pieces_append(table.get(cols & !c), f, self.off, co, &mut split.south),
            }
            let to = split.south.len();
            if to > from {
                entries.push(Entry {
                    north: [north.start[i], north.end[i]],
                    south: [from, to],
                });
            }
        }
    }

    /// The half boards of one side of `s.u`, from `from` on, a chunk at a
    /// time, into `buf.east` or `buf.west`: with `level` none, every half
    /// board of the side ([`JoinPlan::halves`]: its north pieces, the south
    /// rows and columns of that side, and the south quadrant kept placed
    /// for the frame when `s.cache`); else those of the entries of that
    /// level of the side's split ([`SideSplit::halves`]).
    fn side_halves<W: Walk>(
        &self,
        s: &Sides<'_, W>,
        buf: &mut Buffers,
        side: Side,
        from: At,
        level: Option<usize>,
    ) -> (usize, At) {
        let f = s.f;
        let (rs, cols, co) = self.south_of(s, side);
        let quadrant = &buf.south_placed[side as usize];
        let split = &buf.split[side as usize];
        let chunk = self.chunk_of(side);
        let (north, out) = match side {
            Side::East => (&buf.north[0], &mut buf.east),
            Side::West => (&buf.north[1], &mut buf.west),
        };
        match level {
            None => self.halves(
                f,
                north,
                (from, chunk),
                rs,
                cols,
                co,
                s.cache.then_some(quadrant),
                out,
                &mut buf.south,
            ),
            Some(l) => split.halves(self.kernel, &north.pieces, l, (from, chunk), out),
        }
    }

    /// Where the half boards of one side end: past the last north column
    /// set, or the last entry of the side's split at `level`.
    fn side_end(buf: &Buffers, side: Side, level: Option<usize>) -> At {
        At::end(match level {
            None => buf.north[side as usize].nonempty.len(),
            Some(l) => buf.split[side as usize].levels[l].len(),
        })
    }

    /// The solutions of unit `s.u` made of the east half boards of split
    /// level `levels[0]` of the east side (all of them if none) and the
    /// west ones of level `levels[1]`, or, for a side that `ready` names,
    /// the half boards its buffer holds; `taken` holds the bits split by
    /// so far.
    ///
    /// When both sides fit in their chunks they are joined whole. When one
    /// does not, the pairs are split as the join itself splits its lists
    /// ([`count_disjoint`]): by a signature bit j, the pairs of the east
    /// half boards without j with every west one, and of those with j with
    /// the west ones without it (or the same with the sides exchanged, to
    /// cut the west side). A side is split through its pieces, not its half
    /// boards ([`SideSplit`]), and its half boards are made again for each
    /// part, so memory stays within the chunks, and the join loses none of
    /// the pairs its splits would drop: cutting the lists into chunks by
    /// where they come from instead made a join of four chunks a side take
    /// 1.7 to 2.2 times as long on sampled n = 24 splits, and n = 28 has
    /// lists of 100 to 340 million half boards against chunks of 1 and 2
    /// million. Below [`SPLIT_DEPTH`] bits, or when no bit would drop a
    /// pair, a side is cut into chunks after all.
    ///
    /// A side is not made only to find out that it is too long: a side
    /// that can have more half boards than its chunk (its north pieces
    /// times their south ones) is split through its pieces at once, and
    /// then sampled ([`JoinPlan::sample_if_large`]); the sample says
    /// whether to make it or to split it further, and which bit to split
    /// by. 60 sampled row splits of n = 27 took 6.40 s against 6.78 s when
    /// each side was made up to its chunk first (medians of two runs,
    /// `join::sizes::chunk_timing`); 12 of n = 24, 3.61 s against 4.16 s;
    /// one of n = 28, 362 s against 373 s.
    pub(super) fn count_parts<W: Walk>(
        &self,
        s: &Sides<'_, W>,
        buf: &mut Buffers,
        levels: [Option<usize>; 2],
        ready: [Option<usize>; 2],
        taken: u64,
        depth: usize,
    ) -> u128 {
        // Each side's half boards, in its buffer: how many, and whether
        // that is all of them (else its first chunk). A side whose parent
        // left it whole in its buffer is `ready`; one that a sample says is
        // well past its chunk is not made at all, only sampled.
        if s.stopped() {
            return 0;
        }
        let mut made = [(0, false); 2];
        let mut sampled = [None; 2];
        let mut levels = levels;
        for side in [Side::East, Side::West] {
            let i = side as usize;
            if ready[i].is_none()
                && levels[i].is_none()
                && self.most_halves(s, buf, side) > self.chunk_of(side)
            {
                // (Split through its pieces as it will be if it is long.)
                self.side_split(s, buf, side);
                levels[i] = Some(0);
            }
            made[i] = if let Some(len) = ready[i] {
                (len, true)
            } else if let Some(len) = levels[i].and_then(|l| self.sample_if_large(buf, side, l)) {
                sampled[i] = Some(len);
                (0, false)
            } else {
                let (len, next) = self.side_halves(s, buf, side, At::START, levels[i]);
                (len, next == Self::side_end(buf, side, levels[i]))
            };
            if made[i] == (0, true) {
                return 0;
            }
        }
        let [(e, east_whole), (w, west_whole)] = made;
        if east_whole && west_whole {
            return s.leaf(self.join(
                &mut buf.east[..e],
                &mut buf.west[..w],
                s.u,
                &mut buf.scratch,
            ));
        }
        if depth < self.split_depth {
            let east = sampled[0].map_or(&buf.east[..e], |len| &buf.sample[0][..len]);
            let west = sampled[1].map_or(&buf.west[..w], |len| &buf.sample[1][..len]);
            if let Some(bit) = split_bit(east, west, !taken, self.kernel) {
                if s.walk.path().is_some() {
                    let shares = [share_with(east, bit), share_with(west, bit)];
                    return self.split_path(s, buf, (levels, made), bit, (taken, depth), shares);
                }
                return self.split_parts(s, buf, (levels, made), bit, (taken, depth));
            }
        }
        // A chunk of one side at a time, each joined with the other side
        // whole when it is (in its buffer), or else with each of its chunks
        // in turn.
        let (east_end, west_end) = (
            Self::side_end(buf, Side::East, levels[0]),
            Self::side_end(buf, Side::West, levels[1]),
        );
        let mut pairs = 0u128;
        let mut west_from = At::START;
        while west_from < west_end {
            let (w, next) = if west_whole {
                (w, west_end)
            } else {
                self.side_halves(s, buf, Side::West, west_from, levels[1])
            };
            west_from = next;
            if w == 0 {
                continue;
            }
            let mut east_from = At::START;
            while east_from < east_end {
                let (e, next) = if east_whole {
                    (e, east_end)
                } else {
                    self.side_halves(s, buf, Side::East, east_from, levels[0])
                };
                east_from = next;
                if s.stopped() {
                    return pairs;
                }
                if e > 0 {
                    pairs += self.join(
                        &mut buf.east[..e],
                        &mut buf.west[..w],
                        s.u,
                        &mut buf.scratch,
                    );
                }
            }
        }
        s.leaf(pairs)
    }

    /// [`count_parts`](Self::count_parts) split by signature bit `bit`:
    /// the long side's half boards without the bit with every half board
    /// of the other, and those with it with the other's without it.
    /// `made` says how many half boards of each side its buffer holds and
    /// whether they are all of them.
    ///
    /// When the other side is whole, it stays in its buffer for both parts
    /// and every part below them: its half boards without the bit are
    /// moved to the front by a partition in place, for the part with the
    /// bit, which is counted first, and the part without the bit takes the
    /// whole buffer again (the parts below only reorder within it). Made
    /// again for each part, as it was, it took as many half boards as the
    /// joins themselves at n = 24.
    fn split_parts<W: Walk>(
        &self,
        s: &Sides<'_, W>,
        buf: &mut Buffers,
        (levels, made): ([Option<usize>; 2], [(usize, bool); 2]),
        bit: u64,
        (taken, depth): (u64, usize),
    ) -> u128 {
        let (long, other, [at, other_at]) = self.split_sides(s, buf, levels, made);
        let (l, o) = (long as usize, other as usize);
        let taken = taken | bit;
        let mut down = levels;
        down[l] = Some(at + 1);
        let kernel = self.kernel;
        if made[o].1 {
            let len = made[o].0;
            buf.derive(kernel, long, at, bit, true, false);
            let list = match other {
                Side::East => &mut buf.east[..len],
                Side::West => &mut buf.west[..len],
            };
            let without = partition_with(kernel, list, bit, &mut buf.back);
            let mut ready = [None; 2];
            ready[o] = Some(without);
            let with_bit = self.count_parts(s, buf, down, ready, taken, depth + 1);
            buf.derive(kernel, long, at, bit, false, true);
            ready[o] = Some(len);
            return with_bit + self.count_parts(s, buf, down, ready, taken, depth + 1);
        }
        // Both sides long: each is made again for each part.
        buf.derive(kernel, long, at, bit, false, false);
        let mut first_levels = levels;
        first_levels[l] = Some(at + 1);
        first_levels[o] = Some(other_at);
        let first = self.count_parts(s, buf, first_levels, [None; 2], taken, depth + 1);
        buf.derive(kernel, long, at, bit, true, true);
        buf.derive(kernel, other, other_at, bit, false, false);
        down[o] = Some(other_at + 1);
        first + self.count_parts(s, buf, down, [None; 2], taken, depth + 1)
    }

    /// [`split_parts`](Self::split_parts) for a dry run's path: one part
    /// only, drawn at random ([`Path::choose`]) with a probability that
    /// follows its share of the pairs, judged by `shares` (of the east and
    /// west half boards sampled, those with the bit). Each part is made as
    /// `split_parts` makes it, except that where `split_parts` finds a
    /// partition made already for the first part, the path, which did not
    /// make the first part, partitions again and leaves that time out, and
    /// then finds the part's bounds by binary search as the count does,
    /// timed, so that each part is charged what a count spends on it.
    /// (Those binary searches, once left out with the partition, took 2.6%
    /// of 40 whole row splits of n = 27, and the paths came to 0.955 of
    /// the splits' time; see `join::sizes::path_against_split`.)
    fn split_path<W: Walk>(
        &self,
        s: &Sides<'_, W>,
        buf: &mut Buffers,
        (levels, made): ([Option<usize>; 2], [(usize, bool); 2]),
        bit: u64,
        (taken, depth): (u64, usize),
        shares: [f64; 2],
    ) -> u128 {
        let Some(path) = s.walk.path() else {
            return self.split_parts(s, buf, (levels, made), bit, (taken, depth));
        };
        let (long, other, [at, other_at]) = self.split_sides(s, buf, levels, made);
        let (l, o) = (long as usize, other as usize);
        let taken = taken | bit;
        let mut down = levels;
        down[l] = Some(at + 1);
        let kernel = self.kernel;
        // The pairs of each part, as shares of the long side's half boards
        // times the other side's: without the bit, (1 - a) · 1; with it,
        // a · (1 - b).
        let (a, b) = (shares[l], shares[o]);
        let with_pairs = a * (1.0 - b);
        let (with, p) = path
            .borrow_mut()
            .choose(with_pairs / (with_pairs + 1.0 - a));
        let mut ready = [None; 2];
        if made[o].1 {
            let len = made[o].0;
            if with {
                buf.derive(kernel, long, at, bit, true, false);
                let list = match other {
                    Side::East => &mut buf.east[..len],
                    Side::West => &mut buf.west[..len],
                };
                ready[o] = Some(partition_with(kernel, list, bit, &mut buf.back));
            } else {
                // A count finds this partition made for the part with the
                // bit, and its bounds by binary search.
                buf.derive(kernel, long, at, bit, false, false);
                path.borrow_mut().skip();
                buf.derive(kernel, long, at, bit, false, true);
                ready[o] = Some(len);
            }
        } else if with {
            // A count finds the long side partitioned for the part without,
            // and its bounds by binary search.
            buf.derive(kernel, long, at, bit, true, false);
            path.borrow_mut().skip();
            buf.derive(kernel, long, at, bit, true, true);
            buf.derive(kernel, other, other_at, bit, false, false);
            down[o] = Some(other_at + 1);
        } else {
            buf.derive(kernel, long, at, bit, false, false);
            down[o] = Some(other_at);
        }
        let pairs = self.count_parts(s, buf, down, ready, taken, depth + 1);
        path.borrow_mut().back(p);
        pairs
    }

    /// What [`split_parts`](Self::split_parts) and
    /// [`split_path`](Self::split_path) both do first: choose the side to
    /// split by the bit (the long one: west where east is whole, east
    /// otherwise) and make ready the split of each side still to be made
    /// again for each part, returning the long side, the other and the
    /// level of each of the two in the split of its side.
    ///
    /// A side not whole is split through its pieces already, unless it
    /// could hold no more than its chunk and was made to exactly its
    /// chunk with column sets after it (which add no half board). The
    /// other side needs a split only when it is not whole either.
    fn split_sides<W: Walk>(
        &self,
        s: &Sides<'_, W>,
        buf: &mut Buffers,
        levels: [Option<usize>; 2],
        made: [(usize, bool); 2],
    ) -> (Side, Side, [usize; 2]) {
        let (long, other) = if made[0].1 {
            (Side::West, Side::East)
        } else {
            (Side::East, Side::West)
        };
        let (l, o) = (long as usize, other as usize);
        if levels[l].is_none() {
            self.side_split(s, buf, long);
        }
        if !made[o].1 && levels[o].is_none() {
            self.side_split(s, buf, other);
        }
        (
            long,
            other,
            [levels[l].unwrap_or(0), levels[o].unwrap_or(0)],
        )
    }

    /// How many half boards `side` of unit `s.u` has at most, unsplit:
    /// its north pieces times the south pieces of their other columns.
    fn most_halves<W: Walk>(&self, s: &Sides<'_, W>, buf: &Buffers, side: Side) -> usize {
        let (rs, cols, _) = self.south_of(s, side);
        let north = &buf.north[side as usize];
        let table = self.row_set(rs);
        let quadrant = &buf.south_placed[side as usize];
        north
            .nonempty
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let south = if s.cache {
                    quadrant.get(rs, cols & !c, self.h).len()
                } else {
                    table.get(cols & !c).len()
                };
                north.of(i).len() * south
            })
            .sum()
    }

    /// The chunk of `side`.
    fn chunk_of(&self, side: Side) -> usize {
        match side {
            Side::East => self.chunk.east,
            Side::West => self.chunk.west,
        }
    }

    /// The half boards of `side` at split level `level` sampled, when
    /// there may be more than its chunk: about [`sample_pairs`] pairs of
    /// pieces, one in every k of the level's pairs (its north pieces in
    /// order, each with a south piece of its entry drawn at random), into
    /// `buf.sample`. Returns the sample's length when it says the side has
    /// more than its chunk (k times the sample), so that its half boards
    /// need not be made to find that out; else none. A side split when it
    /// would have fitted after all costs little: its two parts hold its
    /// half boards once, and their joins drop the pairs with the bit.
    /// (Made up to their chunk only to be dropped, the long sides' half
    /// boards outnumbered those joined, 193 million to 143 million on 20
    /// sampled row splits of n = 27.) Each north piece sampled with every
    /// south piece of its entry instead gave a few north pieces' bits as
    /// the sample and poor split bits: a sampled n = 28 split took 413 s
    /// against 373 s before, and 362 s with this sample.
    fn sample_if_large(&self, buf: &mut Buffers, side: Side, level: usize) -> Option<usize> {
        let i = side as usize;
        let chunk = self.chunk_of(side);
        let (north, split) = (&buf.north[i].pieces, &buf.split[i]);
        let entries = &split.levels[level];
        let size = |run: [usize; 2]| run[1] - run[0];
        let bound: usize = entries.iter().map(|e| size(e.north) * size(e.south)).sum();
        if bound <= chunk {
            return None;
        }
        let k = (bound / self.sample_pairs).max(1);
        let sample = &mut buf.sample[i];
        // Every pair drawn is written and kept or not by moving the end,
        // with no branch: a mispredicted one for each pair drawn kept the
        // pieces' loads (cache misses, each at a random place) from
        // overlapping (this function's profile samples on 60 sampled row
        // splits of n = 27: about 740 that way, 580 this way). The pairs
        // drawn: one in every k of `bound`.
        sample.clear();
        sample.resize(bound.div_ceil(k), 0);
        let mut used = 0;
        let mut rng = crate::rng::Xoshiro256::new(bound as u64);
        let (mut next, mut before) = (0, 0);
        for e in entries {
            let (pieces, south) = (size(e.north), size(e.south));
            let north = north.get(e.north[0]..e.north[1]);
            let south_run = split.south.get(e.south[0]..e.south[1]);
            while next < before + pieces * south {
                let [meet, sig] = north.piece((next - before) / south);
                let [south_meet, south_sig] = south_run.piece(rng.below(south as u64) as usize);
                sample[used] = sig | south_sig;
                used += usize::from(meet & south_meet == 0);
                next += k;
            }
            before += pieces * south;
        }
        sample.truncate(used);
        (used.saturating_mul(k) > chunk).then_some(used)
    }

    /// Level 0 of one side's split for unit `s.u` ([`JoinPlan::first_split`]).
    fn side_split<W: Walk>(&self, s: &Sides<'_, W>, buf: &mut Buffers, side: Side) {
        let (rs, cols, co) = self.south_of(s, side);
        let quadrant = &buf.south_placed[side as usize];
        let north = &buf.north[side as usize];
        let split = &mut buf.split[side as usize];
        self.first_split(s.f, north, rs, cols, co, s.cache.then_some(quadrant), split);
    }

    /// One side of unit `s.u`: its south rows, its free columns and its
    /// column offset.
    fn south_of<W: Walk>(&self, s: &Sides<'_, W>, side: Side) -> (u32, u32, usize) {
        let (f, u) = (s.f, s.u);
        match side {
            Side::East => (u.es, f.east, 0),
            Side::West => (f.south & !u.es, f.west, self.off),
        }
    }
}

/// What [`JoinPlan::count_parts`] counts for: a unit of a task, its frame,
/// and whether the frame's south quadrants are kept placed.
pub(super) struct Sides<'a, W: Walk> {
    pub(super) f: &'a Frame,
    pub(super) u: &'a Unit,
    pub(super) cache: bool,
    /// Set when the run is to stop: the count gives up at its next join
    /// (a few milliseconds of work), and its sum is then not a count.
    pub(super) stop: Option<&'a AtomicBool>,
    /// Every part of each split ([`Whole`]), or a dry run's path through
    /// them: at each split only one part, drawn at random ([`Path`]).
    pub(super) walk: &'a W,
}

impl<W: Walk> Sides<'_, W> {
    /// Whether the run is to stop.
    pub(super) fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// A join's solutions, noted by the path if there is one.
    fn leaf(&self, solutions: u128) -> u128 {
        if let Some(path) = self.walk.path() {
            path.borrow_mut().leaf(solutions);
        }
        solutions
    }
}

/// How [`JoinPlan::count_parts`] goes through the parts of a split: all of
/// them ([`Whole`], a count), or one drawn at random (a dry run's
/// [`Path`]). A type, not a flag, so that a count is compiled with no path
/// to look at: an `Option` checked at every split and join cost `count 17`
/// about 4% (alternating release builds, medians).
pub(super) trait Walk {
    /// The dry run's path, if this walk is one.
    fn path(&self) -> Option<&std::cell::RefCell<Path>>;
}

/// A count: every part of every split.
pub(super) struct Whole;

impl Walk for Whole {
    #[inline(always)]
    fn path(&self) -> Option<&std::cell::RefCell<Path>> {
        None
    }
}

impl Walk for std::cell::RefCell<Path> {
    #[inline(always)]
    fn path(&self) -> Option<&std::cell::RefCell<Path>> {
        Some(self)
    }
}

/// The most signature bits [`JoinPlan::count_parts`] splits by before it
/// cuts a side into chunks: enough for lists thousands of times a chunk.
pub(super) const SPLIT_DEPTH: usize = 16;

/// The h (n = 2h or 2h + 1) whose chunks are small: 2^17 half boards a
/// side, 2^18 for h = 14 ([`Chunks::of`]), sampled by 2^11 pairs
/// ([`sample_pairs`]).
pub(super) const SMALL_CHUNKS: std::ops::RangeInclusive<usize> = 11..=14;

/// About how many pairs of pieces [`JoinPlan::sample_if_large`] tests for
/// n = 2h or 2h + 1: 2^11 where the chunks are small ([`SMALL_CHUNKS`]),
/// else 2^13.
///
/// A sample is taken at every level of a long side's split, so a smaller
/// one costs less each time, but says less well which bit splits the side
/// evenly. Measured with `join::sizes::chunk_timing` (`NQ_SAMPLE_PAIRS`;
/// medians of three runs alternating, on an AMD EPYC of family 26): n = 27,
/// 60 splits, 3.29 s with 2^11 against 3.49 s with 2^13 and 3.87 s with
/// 2^15 (2^9 and 2^10 as 2^11); n = 25, 300 splits, 1.69 s against 1.81 s;
/// n = 22, 40 splits, 0.54 s against 0.55 s; n = 24 and 26 within noise
/// (2.23 s against 2.29 s; 8.4 s against 8.6 s). At n = 28, whose chunks are
/// eight times larger, one split took 230 s with 2^11 against 225 s with
/// 2^13 (one run each); with chunks of 2^18, 80.4 s against 85.5 s and
/// 82.2 s (on the Zen 4 machine, see [`Chunks::of`]).
pub(super) fn sample_pairs(h: usize) -> usize {
    if SMALL_CHUNKS.contains(&h) {
        1 << 11
    } else {
        1 << 13
    }
}

/// A run of north pieces and a run of south pieces (`start..end` in their
/// buffers) whose pairs that do not meet are half boards of a split side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Entry {
    pub(super) north: [usize; 2],
    pub(super) south: [usize; 2],
}

/// One side of a unit split by signature bits ([`JoinPlan::count_parts`]),
/// through its pieces: a half board's signature is its north piece's OR
/// its south piece's, and the two never share a bit (they would share a
/// diagonal). So the half boards without bit j are the pairs of north
/// pieces without j and south pieces without j, and those with j the pairs
/// of north pieces with j and south pieces without, and the reverse.
///
/// Level 0 has an entry for each north column set ([`JoinPlan::first_split`]);
/// each level below it is made from the one above by partitioning each
/// entry's runs by the bit in place ([`Buffers::derive`]), as
/// [`count_disjoint`] partitions its lists: a level's runs are reordered
/// only within themselves, so the levels above stay true as sets, and a
/// split costs one pass over the pieces of its level, not over every
/// piece of the side. (Filtering every piece of the side again for each
/// part took a fifth of a sampled n = 28 split.)
#[derive(Default)]
pub(super) struct SideSplit {
    /// The south pieces of level 0's entries, one run each.
    pub(super) south: Placed,
    /// The entries of each level.
    pub(super) levels: Vec<Vec<Entry>>,
    /// Working room for partitions.
    pub(super) back: Placed,
}

impl SideSplit {
    /// The half boards of the entries of `level`, from `from` on, into
    /// `out`, stopping once they reach `chunk`, as [`JoinPlan::halves`]
    /// does with north column sets; `north` holds the north pieces.
    fn halves(
        &self,
        kernel: Kernel,
        north: &Placed,
        level: usize,
        (from, chunk): (At, usize),
        out: &mut Vec<u64>,
    ) -> (usize, At) {
        let entries = &self.levels[level];
        let mut used = 0;
        for (i, e) in entries.iter().enumerate().skip(from.set) {
            let pieces = north.get(e.north[0]..e.north[1]);
            let south = self.south.get(e.south[0]..e.south[1]);
            let skip = if i == from.set { from.piece } else { 0 };
            let (end, next) = append_pairs(kernel, (pieces, skip), south, out, used, chunk);
            used = end;
            if used >= chunk {
                return (used, At::after(i, next, pieces.len()));
            }
        }
        (used, At::end(entries.len()))
    }
}

/// The bit of `allowed` to split a join's lists by: the one used most on
/// both sides, as in [`count_disjoint`], judged from up to 4,096 of each
/// list's patterns; `None` when no bit is used on both sides. The patterns
/// are counted 64 at a time by a bit transpose ([`bit_counts_stepped`]):
/// a loop over each pattern's bits, with a mispredicted exit per pattern,
/// took 2.3% of a profile of 60 sampled row splits of n = 27, 0.3% this
/// way, and the splits 3.64 s against 3.49 s (medians of three runs,
/// alternating, `join::sizes::chunk_timing`). The same bits are chosen.
fn split_bit(east: &[u64], west: &[u64], allowed: u64, kernel: Kernel) -> Option<u64> {
    let counts = |xs: &[u64]| bit_counts_stepped(xs, xs.len() / 4096 + 1, kernel);
    let (ce, cw) = (counts(east), counts(west));
    (0..64)
        .filter(|&j| allowed >> j & 1 == 1)
        .map(|j| (ce[j] * cw[j], j))
        .filter(|&(score, _)| score > 0)
        .max()
        .map(|(_, j)| 1u64 << j)
}
