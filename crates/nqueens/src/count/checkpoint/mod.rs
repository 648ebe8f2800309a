//! Checkpoint files: resuming a killed count with exactly the same total.
//!
//! A long count (n = 20 takes hours, n = 24 months of CPU time) gets killed:
//! by a batch system's time limit, a reboot, Ctrl-C. Because a count is a
//! deterministic [plan](super::plan) of tasks named by their index, it is
//! enough to remember which tasks are finished and what each one counted. A
//! resumed run counts only the [pending](Checkpoint::pending) tasks and adds
//! the recorded ones, so the total is exactly the total of an uninterrupted
//! run: no task is lost and none is counted twice.
//!
//! That only holds if the resumed run has the same plan, so a checkpoint names
//! the board size, the engine, the number of tasks and the version of this
//! library that wrote it, and [`Checkpoint::check_matches`] refuses a
//! checkpoint that differs in any of them (plans may change between
//! versions). The refusal says what differs and what to do: use another file,
//! or delete this one to start over.
//!
//! # Saving is atomic
//!
//! [`Checkpoint::save`] never leaves a half-written checkpoint, even if the
//! process is killed or the machine loses power while saving: it writes the
//! whole file under a temporary name in the same directory (the name plus
//! `.tmp.` and the process id), flushes it to the disk (`fsync`), renames it
//! over the old checkpoint (a rename within a directory replaces the file in
//! one step: readers see the old file or the new one, never a mix), and then
//! flushes the directory so that the rename itself survives a crash. A
//! killed run therefore finds either its previous checkpoint or the new one.
//! One process (one thread) should save a given checkpoint at a time: a
//! [`CheckpointFile`] holds the file locked for one run (see
//! `file_lock.rs`), refusing a second, and a failed save (a full disk) says
//! what the file still holds. An empty file (created, then the machine died
//! before the first save) is used as a new checkpoint.
//!
//! # The file format
//!
//! Text, so that a person can read it, one line each, every line ending with
//! a newline:
//!
//! - line 1, a header: a JSON object with `format` (always
//!   `"nqueens-checkpoint"`), `version` (see [`current_version`]), `n`,
//!   `engine`, `tasks` (how many tasks the plan has) and `fingerprint` (the
//!   plan's [fingerprint](super::plan::plan_fingerprint));
//! - then one line per finished task: its index, its number of solutions and
//!   its eight-times-classes contribution ([`Tally::classes_x8`]), as decimal
//!   numbers separated by a space. [`Checkpoint::save`] writes them in
//!   ascending order of the index;
//! - last, `end`, the number of task lines and the CRC-32 of every byte
//!   above it, in hexadecimal.
//!
//! ```text
//! {"format":"nqueens-checkpoint","version":"nqueens 0.1.0, checkpoint format 2","n":10,"engine":"constellation","tasks":293,"fingerprint":"14e3e9a9b0748779"}
//! 0 0 0
//! 1 24 24
//! 4 8 8
//! end 3 5e925b87
//! ```
//!
//! (Tasks 0, 1 and 4 of the 293 of the constellation plan for n = 10 are
//! finished; the other 290 are pending.)
//!
//! Loading reads no more than a checkpoint of its header's plan can hold
//! (so `/dev/zero` or a huge file is refused at once), and refuses, naming
//! the file and the line: a missing or malformed header, a line that is not
//! three whole numbers, an index outside the plan, an index that appears
//! twice, totals too large for 128 bits, and any file whose `end` line is
//! missing (cut short) or does not match the lines above it: one changed
//! digit, a dropped, added or reordered line. Resuming also refuses another
//! n, engine, version, number of tasks or plan fingerprint. A partially
//! written file cannot come from [`Checkpoint::save`], but a hand-edited,
//! damaged or copied one can.
//!
//! ```
//! use nqueens::Checkpoint;
//! use nqueens::Tally;
//!
//! let mut ck = Checkpoint::new(10, "constellation", 4);
//! ck.record(2, Tally { solutions: 100, classes_x8: 96 });
//! assert_eq!(ck.pending(), vec![0, 1, 3]);
//!
//! let again = Checkpoint::parse(&ck.to_text())?;
//! assert_eq!(again, ck);
//! again.check_matches(10, "constellation", 4)?;
//! assert!(again.check_matches(11, "constellation", 4).is_err());
//! # Ok::<(), nqueens::CheckpointError>(())
//! ```

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use super::bounded_file;
use super::file_lock;
use super::plan::beyond_any_plan;
use crate::sink::tally::Tally;

/// The longest header line read.
const HEADER_MAX: usize = 4096;
/// The longest task line: an index and two 128-bit numbers.
const LINE_MAX: usize = 128;

/// The value of the header's `format` field.
pub const FORMAT_NAME: &str = "nqueens-checkpoint";

/// The version of the file format; it changes when the layout of the file
/// changes.
pub const FORMAT_VERSION: u32 = 2;

