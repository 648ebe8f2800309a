//! The completion bench: every published instance in
//! `../shared/benchmarks/completion` (see its README), decided by
//! `nqueens::complete`, with the time and nodes of each and its
//! answer beside the one the authors' solvers recorded.
//!
//! `cargo run --release -p nqueens --example complete_bench [FAMILY...]`
//! where FAMILY is `blocked`, `diag`, `completion` or `hard` (default: all
//! but `hard`). `NQUEENS_BENCH_LIMIT=S` gives up on an instance after S
//! seconds (default 120) and counts it as undecided. `NQUEENS_COMPLETION_DIR`
//! points elsewhere. `NQUEENS_BENCH_EACH=1` also prints every instance: its
//! answer, the recorded one, the seconds and the nodes. Prints one summary line per family and board size, and
//! every instance that disagrees or is undecided; exits 1 if any disagrees.
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::unwrap_used,
    clippy::expect_used
)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nqueens::{complete, parse_instance, Answer, ReadOptions};

/// One instance: its file, how many diagonals, the recorded answer, and
/// the reference seconds to compare with (if any).
struct Case {
    file: PathBuf,
    diagonals: Option<usize>,
    expected: Option<bool>,
    reference: Option<f64>,
    group: String,
}

#[derive(Default)]
struct Row {
    times: Vec<f64>,
    nodes: u64,
    sat: usize,
    unsat: usize,
    undecided: usize,
    wrong: usize,
    reference: Vec<f64>,
}

fn read_tsv(path: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .skip(1)
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn cases(dir: &Path, family: &str) -> Vec<Case> {
    let sub = dir.join(family);
    match family {
        "blocked" => read_tsv(&sub.join("answers.tsv"))
            .into_iter()
            .map(|r| Case {
                file: sub.join(&r[0]),
                diagonals: None,
                expected: Some(r[2] == "SAT"),
                // CP-SAT's seconds (2 workers); an undecided one counts its 30 s limit.
                reference: r.get(5).and_then(|s| s.parse().ok()),
                group: format!("blocked n = {}", r[1]),
            })
            .collect(),
        "diag" | "hard" => read_tsv(&sub.join("answers.tsv"))
            .into_iter()
            .map(|r| {
                let n = r[0].split('-').nth(1).unwrap_or("?").to_string();
                Case {
                    file: sub.join(&r[0]),
                    diagonals: r[1].parse().ok(),
                    expected: Some(r[2] == "SAT"),
                    reference: r
                        .get(if family == "hard" { 3 } else { 4 })
                        .and_then(|s| s.parse().ok()),
                    group: format!("{family} n = {n:>2}"),
                }
            })
            .collect(),
        _ => {
            // completion-10-4-1-kD: made from diag-10-4-1 with its first D
            // diagonals, so it has that instance's answer.
            let diag = read_tsv(&dir.join("diag/answers.tsv"));
            let mut files: Vec<PathBuf> = std::fs::read_dir(&sub)
                .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            files.sort();
            files
                .into_iter()
                .filter(|f| f.extension().is_some_and(|e| e == "param"))
                .map(|file| {
                    let name = file.file_stem().unwrap().to_string_lossy().to_string();
                    let d = name.rsplit("-k").next().unwrap_or("").to_string();
                    let expected = diag
                        .iter()
                        .find(|r| r[0] == "diag-10-4-1.param" && r[1] == d)
                        .map(|r| r[2] == "SAT");
                    Case {
                        file,
                        diagonals: None,
                        expected,
                        reference: None,
                        group: "completion n = 2547".into(),
                    }
                })
                .collect()
        }
    }
}

fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    if xs.is_empty() {
        0.0
    } else {
        xs[xs.len() / 2]
    }
}

