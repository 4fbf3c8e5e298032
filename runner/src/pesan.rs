//! The catalogue: every Indonesian text Kursus shows a learner or a lesson author, from
//! every layer (CLI, course, shell), in one leaf module so the wording stays consistent
//! and can be reviewed at once. Errors carry data; the words are chosen here.
//! This file holds the course's texts; [`shell`] and [`cli`] those of the layers
//! below and above it, [`server`] those of the network plumbing. A test
//! (`tests/pesan_katalog.rs`) rejects Indonesian string literals anywhere else in the crate.

use std::fmt::Display;

pub mod cli;
pub mod galat;
pub mod gambar;
mod istilah;
pub mod kuis;
pub mod mesin;
pub mod mutan;
pub mod rancangan;
pub mod server;
pub mod shell;

pub use istilah::{ISTILAH_MELENCENG, KALKE};

// ---- loading the course -------------------------------------------------------------

pub fn berkas_tidak_terbaca(berkas: impl Display, sebab: impl Display) -> String {
    format!("{berkas}: tidak dapat dibaca ({sebab})")
}

pub fn berkas_tidak_tertulis(berkas: impl Display, sebab: impl Display) -> String {
    format!("{berkas}: tidak dapat ditulis ({sebab})")
}

pub fn toml_salah(berkas: impl Display, baris: Option<usize>, sebab: impl Display) -> String {
    match baris {
        Some(b) => format!("{berkas} baris {b}: {sebab}"),
        None => format!("{berkas}: {sebab}"),
    }
}

pub fn versi_format_tidak_dikenal(berkas: impl Display, versi: u32, dikenal: u32) -> String {
    format!("{berkas}: format_version = {versi} tidak dikenal (yang didukung: {dikenal})")
}

pub fn json_salah(berkas: impl Display, sebab: impl Display) -> String {
    format!("{berkas}: JSON tidak sah ({sebab})")
}

pub fn extjson_salah(berkas: impl Display, nomor: usize, sebab: impl Display) -> String {
    format!("{berkas}: dokumen ke-{nomor} bukan Extended JSON yang sah ({sebab})")
}

pub fn bukan_array(berkas: impl Display) -> String {
    format!("{berkas}: isi berkas harus berupa array JSON")
}

pub fn dataset_gagal_dimuat(sumber: impl Display, sebab: impl Display) -> String {
    format!("dataset {sumber} gagal dimuat: {sebab}")
}

pub fn id_pelajaran_beda(berkas: impl Display, id: &str, diharapkan: &str) -> String {
    format!("{berkas}: id = \"{id}\" tidak cocok dengan nama foldernya \"{diharapkan}\"")
}

pub fn objectid_salah(berkas: impl Display, hex: &str) -> String {
    format!("{berkas}: objectid \"{hex}\" harus 24 digit heksadesimal")
}

pub fn status_tanpa_keadaan(berkas: impl Display, latihan: &str) -> String {
    format!(
        "{berkas}: latihan \"{latihan}\" dinilai dengan \"status\" tetapi `keadaan` tidak \
         menyebut koleksi atau tabel yang dinilai"
    )
}

pub fn aturan_tidak_dikenal(aturan: &str) -> String {
    format!(
        "aturan efisiensi \"{aturan}\" tidak dikenal (yang dikenal: pakai-indeks, satu-query, \
         tanpa-scan, baca-seperlunya, kirim-seperlunya, satu-perintah, satu-pembaruan, maks-rcu, \
         klien)"
    )
}

pub fn aturan_perlu(aturan: &str, parameter: &str) -> String {
    format!("aturan efisiensi \"{aturan}\" memerlukan `{parameter}`")
}

pub fn latihan_tidak_ada(id: &str) -> String {
    format!("latihan \"{id}\" tidak ada. Lihat `kursus daftar` untuk daftar latihan.")
}

pub fn pelajaran_tidak_ada(id: &str) -> String {
    format!("pelajaran \"{id}\" tidak ada. Lihat `kursus daftar` untuk daftar pelajaran.")
}

pub fn kursus_tidak_ditemukan() -> String {
    "folder kursus (berisi lessons/kursus.toml) tidak ditemukan; jalankan dari folder \
     proyek atau setel KURSUS_DIR"
        .to_string()
}

pub fn keluaran_tidak_ditemukan(berkas: impl Display, latihan: &str) -> String {
    format!(
        "{berkas}: field `keluaran` latihan \"{latihan}\" tidak ditemukan, jadi tidak \
         dapat diperbarui; tulis latihannya sebagai tabel [[latihan]] dengan `id` dan \
         `keluaran` berupa string"
    )
}

pub fn buku_gagal(sebab: impl Display) -> String {
    format!("buku gagal dibangun: {sebab}")
}

// ---- grading ------------------------------------------------------------------------

pub const LULUS: &str = "✓ Benar! Latihan ini selesai.";
pub const JAWABAN_KOSONG: &str =
    "Belum ada jawaban: ketik perintah Anda di REPL dulu, lalu jalankan .periksa lagi.";

pub fn dataset_label(varian: bool) -> &'static str {
    if varian {
        "dataset varian (tersembunyi)"
    } else {
        "dataset utama"
    }
}

pub fn keluaran_beda(dataset: &str) -> String {
    format!("✗ Keluaran pada {dataset} belum sesuai dengan yang diharapkan.")
}

pub fn hanya_urutan_beda() -> String {
    "Isinya sudah benar, hanya urutannya yang berbeda. Perhatikan urutan yang diminta \
     (misalnya dengan .sort())."
        .to_string()
}

pub fn dokumen_kurang(n: usize) -> String {
    format!("{n} dokumen yang diharapkan tidak muncul di keluaran Anda.")
}

pub fn dokumen_lebih(n: usize) -> String {
    format!("{n} dokumen muncul di keluaran Anda padahal tidak diharapkan.")
}

