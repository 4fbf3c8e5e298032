//! Real JavaScript through the shell, and recovery from runaway code.

use std::time::{Duration, Instant};

use kursus::shell::{Shell, ShellOptions};

fn shell() -> Shell {
    Shell::new(ShellOptions::default())
}

#[test]
fn for_loop_inserts_a_thousand_documents() {
    let mut sh = shell();
    let out = sh.run_script(
        "use kampus\nfor (let i = 0; i < 1000; i++) { db.m.insertOne({ _id: i, kuadrat: i * i }) }\ndb.m.countDocuments()\ndb.m.findOne({ _id: 999 }).kuadrat",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.first(), Some(&"switched to db kampus"));
    assert_eq!(&lines[lines.len() - 2..], &["1000", "998001"]);
}

#[test]
fn arrow_functions_and_array_methods() {
    let mut sh = shell();
    let out = sh.run_script(
        "const xs = [1, 2, 3, 4, 5]\nxs.map(x => x * 10).filter(x => x > 20)\nlet total = 0; xs.forEach(x => { total += x }); total",
    );
    assert_eq!(out, "\n[ 30, 40, 50 ]\n15\n");
}

#[test]
fn templates_destructuring_json_math() {
    let mut sh = shell();
    let out = sh.run_script(
        "const { nama, umur = 20 } = { nama: 'Budi' }\n`${nama} berumur ${umur}`\nconst [a, , c] = [1, 2, 3]; a + c\nJSON.stringify({ a: [1, 'dua'], b: null })\nMath.max(3, 9, 4) + Math.floor(2.7)",
    );
    assert_eq!(
        out,
        "\nBudi berumur 20\n4\n{\"a\":[1,\"dua\"],\"b\":null}\n11\n"
    );
}

#[test]
fn endless_loop_ends_and_session_survives() {
    let mut sh = shell();
    sh.run_script("use kampus\ndb.m.insertOne({ _id: 1 })");
    let start = Instant::now();
    let out = sh.run_script("while (true) {}");
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "loop took {:?}",
        start.elapsed()
    );
    assert!(out.starts_with("Error: "), "{out}");
    assert_eq!(sh.run_script("db.m.countDocuments()"), "1\n");
}

fn too_large(size: usize) -> String {
    format!(
        "MongoServerError[BSONObjectTooLarge]: object to insert too large. \
         size in bytes: {size}, max size: 16777216\n"
    )
}

/// A long built-in call is no endless loop: both 17 MB strings reach the server's limit.
#[test]
fn both_17_mb_strings_get_bson_object_too_large() {
    let mut sh = shell();
    // The document's own bytes: 17 for the `_id`, 8 for `s`'s framing, 5 for the document.
    let direct = sh.run_script("db.x.insertOne({ s: 'x'.repeat(17e6) })");
    assert_eq!(direct, too_large(17_000_000 + 30));
    let built = sh.run_script("const m = 'x'.repeat(1 << 20)\ndb.x.insertOne({ s: m.repeat(17) })");
    assert_eq!(built, format!("\n{}", too_large(17 * (1 << 20) + 30)));
    assert_eq!(sh.run_script("db.x.countDocuments()"), "0\n");
}

#[test]
fn loops_with_work_inside_are_still_stopped() {
    let mut sh = shell();
    let empty = sh.run_script("while (true) {}");
    let busy = sh.run_script("let n = 0\nfor (;;) { n += 2 }");
    assert!(
        empty.starts_with("Error: ") && !empty.contains("BSONObjectTooLarge"),
        "{empty}"
    );
    assert_eq!(busy, format!("\n{empty}"));
    assert_eq!(sh.run_script("n > 1e6"), "true\n");
}

#[test]
fn repeat_fails_as_v8_does() {
    let out = shell().run_script(
        "'ab'.repeat(3)\n'x'.repeat(-1)\n'x'.repeat(Infinity)\n'x'.repeat(2 ** 30)\n\
         String.prototype.repeat.call(null, 2)\n'x'.repeat(NaN).length + 'x'.repeat(2.9).length",
    );
    let expected = "ababab\n\
                    RangeError: Invalid count value: -1\n\
                    RangeError: Invalid count value: Infinity\n\
                    RangeError: Invalid string length\n\
                    TypeError: String.prototype.repeat called on null or undefined\n\
                    2\n";
    assert_eq!(out, expected);
}

