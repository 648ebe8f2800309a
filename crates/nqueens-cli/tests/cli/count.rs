use super::*;

#[test]
fn text_matches_oeis() {
    for n in 1..=10 {
        let q = TOTAL[n - 1];
        let noun = if q == 1 { "solution" } else { "solutions" };
        let out = untimed(run(&["count", &n.to_string()]).counted(q.into()));
        assert_eq!(out, format!("n = {n}: {q} {noun}\n"));
        let out = untimed(run(&["count", &n.to_string(), "--unique"]).counted(q.into()));
        assert_eq!(
            out,
            format!(
                "n = {n}: {q} {noun}, {} unique up to rotation and reflection\n",
                UNIQUE[n - 1]
            )
        );
    }
    assert_eq!(untimed(run(&["count"]).ok()), "n = 8: 92 solutions\n");
    assert_eq!(
        untimed(run(&["count", "12", "-u"]).ok()),
        "n = 12: 14,200 solutions, 1,787 unique up to rotation and reflection\n"
    );
}

#[test]
fn text_snapshot() {
    insta::assert_snapshot!("count_8_unique", run(&["count", "8", "--unique"]).ok());
}

#[test]
fn json_matches_oeis() {
    for n in 1..=10 {
        for unique in [false, true] {
            let mut args = vec![
                "count".to_string(),
                n.to_string(),
                "--format".into(),
                "json".into(),
            ];
            if unique {
                args.push("--unique".into());
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&args).counted(TOTAL[n - 1].into());
            assert_eq!(out.lines().count(), 1, "{out}");
            let members = flat_json(out.trim_end());
            let keys: Vec<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
            let mut expected = vec![
                ("n", n.to_string()),
                ("solutions", TOTAL[n - 1].to_string()),
            ];
            if unique {
                expected.push(("unique", UNIQUE[n - 1].to_string()));
                assert_eq!(keys, ["n", "solutions", "unique", "seconds"]);
            } else {
                assert_eq!(keys, ["n", "solutions", "seconds"]);
            }
            for ((k, v), (ek, ev)) in members.iter().zip(&expected) {
                assert_eq!((k.as_str(), v), (*ek, ev), "{out}");
            }
            let seconds: f64 = members.last().unwrap().1.parse().unwrap();
            assert!((0.0..10.0).contains(&seconds), "{out}");
        }
    }
}

#[test]
fn too_large_names_the_limit() {
    let err = run(&["count", "41"]).error();
    assert!(err.starts_with("error: count 41: n is too large"), "{err}");
    assert!(err.contains("take n up to 40"), "{err}");
    let err = run(&["count", "19", "--algorithm", "bitwise"]).error();
    assert!(err.contains("too large for a classic algorithm"), "{err}");
    // --stats alone runs a classic algorithm: the message names --stats,
    // which was given, not --algorithm, which was not.
    let err = run(&["count", "19", "--stats"]).error();
    assert!(
        err.starts_with("error: count 19 --stats:") && err.contains("drop --stats"),
        "{err}"
    );
    assert!(!err.contains("--algorithm"), "{err}");
}

#[test]
fn too_large_beyond_the_table_reads_well() {
    let err = run(&["count", "41"]).error();
    assert!(err.contains("Q(41) is unknown"), "{err}");
    assert!(
        !err.contains("the published value is Q(41) is unknown"),
        "{err}"
    );
}

