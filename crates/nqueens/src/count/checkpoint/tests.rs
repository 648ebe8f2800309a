//! Checkpoints written, read back, refused and locked, on real files in
//! scratch directories.

use super::*;
use crate::count::plan::PLAN_TASKS_MAX;

/// A fresh, empty directory for one test.
pub(crate) fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "nqueens-test-{}-{name}-{}",
        std::process::id(),
        TEMP_SEQUENCE.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn tally(solutions: u128, classes_x8: u128) -> Tally {
    Tally {
        solutions,
        classes_x8,
    }
}

fn sample() -> Checkpoint {
    let mut ck = Checkpoint::new(10, "constellation", 7);
    ck.record(4, tally(96, 88));
    ck.record(0, tally(120, 96));
    ck.record(1, tally(64, 64));
    ck
}

/// `text` with the `end` line that `to_text` would add.
fn seal(text: &str) -> String {
    let lines = text.lines().count() - 1;
    format!(
        "{text}end {lines} {:08x}\n",
        crc32fast::hash(text.as_bytes())
    )
}

fn header(n: usize, engine: &str, tasks: usize) -> String {
    format!(
        "{{\"format\":\"nqueens-checkpoint\",\"version\":\"{}\",\"n\":{n},\"engine\":\"{engine}\",\"tasks\":{tasks},\"fingerprint\":\"\"}}\n",
        current_version()
    )
}

#[test]
fn bookkeeping() {
    let ck = sample();
    assert_eq!(ck.done_count(), 3);
    assert!(ck.is_done(4) && !ck.is_done(2));
    assert_eq!(ck.pending(), vec![2, 3, 5, 6]);
    assert_eq!(ck.pending_in(1..5), vec![2, 3]);
    assert_eq!(ck.pending_in(5..100), vec![5, 6]);
    assert_eq!(ck.total(), tally(280, 248));
    assert_eq!(ck.total_in(1..5), tally(160, 152));
    assert!(!ck.is_complete());
    assert_eq!(ck.done().map(|(i, _)| i).collect::<Vec<_>>(), vec![0, 1, 4]);
    assert!(ck.version.contains(env!("CARGO_PKG_VERSION")));
}

