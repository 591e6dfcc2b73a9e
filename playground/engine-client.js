// How a page reaches the engine.
//   const data = await loadStaticData(lang);   // presets, options catalogue, layouts, setup choices: no Python
//   const engine = new GolfEngine(data);        // starts Pyodide in a Web Worker at once
//   page.append(engineStatus(engine, t));       // progress bar; on failure its reason and a Retry button
//   const answer = await engine.call("score", {lang, ...});  // waits for the engine; rejects with a message
// The engine is an EventTarget: "progress" (engine.progress = {stage, loaded, total}), "ready", "failed"
// (engine.failure = {kind, file, detail}), "snapshot" (engine.snapshot: "restored" when Python came from the
// build's interpreter snapshot, "none" when it started normally; see worker.js); engine.state is "loading", "ready" or "failed"; engine.retry() starts a fresh worker. A failed call rejects with an Error whose message is in the page's language.
// A request goes to the worker as JSON text, not as an object: Chromium cannot hand an object nested about 1,500
// levels deep to a worker (the message arrives as null and is never answered), while text of any shape arrives,
// and the engine answers it (a request nested too deeply is refused in the page's language). A request that
// cannot be written as JSON (it refers to itself, or is too deep even for JSON.stringify) and a call not
// answered within CALL_TIMEOUT_MS reject with a message in the page's language instead of waiting for ever.
import { translator } from "./texts.js";

const siteRoot = new URL("../", import.meta.url);
// Pyodide's first start on a busy two-core machine takes about 10 s; a start that is still not done after
// this long is reported as failed rather than left spinning.
export const START_TIMEOUT_MS = 90_000;
// The longest a started engine may take over one answer: the slowest the pages ask for (a review step, the
// Hard computer's reply at a four-player table, a rule sheet) takes a few seconds on a slow machine.
export const CALL_TIMEOUT_MS = 60_000;

export async function loadStaticData(lang) {
  const response = await fetch(new URL(`playground/data-${lang}.json`, siteRoot));
  if (!response.ok) throw new Error(`playground/data-${lang}.json: HTTP ${response.status}`);
  return response.json();
}

export class GolfEngine extends EventTarget {
  constructor(data, { timeoutMs = START_TIMEOUT_MS, callTimeoutMs = CALL_TIMEOUT_MS } = {}) {
    super();
    this.t = translator(data && data.lang === "ja" ? "ja" : "en");
    this.callTimeoutMs = callTimeoutMs;
    const runtime = (data && data.runtime) || { files: {} };
    // The bar counts what loadPyodide() fetches: the .mjs files are imported, not fetched, and the engine wheel
    // comes after Python has started ("Starting the rules engine…").
    const counted = Object.entries(runtime.files).filter(([name]) => !name.endsWith(".mjs") && name !== runtime.wheel);
    this.total = counted.reduce((sum, [, size]) => sum + size, 0);
    this.hashes = runtime.hashes || null;
    this.timeoutMs = timeoutMs;
    this.start();
  }

  start() {
    this.state = "loading";
    this.failure = null;
    this.snapshot = null;
    this.progress = { stage: "download", loaded: 0, total: this.total };
    this.pending = new Map();
    this.nextId = 1;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // a failure is shown by engineStatus(); callers that wait see it too
    // An engine page's <head> has already created the worker (overrides/main.html), so Pyodide loads while the
    // page's scripts do. What it said meanwhile is replayed on the next turn of the event loop, once the page
    // has added its listeners (the early listener keeps buffering until then, so nothing is lost or reordered).
    // A retry makes a new worker.
    const early = globalThis.golfEarlyEngine;
    globalThis.golfEarlyEngine = null;
    this.worker = early ? early.worker : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    const listen = () => {
      this.worker.onmessage = (event) => this.receive(event.data);
      this.worker.onerror = (event) => {
        event.preventDefault();
        this.fail({ kind: "missing", file: "worker.js", detail: event.message || "" });
      };
    };
    if (early) {
      setTimeout(() => {
        early.worker.removeEventListener("message", early.keep);
        early.worker.removeEventListener("error", early.keep);
        listen();
        for (const event of early.heard) {
          if (event.type === "error") this.worker.onerror(event);
          else this.receive(event.data);
        }
      }, 0);
    } else {
      listen();
    }
    this.timer = setTimeout(() => this.fail({ kind: "timeout", file: null, detail: `${this.timeoutMs} ms` }), this.timeoutMs);
    // Not yet controlled by the service worker: the worker hands what it fetches over to it (see worker.js).
    const firstVisit = "serviceWorker" in navigator && !navigator.serviceWorker.controller;
    this.worker.postMessage({ type: "start", total: this.total, handover: firstVisit ? this.hashes : null });
    // The worker fetches and starts the runtime once the page's own start is over (worker.js says why).
    const worker = this.worker;
    afterPageStart().then(() => worker.postMessage({ type: "go" }));
  }

