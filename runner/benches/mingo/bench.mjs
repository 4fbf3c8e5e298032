/*
 * Side-by-side figures for runner/benches/mongo.rs on mingo (MongoDB query
 * language over plain in-memory JS arrays).
 *
 * Not part of the build. Needs Node >= 20.19 and the pinned packages:
 *   cd runner/benches/mingo && npm ci && node bench.mjs [N]   (default 1000000)
 * N = 1,000,000 peaks at about 1 GiB RSS and takes about 3 minutes.
 *
 * Same students, byte for byte, as the Rust bench: its xorshift64 RNG (u64
 * wrapping, done here with BigInt masks), its seed and order of draws,
 * `_id` M{i:07}, `nama`, `angkatan`, `mataKuliahId` = 1 to 10 of MK000..MK199.
 * mingo has no storage engine and no index: "insert" is an array push and
 * every query is a scan of the array. Each figure is the median of several
 * runs after warm-up runs.
 */

import v8 from "node:v8";
import vm from "node:vm";
import { readFileSync } from "node:fs";
import { calculateObjectSize } from "bson";
import { aggregate, find } from "mingo";

const COURSES = 200n;
const MASK = 0xffff_ffff_ffff_ffffn;

class Rng {
  constructor(seed) {
    this.s = seed;
  }
  next() {
    let x = this.s;
    x ^= (x << 13n) & MASK;
    x ^= x >> 7n;
    x ^= (x << 17n) & MASK;
    this.s = x;
    return x;
  }
}

const pad = (n, width) => String(n).padStart(width, "0");
const course = (i) => `MK${pad(i, 3)}`;

function student(rng, i) {
  const n = 1n + (rng.next() % 10n);
  const ids = [];
  for (let k = 0n; k < n; k++) ids.push(course(rng.next() % COURSES));
  return { _id: `M${pad(i, 7)}`, nama: `Mahasiswa ${i}`, angkatan: 2019 + (i % 6), mataKuliahId: ids };
}

function students(count) {
  const rng = new Rng(0x9e37_79b9_7f4a_7c15n);
  const docs = new Array(count);
  for (let i = 0; i < count; i++) docs[i] = student(rng, i);
  return docs;
}

// gc() without having to start node with --expose-gc.
v8.setFlagsFromString("--expose-gc");
const gc = globalThis.gc ?? vm.runInNewContext("gc");

function memory() {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

function ms(ns) {
  return Number(ns) / 1e6;
}

function fmt(msValue) {
  if (msValue >= 1000) return `${(msValue / 1000).toFixed(3)} s`;
  if (msValue >= 1) return `${msValue.toFixed(3)} ms`;
  return `${(msValue * 1000).toFixed(1)} µs`;
}

// Runs fn `warmup` times, then `runs` times; prints and returns the median.
function measure(name, fn, { runs = 10, warmup = 2, extra = "" } = {}) {
  let matches;
  for (let i = 0; i < warmup; i++) matches = fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    matches = fn();
    times.push(ms(process.hrtime.bigint() - start));
  }
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  const median = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  const tail = `${extra ? `  ${extra}` : ""}  [min ${fmt(times[0])}, max ${fmt(times.at(-1))}, ${runs} runs]`;
  console.log(`${name.padEnd(52)} ${fmt(median).padStart(12)}  matches ${String(matches).padStart(7)}${tail}`);
  return median;
}

