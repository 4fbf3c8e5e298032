//! One Indonesian line after the engine errors learners meet most, saying what to check.
//! The English line above it stays exactly as mongosh or AWS prints it; the console adds
//! these only in interactive course sessions (never piped, in `kursus jalankan`, or in
//! anything graded). Most were picked from the wrong sample answers in
//! `lessons/*/uji.toml`, the rest from the mistakes the book warns about.

/// (every fragment the error's text must contain, the line to add); the first row whose
/// fragments all match wins, so specific rows come before general ones.
const SARAN: &[(&[&str], &str)] = &[
    (&["E11000 duplicate key error"], "Nilai kunci itu sudah dipakai dokumen lain (_id atau indeks unik): pakai nilai lain, atau ubah dokumen yang ada dengan updateOne."),
    (&["Unrecognized pipeline stage name"], "Nama tahap pipeline itu tidak dikenal: periksa ejaan dan huruf besar-kecilnya ($match, $group, $lookup, $unwind, …)."),
    (&["$lookup requires either"], "$lookup memerlukan from dan as, ditambah localField bersama foreignField (atau pipeline)."),
    (&["must be an accumulator object"], "Setiap field $group selain _id harus berupa akumulator, misalnya { $sum: 1 } atau { $push: \"$nama\" }."),
    (&["unknown top level operator"], "Operator itu tidak boleh berdiri di tingkat atas filter: letakkan di dalam field, misalnya { ipk: { $gt: 3 } }."),
    (&["unknown operator"], "Operator query itu tidak dikenal: periksa ejaannya (misalnya $gt, $in, $elemMatch, $exists)."),
    (&["$not needs a regex or a document"], "$not membungkus operator lain, misalnya { ipk: { $not: { $gt: 3 } } }."),
    (&["needs an array"], "$in, $nin, dan $all memerlukan array nilai, misalnya { $in: [\"Bandung\", \"Medan\"] }."),
    (&["must be an array but is of type"], "$push, $addToSet, dan $pull hanya bekerja pada field yang isinya array."),
    (&["inclusion projection"], "Proyeksi tidak boleh mencampur 1 dan 0; satu-satunya pengecualian adalah _id: 0."),
    (&["exclusion projection"], "Proyeksi tidak boleh mencampur 1 dan 0; satu-satunya pengecualian adalah _id: 0."),
    (&["Update document requires atomic operators"], "Ubahan pada updateOne/updateMany harus memakai operator seperti $set; untuk mengganti seluruh dokumen pakai replaceOne."),
    (&["would create a conflict at"], "Dua operator dalam satu ubahan menyentuh path yang sama: pisahkan menjadi dua perintah."),
    (&["reserved keyword"], "Nama atribut itu kata cadangan DynamoDB: tulis #nama di ekspresi dan isi ExpressionAttributeNames, misalnya { '#n': 'name' }."),
    (&["missed key schema element"], "KeyConditionExpression harus memuat partition key dengan =; sort key boleh memakai =, <, >, BETWEEN, atau begins_with."),
    (&["Query key condition not supported"], "KeyConditionExpression harus memuat partition key dengan =; sort key boleh memakai =, <, >, BETWEEN, atau begins_with."),
    (&["The provided key element does not match the schema"], "Key harus memuat tepat atribut kunci tabel: partition key, dan sort key bila tabelnya punya, tanpa atribut lain."),
    (&["unused in expressions"], "Ada nilai di ExpressionAttributeValues (atau nama di ExpressionAttributeNames) yang tidak dipakai ekspresi mana pun: hapus atau pakai."),
    (&["used in", "is not defined"], "Ekspresi memakai :nilai atau #nama yang belum diisi di ExpressionAttributeValues atau ExpressionAttributeNames."),
    (&["ConditionalCheckFailedException"], "ConditionExpression tidak terpenuhi, jadi tidak ada yang ditulis: periksa syarat dan nilai yang diharapkan."),
    (&["ResourceNotFoundException"], "Tabel itu tidak ada: periksa TableName (huruf besar-kecil berpengaruh); dynamodb.listTables() menampilkan daftarnya."),
    (&["Cannot read properties of null"], "Nilainya null karena tidak ada dokumen yang cocok: periksa filter dan nama koleksinya sebelum membaca field-nya."),
    (&["is not a function"], "Metode itu tidak ada: periksa ejaan dan huruf besar-kecilnya (misalnya findOne, bukan findone)."),
    (&["ReferenceError", "is not defined"], "Nama itu belum dikenal: periksa ejaannya, apakah teks perlu tanda kutip, atau apakah variabelnya sudah dibuat dengan const atau let."),
    (&["SyntaxError"], "Susunan kodenya belum sah: periksa pasangan kurung, kurawal, tanda kutip, dan koma di sekitar posisi yang disebut."),
];

/// What to check after an error whose printed text is `galat`, if it is a known one.
pub fn saran(galat: &str) -> Option<&'static str> {
    SARAN
        .iter()
        .find(|(bagian, _)| bagian.iter().all(|b| galat.contains(b)))
        .map(|(_, saran)| *saran)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specific_rows_win_over_general_ones() {
        let dynamo = "ValidationException: Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :p";
        assert!(saran(dynamo).unwrap().contains("ExpressionAttributeValues"));
        let js = "ReferenceError: susi is not defined";
        assert!(saran(js).unwrap().starts_with("Nama itu belum dikenal"));
        assert_eq!(saran("MongoServerError: something new"), None);
    }
}
