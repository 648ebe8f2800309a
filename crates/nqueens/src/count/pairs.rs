//! Half boards out of quarter pieces: the other hot loop of the
//! [`join`](super::join) engine.
//!
//! A half board is a north piece and a south piece whose diagonals do not
//! meet; the join engine makes every one of a row split's (tens of millions
//! at n = 22) by pairing each north piece with the south pieces of the other
//! columns, keeping the signature of each pair that fits. Which pairs fit is
//! unpredictable, so the loop has no branch: it writes every pair and moves
//! the end of the list past those that fit. With AVX-512 it takes eight
//! south pieces at a time and *compresses* the signatures of those that fit
//! into consecutive places, so the pieces are stored a column per field
//! ([`Placed`]), for whole-register loads. At n = 18 the pairs took a fifth
//! of a count's time one at a time, a tenth this way.

use super::disjoint::Kernel;

/// Quarter pieces placed on the board: for each, the diagonals where it
/// can meet a piece of the other quadrant of its half (its *meet* mask)
/// and its signature (the diagonals that cross into the other half), a
/// column per field. A north and a south piece of one half can only share
/// a diagonal that both quadrants reach, h − 1 of each kind (h − 2 on odd
/// boards), so one word of those stands in for the full masks of both
/// kinds: a piece is 16 bytes, not 24, and a pair is tested with one AND.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct Placed {
    pub(super) meets: Vec<u64>,
    pub(super) sigs: Vec<u64>,
}

/// Where the pieces of one quadrant go on the board: a piece of the
/// quadrant table (its h×h sums in the low 32 bits, differences in the
/// high) is shifted into place, its meet mask taken from the diagonals
/// that both quadrants of its half reach, and its signature from the
/// diagonals that cross into the other half.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shifts {
    /// Left shifts of the sums and of the differences.
    pub(super) sums: u32,
    pub(super) diffs: u32,
    /// Right shifts to the first crossing sum, and difference.
    pub(super) off: u32,
    pub(super) half: u32,
    /// Crossing diagonals of each kind (2h − 1).
    pub(super) width: u32,
    /// Right shifts to the first sum, and difference, that both quadrants
    /// of the half reach, and how many there are of each kind.
    pub(super) meet_sums: u32,
    pub(super) meet_diffs: u32,
    pub(super) meet_width: u32,
}

impl Shifts {
    /// Piece `p` placed: its global sums and differences (to test against
    /// a frame), its meet mask and its signature.
    pub(super) fn place(self, p: u64) -> [u64; 4] {
        let m = (1u64 << self.width) - 1;
        let w = (1u64 << self.meet_width) - 1;
        let s = (p & 0xFFFF_FFFF) << self.sums;
        let d = (p >> 32) << self.diffs;
        [
            s,
            d,
            (s >> self.meet_sums & w) | (d >> self.meet_diffs & w) << self.meet_width,
            (s >> self.off & m) | (d >> self.half & m) << self.width,
        ]
    }
}

/// A run of [`Placed`] pieces.
#[derive(Debug, Clone, Copy)]
pub(super) struct PlacedRef<'a> {
    pub(super) meets: &'a [u64],
    pub(super) sigs: &'a [u64],
}

impl Placed {
    pub(super) fn len(&self) -> usize {
        self.meets.len()
    }

    pub(super) fn clear(&mut self) {
        self.meets.clear();
        self.sigs.clear();
    }

