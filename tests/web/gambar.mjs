// Screenshots of every data-model picture ({{#gambar …}}) of a built book, at 360 and 1280
// CSS pixels wide, in the light and the dark (coal) theme, into target/diagram-shots/, and
// what a phone reader gets: the smallest rendered text size in a picture, whether the page
// itself scrolls sideways (it must not; a wide picture scrolls inside its frame).
//
//   kursus buku && node tests/web/gambar.mjs
//
// Environment: KURSUS_BOOK (the built book; default book/book), KURSUS_KLIEN_DIR (where
// playwright-core is installed; default .klien), KURSUS_CHROMIUM (default /usr/bin/chromium).
// Exits non-zero when text is under 12px or the page scrolls sideways.

import { mkdirSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const book = process.env.KURSUS_BOOK ?? join(root, "book/book");
const clients = process.env.KURSUS_KLIEN_DIR ?? join(root, ".klien");
const require = createRequire(join(clients, "node/package.json"));
const { chromium } = require("playwright-core");
const out = join(root, "target/diagram-shots");
mkdirSync(out, { recursive: true });

// print.html and index.html repeat the chapters; each picture is shot once, from its chapter.
const skip = new Set(["print.html", "index.html", "404.html", "toc.html"]);
const pages = readdirSync(book).filter((f) => f.endsWith(".html") && !skip.has(f));
const browser = await chromium.launch({ executablePath: process.env.KURSUS_CHROMIUM ?? "/usr/bin/chromium" });
let failures = 0;
for (const width of [360, 1280]) {
  for (const theme of ["light", "coal"]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
    await context.addInitScript((t) => localStorage.setItem("mdbook-theme", t), theme);
    const page = await context.newPage();
    for (const file of pages) {
      await page.goto(pathToFileURL(join(book, file)).href);
      const figures = await page.locator("figure.kursus-gambar").all();
      for (const figure of figures) {
        const id = await figure.getAttribute("id");
        await figure.scrollIntoViewIfNeeded();
        await figure.screenshot({ path: join(out, `${id}-${width}-${theme}.png`) });
        const m = await figure.evaluate((f) => {
          const sizes = [...f.querySelectorAll("svg text")].map((t) => {
            const svg = t.ownerSVGElement;
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return parseFloat(getComputedStyle(t).fontSize) * scale;
          });
          const frames = [...f.querySelectorAll(".kursus-gambar-bingkai")];
          return {
            minText: Math.min(...sizes),
            scrolls: frames.some((b) => b.scrollWidth > b.clientWidth + 1),
            pageScrolls: document.documentElement.scrollWidth > window.innerWidth + 1,
          };
        });
        const bad = m.minText < 12 || m.pageScrolls;
        failures += bad ? 1 : 0;
        console.log(`${bad ? "not ok" : "ok"} - ${id} ${width}px ${theme}: smallest text ${m.minText.toFixed(1)}px, frame scrolls: ${m.scrolls}, page scrolls: ${m.pageScrolls}`);
      }
    }
    await context.close();
  }
}
await browser.close();
process.exit(failures ? 1 : 0);
