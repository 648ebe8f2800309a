//! Boards as SVG: one picture, or a search played as an animation.

use std::fmt::{self, Write as _};
use std::io::{self, Write};

use super::picture::{
    check_board, colour, invalid, queen, Frame, Layer, Layout, Picture, DEFAULT_SQUARE_SIZE,
};
use crate::board::Square;

/// The most frames [`write_animated_svg`] accepts (and
/// [`FrameRecorder`](super::FrameRecorder) records unless told otherwise).
///
/// # Examples
///
/// ```
/// use nqueens::{write_animated_svg, Frame, MAX_FRAMES};
///
/// let too_many = vec![Frame::new(); MAX_FRAMES + 1];
/// let err = write_animated_svg(&mut Vec::new(), 4, &too_many, 0.1).unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
/// assert!(err.to_string().contains("too many"));
///
/// write_animated_svg(&mut Vec::new(), 4, &too_many[..2], 0.1)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub const MAX_FRAMES: usize = 10_000;

/// The fonts asked for, the first one installed winning.
const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";

/// The `id` of the queen symbol; fixed, so the output is too.
const QUEEN_ID: &str = "nq-queen";

/// Writes `picture` as a standalone SVG 1.1 document.
///
/// The document has a `viewBox`, so it scales to any size; its default size
/// is the picture's square size times `n`, plus a margin (and room for the
/// numbers and the caption when there are any). Equal pictures give equal
/// bytes.
///
/// ```
/// use nqueens::{write_svg, Picture};
///
/// let mut out = Vec::new();
/// write_svg(&mut out, &Picture::from_columns(&[1, 3, 0, 2]))?;
/// let svg = String::from_utf8(out).unwrap();
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert_eq!(svg.matches("<use ").count(), 4); // one per queen
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] for `n = 0` or above
/// [`MAX_SVG_N`](super::MAX_SVG_N), a square size outside 1 to 1000 pixels,
/// or a square off the board; otherwise whatever the writer returns.
pub fn write_svg<W: Write + ?Sized>(out: &mut W, picture: &Picture) -> io::Result<()> {
    picture.check()?;
    let layout = picture.layout(true);
    let layer = picture.layer();
    let mut svg = Svg::new(out);
    let title = match layer.caption {
        Some(caption) => caption.to_owned(),
        None => format!(
            "{n}×{n} board with {q} {queens}",
            n = picture.n,
            q = layer.queens.len(),
            queens = if layer.queens.len() == 1 {
                "queen"
            } else {
                "queens"
            }
        ),
    };
    svg.open(&layout, &title)?;
    svg.board(&layout, picture.n)?;
    if picture.coordinates {
        svg.coordinates(&layout, picture.n, picture.coordinates_from)?;
    }
    svg.layer(&layout, picture.n, &layer)?;
    svg.close()
}

