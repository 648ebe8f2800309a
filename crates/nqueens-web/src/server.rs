//! The HTTP server: hyper's HTTP/1.1 on a small tokio runtime for the
//! connections, and a bounded pool of blocking threads for the work.
//!
//! Why this shape: answering is CPU work in the library (searches of up to
//! the request time limit), so each request's handler runs on a blocking
//! thread, at most [`Limits::workers`] at once; the connections themselves
//! cost no thread, so many idle or slow clients cannot use up threads or
//! file descriptors ([`Limits::connections`] caps them). A client has
//! [`Limits::read_seconds`] to send its headers and its body; one that stalls
//! is cut off. Every reply carries a `Content-Length`.
//!
//! Replies are bounded too: none is larger than [`Limits::reply_bytes`]
//! (the routes whose replies can be large, `trace` and `render`, stop
//! writing at that size), the bodies of large replies being built or sent
//! share [`Limits::reply_budget`], and a client that reads nothing of its
//! reply for [`Limits::write_seconds`] is cut off, which frees it. So
//! clients that ask for large replies and never read them hold at most the
//! budget, and the other routes go on answering.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr, TcpListener, ToSocketAddrs};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context as TaskContext, Poll};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderValue, CONTENT_LENGTH, CONTENT_TYPE, HOST};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::api::{self, count::Jobs, Context};
use crate::deadline::{Deadline, Watchdog};
use crate::http::{host_name, ApiError, Reply, Request};
use crate::Limits;

/// How often the server looks at its stop flag.
const POLL: Duration = Duration::from_millis(50);

/// How long open connections get to finish their request once the server
/// stops.
const DRAIN: Duration = Duration::from_secs(2);

/// What a request log callback receives: method, path, status, seconds.
pub type LogFn = dyn Fn(&str, &str, u16, f64) + Send + Sync;

