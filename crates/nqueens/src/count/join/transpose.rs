//! The transpose, for even boards: each row split counts only the solutions
//! whose column split is of its class or above.
//!
//! A solution of an even board has a *row split* E, the rows whose queen
//! stands in the east half (the tasks' key), and a *column split* F, the
//! columns whose queen stands in the north half. The transpose
//! `(r, c) → (c, r)` swaps them: the solutions with splits (E, F) and those
//! with (F, E) are as many. The two mirrors that choose the tasks act on
//! both splits without changing their classes (left-right turns E into its
//! complement and F into its reverse, top-bottom the other way round), so
//! with any order on the classes, a task may count
//!
//! - twice the solutions whose column split's class is above its row
//!   split's,
//! - once those whose classes are the same,
//! - none of those below,
//!
//! and the whole sum is the same: the pairs of classes above and below make
//! up for each other through the transpose. Half the work, about, is left.
//!
//! # Why it fits the join
//!
//! A half board's north piece fixes the half's part of F: its column set.
//! The classes are ordered by their least image under the mirrors (a set
//! of positions as its two halves, the first half compared first), so F is
//! above the row split's class c exactly when each of its four images is
//! above c, and each image's first half comes from one side only: F's and
//! its complement's from the east, the reverse's and its complement's from
//! the west. A column set whose first half is below c's leaves out all its
//! half boards; one above keeps them whatever the other side holds. Only
//! where a first half *equals* c's does the other side decide, by the
//! second halves: those half boards and the ones of the other side that do
//! not settle it are tagged with one bit for that image (bits 60 to 63,
//! above the 4h − 2 ≤ 54 of a signature), so that the join leaves their
//! pairs out as if they met, and the column splits of the class itself are
//! counted apart, once each, from their one column set per side.
//!
//! The cost: a pass over the north pieces to tag them, and the joins of
//! the class itself, a few hundred half boards a side; the tags are bits
//! the join tests like any other (joining the tied half boards apart, so
//! that no tag is on both sides, saved nothing at n = 18 or on sampled
//! splits of n = 22).

use super::*;
use std::cmp::Ordering::{self, Equal, Greater, Less};

/// The tag of each image of a column split (itself, its complement, its
/// reverse, the reverse of its complement): above every signature bit.
const TAG: [u64; 4] = [1 << 60, 1 << 61, 1 << 62, 1 << 63];

/// All four tags.
pub(super) const TAGS: u64 = 0xF << 60;

/// A set of the n positions (rows or columns) of an even board as its two
/// halves, bit j of each the half's j-th position; ordered by the first
/// half, then the second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Halves(pub(super) u32, pub(super) u32);

impl Halves {
    /// The set and its images under the mirrors: itself, its reverse
    /// (`i → n − 1 − i`), its complement, and the reverse of that.
    pub(super) fn images(self, h: usize) -> [Halves; 4] {
        let full = (1u32 << h) - 1;
        let rev = |x: u32| plan::reverse(x, h);
        let Halves(a, b) = self;
        [
            self,
            Halves(rev(b), rev(a)),
            Halves(!a & full, !b & full),
            Halves(rev(!b & full), rev(!a & full)),
        ]
    }

    /// The least of [`images`](Self::images): the class's name in the
    /// order of classes.
    pub(super) fn class(self, h: usize) -> Halves {
        self.images(h).into_iter().min().unwrap_or(self)
    }
}

/// Which column sets of each side a row split keeps, and their tags.
#[derive(Debug, Clone, Copy)]
pub(super) struct ColumnOrder {
    h: usize,
    /// The row split's class.
    class: Halves,
}

impl ColumnOrder {
    /// The order for row split `(en, es)`.
    pub(super) fn of(h: usize, en: u32, es: u32) -> ColumnOrder {
        ColumnOrder {
            h,
            class: Halves(en, es).class(h),
        }
    }

    /// About the share of a row split's pairs of half boards that the
    /// transpose keeps, from the class alone: each side keeps a column set
    /// whose own first half and its complement's are at least the class's,
    /// k columns and h − k, so about the share of k-sets at least the
    /// class's first half times that of (h − k)-sets, squared for the two
    /// sides. (A dry run's strata: the share sets a task's count.)
    pub(super) fn share_kept(&self, k: u32) -> f64 {
        let first = self.class.0;
        let side: f64 = [k, self.h as u32 - k]
            .map(|m| at_least(first, m, self.h) / binomial(self.h as u32, m))
            .iter()
            .product();
        side * side
    }

    fn rev(&self, x: u32) -> u32 {
        plan::reverse(x, self.h)
    }

    fn not(&self, x: u32) -> u32 {
        !x & ((1 << self.h) - 1)
    }