  receive(message) {
    if (message.type === "progress") {
      this.progress = { stage: message.stage, loaded: message.loaded, total: this.total };
      this.dispatchEvent(new Event("progress"));
    } else if (message.type === "ready") {
      clearTimeout(this.timer);
      this.state = "ready";
      this.resolveReady();
      registerServiceWorker();
      this.dispatchEvent(new Event("ready"));
    } else if (message.type === "snapshot") {
      this.snapshot = message.state;
      this.dispatchEvent(new Event("snapshot"));
    } else if (message.type === "handed-over") {
      cacheRuntimeForOffline();
    } else if (message.type === "failed") {
      this.fail(message);
    } else {
      const waiting = this.pending.get(message.id);
      if (!waiting) return; // answered after its call timed out
      this.pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new Error(message.error));
    }
  }

  fail({ kind, file, detail }) {
    if (this.state !== "loading") return;
    clearTimeout(this.timer);
    this.state = "failed";
    registerServiceWorker();
    this.failure = { kind, file, detail };
    this.worker.terminate();
    const error = Object.assign(new Error(`engine failed to start: ${kind} ${file || ""} ${detail || ""}`), { failure: this.failure });
    this.rejectReady(error);
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.pending.clear();
    this.dispatchEvent(new Event("failed"));
  }

  retry() {
    if (this.state === "loading") return;
    if (this.worker) this.worker.terminate();
    this.start();
    this.dispatchEvent(new Event("progress"));
  }

  async call(method, params = {}) {
    let request;
    try {
      request = JSON.stringify({ method, params });
    } catch {
      throw new Error(this.t("engine.call.unsendable"));
    }
    await this.ready;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(this.t("engine.call.timeout", { seconds: this.callTimeoutMs / 1000 })));
      }, this.callTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, method, request });
    });
  }
}

// The page's own start is over: the document has loaded (its scripts ran, its first render is done) and the
// main thread has then been idle once, or a second has passed. Work that can wait (the engine's start, the
// service worker's install) waits for this, so that on a phone with few cores it does not take the processor
// from the page's first tasks (the theme's start-up, drawing the form). Lighthouse counts those tasks' time on
// its simulated phone, and every one of them took longer while the engine's worker started beside it.
export function afterPageStart() {
  return new Promise((resolve) => {
    const idle = () => (globalThis.requestIdleCallback ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 0));
    if (document.readyState === "complete") idle();
    else addEventListener("load", idle, { once: true });
  });
}

// An engine page registers the site's service worker only once the engine has started or failed (the other
// pages once they have loaded, overrides/main.html), when the main thread is next idle: its first install
// precaches the whole site, which would compete with the engine's start and the page for the processor.
// Registering again is harmless (the browser checks for an update).
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => navigator.serviceWorker.register(new URL("sw.js", siteRoot)).catch(() => {});
  if (globalThis.requestIdleCallback) requestIdleCallback(register, { timeout: 2000 });
  else register();
}

// Once an engine page has the runtime, ask the service worker to keep it for offline visits (it copies the files
// the worker handed over, so this costs no second download).
function cacheRuntimeForOffline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready.then((registration) => {
    if (registration.active) registration.active.postMessage({ type: "cache-runtime" });
  }).catch(() => {});
}

// The engine's state for a person: a progress bar while it loads, and if it fails the reason in the page's
// language with a Retry button. `t` is the page's translator (texts.js). Hidden once the engine is ready.
export function engineStatus(engine, t) {
  const box = document.createElement("div");
  box.className = "golf-engine";
  box.setAttribute("role", "status");
  const label = document.createElement("span");
  label.className = "golf-engine__label";
  const bar = document.createElement("progress");
  bar.className = "golf-engine__bar";
  bar.max = 1;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "md-button golf-engine__retry";
  retry.textContent = t("engine.retry");
  retry.addEventListener("click", () => engine.retry());
  box.append(label, bar, retry);
  // Hidden inline as well: a page's own styles (Material's .md-button is inline-block) would show a [hidden] node.
  const show = (node, shown) => {
    node.hidden = !shown;
    node.style.display = shown ? "" : "none";
  };
  const draw = () => {
    box.dataset.state = engine.state;
    if (engine.snapshot) box.dataset.snapshot = engine.snapshot; // for tests and the start-up benchmark
    show(box, engine.state !== "ready");
    show(retry, engine.state === "failed");
    show(bar, engine.state === "loading");
    if (engine.state === "failed") {
      const { kind, file } = engine.failure;
      label.textContent = t(`engine.failed.${kind}`, { file: file || "" });
      box.setAttribute("role", "alert");
      return;
    }
    box.setAttribute("role", "status");
    const { stage, loaded, total } = engine.progress;
    if (stage === "download" && total && loaded < total) {
      bar.value = loaded / total;
      bar.setAttribute("aria-label", t("engine.loading"));
      label.textContent = t("engine.downloading", { percent: Math.floor((100 * loaded) / total) });
    } else {
      bar.removeAttribute("value"); // indeterminate while Python starts
      label.textContent = t("engine.starting");
    }
  };
  for (const name of ["progress", "ready", "failed", "snapshot"]) engine.addEventListener(name, draw);
  draw();
  return box;
}
