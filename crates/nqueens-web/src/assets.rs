//! The page: plain HTML, CSS and JavaScript compiled into the binary, so the
//! server needs no files, no build step and no network.
//!
//! The script is a set of ES modules, each served at its own path as it is
//! in `assets/`: `index.html` loads `main.js` with `<script type="module">`
//! and the browser fetches the modules it imports (each module's first
//! lines say what it holds). A new module needs its line in `ASSETS`; the
//! tests in `tests/api.rs` follow the imports from the page and fail on one
//! that is not served, and on a `.js` file in `assets/` that is not.

/// One file of the page.
#[derive(Debug, Clone, Copy)]
pub struct Asset {
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its bytes.
    pub body: &'static [u8],
}

/// A module of the page's script: browsers run a module only when it is
/// served with a JavaScript type (the server also sends `nosniff`).
const fn script(body: &'static [u8]) -> Asset {
    Asset {
        content_type: "text/javascript; charset=utf-8",
        body,
    }
}

const ASSETS: &[(&str, Asset)] = &[
    (
        "/",
        Asset {
            content_type: "text/html; charset=utf-8",
            body: include_bytes!("../assets/index.html"),
        },
    ),
    ("/main.js", script(include_bytes!("../assets/main.js"))),
    ("/api.js", script(include_bytes!("../assets/api.js"))),
    ("/dom.js", script(include_bytes!("../assets/dom.js"))),
    ("/state.js", script(include_bytes!("../assets/state.js"))),
    ("/board.js", script(include_bytes!("../assets/board.js"))),
    ("/solve.js", script(include_bytes!("../assets/solve.js"))),
    ("/trace.js", script(include_bytes!("../assets/trace.js"))),
    ("/tree.js", script(include_bytes!("../assets/tree.js"))),
    (
        "/structure.js",
        script(include_bytes!("../assets/structure.js")),
    ),
    ("/about.js", script(include_bytes!("../assets/about.js"))),
    ("/watch.js", script(include_bytes!("../assets/watch.js"))),
    ("/tabs.js", script(include_bytes!("../assets/tabs.js"))),
    ("/count.js", script(include_bytes!("../assets/count.js"))),
    (
        "/download.js",
        script(include_bytes!("../assets/download.js")),
    ),
    (
        "/compare.js",
        script(include_bytes!("../assets/compare.js")),
    ),
    (
        "/app.css",
        Asset {
            content_type: "text/css; charset=utf-8",
            body: include_bytes!("../assets/app.css"),
        },
    ),
    (
        "/favicon.svg",
        Asset {
            content_type: "image/svg+xml",
            body: include_bytes!("../assets/favicon.svg"),
        },
    ),
];

/// The file served at `path`, if any (`/index.html` is `/`).
pub fn find(path: &str) -> Option<Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    ASSETS.iter().find(|(p, _)| *p == path).map(|(_, a)| *a)
}