pub fn dokumen_jumlah(diharapkan: usize, didapat: usize) -> String {
    format!("Diharapkan {diharapkan} dokumen, keluaran Anda berisi {didapat}.")
}

pub fn field_beda(dokumen: &str, field: &str, harap: &str, dapat: &str) -> String {
    format!("Dokumen {dokumen}: field `{field}` seharusnya {harap}, tetapi tertulis {dapat}.")
}

pub fn field_hilang(dokumen: &str, field: &str) -> String {
    format!("Dokumen {dokumen}: field `{field}` tidak ada di keluaran Anda.")
}

pub fn field_tambahan(dokumen: &str, field: &str) -> String {
    format!("Dokumen {dokumen}: field `{field}` tidak diminta (periksa proyeksi Anda).")
}

pub fn ada_galat(teks: &str) -> String {
    format!("Salah satu perintah Anda menghasilkan galat:\n{teks}")
}

pub const DIFF_JUDUL: &str = "Perbedaan (- diharapkan, + keluaran Anda):";

/// DynamoDB's words for what is being checked, else MongoDB's.
pub fn status_beda(dataset: &str, tabel: bool) -> String {
    let isi = if tabel { "Isi tabel" } else { "Isi koleksi" };
    format!("✗ {isi} setelah perintah Anda pada {dataset} belum sesuai.")
}

/// A named part of a record: a DynamoDB item's attribute, a document's field.
pub fn nama_bagian(tabel: bool) -> &'static str {
    if tabel {
        "atribut"
    } else {
        "field"
    }
}

/// Right on the visible data, wrong on the hidden one; `ditulis` when the answer
/// typed values it could only have copied from the visible output.
pub fn hanya_utama(dataset: &str, ditulis: bool) -> String {
    let saran = if ditulis {
        "jangan menulis hasilnya secara langsung; buat query yang menghitungnya."
    } else {
        "jawaban Anda hanya kebetulan benar pada data yang terlihat. Bandingkan lagi filter, \
         urutan, dan batasnya dengan yang diminta soal."
    };
    format!("Keluaran Anda cocok dengan dataset utama tetapi tidak dengan {dataset}: {saran}")
}

pub const BEDA_DI_DATA_TERSEMBUNYI: &str =
    "Contoh data tersembunyi tempat jawaban Anda berbeda terlalu besar untuk ditunjukkan.";

pub fn contoh_terkecil(jumlah: usize, data: &str, diharapkan: &str, keluaran: &str) -> String {
    let sebagian = if jumlah > 5 {
        " (lima yang pertama)"
    } else {
        ""
    };
    format!(
        "Data tersembunyi terkecil tempat jawaban Anda berbeda ({jumlah} catatan{sebagian}):\n\
         {data}\nPada data ini yang diharapkan:\n{diharapkan}\nKeluaran Anda:\n{keluaran}"
    )
}

pub fn galat_sesudah_jawaban(nomor: usize, pernyataan: &str) -> String {
    format!(
        "Catatan: pernyataan Anda yang lebih baru, ke-{nomor} `{pernyataan}`, berakhir dengan \
         galat; yang dinilai tetap jawaban di atas."
    )
}

pub fn efisiensi_klien(diminta: &str, dipakai: &str) -> String {
    format!(
        "✗ Soal ini meminta klien `{diminta}` ({}), tetapi permintaan Anda dikirim lewat \
         `{dipakai}`.",
        nama_klien(diminta)
    )
}

fn nama_klien(klien: &str) -> &'static str {
    if klien == "dynamodb" {
        "klien low-level, nilai bertipe seperti `{ S: '…' }`"
    } else {
        "DocumentClient, nilai JavaScript biasa"
    }
}

/// What a prompt must say for each efficiency rule (any one of the phrases; Markdown
/// emphasis and code marks are ignored when looking for them).
pub fn frasa_aturan(aturan: &crate::course::lesson::Rule) -> &'static [&'static str] {
    use crate::course::lesson::Rule;
    match aturan {
        Rule::PakaiIndeks { .. } => &["COLLSCAN"],
        Rule::SatuQuery => &["satu Query"],
        Rule::TanpaScan => &["tanpa Scan", "satu Query"],
        Rule::BacaSeperlunya { .. } => &["hanya membaca"],
        Rule::KirimSeperlunya { .. } => &["dikirim kembali"],
        Rule::SatuPerintah => &["satu perintah baca", "satu pipeline agregasi"],
        Rule::SatuPembaruan => &[
            "satu pembaruan",
            "satu perintah pembaruan",
            "satu UpdateItem",
        ],
        Rule::MaksRcu { .. } => &["RCU"],
        Rule::Klien { nama } if nama == "dynamodb" => &["klien tingkat rendah"],
        Rule::Klien { .. } => &["DocumentClient"],
        Rule::PakaiEkspresi => &["parameter lama"],
    }
}

/// What a prompt says when the state left behind is what is graded.
pub const FRASA_KEADAAN: [&str; 2] = ["Penilaian melihat", "Yang dinilai"];

pub fn aturan_ekspresi_tidak_cocok(id: &str, solusi_berekspresi: bool) -> String {
    if solusi_berekspresi {
        format!(
            "✗ latihan {id}: solusinya menulis ekspresi, tetapi aturan \"pakai-ekspresi\" tidak \
             ada; jawaban dengan parameter lama atau PartiQL akan lulus"
        )
    } else {
        format!("✗ latihan {id}: aturan \"pakai-ekspresi\" ada, tetapi solusinya tidak menulis ekspresi")
    }
}

pub fn aturan_tak_tertulis(id: &str, frasa: &str) -> String {
    format!(
        "✗ latihan {id}: penilaiannya memakai aturan yang tidak tertulis di soal; tulis \
         \"{frasa}\" di soal"
    )
}

