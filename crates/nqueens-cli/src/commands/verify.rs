//! `nqueens verify [FILE|-]`: is this placement a solution, and if not, why not.
//!
//! The input may be any format that `solve`, `all` and `random` write but
//! the pictures (SVG and PNG);
//! its first lines tell which ([`nqueens::sniff_format`]), or `--input` says
//! so. The form chooses the path:
//!
//! - Drawn, LeetCode and 0/1 matrix boards, small by nature, are read whole
//!   and parsed by `parse_placements_as`, up to 16 MiB; past that (the many
//!   boards of `nqueens all 13`), 16 MiB of whole boards at a time
//!   (`parse_placements_part`).
//! - Column lists, JSON lines and `row, col;` pairs stream through a
//!   [`ColumnReader`] in a fixed buffer, so a
//!   billion columns from a file or a pipe take O(n) bits, not a string and a
//!   vector. A placement of at most [`DETAIL_MAX`] (10,000) queens is kept
//!   whole for the detailed report: every attacking pair up to [`LIST_MAX`],
//!   the exact pair count. 10,000 queens are 160 KB and a few milliseconds,
//!   and a report read pair by pair is not much use beyond; larger
//!   placements get the streaming report: the number of queens that landed
//!   on a line an earlier queen holds (exact), and the first
//!   [`CONFLICTS_KEPT`] such queens with their line and, from a second pass
//!   over a file (or the first 2^24 columns kept from a pipe), the earlier
//!   queen.
//!
//! Reports are held back until 1 MiB of input has been read, so that an
//! error in a small input prints the error alone, as when the whole input was
//! parsed first; larger inputs report each placement as it ends.
//!
//! JSON for a large placement has the keys of the detailed report except
//! `conflict_count` (attacking pairs, exact), which becomes
//! `queens_on_taken_lines`; `conflicts` lists the first 10 queens found on a
//! taken line, `first` being the earlier queen or `null` where its row is
//! unknown (a pipe of more than 16,777,216 queens):
//!
//! ```text
//! {"n":200000,"queens":200000,"solution":false,"empty_rows":[],"queens_on_taken_lines":1,
//!  "conflicts":[{"first":[1234,2469],"second":[150000,2469],"attack":"column"}]}
//! ```

use std::fs::File;
use std::io::{self, BufReader, Cursor, IsTerminal, Read, Write};
use std::path::Path;

use anyhow::Context;
use nqueens::{
    parse_placements_as, parse_placements_part, Attack, InputFormat, InputPart, Placement,
};
use nqueens::{
    sniff_format, ColumnReader, ReadError, Streamed, Verdict, CONFLICTS_KEPT, DETAIL_MAX,
};
use nqueens::{write_png, write_svg, Picture};

use nqueens::{article, grouped, plural};

use crate::exit::{usage, Outcome, UsageError};
use crate::flags::{VerifyArgs, VerifyFormat};
use crate::output::{check_binary_ok, Out};

/// At most this many attacking pairs are listed per placement; the total is
/// always given.
const LIST_MAX: usize = 1000;
/// The largest board drawn as a picture.
const PICTURE_MAX: usize = 100;
/// Columns kept from a pipe (4 bytes each, 64 MiB at most) to name the
/// earlier queen of a conflict, since a pipe cannot be read twice.
const PIPE_KEEP: usize = 1 << 24;
/// At most this much is read to tell a column list from a drawn board.
const SNIFF_MAX: usize = 64 * 1024;
/// The most bytes of a drawn or LeetCode board, and of the boards read at
/// once: 16 MiB, a drawn board of about 2,000 × 2,000 squares.
const WHOLE_MAX: usize = 16 << 20;
/// Output waits until this much input has been read.
const HOLD_INPUT: u64 = 1 << 20;
/// The read buffer of the streaming path.
const BUFFER: usize = 256 * 1024;

