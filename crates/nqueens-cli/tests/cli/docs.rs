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
