//! The command line, parsed by clap straight into typed values.
//!
//! Each subcommand has its own struct here; each value is parsed by a
//! [`values`] parser (or a clap range), and options that exclude or need each
//! other say so in their attributes, so a bad command line is a usage error
//! (exit status 2) before any work starts. What clap cannot see (a board
//! size against an algorithm's limit, a format against the board size) the
//! command checks first thing, against the limits in [`crate::limits`].
//! Adding an option touches its struct here and the command that uses it.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub mod values;

use values::{AlgorithmChoice, AlgorithmParser, EngineChoice, EngineParser};

const AFTER_HELP: &str = "\
Examples:
  nqueens solve                  the first solution of 8 queens, drawn as a board
  nqueens solve 1e9 -f none --verify
                                 build and check a board of a billion queens
  nqueens random 12 --seed 7     a solution drawn uniformly from all 14,200
  nqueens all 6 --format list    every solution of 6 queens, one per line
  nqueens count 12 --unique      Q(12) and the number of classes up to symmetry
  echo 1 3 0 2 | nqueens verify  check a placement (column of each row's queen)
  nqueens serve --open           a web page: place queens, finish boards, watch the algorithms

Rows and columns are counted from 0 unless --one-based is given.
Exit status: 0 yes, 1 no (no solution / not a solution), 2 error,
3 unknown (complete --timeout ran out, min-conflicts gave up,
a trace stopped before any solution, estimate's paths gave no interval),
130 interrupted.";

/// Place n queens on an n×n board so that no two attack each other: find the
/// first solution, list them all, count them, or check a board.
#[derive(Debug, Parser)]
#[command(name = "nqueens", version, after_help = AFTER_HELP, propagate_version = true)]
pub struct Opts {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print one solution: the lexicographically first up to n = 32, the
    /// explicit construction above.
    ///
    /// Up to n = 32, rows are filled top to bottom, each with the left-most
    /// column that still leads to a solution (for n = 8: [0, 4, 7, 5, 2, 6,
    /// 1, 3]); backtracking finds it within a second there, and takes
    /// seconds or far longer above. Above, solve prints the explicit
    /// construction, which takes any n up to 4,294,967,296 and streams the
    /// board row by row. Choose with
    /// --algorithm: construct, min-conflicts (local search; --seed gives other
    /// solutions) or one of the classic searches (`nqueens algorithms`), which
    /// prints the first solution it finds: the lexicographically first, but
    /// for heuristic and dancing-links, which search in their own order.
    Solve(SolveArgs),
    /// Print a random solution.
    ///
    /// Up to n = 15 it is drawn uniformly from all Q(n) solutions (a random
    /// index, then that solution found by counting, without listing the
    /// others). Above n = 15 it comes from min-conflicts local search started
    /// from a random permutation (above 1,000,000 queens, one drawn greedily
    /// row by row): every solution can come out, but NOT all equally often.
    /// The same --seed gives the same board.
    Random(RandomArgs),
    /// Print every solution as it is found, in the algorithm's order.
    ///
    /// The order is lexicographic but for `-a heuristic` and `-a
    /// dancing-links`, which find them in an order of their own (`nqueens
    /// algorithms` lists each one's).
    ///
    /// Output streams in constant memory (but for -a bfs, whose queue of
    /// boards grows: 70 MB at n = 14); stop early with --limit or by closing
    /// the pipe (`nqueens all 12 | head`).
    // The two methods for huge boards find one solution: `all` refuses them
    // as it parses, as `count` does, and its completions do not offer them.
    #[command(mut_arg("algorithm", |a| a.value_parser(values::AlgorithmParser::CLASSIC)))]
    All(AllArgs),
    /// Count the solutions, and with --unique the classes up to symmetry.
    Count(CountArgs),
    /// Check whether a placement is a solution, and list the attacking pairs.
    ///
    /// The report counts every attacking pair and lists the first 1,000; a
    /// column list, JSON lines or pairs of more than 10,000 queens (read as
    /// a stream) name the first ten conflicts instead and count the queens
    /// that stand on a line already taken.
    /// Reads every form that solve, all and random write but the pictures,
    /// told from the first lines (`--input` names it): a column list (`0 4
    /// 7 5 2 6 1 3`, or one column a line: one placement, whatever its
    /// lines), bracketed lists (`[0, 4, 7, ...]`, one placement each), a
    /// drawn board (rows of Q and . or ■ and □), a LeetCode board
    /// (`[".Q..","...Q","Q...","..Q."]`), JSON lines (`{"n": 4, "columns":
    /// [1, 3, 0, 2]}`), the 0/1 matrix, or row and column pairs (`0, 1; 1,
    /// 3; ...`). Several bracketed lists, or boards separated by blank
    /// lines, are checked one by one.
    Verify(VerifyArgs),
    /// List the search algorithms, with the largest n each accepts.
    Algorithms,
    /// Run several algorithms on the same board and compare their work.
    ///
    /// Each algorithm lists every solution; the table shows how many, the
    /// nodes, conflict tests and time it took, and whether its set of
    /// solutions equals the reference (bitwise, or the first algorithm run
    /// when bitwise is not among them). Exit status 1 if any differs.
    Compare(CompareArgs),
    /// Show a search step by step: placements, rejections, backtracks, solutions.
    ///
    /// Text draws the board after each step that changes it, or the
    /// algorithm's own grid (for bitwise, also the three masks and the free
    /// mask in binary; for heuristic, the score of each candidate); json
    /// prints one event per line. Exit status 1 when the whole search finds
    /// no solution, 3 (unknown) when --max-steps cuts it short before the first.
    Trace(TraceArgs),
    /// Add up the partial results of `count --slice I/K` into the whole count.
    ///
    /// The parts may come from different splits as long as each task is in
    /// exactly one: slice I/K holds the tasks of slices M(I-1)+1 to MI of MK,
    /// so 1/2, 3/4 and 4/4 are the whole count. Refuses overlapping slices,
    /// missing tasks and parts of another count.
    Merge(MergeArgs),
    /// Estimate Q(n) by Knuth's random paths, with a 95% confidence interval.
    ///
    /// Works far beyond what can be counted (n up to 128); the interval widens
    /// as n grows. Knuth's estimates are skewed, so the interval spans both
    /// the normal one and a log-normal one (the lower low end to the higher
    /// high end): from 1,000 paths it held Q(20) for 196 of 200 seeds (the
    /// normal one alone, 175). Exit status 3 (unknown) when the paths give
    /// no interval: from n = 4 on, when no path reached a solution, when
    /// only one path was drawn, or when every path gave the same value
    /// (two paths of n = 4 that both reached one). Up to n = 3 every path
    /// gives the exact answer (0 solutions for n = 2 and 3), status 0.
    Estimate(EstimateArgs),
    /// Finish a board that already has queens on it, or prove that it cannot
    /// be done; count or list every completion.
    ///
    /// The board comes from FILE (`-` for standard input): a drawn board (Q a
    /// pre-placed queen, x or # a blocked square, . free, one line per row), a
    /// CSPLib 079/080 parameter file (`letting n`, `letting blocks` 1-based,
    /// `letting init` 0-based; or `n`, `numdiags`, `diags` for excluded
    /// diagonals), or JSON ({"n": 8, "queens": [[0, 0]], "blocked": [[3, 4]],
    /// "excluded": {"sum": [], "difference": []}}). Or from --n N with
    /// --queen and --block. Exit status: 0 a completion exists, 1 none
    /// exists, 2 an error, 3 unknown (--timeout reached).
    Complete(CompleteArgs),
    /// Start a local web page to play with the board and watch the algorithms.
    ///
    /// The page (plain HTML, CSS and JavaScript served from this binary; it
    /// works offline) lets you place queens and see conflicts, finish a board,
    /// step through every solution, count, and watch any of the classic
    /// algorithms search step by step. The JSON API under /api works from
    /// curl too (GET /api/info; docs/api.md lists every endpoint). It prints the
    /// address and answers until Ctrl-C.
    Serve(ServeArgs),
    /// Print a completion script for a shell.
    ///
    /// For example `nqueens completions bash >
    /// ~/.local/share/bash-completion/completions/nqueens`, or for zsh a file
    /// `_nqueens` in a directory of $fpath. In bash, zsh and fish, algorithm,
    /// engine and format names complete too (powershell and elvish complete
    /// commands and flags only).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), generated from the same definitions as
    /// --help: `nqueens man > nqueens.1; man ./nqueens.1`.
    Man,
}

impl Command {
    /// Whether the command writes to standard output, which is then
    /// refused when it is closed ([`crate::exit::stdout_refusal`]): all but
    /// `solve` and `random` with `-f none` and `trace --frames DIR`.
    pub fn writes_stdout(&self) -> bool {
        match self {
            Command::Solve(SolveArgs { output, .. })
            | Command::Random(RandomArgs { output, .. }) => {
                output.format != Some(SolutionFormat::None)
            }
            Command::Trace(a) => a.frames.is_none(),
            _ => true,
        }
    }
}

/// `nqueens serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on, 1 to 65535; 0 picks a free one (printed at start).
    #[arg(long, allow_negative_numbers = true, short, value_name = "P", default_value = "0", value_parser = values::port)]
    pub port: u16,
    /// The address to listen on; the default keeps the page to this machine,
    /// 0.0.0.0 opens it to the network.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1", value_parser = values::bind)]
    pub bind: std::net::IpAddr,
    /// Open the page in a web browser, where one can be started.
    #[arg(long)]
    pub open: bool,
    /// The largest board the Count panel (POST /api/count) takes, 1 to 27.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value = "18", value_parser = values::count_max)]
    pub count_max: usize,
    /// Count jobs that may run at once, 1 to 64.
    #[arg(long, allow_negative_numbers = true, value_name = "K", default_value = "2", value_parser = values::jobs)]
    pub jobs: usize,
    /// Threads per count job, 1 to 4096 [default: all cores].
    #[arg(long, allow_negative_numbers = true, short = 'j', value_name = "T", value_parser = values::threads)]
    pub threads: Option<usize>,
    /// The memory the running count jobs may hold together, such as 8G
    /// [default: 4G]: a job's engine memory for its board and threads, and
    /// 2 MiB of stack a thread. A job that does not fit is refused before it
    /// starts. Under `ulimit -v`, at most what the limit leaves beside the
    /// server.
    #[arg(long, value_name = "SIZE", value_parser = values::bytes)]
    pub job_memory: Option<u64>,
    /// Seconds one request may compute before it is stopped, 0.1 to 3600.
    #[arg(long, allow_negative_numbers = true, value_name = "S", default_value = "5", value_parser = values::request_timeout)]
    pub request_timeout: f64,
    /// Also accept requests that start work from pages of this origin, such
    /// as http://localhost:3000 (repeatable; the page's own origin always works).
    #[arg(long, value_name = "ORIGIN", value_parser = values::origin)]
    pub allow_origin: Vec<String>,
    /// Also answer requests that name this host, such as my-laptop.local
    /// (repeatable). Without it, only localhost and the server's IP
    /// addresses are answered, so that no page of another site can reach
    /// the server through a name it points here (DNS rebinding).
    #[arg(long, value_name = "NAME", value_parser = values::host)]
    pub allow_host: Vec<String>,
    /// Print one line per request on standard error.
    #[arg(long)]
    pub log: bool,
}

/// `nqueens merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The partial results that `count --slice` wrote, one a line, in one
    /// file or several (`-`, given once: standard input, as in `cat
    /// part-*.json | nqueens merge -`).
    #[arg(value_name = "FILE", required_unless_present_any = ["compare", "common"])]
    pub files: Vec<PathBuf>,
    /// Also print the classes under rotation and reflection.
    #[arg(long, short)]
    pub unique: bool,
    /// How to print the counts.
    #[arg(long, short, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
    /// Compare two task logs of one count (`count --task-log`), task by
    /// task: names the first task whose counts differ, or that only one of
    /// them holds; exits 1 if they differ. It prints text only.
    #[arg(long, num_args = 2, value_names = ["LOG", "LOG"], conflicts_with_all = ["files", "unique", "format"])]
    pub compare: Option<Vec<PathBuf>>,
    /// With --compare: compare only the tasks both logs hold (a recount of
    /// some tasks, such as a few slices run again with other --memory), and
    /// say how many each holds alone; exits 1 only if counts differ.
    // (Checked by the command, which says what it needs: clap's `requires`
    // asked for FILE too, which --compare excludes.)
    #[arg(long)]
    pub common: bool,
}

