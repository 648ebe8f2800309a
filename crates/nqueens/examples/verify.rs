//! Checking boards people bring: a drawn board with mistakes, every conflict
//! listed. `cargo run --example verify`
#![allow(clippy::print_stdout)]

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let drawn = "\
. Q . . . . . .
. . . Q . . . .
. . . . . Q . .
. . . . . . . Q
. . Q . . . . .
Q . . . . . . .
. . . . . . . .
. . . . Q . . Q
";
    for placement in nqueens::parse_placements(drawn, false)? {
        if placement.is_solution() {
            println!("a solution");
        }
        println!("rows without a queen: {:?}", placement.empty_rows());
        for conflict in placement.conflicts() {
            println!("{conflict}");
        }
    }
    Ok(())
}
