//! Q(n) and the number of classes up to symmetry for n = 1..=12, checked
//! against the OEIS tables. `cargo run --release --example count`
#![allow(clippy::print_stdout)]

fn main() -> Result<(), nqueens::Error> {
    println!("{:>3} {:>10} {:>8}", "n", "Q(n)", "U(n)");
    for n in 1..=12 {
        let c = nqueens::count_all(n)?;
        assert_eq!(Some(c.total), nqueens::known_total(n));
        assert_eq!(Some(c.unique), nqueens::known_unique(n));
        println!("{n:>3} {:>10} {:>8}", c.total, c.unique);
    }
    Ok(())
}
