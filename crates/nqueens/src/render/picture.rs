//! What a board picture shows, and the geometry shared by the SVG and PNG
//! writers: the layout, the colours and the queen's outline.

use std::io;
use std::ops::ControlFlow;

use crate::algo::Replay;
use crate::board::{Conflict, Square};
use crate::sink::event::Event;
use crate::sink::Sink;

/// The side of one square, in pixels, unless a picture says otherwise (or
/// its board is so large, above 61, that a PNG of it would pass
/// [`MAX_PNG_SIDE`](crate::MAX_PNG_SIDE): then less).
///
/// # Examples
///
/// ```
/// use nqueens::{write_svg, Picture, DEFAULT_SQUARE_SIZE};
///
/// let picture = Picture::from_columns(&[1, 3, 0, 2]);
/// assert_eq!(picture.square_size, DEFAULT_SQUARE_SIZE);
///
/// // The SVG's width: four squares, plus a border and a margin.
/// let mut svg = Vec::new();
/// write_svg(&mut svg, &picture)?;
/// let svg = String::from_utf8(svg)?;
/// let width: u32 = svg.split("width=\"").nth(1).and_then(|w| w.split('"').next()).unwrap().parse()?;
/// assert!(4 * DEFAULT_SQUARE_SIZE < width && width < 5 * DEFAULT_SQUARE_SIZE);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const DEFAULT_SQUARE_SIZE: u32 = 60;

/// The side of a square of an `n`×`n` picture unless it says otherwise:
/// [`DEFAULT_SQUARE_SIZE`], or less from n = 62 on, so that a PNG of every
/// board up to [`MAX_PNG_N`](super::MAX_PNG_N) fits within
/// [`MAX_PNG_SIDE`](super::MAX_PNG_SIDE) with its margins (a 100×100 board
/// took 6,034 pixels a side, and every PNG of it was refused).
fn default_square_size(n: usize) -> u32 {
    let fits = (super::MAX_PNG_SIDE as usize * 9 / 10) / n.max(1);
    DEFAULT_SQUARE_SIZE
        .min(u32::try_from(fits).unwrap_or(u32::MAX))
        .max(1)
}

/// The largest board [`write_svg`](super::write_svg) and
/// [`write_animated_svg`](super::write_animated_svg) draw (an SVG of a
/// 1000×1000 board holds a million squares, some 40 MB).
///
/// # Examples
///
/// ```
/// use std::io::ErrorKind;
/// use nqueens::{write_animated_svg, write_svg, Picture, MAX_SVG_N};
///
/// let err = write_svg(&mut Vec::new(), &Picture::new(MAX_SVG_N + 1)).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidInput);
/// assert!(err.to_string().contains("too large to draw"));
///
/// let err = write_animated_svg(&mut Vec::new(), MAX_SVG_N + 1, &[], 1.0).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidInput);
/// ```
pub const MAX_SVG_N: usize = 1000;

/// The most attacking pairs a picture draws: each is a line across the
/// board, so that a board full of queens (1,646,700 pairs at 100×100)
/// would take minutes and tens of megabytes. [`write_svg`](super::write_svg)
/// and [`write_png`](super::write_png) refuse a picture with more; a caller
/// can ask [`Placement::conflict_count`](crate::Placement::conflict_count)
/// first, before the pairs are listed.
///
/// # Examples
///
/// ```
/// use std::io::ErrorKind;
/// use nqueens::{write_svg, Picture, Placement, Square, MAX_CONFLICTS_DRAWN};
///
/// // 100 queens on one row of a 100×100 board: 4,950 pairs, drawn.
/// let row = Placement::new(100, (0..100).map(|c| Square::new(0, c)).collect())?;
/// assert_eq!(row.conflict_count(), 4_950);
/// assert!(write_svg(&mut Vec::new(), &Picture::from_placement(&row)).is_ok());
/// // Two more rows: 14,850 pairs of one row, and more across: refused.
/// let three = Placement::new(100, (0..300).map(|i| Square::new(i / 100, i % 100)).collect())?;
/// assert!(three.conflict_count() > MAX_CONFLICTS_DRAWN as u128);
/// let err = write_svg(&mut Vec::new(), &Picture::from_placement(&three)).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidInput);
/// assert!(err.to_string().contains("at most 5,000"), "{err}");
/// # Ok::<(), nqueens::Error>(())
/// ```
pub const MAX_CONFLICTS_DRAWN: usize = 5000;

