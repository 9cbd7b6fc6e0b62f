"""Computer players' decision times inside Pyodide (headless Chromium) and in CPython, one run.

Run from the repository root:

    python bench/bots_pyodide.py [--games 2] [--strong-decisions 20] [--levels strong,strong-classic]

It builds the site into a temporary directory, adds a bench page that boots the self-hosted
Pyodide, imports from ``catan.zip`` as the pages do and plays seeded 4-player games between computer players,
timing every ``decide()`` call with ``time.perf_counter``. The same Python code then runs in
this CPython. It prints, per level and interpreter, the number of decisions and the median,
95th percentile and maximum decision time, and the Pyodide/CPython ratio. Beginner, Standard
(the learned player) and ``standard-classic`` (the one-ply player it replaced) are timed on
every decision of ``--games`` games; the Strong level on its first decisions only (it
spends up to its budget on each).

The strong levels of ``--levels`` (default: ``strong``, the level offered to people, and
``strong-classic``, the same search on the hand-tuned value, the strong level before it) are measured at their default budget of 1 s. It
also prints their work per second from ``bench/playouts.py`` (its
:data:`~playouts.MEASURE`, timed with ``time.perf_counter`` in both interpreters) for
``--playout-decisions`` decisions of one game: playouts per second of a searching level and
evaluations of the learned model per second; ``--baseline DIR`` measures the classic
search's playouts too with the ``catan_core`` of the code tree ``DIR`` (an earlier version),
in the same Pyodide and the same CPython. No timing is asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402
import playouts  # noqa: E402

WHOLE_GAMES = ("beginner", "standard", "standard-classic")
"""Levels timed on every decision of ``--games`` games: the standard level (the learned player)
beside the one-ply player it replaced (``standard-classic``; an earlier tree has only ``standard``)."""

# Runs unchanged in Pyodide and in CPython; GAMES, STRONG_DECISIONS, WHOLE_GAMES and WORK_LEVELS are set before it.
MEASURE = r"""
import json, time
from catan_core.bots import BOTS, make_bot
from catan_core.game import Game, Options


def decision_times(level, games, limit):
    times = []
    for g in range(games):
        game = Game(Options(players=4), seed=100 + g)
        bots = [make_bot(level, seed=10 * g + p) for p in range(4)]
        while game.winner < 0 and game.turn <= 400 and len(times) < limit:
            p = game.to_act
            view = game.view(p)
            start = time.perf_counter()
            action = bots[p].decide(view)
            times.append(time.perf_counter() - start)
            game.apply(action)
    return times


RESULT = {
    **{level: decision_times(level, GAMES, 10**9) for level in WHOLE_GAMES if level in BOTS},
    **{level: decision_times(level, 1, STRONG_DECISIONS) for level in WORK_LEVELS},
}
"""

# Appended to MEASURE: the strong levels' work per second (bench/playouts.py), with this tree's code
# and, when BASELINE names a folder or zip holding another catan_core, its classic search's, imported afresh.
PLAYOUTS = playouts.MEASURE + r"""
import sys
RESULT["work"] = json.loads(WORK_RESULT)
if BASELINE:
    for name in [m for m in sys.modules if m == "catan_core" or m.startswith("catan_core.")]:
        del sys.modules[name]
    sys.path.insert(0, BASELINE)
    WORK_LEVELS = ["classic"]
    exec(compile(PLAYOUTS_CODE, "playouts", "exec"))
    RESULT["baseline work"] = json.loads(WORK_RESULT)
RESULT = json.dumps(RESULT)
"""

PAGE = """<!doctype html>
<meta charset="utf-8"><title>bot decision times</title>
<pre id="out">running...</pre>
<script type="module">
  import { loadPyodide } from "./pyodide/pyodide.mjs";
  const pyodide = await loadPyodide();
  // The code zips go on sys.path as they are, as in the pages (see web/main.py).
  for (const name of ["catan.zip", "_baseline.zip"]) {
    const response = await fetch("./" + name);
    if (response.ok) pyodide.FS.writeFile(name, new Uint8Array(await response.arrayBuffer()));
  }
  pyodide.runPython('import sys; sys.path.insert(0, "catan.zip")');
  const code = await (await fetch("./_bench_bots.py")).text();
  pyodide.runPython(code);
  document.getElementById("out").textContent = pyodide.globals.get("RESULT");
  document.documentElement.setAttribute("data-ready", "1");
