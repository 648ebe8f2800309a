//! README's console examples, and those of every page of the user guide
//! (`docs/*.md`), run: each `$ nqueens ...` line of a `console` block is run
//! by `bash` (in a fresh directory per page, with this build's `nqueens`
//! first on `PATH`), and the lines below it must be the lines it prints on
//! stdout and stderr, in the order printed. For `trace` and `compare`, whose
//! examples are excerpts, each line shown must be a line printed.
//!
//! # What is masked, and why
//!
//! Before the two sides are compared, both are put through [`Steady`],
//! which replaces a value by a placeholder only where its *unit* says it
//! is measured, so that it differs from run to run and machine to machine:
//!
//! - `[duration]`: a time, in any of the shapes the program writes one
//!   (`0.38 s`, `1.8s`, `1m 10s`, `47h 43m`, `2.6 days`, `3.1 years`,
//!   `15 ms`), read from a clock; so are the cells of the `time (ms)`
//!   column of `compare`'s table (the unit is in its header) and the value
//!   of a JSON key that ends in `seconds`. A whole number of seconds with
//!   no decimals (`up to 60 s`) is not masked: the program prints measured
//!   seconds with a decimal point, so that one is an option echoed back,
//!   and compares exactly.
//! - `[memory]`: a size in bytes (`102 MB`, `1.2 GiB`, `853.6 MiB`). A dry
//!   run's memory is worked out for the threads of the count, which are
//!   those of the machine unless `-j` says.
//! - `[rate]`: anything per second (`18,090 req/s`, `500 MB/s`, `7.5
//!   tasks/s`, `1.2s/task`): a count over a measured time.
//! - `[spread]`: the `standard error 4%` of a dry run, the relative error
//!   of the times of its sample.
//! - `[timestamp]`: a date with a time of day, or a time of day
//!   (`2026-11-27T09:30:00Z`, `09:30:00`): the clock itself.
//! - `[threads]`: `2 threads`, where the command does not choose its
//!   threads (`-j`, `--threads`): the program's default is one a core of
//!   the machine. On the printed side only this machine's number of cores
//!   is masked, so a wrong count of threads still fails.
//!
//! Everything else compares exactly: counts, solutions, boards, tasks,
//! the tasks a dry run timed (a fixed seed picks them, and the examples
//! time all of them well inside their budget), the solutions it projects
//! from them, estimates from a seed, ratios of exact counts. Runs of
//! spaces compare as one, because a table's columns widen with their
//! numbers.
//!
//! # Why `snapbox` compares, and not `trycmd`
//!
//! `trycmd` reads console blocks itself, but it runs one program without
//! a shell, and 13 of the guide's 51 commands pipe, chain (`&&`), redirect
//! or run another program (`mpirun`, `sed`);
//! it would also have each example show its exit status (`? 1`) and put
//! `[..]` where a time is printed, which readers of the guide would see.
//! So this runner splits the blocks and runs them, and `snapbox` (which
//! `trycmd` is built on) only compares the masked sides and writes the
//! difference of each example that fails, all of them in one run.

use super::*;

use regex::Regex;
use snapbox::IntoData;

/// Commands not run: too slow for a test, or made by one that is.
const SKIPPED: [&str; 6] = [
    "mpirun", // needs MPI (.ci/mpi-check runs it)
    "1e9",    // a billion queens
    "1e7",    // ten million, and the file the next two use
    "sed -i", //
    "verify board.txt",
    "count 24", // a dry run of a minute, and how many tasks it times depends on the machine
];

/// Commands whose examples are excerpts of what they print.
const EXCERPTS: [&str; 2] = ["nqueens trace ", "nqueens compare "];

