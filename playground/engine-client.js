// Talks to worker.js: each call returns a promise for the engine's answer.
// A failed call rejects with an Error whose message is already in the page's language.
export class GolfEngine {
  constructor() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.pending = new Map();
    this.nextId = 1;
    this.worker.onmessage = (event) => {
      const { id, ok, result, error } = event.data;
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      if (ok) waiting.resolve(result);
      else waiting.reject(new Error(error));
    };
    this.worker.onerror = (event) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(event.message || "engine failed to start"));
      this.pending.clear();
    };
  }

  call(method, params = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, params });
    });
  }
}
