//! `kursus periksa` on the pictures: every declaration against the lesson's main
//! dataset, every `{{#gambar …}}` against the declarations, every picture placed.

use super::declare::{Cardinality, ItemCollection, Picture, Reference};
use super::{directive_target, dynamo, mongo, shape};
use crate::course::catalog::{Course, Lesson};
use crate::course::chapter;
use crate::course::dataset::{Dataset, Table};
use crate::pesan::gambar as pesan;
use bson::Bson;
use std::path::{Path, PathBuf};

/// A `{{#gambar lesson/name}}` line of a chapter.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    pub file: String,
    pub line: usize,
    pub lesson: String,
    pub name: String,
}

/// Every problem, as the lines `periksa` prints.
pub fn problems(course: &Course) -> Vec<String> {
    let placements = placements(&course.root.join("book").join("src"));
    let mut out = Vec::new();
    for lesson in &course.lessons {
        out.extend(lesson_problems(lesson));
    }
    out.extend(directive_problems(course, &placements));
    out.extend(unplaced(course, &placements));
    out
}

/// The picture `lesson/name`, when declared.
pub fn find<'a>(course: &'a Course, lesson: &str, name: &str) -> Option<(&'a Lesson, &'a Picture)> {
    let lesson = course.lessons.iter().find(|l| l.file.id == lesson)?;
    let picture = lesson.file.gambar.iter().find(|p| p.nama == name)?;
    Some((lesson, picture))
}

/// The picture directives of the book's markdown files, outside code blocks.
pub fn placements(src: &Path) -> Vec<Placement> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(src)
        .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "md"));
    files.sort();
    files.iter().flat_map(|p| file_placements(p)).collect()
}

fn file_placements(path: &Path) -> Vec<Placement> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let inside = chapter::fence_lines(&text);
    let lines = text
        .lines()
        .enumerate()
        .filter(|(i, _)| !inside.contains(i));
    lines
        .filter_map(|(i, line)| {
            let (lesson, name) = directive_target(line)?;
            Some(Placement {
                file: file.clone(),
                line: i + 1,
                lesson,
                name,
            })
        })
        .collect()
}

fn directive_problems(course: &Course, placements: &[Placement]) -> Vec<String> {
    placements
        .iter()
        .filter(|p| find(course, &p.lesson, &p.name).is_none())
        .map(|p| {
            pesan::gambar_tidak_dinyatakan(&p.file, p.line, &format!("{}/{}", p.lesson, p.name))
        })
        .collect()
}

/// Declared pictures no directive places, directly or as the "before" of one it places.
fn unplaced(course: &Course, placements: &[Placement]) -> Vec<String> {
    let mut placed: Vec<(String, String)> = Vec::new();
    for p in placements {
        placed.push((p.lesson.clone(), p.name.clone()));
        if let Some(before) =
            find(course, &p.lesson, &p.name).and_then(|(_, pic)| pic.sebelum.clone())
        {
            placed.push((p.lesson.clone(), before));
        }
    }
    let mut out = Vec::new();
    for lesson in &course.lessons {
        for picture in &lesson.file.gambar {
            if !placed.contains(&(lesson.file.id.clone(), picture.nama.clone())) {
                out.push(pesan::gambar_tidak_dipasang(&lesson.file.id, &picture.nama));
            }
        }
    }
    out
}

/// What one lesson's declarations get wrong.
pub fn lesson_problems(lesson: &Lesson) -> Vec<String> {
    let mut out = Vec::new();
    let pictures = &lesson.file.gambar;
    for (i, picture) in pictures.iter().enumerate() {
        let at = Where {
            lesson: &lesson.file.id,
            picture: &picture.nama,
        };
        if pictures[..i].iter().any(|p| p.nama == picture.nama) {
            out.push(pesan::gambar_ganda(at.lesson, at.picture));
        }
        if let Some(before) = picture
            .sebelum
            .as_deref()
            .filter(|b| !pictures.iter().any(|p| p.nama == *b))
        {
            out.push(pesan::sebelum_tidak_ada(at.lesson, at.picture, before));
        }
        out.extend(picture_problems(&at, picture, &lesson.utama));
    }
    out
}

