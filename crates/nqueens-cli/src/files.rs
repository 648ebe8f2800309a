//! The files a run writes: one file, one role.
//!
//! `count --checkpoint F --task-log F` would rewrite the task log as a
//! checkpoint (and the run would lock the file against itself), so two
//! roles that name one file are refused before any work: the same path
//! written two ways (`f`, `./f`, `dir/../f`), a symbolic link and its
//! target, or two hard links of one file.
//!
//! And the partial results `merge` reads, bounded ([`read_parts`]).

use std::fs;
use std::io::BufRead;
use std::path::{Path, PathBuf};

use nqueens::{grouped, PartialResult};

use crate::exit::usage;

/// Refuses two of `roles` (an option, such as `--checkpoint`, and its
/// file) that name the same file.
pub fn refuse_shared(roles: &[(&str, &Path)]) -> anyhow::Result<()> {
    for (i, &(first, a)) in roles.iter().enumerate() {
        for &(second, b) in &roles[i + 1..] {
            if same_file(a, b) {
                usage!(
                    "{first} '{}' and {second} '{}' are the same file: each needs a file of its \
                     own (one would overwrite the other); give two different files",
                    a.display(),
                    b.display()
                );
            }
        }
    }
    Ok(())
}

/// Whether `a` and `b` are one file: for files that exist, the same device
/// and inode (links of every kind); otherwise the same place.
fn same_file(a: &Path, b: &Path) -> bool {
    if let (Ok(ma), Ok(mb)) = (fs::metadata(a), fs::metadata(b)) {
        return same_inode(&ma, &mb);
    }
    match (place(a), place(b)) {
        (Some(pa), Some(pb)) => pa == pb,
        _ => a == b,
    }
}

