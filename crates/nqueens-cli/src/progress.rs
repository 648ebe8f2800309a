//! A progress bar on stderr for long counts, drawn by `indicatif`: tasks
//! done, solutions so far, elapsed time, rate and time left, and a bar as
//! wide as the terminal leaves room for (on a narrow terminal the line drops
//! the elapsed time and the rate, then the solutions). Redrawn at most a few
//! times a second, and erased at the end (or when dropped) so that it never
//! mixes with output.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use console::Term;
use indicatif::{
    ProgressBar, ProgressDrawTarget, ProgressFinish, ProgressState, ProgressStyle, TermLike,
};
use nqueens::{grouped, plural, show_duration};

/// The bar's state. When disabled it is an `indicatif` hidden bar, which
/// draws nothing.
pub struct Progress {
    bar: ProgressBar,
    /// The terminal the bar is drawn on, asked for its width; none when hidden.
    term: Option<Box<dyn TermLike>>,
    total: usize,
    done: usize,
    /// Tasks done before this run (from a checkpoint); rate and ETA use the rest.
    done_before: usize,
    /// Solutions so far, shared with the bar's `{solutions}` key.
    solutions: Arc<Mutex<u128>>,
    /// What they are called, one and many: "solution(s)" or "completion(s)".
    noun: (&'static str, &'static str),
    /// The style of each entry of [`LAYOUTS`].
    styles: Vec<ProgressStyle>,
    /// The layout drawn, and when it was chosen.
    layout: Option<(usize, Instant)>,
}

/// Redraws a second, at most.
const HZ: u8 = 4;

/// How often the layout is fitted to the terminal's width again.
const REFIT: Duration = Duration::from_millis(250);

/// The fewest columns a layout leaves the bar.
const MIN_BAR: usize = 10;

/// What the line shows besides the bar.
#[derive(Clone, Copy)]
enum Field {
    /// `252/1,000 tasks`.
    Tasks,
    /// `1,237,567 solutions`.
    Solutions,
    /// Time since this run started: `3m 05s`.
    Time,
    /// `12.5 tasks/s` (or `2.0s/task`), this run's tasks only.
    Rate,
    /// `ETA 1h 02m`, from this run's rate.
    Eta,
}

impl Field {
    /// Its part of the template.
    fn template(self) -> &'static str {
        match self {
            Field::Tasks => "{tasks} tasks",
            Field::Solutions => "{solutions}",
            Field::Time => "{time}",
            Field::Rate => "{rate}",
            Field::Eta => "ETA {left}",
        }
    }
}

/// The lines the bar can show, longest first: the first that leaves the bar
/// [`MIN_BAR`] columns is drawn (the last if none does).
const LAYOUTS: [&[Field]; 3] = [
    &[
        Field::Tasks,
        Field::Solutions,
        Field::Time,
        Field::Rate,
        Field::Eta,
    ],
    &[Field::Tasks, Field::Solutions, Field::Eta],
    &[Field::Tasks, Field::Eta],
];

/// Between fields.
const SEPARATOR: &str = " · ";

/// `252/1,000`.
fn tasks(done: u64, total: u64) -> String {
    format!(
        "{}/{}",
        grouped(u128::from(done)),
        grouped(u128::from(total))
    )
}

/// Tasks a second, from the `fresh` tasks done in `seconds`: `?` before the first.
fn rate(fresh: u64, seconds: f64) -> String {
    if fresh == 0 || seconds <= 0.0 {
        return "? tasks/s".into();
    }
    let r = fresh as f64 / seconds;
    if r >= 100.0 {
        format!("{} tasks/s", grouped(r.round() as u128))
    } else if r >= 1.0 {
        format!("{r:.1} tasks/s")
    } else {
        format!("{:.1}s/task", 1.0 / r)
    }
}

/// The time left for `left` tasks when `fresh` took `seconds`: `?` before
/// the first.
fn eta(fresh: u64, seconds: f64, left: u64) -> String {
    if fresh == 0 {
        "?".into()
    } else {
        show_duration(seconds / fresh as f64 * left as f64)
    }
}

