"""Start-up time of the web app against bare-interpreter pages, in one run on one machine.

Run from the repository root:

    python bench/startup.py [--reps 5] [--before OTHER/dist] [--paired]

It builds the site into a temporary directory, adds three bare pages next to the app there
(``_bare_pyodide.html``: ``loadPyodide()`` from Pyodide's files as npm ships them, copied to
./_npm_pyodide/; ``_bare_build.html``: the same from the build's ./pyodide/, whose standard
library carries bytecode (see build.py); ``_bare_pyscript.html``: PyScript with the build's
interpreter and an empty script), serves it on 127.0.0.1 and drives headless Chromium
(/usr/bin/chromium). Every page marks itself ready with
``<html data-ready="1">``; the time measured is from the start of navigation to that moment,
as the page's own clock sees it (``performance.now()`` in a MutationObserver).

Per repetition, in turn for each page (every other repetition in reverse order): Chromium
with a fresh profile (empty caches, no service worker) loads the page ("cold"); then, once the app's service worker controls the page, the
page is reloaded ("warm": HTTP cache for the bare pages, service-worker cache for the app, whose
Python then starts from its snapshot: build.write_snapshot),
and reloaded once more ("later": from a resource's third load on, Chromium's code caches for
scripts and WebAssembly are at work); then, the page left open a few seconds, Chromium is
closed, started again on the same profile and the page opened ("return": a player coming back
another day, in a new browser session: nothing left in the renderer's memory, the service worker
started afresh, code caches read from disk), and all that once more ("regular": a player who
comes back often; Chromium keeps the machine code it compiles from Pyodide's WebAssembly beside
the copy the page loaded, which for the app is the service worker's, so only from the second
new session on can the app's start use it).
It prints medians, the ratios app/bare (of the medians, and round by round against the bare
page of the build's files, which takes out much of this machine's drift; that median comes with
a bootstrap interval, how far it moves when the same number of rounds is drawn again, so that a
run says how sure it is), and the
response-body bytes the server sent on the first visit (until ready; for the app also
including the service worker's precaching). It also prints, for the pages that mark the moment
Pyodide is ready (``performance.mark("pyodide-ready")``: the app's web/interpreter.mjs and the
bare Pyodide pages), the time from navigation to that mark and from it to data-ready inside
each visit: how soon a page's interpreter is ready, and what the page adds after it (a steadier
figure than the whole visit on a noisy machine).
A visit whose page crashes is made again and named at the end.
``--before`` adds another built site (say an earlier commit's ``dist/``), served at
``before/`` beside this one and measured in the same rounds, for before/after figures (also
printed as the median of each round's difference). ``--paired`` visits only the app (and
``--before``'s) and the bare page of the build's files: half the time per round, so that a run
of many rounds (a narrower interval) fits in minutes.
No timing is asserted.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build

PYODIDE_READY = "pyodide-ready"
"""The User Timing mark web/interpreter.mjs (and the bare Pyodide pages here) make when Pyodide is ready."""
BARE_PYODIDE = """<!doctype html>
<meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
  import { loadPyodide } from "./__FOLDER__/pyodide.mjs";
  const pyodide = await loadPyodide();
  performance.mark("__MARK__");  // as web/interpreter.mjs marks it
  pyodide.runPython("import sys");
  document.documentElement.setAttribute("data-ready", "1");
</script>
""".replace("__MARK__", PYODIDE_READY)
BARE_PYSCRIPT = """<!doctype html>
<meta charset="utf-8"><title>bare PyScript</title>
<script type="module" src="./pyscript/core.js"></script>
<script type="py" config="./_bare_pyscript.json">
from pyscript import document
document.documentElement.setAttribute("data-ready", "1")
</script>
"""
NPM_PYODIDE = "_npm_pyodide"
"""Where the bare Pyodide page's interpreter files are: node_modules/pyodide's, as npm ships them."""
PAGES = {"app": "", "bare Pyodide": "_bare_pyodide.html", "bare, build's": "_bare_build.html",
         "bare PyScript": "_bare_pyscript.html"}
BARES = ("bare Pyodide", "bare, build's", "bare PyScript")
PAIRED = "bare, build's"
"""The bare page each app visit is also compared with round by round: Pyodide from the build's own files."""
BEFORE = "before/"
"""Where ``--before``'s site is served, as the page "app before"."""
# Records when data-ready appears, on the clock that starts with the navigation.
RECORD_READY = """
new MutationObserver((_, observer) => {
  if (document.documentElement?.getAttribute("data-ready") === "1") {
    window.__readyAt = performance.now();
    window.__pyodideReadyAt = performance.getEntriesByName("__MARK__")[0]?.startTime ?? null;
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
""".replace("__MARK__", PYODIDE_READY)
LOADS = ("cold", "warm", "later", "return", "regular")
"""The loads of each page, in order (see the module docstring): a first visit, two reloads, and
two visits each after the browser was closed and started again."""
RELOADS = LOADS.index("return") - 1
"""How many of :data:`LOADS` after the first are reloads in the same browser session."""
RESAMPLES = 2000
INTERVAL = 0.90
"""The round-by-round ratio's median is given with this bootstrap interval: the rounds drawn
again with replacement :data:`RESAMPLES` times (seeded, so a run's figures print the same)."""


