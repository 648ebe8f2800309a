//! `nqueens solve N`: the first solution (lexicographically first unless the
//! chosen algorithm searches in another order).

use std::io::Write;

use nqueens::algo::Collect;
use nqueens::render::{write_solution, Options, Style};

use super::run_algo;
use crate::config::Search;
use crate::exit::Outcome;
use crate::output::Out;

#[allow(clippy::print_stderr)]
pub fn run(n: usize, style: Style, options: Options, search: Search) -> anyhow::Result<Outcome> {
    let first = match search.algorithm {
        None => nqueens::first(n)?.map(nqueens::Solution::into_columns),
        Some(algorithm) => {
            let mut sink = Collect {
                limit: Some(1),
                ..Collect::default()
            };
            let (stats, seconds) = run_algo::run(algorithm, n, &mut sink)?;
            if search.stats {
                run_algo::print_stats(algorithm, n, &stats, seconds);
            }
            sink.solutions.into_iter().next()
        }
    };
    let Some(columns) = first else {
        eprintln!("no solution exists for n = {n}");
        return Ok(Outcome::No);
    };
    let mut out = Out::stdout();
    write_solution(&mut out, &columns, style, options)?;
    out.flush()?;
    Ok(Outcome::Yes)
}
