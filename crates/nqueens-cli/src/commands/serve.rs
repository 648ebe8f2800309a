//! `nqueens serve`: the web page and its JSON API (the `nqueens-web` crate),
//! until Ctrl-C.

use std::io::Write;
use std::process::{Command, Stdio};

use nqueens_web::Server;

use crate::exit::Outcome;
use crate::flags::ServeArgs;
use crate::output::Out;

/// Starts the system's browser on `url`; `Err` says what was tried.
fn open_browser(url: &str) -> Result<(), String> {
    let mut tries: Vec<(String, Vec<String>)> = Vec::new();
    if let Ok(browser) = std::env::var("BROWSER") {
        for b in browser.split(':').filter(|b| !b.is_empty()) {
            tries.push((b.to_string(), vec![url.to_string()]));
        }
    }
    if cfg!(target_os = "macos") {
        tries.push(("open".into(), vec![url.into()]));
    } else if cfg!(windows) {
        tries.push((
            "cmd".into(),
            vec!["/C".into(), "start".into(), String::new(), url.into()],
        ));
    } else {
        tries.push(("xdg-open".into(), vec![url.into()]));
    }
    let mut failed = Vec::new();
    for (program, args) in &tries {
        let Ok(mut child) = Command::new(program)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
        else {
            failed.push(program.clone());
            continue;
        };
        // A launcher such as xdg-open starts the browser and exits: a
        // status other than 0 (xdg-open's 3, "no method available") is a
        // browser not started, which was said to be one. One still running
        // after a while is a browser itself; a thread reaps it.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
        loop {
            match child.try_wait() {
                Ok(Some(status)) if status.success() => return Ok(()),
                Ok(Some(status)) => {
                    failed.push(format!("{program} ({status})"));
                    break;
                }
                Ok(None) if std::time::Instant::now() < deadline => {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Ok(None) => {
                    std::thread::spawn(move || child.wait());
                    return Ok(());
                }
                Err(e) => {
                    failed.push(format!("{program} ({e})"));
                    break;
                }
            }
        }
    }
    Err(failed.join(", "))
}

/// Under a limit on address space (`ulimit -v`), keeps the count jobs'
/// budget within what the server leaves of it, so that a job is refused
/// (422 or 429) rather than ending the server at an allocation that fails
/// (a count of n = 22 under `ulimit -v 3000000` did, exit 134): beside the
/// jobs, every thread's stack and allocator arena and the program
/// ([`address_space_beside`](crate::limits::address_space_beside)), the
/// replies in flight, and what the requests that are not jobs may hold at
/// once ([`nqueens_web::limits::request_memory`]). A `--job-memory` larger
/// than that is lowered with a note, to nothing if nothing is left (every
/// count is then refused, saying so, and the rest of the page works); a
/// limit too small for the threads alone is refused.
fn within_address_space(limits: &mut nqueens_web::Limits, given: bool) -> anyhow::Result<()> {
    let Some(limit) = crate::limits::address_space_limit() else {
        return Ok(());
    };
    // The runtime's two threads, the workers, the watchdog and the main
    // thread; then each job's workers and the thread that runs them.
    let job_threads = limits.job_threads.saturating_add(1);
    let threads = (limits.workers + 4).saturating_add(limits.jobs.saturating_mul(job_threads));
    let threads_alone = crate::limits::address_space_beside(threads);
    if threads_alone > limit {
        let (needs, has) = crate::limits::show_bytes_apart(threads_alone, limit);
        crate::exit::usage!(
            "the server's {threads} threads need {needs} of address space (their stacks and \
             allocator arenas), more than `ulimit -v` allows ({has}); raise the limit, or give \
             fewer --jobs or -j"
        );
    }
    let room = limit
        .saturating_sub(threads_alone.saturating_add(nqueens_web::limits::request_memory(limits)));
    if room < limits.job_memory {
        let left = nqueens::show_bytes(room);
        if given {
            let (asked, left) = crate::limits::show_bytes_apart(limits.job_memory, room);
            crate::exit::note!(
                "note: --job-memory {asked} is more than `ulimit -v` leaves the count jobs \
                 beside the server's threads and the requests it serves at once; they get {left}"
            );
        } else {
            crate::exit::note!(
                "note: the count jobs get {left} (what `ulimit -v` leaves beside the server's \
                 threads and the requests it serves at once), not the default {}",
                nqueens::show_bytes(limits.job_memory)
            );
        }
        limits.job_memory = room;
        limits.job_memory_by_ulimit = true;
    }
    Ok(())
}

/// Runs `nqueens serve`.
pub fn run(run: ServeArgs) -> anyhow::Result<Outcome> {
    let addr = std::net::SocketAddr::new(run.bind, run.port);
    let mut limits = nqueens_web::Limits {
        count_max: run.count_max,
        jobs: run.jobs,
        job_threads: run.threads.unwrap_or_else(nqueens::default_threads),
        job_memory: run.job_memory.unwrap_or(nqueens_web::limits::JOB_MEMORY),
        request_seconds: run.request_timeout,
        allowed_origins: run.allow_origin.clone(),
        allowed_hosts: run.allow_host.clone(),
        ..nqueens_web::Limits::default()
    };
    within_address_space(&mut limits, run.job_memory.is_some())?;
    let mut server = match Server::bind(addr, limits) {
        Ok(s) => s,
        Err(e) => crate::exit::usage!(
            "cannot listen on {addr}: {e}; choose another --port (or 0 for a free one) or --bind address"
        ),
    };
    if run.log {
        server = server.with_log(Box::new(|method, path, status, seconds| {
            crate::exit::note!("{method} {path} {status} {:.1} ms", seconds * 1000.0);
        }));
    }
    let url = server.url();
    let stop = crate::output::interrupt_flag();
    // The address goes to standard output, flushed, so that a script can read it.
    let mut out = Out::stdout();
    writeln!(out, "nqueens serve: {url}")?;
    out.flush()?;
    drop(out);
    crate::exit::note!(
        "serving the page and the API at {url} (GET {url}api/info); press Ctrl-C to stop"
    );
    // The browser is started beside the server, which serves at once (a
    // launcher that stays up, as a browser started from it does, held the
    // page back for as long as it was waited for); a stop waits for it to
    // have said whether it failed.
    let opener = run.open.then(|| {
        let url = url.to_string();
        std::thread::spawn(move || {
            if let Err(tried) = open_browser(&url) {
                crate::exit::note!(
                    "note: no browser could be started (tried {tried}); open {url} yourself"
                );
            }
        })
    });
    let served = server.run(&stop);
    if let Some(opener) = opener {
        let _ = opener.join();
    }
    served?;
    crate::exit::note!("stopped");
    Ok(Outcome::Yes)
}