/// Writes `frames` as an animated SVG of an `n`×`n` board that shows frame
/// `k` from `k * seconds_per_frame` to `(k + 1) * seconds_per_frame`
/// seconds, and then starts again.
///
/// The board is drawn once; each frame is a group holding its queens, marks
/// and caption, shown in turn by an SMIL `<animate>` of its `visibility`
/// on one shared clock (every frame's animation begins at 0 s and lasts the
/// whole loop, `keyTimes` saying when it is visible), which browsers play.
/// A viewer that does not animate shows the last frame, usually the solution
/// the search found. Squares are [`DEFAULT_SQUARE_SIZE`] pixels.
///
/// ```
/// use nqueens::{write_animated_svg, Frame};
/// use nqueens::Square;
///
/// let frames = [
///     Frame::new().with_queens([Square::new(0, 1)]).with_caption("one"),
///     Frame::from_columns(&[1, 3]).with_caption("two"),
/// ];
/// let mut out = Vec::new();
/// write_animated_svg(&mut out, 4, &frames, 0.5)?;
/// let svg = String::from_utf8(out).unwrap();
/// assert_eq!(svg.matches("<animate ").count(), 2);
/// assert!(svg.contains("dur=\"1s\""));
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] for `n = 0` or above
/// [`MAX_SVG_N`](super::MAX_SVG_N), more than [`MAX_FRAMES`] frames, a
/// duration that is not a positive number of seconds, or a square off the
/// board; otherwise whatever the writer returns.
pub fn write_animated_svg<W: Write + ?Sized>(
    out: &mut W,
    n: usize,
    frames: &[Frame],
    seconds_per_frame: f64,
) -> io::Result<()> {
    check_board(n, DEFAULT_SQUARE_SIZE)?;
    if frames.len() > MAX_FRAMES {
        return Err(invalid(format!(
            "{} frames are too many for one animation (at most {MAX_FRAMES})",
            frames.len()
        )));
    }
    if !(seconds_per_frame.is_finite() && seconds_per_frame > 0.0 && seconds_per_frame <= 3600.0) {
        return Err(invalid(format!(
            "a frame must last between 0 and 3600 seconds, not {seconds_per_frame}"
        )));
    }
    for frame in frames {
        frame.layer().check(n)?;
    }
    let longest_caption = frames
        .iter()
        .filter_map(|f| f.caption.as_deref())
        .map(|c| c.chars().count())
        .max();
    let layout = Layout::new(n, DEFAULT_SQUARE_SIZE, false, longest_caption);
    let count = frames.len();
    let total = seconds_per_frame * count as f64;

    let mut svg = Svg::new(out);
    let title = format!(
        "{n}×{n} board, {count} {frames} of {seconds} s",
        frames = if count == 1 { "frame" } else { "frames" },
        seconds = decimal(seconds_per_frame, 3)
    );
    svg.open(&layout, &title)?;
    svg.board(&layout, n)?;
    for (k, frame) in frames.iter().enumerate() {
        let last = k + 1 == count;
        svg.put(format_args!(
            "<g class=\"frame\" visibility=\"{}\">",
            if last { "visible" } else { "hidden" }
        ));
        if count > 1 {
            let start = decimal(k as f64 / count as f64, 6);
            let end = decimal((k + 1) as f64 / count as f64, 6);
            let (values, times) = if k == 0 {
                ("visible;hidden".to_owned(), format!("0;{end}"))
            } else if last {
                ("hidden;visible".to_owned(), format!("0;{start}"))
            } else {
                (
                    "hidden;visible;hidden".to_owned(),
                    format!("0;{start};{end}"),
                )
            };
            svg.put(format_args!(
                "<animate attributeName=\"visibility\" calcMode=\"discrete\" \
                 values=\"{values}\" keyTimes=\"{times}\" begin=\"0s\" dur=\"{}s\" \
                 repeatCount=\"indefinite\"/>\n",
                decimal(total, 3)
            ));
        } else {
            svg.put(format_args!("\n"));
        }
        svg.layer(&layout, n, &frame.layer())?;
        svg.put(format_args!("</g>\n"));
    }
    svg.close()
}

/// `x` with at most `places` decimals, trailing zeros dropped: `1`, `0.25`.
fn decimal(x: f64, places: usize) -> String {
    let mut s = format!("{x:.places$}");
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".to_owned();
    }
    s
}

/// A number of pixels, to two decimals.
fn px(x: f64) -> String {
    decimal(x, 2)
}

/// `text` made safe for XML character data and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 does not allow at all.
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {
                out.push('\u{fffd}');
            }
            c => out.push(c),
        }
    }
    out
}

/// SVG text, gathered in a buffer that is passed on to the writer in pieces.
struct Svg<'w, W: Write + ?Sized> {
    out: &'w mut W,
    buf: String,
}

impl<'w, W: Write + ?Sized> Svg<'w, W> {
    fn new(out: &'w mut W) -> Self {
        Svg {
            out,
            buf: String::with_capacity(1 << 14),
        }
    }

    fn put(&mut self, args: fmt::Arguments<'_>) {
        // Formatting into a String cannot fail.
        let _ = self.buf.write_fmt(args);
    }

