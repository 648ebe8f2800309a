//! The JSON API over real HTTP on 127.0.0.1: every endpoint, every error.
//!
//! Each test starts its own server on a free port (with the limits it
//! needs), talks to it with a minimal HTTP/1.1 client, and stops it. Answers
//! are checked against the library's own functions and the OEIS tables.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use nqueens_web::{Limits, Server};
use serde_json::{json, Value};

/// A server running on a thread, stopped on drop.
struct Running {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            t.join().expect("the server thread ends");
        }
    }
}

fn start_with(limits: Limits) -> Running {
    let server = Server::bind("127.0.0.1:0", limits).expect("bind a free port");
    let addr = server.addr();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let thread = std::thread::spawn(move || server.run(&flag).expect("the server runs"));
    Running {
        addr,
        stop,
        thread: Some(thread),
    }
}

fn start() -> Running {
    start_with(Limits::default())
}

/// One reply: status, headers (names lower-cased) and body.
#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Asserts an error reply: its status, its code, and words of its message.
    fn assert_error(&self, status: u16, code: &str, words: &str) {
        let v = self.json();
        assert_eq!(self.status, status, "{v}");
        assert_eq!(v["error"]["status"], status, "{v}");
        assert_eq!(v["error"]["code"], code, "{v}");
        let message = v["error"]["message"].as_str().expect("a message");
        assert!(message.contains(words), "{message:?} lacks {words:?}");
        assert_eq!(self.header("content-type"), Some("application/json"));
    }
}

impl Running {
    fn request(&self, method: &str, path: &str, body: &[u8]) -> Reply {
        self.request_to(&self.addr.to_string(), method, path, body)
    }

    /// A request with the given `Host` header.
    fn request_to(&self, host: &str, method: &str, path: &str, body: &[u8]) -> Reply {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        self.exchange(&head, body)
    }

    /// Sends `head` (the request line and headers, up to the blank line)
    /// and `body` as they are, and reads the reply.
    fn exchange(&self, head: &str, body: &[u8]) -> Reply {
        let mut stream = TcpStream::connect(self.addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        stream.write_all(head.as_bytes()).expect("send");
        stream.write_all(body).expect("send");
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).expect("read");
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a header block");
        let head = String::from_utf8_lossy(&raw[..split]).to_string();
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .expect("a status line");
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        Reply {
            status,
            headers,
            body: raw[split + 4..].to_vec(),
        }
    }

    fn get(&self, path: &str) -> Reply {
        self.request("GET", path, b"")
    }

    fn post(&self, path: &str, body: Value) -> Reply {
        self.request("POST", path, body.to_string().as_bytes())
    }

    /// POSTs and expects 200 with JSON.
    fn ok(&self, path: &str, body: Value) -> Value {
        let reply = self.post(path, body.clone());
        assert_eq!(
            reply.status,
            200,
            "{path} {body}: {}",
            String::from_utf8_lossy(&reply.body)
        );
        reply.json()
    }
}

fn columns(v: &Value) -> Vec<usize> {
    v.as_array()
        .expect("an array of columns")
        .iter()
        .map(|c| c.as_u64().expect("a column") as usize)
        .collect()
}

fn pairs(v: &Value) -> Vec<[usize; 2]> {
    v.as_array()
        .expect("an array of squares")
        .iter()
        .map(|p| {
            [
                p[0].as_u64().expect("a row") as usize,
                p[1].as_u64().expect("a column") as usize,
            ]
        })
        .collect()
}

mod pages {
    use super::*;

    #[test]
    fn the_page_and_its_files_are_served_from_the_binary() {
        let s = start();
        for (path, kind, words) in [
            ("/", "text/html", "<html"),
            ("/index.html", "text/html", "main.js"),
            ("/main.js", "text/javascript", "/api/info"),
            ("/compare.js", "text/javascript", "/api/trace"),
            ("/app.css", "text/css", "{"),
            ("/favicon.svg", "image/svg+xml", "<svg"),
        ] {
            let r = s.get(path);
            assert_eq!(r.status, 200, "{path}");
            assert!(
                r.header("content-type").expect("a type").starts_with(kind),
                "{path}"
            );
            let text = String::from_utf8_lossy(&r.body).to_lowercase();
            assert!(text.contains(words), "{path} lacks {words}");
        }
        // The page loads nothing from elsewhere: it works offline.
        let page = String::from_utf8_lossy(&s.get("/").body).to_string();
        assert!(
            !page.contains("http://") && !page.contains("https://"),
            "{page}"
        );
        s.request("POST", "/", b"")
            .assert_error(405, "method_not_allowed", "use GET");
        s.get("/nothing-here")
            .assert_error(404, "not_found", "GET /api/info");
        s.get("/api/solve/extra")
            .assert_error(404, "not_found", "/api/solve/extra");
    }