/// A plan of a million tasks (n = 28 has ten): saved and loaded back
/// whole, as a count at the frontier would. With `--ignored
/// --nocapture` in a release build it prints how long each step takes.
#[test]
fn a_million_tasks_round_trip() {
    let tasks = 1_000_000;
    let mut ck = Checkpoint::new(28, "join", tasks);
    for i in (0..tasks).rev().filter(|i| i % 7 != 3) {
        ck.record(i, tally(i as u128 * 1_000_003, i as u128 * 8));
    }
    let dir = std::env::temp_dir().join(format!("nqueens-ck-million-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("million.ckpt");
    let start = std::time::Instant::now();
    ck.save(&path).unwrap();
    let saved = start.elapsed();
    let start = std::time::Instant::now();
    let again = Checkpoint::load(&path).unwrap().unwrap();
    let loaded = start.elapsed();
    assert_eq!(again.done_count(), ck.done_count());
    assert_eq!(again.total(), ck.total());
    assert_eq!(again.pending().len(), tasks - ck.done_count());
    eprintln!(
        "{} of {tasks} tasks: saved in {saved:.2?}, loaded in {loaded:.2?} ({} bytes)",
        ck.done_count(),
        std::fs::metadata(&path).unwrap().len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_text_is_as_documented() {
    let text = sample().to_text();
    let body = format!(
        "{}0 120 96\n1 64 64\n4 96 88\n",
        header(10, "constellation", 7)
    );
    assert_eq!(text, seal(&body));
    assert!(text.ends_with(&format!("end 3 {:08x}\n", crc32fast::hash(body.as_bytes()))));
}

#[test]
fn text_round_trip_including_counts_above_64_bits() {
    let mut ck = sample();
    let big = (1u128 << 100) + 12_345;
    ck.record(6, tally(big, u128::MAX / 2));
    let again = Checkpoint::parse(&ck.to_text()).unwrap();
    assert_eq!(again, ck);
    assert_eq!(again.total().solutions, 280 + big);
    // Any order loads, sealed as it stands; a CRLF file too.
    let shuffled = format!("{}4 96 88\n0 120 96\r\n", header(10, "constellation", 7));
    let c = Checkpoint::parse(&seal(&shuffled)).unwrap();
    assert_eq!(c.pending(), vec![1, 2, 3, 5, 6]);
}

#[test]
fn atomic_save_leaves_no_temp_file_and_loads_back() {
    let dir = scratch_dir("save");
    let path = dir.join("count.ckpt");
    assert!(Checkpoint::load(&path).unwrap().is_none());
    let mut ck = sample();
    ck.save(&path).unwrap();
    ck.record(2, tally(1, 8));
    ck.save(&path).unwrap(); // over the old one
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, vec!["count.ckpt".to_string()]);
    let loaded = Checkpoint::load(&path).unwrap().unwrap();
    assert_eq!(loaded, ck);
    loaded.check_matches(10, "constellation", 7).unwrap();
    let resumed = Checkpoint::load_or_new(&path, 10, "constellation", 7).unwrap();
    assert_eq!(resumed.done_count(), 4);
    let fresh = Checkpoint::load_or_new(&dir.join("none"), 10, "constellation", 7).unwrap();
    assert_eq!(fresh.done_count(), 0);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saving_into_a_missing_directory_fails_cleanly() {
    let dir = scratch_dir("missing");
    let path = dir.join("no/such/dir/ck");
    assert!(sample().save(&path).is_err());
    assert!(Checkpoint::load(&dir).is_err()); // a directory is not a file
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn another_count_is_refused() {
    let dir = scratch_dir("refuse");
    let path = dir.join("ck");
    sample().save(&path).unwrap();
    let ck = Checkpoint::load(&path).unwrap().unwrap();

    let e = ck.check_matches(11, "constellation", 7).unwrap_err();
    assert!(matches!(
        e,
        CheckpointError::WrongN {
            found: 10,
            expected: 11,
            ..
        }
    ));
    let msg = e.to_string();
    assert!(msg.contains("is for n = 10, not n = 11"), "{msg}");
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    assert!(msg.contains("delete"), "{msg}");

    let e = ck.check_matches(10, "simple", 7).unwrap_err();
    assert!(matches!(e, CheckpointError::WrongEngine { .. }));
    assert!(
        e.to_string()
            .contains("the constellation engine, not the simple engine"),
        "{e}"
    );

    let e = ck.check_matches(10, "constellation", 8).unwrap_err();
    assert!(matches!(
        e,
        CheckpointError::WrongTasks {
            found: 7,
            expected: 8,
            ..
        }
    ));
    assert!(e.to_string().contains("has 7 tasks"), "{e}");

    let mut old = ck.clone();
    old.version = "nqueens 0.0.1, checkpoint format 2".to_string();
    let e = old.check_matches(10, "constellation", 7).unwrap_err();
    assert!(matches!(e, CheckpointError::WrongVersion { .. }));
    let msg = e.to_string();
    assert!(
        msg.contains("nqueens 0.0.1") && msg.contains(&current_version()),
        "{msg}"
    );

    // An older nqueens with the same format loads, but is refused for resuming.
    old.save(&path).unwrap();
    let loaded = Checkpoint::load(&path).unwrap().unwrap();
    assert!(matches!(
        loaded.check_matches(10, "constellation", 7),
        Err(CheckpointError::WrongVersion { .. })
    ));
    assert!(matches!(
        Checkpoint::load_or_new(&path, 10, "constellation", 7),
        Err(CheckpointError::WrongVersion { .. })
    ));
    fs::remove_dir_all(&dir).unwrap();
}

fn line_of(e: &CheckpointError) -> usize {
    match e {
        CheckpointError::Malformed { line, .. }
        | CheckpointError::DuplicateTask { line, .. }
        | CheckpointError::TaskOutOfRange { line, .. } => *line,
        other => panic!("unexpected {other}"),
    }
}

#[test]
fn malformed_files_are_refused_naming_the_line() {
    let h = header(10, "constellation", 7);
    let cases: &[(String, usize, &str)] = &[
        (String::new(), 1, "empty"),
        ("hello\n".to_string(), 1, "not an nqueens checkpoint"),
        (
            "{\"format\":\"nqueens-partial\"}\n".into(),
            1,
            "not an nqueens checkpoint",
        ),
        ("{\"n\":3}\n".into(), 1, "no \"format\""),
        (h.trim_end().to_string(), 1, "cut short"),
        (
            h.replace("\"tasks\":7", "\"tasks\":-7"),
            1,
            "bad checkpoint header",
        ),
        (h.replace(",\"tasks\":7", ""), 1, "missing field `tasks`"),
        (format!("{h}0 1 8\n1 2\n"), 3, "three whole numbers"),
        (format!("{h}0 1 8\n1 2 3 4\n"), 3, "three whole numbers"),
        (format!("{h}0 1 8\n\n"), 3, "three whole numbers"),
        (
            format!("{h}0 1 8\n1 x 3\n"),
            3,
            "\"x\" is not a whole number",
        ),
        (format!("{h}-1 1 3\n"), 2, "\"-1\" is negative"),
        (
            format!("{h}0 340282366920938463463374607431768211456 8\n"),
            2,
            "is out of range (at most 340282366920938463463374607431768211455)",
        ),
        (format!("{h}0 1 8\n1 2 3"), 3, "cut short"),
        (
            format!("{h}0 1 8\n3 2 3\n0 1 8\n"),
            4,
            "task 0 is recorded twice (first on line 2)",
        ),
        (
            format!("{h}7 1 8\n"),
            2,
            "there is no task 7: the plan has 7 tasks, numbered 0 to 6",
        ),
        (
            format!("{h}99999999999999999999999 1 8\n"),
            2,
            "there is no task",
        ),
        (
            format!("{h}0 {} 0\n1 {} 0\n", u128::MAX, u128::MAX),
            3,
            "more than 128 bits",
        ),
    ];
    for (text, line, words) in cases {
        let e = Checkpoint::parse(text).unwrap_err();
        let msg = e.to_string();
        assert_eq!(line_of(&e), *line, "{text:?}: {msg}");
        assert!(msg.contains(words), "{text:?}: {msg}");
        assert!(
            msg.starts_with(&format!("the checkpoint, line {line}: ")),
            "{msg}"
        );
    }
}

#[test]
fn errors_name_the_file() {
    let dir = scratch_dir("named");
    let path = dir.join("bad.ckpt");
    fs::write(&path, format!("{}1 2\n", header(8, "constellation", 3))).unwrap();
    let msg = Checkpoint::load(&path).unwrap_err().to_string();
    assert!(
        msg.starts_with(&format!("the checkpoint file {}, line 2: ", path.display())),
        "{msg}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn another_format_version_is_refused() {
    for old in ["1", "3"] {
        let text = format!("{{\"format\":\"nqueens-checkpoint\",\"version\":\"nqueens 9.0.0, checkpoint format {old}\",\"whatever\":[]}}\n");
        let e = Checkpoint::parse(&text).unwrap_err();
        assert!(matches!(e, CheckpointError::UnsupportedFormat { .. }));
        let msg = e.to_string();
        assert!(
            msg.contains(&format!("nqueens 9.0.0, checkpoint format {old}")),
            "{msg}"
        );
        assert!(msg.contains("reads checkpoint format 2 only"), "{msg}");
    }
}

/// Every way a file the program wrote can be changed is refused: one
/// changed digit, a dropped line, lines swapped, another n, a cut, the
/// end line dropped, a line added after it, another plan.
#[test]
fn tampered_files_are_refused() {
    let mut ck = sample().with_fingerprint("00112233445566aa");
    ck.record(5, tally(1_000, 1_000));
    let good = ck.to_text();
    assert_eq!(Checkpoint::parse(&good).unwrap(), ck);
    let lines: Vec<&str> = good.split_inclusive('\n').collect();
    let digit = good.replacen("0 120 96", "0 121 96", 1);
    let dropped: String = lines
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != 2)
        .map(|(_, l)| *l)
        .collect();
    let mut swapped = lines.clone();
    swapped.swap(1, 2);
    let swapped: String = swapped.concat();
    let other_n = good.replacen("\"n\":10", "\"n\":11", 1);
    let cut = &good[..good.len() - 5];
    let no_end: String = lines[..lines.len() - 1].concat();
    let after_end = format!("{good}6 1 1\n");
    for (what, text) in [
        ("digit", digit.as_str()),
        ("dropped", &dropped),
        ("swapped", &swapped),
        ("other n", &other_n),
        ("cut", cut),
        ("no end", &no_end),
        ("after end", &after_end),
    ] {
        let e = Checkpoint::parse(text).expect_err(what);
        let msg = e.to_string();
        assert!(
            msg.contains("edited") || msg.contains("cut short") || msg.contains("damaged"),
            "{what}: {msg}"
        );
        // The checksum that would seal the changed file is not given away.
        let body_end = text.rfind("end ").unwrap_or(text.len());
        let sealing = format!("{:08x}", crc32fast::hash(&text.as_bytes()[..body_end]));
        assert!(!msg.contains(&sealing), "{what}: {msg}");
    }
    // Only the end line's newline lost: the data is whole, but a file cut
    // short is refused all the same, on that line.
    let e = Checkpoint::parse(&good[..good.len() - 1]).unwrap_err();
    assert_eq!(line_of(&e), lines.len(), "{e}");
    assert!(
        e.to_string()
            .contains("the last line has no newline at its end: the file was cut short"),
        "{e}"
    );
    // A changed count of tasks is named as such.
    let fewer = good.replacen("end 4 ", "end 3 ", 1);
    let e = Checkpoint::parse(&fewer).unwrap_err().to_string();
    assert!(
        e.contains("says \"3\" tasks, but the lines above hold 4"),
        "{e}"
    );
    let e = Checkpoint::parse(&good)
        .unwrap()
        .check_fingerprint("ffffffffffffffff")
        .unwrap_err();
    assert!(e.to_string().contains("another plan"), "{e}");
}

/// A file that is not a checkpoint, however large or binary, is refused
/// after reading at most what a checkpoint of its plan could hold.
#[test]
fn hostile_files_are_refused_in_bounded_memory() {
    let dir = scratch_dir("hostile");
    let path = dir.join("ck");
    // Not a checkpoint's header: said so from the first line, not blamed on
    // the size (it said "larger than a checkpoint of 0 tasks can be").
    fs::write(&path, vec![b'7'; 8 << 20]).unwrap();
    let e = Checkpoint::load(&path).unwrap_err();
    assert!(
        matches!(e, CheckpointError::Malformed { line: 1, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("not an nqueens checkpoint"), "{e}");
    // A checkpoint's header and more than its 3 tasks can fill.
    let long = format!(
        "{}{}",
        header(10, "constellation", 3),
        "0\n".repeat(1 << 20)
    );
    fs::write(&path, long).unwrap();
    let e = Checkpoint::load(&path).unwrap_err();
    assert!(
        matches!(e, CheckpointError::TooLarge { tasks: 3, .. }),
        "{e}"
    );
    fs::write(&path, vec![0u8; 1000]).unwrap();
    assert!(Checkpoint::load(&path).is_err());
    // A header that claims more tasks than any plan has is refused before
    // the size it claims is read (10^15 tasks: gigabytes were read; 2^64 −
    // 1: the bound wrapped to 4,096 bytes).
    for tasks in [PLAN_TASKS_MAX + 1, 1_000_000_000_000_000, usize::MAX] {
        fs::write(&path, header(10, "constellation", tasks)).unwrap();
        let e = Checkpoint::load(&path).unwrap_err();
        assert!(e.to_string().contains("more than any plan has"), "{e}");
    }
    let big = format!(
        "{}{}\n",
        header(10, "constellation", 3),
        "1 ".repeat(10_000)
    );
    fs::write(&path, big).unwrap();
    assert!(Checkpoint::load(&path).is_err());
    fs::remove_dir_all(&dir).unwrap();
    if Path::new("/dev/zero").exists() {
        assert!(Checkpoint::load(Path::new("/dev/zero")).is_err());
    }
}

/// One run at a time holds a checkpoint file, across its saves (each a
/// new file renamed over the old); an empty file is a new checkpoint,
/// and a file this run created and never saved into is removed.
#[test]
fn a_checkpoint_file_is_held_by_one_run() {
    let dir = scratch_dir("held");
    let path = dir.join("ck");
    let (mut file, found) = CheckpointFile::open(&path).unwrap();
    assert!(found.is_none() && !file.was_empty() && path.exists());
    let e = CheckpointFile::open(&path).unwrap_err();
    assert!(matches!(e, CheckpointError::Locked { .. }), "{e}");
    assert!(e.to_string().contains("another run holds"), "{e}");
    file.save(&sample()).unwrap();
    file.save(&sample()).unwrap();
    // Still held after two saves (the name now leads to another file).
    assert!(matches!(
        CheckpointFile::open(&path),
        Err(CheckpointError::Locked { .. })
    ));
    drop(file);
    let (file, found) = CheckpointFile::open(&path).unwrap();
    assert_eq!(found, Some(sample()));
    drop(file);
    assert!(path.exists(), "a saved checkpoint is kept");

    // Created and never saved into: removed again.
    let other = dir.join("unsaved");
    drop(CheckpointFile::open(&other).unwrap());
    assert!(!other.exists());

    // An empty file (the machine died before the first save) is new.
    fs::write(&other, "").unwrap();
    let (file, found) = CheckpointFile::open(&other).unwrap();
    assert!(found.is_none() && file.was_empty());
    drop(file);
    assert!(other.exists(), "a file that was there stays");
    fs::remove_dir_all(&dir).unwrap();
}

/// A save that fails says what the file still holds: the last save,
/// which it leaves in place.
#[test]
fn a_failed_save_says_what_the_file_still_holds() {
    let dir = scratch_dir("failed");
    let inner = dir.join("inner");
    fs::create_dir_all(&inner).unwrap();
    let path = inner.join("ck");
    let (mut file, _) = CheckpointFile::open(&path).unwrap();
    let mut ck = sample();
    file.save(&ck).unwrap();
    // The directory goes away (a file in its place): no temporary file
    // can be made there.
    fs::rename(&inner, dir.join("moved")).unwrap();
    fs::write(&inner, "").unwrap();
    ck.record(2, tally(1, 8));
    let e = file.save(&ck).unwrap_err();
    assert!(
        matches!(
            e,
            CheckpointError::Save {
                kept: Some((3, 7)),
                ..
            }
        ),
        "{e}"
    );
    let msg = e.to_string();
    assert!(
        msg.starts_with(&format!(
            "cannot save the checkpoint file {}: ",
            path.display()
        )) && msg.ends_with("the file still holds the state at 3 of 7 tasks, from its last save"),
        "{msg}"
    );
    drop(file);
    let kept = Checkpoint::load(&dir.join("moved/ck")).unwrap().unwrap();
    assert_eq!(kept, sample());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[should_panic(expected = "task 7 recorded in a checkpoint of 7 tasks")]
fn recording_outside_the_plan_panics() {
    sample().record(7, Tally::default());
}

/// The `text` block of a module's docs (`//! ```text` to `//! ````), as a
/// file: the example a reader copies.
pub(crate) fn doc_example(source: &str) -> String {
    source
        .lines()
        .skip_while(|l| *l != "//! ```text")
        .skip(1)
        .take_while(|l| *l != "//! ```")
        .map(|l| format!("{}\n", l.strip_prefix("//! ").unwrap_or("")))
        .collect()
}

/// The module docs' example checkpoint is one this module reads, of the
/// plan and tasks its words name (its checksum was once wrong).
#[test]
fn the_docs_example_is_a_checkpoint_of_the_plan_it_names() {
    use crate::count::constellation::ConstellationEngine;
    use crate::count::plan::{plan_fingerprint, Engine};
    let text = doc_example(include_str!("mod.rs"));
    let ck = Checkpoint::parse(&text).unwrap();
    let plan = ConstellationEngine.plan(10).unwrap();
    ck.check_matches(10, "constellation", plan.len()).unwrap();
    ck.check_fingerprint(&plan_fingerprint(plan.as_ref()))
        .unwrap();
    let done: Vec<(usize, Tally)> = ck.done().collect();
    assert_eq!(done.iter().map(|d| d.0).collect::<Vec<_>>(), [0, 1, 4]);
    for (i, tally) in done {
        assert_eq!(tally, plan.count(i), "task {i}");
    }
}

/// A checkpoint named by a symbolic link is saved into the file it leads
/// to (made there if there is none yet), the link kept: a save renamed
/// over the link, which left the target stale and unlocked, so a second
/// run could take it. A file with other names (hard links) is refused; a
/// killed save's temporary file is removed by the next run that holds the
/// checkpoint.
#[cfg(unix)]
#[test]
fn links_and_leftovers() {
    let dir = scratch_dir("links");
    let (real, link) = (dir.join("real.ckpt"), dir.join("link.ckpt"));
    std::os::unix::fs::symlink("real.ckpt", &link).unwrap();
    let (mut file, found) = CheckpointFile::open(&link).unwrap();
    assert_eq!((found, file.path()), (None, link.as_path()));
    let mut ck = sample();
    ck.record(6, tally(1, 1));
    file.save(&ck).unwrap();
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(Checkpoint::load(&real).unwrap(), Some(ck.clone()));
    // The target is held through the link, by either name.
    for name in [&real, &link] {
        let e = CheckpointFile::open(name).unwrap_err();
        assert!(matches!(e, CheckpointError::Locked { .. }), "{e}");
    }
    drop(file);

    // A loop of links is said to be one.
    let (a, b) = (dir.join("a.ckpt"), dir.join("b.ckpt"));
    std::os::unix::fs::symlink("b.ckpt", &a).unwrap();
    std::os::unix::fs::symlink("a.ckpt", &b).unwrap();
    let e = CheckpointFile::open(&a).unwrap_err().to_string();
    assert!(e.contains("a loop of symbolic links"), "{e}");

    let other = dir.join("other.ckpt");
    fs::hard_link(&real, &other).unwrap();
    let e = CheckpointFile::open(&other).unwrap_err().to_string();
    assert!(e.contains("it has other names (hard links)"), "{e}");
    fs::remove_file(&other).unwrap();

    let stale = dir.join("real.ckpt.tmp.4242.7");
    let kept = [
        dir.join("real.ckpt.tmp.x.7"),
        dir.join("real.ckpt.tmp.4242"),
    ];
    for f in kept.iter().chain([&stale]) {
        fs::write(f, "half a save").unwrap();
    }
    let (_file, found) = CheckpointFile::open(&real).unwrap();
    assert_eq!(found, Some(ck));
    assert!(!stale.exists());
    assert!(kept.iter().all(|f| f.exists()));
    fs::remove_dir_all(&dir).unwrap();
}
