"""A newcomer's first visit over a slow link, in Chromium, Firefox and WebKit: bytes and time
until the page is ready, against a bare Pyodide page in the same run, and the later visit.

Run from the repository root (about 25 minutes with the defaults on this 2-core machine):

    python bench/first_visit.py [--reps 5] [--links 10/40,1.6/150,local] [--engines chromium,firefox,webkit]
                                [--before OTHER/dist] [--dist DIR]

It builds the site into a temporary directory (or takes ``--dist``) beside a bare page that
only starts Pyodide from npm's files (bench/startup.py's ``_bare_pyodide.html``), and
``--before`` (another build, such as an earlier commit's ``dist/``) at ``before/``. A local
host serves them as static hosts do (tests/e2e/engines/browsers.py's :class:`SiteServer`): text,
scripts, JSON and WebAssembly gzipped, zips as they are, each file fresh for ten minutes;
everything it sends goes through one link of the given speed and round-trip time (``10/40``:
10 Mbit/s and 40 ms; ``local``: no pacing). For each round, link, engine and page, the engine
starts on a fresh profile and opens the page:

- first visit: from navigation to ``<html data-ready>`` on the page's clock, and the bytes the
  host sent for the requests that came before then (headers included);
- later visit: once the app's service worker controls the page (all precached) and every file
  is in the engine's cache, the page is opened again in a new tab of the same browser, the
  first tab closed (WebKit keeps a page it navigated away from, with its memory, and grows
  slower at each visit in the same tab);
- on a link without pacing, the app's "board": the first visit's ready time plus the time from
  a click on the home screen's Start to the first board spot drawn (the click itself waits for
  the bench to see the page ready, which is left out).

It prints medians (with the range) per link, engine and page, the app's ratios to the bare
page, WebKit's and Firefox's later visit beside Chromium's, and, for the first round, what the
app's first visit downloaded until ready, file by file. Each round visits the pages in turn
(every other round in reverse order). No timing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "e2e" / "engines")]

from browsers import ENGINES, Engine, Link, SiteServer, missing
from startup import BEFORE, prepare_site

PAGES = {"app": "", "bare Pyodide": "_bare_pyodide.html"}
"""The pages visited (path under the host), ``app before`` added with ``--before``."""
TIMEOUT_S = 300.0
"""Longest wait for a page to be ready or its service worker to take over (1.6 Mbit/s links)."""
START = "[data-cmd='start']"
"""The home screen's Start button (the new-game form's)."""
BOARD = "[data-node]"
"""A board spot: the board is drawn."""
WATCH_BOARD = """
const start = performance.now();
new MutationObserver((_, observer) => {
  if (document.querySelector(arguments[0])) { window.__boardIn = performance.now() - start; observer.disconnect(); }
}).observe(document.body, { childList: true, subtree: true });
return true;"""
"""Set up before the click on Start: the time from then to the first board spot drawn."""
CONTROLLED = "return navigator.serviceWorker && navigator.serviceWorker.controller !== null"
MAX_CRASHES = 5
"""Visits that may fail (Chromium's renderer crashes now and then on this machine) before the
run stops; each is made again and named at the end."""


class Visit(NamedTuple):
    """One page's visits in one fresh browser."""

    first_ms: float
    bytes_ready: int
    files: dict[str, int]
    """Bytes per path until ready (first visit)."""
    later_ms: float
    board_ms: float | None
    """The app's first visit's ready time plus the time from Start to the board (unpaced links only)."""


def parse_link(text: str) -> Link | None:
    """``10/40`` (Mbit/s / round trip ms) as a :class:`Link`; ``local`` as None."""
    if text == "local":
        return None
    mbit, rtt = text.split("/")
    return Link(float(mbit), float(rtt))


def visit(make: Callable[[], Engine], server: SiteServer, path: str, app: bool, board: bool) -> Visit:
    """The first and later visit of ``server.url + path`` in a fresh browser (``make()``);
    for the ``app``, its service worker waited for, and with ``board``, the board's time."""
    engine = make()
    try:
        moment = time.time()
        engine.open(server.url + path)
        engine.wait("return window.__readyAt !== undefined", timeout=TIMEOUT_S)
        first, origin = engine.run("return [window.__readyAt, performance.timeOrigin]")
        ready_at = (origin + first) / 1000
        files: dict[str, int] = {}
        for request in server.requests_since(moment, ready_at):
            files[request.path] = files.get(request.path, 0) + request.sent
        board_ms = None
        if app and board:
            engine.run(WATCH_BOARD, BOARD)
            engine.click(START)
            board_ms = first + engine.wait("return window.__boardIn", timeout=TIMEOUT_S)
        if app:
            engine.wait(CONTROLLED, timeout=TIMEOUT_S)
        else:
            time.sleep(1)  # the cache entries written
        engine.new_tab()
        engine.open(server.url + path)
        later = engine.wait("return window.__readyAt", timeout=TIMEOUT_S)
        return Visit(first, sum(files.values()), files, later, board_ms)
    finally:
        engine.close()


def spread(values: list[float]) -> str:
    """The median of ``values`` with their range."""
    return f"{statistics.median(values):>6.0f} ({min(values):.0f}-{max(values):.0f})"


def main() -> None:
    """Command-line entry point: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--links", default="10/40,1.6/150,local", help="Mbit/s / round-trip ms, or local (default: all three)")
    parser.add_argument("--engines", default="chromium,firefox,webkit", help="engines (default: all three)")
    parser.add_argument("--before", type=Path, help="another built site measured alongside (e.g. an earlier dist/)")
    parser.add_argument("--dist", type=Path, help="an existing build of this tree (default: build one now)")
    parser.add_argument("--no-bare", action="store_true", help="leave out the bare Pyodide page (a quicker A/B run)")
    args = parser.parse_args()
    engines = args.engines.split(",")
    for name in engines:
        if missing(name):
            raise SystemExit(f"{name} needs {', '.join(missing(name))} (bash tests/run.sh installs it)")
    links = args.links.split(",")
    pages = dict(PAGES, **({"app before": BEFORE} if args.before else {}))
    if args.no_bare:
        del pages["bare Pyodide"]
    results: dict[tuple[str, str, str], list[Visit]] = {}
    crashes: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        dist = prepare_site(Path(tmp), args.before, args.dist)
        for engine in engines:  # not counted: each browser's first start reads it from disk
            server = SiteServer(dist, compress=True)
            try:
                visit(ENGINES[engine], server, PAGES["bare Pyodide"], False, False)
            finally:
                server.stop()
        for rep in range(args.reps):
            for link_text in links:
                for engine in engines:
                    order = list(pages.items()) if rep % 2 == 0 else list(reversed(pages.items()))
                    for page, path in order:
                        made = None
                        while made is None:
                            link = parse_link(link_text)
                            server = SiteServer(dist, compress=True, link=link)
                            try:
                                made = visit(ENGINES[engine], server, path, page.startswith("app"), link is None)
                            except Exception as error:  # a crashed page: said at the end, and visited again
                                crashes.append(f"round {rep + 1} {link_text} {engine} {page}: {str(error).splitlines()[0]}")
                                if len(crashes) > MAX_CRASHES:
                                    raise
                            finally:
                                server.stop()
                        results.setdefault((link_text, engine, page), []).append(made)
                        print(f"round {rep + 1} {link_text} {engine} {page}: {made.first_ms:.0f} ms, "
                              f"{made.bytes_ready:,} B; later {made.later_ms:.0f} ms"
                              + (f"; board {made.board_ms:.0f} ms" if made.board_ms is not None else ""), flush=True)
    report(results, links, engines, pages, args.reps)
    for crash in crashes:
        print(f"visited again after: {crash}")


def report(results: dict[tuple[str, str, str], list[Visit]], links: list[str], engines: list[str],
           pages: dict[str, str], reps: int) -> None:
    """Print the medians, ratios and the first round's files."""
    print(f"\nFirst visit (fresh profile) and later visit, median (range) of {reps} rounds; gzip host")
    for link in links:
        print(f"link {link}:")
        print(f"  {'engine':<10}{'page':<14}{'first visit ms':>22}{'bytes until ready':>19}{'later visit ms':>22}"
              f"{'board ms':>22}")
        for engine in engines:
            for page in pages:
                runs = results[(link, engine, page)]
                boards = [r.board_ms for r in runs if r.board_ms is not None]
                print(f"  {engine:<10}{page:<14}{spread([r.first_ms for r in runs]):>22}"
                      f"{statistics.median(r.bytes_ready for r in runs):>19,.0f}{spread([r.later_ms for r in runs]):>22}"
                      + (f"{spread(boards):>22}" if boards else ""))
        for engine in engines:
            def median(page: str, attribute: str, engine: str = engine, link: str = link) -> float:
                return float(statistics.median(getattr(r, attribute) for r in results[(link, engine, page)]))
            line = f"  {engine}: "
            if "bare Pyodide" in pages:
                line += (f"app / bare Pyodide: first visit {median('app', 'first_ms') / median('bare Pyodide', 'first_ms'):.2f}x,"
                         f" bytes {median('app', 'bytes_ready') / median('bare Pyodide', 'bytes_ready'):.2f}x,"
                         f" later visit {median('app', 'later_ms') / median('bare Pyodide', 'later_ms'):.2f}x")
                if results[(link, engine, "app")][0].board_ms is not None:
                    line += f", board / bare page ready {median('app', 'board_ms') / median('bare Pyodide', 'first_ms'):.2f}x"
                line += "; "
            line += f"app's later / first visit {median('app', 'later_ms') / median('app', 'first_ms'):.2f}x"
            if engine != "chromium" and "chromium" in engines:
                line += f"; app's later visit / Chromium's {median('app', 'later_ms') / median('app', 'later_ms', 'chromium'):.2f}x"
            print(line)
            if "app before" in pages:
                pairs = list(zip(results[(link, engine, "app")], results[(link, engine, "app before")]))
                first = statistics.median(a.first_ms - b.first_ms for a, b in pairs)
                later = statistics.median(a.later_ms - b.later_ms for a, b in pairs)
                print(f"  {engine}: app before: first visit {median('app before', 'first_ms'):.0f} ms, "
                      f"{median('app before', 'bytes_ready'):,.0f} B, later {median('app before', 'later_ms'):.0f} ms; "
                      f"round by round, app - app before: first visit {first:+.0f} ms, later visit {later:+.0f} ms")
    for link in links:
        for engine in engines:
            files = results[(link, engine, "app")][0].files
            listed = ", ".join(f"{path} {sent:,}" for path, sent in sorted(files.items(), key=lambda item: -item[1]))
            print(f"app's first visit until ready, round 1, {link}, {engine} ({len(files)} files): {listed}")


if __name__ == "__main__":
    main()
