//! The network plumbing's texts (`kursus buku --sajikan`, and the endpoints after it).

use std::fmt::Display;

pub const SERVER_TANPA_RUNTIME: &str = "runtime server tidak dapat dimulai";

pub fn alamat_tidak_bisa_dipakai(alamat: impl Display) -> String {
    format!("tidak dapat mendengarkan di {alamat}")
}

pub const SINYAL_TIDAK_TERPASANG: &str =
    "penangkap Ctrl-C dan SIGTERM tidak dapat dipasang, jadi server tidak dapat berhenti dengan rapi";

pub const SERVER_BERHENTI_MENDADAK: &str = "server berhenti sebelum diminta";