/// The `version` this library writes into checkpoints and expects to find:
/// its own version and the format version, for example
/// `"nqueens 0.1.0, checkpoint format 2"`.
///
/// ```
/// assert!(nqueens::checkpoint_version().ends_with("checkpoint format 2"));
/// ```
pub fn current_version() -> String {
    format!(
        "nqueens {}, checkpoint format {FORMAT_VERSION}",
        env!("CARGO_PKG_VERSION")
    )
}

/// The finished tasks of one count: which ones, and what each counted.
///
/// Why, and the file format: the docs of `src/count/checkpoint/mod.rs`.
///
/// # Examples
///
/// A run that saves its work after 100 tasks, and a resumed run that counts
/// only the pending ones:
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{plan_fingerprint, run_plan, Checkpoint, ConstellationEngine, Engine, Quiet};
///
/// let plan = ConstellationEngine.plan(10)?;
/// let fingerprint = plan_fingerprint(plan.as_ref());
/// let path = std::env::temp_dir()
///     .join(format!("nqueens-doc-checkpoint-{}.txt", std::process::id()));
/// # let _ = std::fs::remove_file(&path);
///
/// let mut ck = Checkpoint::load_or_new(&path, 10, "constellation", plan.len())?
///     .with_fingerprint(&fingerprint);
/// for i in 0..100 {
///     ck.record(i, plan.count(i));
/// }
/// ck.save(&path)?;
///
/// // Later, perhaps in another process:
/// let resumed = Checkpoint::load_or_new(&path, 10, "constellation", plan.len())?;
/// resumed.check_fingerprint(&fingerprint)?;
/// assert_eq!(resumed, ck);
/// assert_eq!(resumed.done_count(), 100);
/// let pending = resumed.pending();
/// assert_eq!(pending.len(), plan.len() - 100);
/// let rest = run_plan(plan.as_ref(), &pending, 2, &AtomicBool::new(false), &mut Quiet);
/// let total = resumed.total() + rest.tally;
/// assert_eq!((total.solutions, total.unique()), (724, Some(92)));
/// std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Checkpoint {
    /// The board size.
    pub n: usize,
    /// The engine's name ([`Engine::name`](super::plan::Engine::name)).
    pub engine: String,
    /// The library and format version that wrote it ([`current_version`] for
    /// a new one).
    pub version: String,
    /// How many tasks the plan has ([`Plan::len`](super::plan::Plan::len)).
    pub tasks: usize,
    /// The plan's [fingerprint](super::plan::plan_fingerprint) (empty when
    /// not given).
    pub fingerprint: String,
    /// The finished tasks, by index.
    done: BTreeMap<usize, Tally>,
    /// The file it was loaded from, for messages.
    loaded_from: Option<PathBuf>,
}

/// Two checkpoints are equal when they record the same count and the same
/// finished tasks, wherever they were loaded from.
impl PartialEq for Checkpoint {
    fn eq(&self, other: &Self) -> bool {
        self.n == other.n
            && self.engine == other.engine
            && self.version == other.version
            && self.tasks == other.tasks
            && self.fingerprint == other.fingerprint
            && self.done == other.done
    }
}

impl Eq for Checkpoint {}