#[test]
fn runaway_recursion_ends_and_session_survives() {
    let mut sh = shell();
    sh.run_script("use kampus\ndb.m.insertOne({ _id: 1 })");
    let out = sh.run_script("function f(n) { return f(n + 1) + 1 }\nf(0)");
    assert!(
        out.contains("RangeError: Maximum call stack size exceeded"),
        "{out}"
    );
    assert_eq!(sh.run_script("db.m.countDocuments()"), "1\n");
}

#[test]
fn statements_report_undefined_and_errors() {
    let mut sh = shell();
    let outs = sh.run_statements("let x = 1\nx + 1\nnope\nprint('hai')");
    assert_eq!(outs.len(), 4);
    assert!(outs[0].is_undefined && outs[0].text.is_empty());
    assert_eq!(outs[1].text, "2");
    assert!(outs[2].is_error);
    assert_eq!(outs[2].text, "ReferenceError: nope is not defined");
    assert_eq!(outs[3].render(false), "hai\n");
}

#[test]
fn seeded_object_ids_are_deterministic() {
    let mut sh = Shell::new(ShellOptions {
        objectid_seed: Some([
            0x6a, 0xe8, 0x99, 0x2e, 0xf7, 0x1c, 0xe5, 0x01, 0x6d, 0x8d, 0xe6, 0x66,
        ]),
        ..ShellOptions::default()
    });
    assert_eq!(
        sh.run_script("ObjectId()"),
        "ObjectId('6ae8992ef71ce5016d8de666')\n"
    );
    assert_eq!(
        sh.run_script("new ObjectId().toHexString()"),
        "6ae8992ef71ce5016d8de667\n"
    );
}

#[test]
fn ejson_round_trip() {
    let mut sh = shell();
    let out = sh.run_script(
        "EJSON.stringify({ a: 1, d: ISODate('2024-01-15T08:30:00Z'), l: NumberLong('5') })\nEJSON.parse('{\"x\":{\"$numberLong\":\"7\"}}').x",
    );
    assert_eq!(
        out,
        "{\"a\":1,\"d\":{\"$date\":\"2024-01-15T08:30:00.000Z\"},\"l\":5}\n7\n"
    );
}

#[test]
fn dynamodb_globals_load_on_first_use_and_can_be_reassigned() {
    let mut sh = shell();
    let out = sh.run_script(
        "typeof dynamodb\ntypeof NumberValue\nconst c = ddb\ndynamodb.listTables({}).TableNames.length\nc === ddb\nddb = 5\nddb + 1\ntypeof dynamodb.query",
    );
    assert_eq!(out, "object\nfunction\n\n0\ntrue\n5\n6\nfunction\n");
}

#[test]
fn a_typo_after_cursor_modifiers_is_named_as_v8_names_it() {
    let mut sh = shell();
    let out = sh.run_script(
        "use kampus\ndb.m.insertOne({ _id: 1 })\ndb.m.find({ a: 1 }).sort({ a: 1 }).lmit(2)\ndb.m.countDocuments()",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        &lines[2..],
        [
            "TypeError: db.m.find(...).sort(...).lmit is not a function",
            "1"
        ]
    );
}

#[test]
fn a_function_sees_top_level_bindings_declared_after_it() {
    let mut s = shell();
    let out = s.run_script(
        "function total() { return dasar + tambahan.n + new Satuan().x }\n\
         const dasar = 40\n\
         let tambahan = { n: 1 }\n\
         class Satuan { constructor() { this.x = 1 } }\n\
         total()\n\
         function naik() { tambahan = { n: 2 }; return tambahan.n }\n\
         naik()\n\
         total()\n\
         function ubahDasar() { dasar = 1 }\n\
         ubahDasar()\n\
         dasar\n\
         function belumAda() { return nanti }\n\
         belumAda()",
    );
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("[Function") && !l.starts_with("[class"))
        .collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(lines[..3], ["42", "2", "43"], "{out}");
    assert!(
        lines[3].starts_with("TypeError"),
        "a const stays constant: {out}"
    );
    assert_eq!(
        lines[4..],
        ["40", "ReferenceError: nanti is not defined"],
        "{out}"
    );
}