/// `nqueens estimate`.
#[derive(Debug, Args)]
pub struct EstimateArgs {
    #[command(flatten)]
    pub size: Size,
    /// Random paths to average, 1 to 1,000,000,000.
    #[arg(long, allow_negative_numbers = true, value_name = "K", default_value = "1000000", value_parser = values::samples)]
    pub samples: u64,
    /// The random seed (the same seed gives the same estimate).
    #[arg(long, allow_negative_numbers = true, value_name = "S", default_value = "1", value_parser = values::seed)]
    pub seed: u64,
    /// How to print the estimate.
    #[arg(long, short, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// Choosing and measuring a search algorithm.
#[derive(Debug, Args)]
pub struct AlgoArgs {
    /// The search algorithm (see `nqueens algorithms`); by default the fastest.
    #[arg(long, short = 'a', value_name = "NAME", value_parser = AlgorithmParser::WITH_HUGE, hide_possible_values = true)]
    pub algorithm: Option<AlgorithmChoice>,
    /// With `--algorithm brute-force`: try the n! permutations instead of all n^n column vectors.
    #[arg(long)]
    pub permutations: bool,
    /// Print the search's statistics (nodes, placements, conflict tests,
    /// backtracks, solutions, peak frontier, time) to stderr.
    #[arg(long)]
    pub stats: bool,
}

/// The board size argument, shared by the commands.
#[derive(Debug, Args)]
pub struct Size {
    /// The board size n (n queens on an n×n board).
    #[arg(value_name = "N", default_value = "8", allow_negative_numbers = true, value_parser = values::board_size)]
    pub n: usize,
}

/// How solutions are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolutionFormat {
    /// A drawn board: ■ for a queen, □ for an empty square.
    Board,
    /// A drawn board in ASCII: Q and '.'.
    Ascii,
    /// The column of each row's queen: [0, 4, 7, 5, 2, 6, 1, 3].
    List,
    /// One JSON object per line, with keys n and columns.
    Json,
    /// The LeetCode 51 form: a JSON list of rows, each a string of Q and '.'.
    Leetcode,
    /// The 0/1 matrix, a row per line, as the look-ahead tutorial prints it.
    Matrix,
    /// Pairs of row and column on one line (0, 1; 1, 3; ...), as the tagged-stack tutorial prints them.
    Pairs,
    /// One column per line (for huge boards and for tools like sort and awk).
    Lines,
    /// A picture of the board, as SVG (one board: solve and random).
    Svg,
    /// A picture of the board, as PNG (binary; redirect it to a file).
    Png,
    /// Nothing (solve and random): build the board, and check it with --verify.
    None,
}

