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

/// One item of the partition as drawn: its sort key and its declared kind.
struct Row {
    sort_key: String,
    kind: String,
}

/// One item of the index: its keys there, and its own keys in the table.
struct IndexRow {
    hash: String,
    range: String,
    pk: String,
    sk: String,
}

/// The partition's frame: where it stands, for the index drawn beside it.
struct Frame {
    right: i32,
    bottom: i32,
}

/// The top of the partition's `i`-th item row.
fn row_top(i: usize) -> i32 {
    MARGIN + LINE * (i as i32 + 2) + 3
}

pub fn draw(id: &str, decl: &ItemCollection, data: &Dataset) -> String {
    let Some(table) = table(data, &decl.tabel) else {
        return String::new();
    };
    let (pk, sk) = key_names(table, None).unwrap_or_default();
    let rows = rows(table, decl, &sk);
    let mut canvas = Canvas::new(id);
    let frame = stack(&mut canvas, decl, &rows, (&pk, &sk));
    let (mut size, mut desc) = (
        (frame.right, frame.bottom),
        vec![partition_words(decl, &pk, &rows)],
    );
    if let Some(index) = &decl.indeks {
        let (right, bottom, words) = index_panel(&mut canvas, (table, index), decl, &rows, &frame);
        (size, desc) = ((right, bottom.max(size.1)), [desc, vec![words]].concat());
    }
    let title = pesan::judul_partisi(&decl.tabel, &decl.partisi);
    canvas.finish((size.0 + MARGIN, size.1 + MARGIN), &title, &desc.join(" "))
}

fn rows(table: &Table, decl: &ItemCollection, sk: &str) -> Vec<Row> {
    let row = |item: &Value| {
        let sort_key = scalar(item, sk).unwrap_or_default();
        let kind = decl.kind_of(&sort_key).map(|k| k.nama.clone());
        Row {
            kind: kind.unwrap_or_default(),
            sort_key,
        }
    };
    partition(table, decl).into_iter().map(row).collect()
}

fn partition_words(decl: &ItemCollection, pk: &str, rows: &[Row]) -> String {
    let listed: Vec<String> = rows
        .iter()
        .map(|r| format!("{} ({})", r.sort_key, r.kind))
        .collect();
    pesan::uraian_partisi(&decl.tabel, pk, &decl.partisi, &listed)
}

/// The kind labels' column, left of the partition.
fn kinds_width(decl: &ItemCollection) -> i32 {
    let labels = decl
        .jenis
        .iter()
        .map(|k| pesan::label_jenis(&k.nama, &k.awalan, true));
    labels.map(|l| text_width(&l)).max().unwrap_or(0) + 24
}

/// The partition as a stack of sort keys, with a bracket and a kind label beside each run
/// of items of one kind (the kind is no attribute: the sort key's prefix decides it).
fn stack(canvas: &mut Canvas, decl: &ItemCollection, rows: &[Row], keys: (&str, &str)) -> Frame {
    let head = pesan::kepala_partisi(keys.0, &decl.partisi);
    let sk_w = rows
        .iter()
        .map(|r| text_width(&r.sort_key))
        .max()
        .unwrap_or(0);
    let w = (sk_w + 2 * PAD).max(text_width(&head) + 2 * PAD);
    let (x, y) = (MARGIN + kinds_width(decl), MARGIN);
    let h = LINE * (rows.len() as i32 + 2) + PAD;
    let columns = [(PAD, pesan::kolom_sort_key(keys.1))];
    frame(canvas, (x, y, w, h), &head, &columns);
    for (i, r) in rows.iter().enumerate() {
        canvas.rect(x + PAD / 2, row_top(i), w - PAD, LINE - 2, "kursus-item");
        canvas.text(x + PAD, row_top(i) + LINE - 7, "kursus-field", &r.sort_key);
    }
    brackets(canvas, decl, rows, x);
    Frame {
        right: x + w,
        bottom: y + h,
    }
}

