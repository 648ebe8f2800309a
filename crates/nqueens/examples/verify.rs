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
        let empty: Vec<usize> = placement.empty_rows().collect();
        println!("rows without a queen: {empty:?}");
        for conflict in placement.conflicts() {
            println!("{conflict}");
        }
    }
    Ok(())
}
