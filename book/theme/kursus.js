// The book that runs: Jalankan buttons on the chapter's examples, a console per chapter,
// and the exercises worked in the page. Everything the REPL decides (whether an entry is
// complete, grading, dot-commands, output) comes from the course's WebAssembly module,
// which runs in a worker (web/kursus-worker.js) so that an endless loop never freezes the
// page. mdBook loads this file as a classic script on every page.
(() => {
  "use strict";

  // What the learner reads, in one place.
  const TEXT = {
    run: "Jalankan",
    running: "Berjalan…",
    stop: "Berhenti",
    restore: "Kembalikan kode",
    send: "Kirim",
    workHere: "Kerjakan di sini",
    closePanel: "Tutup",
    check: "Periksa",
    hint: "Petunjuk",
    solution: "Solusi",
    reset: "Ulang",
    console: "Konsol",
    chapterConsoleHelp:
      "Coba sendiri di konsol bab ini. Enter menjalankan pernyataan yang sudah lengkap; Shift+Enter menambah baris; panah atas/bawah memanggil riwayat.",
    exerciseConsoleHelp: "Kerjakan latihan ini di konsol di bawah, lalu tekan Periksa.",
    modelLabel: "Model rancangan (dinilai saat Periksa):",
    inputLabel: "Pernyataan untuk konsol",
    exerciseInputLabel: (id) => `Pernyataan untuk latihan ${id}`,
    logLabel: "Keluaran konsol",
    exampleLabel: (n) => `Kode contoh ${n} (bisa diubah)`,
    exampleOutputLabel: (n) => `Keluaran contoh ${n}`,
    verdictLabel: "Hasil pemeriksaan",
    codeBlockLabel: "Blok kode (geser ke samping untuk membaca semuanya)",
    pictureLabel: "Gambar model data (geser ke samping untuk melihat semuanya)",
    pictureScrolls: "Gambar ini lebih lebar dari layar: geser ke samping untuk melihat semuanya →",
    stoppedExample: "Dihentikan: contoh ini tidak dijalankan sampai selesai.",
    stoppedConsole:
      "Dihentikan. Pernyataan tadi tidak dijalankan sampai selesai; sesi dimulai ulang, jadi data yang dibuat di konsol ini kembali ke awal.",
    restarted: "Sesi dimulai ulang karena sebuah pernyataan dihentikan; data yang dibuat sebelumnya kembali ke awal.",
    quit: "Sesi ditutup. Ketik pernyataan berikutnya untuk membuka sesi baru.",
    passed: "✓ Lulus",
    sidebarCount: (n, total) => `${n} dari ${total} latihan lulus`,
    quizChoose: "Pilih jawaban Anda dulu.",
    quizType: "Ketik jawaban Anda dulu.",
    quizJudging: "Menilai…",
    fileUrl:
      "Contoh tidak bisa dijalankan dari berkas lokal (file://): peramban menolak memuat WebAssembly dan worker dari sana. Sajikan bukunya dengan `kursus buku --sajikan`, lalu buka alamat yang dicetaknya.",
    noWasm:
      "Peramban ini tidak menjalankan WebAssembly, jadi contoh tidak bisa dijalankan di sini. Pakai peramban lain yang lebih baru, atau jalankan contohnya di terminal dengan `kursus`.",
    noWorker:
      "Peramban ini tidak mendukung Web Worker, jadi contoh tidak bisa dijalankan di sini. Pakai peramban lain yang lebih baru, atau jalankan contohnya di terminal dengan `kursus`.",
    workerMissing: "worker tidak bisa dimuat",
    broken: (cause) =>
      `Mesin kursus mengalami galat internal (${cause}) dan dimulai ulang; sesi-sesi di halaman ini kembali ke awal.`,
    loadFailed: (cause) =>
      `Mesin kursus gagal dimuat (${cause}). Bangun bundel WebAssembly dengan \`cargo xtask web\`, bangun ulang bukunya dengan \`kursus buku\`, lalu sajikan dengan \`kursus buku --sajikan\`.`,
  };

  // The stored names stay as they were first written, so a learner's progress survives updates.
  const STORAGE_KEYS = {
    progress: "kursus:kemajuan",
    pages: "kursus:halaman",
    history: (name) => `kursus:riwayat:${name}`,
    model: (id) => `kursus:model:${id}`,
  };
  const HISTORY_MAX = 200;

  const storage = {
    read(key, fallback = null) {
      try {
        const text = localStorage.getItem(key);
        return text === null ? fallback : text;
      } catch {
        return fallback;
      }
    },
    write(key, value) {
      try {
        localStorage.setItem(key, value);
      } catch {
        // A full or forbidden storage loses only what the next visit would have restored.
      }
    },
    json(key, fallback) {
      try {
        return JSON.parse(storage.read(key)) ?? fallback;
      } catch {
        return fallback;
      }
    },
  };

  const bookRoot = new URL(typeof path_to_root === "string" ? path_to_root : "", document.baseURI);

  function whyCannotRun() {
    if (location.protocol === "file:") return TEXT.fileUrl;
    if (typeof WebAssembly !== "object") return TEXT.noWasm;
    if (typeof Worker !== "function") return TEXT.noWorker;
    return null;
  }

  // After one visit online the book opens and runs offline (src/kursus-sw.js). Its scope is
  // the folder it is served from, so it sits at the book's root.
  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
    navigator.serviceWorker.register(new URL("kursus-sw.js", bookRoot)).catch((error) => {
      // Without it the book still runs online.
      console.warn("kursus-sw.js:", error);
    });
  }

  class Stopped extends Error {}

  /**
   * The worker and the calls waiting on it. Stopping ends the worker (the module has no
   * other way to stop a running entry in a browser) and starts a fresh one; every session
   * opened before belongs to the old generation and is opened again when next used.
   */
  class Engine {
    #worker = null;
    #pending = new Map();
    #lastId = 0;
    #module = null;
    generation = 0;
    failure = null;

    constructor() {
      this.#start();
    }

    #start() {
      this.generation += 1;
      this.failure = null;
      const worker = new Worker(new URL("web/kursus-worker.js", bookRoot), { type: "module" });
      this.#worker = worker;
      worker.onmessage = (event) => this.#receive(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.#fail(event.message || TEXT.workerMissing);
      };
      this.ready = this.#send("start", { module: this.#module, progress: storage.read(STORAGE_KEYS.progress, "") }).then(
        ({ module }) => {
          this.#module = module;
        },
        (error) => {
          if (!(error instanceof Stopped)) this.#fail(error.message);
          throw error;
        },
      );
      this.ready.catch(() => {});
    }

    #fail(cause) {
      this.failure = TEXT.loadFailed(cause);
      for (const { reject } of this.#pending.values()) reject(new Error(this.failure));
      this.#pending.clear();
    }

    #send(op, args) {
      if (this.failure !== null) return Promise.reject(new Error(this.failure));
      const id = ++this.#lastId;
      return new Promise((resolve, reject) => {
        this.#pending.set(id, { resolve, reject });
        this.#worker.postMessage({ id, op, args });
      });
    }

    #receive({ id, ok, value, error, progress, broken }) {
      if (typeof progress === "string") {
        storage.write(STORAGE_KEYS.progress, progress);
        markProgress(progress);
      }
      const call = this.#pending.get(id);
      if (call === undefined) return;
      this.#pending.delete(id);
      if (ok) {
        call.resolve(value);
        return;
      }
      call.reject(new Error(broken ? TEXT.broken(error) : error));
      if (broken) this.stop();
    }

    async call(op, args) {
      await this.ready;
      return this.#send(op, args);
    }

    stop() {
      this.#worker.terminate();
      const pending = [...this.#pending.values()];
      this.#pending.clear();
      for (const { reject } of pending) reject(new Stopped());
      this.#start();
    }
  }

  let pageEngine = null;
  // Started on first use: a page nobody runs anything on downloads no bundle.
  const engine = () => (pageEngine ??= new Engine());

  /** A console session that follows the engine across restarts. */
  class Session {
    constructor(options) {
      this.options = options;
      this.id = null;
      this.generation = 0;
    }

    /** The session's id, opening it when there is none in this engine; `opened` says so. */
    async open() {
      const e = engine();
      await e.ready;
      if (this.id !== null && this.generation === e.generation) return { id: this.id, opened: null };
      const generation = e.generation;
      const opened = await e.call("open", { options: this.options });
      this.id = opened.session;
      this.generation = generation;
      return { id: this.id, opened };
    }

    forget() {
      this.id = null;
    }
  }

  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "class") node.className = value;
      else if (name === "text") node.textContent = value;
      else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, value === true ? "" : value);
    }
    node.append(...children);
    return node;
  }

  function button(label, attributes = {}) {
    return el("button", { type: "button", class: "kursus-button", ...attributes, text: label });
  }

  /**
   * An input area, its log and its buttons, on one session. The log holds text only: spans
   * become text nodes inside elements named by their class, never parsed HTML.
   */
  class ConsoleView {
    constructor({ options, historyName, help, label }) {
      this.session = new Session(options);
      this.historyName = historyName;
      this.history = storage.json(STORAGE_KEYS.history(historyName), []);
      this.historyPos = this.history.length;
      this.draft = "";
      this.busy = 0;
      this.openedBefore = false;
      this.onopen = null;

      this.log = el("pre", {
        class: "kursus-log",
        "data-kursus-log": true,
        role: "log",
        "aria-live": "polite",
        "aria-label": TEXT.logLabel,
        tabindex: "0",
      });
      this.prompt = el("span", { class: "kursus-prompt", text: "> ", "aria-hidden": "true" });
      this.input = el("textarea", {
        class: "kursus-input",
        "data-kursus-masukan": true,
        rows: "2",
        spellcheck: "false",
        autocapitalize: "off",
        autocomplete: "off",
        "aria-label": label ?? TEXT.inputLabel,
      });
      this.sendButton = button(TEXT.send, { "data-kursus-kirim": true });
      this.stopButton = button(TEXT.stop, { "data-kursus-berhenti": true, disabled: true, class: "kursus-button kursus-stop" });
      this.root = el(
        "div",
        { class: "kursus-console", "data-kursus-konsol": true },
        ...(help ? [el("p", { class: "kursus-help", text: help })] : []),
        this.log,
        el("div", { class: "kursus-input-row" }, this.prompt, this.input),
        el("div", { class: "kursus-buttons" }, this.sendButton, this.stopButton),
      );

      this.input.addEventListener("keydown", (e) => this.#onKeyDown(e));
      this.sendButton.addEventListener("click", () => this.submit());
      this.stopButton.addEventListener("click", () => engine().stop());
    }

    /** Opens the session now (greeting in the log) rather than at the first entry. */
    async start() {
      try {
        await this.#sessionId();
      } catch (error) {
        this.#writeError(error);
      }
    }

    async #sessionId() {
      const { id, opened } = await this.session.open();
      if (opened !== null) {
        if (this.openedBefore) this.write(`${TEXT.restarted}\n`, "note");
        this.openedBefore = true;
        if (opened.greeting) this.write(`${opened.greeting}\n`, "greeting");
        this.prompt.textContent = opened.prompt;
        this.onopen?.(id);
      }
      return id;
    }

    write(text, kind) {
      const span = el("span", { class: `kursus-${kind}` });
      span.textContent = text;
      this.log.append(span);
      this.log.scrollTop = this.log.scrollHeight;
    }

    #writeError(error) {
      if (error instanceof Stopped) {
        this.write(`${TEXT.stoppedConsole}\n`, "stopped");
      } else {
        this.write(`${error.message}\n`, "error");
      }
    }

    #setBusy(delta) {
      this.busy += delta;
      this.stopButton.disabled = this.busy === 0;
      this.root.toggleAttribute("data-kursus-sibuk", this.busy > 0);
    }

    /** Runs `text` as one entry, as the learner typed it (echoed with the prompt). */
    async run(text) {
      this.#setBusy(1);
      try {
        const id = await this.#sessionId();
        this.write(`${this.prompt.textContent}${text}\n`, "echo");
        const result = await engine().call("run", { session: id, entry: text });
        if (result.entry !== null) {
          for (const { text: piece, class: kind } of result.entry.spans) this.write(piece, kind);
        }
        this.prompt.textContent = result.prompt;
        if (result.quit) {
          this.write(`${TEXT.quit}\n`, "note");
          this.session.forget();
        }
        return result.entry?.output ?? "";
      } catch (error) {
        if (error instanceof Stopped) this.session.forget();
        this.#writeError(error);
        return null;
      } finally {
        this.#setBusy(-1);
      }
    }

    async submit() {
      const text = this.input.value;
      if (text.trim() === "") return;
      this.#remember(text);
      this.input.value = "";
      await this.run(text.replace(/\n+$/, ""));
    }

    #remember(text) {
      if (this.history[this.history.length - 1] !== text) this.history.push(text);
      this.history = this.history.slice(-HISTORY_MAX);
      this.historyPos = this.history.length;
      storage.write(STORAGE_KEYS.history(this.historyName), JSON.stringify(this.history));
    }

    async #onKeyDown(e) {
      const t = this.input;
      if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        const text = t.value;
        const [start, end] = [t.selectionStart, t.selectionEnd];
        let complete = false;
        try {
          complete = await engine().call("complete", { text });
        } catch (error) {
          this.#writeError(error);
          return;
        }
        if (complete) {
          this.submit();
        } else if (t.value === text) {
          // Only if the learner typed nothing while the module answered.
          t.setRangeText("\n", start, end, "end");
        }
      } else if (e.key === "ArrowUp" && !e.shiftKey && !t.value.slice(0, t.selectionStart).includes("\n")) {
        if (this.historyPos === 0) return;
        e.preventDefault();
        if (this.historyPos === this.history.length) this.draft = t.value;
        this.historyPos -= 1;
        t.value = this.history[this.historyPos];
      } else if (e.key === "ArrowDown" && !e.shiftKey && !t.value.slice(t.selectionEnd).includes("\n")) {
        if (this.historyPos >= this.history.length) return;
        e.preventDefault();
        this.historyPos += 1;
        t.value = this.historyPos === this.history.length ? this.draft : this.history[this.historyPos];
        t.selectionStart = t.selectionEnd = t.value.length;
      }
    }
  }

  // ---- reading the page -------------------------------------------------------------

  const contentMain = () => document.querySelector("#mdbook-content main, #content main, main");

  function exerciseId(box) {
    if (box.dataset.kursusLatihan) return box.dataset.kursusLatihan;
    // The box's own "open it in the terminal" command names the exercise.
    for (const code of box.querySelectorAll("code")) {
      const match = /--latihan\s+(\S+\/\S+)/.exec(code.textContent);
      if (match) return match[1];
    }
    return null;
  }

  function exerciseBoxes(main) {
    const boxes = [];
    for (const div of main.querySelectorAll("div.latihan")) {
      const id = exerciseId(div);
      if (id !== null) {
        div.dataset.kursusLatihan = id;
        boxes.push({ div, id });
      }
    }
    return boxes;
  }

  /**
   * The lesson this page is the chapter of: a marker the preprocessor may set, else the
   * lesson of the exercises it holds. `null` for the book's other pages.
   */
  function pageLesson(main, exercises) {
    const marker = main.querySelector("[data-kursus-bab]");
    if (marker) return marker.dataset.kursusBab;
    return exercises.length > 0 ? exercises[0].id.split("/")[0] : null;
  }

  /** The page's examples: `js` blocks outside exercise boxes and the quiz (the preprocessor's marker when present). */
  function pageExamples(main) {
    // A quiz's code is not an example: running a statement to predict would give its answer away.
    const all = [...main.querySelectorAll("pre > code.language-js")].filter((code) => !code.closest(".latihan, .kursus-kuis"));
    const marked = all.filter((code) => code.closest("pre").hasAttribute("data-kursus-contoh") || code.classList.contains("kursus"));
    return marked.length > 0 ? marked : all;
  }

  // ---- examples ---------------------------------------------------------------------

  function wireExamples(main, options, cannotRun) {
    const examples = pageExamples(main).map((code, index) => ({ code, index, original: code.textContent }));
    for (const ex of examples) {
      const n = ex.index + 1;
      const pre = ex.code.closest("pre");
      pre.dataset.kursusContoh = String(n);
      const runButton = button(TEXT.run, { "data-kursus-jalankan": true });
      const stopButton = button(TEXT.stop, { "data-kursus-berhenti": true, class: "kursus-button kursus-stop", hidden: true });
      const restoreButton = button(TEXT.restore, { "data-kursus-kembalikan": true, hidden: true });
      const output = el("pre", {
        class: "kursus-result",
        "data-kursus-hasil": true,
        hidden: true,
        role: "status",
        "aria-label": TEXT.exampleOutputLabel(n),
      });
      pre.after(el("div", { class: "kursus-buttons kursus-example-buttons" }, runButton, stopButton, restoreButton), output);

      const show = (text, kind) => {
        output.hidden = false;
        output.className = `kursus-result${kind ? ` kursus-${kind}` : ""}`;
        output.textContent = text;
      };
      if (cannotRun !== null) {
        runButton.title = cannotRun;
        runButton.addEventListener("click", () => show(cannotRun, "unavailable"));
        continue;
      }
      ex.code.contentEditable = "plaintext-only";
      ex.code.spellcheck = false;
      ex.code.setAttribute("role", "textbox");
      ex.code.setAttribute("aria-multiline", "true");
      ex.code.setAttribute("aria-label", TEXT.exampleLabel(n));
      ex.code.tabIndex = 0;
      // mdBook turns arrow keys into chapter navigation unless an input has the focus.
      ex.code.addEventListener("keydown", (e) => e.stopPropagation());
      ex.code.addEventListener("input", () => {
        restoreButton.hidden = ex.code.textContent === ex.original;
      });
      restoreButton.addEventListener("click", () => {
        ex.code.textContent = ex.original;
        restoreButton.hidden = true;
      });
      stopButton.addEventListener("click", () => engine().stop());
      runButton.addEventListener("click", async () => {
        // Example N runs on the chapter as examples 1..N-1 left it, as they stand now.
        const codes = examples.slice(0, n).map((x) => x.code.textContent);
        runButton.disabled = true;
        runButton.textContent = TEXT.running;
        stopButton.hidden = false;
        pre.toggleAttribute("data-kursus-sibuk", true);
        try {
          const outputs = await engine().call("examples", { options, codes });
          show(outputs[ex.index], "");
        } catch (error) {
          const stopped = error instanceof Stopped;
          show(stopped ? TEXT.stoppedExample : error.message, stopped ? "stopped" : "error");
        } finally {
          runButton.disabled = false;
          runButton.textContent = TEXT.run;
          stopButton.hidden = true;
          pre.toggleAttribute("data-kursus-sibuk", false);
        }
      });
    }
    return examples.length;
  }

  // ---- the chapter's console ---------------------------------------------------------

  function wireChapterConsole(main, options, cannotRun) {
    const heading = el("h2", { id: "kursus-konsol", text: TEXT.console });
    const section = el("section", { class: "kursus-chapter-console", "aria-labelledby": heading.id }, heading);
    if (cannotRun !== null) {
      section.append(el("p", { class: "kursus-unavailable", "data-kursus-luring": true, text: cannotRun }));
    } else {
      const view = new ConsoleView({ options, historyName: `bab:${location.pathname}`, help: TEXT.chapterConsoleHelp });
      section.append(view.root);
      // Opening costs the learner nothing visible until they look; do it when seen.
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          view.start();
        }
      });
      observer.observe(section);
      view.input.addEventListener(
        "focus",
        () => {
          observer.disconnect();
          if (view.session.id === null) view.start();
        },
        { once: true },
      );
    }
    main.append(section);
  }

  // ---- exercises ---------------------------------------------------------------------

  function wireExercise({ div, id }, cannotRun) {
    const openButton = button(TEXT.workHere, { "data-kursus-kerjakan": true, "aria-expanded": "false" });
    const passedMark = el("span", { class: "kursus-passed-mark", "data-kursus-tanda": true, hidden: true, text: TEXT.passed });
    const title = div.querySelector(".latihan-judul") ?? div.firstElementChild;
    title?.append(" ", passedMark);
    div.append(el("div", { class: "kursus-buttons" }, openButton));
    let panel = null;

    openButton.addEventListener("click", () => {
      if (cannotRun !== null) {
        if (panel === null) {
          panel = el("p", { class: "kursus-unavailable", "data-kursus-luring": true, text: cannotRun });
          div.append(panel);
        }
        return;
      }
      if (panel === null) {
        panel = exercisePanel(id);
        div.append(panel.root);
        openButton.setAttribute("aria-controls", panel.root.id);
        panel.start();
      } else {
        panel.root.hidden = !panel.root.hidden;
      }
      const open = !panel.root.hidden;
      openButton.setAttribute("aria-expanded", String(open));
      openButton.textContent = open ? TEXT.closePanel : TEXT.workHere;
    });
  }

  function exercisePanel(id) {
    const view = new ConsoleView({
      options: { latihan: id },
      historyName: `latihan:${id}`,
      help: TEXT.exerciseConsoleHelp,
      label: TEXT.exerciseInputLabel(id),
    });
    const checkButton = button(TEXT.check, { "data-kursus-periksa": true, class: "kursus-button kursus-primary" });
    const hintButton = button(TEXT.hint, { "data-kursus-petunjuk": true });
    const solutionButton = button(TEXT.solution, { "data-kursus-solusi": true });
    const resetButton = button(TEXT.reset, { "data-kursus-ulang": true });
    const verdict = el("pre", { class: "kursus-verdict", "data-kursus-vonis": true, role: "status", "aria-label": TEXT.verdictLabel, hidden: true });
    const modelLabel = el("label", { class: "kursus-model-label", hidden: true, text: TEXT.modelLabel });
    const model = el("textarea", { class: "kursus-model", "data-kursus-model": true, hidden: true, rows: "14", spellcheck: "false", autocapitalize: "off" });
    modelLabel.append(model);
    const root = el(
      "div",
      { class: "kursus-exercise-panel", "data-kursus-panel": id, id: `kursus-panel-${id.replace(/[^A-Za-z0-9_-]/g, "-")}` },
      modelLabel,
      view.root,
      el("div", { class: "kursus-buttons" }, checkButton, hintButton, solutionButton, resetButton),
      verdict,
    );
    let isDesign = false;

    const fillModel = async (session, fromEngine) => {
      const stored = fromEngine ? null : storage.read(STORAGE_KEYS.model(id));
      if (stored !== null) {
        model.value = stored;
        return;
      }
      const { text } = await engine().call("model", { session });
      model.value = text;
      storage.write(STORAGE_KEYS.model(id), text);
    };

    // Only design exercises have a model; the module refuses the question for the others.
    view.onopen = async (session) => {
      try {
        await fillModel(session, false);
        isDesign = true;
        modelLabel.hidden = false;
        model.hidden = false;
      } catch {
        isDesign = false;
      }
    };
    model.addEventListener("input", () => storage.write(STORAGE_KEYS.model(id), model.value));

    const command = (text) => view.run(text);
    checkButton.addEventListener("click", async () => {
      if (isDesign) {
        try {
          const { id: session } = await view.session.open();
          await engine().call("model", { session, text: model.value });
        } catch (error) {
          verdict.hidden = false;
          verdict.textContent = error.message;
          return;
        }
      }
      const output = await command(".periksa");
      if (output === null) return;
      verdict.hidden = false;
      verdict.textContent = output.replace(/\n+$/, "");
      verdict.dataset.kursusHasil = output.startsWith("✓") ? "lulus" : "belum";
    });
    hintButton.addEventListener("click", () => command(".petunjuk"));
    solutionButton.addEventListener("click", () => command(".solusi"));
    resetButton.addEventListener("click", async () => {
      const output = await command(".ulang");
      verdict.hidden = true;
      if (output !== null && isDesign) {
        const { id: session } = await view.session.open();
        await fillModel(session, true).catch(() => {});
      }
    });
    return { root, start: () => view.start() };
  }


  // ---- the chapter's quiz --------------------------------------------------------------

  /**
   * The quiz the preprocessor put in the chapter (`data-kursus-kuis`). The module judges,
   * records and explains every answer (the page holds no answer). A question answered once
   * is locked, as in the terminal: "Ulang soal yang belum benar" opens the wrong ones again,
   * "Lihat jawaban" shows every answer and ends retrying.
   */
  function wireQuiz(main, options, cannotRun) {
    const root = main.querySelector("[data-kursus-kuis]");
    if (root === null) return;
    if (cannotRun !== null) {
      root.prepend(el("p", { class: "kursus-unavailable", "data-kursus-luring": true, text: cannotRun }));
      return;
    }
    const quiz = new Quiz(root, options);
    // Its recorded answers are loaded when the learner reaches it, as the console is.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        quiz.restore();
      }
    });
    observer.observe(root);
  }

  class Quiz {
    constructor(root, options) {
      this.root = root;
      this.chapter = root.dataset.kursusKuis;
      this.session = new Session(options);
      this.questions = [...root.querySelectorAll("[data-kursus-soal]")].map((fieldset) => new Question(fieldset, this));
      this.score = root.querySelector("[data-kursus-nilai]");
      this.retryButton = root.querySelector("[data-kursus-ulang-kuis]");
      this.revealButton = root.querySelector("[data-kursus-lihat-jawaban]");
      this.revealed = false;
      this.restored = null;
      this.retryButton?.addEventListener("click", () => this.retry());
      this.revealButton?.addEventListener("click", () => this.reveal());
      for (const q of this.questions) q.unlock();
      this.#updateButtons();
    }

    /** The module's answer to a quiz op on this page's session. */
    async call(op, args = {}) {
      const { id } = await this.session.open();
      return engine().call(op, { session: id, bab: this.chapter, ...args });
    }

    restore() {
      this.restored ??= this.call("quiz_state").then(
        (state) => this.#apply(state),
        (error) => this.#say(error.message),
      );
      return this.restored.finally(() => this.root.toggleAttribute("data-kursus-kuis-siap", true));
    }

    #apply(state) {
      const lines = state.umpan ?? {};
      for (const q of this.questions) {
        if (state.benar.includes(q.id)) q.show(true, lines[q.id] ?? []);
        else if (state.salah.includes(q.id)) q.show(false, lines[q.id] ?? []);
      }
      if (state.dilihat) this.#showAnswers(state.jawaban ?? [], state.catatan);
      this.#showScore(state.nilai, state.benar.length + state.salah.length > 0);
    }

    async answer(question, text) {
      await this.restore();
      const result = await this.call("quiz_answer", { soal: question.id, jawaban: text });
      if (result.dihitung || this.revealed) question.show(result.benar, result.umpan);
      else question.say(result.umpan);
      this.#showScore(result.nilai, true);
    }

    retry() {
      const wrong = this.questions.filter((q) => q.state === "salah");
      for (const q of wrong) q.unlock();
      wrong[0]?.focus();
      this.#updateButtons();
    }

    async reveal() {
      try {
        await this.restore();
        const result = await this.call("quiz_reveal");
        this.#showAnswers(result.jawaban, result.catatan);
        this.#showScore(result.nilai, true);
      } catch (error) {
        this.#say(error.message);
      }
    }

    #showAnswers(answers, note) {
      this.revealed = true;
      this.root.toggleAttribute("data-kursus-dilihat", true);
      for (const { soal, baris } of answers) this.questions.find((q) => q.id === soal)?.showAnswer(baris);
      if (note) this.#say(note);
      this.#updateButtons();
    }

    #showScore(nilai, answered) {
      if (this.score === null || !answered) return;
      this.score.textContent = nilai.teks;
      this.score.dataset.kursusBenar = String(nilai.benar);
      this.score.dataset.kursusJumlah = String(nilai.jumlah);
      this.#updateButtons();
    }

    #say(text) {
      let note = this.root.querySelector(".kursus-kuis-catatan");
      if (note === null) {
        note = el("p", { class: "kursus-kuis-catatan", role: "status" });
        this.score?.after(note);
      }
      note.textContent = text;
    }

    #updateButtons() {
      const wrong = this.questions.some((q) => q.state === "salah");
      if (this.retryButton) this.retryButton.disabled = this.revealed || !wrong;
      if (this.revealButton) this.revealButton.disabled = this.revealed;
    }
  }

  class Question {
    constructor(fieldset, quiz) {
      this.fieldset = fieldset;
      this.quiz = quiz;
      this.id = fieldset.dataset.kursusSoal;
      this.state = null;
      this.options = [...fieldset.querySelectorAll("[data-kursus-pilihan]")];
      this.text = fieldset.querySelector("[data-kursus-isian]");
      this.submitButton = fieldset.querySelector("[data-kursus-jawab]");
      this.feedback = fieldset.querySelector("[data-kursus-umpan-balik]");
      this.answerBox = fieldset.querySelector("[data-kursus-jawaban]");
      this.submitButton?.addEventListener("click", () => this.submit());
      // Arrow keys move between a question's options; mdBook would turn the page.
      for (const o of this.options) o.addEventListener("keydown", (e) => e.stopPropagation());
      this.text?.addEventListener("keydown", (e) => {
        e.stopPropagation();
        if (e.key === "Enter") {
          e.preventDefault();
          this.submit();
        }
      });
    }

    /** What the terminal would be typed: the ticked letters (`a,c`), or the text. */
    input() {
      if (this.text !== null) return this.text.value;
      return this.options.filter((o) => o.checked).map((o) => o.value).join(",");
    }

    async submit() {
      const text = this.input();
      if (text.trim() === "") {
        this.say([this.text !== null ? TEXT.quizType : TEXT.quizChoose]);
        return;
      }
      this.#lock(true);
      this.say([TEXT.quizJudging]);
      try {
        await this.quiz.answer(this, text);
      } catch (error) {
        this.say([error instanceof Stopped ? TEXT.stoppedExample : error.message]);
      }
      if (this.state === null || this.quiz.revealed) this.#lock(false);
    }

    /** The verdict and feedback lines; the question stays locked until a retry. */
    show(right, lines) {
      this.state = right ? "benar" : "salah";
      this.fieldset.dataset.kursusHasil = this.state;
      this.say(lines);
      this.#lock(!this.quiz.revealed || right);
    }

    say(lines) {
      this.feedback.replaceChildren(...lines.map((line) => el("p", { text: line })));
    }

    showAnswer(lines) {
      this.answerBox.replaceChildren(...lines.map((line) => el("p", { text: line })));
      this.answerBox.hidden = false;
    }

    unlock() {
      if (this.state === "salah") {
        for (const o of this.options) o.checked = false;
        if (this.text !== null) this.text.value = "";
        this.feedback.replaceChildren();
        delete this.fieldset.dataset.kursusHasil;
        this.state = null;
      }
      this.#lock(false);
    }

    focus() {
      (this.options[0] ?? this.text)?.focus();
    }

    #lock(locked) {
      for (const input of [...this.options, this.text]) if (input) input.disabled = locked;
      if (this.submitButton) this.submitButton.disabled = locked;
    }
  }

  // ---- progress marks ----------------------------------------------------------------

  function passedSet(progress) {
    try {
      const data = JSON.parse(progress);
      return new Set(Array.isArray(data?.selesai) ? data.selesai : []);
    } catch {
      return new Set();
    }
  }

  function markProgress(progress) {
    const passed = passedSet(progress);
    for (const div of document.querySelectorAll(".latihan[data-kursus-latihan]")) {
      const ok = passed.has(div.dataset.kursusLatihan);
      div.toggleAttribute("data-kursus-lulus", ok);
      const mark = div.querySelector("[data-kursus-tanda]");
      if (mark) mark.hidden = !ok;
    }
    markSidebar(passed);
  }

  /** Remembers which page holds which exercises, so the sidebar can count them on every page. */
  function rememberPage(exercises) {
    const pages = storage.json(STORAGE_KEYS.pages, {});
    const name = new URL(location.href).pathname.split("/").pop() || "index.html";
    pages[name] = exercises.map((x) => x.id);
    storage.write(STORAGE_KEYS.pages, JSON.stringify(pages));
  }

  function markSidebar(passed) {
    const pages = storage.json(STORAGE_KEYS.pages, {});
    for (const a of document.querySelectorAll("#mdbook-sidebar a[href], .sidebar a[href]")) {
      const url = new URL(a.href, location.href);
      // The sidebar also lists the chapter's headings; only the chapter's own link counts.
      const ids = url.hash === "" ? pages[url.pathname.split("/").pop()] : undefined;
      let mark = a.querySelector(".kursus-sidebar-mark");
      if (!Array.isArray(ids) || ids.length === 0) {
        mark?.remove();
        continue;
      }
      const n = ids.filter((id) => passed.has(id)).length;
      if (mark === null) {
        mark = el("span", { class: "kursus-sidebar-mark", "data-kursus-sidebar": true });
        a.append(mark);
      }
      mark.textContent = n === ids.length ? " ✓" : ` ${n}/${ids.length}`;
      mark.title = TEXT.sidebarCount(n, ids.length);
      mark.dataset.kursusSidebar = n === ids.length ? "lulus" : "sebagian";
    }
  }

  // ---- mdBook's page, made usable with a keyboard and a screen reader ---------------------

  /**
   * mdBook's sidebar toggle is a <label> for a hidden checkbox: no keyboard can reach it, and
   * its aria-expanded and aria-label are not allowed on a label. As a button it is both.
   */
  function mendSidebarToggle() {
    const toggle = document.getElementById("mdbook-sidebar-toggle");
    if (toggle === null || toggle.tagName !== "LABEL") return;
    toggle.setAttribute("role", "button");
    toggle.tabIndex = 0;
    if (!toggle.hasAttribute("aria-expanded")) {
      toggle.setAttribute("aria-expanded", String(document.documentElement.classList.contains("sidebar-visible")));
    }
    toggle.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        toggle.click();
      }
    });
  }

  /**
   * A code block wider than the page scrolls sideways; keyboard users scroll it only if it
   * can take the focus. Blocks that fit stay out of the tab order. Editable examples are
   * always focusable.
   */
  function focusScrollableCode(main) {
    for (const code of main.querySelectorAll("pre > code")) {
      if (code.isContentEditable || code.getAttribute("role") === "textbox") continue;
      const scrolls = code.scrollWidth > code.clientWidth + 1;
      if (scrolls && !code.hasAttribute("tabindex")) {
        code.tabIndex = 0;
        code.setAttribute("role", "region");
        code.setAttribute("aria-label", TEXT.codeBlockLabel);
        code.dataset.kursusGeser = "";
      } else if (!scrolls && code.hasAttribute("data-kursus-geser")) {
        code.removeAttribute("tabindex");
        code.removeAttribute("role");
        code.removeAttribute("aria-label");
        delete code.dataset.kursusGeser;
      }
    }
  }

  /**
   * A data-model picture wider than the page scrolls inside its frame, which a phone shows
   * with no scrollbar: the frame then says so above it, and takes the keyboard's focus.
   */
  function markScrollablePictures(main) {
    for (const frame of main.querySelectorAll(".kursus-gambar-bingkai")) {
      const scrolls = frame.scrollWidth > frame.clientWidth + 1;
      let hint = frame.previousElementSibling;
      if (!hint?.classList.contains("kursus-gambar-geser")) {
        hint = el("p", { class: "kursus-gambar-geser", "aria-hidden": "true", text: TEXT.pictureScrolls });
        frame.before(hint);
      }
      hint.hidden = !scrolls;
      frame.toggleAttribute("data-kursus-geser", scrolls);
      if (scrolls) {
        frame.tabIndex = 0;
        frame.setAttribute("role", "region");
        frame.setAttribute("aria-label", TEXT.pictureLabel);
      } else {
        frame.removeAttribute("tabindex");
        frame.removeAttribute("role");
        frame.removeAttribute("aria-label");
      }
    }
  }

  // ---- wiring ------------------------------------------------------------------------

  function init() {
    registerServiceWorker();
    const main = contentMain();
    if (main === null) return;
    const cannotRun = whyCannotRun();
    const exercises = exerciseBoxes(main);
    const lesson = pageLesson(main, exercises);
    const options = lesson === null ? {} : { bab: lesson };
    document.documentElement.dataset.kursusHalaman = lesson ?? "";
    rememberPage(exercises);
    const exampleCount = wireExamples(main, options, cannotRun);
    for (const x of exercises) wireExercise(x, cannotRun);
    wireQuiz(main, options, cannotRun);
    if (lesson !== null || exampleCount > 0) wireChapterConsole(main, options, cannotRun);
    markProgress(storage.read(STORAGE_KEYS.progress, "{}"));
    // The sidebar is drawn by mdBook's own script, possibly after this one.
    requestAnimationFrame(() => markProgress(storage.read(STORAGE_KEYS.progress, "{}")));
    // Another tab that passed an exercise updates the marks here too.
    window.addEventListener("storage", (e) => {
      if (e.key === STORAGE_KEYS.progress && e.newValue !== null) markProgress(e.newValue);
    });
    mendSidebarToggle();
    focusScrollableCode(main);
    markScrollablePictures(main);
    let resizing = false;
    window.addEventListener("resize", () => {
      if (resizing) return;
      resizing = true;
      requestAnimationFrame(() => {
        resizing = false;
        focusScrollableCode(main);
        markScrollablePictures(main);
      });
    });
    document.documentElement.dataset.kursusSiap = "";
    // For tests/web/measure-book.mjs: when the page became usable.
    performance.mark?.("kursus:siap");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
