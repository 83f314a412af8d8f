// Runs a Python snippet against the engine inside Pyodide (CPython compiled to WebAssembly)
// under Node, and prints what the snippet returns. Used by test_pyodide.py.
// Usage: node pyodide_parity.mjs ENGINE_DIR SNIPPET_FILE [STDLIB_ZIP [DATA_DIR]]
// STDLIB_ZIP: the standard library to start with (the site's trimmed one), else Pyodide's own;
// DATA_DIR: a folder of this machine's, seen by the snippet as /data.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const [engineDir, snippetFile, stdLib, dataDir] = process.argv.slice(2);
const py = await loadPyodide(stdLib ? { stdLibURL: stdLib } : {});
if (dataDir) {
  py.FS.mkdirTree("/data");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dataDir }, "/data");
}
function copy(dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    if (fs.statSync(p).isDirectory()) {
      if (name !== "__pycache__") copy(p, `${dest}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${dest}/${name}`, fs.readFileSync(p));
    }
  }
}
copy(engineDir, "/home/pyodide/engine");
process.stdout.write(String(py.runPython(fs.readFileSync(snippetFile, "utf8"))));
