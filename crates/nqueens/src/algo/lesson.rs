//! What a learner reads beside a trace: each algorithm's pseudocode (the
//! lines [`super::Step::line`] points into), the legend of the marks, and
//! "about this algorithm", taken from the algorithm's own module docs so
//! that the docs and the page say the same thing.

use serde::Serialize;

/// The pseudocode of the algorithm called `name`, one line a step can point
/// at; empty for an unknown name.
///
/// # Examples
///
/// ```
/// let lines = nqueens::pseudocode("bitwise");
/// assert_eq!(lines[0], "solve(row, cols, ld, rd):");
/// assert_eq!(lines[3], "        p = free & -free; free -= p");
/// assert!(nqueens::pseudocode("quicksort").is_empty());
///
/// // Every algorithm has its pseudocode.
/// for algorithm in nqueens::algorithms() {
///     assert!(!nqueens::pseudocode(algorithm.name()).is_empty());
/// }
/// ```
pub fn pseudocode(name: &str) -> &'static [&'static str] {
    match name {
        "brute-force" => &[
            "for s in every board with one queen per row (n nested loops):",
            "    find the first pair i < j with s[i] == s[j] or |s[i] - s[j]| == j - i",
            "    if there is one: reject s",
            "    (no queen is placed alone: s is tested whole)",
            "    else: s is a solution",
        ],
        "recursive-board" => &[
            "solve(row):",
            "    for col in 0..n:",
            "        # check(board, (row, col)): read the cells of rows 0..row",
            "        if a 1 above is on col or on a diagonal: reject, next col",
            "        board[row][col] = 1",
            "        if row == n - 1: report the board",
            "        else: solve(row + 1)",
            "        board[row][col] = 0",
        ],
        "recursive" => &[
            "solve(row):",
            "    for col in 0..n:",
            "        # check: compare s[i] for i in 0..row",
            "        if s[i] == col or |s[i] - col| == row - i for some i: reject, next col",
            "        s[row] = col",
            "        if row == n - 1: report s",
            "        else: solve(row + 1)",
            "        (back from the row below: the next col overwrites s[row])",
        ],
        "stack" => &[
            "push (0, 0)",
            "while the stack is not empty: pop (row, col)",
            "    take back the queens on rows row and below",
            "    if a queen of s[0..row] attacks (row, col):",
            "        push (row, col + 1) if col + 1 < n; continue",
            "    s[row] = col",
            "    push (row, col + 1) if col + 1 < n; push (row + 1, 0) if row + 1 < n",
            "    if row == n - 1: report s",
        ],
        "tagged-stack" => &[
            "push (0, c, 0) for c = n - 1 down to 0",
            "while the stack is not empty: look at the top node (row, col, tag)",
            "    if tag == 0:",
            "        if col[col] or md[row - col + n - 1] or sd[row + col]:",
            "            pop it: attacked",
            "        else: set its tag to 1",
            "            set col[col], md[row - col + n - 1], sd[row + col]",
            "            if row < n - 1: push (row + 1, c, 0) for c = n - 1 down to 0",
            "            else: report the tag-1 nodes as a solution",
            "    else: clear its three flags and pop it",
        ],
        "generator" => &[
            "next(): resume the frames where the last yield left them (first: call queens(n, ()))",
            "queens(n, state):          # a frame per row; its row is len(state)",
            "    for pos in range(n):",
            "        if conflict(state, pos): continue   # abs(state[i] - pos) in (0, len(state) - i)",
            "        if len(state) == n - 1: yield (pos,)",
            "        else: for result in queens(n, state + (pos,)):   # a new frame below",
            "                  yield (pos,) + result   # each frame puts its pos in front",
            "    # the loop is over: return; the frame above goes on with its next pos",
        ],
        "occupancy" => &[
            "solve(row):",
            "    for col in 0..n:",
            "        # one look-up: counter[row][col]",
            "        if counter[row][col] > 0: reject, next col",
            "        place the queen; add 1 to every square it attacks below",
            "        if row == n - 1: report the board",
            "        else: solve(row + 1)",
            "        subtract 1 from those squares; take the queen back",
        ],
        "bfs" => &[
            "queue = [the empty board]",
            "while the queue is not empty: board = dequeue from the front",
            "    row = the number of queens on board",
            "    for col in 0..n: if (row, col) is attacked: reject, next col",
            "        child = board + (row, col)",
            "        if row < n - 1: enqueue child at the back",
            "        else: report child as a solution",
        ],
        "heuristic" => &[
            "enter(row):",
            "    test every square of the row; for each free one:",
            "        f = squares left free in all rows below if a queen went there",
            "    sort the free squares by f, largest first",
            "    for each, best first: place the queen",
            "        if row == n - 1: report the board",
            "        else: enter(row + 1)",
            "        take the queen back; fall back to the next best",
        ],
        "bitwise" => &[
            "solve(row, cols, ld, rd):",
            "    free = mask & ~(cols | ld | rd)",
            "    while free != 0:",
            "        p = free & -free; free -= p",
            "        if row == n - 1: report the board",
            "        else: solve(row + 1, cols | p, (ld | p) << 1, (rd | p) >> 1)",
            "    (free is used up: back up)",
        ],
        "dancing-links" => &[
            "X1: start at level 0",
            "X2: if no primary item is left: report the solution",
            "X3: choose the primary item i with the fewest options",
            "X4: cover i",
            "X5: try the next option of i: cover its other items, place its queen, go down a level",
            "X6: undo it: uncover its items, take its queen back",
            "X7: when i has no options left: uncover i and back up (X8)",
        ],
        _ => &[],
    }
}

