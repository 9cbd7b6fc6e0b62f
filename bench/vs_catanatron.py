"""Random-game throughput: catan_core vs Catanatron 3.2.1 and 3.3.0, in one run on one machine.

Run from the repository root:

    python bench/vs_catanatron.py --games 200 --seed 1 [--baseline OTHER_TREE]

On first use it creates two benchmark-only virtual environments (git-ignored; see
``bench/catanatron_venv.py``): ``bench/.venv-catanatron`` with ``catanatron==3.2.1`` from
the package index and ``bench/.venv-catanatron-3.3.0`` with the vendored Catanatron 3.3.0
source. Catanatron is imported only by subprocesses running those environments'
interpreters, never by ``catan_core`` or its tests.

The three engines play the same number of random 4-player games (the same seeds), split
into ``--rounds`` chunks: in each round every engine plays one chunk, in an order that
rotates from round to round, to even out machine noise; by default the process (and so
the subprocesses) is pinned to one core.

* Catanatron (both versions): ``Game([RandomPlayer(c) for c in 4 colours],
  seed=...).play()`` with default options (10 VP, discard limit 7, random base map: 3.2.1
  shuffles the number tokens, 3.3.0 lays them in the official spiral) and its own cap of
  1000 turns (``catanatron.game.TURNS_LIMIT``; a turn there is one player's turn,
  including the 6 turn advances of the setup snake).
* Ours: ``catan_core.simulate.simulate(games, seed, players=4, max_turns=1000)``
  (a turn is one player's regular turn; the setup rounds are not counted), in a
  subprocess like theirs; ``--baseline`` adds the engine of another checkout (an earlier
  commit, for before/after figures in one run).

Only game play is timed, in CPU seconds of the process that plays (interpreter start-up
and imports are not). It prints, for each engine, games, CPU seconds, games per
CPU-second, mean turns and mean actions per game (and how many games each engine's turn
cap stopped), then the ratios ours/3.2.1 and ours/3.3.0 of games per CPU-second.
Catanatron's games are seeded but still vary a little from run to run (some of its option
lists are sets of tuples holding None, whose hash is its address, which ASLR changes), so
its figures wobble a little between runs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from catanatron_venv import PYPI, ROOT, VENDORED, CatanatronVenv

# Run inside a Catanatron venv: argv = [games, first_seed]; prints one JSON line.
# (3.3.0 renamed State.actions to State.action_records.)
SNIPPET = """
import json, sys, time
from catanatron import Color, Game, RandomPlayer
from catanatron.game import TURNS_LIMIT
games, seed = int(sys.argv[1]), int(sys.argv[2])
colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
turns = actions = capped = 0
start = time.process_time()
for i in range(games):
    game = Game([RandomPlayer(c) for c in colors], seed=seed + i)
    if game.play() is None:
        capped += 1
    turns += game.state.num_turns
    state = game.state
    actions += len(state.action_records if hasattr(state, "action_records") else state.actions)
seconds = time.process_time() - start
print(json.dumps({"games": games, "seconds": seconds, "turns": turns,
                  "actions": actions, "capped": capped, "turns_limit": TURNS_LIMIT}))
"""
OUR_TURNS_LIMIT = 1000
"""Our engine's turn cap here (Catanatron's ``TURNS_LIMIT``)."""
BASELINE = "baseline"
"""The name ``--baseline``'s engine is printed under."""


def run_catanatron(venv: CatanatronVenv, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` random games in ``venv``'s Catanatron; its figures."""
    out = subprocess.run(
        [str(venv.python), "-c", SNIPPET, str(games), str(seed)],
        check=True, capture_output=True, text=True, cwd=venv.path,  # cwd: keep our repo off sys.path
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


OURS_SNIPPET = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from catan_core.simulate import simulate
games, seed, limit = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
start = time.process_time()
report = simulate(games, seed, players=4, max_turns=limit)
print(json.dumps({"games": report.games, "seconds": time.process_time() - start, "turns": report.turns,
                  "actions": report.actions, "capped": sum(w < 0 for w in report.winners), "turns_limit": limit}))
"""
"""Our random games in a fresh interpreter, from the code tree named first (this one, or
``--baseline``'s), timed like Catanatron's."""


def run_ours(tree: Path, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` random games in the catan_core of ``tree``; its figures."""
    out = subprocess.run(
        [sys.executable, "-c", OURS_SNIPPET, str(tree), str(games), str(seed), str(OUR_TURNS_LIMIT)],
        check=True, capture_output=True, text=True, cwd=tree,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def add(total: dict[str, Any], part: dict[str, Any]) -> None:
    for key, value in part.items():
        total[key] = value if key == "turns_limit" else total.get(key, 0) + value


def speed(r: dict[str, Any]) -> float:
    """Games per CPU-second."""
    return r["games"] / r["seconds"]


def line(name: str, r: dict[str, Any]) -> str:
    g = r["games"]
    return (f"{name:<16} {g} games in {r['seconds']:.2f} CPU-s = {speed(r):8.2f} games per CPU-second; "
            f"mean {r['turns'] / g:.1f} turns, {r['actions'] / g:.1f} actions per game; "
            f"{r['capped']} stopped at its {r['turns_limit']}-turn cap")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per engine")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=4, help="chunks per engine, interleaved")
    parser.add_argument("--cpu", type=int, default=0, help="core to pin to; -1 for no pinning")
    parser.add_argument("--only-catanatron", action="store_true", help="skip our engine")
    parser.add_argument("--baseline", type=Path, help="another code tree whose engine plays too (before/after)")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    if args.cpu >= 0 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})  # inherited by the Catanatron subprocesses
    venvs = (PYPI, VENDORED)
    for venv in venvs:
        venv.ensure()

    engines: list[tuple[str, Callable[[int, int], dict[str, Any]]]] = [
        (venv.label, partial(run_catanatron, venv)) for venv in venvs
    ]
    if not args.only_catanatron:
        engines.append(("catan_core", partial(run_ours, ROOT)))
        if args.baseline:
            engines.append((BASELINE, partial(run_ours, args.baseline.resolve())))
    totals: dict[str, dict[str, Any]] = {name: {} for name, _ in engines}
    rounds = max(1, min(args.rounds, args.games))
    chunks = [args.games // rounds + (i < args.games % rounds) for i in range(rounds)]
    first_seed = args.seed * 1_000_000 + 1  # Catanatron 3.2.1 treats seed 0 as "unseeded"
    for i, n in enumerate(chunks):
        chunk_seed = first_seed + sum(chunks[:i])
        shift = i % len(engines)
        for name, run in engines[shift:] + engines[:shift]:
            add(totals[name], run(n, chunk_seed))

    for name, _ in engines:
        print(line(name, totals[name]))
    if "catan_core" in totals:
        ours = speed(totals["catan_core"])
        for name in ("catan_core", BASELINE):
            if name in totals:
                print(f"ratios {name}/theirs, games per CPU-second: " + ", ".join(
                    f"{venv.version} {speed(totals[name]) / speed(totals[venv.label]):.2f}x" for venv in venvs))
        if BASELINE in totals:
            print(f"catan_core/{BASELINE}: {ours / speed(totals[BASELINE]):.2f}x")


if __name__ == "__main__":
    main()
