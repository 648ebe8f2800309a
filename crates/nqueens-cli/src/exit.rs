//! Exit statuses and how errors are reported.
//!
//! | status | meaning |
//! |---|---|
//! | 0 | success, also when a reader closed the pipe early (`nqueens all 12 \| head`), unless the answer found was no |
//! | 1 | a negative answer: no solution exists, or the placement is not a solution |
//! | 2 | an error: bad arguments, unreadable or malformed input, I/O failure, memory the system refused |
//! | 3 | unknown: `complete --timeout` ran out before an answer, min-conflicts gave up, or a trace's `--max-steps` stopped it before any solution |
//! | 130 | interrupted by Ctrl-C or SIGTERM (output written so far is flushed) |

use std::fmt;
use std::io;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// How a command that ran to the end came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The answer is yes (exit status 0).
    Yes,
    /// The answer is no (exit status 1).
    No,
    /// The user interrupted the command (exit status 130).
    Interrupted,
    /// No answer within the time or steps allowed (exit status 3).
    Unknown,
}

impl Outcome {
    /// The answer of a count: no (exit status 1) when no solution exists,
    /// as for every command that looks for one.
    pub fn of_count(solutions: u128) -> Outcome {
        if solutions == 0 {
            Outcome::No
        } else {
            Outcome::Yes
        }
    }
}

/// Set once a command has found that its answer is no, before it writes
/// what it found: a reader that closes the pipe first ends the command
/// quietly, but does not turn its no (1) into a yes (0).
static ANSWERED_NO: AtomicBool = AtomicBool::new(false);

/// Records `outcome` as the command's answer, should its output find the
/// pipe closed; returns it.
pub fn answer(outcome: Outcome) -> Outcome {
    if outcome == Outcome::No {
        ANSWERED_NO.store(true, Ordering::Relaxed);
    }
    outcome
}

/// A usage error: the command line (or its input) asks for something that
/// cannot be done; the message says what and how to fix it. Exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Shorthand for returning a [`UsageError`].
#[macro_export]
#[doc(hidden)]
macro_rules! __usage {
    ($($arg:tt)*) => {
        return Err(anyhow::Error::new($crate::exit::UsageError(format!($($arg)*))))
    };
}
/// Returns a [`UsageError`] made with `format!`, from a function that
/// returns `anyhow::Result`.
pub use crate::__usage as usage;

/// Writes a line to standard error, as `eprintln!` does, except that a
/// write that fails is let go: `eprintln!` panics when standard error is a
/// pipe whose reader has gone (`nqueens count 8 --stats 2>&1 | head -3`),
/// and a note nobody can read any more must not end the command (exit
/// status 101). Every note, warning and error message goes through it.
#[macro_export]
#[doc(hidden)]
macro_rules! __note {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = ::std::writeln!(::std::io::stderr().lock(), $($arg)*);
    }};
}
/// Writes a line to standard error like `eprintln!`, ignoring a failed
/// write (a closed pipe) instead of panicking.
pub use crate::__note as note;

/// Whether the error is a closed pipe on output, which ends quietly.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|e| e.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// Maps the result of a run to the process exit status, printing errors.
pub fn report(result: anyhow::Result<Outcome>) -> ExitCode {
    ExitCode::from(status(result))
}

/// The exit status of a run, as a number; errors are printed.
pub fn status(result: anyhow::Result<Outcome>) -> u8 {
    match result {
        Ok(Outcome::Yes) => 0,
        Ok(Outcome::No) => 1,
        Ok(Outcome::Interrupted) => 130,
        Ok(Outcome::Unknown) => 3,
        Err(err) if is_broken_pipe(&err) => u8::from(ANSWERED_NO.load(Ordering::Relaxed)),
        Err(err) => {
            match err.downcast_ref::<clap::Error>() {
                // clap formats its own message, usage line and hints.
                Some(clap_err) => {
                    let status = if clap_err.use_stderr() { 2 } else { 0 };
                    if status == 0 {
                        if let Some(refusal) = stdout_refusal() {
                            note!("error: {refusal}");
                            return 2;
                        }
                    }
                    // Help and version go to standard output, which can
                    // fail as any output can (`nqueens --help >/dev/full`).
                    return match clap_err
                        .print()
                        .and_then(|()| io::Write::flush(&mut io::stdout()))
                    {
                        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                            note!("error: cannot write to standard output: {e}");
                            2
                        }
                        _ => status,
                    };
                }
                None => {
                    note!("error: {err}");
                    // A cause that the message before it already quotes (an
                    // error that shows its source and also gives it as
                    // `source()`) is not said twice.
                    let mut said = err.to_string();
                    for cause in err.chain().skip(1) {
                        let cause = cause.to_string();
                        if !said.contains(&cause) {
                            note!("  caused by: {cause}");
                        }
                        said = cause;
                    }
                }
            }
            2
        }
    }
}