impl SolutionFormat {
    /// Whether the format writes column numbers, which `--one-based`
    /// counts from 1 (the SVG picture numbers its rows and columns; a
    /// drawing, a PNG or nothing has no numbers).
    pub fn has_numbers(self) -> bool {
        matches!(
            self,
            Self::List | Self::Json | Self::Pairs | Self::Lines | Self::Svg
        )
    }

    /// Whether the format writes one board only (`solve` and `random`'s,
    /// not `all`'s).
    pub fn one_board(self) -> bool {
        matches!(self, Self::Lines | Self::Svg | Self::Png | Self::None)
    }

    /// Refuses `--one-based` beside a format without numbers, where it
    /// would be taken and do nothing.
    /// `given`: whether the user asked for this format, or it is the
    /// default, which the message then says how to change.
    pub fn check_one_based(self, one_based: bool, given: bool) -> anyhow::Result<()> {
        if one_based && !self.has_numbers() {
            let name = self.name();
            let (which, hint) = if given {
                (format!("--format {name}"), "")
            } else {
                (
                    format!("the default format here, {name},"),
                    ": add --format list (or json, pairs)",
                )
            };
            crate::exit::usage!(
                "--one-based counts the columns that list, json, pairs, lines and svg print from \
                 1; {which} prints no column numbers{hint}"
            );
        }
        Ok(())
    }