/// What can be wrong with a checkpoint. The messages are meant to be shown to
/// people as they are.
///
/// # Examples
///
/// ```
/// use nqueens::{Checkpoint, CheckpointError};
///
/// let ck = Checkpoint::new(10, "constellation", 293);
///
/// // Resuming a count of another board is refused, saying what to do.
/// let err = ck.check_matches(11, "constellation", 293).unwrap_err();
/// assert!(matches!(err, CheckpointError::WrongN { found: 10, expected: 11, .. }));
/// assert!(err.to_string().contains("delete this one to start over"));
///
/// // A file that lost its last line (the `end` line) was cut short.
/// let text = ck.to_text();
/// let header = &text[..=text.find('\n').unwrap()];
/// let err = Checkpoint::parse(header).unwrap_err();
/// assert!(matches!(err, CheckpointError::Malformed { line: 2, .. }));
/// assert!(err.to_string().contains("cut short"));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// The file exists but could not be read.
    #[error("cannot read the checkpoint file {}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },

    /// A line of the file is not what the format says.
    #[error("{}, line {line}: {reason}", which(.path))]
    Malformed {
        /// The file, when the checkpoint came from one.
        path: Option<PathBuf>,
        /// The line, counting from 1 (the header is line 1).
        line: usize,
        /// What is wrong with it.
        reason: String,
    },

    /// The same task appears on two lines.
    #[error(
        "{}, line {line}: task {index} is recorded twice (first on line {first_line}); \
         the file was edited by hand or joined from two files. Fix or delete it",
        which(.path)
    )]
    DuplicateTask {
        /// The file, when the checkpoint came from one.
        path: Option<PathBuf>,
        /// The line of the second occurrence.
        line: usize,
        /// The first line the task appears on.
        first_line: usize,
        /// The task's index.
        index: usize,
    },

    /// A task index that the plan does not have.
    #[error(
        "{}, line {line}: there is no task {index}: the plan has {} tasks, numbered 0 to {}",
        which(.path), crate::words::grouped(*.tasks as u128), .tasks.saturating_sub(1)
    )]
    TaskOutOfRange {
        /// The file, when the checkpoint came from one.
        path: Option<PathBuf>,
        /// The line.
        line: usize,
        /// The index found there.
        index: u128,
        /// How many tasks the header says the plan has.
        tasks: usize,
    },

    /// The file was written in a format this version cannot read.
    #[error(
        "{} was written by {found}, but this is {} and reads checkpoint format {FORMAT_VERSION} \
         only: finish the count with the version that wrote it, or delete the file to start over",
        which(.path), current_version()
    )]
    UnsupportedFormat {
        /// The file, when the checkpoint came from one.
        path: Option<PathBuf>,
        /// The `version` found in the header.
        found: String,
    },

    /// The checkpoint is for another board size.
    #[error(
        "{} is for n = {found}, not n = {expected}: give another checkpoint file for this count, \
         or delete this one to start over",
        which(.path)
    )]
    WrongN {
        /// The file, when the checkpoint came from one.
        path: Option<PathBuf>,
        /// The checkpoint's n.
        found: usize,
        /// The count's n.
        expected: usize,
    },

    /// The checkpoint was written by another engine, whose tasks differ.
    #[error(
        "{} was written by the {found} engine, not the {expected} engine, and their tasks differ: \
         resume with the {found} engine, give another checkpoint file, or delete this one to \
         start over",
        which(.path)
    )]
    WrongEngine {
        /// The file, when the checkpoint came from one.
        path: Option<PathBuf>,
        /// The checkpoint's engine.
        found: String,
        /// The count's engine.
        expected: String,
    },

    /// The checkpoint was written by another version of the library, whose
    /// plan may differ.
    #[error(
        "{} was written by {found}, but this is {expected}; plans may change between versions, \
         so its tasks cannot be trusted: finish the count with the version that wrote it, give \
         another checkpoint file, or delete this one to start over",
        which(.path)
    )]
    WrongVersion {
        /// The file, when the checkpoint came from one.
        path: Option<PathBuf>,
        /// The checkpoint's version.
        found: String,
        /// This library's version.
        expected: String,
    },

    /// The checkpoint was written for another plan (its fingerprint differs).
    #[error(
        "{} was written for another plan of this count (fingerprint {found}, this run's is \
         {expected}): its tasks are not this run's. Delete it to start over",
        which(.path)
    )]
    WrongPlan {
        /// The file, when the checkpoint came from one.
        path: Option<PathBuf>,
        /// The checkpoint's fingerprint.
        found: String,
        /// The plan's.
        expected: String,
    },

    /// The file is larger than a checkpoint of its plan can be.
    #[error(
        "{} is larger than a checkpoint of {} tasks can be ({} bytes): it is not one, or it \
         was damaged",
        which(.path), crate::words::grouped(*.tasks as u128), crate::words::grouped(u128::from(*.limit))
    )]
    TooLarge {
        /// The file.
        path: Option<PathBuf>,
        /// The tasks its header names.
        tasks: usize,
        /// The most bytes such a checkpoint takes.
        limit: u64,
    },

    /// Another run holds the file: it is counting with this checkpoint now.
    #[error(
        "another run holds the checkpoint file {} (it is locked): two runs saving one checkpoint \
         would overwrite each other's work. Wait for that run to finish, or give another file",
        .path.display()
    )]
    Locked {
        /// The file.
        path: PathBuf,
    },

    /// A save failed (a full disk, say); the file still holds its last save.
    #[error(
        "cannot save the checkpoint file {}: {source}; {}",
        .path.display(),
        match .kept {
            Some((done, tasks)) => format!(
                "the file still holds the state at {} of {} tasks, from its last save",
                crate::words::grouped(*done as u128),
                crate::words::grouped(*tasks as u128)
            ),
            None => "nothing was saved in it yet".to_string(),
        }
    )]
    Save {
        /// The file.
        path: PathBuf,
        /// What the file still holds: finished tasks and tasks of the plan,
        /// or `None` if nothing was saved yet.
        kept: Option<(usize, usize)>,
        /// What the system said.
        source: io::Error,
    },

    /// The checkpoint says the plan has another number of tasks.
    #[error(
        "{} says the plan has {found} tasks, but the {engine} plan for n = {n} has {expected}: \
         the file does not belong to this count. Give another checkpoint file, or delete this \
         one to start over",
        which(.path)
    )]
    WrongTasks {
        /// The file, when the checkpoint came from one.
        path: Option<PathBuf>,
        /// The board size.
        n: usize,
        /// The engine.
        engine: String,
        /// The checkpoint's task count.
        found: usize,
        /// The plan's task count.
        expected: usize,
    },
}

