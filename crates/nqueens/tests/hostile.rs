//! Every reader of the library, fed arbitrary bytes: an answer (a value or
//! an error), never a panic. The command line and the server read through
//! these, so a hostile file or request cannot take them down.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;

/// Bytes that look a little like the inputs: digits, brackets, separators,
/// letters of drawn boards and JSON, and anything else now and then.
fn input() -> impl Strategy<Value = Vec<u8>> {
    let likely = prop::sample::select(b"0123456789 ,;[]{}\"\n\r\t.-Qqx#:neutrgaspbd/".to_vec());
    prop::collection::vec(prop_oneof![4 => likely, 1 => any::<u8>()], 0..400)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn placements(bytes in input(), one_based in any::<bool>()) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = nqueens::parse_placements(&text, one_based);
    }

    #[test]
    fn completion_instances(bytes in input(), diagonals in proptest::option::of(0usize..50)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = nqueens::parse_instance(&text, nqueens::ReadOptions { diagonals });
    }

    #[test]
    fn column_streams(bytes in input(), one_based in any::<bool>()) {
        let mut reader = nqueens::ColumnReader::new(&bytes[..], one_based);
        for _ in 0..10 {
            match reader.next_placement() {
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => break,
            }
        }
    }

    #[test]
    fn checkpoints(bytes in input()) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = nqueens::Checkpoint::parse(&text);
        let header = "{\"format\":\"nqueens-checkpoint\",\"version\":\"nqueens 0.1.0, checkpoint format 2\",\"n\":8,\"engine\":\"constellation\",\"tasks\":5,\"fingerprint\":\"\"}\n";
        let _ = nqueens::Checkpoint::parse(&format!("{header}{text}"));
    }

    #[test]
    fn task_logs(bytes in input()) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = nqueens::TaskLog::parse(&text);
        let log = nqueens::TaskLog::new(8, "constellation", 5, "00ff00ff00ff00ff");
        let _ = nqueens::TaskLog::parse(&format!("{}{text}", log.header_line()));
    }

    #[test]
    fn slice_results(bytes in input()) {
        let _ = nqueens::PartialResult::read(&bytes[..], "input");
        let text = String::from_utf8_lossy(&bytes);
        let _ = text.parse::<nqueens::Slice>();
    }
}
