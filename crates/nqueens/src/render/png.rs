//! Boards as PNG images: a small rasteriser draws the board into RGB pixels,
//! and the [`png`] crate encodes them as a file.

use std::io::{self, Write};

use super::picture::{colour, invalid, queen, Layer, Layout, Picture, Rgb};
use super::svg::{conflict_width, highlight_width};
use crate::board::Square;

/// The largest board [`write_png`] draws.
///
/// # Examples
///
/// ```
/// use nqueens::{write_png, Picture, MAX_PNG_N};
///
/// // Tiny squares, so that only the board size is too large.
/// let err = write_png(&mut Vec::new(), &Picture::new(MAX_PNG_N + 1).with_square_size(1))
///     .unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
/// assert!(err.to_string().contains("too large for a PNG"));
///
/// write_png(&mut Vec::new(), &Picture::new(MAX_PNG_N).with_square_size(1))?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub const MAX_PNG_N: usize = 100;

/// The largest width or height, in pixels, of an image [`write_png`] makes.
///
/// # Examples
///
/// ```
/// use nqueens::{write_png, write_svg, Picture, MAX_PNG_SIDE};
///
/// // Four squares of 1000 pixels make an image wider than MAX_PNG_SIDE.
/// let large = Picture::from_columns(&[1, 3, 0, 2]).with_square_size(1000);
/// let err = write_png(&mut Vec::new(), &large).unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
/// assert!(err.to_string().contains("use smaller squares"));
/// write_svg(&mut Vec::new(), &large)?; // an SVG scales: no such limit
///
/// // Smaller squares fit; the PNG's width is in its header.
/// let mut png = Vec::new();
/// write_png(&mut png, &large.with_square_size(20))?;
/// let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
/// assert!(width <= MAX_PNG_SIDE);
/// # Ok::<(), std::io::Error>(())
/// ```
pub const MAX_PNG_SIDE: u32 = 4096;

/// Writes `picture` as a PNG image (8-bit RGB, not interlaced).
///
/// It draws what [`write_svg`](super::write_svg) draws, in the same colours
/// and with the same square size, except text: labels, the caption and the
/// row and column numbers are left out, and the image is only as large as
/// the board, its border and its margin. Edges of the queens and of the conflict lines are
/// anti-aliased. Equal pictures give equal bytes.
///
/// ```
/// use nqueens::{write_png, Picture};
///
/// let mut png = Vec::new();
/// write_png(&mut png, &Picture::from_columns(&[1, 3, 0, 2]).with_square_size(40))?;
/// assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
/// assert_eq!(&png[12..16], b"IHDR");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] for `n = 0` or above [`MAX_PNG_N`], an
/// image wider or taller than [`MAX_PNG_SIDE`] pixels (choose a smaller
/// [`square_size`](Picture::square_size)), a square size of 0, or a square
/// off the board; otherwise whatever the writer returns.
pub fn write_png<W: Write + ?Sized>(out: &mut W, picture: &Picture) -> io::Result<()> {
    let n = picture.n;
    if n > MAX_PNG_N {
        return Err(invalid(format!(
            "{} {n}×{n} board is too large for a PNG (at most {MAX_PNG_N}×{MAX_PNG_N})",
            crate::words::article(n as u128)
        )));
    }
    picture.check()?;
    let layout = picture.layout(false);
    if layout.width > MAX_PNG_SIDE || layout.height > MAX_PNG_SIDE {
        return Err(invalid(format!(
            "a {}×{} image is too large for a PNG (at most {MAX_PNG_SIDE} pixels a side); \
             use smaller squares",
            layout.width, layout.height
        )));
    }
    let canvas = paint(n, &layout, &picture.layer());
    out.write_all(&encode(&canvas)?)
}

/// An RGB image, row by row.
struct Canvas {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Canvas {
    fn new(width: u32, height: u32, background: Rgb) -> Self {
        let (width, height) = (width as usize, height as usize);
        let mut pixels = Vec::with_capacity(width * height * 3);
        for _ in 0..width * height {
            pixels.extend_from_slice(&[background.0, background.1, background.2]);
        }
        Canvas {
            width,
            height,
            pixels,
        }
    }