    /// The name as the user types it.
    pub fn name(self) -> String {
        self.to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default()
    }
}

/// How `verify` prints its report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VerifyFormat {
    /// Sentences for people.
    Text,
    /// One JSON object per placement, for programs.
    Json,
    /// A picture of the board with attacking pairs in red, as SVG.
    Svg,
    /// The board of the SVG as PNG, without its numbers and caption (binary; redirect it to a file).
    Png,
}

impl VerifyFormat {
    /// The name as the user types it.
    pub fn name(self) -> String {
        self.to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default()
    }
}

/// The form of a placement to read: the text formats that `solve`, `all`
/// and `random` write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputForm {
    /// A drawn board: ■ for a queen, □ for an empty square (read as
    /// `ascii` is: either alphabet).
    Board,
    /// A drawn board in ASCII: Q and '.' (read as `board` is).
    Ascii,
    /// Bracketed column lists, one placement each: [0, 4, 7, 5, 2, 6, 1, 3]
    /// (numbers without brackets are one placement, whatever their lines).
    List,
    /// One column a line: one placement (read as `list` reads numbers
    /// without brackets, so a line may hold more than one).
    Lines,
    /// One JSON object per line, with keys n and columns.
    Json,
    /// The LeetCode 51 form: a JSON list of rows, each a string of Q and '.'.
    Leetcode,
    /// The 0/1 matrix, a row per line.
    Matrix,
    /// Pairs of row and column on one line (0, 1; 1, 3; ...), rows in order.
    Pairs,
}

impl InputForm {
    /// The library's name for the form.
    pub fn format(self) -> nqueens::InputFormat {
        match self {
            InputForm::Board | InputForm::Ascii => nqueens::InputFormat::Drawn,
            InputForm::List | InputForm::Lines => nqueens::InputFormat::Columns,
            InputForm::Json => nqueens::InputFormat::Json,
            InputForm::Leetcode => nqueens::InputFormat::LeetCode,
            InputForm::Matrix => nqueens::InputFormat::Matrix,
            InputForm::Pairs => nqueens::InputFormat::Pairs,
        }
    }
}

/// How numbers and reports are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Sentences for people.
    Text,
    /// One JSON object per line, for programs.
    Json,
}

/// `nqueens solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub size: Size,
    #[command(flatten)]
    pub algo: AlgoArgs,
    /// With --algorithm min-conflicts: the random seed (the same seed gives
    /// the same board).
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = values::seed)]
    pub seed: Option<u64>,
    /// With --algorithm min-conflicts: give up after K steps (attempted
    /// swaps) instead of searching until a solution is found (exit status
    /// 3, unknown).
    #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = values::positive)]
    pub max_steps: Option<u64>,
    #[command(flatten)]
    pub output: BoardArgs,
}

/// `nqueens random`.
#[derive(Debug, Args)]
pub struct RandomArgs {
    #[command(flatten)]
    pub size: Size,
    /// The random seed (the same seed gives the same board); by default a
    /// fresh one, which --stats shows.
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = values::seed)]
    pub seed: Option<u64>,
    /// Print how the board was drawn (the index among all solutions, or the
    /// local search's steps) and the seed, to stderr.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub output: BoardArgs,
}

