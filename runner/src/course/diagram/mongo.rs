//! Collections drawn as boxes of fields with their types, embedded documents nested,
//! references as labelled arrows between the boxes.

use super::declare::{Cardinality, Picture, Reference};
use super::shape::{self, FieldRow};
use super::svg::{text_width, Canvas, LINE};
use crate::course::dataset::Dataset;
use crate::pesan::gambar as pesan;

const PAD: i32 = 10;
const INDENT: i32 = 16;
const GAP: i32 = 28;
const MARGIN: i32 = 12;

/// One collection's box, placed.
struct Placed {
    name: String,
    rows: Vec<FieldRow>,
    x: i32,
    y: i32,
    w: i32,
    column: usize,
}

impl Placed {
    fn height(&self) -> i32 {
        LINE * (self.rows.len() as i32 + 1) + PAD
    }

    /// The vertical middle of a field's row (the header's for an unknown field).
    fn row_y(&self, path: &str) -> i32 {
        let at = self.rows.iter().position(|r| r.path == path);
        self.y + LINE * (at.map_or(0, |i| i as i32 + 1)) + LINE / 2 + 2
    }
}

/// The picture's SVG; the data decides the types and the embedded fields.
pub fn draw(id: &str, picture: &Picture, data: &Dataset) -> String {
    let mut boxes = place(picture, data);
    let gutter = gutter(picture);
    let widths = column_widths(&boxes);
    for b in &mut boxes {
        // One width per column, so the arrows of a column leave from one edge.
        b.w = widths[b.column];
        b.x = MARGIN + widths[..b.column].iter().sum::<i32>() + gutter * b.column as i32;
    }
    let loops = picture
        .rujukan
        .iter()
        .any(|r| column_of(&boxes, r.source().0) == column_of(&boxes, r.target().0));
    let width =
        boxes.iter().map(|b| b.x + b.w).max().unwrap_or(0) + MARGIN + if loops { 60 } else { 0 };
    let height = boxes.iter().map(|b| b.y + b.height()).max().unwrap_or(0) + MARGIN;
    let mut canvas = Canvas::new(id);
    boxes.iter().for_each(|b| draw_box(&mut canvas, b));
    for r in &picture.rujukan {
        draw_reference(&mut canvas, &boxes, r);
    }
    canvas.finish(
        (width, height),
        &title(picture),
        &description(picture, &boxes),
    )
}

fn column_of(boxes: &[Placed], name: &str) -> Option<usize> {
    boxes.iter().find(|b| b.name == name).map(|b| b.column)
}

/// Boxes with their rows and sizes, in columns so references mostly point rightwards,
/// stacked inside each column.
fn place(picture: &Picture, data: &Dataset) -> Vec<Placed> {
    let columns = columns(picture);
    let mut next_y = vec![MARGIN; picture.koleksi.len().max(1)];
    let mut boxes = Vec::new();
    for (decl, column) in picture.koleksi.iter().zip(columns) {
        let docs = documents(data, &decl.nama);
        let rows = shape::rows(docs, &decl.field);
        let b = Placed {
            name: decl.nama.clone(),
            w: box_width(&decl.nama, &rows),
            rows,
            x: 0,
            y: next_y[column],
            column,
        };
        next_y[column] += b.height() + GAP;
        boxes.push(b);
    }
    boxes
}

/// The documents of a collection of the dataset (none when it is missing).
pub fn documents<'a>(data: &'a Dataset, name: &str) -> &'a [bson::Document] {
    data.collections
        .iter()
        .find(|c| c.name == name)
        .map_or(&[], |c| c.docs.as_slice())
}

/// Each box's column: a reference's target sits one column right of its source,
/// as far as there are columns (a cycle stops at the last one).
fn columns(picture: &Picture) -> Vec<usize> {
    let names: Vec<&str> = picture.koleksi.iter().map(|k| k.nama.as_str()).collect();
    let index = |n: &str| names.iter().position(|m| *m == n);
    let mut column = vec![0; names.len()];
    for _ in 0..names.len() {
        for r in &picture.rujukan {
            let (Some(s), Some(t)) = (index(r.source().0), index(r.target().0)) else {
                continue;
            };
            if s != t && column[t] <= column[s] && column[s] + 1 < names.len() {
                column[t] = column[s] + 1;
            }
        }
    }
    column
}

