//! Every limit of the command line, in one place, with the reason for each.
//!
//! clap checks the shape and range of each value ([`crate::flags::values`]);
//! the limits here depend on more than one option (the board size and the
//! algorithm, the size and the format), so each command checks them first
//! thing, before any work, with the helpers below. docs/limits.md's "Limits" table
//! is this file in prose.

use nqueens::grouped;
use nqueens::Algorithm;

use crate::exit::usage;

/// Above this, the lexicographically first solution takes more than about a
/// second to find by backtracking (seconds or far longer, growing fast and
/// unevenly with n; docs/solving.md gives the times of one machine);
/// `solve` prints the explicit construction instead.
pub const SOLVE_MAX: usize = 32;
/// Above this, `solve` and `random` refuse drawn boards and pictures, which
/// would flood a terminal or be unreadable; lists have no limit.
pub const DRAW_MAX: usize = 100;
/// The largest board `solve --algorithm construct` takes: 2^32 queens, the
/// limit of the streaming check (`--verify`, `nqueens verify`).
pub const HUGE_MAX: usize = 1 << 32;
/// The memory `complete` lets a search use unless `--memory` says otherwise:
/// a search keeps a trail of up to every square of the board (4 bytes each,
/// 17 GiB at the largest n = 65,536), so this refuses, before anything is
/// allocated, boards above about n = 32,000 (one thread) on a machine that
/// may not have the memory; the published instances (n ≤ 2,547) need about
/// 26 MiB for the search.
pub const COMPLETE_MEMORY: u64 = 4 << 30;
/// What `complete` counts for the program itself beside its search, within
/// `--memory`: its code, the standard library's buffers and the threads'
/// stacks (peak RSS is 4.3 to 4.6 MiB above the search's own bytes for
/// n = 8 to 6,000 here), with room to spare.
pub const PROGRAM_MEMORY: u64 = 8 << 20;
/// Above this, `all` without `--limit` would print billions of boards.
pub const ALL_MAX: usize = 18;
/// Above this, `count --algorithm` (a classic algorithm, one core, no
/// symmetry) would run for hours: with bitwise n = 16 takes seconds and
/// 18 minutes; the slowest algorithm (recursive-board) takes minutes at
/// n = 16 and hours at 18.
pub const COUNT_MAX: usize = 18;
/// From here on, `count` says how long it expects to take.
pub const ENGINE_WARN: usize = 19;
/// Above this, `compare` would keep too many solutions of too many algorithms.
pub const COMPARE_MAX: usize = 14;
/// Above this, `compare --first` (one solution each) runs for minutes: the
/// first solution is deep for some n, and the slowest algorithms test each
/// square hundreds of times as long as bitwise (n = 22 takes 3 s here with
/// every algorithm, n = 32 five minutes, 250 s of them recursive-board's).
pub const COMPARE_FIRST_MAX: usize = 22;
/// The largest board `estimate` takes.
pub const ESTIMATE_MAX: usize = 128;
/// `trace` stops after this many steps unless `--max-steps` says otherwise;
/// the page's server pages up to the same step.
pub use nqueens::TRACE_STEPS;
/// The most steps `trace --algorithm bfs` takes (`--max-steps`): the other
/// algorithms trace in constant memory, but a bfs trace holds the search's
/// queue of boards with their tree nodes, which grows as it runs: at n = 14
/// 363 MB at step 4,000,000, 721 MB at 16,000,000, 1.4 GB at 40,000,000,
/// and past 5 GB within 100 s of a whole search (some 400 million steps).
pub const BFS_TRACE_STEPS: u64 = 16_000_000;
/// `trace --format tree` draws the search tree's first this many nodes and
/// says how many more there were: a line each (about 30 bytes) and 100 bytes
/// of memory each while the trace runs, so a few megabytes at most, where
/// the default 4,000,000 steps of n = 20 would make millions.
pub const TRACE_TREE_NODES: usize = 100_000;
/// `trace --format svg` (an animation, or `--frames DIR`) draws at most
/// this many frames, one a step: the animation's own limit, 10,000. The
/// steps are counted (up to one more than this) before anything is
/// recorded or written.
pub const TRACE_FRAMES: usize = nqueens::MAX_FRAMES;
/// `trace` in text or JSON says on standard error, before it starts, how
/// much it may print when that is more than this (100 MiB); on a terminal,
/// from [`TRACE_NOTE_TERMINAL`] on. The size is the bytes per step of its
/// first [`TRACE_SAMPLE_STEPS`] steps (traced first into nothing) times
/// `--max-steps`.
pub const TRACE_NOTE_BYTES: u64 = 100 << 20;
/// On a terminal, a trace says how much it may print from this size (1 MiB,
/// some 20,000 lines) on.
pub const TRACE_NOTE_TERMINAL: u64 = 1 << 20;
/// The steps traced to measure the bytes a step prints.
pub const TRACE_SAMPLE_STEPS: u64 = 2_000;
/// When the sample says a trace may be large, its steps are counted (no
/// words, no output: a tenth of a second or so) up to this many, so that a
/// search that ends before `--max-steps` is sized by its own steps.
pub const TRACE_COUNT_STEPS: u64 = 1_000_000;

