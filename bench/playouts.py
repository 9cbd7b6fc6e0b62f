"""Strong's thinking speed: model evaluations and playouts per second (CPython).

Run from the repository root:

    python bench/playouts.py [--games 2] [--decisions 150] [--playouts 64] [--repeat 3] [--baseline DIR]

It plays seeded 4-player games of a strong player (seat 0) against three standard ones,
once with the strong level (the learned evaluation, :mod:`catan_core.bots.strong`) and once
with the classic strong level (``strong-classic``, the strong level before it), and times
the first ``--decisions`` decisions of seat 0 with the process's CPU clock:

* **evaluations/s** (strong): evaluations of the learned model per second spent inside them
  (every seat's features of a position and the chances:
  :meth:`Model.position_chances <catan_core.bots.model.Model.position_chances>` and the
  features behind every comparison), and per second of the strong player's thinking;
* **playouts/s** (classic): playouts per second spent inside :meth:`ClassicStrongBot.playout
  <catan_core.bots.classic.ClassicStrongBot.playout>` (copy of the guess, the move, the rest
  of the round played by the policies, the valuation), and per second of thinking; the
  classic player gets a fixed number of playouts per decision (``--playouts``) and a budget
  it never reaches, so every tree of the code that plays the same games does the same work;
* the decision time (mean, 95th percentile) of both.

Each measurement runs in a fresh ``python3`` process, ``--repeat`` times; the medians are
printed. ``--baseline DIR`` runs the classic measurement, alternating, on the code tree in
``DIR`` (a checkout of an earlier version, whose level ``strong`` is measured) and prints
both with the ratio. Pin it to one core on a shared machine (``taskset -c 1``).
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

# Runs unchanged in CPython and in Pyodide; PLAYOUT_GAMES, DECISIONS, PLAYOUTS and CLOCK are set before it.
MEASURE = r"""
import json, time
from catan_core.bots import BOTS, make_bot
from catan_core.game import Game, Options

CLASSIC = "strong-classic" if "strong-classic" in BOTS else "strong"  # an earlier tree has only "strong"


def play_seat0(level, games, decisions, settings, clock, totals):
    # seat 0 of ``level`` against three standard players; its decisions timed
    times = []
    for g in range(games):
        game = Game(Options(players=4), seed=300 + g)
        bots = [make_bot(level, seed=10 * g, **settings)] + [make_bot("standard", seed=10 * g + p) for p in range(1, 4)]
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
    # wraps ``owner.name`` to count its calls and the time spent inside (not nested)
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
    return original


def strong_playouts(games, decisions, playouts, clock):
    cls = BOTS[CLASSIC]
    totals = {"playouts": 0, "in_playouts": 0.0}
    original = timed_calls(cls, "playout", totals, "playouts", "in_playouts", clock)
    try:
        return play_seat0(CLASSIC, games, decisions, {"budget": 1000.0, "playouts": playouts}, clock, totals)
    finally:
        setattr(cls, "playout", original)


def model_evaluations(games, decisions, clock):
    from catan_core.bots.model import Model
    totals = {"evaluations": 0, "in_evaluations": 0.0}
    original = timed_calls(Model, "position_chances", totals, "evaluations", "in_evaluations", clock)
    try:
        return play_seat0("strong", games, decisions, {"budget": 1000.0}, clock, totals)
    finally:
        setattr(Model, "position_chances", original)


PLAYOUTS_RESULT = json.dumps(strong_playouts(PLAYOUT_GAMES, DECISIONS, PLAYOUTS, CLOCK))
EVALUATIONS_RESULT = json.dumps(model_evaluations(PLAYOUT_GAMES, DECISIONS, CLOCK) if "strong-classic" in BOTS else {})
"""


def measure(tree: str, games: int, decisions: int, playouts: int) -> list[dict[str, Any]]:
    """One measurement in a fresh CPython process with ``tree`` first on ``sys.path``."""
    prelude = (
        f"import sys, time\nsys.path.insert(0, {tree!r})\n"
        f"PLAYOUT_GAMES, DECISIONS, PLAYOUTS, CLOCK = {games}, {decisions}, {playouts}, time.process_time\n"
    )
    code = prelude + MEASURE + "\nprint(json.dumps([json.loads(PLAYOUTS_RESULT), json.loads(EVALUATIONS_RESULT)]))\n"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=tree)
    return json.loads(out.stdout.splitlines()[-1])


def rates(totals: dict[str, Any], work: str = "playouts") -> tuple[float, float]:
    """Work (``playouts`` or ``evaluations``) per second inside it and per second of thinking."""
    return totals[work] / max(1e-9, totals["in_" + work]), totals[work] / max(1e-9, totals["thinking"])


def decision_ms(totals: dict[str, Any]) -> tuple[float, float]:
    """Mean and 95th-percentile decision time in milliseconds."""
    times = sorted(totals["times"])
    return 1000 * sum(times) / len(times), 1000 * times[min(len(times) - 1, int(0.95 * len(times)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=150, help="strong decisions timed per game")
    parser.add_argument("--playouts", type=int, default=64, help="playouts per strong decision")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", help="another code tree to measure the same way, for comparison")
    args = parser.parse_args(argv)
    trees = {"this tree": ROOT}
    if args.baseline:
        trees["baseline"] = os.path.abspath(args.baseline)
    runs: dict[str, list[list[dict[str, Any]]]] = {name: [] for name in trees}
    for _ in range(args.repeat):
        for name, tree in trees.items():
            runs[name].append(measure(tree, args.games, args.decisions, args.playouts))
    print(f"medians of {args.repeat} runs, CPU time; seat 0 of 4, {args.games} game(s), {args.decisions} decisions each")
    print(f"{'code':<11}{'level':<16}{'work':>12}{'count':>8}{'per s inside':>14}{'per s thinking':>16}"
          f"{'mean ms':>9}{'p95 ms':>8}")
    medians = {}
    for name, measured in runs.items():
        rows = [("strong-classic" if name == "this tree" else "strong", 0, "playouts")]
        if name == "this tree":
            rows.insert(0, ("strong", 1, "evaluations"))
        for level, index, work in rows:
            inside = statistics.median(rates(m[index], work)[0] for m in measured)
            thinking = statistics.median(rates(m[index], work)[1] for m in measured)
            mean = statistics.median(decision_ms(m[index])[0] for m in measured)
            p95 = statistics.median(decision_ms(m[index])[1] for m in measured)
            medians[name, work] = (inside, thinking)
            print(f"{name:<11}{level:<16}{work:>12}{int(measured[0][index][work]):>8}{inside:>14.0f}{thinking:>16.0f}"
                  f"{mean:>9.1f}{p95:>8.1f}")
    if args.baseline:
        (a, b), (c, d) = medians["this tree", "playouts"], medians["baseline", "playouts"]
        print(f"classic playouts, this tree / baseline: {a / c:.2f}x inside, {b / d:.2f}x per s thinking")
    return 0


if __name__ == "__main__":
    sys.exit(main())
