//! The eight symmetries of the square, canonical forms and orbit sizes.
//!
//! Rotating or reflecting a solution gives a solution, so the solutions of an
//! `n`×`n` board fall into classes under the dihedral group D4 of the square
//! (four rotations, four reflections). OEIS A002562 counts these classes; A000170
//! counts the solutions themselves.
//!
//! A class is represented by its *canonical* member, the lexicographically
//! smallest of the (at most eight distinct) images. The number of distinct
//! images is the *orbit size*; by the orbit–stabilizer theorem it is 8 divided by
//! the number of symmetries that map the solution onto itself. For `n > 1` no
//! reflection fixes a solution (a reflection in a diagonal would pair queens on
//! one anti-diagonal; one in a middle line would pair queens in one row or column),
//! so orbits have 8, 4 (fixed by the half turn) or 2 (fixed by the quarter
//! turn) members. Burnside's lemma turns this into the count of classes:
//! `U = (1/8) Σ_s |stabilizer(s)|`, which is how [`crate::count_unique`] counts.

use crate::board::Solution;

/// One of the eight symmetries of the square.
///
/// Rows are numbered from the top and columns from the left, so
/// [`Symmetry::Rotate90`] turns the board a quarter clockwise: the queen in the
/// top row ends up in the right-most column.
///
/// # Examples
///
/// ```
/// use nqueens::{Solution, Symmetry};
///
/// let s = Solution::new(vec![1, 3, 5, 0, 2, 4])?;
/// // Every image of a solution is a solution.
/// for symmetry in Symmetry::ALL {
///     assert!(nqueens::verify(symmetry.apply(&s).columns()).is_ok());
/// }
/// // A quarter turn one way undoes a quarter turn the other way.
/// assert_eq!(Symmetry::Rotate90.apply(&Symmetry::Rotate270.apply(&s)), s);
/// // This solution is its own half turn, so its class has 8 / 2 = 4 members.
/// assert_eq!(s.symmetries(), [Symmetry::Identity, Symmetry::Rotate180]);
/// assert_eq!(s.orbit_size(), 4);
/// assert_eq!(Symmetry::Rotate180.name(), "rotate 180°");
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn clockwise: `(r, c) → (c, n-1-r)`.
    Rotate90,
    /// A half turn: `(r, c) → (n-1-r, n-1-c)`.
    Rotate180,
    /// A quarter turn counter-clockwise: `(r, c) → (n-1-c, r)`.
    Rotate270,
    /// Mirror left to right: `(r, c) → (r, n-1-c)`.
    FlipHorizontal,
    /// Mirror top to bottom: `(r, c) → (n-1-r, c)`.
    FlipVertical,
    /// Reflect in the main diagonal: `(r, c) → (c, r)`.
    Transpose,
    /// Reflect in the anti-diagonal: `(r, c) → (n-1-c, n-1-r)`.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the square `(row, col)` of an `n`×`n` board goes.
    ///
    /// # Panics
    /// It may panic where overflow is checked (debug builds) when the
    /// square is not on the board (`row` or `col` not below `n`); without
    /// the checks the square returned is then off the board too.
    ///
    /// ```
    /// use nqueens::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.map_square(8, 0, 0), (0, 7));
    /// assert_eq!(Symmetry::Transpose.map_square(8, 2, 5), (5, 2));
    /// ```
    pub const fn map_square(self, n: usize, row: usize, col: usize) -> (usize, usize) {
        let m = n - 1;
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::Rotate90 => (col, m - row),
            Symmetry::Rotate180 => (m - row, m - col),
            Symmetry::Rotate270 => (m - col, row),
            Symmetry::FlipHorizontal => (row, m - col),
            Symmetry::FlipVertical => (m - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (m - col, m - row),
        }
    }

    /// The image of a solution.
    ///
    /// ```
    /// use nqueens::{Solution, Symmetry};
    /// let s = Solution::new(vec![1, 3, 0, 2])?;
    /// assert_eq!(Symmetry::FlipHorizontal.apply(&s).columns(), &[2, 0, 3, 1]);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn apply(self, solution: &Solution) -> Solution {
        let mut out = vec![0; solution.n()];
        self.apply_into(solution.columns(), &mut out);
        Solution::from_trusted(out)
    }

    /// Writes the image of `columns` (a permutation of `0..n`) into `out`.
    pub(crate) fn apply_into(self, columns: &[usize], out: &mut [usize]) {
        let n = columns.len();
        for (row, &col) in columns.iter().enumerate() {
            let (r, c) = self.map_square(n, row, col);
            out[r] = c;
        }
    }

    /// Whether this symmetry maps `columns` (a permutation) onto itself;
    /// stops at the first row that differs.
    pub(crate) fn fixes(self, columns: &[usize]) -> bool {
        let n = columns.len();
        columns.iter().enumerate().all(|(row, &col)| {
            let (r, c) = self.map_square(n, row, col);
            columns[r] == c
        })
    }

    /// A short name, as `nqueens` prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate 90°",
            Symmetry::Rotate180 => "rotate 180°",
            Symmetry::Rotate270 => "rotate 270°",
            Symmetry::FlipHorizontal => "mirror left-right",
            Symmetry::FlipVertical => "mirror top-bottom",
            Symmetry::Transpose => "reflect in the main diagonal",
            Symmetry::AntiTranspose => "reflect in the anti-diagonal",
        }
    }
}

