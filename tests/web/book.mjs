// The built book in Chromium: every example's Jalankan prints its keluaran block, exercises
// are graded in the page as the terminal grades them, progress survives a reload, Berhenti
// stops an endless loop, the book works offline after one visit, axe-core finds no serious
// accessibility violation, and the pages fit a phone. Screenshots go to target/kursus-layar/.
//
//   node tests/web/book.mjs
//
// The book is built by `kursus buku` from a copy of the course in a temporary folder.
// Environment: KURSUS_BIN (the kursus binary; default target/release/kursus),
// KURSUS_WEB_DIR (the WebAssembly bundle; default target/web), KURSUS_KLIEN_DIR (where
// .ci/klien installed playwright-core; default .klien), KURSUS_CHROMIUM (default
// /usr/bin/chromium). Exits non-zero on the first failed check.

import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = process.env.KURSUS_BIN ?? join(root, "target/release/kursus");
const webDir = process.env.KURSUS_WEB_DIR ?? join(root, "target/web");
const clients = process.env.KURSUS_KLIEN_DIR ?? join(root, ".klien");
const chromiumPath = process.env.KURSUS_CHROMIUM ?? "/usr/bin/chromium";
const screens = join(root, "target/kursus-layar");

const require = createRequire(join(clients, "node/package.json"));
const { chromium } = require("playwright-core");
const axePath = require.resolve("axe-core/axe.min.js");
const TOML = require("smol-toml");

let passed = 0;
let failed = 0;
// A failed check is told and the run goes on, so one run shows every failure; a step that
// cannot go on (a wait that times out) ends the run.
function check(condition, what, detail = "") {
  if (!condition) {
    failed += 1;
    console.log(`not ok - ${what}${detail ? `\n${detail.replace(/^/gm, "#   ")}` : ""}`);
    return;
  }
  passed += 1;
  console.log(`ok ${passed} - ${what}`);
}

// ---- the book, built and served ---------------------------------------------------------

