//! The chapter quizzes: questions, verdicts, scores, and what `periksa` says of a
//! quiz file.

// ---- Membaca berkas ---------------------------------------------------------------

pub fn jenis_tidak_dikenal(id: &str, jenis: &str) -> String {
    format!(
        "soal `{id}`: jenis `{jenis}` tidak dikenal (pilih salah satu: pilihan, rancangan, \
         tebak, isian)"
    )
}

pub fn kunci_bukan_jenis(id: &str, kunci: &str, jenis: &str) -> String {
    format!("soal `{id}`: kunci `{kunci}` bukan milik soal berjenis {jenis}")
}

pub fn kunci_kurang(id: &str, kunci: &str, jenis: &str) -> String {
    format!("soal `{id}`: soal berjenis {jenis} perlu kunci `{kunci}`")
}

// ---- Menjawab -----------------------------------------------------------------------

pub const JAWABAN_KOSONG: &str = "Belum ada jawaban. Ketik jawaban Anda, atau .keluar.";
pub const BENAR: &str = "✓ Benar.";
pub const BELUM_TEPAT: &str = "✗ Belum tepat.";
pub const MASIH_ADA_YANG_BENAR: &str =
    "Yang Anda pilih benar, tetapi masih ada pilihan benar lain yang belum dipilih.";

pub fn huruf_tidak_dikenal(huruf: char, terakhir: char) -> String {
    format!("`{huruf}` bukan pilihan soal ini: pakai huruf a sampai {terakhir}.")
}

pub fn umpan_pilihan(huruf: char, umpan: &str) -> String {
    format!("  {huruf}) {}", umpan.trim())
}

pub fn judul_soal(nomor: usize, jumlah: usize, beberapa: bool) -> String {
    let catatan = if beberapa {
        " (pilih semua yang benar)"
    } else {
        ""
    };
    format!("Soal {nomor} dari {jumlah}{catatan}")
}

pub fn cara_menjawab(pilihan: bool) -> String {
    if pilihan {
        "Jawab dengan huruf (a, atau a,c untuk beberapa); .keluar untuk berhenti.".to_string()
    } else {
        "Ketik jawaban Anda; .keluar untuk berhenti.".to_string()
    }
}

// ---- Nilai dan jawaban --------------------------------------------------------------

pub fn tanpa_kuis(bab: &str) -> String {
    format!("Bab {bab} belum punya kuis.")
}

pub fn pembuka_kuis(bab: &str, ditanya: usize, jumlah: usize) -> String {
    if ditanya == jumlah {
        format!("Kuis bab {bab}: {jumlah} soal. Setiap soal dinilai utuh: benar semua atau belum.")
    } else {
        format!("Kuis bab {bab}: {ditanya} dari {jumlah} soal yang belum benar.")
    }
}

pub fn nilai(benar: usize, jumlah: usize) -> String {
    format!("Nilai kuis: {benar} dari {jumlah} benar.")
}

pub fn semua_benar(jumlah: usize) -> String {
    format!("Semua {jumlah} soal kuis bab ini sudah Anda jawab benar.")
}

pub const KUIS_TUNTAS: &str = "Semua soal benar. Kuis selesai.";
pub const KUIS_DITINGGALKAN: &str =
    "Kuis ditinggalkan; jawaban yang sudah masuk tetap tercatat. `.kuis` melanjutkannya.";
pub const PILIHAN_AKHIR_KUIS: &str = "Ketik `ulang` untuk menjawab lagi soal yang belum benar, \
     atau `jawaban` untuk melihat semua jawaban beserta penjelasannya (sesudah itu kuis bab \
     ini tidak bisa diulang lagi); .keluar untuk berhenti.";
pub const JAWABAN_SUDAH_DILIHAT: &str =
    "Jawaban kuis bab ini sudah Anda lihat, jadi nilainya tidak berubah lagi.";

pub fn judul_jawaban(nomor: usize, id: &str) -> String {
    format!("{nomor}. {id}")
}

pub fn jawaban_huruf(huruf: &[char]) -> String {
    let daftar: Vec<String> = huruf.iter().map(char::to_string).collect();
    format!("Jawaban: {}", daftar.join(", "))
}

pub fn batas_syarat(batas: &str) -> String {
    format!("Batas syaratnya: {batas}.")
}

pub fn jawaban_keluaran(keluaran: &str) -> String {
    format!("Yang dicetak: {}", keluaran.trim())
}

pub fn jawaban_isian(jawaban: &[String]) -> String {
    let utama = jawaban.first().map(String::as_str).unwrap_or_default();
    if jawaban.len() > 1 {
        format!(
            "Jawaban: {utama} (diterima juga: {})",
            jawaban[1..].join(", ")
        )
    } else {
        format!("Jawaban: {utama}")
    }
}

pub fn baris_daftar_kuis(benar: usize, jumlah: usize, dilihat: bool) -> String {
    let catatan = if dilihat {
        ", jawaban sudah dilihat"
    } else {
        ""
    };
    format!("  kuis: {benar}/{jumlah} benar{catatan}")
}

pub const DAFTAR_KUIS_BELUM: &str = "  kuis: belum dikerjakan (.kuis)";

