//! The parameter files: CSPLib 079's blocked squares (1-based) and
//! completion files (0-based), and the excluded-diagonals files of Gent,
//! Jefferson and Nightingale, built from their statements.

use std::collections::BTreeMap;

use super::statements::{Statements, Val, NAMES};
use super::{build_error, check_n, off_board, Format, Instance, ReadOptions};
use crate::board::Square;
use crate::parse::ParseError;

/// A pair `[a, b]` of a top-level list: (entry number, line, a, b).
struct Pair {
    entry: usize,
    line: usize,
    a: i64,
    b: i64,
}

impl Pair {
    /// The pair as written, for messages.
    fn shown(&self) -> String {
        format!("[{}, {}]", self.a, self.b)
    }
}

/// The pairs of the list `value`, one at a time.
fn pairs<'v>(
    name: &'v str,
    value: &'v Val,
    what: &'v str,
) -> Result<impl Iterator<Item = Result<Pair, ParseError>> + 'v, ParseError> {
    let items = match value {
        Val::List(items, _) => items,
        // A list of two numbers, not of pairs.
        Val::Pair(a, _, line) => {
            return Err(ParseError::at(
                *line,
                format!(
                    "entry 1 of {name} ({a}) is a number, not a {what} pair; write [[1, 2], [3, 4]]"
                ),
            ))
        }
        Val::Int(..) => return Err(ParseError::at(
            value.line(),
            format!("`{name}` must be a list of {what} pairs such as [[1, 2], [3, 4]], found the number {value}"),
        )),
    };
    Ok(items.iter().enumerate().map(move |(k, item)| match item {
        Val::Pair(a, b, line) => Ok(Pair {
            entry: k + 1,
            line: *line,
            a: *a,
            b: *b,
        }),
        Val::List(_, line) => Err(ParseError::at(
            *line,
            format!(
                "entry {} of {name} ({item}) is not a {what} pair of two numbers",
                k + 1
            ),
        )),
        Val::Int(_, line) => Err(ParseError::at(
            *line,
            format!(
                "entry {} of {name} ({item}) is a number, not a {what} pair; write [[1, 2], [3, 4]]",
                k + 1
            ),
        )),
    }))
}

/// A non-negative number, or an error naming `what`.
fn count(name: &str, value: &Val) -> Result<usize, ParseError> {
    match value {
        Val::Int(v, line) => usize::try_from(*v).map_err(|_| {
            // (n = 0 is refused later, with the reason.)
            let least = if name == "n" { "1" } else { "0" };
            ParseError::at(
                *line,
                format!("`{name}` is {v}; it must be {least} or more"),
            )
        }),
        Val::Pair(_, _, line) | Val::List(_, line) => Err(ParseError::at(
            *line,
            format!("`{name}` must be a number, found the list {value}"),
        )),
    }
}