/// The picture a problem is about.
struct Where<'a> {
    lesson: &'a str,
    picture: &'a str,
}

fn picture_problems(at: &Where, picture: &Picture, data: &Dataset) -> Vec<String> {
    match (&picture.dynamodb, picture.koleksi.is_empty()) {
        (Some(decl), true) if picture.rujukan.is_empty() => dynamo_problems(at, decl, data),
        (None, false) => mongo_problems(at, picture, data),
        _ => vec![pesan::gambar_kosong(at.lesson, at.picture)],
    }
}

fn mongo_problems(at: &Where, picture: &Picture, data: &Dataset) -> Vec<String> {
    let mut out = Vec::new();
    for decl in &picture.koleksi {
        out.extend(fields_problem(at, data, &decl.nama, &decl.field));
    }
    for r in &picture.rujukan {
        out.extend(reference_problem(at, r, data));
    }
    out
}

/// The first field of `fields` missing from every document (or the missing collection).
fn fields_problem(
    at: &Where,
    data: &Dataset,
    collection: &str,
    fields: &[String],
) -> Option<String> {
    if !data.collections.iter().any(|c| c.name == collection) {
        return Some(pesan::koleksi_tidak_ada(at.lesson, at.picture, collection));
    }
    let docs = mongo::documents(data, collection);
    let missing = fields
        .iter()
        .find(|f| shape::field_type(docs, f).is_none())?;
    Some(pesan::field_tidak_ada(
        at.lesson, at.picture, collection, missing,
    ))
}

/// The first thing the data contradicts in one reference.
fn reference_problem(at: &Where, r: &Reference, data: &Dataset) -> Option<String> {
    let ((source, field), (target, key)) = (r.source(), r.target());
    if (r.kardinalitas == Cardinality::Terbatas) != r.batas.is_some() {
        return Some(pesan::batas_hilang(at.lesson, at.picture, &r.dari));
    }
    if let Some(problem) = fields_problem(at, data, source, &[field.to_string()]) {
        return Some(problem);
    }
    let targets = mongo::documents(data, target);
    if targets.is_empty() || shape::field_type(targets, key).is_none() {
        return Some(pesan::rujukan_tanpa_sasaran(
            at.lesson, at.picture, &r.dari, &r.ke,
        ));
    }
    let known: Vec<&Bson> = targets
        .iter()
        .filter_map(|d| shape::value_at(d, key))
        .collect();
    if let Some(stale) = r
        .menggantung
        .iter()
        .find(|v| known.iter().any(|k| id_text(k) == **v))
    {
        return Some(pesan::menggantung_ada(
            at.lesson, at.picture, &r.dari, stale,
        ));
    }
    mongo::documents(data, source).iter().find_map(|doc| {
        let value = shape::value_at(doc, field)?;
        let id = doc.get("_id").map(ToString::to_string).unwrap_or_default();
        document_problem(at, r, (value, &id), &known)
    })
}

/// What one source document's value says against the declared cardinality and targets.
fn document_problem(
    at: &Where,
    r: &Reference,
    (value, id): (&Bson, &str),
    known: &[&Bson],
) -> Option<String> {
    let (lesson, picture) = (at.lesson, at.picture);
    let ids: Vec<&Bson> = match (value, r.is_array()) {
        (Bson::Array(_), false) => return Some(pesan::bukan_satu(lesson, picture, &r.dari, id)),
        (Bson::Array(items), true) => items.iter().collect(),
        (_, true) => return Some(pesan::bukan_array(lesson, picture, &r.dari, id)),
        (single, false) => vec![single],
    };
    if let Some(limit) = r.batas.filter(|b| ids.len() as u64 > *b) {
        return Some(pesan::batas_terlampaui(
            lesson,
            picture,
            &r.dari,
            (id, ids.len(), limit),
        ));
    }
    let listed = |v: &Bson| r.menggantung.contains(&id_text(v));
    let dangling = ids.into_iter().find(|v| !known.contains(v) && !listed(v))?;
    Some(pesan::rujukan_menggantung(
        lesson,
        picture,
        &r.dari,
        &dangling.to_string(),
    ))
}