    /// Pieces `range`.
    pub(super) fn get(&self, range: std::ops::Range<usize>) -> PlacedRef<'_> {
        PlacedRef {
            meets: &self.meets[range.clone()],
            sigs: &self.sigs[range],
        }
    }

    pub(super) fn all(&self) -> PlacedRef<'_> {
        self.get(0..self.len())
    }

    /// Moves the pieces of `start..end` whose signature lacks `bit` before
    /// those that have it, each kind keeping its order; returns where the
    /// latter start. `back` is working room, kept from call to call. With
    /// AVX-512 eight pieces at a time (a pass that swapped one piece at a
    /// time took a tenth of a sampled n = 28 split); else branch-free, as
    /// which side a piece falls on is unpredictable.
    pub(super) fn partition(
        &mut self,
        kernel: Kernel,
        [start, end]: [usize; 2],
        bit: u64,
        back: &mut Placed,
    ) -> usize {
        let len = end - start;
        back.meets.resize(back.meets.len().max(len + 8), 0);
        back.sigs.resize(back.sigs.len().max(len + 8), 0);
        let (meets, sigs) = (&mut self.meets[start..end], &mut self.sigs[start..end]);
        #[cfg(target_arch = "x86_64")]
        if kernel == Kernel::Avx512 && kernel.is_available() {
            // SAFETY: the kernel is available, so the CPU has AVX-512 F and
            // POPCNT; `back` has room for the run and 8 more.
            return start + unsafe { x86::partition(meets, sigs, bit, back) };
        }
        #[cfg(target_arch = "x86_64")]
        if kernel == Kernel::Avx2 && kernel.is_available() {
            // SAFETY: the kernel is available, so the CPU has AVX2 and
            // POPCNT; `back` has room for the run and 8 more.
            return start + unsafe { x86::partition_avx2(meets, sigs, bit, back) };
        }
        let _ = kernel;
        let (mut w0, mut w1) = (0, 0);
        for i in 0..len {
            let (meet, sig) = (meets[i], sigs[i]);
            // (w0 <= i: what is overwritten was read already.)
            meets[w0] = meet;
            sigs[w0] = sig;
            back.meets[w1] = meet;
            back.sigs[w1] = sig;
            let without = usize::from(sig & bit == 0);
            w0 += without;
            w1 += 1 - without;
        }
        meets[w0..].copy_from_slice(&back.meets[..w1]);
        sigs[w0..].copy_from_slice(&back.sigs[..w1]);
        start + w0
    }

    /// Appends the pieces of `from`.
    pub(super) fn extend_from(&mut self, from: PlacedRef<'_>) {
        self.meets.extend_from_slice(from.meets);
        self.sigs.extend_from_slice(from.sigs);
    }

    /// Appends every piece of `list` placed by `at`.
    pub(super) fn extend_placed(&mut self, kernel: Kernel, list: &[u64], at: Shifts) {
        #[cfg(target_arch = "x86_64")]
        if kernel == Kernel::Avx512 && kernel.is_available() {
            // SAFETY: the kernel is available, so the CPU has AVX-512 F.
            unsafe { x86::extend_placed(self, list, at) };
            return;
        }
        let _ = kernel;
        self.extend_kept(list.iter().map(|&q| at.place(q)), |_| true);
    }

    /// Appends the pieces of `list` placed by `at` that stand on none of
    /// the diagonals `closed` (global sums, then differences): with
    /// AVX-512 eight at a time, those kept compressed to the end.
    pub(super) fn extend_placed_open(
        &mut self,
        kernel: Kernel,
        list: &[u64],
        at: Shifts,
        closed: [u64; 2],
    ) {
        #[cfg(target_arch = "x86_64")]
        if kernel == Kernel::Avx512 && kernel.is_available() {
            // SAFETY: the kernel is available, so the CPU has AVX-512 F and
            // POPCNT.
            unsafe { x86::extend_placed_open(self, list, at, closed) };
            return;
        }
        let _ = kernel;
        self.extend_kept(list.iter().map(|&q| at.place(q)), |piece| {
            piece[0] & closed[0] | piece[1] & closed[1] == 0
        });
    }

    /// Appends `pieces` as [`Shifts::place`] gives them, keeping those
    /// that `keep` holds. Every piece is written and the end moved past
    /// those kept: no branch.
    pub(super) fn extend_kept(
        &mut self,
        pieces: impl ExactSizeIterator<Item = [u64; 4]>,
        keep: impl Fn(&[u64; 4]) -> bool,
    ) {
        let mut kept = self.len();
        let end = kept + pieces.len();
        self.meets.resize(end, 0);
        self.sigs.resize(end, 0);
        for piece in pieces {
            self.meets[kept] = piece[2];
            self.sigs[kept] = piece[3];
            kept += usize::from(keep(&piece));
        }
        self.meets.truncate(kept);
        self.sigs.truncate(kept);
    }
}

impl PlacedRef<'_> {
    pub(super) fn len(&self) -> usize {
        self.meets.len()
    }

    /// Piece `i`: meet mask, signature.
    pub(super) fn piece(&self, i: usize) -> [u64; 2] {
        [self.meets[i], self.sigs[i]]
    }
}

