//! [`is_column_list`]: which reader a text wants, told from its first bytes.
//!
//! The column-list forms stream through a [`ColumnReader`](super::ColumnReader);
//! drawn and LeetCode boards are small by nature and go whole to
//! [`parse_placements`](crate::parse_placements). The rules are that
//! function's own, so both paths read a text the same way.

use super::BOM;

/// Whether text starting with `start` is a column list that [`ColumnReader`]
/// reads: `Some(true)`; a drawn or LeetCode board, or anything else, for
/// [`parse_placements`]: `Some(false)`; `None` when
/// `start` is too short to tell and more text follows (`at_eof` false).
///
/// The rules are those of `parse_placements`: a first non-blank line that
/// starts with `[` is a bracketed list (unless its first item is a quoted
/// row); otherwise a first line with a digit is a column list. Text whose
/// first character is not ASCII goes to `parse_placements`, which reads every
/// form exactly.
///
/// ```
/// use nqueens::is_column_list;
///
/// assert_eq!(is_column_list(b"0 4 7 5", false), Some(true));
/// assert_eq!(is_column_list(b"\n[[1, 3, 0, 2]", false), Some(true));
/// assert_eq!(is_column_list(b"[\".Q..\",", false), Some(false));
/// assert_eq!(is_column_list(b".Q..\n", false), Some(false));
/// assert_eq!(is_column_list(b"  [ ", false), None);
/// assert_eq!(is_column_list(b"", true), Some(false));
/// ```
///
/// [`ColumnReader`]: super::ColumnReader
/// [`parse_placements`]: crate::parse_placements
pub fn is_column_list(start: &[u8], at_eof: bool) -> Option<bool> {
    let more = |found: bool| if at_eof { Some(found) } else { None };
    let text = match start.strip_prefix(BOM) {
        Some(rest) => rest,
        None if BOM.starts_with(start) => return more(false),
        None => start,
    };
    let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
    let Some(first) = text.iter().position(|&b| !blank(b)) else {
        return more(false);
    };
    let rest = &text[first..];
    match rest[0] {
        b'[' => match rest[1..].iter().find(|&&b| !blank(b) && b != b'[') {
            Some(&b) => Some(b != b'"' && b.is_ascii()),
            None => more(false),
        },
        b if !b.is_ascii() => Some(false),
        _ => {
            for &b in rest {
                if b.is_ascii_digit() {
                    return Some(true);
                }
                if b == b'\n' {
                    return Some(false);
                }
            }
            more(false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffing() {
        for (text, want) in [
            ("0 1", Some(true)),
            ("\u{feff}0 1", Some(true)),
            ("  \n [1", Some(true)),
            ("[[1", Some(true)),
            ("[]", Some(true)),
            ("[ \"", Some(false)),
            ("[[\"", Some(false)),
            ("Q..", None),
            ("Q..\n", Some(false)),
            ("Q 1", Some(true)),
            ("hello", None),
            ("■ □", Some(false)),
            ("", None),
        ] {
            assert_eq!(is_column_list(text.as_bytes(), false), want, "{text:?}");
        }
        assert_eq!(is_column_list(b"hello", true), Some(false));
        assert_eq!(is_column_list(b"\xef\xbb", false), None);
    }
}
