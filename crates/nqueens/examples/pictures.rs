//! Board pictures for slides and notes: the first 8-queens solution, a board
//! with a conflict, a dead end, and an animated search of 4 queens, as SVG
//! and PNG. `cargo run --example pictures -- DIR` (default `pictures`).
#![allow(clippy::print_stdout)]

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

use nqueens::{write_animated_svg, write_png, write_svg, FrameRecorder, Picture};
use nqueens::{Placement, Square};

fn save(dir: &Path, name: &str, picture: &Picture) -> Result<(), Box<dyn std::error::Error>> {
    let svg = dir.join(format!("{name}.svg"));
    write_svg(&mut BufWriter::new(File::create(&svg)?), picture)?;
    let png = dir.join(format!("{name}.png"));
    write_png(&mut BufWriter::new(File::create(&png)?), picture)?;
    println!("{} {}", svg.display(), png.display());
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "pictures".into());
    let dir = Path::new(&dir);
    std::fs::create_dir_all(dir)?;

    let first = nqueens::first(8)?.ok_or("8 queens always have a solution")?;
    save(
        dir,
        "eight-queens",
        &Picture::from_columns(first.columns()).with_caption(format!("8 queens: {first}")),
    )?;

    // Six queens, one per row and column, but (0, 0) and (5, 5) share a diagonal.
    let placement = Placement::from_columns(vec![0, 2, 4, 1, 3, 5])?;
    let conflict = placement.conflicts().next().ok_or("a conflict")?;
    save(
        dir,
        "conflict",
        &Picture::from_placement(&placement)
            .with_attacked_shaded(true)
            .with_coordinates(true)
            .with_caption(conflict.to_string()),
    )?;

    // The same queens one row short: every square of row 5 is attacked.
    let dead_end = Picture::new(6)
        .with_queens(
            [0, 2, 4, 1, 3]
                .into_iter()
                .enumerate()
                .map(|(r, c)| Square::new(r, c)),
        )
        .with_attacked_shaded(true)
        .with_coordinates(true)
        .with_caption("row 5 has no free square: backtrack");
    save(dir, "dead-end", &dead_end)?;

    // The look-ahead scores of a heuristic search, written on their squares.
    let scores = Picture::new(6)
        .with_queens([Square::new(0, 1)])
        .with_attacked_shaded(true)
        .with_label(Square::new(1, 3), "8")
        .with_label(Square::new(1, 4), "7")
        .with_label(Square::new(1, 5), "9")
        .with_caption("row 1: squares left free below each choice");
    save(dir, "scores", &scores)?;

    let mut recorder = FrameRecorder::new(4).stop_after_solutions(1);
    nqueens::find_algorithm("bitwise")
        .ok()
        .ok_or("the bitwise search")?
        .search(4, &mut recorder)?;
    let path = dir.join("search-4.svg");
    write_animated_svg(
        &mut BufWriter::new(File::create(&path)?),
        4,
        recorder.frames(),
        0.8,
    )?;
    println!("{} ({} frames)", path.display(), recorder.frames().len());
    Ok(())
}