// A copy of the course, so the build neither races other tests nor touches the clone's book/.
const course = mkdtempSync(join(tmpdir(), "kursus-buku-"));
for (const part of ["lessons", "book/src", "book/theme", "book/book.toml"]) {
  cpSync(join(root, part), join(course, part), { recursive: true });
}
// Served under a sub-path as on GitHub Pages, where mdBook's site-url names it (404.html
// loads its styles and scripts from there).
const prefix = "/buku";
const bookToml = join(course, "book/book.toml");
writeFileSync(bookToml, readFileSync(bookToml, "utf8").replace(/^\[output\.html\]$/m, `$&\nsite-url = "${prefix}/"`));
const build = spawnSync(bin, ["buku"], {
  env: { ...process.env, KURSUS_DIR: course, KURSUS_WEB_DIR: webDir },
  encoding: "utf8",
});
if (build.status !== 0) {
  throw new Error(`kursus buku failed (${bin}):\n${build.error ?? ""}${build.stdout}${build.stderr}`);
}
const html = join(course, "book/book");
if (!existsSync(join(html, "web/kursus.wasm"))) {
  // A kursus binary older than its bundle copy step: do what it would have done.
  mkdirSync(join(html, "web"), { recursive: true });
  for (const name of ["kursus.mjs", "kursus.wasm"]) {
    copyFileSync(join(webDir, name), join(html, "web", name));
  }
  console.log(`# bundel disalin dari ${webDir}`);
}

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
};
// `down` plays a network that is gone (for the offline check), also for the service worker.
let down = false;
const server = createServer((request, response) => {
  if (down) {
    request.socket.destroy();
    return;
  }
  const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
  if (path !== prefix && !path.startsWith(`${prefix}/`)) {
    response.writeHead(404).end();
    return;
  }
  let file = resolve(html, `.${path.slice(prefix.length)}`);
  if (file !== html && !file.startsWith(html + sep)) {
    response.writeHead(403).end();
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
  if (!existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
  response.end(readFileSync(file));
});
await new Promise((done) => server.listen(0, "127.0.0.1", done));
const base = `http://127.0.0.1:${server.address().port}${prefix}/`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const errors = [];
context.on("weberror", (e) => errors.push(String(e.error())));

async function open(page, name) {
  await page.goto(base + name);
  await page.waitForSelector("html[data-kursus-siap]");
}

const chapters = readdirSync(html)
  .filter((f) => f.endsWith(".html") && !["print.html", "toc.html", "404.html", "index.html"].includes(f))
  .sort();

try {
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  page.on("pageerror", (e) => errors.push(String(e)));

  // ---- every example of every chapter, in order ----------------------------------------
  let examples = 0;
  for (const name of process.env.KURSUS_UJI_CEPAT ? [] : chapters) {
    await open(page, name);
    const count = await page.locator("pre[data-kursus-contoh]").count();
    for (let i = 0; i < count; i++) {
      const pre = page.locator("pre[data-kursus-contoh]").nth(i);
      const output = await runExample(page, pre);
      const expected = await expectedOutput(pre);
      check(expected !== null, `${name} contoh ${i + 1} punya blok keluaran`);
      check(output === expected.replace(/[\r\n]+$/, ""), `${name} contoh ${i + 1} mencetak keluarannya`, `diharapkan:\n${expected}\ndicetak:\n${output}`);
      examples += 1;
    }
  }
  if (!process.env.KURSUS_UJI_CEPAT) check(examples >= 50, `${examples} contoh dijalankan`);

  // ---- the same example twice, and an edited one -----------------------------------------
  const lesson = "embedding-referencing.html";
  await open(page, lesson);
  const third = page.locator("pre[data-kursus-contoh]").nth(2);
  const once = await runExample(page, third);
  const twice = await runExample(page, third);
  check(once === twice && once !== "", "contoh yang dijalankan dua kali mencetak hal yang sama");
  const first = page.locator("pre[data-kursus-contoh]").first();
  await first.locator("code").evaluate((code) => {
    code.textContent = "print('diubah')";
    code.dispatchEvent(new Event("input", { bubbles: true }));
  });
  check((await runExample(page, first)) === "diubah", "contoh yang diubah menjalankan kode barunya");
  await page.locator("[data-kursus-kembalikan]").first().click();
  check((await first.locator("code").textContent()).startsWith("use kampus"), "Kembalikan kode memulihkan contohnya");

  // ---- an exercise: wrong, then right ----------------------------------------------------
  const id = "embedding-referencing/cari-kota";
  const box = page.locator(`.latihan[data-kursus-latihan="${id}"]`);
  check((await box.count()) === 1, "kotak latihan diberi data-kursus-latihan");
  await box.locator("[data-kursus-kerjakan]").click();
  const input = box.locator("[data-kursus-masukan]");
  const log = box.locator("[data-kursus-log]");
  await page.waitForFunction((el) => el.textContent.includes("Selamat datang"), await log.elementHandle());
  await typeEntry(page, input, 'db.mahasiswa.find({ "alamat.kota": "Bandung" }, { _id: 0, nama: 1 })');
  await box.locator("[data-kursus-periksa]").click();
  const verdict = box.locator("[data-kursus-vonis]");
  await waitText(page, verdict, (t) => t !== "");
  check((await verdict.textContent()).startsWith("✗"), "jawaban salah: vonis ✗", await verdict.textContent());
  await typeEntry(page, input, 'db.mahasiswa.find({ "alamat.kota": "Bandung" }, { _id: 0, nama: 1, nim: 1 }).sort({ nim: 1 })');
  await verdict.evaluate((el) => {
    el.textContent = "";
  });
  await box.locator("[data-kursus-periksa]").click();
  await waitText(page, verdict, (t) => t !== "");
  check((await verdict.textContent()).startsWith("✓"), "jawaban benar: vonis ✓", await verdict.textContent());
  check((await box.getAttribute("data-kursus-lulus")) !== null, "latihan yang lulus ditandai");
  await box.locator("[data-kursus-petunjuk]").click();
  await waitText(page, log, (t) => t.includes(".petunjuk"));
  check(true, ".petunjuk berjalan dari tombolnya");
  await page.screenshot({ path: join(screens, "latihan-1280.png"), fullPage: false });

  await page.reload();
  await page.waitForSelector("html[data-kursus-siap]");
  check((await page.locator(`.latihan[data-kursus-latihan="${id}"][data-kursus-lulus]`).count()) === 1, "tanda lulus tetap ada setelah halaman dimuat ulang");
  const sidebarMark = await page.locator(`a[href$="${lesson}"] [data-kursus-sidebar]`).first().textContent();
  check(/1\//.test(sidebarMark), `sidebar menghitung latihan yang lulus (${sidebarMark.trim()})`);
  // The progress reached the worker again: the exercise's console knows it passed.
  await box.locator("[data-kursus-kerjakan]").click();
  await waitText(page, log, (t) => t.includes("Selamat datang"));
  await box.locator("[data-kursus-solusi]").click();
  await waitText(page, log, (t) => t.includes(".solusi\n") && !t.trimEnd().endsWith(".solusi"));
  check((await log.textContent()).includes("sort"), ".solusi menampilkan solusi setelah lulus, juga sesudah dimuat ulang", await log.textContent());

  // ---- one query exercise of each lesson, in its panel: wrong, then right ----------------
  // The verdicts must be the terminal's, word for word: the native REPL gets the same entries.
  for (const { id: exercise, stop } of [
    { id: "embedding-referencing/gabung-wali" },
    { id: "banyak-ke-banyak/kuliah-mahasiswa" },
    { id: "dynamodb-satu-ke-banyak/metadata-workspace" },
    // Berhenti inside a panel: the endless loop is stopped, the panel goes on working.
    { id: "embedding-referencing/anak-wali", stop: true },
  ]) {
    const { right, wrong } = answers(exercise);
    const [lessonId] = exercise.split("/");
    await open(page, `${lessonId}.html`);
    const panelBox = page.locator(`.latihan[data-kursus-latihan="${exercise}"]`);
    await panelBox.locator("[data-kursus-kerjakan]").click();
    const panelInput = panelBox.locator("[data-kursus-masukan]");
    const panelLog = panelBox.locator("[data-kursus-log]");
    const panelVerdict = panelBox.locator("[data-kursus-vonis]");
    await waitText(page, panelLog, (t) => t.includes("Selamat datang"));
    const grade = async () => {
      await panelVerdict.evaluate((el) => {
        el.textContent = "";
      });
      await panelBox.locator("[data-kursus-periksa]").click();
      await waitText(page, panelVerdict, (t) => t !== "");
      return panelVerdict.textContent();
    };
    if (stop) {
      await typeEntry(page, panelInput, "while(true){}");
      await page.waitForTimeout(500);
      await panelBox.locator("[data-kursus-berhenti]").click();
      await waitText(page, panelLog, (t) => t.includes("Dihentikan"));
      check(await panelInput.isEditable(), `${exercise}: panel tetap bisa dipakai setelah Berhenti`);
      await typeAnswer(page, panelInput, right);
      const shown = await grade();
      const terminal = terminalVerdicts(exercise, [right]);
      check(shown.startsWith("✓") && shown === terminal[0], `${exercise}: sesudah Berhenti jawaban benar tetap lulus, vonisnya sama dengan terminal`, `halaman:\n${shown}\nterminal:\n${terminal[0]}`);
      continue;
    }
    // The answer is everything typed since the exercise opened: Ulang starts it afresh.
    const terminal = terminalVerdicts(exercise, [wrong, `.ulang\n${right}`]);
    await typeAnswer(page, panelInput, wrong);
    const wrongShown = await grade();
    check(wrongShown.startsWith("✗") && wrongShown === terminal[0], `${exercise}: jawaban salah, vonis ✗ sama dengan terminal`, `halaman:\n${wrongShown}\nterminal:\n${terminal[0]}`);
    check(!/\u001b/.test(await panelLog.textContent()), `${exercise}: konsol panel tanpa kode warna ANSI`);
    await panelBox.locator("[data-kursus-ulang]").click();
    await waitText(page, panelLog, (t) => t.trimEnd().split("\n").some((l) => l.endsWith(".ulang")) && !t.trimEnd().endsWith(".ulang"));
    await typeAnswer(page, panelInput, right);
    const rightShown = await grade();
    check(rightShown.startsWith("✓") && rightShown === terminal[1], `${exercise}: jawaban benar, vonis ✓ sama dengan terminal`, `halaman:\n${rightShown}\nterminal:\n${terminal[1]}`);
  }

  // ---- a design exercise gets its model editor -------------------------------------------
  await open(page, "banyak-ke-banyak.html");
  const design = page.locator('.latihan[data-kursus-latihan="banyak-ke-banyak/rancang-peserta"]');
  await design.locator("[data-kursus-kerjakan]").click();
  const model = design.locator("[data-kursus-model]");
  const shown = await model.waitFor({ state: "visible", timeout: 30_000 }).then(() => true, () => false);
  check(shown && (await model.inputValue()).includes("Latihan rancangan"), "latihan rancangan membuka modelnya", await design.locator("[data-kursus-log]").textContent());
  if (shown) {
    await design.locator("[data-kursus-periksa]").click();
    const designVerdict = design.locator("[data-kursus-vonis]");
    await waitText(page, designVerdict, (t) => t !== "");
    check(/^[✓✗]/.test(await designVerdict.textContent()), "model rancangan dinilai", await designVerdict.textContent());
  }
  check((await page.locator('.latihan[data-kursus-latihan="banyak-ke-banyak/kuliah-mahasiswa"] [data-kursus-model]').count()) === 0, "latihan kueri tidak punya editor model");

  // ---- each chapter's quiz: every kind right and wrong, retry, answers shown, reload -----
  const quizFile = (bab) => TOML.parse(readFileSync(join(root, `lessons/${bab}/kuis.toml`), "utf8"));
  const quizAsked = (bab) => {
    const file = quizFile(bab);
    const own = file.soal.map((q) => ({ id: `${bab}/${q.id}`, q }));
    const again = (file.ulang ?? []).map((full) => {
      const [other, id] = full.split("/");
      return { id: full, q: quizFile(other).soal.find((q) => q.id === id) };
    });
    return [...own, ...again];
  };
  const optionFlags = (q) => (q.jenis === "pilihan" ? q.pilihan.map((o) => o.benar) : q.kandidat.map((o) => o.memenuhi));
  const quizAnswer = (q, right) => {
    if (q.jenis === "tebak") return { text: right ? q.keluaran : "jawaban yang jelas keliru" };
    if (q.jenis === "isian") return { text: right ? ` ${q.jawaban[0].toUpperCase()} ` : "jawaban yang jelas keliru" };
    const flags = optionFlags(q);
    let chosen = flags.map((f, i) => (f === right ? i : -1)).filter((i) => i >= 0);
    // Every option right: a wrong answer leaves one out.
    if (!right && chosen.length === 0) chosen = [...flags.keys()].slice(1);
    // One right option makes them radio buttons: one wrong letter.
    if (!right && q.jenis === "pilihan" && flags.filter(Boolean).length === 1) chosen = chosen.slice(0, 1);
    return { letters: chosen.map((i) => "abcdefghij"[i]) };
  };
  async function answerQuiz(fieldset, { text, letters }) {
    if (text !== undefined) await fieldset.locator("[data-kursus-isian]").fill(text);
    else for (const l of letters) await fieldset.locator(`[data-kursus-pilihan="${l}"]`).check();
    await fieldset.locator("[data-kursus-jawab]").click();
    await page.waitForFunction((el) => el.hasAttribute("data-kursus-hasil"), await fieldset.elementHandle());
  }
  async function openQuiz(name) {
    await open(page, `${name}.html`);
    const root = page.locator(`[data-kursus-kuis="${name}"]`);
    await root.scrollIntoViewIfNeeded();
    await page.waitForSelector(`[data-kursus-kuis="${name}"][data-kursus-kuis-siap]`);
    return root;
  }
  const quizScore = async (root) => (await root.locator("[data-kursus-nilai]").textContent()).trim();
  const quizChapters = ["embedding-referencing", "banyak-ke-banyak", "dynamodb-satu-ke-banyak"];
  for (const bab of quizChapters) {
    const asked = quizAsked(bab);
    const root = await openQuiz(bab);
    check((await root.locator("[data-kursus-soal]").count()) === asked.length, `${bab}: kuis di halaman memuat ${asked.length} soal`);
    const empty = root.locator("[data-kursus-soal]").first();
    await empty.locator("[data-kursus-jawab]").click();
    check(
      (await empty.getAttribute("data-kursus-hasil")) === null && (await empty.locator("[data-kursus-umpan-balik]").textContent()).includes("dulu"),
      `${bab}: Jawab tanpa jawaban tidak dinilai dan memberi tahu`,
    );
    // The first question right, every other wrong: each kind is answered wrong once.
    for (const [i, { id, q }] of asked.entries()) {
      const fieldset = root.locator(`[data-kursus-soal="${id}"]`);
      const answer = quizAnswer(q, i === 0);
      await answerQuiz(fieldset, answer);
      const said = await fieldset.locator("[data-kursus-umpan-balik]").textContent();
      const verdict = await fieldset.getAttribute("data-kursus-hasil");
      check(verdict === (i === 0 ? "benar" : "salah") && said.startsWith(i === 0 ? "✓" : "✗"), `${id} (${q.jenis}): jawaban ${i === 0 ? "benar" : "salah"} dinilai ${verdict}`, said);
      if (i > 0 && answer.letters) {
        const list = q.jenis === "pilihan" ? q.pilihan : q.kandidat;
        const wrongChosen = answer.letters.map((l) => list["abcdefghij".indexOf(l)]).find((o) => !(o.benar ?? o.memenuhi));
        if (wrongChosen && !/\{/.test(wrongChosen.umpan)) {
          check(said.includes(wrongChosen.umpan.trim().slice(0, 40)), `${id}: umpan balik menyebut kekeliruan pilihan yang salah`, said);
        }
      }
      check(await fieldset.locator("[data-kursus-jawab]").isDisabled(), `${id}: soal yang sudah dijawab terkunci sampai diulang`);
    }
    check((await quizScore(root)) === `Nilai kuis: 1 dari ${asked.length} benar.`, `${bab}: nilai sesudah satu benar`, await quizScore(root));
    await root.locator("[data-kursus-ulang-kuis]").click();
    const first = root.locator(`[data-kursus-soal="${asked[0].id}"]`);
    check((await first.getAttribute("data-kursus-hasil")) === "benar" && (await first.locator("[data-kursus-jawab]").isDisabled()), `${bab}: Ulang membiarkan soal yang sudah benar`);
    const reopened = await root.locator("[data-kursus-soal]:not([data-kursus-hasil]) [data-kursus-jawab]:not([disabled])").count();
    check(reopened === asked.length - 1, `${bab}: Ulang membuka lagi hanya ${asked.length - 1} soal yang salah (${reopened})`);
    if (bab === quizChapters[1]) {
      // Seeing the answers ends retrying; the score stays.
      await root.locator("[data-kursus-lihat-jawaban]").click();
      await page.waitForSelector(`[data-kursus-kuis="${bab}"][data-kursus-dilihat]`);
      const shownAnswers = await root.locator("[data-kursus-jawaban]:not([hidden])").count();
      check(shownAnswers === asked.length, `${bab}: Lihat jawaban menampilkan jawaban setiap soal (${shownAnswers})`);
      const tebak = asked.find(({ q }) => q.jenis === "tebak");
      if (tebak) {
        const lines = await root.locator(`[data-kursus-soal="${tebak.id}"] [data-kursus-jawaban]`).textContent();
        check(lines.includes(tebak.q.keluaran), `${tebak.id}: jawabannya memuat keluaran yang dihitung`, lines);
      }
      check(await root.locator("[data-kursus-ulang-kuis]").isDisabled(), `${bab}: sesudah Lihat jawaban, Ulang tidak bisa dipakai`);
      const late = asked[1];
      await answerQuiz(root.locator(`[data-kursus-soal="${late.id}"]`), quizAnswer(late.q, true));
      check((await quizScore(root)) === `Nilai kuis: 1 dari ${asked.length} benar.`, `${bab}: jawaban sesudah Lihat jawaban tidak mengubah nilai`, await quizScore(root));
      await page.reload();
      await page.waitForSelector("html[data-kursus-siap]");
      await root.scrollIntoViewIfNeeded();
      await page.waitForSelector(`[data-kursus-kuis="${bab}"][data-kursus-kuis-siap][data-kursus-dilihat]`);
      check((await root.locator("[data-kursus-jawaban]:not([hidden])").count()) === asked.length, `${bab}: jawaban yang sudah dilihat tetap tampil sesudah dimuat ulang`);
      continue;
    }
    for (const { id, q } of asked.slice(1)) await answerQuiz(root.locator(`[data-kursus-soal="${id}"]`), quizAnswer(q, true));
    check((await quizScore(root)) === `Nilai kuis: ${asked.length} dari ${asked.length} benar.`, `${bab}: semua benar sesudah diulang`, await quizScore(root));
    await page.reload();
    await page.waitForSelector("html[data-kursus-siap]");
    await root.scrollIntoViewIfNeeded();
    await page.waitForSelector(`[data-kursus-kuis="${bab}"][data-kursus-kuis-siap]`);
    const kept = await root.locator('[data-kursus-soal][data-kursus-hasil="benar"]').count();
    check(kept === asked.length && (await quizScore(root)).startsWith(`Nilai kuis: ${asked.length}`), `${bab}: hasil kuis tetap ada sesudah dimuat ulang (${kept})`);
  }

  // ---- the chapter's console: history, an endless loop and Berhenti ----------------------
  await open(page, lesson);
  const chapterConsole = page.locator(".kursus-chapter-console [data-kursus-konsol]");
  const consoleInput = chapterConsole.locator("[data-kursus-masukan]");
  const consoleLog = chapterConsole.locator("[data-kursus-log]");
  await consoleInput.click();
  await consoleInput.pressSequentially("if (true) {");
  await consoleInput.press("Enter");
  await page.waitForFunction((el) => el.value.endsWith("\n"), await consoleInput.elementHandle());
  await consoleInput.pressSequentially(" print('dua baris') }");
  await consoleInput.press("Enter");
  await waitText(page, consoleLog, (t) => t.includes("dua baris\n"));
  check(true, "Enter menambah baris pada pernyataan yang belum lengkap dan menjalankan yang sudah lengkap");
  await typeEntry(page, consoleInput, "while (true) {}");
  await page.waitForTimeout(700);
  check(await chapterConsole.locator("[data-kursus-berhenti]").isEnabled(), "Berhenti aktif selama pernyataan berjalan");
  await chapterConsole.locator("[data-kursus-berhenti]").click();
  await waitText(page, consoleLog, (t) => t.includes("Dihentikan"));
  check(true, "Berhenti menghentikan while (true) {} dan memberi tahu");
  await typeEntry(page, consoleInput, "40 + 2");
  await waitText(page, consoleLog, (t) => /\n42\n/.test(t));
  check(true, "konsol bisa dipakai lagi setelah Berhenti");
  await page.reload();
  await page.waitForSelector("html[data-kursus-siap]");
  await consoleInput.click();
  await consoleInput.press("ArrowUp");
  check((await consoleInput.inputValue()) === "40 + 2", "riwayat konsol tetap ada setelah dimuat ulang");

  // A running example stopped as well.
  const ex = page.locator("pre[data-kursus-contoh]").first();
  await ex.locator("code").evaluate((code) => {
    code.textContent = "while (true) {}";
  });
  const bar = ex.locator("xpath=following-sibling::div[1]");
  await bar.locator("[data-kursus-jalankan]").click();
  await page.waitForTimeout(500);
  await bar.locator("[data-kursus-berhenti]").click();
  const stopped = ex.locator("xpath=following-sibling::pre[@data-kursus-hasil][1]");
  await waitText(page, stopped, (t) => t.includes("Dihentikan"));
  check(true, "contoh yang tak berhenti bisa dihentikan");

  // ---- accessibility: axe on every page, with what the page adds opened ----------------
  const allPages = readdirSync(html).filter((f) => f.endsWith(".html")).sort();
  const themes = ["light", "rust", "coal", "navy", "ayu"];
  const axePages = [...allPages.map((name) => ({ name, theme: "light" })), ...themes.slice(1).map((theme) => ({ name: lesson, theme }))];
  for (const { name, theme } of axePages) {
    await page.evaluate((t) => localStorage.setItem("mdbook-theme", t), theme);
    // toc.html, the sidebar's frame for readers without JavaScript, loads no script.
    if (name === "toc.html") await page.goto(base + name);
    else await open(page, name);
    // The additions are judged as the learner meets them: an example run, an exercise open.
    const run = page.locator("[data-kursus-jalankan]").first();
    if ((await run.count()) > 0) {
      await run.click();
      await page.locator("[data-kursus-hasil]:not([hidden])").first().waitFor();
    }
    const work = page.locator("[data-kursus-kerjakan]").first();
    if ((await work.count()) > 0) {
      await work.click();
      await page.locator("[data-kursus-panel] [data-kursus-log]").first().waitFor();
    }
    await page.addScriptTag({ path: axePath });
    // mdBook writes toc.html (the sidebar's frame when JavaScript is off) without a <title>,
    // and no theme addition reaches it: the one violation known and let through.
    const known = name === "toc.html" ? ["document-title"] : [];
    // mdBook's dark themes fail contrast in mdBook's own links and highlighting; there only
    // what this book adds is judged (counted and told, the rest).
    const onlyOurs = theme !== "light";
    const { ours, theirs } = await page.evaluate(
      async ([known, onlyOurs]) => {
        const result = await window.axe.run(document, { resultTypes: ["violations"] });
        const mine = (target) => {
          const el = document.querySelector(target.join(" "));
          return el?.closest('[class*="kursus-"], [data-kursus-konsol], [data-kursus-panel], dfn.istilah, .latihan-judul, .keluaran-label') != null;
        };
        const ours = [];
        let theirs = 0;
        for (const v of result.violations) {
          if ((v.impact !== "serious" && v.impact !== "critical") || known.includes(v.id)) continue;
          const nodes = onlyOurs ? v.nodes.filter((n) => mine(n.target)) : v.nodes;
          theirs += v.nodes.length - nodes.length;
          if (nodes.length === 0) continue;
          ours.push(`${v.id} (${v.impact}): ${v.help}\n${nodes.map((n) => `  ${n.target.join(" ")}: ${n.failureSummary.replace(/\n/g, " ")}`).join("\n")}`);
        }
        return { ours, theirs };
      },
      [known, onlyOurs],
    );
    check(ours.length === 0, `${name} (tema ${theme}): axe tidak menemukan pelanggaran serius${theirs ? ` pada tambahan buku ini (${theirs} di tema mdBook sendiri)` : ""}`, ours.join("\n"));
  }
  await page.evaluate(() => localStorage.removeItem("mdbook-theme"));
  await open(page, lesson);
  const toggle = page.locator("#mdbook-sidebar-toggle");
  const sidebarShown = () => page.evaluate(() => document.documentElement.classList.contains("sidebar-visible"));
  const shownBefore = await sidebarShown();
  await toggle.focus();
  await toggle.press("Enter");
  await page.waitForFunction((before) => document.documentElement.classList.contains("sidebar-visible") !== before, shownBefore);
  await toggle.press(" ");
  await page.waitForFunction((before) => document.documentElement.classList.contains("sidebar-visible") === before, shownBefore);
  check((await sidebarShown()) === shownBefore, "tombol daftar isi bisa dipakai dengan papan ketik (Enter, Spasi)");

  // ---- phone and desktop ------------------------------------------------------------------
  mkdirSync(screens, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    for (const name of chapters) {
      await open(page, name);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      check(wide <= width, `${name} pada ${width} px tidak menggulir ke samping (${wide})`);
    }
    await open(page, lesson);
    await page.locator("pre[data-kursus-contoh]").first().locator("xpath=following-sibling::div[1]//button[@data-kursus-jalankan]").click();
    await page.locator("[data-kursus-kerjakan]").first().click();
    await page.locator("[data-kursus-hasil]:not([hidden])").first().waitFor();
    await page.screenshot({ path: join(screens, `bab-${width}.png`), fullPage: false });
    await page.locator("[data-kursus-kerjakan]").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screens, `latihan-${width}.png`), fullPage: false });
    await page.locator("[data-kursus-konsol]").last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screens, `konsol-${width}.png`), fullPage: false });
    if (width === 360) {
      const small = await page.evaluate(() =>
        [...document.querySelectorAll(".kursus-button, [data-kursus-masukan]")]
          .filter((b) => b.offsetParent !== null)
          .map((b) => b.getBoundingClientRect())
          .filter((r) => r.width < 44 || r.height < 44).length,
      );
      check(small === 0, `tombol pada 360 px setidaknya 44 px (${small} terlalu kecil)`);
      await open(page, "banyak-ke-banyak.html");
      const wide = await page.locator(".kursus-gambar-bingkai[data-kursus-geser]").count();
      const hints = await page.locator(".kursus-gambar-geser:not([hidden])").count();
      const focusable = await page.locator('.kursus-gambar-bingkai[data-kursus-geser][tabindex="0"]').count();
      check(wide > 0 && hints === wide && focusable === wide, `gambar yang lebih lebar dari layar 360 px memberi tahu bisa digeser dan bisa difokus (${wide}, ${hints}, ${focusable})`);
    }
  }

  // ---- file:// says why and how -----------------------------------------------------------
  await page.goto(pathToFileURL(join(html, lesson)).href);
  await page.waitForSelector("html[data-kursus-siap]");
  await page.locator("[data-kursus-jalankan]").first().click();
  const why = await page.locator("[data-kursus-hasil]").first().textContent();
  check(why.includes("kursus buku --sajikan"), "dari file:// tombolnya menjelaskan cara menyajikan buku");

  // ---- offline after one visit -------------------------------------------------------------
  // A fresh profile reads one chapter online; then the network is gone, for the page and the
  // service worker alike, and that chapter reloads and a chapter never opened opens, both
  // running their examples.
  const offline = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  offline.on("weberror", (e) => errors.push(String(e.error())));
  const reader = await offline.newPage();
  reader.setDefaultTimeout(60_000);
  await open(reader, lesson);
  await reader.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const cached = await reader.evaluate(async () => (await (await caches.open("kursus-buku-v1")).keys()).map((r) => r.url));
  check(cached.some((u) => u.endsWith("/web/kursus.wasm")) && cached.some((u) => u.endsWith("/banyak-ke-banyak.html")), `service worker menyimpan buku dan mesinnya (${cached.length} berkas)`);
  down = true;
  await offline.setOffline(true);
  try {
    for (const name of [lesson, "banyak-ke-banyak.html"]) {
      if (name === lesson) {
        await reader.reload();
        await reader.waitForSelector("html[data-kursus-siap]");
      } else {
        await open(reader, name);
      }
      const pre = reader.locator("pre[data-kursus-contoh]").first();
      const output = await runExample(reader, pre);
      const expected = (await expectedOutput(pre)) ?? "";
      check(output === expected.replace(/[\r\n]+$/, "") && output !== "", `luring: ${name} terbuka dan contoh pertamanya mencetak keluarannya`, `diharapkan:\n${expected}\ndicetak:\n${output}`);
    }
  } finally {
    down = false;
    await offline.close();
  }

  check(errors.length === 0, "tidak ada galat JavaScript di halaman", errors.join("\n"));
} catch (error) {
  console.error(error.stack ?? error.message);
  failed += 1;
} finally {
  await browser.close();
  server.close();
  rmSync(course, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
}

/** The keluaran block the book prints under the example (after what the page added). */
function expectedOutput(pre) {
  return pre.evaluate((el) => {
    let next = el.nextElementSibling;
    while (next && !next.classList.contains("keluaran-label")) {
      if (next.matches("pre[data-kursus-contoh], h1, h2, h3, .latihan")) return null;
      next = next.nextElementSibling;
    }
    return next?.nextElementSibling?.querySelector("code")?.textContent ?? null;
  });
}

/** Clicks the example's Jalankan and answers the output it shows when done. */
async function runExample(page, pre) {
  const bar = pre.locator("xpath=following-sibling::div[1]");
  const output = pre.locator("xpath=following-sibling::pre[@data-kursus-hasil][1]");
  await output.evaluate((el) => {
    el.textContent = "";
  });
  await bar.locator("[data-kursus-jalankan]").click();
  await page.waitForFunction(
    ([b, o]) => !b.querySelector("[data-kursus-jalankan]").disabled && !o.hidden,
    [await bar.elementHandle(), await output.elementHandle()],
  );
  return output.textContent();
}

/** The exercise's reference solution (pelajaran.toml) and its first wrong answer (uji.toml). */
function answers(exercise) {
  const [lessonId, id] = exercise.split("/");
  const lessonToml = TOML.parse(readFileSync(join(course, "lessons", lessonId, "pelajaran.toml"), "utf8"));
  const tests = TOML.parse(readFileSync(join(course, "lessons", lessonId, "uji.toml"), "utf8"));
  const right = lessonToml.latihan.find((x) => x.id === id)?.solusi;
  const wrong = tests.latihan.find((x) => x.id === id)?.salah?.[0]?.jawaban;
  if (typeof right !== "string" || typeof wrong !== "string") throw new Error(`${exercise}: no solusi or salah`);
  return { right: right.trim(), wrong: wrong.trim() };
}

/**
 * What the terminal answers to `.periksa` after each answer, the answers typed one after
 * another in one session as in the page. Each run repeats the answers before it: its
 * output starts with the shorter run's, so what follows is the last verdict.
 */
function terminalVerdicts(exercise, entries) {
  const verdicts = [];
  let before = "";
  for (let n = 1; n <= entries.length; n++) {
    const data = mkdtempSync(join(tmpdir(), "kursus-data-"));
    try {
      const run = spawnSync(bin, ["--latihan", exercise], {
        input: entries.slice(0, n).map((e) => `${e}\n.periksa\n`).join(""),
        env: { ...process.env, KURSUS_DIR: course, KURSUS_DATA_DIR: data },
        encoding: "utf8",
      });
      if (run.status !== 0 || !run.stdout.startsWith(before)) {
        throw new Error(`kursus --latihan ${exercise}: status ${run.status}\n${run.stderr}`);
      }
      const tail = run.stdout.slice(before.length);
      const start = tail.search(/^[✓✗]/m);
      verdicts.push(start < 0 ? tail : tail.slice(start).replace(/\n+$/, ""));
      before = run.stdout;
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  }
  return verdicts;
}

/**
 * Types an answer line by line as a learner would: Enter runs what is complete and
 * continues what is not, as the page's console decides.
 */
async function typeAnswer(page, input, text) {
  for (const line of text.split("\n")) {
    const before = await input.inputValue();
    if (before === "" && line.trim() === "") continue;
    await input.evaluate((el, more) => {
      el.value += more;
    }, line);
    await input.press("End");
    await input.press("Enter");
    await page.waitForFunction(([el, typed]) => el.value !== typed, [await input.elementHandle(), before + line]);
  }
  if ((await input.inputValue()) !== "") throw new Error(`answer left incomplete in the console:\n${await input.inputValue()}`);
}

async function typeEntry(page, input, text) {
  await input.fill(text);
  await input.press("Enter");
  await page.waitForFunction((el) => el.value === "", await input.elementHandle());
}

async function waitText(page, locator, test) {
  const handle = await locator.elementHandle();
  await page.waitForFunction(([el, source]) => new Function("t", `return (${source})(t)`)(el.textContent), [handle, test.toString()], { timeout: 30_000 });
}
