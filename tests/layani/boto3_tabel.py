"""boto3 against an empty `kursus layani`: the table lifecycle calls clients and
conformance suites make around their data (waiters, UpdateTable with a new global
index, time to live, tags, account limits) and the service's validation texts.
Prints one line per step and `semua langkah lulus` at the end; any failed check raises."""

import boto3
from botocore.exceptions import ClientError

ddb = boto3.client("dynamodb")
TABLE = "Pesanan"


def step(name):
    print("langkah:", name, flush=True)


def refused(call, **kwargs):
    try:
        call(**kwargs)
    except ClientError as e:
        return e.response["Error"]
    raise AssertionError("no error")


step("CreateTable and the table_exists waiter")
created = ddb.create_table(
    TableName=TABLE,
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
    ProvisionedThroughput={"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
    Tags=[{"Key": "tim", "Value": "data"}],
)
arn = created["TableDescription"]["TableArn"]
ddb.get_waiter("table_exists").wait(TableName=TABLE, WaiterConfig={"Delay": 1, "MaxAttempts": 5})
for pk, status in [("a", "buka"), ("b", "tutup"), ("c", None)]:
    item = {"pk": {"S": pk}}
    if status:
        item["status"] = {"S": status}
    ddb.put_item(TableName=TABLE, Item=item)

step("UpdateTable creates a global index over the items already written")
ddb.update_table(
    TableName=TABLE,
    AttributeDefinitions=[{"AttributeName": "status", "AttributeType": "S"}],
    GlobalSecondaryIndexUpdates=[{"Create": {
        "IndexName": "PerStatus",
        "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
        "Projection": {"ProjectionType": "KEYS_ONLY"},
        "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1},
    }}],
)
index = ddb.describe_table(TableName=TABLE)["Table"]["GlobalSecondaryIndexes"][0]
assert (index["IndexName"], index["IndexStatus"]) == ("PerStatus", "ACTIVE"), index
open_items = ddb.query(
    TableName=TABLE, IndexName="PerStatus",
    KeyConditionExpression="#s = :s",
    ExpressionAttributeNames={"#s": "status"},
    ExpressionAttributeValues={":s": {"S": "buka"}},
)["Items"]
assert open_items == [{"pk": {"S": "a"}, "status": {"S": "buka"}}], open_items

step("UpdateTable deletes it and switches to on-demand")
ddb.update_table(TableName=TABLE, GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "PerStatus"}}])
described = ddb.update_table(TableName=TABLE, BillingMode="PAY_PER_REQUEST")["TableDescription"]
assert described["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST", described
assert not described.get("GlobalSecondaryIndexes"), described
error = refused(ddb.update_table, TableName=TABLE)
assert error["Code"] == "ValidationException", error
assert error["Message"].startswith("At least one of ProvisionedThroughput, BillingMode"), error

step("time to live")
assert ddb.describe_time_to_live(TableName=TABLE)["TimeToLiveDescription"] == {"TimeToLiveStatus": "DISABLED"}
spec = {"Enabled": True, "AttributeName": "kedaluwarsa"}
assert ddb.update_time_to_live(TableName=TABLE, TimeToLiveSpecification=spec)["TimeToLiveSpecification"] == spec
ttl = ddb.describe_time_to_live(TableName=TABLE)["TimeToLiveDescription"]
assert ttl == {"TimeToLiveStatus": "ENABLED", "AttributeName": "kedaluwarsa"}, ttl
error = refused(ddb.update_time_to_live, TableName=TABLE, TimeToLiveSpecification=spec)
assert error["Message"] == "TimeToLive is already enabled", error

step("tags")
ddb.tag_resource(ResourceArn=arn, Tags=[{"Key": "env", "Value": "dev"}])
ddb.untag_resource(ResourceArn=arn, TagKeys=["tim"])
assert ddb.list_tags_of_resource(ResourceArn=arn)["Tags"] == [{"Key": "env", "Value": "dev"}]
missing = arn + "Lain"
error = refused(ddb.list_tags_of_resource, ResourceArn=missing)
assert error == {"Code": "ResourceNotFoundException",
                 "Message": f"Requested resource not found: ResourcArn: {missing} not found"}, error

step("account and backups")
assert ddb.describe_limits()["TableMaxWriteCapacityUnits"] == 40000
backups = ddb.describe_continuous_backups(TableName=TABLE)["ContinuousBackupsDescription"]
assert backups["ContinuousBackupsStatus"] == "ENABLED", backups
error = refused(ddb.describe_continuous_backups, TableName="TidakAda")
assert error == {"Code": "TableNotFoundException", "Message": "Table not found: TidakAda"}, error

step("validation texts")
error = refused(ddb.list_tables, Limit=101)
assert error["Message"].endswith("Member must have value less than or equal to 100"), error
error = refused(ddb.scan, TableName=TABLE, Select="ALL_PROJECTED_ATTRIBUTES")
assert error["Message"] == "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName", error

error = refused(ddb.create_table, TableName="TanpaKapasitas",
               KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
               AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
assert error == {"Code": "ValidationException", "Message": "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED"}, error
assert "TanpaKapasitas" not in ddb.list_tables()["TableNames"]

error = refused(ddb.put_item, TableName=TABLE, Item={"pk": {"S": "z"}}, ReturnValues="ALL_NEW")
assert error == {"Code": "ValidationException", "Message": "Return values set to invalid value"}, error
error = refused(ddb.delete_item, TableName=TABLE, Key={"pk": {"S": "a"}}, ReturnValues="BOGUS")
assert error["Message"] == "1 validation error detected: Value 'BOGUS' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]", error
assert "Item" not in ddb.get_item(TableName=TABLE, Key={"pk": {"S": "z"}}), "refused put wrote"
assert "Item" in ddb.get_item(TableName=TABLE, Key={"pk": {"S": "a"}}), "refused delete deleted"

step("DeleteTable and the table_not_exists waiter")
ddb.delete_table(TableName=TABLE)
ddb.get_waiter("table_not_exists").wait(TableName=TABLE, WaiterConfig={"Delay": 1, "MaxAttempts": 5})
assert ddb.list_tables()["TableNames"] == []
print("semua langkah lulus")
