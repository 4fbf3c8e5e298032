//! Learning aids of the DynamoDB client, as plain text builders over the
//! engine: `ddb.koleksi` (item collections), `ddb.riwayat` (request log) and
//! `ddb.ekspresi` (a KeyConditionExpression built from a plain object).

use serde_json::{json, Map, Value};

use crate::base64;
use crate::engine::dynamo::types::{AttrValue, Item};
use crate::engine::dynamo::{Collection, Engine, RequestForm, RequestRecord, TableView};
use crate::pesan::shell as pesan;

/// `ddb.koleksi(TableName[, pk])`: item collections grouped by partition key,
/// each ordered by sort key, with the other attribute names of every item.
pub(crate) fn koleksi(
    engine: &Engine,
    table_name: &str,
    pk: Option<&str>,
) -> Result<String, String> {
    let table = engine
        .table(table_name)
        .ok_or_else(|| pesan::tabel_tidak_ditemukan(table_name))?;
    let mut out = header(table);
    let mut shown = 0;
    for group in table.collections() {
        if pk.is_some_and(|p| p != key_text(&group.partition)) {
            continue;
        }
        shown += 1;
        out.push_str(&collection(table, &group));
    }
    if shown == 0 {
        let filter = pk.map(|p| (table.partition_key(), p));
        out.push_str(&pesan::tanpa_item(filter));
        out.push('\n');
    }
    Ok(out.trim_end().to_string())
}

fn header(table: TableView) -> String {
    let title = pesan::kepala_tabel(table.name(), table.partition_key(), table.sort_key());
    format!("{title}\n")
}

/// A key value as the learner typed it (base64 for binary keys).
fn key_text(key: &AttrValue) -> String {
    match key {
        AttrValue::S(s) => s.clone(),
        AttrValue::N(n) => n.to_string(),
        AttrValue::B(b) => base64::encode(b),
        _ => String::new(),
    }
}

fn collection(table: TableView, group: &Collection) -> String {
    let title = pesan::koleksi_item(
        table.partition_key(),
        &key_text(&group.partition),
        group.items.len(),
    );
    let mut out = format!("{title}\n");
    let sort_texts: Vec<String> = group.items.iter().map(|i| sort_text(table, i)).collect();
    let width = sort_texts
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0)
        + 3;
    for (item, sort) in group.items.iter().zip(&sort_texts) {
        let attrs: Vec<&str> = item
            .keys()
            .filter(|k| !table.is_key_attr(k))
            .map(String::as_str)
            .collect();
        let line = format!("  {sort:<width$}{}", attrs.join(", "));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn sort_text(table: TableView, item: &Item) -> String {
    let Some(range) = table.sort_key() else {
        return "-".to_string();
    };
    item.get(range).map(key_text).unwrap_or_default()
}

/// `ddb.riwayat()`: one row per request with Count, ScannedCount and units.
pub(crate) fn riwayat<'a>(log: impl Iterator<Item = &'a (usize, RequestRecord)>) -> String {
    let header = pesan::KOLOM_RIWAYAT;
    let rows: Vec<[String; 8]> = log.map(|(n, r)| row(*n, r)).collect();
    let widths: Vec<usize> = (0..8)
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = format_row(&header.map(str::to_string), &widths);
    for r in &rows {
        out.push('\n');
        out.push_str(&format_row(r, &widths));
    }
    out
}

fn row(n: usize, r: &RequestRecord) -> [String; 8] {
    let opt = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_else(|| "-".into());
    let units = |u: f64| {
        if u == 0.0 {
            "-".to_string()
        } else {
            format_units(u)
        }
    };
    [
        n.to_string(),
        operation_text(r),
        if r.table.is_empty() {
            "-".into()
        } else {
            r.table.clone()
        },
        r.index.clone().unwrap_or_else(|| "-".into()),
        opt(r.count),
        opt(r.scanned_count),
        units(r.read_units),
        units(r.write_units),
    ]
}

/// A PartiQL statement shows the operation it ran as: `ExecuteStatement (Scan)`.
fn operation_text(r: &RequestRecord) -> String {
    let single = !matches!(
        r.operation.as_str(),
        "ExecuteStatement" | "BatchExecuteStatement" | "ExecuteTransaction"
    );
    if r.form == RequestForm::PartiQL && single {
        format!("ExecuteStatement ({})", r.operation)
    } else {
        r.operation.clone()
    }
}

fn format_units(u: f64) -> String {
    if u.fract() == 0.0 {
        format!("{u:.0}")
    } else {
        format!("{u}")
    }
}

/// Text columns (operation, table, index) are left-aligned, figures right-aligned.
fn format_row(cells: &[String; 8], widths: &[usize]) -> String {
    let parts: Vec<String> = cells
        .iter()
        .enumerate()
        .map(|(c, text)| {
            let w = widths[c];
            if (1..=3).contains(&c) {
                format!("{text:<w$}")
            } else {
                format!("{text:>w$}")
            }
        })
        .collect();
    parts.join("  ").trim_end().to_string()
}