/// The largest square size accepted, in pixels.
pub(super) const MAX_SQUARE_SIZE: u32 = 1000;

/// The builder methods and the [`Layer`] view that [`Picture`] and [`Frame`]
/// share: both have the same queens, shading, highlights, conflicts, labels
/// and caption.
macro_rules! layer_builders {
    () => {
        /// Adds queens.
        #[must_use]
        pub fn with_queens(mut self, queens: impl IntoIterator<Item = Square>) -> Self {
            self.queens.extend(queens);
            self
        }

        /// Shades, or not, the empty squares the queens attack.
        #[must_use]
        pub fn with_attacked_shaded(mut self, shade: bool) -> Self {
            self.shade_attacked = shade;
            self
        }

        /// Adds squares to frame.
        #[must_use]
        pub fn with_highlight(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
            self.highlight.extend(squares);
            self
        }

        /// Adds blocked squares, drawn grey and crossed out.
        #[must_use]
        pub fn with_blocked(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
            self.blocked.extend(squares);
            self
        }

        /// Adds pairs to draw in conflict.
        #[must_use]
        pub fn with_conflicts(mut self, conflicts: impl IntoIterator<Item = Conflict>) -> Self {
            self.conflicts.extend(conflicts);
            self
        }

        /// Adds every attacking pair among the queens (see [`Square::attack`]).
        #[must_use]
        pub fn with_queen_conflicts(mut self) -> Self {
            let found = queen_conflicts(&self.queens);
            self.conflicts.extend(found);
            self
        }

        /// Writes `text` on `square`.
        #[must_use]
        pub fn with_label(mut self, square: Square, text: impl Into<String>) -> Self {
            self.labels.push((square, text.into()));
            self
        }

        /// Sets the line of text under the board.
        #[must_use]
        pub fn with_caption(mut self, caption: impl Into<String>) -> Self {
            self.caption = Some(caption.into());
            self
        }

        pub(super) fn layer(&self) -> Layer<'_> {
            Layer {
                queens: &self.queens,
                shade_attacked: self.shade_attacked,
                highlight: &self.highlight,
                blocked: &self.blocked,
                conflicts: &self.conflicts,
                labels: &self.labels,
                caption: self.caption.as_deref(),
            }
        }
    };
}

/// One board picture: the queens and what to mark around them.
///
/// Build it with [`Picture::new`], [`Picture::from_columns`] or
/// [`Picture::from_placement`] and the `with_` methods, or set the fields.
/// Squares are 0-based, rows from the top and columns from the left, as
/// everywhere in this crate; a square off the board makes the writers fail
/// with [`io::ErrorKind::InvalidInput`].
///
/// ```
/// use nqueens::Picture;
/// use nqueens::Square;
///
/// // The first three queens of a search, the squares they attack shaded,
/// // and the square being tried next framed.
/// let picture = Picture::new(6)
///     .with_queens([Square::new(0, 0), Square::new(1, 2), Square::new(2, 4)])
///     .with_attacked_shaded(true)
///     .with_highlight([Square::new(3, 1)])
///     .with_caption("row 3: only column 1 is free");
/// assert_eq!(picture.queens.len(), 3);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Picture {
    /// The board is `n`×`n`.
    pub n: usize,
    /// The queens.
    pub queens: Vec<Square>,
    /// Shade every empty square that a queen attacks (along a row, a column
    /// or a diagonal, whatever stands between).
    pub shade_attacked: bool,
    /// Squares to frame, such as the square a search is about to try.
    pub highlight: Vec<Square>,
    /// Squares no queen may take (a completion instance's blocks): grey,
    /// crossed out.
    pub blocked: Vec<Square>,
    /// Pairs to draw in conflict: a red line between the two squares, and
    /// the queens on them, if any, in red.
    pub conflicts: Vec<Conflict>,
    /// Short texts written on squares, such as the scores of a look-ahead
    /// search (SVG only).
    pub labels: Vec<(Square, String)>,
    /// A line of text under the board (SVG only).
    pub caption: Option<String>,
    /// Number the rows down the left side and the columns along the top
    /// (SVG only), from [`coordinates_from`](Self::coordinates_from).
    pub coordinates: bool,
    /// The number of the first row and column: 0, or 1 for people who count
    /// from 1 (`--one-based`).
    pub coordinates_from: usize,
    /// The side of one square in pixels, 1 to 1000 (the SVG scales anyway;
    /// this sets its default size and the PNG's resolution).
    pub square_size: u32,
}

