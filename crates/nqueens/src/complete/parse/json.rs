//! JSON instances, read by serde: `{"n": 8, "queens": [[0, 0]],
//! "blocked": [[3, 4]], "excluded": {"sum": [], "difference": []}}`.

use std::fmt;

use serde::Deserialize;

use super::{build_error, check_n, off_board, Instance};
use crate::board::Square;
use crate::parse::ParseError;

/// A JSON instance as serde reads it: unknown keys and a key given twice are
/// refused by serde itself, and a wrong value is named by its path.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonInstance {
    n: usize,
    #[serde(default)]
    queens: Vec<[usize; 2]>,
    #[serde(default)]
    blocked: Vec<[usize; 2]>,
    #[serde(default)]
    excluded: Object<JsonExcluded>,
}

/// The excluded diagonals of a JSON instance.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct JsonExcluded {
    #[serde(default)]
    sum: Vec<usize>,
    #[serde(default)]
    difference: Vec<usize>,
}

/// A struct read from a JSON object only: serde's derived structs also take
/// an array of their fields in order, which an instance written by a person
/// never means (`[8]` is not `{"n": 8}`).
#[derive(Default)]
struct Object<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OnlyMaps<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for OnlyMaps<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }
        deserializer
            .deserialize_map(OnlyMaps(std::marker::PhantomData))
            .map(Object)
    }
}

/// serde_json reads a whole number past `u64` as a float, and says
/// "invalid type: floating point `1e30`" of `1000000000000000000000000000000`:
/// a whole float that large is said to be far too large instead.
fn too_large_whole(message: &str) -> String {
    let value = message
        .strip_prefix("invalid type: floating point `")
        .and_then(|rest| rest.split_once('`'))
        .and_then(|(number, rest)| Some((number.parse::<f64>().ok()?, rest)));
    match value {
        Some((v, rest)) if v.fract() == 0.0 && v >= u64::MAX as f64 => {
            format!("the number {v:e} is far too large{rest}")
        }
        _ => message.to_string(),
    }
}

pub(super) fn json(text: &str) -> Result<Instance, ParseError> {
    let reader = &mut serde_json::Deserializer::from_str(text);
    let Object(read): Object<JsonInstance> = serde_path_to_error::deserialize(&mut *reader)
        .map_err(|e| {
            let path = e.path().to_string();
            let e = e.into_inner();
            // serde_json ends its message with the position; say it our way.
            let full = e.to_string();
            let suffix = format!(" at line {} column {}", e.line(), e.column());
            let message = too_large_whole(full.strip_suffix(&suffix).unwrap_or(&full))
                .replace("expected usize", "expected a whole number, 0 or more")
                .replace("expected a sequence", "expected an array")
                .replace(
                    "missing field `n`",
                    "missing field `n`, the board size (add \"n\": 8)",
                );
            let at = if path == "." || path.is_empty() {
                String::new()
            } else {
                format!(" (at {path})")
            };
            let message = if e.is_data() {
                format!("not a valid instance{at}: {message}")
            } else if !at.is_empty() && message == "trailing characters" {
                // serde_json's word for an array longer than its type: a
                // pair with a third number.
                format!("not a valid instance{at}: too many numbers, expected an array of length 2")
            } else {
                format!("not valid JSON: {message}")
            };
            ParseError::at(e.line().max(1), format!("column {}: {message}", e.column()))
        })?;
    // One instance per file: text after the object (`{"n":8} garbage`, a
    // second object) is refused, never cut off unread, as the API does.
    if let Err(e) = reader.end() {
        return Err(ParseError::at(
            e.line().max(1),
            format!(
                "column {}: not valid JSON: trailing characters after the instance's object \
                 (a file holds one instance)",
                e.column()
            ),
        ));
    }
    let n = check_n(read.n, None)?;
    let board = off_board(n);
    let mut instance = Instance::new(n).map_err(build_error)?;
    for (key, squares) in [("queens", &read.queens), ("blocked", &read.blocked)] {
        for (k, &[row, col]) in squares.iter().enumerate() {
            for (what, v) in [("row", row), ("column", col)] {
                if v >= n {
                    return Err(ParseError::whole(format!(
                        "entry {} of {key:?} ([{row}, {col}]): {what} {v} is off the {board} \
                         board ({what}s run 0..={}; JSON is 0-based)",
                        k + 1,
                        n - 1
                    )));
                }
            }
            let square = Square::new(row, col);
            if key == "queens" {
                instance.place(square).map_err(build_error)?;
            } else {
                instance.block(square).map_err(build_error)?;
            }
        }
    }
    for (key, values) in [
        ("sum", &read.excluded.0.sum),
        ("difference", &read.excluded.0.difference),
    ] {
        let what = if key == "sum" {
            "sum diagonals (row + column)"
        } else {
            "difference diagonals (row − column + n − 1)"
        };
        for (k, &value) in values.iter().enumerate() {
            if value > 2 * n - 2 {
                return Err(ParseError::whole(format!(
                    "entry {} of \"excluded\".{key:?} ({value}) is not one of the {what} of the \
                     {board} board, which run 0..={}",
                    k + 1,
                    2 * n - 2
                )));
            }
            if key == "sum" {
                instance.exclude_sum(value).map_err(build_error)?;
            } else {
                instance.exclude_difference(value).map_err(build_error)?;
            }
        }
    }
    Ok(instance)
}
