"""boto3 against `kursus layani --pelajaran dynamodb-satu-ke-banyak`: the requests the
issue lists, each checked against the lesson's item file (argv[1]). Prints one line per
step and `semua langkah lulus` at the end; any failed check raises."""

import json
import sys

import boto3
from botocore.exceptions import ClientError

items = json.load(open(sys.argv[1]))
ddb = boto3.client("dynamodb")


def step(name):
    print("langkah:", name, flush=True)


def error_code(call):
    try:
        call()
    except ClientError as e:
        return e.response
    raise AssertionError("no error")


step("GetItem")
meta = next(i for i in items if i["EntityRef"]["S"] == "WS#acme" and i["Detail"]["S"] == "META")
got = ddb.get_item(TableName="AppData", Key={"EntityRef": meta["EntityRef"], "Detail": meta["Detail"]})
assert got["Item"] == meta, got

step("Query begins_with, newest first")
projects = sorted(
    (i for i in items if i["EntityRef"]["S"] == "WS#acme" and i["Detail"]["S"].startswith("PROJ#")),
    key=lambda i: i["Detail"]["S"],
    reverse=True,
)
newest = ddb.query(
    TableName="AppData",
    KeyConditionExpression="EntityRef = :w AND begins_with(Detail, :p)",
    ExpressionAttributeValues={":w": {"S": "WS#acme"}, ":p": {"S": "PROJ#"}},
    ScanIndexForward=False,
    Limit=3,
)
assert [i["Detail"]["S"] for i in newest["Items"]] == [i["Detail"]["S"] for i in projects[:3]], newest
assert newest["Count"] == 3 and "LastEvaluatedKey" in newest, newest

step("CreateTable")
created = ddb.create_table(
    TableName="Catatan",
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
    AttributeDefinitions=[
        {"AttributeName": "pk", "AttributeType": "S"},
        {"AttributeName": "sk", "AttributeType": "S"},
    ],
    BillingMode="PAY_PER_REQUEST",
)
assert created["TableDescription"]["TableName"] == "Catatan", created
ddb.get_waiter("table_exists").wait(TableName="Catatan")
assert "Catatan" in ddb.list_tables()["TableNames"]
taken = error_code(lambda: ddb.create_table(
    TableName="Catatan",
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
    BillingMode="PAY_PER_REQUEST",
))
assert taken["Error"]["Code"] == "ResourceInUseException", taken

step("PutItem")
ddb.put_item(TableName="Catatan", Item={"pk": {"S": "a"}, "sk": {"S": "1"}, "versi": {"N": "1"}})

step("UpdateItem with a condition")
updated = ddb.update_item(
    TableName="Catatan",
    Key={"pk": {"S": "a"}, "sk": {"S": "1"}},
    UpdateExpression="SET versi = versi + :satu",
    ConditionExpression="versi = :lama",
    ExpressionAttributeValues={":satu": {"N": "1"}, ":lama": {"N": "1"}},
    ReturnValues="ALL_NEW",
)
assert updated["Attributes"]["versi"] == {"N": "2"}, updated
stale = error_code(lambda: ddb.update_item(
    TableName="Catatan",
    Key={"pk": {"S": "a"}, "sk": {"S": "1"}},
    UpdateExpression="SET versi = versi + :satu",
    ConditionExpression="versi = :lama",
    ExpressionAttributeValues={":satu": {"N": "1"}, ":lama": {"N": "1"}},
    ReturnValuesOnConditionCheckFailure="ALL_OLD",
))
assert stale["Error"]["Code"] == "ConditionalCheckFailedException", stale
assert stale["Error"]["Message"] == "The conditional request failed", stale
assert stale["Item"]["versi"] == {"N": "2"}, stale

step("BatchWriteItem")
batch = [{"PutRequest": {"Item": {"pk": {"S": "b"}, "sk": {"S": str(n).zfill(2)}}}} for n in range(25)]
written = ddb.batch_write_item(RequestItems={"Catatan": batch})
assert written["UnprocessedItems"] == {}, written

step("TransactWriteItems")
ddb.transact_write_items(TransactItems=[
    {"Put": {"TableName": "Catatan", "Item": {"pk": {"S": "c"}, "sk": {"S": "1"}},
             "ConditionExpression": "attribute_not_exists(pk)"}},
    {"Delete": {"TableName": "Catatan", "Key": {"pk": {"S": "b"}, "sk": {"S": "00"}}}},
])
canceled = error_code(lambda: ddb.transact_write_items(TransactItems=[
    {"Put": {"TableName": "Catatan", "Item": {"pk": {"S": "d"}, "sk": {"S": "1"}}}},
    {"Put": {"TableName": "Catatan", "Item": {"pk": {"S": "c"}, "sk": {"S": "1"}},
             "ConditionExpression": "attribute_not_exists(pk)"}},
]))
assert canceled["Error"]["Code"] == "TransactionCanceledException", canceled
reasons = [r["Code"] for r in canceled["CancellationReasons"]]
assert reasons == ["None", "ConditionalCheckFailed"], canceled
assert "Item" not in ddb.get_item(TableName="Catatan", Key={"pk": {"S": "d"}, "sk": {"S": "1"}})

step("paginated Scan")
pages = ddb.get_paginator("scan").paginate(TableName="Catatan", PaginationConfig={"PageSize": 4})
keys = [(i["pk"]["S"], i["sk"]["S"]) for page in pages for i in page["Items"]]
expected = {("a", "1"), ("c", "1")} | {("b", str(n).zfill(2)) for n in range(1, 25)}
assert len(keys) == len(expected) and set(keys) == expected, keys

step("legacy parameter served, mixing refused")
key = {"EntityRef": meta["EntityRef"], "Detail": meta["Detail"]}
legacy = ddb.get_item(TableName="AppData", Key=key, AttributesToGet=["EntityRef"])
assert legacy["Item"] == {"EntityRef": meta["EntityRef"]}, legacy
mixed = error_code(lambda: ddb.get_item(
    TableName="AppData", Key=key, AttributesToGet=["EntityRef"], ProjectionExpression="Detail",
))
assert mixed["Error"]["Code"] == "ValidationException", mixed
assert mixed["Error"]["Message"].startswith("Can not use both expression"), mixed

print("semua langkah lulus")
