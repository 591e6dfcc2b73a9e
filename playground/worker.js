// The engine in a Web Worker: one Pyodide, loaded once, answering id-tagged requests. An engine page creates it
// from its <head>, before the page's own scripts load; it fetches and starts the runtime once the page says its
// own start is over ({type: "go"}, see pageSettle below).
// Everything comes from this site: the Pyodide runtime (copied from the npm package) and the engine wheel,
// registered in the site's own pyodide-lock.json, so loadPackage() checks its sha256.
// From the page: {type: "start", total, handover} (the runtime's size for the progress bar, and on a first visit
// the hashes that name the service worker's cache entries), {type: "go"} once the page's own start is over, then
// id-tagged requests {id, method, request}, the request as JSON text (engine-client.js says why), handed to the
// door unread.
// To the page: {type: "progress", stage, loaded, total}, then {type: "ready"} or
// {type: "failed", kind: "missing" | "wasm" | "other", file, detail}; answers are {id, ok, result | error};
// {type: "snapshot", state: "restored" | "none"} (see SNAPSHOT) and {type: "handed-over"}.
const siteRoot = new URL("../", import.meta.url);
const indexURL = new URL("pyodide/", siteRoot).href;
const lockFileURL = new URL("pyodide-lock.json", indexURL).href;
let failure = null; // the first thing that went wrong while loading: more telling than the error it causes later
let loaded = 0;
let total = 0;

// The page's start message: the worker does not wait for it to load, only to hand files over.
let pageStarted;
const pageStart = new Promise((resolve) => {
  pageStarted = resolve;
});

// The page's own start is over ({type: "go"}, engine-client.js: the document loaded, and its main thread idle
// once). Only then does the worker fetch the runtime and start Python: downloading it (20 MB, a burst of stream
// work when it comes fast), compiling the wasm and unpacking the snapshot took the processor from the page's own
// first tasks on this project's two-core machine, which Lighthouse counted as blocking time on the engine pages
// (bench/results/lighthouse.md: medians 87-88 against 95-96 with the start waiting, 92-94 with only Python's
// start waiting). On a slow network the page's own files then also get the bandwidth first.
let pageSettled;
const pageSettle = new Promise((resolve) => {
  pageSettled = resolve;
});

// A first visit (no service worker controls the page yet): each runtime file fetched is also put in the
// hand-over cache, under the service worker's key (URL and content hash), and the service worker copies it
// from there instead of downloading it a second time. The copies are kept until the engine is ready and the
// page has said whether this is a first visit, so the start-up never waits for the disk.
const HANDOVER_CACHE = "golf-runtime-handover"; // the service worker deletes it once it has copied the files
let handover; // undefined until the page says; then the hashes {file name: hash}, or null when not needed
const handedOver = []; // {url, copy}

async function handOver() {
  const { handover: hashes } = await pageStart;
  const copies = handedOver.splice(0);
  if (!hashes || !self.caches) {
    for (const { copy } of copies) copy.body?.cancel().catch(() => {});
    return;
  }
  // With site data blocked the browser refuses Cache Storage too: the files are then simply fetched again later.
  const cache = await caches.open(HANDOVER_CACHE).catch(() => null);
  if (!cache) return;
  const kept = copies.filter(({ url }) => hashes[fileName(url)]);
  await Promise.allSettled(kept.map(({ url, copy }) => cache.put(`${url.split("?")[0]}?golf-rev=${hashes[fileName(url)]}`, copy)));
}

// Python starts from the interpreter snapshot the build made (tools/make-snapshot.mjs: the memory of a Python
// that has imported the engine, gzip-compressed), which skips starting Python and importing the engine, most of
// the start-up's work, on a first visit too. Its name carries the wheel's sha256 (from the lockfile), so it
// always matches the engine; after the restore loadPackage() still installs the engine's files, checking the
// wheel's sha256. Pyodide's snapshot option (_loadSnapshot) is private: the runtime's version is pinned in
// package-lock.json, the browser tests restore the snapshot, and a snapshot that is missing, damaged or from
// another build of the runtime (Pyodide checks its build id) falls back to a normal start.
const SNAPSHOT = /\/interpreter-[0-9a-f]+\.snapshot$/;

async function readSnapshot(url) {
  const response = await self.fetch(url);
  if (!response.ok) throw new Error(`${fileName(url)}: HTTP ${response.status}`);
  const packed = new Uint8Array(await response.arrayBuffer());
  // gzip's last four bytes are the unpacked size: the memory is unpacked straight into one buffer that size.
  const memory = new Uint8Array(new DataView(packed.buffer).getUint32(packed.length - 4, true));
  const reader = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  let at = 0;
  for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
    memory.set(piece.value, at); // a RangeError if the file holds more than its trailer says
    at += piece.value.length;
  }
  if (at !== memory.length) throw new Error(`${fileName(url)}: ${at} bytes unpacked, ${memory.length} expected`);
  return memory;
}

