//! The public API at its edges: values a caller may pass that no reader
//! makes (huge boards, huge offsets, a task given twice). Each gets an
//! answer or an error, never an overflow (tests are built with overflow
//! checks, as every debug build is) nor a file its own reader refuses.

use nqueens::{
    auto_engine, check_known, count_completions, parse_placements_part, write_svg, Clash, Counter,
    Error, InputFormat, InputPart, Instance, KnownMismatch, Picture, Square, Tally, TaskLog,
    TaskLogError,
};
use std::sync::atomic::AtomicBool;

/// A part of an input after `usize::MAX` lines or boards: its errors name
/// the last line there is, and its closing line is compared, not added past
/// the end (both overflowed).
#[test]
fn a_part_after_every_line_there_is() {
    let board = ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n";
    let far = InputPart {
        lines: usize::MAX,
        boards: usize::MAX,
    };
    let e = parse_placements_part(". Q . z\n", InputFormat::Drawn, false, far).unwrap_err();
    assert_eq!(e.line, Some(usize::MAX));
    let e = parse_placements_part(
        &format!("{board}3 solutions\n"),
        InputFormat::Drawn,
        false,
        far,
    )
    .unwrap_err();
    assert!(e.to_string().contains("the closing line says 3"), "{e}");
}

/// Any number of threads counts completions (24 tasks a thread overflowed).
#[test]
fn completions_on_every_thread_there_could_be() {
    let instance = Instance::new(6).unwrap();
    let (count, _) = count_completions(&instance, usize::MAX, &AtomicBool::new(false)).unwrap();
    assert_eq!(count, Some(4));
}

/// Past the join engine's boards a memory budget picks the constellation
/// engine, and past every engine the count says so.
#[test]
fn a_memory_budget_past_the_join_boards() {
    for n in [29, 30, 31, 40, 64, 1_000] {
        assert_eq!(
            auto_engine(n, 4, Some(1 << 30)).name(),
            "constellation",
            "n = {n}"
        );
    }
    let e = Counter::new(41).memory(1 << 30).count().unwrap_err();
    assert!(matches!(e, Error::TooLarge { n: 41, .. }), "{e}");
}

#[test]
fn numbers_from_any_first_are_said_whole() {
    let far = usize::MAX;
    let mut svg = Vec::new();
    let picture = Picture::new(3)
        .with_coordinates(true)
        .with_coordinates_from(far);
    write_svg(&mut svg, &picture).unwrap();
    let svg = String::from_utf8(svg).unwrap();
    assert!(svg.contains(">18446744073709551617<"), "{svg}");
    let clash = Clash::Blocked(Square::new(2, 0));
    assert_eq!(
        clash.numbered_from(far).to_string(),
        "the pre-placed queen at row 18446744073709551617, column 18446744073709551615 stands on \
         a blocked square"
    );
}

#[test]
fn a_picture_too_large_to_draw_is_larger_than_any_side() {
    let (w, h) = Picture::new(4).with_square_size(u32::MAX).png_size();
    assert_eq!((w, h), (u32::MAX, u32::MAX));
    assert_eq!(Picture::new(usize::MAX).png_size(), (u32::MAX, u32::MAX));
}

#[test]
fn an_error_of_a_zero_board_is_said() {
    let e = Error::DiagonalOutOfRange {
        value: 0,
        n: 0,
        kind: "sum diagonal",
    };
    assert!(e.to_string().contains("numbered 0 to 0"), "{e}");
}

/// A log takes each task of its plan once; what it refuses is never
/// written, so what it wrote is read back.
#[test]
fn a_task_log_takes_each_task_once() {
    let mut log = TaskLog::new(8, "backtrack", 4, "00ff00ff00ff00ff");
    let mut text = log.header_line();
    text += &log.record(2, Tally::default()).unwrap();
    assert!(matches!(
        log.record(2, Tally::default()),
        Err(TaskLogError::Twice { index: 2 })
    ));
    assert!(matches!(
        log.record(4, Tally::default()),
        Err(TaskLogError::NoSuchTask { index: 4, tasks: 4 })
    ));
    assert_eq!(TaskLog::parse(&text).unwrap(), log);
}

#[test]
fn a_count_against_the_published_one() {
    assert_eq!(check_known(8, 92, Some(12)), Ok(()));
    assert_eq!(
        check_known(8, 91, Some(12)),
        Err(KnownMismatch::Total {
            n: 8,
            counted: 91,
            published: 92
        })
    );
    assert_eq!(check_known(28, 1, Some(1)), Ok(()));
}

/// The memory a board would take, asked before allocating it: past the
/// boards a method takes, more than any machine has.
#[test]
fn memory_of_boards_past_every_limit() {
    assert_eq!(nqueens::completion_memory(1 << 33, 1), u64::MAX);
    assert_eq!(nqueens::completion_memory(usize::MAX, 8), u64::MAX);
    assert!(nqueens::min_conflicts_memory(usize::MAX) > 1 << 60);
}

/// Engines, plans and algorithms print, so a `Result` holding one can be
/// unwrapped.
#[test]
fn the_pluggable_parts_print() {
    use nqueens::Engine;
    let engine = nqueens::engine_by_name("join").unwrap();
    assert_eq!(format!("{engine:?}"), r#"Engine { name: "join" }"#);
    let plan = nqueens::BacktrackEngine.plan(8).unwrap();
    assert!(format!("{plan:?}").starts_with("Plan { n: 8, tasks: "));
    let e = nqueens::find_algorithm("quantum").unwrap_err();
    assert!(e.to_string().contains("quantum"), "{e}");
}

/// A rough time past every board is "longer than anything", not a wrapped
/// exponent (it said 1.7e-14 s for usize::MAX).
#[test]
fn rough_times_grow_with_the_board() {
    for engine in nqueens::engines() {
        let t = engine.rough_cpu_seconds(usize::MAX);
        assert!(t > 1e30, "{}: {t}", engine.name());
    }
}

/// A stop flag set before the call stops every completion search before
/// it finds anything, narrow boards and wide: `complete` found a
/// completion and `for_each_completion` visited 183 of n = 12 first, while
/// `count_completions` said stopped at once.
#[test]
fn a_stop_set_before_the_call_stops_at_once() {
    use nqueens::{complete, for_each_completion, Answer};
    let stop = AtomicBool::new(true);
    for n in [12, 100] {
        let instance = Instance::new(n).unwrap();
        let (answer, _) = complete(&instance, &stop).unwrap();
        assert_eq!(answer, Answer::Stopped, "n = {n}");
        let mut seen = 0;
        let (_, stopped) = for_each_completion(&instance, &stop, &mut |_| {
            seen += 1;
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
        assert!(stopped && seen == 0, "n = {n}: {seen} visited");
        assert_eq!(
            count_completions(&instance, 2, &stop).unwrap().0,
            None,
            "n = {n}"
        );
    }
}
