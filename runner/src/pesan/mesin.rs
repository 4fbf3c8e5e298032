//! The document engine's own texts: options MongoDB has and the course's
//! engine refuses rather than ignore (the server's own errors stay English).

use std::fmt::Display;

pub fn opsi_tidak_didukung(perintah: impl Display, opsi: impl Display) -> String {
    format!(
        "BSON field '{perintah}.{opsi}': opsi ini ada di MongoDB tetapi tidak didukung oleh mesin kursus"
    )
}

pub fn collation_tidak_didukung(collation: impl Display) -> String {
    format!(
        "collation {collation} tidak didukung oleh mesin kursus: hanya {{ locale: 'simple' }} (perbandingan biner, bawaan MongoDB)"
    )
}

pub fn kata_kunci_skema_tidak_didukung(kata: impl Display) -> String {
    format!(
        "$jsonSchema keyword '{kata}' ada di MongoDB tetapi tidak didukung oleh mesin kursus (yang didukung: bsonType, required, properties, enum, minimum, maximum, minLength, maxLength, items, additionalProperties, title, description)"
    )
}
