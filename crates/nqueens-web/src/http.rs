//! Requests and replies as plain values, independent of the HTTP library, so
//! that every handler is a function from a [`Request`] to a [`Reply`].

use std::io;

use serde::Serialize;

/// One request, its body already read (and bounded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// `GET`, `POST`, `DELETE`, ...
    pub method: String,
    /// The path without the query, such as `/api/solve`.
    pub path: String,
    /// The body (empty for `GET`).
    pub body: Vec<u8>,
}

/// One reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// Extra headers, such as `Allow` or `Content-Disposition`.
    pub headers: Vec<(&'static str, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A JSON reply.
    pub fn json<T: Serialize + ?Sized>(status: u16, value: &T) -> Reply {
        match serde_json::to_vec(value) {
            Ok(body) => Reply {
                status,
                content_type: "application/json",
                headers: Vec::new(),
                body,
            },
            Err(e) => ApiError::internal(format!("cannot write the reply as JSON: {e}")).into(),
        }
    }

    /// A JSON reply of at most `cap` bytes: serialisation stops at the cap
    /// (so no more than `cap` bytes are ever held), and the reply is then a
    /// 422 `reply_too_large` that names the cap and says `hint` (how to ask
    /// for less).
    pub fn json_within<T: Serialize + ?Sized>(
        status: u16,
        value: &T,
        cap: usize,
        hint: &str,
    ) -> Reply {
        let mut out = Capped::new(cap);
        match serde_json::to_writer(&mut out, value) {
            Ok(()) => Reply {
                status,
                content_type: "application/json",
                headers: Vec::new(),
                body: out.into_inner(),
            },
            Err(_) if out.is_over() => ApiError::reply_too_large(cap, hint).into(),
            Err(e) => ApiError::internal(format!("cannot write the reply as JSON: {e}")).into(),
        }
    }

    /// A 200 JSON reply.
    pub fn ok<T: Serialize + ?Sized>(value: &T) -> Reply {
        Reply::json(200, value)
    }

    /// Bytes of some type, such as a page or a picture.
    pub fn bytes(content_type: &'static str, body: Vec<u8>) -> Reply {
        Reply {
            status: 200,
            content_type,
            headers: Vec::new(),
            body,
        }
    }

    /// Adds a header.
    #[must_use]
    pub fn with_header(mut self, name: &'static str, value: String) -> Reply {
        self.headers.push((name, value));
        self
    }
}

/// A byte buffer that refuses to grow past its cap: a write that would take
/// it over fails (and [`Capped::is_over`] says so), so that a reply is
/// bounded while it is written, not after.
#[derive(Debug, Default)]
pub struct Capped {
    buf: Vec<u8>,
    cap: usize,
    over: bool,
}

impl Capped {
    /// An empty buffer that holds at most `cap` bytes.
    pub fn new(cap: usize) -> Capped {
        Capped {
            buf: Vec::new(),
            cap,
            over: false,
        }
    }

    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether nothing is written.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// Bytes that may still be written.
    pub fn room(&self) -> usize {
        self.cap.saturating_sub(self.buf.len())
    }

    /// Whether a write was refused for the cap.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The bytes.
    pub fn into_inner(self) -> Vec<u8> {
        self.buf
    }
}

impl io::Write for Capped {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if bytes.len() > self.room() {
            self.over = true;
            return Err(io::Error::other(format!(
                "over the cap of {} bytes",
                self.cap
            )));
        }
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// `8388608 bytes (8 MiB)`: a size for people.
pub fn bytes_text(bytes: usize) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{bytes} bytes ({} MiB)", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{bytes} bytes ({} KiB)", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// What went wrong with a request: an HTTP status, a stable code for
/// programs and a message for people, sent as
/// `{"error": {"status": 400, "code": "invalid", "message": "..."}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// A short code: `bad_json`, `invalid`, `over_limit`, `not_found`,
    /// `method_not_allowed`, `forbidden_host`,
    /// `bad_host`, `two_hosts`, `request_timeout`, `payload_too_large`,
    /// `reply_too_large`, `too_many_jobs`, `time_limit`, `busy`, `stopping`,
    /// `internal`.
    pub code: &'static str,
    /// What was wrong and how to fix it.
    pub message: String,
    /// The methods the path accepts (for 405).
    #[serde(skip)]
    pub allow: Option<&'static str>,
    /// For a trace's `offset` past the last step: the steps there are (of
    /// the search, or that this server traces), so that a client can go to
    /// the last one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<u64>,
}

