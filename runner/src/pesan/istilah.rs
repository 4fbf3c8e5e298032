//! Wordings that drifted away from the book's terms, each with the term to write
//! instead. Kept apart so the check of the catalogue does not find its own list.

/// (drifted wording, the book's term). "Rujukan" already means referencing, "proyek"
/// is the Indonesian word the exercise ids use, and the REPL says "perintah titik".
/// The source lessons keep "array", "query" and "foreign key" in English; "rekaman" is
/// a recording (KBBI), a record is a "catatan" as in "catatan kehadiran"; data a
/// program makes is "buatan", not "bangkitan".
pub const ISTILAH_MELENCENG: [(&str, &str); 9] = [
    ("solusi rujukan", "solusi acuan"),
    ("perintah bertitik", "perintah titik"),
    ("project", "proyek"),
    ("larik", "array"),
    ("kueri", "query"),
    ("kunci asing", "foreign key"),
    ("rekaman", "catatan"),
    ("membangkitkan", "membuat"),
    ("bangkitan", "buatan"),
];

/// (calque, what to write instead). "Ia" renders English "it": Indonesian names the
/// thing again or uses -nya, and says "dia" of a person.
pub const KALKE: [(&str, &str); 1] = [(
    "ia",
    "untuk benda sebut lagi bendanya (atau pakai -nya), untuk orang tulis \"dia\"",
)];