#[test]
fn assigning_to_a_const_is_nodes_type_error() {
    let mut sh = shell();
    let out = sh.run_script(
        "const batas = 3\nbatas = 4\nbatas += 1\nbatas\nconst o = { n: 1 }\no.n = 2\no.n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        &lines[1..],
        [
            "TypeError: Assignment to constant variable.",
            "TypeError: Assignment to constant variable.",
            "3",
            "",
            "2",
            "2"
        ]
    );
}

#[test]
fn legacy_parameters_through_the_low_level_and_document_clients() {
    let mut sh = shell();
    let setup = "dynamodb.createTable({ TableName: 'Lama', BillingMode: 'PAY_PER_REQUEST', \
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }], \
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }] }).TableDescription.TableStatus\n\
        ddb.put({ TableName: 'Lama', Item: { pk: 'x', sk: 'a', n: 1, tag: 'merah' } })\n\
        ddb.put({ TableName: 'Lama', Item: { pk: 'x', sk: 'b', n: 2 }, Expected: { pk: { Exists: false } } })\n";
    assert_eq!(sh.run_script(setup), "ACTIVE\n{}\n{}\n");
    let out = sh.run_script(
        "dynamodb.getItem({ TableName: 'Lama', Key: { pk: { S: 'x' }, sk: { S: 'a' } }, AttributesToGet: ['n'] }).Item\n\
         dynamodb.query({ TableName: 'Lama', KeyConditions: { pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'x' }] } }, AttributesToGet: ['sk'] }).Items\n\
         ddb.query({ TableName: 'Lama', KeyConditions: { pk: { ComparisonOperator: 'EQ', AttributeValueList: ['x'] } }, QueryFilter: { n: { ComparisonOperator: 'GT', AttributeValueList: [1] } } }).Items\n\
         ddb.scan({ TableName: 'Lama', ScanFilter: { tag: { ComparisonOperator: 'NOT_NULL' } }, AttributesToGet: ['tag'] }).Items\n\
         ddb.update({ TableName: 'Lama', Key: { pk: 'x', sk: 'a' }, AttributeUpdates: { n: { Action: 'ADD', Value: 4 }, tags: { Action: 'PUT', Value: new Set(['p']) } }, Expected: { n: { Value: 1 } }, ReturnValues: 'UPDATED_NEW' }).Attributes\n\
         ddb.delete({ TableName: 'Lama', Key: { pk: 'x', sk: 'b' }, Expected: { n: { ComparisonOperator: 'LT', AttributeValueList: [2] } } })\n\
         ddb.delete({ TableName: 'Lama', Key: { pk: 'x', sk: 'b' }, Expected: { n: { ComparisonOperator: 'LE', AttributeValueList: [2] } }, ReturnValues: 'ALL_OLD' }).Attributes\n\
         ddb.query({ TableName: 'Lama', KeyConditions: { pk: { ComparisonOperator: 'EQ' } } })\n",
    );
    let want = [
        "{ n: { N: '1' } }",
        "[ { sk: { S: 'a' } }, { sk: { S: 'b' } } ]",
        "[ { pk: 'x', sk: 'b', n: 2 } ]",
        "[ { tag: 'merah' } ]",
        "{ tags: Set(1) { 'p' }, n: 5 }",
        "ConditionalCheckFailedException: The conditional request failed",
        "{ pk: 'x', sk: 'b', n: 2 }",
        "ValidationException: One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator",
    ];
    assert_eq!(out, want.map(|line| format!("{line}\n")).concat());
}