fn dynamo_problems(at: &Where, decl: &ItemCollection, data: &Dataset) -> Vec<String> {
    let Some(table) = dynamo::table(data, &decl.tabel) else {
        return vec![pesan::tabel_tidak_ada(at.lesson, at.picture, &decl.tabel)];
    };
    let missing_index = decl
        .indeks
        .as_deref()
        .filter(|i| dynamo::key_names(table, Some(i)).is_none());
    let mut out: Vec<String> = missing_index
        .map(|i| pesan::indeks_tidak_ada(at.lesson, at.picture, i))
        .into_iter()
        .collect();
    out.extend(kind_problems(at, decl, &sort_keys(table, decl)));
    out
}

/// The sort keys of the declared partition's items.
fn sort_keys(table: &Table, decl: &ItemCollection) -> Vec<String> {
    let Some((_, sk)) = dynamo::key_names(table, None) else {
        return Vec::new();
    };
    let items = dynamo::partition(table, decl);
    items
        .iter()
        .filter_map(|i| dynamo::scalar(i, &sk))
        .collect()
}

/// An empty partition, an item of no declared kind, a kind with no item.
fn kind_problems(at: &Where, decl: &ItemCollection, sort_keys: &[String]) -> Vec<String> {
    let (lesson, picture) = (at.lesson, at.picture);
    if sort_keys.is_empty() {
        return vec![pesan::partisi_kosong(lesson, picture, &decl.partisi)];
    }
    let undeclared = sort_keys.iter().find(|k| decl.kind_of(k).is_none());
    let mut out: Vec<String> = undeclared
        .map(|k| pesan::jenis_tidak_dinyatakan(lesson, picture, k))
        .into_iter()
        .collect();
    let unused = decl
        .jenis
        .iter()
        .filter(|k| !sort_keys.iter().any(|s| s.starts_with(&k.awalan)));
    out.extend(unused.map(|k| pesan::jenis_tanpa_item(lesson, picture, &k.awalan)));
    out
}

/// A value as `menggantung` lists it: an ObjectId's hex digits, a string's text.
fn id_text(value: &Bson) -> String {
    match value {
        Bson::String(s) => s.clone(),
        Bson::ObjectId(id) => id.to_hex(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn dynamo_lesson() -> Lesson {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let course = Course::load(&root).expect("the course loads");
        let lesson = course
            .lessons
            .iter()
            .find(|l| l.file.id == "dynamodb-satu-ke-banyak");
        lesson.expect("the DynamoDB lesson").clone()
    }

    /// The problems of the lesson's GSI picture once `change` is applied to it.
    fn after(change: impl Fn(&mut ItemCollection)) -> Vec<String> {
        let mut lesson = dynamo_lesson();
        let picture = lesson
            .file
            .gambar
            .iter_mut()
            .find(|p| p.nama == "gsi-status")
            .unwrap();
        change(picture.dynamodb.as_mut().unwrap());
        lesson_problems(&lesson)
    }

    const AT: (&str, &str) = ("dynamodb-satu-ke-banyak", "gsi-status");

    #[test]
    fn the_declared_item_collection_matches_its_data() {
        assert_eq!(after(|_| {}), Vec::<String>::new());
    }

    #[test]
    fn each_dynamodb_declaration_the_data_contradicts_fails() {
        let (l, p) = AT;
        let table = after(|d| d.tabel = "Tidak".into());
        assert_eq!(table, [pesan::tabel_tidak_ada(l, p, "Tidak")]);
        let empty = after(|d| d.partisi = "WS#kosong".into());
        assert_eq!(empty, [pesan::partisi_kosong(l, p, "WS#kosong")]);
        let index = after(|d| d.indeks = Some("TypeIndex".into()));
        assert_eq!(index, [pesan::indeks_tidak_ada(l, p, "TypeIndex")]);
        let undeclared = after(|d| d.jenis.retain(|k| k.awalan != "MEMBER#"));
        assert_eq!(
            undeclared,
            [pesan::jenis_tidak_dinyatakan(l, p, "MEMBER#ani@acme.id")]
        );
        let unused = after(|d| d.jenis[0].awalan = "TASK#".into());
        assert_eq!(
            unused,
            [
                pesan::jenis_tidak_dinyatakan(l, p, "META"),
                pesan::jenis_tanpa_item(l, p, "TASK#")
            ]
        );
    }
}
