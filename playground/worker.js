// The engine in a Web Worker: one Pyodide, loaded once, answering id-tagged requests.
// Everything comes from this site: the Pyodide runtime (copied from the npm package)
// and the engine's wheel. Requests: {id, method, params}; answers: {id, ok, result | error}.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const siteRoot = new URL("../", import.meta.url);

const engine = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", siteRoot).href });
  const response = await fetch(new URL("engine/sixcardgolf.whl", siteRoot));
  if (!response.ok) throw new Error(`engine wheel: HTTP ${response.status}`);
  pyodide.unpackArchive(new Uint8Array(await response.arrayBuffer()), "wheel");
  return pyodide.pyimport("sixcardgolf.web");
})();

self.onmessage = async (event) => {
  const { id, method, params } = event.data;
  try {
    const web = await engine;
    const answer = JSON.parse(web.handle(JSON.stringify({ method, params })));
    self.postMessage({ id, ...answer });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error && error.message ? error.message : error) });
  }
};
