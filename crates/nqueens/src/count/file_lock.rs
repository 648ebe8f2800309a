//! One run per file: the advisory lock that a count holds on its checkpoint
//! and its task log for as long as it runs.
//!
//! Two runs resuming one task log at once both append every task (the log
//! ends with every task twice, and the next run refuses it); two runs saving
//! one checkpoint overwrite each other's work. So a run locks each file it
//! writes (`flock` on Unix, `LockFileEx` on Windows, through the standard
//! library's [`File::try_lock`]) and a second run is refused at once. The
//! lock is advisory: it keeps out other runs of this program, not a person
//! with an editor. It goes with the process: a killed run leaves no stale
//! lock behind. Where the file system has no locks at all (some network
//! file systems) the file is used unlocked.
//!
//! A checkpoint is saved by renaming a new file over the old one, so the
//! name moves to another file at every save. The saving run locks the new
//! file before the rename; a run that opened the old file and then got its
//! lock (released after the rename) sees that the name now names another
//! file, and tries that one, which is locked.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io;
use std::path::Path;

/// What [`lock`] found.
#[derive(Debug)]
pub(crate) enum Lock {
    /// The file is this run's: `file` holds the lock until it is dropped;
    /// `created` when there was no file and this run created it (empty).
    Held { file: File, created: bool },
    /// Another run holds the file.
    Busy,
}

/// How many times the name may move to another file between opening and
/// locking before [`lock`] gives up.
const ATTEMPTS: usize = 16;

/// Locks the file at `path` for this run, creating it empty if there is
/// none.
///
/// # Errors
/// What the system said when opening or creating the file, or when the name
/// kept moving to other files.
pub(crate) fn lock(path: &Path) -> io::Result<Lock> {
    // A device, a pipe or a directory is no file of a run's: never locked,
    // taken for empty or renamed over (`--checkpoint /dev/zero` as root
    // would replace the device). Looked at before opening: opening a pipe
    // waits for a writer.
    let not_a_file = || {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "it is not a regular file (a device, a pipe or a directory)",
        )
    };
    match fs::metadata(path) {
        Ok(m) if !m.is_file() => return Err(not_a_file()),
        _ => {}
    }
    // Through a symbolic link, the file it leads to (created there if it
    // is not yet): creating a file through a link fails as if it were
    // there, and opening it as if it were not.
    let path = &resolve(path)?;
    for _ in 0..ATTEMPTS {
        let (file, created) = match OpenOptions::new().write(true).create_new(true).open(path) {
            Ok(file) => (file, true),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => match File::open(path) {
                Ok(file) => (file, false),
                // Removed in between: create it again.
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e),
            },
            Err(e) => return Err(e),
        };
        if !file.metadata()?.is_file() {
            return Err(not_a_file());
        }
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Ok(Lock::Busy),
            // No locks on this file system: go on unlocked.
            Err(TryLockError::Error(_)) => {}
        }
        if names(path, &file)? {
            return Ok(Lock::Held { file, created });
        }
    }
    Err(io::Error::other(
        "the file was replaced again and again while this run tried to lock it",
    ))
}

/// The file `path` names: itself, or the end of the symbolic links it is
/// (which need not exist yet). A checkpoint is saved there, so that a save
/// renames over the file and not over the link (which left the file stale
/// and unlocked, for a second run to take).
pub(crate) fn resolve(path: &Path) -> io::Result<std::path::PathBuf> {
    let mut p = path.to_path_buf();
    // As many links as the system follows.
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("it is a loop of symbolic links"))
}

/// Locks `file`, a new file of this run's (a checkpoint about to be renamed
/// into place); where the file system has no locks, it goes on unlocked.
pub(crate) fn lock_new(file: &File) {
    let _ = file.try_lock();
}

/// Whether `path` still names `file` (it was not renamed over or removed).
pub(crate) fn names(path: &Path, file: &File) -> io::Result<bool> {
    let there = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    };
    Ok(same(&there, &file.metadata()?))
}

#[cfg(unix)]
fn same(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = std::env::temp_dir().join(format!("nqueens-lock-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("log");
        let Lock::Held { file, created } = lock(&path).unwrap() else {
            panic!("not locked")
        };
        assert!(created);
        assert!(matches!(lock(&path).unwrap(), Lock::Busy));
        drop(file);
        assert!(matches!(
            lock(&path).unwrap(),
            Lock::Held { created: false, .. }
        ));
        // A name moved to another (locked) file is followed.
        let Lock::Held { file: old, .. } = lock(&path).unwrap() else {
            panic!("not locked")
        };
        let temp = dir.join("new");
        let new = File::create(&temp).unwrap();
        lock_new(&new);
        fs::rename(&temp, &path).unwrap();
        assert!(!names(&path, &old).unwrap() && names(&path, &new).unwrap());
        drop(old);
        assert!(matches!(lock(&path).unwrap(), Lock::Busy));
        drop(new);
        // A directory (as a device or a pipe) is refused, and left alone.
        let e = lock(&dir).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        assert!(dir.is_dir());
        let _ = fs::remove_dir_all(&dir);
    }
}