pub fn uji_benar_tanpa(id: &str, nomor: usize, memuat: &str) -> String {
    format!(
        "✗ latihan {id}: umpan balik untuk jawaban benar ke-{nomor} (uji.toml) tidak memuat \
         \"{memuat}\":"
    )
}

pub fn mutan_lulus(id: &str, mutan: &str) -> String {
    format!(
        "✗ latihan {id}: jawaban salah buatan \"{mutan}\" lulus. Ubah dataset varian agar \
         membedakannya, atau catat di uji.toml sebagai [[latihan.setara]] beserta alasannya"
    )
}

pub fn setara_tidak_lulus(id: &str, mutan: &str) -> String {
    format!(
        "✗ latihan {id}: \"{mutan}\" dicatat setara di uji.toml tetapi tidak ada atau tidak lulus"
    )
}

pub fn efisiensi_collscan(ns: &str) -> String {
    format!(
        "✗ Efisiensi: hasilnya benar, tetapi query ini memindai seluruh koleksi (COLLSCAN) pada `{ns}`. \
         Buat indeks yang cocok agar query memakai IXSCAN."
    )
}

pub fn efisiensi_jumlah_query(n: usize) -> String {
    format!(
        "✗ Hasilnya benar, tetapi Anda memakai {n} Query; latihan ini meminta tepat satu \
         Query yang mengambil semuanya sekaligus."
    )
}

pub fn efisiensi_scan(n: usize) -> String {
    format!(
        "✗ Hasilnya benar, tetapi Anda memakai Scan ({n}×) yang membaca seluruh tabel. \
         Gunakan Query pada partition key."
    )
}

pub fn efisiensi_parameter_lama(parameter: &str, diajarkan: &[&str]) -> String {
    format!(
        "✗ Latihan ini mengajarkan {}, tetapi jawaban Anda memakai parameter lama \
         `{parameter}`. Tulis ulang dengan ekspresi.",
        daftar_ekspresi(diajarkan)
    )
}

pub fn efisiensi_partiql(diajarkan: &[&str]) -> String {
    format!(
        "✗ Latihan ini mengajarkan {}, tetapi jawaban Anda memakai pernyataan PartiQL. \
         Tulis ulang dengan ekspresi.",
        daftar_ekspresi(diajarkan)
    )
}

/// "`A`", "`A` dan `B`", "`A`, `B`, dan `C`".
fn daftar_ekspresi(nama: &[&str]) -> String {
    let kode: Vec<String> = nama.iter().map(|n| format!("`{n}`")).collect();
    match kode.as_slice() {
        [] => "ekspresi DynamoDB".to_string(),
        [satu] => satu.clone(),
        [awal @ .., akhir] if awal.len() == 1 => format!("{} dan {akhir}", awal[0]),
        [awal @ .., akhir] => format!("{}, dan {akhir}", awal.join(", ")),
    }
}

pub fn efisiensi_rcu(dipakai: f64, batas: f64) -> String {
    format!("✗ Hasilnya benar, tetapi permintaan Anda memakai {dipakai} RCU; batasnya {batas} RCU.")
}

pub fn jawaban_dinilai(nomor: usize, pernyataan: &str) -> String {
    format!("Jawaban yang dinilai: pernyataan ke-{nomor}, `{pernyataan}`.")
}

pub fn dibandingkan_dengan(nomor: usize, pernyataan: &str) -> String {
    format!(
        "Tidak ada pernyataan yang mencetak keluaran yang diharapkan. Yang dibandingkan: \
         pernyataan ke-{nomor}, `{pernyataan}` (ekspresi terakhir yang mencetak nilai)."
    )
}

pub const TANPA_NILAI: &str =
    "Tidak ada pernyataan yang mencetak nilai; yang dinilai adalah keluaran satu pernyataan.";

pub fn hanya_literal(nomor: usize) -> String {
    format!(
        "Pernyataan ke-{nomor} hanya menuliskan nilainya secara langsung (literal atau print \
         dari literal), jadi tidak dihitung sebagai jawaban: hasilnya harus dihitung oleh query."
    )
}

pub fn perubahan_terakhir(nomor: usize, pernyataan: &str) -> String {
    format!("Perubahan terakhir dibuat oleh pernyataan ke-{nomor}, `{pernyataan}`.")
}

pub fn pernyataan_pelanggar(nomor: usize, pernyataan: &str) -> String {
    format!("Pernyataan yang melanggar: ke-{nomor}, `{pernyataan}`.")
}

pub fn keadaan_hanya_utama(ditulis: bool) -> String {
    let saran = if ditulis {
        "jangan menulis nilai yang dilihat sebelumnya secara langsung; biarkan perintah Anda \
         membacanya dari data."
    } else {
        "perintah Anda hanya kebetulan benar pada data yang terlihat. Bandingkan lagi filter dan \
         syaratnya (misalnya ConditionExpression) dengan yang diminta soal."
    };
    format!("Keadaan pada dataset utama sudah benar, tetapi tidak pada dataset varian: {saran}")
}

pub const SELURUH_DOKUMEN: &str = "(seluruh dokumen)";

pub fn objectid_baru(urutan: usize) -> String {
    format!("ObjectId baru ke-{urutan}")
}

pub fn bagian_keadaan(nama: &str, tabel: bool) -> String {
    if tabel {
        format!("tabel `{nama}`")
    } else {
        format!("koleksi `{nama}`")
    }
}

/// A document or item as state feedback names it: `dokumen { _id: 'x' }`.
pub fn rekaman(tabel: bool, kunci: &str) -> String {
    if tabel {
        format!("item {kunci}")
    } else {
        format!("dokumen {kunci}")
    }
}

pub fn keadaan_dokumen_hilang(bagian: &str, id: &str) -> String {
    format!("Di {bagian}, {id} seharusnya ada, tetapi tidak ditemukan sesudah perintah Anda.")
}

