//! Standard output for streaming results.
//!
//! Output is block-buffered when it goes to a pipe or file (fast), and flushed
//! after every record when it goes to a terminal (a person sees each solution as
//! it is found). A reader that closes the pipe early surfaces as an
//! `io::ErrorKind::BrokenPipe` error, which `exit::report` turns into a quiet
//! exit with status 0.

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};

/// Buffered standard output.
pub struct Out {
    inner: BufWriter<StdoutLock<'static>>,
    flush_each_record: bool,
}

impl Out {
    /// Standard output, locked for the life of the command.
    pub fn stdout() -> Self {
        let stdout = io::stdout();
        let flush_each_record = stdout.is_terminal();
        Out {
            inner: BufWriter::with_capacity(64 * 1024, stdout.lock()),
            flush_each_record,
        }
    }

    /// Marks the end of one record (a solution, a report); flushes on a terminal.
    pub fn end_record(&mut self) -> io::Result<()> {
        if self.flush_each_record {
            self.inner.flush()?;
        }
        Ok(())
    }
}

/// A failed write says where it went (`/dev/full` gave only "No space
/// left on device"); its kind is kept, so a closed pipe still ends quietly.
fn on_stdout(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot write to standard output: {e}"))
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(on_stdout)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf).map_err(on_stdout)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(on_stdout)
    }
}

/// A flag that Ctrl-C or SIGTERM sets, so that long work can stop cleanly
/// (flush what it found, save its checkpoint); a second signal, from
/// [`SAME_INTERRUPT`] after the first on, ends the process at once with
/// status 130. Failing to install the handler only loses
/// the clean stop.
pub fn interrupt_flag() -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    interrupt_flag_saying(None)
}

/// Signals within this time of the first are the same interrupt: `timeout
/// -s INT` sends its signal to the process and to its group, so the
/// process gets it twice, microseconds apart, and a second signal taken as
/// "stop at once" lost the checkpoint a clean stop saves. A person's second
/// Ctrl-C comes later than this.
const SAME_INTERRUPT: std::time::Duration = std::time::Duration::from_millis(100);

/// [`interrupt_flag`], printing `note` to stderr at the first signal: for
/// work that may take long to stop cleanly.
pub fn interrupt_flag_saying(
    note: Option<&'static str>,
) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let flag = std::sync::Arc::new(AtomicBool::new(false));
    let seen = std::sync::Arc::clone(&flag);
    let mut first: Option<std::time::Instant> = None;
    // The handler runs on a thread of its own, where printing is safe.
    let _ = ctrlc::set_handler(move || {
        match first {
            Some(at) if at.elapsed() >= SAME_INTERRUPT => std::process::exit(130),
            Some(_) => return,
            None => first = Some(std::time::Instant::now()),
        }
        seen.store(true, Ordering::Relaxed);
        if let Some(note) = note {
            let _ = writeln!(io::stderr(), "{note}");
        }
    });
    flag
}

/// Refuses to write binary output (PNG) to a terminal.
pub fn check_binary_ok(example: &str) -> anyhow::Result<()> {
    if io::stdout().is_terminal() {
        crate::exit::usage!(
            "PNG is binary and would garble the terminal; redirect it to a file, for example `{example} > board.png`"
        );
    }
    Ok(())
}
