//! The files a run writes: one file, one role.
//!
//! `count --checkpoint F --task-log F` would rewrite the task log as a
//! checkpoint (and the run would lock the file against itself), so two
//! roles that name one file are refused before any work: the same path
//! written two ways (`f`, `./f`, `dir/../f`), a symbolic link and its
//! target, or two hard links of one file.

use std::fs;
use std::path::{Path, PathBuf};

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
            "note: {from} already {} all {tasks_words} tasks: nothing is left to count",
            if from.contains(" and ") {
                "hold"
            } else {
                "holds"
            },
        )),
        _ => Some(format!(
            "note: resuming from {from}: {} of {tasks_words} tasks already counted",
            nqueens::grouped(held as u128)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
