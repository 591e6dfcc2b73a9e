// Load the engine wheel into Pyodide under Node.js (offline, from node_modules/pyodide), run a Python file's
// main() and print what it returns.   node bench/_run_in_pyodide.mjs WHEEL FILE.py
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { loadPyodide } from "pyodide";

const [wheelPath, script] = process.argv.slice(2);
if (!wheelPath || !script) {
  console.error("usage: node _run_in_pyodide.mjs WHEEL FILE.py");
  process.exit(2);
}
const indexURL = path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json")) + path.sep;
const pyodide = await loadPyodide({ indexURL, stdout: (line) => console.error(line) });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel", { extractDir: sitePackages });
const scope = pyodide.globals.get("dict")();
pyodide.runPython(await readFile(script, "utf8"), { globals: scope });
process.stdout.write(pyodide.runPython("main()", { globals: scope }) + "\n");
