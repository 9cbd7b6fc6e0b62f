// The interpreter module that pyscript.json names: Pyodide with the pages' Python code on its
// import path, started as soon as a page's head is read. Every page loads this module first,
// with `async` (so it waits neither for the page's styles nor for PyScript's own modules).
// While Pyodide starts, it fetches catan.zip (built by build.py: our packages and PyScript's,
// each module's bytecode beside it); it then writes the zip into Python's working directory
// and puts it first on sys.path, so that PyScript's own `import pyscript` and the page's
// script import straight from it. When PyScript calls loadPyodide, it gets that interpreter,
// and its output goes to PyScript's handlers from then on. PyScript's other options (its
// indexURL is this module's folder) are not needed: the pages load no packages, and
// Pyodide's files are in ./pyodide/.
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

const CODE = "catan.zip";  // build.CODE_ZIP

async function download(path) {
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The interpreter, with catan.zip on its path. PyScript says nothing when it fails: the
 * page's loading message (web/loading.js, which awaits this too) says why instead. */
export const started = Promise.all([startPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href }), download(CODE)])
  .then(([pyodide, code]) => {
    pyodide.FS.writeFile(CODE, code);
    pyodide.runPython(`import sys\nsys.path.insert(0, "${CODE}")`);
    return pyodide;
  });

export async function loadPyodide({ stdout, stderr } = {}) {
  const pyodide = await started;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