    fn get(&self, x: usize, y: usize) -> Rgb {
        let i = (y * self.width + x) * 3;
        Rgb(self.pixels[i], self.pixels[i + 1], self.pixels[i + 2])
    }

    /// Mixes `c` into the pixel, `alpha` of it (0 to 1).
    fn blend(&mut self, x: usize, y: usize, c: Rgb, alpha: f64) {
        if x >= self.width || y >= self.height || alpha <= 0.0 {
            return;
        }
        let i = (y * self.width + x) * 3;
        let a = alpha.min(1.0);
        for (k, v) in [c.0, c.1, c.2].into_iter().enumerate() {
            let old = f64::from(self.pixels[i + k]);
            self.pixels[i + k] = (old + (f64::from(v) - old) * a).round() as u8;
        }
    }

    /// Paints the rectangle `[x0, x1) × [y0, y1)`, clipped to the image.
    fn fill(&mut self, x0: u32, y0: u32, x1: u32, y1: u32, c: Rgb, alpha: f64) {
        let x1 = (x1 as usize).min(self.width);
        let y1 = (y1 as usize).min(self.height);
        for y in y0 as usize..y1 {
            for x in x0 as usize..x1 {
                self.blend(x, y, c, alpha);
            }
        }
    }

    /// A frame `t` pixels thick just inside the rectangle `[x0, x1) × [y0, y1)`.
    fn ring(&mut self, x0: u32, y0: u32, x1: u32, y1: u32, t: u32, c: Rgb) {
        self.fill(x0, y0, x1, y0 + t, c, 1.0);
        self.fill(x0, y1 - t, x1, y1, c, 1.0);
        self.fill(x0, y0 + t, x0 + t, y1 - t, c, 1.0);
        self.fill(x1 - t, y0 + t, x1, y1 - t, c, 1.0);
    }

    /// A line `width` pixels wide with round ends, anti-aliased: each pixel
    /// near it is covered by how far its centre lies inside the stroke.
    ///
    /// Only a band along the line is visited, a few widths across each row
    /// (steep lines) or column (shallow ones), not its whole bounding box:
    /// a long diagonal's box is the whole picture, and a hundred queens on
    /// one diagonal (4,950 lines) took minutes that way. The pixels left
    /// out are those the stroke does not reach (`line_in_box`,
    /// the box's way, is the test's oracle).
    fn line(&mut self, from: (f64, f64), to: (f64, f64), width: f64, c: Rgb) {
        let r = width / 2.0;
        let (x0, y0, x1, y1) = self.line_box(from, to, r);
        // Along the major axis (y for steep lines), in (major, minor)
        // coordinates; the slope, minor over major, is at most 1 across.
        let steep = (to.1 - from.1).abs() >= (to.0 - from.0).abs();
        let swap = |(x, y): (f64, f64)| if steep { (y, x) } else { (x, y) };
        let ((a, a_minor), (b, b_minor)) = (swap(from), swap(to));
        let slope = if a == b {
            0.0
        } else {
            (b_minor - a_minor) / (b - a)
        };
        // A pixel the stroke reaches has its centre within R = r + 1 of
        // some point q of the segment, so its minor coordinate lies within
        // R of q's, and q's within slope·R ≤ R of the line's at the pixel's
        // major coordinate clamped to the segment: 2R, and a pixel more.
        let big_r = r + 1.0;
        let reach = 2.0 * big_r + 1.0;
        let (majors, (minor_lo, minor_hi)) = if steep {
            (y0..y1, (x0, x1))
        } else {
            (x0..x1, (y0, y1))
        };
        for m in majors {
            let along = (m as f64 + 0.5).clamp(a.min(b), a.max(b));
            let centre = a_minor + slope * (along - a);
            let lo = ((centre - reach).floor().max(minor_lo as f64)) as usize;
            let hi = ((centre + reach).ceil().max(0.0) as usize).min(minor_hi);
            for k in lo..hi {
                let (x, y) = if steep { (k, m) } else { (m, k) };
                self.stroke(x, y, from, to, r, c);
            }
        }
    }