pub fn keadaan_dokumen_lebih(bagian: &str, id: &str) -> String {
    format!("Di {bagian}, {id} ada sesudah perintah Anda, padahal seharusnya tidak.")
}

pub fn keadaan_field_hilang(bagian: &str, id: &str, kata: &str, field: &str) -> String {
    let utuh = if kata == "atribut" {
        "item-nya"
    } else {
        "dokumennya"
    };
    format!("Di {bagian}, {id}: {kata} `{field}` hilang (apakah {utuh} ditimpa seluruhnya?).")
}

pub fn keadaan_field_lebih(bagian: &str, id: &str, kata: &str, field: &str) -> String {
    format!("Di {bagian}, {id}: {kata} `{field}` seharusnya tidak ada.")
}

pub fn keadaan_field_beda(
    bagian: &str,
    id: &str,
    kata: &str,
    field: &str,
    harap: &str,
    dapat: &str,
) -> String {
    format!("Di {bagian}, {id}: {kata} `{field}` seharusnya {harap}, tetapi {dapat}.")
}

pub fn keadaan_field_beda_tersembunyi(bagian: &str, id: &str, kata: &str, field: &str) -> String {
    format!("Di {bagian}, {id}: nilai {kata} `{field}` tidak sama dengan hasil yang benar.")
}

pub fn keadaan_urutan_field(bagian: &str, id: &str, field: &str) -> String {
    format!("Di {bagian}, {id}: isi `{field}` benar, tetapi urutan field-nya berbeda.")
}

pub fn keadaan_indeks_hilang(bagian: &str, indeks: &str) -> String {
    format!("Di {bagian}, indeks {indeks} seharusnya ada, tetapi tidak ditemukan.")
}

pub fn keadaan_indeks_lebih(bagian: &str, indeks: &str) -> String {
    format!("Di {bagian}, indeks {indeks} tidak diminta.")
}

pub const TANPA_QUERY: &str = "tidak ada query";

pub fn efisiensi_indeks_lain(kunci: &str, dipakai: &str) -> String {
    format!(
        "✗ Efisiensi: query Anda tidak memakai indeks {kunci} (rencananya: {dipakai}). Buat \
         indeks itu dan biarkan query memakainya, tanpa .hint() ke indeks lain."
    )
}

pub fn efisiensi_indeks_hilang(kunci: &str, ns: &str) -> String {
    format!("✗ Efisiensi: indeks {kunci} tidak ada lagi di `{ns}` di akhir jawaban Anda.")
}

pub fn efisiensi_selain_query(operasi: &str) -> String {
    format!(
        "✗ Latihan ini meminta tepat satu Query dan tidak ada permintaan lain, tetapi Anda \
         juga memakai {operasi}."
    )
}

pub fn efisiensi_baca(dibaca: u64, hasil: u64, lebih: u64, tabel: bool) -> String {
    let (benda, cara) = if tabel {
        (
            "item",
            "dengan syarat sort key, Limit, atau Select: 'COUNT'",
        )
    } else {
        ("dokumen", "dengan filter dan indeks")
    };
    format!(
        "✗ Efisiensi: permintaan Anda membaca {dibaca} {benda} untuk {hasil} hasil (paling banyak \
         {}). Batasi yang dibaca di basis data {cara}, bukan dengan menyaring, memotong, \
         atau menghitung di JavaScript.",
        hasil + lebih
    )
}

pub fn efisiensi_kirim(dikirim: u64, acuan: u64, lebih: u64, tabel: bool) -> String {
    let (benda, cara) = if tabel {
        (
            "item",
            "dengan FilterExpression, ProjectionExpression, atau Select: 'COUNT'",
        )
    } else {
        ("dokumen", "dengan filter, $match, atau $count")
    };
    format!(
        "✗ Efisiensi: basis data mengirim {dikirim} {benda} ke shell, padahal solusi acuan cukup \
         menerima {acuan} (paling banyak {}). Saring dan hitung di basis data {cara}, bukan di \
         JavaScript.",
        acuan + lebih
    )
}

pub fn efisiensi_perintah(n: usize) -> String {
    format!(
        "✗ Efisiensi: Anda menjalankan {n} perintah baca (find/aggregate); latihan ini meminta \
         tepat satu, misalnya satu pipeline dengan $lookup, bukan satu query per dokumen."
    )
}

pub fn efisiensi_pembaruan(n: usize) -> String {
    format!("✗ Anda menjalankan {n} perintah pembaruan; latihan ini meminta tepat satu.")
}

// ---- progress -----------------------------------------------------------------------

pub fn kemajuan_rusak(berkas: impl Display, cadangan: impl Display) -> String {
    format!(
        "Berkas kemajuan {berkas} tidak dapat dibaca; salinannya disimpan di {cadangan} \
         dan kemajuan dimulai dari awal."
    )
}

pub fn kemajuan_versi_baru(berkas: impl Display, cadangan: impl Display) -> String {
    format!(
        "Berkas kemajuan {berkas} berasal dari versi kursus yang lain; salinannya disimpan \
         di {cadangan} dan kemajuan dimulai dari awal."
    )
}

/// The progress file could not be used and its backup failed: say so, and that the
/// next save replaces it.
pub fn kemajuan_tanpa_cadangan(
    berkas: impl Display,
    versi_lain: bool,
    cadangan: impl Display,
    sebab: impl Display,
) -> String {
    let masalah = if versi_lain {
        "berasal dari versi kursus yang lain"
    } else {
        "tidak dapat dibaca"
    };
    format!(
        "Berkas kemajuan {berkas} {masalah}, tetapi salinannya gagal disimpan di {cadangan} \
         ({sebab}). Kemajuan dimulai dari awal; salin sendiri berkas itu bila masih \
         diperlukan, karena kemajuan berikutnya yang disimpan akan menimpanya."
    )
}

