//! Acceptance of grading that judges the answer (issue 11): typical answers piped into
//! `kursus --latihan …` on the real lessons, then `.periksa`. Answers reached after
//! exploring, after an `explain`, or through a loop pass; answers that only look right
//! fail with a message that says why and names the statement it judged.

use crate::support::learner_session;
use kursus::pesan;

/// Types `answer` at `exercise` (after `use kampus` for the MongoDB lessons, as the
/// chapters start), then `.periksa`; returns everything the session printed.
fn check(exercise: &str, answer: &str) -> String {
    let data = tempfile::tempdir().expect("temp dir");
    let use_db = if exercise.starts_with("dynamodb") {
        ""
    } else {
        "use kampus\n"
    };
    let input = format!("{use_db}{}\n.periksa\n", answer.trim());
    learner_session(data.path(), exercise, &input)
}

fn assert_passes(out: &str, graded: usize) {
    assert!(out.contains(pesan::LULUS), "{out}");
    assert_names(out, &graded_statement(graded));
}

/// The verdict failed, says every piece of `why` and names `statement`.
fn assert_fails(out: &str, why: &[&str], statement: &str) {
    assert!(!out.contains(pesan::LULUS), "{out}");
    for piece in why {
        assert!(out.contains(piece), "missing {piece:?} in:\n{out}");
    }
    assert_names(out, statement);
}

fn assert_names(out: &str, statement: &str) {
    assert!(out.contains(statement), "missing {statement:?} in:\n{out}");
}

/// How a verdict names a statement, up to where the statement's text begins;
/// statements are counted as typed, `use kampus` included.
fn named(text: String) -> String {
    let cut = text.find(MARK).unwrap_or(text.len());
    text[..cut].to_string()
}

const MARK: &str = "\u{1}";

fn graded_statement(n: usize) -> String {
    named(pesan::jawaban_dinilai(n, MARK))
}

fn culprit(n: usize) -> String {
    named(pesan::pernyataan_pelanggar(n, MARK))
}

fn last_change(n: usize) -> String {
    named(pesan::perubahan_terakhir(n, MARK))
}

// ---- answers that must pass ---------------------------------------------------------

#[test]
fn answer_after_exploring_passes() {
    let out = check(
        "embedding-referencing/cari-kota",
        r#"db.mahasiswa.findOne()
db.mahasiswa.find({ "alamat.kota": "Bandung" }).count()
db.mahasiswa.find({ "alamat.kota": "Bandung" }, { _id: 0, nama: 1, nim: 1 }).sort({ nim: 1 })"#,
    );
    assert_passes(&out, 4);
}

#[test]
fn answer_after_explain_passes() {
    let out = check(
        "banyak-ke-banyak/peserta-kuliah",
        r#"db.mahasiswa.find({ mataKuliahId: "TSA301" }).explain("executionStats")
db.mahasiswa.createIndex({ mataKuliahId: 1 })
db.mahasiswa.find({ mataKuliahId: "TSA301" }, { _id: 1, nama: 1 }).explain("executionStats")
db.mahasiswa.find({ mataKuliahId: "TSA301" }, { _id: 1, nama: 1 })"#,
    );
    assert_passes(&out, 5);
}

#[test]
fn query_in_a_loop_collected_into_an_array_passes() {
    let out = check(
        "banyak-ke-banyak/peserta-kuliah",
        r#"db.mahasiswa.createIndex({ mataKuliahId: 1 })
const peserta = []
for (const m of db.mahasiswa.find({ mataKuliahId: "TSA301" }, { nama: 1 }).toArray()) peserta.push(m)
peserta"#,
    );
    assert_passes(&out, 5);
}

#[test]
fn dynamodb_queries_in_a_for_loop_summed_into_a_variable_pass() {
    let out = check(
        "dynamodb-satu-ke-banyak/fan-out-shard",
        r#"let total = 0
for (let i = 1; i <= 10; i++) { total += ddb.query({ TableName: 'AppDataSharded', KeyConditionExpression: 'EntityRef = :er AND begins_with(Detail, :p)', ExpressionAttributeValues: { ':er': 'WS#acme#' + String(i).padStart(2, '0'), ':p': 'EVT#2026-03-18' }, Select: 'COUNT' }).Count }
total"#,
    );
    assert_passes(&out, 3);
}

#[test]
fn const_from_find_one_then_in_passes() {
    let out = check(
        "banyak-ke-banyak/kuliah-mahasiswa",
        r#"db.mahasiswa.findOne({ _id: "10115006" })
const gita = db.mahasiswa.findOne({ _id: "10115006" })
db.mata_kuliah.find({ _id: { $in: gita.mataKuliahId } }, { nama: 1, sks: 1 })"#,
    );
    assert_passes(&out, 4);
}

// ---- answers that must fail ---------------------------------------------------------