// Python restored from the snapshot, else started normally. The lockfile is fetched here (and handed to
// loadPyodide) because the snapshot's name needs the wheel's hash. The snapshot is handed over as a promise:
// loadPyodide fetches the runtime and loads its JavaScript while the snapshot unpacks.
async function startPython(module) {
  const response = await fetch(lockFileURL);
  if (!response.ok) throw new Error(`pyodide-lock.json: HTTP ${response.status}`);
  const lockFileContents = await response.json();
  const wheel = lockFileContents.packages?.sixcardgolf?.sha256;
  // packageBaseUrl: where the lockfile's file names are, which Pyodide cannot tell from contents alone.
  // packages: Pyodide runs loadPackage("sixcardgolf") itself (the wheel's sha256 checked against the lockfile),
  // fetching and checking the wheel while Python starts instead of after.
  const options = { indexURL, lockFileContents, packageBaseUrl: indexURL, packages: ["sixcardgolf"], messageCallback: () => {}, errorCallback: () => {} };
  if (wheel) {
    try {
      const snapshot = readSnapshot(new URL(`interpreter-${wheel.slice(0, 16)}.snapshot`, indexURL).href);
      snapshot.catch(() => {}); // a failure is met where loadPyodide awaits it, not as an unhandled rejection
      return { pyodide: await module.loadPyodide({ ...options, _loadSnapshot: snapshot }), restored: true };
    } catch {
      // missing (offline before a first visit finished), damaged, or not this runtime's: start normally
    }
  }
  return { pyodide: await module.loadPyodide(options), restored: false };
}

function fileName(url) {
  return String(url).split("?")[0].split("/").pop();
}

// Count the runtime's bytes as they arrive, and note a file that is missing.
const networkFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  let response;
  try {
    response = await networkFetch(input, init);
  } catch (error) {
    if (!SNAPSHOT.test(url)) failure ??= { kind: "missing", file: fileName(url), detail: String(error.message || error) };
    throw error;
  }
  if (!response.ok && SNAPSHOT.test(url)) return response; // not needed: Python then starts normally
  if (!response.ok) {
    failure ??= { kind: "missing", file: fileName(url), detail: `HTTP ${response.status}` };
    return response;
  }
  if (!response.body) return response;
  if (handover !== null && self.caches && url.startsWith(indexURL)) handedOver.push({ url, copy: response.clone() });
  // Count the bytes on a clone: Pyodide gets the original response, so Chromium can keep the compiled wasm in
  // its code cache for the next visit (a response rebuilt from a stream would be compiled again every time).
  const reader = response.clone().body.getReader();
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      loaded += value.byteLength;
      self.postMessage({ type: "progress", stage: "download", loaded, total });
    }
  })().catch(() => {});
  return response;
};

function describe(error) {
  const text = String((error && error.message) || error);
  if (failure) return failure;
  if (error instanceof WebAssembly.CompileError || /CompileError|WebAssembly/.test(text)) {
    return { kind: "wasm", file: "pyodide.asm.wasm", detail: text };
  }
  return { kind: "other", file: null, detail: text };
}

let settled = false;
function fail(error) {
  if (settled) return;
  settled = true;
  self.postMessage({ type: "failed", ...describe(error) });
}
self.addEventListener("unhandledrejection", (event) => fail(event.reason));
self.addEventListener("error", (event) => fail(event.error || event.message));

// A wasm that does not compile makes Pyodide's loader log and stop without rejecting loadPyodide(), so the
// page would wait for ever: report the CompileError as soon as WebAssembly raises it.
for (const name of ["instantiateStreaming", "instantiate", "compileStreaming", "compile"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    return original.apply(this, args).catch((error) => {
      if (error instanceof WebAssembly.CompileError) fail(error);
      throw error;
    });
  };
}

async function start() {
  await pageSettle;
  let module;
  try {
    module = await import(new URL("pyodide.mjs", indexURL).href);
  } catch (error) {
    failure ??= { kind: "missing", file: "pyodide.mjs", detail: String(error.message || error) };
    throw error;
  }
  const started = await startPython(module);
  pyodide = started.pyodide;
  self.postMessage({ type: "progress", stage: "engine", loaded, total });
  if (failure) throw new Error(failure.detail);
  const door = pyodide.pyimport("sixcardgolf.door");
  const session = door.Session(); // the match being played and the review's caches, kept here
  settled = true;
  self.postMessage({ type: "ready" });
  // The page then asks the service worker to keep the runtime (copied from the hand-over, or from the HTTP cache).
  handOver().finally(() => self.postMessage({ type: "handed-over" }));
  self.postMessage({ type: "snapshot", state: started.restored ? "restored" : "none" });
  // Earlier builds kept a snapshot of their own in Cache Storage (30 MB); it is never read now.
  self.caches?.delete("golf-interpreter-snapshot").catch(() => {});
  return (request) => door.handle(request, session);
}

let pyodide = null;

// "Print these rules": the printables' sheet code (site/pyodide/printables-sheet.zip, no WeasyPrint), unpacked
// beside the engine the first time a page asks for a sheet; its door answers like the engine's door.handle.
const SHEET_KIT = "/home/pyodide/printables-sheet";
let sheetDoor = null;
async function loadSheetDoor() {
  await engine;
  const response = await fetch(new URL("printables-sheet.zip", indexURL));
  if (!response.ok) throw new Error(`printables-sheet.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: SHEET_KIT });
  pyodide.pyimport("sys").path.insert(0, SHEET_KIT);
  const door = pyodide.pyimport("printables.browser");
  return (request) => door.handle(request);
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "start") {
    total = message.total || 0;
    handover = message.handover || null;
    pageStarted({ handover });
    return;
  }
  if (message.type === "go") {
    pageSettled();
    return;
  }
  const { id, method, request } = message;
  try {
    if (method === "rule_sheet" && !sheetDoor) {
      sheetDoor = loadSheetDoor().catch((error) => {
        sheetDoor = null; // offline or a failed fetch: the next press tries again
        throw error;
      });
    }
    const handle = method === "rule_sheet" ? await sheetDoor : await engine;
    const answer = JSON.parse(handle(request));
    self.postMessage({ id, ...answer });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String((error && error.message) || error) });
  }
};

const engine = start();
engine.catch(fail);
