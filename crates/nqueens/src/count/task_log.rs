//! Task logs: every finished task of a count, appended as it finishes, so that
//! two runs can be compared task by task and a killed run loses only its
//! tasks under way.
//!
//! A [checkpoint](super::checkpoint) is rewritten whole every few seconds; a
//! task log is only ever appended to, one line per task, flushed at once. It
//! serves the two things the record counts needed (the Q(26) and Q(27)
//! projects kept per-task results and ran the count twice on different
//! hardware): a second run can be compared with the first task by task
//! ([`TaskLog::first_difference`], `nqueens merge --compare`), naming the
//! first task whose counts differ rather than a total that is merely wrong;
//! and a rerun with the same log skips what it already holds.
//!
//! # The file format
//!
//! Text, one line each, every line ending with a newline:
//!
//! - line 1, a header: a JSON object with `format` (always
//!   `"nqueens-task-log"`), `version` (see [`TASK_LOG_VERSION`]), `n`,
//!   `engine`, `tasks` and `fingerprint` (the plan's
//!   [fingerprint](super::plan::plan_fingerprint));
//! - then one line per finished task, in the order they finished: its index,
//!   its solutions, its eight-times-classes contribution and a check value,
//!   the CRC-32 (hexadecimal) of the previous line's check value (the
//!   fingerprint for the first task line) followed by this line's three
//!   numbers.
//!
//! ```text
//! {"format":"nqueens-task-log","version":1,"n":10,"engine":"constellation","tasks":293,"fingerprint":"14e3e9a9b0748779"}
//! 1 24 24 71956dd9
//! 0 0 0 8943c7d5
//! ```
//!
//! Because each check value covers the one before it, the lines form a
//! chain: a changed digit, a dropped, added or reordered line, or a line
//! copied from another plan's log breaks it at that line, and reading stops
//! there naming the file and the line. A last line without its newline (a
//! run killed while writing it, or a cut file) is refused too by
//! [`TaskLog::load`]; a run that resumes the log ([`TaskLogWriter::open`])
//! removes it instead, and says so ([`TaskLogNote`]), since its task is
//! simply counted again; a damaged whole line is refused all the same. An
//! empty file (created, then the machine died) starts anew. What cannot be
//! detected is a log cut after a whole line: it is the log of a run stopped
//! there, and a rerun counts the rest. The chain starts from the
//! fingerprint, so the header's `n`, `engine` and `tasks` are not in it:
//! a run that resumes the log checks them against its plan
//! ([`TaskLog::check_matches`]).
//!
//! A run holds its log locked (see `file_lock.rs`): a second run resuming
//! the same log at once is refused, instead of appending every task again.
//!
//! Reading is bounded: the header says how many tasks the plan has, and no
//! more than that many lines of at most [`LINE_MAX`] bytes are read.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::bounded_file;
use super::file_lock;
use super::plan::beyond_any_plan;
use crate::sink::tally::Tally;

/// The header's `format`.
const FORMAT_NAME: &str = "nqueens-task-log";

/// The version of the task log format this library writes and reads.
pub const TASK_LOG_VERSION: u32 = 1;

/// The longest header line read.
const HEADER_MAX: usize = 4096;

/// The longest task line: an index, two 128-bit numbers and a check value.
pub const LINE_MAX: usize = 128;

/// What is wrong with a task log.
///
/// # Examples
///
/// ```
/// use nqueens::{TaskLog, TaskLogError, Tally};
///
/// let mut log = TaskLog::new(10, "constellation", 293, "14e3e9a9b0748779");
///
/// // A log of n = 10 does not serve a count of n = 11.
/// let other = log.check_matches(11, "constellation", 293, "14e3e9a9b0748779");
/// assert!(matches!(other, Err(TaskLogError::OtherCount { .. })));
///
/// // A run killed while writing its last line left it without a newline.
/// let mut text = log.header_line();
/// text += &log.record(4, Tally { solutions: 8, classes_x8: 8 })?;
/// text.pop();
/// let err = TaskLog::parse(&text).unwrap_err();
/// assert!(matches!(err, TaskLogError::Malformed { line: 2, .. }));
/// assert!(err.to_string().contains("cut short"));
/// # Ok::<(), TaskLogError>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TaskLogError {
    /// The file could not be read or written.
    #[error("the task log {}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },

    /// A line is not what the format says, or breaks the chain of check values.
    #[error("{}, line {line}: {reason}", which(.path))]
    Malformed {
        /// The file, when the log came from one.
        path: Option<PathBuf>,
        /// The line, counting from 1 (the header is line 1).
        line: usize,
        /// What is wrong with it.
        reason: String,
    },

    /// A task past the plan's last was to be recorded ([`TaskLog::record`]).
    #[error("there is no task {index} to record: the plan has {tasks} tasks")]
    NoSuchTask {
        /// The task.
        index: usize,
        /// The tasks of the plan.
        tasks: usize,
    },

    /// A task the log holds already was to be recorded again
    /// ([`TaskLog::record`]).
    #[error("task {index} is in the task log already: a task is recorded once")]
    Twice {
        /// The task.
        index: usize,
    },

    /// Another run holds the file: it is counting with this log now.
    #[error(
        "another run holds the task log {} (it is locked): two runs appending to one log would \
         record every task twice. Wait for that run to finish, or give another file",
        .path.display()
    )]
    Locked {
        /// The file.
        path: PathBuf,
    },

    /// The log belongs to another count: another n, engine, plan or version.
    #[error("{} is for {found}, not for this count ({expected}): {advice}", which(.path))]
    OtherCount {
        /// The file, when the log came from one.
        path: Option<PathBuf>,
        /// What the log says it is for.
        found: String,
        /// What this count is.
        expected: String,
        /// What to do: with the same n and another engine, resume with the
        /// log's engine (deleting the log loses every task it holds).
        advice: String,
    },
}

impl From<TaskLogError> for crate::error::Error {
    fn from(e: TaskLogError) -> Self {
        crate::error::Error::TaskLog(crate::error::Source::new(e))
    }
}

fn which(path: &Option<PathBuf>) -> String {
    match path {
        Some(p) => format!("the task log {}", p.display()),
        None => "the task log".to_string(),
    }
}

/// The header line, as written and read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    format: String,
    version: u32,
    n: usize,
    engine: String,
    tasks: usize,
    fingerprint: String,
}

impl Header {
    /// The error for a log with this header met by a count (or a log) with
    /// `expected`'s.
    fn other_count(&self, expected: &Header, path: Option<PathBuf>) -> TaskLogError {
        let advice = if self.n == expected.n && self.engine != expected.engine {
            format!(
                "resume with the {} engine (--engine {}), give another file, or delete it to \
                 start over",
                self.engine, self.engine
            )
        } else {
            "give another file, or delete it to start over".to_string()
        };
        TaskLogError::OtherCount {
            path,
            found: self.describe(),
            expected: expected.describe(),
            advice,
        }
    }

