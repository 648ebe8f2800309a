//! `completions` and `man`: generated from the same definitions as `--help`;
//! the pages of the user guide, which other modules check, and a check that
//! they hold no build history.

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
    // Only solve's --algorithm offers the two methods for huge boards
    // (all refuses them, as count does).
    let fish = run(&["completions", "fish"]).ok();
    let algorithm = |command: &str| {
        // One `complete` line each, its values running on over lines.
        let entry = fish
            .split("\ncomplete ")
            .find(|e| {
                e.contains(&format!("using_subcommand {command}\"")) && e.contains("-l algorithm ")
            })
            .unwrap_or_else(|| panic!("no --algorithm of {command}: {fish}"));
        (entry.contains("bitwise"), entry.contains("construct"))
    };
    assert_eq!(algorithm("solve"), (true, true));
    for command in ["all", "count", "trace"] {
        assert_eq!(algorithm(command), (true, false), "{command}");
    }
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
    // What --help ends with, in sections of their own: the examples line
    // by line (not run together), the notes and the exit statuses.
    assert!(!page.contains("EXTRA"), "{page}");
    let examples = page.split(".SH EXAMPLES\n.nf\n").nth(1).unwrap();
    let examples = examples.split("\n.fi\n").next().unwrap();
    assert_eq!(examples.lines().count(), 8, "{examples}");
    assert!(
        examples
            .lines()
            .all(|l| l.starts_with("  nqueens") || l.starts_with("  echo") || l.starts_with("   ")),
        "{examples}"
    );
    assert!(
        page.contains(".SH NOTES\nRows and columns are counted from 0"),
        "{page}"
    );
    assert!(page.contains(".SH \"EXIT STATUS\"\n0 yes, 1 no"), "{page}");
    assert!(page.contains("130 interrupted.\n"), "{page}");
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
    // Each synopsis says what --help's usage line says of its files: merge
    // takes several (clap_mangen wrote `[FILE]` for one or many).
    for (command, usage) in [("merge", "[FILE]..."), ("verify", "[FILE]")] {
        let help = run(&[command, "--help"]).ok();
        assert!(help.contains(&format!("[OPTIONS] {usage}\n")), "{help}");
        let synopsis = page
            .lines()
            .find(|l| l.starts_with(&format!("\\fBnqueens {command}\\fR")))
            .unwrap();
        let roff = usage.replace("FILE", "\\fIFILE\\fR");
        assert!(synopsis.ends_with(&format!(" {roff} ")), "{synopsis}");
    }
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

/// README and the guide say what this build does: how it got there (commit
/// hashes, the figures of earlier builds, which night a dry run was made)
/// belongs in `docs/history/`, which this does not read.
#[test]
fn the_guide_holds_no_build_history() {
    // A commit's hash, abbreviated or whole: hex digits, a letter and a
    // digit among them (so that neither a word nor a number is one).
    let hash = regex::Regex::new(r"\b[0-9a-f]{7,40}\b").unwrap();
    let date = regex::Regex::new(r"\b20\d\d-\d\d-\d\d\b|night of").unwrap();
    for (page, text) in user_guide() {
        for (i, line) in text.lines().enumerate() {
            for word in hash.find_iter(line).map(|m| m.as_str()) {
                let letter = word.bytes().any(|b| b.is_ascii_alphabetic());
                let digit = word.bytes().any(|b| b.is_ascii_digit());
                assert!(!(letter && digit), "{page}:{}: {word}", i + 1);
            }
            assert!(!date.is_match(line), "{page}:{}: {line}", i + 1);
        }
    }
}

/// README is the front door (issue 37): at most 300 lines, the rest in the
/// guide's pages.
/// The design map (docs/design.md) names every script, example, test file
/// and tool setting of the workspace (README calls it "every file of the
/// workspace"; eight scripts, six examples and four test files were in
/// none of its lines).
#[test]
fn the_design_map_names_every_script_example_and_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let map = std::fs::read_to_string(root.join("docs/design.md")).unwrap();
    let mut files: Vec<String> = ["Cargo.toml", "clippy.toml", "rustfmt.toml"]
        .map(String::from)
        .to_vec();
    let mut folders = vec![root.join("scripts")];
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        let krate = krate.unwrap().path();
        folders.extend(["examples", "tests", "benches"].map(|f| krate.join(f)));
    }
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_file() {
                files.push(path.file_name().unwrap().to_string_lossy().into_owned());
            }
        }
    }
    assert!(files.len() > 30, "{files:?}");
    let missing: Vec<&String> = files.iter().filter(|f| !map.contains(f.as_str())).collect();
    assert!(
        missing.is_empty(),
        "docs/design.md names none of {missing:?}"
    );
}

#[test]
fn readme_is_at_most_300_lines() {
    let (page, text) = user_guide().remove(0);
    assert_eq!(page, "README.md");
    let lines = text.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines");
}

/// The anchors of a Markdown page as GitHub makes them: each heading
/// lowercased, kept only its letters, digits, `_`, `-` and spaces, spaces
/// made `-`, and a repeated one numbered (`-1`, `-2`); headings inside
/// code blocks are none.
fn anchors(text: &str) -> std::collections::HashSet<String> {
    let mut seen = std::collections::HashMap::<String, usize>::new();
    let mut out = std::collections::HashSet::new();
    let mut code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            code = !code;
            continue;
        }
        let Some(heading) = line.strip_prefix('#').map(|h| h.trim_start_matches('#')) else {
            continue;
        };
        if code || !heading.starts_with(' ') {
            continue;
        }
        let slug: String = heading
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' '))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let count = seen.entry(slug.clone()).or_insert(0);
        out.insert(if *count == 0 {
            slug.clone()
        } else {
            format!("{slug}-{count}")
        });
        *count += 1;
    }
    out
}

/// Every relative link of README and the guide lands: on a file that
/// exists, and on a heading of it where it names one (`#anchor`).
#[test]
fn every_link_of_the_guide_lands() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let link = regex::Regex::new(r"\]\(([^)\s]+)\)").unwrap();
    let mut checked = 0;
    let mut broken = Vec::new();
    for (page, text) in user_guide() {
        let dir = root.join(&page).parent().unwrap().to_path_buf();
        let mut code = false;
        for (i, line) in text.lines().enumerate() {
            if line.starts_with("```") {
                code = !code;
                continue;
            }
            if code {
                continue;
            }
            for m in link.captures_iter(line) {
                let target = &m[1];
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
                let path = if file.is_empty() {
                    root.join(&page)
                } else {
                    dir.join(file)
                };
                let lands = path.exists()
                    && (anchor.is_empty()
                        || path.extension().is_none_or(|e| e != "md")
                        || anchors(&std::fs::read_to_string(&path).unwrap()).contains(anchor));
                if !lands {
                    broken.push(format!("{page}:{}: {target}", i + 1));
                }
            }
        }
    }
    assert!(checked > 40, "{checked} links");
    assert!(
        broken.is_empty(),
        "links that land nowhere:\n{}",
        broken.join("\n")
    );
    // The slugs as GitHub makes them.
    let made = anchors("# A `b`: c [d]\n```\n# not one\n```\n## A `b`: c [d]\n");
    assert_eq!(
        made,
        ["a-b-c-d", "a-b-c-d-1"]
            .map(String::from)
            .into_iter()
            .collect()
    );
}
