//! The one-line report of a count, shared by `nqueens count`, `nqueens merge`
//! and the MPI runner so that they print exactly the same thing.

/// `1234567` as `1,234,567`.
///
/// # Examples
///
/// ```
/// use nqueens::{count, grouped, known_total};
///
/// assert_eq!(grouped(0), "0");
/// assert_eq!(grouped(999), "999");
/// assert_eq!(grouped(1_000), "1,000");
/// assert_eq!(grouped(count(10)?), "724");
/// assert_eq!(grouped(known_total(27).unwrap()), "234,907,967,154,122,528");
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn grouped(x: u128) -> String {
    let digits = x.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// "a" or "an" before the number `k` as it is read aloud: "an 8×8 board",
/// "an 11×11 board", "an 18×18", "an 80×80", "an 800×800", "an 8,000×8,000",
/// "a 9×9", "a 100×100". The grammar of every message comes from here and
/// [`plural`].
///
/// ```
/// use nqueens::article;
/// assert_eq!(article(8), "an");
/// assert_eq!(article(11), "an");
/// assert_eq!(article(18_000), "an");
/// assert_eq!(article(850), "an");
/// assert_eq!(article(9), "a");
/// assert_eq!(article(100), "a");
/// assert_eq!(article(1_000_000), "a");
/// ```
pub fn article(k: u128) -> &'static str {
    let mut lead = k;
    while lead >= 1000 {
        lead /= 1000;
    }
    if matches!(lead, 8 | 11 | 18 | 80..=89 | 800..=899) {
        "an"
    } else {
        "a"
    }
}

/// `1 queen`, `3 queens`, `10,002 queens`: the one plural rule of every
/// message (the number [grouped]).
///
/// ```
/// use nqueens::plural;
/// assert_eq!(plural(1, "queen", "queens"), "1 queen");
/// assert_eq!(plural(0, "entry", "entries"), "0 entries");
/// assert_eq!(plural(10_002, "queen", "queens"), "10,002 queens");
/// ```
pub fn plural(k: u128, one: &str, many: &str) -> String {
    format!("{} {}", grouped(k), if k == 1 { one } else { many })
}

/// A byte count for people, in binary units: `500 bytes`, `1.5 GiB`; the
/// one rule of every message that names a size.
///
/// ```
/// use nqueens::show_bytes;
/// assert_eq!(show_bytes(500), "500 bytes");
/// assert_eq!(show_bytes(1), "1 byte");
/// assert_eq!(show_bytes(3 << 29), "1.5 GiB");
/// ```
pub fn show_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = b as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        plural(u128::from(b), "byte", "bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

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
///
/// ```
/// use nqueens::count_json_line;
/// assert_eq!(count_json_line(8, 92, None, 0.5), r#"{"n":8,"solutions":92,"seconds":0.5}"#);
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

    #[test]
    fn grouping() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(14_772_512), "14,772,512");
    }
}
