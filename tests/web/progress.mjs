// The progress of a data folder through the WebAssembly API.
//
//   node tests/web/progress.mjs target/web/kursus.mjs DATA-DIR ekspor
//   node tests/web/progress.mjs target/web/kursus.mjs DATA-DIR impor FILE
//
// `ekspor` prints the stored progress as `kursus daftar --ekspor` writes it; `impor`
// merges FILE into it, as `kursus daftar --impor`, and prints the learner's message.

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import * as shim from "../../book/src/web/vendor/browser_wasi_shim/index.js";

const [glue, dataDir, action, file] = process.argv.slice(2);
const glueUrl = pathToFileURL(glue);
const { loadNode } = await import(glueUrl.href);
const kursus = await loadNode(new URL("kursus.wasm", glueUrl), dataDir, shim);
if (action === "ekspor") {
  process.stdout.write(kursus.exportProgress());
} else if (action === "impor") {
  process.stdout.write(`${kursus.importProgress(readFileSync(file, "utf8"))}\n`);
} else {
  throw new Error(`unknown action ${action}`);
}
