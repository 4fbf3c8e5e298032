//! DynamoDB engine benchmark: 1,000,000 items over 10,000 workspaces (a META
//! item and 99 projects each, the lesson's single-table layout).
//! Query one workspace's projects, GetItem one META item, and a filtered Scan.
//!
//! `KURSUS_BENCH_WORKSPACES` lowers the workspace count for a quick run.

use criterion::{criterion_group, criterion_main, Criterion};
use kursus::engine::dynamo::Engine;
use serde_json::{json, Value};

const PROJECTS_PER_WORKSPACE: usize = 99;

fn workspaces() -> usize {
    std::env::var("KURSUS_BENCH_WORKSPACES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

fn create_table(engine: &mut Engine) {
    let table = json!({
        "TableName": "AppData",
        "KeySchema": [{"AttributeName": "EntityRef", "KeyType": "HASH"}, {"AttributeName": "Detail", "KeyType": "RANGE"}],
        "AttributeDefinitions": [
            {"AttributeName": "EntityRef", "AttributeType": "S"},
            {"AttributeName": "Detail", "AttributeType": "S"}
        ],
        "BillingMode": "PAY_PER_REQUEST"
    });
    engine.execute("CreateTable", table).expect("create table");
}

fn project_item(ws: usize, p: usize) -> Value {
    let status = ["ACTIVE", "PLANNING", "ARCHIVED"][p % 3];
    json!({
        "EntityRef": {"S": format!("WS#{ws:05}")},
        "Detail": {"S": format!("PROJ#2026-{p:04}")},
        "projectName": {"S": format!("Proyek {p} ruang kerja {ws}")},
        "status": {"S": status},
        "createdAt": {"S": format!("2026-03-{:02}T08:00:00Z", 1 + p % 28)},
        "budget": {"N": format!("{}", 1_000_000 * (p + 1))},
        "tags": {"SS": ["web", "data"]}
    })
}

fn meta_item(ws: usize) -> Value {
    json!({
        "EntityRef": {"S": format!("WS#{ws:05}")},
        "Detail": {"S": "META"},
        "name": {"S": format!("Ruang kerja {ws}")},
        "plan": {"S": if ws.is_multiple_of(2) { "pro" } else { "free" }}
    })
}

fn loaded_engine() -> Engine {
    let mut engine = Engine::new();
    create_table(&mut engine);
    for ws in 0..workspaces() {
        engine
            .execute(
                "PutItem",
                json!({"TableName": "AppData", "Item": meta_item(ws)}),
            )
            .expect("put");
        for p in 0..PROJECTS_PER_WORKSPACE {
            engine
                .execute(
                    "PutItem",
                    json!({"TableName": "AppData", "Item": project_item(ws, p)}),
                )
                .expect("put");
        }
    }
    engine.take_request_log();
    engine
}

/// The workspace read: the same one moto_dynamo.py reads at any size.
fn target() -> String {
    format!("WS#{:05}", 4242.min(workspaces() - 1))
}

fn query_request() -> Value {
    json!({
        "TableName": "AppData",
        "KeyConditionExpression": "#er = :er AND begins_with(#d, :p)",
        "ExpressionAttributeNames": {"#er": "EntityRef", "#d": "Detail"},
        "ExpressionAttributeValues": {":er": {"S": target()}, ":p": {"S": "PROJ#"}},
        "ScanIndexForward": false
    })
}

fn get_request() -> Value {
    json!({"TableName": "AppData", "Key": {"EntityRef": {"S": target()}, "Detail": {"S": "META"}}})
}

/// The query above as PartiQL: parsed, planned into the same Query, then paged.
fn partiql_request() -> Value {
    json!({
        "Statement": "SELECT * FROM \"AppData\" WHERE EntityRef = ? AND begins_with(Detail, ?) ORDER BY Detail DESC",
        "Parameters": [{"S": target()}, {"S": "PROJ#"}]
    })
}

fn scan_request() -> Value {
    json!({
        "TableName": "AppData",
        "FilterExpression": "#s = :s AND budget > :b",
        "ExpressionAttributeNames": {"#s": "status"},
        "ExpressionAttributeValues": {":s": {"S": "PLANNING"}, ":b": {"N": "98000000"}},
        "Select": "COUNT"
    })
}

fn bench(c: &mut Criterion) {
    let mut engine = loaded_engine();
    let mut group = c.benchmark_group("dynamo_1m_items");
    group.bench_function("query_workspace_projects", |b| {
        b.iter(|| engine.execute("Query", query_request()).expect("query"))
    });
    group.bench_function("partiql_workspace_projects", |b| {
        b.iter(|| {
            let answer = engine
                .execute("ExecuteStatement", partiql_request())
                .expect("select");
            assert_eq!(answer["Items"].as_array().map(Vec::len), Some(99));
        })
    });
    group.bench_function("get_item_meta", |b| {
        b.iter(|| engine.execute("GetItem", get_request()).expect("get"))
    });
    group.sample_size(10);
    // One Scan page (1 MB) with a filter, as a learner's first Scan request reads.
    group.bench_function("scan_filtered_page", |b| {
        b.iter(|| engine.execute("Scan", scan_request()).expect("scan"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