    /// Covers pixel (x, y) by how far its centre lies inside the stroke of
    /// half-width `r` from `from` to `to`.
    fn stroke(&mut self, x: usize, y: usize, from: (f64, f64), to: (f64, f64), r: f64, c: Rgb) {
        let (dx, dy) = segment_offset((x as f64 + 0.5, y as f64 + 0.5), from, to);
        // Most pixels of the band lie outside the stroke: those are left by
        // the squared distance, without the exact (and slow) `hypot` that
        // covering a pixel takes (it was 43% of the page's worst render).
        let outer = r + 0.5;
        if dx * dx + dy * dy >= outer * outer * (1.0 + 1e-9) {
            return;
        }
        self.blend(x, y, c, (outer - dx.hypot(dy)).clamp(0.0, 1.0));
    }

    /// The pixels a line of half-width `r` may touch: its bounding box,
    /// widened by `r` and one, clipped to the image (x0, y0, x1, y1).
    fn line_box(&self, from: (f64, f64), to: (f64, f64), r: f64) -> (usize, usize, usize, usize) {
        let x0 = (from.0.min(to.0) - r - 1.0).max(0.0) as usize;
        let y0 = (from.1.min(to.1) - r - 1.0).max(0.0) as usize;
        let x1 = ((from.0.max(to.0) + r + 1.0) as usize).min(self.width);
        let y1 = ((from.1.max(to.1) + r + 1.0) as usize).min(self.height);
        (x0, y0, x1, y1)
    }

    /// [`Canvas::line`] the obvious way: every pixel of its box.
    #[cfg(test)]
    fn line_in_box(&mut self, from: (f64, f64), to: (f64, f64), width: f64, c: Rgb) {
        let r = width / 2.0;
        let (x0, y0, x1, y1) = self.line_box(from, to, r);
        for y in y0..y1 {
            for x in x0..x1 {
                self.stroke(x, y, from, to, r, c);
            }
        }
    }
}

/// From the nearest point of the segment from `a` to `b` to `p`.
fn segment_offset(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    };
    (p.0 - a.0 - t * dx, p.1 - a.1 - t * dy)
}

/// The signed distance from `p` to a simple polygon: negative inside.
fn polygon_distance(p: (f64, f64), points: &[(f64, f64)]) -> f64 {
    let mut d = f64::INFINITY;
    let mut inside = false;
    for (i, &a) in points.iter().enumerate() {
        let b = points[(i + 1) % points.len()];
        let (dx, dy) = segment_offset(p, a, b);
        d = d.min(dx.hypot(dy));
        // Even-odd rule: count the edges crossed by a ray to the right.
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) * (b.0 - a.0) / (b.1 - a.1) {
            inside = !inside;
        }
    }
    if inside {
        -d
    } else {
        d
    }
}

/// The signed distance from `p` (in the queen's box) to the queen's shape.
fn queen_distance(p: (f64, f64)) -> f64 {
    let mut d = polygon_distance(p, &queen::BODY).min(polygon_distance(p, &queen::BASE));
    for (cx, cy) in queen::BALLS {
        d = d.min((p.0 - cx).hypot(p.1 - cy) - queen::BALL_RADIUS);
    }
    d
}

/// The queen at one square size: for each pixel of a square, how much of it
/// the shape and the outline cover (in sixteenths, from 4×4 samples).
struct Sprite {
    size: usize,
    cover: Vec<(u8, u8)>,
}

impl Sprite {
    const SAMPLES: usize = 4;

    fn new(s: u32) -> Self {
        let size = s as usize;
        let scale = queen::VIEW_SIZE / f64::from(s);
        let step = 1.0 / Self::SAMPLES as f64;
        let mut cover = Vec::with_capacity(size * size);
        for py in 0..size {
            for px in 0..size {
                let (mut shape, mut outline) = (0u8, 0u8);
                for sy in 0..Self::SAMPLES {
                    for sx in 0..Self::SAMPLES {
                        let x = queen::VIEW_MIN + (px as f64 + (sx as f64 + 0.5) * step) * scale;
                        let y = queen::VIEW_MIN + (py as f64 + (sy as f64 + 0.5) * step) * scale;
                        let d = queen_distance((x, y));
                        if d <= 0.0 {
                            shape += 1;
                        } else if d <= queen::OUTLINE / 2.0 {
                            outline += 1;
                        }
                    }
                }
                cover.push((shape, outline));
            }
        }
        Sprite { size, cover }
    }