/// How one board is written, and whether it is checked.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// How to print the solution (default: board up to n = 100, list above).
    #[arg(long, short, value_enum)]
    pub format: Option<SolutionFormat>,
    /// Print columns counted from 1.
    #[arg(long)]
    pub one_based: bool,
    /// Check the board before reporting success, in O(n) time and O(n) bits
    /// (a line to stderr says so).
    #[arg(long)]
    pub verify: bool,
}

/// `nqueens all`.
#[derive(Debug, Args)]
pub struct AllArgs {
    #[command(flatten)]
    pub size: Size,
    #[command(flatten)]
    pub algo: AlgoArgs,
    /// Stop after K solutions.
    #[arg(long, short = 'l', value_name = "K", allow_negative_numbers = true, value_parser = values::limit)]
    pub limit: Option<u64>,
    /// Print one canonical representative per class under rotation and
    /// reflection (the lexicographically smallest of its images).
    #[arg(long, short)]
    pub unique: bool,
    /// How to print the solutions (default: board).
    #[arg(long, short, value_parser = values::ManyBoardsFormat)]
    pub format: Option<SolutionFormat>,
    /// Print columns counted from 1.
    #[arg(long)]
    pub one_based: bool,
}

/// `nqueens count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub target: CountTarget,
    // Count with a classic search algorithm (`limits::count_algorithm_help`).
    #[arg(long, short = 'a', value_name = "NAME", value_parser = AlgorithmParser::CLASSIC, hide_possible_values = true, conflicts_with_all = ENGINE_ONLY, help = crate::limits::count_algorithm_help())]
    pub algorithm: Option<AlgorithmChoice>,
    /// With `--algorithm brute-force`: try the n! permutations instead of all n^n column vectors.
    #[arg(long)]
    pub permutations: bool,
    /// Print the search's statistics (nodes, placements, conflict tests,
    /// backtracks, solutions, peak frontier, time) to stderr; counts with
    /// a classic algorithm (bitwise unless --algorithm names another).
    #[arg(long, conflicts_with_all = ENGINE_ONLY)]
    pub stats: bool,
    /// Worker threads, 1 to 4096 (default: every core).
    #[arg(long, short = 'j', value_name = "T", allow_negative_numbers = true, value_parser = values::threads)]
    pub threads: Option<usize>,
    /// A progress bar on stderr: auto shows it on a terminal.
    #[arg(long, value_enum, default_value_t = ProgressMode::Auto)]
    pub progress: ProgressMode,
    /// Record finished tasks in FILE (every few seconds and on Ctrl-C or
    /// SIGTERM); running again with the same FILE resumes where it stopped.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// With --checkpoint: seconds between its writes, above 0 and up to
    /// 1,000,000, and at least ten times as long as the last write took.
    /// Each write replaces the whole file, a line of tens of bytes a
    /// finished task: hundreds of MB near the end of n = 28's ten million.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", default_value = "5", requires = "checkpoint", value_parser = values::checkpoint_every)]
    pub checkpoint_every: Duration,
    /// Count only slice I of K (1-based) and print a partial result as JSON,
    /// for `nqueens merge` (batch systems, Slurm job arrays).
    #[arg(long, allow_hyphen_values = true, value_name = "I/K", value_parser = values::slice)]
    pub slice: Option<nqueens::Slice>,
    /// Plan the count and time a sample of its tasks instead of counting:
    /// the projected CPU time with its 95% interval, the wall time on 1, 2
    /// and --cores cores, and the memory a process needs. Where three whole
    /// tasks would take far longer than --dry-run-seconds by the engine's
    /// model (the backtrack engine at large n), it times nothing and prints
    /// that rough model, with no interval and no solutions line. It
    /// projects the whole count, so it takes no --slice, --checkpoint or
    /// --task-log.
    #[arg(long, conflicts_with_all = NOT_IN_A_DRY_RUN)]
    pub dry_run: bool,
    /// With --dry-run: also project the wall time on this many cores (a
    /// cluster), 1 to 10,000,000.
    #[arg(long, value_name = "K", requires = "dry_run", conflicts_with_all = NOT_IN_A_DRY_RUN, value_parser = values::cores)]
    pub cores: Option<u64>,
    /// With --dry-run: time tasks for up to this many seconds (after the
    /// third, and two of each kind; about 400 tasks, each kind's share rounded
    /// up, or 20,000 where the join engine times a random path through each
    /// from n = 24 on): a longer dry
    /// run narrows the interval.
    #[arg(long, value_name = "SECONDS", default_value = values::DRY_RUN_SECONDS, requires = "dry_run", conflicts_with_all = NOT_IN_A_DRY_RUN, allow_hyphen_values = true, value_parser = values::dry_run_seconds)]
    pub dry_run_seconds: Duration,
    /// With --dry-run: draw the sample with this seed instead of the one
    /// every dry run draws: a 95% interval misses one time in twenty, and
    /// another sample shows whether it was chance.
    #[arg(long, value_name = "S", requires = "dry_run", conflicts_with_all = NOT_IN_A_DRY_RUN, allow_negative_numbers = true, value_parser = values::seed)]
    pub dry_run_seed: Option<u64>,
}

