//! Value parsers: each turns one option's text into a typed value, or into
//! a message that says what a valid one looks like. clap calls them while it
//! parses, so a bad value is a usage error (exit status 2) before any work.
//!
//! The ranges stated here are the ones `--help` states.

use std::net::IpAddr;
use std::time::Duration;

use clap::builder::{PossibleValue, TypedValueParser};
use nqueens::Algorithm;
use nqueens::Engine;

/// The board size: plain digits, `1_000_000`, or a power of ten written as
/// `1e9` or `25e6`, since huge boards are what `solve` and `random` are for.
pub fn board_size(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let invalid = || {
        format!(
            "'{t}' is not a board size: n is a positive whole number, written as digits \
             (8, 1_000_000) or as digits times a power of ten (1e9, 25e6)"
        )
    };
    let digits = match spelled_out(t) {
        Some(digits) => digits,
        None if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => t.to_string(),
        None => return Err(invalid()),
    };
    match digits.parse::<usize>() {
        Ok(0) => Err("there is no 0×0 board; n must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{t}' is far too large for any board")),
    }
}

/// A whole number from `low` up to `high`, with the range in the message.
fn whole<T>(text: &str, low: T, high: T, what: &str, example: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display,
{
    // Written as a board size may be (1_000_000, 1e6): the same digits.
    let spelled = spelled_out(text.trim());
    let t = spelled.as_deref().unwrap_or(text.trim());
    // Digits past the type's range ("from 1 up" would not say why), or
    // above `high`: the message gives the top of the range.
    let too_large = || {
        format!(
            "too large: give {what}, a whole number from {} to {}, such as {example}",
            grouped_text(low),
            grouped_text(high)
        )
    };
    let digits = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    match t.parse::<T>() {
        Ok(v) if v >= low && v <= high => Ok(v),
        Ok(v) if v > high => Err(too_large()),
        Err(_) if digits => Err(too_large()),
        _ => {
            let high = grouped_text(high);
            // The type's own maximum (u64::MAX and up) reads as "no limit".
            let range = if high.len() >= 25 {
                format!("from {} up", grouped_text(low))
            } else {
                format!("from {} to {high}", grouped_text(low))
            };
            Err(format!(
                "give {what}, a whole number {range}, such as {example}"
            ))
        }
    }
}

/// A whole number written with `_` between digits or as digits times a
/// power of ten (`1_000_000`, `1e6`, `25e6`), as its digits; `None` for
/// plain digits or anything else (read as written). Past u128, 40 nines:
/// far too large for any of its readers ([`board_size`], [`whole`]), which
/// say so.
fn spelled_out(t: &str) -> Option<String> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    // A `_` stands between two digits, as in Rust: not `1__0`, `1_e6`.
    let b = t.as_bytes();
    let between = |i: usize| {
        i > 0 && i + 1 < b.len() && b[i - 1].is_ascii_digit() && b[i + 1].is_ascii_digit()
    };
    if (0..b.len()).any(|i| b[i] == b'_' && !between(i)) {
        return None;
    }
    let plain: String = t.chars().filter(|&c| c != '_').collect();
    match plain.split_once(['e', 'E']) {
        Some((m, e)) if digits(m) && digits(e) => {
            let value = m
                .parse::<u128>()
                .ok()
                .and_then(|m| m.checked_mul(10u128.checked_pow(e.parse().ok()?)?));
            Some(value.map_or_else(|| "9".repeat(40), |v| v.to_string()))
        }
        None if plain.len() != t.len()
            && digits(&plain)
            && !t.starts_with('_')
            && !t.ends_with('_') =>
        {
            Some(plain)
        }
        _ => None,
    }
}

/// `1000000` as `1,000,000` for messages.
fn grouped_text<T: std::fmt::Display>(v: T) -> String {
    match v.to_string().parse::<u128>() {
        Ok(x) => nqueens::grouped(x),
        Err(_) => v.to_string(),
    }
}

/// The most worker threads any command takes.
pub const THREADS_MAX: usize = 4096;

/// `--threads T`: 1 to [`THREADS_MAX`].
pub fn threads(text: &str) -> Result<usize, String> {
    whole(text, 1, THREADS_MAX, "a number of threads", "2")
}