impl Picture {
    /// An empty `n`×`n` board.
    pub fn new(n: usize) -> Self {
        Picture {
            n,
            queens: Vec::new(),
            shade_attacked: false,
            highlight: Vec::new(),
            blocked: Vec::new(),
            conflicts: Vec::new(),
            labels: Vec::new(),
            caption: None,
            coordinates: false,
            coordinates_from: 0,
            square_size: default_square_size(n),
        }
    }

    /// One queen per row, `columns[row]` its column, on a
    /// `columns.len()`×`columns.len()` board (a [`Solution`](crate::Solution)'s
    /// [`columns`](crate::Solution::columns), for instance).
    pub fn from_columns(columns: &[usize]) -> Self {
        Picture::new(columns.len()).with_queens(
            columns
                .iter()
                .enumerate()
                .map(|(row, &col)| Square::new(row, col)),
        )
    }

    /// A still picture of one [`Frame`] of an `n`×`n` animation.
    pub fn from_frame(n: usize, frame: &Frame) -> Self {
        Picture {
            queens: frame.queens.clone(),
            shade_attacked: frame.shade_attacked,
            highlight: frame.highlight.clone(),
            blocked: frame.blocked.clone(),
            conflicts: frame.conflicts.clone(),
            labels: frame.labels.clone(),
            caption: frame.caption.clone(),
            ..Picture::new(n)
        }
    }

    /// The queens of a [`Placement`](crate::Placement), with every
    /// conflicting pair drawn.
    pub fn from_placement(placement: &crate::board::Placement) -> Self {
        Picture::new(placement.n())
            .with_queens(placement.queens().iter().copied())
            .with_conflicts(placement.conflicts())
    }

    layer_builders!();

    /// Numbers, or not, the rows and columns.
    #[must_use]
    pub fn with_coordinates(mut self, coordinates: bool) -> Self {
        self.coordinates = coordinates;
        self
    }

