//! `nqueens solve N`: the lexicographically first solution.

use std::io::Write;

use nqueens::render::{write_solution, Options, Style};

use crate::exit::Outcome;
use crate::output::Out;

#[allow(clippy::print_stderr)]
pub fn run(n: usize, style: Style, options: Options) -> anyhow::Result<Outcome> {
    let Some(solution) = nqueens::first(n)? else {
        eprintln!("no solution exists for n = {n}");
        return Ok(Outcome::No);
    };
    let mut out = Out::stdout();
    write_solution(&mut out, solution.columns(), style, options)?;
    out.flush()?;
    Ok(Outcome::Yes)
}
