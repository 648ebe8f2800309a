use super::*;
use std::io::{BufRead, Read, Write};

/// GET `path` from the server at `addr`: the status line and the body.
fn get(addr: &str, path: &str) -> (String, String) {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

/// The address a started server prints on its first line (`host:port`).
fn address(child: &mut std::process::Child) -> String {
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    line.trim()
        .strip_prefix("nqueens serve: http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string()
}

/// Starts `nqueens serve ARGS` and reads the address it prints.
fn serve(args: &[&str]) -> (std::process::Child, String) {
    let mut all = vec!["serve"];
    all.extend_from_slice(args);
    let mut child = spawn(&all);
    let addr = address(&mut child);
    (child, addr)
}

fn stop(mut child: std::process::Child) -> (i32, String) {
    send_signal(&child.id().to_string(), "-INT");
    let status = exits_within_10s(&mut child, "the server did not stop on SIGINT");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (status.code().unwrap(), stderr)
}

#[test]
fn prints_its_address_answers_and_stops_on_ctrl_c() {
    let (child, addr) = serve(&["--port", "0"]);
    let (status, body) = get(&addr, "/api/info");
    assert!(status.contains(" 200 "), "{status}");
    assert!(body.contains("\"algorithms\""), "{body}");
    let (status, page) = get(&addr, "/");
    assert!(status.contains(" 200 "), "{status}");
    assert!(page.to_lowercase().contains("<html"), "{page}");
    let (code, stderr) = stop(child);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("press Ctrl-C to stop"), "{stderr}");
    assert!(stderr.ends_with("stopped\n"), "{stderr}");
}

/// GET /api/info naming `host` in the Host header: the status line.
fn get_as(addr: &str, host: &str) -> String {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET /api/info HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    raw.lines().next().unwrap_or("").to_string()
}

#[test]
fn allow_host_answers_that_name_and_no_other() {
    let (child, addr) = serve(&["--allow-host", "NQueens.test", "--allow-host", "b.test"]);
    let port = addr.rsplit_once(':').unwrap().1;
    for host in [
        format!("nqueens.test:{port}"),
        "b.test".to_string(),
        addr.clone(),
    ] {
        let status = get_as(&addr, &host);
        assert!(status.contains(" 200 "), "{host}: {status}");
    }
    let status = get_as(&addr, &format!("evil.example:{port}"));
    assert!(status.contains(" 403 "), "{status}");
    let (code, stderr) = stop(child);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn ctrl_c_stops_a_running_count_job_too() {
    let (child, addr) = serve(&["--count-max", "20", "--log"]);
    let mut stream = std::net::TcpStream::connect(&addr).unwrap();
    let body = r#"{"n": 20}"#;
    write!(
        stream,
        "POST /api/count HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 202"), "{reply}");
    let (code, stderr) = stop(child);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("POST /api/count 202"),
        "the log line: {stderr}"
    );
}

#[test]
fn survives_running_out_of_file_descriptors() {
    // 48 descriptors in all, then 120 connections: some wait unaccepted
    // while the server has none to spare, and once they close it answers.
    let mut child = std::process::Command::new("sh")
        .args([
            "-c",
            "ulimit -n 48 && exec \"$0\" serve",
            env!("CARGO_BIN_EXE_nqueens"),
        ])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let addr = address(&mut child);
    let held: Vec<std::net::TcpStream> = (0..120)
        .filter_map(|_| std::net::TcpStream::connect(&addr).ok())
        .collect();
    assert!(held.len() > 48, "only {} connections", held.len());
    std::thread::sleep(Duration::from_millis(300));
    drop(held);
    let (status, body) = get(&addr, "/api/info");
    assert!(status.contains(" 200 "), "{status}");
    assert!(body.contains("\"algorithms\""));
    let (code, stderr) = stop(child);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn open_says_when_no_browser_can_be_started() {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_nqueens"));
    cmd.args(["serve", "--open"])
        // A launcher that starts but fails (xdg-open exits 3 when it has no
        // browser) was taken for a browser started.
        .env("BROWSER", "/nonexistent/browser:/bin/false")
        .env("PATH", "/nonexistent")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    assert!(address(&mut child).starts_with("127.0.0.1:"));
    let (code, stderr) = stop(child);
    assert_eq!(code, 0);
    assert!(
        stderr.contains(
            "no browser could be started (tried /nonexistent/browser, /bin/false (exit status: 1), \
             xdg-open)"
        ),
        "{stderr}"
    );
}

#[test]
fn a_port_in_use_is_a_usage_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let r = run(&["serve", "--port", &port]).code(2);
    assert!(
        r.stderr
            .contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("choose another --port"), "{}", r.stderr);
}