    fn describe(&self) -> String {
        format!(
            "n = {}, the {} engine's plan of {} tasks (fingerprint {})",
            self.n,
            self.engine,
            crate::words::grouped(self.tasks as u128),
            self.fingerprint
        )
    }
}

/// The tasks of one count that a log holds, and the state of its chain.
///
/// ```
/// use nqueens::{TaskLog, Tally};
///
/// let mut log = TaskLog::new(10, "constellation", 293, "14e3e9a9b0748779");
/// let mut text = log.header_line();
/// text += &log.record(1, Tally { solutions: 24, classes_x8: 24 })?;
/// text += &log.record(0, Tally::default())?;
/// let again = TaskLog::parse(&text)?;
/// assert_eq!(again.tasks_done(), 2);
/// assert_eq!(again.first_difference(&log)?, None);
///
/// // One changed digit breaks the chain at its line.
/// let edited = text.replacen("1 24 24", "1 25 24", 1);
/// assert!(TaskLog::parse(&edited).unwrap_err().to_string().contains("line 2"));
/// # Ok::<(), nqueens::TaskLogError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskLog {
    header: Header,
    done: BTreeMap<usize, Tally>,
    last_check: u32,
}

/// The first way two logs of one count differ, by task index.
///
/// [`TaskLog::first_difference`] returns it; its text names the task.
///
/// # Examples
///
/// ```
/// use nqueens::{TaskDifference, TaskLog, Tally};
///
/// let mut first = TaskLog::new(10, "constellation", 293, "14e3e9a9b0748779");
/// let mut second = first.clone();
/// first.record(1, Tally { solutions: 24, classes_x8: 24 })?;
/// second.record(1, Tally { solutions: 25, classes_x8: 24 })?;
///
/// let difference = first.first_difference(&second)?;
/// assert_eq!(
///     difference,
///     Some(TaskDifference::Counts {
///         index: 1,
///         first: Tally { solutions: 24, classes_x8: 24 },
///         second: Tally { solutions: 25, classes_x8: 24 },
///     })
/// );
/// assert_eq!(
///     difference.unwrap().to_string(),
///     "task 1: 24 solutions (24 eight-times-classes) in the first, 25 (24) in the second"
/// );
///
/// // A task only one of the logs holds.
/// let mut third = first.clone();
/// third.record(4, Tally { solutions: 8, classes_x8: 8 })?;
/// assert_eq!(first.first_difference(&third)?, Some(TaskDifference::OnlyInSecond(4)));
/// # Ok::<(), nqueens::TaskLogError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Difference {
    /// Both logs hold the task, with other counts.
    Counts {
        /// The task.
        index: usize,
        /// What the first log says.
        first: Tally,
        /// What the second log says.
        second: Tally,
    },
    /// Only the first log holds the task.
    OnlyInFirst(usize),
    /// Only the second log holds the task.
    OnlyInSecond(usize),
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Difference::Counts {
                index,
                first,
                second,
            } => write!(
                f,
                "task {index}: {} solutions ({} eight-times-classes) in the first, {} ({}) in the second",
                first.solutions, first.classes_x8, second.solutions, second.classes_x8
            ),
            Difference::OnlyInFirst(index) => {
                write!(f, "task {index} is in the first log only")
            }
            Difference::OnlyInSecond(index) => {
                write!(f, "task {index} is in the second log only")
            }
        }
    }
}

/// How two logs of one count compare on the tasks both hold
/// ([`TaskLog::overlap`]).
///
/// # Examples
///
/// ```
/// use nqueens::{TaskLog, TaskOverlap, Tally};
///
/// let mut first = TaskLog::new(10, "constellation", 293, "14e3e9a9b0748779");
/// let mut second = first.clone();
/// first.record(1, Tally { solutions: 24, classes_x8: 24 })?;
/// second.record(1, Tally { solutions: 24, classes_x8: 24 })?;
/// second.record(2, Tally { solutions: 0, classes_x8: 0 })?;
/// let o: TaskOverlap = first.overlap(&second)?;
/// assert_eq!((o.both, o.only_in_first, o.only_in_second), (1, 0, 1));
/// assert!(o.first_difference.is_none());
/// # Ok::<(), nqueens::TaskLogError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Overlap {
    /// The tasks both logs hold.
    pub both: usize,
    /// The tasks only the first log holds.
    pub only_in_first: usize,
    /// The tasks only the second log holds.
    pub only_in_second: usize,
    /// The first task (by index) both hold with other counts.
    pub first_difference: Option<Difference>,
}

fn check_value(previous: &str, index: usize, tally: Tally) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(previous.as_bytes());
    hasher.update(format!(" {index} {} {}", tally.solutions, tally.classes_x8).as_bytes());
    hasher.finalize()
}

impl TaskLog {
    /// An empty log for the count of `n` by `engine`, whose plan has `tasks`
    /// tasks and the given fingerprint.
    pub fn new(n: usize, engine: &str, tasks: usize, fingerprint: &str) -> TaskLog {
        let header = Header {
            format: FORMAT_NAME.to_string(),
            version: TASK_LOG_VERSION,
            n,
            engine: engine.to_string(),
            tasks,
            fingerprint: fingerprint.to_string(),
        };
        TaskLog {
            header,
            done: BTreeMap::new(),
            last_check: 0,
        }
    }

    /// The first line of the file, with its newline.
    pub fn header_line(&self) -> String {
        let mut line = serde_json::to_string(&self.header).unwrap_or_default();
        line.push('\n');
        line
    }

    /// Records task `index` and returns its line, with its newline, to append.
    ///
    /// # Errors
    /// [`TaskLogError::NoSuchTask`] past the plan's last task and
    /// [`TaskLogError::Twice`] for a task the log holds already: the reader
    /// refuses both, so a log that took them could never be read back.
    ///
    /// ```
    /// use nqueens::{TaskLog, TaskLogError, Tally};
    ///
    /// let mut log = TaskLog::new(10, "constellation", 293, "14e3e9a9b0748779");
    /// assert!(log.record(3, Tally::default())?.starts_with("3 0 0 "));
    /// assert!(matches!(log.record(3, Tally::default()), Err(TaskLogError::Twice { index: 3 })));
    /// assert!(matches!(log.record(293, Tally::default()), Err(TaskLogError::NoSuchTask { .. })));
    /// assert_eq!(log.tasks_done(), 1);
    /// # Ok::<(), TaskLogError>(())
    /// ```
    pub fn record(&mut self, index: usize, tally: Tally) -> Result<String, TaskLogError> {
        if index >= self.header.tasks {
            return Err(TaskLogError::NoSuchTask {
                index,
                tasks: self.header.tasks,
            });
        }
        if self.done.contains_key(&index) {
            return Err(TaskLogError::Twice { index });
        }
        let check = check_value(&self.previous(), index, tally);
        self.last_check = check;
        self.done.insert(index, tally);
        Ok(format!(
            "{index} {} {} {check:08x}\n",
            tally.solutions, tally.classes_x8
        ))
    }