#[test]
fn estimates_read_as_english() {
    let out = run(&["estimate", "1", "--samples", "10"]).ok();
    assert!(out.starts_with("n = 1: about 1 solution (95%"), "{out}");
    // An interval from few paths is said to hold Q(n) less often (not one
    // without a spread: n = 1 above).
    let r = run(&["estimate", "8", "--samples", "100"]).code(0);
    assert!(
        r.stderr
            .starts_with("note: from fewer than 1,000 random paths the 95% interval"),
        "{r:?}"
    );
    // Where few paths reach a solution, as at n = 128 from 1,000 (one or
    // two), the interval rests on them and is said to miss more often; at
    // n = 27 from 1,000 (about 15) it held Q(27) for 196 of 200 seeds.
    let r = run(&["estimate", "128", "--samples", "1000"]).code(0);
    assert!(
        r.stderr
            .contains(" of the 1,000 paths reached a solution, and the interval rests on"),
        "{r:?}"
    );
    run(&["estimate", "27", "--samples", "1000"]).ok();
    let json = run(&["estimate", "27", "--samples", "1000", "-f", "json"]).ok();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["solved"].as_u64().unwrap() >= 10, "{json}");
    let out = run(&["estimate", "8", "--samples", "1000", "--seed", "3"]).ok();
    assert!(out.contains(" solutions (95% interval"), "{out}");
    assert!(
        out.ends_with("(OEIS A000170), inside the interval\n"),
        "{out}"
    );
    // Where the interval misses the published value, it says so.
    let r = run(&["estimate", "20", "--samples", "100", "--seed", "6"]).code(0);
    assert!(
        r.stdout
            .ends_with("Q(20) = 39,029,188,884 (OEIS A000170), OUTSIDE the interval\n"),
        "{r:?}"
    );
    // The ends printed are rounded outward, and the verdict is on them: it
    // said "95% interval 343 to 352" of 343.47 to 351.65, and that 352 was
    // outside it.
    for (args, interval) in [
        (["9", "--seed", "24"], "(95% interval 343 to 352; "),
        (["4", "--seed", "37"], "(95% interval 1 to 2; "),
    ] {
        let out = run(&[&["estimate"][..], &args].concat()).ok();
        assert!(out.contains(interval), "{out}");
        assert!(out.ends_with("inside the interval\n"), "{out}");
    }
    // Up to n = 3 every path is the same, so one path is exact (it was
    // "too few to estimate Q(2)").
    for (n, q) in [
        ("1", "1 solution"),
        ("2", "0 solutions"),
        ("3", "0 solutions"),
    ] {
        let out = run(&["estimate", n, "--samples", "1"]).ok();
        assert!(
            out.starts_with(&format!(
                "n = {n}: about {q} (95% interval {0} to {0}; one random path",
                &q[..1]
            )),
            "{out}"
        );
    }
    let out = run(&["estimate", "27", "--samples", "2000", "--seed", "3"]).ok();
    assert!(
        out.contains("(95% interval 1.174e17 to 5.414e17; "),
        "{out}"
    );
    let e = run(&["estimate", "129"]).error();
    assert!(e.contains("from 1 to 128"), "{e}");
    let e = run(&["estimate", "8", "--samples", "0"]).error();
    assert!(e.contains("--samples"), "{e}");
}

/// Paths that never reached a solution estimate nothing: no "about 0
/// solutions (95% interval 0 to 0)" on a board with 14,200 (as `estimate
/// 12 --samples 2` once said), nor an interval "0 to inf" from one path;
/// and the answer is "unknown" (exit status 3; it was 0, and the JSON said
/// `"solutions": 0.0`, which a script took for Q(12)).
#[test]
fn too_few_paths_give_no_interval() {
    let unknown = |args: &[&str]| {
        let out = run(args).code(3);
        assert_eq!(out.stderr, "", "{out:?}");
        out.stdout
    };
    let out = unknown(&["estimate", "12", "--samples", "2"]);
    assert!(
        out.starts_with(
            "n = 12: no solution on 2 random paths (seed 1), too few to estimate Q(12)"
        ),
        "{out}"
    );
    let json = unknown(&["estimate", "12", "--samples", "2", "-f", "json"]);
    let fields = flat_json(json.trim());
    for (key, value) in [("solutions", "null"), ("low", "0.0"), ("high", "null")] {
        assert!(fields.contains(&(key.into(), value.into())), "{json}");
    }
    let out = unknown(&["estimate", "12", "--samples", "1", "--seed", "3"]);
    assert!(
        out.contains("from one random path (seed 3), which gives no interval"),
        "{out}"
    );
    assert!(!out.contains("inf"), "{out}");
    // Two paths of n = 4 that weigh the same: no "95% interval 4 to 4"
    // (Q(4) is 2), and "1 solution", not "1 solutions".
    let out = unknown(&["estimate", "4", "--samples", "2", "--seed", "1"]);
    assert!(
        out.starts_with(
            "n = 4: about 4 solutions from 2 random paths (seed 1), which gives no interval"
        ),
        "{out}"
    );
    // Where there is no solution, the zeros are exact (and n = 1's one
    // path: `estimates_read_as_english`).
    let out = run(&["estimate", "3", "--samples", "100"]).ok();
    assert!(
        out.starts_with("n = 3: about 0 solutions (95% interval 0 to 0;"),
        "{out}"
    );
    // The JSON says the same 0, with status 0: it said `"solutions": null`,
    // the "no estimate" of paths that bound nothing, where the text said 0.
    for n in ["2", "3"] {
        let json = run(&["estimate", n, "--samples", "100", "-f", "json"]).ok();
        let fields = flat_json(json.trim());
        for (key, value) in [("solutions", "0.0"), ("low", "0.0"), ("high", "0.0")] {
            assert!(fields.contains(&(key.into(), value.into())), "{json}");
        }
    }
    // One path of n = 4 that reached a solution: a number and no
    // interval, in both forms, status 3.
    let text = unknown(&["estimate", "4", "--samples", "1", "--seed", "0"]);
    let json = unknown(&[
        "estimate",
        "4",
        "--samples",
        "1",
        "--seed",
        "0",
        "-f",
        "json",
    ]);
    let fields = flat_json(json.trim());
    assert!(text.contains("which gives no interval"), "{text}");
    assert!(fields.contains(&("high".into(), "null".into())), "{json}");
    assert!(
        !fields.contains(&("solutions".into(), "null".into())),
        "{json}"
    );
}