/// A box with a header line and a line of column names, each at its offset.
fn frame(
    canvas: &mut Canvas,
    (x, y, w, h): (i32, i32, i32, i32),
    head: &str,
    columns: &[(i32, String)],
) {
    canvas.rect(x, y, w, h, "kursus-kotak");
    canvas.rect(x, y, w, LINE + 2, "kursus-kepala");
    canvas.text(x + PAD, y + LINE - 5, "kursus-nama", head);
    for (offset, name) in columns {
        canvas.text(x + offset, y + 2 * LINE - 5, "kursus-tipe", name);
    }
}

/// A bracket left of each run of items of one kind, its label before it.
fn brackets(canvas: &mut Canvas, decl: &ItemCollection, rows: &[Row], x: i32) {
    let mut start = 0;
    while start < rows.len() {
        let run = rows[start..]
            .iter()
            .take_while(|r| r.kind == rows[start].kind)
            .count();
        let (top, bottom) = (row_top(start) + 2, row_top(start + run - 1) + LINE - 4);
        let bar = [
            (x - 4, top),
            (x - 10, top),
            (x - 10, bottom),
            (x - 4, bottom),
        ];
        canvas.polyline(&bar, "kursus-kurung");
        let kind = decl.jenis.iter().find(|k| k.nama == rows[start].kind);
        // A prefix that is a whole sort key (META) gets no ellipsis.
        let whole = rows[start..start + run]
            .iter()
            .all(|r| kind.is_some_and(|k| r.sort_key == k.awalan));
        let label = kind
            .map(|k| pesan::label_jenis(&k.nama, &k.awalan, !whole))
            .unwrap_or_default();
        canvas.text_end(x - 16, (top + bottom) / 2 + 5, "kursus-jenis", &label);
        start += run;
    }
}

/// Every item of the table the index holds, by the index's keys, as DynamoDB keeps
/// them: grouped by its partition key, ordered by its sort key.
fn index_rows(table: &Table, index: &str) -> Vec<IndexRow> {
    let (Some((hash, range)), Some((pk, sk))) =
        (key_names(table, Some(index)), key_names(table, None))
    else {
        return Vec::new();
    };
    let mut rows: Vec<IndexRow> = table
        .items
        .iter()
        .filter_map(|item| {
            Some(IndexRow {
                hash: scalar(item, &hash)?,
                range: scalar(item, &range).unwrap_or_default(),
                pk: scalar(item, &pk).unwrap_or_default(),
                sk: scalar(item, &sk).unwrap_or_default(),
            })
        })
        .collect();
    rows.sort_by(|a, b| (&a.hash, &a.range).cmp(&(&b.hash, &b.range)));
    rows
}

/// The index's items grouped by its partition key.
fn groups(rows: &[IndexRow]) -> Vec<&[IndexRow]> {
    rows.chunk_by(|a, b| a.hash == b.hash).collect()
}

/// The GSI beside the partition: every item of the table it holds, grouped by the
/// index's partition key; the partition's own items are joined to their place in it,
/// the other partitions' items are drawn apart. Returns its right and bottom edges and
/// the index in words.
fn index_panel(
    canvas: &mut Canvas,
    (table, index): (&Table, &str),
    decl: &ItemCollection,
    rows: &[Row],
    beside: &Frame,
) -> (i32, i32, String) {
    let (hash, range) = key_names(table, Some(index)).unwrap_or_default();
    let (pk, sk) = key_names(table, None).unwrap_or_default();
    let all = index_rows(table, index);
    let widths = index_columns(&all, [&range, &pk, &sk]);
    let head = pesan::kepala_indeks(index);
    let x = beside.right + GUTTER;
    let w = (widths.iter().sum::<i32>() + 6 * PAD).max(text_width(&head) + 2 * PAD);
    let lines = all.len() + groups(&all).len() + 2;
    let h = LINE * lines as i32 + PAD;
    let names = [range.clone(), pk, sk];
    let columns: Vec<(i32, String)> = column_offsets(&widths).into_iter().zip(names).collect();
    frame(canvas, (x, MARGIN, w, h), &head, &columns);
    let place = Place {
        x,
        w,
        widths,
        hash: &hash,
    };
    index_groups(canvas, &place, &all, |r| own_row(decl, rows, r));
    (x + w, MARGIN + h, index_words(index, &hash, &all))
}