impl From<CheckpointError> for crate::error::Error {
    fn from(e: CheckpointError) -> Self {
        crate::error::Error::Checkpoint(crate::error::Source::new(e))
    }
}

/// How messages name a checkpoint.
fn which(path: &Option<PathBuf>) -> String {
    match path {
        Some(p) => format!("the checkpoint file {}", p.display()),
        None => "the checkpoint".to_string(),
    }
}

/// The header line, as written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    format: String,
    version: String,
    n: usize,
    engine: String,
    tasks: usize,
    fingerprint: String,
}

/// The first look at a header: which format, which version; nothing else.
#[derive(Deserialize)]
struct Probe {
    format: Option<String>,
    /// Any JSON value, so that the format is looked at first: a task log's
    /// header has a number here (serde named the type, not the file).
    version: Option<serde_json::Value>,
}

impl Checkpoint {
    /// An empty checkpoint (no task finished) for a count of `n` with
    /// `engine`, whose plan has `tasks` tasks, written by this version.
    pub fn new(n: usize, engine: &str, tasks: usize) -> Self {
        Checkpoint {
            n,
            engine: engine.to_string(),
            version: current_version(),
            tasks,
            fingerprint: String::new(),
            done: BTreeMap::new(),
            loaded_from: None,
        }
    }

    /// The same checkpoint, for the plan with this
    /// [fingerprint](super::plan::plan_fingerprint).
    #[must_use]
    pub fn with_fingerprint(mut self, fingerprint: &str) -> Self {
        self.fingerprint = fingerprint.to_string();
        self
    }

    /// Refuses a checkpoint written for another plan.
    ///
    /// # Errors
    /// [`CheckpointError::WrongPlan`].
    pub fn check_fingerprint(&self, expected: &str) -> Result<(), CheckpointError> {
        if self.fingerprint == expected {
            return Ok(());
        }
        Err(CheckpointError::WrongPlan {
            path: self.loaded_from.clone(),
            found: self.fingerprint.clone(),
            expected: expected.to_string(),
        })
    }