    /// Numbers the rows and columns from `first` (0 or 1) where they are
    /// numbered.
    ///
    /// ```
    /// use nqueens::{write_svg, Picture};
    ///
    /// let picture = Picture::from_columns(&[1, 3, 0, 2])
    ///     .with_coordinates(true)
    ///     .with_coordinates_from(1);
    /// let mut svg = Vec::new();
    /// write_svg(&mut svg, &picture)?;
    /// let svg = String::from_utf8(svg).unwrap();
    /// assert!(svg.contains(">4</text>") && !svg.contains(">0</text>"));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    pub fn with_coordinates_from(mut self, first: usize) -> Self {
        self.coordinates_from = first;
        self
    }

    /// Sets the side of a square in pixels.
    #[must_use]
    pub fn with_square_size(mut self, pixels: u32) -> Self {
        self.square_size = pixels;
        self
    }

    /// Checks the size and that every square is on the board.
    pub(super) fn check(&self) -> io::Result<()> {
        check_board(self.n, self.square_size)?;
        self.layer().check(self.n)
    }

    /// The picture's width and height in pixels as a PNG (which draws no
    /// text), so that a caller can refuse one that
    /// [`write_png`](super::write_png) would, past
    /// [`MAX_PNG_SIDE`](super::MAX_PNG_SIDE) a side, before drawing.
    ///
    /// ```
    /// use nqueens::{Picture, MAX_PNG_SIDE};
    ///
    /// let (w, h) = Picture::new(100).png_size();
    /// assert!(w == h && w <= MAX_PNG_SIDE);
    /// let (w, _) = Picture::new(100).with_square_size(200).png_size();
    /// assert!(w > MAX_PNG_SIDE);
    /// // Past the boards and squares a picture may have, more than any side.
    /// assert_eq!(Picture::new(4).with_square_size(u32::MAX).png_size(), (u32::MAX, u32::MAX));
    /// ```
    pub fn png_size(&self) -> (u32, u32) {
        if self.n > 0 && check_board(self.n, self.square_size).is_err() {
            return (u32::MAX, u32::MAX);
        }
        let layout = self.layout(false);
        (layout.width, layout.height)
    }

    pub(super) fn layout(&self, with_text: bool) -> Layout {
        let caption = self.caption.as_deref().filter(|_| with_text);
        Layout::new(
            self.n,
            self.square_size,
            self.coordinates && with_text,
            caption.map(|c| c.chars().count()),
        )
    }
}

/// One step of an animation made by
/// [`write_animated_svg`](super::write_animated_svg): what changes from frame
/// to frame (the board itself is drawn once).
///
/// The fields mean what [`Picture`]'s fields of the same names mean.
///
/// ```
/// use nqueens::Frame;
/// use nqueens::Square;
///
/// let frame = Frame::new()
///     .with_queens([Square::new(0, 1)])
///     .with_caption("a queen on (0, 1)");
/// assert_eq!(frame.caption.as_deref(), Some("a queen on (0, 1)"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Frame {
    /// The queens.
    pub queens: Vec<Square>,
    /// Shade every empty square that a queen attacks.
    pub shade_attacked: bool,
    /// Squares to frame.
    pub highlight: Vec<Square>,
    /// Blocked squares.
    pub blocked: Vec<Square>,
    /// Pairs to draw in conflict.
    pub conflicts: Vec<Conflict>,
    /// Short texts written on squares.
    pub labels: Vec<(Square, String)>,
    /// A line of text under the board.
    pub caption: Option<String>,
}

impl Frame {
    /// An empty frame: no queens, nothing marked.
    pub fn new() -> Self {
        Frame::default()
    }

    /// One queen per row, `columns[row]` its column, for the first
    /// `columns.len()` rows.
    pub fn from_columns(columns: &[usize]) -> Self {
        Frame::new().with_queens(
            columns
                .iter()
                .enumerate()
                .map(|(row, &col)| Square::new(row, col)),
        )
    }

    layer_builders!();
}

/// Every attacking pair among `queens`, each once, first square first.
fn queen_conflicts(queens: &[Square]) -> Vec<Conflict> {
    let mut found = Vec::new();
    for (i, &a) in queens.iter().enumerate() {
        for &b in &queens[i + 1..] {
            if let Some(attack) = a.attack(b) {
                found.push(Conflict {
                    first: a.min(b),
                    second: a.max(b),
                    attack,
                });
            }
        }
    }
    found
}

