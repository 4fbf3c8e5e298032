"""boto3 against an empty `kursus layani`: the legacy (pre-expression) parameters served
as the service serves them, each right and wrong, with botocore's own parameter checks
switched off so that the server answers. Prints one line per step and
`semua langkah lulus` at the end; any failed check raises."""

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

ddb = boto3.client("dynamodb", config=Config(parameter_validation=False))
TABLE = "Lama"
INVALID = "One or more parameter values were invalid: "


def step(name):
    print("langkah:", name, flush=True)


def failed(call, **kwargs):
    try:
        call(**kwargs)
    except ClientError as e:
        return e.response["Error"]
    raise AssertionError("no error")


def refused(call, **kwargs):
    error = failed(call, **kwargs)
    assert error["Code"] == "ValidationException", error
    return error["Message"]


def cond(op, *values):
    return {"ComparisonOperator": op, "AttributeValueList": list(values)}


def s(text):
    return {"S": text}


def n(text):
    return {"N": text}


def key(sk):
    return {"pk": s("p"), "sk": s(sk)}


def sort_keys(answer):
    return [i["sk"]["S"] for i in answer["Items"]]


ddb.create_table(
    TableName=TABLE,
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}],
    BillingMode="PAY_PER_REQUEST",
)
for sk, num, tag in [("a", "1", "red-x"), ("b", "2", "blue"), ("c", "3", "green-x")]:
    ddb.put_item(TableName=TABLE, Item={**key(sk), "n": n(num), "tag": s(tag)})
ON_P = {"pk": cond("EQ", s("p"))}

step("AttributesToGet: GetItem, BatchGetItem, Query, Scan")
got = ddb.get_item(TableName=TABLE, Key=key("a"), AttributesToGet=["tag", "missing"])
assert got["Item"] == {"tag": s("red-x")}, got
got = ddb.batch_get_item(RequestItems={TABLE: {"Keys": [key("b")], "AttributesToGet": ["n"]}})
assert got["Responses"][TABLE] == [{"n": n("2")}], got
got = ddb.query(TableName=TABLE, KeyConditions=ON_P, AttributesToGet=["sk"], Select="SPECIFIC_ATTRIBUTES")
assert got["Items"] == [{"sk": s("a")}, {"sk": s("b")}, {"sk": s("c")}], got
got = ddb.scan(TableName=TABLE, AttributesToGet=["n"])
assert sorted(i["n"]["N"] for i in got["Items"]) == ["1", "2", "3"], got
message = refused(ddb.get_item, TableName=TABLE, Key=key("a"), AttributesToGet=["n", "n"])
assert message == INVALID + "Duplicate value in attribute name: n", message
message = refused(ddb.scan, TableName=TABLE, AttributesToGet=["n"], Select="COUNT")
assert message == "Cannot specify the AttributesToGet when choosing to get only the Count", message

step("KeyConditions")
got = ddb.query(TableName=TABLE, KeyConditions={**ON_P, "sk": cond("BETWEEN", s("b"), s("c"))})
assert sort_keys(got) == ["b", "c"], got
got = ddb.query(TableName=TABLE, KeyConditions={**ON_P, "sk": cond("BEGINS_WITH", s("a"))})
assert sort_keys(got) == ["a"], got
got = ddb.query(TableName=TABLE, KeyConditions=ON_P, ScanIndexForward=False)
assert sort_keys(got) == ["c", "b", "a"], got
message = refused(ddb.query, TableName=TABLE, KeyConditions={**ON_P, "sk": cond("NE", s("a"))})
assert message == "Attempted conditional constraint is not an indexable operation", message
message = refused(ddb.query, TableName=TABLE, KeyConditions={"pk": cond("GT", s("p"))})
assert message == "Query key condition not supported", message
message = refused(ddb.query, TableName=TABLE, KeyConditions={"sk": cond("EQ", s("a"))})
assert message == "Query condition missed key schema element: pk", message
message = refused(ddb.query, TableName=TABLE, KeyConditions={"pk": cond("EQ")})
assert message == INVALID + "Invalid number of argument(s) for the EQ ComparisonOperator", message
message = refused(ddb.query, TableName=TABLE, KeyConditions=ON_P, KeyConditionExpression="pk = :p",
                  ExpressionAttributeValues={":p": s("p")})
assert message == (
    "Can not use both expression and non-expression parameters in the same request: "
    "Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}"
), message

step("QueryFilter and ConditionalOperator")
got = ddb.query(TableName=TABLE, KeyConditions=ON_P, QueryFilter={"tag": cond("CONTAINS", s("-x"))})
assert (sort_keys(got), got["ScannedCount"]) == (["a", "c"], 3), got
got = ddb.query(TableName=TABLE, KeyConditions=ON_P, ConditionalOperator="OR",
                QueryFilter={"n": cond("EQ", n("2")), "tag": cond("BEGINS_WITH", s("red"))})
assert sort_keys(got) == ["a", "b"], got
message = refused(ddb.query, TableName=TABLE, KeyConditions=ON_P, QueryFilter={"sk": cond("EQ", s("a"))})
assert message == "QueryFilter can only contain non-primary key attributes: Primary key attribute: sk", message
message = refused(ddb.query, TableName=TABLE, KeyConditions=ON_P, ConditionalOperator="AND")
assert message == "ConditionalOperator cannot be used without Filter or Expected", message

