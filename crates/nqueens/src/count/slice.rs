//! Splitting a count over a batch system, and merging the parts.
//!
//! A cluster runs many jobs at once but each for a limited time, so a big
//! count is split into k *slices* that run as separate jobs, typically the k
//! elements of a Slurm job array (`sbatch --array=1-k`, each element counting
//! slice `$SLURM_ARRAY_TASK_ID/k`). Slice i of k is a contiguous range of the
//! plan's task indices ([`Slice::range`]): of a plan of t tasks, those from
//! ⌈(i − 1)·t/k⌉ up to ⌈i·t/k⌉ (excluded). The k ranges are balanced (their
//! sizes differ by at most one task) and together hold every task exactly
//! once, so the sum of the k partial results is exactly the whole count.
//! They nest: slice i of k holds the same tasks as slices m·(i − 1) + 1 to
//! m·i of m·k together, for any m, so `1/2` is `1/4` and `2/4`, and `2/2` is
//! `3/4` and `4/4`. Slices are numbered from 1, like `--array=1-k`, and
//! written `i/k`.
//!
//! Each job writes a [`PartialResult`]: which count, which slice, which tasks,
//! and their sum. [`merge`] adds the parts after checking that they belong to
//! one count (the same n, engine, version, plan and number of tasks), that
//! each part holds the tasks its slice should, and that every task of the
//! plan is in exactly one part. The parts may come from different splits:
//! `1/2` with `3/4` and `4/4` is the whole count, and so is `1/3` with `3/6`,
//! `4/6` and `3/3`. A job that is killed resumes from its own
//! [checkpoint](super::checkpoint), restricted to its slice with
//! [`Checkpoint::pending_in`](super::checkpoint::Checkpoint::pending_in).
//!
//! # The partial result format
//!
//! One JSON object on one line: `format` (always `"nqueens-partial"`),
//! `version` (see [`current_version`]), `n`, `engine`, `slice` (`"i/k"`),
//! `tasks` (the range of task indices as `[start, end]`, end excluded),
//! `total_tasks` (how many tasks the whole plan has), the sums `solutions`
//! and `classes_x8` (see [`Tally`]) as JSON integers, which may exceed 64
//! bits, `fingerprint` (the plan's
//! [fingerprint](super::plan::plan_fingerprint)), and last `checksum`: the
//! CRC-32 of the line before it, with the object closed there. The reader
//! makes that line again from the values it read, so the same object laid
//! out otherwise (by `jq .`) reads the same. A part with an unknown field, a
//! changed value, or cut short is refused, naming the file; reading stops
//! after 64 KiB.
//!
//! ```text
//! {"format":"nqueens-partial","version":"nqueens 0.1.0, partial format 3","n":10,"engine":"constellation","slice":"2/4","tasks":[74,147],"total_tasks":293,"solutions":136,"classes_x8":136,"fingerprint":"14e3e9a9b0748779","checksum":"9d366a25"}
//! ```
//!
//! ```
//! use nqueens::{count_plan, Engine, Tally};
//! use nqueens::ConstellationEngine;
//! use nqueens::{merge_slices, PartialResult, Slice};
//!
//! let plan = ConstellationEngine.plan(10)?;
//! let mut parts = Vec::new();
//! for slice in Slice::all(3) {
//!     let tally: Tally = slice.range(plan.len()).map(|i| plan.count(i)).sum();
//!     let part = PartialResult::new(10, "constellation", slice, plan.len(), tally);
//!     let text = part.to_json(); // what a job would write
//!     parts.push((format!("part-{}.json", slice.index), PartialResult::from_json(&text).unwrap()));
//! }
//! let merged = merge_slices(&parts).unwrap();
//! assert_eq!(merged.tally, count_plan(plan.as_ref()));
//! assert_eq!((merged.tally.solutions, merged.tally.unique()), (724, Some(92)));
//! # Ok::<(), nqueens::Error>(())
//! ```

use std::fmt;
use std::io::{self, Read};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::checkpoint::write_atomic;
use crate::sink::tally::Tally;

/// The value of a partial result's `format` field.
pub const FORMAT_NAME: &str = "nqueens-partial";

/// The version of the partial result format.
///
/// Format 3 split the tasks into slices that nest (format 2's slices of k
/// gave the first t mod k slices one task more, so `1/2` was not `1/4` and
/// `2/4` when t mod 4 is 2): a part of format 2 holds other tasks than the
/// slice of the same name now does, and is refused.
pub const FORMAT_VERSION: u32 = 3;

/// The `version` this library writes into partial results, for example
/// `"nqueens 0.1.0, partial format 3"`. Parts merge only with parts of the
/// same version, since plans may change between versions.
///
/// # Examples
///
/// ```
/// use nqueens::{merge_slices, slice_version, PartialResult, Slice, SliceError, Tally};
///
/// assert!(slice_version().starts_with("nqueens "));
/// assert!(slice_version().ends_with("partial format 3"));
///
/// let first = PartialResult::new(8, "backtrack", Slice::new(1, 2)?, 21, Tally::default());
/// assert_eq!(first.version, slice_version());
///
/// // A part written by another version does not merge with this one's.
/// let mut second = PartialResult::new(8, "backtrack", Slice::new(2, 2)?, 21, Tally::default());
/// second.version = "nqueens 0.0.1, partial format 3".to_string();
/// let parts = [("a.json".to_string(), first), ("b.json".to_string(), second)];
/// assert!(matches!(merge_slices(&parts), Err(SliceError::Mismatch { what: "version", .. })));
/// # Ok::<(), nqueens::SliceError>(())
/// ```
pub fn current_version() -> String {
    format!(
        "nqueens {}, partial format {FORMAT_VERSION}",
        env!("CARGO_PKG_VERSION")
    )
}

/// Slice `index` of `count`, both counted from 1: `2/4` is the second of
/// four.
///
/// ```
/// use nqueens::Slice;
/// let s: Slice = "2/4".parse()?;
/// assert_eq!((s.index, s.count), (2, 4));
/// assert_eq!(s.to_string(), "2/4");
/// assert_eq!(s.range(10), 3..5);
/// // Slices nest: 1/2 is 1/4 and 2/4, for any number of tasks.
/// assert_eq!(Slice::new(1, 2)?.range(10), 0..5);
/// assert!("0/4".parse::<Slice>().is_err());
/// # Ok::<(), nqueens::SliceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slice {
    /// Which slice, from 1 to `count`.
    pub index: usize,
    /// How many slices the plan is split into, at least 1.
    pub count: usize,
}

impl Slice {
    /// Slice `index` of `count`.
    ///
    /// # Errors
    /// [`SliceError::NoSlices`] when `count` is 0,
    /// [`SliceError::IndexOutOfRange`] when `index` is not in `1..=count`.
    pub fn new(index: usize, count: usize) -> Result<Slice, SliceError> {
        if count == 0 {
            return Err(SliceError::NoSlices {
                text: format!("{index}/{count}"),
            });
        }
        if index == 0 || index > count {
            return Err(SliceError::IndexOutOfRange { index, count });
        }
        Ok(Slice { index, count })
    }

    /// The `count` slices `1/count` to `count/count`, in order.
    pub fn all(count: usize) -> impl Iterator<Item = Slice> {
        (1..=count).map(move |index| Slice { index, count })
    }

    /// The task indices of this slice of a plan of `tasks` tasks: from
    /// ⌈(index − 1)·tasks/count⌉ up to ⌈index·tasks/count⌉, excluded.
    ///
    /// The slices of `0..tasks` are contiguous and in order, their sizes
    /// differ by at most one, and together they hold every task exactly
    /// once. When there are fewer tasks than slices, some slices are empty
    /// (each of the others holds one task). Slices nest: slice `i/k` holds
    /// the same tasks as slices `m·(i − 1) + 1` to `m·i` of `m·k` together.
    ///
    /// # Panics
    /// If the slice is not valid (`index` outside `1..=count`); [`Slice::new`]
    /// and parsing only make valid ones.
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::Slice;
    /// let tasks = 10;
    /// let half = Slice::new(2, 2)?.range(tasks);
    /// let (third, fourth) = (Slice::new(3, 4)?.range(tasks), Slice::new(4, 4)?.range(tasks));
    /// assert_eq!((third.start, third.end, fourth.end), (half.start, fourth.start, half.end));
    /// # Ok::<(), nqueens::SliceError>(())
    /// ```
    pub fn range(&self, tasks: usize) -> Range<usize> {
        assert!(
            self.count > 0 && (1..=self.count).contains(&self.index),
            "invalid slice {}/{}",
            self.index,
            self.count
        );
        boundary(self.index - 1, self.count, tasks)..boundary(self.index, self.count, tasks)
    }
}

/// Where slice `i` of `count` ends (and slice `i + 1` starts) in a plan of
/// `tasks` tasks: ⌈i·tasks/count⌉, for `i` from 0 to `count`. In 128 bits,
/// where the product cannot overflow; the result is at most `tasks`.
fn boundary(i: usize, count: usize, tasks: usize) -> usize {
    let end = (i as u128 * tasks as u128).div_ceil(count as u128);
    usize::try_from(end).unwrap_or(tasks)
}