class Visit(NamedTuple):
    """A page's loads (:data:`LOADS`) in one fresh profile."""

    ms: tuple[float, ...]
    """Navigation to data-ready, per load."""
    after_pyodide: tuple[float, ...] | None
    """Pyodide ready (the page's ``pyodide-ready`` mark) to data-ready, per load; None for a
    page without the mark (bare PyScript, builds from before the mark)."""
    bytes_ready: int
    """Bytes the server sent until the first load was ready."""
    bytes_all: int
    """The same until the reload (for the app, including its service worker's precaching)."""


TIMEOUT_MS = 120_000
MAX_CRASHES = 5
"""Visits that may fail (a crashed page: Chromium's renderer crashes now and then on this
machine) before the run stops; each is visited again and printed at the end."""
SETTLE_MS = 1000


SENT: list[int] = []  # response-body sizes the server has sent (list.append is thread-safe)


def counting_handler(directory: Path) -> type[build.DistHandler]:
    """A quiet dist/ handler that records each response body's size in ``SENT``."""

    class Counting(build.make_handler(directory, quiet=True)):  # type: ignore[misc]
        def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
            start = source.tell()
            super().copyfile(source, outputfile)
            SENT.append(source.tell() - start)

    return Counting


def prepare_site(tmp: Path, before: Path | None = None, built: Path | None = None) -> Path:
    """Build the site into ``tmp`` (or copy the build ``built`` there) and add the bare pages
    (and ``before``'s site in ``before/``)."""
    dist = build.build(tmp / "dist") if built is None else Path(shutil.copytree(built, tmp / "dist"))
    if before is not None:
        shutil.copytree(before, dist / BEFORE)
    (dist / NPM_PYODIDE).mkdir()
    for name in build.PYODIDE_FILES:
        shutil.copyfile(build.NODE_MODULES / "pyodide" / name, dist / NPM_PYODIDE / name)
    (dist / "_bare_pyodide.html").write_text(BARE_PYODIDE.replace("__FOLDER__", NPM_PYODIDE), encoding="utf-8")
    (dist / "_bare_build.html").write_text(BARE_PYODIDE.replace("__FOLDER__", "pyodide"), encoding="utf-8")
    (dist / "_bare_pyscript.html").write_text(BARE_PYSCRIPT, encoding="utf-8")
    (dist / "_bare_pyscript.json").write_text('{"interpreter": "./pyodide/pyodide.mjs"}\n', encoding="utf-8")
    return dist


def ready_ms(page: Page) -> tuple[float, float | None]:
    """Wait for data-ready; return its time since navigation start and the time from the
    ``pyodide-ready`` mark to it (None without the mark), in milliseconds."""
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    ready, pyodide_ready = page.evaluate("[window.__readyAt, window.__pyodideReadyAt]")
    return float(ready), None if pyodide_ready is None else float(ready - pyodide_ready)


def open_browser(playwright: Playwright, profile: str) -> tuple[BrowserContext, Page]:
    """Chromium on the profile folder ``profile``, settled, with the ready recorder in place."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS
    )
    context.add_init_script(RECORD_READY)
    page = context.pages[0]
    page.wait_for_timeout(SETTLE_MS)  # let the new browser finish its own start-up work
    return context, page


def visit(playwright: Playwright, url: str, has_service_worker: bool) -> Visit:
    """Cold load, warm and later reloads, and the visits in new browser sessions (see
    :data:`LOADS`) of ``url``, on a fresh, empty profile.

    A real (on-disk) profile, unlike an incognito context, keeps the 8 MB WebAssembly file in
    its HTTP cache, as a visitor's browser would.
    """
    with tempfile.TemporaryDirectory() as profile:
        context, page = open_browser(playwright, profile)
        try:
            SENT.clear()
            page.goto(url)
            loads = [ready_ms(page)]
            bytes_ready = sum(SENT)
            if has_service_worker:
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
            bytes_all = sum(SENT)
            for _ in range(RELOADS):
                page.reload()
                loads.append(ready_ms(page))
            while len(loads) < len(LOADS):  # the visits in new browser sessions
                page.wait_for_timeout(build.CODE_CACHE_STAY_MS)
                context.close()
                context, page = open_browser(playwright, profile)
                page.goto(url)
                loads.append(ready_ms(page))
        finally:
            context.close()
    after = tuple(a for _, a in loads if a is not None)
    return Visit(tuple(ms for ms, _ in loads), after if len(after) == len(LOADS) else None, bytes_ready, bytes_all)


def median_interval(values: list[float], rng: random.Random) -> tuple[float, float]:
    """The :data:`INTERVAL` bootstrap interval of the median of ``values``: how far the median
    of this many rounds moves when the rounds are drawn again, on this machine's noise."""
    medians = sorted(statistics.median(rng.choices(values, k=len(values))) for _ in range(RESAMPLES))
    tail = (1 - INTERVAL) / 2
    return medians[int(tail * RESAMPLES)], medians[int((1 - tail) * RESAMPLES) - 1]