    /// The `src` of each `<script>` of a page, each of which must be a module.
    fn module_scripts(page: &str) -> Vec<String> {
        page.split("<script")
            .skip(1)
            .map(|tag| {
                let tag = &tag[..tag.find('>').expect("a closed tag")];
                assert!(
                    tag.contains(r#"type="module""#),
                    "not a module: <script{tag}>"
                );
                let src = &tag[tag.find(r#"src=""#).expect("a src") + 5..];
                src[..src.find('"').expect("a closed src")].to_string()
            })
            .collect()
    }

    /// The paths a module imports (`import … from '…'`, `import '…'`, also
    /// `export … from '…'`), resolved against the module's own path.
    fn imports_of(path: &str, text: &str) -> Vec<String> {
        let dir = &path[..=path.rfind('/').expect("an absolute path")];
        let mut found = Vec::new();
        for line in text.lines().map(str::trim_start) {
            let spec = match line.strip_prefix("import ") {
                Some(rest) if rest.starts_with(['\'', '"']) => rest,
                _ if line.starts_with("import ")
                    || line.starts_with("export ")
                    || line.starts_with('}') =>
                {
                    match line.find(" from ") {
                        Some(at) => &line[at + 6..],
                        None => continue,
                    }
                }
                _ => continue,
            };
            let quote = spec.chars().next().expect("a specifier");
            assert!(quote == '\'' || quote == '"', "{path}: {line}");
            let spec = &spec[1..spec[1..].find(quote).expect("a closed string") + 1];
            let resolved = if let Some(rest) = spec.strip_prefix("./") {
                format!("{dir}{rest}")
            } else {
                assert!(
                    spec.starts_with('/'),
                    "{path} imports {spec:?}: only paths on this server work"
                );
                spec.to_string()
            };
            found.push(resolved);
        }
        found
    }

    /// The page's script is ES modules, one file each, with no build step:
    /// from the page's `<script type="module">`, every module it imports and
    /// every module those import is served as JavaScript (a browser will not
    /// run a module served as anything else, and the server sends
    /// `nosniff`), not cached without asking, byte for byte the file in
    /// `assets/`; and every `.js` file in `assets/` is one of them.
    #[test]
    fn every_module_the_page_imports_is_served_as_javascript() {
        let s = start();
        let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let page = String::from_utf8(s.get("/").body).expect("the page is UTF-8");
        let mut todo = module_scripts(&page);
        assert_eq!(
            todo,
            ["/main.js"],
            "the page loads one module, which imports the rest"
        );
        let mut served = std::collections::BTreeSet::new();
        while let Some(path) = todo.pop() {
            if !served.insert(path.clone()) {
                continue;
            }
            let r = s.get(&path);
            assert_eq!(r.status, 200, "{path}");
            assert_eq!(
                r.header("content-type"),
                Some("text/javascript; charset=utf-8"),
                "{path}"
            );
            assert_eq!(r.header("cache-control"), Some("no-cache"), "{path}");
            let file = std::fs::read(assets.join(&path[1..])).expect("a file in assets/");
            assert!(r.body == file, "{path} is not served as it is in assets/");
            let text = String::from_utf8(r.body).expect("a module is UTF-8");
            let lines = text.lines().count();
            assert!(
                lines <= 600,
                "{path} has {lines} lines: split it (a reader holds ~600)"
            );
            todo.extend(imports_of(&path, &text));
        }
        let on_disk: std::collections::BTreeSet<String> = std::fs::read_dir(&assets)
            .expect("assets/")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter(|name| name.ends_with(".js"))
            .map(|name| format!("/{name}"))
            .collect();
        assert_eq!(
            served, on_disk,
            "every module in assets/, and only those, is reached from the page"
        );
    }

    #[test]
    fn info_lists_the_limits_and_every_algorithm() {
        let s = start();
        let info = s.get("/api/info").json();
        let names: Vec<&str> = info["algorithms"]
            .as_array()
            .expect("algorithms")
            .iter()
            .map(|a| a["name"].as_str().expect("a name"))
            .collect();
        let expected: Vec<&str> = nqueens::algorithms().iter().map(|a| a.name()).collect();
        assert_eq!(names, expected);
        assert_eq!(info["limits"]["play_max"], 20);
        assert_eq!(info["limits"]["count_max"], 18);
        assert_eq!(info["jobs_running"], 0);
        assert_eq!(s.get("/api").status, 200);
        s.post("/api/info", json!({}))
            .assert_error(405, "method_not_allowed", "use GET");
        assert_eq!(s.post("/api/info", json!({})).header("allow"), Some("GET"));
    }
}

mod requests {
    use super::*;

    #[test]
    fn malformed_bodies_say_what_is_wrong() {
        let s = start();
        s.request("POST", "/api/solve", b"")
            .assert_error(400, "bad_json", "such as {\"n\": 8}");
        s.request("POST", "/api/solve", b"{\"n\": 8").assert_error(
            400,
            "bad_json",
            "not valid JSON",
        );
        s.request("POST", "/api/solve", b"[8]").assert_error(
            400,
            "bad_json",
            "must be a JSON object",
        );
        s.post("/api/solve", json!({"n": "8"}))
            .assert_error(400, "bad_json", "expected usize");
        s.post("/api/solve", json!({"n": -1}))
            .assert_error(400, "bad_json", "-1");
        s.post("/api/solve", json!({"size": 8})).assert_error(
            400,
            "bad_json",
            "unknown field \"size\"",
        );
        s.post("/api/complete", json!({"n": 8, "mode": "all"}))
            .assert_error(400, "bad_json", "unknown variant `all`");
    }

    #[test]
    fn a_body_over_the_limit_is_refused_unread() {
        let s = start_with(Limits {
            body_bytes: 1000,
            ..Limits::default()
        });
        let big = json!({"n": 8, "queens": vec![[0, 0]; 200]});
        s.post("/api/verify", big)
            .assert_error(413, "payload_too_large", "1000 bytes");
        // The server goes on answering.
        assert_eq!(
            s.ok("/api/solve", json!({"n": 4}))["columns"],
            json!([1, 3, 0, 2])
        );
    }

    /// A body of exactly the limit is read: the limit is the most a body
    /// may have ("over this server's limit of 1000 bytes" for one more).
    #[test]
    fn a_body_of_exactly_the_limit_is_read() {
        let s = start_with(Limits {
            body_bytes: 1000,
            ..Limits::default()
        });
        let mut body = br#"{"n": 4}"#.to_vec();
        body.resize(1000, b' ');
        let r = s.request("POST", "/api/solve", &body);
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        assert_eq!(r.json()["columns"], json!([1, 3, 0, 2]));
        body.push(b' ');
        s.request("POST", "/api/solve", &body)
            .assert_error(413, "payload_too_large", "1000 bytes");
    }

    #[test]
    fn only_requests_for_this_machine_are_answered() {
        let s = start();
        let port = s.addr.port();
        for host in [
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
            "LOCALHOST".to_string(),
            format!("[::1]:{port}"),
        ] {
            assert_eq!(
                s.request_to(&host, "GET", "/api/info", b"").status,
                200,
                "{host}"
            );
        }
        // A name that some site's DNS points at 127.0.0.1 (DNS rebinding).
        for host in ["evil.example", "evil.example:80", "localhost.evil.example"] {
            s.request_to(host, "GET", "/api/info", b"").assert_error(
                403,
                "forbidden_host",
                &format!("use http://127.0.0.1:{port}/"),
            );
        }
    }

    #[test]
    fn a_client_that_stalls_is_cut_off_and_others_are_answered() {
        let s = start_with(Limits {
            read_seconds: 0.3,
            ..Limits::default()
        });
        // Idle and half-sent connections cost no worker: many of them, and
        // the server still answers at once.
        let mut idle: Vec<TcpStream> = (0..50)
            .map(|_| TcpStream::connect(s.addr).expect("connect"))
            .collect();
        for stream in idle.iter_mut().take(25) {
            stream
                .write_all(b"POST /api/solve HTTP/1.1\r\nHost: x")
                .expect("send");
        }
        let t = Instant::now();
        assert_eq!(
            s.ok("/api/solve", json!({"n": 6}))["columns"],
            json!([1, 3, 5, 0, 2, 4])
        );
        assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
        // A body that never arrives: 408 after the read time.
        let mut stream = TcpStream::connect(s.addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        write!(
            stream,
            "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"n\":",
            s.addr
        )
        .expect("send");
        let mut raw = String::new();
        let _ = stream.read_to_string(&mut raw);
        assert!(raw.starts_with("HTTP/1.1 408"), "{raw}");
        assert!(raw.contains("\"code\":\"request_timeout\""), "{raw}");
        // Headers that never end: the connection is closed.
        let mut stream = TcpStream::connect(s.addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        stream
            .write_all(b"GET /api/info HTTP/1.1\r\n")
            .expect("send");
        let t = Instant::now();
        let mut rest = Vec::new();
        let _ = stream.read_to_end(&mut rest);
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "closed after the read time"
        );
        assert!(!String::from_utf8_lossy(&rest).contains(" 200 "));
    }

    #[test]
    fn wrong_methods_get_405_with_allow() {
        let s = start();
        for (method, path, allow) in [
            ("GET", "/api/solve", "POST"),
            ("PUT", "/api/verify", "POST"),
            ("DELETE", "/api/complete", "POST"),
            ("GET", "/api/trace", "POST"),
            ("GET", "/api/render", "POST"),
            ("PUT", "/api/count", "GET, POST"),
            ("POST", "/api/count/1", "GET, DELETE"),
        ] {
            let r = s.request(method, path, b"{}");
            r.assert_error(405, "method_not_allowed", &format!("use {allow}"));
            assert_eq!(r.header("allow"), Some(allow));
        }
    }

    /// Reading the server's info or a job's progress waits for no worker:
    /// polls queued behind long requests took 31 s, and the job polled was
    /// taken for abandoned. A request that finds no worker within its time
    /// is told the server is busy, and a request's time to compute counts
    /// from when a worker takes it (one queued was told its search "did
    /// not reach step 1 in time").
    #[test]
    fn polls_wait_for_no_worker_and_a_queued_request_is_told_busy() {
        let s = start_with(Limits {
            workers: 1,
            request_seconds: 3.0,
            ..Limits::default()
        });
        let long = json!({"n": 20, "mode": "count"});
        let job = s.post("/api/count", json!({"n": 18})).json()["id"]
            .as_u64()
            .unwrap();
        std::thread::scope(|scope| {
            let first = scope.spawn(|| s.post("/api/complete", long.clone()));
            std::thread::sleep(Duration::from_millis(300));
            // A cancel waits for no worker either (it got 503 busy behind
            // the work it was to make room for).
            let at = Instant::now();
            let r = s.request("DELETE", &format!("/api/count/{job}"), b"");
            assert_eq!(r.json()["state"], "cancelled", "{}", r.json());
            assert!(
                at.elapsed() < Duration::from_millis(1500),
                "{:?}",
                at.elapsed()
            );
            std::thread::sleep(Duration::from_millis(1200));
            let second = scope.spawn(|| s.post("/api/complete", long.clone()));
            std::thread::sleep(Duration::from_millis(500));
            let third = scope.spawn(|| {
                s.post(
                    "/api/trace",
                    json!({"n": 4, "algorithm": "bitwise", "limit": 3}),
                )
            });
            let at = Instant::now();
            assert_eq!(s.get("/api/info").status, 200);
            assert!(
                at.elapsed() < Duration::from_millis(500),
                "{:?}",
                at.elapsed()
            );
            first.join().unwrap().assert_error(503, "time_limit", "");
            let (second, third) = (second.join().unwrap(), third.join().unwrap());
            // The second runs when the first ends, to its own deadline; the
            // trace behind it finds no worker within its time.
            second.assert_error(503, "time_limit", "");
            third.assert_error(503, "busy", "none could start this one within 3 s");
        });
    }

    #[test]
    fn many_requests_at_once_all_get_answers() {
        let s = start();
        std::thread::scope(|scope| {
            for t in 0..8 {
                let s = &s;
                scope.spawn(move || {
                    for i in 0..25 {
                        let n = 4 + (t + i) % 12;
                        let solved = s.ok("/api/solve", json!({"n": n}));
                        let checked = s.ok("/api/verify", json!({"columns": solved["columns"]}));
                        assert_eq!(checked["solution"], true);
                    }
                });
            }
        });
    }
}

mod solve {
    use super::*;

    #[test]
    fn answers_as_the_command_line_does() {
        let s = start();
        let r = s.ok("/api/solve", json!({"n": 8}));
        assert_eq!(columns(&r["columns"]), [0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(r["method"], "first");
        for n in [1, 4, 9, 20, 32] {
            let r = s.ok("/api/solve", json!({"n": n}));
            let first = nqueens::first(n).expect("n ok").expect("solvable");
            assert_eq!(columns(&r["columns"]), first.columns(), "n = {n}");
        }
        for n in [2, 3] {
            assert_eq!(s.ok("/api/solve", json!({"n": n}))["columns"], Value::Null);
        }
        for n in [33, 100, 1000] {
            let r = s.ok("/api/solve", json!({"n": n}));
            assert_eq!(r["method"], "construct");
            nqueens::verify(&columns(&r["columns"])).expect("the construction is a solution");
        }
    }

    #[test]
    fn every_algorithm_finds_a_solution() {
        let s = start();
        for a in nqueens::algorithms() {
            let r = s.ok("/api/solve", json!({"n": 6, "algorithm": a.name()}));
            let found = columns(&r["columns"]);
            nqueens::verify(&found).expect("a solution");
            if a.lexicographic() {
                assert_eq!(found, [1, 3, 5, 0, 2, 4], "{}", a.name());
            }
            assert_eq!(r["method"], a.name());
            assert!(r["stats"]["nodes"].as_u64().expect("nodes") > 0);
        }
    }

    #[test]
    fn refuses_sizes_and_names_it_cannot_use() {
        let s = start();
        s.post("/api/solve", json!({}))
            .assert_error(400, "invalid", "needs the board size");
        s.post("/api/solve", json!({"n": 0}))
            .assert_error(400, "invalid", "at least 1");
        s.post("/api/solve", json!({"n": 1001}))
            .assert_error(422, "over_limit", "at most 1000");
        s.post("/api/solve", json!({"n": 8, "algorithm": "quick"}))
            .assert_error(400, "invalid", "bitwise");
        s.post("/api/solve", json!({"n": 10, "algorithm": "brute-force"}))
            .assert_error(422, "over_limit", "at most 9");
        s.post("/api/solve", json!({"n": 21, "algorithm": "bitwise"}))
            .assert_error(422, "over_limit", "at most 20");
    }

    #[test]
    fn a_search_past_the_deadline_is_stopped() {
        // Up to n = 20 a search runs untraced and answers (each takes a
        // second or two at most); above, which a larger `play_max` allows,
        // it looks at the clock between its steps.
        let s = start_with(Limits {
            request_seconds: 0.0,
            play_max: 32,
            ..Limits::default()
        });
        // Recursion on a 2-D board makes tens of millions of tests before
        // its first solution of 28 queens: far more than no time at all.
        s.post(
            "/api/solve",
            json!({"n": 28, "algorithm": "recursive-board"}),
        )
        .assert_error(503, "time_limit", "0 s per request");
        let first = s.post("/api/solve", json!({"n": 9, "algorithm": "brute-force"}));
        assert_eq!(first.json()["columns"], json!([0, 2, 5, 7, 1, 3, 8, 6, 4]));
    }

    #[test]
    fn bfs_answers_at_its_largest_board() {
        // Traced to look at the clock, bfs at n = 14 took five times as
        // long and ran past the 5 s deadline every time.
        let s = start();
        let reply = s.post("/api/solve", json!({"n": 14, "algorithm": "bfs"}));
        let json = reply.json();
        assert_eq!(json["method"], "bfs", "{json}");
        let columns: Vec<usize> = serde_json::from_value(json["columns"].clone()).unwrap();
        assert_eq!(nqueens::first(14).unwrap().unwrap().into_columns(), columns);
    }
}

mod verify {
    use super::*;

    #[test]
    fn lists_conflicts_attacked_squares_and_a_status() {
        let s = start();
        let r = s.ok(
            "/api/verify",
            json!({"n": 4, "queens": [[0, 1], [1, 3], [2, 2]]}),
        );
        assert_eq!(r["queens"], 3);
        assert_eq!(r["solution"], false);
        assert_eq!(r["conflict_count"], 1);
        assert_eq!(
            r["conflicts"],
            json!([{"first": [1, 3], "second": [2, 2], "attack": "anti-diagonal"}])
        );
        assert_eq!(r["status"], "3 queens, 1 conflict");
        // Attacked: every empty square on a line through a queen.
        let queens = [[0, 1], [1, 3], [2, 2]];
        let mut expected = Vec::new();
        for row in 0..4usize {
            for col in 0..4usize {
                let on_line = queens
                    .iter()
                    .any(|&[r, c]| r == row || c == col || r.abs_diff(row) == c.abs_diff(col));
                if on_line && !queens.contains(&[row, col]) {
                    expected.push([row, col]);
                }
            }
        }
        assert_eq!(pairs(&r["attacked"]), expected);

        let r = s.ok("/api/verify", json!({"columns": [1, 3, 0, 2]}));
        assert_eq!(
            (r["solution"].clone(), r["status"].clone()),
            (json!(true), json!("4 queens: a solution"))
        );
        let r = s.ok("/api/verify", json!({"n": 5}));
        assert_eq!(r["status"], "0 queens, no conflicts");
        let r = s.ok("/api/verify", json!({"columns": [1, null, 0, null]}));
        assert_eq!(r["status"], "2 queens, no conflicts");
        let r = s.ok("/api/verify", json!({"columns": [0, 1, 2]}));
        assert_eq!(r["status"], "3 queens, 3 conflicts");
        let r = s.ok(
            "/api/verify",
            json!({"columns": [1, 3, 0, 2], "blocked": [[0, 1]]}),
        );
        assert_eq!(r["on_blocked"], json!([[0, 1]]));
        assert_eq!(r["solution"], false);
        // The words agree with "solution": false (they once said "4 queens:
        // a solution, 1 queen on a blocked square").
        assert_eq!(
            r["status"],
            "4 queens, no conflicts, 1 queen on a blocked square"
        );
        let r = s.ok("/api/verify", json!({"columns": [0]}));
        assert_eq!(r["status"], "1 queen: a solution");
    }

    #[test]
    fn a_big_board_is_checked_without_the_attacked_list() {
        let s = start();
        let solved = s.ok("/api/solve", json!({"n": 1000}));
        let r = s.ok("/api/verify", json!({"columns": solved["columns"]}));
        assert_eq!(r["solution"], true);
        assert!(r.get("attacked").is_none());
        // The list is given up to n = 100, as docs/api.md says: a corner
        // queen attacks 3 × 99 squares.
        let r = s.ok("/api/verify", json!({"n": 100, "queens": [[0, 0]]}));
        assert_eq!(r["attacked"].as_array().map(Vec::len), Some(297), "{r}");
        let r = s.ok("/api/verify", json!({"n": 101, "queens": [[0, 0]]}));
        assert!(r.get("attacked").is_none(), "{r}");
    }

    #[test]
    fn refuses_boards_it_cannot_read() {
        let s = start();
        s.post("/api/verify", json!({"n": 4, "queens": [[4, 0]]}))
            .assert_error(
                400,
                "invalid",
                "\"queens\"[0] = [4, 0] is off the 4×4 board",
            );
        // A column list's entry is a column: the message gives it so (it
        // once gave "[3, 4]" for the 4 at index 3).
        s.post("/api/verify", json!({"n": 4, "columns": [1, 3, 0, 4]}))
            .assert_error(400, "invalid", "\"columns\"[3] = 4 is off the 4×4 board");
        // Nested past any request's need: said so, not "not valid JSON".
        let deep = format!(
            "{{\"n\": 4, \"queens\": {}{}}}",
            "[".repeat(200),
            "]".repeat(200)
        );
        let reply = s.request("POST", "/api/verify", deep.as_bytes());
        assert_eq!(reply.status, 400);
        let body = String::from_utf8_lossy(&reply.body);
        assert!(
            body.contains("nests arrays or objects too deeply (at line 1, column 146)"),
            "{body}"
        );
        s.post("/api/verify", json!({"n": 4, "queens": [[1, 1], [1, 1]]}))
            .assert_error(
                400,
                "invalid",
                "two queens stand on row 1, column 1; a square holds one queen",
            );
        s.post("/api/verify", json!({"n": 4, "columns": [0, 1]}))
            .assert_error(400, "invalid", "has 2 entries but n = 4");
        s.post("/api/verify", json!({"columns": [0], "queens": [[0, 0]]}))
            .assert_error(400, "invalid", "not both");
        s.post("/api/verify", json!({"n": 4, "blocked": [[0, 7]]}))
            .assert_error(400, "invalid", "\"blocked\"[0]");
        s.post("/api/verify", json!({"n": 1001}))
            .assert_error(422, "over_limit", "verify");
        s.post("/api/verify", json!({"n": 4, "queens": [[0]]}))
            .assert_error(400, "bad_json", "array of length 2");
    }
}

mod complete {
    use super::*;

    #[test]
    fn first_finds_a_completion_that_keeps_the_queens_and_avoids_blocks() {
        let s = start();
        let r = s.ok(
            "/api/complete",
            json!({"n": 8, "queens": [[0, 0]], "blocked": [[1, 4], [2, 7]]}),
        );
        assert_eq!(r["status"], "found");
        let found = columns(&r["columns"]);
        nqueens::verify(&found).expect("a solution");
        assert_eq!(found[0], 0);
        assert_ne!(found[1], 4);
        assert_ne!(found[2], 7);
        // A bigger board, placed queens and all.
        let r = s.ok(
            "/api/complete",
            json!({"n": 200, "queens": [[5, 5], [100, 7]]}),
        );
        let found = columns(&r["columns"]);
        nqueens::verify(&found).expect("a solution");
        assert_eq!((found[5], found[100]), (5, 7));
    }

    #[test]
    fn says_when_no_completion_exists_and_why() {
        let s = start();
        let r = s.ok("/api/complete", json!({"n": 3}));
        assert_eq!(r["status"], "none");
        assert_eq!(r["message"], "no completion exists from here");
        // (0, 0) and (1, 2) leave row 2 without a square... and 4 rows.
        let r = s.ok("/api/complete", json!({"n": 4, "queens": [[0, 0]]}));
        assert_eq!(r["status"], "none");
        let r = s.ok("/api/complete", json!({"n": 8, "queens": [[0, 0], [1, 1]]}));
        assert_eq!(r["status"], "none");
        assert_eq!(r["clash"]["first"], json!([0, 0]));
        assert_eq!(r["clash"]["second"], json!([1, 1]));
        assert!(r["message"].as_str().expect("message").contains("diagonal"));
        // The same clash in the other modes keeps each mode's shape (the
        // page reads `count` and `nodes`, or `solutions` and `more`), with
        // the clash beside it.
        let clash = json!({"n": 8, "queens": [[0, 0], [1, 1]], "mode": "count"});
        let r = s.ok("/api/complete", clash);
        assert_eq!(
            (&r["status"], &r["count"], &r["nodes"]),
            (&json!("count"), &json!(0), &json!(0))
        );
        assert_eq!(r["clash"]["second"], json!([1, 1]));
        let clash = json!({"n": 8, "queens": [[0, 0], [1, 1]], "mode": "page", "offset": 3});
        let r = s.ok("/api/complete", clash);
        assert_eq!(r["status"], "page");
        assert_eq!(
            (&r["solutions"], &r["more"], &r["offset"]),
            (&json!([]), &json!(false), &json!(3))
        );
        assert!(r["message"]
            .as_str()
            .expect("message")
            .starts_with("no completion exists"));
        s.post(
            "/api/complete",
            json!({"n": 8, "queens": [[0, 0]], "blocked": [[0, 0]]}),
        )
        .assert_error(400, "invalid", "blocked square");
    }

    #[test]
    fn counts_completions() {
        let s = start();
        for (board, expected) in [
            (json!({"n": 8}), 92u64),
            (json!({"n": 8, "queens": [[0, 0]]}), 4),
            (json!({"n": 10, "blocked": [[0, 0], [9, 9]]}), 0),
            (json!({"n": 6, "queens": [[0, 1]]}), 1),
        ] {
            let mut body = board.clone();
            body["mode"] = json!("count");
            let r = s.ok("/api/complete", body);
            if expected > 0 {
                assert_eq!(r["count"], expected, "{board}");
            }
            let _ = &r["message"];
        }
        // The blocked-corner count against the brute force.
        let expected = nqueens::solutions(10)
            .expect("n ok")
            .map(|s| s.into_columns())
            .filter(|c| c[0] != 0 && c[9] != 9)
            .count();
        let r = s.ok(
            "/api/complete",
            json!({"n": 10, "blocked": [[0, 0], [9, 9]], "mode": "count"}),
        );
        assert_eq!(r["count"], expected as u64);
        let r = s.ok(
            "/api/complete",
            json!({"n": 8, "queens": [[0, 0]], "mode": "count"}),
        );
        assert_eq!(r["message"], "4 completions from here");
    }

    #[test]
    fn pages_through_every_solution_in_order() {
        let s = start();
        let all: Vec<Vec<usize>> = nqueens::solutions(8)
            .expect("n ok")
            .map(|s| s.into_columns())
            .collect();
        let mut paged = Vec::new();
        let mut offset = 0;
        loop {
            let r = s.ok(
                "/api/complete",
                json!({"n": 8, "mode": "page", "offset": offset, "limit": 25}),
            );
            for c in r["solutions"].as_array().expect("a page") {
                paged.push(columns(c));
            }
            offset += 25;
            if r["more"] == false {
                break;
            }
        }
        assert_eq!(paged, all);
        let unique: Vec<Vec<usize>> = nqueens::unique_solutions(8)
            .expect("n ok")
            .map(|s| s.into_columns())
            .collect();
        let r = s.ok(
            "/api/complete",
            json!({"n": 8, "mode": "page", "unique": true, "limit": 100}),
        );
        let got: Vec<Vec<usize>> = r["solutions"]
            .as_array()
            .expect("a page")
            .iter()
            .map(columns)
            .collect();
        assert_eq!(got, unique);
        assert_eq!(r["more"], false);
        let r = s.ok(
            "/api/complete",
            json!({"n": 8, "mode": "page", "offset": 91, "limit": 1}),
        );
        assert_eq!(r["message"], "solution 92, the last");
        // An offset past any count is refused, not overflowed.
        for offset in [u64::MAX, 1u64 << 53] {
            s.post(
                "/api/complete",
                json!({"n": 8, "mode": "page", "offset": offset, "limit": 25}),
            )
            .assert_error(
                400,
                "invalid",
                "\"offset\" must be from 0 to 9007199254740991",
            );
        }
        // With a queen: every completion, each keeping it, as many as the count.
        let r = s.ok(
            "/api/complete",
            json!({"n": 8, "queens": [[0, 0]], "mode": "page", "limit": 100}),
        );
        let got: Vec<Vec<usize>> = r["solutions"]
            .as_array()
            .expect("a page")
            .iter()
            .map(columns)
            .collect();
        assert_eq!(got.len(), 4);
        assert!(got.iter().all(|c| c[0] == 0 && nqueens::verify(c).is_ok()));
        // A page past the end says how many there are (it once said "no
        // solutions after the first 1000" of 92), and "none exists" only
        // where there is none.
        for (request, message) in [
            (
                json!({"n": 8, "mode": "page", "offset": 1000}),
                "92 solutions in all, none from number 1001",
            ),
            (
                json!({"n": 8, "mode": "page", "offset": 500, "unique": true}),
                "12 unique solutions in all, none from number 501",
            ),
            (
                json!({"n": 8, "queens": [[0, 0]], "mode": "page", "offset": 4}),
                "4 completions in all, none from number 5",
            ),
            (
                json!({"n": 8, "queens": [[0, 0], [1, 2]], "mode": "page", "offset": 5}),
                "no completion exists from here",
            ),
            // An empty board has no "here".
            (
                json!({"n": 3, "mode": "page"}),
                "no solution exists for n = 3",
            ),
            (
                json!({"n": 2, "mode": "page", "unique": true}),
                "no unique solution exists for n = 2",
            ),
        ] {
            let r = s.ok("/api/complete", request.clone());
            assert_eq!(r["message"], message, "{request}");
        }
    }

    #[test]
    fn refuses_what_does_not_apply() {
        let s = start();
        s.post(
            "/api/complete",
            json!({"n": 8, "queens": [[0, 0]], "mode": "page", "unique": true}),
        )
        .assert_error(400, "invalid", "only an empty board");
        s.post("/api/complete", json!({"n": 8, "unique": true}))
            .assert_error(400, "invalid", "\"mode\": \"page\" only");
        s.post("/api/complete", json!({"n": 8, "offset": 3}))
            .assert_error(400, "invalid", "\"offset\" and \"limit\"");
        // 0 is no page at all (400); 101, past the server's page (422).
        s.post("/api/complete", json!({"n": 8, "mode": "page", "limit": 0}))
            .assert_error(400, "invalid", "from 1 to 100");
        s.post(
            "/api/complete",
            json!({"n": 8, "mode": "page", "limit": 101}),
        )
        .assert_error(422, "over_limit", "from 1 to 100");
        s.post(
            "/api/complete",
            json!({"n": 8, "mode": "page", "limit": 101}),
        )
        .assert_error(422, "over_limit", "from 1 to 100");
        s.post("/api/complete", json!({"n": 21, "mode": "count"}))
            .assert_error(422, "over_limit", "at most 20");
        s.post("/api/complete", json!({"n": 201}))
            .assert_error(422, "over_limit", "at most 200");
    }

    #[test]
    fn a_count_past_the_deadline_is_stopped() {
        let s = start_with(Limits {
            request_seconds: 0.2,
            ..Limits::default()
        });
        let start = Instant::now();
        s.post("/api/complete", json!({"n": 20, "mode": "count"}))
            .assert_error(503, "time_limit", "0.2 s per request");
        assert!(start.elapsed() < Duration::from_secs(10));
        s.post(
            "/api/complete",
            json!({"n": 20, "mode": "page", "offset": 100000000, "limit": 1}),
        )
        .assert_error(503, "time_limit", "0.2 s");
    }
}

mod trace {
    use super::*;

    /// Replays the events that change the board (place, backtrack, and the
    /// whole boards of candidate and dequeue); the boards at each solution
    /// event. Each step's `view.board` must be the board replayed (or, for
    /// a queued child and a bfs solution, that board plus its new queen).
    fn replay(n: usize, events: &[Value]) -> Vec<Vec<usize>> {
        let mut board: Vec<Option<usize>> = vec![None; n];
        let mut solutions = Vec::new();
        for (i, e) in events.iter().enumerate() {
            let at = |k: &str| e[k].as_u64().expect("a number") as usize;
            assert_eq!(e["step"], i + 1);
            assert!(e["says"].as_str().is_some_and(|s| !s.is_empty()), "{e}");
            let mut shown = None;
            match e["event"].as_str().expect("an event") {
                "place" => board[at("row")] = Some(at("col")),
                "backtrack" => board[at("row")] = None,
                "candidate" | "dequeue" => {
                    let c = columns(&e["columns"]);
                    board = (0..n).map(|r| c.get(r).copied()).collect();
                }
                "enqueue" => shown = Some(columns(&e["columns"])),
                "solution" => {
                    let c = columns(&e["columns"]);
                    let held: Vec<usize> = board.iter().map_while(|c| *c).collect();
                    assert!(c.starts_with(&held) && held.len() + 1 >= n, "{e}");
                    shown = Some(c.clone());
                    solutions.push(c);
                }
                "reject" | "masks" | "scores" | "check" | "push" | "pop" | "tag" | "resume"
                | "yield" | "choose" | "cover" | "uncover" => {}
                other => panic!("unknown event {other}"),
            }
            let expected: Vec<Value> = match shown {
                Some(c) => (0..n)
                    .map(|r| c.get(r).map_or(Value::Null, |&c| json!(c)))
                    .collect(),
                None => board
                    .iter()
                    .map(|c| c.map_or(Value::Null, |c| json!(c)))
                    .collect(),
            };
            assert_eq!(e["view"]["board"], Value::Array(expected), "step {}", i + 1);
        }
        solutions
    }

    #[test]
    fn every_algorithm_traces_and_the_events_replay_to_its_solutions() {
        let s = start();
        for a in nqueens::algorithms() {
            let r = s.ok(
                "/api/trace",
                json!({"n": 5, "algorithm": a.name(), "limit": 20000}),
            );
            assert_eq!(r["truncated"], false, "{}", a.name());
            let events = r["events"].as_array().expect("events");
            let mut found = replay(5, events);
            found.sort();
            let mut all: Vec<Vec<usize>> = nqueens::solutions(5)
                .expect("n ok")
                .map(|s| s.into_columns())
                .collect();
            all.sort();
            assert_eq!(found, all, "{}", a.name());
            assert_eq!(r["stats"]["solutions"], 10, "{}", a.name());
            // What the page shows beside the board.
            let lines = r["pseudocode"].as_array().expect("pseudocode").len();
            assert!(lines >= 5, "{}", a.name());
            for e in events {
                if let Some(line) = e["line"].as_u64() {
                    assert!((line as usize) < lines, "{}: {e}", a.name());
                }
                assert!(e["view"]["structure"]["kind"].is_string(), "{e}");
            }
            assert!(r["about"]["idea"].as_str().expect("idea").len() > 80);
            assert!(r["about"]["why"].is_string() && r["about"]["cost"].is_string());
            let tree = r["tree"].as_array().expect("tree");
            assert_eq!(tree[0]["mark"], "root");
            let solved = tree.iter().filter(|t| t["mark"] == "solution").count();
            assert_eq!(solved, 10, "{}", a.name());
            for t in &tree[1..] {
                let parent = t["parent"].as_u64().expect("a parent") as usize;
                assert!(parent < t["id"].as_u64().expect("an id") as usize);
            }
            let last = events.last().expect("events");
            assert!(last["node"].as_u64().expect("node") < tree.len() as u64);
        }
    }

    /// The search stopped by its sink at step `k` (from 1): the counters it
    /// returns, as the API names them.
    fn counters_when_stopped_at(algorithm: &dyn nqueens::Algorithm, n: usize, k: usize) -> Value {
        struct StopAt(usize);
        impl nqueens::Sink for StopAt {
            fn tracing(&self) -> bool {
                true
            }
            fn event(&mut self, _: &nqueens::Event<'_>) -> std::ops::ControlFlow<()> {
                self.0 -= 1;
                if self.0 == 0 {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            }
        }
        let stats = algorithm.search(n, &mut StopAt(k)).expect("n ok");
        json!({
            "nodes": stats.nodes,
            "placements": stats.placements,
            "conflict_tests": stats.conflict_tests,
            "reads": stats.reads,
            "writes": stats.writes,
        })
    }

    /// Every step carries the algorithm's counters at that step: the same
    /// as the search returns when it is stopped there, the same on a later
    /// page, and after the last step the search's totals.
    #[test]
    fn every_step_carries_the_algorithms_counters() {
        let s = start();
        let n = 5;
        for a in nqueens::algorithms() {
            let name = a.name();
            let r = s.ok(
                "/api/trace",
                json!({"n": n, "algorithm": name, "limit": 20000}),
            );
            assert_eq!(r["truncated"], false, "{name}");
            let events = r["events"].as_array().expect("events");
            let keys = ["nodes", "placements", "conflict_tests", "reads", "writes"];
            for k in [
                1,
                2,
                3,
                10,
                events.len() / 3,
                events.len() / 2,
                events.len() - 1,
            ] {
                assert_eq!(
                    events[k - 1]["counters"],
                    counters_when_stopped_at(*a, n, k),
                    "{name} step {k}"
                );
            }
            let last = &events.last().expect("events")["counters"];
            for key in keys {
                assert_eq!(last[key], r["stats"][key], "{name} {key} at the end");
            }
            // Counters only grow.
            for pair in events.windows(2) {
                for key in keys {
                    let (a, b) = (&pair[0]["counters"][key], &pair[1]["counters"][key]);
                    assert!(a.as_u64() <= b.as_u64(), "{name} {key}: {a} then {b}");
                }
            }
            // A later page carries the same counters as the whole trace.
            let offset = events.len() / 2;
            let page = s.ok(
                "/api/trace",
                json!({"n": n, "algorithm": name, "offset": offset, "limit": 3}),
            );
            for i in 0..3 {
                assert_eq!(
                    page["events"][i]["counters"],
                    events[offset + i]["counters"],
                    "{name} step {}",
                    offset + i + 1
                );
            }
        }
    }

    /// `"before"` counts the steps a page passes over as the page counts
    /// the steps it holds: checked at several offsets against counting the
    /// events and the tree of the whole trace, read from step 1.
    #[test]
    fn before_counts_the_steps_passed_over() {
        let s = start();
        let mut cases: Vec<(&str, usize)> = nqueens::algorithms()
            .iter()
            .map(|a| (a.name(), 5))
            .collect();
        cases.extend([("recursive", 6), ("bitwise", 6), ("bfs", 6), ("stack", 6)]);
        for (name, n) in cases {
            let whole = s.ok(
                "/api/trace",
                json!({"n": n, "algorithm": name, "limit": 20000}),
            );
            assert_eq!(whole["truncated"], false, "{name} {n}");
            let events = whole["events"].as_array().expect("events");
            let tree = whole["tree"].as_array().expect("tree");
            let brute = name == "brute-force";
            // The page's definitions (trace.js, stepCounters).
            let counted = |k: u64| -> Value {
                let boards = tree
                    .iter()
                    .filter(|t| t["step"].as_u64() <= Some(k) && t["mark"] != "rejected")
                    .filter(|t| !brute || (t["mark"] != "root" && t["depth"] == n))
                    .count();
                let of = |kind: &str| {
                    events[..k as usize]
                        .iter()
                        .filter(|e| e["event"] == kind)
                        .count()
                };
                json!({
                    "steps": k,
                    "boards": boards,
                    "backtracks": of("backtrack"),
                    "dequeues": of("dequeue"),
                    "solutions": of("solution"),
                })
            };
            assert_eq!(whole["before"], counted(0), "{name} {n} at 0");
            let len = events.len() as u64;
            for k in [1, 2, 7, len / 3, len / 2, len - 2, len - 1] {
                let page = s.ok(
                    "/api/trace",
                    json!({"n": n, "algorithm": name, "offset": k, "limit": 1}),
                );
                assert_eq!(page["before"], counted(k), "{name} {n} at offset {k}");
                assert_eq!(page["events"][0]["step"], k + 1);
            }
            // The counts grow over the search: a test that can fail.
            let end = counted(len - 1);
            assert!(end["boards"].as_u64() > Some(1), "{name} {n}: {end}");
            assert!(end["solutions"].as_u64() > Some(0), "{name} {n}: {end}");
        }
    }

    /// Paged through in small pages, the trees of the pages, each node
    /// taken from the last page that sends it, are the whole search's tree
    /// mark for mark: a board made on one page and found a dead end on the
    /// next is sent again (the page showed it as a queen, and its dead-end
    /// step was no dead end).
    #[test]
    fn pages_send_the_dead_ends_they_find() {
        let s = start();
        for algorithm in nqueens::algorithms() {
            let (name, n) = (algorithm.name(), 5);
            let mut whole = nqueens::Trace::new(name, n);
            algorithm.search(n, &mut whole).unwrap();
            let tree = whole.replay.tree();
            let mut marks = std::collections::BTreeMap::new();
            let mut offset = 0;
            loop {
                let page = s.ok(
                    "/api/trace",
                    json!({"n": n, "algorithm": name, "offset": offset, "limit": 37}),
                );
                for node in page["tree"].as_array().unwrap() {
                    marks.insert(node["id"].as_u64().unwrap() as usize, node["mark"].clone());
                }
                match page["next_offset"].as_u64() {
                    Some(next) => offset = next,
                    None => break,
                }
            }
            assert_eq!(marks.len(), tree.len(), "{name}: every node is sent");
            for node in tree {
                let mark = serde_json::to_value(node.mark).unwrap();
                assert_eq!(marks[&node.id], mark, "{name}: node {}", node.id);
            }
            let dead = tree.iter().filter(|t| t.mark == nqueens::TreeMark::DeadEnd);
            assert!(name == "brute-force" || dead.count() > 0, "{name}");
        }
    }

    /// A page of one step, at any offset, holds the node its step leaves
    /// (the one the step before stood on) and the one it stands on: bfs's
    /// pages after a solution once lacked the solution's node.
    #[test]
    fn a_page_holds_the_node_its_step_leaves_at_any_offset() {
        let s = start();
        for (name, n) in [
            ("bfs", 4),
            ("bfs", 5),
            ("recursive", 4),
            ("dancing-links", 4),
        ] {
            let whole = s.ok(
                "/api/trace",
                json!({"n": n, "algorithm": name, "limit": 20000}),
            );
            let events = whole["events"].as_array().expect("events");
            for k in 1..events.len() {
                let page = s.ok(
                    "/api/trace",
                    json!({"n": n, "algorithm": name, "offset": k, "limit": 1}),
                );
                let ids: Vec<&Value> = page["tree"]
                    .as_array()
                    .expect("tree")
                    .iter()
                    .map(|t| &t["id"])
                    .collect();
                for node in [&events[k - 1]["node"], &events[k]["node"]] {
                    assert!(ids.contains(&node), "{name} {n} at offset {k}: node {node}");
                }
            }
        }
    }

    #[test]
    fn bitwise_shows_masks_and_heuristic_scores() {
        let s = start();
        let r = s.ok(
            "/api/trace",
            json!({"n": 5, "algorithm": "bitwise", "limit": 3}),
        );
        assert_eq!(r["truncated"], true);
        assert!(r.get("stats").is_none());
        let e = &r["events"][0];
        for (k, v) in [
            ("row", 0),
            ("cols", 0),
            ("diag", 0),
            ("anti", 0),
            ("mask", 31),
            ("free", 31),
        ] {
            assert_eq!(e[k], v, "{k}");
        }
        assert_eq!(e["event"], "masks");
        let e = &r["events"][1];
        assert_eq!(
            (&e["event"], &e["row"], &e["col"]),
            (&json!("place"), &json!(0), &json!(0))
        );
        assert!(e["says"]
            .as_str()
            .expect("says")
            .starts_with("p = free & -free = 10000"));
        let rows = &e["view"]["structure"]["rows"];
        assert_eq!(rows[0]["p"], 1);
        assert_eq!(rows[0]["free_bits"], "01111");
        assert_eq!(r["events"][2]["cols"], 1);
        assert_eq!(r["events"][2]["diag"], 2, "(ld | p) << 1, unmasked");
        let r = s.ok(
            "/api/trace",
            json!({"n": 5, "algorithm": "heuristic", "limit": 1}),
        );
        let e = &r["events"][0];
        assert_eq!(e["event"], "scores");
        assert_eq!(e["scores"].as_array().expect("scores").len(), 5);
        let r = s.ok(
            "/api/trace",
            json!({"n": 4, "algorithm": "recursive", "limit": 40}),
        );
        let reject = r["events"]
            .as_array()
            .expect("events")
            .iter()
            .find(|e| e["event"] == "reject")
            .expect("a rejection");
        assert!(reject["by"].is_array());
        assert!(reject["attack"].is_string());
    }

    /// `"bits": "lsb-right"` writes the masks as `nqueens trace --bits
    /// lsb-right` and seed 004 do; the tutorial's never-masked ld and the
    /// order come with them.
    #[test]
    fn bits_in_the_tutorials_order() {
        let s = start();
        let page = |bits: &str| {
            s.ok(
                "/api/trace",
                json!({"n": 4, "algorithm": "bitwise", "bits": bits, "limit": 200}),
            )
        };
        let (right, left) = (page("lsb-right"), page("lsb-left"));
        // Seed 004's second walk-through: row 3 after (0, 1), (1, 3), (2, 0).
        let row3 = |r: &Value| {
            r["events"]
                .as_array()
                .expect("events")
                .iter()
                .find(|e| e["event"] == "masks" && e["row"] == 3 && e["view"]["board"][2] == 0)
                .expect("row 3 of the second walk-through")
                .clone()
        };
        let (r, l) = (row3(&right), row3(&left));
        let masks = &r["view"]["structure"];
        assert_eq!(masks["lsb_right"], true);
        assert_eq!(masks["rows"][3]["ld_tutorial_bits"], "110010");
        assert_eq!(masks["rows"][3]["ld_bits"], "10010");
        assert_eq!(masks["rows"][3]["cols_bits"], "1011");
        let text = r["view"]["text"].to_string();
        assert!(text.contains("tutorial's ld 11|0010"), "{text}");
        assert_eq!(l["view"]["structure"]["lsb_right"], false);
        assert_eq!(
            l["view"]["structure"]["rows"][3]["ld_tutorial_bits"],
            "010011"
        );
        // The same steps either way, the same numbers.
        assert_eq!(r["step"], l["step"]);
        assert_eq!(r["diag"], l["diag"]);
        s.post(
            "/api/trace",
            json!({"n": 4, "algorithm": "bitwise", "bits": "msb"}),
        )
        .assert_error(400, "invalid", "\"lsb-right\"");
        s.post(
            "/api/trace",
            json!({"n": 4, "algorithm": "stack", "bits": "lsb-right"}),
        )
        .assert_error(400, "invalid", "stack has none");
    }

    /// The replay up to `offset` runs under the request's deadline: an
    /// offset too far to reach in time is a 503 that says so, on time.
    #[test]
    fn an_offset_not_reached_in_time_is_a_time_limit() {
        let s = start_with(Limits {
            trace_steps: 1 << 40,
            request_seconds: 0.2,
            ..Limits::default()
        });
        let start = Instant::now();
        s.post(
            "/api/trace",
            json!({"n": 20, "algorithm": "bitwise", "offset": 500_000_000_u64, "limit": 5}),
        )
        .assert_error(503, "time_limit", "did not reach step 500000001");
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "{:?}",
            start.elapsed()
        );
        // A page in reach comes back, numbered from its offset.
        let r = s.ok(
            "/api/trace",
            json!({"n": 6, "algorithm": "recursive", "offset": 10, "limit": 2}),
        );
        assert_eq!(r["offset"], 10);
        assert_eq!(r["events"][0]["step"], 11);
        assert_eq!(r["events"][1]["step"], 12);
        assert_eq!((&r["more"], &r["next_offset"]), (&json!(true), &json!(12)));
    }

    #[test]
    fn refuses_what_it_cannot_trace() {
        let s = start();
        s.post("/api/trace", json!({"n": 6}))
            .assert_error(400, "invalid", "needs an algorithm");
        s.post("/api/trace", json!({"n": 6, "algorithm": "magic"}))
            .assert_error(400, "invalid", "no algorithm called 'magic'");
        s.post("/api/trace", json!({"n": 21, "algorithm": "bitwise"}))
            .assert_error(422, "over_limit", "at most 20");
        // bfs takes n up to 14 (its frontier's bound): 15 is over the limit
        // (it said 16, and refused 15 and 16 as invalid).
        for n in [15, 17] {
            s.post("/api/trace", json!({"n": n, "algorithm": "bfs"}))
                .assert_error(422, "over_limit", "at most 14");
        }
        s.post("/api/solve", json!({"n": 15, "algorithm": "bfs"}))
            .assert_error(422, "over_limit", "at most 14");
        s.post(
            "/api/trace",
            json!({"n": 6, "algorithm": "bitwise", "limit": 20001}),
        )
        .assert_error(422, "over_limit", "from 1 to 20000");
        s.post(
            "/api/trace",
            json!({"n": 6, "algorithm": "bitwise", "limit": 0}),
        )
        .assert_error(400, "invalid", "from 1 to 20000");
    }
}

mod render {
    use super::*;

    /// Each attacking pair is a line to find and draw: a board of queens
    /// that makes more than 5,000 is refused at once (3,000 queens on 100×100
    /// took minutes to draw), and one just under is drawn.
    #[test]
    fn too_many_attacking_pairs_are_refused_before_drawing() {
        let s = start();
        let rows = |k: usize| -> Vec<[usize; 2]> {
            (0..k).flat_map(|r| (0..100).map(move |c| [r, c])).collect()
        };
        let start = Instant::now();
        s.post("/api/render", json!({"n": 100, "queens": rows(30)}))
            .assert_error(422, "over_limit", "at most 5000");
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        // One full row: 4,950 pairs.
        let r = s.post("/api/render", json!({"n": 100, "queens": rows(1)}));
        assert_eq!(r.status, 200);
        assert!(r.body.starts_with(b"<svg") || r.body.starts_with(b"<?xml"));
        // As a PNG with large squares, a hundred queens on a diagonal (4,950
        // lines, each the board's length at most) are drawn within the
        // time limit (each line filled its whole box, for minutes).
        let diagonal: Vec<usize> = (0..100).collect();
        let start = Instant::now();
        let r = s.post(
            "/api/render",
            json!({"columns": diagonal, "format": "png", "square": 40}),
        );
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        assert_eq!(&r.body[..8], b"\x89PNG\r\n\x1a\n");
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn draws_svg_and_png() {
        let s = start();
        let r = s.post("/api/render", json!({"columns": [1, 3, 0, 2]}));
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some("image/svg+xml"));
        assert_eq!(
            r.header("content-disposition"),
            Some("attachment; filename=\"nqueens-4.svg\"")
        );
        let svg = String::from_utf8(r.body.clone()).expect("text");
        assert!(svg.starts_with("<svg") && svg.contains("4×4 board with 4 queens"));
        // Conflicts in red and blocked squares marked.
        let r = s.post(
            "/api/render",
            json!({"n": 4, "queens": [[0, 0], [1, 1]], "blocked": [[3, 2]]}),
        );
        let svg = String::from_utf8(r.body).expect("text");
        assert!(
            svg.contains("<g class=\"blocked\""),
            "blocked squares are drawn"
        );
        assert!(svg.contains("<line"), "the conflict's line is drawn");
        // Attacked squares are shaded unless "shade" is false (one queen on
        // a 4×4 board attacks 9 squares).
        for (shade, attacked) in [(None, true), (Some(true), true), (Some(false), false)] {
            let mut body = json!({"n": 4, "queens": [[0, 0]]});
            if let Some(shade) = shade {
                body["shade"] = json!(shade);
            }
            let svg = String::from_utf8(s.post("/api/render", body).body).expect("text");
            assert_eq!(svg.contains("<g class=\"attacked\""), attacked, "{shade:?}");
        }
        let r = s.post(
            "/api/render",
            json!({"columns": [1, 3, 0, 2], "format": "png", "square": 10}),
        );
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some("image/png"));
        assert_eq!(&r.body[..8], b"\x89PNG\r\n\x1a\n");
    }

    /// The limits hold their ends: squares of 200 pixels (the most, "from
    /// 1 to 200") are drawn, and so is a board of exactly 5,000 attacking
    /// pairs ("at most 5000").
    #[test]
    fn draws_at_the_limits() {
        let s = start();
        let r = s.post(
            "/api/render",
            json!({"columns": [1, 3, 0, 2], "square": 200}),
        );
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        assert_eq!(r.header("content-type"), Some("image/svg+xml"));
        // A full first row (4,950 pairs), nine queens on the last row (36
        // pairs among them, one with the first row in each column: 45), and
        // five more, each sharing a column with the first row alone (5).
        let mut queens: Vec<[usize; 2]> = (0..100).map(|c| [0, c]).collect();
        queens.extend((10..19).map(|c| [99, c]));
        queens.extend([[98, 50], [97, 60], [96, 70], [95, 80], [94, 90]]);
        let squares = queens
            .iter()
            .map(|&[r, c]| nqueens::Square::new(r, c))
            .collect();
        let pairs = nqueens::Placement::new(100, squares)
            .unwrap()
            .conflict_count();
        assert_eq!(pairs, 5000);
        let r = s.post("/api/render", json!({"n": 100, "queens": queens}));
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        queens.push([93, 99]); // two more pairs, with [0, 99] and [0, 6]
        s.post("/api/render", json!({"n": 100, "queens": queens}))
            .assert_error(422, "over_limit", "at most 5000");
    }

    #[test]
    fn refuses_what_it_cannot_draw() {
        let s = start();
        s.post("/api/render", json!({"n": 101}))
            .assert_error(422, "over_limit", "at most 100");
        s.post("/api/render", json!({"n": 4, "square": 0}))
            .assert_error(400, "invalid", "from 1 to 200");
        s.post("/api/render", json!({"n": 4, "square": 201}))
            .assert_error(422, "over_limit", "from 1 to 200");
        // Too many pixels for a PNG is a limit too (it was a 400 "invalid"),
        // and the default squares of the largest board fit.
        s.post(
            "/api/render",
            json!({"n": 100, "format": "png", "square": 50}),
        )
        .assert_error(422, "over_limit", "too large for a PNG");
        let r = s.post("/api/render", json!({"n": 100, "format": "png"}));
        assert_eq!(r.status, 200);
        s.post("/api/render", json!({"n": 4, "format": "gif"}))
            .assert_error(400, "bad_json", "unknown variant `gif`");
    }
}

mod count {
    use super::*;

    fn poll_until_finished(s: &Running, id: u64) -> Value {
        let start = Instant::now();
        loop {
            let v = s.get(&format!("/api/count/{id}")).json();
            if v["state"] != "running" {
                return v;
            }
            assert!(start.elapsed() < Duration::from_secs(120), "{v}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    #[test]
    fn a_job_counts_with_progress_and_matches_oeis() {
        let s = start();
        for n in [1, 2, 6, 10, 12] {
            let r = s.post("/api/count", json!({"n": n}));
            assert_eq!(r.status, 202);
            let started = r.json();
            let id = started["id"].as_u64().expect("an id");
            assert_eq!(
                r.header("location"),
                Some(format!("/api/count/{id}").as_str())
            );
            let done = poll_until_finished(&s, id);
            assert_eq!(done["state"], "done", "{done}");
            assert_eq!(
                done["total"],
                nqueens::known_total(n).expect("known") as u64
            );
            assert_eq!(
                done["unique"],
                nqueens::known_unique(n).expect("known") as u64
            );
            assert_eq!(done["matches_oeis"], true);
            assert_eq!(done["fraction"], 1.0);
            assert_eq!(done["solutions_so_far"], done["total"]);
            assert!(done["message"]
                .as_str()
                .expect("message")
                .contains("engine"));
        }
        let r = s.post("/api/count", json!({"n": 8, "unique": false}));
        let done = poll_until_finished(&s, r.json()["id"].as_u64().expect("an id"));
        assert_eq!(done["total"], 92);
        assert!(done.get("unique").is_none());
        let list = s.get("/api/count").json();
        assert_eq!(list["jobs"].as_array().expect("jobs").len(), 6);
    }

    /// A job's reply carries the library's rough projection of its count
    /// (the engine's cost model on the job's threads and memory), as JSON
    /// and in the words of `nqueens count --dry-run`.
    #[test]
    fn a_job_says_what_the_library_projects() {
        let limits = Limits {
            job_threads: 3,
            ..Limits::default()
        };
        let stacks = 3 * nqueens_web::limits::THREAD_STACK;
        let memory = Some(limits.job_memory - stacks);
        let s = start_with(limits);
        for (n, engine) in [(10, "constellation"), (16, "join")] {
            let started = s.post("/api/count", json!({"n": n})).json();
            let done = poll_until_finished(&s, started["id"].as_u64().expect("an id"));
            let chosen = nqueens::auto_engine(n, 3, memory);
            assert_eq!(chosen.name(), engine);
            let plan = chosen.plan_within(n, 3, memory).expect("a plan");
            let expected = nqueens::Projection::rough(chosen, plan.as_ref(), 3, memory, Some(3));
            // Through the same JSON writer and reader as the reply.
            let as_json: Value =
                serde_json::from_str(&serde_json::to_string(&expected).expect("JSON"))
                    .expect("JSON");
            for reply in [&started, &done] {
                assert_eq!(reply["projection"], as_json, "{reply}");
                assert_eq!(reply["projection_text"], expected.lines().join("\n"));
            }
            assert_eq!(
                done["projection"]["projected_cpu_seconds"].as_f64(),
                Some(chosen.rough_cpu_seconds(n))
            );
            let text = done["projection_text"].as_str().expect("text");
            assert!(
                text.contains("CPU time: roughly ") && text.contains(" on 3 cores"),
                "{text}"
            );
        }
    }

    #[test]
    fn cancel_stops_the_job_and_its_threads() {
        let s = start();
        let id = s.post("/api/count", json!({"n": 18})).json()["id"]
            .as_u64()
            .expect("an id");
        std::thread::sleep(Duration::from_millis(100));
        let r = s.request("DELETE", &format!("/api/count/{id}"), b"");
        assert_eq!(r.status, 200);
        let v = r.json();
        // The reply comes once the threads are done: no longer running.
        assert_eq!(v["state"], "cancelled", "{v}");
        assert!(v["tasks_done"].as_u64() < v["tasks"].as_u64());
        assert_eq!(s.get("/api/info").json()["jobs_running"], 0);
    }

    /// A task of n = 26 takes seconds, and its task 0 (P(26)) minutes: a
    /// cancel still ends the job within a second, and says so. (The stop
    /// flag was once read only between tasks.)
    #[test]
    fn cancel_stops_a_long_task_under_way() {
        let s = start_with(Limits {
            count_max: 26,
            job_threads: 2,
            ..Limits::default()
        });
        let r = s.post("/api/count", json!({"n": 26}));
        assert_eq!(r.status, 202, "{}", r.json());
        let id = r.json()["id"].as_u64().expect("an id");
        std::thread::sleep(Duration::from_millis(1500));
        let sent = Instant::now();
        let r = s.request("DELETE", &format!("/api/count/{id}"), b"");
        assert_eq!(r.status, 200);
        let v = r.json();
        assert_eq!(v["state"], "cancelled", "{v}");
        assert!(
            sent.elapsed() < Duration::from_secs(1),
            "{:?}",
            sent.elapsed()
        );
        assert_eq!(s.get("/api/info").json()["jobs_running"], 0);
    }

    /// Each job is charged its engine's memory and its threads' stacks
    /// against the server's budget; one that does not fit is refused before
    /// it starts, so that `serve -j 4096` cannot take the server down.
    #[test]
    fn jobs_are_held_to_a_memory_and_thread_budget() {
        let s = start_with(Limits {
            job_threads: 4096,
            ..Limits::default()
        });
        let r = s.post("/api/count", json!({"n": 18}));
        assert_eq!(r.status, 422, "{}", r.json());
        let message = r.json()["error"]["message"].as_str().unwrap().to_string();
        assert!(
            message.contains("on 4096 threads needs about")
                && message.contains("8.0 GiB of thread stacks")
                && message.contains("serve -j T"),
            "{message}"
        );
        assert_eq!(s.get("/api/info").json()["jobs_running"], 0);
        // Two jobs where the budget holds one: the second waits its turn.
        let s = start_with(Limits {
            job_threads: 2,
            job_memory: 30 << 20,
            ..Limits::default()
        });
        let first = s.post("/api/count", json!({"n": 18}));
        assert_eq!(first.status, 202);
        assert!(first.json()["memory_bytes"].as_u64().unwrap() <= 30 << 20);
        let second = s.post("/api/count", json!({"n": 18}));
        assert_eq!(second.status, 429, "{}", second.json());
        let message = second.json()["error"]["message"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(message.contains("the running jobs hold"), "{message}");
        let id = first.json()["id"].as_u64().unwrap();
        s.request("DELETE", &format!("/api/count/{id}"), b"");
        assert_eq!(s.post("/api/count", json!({"n": 18})).status, 202);
    }

    /// A job is charged what its plan takes, and its plan is made within
    /// the job's share of the budget: three jobs of n = 22 under 1 GiB
    /// were charged 85 MB each (the leanest plan) and held 1.7 GB, as each
    /// plan took what was left.
    #[test]
    fn a_job_is_charged_what_its_plan_takes() {
        let budget: u64 = 256 << 20;
        let s = start_with(Limits {
            jobs: 4,
            job_threads: 1,
            job_memory: budget,
            count_max: 20,
            ..Limits::default()
        });
        let mut charged = 0;
        let mut ids = Vec::new();
        for _ in 0..4 {
            let r = s.post("/api/count", json!({"n": 20}));
            let v = r.json();
            assert_eq!(r.status, 202, "{v}");
            let memory = v["memory_bytes"].as_u64().unwrap();
            let plan = v["projection"]["memory_bytes"].as_u64().unwrap();
            assert!(
                memory >= plan + (2 << 20),
                "charged {memory}, the plan takes {plan}"
            );
            charged += memory;
            ids.push(v["id"].as_u64().unwrap());
        }
        assert!(charged <= budget, "{charged}");
        for id in ids {
            s.request("DELETE", &format!("/api/count/{id}"), b"");
        }
    }

    /// Two jobs asked for at once where one may run: the second is
    /// refused while the first's plan is made (outside the jobs' lock, so
    /// the place and memory it takes are held apart meanwhile).
    #[test]
    fn a_job_being_planned_holds_its_place() {
        let s = start_with(Limits {
            jobs: 1,
            count_max: 20,
            ..Limits::default()
        });
        let (a, b) = std::thread::scope(|scope| {
            let a = scope.spawn(|| s.post("/api/count", json!({"n": 20})));
            let b = scope.spawn(|| s.post("/api/count", json!({"n": 20})));
            (a.join().unwrap(), b.join().unwrap())
        });
        let mut statuses = [a.status, b.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [202, 429], "{} {}", a.json(), b.json());
        let started = if a.status == 202 { a } else { b };
        let id = started.json()["id"].as_u64().unwrap();
        // A cancel waits for no worker and comes back once the job stopped.
        assert_eq!(
            s.request("DELETE", &format!("/api/count/{id}"), b"").json()["state"],
            "cancelled"
        );
    }

    /// The memory of a job whose plan is being made is charged too: two
    /// jobs asked for at once, where the budget holds one and there is
    /// place for two, and the second is refused by memory while the
    /// first's plan is made (not counted, both ran, over the budget).
    #[test]
    fn a_job_being_planned_holds_its_memory() {
        let n = 22;
        let stacks = nqueens_web::limits::THREAD_STACK;
        let join = nqueens::auto_engine(n, 1, None);
        let lean = nqueens::auto_engine(n, 1, Some(join.memory(n, 1) / 2));
        assert_eq!((join.name(), lean.name()), ("join", "constellation"));
        // Room for the first job's leanest plan and stacks, and less than
        // the leanest engine's beside it.
        let budget = join.memory(n, 1) + stacks + lean.memory(n, 1);
        let s = start_with(Limits {
            jobs: 2,
            job_threads: 1,
            job_memory: budget,
            count_max: n,
            ..Limits::default()
        });
        let (a, b) = std::thread::scope(|scope| {
            let a = scope.spawn(|| s.post("/api/count", json!({"n": n})));
            let b = scope.spawn(|| s.post("/api/count", json!({"n": n})));
            (a.join().unwrap(), b.join().unwrap())
        });
        let (started, refused) = if a.status == 202 { (a, b) } else { (b, a) };
        assert_eq!(started.status, 202, "{}", started.json());
        refused.assert_error(429, "too_many_jobs", "the running jobs hold");
        let v = started.json();
        assert!(v["memory_bytes"].as_u64().unwrap() <= budget, "{v}");
        let id = v["id"].as_u64().unwrap();
        s.request("DELETE", &format!("/api/count/{id}"), b"");
        // Its memory given back, the next job fits.
        let r = s.post("/api/count", json!({"n": n}));
        assert_eq!(r.status, 202, "{}", r.json());
        let id = r.json()["id"].as_u64().unwrap();
        s.request("DELETE", &format!("/api/count/{id}"), b"");
    }

    /// Finished jobs are kept for their results, the newest 32 with the
    /// one starting: the 33rd job forgets the first, not the second.
    #[test]
    fn the_newest_finished_jobs_are_kept() {
        let s = start();
        let mut ids = Vec::new();
        for _ in 0..33 {
            let id = s.post("/api/count", json!({"n": 4})).json()["id"]
                .as_u64()
                .expect("an id");
            assert_eq!(poll_until_finished(&s, id)["total"], 2);
            ids.push(id);
        }
        s.get(&format!("/api/count/{}", ids[0]))
            .assert_error(404, "not_found", "no count job");
        for id in &ids[1..] {
            assert_eq!(s.get(&format!("/api/count/{id}")).status, 200, "job {id}");
        }
        let list = s.get("/api/count").json();
        assert_eq!(list["jobs"].as_array().expect("jobs").len(), 32);
    }

    #[test]
    fn an_abandoned_job_stops_by_itself() {
        let s = start_with(Limits {
            abandon_seconds: 0.3,
            ..Limits::default()
        });
        let id = s.post("/api/count", json!({"n": 18})).json()["id"]
            .as_u64()
            .expect("an id");
        let start = Instant::now();
        while s.get("/api/info").json()["jobs_running"] != 0 {
            assert!(start.elapsed() < Duration::from_secs(20), "still running");
            std::thread::sleep(Duration::from_millis(100));
        }
        let v = s.get(&format!("/api/count/{id}")).json();
        assert_eq!(v["state"], "abandoned", "{v}");
        assert!(v["message"]
            .as_str()
            .expect("message")
            .contains("nobody asked"));
    }

    #[test]
    fn jobs_are_limited_in_number_and_size() {
        let s = start_with(Limits {
            jobs: 1,
            ..Limits::default()
        });
        let id = s.post("/api/count", json!({"n": 18})).json()["id"]
            .as_u64()
            .expect("an id");
        s.post("/api/count", json!({"n": 8})).assert_error(
            429,
            "too_many_jobs",
            "DELETE /api/count/ID",
        );
        assert_eq!(
            s.request("DELETE", &format!("/api/count/{id}"), b"").json()["state"],
            "cancelled"
        );
        assert_eq!(s.post("/api/count", json!({"n": 8})).status, 202);
        s.post("/api/count", json!({"n": 19}))
            .assert_error(422, "over_limit", "at most 18");
        s.post("/api/count", json!({"n": 0}))
            .assert_error(400, "invalid", "at least 1");
        s.get("/api/count/99")
            .assert_error(404, "not_found", "no count job 99");
        s.get("/api/count/abc")
            .assert_error(404, "not_found", "no count job abc");
        s.request("DELETE", "/api/count/99", b"")
            .assert_error(404, "not_found", "POST /api/count");
    }

    #[test]
    fn stopping_the_server_stops_its_jobs() {
        let s = start();
        let id = s.post("/api/count", json!({"n": 18})).json()["id"]
            .as_u64()
            .expect("an id");
        assert_eq!(
            s.get(&format!("/api/count/{id}")).json()["state"],
            "running"
        );
        let start = Instant::now();
        drop(s); // joins the server's thread, which joins the job's
        assert!(start.elapsed() < Duration::from_secs(10));
    }
}

/// The hard shell: requests that start work, and every number in a request.
mod shell {
    use super::*;

    /// A POST with the given extra header lines (each ending in \r\n).
    fn post_with(s: &Running, path: &str, extra: &str, body: &str) -> Reply {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{extra}Content-Length: {}\r\n\r\n",
            s.addr,
            body.len()
        );
        s.exchange(&head, body.as_bytes())
    }

    #[test]
    fn work_needs_json_from_this_page() {
        let s = start_with(Limits {
            allowed_origins: vec!["http://localhost:3000".into()],
            ..Limits::default()
        });
        let body = r#"{"n": 8}"#;
        // What a page of another site can send without asking: text/plain.
        for extra in [
            "",
            "Content-Type: text/plain\r\n",
            "Content-Type: application/x-www-form-urlencoded\r\n",
        ] {
            post_with(&s, "/api/count", extra, body).assert_error(
                415,
                "unsupported_media_type",
                "Content-Type: application/json",
            );
        }
        let json = "Content-Type: application/json; charset=utf-8\r\n";
        assert_eq!(post_with(&s, "/api/solve", json, body).status, 200);
        // A POST where nothing takes one is answered as such, whatever its
        // type (it was 415 without application/json).
        for extra in ["", json] {
            post_with(&s, "/api/info", extra, body).assert_error(405, "method_not_allowed", "GET");
            post_with(&s, "/api/count/1", extra, body).assert_error(
                405,
                "method_not_allowed",
                "GET, DELETE",
            );
            post_with(&s, "/api/nope", extra, body).assert_error(404, "not_found", "nothing is at");
        }
        // Another site's page is refused, naming the flag that allows it.
        let foreign = format!("{json}Origin: http://evil.example\r\n");
        post_with(&s, "/api/count", &foreign, body).assert_error(
            403,
            "forbidden_origin",
            "--allow-origin http://evil.example",
        );
        // A page opened from a file sends "null", which no flag allows:
        // the refusal says so rather than naming a flag value it refuses.
        for origin in ["null", "file://"] {
            let r = post_with(
                &s,
                "/api/count",
                &format!("{json}Origin: {origin}\r\n"),
                body,
            );
            r.assert_error(403, "forbidden_origin", "not one opened from a file");
            let message = r.json()["error"]["message"].to_string();
            assert!(
                !message.contains(&format!("--allow-origin {origin}")),
                "{message}"
            );
        }
        // The server's own page, and an allowed origin, pass.
        let own = format!("{json}Origin: http://{}\r\n", s.addr);
        assert_eq!(post_with(&s, "/api/solve", &own, body).status, 200);
        let allowed = format!("{json}Origin: http://localhost:3000\r\n");
        assert_eq!(post_with(&s, "/api/solve", &allowed, body).status, 200);
        // A DELETE from another site is refused too; a GET needs nothing.
        let head = format!(
            "DELETE /api/count/1 HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\nConnection: close\r\n\r\n",
            s.addr
        );
        assert_eq!(s.exchange(&head, b"").status, 403);
        assert_eq!(s.get("/api/info").status, 200);
    }

    #[test]
    fn http_1_1_without_host_is_a_bad_request() {
        let s = start();
        let r = s.exchange("GET /api/info HTTP/1.1\r\nConnection: close\r\n\r\n", b"");
        r.assert_error(400, "missing_host", "Host header");
        // One there but not plain text is no name this server answers
        // (it was said to be missing).
        let r = s.exchange(
            "GET /api/info HTTP/1.1\r\nHost: caf\u{e9}\r\nConnection: close\r\n\r\n",
            b"",
        );
        r.assert_error(400, "bad_host", "the Host header is not text");
        // HTTP/1.0 may leave it out.
        let r = s.exchange("GET /api/info HTTP/1.0\r\n\r\n", b"");
        assert_eq!(r.status, 200);
    }

    /// Every number of every route, given as 0, -1, 2^64 - 1, 1e30, a
    /// fraction, an empty string and text: a 4xx whose message names it.
    #[test]
    fn every_number_is_checked_and_named() {
        let s = start();
        let routes: [(&str, Value, &[&str]); 6] = [
            ("/api/solve", json!({"n": 8}), &["n"]),
            (
                "/api/verify",
                json!({"n": 4, "columns": [1, 3, 0, 2]}),
                &["n"],
            ),
            (
                "/api/complete",
                json!({"n": 6, "mode": "page", "offset": 0, "limit": 2}),
                &["n", "offset", "limit"],
            ),
            (
                "/api/trace",
                json!({"n": 4, "algorithm": "bitwise", "limit": 50, "offset": 0}),
                &["n", "limit", "offset"],
            ),
            (
                "/api/render",
                json!({"n": 4, "columns": [1, 3, 0, 2], "square": 20}),
                &["n", "square"],
            ),
            ("/api/count", json!({"n": 8}), &["n"]),
        ];
        let bad = [
            json!(0),
            json!(-1),
            json!(18_446_744_073_709_551_615_u64),
            json!(1e30),
            json!(8.5),
            json!(""),
            json!("abc"),
        ];
        for (path, base, fields) in routes {
            assert!(s.post(path, base.clone()).status < 300, "{path} {base}");
            for field in fields {
                for value in &bad {
                    let mut body = base.clone();
                    body[*field] = value.clone();
                    let r = s.post(path, body.clone());
                    // 0 is a fine offset; any other of these is refused.
                    if *field == "offset" && *value == json!(0) {
                        assert_eq!(r.status, 200, "{path} {body}");
                        continue;
                    }
                    assert!(
                        (400..500).contains(&r.status),
                        "{path} {body}: {}",
                        r.status
                    );
                    let message = r.json()["error"]["message"]
                        .as_str()
                        .unwrap_or("")
                        .to_string();
                    let named = message.contains(&format!("\"{field}\""))
                        || message.contains(&format!("{field} "))
                        || message.contains(&format!("{field} ="));
                    assert!(named, "{path} {body}: {message}");
                }
            }
        }
        // Coordinates too: the path names the element.
        let r = s.post("/api/verify", json!({"n": 4, "queens": [[0, 1], [-1, 2]]}));
        r.assert_error(400, "bad_json", "\"queens[1][0]\"");
    }

    /// Arbitrary bodies to every route that takes one: a reply of 2xx or
    /// 4xx with a JSON error, never a 500 or a dropped connection.
    #[test]
    fn any_body_gets_an_answer() {
        use proptest::prelude::*;
        let s = start();
        let routes = [
            "/api/solve",
            "/api/verify",
            "/api/complete",
            "/api/trace",
            "/api/render",
            "/api/count",
        ];
        let body = prop_oneof![
            prop::collection::vec(any::<u8>(), 0..200),
            "\\{(\"(n|queens|columns|blocked|mode|offset|limit|algorithm|square|format|unique)\": ?(-?[0-9]{1,25}|\\[\\[[0-9],[0-9]\\]\\]|\"[a-z]{0,6}\"|null|true|1e30),? ?){0,4}\\}"
                .prop_map(String::into_bytes),
        ];
        let mut runner = proptest::test_runner::TestRunner::new(proptest::test_runner::Config {
            cases: 120,
            ..Default::default()
        });
        runner
            .run(&(0..routes.len(), body), |(route, body)| {
                let r = s.request("POST", routes[route], &body);
                prop_assert!(
                    r.status < 500 || r.status == 503,
                    "{} {:?}: {}",
                    routes[route],
                    String::from_utf8_lossy(&body),
                    r.status
                );
                if r.status >= 400 {
                    prop_assert!(r.json()["error"]["message"].is_string());
                }
                Ok(())
            })
            .unwrap();
    }

    /// The messages of the server's errors, pinned so that a change of
    /// wording is reviewed.
    #[test]
    fn error_messages() {
        let s = start();
        let cases: [(&str, &str); 18] = [
            ("/api/solve", ""),
            ("/api/solve", "[1]"),
            ("/api/solve", r#"{"n": 0}"#),
            ("/api/solve", r#"{"n": -1}"#),
            ("/api/solve", r#"{"n": 1e30}"#),
            ("/api/solve", r#"{"n": 8, "algoritm": "x"}"#),
            ("/api/solve", r#"{"n": 8, "algorithm": "magic"}"#),
            ("/api/verify", r#"{"n": 4, "queens": [[0, 0], [0, 0]]}"#),
            ("/api/verify", r#"{"n": 4, "queens": [[9, 0]]}"#),
            (
                "/api/complete",
                r#"{"n": 8, "mode": "page", "offset": 18446744073709551615}"#,
            ),
            ("/api/complete", r#"{"n": 8, "mode": "sideways"}"#),
            ("/api/trace", r#"{"n": 4}"#),
            (
                "/api/trace",
                r#"{"n": 8, "algorithm": "bitwise", "offset": 4000000}"#,
            ),
            (
                "/api/trace",
                r#"{"n": 14, "algorithm": "bitwise", "offset": 4000000}"#,
            ),
            (
                "/api/trace",
                r#"{"n": 4, "algorithm": "bitwise", "offset": 1000}"#,
            ),
            ("/api/solve", r#"{"n": 8, "n": 9}"#),
            ("/api/count", r#"{"n": 99}"#),
            (
                "/api/render",
                r#"{"columns": [1, 3, 0, 2], "square": 100000}"#,
            ),
        ];
        let mut transcript = String::new();
        for (path, body) in cases {
            let r = s.request("POST", path, body.as_bytes());
            let message = r.json()["error"]["message"]
                .as_str()
                .unwrap_or("")
                .to_string();
            transcript.push_str(&format!("POST {path} {body}\n{} {message}\n\n", r.status));
        }
        insta::assert_snapshot!("api_error_messages", transcript);
    }
}

/// The `curl` examples of the API's guide page (docs/api.md), run against a
/// server: each `$ curl` line is sent as it is written, and the reply shown
/// under it must be what the server answers. A reply may be shown abridged:
/// every key shown must be in the real reply with the value shown (arrays
/// in full, element by element), and keys left out are allowed; measured
/// times (`seconds`, and the time in a message) and a count job's threads
/// (this machine's cores) are not compared.
mod docs {
    use super::*;

    /// `shown` is `real` with keys left out, times aside.
    fn shown_in(shown: &Value, real: &Value, at: &str) -> Result<(), String> {
        match (shown, real) {
            (Value::Object(a), Value::Object(b)) => {
                for (key, value) in a {
                    let Some(there) = b.get(key) else {
                        return Err(format!("{at}.{key} is not in the reply"));
                    };
                    if key == "seconds" || (key == "threads" && there.is_u64()) {
                        if !there.is_number() {
                            return Err(format!("{at}.{key} is not a number: {there}"));
                        }
                        continue;
                    }
                    shown_in(value, there, &format!("{at}.{key}"))?;
                }
                Ok(())
            }
            (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
                .iter()
                .zip(b)
                .enumerate()
                .try_for_each(|(i, (x, y))| shown_in(x, y, &format!("{at}[{i}]"))),
            (Value::String(a), Value::String(b)) if steady(a) == steady(b) => Ok(()),
            _ if shown == real => Ok(()),
            _ => Err(format!("{at}: shown {shown}, but the server says {real}")),
        }
    }

    /// A message with its measured time (`0.003 s`) masked, and the
    /// threads of a count job, which are this machine's cores.
    fn steady(text: &str) -> String {
        let time = regex::Regex::new(r"\b\d+\.\d+ s\b").expect("a regex");
        let threads = regex::Regex::new(r"\b\d+ threads?\b").expect("a regex");
        let text = time.replace_all(text, "[duration]");
        threads.replace_all(&text, "[threads]").into_owned()
    }

    /// The method, path and body of a `$ curl -s localhost:8080/PATH
    /// [--json 'BODY'] [-X METHOD]` line.
    fn request_of(line: &str) -> Option<(String, String, Option<String>)> {
        let rest = line.strip_prefix("$ curl ")?;
        let at = rest.find("localhost:8080")?;
        let path: String = rest[at + "localhost:8080".len()..]
            .chars()
            .take_while(|c| !c.is_whitespace())
            .collect();
        let body = rest.find("--json '").map(|i| {
            let from = i + "--json '".len();
            let len = rest[from..].find('\'').expect("a closing quote");
            rest[from..from + len].to_string()
        });
        let method = if rest.contains("-X DELETE") {
            "DELETE"
        } else if body.is_some() {
            "POST"
        } else {
            "GET"
        };
        Some((method.to_string(), path, body))
    }

    #[test]
    fn the_guide_examples_are_what_the_server_answers() {
        let page =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/api.md"))
                .expect("docs/api.md");
        let s = start();
        let lines: Vec<&str> = page.lines().collect();
        let mut checked = 0;
        for (i, line) in lines.iter().enumerate() {
            let Some((method, path, body)) = request_of(line) else {
                continue;
            };
            let reply = s.request(&method, &path, body.as_deref().unwrap_or("").as_bytes());
            let next = lines.get(i + 1).copied().unwrap_or("");
            if line.contains("| grep -i '^location'") {
                let want = next.strip_prefix("location: ").expect("the location shown");
                assert_eq!(reply.header("location"), Some(want), "{line}");
                // The job shown next is this one: let it finish.
                let id = want.rsplit('/').next().expect("an id");
                for _ in 0..500 {
                    if s.get(&format!("/api/count/{id}")).json()["state"] == "done" {
                        break;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                checked += 1;
                continue;
            }
            if !next.starts_with('{') {
                // No reply shown (a download, or a reply not shown).
                assert!(reply.status < 300, "{line}: {}", reply.status);
                continue;
            }
            let shown: Value = serde_json::from_str(next)
                .unwrap_or_else(|e| panic!("the reply shown under {line} is not JSON: {e}"));
            if let Err(e) = shown_in(&shown, &reply.json(), "") {
                panic!("{line}\n{e}");
            }
            checked += 1;
        }
        assert!(checked >= 8, "{checked} examples checked");
    }
}
