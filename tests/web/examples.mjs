// Runs book examples through the WebAssembly API as `kursus periksa` runs them.
//
//   node tests/web/examples.mjs target/web/kursus.mjs < chapters.json
//
// Standard input: `[{ "open": {…}, "codes": ["…", …] }, …]`, a console per chapter
// (`open` is the `open` request's options) and its examples in order. Standard output:
// the outputs, one array per chapter, as JSON.

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import * as shim from "../../book/src/web/vendor/browser_wasi_shim/index.js";

const glueUrl = pathToFileURL(process.argv[2]);
const { loadNode } = await import(glueUrl.href);
const kursus = await loadNode(new URL("kursus.wasm", glueUrl), undefined, shim);
const chapters = JSON.parse(readFileSync(0, "utf8"));
const outputs = chapters.map(({ open, codes }) => {
  const { session } = kursus.open(open);
  const printed = codes.map((code) => kursus.example(session, code));
  kursus.close(session);
  return printed;
});
process.stdout.write(JSON.stringify(outputs));
