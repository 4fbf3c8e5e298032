"""boto3 against an empty `kursus layani`: the service's validation as a client meets
it, with botocore's own parameter checks switched off so that the server answers.
Several shape violations come back in one message; key attributes, item sizes,
batch limits, start keys and index capacity get the service's texts.
Prints one line per step and `semua langkah lulus` at the end; any failed check raises."""

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

ddb = boto3.client("dynamodb", config=Config(parameter_validation=False))
TABLE = "Validasi"


def step(name):
    print("langkah:", name, flush=True)


def refused(call, **kwargs):
    try:
        call(**kwargs)
    except ClientError as e:
        error = e.response["Error"]
        assert error["Code"] == "ValidationException", error
        return error["Message"]
    raise AssertionError("no error")


ddb.create_table(
    TableName=TABLE,
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}],
    ProvisionedThroughput={"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
)

step("several shape violations in one message")
message = refused(ddb.scan, TableName="a;", Select="SEMUA", Limit=0)
assert message == (
    "4 validation errors detected: "
    "Value 'SEMUA' at 'select' failed to satisfy constraint: Member must satisfy enum value set: "
    "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]; "
    "Value 'a;' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; "
    "Value 'a;' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3; "
    "Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"
), message

step("Query's Limit is checked after the model, in its own words")
message = refused(ddb.query, TableName=TABLE, Limit=0, KeyConditionExpression="pk = :p",
                  ExpressionAttributeValues={":p": {"S": "x"}})
assert message == (
    "1 validation error detected: Value at 'Limit' failed to satisfy constraint: "
    "Member must have value greater than or equal to 1"
), message

step("an item over 400 KB, before the table is looked up")
big = {"pk": {"S": "p"}, "sk": {"S": "s"}, "isi": {"S": "x" * (400 * 1024)}}
assert refused(ddb.put_item, TableName="TidakAda", Item=big) == "Item size has exceeded the maximum allowed size"

step("key attributes: missing, extra, empty")
assert refused(ddb.get_item, TableName=TABLE, Key={"pk": {"S": "p"}}) == "The provided key element does not match the schema"
assert refused(ddb.put_item, TableName=TABLE, Item={"pk": {"S": "p"}, "sk": {"S": ""}}) == (
    "One or more parameter values are not valid. The AttributeValue for a key attribute "
    "cannot contain an empty string value. Key: sk")

step("batch limits and duplicate keys")
puts = [{"PutRequest": {"Item": {"pk": {"S": "p"}, "sk": {"S": str(i)}}}} for i in range(13)]
assert refused(ddb.batch_write_item, RequestItems={TABLE: puts, "Lain": puts}) == (
    "Too many items requested for the BatchWriteItem call")
twice = [{"PutRequest": {"Item": {"pk": {"S": "p"}, "sk": {"S": "1"}}}},
         {"DeleteRequest": {"Key": {"pk": {"S": "p"}, "sk": {"S": "1"}}}}]
assert refused(ddb.batch_write_item, RequestItems={TABLE: twice}) == "Provided list of item keys contains duplicates"
assert ddb.scan(TableName=TABLE)["Count"] == 0

step("a start key of the wrong type")
message = refused(ddb.query, TableName=TABLE, KeyConditionExpression="pk = :p",
                  ExpressionAttributeValues={":p": {"S": "p"}},
                  ExclusiveStartKey={"pk": {"S": "p"}, "sk": {"N": "1"}})
assert message == "The provided starting key is invalid: The provided key element does not match the schema", message

step("an operator with one path on both sides")
message = refused(ddb.scan, TableName=TABLE, FilterExpression="contains(#a, a)", ExpressionAttributeNames={"#a": "a"})
assert message == ("Invalid FilterExpression: The first operand must be distinct from the remaining operands "
                   "for this operator or function; operator: contains, first operand: [a]"), message

step("a new global index on a provisioned table needs its capacity")
index = {"IndexName": "PerStatus", "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
         "Projection": {"ProjectionType": "KEYS_ONLY"}}
message = refused(ddb.update_table, TableName=TABLE,
                  AttributeDefinitions=[{"AttributeName": "status", "AttributeType": "S"}],
                  GlobalSecondaryIndexUpdates=[{"Create": index}])
assert message == "One or more parameter values were invalid: ProvisionedThroughput is not specified for index: PerStatus", message
assert "GlobalSecondaryIndexes" not in ddb.describe_table(TableName=TABLE)["Table"]

print("semua langkah lulus")
