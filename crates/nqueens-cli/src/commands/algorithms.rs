//! `nqueens algorithms`: what each search does and how large a board it takes.

use std::io::Write;

use crate::exit::Outcome;
use crate::output::Out;

pub fn run() -> anyhow::Result<Outcome> {
    let mut out = Out::stdout();
    writeln!(
        out,
        "{:<16} {:>5}  {:<13}  how it searches",
        "name", "max n", "order"
    )?;
    for a in nqueens::algo::algorithms() {
        let order = if a.lexicographic() {
            "lexicographic"
        } else {
            "its own"
        };
        writeln!(
            out,
            "{:<16} {:>5}  {:<13}  {}",
            a.name(),
            a.max_n(),
            order,
            a.summary()
        )?;
    }
    writeln!(
        out,
        "\nChoose one with --algorithm NAME on solve, all, count and trace; `nqueens compare N` runs them side by side."
    )?;
    out.flush()?;
    Ok(Outcome::Yes)
}
