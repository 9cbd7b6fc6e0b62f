// The computer players' own thread: a module Web Worker that the game page starts once a game
// with computer players is on screen (catan_web/browser/bots.py), so that their thinking never
// holds up the page. It runs its own Python, started as the page's is (interpreter.mjs's
// startPython: the same snapshot, catan.zip and standard library, from the service worker's or
// the browser's cache), and is a thin pipe: the page's first message says whether its service
// worker controls it ({"controlled": true}); every later one is a request (JSON text) that
// catan_web.thinker.Thinker answers with JSON text. Its first message back says whether Python
// started (catan_web.thinker.Started). Requests that arrive while Python starts wait for it.
import { startPython } from "./interpreter.mjs";

let answer = null;  // Thinker.answer once Python has started

async function start(controlled) {
  try {
    const pyodide = await startPython(controlled);
    answer = pyodide.runPython("from catan_web.thinker import Thinker\nThinker().answer");
    self.postMessage(JSON.stringify({ started: true, error: "" }));
  } catch (error) {
    self.postMessage(JSON.stringify({ started: false, error: String(error).slice(0, 400) || "unknown" }));
  }
}

let started = null;
self.onmessage = async ({ data }) => {
  if (started === null) {
    started = start(typeof data === "string" && JSON.parse(data).controlled === true);
    return;
  }
  await started;
  if (answer !== null) self.postMessage(answer(data));
};