#[test]
fn printed_index_name_and_hint_on_id_fail() {
    let out = check(
        "banyak-ke-banyak/peserta-kuliah",
        r#"print("mataKuliahId_1")
db.mahasiswa.find({ mataKuliahId: "TSA301" }, { _id: 1, nama: 1 }).hint({ _id: 1 })"#,
    );
    assert_fails(
        &out,
        &[&pesan::efisiensi_indeks_lain(
            "{ mataKuliahId: 1 }",
            "IXSCAN { _id: 1 }",
        )],
        &culprit(3),
    );
}

#[test]
fn replace_that_drops_fields_fails() {
    let out = check(
        "embedding-referencing/pindah-alamat",
        r#"db.mahasiswa.findOne({ nim: "10112003" })
db.mahasiswa.replaceOne({ nim: "10112003" }, { nama: "Citra Melati", nim: "10112003", alamat: { jalan: "Jl. Cisitu Lama No. 11", kota: "Bandung", kodePos: "40135" } })"#,
    );
    assert_fails(&out, &["field `waliId` hilang"], &last_change(3));
}

#[test]
fn put_item_that_wipes_the_item_fails() {
    let out = check(
        "dynamodb-satu-ke-banyak/aktifkan-proyek",
        r#"ddb.put({ TableName: 'AppData', Item: { EntityRef: 'WS#acme', Detail: 'PROJ#2026-0031', status: 'ACTIVE' }, ConditionExpression: '#s = :lama', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':lama': 'PLANNING' } })"#,
    );
    assert_fails(
        &out,
        &["atribut `projectName` hilang (apakah item-nya ditimpa seluruhnya?)"],
        &last_change(1),
    );
}

#[test]
fn pop_where_pull_by_value_is_taught_fails() {
    let out = check(
        "banyak-ke-banyak/batal-kuliah",
        r#"db.mahasiswa.findOne({ _id: "10115001" })
db.mahasiswa.updateOne({ _id: "10115001" }, { $pop: { mataKuliahId: -1 } })"#,
    );
    let by_chance = pesan::keadaan_hanya_utama(false);
    assert_fails(&out, &[&by_chance, "`mataKuliahId`"], &last_change(3));
}

#[test]
fn several_updates_where_one_is_asked_fail() {
    let out = check(
        "embedding-referencing/pindah-alamat",
        r#"db.mahasiswa.updateOne({ nim: "10112003" }, { $set: { "alamat.jalan": "Jl. Cisitu Lama No. 11" } })
db.mahasiswa.updateOne({ nim: "10112003" }, { $set: { "alamat.kota": "Bandung" } })
db.mahasiswa.updateOne({ nim: "10112003" }, { $set: { "alamat.kodePos": "40135" } })"#,
    );
    assert_fails(&out, &[&pesan::efisiensi_pembaruan(3)], &culprit(3));
}

#[test]
fn n_plus_one_loop_of_find_one_fails() {
    let out = check(
        "embedding-referencing/gabung-wali",
        r#"const laporan = []
for (const m of db.mahasiswa.find().sort({ nim: 1 }).toArray()) { const d = db.dosen.findOne({ _id: m.waliId }); if (d) laporan.push({ nim: m.nim, wali: d.nama }) }
laporan"#,
    );
    assert_fails(&out, &[&pesan::efisiensi_perintah(7)], &culprit(3));
}

#[test]
fn n_plus_one_loop_written_as_a_for_each_expression_counts_as_work() {
    let out = check(
        "embedding-referencing/gabung-wali",
        r#"const laporan = []
db.mahasiswa.find().sort({ nim: 1 }).forEach(m => { const d = db.dosen.findOne({ _id: m.waliId }); if (d) laporan.push({ nim: m.nim, wali: d.nama }) })
laporan"#,
    );
    assert_fails(&out, &[&pesan::efisiensi_perintah(7)], &culprit(3));
}

#[test]
fn a_whole_item_where_a_projection_is_asked_names_the_nested_fields() {
    let out = check(
        "dynamodb-satu-ke-banyak/metadata-workspace",
        "dynamodb.getItem({ TableName: 'AppData', Key: { EntityRef: { S: 'WS#globex' }, Detail: { S: 'META' } } })",
    );
    let why = [
        pesan::field_tambahan("{ Item: … }", "Item.plan"),
        pesan::field_tambahan("{ Item: … }", "Item.settings.M.notifications"),
    ];
    assert_fails(
        &out,
        &[&why[0], &why[1]],
        &named(pesan::dibandingkan_dengan(1, MARK)),
    );
}

#[test]
fn query_plus_get_item_fails() {
    let out = check(
        "dynamodb-satu-ke-banyak/workspace-dan-proyek",
        r#"const meta = dynamodb.getItem({ TableName: 'AppData', Key: { EntityRef: { S: 'WS#acme' }, Detail: { S: 'META' } } })
const proyek = dynamodb.query({ TableName: 'AppData', KeyConditionExpression: 'EntityRef = :ws AND begins_with(Detail, :p)', ExpressionAttributeValues: { ':ws': { S: 'WS#acme' }, ':p': { S: 'PROJ#' } }, ScanIndexForward: false })
[...proyek.Items, meta.Item].map(i => i.Detail.S)"#,
    );
    assert_fails(
        &out,
        &[&pesan::efisiensi_selain_query("GetItem")],
        &culprit(1),
    );
}