fn main() {
    let dir = std::env::var_os("NQUEENS_COMPLETION_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks/completion"),
        PathBuf::from,
    );
    if !dir.is_dir() {
        eprintln!(
            "no benchmark instances at {} (set NQUEENS_COMPLETION_DIR)",
            dir.display()
        );
        std::process::exit(2);
    }
    let limit: f64 = std::env::var("NQUEENS_BENCH_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(120.0);
    let each = std::env::var_os("NQUEENS_BENCH_EACH").is_some();
    let mut families: Vec<String> = std::env::args().skip(1).collect();
    if families.is_empty() {
        families = ["blocked", "diag", "completion"].map(String::from).to_vec();
    }
    let mut rows: BTreeMap<String, Row> = BTreeMap::new();
    let mut wrong = 0;
    for family in &families {
        for case in cases(&dir, family) {
            let text = std::fs::read_to_string(&case.file).unwrap();
            let options = ReadOptions {
                diagonals: case.diagonals,
            };
            let (instance, _) = parse_instance(&text, options)
                .unwrap_or_else(|e| panic!("{}: {e}", case.file.display()));
            let stop = Arc::new(AtomicBool::new(false));
            let done = Arc::new(AtomicBool::new(false));
            let watchdog = {
                let (stop, done) = (Arc::clone(&stop), Arc::clone(&done));
                std::thread::spawn(move || {
                    let until = Instant::now() + Duration::from_secs_f64(limit);
                    while Instant::now() < until && !done.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    stop.store(true, Ordering::Relaxed);
                })
            };
            let start = Instant::now();
            let result = complete(&instance, &stop);
            let seconds = start.elapsed().as_secs_f64();
            done.store(true, Ordering::Relaxed);
            watchdog.join().unwrap();
            let row = rows.entry(case.group.clone()).or_default();
            let answer = match result {
                Ok((Answer::Found(columns), stats)) => {
                    assert!(
                        instance.accepts(&columns),
                        "{}: not a completion",
                        case.file.display()
                    );
                    row.nodes += stats.nodes;
                    Some(true)
                }
                Ok((Answer::NoCompletion, stats)) => {
                    row.nodes += stats.nodes;
                    Some(false)
                }
                Err(_) => Some(false),
                Ok(_) => None,
            };
            let name = format!(
                "{}{}",
                case.file.file_name().unwrap().to_string_lossy(),
                case.diagonals
                    .map_or(String::new(), |d| format!(" D = {d}"))
            );
            if each {
                let show = |a: Option<bool>| match a {
                    Some(true) => "SAT",
                    Some(false) => "UNSAT",
                    None => "?",
                };
                println!(
                    "{name:<44} {:>6} (recorded {:>5}) {seconds:>10.4} s",
                    show(answer),
                    show(case.expected)
                );
            }
            match (answer, case.expected) {
                (None, _) => {
                    row.undecided += 1;
                    println!("  undecided after {limit} s: {name}");
                }
                (Some(a), Some(e)) if a != e => {
                    row.wrong += 1;
                    wrong += 1;
                    println!("  DISAGREES with the recorded answer: {name}");
                }
                (Some(a), _) => {
                    if a {
                        row.sat += 1;
                    } else {
                        row.unsat += 1;
                    }
                }
            }
            if let Some(r) = case.reference {
                row.reference.push(r);
            }
            row.times.push(seconds);
        }
    }
    println!(
        "{:<22} {:>9} {:>5} {:>6} {:>9} {:>6} {:>10} {:>10} {:>10} {:>14} {:>12}",
        "instances",
        "decided",
        "SAT",
        "UNSAT",
        "undecided",
        "wrong",
        "median s",
        "max s",
        "total s",
        "nodes",
        "ref median s"
    );
    for (group, row) in &mut rows {
        let total: f64 = row.times.iter().sum();
        let max = row.times.iter().copied().fold(0.0, f64::max);
        let reference = if row.reference.is_empty() {
            "-".to_string()
        } else {
            format!("{:.4}", median(&mut row.reference))
        };
        println!(
            "{:<22} {:>4} / {:<3} {:>5} {:>6} {:>9} {:>6} {:>10.4} {:>10.4} {:>10.3} {:>14} {:>12}",
            group,
            row.sat + row.unsat,
            row.times.len(),
            row.sat,
            row.unsat,
            row.undecided,
            row.wrong,
            median(&mut row.times),
            max,
            total,
            row.nodes,
            reference
        );
    }
    if wrong > 0 {
        std::process::exit(1);
    }
}