pub fn kemajuan_gagal_ditulis(sebab: impl Display) -> String {
    format!("kemajuan gagal disimpan: {sebab}")
}

// ---- `kursus periksa` ---------------------------------------------------------------

pub fn periksa_bab(bab: &str) -> String {
    format!("Bab {bab}")
}

pub fn contoh_beda(bab: &str, baris: usize) -> String {
    format!("✗ {bab} baris {baris}: keluaran contoh berbeda")
}

pub fn contoh_tanpa_keluaran(bab: &str, baris: usize) -> String {
    format!("✗ {bab} baris {baris}: blok ```js kursus``` tidak langsung diikuti blok ```text keluaran```")
}

pub fn direktif_salah(bab: &str, baris: usize, id: &str) -> String {
    format!("✗ {bab} baris {baris}: {{{{#latihan {id}}}}} merujuk latihan yang tidak ada")
}

pub fn solusi_gagal(id: &str) -> String {
    format!("✗ latihan {id}: solusi acuan tidak lulus penilaian")
}

pub fn latihan_sudah_lulus(id: &str) -> String {
    format!(
        "✗ latihan {id}: jawaban kosong sudah dianggap benar (latihan harus mulai belum selesai)"
    )
}

pub fn varian_sama(id: &str) -> String {
    format!(
        "✗ latihan {id}: keluaran solusi sama pada dataset utama dan varian, jadi jawaban \
         yang ditulis langsung tidak akan ketahuan"
    )
}

pub fn uji_latihan_tidak_ada(berkas: impl Display, latihan: &str) -> String {
    format!("{berkas}: latihan \"{latihan}\" tidak ada di pelajaran ini")
}

pub fn uji_salah_lulus(id: &str, nomor: usize) -> String {
    format!("✗ latihan {id}: jawaban salah ke-{nomor} (uji.toml) dinilai benar")
}

pub fn uji_salah_tanpa(id: &str, nomor: usize, memuat: &str) -> String {
    format!("✗ latihan {id}: umpan balik untuk jawaban salah ke-{nomor} (uji.toml) tidak memuat \"{memuat}\":")
}

pub fn uji_benar_gagal(id: &str, nomor: usize) -> String {
    format!("✗ latihan {id}: jawaban benar ke-{nomor} (uji.toml) tidak lulus:")
}

pub fn urutan_latihan_beda(bab: &str, di_buku: &[String], di_berkas: &[String]) -> String {
    format!(
        "✗ {bab}: urutan latihan di buku ({}) tidak sama dengan urutan di pelajaran.toml ({})",
        di_buku.join(", "),
        di_berkas.join(", ")
    )
}

pub fn teknik_belum_ditunjukkan(id: &str, teknik: &[String]) -> String {
    format!(
        "✗ latihan {id}: solusi acuan memakai {} yang belum tampil di contoh sebelum latihan ini",
        teknik.join(", ")
    )
}

pub fn soal_tanpa_baris_pertama(id: &str, baris: &str) -> String {
    format!(
        "✗ latihan {id}: soal tidak menunjukkan bentuk keluaran; tambahkan blok kode berisi \
         baris pertamanya:\n    {baris}"
    )
}

pub fn tabel_dataset_tidak_ada(bab: &str) -> String {
    format!(
        "✗ {bab}: tidak ada tabel dataset latihan (| {KOLOM_KOLEKSI} | {KOLOM_DOKUMEN} | … | \
         atau | {KOLOM_TABEL} | {KOLOM_ITEM} | … |)"
    )
}

pub fn tabel_dataset_kurang(bab: &str, nama: &str) -> String {
    format!("✗ {bab}: tabel dataset tidak memuat `{nama}`")
}

pub fn tabel_dataset_asing(bab: &str, nama: &str) -> String {
    format!("✗ {bab}: tabel dataset menyebut `{nama}`, yang tidak ada di dataset utama")
}

pub fn tabel_dataset_jumlah(bab: &str, nama: &str, jumlah: usize) -> String {
    format!("✗ {bab}: tabel dataset salah menghitung `{nama}`; isinya {jumlah}")
}

pub fn tabel_dataset_field(bab: &str, nama: &str, field: &str) -> String {
    format!("✗ {bab}: tabel dataset menyebut `{field}` di `{nama}`, tetapi datanya tidak memuatnya")
}

pub fn istilah_tanpa_glosarium(bab: &str, baris: usize, istilah: &str) -> String {
    format!("✗ {bab} baris {baris}: istilah \"{istilah}\" ditandai, tetapi tidak ada di glosarium")
}

pub fn glosarium_tanpa_tanda(istilah: &str) -> String {
    format!(
        "✗ {BERKAS_GLOSARIUM}: istilah \"{istilah}\" tidak pernah ditandai \
         {TANDA_ISTILAH}…}}}} di buku"
    )
}

pub fn istilah_melenceng(sumber: &str, baris: usize, salah: &str, benar: &str) -> String {
    format!("✗ {sumber} baris {baris}: \"{salah}\"; istilah buku ini \"{benar}\"")
}

pub fn bacaan_lanjut_tidak_ada(bab: &str) -> String {
    format!("✗ {bab}: tidak ada bagian \"## {JUDUL_BACAAN_LANJUT}\" dengan tautan ke dokumentasi")
}

pub fn kalke(sumber: &str, baris: usize, salah: &str, saran: &str) -> String {
    format!("✗ {sumber} baris {baris}: \"{salah}\" terjemahan harfiah; {saran}")
}

pub fn istilah_miring(sumber: &str, baris: usize, istilah: &str) -> String {
    format!(
        "✗ {sumber} baris {baris}: istilah \"{istilah}\" dicetak miring; istilah asing \
         ditulis tegak, seperti di glosarium"
    )
}