/// The widths of the index's three columns: its sort key, the table's two keys.
fn index_columns(rows: &[IndexRow], names: [&str; 3]) -> [i32; 3] {
    let widest = |f: fn(&IndexRow) -> &str, name: &str| {
        let values = rows.iter().map(|r| text_width(f(r)));
        values.max().unwrap_or(0).max(text_width(name))
    };
    [
        widest(|r| &r.range, names[0]),
        widest(|r| &r.pk, names[1]),
        widest(|r| &r.sk, names[2]),
    ]
}

/// Where the index's rows go: its box's left edge and width, its columns' widths, and
/// the name of its partition key.
struct Place<'a> {
    x: i32,
    w: i32,
    widths: [i32; 3],
    hash: &'a str,
}

/// Each group under its `key = value` line, each item on its own row.
fn index_groups(
    canvas: &mut Canvas,
    at: &Place,
    all: &[IndexRow],
    own: impl Fn(&IndexRow) -> Option<usize>,
) {
    let mut line = 2;
    for group in groups(all) {
        let title = format!("{} = {}", at.hash, group[0].hash);
        let base = MARGIN + LINE * (line + 1) - 5;
        canvas.text(at.x + PAD, base, "kursus-nama", &title);
        for (i, r) in group.iter().enumerate() {
            let top = MARGIN + LINE * (line + 1 + i as i32) + 3;
            index_row(canvas, (at.x, at.w, top), r, &at.widths, own(r));
        }
        line += 1 + group.len() as i32;
    }
}

/// The row of the partition drawn beside that holds this index item, if it is there.
fn own_row(decl: &ItemCollection, rows: &[Row], r: &IndexRow) -> Option<usize> {
    let same = |o: &Row| r.pk == decl.partisi && o.sort_key == r.sk;
    rows.iter().position(same)
}

/// Where each of the index's three columns starts inside its box.
fn column_offsets(widths: &[i32; 3]) -> [i32; 3] {
    [PAD, 3 * PAD + widths[0], 5 * PAD + widths[0] + widths[1]]
}

/// One item in the index; `own` is its row in the partition drawn beside, if any.
fn index_row(
    canvas: &mut Canvas,
    (x, w, top): (i32, i32, i32),
    r: &IndexRow,
    widths: &[i32; 3],
    own: Option<usize>,
) {
    let class = if own.is_some() {
        "kursus-item"
    } else {
        "kursus-item-lain"
    };
    canvas.rect(x + PAD / 2, top, w - PAD, LINE - 2, class);
    let base = top + LINE - 7;
    canvas.text(x + PAD, base, "kursus-field", &r.range);
    canvas.text(x + 3 * PAD + widths[0], base, "kursus-tipe", &r.pk);
    canvas.text(
        x + 5 * PAD + widths[0] + widths[1],
        base,
        "kursus-tipe",
        &r.sk,
    );
    if let Some(i) = own {
        let from = (x - GUTTER, row_top(i) + LINE / 2 - 1);
        canvas.line(from, (x, top + LINE / 2 - 1), "kursus-hubung");
    }
}

fn index_words(index: &str, hash: &str, all: &[IndexRow]) -> String {
    let words: Vec<String> = groups(all)
        .iter()
        .map(|group| {
            let items: Vec<String> = group.iter().map(|r| format!("{} {}", r.pk, r.sk)).collect();
            format!("{hash} = {}: {}", group[0].hash, items.join(", "))
        })
        .collect();
    pesan::uraian_indeks(index, &words)
}