/// The number (from 1) of the slice of `count` that holds `task`, in a plan
/// of `tasks` tasks (`task < tasks`): ⌊task·count/tasks⌋ + 1.
fn slice_holding(task: usize, count: usize, tasks: usize) -> usize {
    let before = task as u128 * count as u128 / tasks.max(1) as u128;
    usize::try_from(before).map_or(count, |b| (b + 1).min(count))
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Slice {
    type Err = SliceError;

    /// Reads `i/k`, for example `1/4`.
    fn from_str(s: &str) -> Result<Slice, SliceError> {
        let syntax = || SliceError::Syntax {
            text: s.to_string(),
        };
        let (i, k) = s.trim().split_once('/').ok_or_else(syntax)?;
        let number = |x: &str| {
            let x = x.trim();
            if x.is_empty() || !x.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            Some(x.parse::<usize>().ok())
        };
        let (Some(index), Some(count)) = (number(i), number(k)) else {
            return Err(syntax());
        };
        // Digits past usize: of the right form, but no slice (it was called
        // a syntax error).
        let (Some(index), Some(count)) = (index, count) else {
            return Err(SliceError::TooLarge {
                text: s.to_string(),
            });
        };
        if count == 0 {
            return Err(SliceError::NoSlices {
                text: s.to_string(),
            });
        }
        Slice::new(index, count)
    }
}

/// What a slice job found: the sum over the tasks of one slice.
///
/// # Examples
///
/// Three jobs each count one slice and save their part; the parts are read
/// back and merged:
///
/// ```
/// use nqueens::{merge_slices, plan_fingerprint, BacktrackEngine, Engine};
/// use nqueens::{PartialResult, Slice, SliceError, Tally};
///
/// let plan = BacktrackEngine.plan(8)?;
/// let fingerprint = plan_fingerprint(plan.as_ref());
/// let mut parts = Vec::new();
/// for slice in Slice::all(3) {
///     let tally: Tally = slice.range(plan.len()).map(|i| plan.count(i)).sum();
///     let part = PartialResult::new(8, "backtrack", slice, plan.len(), tally)
///         .with_fingerprint(&fingerprint);
///     let path = std::env::temp_dir()
///         .join(format!("nqueens-doc-part-{}-{}.json", std::process::id(), slice.index));
///     part.save(&path)?;
///     let loaded = PartialResult::load(&path)?;
///     std::fs::remove_file(&path)?;
///     assert_eq!(loaded, part);
///     parts.push((path.display().to_string(), loaded));
/// }
/// assert_eq!(plan.len(), 21);
/// assert_eq!(parts[1].1.tasks, 7..14);
/// assert_eq!(merge_slices(&parts)?.tally.solutions, 92);
///
/// // An edited part is refused: its checksum no longer matches.
/// let edited = parts[0].1.to_json().replace("\"n\":8", "\"n\":9");
/// assert!(matches!(PartialResult::from_json(&edited), Err(SliceError::Json { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartialResult {
    /// The board size.
    pub n: usize,
    /// The engine's name.
    pub engine: String,
    /// The library and format version that wrote it ([`current_version`]).
    pub version: String,
    /// Which slice.
    pub slice: Slice,
    /// The task indices counted: `slice.range(total_tasks)`.
    pub tasks: Range<usize>,
    /// How many tasks the whole plan has.
    pub total_tasks: usize,
    /// The sum over `tasks`.
    pub tally: Tally,
    /// The plan's [fingerprint](super::plan::plan_fingerprint) (empty when
    /// not given).
    pub fingerprint: String,
}

/// A partial result as it is written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    format: String,
    version: String,
    n: usize,
    engine: String,
    slice: String,
    tasks: [usize; 2],
    total_tasks: usize,
    solutions: u128,
    classes_x8: u128,
    fingerprint: String,
    /// The CRC-32 of the line up to this field (the object closed right
    /// before it), in hexadecimal; absent while it is computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    checksum: Option<String>,
}

impl Wire {
    /// The checksum of the line `to_json` writes without it (serde writes
    /// the checksum last, so the line with it is this one with it added).
    fn checksum(&self) -> String {
        debug_assert!(self.checksum.is_none());
        let body = serde_json::to_string(self).unwrap_or_default();
        format!("{:08x}", crc32fast::hash(body.as_bytes()))
    }
}

/// The most bytes a partial result may have: it is one short line.
const FILE_MAX: u64 = 64 * 1024;

/// The text before `,"checksum":` with the object closed, and the checksum.
fn split_checksum(text: &str) -> Option<(String, &str)> {
    let at = text.rfind(",\"checksum\":\"")?;
    let rest = &text[at + 13..];
    let end = rest.find('"')?;
    (rest[end..].trim_end() == "\"}").then(|| (format!("{}}}", &text[..at]), &rest[..end]))
}

/// The first look: which format, which version. (Any JSON value for the
/// version: a task log's header has a number there, and it is named by its
/// format.)
#[derive(Deserialize)]
struct Probe {
    format: Option<String>,
    version: Option<serde_json::Value>,
}

impl PartialResult {
    /// The result of counting `slice` of the plan of `n` with `engine`, which
    /// has `total_tasks` tasks: `tally` is the sum over
    /// `slice.range(total_tasks)`. Written by this version.
    ///
    /// # Panics
    /// If the slice is not valid, as [`Slice::range`] does.
    pub fn new(n: usize, engine: &str, slice: Slice, total_tasks: usize, tally: Tally) -> Self {
        PartialResult {
            n,
            engine: engine.to_string(),
            version: current_version(),
            slice,
            tasks: slice.range(total_tasks),
            total_tasks,
            tally,
            fingerprint: String::new(),
        }
    }

    /// The same result, for the plan with this
    /// [fingerprint](super::plan::plan_fingerprint).
    #[must_use]
    pub fn with_fingerprint(mut self, fingerprint: &str) -> Self {
        self.fingerprint = fingerprint.to_string();
        self
    }

    /// The JSON text (one line, no newline; see the docs of `src/count/slice.rs`).
    pub fn to_json(&self) -> String {
        let mut wire = Wire {
            format: FORMAT_NAME.to_string(),
            version: self.version.clone(),
            n: self.n,
            engine: self.engine.clone(),
            slice: self.slice.to_string(),
            tasks: [self.tasks.start, self.tasks.end],
            total_tasks: self.total_tasks,
            solutions: self.tally.solutions,
            classes_x8: self.tally.classes_x8,
            fingerprint: self.fingerprint.clone(),
            checksum: None,
        };
        wire.checksum = Some(wire.checksum());
        serde_json::to_string(&wire).unwrap_or_default()
    }

    /// Reads the JSON text of a partial result.
    ///
    /// Whether its tasks are those of its slice is checked by [`merge`].
    ///
    /// # Errors
    /// [`SliceError::Json`] when the text is not a partial result,
    /// [`SliceError::UnsupportedFormat`] when it is one of another format
    /// version.
    pub fn from_json(text: &str) -> Result<PartialResult, SliceError> {
        Self::from_json_in(text, None)
    }

    fn from_json_in(text: &str, file: Option<String>) -> Result<PartialResult, SliceError> {
        let json = |reason: String| SliceError::Json {
            file: file.clone(),
            reason,
        };
        // A byte-order mark, as some editors save a file: not part of the
        // JSON (it was called a note the count wrote to stderr).
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // The first JSON value only: a file of several lines (a task log, a
        // checkpoint) is named by its first line's format.
        let mut first = serde_json::Deserializer::from_str(text);
        let probe = Probe::deserialize(&mut first).map_err(|e| json(not_json(text, &e)))?;
        match probe.format.as_deref() {
            // A part is one JSON object: nothing may follow it.
            Some(FORMAT_NAME) => first.end().map_err(|e| json(e.to_string()))?,
            Some(other) => {
                let hint = if other == "nqueens-task-log" {
                    " (two task logs are compared with `merge --compare A B`)"
                } else {
                    ""
                };
                return Err(json(format!(
                    "its format is {other:?}, not {FORMAT_NAME:?}{hint}"
                )));
            }
            None => return Err(json(format!("it has no \"format\":\"{FORMAT_NAME}\""))),
        }
        let version = match probe.version {
            None => None,
            Some(serde_json::Value::String(version)) => Some(version),
            Some(other) => return Err(json(format!("its \"version\" is {other}, not text"))),
        };
        if let Some(version) = version {
            if format_version(&version) != Some(FORMAT_VERSION) {
                return Err(SliceError::UnsupportedFormat {
                    file,
                    found: version,
                });
            }
        }
        // The message does not name the checksum that would match: that
        // would make a hand-edited part pass as easily as a fixed one.
        let edited = |checksum: &str| {
            json(format!(
                "its checksum {checksum:?} does not match its contents: the file was edited or \
                 damaged (or laid out by a tool that rounds numbers above 2^53, as jq before \
                 1.7 does)"
            ))
        };
        let no_checksum =
            || json("it has no \"checksum\" at its end: it was cut short or edited".to_string());
        let mut wire: Wire = match serde_json::from_str(text) {
            Ok(wire) => wire,
            // Not a partial result's fields: an edit that the checksum
            // (of the text as written) names, or the field itself.
            Err(e) => {
                return Err(match split_checksum(text.trim_end()) {
                    None => no_checksum(),
                    Some((body, checksum)) => {
                        match format!("{:08x}", crc32fast::hash(body.as_bytes())) {
                            crc if crc != checksum => edited(checksum),
                            _ => json(e.to_string()),
                        }
                    }
                })
            }
        };
        // The checksum is of the line as `to_json` writes it, made again
        // from the values read: a part re-spaced by a JSON tool (`jq .`)
        // still reads, and any changed value is refused.
        let Some(checksum) = wire.checksum.take() else {
            return Err(no_checksum());
        };
        let crc = wire.checksum();
        if checksum != crc {
            return Err(edited(&checksum));
        }
        let slice: Slice = wire
            .slice
            .parse()
            .map_err(|e: SliceError| json(e.to_string()))?;
        Ok(PartialResult {
            n: wire.n,
            engine: wire.engine,
            version: wire.version,
            slice,
            tasks: wire.tasks[0]..wire.tasks[1],
            total_tasks: wire.total_tasks,
            tally: Tally {
                solutions: wire.solutions,
                classes_x8: wire.classes_x8,
            },
            fingerprint: wire.fingerprint,
        })
    }