// ---- how a chapter opens and closes, and its hints ----------------------------------

/// The labels of a chapter's opening quote block, in bold: `> **Tujuan belajar**`.
pub const LABEL_TUJUAN: &str = "Tujuan belajar";
pub const LABEL_PRASYARAT: &str = "Prasyarat";
pub const LABEL_WAKTU: &str = "Perkiraan waktu";
/// The unit the estimated time is given in: "sekitar 90 menit".
pub const SATUAN_WAKTU: &str = "menit";
pub const JUDUL_RINGKASAN: &str = "Ringkasan";
/// The section where a chapter's quiz takes place, and the REPL command that opens it.
pub const JUDUL_KUIS: &str = "Kuis bab ini";
pub const PERINTAH_KUIS: &str = ".kuis";

pub fn pembuka_tidak_ada(bab: &str) -> String {
    format!(
        "✗ {bab}: bab tidak dibuka dengan kutipan (baris berawalan >) tepat di bawah judulnya, \
         berisi **{LABEL_TUJUAN}**, **{LABEL_PRASYARAT}**, dan **{LABEL_WAKTU}**"
    )
}

pub fn pembuka_kurang(bab: &str, label: &str) -> String {
    format!("✗ {bab}: kutipan pembuka bab tidak memuat **{label}**")
}

pub fn tujuan_tanpa_butir(bab: &str) -> String {
    format!("✗ {bab}: **{LABEL_TUJUAN}** di pembuka bab perlu setidaknya satu butir (> - …)")
}

pub fn prasyarat_kosong(bab: &str) -> String {
    format!("✗ {bab}: **{LABEL_PRASYARAT}** di pembuka bab tidak menyebut apa pun")
}

pub fn waktu_tanpa_menit(bab: &str) -> String {
    format!(
        "✗ {bab}: **{LABEL_WAKTU}** di pembuka bab harus menyebut angka {SATUAN_WAKTU}, \
         misalnya \"sekitar 90 {SATUAN_WAKTU}\""
    )
}

pub fn penutup_beda(bab: &str, harap: &[&str], ada: &[String]) -> String {
    format!(
        "✗ {bab}: bab harus ditutup dengan bagian {}; bagian terakhirnya: {}",
        harap.join(" lalu "),
        ada.join(", ")
    )
}

pub fn kuis_tanpa_cara(bab: &str) -> String {
    format!("✗ {bab}: bagian \"## {JUDUL_KUIS}\" tidak menyebut `{PERINTAH_KUIS}`")
}

/// The three tiers of an exercise's hints, by number.
pub const TINGKAT_PETUNJUK: usize = 3;
pub const KATA_PETUNJUK_MAKS: usize = 160;

pub fn petunjuk_jumlah(id: &str, jumlah: usize) -> String {
    format!(
        "✗ latihan {id}: petunjuk harus tepat {TINGKAT_PETUNJUK} tingkat (gagasan, cara atau \
         operator, kode); ada {jumlah}"
    )
}

pub fn petunjuk_panjang(id: &str, tingkat: usize, kata: usize) -> String {
    format!(
        "✗ latihan {id}: petunjuk {tingkat} berisi {kata} kata; paling banyak \
         {KATA_PETUNJUK_MAKS}"
    )
}

pub fn petunjuk_gagasan_berkode(id: &str, potongan: &str) -> String {
    format!(
        "✗ latihan {id}: petunjuk 1 (gagasan) memuat kode `{potongan}`; tulis gagasannya \
         tanpa kode"
    )
}

pub fn petunjuk_cara_berkode(id: &str, potongan: &str) -> String {
    format!(
        "✗ latihan {id}: petunjuk 2 (cara) memuat kode `{potongan}`; sebut nama operator atau \
         metodenya saja, kodenya untuk petunjuk 3"
    )
}

pub fn petunjuk_tanpa_kode(id: &str) -> String {
    format!("✗ latihan {id}: petunjuk 3 tidak memuat kode; tingkat terakhir menunjukkan kodenya")
}

pub fn bagian_tidak_ada(id: &str, judul: &str) -> String {
    format!(
        "✗ latihan {id}: umpan balik menunjuk bagian «{judul}», yang bukan judul bagian \
         sebelum latihan ini (di babnya atau bab sebelumnya)"
    )
}

pub fn diperbarui(lokasi: &str) -> String {
    format!("diperbarui: {lokasi}")
}

pub fn ringkasan(contoh: usize, latihan: usize, gagal: usize) -> String {
    if gagal == 0 {
        format!("Semua lulus: {contoh} contoh dan {latihan} latihan diperiksa.")
    } else {
        format!("{gagal} kegagalan dari {contoh} contoh dan {latihan} latihan.")
    }
}

// ---- `kursus daftar` and the learner session ----------------------------------------

pub fn bilah_kemajuan(bilah: &str, selesai: usize, total: usize) -> String {
    let persen = (selesai * 100).checked_div(total).unwrap_or(0);
    format!("Kemajuan: {bilah} {selesai}/{total} latihan ({persen}%)")
}

pub fn selamat_datang(pelajaran: &str, halaman: &str, latihan: &str) -> String {
    format!(
        "Selamat datang di Kursus!\nPelajaran: {pelajaran}\nLatihan: {latihan}\n\
         Materinya ada di buku: jalankan `kursus buku --sajikan` di terminal lain dan buka \
         halaman {halaman}.\n\
         Ketik .latihan untuk membaca soal, .periksa untuk menilai jawaban, \
         .petunjuk untuk petunjuk, .bantuan untuk semua perintah titik."
    )
}