#[test]
fn partiql_statements_run_from_both_clients_of_the_repl() {
    let data = tempfile::tempdir().unwrap();
    let script = "\
dynamodb.createTable({ TableName: 'Music', BillingMode: 'PAY_PER_REQUEST', KeySchema: [{ AttributeName: 'Artist', KeyType: 'HASH' }, { AttributeName: 'SongTitle', KeyType: 'RANGE' }], AttributeDefinitions: [{ AttributeName: 'Artist', AttributeType: 'S' }, { AttributeName: 'SongTitle', AttributeType: 'S' }] }).TableDescription.TableName
dynamodb.executeStatement({ Statement: `INSERT INTO \"Music\" VALUE {'Artist': ?, 'SongTitle': ?, 'Year': ?}`, Parameters: [{ S: 'Acme' }, { S: 'A1' }, { N: '2001' }] })
ddb.executeStatement({ Statement: `INSERT INTO \"Music\" VALUE {'Artist': ?, 'SongTitle': ?, 'Year': ?}`, Parameters: ['Acme', 'A2', 2002] })
JSON.stringify(ddb.executeStatement({ Statement: 'SELECT SongTitle, \"Year\" FROM \"Music\" WHERE Artist = ?', Parameters: ['Acme'] }).Items)
JSON.stringify(dynamodb.executeStatement({ Statement: 'SELECT SongTitle FROM \"Music\" WHERE \"Year\" > 2001' }).Items)
try { dynamodb.executeStatement({ Statement: `INSERT INTO \"Music\" VALUE {'Artist': 'Acme', 'SongTitle': 'A1'}` }) } catch (e) { print(e.name + ': ' + e.message) }
JSON.stringify(ddb.batchExecuteStatement({ Statements: [{ Statement: 'SELECT * FROM \"Music\" WHERE Artist = ? AND SongTitle = ?', Parameters: ['Acme', 'A1'] }, { Statement: 'SELECT * FROM \"Nope\" WHERE k = 1' }] }).Responses)
ddb.executeTransaction({ TransactStatements: [{ Statement: 'UPDATE \"Music\" SET Plays = ? WHERE Artist = ? AND SongTitle = ?', Parameters: [5, 'Acme', 'A1'] }], ClientRequestToken: 't1' })
JSON.stringify(ddb.executeTransaction({ TransactStatements: [{ Statement: 'SELECT Plays FROM \"Music\" WHERE Artist = ? AND SongTitle = ?', Parameters: ['Acme', 'A1'] }] }).Responses)
try { dynamodb.executeTransaction({ TransactStatements: [{ Statement: `INSERT INTO \"Music\" VALUE {'Artist': 'Acme', 'SongTitle': 'A2'}` }] }) } catch (e) { print(e.name + ' ' + JSON.stringify(e.CancellationReasons)) }
ddb.riwayat()
";
    let out = super::support::kursus(data.path())
        .args(["jalankan", "-"])
        .write_stdin(script)
        .output()
        .expect("kursus jalankan runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let expected = [
        "Music",
        "{ Items: [] }",
        "{ Items: [] }",
        r#"[{"SongTitle":"A1","Year":2001},{"SongTitle":"A2","Year":2002}]"#,
        r#"[{"SongTitle":{"S":"A2"}}]"#,
        "DuplicateItemException: Duplicate primary key exists in table",
        "",
        r#"[{"TableName":"Music","Item":{"Artist":"Acme","SongTitle":"A1","Year":2001}},{"Error":{"Code":"ResourceNotFound","Message":"Requested resource not found"}}]"#,
        "{}",
        r#"[{"Item":{"Plays":5}}]"#,
        r#"TransactionCanceledException [{"Code":"DuplicateItem","Message":"Duplicate primary key exists in table"}]"#,
        "",
        " #  operasi                     tabel       indeks  Count  ScannedCount  RCU  WCU",
        " 1  CreateTable                 Music       -           -             -    -    -",
        " 2  ExecuteStatement (PutItem)  Music       -           -             -    -    1",
        " 3  ExecuteStatement (PutItem)  Music       -           -             -    -    1",
        " 4  ExecuteStatement (Query)    Music       -           2             2  0.5    -",
        " 5  ExecuteStatement (Scan)     Music       -           1             2  0.5    -",
        " 6  ExecuteStatement (PutItem)  Music       -           -             -    -    1",
        " 7  BatchExecuteStatement       Music,Nope  -           -             -  0.5    -",
        " 8  ExecuteTransaction          Music       -           -             -    -    2",
        " 9  ExecuteTransaction          Music       -           -             -    2    -",
        "10  ExecuteTransaction          Music       -           -             -    -    -",
    ];
    // `ddb.riwayat()` ends with an empty line, as every printed statement does.
    let lines: Vec<&str> = stdout.trim_end().lines().collect();
    assert_eq!(lines, expected, "{stdout}");
}
