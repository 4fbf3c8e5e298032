//! The texts of design exercises (`rancangan`): grading a learner's model on generated
//! data, the starter file and `.sunting`.

use std::fmt::Display;

// ---- the author's side ----------------------------------------------------------------

pub fn acuan_gagal(sebab: &str) -> String {
    format!("rencana acuan latihan rancangan gagal dibuat: {sebab}")
}

pub fn ubah_tanpa_sesudah(pola: &str) -> String {
    format!(
        "pola ubah `{pola}` belum punya `sesudah`: pola baca mana yang harus melihat perubahannya?"
    )
}

pub fn rancangan_tanpa_spesifikasi(berkas: impl Display, latihan: &str) -> String {
    format!(
        "{berkas}: latihan `{latihan}` berpenilaian \"rancangan\" harus punya tabel \
         [latihan.rancangan] (dan sebaliknya)"
    )
}

pub fn awal_lulus(id: &str) -> String {
    format!("✗ {id}: berkas awal (berisi TODO) sudah lulus; pemeriksaannya terlalu longgar")
}

// ---- verdicts -----------------------------------------------------------------------------

pub fn data_uji(miring: bool, catatan: usize) -> String {
    if miring {
        format!("data uji miring ({catatan} catatan; satu entitas jauh lebih besar dari yang lain)")
    } else {
        format!("data uji utama ({catatan} catatan)")
    }
}

pub fn model_belum_lulus(data: &str) -> String {
    format!("✗ Model Anda belum lulus pada {data}:")
}

pub fn butir(teks: &str) -> String {
    format!("  • {teks}")
}

pub fn lulus_dengan_angka(dokumen: usize, terpanjang: usize, tabel: bool) -> String {
    let wadah = if tabel { "item" } else { "dokumen" };
    // A model that stores no array is told nothing about arrays.
    let array = match terpanjang {
        0 => String::new(),
        n => format!(", array terpanjang {n} elemen"),
    };
    format!(
        "Semua pola akses menjawab benar dalam anggarannya pada kedua data uji; \
         {wadah} terbesar {dokumen} byte{array}."
    )
}

pub fn model_galat(baris: usize, teks: &str) -> String {
    format!("berkas model gagal dijalankan di baris {baris}: {teks}")
}

pub fn kontrak_kurang(kurang: &[String]) -> String {
    format!(
        "berkas model belum mendefinisikan {}; kontraknya: simpan(catatan), siapkan(), \
         dan pola.<nama>(…) untuk setiap pola akses",
        kurang.join(", ")
    )
}

pub fn siapkan_galat(teks: &str) -> String {
    format!("siapkan() melempar galat: {teks}")
}

pub fn simpan_galat(nomor: usize, catatan: &str, teks: &str) -> String {
    format!("simpan() gagal pada catatan ke-{nomor} {catatan}: {teks}")
}

pub fn pola_galat(pola: &str, argumen: &str, teks: &str) -> String {
    format!("pola `{pola}`({argumen}) melempar galat: {teks}")
}

pub fn jawaban_beda(pola: &str, argumen: &str, harap: &str, dapat: &str, bagian: &str) -> String {
    format!(
        "pola `{pola}`({argumen}) mengembalikan {dapat}, seharusnya {harap} \
         (bentuk dan urutan hasil ikut dinilai); lihat bagian {bagian}"
    )
}

pub fn jawaban_beda_sesudah(pola: &str, ubah: &str) -> String {
    format!("(sesudah pola ubah `{ubah}`, pola `{pola}` harus melihat perubahannya)")
}

pub fn tanpa_bacaan(pola: &str, tabel: bool) -> String {
    let apa = if tabel {
        "satu pun permintaan baca (Query/GetItem)"
    } else {
        "satu pun perintah baca (find/aggregate)"
    };
    format!(
        "pola `{pola}` menjawab tanpa {apa}: jawabannya harus dibaca dari basis data. \
         Setiap pola baca dijalankan dengan variabel global yang baru (berkas model \
         dijalankan ulang), jadi isi variabel JavaScript dari saat `simpan` tidak ada lagi"
    )
}

pub fn panjang_beda(dapat: usize, harap: usize) -> String {
    format!("(array jawabannya berisi {dapat} elemen, seharusnya {harap})")
}

pub fn elemen_beda(nomor: usize, dapat: &str, harap: &str) -> String {
    format!("(elemen ke-{nomor} jawabannya {dapat}, seharusnya {harap})")
}

pub fn anggaran_lebih(
    pola: &str,
    dipakai: usize,
    batas: usize,
    tabel: bool,
    bagian: &str,
) -> String {
    let apa = if tabel {
        "permintaan baca (Query/GetItem)"
    } else {
        "perintah baca (find/aggregate)"
    };
    format!("pola `{pola}` memakai {dipakai} {apa}, anggarannya {batas}; lihat bagian {bagian}")
}

pub fn pakai_scan(pola: &str, n: usize, bagian: &str) -> String {
    format!(
        "pola `{pola}` memakai Scan ({n} kali): Scan membaca seluruh tabel, padahal Query \
         dengan kunci yang tepat cukup; lihat bagian {bagian}"
    )
}

pub fn tanpa_indeks(pola: &str, ns: &str, bagian: &str) -> String {
    format!(
        "pola `{pola}` membaca {ns} tanpa indeks (COLLSCAN): buat indeks untuk field yang \
         dicari di siapkan(); lihat bagian {bagian}"
    )
}

