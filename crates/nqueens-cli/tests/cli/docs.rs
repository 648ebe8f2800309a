//! `completions` and `man`: generated from the same definitions as `--help`.

use super::*;

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = run(&["completions", shell]).ok();
        assert!(out.contains("nqueens"), "{shell}");
        // Subcommands and flags complete; in the shells that complete
        // values, so do the names of algorithms and engines.
        let values = ["bash", "zsh", "fish"].contains(&shell);
        for word in ["count", "checkpoint", "dancing-links", "constellation"] {
            let is_value = word.contains('-') || word == "constellation";
            assert!(
                out.contains(word) || (is_value && !values),
                "{shell}: {word}"
            );
        }
    }
    let bash = run(&["completions", "bash"]).ok();
    assert!(bash.contains("_nqueens()"), "{bash}");
    let e = run(&["completions", "tcsh"]).error();
    assert!(e.contains("invalid value 'tcsh'"), "{e}");
}

#[test]
fn the_man_page_holds_every_command_and_option() {
    let page = run(&["man"]).ok();
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{}", &page[..200]);
    assert!(page.contains(".TH nqueens 1"), "{page}");
    let help = run(&["--help"]).ok();
    for command in [
        "solve",
        "random",
        "all",
        "count",
        "verify",
        "algorithms",
        "compare",
        "trace",
        "merge",
        "estimate",
        "complete",
        "serve",
    ] {
        assert!(help.contains(command), "{command}");
        let section = format!(".SH \"NQUEENS {}\"", command.to_uppercase());
        assert!(page.contains(&section), "{section}");
    }
    // Every long option of count's --help is on the page.
    let count_help = run(&["count", "--help"]).ok();
    for flag in count_help
        .split_whitespace()
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(|w| w.trim_end_matches([',', '.', ')', ';', ':']))
    {
        let roff = flag.replace('-', "\\-");
        assert!(page.contains(&roff), "{flag}");
    }
}

/// What changes from run to run, made the same: times and rates (any number
/// with a decimal point, `6m 52s`, `1.8s`), a percentage after `±`, how many
/// tasks a dry run timed, and the threads of this machine.
fn steady<'a>(line: &'a str) -> String {
    // Columns widen with their numbers: spaces are compared as one.
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut out = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let trim = |w: &'a str| w.trim_matches(|c: char| "()[],;:\"{}".contains(c));
        let core = trim(word);
        let digits = core.chars().any(|c| c.is_ascii_digit());
        let timing = digits
            && (core.contains('.')
                || core
                    .strip_suffix(['s', 'm', 'h'])
                    .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit())));
        let after = |w: &str| i > 0 && trim(words[i - 1]) == w;
        let before = |w: &str| words.get(i + 1).is_some_and(|next| next.starts_with(w));
        // A time reads the same whatever its size: "37.8s", "2m 10s" and
        // "2.6 days" are each one "#".
        let unit = ["s", "m", "h", "min", "day", "days", "years", "core-years"].contains(&core);
        let masked = out.last() == Some(&"#");
        if timing || (digits && (after("±") || after("timed") || before("thread"))) {
            if !masked {
                out.push("#");
            }
        } else if masked && unit {
            // Part of the time just masked: "2m 10s", "2.6 days".
        } else {
            out.push(word);
        }
    }
    out.join(" ")
}

/// README and the pages of the user guide (`docs/*.md`), as (path, text):
/// what users read, whose examples and recipes the tests below check.
pub(crate) fn user_guide() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    assert!(pages.len() >= 8, "the user guide has {} pages", pages.len());
    std::iter::once(root.join("README.md"))
        .chain(pages)
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.strip_prefix(&root).unwrap().display().to_string();
            (name, text)
        })
        .collect()
}

/// README's console examples, and those of every page of the user guide
/// (`docs/*.md`), are what the program prints: each `$ nqueens
/// ...` line of a `console` block is run (in a fresh directory, with this
/// build's `nqueens` first on `PATH`), and the lines below it must be the
/// lines it prints on stdout and stderr, in the order printed, up to timings ([`steady`]); for
/// `trace` and `compare`, whose examples are excerpts, each line shown must
/// be a line printed.
///
/// Why not `trycmd`, which reads console blocks itself: it runs one program
/// without a shell, and 13 of the guide's 51 examples pipe, chain (`&&`) or
/// redirect; it would also have each example show its exit status (`? 1`)
/// and put `[..]` where a time is printed, and add some 25 crates (rayon,
/// toml_edit, snapbox...) to the build of `cargo test`.
#[cfg(unix)]
#[test]
fn readme_console_examples_are_the_real_output() {
    // Too slow for a test, or made by one that is.
    let skipped = [
        "mpirun", // needs MPI (.ci/mpi-check runs it)
        "1e9",    // a billion queens
        "1e7",    // ten million, and the file the next two use
        "sed -i", //
        "verify board.txt",
        "count 18", // seconds on every core
        "count 24", // a one-minute dry run
    ];
    let excerpts = ["nqueens trace ", "nqueens compare "];
    let bin = Path::new(env!("CARGO_BIN_EXE_nqueens")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = std::env::temp_dir().join(format!("nqueens-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    let mut readme_checked = 0;
    for (page, text) in user_guide() {
        // Each page in a fresh directory of its own: files one page's
        // examples write (task logs) are not there for the next.
        let cwd = dir.join(page.replace('/', "-"));
        std::fs::create_dir_all(&cwd).unwrap();
        for block in text.split("```console\n").skip(1) {
            let block = block.split("```").next().unwrap();
            let lines: Vec<&str> = block.lines().collect();
            let mut i = 0;
            while i < lines.len() {
                // A block of output alone (a trace shown in full) runs nothing.
                let Some(command) = lines[i].strip_prefix("$ ") else {
                    break;
                };
                let mut j = i + 1;
                while j < lines.len() && !lines[j].starts_with("$ ") {
                    j += 1;
                }
                let shown = &lines[i + 1..j];
                i = j;
                if skipped.iter().any(|s| command.contains(s)) {
                    continue;
                }
                // Standard error into the same pipe, as on a terminal: the
                // lines come in the order they were printed.
                let out = std::process::Command::new("bash")
                    .args(["-c", &format!("exec 2>&1\n{command}")])
                    .current_dir(&cwd)
                    .env("PATH", &path)
                    .output()
                    .unwrap();
                let printed = String::from_utf8_lossy(&out.stdout);
                let printed: Vec<String> = printed.lines().map(steady).collect();
                let shown: Vec<String> = shown.iter().map(|l| steady(l)).collect();
                if excerpts.iter().any(|e| command.starts_with(e)) {
                    for line in shown.iter().filter(|l| !l.is_empty()) {
                        assert!(
                            printed.contains(line),
                            "{page} shows `{line}` for `{command}`, which does not print it"
                        );
                    }
                } else {
                    assert_eq!(
                        shown, printed,
                        "{page}'s output of `{command}` (left) is not what it prints (right)"
                    );
                }
                checked += 1;
                if page == "README.md" {
                    readme_checked += 1;
                }
            }
        }
    }
    assert!(checked >= 25, "only {checked} examples checked");
    assert!(
        readme_checked >= 8,
        "only {readme_checked} of README's examples checked"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
