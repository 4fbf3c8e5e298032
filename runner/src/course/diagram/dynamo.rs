//! A DynamoDB item collection stacked by sort key, each item with its kind, and the
//! GSI beside it holding the same items under the index's own keys.

use super::declare::ItemCollection;
use super::svg::{text_width, Canvas, LINE};
use crate::course::dataset::{Dataset, Table};
use crate::pesan::gambar as pesan;
use serde_json::Value;

const PAD: i32 = 10;
const MARGIN: i32 = 12;
const GUTTER: i32 = 70;

/// The key attribute names of the table (`HASH`, `RANGE`) or of one of its GSIs.
pub fn key_names(table: &Table, index: Option<&str>) -> Option<(String, String)> {
    let schema = match index {
        None => table.create.get("KeySchema")?,
        Some(name) => table
            .create
            .get("GlobalSecondaryIndexes")?
            .as_array()?
            .iter()
            .find(|g| g.get("IndexName").and_then(Value::as_str) == Some(name))?
            .get("KeySchema")?,
    };
    let find = |kind: &str| {
        schema
            .as_array()?
            .iter()
            .find(|k| k.get("KeyType").and_then(Value::as_str) == Some(kind))?
            .get("AttributeName")?
            .as_str()
            .map(str::to_string)
    };
    Some((find("HASH")?, find("RANGE").unwrap_or_default()))
}

/// The table named `name` in the dataset.
pub fn table<'a>(data: &'a Dataset, name: &str) -> Option<&'a Table> {
    data.tables
        .iter()
        .find(|t| t.create.get("TableName").and_then(Value::as_str) == Some(name))
}

/// An attribute's scalar value as text (`S` or `N`).
pub fn scalar(item: &Value, attribute: &str) -> Option<String> {
    let typed = item.get(attribute)?;
    typed
        .get("S")
        .or_else(|| typed.get("N"))?
        .as_str()
        .map(str::to_string)
}

/// The partition's items in sort key order, as DynamoDB returns them.
pub fn partition<'a>(table: &'a Table, decl: &ItemCollection) -> Vec<&'a Value> {
    let Some((pk, sk)) = key_names(table, None) else {
        return Vec::new();
    };
    let mut items: Vec<&Value> = table
        .items
        .iter()
        .filter(|i| scalar(i, &pk).as_deref() == Some(decl.partisi.as_str()))
        .collect();
    items.sort_by_key(|i| scalar(i, &sk).unwrap_or_default());
    items
}

/// One item as drawn: its sort key and kind, and where the GSI puts it.
struct Row {
    sort_key: String,
    kind: String,
    index_key: Option<(String, String)>,
}

pub fn draw(id: &str, decl: &ItemCollection, data: &Dataset) -> String {
    let Some(table) = table(data, &decl.tabel) else {
        return String::new();
    };
    let rows = rows(table, decl);
    let (pk, sk) = key_names(table, None).unwrap_or_default();
    let mut canvas = Canvas::new(id);
    let (mut width, mut height) = stack(&mut canvas, decl, &rows, (&pk, &sk));
    let listed: Vec<String> = rows
        .iter()
        .map(|r| format!("{} ({})", r.sort_key, r.kind))
        .collect();
    let mut desc = vec![pesan::uraian_partisi(
        &decl.tabel,
        &pk,
        &decl.partisi,
        &listed,
    )];
    if let Some(index) = &decl.indeks {
        let names = key_names(table, Some(index)).unwrap_or_default();
        let (right, bottom, groups) =
            index_stack(&mut canvas, index, &rows, width + GUTTER, &names);
        (width, height) = (right, height.max(bottom));
        desc.push(pesan::uraian_indeks(index, &groups));
    }
    let title = pesan::judul_partisi(&decl.tabel, &decl.partisi);
    canvas.finish((width + MARGIN, height + MARGIN), &title, &desc.join(" "))
}

fn rows(table: &Table, decl: &ItemCollection) -> Vec<Row> {
    let (_, sk) = key_names(table, None).unwrap_or_default();
    let index = decl
        .indeks
        .as_deref()
        .and_then(|i| key_names(table, Some(i)));
    partition(table, decl)
        .into_iter()
        .map(|item| Row {
            sort_key: scalar(item, &sk).unwrap_or_default(),
            kind: decl
                .kind_of(&scalar(item, &sk).unwrap_or_default())
                .map(|k| k.nama.clone())
                .unwrap_or_default(),
            index_key: index
                .as_ref()
                .and_then(|(h, r)| Some((scalar(item, h)?, scalar(item, r).unwrap_or_default()))),
        })
        .collect()
}