    /// Reads the checkpoint at `path`; `Ok(None)` when there is no such file.
    ///
    /// The checkpoint may belong to another count: call
    /// [`check_matches`](Self::check_matches) before resuming from it, or use
    /// [`load_or_new`](Self::load_or_new).
    ///
    /// # Errors
    /// [`CheckpointError::Io`] when the file cannot be read,
    /// [`CheckpointError::UnsupportedFormat`], and the errors of
    /// [`parse`](Self::parse) for its contents, naming the file.
    pub fn load(path: &Path) -> Result<Option<Checkpoint>, CheckpointError> {
        let io = |source| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        };
        // Bounded: the header (at most HEADER_MAX bytes) says how many tasks
        // the plan has, and so how long the file can be.
        let Some(mut file) = bounded_file::open(path, HEADER_MAX).map_err(io)? else {
            return Ok(None);
        };
        let tasks = match serde_json::from_slice::<Header>(&file.bytes) {
            Ok(header) => match beyond_any_plan(header.tasks, "checkpoint") {
                Some(reason) => {
                    return Err(CheckpointError::Malformed {
                        path: Some(path.to_path_buf()),
                        line: 1,
                        reason,
                    })
                }
                None => header.tasks,
            },
            // Not a checkpoint's header: its first line alone says so (the
            // size of what follows would blame the wrong thing).
            Err(_) if file.bytes.len() >= HEADER_MAX => {
                return Err(CheckpointError::Malformed {
                    path: Some(path.to_path_buf()),
                    line: 1,
                    reason: format!(
                        "the first line is longer than a checkpoint's header can be ({HEADER_MAX} \
                         bytes): the file is not an nqueens checkpoint"
                    ),
                });
            }
            Err(_) => match Self::parse_from(&String::from_utf8_lossy(&file.bytes), Some(path)) {
                Err(e) => return Err(e),
                Ok(_) => 0,
            },
        };
        let limit = HEADER_MAX as u64 + (tasks as u64 + 1).saturating_mul(LINE_MAX as u64);
        if !file.read_rest(limit).map_err(io)? {
            return Err(CheckpointError::TooLarge {
                path: Some(path.to_path_buf()),
                tasks,
                limit,
            });
        }
        let bytes = file.bytes;
        let Ok(text) = String::from_utf8(bytes) else {
            return Err(CheckpointError::Malformed {
                path: Some(path.to_path_buf()),
                line: 1,
                reason: "the file is not text: it is not a checkpoint".to_string(),
            });
        };
        let mut ck = Self::parse_from(&text, Some(path))?;
        ck.loaded_from = Some(path.to_path_buf());
        Ok(Some(ck))
    }

    /// Resumes from the checkpoint at `path` if there is one and it belongs
    /// to this count, or starts an empty one if there is none.
    ///
    /// # Errors
    /// Those of [`load`](Self::load) and [`check_matches`](Self::check_matches).
    pub fn load_or_new(
        path: &Path,
        n: usize,
        engine: &str,
        tasks: usize,
    ) -> Result<Checkpoint, CheckpointError> {
        match Self::load(path)? {
            Some(ck) => {
                ck.check_matches(n, engine, tasks)?;
                Ok(ck)
            }
            None => Ok(Self::new(n, engine, tasks)),
        }
    }

    /// Reads a checkpoint from the text of a file (the format: the docs of
    /// `src/count/checkpoint/mod.rs`).
    ///
    /// # Errors
    /// [`CheckpointError::Malformed`], [`CheckpointError::DuplicateTask`],
    /// [`CheckpointError::TaskOutOfRange`] or
    /// [`CheckpointError::UnsupportedFormat`], each naming the line.
    pub fn parse(text: &str) -> Result<Checkpoint, CheckpointError> {
        Self::parse_from(text, None)
    }

    fn parse_from(text: &str, path: Option<&Path>) -> Result<Checkpoint, CheckpointError> {
        let path = path.map(Path::to_path_buf);
        let malformed = |line: usize, reason: String| CheckpointError::Malformed {
            path: path.clone(),
            line,
            reason,
        };
        let example = format!(
            "{{\"format\":\"{FORMAT_NAME}\",\"version\":\"{}\",\"n\":…,\"engine\":…,\"tasks\":…}}",
            current_version()
        );

        let mut lines = text.split_inclusive('\n').enumerate();
        let Some((_, header)) = lines.next() else {
            return Err(malformed(
                1,
                format!("the file is empty; a checkpoint starts with a header like {example}"),
            ));
        };
        if !header.ends_with('\n') {
            return Err(malformed(
                1,
                "the header has no newline at its end: the file was cut short".to_string(),
            ));
        }
        let probe: Probe = serde_json::from_str(header).map_err(|e| {
            malformed(
                1,
                format!("not an nqueens checkpoint: the first line should be a header like {example} ({e})"),
            )
        })?;
        match probe.format.as_deref() {
            Some(FORMAT_NAME) => {}
            Some(other) => {
                return Err(malformed(
                    1,
                    format!(
                        "this is a {other:?} file, not an nqueens checkpoint ({FORMAT_NAME:?})"
                    ),
                ))
            }
            None => {
                return Err(malformed(
                    1,
                    format!(
                        "not an nqueens checkpoint: the header has no \"format\":\"{FORMAT_NAME}\""
                    ),
                ))
            }
        }
        if let Some(version) = probe.version {
            let version = match version {
                serde_json::Value::String(text) => text,
                other => other.to_string(),
            };
            if format_version(&version) != Some(FORMAT_VERSION) {
                return Err(CheckpointError::UnsupportedFormat {
                    path,
                    found: version,
                });
            }
        }
        let header_len = header.len();
        let header: Header = serde_json::from_str(header)
            .map_err(|e| malformed(1, format!("a bad checkpoint header: {e}")))?;

        let mut ck = Checkpoint::new(header.n, &header.engine, header.tasks)
            .with_fingerprint(&header.fingerprint);
        ck.version = header.version;
        let mut first_line = BTreeMap::new();
        let mut sum = Some(Tally::default());
        let mut offset = header_len;
        let mut sealed = false;
        for (i, raw) in lines {
            let line = i + 1;
            if sealed {
                return Err(malformed(
                    line,
                    "there are lines after the `end` line: the file was edited or joined".into(),
                ));
            }
            if raw.len() > LINE_MAX {
                return Err(malformed(
                    line,
                    format!("the line is longer than a task's ({LINE_MAX} bytes)"),
                ));
            }
            if let Some(rest) = raw.strip_prefix("end ") {
                // The message names the tasks counted but not the checksum
                // that would match: that would make a hand-edited file pass.
                let said = rest.trim_end();
                let tasks = ck.done.len();
                let crc = format!("{:08x}", crc32fast::hash(&text.as_bytes()[..offset]));
                if said != format!("{tasks} {crc}") {
                    let problem = match said.split_once(' ') {
                        Some((t, _)) if t != tasks.to_string() => format!(
                            "the `end` line says {t:?} tasks, but the lines above hold {tasks}"
                        ),
                        _ => format!(
                            "the `end` line's checksum ({said:?}) does not match the lines above"
                        ),
                    };
                    return Err(malformed(
                        line,
                        format!("{problem}: the file was edited, reordered or damaged"),
                    ));
                }
                if !raw.ends_with('\n') {
                    return Err(malformed(
                        line,
                        "the last line has no newline at its end: the file was cut short".into(),
                    ));
                }
                sealed = true;
                continue;
            }
            offset += raw.len();
            let Some(content) = raw.strip_suffix('\n') else {
                return Err(malformed(
                    line,
                    "the last line has no newline at its end: the file was cut short".to_string(),
                ));
            };
            let content = content.strip_suffix('\r').unwrap_or(content);
            let fields: Vec<&str> = content.split_whitespace().collect();
            let [index, solutions, classes_x8] = fields[..] else {
                return Err(malformed(
                    line,
                    format!(
                        "expected a finished task as three whole numbers \
                         `index solutions classes_x8`, found {content:?}"
                    ),
                ));
            };
            let number = |what: &str, s: &str| {
                s.parse::<u128>()
                    .map_err(|e| malformed(line, super::not_a_count(what, s, &e)))
            };
            let index = number("task index", index)?;
            let tally = Tally {
                solutions: number("number of solutions", solutions)?,
                classes_x8: number("classes_x8 count", classes_x8)?,
            };
            let index = match usize::try_from(index) {
                Ok(index) if index < ck.tasks => index,
                _ => {
                    return Err(CheckpointError::TaskOutOfRange {
                        path,
                        line,
                        index,
                        tasks: ck.tasks,
                    })
                }
            };
            match first_line.entry(index) {
                Entry::Occupied(first) => {
                    return Err(CheckpointError::DuplicateTask {
                        path,
                        line,
                        first_line: *first.get(),
                        index,
                    })
                }
                Entry::Vacant(v) => {
                    v.insert(line);
                }
            }
            sum = sum.and_then(|s| s.checked_add(tally));
            if sum.is_none() {
                return Err(malformed(
                    line,
                    "the counts add up to more than 128 bits hold: the file was edited".to_string(),
                ));
            }
            ck.done.insert(index, tally);
        }
        if !sealed {
            return Err(malformed(
                text.lines().count() + 1,
                "the file ends without its `end` line (the count of tasks and a checksum): \
                 it was cut short"
                    .into(),
            ));
        }
        Ok(ck)
    }

    /// Refuses to resume a count of `n` with `engine` and a plan of `tasks`
    /// tasks from this checkpoint unless it was written for exactly that
    /// count by this version of the library.
    ///
    /// # Errors
    /// [`CheckpointError::WrongN`], [`CheckpointError::WrongEngine`],
    /// [`CheckpointError::WrongVersion`] or [`CheckpointError::WrongTasks`]
    /// (the first that applies, in that order), saying what differs and what
    /// to do.
    pub fn check_matches(
        &self,
        n: usize,
        engine: &str,
        tasks: usize,
    ) -> Result<(), CheckpointError> {
        let path = self.loaded_from.clone();
        if self.n != n {
            return Err(CheckpointError::WrongN {
                path,
                found: self.n,
                expected: n,
            });
        }
        if self.engine != engine {
            return Err(CheckpointError::WrongEngine {
                path,
                found: self.engine.clone(),
                expected: engine.to_string(),
            });
        }
        let expected = current_version();
        if self.version != expected {
            return Err(CheckpointError::WrongVersion {
                path,
                found: self.version.clone(),
                expected,
            });
        }
        if self.tasks != tasks {
            return Err(CheckpointError::WrongTasks {
                path,
                n,
                engine: engine.to_string(),
                found: self.tasks,
                expected: tasks,
            });
        }
        Ok(())
    }

    /// Records that task `index` counted `tally`. Recording a task again
    /// replaces what was recorded.
    ///
    /// # Panics
    /// If `index` is not below [`tasks`](Self::tasks).
    pub fn record(&mut self, index: usize, tally: Tally) {
        assert!(
            index < self.tasks,
            "task {index} recorded in a checkpoint of {} tasks",
            self.tasks
        );
        self.done.insert(index, tally);
    }

    /// Whether task `index` is finished.
    pub fn is_done(&self, index: usize) -> bool {
        self.done.contains_key(&index)
    }

    /// What task `index` counted, if it is finished.
    pub fn get(&self, index: usize) -> Option<Tally> {
        self.done.get(&index).copied()
    }

    /// How many tasks are finished.
    pub fn done_count(&self) -> usize {
        self.done.len()
    }

    /// Whether every task is finished.
    pub fn is_complete(&self) -> bool {
        self.done.len() == self.tasks
    }

    /// The finished tasks and their tallies, in ascending order of the index.
    pub fn done(&self) -> impl Iterator<Item = (usize, Tally)> + '_ {
        self.done.iter().map(|(&i, &t)| (i, t))
    }

    /// The sum over the finished tasks (the count itself once
    /// [complete](Self::is_complete)).
    pub fn total(&self) -> Tally {
        self.done.values().copied().sum()
    }

    /// The sum over the finished tasks whose index lies in `range`.
    pub fn total_in(&self, range: Range<usize>) -> Tally {
        self.done.range(range).map(|(_, &t)| t).sum()
    }

    /// The tasks still to count, in ascending order.
    pub fn pending(&self) -> Vec<usize> {
        self.pending_in(0..self.tasks)
    }

    /// The tasks still to count whose index lies in `range` (and below
    /// [`tasks`](Self::tasks)), in ascending order: the pending part of a
    /// [slice](super::slice::Slice::range).
    pub fn pending_in(&self, range: Range<usize>) -> Vec<usize> {
        let end = range.end.min(self.tasks);
        (range.start..end).filter(|i| !self.is_done(*i)).collect()
    }

    /// The text of the checkpoint file (the format: the docs of
    /// `src/count/checkpoint/mod.rs`).
    pub fn to_text(&self) -> String {
        let header = Header {
            format: FORMAT_NAME.to_string(),
            version: self.version.clone(),
            n: self.n,
            engine: self.engine.clone(),
            tasks: self.tasks,
            fingerprint: self.fingerprint.clone(),
        };
        let mut text = serde_json::to_string(&header).unwrap_or_default();
        text.push('\n');
        for (index, t) in &self.done {
            text.push_str(&format!("{index} {} {}\n", t.solutions, t.classes_x8));
        }
        let crc = crc32fast::hash(text.as_bytes());
        text.push_str(&format!("end {} {crc:08x}\n", self.done.len()));
        text
    }

    /// Checks that a checkpoint can be saved at `path` (its directory exists
    /// and takes a new file), by writing and removing an empty temporary file
    /// there: so that a count that could never save its work fails before it
    /// starts, not at its first checkpoint, minutes or hours later.
    ///
    /// # Errors
    /// What the system said when creating the file.
    pub fn check_writable(path: &Path) -> io::Result<()> {
        let temp = temp_path(path)?;
        File::create(&temp)?;
        fs::remove_file(&temp)
    }

    /// Writes the checkpoint to `path`, atomically (see the docs of
    /// `src/count/checkpoint/mod.rs` and `write_atomic`).
    ///
    /// # Errors
    /// When the file cannot be written or renamed; the previous checkpoint, if
    /// any, is then left as it was.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        write_atomic(path, self.to_text().as_bytes())
    }
}

