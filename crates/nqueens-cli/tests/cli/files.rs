//! The files a count writes are its own: one file for one role, one run
//! for one file (a lock), what a killed run left mended or refused, and
//! threads the system will not start turned into an error.

use super::*;

/// A fresh, empty directory for one test.
fn scratch(tag: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "nqueens-files-{}-{}-{tag}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const Q10: &str = "n = 10: 724 solutions\n";

/// `--checkpoint F --task-log F` turned the task log into a checkpoint;
/// any two names of one file are refused before any work, and nothing is
/// written.
#[test]
fn one_file_for_two_roles_is_refused() {
    let dir = scratch("roles");
    let f = dir.join("f");
    let refused = |checkpoint: &Path, log: &Path| {
        let e = run(&[
            "count",
            "10",
            "--checkpoint",
            s(checkpoint),
            "--task-log",
            s(log),
        ])
        .error();
        assert!(
            e.contains("--checkpoint") && e.contains("--task-log") && e.contains("the same file"),
            "{e}"
        );
    };
    // Not there yet: one path, and one place written two ways.
    refused(&f, &f);
    refused(&f, &dir.join(".").join("f"));
    assert!(!f.exists(), "nothing is written");
    // A symbolic link to a file not there yet, to one that is, a hard link.
    std::os::unix::fs::symlink(&f, dir.join("soft")).unwrap();
    refused(&f, &dir.join("soft"));
    assert!(!f.exists(), "nothing is written");
    run(&["count", "10", "--task-log", s(&f)]).ok();
    let log = std::fs::read(&f).unwrap();
    refused(&dir.join("soft"), &f);
    std::fs::hard_link(&f, dir.join("hard")).unwrap();
    refused(&dir.join("hard"), &f);
    assert_eq!(
        std::fs::read(&f).unwrap(),
        log,
        "the task log is left alone"
    );
    // Two files are two files (the task log, finished, holds every task).
    let r = run(&[
        "count",
        "10",
        "--checkpoint",
        s(&dir.join("ck")),
        "--task-log",
        s(&f),
    ])
    .code(0);
    assert_eq!(r.stdout, Q10);
    assert!(
        r.stderr.contains("the task log") && r.stderr.contains("already holds all"),
        "{}",
        r.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A device, a pipe or a directory is no checkpoint or task log: refused
/// at once and left as it is (a checkpoint is saved by renaming a new file
/// over the old one).
#[test]
fn what_is_not_a_regular_file_is_refused_and_left_alone() {
    let dir = scratch("special");
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    for option in ["--checkpoint", "--task-log"] {
        for path in [fifo.as_path(), dir.as_path()] {
            let e = run(&["count", "10", option, s(path)]).error();
            // Said once: the message quotes its cause, which is not
            // repeated as "caused by".
            assert_eq!(
                e.matches("not a regular file").count(),
                1,
                "{option} {path:?}: {e}"
            );
        }
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A second run on a file that another run holds is refused at once: a
/// task log (existing, or created by a run still counting) and a checkpoint.
#[test]
fn a_file_held_by_another_run_is_refused() {
    let dir = scratch("lock");
    let log = dir.join("log");
    run(&["count", "10", "--task-log", s(&log)]).ok();
    let before = std::fs::read(&log).unwrap();
    // Another run holds it (the same lock the command takes).
    let held = std::fs::File::open(&log).unwrap();
    held.try_lock().unwrap();
    let e = run(&["count", "10", "--task-log", s(&log)]).error();
    assert!(e.contains("another run holds the task log"), "{e}");
    assert_eq!(std::fs::read(&log).unwrap(), before, "nothing appended");
    // Refused with a new checkpoint: none is left behind.
    let new = dir.join("new.ckpt");
    run(&[
        "count",
        "10",
        "--checkpoint",
        s(&new),
        "--task-log",
        s(&log),
    ])
    .error();
    assert!(!new.exists());
    drop(held);
    // A child another test forks in the meantime holds a copy of the
    // descriptor, and with it the lock, until it execs: wait for that.
    let mut again = run(&["count", "10", "--task-log", s(&log)]);
    for _ in 0..50 {
        if again.code == 0 || !again.stderr.contains("another run holds") {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        again = run(&["count", "10", "--task-log", s(&log)]);
    }
    assert_eq!(again.code(0).stdout, Q10);

    let ck = dir.join("ck");
    run(&["count", "10", "--checkpoint", s(&ck)]).ok();
    let held = std::fs::File::open(&ck).unwrap();
    held.try_lock().unwrap();
    let e = run(&["count", "10", "--checkpoint", s(&ck)]).error();
    assert!(e.contains("another run holds the checkpoint file"), "{e}");
    drop(held);

    // A log that the first run created, while it counts: the second is
    // refused (it was "File exists (os error 17)", or every task twice).
    let fresh = dir.join("fresh");
    let mut first = spawn(&[
        "count",
        "16",
        "--engine",
        "constellation",
        "-j",
        "1",
        "--task-log",
        s(&fresh),
    ]);
    let started = std::time::Instant::now();
    while std::fs::metadata(&fresh).map_or(0, |m| m.len()) == 0 {
        assert!(started.elapsed() < Duration::from_secs(20), "no task log");
        std::thread::sleep(Duration::from_millis(10));
    }
    let second = run(&[
        "count",
        "16",
        "--engine",
        "constellation",
        "--task-log",
        s(&fresh),
    ]);
    let still = first.try_wait().unwrap().is_none();
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(still, "the first run ended before the second ran");
    let e = second.error();
    assert!(e.contains("another run holds the task log"), "{e}");
    assert!(!e.contains("os error"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A task log whose last line was cut short (a run killed while writing
/// it) resumes with a note and the right count; a damaged whole line is
/// still refused.
#[test]
fn a_task_log_cut_mid_line_resumes_and_a_damaged_one_is_refused() {
    let dir = scratch("cut");
    let log = dir.join("log");
    run(&["count", "10", "--task-log", s(&log)]).ok();
    let whole = std::fs::read_to_string(&log).unwrap();
    let lines = whole.lines().count();
    std::fs::write(&log, &whole[..whole.len() - 4]).unwrap();
    let r = run(&["count", "10", "--task-log", s(&log)]).code(0);
    assert_eq!(r.stdout, Q10);
    assert!(
        r.stderr.starts_with("note: the task log")
            && r.stderr.contains(&format!("line {lines} was cut short")),
        "{}",
        r.stderr
    );
    // Mended: whole lines again, read with no note but that it holds them.
    let mended = std::fs::read_to_string(&log).unwrap();
    assert!(mended.ends_with('\n') && mended.lines().count() == lines);
    let r = run(&["count", "10", "--task-log", s(&log)]).code(0);
    assert_eq!(r.stdout, Q10);
    assert_eq!(
        r.stderr,
        format!(
            "note: the task log '{}' already holds all {} tasks: nothing is left to count\n",
            s(&log),
            lines - 1
        )
    );

    // A plan of one task (n = 4) done: the note says so in the singular.
    let one = dir.join("one-task.log");
    let _ = std::fs::remove_file(&one);
    run(&["count", "4", "--task-log", s(&one)]).code(0);
    let r = run(&["count", "4", "--task-log", s(&one)]).code(0);
    assert!(
        r.stderr
            .contains("already holds the plan's one task: nothing is left"),
        "{}",
        r.stderr
    );
    std::fs::remove_file(&one).unwrap();

    // One whole line damaged: refused, naming it, and left as it is.
    let mut damaged: Vec<String> = mended.lines().map(|l| format!("{l}\n")).collect();
    damaged[4] = damaged[4].replacen(' ', " 1", 1);
    let damaged = damaged.concat();
    std::fs::write(&log, &damaged).unwrap();
    let e = run(&["count", "10", "--task-log", s(&log)]).error();
    assert!(e.contains("line 5"), "{e}");
    assert_eq!(std::fs::read_to_string(&log).unwrap(), damaged);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An empty checkpoint or task log (created, then the machine died) is a
/// new one, with a note.
#[test]
fn empty_files_start_anew_with_a_note() {
    let dir = scratch("empty");
    for option in ["--checkpoint", "--task-log"] {
        let file = dir.join(option.trim_start_matches('-'));
        std::fs::write(&file, "").unwrap();
        let r = run(&["count", "10", option, s(&file)]).code(0);
        assert_eq!(r.stdout, Q10);
        assert!(
            r.stderr.starts_with("note: ") && r.stderr.contains("empty"),
            "{option}: {}",
            r.stderr
        );
        // Written this time: no note of an empty file again, only that
        // the file holds every task.
        let r = run(&["count", "10", option, s(&file)]).code(0);
        assert_eq!(r.stdout, Q10);
        assert!(
            !r.stderr.contains("was empty") && r.stderr.contains("already holds all"),
            "{option}: {}",
            r.stderr
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An empty checkpoint beside a task log that holds tasks adds none, and
/// the count resumes from the log: the note says so (it said "the count
/// starts anew" just before "resuming from the checkpoint and the task
/// log").
#[test]
fn an_empty_checkpoint_beside_a_task_log_does_not_say_anew() {
    let dir = scratch("empty-beside-log");
    let (log, checkpoint) = (dir.join("log"), dir.join("checkpoint"));
    run(&["count", "10", "--task-log", s(&log)]).ok();
    std::fs::write(&checkpoint, "").unwrap();
    let r = run(&[
        "count",
        "10",
        "--task-log",
        s(&log),
        "--checkpoint",
        s(&checkpoint),
    ])
    .code(0);
    assert_eq!(r.stdout, Q10);
    assert!(r.stderr.contains("was empty"), "{}", r.stderr);
    assert!(r.stderr.contains("it holds no task"), "{}", r.stderr);
    assert!(!r.stderr.contains("anew"), "{}", r.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `nqueens ARGS` under `ulimit -v KB`.
fn under_ulimit(kb: u64, args: &str) -> Run {
    let bin = env!("CARGO_BIN_EXE_nqueens");
    finish(
        Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v {kb}; exec '{bin}' {args}"))
            .timeout(Duration::from_secs(60)),
    )
}

/// Min-conflicts on a board whose memory `ulimit -v` does not allow is
/// refused before it starts: it aborted at its first failed allocation
/// (exit status 134), after saying what it would allocate.
#[test]
#[cfg(target_os = "linux")]
fn min_conflicts_beyond_ulimit_is_refused_not_aborted() {
    for (args, instead) in [
        (
            "solve 100000000 -a min-conflicts -f none",
            "--algorithm construct",
        ),
        (
            "random 100000000 -f none --seed 1",
            "nqueens solve 100000000",
        ),
        // Its arrays alone fit here: with the rest of the process, not.
        (
            "solve 20583958 -a min-conflicts -f none",
            "--algorithm construct",
        ),
    ] {
        let e = under_ulimit(500_000, args).error();
        assert!(e.contains("ulimit -v") && e.contains(instead), "{e}");
    }
    let r = under_ulimit(2_000_000, "solve 1000000 -a min-conflicts -f none --seed 1");
    assert_eq!(r.code, 0, "{r:?}");
}

/// The others that allocate by n are refused too, not aborted (each ended
/// with exit status 134 under these limits): the check of `--verify`, a
/// completion, and a dry run (let through: it makes the count's plan).
/// The limit is memory given: `auto` picks an engine within it, and a
/// count's plan keeps within it, --memory or not (the join engine kept
/// 512 MiB of row tables, or all a larger --memory allowed, and aborted).
#[test]
#[cfg(target_os = "linux")]
fn what_allocates_by_n_is_refused_beyond_ulimit_not_aborted() {
    for (kb, args, says) in [
        (
            400_000,
            "solve 1e9 -a construct -f none --verify",
            "--verify checks the board in about",
        ),
        (
            300_000,
            "complete --n 10000 -f list",
            "completing a 10000×10000 board may need",
        ),
        (
            500_000,
            "count 24 -j 2 --engine join --dry-run --dry-run-seconds 1",
            "a dry run of count 24, timing on 2 threads, with the join engine needs",
        ),
    ] {
        let e = under_ulimit(kb, args).error();
        assert!(e.contains(says) && e.contains("ulimit -v"), "{args}: {e}");
    }
    let r = under_ulimit(1_200_000, "solve 1e8 -a construct -f none --verify");
    assert_eq!(r.code, 0, "{r:?}");
    // Too little for the join engine: auto takes the constellation engine
    // and says so, as under --memory.
    let r = under_ulimit(500_000, "count 24 -j 2 --dry-run --dry-run-seconds 0.2");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("(constellation engine)"), "{r:?}");
    assert!(
        r.stderr.contains("more than what ulimit -v leaves it"),
        "{r:?}"
    );
    // Room for the count, not for every row table: the plan keeps fewer,
    // with or without a larger --memory.
    let beside = nqueens_cli::limits::address_space_beside(2);
    for memory in ["", " --memory 8G"] {
        let args = format!("count 24 -j 2 --dry-run --dry-run-seconds 0.2 -f json{memory}");
        let r = under_ulimit(800_000, &args);
        assert_eq!(r.code, 0, "{r:?}");
        let json: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        let planned = json["memory_bytes"].as_u64().unwrap();
        assert!(
            planned + beside <= 800_000 << 10,
            "{args}: {planned} bytes planned"
        );
        assert_eq!(
            r.stderr.contains("is more than ulimit -v leaves the count"),
            !memory.is_empty(),
            "{r:?}"
        );
    }
}

/// What no plan bounds ahead, the memory `verify` takes for its input, is
/// an error with exit status 2 when the system refuses it, not an abort:
/// column numbers far apart take a page of bits each, 1.6 GB here, and
/// under this limit verify aborted (status 134, "memory allocation of 8192
/// bytes failed").
#[test]
#[cfg(target_os = "linux")]
fn memory_refused_while_verifying_is_an_error_not_an_abort() {
    let dir = std::env::temp_dir().join(format!("nqueens-oom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let far = dir.join("far.txt");
    let columns: String = (0..200_000u64)
        .map(|i| format!("{}\n", (i * 3) << 16))
        .collect();
    std::fs::write(&far, columns).unwrap();
    let r = under_ulimit(300_000, &format!("verify '{}'", far.display()));
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr
            .starts_with("error: out of memory: an allocation of ")
            && r.stderr.contains("ulimit -v"),
        "{r:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Threads the system will not start (a limit on address space) are an
/// error with exit status 2, never a panic: refused up front where the
/// count cannot fit, and when the system refuses a thread.
#[test]
#[cfg(target_os = "linux")]
fn too_many_threads_are_an_error_not_a_panic() {
    // 512 threads of the join engine need about 4 GiB: refused at once.
    let e = under_ulimit(1_000_000, "count 20 -j 512").error();
    assert!(
        e.contains("ulimit -v") && e.contains(" threads or fewer (-j "),
        "{e}"
    );
    // On one thread, fewer is not advice (it once said so with -j 1).
    let e = under_ulimit(20_000, "count 20 --engine join -j 1").error();
    assert!(
        e.contains("ulimit -v") && !e.contains("fewer threads"),
        "{e}"
    );
    // Room enough up front; the system may still refuse a thread (glibc
    // keeps address space for each thread's allocations), and says so.
    let r = under_ulimit(1_000_000, "count 14 --engine constellation -j 400");
    assert!(!r.stderr.contains("panicked"), "{r:?}");
    match r.code {
        0 => assert_eq!(r.stdout, "n = 14: 365,596 solutions\n"),
        _ => {
            let e = r.error();
            assert!(
                (e.contains("would not start another thread") || e.contains("ulimit -v"))
                    && e.contains("-j"),
                "{e}"
            );
        }
    }
    // A dry run builds its plan on as many threads as there are cores.
    let r = under_ulimit(
        4_000_000,
        "count 18 -j 4096 --dry-run --dry-run-seconds 0.01",
    );
    assert!(r.code == 0 && r.stdout.contains("n = 18: "), "{r:?}");
}

/// A task log given to another count, or to merge as if it were a part,
/// is named for what it is, its plan's tasks written as every count is.
#[test]
fn a_task_log_of_another_count_is_named() {
    let dir = scratch("other-log");
    let log = dir.join("log");
    run(&["count", "13", "--task-log", s(&log)]).ok();
    let e = run(&["count", "12", "--task-log", s(&log)]).error();
    assert!(e.contains("plan of 1,324 tasks"), "{e}");
    assert!(
        e.ends_with("give another file, or delete it to start over\n"),
        "{e}"
    );
    // The same n by another engine (`auto` picks another with --memory):
    // the way on is the log's engine; deleting it would lose its tasks.
    let e = run(&[
        "count",
        "13",
        "--engine",
        "backtrack",
        "--task-log",
        s(&log),
    ])
    .error();
    assert!(
        e.contains(
            "resume with the constellation engine (--engine constellation), give another file"
        ),
        "{e}"
    );
    let e = run(&["merge", s(&log)]).error();
    assert!(
        e.contains("its format is \"nqueens-task-log\", not \"nqueens-partial\""),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new task log beside a checkpoint that holds tasks gets them too, so
/// that it holds every task the notes say it has: a finished count's log
/// compares equal with one counted apart (it held only its header, the
/// notes said it held all 293 tasks, and `merge --compare` found task 0
/// missing). A resumed count names only the files its tasks came from.
#[test]
fn a_new_task_log_beside_a_checkpoint_gets_its_tasks() {
    let dir = scratch("log-beside-checkpoint");
    let (checkpoint, log, apart) = (dir.join("cp"), dir.join("log"), dir.join("apart"));
    run(&["count", "10", "--checkpoint", s(&checkpoint)]).ok();
    let r = run(&[
        "count",
        "10",
        "--checkpoint",
        s(&checkpoint),
        "--task-log",
        s(&log),
    ])
    .code(0);
    assert_eq!(r.stdout, Q10);
    for note in [
        format!(
            "note: the checkpoint '{}' already holds all 293 tasks",
            s(&checkpoint)
        ),
        format!(
            "note: the task log '{}' lacked 293 of them: copied from the checkpoint",
            s(&log)
        ),
    ] {
        assert!(r.stderr.contains(&note), "{}", r.stderr);
    }
    run(&["count", "10", "--task-log", s(&apart)]).ok();
    let same = run(&["merge", "--compare", s(&log), s(&apart)]).code(0);
    assert!(
        same.stdout.contains("the task logs agree: 293 tasks"),
        "{}",
        same.stdout
    );
    // Now the log alone holds them: a new checkpoint is not named.
    let fresh = dir.join("fresh-cp");
    let r = run(&[
        "count",
        "10",
        "--checkpoint",
        s(&fresh),
        "--task-log",
        s(&log),
    ])
    .code(0);
    assert!(
        r.stderr.contains(&format!(
            "note: the task log '{}' already holds all 293 tasks",
            s(&log)
        )),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("fresh-cp' and"), "{}", r.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}
