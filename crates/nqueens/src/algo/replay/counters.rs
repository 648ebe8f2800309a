//! Occupancy's grid of attack counters: for each square, how many queens
//! above attack it. Rebuilt from the board, which is all the counters hold.

use super::Replay;

impl Replay {
    /// The attack counters of the board held: queens above attacking each square.
    pub(super) fn counters(&self) -> Vec<Vec<u8>> {
        let n = self.n;
        let mut grid = vec![vec![0u8; n]; n];
        for (r, c) in self.board.iter().enumerate() {
            let Some(c) = *c else { continue };
            for (below, line) in grid.iter_mut().enumerate().skip(r + 1) {
                let d = below - r;
                line[c] += 1;
                if c >= d {
                    line[c - d] += 1;
                }
                if c + d < n {
                    line[c + d] += 1;
                }
            }
        }
        grid
    }

    /// [`Structure::Counters`](super::Structure::Counters) in text, Q for a queen.
    pub(super) fn describe_counters(&self, grid: Vec<Vec<u8>>) -> Vec<String> {
        let mut out = Vec::new();
        out.push("attack counters (queens above attacking each square; Q = a queen):".into());
        for (r, line) in grid.iter().enumerate() {
            let cells: Vec<String> = line
                .iter()
                .enumerate()
                .map(|(c, v)| {
                    if self.board[r] == Some(c) {
                        "Q".to_string()
                    } else {
                        v.to_string()
                    }
                })
                .collect();
            out.push(format!("  {}", cells.join(" ")));
        }
        out
    }
}