pub(super) fn parameters(
    text: &str,
    options: ReadOptions,
) -> Result<(Instance, Format), ParseError> {
    let mut statements = Statements::new(text);
    let mut named: BTreeMap<String, (usize, Val)> = BTreeMap::new();
    while let Some((name, line, value)) = statements.statement()? {
        if !matches!(
            name.as_str(),
            "n" | "blocks" | "init" | "numdiags" | "diags"
        ) {
            return Err(ParseError::at(
                line,
                format!("unknown name `{name}`; {NAMES}"),
            ));
        }
        if let Some((first, _)) = named.get(&name) {
            return Err(ParseError::at(
                line,
                format!("`{name}` is given twice (first on line {first}); keep one"),
            ));
        }
        named.insert(name, (line, value));
    }
    let Some((n_line, n_value)) = named.get("n") else {
        return Err(ParseError::whole(format!(
            "no `n`: the board size is missing; add a line such as `letting n = 8` ({NAMES})"
        )));
    };
    let n = check_n(count("n", n_value)?, Some(*n_line))?;
    let has = |k: &str| named.get(k).map(|(line, _)| *line);
    let families = [
        ("blocks", has("blocks"), Format::Blocked),
        ("init", has("init"), Format::Completion),
        ("diags", has("diags").or(has("numdiags")), Format::Diagonals),
    ];
    let present: Vec<_> = families
        .iter()
        .filter_map(|&(k, line, f)| line.map(|line| (k, line, f)))
        .collect();
    let format = match present.as_slice() {
        [] => {
            return Err(ParseError::whole(format!(
                "only `n` is given: add `blocks` (blocked squares), `init` (pre-placed queens) \
                 or `diags` (excluded diagonals); {NAMES}"
            )))
        }
        [(_, _, f)] => *f,
        [(a, a_line, _), (b, b_line, _), ..] => {
            return Err(ParseError::at(
                *b_line,
                format!(
                    "`{b}` cannot be mixed with `{a}` (line {a_line}): {NAMES}; for a mixture \
                     write JSON or draw the board"
                ),
            ))
        }
    };
    let mut instance = Instance::new(n).map_err(build_error)?;
    let board = off_board(n);
    match format {
        Format::Blocked | Format::Completion => {
            let (name, base, kind) = if format == Format::Blocked {
                ("blocks", 1, "a blocked file, which is 1-based")
            } else {
                ("init", 0, "a completion file, which is 0-based")
            };
            let Some((_, value)) = named.get(name) else {
                return Err(ParseError::whole(format!("no `{name}`")));
            };
            // n ≤ MAX_N, so this fits.
            let (lo, hi) = (base, n as i64 - 1 + base);
            for p in pairs(name, value, "[row, column]")? {
                let p = p?;
                for (what, v) in [("row", p.a), ("column", p.b)] {
                    if v < lo || v > hi {
                        return Err(ParseError::at(
                            p.line,
                            format!(
                                "entry {} of {name} ({}): {what} {v} is off the {board} board \
                                 ({what}s run {lo}..={hi} in {kind})",
                                p.entry,
                                p.shown()
                            ),
                        ));
                    }
                }
                // In range, so non-negative after subtracting the base.
                let square = Square::new((p.a - lo) as usize, (p.b - lo) as usize);
                if format == Format::Blocked {
                    instance.block(square).map_err(build_error)?;
                } else {
                    instance.place(square).map_err(build_error)?;
                }
            }
        }
        Format::Diagonals => {
            let Some((diags_line, diags)) = named.get("diags") else {
                return Err(ParseError::whole(
                    "`numdiags` is given but `diags`, the list of [value, type] pairs, is missing",
                ));
            };
            // Read three times, as the checks come in this order: the shape
            // of every entry, their number, then each value.
            let list = || pairs("diags", diags, "[value, type]");
            let mut len = 0;
            for p in list()? {
                p?;
                len += 1;
            }
            let total = match named.get("numdiags") {
                Some((line, value)) => {
                    let k = count("numdiags", value)?;
                    if k != len {
                        return Err(ParseError::at(
                            *line,
                            format!(
                                "numdiags = {k} but diags (line {diags_line}) has {len} {}; make \
                                 numdiags the number of pairs",
                                if len == 1 { "pair" } else { "pairs" }
                            ),
                        ));
                    }
                    k
                }
                None => len,
            };
            let hi = 2 * n as i64 - 2;
            for p in list()? {
                let p = p?;
                let kind = match p.b {
                    1 => "sum diagonal",
                    0 => "difference diagonal",
                    t => {
                        return Err(ParseError::at(
                            p.line,
                            format!(
                                "entry {} of diags ({}): type {t} is neither 1 (a sum diagonal, \
                                 row + column) nor 0 (a difference diagonal, row − column + n − 1)",
                                p.entry,
                                p.shown()
                            ),
                        ))
                    }
                };
                if p.a < 0 || p.a > hi {
                    return Err(ParseError::at(
                        p.line,
                        format!(
                            "entry {} of diags ({}): {kind} {} is off the {board} board \
                             (diagonals run 0..={hi}, 0-based)",
                            p.entry,
                            p.shown(),
                            p.a
                        ),
                    ));
                }
            }
            let take = match options.diagonals {
                Some(d) if d > total => {
                    return Err(ParseError::whole(format!(
                        "the first {d} diagonals were asked for, but the file has only \
                         numdiags = {total}; ask for 0..={total}"
                    )))
                }
                Some(d) => d,
                None => total,
            };
            for p in list()?.take(take) {
                let p = p?;
                // Checked above: 0 ≤ value ≤ 2n − 2.
                let value = p.a as usize;
                if p.b == 1 {
                    instance.exclude_sum(value).map_err(build_error)?;
                } else {
                    instance.exclude_difference(value).map_err(build_error)?;
                }
            }
        }
        Format::Drawn | Format::Json => {}
    }
    Ok((instance, format))
}
