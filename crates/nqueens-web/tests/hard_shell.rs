//! The server against hostile clients, over real sockets on 127.0.0.1: host
//! names that are not its own (DNS rebinding), requests with two `Host`
//! headers or JSON keys given twice, replies over the cap, and clients that
//! ask for the largest replies and never read them.
//!
//! These tests run in a binary of their own, so that the peak memory they
//! read (`VmHWM` of this process, where the servers run) is theirs.

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

/// Starts a server on `ip`, port 0; it is reached at 127.0.0.1.
fn start_on(ip: &str, limits: Limits) -> Running {
    let server = Server::bind((ip, 0), limits).expect("bind a free port");
    let addr = SocketAddr::from(([127, 0, 0, 1], server.addr().port()));
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let thread = std::thread::spawn(move || server.run(&flag).expect("the server runs"));
    Running {
        addr,
        stop,
        thread: Some(thread),
    }
}

/// One reply.
#[derive(Debug)]
struct Reply {
    status: u16,
    body: Vec<u8>,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body[..self.body.len().min(2000)])
            )
        })
    }

    /// Asserts an error reply: its status, its code, and words of its message.
    fn assert_error(&self, status: u16, code: &str, words: &str) -> String {
        let v = self.json();
        assert_eq!(self.status, status, "{v}");
        assert_eq!(v["error"]["code"], code, "{v}");
        let message = v["error"]["message"].as_str().expect("a message");
        assert!(message.contains(words), "{message:?} lacks {words:?}");
        message.to_string()
    }
}

impl Running {
    /// Sends `head` (request line and headers, without the blank line)
    /// and `body`, and reads the reply.
    fn exchange(&self, head: &str, body: &[u8]) -> Reply {
        let mut stream = TcpStream::connect(self.addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        let head = format!(
            "{head}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).expect("send");
        stream.write_all(body).expect("send");
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).expect("read");
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a header block");
        let status = String::from_utf8_lossy(&raw[..split])
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status line");
        Reply {
            status,
            body: raw[split + 4..].to_vec(),
        }
    }

    /// A request naming `host`, with `extra` header lines (each ending in
    /// `\r\n`).
    fn request_as(&self, host: &str, method: &str, path: &str, extra: &str, body: &str) -> Reply {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Type: application/json"
        );
        self.exchange(&head, body.as_bytes())
    }

    fn post_raw(&self, path: &str, body: &str) -> Reply {
        self.request_as(&self.addr.to_string(), "POST", path, "", body)
    }

    fn post(&self, path: &str, body: &Value) -> Reply {
        self.post_raw(path, &body.to_string())
    }

    fn ok(&self, path: &str, body: &Value) -> Value {
        let r = self.post(path, body);
        assert_eq!(
            r.status,
            200,
            "{path} {body}: {}",
            String::from_utf8_lossy(&r.body[..r.body.len().min(2000)])
        );
        r.json()
    }
}

mod hosts {
    use super::*;