/// A bound server, ready to [`run`](Server::run).
pub struct Server {
    listener: TcpListener,
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

/// What every connection and handler shares.
struct Shared {
    limits: Limits,
    addr: SocketAddr,
    watchdog: Watchdog,
    jobs: Jobs,
    log: Option<Box<LogFn>>,
    /// Permits to compute: [`Limits::workers`] of them.
    work: Semaphore,
    /// Bytes of large replies being built or sent: [`Limits::reply_budget`].
    replies: Arc<Semaphore>,
    /// The deep bfs trace being made ([`Context::deep_bfs`]).
    deep_bfs: std::sync::Mutex<()>,
}

impl Shared {
    /// Answers `request` by the API's routes, within `deadline`.
    fn route(&self, request: &Request, deadline: Deadline) -> Reply {
        let cx = Context {
            limits: &self.limits,
            watchdog: &self.watchdog,
            jobs: &self.jobs,
            deep_bfs: &self.deep_bfs,
            deadline,
        };
        api::route(&cx, request)
    }
}

impl Server {
    /// Listens on `addr` (port 0: a free port, see [`Server::addr`]).
    ///
    /// # Errors
    /// When the address cannot be bound (in use, not this machine's, no
    /// permission).
    pub fn bind(addr: impl ToSocketAddrs, limits: Limits) -> io::Result<Server> {
        let listener = TcpListener::bind(addr)?;
        let addr = listener.local_addr()?;
        Ok(Server {
            listener,
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

    /// Answers requests until `stop` is set; then it stops accepting, gives
    /// the open connections a moment to finish, cancels the count jobs and
    /// returns once every thread it started has ended.
    ///
    /// # Errors
    /// When the runtime or the listener cannot be set up.
    pub fn run(self, stop: &AtomicBool) -> io::Result<()> {
        let Server {
            listener,
            addr,
            limits,
            log,
        } = self;
        listener.set_nonblocking(true)?;
        let workers = limits.workers.max(1);
        let shared = Arc::new(Shared {
            work: Semaphore::new(workers),
            replies: Arc::new(Semaphore::new(
                limits.reply_budget.clamp(1, Semaphore::MAX_PERMITS),
            )),
            limits,
            addr,
            watchdog: Watchdog::default(),
            jobs: Jobs::default(),
            log,
            deep_bfs: std::sync::Mutex::new(()),
        });
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .max_blocking_threads(workers)
            .thread_name("nqueens-serve")
            .enable_io()
            .enable_time()
            .build()?;
        let quit = AtomicBool::new(false);
        let result = std::thread::scope(|scope| {
            scope.spawn(|| shared.watchdog.run(&quit));
            let result = runtime.block_on(accept(listener, Arc::clone(&shared), stop));
            shared.jobs.shutdown();
            quit.store(true, Ordering::Relaxed);
            shared.watchdog.wake();
            result
        });
        // Handlers still computing end by their deadlines.
        runtime.shutdown_timeout(Duration::from_secs_f64(
            shared.limits.request_seconds.min(60.0) + 1.0,
        ));
        result
    }
}

/// Resolves once `stop` is set.
async fn stopped(stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        tokio::time::sleep(POLL).await;
    }
}

/// Accepts connections (at most [`Limits::connections`] open at once) and
/// serves each on its own task, until `stop`.
async fn accept(listener: TcpListener, shared: Arc<Shared>, stop: &AtomicBool) -> io::Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let open = Arc::new(Semaphore::new(shared.limits.connections.max(1)));
    let (closing, closed) = tokio::sync::watch::channel(false);
    let mut connections = tokio::task::JoinSet::new();
    let read = Duration::from_secs_f64(shared.limits.read_seconds.max(0.001));
    let write = Duration::from_secs_f64(shared.limits.write_seconds.max(0.001));
    loop {
        let permit = tokio::select! {
            () = stopped(stop) => break,
            permit = Arc::clone(&open).acquire_owned() => match permit {
                Ok(p) => p,
                Err(_) => break,
            },
        };
        let stream = tokio::select! {
            () = stopped(stop) => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors, a connection reset before it was
                // accepted: wait a moment and go on accepting.
                Err(_) => {
                    tokio::time::sleep(POLL).await;
                    continue;
                }
            },
        };
        // Replies are written in pieces; without this each piece after the
        // first waits for the client's delayed ACK (40 ms on Linux).
        let _ = stream.set_nodelay(true);
        let shared = Arc::clone(&shared);
        let mut closed = closed.clone();
        connections.spawn(async move {
            let _permit = permit;
            let service = service_fn(move |request| handle(Arc::clone(&shared), request));
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(read)
                .keep_alive(true);
            let stream = WriteTimeout::new(stream, write);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = closed.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(DRAIN, connection).await;
                }
            }
        });
        while connections.try_join_next().is_some() {}
    }
    let _ = closing.send(true);
    let _ = tokio::time::timeout(DRAIN + Duration::from_secs(1), async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    Ok(())
}

/// Reads the body, at most [`Limits::body_bytes`] within
/// [`Limits::read_seconds`].
async fn read_body(request: hyper::Request<Incoming>, limits: &Limits) -> Result<Vec<u8>, Reply> {
    let limit = limits.body_bytes;
    let declared = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|len| len > limit as u64) {
        return Err(ApiError::payload_too_large(limit).into());
    }
    let body = Limited::new(request.into_body(), limit);
    let wait = Duration::from_secs_f64(limits.read_seconds.max(0.001));
    match tokio::time::timeout(wait, body.collect()).await {
        Err(_) => Err(ApiError::request_timeout(limits.read_seconds).into()),
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => {
            Err(ApiError::payload_too_large(limit).into())
        }
        Ok(Err(e)) => Err(ApiError::bad_json(format!("cannot read the request body: {e}")).into()),
        Ok(Ok(collected)) => Ok(collected.to_bytes().to_vec()),
    }
}

