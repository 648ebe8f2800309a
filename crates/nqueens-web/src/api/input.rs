//! The board every endpoint reads: a size, queens and blocked squares.
//!
//! Queens come either as `"queens": [[row, col], ...]` (any squares, several
//! in a row allowed: what a player has clicked) or as `"columns": [c0, c1,
//! ...]` (one per row, `null` for an empty row: what `solve` returns). Squares
//! are 0-based, like the library's.

use std::fmt;

use nqueens::Square;
use serde::de::{DeserializeOwned, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::http::{ApiError, ApiResult};

/// The board fields, flattened into each endpoint's request.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct BoardIn {
    /// The board size (taken from `columns` when that is given and this is not).
    pub n: Option<usize>,
    /// Queens as `[row, col]` pairs.
    pub queens: Option<Vec<[usize; 2]>>,
    /// Queens as one column per row (`null`: no queen in that row).
    pub columns: Option<Vec<Option<usize>>>,
    /// Blocked squares as `[row, col]` pairs.
    pub blocked: Option<Vec<[usize; 2]>>,
}

/// A checked board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The size.
    pub n: usize,
    /// The queens, sorted, no two on one square.
    pub queens: Vec<Square>,
    /// The blocked squares, sorted and without repeats.
    pub blocked: Vec<Square>,
}

impl Board {
    /// Whether nothing is on the board.
    pub fn is_empty(&self) -> bool {
        self.queens.is_empty() && self.blocked.is_empty()
    }
}

/// The size alone, checked against `max` (`what` names the endpoint).
pub fn size(n: Option<usize>, max: usize, what: &str) -> ApiResult<usize> {
    let Some(n) = n else {
        return Err(ApiError::invalid(format!(
            "{what} needs the board size, such as \"n\": 8"
        )));
    };
    if n == 0 {
        return Err(ApiError::invalid(
            "n must be at least 1 (the smallest board is 1×1)",
        ));
    }
    if n > max {
        return Err(ApiError::over_limit(format!(
            "n = {n} is over this server's limit for {what} (at most {max})"
        )));
    }
    Ok(n)
}

impl BoardIn {
    /// Checks the fields: a size within `max`, every square on the board,
    /// no two queens on one square, not both `queens` and `columns`.
    pub fn check(self, max: usize, what: &str) -> ApiResult<Board> {
        let n = match (&self.columns, self.n) {
            (Some(columns), None) => Some(columns.len()),
            (Some(columns), Some(n)) if columns.len() != n => {
                return Err(ApiError::invalid(format!(
                    "\"columns\" has {} but n = {n}; give one column (or null) per row",
                    nqueens::plural(columns.len() as u128, "entry", "entries")
                )))
            }
            (_, n) => n,
        };
        let n = size(n, max, what)?;
        let on_board = |field: &str, i: usize, [row, col]: [usize; 2]| {
            if row < n && col < n {
                Ok(Square::new(row, col))
            } else if field == "columns" {
                // A column list's entry is a column, not a pair.
                Err(ApiError::invalid(format!(
                    "\"columns\"[{i}] = {col} is off the {n}×{n} board (columns count from 0 to {})",
                    n - 1
                )))
            } else {
                Err(ApiError::invalid(format!(
                    "\"{field}\"[{i}] = [{row}, {col}] is off the {n}×{n} board (rows and columns count from 0 to {})",
                    n - 1
                )))
            }
        };
        let mut queens = match (self.queens, self.columns) {
            (Some(_), Some(_)) => {
                return Err(ApiError::invalid(
                    "give the queens either as \"queens\" ([row, col] pairs) or as \"columns\" (one per row), not both",
                ))
            }
            (Some(pairs), None) => pairs
                .into_iter()
                .enumerate()
                .map(|(i, p)| on_board("queens", i, p))
                .collect::<ApiResult<Vec<_>>>()?,
            (None, Some(columns)) => columns
                .into_iter()
                .enumerate()
                .filter_map(|(row, col)| col.map(|col| on_board("columns", row, [row, col])))
                .collect::<ApiResult<Vec<_>>>()?,
            (None, None) => Vec::new(),
        };
        queens.sort_unstable();
        if let Some(w) = queens.windows(2).find(|w| w[0] == w[1]) {
            return Err(ApiError::invalid(
                nqueens::Error::DuplicateQueen(w[0]).to_string(),
            ));
        }
        let mut blocked = self
            .blocked
            .unwrap_or_default()
            .into_iter()
            .enumerate()
            .map(|(i, p)| on_board("blocked", i, p))
            .collect::<ApiResult<Vec<_>>>()?;
        blocked.sort_unstable();
        blocked.dedup();
        Ok(Board { n, queens, blocked })
    }
}