/// `count --engine`'s help: the engines and the boards each takes, from
/// the library's constants, so that the help cannot disagree with what
/// `auto` does.
pub fn engine_help() -> String {
    format!(
        "The counting engine: auto (the default: join from n = {} to {} when it fits in \
         --memory, constellation otherwise), join (meet in the middle, n up to {}), \
         constellation (backtracking from the border queens, n up to {}) or backtrack \
         (plain, for cross-checks)",
        nqueens::AUTO_JOIN_FROM,
        nqueens::JOIN_MAX_N,
        nqueens::JOIN_MAX_N,
        nqueens::CONSTELLATION_MAX_N
    )
}

/// `count --algorithm`'s help, with [`COUNT_MAX`].
pub fn count_algorithm_help() -> String {
    format!(
        "Count with one of the classic search algorithms on one core instead of the counting \
         engine, n up to {COUNT_MAX} (some algorithms take less: see `nqueens algorithms`)"
    )
}

/// Checks that `algorithm` takes boards of size `n`.
pub fn algorithm_size(algorithm: &dyn Algorithm, n: usize) -> anyhow::Result<()> {
    if n > algorithm.max_n() {
        usage!(
            "--algorithm {} accepts n from 1 to {}, not {n}; `nqueens algorithms` lists each \
             algorithm's limit, and the default search takes larger boards",
            algorithm.name(),
            algorithm.max_n()
        );
    }
    Ok(())
}

/// Checks that backtracking to the first solutions of `n` takes seconds, not
/// hours (`command` names the command in the message).
pub fn solvable_size(command: &str, n: usize) -> anyhow::Result<()> {
    if n > SOLVE_MAX {
        let instead = if command == "solve" {
            "; without --algorithm (or with --algorithm construct or min-conflicts) solve finds \
             one solution of any size up to 2^32 (min-conflicts up to 2^28)"
        } else {
            ""
        };
        usage!(
            "{command} {n}: n is too large; finding the first solutions by backtracking can take \
             seconds or far longer above n = {SOLVE_MAX}, so this version \
             accepts n from 1 to {SOLVE_MAX}{instead}"
        );
    }
    Ok(())
}

/// Why `engine` cannot count the `n`×`n` board, if it cannot: the one
/// message of `nqueens count` and `nqueens-mpi count` for a board above the
/// engine's range. The ranges themselves are the engines' own
/// ([`nqueens::Engine::max_n`]: 40 for the constellation engine, where eight
/// times Q(n) still fits in 128 bits; 28 for the join engine). `named`: the
/// engine was named with `--engine` (otherwise `auto` picked it).
pub fn count_too_large(n: usize, engine: &dyn nqueens::Engine, named: bool) -> Option<String> {
    if n <= engine.max_n() {
        return None;
    }
    // (Past every engine, the same words whichever was named: none takes
    // it. It said to use auto or constellation, which take no more.)
    let largest = nqueens::CONSTELLATION_MAX_N;
    Some(if named && n <= largest {
        format!(
            "count {n} --engine {}: that engine takes n up to {}; use --engine auto or \
             constellation",
            engine.name(),
            engine.max_n()
        )
    } else {
        // Beyond the join engine, auto picks the constellation engine,
        // whose limit leaves room below the 128 bits of its counts.
        format!(
            "count {n}: n is too large: the counting engines take n up to {largest} (the \
             constellation engine; the join engine, the fastest, up to {}), a limit with \
             room below the 128 bits of the counts; `nqueens count {largest} --dry-run` \
             projects the largest; {}",
            nqueens::Engine::max_n(&nqueens::JoinEngine),
            match nqueens::known_total(n) {
                Some(_) => format!("the published value is {}", known_total(n)),
                None => known_total(n),
            }
        )
    })
}