    fn previous(&self) -> String {
        if self.done.is_empty() {
            self.header.fingerprint.clone()
        } else {
            format!("{:08x}", self.last_check)
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.header.n
    }

    /// How many tasks the log holds.
    pub fn tasks_done(&self) -> usize {
        self.done.len()
    }

    /// What task `index` counted, if the log holds it.
    pub fn get(&self, index: usize) -> Option<Tally> {
        self.done.get(&index).copied()
    }

    /// Every task the log holds, by index.
    pub fn done(&self) -> impl Iterator<Item = (usize, Tally)> + '_ {
        self.done.iter().map(|(&i, &t)| (i, t))
    }

    /// Refuses a log of another count.
    ///
    /// # Errors
    /// [`TaskLogError::OtherCount`], saying what the log is for.
    pub fn check_matches(
        &self,
        n: usize,
        engine: &str,
        tasks: usize,
        fingerprint: &str,
    ) -> Result<(), TaskLogError> {
        let expected = TaskLog::new(n, engine, tasks, fingerprint).header;
        if self.header == expected {
            return Ok(());
        }
        Err(self.header.other_count(&expected, None))
    }

    /// The first task (by index) on which two logs of the same count differ,
    /// or `None` if they hold the same tasks with the same counts.
    ///
    /// # Errors
    /// [`TaskLogError::OtherCount`] if the logs are of different counts.
    pub fn first_difference(&self, other: &TaskLog) -> Result<Option<Difference>, TaskLogError> {
        Ok(self
            .side_by_side(other)?
            .find_map(|(index, a, b)| match (a, b) {
                (Some(first), Some(second)) if first != second => Some(Difference::Counts {
                    index,
                    first,
                    second,
                }),
                (Some(_), None) => Some(Difference::OnlyInFirst(index)),
                (None, Some(_)) => Some(Difference::OnlyInSecond(index)),
                _ => None,
            }))
    }

    /// How two logs of the same count compare on the tasks both hold, for a
    /// recount of some of the tasks (`nqueens merge --compare A B
    /// --common`): how many tasks both hold, how many only one does, and
    /// the first task both hold with other counts.
    ///
    /// ```
    /// use nqueens::{TaskLog, Tally};
    ///
    /// let mut whole = TaskLog::new(10, "constellation", 293, "14e3e9a9b0748779");
    /// let mut sample = whole.clone();
    /// for i in 0..6 {
    ///     whole.record(i, Tally { solutions: i as u128, classes_x8: i as u128 })?;
    /// }
    /// sample.record(4, Tally { solutions: 4, classes_x8: 4 })?;
    /// let o = whole.overlap(&sample)?;
    /// assert_eq!((o.both, o.only_in_first, o.only_in_second), (1, 5, 0));
    /// assert_eq!(o.first_difference, None);
    ///
    /// // Two tasks differ: the first is named.
    /// sample.record(5, Tally { solutions: 9, classes_x8: 5 })?;
    /// sample.record(2, Tally { solutions: 3, classes_x8: 2 })?;
    /// assert_eq!(whole.overlap(&sample)?.first_difference.unwrap().to_string(),
    ///            "task 2: 2 solutions (2 eight-times-classes) in the first, 3 (2) in the second");
    /// # Ok::<(), nqueens::TaskLogError>(())
    /// ```
    ///
    /// # Errors
    /// [`TaskLogError::OtherCount`] if the logs are of different counts.
    pub fn overlap(&self, other: &TaskLog) -> Result<Overlap, TaskLogError> {
        let mut o = Overlap::default();
        for (index, a, b) in self.side_by_side(other)? {
            match (a, b) {
                (Some(first), Some(second)) => {
                    o.both += 1;
                    if first != second && o.first_difference.is_none() {
                        o.first_difference = Some(Difference::Counts {
                            index,
                            first,
                            second,
                        });
                    }
                }
                (Some(_), None) => o.only_in_first += 1,
                _ => o.only_in_second += 1,
            }
        }
        Ok(o)
    }

