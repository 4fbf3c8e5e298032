//! Wordings that drifted away from the book's terms, each with the term to write
//! instead. Kept apart so the check of the catalogue does not find its own list.

/// (drifted wording, the book's term). "Rujukan" already means referencing, "proyek"
/// is the Indonesian word the exercise ids use, and the REPL says "perintah titik".
pub const ISTILAH_MELENCENG: [(&str, &str); 3] = [
    ("solusi rujukan", "solusi acuan"),
    ("perintah bertitik", "perintah titik"),
    ("project", "proyek"),
];
