//! Explaining why an output differs from the expected one, in terms a learner can act
//! on: only the order, how many documents are missing or extra, which field differs.

use super::items::{fields, items};
use crate::pesan;

/// At most this many field-level remarks, so the diff stays visible.
const MAX_FIELD_REMARKS: usize = 5;

/// Remarks about `actual` compared with `expected` (both as printed).
pub fn explain(expected: &str, actual: &str) -> Vec<String> {
    // A literal that repeats the expected text is compared with it: nothing to add.
    if expected == actual {
        return Vec::new();
    }
    let (want, got) = (items(expected), items(actual));
    if same_multiset(&want, &got) {
        return vec![pesan::hanya_urutan_beda()];
    }
    let mut remarks = Vec::new();
    if want.len() != got.len() {
        remarks.push(pesan::dokumen_jumlah(want.len(), got.len()));
    }
    let (missing, extra) = multiset_difference(&want, &got);
    let (pairs, missing, extra) = pair_by_identity(missing, extra);
    remarks.extend(
        pairs
            .iter()
            .flat_map(|(w, g)| field_remarks(w, g))
            .take(MAX_FIELD_REMARKS),
    );
    if !missing.is_empty() {
        remarks.push(pesan::dokumen_kurang(missing.len()));
    }
    if !extra.is_empty() {
        remarks.push(pesan::dokumen_lebih(extra.len()));
    }
    remarks
}

pub fn same_multiset(a: &[String], b: &[String]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort();
    b.sort();
    a == b
}

/// Items of `want` not matched in `got`, and items of `got` not matched in `want`.
fn multiset_difference(want: &[String], got: &[String]) -> (Vec<String>, Vec<String>) {
    let mut extra = got.to_vec();
    let mut missing = Vec::new();
    for item in want {
        match extra.iter().position(|g| g == item) {
            Some(i) => {
                extra.remove(i);
            }
            None => missing.push(item.clone()),
        }
    }
    (missing, extra)
}

type Pairs = Vec<(String, String)>;

/// Matches missing and extra documents that share their first field (usually `_id`);
/// when as many remain on both sides (a projection changed every document), they
/// are paired in order.
fn pair_by_identity(
    missing: Vec<String>,
    mut extra: Vec<String>,
) -> (Pairs, Vec<String>, Vec<String>) {
    let mut pairs = Vec::new();
    let mut unpaired = Vec::new();
    for want in missing {
        let id = identity(&want);
        match extra.iter().position(|g| id.is_some() && identity(g) == id) {
            Some(i) => pairs.push((want, extra.remove(i))),
            None => unpaired.push(want),
        }
    }
    let alike = match (unpaired.as_slice(), extra.as_slice()) {
        // One response expected, one printed, under the same wrapper (`{ Item: … }`).
        ([w], [g]) => same_wrapper(w, g) || share_a_field(w, g),
        _ => unpaired
            .iter()
            .zip(&extra)
            .all(|(w, g)| share_a_field(w, g)),
    };
    if unpaired.len() == extra.len() && alike {
        pairs.extend(unpaired.drain(..).zip(extra.drain(..)));
    }
    (pairs, unpaired, extra)
}

/// Two printed documents with one field and value in common (a projection changed
/// which fields show, not which documents).
fn share_a_field(a: &str, b: &str) -> bool {
    match (fields(a), fields(b)) {
        (Some(a), Some(b)) => a.iter().any(|f| b.contains(f)),
        _ => false,
    }
}

/// Both documents start with the same field holding a document: one response
/// whose content differs, not two different documents.
fn same_wrapper(a: &str, b: &str) -> bool {
    match (identity(a), identity(b)) {
        (Some((ka, va)), Some((kb, vb))) => ka == kb && va.starts_with('{') && vb.starts_with('{'),
        _ => false,
    }
}

fn identity(item: &str) -> Option<(String, String)> {
    fields(item)?.into_iter().next()
}

fn field_remarks(want: &str, got: &str) -> Vec<String> {
    let (Some(w), Some(g)) = (fields(want), fields(got)) else {
        return Vec::new();
    };
    let label = w.first().map(label_of).unwrap_or_default();
    let mut remarks = Vec::new();
    document_remarks(&label, "", &w, &g, &mut remarks);
    remarks
}

/// A document is named by its first field; a nested value would repeat the whole
/// document, so it is elided.
fn label_of((key, value): &(String, String)) -> String {
    if value.starts_with(['{', '[']) {
        format!("{{ {key}: … }}")
    } else {
        format!("{{ {key}: {value} }}")
    }
}