    /// Every task either log holds, by index, with what each says.
    fn side_by_side<'a>(
        &'a self,
        other: &'a TaskLog,
    ) -> Result<impl Iterator<Item = (usize, Option<Tally>, Option<Tally>)> + 'a, TaskLogError>
    {
        if self.header != other.header {
            return Err(other.header.other_count(&self.header, None));
        }
        let mut a = self.done.iter().peekable();
        let mut b = other.done.iter().peekable();
        Ok(std::iter::from_fn(move || {
            let (i, j) = (a.peek().map(|p| *p.0), b.peek().map(|p| *p.0));
            let index = match (i, j) {
                (None, None) => return None,
                (Some(i), Some(j)) => i.min(j),
                (Some(i), None) => i,
                (None, Some(j)) => j,
            };
            let x = a.next_if(|p| *p.0 == index).map(|p| *p.1);
            let y = b.next_if(|p| *p.0 == index).map(|p| *p.1);
            Some((index, x, y))
        }))
    }

    /// Reads a log from its text.
    ///
    /// # Errors
    /// [`TaskLogError::Malformed`] naming the first line that is wrong.
    pub fn parse(text: &str) -> Result<TaskLog, TaskLogError> {
        Self::parse_from(text, None)
    }

    fn parse_from(text: &str, path: Option<&Path>) -> Result<TaskLog, TaskLogError> {
        let bad = |line: usize, reason: String| TaskLogError::Malformed {
            path: path.map(Path::to_path_buf),
            line,
            reason,
        };
        let mut lines = text.split_inclusive('\n');
        let first = lines
            .next()
            .ok_or_else(|| bad(1, "the file is empty: it is not a task log".to_string()))?;
        let not_a_header = |e: serde_json::Error| {
            bad(
                1,
                format!("not a task log header ({e}): the first line of a task log is a JSON object with format \"{FORMAT_NAME}\""),
            )
        };
        let first: serde_json::Value =
            serde_json::from_str(first.trim_end_matches('\n')).map_err(not_a_header)?;
        // The format first: a checkpoint's header, say, is named as one
        // (its other fields differ, which serde said first).
        if let Some(format) = first.get("format").and_then(serde_json::Value::as_str) {
            if format != FORMAT_NAME {
                return Err(bad(
                    1,
                    format!("the format is {format:?}, not {FORMAT_NAME:?}"),
                ));
            }
        }
        let header: Header = serde_json::from_value(first).map_err(not_a_header)?;
        if header.version != TASK_LOG_VERSION {
            return Err(bad(
                1,
                format!(
                    "task log format {} is not the one this version reads ({TASK_LOG_VERSION})",
                    header.version
                ),
            ));
        }
        let mut log = TaskLog {
            header,
            done: BTreeMap::new(),
            last_check: 0,
        };
        let mut sum = Tally::default();
        for (k, raw) in lines.enumerate() {
            let line = k + 2;
            let Some(body) = raw.strip_suffix('\n') else {
                // A resuming run drops a cut line (and zero bytes after
                // it); other damage it refuses as this does.
                return Err(bad(
                    line,
                    match cut_tail(raw) {
                        Some((_, zeros @ 1..)) => format!(
                            "the last line ends in {zeros} zero bytes (what a machine that lost \
                             power can leave of a line being written); a run that resumes the \
                             log removes them and counts the line's task, if any, again"
                        ),
                        Some(_) => "the last line has no newline: the file was cut short (a run \
                                    killed while writing it?); a run that resumes the log \
                                    removes that line and counts its task again"
                            .to_string(),
                        None => format!(
                            "the last line has no newline and is not a task line cut short: the \
                             file was damaged after line {0} (keep its first {0} lines to resume \
                             from them)",
                            line - 1
                        ),
                    },
                ));
            };
            let fields: Vec<&str> = body.split(' ').collect();
            const FIELDS: &str = "expected four fields (task, solutions, classes, check value)";
            let shape = if body.trim().is_empty() {
                Some(format!(
                    "{FIELDS}, found a blank line (a count writes none: was the log edited?)"
                ))
            } else if body.ends_with('\r') {
                Some(format!(
                    "{FIELDS}, the line ends in a carriage return (Windows line ends: was the \
                     log saved by an editor?)"
                ))
            } else if fields.contains(&"") {
                Some(format!(
                    "{FIELDS} with one space between each, found a space at the line's start \
                     or end, or two together"
                ))
            } else {
                None
            };
            let ([index, solutions, classes, check], None) = (&fields[..], &shape) else {
                return Err(bad(
                    line,
                    shape.unwrap_or_else(|| format!("{FIELDS}, found {}", fields.len())),
                ));
            };
            let number = |what: &str, text: &str| {
                text.parse::<u128>()
                    .map_err(|e| bad(line, super::not_a_count(what, text, &e)))
            };
            let index = number("task index", index)?;
            let tally = Tally {
                solutions: number("solutions", solutions)?,
                classes_x8: number("classes", classes)?,
            };
            let index = usize::try_from(index)
                .ok()
                .filter(|&i| i < log.header.tasks)
                .ok_or_else(|| {
                    bad(
                        line,
                        format!(
                            "there is no task {index}: the plan has {} tasks",
                            crate::words::grouped(log.header.tasks as u128)
                        ),
                    )
                })?;
            if log.done.contains_key(&index) {
                return Err(bad(line, format!("task {index} appears twice")));
            }
            let expected = check_value(&log.previous(), index, tally);
            if u32::from_str_radix(check, 16).ok() != Some(expected) || check.len() != 8 {
                return Err(bad(
                    line,
                    format!(
                        "the check value {check:?} does not match the line and the one before \
                         it: the log was edited, reordered, cut or joined from another log"
                    ),
                ));
            }
            // (As a checkpoint's: sums that wrap would be a wrong count.)
            sum = sum.checked_add(tally).ok_or_else(|| {
                bad(
                    line,
                    "the counts add up to more than 128 bits hold: the file was edited".into(),
                )
            })?;
            log.last_check = expected;
            log.done.insert(index, tally);
        }
        Ok(log)
    }

    /// Reads the log at `path`, or `None` if there is no such file; reads at
    /// most what a log of its header's plan can hold.
    ///
    /// # Errors
    /// [`TaskLogError::Io`], and those of [`parse`](Self::parse) naming the file.
    pub fn load(path: &Path) -> Result<Option<TaskLog>, TaskLogError> {
        match Self::load_text(path)? {
            None => Ok(None),
            Some(text) => Self::parse_from(&text, Some(path)).map(Some),
        }
    }

    /// The text of the log at `path`, read as [`load`](Self::load) reads
    /// it; a header that is not one is refused here.
    fn load_text(path: &Path) -> Result<Option<String>, TaskLogError> {
        let io = |source| TaskLogError::Io {
            path: path.to_path_buf(),
            source,
        };
        let Some(mut file) = bounded_file::open(path, HEADER_MAX).map_err(io)? else {
            return Ok(None);
        };
        let tasks = match serde_json::from_slice::<Header>(&file.bytes) {
            Ok(header) => match beyond_any_plan(header.tasks, "task log") {
                Some(reason) => {
                    return Err(TaskLogError::Malformed {
                        path: Some(path.to_path_buf()),
                        line: 1,
                        reason,
                    })
                }
                None => header.tasks,
            },
            // Only the first line was read: enough to say why it is no header.
            Err(e) => {
                let text = String::from_utf8_lossy(&file.bytes);
                return Err(match Self::parse_from(&text, Some(path)) {
                    Err(refused) => refused,
                    Ok(_) => TaskLogError::Malformed {
                        path: Some(path.to_path_buf()),
                        line: 1,
                        reason: format!("not a task log header ({e})"),
                    },
                });
            }
        };
        let limit = HEADER_MAX as u64 + (tasks as u64).saturating_mul(LINE_MAX as u64);
        let within = file.read_rest(limit).map_err(io)?;
        let bytes = file.bytes;
        let malformed = |reason: String| TaskLogError::Malformed {
            path: Some(path.to_path_buf()),
            line: 1,
            reason,
        };
        if !within {
            return Err(malformed(format!(
                "the file is larger than a task log of {} tasks can be ({} bytes): it is not \
                 one, or it was damaged",
                crate::words::grouped(tasks as u128),
                crate::words::grouped(u128::from(limit))
            )));
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| malformed("the file is not text: it is not a task log".to_string()))?;
        Ok(Some(text))
    }
}

/// What [`TaskLogWriter::open`] mended in a log left by a run that was
/// killed (or a machine that died) while writing it; a front end says so.
///
/// ```
/// use nqueens::TaskLogNote;
///
/// let note = TaskLogNote::CutLine { line: 7, text: "12 40".to_string() };
/// assert!(note.to_string().contains("line 7"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TaskLogNote {
    /// The file was empty: a run created it and stopped before it wrote
    /// the header. It was started anew.
    Empty,
    /// The last line had no newline: a run was killed while writing it. The
    /// line was removed; the task it named (if any) is counted again.
    CutLine {
        /// The line, counting from 1 (the header is line 1).
        line: usize,
        /// What it held.
        text: String,
    },
    /// The end of the file after its last newline was zero bytes, after
    /// what may be the start of a task line (a machine that lost power
    /// while a line was written can leave that). They were removed; the
    /// task the line named (if any) is counted again.
    ZeroedTail {
        /// The line, counting from 1 (the header is line 1).
        line: usize,
        /// What it held before the zero bytes (often nothing).
        text: String,
        /// How many zero bytes there were.
        zeros: usize,
    },
}

impl std::fmt::Display for TaskLogNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TaskLogNote::Empty => f.write_str(
                "the file was empty (a run created it and stopped before writing to it): it \
                 starts anew",
            ),
            TaskLogNote::CutLine { line: 1, text } => write!(
                f,
                "the header was cut short ({text:?}: a run stopped while writing it, killed or \
                 on a full disk): the file starts anew"
            ),
            TaskLogNote::CutLine { line, text } => write!(
                f,
                "line {line} was cut short ({text:?}: a run stopped while writing it, killed or \
                 on a full disk): it was removed, and its task is counted again"
            ),
            TaskLogNote::ZeroedTail { line, text, zeros } => write!(
                f,
                "line {line} ({text:?}) ended in {zeros} zero bytes (what a machine that lost \
                 power can leave of a line being written): they were removed, and the task of \
                 that line, if any, is counted again"
            ),
        }
    }
}

