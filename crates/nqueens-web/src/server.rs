//! The HTTP server: `tiny_http` accepts connections and parses requests; a
//! fixed pool of worker threads reads each body (bounded), routes it and
//! writes the reply. A watchdog thread enforces request deadlines.
//!
//! `tiny_http` is synchronous and small, which suits a local server for a
//! page and `curl`: the worker pool bounds how much work runs at once, and
//! nothing here needs an async runtime.

use std::io::{self, Read};
use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::api::{self, count::Jobs, Context};
use crate::deadline::Watchdog;
use crate::http::{ApiError, Reply, Request};
use crate::Limits;

/// How often idle workers look at the stop flag.
const POLL: Duration = Duration::from_millis(100);

/// What a request log callback receives: method, path, status, seconds.
pub type LogFn = dyn Fn(&str, &str, u16, f64) + Send + Sync;

/// A bound server, ready to [`run`](Server::run).
pub struct Server {
    http: tiny_http::Server,
    addr: SocketAddr,
    limits: Limits,
    log: Option<Box<LogFn>>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("addr", &self.addr)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl Server {
    /// Listens on `addr` (port 0: a free port, see [`Server::addr`]).
    ///
    /// # Errors
    /// When the address cannot be bound (in use, not this machine's, no
    /// permission).
    pub fn bind(addr: impl ToSocketAddrs, limits: Limits) -> io::Result<Server> {
        let listener = listen(addr)?;
        let addr = listener.local_addr()?;
        let http = tiny_http::Server::from_listener(listener, None).map_err(io::Error::other)?;
        Ok(Server {
            http,
            addr,
            limits,
            log: None,
        })
    }

    /// Calls `log` after each request with its method, path, status and
    /// seconds.
    #[must_use]
    pub fn with_log(mut self, log: Box<LogFn>) -> Server {
        self.log = Some(log);
        self
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address, such as `http://127.0.0.1:8080/` (a server bound
    /// to every address, 0.0.0.0 or ::, is reached at 127.0.0.1).
    pub fn url(&self) -> String {
        let addr = if self.addr.ip().is_unspecified() {
            SocketAddr::from(([127, 0, 0, 1], self.addr.port()))
        } else {
            self.addr
        };
        format!("http://{addr}/")
    }

    /// Answers requests until `stop` is set, then cancels the count jobs and
    /// returns once every thread it started has ended.
    pub fn run(self, stop: &AtomicBool) {
        let watchdog = Watchdog::default();
        let jobs = Jobs::default();
        let quit = AtomicBool::new(false);
        let cx = Context {
            limits: &self.limits,
            watchdog: &watchdog,
            jobs: &jobs,
        };
        std::thread::scope(|scope| {
            scope.spawn(|| watchdog.run(&quit));
            for _ in 0..self.limits.workers.max(1) {
                scope.spawn(|| {
                    while !stop.load(Ordering::Relaxed) {
                        match self.http.recv_timeout(POLL) {
                            Ok(Some(request)) => self.answer(&cx, request),
                            Ok(None) => {}
                            Err(_) => std::thread::sleep(POLL),
                        }
                    }
                });
            }
            // The workers see `stop` within POLL; the jobs and the watchdog
            // are told once they have.
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(POLL);
            }
            jobs.shutdown();
            quit.store(true, Ordering::Relaxed);
            watchdog.wake();
        });
    }

    /// A server on the loopback interface answers only requests addressed to
    /// this machine by IP or as `localhost`: a web page elsewhere cannot
    /// reach it through a DNS name that it points at 127.0.0.1 (DNS rebinding).
    fn host_allowed(&self, host: Option<&str>) -> bool {
        if !self.addr.ip().is_loopback() {
            return true;
        }
        let Some(host) = host else {
            // HTTP/1.0 clients may send no Host; they name no other site either.
            return true;
        };
        let name = match host.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => host,
        };
        let name = name.trim_start_matches('[').trim_end_matches(']');
        name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok()
    }

    fn answer(&self, cx: &Context<'_>, mut request: tiny_http::Request) {
        let start = Instant::now();
        let method = request.method().as_str().to_string();
        let url = request.url().to_string();
        let path = url.split(['?', '#']).next().unwrap_or("/").to_string();
        let limit = self.limits.body_bytes;
        let host = request
            .headers()
            .iter()
            .find(|h| h.field.equiv("Host"))
            .map(|h| h.value.as_str().to_string());
        let reply = match request.body_length() {
            _ if !self.host_allowed(host.as_deref()) => {
                ApiError::forbidden_host(host.as_deref().unwrap_or(""), self.addr.port()).into()
            }
            Some(len) if len > limit => ApiError::payload_too_large(limit).into(),
            _ => {
                let mut body = Vec::new();
                match request
                    .as_reader()
                    .take(limit as u64 + 1)
                    .read_to_end(&mut body)
                {
                    Err(e) => {
                        ApiError::bad_json(format!("cannot read the request body: {e}")).into()
                    }
                    Ok(_) if body.len() > limit => ApiError::payload_too_large(limit).into(),
                    Ok(_) => {
                        let req = Request {
                            method: method.clone(),
                            path: path.clone(),
                            body,
                        };
                        catch_unwind(AssertUnwindSafe(|| api::route(cx, &req))).unwrap_or_else(
                            |_| {
                                ApiError::internal(
                                    "the server failed on this request (a bug: please report it with the request)",
                                )
                                .into()
                            },
                        )
                    }
                }
            }
        };
        let status = reply.status;
        let _ = request.respond(response(reply));
        if let Some(log) = &self.log {
            log(&method, &path, status, start.elapsed().as_secs_f64());
        }
    }
}

/// A listening socket with `TCP_NODELAY`, which the accepted connections
/// inherit: `tiny_http` writes a reply in pieces (1 KiB buffers), and with
/// Nagle's algorithm a piece after the first waits for the client's delayed
/// ACK, 40 ms on Linux, on every reply over 1 KiB kept alive.
fn listen(addr: impl ToSocketAddrs) -> io::Result<TcpListener> {
    use socket2::{Domain, Socket, Type};
    let mut last = io::Error::new(io::ErrorKind::InvalidInput, "no address to listen on");
    for addr in addr.to_socket_addrs()? {
        let socket = Socket::new(Domain::for_address(addr), Type::STREAM, None)?;
        socket.set_tcp_nodelay(true)?;
        #[cfg(unix)]
        socket.set_reuse_address(true)?;
        match socket.bind(&addr.into()).and_then(|()| socket.listen(128)) {
            Ok(()) => return Ok(socket.into()),
            Err(e) => last = e,
        }
    }
    Err(last)
}

fn header(name: &str, value: &str) -> Option<tiny_http::Header> {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
}

fn response(reply: Reply) -> tiny_http::Response<io::Cursor<Vec<u8>>> {
    // A Content-Length always, never chunked: simpler for every client.
    let mut response = tiny_http::Response::from_data(reply.body)
        .with_status_code(reply.status)
        .with_chunked_threshold(usize::MAX);
    let headers = [
        ("Content-Type", reply.content_type.to_string()),
        ("X-Content-Type-Options", "nosniff".to_string()),
    ];
    for (name, value) in headers
        .iter()
        .map(|(n, v)| (*n, v.as_str()))
        .chain(reply.headers.iter().map(|(n, v)| (*n, v.as_str())))
    {
        if let Some(h) = header(name, value) {
            response.add_header(h);
        }
    }
    response
}