/// Answers one request: checks the host, reads the body, and computes the
/// reply on a blocking thread once one of the work permits is free.
async fn handle(
    shared: Arc<Shared>,
    request: hyper::Request<Incoming>,
) -> Result<hyper::Response<Full<Bytes>>, Infallible> {
    let start = Instant::now();
    let method = request.method().as_str().to_string();
    let path = request.uri().path().to_string();
    let hosts = request.headers().get_all(HOST).iter().count();
    let host = request
        .headers()
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string);
    // A request in absolute form (`GET http://name/ HTTP/1.1`) names its
    // host in the target too, which then wins over the header.
    let target = request.uri().authority().map(|a| a.as_str().to_string());
    let foreign = [host.as_deref(), target.as_deref()]
        .into_iter()
        .flatten()
        .find(|h| !host_allowed(shared.addr, &shared.limits.allowed_hosts, h));
    let (reply, permit) = if hosts > 1 {
        (ApiError::two_hosts().into(), None)
    } else if hosts == 1 && host.is_none() {
        // There, but not text: no name this server answers.
        (ApiError::host_not_text().into(), None)
    } else if request.version() == hyper::Version::HTTP_11 && host.is_none() {
        (ApiError::missing_host().into(), None)
    } else if let Some(foreign) = foreign {
        (
            ApiError::forbidden_host(foreign, shared.addr.port()).into(),
            None,
        )
    } else if let Err(e) = may_start_work(&request, &shared, host.as_deref()) {
        (e.into(), None)
    } else {
        match read_body(request, &shared.limits).await {
            Err(reply) => (reply, None),
            Ok(body) => compute(&shared, &method, &path, body).await,
        }
    };
    if let Some(log) = &shared.log {
        log(&method, &path, reply.status, start.elapsed().as_secs_f64());
    }
    Ok(response(reply, permit))
}

/// Whether a route's reply can be large (and so takes from
/// [`Limits::reply_budget`]).
fn large_reply(path: &str) -> bool {
    matches!(path, "/api/trace" | "/api/render")
}

/// Routes the request on a blocking thread, at most [`Limits::workers`] at
/// once; a panic in a handler (a bug) is answered as 500. A route whose
/// reply can be large first reserves [`Limits::reply_bytes`] of
/// [`Limits::reply_budget`] (waiting for it at most until the request's
/// deadline), and keeps what its reply takes: the permit returned, to be
/// held until the body is sent.
async fn compute(
    shared: &Arc<Shared>,
    method: &str,
    path: &str,
    body: Vec<u8>,
) -> (Reply, Option<OwnedSemaphorePermit>) {
    let limits = &shared.limits;
    let internal = || {
        Reply::from(ApiError::internal(
            "the server failed on this request (a bug: please report it with the request)",
        ))
    };
    // Reading a job's progress, the server's info or a job list takes no
    // time: it waits for no worker, so that a queue of long requests
    // neither delays it nor lets a polled job be taken for abandoned. A
    // cancel waits for no worker either (it once got 503 busy behind the
    // work it was to make room for): it waits for the job's threads here.
    let request = Request {
        method: method.to_string(),
        path: path.to_string(),
        body,
    };
    if matches!(method, "GET" | "HEAD") {
        let answered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            shared.route(&request, Deadline::never())
        }));
        return (answered.unwrap_or_else(|_| internal()), None);
    }
    if let Some(id) = path
        .strip_prefix("/api/count/")
        .filter(|_| method == "DELETE")
    {
        return (api::count::cancel(&shared.jobs, id).await, None);
    }
    // One wait in all, for room for the reply and for a worker.
    let until =
        tokio::time::Instant::now() + Duration::from_secs_f64(limits.request_seconds.max(0.0));
    let mut reserved = None;
    if method == "POST" && large_reply(path) {
        let bytes = limits
            .reply_bytes
            .min(limits.reply_budget)
            .clamp(1, u32::MAX as usize) as u32;
        match tokio::time::timeout_at(until, Arc::clone(&shared.replies).acquire_many_owned(bytes))
            .await
        {
            Ok(Ok(permit)) => reserved = Some(permit),
            Ok(Err(_)) => return (ApiError::stopping().into(), None),
            Err(_) => {
                return (
                    ApiError::busy(limits.request_seconds, limits.reply_budget).into(),
                    None,
                )
            }
        }
    }
    // A worker, within the request's time; the time to compute counts
    // from there (a request queued behind others was told its search "did
    // not reach step 1 in time").
    let _permit = match tokio::time::timeout_at(until, shared.work.acquire()).await {
        Ok(Ok(permit)) => permit,
        Ok(Err(_)) => return (ApiError::stopping().into(), None),
        Err(_) => {
            return (
                ApiError::workers_busy(limits.request_seconds, limits.workers).into(),
                None,
            )
        }
    };
    let deadline = shared.watchdog.deadline(limits.request_seconds);
    let worker = Arc::clone(shared);
    let done = tokio::task::spawn_blocking(move || worker.route(&request, deadline)).await;
    let mut reply = done.unwrap_or_else(|_| internal());
    // The large routes stop at the cap themselves; this holds for every
    // other route of the API (the page's own files are fixed).
    if path.starts_with("/api") && reply.body.len() > limits.reply_bytes {
        reply = ApiError::reply_too_large(limits.reply_bytes, "ask for less").into();
    }
    // Keep as much of the reservation as the body takes.
    let kept = reserved.and_then(|mut permit| {
        let len = reply.body.len();
        if len == 0 {
            None
        } else if len >= permit.num_permits() {
            Some(permit)
        } else {
            permit.split(len)
        }
    });
    (reply, kept)
}

