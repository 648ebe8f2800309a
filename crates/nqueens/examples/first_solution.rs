//! The first solution of the 8-queens puzzle, its symmetry class, and a few
//! more solutions, as in the crate's tutorial. `cargo run --example first_solution`
#![allow(clippy::print_stdout)]

use nqueens::{write_solution, RenderOptions, Style};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let first = nqueens::first(8)?.ok_or("8 queens always have a solution")?;
    println!("first solution: {first}");
    write_solution(
        &mut std::io::stdout(),
        first.columns(),
        Style::Board,
        RenderOptions::default(),
    )?;
    println!(
        "its class has {} members; canonical form {}",
        first.orbit_size(),
        first.canonical()
    );
    for s in nqueens::solutions(8)?.skip(1).take(3) {
        println!("next: {s}");
    }
    Ok(())
}
