//! Boards as PNG images, drawn and encoded here: a small rasteriser, a
//! deflate encoder (fixed Huffman codes, matches against the pixel to the
//! left and the row above), zlib's Adler-32 and PNG's CRC-32.

use std::io::{self, Write};

use super::picture::{colour, invalid, queen, Layer, Layout, Picture, Rgb};
use super::svg::{conflict_width, highlight_width};
use crate::board::Square;

/// The largest board [`write_png`] draws.
pub const MAX_PNG_N: usize = 100;

/// The largest width or height, in pixels, of an image [`write_png`] makes.
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
            crate::count::report::article(n as u128)
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
    out.write_all(&encode(&canvas))
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
    fn line(&mut self, from: (f64, f64), to: (f64, f64), width: f64, c: Rgb) {
        let r = width / 2.0;
        let x0 = (from.0.min(to.0) - r - 1.0).max(0.0) as usize;
        let y0 = (from.1.min(to.1) - r - 1.0).max(0.0) as usize;
        let x1 = ((from.0.max(to.0) + r + 1.0) as usize).min(self.width);
        let y1 = ((from.1.max(to.1) + r + 1.0) as usize).min(self.height);
        for y in y0..y1 {
            for x in x0..x1 {
                let p = (x as f64 + 0.5, y as f64 + 0.5);
                let d = segment_distance(p, from, to);
                self.blend(x, y, c, (r + 0.5 - d).clamp(0.0, 1.0));
            }
        }
    }
}

/// The distance from `p` to the segment from `a` to `b`.
fn segment_distance(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    };
    (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dy)
}

/// The signed distance from `p` to a simple polygon: negative inside.
fn polygon_distance(p: (f64, f64), points: &[(f64, f64)]) -> f64 {
    let mut d = f64::INFINITY;
    let mut inside = false;
    for (i, &a) in points.iter().enumerate() {
        let b = points[(i + 1) % points.len()];
        d = d.min(segment_distance(p, a, b));
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
        for (i, _) in layer.attacked(n).iter().enumerate().filter(|(_, &a)| a) {
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

/// The PNG file of `canvas`.
fn encode(canvas: &Canvas) -> Vec<u8> {
    let stride = canvas.width * 3;
    // Every row starts with its filter type, 0: the bytes as they are.
    let mut raw = Vec::with_capacity((stride + 1) * canvas.height);
    for row in canvas.pixels.chunks(stride.max(1)).take(canvas.height) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    let mut png = Vec::new();
    png.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&(canvas.width as u32).to_be_bytes());
    header.extend_from_slice(&(canvas.height as u32).to_be_bytes());
    // 8 bits a sample, colour type 2 (RGB), deflate, filter method 0, not interlaced.
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &zlib(&raw, &[3, stride + 1]));
    chunk(&mut png, b"IEND", &[]);
    png
}

/// Appends a chunk: length, type, data, and the CRC of type and data.
fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&(data.len() as u32).to_be_bytes());
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let crc = crc32_update(crc32_update(0xffff_ffff, kind), data) ^ 0xffff_ffff;
    png.extend_from_slice(&crc.to_be_bytes());
}