#[test]
fn bad_flags_are_usage_errors() {
    for (args, words) in [
        (
            &["--port", "http"][..],
            "invalid value 'http' for '--port <P>'",
        ),
        (&["--port", "70000"], "from 0 to 65,535"),
        (
            &["--bind", "my-laptop"],
            "invalid value 'my-laptop' for '--bind <ADDR>'",
        ),
        (&["--count-max", "0"], "from 1 to 27"),
        (&["--count-max", "28"], "from 1 to 27"),
        (&["--jobs", "0"], "for '--jobs <K>'"),
        (&["--request-timeout", "0"], "seconds from 0.1"),
        (&["--request-timeout", "nan"], "seconds from 0.1"),
        (&["-j", "0"], "for '--threads <T>'"),
        (&["--allow-origin", "evil.example"], "http://HOST:PORT"),
        (&["--allow-origin", "http://x.example/path"], "no path"),
        (&["--allow-host", "http://x.example"], "no http://"),
        (&["--allow-host", "x.example:80"], "as it appears in a URL"),
        (&["--allow-host", ""], "as it appears in a URL"),
    ] {
        let mut all = vec!["serve"];
        all.extend_from_slice(args);
        let r = run(&all).code(2);
        assert!(r.stderr.contains(words), "{args:?}: {}", r.stderr);
        assert_eq!(r.stdout, "");
    }
}

/// POST `body` to `path` as the page does: the status line and the body.
fn post(addr: &str, path: &str, body: &str) -> (String, String) {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

/// Ctrl-C with a count job whose tasks take seconds to minutes (n = 26:
/// task 0 alone, P(26), minutes) stops the server within a second: the job
/// gives its task up. (It once went on for minutes, until a second Ctrl-C.)
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_server_with_a_long_job_at_once() {
    let (child, addr) = serve(&["--port", "0", "--count-max", "26", "-j", "2"]);
    let (status, body) = post(&addr, "/api/count", r#"{"n": 26}"#);
    assert!(status.contains(" 202 "), "{status} {body}");
    std::thread::sleep(Duration::from_millis(1500));
    let sent = std::time::Instant::now();
    let (code, stderr) = stop(child);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        sent.elapsed() < Duration::from_millis(1500),
        "{:?}: {stderr}",
        sent.elapsed()
    );
}

/// Under `ulimit -v` the count jobs get what the limit leaves beside the
/// server (its threads' stacks and arenas, the requests it serves at once),
/// said in a note, and /api/info gives that budget: with the default 4 GiB
/// a count of n = 22 under `ulimit -v 3000000` ended the server at an
/// allocation that failed (exit 134). A limit that leaves nothing is
/// refused at the start.
#[cfg(target_os = "linux")]
#[test]
fn under_ulimit_v_the_jobs_get_what_the_limit_leaves() {
    let start = |kib: &str, extra: &str| {
        std::process::Command::new("sh")
            .args([
                "-c",
                &format!("ulimit -v {kib} && exec \"$0\" serve --count-max 22 -j 1 {extra}"),
                env!("CARGO_BIN_EXE_nqueens"),
            ])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let out = start("1000000", "").wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("more than `ulimit -v` allows"), "{stderr}");
    let limit: u64 = 4_500_000 << 10;
    let mut child = start("4500000", "--job-memory 8G");
    let addr = address(&mut child);
    let (_, body) = get(&addr, "/api/info");
    let info: serde_json::Value = serde_json::from_str(&body).unwrap();
    let budget = info["limits"]["job_memory"].as_u64().unwrap();
    assert!(budget > 0 && budget < limit, "{budget}");
    let (status, body) = post(&addr, "/api/count", r#"{"n": 22}"#);
    assert!(status.contains(" 202 "), "{status}: {body}");
    let (code, stderr) = stop(child);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("--job-memory 8.0 GiB is more than `ulimit -v` leaves"),
        "{stderr}"
    );
}
