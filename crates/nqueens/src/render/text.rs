//! The text styles: boards for people, lists and JSON for programs.
//!
//! Every style writes straight to an [`std::io::Write`], one row at a time, so
//! that streaming millions of solutions never builds a large string. The
//! front end chooses the destination and the buffering.

use std::io::{self, Write};

/// How a solution is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Style {
    /// A drawn board, `■` for a queen and `□` for an empty square, as the
    /// classic write-ups print it.
    Board,
    /// A drawn board in plain ASCII, `Q` and `.`.
    Ascii,
    /// The columns as a list: `[0, 4, 7, 5, 2, 6, 1, 3]`.
    List,
    /// One JSON object per line: `{"n":8,"columns":[0,4,7,5,2,6,1,3]}`.
    Json,
    /// The LeetCode 51 form: `[".Q..","...Q","Q...","..Q."]`.
    LeetCode,
}

impl Style {
    /// Whether the style draws the board (one line per row), as opposed to one
    /// line per solution.
    pub const fn is_drawing(self) -> bool {
        matches!(self, Style::Board | Style::Ascii)
    }
}

/// Options shared by the styles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Print columns from 1 instead of 0 (lists and JSON).
    pub one_based: bool,
}

/// Writes one solution (`columns[row]` = the column of the row's queen).
///
/// ```
/// use nqueens::render::{write_solution, Options, Style};
/// let mut out = Vec::new();
/// write_solution(&mut out, &[1, 3, 0, 2], Style::Ascii, Options::default())?;
/// assert_eq!(String::from_utf8(out).unwrap(), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// Whatever the writer returns.
pub fn write_solution<W: Write + ?Sized>(
    out: &mut W,
    columns: &[usize],
    style: Style,
    options: Options,
) -> io::Result<()> {
    let n = columns.len();
    let base = usize::from(options.one_based);
    match style {
        Style::Board | Style::Ascii => {
            let (queen, empty) = if style == Style::Board {
                ("■", "□")
            } else {
                ("Q", ".")
            };
            let mut line = String::with_capacity(n * 4);
            for &col in columns {
                line.clear();
                for c in 0..n {
                    if c > 0 {
                        line.push(' ');
                    }
                    line.push_str(if c == col { queen } else { empty });
                }
                line.push('\n');
                out.write_all(line.as_bytes())?;
            }
            Ok(())
        }
        Style::List => {
            write_list(out, columns, base, ", ")?;
            out.write_all(b"\n")
        }
        Style::Json => {
            write!(out, "{{\"n\":{n},\"columns\":")?;
            write_list(out, columns, base, ",")?;
            out.write_all(b"}\n")
        }
        Style::LeetCode => {
            let mut row = vec![b'.'; n];
            out.write_all(b"[")?;
            for (r, &col) in columns.iter().enumerate() {
                if r > 0 {
                    out.write_all(b",")?;
                }
                row[col] = b'Q';
                out.write_all(b"\"")?;
                out.write_all(&row)?;
                out.write_all(b"\"")?;
                row[col] = b'.';
            }
            out.write_all(b"]\n")
        }
    }
}

/// `[a, b, c]` (with `sep` = ", ") or compact JSON `[a,b,c]` (with ",").
fn write_list<W: Write + ?Sized>(
    out: &mut W,
    columns: &[usize],
    base: usize,
    sep: &str,
) -> io::Result<()> {
    out.write_all(b"[")?;
    for (i, c) in columns.iter().enumerate() {
        if i > 0 {
            out.write_all(sep.as_bytes())?;
        }
        write!(out, "{}", c + base)?;
    }
    out.write_all(b"]")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(columns: &[usize], style: Style, one_based: bool) -> String {
        let mut out = Vec::new();
        write_solution(&mut out, columns, style, Options { one_based }).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn styles() {
        let s = [1, 3, 0, 2];
        assert_eq!(
            render(&s, Style::Board, false),
            "□ ■ □ □\n□ □ □ ■\n■ □ □ □\n□ □ ■ □\n"
        );
        assert_eq!(render(&s, Style::List, false), "[1, 3, 0, 2]\n");
        assert_eq!(render(&s, Style::List, true), "[2, 4, 1, 3]\n");
        assert_eq!(
            render(&s, Style::Json, false),
            "{\"n\":4,\"columns\":[1,3,0,2]}\n"
        );
        assert_eq!(
            render(&s, Style::LeetCode, false),
            "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n"
        );
    }

    #[test]
    fn output_parses_back() {
        let s = [0, 4, 7, 5, 2, 6, 1, 3];
        for style in [Style::Board, Style::Ascii, Style::List, Style::LeetCode] {
            for one_based in [false, true] {
                let text = render(&s, style, one_based);
                let p = crate::parse_placements(&text, one_based && !style.is_drawing()).unwrap();
                let cols: Vec<usize> = p[0].queens().iter().map(|q| q.col).collect();
                assert_eq!(cols, s, "{style:?} {one_based}");
            }
        }
    }
}