/// How many of the eight symmetries fix `columns` (a permutation): 1, 2, 4 or 8.
pub(crate) fn stabilizer_size(columns: &[usize]) -> usize {
    // The identity always fixes; try the other seven.
    1 + Symmetry::ALL[1..]
        .iter()
        .filter(|s| s.fixes(columns))
        .count()
}

/// Whether `columns` is the lexicographically smallest of its images.
pub(crate) fn is_canonical(columns: &[usize], scratch: &mut Vec<usize>) -> bool {
    scratch.resize(columns.len(), 0);
    Symmetry::ALL[1..].iter().all(|s| {
        s.apply_into(columns, scratch);
        columns <= scratch.as_slice()
    })
}

impl Solution {
    /// The lexicographically smallest of the eight images: one representative
    /// per symmetry class.
    ///
    /// ```
    /// use nqueens::Solution;
    /// let s = Solution::new(vec![2, 0, 3, 1])?;
    /// assert_eq!(s.canonical().columns(), &[1, 3, 0, 2]);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn canonical(&self) -> Solution {
        Symmetry::ALL
            .iter()
            .map(|s| s.apply(self))
            .min()
            .unwrap_or_else(|| self.clone())
    }

    /// Whether this is its class's canonical representative.
    pub fn is_canonical(&self) -> bool {
        is_canonical(self.columns(), &mut Vec::new())
    }

    /// The symmetries that map this solution onto itself (its stabilizer);
    /// always contains [`Symmetry::Identity`].
    pub fn symmetries(&self) -> Vec<Symmetry> {
        Symmetry::ALL
            .into_iter()
            .filter(|s| s.fixes(self.columns()))
            .collect()
    }

    /// How many distinct solutions its class has: 8 divided by the size of its
    /// stabilizer, so 1, 2, 4 or 8.
    ///
    /// ```
    /// use nqueens::Solution;
    /// // The only 4-queens class is fixed by the quarter turn.
    /// assert_eq!(Solution::new(vec![1, 3, 0, 2])?.orbit_size(), 2);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn orbit_size(&self) -> usize {
        8 / stabilizer_size(self.columns())
    }

    /// The distinct images, sorted.
    pub fn orbit(&self) -> Vec<Solution> {
        let mut all: Vec<Solution> = Symmetry::ALL.iter().map(|s| s.apply(self)).collect();
        all.sort();
        all.dedup();
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sol(c: &[usize]) -> Solution {
        Solution::new(c.to_vec()).unwrap()
    }

    #[test]
    fn group_laws() {
        let s = sol(&[0, 4, 7, 5, 2, 6, 1, 3]);
        let r = |x: &Solution| Symmetry::Rotate90.apply(x);
        assert_eq!(r(&r(&s)), Symmetry::Rotate180.apply(&s));
        assert_eq!(r(&r(&r(&s))), Symmetry::Rotate270.apply(&s));
        assert_eq!(r(&r(&r(&r(&s)))), s);
        for sym in Symmetry::ALL {
            let image = sym.apply(&s);
            assert!(crate::verify(image.columns()).is_ok(), "{sym:?}");
        }
        // Reflections are involutions.
        for sym in &Symmetry::ALL[4..] {
            assert_eq!(sym.apply(&sym.apply(&s)), s);
        }
        // The eight images of an asymmetric solution are distinct.
        assert_eq!(s.orbit().len(), 8);
        assert_eq!(s.orbit_size(), 8);
    }

    #[test]
    fn rotation_moves_top_row_to_right_column() {
        let s = sol(&[1, 3, 0, 2]);
        // Queen at (0, 1) goes to (1, 3).
        let img = Symmetry::Rotate90.apply(&s);
        assert_eq!(img.columns()[1], 3);
    }

    #[test]
    fn symmetric_solutions() {
        // 4-queens: fixed by the quarter turns.
        let s = sol(&[1, 3, 0, 2]);
        assert_eq!(
            s.symmetries(),
            vec![
                Symmetry::Identity,
                Symmetry::Rotate90,
                Symmetry::Rotate180,
                Symmetry::Rotate270
            ]
        );
        assert_eq!(s.orbit().len(), 2);
        // 1-queen: everything fixes it.
        assert_eq!(sol(&[0]).orbit_size(), 1);
        // The symmetric class of 8-queens (OEIS A260320 comment: 35281746, 1-based).
        let s = sol(&[2, 4, 1, 7, 0, 6, 3, 5]);
        assert_eq!(s.orbit_size(), 4);
        assert!(s.symmetries().contains(&Symmetry::Rotate180));
    }

    #[test]
    fn canonical_is_smallest_image() {
        let s = sol(&[7, 3, 0, 2, 5, 1, 6, 4]);
        let c = s.canonical();
        assert!(c.is_canonical());
        assert!(s.orbit().iter().all(|x| c <= *x));
        assert_eq!(c.canonical(), c);
    }

    /// Exactly one solution of each class is canonical, the least of its
    /// orbit, checked against every image (a check that left one symmetry
    /// out took 14 of the 92 solutions of n = 8 for canonical, not 12).
    #[test]
    fn one_canonical_solution_a_class() {
        let all: Vec<Solution> = crate::search::solutions(8).expect("n = 8").collect();
        assert_eq!(all.len(), 92);
        let canonical: Vec<&Solution> = all.iter().filter(|s| s.is_canonical()).collect();
        assert_eq!(canonical.len(), 12);
        for s in &all {
            let least = s.orbit().into_iter().min().expect("an orbit");
            assert_eq!(s.is_canonical(), *s == least, "{s:?}");
        }
    }
}
