//! English for people: numbers grouped by thousands, "a" or "an", plurals,
//! sizes and durations. Every message of the library, the CLI, the page's
//! server and the MPI runner writes its numbers through these few functions,
//! so that "1,234 queens", "an 8×8 board", "1.5 GiB" and "1.9 days to 2.6
//! days" read the same everywhere. It sits at the bottom of the library:
//! it imports nothing of it, and errors, pictures, traces and counts all
//! use it.

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
    // 1,048,575 bytes is 1.0 MiB, not 1024.0 KiB: a value that rounds to
    // 1024.0 goes up a unit.
    while unit + 1 < UNITS.len() && (value >= 1024.0 || (unit > 0 && value >= 1023.95)) {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        plural(u128::from(b), "byte", "bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// The units [`show_duration`] writes a time in, from the shortest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Unit {
    Microseconds,
    Milliseconds,
    Seconds,
    Minutes,
    Hours,
    Days,
    Years,
}

/// The unit [`show_duration`] picks for `seconds`.
fn unit_of(seconds: f64) -> Unit {
    let s = seconds.max(0.0);
    // 59.96 s is 0m 59s, not 60.0s (seconds are written to a tenth), and
    // 0.9996 s is 1.0s, not 1000ms (and so for microseconds).
    if s < 0.000_999_5 {
        Unit::Microseconds
    } else if s < 0.9995 {
        Unit::Milliseconds
    } else if s < 59.95 {
        Unit::Seconds
    } else if s < 3600.0 {
        Unit::Minutes
    } else if s < 86400.0 * 2.0 {
        Unit::Hours
    } else if s < 86400.0 * 365.25 * 2.0 {
        Unit::Days
    } else {
        Unit::Years
    }
}

/// `seconds` written in `unit`.
fn in_unit(seconds: f64, unit: Unit) -> String {
    if !seconds.is_finite() {
        return "?".into();
    }
    let s = seconds.max(0.0);
    match unit {
        // A tenth below 100, as seconds are written; whole above.
        Unit::Microseconds if s < 0.000_099_95 => format!("{:.1}µs", s * 1e6),
        Unit::Microseconds => format!("{:.0}µs", s * 1e6),
        Unit::Milliseconds if s < 0.099_95 => format!("{:.1}ms", s * 1000.0),
        Unit::Milliseconds => format!("{:.0}ms", s * 1000.0),
        Unit::Seconds => format!("{s:.1}s"),
        Unit::Minutes => format!("{}m {:02}s", (s / 60.0) as u64, (s % 60.0) as u64),
        Unit::Hours => format!(
            "{}h {:02}m",
            (s / 3600.0) as u64,
            ((s % 3600.0) / 60.0) as u64
        ),
        Unit::Days => format!("{:.1} days", s / 86400.0),
        Unit::Years => {
            // Dry runs of the largest boards reach 10^17 years: digits grouped
            // up to a trillion, then a power of ten.
            // (Bounds where the rounding carries: 999.96 years is 1,000,
            // 9.9996 × 10^12 is 1.0 × 10^13.)
            let years = s / (86400.0 * 365.25);
            if years < 999.95 {
                format!("{years:.1} years")
            } else if years < 999_999_999_999.5 {
                format!("{} years", grouped(years.round() as u128))
            } else {
                let mut e = years.log10().floor() as i32;
                if (years / 10f64.powi(e) * 10.0).round() >= 100.0 {
                    e += 1;
                }
                format!("{:.1} × 10^{e} years", years / 10f64.powi(e))
            }
        }
    }
}

/// A time for people, in the one unit that suits it: `8.5µs`, `41.5ms`,
/// `612ms`, `12.3s`, `3m 05s`, `1h 02m`, `2.6 days`, `16.7 years`; the rule
/// of the notes that name a duration (a count's own line keeps seconds to
/// the hundredth, `(67.30 s)`, which scripts read).
///
/// ```
/// use nqueens::show_duration;
/// assert_eq!(show_duration(0.0415), "41.5ms");
/// assert_eq!(show_duration(12.34), "12.3s");
/// assert_eq!(show_duration(185.0), "3m 05s");
/// assert_eq!(show_duration(3720.0), "1h 02m");
/// assert_eq!(show_duration(2.6 * 86400.0), "2.6 days");
/// ```
pub fn show_duration(seconds: f64) -> String {
    in_unit(seconds, unit_of(seconds))
}

/// `seconds` in the unit [`show_duration`] would give the larger of
/// `seconds` and `other` (`1.9 days` beside `2.6 days`, not `45h 36m`), so
/// that numbers printed side by side share their unit.
///
/// ```
/// use nqueens::show_duration_as;
/// assert_eq!(show_duration_as(1.9 * 86400.0, 2.6 * 86400.0), "1.9 days");
/// assert_eq!(show_duration_as(30.0, 90.0), "0m 30s");
/// ```
pub fn show_duration_as(seconds: f64, other: f64) -> String {
    let unit = if other.is_finite() {
        unit_of(seconds).max(unit_of(other))
    } else {
        unit_of(seconds)
    };
    in_unit(seconds, unit)
}

/// An interval of times, both ends in the unit of the larger one:
/// `1.9 days to 2.6 days`, not `47h 43m to 2.6 days`.
///
/// ```
/// use nqueens::show_duration_interval;
/// assert_eq!(show_duration_interval(47.7 * 3600.0, 2.6 * 86400.0), "2.0 days to 2.6 days");
/// ```
pub fn show_duration_interval(low: f64, high: f64) -> String {
    let unit = unit_of(low).max(unit_of(high));
    format!("{} to {}", in_unit(low, unit), in_unit(high, unit))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value that rounds up to the next unit is written in it.
    #[test]
    fn rounding_goes_up_a_unit() {
        assert_eq!(show_bytes(1_048_575), "1.0 MiB");
        assert_eq!(show_bytes(1_048_524), "1023.9 KiB");
        assert_eq!(show_bytes(1023), "1,023 bytes");
        assert_eq!(show_duration(59.99), "0m 59s");
        assert_eq!(show_duration(59.94), "59.9s");
        assert_eq!(show_duration(0.9996), "1.0s");
        assert_eq!(show_duration(0.9994), "999ms");
        assert_eq!(show_duration(0.09996), "100ms");
        assert_eq!(show_duration(0.09994), "99.9ms");
        let years = |y: f64| show_duration(y * 86400.0 * 365.25);
        assert_eq!(years(999.94), "999.9 years");
        assert_eq!(years(999.97), "1,000 years");
        assert_eq!(years(999_999_999_999.4), "999,999,999,999 years");
        assert_eq!(years(999_999_999_999.7), "1.0 × 10^12 years");
        assert_eq!(years(9.9996e12), "1.0 × 10^13 years");
        assert_eq!(years(9.94e12), "9.9 × 10^12 years");
    }

    #[test]
    fn grouping() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(14_772_512), "14,772,512");
    }

    #[test]
    fn durations_read_naturally() {
        // A dry run of a small board takes milliseconds, the search of a
        // small one microseconds: not "0.0s".
        assert_eq!(show_duration(0.0), "0.0µs");
        assert_eq!(show_duration(0.000_008_54), "8.5µs");
        assert_eq!(show_duration(0.000_612), "612µs");
        assert_eq!(show_duration(0.000_999_6), "1.0ms");
        assert_eq!(show_duration(0.0123), "12.3ms");
        assert_eq!(show_duration(12.34), "12.3s");
        assert_eq!(show_duration(185.0), "3m 05s");
        assert_eq!(show_duration(3720.0), "1h 02m");
        assert_eq!(show_duration(86400.0 * 3.0), "3.0 days");
        let year = 86400.0 * 365.25;
        assert_eq!(show_duration(year * 15.6), "15.6 years");
        assert_eq!(show_duration(year * 221_881_753.7), "221,881,754 years");
        assert_eq!(show_duration(year * 3.87e17), "3.9 × 10^17 years");
        assert_eq!(show_duration(f64::NAN), "?");
    }

    #[test]
    fn the_ends_of_an_interval_share_a_unit() {
        let day = 86400.0;
        assert_eq!(
            show_duration_interval(47.0 * 3600.0 + 43.0 * 60.0, 2.6 * day),
            "2.0 days to 2.6 days"
        );
        assert_eq!(show_duration_interval(50.0, 70.0), "0m 50s to 1m 10s");
        // The centre of the interval, as its ends.
        assert_eq!(show_duration_as(45.6 * 3600.0, 2.6 * day), "1.9 days");
        assert_eq!(show_duration_as(45.6 * 3600.0, f64::INFINITY), "45h 36m");
        assert_eq!(show_duration_interval(1.5, 12.34), "1.5s to 12.3s");
        assert_eq!(show_duration_interval(0.5, 1.2), "0.5s to 1.2s");
        assert_eq!(show_duration_interval(0.012, 0.0151), "12.0ms to 15.1ms");
        let year = day * 365.25;
        assert_eq!(
            show_duration_interval(300.0 * day, 3.0 * year),
            "0.8 years to 3.0 years"
        );
    }
}