    /// Draws the queen in `fill` on the square whose corner is `x`, `y`.
    fn draw(&self, canvas: &mut Canvas, x: u32, y: u32, fill: Rgb) {
        let total = (Self::SAMPLES * Self::SAMPLES) as f64;
        for py in 0..self.size {
            for px in 0..self.size {
                let (shape, outline) = self.cover[py * self.size + px];
                if shape == 0 && outline == 0 {
                    continue;
                }
                let (cx, cy) = (x as usize + px, y as usize + py);
                if cx >= canvas.width || cy >= canvas.height {
                    continue;
                }
                let under = canvas.get(cx, cy);
                let mix = |u: u8, f: u8, o: u8| {
                    let (s, l) = (f64::from(shape) / total, f64::from(outline) / total);
                    (f64::from(u) * (1.0 - s - l) + f64::from(f) * s + f64::from(o) * l).round()
                        as u8
                };
                let o = colour::QUEEN_OUTLINE;
                let c = Rgb(
                    mix(under.0, fill.0, o.0),
                    mix(under.1, fill.1, o.1),
                    mix(under.2, fill.2, o.2),
                );
                canvas.blend(cx, cy, c, 1.0);
            }
        }
    }
}

/// Draws the board and the layer, as the SVG writer does.
fn paint(n: usize, l: &Layout, layer: &Layer<'_>) -> Canvas {
    let mut canvas = Canvas::new(l.width, l.height, colour::BACKGROUND);
    let s = l.s;
    for row in 0..n {
        for col in 0..n {
            let (x, y) = l.corner(Square::new(row, col));
            let c = if (row + col) % 2 == 0 {
                colour::LIGHT
            } else {
                colour::DARK
            };
            canvas.fill(x, y, x + s, y + s, c, 1.0);
        }
    }
    let b = l.border;
    canvas.ring(
        l.board_x - b,
        l.board_y - b,
        l.board_x + l.board + b,
        l.board_y + l.board + b,
        b,
        colour::BORDER,
    );
    if layer.shade_attacked {
        for (i, _) in layer.attacked(n).iter().enumerate().filter(|&(_, &a)| a) {
            let (x, y) = l.corner(Square::new(i / n, i % n));
            canvas.fill(
                x,
                y,
                x + s,
                y + s,
                colour::ATTACKED,
                colour::ATTACKED_OPACITY,
            );
        }
    }
    let inset = f64::from(s) / 6.0;
    for &square in layer.blocked {
        let (x, y) = l.corner(square);
        canvas.fill(x, y, x + s, y + s, colour::BLOCKED, colour::BLOCKED_OPACITY);
        let (x, y, side) = (f64::from(x), f64::from(y), f64::from(s));
        let w = conflict_width(s) * 0.75;
        canvas.line(
            (x + inset, y + inset),
            (x + side - inset, y + side - inset),
            w,
            colour::BLOCKED_CROSS,
        );
        canvas.line(
            (x + side - inset, y + inset),
            (x + inset, y + side - inset),
            w,
            colour::BLOCKED_CROSS,
        );
    }
    let t = (highlight_width(s) as u32).min(s / 2).max(1);
    for &square in layer.highlight {
        let (x, y) = l.corner(square);
        canvas.ring(x, y, x + s, y + s, t, colour::HIGHLIGHT);
    }
    for c in layer.conflicts {
        canvas.line(
            l.centre(c.first),
            l.centre(c.second),
            conflict_width(s),
            colour::CONFLICT,
        );
    }
    if !layer.queens.is_empty() {
        let sprite = Sprite::new(s);
        for &q in layer.queens {
            let (x, y) = l.corner(q);
            let fill = if layer.in_conflict(q) {
                colour::CONFLICT
            } else {
                colour::QUEEN
            };
            sprite.draw(&mut canvas, x, y, fill);
        }
    }
    canvas
}