/// What the tables say about Q(n), for messages.
pub fn known_total(n: usize) -> String {
    match nqueens::known_total(n) {
        Some(q) => format!("Q({n}) = {} (OEIS A000170)", grouped(q)),
        None => format!(
            "Q({n}) is unknown, and more than Q(27) = {}",
            grouped(nqueens::A000170[26])
        ),
    }
}

/// The address space of a thread's stack (Rust's default): what each worker
/// takes of a limit on address space besides its memory.
pub const THREAD_STACK: u64 = 2 << 20;

/// The address space glibc's allocator may reserve for one thread's arena
/// (64 MiB on 64-bit systems), which a limit on address space counts
/// though little of it is used.
pub const ARENA: u64 = 64 << 20;

/// The address space a process of `threads` workers takes besides its
/// engine's memory: each worker's stack, an arena for each thread (glibc
/// makes at most eight an online CPU, which a container's CPU quota does
/// not lower, then threads share them; the main thread's, counted too, is
/// mostly not one), and 32 MiB for the program itself. On the safe side.
pub fn address_space_beside(threads: usize) -> u64 {
    let t = threads as u64;
    let arenas = t.saturating_add(1).min(8 * online_cpus());
    THREAD_STACK
        .saturating_mul(t)
        .saturating_add(ARENA.saturating_mul(arenas))
        .saturating_add(32 << 20)
}

/// The limit on address space (`ulimit -v`) where `memory` and what
/// `threads` workers take beside it ([`address_space_beside`]) do not fit
/// under it: what would end at its first allocation that fails (an abort,
/// not an error), so the commands refuse it first.
pub fn over_address_space(memory: u64, threads: usize) -> Option<u64> {
    address_space_limit()
        .filter(|&limit| memory.saturating_add(address_space_beside(threads)) > limit)
}

/// The CPUs the system has online (not the cores this process may use).
fn online_cpus() -> u64 {
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads a system value.
        let online = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
        if online > 0 {
            return online as u64;
        }
    }
    nqueens::default_threads() as u64
}

/// The most address space this process may take (`ulimit -v`), if it is
/// limited.
pub fn address_space_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit only writes the struct it is given.
        let got = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) };
        if got == 0 && limit.rlim_cur != libc::RLIM_INFINITY {
            // rlim_t is not u64 on every system.
            #[allow(clippy::unnecessary_cast)]
            return Some(limit.rlim_cur as u64);
        }
    }
    None
}

/// Blocks this large or larger are given back to the system when they are
/// freed ([`give_back_large_blocks`]).
pub const MMAP_THRESHOLD: usize = 1 << 20;

/// Has glibc's allocator give every block of [`MMAP_THRESHOLD`] or more back
/// to the system when it is freed, unless `MALLOC_MMAP_THRESHOLD_` says
/// otherwise. Call it first thing, before any thread exists.
///
/// By default glibc raises that threshold, up to 32 MiB, each time such a
/// block is freed, and keeps the memory of the blocks under it in each
/// thread's arena once they are freed. The join engine's workers grow
/// their lists and tables task after task, so a count held far more than
/// the engine does: 20 tasks of n = 25 (`count 25 --slice 3/6860`, 2
/// threads) peaked at 1.09 GiB against a projection of 872 MiB, and at
/// 0.55 GiB with this, in the same time (84 s). Other allocators and
/// systems keep their own ways.
pub fn give_back_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_MMAP_THRESHOLD_").is_none() {
        // SAFETY: mallopt only sets a parameter of the allocator; it is
        // called before any other thread exists.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD as libc::c_int);
        }
    }
}

