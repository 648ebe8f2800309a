//! [`PagedBitSet`]: a set of numbers as bits, in pages allocated on first use.
//!
//! A stream does not say how long it is, and a column number is whatever the
//! input says, so the sets of lines taken cannot be sized up front, nor sized
//! by the largest number seen (one hostile `4000000000` would cost half a
//! gigabyte). Paging makes memory follow the numbers actually held. For its
//! records of prefix maxima the verifier also asks rank questions: the next
//! member, how many below, the member of rank k.

/// Bits per page, as a shift: 2^16 bits, 8 KiB.
const PAGE_SHIFT: u32 = 16;
/// Words per page.
const PAGE_WORDS: usize = 1 << (PAGE_SHIFT - 6);
type Page = [u64; PAGE_WORDS];

/// A set of numbers as bits in 8 KiB pages allocated when first touched.
///
/// Memory is one page per 65,536-number range that holds a member, plus an
/// 8-byte directory entry per range up to the largest member: a dense set of
/// n members below n costs n bits, a lone member `m` one page and `m / 2^13`
/// bytes of directory.
///
/// ```
/// use nqueens::PagedBitSet;
///
/// let mut set = PagedBitSet::new();
/// assert!(set.insert(5));
/// assert!(!set.insert(5)); // already there
/// assert!(set.insert(4_000_000_000));
/// assert!(set.contains(4_000_000_000) && !set.contains(6));
/// assert_eq!((set.len(), set.pages()), (2, 2));
/// assert!(set.memory_bytes() < 1 << 20);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PagedBitSet {
    dir: Vec<Option<Box<Page>>>,
    pages: usize,
}

/// The page that holds bit `i`.
#[inline]
fn page_index(i: u64) -> usize {
    (i >> PAGE_SHIFT) as usize
}

/// The word of its page that holds bit `i`.
#[inline]
fn word_index(i: u64) -> usize {
    (i >> 6) as usize & (PAGE_WORDS - 1)
}

/// The number held by the lowest set bit of `bits`, word `w` of page `p`.
fn member(p: usize, w: usize, bits: u64) -> u64 {
    ((p as u64) << PAGE_SHIFT) + (w as u64) * 64 + u64::from(bits.trailing_zeros())
}

/// How many bits are set in `words`.
fn ones(words: &[u64]) -> u64 {
    words.iter().map(|w| u64::from(w.count_ones())).sum()
}

impl PagedBitSet {
    /// An empty set; allocates nothing.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `i`; true if it was not there yet.
    #[inline]
    pub fn insert(&mut self, i: u64) -> bool {
        let p = page_index(i);
        if p >= self.dir.len() || self.dir[p].is_none() {
            self.allocate(p);
        }
        let Some(page) = &mut self.dir[p] else {
            unreachable!("page {p} was just allocated")
        };
        let word = &mut page[word_index(i)];
        let mask = 1u64 << (i & 63);
        let fresh = *word & mask == 0;
        *word |= mask;
        fresh
    }

    #[cold]
    fn allocate(&mut self, p: usize) {
        if p >= self.dir.len() {
            self.dir.resize_with(p + 1, || None);
        }
        if self.dir[p].is_none() {
            self.dir[p] = Some(Box::new([0; PAGE_WORDS]));
            self.pages += 1;
        }
    }

    /// Whether `i` is in the set.
    pub fn contains(&self, i: u64) -> bool {
        match self.dir.get(page_index(i)) {
            Some(Some(page)) => page[word_index(i)] >> (i & 63) & 1 == 1,
            _ => false,
        }
    }

    /// How many members (a count over every page).
    pub fn len(&self) -> u64 {
        self.dir.iter().flatten().map(|page| ones(&page[..])).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many pages are allocated.
    pub fn pages(&self) -> usize {
        self.pages
    }

    /// Bytes held: the pages and the directory.
    pub fn memory_bytes(&self) -> usize {
        self.pages * std::mem::size_of::<Page>()
            + self.dir.capacity() * std::mem::size_of::<Option<Box<Page>>>()
    }

    /// The smallest member at or above `i`.
    pub(super) fn next_at_or_after(&self, i: u64) -> Option<u64> {
        let mut p = page_index(i);
        let mut w = word_index(i);
        let mut mask = !0u64 << (i & 63);
        while p < self.dir.len() {
            if let Some(page) = &self.dir[p] {
                while w < PAGE_WORDS {
                    let bits = page[w] & mask;
                    if bits != 0 {
                        return Some(member(p, w, bits));
                    }
                    w += 1;
                    mask = !0;
                }
            }
            p += 1;
            w = 0;
            mask = !0;
        }
        None
    }

    /// How many members are below `i`.
    pub(super) fn count_below(&self, i: u64) -> u64 {
        let (p, w) = (page_index(i), word_index(i));
        let before: u64 = self
            .dir
            .iter()
            .take(p)
            .flatten()
            .map(|page| ones(&page[..]))
            .sum();
        let within = match self.dir.get(p) {
            Some(Some(page)) => {
                let low = page[w] & ((1u64 << (i & 63)) - 1);
                ones(&page[..w]) + u64::from(low.count_ones())
            }
            _ => 0,
        };
        before + within
    }

    /// The member of rank `k` (0 for the smallest).
    pub(super) fn select(&self, mut k: u64) -> Option<u64> {
        for (p, page) in self.dir.iter().enumerate() {
            let Some(page) = page else { continue };
            for (w, &word) in page.iter().enumerate() {
                let ones = u64::from(word.count_ones());
                if k < ones {
                    // Clear the k lowest set bits: the lowest left is the member.
                    let mut bits = word;
                    for _ in 0..k {
                        bits &= bits - 1;
                    }
                    return Some(member(p, w, bits));
                }
                k -= ones;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paged_set_basics() {
        let mut s = PagedBitSet::new();
        assert!(s.is_empty());
        for i in [0u64, 63, 64, 65_535, 65_536, 1 << 33, 7] {
            assert!(s.insert(i));
            assert!(!s.insert(i));
            assert!(s.contains(i));
        }
        assert!(!s.contains(1) && !s.contains(1 << 34));
        assert_eq!(s.len(), 7);
        assert_eq!(s.pages(), 3);
        assert_eq!(s.next_at_or_after(8), Some(63));
        assert_eq!(s.next_at_or_after(65_537), Some(1 << 33));
        assert_eq!(s.next_at_or_after((1 << 33) + 1), None);
        assert_eq!(s.count_below(64), 3);
        assert_eq!(s.count_below(1 << 33), 6);
        assert_eq!(s.select(0), Some(0));
        assert_eq!(s.select(3), Some(64));
        assert_eq!(s.select(6), Some(1 << 33));
        assert_eq!(s.select(7), None);
    }
}