// ---- Kuis di buku ---------------------------------------------------------------------

pub const LABEL_JAWAB: &str = "Jawab";
pub const LABEL_ULANG_KUIS: &str = "Ulang soal yang belum benar";
pub const LABEL_LIHAT_JAWABAN: &str = "Lihat jawaban";
pub const LABEL_ISIAN: &str = "Jawaban Anda";
pub const LABEL_TEBAK: &str = "Yang dicetak pernyataan itu";
pub const CATATAN_LIHAT_JAWABAN: &str = "*Lihat jawaban* menampilkan jawaban setiap soal \
     beserta penjelasannya. Sesudah itu nilai kuis bab ini tidak berubah lagi, jadi coba \
     dulu soal yang belum benar dengan *Ulang soal yang belum benar*.";

pub fn pembuka_kuis_buku(jumlah: usize, diulang: usize) -> String {
    let ulang = if diulang > 0 {
        format!(", {diulang} di antaranya dari bab sebelumnya")
    } else {
        String::new()
    };
    format!(
        "Periksa pemahaman Anda: {jumlah} soal{ulang}. Setiap soal dinilai utuh, benar semua \
         atau belum, dan hasilnya tersimpan di kemajuan Anda (sama dengan `.kuis` di terminal)."
    )
}

pub fn ringkasan_model(huruf: char) -> String {
    format!("Model rancangan {huruf}")
}

// ---- kursus periksa -----------------------------------------------------------------

pub fn bab_tanpa_kuis(bab: &str) -> String {
    format!("✗ kuis {bab}: bab ini belum punya lessons/{bab}/kuis.toml")
}

pub fn kuis_kurang(bab: &str, soal: usize, konsep: usize, rancangan: usize) -> String {
    format!(
        "✗ kuis {bab}: {soal} soal, {konsep} konseptual, {rancangan} rancangan; perlu paling \
         sedikit 6 soal, separuhnya konseptual (konsep = true), dan satu soal rancangan bila \
         bab ini punya latihan rancangan"
    )
}

pub fn id_ganda(bab: &str, id: &str) -> String {
    format!("✗ kuis {bab}: id soal `{id}` dipakai lebih dari sekali")
}

pub fn ulang_tak_ada(bab: &str, id: &str) -> String {
    format!("✗ kuis {bab}: `ulang` menyebut `{id}`, yang bukan soal kuis bab sebelumnya")
}

pub fn ulang_berapa(bab: &str, n: usize) -> String {
    format!("✗ kuis {bab}: `ulang` menyebut {n} soal bab sebelumnya; mestinya satu atau dua")
}

pub fn pilihan_salah_bentuk(soal: &str, n: usize) -> String {
    format!("✗ kuis {soal}: {n} pilihan; mestinya 2 sampai 5, paling sedikit satu yang benar")
}

pub fn pilihan_tanpa_umpan(soal: &str, huruf: char) -> String {
    format!("✗ kuis {soal}: pilihan {huruf} tanpa teks atau tanpa umpan balik")
}

pub fn isian_tanpa_jawaban(soal: &str) -> String {
    format!("✗ kuis {soal}: tidak ada jawaban yang diterima")
}

pub fn keluaran_basi(soal: &str, tertulis: &str, sebenarnya: &str) -> String {
    format!(
        "✗ kuis {soal}: keluaran tertulis\n{}\n  tetapi pernyataannya mencetak\n{}",
        indent(tertulis),
        indent(sebenarnya)
    )
}

pub fn latihan_rancangan_tak_ada(soal: &str, latihan: &str) -> String {
    format!("✗ kuis {soal}: `{latihan}` bukan latihan rancangan bab ini")
}

pub fn syarat_pola_salah(soal: &str, pola: Option<&str>) -> String {
    match pola {
        Some(p) => format!(
            "✗ kuis {soal}: syarat menyebut pola `{p}`, yang tidak ada di latihan itu atau tidak \
             dipakai ukuran ini (ukuran `larik` dan `dokumen` tidak per pola)"
        ),
        None => format!("✗ kuis {soal}: ukuran ini diukur per pola; sebutkan `pola` di syarat"),
    }
}

pub fn kandidat_gagal(soal: &str, huruf: char, sebab: &str) -> String {
    format!("✗ kuis {soal}: kandidat {huruf} gagal dimuat: {sebab}")
}

pub fn kandidat_basi(
    soal: &str,
    huruf: char,
    (memenuhi, angka): (bool, &str),
    (tertulis, angka_tertulis): (bool, &str),
    benar: bool,
) -> String {
    let jawab = if benar {
        "menjawab semua panggilan dengan benar"
    } else {
        "ada panggilan yang jawabannya salah"
    };
    format!(
        "✗ kuis {soal}: kandidat {huruf} terukur memenuhi = {memenuhi}, angka = {angka} ({jawab}), \
         tetapi tertulis memenuhi = {tertulis}, angka = {angka_tertulis}"
    )
}

pub fn kandidat_seragam(soal: &str) -> String {
    format!(
        "✗ kuis {soal}: semua kandidat sama-sama memenuhi atau sama-sama tidak; soal rancangan \
         perlu paling sedikit satu dari masing-masing"
    )
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