    /// Reads the partial result in the file at `path`.
    ///
    /// # Errors
    /// [`SliceError::Io`] when the file cannot be read, and those of
    /// [`from_json`](Self::from_json), naming the file.
    pub fn load(path: &Path) -> Result<PartialResult, SliceError> {
        let io = |source| SliceError::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = std::fs::File::open(path).map_err(io)?;
        Self::read(file, &path.display().to_string())
    }

    /// Reads a partial result from `reader` (a file, standard input), at
    /// most 64 KiB of it; `name` names it in messages.
    ///
    /// # Errors
    /// [`SliceError::Json`] for anything longer, binary or not a partial
    /// result, and those of [`from_json`](Self::from_json).
    pub fn read(reader: impl io::Read, name: &str) -> Result<PartialResult, SliceError> {
        let mut bytes = Vec::new();
        reader
            .take(FILE_MAX + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| SliceError::Json {
                file: Some(name.to_string()),
                reason: format!("cannot read it: {e}"),
            })?;
        let refuse = |reason: String| SliceError::Json {
            file: Some(name.to_string()),
            reason,
        };
        if bytes.len() as u64 > FILE_MAX {
            return Err(refuse(format!(
                "it is over {} KiB, and a partial result is one short line",
                FILE_MAX >> 10
            )));
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| refuse("it is not text, so not a partial result".to_string()))?;
        Self::from_json_in(&text, Some(name.to_string()))
    }

    /// Writes the JSON text and a newline to `path`, atomically (see
    /// `write_atomic`).
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let mut text = self.to_json();
        text.push('\n');
        write_atomic(path, text.as_bytes())
    }
}

/// The format version in a version string like `"nqueens 0.1.0, partial format 3"`.
fn format_version(version: &str) -> Option<u32> {
    let (_, number) = version.rsplit_once("partial format ")?;
    number.trim().parse().ok()
}

/// The sum of all the slices of a count.
///
/// # Examples
///
/// ```
/// use nqueens::{merge_slices, slice_version, ConstellationEngine, Engine};
/// use nqueens::{PartialResult, Slice, Tally};
///
/// let plan = ConstellationEngine.plan(10)?;
/// let parts: Vec<(String, PartialResult)> = Slice::all(4)
///     .map(|slice| {
///         let tally: Tally = slice.range(plan.len()).map(|i| plan.count(i)).sum();
///         let part = PartialResult::new(10, "constellation", slice, plan.len(), tally);
///         (format!("part-{}.json", slice.index), part)
///     })
///     .collect();
/// let merged = merge_slices(&parts)?;
/// assert_eq!((merged.n, merged.engine.as_str()), (10, "constellation"));
/// assert_eq!((merged.slices, merged.total_tasks), (4, plan.len()));
/// assert_eq!(merged.version, slice_version());
/// assert_eq!((merged.tally.solutions, merged.tally.unique()), (724, Some(92)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merged {
    /// The board size.
    pub n: usize,
    /// The engine's name.
    pub engine: String,
    /// The version that wrote the parts.
    pub version: String,
    /// How many tasks the plan has.
    pub total_tasks: usize,
    /// How many parts were merged: the slices of one split, or of several.
    pub slices: usize,
    /// The sum: the whole count. [`Tally::unique`] gives the symmetry classes.
    pub tally: Tally,
}

/// Shows one property of a part, for comparing parts.
type Show = fn(&PartialResult) -> String;

/// Adds the partial results of one count whose slices hold every task of
/// its plan exactly once.
///
/// The parts may be the slices of one split (`1/4` to `4/4`) or of several
/// (`1/2` with `3/4` and `4/4`, since slices nest: see [`Slice::range`]).
/// The check is of the tasks each part holds, a range of the plan's task
/// indices: its time and memory grow with the number of parts, not with the
/// number of tasks or slices. A slice that holds no task (of a split into
/// more slices than the plan has tasks) may be left out. Each part comes
/// with a name for messages, usually its file name.
///
/// # Errors
/// [`SliceError::NoParts`] for an empty list; [`SliceError::Mismatch`] when
/// two parts differ in n, engine, version, plan or number of tasks;
/// [`SliceError::WrongRange`] when a part's tasks are not those of its
/// slice; [`SliceError::DuplicateSlice`] when a slice is given twice;
/// [`SliceError::Overlap`] when two slices hold some of the same tasks;
/// [`SliceError::MissingSlices`] (all the parts of one split) or
/// [`SliceError::MissingTasks`] (of several) when no part holds some
/// tasks; [`SliceError::Overflow`] when the sum exceeds 128 bits.
///
/// # Examples
///
/// ```
/// use nqueens::{merge_slices, BacktrackEngine, Engine, PartialResult, Slice, SliceError, Tally};
///
/// let plan = BacktrackEngine.plan(8)?;
/// let part = |i, k| {
///     let slice = Slice::new(i, k).unwrap();
///     let tally: Tally = slice.range(plan.len()).map(|t| plan.count(t)).sum();
///     let part = PartialResult::new(8, "backtrack", slice, plan.len(), tally);
///     (format!("part-{i}-of-{k}.json"), part)
/// };
/// let merged = merge_slices(&[part(1, 2), part(2, 2)])?;
/// assert_eq!((merged.tally.solutions, merged.tally.unique()), (92, Some(12)));
/// // Half the count as 1/2, the other half in quarters.
/// assert_eq!(merge_slices(&[part(1, 2), part(3, 4), part(4, 4)])?.tally, merged.tally);
///
/// // The same slice twice, one slice alone, overlapping slices or a gap
/// // are refused.
/// let twice = merge_slices(&[part(1, 2), part(1, 2), part(2, 2)]);
/// assert!(matches!(twice, Err(SliceError::DuplicateSlice { .. })));
/// let alone = merge_slices(&[part(2, 2)]).unwrap_err();
/// assert!(matches!(alone, SliceError::MissingSlices { given: 1, count: 2, .. }));
/// assert!(alone.to_string().contains("slice 1/2 is missing"));
/// let overlap = merge_slices(&[part(1, 2), part(2, 4), part(2, 2)]);
/// assert!(matches!(overlap, Err(SliceError::Overlap { .. })));
/// let gap = merge_slices(&[part(1, 2), part(4, 4)]).unwrap_err();
/// assert!(gap.to_string().contains("(slice 3/4)"), "{gap}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn merge(parts: &[(String, PartialResult)]) -> Result<Merged, SliceError> {
    let Some((first_file, first)) = parts.first() else {
        return Err(SliceError::NoParts);
    };
    let mut tally = Some(Tally::default());
    for (file, part) in parts {
        if let Err(e) = Slice::new(part.slice.index, part.slice.count) {
            return Err(SliceError::Json {
                file: Some(file.clone()),
                reason: e.to_string(),
            });
        }
        let mismatch = |what: &'static str, show: Show| {
            let (a, b) = (show(first), show(part));
            (a != b).then(|| SliceError::Mismatch {
                what,
                first_file: first_file.clone(),
                first_value: a,
                file: file.clone(),
                value: b,
            })
        };
        let checks: [(&'static str, Show); 5] = [
            ("n", |p| format!("n = {}", p.n)),
            ("engine", |p| format!("the {} engine", p.engine)),
            ("version", |p| format!("version {:?}", p.version)),
            ("total_tasks", |p| {
                format!(
                    "a plan of {} tasks",
                    crate::words::grouped(p.total_tasks as u128)
                )
            }),
            ("fingerprint", |p| {
                format!("the plan with fingerprint {:?}", p.fingerprint)
            }),
        ];
        for (what, show) in checks {
            if let Some(e) = mismatch(what, show) {
                return Err(e);
            }
        }
        let expected = part.slice.range(part.total_tasks);
        if part.tasks != expected {
            return Err(SliceError::WrongRange {
                file: file.clone(),
                slice: part.slice,
                found: part.tasks.clone(),
                expected,
                total_tasks: part.total_tasks,
            });
        }
        tally = tally.and_then(|t| {
            Some(Tally {
                solutions: t.solutions.checked_add(part.tally.solutions)?,
                classes_x8: t.classes_x8.checked_add(part.tally.classes_x8)?,
            })
        });
    }
    check_cover(parts)?;
    Ok(Merged {
        n: first.n,
        engine: first.engine.clone(),
        version: first.version.clone(),
        total_tasks: first.total_tasks,
        slices: parts.len(),
        tally: tally.ok_or(SliceError::Overflow)?,
    })
}

