// The course's WebAssembly module, run away from the page: an endless loop typed by the
// learner blocks this worker, never the page, and the page stops it by ending the worker.
//
// Messages in: `{ id, op, args }`; out: `{ id, ok, value | error, broken, progress }`, where
// `progress` is the progress JSON as it stands after the call, for the page to keep.
// The module's API is the glue's (kursus.mjs, beside this file); nothing of the REPL is
// decided here.

import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI } from "./vendor/browser_wasi_shim/index.js";
import { Kursus } from "./kursus.mjs";

let ready;
const queue = [];

// Messages may arrive while the module still compiles; they wait, in order.
self.onmessage = (event) => {
  queue.push(event.data);
  if (queue.length === 1) {
    drain();
  }
};

async function drain() {
  while (queue.length > 0) {
    const message = queue[0];
    self.postMessage(await answer(message));
    queue.shift();
  }
}

async function answer({ id, op, args }) {
  try {
    if (op === "start") {
      ready ??= start(args);
      const { kursus, module } = await ready;
      return { id, ok: true, value: { module }, progress: kursus.exportProgress() };
    }
    const { kursus } = await ready;
    const value = call(kursus, op, args);
    // Asking whether an entry is complete changes nothing worth storing.
    const progress = op === "complete" ? undefined : kursus.exportProgress();
    return { id, ok: true, value, progress };
  } catch (error) {
    // A trap leaves the module's memory as the panic left it: the page starts a new worker.
    const broken = error instanceof WebAssembly.RuntimeError;
    return { id, ok: false, error: String(error?.message ?? error), broken };
  }
}

/**
 * Instantiates the module (the page hands over the one an earlier worker compiled, so a
 * restart after Berhenti costs no new download) on an in-memory data folder, and merges
 * the progress the page kept.
 */
async function start({ module, progress }) {
  if (!(module instanceof WebAssembly.Module)) {
    const response = await fetch(new URL("./kursus.wasm", import.meta.url));
    if (!response.ok) {
      throw new Error(`kursus.wasm: HTTP ${response.status}`);
    }
    module = await compile(response);
  }
  const fds = [
    new OpenFile(new File([])),
    ConsoleStdout.lineBuffered((line) => console.log(line)),
    ConsoleStdout.lineBuffered((line) => console.warn(line)),
    new PreopenDirectory("/kursus", new Map()),
  ];
  // The shim's stdout looks like a terminal to the module, which would then colour the
  // verdict's diff with ANSI escapes; the page shows plain text.
  const wasi = new WASI([], ["KURSUS_DATA_DIR=/kursus", "NO_COLOR=1"], fds, { debug: false });
  const kursus = await Kursus.instantiate(module, wasi);
  if (typeof progress === "string" && progress !== "") {
    try {
      kursus.importProgress(progress);
    } catch (error) {
      // A stored progress the module refuses must not keep the book from running.
      console.warn(error);
    }
  }
  return { kursus, module };
}

/**
 * Compiles while downloading, and lets the browser keep the compiled code for the next
 * visit; a server that sends the module under another type than application/wasm gets the
 * plain way.
 */
async function compile(response) {
  if (typeof WebAssembly.compileStreaming === "function" && response.headers.get("content-type")?.startsWith("application/wasm")) {
    try {
      return await WebAssembly.compileStreaming(response.clone());
    } catch (error) {
      console.warn("compileStreaming:", error);
    }
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

function call(kursus, op, args) {
  switch (op) {
    case "open":
      return kursus.open(args.options);
    case "line":
      return kursus.line(args.session, args.line);
    case "finish":
      return kursus.finish(args.session);
    case "run":
      return kursus.run(args.session, args.entry);
    case "complete":
      return kursus.complete(args.text);
    case "model":
      return args.text === undefined ? kursus.model(args.session) : kursus.model(args.session, args.text);
    case "close":
      return kursus.close(args.session);
    case "examples":
      return examples(kursus, args);
    case "quiz_answer":
      return kursus.quizAnswer(args.session, args.bab, args.soal, args.jawaban);
    case "quiz_reveal":
      return kursus.quizReveal(args.session, args.bab);
    case "quiz_state":
      return kursus.quizState(args.session, args.bab);
    default:
      throw new Error(`unknown op ${op}`);
  }
}

/** A chapter's examples in a fresh console; answers what each printed. */
function examples(kursus, { options, codes }) {
  const { session } = kursus.open(options);
  try {
    return codes.map((code) => kursus.example(session, code));
  } finally {
    kursus.close(session);
  }
}