</script>
"""


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def code(prelude: str, baseline: str) -> str:
    """The whole measurement: decision times, then playouts (also with ``baseline``'s code)."""
    return f"{prelude}BASELINE = {baseline!r}\nPLAYOUTS_CODE = {playouts.MEASURE!r}\n{MEASURE}{PLAYOUTS}"


def run_in_cpython(prelude: str, baseline: Path | None) -> dict:
    """The measurement in this interpreter."""
    scope: dict[str, object] = {}
    exec(code(prelude, str(baseline) if baseline else ""), scope)
    return json.loads(str(scope["RESULT"]))


def run_in_pyodide(prelude: str, baseline: Path | None) -> dict:
    """The measurement in Pyodide in headless Chromium."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        dist = build.build(Path(tmp) / "dist")
        (dist / "_bench_bots.html").write_text(PAGE, encoding="utf-8")
        measure = code(prelude, "_baseline.zip" if baseline else "")
        (dist / "_bench_bots.py").write_text(measure, encoding="utf-8")
        if baseline:
            build.zip_python((baseline / "catan_core",), {}, dist / "_baseline.zip")
        server, base = build.start_server(dist)
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(base + "_bench_bots.html")
        page.wait_for_selector("html[data-ready]", timeout=1_200_000)
        result = json.loads(page.inner_text("#out"))
        browser.close()
        server.shutdown()
        server.server_close()
    return result


def main() -> None:
    """Command-line entry point: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per level for beginner, standard and standard-classic")
    parser.add_argument("--strong-decisions", type=int, default=20, help="decisions timed for the strong level")
    parser.add_argument("--playout-decisions", type=int, default=60, help="strong decisions whose playouts are counted")
    parser.add_argument("--baseline", type=Path, help="another code tree whose classic playouts/s are measured too")
    parser.add_argument("--levels", default="strong,strong-classic", help="strong levels measured, comma-separated")
    args = parser.parse_args()
    levels = [level for level in args.levels.split(",") if level]
    prelude = (
        f"import time\nGAMES = {args.games}\nSTRONG_DECISIONS = {args.strong_decisions}\n"
        f"PLAYOUT_GAMES, DECISIONS, PLAYOUTS, CLOCK = 1, {args.playout_decisions}, 64, time.perf_counter\n"
        f"WORK_LEVELS = {levels!r}\nWHOLE_GAMES = {WHOLE_GAMES!r}\n"
    )
    baseline = args.baseline.resolve() if args.baseline else None
    results = {"Pyodide": run_in_pyodide(prelude, baseline), "CPython": run_in_cpython(prelude, baseline)}
    print(f"{'level':<18}{'interpreter':<12}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}")
    for level in (*[level for level in WHOLE_GAMES if level in results["CPython"]], *levels):
        p95 = {}
        for interpreter, data in results.items():
            times = data[level]
            p95[interpreter] = percentile(times, 0.95)
            print(f"{level:<18}{interpreter:<12}{len(times):>10}{1000 * percentile(times, 0.5):>11.1f}"
                  f"{1000 * p95[interpreter]:>9.1f}{1000 * max(times):>9.1f}")
        print(f"{'':<18}Pyodide/CPython at p95: {p95['Pyodide'] / p95['CPython']:.2f}x")
    print(f"\nThe strong levels' work per second ({args.playout_decisions} decisions, 64 playouts each when they "
          f"search; wall clock)")
    print(f"{'code':<11}{'level':<16}{'interpreter':<12}{'work':>12}{'count':>8}{'per s inside':>14}"
          f"{'per s thinking':>16}")
    for key in ("work", "baseline work"):
        for level in results["CPython"].get(key, {}):
            for work in ("playouts", "evaluations"):
                for interpreter, data in results.items():
                    totals = data[key][level]
                    if totals[work]:
                        inside, thinking = playouts.rates(totals, work)
                        name = "baseline" if key.startswith("baseline") else "this tree"
                        print(f"{name:<11}{level:<16}{interpreter:<12}{work:>12}{totals[work]:>8}{inside:>14.0f}"
                              f"{thinking:>16.0f}")


if __name__ == "__main__":
    main()
