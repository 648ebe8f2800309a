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

/// `scripts/count-in-parts` (README's frontier section: how Q(23) was
/// counted here in parts): a part stopped by its time limit keeps its
/// finished tasks in the task log, the next part counts only the rest,
/// the count is whole, and each part's line says so. Flags after `--` go
/// to `count` even after `--nqueens` (its usage line failed there).
#[cfg(unix)]
#[test]
fn count_in_parts_resumes_from_the_task_log() {
    let dir = slurm_dir("in-parts");
    let script = root().join("scripts/count-in-parts");
    let nqueens = env!("CARGO_BIN_EXE_nqueens");
    let part = |seconds: &str| {
        std::process::Command::new("python3")
            .arg(&script)
            .args([
                "18",
                seconds,
                "q.log",
                "--nqueens",
                nqueens,
                "--",
                "-j",
                "1",
            ])
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    // Q(18) takes seconds on one thread in this build: a second is a part.
    let first = part("1");
    assert!(first.status.success(), "{first:?}");
    let second = part("600");
    assert!(second.status.success(), "{second:?}");
    let parts = std::fs::read_to_string(dir.join("q.log.parts")).unwrap();
    let parts: Vec<serde_json::Value> = parts
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
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
    let failing = dir.join("fails-when-stopped");
    std::fs::write(
        &failing,
        "#!/bin/sh\ntrap 'exit 2' INT\nsleep 30 > /dev/null &\nwait\n",
    )
    .unwrap();
    std::fs::set_permissions(
        &failing,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let out = std::process::Command::new("python3")
        .arg(&script)
        .args(["18", "0.5", "f.log", "--nqueens"])
        .arg(&failing)
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("count exited with status 2"),
        "{out:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