/// The most cores `count --dry-run --cores` projects for.
pub const CORES_MAX: u64 = 10_000_000;

/// `--cores K` of `count --dry-run`: 1 to [`CORES_MAX`].
pub fn cores(text: &str) -> Result<u64, String> {
    whole(text, 1, CORES_MAX, "a number of cores", "512")
}

/// `--chunk K` of `nqueens-mpi count`: tasks handed out at a time, 1 up.
pub fn chunk(text: &str) -> Result<u32, String> {
    whole(text, 1, u32::MAX, "a number of tasks", "16")
}

/// `--seed S`: any 64-bit number.
pub fn seed(text: &str) -> Result<u64, String> {
    whole(text, 0, u64::MAX, "a seed", "7")
}

/// A count of steps, solutions or completions: 1 up.
pub fn positive(text: &str) -> Result<u64, String> {
    whole(text, 1, u64::MAX, "a number", "100")
}

/// `--limit K` of `all`: 1 up. A limit of 0 would list nothing and prove
/// nothing, so it is refused (as the API refuses `"limit": 0`) rather than
/// printed as "0 solutions".
pub fn limit(text: &str) -> Result<u64, String> {
    limit_or(text, "`nqueens count`")
}

/// `--limit K` of `complete --all`: as [`limit`], refused at 0 rather than
/// printed as "no completion exists".
pub fn completion_limit(text: &str) -> Result<u64, String> {
    limit_or(text, "--count")
}

/// A limit of 1 up; at 0, says to count with `count` instead.
fn limit_or(text: &str, count: &str) -> Result<u64, String> {
    let t = text.trim();
    if spelled_out(t).as_deref().unwrap_or(t).parse::<u64>() == Ok(0) {
        return Err(format!(
            "0 would list nothing (and prove nothing); give 1 or more, such as 10, or count \
             them instead with {count}"
        ));
    }
    whole(text, 1, u64::MAX, "a number of solutions", "10")
}

/// `--samples K`: 1 to 1,000,000,000.
pub fn samples(text: &str) -> Result<u64, String> {
    whole(text, 1, 1_000_000_000, "a number of random paths", "100000")
}

/// `--diagonals D`.
pub fn diagonals(text: &str) -> Result<usize, String> {
    whole(
        text,
        0,
        1 << 32,
        "how many of the file's diagonals to use",
        "5",
    )
}

/// `--jobs K` of `serve`: 1 to 64.
pub fn jobs(text: &str) -> Result<usize, String> {
    whole(text, 1, 64, "how many count jobs may run at once", "2")
}

/// The largest `serve --count-max`: Q(27) is the largest value known.
pub const SERVE_COUNT_MAX: usize = 27;

/// `--count-max N` of `serve`.
pub fn count_max(text: &str) -> Result<usize, String> {
    whole(text, 1, SERVE_COUNT_MAX, "the largest board to count (n = 18 takes seconds, each row more about seven times as long)", "18")
}

/// `--port P`: 0 (a free one) to 65535.
pub fn port(text: &str) -> Result<u16, String> {
    whole(text, 0, u16::MAX, "a port (0 picks a free one)", "8080")
}

/// `--bind ADDR`: an IP address, or `localhost`.
pub fn bind(text: &str) -> Result<IpAddr, String> {
    match text.trim() {
        "localhost" => Ok(std::net::Ipv4Addr::LOCALHOST.into()),
        t => t.trim_matches(['[', ']']).parse().map_err(|_| {
            "give an IP address such as 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)"
                .to_string()
        }),
    }
}

