//! The Slurm recipe of the user guide (docs/counting.md, `scripts/slurm/`), run the way Slurm would run it:
//! a fake `sbatch` (`fake-sbatch`) runs each index of the array job with its
//! standard output and error redirected as the `#SBATCH` lines say, then the
//! merge job that depends on it.

use super::*;

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh directory with `sbatch` (the fake) in `bin/`.
fn slurm_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-slurm-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    let sbatch = dir.join("bin/sbatch");
    std::fs::write(&sbatch, include_str!("fake-sbatch")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&sbatch, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

/// `PATH` with the fake `sbatch` and this build's `nqueens` first.
fn path_with(dir: &Path) -> String {
    let nqueens = Path::new(env!("CARGO_BIN_EXE_nqueens")).parent().unwrap();
    format!(
        "{}:{}:{}",
        dir.join("bin").display(),
        nqueens.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

fn bash(dir: &Path, script: &str) -> std::process::Output {
    std::process::Command::new("bash")
        .args(["-c", script])
        .current_dir(dir)
        .env("PATH", path_with(dir))
        .env("N", "12")
        .output()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn the_slurm_recipe_counts_and_merges() {
    let dir = slurm_dir("recipe");
    let submit = root().join("scripts/slurm/submit");
    let out = bash(&dir, &format!("'{}'", submit.display()));
    assert!(out.status.success(), "{out:?}");
    // Every part has its JSON alone in its output, the notes in its own file.
    let part = std::fs::read_to_string(dir.join("part-64.json")).unwrap();
    assert!(
        part.starts_with("{\"format\":\"nqueens-partial\""),
        "{part}"
    );
    let notes = std::fs::read_to_string(dir.join("part-64.err")).unwrap();
    assert!(notes.contains("part 64 of 64, n = 12"), "{notes}");
    let total = std::fs::read_to_string(dir.join("total.txt")).unwrap();
    assert_eq!(
        total,
        "n = 12: 14,200 solutions, 1,787 unique up to rotation and reflection\n",
        "{:?}",
        std::fs::read_to_string(dir.join("merge.err"))
    );
    // A slice that failed is run again alone, as the guide says: an array
    // of one index, with K. (Its size, 1, made it "slice 17/1", refused.)
    let script = root().join("scripts/slurm/count-array.sbatch");
    std::fs::remove_file(dir.join("part-17.json")).unwrap();
    let again = |k: &str| {
        bash(
            &dir,
            &format!(
                "{k} sbatch --array=17 '{}' && nqueens merge part-*.json --unique",
                script.display()
            ),
        )
    };
    let out = again("");
    assert!(!out.status.success(), "{out:?}");
    let e = std::fs::read_to_string(dir.join("part-17.err")).unwrap();
    assert!(e.contains("there is no slice 17/1"), "{e}");
    let out = again("K=64");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), total);
    std::fs::remove_dir_all(dir).unwrap();
}

/// Without `--error`, Slurm writes the notes into the JSON file, and the
/// merge refuses the parts: what the old recipe did.
#[cfg(unix)]
#[test]
fn without_error_files_the_merge_refuses_the_parts() {
    let dir = slurm_dir("no-error");
    let recipe = std::fs::read_to_string(root().join("scripts/slurm/count-array.sbatch")).unwrap();
    let old: String = recipe
        .lines()
        .filter(|l| !l.starts_with("#SBATCH --error"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.join("old.sbatch"), old).unwrap();
    let out = bash(
        &dir,
        "job=$(sbatch --parsable old.sbatch) && sbatch --dependency=afterok:$job \
         --output=total.txt --error=merge.err --wrap='nqueens merge part-*.json --unique'",
    );
    assert!(out.status.success(), "{out:?}");
    let e = std::fs::read_to_string(dir.join("merge.err")).unwrap();
    assert!(e.contains("is not an nqueens partial result"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The user guide (docs/counting.md) shows the recipe as it is in
/// `scripts/slurm/`.
#[test]
fn readme_shows_the_slurm_recipe() {
    let guide: String = super::docs::user_guide()
        .into_iter()
        .map(|(_, text)| text)
        .collect();
    for file in ["count-array.sbatch", "submit"] {
        let text = std::fs::read_to_string(root().join("scripts/slurm").join(file)).unwrap();
        assert!(
            guide.contains(&text),
            "neither README nor docs/ shows scripts/slurm/{file}"
        );
    }
}

/// Every Slurm job of the user guide that says how much memory a node
/// needs (`#SBATCH --mem=`) gives what its count's dry run says a process
/// takes on those threads with that `--memory`, and no less; where its
/// comment says "about X GiB", the dry run says that, and where it says
/// every row table is kept, the dry run says so too. (The Q(27) job asked
/// for 64 GiB nodes with `--memory 60G` on 32 threads, "so that none is
/// built twice", where the dry run kept 38.7 of the 47.6 GiB of tables.)
#[test]
fn each_recipes_memory_is_what_its_dry_run_says() {
    let mem = regex::Regex::new(r"#SBATCH --mem=(\d+)G\s*(?:#(.*))?").unwrap();
    let about = regex::Regex::new(r"about (\d+) GiB").unwrap();
    let said = regex::Regex::new(r"up to about ([\d.]+) GiB a process").unwrap();
    let mut jobs = 0;
    for (page, text) in super::docs::user_guide() {
        for block in text.split("```sh").skip(1) {
            let block = block.split("```").next().unwrap();
            let Some(m) = mem.captures(block) else {
                continue;
            };
            let granted: f64 = m[1].parse().unwrap();
            let comment = m.get(2).map_or("", |c| c.as_str());
            let command = block.replace("\\\n", " ");
            let count = command
                .lines()
                .find(|l| l.starts_with("nqueens count "))
                .unwrap_or_else(|| panic!("{page}: a job without its count:\n{block}"));
            let words: Vec<&str> = count.split_whitespace().collect();
            let flag = |name: &str| {
                let at = words.iter().position(|w| *w == name)?;
                words.get(at + 1).copied()
            };
            let mut args = vec!["count", words[2], "--dry-run", "--dry-run-seconds", "1"];
            for name in ["--threads", "--memory"] {
                if let Some(value) = flag(name) {
                    args.extend([name, value]);
                }
            }
            let out = nq().args(&args).output().unwrap();
            assert!(out.status.success(), "{page}: nqueens {args:?}: {out:?}");
            let e = String::from_utf8_lossy(&out.stderr).into_owned()
                + &String::from_utf8_lossy(&out.stdout);
            let takes: f64 = said
                .captures(&e)
                .unwrap_or_else(|| panic!("{page}: nqueens {args:?} said no memory: {e}"))[1]
                .parse()
                .unwrap();
            assert!(
                takes < granted,
                "{page}: the job asks for {granted} GiB, nqueens {args:?} says {takes} GiB: {e}"
            );
            if let Some(a) = about.captures(comment) {
                let claimed: f64 = a[1].parse().unwrap();
                assert!(
                    (claimed - takes).abs() <= 1.0,
                    "{page}: the job says about {claimed} GiB, nqueens {args:?} {takes} GiB"
                );
            }
            if comment.contains("every row table kept") {
                assert!(
                    e.contains("every one of them kept"),
                    "{page}: the job says every row table is kept, nqueens {args:?}: {e}"
                );
            }
            jobs += 1;
        }
    }
    assert!(jobs >= 2, "the guide's jobs that ask for memory: {jobs}");
}

/// `scripts/count-in-parts ARGS`, run in `dir`.
#[cfg(unix)]
fn count_in_parts(dir: &Path, args: &[&str]) -> std::process::Command {
    let mut cmd = std::process::Command::new("python3");
    cmd.arg(root().join("scripts/count-in-parts"))
        .args(args)
        .current_dir(dir);
    cmd
}

/// [`count_in_parts`] run to its end: its status and output.
#[cfg(unix)]
fn run_in_parts(dir: &Path, args: &[&str]) -> std::process::Output {
    count_in_parts(dir, args).output().unwrap()
}

/// An executable `dir/name` holding `text`: a stand-in for `nqueens`. Its
/// path.
#[cfg(unix)]
fn stand_in(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    path.to_str().unwrap().to_owned()
}

/// The JSON lines of `dir/file`, a `.parts` file of `count-in-parts`.
#[cfg(unix)]
fn parts_of(dir: &Path, file: &str) -> Vec<serde_json::Value> {
    std::fs::read_to_string(dir.join(file))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `scripts/count-in-parts` (README's frontier section: how Q(23) was
/// counted here in parts): a part stopped by its time limit keeps its
/// finished tasks in the task log, the next part counts only the rest,
/// the count is whole, and each part's line says so. Flags after `--` go
/// to `count` even after `--nqueens` (its usage line failed there).
#[cfg(unix)]
#[test]
fn count_in_parts_resumes_from_the_task_log() {
    let dir = slurm_dir("in-parts");
    let nqueens = env!("CARGO_BIN_EXE_nqueens");
    let part = |seconds: &str| {
        count_in_parts(
            &dir,
            &[
                "18",
                seconds,
                "q.log",
                "--nqueens",
                nqueens,
                "--",
                "-j",
                "1",
            ],
        )
        .output()
        .unwrap()
    };
    // A part a third as long as the whole count on this host and build
    // (Q(18) on one thread: 0.9 s in a release build on a Zen 5, 3.5 s
    // in the test profile; a part of a fixed second was the whole count).
    let start = std::time::Instant::now();
    let whole = std::process::Command::new(nqueens)
        .args(["count", "18", "-j", "1"])
        .output()
        .unwrap();
    assert!(whole.status.success(), "{whole:?}");
    let third = format!("{:.3}", start.elapsed().as_secs_f64() / 3.0);
    let first = part(&third);
    assert!(first.status.success(), "{first:?}");
    let second = part("600");
    assert!(second.status.success(), "{second:?}");
    let parts = parts_of(&dir, "q.log.parts");
    assert_eq!(parts.len(), 2, "{parts:?}");
    assert_eq!(parts[0]["finished"], false, "{parts:?}");
    assert_eq!(parts[0]["tasks_before"], 0);
    assert!(parts[0]["tasks_after"].as_u64().unwrap() > 0, "{parts:?}");
    assert_eq!(parts[1]["tasks_before"], parts[0]["tasks_after"]);
    assert_eq!(parts[1]["finished"], true, "{parts:?}");
    assert!(parts[1]["command"].as_str().unwrap().ends_with(" -j 1"));
    let out = std::fs::read_to_string(dir.join("q.log.out")).unwrap();
    assert!(
        out.starts_with("n = 18: 666,090,624 solutions, 83,263,591 unique"),
        "{out}"
    );
    // A count that fails once its time has run out (exit 2, not 130: a
    // full disk met while saving, say) fails the part (it said 0).
    let failing = stand_in(
        &dir,
        "fails-when-stopped",
        "#!/bin/sh\ntrap 'exit 2' INT\nsleep 30 > /dev/null &\nwait\n",
    );
    let out = run_in_parts(&dir, &["18", "0.5", "f.log", "--nqueens", &failing]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("count exited with status 2"),
        "{out:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// SECONDS of 0 or below, NaN or infinity is refused as a usage error
/// before the count starts (`nan` gave a traceback and left the count
/// running, `0` ran a part); a long one is taken (over about 25 days it
/// overflowed poll's timeout, a traceback with the count left running).
#[cfg(unix)]
#[test]
fn count_in_parts_refuses_seconds_not_above_0() {
    let dir = slurm_dir("in-parts-seconds");
    let count = stand_in(&dir, "counts", "#!/bin/sh\ntouch started\necho counted\n");
    for seconds in ["0", "-1", "nan", "inf"] {
        let out = run_in_parts(&dir, &["18", seconds, "q.log", "--nqueens", &count]);
        assert_eq!(out.status.code(), Some(2), "{seconds}: {out:?}");
        let e = String::from_utf8_lossy(&out.stderr);
        assert!(
            e.contains("error: SECONDS must be a number of seconds above 0"),
            "{seconds}: {e}"
        );
        assert!(!dir.join("started").exists(), "{seconds}: the count ran");
        assert!(!dir.join("q.log.parts").exists(), "{seconds}: a part");
    }
    let out = run_in_parts(&dir, &["18", "1e12", "q.log", "--nqueens", &count]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join("q.log.out")).unwrap(),
        "counted\n"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A count that dies of the part's SIGINT, stopped before it had set its
/// Ctrl-C handler (a SECONDS shorter than its start-up; here a stand-in
/// without a handler), fails the part: it was taken for a part stopped in
/// time, exit 0 with no task counted, and a loop of parts went nowhere.
#[cfg(unix)]
#[test]
fn count_in_parts_fails_a_count_stopped_before_it_started() {
    let dir = slurm_dir("in-parts-start-up");
    // SIGINT back to its default even where the test runs with it ignored.
    let count = stand_in(
        &dir,
        "no-handler",
        "#!/usr/bin/env python3\nimport signal, time\n\
         signal.signal(signal.SIGINT, signal.SIG_DFL)\ntime.sleep(30)\n",
    );
    let out = run_in_parts(&dir, &["18", "0.5", "q.log", "--nqueens", &count]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("count was stopped before it started counting: give SECONDS longer"),
        "{e}"
    );
    let parts = parts_of(&dir, "q.log.parts");
    assert_eq!(parts.len(), 1, "{parts:?}");
    assert_eq!(parts[0]["exit_status"], -2, "{parts:?}");
    assert_eq!(parts[0]["failed"], true, "{parts:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A failed part (bad flags for `count`: status 2) is recorded as failed
/// and left out of the sums that the part finishing the count prints (its
/// time went into them).
#[cfg(unix)]
#[test]
fn count_in_parts_leaves_failed_parts_out_of_the_sums() {
    let dir = slurm_dir("in-parts-failed");
    let nqueens = env!("CARGO_BIN_EXE_nqueens");
    let part = |flags: &[&str]| {
        count_in_parts(&dir, &["12", "600", "q.log", "--nqueens", nqueens, "--"])
            .args(flags)
            .output()
            .unwrap()
    };
    let failed = part(&["--unique"]);
    assert_eq!(failed.status.code(), Some(1), "{failed:?}");
    assert!(
        String::from_utf8_lossy(&failed.stderr).contains("count exited with status 2"),
        "{failed:?}"
    );
    let last = part(&[]);
    assert!(last.status.success(), "{last:?}");
    let o = String::from_utf8_lossy(&last.stdout);
    assert!(o.contains("\n1 parts: "), "{o}");
    assert!(o.contains(" (1 failed left out)"), "{o}");
    let parts = parts_of(&dir, "q.log.parts");
    assert_eq!(parts.len(), 2, "{parts:?}");
    assert_eq!(parts[0]["exit_status"], 2, "{parts:?}");
    assert_eq!(parts[0]["failed"], true, "{parts:?}");
    assert_eq!(parts[1]["finished"], true, "{parts:?}");
    assert_eq!(parts[1]["failed"], false, "{parts:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// SIGTERM to the script (a scheduler's time limit) is passed to the count
/// as SIGINT: the count stops keeping its tasks and lets go of the task
/// log, the part is recorded, and the script dies of the SIGTERM. (The
/// count was left running, holding the log's lock, with no part recorded.)
#[cfg(unix)]
#[test]
fn count_in_parts_passes_sigterm_to_the_count() {
    use std::os::unix::process::ExitStatusExt;
    let dir = slurm_dir("in-parts-sigterm");
    // Stopped by SIGINT as a count is (status 130), once its pid is out.
    let count = stand_in(
        &dir,
        "stops-on-sigint",
        "#!/usr/bin/env python3\nimport os, signal, sys, time\n\
         signal.signal(signal.SIGINT, lambda *_: sys.exit(130))\n\
         open('pid.new', 'w').write(str(os.getpid()))\n\
         os.rename('pid.new', 'pid')\ntime.sleep(60)\n",
    );
    let mut script = count_in_parts(&dir, &["18", "600", "q.log", "--nqueens", &count])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let pid = loop {
        if let Ok(pid) = std::fs::read_to_string(dir.join("pid")) {
            break pid;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no count started"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    send_signal(&script.id().to_string(), "-TERM");
    let status = exits_within_10s(&mut script, "count-in-parts went on after SIGTERM");
    let alive = std::process::Command::new("kill")
        .args(["-0", &pid])
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap()
        .success();
    if alive {
        send_signal(&pid, "-KILL");
    }
    assert!(!alive, "the count outlived the script");
    assert_eq!(status.signal(), Some(15), "{status:?}");
    let parts = parts_of(&dir, "q.log.parts");
    assert_eq!(parts.len(), 1, "{parts:?}");
    assert_eq!(parts[0]["exit_status"], 130, "{parts:?}");
    assert_eq!(parts[0]["finished"], false, "{parts:?}");
    assert_eq!(parts[0]["failed"], false, "{parts:?}");
    std::fs::remove_dir_all(dir).unwrap();
}
