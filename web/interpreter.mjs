// The interpreter module that pyscript.json names: Pyodide, started as soon as a page's head is
// read. Every page loads this module with `async` (so it waits neither for the page's styles
// nor for PyScript's own modules); when PyScript then calls loadPyodide, it gets the interpreter
// already on its way, and its output goes to PyScript's handlers from then on. PyScript's
// other options (its indexURL is this module's folder) are not needed: the pages load no
// packages, and Pyodide's files are in ./pyodide/.
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

const early = startPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
early.catch(() => {});  // a failure is PyScript's to report, when it asks for the interpreter

export async function loadPyodide({ stdout, stderr } = {}) {
  const pyodide = await early;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