/// Requests that start or stop work (POST, DELETE) must be JSON (POST) and
/// come from the server's own page or an allowed origin. A browser sends a
/// cross-site POST of `text/plain` without asking first; one of
/// `application/json` it must first ask about (a CORS preflight), which this
/// server never grants. So no page of another site can start count jobs.
fn may_start_work(
    request: &hyper::Request<Incoming>,
    shared: &Shared,
    host: Option<&str>,
) -> Result<(), ApiError> {
    let method = request.method();
    if method != hyper::Method::POST && method != hyper::Method::DELETE {
        return Ok(());
    }
    let headers = request.headers();
    if let Some(origin) = headers.get(hyper::header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("(not text)");
        let own = match host {
            Some(host) => format!("http://{host}"),
            None => format!("http://{}", shared.addr),
        };
        let allowed = origin.eq_ignore_ascii_case(&own)
            || shared
                .limits
                .allowed_origins
                .iter()
                .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin));
        if !allowed {
            return Err(ApiError::forbidden_origin(origin));
        }
    }
    if method == hyper::Method::POST && api::takes_post(request.uri().path()) {
        let content_type = headers
            .get(CONTENT_TYPE)
            .map(|t| t.to_str().unwrap_or("(not text)"));
        let essence = content_type.map(|t| t.split(';').next().unwrap_or("").trim());
        if !essence.is_some_and(|e| e.eq_ignore_ascii_case("application/json")) {
            return Err(ApiError::not_json(content_type));
        }
    }
    Ok(())
}

/// Whether `host` (a `Host` header's value) names this server: `localhost`,
/// a name given with `--allow-host`, or one of its own IP addresses (the one
/// it is bound to; any, when it is bound to every interface, 0.0.0.0 or ::,
/// since it may be reached on any of them; any loopback address, when it is
/// bound to one). Any other name is refused, so that a page of another site
/// cannot reach the server through a DNS name of its own that it points at
/// this machine (DNS rebinding).
fn host_allowed(addr: SocketAddr, allowed: &[String], host: &str) -> bool {
    let name = host_name(host);
    if name.eq_ignore_ascii_case("localhost")
        || allowed
            .iter()
            .any(|a| host_name(a).eq_ignore_ascii_case(name))
    {
        return true;
    }
    let Ok(ip) = name.parse::<IpAddr>() else {
        return false;
    };
    let bound = addr.ip();
    let canonical = |ip: IpAddr| ip.to_canonical();
    bound.is_unspecified()
        || canonical(ip) == canonical(bound)
        || (bound.is_loopback() && canonical(ip).is_loopback())
}