pub fn indeks_tak_terpakai(pola: &str, ns: &str, bagian: &str) -> String {
    format!(
        "pola `{pola}` membaca seluruh {ns} (COLLSCAN) padahal koleksi itu punya indeks \
         selain `_id`: query-nya tidak memakainya. Indeks hanya menolong bila field yang \
         disaring ada di awal kuncinya dan `$match` datang di awal pipeline, sebelum `$unwind` \
         atau `$lookup`; lihat bagian {bagian}"
    )
}

pub fn match_terlambat(pola: &str, ns: &str, tahap: &str, bagian: &str) -> String {
    format!(
        "pola `{pola}` membaca seluruh {ns} (COLLSCAN): `$match`-nya baru datang sesudah \
         `{tahap}`, dan tahap apa pun sebelum `$match` bekerja pada seluruh koleksi tanpa \
         indeks. Saring dulu: letakkan `$match` di awal pipeline, lalu `{tahap}` dan tahap \
         lainnya; lihat bagian {bagian}"
    )
}

pub fn baca_lebih(pola: &str, dibaca: u64, hasil: u64, tabel: bool, bagian: &str) -> String {
    let apa = if tabel { "item" } else { "dokumen" };
    format!(
        "pola `{pola}` memeriksa {dibaca} {apa} untuk {hasil} hasil: kunci atau indeksnya \
         belum mengarah langsung ke yang dicari; lihat bagian {bagian}"
    )
}

pub fn terima_lebih(pola: &str, diterima: u64, hasil: u64, bagian: &str) -> String {
    format!(
        "pola `{pola}` menerima {diterima} dokumen dari server untuk {hasil} hasil: \
         penyaringan atau pemotongan di JavaScript tetap membaca semuanya, biarkan query \
         yang menyaring; lihat bagian {bagian}"
    )
}

pub fn dokumen_besar(byte: usize, batas: usize, tempat: &str, tabel: bool, bagian: &str) -> String {
    let apa = if tabel { "item" } else { "dokumen" };
    format!(
        "{apa} terbesar sesudah dimuat ({tempat}) berukuran {byte} byte, batasnya {batas}: \
         data yang tumbuh tanpa batas jangan ditanam di induknya; lihat bagian {bagian}"
    )
}

pub fn larik_panjang(n: usize, batas: usize, field: &str, bagian: &str) -> String {
    format!(
        "array terpanjang sesudah dimuat ({field}) berisi {n} elemen, batasnya {batas}: \
         array harus ada di sisi yang terbatas; lihat bagian {bagian}"
    )
}

pub fn tulis_beda(pola: &str, argumen: &str, n: usize, tabel: bool, bagian: &str) -> String {
    let apa = if tabel { "item" } else { "dokumen" };
    // The single-source sentence fits only a fact found in more than one place.
    let sebab = if n > 1 {
        "setiap fakta disimpan di satu tempat"
    } else {
        "perubahannya tidak sampai ke data"
    };
    format!(
        "pola ubah `{pola}`({argumen}) mengubah {n} {apa}, seharusnya tepat satu: {sebab}; \
         lihat bagian {bagian}"
    )
}

pub fn sebaran_sempit(
    jatuh: usize,
    total: usize,
    partisi: &str,
    batas: f64,
    bagian: &str,
) -> String {
    let persen = jatuh as f64 * 100.0 / total.max(1) as f64;
    format!(
        "tulisan tenant panas: {jatuh} dari {total} item ({persen:.0}%) jatuh ke satu \
         partition key ({partisi}), batasnya {:.0}%: throughput DynamoDB dibatasi per \
         partisi, jadi tulisan tenant besar harus disebar (write sharding); lihat bagian {bagian}",
        batas * 100.0
    )
}

pub fn jendela_sempit(jatuh: usize, total: usize, partisi: &str, bagian: &str) -> String {
    format!(
        "tulisan tenant panas: {jatuh} dari {total} tulisan berturut-turut jatuh ke satu \
         partition key ({partisi}), batasnya separuh: beban sesaat juga harus tersebar, jadi \
         tulisan yang berdekatan jangan diisi ke kunci yang sama bergiliran per blok; lihat \
         bagian {bagian}"
    )
}

// ---- the learner's file ---------------------------------------------------------------------

pub fn berkas_rancangan(path: impl Display) -> String {
    format!(
        "Latihan rancangan: model Anda ditulis di berkas {path}\n\
         Buka dengan `.sunting` (memakai $EDITOR), lalu nilai dengan `.periksa`."
    )
}

pub fn berkas_tidak_terbaca(path: impl Display, sebab: impl Display) -> String {
    format!("berkas model {path} tidak dapat dibaca ({sebab})")
}

pub fn berkas_tidak_tertulis(path: impl Display, sebab: impl Display) -> String {
    format!("berkas awal {path} tidak dapat ditulis ({sebab})")
}

pub const BUKAN_RANCANGAN: &str =
    ".sunting hanya untuk latihan rancangan; latihan ini dijawab langsung di REPL.";

pub fn editor_gagal(editor: &str, sebab: impl Display) -> String {
    format!("editor `{editor}` tidak dapat dijalankan ({sebab}); sunting berkasnya sendiri lalu ketik .periksa")
}

pub fn tanpa_editor(path: impl Display) -> String {
    format!("$EDITOR belum diatur; sunting {path} dengan editor Anda, lalu ketik .periksa")
}

pub fn selesai_menyunting(path: impl Display) -> String {
    format!("Berkas {path} disimpan. Ketik .periksa untuk menilainya.")
}

pub const SARAN_SUNTING: &str =
    "Perbaiki model Anda dengan .sunting (atau editor Anda sendiri), lalu ketik .periksa lagi.";