/// `serve --allow-origin ORIGIN`: a web origin, `http://host[:port]` or
/// `https://host[:port]`, as a browser sends it (no path).
pub fn origin(text: &str) -> Result<String, String> {
    let t = text.trim().trim_end_matches('/');
    let rest = t
        .strip_prefix("http://")
        .or_else(|| t.strip_prefix("https://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(['/', ' ', '?', '#']) => Ok(t.to_string()),
        _ => Err("give an origin as a browser sends it: http://HOST or http://HOST:PORT, such as http://localhost:3000 (no path)".into()),
    }
}

/// `serve --allow-host NAME`: a host name the server answers to besides
/// `localhost` and its own IP addresses, as it appears in a URL (no scheme,
/// port or path).
pub fn host(text: &str) -> Result<String, String> {
    let t = text.trim().trim_end_matches('.');
    let ok = !t.is_empty()
        && t.len() <= 253
        && t.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        });
    if ok {
        Ok(t.to_ascii_lowercase())
    } else {
        Err("give a host name as it appears in a URL, such as my-laptop.local (no http://, port or path)".into())
    }
}

/// Seconds from above `low` to `high`, as a [`Duration`].
fn seconds(text: &str, low: f64, high: f64, what: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        // A value so small that it rounds to no time at all (1e-300) is 0.
        Ok(s) if s.is_finite() && s > low && s <= high && !Duration::from_secs_f64(s).is_zero() => {
            Ok(Duration::from_secs_f64(s))
        }
        _ => Err(format!(
            "give {what}, a number of seconds above {low} and at most {high}"
        )),
    }
}

/// `complete --timeout S`.
pub fn timeout(text: &str) -> Result<Duration, String> {
    seconds(
        text,
        0.0,
        1e9,
        "the seconds to search before answering \"unknown\"",
    )
}

/// `trace --delay S`.
pub fn delay(text: &str) -> Result<Duration, String> {
    // The SVG writes its times in milliseconds: a shorter step drew an
    // animation of 0 s, which does not play.
    seconds(text, 0.0, 60.0, "the seconds each step is shown")
        .ok()
        .filter(|d| d.as_secs_f64() >= 0.001)
        .ok_or_else(|| {
            "give the seconds each step is shown, from 0.001 (an animation's times are in \
             milliseconds) to 60"
                .to_string()
        })
}

/// `count --checkpoint-every S`.
pub fn checkpoint_every(text: &str) -> Result<Duration, String> {
    seconds(text, 0.0, 1e6, "the seconds between checkpoint writes")
}

/// The default of `count --dry-run-seconds` (and `nqueens-mpi`'s): enough
/// for the 400 whole tasks of n = 23 on two cores (about 70 s), and a
/// dry run of n = 28 well inside 3 minutes.
pub const DRY_RUN_SECONDS: &str = "90";

/// `count --dry-run-seconds S`.
pub fn dry_run_seconds(text: &str) -> Result<Duration, String> {
    seconds(text, 0.0, 1e6, "the seconds to spend timing tasks")
}

/// `serve --request-timeout S`.
pub fn request_timeout(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && (0.1..=3600.0).contains(&s) => Ok(s),
        _ => Err("give seconds from 0.1 to 3600, such as 5".into()),
    }
}

/// `trace --until first|K`: the solution to stop at. K is written as the
/// other counts are (`10`, `1_000`, `1e3`).
pub fn until(text: &str) -> Result<u64, String> {
    match text.trim() {
        "first" => Ok(1),
        t => match spelled_out(t).as_deref().unwrap_or(t).parse::<u64>() {
            Ok(k) if k > 0 => Ok(k),
            // Digits past u64: too large, as --max-steps says of its own.
            Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Err(format!(
                "too large: give `first` or the number of solutions to stop at, from 1 to {}",
                nqueens::grouped(u128::from(u64::MAX))
            )),
            _ => Err("give `first` or the number of solutions to stop at, from 1 up".into()),
        },
    }
}

/// `--queen` and `--block` values `ROW,COL`, as typed (the base is applied
/// by the command, which knows `--one-based`).
pub fn square(text: &str) -> Result<(usize, usize), String> {
    text.split_once(',')
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)))
        .ok_or_else(|| "give ROW,COL such as 3,4".to_string())
}