/// Runs `nqueens verify`; with `--instance`, [`super::complete::verify`].
pub fn run(a: VerifyArgs) -> anyhow::Result<Outcome> {
    if let Some(instance) = a.instance.clone() {
        return super::complete::verify(a, &instance);
    }
    let (one_based, format) = (a.one_based, a.format);
    let input = a.input.as_deref().filter(|p| p.as_os_str() != "-");
    if format == VerifyFormat::Png {
        check_binary_ok("nqueens verify board.txt --format png")?;
    }
    let Input {
        name,
        mut reader,
        again,
    } = open(input)?;
    let (prefix, sniffed) = sniff(&mut reader).with_context(|| format!("cannot read {name}"))?;
    let form = a.input_format.map_or(sniffed, |f| f.format());
    if crate::files::is_picture(&prefix) {
        usage!(
            "{name} is a picture (SVG or PNG), not a placement: verify reads what solve, all and \
             random write in the other formats (--format list, for example)"
        );
    }
    let told = a.input_format.is_some();
    if !form.streams() {
        let read = Whole {
            name: &name,
            one_based,
            format,
            form,
            told,
        };
        return whole(&read, prefix, reader);
    }
    let reader = BufReader::with_capacity(BUFFER, Cursor::new(prefix).chain(reader));
    let columns = column_reader(reader, one_based, form, told);
    if matches!(format, VerifyFormat::Svg | VerifyFormat::Png) {
        return stream_picture(&name, columns, format, one_based);
    }
    let keep = if again.is_some() { 0 } else { PIPE_KEEP };
    let mut columns = columns.with_detail_max(DETAIL_MAX).with_kept_columns(keep);
    let mut report = Report::new(format, one_based, true);
    loop {
        let item = match columns.next_placement() {
            Ok(Some(item)) => item,
            Ok(None) => break,
            Err(e) => return Err(read_error(&name, e, format)),
        };
        if report.count == 0 {
            report.several = columns
                .has_more()
                .map_err(|e| read_error(&name, e, format))?;
        }
        match item {
            Streamed::Small(p) => report.placement(&p)?,
            Streamed::Large(mut verdict) => {
                if let (Some(again), true) = (&again, verdict.needs_earlier_rows()) {
                    let from = again
                        .reader(columns.placement_offset())
                        .with_context(|| format!("cannot read {name} again"))?;
                    let mut columns = column_reader(
                        BufReader::with_capacity(BUFFER, from),
                        one_based,
                        form,
                        told,
                    );
                    verdict
                        .fill_earlier_rows_from(&mut columns)
                        .map_err(|e| read_error(&name, e, format))?;
                }
                report.verdict(&verdict)?;
            }
        }
        if columns.offset() > HOLD_INPUT {
            report.out.release()?;
        }
    }
    report.finish()
}

/// A reader of `src` in `form`, one that streams. Told column lists
/// (`told`), it takes nothing else; guessed, its bracketed lists take
/// LeetCode boards too.
fn column_reader<R: io::BufRead>(
    src: R,
    one_based: bool,
    form: InputFormat,
    told: bool,
) -> ColumnReader<R> {
    let columns = ColumnReader::new(src, one_based);
    if told || form != InputFormat::Columns {
        columns.with_format(form)
    } else {
        columns
    }
}

/// The input, and how to read it again.
struct Input {
    /// `'path'` or `standard input`, for messages.
    name: String,
    reader: Box<dyn Read>,
    /// A regular file can be read a second time to name earlier queens.
    again: Option<Again>,
}

fn open(input: Option<&Path>) -> anyhow::Result<Input> {
    if let Some(path) = input {
        let cannot = || format!("cannot read '{}'", path.display());
        let file = File::open(path).with_context(cannot)?;
        // A handle of its own for the second pass, so that it does not move
        // the first one.
        let again = match is_regular(&file) {
            true => File::open(path).ok().map(|file| Again { file, start: 0 }),
            false => None,
        };
        return Ok(Input {
            name: format!("'{}'", path.display()),
            reader: Box::new(file),
            again,
        });
    }
    crate::exit::readable_stdin("the placements")?;
    let stdin = io::stdin();
    if stdin.is_terminal() {
        crate::exit::note!("reading a placement from the terminal; end it with Ctrl-D");
    }
    // Standard input redirected from a file (`< big.txt`) can be read again,
    // at offsets, without moving the shared position.
    #[cfg(unix)]
    {
        use std::io::Seek;
        use std::os::fd::AsFd;
        if let Ok(fd) = stdin.as_fd().try_clone_to_owned() {
            let mut file = File::from(fd);
            if is_regular(&file) {
                if let (Ok(start), Ok(again)) = (file.stream_position(), file.try_clone()) {
                    return Ok(Input {
                        name: "standard input".into(),
                        reader: Box::new(file),
                        again: Some(Again { file: again, start }),
                    });
                }
            }
        }
    }
    Ok(Input {
        name: "standard input".into(),
        reader: Box::new(stdin.lock()),
        again: None,
    })
}