    /// For east column set `c`: `None` when every column split with it is
    /// below the class, or else its tags. Of the four images of a column
    /// split F (F, its complement, its reverse, the reverse of its
    /// complement), `c` is the first half of the first two, which it
    /// settles unless equal to the class's first half, and gives the
    /// reversed second half of the other two.
    pub(super) fn east(&self, c: u32) -> Option<u64> {
        let Halves(first, second) = self.class;
        let firsts = [c, self.not(c)].map(|x| x.cmp(&first));
        let seconds = [self.rev(c), self.rev(self.not(c))].map(|x| x.cmp(&second));
        Self::tags([0, 1], firsts, [2, 3], seconds)
    }

    /// For west column set `c`, as [`east`](Self::east): it is the second
    /// half of F and its complement, and gives the reversed first half of
    /// the other two.
    pub(super) fn west(&self, c: u32) -> Option<u64> {
        let Halves(first, second) = self.class;
        let firsts = [self.rev(c), self.rev(self.not(c))].map(|x| x.cmp(&first));
        let seconds = [c, self.not(c)].map(|x| x.cmp(&second));
        Self::tags([2, 3], firsts, [0, 1], seconds)
    }

    /// The tags of a column set that gives images `fi` their first halves
    /// (`firsts`, against the class's) and images `si` their second ones:
    /// `None` if a first half is below; a tag for an image whose first half
    /// is equal (the other side settles it), and for one whose second half
    /// is not above (unsettled if the other side's first half is equal).
    /// A pair of half boards with a tag in common is left out.
    fn tags(
        fi: [usize; 2],
        firsts: [Ordering; 2],
        si: [usize; 2],
        seconds: [Ordering; 2],
    ) -> Option<u64> {
        if firsts.contains(&Less) {
            return None;
        }
        let mut tags = 0;
        for k in 0..2 {
            if firsts[k] == Equal {
                tags |= TAG[fi[k]];
            }
            if seconds[k] != Greater {
                tags |= TAG[si[k]];
            }
        }
        Some(tags)
    }
}

impl JoinPlan {
    /// Unit `s.u` of an even board, counted with the transpose (see the
    /// module docs): twice the pairs of half boards whose column split is
    /// above the row split's class, from the column sets kept and tagged,
    /// then once those of the class itself, from one column set a side.
    pub(super) fn count_transposed<W: Walk>(&self, s: &Sides<'_, W>, buf: &mut Buffers) -> u128 {
        let u = s.u;
        let order = ColumnOrder::of(self.h, u.en, u.es);
        let [east, west] = &mut buf.north;
        tag(east, |c| order.east(c));
        tag(west, |c| order.west(c));
        let twice = Unit {
            weight: 2 * u.weight,
            ..*u
        };
        let above = Sides { u: &twice, ..*s };
        let mut total = self.count_parts(&above, buf, [None; 2], [None; 2], 0, 0);
        for north in &mut buf.north {
            for sig in &mut north.pieces.sigs {
                *sig &= !TAGS;
            }
        }
        let mut class = Halves(u.en, u.es).images(self.h);
        class.sort_unstable();
        for (i, &Halves(e, w)) in class.iter().enumerate() {
            if i > 0 && class[i - 1] == class[i] {
                continue;
            }
            buf.north[0].keep(|c| c == e);
            buf.north[1].keep(|c| c == w);
            if buf.north.iter().all(|n| !n.nonempty.is_empty()) {
                total += self.count_parts(s, buf, [None; 2], [None; 2], 0, 0);
            }
        }
        for north in &mut buf.north {
            north.keep(|_| true);
        }
        total
    }
}

/// Keeps the column sets of `north` that `tags` keeps, their pieces tagged.
fn tag(north: &mut NorthPieces, tags: impl Fn(u32) -> Option<u64>) {
    let mut kept = Vec::new();
    north.keep(|c| {
        let t = tags(c);
        kept.extend(t);
        t.is_some()
    });
    for (i, t) in kept.into_iter().enumerate() {
        if t != 0 {
            for sig in &mut north.pieces.sigs[north.start[i]..north.end[i]] {
                *sig |= t;
            }
        }
    }
}

/// How many sets of `m` of `h` positions are, as numbers (bit j the j-th
/// position), at least `x`: from the top bit down, each place where `x`
/// has no bit and a set puts one makes every set that agrees above it
/// larger.
fn at_least(x: u32, m: u32, h: usize) -> f64 {
    let mut left = m;
    let mut count = 0.0;
    for b in (0..h as u32).rev() {
        if x >> b & 1 == 0 {
            if left > 0 {
                count += binomial(b, left - 1);
            }
        } else if left == 0 {
            return count;
        } else {
            left -= 1;
        }
    }
    count + f64::from(u8::from(left == 0))
}

/// `n` choose `k`, as a float.
fn binomial(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |c, i| c * f64::from(n - i) / f64::from(i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `at_least` against counting every set of m positions.
    #[test]
    fn sets_at_least_a_number() {
        for h in 1..=8usize {
            for m in 0..=h as u32 {
                for x in 0..1u32 << h {
                    let every = (0..1u32 << h)
                        .filter(|&y| y.count_ones() == m && y >= x)
                        .count();
                    assert_eq!(at_least(x, m, h), every as f64, "h {h}, m {m}, x {x:b}");
                }
            }
        }
    }
}
