//! The data-model pictures: what `periksa` says of a `[[gambar]]` declaration, and the
//! words drawn in and around a picture (labels, title, text alternative).

// ---- Pemeriksaan deklarasi ----------------------------------------------------------

pub fn koleksi_tidak_ada(pelajaran: &str, gambar: &str, koleksi: &str) -> String {
    format!("✗ gambar {pelajaran}/{gambar}: koleksi `{koleksi}` tidak ada di dataset utama")
}

pub fn field_tidak_ada(pelajaran: &str, gambar: &str, koleksi: &str, field: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: field `{field}` tidak ada di dokumen mana pun \
         koleksi `{koleksi}`"
    )
}

pub fn rujukan_tanpa_sasaran(pelajaran: &str, gambar: &str, dari: &str, ke: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: rujukan `{dari}` → `{ke}` menunjuk ke tempat kosong \
         (koleksi atau field `{ke}` tidak ada di dataset utama)"
    )
}

pub fn rujukan_menggantung(pelajaran: &str, gambar: &str, dari: &str, nilai: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: `{dari}` berisi {nilai}, tetapi tidak ada dokumen \
         sasaran dengan nilai itu"
    )
}

pub fn menggantung_ada(pelajaran: &str, gambar: &str, dari: &str, nilai: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: `{dari}` mendaftar {nilai} di `menggantung`, \
         padahal dokumen sasarannya ada"
    )
}

pub fn bukan_satu(pelajaran: &str, gambar: &str, dari: &str, id: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: `{dari}` dinyatakan berkardinalitas satu, tetapi \
         dokumen {id} menyimpan array di sana"
    )
}

pub fn bukan_array(pelajaran: &str, gambar: &str, dari: &str, id: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: `{dari}` dinyatakan sebagai array id, tetapi dokumen \
         {id} menyimpan satu nilai di sana"
    )
}

pub fn batas_terlampaui(
    pelajaran: &str,
    gambar: &str,
    dari: &str,
    (id, panjang, batas): (&str, usize, u64),
) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: `{dari}` dibatasi {batas} elemen, tetapi dokumen {id} \
         menyimpan {panjang}"
    )
}

pub fn batas_hilang(pelajaran: &str, gambar: &str, dari: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: `{dari}` berkardinalitas terbatas perlu `batas`, \
         dan hanya kardinalitas terbatas yang boleh memakainya"
    )
}

pub fn tabel_tidak_ada(pelajaran: &str, gambar: &str, tabel: &str) -> String {
    format!("✗ gambar {pelajaran}/{gambar}: tabel `{tabel}` tidak ada di dataset utama")
}

pub fn partisi_kosong(pelajaran: &str, gambar: &str, partisi: &str) -> String {
    format!("✗ gambar {pelajaran}/{gambar}: tidak ada item dengan partition key `{partisi}`")
}

pub fn jenis_tidak_dinyatakan(pelajaran: &str, gambar: &str, sort_key: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: item dengan sort key `{sort_key}` tidak cocok dengan \
         awalan jenis mana pun"
    )
}

pub fn jenis_tanpa_item(pelajaran: &str, gambar: &str, awalan: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: jenis berawalan `{awalan}` tidak punya item di \
         partisi itu"
    )
}

pub fn indeks_tidak_ada(pelajaran: &str, gambar: &str, indeks: &str) -> String {
    format!("✗ gambar {pelajaran}/{gambar}: tabel tidak punya GSI `{indeks}`")
}

pub fn gambar_kosong(pelajaran: &str, gambar: &str) -> String {
    format!("✗ gambar {pelajaran}/{gambar}: nyatakan `koleksi` atau `dynamodb`, salah satu saja")
}

pub fn gambar_ganda(pelajaran: &str, gambar: &str) -> String {
    format!("✗ gambar {pelajaran}/{gambar}: dinyatakan lebih dari sekali")
}

pub fn gambar_tidak_dinyatakan(bab: &str, baris: usize, target: &str) -> String {
    format!(
        "✗ {bab} baris {baris}: {{{{#gambar {target}}}}} menyebut gambar yang tidak \
         dinyatakan di pelajaran.toml"
    )
}

