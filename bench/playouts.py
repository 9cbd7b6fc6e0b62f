"""Strong's thinking speed: playouts and model evaluations per second (CPython).

Run from the repository root:

    python bench/playouts.py [--levels strong,strong-classic] [--games 2] [--decisions 150] [--playouts 64]
                             [--repeat 3] [--baseline DIR]

For each level of ``--levels`` (default: ``strong``, the classic search valued by the learned
evaluation, ``strong-classic``, that search on the hand-tuned value, and ``standard``, the
learned player; a level may carry settings,
``level:key=value:...``, e.g. ``strong:candidates=8``) it plays seeded 4-player
games of that level (seat 0) against three classic standard players (``standard-classic``, or
``standard`` in an earlier tree: the same one-ply player) and times the first
``--decisions`` decisions of seat 0 with the process's CPU clock:

* **playouts/s**: playouts per second spent inside the level's ``playout`` (copy of the
  guess, the move, the rest of the round played by the policies, the valuation of the
  position reached), and per second of thinking; a searching level gets a fixed number of
  playouts per decision (``--playouts``) and a budget it never reaches, so every tree of the
  code that plays the same games does the same work;
* **evaluations/s**: evaluations of the learned model (every seat's features of a position
  and the chances: :meth:`Model.position_chances
  <catan_core.bots.model.Model.position_chances>`) per second spent inside them (those of
  a hybrid's playouts included);
* the decision time (mean, 95th percentile).

Each measurement runs in a fresh ``python3`` process, ``--repeat`` times; the medians are
printed. ``--baseline DIR`` runs the classic search's measurement, alternating, on the code
tree in ``DIR`` (a checkout of an earlier version: its ``strong-classic``, or ``strong`` when
it has none) and prints both with the ratio of the classic search's playouts per second
(this tree's ``strong-classic``). Pin it to one core on a shared machine (``taskset -c 1``).
:data:`MEASURE` runs unchanged in Pyodide (``bench/bots_pyodide.py`` reports the same
figures there).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Runs unchanged in CPython and in Pyodide; PLAYOUT_GAMES, DECISIONS, PLAYOUTS, CLOCK and WORK_LEVELS are set
# before it (a level missing from the tree measured is skipped).
MEASURE = r"""
import json, time
from catan_core.bots import BOTS, make_bot
from catan_core.game import Game, Options
try:
    from catan_core.bots import level_settings
except ImportError:  # an earlier tree: its levels without settings
    def level_settings(spec):
        return spec, {}

CLASSIC = "strong-classic" if "strong-classic" in BOTS else "strong"  # an earlier tree has only "strong"
OPPONENT = "standard-classic" if "standard-classic" in BOTS else "standard"  # the one-ply player in every tree


def play_seat0(level, games, decisions, settings, clock, totals):
    # seat 0 of ``level`` against three classic standard players; its decisions timed
    times = []
    for g in range(games):
        game = Game(Options(players=4), seed=300 + g)
        bots = [make_bot(level, seed=10 * g, **settings)] + [make_bot(OPPONENT, seed=10 * g + p) for p in range(1, 4)]
        made = 0
        while game.winner < 0 and made < decisions:
            p = game.to_act
            view = game.view(p)
            start = clock()
            action = bots[p].decide(view)
            if p == 0:
                times.append(clock() - start)
                made += 1
            game.apply(action)
    totals["thinking"] = sum(times)
    totals["decisions"] = len(times)
    totals["times"] = times
    return totals


def timed_calls(owner, name, totals, count_key, time_key, clock):
    # wraps ``owner.name`` to count its calls and the time spent inside (not nested); returns
    # the function that puts it back
    owned = name in vars(owner)
    original = getattr(owner, name)
    depth = [0]

    def timed(*args, **kwargs):
        depth[0] += 1
        start = clock()
        try:
            return original(*args, **kwargs)
        finally:
            depth[0] -= 1
            if not depth[0]:
                totals[time_key] += clock() - start
                totals[count_key] += 1

    setattr(owner, name, timed)
    return lambda: setattr(owner, name, original) if owned else delattr(owner, name)