pub use nqueens::show_bytes;

/// Two byte counts that differ, shown so that they look it: as
/// [`show_bytes`] where that tells them apart, else with more decimals in
/// the larger's unit ("needs 4.0 GiB, more than 4.0 GiB" hid why).
///
/// ```
/// use nqueens_cli::limits::show_bytes_apart;
/// assert_eq!(show_bytes_apart(3 << 29, 1 << 30), ("1.5 GiB".into(), "1.0 GiB".into()));
/// assert_eq!(
///     show_bytes_apart((4 << 30) + (10 << 20), 4 << 30),
///     ("4.01 GiB".into(), "4.00 GiB".into())
/// );
/// ```
pub fn show_bytes_apart(a: u64, b: u64) -> (String, String) {
    let (x, y) = (show_bytes(a), show_bytes(b));
    if x != y || a == b || a.max(b) < 1024 {
        return (x, y);
    }
    let units = ["KiB", "MiB", "GiB", "TiB"];
    let unit = units
        .iter()
        .position(|u| x.ends_with(u))
        .unwrap_or(units.len() - 1);
    let scale = 1024f64.powi(unit as i32 + 1);
    for decimals in 2..=6 {
        let (p, q) = (
            format!("{:.*} {}", decimals, a as f64 / scale, units[unit]),
            format!("{:.*} {}", decimals, b as f64 / scale, units[unit]),
        );
        if p != q {
            return (p, q);
        }
    }
    (
        nqueens::plural(u128::from(a), "byte", "bytes"),
        nqueens::plural(u128::from(b), "byte", "bytes"),
    )
}

/// A byte count as `--memory` takes it, rounded up to a whole K, M or G (so
/// that a message can say what to type): `5K`, `513M`, `18G`.
pub fn flag_bytes(b: u64) -> String {
    let (unit, shift) = if b > 1 << 30 {
        ('G', 30)
    } else if b > 1 << 20 {
        ('M', 20)
    } else {
        ('K', 10)
    };
    format!("{}{unit}", b.div_ceil(1 << shift).max(1))
}

/// The digits of the numbers `from..from + n`.
pub fn digits_of_range(from: usize, n: usize) -> u128 {
    let (mut total, mut start, end) = (0u128, from as u128, (from + n) as u128);
    let mut digits = 1u128;
    let mut next = 10u128;
    while start < end {
        if start < next {
            let stop = end.min(next);
            total += (stop - start) * digits;
            start = stop;
        }
        digits += 1;
        next *= 10;
    }
    total
}

/// The bytes the one-line forms take for a board of `n` columns counted
/// from `base`: every column's digits and its separators, and in pairs
/// every row's too (`r, c; `).
pub fn text_bytes(style: nqueens::Style, n: usize, base: usize) -> f64 {
    let digits = digits_of_range(base, n) as f64;
    let n = n as f64;
    match style {
        nqueens::Style::Lines | nqueens::Style::Json => digits + n,
        nqueens::Style::Pairs => 2.0 * digits + 4.0 * n,
        _ => digits + 2.0 * n,
    }
}