/// `[row, col]`, as the API writes squares.
pub fn pair(square: Square) -> [usize; 2] {
    [square.row, square.col]
}

/// A JSON value read with a check that no object gives a key twice: JSON
/// allows it, and readers differ on which of the two they take (serde_json's
/// `Value` keeps the last), so a request that does is refused rather than
/// read one way here and another way by whatever checked it before.
struct Unique(Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueVisitor).map(Unique)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(Unique(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(A::Error::custom(format!(
                    "the key \"{key}\" is given twice; give each key once"
                )));
            }
            let Unique(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

/// The body as `T`, refusing keys that are not in `fields` (so that a
/// misspelt field is an error, not silently ignored) and keys given twice,
/// with serde's message (which names the field and the type it wanted) when
/// a value is wrong.
pub fn parse<T: DeserializeOwned>(body: &[u8], fields: &[&str], example: &str) -> ApiResult<T> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad_json(format!(
            "this endpoint takes a JSON object in the request body, such as {example}"
        )));
    }
    let value: Value = serde_json::from_slice::<Unique>(body)
        .map_err(|e| {
            if e.is_data() {
                // The only data error a `Unique` makes: a repeated key.
                ApiError::bad_json(format!("the request body is refused: {e}"))
            } else if e.to_string().starts_with("recursion limit exceeded") {
                // Valid JSON, but nested past serde_json's limit (128).
                ApiError::bad_json(format!(
                    "the request body nests arrays or objects too deeply (at line {}, column {}); \
                     no request needs more than three levels, such as {example}",
                    e.line(),
                    e.column()
                ))
            } else {
                ApiError::bad_json(format!(
                    "the request body is not valid JSON: {e}; for example {example}"
                ))
            }
        })?
        .0;
    let Some(object) = value.as_object() else {
        return Err(ApiError::bad_json(format!(
            "the request body must be a JSON object, such as {example}"
        )));
    };
    if let Some(key) = object.keys().find(|k| !fields.contains(&k.as_str())) {
        return Err(ApiError::bad_json(format!(
            "unknown field \"{key}\"; this endpoint takes {}",
            fields
                .iter()
                .map(|f| format!("\"{f}\""))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    // serde_path_to_error names the field whose value is wrong ("n",
    // "queens[2][0]"), which serde's own message does not.
    serde_path_to_error::deserialize(value.clone()).map_err(|e| {
        let mut field = e.path().to_string();
        let e = e.into_inner();
        // The board's fields are flattened into each request, where the path
        // is lost; read them alone to find which one it was.
        if field == "." {
            if let Err(board) = serde_path_to_error::deserialize::<_, BoardIn>(value) {
                field = board.path().to_string();
            }
        }
        ApiError::bad_json(format!(
            "the field \"{field}\" is not what this endpoint takes: {}; for example {example}",
            too_large(&e.to_string())
        ))
    })
}

/// serde_json reads a whole number past 2^64 (or below -2^63), and any
/// number with an exponent, as a float, and serde then calls it "floating
/// point `1.8446744073709552e+19`", which the sender of
/// `18446744073709551616` did not write: a whole float is said to be too
/// large, negative, or written with an exponent, whichever it is.
fn too_large(message: &str) -> String {
    let float = message
        .strip_prefix("invalid type: floating point `")
        .and_then(|rest| rest.split_once('`'))
        .and_then(|(x, _)| x.parse::<f64>().ok());
    match float {
        // (The number as written is gone: serde_json kept only the float,
        // so the message gives it as one, rounded, and says so.)
        Some(x) if x.fract() == 0.0 && x >= 2f64.powi(64) => format!(
            "the number is too large (about {x:e}): whole numbers stop at {} (2^64 − 1)",
            u64::MAX
        ),
        Some(x) if x.fract() == 0.0 && x < 0.0 => format!(
            "the number is negative (about {x:e}): whole numbers here are from 0 to {}",
            u64::MAX
        ),
        Some(x) if x.fract() == 0.0 => format!(
            "the number is written with an exponent or a point: write a whole number \
             in digits alone, such as {}",
            x.abs() as u64
        ),
        _ => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(json: &str, max: usize) -> ApiResult<Board> {
        let input: BoardIn = serde_json::from_str(json).expect("valid JSON");
        input.check(max, "test")
    }

    #[test]
    fn a_whole_number_past_two_to_the_64_is_too_large_not_a_float() {
        let e = parse::<BoardIn>(br#"{"n": 18446744073709551616}"#, &["n"], "{}").unwrap_err();
        let message = e.message;
        assert!(
            message.contains("is too large (about 1.8446744073709552e19): whole numbers stop at"),
            "{message}"
        );
        assert!(!message.contains("floating point"), "{message}");
        // Whole, but not too large: negative, or written as a float.
        for (json, says) in [
            (r#"{"n": -1e19}"#, "the number is negative (about -1e19)"),
            (r#"{"n": -9223372036854775809}"#, "is negative"),
            (r#"{"n": 9.3e18}"#, "written with an exponent or a point"),
            (r#"{"n": 1e3}"#, "in digits alone, such as 1000"),
            (r#"{"n": -0}"#, "in digits alone, such as 0"),
        ] {
            let e = parse::<BoardIn>(json.as_bytes(), &["n"], "{}").unwrap_err();
            assert!(e.message.contains(says), "{json}: {}", e.message);
            assert!(!e.message.contains("too large"), "{json}: {}", e.message);
        }
        // A number with a fraction is still a float.
        let e = parse::<BoardIn>(br#"{"n": 1.5}"#, &["n"], "{}").unwrap_err();
        assert!(e.message.contains("floating point `1.5`"), "{e:?}");
    }

    #[test]
    fn reads_queens_columns_and_blocked() {
        let b = board(
            r#"{"n": 4, "queens": [[2, 0], [0, 1]], "blocked": [[3, 3], [3, 3]]}"#,
            20,
        )
        .expect("valid");
        assert_eq!(b.queens, [Square::new(0, 1), Square::new(2, 0)]);
        assert_eq!(b.blocked, [Square::new(3, 3)]);
        let b = board(r#"{"columns": [1, null, 0, 2]}"#, 20).expect("valid");
        assert_eq!(b.n, 4);
        assert_eq!(b.queens.len(), 3);
    }

    #[test]
    fn keys_given_twice_are_refused_at_any_depth() {
        let fields = ["n", "queens", "a"];
        for body in [
            r#"{"n": 4, "n": 5}"#,
            r#"{"n": 4, "queens": [], "queens": [[0, 0]]}"#,
            r#"{"n": 4, "a": [{"x": 1, "x": 2}]}"#,
            r#"{"n": 4, "a": {"b": {"x": 1, "x": 1}}}"#,
        ] {
            let e = parse::<Value>(body.as_bytes(), &fields, "{}").expect_err(body);
            assert_eq!(e.code, "bad_json", "{body}");
            assert!(
                e.message.contains("is given twice"),
                "{body}: {}",
                e.message
            );
        }
        let ok: Value = parse(br#"{"n": 4, "a": [{"x": 1}, {"x": 2}]}"#, &fields, "{}")
            .expect("the same key in two objects is fine");
        assert_eq!(ok["a"][1]["x"], 2);
        let big: Value = parse(
            br#"{"n": 18446744073709551615, "a": -1.5e30}"#,
            &fields,
            "{}",
        )
        .expect("numbers as serde_json reads them");
        assert_eq!(big["n"], u64::MAX);
        assert_eq!(big["a"], -1.5e30);
    }

    #[test]
    fn refuses_what_it_cannot_use() {
        for (json, code, words) in [
            (r#"{}"#, "invalid", "needs the board size"),
            (r#"{"n": 0}"#, "invalid", "at least 1"),
            (r#"{"n": 21}"#, "over_limit", "at most 20"),
            (
                r#"{"n": 4, "queens": [[4, 0]]}"#,
                "invalid",
                "\"queens\"[0] = [4, 0] is off",
            ),
            (
                r#"{"n": 4, "queens": [[1, 1], [1, 1]]}"#,
                "invalid",
                "two queens",
            ),
            (r#"{"n": 3, "columns": [0, 1]}"#, "invalid", "has 2 entries"),
            (r#"{"columns": [0], "queens": []}"#, "invalid", "not both"),
            (
                r#"{"n": 2, "blocked": [[0, 9]]}"#,
                "invalid",
                "\"blocked\"[0]",
            ),
        ] {
            let e = board(json, 20).expect_err(json);
            assert_eq!(e.code, code, "{json}");
            assert!(e.message.contains(words), "{json}: {}", e.message);
        }
    }
}