/// The zlib stream of `data`: the header, the deflate data (compressed by
/// matching at the given distances, or stored when that is no smaller), and
/// the Adler-32 of `data`.
fn zlib(data: &[u8], distances: &[usize]) -> Vec<u8> {
    // CM = 8 (deflate), CINFO = 7 (32 KiB window); FCHECK makes 0x7801 a multiple of 31.
    let mut out = vec![0x78, 0x01];
    let compressed = deflate_fixed(data, distances);
    if compressed.len() < stored_size(data.len()) {
        out.extend_from_slice(&compressed);
    } else {
        deflate_stored(&mut out, data);
    }
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

/// The largest block a stored deflate block holds.
const STORED_MAX: usize = 65_535;

/// The size of [`deflate_stored`]'s output.
fn stored_size(len: usize) -> usize {
    len + 5 * len.div_ceil(STORED_MAX).max(1)
}

/// Deflate with stored blocks: each one byte of header bits (the last
/// block's with BFINAL set), LEN and its complement, and the bytes.
fn deflate_stored(out: &mut Vec<u8>, data: &[u8]) {
    let mut blocks = data.chunks(STORED_MAX).peekable();
    if blocks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(block) = blocks.next() {
        out.push(u8::from(blocks.peek().is_none()));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
}

/// Bits packed from the least significant end of each byte, as deflate does.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    count: u32,
}

impl Bits {
    fn put(&mut self, value: u32, count: u32) {
        self.acc |= u64::from(value) << self.count;
        self.count += count;
        while self.count >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.count -= 8;
        }
    }

    /// A Huffman code, which deflate sends most significant bit first.
    fn code(&mut self, code: u32, len: u32) {
        let mut reversed = 0;
        for i in 0..len {
            reversed |= (code >> i & 1) << (len - 1 - i);
        }
        self.put(reversed, len);
    }

    /// A literal/length symbol (0 to 287) in the fixed code.
    fn symbol(&mut self, symbol: u32) {
        match symbol {
            0..=143 => self.code(0x30 + symbol, 8),
            144..=255 => self.code(0x190 + symbol - 144, 9),
            256..=279 => self.code(symbol - 256, 7),
            _ => self.code(0xc0 + symbol - 280, 8),
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.count > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

/// The first length of each length code 257..=285, and its extra bits.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// The first distance of each distance code 0..=29, and its extra bits.
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
const MAX_DISTANCE: usize = 32_768;

/// The index of the last entry of `bases` not above `value`.
fn code_for(bases: &[u16], value: usize) -> usize {
    bases
        .iter()
        .rposition(|&b| usize::from(b) <= value)
        .unwrap_or(0)
}

/// One final deflate block with the fixed Huffman codes. At each position
/// it looks for the longest repeat at each of `distances` only, which suits
/// images: a run of one colour repeats the pixel to the left (3 bytes back),
/// and a row much like the one above repeats it (a row's length back).
fn deflate_fixed(data: &[u8], distances: &[usize]) -> Vec<u8> {
    let mut bits = Bits {
        out: Vec::new(),
        acc: 0,
        count: 0,
    };
    bits.put(1, 1); // BFINAL
    bits.put(1, 2); // BTYPE 01: fixed codes
    let mut i = 0;
    while i < data.len() {
        let mut best = (0, 0);
        for &d in distances {
            if d == 0 || d > i || d > MAX_DISTANCE {
                continue;
            }
            let limit = MAX_MATCH.min(data.len() - i);
            let mut len = 0;
            while len < limit && data[i + len] == data[i + len - d] {
                len += 1;
            }
            if len > best.0 {
                best = (len, d);
            }
        }
        let (len, dist) = best;
        if len >= MIN_MATCH {
            let code = code_for(&LENGTH_BASE, len);
            bits.symbol(257 + code as u32);
            bits.put(
                (len - usize::from(LENGTH_BASE[code])) as u32,
                u32::from(LENGTH_EXTRA[code]),
            );
            let code = code_for(&DISTANCE_BASE, dist);
            bits.code(code as u32, 5);
            bits.put(
                (dist - usize::from(DISTANCE_BASE[code])) as u32,
                u32::from(DISTANCE_EXTRA[code]),
            );
            i += len;
        } else {
            bits.symbol(u32::from(data[i]));
            i += 1;
        }
    }
    bits.symbol(256); // end of block
    bits.finish()
}

/// Adler-32, zlib's checksum: two sums modulo 65521.
fn adler32(data: &[u8]) -> u32 {
    const MOD: u32 = 65_521;
    let (mut a, mut b) = (1u32, 0u32);
    // 5552 bytes is the most that cannot overflow b before the reduction.
    for block in data.chunks(5552) {
        for &byte in block {
            a += u32::from(byte);
            b += a;
        }
        a %= MOD;
        b %= MOD;
    }
    b << 16 | a
}

/// The CRC-32 table (polynomial 0xEDB88320, reflected), built at compile time.
const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 == 1 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

/// Runs the CRC register over `data` (start with all ones, finish by
/// inverting).
fn crc32_update(mut crc: u32, data: &[u8]) -> u32 {
    for &byte in data {
        crc = CRC_TABLE[((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8);
    }
    crc
}

/// CRC-32 as PNG and zip compute it.
#[cfg(test)]
fn crc32(data: &[u8]) -> u32 {
    crc32_update(0xffff_ffff, data) ^ 0xffff_ffff
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::MAX_SVG_N;

    #[test]
    fn checksums_match_known_values() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
        assert_eq!(adler32(b""), 1);
        // Long enough to need the reduction: a million 0xff bytes.
        let ones = vec![0xffu8; 1_000_000];
        let (mut a, mut b) = (1u64, 0u64);
        for &x in &ones {
            a = (a + u64::from(x)) % 65_521;
            b = (b + a) % 65_521;
        }
        assert_eq!(adler32(&ones), (b << 16 | a) as u32);
    }

    /// Reads deflate bits, least significant first.
    struct BitReader<'a> {
        data: &'a [u8],
        pos: usize,
    }

    impl BitReader<'_> {
        fn bit(&mut self) -> u32 {
            let byte = self.data[self.pos / 8];
            let bit = u32::from(byte >> (self.pos % 8) & 1);
            self.pos += 1;
            bit
        }

        fn bits(&mut self, count: u32) -> u32 {
            (0..count).fold(0, |v, i| v | self.bit() << i)
        }

        /// A Huffman code of `len` bits, most significant bit first.
        fn code(&mut self, len: u32) -> u32 {
            (0..len).fold(0, |v, _| v << 1 | self.bit())
        }

        fn align(&mut self) {
            self.pos = self.pos.div_ceil(8) * 8;
        }
    }

    /// Inflates a zlib stream of stored and fixed-code blocks, checking the
    /// header and the Adler-32.
    fn inflate(zlib: &[u8]) -> Vec<u8> {
        assert_eq!(zlib[0] & 0x0f, 8, "deflate");
        assert_eq!((u32::from(zlib[0]) << 8 | u32::from(zlib[1])) % 31, 0);
        let body = &zlib[2..zlib.len() - 4];
        let mut r = BitReader { data: body, pos: 0 };
        let mut out: Vec<u8> = Vec::new();
        loop {
            let last = r.bit() == 1;
            match r.bits(2) {
                0 => {
                    r.align();
                    let at = r.pos / 8;
                    let len = usize::from(u16::from_le_bytes([body[at], body[at + 1]]));
                    let nlen = u16::from_le_bytes([body[at + 2], body[at + 3]]);
                    assert_eq!(!nlen as usize, len);
                    out.extend_from_slice(&body[at + 4..at + 4 + len]);
                    r.pos = (at + 4 + len) * 8;
                }
                1 => loop {
                    // Fixed literal/length codes are 7, 8 or 9 bits long.
                    let mut code = r.code(7);
                    let symbol = if code <= 0x17 {
                        256 + code
                    } else {
                        code = code << 1 | r.bit();
                        if (0x30..=0xbf).contains(&code) {
                            code - 0x30
                        } else if (0xc0..=0xc7).contains(&code) {
                            280 + code - 0xc0
                        } else {
                            code = code << 1 | r.bit();
                            assert!((0x190..=0x1ff).contains(&code));
                            144 + code - 0x190
                        }
                    };
                    match symbol {
                        0..=255 => out.push(symbol as u8),
                        256 => break,
                        _ => {
                            let k = (symbol - 257) as usize;
                            let len = usize::from(LENGTH_BASE[k])
                                + r.bits(u32::from(LENGTH_EXTRA[k])) as usize;
                            let k = r.code(5) as usize;
                            let dist = usize::from(DISTANCE_BASE[k])
                                + r.bits(u32::from(DISTANCE_EXTRA[k])) as usize;
                            assert!(dist <= out.len());
                            for _ in 0..len {
                                out.push(out[out.len() - dist]);
                            }
                        }
                    }
                },
                t => panic!("block type {t}"),
            }
            if last {
                break;
            }
        }
        assert_eq!(r.pos.div_ceil(8), body.len(), "trailing data");
        let adler = u32::from_be_bytes(zlib[zlib.len() - 4..].try_into().unwrap());
        assert_eq!(adler, adler32(&out));
        out
    }

    #[test]
    fn zlib_round_trips() {
        // Compressible, incompressible (stored), empty, and longer than one
        // stored block.
        let runs: Vec<u8> = (0..100_000u32).map(|i| (i / 300 % 7) as u8).collect();
        let mut noise = Vec::new();
        let mut x = 0x1234_5678u32;
        for _ in 0..140_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            noise.push(x as u8);
        }
        for data in [&runs[..], &noise[..], &[][..], &b"abcabcabcabcabd"[..]] {
            for distances in [&[3usize, 17][..], &[1][..], &[][..]] {
                let z = zlib(data, distances);
                assert_eq!(inflate(&z), data);
                assert!(z.len() <= stored_size(data.len()) + 6);
            }
        }
        assert!(zlib(&runs, &[3]).len() < runs.len() / 20);
        // The noise is stored, in three blocks.
        let mut stored = Vec::new();
        deflate_stored(&mut stored, &noise);
        assert_eq!(stored.len(), stored_size(noise.len()));
        assert_eq!(zlib(&noise, &[3]).len(), stored.len() + 6);
        // Every match length and many distances.
        let mut all = Vec::new();
        for len in 1..=300usize {
            all.extend(std::iter::repeat_n((len % 251) as u8, len));
        }
        assert_eq!(inflate(&zlib(&all, &[1, 2, 300, 5000, 32_768])), all);
    }

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

    /// Decodes our own output, checking the signature, every chunk's CRC, the
    /// chunk order and the header.
    fn decode(png: &[u8]) -> Decoded {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let mut at = 8;
        let mut kinds = Vec::new();
        let mut header = Vec::new();
        let mut idat = Vec::new();
        while at < png.len() {
            let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            let kind = &png[at + 4..at + 8];
            let data = &png[at + 8..at + 8 + len];
            let crc = u32::from_be_bytes(png[at + 8 + len..at + 12 + len].try_into().unwrap());
            let mut covered = kind.to_vec();
            covered.extend_from_slice(data);
            assert_eq!(
                crc,
                crc32(&covered),
                "CRC of {}",
                String::from_utf8_lossy(kind)
            );
            match kind {
                b"IHDR" => header = data.to_vec(),
                b"IDAT" => idat.extend_from_slice(data),
                _ => {}
            }
            kinds.push(String::from_utf8(kind.to_vec()).unwrap());
            at += 12 + len;
        }
        assert_eq!(at, png.len());
        assert_eq!(kinds, ["IHDR", "IDAT", "IEND"]);
        assert_eq!(header.len(), 13);
        let width = u32::from_be_bytes(header[0..4].try_into().unwrap()) as usize;
        let height = u32::from_be_bytes(header[4..8].try_into().unwrap()) as usize;
        assert_eq!(&header[8..], &[8, 2, 0, 0, 0]);
        let raw = inflate(&idat);
        assert_eq!(raw.len(), height * (1 + 3 * width));
        let mut pixels = Vec::new();
        for row in raw.chunks(1 + 3 * width) {
            assert_eq!(row[0], 0, "filter type");
            pixels.extend_from_slice(&row[1..]);
        }
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