/// Checks that the parts (of one plan, each holding its slice's tasks) hold
/// every task exactly once: sorted by their first task, each must start
/// where the one before ends. One index a part, whatever the number of
/// tasks or slices.
fn check_cover(parts: &[(String, PartialResult)]) -> Result<(), SliceError> {
    let total = parts.first().map_or(0, |(_, p)| p.total_tasks);
    let mut order: Vec<usize> = (0..parts.len()).collect();
    // Stable: of two parts of one slice, the first given comes first.
    order.sort_by_key(|&i| {
        let p = &parts[i].1;
        (p.tasks.start, p.tasks.end, p.slice.count, p.slice.index)
    });
    // The same slice twice sorts side by side (empty ones too).
    for pair in order.windows(2) {
        let ((a_file, a), (b_file, b)) = (&parts[pair[0]], &parts[pair[1]]);
        if a.slice == b.slice {
            return Err(SliceError::DuplicateSlice {
                slice: a.slice,
                first_file: a_file.clone(),
                file: b_file.clone(),
            });
        }
    }
    // The tasks held so far are 0..covered, the last of them by `last`;
    // each gap with the parts on either side (at most one a part).
    let (mut covered, mut last): (usize, Option<usize>) = (0, None);
    let mut gaps: Vec<(Range<usize>, Option<usize>, Option<usize>)> = Vec::new();
    for &i in &order {
        let tasks = &parts[i].1.tasks;
        if tasks.is_empty() {
            continue;
        }
        if let Some(l) = last.filter(|_| tasks.start < covered) {
            let ((first_file, a), (file, b)) = (&parts[l], &parts[i]);
            return Err(SliceError::Overlap {
                first_file: first_file.clone(),
                first_slice: a.slice,
                file: file.clone(),
                slice: b.slice,
                both: tasks.start..covered.min(tasks.end),
                total_tasks: total,
            });
        }
        if tasks.start > covered {
            gaps.push((covered..tasks.start, last, Some(i)));
        }
        (covered, last) = (tasks.end, Some(i));
    }
    if covered < total {
        gaps.push((covered..total, last, None));
    }
    if gaps.is_empty() {
        return Ok(());
    }
    let count = parts[0].1.slice.count;
    if parts.iter().all(|(_, p)| p.slice.count == count) {
        // One split: its missing slices (those that hold tasks) by name.
        // Each gap is whole slices; a slice holds one task or more when
        // there are at least as many tasks as slices, at most one when
        // there are fewer.
        let mut missing = Vec::new();
        let mut missing_count = 0usize;
        for (tasks, _, _) in &gaps {
            let (a, b) = (tasks.start, tasks.end);
            missing_count += if count >= total {
                b - a
            } else {
                slice_holding(b - 1, count, total) - slice_holding(a, count, total) + 1
            };
            let mut t = a;
            while t < b && missing.len() < MISSING_SHOWN {
                let slice = Slice {
                    index: slice_holding(t, count, total),
                    count,
                };
                missing.push(slice);
                t = slice.range(total).end;
            }
        }
        return Err(SliceError::MissingSlices {
            missing,
            missing_count,
            given: parts.len(),
            count,
        });
    }
    let k = |i: Option<usize>| i.map(|i| parts[i].1.slice.count);
    Err(SliceError::MissingTasks {
        missing_tasks: gaps.iter().map(|(tasks, _, _)| tasks.len()).sum(),
        gap_count: gaps.len(),
        missing: gaps
            .into_iter()
            .take(MISSING_SHOWN)
            .map(|(tasks, before, after)| Gap {
                slices: whole_slices(&tasks, total, k(before), k(after)),
                tasks,
            })
            .collect(),
        total_tasks: total,
    })
}

/// The slices of the fewest that hold exactly `tasks` (a gap between a
/// part of `before` slices and one of `after`), among those splits and
/// their least common multiple, whose slices end where each of the two
/// does: the first and the last.
fn whole_slices(
    tasks: &Range<usize>,
    total: usize,
    before: Option<usize>,
    after: Option<usize>,
) -> Option<(Slice, Slice)> {
    let lcm = match (before, after) {
        (Some(a), Some(b)) => a.checked_mul(b / gcd(a, b)),
        (a, b) => a.or(b),
    };
    let mut splits: Vec<usize> = [before, after, lcm].into_iter().flatten().collect();
    splits.sort_unstable();
    splits.into_iter().find_map(|count| {
        let first = Slice {
            index: slice_holding(tasks.start, count, total),
            count,
        };
        let last = Slice {
            index: slice_holding(tasks.end - 1, count, total),
            count,
        };
        (first.range(total).start == tasks.start && last.range(total).end == tasks.end)
            .then_some((first, last))
    })
}

/// The greatest common divisor (of two numbers above 0).
fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Tasks of a plan that no part holds, and the slices that hold exactly
/// them, if a split of the parts on either side (or their least common
/// multiple) has such: the first and the last.
///
/// # Examples
///
/// ```
/// use nqueens::{merge_slices, PartialResult, Slice, SliceError, SliceGap, Tally};
///
/// // Of a plan of 70 tasks, 1/2 and 4/4 leave out slice 3/4.
/// let part = |i, k| {
///     let p = PartialResult::new(8, "constellation", Slice::new(i, k).unwrap(), 70, Tally::default());
///     (format!("part-{i}-of-{k}.json"), p)
/// };
/// let Err(SliceError::MissingTasks { missing, .. }) = merge_slices(&[part(1, 2), part(4, 4)]) else {
///     panic!("a gap");
/// };
/// let third = Slice::new(3, 4)?;
/// assert_eq!(missing, [SliceGap { tasks: third.range(70), slices: Some((third, third)) }]);
/// assert_eq!(missing[0].to_string(), "tasks 35..53 (slice 3/4)");
/// # Ok::<(), SliceError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gap {
    /// The task indices.
    pub tasks: Range<usize>,
    /// The first and last slice that hold them, when known.
    pub slices: Option<(Slice, Slice)>,
}

impl fmt::Display for Gap {
    /// `tasks 5..8 (slice 3/4)`, `tasks 9..11 (slices 19/20 to 20/20)` or `tasks
    /// 4..6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&tasks_named(&self.tasks))?;
        match self.slices {
            Some((a, b)) if a == b => write!(f, " (slice {a})"),
            Some((a, b)) => write!(f, " (slices {a} to {b})"),
            None => Ok(()),
        }
    }
}

