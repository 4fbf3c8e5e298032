// PartiQL through the AWS SDK for JavaScript v3 against `kursus layani --dynamodb`:
// each statement kind, right and wrong, paging with NextToken, a batch, and a
// transaction retried with its ClientRequestToken, by the low-level client and by
// lib-dynamodb's DocumentClient. Prints "semua langkah lulus" when every step passed.
// Usage: node sdk_partiql.js http://HOST:PORT
const assert = require("node:assert/strict");
const {
  DynamoDBClient,
  CreateTableCommand,
  ExecuteStatementCommand,
  BatchExecuteStatementCommand,
  ExecuteTransactionCommand,
  GetItemCommand,
} = require("@aws-sdk/client-dynamodb");
const lib = require("@aws-sdk/lib-dynamodb");

let client;

async function run(Statement, Parameters, extra) {
  return client.send(new ExecuteStatementCommand({ Statement, Parameters, ...extra }));
}

async function refused(promise, name, message) {
  try {
    await promise;
  } catch (e) {
    assert.equal(e.name, name, e.message);
    if (message !== undefined) assert.equal(e.message, message);
    return e;
  }
  assert.fail(`expected ${name}`);
}

async function createTable() {
  await client.send(
    new CreateTableCommand({
      TableName: "Music",
      BillingMode: "PAY_PER_REQUEST",
      KeySchema: [
        { AttributeName: "Artist", KeyType: "HASH" },
        { AttributeName: "SongTitle", KeyType: "RANGE" },
      ],
      AttributeDefinitions: [
        { AttributeName: "Artist", AttributeType: "S" },
        { AttributeName: "SongTitle", AttributeType: "S" },
      ],
    }),
  );
}

async function inserts() {
  const songs = [["Acme", "A1", "2001"], ["Acme", "A2", "2002"], ["Acme", "B3", "2003"],
    ["Zed", "Z1", "1999"], ["Zed", "Z2", "2010"]];
  for (const [artist, title, year] of songs) {
    await run(`INSERT INTO "Music" VALUE {'Artist': ?, 'SongTitle': ?, 'Year': ?}`,
      [{ S: artist }, { S: title }, { N: year }]);
  }
  await refused(run(`INSERT INTO "Music" VALUE {'Artist': 'Acme', 'SongTitle': 'A1'}`),
    "DuplicateItemException", "Duplicate primary key exists in table");
  await refused(run(`INSERT INTO "Music" VALUE {'Artist': ?}`, [{ S: "a" }, { S: "b" }]),
    "ValidationException", "Number of parameters in request and statement don't match.");
  await refused(run(`INSERT INTO "Music" VALUE {'Artist': ?}`, []), "ValidationException",
    "1 validation error detected: Value '[]' at 'parameters' failed to satisfy constraint: Member must have length greater than or equal to 1");
}

async function selects() {
  const q = await run(`SELECT SongTitle FROM "Music" WHERE Artist = ? AND "Year" > ?`,
    [{ S: "Acme" }, { N: "2001" }]);
  assert.deepEqual(q.Items, [{ SongTitle: { S: "A2" } }, { SongTitle: { S: "B3" } }]);
  const desc = await run(`SELECT * FROM "Music" WHERE Artist = 'Acme' ORDER BY SongTitle DESC`);
  assert.deepEqual(desc.Items.map((i) => i.SongTitle.S), ["B3", "A2", "A1"]);
  const seen = [];
  let NextToken;
  let pages = 0;
  do {
    const page = await run(`SELECT * FROM "Music" WHERE begins_with(SongTitle, 'A') OR "Year" > 2005`,
      undefined, { Limit: 2, NextToken });
    seen.push(...page.Items.map((i) => i.SongTitle.S));
    NextToken = page.NextToken;
    pages += 1;
  } while (NextToken);
  assert.deepEqual(seen, ["A1", "A2", "Z2"]);
  assert.equal(pages, 3);
  await refused(run(`SELECTT * FROMM "Music"`), "ValidationException",
    "Statement wasn't well formed, can't be processed: Expected data manipulation");
  await refused(run(`SELECT * FROM "Nope" WHERE pk = 'x'`), "ResourceNotFoundException");
  await refused(run(`SELECT * FROM "Music" ORDER BY SongTitle`), "ValidationException",
    "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.");
}

async function updatesAndDeletes() {
  await run(`UPDATE "Music" SET Plays = 1, Tags = <<'live'>> REMOVE "Year" WHERE Artist = 'Acme' AND SongTitle = 'A1'`);
  const got = await client.send(new GetItemCommand({ TableName: "Music",
    Key: { Artist: { S: "Acme" }, SongTitle: { S: "A1" } } }));
  assert.deepEqual(got.Item.Plays, { N: "1" });
  assert.deepEqual(got.Item.Tags, { SS: ["live"] });
  assert.equal(got.Item.Year, undefined);
  await refused(run(`UPDATE "Music" SET Plays = 1 WHERE Artist = 'Acme' AND SongTitle = 'none'`),
    "ConditionalCheckFailedException", "The conditional request failed");
  await refused(run(`UPDATE "Music" SET Plays = 1 WHERE Artist = 'Acme'`), "ValidationException",
    "Where clause does not contain a mandatory equality on all key attributes");
  const failed = await refused(run(
    `UPDATE "Music" SET Plays = 5 WHERE Artist = 'Acme' AND SongTitle = 'A1' AND Plays = 99`,
    undefined, { ReturnValuesOnConditionCheckFailure: "ALL_OLD" }), "ConditionalCheckFailedException");
  assert.deepEqual(failed.Item.Plays, { N: "1" });
  await refused(run(`DELETE FROM "Music" WHERE Artist = 'Zed' AND SongTitle = 'Z1' AND "Year" = 1`),
    "ConditionalCheckFailedException");
  await run(`DELETE FROM "Music" WHERE Artist = 'Zed' AND SongTitle = 'Z1'`);
  await run(`DELETE FROM "Music" WHERE Artist = 'Zed' AND SongTitle = 'Z1'`);
  const left = await run(`SELECT * FROM "Music" WHERE Artist = 'Zed'`);
  assert.deepEqual(left.Items.map((i) => i.SongTitle.S), ["Z2"]);
}