def main() -> None:
    """Command-line entry point: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="repetitions per page (default 5)")
    parser.add_argument("--before", type=Path, help="another built site to measure alongside (e.g. an older dist/)")
    parser.add_argument("--paired", action="store_true", help="visit only the app(s) and the bare page of the build's files")
    args = parser.parse_args()
    pages = dict(PAGES, **({"app before": BEFORE} if args.before else {}))
    if args.paired:
        pages = {name: path for name, path in pages.items() if name.startswith("app") or name == PAIRED}
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        dist = prepare_site(Path(tmp), args.before)
        server, base = build.start_server(dist, handler=counting_handler(dist))
        visit(playwright, base + PAGES[PAIRED], False)  # warm-up (first start-up costs), not counted
        results: dict[str, list[Visit]] = {name: [] for name in pages}
        crashes: list[str] = []
        for rep in range(args.reps):
            # interleaved, so machine noise hits every page alike; every other round in reverse
            # order, so that no page is always the one visited first or last
            for name, path in (list(pages.items()) if rep % 2 == 0 else reversed(pages.items())):
                while len(results[name]) <= rep:
                    try:
                        results[name].append(visit(playwright, base + path, name.startswith("app")))
                    except PlaywrightError as error:  # a crashed page: said below, and visited again
                        crashes.append(f"{name}: {str(error).splitlines()[0]}")
                        if len(crashes) > MAX_CRASHES:
                            raise
        server.shutdown()
        server.server_close()

    medians = {name: tuple(statistics.median(r.ms[i] for r in runs) for i in range(len(LOADS)))
               for name, runs in results.items()}
    print(f"Navigation to data-ready, median of {args.reps} (headless Chromium, fresh profile each, 127.0.0.1)")
    column = max(len(load) for load in LOADS) + len(" ms") + 2
    header = "".join(f"{load + ' ms':>{column}}" for load in LOADS)
    print(f"{'page':<15}{header}{'bytes until ready':>19}{'bytes incl. SW':>16}")
    for name, runs in results.items():
        print(f"{name:<15}" + "".join(f"{m:>{column}.0f}" for m in medians[name]) + f"{runs[0].bytes_ready:>19,}{runs[0].bytes_all:>16,}")
    for app in (name for name in pages if name.startswith("app")):
        for bare in (name for name in BARES if name in pages):
            ratios = ", ".join(f"{load} {medians[app][i] / medians[bare][i]:.2f}x" for i, load in enumerate(LOADS))
            print(f"{app} / {bare}: {ratios}")
    print("Round by round (each round visits every page once, in turn): median of app / bare, build's,"
          f" its {INTERVAL:.0%} bootstrap interval [..] and the range (..)")
    rng = random.Random(0)
    for app in (name for name in pages if name.startswith("app")):
        paired = []
        for i, load in enumerate(LOADS):
            rounds = sorted(a.ms[i] / b.ms[i] for a, b in zip(results[app], results[PAIRED]))
            low, high = median_interval(rounds, rng)
            paired.append(f"{load} {statistics.median(rounds):.2f}x [{low:.2f}-{high:.2f}] ({rounds[0]:.2f}-{rounds[-1]:.2f})")
        print(f"  {app}: " + ", ".join(paired))
    if "app before" in results:
        pairs = list(zip(results["app"], results["app before"]))
        differences = ", ".join(f"{load} {statistics.median(a.ms[i] - b.ms[i] for a, b in pairs):+.0f}" for i, load in enumerate(LOADS))
        print(f"Round by round, app - app before (median ms): {differences}")
    print(f"Inside each visit, pages with the {PYODIDE_READY} mark (median ms): navigation to Pyodide ready | Pyodide ready to data-ready")
    for name, runs in results.items():
        marked = [(r.ms, r.after_pyodide) for r in runs if r.after_pyodide is not None]
        if len(marked) == len(runs):
            before = ", ".join(f"{load} {statistics.median(ms[i] - after[i] for ms, after in marked):.0f}" for i, load in enumerate(LOADS))
            after = ", ".join(f"{load} {statistics.median(after[i] for _, after in marked):.0f}" for i, load in enumerate(LOADS))
            print(f"  {name}: {before} | {after}")
    for name, runs in results.items():
        each = ", ".join("/".join(f"{ms:.0f}" for ms in r.ms) for r in runs)
        print(f"  {name} runs ({'/'.join(LOADS)} ms): {each}")
    for crash in crashes:
        print(f"  visited again after: {crash}")


if __name__ == "__main__":
    main()
