// Timings of the runnable book in Chromium, for the notes (not a test):
//
//   node tests/web/measure-book.mjs [runs]
//
// Builds the book as tests/web/book.mjs does (same environment: KURSUS_BIN, KURSUS_WEB_DIR,
// KURSUS_KLIEN_DIR, KURSUS_CHROMIUM), serves it from localhost without compression, and for
// each run opens a chapter in a fresh browser context (empty HTTP cache, no service worker):
// when the page is ready, how long its first example takes from the click on Jalankan (the
// engine starts on that click: worker, kursus.wasm fetched and compiled, the chapter's
// dataset loaded) until its output shows, and how long a later run takes; then the same
// chapter opened again in that context (HTTP cache and service worker warm). Prints the
// bundle's size, raw and gzip-compressed.

import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = process.env.KURSUS_BIN ?? join(root, "target/release/kursus");
const webDir = process.env.KURSUS_WEB_DIR ?? join(root, "target/web");
const clients = process.env.KURSUS_KLIEN_DIR ?? join(root, ".klien");
const chromiumPath = process.env.KURSUS_CHROMIUM ?? "/usr/bin/chromium";
const runs = Number(process.argv[2] ?? 1);
const chapter = "embedding-referencing.html";

const require = createRequire(join(clients, "node/package.json"));
const { chromium } = require("playwright-core");

const course = mkdtempSync(join(tmpdir(), "kursus-ukur-buku-"));
for (const part of ["lessons", "book/src", "book/theme", "book/book.toml"]) {
  cpSync(join(root, part), join(course, part), { recursive: true });
}
const build = spawnSync(bin, ["buku"], { env: { ...process.env, KURSUS_DIR: course, KURSUS_WEB_DIR: webDir }, encoding: "utf8" });
if (build.status !== 0) throw new Error(`kursus buku failed:\n${build.stdout}${build.stderr}`);
const html = join(course, "book/book");
if (!existsSync(join(html, "web/kursus.wasm"))) {
  mkdirSync(join(html, "web"), { recursive: true });
  for (const name of ["kursus.mjs", "kursus.wasm"]) copyFileSync(join(webDir, name), join(html, "web", name));
}

const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
const size = (path) => {
  const bytes = readFileSync(path);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
};
const shim = ["index.js", "fd.js", "fs_mem.js", "fs_opfs.js", "wasi.js", "wasi_defs.js", "debug.js", "strace.js"].map((f) =>
  join(html, "web/vendor/browser_wasi_shim", f),
);
const parts = {
  "web/kursus.wasm": [join(html, "web/kursus.wasm")],
  "web/kursus.mjs": [join(html, "web/kursus.mjs")],
  "web/kursus-worker.js + shim": [join(html, "web/kursus-worker.js"), ...shim],
};
console.log("bundle (raw / gzip -6):");
let total = { raw: 0, gzip: 0 };
for (const [name, files] of Object.entries(parts)) {
  const s = files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }));
  total = { raw: total.raw + s.raw, gzip: total.gzip + s.gzip };
  console.log(`  ${name}: ${kib(s.raw)} / ${kib(s.gzip)}`);
}
console.log(`  total: ${kib(total.raw)} / ${kib(total.gzip)}`);

const types = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".svg": "image/svg+xml", ".png": "image/png", ".woff2": "font/woff2" };
const server = createServer((request, response) => {
  let file = resolve(html, `.${decodeURIComponent(new URL(request.url, "http://x").pathname)}`);
  if (file !== html && !file.startsWith(html + sep)) return response.writeHead(403).end();
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
  if (!existsSync(file)) return response.writeHead(404).end();
  response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream", "cache-control": "max-age=600" });
  response.end(readFileSync(file));
});
await new Promise((done) => server.listen(0, "127.0.0.1", done));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });

/** Clicks the n-th example's Jalankan in the page and answers the milliseconds until its output shows. */
function timeExample(page, n) {
  return page.evaluate(
    (n) =>
      new Promise((done, fail) => {
        const pre = document.querySelectorAll("pre[data-kursus-contoh]")[n];
        const button = pre.nextElementSibling.querySelector("[data-kursus-jalankan]");
        const output = pre.nextElementSibling.nextElementSibling;
        output.textContent = "";
        const finished = () => !button.disabled && !output.hidden && output.textContent !== "";
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          if (finished()) {
            observer.disconnect();
            if (output.classList.contains("kursus-error")) fail(new Error(output.textContent));
            else done(performance.now() - t0);
          }
        });
        observer.observe(pre.parentElement, { subtree: true, childList: true, attributes: true, characterData: true });
        button.click();
      }),
    n,
  );
}

async function ready(page) {
  await page.waitForSelector("html[data-kursus-siap]");
  await page.waitForSelector("pre[data-kursus-contoh] + div [data-kursus-jalankan]:not([disabled])");
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const mark = performance.getEntriesByName("kursus:siap")[0];
    return { ready: mark?.startTime ?? performance.now(), domContentLoaded: nav.domContentLoadedEventEnd };
  });
}

const ms = (x) => `${x.toFixed(0)} ms`;
try {
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(base + chapter);
    const cold = await ready(page);
    const first = await timeExample(page, 0);
    const again = await timeExample(page, 0);
    const fifth = await timeExample(page, 4);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 }).catch(() => {});
    await page.goto(base + chapter);
    const warm = await ready(page);
    const warmFirst = await timeExample(page, 0);
    console.log(
      `run ${run}: cold page ready ${ms(cold.ready)} (DOMContentLoaded ${ms(cold.domContentLoaded)}), ` +
        `first example ${ms(first)} after the click (${ms(cold.ready + first)} after navigation), ` +
        `same example again ${ms(again)}, example 5 (runs 1–5) ${ms(fifth)}; ` +
        `reopened with caches warm: page ready ${ms(warm.ready)}, first example ${ms(warmFirst)}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
  rmSync(course, { recursive: true, force: true });
}