/// What can be wrong with a slice, a partial result or a merge. The messages
/// are meant to be shown to people as they are.
///
/// # Examples
///
/// ```
/// use nqueens::{merge_slices, Slice, SliceError};
///
/// let err = "5/4".parse::<Slice>().unwrap_err();
/// assert!(matches!(err, SliceError::IndexOutOfRange { index: 5, count: 4 }));
/// assert!(err.to_string().starts_with("there is no slice 5/4"));
///
/// assert!(matches!("1/0".parse::<Slice>(), Err(SliceError::NoSlices { .. })));
/// assert!(matches!("half".parse::<Slice>(), Err(SliceError::Syntax { .. })));
/// assert!(matches!("1/99999999999999999999".parse::<Slice>(), Err(SliceError::TooLarge { .. })));
/// assert!(matches!(merge_slices(&[]), Err(SliceError::NoParts)));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SliceError {
    /// Text that is not of the form `i/k`.
    #[error(
        "{text:?} is not a slice: write i/k for slice i of k, counting from 1, \
         for example 1/4 for the first of four"
    )]
    Syntax {
        /// The text.
        text: String,
    },

    /// A split into no slices at all.
    #[error(
        "{text:?}: the number of slices must be at least 1, \
         for example 1/4 for the first of four"
    )]
    NoSlices {
        /// The text.
        text: String,
    },

    /// A slice number outside `1..=count`.
    #[error(
        "there is no slice {index}/{count}: the slices of {count} are numbered from 1, \
         1/{count} to {count}/{count}"
    )]
    IndexOutOfRange {
        /// The slice number given.
        index: usize,
        /// The number of slices.
        count: usize,
    },

    /// `i/k` with a number past `usize::MAX`.
    #[error("{text:?}: a slice's numbers go up to {}", crate::words::grouped(usize::MAX as u128))]
    TooLarge {
        /// The text.
        text: String,
    },

    /// A file could not be read.
    #[error("cannot read the partial result {}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },

    /// Text that is not a partial result.
    #[error("{} is not an nqueens partial result: {reason}", which(.file))]
    Json {
        /// The file, when known.
        file: Option<String>,
        /// What is wrong.
        reason: String,
    },

    /// A partial result of a format version this library cannot read.
    #[error(
        "{} was written by {found}, but this is {} and reads partial format {FORMAT_VERSION} \
         only: merge with the version that wrote it, or count that slice again with this \
         one (format 2's slices held other tasks; a task log that count kept still serves: it \
         holds tasks, not slices)",
        which(.file), current_version()
    )]
    UnsupportedFormat {
        /// The file, when known.
        file: Option<String>,
        /// The version found in it.
        found: String,
    },

    /// Nothing to merge.
    #[error("nothing to merge: give the partial results of all the slices of a count")]
    NoParts,

    /// Two parts of different counts.
    #[error(
        "{file} and {first_file} are parts of different counts: {file} has {value}, \
         {first_file} has {first_value}; merge the parts of one count only"
    )]
    Mismatch {
        /// What differs: `"n"`, `"engine"`, `"version"`, `"total_tasks"` or
        /// `"fingerprint"` (`"slices"` no longer: parts of different splits
        /// merge).
        what: &'static str,
        /// The first part's name.
        first_file: String,
        /// The first part's value, as shown.
        first_value: String,
        /// The differing part's name.
        file: String,
        /// Its value, as shown.
        value: String,
    },

    /// A part whose tasks are not those of its slice.
    #[error(
        "{file}: slice {slice} of a plan of {total_tasks} tasks holds tasks {}..{}, but the file \
         says {}..{}; it was edited or written by a different split. Count the slice again",
        .expected.start, .expected.end, .found.start, .found.end
    )]
    WrongRange {
        /// The part's name.
        file: String,
        /// Its slice.
        slice: Slice,
        /// The tasks it says it counted.
        found: Range<usize>,
        /// The tasks of its slice.
        expected: Range<usize>,
        /// The number of tasks of the plan.
        total_tasks: usize,
    },

    /// A slice given twice.
    #[error("slice {slice} is given twice, in {first_file} and in {file}: give each slice once")]
    DuplicateSlice {
        /// The slice.
        slice: Slice,
        /// The first part holding it.
        first_file: String,
        /// The second.
        file: String,
    },

    /// Some slices are missing.
    #[error(
        "only {given} of the {count} slices {} given: {}; count {} and merge again with \
         the parts given",
        if *.given == 1 { "is" } else { "are" },
        missing_list(.missing, *.missing_count), if *.missing_count == 1 { "it" } else { "them" }
    )]
    MissingSlices {
        /// The first missing slices, in order: at most ten.
        missing: Vec<Slice>,
        /// How many slices are missing.
        missing_count: usize,
        /// How many slices were given.
        given: usize,
        /// How many there should be.
        count: usize,
    },

    /// Two parts (of different slices) hold some of the same tasks.
    #[error(
        "{first_file} (slice {first_slice}, tasks {}) and {file} (slice {slice}, tasks {}) both \
         hold {}: give each task in one part only; {SPLITS}",
        range_of(*.first_slice, *.total_tasks), range_of(*.slice, *.total_tasks),
        tasks_named(.both)
    )]
    Overlap {
        /// The part that starts first.
        first_file: String,
        /// Its slice.
        first_slice: Slice,
        /// The part that starts inside it.
        file: String,
        /// Its slice.
        slice: Slice,
        /// The tasks both hold.
        both: Range<usize>,
        /// How many tasks the plan has.
        total_tasks: usize,
    },

    /// Some tasks are in no part, of parts of several splits.
    #[error(
        "no part holds {} of the plan's {}: count {} and merge again; {SPLITS}",
        gap_list(.missing, *.gap_count, *.missing_tasks),
        crate::words::plural(*.total_tasks as u128, "task", "tasks"),
        gap_advice(.missing, *.gap_count)
    )]
    MissingTasks {
        /// The first ranges of tasks missing, in order: at most ten.
        missing: Vec<Gap>,
        /// How many ranges are missing.
        gap_count: usize,
        /// How many tasks are missing.
        missing_tasks: usize,
        /// How many tasks the plan has.
        total_tasks: usize,
    },

    /// The sum does not fit in 128 bits: a part was edited.
    #[error("the merged counts exceed 128 bits: a partial result was edited")]
    Overflow,
}

impl From<SliceError> for crate::error::Error {
    fn from(e: SliceError) -> Self {
        crate::error::Error::Slice(crate::error::Source::new(e))
    }
}

/// How many missing slices a message names.
const MISSING_SHOWN: usize = 10;

/// What parts merge, said where they do not.
const SPLITS: &str = "the slices of several splits merge when together they hold each task once \
     (slice I/K holds the tasks of slices M(I-1)+1 to MI of MK, so 1/2 is 1/4 and 2/4, and 1/2, \
     3/4 and 4/4 are the whole count)";

/// `0..35`: the tasks of `slice` in a plan of `tasks` tasks.
fn range_of(slice: Slice, tasks: usize) -> String {
    let Range { start, end } = slice.range(tasks);
    format!("{start}..{end}")
}

/// `task 5` or `tasks 5..8`.
fn tasks_named(tasks: &Range<usize>) -> String {
    if tasks.len() == 1 {
        format!("task {}", tasks.start)
    } else {
        format!("tasks {}..{}", tasks.start, tasks.end)
    }
}

/// `tasks 5..8 (slice 3/4)`, `task 3 and tasks 7..9`, `tasks 0..2, 4..6
/// and 7 more ranges (1,204 tasks in all)`: the first gaps of `gap_count`.
fn gap_list(gaps: &[Gap], gap_count: usize, missing_tasks: usize) -> String {
    let names: Vec<String> = gaps.iter().map(Gap::to_string).collect();
    match names.as_slice() {
        [one] if gap_count == 1 => one.clone(),
        names if gap_count > names.len() => format!(
            "{} and {} more ranges ({} in all)",
            names.join(", "),
            crate::words::grouped((gap_count - names.len()) as u128),
            crate::words::plural(missing_tasks as u128, "task", "tasks")
        ),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => String::new(),
    }
}

/// What to count for the gaps: the slices named, or slices that hold the
/// tasks named.
fn gap_advice(gaps: &[Gap], gap_count: usize) -> &'static str {
    let named = gap_count == gaps.len() && gaps.iter().all(|g| g.slices.is_some());
    match gaps {
        [Gap {
            slices: Some((a, b)),
            ..
        }] if named && a == b => "that slice",
        _ if named => "those slices",
        _ => "slices that hold those tasks",
    }
}

/// How messages name a partial result.
fn which(file: &Option<String>) -> String {
    match file {
        Some(f) => f.clone(),
        None => "the text".to_string(),
    }
}

/// `slice 2/4 is missing`, `slices 2/4 and 4/4 are missing`, `slices 1/8,
/// 2/8 and 5/8 are missing`; the first `missing` of `count` in all, at most
/// [`MISSING_SHOWN`], are named.
fn missing_list(missing: &[Slice], count: usize) -> String {
    let names: Vec<String> = missing.iter().map(Slice::to_string).collect();
    let list = match (names.as_slice(), count) {
        ([one], 1) => return format!("slice {one} is missing"),
        (names, m) if m > names.len() => {
            format!("{} and {} more", names.join(", "), m - names.len())
        }
        ([rest @ .., last], _) => format!("{} and {last}", rest.join(", ")),
        ([], _) => String::new(),
    };
    format!("slices {list} are missing")
}

