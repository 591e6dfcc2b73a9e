// The site's service worker: every page and asset works offline once the site has been visited.
// The build (playground/mkdocs_hook.py) replaces the placeholder below with the manifest: every file of the
// site with the first 16 hex digits of its sha256 and its group.
//  - "site" files (pages, styles, scripts, search index, data) are precached when the worker installs;
//  - "runtime" files (the Pyodide runtime, the lockfile, the engine wheel) are cached when first fetched, or when
//    an engine page asks with the message {type: "cache-runtime"}, so a text page fetches no Pyodide bytes; on a
//    first visit the engine's worker has put what it fetched in the hand-over cache (worker.js), and they are
//    copied from there;
//  - "demand" files (printables) are cached when first fetched.
// Cache entries are keyed by URL and hash: a new build installs a new cache, copies every unchanged file from
// the old one instead of downloading it again, then deletes the old cache.
const MANIFEST = self.__GOLF_MANIFEST__;
const CACHE = `sixcardgolf-${MANIFEST.version}`;
const SCOPE = new URL("./", self.location.href);
const HANDOVER_CACHE = "golf-runtime-handover"; // filled by the engine's worker on a first visit (worker.js)
const REVISIONS = new Map(MANIFEST.files.map(([path, hash, group]) => [new URL(path, SCOPE).href, { hash, group }]));

function keyOf(url) {
  return `${url}?golf-rev=${REVISIONS.get(url).hash}`;
}

// A request's URL as the manifest names it: no query or fragment, and a folder means its index.html.
function manifestUrl(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return REVISIONS.has(url.href) ? url.href : null;
}

async function store(cache, url) {
  const key = keyOf(url);
  const kept = await caches.match(key); // the same file from an earlier build's cache or the hand-over
  if (kept) {
    await cache.put(key, kept.clone());
    return kept;
  }
  // A runtime file not handed over may still be in the HTTP cache: take it from there if its content hash
  // matches the manifest. Anything else is revalidated with the server.
  let response = REVISIONS.get(url).group === "runtime" ? await fetch(url) : null;
  if (!response || !response.ok || (await hashOf(response.clone())) !== REVISIONS.get(url).hash) {
    response = await fetch(url, { cache: "no-cache" });
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await cache.put(key, response.clone());
  return response;
}

async function hashOf(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return [...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function storeGroup(group) {
  const cache = await caches.open(CACHE);
  const urls = [...REVISIONS].filter(([, entry]) => entry.group === group).map(([url]) => url);
  const missing = [];
  for (const url of urls) if (!(await cache.match(keyOf(url)))) missing.push(url);
  // A few at a time: the site is a few hundred small files.
  for (let start = 0; start < missing.length; start += 8) {
    await Promise.all(missing.slice(start, start + 8).map((url) => store(cache, url)));
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(storeGroup("site").then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await self.clients.claim();
    for (const name of await caches.keys()) if (name.startsWith("sixcardgolf-") && name !== CACHE) await caches.delete(name);
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "cache-runtime") {
    // The hand-over cache goes even when a copy failed: a file not kept is fetched again when next needed.
    const done = storeGroup("runtime").catch(() => undefined).finally(() => caches.delete(HANDOVER_CACHE));
    event.waitUntil(done);
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = manifestUrl(request);
  if (url === null) {
    // Not part of this build: the network as usual, and offline a page that does not exist gets the 404 page.
    if (request.mode === "navigate") {
      const notFound = new URL("404.html", SCOPE).href;
      event.respondWith(fetch(request).catch(async () => (REVISIONS.has(notFound) && (await caches.match(keyOf(notFound)))) || Response.error()));
    }
    return;
  }
  event.respondWith((async () => {
    const key = keyOf(url);
    const cached = await caches.match(key, { cacheName: CACHE });
    if (cached) return cached;
    const response = await fetch(request);
    // Only into this build's cache, and never make it again once a newer build's worker has deleted it.
    if (response.ok && (await caches.has(CACHE))) await (await caches.open(CACHE)).put(key, response.clone());
    return response;
  })());
});