pub fn sebelum_tidak_ada(pelajaran: &str, gambar: &str, sebelum: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: `sebelum = \"{sebelum}\"` menyebut gambar yang tidak \
         dinyatakan"
    )
}

pub fn gambar_tidak_dipasang(pelajaran: &str, gambar: &str) -> String {
    format!(
        "✗ gambar {pelajaran}/{gambar}: dinyatakan tetapi tidak pernah dipasang dengan \
         {{{{#gambar {pelajaran}/{gambar}}}}} di bab mana pun"
    )
}

// ---- Gambar -------------------------------------------------------------------------

pub const SEBELUM: &str = "Sebelum";
pub const SESUDAH: &str = "Sesudah";
/// Under an orphan value in its dashed box.
pub const MENGGANTUNG: &str = "rujukan menggantung";
pub const TIDAK_DITEMUKAN: &str = "gambar tidak ditemukan";

/// The label on a reference's arrow.
pub fn label_kardinalitas(kardinalitas: &str, batas: Option<u64>) -> String {
    match (kardinalitas, batas) {
        // Read along the arrow: many source documents may hold the same one id.
        ("satu", _) => "banyak-ke-satu".to_string(),
        ("terbatas", Some(b)) => format!("array ≤ {b}"),
        ("tak-terbatas", _) => "array tak terbatas".to_string(),
        _ => "array id".to_string(),
    }
}

pub fn kepala_partisi(kunci: &str, nilai: &str) -> String {
    format!("partisi {kunci} = {nilai}")
}

/// Beside a run of items of one kind: what the sort key's prefix says they are.
pub fn label_jenis(nama: &str, awalan: &str, awalan_saja: bool) -> String {
    let lanjut = if awalan_saja { "…" } else { "" };
    format!("{nama} ({awalan}{lanjut})")
}

pub fn kolom_sort_key(sk: &str) -> String {
    format!("sort key {sk}")
}

pub fn kepala_indeks(indeks: &str) -> String {
    format!("GSI {indeks}")
}

pub fn judul_koleksi(nama: &[String]) -> String {
    format!("Model data: koleksi {}", nama.join(", "))
}

pub fn judul_partisi(tabel: &str, partisi: &str) -> String {
    format!("Item collection {partisi} di tabel {tabel}")
}

/// One collection in the text alternative: `koleksi mahasiswa: nama (string), …`.
pub fn uraian_koleksi(nama: &str, field: &[String]) -> String {
    format!("Koleksi {nama} berisi {}.", field.join(", "))
}

pub fn uraian_tanam(induk: &str, isi: &[String]) -> String {
    format!("{induk} (subdokumen: {})", isi.join(", "))
}

pub fn uraian_rujukan(dari: &str, ke: &str, label: &str) -> String {
    format!("Panah dari {dari} ke {ke}: rujukan, {label}.")
}

pub fn uraian_menggantung(dari: &str, nilai: &str, ke: &str) -> String {
    format!(
        "Kotak bergaris putus-putus: nilai {nilai} di {dari} tidak punya pasangan di {ke} \
         (rujukan menggantung)."
    )
}

pub fn uraian_partisi(tabel: &str, kunci: &str, partisi: &str, item: &[String]) -> String {
    format!(
        "Di tabel {tabel}, partisi {kunci} = {partisi} memuat {} item, berurutan menurut \
         sort key: {}.",
        item.len(),
        item.join("; ")
    )
}

pub fn uraian_indeks(indeks: &str, kelompok: &[String]) -> String {
    format!(
        "Di sampingnya, GSI {indeks} memuat item dari semua partisi tabel yang punya \
         atribut kunci indeks, dikelompokkan menurut partition key indeks: {}. Item partisi \
         di kiri dihubungkan garis dengan tempatnya di indeks; item partisi lain digambar \
         dengan garis putus-putus.",
        kelompok.join("; ")
    )
}

pub fn uraian_pasangan(sebelum: &str, sesudah: &str) -> String {
    format!("Sebelum: {sebelum} Sesudah: {sesudah}")
}