/// The PNG file of `canvas`, encoded by the `png` crate: 8-bit RGB, not
/// interlaced, no ancillary chunks. The row filter and the compression level
/// are fixed here rather than left to the crate's defaults, so that equal
/// canvases give equal bytes.
fn encode(canvas: &Canvas) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut bytes, canvas.width as u32, canvas.height as u32);
    encoder.set_color(::png::ColorType::Rgb);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_filter(::png::Filter::Adaptive);
    encoder.set_compression(::png::Compression::Balanced);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&canvas.pixels)?;
    writer.finish()?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::MAX_SVG_N;

    /// A decoded image.
    struct Decoded {
        width: usize,
        height: usize,
        pixels: Vec<u8>,
    }

    impl Decoded {
        fn at(&self, x: u32, y: u32) -> Rgb {
            let i = (y as usize * self.width + x as usize) * 3;
            Rgb(self.pixels[i], self.pixels[i + 1], self.pixels[i + 2])
        }
    }

    /// Decodes our output with the `png` crate's decoder, which checks the
    /// signature, the chunks and their CRCs, and here the zlib Adler-32 too;
    /// then checks that it is one 8-bit RGB image, not interlaced, and that
    /// the file ends with its IEND chunk.
    fn decode(png: &[u8]) -> Decoded {
        assert!(
            png.ends_with(b"\0\0\0\0IEND\xae\x42\x60\x82"),
            "ends with IEND"
        );
        let mut decoder = ::png::Decoder::new(io::Cursor::new(png));
        decoder.ignore_checksums(false);
        let mut reader = decoder.read_info().expect("a PNG header");
        let info = reader.info();
        assert_eq!(info.color_type, ::png::ColorType::Rgb);
        assert_eq!(info.bit_depth, ::png::BitDepth::Eight);
        assert!(!info.interlaced);
        assert!(info.animation_control.is_none());
        let mut pixels = vec![0; reader.output_buffer_size().expect("a sane size")];
        let frame = reader.next_frame(&mut pixels).expect("the pixels");
        reader.finish().expect("the end of the image");
        let (width, height) = (frame.width as usize, frame.height as usize);
        assert_eq!(frame.line_size, 3 * width);
        pixels.truncate(frame.buffer_size());
        assert_eq!(pixels.len(), 3 * width * height);
        Decoded {
            width,
            height,
            pixels,
        }
    }

    fn png(picture: &Picture) -> Vec<u8> {
        let mut out = Vec::new();
        write_png(&mut out, picture).unwrap();
        out
    }

    #[test]
    fn eight_queens_decodes() {
        let picture = Picture::from_columns(&[0, 4, 7, 5, 2, 6, 1, 3]);
        let bytes = png(&picture);
        let image = decode(&bytes);
        let l = picture.layout(false);
        assert_eq!(
            (image.width as u32, image.height as u32),
            (l.width, l.height)
        );
        // Board, border and margin on each side.
        assert_eq!(l.width, 8 * DEFAULT + 2 * (l.border + (DEFAULT / 4)));
        assert_eq!(image.at(0, 0), colour::BACKGROUND);
        assert_eq!(image.at(l.board_x - 1, l.board_y - 1), colour::BORDER);
        // Corners of squares: the top-left one is light (under its queen).
        let corner = |row, col| {
            let (x, y) = l.corner(Square::new(row, col));
            image.at(x + 1, y + 1)
        };
        assert_eq!(corner(0, 0), colour::LIGHT);
        assert_eq!(corner(0, 1), colour::DARK);
        assert_eq!(corner(7, 7), colour::LIGHT);
        // The centre of a queen is the queen's colour; of an empty square, the square's.
        let centre = |row, col| {
            let (x, y) = l.centre(Square::new(row, col));
            image.at(x as u32, y as u32)
        };
        for (row, col) in [0, 4, 7, 5, 2, 6, 1, 3].into_iter().enumerate() {
            assert_eq!(centre(row, col), colour::QUEEN, "({row}, {col})");
        }
        assert_eq!(centre(0, 2), colour::LIGHT);
        assert_eq!(centre(0, 1), colour::DARK);
        // The outline shows round the queen: white in the gap between the
        // crown and the base.
        let (x, y) = l.corner(Square::new(0, 0));
        let scale = f64::from(l.s) / queen::VIEW_SIZE;
        let gap = (queen::BODY[0].1 + queen::BASE[0].1) / 2.0;
        let at = |u: f64| ((u - queen::VIEW_MIN) * scale) as u32;
        assert_eq!(image.at(x + at(50.0), y + at(gap)), colour::QUEEN_OUTLINE);
        // Well compressed, and the same every time.
        assert!(bytes.len() < 40_000, "{} bytes", bytes.len());
        assert_eq!(bytes, png(&picture));
    }

    const DEFAULT: u32 = crate::render::DEFAULT_SQUARE_SIZE;

    #[test]
    fn conflicts_and_shading_decode() {
        let plain = Picture::from_columns(&[0, 2, 4, 1, 3, 5]).with_square_size(40);
        let marked = plain
            .clone()
            .with_queen_conflicts()
            .with_attacked_shaded(true)
            .with_highlight([Square::new(2, 2)])
            .with_caption("left out of the PNG");
        let (a, b) = (decode(&png(&plain)), decode(&png(&marked)));
        let l = plain.layout(false);
        assert_eq!(l, marked.layout(false));
        assert_eq!((a.width, a.height), (b.width, b.height));
        let centre = |image: &Decoded, row, col| {
            let (x, y) = l.centre(Square::new(row, col));
            image.at(x as u32, y as u32)
        };
        // The two queens in conflict are red, the others still black.
        assert_eq!(centre(&a, 0, 0), colour::QUEEN);
        assert_eq!(centre(&b, 0, 0), colour::CONFLICT);
        assert_eq!(centre(&b, 5, 5), colour::CONFLICT);
        assert_eq!(centre(&b, 1, 2), colour::QUEEN);
        // The line crosses the empty square (3, 3) through its centre.
        assert_eq!(centre(&a, 3, 3), colour::LIGHT);
        assert_eq!(centre(&b, 3, 3), colour::CONFLICT);
        // An attacked square is shaded: darker and bluer than plain.
        let (x, y) = l.corner(Square::new(0, 1));
        let (plain_px, shaded) = (a.at(x + 8, y + 8), b.at(x + 8, y + 8));
        assert_eq!(plain_px, colour::DARK);
        assert!(shaded.0 < plain_px.0 && shaded.2 > plain_px.2, "{shaded:?}");
        // Just the squares attacked: one queen at (0, 1) attacks (3, 1), in
        // its column, not (1, 3), where a board drawn transposed shades.
        let one = Picture::new(4)
            .with_queens([Square::new(0, 1)])
            .with_square_size(40);
        let (c, d) = (
            decode(&png(&one)),
            decode(&png(&one.clone().with_attacked_shaded(true))),
        );
        let l = one.layout(false);
        let at = |image: &Decoded, row, col| {
            let (x, y) = l.corner(Square::new(row, col));
            image.at(x + 8, y + 8)
        };
        assert_ne!(at(&d, 3, 1), at(&c, 3, 1));
        assert_eq!(at(&d, 1, 3), at(&c, 1, 3));
        // The highlight frames (2, 2).
        let (x, y) = l.corner(Square::new(2, 2));
        assert_eq!(b.at(x + 1, y + 20), colour::HIGHLIGHT);
        assert_ne!(a.at(x + 1, y + 20), colour::HIGHLIGHT);
    }

    #[test]
    fn blocked_squares_are_grey_and_crossed_out() {
        let plain = Picture::new(4).with_square_size(40);
        let blocked = plain.clone().with_blocked([Square::new(1, 2)]);
        let (a, b) = (decode(&png(&plain)), decode(&png(&blocked)));
        let l = plain.layout(false);
        let (x, y) = l.corner(Square::new(1, 2));
        // On the cross (the centre) it is the cross's colour; off the cross,
        // greyer than the plain square; other squares are unchanged.
        let (cx, cy) = l.centre(Square::new(1, 2));
        assert_eq!(b.at(cx as u32, cy as u32), colour::BLOCKED_CROSS);
        let (p, g) = (a.at(x + 20, y + 3), b.at(x + 20, y + 3));
        assert_eq!(p, colour::DARK);
        assert!(g.0 < p.0 && g.0.abs_diff(g.2) < p.0.abs_diff(p.2), "{g:?}");
        let (x, y) = l.corner(Square::new(0, 0));
        assert_eq!(b.at(x + 20, y + 20), a.at(x + 20, y + 20));
        let off = Picture::new(4).with_blocked([Square::new(4, 0)]);
        assert!(write_png(&mut Vec::new(), &off).is_err());
    }

    /// A line drawn along its band paints exactly what its whole box
    /// would: random segments, steep, shallow, short and off the edge.
    #[test]
    fn a_line_paints_what_its_box_would() {
        let mut rng = crate::rng::Xoshiro256::new(17);
        let mut coordinate = |span: u64| rng.below(span) as f64 / 4.0 - 10.0;
        for _ in 0..400 {
            let from = (coordinate(520), coordinate(520));
            let to = (coordinate(520), coordinate(520));
            let width = 1.0 + (coordinate(80) + 10.0).abs();
            let mut band = Canvas::new(110, 110, Rgb(255, 255, 255));
            let mut boxed = Canvas::new(110, 110, Rgb(255, 255, 255));
            band.line(from, to, width, Rgb(200, 0, 0));
            boxed.line_in_box(from, to, width, Rgb(200, 0, 0));
            assert!(
                band.pixels == boxed.pixels,
                "{from:?} to {to:?}, width {width}"
            );
        }
    }

    /// Every board up to MAX_PNG_N makes a PNG with the default squares,
    /// coordinates and all (n = 100 was 6,034 pixels a side, refused).
    #[test]
    fn every_board_up_to_the_limit_fits_by_default() {
        for n in [61, 62, 80, 99, MAX_PNG_N] {
            let picture = Picture::new(n).with_coordinates(true);
            let layout = picture.layout(false);
            assert!(
                layout.width <= MAX_PNG_SIDE && layout.height <= MAX_PNG_SIDE,
                "n = {n}"
            );
        }
        assert_eq!(Picture::new(61).square_size, crate::DEFAULT_SQUARE_SIZE);
        let mut bytes = Vec::new();
        write_png(&mut bytes, &Picture::new(MAX_PNG_N).with_coordinates(true)).unwrap();
    }

    #[test]
    fn sizes_are_limited() {
        let kind = |p: &Picture| write_png(&mut Vec::new(), p).unwrap_err().kind();
        assert_eq!(kind(&Picture::new(0)), io::ErrorKind::InvalidInput);
        assert_eq!(
            kind(&Picture::new(MAX_PNG_N + 1).with_square_size(4)),
            io::ErrorKind::InvalidInput
        );
        assert_eq!(kind(&Picture::new(MAX_SVG_N)), io::ErrorKind::InvalidInput);
        // 100 squares of 41 pixels pass 4096 with the margins.
        assert_eq!(
            kind(&Picture::new(100).with_square_size(41)),
            io::ErrorKind::InvalidInput
        );
        assert_eq!(
            kind(&Picture::from_columns(&[0, 9])),
            io::ErrorKind::InvalidInput
        );
        // The largest board at a size that fits.
        // A solution for even n not 2 more than a multiple of 6: odd columns
        // down the top half, even columns down the bottom half.
        let columns: Vec<usize> = (0..50)
            .map(|i| 2 * i + 1)
            .chain((0..50).map(|i| 2 * i))
            .collect();
        crate::verify(&columns).unwrap();
        let big = Picture::from_columns(&columns).with_square_size(16);
        let image = decode(&png(&big));
        assert!(image.width <= MAX_PNG_SIDE as usize);
        // A 1×1 board with tiny squares still draws.
        let tiny = decode(&png(&Picture::from_columns(&[0]).with_square_size(1)));
        assert!(tiny.width >= 1);
    }
}