/// A [`Sink`] that turns a traced search into [`Frame`]s, one per step, for
/// [`write_animated_svg`](super::write_animated_svg).
///
/// Each frame shows the queens on the board after the step, the squares they
/// attack shaded, the square the step is about framed, and a caption saying
/// what happened: a queen placed or taken back, a square refused (with a red
/// line to the queen that attacks it), the look-ahead scores written on their
/// squares, the free columns of a row, a solution. It stops the search once
/// it holds `max_frames` frames or has seen the solutions it was asked for.
///
/// # Panics
/// If it is fed the search of a larger board than [`FrameRecorder::new`]
/// was given.
///
/// ```
/// use nqueens::{find_algorithm, write_animated_svg, FrameRecorder};
///
/// let mut recorder = FrameRecorder::new(4).stop_after_solutions(1);
/// find_algorithm("bitwise")?.search(4, &mut recorder)?;
/// let frames = recorder.into_frames();
/// assert_eq!(frames.last().unwrap().caption.as_deref(), Some("solution 1: [1, 3, 0, 2]"));
///
/// let mut svg = Vec::new();
/// write_animated_svg(&mut svg, 4, &frames, 0.5)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct FrameRecorder {
    n: usize,
    replay: Replay,
    frames: Vec<Frame>,
    max_frames: usize,
    max_solutions: Option<usize>,
    solutions: usize,
    shade_attacked: bool,
    lsb_right: bool,
    /// Whether the search had a step past the last frame kept.
    cut: bool,
}

impl FrameRecorder {
    /// Records the search of an `n`×`n` board, up to
    /// [`MAX_FRAMES`](super::MAX_FRAMES) frames.
    pub fn new(n: usize) -> Self {
        FrameRecorder {
            n,
            replay: Replay::new("", n).with_tree_limit(1),
            frames: Vec::new(),
            max_frames: super::MAX_FRAMES,
            max_solutions: None,
            solutions: 0,
            shade_attacked: true,
            lsb_right: false,
            cut: false,
        }
    }

    /// Words the captions for the algorithm called `name` (as
    /// [`Replay`] does); without it they are the words common to all.
    #[must_use]
    pub fn with_algorithm(mut self, name: &'static str) -> Self {
        self.replay = Replay::new(name, self.n)
            .with_tree_limit(1)
            .with_lsb_right(self.lsb_right);
        self
    }

    /// Writes the bit masks in the captions (bitwise's) with the lowest
    /// bit, column 0, on the right, as [`Replay::with_lsb_right`] does; the
    /// default puts it on the left, under column 0 of the board.
    ///
    /// ```
    /// use nqueens::{find_algorithm, FrameRecorder};
    ///
    /// let caption = |lsb_right| -> Result<String, nqueens::Error> {
    ///     let mut recorder = FrameRecorder::new(4)
    ///         .with_algorithm("bitwise")
    ///         .with_lsb_right(lsb_right)
    ///         .with_max_frames(2);
    ///     find_algorithm("bitwise")?.search(4, &mut recorder)?;
    ///     Ok(recorder.frames()[1].caption.clone().unwrap_or_default())
    /// };
    /// // The queen in column 0 is the lowest bit: first from the left, or last.
    /// assert!(caption(false)?.contains("p = free & -free = 1000"), "{}", caption(false)?);
    /// assert!(caption(true)?.contains("p = free & -free = 0001"), "{}", caption(true)?);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    #[must_use]
    pub fn with_lsb_right(mut self, lsb_right: bool) -> Self {
        self.lsb_right = lsb_right;
        self.replay = self.replay.with_lsb_right(lsb_right);
        self
    }

    /// Stops the search once `max` frames are recorded.
    #[must_use]
    pub fn with_max_frames(mut self, max: usize) -> Self {
        self.max_frames = max;
        self
    }

    /// Stops the search after its `count`th solution, the first at the
    /// earliest (0 counts as 1: the recorder looks after each solution).
    #[must_use]
    pub fn stop_after_solutions(mut self, count: usize) -> Self {
        self.max_solutions = Some(count.max(1));
        self
    }

    /// Shades, or not, the attacked squares in every frame (the default is to
    /// shade them).
    #[must_use]
    pub fn with_attacked_shaded(mut self, shade: bool) -> Self {
        self.shade_attacked = shade;
        self
    }