/// Whether `tail`, the end of a log after its last newline, can be the
/// start of a task line: digits, lowercase hexadecimal and spaces, shorter
/// than a whole line. Anything else is damage, not a cut.
fn is_cut_task_line(tail: &str) -> bool {
    tail.len() < LINE_MAX
        && tail
            .bytes()
            .all(|b| matches!(b, b' ' | b'0'..=b'9' | b'a'..=b'f'))
}

/// The most zero bytes a log's tail may end in and be taken for a line
/// being written when the machine lost power (file systems can leave the
/// blocks of an append that never reached the disk as zeros): a few blocks.
const ZERO_TAIL_MAX: usize = 1 << 16;

/// `tail` (after a log's last newline) as the start of a task line
/// ([`is_cut_task_line`]) and how many zero bytes follow it, if it is one.
fn cut_tail(tail: &str) -> Option<(&str, usize)> {
    let text = tail.trim_end_matches('\0');
    let zeros = tail.len() - text.len();
    (zeros <= ZERO_TAIL_MAX && is_cut_task_line(text)).then_some((text, zeros))
}

/// Appends each finished task to a task log file, flushed line by line.
///
/// # Examples
///
/// A run that is killed after five tasks, and a rerun that reopens its log
/// and counts only the rest:
///
/// ```
/// use nqueens::{plan_fingerprint, BacktrackEngine, Engine};
/// use nqueens::{Tally, TaskLog, TaskLogError, TaskLogWriter};
///
/// let plan = BacktrackEngine.plan(8)?;
/// let fresh = TaskLog::new(8, "backtrack", plan.len(), &plan_fingerprint(plan.as_ref()));
/// let path = std::env::temp_dir()
///     .join(format!("nqueens-doc-task-log-{}.txt", std::process::id()));
/// # let _ = std::fs::remove_file(&path);
///
/// let mut writer = TaskLogWriter::open(&path, fresh.clone())?;
/// for i in 0..5 {
///     writer.record(i, plan.count(i))?;
/// }
/// drop(writer); // killed
///
/// let mut writer = TaskLogWriter::open(&path, fresh.clone())?;
/// assert_eq!(writer.log().tasks_done(), 5);
/// for i in 0..plan.len() {
///     if writer.log().get(i).is_none() {
///         writer.record(i, plan.count(i))?;
///     }
/// }
/// let total: Tally = writer.log().done().map(|(_, t)| t).sum();
/// assert_eq!((total.solutions, total.unique()), (92, Some(12)));
/// drop(writer);
///
/// // The file holds every task, and refuses to serve another count.
/// assert_eq!(TaskLog::load(&path)?.unwrap().tasks_done(), plan.len());
/// let other = TaskLog::new(9, "backtrack", plan.len(), "");
/// assert!(matches!(TaskLogWriter::open(&path, other), Err(TaskLogError::OtherCount { .. })));
/// std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct TaskLogWriter {
    file: File,
    log: TaskLog,
    path: PathBuf,
    note: Option<TaskLogNote>,
    /// A line could not be written: no more are.
    failed: bool,
    /// The file, locked for this run (see `file_lock.rs`).
    _lock: File,
}

impl TaskLogWriter {
    /// Opens the log at `path` for this count and locks it for this run:
    /// reads what it holds (refusing a log of another count) or creates it
    /// with its header.
    ///
    /// A log left by a run killed while writing is mended, and
    /// [`note`](Self::note) says how: an empty file starts anew, and a last
    /// line without its newline is removed (its task is counted again). A
    /// damaged whole line (one that ends in a newline) is still refused.
    ///
    /// # Errors
    /// [`TaskLogError::Locked`] if another run holds the file, those of
    /// [`TaskLog::load`] and [`TaskLog::check_matches`], and
    /// [`TaskLogError::Io`] if the file cannot be created or written.
    pub fn open(path: &Path, fresh: TaskLog) -> Result<TaskLogWriter, TaskLogError> {
        Self::lock(path)?.open(fresh)
    }

    /// Locks the log at `path` for this run (creating it empty if there is
    /// none) without reading it yet: a front end takes its files first,
    /// so that a second run is refused before the plan is built, and
    /// [opens](TaskLogLock::open) the log once it has the plan.
    ///
    /// # Errors
    /// [`TaskLogError::Locked`] if another run holds the file, and
    /// [`TaskLogError::Io`] if it cannot be opened or created.
    pub fn lock(path: &Path) -> Result<TaskLogLock, TaskLogError> {
        let io = |source| TaskLogError::Io {
            path: path.to_path_buf(),
            source,
        };
        match file_lock::lock(path).map_err(io)? {
            file_lock::Lock::Held { file, created } => Ok(TaskLogLock {
                path: path.to_path_buf(),
                file: Some(file),
                created,
            }),
            file_lock::Lock::Busy => Err(TaskLogError::Locked {
                path: path.to_path_buf(),
            }),
        }
    }

