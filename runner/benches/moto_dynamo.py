"""Side-by-side figures for runner/benches/dynamo.rs on moto (in-process).

Not part of the build. Needs `pip install "moto[dynamodb]" boto3`.
Usage: python3 runner/benches/moto_dynamo.py [WORKSPACES]   (default 1000)
Same data shape as the Rust bench: per workspace a META item and 99 projects.
"""

import os
import sys
import time

import boto3
from moto import mock_aws

PROJECTS = 99
STATUSES = ["ACTIVE", "PLANNING", "ARCHIVED"]


def project_item(ws, p):
    return {
        "EntityRef": {"S": f"WS#{ws:05}"},
        "Detail": {"S": f"PROJ#2026-{p:04}"},
        "projectName": {"S": f"Proyek {p} ruang kerja {ws}"},
        "status": {"S": STATUSES[p % 3]},
        "createdAt": {"S": f"2026-03-{1 + p % 28:02}T08:00:00Z"},
        "budget": {"N": str(1_000_000 * (p + 1))},
        "tags": {"SS": ["web", "data"]},
    }


def meta_item(ws):
    return {
        "EntityRef": {"S": f"WS#{ws:05}"},
        "Detail": {"S": "META"},
        "name": {"S": f"Ruang kerja {ws}"},
        "plan": {"S": "pro" if ws % 2 == 0 else "free"},
    }


def timed(label, fn, repeat):
    fn()
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    per = (time.perf_counter() - start) / repeat
    print(f"{label:28} {per * 1e6:12.1f} µs")
    return per


def main():
    workspaces = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
    os.environ.setdefault("AWS_ACCESS_KEY_ID", "x")
    os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "x")
    with mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1")
        client.create_table(
            TableName="AppData",
            KeySchema=[{"AttributeName": "EntityRef", "KeyType": "HASH"}, {"AttributeName": "Detail", "KeyType": "RANGE"}],
            AttributeDefinitions=[{"AttributeName": "EntityRef", "AttributeType": "S"}, {"AttributeName": "Detail", "AttributeType": "S"}],
            BillingMode="PAY_PER_REQUEST",
        )
        start = time.perf_counter()
        batch = []
        for ws in range(workspaces):
            batch.append(meta_item(ws))
            batch.extend(project_item(ws, p) for p in range(PROJECTS))
            while len(batch) >= 25:
                chunk, batch = batch[:25], batch[25:]
                client.batch_write_item(RequestItems={"AppData": [{"PutRequest": {"Item": i}} for i in chunk]})
        if batch:
            client.batch_write_item(RequestItems={"AppData": [{"PutRequest": {"Item": i}} for i in batch]})
        print(f"loaded {workspaces * (PROJECTS + 1)} items in {time.perf_counter() - start:.1f} s")
        target = f"WS#{min(4242, workspaces - 1):05}"
        timed("query_workspace_projects", lambda: client.query(
            TableName="AppData",
            KeyConditionExpression="#er = :er AND begins_with(#d, :p)",
            ExpressionAttributeNames={"#er": "EntityRef", "#d": "Detail"},
            ExpressionAttributeValues={":er": {"S": target}, ":p": {"S": "PROJ#"}},
            ScanIndexForward=False,
        ), 200)
        timed("partiql_workspace_projects", lambda: client.execute_statement(
            Statement='SELECT * FROM "AppData" WHERE EntityRef = ? AND begins_with(Detail, ?) ORDER BY Detail DESC',
            Parameters=[{"S": target}, {"S": "PROJ#"}],
        ), 200)
        timed("get_item_meta", lambda: client.get_item(
            TableName="AppData", Key={"EntityRef": {"S": target}, "Detail": {"S": "META"}}), 500)
        timed("scan_filtered_page", lambda: client.scan(
            TableName="AppData",
            FilterExpression="#s = :s AND budget > :b",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":s": {"S": "PLANNING"}, ":b": {"N": "98000000"}},
            Select="COUNT",
        ), 3)


if __name__ == "__main__":
    main()
