//! Writing solutions: as text, and as pictures.
//!
//! # Text
//!
//! [`write_solution`] writes a solution in one of the [`Style`]s: a drawn
//! board (Unicode or ASCII), a 0/1 matrix, a list, one column a line, a
//! JSON line, row and column pairs, or the LeetCode 51 form. Every style
//! writes straight to an [`std::io::Write`]; the drawings, the matrix and
//! the lists write a row at a time, the LeetCode form builds its rows
//! first (it is for boards a person solves). The front end chooses the
//! destination and the buffering.
//!
//! # Pictures
//!
//! A [`Picture`] describes one board: its size, the queens, and what to mark
//! on it (the squares the queens attack, pairs of queens in conflict, a few
//! squares to highlight, small labels such as the scores of a look-ahead
//! search, a caption). It is drawn by
//!
//! - [`write_svg`]: a standalone SVG 1.1 document, which scales to any size
//!   (slides, web pages, printed notes);
//! - [`write_png`]: a PNG image, rasterised here and encoded by the
//!   [`png`](::png) crate. The PNG leaves out all text (labels, caption and
//!   coordinates) and refuses boards above [`MAX_PNG_N`] or images above
//!   [`MAX_PNG_SIDE`] pixels.
//!
//! A search traced step by step becomes a list of [`Frame`]s (a
//! [`FrameRecorder`] turns the [`Event`](crate::sink::event::Event)s of any
//! algorithm into frames), and [`write_animated_svg`] plays them as an SVG
//! animation that loops.
//!
//! Both formats draw the same thing: a checkered board (the top-left square
//! light), black queens with a white outline, queens in conflict in red with a
//! red line between their centres, attacked squares shaded blue, highlighted
//! squares framed in blue. The output depends only on the input: no
//! timestamps, no random identifiers, so it can be checked into a repository
//! and compared.
//!
//! ```
//! use nqueens::{write_png, write_svg, Picture};
//!
//! let picture = Picture::from_columns(&[1, 3, 0, 2]).with_caption("4 queens");
//! let mut svg = Vec::new();
//! write_svg(&mut svg, &picture)?;
//! assert!(svg.starts_with(b"<svg"));
//! let mut png = Vec::new();
//! write_png(&mut png, &picture)?;
//! assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
//! # Ok::<(), std::io::Error>(())
//! ```

mod picture;
mod png;
mod svg;
mod text;

pub use self::picture::{
    Frame, FrameRecorder, Picture, DEFAULT_SQUARE_SIZE, MAX_CONFLICTS_DRAWN, MAX_SVG_N,
};
pub use self::png::{write_png, MAX_PNG_N, MAX_PNG_SIDE};
pub use self::svg::{write_animated_svg, write_svg, MAX_FRAMES};
pub use self::text::{write_columns, write_solution, Options, Style};
