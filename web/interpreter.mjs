// The interpreter module that pyscript.json names: Pyodide with the pages' Python code on its
// import path, started as soon as a page's head is read (from the second visit on, from a
// snapshot of its memory: see startInterpreter). Every page loads this module first,
// with `async` (so it waits neither for the page's styles nor for PyScript's own modules).
// The computer players' worker (bots-worker.mjs) starts its own Python with the same code
// (startPython), from the same files: nothing starts when the module is imported there.
// While Pyodide starts, it fetches catan.zip (built by build.py: the bytecode of our modules
// the pages import; see downloadCode); it then writes the zip into Python's working directory
// and puts it first on sys.path, so that the page's script imports straight from it. On a
// first visit of a page that the build gave a start zip of its own (build.START_PAGES: only
// the modules it imports as it starts), that zip comes first, and catan.zip once the page asks
// for it (allCode). When PyScript calls
// loadPyodide, it gets that interpreter, and its output goes to PyScript's handlers from then
// on; PyScript's start-up code runs without its Python package (see withoutPyScriptPackage).
// PyScript's other options (its indexURL is this module's folder) are not needed: the pages
// load no packages, and Pyodide's files are in ./pyodide/.
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";
import { afterPaint, announce, applyPatch, focusOn } from "./patch.mjs";
import { playNotes, readySound } from "./sound.mjs";

export { version };

const CODE = "catan.zip";  // build.CODE_ZIP
// This page's start zip (build.start_zip), named on the tag that starts this module, which is
// in the page when this runs. Not with ?test: the test hooks reach every module at once.
const START = typeof document === "undefined" || location.search.includes("test") ? null
  : document.querySelector("script[data-code]")?.dataset.code ?? null;
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
        if name == "${LEFT_OUT}":
            return
        built = importlib.import_module("${LEFT_OUT}")
        if name in built.NAMES:
            js.console.error(f"Python module {name} is not in this build: build.py ships the modules the pages import (build.LAZY_IMPORTS).")
        elif name in built.LATER:
            js.console.error(f"Python module {name} is in ${CODE}, imported before it came: await catan_web.browser.dom.all_code() first.")
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
async function startInterpreter(controlled, name) {
  const indexURL = new URL("./pyodide/", import.meta.url).href;
  const fsInit = async () => { downloadCode(name, controlled); };  // Pyodide's WebAssembly is ready: see downloadCode
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

// The zip a start begins with (catan.zip, or the page's start zip), downloaded once. Python
// needs it only once started: from the service worker's cache (a later visit) it is asked for
// at once; over the network (a first visit) only when Pyodide's WebAssembly is compiled and
// Python is about to start (Pyodide's fsInit hook), so that on a slow link it does not share
// the bandwidth with the WebAssembly and the standard library, which Python needs first, and
// downloads while Python starts.
let code = null;
function downloadCode(name, controlled) {
  if (code === null) {
    code = download(name, controlled);
    code.catch(() => {});  // not an unhandled rejection: awaited once Pyodide has started
  }
  return code;
}

// Whether catan.zip is on Python's path (else the start zip is, and allCode brings it).
let complete = false;

/** Pyodide with the zip `name` (catan.zip, or the page's start zip on a first visit) first on
 * its path; `controlled`: whether this page's service worker controls it (its cache then holds
 * the snapshot and catan.zip; a worker passes its page's). Python reaches allCode as the
 * module `_catan_code` (catan_web.browser.dom.all_code). */
export function startPython(controlled, name = CODE) {
  if (controlled) downloadCode(name, true);
  return startInterpreter(controlled, name)
    .then(async ([pyodide, fromSnapshot]) => [pyodide, fromSnapshot, await downloadCode(name, controlled)])
    .then(([pyodide, fromSnapshot, bytes]) => {
      // User Timing, for profiling (bench/startup.py reads it) and tests (the detail)
      performance.mark("pyodide-ready", { detail: { snapshot: fromSnapshot } });
      pyodide.FS.writeFile(name, bytes);
      // (a start from the snapshot finds it on the path already: build.SNAPSHOT_PACKAGES)
      pyodide.runPython(`import sys\nif "${name}" in sys.path: sys.path.remove("${name}")
sys.path.insert(0, "${name}")\n${NAME_LEFT_OUT}`);
      complete = name === CODE;
      pyodide.registerJsModule("_catan_code", { complete: () => complete, all: allCode });
      return pyodide;
    });
}

// catan.zip beside a start zip: first on the path, and each package imported from the start
// zip looks for its modules not yet imported in catan.zip too (a package's modules are found
// through its __path__, not sys.path).
const ADD_CODE = `import sys
sys.path.insert(0, "${CODE}")
for module in list(sys.modules.values()):
    for entry in list(getattr(module, "__path__", None) or ()):
        if entry.startswith("${START}/"):
            module.__path__.append("${CODE}" + entry[len("${START}"):])`;

let rest = null;
/** Once catan.zip is on the page's Python's path, fetched from the network (the first time)
 * when the page started from its start zip; at once otherwise. */
export function allCode() {
  rest ??= started.then(async (pyodide) => {
    if (complete) return;
    pyodide.FS.writeFile(CODE, await download(CODE, false));
    pyodide.runPython(ADD_CODE);
    complete = true;
  });
  return rest;
}

/** The page's interpreter, with catan.zip or its start zip on its path (none in a worker). PyScript says
 * nothing when it fails: the page's loading message (web/loading.js, which awaits this too)
 * says why instead. */
export const started = typeof document === "undefined" ? null : startPage(Boolean(navigator.serviceWorker?.controller));

// A page's Python reaches applyPatch, announce, focusOn and afterPaint (web/patch.mjs) as the
// module `_catan_patch` (catan_web.browser.apply), and playNotes and readySound (web/sound.mjs)
// as `_catan_sound` (catan_web.browser.game): a worker has no document to patch nor sound to play.
function startPage(controlled) {
  return startPython(controlled, (!controlled && START) || CODE).then((pyodide) => {
    pyodide.registerJsModule("_catan_patch", { apply: applyPatch, announce, focus: focusOn, after_paint: afterPaint });
    pyodide.registerJsModule("_catan_sound", { play: playNotes, ready: readySound });
    return withoutPyScriptPackage(pyodide);
  });
}

export async function loadPyodide({ stdout, stderr } = {}) {
  const pyodide = await started;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
