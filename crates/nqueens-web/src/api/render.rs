//! `POST /api/render`: the board as SVG or PNG, drawn by the library's
//! renderer (the same pictures as `nqueens solve --format svg|png`): queens,
//! the squares they attack shaded, conflicting pairs in red with the line
//! between them, and blocked squares grey and crossed out. PNG, like the
//! command line's, leaves text out (the row and column numbers).

use nqueens::{write_png, write_svg, Picture, Placement, MAX_PNG_SIDE};
use serde::Deserialize;

use super::input::parse;
use super::input::BoardIn;
use super::Context;
use crate::http::{ApiError, ApiResult, Capped, Reply};

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Format {
    Svg,
    Png,
}

#[derive(Deserialize)]
struct RenderIn {
    #[serde(flatten)]
    board: BoardIn,
    format: Option<Format>,
    coordinates: Option<bool>,
    shade: Option<bool>,
    square: Option<u32>,
}

/// The largest square side in pixels a request may ask for.
pub const SQUARE_MAX: u32 = 200;

/// The most attacking pairs a picture draws (each is a line, and finding
/// and drawing them takes time and bytes with their number): the library's
/// bound, asked before the pairs are listed.
pub const CONFLICTS_MAX: u128 = nqueens::MAX_CONFLICTS_DRAWN as u128;

pub(super) fn handle(cx: &Context<'_>, body: &[u8]) -> ApiResult {
    let input: RenderIn = parse(
        body,
        &[
            "n",
            "queens",
            "columns",
            "blocked",
            "format",
            "coordinates",
            "shade",
            "square",
        ],
        r#"{"columns": [1, 3, 0, 2], "format": "svg"}"#,
    )?;
    let board = input.board.check(cx.limits.render_max, "render")?;
    let conflicts = Placement::new(board.n, board.queens.clone())
        .map_err(|e| ApiError::invalid(e.to_string()))?
        .conflict_count();
    if conflicts > CONFLICTS_MAX {
        return Err(ApiError::over_limit(format!(
            "{conflicts} pairs of these queens attack each other; a picture draws each pair as \
             a line, at most {CONFLICTS_MAX}: take some queens off"
        )));
    }
    let mut picture = Picture::new(board.n)
        .with_queens(board.queens.iter().copied())
        .with_attacked_shaded(input.shade.unwrap_or(true))
        .with_queen_conflicts()
        .with_coordinates(input.coordinates.unwrap_or(true));
    if let Some(side) = input.square {
        if side == 0 || side > SQUARE_MAX {
            return Err(ApiError::outside_one_to_cap(
                u64::from(side),
                format!("\"square\" is the side of a square in pixels, from 1 to {SQUARE_MAX}"),
            ));
        }
        picture = picture.with_square_size(side);
    }
    picture = picture.with_blocked(board.blocked.iter().copied());
    let format = input.format.unwrap_or(Format::Svg);
    if let (Format::Png, (w, h)) = (format, picture.png_size()) {
        if w > MAX_PNG_SIDE || h > MAX_PNG_SIDE {
            // A limit, as the board's size is (it was a 400 "invalid").
            return Err(ApiError::over_limit(format!(
                "a {w}×{h} image is too large for a PNG (at most {MAX_PNG_SIDE} pixels a side); \
                 ask for smaller squares (\"square\") or for \"format\": \"svg\""
            )));
        }
    }
    // Written into a buffer that stops at the cap on replies.
    let cap = cx.limits.reply_bytes;
    let mut bytes = Capped::new(cap);
    let (written, content_type, ext) = match format {
        Format::Svg => (write_svg(&mut bytes, &picture), "image/svg+xml", "svg"),
        Format::Png => (write_png(&mut bytes, &picture), "image/png", "png"),
    };
    if bytes.is_over() {
        return Err(ApiError::reply_too_large(
            cap,
            "draw a smaller board or smaller squares (\"square\"), or ask for \"format\": \"png\"",
        ));
    }
    written.map_err(|e| ApiError::invalid(e.to_string()))?;
    Ok(Reply::bytes(content_type, bytes.into_inner()).with_header(
        "Content-Disposition",
        format!("attachment; filename=\"nqueens-{}.{ext}\"", board.n),
    ))
}
