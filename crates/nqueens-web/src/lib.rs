//! `nqueens serve`: a local web page where people place queens, see
//! conflicts, have the solver finish their board, count, and watch every
//! classic algorithm search step by step; and the JSON API the page uses,
//! which works as well from `curl`.
//!
//! Everything is computed by the [`nqueens`] library, the same calls the
//! command line makes: the page draws and animates, the server answers.
//!
//! ```no_run
//! use std::sync::atomic::AtomicBool;
//! use nqueens_web::{Limits, Server};
//!
//! let server = Server::bind("127.0.0.1:0", Limits::default())?;
//! println!("open {}", server.url());
//! let stop = AtomicBool::new(false); // set it (from a signal handler) to stop
//! server.run(&stop)?;
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! The endpoints are listed in [`api`]; docs/api.md documents each with `curl`.
#![deny(missing_docs)]

pub mod api;
pub mod assets;
pub mod deadline;
pub mod http;
pub mod limits;
pub mod server;

pub use crate::http::{ApiError, Reply, Request};
pub use crate::limits::Limits;
pub use crate::server::Server;
