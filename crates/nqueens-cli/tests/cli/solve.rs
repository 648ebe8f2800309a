use super::*;

#[test]
fn default_is_the_first_board_of_8() {
    let out = run(&["solve"]).ok();
    assert_eq!(out, run(&["solve", "8", "--format", "board"]).ok());
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 8);
    for (row, &col) in rows.iter().zip(&FIRST_8) {
        let cells: Vec<&str> = row.split(' ').collect();
        assert_eq!(cells.len(), 8, "{row:?}");
        for (c, cell) in cells.iter().enumerate() {
            assert_eq!(*cell, if c == col { "■" } else { "□" }, "{row:?}");
        }
    }
    insta::assert_snapshot!("solve_board", out);
}

#[test]
fn ascii() {
    let out = run(&["solve", "--format", "ascii"]).ok();
    insta::assert_snapshot!("solve_ascii", out);
    assert_eq!(
        run(&["solve", "4", "-f", "ascii"]).ok(),
        ". Q . .\n. . . Q\nQ . . .\n. . Q .\n"
    );
}

#[test]
fn list_json_leetcode() {
    assert_eq!(
        run(&["solve", "--format", "list"]).ok(),
        "[0, 4, 7, 5, 2, 6, 1, 3]\n"
    );
    assert_eq!(
        run(&["solve", "8", "--format", "json"]).ok(),
        "{\"n\":8,\"columns\":[0,4,7,5,2,6,1,3]}\n"
    );
    assert_eq!(
        run(&["solve", "4", "--format", "leetcode"]).ok(),
        "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n"
    );
    assert_eq!(
        run(&["solve", "8", "-f", "leetcode"]).ok(),
        "[\"Q.......\",\"....Q...\",\".......Q\",\".....Q..\",\"..Q.....\",\"......Q.\",\".Q......\",\"...Q....\"]\n"
    );
    // The tutorials' own forms: the look-ahead's 0/1 matrix and the
    // tagged stack's "row, col;" pairs.
    assert_eq!(
        run(&["solve", "4", "--format", "matrix"]).ok(),
        "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n"
    );
    assert_eq!(
        run(&["all", "4", "--format", "pairs"]).ok(),
        "0, 1; 1, 3; 2, 0; 3, 2;\n0, 2; 1, 0; 2, 3; 3, 1;\n"
    );
    assert_eq!(
        run(&["solve", "4", "--format", "pairs", "--one-based"]).ok(),
        "1, 2; 2, 4; 3, 1; 4, 3;\n"
    );
}

#[test]
fn one_based() {
    assert_eq!(
        run(&["solve", "--format", "list", "--one-based"]).ok(),
        "[1, 5, 8, 6, 3, 7, 2, 4]\n"
    );
    assert_eq!(
        run(&["solve", "--one-based", "--format", "json"]).ok(),
        "{\"n\":8,\"columns\":[1,5,8,6,3,7,2,4]}\n"
    );
    // Drawings have no numbers: the flag would do nothing, so it is refused
    // as every flag that would be ignored is (`usage::one_based_needs_...`).
    run(&["solve", "--one-based"]).error();
}

#[test]
fn one_queen() {
    assert_eq!(run(&["solve", "1"]).ok(), "■\n");
    assert_eq!(run(&["solve", "1", "-f", "list"]).ok(), "[0]\n");
    assert_eq!(
        run(&["solve", "1", "-f", "json"]).ok(),
        "{\"n\":1,\"columns\":[0]}\n"
    );
    assert_eq!(run(&["solve", "1", "-f", "leetcode"]).ok(), "[\"Q\"]\n");
}

#[test]
fn no_solution_for_2_and_3() {
    for n in ["2", "3"] {
        for format in ["board", "ascii", "list", "json", "leetcode"] {
            let r = run(&["solve", n, "--format", format]).code(1);
            assert_eq!(r.stdout, "", "{n} {format}");
            assert_eq!(
                r.stderr,
                format!("no solution exists for n = {n}\n"),
                "{n} {format}"
            );
        }
    }
}

#[test]
fn every_size_up_to_the_limit_gives_a_solution() {
    for n in (4..=20).chain([32]) {
        let out = run(&["solve", &n.to_string(), "-f", "list"]).ok();
        let cols = parse_list(out.trim_end());
        assert_eq!(cols.len(), n);
        assert!(is_solution(&cols), "n = {n}: {cols:?}");
    }
    // The first solution is the lexicographically smallest one.
    for n in 4..=8 {
        let first = run(&["solve", &n.to_string(), "-f", "list"]).ok();
        let all = run(&["all", &n.to_string(), "-f", "list"]).ok();
        assert_eq!(
            Some(first.as_str().trim_end()),
            all.lines().next(),
            "n = {n}"
        );
    }
}

#[test]
fn classic_algorithms_stop_at_the_limit() {
    let err = run(&["solve", "33", "--algorithm", "bitwise"]).error();
    assert!(err.starts_with("error: solve 33: n is too large"), "{err}");
    assert!(err.contains("from 1 to 32"), "{err}");
    assert!(err.contains("without --algorithm"), "{err}");
}
