// The interpreter module that pyscript.json names: Pyodide with the pages' Python code on its
// import path, started as soon as a page's head is read (from the second visit on, from a
// snapshot of its memory: see startInterpreter). Every page loads this module first,
// with `async` (so it waits neither for the page's styles nor for PyScript's own modules).
// The computer players' worker (bots-worker.mjs) starts its own Python with the same code
// (startPython), from the same files: nothing starts when the module is imported there.
// While Pyodide starts, it fetches catan.zip (built by build.py: the bytecode of our modules
// the pages import; see downloadCode); it then writes the zip into Python's working directory
// and puts it first on sys.path, so that the page's script imports straight from it. When PyScript calls
// loadPyodide, it gets that interpreter, and its output goes to PyScript's handlers from then
// on; PyScript's start-up code runs without its Python package (see withoutPyScriptPackage).
// PyScript's other options (its indexURL is this module's folder) are not needed: the pages
// load no packages, and Pyodide's files are in ./pyodide/.
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

const CODE = "catan.zip";  // build.CODE_ZIP
const SNAPSHOT = "__SNAPSHOT__";  // build.write_snapshot's file: build.py puts its path here

// The build ships only the modules of Python's standard library and of our packages that the
// pages import (build.write_zips, whose list of them this names), so an import of another
// one fails; this last import finder tells the console which module was left out.
const LEFT_OUT = "_build_left_out";  // build.LEFT_OUT, in catan.zip
const NAME_LEFT_OUT = `
class LeftOut:
    @staticmethod
    def find_spec(name, path=None, target=None):
        import importlib, js
        if name != "${LEFT_OUT}" and name in importlib.import_module("${LEFT_OUT}").NAMES:
            js.console.error(f"Python module {name} is not in this build: build.py ships the modules the pages import (build.LAZY_IMPORTS).")
sys.meta_path.append(LeftOut)
del LeftOut`;

// A file this module needs (catan.zip, Python's snapshot). Under the service worker it is read
// from the worker's cache here rather than handed over by the worker, which takes WebKit
// several times as long for a big file (the snapshot, 31 MB: 120 ms against 450 here; Firefox
// 160 against 320, Chromium 65 against 105); a later visit was 1.4 s sooner in WebKit, 0.14 s
// in Firefox, the same in Chromium (bench/first_visit.py, docs/loading.md). Else, or when the
// cache lacks it, from the network.
async function download(path, controlled) {
  const url = new URL(path, import.meta.url);
  const response = (controlled && await caches.match(url)) || await fetch(url);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

// PyScript's start-up code, which it runs before a page's script, begins by writing PyScript's
// Python package (`pyscript`, 15 files) into the working directory and importing it: some
// 30 KB of source compiled, files written and a dozen modules imported, 25-50 ms of every
// start on the page's thread (measured on the 2nd visit). The pages do not use that package (catan_web/dom.py gives them
// the browser through Pyodide), so that part of the start-up code is left out and the rest of
// it runs. Code that does not begin that way is run as it is.
const PACKAGE_START = "import os as _os\nfrom pathlib import Path as _Path\n";
const PACKAGE_END = "\ndel _pyscript\n";

function withoutPyScriptPackage(pyodide) {
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = pyodide[name].bind(pyodide);
    pyodide[name] = (code, ...options) => {
      const end = code.startsWith(PACKAGE_START) ? code.indexOf(PACKAGE_END) : -1;
      return run(end < 0 ? code : code.slice(end + PACKAGE_END.length), ...options);
    };
  }
  return pyodide;
}

// Pyodide, and whether it started from the snapshot of its memory once started, which this
// page's service worker keeps (from the second visit on): Pyodide then copies that memory in
// instead of running Python's own start (about 120 ms of a warm start). A snapshot that cannot be
// read or used (Pyodide checks its header and that its own build made it) is reported and the
// interpreter started the usual way.
async function startInterpreter(controlled) {
  const indexURL = new URL("./pyodide/", import.meta.url).href;
  const fsInit = async () => { downloadCode(controlled); };  // Pyodide's WebAssembly is ready: see downloadCode
  if (controlled) {
    const memory = download(SNAPSHOT, true);
    memory.catch(() => {});  // not an unhandled rejection: Pyodide awaits it later, and fails below
    try {
      const pyodide = await startPyodide({ indexURL, fsInit, _loadSnapshot: memory });
      // The snapshot holds its random generator's state too: without this, every start would
      // draw the same numbers (the same "random" seed for every new game).
      pyodide.runPython("import random\nrandom.seed()");
      return [pyodide, true];
    } catch (error) {
      console.warn(`Python could not start from ${SNAPSHOT} (${error}); starting it the usual way.`);
    }
  }
  return [await startPyodide({ indexURL, fsInit }), false];
}

// catan.zip, downloaded once. Python needs it only once started: from the service worker's
// cache (a later visit) it is asked for at once; over the network (a first visit) only when
// Pyodide's WebAssembly is compiled and Python is about to start (Pyodide's fsInit hook), so
// that on a slow link it does not share the bandwidth with the WebAssembly and the standard
// library, which Python needs first, and downloads while Python starts.
let code = null;
function downloadCode(controlled) {
  if (code === null) {
    code = download(CODE, controlled);
    code.catch(() => {});  // not an unhandled rejection: awaited once Pyodide has started
  }
  return code;
}

/** Pyodide with catan.zip first on its path; `controlled`: whether this page's service worker
 * controls it (its cache then holds the snapshot and the zip; a worker passes its page's). */
export function startPython(controlled) {
  if (controlled) downloadCode(true);
  return startInterpreter(controlled)
    .then(async ([pyodide, fromSnapshot]) => [pyodide, fromSnapshot, await downloadCode(controlled)])
    .then(([pyodide, fromSnapshot, bytes]) => {
      // User Timing, for profiling (bench/startup.py reads it) and tests (the detail)
      performance.mark("pyodide-ready", { detail: { snapshot: fromSnapshot } });
      pyodide.FS.writeFile(CODE, bytes);
      // (a start from the snapshot finds it on the path already: build.SNAPSHOT_PACKAGES)
      pyodide.runPython(`import sys\nif "${CODE}" in sys.path: sys.path.remove("${CODE}")
sys.path.insert(0, "${CODE}")\n${NAME_LEFT_OUT}`);
      return pyodide;
    });
}

/** The page's interpreter, with catan.zip on its path (none in a worker). PyScript says
 * nothing when it fails: the page's loading message (web/loading.js, which awaits this too)
 * says why instead. */
export const started = typeof document === "undefined" ? null
  : startPython(Boolean(navigator.serviceWorker?.controller)).then(withoutPyScriptPackage);

export async function loadPyodide({ stdout, stderr } = {}) {
  const pyodide = await started;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
