//! Texts of the command line: its errors and the exit-status table of `kursus --help`.

use std::fmt::Display;

/// Every error the CLI prints ends up on one line starting like this.
pub fn kesalahan(sebab: impl Display) -> String {
    format!("kesalahan: {sebab}")
}

pub fn skrip_tidak_terbaca(berkas: impl Display, sebab: impl Display) -> String {
    format!("tidak dapat membaca {berkas}: {sebab}")
}

pub fn objectid_salah(hex: &str) -> String {
    format!("--objectid harus 24 digit heksadesimal, bukan '{hex}'")
}

/// A subcommand of a Cargo feature this build of Kursus left out.
pub fn fitur_tidak_disertakan(fitur: &str) -> String {
    format!(
        "perintah ini tidak disertakan dalam build ini (fitur `{fitur}` dimatikan); \
         bangun ulang dengan `cargo build --features {fitur}`"
    )
}

/// A dot command the plain REPL (without a course) does not know.
pub fn perintah_tidak_dikenal(baris: &str) -> String {
    format!("Perintah tidak dikenal: {baris}")
}

// ---- exit statuses ---------------------------------------------------------------------

pub const KELUAR_BERHASIL: &str = "berhasil";
pub const KELUAR_PERIKSA_GAGAL: &str = "`kursus periksa` menemukan kegagalan";
pub const KELUAR_SALAH_PAKAI: &str = "argumen atau opsi tidak sah (seperti clap melaporkannya)";
pub const KELUAR_KURSUS_RUSAK: &str =
    "berkas kursus tidak sah (TOML, JSON, dataset) atau folder kursus tidak ditemukan";
pub const KELUAR_ID_TIDAK_ADA: &str = "pelajaran atau latihan yang diminta tidak ada";
pub const KELUAR_IO: &str = "berkas tidak dapat dibaca atau ditulis, termasuk berkas kemajuan";
pub const KELUAR_BUKU: &str = "buku gagal dibangun";
pub const KELUAR_INTERNAL: &str = "kesalahan internal Kursus (mohon laporkan)";

/// The `--help` table: one `code  meaning` line per exit status.
pub fn tabel_kode_keluar(baris: &[(u8, &str)]) -> String {
    let mut out = String::from("Kode keluar:");
    for (kode, arti) in baris {
        out.push_str(&format!("\n  {kode}  {arti}"));
    }
    out
}
