// The grader's helpers, installed in every shell that builds a reference plan or
// loads a learner's model. Kept in one global so a model's names stay free.
globalThis.__rancangan = {
  // mulberry32: small, fast and the same on every machine.
  acak(benih) {
    let a = benih >>> 0;
    const angka = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const bulat = (n) => Math.floor(angka() * n);
    return { angka, bulat, pilih: (xs) => xs[bulat(xs.length)] };
  },
  salin(x) {
    return x === undefined ? null : JSON.parse(JSON.stringify(x));
  },
  // The reference plan: records to load and every call with its expected result,
  // computed from the records alone.
  rencana(spec, benih, miring) {
    const acak = this.acak(benih);
    const dibuat = spec.data(acak, miring);
    const rekaman = dibuat.rekaman;
    const panas = dibuat.panas || [];
    const data = this.salin(rekaman.concat(panas));
    const langkah = [];
    const cari = (nama) => spec.pola.find((p) => p.nama === nama);
    const tanya = (p, argumen) =>
      langkah.push({ pola: p.nama, argumen: this.salin(argumen), harapan: this.salin(p.acuan(data, ...argumen)), ubah: false });
    for (const p of spec.pola.filter((p) => !p.ubah)) {
      for (const a of p.argumen(data, acak)) tanya(p, a);
    }
    for (const u of spec.pola.filter((p) => p.ubah)) {
      for (const a of u.argumen(data, acak)) {
        langkah.push({ pola: u.nama, argumen: this.salin(a), harapan: null, ubah: true });
        u.acuan(data, ...a);
        for (const [nama, ...b] of u.sesudah(data, ...a)) tanya(cari(nama), b);
      }
    }
    return { rekaman, panas, langkah };
  },
  // The model's names are looked up when this runs, after its file: a `const pola`
  // declared there is seen here as at the prompt.
  kontrak(nama) {
    const kurang = [];
    if (typeof simpan !== 'function') kurang.push('simpan(rekaman)');
    if (typeof siapkan !== 'function') kurang.push('siapkan()');
    if (typeof pola !== 'object' || pola === null) return kurang.concat(['pola']);
    for (const n of nama) if (typeof pola[n] !== 'function') kurang.push('pola.' + n + '(…)');
    return kurang;
  },
  muat(xs) {
    for (let i = 0; i < xs.length; i++) {
      try {
        simpan(xs[i]);
      } catch (e) {
        return { nomor: i + 1, rekaman: xs[i], galat: String((e && e.message) || e) };
      }
    }
    return null;
  },
};
