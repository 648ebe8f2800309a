//! Integration tests of the `nqueens` library: OEIS values, an independent
//! slow solver, and property tests of symmetry, search prefixes, verification
//! and parsing.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use nqueens::{write_solution, RenderOptions, Style};
use nqueens::{Placement, Solution, Solutions, Square, Symmetry};
use proptest::prelude::*;

/// The obviously correct solver: every permutation of the columns (one queen
/// per row and per column), keeping those where no two queens satisfy
/// |Δrow| = |Δcol|. Returns the solutions in lexicographic order.
fn slow_solutions(n: usize) -> Vec<Vec<usize>> {
    fn extend(n: usize, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if prefix.len() == n {
            let ok = (0..n).all(|a| (a + 1..n).all(|b| prefix[a].abs_diff(prefix[b]) != b - a));
            if ok {
                out.push(prefix.clone());
            }
            return;
        }
        for c in 0..n {
            if !prefix.contains(&c) {
                prefix.push(c);
                extend(n, prefix, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(n, &mut Vec::new(), &mut out);
    out
}

/// Every pair of queens checked against every other, the slow way.
fn slow_conflict_count(p: &Placement) -> u128 {
    let q = p.queens();
    let mut k = 0;
    for a in 0..q.len() {
        for b in a + 1..q.len() {
            let (x, y) = (q[a], q[b]);
            if x.row == y.row || x.col == y.col || x.row.abs_diff(y.row) == x.col.abs_diff(y.col) {
                k += 1;
            }
        }
    }
    k
}

#[test]
fn counts_match_oeis_for_n_1_to_13() {
    for n in 1..=13 {
        let c = nqueens::count_all(n).unwrap();
        assert_eq!(c.total, nqueens::known_total(n).unwrap(), "A000170({n})");
        assert_eq!(c.unique, nqueens::known_unique(n).unwrap(), "A002562({n})");
        assert_eq!(nqueens::count(n).unwrap(), c.total, "count({n})");
    }
}

#[test]
fn search_equals_the_slow_solver() {
    for n in 1..=8 {
        let fast: Vec<Vec<usize>> = nqueens::solutions(n)
            .unwrap()
            .map(Solution::into_columns)
            .collect();
        assert_eq!(fast, slow_solutions(n), "n = {n}");
    }
}

#[test]
fn counters_agree_with_enumeration() {
    for n in 1..=11 {
        let listed = nqueens::solutions(n).unwrap().count() as u128;
        assert_eq!(nqueens::count(n).unwrap(), listed, "n = {n}");
        let classes: BTreeSet<Solution> = nqueens::solutions(n)
            .unwrap()
            .map(|s| s.canonical())
            .collect();
        assert_eq!(
            nqueens::count_unique(n).unwrap(),
            classes.len() as u128,
            "n = {n}"
        );
    }
}

#[test]
fn eight_queens_in_lexicographic_order() {
    let all: Vec<Vec<usize>> = nqueens::solutions(8)
        .unwrap()
        .map(Solution::into_columns)
        .collect();
    assert_eq!(all.len(), 92);
    assert_eq!(all[0], [0, 4, 7, 5, 2, 6, 1, 3]);
    assert_eq!(all[91], [7, 3, 0, 2, 5, 1, 6, 4]);
    assert!(all.windows(2).all(|w| w[0] < w[1]));
    for s in &all {
        nqueens::verify(s).unwrap();
        assert!(Placement::from_columns(s.clone()).unwrap().is_solution());
    }
}

#[test]
fn unique_classes_times_orbits_make_the_total() {
    for n in 1..=11 {
        let reps: Vec<Solution> = nqueens::unique_solutions(n).unwrap().collect();
        assert_eq!(
            reps.len() as u128,
            nqueens::known_unique(n).unwrap(),
            "n = {n}"
        );
        assert!(reps.windows(2).all(|w| w[0] < w[1]), "n = {n}: order");
        assert!(reps.iter().all(Solution::is_canonical));
        let total: usize = reps.iter().map(Solution::orbit_size).sum();
        assert_eq!(total as u128, nqueens::known_total(n).unwrap(), "n = {n}");
        // The orbits are disjoint and cover every solution.
        let covered: BTreeSet<Solution> = reps.iter().flat_map(Solution::orbit).collect();
        let all: BTreeSet<Solution> = nqueens::solutions(n).unwrap().collect();
        assert_eq!(covered, all, "n = {n}");
    }
}

#[test]
fn errors_are_typed() {
    assert_eq!(nqueens::count(0), Err(nqueens::Error::ZeroSize));
    assert!(matches!(
        nqueens::solutions(65),
        Err(nqueens::Error::TooLarge { n: 65, max: 64, .. })
    ));
    assert!(matches!(
        Solution::new(vec![0, 1]),
        Err(nqueens::Error::Conflict(_))
    ));
}

/// A random solution for n in 4..=10.
fn any_solution() -> impl Strategy<Value = Solution> {
    (4usize..=10, any::<prop::sample::Index>()).prop_map(|(n, i)| {
        let all: Vec<Solution> = nqueens::solutions(n).unwrap().collect();
        all[i.index(all.len())].clone()
    })
}

/// A random column list (one queen per row, columns arbitrary) for n in 1..=9.
fn any_columns() -> impl Strategy<Value = Vec<usize>> {
    (1usize..=9).prop_flat_map(|n| prop::collection::vec(0..n, n))
}

/// A random set of queens on a board of size 1..=7.
fn any_queens() -> impl Strategy<Value = (usize, Vec<Square>)> {
    (1usize..=7).prop_flat_map(|n| {
        prop::collection::btree_set((0..n, 0..n), 0..=n + 2)
            .prop_map(move |set| (n, set.into_iter().map(|(r, c)| Square::new(r, c)).collect()))
    })
}

proptest! {
    #[test]
    fn symmetries_map_solutions_to_solutions(s in any_solution()) {
        let canonical = s.canonical();
        let orbit = s.orbit();
        prop_assert!(orbit.contains(&s));
        prop_assert!(orbit.contains(&canonical));
        prop_assert_eq!(canonical.canonical(), canonical.clone());
        prop_assert_eq!(orbit[0].clone(), canonical);
        prop_assert_eq!(orbit.len() * s.symmetries().len(), 8);
        for sym in Symmetry::ALL {
            let image = sym.apply(&s);
            prop_assert!(nqueens::verify(image.columns()).is_ok());
            prop_assert_eq!(image.canonical(), s.canonical());
            prop_assert_eq!(image.orbit_size(), s.orbit_size());
        }
    }

    #[test]
    fn prefix_search_is_a_filter(s in any_solution(), k in 0usize..=10) {
        let k = k.min(s.n());
        let prefix = &s.columns()[..k];
        let with: Vec<Solution> = Solutions::with_prefix(s.n(), prefix).unwrap().collect();
        let filtered: Vec<Solution> = nqueens::solutions(s.n())
            .unwrap()
            .filter(|x| x.columns().starts_with(prefix))
            .collect();
        prop_assert!(with.contains(&s));
        prop_assert_eq!(with, filtered);
    }

    #[test]
    fn verification_agrees_with_pairwise_check(cols in any_columns()) {
        let p = Placement::from_columns(cols.clone()).unwrap();
        let slow = slow_conflict_count(&p);
        prop_assert_eq!(p.conflict_count(), slow);
        prop_assert_eq!(p.conflicts().count() as u128, slow);
        prop_assert_eq!(nqueens::verify(&cols).is_ok(), slow == 0);
        prop_assert_eq!(p.is_solution(), slow == 0);
        prop_assert_eq!(Solution::new(cols).is_ok(), slow == 0);
    }

    #[test]
    fn conflicts_of_any_queens((n, queens) in any_queens()) {
        let p = Placement::new(n, queens.clone()).unwrap();
        let listed: Vec<_> = p.conflicts().collect();
        prop_assert_eq!(listed.len() as u128, slow_conflict_count(&p));
        for c in &listed {
            prop_assert!(c.first < c.second);
            prop_assert_eq!(c.first.attack(c.second), Some(c.attack));
        }
        let distinct: BTreeSet<_> = listed.iter().map(|c| (c.first, c.second)).collect();
        prop_assert_eq!(distinct.len(), listed.len());
        let rows: BTreeSet<usize> = queens.iter().map(|q| q.row).collect();
        prop_assert_eq!(p.empty_rows().count(), n - rows.len());
    }

    #[test]
    fn rendered_solutions_parse_back(s in any_solution(), one_based in any::<bool>()) {
        for style in [Style::Board, Style::Ascii, Style::List, Style::LeetCode] {
            let mut out = Vec::new();
            write_solution(&mut out, s.columns(), style, RenderOptions { one_based }).unwrap();
            let text = String::from_utf8(out).unwrap();
            let parsed = nqueens::parse_placements(&text, one_based).unwrap();
            prop_assert_eq!(parsed.len(), 1);
            prop_assert_eq!(parsed[0].to_solution().unwrap(), s.clone());
        }
    }

    #[test]
    fn parsing_never_panics(text in "\\PC{0,60}", one_based in any::<bool>()) {
        let _ = nqueens::parse_placements(&text, one_based);
    }

    #[test]
    fn parsing_board_like_text_never_panics(text in "[Q.■□xq\\[\\]\", 0-9\n-]{0,80}") {
        let _ = nqueens::parse_placements(&text, false);
        let _ = nqueens::parse_placements(&text, true);
    }
}

/// The classic algorithms of `nqueens::algo`, checked against each other.
mod classic {
    use std::ops::ControlFlow;

    use nqueens::{algorithms, Collect, Event, Sink};
    use proptest::prelude::*;

    /// The largest n each algorithm is run to here (brute force tries n^n boards).
    fn largest(name: &str) -> usize {
        if name == "brute-force" {
            8
        } else {
            10
        }
    }

    #[test]
    fn every_algorithm_finds_the_same_solutions() {
        assert!(algorithms().len() >= 2);
        for n in 1..=10 {
            let reference: Vec<Vec<usize>> = nqueens::solutions(n)
                .unwrap()
                .map(nqueens::Solution::into_columns)
                .collect();
            let mut sorted_reference = reference.clone();
            sorted_reference.sort();
            for a in algorithms() {
                if n > largest(a.name()) {
                    continue;
                }
                let mut sink = Collect::default();
                let stats = a.search(n, &mut sink).unwrap();
                assert_eq!(
                    stats.solutions as usize,
                    reference.len(),
                    "{} n = {n}",
                    a.name()
                );
                if a.lexicographic() {
                    assert_eq!(sink.solutions, reference, "{} n = {n}: order", a.name());
                }
                let mut got = sink.solutions;
                got.sort();
                assert_eq!(got, sorted_reference, "{} n = {n}", a.name());
                // Statistics are deterministic.
                assert_eq!(
                    stats,
                    a.search(n, &mut Collect::default()).unwrap(),
                    "{}",
                    a.name()
                );
            }
        }
    }

    /// Replays events with the library's [`nqueens::Replay`] and
    /// records the board it shows at each solution.
    struct Replayer {
        replay: nqueens::Replay,
        at_solutions: Vec<Vec<Option<usize>>>,
        reported: Vec<Vec<usize>>,
    }

    impl Sink for Replayer {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
            self.replay.apply(event);
            if let Event::Solution { .. } = event {
                self.at_solutions.push(self.replay.board());
            }
            ControlFlow::Continue(())
        }

        fn solution(&mut self, columns: &[usize]) -> ControlFlow<()> {
            self.reported.push(columns.to_vec());
            ControlFlow::Continue(())
        }
    }

    #[test]
    fn traces_replay_to_the_solutions() {
        for a in algorithms() {
            for n in 1..=6 {
                let mut replay = Replayer {
                    replay: nqueens::Replay::new(a.name(), n),
                    at_solutions: Vec::new(),
                    reported: Vec::new(),
                };
                a.search(n, &mut replay).unwrap();
                let replayed: Vec<Vec<usize>> = replay
                    .at_solutions
                    .iter()
                    .map(|b| {
                        b.iter()
                            .map(|c| c.expect("a full board at each solution"))
                            .collect()
                    })
                    .collect();
                assert_eq!(replayed, replay.reported, "{} n = {n}", a.name());
                assert_eq!(replayed.len() as u128, nqueens::known_total(n).unwrap());
                assert_eq!(
                    replay.replay.solutions() as u128,
                    nqueens::known_total(n).unwrap()
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// Stopping after k solutions gives the first k of the full run.
        #[test]
        fn a_limited_run_is_a_prefix(which in any::<prop::sample::Index>(), n in 1usize..=9, k in 0usize..=30) {
            let a = algorithms()[which.index(algorithms().len())];
            let n = n.min(largest(a.name()));
            let mut all = Collect::default();
            a.search(n, &mut all).unwrap();
            let mut some = Collect { limit: Some(k), ..Collect::default() };
            a.search(n, &mut some).unwrap();
            let expected = &all.solutions[..k.min(all.solutions.len())];
            prop_assert_eq!(some.solutions.as_slice(), expected);
        }
    }
}

/// The counting engines against OEIS up to n = 16. Slow in a debug build, so
/// ignored by default; `.ci/run` runs them (`cargo test -p nqueens -- --ignored`).
mod engines {
    use nqueens::count_plan_on;
    use nqueens::{engines, Engine};

    fn count(engine: &dyn Engine, n: usize, threads: usize) -> nqueens::Tally {
        count_plan_on(engine.plan(n).unwrap().as_ref(), threads)
    }

    #[test]
    fn every_engine_matches_oeis_up_to_12() {
        for engine in engines() {
            for n in 1..=12 {
                let t = count(*engine, n, 2);
                assert_eq!(
                    Some(t.solutions),
                    nqueens::known_total(n),
                    "{} Q({n})",
                    engine.name()
                );
                assert_eq!(
                    t.unique(),
                    nqueens::known_unique(n),
                    "{} U({n})",
                    engine.name()
                );
            }
        }
    }

    #[test]
    #[ignore = "slow without optimisation; .ci/run runs it"]
    fn constellation_matches_oeis_13_to_16() {
        let engine = nqueens::engine_by_name("constellation").unwrap();
        for n in 13..=16 {
            let t = count(engine, n, 2);
            assert_eq!(Some(t.solutions), nqueens::known_total(n), "Q({n})");
            assert_eq!(t.unique(), nqueens::known_unique(n), "U({n})");
        }
    }

    #[test]
    #[ignore = "slow without optimisation; .ci/run runs it"]
    fn join_matches_oeis_13_to_17() {
        let engine = nqueens::engine_by_name("join").unwrap();
        for n in 13..=17 {
            let t = count(engine, n, 2);
            assert_eq!(Some(t.solutions), nqueens::known_total(n), "Q({n})");
            assert_eq!(t.unique(), nqueens::known_unique(n), "U({n})");
        }
    }

    /// The join engine against the independent backtrack engine, task sums
    /// and all, for every n up to 16.
    #[test]
    #[ignore = "slow without optimisation; .ci/run runs it"]
    fn join_equals_backtrack_up_to_16() {
        let join = nqueens::engine_by_name("join").unwrap();
        let backtrack = nqueens::engine_by_name("backtrack").unwrap();
        for n in 1..=16 {
            assert_eq!(count(join, n, 2), count(backtrack, n, 2), "n = {n}");
        }
    }

    #[test]
    #[ignore = "slow without optimisation; .ci/run runs it"]
    fn backtrack_matches_oeis_13_to_15() {
        let engine = nqueens::engine_by_name("backtrack").unwrap();
        for n in 13..=15 {
            let t = count(engine, n, 2);
            assert_eq!(Some(t.solutions), nqueens::known_total(n), "Q({n})");
            assert_eq!(t.unique(), nqueens::known_unique(n), "U({n})");
        }
    }
}

/// Huge boards: the construction checked by the streaming verifier at sizes
/// no test in a debug build could afford. Release only: `cargo test --release
/// -p nqueens --test integration huge`, which `.ci/run` runs.
mod huge {
    use nqueens::construct;
    use nqueens::{LineVerifier, ParallelVerifier};

    /// The sequential check and the one in blocks on two threads agree that
    /// the construction is a solution, and on the verdict once a queen in
    /// the middle of a block moves onto row 0's column.
    fn check_construction(n: usize) {
        let columns = construct(n).unwrap().unwrap();
        assert_eq!(columns.len(), n);
        let mut verifier = LineVerifier::with_size(n);
        columns.clone().for_each(|c| verifier.push(c));
        assert!(verifier.finish().is_solution(), "n = {n}");
        let parallel = ParallelVerifier::new(n).threads(2).block_rows(1 << 16);
        assert!(
            parallel.verify(|rows| columns.rows(rows)).is_solution(),
            "n = {n}"
        );
        let (moved, to) = (n / 2 + 12_345, columns.column(0));
        let with_move = |rows: std::ops::Range<usize>| {
            let first = rows.start;
            columns
                .rows(rows)
                .enumerate()
                .map(move |(i, c)| if first + i == moved { to } else { c })
        };
        let mut sequential = LineVerifier::with_size(n);
        with_move(0..n).for_each(|c| sequential.push(c));
        let mut want = sequential.finish();
        want.fill_earlier_rows(with_move(0..n));
        let got = parallel.verify(with_move);
        assert!(!got.is_solution(), "n = {n}");
        assert_eq!(got, want, "n = {n}");
        assert_eq!(got.conflicts()[0].earlier_row, Some(0), "n = {n}");
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "release only: cargo test --release")]
    fn construction_of_a_million_queens() {
        check_construction(1_000_000);
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "release only: cargo test --release")]
    fn construction_of_ten_million_and_one_queens() {
        check_construction(10_000_001);
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "release only: cargo test --release")]
    fn construction_of_a_hundred_million_and_two_queens() {
        check_construction(100_000_002);
    }

    /// The sizes above are ≡ 4, 5 and 0 (mod 6), all the first case of the
    /// recipe; these two are ≡ 8 (mod 12), the wrapped case, even and odd.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "release only: cargo test --release")]
    fn construction_of_the_wrapped_case_at_ten_million() {
        check_construction(10_000_004);
        check_construction(10_000_005);
    }
}