type Fields = [(String, String)];

/// Remarks for every field of `w` and `g` under `path`; where both values are
/// documents the remarks name the nested fields (`Item.plan`), not the whole value.
fn document_remarks(label: &str, path: &str, w: &Fields, g: &Fields, remarks: &mut Vec<String>) {
    for (key, value) in w {
        let here = join(path, key);
        match g.iter().find(|(k, _)| k == key) {
            None => remarks.push(pesan::field_hilang(label, &here)),
            Some((_, v)) if v != value => value_remarks(label, &here, value, v, remarks),
            Some(_) => {}
        }
    }
    let extra_keys = g.iter().filter(|(k, _)| !w.iter().any(|(wk, _)| wk == k));
    remarks.extend(extra_keys.map(|(k, _)| pesan::field_tambahan(label, &join(path, k))));
}

fn value_remarks(label: &str, path: &str, want: &str, got: &str, remarks: &mut Vec<String>) {
    match (fields(want), fields(got)) {
        (Some(w), Some(g)) => document_remarks(label, path, &w, &g, remarks),
        _ => remarks.push(pesan::field_beda(label, path, want, got)),
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_order_differs() {
        let r = explain("[ { _id: 1 }, { _id: 2 } ]", "[ { _id: 2 }, { _id: 1 } ]");
        assert_eq!(r, vec![pesan::hanya_urutan_beda()]);
    }

    #[test]
    fn identical_outputs_need_no_remark() {
        assert!(explain("[ { _id: 1 } ]", "[ { _id: 1 } ]").is_empty());
        assert!(explain("20", "20").is_empty());
    }

    #[test]
    fn counts_missing_documents() {
        let r = explain("[ { _id: 1 }, { _id: 2 }, { _id: 3 } ]", "[ { _id: 2 } ]");
        assert!(r.contains(&pesan::dokumen_jumlah(3, 1)), "{r:?}");
        assert!(r.contains(&pesan::dokumen_kurang(2)), "{r:?}");
    }

    #[test]
    fn documents_changed_by_a_projection_are_paired_in_order() {
        let r = explain(
            "[ { nama: 'Ani' }, { nama: 'Budi' } ]",
            "[ { _id: 1, nama: 'Ani' }, { _id: 2, nama: 'Budi' } ]",
        );
        assert!(
            r.contains(&pesan::field_tambahan("{ nama: 'Ani' }", "_id")),
            "{r:?}"
        );
    }

    #[test]
    fn names_the_differing_field() {
        let r = explain(
            "[ { _id: 1, nama: 'Ani' } ]",
            "[ { _id: 1, nama: 'Budi', umur: 3 } ]",
        );
        assert!(
            r.contains(&pesan::field_beda("{ _id: 1 }", "nama", "'Ani'", "'Budi'")),
            "{r:?}"
        );
        assert!(
            r.contains(&pesan::field_tambahan("{ _id: 1 }", "umur")),
            "{r:?}"
        );
    }

    #[test]
    fn names_the_nested_field_path() {
        let r = explain(
            "{ Item: { name: { S: 'Globex' }, settings: { M: { theme: { S: 'light' } } } } }",
            "{ Item: { name: { S: 'Globex' }, plan: { S: 'pro' }, settings: { M: { theme: { S: 'dark' } } } } }",
        );
        let label = "{ Item: … }";
        assert!(
            r.contains(&pesan::field_tambahan(label, "Item.plan")),
            "{r:?}"
        );
        assert!(
            r.contains(&pesan::field_beda(
                label,
                "Item.settings.M.theme.S",
                "'light'",
                "'dark'"
            )),
            "{r:?}"
        );
    }

    #[test]
    fn two_different_single_documents_are_not_compared_field_by_field() {
        let r = explain(
            "[ { nama: 'Eka', nim: '4' } ]",
            "[ { nama: 'Gita', nim: '6' } ]",
        );
        assert_eq!(r, vec![pesan::dokumen_kurang(1), pesan::dokumen_lebih(1)]);
    }

    #[test]
    fn a_value_that_is_not_a_document_on_one_side_is_named_whole() {
        let r = explain("[ { _id: 1, a: { b: 1 } } ]", "[ { _id: 1, a: 2 } ]");
        assert_eq!(
            r,
            vec![pesan::field_beda("{ _id: 1 }", "a", "{ b: 1 }", "2")]
        );
    }
}
