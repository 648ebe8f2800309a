//! # nqueens
//!
//! Place `n` queens on an `n`×`n` chessboard so that no two share a row, a
//! column or a diagonal. This crate finds the first such board, streams all of
//! them, counts them (OEIS A000170) and counts them up to rotation and
//! reflection (OEIS A002562), and checks boards that people bring.
//!
//! It is the library behind the `nqueens` command; it does no terminal I/O and
//! has no command-line parsing, so it fits in any program.
//!
//! ## A solution is a column per row
//!
//! Rows are numbered from the top and columns from the left, from 0. A
//! [`Solution`] stores the column of each row's queen, so the first solution of
//! the classic 8×8 puzzle, in lexicographic order, is:
//!
//! ```
//! let first = nqueens::first(8)?.expect("8 queens can be placed");
//! assert_eq!(first.columns(), &[0, 4, 7, 5, 2, 6, 1, 3]);
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! Boards of size 2 and 3 have no solution, and say so with `None`:
//!
//! ```
//! assert_eq!(nqueens::first(3)?, None);
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! ## Every solution, lazily
//!
//! [`solutions`] is an [`Iterator`] in lexicographic order. It computes each
//! solution only when asked and keeps O(n) state, so taking a few solutions
//! is quick up to n = 32 or so, and streaming millions of them uses no more
//! memory. (Past that the first solutions by backtracking take seconds to
//! hours: 14 s at n = 34, over 45 s from n = 36 in the `dev` profile; for a
//! large board, [`construct`] or [`MinConflicts`].)
//!
//! ```
//! let mut all = nqueens::solutions(8)?;
//! assert_eq!(all.next().unwrap().to_string(), "[0, 4, 7, 5, 2, 6, 1, 3]");
//! assert_eq!(all.count(), 91);
//!
//! let some: Vec<_> = nqueens::solutions(30)?.take(3).collect();
//! assert_eq!(some.len(), 3);
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! For tight loops, [`Solutions::next_columns`] lends each solution as a slice
//! without allocating, and [`search()`] pushes solutions to a [`Sink`] that can
//! stop the search by returning [`ControlFlow::Break`](std::ops::ControlFlow):
//!
//! ```
//! use std::ops::ControlFlow;
//!
//! // Find the first solution of 10 queens with a queen in the top-right corner.
//! let mut found = None;
//! nqueens::search(10, &mut |cols: &[usize]| {
//!     if cols[0] == 9 {
//!         found = Some(cols.to_vec());
//!         ControlFlow::Break(())
//!     } else {
//!         ControlFlow::Continue(())
//!     }
//! })?;
//! assert_eq!(found.unwrap()[0], 9);
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! ## Counting, with and without symmetry
//!
//! Rotating or reflecting a solution gives a solution. [`count()`] returns Q(n),
//! every solution; [`count_all`] returns Q(n) and the number of symmetry classes
//! in one pass; [`known_total`] and [`known_unique`] give the published values for n = 1..27.
//!
//! ```
//! assert_eq!(nqueens::count(8)?, 92);
//! let c = nqueens::count_all(10)?;
//! assert_eq!((c.total, c.unique), (724, 92));
//! assert_eq!(nqueens::known_total(27), Some(234_907_967_154_122_528));
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! For large boards, [`Counter`] counts on every core (or on as many threads
//! as [`Counter::threads`] says) with the fastest engine that fits in the
//! memory given:
//!
//! ```
//! let counts = nqueens::Counter::new(14).threads(2).count()?;
//! assert_eq!((counts.total, counts.unique), (365_596, 45_752));
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! Beneath it, [`engines`] split a count into a plan of
//! independent tasks that [`run_plan`] counts on several threads;
//! the sum is exact, and the classes come out of the same run.
//! [`auto_engine`] picks the fastest engine for a board: from n = 14 to 28
//! the join engine ([`JoinEngine`]), which joins half boards built from quarter
//! boards instead of backtracking:
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use nqueens::{auto_engine, count_plan_on, engine_by_name, run_plan, Quiet};
//!
//! let engine = auto_engine(16, 2, None);
//! assert_eq!(engine.name(), "join");
//! let tally = count_plan_on(engine.plan(16)?.as_ref(), 2);
//! assert_eq!((tally.solutions, tally.unique()), (14_772_512, Some(1_846_955)));
//!
//! // Any subset of the tasks, with a flag to stop early and a sink told of each.
//! let plan = engine_by_name("constellation").unwrap().plan(12)?;
//! let tasks: Vec<usize> = (0..plan.len()).collect();
//! let result = run_plan(plan.as_ref(), &tasks, 2, &AtomicBool::new(false), &mut Quiet);
//! assert_eq!(result.tally.solutions, 14_200);
//! assert_eq!(result.tally.unique(), Some(1_787));
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! The eight [`Symmetry`] values act on solutions; each class is represented by
//! its lexicographically smallest member ([`Solution::canonical`]), and
//! [`unique_solutions`] lists those representatives:
//!
//! ```
//! use nqueens::{Solution, Symmetry};
//!
//! let s = Solution::new(vec![0, 4, 7, 5, 2, 6, 1, 3])?;
//! let turned = Symmetry::Rotate90.apply(&s);
//! assert_eq!(turned.canonical(), s.canonical());
//! assert_eq!(s.orbit_size(), 8);
//!
//! let reps: Vec<_> = nqueens::unique_solutions(8)?.collect();
//! let total: usize = reps.iter().map(Solution::orbit_size).sum();
//! assert_eq!((reps.len(), total), (12, 92));
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! ## Checking a board
//!
//! [`verify`] checks a column list in O(n). For boards drawn by people, which
//! may have two queens in a row or none, [`parse_placements`] reads the text and
//! [`Placement::conflicts`] lists every attacking pair and how they attack:
//!
//! ```
//! use nqueens::{parse_placements, Attack};
//!
//! assert!(nqueens::verify(&[1, 3, 0, 2]).is_ok());
//!
//! let board = "Q . . .\n. . Q .\n. . . .\n. . Q Q\n";
//! let placement = &parse_placements(board, false)?[0];
//! let how: Vec<Attack> = placement.conflicts().map(|c| c.attack).collect();
//! assert_eq!(how, [Attack::Row, Attack::Column, Attack::Diagonal]);
//! assert!(placement.empty_rows().eq([2]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Huge boards
//!
//! Counting stops near n = 27; finding *one* solution does not. The
//! huge-board functions work on plain column numbers, one row at a time:
//! [`construct`] yields the classical explicit solution for
//! any n ≥ 4 in O(1) per row, [`MinConflicts`] repairs a
//! random board by local search (a seed gives other solutions, reproducibly),
//! [`random_solution`] draws a solution uniformly for small n,
//! and [`LineVerifier`] checks a board pushed to it column by
//! column in O(n) bits, without ever holding it:
//!
//! ```
//! use nqueens::construct;
//! use nqueens::{MinConflicts, MinConflictsOutcome as Outcome};
//! use nqueens::LineVerifier;
//!
//! let n = 1_000_000;
//! let mut check = LineVerifier::with_size(n);
//! construct(n)?.expect("n ≥ 4 has a solution").for_each(|col| check.push(col));
//! assert!(check.finish().is_solution());
//!
//! let search = MinConflicts { seed: 7, ..MinConflicts::default() };
//! let (Outcome::Found(board), stats) = search.solve(10_000)? else { panic!("no board") };
//! assert!(nqueens::verify(&board.iter().map(|&c| c as usize).collect::<Vec<_>>()).is_ok());
//! assert_eq!(search.solve(10_000)?.0, Outcome::Found(board)); // the same seed, the same board
//! # let _ = stats;
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! ## Completing a board
//!
//! [`Instance`] holds pre-placed queens, blocked squares and
//! excluded diagonals on a board of up to [`COMPLETE_MAX_N`] rows; [`parse_instance`]
//! reads one from a drawn board, the published CSPLib files or JSON, and
//! [`complete()`], [`for_each_completion`] and [`count_completions`]
//! find a completion (or prove there is none), list them or count them:
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use nqueens::{parse_instance, Answer, ReadOptions};
//!
//! let (instance, _) = parse_instance("Q . . . . . . .\n. . x . . . . .\n. . . . . . . .\n\
//!     . . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n",
//!     ReadOptions::default())?;
//! let stop = AtomicBool::new(false);
//! let (Answer::Found(board), _) = nqueens::complete(&instance, &stop)? else { panic!() };
//! assert!(instance.accepts(&board) && board[0] == 0);
//! let (count, _) = nqueens::count_completions(&instance, 2, &stop)?;
//! assert_eq!(count, Some(4)); // the four 8-queens solutions with a queen in the corner
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The classic algorithms, step by step
//!
//! Eleven classic searches (brute force, recursive backtracking, an explicit
//! stack, bitwise masks, dancing links, breadth-first, …) stand behind one
//! trait, [`Algorithm`]; [`algorithms`] lists them and [`find_algorithm`]
//! finds one by name. Each [`Algorithm::search`] passes every solution to a
//! [`Sink`] and returns [`Stats`] (nodes, reads, writes) counted as it goes:
//!
//! ```
//! use nqueens::{find_algorithm, SolutionCounter};
//!
//! for algorithm in nqueens::algorithms() {
//!     let mut counter = SolutionCounter::default();
//!     let stats = algorithm.search(6, &mut counter)?;
//!     assert_eq!((counter.total, stats.solutions), (4, 4), "{}", algorithm.name());
//! }
//! let dlx = find_algorithm("dancing-links")?; // `?` works where nqueens::Error is returned
//! assert!(dlx.max_n() >= 8);
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! **Tracing.** A sink whose [`Sink::tracing`] says `true` also receives
//! every step of the search as an [`Event`] (place, reject, backtrack, and
//! each algorithm's own: push, pop, cover, …); the algorithms skip that work
//! for every other sink. [`Replay`] rebuilds the board, the algorithm's
//! structure (stack, masks, queue, …) and the search tree from the events and
//! words each step, with the line of [`pseudocode`] it executes; [`Trace`] is
//! the ready-made sink that does it and keeps the steps:
//!
//! ```
//! use nqueens::{find_algorithm, pseudocode, Trace};
//!
//! let mut trace = Trace::new("recursive", 4).with_limit(5);
//! find_algorithm("recursive")?.search(4, &mut trace)?;
//! assert_eq!(trace.steps.len(), 5);
//! let first = &trace.steps[0];
//! assert_eq!(first.says, "check (0, 0) against s[0..0]: 0 entries compared, none attacks it");
//! if let Some(line) = first.line {
//!     println!("{}   <- {}", first.says, pseudocode("recursive")[line]);
//! }
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! For a search too long to keep, implement [`Sink::event`] yourself and
//! look at each [`Event`] (or [`Replay::apply`] it) as it comes.
//!
//! ## Printing
//!
//! [`write_solution`] writes a solution as a drawn board (`■`/`□` or
//! `Q`/`.`), a list, a JSON line, one column per line, or the LeetCode 51
//! form, to any [`std::io::Write`]; [`write_columns`] writes the
//! columns an iterator yields, so a board of a billion queens streams out
//! (as a list, one column a line, JSON or pairs).
//!
//! ## Pictures
//!
//! [`write_svg`] draws a board as a standalone SVG for slides and web
//! pages, and [`write_png`] as a PNG (drawn by this crate and encoded by the
//! `png` crate, without the text). A [`Picture`] says what to show: the
//! queens, and optionally the squares they attack shaded, pairs in conflict
//! joined by a red line, framed squares, labels, row and column numbers and a
//! caption. [`write_animated_svg`] plays the steps of a traced search.
//!
//! ```
//! use nqueens::{write_svg, Picture};
//! use nqueens::Placement;
//!
//! // A board with one mistake: (0, 0) and (5, 5) share a diagonal.
//! let placement = Placement::from_columns(vec![0, 2, 4, 1, 3, 5])?;
//! let picture = Picture::from_placement(&placement)
//!     .with_attacked_shaded(true)
//!     .with_caption("one conflict");
//!
//! let mut svg = Vec::new();
//! write_svg(&mut svg, &picture)?;
//! let svg = String::from_utf8(svg)?;
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("<line ").count(), 1); // the conflict
//! assert_eq!(svg.matches("<use ").count(), 6); // the queens
//! // std::fs::write("conflict.svg", svg)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Errors
//!
//! Most fallible functions return [`Error`], whose variants say exactly what
//! was wrong (a zero or too large `n`, a queen off the board, a conflict,
//! a clash between an instance's queens and blocks, an unknown algorithm's
//! name) so that a front end can explain it; the readers of text and files return
//! their own ([`ParseError`], [`ReadError`], [`CheckpointError`],
//! [`TaskLogError`], [`SliceError`]), each function's `# Errors` says which.