fn is_regular(file: &File) -> bool {
    file.metadata().is_ok_and(|m| m.is_file())
}

/// A regular file for a second pass, and where the input began in it.
struct Again {
    file: File,
    start: u64,
}

impl Again {
    /// The input from `offset` on.
    fn reader(&self, offset: u64) -> io::Result<impl Read + '_> {
        #[cfg(unix)]
        {
            Ok(ReadAt {
                file: &self.file,
                pos: self.start + offset,
            })
        }
        #[cfg(not(unix))]
        {
            use std::io::{Seek, SeekFrom};
            let mut file = &self.file;
            file.seek(SeekFrom::Start(self.start + offset))?;
            Ok(file)
        }
    }
}

/// Reads a file at its own offsets (`pread`), leaving the handle's position alone.
#[cfg(unix)]
struct ReadAt<'a> {
    file: &'a File,
    pos: u64,
}

#[cfg(unix)]
impl Read for ReadAt<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        use std::os::unix::fs::FileExt;
        let n = self.file.read_at(buf, self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}

/// Reads enough of the input to tell its form.
fn sniff(reader: &mut dyn Read) -> io::Result<(Vec<u8>, InputFormat)> {
    let mut prefix = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        prefix.extend_from_slice(&chunk[..n]);
        // Past SNIFF_MAX, the form is told from what has been read.
        if let Some(form) = sniff_format(&prefix, n == 0 || prefix.len() >= SNIFF_MAX) {
            return Ok((prefix, form));
        }
    }
}

/// How input that does not stream is read and reported: by [`whole`], and
/// past [`WHOLE_MAX`] by [`in_batches`].
struct Whole<'a> {
    /// `'path'` or `standard input`, for messages.
    name: &'a str,
    one_based: bool,
    format: VerifyFormat,
    form: InputFormat,
    /// Whether `--input` told the form (else it was guessed from the first
    /// lines, which a refusal says: [`crate::flags::in_flags_of`]).
    told: bool,
}

/// Drawn and LeetCode boards: the whole input, parsed at once, so it is
/// bounded: at most [`WHOLE_MAX`] bytes, and no NUL byte (a binary file, or
/// `/dev/zero`, is refused at once).
fn whole(
    read: &Whole<'_>,
    mut bytes: Vec<u8>,
    mut reader: Box<dyn Read>,
) -> anyhow::Result<Outcome> {
    let Whole {
        name,
        one_based,
        format,
        form,
        told,
    } = *read;
    if !fill(name, &mut bytes, &mut *reader, 0)? {
        if matches!(format, VerifyFormat::Svg | VerifyFormat::Png) {
            usage!(
                "--format svg and png draw one board, but {name} holds over {} MiB of boards",
                WHOLE_MAX >> 20
            );
        }
        return in_batches(read, bytes, reader);
    }
    let text = text_of(name, bytes, 0)?;
    let placements = match parse_placements_as(&text, form, one_based) {
        Ok(p) => p,
        Err(e) => usage!(
            "cannot read a placement from {name}: {}",
            crate::flags::in_flags_of(&e, told)
        ),
    };
    if matches!(format, VerifyFormat::Svg | VerifyFormat::Png) {
        let count = placements.len();
        let Some(first) = placements.into_iter().next() else {
            usage!("cannot read a placement from {name}: the input holds none");
        };
        return picture(first, count, format, one_based);
    }
    let mut report = Report::new(format, one_based, false);
    report.several = placements.len() > 1;
    for placement in &placements {
        report.placement(placement)?;
    }
    report.finish()
}