/// A checkpoint file that one run holds: locked from [`open`](Self::open)
/// until it is dropped, so that a second run on the same file is refused
/// at once, and saved atomically (see the docs of
/// `src/count/checkpoint/mod.rs`), locked across each save.
///
/// # Examples
///
/// ```
/// use nqueens::{Checkpoint, CheckpointError, CheckpointFile, Tally};
///
/// let path = std::env::temp_dir()
///     .join(format!("nqueens-doc-checkpoint-file-{}.txt", std::process::id()));
/// # let _ = std::fs::remove_file(&path);
/// let (mut file, found) = CheckpointFile::open(&path)?;
/// assert!(found.is_none() && !file.was_empty());
/// assert!(path.exists()); // created empty, and locked
///
/// // While this run holds the file, another is refused.
/// let second = CheckpointFile::open(&path).unwrap_err();
/// assert!(matches!(second, CheckpointError::Locked { .. }));
///
/// let mut ck = Checkpoint::new(10, "constellation", 4);
/// ck.record(2, Tally { solutions: 100, classes_x8: 96 });
/// file.save(&ck)?;
/// drop(file);
///
/// let (_, found) = CheckpointFile::open(&path)?;
/// assert_eq!(found, Some(ck));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CheckpointFile {
    /// The name given (in messages).
    path: PathBuf,
    /// The name saved to: the file a symbolic link leads to (a save that
    /// renamed over the link would leave its target stale and unlocked).
    target: PathBuf,
    /// The file the name stands for now, locked.
    held: File,
    /// What the file holds: finished tasks and tasks of the plan.
    kept: Option<(usize, usize)>,
    /// The file was there, and empty.
    was_empty: bool,
    /// There was no file: this run created it (empty).
    created: bool,
}