/// `count --slice I/K`, with no more slices than `merge` takes parts.
pub fn slice(text: &str) -> Result<nqueens::Slice, String> {
    let slice: nqueens::Slice = text.parse().map_err(|e| match e {
        // In this program's words: its flag, and Slurm's for an array.
        nqueens::SliceError::IndexOutOfRange { index, count } => format!(
            "there is no slice {index}/{count}: the slices of {count} are numbered from 1, \
             --slice 1/{count} to --slice {count}/{count} (for a Slurm job array, use \
             --array=1-{count}; to rerun one slice, K stays the number of slices, not the \
             rerun's array size)"
        ),
        nqueens::SliceError::TooLarge { .. } => {
            let most = nqueens::grouped(crate::files::PARTS_MAX as u128);
            format!(
                "{text:?} has a number past any slice: merge takes up to {most} parts, so give K \
                 up to {most} and I from 1 to K"
            )
        }
        e => e.to_string(),
    })?;
    if slice.count > crate::files::PARTS_MAX {
        let most = nqueens::grouped(crate::files::PARTS_MAX as u128);
        return Err(format!(
            "{} slices are more than merge takes ({most} parts); give K up to {most}",
            nqueens::grouped(slice.count as u128)
        ));
    }
    Ok(slice)
}

/// A size in bytes such as `4G`, `512M`, `1.5G` or `1000000` (units are
/// powers of 1024, an optional `B` or `iB` after them).
pub fn bytes(text: &str) -> Result<u64, String> {
    parse_bytes(text).ok_or_else(|| {
        "give a size in bytes, from 1 to below 2^64, with an optional unit K, M, G or T (powers \
         of 1024), such as 4G or 512M"
            .to_string()
    })
}