/// The answer worked in another database than the exercise's data.
pub fn basis_data_lain(dipakai: &str, seharusnya: &str) -> String {
    format!(
        "Perintah Anda bekerja di basis data {dipakai}, padahal data latihan ini ada di \
         {seharusnya}; ketik `use {seharusnya}` lalu ulangi (.ulang mengosongkan jawaban)."
    )
}

/// Moving on crossed into another lesson: its chapter is worth reading first.
pub fn masuk_bab(judul: &str, halaman: &str) -> String {
    format!(
        "Anda masuk ke pelajaran baru: {judul}. Baca babnya dulu di buku (halaman {halaman}; \
         `kursus buku --sajikan`) atau di sini dengan .bab."
    )
}

/// `.lanjut` past the last exercise while some are still to do.
pub fn akhir_kursus_belum_semua(sisa: usize) -> String {
    format!(
        "Itu latihan terakhir kursus, tetapi {sisa} latihan belum lulus; \
         berikut yang pertama di antaranya."
    )
}

/// `.latihan ID` where several lessons have an exercise `ID`.
pub fn latihan_ambigu(id: &str, calon: &[String]) -> String {
    format!(
        "Ada beberapa latihan bernama {id}: {}. Sebutkan lengkap dengan pelajarannya, \
         misalnya .latihan {}.",
        calon.join(", "),
        calon[0]
    )
}

pub const BANTUAN: &str = "Perintah titik:
  .latihan        tampilkan soal latihan saat ini
  .latihan ID     buka latihan ID (PELAJARAN/LATIHAN, atau LATIHAN saja bila hanya satu)
  .periksa        nilai jawaban Anda (perintah sejak latihan dibuka atau .ulang)
  .sunting        buka berkas model latihan rancangan di $EDITOR
  .petunjuk       tampilkan petunjuk berikutnya
  .solusi         tampilkan solusi acuan (setelah lulus)
  .ulang          kembalikan dataset ke awal dan kosongkan jawaban (juga yang tersimpan)
  .pulihkan       jalankan lagi pernyataan tersimpan latihan ini di atas dataset awal
  .lanjut         pindah ke latihan berikutnya
  .daftar         daftar pelajaran dan latihan
  .pelajaran ID   kerjakan latihan pelajaran ID (dataset latihan dimuat, jawaban dinilai)
  .bab ID         baca bab pelajaran ID: sesi bebas seperti awal contoh bab, tanpa penilaian
  .kuis [BAB]     kerjakan kuis konsep bab ini (atau bab BAB); .keluar meninggalkannya";

pub const SARAN_ULANG: &str =
    "Jawaban Anda adalah semua perintah sejak latihan dibuka. Ketik .ulang \
     untuk mengembalikan dataset dan memulai jawaban dari awal, atau .petunjuk untuk bantuan.";

pub const SARAN_LANJUT: &str =
    "Ketik .solusi untuk membandingkan dengan solusi acuan, atau .lanjut untuk latihan berikutnya.";

pub const PETUNJUK_HABIS: &str =
    "Tidak ada petunjuk lagi. Coba baca soal sekali lagi dengan .latihan.";

pub fn petunjuk(nomor: usize, total: usize, teks: &str) -> String {
    format!("Petunjuk {nomor}/{total}: {teks}")
}

pub const SOLUSI_TERKUNCI: &str =
    "Solusi acuan baru terbuka setelah latihan ini lulus. Coba .petunjuk dulu.";

pub fn solusi(teks: &str) -> String {
    format!("Solusi acuan:\n{teks}")
}

pub const ULANG: &str = "Dataset dikembalikan ke awal; jawaban Anda dikosongkan.";

/// `.ulang` when statements of earlier sessions were saved: say they are gone too.
pub fn ulang_dengan_tersimpan(jumlah: usize) -> String {
    format!("{ULANG} {jumlah} pernyataan tersimpan ikut dibuang.")
}

/// Said on opening an exercise that has statements saved from before.
pub fn ada_tersimpan(jumlah: usize) -> String {
    format!(
        "Ada {jumlah} pernyataan tersimpan dari sesi sebelumnya di latihan ini. Ketik .pulihkan \
         untuk menjalankannya lagi di atas dataset awal (lalu .periksa menilainya), atau .ulang \
         untuk membuangnya."
    )
}

pub const TIDAK_ADA_TERSIMPAN: &str = "Belum ada pernyataan tersimpan di latihan ini.";

/// After `.pulihkan`; `dilewati` statements had been stopped and were not run again.
pub fn dipulihkan(jumlah: usize, dilewati: usize) -> String {
    let mut teks = format!("{jumlah} pernyataan dipulihkan.");
    if dilewati > 0 {
        teks.push_str(&format!(
            " {dilewati} pernyataan yang dulu dihentikan (Ctrl-C atau batas) tidak dijalankan lagi."
        ));
    }
    teks
}

/// A verdict's note: stopped statements are not part of the answer.
pub fn dihentikan_dilewati(jumlah: usize) -> String {
    format!("Catatan: {jumlah} pernyataan yang dihentikan (Ctrl-C atau batas) tidak ikut dinilai.")
}

pub const PENILAIAN_DIHENTIKAN: &str =
    "Penilaian dihentikan (Ctrl-C). Sesi, data, dan jawaban Anda tetap utuh; ketik .periksa untuk menilai lagi.";

pub const PEMULIHAN_DIHENTIKAN: &str =
    "Pemulihan dihentikan (Ctrl-C). Pernyataan tersimpan tetap ada; ketik .pulihkan untuk mencoba lagi.";

/// The progress file could not be written after a statement: the learner must know.
pub fn kerja_tidak_tersimpan(sebab: impl Display) -> String {
    format!("Peringatan: pernyataan tadi tidak dapat disimpan ({sebab}).")
}

pub fn pindah_latihan(id: &str, judul: &str) -> String {
    format!("Latihan {id}: {judul}\n(dataset sudah dimuat; ketik .latihan untuk soalnya)")
}