    /// The frames so far.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// Whether the search had more steps than the frames kept
    /// ([`FrameRecorder::with_max_frames`]): the frames are its first
    /// steps, not all of them. (A stop after a solution asked for by
    /// [`FrameRecorder::stop_after_solutions`] is not a cut.)
    ///
    /// ```
    /// use nqueens::{find_algorithm, FrameRecorder};
    ///
    /// let recorded = |max: usize| -> Result<(usize, bool), nqueens::Error> {
    ///     let mut recorder = FrameRecorder::new(4).with_max_frames(max);
    ///     find_algorithm("recursive")?.search(4, &mut recorder)?;
    ///     Ok((recorder.frames().len(), recorder.cut()))
    /// };
    /// let (all, cut) = recorded(usize::MAX)?;
    /// assert!(!cut);
    /// // As many frames as the search has steps: nothing was cut.
    /// assert_eq!(recorded(all)?, (all, false));
    /// assert_eq!(recorded(all - 1)?, (all - 1, true));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn cut(&self) -> bool {
        self.cut
    }

    /// The frames.
    pub fn into_frames(self) -> Vec<Frame> {
        self.frames
    }

    /// A frame of the board as it stands.
    fn board_frame(&self) -> Frame {
        Frame::new()
            .with_queens(
                self.replay
                    .board()
                    .iter()
                    .enumerate()
                    .filter_map(|(row, col)| col.map(|col| Square::new(row, col))),
            )
            .with_attacked_shaded(self.shade_attacked)
    }

    /// Keeps `frame`, or stops the search when the frames are full: a
    /// step past the last frame is what says the frames were cut.
    fn push(&mut self, frame: Frame) -> ControlFlow<()> {
        if self.frames.len() >= self.max_frames {
            self.cut = true;
            return ControlFlow::Break(());
        }
        self.frames.push(frame);
        ControlFlow::Continue(())
    }
}

impl Sink for FrameRecorder {
    fn tracing(&self) -> bool {
        true
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        let step = self.replay.apply(event);
        let mut frame = self.board_frame().with_caption(step.says);
        match *event {
            Event::Reject {
                row,
                col,
                by,
                attack,
            } => {
                let here = Square::new(row, col);
                frame = frame.with_highlight([here]).with_conflicts([Conflict {
                    first: here.min(by),
                    second: here.max(by),
                    attack,
                }]);
            }
            Event::Masks { row, free, .. } if row < self.n => {
                frame = frame.with_highlight(
                    (0..self.n.min(64))
                        .filter(|&c| free >> c & 1 == 1)
                        .map(|c| Square::new(row, c)),
                );
            }
            Event::Scores { row, scores } => {
                for &(col, f) in scores {
                    frame = frame.with_label(Square::new(row, col), f.to_string());
                }
            }
            Event::Solution { .. } => {
                self.solutions += 1;
                self.push(frame)?;
                return if self.max_solutions.is_some_and(|m| self.solutions >= m) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                };
            }
            _ => {
                if let Some(mark) = self.replay.mark() {
                    if mark.row < self.n && mark.col < self.n {
                        frame = frame.with_highlight([Square::new(mark.row, mark.col)]);
                    }
                }
            }
        }
        self.push(frame)
    }

    fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// What one picture or frame draws over the board.
#[derive(Debug, Clone, Copy)]
pub(super) struct Layer<'a> {
    pub queens: &'a [Square],
    pub shade_attacked: bool,
    pub highlight: &'a [Square],
    pub blocked: &'a [Square],
    pub conflicts: &'a [Conflict],
    pub labels: &'a [(Square, String)],
    pub caption: Option<&'a str>,
}

