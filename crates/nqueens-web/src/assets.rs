//! The page: plain HTML, CSS and JavaScript compiled into the binary, so the
//! server needs no files, no build step and no network.

/// One file of the page.
#[derive(Debug, Clone, Copy)]
pub struct Asset {
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its bytes.
    pub body: &'static [u8],
}

const ASSETS: &[(&str, Asset)] = &[
    (
        "/",
        Asset {
            content_type: "text/html; charset=utf-8",
            body: include_bytes!("../assets/index.html"),
        },
    ),
    (
        "/app.js",
        Asset {
            content_type: "text/javascript; charset=utf-8",
            body: include_bytes!("../assets/app.js"),
        },
    ),
    (
        "/compare.js",
        Asset {
            content_type: "text/javascript; charset=utf-8",
            body: include_bytes!("../assets/compare.js"),
        },
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
