// Timings of the WebAssembly bundle under Node, for the notes (not a test):
//
//   node tests/web/measure.mjs target/web/kursus.mjs
//
// Prints when the module is compiled and instantiated, when a plain session is ready,
// when its first statement has run, when an exercise session (its dataset loaded) is
// ready, and the mean time of one statement on lesson data.

import { readFile } from "node:fs/promises";
import * as shim from "../../book/src/web/vendor/browser_wasi_shim/index.js";
import { pathToFileURL } from "node:url";

const start = performance.now();
const since = () => (performance.now() - start).toFixed(1);
const glueUrl = pathToFileURL(process.argv[2]);
const { Kursus } = await import(glueUrl.href);
const bytes = await readFile(new URL("kursus.wasm", glueUrl));
const module = await WebAssembly.compile(bytes);
console.log(`compiled: ${since()} ms`);
const { WASI, File, OpenFile, PreopenDirectory, ConsoleStdout } = shim;
const fds = [
  new OpenFile(new File([])),
  ConsoleStdout.lineBuffered((line) => console.log(line)),
  ConsoleStdout.lineBuffered((line) => console.error(line)),
  new PreopenDirectory("/kursus", new Map()),
];
const kursus = await Kursus.instantiate(module, new WASI([], ["KURSUS_DATA_DIR=/kursus"], fds, { debug: false }));
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
