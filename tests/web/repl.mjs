// Feeds standard input to a Kursus WebAssembly session line by line, as the terminal REPL
// takes piped input, and prints what every entry printed.
//
//   node tests/web/repl.mjs target/web/kursus.mjs [PELAJARAN/LATIHAN] < script.js

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [glue, latihan] = process.argv.slice(2);
const glueUrl = pathToFileURL(glue);
const { loadNode } = await import(glueUrl.href);
const kursus = await loadNode(new URL("kursus.wasm", glueUrl));
const { session } = kursus.open(latihan);

const input = readFileSync(0, "utf8");
const lines = input.split("\n").map((line) => line.replace(/\r$/, ""));
if (input.endsWith("\n")) {
  lines.pop();
}

let pending = "";
let quit = false;
const run = (entry) => {
  const answer = kursus.run(session, entry);
  process.stdout.write(answer.output);
  quit = answer.quit;
};
for (const line of lines) {
  if (pending === "" && line.trim() === "") {
    continue;
  }
  pending += `${line}\n`;
  if (kursus.complete(pending)) {
    run(pending);
    pending = "";
  }
  if (quit) {
    break;
  }
}
if (!quit && pending.trim() !== "") {
  run(pending);
}