/// Reads on into `bytes` (the input from byte `offset` on) until it holds
/// [`WHOLE_MAX`] + 1 bytes or the input ends, and says whether it ended. A
/// NUL byte is refused: a binary file, or `/dev/zero`, at once (the bytes
/// held are checked before any more are read).
fn fill(
    name: &str,
    bytes: &mut Vec<u8>,
    reader: &mut dyn Read,
    offset: usize,
) -> anyhow::Result<bool> {
    let nul = |bytes: &[u8], from: usize| {
        bytes[from..]
            .iter()
            .position(|&b| b == 0)
            .map(|at| from + at)
    };
    let binary = |at: usize| {
        anyhow::Error::new(UsageError(format!(
            "{name} is binary (a NUL byte at offset {}), not a board: verify reads a column list or a drawn board",
            offset + at
        )))
    };
    if let Some(at) = nul(bytes, 0) {
        return Err(binary(at));
    }
    let had = bytes.len();
    let room = (WHOLE_MAX + 1).saturating_sub(had);
    reader
        .take(room as u64)
        .read_to_end(bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if let Some(at) = nul(bytes, had) {
        return Err(binary(at));
    }
    Ok(bytes.len() - had < room)
}

/// `bytes` (the input from byte `offset` on) as text, or the refusal of
/// what is not UTF-8.
fn text_of(name: &str, bytes: Vec<u8>, offset: usize) -> anyhow::Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        anyhow::Error::new(UsageError(not_utf8(
            name,
            (offset + e.utf8_error().valid_up_to()) as u64,
        )))
    })
}

/// What verify says of input that is not UTF-8 at byte `offset`.
fn not_utf8(name: &str, offset: u64) -> String {
    format!("{name} is not UTF-8 text (invalid byte at offset {offset}); verify reads a column list or a drawn board")
}

/// Drawn, matrix and LeetCode input over [`WHOLE_MAX`], which is many
/// boards (`nqueens all 13 --format ascii` writes 25 MB): read a batch of
/// whole boards at a time, each batch cut after the last board that ends
/// in the [`WHOLE_MAX`] bytes held, so that memory stays bounded; a board
/// alone over that size is refused. Errors name the line in the whole
/// input. `bytes` is the input's first [`WHOLE_MAX`] + 1 bytes.
fn in_batches(
    read: &Whole<'_>,
    mut bytes: Vec<u8>,
    mut reader: Box<dyn Read>,
) -> anyhow::Result<Outcome> {
    let name = read.name;
    let mut report = Report::new(read.format, read.one_based, true);
    report.several = true;
    // Lines and bytes of the batches before this one.
    let (mut lines, mut offset) = (0usize, 0usize);
    let mut at_end = false;
    while !bytes.is_empty() {
        if !at_end {
            at_end = fill(name, &mut bytes, &mut *reader, offset)?;
        }
        let cut = if at_end {
            bytes.len()
        } else {
            match last_board_end(&bytes, read.form) {
                Some(cut) => cut,
                None if bytes.iter().all(u8::is_ascii_whitespace) => usage!(
                    "{name} holds only blanks, {} MiB of them from byte {offset} on: no board \
                     (a column list, one column per line or [c0, c1, ...], or a drawn board)",
                    WHOLE_MAX >> 20
                ),
                None => usage!(
                    "{name} is not a column list, and {} MiB of it from byte {offset} on hold no whole board: \
                     drawn, matrix and LeetCode boards are read a board at a time, each up to that size; write a large \
                     board as a column list (one column per line, or [c0, c1, ...]), which is read as it streams",
                    WHOLE_MAX >> 20
                ),
            }
        };
        let rest = bytes.split_off(cut);
        let text = text_of(name, std::mem::replace(&mut bytes, rest), offset)?;
        let part = InputPart {
            lines,
            boards: report.count,
        };
        let placements = match parse_placements_part(&text, read.form, read.one_based, part) {
            Ok(p) => p,
            Err(e) => usage!(
                "cannot read a placement from {name}: {}",
                crate::flags::in_flags_of(&e, read.told)
            ),
        };
        for placement in &placements {
            report.placement(placement)?;
        }
        report.out.release()?;
        lines += text.bytes().filter(|&b| b == b'\n').count();
        offset += text.len();
    }
    report.finish()
}

/// Where the last whole board of `bytes` ends (after its line break):
/// boards are drawn with blank lines between them, and LeetCode boards
/// one a line; `None` if no board ends in `bytes`.
fn last_board_end(bytes: &[u8], form: InputFormat) -> Option<usize> {
    let mut breaks = bytes
        .iter()
        .enumerate()
        .rev()
        .filter(|&(_, &b)| b == b'\n')
        .map(|(i, _)| i);
    let mut end = breaks.next()?;
    if form == InputFormat::LeetCode {
        return Some(end + 1);
    }
    // The end of the last blank line: a line break whose line holds only
    // white space, after another line break.
    for start in breaks {
        if bytes[start + 1..end].iter().all(u8::is_ascii_whitespace) {
            return Some(end + 1);
        }
        end = start;
    }
    None
}