/// A file this run created and never saved into is removed: a run refused
/// after opening its checkpoint (its task log held by another run, say)
/// leaves nothing behind.
impl Drop for CheckpointFile {
    fn drop(&mut self) {
        if self.created
            && self.kept.is_none()
            && file_lock::names(&self.target, &self.held).unwrap_or(false)
        {
            let _ = fs::remove_file(&self.target);
        }
    }
}

impl CheckpointFile {
    /// Locks the checkpoint at `path` for this run and reads it: `None` if
    /// there was no file (an empty one is created, and locked) or it was
    /// empty (created by a run that stopped before its first save; see
    /// [`was_empty`](Self::was_empty)).
    ///
    /// # Errors
    /// [`CheckpointError::Locked`] if another run holds the file,
    /// [`CheckpointError::Io`] if it cannot be opened or created, and those
    /// of [`Checkpoint::load`].
    pub fn open(path: &Path) -> Result<(CheckpointFile, Option<Checkpoint>), CheckpointError> {
        let io = |source| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        };
        let target = file_lock::resolve(path).map_err(io)?;
        let (held, created) = match file_lock::lock(&target).map_err(io)? {
            file_lock::Lock::Held { file, created } => (file, created),
            file_lock::Lock::Busy => {
                return Err(CheckpointError::Locked {
                    path: path.to_path_buf(),
                })
            }
        };
        let metadata = held.metadata().map_err(io)?;
        if has_other_names(&metadata) {
            return Err(io(io::Error::new(
                io::ErrorKind::InvalidInput,
                "it has other names (hard links): a save replaces the file under this name \
                 only, and would leave the others stale; give a copy of it",
            )));
        }
        // This run holds the file: a temporary file of a save beside it is
        // a killed run's, never renamed into place.
        remove_stale_temps(&target);
        let empty = metadata.len() == 0;
        let found = if empty { None } else { Checkpoint::load(path)? };
        Ok((
            CheckpointFile {
                path: path.to_path_buf(),
                target,
                held,
                kept: found.as_ref().map(|ck| (ck.done_count(), ck.tasks)),
                was_empty: empty && !created,
                created,
            },
            found,
        ))
    }

    /// Whether the file was there but empty: a run created it and stopped
    /// (the machine died) before its first save. It is used as a new one.
    pub fn was_empty(&self) -> bool {
        self.was_empty
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves `checkpoint` over the file, atomically, keeping the lock.
    ///
    /// # Errors
    /// [`CheckpointError::Save`], saying what the file still holds (the last
    /// save, which a failed save leaves as it was).
    pub fn save(&mut self, checkpoint: &Checkpoint) -> Result<(), CheckpointError> {
        match write_atomic_locked(&self.target, checkpoint.to_text().as_bytes()) {
            Ok(file) => {
                // The new file is locked (before the rename); the old one,
                // which no name leads to now, is let go.
                self.held = file;
                self.kept = Some((checkpoint.done_count(), checkpoint.tasks));
                Ok(())
            }
            Err(source) => Err(CheckpointError::Save {
                path: self.path.clone(),
                kept: self.kept,
                source,
            }),
        }
    }
}

