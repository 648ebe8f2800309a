//! The one-line report of a count, shared by `nqueens count`, `nqueens merge`
//! and the MPI runner so that they print exactly the same thing.

use crate::words::grouped;

/// Runs shorter than this print no time in text, so that the text is the same
/// from run to run.
pub const SHOW_TIME_FROM: f64 = 0.5;

/// `n = 8: 92 solutions, 12 unique up to rotation and reflection` (and the
/// time, for runs of half a second or more). No newline.
///
/// ```
/// use nqueens::count_text_line;
/// assert_eq!(count_text_line(8, 92, Some(12), 0.01), "n = 8: 92 solutions, 12 unique up to rotation and reflection");
/// assert_eq!(count_text_line(1, 1, None, 0.0), "n = 1: 1 solution");
/// ```
pub fn text_line(n: usize, total: u128, unique: Option<u128>, seconds: f64) -> String {
    let noun = if total == 1 { "solution" } else { "solutions" };
    let mut line = format!("n = {n}: {} {noun}", grouped(total));
    if let Some(u) = unique {
        line.push_str(&format!(
            ", {} unique up to rotation and reflection",
            grouped(u)
        ));
    }
    if seconds >= SHOW_TIME_FROM {
        line.push_str(&format!(" ({seconds:.2} s)"));
    }
    line
}

/// `{"n":8,"solutions":92,"unique":12,"seconds":0.000123}`. No newline.
/// Seconds that are not known (`f64::NAN`: `merge` adds up counts whose
/// times it was not given) are written `null`.
///
/// ```
/// use nqueens::count_json_line;
/// assert_eq!(count_json_line(8, 92, None, 0.5), r#"{"n":8,"solutions":92,"seconds":0.5}"#);
/// assert_eq!(count_json_line(8, 92, None, f64::NAN), r#"{"n":8,"solutions":92,"seconds":null}"#);
/// assert_eq!(
///     count_json_line(27, 234_907_967_154_122_528, Some(29_363_495_934_315_694), 0.0),
///     r#"{"n":27,"solutions":234907967154122528,"unique":29363495934315694,"seconds":0.0}"#
/// );
/// ```
pub fn json_line(n: usize, total: u128, unique: Option<u128>, seconds: f64) -> String {
    /// The line, as serde writes it.
    #[derive(serde::Serialize)]
    struct Line {
        n: usize,
        solutions: u128,
        #[serde(skip_serializing_if = "Option::is_none")]
        unique: Option<u128>,
        seconds: f64,
    }
    // Rounded to the microsecond, as a time measured here deserves.
    let seconds = (seconds * 1e6).round() / 1e6;
    serde_json::to_string(&Line {
        n,
        solutions: total,
        unique,
        seconds,
    })
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A time in JSON is written to the microsecond, as measured (not
    /// with every digit of the float).
    #[test]
    fn json_seconds_are_rounded_to_the_microsecond() {
        assert_eq!(
            json_line(8, 92, None, 0.123_456_789),
            r#"{"n":8,"solutions":92,"seconds":0.123457}"#
        );
        assert_eq!(
            json_line(8, 92, Some(12), 1.0 / 3.0),
            r#"{"n":8,"solutions":92,"unique":12,"seconds":0.333333}"#
        );
    }
}