step("ScanFilter")
got = ddb.scan(TableName=TABLE, ScanFilter={"n": cond("IN", n("1"), n("3"))})
assert sorted(sort_keys(got)) == ["a", "c"], got
got = ddb.scan(TableName=TABLE, ScanFilter={"n": cond("GE", n("2")), "tag": cond("NOT_CONTAINS", s("-x"))},
               ConditionalOperator="AND")
assert sort_keys(got) == ["b"], got
message = refused(ddb.scan, TableName=TABLE, ScanFilter={"n": cond("LT", {"BOOL": True})})
assert message == INVALID + "ComparisonOperator LT is not valid for BOOL AttributeValue type", message
message = refused(ddb.scan, TableName=TABLE, ScanFilter={"n": cond("BETWEEN", n("3"), n("1"))})
assert message == "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound", message
message = refused(ddb.scan, TableName=TABLE, ScanFilter={"n": cond("EQ", n("1"))}, ConditionalOperator="OR")
assert message == "ConditionalOperator can only be used when Filter or Expected has two or more elements", message

step("Expected: Value and Exists")
error = failed(ddb.put_item, TableName=TABLE, Item=key("a"), Expected={"pk": {"Exists": False}})
assert error["Code"] == "ConditionalCheckFailedException", error
ddb.put_item(TableName=TABLE, Item={**key("d"), "n": n("4")}, Expected={"pk": {"Exists": False}})
ddb.put_item(TableName=TABLE, Item={**key("d"), "n": n("5")}, Expected={"n": {"Value": n("4")}})
message = refused(ddb.put_item, TableName=TABLE, Item=key("d"), Expected={"n": {"Exists": True}})
assert message == INVALID + "Value must be provided when Exists is true for Attribute: n", message
message = refused(ddb.put_item, TableName=TABLE, Item=key("d"), Expected={"n": {"Exists": False, "Value": n("1")}})
assert message == INVALID + "Value cannot be used when Exists is false for Attribute: n", message

step("Expected: ComparisonOperator, AND and OR")
error = failed(ddb.delete_item, TableName=TABLE, Key=key("d"), ConditionalOperator="AND",
               Expected={"n": cond("GT", n("4")), "tag": cond("NOT_NULL")})
assert error["Code"] == "ConditionalCheckFailedException", error
ddb.delete_item(TableName=TABLE, Key=key("d"), ConditionalOperator="OR",
                Expected={"n": cond("GT", n("4")), "tag": cond("NOT_NULL")})
assert "Item" not in ddb.get_item(TableName=TABLE, Key=key("d")), "deleted"
message = refused(ddb.delete_item, TableName=TABLE, Key=key("a"), Expected={"n": {"ComparisonOperator": "EQ", "Exists": True}})
assert message == INVALID + "Exists and ComparisonOperator cannot be used together for Attribute: n", message
message = refused(ddb.put_item, TableName=TABLE, Item=key("a"), Expected={"n": {"Exists": False}},
                  ConditionExpression="attribute_not_exists(pk)")
assert message.startswith("Can not use both expression and non-expression parameters"), message

step("AttributeUpdates: PUT, ADD, DELETE")
got = ddb.update_item(TableName=TABLE, Key=key("a"), ReturnValues="ALL_NEW", AttributeUpdates={
    "n": {"Action": "ADD", "Value": n("5")},
    "tags": {"Action": "ADD", "Value": {"SS": ["x", "y"]}},
    "tag": {"Action": "DELETE"},
    "note": {"Value": s("baru")},
})
assert got["Attributes"] == {**key("a"), "n": n("6"), "tags": {"SS": ["x", "y"]}, "note": s("baru")}, got
got = ddb.update_item(TableName=TABLE, Key=key("a"), ReturnValues="UPDATED_NEW",
                      AttributeUpdates={"tags": {"Action": "DELETE", "Value": {"SS": ["x"]}}})
assert got["Attributes"] == {"tags": {"SS": ["y"]}}, got
got = ddb.update_item(TableName=TABLE, Key=key("e"), ReturnValues="ALL_NEW",
                      AttributeUpdates={"count": {"Action": "ADD", "Value": n("2")}},
                      Expected={"pk": {"Exists": False}})
assert got["Attributes"] == {**key("e"), "count": n("2")}, got
message = refused(ddb.update_item, TableName=TABLE, Key=key("a"), AttributeUpdates={"pk": {"Action": "PUT", "Value": s("q")}})
assert message == INVALID + "Cannot update attribute pk. This attribute is part of the key", message
message = refused(ddb.update_item, TableName=TABLE, Key=key("a"), AttributeUpdates={"n": {"Action": "PUT"}})
assert message == INVALID + "Only DELETE action is allowed when no attribute value is specified", message
message = refused(ddb.update_item, TableName=TABLE, Key=key("a"), AttributeUpdates={"n": {"Action": "ADD", "Value": s("x")}})
assert message == INVALID + "ADD action is not supported for the type S", message
message = refused(ddb.update_item, TableName=TABLE, Key=key("a"), AttributeUpdates={"n": {"Action": "ADD", "Value": {"SS": ["x"]}}})
assert message == "Type mismatch for attribute to update", message

print("semua langkah lulus")