/// The partition as a stack of rows (sort key, kind); returns its right and bottom edges.
fn stack(
    canvas: &mut Canvas,
    decl: &ItemCollection,
    rows: &[Row],
    (pk, sk): (&str, &str),
) -> (i32, i32) {
    let sk_w = rows
        .iter()
        .map(|r| text_width(&r.sort_key))
        .max()
        .unwrap_or(0)
        .max(text_width(sk));
    let kind_w = rows
        .iter()
        .map(|r| text_width(&r.kind))
        .max()
        .unwrap_or(0)
        .max(text_width(pesan::KOLOM_JENIS));
    let head = pesan::kepala_partisi(pk, &decl.partisi);
    let w = (sk_w + kind_w + 4 * PAD).max(text_width(&head) + 2 * PAD);
    let (x, y) = (MARGIN, MARGIN);
    let h = LINE * (rows.len() as i32 + 2) + PAD;
    canvas.rect(x, y, w, h, "kursus-kotak");
    canvas.rect(x, y, w, LINE + 2, "kursus-kepala");
    canvas.text(x + PAD, y + LINE - 5, "kursus-nama", &head);
    canvas.text(x + PAD, y + 2 * LINE - 5, "kursus-tipe", sk);
    canvas.text(
        x + 3 * PAD + sk_w,
        y + 2 * LINE - 5,
        "kursus-tipe",
        pesan::KOLOM_JENIS,
    );
    for (i, r) in rows.iter().enumerate() {
        let top = y + LINE * (i as i32 + 2) + 3;
        canvas.rect(x + PAD / 2, top, w - PAD, LINE - 2, "kursus-item");
        canvas.text(x + PAD, top + LINE - 7, "kursus-field", &r.sort_key);
        canvas.text(x + 3 * PAD + sk_w, top + LINE - 7, "kursus-jenis", &r.kind);
    }
    (x + w, y + h)
}

/// The items the index holds, grouped by its partition key and sorted by its sort key.
fn groups(rows: &[Row]) -> Vec<(String, Vec<&Row>)> {
    let mut groups: Vec<(String, Vec<&Row>)> = Vec::new();
    let mut sorted: Vec<&Row> = rows.iter().filter(|r| r.index_key.is_some()).collect();
    sorted.sort_by_key(|r| r.index_key.clone());
    for r in sorted {
        let hash = r.index_key.clone().unwrap_or_default().0;
        match groups.last_mut() {
            Some((h, members)) if *h == hash => members.push(r),
            _ => groups.push((hash, vec![r])),
        }
    }
    groups
}

/// The GSI as groups of rows (index sort key, the item's own sort key), each row joined
/// to the same item in the partition; returns its right and bottom edges and the
/// groups in words.
fn index_stack(
    canvas: &mut Canvas,
    index: &str,
    rows: &[Row],
    x: i32,
    (hash, range): &(String, String),
) -> (i32, i32, Vec<String>) {
    let groups = groups(rows);
    let range_w = rows
        .iter()
        .filter_map(|r| r.index_key.as_ref())
        .map(|k| text_width(&k.1))
        .max()
        .unwrap_or(0)
        .max(text_width(range));
    let sk_w = rows
        .iter()
        .map(|r| text_width(&r.sort_key))
        .max()
        .unwrap_or(0);
    let head = pesan::kepala_indeks(index);
    let w = (range_w + sk_w + 4 * PAD).max(text_width(&head) + 2 * PAD);
    let y0 = MARGIN;
    let total = groups.iter().map(|g| g.1.len() as i32 + 1).sum::<i32>() + 2;
    let h = LINE * total + PAD;
    canvas.rect(x, y0, w, h, "kursus-kotak");
    canvas.rect(x, y0, w, LINE + 2, "kursus-kepala");
    canvas.text(x + PAD, y0 + LINE - 5, "kursus-nama", &head);
    canvas.text(x + PAD, y0 + 2 * LINE - 5, "kursus-tipe", range);
    let mut line = 2;
    let mut words = Vec::new();
    for (value, members) in &groups {
        canvas.text(
            x + PAD,
            y0 + LINE * (line + 1) - 5,
            "kursus-nama",
            &format!("{hash} = {value}"),
        );
        line += 1;
        for r in members {
            let top = y0 + LINE * line + 3;
            canvas.rect(x + PAD / 2, top, w - PAD, LINE - 2, "kursus-item");
            canvas.text(
                x + PAD,
                top + LINE - 7,
                "kursus-field",
                &r.index_key.clone().unwrap_or_default().1,
            );
            canvas.text(
                x + 3 * PAD + range_w,
                top + LINE - 7,
                "kursus-tipe",
                &r.sort_key,
            );
            let from = rows.iter().position(|o| std::ptr::eq(o, *r)).unwrap_or(0) as i32;
            canvas.line(
                (x - GUTTER, y0 + LINE * (from + 2) + LINE / 2 + 2),
                (x, top + LINE / 2 - 1),
                "kursus-hubung",
            );
            line += 1;
        }
        let items: Vec<&str> = members.iter().map(|r| r.sort_key.as_str()).collect();
        words.push(format!("{hash} = {value}: {}", items.join(", ")));
    }
    (x + w, y0 + h, words)
}