async function documentClient() {
  const doc = lib.DynamoDBDocumentClient.from(client);
  await doc.send(new lib.ExecuteStatementCommand({
    Statement: `INSERT INTO "Music" VALUE {'Artist': ?, 'SongTitle': ?, 'Info': ?}`,
    Parameters: ["Doc", "D1", { tags: new Set(["a", "b"]), n: 3 }],
  }));
  const r = await doc.send(new lib.ExecuteStatementCommand({
    Statement: `SELECT Info, SongTitle FROM "Music" WHERE Artist = ?`, Parameters: ["Doc"],
  }));
  assert.deepEqual(r.Items, [{ Info: { tags: new Set(["a", "b"]), n: 3 }, SongTitle: "D1" }]);
  const b = await doc.send(new lib.BatchExecuteStatementCommand({ Statements: [
    { Statement: `SELECT * FROM "Music" WHERE Artist = ? AND SongTitle = ?`, Parameters: ["Doc", "D1"] },
  ] }));
  assert.equal(b.Responses[0].Item.Info.n, 3);
}

async function batches() {
  const b = await client.send(new BatchExecuteStatementCommand({ Statements: [
    { Statement: `SELECT * FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'A2'` },
    { Statement: `SELECT * FROM "Nope" WHERE pk = 'x'` },
    { Statement: `SELECT * FROM "Music" WHERE Artist = 'Acme'` },
  ] }));
  assert.equal(b.Responses[0].Item.Year.N, "2002");
  assert.equal(b.Responses[1].Error.Code, "ResourceNotFound");
  assert.equal(b.Responses[2].Error.Code, "ValidationError");
  const w = await client.send(new BatchExecuteStatementCommand({ Statements: [
    { Statement: `INSERT INTO "Music" VALUE {'Artist': 'Batch', 'SongTitle': 'X'}` },
    { Statement: `INSERT INTO "Music" VALUE {'Artist': 'Acme', 'SongTitle': 'A2'}` },
  ] }));
  assert.equal(w.Responses[0].Error, undefined);
  assert.deepEqual(w.Responses[1].Error, { Code: "DuplicateItem", Message: "Duplicate primary key exists in table" });
  await refused(client.send(new BatchExecuteStatementCommand({ Statements: [
    { Statement: `SELECT * FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'A2'` },
    { Statement: `DELETE FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'A2'` },
  ] })), "ValidationException", "Read and write requests together in the same batch is not supported.");
}

async function transactions() {
  await run(`INSERT INTO "Music" VALUE {'Artist': 'Count', 'SongTitle': 'C', 'n': 0}`);
  const add = { TransactStatements: [
    { Statement: `UPDATE "Music" SET n = n + 1 WHERE Artist = 'Count' AND SongTitle = 'C'` },
    { Statement: `INSERT INTO "Music" VALUE {'Artist': 'Count', 'SongTitle': ?}`, Parameters: [{ S: "new" }] },
  ], ClientRequestToken: "partiql-token-1" };
  await client.send(new ExecuteTransactionCommand(add));
  await client.send(new ExecuteTransactionCommand(add));
  const read = await client.send(new ExecuteTransactionCommand({ TransactStatements: [
    { Statement: `SELECT n FROM "Music" WHERE Artist = 'Count' AND SongTitle = 'C'` },
  ] }));
  assert.deepEqual(read.Responses, [{ Item: { n: { N: "1" } } }]);
  const e = await refused(client.send(new ExecuteTransactionCommand({ TransactStatements: [
    { Statement: `UPDATE "Music" SET n = 9 WHERE Artist = 'Count' AND SongTitle = 'C'` },
    { Statement: `INSERT INTO "Music" VALUE {'Artist': 'Count', 'SongTitle': 'new'}` },
  ] })), "TransactionCanceledException");
  assert.deepEqual(e.CancellationReasons.map((r) => r.Code), ["None", "DuplicateItem"]);
  const after = await run(`SELECT n FROM "Music" WHERE Artist = 'Count' AND SongTitle = 'C'`);
  assert.deepEqual(after.Items, [{ n: { N: "1" } }]);
  await refused(client.send(new ExecuteTransactionCommand({ TransactStatements: [] })),
    "ValidationException");
}

async function main(endpoint) {
  client = new DynamoDBClient({ endpoint });
  await createTable();
  await inserts();
  await selects();
  await updatesAndDeletes();
  await documentClient();
  await batches();
  await transactions();
  console.log("semua langkah lulus");
}

main(process.argv[2]).catch((e) => {
  console.error(e);
  process.exit(1);
});