/// Where `path` is or would be: its canonical path, or that of its
/// directory followed by its name, following a symbolic link to a file
/// not there yet.
fn place(path: &Path) -> Option<PathBuf> {
    let mut path = path.to_path_buf();
    // As many links as the system follows (Linux's MAXSYMLINKS).
    for _ in 0..40 {
        if let Ok(p) = fs::canonicalize(&path) {
            return Some(p);
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        match fs::read_link(&path) {
            Ok(target) => path = dir.join(target),
            Err(_) => return Some(fs::canonicalize(dir).ok()?.join(path.file_name()?)),
        }
    }
    None
}

#[cfg(unix)]
fn same_inode(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_inode(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    false
}

/// What a count resumed from its files says first (`nqueens count` and
/// `nqueens-mpi count` alike): `from` (the files, in words) holds `held` of
/// the `tasks` tasks already; `None` when it holds none.
pub fn resume_note(from: &str, held: usize, tasks: usize) -> Option<String> {
    let tasks_words = nqueens::grouped(tasks as u128);
    match held {
        0 => None,
        _ if held == tasks => Some(format!(
            "note: {from} already {} {}: nothing is left to count",
            if from.contains(" and ") {
                "hold"
            } else {
                "holds"
            },
            if tasks == 1 {
                "the plan's one task".to_string()
            } else {
                format!("all {tasks_words} tasks")
            },
        )),
        _ => Some(format!(
            "note: resuming from {from}: {} of {tasks_words} tasks already counted",
            nqueens::grouped(held as u128)
        )),
    }
}

/// The note of a resumed count that finished: what this run counted and
/// in how long; the count's own time is not known (it prints none).
///
/// ```
/// use nqueens_cli::files::this_run_note;
///
/// assert_eq!(
///     this_run_note(3_438, 1.8),
///     "note: this run counted 3,438 tasks in 1.8s; the time of the earlier runs is not recorded"
/// );
/// ```
pub fn this_run_note(counted: usize, seconds: f64) -> String {
    format!(
        "note: this run counted {} in {}; the time of the earlier runs is not recorded",
        nqueens::plural(counted as u128, "task", "tasks"),
        nqueens::show_duration(seconds)
    )
}

/// What keeps an interrupted count's tasks, for [`interrupted_note`].
#[derive(Debug, Clone, Copy)]
pub enum Kept<'a> {
    /// `files` (in words, such as "the task log 'F'") hold every task
    /// counted; `both` when they are two.
    All { files: &'a str, both: bool },
    /// `files` hold only `held` of the tasks counted (a log a little
    /// behind the count, when the signal came between the two); `both` as
    /// for `All`.
    Some {
        files: &'a str,
        both: bool,
        held: usize,
    },
    /// Nothing: `flags` (such as "--task-log FILE") would have kept them.
    Nothing { flags: &'a str },
}

/// What an interrupted count says (`nqueens count` and `nqueens-mpi count`
/// alike): how many of the `tasks` tasks were counted, and whether its
/// files keep them.
///
/// ```
/// use nqueens_cli::files::{interrupted_note, Kept};
///
/// let log = "the task log 'q.log'";
/// assert_eq!(
///     interrupted_note(3_048, 9_473, Kept::All { files: log, both: false }),
///     "note: interrupted after 3,048 of 9,473 tasks; the task log 'q.log' has them: run the same command to go on"
/// );
/// assert_eq!(
///     interrupted_note(12, 100, Kept::Nothing { flags: "--task-log FILE" }),
///     "note: interrupted after 12 of 100 tasks; nothing was kept (use --task-log FILE to be able to resume)"
/// );
/// assert_eq!(
///     interrupted_note(9_473, 9_473, Kept::All { files: log, both: false }),
///     "note: interrupted after 9,473 of 9,473 tasks; the task log 'q.log' has them all: run the same command to print the total"
/// );
/// assert_eq!(
///     interrupted_note(0, 2, Kept::All { files: log, both: false }),
///     "note: interrupted after 0 of 2 tasks; none had finished: run the same command to start again"
/// );
/// ```
pub fn interrupted_note(done: usize, tasks: usize, kept: Kept<'_>) -> String {
    let grouped = |k: usize| nqueens::grouped(k as u128);
    let have = |both: bool| if both { "have" } else { "has" };
    let kept = match kept {
        // ("The task log has them" of no task at all.)
        Kept::All { .. } | Kept::Some { .. } if done == 0 => {
            "none had finished: run the same command to start again".to_string()
        }
        // Every task counted, only the total unprinted.
        Kept::All { files, both } if done == tasks => format!(
            "{files} {} them all: run the same command to print the total",
            have(both)
        ),
        Kept::All { files, both } => {
            format!("{files} {} them: run the same command to go on", have(both))
        }
        Kept::Some { files, both, held } => format!(
            "{files} {} {} of them: run the same command to go on",
            have(both),
            grouped(held)
        ),
        Kept::Nothing { flags } => {
            format!("nothing was kept (use {flags} to be able to resume)")
        }
    };
    format!(
        "note: interrupted after {} of {} tasks; {kept}",
        grouped(done),
        grouped(tasks)
    )
}

/// The longest line read as a partial result: the library's own limit for
/// one (64 KiB; a partial result is one short line).
pub const PART_LINE_MAX: u64 = 64 << 10;
/// The most lines one partial result laid out on several is read from.
const PART_LINES_MAX: usize = 64;
/// The most partial results a merge reads, from all its files and streams
/// together (it was each one's: four streams took 1.4 GB): a million
/// slices, each kept as it is read (about 370 bytes, and its file's name of
/// up to [`NAME_KEPT`] characters).
pub const PARTS_MAX: usize = 1_000_000;

/// The characters of a file's name that its parts keep for messages.
pub const NAME_KEPT: usize = 200;

/// Reads the partial results (of `count --slice`, for `merge`) in
/// `reader`, one a line (blank lines skipped), each line at most
/// [`PART_LINE_MAX`] bytes, into `parts`; the second and later are named by
/// their line in messages; at most `most` in `parts` in all.
pub fn read_parts(
    mut reader: impl std::io::BufRead,
    name: &str,
    parts: &mut Vec<(String, PartialResult)>,
    most: usize,
) -> anyhow::Result<()> {
    // Each part keeps its name: a long path is kept by its end (where the
    // file's own name is), so that a million parts stay within their bound
    // (a path of 3,787 bytes took 1.5 GB for 200,000 parts).
    let name = match name.char_indices().rev().nth(NAME_KEPT) {
        Some((cut, c)) => format!("…{}", &name[cut + c.len_utf8()..]),
        None => name.to_string(),
    };
    let name = name.as_str();
    let mut line = Vec::new();
    let (mut number, mut found) = (0usize, 0usize);
    loop {
        line.clear();
        let read = std::io::Read::take(&mut reader, PART_LINE_MAX + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| crate::exit::UsageError(format!("cannot read {name}: {e}")))?;
        if read == 0 {
            break;
        }
        number += 1;
        let at = if number == 1 {
            name.to_string()
        } else {
            format!("{name}, line {number}")
        };
        if line.len() as u64 > PART_LINE_MAX {
            usage!(
                "{at} is not an nqueens partial result: a line of it is over {} KiB, and a \
                 partial result is one short line",
                PART_LINE_MAX >> 10
            );
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        // A part laid out on several lines (by `jq .`, 16 of them): its
        // lines up to the one that closes its object, within the same
        // bounds on bytes and on lines.
        let (first, object) = (number, line.trim_ascii_start().starts_with(b"{"));
        while object && number - first < PART_LINES_MAX && opens_on(&line) {
            let room = (PART_LINE_MAX + 1).saturating_sub(line.len() as u64);
            let more = std::io::Read::take(&mut reader, room)
                .read_until(b'\n', &mut line)
                .map_err(|e| crate::exit::UsageError(format!("cannot read {name}: {e}")))?;
            if more == 0 || line.len() as u64 > PART_LINE_MAX {
                break;
            }
            number += 1;
        }
        found += 1;
        if parts.len() >= most {
            usage!(
                "{at}: more than {} partial results in all; merge them in groups",
                grouped(most as u128)
            );
        }
        match PartialResult::read(&line[..], &at) {
            Ok(part) => parts.push((at, part)),
            Err(e) => usage!("{e}"),
        }
    }
    if found == 0 {
        usage!("{name} is empty: it holds no partial result");
    }
    Ok(())
}

/// Whether `text` is JSON cut short: an object still open at its end, whose
/// next lines may close it.
fn opens_on(text: &[u8]) -> bool {
    serde_json::from_slice::<serde::de::IgnoredAny>(text)
        .is_err_and(|e| e.classify() == serde_json::error::Category::Eof)
}

/// Whether input starts as the pictures this program writes do: PNG's
/// signature, or an XML declaration or an `<svg` element (after any blank
/// space). `verify` and `verify --instance` say so rather than failing on
/// their first token.
pub fn is_picture(prefix: &[u8]) -> bool {
    let text = prefix.trim_ascii_start();
    prefix.starts_with(b"\x89PNG") || text.starts_with(b"<svg") || text.starts_with(b"<?xml")
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens::{Slice, Tally};

    #[test]
    fn one_file_by_two_names_is_found() {
        let dir = std::env::temp_dir().join(format!("nqueens-files-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("sub")).unwrap();
        let f = dir.join("f");
        // Not there yet: the same place written two ways.
        assert!(same_file(&f, &dir.join("sub/../f")));
        assert!(!same_file(&f, &dir.join("g")));
        #[cfg(unix)]
        {
            // A link to a file not there yet.
            std::os::unix::fs::symlink("sub/../f", dir.join("ahead")).unwrap();
            assert!(same_file(&f, &dir.join("ahead")));
        }
        fs::write(&f, "x").unwrap();
        fs::hard_link(&f, dir.join("hard")).unwrap();
        assert!(same_file(&f, &dir.join("hard")));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&f, dir.join("soft")).unwrap();
            assert!(same_file(&dir.join("soft"), &dir.join("hard")));
        }
        fs::write(dir.join("g"), "x").unwrap();
        assert!(!same_file(&f, &dir.join("g")));
        let _ = fs::remove_dir_all(&dir);
    }

    /// The bound on partial results holds over every file and stream of a
    /// merge: it held for each alone, so four streams took 1.4 GB.
    #[test]
    fn the_bound_on_parts_is_for_all_files_together() {
        let slice = Slice::new(1, 3).unwrap();
        let line = PartialResult::new(10, "constellation", slice, 293, Tally::default()).to_json();
        let stream = format!("{line}\n{line}\n{line}\n");
        let mut parts = Vec::new();
        read_parts(stream.as_bytes(), "a", &mut parts, 5).unwrap();
        assert_eq!(parts.len(), 3);
        let e = read_parts(stream.as_bytes(), "b", &mut parts, 5).unwrap_err();
        assert_eq!(
            e.to_string(),
            "b, line 3: more than 5 partial results in all; merge them in groups"
        );
        assert_eq!(parts.len(), 5);
        // A long name is kept by its end.
        let long = format!("/{}/part-1.json", "d".repeat(5000));
        let mut parts = Vec::new();
        read_parts(stream.as_bytes(), &long, &mut parts, 5).unwrap();
        assert!(parts.iter().all(|(at, _)| at.len() < 220), "{}", parts[0].0);
        assert!(parts[1].0.starts_with('…') && parts[1].0.ends_with("part-1.json, line 2"));
    }
}