function main() {
  const n = process.argv[2] ? Number(process.argv[2].replaceAll("_", "")) : 1_000_000;
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`bad N: ${process.argv[2]}`);
  const version = (name) =>
    JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, import.meta.url))).version;
  console.log(`mingo ${version("mingo")}, bson ${version("bson")}, node ${process.version}, N = ${n}`);

  // Generate first (the Rust bench also builds its Vec<Document> before timing
  // anything); the "load" below is putting them into the array mingo queries.
  const base = memory();
  let started = process.hrtime.bigint();
  const docs = students(n);
  const genTime = ms(process.hrtime.bigint() - started);
  const generated = memory();
  let data = 0;
  for (const d of docs) data += calculateObjectSize(d);
  console.log(`generated ${n} students in ${fmt(genTime)} (BigInt xorshift64); BSON ${data} bytes`);

  // insert: mingo has no storage engine; a collection is a JS array, so its
  // insert is an array push. Pushing the same 100k pre-built documents, as the
  // Rust bench inserts the same 100k pre-built Documents each iteration.
  const chunk = docs.slice(0, Math.min(100_000, n));
  const per100k = (t) => `${((chunk.length / t) * 1000).toFixed(0)} docs/s`;
  let t = measure(`insert ${chunk.length} (array push, no copy)`, () => {
    const coll = [];
    for (const d of chunk) coll.push(d);
    return coll.length;
  });
  console.log(`${"".padEnd(52)} ${per100k(t)}`);
  t = measure(`insert ${chunk.length} (array push of structuredClone)`, () => {
    const coll = [];
    for (const d of chunk) coll.push(structuredClone(d));
    return coll.length;
  });
  console.log(`${"".padEnd(52)} ${per100k(t)}`);

  // "load" the full collection and report memory growth over the documents'
  // BSON size, as the Rust bench does for its engine (here the growth is the
  // JS objects themselves, measured from before they were generated).
  started = process.hrtime.bigint();
  const mahasiswa = [];
  for (const d of docs) mahasiswa.push(d);
  const loadTime = ms(process.hrtime.bigint() - started);
  const loaded = memory();
  const heapGrowth = loaded.heap - base.heap;
  const rssGrowth = loaded.rss - base.rss;
  console.log(
    `loaded ${n} students in ${fmt(loadTime)}; BSON ${data} bytes; ` +
      `heap growth ${heapGrowth} bytes (${(heapGrowth / data).toFixed(2)}x); ` +
      `RSS growth ${rssGrowth} bytes (${(rssGrowth / data).toFixed(2)}x)`,
  );
  console.log(
    `  (heap after generating ${generated.heap - base.heap} bytes; ` +
      `heapUsed ${loaded.heap}, rss ${loaded.rss} now)`,
  );

  const mataKuliah = [];
  for (let i = 0; i < Number(COURSES); i++) mataKuliah.push({ _id: course(i), nama: `Mata Kuliah ${i}` });
  const collections = { mahasiswa, mata_kuliah: mataKuliah };
  const options = { collectionResolver: (name) => collections[name] };

  const scan = { runs: 10, warmup: 2 };
  measure(
    "reverse query {mataKuliahId: MK042}, all (COLLSCAN)",
    () => find(mahasiswa, { mataKuliahId: "MK042" }, {}).all().length,
    scan,
  );
  // Cursor.count() was removed in mingo 7.0.0; counting by iterating the
  // cursor (lazy, nothing collected) is the nearest equivalent.
  measure(
    "reverse query {mataKuliahId: MK042}, count",
    () => {
      let count = 0;
      for (const _ of find(mahasiswa, { mataKuliahId: "MK042" }, {})) count++;
      return count;
    },
    scan,
  );
  measure(
    "reverse query {mataKuliahId: MK042}, first 101",
    () => find(mahasiswa, { mataKuliahId: "MK042" }, {}).limit(101).all().length,
    { runs: 25, warmup: 5 },
  );
  // In mingo 7.2.7 limit() is a filter over the lazy sequence, so the line
  // above still scans the whole array; pulling 101 documents with next()
  // stops at the 101st match, as a server's first batch does.
  measure(
    "reverse query {mataKuliahId: MK042}, 101 x next()",
    () => {
      const cursor = find(mahasiswa, { mataKuliahId: "MK042" }, {});
      let count = 0;
      while (count < 101 && cursor.hasNext()) {
        cursor.next();
        count++;
      }
      return count;
    },
    { runs: 25, warmup: 5 },
  );

  const ids = [0, 1, 2, 3, 4].map((i) => `M${pad((i * 99_991) % n, 7)}`);
  measure(
    "forward $in on _id (5 ids)",
    () => find(mahasiswa, { _id: { $in: ids } }, {}).all().length,
    { ...scan, extra: ids.join(",") },
  );

  const targets = [0, 1, 2, 3, 4].map((i) => course(i * 17));
  measure(
    "forward $in on mataKuliahId (5 courses)",
    () => find(mahasiswa, { mataKuliahId: { $in: targets } }, {}).all().length,
    { ...scan, extra: targets.join(",") },
  );

  let joined;
  measure(
    "$lookup one student (M0000042) -> mata_kuliah",
    () => {
      joined = aggregate(
        mahasiswa,
        [
          { $match: { _id: "M0000042" } },
          { $lookup: { from: "mata_kuliah", localField: "mataKuliahId", foreignField: "_id", as: "mk" } },
        ],
        options,
      );
      return joined.length;
    },
    scan,
  );
  if (joined.length)
    console.log(
      `${"".padEnd(52)} ${joined[0]._id}: mataKuliahId [${joined[0].mataKuliahId}] -> mk [${joined[0].mk.map((m) => m._id)}]`,
    );
}

main();