impl Layer<'_> {
    /// Checks that every square is on the `n`×`n` board.
    pub fn check(&self, n: usize) -> io::Result<()> {
        let on_board = |what: &str, s: Square| {
            if s.row < n && s.col < n {
                Ok(())
            } else {
                Err(invalid(format!(
                    "{what} at row {}, column {} is off the {n}×{n} board",
                    s.row, s.col
                )))
            }
        };
        for &q in self.queens {
            on_board("a queen", q)?;
        }
        for &h in self.highlight {
            on_board("a highlighted square", h)?;
        }
        for &b in self.blocked {
            on_board("a blocked square", b)?;
        }
        if self.conflicts.len() > MAX_CONFLICTS_DRAWN {
            return Err(invalid(format!(
                "{} are too many to draw: a picture draws each as a line, at most {}",
                crate::words::plural(self.conflicts.len() as u128, "conflict", "conflicts"),
                crate::words::grouped(MAX_CONFLICTS_DRAWN as u128)
            )));
        }
        for c in self.conflicts {
            on_board("a conflict", c.first)?;
            on_board("a conflict", c.second)?;
        }
        for (s, _) in self.labels {
            on_board("a label", *s)?;
        }
        Ok(())
    }

    /// For each square, row by row: whether it is empty and attacked.
    pub fn attacked(&self, n: usize) -> Vec<bool> {
        crate::board::attacked(n, self.queens)
    }

    /// Whether the queen on `square` is drawn in red.
    pub fn in_conflict(&self, square: Square) -> bool {
        self.conflicts
            .iter()
            .any(|c| c.first == square || c.second == square)
    }
}

/// An [`io::ErrorKind::InvalidInput`] error.
pub(super) fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// Checks a board size and square size for the SVG writers.
pub(super) fn check_board(n: usize, square_size: u32) -> io::Result<()> {
    if n == 0 {
        return Err(invalid("a picture needs a board of at least 1×1".into()));
    }
    if n > MAX_SVG_N {
        return Err(invalid(format!(
            "{} {n}×{n} board is too large to draw (at most {MAX_SVG_N}×{MAX_SVG_N})",
            crate::words::article(n as u128)
        )));
    }
    if square_size == 0 || square_size > MAX_SQUARE_SIZE {
        return Err(invalid(format!(
            "a square of {square_size} pixels is outside 1 to {MAX_SQUARE_SIZE}"
        )));
    }
    Ok(())
}

/// Where everything goes, in whole pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Layout {
    /// The side of a square.
    pub s: u32,
    /// The top-left corner of the board (inside the border).
    pub board_x: u32,
    pub board_y: u32,
    /// The side of the board, `n * s`.
    pub board: u32,
    /// The border's width, drawn just outside the board.
    pub border: u32,
    pub width: u32,
    pub height: u32,
    /// The font size of the row and column numbers; 0 without them.
    pub coord_font: u32,
    /// The font size of the caption; 0 without one.
    pub caption_font: u32,
    /// The caption's baseline.
    pub caption_y: u32,
}

impl Layout {
    /// The layout of an `n`×`n` board of `s`-pixel squares, with or without
    /// the numbers, with room for a caption of `caption_chars` characters.
    pub fn new(n: usize, s: u32, coordinates: bool, caption_chars: Option<usize>) -> Layout {
        // n ≤ MAX_SVG_N and s ≤ MAX_SQUARE_SIZE: everything fits in a u32.
        let board = n as u32 * s;
        let margin = (s / 4).max(4);
        let border = (s / 30).max(1);
        let coord_font = if coordinates {
            (s * 3 / 10).clamp(9, 18)
        } else {
            0
        };
        let coord_band = coord_font * 2;
        let mut board_x = margin + coord_band + border;
        let board_y = margin + coord_band + border;
        let mut width = board_x + board + border + margin;
        let below = board_y + board + border;
        let (caption_font, caption_y, height) = match caption_chars {
            Some(chars) => {
                let font = (s * 9 / 25).clamp(12, 22);
                let baseline = below + margin / 2 + font;
                // A rough width for a sans-serif line; wide enough is enough.
                let estimate =
                    (chars as f64 * f64::from(font) * 0.56).ceil() + 2.0 * f64::from(margin);
                let needed = estimate.min(f64::from(u32::MAX / 4)) as u32;
                if needed > width {
                    board_x += (needed - width) / 2;
                    width = needed;
                }
                (font, baseline, baseline + font * 2 / 5 + margin)
            }
            None => (0, 0, below + margin),
        };
        Layout {
            s,
            board_x,
            board_y,
            board,
            border,
            width,
            height,
            coord_font,
            caption_font,
            caption_y,
        }
    }

