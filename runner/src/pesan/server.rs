//! The network plumbing's texts (`kursus buku --sajikan`, and the endpoints after it).

use std::fmt::Display;

pub const SERVER_TANPA_RUNTIME: &str = "runtime server tidak dapat dimulai";

pub fn alamat_tidak_bisa_dipakai(alamat: impl Display) -> String {
    format!("tidak dapat mendengarkan di {alamat}")
}

pub const SINYAL_TIDAK_TERPASANG: &str =
    "penangkap Ctrl-C dan SIGTERM tidak dapat dipasang, jadi server tidak dapat berhenti dengan rapi";

pub const SERVER_BERHENTI_MENDADAK: &str = "server berhenti sebelum diminta";

// ---- kursus layani ---------------------------------------------------------------------

/// `kursus layani` without an endpoint to start.
pub const LAYANI_PERLU_ENDPOINT: &str =
    "Sebutkan endpoint yang dijalankan: --dynamodb PORT (API DynamoDB) \
     dan/atau --mongo PORT (protokol MongoDB); port 0 memilih port bebas. \
     Contoh: kursus layani --pelajaran dynamodb-satu-ke-banyak --dynamodb 8000";

/// The line of one endpoint; the service's own name stays as the learner knows it.
pub fn endpoint_berjalan(layanan: &str, skema: &str, alamat: impl Display) -> String {
    format!("{layanan}: {skema}://{alamat}")
}

pub const LAYANI_BERJALAN: &str = "Data hanya disimpan di memori. Ctrl-C untuk berhenti.";

pub fn peringatan_tanpa_autentikasi(alamat: impl Display) -> String {
    format!(
        "peringatan: mendengarkan di {alamat}, bukan hanya di mesin ini; permintaan tidak \
         diautentikasi, jadi siapa pun yang dapat menjangkau alamat ini dapat membaca dan \
         mengubah data"
    )
}

/// One `--log` line per DynamoDB request.
pub fn log_dynamodb(
    operasi: &str,
    tabel: &str,
    status: u16,
    durasi: std::time::Duration,
) -> String {
    let tabel = if tabel.is_empty() { "-" } else { tabel };
    format!("DynamoDB {operasi} {tabel} -> {status} ({durasi:.2?})")
}

/// One `--log` line per MongoDB command.
pub fn log_mongo(
    perintah: &str,
    ok: bool,
    kode: Option<i32>,
    durasi: std::time::Duration,
) -> String {
    let perintah = if perintah.is_empty() { "-" } else { perintah };
    let hasil = match (ok, kode) {
        (true, _) => "ok".to_string(),
        (false, Some(kode)) => format!("galat {kode}"),
        (false, None) => "galat".to_string(),
    };
    format!("MongoDB {perintah} -> {hasil} ({durasi:.2?})")
}