/// One condition of `ddb.ekspresi`: `Detail: { beginsWith: 'PROJ#' }` and friends.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum KeyPart {
    Eq(Value),
    Cmp(&'static str, Value),
    BeginsWith(Value),
    Between(Value, Value),
}

/// Reads `{ EntityRef: 'WS#acme', Detail: { beginsWith: 'PROJ#' } }`.
pub(crate) fn parse_parts(spec: &Map<String, Value>) -> Result<Vec<(String, KeyPart)>, String> {
    spec.iter()
        .filter(|(k, _)| k.as_str() != "TableName")
        .map(|(k, v)| Ok((k.clone(), part(k, v)?)))
        .collect()
}

fn part(name: &str, v: &Value) -> Result<KeyPart, String> {
    let Some(obj) = v.as_object() else {
        return Ok(KeyPart::Eq(v.clone()));
    };
    let Some((op, arg)) = obj.iter().next().filter(|_| obj.len() == 1) else {
        return Err(pesan::satu_kondisi(name));
    };
    let cmp = |sym| Ok(KeyPart::Cmp(sym, arg.clone()));
    match op.as_str() {
        "eq" => Ok(KeyPart::Eq(arg.clone())),
        "beginsWith" => Ok(KeyPart::BeginsWith(arg.clone())),
        "lt" => cmp("<"),
        "lte" => cmp("<="),
        "gt" => cmp(">"),
        "gte" => cmp(">="),
        "between" => match arg.as_array().map(Vec::as_slice) {
            Some([lo, hi]) => Ok(KeyPart::Between(lo.clone(), hi.clone())),
            _ => Err(pesan::between_dua_nilai(name)),
        },
        other => Err(pesan::kondisi_tidak_dikenal(name, other)),
    }
}

/// `#er` for `EntityRef`, `#d` for `Detail`: the initials, lower case, made unique.
fn placeholder(name: &str, taken: &[String]) -> String {
    let mut chars = name.chars();
    let first: String = chars
        .next()
        .map(|c| c.to_ascii_lowercase().to_string())
        .unwrap_or_else(|| "k".into());
    let rest: String = chars
        .filter(|c| c.is_ascii_uppercase())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let base: String = format!("{first}{rest}")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let base = if base.is_empty() {
        "k".to_string()
    } else {
        base
    };
    let mut candidate = base.clone();
    let mut n = 2;
    while taken.contains(&candidate) {
        candidate = format!("{base}{n}");
        n += 1;
    }
    candidate
}

/// The Query members (`KeyConditionExpression` and both maps, DocumentClient values).
pub(crate) fn ekspresi(parts: &[(String, KeyPart)]) -> Value {
    let mut taken: Vec<String> = Vec::new();
    let (mut conds, mut names, mut values) = (Vec::new(), Map::new(), Map::new());
    for (attr, part) in parts {
        let ph = placeholder(attr, &taken);
        taken.push(ph.clone());
        names.insert(format!("#{ph}"), json!(attr));
        let mut value = |suffix: &str, v: &Value| {
            let key = format!(
                ":{}",
                if suffix.is_empty() {
                    ph.clone()
                } else {
                    suffix.to_string()
                }
            );
            values.insert(key.clone(), v.clone());
            key
        };
        conds.push(match part {
            KeyPart::Eq(v) => format!("#{ph} = {}", value("", v)),
            KeyPart::Cmp(op, v) => format!("#{ph} {op} {}", value("", v)),
            KeyPart::BeginsWith(v) => format!("begins_with(#{ph}, {})", value("p", v)),
            KeyPart::Between(lo, hi) => {
                format!("#{ph} BETWEEN {} AND {}", value("lo", lo), value("hi", hi))
            }
        });
    }
    json!({
        "KeyConditionExpression": conds.join(" AND "),
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": values,
    })
}

/// A ready-to-run AWS SDK for JavaScript v3 snippet for the request.
pub(crate) fn sdk_snippet(table: &str, request: &Value) -> String {
    let member = |k: &str| js_literal(&request[k]);
    format!(
        "import {{ DynamoDBClient }} from '@aws-sdk/client-dynamodb';\n\
         import {{ DynamoDBDocumentClient, ExecuteStatementCommand, QueryCommand }} from '@aws-sdk/lib-dynamodb';\n\
         \n\
         const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({{}}));\n\
         const {{ Items }} = await ddb.send(new QueryCommand({{\n  \
         TableName: {},\n  \
         KeyConditionExpression: {},\n  \
         ExpressionAttributeNames: {},\n  \
         ExpressionAttributeValues: {}\n\
         }}));",
        js_literal(&json!(table)),
        member("KeyConditionExpression"),
        member("ExpressionAttributeNames"),
        member("ExpressionAttributeValues"),
    )
}