impl CountArgs {
    /// `--algorithm`, `--permutations` and `--stats`, as the other commands
    /// take them.
    pub fn algo(&self) -> AlgoArgs {
        AlgoArgs {
            algorithm: self.algorithm,
            permutations: self.permutations,
            stats: self.stats,
        }
    }
}

/// What to count and how to report it: the part of `nqueens count` that the
/// MPI runner (`nqueens-mpi count`) shares, so that both read the same
/// command line the same way.
#[derive(Debug, Args)]
pub struct CountTarget {
    #[command(flatten)]
    pub size: Size,
    /// Also count the classes under rotation and reflection (OEIS A002562).
    #[arg(long, short)]
    pub unique: bool,
    /// How to print the counts [default: text; the part `nqueens count
    /// --slice` writes is JSON].
    #[arg(long, short, value_enum)]
    pub format: Option<ReportFormat>,
    // The counting engine; the help states the engines' ranges from the
    // library's constants (`limits::engine_help`).
    #[arg(long, value_name = "NAME", value_parser = EngineParser, help = crate::limits::engine_help())]
    pub engine: Option<EngineChoice>,
    /// The most memory the engine may use, such as 4G or 512M; an engine
    /// that needs more is refused before it starts (auto picks one that fits).
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true, value_parser = values::bytes)]
    pub memory: Option<u64>,
    /// Append each finished task (its index, its counts and a check value)
    /// to FILE as it finishes; running again with the same FILE counts only
    /// the tasks it lacks, and `nqueens merge --compare` compares two runs
    /// task by task.
    #[arg(long, value_name = "FILE")]
    pub task_log: Option<PathBuf>,
}

/// The options of `count` that belong to the counting engine; `--algorithm`
/// and `--stats` (a classic algorithm on one core) conflict with them
/// (`--progress` too: a classic count draws no progress bar).
/// `--cores` and `--dry-run-seconds` are here as well as `--dry-run`: clap
/// lets an option's `requires` go when what it requires conflicts with an
/// option given, so `count 8 -a bitwise --cores 4` ignored --cores.
const ENGINE_ONLY: [&str; 11] = [
    "engine",
    "progress",
    "memory",
    "threads",
    "checkpoint",
    "task_log",
    "slice",
    "dry_run",
    "cores",
    "dry_run_seconds",
    "dry_run_seed",
];

/// The options of `count` that a dry run would ignore: it projects the
/// whole count (not a slice of it, nor what a checkpoint or task log has
/// left), writes no file and draws no progress bar. Refused beside
/// `--dry-run`, and beside the options that require it (`--cores`,
/// `--dry-run-seconds`), since clap lets `requires` go where the required
/// option conflicts with one given.
const NOT_IN_A_DRY_RUN: [&str; 4] = ["slice", "checkpoint", "task_log", "progress"];

/// When to draw a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ProgressMode {
    /// On a terminal only.
    Auto,
    /// Always (on stderr).
    Always,
    /// Never.
    Never,
}

impl ProgressMode {
    /// Whether to draw the bar: `auto` draws it when stderr is a terminal.
    pub fn is_on(self) -> bool {
        match self {
            ProgressMode::Always => true,
            ProgressMode::Never => false,
            ProgressMode::Auto => std::io::IsTerminal::is_terminal(&std::io::stderr()),
        }
    }
}

/// `nqueens verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The file to read; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Columns in the input, and rows and columns in the report, count from 1.
    #[arg(long)]
    pub one_based: bool,
    /// The form of the input: any format that solve, all and random write
    /// but the pictures (svg, png) (default: told from the first lines; a
    /// lone `1` is the one-square matrix).
    #[arg(long = "input", value_name = "FORMAT", value_enum)]
    pub input_format: Option<InputForm>,
    /// How to print the report.
    #[arg(long, short, value_enum, default_value_t = VerifyFormat::Text)]
    pub format: VerifyFormat,
    /// Also check the placement against a completion instance (the inputs of
    /// `nqueens complete`): it must keep the pre-placed queens and use no
    /// blocked square or excluded diagonal.
    #[arg(long, value_name = "FILE")]
    pub instance: Option<PathBuf>,
    /// With --instance, an excluded-diagonals file: only its first D diagonals.
    #[arg(long, allow_hyphen_values = true, value_name = "D", requires = "instance", value_parser = values::diagonals)]
    pub diagonals: Option<usize>,
}

/// How `compare` prints its table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// An aligned table for people.
    Table,
    /// One JSON object per algorithm.
    Json,
}

/// `nqueens compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    #[command(flatten)]
    pub size: Size,
    /// Comma-separated algorithm names (default: all).
    #[arg(long, value_name = "A,B,...", value_delimiter = ',', value_parser = AlgorithmParser::CLASSIC, hide_possible_values = true)]
    pub algorithms: Vec<AlgorithmChoice>,
    /// Compare the work to the first solution instead of to all of them
    /// (n up to 22; without it, n up to 14).
    #[arg(long)]
    pub first: bool,
    /// How to print the comparison.
    #[arg(long, short, value_enum, default_value_t = TableFormat::Table)]
    pub format: TableFormat,
}

