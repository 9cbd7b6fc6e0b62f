"""Strong playouts per second: how fast the strong level plays positions out (CPython).

Run from the repository root:

    python bench/playouts.py [--games 2] [--decisions 150] [--playouts 64] [--repeat 3] [--baseline DIR]

It plays seeded 4-player games of a strong player (seat 0) against three standard ones;
the strong player gets a fixed number of playouts per decision and a budget it never
reaches, so every tree of the code that plays the same games does the same playouts. It
counts the playouts of the first ``--decisions`` strong decisions of each game and times
them with the process's CPU clock, and prints two figures:

* **playouts/s**: playouts per second spent inside :meth:`StrongBot.playout
  <catan_core.bots.strong.StrongBot.playout>` (copy of the guess, the move, the rest of
  the round played by the policies, the valuation);
* **per s thinking**: playouts per second of the strong player's whole decision time
  (also the guesses of hidden cards, the candidate moves and the comparison): what
  bounds its play within a budget.

Each measurement runs in a fresh ``python3`` process, ``--repeat`` times; the medians are
printed. ``--baseline DIR`` runs the same measurement, alternating, on the code tree in
``DIR`` (a checkout of an earlier version) and prints both with the ratio. Pin it to one
core on a shared machine (``taskset -c 1``). :data:`MEASURE` runs unchanged in Pyodide
(``bench/bots_pyodide.py`` reports the same figures there).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Runs unchanged in CPython and in Pyodide; PLAYOUT_GAMES, DECISIONS, PLAYOUTS and CLOCK are set before it.
MEASURE = r"""
import json, time
from catan_core.bots import make_bot
from catan_core.bots.strong import StrongBot
from catan_core.game import Game, Options


def strong_playouts(games, decisions, playouts, clock):
    totals = {"playouts": 0, "in_playouts": 0.0, "thinking": 0.0, "decisions": 0}
    original = StrongBot.playout

    def timed(self, *args):
        start = clock()
        score = original(self, *args)
        totals["in_playouts"] += clock() - start
        totals["playouts"] += 1
        return score

    StrongBot.playout = timed
    try:
        for g in range(games):
            game = Game(Options(players=4), seed=300 + g)
            bots = [make_bot("strong", seed=10 * g, budget=1000.0, playouts=playouts)]
            bots += [make_bot("standard", seed=10 * g + p) for p in range(1, 4)]
            made = 0
            while game.winner < 0 and made < decisions:
                p = game.to_act
                view = game.view(p)
                start = clock()
                action = bots[p].decide(view)
                if p == 0:
                    totals["thinking"] += clock() - start
                    made += 1
                game.apply(action)
            totals["decisions"] += made
    finally:
        StrongBot.playout = original
    return totals


PLAYOUTS_RESULT = json.dumps(strong_playouts(PLAYOUT_GAMES, DECISIONS, PLAYOUTS, CLOCK))
"""


def measure(tree: str, games: int, decisions: int, playouts: int) -> dict[str, float]:
    """One measurement in a fresh CPython process with ``tree`` first on ``sys.path``."""
    prelude = (
        f"import sys, time\nsys.path.insert(0, {tree!r})\n"
        f"PLAYOUT_GAMES, DECISIONS, PLAYOUTS, CLOCK = {games}, {decisions}, {playouts}, time.process_time\n"
    )
    code = prelude + MEASURE + "\nprint(PLAYOUTS_RESULT)\n"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=tree)
    return json.loads(out.stdout.splitlines()[-1])


def rates(totals: dict[str, float]) -> tuple[float, float]:
    """Playouts per second inside playouts and per second of thinking."""
    return totals["playouts"] / totals["in_playouts"], totals["playouts"] / totals["thinking"]


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
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(args.repeat):
        for name, tree in trees.items():
            runs[name].append(measure(tree, args.games, args.decisions, args.playouts))
    print(f"{'code':<11}{'playouts':>9}{'playouts/s':>12}{'per s thinking':>16}   (medians of {args.repeat}, CPU time)")
    medians = {}
    for name, totals in runs.items():
        inside = statistics.median(rates(t)[0] for t in totals)
        thinking = statistics.median(rates(t)[1] for t in totals)
        medians[name] = (inside, thinking)
        print(f"{name:<11}{int(totals[0]['playouts']):>9}{inside:>12.0f}{thinking:>16.0f}")
    if args.baseline:
        if runs["this tree"][0]["playouts"] != runs["baseline"][0]["playouts"]:
            print("note: the trees did not play the same games (different playout counts)")
        (a, b), (c, d) = medians["this tree"], medians["baseline"]
        print(f"{'ratio':<11}{'':>9}{a / c:>11.2f}x{b / d:>15.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
