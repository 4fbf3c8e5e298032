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
/// Room after an arrow's straight lead for its curve.
const CURVE: i32 = 60;

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

/// A value a reference holds with no document to point to, drawn as a dashed box in the
/// target's column so the orphan the chapter teaches to find is on the picture too.
struct Ghost {
    /// The reference's source, `koleksi.field`.
    from: String,
    value: String,
    x: i32,
    y: i32,
    w: i32,
    column: usize,
}

impl Ghost {
    fn height(&self) -> i32 {
        2 * LINE + PAD
    }
}

/// Every box and orphan, placed, and the space arrows need.
struct Layout {
    boxes: Vec<Placed>,
    ghosts: Vec<Ghost>,
    /// The straight part of every arrow, long enough for the widest label.
    lead: i32,
    /// Extra room right of the last column for arrows between boxes of one column.
    loop_room: i32,
}

/// The picture's SVG; the data decides the types and the embedded fields.
pub fn draw(id: &str, picture: &Picture, data: &Dataset) -> String {
    let layout = Layout::new(picture, data);
    let mut canvas = Canvas::new(id);
    layout.boxes.iter().for_each(|b| draw_box(&mut canvas, b));
    layout
        .ghosts
        .iter()
        .for_each(|g| draw_ghost(&mut canvas, g));
    // Every line before any label, so a label's halo covers the lines passing behind it.
    let leads: Vec<Lead> = picture
        .rujukan
        .iter()
        .filter_map(|r| lead(&layout, r))
        .collect();
    for (r, lead) in picture.rujukan.iter().zip(&leads) {
        draw_reference(&mut canvas, &layout, r, lead);
    }
    for (r, lead) in picture.rujukan.iter().zip(&leads) {
        draw_label(&mut canvas, lead, below(lead, &leads), &label(r));
    }
    let description = description(picture, &layout);
    canvas.finish(layout.size(), &title(picture), &description)
}

impl Layout {
    fn new(picture: &Picture, data: &Dataset) -> Layout {
        let columns = columns(picture);
        let lead = picture.rujukan.iter().map(|r| text_width(&label(r))).max();
        let lead = lead.unwrap_or(0) + 16;
        // Arrows leaving both ways share a gutter: each lead gets its own half.
        let gutter = lead * if both_ways(picture, &columns) { 2 } else { 1 } + CURVE;
        let mut boxes = place(picture, data, &columns);
        let mut ghosts = ghosts(picture, &boxes);
        align_columns(&mut boxes, &mut ghosts, gutter);
        let loops = picture.rujukan.iter().any(|r| same_column(&boxes, r));
        let loop_room = if loops { lead + CURVE } else { 0 };
        Layout {
            boxes,
            ghosts,
            lead,
            loop_room,
        }
    }

    fn size(&self) -> (i32, i32) {
        let rights = self.boxes.iter().map(|b| b.x + b.w);
        let right = rights.chain(self.ghosts.iter().map(|g| g.x + g.w)).max();
        let bottoms = self.boxes.iter().map(|b| b.y + b.height());
        let bottom = bottoms
            .chain(self.ghosts.iter().map(|g| g.y + g.height()))
            .max();
        let width = right.unwrap_or(0) + MARGIN + self.loop_room;
        (width, bottom.unwrap_or(0) + MARGIN)
    }

    fn find(&self, name: &str) -> Option<&Placed> {
        self.boxes.iter().find(|b| b.name == name)
    }
}

fn same_column(boxes: &[Placed], r: &Reference) -> bool {
    let column = |name: &str| boxes.iter().find(|b| b.name == name).map(|b| b.column);
    column(r.source().0) == column(r.target().0)
}

/// Whether some arrow points right and another left.
fn both_ways(picture: &Picture, columns: &[usize]) -> bool {
    let names: Vec<&str> = picture.koleksi.iter().map(|k| k.nama.as_str()).collect();
    let column = |n: &str| names.iter().position(|m| *m == n).map(|i| columns[i]);
    let ways: Vec<std::cmp::Ordering> = picture
        .rujukan
        .iter()
        .filter_map(|r| Some(column(r.source().0)?.cmp(&column(r.target().0)?)))
        .collect();
    ways.contains(&std::cmp::Ordering::Less) && ways.contains(&std::cmp::Ordering::Greater)
}