    /// Passes the buffer on once it is large.
    fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= 1 << 16 {
            self.out.write_all(self.buf.as_bytes())?;
            self.buf.clear();
        }
        Ok(())
    }

    fn close(mut self) -> io::Result<()> {
        self.put(format_args!("</svg>\n"));
        self.out.write_all(self.buf.as_bytes())
    }

    /// The root element, the title, the queen symbol and the background.
    fn open(&mut self, l: &Layout, title: &str) -> io::Result<()> {
        let (w, h) = (l.width, l.height);
        self.put(format_args!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" \
             xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" \
             width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
             <title>{}</title>\n",
            escape(title)
        ));
        let mut shape = String::new();
        let polygon = |points: &[(f64, f64)]| {
            let mut d = String::new();
            for (i, &(x, y)) in points.iter().enumerate() {
                d.push(if i == 0 { 'M' } else { 'L' });
                d.push_str(&format!("{} {}", px(x), px(y)));
            }
            format!("<path d=\"{d}Z\"/>")
        };
        shape.push_str(&polygon(&queen::BODY));
        shape.push_str(&polygon(&queen::BASE));
        for (x, y) in queen::BALLS {
            shape.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                px(x),
                px(y),
                px(queen::BALL_RADIUS)
            ));
        }
        // The outline is drawn under the fill, so only its outer half shows
        // and it runs round the whole shape, crown and base together.
        self.put(format_args!(
            "<defs><symbol id=\"{QUEEN_ID}\" viewBox=\"{m} {m} {v} {v}\">\
             <g stroke=\"{outline}\" stroke-width=\"{width}\" stroke-linejoin=\"round\">{shape}</g>\
             <g stroke=\"none\">{shape}</g></symbol></defs>\n\
             <rect class=\"background\" width=\"{w}\" height=\"{h}\" fill=\"{bg}\"/>\n",
            m = px(queen::VIEW_MIN),
            v = px(queen::VIEW_SIZE),
            outline = colour::QUEEN_OUTLINE.hex(),
            width = px(queen::OUTLINE),
            bg = colour::BACKGROUND.hex(),
        ));
        Ok(())
    }

    /// The squares and the border.
    fn board(&mut self, l: &Layout, n: usize) -> io::Result<()> {
        for (class, colour, parity) in [("light", colour::LIGHT, 0), ("dark", colour::DARK, 1)] {
            self.put(format_args!(
                "<g class=\"{class}\" fill=\"{}\" shape-rendering=\"crispEdges\">\n",
                colour.hex()
            ));
            for row in 0..n {
                for col in (0..n).filter(|c| (row + c) % 2 == parity) {
                    let (x, y) = l.corner(Square::new(row, col));
                    self.put(format_args!(
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\"/>",
                        s = l.s
                    ));
                }
                self.put(format_args!("\n"));
                self.spill()?;
            }
            self.put(format_args!("</g>\n"));
        }
        let b = f64::from(l.border);
        self.put(format_args!(
            "<rect class=\"border\" x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" \
             fill=\"none\" stroke=\"{colour}\" stroke-width=\"{b}\"/>\n",
            x = px(f64::from(l.board_x) - b / 2.0),
            y = px(f64::from(l.board_y) - b / 2.0),
            side = px(f64::from(l.board) + b),
            colour = colour::BORDER.hex(),
        ));
        Ok(())
    }

    /// The row numbers down the left side and the column numbers along the top.
    fn coordinates(&mut self, l: &Layout, n: usize, from: usize) -> io::Result<()> {
        let f = f64::from(l.coord_font);
        self.put(format_args!(
            "<g class=\"coordinates\" font-family=\"{FONT}\" font-size=\"{}\" fill=\"{}\" \
             text-anchor=\"middle\">\n",
            l.coord_font,
            colour::COORDINATES.hex()
        ));
        let gap = f64::from(l.border) + f * 0.5;
        for i in 0..n {
            let (cx, cy) = l.centre(Square::new(i, i));
            let label = i as u128 + from as u128;
            self.put(format_args!(
                "<text x=\"{}\" y=\"{}\">{label}</text><text x=\"{}\" y=\"{}\">{label}</text>\n",
                px(cx),
                px(f64::from(l.board_y) - gap),
                px(f64::from(l.board_x) - gap - f * 0.5),
                px(cy + f * 0.36),
            ));
            self.spill()?;
        }
        self.put(format_args!("</g>\n"));
        Ok(())
    }

    /// Everything a picture or a frame draws over the board.
    fn layer(&mut self, l: &Layout, n: usize, layer: &Layer<'_>) -> io::Result<()> {
        let s = f64::from(l.s);
        if layer.shade_attacked {
            let attacked = layer.attacked(n);
            if attacked.contains(&true) {
                self.put(format_args!(
                    "<g class=\"attacked\" fill=\"{}\" fill-opacity=\"{}\" \
                     shape-rendering=\"crispEdges\">\n",
                    colour::ATTACKED.hex(),
                    colour::ATTACKED_OPACITY
                ));
                for (i, _) in attacked.iter().enumerate().filter(|&(_, &a)| a) {
                    let (x, y) = l.corner(Square::new(i / n, i % n));
                    self.put(format_args!(
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\"/>"
                    ));
                    if i % n == n - 1 {
                        self.put(format_args!("\n"));
                        self.spill()?;
                    }
                }
                self.put(format_args!("\n</g>\n"));
            }
        }
        if !layer.blocked.is_empty() {
            // Grey, and crossed out corner to corner, inset by a sixth.
            let inset = s / 6.0;
            self.put(format_args!(
                "<g class=\"blocked\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\">\n",
                colour::BLOCKED_CROSS.hex(),
                px(conflict_width(l.s) * 0.75)
            ));
            for &square in layer.blocked {
                let (x, y) = l.corner(square);
                let (x, y) = (f64::from(x), f64::from(y));
                self.put(format_args!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"{}\" fill-opacity=\"{}\" stroke=\"none\"/>\
                     <path d=\"M{} {}L{} {}M{} {}L{} {}\"/>\n",
                    px(x),
                    px(y),
                    colour::BLOCKED.hex(),
                    colour::BLOCKED_OPACITY,
                    px(x + inset),
                    px(y + inset),
                    px(x + s - inset),
                    px(y + s - inset),
                    px(x + s - inset),
                    px(y + inset),
                    px(x + inset),
                    px(y + s - inset),
                ));
                self.spill()?;
            }
            self.put(format_args!("</g>\n"));
        }
        if !layer.highlight.is_empty() {
            let w = highlight_width(l.s);
            self.put(format_args!(
                "<g class=\"highlight\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\">\n",
                colour::HIGHLIGHT.hex(),
                px(w)
            ));
            for &square in layer.highlight {
                let (x, y) = l.corner(square);
                self.put(format_args!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{side}\" height=\"{side}\"/>\n",
                    px(f64::from(x) + w / 2.0),
                    px(f64::from(y) + w / 2.0),
                    side = px(s - w),
                ));
            }
            self.put(format_args!("</g>\n"));
            self.spill()?;
        }
        if !layer.conflicts.is_empty() {
            self.put(format_args!(
                "<g class=\"conflicts\" stroke=\"{}\" stroke-width=\"{}\" \
                 stroke-linecap=\"round\">\n",
                colour::CONFLICT.hex(),
                px(conflict_width(l.s))
            ));
            for c in layer.conflicts {
                let (x1, y1) = l.centre(c.first);
                let (x2, y2) = l.centre(c.second);
                self.put(format_args!(
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n",
                    px(x1),
                    px(y1),
                    px(x2),
                    px(y2)
                ));
                self.spill()?;
            }
            self.put(format_args!("</g>\n"));
        }
        if !layer.queens.is_empty() {
            self.put(format_args!("<g class=\"queens\">\n"));
            for &q in layer.queens {
                let (x, y) = l.corner(q);
                let (class, fill) = if layer.in_conflict(q) {
                    ("queen conflict", colour::CONFLICT)
                } else {
                    ("queen", colour::QUEEN)
                };
                self.put(format_args!(
                    "<use xlink:href=\"#{QUEEN_ID}\" class=\"{class}\" x=\"{x}\" y=\"{y}\" \
                     width=\"{s}\" height=\"{s}\" fill=\"{}\"/>\n",
                    fill.hex()
                ));
                self.spill()?;
            }
            self.put(format_args!("</g>\n"));
        }
        if !layer.labels.is_empty() {
            self.put(format_args!(
                "<g class=\"labels\" font-family=\"{FONT}\" font-weight=\"bold\" fill=\"{}\">\n",
                colour::TEXT.hex()
            ));
            for (square, text) in layer.labels {
                let (x, y) = l.corner(*square);
                let (x, y) = (f64::from(x), f64::from(y));
                if layer.queens.contains(square) {
                    // Tucked in the corner, clear of the queen.
                    let f = (s * 0.22).max(7.0);
                    self.put(format_args!(
                        "<text x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text>\n",
                        px(x + s * 0.06),
                        px(y + s * 0.06 + f * 0.8),
                        px(f),
                        escape(text)
                    ));
                } else {
                    let f = (s * 0.36).max(8.0);
                    self.put(format_args!(
                        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\">{}</text>\n",
                        px(x + s / 2.0),
                        px(y + s / 2.0 + f * 0.36),
                        px(f),
                        escape(text)
                    ));
                }
                self.spill()?;
            }
            self.put(format_args!("</g>\n"));
        }
        if let Some(caption) = layer.caption {
            self.put(format_args!(
                "<text class=\"caption\" x=\"{}\" y=\"{}\" font-family=\"{FONT}\" \
                 font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\">{}</text>\n",
                px(f64::from(l.board_x) + f64::from(l.board) / 2.0),
                l.caption_y,
                l.caption_font,
                colour::TEXT.hex(),
                escape(caption)
            ));
        }
        self.spill()
    }
}