/// The marks a text trace and the page use, with what each means.
///
/// # Examples
///
/// ```
/// use nqueens::{write_solution, RenderOptions, Style, LEGEND};
///
/// let meaning = |mark: &str| LEGEND.iter().find(|(m, _)| *m == mark).map(|&(_, what)| what);
/// assert_eq!(meaning("■"), Some("a queen"));
/// assert_eq!(meaning("×"), Some("a square tested and rejected (attacked)"));
///
/// // A board drawn in the board style uses the same marks.
/// let mut out = Vec::new();
/// write_solution(&mut out, &[1, 3, 0, 2], Style::Board, RenderOptions::default())?;
/// assert!(String::from_utf8(out)?.starts_with("□ ■ □ □\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const LEGEND: &[(&str, &str)] = &[
    ("■", "a queen"),
    ("□", "an empty square"),
    ("×", "a square tested and rejected (attacked)"),
    ("?", "the square being checked"),
    ("[ ]", "a cell the check read (recursive-board)"),
    ("*", "the candidate being tried (heuristic)"),
    ("✗", "a candidate already tried (heuristic)"),
];

/// "About this algorithm": what a learner reads before watching it.
///
/// Built by [`about`] from the algorithm's own module docs; it serializes
/// to JSON for the web page.
///
/// # Examples
///
/// ```
/// let about = nqueens::about("dancing-links").expect("a known algorithm");
/// assert!(about.source.starts_with("Knuth"));
/// assert!(about.cost.contains("links"));
///
/// let json = serde_json::to_value(&about)?;
/// assert_eq!(json["summary"], about.summary);
/// assert_eq!(json["why"], about.why.as_str());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct About {
    /// One line.
    pub summary: &'static str,
    /// The idea: the module docs' opening.
    pub idea: String,
    /// Why it is taught.
    pub why: String,
    /// What it costs.
    pub cost: String,
    /// Where it comes from.
    pub source: &'static str,
}

/// The module docs of the algorithm called `name` (its source file's `//!`
/// lines), for [`about`].
fn module_docs(name: &str) -> &'static str {
    match name {
        "brute-force" => include_str!("brute_force.rs"),
        "recursive-board" => include_str!("recursive_board.rs"),
        "recursive" => include_str!("recursive.rs"),
        "stack" => include_str!("stack.rs"),
        "tagged-stack" => include_str!("tagged_stack.rs"),
        "generator" => include_str!("generator.rs"),
        "occupancy" => include_str!("occupancy.rs"),
        "bfs" => include_str!("bfs.rs"),
        "heuristic" => include_str!("heuristic.rs"),
        "bitwise" => include_str!("bitwise.rs"),
        "dancing-links" => include_str!("dancing_links.rs"),
        _ => "",
    }
}

/// Where each algorithm comes from, in the project's tutorials and beyond.
fn source(name: &str) -> &'static str {
    match name {
        "brute-force" => "the four nested loops of the fifth tutorial (seed 004), generalised to n loops; the baseline of every textbook",
        "recursive-board" => "the first tutorial's check(board, pos) on a 2-D 0/1 board (seed 000), and the fifth's (seed 004)",
        "recursive" => "the first tutorial's 1-D array (seed 000); Wirth, Algorithms + Data Structures = Programs (1976)",
        "stack" => "the first tutorial's non-recursive version with an explicit stack (seed 000)",
        "tagged-stack" => "the second tutorial's stack of (row, col, tag) nodes with the flag arrays col, md and sd (seed 001)",
        "generator" => "the third tutorial's Python generator queens(num, state) with conflict(state, nextX) (seed 002)",
        "occupancy" => "the fifth tutorial's DFS with a grid of attacked squares, update and update_reset (seed 004)",
        "bfs" => "the fifth tutorial's breadth-first search with a queue of (level, path) nodes (seed 004)",
        "heuristic" => "the fourth tutorial's look-ahead search with f = free squares left below (seed 003)",
        "bitwise" => "the fifth tutorial's bit masks (seed 004); Richards' BCPL program, Somers' C counter",
        "dancing-links" => "Knuth, The Art of Computer Programming 4B, §7.2.2.1, Algorithm X with dancing links",
        _ => "",
    }
}