/// The style of one layout. Rate and ETA count only the tasks done after
/// `done_before` (those of this run, not of the checkpoint it resumes).
fn style(
    fields: &[Field],
    done_before: u64,
    solutions: &Arc<Mutex<u128>>,
    (one, many): (&'static str, &'static str),
) -> ProgressStyle {
    let parts: Vec<&str> = fields.iter().map(|f| f.template()).collect();
    let template = format!("{{wide_bar}} {}", parts.join(SEPARATOR));
    let style = match ProgressStyle::with_template(&template) {
        Ok(style) => style,
        // The templates are made of constants, checked by a test.
        Err(_) => ProgressStyle::default_bar(),
    };
    let fresh = move |s: &ProgressState| s.pos().saturating_sub(done_before);
    let solutions = Arc::clone(solutions);
    style
        .progress_chars("█░")
        .with_key("tasks", |s: &ProgressState, w: &mut dyn fmt::Write| {
            let _ = w.write_str(&tasks(s.pos(), s.len().unwrap_or(0)));
        })
        .with_key(
            "solutions",
            move |_: &ProgressState, w: &mut dyn fmt::Write| {
                let n = *solutions.lock().unwrap_or_else(PoisonError::into_inner);
                let _ = w.write_str(&plural(n, one, many));
            },
        )
        .with_key("time", |s: &ProgressState, w: &mut dyn fmt::Write| {
            let _ = w.write_str(&show_duration(s.elapsed().as_secs_f64()));
        })
        .with_key("rate", move |s: &ProgressState, w: &mut dyn fmt::Write| {
            let _ = w.write_str(&rate(fresh(s), s.elapsed().as_secs_f64()));
        })
        .with_key("left", move |s: &ProgressState, w: &mut dyn fmt::Write| {
            let left = s.len().unwrap_or(0).saturating_sub(s.pos());
            let _ = w.write_str(&eta(fresh(s), s.elapsed().as_secs_f64(), left));
        })
}

impl Progress {
    /// A bar over `total` tasks of which `done` (and `solutions`) are already
    /// counted, drawn on stderr if `enabled`, whether or not stderr is a
    /// terminal (the caller decides: `--progress auto|always|never`).
    pub fn new(enabled: bool, total: usize, done: usize, solutions: u128) -> Self {
        // Not `ProgressDrawTarget::stderr()`, which hides itself when stderr
        // is not a terminal: `--progress always` draws anyway. Off a terminal
        // the width is console's default, 80 columns.
        Self::on(enabled.then(Term::buffered_stderr), total, done, solutions)
    }

    /// As [`new`](Self::new), the things counted called `one` and `many`
    /// ("completion" and "completions" for `complete --count`, where
    /// "solutions" was shown).
    pub fn counting(mut self, one: &'static str, many: &'static str) -> Self {
        self.noun = (one, many);
        self.restyle();
        self
    }

    /// The style of each layout, for this bar's tasks done before and noun,
    /// and the layout fitted again.
    fn restyle(&mut self) {
        self.styles = LAYOUTS
            .iter()
            .map(|fields| style(fields, self.done_before as u64, &self.solutions, self.noun))
            .collect();
        self.layout = None;
        self.fit();
    }

