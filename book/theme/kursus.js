// The book that runs: Jalankan buttons on the chapter's examples, a console per chapter,
// and the exercises worked in the page. Everything the REPL decides (whether an entry is
// complete, grading, dot-commands, output) comes from the course's WebAssembly module,
// which runs in a worker (web/kursus-worker.js) so that an endless loop never freezes the
// page. mdBook loads this file as a classic script on every page.
(() => {
  "use strict";

  const TEKS = {
    jalankan: "Jalankan",
    berjalan: "Berjalan…",
    berhenti: "Berhenti",
    kembalikan: "Kembalikan kode",
    kirim: "Kirim",
    kerjakan: "Kerjakan di sini",
    tutupPanel: "Tutup",
    periksa: "Periksa",
    petunjuk: "Petunjuk",
    solusi: "Solusi",
    ulang: "Ulang",
    konsol: "Konsol",
    konsolBab: "Coba sendiri di konsol bab ini. Enter menjalankan pernyataan yang sudah lengkap; Shift+Enter menambah baris; panah atas/bawah memanggil riwayat.",
    konsolLatihan: "Kerjakan latihan ini di konsol di bawah, lalu tekan Periksa.",
    model: "Model rancangan (dinilai saat Periksa):",
    masukan: "Pernyataan untuk konsol",
    dihentikanContoh: "Dihentikan: contoh ini tidak dijalankan sampai selesai.",
    dihentikanKonsol: "Dihentikan. Pernyataan tadi tidak dijalankan sampai selesai; sesi dimulai ulang, jadi data yang dibuat di konsol ini kembali ke awal.",
    dimulaiUlang: "Sesi dimulai ulang karena sebuah pernyataan dihentikan; data yang dibuat sebelumnya kembali ke awal.",
    keluar: "Sesi ditutup. Ketik pernyataan berikutnya untuk membuka sesi baru.",
    memuat: "Memuat mesin kursus…",
    lulus: "✓ Lulus",
    fileLokal:
      "Contoh tidak bisa dijalankan dari berkas lokal (file://): peramban menolak memuat WebAssembly dan worker dari sana. Sajikan bukunya dengan `kursus buku --sajikan`, lalu buka alamat yang dicetaknya.",
    tanpaWasm:
      "Peramban ini tidak menjalankan WebAssembly, jadi contoh tidak bisa dijalankan di sini. Pakai peramban lain yang lebih baru, atau jalankan contohnya di terminal dengan `kursus`.",
    tanpaWorker:
      "Peramban ini tidak mendukung Web Worker, jadi contoh tidak bisa dijalankan di sini. Pakai peramban lain yang lebih baru, atau jalankan contohnya di terminal dengan `kursus`.",
    rusak: (sebab) =>
      `Mesin kursus mengalami galat internal (${sebab}) dan dimulai ulang; sesi-sesi di halaman ini kembali ke awal.`,
    gagalMuat: (sebab) =>
      `Mesin kursus gagal dimuat (${sebab}). Bangun bundel WebAssembly dengan \`cargo xtask web\`, bangun ulang bukunya dengan \`kursus buku\`, lalu sajikan dengan \`kursus buku --sajikan\`.`,
  };

  const KUNCI = {
    kemajuan: "kursus:kemajuan",
    halaman: "kursus:halaman",
    riwayat: (nama) => `kursus:riwayat:${nama}`,
    model: (id) => `kursus:model:${id}`,
  };
  const RIWAYAT_MAKS = 200;

  const simpan = {
    baca(kunci, bawaan = null) {
      try {
        const teks = localStorage.getItem(kunci);
        return teks === null ? bawaan : teks;
      } catch {
        return bawaan;
      }
    },
    tulis(kunci, nilai) {
      try {
        localStorage.setItem(kunci, nilai);
      } catch {
        // A full or forbidden storage loses only what the next visit would have restored.
      }
    },
    json(kunci, bawaan) {
      try {
        return JSON.parse(simpan.baca(kunci)) ?? bawaan;
      } catch {
        return bawaan;
      }
    },
  };

  const akar = new URL(typeof path_to_root === "string" ? path_to_root : "", document.baseURI);

  function alasanTidakJalan() {
    if (location.protocol === "file:") return TEKS.fileLokal;
    if (typeof WebAssembly !== "object") return TEKS.tanpaWasm;
    if (typeof Worker !== "function") return TEKS.tanpaWorker;
    return null;
  }

  class Dihentikan extends Error {}

  /**
   * The worker and the calls waiting on it. Stopping ends the worker (the module has no
   * other way to stop a running entry in a browser) and starts a fresh one; every session
   * opened before belongs to the old generation and is opened again when next used.
   */
  class Mesin {
    #worker = null;
    #menunggu = new Map();
    #nomor = 0;
    #modul = null;
    generasi = 0;
    gagal = null;

    constructor() {
      this.#mulai();
    }

    #mulai() {
      this.generasi += 1;
      this.gagal = null;
      const worker = new Worker(new URL("web/kursus-worker.js", akar), { type: "module" });
      this.#worker = worker;
      worker.onmessage = (event) => this.#terima(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.#gagalTotal(event.message || "worker tidak bisa dimuat");
      };
      this.siap = this.#kirim("mulai", { module: this.#modul, kemajuan: simpan.baca(KUNCI.kemajuan, "") }).then(
        ({ module }) => {
          this.#modul = module;
        },
        (error) => {
          if (!(error instanceof Dihentikan)) this.#gagalTotal(error.message);
          throw error;
        },
      );
      this.siap.catch(() => {});
    }

    #gagalTotal(sebab) {
      this.gagal = TEKS.gagalMuat(sebab);
      for (const { reject } of this.#menunggu.values()) reject(new Error(this.gagal));
      this.#menunggu.clear();
    }

    #kirim(op, args) {
      if (this.gagal !== null) return Promise.reject(new Error(this.gagal));
      const id = ++this.#nomor;
      return new Promise((resolve, reject) => {
        this.#menunggu.set(id, { resolve, reject });
        this.#worker.postMessage({ id, op, args });
      });
    }

    #terima({ id, ok, value, error, kemajuan, broken }) {
      if (typeof kemajuan === "string") {
        simpan.tulis(KUNCI.kemajuan, kemajuan);
        tandaiKemajuan(kemajuan);
      }
      const janji = this.#menunggu.get(id);
      if (janji === undefined) return;
      this.#menunggu.delete(id);
      if (ok) {
        janji.resolve(value);
        return;
      }
      janji.reject(new Error(broken ? TEKS.rusak(error) : error));
      if (broken) this.hentikan();
    }

    async panggil(op, args) {
      await this.siap;
      return this.#kirim(op, args);
    }

    hentikan() {
      this.#worker.terminate();
      const menunggu = [...this.#menunggu.values()];
      this.#menunggu.clear();
      for (const { reject } of menunggu) reject(new Dihentikan());
      this.#mulai();
    }
  }

  let mesinHalaman = null;
  const mesin = () => (mesinHalaman ??= new Mesin());

  /** A console session that follows the engine across restarts. */
  class Sesi {
    constructor(options) {
      this.options = options;
      this.id = null;
      this.generasi = 0;
    }

    /** The session's id, opening it when there is none in this engine; `baru` says so. */
    async buka() {
      const m = mesin();
      await m.siap;
      if (this.id !== null && this.generasi === m.generasi) return { id: this.id, baru: null };
      const generasi = m.generasi;
      const dibuka = await m.panggil("open", { options: this.options });
      this.id = dibuka.session;
      this.generasi = generasi;
      return { id: this.id, baru: dibuka };
    }

    lupakan() {
      this.id = null;
    }
  }

  function el(tag, atribut = {}, ...anak) {
    const node = document.createElement(tag);
    for (const [nama, nilai] of Object.entries(atribut)) {
      if (nama === "class") node.className = nilai;
      else if (nama === "text") node.textContent = nilai;
      else if (nilai !== false && nilai !== null && nilai !== undefined) node.setAttribute(nama, nilai === true ? "" : nilai);
    }
    node.append(...anak);
    return node;
  }

  function tombol(teks, atribut = {}) {
    return el("button", { type: "button", class: "kursus-tombol", ...atribut, text: teks });
  }

  /**
   * An input area, its log and its buttons, on one session. The log holds text only: spans
   * become text nodes inside elements named by their class, never parsed HTML.
   */
  class Konsol {
    constructor({ options, namaRiwayat, keterangan, label }) {
      this.sesi = new Sesi(options);
      this.namaRiwayat = namaRiwayat;
      this.riwayat = simpan.json(KUNCI.riwayat(namaRiwayat), []);
      this.posisi = this.riwayat.length;
      this.draf = "";
      this.sibuk = 0;

      this.log = el("pre", { class: "kursus-log", "data-kursus-log": true, "aria-live": "polite", tabindex: "0" });
      this.prompt = el("span", { class: "kursus-prompt", text: "> " });
      this.masukan = el("textarea", {
        class: "kursus-masukan",
        "data-kursus-masukan": true,
        rows: "2",
        spellcheck: "false",
        autocapitalize: "off",
        autocomplete: "off",
        "aria-label": label ?? TEKS.masukan,
      });
      this.kirimTombol = tombol(TEKS.kirim, { "data-kursus-kirim": true });
      this.berhentiTombol = tombol(TEKS.berhenti, { "data-kursus-berhenti": true, disabled: true, class: "kursus-tombol kursus-berhenti" });
      this.akar = el(
        "div",
        { class: "kursus-konsol", "data-kursus-konsol": true },
        ...(keterangan ? [el("p", { class: "kursus-keterangan", text: keterangan })] : []),
        this.log,
        el("div", { class: "kursus-baris-masukan" }, this.prompt, this.masukan),
        el("div", { class: "kursus-tombol-baris" }, this.kirimTombol, this.berhentiTombol),
      );

      this.masukan.addEventListener("keydown", (e) => this.#tombolDitekan(e));
      this.kirimTombol.addEventListener("click", () => this.kirim());
      this.berhentiTombol.addEventListener("click", () => mesin().hentikan());
    }

    /** Opens the session now (greeting in the log) rather than at the first entry. */
    async mulai() {
      try {
        await this.#sesi();
      } catch (error) {
        this.#tulisGalat(error);
      }
    }

    async #sesi() {
      const { id, baru } = await this.sesi.buka();
      if (baru !== null) {
        if (this.sudahPernahBuka) this.tulis(`${TEKS.dimulaiUlang}\n`, "kursus");
        this.sudahPernahBuka = true;
        if (baru.greeting) this.tulis(`${baru.greeting}\n`, "greeting");
        this.prompt.textContent = baru.prompt;
        this.onbuka?.(id);
      }
      return id;
    }

    tulis(teks, kelas) {
      const span = el("span", { class: `kursus-${kelas}` });
      span.textContent = teks;
      this.log.append(span);
      this.log.scrollTop = this.log.scrollHeight;
    }

    #tulisGalat(error) {
      if (error instanceof Dihentikan) {
        this.tulis(`${TEKS.dihentikanKonsol}\n`, "dihentikan");
      } else {
        this.tulis(`${error.message}\n`, "error");
      }
    }

    #sibuk(tambah) {
      this.sibuk += tambah;
      this.berhentiTombol.disabled = this.sibuk === 0;
      this.akar.toggleAttribute("data-kursus-sibuk", this.sibuk > 0);
    }

    /** Runs `teks` as one entry, as the learner typed it (echoed with the prompt). */
    async jalankan(teks) {
      this.#sibuk(1);
      try {
        const id = await this.#sesi();
        this.tulis(`${this.prompt.textContent}${teks}\n`, "masukan");
        const hasil = await mesin().panggil("run", { session: id, entry: teks });
        if (hasil.entry !== null) {
          for (const { text, class: kelas } of hasil.entry.spans) this.tulis(text, kelas);
        }
        this.prompt.textContent = hasil.prompt;
        if (hasil.quit) {
          this.tulis(`${TEKS.keluar}\n`, "kursus");
          this.sesi.lupakan();
        }
        return hasil.entry?.output ?? "";
      } catch (error) {
        if (error instanceof Dihentikan) this.sesi.lupakan();
        this.#tulisGalat(error);
        return null;
      } finally {
        this.#sibuk(-1);
      }
    }

    async kirim() {
      const teks = this.masukan.value;
      if (teks.trim() === "") return;
      this.#ingat(teks);
      this.masukan.value = "";
      await this.jalankan(teks.replace(/\n+$/, ""));
    }

    #ingat(teks) {
      if (this.riwayat[this.riwayat.length - 1] !== teks) this.riwayat.push(teks);
      this.riwayat = this.riwayat.slice(-RIWAYAT_MAKS);
      this.posisi = this.riwayat.length;
      simpan.tulis(KUNCI.riwayat(this.namaRiwayat), JSON.stringify(this.riwayat));
    }

    async #tombolDitekan(e) {
      const t = this.masukan;
      if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        const teks = t.value;
        const [awal, akhir] = [t.selectionStart, t.selectionEnd];
        let lengkap = false;
        try {
          lengkap = await mesin().panggil("complete", { text: teks });
        } catch (error) {
          this.#tulisGalat(error);
          return;
        }
        if (lengkap) {
          this.kirim();
        } else if (t.value === teks) {
          t.setRangeText("\n", awal, akhir, "end");
        }
      } else if (e.key === "ArrowUp" && !e.shiftKey && !t.value.slice(0, t.selectionStart).includes("\n")) {
        if (this.posisi === 0) return;
        e.preventDefault();
        if (this.posisi === this.riwayat.length) this.draf = t.value;
        this.posisi -= 1;
        t.value = this.riwayat[this.posisi];
      } else if (e.key === "ArrowDown" && !e.shiftKey && !t.value.slice(t.selectionEnd).includes("\n")) {
        if (this.posisi >= this.riwayat.length) return;
        e.preventDefault();
        this.posisi += 1;
        t.value = this.posisi === this.riwayat.length ? this.draf : this.riwayat[this.posisi];
        t.selectionStart = t.selectionEnd = t.value.length;
      }
    }
  }

  // ---- reading the page -------------------------------------------------------------

  const konten = () => document.querySelector("#mdbook-content main, #content main, main");

  function idLatihan(kotak) {
    if (kotak.dataset.kursusLatihan) return kotak.dataset.kursusLatihan;
    // The box's own "open it in the terminal" command names the exercise.
    for (const code of kotak.querySelectorAll("code")) {
      const cocok = /--latihan\s+(\S+\/\S+)/.exec(code.textContent);
      if (cocok) return cocok[1];
    }
    return null;
  }

  function kotakLatihan(main) {
    const kotak = [];
    for (const div of main.querySelectorAll("div.latihan")) {
      const id = idLatihan(div);
      if (id !== null) {
        div.dataset.kursusLatihan = id;
        kotak.push({ div, id });
      }
    }
    return kotak;
  }

  /**
   * The lesson this page is the chapter of: a marker the preprocessor may set, else the
   * lesson of the exercises it holds. `null` for the book's other pages.
   */
  function babHalaman(main, latihan) {
    const tanda = main.querySelector("[data-kursus-bab]");
    if (tanda) return tanda.dataset.kursusBab;
    return latihan.length > 0 ? latihan[0].id.split("/")[0] : null;
  }

  /** The page's examples: `js` blocks outside exercise boxes (the preprocessor's marker when present). */
  function contohHalaman(main) {
    const semua = [...main.querySelectorAll("pre > code.language-js")].filter((code) => !code.closest(".latihan"));
    const bertanda = semua.filter((code) => code.closest("pre").hasAttribute("data-kursus-contoh") || code.classList.contains("kursus"));
    return bertanda.length > 0 ? bertanda : semua;
  }

  // ---- examples ---------------------------------------------------------------------

  function pasangContoh(main, options, alasan) {
    const contoh = contohHalaman(main).map((code, nomor) => ({ code, nomor, asli: code.textContent }));
    for (const c of contoh) {
      const pre = c.code.closest("pre");
      pre.dataset.kursusContoh = String(c.nomor + 1);
      const jalankan = tombol(TEKS.jalankan, { "data-kursus-jalankan": true });
      const berhenti = tombol(TEKS.berhenti, { "data-kursus-berhenti": true, class: "kursus-tombol kursus-berhenti", hidden: true });
      const kembalikan = tombol(TEKS.kembalikan, { "data-kursus-kembalikan": true, hidden: true });
      const hasil = el("pre", { class: "kursus-hasil", "data-kursus-hasil": true, hidden: true, "aria-live": "polite" });
      pre.after(el("div", { class: "kursus-tombol-baris kursus-contoh-tombol" }, jalankan, berhenti, kembalikan), hasil);

      const tampilkan = (teks, kelas) => {
        hasil.hidden = false;
        hasil.className = `kursus-hasil${kelas ? ` kursus-${kelas}` : ""}`;
        hasil.textContent = teks;
      };
      if (alasan !== null) {
        jalankan.title = alasan;
        jalankan.addEventListener("click", () => tampilkan(alasan, "luring"));
        continue;
      }
      c.code.contentEditable = "plaintext-only";
      c.code.spellcheck = false;
      c.code.setAttribute("aria-label", `Kode contoh ${c.nomor + 1} (bisa diubah)`);
      // mdBook turns arrow keys into chapter navigation unless an input has the focus.
      c.code.addEventListener("keydown", (e) => e.stopPropagation());
      c.code.addEventListener("input", () => {
        kembalikan.hidden = c.code.textContent === c.asli;
      });
      kembalikan.addEventListener("click", () => {
        c.code.textContent = c.asli;
        kembalikan.hidden = true;
      });
      berhenti.addEventListener("click", () => mesin().hentikan());
      jalankan.addEventListener("click", async () => {
        // Example N runs on the chapter as examples 1..N-1 left it, as they stand now.
        const codes = contoh.slice(0, c.nomor + 1).map((x) => x.code.textContent);
        jalankan.disabled = true;
        jalankan.textContent = TEKS.berjalan;
        berhenti.hidden = false;
        pre.toggleAttribute("data-kursus-sibuk", true);
        try {
          const keluaran = await mesin().panggil("contoh", { options, codes });
          tampilkan(keluaran[c.nomor], "");
        } catch (error) {
          tampilkan(error instanceof Dihentikan ? TEKS.dihentikanContoh : error.message, error instanceof Dihentikan ? "dihentikan" : "error");
        } finally {
          jalankan.disabled = false;
          jalankan.textContent = TEKS.jalankan;
          berhenti.hidden = true;
          pre.toggleAttribute("data-kursus-sibuk", false);
        }
      });
    }
    return contoh.length;
  }

  // ---- the chapter's console ---------------------------------------------------------

  function pasangKonsolBab(main, options, alasan) {
    const bagian = el("section", { class: "kursus-konsol-bab", "aria-label": TEKS.konsol }, el("h2", { text: TEKS.konsol }));
    if (alasan !== null) {
      bagian.append(el("p", { class: "kursus-luring", "data-kursus-luring": true, text: alasan }));
    } else {
      const konsol = new Konsol({ options, namaRiwayat: `bab:${location.pathname}`, keterangan: TEKS.konsolBab });
      bagian.append(konsol.akar);
      // Opening costs the learner nothing visible until they look; do it when seen.
      const lihat = new IntersectionObserver((masuk) => {
        if (masuk.some((m) => m.isIntersecting)) {
          lihat.disconnect();
          konsol.mulai();
        }
      });
      lihat.observe(bagian);
      konsol.masukan.addEventListener("focus", () => {
        lihat.disconnect();
        if (konsol.sesi.id === null) konsol.mulai();
      }, { once: true });
    }
    main.append(bagian);
  }

  // ---- exercises ---------------------------------------------------------------------

  function pasangLatihan({ div, id }, alasan) {
    const kerjakan = tombol(TEKS.kerjakan, { "data-kursus-kerjakan": true, "aria-expanded": "false" });
    const tanda = el("span", { class: "kursus-tanda-lulus", "data-kursus-tanda": true, hidden: true, text: TEKS.lulus });
    const judul = div.querySelector(".latihan-judul") ?? div.firstElementChild;
    judul?.append(" ", tanda);
    div.append(el("div", { class: "kursus-tombol-baris" }, kerjakan));
    let panel = null;

    kerjakan.addEventListener("click", () => {
      if (alasan !== null) {
        if (panel === null) {
          panel = el("p", { class: "kursus-luring", "data-kursus-luring": true, text: alasan });
          div.append(panel);
        }
        return;
      }
      if (panel === null) {
        panel = panelLatihan(id);
        div.append(panel.akar);
        panel.mulai();
      } else {
        panel.akar.hidden = !panel.akar.hidden;
      }
      const terbuka = !panel.akar.hidden;
      kerjakan.setAttribute("aria-expanded", String(terbuka));
      kerjakan.textContent = terbuka ? TEKS.tutupPanel : TEKS.kerjakan;
    });
  }

  function panelLatihan(id) {
    const konsol = new Konsol({ options: { latihan: id }, namaRiwayat: `latihan:${id}`, keterangan: TEKS.konsolLatihan });
    const periksa = tombol(TEKS.periksa, { "data-kursus-periksa": true, class: "kursus-tombol kursus-utama" });
    const petunjuk = tombol(TEKS.petunjuk, { "data-kursus-petunjuk": true });
    const solusi = tombol(TEKS.solusi, { "data-kursus-solusi": true });
    const ulang = tombol(TEKS.ulang, { "data-kursus-ulang": true });
    const vonis = el("pre", { class: "kursus-vonis", "data-kursus-vonis": true, "aria-live": "polite", hidden: true });
    const modelLabel = el("label", { class: "kursus-model-label", hidden: true, text: TEKS.model });
    const model = el("textarea", { class: "kursus-model", "data-kursus-model": true, hidden: true, rows: "14", spellcheck: "false", autocapitalize: "off" });
    modelLabel.append(model);
    const akar = el(
      "div",
      { class: "kursus-panel-latihan", "data-kursus-panel": id },
      modelLabel,
      konsol.akar,
      el("div", { class: "kursus-tombol-baris" }, periksa, petunjuk, solusi, ulang),
      vonis,
    );
    let rancangan = false;

    const isiModel = async (session, dariMesin) => {
      const tersimpan = dariMesin ? null : simpan.baca(KUNCI.model(id));
      if (tersimpan !== null) {
        model.value = tersimpan;
        return;
      }
      const { text } = await mesin().panggil("model", { session });
      model.value = text;
      simpan.tulis(KUNCI.model(id), text);
    };

    // Only design exercises have a model; the module refuses the question for the others.
    konsol.onbuka = async (session) => {
      try {
        await isiModel(session, false);
        rancangan = true;
        modelLabel.hidden = false;
        model.hidden = false;
      } catch {
        rancangan = false;
      }
    };
    model.addEventListener("input", () => simpan.tulis(KUNCI.model(id), model.value));

    const perintah = (teks) => konsol.jalankan(teks);
    periksa.addEventListener("click", async () => {
      if (rancangan) {
        try {
          const { id: session } = await konsol.sesi.buka();
          await mesin().panggil("model", { session, text: model.value });
        } catch (error) {
          vonis.hidden = false;
          vonis.textContent = error.message;
          return;
        }
      }
      const keluaran = await perintah(".periksa");
      if (keluaran === null) return;
      vonis.hidden = false;
      vonis.textContent = keluaran.replace(/\n+$/, "");
      vonis.dataset.kursusHasil = keluaran.startsWith("✓") ? "lulus" : "belum";
    });
    petunjuk.addEventListener("click", () => perintah(".petunjuk"));
    solusi.addEventListener("click", () => perintah(".solusi"));
    ulang.addEventListener("click", async () => {
      const keluaran = await perintah(".ulang");
      vonis.hidden = true;
      if (keluaran !== null && rancangan) {
        const { id: session } = await konsol.sesi.buka();
        await isiModel(session, true).catch(() => {});
      }
    });
    return { akar, mulai: () => konsol.mulai() };
  }

  // ---- progress marks ----------------------------------------------------------------

  function selesai(kemajuan) {
    try {
      const data = JSON.parse(kemajuan);
      return new Set(Array.isArray(data?.selesai) ? data.selesai : []);
    } catch {
      return new Set();
    }
  }

  function tandaiKemajuan(kemajuan) {
    const lulus = selesai(kemajuan);
    for (const div of document.querySelectorAll(".latihan[data-kursus-latihan]")) {
      const ok = lulus.has(div.dataset.kursusLatihan);
      div.toggleAttribute("data-kursus-lulus", ok);
      const tanda = div.querySelector("[data-kursus-tanda]");
      if (tanda) tanda.hidden = !ok;
    }
    tandaiSidebar(lulus);
  }

  /** Remembers which page holds which exercises, so the sidebar can count them on every page. */
  function ingatHalaman(latihan) {
    const halaman = simpan.json(KUNCI.halaman, {});
    const nama = new URL(location.href).pathname.split("/").pop() || "index.html";
    halaman[nama] = latihan.map((l) => l.id);
    simpan.tulis(KUNCI.halaman, JSON.stringify(halaman));
  }

  function tandaiSidebar(lulus) {
    const halaman = simpan.json(KUNCI.halaman, {});
    for (const a of document.querySelectorAll("#mdbook-sidebar a[href], .sidebar a[href]")) {
      const url = new URL(a.href, location.href);
      // The sidebar also lists the chapter's headings; only the chapter's own link counts.
      const ids = url.hash === "" ? halaman[url.pathname.split("/").pop()] : undefined;
      let tanda = a.querySelector(".kursus-tanda-sidebar");
      if (!Array.isArray(ids) || ids.length === 0) {
        tanda?.remove();
        continue;
      }
      const n = ids.filter((id) => lulus.has(id)).length;
      if (tanda === null) {
        tanda = el("span", { class: "kursus-tanda-sidebar", "data-kursus-sidebar": true });
        a.append(tanda);
      }
      tanda.textContent = n === ids.length ? " ✓" : ` ${n}/${ids.length}`;
      tanda.title = `${n} dari ${ids.length} latihan lulus`;
      tanda.dataset.kursusSidebar = n === ids.length ? "lulus" : "sebagian";
    }
  }

  // ---- wiring ------------------------------------------------------------------------

  function pasang() {
    const main = konten();
    if (main === null) return;
    const alasan = alasanTidakJalan();
    const latihan = kotakLatihan(main);
    const bab = babHalaman(main, latihan);
    const options = bab === null ? {} : { bab };
    document.documentElement.dataset.kursusHalaman = bab ?? "";
    ingatHalaman(latihan);
    const jumlahContoh = pasangContoh(main, options, alasan);
    for (const l of latihan) pasangLatihan(l, alasan);
    if (bab !== null || jumlahContoh > 0) pasangKonsolBab(main, options, alasan);
    tandaiKemajuan(simpan.baca(KUNCI.kemajuan, "{}"));
    // The sidebar is drawn by mdBook's own script, possibly after this one.
    requestAnimationFrame(() => tandaiKemajuan(simpan.baca(KUNCI.kemajuan, "{}")));
    // Another tab that passed an exercise updates the marks here too.
    window.addEventListener("storage", (e) => {
      if (e.key === KUNCI.kemajuan && e.newValue !== null) tandaiKemajuan(e.newValue);
    });
    document.documentElement.dataset.kursusSiap = "";
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", pasang);
  else pasang();
})();