/// `--format svg|png` on a column list: at most [`PICTURE_MAX`] queens, read
/// no further than that.
fn stream_picture<R: io::BufRead>(
    name: &str,
    columns: ColumnReader<R>,
    format: VerifyFormat,
    one_based: bool,
) -> anyhow::Result<Outcome> {
    let mut columns = columns.with_detail_max(PICTURE_MAX).with_limit(PICTURE_MAX);
    let mut first = None;
    let mut count = 0;
    loop {
        match columns.next_placement() {
            Ok(Some(Streamed::Small(p))) => {
                count += 1;
                first.get_or_insert(p);
            }
            Ok(Some(Streamed::Large(_))) => return Err(too_big_to_draw(format)),
            Ok(None) => break,
            Err(e) => return Err(read_error(name, e, format)),
        }
    }
    match first {
        Some(first) => picture(first, count, format, one_based),
        None => usage!("cannot read a placement from {name}: the input holds none"),
    }
}

fn too_big_to_draw(format: VerifyFormat) -> anyhow::Error {
    anyhow::Error::new(UsageError(format!(
        "--format {} draws boards of up to {PICTURE_MAX} squares a side, and this placement's \
         board is larger: such a picture is unreadable; use --format text (or --format json) \
         for the report",
        format.name()
    )))
}

/// A reading error as the command reports it.
fn read_error(name: &str, e: ReadError, format: VerifyFormat) -> anyhow::Error {
    let message = match e {
        ReadError::Io(e) => return anyhow::Error::new(e).context(format!("cannot read {name}")),
        ReadError::TooMany { .. } => return too_big_to_draw(format),
        ReadError::Parse(e) => format!(
            "cannot read a placement from {name}: {}",
            crate::flags::in_flags(&e)
        ),
        ReadError::NotUtf8 { offset } => not_utf8(name, offset),
        e => format!("cannot read a placement from {name}: {e}"),
    };
    anyhow::Error::new(UsageError(message))
}

/// Draws the one placement, attacking pairs in red, its rows and columns
/// numbered from 1 with `one_based` (as the text report numbers them).
fn picture(
    placement: Placement,
    count: usize,
    format: VerifyFormat,
    one_based: bool,
) -> anyhow::Result<Outcome> {
    if count != 1 {
        usage!("--format svg and png draw one board, but the input holds {count} placements");
    }
    if placement.n() > PICTURE_MAX {
        return Err(too_big_to_draw(format));
    }
    // Counted first, in O(n): the pairs are listed and drawn only if few.
    let pairs = placement.conflict_count();
    if pairs > nqueens::MAX_CONFLICTS_DRAWN as u128 {
        usage!(
            "{} of these queens attack each other, and --format {} draws each pair as a line, \
             at most {}: use --format text (or --format json) for the report",
            plural(pairs, "pair", "pairs"),
            format.name(),
            grouped(nqueens::MAX_CONFLICTS_DRAWN as u128)
        );
    }
    let caption = if placement.is_solution() {
        format!("a solution for n = {}", placement.n())
    } else if pairs == 0 {
        format!(
            "not a solution: {} on {} {n}×{n} board",
            plural(placement.queens().len() as u128, "queen", "queens"),
            article(placement.n() as u128),
            n = placement.n()
        )
    } else {
        format!(
            "not a solution: {}",
            plural(pairs, "attacking pair", "attacking pairs")
        )
    };
    let picture = Picture::from_placement(&placement)
        .with_coordinates(true)
        .with_coordinates_from(usize::from(one_based))
        .with_caption(caption);
    let answer = crate::exit::answer(if placement.is_solution() {
        Outcome::Yes
    } else {
        Outcome::No
    });
    let mut out = Out::stdout();
    if format == VerifyFormat::Svg {
        write_svg(&mut out, &picture)?;
    } else {
        write_png(&mut out, &picture)?;
    }
    out.flush()?;
    Ok(answer)
}

/// Standard output that can hold what is written until told to let it go.
struct Held {
    out: Out,
    held: Option<Vec<u8>>,
}

impl Held {
    fn new(hold: bool) -> Self {
        Held {
            out: Out::stdout(),
            held: hold.then(Vec::new),
        }
    }

    /// Writes what was held, and everything from now on straight through.
    fn release(&mut self) -> io::Result<()> {
        match self.held.take() {
            Some(held) => self.out.write_all(&held),
            None => Ok(()),
        }
    }

