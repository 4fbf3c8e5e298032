//! What a newcomer meets in the REPL: Tab lists every candidate and knows dot-commands,
//! `.latihan ID` opens any exercise, the greeting points at the book, moving on says when
//! it enters another lesson and never claims the course done while exercises remain, and
//! feedback names a wrong database.

use super::repl_terminal::{tmux_available, Terminal};
use super::support::{kursus, learner_session, repo_root};
use kursus::course::Course;
use kursus::pesan;

fn course() -> Course {
    Course::load(&repo_root()).expect("the course loads")
}

#[test]
fn tab_lists_every_dot_command_that_fits() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let t = Terminal::start_at(
        "tabtitik",
        data.path(),
        &["--bab", "embedding-referencing"],
        "test>",
    );
    t.keys(&["-l", ".pe"]);
    t.keys(&["Tab"]);
    t.keys(&["Tab"]);
    let screen = t.wait_for("petunjuk");
    for name in ["periksa", "petunjuk", "pelajaran"] {
        assert!(screen.contains(name), "{name} listed: {screen}");
    }
    t.keys(&["C-u"]);
    t.keys(&["-l", ".bant"]);
    t.keys(&["Tab"]);
    t.wait_for(".bantuan");
}

#[test]
fn latihan_with_an_id_opens_that_exercise() {
    let data = tempfile::tempdir().unwrap();
    let out = learner_session(
        data.path(),
        "banyak-ke-banyak/kuliah-mahasiswa",
        ".latihan cari-kota\ndb.mahasiswa.countDocuments()\n.latihan tidak-ada\n",
    );
    assert!(
        out.contains("Latihan embedding-referencing/cari-kota"),
        "{out}"
    );
    assert!(
        out.contains(&pesan::latihan_tidak_ada("tidak-ada")),
        "{out}"
    );
}

#[test]
fn the_greeting_names_the_chapter_page_and_how_to_open_the_book() {
    let data = tempfile::tempdir().unwrap();
    let out = kursus(data.path())
        .args(["--latihan", "embedding-referencing/cari-kota"])
        .write_stdin("")
        .output()
        .unwrap();
    let greeting = String::from_utf8_lossy(&out.stderr);
    let course = course();
    let lesson = course.find_lesson("embedding-referencing").unwrap();
    assert!(greeting.contains("kursus buku --sajikan"), "{greeting}");
    assert!(
        greeting.contains(&Course::chapter_page(lesson)),
        "{greeting}"
    );
}

#[test]
fn moving_into_another_lesson_says_so() {
    let course = course();
    let exercises: Vec<_> = course.exercises().collect();
    let last_of_lesson = exercises
        .windows(2)
        .find(|w| w[0].lesson.file.id != w[1].lesson.file.id)
        .expect("two lessons");
    let data = tempfile::tempdir().unwrap();
    let out = learner_session(data.path(), &last_of_lesson[0].full_id(), ".lanjut\n");
    let next = last_of_lesson[1].lesson;
    let note = pesan::masuk_bab(&next.file.judul, &Course::chapter_page(next));
    assert!(out.contains(&note), "{out}");
    let within = learner_session(data.path(), &exercises[0].full_id(), ".lanjut\n");
    assert!(!within.contains("pelajaran baru"), "{within}");
}

#[test]
fn the_course_is_only_done_when_every_exercise_is_passed() {
    let course = course();
    let last = course.exercises().last().unwrap().full_id();
    let first = course.exercises().next().unwrap().full_id();
    let data = tempfile::tempdir().unwrap();
    let out = learner_session(data.path(), &last, ".lanjut\n");
    let total = course.exercises().count();
    assert!(!out.contains(pesan::KURSUS_SELESAI), "{out}");
    assert!(
        out.contains(&pesan::akhir_kursus_belum_semua(total)),
        "{out}"
    );
    assert!(out.contains(&format!("Latihan {first}")), "{out}");
}

#[test]
fn feedback_names_the_database_the_answer_worked_in() {
    let course = course();
    let e = course
        .find_exercise("embedding-referencing/cari-kota")
        .unwrap();
    let data = tempfile::tempdir().unwrap();
    let input = format!("use test\n{}\n.periksa\n", e.exercise.solusi.trim_end());
    let out = learner_session(data.path(), &e.full_id(), &input);
    assert!(
        out.contains(&pesan::basis_data_lain("test", "kampus")),
        "{out}"
    );
    let right = format!("{}\n.periksa\n", e.exercise.solusi.trim_end());
    let passed = learner_session(tempfile::tempdir().unwrap().path(), &e.full_id(), &right);
    assert!(passed.contains(pesan::LULUS), "{passed}");
    assert!(!passed.contains("basis data test"), "{passed}");
}

#[test]
fn prompts_are_rendered_on_a_terminal_and_plain_when_piped() {
    let data = tempfile::tempdir().unwrap();
    let piped = learner_session(
        data.path(),
        "embedding-referencing/pindah-alamat",
        ".latihan\n",
    );
    assert!(piped.contains("NIM 10112003 pindah"), "{piped}");
    assert!(!piped.contains("**"), "{piped}");
    if !tmux_available() {
        return;
    }
    let plain = Terminal::start_at(
        "prosapolos",
        data.path(),
        &["--latihan", "embedding-referencing/pindah-alamat"],
        "kampus>",
    );
    plain.line(".latihan");
    let screen = plain.wait_for("NIM 10112003 pindah");
    assert!(!screen.contains("**"), "{screen}");
    let styled = Terminal::start_with(
        "prosa",
        data.path(),
        &["--latihan", "embedding-referencing/pindah-alamat"],
        "kampus>",
        "TERM=xterm-256color",
    );
    styled.line(".latihan");
    styled.wait_for("10112003 pindah");
    let screen = styled.styled_screen();
    assert!(!screen.contains("**"), "{screen}");
    assert!(
        screen.contains("\x1b[1m10112003"),
        "bold on the terminal: {screen:?}"
    );
}

#[test]
fn a_known_engine_error_gets_one_indonesian_line_only_at_a_prompt() {
    let error = "TypeError: db.mahasiswa.findone is not a function";
    let hint = pesan::galat::saran(error).expect("a known error");
    let data = tempfile::tempdir().unwrap();
    let piped = learner_session(
        data.path(),
        "embedding-referencing/cari-kota",
        "db.mahasiswa.findone()\n",
    );
    assert!(piped.contains(error), "{piped}");
    assert!(
        !piped.contains(hint),
        "piped output stays mongosh's: {piped}"
    );
    if !tmux_available() {
        return;
    }
    let t = Terminal::start_at(
        "galat",
        data.path(),
        &["--latihan", "embedding-referencing/cari-kota"],
        "kampus>",
    );
    t.line("db.mahasiswa.findone()");
    let screen = t.wait_for(hint);
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    let at = lines
        .iter()
        .position(|l| *l == error)
        .expect("the English line as is");
    assert_eq!(lines[at + 1], hint, "{screen}");
}