def level_work(spec, games, decisions, playouts, clock):
    # playouts and model evaluations of the level ``spec`` names in seat 0, with its decision times
    level, settings = level_settings(spec)
    totals = {"playouts": 0, "in_playouts": 0.0, "evaluations": 0, "in_evaluations": 0.0}
    restore = []
    cls = BOTS[level]
    if hasattr(cls, "playout"):
        restore.append(timed_calls(cls, "playout", totals, "playouts", "in_playouts", clock))
    try:
        from catan_core.bots.model import Model
    except ImportError:  # an earlier tree has no learned evaluation
        pass
    else:
        restore.append(timed_calls(Model, "position_chances", totals, "evaluations", "in_evaluations", clock))
    try:
        return play_seat0(level, games, decisions, {"budget": 1000.0, "playouts": playouts, **settings}, clock, totals)
    finally:
        for put_back in restore:
            put_back()


WORK_RESULT = json.dumps({
    level: level_work(level, PLAYOUT_GAMES, DECISIONS, PLAYOUTS, CLOCK)
    for level in [CLASSIC if name == "classic" else name for name in WORK_LEVELS] if level_settings(level)[0] in BOTS
})
"""

DEFAULT_LEVELS = ("strong", "strong-classic", "standard")
"""The levels measured unless ``--levels`` says otherwise."""


def measure(tree: str, levels: list[str], games: int, decisions: int, playouts: int) -> dict[str, Any]:
    """One measurement in a fresh CPython process with ``tree`` first on ``sys.path``
    (``classic`` among ``levels``: the tree's classic search)."""
    prelude = (
        f"import sys, time\nsys.path.insert(0, {tree!r})\n"
        f"PLAYOUT_GAMES, DECISIONS, PLAYOUTS, CLOCK = {games}, {decisions}, {playouts}, time.process_time\n"
        f"WORK_LEVELS = {levels!r}\n"
    )
    code = prelude + MEASURE + "\nprint(WORK_RESULT)\n"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=tree)
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    return result


def rates(totals: dict[str, Any], work: str = "playouts") -> tuple[float, float]:
    """Work (``playouts`` or ``evaluations``) per second inside it and per second of thinking."""
    return totals[work] / max(1e-9, totals["in_" + work]), totals[work] / max(1e-9, totals["thinking"])


def decision_ms(totals: dict[str, Any]) -> tuple[float, float]:
    """Mean and 95th-percentile decision time in milliseconds."""
    times = sorted(totals["times"])
    return 1000 * sum(times) / len(times), 1000 * times[min(len(times) - 1, int(0.95 * len(times)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=",".join(DEFAULT_LEVELS), help="strong levels measured, comma-separated")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=150, help="strong decisions timed per game")
    parser.add_argument("--playouts", type=int, default=64, help="playouts per strong decision")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", help="another code tree to measure the same way, for comparison")
    args = parser.parse_args(argv)
    levels = [level for level in args.levels.split(",") if level]
    classic = ["strong-classic"] if args.baseline and "strong-classic" not in levels else []
    trees = {"this tree": (ROOT, levels + classic)}
    if args.baseline:
        trees["baseline"] = (os.path.abspath(args.baseline), ["classic"])
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(args.repeat):
        for name, (tree, measured_levels) in trees.items():
            runs[name].append(measure(tree, measured_levels, args.games, args.decisions, args.playouts))
    print(f"medians of {args.repeat} runs, CPU time; seat 0 of 4, {args.games} game(s), {args.decisions} decisions "
          f"each, {args.playouts} playouts per searched decision")
    width = max(16, *(len(level) + 2 for level in levels))
    print(f"{'code':<11}{'level':<{width}}{'playouts':>9}{'per s':>7}{'evaluations':>12}{'per s':>8}"
          f"{'thinking s':>11}{'mean ms':>9}{'p95 ms':>8}")
    playout_rates = {}
    for name, measured in runs.items():
        for level in measured[0]:
            rows = [m[level] for m in measured]
            playouts_inside = statistics.median(rates(t, "playouts")[0] for t in rows)
            evaluations_inside = statistics.median(rates(t, "evaluations")[0] for t in rows)
            playout_rates[name, level] = playouts_inside
            print(f"{name:<11}{level:<{width}}{rows[0]['playouts']:>9}{playouts_inside:>7.0f}"
                  f"{rows[0]['evaluations']:>12}{evaluations_inside:>8.0f}"
                  f"{statistics.median(t['thinking'] for t in rows):>11.2f}"
                  f"{statistics.median(decision_ms(t)[0] for t in rows):>9.1f}"
                  f"{statistics.median(decision_ms(t)[1] for t in rows):>8.1f}")
    if args.baseline:
        ours = playout_rates["this tree", "strong-classic"]
        theirs = next(v for k, v in playout_rates.items() if k[0] == "baseline")
        print(f"classic playouts per second inside, this tree / baseline: {ours / max(1e-9, theirs):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