fn parse_bytes(text: &str) -> Option<u64> {
    let t = text.trim().to_ascii_uppercase();
    let t = t
        .strip_suffix("IB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(&t);
    let (number, shift) = match t.chars().last()? {
        'K' => (&t[..t.len() - 1], 10),
        'M' => (&t[..t.len() - 1], 20),
        'G' => (&t[..t.len() - 1], 30),
        'T' => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let number = number.trim();
    // Whole numbers exactly (2^64 − 1 bytes is a size); others through f64.
    if let Ok(whole) = number.parse::<u64>() {
        return whole.checked_mul(1 << shift).filter(|&b| b >= 1);
    }
    let value: f64 = number.parse().ok()?;
    let bytes = value * (1u64 << shift) as f64;
    // (2^64 as f64 is the first size past u64.)
    (value.is_finite() && (1.0..18_446_744_073_709_551_616.0).contains(&bytes))
        .then_some(bytes as u64)
}

/// Which algorithm `--algorithm` names: one of the classic searches, or, for
/// `solve` only, one of the two methods for huge boards.
#[derive(Clone, Copy)]
pub enum AlgorithmChoice {
    /// A classic search from the registry (`nqueens algorithms`).
    Classic(&'static dyn Algorithm),
    /// The explicit construction.
    Construct,
    /// Min-conflicts local search.
    MinConflicts,
}

impl std::fmt::Debug for AlgorithmChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl AlgorithmChoice {
    /// The name as typed.
    pub fn name(&self) -> &'static str {
        match self {
            AlgorithmChoice::Classic(a) => a.name(),
            AlgorithmChoice::Construct => "construct",
            AlgorithmChoice::MinConflicts => "min-conflicts",
        }
    }

    /// The classic algorithm, or the message that says where the huge-board
    /// methods belong.
    pub fn classic(self) -> Result<&'static dyn Algorithm, String> {
        match self {
            AlgorithmChoice::Classic(a) => Ok(a),
            other => Err(format!(
                "--algorithm {0} finds one solution of a huge board, so it goes with `nqueens \
                 solve N --algorithm {0}`; here choose one of {1}",
                other.name(),
                nqueens::algorithm_names()
            )),
        }
    }
}

/// The parser of `--algorithm`: it knows the names, so `--help` and the
/// shell completions list them. [`AlgorithmParser::WITH_HUGE`] takes the two
/// methods for huge boards too (`solve`); [`AlgorithmParser::CLASSIC`] only
/// the searches (`all`, `count`, `trace`, `compare`), so that their
/// completions offer only what they take, and a method for huge boards is
/// told where it belongs.
#[derive(Clone, Copy)]
pub struct AlgorithmParser {
    huge: bool,
}

impl AlgorithmParser {
    /// The searches and the two methods for huge boards.
    pub const WITH_HUGE: AlgorithmParser = AlgorithmParser { huge: true };
    /// The searches only.
    pub const CLASSIC: AlgorithmParser = AlgorithmParser { huge: false };
}

/// `construct` or `min-conflicts`, if `name` is one.
fn huge_method(name: &str) -> Option<AlgorithmChoice> {
    match name {
        "construct" => Some(AlgorithmChoice::Construct),
        "min-conflicts" => Some(AlgorithmChoice::MinConflicts),
        _ => None,
    }
}

impl TypedValueParser for AlgorithmParser {
    type Value = AlgorithmChoice;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<AlgorithmChoice, clap::Error> {
        let name = value.to_string_lossy();
        let name = name.trim();
        match (huge_method(name), nqueens::find_algorithm(name)) {
            (Some(choice), _) if self.huge => Ok(choice),
            (Some(_), _) => Err(invalid(
                cmd,
                arg,
                name,
                &format!(
                    "{name} finds one solution of a huge board, so it goes with `nqueens solve \
                     N --algorithm {name}`; here choose one of {}",
                    nqueens::algorithm_names()
                ),
            )),
            (None, Ok(a)) => Ok(AlgorithmChoice::Classic(a)),
            // The library names its search algorithms; solve also takes
            // the two for huge boards.
            (None, Err(e)) => Err(invalid(
                cmd,
                arg,
                name,
                &if self.huge {
                    format!("{e} (solve also takes construct and min-conflicts)")
                } else {
                    e.to_string()
                },
            )),
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let classic = nqueens::algorithms()
            .iter()
            .map(|a| PossibleValue::new(a.name()));
        let huge = ["construct", "min-conflicts"]
            .map(PossibleValue::new)
            .into_iter()
            .filter(|_| self.huge);
        Some(Box::new(classic.chain(huge)))
    }
}

/// `all --format`: the formats of [`SolutionFormat`](super::SolutionFormat),
/// those of one board (lines, svg, png, none) left out of the help and the
/// completions; given anyway, `all` says where they belong.
#[derive(Clone, Copy)]
pub struct ManyBoardsFormat;

impl TypedValueParser for ManyBoardsFormat {
    type Value = super::SolutionFormat;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<super::SolutionFormat, clap::Error> {
        use clap::ValueEnum;
        let name = value.to_string_lossy();
        super::SolutionFormat::from_str(name.trim(), false).map_err(|_| {
            let shown: Vec<String> = self
                .possible_values()
                .into_iter()
                .flatten()
                .filter(|v| !v.is_hide_set())
                .map(|v| v.get_name().to_string())
                .collect();
            invalid(
                cmd,
                arg,
                &name,
                &format!("the formats are {}", shown.join(", ")),
            )
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        use clap::ValueEnum;
        let values = super::SolutionFormat::value_variants()
            .iter()
            .filter_map(|f| Some(f.to_possible_value()?.hide(f.one_board())));
        Some(Box::new(values))
    }
}

/// Which engine `count --engine` names.
#[derive(Clone, Copy)]
pub enum EngineChoice {
    /// The fastest that fits in `--memory`.
    Auto,
    /// This one.
    Named(&'static dyn Engine),
}

impl std::fmt::Debug for EngineChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineChoice::Auto => f.write_str("auto"),
            EngineChoice::Named(e) => f.write_str(e.name()),
        }
    }
}

/// The parser of `--engine`.
#[derive(Clone, Copy)]
pub struct EngineParser;

impl TypedValueParser for EngineParser {
    type Value = EngineChoice;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<EngineChoice, clap::Error> {
        let name = value.to_string_lossy();
        match name.trim() {
            "auto" => Ok(EngineChoice::Auto),
            name => match nqueens::engine_by_name(name) {
                Some(e) => Ok(EngineChoice::Named(e)),
                None => {
                    let names: Vec<&str> = nqueens::engines().iter().map(|e| e.name()).collect();
                    let why = format!(
                        "there is no engine called '{name}'; choose auto (the default) or one of {}",
                        names.join(", ")
                    );
                    Err(invalid(cmd, arg, name, &why))
                }
            },
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let named = nqueens::engines()
            .iter()
            .map(|e| PossibleValue::new(e.name()));
        Some(Box::new(
            std::iter::once(PossibleValue::new("auto")).chain(named),
        ))
    }
}

/// clap's "invalid value" error, with our reason.
fn invalid(cmd: &clap::Command, arg: Option<&clap::Arg>, value: &str, why: &str) -> clap::Error {
    let flag = arg.map_or_else(|| "the value".to_string(), |a| a.to_string());
    clap::Error::raw(
        clap::error::ErrorKind::InvalidValue,
        format!("invalid value '{value}' for '{flag}': {why}\n"),
    )
    .with_cmd(cmd)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each number's range, as its message and the help say: the ends are
    /// taken, one past them refused.
    #[test]
    fn every_range_holds_its_ends() {
        type Check = fn(&str) -> bool;
        let cases: [(&str, Check, &str, &str, &str, &str); 11] = [
            ("threads", |t| threads(t).is_ok(), "1", "4096", "0", "4097"),
            (
                "cores",
                |t| cores(t).is_ok(),
                "1",
                "10000000",
                "0",
                "10000001",
            ),
            (
                "samples",
                |t| samples(t).is_ok(),
                "1",
                "1000000000",
                "0",
                "1000000001",
            ),
            ("jobs", |t| jobs(t).is_ok(), "1", "64", "0", "65"),
            ("count_max", |t| count_max(t).is_ok(), "1", "27", "0", "28"),
            ("port", |t| port(t).is_ok(), "0", "65535", "-1", "65536"),
            (
                "delay",
                |t| delay(t).is_ok(),
                "0.001",
                "60",
                "0.0009",
                "60.001",
            ),
            (
                "timeout",
                |t| timeout(t).is_ok(),
                "1e-9",
                "1e9",
                "0",
                "1.000001e9",
            ),
            (
                "checkpoint_every",
                |t| checkpoint_every(t).is_ok(),
                "1e-9",
                "1e6",
                "0",
                "1000001",
            ),
            (
                "dry_run_seconds",
                |t| dry_run_seconds(t).is_ok(),
                "1e-9",
                "1e6",
                "0",
                "1000001",
            ),
            (
                "request_timeout",
                |t| request_timeout(t).is_ok(),
                "0.1",
                "3600",
                "0.09",
                "3600.01",
            ),
        ];
        for (name, ok, low, high, below, above) in cases {
            assert!(ok(low) && ok(high), "{name}: {low} and {high} are taken");
            assert!(
                !ok(below) && !ok(above),
                "{name}: {below} and {above} are refused"
            );
        }
    }

    #[test]
    fn memory_sizes() {
        assert_eq!(parse_bytes("4G"), Some(4 << 30));
        assert_eq!(parse_bytes("512m"), Some(512 << 20));
        assert_eq!(parse_bytes("1.5GiB"), Some(3 << 29));
        assert_eq!(parse_bytes("1000"), Some(1000));
        assert_eq!(parse_bytes("2KB"), Some(2048));
        assert_eq!(parse_bytes("18446744073709551615"), Some(u64::MAX));
        assert_eq!(parse_bytes("1.5"), Some(1));
        for bad in [
            "",
            "G",
            "-1G",
            "0",
            "x",
            "1e30T",
            "NaN",
            "0.5",
            "1e-300",
            "0K",
            "16777216T",
            "18446744073709551616",
            "2e19",
        ] {
            assert_eq!(parse_bytes(bad), None, "{bad}");
        }
    }

    #[test]
    fn sizes() {
        assert_eq!(board_size("8"), Ok(8));
        assert_eq!(board_size(" 12 "), Ok(12));
        assert_eq!(board_size("1e9"), Ok(1_000_000_000));
        assert_eq!(board_size("25E6"), Ok(25_000_000));
        assert_eq!(board_size("1_000_000"), Ok(1_000_000));
        for t in ["1__0", "1_e6", "1e_6", "_1", "1_", "1_000__000"] {
            assert!(board_size(t).is_err(), "{t}");
        }
        assert_eq!(board_size("2_5e6"), Ok(25_000_000));
        assert_eq!(board_size("8e0"), Ok(8));
        for bad in [
            "0",
            "-3",
            "abc",
            "",
            "8.5",
            "99999999999999999999999",
            "+",
            "1e",
            "e9",
            "1e99",
            "1.5e3",
            "_8",
            "8_",
            "0e5",
            "1e-3",
        ] {
            assert!(board_size(bad).is_err(), "{bad}");
        }
    }

    /// Counts are written as board sizes are (`estimate 10 --samples 1e3`
    /// was refused while `solve 1e9` was read).
    #[test]
    fn counts_are_written_as_sizes_are() {
        assert_eq!(samples("1e3"), Ok(1000));
        assert_eq!(samples("100_000"), Ok(100_000));
        assert_eq!(samples(" 25E6 "), Ok(25_000_000));
        assert_eq!(positive("1e6"), Ok(1_000_000));
        assert_eq!(threads("2e0"), Ok(2));
        for (bad, says) in [
            ("1e10", "too large"),
            ("1e99", "too large"),
            ("_1", "give a number of random paths"),
            ("1e", "give a number of random paths"),
            ("1.5e3", "give a number of random paths"),
            ("0e3", "give a number of random paths"),
        ] {
            let e = samples(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    proptest::proptest! {
        /// Every value parser answers any text with a value or a message,
        /// never a panic; a board size that parses is what its digits say.
        #[test]
        fn any_text_gets_an_answer(text in "\\PC{0,40}") {
            let _ = board_size(&text);
            let _ = threads(&text);
            let _ = seed(&text);
            let _ = positive(&text);
            let _ = limit(&text);
            let _ = samples(&text);
            let _ = diagonals(&text);
            let _ = jobs(&text);
            let _ = count_max(&text);
            let _ = port(&text);
            let _ = bind(&text);
            let _ = origin(&text);
            let _ = timeout(&text);
            let _ = delay(&text);
            let _ = checkpoint_every(&text);
            let _ = request_timeout(&text);
            let _ = until(&text);
            let _ = square(&text);
            let _ = slice(&text);
            let _ = bytes(&text);
        }

        #[test]
        fn sizes_read_as_written(n in 1usize..1_000_000_000_000) {
            proptest::prop_assert_eq!(board_size(&n.to_string()), Ok(n));
            let grouped = nqueens::grouped(n as u128).replace(',', "_");
            proptest::prop_assert_eq!(board_size(&grouped), Ok(n));
        }
    }

    #[test]
    fn numbers_state_their_range() {
        assert_eq!(threads("4096"), Ok(4096));
        let e = threads("4097").unwrap_err();
        assert!(e.contains("from 1 to 4,096"), "{e}");
        assert!(threads("0").is_err());
        assert!(threads("-1").is_err());
        assert!(seed("18446744073709551615").is_ok());
        assert!(seed("18446744073709551616").is_err());
        assert_eq!(until("first"), Ok(1));
        assert!(until("0").is_err());
        assert_eq!(square(" 3 , 4 "), Ok((3, 4)));
        assert!(square("3").is_err());
        assert!(timeout("0").is_err());
        assert!(timeout("NaN").is_err());
        assert!(delay("61").is_err());
        assert!(delay("0.00001").is_err());
        assert!(delay("0.001").is_ok());
    }

    /// `--until` reads K as `--max-steps` and the other counts do:
    /// `trace 4 --until 1e0` and `--until 1_0` were refused.
    #[test]
    fn until_reads_counts_as_the_other_flags_do() {
        for (text, k) in [
            ("2", 2),
            ("1e0", 1),
            ("1_0", 10),
            ("2e3", 2_000),
            (" 1_000 ", 1_000),
        ] {
            assert_eq!(until(text), Ok(k), "{text}");
            assert_eq!(positive(text), Ok(k), "{text}");
        }
        for text in ["0", "0e3", "1__0", "_1", "1e", "-1", "1.5"] {
            let e = until(text).unwrap_err();
            assert!(e.contains("from 1 up"), "{text}: {e}");
        }
        let e = until("1e30").unwrap_err();
        assert!(e.starts_with("too large"), "{e}");
    }
}