#![deny(missing_docs)]
// The crate is on edition 2024 (for its doctests, merged into one binary),
// whose clippy asks for `if let ... && ...` chains; the nested `if`s were
// written under 2021 and read as well.
#![allow(clippy::collapsible_if)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod algo;
mod board;
mod complete;
mod count;
mod drawn;
mod error;
mod huge;
mod known;
mod leetcode;
mod parse;
mod read;
mod render;
mod rng;
mod search;
mod sink;
mod square;
mod symmetry;
mod words;

pub use crate::{
    // The classic algorithms behind one trait, their registry, and what they
    // tell a learner: statistics, replays, pseudocode.
    algo::{
        about, algorithm_names, algorithms, brute_force_permutations, find as find_algorithm,
        generator::{Generator, GeneratorFrame},
        pseudocode, About, Algorithm, Counters, LiveTally, Mark, MarkKind, MasksRow, Replay, Stats,
        Step, Structure, Trace, TreeMark, TreeNode, UnknownAlgorithm, LEGEND, TRACE_STEPS,
    },
    // The board: squares, placements, solutions, their symmetries, reading them.
    board::{verify, Conflicts, Placement, Solution},
    // Completion: pre-placed queens, blocked squares, excluded diagonals.
    complete::{
        complete, complete_on, count as count_completions,
        count_with_progress as count_completions_with_progress, for_each as for_each_completion,
        memory as completion_memory, parse_instance, Answer, Clash, CountProgress,
        Format as InstanceFormat, Instance, ReadOptions, Stats as CompletionStats,
        MAX_N as COMPLETE_MAX_N,
    },
    // Counting Q(n) and U(n): the engines, their plans and tasks, threads,
    // checkpoints, slices, estimates and the one-line report.
    count::{
        auto_engine,
        backtrack::BacktrackEngine,
        checkpoint::current_version as checkpoint_version,
        checkpoint::{Checkpoint, CheckpointError, CheckpointFile},
        constellation::ConstellationEngine,
        constellation::CONSTELLATION_MAX_N,
        count, count_all, count_unique,
        disjoint::count_disjoint,
        disjoint::Kernel as DisjointKernel,
        disjoint::Scratch as DisjointScratch,
        engine_by_name, engines,
        estimate::dry_run,
        estimate::dry_run_on,
        estimate::dry_run_within,
        estimate::estimate,
        estimate::DryRun,
        estimate::Estimate,
        executor::default_threads,
        executor::run as run_plan,
        executor::run_all as count_plan_on,
        executor::try_run as try_run_plan,
        executor::RunResult,
        fixed_by_turns::fixed_by,
        fixed_by_turns::Turn,
        join::JoinEngine,
        join::JOIN_MAX_N,
        plan::count_plan,
        plan::plan_fingerprint,
        plan::Engine,
        plan::Plan,
        plan::TaskSample,
        projection::Projection,
        projection::WallTime,
        projection::PROJECTION_SAMPLES,
        report::json_line as count_json_line,
        report::text_line as count_text_line,
        slice::current_version as slice_version,
        slice::merge as merge_slices,
        slice::Gap as SliceGap,
        slice::Merged,
        slice::PartialResult,
        slice::Slice,
        slice::SliceError,
        task_log::Difference as TaskDifference,
        task_log::Overlap as TaskOverlap,
        task_log::TaskLog,
        task_log::TaskLogError,
        task_log::TaskLogLock,
        task_log::TaskLogNote,
        task_log::TaskLogWriter,
        Counter, Counts, AUTO_JOIN_FROM,
    },
    error::{Error, ParseError, ReadHint, Source},
    // Boards of any size: the construction, min-conflicts, random solutions.
    huge::{
        construct::construct, construct::Construction,
        min_conflicts::memory as min_conflicts_memory, min_conflicts::MinConflicts,
        min_conflicts::Outcome as MinConflictsOutcome, min_conflicts::Start as MinConflictsStart,
        min_conflicts::Stats as MinConflictsStats, min_conflicts::MAX_N as MIN_CONFLICTS_MAX_N,
        random_solution::nth_solution, random_solution::random_solution,
        random_solution::uniform as uniform_solution, random_solution::Method as RandomMethod,
        random_solution::RANDOM_START_MAX, random_solution::UNIFORM_MAX,
    },
    // The published counts (OEIS A000170 and A002562).
    known::{
        check as check_known, total as known_total, unique as known_unique, KnownMismatch, A000170,
        A002562,
    },
    parse::{
        parse_placements, parse_placements_as, parse_placements_part,
        parse_placements_with_blocked, InputPart,
    },
    // Reading placements of any size as they stream by, and checking them in
    // O(n) bits.
    read::{
        is_column_list, sniff_format, ColumnReader, InputFormat, LineConflict, LineVerifier,
        PagedBitSet, ParallelVerifier, ReadError, Streamed, Verdict, CONFLICTS_KEPT, DETAIL_MAX,
    },
    // Pictures and text: boards drawn as text, SVG, animated SVG and PNG.
    render::{
        write_animated_svg, write_columns, write_png, write_solution, write_svg, Frame,
        FrameRecorder, Options as RenderOptions, Picture, Style, DEFAULT_SQUARE_SIZE,
        MAX_CONFLICTS_DRAWN, MAX_FRAMES, MAX_PNG_N, MAX_PNG_SIDE, MAX_SVG_N,
    },
    // The fast search: the first solution, all of them, one per class.
    search::{first, search, solutions, unique_solutions, Solutions, UniqueSolutions, MAX_N},
    // The one visitor: solutions, trace steps and finished count tasks, each
    // of which can stop the work, and what it is told (events, tallies).
    sink::{
        event::{Event, Item, ItemKind, StackEntry},
        tally::Tally,
        Canonical, Collect, Count as SolutionCounter, Quiet, Sink,
    },
    square::{Attack, Conflict, Square},
    symmetry::Symmetry,
    words::{
        article, grouped, plural, show_bytes, show_duration, show_duration_as,
        show_duration_interval,
    },
};
