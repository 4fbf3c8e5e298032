//! The network plumbing's texts (`kursus buku --sajikan`, and the endpoints after it).

use std::fmt::Display;

pub const SERVER_TANPA_RUNTIME: &str = "runtime server tidak dapat dimulai";

pub fn alamat_tidak_bisa_dipakai(alamat: impl Display) -> String {
    format!("tidak dapat mendengarkan di {alamat}")
}

pub const SINYAL_TIDAK_TERPASANG: &str =
    "penangkap Ctrl-C dan SIGTERM tidak dapat dipasang, jadi server tidak dapat berhenti dengan rapi";

pub const SERVER_BERHENTI_MENDADAK: &str = "server berhenti sebelum diminta";

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