impl ApiError {
    fn new(status: u16, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            allow: None,
            steps: None,
        }
    }

    /// The same error, saying how many steps there are (see `steps`).
    pub fn with_steps(self, steps: u64) -> ApiError {
        ApiError {
            steps: Some(steps),
            ..self
        }
    }

    /// 400: a value that cannot be used.
    pub fn invalid(message: impl Into<String>) -> ApiError {
        ApiError::new(400, "invalid", message)
    }

    /// 400: the body is not the JSON the endpoint takes.
    pub fn bad_json(message: impl Into<String>) -> ApiError {
        ApiError::new(400, "bad_json", message)
    }

    /// 422: a size over this server's limit for the endpoint.
    pub fn over_limit(message: impl Into<String>) -> ApiError {
        ApiError::new(422, "over_limit", message)
    }

    /// A `value` outside 1 to the server's cap: 0 asks for nothing (400
    /// [`invalid`](Self::invalid)), more than the cap is over this
    /// server's limit (422 [`over_limit`](Self::over_limit)).
    pub fn outside_one_to_cap(value: u64, message: impl Into<String>) -> ApiError {
        if value == 0 {
            ApiError::invalid(message)
        } else {
            ApiError::over_limit(message)
        }
    }

    /// 404.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(404, "not_found", message)
    }

    /// 405, with the methods the path takes.
    pub fn method(method: &str, path: &str, allow: &'static str) -> ApiError {
        ApiError {
            allow: Some(allow),
            ..ApiError::new(
                405,
                "method_not_allowed",
                format!("{path} does not take {method}; use {allow}"),
            )
        }
    }

    /// 403: a request for a host name that is not this server's own
    /// (`localhost`, its IP addresses, or a name given with `--allow-host`):
    /// a page of another site that points a name of its own at this machine
    /// (DNS rebinding).
    pub fn forbidden_host(host: &str, port: u16) -> ApiError {
        let name = host_name(host);
        ApiError::new(
            403,
            "forbidden_host",
            format!(
                "this server answers requests for localhost or its own IP addresses, not for \
                 \"{host}\"; use http://127.0.0.1:{port}/, or start the server with `nqueens \
                 serve --allow-host {name}` to answer that name too"
            ),
        )
    }

    /// 400: a Host header that is not text (it was answered as missing).
    pub fn host_not_text() -> ApiError {
        ApiError::new(
            400,
            "bad_host",
            "the Host header is not text; name localhost or this server's IP address there",
        )
    }

    /// 400: a request with more than one Host header.
    pub fn two_hosts() -> ApiError {
        ApiError::new(
            400,
            "two_hosts",
            "a request must have one Host header, not several (RFC 9112, section 3.2)",
        )
    }

    /// 422: the reply would be over this server's cap on a reply's size;
    /// `hint` says how to ask for less.
    pub fn reply_too_large(cap: usize, hint: &str) -> ApiError {
        ApiError::new(
            422,
            "reply_too_large",
            format!(
                "the reply would be over this server's limit of {} per reply; {hint}",
                bytes_text(cap)
            ),
        )
    }

    /// 503: large replies already take this server's budget for them, and
    /// none was freed within the request's time.
    pub fn busy(seconds: f64, budget: usize) -> ApiError {
        ApiError::new(
            503,
            "busy",
            format!(
                "the server is busy sending other large replies ({} at once) and had no room \
                 for this one within {seconds} s; try again, or ask for less",
                bytes_text(budget)
            ),
        )
    }

    /// 503: another deep bfs trace was being made for the request's time.
    pub fn deep_bfs_busy(seconds: f64) -> ApiError {
        ApiError::new(
            503,
            "busy",
            format!(
                "the server makes one bfs trace this deep at a time (its queue holds hundreds of \
                 MB) and the one under way did not end within {seconds} s; try again"
            ),
        )
    }

    /// 503: every worker stayed busy for the request's time.
    pub fn workers_busy(seconds: f64, workers: usize) -> ApiError {
        ApiError::new(
            503,
            "busy",
            format!(
                "the server is busy computing other requests ({workers} at once) and none \
                 could start this one within {seconds} s; try again"
            ),
        )
    }

    /// 400: an HTTP/1.1 request without the Host header it must carry.
    pub fn missing_host() -> ApiError {
        ApiError::new(
            400,
            "missing_host",
            "an HTTP/1.1 request must have a Host header (RFC 9112, section 3.2)",
        )
    }

    /// 415: a request that starts work, without a JSON body.
    pub fn not_json(content_type: Option<&str>) -> ApiError {
        ApiError::new(
            415,
            "unsupported_media_type",
            format!(
                "requests that start work must send Content-Type: application/json, not {}",
                content_type.map_or("none".to_string(), |t| format!("\"{t}\""))
            ),
        )
    }

    /// 403: a request that starts work, sent by a page of another site.
    pub fn forbidden_origin(origin: &str) -> ApiError {
        // Only a web origin can be allowed: `null` (a page opened from a
        // file, a sandboxed frame) and `file://` are not one.
        let web = ["http://", "https://"]
            .iter()
            .any(|scheme| origin.len() > scheme.len() && origin.starts_with(scheme));
        let how = if web {
            format!(
                "to allow that page, start the server with `nqueens serve --allow-origin {origin}`"
            )
        } else {
            "only a page served over http:// or https:// can be allowed (`nqueens serve \
             --allow-origin http://HOST:PORT`), not one opened from a file or a sandboxed frame"
                .to_string()
        };
        ApiError::new(
            403,
            "forbidden_origin",
            format!(
                "requests that start work must come from this server's own page, not from \
                 \"{origin}\"; {how}"
            ),
        )
    }

    /// 413.
    pub fn payload_too_large(limit: usize) -> ApiError {
        ApiError::new(
            413,
            "payload_too_large",
            format!("the request body is over this server's limit of {limit} bytes"),
        )
    }

    /// 408: the client did not send the request in time.
    pub fn request_timeout(seconds: f64) -> ApiError {
        ApiError::new(
            408,
            "request_timeout",
            format!("the request body did not arrive within this server's {seconds} s"),
        )
    }

    /// 429: too many count jobs at once.
    pub fn too_many_jobs(message: impl Into<String>) -> ApiError {
        ApiError::new(429, "too_many_jobs", message)
    }

    /// 503: the work passed the time a request may take.
    pub fn time_limit(seconds: f64, hint: &str) -> ApiError {
        ApiError::new(
            503,
            "time_limit",
            format!("stopped after this server's limit of {seconds} s per request; {hint}"),
        )
    }

    /// 503: the server is stopping.
    pub fn stopping() -> ApiError {
        ApiError::new(503, "stopping", "the server is stopping; start it again")
    }

    /// 500: a bug.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(500, "internal", message)
    }
}

/// The name of a `Host` header's value: without its port, and an IPv6
/// literal without its brackets.
pub fn host_name(host: &str) -> &str {
    let name = if let Some(rest) = host.strip_prefix('[') {
        // [::1]:8080
        rest.split_once(']').map_or(rest, |(ip, _)| ip)
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => host,
        }
    };
    name.trim_end_matches('.')
}

impl From<ApiError> for Reply {
    fn from(e: ApiError) -> Reply {
        #[derive(Serialize)]
        struct Body<'a> {
            error: &'a ApiError,
        }
        let body = serde_json::to_vec(&Body { error: &e }).unwrap_or_else(|_| {
            br#"{"error":{"status":500,"code":"internal","message":"cannot write the error"}}"#
                .to_vec()
        });
        let mut reply = Reply {
            status: e.status,
            content_type: "application/json",
            headers: Vec::new(),
            body,
        };
        if let Some(allow) = e.allow {
            reply.headers.push(("Allow", allow.to_string()));
        }
        reply
    }
}

/// What a handler returns.
pub type ApiResult<T = Reply> = Result<T, ApiError>;