/// Why a line is not a partial result's JSON, said for what it most likely
/// is: a note or error of the count that went into the part with its output
/// (a batch system's job writing both to one file), or a line cut short.
fn not_json(text: &str, e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let start = text.trim_start();
    if start.is_empty() {
        "it is empty".to_string()
    } else if e.classify() == Category::Syntax && !start.starts_with(['{', '[']) {
        let shown: String = start
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(60)
            .collect();
        format!(
            "it is not JSON: it starts {shown:?}, perhaps a note the count wrote to stderr; keep \
             stderr out of the part (`2> part.err`)"
        )
    } else if e.classify() == Category::Eof {
        "its JSON ends early: it was cut short (a job killed while it wrote?)".to_string()
    } else {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::constellation::ConstellationEngine;
    use crate::count::plan::{count_plan, Engine, Plan};

    #[test]
    fn parsing_and_display() {
        for (text, index, count) in [
            ("1/4", 1, 4),
            ("4/4", 4, 4),
            ("1/1", 1, 1),
            (" 12/100 ", 12, 100),
        ] {
            let s: Slice = text.parse().unwrap();
            assert_eq!((s.index, s.count), (index, count), "{text}");
            assert_eq!(s.to_string(), text.trim());
        }
        for text in [
            "x/4", "3", "", "/4", "1/", "1/4/2", "+1/4", "-1/4", "1.5/4", "1/x",
        ] {
            let e = text.parse::<Slice>().unwrap_err();
            assert!(matches!(e, SliceError::Syntax { .. }), "{text}: {e}");
            assert!(
                e.to_string()
                    .contains("for example 1/4 for the first of four"),
                "{e}"
            );
        }
        let e = "1/0".parse::<Slice>().unwrap_err();
        assert!(matches!(e, SliceError::NoSlices { .. }), "{e}");
        assert!(e.to_string().contains("at least 1"), "{e}");
        for text in ["0/4", "5/4"] {
            let e = text.parse::<Slice>().unwrap_err();
            assert!(
                matches!(e, SliceError::IndexOutOfRange { count: 4, .. }),
                "{e}"
            );
            let msg = e.to_string();
            assert!(msg.contains(&format!("there is no slice {text}")), "{msg}");
            assert!(msg.ends_with("numbered from 1, 1/4 to 4/4"), "{msg}");
        }
        assert!(Slice::new(0, 0).is_err());
        assert_eq!(Slice::new(3, 7).unwrap(), Slice { index: 3, count: 7 });
    }

    #[test]
    fn slices_cover_every_task_once_and_are_balanced() {
        for tasks in (0..40).chain([97, 1000, 4937]) {
            for count in (1..=45).chain([100, 999, 5000]) {
                let ranges: Vec<Range<usize>> = Slice::all(count).map(|s| s.range(tasks)).collect();
                assert_eq!(ranges.len(), count);
                let mut next = 0;
                for r in &ranges {
                    assert_eq!(r.start, next, "tasks {tasks}, count {count}");
                    assert!(r.start <= r.end);
                    next = r.end;
                }
                assert_eq!(next, tasks, "tasks {tasks}, count {count}");
                let sizes = ranges.iter().map(ExactSizeIterator::len);
                let (lo, hi) = (sizes.clone().min().unwrap(), sizes.max().unwrap());
                assert!(hi - lo <= 1, "tasks {tasks}, count {count}: {lo}..{hi}");
                assert_eq!(lo, tasks / count);
            }
        }
        assert_eq!(
            Slice { index: 3, count: 3 }.range(usize::MAX).end,
            usize::MAX
        );
    }

    /// Slice i of k holds the tasks of slices m(i - 1) + 1 to mi of mk, for
    /// any number of tasks (the slices of format 2 did not: 1/2 of 10 tasks
    /// was 0..5, 1/4 and 2/4 were 0..3 and 3..6); and the slice said to
    /// hold a task does.
    #[test]
    fn slices_nest_and_each_task_has_its_slice() {
        for tasks in (0..60).chain([97, 293, 1000, 10_000_000]) {
            for count in (1..=13).chain([64, 1000, 1 << 20]) {
                for m in [1, 2, 3, 4, 7] {
                    for index in (1..=count).step_by(count / 13 + 1) {
                        let whole = Slice { index, count }.range(tasks);
                        let first = Slice {
                            index: m * (index - 1) + 1,
                            count: m * count,
                        };
                        let last = Slice {
                            index: m * index,
                            count: m * count,
                        };
                        assert_eq!(
                            first.range(tasks).start..last.range(tasks).end,
                            whole,
                            "tasks {tasks}, {index}/{count}, m {m}"
                        );
                    }
                }
                for task in (0..tasks)
                    .step_by(tasks / 50 + 1)
                    .chain(tasks.checked_sub(1))
                {
                    let index = slice_holding(task, count, tasks);
                    assert!(
                        Slice { index, count }.range(tasks).contains(&task),
                        "tasks {tasks}, count {count}, task {task}: {index}"
                    );
                }
            }
        }
        // No overflow at the largest numbers.
        let (most, half) = (usize::MAX, usize::MAX / 2 + 1);
        assert_eq!(Slice { index: 1, count: 2 }.range(most), 0..half);
        assert_eq!(
            Slice {
                index: most,
                count: most
            }
            .range(most),
            most - 1..most
        );
        assert_eq!(
            Slice {
                index: 3,
                count: most
            }
            .range(7),
            1..1
        );
        assert_eq!(slice_holding(most - 1, most, most), most);
        assert_eq!(slice_holding(6, most, 7), most / 7 * 6 + 1);
    }

    #[test]
    #[should_panic(expected = "invalid slice 0/4")]
    fn range_of_an_invalid_slice_panics() {
        let _ = Slice { index: 0, count: 4 }.range(10);
    }

    fn sample(slice: Slice) -> PartialResult {
        PartialResult::new(
            12,
            "constellation",
            slice,
            50,
            Tally {
                solutions: (1u128 << 100) + 7,
                classes_x8: u128::MAX - 1,
            },
        )
    }

    #[test]
    fn json_round_trip_including_counts_above_64_bits() {
        let part = sample("2/3".parse().unwrap());
        assert_eq!(part.tasks, 17..34);
        let text = part.to_json();
        assert!(!text.contains('\n'));
        assert!(
            text.contains(&format!("\"solutions\":{}", (1u128 << 100) + 7)),
            "{text}"
        );
        assert_eq!(PartialResult::from_json(&text).unwrap(), part);
        assert_eq!(
            PartialResult::from_json(&format!("{text}\n")).unwrap(),
            part
        );
        // Saved by an editor that starts files with a byte-order mark.
        assert_eq!(
            PartialResult::from_json(&format!("\u{feff}{text}\r\n")).unwrap(),
            part
        );
        let expected = format!(
            "{{\"format\":\"nqueens-partial\",\"version\":\"{}\",\"n\":12,\"engine\":\"constellation\",\
             \"slice\":\"2/3\",\"tasks\":[17,34],\"total_tasks\":50,\"solutions\":{},\"classes_x8\":{},\
             \"fingerprint\":\"\"}}",
            current_version(),
            (1u128 << 100) + 7,
            u128::MAX - 1
        );
        assert_eq!(text, reseal(&expected));
        assert!(text.ends_with(&format!(
            ",\"checksum\":\"{:08x}\"}}",
            crc32fast::hash(expected.as_bytes())
        )));
    }

    #[test]
    fn files_round_trip_and_errors_name_them() {
        let dir = std::env::temp_dir().join(format!("nqueens-test-{}-partial", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("part-1.json");
        let part = sample(Slice { index: 1, count: 3 });
        part.save(&path).unwrap();
        assert_eq!(PartialResult::load(&path).unwrap(), part);
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(names.len(), 1, "a temporary file was left behind");

        std::fs::write(&path, "{\"format\":\"nqueens-checkpoint\"}").unwrap();
        let msg = PartialResult::load(&path).unwrap_err().to_string();
        assert!(msg.starts_with(&path.display().to_string()), "{msg}");
        assert!(msg.contains("is not an nqueens partial result"), "{msg}");

        // A task log given by mistake is named by its format (its header's
        // version is a number, and its task lines follow: the parser's own
        // words were said instead).
        let mut log =
            crate::count::task_log::TaskLog::new(10, "constellation", 293, "14e3e9a9b0748779");
        let line = log.record(3, Tally::default()).unwrap();
        std::fs::write(&path, format!("{}{line}", log.header_line())).unwrap();
        let msg = PartialResult::load(&path).unwrap_err().to_string();
        assert!(
            msg.ends_with("its format is \"nqueens-task-log\", not \"nqueens-partial\" (two task logs are compared with `merge --compare A B`)"),
            "{msg}"
        );

        let e = PartialResult::load(&dir.join("none.json")).unwrap_err();
        assert!(matches!(e, SliceError::Io { .. }), "{e}");
        assert!(e.to_string().contains("none.json"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_json_is_refused() {
        let good = sample(Slice { index: 1, count: 3 }).to_json();
        let cases = [
            ("", "it is empty"),
            ("[1,2]", "not an nqueens partial result"),
            ("{\"n\":3}", "no \"format\""),
            (&good[..good.len() - 5], "ends early: it was cut short"),
            (
                &format!("note: counting n = 12 takes roughly 1s\n{good}"),
                "it starts \"note: counting n = 12 takes roughly 1s\", perhaps a note",
            ),
            (
                &reseal(&good.replace("\"slice\":\"1/3\"", "\"slice\":\"0/3\"")),
                "there is no slice 0/3",
            ),
            (
                &reseal(&good.replace("\"n\":12", "\"n\":-12")),
                "invalid value",
            ),
            (
                &reseal(&good.replace(",\"total_tasks\":50", "")),
                "missing field `total_tasks`",
            ),
            (
                &reseal(&good.replace(",\"fingerprint\"", ",\"extra\":1,\"fingerprint\"")),
                "unknown field `extra`",
            ),
            (&format!("{good} x"), "trailing characters"),
            // Edited without the checksum to match: one digit, another n.
            (
                &good.replacen("\"solutions\":12", "\"solutions\":13", 1),
                "edited or damaged",
            ),
            (&good.replace("\"n\":12", "\"n\":13"), "edited or damaged"),
            (
                &good.replace(",\"checksum\"", ",\"checksun\""),
                "cut short or edited",
            ),
        ];
        for (text, words) in cases {
            let e = PartialResult::from_json(text).unwrap_err();
            assert!(matches!(e, SliceError::Json { .. }), "{text}: {e}");
            assert!(e.to_string().contains(words), "{text}: {e}");
            // The checksum that would seal an edited part is not given away.
            if words == "edited or damaged" {
                let sealed = reseal(text);
                let sealing = &sealed[sealed.len() - 10..sealed.len() - 2];
                assert!(!e.to_string().contains(sealing), "{text}: {e}");
            }
        }
        // Format 2 split the tasks otherwise: its parts are refused.
        for other in ["2", "4"] {
            let text = good.replace("partial format 3", &format!("partial format {other}"));
            let e = PartialResult::from_json(&text).unwrap_err();
            assert!(matches!(e, SliceError::UnsupportedFormat { .. }), "{e}");
            assert!(e.to_string().contains("reads partial format 3 only"), "{e}");
        }
    }

    #[test]
    fn a_part_laid_out_again_reads_the_same() {
        let part = sample(Slice { index: 2, count: 3 });
        let good = part.to_json();
        // As `jq .` and Python's `json.dump(indent=2)` lay it out.
        let pretty = lay_out(&good);
        assert!(pretty.lines().count() > 10, "{pretty}");
        assert_eq!(PartialResult::from_json(&pretty).unwrap(), part);
        assert_eq!(
            PartialResult::from_json(&format!("\n  {good}\n\n")).unwrap(),
            part
        );
        // A value changed in the laid-out text is still refused.
        let edited = pretty.replacen("\"n\": 12", "\"n\": 13", 1);
        assert_ne!(edited, pretty);
        let e = PartialResult::from_json(&edited).unwrap_err().to_string();
        assert!(e.contains("edited or damaged"), "{e}");
        // And one without its checksum.
        let at = pretty.rfind(",\n  \"checksum\"").unwrap();
        let e = PartialResult::from_json(&format!("{}\n}}", &pretty[..at]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("no \"checksum\""), "{e}");
    }

    /// `text` laid out as `jq .` does: a line a field, two spaces a level.
    fn lay_out(text: &str) -> String {
        let (mut out, mut depth, mut quoted) = (String::new(), 0usize, false);
        let newline = |out: &mut String, depth: usize| {
            out.push('\n');
            out.push_str(&"  ".repeat(depth));
        };
        for c in text.chars() {
            match c {
                '"' => {
                    quoted = !quoted;
                    out.push(c);
                }
                _ if quoted => out.push(c),
                '{' | '[' => {
                    depth += 1;
                    out.push(c);
                    newline(&mut out, depth);
                }
                '}' | ']' => {
                    depth -= 1;
                    newline(&mut out, depth);
                    out.push(c);
                }
                ',' => {
                    out.push(c);
                    newline(&mut out, depth);
                }
                ':' => out.push_str(": "),
                _ => out.push(c),
            }
        }
        out
    }

    /// `text` with its checksum made to match its contents again.
    fn reseal(text: &str) -> String {
        let body = match split_checksum(text) {
            Some((body, _)) => body,
            None => text.to_string(),
        };
        let crc = crc32fast::hash(body.as_bytes());
        format!("{},\"checksum\":\"{crc:08x}\"}}", &body[..body.len() - 1])
    }

    #[test]
    fn hostile_files_are_refused_at_once() {
        let e = PartialResult::read(std::io::repeat(b'{'), "endless").unwrap_err();
        assert!(e.to_string().contains("over 64 KiB"), "{e}");
        let e = PartialResult::read(&[0u8, 159, 146, 150][..], "binary").unwrap_err();
        assert!(e.to_string().contains("not text"), "{e}");
    }

    /// The parts of a real count, as a job array would write them.
    fn parts_of(plan: &dyn Plan, count: usize) -> Vec<(String, PartialResult)> {
        Slice::all(count)
            .map(|slice| {
                let tally = slice.range(plan.len()).map(|i| plan.count(i)).sum();
                let part = PartialResult::new(plan.n(), "constellation", slice, plan.len(), tally);
                let text = part.to_json();
                let name = format!("part-{}-of-{count}.json", slice.index);
                (name, PartialResult::from_json(&text).unwrap())
            })
            .collect()
    }

    #[test]
    fn merging_all_slices_gives_the_whole_count() {
        let plan = ConstellationEngine.plan(10).unwrap();
        let whole = count_plan(plan.as_ref());
        assert_eq!((whole.solutions, whole.unique()), (724, Some(92)));
        let len = plan.len();
        for count in [1, 2, 3, 4, 7, len, len + 3] {
            let mut parts = parts_of(plan.as_ref(), count);
            parts.reverse(); // any order
            let merged = merge(&parts).unwrap();
            assert_eq!(merged.tally, whole, "{count} slices");
            assert_eq!(merged.tally.classes_x8 / 8, 92);
            assert_eq!(
                (merged.n, merged.slices, merged.total_tasks),
                (10, count, len)
            );
            assert_eq!(merged.engine, "constellation");
            assert_eq!(merged.version, current_version());
        }
    }

    /// A part of slice 1 of 2^40 (which `count --slice` writes) is refused
    /// at once, naming ten missing slices (those that hold tasks): memory
    /// does not grow with the number of slices.
    #[test]
    fn a_merge_of_very_many_slices_names_ten_missing() {
        let plan = ConstellationEngine.plan(8).unwrap();
        let (count, tasks) = (1usize << 40, plan.len());
        let slice = Slice::new(1, count).unwrap();
        let tally = slice.range(tasks).map(|i| plan.count(i)).sum();
        let part = PartialResult::new(8, "constellation", slice, tasks, tally);
        let part = PartialResult::from_json(&part.to_json()).unwrap();
        let e = merge(&[("one.json".to_string(), part)]).unwrap_err();
        let SliceError::MissingSlices {
            ref missing,
            missing_count,
            given,
            ..
        } = e
        else {
            panic!("{e}")
        };
        // Each slice that holds a task holds one: task t is in slice
        // t·2^40/tasks + 1.
        assert_eq!((missing.len(), missing_count, given), (10, tasks - 1, 1));
        let second = format!("slices {}/1099511627776, ", count / tasks + 1);
        assert!(e.to_string().contains(&second), "{e}");
        assert!(
            e.to_string().contains(&format!("and {} more", tasks - 11)),
            "{e}"
        );
    }

    /// Parts given by their slices alone, of a plan of `tasks` tasks.
    fn parts_by_slice(tasks: usize, slices: &[(usize, usize)]) -> Vec<(String, PartialResult)> {
        slices
            .iter()
            .map(|&(index, count)| {
                let slice = Slice::new(index, count).unwrap();
                // One solution a task, so that the sum says how many.
                let tally = Tally {
                    solutions: slice.range(tasks).len() as u128,
                    classes_x8: 0,
                };
                let part = PartialResult::new(12, "constellation", slice, tasks, tally);
                (format!("{index}-of-{count}.json"), part)
            })
            .collect()
    }

    /// The parts of several splits merge exactly when together they hold
    /// each task once: every choice of slices of splits into 1 to 4 and 6
    /// slices of plans of 0 to 13 tasks, checked task by task.
    #[test]
    fn parts_of_several_splits_merge_when_they_hold_each_task_once() {
        let all: Vec<(usize, usize)> = [1, 2, 3, 4, 6]
            .into_iter()
            .flat_map(|k| (1..=k).map(move |i| (i, k)))
            .collect();
        assert_eq!(all.len(), 16);
        for tasks in 0..14 {
            for chosen in 1u32..1 << all.len() {
                let slices: Vec<(usize, usize)> = (0..all.len())
                    .filter(|&b| chosen & 1 << b != 0)
                    .map(|b| all[b])
                    .collect();
                let parts = parts_by_slice(tasks, &slices);
                let mut held = vec![0; tasks];
                for (_, p) in &parts {
                    for t in p.tasks.clone() {
                        held[t] += 1;
                    }
                }
                let once = held.iter().all(|&h| h == 1);
                match merge(&parts) {
                    Ok(m) => {
                        assert!(once, "{tasks} tasks, {slices:?}: {held:?}");
                        assert_eq!(m.tally.solutions, tasks as u128);
                        assert_eq!(m.slices, slices.len());
                    }
                    Err(e) => {
                        assert!(!once, "{tasks} tasks, {slices:?}: {e}");
                        let overlap = held.iter().any(|&h| h > 1);
                        assert_eq!(
                            matches!(e, SliceError::Overlap { .. }),
                            overlap,
                            "{tasks} tasks, {slices:?}: {e}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn overlaps_and_gaps_of_several_splits_are_named() {
        // Half, then the other half in quarters: for any number of tasks
        // (10 is 2 mod 4, where format 2's slices did not nest).
        for tasks in [10, 11, 12, 13, 293, 10_000_000] {
            let parts = parts_by_slice(tasks, &[(3, 4), (1, 2), (4, 4)]);
            let m = merge(&parts).unwrap();
            assert_eq!((m.tally.solutions, m.slices), (tasks as u128, 3));
        }
        let e = merge(&parts_by_slice(10, &[(1, 2), (2, 4), (2, 2)])).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "1-of-2.json (slice 1/2, tasks 0..5) and 2-of-4.json (slice 2/4, tasks 3..5) both \
                 hold tasks 3..5: give each task in one part only; {SPLITS}"
            )
        );
        let e = merge(&parts_by_slice(10, &[(1, 2), (4, 4)])).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "no part holds tasks 5..8 (slice 3/4) of the plan's 10 tasks: count that slice \
                 and merge again; {SPLITS}"
            )
        );
        // The fewest slices: of the split before, after, or of both.
        let e = merge(&parts_by_slice(12, &[(1, 3), (5, 6), (6, 6)])).unwrap_err();
        assert!(e.to_string().contains("tasks 4..8 (slice 2/3) of"), "{e}");
        let e = merge(&parts_by_slice(12, &[(1, 3), (3, 4), (4, 4)])).unwrap_err();
        assert!(
            e.to_string()
                .contains("tasks 4..6 (slices 5/12 to 6/12) of"),
            "{e}"
        );
        let e = merge(&parts_by_slice(12, &[(1, 2), (3, 4), (11, 12)])).unwrap_err();
        assert!(
            e.to_string().starts_with(
                "no part holds task 9 (slice 10/12) and task 11 (slice 12/12) of the plan's 12 \
                 tasks: count those slices and merge again;"
            ),
            "{e}"
        );
        // Many gaps: the first ten, and how many more.
        let mut slices: Vec<(usize, usize)> = (2..=40).step_by(2).map(|i| (i, 40)).collect();
        slices.push((1, 80));
        let e = merge(&parts_by_slice(1000, &slices)).unwrap_err();
        let SliceError::MissingTasks {
            ref missing,
            gap_count,
            missing_tasks,
            total_tasks,
        } = e
        else {
            panic!("{e}")
        };
        assert_eq!(
            (missing.len(), gap_count, missing_tasks, total_tasks),
            (10, 20, 12 + 19 * 25, 1000)
        );
        assert_eq!(missing[0].to_string(), "tasks 13..25 (slice 2/80)");
        assert_eq!(missing[1].to_string(), "tasks 50..75 (slice 3/40)");
        assert!(
            e.to_string().contains(
                "and 10 more ranges (487 tasks in all) of the plan's 1,000 tasks: count \
                           slices that hold those tasks and merge again"
            ),
            "{e}"
        );
        // A split into more slices than there are tasks: the empty slices
        // may be left out, but not given twice.
        let held: Vec<(usize, usize)> = (1..=8)
            .map(|i| (i, 8))
            .filter(|&(i, k)| !Slice { index: i, count: k }.range(3).is_empty())
            .collect();
        assert_eq!(held, [(1, 8), (3, 8), (6, 8)]);
        assert_eq!(merge(&parts_by_slice(3, &held)).unwrap().tally.solutions, 3);
        let e = merge(&parts_by_slice(3, &[(1, 1), (2, 8), (2, 8)])).unwrap_err();
        assert!(matches!(e, SliceError::DuplicateSlice { .. }), "{e}");
        // Of one split: the slices missing, counted without a list of all.
        let e = merge(&parts_by_slice(10, &[(2, 5), (4, 5)])).unwrap_err();
        assert!(
            e.to_string()
                .contains("only 2 of the 5 slices are given: slices 1/5, 3/5 and 5/5 are missing"),
            "{e}"
        );
        // The last of 2^40 slices of ten million tasks holds none.
        let count = 1 << 40;
        let e = merge(&parts_by_slice(10_000_000, &[(count, count)])).unwrap_err();
        assert!(e.to_string().contains("only 1 of the 1099511627776 slices is given: slices 1/1099511627776, 109952/1099511627776,"), "{e}");
        assert!(
            e.to_string().contains("and 9999990 more are missing"),
            "{e}"
        );
    }

    #[test]
    fn merge_refuses_missing_duplicated_and_mismatched_parts() {
        let plan = ConstellationEngine.plan(10).unwrap();
        let parts = parts_of(plan.as_ref(), 4);

        let e = merge(&[]).unwrap_err();
        assert!(matches!(e, SliceError::NoParts));
        assert!(e.to_string().contains("nothing to merge"));

        let some = [parts[0].clone(), parts[2].clone()];
        let e = merge(&some).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("only 2 of the 4 slices are given"), "{msg}");
        assert!(msg.contains("slices 2/4 and 4/4 are missing"), "{msg}");
        let e = merge(&parts[..3]).unwrap_err().to_string();
        assert!(e.contains("slice 4/4 is missing; count it"), "{e}");

        let big = parts_of(plan.as_ref(), 20);
        let e = merge(&big[..1]).unwrap_err().to_string();
        assert!(e.contains("only 1 of the 20 slices is given"), "{e}");
        assert!(
            e.contains("slices 2/20, 3/20, 4/20, 5/20, 6/20, 7/20, 8/20, 9/20, 10/20, 11/20 and 9 more are missing"),
            "{e}"
        );
        let e = merge(&[big[0].clone(), big[4].clone(), big[9].clone()]).unwrap_err();
        let SliceError::MissingSlices {
            missing,
            missing_count,
            given,
            count,
        } = e
        else {
            panic!("{e}")
        };
        assert_eq!(
            (missing.len(), missing_count, given, count),
            (10, 17, 3, 20)
        );

        let mut twice = parts.clone();
        twice.push(("copy.json".to_string(), parts[1].1.clone()));
        let msg = merge(&twice).unwrap_err().to_string();
        assert_eq!(
            msg,
            "slice 2/4 is given twice, in part-2-of-4.json and in copy.json: give each slice once"
        );

        let mismatched = |edit: fn(&mut PartialResult)| {
            let mut parts = parts.clone();
            edit(&mut parts[2].1);
            merge(&parts).unwrap_err()
        };
        let e = mismatched(|p| p.n = 11);
        assert!(matches!(e, SliceError::Mismatch { what: "n", .. }), "{e}");
        assert_eq!(
            e.to_string(),
            "part-3-of-4.json and part-1-of-4.json are parts of different counts: \
             part-3-of-4.json has n = 11, part-1-of-4.json has n = 10; merge the parts of one count only"
        );
        let e = mismatched(|p| p.engine = "simple".to_string());
        assert!(
            e.to_string()
                .contains("has the simple engine, part-1-of-4.json has the constellation engine"),
            "{e}"
        );
        let e = mismatched(|p| p.version = "nqueens 0.0.1, partial format 1".to_string());
        assert!(
            matches!(
                e,
                SliceError::Mismatch {
                    what: "version",
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("nqueens 0.0.1"), "{e}");
        // Another split is no mismatch, but its slice holds other tasks.
        let e = mismatched(|p| p.slice.count = 5);
        assert!(matches!(e, SliceError::WrongRange { .. }), "{e}");
        assert!(e.to_string().contains("slice 3/5 of a plan of"), "{e}");
        let e = mismatched(|p| p.total_tasks += 1);
        assert!(
            matches!(
                e,
                SliceError::Mismatch {
                    what: "total_tasks",
                    ..
                }
            ),
            "{e}"
        );
        // A part of another plan of the same count (same n, engine, version
        // and tasks, another fingerprint) holds other tasks.
        let e = mismatched(|p| p.fingerprint = "0123456789abcdef".to_string());
        assert!(
            matches!(
                e,
                SliceError::Mismatch {
                    what: "fingerprint",
                    ..
                }
            ),
            "{e}"
        );
        assert!(
            e.to_string().contains(
                "part-3-of-4.json has the plan with fingerprint \"0123456789abcdef\", \
                 part-1-of-4.json has the plan with fingerprint \"\""
            ),
            "{e}"
        );
        let e = mismatched(|p| p.tasks.end -= 1);
        assert!(matches!(e, SliceError::WrongRange { .. }), "{e}");
        let msg = e.to_string();
        assert!(
            msg.starts_with("part-3-of-4.json: slice 3/4 of a plan of"),
            "{msg}"
        );
        let e = mismatched(|p| p.slice.index = 9);
        assert!(e.to_string().contains("there is no slice 9/4"), "{e}");
        let e = mismatched(|p| p.tally.solutions = u128::MAX);
        assert!(matches!(e, SliceError::Overflow), "{e}");
    }
}
