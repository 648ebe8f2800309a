//! Requests and replies as plain values, independent of the HTTP library, so
//! that every handler is a function from a [`Request`] to a [`Reply`].

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

/// What went wrong with a request: an HTTP status, a stable code for
/// programs and a message for people, sent as
/// `{"error": {"status": 400, "code": "invalid", "message": "..."}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// A short code: `bad_json`, `invalid`, `over_limit`, `not_found`,
    /// `method_not_allowed`, `forbidden_host`, `request_timeout`,
    /// `payload_too_large`, `too_many_jobs`,
    /// `time_limit`, `stopping`, `internal`.
    pub code: &'static str,
    /// What was wrong and how to fix it.
    pub message: String,
    /// The methods the path accepts (for 405).
    #[serde(skip)]
    pub allow: Option<&'static str>,
}

impl ApiError {
    fn new(status: u16, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            allow: None,
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

    /// 403: a request for another host name (DNS rebinding) on a loopback server.
    pub fn forbidden_host(host: &str, port: u16) -> ApiError {
        ApiError::new(
            403,
            "forbidden_host",
            format!(
                "this server answers requests for localhost or an IP address, not for \"{host}\"; use http://127.0.0.1:{port}/"
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
        ApiError::new(
            403,
            "forbidden_origin",
            format!(
                "requests that start work must come from this server's own page, not from \
                 \"{origin}\"; to allow that page, start the server with `nqueens serve \
                 --allow-origin {origin}`"
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
