// Feeds standard input to a Kursus WebAssembly console line by line, as the terminal REPL
// takes piped input, and prints what every entry printed.
//
//   node tests/web/repl.mjs target/web/kursus.mjs [OPEN-JSON [DATA-DIR]] < script.js
//
// OPEN-JSON is the `open` request's options (`{"latihan":"PELAJARAN/LATIHAN"}`); with
// DATA-DIR the learner's files are kept there, as `--data-dir` keeps them. With the
// environment variable KURSUS_MODEL naming a file, that file is the design model.

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import * as shim from "../../book/src/web/vendor/browser_wasi_shim/index.js";

const [glue, options, dataDir] = process.argv.slice(2);
const glueUrl = pathToFileURL(glue);
const { loadNode } = await import(glueUrl.href);
const kursus = await loadNode(new URL("kursus.wasm", glueUrl), dataDir, shim);
const opened = kursus.open(options === undefined ? {} : JSON.parse(options));
const { session } = opened;
// As the terminal, the greeting goes to standard error.
if (opened.greeting !== null) {
  process.stderr.write(`${opened.greeting}\n`);
}
// A design model handed over as text, as a page's editor hands it.
if (process.env.KURSUS_MODEL !== undefined) {
  kursus.model(session, readFileSync(process.env.KURSUS_MODEL, "utf8"));
}

const input = readFileSync(0, "utf8");
const lines = input.split("\n").map((line) => line.replace(/\r$/, ""));
if (input.endsWith("\n")) {
  lines.pop();
}

const show = (answer) => {
  if (answer.entry !== null) {
    process.stdout.write(answer.entry.output);
  }
  return answer.quit;
};
let quit = false;
for (const line of lines) {
  if ((quit = show(kursus.line(session, line)))) {
    break;
  }
}
if (!quit) {
  show(kursus.finish(session));
}