pub fn sapaan_bab(id: &str, judul: &str) -> String {
    format!(
        "Selamat datang di Kursus!\nBab: {judul} ({id})\n\
         Sesi ini dimulai seperti contoh-contoh bab itu; ketik contohnya berurutan. \
         Tidak ada yang dinilai di sini: .lanjut membuka latihannya, .bantuan untuk semua perintah titik."
    )
}

pub fn pindah_bab(id: &str, judul: &str) -> String {
    format!(
        "Bab {id}: {judul}\n(sesi dimulai seperti contoh bab itu; tidak ada yang dinilai, .lanjut membuka latihannya)"
    )
}

pub fn bab_tidak_dinilai(id: &str) -> String {
    format!(
        "Sesi bab {id} tidak punya latihan yang dinilai. Ketik .lanjut atau .pelajaran {id} untuk mengerjakan latihannya."
    )
}

pub const BAB_PERLU_ID: &str = "Tulis id pelajarannya, misalnya: .bab banyak-ke-banyak";

pub const ULANG_BAB: &str = "Sesi bab dikembalikan ke awal.";

pub const KURSUS_SELESAI: &str = "Selamat, semua latihan sudah selesai! 🎉";

pub fn perintah_titik_tidak_dikenal(perintah: &str) -> String {
    format!("Perintah {perintah} tidak dikenal. Ketik .bantuan untuk daftar perintah titik.")
}

pub const PELAJARAN_PERLU_ID: &str = "Tulis id pelajarannya, misalnya: .pelajaran banyak-ke-banyak";

pub fn soal(id: &str, judul: &str, teks: &str, petunjuk: usize) -> String {
    format!("Latihan {id}: {judul}\n\n{teks}\n\n({petunjuk} petunjuk tersedia lewat .petunjuk)")
}

// ---- the book -----------------------------------------------------------------------

/// The words of the book's syntax that authors type: ```` ```js kursus ```` marks an
/// executed example, ```` ```text keluaran ```` its output, `{{#latihan ID}}` an exercise.
pub const PENANDA_CONTOH: &str = "kursus";
pub const PENANDA_KELUARAN: &str = "keluaran";
pub const DIREKTIF_LATIHAN: &str = "{{#latihan";

/// A term the book explains, inline: `{{#istilah item collection}}`.
pub const TANDA_ISTILAH: &str = "{{#istilah ";
pub const BERKAS_GLOSARIUM: &str = "glosarium.md";
pub const HALAMAN_GLOSARIUM: &str = "glosarium.html";
pub const JUDUL_BACAAN_LANJUT: &str = "Bacaan lanjut";

/// The header of a chapter's dataset table: `| koleksi | dokumen | field | … |` or
/// `| tabel | item | atribut | … |`.
pub const KOLOM_KOLEKSI: &str = "koleksi";
pub const KOLOM_DOKUMEN: &str = "dokumen";
pub const KOLOM_TABEL: &str = "tabel";
pub const KOLOM_ITEM: &str = "item";
pub const KOLOM_FIELD: &str = "field";
pub const KOLOM_ATRIBUT: &str = "atribut";

pub const LABEL_KELUARAN: &str = "Keluaran";
pub const LABEL_LATIHAN: &str = "Latihan";
pub const LABEL_BUKA: &str = "Kerjakan di terminal:";

/// The two ways to open exercise `id`, as the exercise box shows them.
pub fn cara_buka_latihan(id: &str) -> String {
    format!(
        "cargo run --release -- --latihan {id}   # dari folder repositori\n\
         kursus --latihan {id}                   # setelah cargo install --path runner"
    )
}
pub const LABEL_PETUNJUK: &str = "Petunjuk";

pub fn buku_selesai(folder: impl Display) -> String {
    format!("Buku selesai dibangun di {folder}")
}

pub fn bundel_web_disalin(folder: impl Display) -> String {
    format!("Bundel WebAssembly disalin ke {folder}")
}

pub const BUNDEL_WEB_TIDAK_ADA: &str = "Bundel WebAssembly belum dibangun (`cargo xtask web`); \
     buku tetap dapat dibaca, hanya contohnya belum dapat dijalankan di halaman.";

pub fn buku_disajikan(alamat: impl Display) -> String {
    format!("Buku disajikan di http://{alamat}/ (Ctrl-C untuk berhenti)")
}

/// The body of the book server's 404 page.
pub const HALAMAN_TIDAK_ADA: &str = "Halaman ini tidak ada di buku.";

/// `--impor` of a progress from a newer (or unknown) version of the course.
pub const IMPOR_VERSI_LAIN: &str = "Kemajuan yang diimpor berasal dari versi kursus yang lebih \
     baru atau tidak dikenal; perbarui kursus lalu impor lagi. Kemajuan di sini tidak diubah.";
/// `--impor` of a file that is not a progress export.
pub const IMPOR_RUSAK: &str =
    "Berkas itu bukan ekspor kemajuan kursus yang utuh. Kemajuan di sini tidak diubah.";

/// What an import added to the progress here.
pub fn impor_selesai(lulus: usize, petunjuk: usize, tersimpan: usize) -> String {
    if lulus + petunjuk + tersimpan == 0 {
        return "Kemajuan diimpor: tidak ada yang baru, semuanya sudah tercatat di sini."
            .to_string();
    }
    format!(
        "Kemajuan diimpor dan digabungkan: {lulus} latihan lulus baru, {petunjuk} hitungan \
         petunjuk bertambah, {tersimpan} latihan mendapat pekerjaan tersimpan yang lebih baru."
    )
}

/// `--ekspor`: where the progress went.
pub fn ekspor_selesai(berkas: impl Display) -> String {
    format!(
        "Kemajuan diekspor ke {berkas}; impor di peramban atau komputer lain dengan berkas itu."
    )
}
