//! Times the completion solver on the published benchmark instances
//! (CSPLib 079/080; Gent, Jefferson and Nightingale 2017).
//!
//! `cargo run --release -p nqueens --example complete_times -- DIR [blocked|diag|completion|empty N|construct N K]`
//! where DIR is the benchmark folder (with `blocked/`, `diag/`, `completion/`).
#![allow(clippy::print_stdout, clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::AtomicBool;

use nqueens::Square;
use nqueens::{complete, Answer, Instance};

/// Every integer in `text`, in order.
fn numbers(text: &str) -> Vec<usize> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect()
}

/// The value of `key` (`letting n =`, `n =`): the text after its `=` up to
/// the next line that starts a new key.
fn field<'a>(text: &'a str, key: &str) -> &'a str {
    let is_key = |l: &str, key: &str| {
        let l = l.trim_start();
        let l = l.strip_prefix("letting ").unwrap_or(l);
        l.starts_with(key) && l[key.len()..].trim_start().starts_with('=')
    };
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if is_key(line, key) {
            let start = offset + line.find('=').unwrap() + 1;
            let rest = &text[start..];
            let mut end = 0;
            for (k, l) in rest.split_inclusive('\n').enumerate() {
                if k > 0
                    && l.trim_start()
                        .starts_with(|c: char| c.is_ascii_alphabetic())
                {
                    break;
                }
                end += l.len();
            }
            return &rest[..end];
        }
        offset += line.len();
    }
    panic!("no {key}")
}

fn run(name: &str, instance: &Instance, expected: Option<&str>) -> (f64, bool) {
    let (answer, stats) = complete(instance, &AtomicBool::new(false)).unwrap();
    let got = match &answer {
        Answer::Found(c) => {
            assert!(instance.accepts(c), "{name}: not accepted");
            "SAT"
        }
        Answer::NoCompletion => "UNSAT",
        _ => "STOPPED",
    };
    let ok = expected.is_none_or(|e| e == got);
    println!(
        "{name}\t{got}\t{}\t{:.4}\t{}\t{}",
        expected.unwrap_or("-"),
        stats.seconds,
        stats.nodes,
        stats.forced
    );
    (stats.seconds, ok)
}

fn summary(mut times: Vec<f64>, bad: usize) {
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    println!(
        "# {} instances, {} disagree, total {:.3} s, median {:.4} s, max {:.3} s",
        times.len(),
        bad,
        total,
        times.get(times.len() / 2).copied().unwrap_or(0.0),
        times.last().copied().unwrap_or(0.0)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = Path::new(&args[1]);
    let what = args.get(2).map_or("blocked", String::as_str);
    let filter = args.get(3).cloned().unwrap_or_default();
    match what {
        "blocked" => {
            let answers = std::fs::read_to_string(dir.join("blocked/answers.tsv")).unwrap();
            let answers: HashMap<&str, &str> = answers
                .lines()
                .skip(1)
                .map(|l| {
                    let f: Vec<&str> = l.split('\t').collect();
                    (f[0], f[2])
                })
                .collect();
            let mut files: Vec<_> = std::fs::read_dir(dir.join("blocked"))
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .filter(|f| f.ends_with(".param") && f.contains(&filter))
                .collect();
            files.sort();
            let (mut times, mut bad) = (Vec::new(), 0);
            for f in files {
                let text = std::fs::read_to_string(dir.join("blocked").join(&f)).unwrap();
                let n = numbers(field(&text, "n"))[0];
                let mut i = Instance::new(n).unwrap();
                for p in numbers(field(&text, "blocks")).chunks(2) {
                    i.block(Square::new(p[0] - 1, p[1] - 1)).unwrap();
                }
                let (t, ok) = run(&f, &i, answers.get(f.as_str()).copied());
                times.push(t);
                bad += usize::from(!ok);
            }
            summary(times, bad);
        }
        "diag" => {
            let answers = std::fs::read_to_string(dir.join("diag/answers.tsv")).unwrap();
            let (mut times, mut bad) = (Vec::new(), 0);
            for l in answers.lines().skip(1).filter(|l| l.contains(&filter)) {
                let f: Vec<&str> = l.split('\t').collect();
                let text = std::fs::read_to_string(dir.join("diag").join(f[0])).unwrap();
                let n = numbers(field(&text, "n"))[0];
                let d: usize = f[1].parse().unwrap();
                let mut i = Instance::new(n).unwrap();
                for p in numbers(field(&text, "diags")).chunks(2).take(d) {
                    if p[1] == 1 {
                        i.exclude_sum(p[0]).unwrap();
                    } else {
                        i.exclude_difference(p[0]).unwrap();
                    }
                }
                let (t, ok) = run(&format!("{} D={d}", f[0]), &i, Some(f[2]));
                times.push(t);
                bad += usize::from(!ok);
            }
            summary(times, bad);
        }
        "completion" => {
            let mut files: Vec<_> = std::fs::read_dir(dir.join("completion"))
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .filter(|f| f.ends_with(".param"))
                .collect();
            files.sort();
            for f in files {
                let text = std::fs::read_to_string(dir.join("completion").join(&f)).unwrap();
                let n = numbers(field(&text, "n"))[0];
                let mut i = Instance::new(n).unwrap();
                let init = numbers(field(&text, "init"));
                for p in init.chunks(2) {
                    i.place(Square::new(p[0], p[1])).unwrap();
                }
                println!("# {f}: n = {n}, {} pre-placed", init.len() / 2);
                run(&f, &i, None);
            }
        }
        "empty" => {
            let n: usize = args[3].parse().unwrap();
            run(
                &format!("empty {n}"),
                &Instance::new(n).unwrap(),
                Some("SAT"),
            );
        }
        "construct" => {
            // n, then the rows whose queens come from the construction.
            let n: usize = args[3].parse().unwrap();
            let sol = nqueens::construct(n).unwrap().unwrap();
            let mut i = Instance::new(n).unwrap();
            for r in args[4..].iter().map(|a| a.parse::<usize>().unwrap()) {
                i.place(Square::new(r, sol.column(r))).unwrap();
            }
            run(&format!("construct {n}"), &i, Some("SAT"));
        }
        _ => panic!("blocked, diag, completion, empty N or construct N ROWS..."),
    }
}