/// Whether a checkpoint save is due `since` the last, which took `took`:
/// after `every` (`--checkpoint-every`), and ten times `took` at least, so
/// that saving takes a tenth of the time at most (each save writes the
/// whole file: `--checkpoint-every 1e-9` saved after every task, the bytes
/// written grew with the square of the tasks, and n = 16 took 80 times as
/// long).
pub fn save_due(
    since: std::time::Duration,
    every: std::time::Duration,
    took: std::time::Duration,
) -> bool {
    since >= every.max(took.saturating_mul(10))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block over the threshold is mapped even after a larger one was
    /// freed, which would have raised glibc's own threshold above it.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn large_blocks_are_mapped_so_that_freeing_them_gives_them_back() {
        if std::env::var_os("MALLOC_MMAP_THRESHOLD_").is_some() {
            return;
        }
        give_back_large_blocks();
        drop(std::hint::black_box(vec![1u8; 8 * MMAP_THRESHOLD]));
        let block = std::hint::black_box(vec![1u8; 2 * MMAP_THRESHOLD]);
        // SAFETY: mallinfo2 only reads the allocator's statistics.
        let mapped = unsafe { libc::mallinfo2() }.hblkhd;
        assert!(mapped >= block.len(), "{mapped} bytes mapped");
    }

    #[test]
    fn bytes_for_people() {
        assert_eq!(show_bytes(500), "500 bytes");
        assert_eq!(show_bytes(3 << 29), "1.5 GiB");
    }

    #[test]
    fn bytes_for_the_flag_round_up_and_read_back() {
        assert_eq!(flag_bytes(0), "1K");
        assert_eq!(flag_bytes(5000), "5K");
        assert_eq!(flag_bytes(1 << 20), "1024K");
        assert_eq!(flag_bytes((1 << 20) + 1), "2M");
        assert_eq!(flag_bytes(18_253_611_008), "17G");
        assert_eq!(flag_bytes(18_253_611_009), "18G");
        for b in [1, 999, 1 << 20, 3 << 29, 18_253_611_009] {
            let read = crate::flags::values::bytes(&flag_bytes(b)).unwrap();
            assert!(read >= b && read - b < 1 << 30, "{b}");
        }
    }

    /// Counts the steps of a search up to its first solution.
    struct StepsToFirst {
        steps: u64,
        solved: bool,
    }

    impl nqueens::Sink for StepsToFirst {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, event: &nqueens::Event<'_>) -> std::ops::ControlFlow<()> {
            self.steps += 1;
            if let nqueens::Event::Solution { .. } = event {
                self.solved = true;
                return std::ops::ControlFlow::Break(());
            }
            std::ops::ControlFlow::Continue(())
        }

        fn solution(&mut self, _: &[usize]) -> std::ops::ControlFlow<()> {
            std::ops::ControlFlow::Continue(())
        }
    }

    #[test]
    fn the_default_step_limit_reaches_every_first_solution_up_to_8() {
        let permutations = nqueens::brute_force_permutations().into_iter();
        for a in nqueens::algorithms().iter().copied().chain(permutations) {
            for n in (1..=8).filter(|&n| n != 2 && n != 3) {
                let mut sink = StepsToFirst {
                    steps: 0,
                    solved: false,
                };
                a.search(n, &mut sink).unwrap();
                assert!(sink.solved, "{} n = {n}", a.name());
                assert!(
                    sink.steps <= TRACE_STEPS,
                    "{} n = {n}: {} steps",
                    a.name(),
                    sink.steps
                );
            }
        }
    }

    /// The size said before a long write is the size written (pairs,
    /// which spell every row too, were said at half theirs).
    #[test]
    fn the_size_said_is_the_size_written() {
        for style in [
            nqueens::Style::Lines,
            nqueens::Style::List,
            nqueens::Style::Json,
            nqueens::Style::Pairs,
        ] {
            for n in [9, 10, 11, 999, 1_000, 12_345] {
                for one_based in [false, true] {
                    let mut written = Vec::new();
                    let options = nqueens::RenderOptions { one_based };
                    nqueens::write_columns(&mut written, n, 0..n, style, options).unwrap();
                    let said = text_bytes(style, n, usize::from(one_based));
                    let off = (said - written.len() as f64).abs() / written.len() as f64;
                    assert!(
                        off < 0.01 || n < 100,
                        "{style:?} {n}: {said} said, {} written",
                        written.len()
                    );
                }
            }
        }
        assert_eq!(digits_of_range(0, 100_000_000), 788_888_890);
        assert_eq!(digits_of_range(1, 9), 9);
    }

    #[test]
    fn a_save_waits_ten_times_as_long_as_the_last_took() {
        use std::time::Duration;
        let ms = Duration::from_millis;
        // The interval asked for, when saves are quick.
        assert!(!super::save_due(ms(4_999), ms(5_000), ms(3)));
        assert!(super::save_due(ms(5_000), ms(5_000), ms(3)));
        // A tiny interval: ten times the last save's time.
        let tiny = Duration::from_nanos(1);
        assert!(!super::save_due(ms(29), tiny, ms(3)));
        assert!(super::save_due(ms(30), tiny, ms(3)));
        assert!(super::save_due(tiny, tiny, Duration::ZERO));
    }
}