    fn end_record(&mut self) -> io::Result<()> {
        match self.held {
            Some(_) => Ok(()),
            None => self.out.end_record(),
        }
    }
}

impl Write for Held {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.held {
            Some(held) => held.write(buf),
            None => self.out.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.held {
            Some(_) => Ok(()),
            None => self.out.flush(),
        }
    }
}

/// The report on every placement of the input, and the summary.
struct Report {
    out: Held,
    format: VerifyFormat,
    base: usize,
    /// Whether the input holds more than one placement.
    several: bool,
    count: usize,
    failures: usize,
}

impl Report {
    fn new(format: VerifyFormat, one_based: bool, hold: bool) -> Self {
        Report {
            out: Held::new(hold),
            format,
            base: usize::from(one_based),
            several: false,
            count: 0,
            failures: 0,
        }
    }

    fn label(&self) -> String {
        if self.several {
            format!("placement {}: ", self.count)
        } else {
            String::new()
        }
    }

    /// Counts a placement judged `ok` or not (a failure is the answer no,
    /// should the pipe close before it is written); returns `ok`.
    fn judged(&mut self, ok: bool) -> bool {
        self.count += 1;
        self.failures += usize::from(!ok);
        if !ok {
            crate::exit::answer(Outcome::No);
        }
        ok
    }

    /// A placement kept whole: the detailed report.
    fn placement(&mut self, placement: &Placement) -> io::Result<()> {
        let ok = self.judged(placement.is_solution());
        match self.format {
            // Several solutions make a short report: only failures get details.
            VerifyFormat::Text if !(self.several && ok) => {
                let label = self.label();
                text_report(&mut self.out, &label, placement, self.base)?;
            }
            VerifyFormat::Json => json_report(&mut self.out, placement, self.base)?,
            _ => {}
        }
        self.out.end_record()
    }

    /// A placement checked as it streamed by: the streaming report.
    fn verdict(&mut self, verdict: &Verdict) -> io::Result<()> {
        let ok = self.judged(verdict.is_solution());
        match self.format {
            VerifyFormat::Text if !(self.several && ok) => {
                let label = self.label();
                large_text_report(&mut self.out, &label, verdict, self.base)?;
            }
            VerifyFormat::Json => large_json_report(&mut self.out, verdict, self.base)?,
            _ => {}
        }
        self.out.end_record()
    }

    fn finish(mut self) -> anyhow::Result<Outcome> {
        self.out.release()?;
        if self.several && self.format == VerifyFormat::Text {
            let (n, failures) = (self.count, self.failures);
            if failures == 0 {
                writeln!(
                    self.out,
                    "OK: all {} placements are solutions",
                    grouped(n as u128)
                )?;
            } else {
                writeln!(
                    self.out,
                    "{} of {} placements {}",
                    grouped(failures as u128),
                    grouped(n as u128),
                    if failures == 1 {
                        "is not a solution"
                    } else {
                        "are not solutions"
                    }
                )?;
            }
        }
        self.out.flush()?;
        Ok(if self.failures == 0 {
            Outcome::Yes
        } else {
            Outcome::No
        })
    }
}

fn text_report(out: &mut impl Write, label: &str, p: &Placement, base: usize) -> io::Result<()> {
    let n = p.n();
    if p.is_solution() {
        return writeln!(out, "{label}OK: a solution for n = {}", grouped(n as u128));
    }
    let pairs = p.conflict_count();
    // (A placement read whole: its n, and so its rows, are bounded by the input.)
    let empty: Vec<usize> = p.empty_rows().collect();
    let size = grouped(n as u128);
    writeln!(
        out,
        "{label}not a solution: {} on {} {size}×{size} board, {}",
        plural(p.queens().len() as u128, "queen", "queens"),
        article(n as u128),
        plural(pairs, "attacking pair", "attacking pairs")
    )?;
    for c in p.conflicts().take(LIST_MAX) {
        writeln!(
            out,
            "  queens at ({}, {}) and ({}, {}) share {}",
            c.first.row + base,
            c.first.col + base,
            c.second.row + base,
            c.second.col + base,
            c.attack.with_article()
        )?;
    }
    if pairs > LIST_MAX as u128 {
        writeln!(
            out,
            "  … and {} more",
            plural(
                pairs - LIST_MAX as u128,
                "attacking pair",
                "attacking pairs"
            )
        )?;
    }
    match empty.len() {
        0 => {}
        1 => writeln!(out, "  row {} has no queen", empty[0] + base)?,
        _ => {
            let shown: Vec<String> = empty
                .iter()
                .take(20)
                .map(|r| (r + base).to_string())
                .collect();
            let more = if empty.len() > 20 { ", …" } else { "" };
            writeln!(out, "  rows {}{more} have no queen", shown.join(", "))?;
        }
    }
    let from = if base == 1 { 1 } else { 0 };
    writeln!(out, "  (squares are (row, column), counted from {from})")
}

