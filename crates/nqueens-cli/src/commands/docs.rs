//! `nqueens completions SHELL` and `nqueens man`: shell completions and the
//! manual page, generated from the same clap definitions as `--help`, so
//! they can never disagree with it.

use std::io::Write;

use clap::CommandFactory;

use crate::exit::Outcome;
use crate::flags::Opts;
use crate::output::Out;

/// Prints the completion script for `shell`.
pub fn completions(shell: clap_complete::Shell) -> anyhow::Result<Outcome> {
    let mut out = Out::stdout();
    clap_complete::generate(shell, &mut Opts::command(), "nqueens", &mut out);
    out.flush()?;
    Ok(Outcome::Yes)
}

/// Prints the manual page: the command, then a section per subcommand
/// (its synopsis, description and options as subsections), so that one page
/// holds everything `--help` says.
pub fn man() -> anyhow::Result<Outcome> {
    let command = Opts::command();
    let mut out = Out::stdout();
    let page = clap_mangen::Man::new(command.clone());
    page.render_title(&mut out)?;
    page.render_name_section(&mut out)?;
    page.render_synopsis_section(&mut out)?;
    page.render_description_section(&mut out)?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        writeln!(out, ".SH \"NQUEENS {}\"", sub.get_name().to_uppercase())?;
        let named = sub.clone().bin_name(format!("nqueens {}", sub.get_name()));
        let sub_page = clap_mangen::Man::new(named);
        let mut roff = Vec::new();
        sub_page.render_synopsis_section(&mut roff)?;
        let synopsis = repeated_positionals(sub, String::from_utf8_lossy(&roff).into_owned());
        roff.clear();
        sub_page.render_description_section(&mut roff)?;
        sub_page.render_options_section(&mut roff)?;
        // The subcommand's sections become subsections of its own.
        for line in synopsis
            .lines()
            .chain(String::from_utf8_lossy(&roff).lines())
        {
            match line.strip_prefix(".SH ") {
                Some(title) => writeln!(out, ".SS {title}")?,
                None => writeln!(out, "{line}")?,
            }
        }
    }
    let after_help = command.get_after_help().map(ToString::to_string);
    closing_sections(after_help.as_deref().unwrap_or_default()).to_writer(&mut out)?;
    page.render_version_section(&mut out)?;
    out.flush()?;
    Ok(Outcome::Yes)
}

/// The synopsis with `...` after each positional argument that may be
/// given more than once, as `--help` writes it (`[FILE]...`): clap_mangen
/// writes `[FILE]` for one or many.
fn repeated_positionals(command: &clap::Command, mut synopsis: String) -> String {
    for arg in command.get_positionals() {
        let many = matches!(arg.get_action(), clap::ArgAction::Append)
            || arg.get_num_args().is_some_and(|n| n.max_values() > 1);
        if !many {
            continue;
        }
        let name = arg.get_value_names().map_or_else(
            || arg.get_id().to_string(),
            |names| {
                names
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            },
        );
        for (open, close) in [("[", "]"), ("<", ">")] {
            let written = format!("{open}\\fI{name}\\fR{close}");
            synopsis = synopsis.replace(&format!("{written} "), &format!("{written}... "));
        }
    }
    synopsis
}

/// The page's sections after the commands, from the text `--help` ends
/// with: EXAMPLES (its lines as they are), NOTES and EXIT STATUS, where
/// clap_mangen would make one section titled EXTRA of it all, its lines run
/// together.
fn closing_sections(after_help: &str) -> roff::Roff {
    let mut page = roff::Roff::new();
    let (examples, rest) = after_help.split_once("\n\n").unwrap_or((after_help, ""));
    let mut examples = examples.lines();
    if examples.next() == Some("Examples:") {
        page.control("SH", ["EXAMPLES"]).control("nf", []);
        for line in examples {
            page.text([roff::roman(line)]);
        }
        page.control("fi", []);
    }
    let (notes, exit) = rest.split_once("Exit status: ").unwrap_or((rest, ""));
    let paragraph = |text: &str| roff::roman(text.split_whitespace().collect::<Vec<_>>().join(" "));
    for (title, text) in [("NOTES", notes), ("EXIT STATUS", exit)] {
        if !text.trim().is_empty() {
            page.control("SH", [title]).text([paragraph(text)]);
        }
    }
    page
}