    /// A bar drawn on `term`, or hidden.
    fn on<T: TermLike + Clone + 'static>(
        term: Option<T>,
        total: usize,
        done: usize,
        solutions: u128,
    ) -> Self {
        let shared = Arc::new(Mutex::new(solutions));
        let target = match &term {
            Some(t) => ProgressDrawTarget::term_like_with_hz(Box::new(t.clone()), HZ),
            None => ProgressDrawTarget::hidden(),
        };
        let bar = ProgressBar::with_draw_target(Some(total as u64), target)
            .with_position(done as u64)
            .with_finish(ProgressFinish::AndClear);
        let mut progress = Progress {
            bar,
            term: term.map(|t| Box::new(t) as Box<dyn TermLike>),
            total,
            done,
            done_before: done,
            solutions: shared,
            noun: ("solution", "solutions"),
            styles: Vec::new(),
            layout: None,
        };
        progress.restyle();
        progress
    }

    /// Chooses the longest layout that leaves the bar room on the terminal.
    fn fit(&mut self) {
        let Some(term) = &self.term else { return };
        let width = usize::from(term.width());
        let seconds = self.bar.elapsed().as_secs_f64();
        let fresh = (self.done - self.done_before) as u64;
        let text = |field: Field| match field {
            Field::Tasks => format!("{} tasks", tasks(self.done as u64, self.total as u64)),
            Field::Solutions => {
                let n = *self
                    .solutions
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                plural(n, self.noun.0, self.noun.1)
            }
            Field::Time => show_duration(seconds),
            Field::Rate => rate(fresh, seconds),
            Field::Eta => {
                let left = (self.total - self.done.min(self.total)) as u64;
                format!("ETA {}", eta(fresh, seconds, left))
            }
        };
        // The room a field may take before the next fit, 250 ms on: the
        // rate, the times and the solutions grow, and a line that outgrew
        // the terminal would wrap.
        let room = |field: Field| match field {
            Field::Tasks => 0,
            Field::Solutions => 20,
            Field::Time => 8,
            Field::Rate => 18,
            Field::Eta => 14,
        };
        let columns = |fields: &[Field]| {
            let text: usize = fields
                .iter()
                .map(|&f| text(f).chars().count().max(room(f)))
                .sum();
            text + SEPARATOR.chars().count() * (fields.len() - 1) + 1
        };
        let chosen = LAYOUTS
            .iter()
            .position(|fields| columns(fields) + MIN_BAR <= width)
            .unwrap_or(LAYOUTS.len() - 1);
        if self.layout.map(|(i, _)| i) != Some(chosen) {
            self.bar.set_style(self.styles[chosen].clone());
        }
        self.layout = Some((chosen, Instant::now()));
    }

    /// One more task counted.
    pub fn task(&mut self, solutions: u128) {
        self.done += 1;
        *self
            .solutions
            .lock()
            .unwrap_or_else(PoisonError::into_inner) += solutions;
    }

    /// Redraws, if enough time has passed.
    pub fn draw(&mut self) {
        if self.term.is_none() {
            return;
        }
        if self.layout.is_none_or(|(_, at)| at.elapsed() >= REFIT) {
            self.fit();
        }
        let done = self.done as u64;
        if self.bar.position() == done {
            // Nothing new counted: the clock and the ETA still move.
            self.bar.tick();
        } else {
            self.bar.set_position(done);
        }
    }

    /// Erases the bar.
    pub fn finish(&mut self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A terminal of a given width that keeps what is written to it.
    #[derive(Debug, Clone)]
    struct Screen {
        width: u16,
        text: Arc<Mutex<String>>,
    }

    impl Screen {
        fn write(&self, s: &str) -> std::io::Result<()> {
            self.text.lock().unwrap().push_str(s);
            Ok(())
        }

        /// Moves the cursor `n` places, as console does: nothing for 0.
        fn cursor(&self, n: usize, direction: char) -> std::io::Result<()> {
            if n == 0 {
                return Ok(());
            }
            self.write(&format!("\x1b[{n}{direction}"))
        }
    }

    impl indicatif::TermLike for Screen {
        fn width(&self) -> u16 {
            self.width
        }
        fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
            self.cursor(n, 'A')
        }
        fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
            self.cursor(n, 'B')
        }
        fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
            self.cursor(n, 'C')
        }
        fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
            self.cursor(n, 'D')
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.write(&format!("{s}\n"))
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.write(s)
        }
        fn clear_line(&self) -> std::io::Result<()> {
            self.write("\r\x1b[2K")
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// `complete --count`'s bar counts completions (it said "solutions").
    #[test]
    fn a_bar_counts_what_it_is_told() {
        let screen = Screen {
            width: 120,
            text: Arc::default(),
        };
        let mut p =
            Progress::on(Some(screen.clone()), 10, 0, 0).counting("completion", "completions");
        p.task(1);
        p.draw();
        let one = screen.text.lock().unwrap().clone();
        let one = one.rsplit("\r\x1b[2K").next().unwrap().to_string();
        assert!(one.contains(" 1/10 tasks · 1 completion"), "{one}");
        assert!(!one.contains("1 completions"), "{one}");
        p.task(3);
        p.draw();
        let text = screen.text.lock().unwrap().clone();
        let last = text.rsplit("\r\x1b[2K").next().unwrap().to_string();
        p.finish();
        assert!(last.contains(" 2/10 tasks · 4 completions"), "{last}");
        assert!(!text.contains("solutions"), "{text}");
    }

    /// A bar on a screen `width` columns wide, resumed at 250 of 1,000
    /// tasks, after `fresh` more tasks of 1,000 solutions each; the screen's
    /// text and the last line drawn.
    fn drawn(width: u16, fresh: usize) -> (String, String) {
        let screen = Screen {
            width,
            text: Arc::default(),
        };
        let mut p = Progress::on(Some(screen.clone()), 1000, 250, 1_234_567);
        for _ in 0..fresh {
            p.task(1000);
        }
        p.draw();
        let text = screen.text.lock().unwrap().clone();
        let last = text.rsplit("\r\x1b[2K").next().unwrap().to_string();
        p.finish();
        let text = screen.text.lock().unwrap().clone();
        (text, last)
    }

    /// How many columns of the line are the bar.
    fn bar(line: &str) -> usize {
        line.chars().filter(|&c| c == '█' || c == '░').count()
    }

    #[test]
    fn the_templates_parse() {
        for fields in LAYOUTS {
            let parts: Vec<&str> = fields.iter().map(|f| f.template()).collect();
            let template = format!("{{wide_bar}} {}", parts.join(SEPARATOR));
            assert!(
                ProgressStyle::with_template(&template).is_ok(),
                "{template}"
            );
        }
    }

    #[test]
    fn the_line_shows_tasks_solutions_time_rate_and_eta_and_is_erased() {
        let (text, line) = drawn(120, 3);
        assert!(
            line.contains(" 253/1,000 tasks · 1,237,567 solutions · "),
            "{line}"
        );
        assert!(
            line.contains("tasks/s · ETA ") || line.contains("s/task · ETA "),
            "{line}"
        );
        assert!(!line.contains("ETA ?"), "{line}");
        // A quarter done: the bar starts full and ends empty.
        assert!(line.starts_with('█') && line.contains("░ "), "{line}");
        assert!(text.ends_with("\r\x1b[2K"), "erased at the end: {text:?}");
    }

    #[test]
    fn resumed_tasks_give_no_rate() {
        // 250 tasks from the checkpoint, none yet in this run.
        let (_, line) = drawn(120, 0);
        assert!(line.contains(" 250/1,000 tasks · "), "{line}");
        assert!(line.contains("? tasks/s · ETA ?"), "{line}");
    }

    #[test]
    fn the_bar_fills_the_width() {
        for width in [100, 130, 160] {
            let (_, line) = drawn(width, 2);
            assert_eq!(
                line.trim_end().chars().count(),
                usize::from(width),
                "{line:?}"
            );
        }
        // The 60 more columns go to the bar, not to more fields or padding.
        // The two lines are drawn at different moments, so their rates may
        // differ by a character or two: the bar takes up the difference.
        let (_, narrow) = drawn(100, 2);
        let (_, wide) = drawn(160, 2);
        let fields = |line: &str| line.matches(SEPARATOR).count();
        assert_eq!(fields(&wide), fields(&narrow), "{narrow:?} {wide:?}");
        let text = |line: &str| line.trim_end().chars().count() - bar(line);
        let (wide_text, narrow_text) = (text(&wide), text(&narrow));
        assert!(wide_text.abs_diff(narrow_text) <= 3, "{narrow:?} {wide:?}");
        assert!(bar(&wide) >= bar(&narrow) + 60 - 3, "{narrow:?} {wide:?}");
    }

    #[test]
    fn a_narrow_terminal_drops_fields() {
        let (_, line) = drawn(70, 2);
        assert!(
            line.contains(" tasks · 1,236,567 solutions · ETA "),
            "{line}"
        );
        assert!(!line.contains("tasks/s"), "{line}");
        let (_, line) = drawn(40, 2);
        assert!(line.contains(" 252/1,000 tasks · ETA "), "{line}");
        assert!(!line.contains("solutions"), "{line}");
        for (width, line) in [(70, drawn(70, 2).1), (40, drawn(40, 2).1)] {
            assert_eq!(line.trim_end().chars().count(), width, "{line:?}");
            assert!(bar(&line) >= MIN_BAR, "{line}");
        }
    }

    #[test]
    fn hidden_when_disabled() {
        let mut p = Progress::new(false, 10, 0, 0);
        p.task(5);
        p.draw();
        assert!(p.bar.is_hidden());
        p.finish();
    }

    #[test]
    fn rate_and_eta_count_only_this_runs_tasks() {
        // 250 tasks before, 2 in this run taking 4 s: 2 s a task, 748 left.
        assert_eq!(eta(2, 4.0, 748), show_duration(1496.0));
        assert_eq!(eta(0, 4.0, 748), "?");
        assert_eq!(rate(2, 4.0), "2.0s/task");
        assert_eq!(rate(0, 4.0), "? tasks/s");
        assert_eq!(rate(30, 4.0), "7.5 tasks/s");
        assert_eq!(rate(12_345, 1.0), "12,345 tasks/s");
    }
}
