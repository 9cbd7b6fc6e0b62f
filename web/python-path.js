// Puts catan.zip (written into Python's working directory by pyscript.json) at the head of
// Python's import path as soon as the interpreter is ready, before PyScript imports its own
// package and before the page's script runs: both import straight from the zip, with the
// bytecode build.py compiled into it. Every page loads this module next to PyScript's core.js.
import { hooks } from "./pyscript/core.js";

hooks.main.onReady.add((wrap) => {
  wrap.interpreter.runPython('import sys\nif "catan.zip" not in sys.path:\n    sys.path.insert(0, "catan.zip")');
});