    #[test]
    fn a_foreign_host_on_an_open_server_is_refused_before_any_work() {
        let s = start_on("0.0.0.0", Limits::default());
        let port = s.addr.port();
        // What a page of evil.example sends once its name points here.
        let evil = format!("evil.example:{port}");
        let origin = format!("Origin: http://{evil}\r\n");
        s.request_as(&evil, "POST", "/api/count", &origin, r#"{"n": 8}"#)
            .assert_error(403, "forbidden_host", "--allow-host evil.example");
        s.request_as(&evil, "GET", "/api/info", "", "")
            .assert_error(403, "forbidden_host", "evil.example");
        // No job was started.
        let jobs = s.request_as(&s.addr.to_string(), "GET", "/api/count", "", "");
        assert_eq!(jobs.status, 200);
        assert_eq!(jobs.json()["jobs"], json!([]), "{}", jobs.json());
        // The server's own addresses, any of them on an open server.
        for host in [
            s.addr.to_string(),
            format!("localhost:{port}"),
            format!("10.1.2.3:{port}"),
            format!("[::1]:{port}"),
        ] {
            let own = format!("Origin: http://{host}\r\n");
            let r = s.request_as(&host, "POST", "/api/solve", &own, r#"{"n": 8}"#);
            assert_eq!(r.status, 200, "{host}: {}", r.json());
        }
        // A target in absolute form names the host too.
        let head = format!(
            "GET http://evil.example:{port}/api/info HTTP/1.1\r\nHost: {}",
            s.addr
        );
        s.exchange(&head, b"")
            .assert_error(403, "forbidden_host", "evil.example");
    }

    #[test]
    fn two_host_headers_are_a_bad_request() {
        let s = start_on("127.0.0.1", Limits::default());
        for hosts in [
            format!("Host: {}\r\nHost: evil.example", s.addr),
            format!("Host: {}\r\nHost: {}", s.addr, s.addr),
        ] {
            let head = format!("GET /api/info HTTP/1.1\r\n{hosts}");
            s.exchange(&head, b"")
                .assert_error(400, "two_hosts", "one Host header");
        }
    }

    #[test]
    fn allow_host_admits_its_name_and_no_other() {
        let s = start_on(
            "0.0.0.0",
            Limits {
                allowed_hosts: vec!["nqueens.test".into()],
                ..Limits::default()
            },
        );
        let port = s.addr.port();
        for host in [format!("nqueens.test:{port}"), "NQueens.Test".to_string()] {
            let origin = format!("Origin: http://{host}\r\n");
            let r = s.request_as(&host, "POST", "/api/solve", &origin, r#"{"n": 6}"#);
            assert_eq!(r.status, 200, "{host}: {}", r.json());
            assert_eq!(r.json()["columns"], json!([1, 3, 5, 0, 2, 4]));
        }
        for host in ["other.test", "nqueens.test.evil.example", "test"] {
            s.request_as(host, "GET", "/api/info", "", "").assert_error(
                403,
                "forbidden_host",
                host,
            );
        }
    }
}

/// Every route that reads JSON refuses a body that gives a key twice, at
/// the top (the fields of the request and the flattened board) or inside.
#[test]
fn json_keys_given_twice_are_refused() {
    let s = start_on("127.0.0.1", Limits::default());
    for (path, body) in [
        ("/api/solve", r#"{"n": 8, "n": 1000}"#),
        (
            "/api/solve",
            r#"{"algorithm": "bitwise", "n": 6, "algorithm": "bfs"}"#,
        ),
        (
            "/api/verify",
            r#"{"n": 4, "columns": [1, 3, 0, 2], "columns": [0, 0, 0, 0]}"#,
        ),
        (
            "/api/complete",
            r#"{"n": 6, "mode": "page", "mode": "count"}"#,
        ),
        (
            "/api/complete",
            r#"{"n": 6, "queens": [[0, 1]], "queens": []}"#,
        ),
        (
            "/api/trace",
            r#"{"n": 5, "algorithm": "bitwise", "limit": 1, "limit": 2}"#,
        ),
        (
            "/api/trace",
            r#"{"n": 5, "algorithm": "bitwise", "offset": 0, "offset": 3}"#,
        ),
        (
            "/api/render",
            r#"{"columns": [1, 3, 0, 2], "format": "png", "format": "svg"}"#,
        ),
        ("/api/count", r#"{"n": 8, "n": 9}"#),
    ] {
        let r = s.post_raw(path, body);
        r.assert_error(400, "bad_json", "is given twice");
    }
    // No count job was started.
    let jobs = s.request_as(&s.addr.to_string(), "GET", "/api/count", "", "");
    assert_eq!(jobs.json()["jobs"], json!([]));
    // The same key in two objects is no repeat.
    assert_eq!(
        s.post_raw("/api/solve", r#"{"n": 8}"#).status,
        200,
        "a plain body"
    );
}

mod replies {
    use super::*;

    /// The number in `… "limit": K …` of a message.
    fn limit_in(message: &str) -> usize {
        let (_, rest) = message
            .split_once("at most \"limit\": ")
            .unwrap_or_else(|| panic!("no limit in {message:?}"));
        rest.split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|d| d.parse().ok())
            .unwrap_or_else(|| panic!("no number in {message:?}"))
    }

    #[test]
    fn a_trace_over_the_cap_is_refused_naming_the_cap_and_how_to_page() {
        let s = start_on("127.0.0.1", Limits::default());
        let cap = nqueens_web::limits::REPLY_BYTES;
        // The request of issue 35: 126 MB of reply before.
        let big = json!({"n": 20, "algorithm": "bitwise", "limit": 20000});
        let start = Instant::now();
        let message = s.post("/api/trace", &big).assert_error(
            422,
            "reply_too_large",
            "8388608 bytes (8 MiB)",
        );
        assert!(message.contains("\"offset\""), "{message}");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
        // The number of steps it names fits, and one more does not.
        let fits = limit_in(&message);
        assert!(fits > 100 && fits < 20000, "{fits}");
        let ask = |limit: usize, offset: usize| {
            s.post(
                "/api/trace",
                &json!({"n": 20, "algorithm": "bitwise", "limit": limit, "offset": offset}),
            )
        };
        let r = ask(fits, 0);
        assert_eq!(r.status, 200);
        assert!(
            r.body.len() <= cap && r.body.len() > cap / 2,
            "{}",
            r.body.len()
        );
        let v = r.json();
        assert_eq!(v["events"].as_array().expect("events").len(), fits);
        assert_eq!((&v["more"], &v["truncated"]), (&json!(true), &json!(true)));
        assert_eq!(v["next_offset"], fits);
        ask(fits + 1, 0).assert_error(422, "reply_too_large", "8 MiB");
        // Without a limit: as many as fit, and where the next page starts.
        let r = s.post("/api/trace", &json!({"n": 20, "algorithm": "bitwise"}));
        assert_eq!(r.status, 200);
        assert!(r.body.len() <= cap);
        let v = r.json();
        let got = v["events"].as_array().expect("events").len();
        assert_eq!(v["next_offset"], got);
        // A page further on starts where it says.
        let v = ask(3, 12_345).json();
        let steps: Vec<&Value> = v["events"]
            .as_array()
            .expect("events")
            .iter()
            .map(|e| &e["step"])
            .collect();
        assert_eq!(steps, [12_346, 12_347, 12_348]);
        assert_eq!(v["next_offset"], 12_348);
        // Past the furthest step the server traces, or past the end: on a
        // server that traces fewer steps, so that the replay up to there
        // (0.5 µs a step, 4,000,000 by default) is quick on a busy machine
        // too (its 5 s per request ran out once).
        let reach = 200_000;
        let near = start_on(
            "127.0.0.1",
            Limits {
                trace_steps: reach,
                ..Limits::default()
            },
        );
        let ask_near = |limit: usize, offset: usize| {
            near.post(
                "/api/trace",
                &json!({"n": 20, "algorithm": "bitwise", "limit": limit, "offset": offset}),
            )
        };
        ask_near(10, reach - 5).assert_error(422, "over_limit", "at most \"limit\": 5");
        let r = ask_near(1, reach);
        r.assert_error(422, "over_limit", "up to step 200000");
        assert_eq!(r.json()["error"]["steps"], reach);
        s.post(
            "/api/trace",
            &json!({"n": 4, "algorithm": "bitwise", "offset": 100_000}),
        )
        .assert_error(400, "invalid", "\"offset\" must be less");
        // A search that ends before the furthest step: an offset past that
        // step is refused with the search's own number of steps (it said
        // the server's furthest step), and a page that asks past it gets
        // the steps there are.
        let stack = |offset: usize, limit: usize| {
            s.post(
                "/api/trace",
                &json!({"n": 8, "algorithm": "stack", "offset": offset, "limit": limit}),
            )
        };
        for offset in [reach, reach + 7, reach - 1] {
            let r = stack(offset, 5);
            r.assert_error(400, "invalid", "has 47567 steps");
            assert_eq!(r.json()["error"]["steps"], 47_567);
        }
        let last = stack(47_560, 20_000).json();
        assert_eq!(last["events"].as_array().expect("events").len(), 7);
        assert_eq!(last["more"], false);
    }

    /// Pages of `limit` steps (or, with `limit` 0, pages without one)
    /// from the start to the end, following `next_offset`.
    fn pages(s: &Running, n: usize, algorithm: &str, limit: usize) -> Vec<Value> {
        let mut out = Vec::new();
        let mut offset = 0;
        loop {
            let mut body = json!({"n": n, "algorithm": algorithm, "offset": offset});
            if limit > 0 {
                body["limit"] = json!(limit);
            }
            let page = s.ok("/api/trace", &body);
            assert_eq!(page["offset"], offset);
            let more = page["more"].as_bool().expect("more");
            assert_eq!(page["truncated"], more);
            let next = page["next_offset"].as_u64().map(|n| n as usize);
            out.push(page);
            match next {
                Some(next) if more => {
                    assert!(next > offset, "{algorithm}: {next} after {offset}");
                    offset = next;
                }
                _ => {
                    assert!(!more && next.is_none(), "{algorithm}");
                    return out;
                }
            }
            assert!(out.len() < 2000, "{algorithm}: too many pages");
        }
    }

    /// A page's tree nodes by id.
    fn tree_by_id(page: &Value) -> std::collections::BTreeMap<u64, &Value> {
        page["tree"]
            .as_array()
            .expect("tree")
            .iter()
            .map(|t| (t["id"].as_u64().expect("id"), t))
            .collect()
    }

    /// Every node a step of `events` stands on is in the page's tree `ids`,
    /// with its ancestors up to the root.
    fn assert_paths_in(
        ids: &std::collections::BTreeMap<u64, &Value>,
        events: &[Value],
        what: &str,
    ) {
        for e in events {
            let mut at = e["node"].as_u64();
            assert!(at.is_some(), "{what}: {e} stands on no node");
            while let Some(id) = at {
                let node = ids
                    .get(&id)
                    .unwrap_or_else(|| panic!("{what}: node {id} of {e} is not in the page"));
                at = node["parent"].as_u64();
            }
        }
    }

    /// Keeps the words of the steps from `from` on, up to `to`.
    struct Tail {
        replay: nqueens::Replay,
        from: u64,
        to: u64,
        says: Vec<(u64, String)>,
    }

    impl nqueens::Sink for Tail {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, event: &nqueens::Event<'_>) -> std::ops::ControlFlow<()> {
            if self.replay.steps() >= self.to {
                return std::ops::ControlFlow::Break(());
            }
            let step = self.replay.apply(event);
            if self.replay.steps() > self.from {
                self.says.push((self.replay.steps(), step.says));
            }
            std::ops::ControlFlow::Continue(())
        }
    }

    /// A page may end exactly at the server's furthest step, not past it.
    #[test]
    fn a_page_may_end_at_the_furthest_step() {
        let s = start_on(
            "127.0.0.1",
            Limits {
                trace_steps: 100,
                ..Limits::default()
            },
        );
        let ask = |limit: usize| {
            s.post(
                "/api/trace",
                &json!({"n": 8, "algorithm": "bitwise", "offset": 90, "limit": limit}),
            )
        };
        let page = ask(10).json();
        let steps: Vec<u64> = page["events"]
            .as_array()
            .expect("events")
            .iter()
            .map(|e| e["step"].as_u64().expect("step"))
            .collect();
        assert_eq!(steps, (91..=100).collect::<Vec<u64>>());
        ask(11).assert_error(422, "over_limit", "at most \"limit\": 10");
    }

    #[test]
    fn the_page_reaches_the_last_step_the_cli_prints() {
        // The server's reach is the CLI's: `nqueens trace` stops at
        // TRACE_STEPS unless told otherwise.
        let reach = Limits::default().trace_steps;
        assert_eq!(reach as u64, nqueens::TRACE_STEPS);
        // A generous deadline: the test binary runs beside others.
        let s = start_on(
            "127.0.0.1",
            Limits {
                request_seconds: 120.0,
                ..Limits::default()
            },
        );
        let start = Instant::now();
        let page = s.ok(
            "/api/trace",
            &json!({"n": 13, "algorithm": "bitwise", "offset": reach - 3}),
        );
        eprintln!("offset {} replayed in {:?}", reach - 3, start.elapsed());
        let events = page["events"].as_array().expect("events");
        let got: Vec<(u64, String)> = events
            .iter()
            .map(|e| {
                let step = e["step"].as_u64().expect("step");
                (step, e["says"].as_str().expect("says").to_string())
            })
            .collect();
        // The same steps as a replay of the library's events says them.
        let mut tail = Tail {
            replay: nqueens::Replay::new("bitwise", 13).with_tree_limit(1),
            from: reach as u64 - 3,
            to: reach as u64,
            says: Vec::new(),
        };
        nqueens::find_algorithm("bitwise")
            .expect("bitwise")
            .search(13, &mut tail)
            .expect("search");
        assert_eq!(got.len(), 3);
        assert_eq!(got, tail.says);
        assert_eq!(page["more"], true);
        assert!(page.get("next_offset").is_none(), "{}", page["next_offset"]);
        // Every node its steps stand on is in its tree, with its ancestors
        // up to the root.
        let ids = tree_by_id(&page);
        assert_paths_in(&ids, events, "bitwise");
        assert!(ids.contains_key(&0));
    }

    #[test]
    fn pages_join_into_the_whole_trace() {
        // A small cap, so that pages without a limit are cut by it too.
        let cap = 48 * 1024;
        let s = start_on(
            "127.0.0.1",
            Limits {
                reply_bytes: cap,
                ..Limits::default()
            },
        );
        let whole_server = start_on("127.0.0.1", Limits::default());
        for algorithm in ["bitwise", "recursive", "stack", "bfs", "dancing-links"] {
            let n = 5;
            let whole = whole_server.ok(
                "/api/trace",
                &json!({"n": n, "algorithm": algorithm, "limit": 20000}),
            );
            assert_eq!(whole["more"], false);
            let events = whole["events"].as_array().expect("events");
            let tree = whole["tree"].as_array().expect("tree");
            for limit in [7, 0] {
                let pages = pages(&s, n, algorithm, limit);
                assert!(pages.len() > 1, "{algorithm} {limit}: one page");
                let mut joined = Vec::new();
                let mut nodes = std::collections::BTreeMap::new();
                // The node the search stands on before a page's first step.
                let mut before = 0;
                for page in &pages {
                    let these = page["events"].as_array().expect("events");
                    assert!(!these.is_empty());
                    if limit > 0 {
                        assert!(these.len() <= limit);
                    }
                    // Every node a step stands on is in its page's tree,
                    // with its parents.
                    let ids = tree_by_id(page);
                    assert_paths_in(&ids, these, algorithm);
                    // And nothing else: the nodes made by its steps, those
                    // its steps stand on or leave, and their ancestors.
                    let first = page["offset"].as_u64().expect("offset");
                    let last = first + these.len() as u64;
                    let mut wanted = std::collections::BTreeSet::new();
                    let made = ids.values().filter(|t| {
                        let step = t["step"].as_u64().expect("step");
                        step > first && step <= last
                    });
                    let stood = these.iter().filter_map(|e| e["node"].as_u64());
                    // (The node left is sent with its ancestors: a board,
                    // whose mark may change when it is left, or a bfs
                    // solution, stood on for its step; the server keeps no
                    // rejected square from an earlier page.)
                    let board = |id: &u64| {
                        matches!(
                            tree[*id as usize]["mark"].as_str(),
                            Some("queen" | "dead_end" | "solution")
                        )
                    };
                    let left = Some(before).filter(board);
                    for id in made
                        .filter_map(|t| t["id"].as_u64())
                        .chain(stood)
                        .chain(left)
                    {
                        let mut at = Some(id);
                        while let Some(id) = at.filter(|id| wanted.insert(*id)) {
                            at = ids.get(&id).unwrap_or_else(|| {
                                panic!(
                                    "{algorithm} {limit} from {first}: node {id} ({}) not sent",
                                    tree[id as usize]
                                )
                            })["parent"]
                                .as_u64();
                        }
                    }
                    // (A finished board left, a solution, may come too.)
                    let sent: std::collections::BTreeSet<_> = ids.keys().copied().collect();
                    let extra: Vec<_> = sent.difference(&wanted).collect();
                    assert!(
                        sent.is_superset(&wanted) && extra.iter().all(|&&id| id == before),
                        "{algorithm} {limit}: the tree of the page from {first}: {sent:?}, wanted {wanted:?}"
                    );
                    for (id, node) in ids {
                        nodes.insert(id, node.clone());
                    }
                    before = these
                        .last()
                        .and_then(|e| e["node"].as_u64())
                        .expect("a node");
                    joined.extend(these.iter().cloned());
                }
                assert_eq!(joined.len(), events.len(), "{algorithm} {limit}");
                for (i, (a, b)) in joined.iter().zip(events).enumerate() {
                    assert_eq!(a, b, "{algorithm} {limit}: step {}", i + 1);
                }
                // The nodes, each from the last page that sent it, are the
                // whole tree's, marks too (an earlier page may send a queen
                // that a later one sends again as a dead end).
                assert_eq!(nodes.len(), tree.len(), "{algorithm} {limit}");
                for (node, whole) in nodes.values().zip(tree) {
                    for key in ["id", "parent", "row", "col", "depth", "step", "mark"] {
                        assert_eq!(node[key], whole[key], "{algorithm}: {node} {whole}");
                    }
                }
                let last = pages.last().expect("a page");
                assert_eq!(last["stats"], whole["stats"], "{algorithm}");
            }
        }
    }
}

/// The peak resident memory of this process, in bytes (Linux).
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// 32 clients that each ask for the largest reply (or the 126 MB one of
/// issue 35) and never read: the server stays under 512 MB and answers
/// `/api/solve` within a second all along.
#[test]
fn clients_that_never_read_leave_the_server_answering() {
    let s = start_on("127.0.0.1", Limits::default());
    let reach = Limits::default().trace_steps;
    // The largest reply this server gives: as many steps as fit, as far
    // into the search as it goes (the replay to get there held as well).
    let largest = json!({"n": 20, "algorithm": "bitwise", "offset": reach - 2000});
    let r = s.post("/api/trace", &largest);
    assert_eq!(r.status, 200);
    assert!(
        r.body.len() > nqueens_web::limits::REPLY_BYTES / 2,
        "{}",
        r.body.len()
    );
    let issue = json!({"n": 20, "algorithm": "bitwise", "limit": 20000});
    let mut hostile = Vec::new();
    let start = Instant::now();
    for i in 0..32 {
        let body = if i % 2 == 0 { &largest } else { &issue }.to_string();
        let mut stream = TcpStream::connect(s.addr).expect("connect");
        let head = format!(
            "POST /api/trace HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            s.addr,
            body.len()
        );
        stream.write_all(head.as_bytes()).expect("send");
        stream.write_all(body.as_bytes()).expect("send");
        hostile.push(stream);
    }
    // While they wait, the light routes answer at once.
    let mut slowest = Duration::ZERO;
    let mut asked = 0;
    while start.elapsed() < Duration::from_secs(6) && asked < 30 {
        let t = Instant::now();
        let v = s.ok("/api/solve", &json!({"n": 8}));
        slowest = slowest.max(t.elapsed());
        assert_eq!(v["columns"], json!([0, 4, 7, 5, 2, 6, 1, 3]));
        asked += 1;
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(asked >= 10, "{asked} answers in 6 s");
    assert!(
        slowest < Duration::from_secs(1),
        "/api/solve took {slowest:?}"
    );
    if let Some(peak) = peak_rss() {
        eprintln!("peak RSS {} MB, slowest /api/solve {slowest:?}", peak >> 20);
        assert!(peak < 512 << 20, "peak RSS {} MB", peak >> 20);
    }
    drop(hostile);
}