/// The same read as a PartiQL statement, with `?` for each value, in the
/// shape of lib-dynamodb's ExecuteStatementCommand.
pub(crate) fn partiql_snippet(table: &str, parts: &[(String, KeyPart)]) -> String {
    let mut conds = Vec::new();
    let mut params = Vec::new();
    for (attr, part) in parts {
        let name = format!("\"{}\"", attr.replace('"', "\"\""));
        conds.push(match part {
            KeyPart::Eq(v) => {
                params.push(v.clone());
                format!("{name} = ?")
            }
            KeyPart::Cmp(op, v) => {
                params.push(v.clone());
                format!("{name} {op} ?")
            }
            KeyPart::BeginsWith(v) => {
                params.push(v.clone());
                format!("begins_with({name}, ?)")
            }
            KeyPart::Between(lo, hi) => {
                params.extend([lo.clone(), hi.clone()]);
                format!("{name} BETWEEN ? AND ?")
            }
        });
    }
    let statement = format!(
        "SELECT * FROM \"{}\" WHERE {}",
        table.replace('"', "\"\""),
        conds.join(" AND ")
    );
    format!(
        "const partiql = await ddb.send(new ExecuteStatementCommand({{\n  \
         Statement: {},\n  \
         Parameters: {}\n\
         }}));",
        js_literal(&json!(statement)),
        js_literal(&Value::Array(params)),
    )
}

/// JavaScript source for a JSON value: single-quoted strings, bare keys where legal.
fn js_literal(v: &Value) -> String {
    match v {
        Value::String(s) => format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'")),
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(js_literal).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(o) if o.is_empty() => "{}".to_string(),
        Value::Object(o) => {
            let fields: Vec<String> = o
                .iter()
                .map(|(k, v)| format!("{}: {}", js_key(k), js_literal(v)))
                .collect();
            format!("{{ {} }}", fields.join(", "))
        }
        other => other.to_string(),
    }
}

fn js_key(k: &str) -> String {
    let ident = k
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if ident {
        k.to_string()
    } else {
        js_literal(&json!(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ekspresi_builds_the_lesson_key_condition() {
        let spec = json!({ "EntityRef": "WS#acme", "Detail": { "beginsWith": "PROJ#" } });
        let parts = parse_parts(spec.as_object().unwrap()).unwrap();
        let req = ekspresi(&parts);
        assert_eq!(
            req["KeyConditionExpression"],
            json!("#er = :er AND begins_with(#d, :p)")
        );
        assert_eq!(
            req["ExpressionAttributeNames"],
            json!({"#er": "EntityRef", "#d": "Detail"})
        );
        assert_eq!(
            req["ExpressionAttributeValues"],
            json!({":er": "WS#acme", ":p": "PROJ#"})
        );
        let snippet = sdk_snippet("AppData", &req);
        assert!(
            snippet.contains("ExpressionAttributeNames: { '#er': 'EntityRef', '#d': 'Detail' }")
        );
    }

    #[test]
    fn riwayat_aligns_columns() {
        let rec = |op: &str, count, scanned, r, w| RequestRecord {
            operation: op.into(),
            table: "AppData".into(),
            index: None,
            count,
            scanned_count: scanned,
            returned: 0,
            read_units: r,
            write_units: w,
            continued: false,
            ok: true,
            ..RequestRecord::default()
        };
        let log = [
            (1, rec("CreateTable", None, None, 0.0, 0.0)),
            (2, rec("Scan", Some(5), Some(15), 0.5, 0.0)),
        ];
        let text = riwayat(log.iter());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "#  operasi      tabel    indeks  Count  ScannedCount  RCU  WCU"
        );
        assert_eq!(
            lines[1],
            "1  CreateTable  AppData  -           -             -    -    -"
        );
        assert_eq!(
            lines[2],
            "2  Scan         AppData  -           5            15  0.5    -"
        );
    }

    #[test]
    fn riwayat_shows_what_a_partiql_statement_ran_as() {
        let rec = |op: &str| RequestRecord {
            operation: op.into(),
            table: "Music".into(),
            count: Some(2),
            scanned_count: Some(5),
            read_units: 0.5,
            form: RequestForm::PartiQL,
            ..RequestRecord::default()
        };
        let log = [(1, rec("Scan")), (2, rec("BatchExecuteStatement"))];
        let text = riwayat(log.iter());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1],
            "1  ExecuteStatement (Scan)  Music  -           2             5  0.5    -"
        );
        assert_eq!(
            lines[2],
            "2  BatchExecuteStatement    Music  -           2             5  0.5    -"
        );
    }

    #[test]
    fn ekspresi_writes_the_key_condition_as_a_partiql_select() {
        let spec = json!({ "EntityRef": "WS#acme", "Detail": { "between": ["A", "B"] }, "n": { "gte": 3 } });
        let parts = parse_parts(spec.as_object().unwrap()).unwrap();
        let snippet = partiql_snippet("AppData", &parts);
        assert_eq!(
            snippet,
            "const partiql = await ddb.send(new ExecuteStatementCommand({\n  \
             Statement: 'SELECT * FROM \"AppData\" WHERE \"EntityRef\" = ? AND \"Detail\" BETWEEN ? AND ? AND \"n\" >= ?',\n  \
             Parameters: ['WS#acme', 'A', 'B', 3]\n\
             }));"
        );
    }
}