#[test]
fn whole_partition_filtered_in_javascript_fails() {
    let out = check(
        "dynamodb-satu-ke-banyak/workspace-dan-proyek",
        r#"dynamodb.query({ TableName: 'AppData', KeyConditionExpression: 'EntityRef = :ws', ExpressionAttributeValues: { ':ws': { S: 'WS#acme' } }, ScanIndexForward: false }).Items.map(i => i.Detail.S).filter(d => !d.startsWith('MEMBER#'))"#,
    );
    assert_fails(&out, &[&pesan::efisiensi_baca(8, 6, 0, true)], &culprit(1));
}

#[test]
fn partition_sliced_in_javascript_instead_of_limit_fails() {
    let out = check(
        "dynamodb-satu-ke-banyak/tiga-proyek-terbaru",
        r#"ddb.query({ TableName: 'AppData', KeyConditionExpression: 'EntityRef = :ws AND begins_with(Detail, :p)', ExpressionAttributeValues: { ':ws': 'WS#acme', ':p': 'PROJ#' } }).Items.map(p => p.Detail)
ddb.query({ TableName: 'AppData', KeyConditionExpression: 'EntityRef = :ws AND begins_with(Detail, :p)', ExpressionAttributeValues: { ':ws': 'WS#acme', ':p': 'PROJ#' }, ScanIndexForward: false }).Items.slice(0, 3).map(p => p.projectName)"#,
    );
    assert_fails(&out, &[&pesan::efisiensi_baca(5, 3, 0, true)], &culprit(2));
}

#[test]
fn whole_partition_counted_in_javascript_instead_of_select_count_fails() {
    let out = check(
        "dynamodb-satu-ke-banyak/hitung-proyek",
        r#"const semua = ddb.query({ TableName: 'AppData', KeyConditionExpression: 'EntityRef = :ws', ExpressionAttributeValues: { ':ws': 'WS#acme' } }).Items
const proyek = semua.filter(i => i.Detail.startsWith('PROJ#'))
({ Count: proyek.filter(p => p.status === 'ACTIVE').length, ScannedCount: proyek.length })"#,
    );
    assert_fails(&out, &[&pesan::efisiensi_baca(8, 3, 2, true)], &culprit(1));
}

#[test]
fn partition_filtered_and_counted_in_javascript_instead_of_select_count_fails() {
    let out = check(
        "dynamodb-satu-ke-banyak/hitung-proyek",
        r#"const r = ddb.query({ TableName: 'AppData', KeyConditionExpression: 'EntityRef = :ws AND begins_with(Detail, :p)', ExpressionAttributeValues: { ':ws': 'WS#acme', ':p': 'PROJ#' } })
({ Count: r.Items.filter(i => i.status === 'ACTIVE').length, ScannedCount: r.ScannedCount })"#,
    );
    assert_fails(&out, &[&pesan::efisiensi_kirim(5, 0, 0, true)], &culprit(1));
}

#[test]
fn count_gathered_page_by_page_from_an_undefined_start_key_passes() {
    let out = check(
        "dynamodb-satu-ke-banyak/hitung-proyek",
        r#"let k, c = 0, s = 0; do { const r = ddb.query({ TableName: 'AppData', KeyConditionExpression: 'EntityRef = :ws AND begins_with(Detail, :p)', FilterExpression: '#s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':ws': 'WS#acme', ':p': 'PROJ#', ':s': 'ACTIVE' }, Select: 'COUNT', Limit: 2, ExclusiveStartKey: k }); c += r.Count; s += r.ScannedCount; k = r.LastEvaluatedKey } while (k)
({ Count: c, ScannedCount: s })"#,
    );
    assert_passes(&out, 2);
}

#[test]
fn missing_sort_fails_on_the_variant() {
    let out = check(
        "embedding-referencing/cari-kota",
        r#"db.mahasiswa.find({ "alamat.kota": "Bandung" }, { _id: 0, nama: 1, nim: 1 })"#,
    );
    assert_fails(
        &out,
        &[
            &pesan::keluaran_beda(pesan::dataset_label(true)),
            &pesan::hanya_urutan_beda(),
        ],
        &graded_statement(2),
    );
}

#[test]
fn missing_sort_stage_in_a_pipeline_fails_on_the_variant() {
    let out = check(
        "embedding-referencing/gabung-wali",
        r#"db.mahasiswa.aggregate([
  { $lookup: { from: "dosen", localField: "waliId", foreignField: "_id", as: "wali" } },
  { $unwind: "$wali" },
  { $project: { _id: 0, nim: 1, wali: "$wali.nama" } }
])"#,
    );
    assert_fails(
        &out,
        &[
            &pesan::keluaran_beda(pesan::dataset_label(true)),
            &pesan::hanya_urutan_beda(),
        ],
        &graded_statement(2),
    );
}
