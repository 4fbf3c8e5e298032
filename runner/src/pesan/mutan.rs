//! Names of the generated wrong answers (`course::mutant`), as `kursus periksa` prints
//! them and `uji.toml` lists the equivalent ones under `[[latihan.setara]]`.

pub const TANPA_URUTAN: &str = "tanpa urutan";
pub const SCAN_BUKAN_QUERY: &str = "Scan dengan FilterExpression, bukan Query";
pub const BACA_SEMUA: &str = "semua data dibaca dulu";
pub const KELUARAN_DIKETIK: &str = "keluaran diketik langsung";
pub const KELUARAN_DI_VARIABEL: &str = "keluaran disimpan di variabel";

pub fn urutan_menurut(field: &str, kunci: &str) -> String {
    format!("urutan menurut {field}, bukan {kunci}")
}

pub fn urutan_dibalik(kunci: &str) -> String {
    format!("urutan {kunci} dibalik")
}

pub fn syarat_dibuang(kunci: &str) -> String {
    format!("syarat {kunci} dibuang")
}

pub fn tanpa(kunci: &str) -> String {
    format!("tanpa {kunci}")
}

pub fn bukan(dipakai: &str, semestinya: &str) -> String {
    format!("{dipakai}, bukan {semestinya}")
}

pub fn klien_lain(dipakai: &str, semestinya: &str) -> String {
    format!("klien {dipakai}, bukan {semestinya}")
}
