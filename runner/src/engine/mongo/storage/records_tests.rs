//! Records survive replacement, removal and compaction unchanged.

use bson::{doc, RawDocumentBuf};

use super::records::Records;

fn record(tag: i32, size: usize) -> RawDocumentBuf {
    let filler = "x".repeat(size);
    RawDocumentBuf::from_document(&doc! { "tag": tag, "filler": filler }).expect("encodes")
}

fn tags(records: &Records) -> Vec<(usize, i32)> {
    records
        .iter()
        .filter_map(|(rid, raw)| raw.get_i32("tag").ok().map(|t| (rid, t)))
        .collect()
}

#[test]
fn replaced_and_removed_records_compact_without_moving_ids() {
    let mut records = Records::default();
    for tag in 0..4 {
        records.push(record(tag, 600_000).as_bytes());
    }
    records.put(1, record(10, 600_000).as_bytes());
    records.put(2, record(20, 10).as_bytes());
    assert!(records.remove(0));
    assert!(!records.remove(0));
    records.put(0, record(30, 10).as_bytes());
    assert_eq!(tags(&records), vec![(0, 30), (1, 10), (2, 20), (3, 3)]);
    assert!(records.remove(3));
    assert_eq!(tags(&records), vec![(0, 30), (1, 10), (2, 20)]);
    assert!(records.get(3).is_none() && records.get(9).is_none());
    assert_eq!(records.next_id(), 4);
}

#[test]
fn records_fill_segments_and_large_ones_get_their_own() {
    let mut records = Records::default();
    let small = record(0, 1_000_000);
    for _ in 0..20 {
        records.push(small.as_bytes());
    }
    records.push(record(99, 9_000_000).as_bytes());
    records.push(record(7, 10).as_bytes());
    records.put(3, record(33, 10).as_bytes());
    let found = tags(&records);
    assert_eq!(found.len(), 22);
    assert_eq!(found[3], (3, 33));
    assert_eq!(&found[20..], &[(20, 99), (21, 7)]);
    assert_eq!(
        records.get(20).map(|r| r.as_bytes().len()),
        Some(record(99, 9_000_000).as_bytes().len())
    );
}