/// The masks of the module docs, each a placeholder and what it replaces.
struct Steady {
    /// In the order applied: rates before sizes and times (`500 MB/s`).
    units: Vec<(&'static str, Regex)>,
    /// `json "seconds": 0.003`, the key kept.
    json_seconds: Regex,
    /// `N thread(s)`.
    threads: Regex,
    /// This machine's cores, the program's default threads.
    cores: usize,
}

impl Steady {
    fn new() -> Steady {
        let re = |pattern: &str| Regex::new(pattern).unwrap();
        // A number as the program writes one: digits grouped by commas,
        // perhaps a decimal part.
        let num = r"\d[\d,]*(?:\.\d+)?";
        Steady {
            units: vec![
                (
                    "[timestamp]",
                    re(
                        r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?|\b\d{2}:\d{2}:\d{2}\b",
                    ),
                ),
                (
                    "[rate]",
                    re(&format!(r"\b{num} ?[A-Za-z]*/s\b|\b\d+\.\d+s/[a-z]+\b")),
                ),
                ("[memory]", re(&format!(r"\b{num} ?(?:B|[kKMGTP]i?B)\b"))),
                (
                    "[duration]",
                    re(&format!(
                        r"\b\d+h \d{{2}}m\b|\b\d+m \d{{2}}s\b|\b{num}(?: × 10\^\d+)? (?:days?|years?)\b|\b\d+\.\d+ ?s\b|\b{num} ?(?:ms|µs|ns)\b"
                    )),
                ),
                (
                    "standard error [spread]",
                    re(r"standard error \d+(?:\.\d+)?%"),
                ),
            ],
            json_seconds: re(r#"("\w*seconds"): ?-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?"#),
            threads: re(r"\b(\d+) threads?\b"),
            cores: std::thread::available_parallelism().map_or(1, usize::from),
        }
    }

    /// The lines of one side, masked. `printed` says which side: only
    /// there is `[threads]` held to this machine's cores. `own_threads`:
    /// the command chooses its threads, whose number then compares exactly.
    fn lines<'a>(
        &self,
        lines: impl IntoIterator<Item = &'a str>,
        printed: bool,
        own_threads: bool,
    ) -> Vec<String> {
        // The word under which `compare`'s table prints its times.
        let mut ms_column = None;
        let mut out = Vec::new();
        for line in lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(at) = words.windows(2).position(|w| w == ["time", "(ms)"]) {
                ms_column = Some(at);
            }
            let mut words: Vec<String> = words.into_iter().map(String::from).collect();
            if let Some(at) = ms_column {
                let header = words.iter().any(|w| w == "(ms)");
                if let (false, Some(cell)) = (header, words.get_mut(at)) {
                    if cell.parse::<f64>().is_ok() {
                        *cell = "[duration]".into();
                    }
                }
            }
            let mut line = words.join(" ");
            line = self
                .json_seconds
                .replace_all(&line, "$1:[duration]")
                .into_owned();
            for (mask, pattern) in &self.units {
                line = pattern.replace_all(&line, *mask).into_owned();
            }
            if !own_threads {
                line = self
                    .threads
                    .replace_all(&line, |c: &regex::Captures<'_>| {
                        if !printed || c[1].parse() == Ok(self.cores) {
                            "[threads]".to_string()
                        } else {
                            c[0].to_string()
                        }
                    })
                    .into_owned();
            }
            out.push(line);
        }
        out
    }
}

/// The examples of one page: (command, the lines shown below it).
fn examples(text: &str) -> Vec<(&str, Vec<&str>)> {
    let mut found = Vec::new();
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
            found.push((command, lines[i + 1..j].to_vec()));
            i = j;
        }
    }
    found
}

