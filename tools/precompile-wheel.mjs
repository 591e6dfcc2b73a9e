// Adds the engine's byte code for the Python inside Pyodide to the engine wheel (make wheel runs this), so a
// browser imports the engine without compiling its sources first: on a first visit that is about a third of
// the engine's import time. The byte code is made by Pyodide's own Python (the browser's version, which this
// machine's Pythons are not), as unchecked-hash .pyc files: a wheel's unpacked files get new modification
// times, which would make timestamp-checked ones stale. The wheel's RECORD lists the new files.
//   node tools/precompile-wheel.mjs dist/sixcardgolf-0.1.0-py3-none-any.whl
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const wheel = process.argv[2];
if (!wheel) {
  console.error("usage: node tools/precompile-wheel.mjs WHEEL");
  process.exit(2);
}
const pyodide = await loadPyodide({ indexURL: fileURLToPath(new URL("../node_modules/pyodide/", import.meta.url)) });
pyodide.FS.writeFile("/tmp/in.whl", new Uint8Array(readFileSync(wheel)));
const added = pyodide.runPython(`
import base64, compileall, hashlib, pathlib, py_compile, zipfile

source, target, tree = "/tmp/in.whl", "/tmp/out.whl", pathlib.Path("/tmp/wheel")

def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

with zipfile.ZipFile(source) as wheel:
    if any(name.endswith(".pyc") for name in wheel.namelist()):
        raise SystemExit(f"{source} already has byte code")
    entries = wheel.infolist()
    wheel.extractall(tree)
compileall.compile_dir(tree, quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
record_name = next(entry.filename for entry in entries if entry.filename.endswith(".dist-info/RECORD"))
record = (tree / record_name).read_text(encoding="utf-8").splitlines()
with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
    for entry in entries:
        if entry.filename == record_name:
            continue
        out.writestr(entry, (tree / entry.filename).read_bytes())
        if entry.filename.endswith(".py"):
            path = pathlib.Path(entry.filename)
            pyc = path.parent / "__pycache__" / (path.stem + "." + __import__("sys").implementation.cache_tag + ".pyc")
            data = (tree / pyc).read_bytes()
            out.writestr(zipfile.ZipInfo(pyc.as_posix(), date_time=entry.date_time), data, zipfile.ZIP_DEFLATED)
            record.insert(-1, f"{pyc.as_posix()},{digest(data)},{len(data)}")
    out.writestr(next(entry for entry in entries if entry.filename == record_name), "\\n".join(record) + "\\n")
len(record)
`);
writeFileSync(`${wheel}.part`, pyodide.FS.readFile("/tmp/out.whl"));
renameSync(`${wheel}.part`, wheel);
console.log(`${wheel}: byte code added (RECORD lists ${added} files)`);
