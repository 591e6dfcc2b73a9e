// The engine in a Web Worker: one Pyodide, loaded once, answering id-tagged requests.
// Everything comes from this site: the Pyodide runtime (copied from the npm package) and the engine wheel,
// registered in the site's own pyodide-lock.json, so loadPackage() checks its sha256.
// To the page: {type: "progress", stage, loaded, total}, then {type: "ready"} or
// {type: "failed", kind: "missing" | "wasm" | "other", file, detail}; answers are {id, ok, result | error}.
const siteRoot = new URL("../", import.meta.url);
const indexURL = new URL("pyodide/", siteRoot).href;

let failure = null; // the first thing that went wrong while loading: more telling than the error it causes later
let loaded = 0;
let total = 0; // bytes of the runtime files, sent by the page from the build's static data
// A first visit (no service worker controls the page yet): each runtime file fetched is also put in the
// hand-over cache, under the service worker's key (URL and content hash), and the service worker copies it
// from there instead of downloading it a second time. hashes: {file name: hash}, from the static data.
const HANDOVER_CACHE = "golf-runtime-handover"; // the service worker deletes it once it has copied the files
let handover = null;
const handedOver = [];

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
    failure ??= { kind: "missing", file: fileName(url), detail: String(error.message || error) };
    throw error;
  }
  if (!response.ok) {
    failure ??= { kind: "missing", file: fileName(url), detail: `HTTP ${response.status}` };
    return response;
  }
  if (!response.body) return response;
  const hash = handover && handover[fileName(url)];
  if (hash && self.caches) {
    const copy = response.clone();
    const key = `${url.split("?")[0]}?golf-rev=${hash}`;
    handedOver.push(caches.open(HANDOVER_CACHE).then((cache) => cache.put(key, copy)));
  }
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
  let module;
  try {
    module = await import(new URL("pyodide.mjs", indexURL).href);
  } catch (error) {
    failure ??= { kind: "missing", file: "pyodide.mjs", detail: String(error.message || error) };
    throw error;
  }
  pyodide = await module.loadPyodide({ indexURL, messageCallback: () => {}, errorCallback: () => {} });
  self.postMessage({ type: "progress", stage: "engine", loaded, total });
  await pyodide.loadPackage("sixcardgolf", { messageCallback: () => {}, errorCallback: () => {}, checkIntegrity: true });
  if (failure) throw new Error(failure.detail);
  const web = pyodide.pyimport("sixcardgolf.web");
  const table = pyodide.pyimport("sixcardgolf.web_match").Table(); // the match being played, kept here
  settled = true;
  self.postMessage({ type: "ready" });
  Promise.allSettled(handedOver).then(() => self.postMessage({ type: "handed-over" }));
  return (request) => web.handle(request, table);
}

let engine = null;
let pyodide = null;

// "Print these rules": the printables' sheet code (site/pyodide/printables-sheet.zip, no WeasyPrint), unpacked
// beside the engine the first time a page asks for a sheet; its door answers like web.handle.
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
    engine = start();
    engine.catch(fail);
    return;
  }
  const { id, method, params } = message;
  try {
    if (method === "rule_sheet" && !sheetDoor) {
      sheetDoor = loadSheetDoor().catch((error) => {
        sheetDoor = null; // offline or a failed fetch: the next press tries again
        throw error;
      });
    }
    const handle = method === "rule_sheet" ? await sheetDoor : await engine;
    const answer = JSON.parse(handle(JSON.stringify({ method, params })));
    self.postMessage({ id, ...answer });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String((error && error.message) || error) });
  }
};
