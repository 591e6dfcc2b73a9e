// Load the built engine wheel into Pyodide under Node.js (offline: everything from node_modules/pyodide),
// run a cases file there (engine_cases.py unless another is named; it defines main() and environment(), both
// returning JSON text) and print {"environment": ..., "result": ...} as JSON.
//   node tests/pyodide/run_in_pyodide.mjs dist/sixcardgolf-0.1.0-py3-none-any.whl [CASES.py]
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = path.dirname(fileURLToPath(import.meta.url));
const [wheelPath, casesPath = path.join(here, "engine_cases.py")] = process.argv.slice(2);
if (!wheelPath) {
  console.error("usage: node run_in_pyodide.mjs WHEEL [CASES.py]");
  process.exit(2);
}
const indexURL = path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json")) + path.sep;
const pyodide = await loadPyodide({ indexURL, stdout: (line) => console.error(line) });
// Unpack into site-packages, where an installed wheel lives.
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel", { extractDir: sitePackages });
const cases = await readFile(casesPath, "utf8");
const scope = pyodide.globals.get("dict")();
pyodide.runPython(cases.replace('if __name__ == "__main__":', "if False:"), { globals: scope });
const result = pyodide.runPython("main()", { globals: scope });
const environment = pyodide.runPython("environment()", { globals: scope });
process.stdout.write(JSON.stringify({ environment: JSON.parse(environment), result: JSON.parse(result) }) + "\n");
