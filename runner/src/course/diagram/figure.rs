//! A placed picture as the page shows it: the SVG inline (so the theme's CSS colours
//! it), inside a frame that scrolls when the picture is wider than the page, with the
//! author's caption under it. A "before and after" pair shares one figure.

use super::check::find;
use super::declare::Picture;
use super::svg::escape;
use super::{dynamo, mongo};
use crate::course::catalog::{Course, Lesson};
use crate::pesan::gambar as pesan;

/// The HTML for `{{#gambar lesson/name}}`.
pub fn html(course: &Course, lesson: &str, name: &str) -> String {
    let Some((owner, picture)) = find(course, lesson, name) else {
        let missing = format!("{}: {lesson}/{name}", pesan::TIDAK_DITEMUKAN);
        return format!("<p class=\"kursus-gambar-salah\">{}</p>", escape(&missing));
    };
    let before = picture
        .sebelum
        .as_deref()
        .and_then(|b| find(course, lesson, b));
    let panels = match before {
        Some((_, first)) => vec![
            panel(owner, first, Some(pesan::SEBELUM)),
            panel(owner, picture, Some(pesan::SESUDAH)),
        ],
        None => vec![panel(owner, picture, None)],
    };
    format!(
        "<figure class=\"kursus-gambar\" id=\"gambar-{lesson}-{name}\">\n{}\n\
         <figcaption>{}</figcaption>\n</figure>\n",
        panels.join("\n"),
        caption(&picture.keterangan)
    )
}

/// The author's caption as HTML: escaped, `code` spans kept (inside a figure mdBook
/// renders no markdown).
fn caption(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let pieces: Vec<String> = escape(&words.join(" "))
        .split('`')
        .enumerate()
        .map(|(i, piece)| match i % 2 {
            1 => format!("<code>{piece}</code>"),
            _ => piece.to_string(),
        })
        .collect();
    pieces.concat()
}

/// One picture in its scrolling frame, with its "before"/"after" label when paired.
fn panel(lesson: &Lesson, picture: &Picture, label: Option<&str>) -> String {
    let heading = label.map_or(String::new(), |l| {
        format!("<p class=\"kursus-gambar-label\"><strong>{l}</strong></p>\n")
    });
    format!(
        "<div class=\"kursus-gambar-panel\">\n{heading}<div class=\"kursus-gambar-bingkai\">\n{}\n</div>\n</div>",
        svg(lesson, picture)
    )
}

/// The picture's SVG, drawn from the lesson's main dataset.
pub fn svg(lesson: &Lesson, picture: &Picture) -> String {
    let id = format!("gambar-{}-{}-svg", lesson.file.id, picture.nama);
    match &picture.dynamodb {
        Some(decl) => dynamo::draw(&id, decl, &lesson.utama),
        None => mongo::draw(&id, picture, &lesson.utama),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::diagram::check;
    use std::path::Path;

    fn course() -> Course {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        Course::load(&root).expect("the course loads")
    }

    /// Every picture of every chapter, pinned: the drawing is deterministic.
    #[test]
    fn every_picture_is_pinned() {
        let course = course();
        for lesson in &course.lessons {
            for picture in &lesson.file.gambar {
                let name = format!("{}__{}", lesson.file.id, picture.nama);
                insta::assert_snapshot!(name, svg(lesson, picture));
            }
        }
    }

    #[test]
    fn every_chapter_places_a_picture_and_the_course_has_no_problem() {
        let course = course();
        let placed = check::placements(&course.root.join("book").join("src"));
        for lesson in &course.lessons {
            assert!(
                placed.iter().any(|p| p.file == lesson.file.bab),
                "{}",
                lesson.file.bab
            );
        }
        assert_eq!(check::problems(&course), Vec::<String>::new());
    }

    #[test]
    fn a_pair_shares_one_figure_with_both_labels() {
        let course = course();
        let html = html(&course, "banyak-ke-banyak", "array-satu-sisi");
        assert_eq!(html.matches("<svg").count(), 2);
        assert!(html.contains(pesan::SEBELUM) && html.contains(pesan::SESUDAH));
        assert_eq!(html.matches("<figcaption>").count(), 1);
    }

    fn drawn(lesson: &str, name: &str) -> String {
        let course = course();
        let (owner, picture) = find(&course, lesson, name).expect("declared");
        svg(owner, picture)
    }

    /// The index spans every workspace: other partitions' projects are in it, drawn
    /// apart, and only the drawn partition's own projects are joined to it.
    #[test]
    fn the_index_holds_every_partition_and_joins_only_the_drawn_one() {
        let svg = drawn("dynamodb-satu-ke-banyak", "gsi-status");
        assert_eq!(svg.matches("class=\"kursus-item-lain\"").count(), 5);
        assert_eq!(svg.matches("class=\"kursus-hubung\"").count(), 5);
        let active = svg.split("status = ACTIVE: ").nth(1).unwrap_or_default();
        let active = active.split(';').next().unwrap_or_default();
        assert_eq!(active.matches("PROJ#").count(), 6, "{active}");
        assert!(!svg.contains(">jenis<"), "the kind is no column");
    }

    #[test]
    fn an_orphan_is_drawn_with_its_value_and_said_in_full() {
        let svg = drawn("embedding-referencing", "wali-dan-pengampu");
        assert_eq!(svg.matches("class=\"kursus-gantung\"").count(), 1);
        assert!(
            svg.contains("ObjectId(&#x27;…12a4c109&#x27;)")
                || svg.contains("ObjectId('…12a4c109')")
        );
        assert!(svg.contains("665f0c1e8a3b2d0012a4c109"));
        assert!(svg.contains(&pesan::label_kardinalitas("satu", None)));
    }
}