/// The body's bytes own `permit` (its share of the budget of large replies):
/// it is given back when hyper has written the last of them, or dropped
/// them with the connection.
struct Held {
    body: Vec<u8>,
    _permit: OwnedSemaphorePermit,
}

impl AsRef<[u8]> for Held {
    fn as_ref(&self) -> &[u8] {
        &self.body
    }
}

fn response(reply: Reply, permit: Option<OwnedSemaphorePermit>) -> hyper::Response<Full<Bytes>> {
    let bytes = match permit {
        Some(permit) => Bytes::from_owner(Held {
            body: reply.body,
            _permit: permit,
        }),
        None => Bytes::from(reply.body),
    };
    let mut response = hyper::Response::new(Full::new(bytes));
    *response.status_mut() = hyper::StatusCode::from_u16(reply.status)
        .unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(reply.content_type));
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    for (name, value) in reply.headers {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    }
    response
}

/// A connection whose writes fail once the client has read nothing for
/// `limit`: a reply waiting on a client that never reads is given up, and
/// the memory it holds freed.
struct WriteTimeout {
    inner: tokio::net::TcpStream,
    limit: Duration,
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl WriteTimeout {
    fn new(inner: tokio::net::TcpStream, limit: Duration) -> Self {
        WriteTimeout {
            inner,
            limit,
            stalled: None,
        }
    }

    /// After a write that could not go on: an error once it has waited
    /// `limit`, otherwise pending (woken by the socket or the timer).
    fn wait<T>(
        &mut self,
        cx: &mut TaskContext<'_>,
        done: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if done.is_ready() {
            self.stalled = None;
            return done;
        }
        let limit = self.limit;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing of the reply in time",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for WriteTimeout {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut TaskContext<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteTimeout {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut TaskContext<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let done = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.wait(cx, done)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut TaskContext<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let done = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.wait(cx, done)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<io::Result<()>> {
        let done = Pin::new(&mut self.inner).poll_flush(cx);
        self.wait(cx, done)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<io::Result<()>> {
        let done = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.wait(cx, done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_for_this_machine_only() {
        let local = SocketAddr::from(([127, 0, 0, 1], 8080));
        for ok in [
            "127.0.0.1:8080",
            "127.0.0.2",
            "localhost",
            "LocalHost:8080",
            "localhost.",
            "[::1]:8080",
        ] {
            assert!(host_allowed(local, &[], ok), "{ok:?}");
        }
        for bad in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "10.0.0.7",
            "",
        ] {
            assert!(!host_allowed(local, &[], bad), "{bad}");
        }
        // Bound to every interface: any address of this machine, but no
        // name unless it was allowed.
        let open = SocketAddr::from(([0, 0, 0, 0], 8080));
        assert!(host_allowed(open, &[], "10.0.0.7:8080"));
        assert!(host_allowed(open, &[], "[fe80::1]:8080"));
        assert!(!host_allowed(open, &[], "my-laptop.local:8080"));
        let allowed = ["my-laptop.local".to_string()];
        assert!(host_allowed(open, &allowed, "My-Laptop.local:8080"));
        assert!(!host_allowed(open, &allowed, "evil.example:8080"));
        // Bound to one address: that one.
        let lan = SocketAddr::from(([192, 168, 1, 5], 8080));
        assert!(host_allowed(lan, &[], "192.168.1.5:8080"));
        assert!(!host_allowed(lan, &[], "192.168.1.6:8080"));
        assert!(!host_allowed(lan, &[], "127.0.0.1:8080"));
    }
}
