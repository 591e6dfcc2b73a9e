// Makes the interpreter snapshot the site ships (make snapshot runs this): Pyodide's memory once Python has
// started and the engine is imported, gzip-compressed. A page's engine worker restores it instead of starting
// Python and importing the engine, on a first visit too; that start-up work is most of the engine's start.
//   node tools/make-snapshot.mjs dist/pyodide-lock.json dist/
// It is made here, in Node, from the same npm Pyodide the site ships: a snapshot holds the wasm memory and
// names the JavaScript objects it needs by path, and the engine's needs none (the script checks), so the
// browser restores it (tests/playground/test_engine_start.py). Pyodide refuses a snapshot from another build of
// the runtime (its build id is in the header), and the file is named by the wheel's sha256, as the worker
// looks for it, so a snapshot never meets another build of the engine.
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [lockfile, dist] = process.argv.slice(2);
if (!lockfile || !dist) {
  console.error("usage: node tools/make-snapshot.mjs LOCKFILE DIST_DIR");
  process.exit(2);
}
const lockFileContents = JSON.parse(readFileSync(lockfile, "utf8"));
const wheel = lockFileContents.packages?.sixcardgolf?.sha256;
if (!wheel) {
  console.error(`${lockfile} does not register the sixcardgolf wheel: run make lockfile`);
  process.exit(1);
}
const pyodide = await loadPyodide({
  indexURL: fileURLToPath(new URL("../node_modules/pyodide/", import.meta.url)),
  lockFileContents,
  packageBaseUrl: dist.endsWith("/") ? dist : `${dist}/`,
  packages: ["sixcardgolf"],
  messageCallback: () => {},
  _makeSnapshot: true,
});
// What the worker imports (worker.js start()). Node's program name, which Emscripten puts in the environment
// as "_", would otherwise travel to every browser.
pyodide.runPython("import os; os.environ.pop('_', None); import sixcardgolf.door");
// Pyodide's record of loaded packages is JavaScript state a snapshot cannot carry; the worker's loadPackage()
// fills it again after a restore.
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
const snapshot = pyodide.makeMemorySnapshot();
// The header: magic, the memory's offset, the state's length in bytes, 0, the build id; the state at byte 48.
const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 3);
const state = JSON.parse(new TextDecoder().decode(snapshot.subarray(48, 48 + header[2])));
if (state.hiwireKeys.some((key) => key !== null)) {
  console.error("the snapshot refers to JavaScript objects a browser may not have:", JSON.stringify(state.hiwireKeys.filter(Boolean)));
  process.exit(1);
}
const name = `interpreter-${wheel.slice(0, 16)}.snapshot`;
for (const old of readdirSync(dist)) if (/^interpreter-.*\.snapshot$/.test(old)) rmSync(join(dist, old));
const target = join(dist, name);
writeFileSync(`${target}.part`, gzipSync(snapshot, { level: 9 }));
renameSync(`${target}.part`, target);
console.log(`${target}: ${snapshot.length} bytes of memory`);
