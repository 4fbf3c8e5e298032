// Timings of the WebAssembly bundle under Node, for the notes (not a test):
//
//   node tests/web/measure.mjs target/web/kursus.mjs
//
// Prints when the module is compiled and instantiated, when a plain session is ready,
// when its first statement has run, when an exercise session (its dataset loaded) is
// ready, and the mean time of one statement on lesson data.

import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WASI } from "node:wasi";
import { pathToFileURL } from "node:url";

const start = performance.now();
const since = () => (performance.now() - start).toFixed(1);
const glueUrl = pathToFileURL(process.argv[2]);
const { Kursus } = await import(glueUrl.href);
const bytes = await readFile(new URL("kursus.wasm", glueUrl));
const module = await WebAssembly.compile(bytes);
console.log(`compiled: ${since()} ms`);
const data = await mkdtemp(join(tmpdir(), "kursus-ukur-"));
const wasi = new WASI({
  version: "preview1",
  env: { KURSUS_DATA_DIR: "/kursus" },
  preopens: { "/kursus": data },
});
const kursus = await Kursus.instantiate(module, wasi);
console.log(`instantiated: ${since()} ms`);
const plain = kursus.open().session;
console.log(`plain session ready: ${since()} ms`);
kursus.run(plain, "use kampus\n");
console.log(`first statement done: ${since()} ms`);
const exercise = kursus.open({ latihan: "embedding-referencing/cari-kota" }).session;
console.log(`exercise session ready (course parsed, dataset loaded): ${since()} ms`);

const statement =
  'db.mahasiswa.find({ "alamat.kota": "Bandung" }, { _id: 0, nama: 1, nim: 1 }).sort({ nim: 1 })\n';
kursus.run(exercise, statement);
const rounds = 50;
const t0 = performance.now();
for (let i = 0; i < rounds; i++) {
  kursus.run(exercise, statement);
}
console.log(`one statement on lesson data: ${((performance.now() - t0) / rounds).toFixed(2)} ms (mean of ${rounds})`);