/// Writes, from `out[used]` on, the half boards of the north pieces
/// `north[from..]`, one after the other: the signature of each joined with
/// each piece of `south` whose diagonals it does not meet (`|` of the two
/// signatures), in order. Stops after the north piece that brings the end
/// to `chunk` or more; returns the new end and the next north piece
/// (`north.len()` when all were joined). `out` grows as needed, a quarter
/// at a time, and never past `chunk` and one south list beyond what it
/// holds.
pub(super) fn append_pairs(
    kernel: Kernel,
    (north, from): (PlacedRef<'_>, usize),
    south: PlacedRef<'_>,
    out: &mut Vec<u64>,
    used: usize,
    chunk: usize,
) -> (usize, usize) {
    let pieces = north.len().saturating_sub(from);
    let room = (used.max(chunk).saturating_add(south.len()))
        .min(used.saturating_add(pieces.saturating_mul(south.len())));
    if out.len() < room {
        out.resize(room.max(out.len() + out.len() / 4), 0);
    }
    assert!(south.sigs.len() == south.len());
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx512 && kernel.is_available() {
        // SAFETY: the kernel is available, so the CPU has AVX-512 F and
        // POPCNT (without which counting a mask's bits is a slow loop); `out`
        // has room for a south list past any end below `chunk`, and for
        // every pair (see `room`).
        return unsafe { x86::append_pairs((north, from), south, out, used, chunk) };
    }
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx2 && kernel.is_available() {
        // SAFETY: the kernel is available, so the CPU has AVX2 and POPCNT;
        // `out` has room as above.
        return unsafe { x86::append_pairs_avx2((north, from), south, out, used, chunk) };
    }
    let _ = kernel;
    let mut used = used;
    for j in from..north.len() {
        let [meet, sig] = north.piece(j);
        for (&qmeet, &qsig) in south.meets.iter().zip(south.sigs) {
            out[used] = sig | qsig;
            used += usize::from(meet & qmeet == 0);
        }
        if used >= chunk {
            return (used, j + 1);
        }
    }
    (used, north.len())
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Placed, PlacedRef, Shifts};
    use crate::count::compress::{compress, zero_lanes};
    use std::arch::x86_64::*;

    /// [`partition`] four pieces at a time with AVX2, each kind packed by
    /// [`compress`] (AVX2 has no compress of its own); the last few one at
    /// a time.
    ///
    /// # Safety
    /// The CPU must support AVX2 and POPCNT; `meets` and `sigs` must be as
    /// long, and each field of `back` must have room for them and 8 more.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn partition_avx2(
        meets: &mut [u64],
        sigs: &mut [u64],
        bit: u64,
        back: &mut Placed,
    ) -> usize {
        let len = sigs.len();
        assert!(meets.len() == len && back.meets.len() >= len + 8 && back.sigs.len() >= len + 8);
        let b = _mm256_set1_epi64x(bit as i64);
        let (m, g) = (meets.as_mut_ptr(), sigs.as_mut_ptr());
        let (bm, bg) = (back.meets.as_mut_ptr(), back.sigs.as_mut_ptr());
        let (mut w0, mut w1) = (0, 0);
        let mut i = 0;
        while i + 4 <= len {
            // SAFETY: the loads read xs[i..i + 4] of each field; the
            // whole-register stores write 4 lanes from w0 <= i in `meets`
            // and `sigs` (within what was read) and from w1 <= i in `back`
            // (within len + 8).
            unsafe {
                let x = _mm256_loadu_si256(g.add(i).cast());
                let y = _mm256_loadu_si256(m.add(i).cast());
                let without = zero_lanes(_mm256_and_si256(x, b));
                let with = without ^ 0xF;
                _mm256_storeu_si256(g.add(w0).cast(), compress(x, without));
                _mm256_storeu_si256(m.add(w0).cast(), compress(y, without));
                _mm256_storeu_si256(bg.add(w1).cast(), compress(x, with));
                _mm256_storeu_si256(bm.add(w1).cast(), compress(y, with));
                let kept = without.count_ones() as usize;
                w0 += kept;
                w1 += 4 - kept;
            }
            i += 4;
        }
        while i < len {
            let (meet, sig) = (meets[i], sigs[i]);
            meets[w0] = meet;
            sigs[w0] = sig;
            back.meets[w1] = meet;
            back.sigs[w1] = sig;
            let without = usize::from(sig & bit == 0);
            w0 += without;
            w1 += 1 - without;
            i += 1;
        }
        debug_assert_eq!(w0 + w1, len);
        meets[w0..].copy_from_slice(&back.meets[..w1]);
        sigs[w0..].copy_from_slice(&back.sigs[..w1]);
        w0
    }

    /// [`super::append_pairs`] four south pieces at a time with AVX2: the
    /// pairs that fit packed by [`compress`] and the whole register stored
    /// at the end of the list, as [`append_pairs`] does with eight; the
    /// last few one at a time.
    ///
    /// # Safety
    /// As for [`append_pairs`], with AVX2 and POPCNT for AVX-512.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn append_pairs_avx2(
        (north, from): (PlacedRef<'_>, usize),
        south: PlacedRef<'_>,
        out: &mut [u64],
        mut used: usize,
        chunk: usize,
    ) -> (usize, usize) {
        let len = south.len();
        assert!(south.sigs.len() == len);
        let (e, g) = (south.meets.as_ptr(), south.sigs.as_ptr());
        let o = out.as_mut_ptr();
        let whole = len - len % 4;
        for j in from..north.len() {
            let [meet, sig] = north.piece(j);
            let [pe, pg] = [meet, sig].map(|x| _mm256_set1_epi64x(x as i64));
            let mut i = 0;
            while i < whole {
                // SAFETY: i + 4 <= len, the length of each field. The store
                // writes out[used..used + 4], and used is at most this
                // piece's first end plus i, so it ends within a south list
                // of that end, which is below `chunk` or the caller's `used`.
                unsafe {
                    let qe = _mm256_loadu_si256(e.add(i).cast());
                    let qg = _mm256_loadu_si256(g.add(i).cast());
                    let fit = zero_lanes(_mm256_and_si256(pe, qe));
                    let pairs = compress(_mm256_or_si256(pg, qg), fit);
                    _mm256_storeu_si256(o.add(used).cast(), pairs);
                    used += fit.count_ones() as usize;
                }
                i += 4;
            }
            for (&qmeet, &qsig) in south.meets[whole..].iter().zip(&south.sigs[whole..]) {
                out[used] = sig | qsig;
                used += usize::from(meet & qmeet == 0);
            }
            if used >= chunk {
                return (used, j + 1);
            }
        }
        (used, north.len())
    }

    /// [`Placed::partition`] eight pieces at a time: those without `bit`
    /// compressed to the front in place, the others into `back`, copied
    /// after them at the end. Returns how many lack the bit.
    ///
    /// Whole groups of eight are loaded and stored whole (the lanes past
    /// those kept land where the pieces were read already, or in `back`'s
    /// room for 8 more); only the last group is masked. With a masked
    /// load and four masked stores for every group, 60 sampled row splits
    /// of n = 27 took 3.81 s against 3.66 s this way (medians of six runs,
    /// alternating, `join::sizes::chunk_timing`), the partition 7.6% of
    /// their profile against 6.8%.
    ///
    /// # Safety
    /// The CPU must support AVX-512 F and POPCNT; `meets` and `sigs` must be
    /// as long, and each field of `back` must have room for them and 8 more.
    #[target_feature(enable = "avx512f,popcnt")]
    pub(super) unsafe fn partition(
        meets: &mut [u64],
        sigs: &mut [u64],
        bit: u64,
        back: &mut Placed,
    ) -> usize {
        let len = sigs.len();
        assert!(meets.len() == len && back.meets.len() >= len + 8 && back.sigs.len() >= len + 8);
        let b = _mm512_set1_epi64(bit as i64);
        let (m, g) = (meets.as_mut_ptr(), sigs.as_mut_ptr());
        let (bm, bg) = (back.meets.as_mut_ptr(), back.sigs.as_mut_ptr());
        let (mut w0, mut w1) = (0, 0);
        let mut i = 0;
        while i + 8 <= len {
            // SAFETY: the loads read xs[i..i + 8] of each field; the
            // whole-register stores write 8 lanes from w0 <= i in `meets`
            // and `sigs` (within what was read) and from w1 <= i in `back`
            // (within len + 8).
            unsafe {
                let x = _mm512_loadu_si512(g.add(i).cast());
                let y = _mm512_loadu_si512(m.add(i).cast());
                let without = _mm512_testn_epi64_mask(x, b);
                let with = !without;
                _mm512_storeu_si512(g.add(w0).cast(), _mm512_maskz_compress_epi64(without, x));
                _mm512_storeu_si512(m.add(w0).cast(), _mm512_maskz_compress_epi64(without, y));
                _mm512_storeu_si512(bg.add(w1).cast(), _mm512_maskz_compress_epi64(with, x));
                _mm512_storeu_si512(bm.add(w1).cast(), _mm512_maskz_compress_epi64(with, y));
                w0 += without.count_ones() as usize;
                w1 += with.count_ones() as usize;
            }
            i += 8;
        }
        if i < len {
            let lanes: __mmask8 = (1u8 << (len - i)) - 1;
            // SAFETY: the loads read only lanes below len - i; the stores
            // write only as many lanes as are kept, from w0 <= i in `meets`
            // and `sigs` (within what was read) and from w1 <= i in `back`
            // (within len + 8).
            unsafe {
                let x = _mm512_maskz_loadu_epi64(lanes, g.add(i).cast());
                let y = _mm512_maskz_loadu_epi64(lanes, m.add(i).cast());
                let without = _mm512_mask_testn_epi64_mask(lanes, x, b);
                let with = lanes & !without;
                // The lanes of `v` that `keep` picks, packed, at `to`.
                let put = |to: *mut u64, keep: __mmask8, v: __m512i| {
                    let first = ((1u16 << keep.count_ones()) - 1) as u8;
                    _mm512_mask_storeu_epi64(
                        to.cast(),
                        first,
                        _mm512_maskz_compress_epi64(keep, v),
                    );
                };
                put(g.add(w0), without, x);
                put(m.add(w0), without, y);
                put(bg.add(w1), with, x);
                put(bm.add(w1), with, y);
                w0 += without.count_ones() as usize;
                w1 += with.count_ones() as usize;
            }
        }
        debug_assert_eq!(w0 + w1, len);
        meets[w0..].copy_from_slice(&back.meets[..w1]);
        sigs[w0..].copy_from_slice(&back.sigs[..w1]);
        w0
    }

    /// A [`Shifts`] in registers, to place eight pieces at a time
    /// ([`extend_placed`], [`extend_placed_open`]).
    #[derive(Clone, Copy)]
    struct Placer {
        /// Shift counts: the sums' and differences' offsets, the signature's
        /// halves and width, the meet's sums, differences and width.
        counts: [__m128i; 8],
        /// The low 32 bits, the signature half's mask, the meet half's.
        masks: [__m512i; 3],
    }

    impl Placer {
        #[target_feature(enable = "avx512f")]
        fn new(at: Shifts) -> Placer {
            let count = |k: u32| _mm_set_epi64x(0, i64::from(k));
            Placer {
                counts: [
                    at.sums,
                    at.diffs,
                    at.off,
                    at.half,
                    at.width,
                    at.meet_sums,
                    at.meet_diffs,
                    at.meet_width,
                ]
                .map(count),
                masks: [
                    _mm512_set1_epi64(0xFFFF_FFFF),
                    _mm512_set1_epi64(((1u64 << at.width) - 1) as i64),
                    _mm512_set1_epi64(((1u64 << at.meet_width) - 1) as i64),
                ],
            }
        }

        /// Eight pieces placed as [`Shifts::place`] places one: their
        /// diagonals on the whole board (sums, differences), and their
        /// meets and signatures.
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn place(&self, p: __m512i) -> ([__m512i; 2], [__m512i; 2]) {
            let [sums, diffs, off, half, width, meet_sums, meet_diffs, meet_width] = self.counts;
            let [low, m, w] = self.masks;
            let s = _mm512_sll_epi64(_mm512_and_si512(p, low), sums);
            let d = _mm512_sll_epi64(_mm512_srli_epi64::<32>(p), diffs);
            let meet = _mm512_or_si512(
                _mm512_and_si512(_mm512_srl_epi64(s, meet_sums), w),
                _mm512_sll_epi64(
                    _mm512_and_si512(_mm512_srl_epi64(d, meet_diffs), w),
                    meet_width,
                ),
            );
            let g = _mm512_or_si512(
                _mm512_and_si512(_mm512_srl_epi64(s, off), m),
                _mm512_sll_epi64(_mm512_and_si512(_mm512_srl_epi64(d, half), m), width),
            );
            ([s, d], [meet, g])
        }
    }

    /// [`Placed::extend_placed`] eight pieces at a time.
    ///
    /// # Safety
    /// The CPU must support AVX-512 F; the two fields of `out` must be as
    /// long.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn extend_placed(out: &mut Placed, list: &[u64], at: Shifts) {
        let (len, base) = (list.len(), out.len());
        assert!(out.sigs.len() == base && at.width < 64 && at.meet_width < 32);
        out.meets.reserve(len);
        out.sigs.reserve(len);
        let placer = Placer::new(at);
        let to = [&mut out.meets, &mut out.sigs].map(|v| v.as_mut_ptr());
        let mut i = 0;
        while i < len {
            let lanes: __mmask8 = if len - i >= 8 {
                0xFF
            } else {
                (1u8 << (len - i)) - 1
            };
            // SAFETY: the load reads lanes below len - i of `list`; the
            // stores write the same lanes from base + i, within the room
            // reserved for `len` more.
            unsafe {
                let p = _mm512_maskz_loadu_epi64(lanes, list.as_ptr().add(i).cast());
                for (field, v) in to.iter().zip(placer.place(p).1) {
                    _mm512_mask_storeu_epi64(field.add(base + i).cast(), lanes, v);
                }
            }
            i += 8;
        }
        // SAFETY: every place from base to base + len was written above.
        unsafe {
            out.meets.set_len(base + len);
            out.sigs.set_len(base + len);
        }
    }

    /// [`Placed::extend_placed_open`] eight pieces at a time: each
    /// placed as [`extend_placed`] places it, those on no closed diagonal
    /// compressed to the low lanes and the whole register stored at the
    /// end (the lanes past those kept lie within the room reserved, and
    /// the next store overwrites them); the last few loaded under a mask.
    /// (One at a time, `pieces_append` took 2.4% of a profile of sampled
    /// row splits of n = 27.)
    ///
    /// # Safety
    /// The CPU must support AVX-512 F and POPCNT; the two fields of `out`
    /// must be as long.
    #[target_feature(enable = "avx512f,popcnt")]
    pub(super) unsafe fn extend_placed_open(
        out: &mut Placed,
        list: &[u64],
        at: Shifts,
        closed: [u64; 2],
    ) {
        let (len, base) = (list.len(), out.len());
        assert!(out.sigs.len() == base && at.width < 64 && at.meet_width < 32);
        out.meets.reserve(len + 8);
        out.sigs.reserve(len + 8);
        let placer = Placer::new(at);
        let (closed_sums, closed_diffs) = (
            _mm512_set1_epi64(closed[0] as i64),
            _mm512_set1_epi64(closed[1] as i64),
        );
        let to = [&mut out.meets, &mut out.sigs].map(|v| v.as_mut_ptr());
        let mut kept = base;
        let mut i = 0;
        while i < len {
            let lanes: __mmask8 = if len - i >= 8 {
                0xFF
            } else {
                (1u8 << (len - i)) - 1
            };
            // SAFETY: the load reads lanes below len - i of `list`; the
            // stores write 8 lanes from kept <= base + i, within the room
            // reserved for len + 8 more.
            unsafe {
                let p = _mm512_maskz_loadu_epi64(lanes, list.as_ptr().add(i).cast());
                let ([s, d], placed) = placer.place(p);
                let open = _mm512_mask_testn_epi64_mask(lanes, s, closed_sums)
                    & _mm512_testn_epi64_mask(d, closed_diffs);
                for (field, v) in to.iter().zip(placed) {
                    _mm512_storeu_si512(
                        field.add(kept).cast(),
                        _mm512_maskz_compress_epi64(open, v),
                    );
                }
                kept += open.count_ones() as usize;
            }
            i += 8;
        }
        // SAFETY: every place from base to kept was written above.
        unsafe {
            out.meets.set_len(kept);
            out.sigs.set_len(kept);
        }
    }

    /// [`super::append_pairs`] eight south pieces at a time: the pairs
    /// that fit are compressed to the low lanes and the whole register
    /// stored at the end of the list (the lanes past the pairs kept are
    /// overwritten by the next store, or lie within a south list's length
    /// of the end); the last few are loaded and stored under masks.
    ///
    /// # Safety
    /// The CPU must support AVX-512 F and POPCNT; the two fields of `south` must be
    /// as long, and `out` must have room for `south.len()` past every end
    /// below `chunk` reached from `used`.
    #[target_feature(enable = "avx512f,popcnt")]
    pub(super) unsafe fn append_pairs(
        (north, from): (PlacedRef<'_>, usize),
        south: PlacedRef<'_>,
        out: &mut [u64],
        mut used: usize,
        chunk: usize,
    ) -> (usize, usize) {
        let len = south.len();
        let (e, g) = (south.meets.as_ptr(), south.sigs.as_ptr());
        let tail: __mmask8 = (1u8 << (len % 8)).wrapping_sub(1);
        let o = out.as_mut_ptr();
        for j in from..north.len() {
            let [pe, sig] = north.piece(j).map(|x| _mm512_set1_epi64(x as i64));
            let mut i = 0;
            while i + 8 <= len {
                // SAFETY: i + 8 <= len, the length of each field. The store
                // writes out[used..used + 8], and used is at most this
                // piece's first end plus i, so it ends within a south list
                // of that end, which is below `chunk` or the caller's `used`.
                unsafe {
                    let qe = _mm512_loadu_si512(e.add(i).cast());
                    let qg = _mm512_loadu_si512(g.add(i).cast());
                    let fit = _mm512_testn_epi64_mask(pe, qe);
                    let pairs = _mm512_maskz_compress_epi64(fit, _mm512_or_si512(sig, qg));
                    _mm512_storeu_si512(o.add(used).cast(), pairs);
                    used += fit.count_ones() as usize;
                }
                i += 8;
            }
            if i < len {
                // SAFETY: masked loads read only lanes below len - i; the
                // masked store writes out[used..used + kept], kept <= len - i.
                unsafe {
                    let qe = _mm512_maskz_loadu_epi64(tail, e.add(i).cast());
                    let qg = _mm512_maskz_loadu_epi64(tail, g.add(i).cast());
                    let fit = _mm512_mask_testn_epi64_mask(tail, pe, qe);
                    let pairs = _mm512_maskz_compress_epi64(fit, _mm512_or_si512(sig, qg));
                    let kept = fit.count_ones();
                    let store: __mmask8 = ((1u16 << kept) - 1) as u8;
                    _mm512_mask_storeu_epi64(o.add(used).cast(), store, pairs);
                    used += kept as usize;
                }
            }
            if used >= chunk {
                return (used, j + 1);
            }
        }
        (used, north.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Every kernel's partition by a bit keeps every piece of the run
        /// with its meet mask, puts those without the bit first, each kind
        /// in its order, and leaves the rest of the buffer alone.
        #[test]
        fn partitions_split_runs_by_a_bit(
            pieces in proptest::collection::vec((any::<u64>(), 0u64..16), 0..40),
            a in 0usize..40,
            b in 0usize..40,
            j in 0u32..4,
        ) {
            let (start, end) = (a.min(b).min(pieces.len()), a.max(b).min(pieces.len()));
            let bit = 1u64 << j;
            let run = &pieces[start..end];
            let expected: Vec<(u64, u64)> = pieces[..start]
                .iter()
                .chain(run.iter().filter(|p| p.1 & bit == 0))
                .chain(run.iter().filter(|p| p.1 & bit != 0))
                .chain(&pieces[end..])
                .copied()
                .collect();
            let mid = start + run.iter().filter(|p| p.1 & bit == 0).count();
            for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
                let mut placed = Placed {
                    meets: pieces.iter().map(|p| p.0).collect(),
                    sigs: pieces.iter().map(|p| p.1).collect(),
                };
                let got_mid = placed.partition(kernel, [start, end], bit, &mut Placed::default());
                let got: Vec<(u64, u64)> =
                    placed.meets.iter().copied().zip(placed.sigs.iter().copied()).collect();
                prop_assert_eq!(got_mid, mid, "{}", kernel.name());
                prop_assert_eq!(&got, &expected, "{}", kernel.name());
            }
        }

        /// Every kernel places pieces as the shifts say.
        #[test]
        fn kernels_place_pieces_alike(
            list in proptest::collection::vec(any::<u64>(), 0..30),
            before in 0usize..3,
            h in 3u32..15,
            ro in 0u32..15,
            co in 0u32..15,
        ) {
            let n = 2 * h;
            let at = Shifts {
                sums: ro + co,
                diffs: ro + n - h - co.min(n - h),
                off: h,
                half: n - h,
                width: 2 * h - 1,
                meet_sums: h + co,
                meet_diffs: n - co.min(n - h),
                meet_width: h - 1,
            };
            let list: Vec<u64> = list.iter().map(|x| x & (((1 << (2 * h - 1)) - 1) * 0x1_0000_0001)).collect();
            let mut expected = Placed::default();
            expected.extend_kept((0..before).map(|x| [x as u64; 4]), |_| true);
            let all = expected.clone();
            expected.extend_kept(list.iter().map(|&q| at.place(q)), |_| true);
            for kernel in Kernel::ALL {
                let mut got = all.clone();
                got.extend_placed(kernel, &list, at);
                prop_assert_eq!(&got, &expected, "{}", kernel.name());
            }
        }

        /// Every kernel places pieces as the shifts say and keeps those on
        /// no closed diagonal, in order: against a plain filter.
        #[test]
        fn kernels_keep_the_open_pieces(
            list in proptest::collection::vec(any::<u64>(), 0..40),
            before in 0usize..3,
            h in 3u32..15,
            co in 0u32..15,
            closed in (any::<u64>(), any::<u64>()),
        ) {
            let n = 2 * h + 1;
            let at = Shifts {
                sums: h + 1 + co,
                diffs: h + 1 + n - h - co.min(n - h),
                off: h + 1,
                half: n - h,
                width: 2 * h - 1,
                meet_sums: h + 1 + co,
                meet_diffs: n - co.min(n - h),
                meet_width: h - 2,
            };
            // Sparse closed diagonals, so that some pieces are kept.
            let closed = [closed.0 & closed.0.rotate_left(7), closed.1 & closed.1.rotate_left(11)];
            let list: Vec<u64> = list.iter().map(|x| x & (((1 << (2 * h - 1)) - 1) * 0x1_0000_0001)).collect();
            let mut expected = Placed::default();
            expected.extend_kept((0..before).map(|x| [x as u64; 4]), |_| true);
            let all = expected.clone();
            expected.extend_kept(list.iter().map(|&q| at.place(q)), |p| {
                p[0] & closed[0] | p[1] & closed[1] == 0
            });
            for kernel in Kernel::ALL {
                let mut got = all.clone();
                got.extend_placed_open(kernel, &list, at, closed);
                prop_assert_eq!(&got, &expected, "{}", kernel.name());
            }
        }

        /// Every kernel writes the pairs that fit, north piece by north
        /// piece, in order, and stops after the piece that reaches the
        /// chunk: against a plain filter.
        #[test]
        fn kernels_keep_the_pairs_that_fit(
            north in proptest::collection::vec(any::<[u64; 2]>(), 0..6),
            south in proptest::collection::vec(any::<[u64; 2]>(), 0..40),
            sparse in 0u32..3,
            used in 0usize..5,
            from in 0usize..6,
            chunk in 0usize..120,
        ) {
            // Sparse masks, so that some pairs fit.
            let thin = |x: u64| (0..sparse).fold(x, |x, k| x & x.rotate_left(7 + k));
            let mut norths = Placed::default();
            norths.extend_kept(north.iter().map(|&[e, g]| [0, 0, thin(e), g]), |_| true);
            let mut souths = Placed::default();
            souths.extend_kept(south.iter().map(|&[e, g]| [0, 0, thin(e), g]), |_| true);
            let from = from.min(north.len());
            let mut expected = Vec::new();
            let mut next = north.len();
            for j in from..north.len() {
                let [meet, sig] = norths.all().piece(j);
                for i in 0..south.len() {
                    let [qmeet, qsig] = souths.all().piece(i);
                    if meet & qmeet == 0 {
                        expected.push(sig | qsig);
                    }
                }
                if used + expected.len() >= chunk {
                    next = j + 1;
                    break;
                }
            }
            for kernel in Kernel::ALL {
                let mut out = vec![7u64; used];
                let (end, after) =
                    append_pairs(kernel, (norths.all(), from), souths.all(), &mut out, used, chunk);
                prop_assert_eq!((end, after), (used + expected.len(), next), "{}", kernel.name());
                prop_assert_eq!(&out[used..end], &expected[..], "{}", kernel.name());
                prop_assert!(out[..used].iter().all(|&x| x == 7));
            }
        }
    }
}
