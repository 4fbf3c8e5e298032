// The AWS SDK for JavaScript v3 against a `kursus layani --dynamodb` that loses the
// answer to the first transaction it applies: the SDK retries with the ClientRequestToken
// it filled in, and the counter the transaction adds to must count one. Prints the
// attempts the SDK made and the counter. Usage: node sdk_retry.js http://HOST:PORT
const {
  DynamoDBClient,
  CreateTableCommand,
  TransactWriteItemsCommand,
  GetItemCommand,
} = require("@aws-sdk/client-dynamodb");

async function main(endpoint) {
  const client = new DynamoDBClient({ endpoint, maxAttempts: 3 });
  await client.send(
    new CreateTableCommand({
      TableName: "Counters",
      BillingMode: "PAY_PER_REQUEST",
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
      AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    }),
  );
  const added = await client.send(
    new TransactWriteItemsCommand({
      TransactItems: [
        {
          Update: {
            TableName: "Counters",
            Key: { pk: { S: "c" } },
            UpdateExpression: "ADD n :one",
            ExpressionAttributeValues: { ":one": { N: "1" } },
          },
        },
      ],
    }),
  );
  const got = await client.send(
    new GetItemCommand({ TableName: "Counters", Key: { pk: { S: "c" } }, ConsistentRead: true }),
  );
  console.log(JSON.stringify({ attempts: added.$metadata.attempts, n: got.Item.n.N }));
}

main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