    /// What opening mended in a log left by a killed run, if anything.
    pub fn note(&self) -> Option<&TaskLogNote> {
        self.note.as_ref()
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// A task log locked for this run and not read yet
/// ([`TaskLogWriter::lock`]); dropped unopened, a file it created is
/// removed again.
///
/// ```
/// use nqueens::{TaskLog, TaskLogWriter};
///
/// let path = std::env::temp_dir()
///     .join(format!("nqueens-doc-task-log-lock-{}.txt", std::process::id()));
/// # let _ = std::fs::remove_file(&path);
/// // Taken before the plan is built, and given back unread: the file it
/// // created goes with it.
/// let lock = TaskLogWriter::lock(&path)?;
/// assert!(path.exists());
/// drop(lock);
/// assert!(!path.exists());
///
/// // Taken, then opened for the count once its plan is known.
/// let writer = TaskLogWriter::lock(&path)?.open(TaskLog::new(8, "backtrack", 10, ""))?;
/// assert_eq!(writer.log().tasks_done(), 0);
/// drop(writer);
/// std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct TaskLogLock {
    path: PathBuf,
    /// The file, locked; taken by [`open`](Self::open).
    file: Option<File>,
    created: bool,
}

impl Drop for TaskLogLock {
    fn drop(&mut self) {
        if let Some(file) = &self.file {
            if self.created && file_lock::names(&self.path, file).unwrap_or(false) {
                let _ = std::fs::remove_file(&self.path);
            }
        }
    }
}

impl TaskLogLock {
    /// Reads the log for this count, as [`TaskLogWriter::open`] does.
    ///
    /// # Errors
    /// Those of [`TaskLogWriter::open`] but the lock's.
    pub fn open(mut self, fresh: TaskLog) -> Result<TaskLogWriter, TaskLogError> {
        let path = self.path.clone();
        let path = path.as_path();
        let io = |source| TaskLogError::Io {
            path: path.to_path_buf(),
            source,
        };
        let created = self.created;
        let Some(lock) = self.file.take() else {
            return Err(io(io::Error::other("the lock was already used")));
        };
        let header = fresh.header_line();
        let len = lock.metadata().map_err(io)?.len();
        let mut note = None;
        // What the file holds, and where its last whole line ends.
        let (log, keep) = if len == 0 {
            if !created {
                note = Some(TaskLogNote::Empty);
            }
            (None, 0)
        } else if len < header.len() as u64 {
            // Too short for this count's header: a header cut short, or not
            // a log of this count at all (refused as it reads).
            let mut bytes = Vec::new();
            (&lock).take(len).read_to_end(&mut bytes).map_err(io)?;
            match std::str::from_utf8(&bytes) {
                Ok(text) if header.starts_with(text) && !text.contains('\n') => {
                    note = Some(TaskLogNote::CutLine {
                        line: 1,
                        text: text.to_string(),
                    });
                    (None, 0)
                }
                _ => (TaskLog::load(path)?, len),
            }
        } else {
            let text = TaskLog::load_text(path)?.unwrap_or_default();
            let cut = text
                .rfind('\n')
                .filter(|&end| end + 1 < text.len())
                .and_then(|end| Some((end, cut_tail(&text[end + 1..])?)));
            match cut {
                Some((end, (tail, zeros))) => {
                    let whole = &text[..=end];
                    let found = TaskLog::parse_from(whole, Some(path))?;
                    let (line, text) = (whole.lines().count() + 1, tail.to_string());
                    note = Some(if zeros == 0 {
                        TaskLogNote::CutLine { line, text }
                    } else {
                        TaskLogNote::ZeroedTail { line, text, zeros }
                    });
                    (Some(found), whole.len() as u64)
                }
                None => (Some(TaskLog::parse_from(&text, Some(path))?), len),
            }
        };
        let log = match log {
            Some(found) => {
                if found.header != fresh.header {
                    return Err(found
                        .header
                        .other_count(&fresh.header, Some(path.to_path_buf())));
                }
                found
            }
            None => fresh,
        };
        if keep < len {
            // Cut off what was cut short, for good, before appending.
            let file = OpenOptions::new().write(true).open(path).map_err(io)?;
            file.set_len(keep)
                .and_then(|()| file.sync_all())
                .map_err(io)?;
        }
        let mut file = OpenOptions::new().append(true).open(path).map_err(io)?;
        if keep == 0 {
            file.write_all(header.as_bytes())
                .and_then(|()| file.sync_all())
                .map_err(io)?;
        }
        Ok(TaskLogWriter {
            file,
            log,
            path: path.to_path_buf(),
            note,
            failed: false,
            _lock: lock,
        })
    }
}

impl TaskLogWriter {
    /// What the log holds, those read at the start included.
    pub fn log(&self) -> &TaskLog {
        &self.log
    }

    /// Appends task `index` and flushes the line to the file.
    ///
    /// # Errors
    /// [`TaskLogError::Io`] if the line cannot be written;
    /// [`TaskLogError::NoSuchTask`] or [`TaskLogError::Twice`] for a task
    /// the log cannot take ([`TaskLog::record`]), and nothing is written.
    ///
    /// After a line could not be written (a full disk), nothing more is
    /// appended: the file may end in part of that line, which the next run
    /// removes, and a later line written after it would damage it.
    pub fn record(&mut self, index: usize, tally: Tally) -> Result<(), TaskLogError> {
        let io = |source| TaskLogError::Io {
            path: self.path.clone(),
            source,
        };
        if self.failed {
            return Err(io(io::Error::other(
                "a line before could not be written, so no more are appended",
            )));
        }
        let line = self.log.record(index, tally)?;
        let written = self
            .file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush());
        self.failed = written.is_err();
        written.map_err(io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::plan::PLAN_TASKS_MAX;

    /// The module docs' example log is one this module reads, of the plan
    /// and tasks it names (its check values were once wrong).
    #[test]
    fn the_docs_example_is_a_log_of_the_plan_it_names() {
        use crate::count::constellation::ConstellationEngine;
        use crate::count::plan::{plan_fingerprint, Engine};
        let text = crate::count::checkpoint::tests::doc_example(include_str!("task_log.rs"));
        let log = TaskLog::parse(&text).unwrap();
        let plan = ConstellationEngine.plan(10).unwrap();
        log.check_matches(
            10,
            "constellation",
            plan.len(),
            &plan_fingerprint(plan.as_ref()),
        )
        .unwrap();
        let done: Vec<(usize, Tally)> = log.done().collect();
        assert_eq!(done.len(), 2);
        for (i, tally) in done {
            assert_eq!(tally, plan.count(i), "task {i}");
        }
    }

    fn sample() -> (TaskLog, String) {
        let mut log = TaskLog::new(8, "backtrack", 4, "00ff00ff00ff00ff");
        let mut text = log.header_line();
        for (i, s) in [(2, 10u128), (0, 4), (3, 0)] {
            text += &log
                .record(
                    i,
                    Tally {
                        solutions: s,
                        classes_x8: s,
                    },
                )
                .unwrap();
        }
        (log, text)
    }

    fn refused(text: &str, line: usize, words: &str) {
        let e = TaskLog::parse(text).unwrap_err().to_string();
        assert!(e.contains(&format!("line {line}")), "{e}");
        assert!(e.contains(words), "{words:?} not in {e}");
    }

    #[test]
    fn round_trip() {
        let (log, text) = sample();
        let again = TaskLog::parse(&text).unwrap();
        assert_eq!(again, log);
        assert_eq!(again.tasks_done(), 3);
        assert_eq!(again.get(2).map(|t| t.solutions), Some(10));
        assert_eq!(again.get(1), None);
    }

    /// Lines whose check values were made again, holding counts whose sum
    /// passes 128 bits: refused, as a checkpoint's are (the sum wrapped,
    /// and only the published count caught it).
    #[test]
    fn counts_past_128_bits_are_refused() {
        let mut log = TaskLog::new(8, "backtrack", 4, "00ff00ff00ff00ff");
        let mut text = log.header_line();
        let huge = Tally {
            solutions: u128::MAX,
            classes_x8: 8,
        };
        for i in [0, 1] {
            text += &log.record(i, huge).unwrap();
        }
        refused(&text, 3, "more than 128 bits hold");
        // A checkpoint's header is named as one.
        refused(
            "{\"format\":\"nqueens-checkpoint\",\"version\":\"nqueens 0.1.0, checkpoint format 2\"}\n",
            1,
            "the format is \"nqueens-checkpoint\", not \"nqueens-task-log\"",
        );
    }

    #[test]
    fn tampering_is_refused() {
        let (_, text) = sample();
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        // One changed digit.
        refused(&text.replacen("2 10 10", "2 11 10", 1), 2, "check value");
        // A dropped line.
        let dropped: String = [lines[0], lines[1], lines[3]].concat();
        refused(&dropped, 3, "check value");
        // Two lines swapped.
        let swapped: String = [lines[0], lines[2], lines[1], lines[3]].concat();
        refused(&swapped, 2, "check value");
        // Another n in the header: the chain starts from the fingerprint, so
        // that alone is not refused here, but it is for another count.
        let other_n = text.replacen("\"n\":8", "\"n\":9", 1);
        let log = TaskLog::parse(&other_n).unwrap();
        assert!(log
            .check_matches(8, "backtrack", 4, "00ff00ff00ff00ff")
            .is_err());
        // Another fingerprint breaks the first line.
        refused(
            &text.replacen("00ff00ff00ff00ff", "00ff00ff00ff00fe", 1),
            2,
            "check value",
        );
        // Cut in the middle of a line.
        refused(&text[..text.len() - 3], 4, "cut short");
        // A task twice, out of range, not numbers, not a header.
        refused(&format!("{}{}", text, lines[1]), 5, "appears twice");
        refused(&format!("{}9 0 0 00000000\n", lines[0]), 2, "no task 9");
        refused(
            &format!("{}x 0 0 00000000\n", lines[0]),
            2,
            "not a whole number",
        );
        refused("hello\n", 1, "not a task log header");
        refused("", 1, "empty");
        // A blank line, a space too many, a field too few: each named.
        refused(&format!("{}\n", lines[0]), 2, "found a blank line");
        refused(
            &lines[1].replacen(' ', "  ", 1).replace('\n', ""),
            1,
            "not a task log header",
        );
        refused(
            &format!("{}{} \n", lines[0], lines[1].trim_end()),
            2,
            "a space at the line's start or end, or two together",
        );
        refused(&format!("{}0 0 0\n", lines[0]), 2, "found 3");
        refused(&format!("{}0 0  00000000\n", lines[0]), 2, "two together");
        refused(
            &format!("{}{}\r\n", lines[0], lines[1].trim_end()),
            2,
            "carriage return",
        );
    }

    #[test]
    fn differences_are_named_by_the_first_task() {
        let (a, _) = sample();
        let mut b = TaskLog::new(8, "backtrack", 4, "00ff00ff00ff00ff");
        b.record(
            0,
            Tally {
                solutions: 4,
                classes_x8: 4,
            },
        )
        .unwrap();
        b.record(
            2,
            Tally {
                solutions: 9,
                classes_x8: 10,
            },
        )
        .unwrap();
        assert_eq!(
            a.first_difference(&b).unwrap(),
            Some(Difference::Counts {
                index: 2,
                first: Tally {
                    solutions: 10,
                    classes_x8: 10
                },
                second: Tally {
                    solutions: 9,
                    classes_x8: 10
                },
            })
        );
        b.record(3, Tally::default()).unwrap();
        let mut c = b.clone();
        c.done.remove(&0);
        assert_eq!(
            b.first_difference(&c).unwrap(),
            Some(Difference::OnlyInFirst(0))
        );
        assert_eq!(
            c.first_difference(&b).unwrap(),
            Some(Difference::OnlyInSecond(0))
        );
        assert_eq!(b.first_difference(&b).unwrap(), None);
        let other = TaskLog::new(9, "backtrack", 4, "00ff00ff00ff00ff");
        assert!(a.first_difference(&other).is_err());
    }

    /// A fresh directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("nqueens-task-log-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn fresh() -> TaskLog {
        TaskLog::new(8, "backtrack", 4, "00ff00ff00ff00ff")
    }