#[test]
fn the_masks_hide_measurements_and_nothing_else() {
    let steady = Steady::new();
    let one = |line: &str| steady.lines([line], true, false).remove(0);
    // Measured: masked, whatever their size.
    for (line, masked) in [
        ("verified (0.38 s)", "verified ([duration])"),
        (
            "timed 210 of them in 0.9s",
            "timed 210 of them in [duration]",
        ),
        ("about 1m 10s", "about [duration]"),
        (
            "interval 47h 43m to 2.6 days",
            "interval [duration] to [duration]",
        ),
        ("about 1.2 × 10^17 years", "about [duration]"),
        ("seed 7, 0.000 s", "seed 7, [duration]"),
        ("took 15 ms", "took [duration]"),
        ("memory: up to about 102 MB", "memory: up to about [memory]"),
        ("(1.2 GiB, 853.6 MiB)", "([memory], [memory])"),
        ("18,090 req/s, 500 MB/s", "[rate], [rate]"),
        ("7.5 tasks/s or 1.2s/task", "[rate] or [rate]"),
        (
            "(standard error 4%, 95% interval",
            "(standard error [spread], 95% interval",
        ),
        ("at 2026-11-27T09:30:00Z", "at [timestamp]"),
        (
            r#"{"n":12,"seconds":0.003072}"#,
            r#"{"n":12,"seconds":[duration]}"#,
        ),
    ] {
        assert_eq!(one(line), masked, "{line}");
    }
    // Not measured: kept as they are.
    for line in [
        "n = 12: 14,200 solutions, 1,787 unique up to rotation and reflection",
        "n = 40: about 9.538e31 solutions (95% interval 8.297e31 to 1.078e32)",
        "timing a sample of the tasks for up to 60 s",
        "wall time: on 1 core, on 2 cores, on 512 cores",
        "half boards joined 131,072 a side at a time",
        "the task logs agree: 849 tasks of n = 12",
        "[5, 0, 4, 1, 7, 2, 6, 3]",
        r#"{"n":12,"solutions":14200,"unique":1787}"#,
        "1,000,000,000 queens, 8 moves, 0 restarts",
        "a line of 1,048,576 bytes",
    ] {
        assert_eq!(one(line), line);
    }
    // Columns compare however wide.
    assert_eq!(one("a   b  c"), "a b c");
    // compare's times, under their header, and nothing else of its table.
    let table = steady.lines(
        [
            "algorithm   solutions  nodes  peak  time (ms)  same set",
            "bitwise            92  2,057     8      0.037  yes",
        ],
        true,
        false,
    );
    assert_eq!(table[1], "bitwise 92 2,057 8 [duration] yes");
    // Threads: the shown side's whatever they were where it was written,
    // the printed side's only this machine's; none where `-j` chose them.
    let threads = format!("on {} threads", steady.cores);
    assert_eq!(
        steady.lines([threads.as_str()], true, false),
        ["on [threads]"]
    );
    let other = format!("on {} threads", steady.cores + 1);
    assert_eq!(
        steady.lines([other.as_str()], true, false),
        [other.as_str()]
    );
    assert_eq!(
        steady.lines([other.as_str()], false, false),
        ["on [threads]"]
    );
    assert_eq!(steady.lines([other.as_str()], false, true), [other]);
}

#[cfg(unix)]
#[test]
fn readme_console_examples_are_the_real_output() {
    let steady = Steady::new();
    let compare = snapbox::Assert::new().palette(snapbox::report::Palette::plain());
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
    let mut failures = Vec::new();
    for (page, text) in super::docs::user_guide() {
        // Each page in a fresh directory of its own: files one page's
        // examples write (task logs) are not there for the next.
        let cwd = dir.join(page.replace('/', "-"));
        std::fs::create_dir_all(&cwd).unwrap();
        for (command, shown) in examples(&text) {
            if SKIPPED.iter().any(|s| command.contains(s)) {
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
            let own_threads = command.contains(" -j") || command.contains("--threads");
            let printed = steady.lines(printed.lines(), true, own_threads);
            let shown = steady.lines(shown, false, own_threads);
            let name = format!("{page}: `$ {command}`");
            if EXCERPTS.iter().any(|e| command.starts_with(e)) {
                for line in shown.iter().filter(|l| !l.is_empty()) {
                    if !printed.contains(line) {
                        failures.push(format!("{name} shows a line it does not print:\n{line}"));
                    }
                }
            } else if let Err(diff) = compare.try_eq(
                Some(&"printed"),
                printed.join("\n").raw(),
                shown.join("\n").raw(),
            ) {
                failures.push(format!(
                    "{name}, as shown (expected) and as printed:\n{diff}"
                ));
            }
            checked += 1;
            if page == "README.md" {
                readme_checked += 1;
            }
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
    assert!(
        failures.is_empty(),
        "{} of {checked} examples are not what the program prints \
         (measured values masked, see tests/cli/console.rs):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(checked >= 25, "only {checked} examples checked");
    assert!(
        readme_checked >= 8,
        "only {readme_checked} of README's examples checked"
    );
}