/// How `trace` prints events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    /// Each step in words, with the board drawn after it.
    Text,
    /// One JSON object per step.
    Json,
    /// An animated SVG of the search (or one SVG per step with --frames DIR).
    Svg,
    /// The search tree, indented by depth, with rejected squares, dead ends
    /// and solutions marked (bfs: level by level, without its rejected
    /// squares).
    Tree,
}

/// How `trace` writes bit masks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BitOrder {
    /// Column 0 (the least significant bit) on the left, like the board.
    LsbLeft,
    /// Column 0 on the right, as binary numbers are written (and the tutorials do).
    LsbRight,
}

/// `nqueens trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// The board size n (n queens on an n×n board).
    #[arg(value_name = "N", default_value = "4", allow_negative_numbers = true, value_parser = values::board_size)]
    pub n: usize,
    /// The search algorithm to trace (see `nqueens algorithms`).
    #[arg(long, short = 'a', value_name = "NAME", default_value = "bitwise", value_parser = AlgorithmParser::CLASSIC, hide_possible_values = true)]
    pub algorithm: AlgorithmChoice,
    /// With `--algorithm brute-force`: try permutations instead of all column vectors.
    #[arg(long)]
    pub permutations: bool,
    /// Stop after K steps (default 4,000,000: enough for the first solution
    /// of every algorithm up to n = 8; bfs at most 16,000,000, as its trace
    /// holds the search's queue).
    #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = values::positive, default_value_t = crate::limits::TRACE_STEPS, hide_default_value = true)]
    pub max_steps: u64,
    /// Stop at the first solution (`first`) or at the K-th.
    #[arg(long, value_name = "first|K", allow_negative_numbers = true, value_parser = values::until)]
    pub until: Option<u64>,
    /// Bit order of the bitwise masks.
    #[arg(long, value_enum, value_name = "ORDER", default_value_t = BitOrder::LsbLeft)]
    pub bits: BitOrder,
    /// How to print the steps.
    #[arg(long, short, value_enum, default_value_t = TraceFormat::Text)]
    pub format: TraceFormat,
    /// With --format json: add the algorithm's structure after each step
    /// (the generator's frames, the bit masks, the stack, ...), as the web
    /// page's /api/trace sends it.
    #[arg(long)]
    pub structure: bool,
    /// With --format svg: write one picture per step into DIR
    /// (step-0001.svg, ...) instead of one animated SVG on stdout; a DIR
    /// that already holds step pictures is refused.
    #[arg(long, value_name = "DIR")]
    pub frames: Option<PathBuf>,
    /// With --format svg: seconds each step is shown in the animation, up to
    /// 60 [default: 0.8].
    // No clap default: a --delay given where no animation is drawn (text,
    // JSON, --frames) is refused, which needs to know that it was given.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", value_parser = values::delay)]
    pub delay: Option<Duration>,
}

/// How `complete` prints a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CompleteFormat {
    /// A drawn board: ♛ a pre-placed queen, ■ an added one, × blocked (or on an excluded diagonal), □ free.
    Board,
    /// The same in ASCII: Q pre-placed, q added, x blocked (or on an excluded diagonal), . free (reads back: `verify --instance` checks it; `complete` reads every queen as pre-placed).
    Ascii,
    /// The column of each row's queen: [0, 4, 7, ...].
    List,
    /// One JSON object per line, with keys n and columns.
    Json,
}

/// `nqueens complete`.
#[derive(Debug, Args)]
pub struct CompleteArgs {
    /// The instance file; `-` reads standard input. Without it, give --n.
    #[arg(value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// The board size, for an instance given only by --queen and --block.
    #[arg(long = "n", value_name = "N", value_parser = values::board_size, conflicts_with = "input")]
    pub size: Option<usize>,
    /// A pre-placed queen at ROW,COL (repeatable).
    #[arg(long, allow_hyphen_values = true, value_name = "ROW,COL", value_parser = values::square)]
    pub queen: Vec<(usize, usize)>,
    /// A blocked square at ROW,COL (repeatable).
    #[arg(long, allow_hyphen_values = true, value_name = "ROW,COL", value_parser = values::square)]
    pub block: Vec<(usize, usize)>,
    /// --queen, --block and the printed columns count from 1.
    #[arg(long)]
    pub one_based: bool,
    /// For an excluded-diagonals file: use only its first D diagonals (only
    /// prefixes are instances).
    #[arg(long, allow_hyphen_values = true, value_name = "D", value_parser = values::diagonals)]
    pub diagonals: Option<usize>,
    /// Print every completion, as found.
    #[arg(long, conflicts_with = "count")]
    pub all: bool,
    /// Count the completions exactly.
    #[arg(long)]
    pub count: bool,
    /// With --all: stop after K completions.
    // The conflicts of --all (--count, and --threads, which conflicts
    // with --all): else clap lets `requires` go beside them, and --limit
    // was ignored.
    #[arg(long, allow_negative_numbers = true, short = 'l', value_name = "K", requires = "all", conflicts_with_all = ["count", "threads"], value_parser = values::completion_limit)]
    pub limit: Option<u64>,
    /// Worker threads for the first completion and --count, 1 to 4096
    /// (default: every core; --all lists on one and takes no -j).
    #[arg(long, allow_negative_numbers = true, short = 'j', value_name = "T", conflicts_with = "all", value_parser = values::threads)]
    pub threads: Option<usize>,
    /// Give up after S seconds and answer "unknown" (exit status 3).
    #[arg(long, allow_negative_numbers = true, value_name = "S", value_parser = values::timeout)]
    pub timeout: Option<Duration>,
    /// Print the search's nodes, forced placements and time to stderr.
    #[arg(long)]
    pub stats: bool,
    /// The most memory the program may use, such as 8G [default: 4G]; a
    /// board whose search could need more is refused before it starts (a
    /// search takes up to 4 bytes and 2 bits a square, for each thread and
    /// one more with --count, and the program 8 MiB).
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true, value_parser = values::bytes)]
    pub memory: Option<u64>,
    /// With --count, a progress bar on stderr: auto shows it on a terminal.
    // Conflicts with --all, which conflicts with --count: else clap lets
    // `requires` go beside it, and the flag was ignored.
    #[arg(long, value_enum, default_value_t = ProgressMode::Auto, requires = "count", conflicts_with = "all")]
    pub progress: ProgressMode,
    /// How to print completions (default: board up to n = 100, list above).
    #[arg(long, short, value_enum)]
    pub format: Option<CompleteFormat>,
}