    /// A task recorded twice, or past the plan, is refused and nothing is
    /// written: the reader refuses both, so the log would be lost for good.
    #[test]
    fn a_task_the_reader_would_refuse_is_not_written() {
        let dir = scratch("refused");
        let path = dir.join("log");
        let mut w = TaskLogWriter::open(&path, fresh()).unwrap();
        w.record(3, Tally::default()).unwrap();
        let twice = w.record(3, Tally::default()).unwrap_err();
        assert!(matches!(twice, TaskLogError::Twice { index: 3 }), "{twice}");
        let past = w.record(4, Tally::default()).unwrap_err();
        assert!(
            matches!(past, TaskLogError::NoSuchTask { index: 4, tasks: 4 }),
            "{past}"
        );
        assert_eq!(
            past.to_string(),
            "there is no task 4 to record: the plan has 4 tasks"
        );
        w.record(0, Tally::default()).unwrap();
        drop(w);
        let read = TaskLog::load(&path).unwrap().unwrap();
        assert_eq!(read.tasks_done(), 2);
        assert!(TaskLogWriter::open(&path, fresh()).is_ok());
    }

    /// A last line without its newline (a run killed while writing it) is
    /// removed, with a note, and the log goes on; a damaged whole line, or
    /// an end that cannot be the start of a task line, is still refused.
    #[test]
    fn a_line_cut_short_is_removed_and_a_damaged_one_refused() {
        let dir = scratch("cut");
        let path = dir.join("log");
        let (log, text) = sample();
        for cut in 1..=8 {
            std::fs::write(&path, &text[..text.len() - cut]).unwrap();
            let mut w = TaskLogWriter::open(&path, fresh()).unwrap();
            let Some(TaskLogNote::CutLine {
                line: 4,
                text: tail,
            }) = w.note().cloned()
            else {
                panic!("{:?}", w.note())
            };
            assert!(text.ends_with(&format!("{tail}{}", &text[text.len() - cut..])));
            assert_eq!(w.log().tasks_done(), 2);
            assert_eq!(w.log().get(3), None, "the cut task is counted again");
            w.record(3, Tally::default()).unwrap();
            drop(w);
            // The file is whole again, and holds the same as the first.
            assert_eq!(TaskLog::load(&path).unwrap().unwrap(), log);
        }
        // The whole last line cut but its newline: nothing to mend.
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        std::fs::write(&path, lines[..3].concat()).unwrap();
        assert!(TaskLogWriter::open(&path, fresh())
            .unwrap()
            .note()
            .is_none());

        // A damaged whole line, or a tail that is no task line: refused,
        // and the file left as it was.
        let damaged = text.replacen(" 0 0 ", " 0 1 ", 1);
        let tail = format!("{text}hello");
        for bad in [damaged.as_str(), tail.as_str()] {
            std::fs::write(&path, bad).unwrap();
            let e = TaskLogWriter::open(&path, fresh()).unwrap_err();
            assert!(matches!(e, TaskLogError::Malformed { .. }), "{e}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
        }
        // Zero bytes after the last newline, alone or after a cut line (a
        // machine that lost power while a line was written): removed, with
        // a note saying how many, and the log goes on.
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let whole = lines[..3].concat();
        for (cut, zeros) in [("", 4096), ("3 0", 512), ("", 1)] {
            std::fs::write(&path, format!("{whole}{cut}{}", "\0".repeat(zeros))).unwrap();
            let mut w = TaskLogWriter::open(&path, fresh()).unwrap();
            assert_eq!(
                w.note(),
                Some(&TaskLogNote::ZeroedTail {
                    line: 4,
                    text: cut.to_string(),
                    zeros
                })
            );
            assert!(w
                .note()
                .unwrap()
                .to_string()
                .contains(&format!("line 4 ({cut:?}) ended in {zeros} zero bytes")));
            w.record(3, Tally::default()).unwrap();
            drop(w);
            assert_eq!(TaskLog::load(&path).unwrap().unwrap(), log);
        }
        // Read but not resumed, such a file says that resuming mends it;
        // damage that resuming refuses says so, and where to cut.
        let zeroed = format!("{whole}{}", "\0".repeat(10));
        let e = TaskLog::parse(&zeroed).unwrap_err().to_string();
        assert!(
            e.contains("line 4: the last line ends in 10 zero bytes")
                && e.contains("a run that resumes the log removes them"),
            "{e}"
        );
        let cut = format!("{whole}3 0");
        let e = TaskLog::parse(&cut).unwrap_err().to_string();
        assert!(
            e.contains("a run that resumes the log removes that line"),
            "{e}"
        );
        let e = TaskLog::parse(&format!("{whole}hello\0"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(
                "line 4: the last line has no newline and is not a task line cut short: the file \
                 was damaged after line 3 (keep its first 3 lines to resume from them)"
            ),
            "{e}"
        );
        // Too many zero bytes to be a lost append: damage.
        std::fs::write(&path, format!("{whole}{}", "\0".repeat(ZERO_TAIL_MAX + 1))).unwrap();
        assert!(TaskLogWriter::open(&path, fresh()).is_err());
        // A cut line in a log of another count: refused, not mended.
        std::fs::write(&path, &text[..text.len() - 3]).unwrap();
        let other = TaskLog::new(9, "backtrack", 4, "00ff00ff00ff00ff");
        assert!(TaskLogWriter::open(&path, other).is_err());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text[..text.len() - 3]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// An empty file, or a header cut short, starts anew with a note; a
    /// short file that is no header is refused.
    #[test]
    fn an_empty_log_starts_anew() {
        let dir = scratch("empty");
        let path = dir.join("log");
        let header = fresh().header_line();
        for (text, note) in [
            (String::new(), Some(TaskLogNote::Empty)),
            (
                header[..10].to_string(),
                Some(TaskLogNote::CutLine {
                    line: 1,
                    text: header[..10].to_string(),
                }),
            ),
        ] {
            std::fs::write(&path, &text).unwrap();
            let w = TaskLogWriter::open(&path, fresh()).unwrap();
            assert_eq!(w.note(), note.as_ref());
            assert!(note.unwrap().to_string().contains("anew"));
            drop(w);
            assert_eq!(std::fs::read_to_string(&path).unwrap(), header);
        }
        // A file this run creates: no note.
        std::fs::remove_file(&path).unwrap();
        assert!(TaskLogWriter::open(&path, fresh())
            .unwrap()
            .note()
            .is_none());
        std::fs::write(&path, "hello").unwrap();
        assert!(TaskLogWriter::open(&path, fresh()).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A second writer of one log is refused while the first holds it.
    #[test]
    fn one_writer_at_a_time() {
        let dir = scratch("lock");
        let path = dir.join("log");
        let w = TaskLogWriter::open(&path, fresh()).unwrap();
        let e = TaskLogWriter::open(&path, fresh()).unwrap_err();
        assert!(matches!(e, TaskLogError::Locked { .. }), "{e}");
        assert!(
            e.to_string().contains("another run holds the task log"),
            "{e}"
        );
        drop(w);
        TaskLogWriter::open(&path, fresh()).unwrap();
        // Locked, never opened: a file the lock created goes again.
        let other = dir.join("other");
        let lock = TaskLogWriter::lock(&other).unwrap();
        assert!(other.exists());
        drop(lock);
        assert!(!other.exists());
        // A symbolic link to a log not yet there: the log is made where it
        // leads (it was "replaced again and again"), and held by both names.
        #[cfg(unix)]
        {
            let link = dir.join("link");
            std::os::unix::fs::symlink("target", &link).unwrap();
            let mut w = TaskLogWriter::open(&link, fresh()).unwrap();
            w.record(1, Tally::default()).unwrap();
            for name in ["link", "target"] {
                let e = TaskLogWriter::open(&dir.join(name), fresh()).unwrap_err();
                assert!(matches!(e, TaskLogError::Locked { .. }), "{name}: {e}");
            }
            drop(w);
            assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
            let read = TaskLog::load(&dir.join("target")).unwrap().unwrap();
            assert_eq!(read.tasks_done(), 1);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_writer_appends_and_resumes() {
        let dir = std::env::temp_dir().join(format!("nqueens-task-log-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("log");
        let _ = std::fs::remove_file(&path);
        let fresh = || TaskLog::new(8, "backtrack", 4, "00ff00ff00ff00ff");
        let mut w = TaskLogWriter::open(&path, fresh()).unwrap();
        w.record(
            1,
            Tally {
                solutions: 3,
                classes_x8: 3,
            },
        )
        .unwrap();
        drop(w);
        let mut w = TaskLogWriter::open(&path, fresh()).unwrap();
        assert_eq!(w.log().tasks_done(), 1);
        w.record(
            0,
            Tally {
                solutions: 2,
                classes_x8: 2,
            },
        )
        .unwrap();
        drop(w);
        let log = TaskLog::load(&path).unwrap().unwrap();
        assert_eq!(log.tasks_done(), 2);
        let other = TaskLog::new(8, "backtrack", 5, "00ff00ff00ff00ff");
        let e = TaskLogWriter::open(&path, other).unwrap_err().to_string();
        assert!(
            e.contains("plan of 4 tasks") && e.contains("not for this count"),
            "{e}"
        );
        // /dev/zero is refused at once, not read without end.
        if Path::new("/dev/zero").exists() {
            assert!(TaskLog::load(Path::new("/dev/zero")).is_err());
        }
        // A header that claims more tasks than any plan has is refused
        // before the size it claims is read (10^15 tasks: gigabytes of a
        // file were read; 2^64 − 1: the bound wrapped to 4,095 bytes).
        for tasks in [PLAN_TASKS_MAX + 1, 1_000_000_000_000_000, usize::MAX] {
            let log = TaskLog::new(8, "backtrack", tasks, "00ff00ff00ff00ff");
            std::fs::write(&path, log.header_line()).unwrap();
            let e = TaskLog::load(&path).unwrap_err().to_string();
            assert!(e.contains("more than any plan has"), "{e}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// No engine's plan has more tasks than a header may say.
    #[test]
    fn every_plan_fits_the_bound_on_a_header() {
        for engine in crate::count::engines() {
            let plan = engine.plan(engine.max_n()).unwrap();
            assert!(
                plan.len() <= PLAN_TASKS_MAX,
                "{}: {}",
                engine.name(),
                plan.len()
            );
        }
    }
}