/// Rustdoc's `[`x`](target)` and `[`x`]` links, as plain `x`.
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '[' if chars.peek() == Some(&'`') => {}
            ']' if out.ends_with('`') => {
                if chars.peek() == Some(&'(') {
                    for d in chars.by_ref() {
                        if d == ')' {
                            break;
                        }
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// About the algorithm called `name`, from its module docs: the opening
/// paragraphs, the section (or paragraph) "Why it is taught" and the section
/// "Cost". `None` for an unknown name.
///
/// # Examples
///
/// ```
/// let about = nqueens::about("bitwise").expect("bitwise is an algorithm");
/// assert_eq!(about.summary, nqueens::find_algorithm("bitwise")?.summary());
/// assert!(!about.idea.is_empty() && !about.why.is_empty() && !about.cost.is_empty());
/// assert!(!about.idea.contains("[`")); // rustdoc links are made plain
/// assert!(nqueens::about("quicksort").is_none());
/// # Ok::<(), nqueens::UnknownAlgorithm>(())
/// ```
pub fn about(name: &str) -> Option<About> {
    let algorithm = super::by_name(name)?;
    let docs: Vec<&str> = module_docs(name)
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    // Paragraphs, each tagged with the heading it falls under.
    let mut heading = String::new();
    let mut paragraphs: Vec<(String, String)> = Vec::new();
    let mut current = String::new();
    let mut in_code = false;
    for line in docs {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if !in_code && line.starts_with('#') {
            if !current.is_empty() {
                paragraphs.push((heading.clone(), std::mem::take(&mut current)));
            }
            heading = line.trim_start_matches('#').trim().to_lowercase();
        } else if line.trim().is_empty() && !in_code {
            if !current.is_empty() {
                paragraphs.push((heading.clone(), std::mem::take(&mut current)));
            }
        } else {
            if !current.is_empty() {
                // List items, table rows and code keep their lines.
                let item =
                    line.starts_with("- ") || line.starts_with("* ") || line.starts_with('|');
                current.push(if in_code || item { '\n' } else { ' ' });
            }
            current.push_str(if in_code {
                line
            } else {
                line.trim_start_matches("  ")
            });
        }
    }
    if !current.is_empty() {
        paragraphs.push((heading, current));
    }
    let join = |ps: Vec<&String>| -> String {
        plain(
            &ps.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n\n"),
        )
    };
    let is_why =
        |(h, p): &&(String, String)| h.contains("why") || p.starts_with("Why it is taught");
    // The opening; when it is only a title, the first section too.
    let mut opening: Vec<&String> = paragraphs
        .iter()
        .filter(|(h, p)| h.is_empty() && !p.starts_with("Why it is taught"))
        .map(|(_, p)| p)
        .collect();
    if opening.iter().map(|p| p.len()).sum::<usize>() < 200 {
        if let Some((first, _)) = paragraphs.iter().find(|(h, _)| !h.is_empty()) {
            opening.extend(
                paragraphs
                    .iter()
                    .filter(|(h, _)| h == first)
                    .map(|(_, p)| p),
            );
        }
    }
    let idea = join(opening);
    let why = join(paragraphs.iter().filter(is_why).map(|(_, p)| p).collect());
    let cost = join(
        paragraphs
            .iter()
            .filter(|(h, _)| h.starts_with("cost"))
            .map(|(_, p)| p)
            .collect(),
    );
    Some(About {
        summary: algorithm.summary(),
        idea,
        why: why
            .strip_prefix("Why it is taught: ")
            .map_or(why.clone(), |rest| {
                let mut chars = rest.chars();
                chars.next().map_or(String::new(), |first| {
                    first.to_uppercase().chain(chars).collect()
                })
            }),
        cost,
        source: source(name),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_has_its_lesson() {
        for a in super::super::algorithms() {
            let name = a.name();
            let about = about(name).unwrap();
            assert!(about.idea.len() > 80, "{name}: idea {:?}", about.idea);
            assert!(about.why.len() > 40, "{name}: why {:?}", about.why);
            assert!(about.cost.len() > 40, "{name}: cost {:?}", about.cost);
            assert!(!about.source.is_empty(), "{name}");
            assert!(!about.idea.contains("[`"), "{name}: a rustdoc link left");
            // A Markdown table keeps one row a line, for the page to draw.
            for text in [&about.idea, &about.why, &about.cost] {
                for para in text.split("\n\n").filter(|p| p.starts_with('|')) {
                    assert!(
                        para.lines().all(|l| l.starts_with('|') && l.ends_with('|')),
                        "{name}: a table run together: {para:?}"
                    );
                }
            }
            assert!(pseudocode(name).len() >= 5, "{name}");
        }
        assert!(about("nope").is_none());
        assert!(pseudocode("nope").is_empty());
    }
}
