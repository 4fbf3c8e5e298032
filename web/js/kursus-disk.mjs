// Under Node: the learner's data folder between the disk and the WASI shim's in-memory
// directory (see loadNode in kursus.mjs). Files only grow or change here; the module
// replaces files by renaming a temporary one, so a name gone from memory is removed too.

import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The folder's files as the shim's `Map` of names to `File`s and `Directory`s. */
export function read(dir, shim) {
  const contents = new Map();
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    contents.set(
      name,
      statSync(path).isDirectory()
        ? new shim.Directory(read(path, shim))
        : new shim.File(readFileSync(path)),
    );
  }
  return contents;
}

/** Writes what changed in memory back to `dir`, and removes what memory no longer has. */
export function write(dir, contents, shim) {
  mkdirSync(dir, { recursive: true });
  const names = new Set(contents.keys());
  for (const name of readdirSync(dir)) {
    if (!names.has(name)) {
      rmSync(join(dir, name), { recursive: true, force: true });
    }
  }
  for (const [name, entry] of contents) {
    const path = join(dir, name);
    if (entry instanceof shim.Directory) {
      write(path, entry.contents, shim);
    } else if (!sameBytes(path, entry.data)) {
      writeFileSync(path, entry.data);
    }
  }
}

function sameBytes(path, data) {
  try {
    return Buffer.compare(readFileSync(path), Buffer.from(data)) === 0;
  } catch {
    return false;
  }
}