fn json_report(out: &mut impl Write, p: &Placement, base: usize) -> io::Result<()> {
    write!(
        out,
        "{{\"n\":{},\"queens\":{},\"solution\":{},\"empty_rows\":[",
        p.n(),
        p.queens().len(),
        p.is_solution()
    )?;
    for (i, r) in p.empty_rows().enumerate() {
        write!(out, "{}{}", if i > 0 { "," } else { "" }, r + base)?;
    }
    write!(
        out,
        "],\"conflict_count\":{},\"conflicts\":[",
        p.conflict_count()
    )?;
    for (i, c) in p.conflicts().take(LIST_MAX).enumerate() {
        write!(
            out,
            "{}{{\"first\":[{},{}],\"second\":[{},{}],\"attack\":\"{}\"}}",
            if i > 0 { "," } else { "" },
            c.first.row + base,
            c.first.col + base,
            c.second.row + base,
            c.second.col + base,
            c.attack
        )?;
    }
    writeln!(out, "]}}")
}

/// The report on a large placement: how many queens landed on a taken line,
/// and the first ones found.
fn large_text_report(
    out: &mut impl Write,
    label: &str,
    v: &Verdict,
    base: usize,
) -> io::Result<()> {
    let n = grouped(v.n() as u128);
    if v.is_solution() {
        return writeln!(out, "{label}OK: a solution for n = {n}");
    }
    let taken = v.queens_on_taken_lines();
    writeln!(
        out,
        "{label}not a solution: {} on {} {n}×{n} board; {} {} on a line already taken",
        plural(v.queens() as u128, "queen", "queens"),
        article(v.n() as u128),
        grouped(u128::from(taken)),
        if taken == 1 {
            "queen stands"
        } else {
            "queens stand"
        }
    )?;
    for c in v.conflicts() {
        let (row, col) = (c.queen.row + base, c.queen.col + base);
        match c.earlier() {
            Some(e) => writeln!(
                out,
                "  queens at ({}, {}) and ({row}, {col}) share {}",
                e.row + base,
                e.col + base,
                c.attack.with_article()
            )?,
            None => {
                let line = if c.attack == Attack::Column {
                    format!("column {col}")
                } else {
                    c.attack.with_article().to_string()
                };
                writeln!(
                    out,
                    "  the queen at ({row}, {col}) shares {line} with an earlier queen (read from \
                     a pipe; verify the file to see its row)"
                )?;
            }
        }
    }
    let found: u64 = [Attack::Column, Attack::Diagonal, Attack::AntiDiagonal]
        .into_iter()
        .map(|a| v.taken(a))
        .sum();
    if found > v.conflicts().len() as u64 {
        writeln!(out, "  … only the first {CONFLICTS_KEPT} found are listed")?;
    }
    writeln!(out, "  (squares are (row, column), counted from {base})")
}

fn large_json_report(out: &mut impl Write, v: &Verdict, base: usize) -> io::Result<()> {
    write!(
        out,
        "{{\"n\":{},\"queens\":{},\"solution\":{},\"empty_rows\":[],\"queens_on_taken_lines\":{},\"conflicts\":[",
        v.n(),
        v.queens(),
        v.is_solution(),
        v.queens_on_taken_lines()
    )?;
    for (i, c) in v.conflicts().iter().enumerate() {
        let first = match c.earlier() {
            Some(e) => format!("[{},{}]", e.row + base, e.col + base),
            None => "null".into(),
        };
        write!(
            out,
            "{}{{\"first\":{first},\"second\":[{},{}],\"attack\":\"{}\"}}",
            if i > 0 { "," } else { "" },
            c.queen.row + base,
            c.queen.col + base,
            c.attack
        )?;
    }
    writeln!(out, "]}}")
}
