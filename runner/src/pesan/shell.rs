//! Texts of the shell itself: its own failures and the DynamoDB learning aids
//! (`ddb.koleksi`, `ddb.riwayat`, `ddb.ekspresi`). Errors that imitate mongosh or AWS
//! keep their English and are not here.

use std::fmt::Display;

// ---- the shell's own failures ---------------------------------------------------------

/// A JavaScript error of the Rust-facing API (a prelude or dataset script of ours).
pub fn kesalahan_javascript(sebab: impl Display) -> String {
    format!("kesalahan JavaScript: {sebab}")
}

pub fn kesalahan_prelude_shell(sebab: impl Display) -> String {
    format!("kesalahan prelude shell: {sebab}")
}

pub fn kesalahan_prelude_dynamodb(sebab: impl Display) -> String {
    format!("kesalahan prelude DynamoDB: {sebab}")
}

pub fn kesalahan_use(sebab: impl Display) -> String {
    format!("kesalahan use: {sebab}")
}

/// Shown for a statement during which the shell panicked.
pub const KESALAHAN_INTERNAL: &str = "Error: kesalahan internal shell; sesi tetap berjalan";

pub const LIST_COLLECTIONS_GAGAL: &str = "Error: listCollections gagal";

pub const PERULANGAN_DIHENTIKAN: &str = "eksekusi dihentikan: pernyataan melebihi batas kerja atau waktu (perulangan tanpa akhir?); sesi dan data yang sudah ditulis tetap utuh";

/// A write refused because the session's engines hold `batas` bytes or more.
pub fn data_penuh(batas: u64) -> String {
    format!(
        "penulisan ditolak: data sesi sudah mencapai batas {} MiB. Hapus data yang tidak dipakai (misalnya dengan drop()) atau mulai dari awal dengan .ulang; sesi tetap berjalan",
        batas / (1024 * 1024)
    )
}

pub fn eksekusi_dihentikan(sebab: impl Display) -> String {
    format!("eksekusi dihentikan: {sebab}")
}

/// A dataset load that panicked inside an engine; `langkah` is [`MEMUAT_KOLEKSI`] or
/// [`MEMUAT_TABEL`].
pub fn kesalahan_internal_mesin(langkah: &str) -> String {
    format!("kesalahan internal mesin saat {langkah}")
}

pub const MEMUAT_KOLEKSI: &str = "memuat koleksi";
pub const MEMUAT_TABEL: &str = "memuat tabel";

// ---- `ddb.koleksi` ---------------------------------------------------------------------

pub fn tabel_tidak_ditemukan(tabel: &str) -> String {
    format!("Tabel {tabel} tidak ditemukan")
}

/// The header line: the table and its key schema.
pub fn kepala_tabel(tabel: &str, partition: &str, sort: Option<&str>) -> String {
    match sort {
        Some(sort) => format!("Tabel {tabel}: partition key {partition}, sort key {sort}"),
        None => format!("Tabel {tabel}: partition key {partition}"),
    }
}

/// No item collection to show; `filter` is the partition key asked for, if any.
pub fn tanpa_item(filter: Option<(&str, &str)>) -> String {
    match filter {
        Some((kunci, nilai)) => format!("(tidak ada item dengan {kunci} = {nilai})"),
        None => "(tidak ada item)".to_string(),
    }
}

/// One item collection's line: `EntityRef = WS#acme (3 item)`.
pub fn koleksi_item(kunci: &str, nilai: &str, jumlah: usize) -> String {
    format!("{kunci} = {nilai} ({jumlah} item)")
}

// ---- `ddb.riwayat` ---------------------------------------------------------------------

/// Column titles of the request log; the AWS field names stay as AWS spells them.
pub const KOLOM_RIWAYAT: [&str; 8] = [
    "#",
    "operasi",
    "tabel",
    "indeks",
    "Count",
    "ScannedCount",
    "RCU",
    "WCU",
];

// ---- `ddb.ekspresi` --------------------------------------------------------------------

pub const EKSPRESI_BUTUH_OBJEK: &str =
    "ddb.ekspresi butuh objek, misalnya { EntityRef: 'WS#acme' }";

pub const EKSPRESI_BUTUH_KUNCI: &str = "ddb.ekspresi butuh paling sedikit satu atribut kunci";

/// The table name the SDK snippet shows when none was given or found.
pub const NAMA_TABEL_CONTOH: &str = "NamaTabel";

pub fn satu_kondisi(atribut: &str) -> String {
    format!("{atribut}: tulis satu kondisi, misalnya {{ beginsWith: 'PROJ#' }}")
}

pub fn between_dua_nilai(atribut: &str) -> String {
    format!("{atribut}: between butuh dua nilai, misalnya {{ between: ['a', 'b'] }}")
}

pub fn kondisi_tidak_dikenal(atribut: &str, kondisi: &str) -> String {
    format!(
        "{atribut}: kondisi '{kondisi}' tidak dikenal; pakai eq, lt, lte, gt, gte, between, \
         atau beginsWith"
    )
}