/// The format version in a version string like
/// `"nqueens 0.1.0, checkpoint format 2"`.
fn format_version(version: &str) -> Option<u32> {
    let (_, number) = version.rsplit_once("checkpoint format ")?;
    number.trim().parse().ok()
}

/// Whether the file has more names than one (hard links).
#[cfg(unix)]
fn has_other_names(m: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    m.nlink() > 1
}

#[cfg(not(unix))]
fn has_other_names(_: &fs::Metadata) -> bool {
    false
}

/// Removes the temporary files of saves of `path` ([`temp_path`]) that a
/// killed run left: its name, `.tmp.`, and two numbers. Best effort: a
/// file that cannot be listed or removed stays.
fn remove_stale_temps(path: &Path) {
    let Some(name) = path.file_name() else {
        return;
    };
    let dir = dir_of(path);
    let mut prefix = name.to_os_string();
    prefix.push(".tmp.");
    let Some(prefix) = prefix.to_str() else {
        return;
    };
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|f| f.strip_prefix(prefix)) else {
            continue;
        };
        let numbers = rest.split_once('.').is_some_and(|(pid, seq)| {
            [pid, seq]
                .iter()
                .all(|x| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()))
        });
        if numbers && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The folder `path` is in (`.` for a bare name).
fn dir_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// A temporary name next to `path`: its name plus `.tmp.`, the process id
/// and a sequence number.
fn temp_path(path: &Path) -> io::Result<PathBuf> {
    let Some(name) = path.file_name() else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a file name", path.display()),
        ));
    };
    let dir = dir_of(path);
    let mut temp_name = name.to_os_string();
    temp_name.push(format!(
        ".tmp.{}.{}",
        std::process::id(),
        TEMP_SEQUENCE.fetch_add(1, Ordering::Relaxed)
    ));
    Ok(dir.join(temp_name))
}

/// Tells temporary files of one process apart.
static TEMP_SEQUENCE: AtomicU64 = AtomicU64::new(0);

/// Replaces the file at `path` with `contents` in one step, so that a reader
/// (or a run restarted after a crash) finds the old contents or the new ones,
/// never a mix.
///
/// Writes a temporary file next to `path` (its name plus `.tmp.`, the process
/// id and a sequence number), flushes it to the disk, renames it over `path`,
/// and flushes the directory (where the system allows it; errors there are
/// ignored). On an error the temporary file is removed and `path` is left as
/// it was.
///
/// # Errors
/// When `path` has no file name, or writing, flushing or renaming fails.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    write_atomic_locked(path, contents).map(drop)
}

/// [`write_atomic`], locking the new file before it is renamed into place
/// (see `file_lock.rs`); returns it, locked.
fn write_atomic_locked(path: &Path, contents: &[u8]) -> io::Result<File> {
    let temp = temp_path(path)?;
    let dir = dir_of(path);
    let written = (|| {
        let mut file = File::create(&temp)?;
        file_lock::lock_new(&file);
        file.write_all(contents)?;
        file.sync_all()?;
        fs::rename(&temp, path)?;
        Ok(file)
    })();
    let file = match written {
        Ok(file) => file,
        Err(e) => {
            let _ = fs::remove_file(&temp);
            return Err(e);
        }
    };
    // Make the rename itself durable. Directories cannot be opened (or
    // synced) on every system; the file is in place either way.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(file)
}

#[cfg(test)]
pub(crate) mod tests;