fn column_widths(boxes: &[Placed]) -> Vec<i32> {
    let count = boxes.iter().map(|b| b.column + 1).max().unwrap_or(0);
    (0..count)
        .map(|c| {
            boxes
                .iter()
                .filter(|b| b.column == c)
                .map(|b| b.w)
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// Room between columns for the widest arrow label.
fn gutter(picture: &Picture) -> i32 {
    let widest = picture
        .rujukan
        .iter()
        .map(|r| text_width(&label(r)))
        .max()
        .unwrap_or(0);
    (widest + 40).max(90)
}

fn label(r: &Reference) -> String {
    pesan::label_kardinalitas(cardinality_word(r.kardinalitas), r.batas)
}

fn cardinality_word(c: Cardinality) -> &'static str {
    match c {
        Cardinality::Satu => "satu",
        Cardinality::Banyak => "banyak",
        Cardinality::Terbatas => "terbatas",
        Cardinality::TakTerbatas => "tak-terbatas",
    }
}

fn box_width(name: &str, rows: &[FieldRow]) -> i32 {
    let row = |r: &FieldRow| INDENT * r.depth as i32 + text_width(&r.name) + 24 + text_width(&r.ty);
    let widest = rows.iter().map(row).max().unwrap_or(0);
    widest.max(text_width(name)) + 2 * PAD + INDENT
}

fn draw_box(canvas: &mut Canvas, b: &Placed) {
    canvas.rect(b.x, b.y, b.w, b.height(), "kursus-kotak");
    canvas.rect(b.x, b.y, b.w, LINE + 2, "kursus-kepala");
    canvas.text(b.x + PAD, b.y + LINE - 5, "kursus-nama", &b.name);
    draw_nests(canvas, b);
    for (i, r) in b.rows.iter().enumerate() {
        let y = b.y + LINE * (i as i32 + 2) - 5;
        let x = b.x + PAD + INDENT * r.depth as i32;
        canvas.text(x, y, "kursus-field", &r.name);
        canvas.text_end(b.x + b.w - PAD, y, "kursus-tipe", &r.ty);
    }
}

/// A frame around each run of embedded fields, so the nesting shows.
fn draw_nests(canvas: &mut Canvas, b: &Placed) {
    let mut i = 0;
    while i < b.rows.len() {
        let run = b.rows[i..].iter().take_while(|r| r.depth > 0).count();
        if run > 0 {
            let y = b.y + LINE * (i as i32 + 1) + 3;
            canvas.rect(
                b.x + PAD,
                y,
                b.w - 2 * PAD,
                LINE * run as i32,
                "kursus-tanam",
            );
        }
        i += run.max(1);
    }
}

/// A curve from the source field's row to the target field's, leaving and entering
/// the boxes on the sides that face each other, the label next to where it starts.
fn draw_reference(canvas: &mut Canvas, boxes: &[Placed], r: &Reference) {
    let find = |name: &str| boxes.iter().find(|b| b.name == name);
    let (Some(s), Some(t)) = (find(r.source().0), find(r.target().0)) else {
        return;
    };
    let (ys, yt) = (s.row_y(r.source().1), t.row_y(r.target().1));
    let (from, to, bend) = match s.column.cmp(&t.column) {
        std::cmp::Ordering::Less => ((s.x + s.w, ys), (t.x - 2, yt), 40),
        std::cmp::Ordering::Greater => ((s.x, ys), (t.x + t.w + 2, yt), -40),
        std::cmp::Ordering::Equal => ((s.x + s.w, ys), (t.x + t.w + 2, yt), 0),
    };
    let points = match bend {
        0 => [from, (from.0 + 50, from.1), (to.0 + 50, to.1), to],
        b => [from, (from.0 + b, from.1), (to.0 - b, to.1), to],
    };
    let class = match r.kardinalitas {
        Cardinality::TakTerbatas => "kursus-panah kursus-tak-terbatas",
        _ => "kursus-panah",
    };
    canvas.arrow(points, class);
    // A leftward arrow's label goes under its line: a rightward one in the same gutter
    // may start at the same height.
    if bend < 0 {
        canvas.text_end(from.0 - 6, from.1 + 16, "kursus-label", &label(r));
    } else {
        canvas.text(from.0 + 6, from.1 - 6, "kursus-label", &label(r));
    }
}

fn title(picture: &Picture) -> String {
    let names: Vec<String> = picture.koleksi.iter().map(|k| k.nama.clone()).collect();
    pesan::judul_koleksi(&names)
}

/// The text alternative: every box's fields with their types, then every arrow.
fn description(picture: &Picture, boxes: &[Placed]) -> String {
    let mut parts: Vec<String> = boxes.iter().map(describe).collect();
    for r in &picture.rujukan {
        parts.push(pesan::uraian_rujukan(&r.dari, &r.ke, &label(r)));
    }
    parts.join(" ")
}

/// One box in words: its fields, an embedded document's own fields in brackets.
fn describe(b: &Placed) -> String {
    let mut fields: Vec<String> = Vec::new();
    let mut i = 0;
    while i < b.rows.len() {
        let inner: Vec<String> = b.rows[i + 1..]
            .iter()
            .take_while(|x| x.depth > 0)
            .map(typed)
            .collect();
        let own = typed(&b.rows[i]);
        fields.push(if inner.is_empty() {
            own
        } else {
            pesan::uraian_tanam(&own, &inner)
        });
        i += 1 + inner.len();
    }
    pesan::uraian_koleksi(&b.name, &fields)
}

fn typed(row: &FieldRow) -> String {
    format!("{} ({})", row.name, row.ty)
}