/// What each binary's own C `main` does first, on Unix: what Rust's
/// start-up would have done for a write to a closed pipe (ignore SIGPIPE,
/// so that the write fails with EPIPE, which ends the output quietly), and
/// a look at standard input and output before Rust's start-up code can
/// reopen them on /dev/null, kept for [`stdout_refusal`] and
/// [`readable_stdin`]: Rust's standard streams take a descriptor that is
/// closed, or open the other way only, for one that is empty (a read) or
/// that takes everything (a write), so `nqueens all 10 >&-` and `nqueens
/// count 8 1<file` would "succeed" having written nothing, and `verify <&-`
/// would call its input empty.
#[cfg(unix)]
pub fn start_up() {
    // SAFETY: setting a signal's disposition to "ignore" at start-up, before
    // any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let _ = STDOUT_UNUSABLE.set(unusable(libc::STDOUT_FILENO, libc::O_RDONLY));
    let _ = STDIN_UNUSABLE.set(unusable(libc::STDIN_FILENO, libc::O_WRONLY));
}

/// How a standard stream is unusable, looked at by [`start_up`]: `None`
/// when it is fine (or was not looked at).
#[cfg(unix)]
static STDOUT_UNUSABLE: std::sync::OnceLock<Option<&'static str>> = std::sync::OnceLock::new();
#[cfg(unix)]
static STDIN_UNUSABLE: std::sync::OnceLock<Option<&'static str>> = std::sync::OnceLock::new();

/// Whether descriptor `fd` is closed (`"closed"`) or open in access mode
/// `wrong` only (`"open for reading only"`, `"open for writing only"`).
#[cfg(unix)]
fn unusable(fd: libc::c_int, wrong: libc::c_int) -> Option<&'static str> {
    // SAFETY: F_GETFL only reads the descriptor's flags.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags == -1 {
        Some("closed")
    } else if flags & libc::O_ACCMODE == wrong {
        Some(if wrong == libc::O_RDONLY {
            "open for reading only"
        } else {
            "open for writing only"
        })
    } else {
        None
    }
}

/// What to say, with exit status 2, when standard output cannot be written
/// (closed, or open for reading only; see [`start_up`]) and the command
/// would write there.
pub fn stdout_refusal() -> Option<String> {
    #[cfg(unix)]
    if let Some(Some(how)) = STDOUT_UNUSABLE.get() {
        return Some(format!(
            "standard output is {how}; nothing could be written (run it with output to a \
             terminal, a file or a pipe)"
        ));
    }
    None
}

/// Refuses (a usage error) to read standard input when it cannot be read:
/// closed, or open for writing only (see [`start_up`]); `what` names the
/// input ("the placements", "the partial results").
pub fn readable_stdin(what: &str) -> anyhow::Result<()> {
    #[cfg(unix)]
    if let Some(Some(how)) = STDIN_UNUSABLE.get() {
        usage!(
            "standard input is {how}, so {what} cannot be read from it (give a file instead, \
             or a pipe)"
        );
    }
    let _ = what;
    Ok(())
}

/// The system allocator, except that an allocation it refuses ends the
/// process with a message and exit status 2, as every other error does.
/// Rust's default is to abort (SIGABRT, status 134, with "memory allocation
/// of N bytes failed"), which read as a crash: `verify` of column numbers
/// far apart holds a page of bits for each, up to about 2.6 GB (see
/// docs/solving.md), and under a smaller `ulimit -v` it aborted.
///
/// A refusal that the program could have handled ends it too: the
/// standard library's `read_to_end` asks with `try_reserve` and would
/// return an out-of-memory error (the reads of a task log, a checkpoint,
/// a partial result and a board to verify, each bounded in size before it
/// reads), which ended with status 2 as well. The memory plans of `count`
/// look at the limit first and do not come here.
#[derive(Debug, Default, Clone, Copy)]
pub struct ExitOnOom;

// SAFETY: every call is passed to `System` unchanged; only a null result is
// acted on, and then the process ends.
unsafe impl std::alloc::GlobalAlloc for ExitOnOom {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { std::alloc::System.alloc(layout) };
        refused(p, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { std::alloc::System.alloc_zeroed(layout) };
        refused(p, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { std::alloc::System.realloc(ptr, layout, new_size) };
        refused(p, new_size)
    }
}

/// `p`, unless it is null: then says so and ends the process (status 2)
/// without allocating (the message is put together on the stack and
/// written straight to descriptor 2; `_exit` runs no handler that might
/// allocate).
fn refused(p: *mut u8, size: usize) -> *mut u8 {
    if !p.is_null() {
        return p;
    }
    // `write!` into a slice of the stack formats without allocating.
    const ROOM: usize = 256;
    let mut message = [0u8; ROOM];
    let mut rest = &mut message[..];
    let _ = std::io::Write::write_fmt(
        &mut rest,
        format_args!(
            "error: out of memory: an allocation of {size} bytes was refused (the memory this \
             process may use, as `ulimit -v` sets it, or the machine's, is too small for what \
             it was given)\n"
        ),
    );
    let at = ROOM - rest.len();
    #[cfg(unix)]
    // SAFETY: writes `at` bytes of `message` to descriptor 2, then ends the
    // process at once.
    unsafe {
        libc::write(libc::STDERR_FILENO, message.as_ptr().cast(), at);
        libc::_exit(2);
    }
    #[cfg(not(unix))]
    {
        use std::io::Write;
        let _ = std::io::stderr().write_all(&message[..at]);
        std::process::exit(2);
    }
}