/// Parses the command line (`args`, the program's name first). Every
/// command's `--version` says `nqueens 0.1.0`, the program's name, as the
/// program's own does (clap would say `nqueens-count 0.1.0`).
pub fn parse_from<T: Into<std::ffi::OsString> + Clone>(
    args: impl IntoIterator<Item = T>,
) -> Result<Opts, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let command = Opts::command().mut_subcommands(|c| c.display_name("nqueens"));
    let matches = command
        .clone()
        .try_get_matches_from(args)
        .map_err(|e| with_command_tip(e, &command))?;
    Opts::from_arg_matches(&matches)
}

/// A flag that is another command's name (`nqueens solve 10 --all`) gets
/// the tip to run that command, in place of clap's "to pass '--all' as a
/// value, use '-- --all'", which would only make `--all` the board's size.
fn with_command_tip(mut e: clap::Error, command: &clap::Command) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument || e.get(ContextKind::SuggestedArg).is_some() {
        return e;
    }
    let Some(ContextValue::String(flag)) = e.get(ContextKind::InvalidArg) else {
        return e;
    };
    let name = flag.strip_prefix("--").unwrap_or_default().to_string();
    if command.find_subcommand(&name).is_some() {
        let tip = format!("`{name}` is a command of its own: nqueens {name} --help");
        e.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![tip.into()]),
        );
    }
    e
}

/// [`in_flags`] for input read in a form that `--input` told (`told`) or
/// that was guessed from its first lines: the library, handed the form the
/// guess chose, calls it "the form asked for"; guessed, it says so.
pub fn in_flags_of(e: &nqueens::ParseError, told: bool) -> String {
    let text = in_flags(e);
    if told {
        return text;
    }
    text.replace(
        ", the form asked for,",
        ", the form its first line looks like (--input reads it as another),",
    )
}

/// A reader's error with its hint said in this program's flags (the
/// library says it in its option names).
pub fn in_flags(e: &nqueens::ParseError) -> String {
    use nqueens::ReadHint;
    e.text_with(|hint| match hint {
        ReadHint::OneBased => "1-based input? use --one-based",
        ReadHint::OneBasedOrShort => "1-based input? use --one-based; or is a row missing?",
        ReadHint::OneBasedOrMatrix => {
            "1-based input? use --one-based; a 0/1 matrix of one square? use --input matrix"
        }
        ReadHint::StartsAtOne => "columns are 1-based with --one-based",
        ReadHint::LeetCode => "or use --input leetcode",
        other => other.words(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// No help of a value holds a double quote: clap_complete puts it
    /// unescaped inside fish's `-a "…"` and zsh's `((value\:"…"))`, and
    /// the fish script then failed to load (it ran part of a help text as
    /// a command) and zsh offered pieces of it as values.
    #[test]
    fn value_helps_hold_no_double_quote() {
        fn walk(cmd: &clap::Command, seen: &mut usize) {
            for arg in cmd.get_arguments() {
                for value in arg.get_possible_values() {
                    *seen += 1;
                    let help = value
                        .get_help()
                        .map(ToString::to_string)
                        .unwrap_or_default();
                    assert!(
                        !help.contains('"'),
                        "{} --{}: {}: {help}",
                        cmd.get_name(),
                        arg.get_id(),
                        value.get_name()
                    );
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, seen);
            }
        }
        let mut seen = 0;
        walk(&Opts::command(), &mut seen);
        assert!(seen > 50, "{seen} values");
    }
}
