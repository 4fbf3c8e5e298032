// The book offline. Registered by theme/kursus.js from the book's root, so its scope is the
// whole book wherever it is served (a GitHub Pages sub-path included); every address here
// is relative to that scope.
//
// On install it walks the book from its table of contents and keeps every page, what the
// pages load (styles, scripts, fonts, icons) and the course's engine (the worker, the WASI
// shim, kursus.mjs, kursus.wasm): after one visit online, every chapter opens and runs
// offline, also the chapters not yet read. Pages and unversioned files are asked from the
// network first, so a rebuilt book shows at the next visit online; files whose names carry
// mdBook's content hash never change and come from the cache first.

const CACHE = "kursus-buku-v1";
const scope = new URL(self.registration.scope);

// Where the walk starts: the pages name everything they load except the engine, which the
// page script starts (the worker) and the worker fetches (the module); the walk follows the
// worker's imports to the WASI shim and kursus.mjs.
const START = ["index.html", "toc.html", "web/kursus-worker.js", "web/kursus.wasm"];

// mdBook names its static files `name-0123abcd.ext`; such a name is a version.
const HASHED = /-[0-9a-f]{8}(\.min)?\.[a-z0-9]+$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await walk(cache);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("kursus-buku-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  event.respondWith(HASHED.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
});

async function cacheFirst(request) {
  const cached = await caches.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) await put(request, response.clone());
    return response;
  } catch (error) {
    const cached = (await caches.match(request, { ignoreSearch: true })) ?? (await directoryIndex(request));
    if (cached) return cached;
    throw error;
  }
}

/** `…/` is served as `…/index.html` by every static host; offline too. */
function directoryIndex(request) {
  const url = new URL(request.url);
  if (!url.pathname.endsWith("/")) return undefined;
  return caches.match(new URL("index.html", url).href, { ignoreSearch: true });
}

async function put(request, response) {
  try {
    const cache = await caches.open(CACHE);
    await cache.put(request, response);
  } catch {
    // A full storage leaves the page served from the network, as without this worker.
  }
}

/**
 * Every page reachable from the table of contents, and what each page, style sheet and
 * module refers to inside the book. A file that fails to load is left out, not the whole
 * cache: the book still works online.
 */
async function walk(cache) {
  const seen = new Set();
  let next = START.map((path) => new URL(path, scope).href);
  while (next.length > 0) {
    const batch = next.filter((href) => !seen.has(href));
    for (const href of batch) seen.add(href);
    const found = await Promise.all(batch.map((href) => keep(cache, href)));
    next = [...new Set(found.flat())];
  }
  // The book's root address is its first page.
  const index = await cache.match(new URL("index.html", scope).href);
  if (index) await cache.put(scope.href, index);
}

/** Stores one file; answers the book's files it refers to. */
async function keep(cache, href) {
  let response;
  try {
    response = await fetch(href, { cache: "no-cache" });
  } catch {
    return [];
  }
  if (!response.ok) return [];
  const type = response.headers.get("content-type") ?? "";
  const scan = /html|css|javascript/.test(type) && !href.endsWith(".wasm");
  const body = scan ? await response.clone().text() : "";
  await cache.put(href, response);
  return scan ? references(body, href, type) : [];
}

const PATTERNS = {
  html: [/\s(?:href|src)\s*=\s*"([^"]+)"/g],
  css: [/url\(\s*['"]?([^'")]+)['"]?\s*\)/g],
  // Module imports, and the sidebar toc.js draws from a string of its own links.
  javascript: [/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g, /href=\\?"([^"\\]+\.html)\\?"/g],
};

function references(text, base, type) {
  const kind = Object.keys(PATTERNS).find((k) => type.includes(k));
  const found = [];
  for (const pattern of PATTERNS[kind] ?? []) {
    for (const [, raw] of text.matchAll(pattern)) {
      let url;
      try {
        url = new URL(raw.replaceAll("&amp;", "&"), base);
      } catch {
        continue;
      }
      url.hash = "";
      url.search = "";
      if (url.origin === scope.origin && url.pathname.startsWith(scope.pathname)) found.push(url.href);
    }
  }
  return found;
}
