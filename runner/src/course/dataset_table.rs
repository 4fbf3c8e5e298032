//! The table a chapter gives of its exercises' dataset, checked against the data:
//!
//! | koleksi | dokumen | field | yang perlu diperhatikan |
//! | --- | --- | --- | --- |
//! | `mahasiswa` | 6 | `nama`, `alamat` | … |
//!
//! (`tabel | item | atribut` for DynamoDB). Every collection or table of the `utama`
//! dataset has a row with its exact count, and every field named exists in it.

use super::chapter;
use super::dataset::Dataset;
use crate::pesan;
use std::collections::BTreeSet;

/// What the data holds: per collection or table, its size and its top-level names.
struct Source {
    name: String,
    count: usize,
    fields: BTreeSet<String>,
}

struct Row {
    name: String,
    count: Option<usize>,
    fields: Vec<String>,
}

/// Problems of chapter `name` (`text`) against `dataset`.
pub fn problems(name: &str, text: &str, dataset: &Dataset) -> Vec<String> {
    let Some(rows) = dataset_rows(text) else {
        return vec![pesan::tabel_dataset_tidak_ada(name)];
    };
    let sources = sources(dataset);
    let mut out: Vec<String> = rows
        .iter()
        .flat_map(|r| row_problems(name, r, &sources))
        .collect();
    for source in &sources {
        if !rows.iter().any(|r| r.name == source.name) {
            out.push(pesan::tabel_dataset_kurang(name, &source.name));
        }
    }
    out
}

fn row_problems(chapter: &str, row: &Row, sources: &[Source]) -> Vec<String> {
    let Some(source) = sources.iter().find(|s| s.name == row.name) else {
        return vec![pesan::tabel_dataset_asing(chapter, &row.name)];
    };
    let mut out = Vec::new();
    if row.count != Some(source.count) {
        out.push(pesan::tabel_dataset_jumlah(
            chapter,
            &row.name,
            source.count,
        ));
    }
    for field in row.fields.iter().filter(|f| !source.fields.contains(*f)) {
        out.push(pesan::tabel_dataset_field(chapter, &row.name, field));
    }
    out
}

fn sources(dataset: &Dataset) -> Vec<Source> {
    let collections = dataset.collections.iter().map(|c| Source {
        name: c.name.clone(),
        count: c.docs.len(),
        fields: c.docs.iter().flat_map(|d| d.keys().cloned()).collect(),
    });
    let tables = dataset.tables.iter().map(|t| Source {
        name: t
            .create
            .get("TableName")
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string(),
        count: t.items.len(),
        fields: t
            .items
            .iter()
            .filter_map(|i| i.as_object())
            .flat_map(|o| o.keys().cloned())
            .collect(),
    });
    collections.chain(tables).collect()
}

/// The rows of every dataset table of the chapter, or `None` if it has none.
fn dataset_rows(text: &str) -> Option<Vec<Row>> {
    let tables: Vec<Vec<Vec<String>>> = tables(text)
        .into_iter()
        .filter(|t| t.first().is_some_and(|header| is_dataset_header(header)))
        .collect();
    if tables.is_empty() {
        return None;
    }
    Some(
        tables
            .iter()
            .flat_map(|t| t.iter().skip(2).map(|cells| row(cells, has_fields(t))))
            .collect(),
    )
}

fn is_dataset_header(header: &[String]) -> bool {
    let cell = |n: usize| header.get(n).map(|c| c.to_lowercase());
    let pair = (cell(0), cell(1));
    let (kind, count) = (pair.0.as_deref(), pair.1.as_deref());
    (kind == Some(pesan::KOLOM_KOLEKSI) && count == Some(pesan::KOLOM_DOKUMEN))
        || (kind == Some(pesan::KOLOM_TABEL) && count == Some(pesan::KOLOM_ITEM))
}

fn has_fields(table: &[Vec<String>]) -> bool {
    let third = table
        .first()
        .and_then(|h| h.get(2))
        .map(|c| c.to_lowercase());
    matches!(third.as_deref(), Some(c) if c == pesan::KOLOM_FIELD || c == pesan::KOLOM_ATRIBUT)
}

fn row(cells: &[String], with_fields: bool) -> Row {
    let cell = |n: usize| cells.get(n).map(String::as_str).unwrap_or_default();
    let fields = if with_fields {
        code_spans(cell(2))
    } else {
        Vec::new()
    };
    Row {
        name: cell(0).trim_matches('`').to_string(),
        count: cell(1).parse().ok(),
        fields: fields
            .iter()
            .map(|f| f.split('.').next().unwrap_or(f).to_string())
            .collect(),
    }
}

/// The `code` spans of a cell.
fn code_spans(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Markdown tables outside code blocks, each as rows of trimmed cells.
pub fn tables(text: &str) -> Vec<Vec<Vec<String>>> {
    let inside: BTreeSet<usize> = chapter::fences(text)
        .iter()
        .flat_map(|f| f.open..=f.close)
        .collect();
    let mut out: Vec<Vec<Vec<String>>> = Vec::new();
    let mut previous_was_row = false;
    for (i, line) in text.lines().enumerate() {
        let is_row = !inside.contains(&i) && line.trim_start().starts_with('|');
        match (is_row, previous_was_row, out.last_mut()) {
            (true, true, Some(table)) => table.push(cells(line)),
            (true, _, _) => out.push(vec![cells(line)]),
            _ => {}
        }
        previous_was_row = is_row;
    }
    out
}

fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| c.trim().to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::dataset::Collection;

    fn dataset() -> Dataset {
        let docs = vec![
            bson::doc! { "_id": 1, "nama": "Ani" },
            bson::doc! { "_id": 2, "nim": "1" },
        ];
        Dataset {
            collections: vec![Collection {
                db: "kampus".into(),
                name: "mahasiswa".into(),
                docs,
            }],
            tables: Vec::new(),
        }
    }

    const TABLE: &str =
        "| koleksi | dokumen | field | yang perlu diperhatikan |\n| --- | --- | --- | --- |\n";

    #[test]
    fn a_table_that_matches_the_data_passes() {
        let text =
            format!("# Bab\n\n{TABLE}| `mahasiswa` | 2 | `nama`, `nim` | satu tanpa nim |\n");
        assert!(problems("b.md", &text, &dataset()).is_empty());
    }

    #[test]
    fn wrong_counts_unknown_fields_and_rows_are_named() {
        let text = format!("{TABLE}| `mahasiswa` | 3 | `alamat.kota` | |\n| `dosen` | 1 | | |\n");
        assert_eq!(
            problems("b.md", &text, &dataset()),
            vec![
                pesan::tabel_dataset_jumlah("b.md", "mahasiswa", 2),
                pesan::tabel_dataset_field("b.md", "mahasiswa", "alamat"),
                pesan::tabel_dataset_asing("b.md", "dosen"),
            ]
        );
    }

    #[test]
    fn a_missing_table_or_row_fails() {
        assert_eq!(
            problems("b.md", "# Bab\n", &dataset()),
            vec![pesan::tabel_dataset_tidak_ada("b.md")]
        );
        let other = format!("{TABLE}| `dosen` | 0 | | |\n");
        assert!(problems("b.md", &other, &dataset())
            .contains(&pesan::tabel_dataset_kurang("b.md", "mahasiswa")));
    }

    #[test]
    fn tables_inside_code_blocks_do_not_count() {
        let text = format!("```text\n{TABLE}| `mahasiswa` | 2 | | |\n```\n");
        assert_eq!(
            problems("b.md", &text, &dataset()),
            vec![pesan::tabel_dataset_tidak_ada("b.md")]
        );
    }
}
