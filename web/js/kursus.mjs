// Kursus in WebAssembly: the glue between a page (or Node) and kursus.wasm.
//
// The module is a WASI (preview 1) reactor; the host supplies WASI. Node has it built in
// (`node:wasi`); a page passes the `@bjorn3/browser_wasi_shim` module to `loadBrowser`.
// Requests and responses are JSON, described in web/src/api.rs.

export class Kursus {
  #exports;
  #encoder = new TextEncoder();
  #decoder = new TextDecoder();

  // Node's WASI object must outlive the instance: its imports do not keep it alive, and
  // once collected, the next WASI call crashes the process (SIGSEGV in node 20).
  #wasi;
  /** Called after every request (Node mirrors the data folder to disk with it). */
  afterCall = null;

  constructor(instance, wasi) {
    this.#exports = instance.exports;
    this.#wasi = wasi;
  }

  /**
   * Instantiates `source` (a WebAssembly.Module, the module's bytes, or a fetch Response)
   * with `wasi`: any object with `wasiImport` and `initialize(instance)`, which Node's
   * WASI and browser_wasi_shim's both are.
   */
  static async instantiate(source, wasi) {
    const imports = { wasi_snapshot_preview1: wasi.wasiImport };
    let instance;
    if (source instanceof WebAssembly.Module) {
      instance = await WebAssembly.instantiate(source, imports);
    } else if (typeof Response !== "undefined" && source instanceof Response) {
      ({ instance } = await WebAssembly.instantiateStreaming(source, imports));
    } else {
      ({ instance } = await WebAssembly.instantiate(source, imports));
    }
    wasi.initialize(instance);
    return new Kursus(instance, wasi);
  }

  /** One request object in, its response object out; a refused request throws. */
  call(request) {
    const e = this.#exports;
    const bytes = this.#encoder.encode(JSON.stringify(request));
    const ptr = e.kursus_alloc(bytes.length) >>> 0;
    new Uint8Array(e.memory.buffer, ptr, bytes.length).set(bytes);
    let packed;
    try {
      packed = e.kursus_call(ptr, bytes.length);
    } finally {
      e.kursus_free(ptr, bytes.length);
    }
    const out = Number(packed >> 32n);
    const len = Number(packed & 0xffffffffn);
    const text = this.#decoder.decode(new Uint8Array(e.memory.buffer, out, len));
    e.kursus_free(out, len);
    const response = JSON.parse(text);
    this.afterCall?.();
    if (!response.ok) {
      throw new Error(response.error);
    }
    return response;
  }

  /**
   * A console: `{}` a plain shell; `{ kursus: true }` the course where the learner left
   * off, `{ latihan: "PELAJARAN/LATIHAN" }` an exercise, `{ bab: "PELAJARAN" }` a chapter.
   * Answers `{ session, prompt, greeting }`.
   */
  open(options = {}) {
    return this.call({ op: "open", ...options });
  }

  /** One typed line, as the terminal takes it: `{ entry, prompt, quit }`. */
  line(session, line) {
    return this.call({ op: "line", session, line });
  }

  /** The end of input: what was typed runs as it stands. */
  finish(session) {
    return this.call({ op: "finish", session });
  }

  /** One whole entry (an editor's text): `{ entry: { output, spans }, prompt, quit }`. */
  run(session, entry) {
    return this.call({ op: "run", session, entry });
  }

  /** A book example, run as `kursus periksa` runs it: the text its output block shows. */
  example(session, code) {
    return this.call({ op: "example", session, code }).output;
  }

  /** Whether the lines typed so far make an entry to run now, as the REPL decides. */
  complete(text) {
    return this.call({ op: "complete", text }).complete;
  }

  /** The design exercise's model text; with `text`, replaces it. */
  model(session, text) {
    return this.call(text === undefined ? { op: "model", session } : { op: "model", session, text });
  }

  /** The progress JSON, as `kursus daftar --ekspor` writes it. */
  exportProgress(session) {
    return this.call(session === undefined ? { op: "progress" } : { op: "progress", session }).json;
  }

  /** Merges an exported progress, as `kursus daftar --impor`; answers the learner's message. */
  importProgress(json, session) {
    return this.call({ op: "import", json, ...(session === undefined ? {} : { session }) }).message;
  }

  /**
   * One quiz answer in chapter `bab`'s course session: `soal` a question's full id,
   * `jawaban` letters (`a,c`) or text. Answers `{ benar, umpan, dihitung, nilai }`.
   */
  quizAnswer(session, bab, soal, jawaban) {
    return this.call({ op: "quiz_answer", session, bab, soal, jawaban });
  }

  /** Every answer of chapter `bab`'s quiz with its explanation; retrying ends. */
  quizReveal(session, bab) {
    return this.call({ op: "quiz_reveal", session, bab });
  }

  /** Chapter `bab`'s quiz as recorded in the progress. */
  quizState(session, bab) {
    return this.call({ op: "quiz_state", session, bab });
  }

  close(session) {
    this.call({ op: "close", session });
  }
}

/**
 * Under Node: kursus.wasm from next to this file (or `path`). `shim` is the
 * `@bjorn3/browser_wasi_shim` module, the WASI the page uses too (Node's own `node:wasi`
 * crashed the process now and then while the module saved files, in Node 20). With
 * `dataDir`, the learner's files (progress, design models) are read from that folder at
 * start and written back after every call, so separate runs share them as the terminal's
 * runs share `--data-dir`.
 */
export async function loadNode(path = new URL("./kursus.wasm", import.meta.url), dataDir, shim) {
  const { readFile } = await import("node:fs/promises");
  const { WASI, File, OpenFile, PreopenDirectory, ConsoleStdout } = shim;
  const disk = dataDir === undefined ? null : await import("./kursus-disk.mjs");
  const contents = disk === null ? new Map() : disk.read(dataDir, shim);
  const fds = [
    new OpenFile(new File([])),
    ConsoleStdout.lineBuffered((line) => process.stdout.write(`${line}\n`)),
    ConsoleStdout.lineBuffered((line) => process.stderr.write(`${line}\n`)),
    new PreopenDirectory("/kursus", contents),
  ];
  const wasi = new WASI([], ["KURSUS_DATA_DIR=/kursus", "NO_COLOR=1"], fds, { debug: false });
  const kursus = await Kursus.instantiate(await readFile(path), wasi);
  if (disk !== null) {
    kursus.afterCall = () => disk.write(dataDir, fds[3].dir.contents, shim);
  }
  return kursus;
}

/**
 * In a page: `shim` is the `@bjorn3/browser_wasi_shim` module, `url` where kursus.wasm
 * is served (next to this file by default). Standard output and error go to the console.
 */
export async function loadBrowser(shim, url = new URL("./kursus.wasm", import.meta.url)) {
  const { WASI, File, OpenFile, ConsoleStdout } = shim;
  const fds = [
    new OpenFile(new File([])),
    ConsoleStdout.lineBuffered((line) => console.log(line)),
    ConsoleStdout.lineBuffered((line) => console.warn(line)),
  ];
  return Kursus.instantiate(await fetch(url), new WASI([], [], fds, { debug: false }));
}