/// The width of the frame round a highlighted square.
pub(super) fn highlight_width(s: u32) -> f64 {
    (f64::from(s) / 12.0).max(2.0).round()
}

/// The width of the line between two queens in conflict.
pub(super) fn conflict_width(s: u32) -> f64 {
    (f64::from(s) / 14.0).max(2.0).round()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Attack, Conflict};
    use crate::render::{FrameRecorder, MAX_SVG_N};

    fn svg(picture: &Picture) -> String {
        let mut out = Vec::new();
        write_svg(&mut out, picture).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Checks that the document is one `<svg>` element whose tags nest, with
    /// no parser: every `<name` is closed by `/>` or a matching `</name>`.
    fn assert_well_formed(doc: &str) {
        assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(doc.contains(" viewBox=\"0 0 "));
        assert!(doc.trim_end().ends_with("</svg>"));
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = doc;
        let mut closed_root = false;
        while let Some(start) = rest.find('<') {
            assert!(!closed_root, "content after </svg>");
            let end = start + rest[start..].find('>').expect("unclosed tag");
            let tag = &rest[start + 1..end];
            assert!(!tag.contains('<'), "'<' inside a tag: {tag}");
            assert_eq!(tag.matches('"').count() % 2, 0, "unbalanced quotes: {tag}");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop(), Some(name), "mismatched </{name}>");
                closed_root = stack.is_empty();
            } else if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().unwrap();
                stack.push(name);
            }
            rest = &rest[end + 1..];
        }
        assert!(stack.is_empty(), "unclosed: {stack:?}");
        assert!(closed_root);
        // Text between tags has no stray markup characters.
        for text in doc.split('>').filter_map(|t| t.split('<').next()) {
            assert!(!text.contains('>'), "{text}");
            for entity in text.split('&').skip(1) {
                let name = entity.split(';').next().unwrap();
                assert!(
                    ["amp", "lt", "gt", "quot", "apos"].contains(&name),
                    "&{name};"
                );
            }
        }
    }

    /// The number of `<rect` in the group that opens with `open`.
    fn rects_in_group(doc: &str, open: &str) -> usize {
        let start = doc.find(open).unwrap_or_else(|| panic!("no {open}"));
        let end = start + doc[start..].find("</g>").unwrap();
        doc[start..end].matches("<rect").count()
    }

    #[test]
    fn eight_queens_is_well_formed() {
        let doc = svg(&Picture::from_columns(&[0, 4, 7, 5, 2, 6, 1, 3]));
        assert_well_formed(&doc);
        assert!(doc.contains("version=\"1.1\""));
        assert!(doc.contains("xmlns:xlink=\"http://www.w3.org/1999/xlink\""));
        let light = rects_in_group(&doc, "<g class=\"light\"");
        let dark = rects_in_group(&doc, "<g class=\"dark\"");
        assert_eq!((light, dark), (32, 32));
        assert_eq!(doc.matches("<use ").count(), 8);
        assert_eq!(doc.matches("class=\"queen\"").count(), 8);
        assert!(!doc.contains("<line"));
        assert!(!doc.contains("class=\"attacked\""));
        assert!(doc.contains("<title>8×8 board with 8 queens</title>"));
        // The top-left square is light.
        let light_group = &doc[doc.find("<g class=\"light\"").unwrap()..];
        assert!(light_group.contains(&format!("<rect x=\"{0}\" y=\"{0}\"", {
            let l = Layout::new(8, DEFAULT_SQUARE_SIZE, false, None);
            assert_eq!(l.board_x, l.board_y);
            l.board_x
        })));
    }

    #[test]
    fn blocked_squares_are_drawn_crossed_out() {
        let doc = svg(&Picture::new(5).with_blocked([Square::new(0, 1), Square::new(4, 4)]));
        assert_well_formed(&doc);
        assert_eq!(rects_in_group(&doc, "<g class=\"blocked\""), 2);
        let group = &doc[doc.find("<g class=\"blocked\"").unwrap()..];
        let group = &group[..group.find("</g>").unwrap()];
        assert_eq!(group.matches("<path d=\"M").count(), 2);
        let plain = svg(&Picture::new(5));
        assert!(!plain.contains("class=\"blocked\""));
        let off = Picture::new(5).with_blocked([Square::new(0, 5)]);
        let err = write_svg(&mut Vec::new(), &off).unwrap_err();
        assert!(
            err.to_string()
                .contains("a blocked square at row 0, column 5"),
            "{err}"
        );
    }

    #[test]
    fn every_size_has_n_squared_squares() {
        for n in [1, 2, 3, 5, 12] {
            let doc = svg(&Picture::new(n).with_square_size(20));
            assert_well_formed(&doc);
            let light = rects_in_group(&doc, "<g class=\"light\"");
            let dark = rects_in_group(&doc, "<g class=\"dark\"");
            assert_eq!(light + dark, n * n, "n = {n}");
            assert_eq!(light, n * n - n * n / 2);
            assert_eq!(doc.matches("<use ").count(), 0);
        }
    }

    #[test]
    fn conflicts_shading_labels_caption() {
        let picture = Picture::from_columns(&[0, 2, 4, 1, 3, 5])
            .with_queen_conflicts()
            .with_attacked_shaded(true)
            .with_highlight([Square::new(5, 5)])
            .with_label(Square::new(0, 1), "7")
            .with_label(Square::new(0, 0), "q")
            .with_caption("(0, 0) & (5, 5) <share> a \"diagonal\"")
            .with_coordinates(true);
        assert_eq!(
            picture.conflicts,
            [Conflict {
                first: Square::new(0, 0),
                second: Square::new(5, 5),
                attack: Attack::Diagonal
            }]
        );
        let doc = svg(&picture);
        assert_well_formed(&doc);
        assert_eq!(doc.matches("<line ").count(), 1);
        assert_eq!(doc.matches("class=\"queen conflict\"").count(), 2);
        assert_eq!(doc.matches("class=\"queen\"").count(), 4);
        // Every row holds a queen, so every empty square is attacked.
        assert_eq!(rects_in_group(&doc, "<g class=\"attacked\""), 36 - 6);
        assert_eq!(rects_in_group(&doc, "<g class=\"highlight\""), 1);
        assert!(doc.contains("&amp; (5, 5) &lt;share&gt; a &quot;diagonal&quot;</text>"));
        assert!(doc.contains(">7</text>") && doc.contains(">q</text>"));
        // Row and column numbers 0..=5, twice each.
        let coords = &doc[doc.find("<g class=\"coordinates\"").unwrap()..];
        let coords = &coords[..coords.find("</g>").unwrap()];
        assert_eq!(coords.matches("<text").count(), 12);
        // The line joins the two centres.
        let l = picture.layout(true);
        let (x1, y1) = l.centre(Square::new(0, 0));
        let (x2, y2) = l.centre(Square::new(5, 5));
        let line = format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            px(x1),
            px(y1),
            px(x2),
            px(y2)
        );
        assert!(doc.contains(&line), "{line}");
    }

    #[test]
    fn deterministic() {
        let picture = Picture::from_columns(&[1, 3, 0, 2])
            .with_attacked_shaded(true)
            .with_caption("four");
        assert_eq!(svg(&picture), svg(&picture));
        assert_eq!(svg(&picture.clone()), svg(&picture));
        assert_ne!(svg(&picture), svg(&picture.clone().with_caption("4")));
    }

    #[test]
    fn partial_board_shading() {
        // Queens on (0, 0) and (1, 2) of a 4×4 board attack every other
        // square but (3, 1).
        let picture = Picture::new(4)
            .with_queens([Square::new(0, 0), Square::new(1, 2)])
            .with_attacked_shaded(true);
        let attacked = picture.layer().attacked(4);
        let free: Vec<usize> = (0..16).filter(|&i| !attacked[i]).collect();
        assert_eq!(free, [0, 6, 13]);
        let doc = svg(&picture);
        assert_eq!(rects_in_group(&doc, "<g class=\"attacked\""), 13);
    }

    #[test]
    fn refuses_bad_pictures() {
        let kind = |p: &Picture| write_svg(&mut Vec::new(), p).unwrap_err().kind();
        assert_eq!(kind(&Picture::new(0)), io::ErrorKind::InvalidInput);
        assert_eq!(
            kind(&Picture::new(MAX_SVG_N + 1)),
            io::ErrorKind::InvalidInput
        );
        assert_eq!(
            kind(&Picture::from_columns(&[0, 2])),
            io::ErrorKind::InvalidInput
        );
        assert_eq!(
            kind(&Picture::new(4).with_highlight([Square::new(4, 0)])),
            io::ErrorKind::InvalidInput
        );
        assert_eq!(
            kind(&Picture::new(4).with_square_size(0)),
            io::ErrorKind::InvalidInput
        );
    }

    #[test]
    fn escapes_text() {
        assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(escape("x\u{1}y\nz"), "x\u{fffd}y z");
        assert_eq!(decimal(0.5, 6), "0.5");
        assert_eq!(decimal(2.0, 3), "2");
        assert_eq!(decimal(1.0 / 3.0, 6), "0.333333");
        assert_eq!(decimal(-0.0001, 2), "0");
    }

    #[test]
    fn animation_has_one_clock() {
        let frames: Vec<Frame> = (0..4)
            .map(|k| Frame::from_columns(&[1, 3, 0, 2][..=k]).with_caption(format!("step {k}")))
            .collect();
        let mut out = Vec::new();
        write_animated_svg(&mut out, 4, &frames, 0.25).unwrap();
        let doc = String::from_utf8(out).unwrap();
        assert_well_formed(&doc);
        // The board once, the queens per frame.
        assert_eq!(rects_in_group(&doc, "<g class=\"light\""), 8);
        assert_eq!(doc.matches("<g class=\"light\"").count(), 1);
        assert_eq!(doc.matches("<use ").count(), 1 + 2 + 3 + 4);
        assert_eq!(doc.matches("<g class=\"frame\"").count(), 4);
        assert_eq!(
            doc.matches("begin=\"0s\" dur=\"1s\" repeatCount=\"indefinite\"")
                .count(),
            4
        );
        assert!(doc.contains("values=\"visible;hidden\" keyTimes=\"0;0.25\""));
        assert!(doc.contains("values=\"hidden;visible;hidden\" keyTimes=\"0;0.25;0.5\""));
        assert!(doc.contains("values=\"hidden;visible;hidden\" keyTimes=\"0;0.5;0.75\""));
        assert!(doc.contains("values=\"hidden;visible\" keyTimes=\"0;0.75\""));
        // Without animation, the last frame shows.
        assert_eq!(doc.matches("visibility=\"visible\"").count(), 1);
        let last = doc
            .rfind("<g class=\"frame\" visibility=\"visible\"")
            .unwrap();
        assert!(doc[last..].contains("step 3"));

        let mut again = Vec::new();
        write_animated_svg(&mut again, 4, &frames, 0.25).unwrap();
        assert_eq!(again, doc.as_bytes());

        // One frame: no animation at all.
        let mut one = Vec::new();
        write_animated_svg(&mut one, 4, &frames[..1], 1.0).unwrap();
        let one = String::from_utf8(one).unwrap();
        assert_well_formed(&one);
        assert!(!one.contains("<animate"));
    }

    #[test]
    fn animation_refuses_bad_input() {
        let frames = [Frame::from_columns(&[0])];
        for t in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let err = write_animated_svg(&mut Vec::new(), 1, &frames, t).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        }
        let off = [Frame::from_columns(&[3])];
        assert!(write_animated_svg(&mut Vec::new(), 2, &off, 1.0).is_err());
        let many = vec![Frame::new(); MAX_FRAMES + 1];
        assert!(write_animated_svg(&mut Vec::new(), 2, &many, 1.0).is_err());
    }

    #[test]
    fn recorder_replays_a_search() {
        use crate::algo::{self, Event};
        use crate::sink::Sink;
        use std::ops::ControlFlow;

        let mut recorder = FrameRecorder::new(4).stop_after_solutions(1);
        algo::by_name("bitwise")
            .unwrap()
            .search(4, &mut recorder)
            .unwrap();
        let frames = recorder.frames().to_vec();
        assert!(frames.len() > 4);
        let last = frames.last().unwrap();
        assert_eq!(last.caption.as_deref(), Some("solution 1: [1, 3, 0, 2]"));
        assert_eq!(last.queens.len(), 4);
        let mut out = Vec::new();
        write_animated_svg(&mut out, 4, &frames, 0.4).unwrap();
        assert_well_formed(&String::from_utf8(out).unwrap());

        // Events the bitwise search does not send.
        let mut r = FrameRecorder::new(4).with_max_frames(3);
        let by = Square::new(0, 1);
        let reject = Event::Reject {
            row: 1,
            col: 2,
            by,
            attack: Attack::Diagonal,
        };
        assert_eq!(
            r.event(&Event::Place { row: 0, col: 1 }),
            ControlFlow::Continue(())
        );
        assert_eq!(r.event(&reject), ControlFlow::Continue(()));
        let scores = [(3, 2), (0, 1)];
        assert_eq!(
            r.event(&Event::Scores {
                row: 1,
                scores: &scores
            }),
            ControlFlow::Continue(())
        );
        // The frames are full: a fourth step stops the search, and says the
        // frames were cut.
        assert!(!r.cut());
        assert_eq!(
            r.event(&Event::Place { row: 1, col: 3 }),
            ControlFlow::Break(())
        );
        assert!(r.cut());
        let frames = r.into_frames();
        assert_eq!(frames.len(), 3);
        assert_eq!(
            frames[1].caption.as_deref(),
            Some("reject (1, 2): the queen on (0, 1) attacks it along the diagonal")
        );
        assert_eq!(frames[1].conflicts.len(), 1);
        assert_eq!(
            frames[2].labels,
            [
                (Square::new(1, 3), "2".to_owned()),
                (Square::new(1, 0), "1".to_owned())
            ]
        );
    }
}