/// Boxes with their rows and sizes, stacked inside their columns.
fn place(picture: &Picture, data: &Dataset, columns: &[usize]) -> Vec<Placed> {
    let mut next_y = vec![MARGIN; picture.koleksi.len().max(1)];
    let mut boxes = Vec::new();
    for (decl, &column) in picture.koleksi.iter().zip(columns) {
        let rows = shape::rows(documents(data, &decl.nama), &decl.field);
        let w = box_width(&decl.nama, &rows);
        let (name, y) = (decl.nama.clone(), next_y[column]);
        let b = Placed {
            name,
            rows,
            x: 0,
            y,
            w,
            column,
        };
        next_y[column] += b.height() + GAP;
        boxes.push(b);
    }
    boxes
}

/// One dashed box per declared orphan, under the boxes of its target's column.
fn ghosts(picture: &Picture, boxes: &[Placed]) -> Vec<Ghost> {
    let mut ghosts: Vec<Ghost> = Vec::new();
    for r in &picture.rujukan {
        let Some(target) = boxes.iter().find(|b| b.name == r.target().0) else {
            continue;
        };
        for value in &r.menggantung {
            let column = target.column;
            let y = column_bottom(boxes, &ghosts, column) + GAP;
            let value = shown_value(value);
            let w = text_width(&value).max(text_width(pesan::MENGGANTUNG)) + 2 * PAD;
            let from = r.dari.clone();
            ghosts.push(Ghost {
                from,
                value,
                x: 0,
                y,
                w,
                column,
            });
        }
    }
    ghosts
}

fn column_bottom(boxes: &[Placed], ghosts: &[Ghost], column: usize) -> i32 {
    let boxes = boxes.iter().filter(|b| b.column == column);
    let bottom = boxes.map(|b| b.y + b.height()).max().unwrap_or(0);
    let ghosts = ghosts.iter().filter(|g| g.column == column);
    ghosts.map(|g| g.y + g.height()).fold(bottom, i32::max)
}

/// An orphan as mongosh would print it, an ObjectId cut to its last digits.
fn shown_value(value: &str) -> String {
    let hex = value.len() == 24 && value.chars().all(|c| c.is_ascii_hexdigit());
    match hex {
        true => format!("ObjectId('…{}')", &value[16..]),
        false => format!("'{value}'"),
    }
}

/// One width per column, so the arrows of a column leave from one edge.
fn align_columns(boxes: &mut [Placed], ghosts: &mut [Ghost], gutter: i32) {
    let count = boxes.iter().map(|b| b.column + 1).max().unwrap_or(0);
    let widths: Vec<i32> = (0..count)
        .map(|c| {
            let boxes = boxes.iter().filter(|b| b.column == c).map(|b| b.w);
            let ghosts = ghosts.iter().filter(|g| g.column == c).map(|g| g.w);
            boxes.chain(ghosts).max().unwrap_or(0)
        })
        .collect();
    let left = |c: usize| MARGIN + widths[..c].iter().sum::<i32>() + gutter * c as i32;
    for b in boxes.iter_mut() {
        (b.x, b.w) = (left(b.column), widths[b.column]);
    }
    for g in ghosts.iter_mut() {
        g.x = left(g.column);
    }
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
    widest.max(text_width(name)) + 3 * PAD + INDENT
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
        // Inside an embedded document's frame the type keeps clear of its edge.
        let inset = if r.depth > 0 { PAD / 2 + 4 } else { 0 };
        canvas.text_end(b.x + b.w - PAD - inset, y, "kursus-tipe", &r.ty);
    }
}

fn draw_ghost(canvas: &mut Canvas, g: &Ghost) {
    canvas.rect(g.x, g.y, g.w, g.height(), "kursus-gantung");
    canvas.text(g.x + PAD, g.y + LINE - 5, "kursus-field", &g.value);
    let below = g.y + 2 * LINE - 5;
    canvas.text(g.x + PAD, below, "kursus-label", pesan::MENGGANTUNG);
}

/// A frame around each run of embedded fields, so the nesting shows.
fn draw_nests(canvas: &mut Canvas, b: &Placed) {
    let mut i = 0;
    while i < b.rows.len() {
        let run = b.rows[i..].iter().take_while(|r| r.depth > 0).count();
        if run > 0 {
            let y = b.y + LINE * (i as i32 + 1) + 3;
            let h = LINE * run as i32;
            canvas.rect(b.x + PAD, y, b.w - 2 * PAD, h, "kursus-tanam");
        }
        i += run.max(1);
    }
}

