//! `nqueens solve N`: the first solution (lexicographically first unless the
//! chosen algorithm searches in another order).

use std::io::Write;

use nqueens::algo::Collect;
use nqueens::render::{write_png, write_solution, write_svg, Options, Picture};

use super::run_algo;
use crate::config::{BoardOutput, Search};
use crate::exit::Outcome;
use crate::output::{check_binary_ok, Out};

#[allow(clippy::print_stderr)]
pub fn run(
    n: usize,
    output: BoardOutput,
    options: Options,
    search: Search,
) -> anyhow::Result<Outcome> {
    if output == BoardOutput::Png {
        check_binary_ok(&format!("nqueens solve {n} --format png"))?;
    }
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
    match output {
        BoardOutput::Text(style) => write_solution(&mut out, &columns, style, options)?,
        BoardOutput::Svg | BoardOutput::Png => {
            let picture = Picture::from_columns(&columns).with_coordinates(true);
            if output == BoardOutput::Svg {
                write_svg(&mut out, &picture)?;
            } else {
                write_png(&mut out, &picture)?;
            }
        }
    }
    out.flush()?;
    Ok(Outcome::Yes)
}
