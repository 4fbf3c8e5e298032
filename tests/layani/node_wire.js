// The Node `mongodb` driver against `kursus layani --mongo`: CRUD, indexes, explain,
// aggregation, a cursor over several getMore batches, killCursors and a duplicate key as
// the driver's own error with code 11000. Usage: node node_wire.js mongodb://HOST:PORT/
const assert = require("node:assert/strict");
const { MongoClient, MongoServerError } = require("mongodb");

async function main(url) {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  const db = client.db("kampus");
  const dosen = db.collection("dosen");
  const one = await dosen.insertOne({ kode: "D1", nama: "Dr. Ali", sks: 3 });
  assert.ok(one.acknowledged && one.insertedId);
  const docs = Array.from({ length: 120 }, (_, i) => ({ kode: `D${i + 2}`, sks: i % 5 }));
  assert.equal((await dosen.insertMany(docs)).insertedCount, 120);
  assert.equal((await dosen.findOne({ kode: "D1" })).nama, "Dr. Ali");
  const updated = await dosen.updateMany({ sks: 0 }, { $set: { sks: 9 } });
  assert.equal(updated.modifiedCount, 24);
  assert.equal(await dosen.countDocuments({ sks: 9 }), 24);
  assert.equal((await dosen.deleteOne({ kode: "D2" })).deletedCount, 1);

  assert.equal(await dosen.createIndex({ kode: 1 }, { unique: true }), "kode_1");
  const plan = await dosen.find({ kode: "D7" }).explain();
  assert.match(JSON.stringify(plan.queryPlanner.winningPlan), /IXSCAN/);
  await assert.rejects(dosen.insertOne({ kode: "D1" }), (error) => {
    assert.ok(error instanceof MongoServerError, String(error));
    assert.equal(error.code, 11000);
    return true;
  });
  const groups = await dosen
    .aggregate([{ $group: { _id: "$sks", n: { $sum: 1 } } }, { $sort: { _id: 1 } }])
    .toArray();
  assert.deepEqual(groups.map((g) => g._id), [1, 2, 3, 4, 9]);

  const total = await dosen.countDocuments();
  const all = await dosen.find({}, { batchSize: 8 }).toArray();
  assert.equal(all.length, total);
  const cursor = dosen.find({}, { batchSize: 4 });
  await cursor.next();
  const id = cursor.id;
  assert.ok(id && !id.isZero(), "the cursor should stay open after the first batch");
  const killed = await db.command({ killCursors: "dosen", cursors: [id] });
  assert.equal(killed.cursorsKilled.length, 1);
  await assert.rejects(db.command({ getMore: id, collection: "dosen" }), (e) => e.code === 43);
  await assert.rejects(db.command({ frobnicate: 1 }), (e) => e.code === 59);
  await client.close();
  console.log("OK");
}

main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