/// Where a reference's arrow leaves its source row, and which way it heads (1 right,
/// -1 left).
struct Lead {
    from: (i32, i32),
    way: i32,
}

fn lead(layout: &Layout, r: &Reference) -> Option<Lead> {
    let (s, t) = (layout.find(r.source().0)?, layout.find(r.target().0)?);
    let (from, way) = departure(s, t.column, s.row_y(r.source().1));
    Some(Lead { from, way })
}

/// A label goes under its lead when another arrow leaves the same side one row higher:
/// above, it would sit against that arrow's line.
fn below(lead: &Lead, all: &[Lead]) -> bool {
    all.iter()
        .any(|o| o.way == lead.way && o.from.0 == lead.from.0 && o.from.1 == lead.from.1 - LINE)
}

/// From the source field's row, a straight lead carrying the label, then a curve to the
/// target field's row on the side of the target that faces it; orphans get a dotted
/// curve from the lead's end to their own box.
fn draw_reference(canvas: &mut Canvas, layout: &Layout, r: &Reference, lead: &Lead) {
    let (Some(s), Some(t)) = (layout.find(r.source().0), layout.find(r.target().0)) else {
        return;
    };
    let lead_end = (lead.from.0 + lead.way * layout.lead, lead.from.1);
    let to = arrival((t.x, t.w, t.column), s.column, t.row_y(r.target().1));
    let class = match r.kardinalitas {
        Cardinality::TakTerbatas => "kursus-panah kursus-tak-terbatas",
        _ => "kursus-panah",
    };
    canvas.arrow(lead.from, curve(lead_end, lead.way, to, layout.lead), class);
    for g in layout.ghosts.iter().filter(|g| g.from == r.dari) {
        let to = arrival((g.x, g.w, g.column), s.column, g.y + LINE / 2 + 2);
        let path = curve(lead_end, lead.way, to, layout.lead);
        canvas.arrow(lead_end, path, "kursus-panah kursus-panah-gantung");
    }
}

/// Where an arrow leaves its source row, and which way it heads (1 right, -1 left).
fn departure(s: &Placed, to_column: usize, y: i32) -> ((i32, i32), i32) {
    match to_column < s.column {
        true => ((s.x, y), -1),
        false => ((s.x + s.w, y), 1),
    }
}

/// The side of a box (`x`, `w`, column) an arrow from `from_column` enters at height `y`.
fn arrival((x, w, column): (i32, i32, usize), from_column: usize, y: i32) -> (i32, i32) {
    match column > from_column {
        true => (x - 2, y),
        false => (x + w + 2, y),
    }
}

/// The curve from a lead's end to the target point, leaving in the lead's direction and
/// entering the target's side head on (a loop swings out past the column).
fn curve(a: (i32, i32), way: i32, to: (i32, i32), lead: i32) -> [(i32, i32); 4] {
    let entering_left = to.0 > a.0;
    let c2 = match (entering_left, way > 0) {
        (true, _) => (to.0 - 30, to.1),
        (false, true) => (to.0 + lead + 30, to.1),
        (false, false) => (to.0 + 30, to.1),
    };
    [a, (a.0 + way * 30, a.1), c2, to]
}

/// The label sits along the lead, starting at the box it leaves.
fn draw_label(canvas: &mut Canvas, lead: &Lead, below: bool, text: &str) {
    let y = lead.from.1 + if below { 17 } else { -6 };
    match lead.way > 0 {
        true => canvas.text(lead.from.0 + 6, y, "kursus-label", text),
        false => canvas.text_end(lead.from.0 - 6, y, "kursus-label", text),
    }
}

fn title(picture: &Picture) -> String {
    let names: Vec<String> = picture.koleksi.iter().map(|k| k.nama.clone()).collect();
    pesan::judul_koleksi(&names)
}

/// The text alternative: every box's fields with their types, every arrow, every orphan.
fn description(picture: &Picture, layout: &Layout) -> String {
    let mut parts: Vec<String> = layout.boxes.iter().map(describe).collect();
    for r in &picture.rujukan {
        parts.push(pesan::uraian_rujukan(&r.dari, &r.ke, &label(r)));
        for value in &r.menggantung {
            parts.push(pesan::uraian_menggantung(&r.dari, value, &r.ke));
        }
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