    /// The top-left corner of `square`.
    pub fn corner(&self, square: Square) -> (u32, u32) {
        (
            self.board_x + square.col as u32 * self.s,
            self.board_y + square.row as u32 * self.s,
        )
    }

    /// The centre of `square`.
    pub fn centre(&self, square: Square) -> (f64, f64) {
        let (x, y) = self.corner(square);
        let half = f64::from(self.s) / 2.0;
        (f64::from(x) + half, f64::from(y) + half)
    }
}

/// A colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The colours, shared so that the SVG and the PNG look alike.
pub(super) mod colour {
    use super::Rgb;

    pub const BACKGROUND: Rgb = Rgb(255, 255, 255);
    pub const LIGHT: Rgb = Rgb(240, 217, 181);
    pub const DARK: Rgb = Rgb(181, 136, 99);
    pub const BORDER: Rgb = Rgb(64, 48, 36);
    pub const QUEEN: Rgb = Rgb(28, 28, 30);
    pub const QUEEN_OUTLINE: Rgb = Rgb(255, 255, 255);
    pub const CONFLICT: Rgb = Rgb(211, 32, 39);
    pub const ATTACKED: Rgb = Rgb(60, 110, 200);
    /// How much of [`ATTACKED`] covers an attacked square.
    pub const ATTACKED_OPACITY: f64 = 0.38;
    pub const HIGHLIGHT: Rgb = Rgb(25, 118, 210);
    pub const TEXT: Rgb = Rgb(33, 33, 33);
    pub const COORDINATES: Rgb = Rgb(110, 110, 110);
    pub const BLOCKED: Rgb = Rgb(96, 96, 96);
    /// How much of [`BLOCKED`] covers a blocked square.
    pub const BLOCKED_OPACITY: f64 = 0.55;
    pub const BLOCKED_CROSS: Rgb = Rgb(40, 40, 40);
}

/// The queen, drawn in a box from (-8, -8) to (108, 108) that is mapped onto
/// a square: a crown of five points, each with a ball, over a base. The
/// outline is drawn outside the shape only, so that the gap between the
/// crown and the base shows as a white band.
pub(super) mod queen {
    /// The box's top-left corner and side.
    pub const VIEW_MIN: f64 = -8.0;
    pub const VIEW_SIZE: f64 = 116.0;
    /// The crown and body, a simple polygon.
    pub const BODY: [(f64, f64); 11] = [
        (25.0, 72.0),
        (13.0, 33.0),
        (29.0, 54.0),
        (31.0, 24.0),
        (42.0, 50.0),
        (50.0, 19.0),
        (58.0, 50.0),
        (69.0, 24.0),
        (71.0, 54.0),
        (87.0, 33.0),
        (75.0, 72.0),
    ];
    /// The base, a trapezoid.
    pub const BASE: [(f64, f64); 4] = [(23.0, 78.0), (77.0, 78.0), (82.0, 90.0), (18.0, 90.0)];
    /// The balls on the points of the crown: centres, and their radius.
    pub const BALLS: [(f64, f64); 5] = [
        (13.0, 29.0),
        (31.0, 20.0),
        (50.0, 14.0),
        (69.0, 20.0),
        (87.0, 29.0),
    ];
    pub const BALL_RADIUS: f64 = 6.5;
    /// The outline's full width (half of it shows, outside the shape).
    pub const OUTLINE: f64 = 7.0;
}
